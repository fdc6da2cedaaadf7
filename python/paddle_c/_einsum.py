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


def _diagonals(labels: list[int], shape: list[int], steps: list):
    """Steps taking every repeated label of an operand to its diagonal (views); the labels
    and shape that remain."""
    labels, shape = list(labels), list(shape)
    while True:
        dup = next((lab for lab in labels if labels.count(lab) > 1), None)
        if dup is None:
            return labels, shape
        p = labels.index(dup)
        q = labels.index(dup, p + 1)
        if shape[p] != shape[q]:
            raise ValueError(f"einsum: label {chr(dup)!r} has extents {shape[p]} and "
                             f"{shape[q]} in one operand")
        rest = [i for i in range(len(labels)) if i not in (p, q)]
        perm = tuple(rest) + (p, q)
        steps.append(lambda x, perm=perm: _C._linalg_diagonal(_C.permute_dims(x, perm), 0))
        labels = [labels[i] for i in rest] + [dup]
        shape = [shape[i] for i in rest] + [shape[p]]


def _sum_out(labels: list[int], shape: list[int], drop: set[int], dtype, steps: list):
    """A step summing over the axes whose labels are in `drop`; the labels and shape left."""
    axes = tuple(i for i, lab in enumerate(labels) if lab in drop)
    if not axes:
        return labels, shape
    steps.append(lambda x: _C.sum(x, axis=axes, dtype=dtype))
    return ([lab for lab in labels if lab not in drop],
            [n for lab, n in zip(labels, shape) if lab not in drop])


def _prod(values) -> int:
    n = 1
    for v in values:
        n *= v
    return n


def _contract(la: list[int], sa: list[int], lb: list[int], sb: list[int], keep: set[int],
              sizes: dict[int, int]):
    """The step computing a (labels la, shape sa) times b (labels lb, shape sb), summed over
    the shared labels not in `keep`, as one batched matrix product: (step(a, b), labels,
    shape) of the result."""
    batch = [lab for lab in la if lab in lb and lab in keep]
    summed = [lab for lab in la if lab in lb and lab not in keep]
    a_only = [lab for lab in la if lab not in lb]
    b_only = [lab for lab in lb if lab not in la]
    if not summed:
        # nothing to sum: a broadcasting product of views (outer and elementwise products)
        pa = tuple(la.index(lab) for lab in batch + a_only)
        pb = tuple(lb.index(lab) for lab in batch + b_only)
        nb, na = len(batch), len(a_only)
        ea = tuple(range(nb + na, nb + na + len(b_only)))
        eb = tuple(range(nb, nb + na))

        def product(a, b):
            av = _C.permute_dims(a, pa)
            bv = _C.permute_dims(b, pb)
            if ea:
                av = _C.expand_dims(av, axis=ea)
            if eb:
                bv = _C.expand_dims(bv, axis=eb)
            return _C.multiply(av, bv)

        labels = batch + a_only + b_only
        shape = [max(sa[la.index(lab)], sb[lb.index(lab)]) for lab in batch]
        shape += [sa[la.index(lab)] for lab in a_only] + [sb[lb.index(lab)] for lab in b_only]
        return product, labels, shape

    def arrange(labels, shape, order):
        perm = tuple(labels.index(lab) for lab in order)
        full = tuple(sizes[lab] for lab in order)
        expand = tuple(shape[i] for i in perm) != full
        return perm, full, expand

    nb, nm, nk, nn = (_prod(sizes[lab] for lab in group)
                      for group in (batch, a_only, summed, b_only))
    pa, fa, xa = arrange(la, sa, batch + a_only + summed)
    pb, fb, xb = arrange(lb, sb, batch + summed + b_only)
    labels = batch + a_only + b_only
    shape = tuple(sizes[lab] for lab in labels)

    def product(a, b):
        a = _C.permute_dims(a, pa)
        b = _C.permute_dims(b, pb)
        a = _C.reshape(_C.broadcast_to(a, fa) if xa else a, (nb, nm, nk))
        b = _C.reshape(_C.broadcast_to(b, fb) if xb else b, (nb, nk, nn))
        return _C.reshape(_C.matmul(a, b), shape)

    return product, labels, list(shape)


