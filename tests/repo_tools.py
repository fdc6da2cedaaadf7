"""The repository's scripts under tools/ as modules, for the tests that check them or use their
tables (tools/ is not a package: each script is loaded from its file)."""

from __future__ import annotations

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def tool_path(name: str) -> pathlib.Path:
    return ROOT / "tools" / f"{name}.py"


def load_tool(name: str):
    """tools/<name>.py loaded as the module <name>."""
    spec = importlib.util.spec_from_file_location(name, tool_path(name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
