"""Random numbers (paddle_c.paddle's rand, randn, randint, uniform, normal, standard_normal,
randperm, bernoulli, multinomial, poisson, the in-place Tensor methods, seed and the state).

- The generator: Random123's known answers for Philox4x32-10, and our logarithm (the one the
  transforms use) within 1 ulp of the C library's, from kernels/common/random_elem.h compiled
  alone.
- The streams: a seed gives the same values on every device, bit for bit (each device present
  against the CPU: make test-hostdev runs this file on hostdev:0, make test-opencl on xpu:0);
  calls never share values; the state round-trips; threads reserve disjoint elements.
- The distributions: moments and Kolmogorov-Smirnov (or chi-square for discrete ones) on large
  samples, for every floating dtype; samples are drawn from fixed seeds, so the tests are
  deterministic (thresholds at p = 1e-4).
"""

import os
import shutil
import subprocess
import threading

import numpy as np
import pytest
from scipy import stats

import paddle_c as pc
import paddle_c.paddle as paddle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CC = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
FLOATS = ["float16", "bfloat16", "float32", "float64"]
from devices import ALL as DEVICES  # noqa: E402
OTHER = [d for d in DEVICES if d.type != "cpu"]


def host(t):
    t = t.to_device("cpu")
    if t.dtype == pc.bfloat16:
        t = pc.astype(t, pc.float32)
    return np.asarray(t)


# ---- the generator, compiled alone ----------------------------------------------------------

KAT = r"""
#include <math.h>
#include <stdio.h>
#include "kernels/common/random_elem.h"
int main(void)
{
    const uint32_t in[3][6] = {{0, 0, 0, 0, 0, 0},
                               {~0u, ~0u, ~0u, ~0u, ~0u, ~0u},
                               {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822,
                                0x299f31d0}};
    for (int i = 0; i < 3; i++) {
        pc_philox4 o = pc_philox(in[i][0], in[i][1], in[i][2], in[i][3], in[i][4], in[i][5]);
        printf("%08x %08x %08x %08x\n", o.v[0], o.v[1], o.v[2], o.v[3]);
    }
    double worst = 0.0;
    uint64_t s = 1;
    for (int i = 0; i < 1000000; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        double x;
        memcpy(&x, &s, sizeof x);
        x = fabs(x);
        if (!(x > 0.0) || isinf(x) || isnan(x) || x == 1.0) {
            continue;
        }
        const double r = log(x);
        const double ulp = nextafter(fabs(r), INFINITY) - fabs(r);
        const double e = fabs(pc_rng_log(x) - r) / ulp;
        worst = e > worst ? e : worst;
    }
    printf("%g\n", worst);
    return 0;
}
"""


@pytest.mark.skipif(CC is None, reason="no C compiler")
def test_philox_known_answers_and_our_log(tmp_path):
    src = tmp_path / "kat.c"
    src.write_text(KAT)
    exe = tmp_path / "kat"
    subprocess.run([CC, "-O2", "-ffp-contract=off", "-I", os.path.join(ROOT, "csrc"), "-I",
                    os.path.join(ROOT, "csrc", "include"), str(src), "-o", str(exe), "-lm"],
                   check=True)
    lines = subprocess.run([str(exe)], check=True, capture_output=True,
                           text=True).stdout.split("\n")
    # Random123's kat_vectors for philox4x32 10
    assert lines[0] == "6627e8d5 e169c58d bc57ac4c 9b00dbd8"
    assert lines[1] == "408f276d 41c83b0e a20bc7c6 6d5451fd"
    assert lines[2] == "d16cfe09 94fdcceb 5001e420 24126ea1"
    assert float(lines[3]) <= 1.0


# ---- streams ----------------------------------------------------------------------------------

CALLS = {
    "rand": lambda dt, dev: paddle.rand([257], dt, device=dev),
    "randn": lambda dt, dev: paddle.randn([3, 86], dt, device=dev),
    "uniform": lambda dt, dev: paddle.uniform([100], dt, min=-3.0, max=5.0, device=dev),
    "normal_": lambda dt, dev: pc.zeros((64,), dtype=dt, device=dev).normal_(2.0, 3.0),
    "exponential_": lambda dt, dev: pc.zeros((64,), dtype=dt, device=dev).exponential_(0.5),
    "poisson": lambda dt, dev: paddle.poisson(pc.asarray([0.0, 0.5, 3.0, 9.9, 10.0, 57.0, 1e6],
                                                         dtype=dt, device=dev)),
    "bernoulli": lambda dt, dev: paddle.bernoulli(pc.full((50,), 0.3, dtype=dt, device=dev)),
}
INT_CALLS = {
    "randint": lambda dt, dev: paddle.randint(-5, 17, [99], dt, device=dev),
    "randint wide": lambda dt, dev: paddle.randint(-(2 ** 62), 2 ** 62, [33], "int64",
                                                   device=dev),
    "randperm": lambda dt, dev: paddle.randperm(40, device=dev),
}


