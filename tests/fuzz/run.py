"""Run the fuzzing targets (fuzz_targets.py) for a time budget: `make fuzz`.

    python tests/fuzz/run.py [--seconds N] [--targets asarray,keys,...]

The budget is split evenly between the targets. Each target runs in its own child process
(with the environment fuzz_targets.TARGET_ENV gives it: hostdev for the device targets),
batch after batch of Hypothesis examples with fresh random seeds, until its share of the time
is spent; before each input it writes the input's recipe to a file, so that when the child
dies (a segfault, a sanitizer abort) the input that killed it is reported. A check that fails
is shrunk by Hypothesis and reported with its minimal example. One line per target: the inputs
tried and the outcome. The exit status is non-zero when any target failed or crashed.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

BATCH = 100  # examples per Hypothesis run; each run draws from a fresh seed


def child(name: str, seconds: float, last_path: str, batch_size: int = BATCH) -> int:
    from hypothesis import HealthCheck, Phase, given, settings

    from fuzz_targets import TARGETS

    strategy, check = TARGETS[name]
    tried = [0]
    last = open(last_path, "w")

    def record_and_check(case):
        last.seek(0)
        last.write(repr(case))
        last.truncate()
        last.flush()
        tried[0] += 1
        check(case)

    @settings(max_examples=batch_size, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck),
              phases=[Phase.generate, Phase.target, Phase.shrink])
    @given(strategy)
    def batch(case):
        record_and_check(case)

    deadline = time.monotonic() + seconds
    batches = 0
    while batches == 0 or time.monotonic() < deadline:   # at least one batch
        batch()
        batches += 1
    print(json.dumps({"target": name, "inputs": tried[0], "batches": batches}))
    return 0


def main(argv=None) -> int:
    from fuzz_targets import TARGET_ENV, TARGETS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--last", help=argparse.SUPPRESS)
    ap.add_argument("--batch", type=int, default=BATCH, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args.child, args.seconds, args.last, args.batch)

    names = [n for n in args.targets.split(",") if n]
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        ap.error(f"unknown targets {unknown}; there are {sorted(TARGETS)}")
    share = args.seconds / len(names)
    failed = 0
    print(f"fuzzing {len(names)} targets for {args.seconds:.0f} s ({share:.0f} s each)",
          flush=True)
    for name in names:
        with tempfile.NamedTemporaryFile("r", suffix=".last", delete=False) as f:
            last_path = f.name
        t0 = time.monotonic()
        proc = subprocess.run(
            [sys.executable, __file__, "--child", name, "--seconds", str(share),
             "--last", last_path],
            capture_output=True, text=True, timeout=share + 600,
            env=dict(os.environ, **TARGET_ENV.get(name, {})))
        elapsed = time.monotonic() - t0
        lines = proc.stdout.strip().splitlines()
        if proc.returncode == 0 and lines:
            report = json.loads(lines[-1])
            print(f"{name:10s} {report['inputs']:9d} inputs in {elapsed:6.0f} s: no crash, "
                  f"no failed check", flush=True)
        else:
            failed += 1
            last = pathlib.Path(last_path).read_text()
            how = (f"crashed (signal {-proc.returncode})" if proc.returncode < 0
                   else f"failed (exit status {proc.returncode})")
            print(f"{name:10s} {how} after {elapsed:.0f} s; last input:\n  {last}\n"
                  f"{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}", flush=True)
        os.unlink(last_path)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
