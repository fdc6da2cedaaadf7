"""einsum: Einstein summation lowered to paddle_c's own operations.

The equation is parsed into integer labels (letters, and one label per dimension an ellipsis
stands for), then computed with existing C operations only: repeated labels of one operand take
a diagonal (a view), labels no one else needs are summed out at once, operands are contracted
two at a time as one batched matrix product (permute_dims + reshape + matmul; a broadcasting
multiply when they share no summed label), and the result is permuted into the output's order.
Nothing here loops over elements.

Semantics are NumPy's (and Paddle's where Paddle has a kernel): implicit output (the labels that
appear once, in alphabetical order, after the ellipsis dimensions), explicit output after `->`,
`...` broadcasting right-aligned, extents of 1 broadcasting against the same label's extent
elsewhere. The result dtype is the operands' promoted dtype (integer sums do not widen).
"""

from __future__ import annotations

from . import _C

__all__ = ["einsum"]


def _parse_term(term: str, where: str) -> tuple[list[str], bool]:
    """The letters of one term and whether it has an ellipsis (and where: kept as '.')."""
    if term.count("...") > 1 or (term.count(".") - 3 * term.count("...")) != 0:
        raise ValueError(f"einsum: {where} {term!r} has a '.' that is not one '...'")
    out: list[str] = []
    i = 0
    while i < len(term):
        if term.startswith("...", i):
            out.append(".")
            i += 3
            continue
        ch = term[i]
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z"):
            raise ValueError(f"einsum: {ch!r} in {where} {term!r} is not a letter")
        out.append(ch)
        i += 1
    return out, "." in out


def _parse(equation: str, ndims: list[int]):
    """(labels of each operand, labels of the output) as lists of ints: ord(letter) for
    letters, -1, -2, ... for the ellipsis dimensions counted from the right."""
    if not isinstance(equation, str):
        raise TypeError(f"einsum: the equation must be a str, not {type(equation).__name__}")
    eq = "".join(equation.split())
    if eq.count("->") > 1:
        raise ValueError("einsum: the equation has more than one '->'")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ndims):
        raise ValueError(f"einsum: the equation has {len(terms)} input term(s) for "
                         f"{len(ndims)} operand(s)")
    inputs: list[list[int]] = []
    nell = 0
    for k, (term, nd) in enumerate(zip(terms, ndims)):
        letters, has_ell = _parse_term(term, f"input term {k}")
        nlet = len(letters) - has_ell
        if nlet > nd or (not has_ell and nlet != nd):
            raise ValueError(f"einsum: term {term!r} has {nlet} label(s) for an operand of "
                             f"{nd} dimension(s)")
        ne = nd - nlet if has_ell else 0
        nell = max(nell, ne)
        labels: list[int] = []
        for ch in letters:
            labels.extend(range(-ne, 0) if ch == "." else [ord(ch)])
        inputs.append(labels)
    if arrow:
        letters, has_ell = _parse_term(rhs, "output")
        if nell > 0 and not has_ell:
            raise ValueError("einsum: the inputs have '...' dimensions but the output has no "
                             "'...'")
        output: list[int] = []
        for ch in letters:
            output.extend(range(-nell, 0) if ch == "." else [ord(ch)])
        seen = {lab for labels in inputs for lab in labels}
        for ch in letters:
            if ch != "." and ord(ch) not in seen:
                raise ValueError(f"einsum: output label {ch!r} appears in no input")
            if ch != "." and letters.count(ch) > 1:
                raise ValueError(f"einsum: output label {ch!r} appears more than once")
    else:
        counts: dict[int, int] = {}
        for labels in inputs:
            for lab in labels:
                counts[lab] = counts.get(lab, 0) + 1
        once = sorted((lab for lab, c in counts.items() if lab >= 0 and c == 1),
                      key=lambda lab: chr(lab))
        output = list(range(-nell, 0)) + once
    return inputs, output


def _diagonals(x, labels: list[int]):
    """x with every repeated label reduced to its diagonal (views); the labels that remain."""
    labels = list(labels)
    while True:
        dup = next((lab for lab in labels if labels.count(lab) > 1), None)
        if dup is None:
            return x, labels
        p = labels.index(dup)
        q = labels.index(dup, p + 1)
        if x.shape[p] != x.shape[q]:
            raise ValueError(f"einsum: label {chr(dup)!r} has extents {x.shape[p]} and "
                             f"{x.shape[q]} in one operand")
        rest = [i for i in range(x.ndim) if i not in (p, q)]
        x = _C._linalg_diagonal(_C.permute_dims(x, tuple(rest) + (p, q)), 0)
        labels = [labels[i] for i in rest] + [dup]


