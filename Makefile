# SPDX-License-Identifier: MIT
# The two commands of the README:  make run  (the main job)  and  make test  (every test).
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all configure build run test test-sanitize fuzz bench format format-check clean deps-build deps-test

all: build

deps-build:
	@sh scripts/deps.sh build

deps-test:
	@sh scripts/deps.sh test

# Configured on every build: peers installed since the last run are found, and a change of
# CMAKE_FLAGS configures the directory afresh (scripts/configure.sh).
configure:
	@sh scripts/configure.sh $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps-build
	@$(MAKE) --no-print-directory configure
	cmake --build $(BUILD) -j $(JOBS)

# The main job: assemble, check and disassemble the bundled examples, then sample a job.
run: build
	@sh scripts/run-examples.sh $(BUILD)/vsmp

# Every test, each test's output shown as it runs. The GenX_IR and lavapipe tiers are required:
# a missing peer fails the suite. Leave a tier out explicitly with
#   make test CMAKE_FLAGS="-DVSMP_COMPAT_TESTS=OFF -DVSMP_LAVAPIPE_TESTS=OFF"
test: deps-test
	@$(MAKE) --no-print-directory build
	@sh scripts/test.sh $(BUILD) $(JOBS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
test-sanitize:
	$(MAKE) test BUILD=build-asan CMAKE_FLAGS="-DCMAKE_C_COMPILER=clang -DVSMP_SANITIZE=ON $(CMAKE_FLAGS)"

# libFuzzer targets; FUZZ_SECONDS per target, new inputs go to a scratch directory.
FUZZ_SECONDS ?= 60
fuzz: deps-test
	@sh scripts/configure.sh build-fuzz -G Ninja -DCMAKE_C_COMPILER=clang -DVSMP_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build build-fuzz -j $(JOBS)
	sh scripts/fuzz.sh build-fuzz $(FUZZ_SECONDS)

# Throughput next to lavapipe and pocl, printed as ratios (not a test: the machine is shared and noisy).
bench: deps-test build
	$(BUILD)/bench_isa tests/kernels/tgllp/math_simd32.isa --min-insts 10000
	$(BUILD)/bench_sample
	$(BUILD)/bench_exec --seconds 2
	$(BUILD)/bench_e2e

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

format-check:
	clang-format --dry-run --Werror $$(git ls-files '*.c' '*.h')

clean:
	rm -rf build build-asan build-fuzz