def _chain(steps):
    """One function applying the steps in turn."""
    def run(x):
        for step in steps:
            x = step(x)
        return x
    return run


def _plan(equation, shapes: list[tuple[int, ...]], dtype):
    """The computation of einsum(equation) on operands of these shapes and this dtype, as a
    function of the operands (a list of Tensors)."""
    inputs, output = _parse(equation, [len(s) for s in shapes])

    # the extent of every label, checked for agreement (1 broadcasts)
    sizes: dict[int, int] = {}
    for shape, labels in zip(shapes, inputs):
        for lab, n in zip(labels, shape):
            m = sizes.get(lab, n)
            if m != n and 1 not in (m, n):
                name = repr(chr(lab)) if lab >= 0 else "'...'"
                raise ValueError(f"einsum: label {name} has extents {m} and {n}")
            sizes[lab] = max(m, n) if 1 in (m, n) else n

    # per operand: its diagonals, then the labels nobody else needs summed out at once
    prep, ops = [], []
    for shape, labels in zip(shapes, inputs):
        steps: list = []
        ops.append(_diagonals(labels, shape, steps))
        prep.append(steps)
    computed = False
    for k in range(len(ops)):
        labels, shape = ops[k]
        others = {lab for j, (ls, _) in enumerate(ops) if j != k for lab in ls}
        drop = {lab for lab in labels if lab not in others and lab not in output}
        if drop:
            computed = True
        ops[k] = _sum_out(labels, shape, drop, dtype, prep[k])
    prep = [_chain(steps) for steps in prep]

    labels, shape = ops[0]
    products = []
    for k in range(1, len(ops)):
        lb, sb = ops[k]
        keep = set(output) | {lab for ls, _ in ops[k + 1:] for lab in ls}
        product, labels, shape = _contract(labels, shape, lb, sb, keep, sizes)
        products.append(product)
        computed = True

    final: list = []
    drop = {lab for lab in labels if lab not in output}
    if drop:
        computed = True
    labels, shape = _sum_out(labels, shape, drop, dtype, final)
    perm = tuple(labels.index(lab) for lab in output)
    final.append(lambda x: _C.permute_dims(x, perm))
    finish = _chain(final)

    def run(ts):
        t = prep[0](ts[0])
        for k, product in enumerate(products, 1):
            t = product(t, prep[k](ts[k]))
        t = finish(t)
        # a result made of views only (a transpose, a diagonal) is copied, and so is a
        # permuted one: einsum returns new, C-contiguous memory
        return t if computed and t.is_contiguous() else t.clone()

    return run


# [Why plans are kept] A program calls einsum with a few equations and shapes many times; the
# parse and the planning took most of a small einsum's 8-11 us (NumPy's whole call: 1.5 us).
# A plan depends on the equation, the operands' shapes and the dtype only.
_PLANS: dict = {}
_MAX_PLANS = 256


def einsum(equation, *operands):
    """einsum(equation, *operands) -> Tensor

    Einstein summation over the operands as the equation says (NumPy's and Paddle's notation):
    'ij,jk->ik' is a matrix product, 'ii->i' a diagonal, 'ii' a trace, 'i,j->ij' an outer
    product, '...ij,...jk->...ik' a batched product with broadcast batch dimensions.
    """
    ts = [op if isinstance(op, _C.Tensor) else _C.asarray(op) for op in operands]
    if not ts:
        raise ValueError("einsum: at least one operand is needed")
    if not isinstance(equation, str):
        raise TypeError(f"einsum: the equation must be a str, not {type(equation).__name__}")
    dtype = _C.result_type(*ts)
    ts = [t if t.dtype == dtype else _C.astype(t, dtype) for t in ts]
    shapes = tuple(tuple(t.shape) for t in ts)
    key = (equation, shapes, dtype)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _plan(equation, list(shapes), dtype)
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.pop(next(iter(_PLANS)))
        _PLANS[key] = plan
    return plan(ts)
