"""examples/pinn_poisson.py written for PyTorch (CPU by default): the same network, initial
weights, collocation points, loss and Adam, for the time-to-accuracy comparison in
docs/performance.md.

    python examples/pinn_poisson_torch.py [--device cpu] [--steps 4000] [--target 1e-2]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np
import torch

from pinn_poisson import N_POINTS, bar, initial_weights


def net(params, x):
    h = x
    for i in range(0, len(params) - 2, 2):
        h = torch.tanh(h @ params[i] + params[i + 1])
    return h @ params[-2] + params[-1]


def loss_fn(params, x, f, xb):
    u = net(params, x)
    du, = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)
    d2u, = torch.autograd.grad(du, x, torch.ones_like(du), create_graph=True)
    residual = -d2u - f
    ub = net(params, xb)
    return torch.mean(residual * residual) / math.pi ** 4 + torch.mean(ub * ub)


class Adam:
    """The Adam of pinn_poisson.py, in PyTorch operations."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8):
        self.params, self.lr, self.b1, self.b2, self.eps = params, lr, betas[0], betas[1], eps
        self.m = [torch.zeros_like(p) for p in params]
        self.v = [torch.zeros_like(p) for p in params]
        self.t = 0

    @torch.no_grad()
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
            p -= self.lr * (m / c1) / (torch.sqrt(v / c2) + self.eps)
            p.grad = None


def relative_error(params, dtype, device) -> float:
    xs = np.linspace(-1.0, 1.0, 1001)[:, None]
    with torch.no_grad():
        u = net(params, torch.tensor(xs, dtype=dtype, device=device)).cpu().numpy()
    exact = np.sin(np.pi * xs)
    return float(np.linalg.norm(u - exact) / np.linalg.norm(exact))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--target", type=float, default=1e-2)
    ap.add_argument("--check-every", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: leave)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)

    dtype = getattr(torch, args.dtype)
    params = [torch.tensor(w, dtype=dtype, device=args.device, requires_grad=True)
              for w in initial_weights(args.seed)]
    xs = np.linspace(-1.0, 1.0, N_POINTS)[:, None]
    x = torch.tensor(xs, dtype=dtype, device=args.device, requires_grad=True)
    f = torch.tensor(math.pi ** 2 * np.sin(math.pi * xs), dtype=dtype, device=args.device)
    xb = torch.tensor([[-1.0], [1.0]], dtype=dtype, device=args.device)
    opt = Adam(params)

    err = relative_error(params, dtype, args.device)
    print(f"PyTorch PINN on {args.device}: initial rel. L2 error {err:.3e}")
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
