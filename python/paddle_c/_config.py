"""paddle_c.show_config(): how this build runs on this machine (ISA variant, threads, BLAS)."""

from . import _C


def _cpu_flags():
    """The x86 vector flags /proc/cpuinfo reports (empty where it does not exist)."""
    wanted = ("sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512cd", "avx512dq",
              "avx512vl", "asimd")
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith(("flags", "Features")):
                    have = set(line.split(":", 1)[1].split())
                    return [w for w in wanted if w in have]
    except OSError:
        pass
    return []


def show_config(mode="stdout"):
    """Print (mode="stdout") or return (mode="dicts") the build's configuration.

    ``isa`` is the variant of the dispatched CPU kernels in use (baseline, avx2, avx512, or
    native for a ``PC_NATIVE=ON`` build); ``PADDLE_C_ISA`` in the environment forces a lower
    one. ``num_threads`` is the size of the thread pool (``PADDLE_C_NUM_THREADS``, else the CPUs
    this process may run on).
    """
    if mode not in ("stdout", "dicts"):
        raise ValueError(f"mode must be 'stdout' or 'dicts', not {mode!r}")
    cpu = dict(_C._cpu_config())
    cpu["isa_compiled"] = list(cpu["isa_compiled"])
    cpu["cpu_flags"] = _cpu_flags()
    config = {"cpu": cpu, "blas": {"name": "openblas", "package": "scipy-openblas32"}}
    if mode == "dicts":
        return config
    for section, values in config.items():
        print(f"{section}:")
        for key, value in values.items():
            if isinstance(value, list):
                value = " ".join(value)
            print(f"  {key}: {value}")
    return None
