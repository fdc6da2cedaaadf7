#!/usr/bin/env bash
# gpu_run.sh OUT - everything paddle_c checks on a machine with an NVIDIA GPU, results in OUT.
#
# The GPU machine has no package registry: this uses the virtual environment built elsewhere
# (`make build`, carried over as .venv) and the CUDA toolkit there. Steps, each logged to
# OUT/<step>.log, the status of each in OUT/summary.txt:
#   build     the CUDA extension (PC_WITH_CUDA=ON, sm_80 + sm_90), installed into OUT/site
#   tests     pytest tests/ against that build (GPU tests included)
#   suite     the official array API suite on gpu:0, when ARRAY_API_TESTS_DIR names a checkout
#   bench     benchmarks/gpu.py (GB/s against PyTorch and CuPy where installed)
#   nvidia    nvidia-smi's view of the device
# A failing step does not stop the later ones; the exit status is that of the first failure.
set -u
OUT=${1:-build/gpu-run}
PY=${PY:-.venv/bin/python}
BUILD=${GPU_RUN_BUILD:-build/gpu-run-cmake}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SITE="$OUT/site"
: > "$OUT/summary.txt"
status=0

step() { # step NAME COMMAND...
    local name=$1
    shift
    local t0=$SECONDS
    if "$@" > "$OUT/$name.log" 2>&1; then
        echo "$name: ok ($((SECONDS - t0)) s)" | tee -a "$OUT/summary.txt"
    else
        local rc=$?
        echo "$name: FAILED rc=$rc ($((SECONDS - t0)) s), see $name.log" | tee -a "$OUT/summary.txt"
        [ $status -eq 0 ] && status=$rc
    fi
}

OPENBLAS_LIB=$("$PY" -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')
export LD_LIBRARY_PATH="$OPENBLAS_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

build() {
    cmake -S . -B "$BUILD" -DPC_WITH_CUDA=ON -DPython_EXECUTABLE="$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY")" &&
        cmake --build "$BUILD" -j"$(nproc)" &&
        rm -rf "$SITE" && mkdir -p "$SITE" &&
        cp -r python/paddle_c "$SITE/" && cp "$BUILD"/_C*.so "$SITE/paddle_c/" &&
        PYTHONPATH="$SITE" "$PY" -c 'import paddle_c as pc; print(pc.__array_namespace_info__().devices())'
}

step nvidia nvidia-smi
step build build
PYTHONPATH="$SITE${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
step tests "$PY" -m pytest tests -q -p no:cacheprovider -rs -x --junitxml="$OUT/tests.xml"
if [ -n "${ARRAY_API_TESTS_DIR:-}" ]; then
    step suite env PADDLE_C_DEFAULT_DEVICE=gpu:0 "$PY" array_api_tests/run --max-examples 100 \
        --json "$OUT/suite.json"
else
    echo "suite: skipped (ARRAY_API_TESTS_DIR not set)" | tee -a "$OUT/summary.txt"
fi
step bench "$PY" benchmarks/gpu.py --json "$OUT/bench.json"
exit $status
