"""The GPU column of the kernel table against the CPU column: slots filled / CPU slots (the
coverage figure of docs/devices.md), for the build on PYTHONPATH.

    python tools/gpu_column.py [--save FILE] [--compare FILE]

Prints, for the GPU backend this build has (cuda or rocm), the CPU slots of the families
(ops) the GPU column fills and how many of them it fills, then the same over every op, and
the ops it has no kernel for. --save writes the column as JSON ({op: [dtypes]}); --compare
reads such a file (another build's column, e.g. cuda-check's) and prints the (op, dtype) slots
one column has and the other lacks. The exit status is 0 unless --compare finds a difference.
"""

import argparse
import collections
import json
import sys

import paddle_c as pc


def columns():
    table = collections.defaultdict(lambda: collections.defaultdict(set))
    for op, backend, dtype in pc._C._kernels():
        table[backend][op].add(dtype)
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--save")
    ap.add_argument("--compare")
    args = ap.parse_args()
    table = columns()
    gpus = [b for b in ("cuda", "rocm") if b in table]
    if not gpus:
        print("gpu column: this build has no GPU backend")
        return 0
    gpu = gpus[0]
    cpu, col = table["cpu"], table[gpu]
    families = [op for op in cpu if col[op]]
    filled = sum(len(cpu[op] & col[op]) for op in families)
    slots = sum(len(cpu[op]) for op in families)
    every = sum(len(cpu[op]) for op in cpu)
    print(f"{gpu} column: {filled} / {slots} CPU slots filled over the {len(families)} ops it "
          f"fills; {filled} / {every} over all {len(cpu)} ops")
    print(f"ops without a {gpu} kernel: {' '.join(sorted(op for op in cpu if not col[op]))}")
    if args.save:
        with open(args.save, "w") as f:
            json.dump({op: sorted(col[op]) for op in sorted(col)}, f, indent=0)
    if args.compare:
        with open(args.compare) as f:
            other = {op: set(d) for op, d in json.load(f).items()}
        only_other = {op: sorted(d - col[op]) for op, d in other.items() if d - col[op]}
        only_here = {op: sorted(col[op] - other.get(op, set())) for op in col
                     if col[op] - other.get(op, set())}
        print(f"slots of {args.compare} that {gpu} lacks: {only_other or 'none'}")
        print(f"slots of {gpu} that {args.compare} lacks: {only_here or 'none'}")
        return 1 if only_other or only_here else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
