"""The stand-in suite's test package (see ../conftest.py)."""
