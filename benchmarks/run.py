"""Time paddle_c against NumPy in one process and print one row per case.

    python benchmarks/run.py [--filter SUBSTRING] [--repeat N] [--markdown]

Each ``benchmarks/bench_*.py`` module defines ``CASES``: a list of ``Case`` objects, each with a
name and a ``setup()`` that returns two zero-argument callables (paddle_c, NumPy) computing the
same result. A row shows both best-of-N times and the ratio paddle_c / NumPy (below 1 means
paddle_c is faster). Timings are reported, never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import sys
import timeit
from dataclasses import dataclass
from typing import Callable, Tuple

HERE = pathlib.Path(__file__).resolve().parent


@dataclass
class Case:
    name: str
    setup: Callable[[], Tuple[Callable[[], object], Callable[[], object]]]
    group: str = ""


def _best_time(fn: Callable[[], object], repeat: int, budget: float = 0.2) -> float:
    """Best time per call over `repeat` rounds, each round long enough to be measurable."""
    fn()  # warm up (and allocate caches)
    number = 1
    while True:
        t = timeit.timeit(fn, number=number)
        if t >= budget / 10 or number >= 1 << 20:
            break
        number *= 4
    times = [timeit.timeit(fn, number=number) / number for _ in range(repeat)]
    return min(times)


def _fmt(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale:
            return f"{seconds / scale:8.2f} {unit}"
    return f"{seconds / 1e-9:8.2f} ns"


def load_cases() -> list[Case]:
    cases: list[Case] = []
    for path in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for c in mod.CASES:
            c.group = c.group or path.stem[len("bench_"):]
            cases.append(c)
    return cases


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--filter", default="", help="run cases whose name contains this")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args(argv)
    rows = []
    for case in load_cases():
        if args.filter not in f"{case.group}/{case.name}":
            continue
        ours, theirs = case.setup()
        t_pc = _best_time(ours, args.repeat)
        t_np = _best_time(theirs, args.repeat)
        rows.append((case.group, case.name, t_pc, t_np, t_pc / t_np))
        if not args.markdown:
            print(f"{case.group:14s} {case.name:48s} paddle_c {_fmt(t_pc)}  numpy {_fmt(t_np)}"
                  f"  ratio {t_pc / t_np:6.2f}", flush=True)
    if args.markdown:
        print("| group | case | paddle_c | NumPy | ratio |")
        print("|---|---|---|---|---|")
        for g, n, a, b, r in rows:
            print(f"| {g} | {n} | {_fmt(a).strip()} | {_fmt(b).strip()} | {r:.2f} |")
    if rows:
        worse = [r for r in rows if r[4] > 1.0]
        print(f"\n{len(rows)} cases; paddle_c at least as fast as NumPy in {len(rows) - len(worse)}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
