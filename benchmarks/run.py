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
every variant the CPU supports can be taken on one machine.

With ``--isa`` the peers are restricted to the same instruction set (``--peer-isa same``, the
default), as they would be on a CPU that has only that ISA: the run continues in a child
process whose environment sets NumPy's documented runtime switch ``NPY_DISABLE_CPU_FEATURES``
(its dispatch targets above the ISA, e.g. X86_V3/X86_V4/AVX512_* for baseline) and PyTorch's
``ATEN_CPU_CAPABILITY`` (``default`` / ``avx2``); the child prints the features NumPy and
PyTorch then use, and stops if a switch did not take effect. ``--peer-isa best`` leaves the
peers on their best loops (the comparison a user of this CPU sees). Timings are reported,
never asserted.
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

# NumPy dispatch targets that a CPU of the given ISA lacks (names of NumPy 2.4's groups and of
# the older per-feature targets); a target not compiled into this NumPy is left out of the list.
_NUMPY_ABOVE = {
    "baseline": ("AVX", "F16C", "FMA", "X86_V3", "X86_V4"),  # prefixes: AVX*, FMA3, ...
    "avx2": ("AVX512", "X86_V4"),
}
_TORCH_CAPABILITY = {"baseline": "default", "avx2": "avx2"}
_CHILD_FLAG = "PADDLE_C_BENCH_PEER_ISA"


def _restrict_peers(isa: str, peers: bool, argv: list[str]) -> int:
    """Run this script again in a child whose NumPy (and PyTorch) use only `isa`; its status."""
    import subprocess

    from numpy._core import _multiarray_umath as mu

    env = dict(os.environ)
    if isa in _NUMPY_ABOVE:
        off = [t for t in mu.__cpu_dispatch__ if t.startswith(_NUMPY_ABOVE[isa])]
        env["NPY_DISABLE_CPU_FEATURES"] = " ".join(off)
        if peers:
            env["ATEN_CPU_CAPABILITY"] = _TORCH_CAPABILITY[isa]
    env[_CHILD_FLAG] = isa
    return subprocess.call([sys.executable, __file__, *argv], env=env)


def _report_peer_isa(isa: str, peers: bool) -> None:
    """Print the dispatch targets NumPy (and PyTorch's capability) use; stop if one is above `isa`."""
    from numpy._core import _multiarray_umath as mu

    on = [t for t in mu.__cpu_dispatch__ if mu.__cpu_features__.get(t)]
    print(f"NumPy: baseline {' '.join(mu.__cpu_baseline__)}; dispatch targets enabled: "
          f"{' '.join(on) or 'none'}", file=sys.stderr)
    leaked = [t for t in on if isa in _NUMPY_ABOVE and t.startswith(_NUMPY_ABOVE[isa])]
    if leaked:
        sys.exit(f"NPY_DISABLE_CPU_FEATURES did not disable {leaked}")
    if peers:
        cap = peer().backends.cpu.get_cpu_capability()
        print(f"PyTorch CPU capability: {cap}", file=sys.stderr)
        want = _TORCH_CAPABILITY.get(isa)
        if want is not None and cap.lower() != want:
            sys.exit(f"ATEN_CPU_CAPABILITY={want} did not take effect (PyTorch uses {cap})")


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
    ap.add_argument("--peer-isa", choices=("same", "best"), default="same",
                    help="with --isa: restrict NumPy/PyTorch to that ISA too (same, the default) "
                         "or let them use their best loops (best)")
    args = ap.parse_args(argv)
    if args.isa and args.peer_isa == "same" and os.environ.get(_CHILD_FLAG) != args.isa:
        return _restrict_peers(args.isa, args.peers, sys.argv[1:] if argv is None else argv)
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
    if args.isa and args.peer_isa == "same":
        _report_peer_isa(args.isa, args.peers)
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
        peers_isa = f"same ISA ({args.isa})" if args.isa and args.peer_isa == "same" else "best"
        print(f"ISA variant: {isa}; NumPy/PyTorch loops: {peers_isa}\n")
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
