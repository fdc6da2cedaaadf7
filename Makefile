# paddle_c - the two set-up commands of README.md, and the developer targets behind them.
#
#   make demo   virtual environment + dependencies + build, then a tour of the library
#   make test   the same set-up, then the test suite and the sanitizer build's test run
#   make fuzz   the fuzzing targets of tests/fuzz for FUZZ_SECONDS (default 600)
#
# Everything comes from PyPI through pyproject.toml; nothing needs to be installed by hand.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
ASAN_SITE := $(abspath build/asan-site)

CUDA_BUILD := build/cuda-check

.PHONY: demo test venv build test-fast test-hostdev asan-site sanitize fuzz fuzz-sanitize \
	cuda-check bench conformance conformance-hostdev clean

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	touch $@

# build dependencies (pyproject's [build-system] requires) for incremental developer builds
$(VENV)/.build-deps: $(VENV)/.created pyproject.toml
	$(PIP) install -q "scikit-build-core>=0.10" "scipy-openblas32>=0.3.28"
	touch $@

venv: $(VENV)/.build-deps

# the package with its test dependencies (pyproject's [test], [torch] and [paddle] extras)
build: $(VENV)/.build-deps
	$(PIP) install -q --no-build-isolation ".[test,torch,paddle]"

demo: build
	$(PY) examples/tour.py

test: build
	$(PY) -m pytest tests
	$(MAKE) test-hostdev
	$(MAKE) sanitize
	$(MAKE) cuda-check

test-fast: build
	$(PY) -m pytest tests -x -q -p no:randomly

# The device-parametrised tests (the `device` fixture of tests/conftest.py) on the test device
# hostdev as well, with it as the default device: every device code path runs without a GPU.
HOSTDEV_ENV = PADDLE_C_TEST_BACKENDS=hostdev PADDLE_C_DEFAULT_DEVICE=hostdev:0
HOSTDEV_TESTS = tests/test_devices.py tests/test_reduction.py tests/test_sorting.py tests/test_sets.py \
	tests/test_searching.py tests/test_linalg.py tests/test_fft.py tests/test_dtypes.py

test-hostdev: build
	$(HOSTDEV_ENV) $(PY) -m pytest $(HOSTDEV_TESTS) -q -p no:randomly

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

sanitize: asan-site
	$(ASAN_ENV) $(PY) -m pytest tests -q -x -m "not slow" -p no:cacheprovider

# The fuzzing targets of tests/fuzz for FUZZ_SECONDS in all (split between the targets), on
# the normal build (fuzz) or the ASan + UBSan one (fuzz-sanitize).
FUZZ_SECONDS ?= 600

fuzz: build
	$(PY) tests/fuzz/run.py --seconds $(FUZZ_SECONDS)

fuzz-sanitize: asan-site
	$(ASAN_ENV) $(PY) tests/fuzz/run.py --seconds $(FUZZ_SECONDS)

# The CUDA backend compiled wherever nvcc exists, and its tests run against that build (they
# skip when no GPU is present). Elsewhere this says so and succeeds.
cuda-check: $(VENV)/.build-deps
	@if command -v nvcc >/dev/null 2>&1; then \
	    set -e; \
	    cmake -S . -B $(CUDA_BUILD) -DPC_WITH_CUDA=ON -DPython_EXECUTABLE=$(abspath $(PY)) >/dev/null; \
	    cmake --build $(CUDA_BUILD) -j2; \
	    rm -rf $(CUDA_BUILD)/pkg && mkdir -p $(CUDA_BUILD)/pkg; \
	    cp -r python/paddle_c $(CUDA_BUILD)/pkg/; cp $(CUDA_BUILD)/_C*.so $(CUDA_BUILD)/pkg/paddle_c/; \
	    PYTHONPATH=$(CUDA_BUILD)/pkg \
	    LD_LIBRARY_PATH="$$($(PY) -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')" \
	    $(PY) -m pytest tests/test_gpu.py -q -p no:cacheprovider -rs; \
	else \
	    echo "cuda-check: nvcc not found, the CUDA backend was not compiled"; \
	fi

bench: build
	$(PY) benchmarks/run.py

# the official array API conformance suite (see array_api_tests/README.md)
conformance: build
	$(PY) array_api_tests/run

# the same suite with every array on the test device hostdev:0
conformance-hostdev: build
	$(HOSTDEV_ENV) $(PY) array_api_tests/run --skips array_api_tests/skips-hostdev.txt

clean:
	rm -rf build $(VENV) dist *.egg-info