def _sum_out(x, labels: list[int], drop: set[int], dtype):
    """x summed over the axes whose labels are in `drop`."""
    axes = tuple(i for i, lab in enumerate(labels) if lab in drop)
    if not axes:
        return x, labels
    return (_C.sum(x, axis=axes, dtype=dtype),
            [lab for lab in labels if lab not in drop])


def _prod(values) -> int:
    n = 1
    for v in values:
        n *= v
    return n


def _contract(a, la: list[int], b, lb: list[int], keep: set[int], sizes: dict[int, int]):
    """a (labels la) times b (labels lb), summed over the shared labels not in `keep`, as one
    batched matrix product. Returns (result, its labels)."""
    batch = [lab for lab in la if lab in lb and lab in keep]
    summed = [lab for lab in la if lab in lb and lab not in keep]
    a_only = [lab for lab in la if lab not in lb]
    b_only = [lab for lab in lb if lab not in la]
    if not summed:
        # nothing to sum: a broadcasting product of views (outer and elementwise products)
        av = _C.permute_dims(a, tuple(la.index(lab) for lab in batch + a_only))
        bv = _C.permute_dims(b, tuple(lb.index(lab) for lab in batch + b_only))
        nb, na = len(batch), len(a_only)
        if b_only:
            av = _C.expand_dims(av, axis=tuple(range(nb + na, nb + na + len(b_only))))
        if a_only:
            bv = _C.expand_dims(bv, axis=tuple(range(nb, nb + na)))
        return _C.multiply(av, bv), batch + a_only + b_only

    def arrange(x, labels, order):
        x = _C.permute_dims(x, tuple(labels.index(lab) for lab in order))
        shape = tuple(sizes[lab] for lab in order)
        return _C.broadcast_to(x, shape) if tuple(x.shape) != shape else x

    nb, nm, nk, nn = (_prod(sizes[lab] for lab in group)
                      for group in (batch, a_only, summed, b_only))
    am = _C.reshape(arrange(a, la, batch + a_only + summed), (nb, nm, nk))
    bm = _C.reshape(arrange(b, lb, batch + summed + b_only), (nb, nk, nn))
    r = _C.matmul(am, bm)
    out_labels = batch + a_only + b_only
    return _C.reshape(r, tuple(sizes[lab] for lab in out_labels)), out_labels


def einsum(equation, *operands):
    """einsum(equation, *operands) -> Tensor

    Einstein summation over the operands as the equation says (NumPy's and Paddle's notation):
    'ij,jk->ik' is a matrix product, 'ii->i' a diagonal, 'ii' a trace, 'i,j->ij' an outer
    product, '...ij,...jk->...ik' a batched product with broadcast batch dimensions.
    """
    ts = [op if isinstance(op, _C.Tensor) else _C.asarray(op) for op in operands]
    if not ts:
        raise ValueError("einsum: at least one operand is needed")
    inputs, output = _parse(equation, [t.ndim for t in ts])
    dtype = _C.result_type(*ts)
    ts = [t if t.dtype == dtype else _C.astype(t, dtype) for t in ts]

    # the extent of every label, checked for agreement (1 broadcasts)
    sizes: dict[int, int] = {}
    for t, labels in zip(ts, inputs):
        for lab, n in zip(labels, t.shape):
            m = sizes.get(lab, n)
            if m != n and 1 not in (m, n):
                name = repr(chr(lab)) if lab >= 0 else "'...'"
                raise ValueError(f"einsum: label {name} has extents {m} and {n}")
            sizes[lab] = max(m, n) if 1 in (m, n) else n

    ops = []
    for t, labels in zip(ts, inputs):
        t, labels = _diagonals(t, labels)
        ops.append((t, labels))

    computed = False
    for k in range(len(ops)):
        # labels nobody else needs are summed out before any product
        t, labels = ops[k]
        others = {lab for j, (_, ls) in enumerate(ops) if j != k for lab in ls}
        drop = {lab for lab in labels if lab not in others and lab not in output}
        if drop:
            computed = True
        ops[k] = _sum_out(t, labels, drop, dtype)

    t, labels = ops[0]
    for k in range(1, len(ops)):
        b, lb = ops[k]
        keep = set(output) | {lab for _, ls in ops[k + 1:] for lab in ls}
        t, labels = _contract(t, labels, b, lb, keep, sizes)
        computed = True

    drop = {lab for lab in labels if lab not in output}
    if drop:
        computed = True
    t, labels = _sum_out(t, labels, drop, dtype)
    t = _C.permute_dims(t, tuple(labels.index(lab) for lab in output))
    # a result made of views only (a transpose, a diagonal) is copied, and so is a permuted
    # one: einsum returns new, C-contiguous memory
    return t if computed and t.is_contiguous() else t.clone()
