"""A physics-informed network on paddle_c: -u''(x) = pi^2 sin(pi x) on [-1, 1], u(-1) = u(1) = 0.

The exact solution is u(x) = sin(pi x). A small tanh MLP u(x; theta), written with paddle_c's
Paddle namespace, is trained with Adam so that the residual -u'' - pi^2 sin(pi x) vanishes at
collocation points and u vanishes at the boundary; u'' is the second derivative of the network
with respect to its input, taken with paddle.grad(create_graph=True) twice, and the loss is then
differentiated with respect to the weights (third-order graphs).

    python examples/pinn_poisson.py [--device cpu] [--steps 4000] [--target 1e-2]

Prints the loss with a progress bar and, at the end, the relative L2 error against sin(pi x) on
a fine grid. examples/pinn_poisson_torch.py is the same script for PyTorch (same initial
weights, same points, same Adam), for timing (docs/performance.md).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

import paddle_c.paddle as paddle

WIDTH = 32
N_POINTS = 128


def initial_weights(seed: int):
    """Glorot-normal weights and zero biases for 1 -> WIDTH -> WIDTH -> 1, as NumPy arrays
    (the PyTorch twin uses the same)."""
    rng = np.random.default_rng(seed)
    sizes = [1, WIDTH, WIDTH, 1]
    out = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        out.append(rng.normal(0.0, math.sqrt(2.0 / (a + b)), size=(a, b)))
        out.append(np.zeros((b,)))
    return out


def net(params, x):
    h = x
    for i in range(0, len(params) - 2, 2):
        h = paddle.tanh(paddle.matmul(h, params[i]) + params[i + 1])
    return paddle.matmul(h, params[-2]) + params[-1]


def make_params(seed, dtype, device):
    params = []
    for w in initial_weights(seed):
        p = paddle.to_tensor(w, dtype=dtype, place=device)
        p.stop_gradient = False
        params.append(p)
    return params


def loss_fn(params, x, f, xb):
    u = net(params, x)
    du, = paddle.grad(u, x, create_graph=True)
    d2u, = paddle.grad(du, x, create_graph=True)
    residual = -d2u - f
    ub = net(params, xb)
    return paddle.mean(residual * residual) / math.pi ** 4 + paddle.mean(ub * ub)


class Adam:
    """Adam (Kingma and Ba) on a list of leaf tensors, updated in place under no_grad."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8):
        self.params, self.lr, self.b1, self.b2, self.eps = params, lr, betas[0], betas[1], eps
        self.m = [paddle.zeros_like(p) for p in params]
        self.v = [paddle.zeros_like(p) for p in params]
        self.t = 0

    @paddle.no_grad()
    def step(self):
        self.t += 1
        c1 = 1 - self.b1 ** self.t
        c2 = 1 - self.b2 ** self.t
        for p, m, v in zip(self.params, self.m, self.v):
            g = p.grad
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= self.lr * (m / c1) / (paddle.sqrt(v / c2) + self.eps)
            p.clear_grad()


def relative_error(params, dtype, device) -> float:
    xs = np.linspace(-1.0, 1.0, 1001)[:, None]
    with paddle.no_grad():
        u = net(params, paddle.to_tensor(xs, dtype=dtype, place=device)).numpy()
    exact = np.sin(np.pi * xs)
    return float(np.linalg.norm(u - exact) / np.linalg.norm(exact))


def bar(done: int, total: int, loss: float, err: float) -> str:
    filled = int(30 * done / total)
    return (f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} loss {loss:.3e} "
            f"rel. L2 error {err:.3e}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--target", type=float, default=1e-2,
                    help="stop once the relative L2 error is below this (0: never)")
    ap.add_argument("--check-every", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    dtype = args.dtype
    params = make_params(args.seed, dtype, args.device)
    xs = np.linspace(-1.0, 1.0, N_POINTS)[:, None]
    x = paddle.to_tensor(xs, dtype=dtype, place=args.device)
    x.stop_gradient = False
    f = paddle.to_tensor(math.pi ** 2 * np.sin(math.pi * xs), dtype=dtype, place=args.device)
    xb = paddle.to_tensor([[-1.0], [1.0]], dtype=dtype, place=args.device)
    opt = Adam(params)

    err = relative_error(params, dtype, args.device)
    print(f"paddle_c PINN on {args.device}: initial rel. L2 error {err:.3e}")
    start = time.perf_counter()
    reached = None
    step = 0
    for step in range(1, args.steps + 1):
        loss = loss_fn(params, x, f, xb)
        loss.backward()
        opt.step()
        if step % args.check_every == 0 or step == args.steps:
            err = relative_error(params, dtype, args.device)
            if not args.quiet:
                sys.stdout.write(bar(step, args.steps, float(loss), err))
                sys.stdout.flush()
            if reached is None and err < args.target:
                reached = time.perf_counter() - start
                break
    elapsed = time.perf_counter() - start
    print()
    print(f"steps {step}, final rel. L2 error {err:.3e}, {elapsed:.2f} s")
    if reached is not None:
        print(f"reached rel. L2 error < {args.target:g} after {step} steps in {reached:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