@pytest.mark.parametrize("device", OTHER, ids=str)
def test_a_seed_gives_the_cpus_values_on_every_device(device):
    failures = []
    for name, call in CALLS.items():
        for dt in FLOATS:
            paddle.seed(1234)
            try:
                want = host(call(getattr(pc, dt), "cpu"))
            except (TypeError, NotImplementedError):
                continue
            paddle.seed(1234)
            got = host(call(getattr(pc, dt), device))
            if got.tobytes() != want.tobytes():
                failures.append(f"{name} {dt}")
    for name, call in INT_CALLS.items():
        for dt in ["int8", "int32", "int64", "uint16"]:
            paddle.seed(99)
            try:
                want = host(call(dt, "cpu"))
            except (TypeError, ValueError):
                continue
            paddle.seed(99)
            got = host(call(dt, device))
            if got.tobytes() != want.tobytes():
                failures.append(f"{name} {dt}")
    assert not failures, failures


def test_seed_state_and_calls():
    paddle.seed(7)
    a = host(paddle.rand([1000], "float64"))
    b = host(paddle.rand([1000], "float64"))
    assert not np.isin(a, b).any()  # each call draws elements of its own
    paddle.seed(7)
    np.testing.assert_array_equal(host(paddle.rand([1000], "float64")), a)
    state = paddle.get_rng_state()
    c = host(paddle.randn([10]))
    paddle.set_rng_state(state)
    np.testing.assert_array_equal(host(paddle.randn([10])), c)
    paddle.seed(-1)  # Paddle accepts negative seeds: modulo 2**64
    assert paddle.get_rng_state()[0].seed == 2 ** 64 - 1
    # a chunk of a call is the same values as a whole call of that size at that offset
    paddle.seed(5)
    whole = host(paddle.rand([10], "float64"))
    paddle.seed(5)
    parts = np.concatenate([host(paddle.rand([4], "float64")), host(paddle.rand([6], "float64"))])
    np.testing.assert_array_equal(parts, whole)
    with pytest.raises(ValueError):
        paddle.set_rng_state([])


