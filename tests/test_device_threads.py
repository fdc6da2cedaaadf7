"""Several threads running data-dependent operations on one device at once each see their own
outcome: results, counts and errors never leak from one thread's operation into another's
(each operation takes a result word of its own, backend.h).

Every thread runs one kind of operation in a loop, alternating calls that must succeed (their
result checked against a precomputed answer) with calls that must fail (their exception and
message checked). The tensors are large enough that the calls release the GIL, so the device
work of the threads really interleaves. Runs on every non-CPU device present (make test-hostdev).
"""

import threading
import time

import numpy as np
import pytest

import paddle_c as pc

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="needs a device besides the CPU "
                                "(make test-hostdev enables hostdev:0)")

N = 1 << 15  # above the size from which calls release the GIL
SECONDS = 3.0


def workers(dev):
    """(name, good call -> check, bad call -> (exception type, message part)) per thread."""
    rng = np.random.default_rng(7)
    a = rng.standard_normal(N)
    x = pc.asarray(a, device=dev)
    good_idx = rng.integers(-N, N, 4096)
    gi = pc.asarray(good_idx, device=dev)
    bi = pc.asarray(np.concatenate([good_idx[:100], [N + 5]]), device=dev)
    vals = rng.integers(0, 50, N)
    v = pc.asarray(vals, device=dev)
    uniq = np.unique(vals)
    mask = a > 1.0
    m = pc.asarray(mask, device=dev)
    nz = np.nonzero(mask)[0]
    srt = np.sort(a)
    s = pc.asarray(srt, device=dev)
    q = pc.asarray(a[:4096], device=dev)
    sorter = pc.asarray(np.argsort(a), device=dev)
    bad_sorter = pc.asarray(np.where(np.arange(N) == 3, N + 7, np.argsort(a)), device=dev)
    spd = pc.asarray(np.eye(64) * 4 + 0.5, device=dev)
    singular = pc.asarray(np.ones((64, 64)), device=dev)
    w = pc.zeros((N,), device=dev)

    def take_ok():
        r = pc.take(x, gi)
        np.testing.assert_array_equal(np.asarray(r), a[good_idx])

    def getitem_ok():
        r = x[gi]
        np.testing.assert_array_equal(np.asarray(r), a[good_idx])

    def setitem_ok():
        w[gi] = 1.0
        assert float(pc.sum(w)) == len(np.unique(good_idx % N))
        w[gi] = 0.0

    def setitem_bad():
        w[bi] = 5.0  # nothing may be written: the check comes first

    def after_setitem_bad():
        assert float(pc.sum(w)) == 0.0, "a failed assignment wrote"

    def unique_ok():
        r = pc.unique_values(v)
        np.testing.assert_array_equal(np.asarray(r), uniq)

    def nonzero_ok():
        (r,) = pc.nonzero(m)
        np.testing.assert_array_equal(np.asarray(r), nz)

    def mask_ok():
        r = x[m]
        np.testing.assert_array_equal(np.asarray(r), a[mask])

    def search_ok():
        r = pc.searchsorted(x, q, sorter=sorter)
        np.testing.assert_array_equal(np.asarray(r), np.searchsorted(a, a[:4096], sorter=np.argsort(a)))

    def cholesky_ok():
        r = pc.linalg.cholesky(spd)
        np.testing.assert_allclose(np.asarray(r @ pc.matrix_transpose(r)), np.asarray(spd),
                                   rtol=1e-12)

    def inv_ok():
        r = pc.linalg.inv(spd)
        np.testing.assert_allclose(np.asarray(r @ spd), np.eye(64), atol=1e-12)

    index_error = (IndexError, f"index {N + 5} is out of bounds")
    return [
        ("take", take_ok, lambda: pc.take(x, bi), index_error, None),
        ("getitem", getitem_ok, lambda: x[bi], index_error, None),
        ("setitem", setitem_ok, setitem_bad, index_error, after_setitem_bad),
        ("unique", unique_ok, lambda: pc.take(v, bi), index_error, None),
        ("nonzero", nonzero_ok, lambda: x[bi], index_error, None),
        ("mask", mask_ok, lambda: pc.take(x, bi), index_error, None),
        ("searchsorted", search_ok, lambda: pc.searchsorted(s, q, sorter=bad_sorter),
         (IndexError, "sorter"), None),
        ("cholesky", cholesky_ok, lambda: pc.linalg.cholesky(singular - 2 * spd),
         (ValueError, "positive"), None),
        ("inv", inv_ok, lambda: pc.linalg.inv(singular), (ValueError, "singular"), None),
    ]


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_threads_see_their_own_outcomes(device):
    jobs = workers(device)
    for _, ok, bad, (kind, part), after in jobs:  # each job is right when run alone
        ok()
        with pytest.raises(kind, match=part):
            bad()
        if after is not None:
            after()
    errors = []
    counts = {}
    stop = time.monotonic() + SECONDS
    start = threading.Barrier(len(jobs))

    def run(name, ok, bad, expected, after):
        kind, part = expected
        good = failed = 0
        start.wait()
        try:
            while time.monotonic() < stop:
                ok()
                good += 1
                try:
                    bad()
                except kind as e:
                    if part not in str(e):
                        errors.append(f"{name}: another message: {e}")
                else:
                    errors.append(f"{name}: a bad call went through")
                if after is not None:
                    after()
                failed += 1
        except Exception as e:  # noqa: BLE001 - a good call failed: another thread's outcome
            errors.append(f"{name}: {type(e).__name__}: {e}")
        counts[name] = (good, failed)

    threads = [threading.Thread(target=run, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, f"{len(errors)} crossed outcomes, e.g. {errors[:5]}"
    assert all(g > 0 and f > 0 for g, f in counts.values()), counts
