"""Time paddle_c against NumPy in one process and print one row per case.

    python benchmarks/run.py [--filter SUBSTRING] [--repeat N] [--markdown]
                             [--isa baseline|avx2|avx512] [--peers]

Each ``benchmarks/bench_*.py`` module defines ``CASES``: a list of ``Case`` objects, each with a
name and a ``setup()`` that returns two zero-argument callables (paddle_c, NumPy) computing the
same result, or three where PyTorch has the operation (the third calls PyTorch CPU; ``peer()``
gives the torch module under ``--peers`` and None otherwise). A row shows the best-of-N times
and the ratio paddle_c / NumPy (below 1 means paddle_c is faster), and with ``--peers`` the
PyTorch time and the ratio paddle_c / PyTorch. ``--isa`` forces the variant of paddle_c's
dispatched CPU kernels (it sets PADDLE_C_ISA before paddle_c is imported), so the figures of
every variant the CPU supports can be taken on one machine. Timings are reported, never
asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
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


_PEERS = {"on": False, "torch": None}


def peer():
    """The torch module when the run compares with PyTorch (--peers), else None."""
    if not _PEERS["on"]:
        return None
    if _PEERS["torch"] is None:
        import torch

        _PEERS["torch"] = torch
    return _PEERS["torch"]


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
    ap.add_argument("--isa", choices=("baseline", "avx2", "avx512"),
                    help="force this variant of paddle_c's CPU kernels (PADDLE_C_ISA)")
    ap.add_argument("--peers", action="store_true",
                    help="time PyTorch CPU too, for the cases it supports")
    args = ap.parse_args(argv)
    if args.isa:
        if "paddle_c" in sys.modules:
            ap.error("--isa must be given before paddle_c is imported")
        os.environ["PADDLE_C_ISA"] = args.isa
    # the bench modules import this file as `run`: one module object, one peer() state
    sys.modules.setdefault("run", sys.modules[__name__])
    _PEERS["on"] = args.peers
    if args.peers:
        torch = peer()
        import paddle_c

        # the same thread count for both (PyTorch defaults to the physical cores)
        torch.set_num_threads(paddle_c.show_config(mode="dicts")["cpu"]["num_threads"])
    rows = []
    for case in load_cases():
        if args.filter not in f"{case.group}/{case.name}":
            continue
        fns = case.setup()
        t_pc = _best_time(fns[0], args.repeat)
        t_np = _best_time(fns[1], args.repeat)
        t_pt = _best_time(fns[2], args.repeat) if len(fns) > 2 and fns[2] is not None else None
        rows.append((case.group, case.name, t_pc, t_np, t_pc / t_np, t_pt))
        if not args.markdown:
            line = (f"{case.group:14s} {case.name:48s} paddle_c {_fmt(t_pc)}  numpy {_fmt(t_np)}"
                    f"  ratio {t_pc / t_np:6.2f}")
            if t_pt is not None:
                line += f"  torch {_fmt(t_pt)}  ratio {t_pc / t_pt:6.2f}"
            print(line, flush=True)
    if args.markdown:
        import paddle_c

        isa = paddle_c.show_config(mode="dicts")["cpu"]["isa"]
        torch_cols = " PyTorch | ratio (PyTorch) |" if args.peers else ""
        print(f"ISA variant: {isa}\n")
        print(f"| group | case | paddle_c | NumPy | ratio |{torch_cols}")
        print("|---|---|---|---|---|" + ("---|---|" if args.peers else ""))
        for g, n, a, b, r, t in rows:
            extra = ""
            if args.peers:
                extra = (f" {_fmt(t).strip()} | {a / t:.2f} |" if t is not None else " | |")
            print(f"| {g} | {n} | {_fmt(a).strip()} | {_fmt(b).strip()} | {r:.2f} |{extra}")
    if rows:
        worse = [r for r in rows if r[4] > 1.0]
        print(f"\n{len(rows)} cases; paddle_c at least as fast as NumPy in {len(rows) - len(worse)}",
              file=sys.stderr)
        if args.peers:
            both = [r for r in rows if r[5] is not None]
            ahead = [r for r in both if r[2] <= r[5]]
            print(f"{len(both)} cases with PyTorch; paddle_c at least as fast in {len(ahead)}",
                  file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
