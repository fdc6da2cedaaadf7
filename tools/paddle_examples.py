#!/usr/bin/env python3
"""Run Paddle's own documented examples on Paddle and on paddle_c.paddle, and compare.

For every name `paddle_c.paddle` exports (and the functions of its `linalg` and `fft`) that the
installed Paddle wheel also has, the `>>>` lines of Paddle's docstring form one example program.
Each program runs twice, in a worker process per library: on the real `paddle`, and with
`import paddle` giving `paddle_c.paddle`. Every variable the two runs leave is compared (dtype,
shape, values to the dtype's tolerance: tests/test_paddle_parity.py's normal form); printed text
is not (the two print tensors differently). An example is

- identical: every variable agrees;
- different: it runs on both and some variable differs;
- raise: it runs on Paddle and raises on paddle_c.paddle;
- needs autograd: it calls backward(), paddle.grad or sets stop_gradient=False (paddle_c has no
  autograd), counted apart without running;
- out of scope: it builds a static graph, or raises on Paddle itself (a GPU-only example, ...).

Examples that draw random numbers (paddle.rand, randn, seed, ...) cannot give Paddle's values
(docs/random.md), and `empty` leaves its values undefined: for them only the dtypes and shapes
are compared.

    python tools/paddle_examples.py            the counts, and each example that is not identical
    python tools/paddle_examples.py -v         also the first difference or exception of each

Not part of `make test` (it takes about a minute and needs the paddlepaddle wheel).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import pickle
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

STATIC = re.compile(r"enable_static\(|paddle\.static\.")
AUTOGRAD = re.compile(r"\.backward\(|paddle\.grad\(|stop_gradient\s*=\s*False|"
                      r"paddle\.autograd|\.grad\b")
RANDOM = re.compile(r"paddle\.(rand|randn|randint|randint_like|uniform|normal|standard_normal|"
                    r"randperm|bernoulli|multinomial|poisson|seed|empty|empty_like)\b|"
                    r"\.(uniform_|normal_|exponential_|bernoulli_)\(")


def example_code(doc: str) -> str:
    """The `>>>` program of a docstring ('' when it has none)."""
    lines = []
    for line in (doc or "").splitlines():
        s = line.strip()
        if s.startswith(">>> "):
            lines.append(s[4:])
        elif s == ">>>":
            lines.append("")
        elif s.startswith("... "):
            lines.append(s[4:])
        elif s == "...":
            lines.append("")
    return "\n".join(lines)


def collect_examples() -> dict[str, str]:
    """{qualified name: program} for paddle_c.paddle's names that Paddle documents (one
    program per docstring: names sharing a docstring keep the first)."""
    import warnings

    warnings.filterwarnings("ignore")
    import paddle

    import paddle_c.paddle as ours

    names = [("", n) for n in ours.__all__]
    names += [("linalg.", n) for n in dir(ours.linalg) if not n.startswith("_")]
    names += [("fft.", n) for n in dir(ours.fft) if not n.startswith("_")]
    seen, out = set(), {}
    for prefix, name in names:
        space = paddle
        for part in prefix.split(".")[:-1]:
            space = getattr(space, part, None)
        obj = getattr(space, name, None) if space is not None else None
        doc = getattr(obj, "__doc__", None) if callable(obj) else None
        code = example_code(doc)
        if not code or "import paddle" not in code or code in seen:
            continue
        seen.add(code)
        out[prefix + name] = code
    return out


def _run_one(code: str, lib_name: str):
    """("ok", {variable: normal form}) or ("raises", "Type: message")."""
    import contextlib
    import io

    import test_paddle_parity as parity

    lib = sys.modules["paddle"]
    ns: dict = {"__name__": "__example__"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "<example>", "exec"), ns)
    except BaseException as e:  # noqa: BLE001  (the exception is the result)
        return ("raises", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200])
    out = {}
    for k, v in ns.items():
        if k.startswith("_") or isinstance(v, type) or callable(v) and not isinstance(
                v, lib.Tensor) or type(v).__name__ == "module":
            continue
        try:
            out[k] = parity.normal(v, lib)
        except Exception as e:  # noqa: BLE001
            out[k] = ("obj", f"unreadable {type(e).__name__}")
    return ("ok", out)


def worker(which: str, examples_path: str, out_path: str) -> None:
    import warnings

    warnings.filterwarnings("ignore")
    if which == "paddle":
        import paddle

        paddle.set_device("cpu")
    else:
        import paddle_c.paddle

        sys.modules["paddle"] = paddle_c.paddle
    with open(examples_path, "rb") as f:
        examples = pickle.load(f)
    results = {}
    for name, code in examples.items():
        if AUTOGRAD.search(code):
            continue
        if which == "paddle":
            import paddle
            paddle.seed(2024)
        results[name] = _run_one(code, which)
        if which == "paddle":
            paddle.disable_static()  # an example may switch to static graphs
    with open(out_path, "wb") as f:
        pickle.dump(results, f)


def _run_worker(which: str, examples_path: str, out_path: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "PYTHONMALLOC")}
    env["GLOG_minloglevel"] = "3"
    proc = subprocess.run([sys.executable, __file__, "--worker", which, examples_path, out_path],
                          env=env, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"the {which} worker failed:\n{proc.stderr[-4000:]}")


def _shape_only(n):
    if n[0] == "tensor":
        return ("tensor", n[1], n[2])
    if n[0] == "seq":
        return ("seq", n[1], [_shape_only(e) for e in n[2]])
    if n[0] == "py":
        return ("py", n[1])
    return n


def classify(examples, theirs, ours):
    """{category: [(name, detail)]}."""
    import test_paddle_parity as parity

    cats: dict[str, list] = {k: [] for k in ("identical", "different", "raise", "needs autograd",
                                             "out of scope")}
    for name, code in examples.items():
        if AUTOGRAD.search(code):
            cats["needs autograd"].append((name, ""))
            continue
        t, o = theirs[name], ours[name]
        if STATIC.search(code):
            cats["out of scope"].append((name, "static graphs"))
            continue
        if t[0] == "raises":
            cats["out of scope"].append((name, t[1]))
            continue
        if o[0] == "raises":
            cats["raise"].append((name, o[1]))
            continue
        random = bool(RANDOM.search(code))
        differ = []
        for k, tv in t[1].items():
            if k not in o[1]:
                differ.append(f"{k}: missing")
                continue
            ov = o[1][k]
            if random:
                if _shape_only(tv) != _shape_only(ov):
                    differ.append(f"{k}: {parity.summary(tv)} vs {parity.summary(ov)}")
            elif not parity.same(tv, ov):
                differ.append(f"{k}: Paddle {parity.summary(tv)}, ours {parity.summary(ov)}")
        if differ:
            cats["different"].append((name, "; ".join(differ)[:300]))
        else:
            cats["identical"].append((name, "random: dtypes and shapes" if random else ""))
    return cats


def main(argv) -> int:
    if len(argv) == 5 and argv[1] == "--worker":
        worker(argv[2], argv[3], argv[4])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", action="store_true", help="show each difference or exception")
    args = ap.parse_args(argv[1:])
    with tempfile.TemporaryDirectory() as d:
        ex_path = os.path.join(d, "examples.pickle")
        env_code = ("import sys, pickle; sys.path.insert(0, %r); import paddle_examples as m; "
                    "pickle.dump(m.collect_examples(), open(%r, 'wb'))"
                    % (str(ROOT / "tools"), ex_path))
        env = dict(os.environ, GLOG_minloglevel="3")
        subprocess.run([sys.executable, "-c", env_code], env=env, check=True)
        with open(ex_path, "rb") as f:
            examples = pickle.load(f)
        results = {}
        for which in ("paddle", "paddle_c"):
            out = os.path.join(d, which + ".pickle")
            _run_worker(which, ex_path, out)
            with open(out, "rb") as f:
                results[which] = pickle.load(f)
    cats = classify(examples, results["paddle"], results["paddle_c"])
    scope = sum(len(cats[c]) for c in ("identical", "different", "raise"))
    random = sum(1 for _, d in cats["identical"] if d)
    print(f"{len(examples)} documented examples of paddle_c.paddle's names; {scope} in scope "
          f"(they run on Paddle and need no autograd): identical {len(cats['identical'])} (of "
          f"which {random} draw random numbers: dtypes and shapes compared), different "
          f"{len(cats['different'])}, raise {len(cats['raise'])}; needs autograd "
          f"{len(cats['needs autograd'])}; out of scope (static graphs, or Paddle itself raises) "
          f"{len(cats['out of scope'])}")
    for cat in ("different", "raise", "out of scope", "needs autograd"):
        if cats[cat]:
            print(f"\n{cat}:")
            for name, detail in cats[cat]:
                print(f"  {name}" + (f": {detail}" if args.v and detail else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
