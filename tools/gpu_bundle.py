#!/usr/bin/env python3
"""Pack what a GPU check needs into one compressed archive (`make gpu-bundle`, and CPU-built
for `make gpu-rehearsal`).

    python tools/gpu_bundle.py --ext DIR --python-version 3.12 --out FILE.tar.gz
                               --tests tests/test_gpu.py ... [--suite DIR]
                               [--cuda-archs 90 ...] [--wheels-cache DIR] [--max-mib 50]

--ext names an installed paddle_c package folder (python/paddle_c with the built _C*.so in
it): the CUDA build for the GPU machine, or the CPU build for the rehearsal. The archive holds
one folder, paddle_c-gpu/:

    pkg/paddle_c/     that package
    wheels/           tools/gpu_wheels.txt's wheels for CPython --python-version (downloaded
                      with pip into --wheels-cache, kept there for the next bundle)
    tools/            gpu_run.sh (what runs there) and gpu_smoke.py
    tests/, benchmarks/, array_api_tests/, pyproject.toml (pytest's settings)
    gpu_tests.txt     the test modules gpu_run.sh's tests step runs (--tests, one per line)
    suite/            the official suite prepared from --suite (a checkout of
                      data-apis/array-api-tests with its array-api/ spec folder; git metadata
                      left out), or tools/suite_standin when no suite is named
    manifest.json     commits, versions, sizes, the GLIBC (and GLIBCXX) versions each shared
                      object needs, the extension's CUDA architectures, NEEDED and RUNPATH

The manifest is also written beside the archive (FILE.manifest.json) with the archive's size.
Exit status 1, and no archive, when the archive is larger than --max-mib MiB.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

REPO = pathlib.Path(__file__).resolve().parent.parent
ROOT_NAME = "paddle_c-gpu"
PLATFORMS = ["manylinux_2_28_x86_64", "manylinux_2_27_x86_64", "manylinux_2_24_x86_64",
             "manylinux_2_17_x86_64", "manylinux2014_x86_64", "manylinux1_x86_64"]
IGNORE = shutil.ignore_patterns(".git", "__pycache__", ".hypothesis", ".pytest_cache", "*.pyc")
# what of the suite's checkout runs the tests (its .git and CI files stay behind)
SUITE_FILES = ["array_api_tests", "conftest.py", "pytest.ini", "reporting.py", "requirements.txt",
               "LICENSE", "README.md", "array-api/spec", "array-api/src", "array-api/LICENSE"]


def run(cmd, cwd=None) -> str | None:
    """stdout of cmd, or None when it cannot run or fails"""
    try:
        return subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None


def git_state(path: pathlib.Path) -> dict:
    commit = run(["git", "-C", str(path), "rev-parse", "HEAD"])
    if commit is None:
        return {"commit": None}
    changed = run(["git", "-C", str(path), "status", "--porcelain", "--untracked-files=no"])
    return {"commit": commit.strip(), "changed_files": len((changed or "").splitlines())}


def pins() -> list[tuple[str, str]]:
    out = []
    for line in (REPO / "tools" / "gpu_wheels.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            out.append((name.strip(), version.strip()))
    return out


def wheel_prefix(name: str, version: str) -> str:
    return f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"


def fetch_wheels(cache: pathlib.Path, python_version: str) -> list[pathlib.Path]:
    """the pinned wheels for CPython python_version, downloaded into cache where missing"""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = pins()
    missing = [f"{n}=={v}" for n, v in wanted
               if not any(p.name.lower().startswith(wheel_prefix(n, v)) for p in cache.glob("*.whl"))]
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
               "--no-deps", "--only-binary=:all:", "--python-version", python_version,
               "--implementation", "cp", "-d", str(cache)]
        for p in PLATFORMS:
            cmd += ["--platform", p]
        print("gpu_bundle: downloading", " ".join(missing), flush=True)
        subprocess.run(cmd + missing, check=True)
    found = []
    for n, v in wanted:
        hits = sorted(p for p in cache.glob("*.whl") if p.name.lower().startswith(wheel_prefix(n, v)))
        if not hits:
            raise SystemExit(f"gpu_bundle: no wheel of {n}=={v} in {cache}")
        found.append(hits[-1])
    return found


def version_max(names: list[str], prefix: str) -> str | None:
    versions = [tuple(int(x) for x in n[len(prefix):].split(".")) for n in names
                if n.startswith(prefix) and re.fullmatch(r"[\d.]+", n[len(prefix):])]
    return ".".join(map(str, max(versions))) if versions else None


def elf_facts(path: pathlib.Path) -> dict:
    """GLIBC / GLIBCXX versions needed, NEEDED libraries and RUNPATH (objdump -p)"""
    text = run(["objdump", "-p", str(path)])
    if text is None:
        return {"objdump": "not available"}
    refs = re.findall(r"\b(GLIBCXX_[\d.]+|GLIBC_[\d.]+)\b", text)
    facts = {"glibc": version_max(refs, "GLIBC_"), "glibcxx": version_max(refs, "GLIBCXX_"),
             "needed": re.findall(r"NEEDED\s+(\S+)", text)}
    runpath = re.findall(r"(?:RUNPATH|RPATH)\s+(\S+)", text)
    if runpath:
        facts["runpath"] = runpath[0].split(":")
    return facts


def cuda_archs(path: pathlib.Path) -> list[str]:
    text = run(["cuobjdump", "--list-elf", str(path)]) or ""
    return sorted(set(re.findall(r"\.(sm_\d+a?)\.", text)))


def wheel_facts(path: pathlib.Path) -> dict:
    """the most recent GLIBC any shared object in the wheel needs"""
    needs = []
    with zipfile.ZipFile(path) as z, tempfile.TemporaryDirectory() as tmp:
        for name in z.namelist():
            if re.search(r"\.so(\.\d+)*$", name):
                extracted = pathlib.Path(z.extract(name, tmp))
                needs.append(elf_facts(extracted).get("glibc"))
    needs = [n for n in needs if n]
    return {"file": path.name, "bytes": path.stat().st_size,
            "glibc": version_max([f"GLIBC_{n}" for n in needs], "GLIBC_")}


def tree_bytes(path: pathlib.Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def stage(args, root: pathlib.Path) -> dict:
    ext = pathlib.Path(args.ext)
    sos = sorted(ext.glob("_C*.so"))
    if not (ext / "__init__.py").is_file() or not sos:
        raise SystemExit(f"gpu_bundle: {ext} is not a built paddle_c package (no _C*.so)")
    shutil.copytree(ext, root / "pkg" / "paddle_c", ignore=IGNORE)
    wheels = fetch_wheels(pathlib.Path(args.wheels_cache), args.python_version)
    (root / "wheels").mkdir()
    for w in wheels:
        shutil.copy2(w, root / "wheels" / w.name)
    (root / "tools").mkdir()
    for name in ("gpu_run.sh", "gpu_smoke.py"):
        shutil.copy2(REPO / "tools" / name, root / "tools" / name)
    for name in ("tests", "benchmarks", "array_api_tests"):
        shutil.copytree(REPO / name, root / name, ignore=IGNORE)
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    for t in args.tests:
        if not (root / t).is_file():
            raise SystemExit(f"gpu_bundle: --tests names {t}, which is not a file of the bundle")
    (root / "gpu_tests.txt").write_text("".join(f"{t}\n" for t in args.tests))

    if args.suite:
        src = pathlib.Path(args.suite).resolve()
        if not (src / "array_api_tests").is_dir() or not (src / "array-api" / "spec").is_dir():
            raise SystemExit(f"gpu_bundle: {src} is not a prepared array-api-tests checkout "
                             "(array_api_tests/ and array-api/spec/ are needed; "
                             "array_api_tests/README.md says how to get one)")
        for rel in SUITE_FILES:
            s, d = src / rel, root / "suite" / rel
            if s.is_dir():
                shutil.copytree(s, d, ignore=IGNORE)
            elif s.is_file():
                d.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(s, d)
        suite = {"kind": "official", "source": str(src), **git_state(src),
                 "spec_commit": git_state(src / "array-api")["commit"]}
    else:
        shutil.copytree(REPO / "tools" / "suite_standin", root / "suite", ignore=IGNORE)
        suite = {"kind": "stand-in (tools/suite_standin: no suite named)"}

    so = sos[0]
    ext_facts = {"file": f"pkg/paddle_c/{so.name}", "bytes": so.stat().st_size, **elf_facts(so)}
    if "$ORIGIN/../scipy_openblas32/lib" not in ext_facts.get("runpath", []):
        raise SystemExit(f"gpu_bundle: {so} has no RUNPATH $ORIGIN/../scipy_openblas32/lib (it "
                         f"has {ext_facts.get('runpath')}): take the installed extension "
                         "(cmake --install), not the one in the build tree")
    cuda = any(n.startswith("libcudart") for n in ext_facts.get("needed", []))
    found = cuda_archs(so)
    ext_facts["cuda_archs"] = found or ([f"sm_{a}" for a in args.cuda_archs] if cuda else [])
    ext_facts["cuda_archs_from"] = ("cuobjdump" if found else
                                    "the build's CMAKE_CUDA_ARCHITECTURES" if cuda else None)
    if cuda:
        nvcc = run(["nvcc", "--version"])
        ext_facts["nvcc"] = nvcc.strip().splitlines()[-1] if nvcc else None
    return {
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "paddle_c": git_state(REPO),
        "python": args.python_version,
        "built_with": {"python": sys.version.split()[0],
                       "glibc": os.confstr("CS_GNU_LIBC_VERSION")},
        "extension": ext_facts,
        "wheels": [wheel_facts(w) for w in wheels],
        "tests": args.tests,
        "suite": suite,
        "bytes": {p.name: tree_bytes(p) if p.is_dir() else p.stat().st_size
                  for p in sorted(root.iterdir())},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ext", required=True)
    ap.add_argument("--python-version", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tests", nargs="+", required=True)
    ap.add_argument("--cuda-archs", nargs="*", default=[],
                    help="the architectures the extension was built for (recorded when "
                         "cuobjdump is not there to read them)")
    ap.add_argument("--suite", default=os.environ.get("ARRAY_API_TESTS_DIR") or None)
    ap.add_argument("--wheels-cache", default=str(REPO / "build" / "gpu-wheels"))
    ap.add_argument("--max-mib", type=float, default=50.0)
    args = ap.parse_args(argv)
    args.wheels_cache = str(pathlib.Path(args.wheels_cache) / f"cp{args.python_version.replace('.', '')}")
    out = pathlib.Path(args.out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        root = pathlib.Path(tmp) / ROOT_NAME
        root.mkdir()
        manifest = stage(args, root)
        (root / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        with tarfile.open(out, "w:gz", compresslevel=9) as tar:
            tar.add(root, arcname=ROOT_NAME)
    size = out.stat().st_size
    manifest["archive"] = {"file": out.name, "bytes": size}
    pathlib.Path(str(out) + ".manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    limit = int(args.max_mib * 1024 * 1024)
    print(f"gpu_bundle: {out} {size / 2**20:.1f} MiB (limit {args.max_mib:g} MiB); extension "
          f"{manifest['extension']['bytes'] / 2**20:.1f} MiB, CUDA "
          f"{','.join(manifest['extension']['cuda_archs']) or 'none'}, suite: "
          f"{manifest['suite']['kind']}", flush=True)
    if size > limit:
        out.unlink()
        print(f"gpu_bundle: FAILED - the archive is larger than {args.max_mib:g} MiB",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