def test_threads_reserve_disjoint_elements():
    paddle.seed(11)
    start = paddle.get_rng_state()[0].offset
    out = []

    def draw():
        out.append(host(paddle.rand([1 << 16], "float64")))

    threads = [threading.Thread(target=draw) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert paddle.get_rng_state()[0].offset - start == 6 << 16
    paddle.seed(11)
    whole = host(paddle.rand([6 << 16], "float64"))
    got = np.sort(np.concatenate(out))
    np.testing.assert_array_equal(got, np.sort(whole))


def test_independence_of_streams():
    paddle.seed(3)
    a = host(paddle.randn([200000], "float64"))
    b = host(paddle.randn([200000], "float64"))
    paddle.seed(4)
    c = host(paddle.randn([200000], "float64"))
    for x, y in [(a, b), (a, c), (a[:-1], a[1:])]:
        assert abs(np.corrcoef(x, y)[0, 1]) < 0.01


# ---- distributions --------------------------------------------------------------------------

N = 200000


@pytest.mark.parametrize("dt", FLOATS)
def test_uniform_and_normal_distributions(dt):
    paddle.seed(21)
    u = host(paddle.uniform([N], dt, min=-2.0, max=3.0)).astype(np.float64)
    assert u.min() >= -2.0 and u.max() <= 3.0
    coarse = dt in ("float16", "bfloat16")
    if not coarse:  # the 8- and 11-bit grids are too coarse for a continuous KS test
        assert stats.kstest(u, stats.uniform(-2.0, 5.0).cdf).pvalue > 1e-4
    assert abs(u.mean() - 0.5) < 0.02 and abs(u.var() - 25 / 12) < 0.05
    r = host(paddle.rand([N], dt)).astype(np.float64)
    assert r.min() >= 0.0 and r.max() < 1.0
    z = host(paddle.normal(1.5, 2.0, [N]) if dt == "float32" else
             pc.zeros((N,), dtype=getattr(pc, dt)).normal_(1.5, 2.0)).astype(np.float64)
    if not coarse:
        assert stats.kstest(z, stats.norm(1.5, 2.0).cdf).pvalue > 1e-4
    assert abs(z.mean() - 1.5) < 0.03 and abs(z.std() - 2.0) < 0.03
    e = host(pc.zeros((N,), dtype=getattr(pc, dt)).exponential_(4.0)).astype(np.float64)
    assert e.min() >= 0.0
    if not coarse:
        assert stats.kstest(e, stats.expon(scale=0.25).cdf).pvalue > 1e-4
    assert abs(e.mean() - 0.25) < 0.01


@pytest.mark.parametrize("lam", [0.0, 0.3, 4.0, 9.99, 10.0, 37.5, 1e4])
def test_poisson_distribution(lam):
    paddle.seed(31)
    k = host(paddle.poisson(pc.full((N,), lam, dtype=pc.float64)))
    assert (k == np.floor(k)).all() and k.min() >= 0
    assert abs(k.mean() - lam) < 5 * np.sqrt(max(lam, 1e-9) / N) + 1e-12
    assert abs(k.var() - lam) < 0.05 * lam + 1e-12
    if 0 < lam < 100:
        values, counts = np.unique(k, return_counts=True)
        expected = stats.poisson(lam).pmf(values) * N
        keep = expected > 20
        chi = ((counts[keep] - expected[keep]) ** 2 / expected[keep]).sum()
        assert stats.chi2(keep.sum() - 1).sf(chi) > 1e-4
    bad = host(paddle.poisson(pc.asarray([-1.0, float("nan"), float("inf")])))
    assert np.isnan(bad).all()


def test_integers_permutations_and_choices():
    paddle.seed(41)
    k = host(paddle.randint(-3, 4, [N]))
    assert k.dtype == np.int64 and k.min() == -3 and k.max() == 3
    counts = np.bincount(k + 3)
    assert stats.chisquare(counts).pvalue > 1e-4
    assert host(paddle.randint(5, shape=[100])).max() < 5
    big = host(paddle.randint(-(2 ** 63), 2 ** 63 - 1, [N]))
    assert (big < 0).mean() == pytest.approx(0.5, abs=0.01)
    u8 = host(paddle.randint(0, 256, [N], "uint8"))
    assert stats.chisquare(np.bincount(u8, minlength=256)).pvalue > 1e-4
    with pytest.raises(ValueError):
        paddle.randint(3, 3)
    with pytest.raises(ValueError):
        paddle.randint(0, 300, [2], "int8")
    like = paddle.randint_like(pc.zeros((4, 5), dtype=pc.float32), 2, 9)
    assert like.shape == (4, 5) and like.dtype == pc.float32
    assert set(host(like).ravel()) <= set(range(2, 9))
    p = host(paddle.randperm(1000))
    np.testing.assert_array_equal(np.sort(p), np.arange(1000))
    assert (p != np.arange(1000)).mean() > 0.99
    # multinomial: with replacement, frequencies; without, distinct categories by weight
    w = pc.asarray([[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 5.0, 5.0]])
    s = host(paddle.multinomial(w, 50000, replacement=True))
    f0 = np.bincount(s[0], minlength=4) / 50000
    np.testing.assert_allclose(f0, [0.1, 0.2, 0.3, 0.4], atol=0.01)
    assert set(s[1]) <= {2, 3}
    firsts = host(paddle.multinomial(pc.asarray([1.0, 2.0, 3.0, 4.0]), 4))
    assert sorted(firsts) == [0, 1, 2, 3]
    draws = np.array([host(paddle.multinomial(pc.asarray([1.0, 2.0, 3.0, 4.0]), 1))[0]
                      for _ in range(4000)])
    np.testing.assert_allclose(np.bincount(draws, minlength=4) / 4000, [0.1, 0.2, 0.3, 0.4],
                               atol=0.03)
    with pytest.raises(ValueError):
        paddle.multinomial(pc.asarray([1.0, 2.0]), 3)
    with pytest.raises(ValueError):
        paddle.multinomial(pc.asarray([1.0, -2.0]), 1)
    b = host(paddle.bernoulli(pc.full((N,), 0.25, dtype=pc.float64)))
    assert set(np.unique(b)) <= {0.0, 1.0} and abs(b.mean() - 0.25) < 0.01


def test_signatures_and_defaults_match_paddle():
    assert paddle.rand([2, 3]).dtype == pc.float32
    assert paddle.randn([2]).dtype == pc.float32
    assert paddle.randint(0, 5, [2]).dtype == pc.int64
    assert paddle.randperm(3).dtype == pc.int64
    assert paddle.normal(shape=[2]).shape == (2,)
    assert paddle.normal(pc.asarray([1.0, 2.0]), pc.asarray([[1.0], [2.0]])).shape == (2, 2)
    x = pc.ones((3,))
    assert x.uniform_(-1.0, 1.0) is x and x.exponential_() is x and x.normal_() is x
    with pytest.raises(TypeError):
        paddle.rand([2], "int32")
    with pytest.raises(ValueError):
        pc.ones((2,)).exponential_(0.0)
