#!/usr/bin/env bash
# gpu_run.sh OUT - the GPU check, run from an unpacked GPU bundle (tools/gpu_bundle.py,
# `make gpu-bundle`) with the machine's own Python; every result in OUT: summary.txt (the
# environment, then one line per step) and at most 7 more files.
#
# Steps, each under its own time limit (seconds), all of them inside GPU_RUN_BUDGET (525 s by
# default, so the whole run stays under 9 minutes); a failing or timed-out step never stops the
# later ones:
#   setup     the bundle's wheels installed with pip --no-index --target into a scratch folder,
#             the prebuilt paddle_c beside them, the device under test looked up       (25)
#   smoke     tools/gpu_smoke.py with PADDLE_C_LAUNCH_BLOCKING=1 (a faulting kernel is named
#             by the operation that launched it): devices, x + 1, a reduction, a sort, a
#             matmul, an fft, a mask assignment                               smoke.log (40)
#   tests     the GPU and consistency test modules (gpu_tests.txt) with the device under
#             test as the default device, in parallel (pytest-xdist)          tests.log (160)
#   suite     the official array API suite on the device under test at a small example
#             count, in parallel                                              suite.log (120)
#   memcheck  the smoke script under compute-sanitizer --tool memcheck      memcheck.log (55)
#   bench     benchmarks/gpu.py: GB/s and ratios against PyTorch and CuPy, every row caught
#             on its own                                            bench.log, bench.json (75)
#   cpu       the CPU benchmark table at 1 and GPU_RUN_JOBS threads       cpu_bench.log (30)
# A step runs in a process group of its own; when its time is up it gets SIGINT (pytest then
# prints what it has), SIGKILL 8 s later. In the tests and suite steps a single test that runs
# longer than TEST_TIMEOUT (90 s) is failed and its worker replaced (pytest-timeout's thread
# method, which also ends a test stuck in a call that waits for the device), so one hung test
# does not use up the step.
#
# Environment (the defaults are the GPU machine's):
#   PY                 the Python to run (python3)
#   GPU_RUN_DEVICE     the device under test (gpu:0); hostdev:N switches the test device on
#   GPU_RUN_PROFILE    full, or rehearsal (make gpu-rehearsal: every test module collected but
#                      only tests/test_gpu.py run, Hypothesis' small profile, small benchmarks,
#                      one file of the suite when it is the official one)
#   GPU_RUN_JOBS       parallel workers and CPU threads (all CPUs)
#   GPU_RUN_BUDGET     seconds for the whole run (525)
#   GPU_RUN_WORK       scratch folder for the installed packages (a fresh temporary one)
#   GPU_RUN_SANITIZER  the memcheck command (compute-sanitizer --tool memcheck ...); empty runs
#                      the smoke script without one
# Exit status: 0 when every step passed, else the status of the first step that did not.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SELF="$ROOT/tools/$(basename "$0")"
if [ "${1:-}" = --step ]; then
    STEP=$2 # one step, run by `step` below (the environment comes from the run)
else
    STEP=
    mkdir -p "${1:?usage: tools/gpu_run.sh OUT}"
    GPU_RUN_OUT=$(cd "$1" && pwd)
    GPU_RUN_WORK=${GPU_RUN_WORK:-$(mktemp -d)}
    mkdir -p "$GPU_RUN_WORK"
    export GPU_RUN_OUT GPU_RUN_WORK
fi
OUT=$GPU_RUN_OUT
WORK=$GPU_RUN_WORK
PY=${PY:-python3}
DUT=${GPU_RUN_DEVICE:-gpu:0}
PROFILE=${GPU_RUN_PROFILE:-full}
JOBS=${GPU_RUN_JOBS:-$(nproc)}
BUDGET=${GPU_RUN_BUDGET:-525}
SUMMARY=$OUT/summary.txt
TEST_TIMEOUT=(--timeout 90 --timeout-method thread)

SUITE_SELECT=(array_api_tests/)
REHEARSED_TESTS=()
case "$PROFILE" in
    full)
        HYPOTHESIS_PROFILE=default SUITE_EXAMPLES=25 BENCH_ARGS=()
        CPU_FILTERS=("float32 contiguous [10000000]" "[4096,4096] axis=None"
                     "matmul float32 [2048x2048]") ;;
    rehearsal)
        HYPOTHESIS_PROFILE=sanitizer SUITE_EXAMPLES=5 BENCH_ARGS=(--quick)
        REHEARSED_TESTS=(tests/test_gpu.py)
        CPU_FILTERS=("add float32 contiguous [10000]")
        if [ -f "$ROOT/suite/array_api_tests/test_creation_functions.py" ]; then
            SUITE_SELECT=(array_api_tests/test_creation_functions.py)
        fi ;;
    *)
        echo "gpu_run.sh: GPU_RUN_PROFILE must be full or rehearsal, not '$PROFILE'" >&2
        exit 2 ;;
