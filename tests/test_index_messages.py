"""IndexError messages of advanced indexing are the same on every device (the `device`
fixture) and on every path of the CPU.

An unsigned index at or above 2**63 fits no int64: the device path (INDEX_OFFSETS, whose
result word carries the index's 64 bits) used to say "index 9223372036854775808 is out of
bounds for axis 0 with size 3" where the CPU says "index 9223372036854775808 is out of bounds".
"""

import math

import pytest

import paddle_c as pc


def _index_messages(x, idx):
    """The message of each indexing entry point given the (too large) index tensor idx."""
    flat = pc.reshape(idx, (1,) * x.ndim)
    calls = {
        "get": lambda: x[idx],
        "get-last": lambda: x[..., idx],
        "set": lambda: x.__setitem__(idx, 0),
        "set-last": lambda: x.__setitem__((Ellipsis, idx), 0),
        "take": lambda: pc.take(x, idx, axis=-1),
        "take-flat": lambda: pc.take(x, idx),
        "take_along_axis": lambda: pc.take_along_axis(x, flat, axis=-1),
        "take_along_axis-0": lambda: pc.take_along_axis(x, flat, axis=0),
    }
    out = {}
    for name, call in calls.items():
        with pytest.raises(IndexError) as e:
            call()
        out[name] = str(e.value)
    return out


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 3, 4)], ids=str)
@pytest.mark.parametrize("value", [2**63, 2**64 - 1, 99])
def test_unsigned_index_messages_match_the_cpu(device, shape, value):
    # the device path said "... for axis 0 with size 3" where the CPU says "index 2**63 is out
    # of bounds" (and the CPU itself said either, depending on the path)
    values = pc.reshape(pc.arange(math.prod(shape), device="cpu"), shape)
    x = values.to_device(device)
    try:
        x[pc.asarray([0], device=device)]
    except NotImplementedError:
        pytest.skip(f"no advanced indexing on {device}")
    want = _index_messages(values, pc.asarray([value], dtype=pc.uint64, device="cpu"))
    got = _index_messages(x, pc.asarray([value], dtype=pc.uint64, device=device))
    assert got == want
    if value >= 2**63:
        assert set(want.values()) == {f"index {value} is out of bounds"}
    # the failed assignments wrote nothing
    n = math.prod(shape)
    assert pc.reshape(x, (n,)).tolist() == pc.reshape(values, (n,)).tolist() == list(range(n))
