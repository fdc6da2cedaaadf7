"""Objects that run Python code while paddle_c reads them, for test_hostile.py and the fuzzer.

Each one empties or grows a list from inside its own conversion (__index__ or __array__), or
is a sequence that never ends, contains itself or lies about its length. paddle_c must answer
each with a clean exception or the result for the list as it was when the call began.
"""

from __future__ import annotations

import gc

import numpy as np


class ClearOnIndex:
    """An integer whose __index__ empties `target` (and collects the garbage) first."""

    def __init__(self, target, value):
        self.target, self.value = target, value

    def __index__(self):
        self.target.clear()
        gc.collect(0)
        return self.value


class GrowOnIndex(ClearOnIndex):
    """An integer whose __index__ grows `target` by 100 items first."""

    def __index__(self):
        self.target.extend([1] * 100)
        return self.value


class ClearOnArray:
    """An array-like whose __array__ empties `target` first."""

    def __init__(self, target, value):
        self.target, self.value = target, value

    def __array__(self, dtype=None, copy=None):
        self.target.clear()
        gc.collect(0)
        return np.asarray(self.value)


class GrowOnArray(ClearOnArray):
    """An array-like whose __array__ grows `target` from its `when`-th call on."""

    def __init__(self, target, value, when=1):
        super().__init__(target, value)
        self.when, self.calls = when, 0

    def __array__(self, dtype=None, copy=None):
        self.calls += 1
        if self.calls >= self.when:
            self.target.extend([1.0] * 10000)
        return np.asarray(self.value)


class NoLen:
    """__getitem__ without __len__: iterating it never ends."""

    def __getitem__(self, i):
        return 1.0


class SelfSeq:
    """A sequence of one item: itself."""

    def __len__(self):
        return 1

    def __getitem__(self, i):
        if i:
            raise IndexError(i)
        return self


class LyingLen:
    """len() says 3; indexing stops after one item."""

    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i:
            raise IndexError(i)
        return 1.0


class LenLies:
    """len() says 10**9; indexing stops after three items."""

    def __len__(self):
        return 10**9

    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return float(i)


class Seq:
    """A plain sequence (neither list nor tuple) with __len__ and __getitem__."""

    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def hostile(kind, value, *rest):
    """A list [item, *rest] whose first item, when converted, empties or grows the list."""
    seq = []
    seq.append(kind(seq, value))
    seq.extend(rest)
    return seq


def middle(kind, value, first, last):
    """A list [first, item, last] whose middle item empties or grows the list."""
    seq = [first]
    seq.append(kind(seq, value))
    seq.append(last)
    return seq