esac
mapfile -t GPU_TESTS < <(grep -v '^#' "$ROOT/gpu_tests.txt")
SUITE_SKIPS=array_api_tests/skips.txt
[ "${DUT%%:*}" != cpu ] && SUITE_SKIPS=array_api_tests/skips-hostdev.txt
cd "$ROOT" || exit 2

# ---- the steps ------------------------------------------------------------------------------

setup() {
    "$PY" -m pip install -q --disable-pip-version-check --no-index --no-deps --no-compile \
            --no-cache-dir --target "$WORK/site" "$ROOT"/wheels/*.whl || return 1
    rm -rf "$WORK/site/paddle_c" && cp -r "$ROOT/pkg/paddle_c" "$WORK/site/" || return 1
    "$PY" - "$DUT" <<'PYEOF'
import sys
import paddle_c as pc
devices = [str(d) for d in pc.__array_namespace_info__().devices()]
want = str(pc.Device(sys.argv[1]))
print(f"setup: paddle_c from {pc.__file__}; devices {devices}; under test {want}")
sys.exit(0 if want in devices else f"setup: {want} is not among the devices {devices}")
PYEOF
}

smoke() {
    PADDLE_C_LAUNCH_BLOCKING=1 "$PY" tools/gpu_smoke.py --device "$DUT"
}

# (pyproject.toml's addopts add -q)
tests() {
    local run=("${GPU_TESTS[@]}") collected
    if [ ${#REHEARSED_TESTS[@]} -gt 0 ]; then
        collected=$("$PY" -m pytest --collect-only -p no:cacheprovider "${GPU_TESTS[@]}" 2>&1) ||
            { echo "$collected"; return 1; }
        echo "rehearsal: ${collected##*$'\n'} from ${#GPU_TESTS[@]} modules; running ${REHEARSED_TESTS[*]}"
        run=("${REHEARSED_TESTS[@]}")
    fi
    PC_HYPOTHESIS_PROFILE=$HYPOTHESIS_PROFILE "$PY" -m pytest -n "$JOBS" -p no:cacheprovider \
        -p no:randomly -rfE --tb=short "${TEST_TIMEOUT[@]}" "${run[@]}"
}

suite() {
    ARRAY_API_TESTS_DIR="$ROOT/suite" "$PY" array_api_tests/run --max-examples "$SUITE_EXAMPLES" \
        --skips "$SUITE_SKIPS" "-n$JOBS" -rfE --tb=short "${TEST_TIMEOUT[@]}" "${SUITE_SELECT[@]}"
}

memcheck() {
    local tool=${GPU_RUN_SANITIZER-compute-sanitizer --tool memcheck --error-exitcode 9} d
    if [ -z "$tool" ]; then
        echo "memcheck: no sanitizer (GPU_RUN_SANITIZER is empty), the smoke script alone"
    elif ! command -v "${tool%% *}" > /dev/null; then
        for d in "$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")" \
            /usr/local/cuda/bin /usr/local/cuda/compute-sanitizer; do
            [ -x "$d/${tool%% *}" ] && tool="$d/$tool" && break
        done
    fi
    $tool "$PY" tools/gpu_smoke.py --device "$DUT"
}

bench() {
    "$PY" benchmarks/gpu.py --device "$DUT" --json "$OUT/bench.json" "${BENCH_ARGS[@]}"
}

# (on the CPU: the device under test is not the default device here)
cpu() {
    local threads f
    for threads in 1 "$JOBS"; do
        PADDLE_C_NUM_THREADS=$threads "$PY" -c 'import paddle_c as pc
print("== paddle_c CPU:", pc.show_config(mode="dicts")["cpu"])' || return 1
        for f in "${CPU_FILTERS[@]}"; do
            echo "== PADDLE_C_NUM_THREADS=$threads, cases matching '$f'"
            env -u PADDLE_C_DEFAULT_DEVICE PADDLE_C_NUM_THREADS="$threads" "$PY" benchmarks/run.py \
                --repeat 3 --filter "$f" || return 1
        done
    done
    echo "cpu: ${#CPU_FILTERS[@]} case groups at 1 and $JOBS threads"
}

if [ -n "$STEP" ]; then
    "$STEP"
    exit
fi

# ---- the run --------------------------------------------------------------------------------

# the CUDA runtime the extension links (libcudart.so.13): its RUNPATH names the building
# machine's toolkit; the toolkit beside nvcc here and NVIDIA's wheels are searched too
cuda_libs=$("$PY" - 2> /dev/null <<'PYEOF'
import glob, os, shutil, sys
dirs = []
nvcc = shutil.which("nvcc")
roots = [os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"]
roots += [os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))] if nvcc else []
for r in filter(None, roots):
    dirs += [os.path.join(r, "lib64"), os.path.join(r, "targets", "x86_64-linux", "lib")]
for p in sys.path:
    dirs += glob.glob(os.path.join(p, "nvidia", "*", "lib"))
print(":".join(d for d in dict.fromkeys(dirs) if glob.glob(os.path.join(d, "libcudart.so*"))))
PYEOF
)
export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$cuda_libs"
export PYTHONPATH="$WORK/site${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
export PADDLE_C_DEFAULT_DEVICE=$DUT
case "$DUT" in
    hostdev*) export PADDLE_C_TEST_BACKENDS=hostdev ;;
esac
DEADLINE=$((SECONDS + BUDGET))
status=0

# step NAME LIMIT LOG: the step in a process of its own under min(LIMIT, what is left of the
# budget), its output in LOG; one line in summary.txt with the outcome and the log's last
# verdict line (pytest's counts, the smoke and benchmark totals)
step() {
    local name=$1 limit=$2 log=$3
    local left=$((DEADLINE - SECONDS - 8))
    if [ "$left" -le 0 ]; then
        echo "$name: SKIPPED (no time left of the ${BUDGET} s budget)" >> "$SUMMARY"
        [ $status -eq 0 ] && status=124
        return
    fi
    [ "$limit" -gt "$left" ] && limit=$left
    local t0=$SECONDS rc=0 took verdict
    timeout --signal=INT --kill-after=8 "$limit" "$SELF" --step "$name" > "$log" 2>&1 || rc=$?
    took=$((SECONDS - t0))
    verdict=$(grep -E '^(=+ )?[0-9]+ (passed|failed|errors?|skipped)|no tests ran|^(setup|smoke|memcheck|bench|cpu): ' \
        "$log" | tail -n 1 | sed -e 's/^=* *//' -e 's/ *=*$//')
    if [ $rc -eq 0 ]; then
        echo "$name: ok (${took} s)${verdict:+ - $verdict}" >> "$SUMMARY"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        echo "$name: TIMEOUT after ${limit} s${verdict:+ - $verdict}, see ${log##*/}" >> "$SUMMARY"
    else
        echo "$name: FAILED rc=$rc (${took} s)${verdict:+ - $verdict}, see ${log##*/}" >> "$SUMMARY"
    fi
    [ $rc -ne 0 ] && [ $status -eq 0 ] && status=$rc
}

