"""A child interpreter that runs code snippets one by one, for inputs that once crashed.

A crash (a segfault, an ASan or UBSan abort) or a hang must fail one test, not the test run, so
every snippet runs in a child process. Starting an interpreter per snippet is slow (more so
under the sanitizers), so one child serves snippets until one of them kills it; the next
snippet then gets a fresh child. Each snippet runs in a fresh namespace with PRELUDE's names
and reports the exception it raised or the value it left in `result`.

The child inherits the environment, so under `make sanitize` it runs the sanitized build; a
Child made with `env` runs in that environment instead (for what paddle_c reads at import).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
from dataclasses import dataclass

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))

# Names every snippet sees: the hostile objects (hostile_objects.py) among them.
PRELUDE = r'''
import gc, pickle, sys
import numpy as np
import paddle_c as pc
sys.path.insert(0, TESTS_DIR)
from hostile_objects import *
'''

_WORKER = r'''
import json, sys, traceback
TESTS_DIR = sys.argv[1]
prelude = compile(sys.argv[2], "<prelude>", "exec")
out = sys.stdout
for line in sys.stdin:
    code = json.loads(line)
    ns = {"TESTS_DIR": TESTS_DIR}
    try:
        exec(prelude, ns)
        exec(compile(code, "<snippet>", "exec"), ns)
        reply = {"ok": True, "result": repr(ns.get("result"))}
    except BaseException as e:
        reply = {"ok": False, "exc": type(e).__name__, "msg": str(e)}
    out.write(json.dumps(reply) + "\n")
    out.flush()
'''


@dataclass
class Outcome:
    ok: bool            # the snippet finished without an exception
    result: str = ""    # repr of the snippet's `result`
    exc: str = ""       # the exception's type name
    msg: str = ""

    def __str__(self):
        return f"result {self.result}" if self.ok else f"{self.exc}: {self.msg}"


class ChildError(AssertionError):
    """The child died (crash, sanitizer report) or did not answer in time."""


class Child:
    def __init__(self, timeout: float = 120.0, env: dict | None = None):
        self.timeout = timeout
        self.env = env
        self.proc = None
        self.stderr = None

    def _start(self):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER, TESTS_DIR, PRELUDE],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
            env=self.env)

    def _stop(self) -> str:
        """Kill the child; returns what it wrote to stderr (the tail)."""
        proc, self.proc = self.proc, None
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        self.stderr.seek(0)
        err = self.stderr.read().decode(errors="replace")
        self.stderr.close()
        return f"exit status {proc.returncode}\n{err[-4000:]}"

    def run(self, code: str, timeout: float | None = None) -> Outcome:
        """Run `code` in the child; ChildError when it crashes or hangs."""
        if self.proc is None:
            self._start()
        self.proc.stdin.write(json.dumps(code) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout or self.timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            why = "died" if ready else f"did not answer within {timeout or self.timeout} s"
            raise ChildError(f"the child {why} running:\n{code}\n{self._stop()}")
        return Outcome(**json.loads(line))

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self._stop()
