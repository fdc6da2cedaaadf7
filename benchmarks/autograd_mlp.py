"""Autograd: forward + backward of a tanh MLP (batch 256, widths 64 to 512, three layers, a mean
squared loss) in paddle_c against PyTorch on the CPU, float32; the second-derivative pass of
examples/pinn_poisson.py (one training step) too. Prints the median time of each and the ratio
paddle_c / PyTorch (below 1: paddle_c is faster).

    python benchmarks/autograd_mlp.py [--repeat 30] [--threads N]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

import numpy as np
import torch

import paddle_c as pc
import paddle_c.paddle as paddle

BATCH = 256
WIDTHS = (64, 128, 256, 512)


def _weights(width, seed=0):
    rng = np.random.default_rng(seed)
    shapes = [(width, width), (width,), (width, width), (width,), (width, 1), (1,)]
    return [(rng.standard_normal(s) / np.sqrt(s[0])).astype(np.float32) for s in shapes]


def _median(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def mlp_case(width, repeat):
    ws = _weights(width)
    x = np.random.default_rng(1).standard_normal((BATCH, width)).astype(np.float32)
    y = np.random.default_rng(2).standard_normal((BATCH, 1)).astype(np.float32)

    ps = [pc.asarray(w) for w in ws]
    for p in ps:
        p.stop_gradient = False
    px, py = pc.asarray(x), pc.asarray(y)

    def ours():
        h = px
        for i in range(0, 4, 2):
            h = pc.tanh(pc.matmul(h, ps[i]) + ps[i + 1])
        d = pc.matmul(h, ps[4]) + ps[5] - py
        pc.mean(d * d).backward()
        for p in ps:
            p.grad = None

    ts = [torch.tensor(w, requires_grad=True) for w in ws]
    tx, ty = torch.tensor(x), torch.tensor(y)

    def theirs():
        h = tx
        for i in range(0, 4, 2):
            h = torch.tanh(h @ ts[i] + ts[i + 1])
        d = h @ ts[4] + ts[5] - ty
        torch.mean(d * d).backward()
        for t in ts:
            t.grad = None

    return _median(ours, repeat), _median(theirs, repeat)


def pinn_case(repeat):
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
    import math

    import pinn_poisson as P
    import pinn_poisson_torch as T

    xs = np.linspace(-1.0, 1.0, P.N_POINTS)[:, None]
    params = P.make_params(0, "float32", "cpu")
    x = paddle.to_tensor(xs, dtype="float32")
    x.stop_gradient = False
    f = paddle.to_tensor(math.pi ** 2 * np.sin(math.pi * xs), dtype="float32")
    xb = paddle.to_tensor([[-1.0], [1.0]], dtype="float32")

    def ours():
        P.loss_fn(params, x, f, xb).backward()
        for p in params:
            p.grad = None

    tp = [torch.tensor(w, dtype=torch.float32, requires_grad=True)
          for w in P.initial_weights(0)]
    tx = torch.tensor(xs, dtype=torch.float32, requires_grad=True)
    tf = torch.tensor(math.pi ** 2 * np.sin(math.pi * xs), dtype=torch.float32)
    txb = torch.tensor([[-1.0], [1.0]])

    def theirs():
        T.loss_fn(tp, tx, tf, txb).backward()
        for p in tp:
            p.grad = None

    return _median(ours, repeat), _median(theirs, repeat)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: leave)")
    args = ap.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    print(f"PyTorch {torch.__version__}, {torch.get_num_threads()} threads; batch {BATCH}")
    print(f"{'case':44s} {'paddle_c':>10s} {'PyTorch':>10s} {'ratio':>7s}")
    rows = [(f"MLP fwd+bwd float32 width {w}", *mlp_case(w, args.repeat)) for w in WIDTHS]
    rows.append(("PINN step (u'' by create_graph, then bwd)", *pinn_case(args.repeat)))
    for name, a, b in rows:
        print(f"{name:44s} {a * 1e3:8.3f}ms {b * 1e3:8.3f}ms {a / b:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