{
    echo "paddle_c GPU check, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), profile $PROFILE"
    "$PY" - "$ROOT/manifest.json" 2>&1 <<'PYEOF'
import json, sys
m = json.load(open(sys.argv[1]))
e, s = m["extension"], m["suite"]
print(f"bundle: paddle_c {m['paddle_c']['commit']} (+{m['paddle_c'].get('changed_files', 0)} "
      f"changed files), CUDA {','.join(e['cuda_archs']) or 'none'}, GLIBC {e.get('glibc')}, "
      f"suite {s.get('commit') or s['kind']}")
PYEOF
    echo "device under test: $DUT; $JOBS jobs; $("$PY" --version 2>&1); $(ldd --version 2>&1 |
        head -n 1); budget $BUDGET s"
    if command -v nvidia-smi > /dev/null; then
        nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 |
            sed 's/^/gpu: /'
    else
        echo "gpu: nvidia-smi not found"
    fi
} > "$SUMMARY"

step setup 25 "$WORK/setup.log"
[ $status -ne 0 ] && tail -n 20 "$WORK/setup.log" | sed 's/^/  setup| /' >> "$SUMMARY"
step smoke 40 "$OUT/smoke.log"
step tests 160 "$OUT/tests.log"
step suite 120 "$OUT/suite.log"
step memcheck 55 "$OUT/memcheck.log"
step bench 75 "$OUT/bench.log"
step cpu 30 "$OUT/cpu_bench.log"
echo "total: $SECONDS s, status $status" >> "$SUMMARY"
cat "$SUMMARY"
exit $status
