"""SciPy functions beyond tests/test_scipy.py on paddle_c tensors (special, stats, signal,
integrate, fft, cluster, spatial), each compared with the same call on NumPy arrays.

SCIPY_ARRAY_API=1 is set by tests/clients/conftest.py before SciPy is imported. Functions that
SciPy implements for NumPy only return NumPy results for our tensors (converted zero-copy);
the others return tensors. docs/ecosystem.md lists both kinds.
"""

from __future__ import annotations

import numpy as np
import pytest

import paddle_c as pc

scipy = pytest.importorskip("scipy")

from scipy import cluster, fft, integrate, signal, spatial, special, stats  # noqa: E402
import scipy.cluster.hierarchy  # noqa: E402,F401
import scipy.cluster.vq  # noqa: E402,F401
import scipy.spatial.distance  # noqa: E402,F401

rng = np.random.default_rng(0)
x = rng.standard_normal(64)
y = rng.standard_normal(64) + 0.3 * x
P = rng.random(16) + 0.1
X2 = rng.standard_normal((20, 3))


def _xp(c):
    return None if c is np.asarray else pc


CASES = {
    "special.erfc": lambda c: special.erfc(c(x)),
    "special.log1p": lambda c: special.log1p(c(P)),
    "special.expm1": lambda c: special.expm1(c(x)),
    "special.gamma": lambda c: special.gamma(c(P)),
    "special.psi": lambda c: special.psi(c(P)),
    "special.digamma": lambda c: special.digamma(c(P)),
    "special.logsumexp_b": lambda c: special.logsumexp(c(x), b=c(P.repeat(4))),
    "special.chdtr": lambda c: special.chdtr(c(P * 3), c(P)),
    "special.stdtr": lambda c: special.stdtr(c(P * 5), c(x[:16])),
    "special.poch": lambda c: special.poch(c(P), c(P)),
    "special.sinc": lambda c: special.sinc(c(x)),
    "special.log_expit": lambda c: special.log_expit(c(x)),
    "special.xlog1py": lambda c: special.xlog1py(c(P), c(P)),
    "stats.ttest_rel": lambda c: stats.ttest_rel(c(x), c(y)).statistic,
    "stats.kstat": lambda c: stats.kstat(c(x)),
    "stats.tmax": lambda c: stats.tmax(c(x)),
    "stats.ranksums": lambda c: stats.ranksums(c(x), c(y)).statistic,
    "stats.ks_2samp": lambda c: stats.ks_2samp(c(x), c(y)).statistic,
    "stats.fisher_exact": lambda c: stats.fisher_exact(c(np.array([[8,2],[1,5]]))).statistic,
    "stats.pearsonr_p": lambda c: stats.pearsonr(c(x), c(y)).pvalue,
    "stats.ttest_ind_welch": lambda c: stats.ttest_ind(c(x), c(y), equal_var=False).pvalue,
    "stats.spearmanr": lambda c: stats.spearmanr(c(x), c(y)).statistic,
    "stats.f_oneway": lambda c: stats.f_oneway(c(x), c(y)).statistic,
    "stats.levene": lambda c: stats.levene(c(x), c(y)).statistic,
    "stats.hmean_weights": lambda c: stats.hmean(c(P), weights=c(P)),
    "stats.tsem": lambda c: stats.tsem(c(x)),
    "stats.percentileofscore": lambda c: stats.percentileofscore(c(x), 0.1),
    "stats.brunnermunzel": lambda c: stats.brunnermunzel(c(x), c(y)).statistic,
    "stats.cramervonmises_2samp": lambda c: stats.cramervonmises_2samp(c(x), c(y)).statistic,
    "signal.convolve2d": lambda c: signal.convolve2d(c(X2), c(np.ones((2,2)))),
    "signal.windows.hamming": lambda c: signal.windows.hamming(16, xp=_xp(c)),
    "signal.savgol_filter": lambda c: signal.savgol_filter(c(x), 7, 2),
    "signal.wiener": lambda c: signal.wiener(c(x)),
    "signal.sosfilt": lambda c: signal.sosfilt(c(signal.butter(4, 0.2, output='sos')), c(x)),
    "signal.lfilter_zi": lambda c: signal.lfilter_zi(c(np.array([1.0, 0.5])),
                                                     c(np.array([1.0, -0.2]))),
    "signal.periodogram": lambda c: signal.periodogram(c(x))[1],
    "signal.decimate": lambda c: signal.decimate(c(x), 2),
    "integrate.simpson": lambda c: integrate.simpson(c(P)),
    "integrate.fixed_quad": lambda c: integrate.fixed_quad(lambda t: t**2, 0.0, 1.0)[0],
    "fft.ifft": lambda c: fft.ifft(c(x)),
    "fft.irfft": lambda c: fft.irfft(c(x)),
    "fft.fft2": lambda c: fft.fft2(c(X2)),
    "fft.rfftfreq": lambda c: fft.rfftfreq(8, xp=_xp(c)),
    "fft.dst": lambda c: fft.dst(c(x)),
    "fft.idct": lambda c: fft.idct(c(x)),
    "fft.next_fast_len": lambda c: fft.next_fast_len(97),
    "cluster.vq.kmeans2": lambda c: cluster.vq.kmeans2(c(X2), c(X2[:2]), minit="matrix",
                                                       iter=3)[0],
    "cluster.hierarchy.fcluster": lambda c: cluster.hierarchy.fcluster(
        cluster.hierarchy.linkage(c(X2)), 2, "maxclust"),
    "cluster.hierarchy.cophenet": lambda c: cluster.hierarchy.cophenet(
        cluster.hierarchy.linkage(c(X2))),
    "spatial.distance.cdist": lambda c: spatial.distance.cdist(c(X2), c(X2[:3])),
    "spatial.distance.pdist": lambda c: spatial.distance.pdist(c(X2)),
    "spatial.distance.euclidean": lambda c: spatial.distance.euclidean(c(X2[0]), c(X2[1])),
    "spatial.KDTree": lambda c: spatial.KDTree(c(X2)).query(c(X2[:2]))[0],
    "spatial.ConvexHull": lambda c: spatial.ConvexHull(c(X2[:, :2])).volume,
    "spatial.distance_matrix": lambda c: spatial.distance_matrix(c(X2), c(X2[:2])),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_scipy_call_matches_numpy(name):
    from scipy._lib._array_api import SCIPY_ARRAY_API
    assert SCIPY_ARRAY_API, "SciPy was imported before SCIPY_ARRAY_API=1 was set"
    fn = CASES[name]
    want = fn(np.asarray)
    got = fn(pc.asarray)
    assert not isinstance(want, np.ndarray) or isinstance(got, (pc.Tensor, np.ndarray))
    np.testing.assert_allclose(np.asarray(got, dtype=complex), np.asarray(want, dtype=complex),
                               rtol=1e-6, atol=1e-9, equal_nan=True)
