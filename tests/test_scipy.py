"""SciPy's array-agnostic functions on paddle_c tensors (SCIPY_ARRAY_API=1).

Each case calls one SciPy function twice on the same data: with NumPy arrays and with paddle_c
tensors. With paddle_c input every array in the result must be a paddle_c Tensor (SciPy kept
our namespace; functions SciPy runs through NumPy convert our tensors without copying and hand
back tensors) and equal NumPy's result within the case's tolerance.

SCIPY_ARRAY_API is read when SciPy is imported, and other tests import SciPy without it, so the
cases run in one child process (this file run as a script) and each test reports its case.
docs/scipy.md lists what works and what does not, and why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

CASES: dict = {}


def case(name, *, rtol=1e-10, atol=1e-12, xfail=None, default_float=False):
    """Register `fn(conv)`: it builds its inputs as NumPy arrays, passes each through `conv`
    (identity for the NumPy run, paddle_c.asarray for ours) and returns SciPy's result. `xfail`
    names the reason of a known difference. `default_float` marks functions whose floating
    result takes the namespace's default dtype: float32 in paddle_c (Paddle's), float64 in NumPy.
    """
    def register(fn):
        CASES[name] = (fn, rtol, atol, xfail, default_float)
        return fn
    return register


def _xp(conv):
    """The namespace for functions that take no array (xp=): None means NumPy."""
    if conv is _identity:
        return None
    import paddle_c
    return paddle_c


def data(*shape, seed=0, positive=False):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    return np.abs(a) + 0.5 if positive else a


# ---- scipy.special ----------------------------------------------------------------------------

@case("special.logsumexp")
def _(conv):
    from scipy import special
    return special.logsumexp(conv(data(4, 5)), axis=1)


@case("special.softmax")
def _(conv):
    from scipy import special
    return special.softmax(conv(data(4, 5)), axis=0)


@case("special.log_softmax")
def _(conv):
    from scipy import special
    return special.log_softmax(conv(data(4, 5)), axis=-1)


@case("special.erf")
def _(conv):
    from scipy import special
    return special.erf(conv(data(3, 4)))


@case("special.gammaln")
def _(conv):
    from scipy import special
    return special.gammaln(conv(data(10, positive=True)))


@case("special.expit")
def _(conv):
    from scipy import special
    return special.expit(conv(data(10)))


@case("special.xlogy")
def _(conv):
    from scipy import special
    return special.xlogy(conv(data(6, positive=True)), conv(data(6, seed=1, positive=True)))


@case("special.entr")
def _(conv):
    from scipy import special
    return special.entr(conv(data(7, positive=True)))


@case("special.ndtr")
def _(conv):
    from scipy import special
    return special.ndtr(conv(data(8)))


@case("special.i0")
def _(conv):
    from scipy import special
    return special.i0(conv(data(3, 3)))


# ---- scipy.stats ------------------------------------------------------------------------------

@case("stats.moment")
def _(conv):
    from scipy import stats
    return stats.moment(conv(data(20, 3)), order=3, axis=0)


@case("stats.skew")
def _(conv):
    from scipy import stats
    return stats.skew(conv(data(30)))


@case("stats.kurtosis")
def _(conv):
    from scipy import stats
    return stats.kurtosis(conv(data(30, 2)), axis=0)


@case("stats.zscore")
def _(conv):
    from scipy import stats
    return stats.zscore(conv(data(6, 4)), axis=1)


@case("stats.zmap")
def _(conv):
    from scipy import stats
    return stats.zmap(conv(data(5)), conv(data(9, seed=1)))


@case("stats.gmean")
def _(conv):
    from scipy import stats
    return stats.gmean(conv(data(12, positive=True)))


@case("stats.hmean")
def _(conv):
    from scipy import stats
    return stats.hmean(conv(data(12, positive=True)))


@case("stats.pmean")
def _(conv):
    from scipy import stats
    return stats.pmean(conv(data(12, positive=True)), 2.5)


@case("stats.rankdata", default_float=True)
def _(conv):
    from scipy import stats
    return stats.rankdata(conv(np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0])))


@case("stats.quantile")
def _(conv):
    from scipy import stats
    return stats.quantile(conv(data(25)), conv(np.array([0.1, 0.5, 0.9])))


@case("stats.variation")
def _(conv):
    from scipy import stats
    return stats.variation(conv(data(15, positive=True)))


@case("stats.sem")
def _(conv):
    from scipy import stats
    return stats.sem(conv(data(15, 2)), axis=0)


@case("stats.tmean")
def _(conv):
    from scipy import stats
    return stats.tmean(conv(data(20)), (-1.0, 1.0))


@case("stats.tvar")
def _(conv):
    from scipy import stats
    return stats.tvar(conv(data(20)))


@case("stats.entropy")
def _(conv):
    from scipy import stats
    return stats.entropy(conv(data(8, positive=True)), conv(data(8, seed=1, positive=True)))


@case("stats.ttest_1samp")
def _(conv):
    from scipy import stats
    return stats.ttest_1samp(conv(data(20)), 0.1)


@case("stats.ttest_ind")
def _(conv):
    from scipy import stats
    return stats.ttest_ind(conv(data(20)), conv(data(15, seed=1)))


@case("stats.pearsonr")
def _(conv):
    from scipy import stats
    return stats.pearsonr(conv(data(20)), conv(data(20, seed=1)))


@case("stats.describe")
def _(conv):
    from scipy import stats
    d = stats.describe(conv(data(20)))
    return d.mean, d.variance, d.skewness, d.kurtosis


# ---- scipy.fft --------------------------------------------------------------------------------

@case("fft.fft")
def _(conv):
    from scipy import fft
    return fft.fft(conv(data(16)))


@case("fft.rfft")
def _(conv):
    from scipy import fft
    return fft.rfft(conv(data(4, 10)), axis=1)


@case("fft.ifftn")
def _(conv):
    from scipy import fft
    return fft.ifftn(conv(data(4, 6)))


@case("fft.dct")
def _(conv):
    from scipy import fft
    return fft.dct(conv(data(12)))


@case("fft.fftshift")
def _(conv):
    from scipy import fft
    return fft.fftshift(conv(data(3, 5)))


# ---- scipy.signal -----------------------------------------------------------------------------

@case("signal.fftconvolve", rtol=1e-9)
def _(conv):
    from scipy import signal
    return signal.fftconvolve(conv(data(30)), conv(data(7, seed=1)), mode="same")


@case("signal.convolve")
def _(conv):
    from scipy import signal
    return signal.convolve(conv(data(20)), conv(data(5, seed=1)))


@case("signal.windows.hann")
def _(conv):
    from scipy.signal import windows
    return windows.hann(16, xp=_xp(conv))  # no array input: the namespace comes with xp=


@case("signal.detrend")
def _(conv):
    from scipy import signal
    return signal.detrend(conv(data(20)))


# ---- scipy.integrate, optimize, cluster, spatial, ndimage, linalg ------------------------------

@case("integrate.trapezoid")
def _(conv):
    from scipy import integrate
    return integrate.trapezoid(conv(data(4, 9)), dx=0.5, axis=-1)


@case("integrate.cumulative_simpson")
def _(conv):
    from scipy import integrate
    return integrate.cumulative_simpson(conv(data(3, 11)), x=conv(np.linspace(0.0, 2.0, 11)))


@case("integrate.romb")
def _(conv):
    from scipy import integrate
    return integrate.romb(conv(data(17)), dx=0.25)


@case("integrate.cumulative_trapezoid")
def _(conv):
    from scipy import integrate
    return integrate.cumulative_trapezoid(conv(data(10)), initial=0.0)


@case("optimize.rosen")
def _(conv):
    from scipy import optimize
    return optimize.rosen(conv(data(6)))


@case("optimize.rosen_der")
def _(conv):
    from scipy import optimize
    return optimize.rosen_der(conv(data(6)))


@case("cluster.vq.whiten")
def _(conv):
    from scipy.cluster import vq
    return vq.whiten(conv(data(10, 3)))


@case("spatial.transform.Rotation")
def _(conv):
    from scipy.spatial.transform import Rotation
    q = data(4, 4)
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    r = Rotation.from_quat(conv(q))
    return r.as_matrix(), r.as_rotvec()


@case("linalg.orthogonal_procrustes", rtol=1e-9, atol=1e-12)
def _(conv):
    from scipy import linalg
    return linalg.orthogonal_procrustes(conv(data(6, 3)), conv(data(6, 3, seed=1)))


@case("ndimage.gaussian_filter", rtol=1e-9)
def _(conv):
    from scipy import ndimage
    return ndimage.gaussian_filter(conv(data(8, 8)), sigma=1.5)


@case("ndimage.uniform_filter1d")
def _(conv):
    from scipy import ndimage
    return ndimage.uniform_filter1d(conv(data(20)), size=5)


@case("linalg.block_diag")
def _(conv):
    from scipy import linalg
    return linalg.block_diag(conv(data(2, 2)), conv(data(3, 1, seed=1)))


# ---- broader coverage -------------------------------------------------------------------------

@case("stats.iqr")
def _(conv):
    from scipy import stats
    return stats.iqr(conv(data(20)))


@case("stats.circmean")
def _(conv):
    from scipy import stats
    return stats.circmean(conv(data(20)))


@case("stats.boxcox_llf")
def _(conv):
    from scipy import stats
    return stats.boxcox_llf(0.5, conv(data(20, positive=True)))


@case("stats.trim_mean")
def _(conv):
    from scipy import stats
    return stats.trim_mean(conv(data(20)), 0.1)


@case("stats.mode")
def _(conv):
    from scipy import stats
    return tuple(stats.mode(conv(np.array([1., 2, 2, 3, 3, 3]))))


@case("stats.chisquare")
def _(conv):
    from scipy import stats
    return stats.chisquare(conv(np.array([16., 18, 16, 14, 12, 12])))


@case("stats.bartlett")
def _(conv):
    from scipy import stats
    return stats.bartlett(conv(data(20)), conv(data(15, seed=1)))


@case("stats.skewtest")
def _(conv):
    from scipy import stats
    return stats.skewtest(conv(data(30)))


@case("stats.power_divergence")
def _(conv):
    from scipy import stats
    return stats.power_divergence(conv(np.array([16., 18, 16, 14, 12, 12])),
                                  lambda_="log-likelihood")


@case("stats.differential_entropy")
def _(conv):
    from scipy import stats
    return stats.differential_entropy(conv(data(30)))


@case("stats.gstd")
def _(conv):
    from scipy import stats
    return stats.gstd(conv(data(30, positive=True)))


@case("stats.directional_stats")
def _(conv):
    from scipy import stats
    d = stats.directional_stats(conv(data(10, 3)))
    return d.mean_direction, d.mean_resultant_length


@case("stats.tstd")
def _(conv):
    from scipy import stats
    return stats.tstd(conv(data(20)))


@case("stats.tmin")
def _(conv):
    from scipy import stats
    return stats.tmin(conv(data(20)), -1.0)


@case("stats.kurtosistest")
def _(conv):
    from scipy import stats
    return stats.kurtosistest(conv(data(30)))


@case("stats.normaltest")
def _(conv):
    from scipy import stats
    return stats.normaltest(conv(data(30)))


@case("stats.jarque_bera")
def _(conv):
    from scipy import stats
    return stats.jarque_bera(conv(data(30)))


@case("stats.wilcoxon")
def _(conv):
    from scipy import stats
    return stats.wilcoxon(conv(data(20)))


@case("stats.mannwhitneyu")
def _(conv):
    from scipy import stats
    return stats.mannwhitneyu(conv(data(20)), conv(data(15, seed=1)))


@case("special.betainc")
def _(conv):
    from scipy import special
    return special.betainc(conv(data(5, positive=True)), conv(data(5, seed=1, positive=True)),
                           conv(np.linspace(0.1, .9, 5)))


@case("special.gammainc")
def _(conv):
    from scipy import special
    return special.gammainc(conv(data(5, positive=True)), conv(data(5, seed=1, positive=True)))


@case("special.logit")
def _(conv):
    from scipy import special
    return special.logit(conv(np.linspace(0.1, .9, 5)))


@case("special.log_ndtr")
def _(conv):
    from scipy import special
    return special.log_ndtr(conv(data(8)))


@case("special.erfinv")
def _(conv):
    from scipy import special
    return special.erfinv(conv(np.linspace(-.9, .9, 5)))


@case("special.softmax (float32)", rtol=2e-6, atol=0)
def _(conv):
    from scipy import special
    return special.softmax(conv(data(4, 5).astype(np.float32)), axis=1)


@case("special.rel_entr")
def _(conv):
    from scipy import special
    return special.rel_entr(conv(data(6, positive=True)), conv(data(6, seed=1, positive=True)))


@case("fft.fftfreq", rtol=1e-6, default_float=True)
def _(conv):
    from scipy import fft
    return fft.fftfreq(8, 0.1, xp=_xp(conv))


@case("fft.hfft")
def _(conv):
    from scipy import fft
    return fft.hfft(conv(data(8) + 1j * data(8, seed=1)))


@case("fft.fht")
def _(conv):
    from scipy import fft
    return fft.fht(conv(data(16, positive=True)), dln=0.1, mu=0.0)


@case("fft.dctn")
def _(conv):
    from scipy import fft
    return fft.dctn(conv(data(4, 6)))


@case("fft.irfft2")
def _(conv):
    from scipy import fft
    return fft.irfft2(conv(data(4, 6) + 1j * data(4, 6, seed=1)))


@case("signal.windows.kaiser")
def _(conv):
    from scipy.signal import windows
    return windows.kaiser(12, 5.0, xp=_xp(conv))


@case("signal.get_window")
def _(conv):
    from scipy import signal
    return signal.get_window("hamming", 12, xp=_xp(conv))


@case("signal.lfilter")
def _(conv):
    from scipy import signal
    return signal.lfilter(conv(np.array([1., .5])), conv(np.array([1., -.3])), conv(data(20)))


@case("signal.filtfilt")
def _(conv):
    from scipy import signal
    return signal.filtfilt(conv(np.array([1., .5])), conv(np.array([1., -.3])), conv(data(30)))


@case("signal.correlate")
def _(conv):
    from scipy import signal
    return signal.correlate(conv(data(20)), conv(data(5, seed=1)))


@case("signal.hilbert")
def _(conv):
    from scipy import signal
    return signal.hilbert(conv(data(16)))


@case("signal.envelope")
def _(conv):
    from scipy import signal
    return signal.envelope(conv(data(32)))


@case("signal.sosfilt_zi")
def _(conv):
    from scipy import signal
    return signal.sosfilt_zi(conv(np.array([[1., .5, 0, 1, -.3, 0]])))


@case("signal.oaconvolve")
def _(conv):
    from scipy import signal
    return signal.oaconvolve(conv(data(40)), conv(data(7, seed=1)))


@case("signal.medfilt")
def _(conv):
    from scipy import signal
    return signal.medfilt(conv(data(20)), 3)


@case("signal.resample")
def _(conv):
    from scipy import signal
    return signal.resample(conv(data(20)), 30)


@case("signal.butter")
def _(conv):
    from scipy import signal
    return signal.butter(3, conv(np.asarray(0.2)))


@case("signal.freqz")
def _(conv):
    from scipy import signal
    return signal.freqz(conv(np.array([1., .5])), conv(np.array([1., -.3])), worN=16)


@case("integrate.tanhsinh", rtol=1e-8)
def _(conv):
    from scipy import integrate
    xp = _xp(conv) or np
    r = integrate.tanhsinh(lambda x: xp.exp(-x * x), conv(np.array([0.0, 0.5])),
                           conv(np.array([1.0, 2.0])))
    return r.integral


@case("integrate.nsum", rtol=1e-8)
def _(conv):
    from scipy import integrate
    r = integrate.nsum(lambda k: 1.0 / (k * k), conv(np.array([1.0])), conv(np.array([50.0])))
    return r.sum


@case("differentiate.derivative", rtol=1e-8)
def _(conv):
    from scipy import differentiate
    xp = _xp(conv) or np
    return differentiate.derivative(xp.sin, conv(np.array([0.5, 1.0]))).df


@case("optimize.rosen_hess")
def _(conv):
    from scipy import optimize
    return optimize.rosen_hess(conv(data(5)))


@case("optimize.rosen_hess_prod")
def _(conv):
    from scipy import optimize
    return optimize.rosen_hess_prod(conv(data(5)), conv(data(5, seed=1)))


@case("cluster.vq.vq")
def _(conv):
    from scipy.cluster import vq
    return vq.vq(conv(data(10, 2)), conv(data(3, 2, seed=1)))


@case("cluster.hierarchy.linkage")
def _(conv):
    from scipy.cluster import hierarchy
    return hierarchy.linkage(conv(data(6, 2)), "ward")


@case("ndimage.median_filter")
def _(conv):
    from scipy import ndimage
    return ndimage.median_filter(conv(data(6, 6)), 3)


@case("ndimage.sobel")
def _(conv):
    from scipy import ndimage
    return ndimage.sobel(conv(data(6, 6)))


@case("ndimage.zoom")
def _(conv):
    from scipy import ndimage
    return ndimage.zoom(conv(data(4, 4)), 2, order=1)


@case("ndimage.label")
def _(conv):
    from scipy import ndimage
    return ndimage.label(conv((data(6, 6) > 0).astype(np.int32)))


@case("ndimage.center_of_mass")
def _(conv):
    from scipy import ndimage
    return ndimage.center_of_mass(conv(data(6, 6, positive=True)))


@case("interpolate.CubicSpline")
def _(conv):
    from scipy import interpolate
    f = interpolate.CubicSpline(conv(np.linspace(0, 1, 8)), conv(data(8)))
    return f(conv(np.linspace(0, 1, 5)))


@case("spatial.transform.Rotation.from_euler")
def _(conv):
    from scipy.spatial.transform import Rotation
    return Rotation.from_euler("xyz", conv(data(3, 3))).as_quat()


@case("spatial.transform.Rotation.apply")
def _(conv):
    from scipy.spatial.transform import Rotation
    return Rotation.from_rotvec(conv(data(3))).apply(conv(data(4, 3, seed=1)))


@case("spatial.transform.RigidTransform")
def _(conv):
    from scipy.spatial.transform import RigidTransform
    return RigidTransform.from_translation(conv(data(2, 3))).as_matrix()


@case("linalg.fiedler")
def _(conv):
    from scipy import linalg
    return linalg.fiedler(conv(data(4)))


@case("constants.convert_temperature")
def _(conv):
    from scipy import constants
    return constants.convert_temperature(conv(data(4)), "C", "K")


# ---- running the cases ------------------------------------------------------------------------

def _identity(x):
    return x


def _leaves(result):
    """The arrays and scalars of a result: tuples, named tuples and result objects with
    statistic/pvalue flattened."""
    if isinstance(result, (tuple, list)):
        return [leaf for item in result for leaf in _leaves(item)]
    if hasattr(result, "statistic") and hasattr(result, "pvalue"):
        return _leaves(result.statistic) + _leaves(result.pvalue)
    return [result]


def _run_case(name) -> dict:
    import paddle_c as pc

    fn, rtol, atol, _, default_float = CASES[name]
    try:
        expected = _leaves(fn(_identity))
        got = _leaves(fn(pc.asarray))
        if len(got) != len(expected):
            return {"ok": False, "error": f"{len(got)} results, NumPy gives {len(expected)}"}
        for g, e in zip(got, expected):
            if isinstance(e, (np.ndarray, np.generic)) and not isinstance(g, pc.Tensor):
                return {"ok": False, "error": f"returned {type(g).__name__}, not a Tensor"}
            gv = np.asarray(g)
            ev = np.asarray(e)
            if gv.shape != ev.shape:
                return {"ok": False, "error": f"shape {gv.shape}, NumPy gives {ev.shape}"}
            want = np.float32 if default_float and ev.dtype == np.float64 else ev.dtype
            if isinstance(e, (np.ndarray, np.generic)) and gv.dtype != want:
                return {"ok": False, "error": f"dtype {gv.dtype}, NumPy gives {ev.dtype}"}
            np.testing.assert_allclose(gv, ev, rtol=rtol, atol=atol, equal_nan=True)
    except Exception as exc:  # reported to the parent test, which fails with it
        msg = str(exc).strip().splitlines()
        return {"ok": False, "error": f"{type(exc).__name__}: {msg[0] if msg else ''}"[:300]}
    return {"ok": True, "error": ""}


def _main():
    results = {name: _run_case(name) for name in CASES}
    json.dump(results, sys.stdout)


@pytest.fixture(scope="module")
def scipy_results():
    pytest.importorskip("scipy")
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    here = Path(__file__).resolve().parent
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(here), env.get("PYTHONPATH")]))
    r = subprocess.run([sys.executable, str(Path(__file__).resolve())], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


@pytest.mark.parametrize("name", sorted(CASES))
def test_scipy_function(name, scipy_results):
    res = scipy_results[name]
    reason = CASES[name][3]
    if reason is not None and not res["ok"]:
        pytest.xfail(f"{reason} ({res['error']})")
    assert res["ok"], f"{name}: {res['error']}"


if __name__ == "__main__":
    os.environ["SCIPY_ARRAY_API"] = "1"
    _main()
