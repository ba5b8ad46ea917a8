# Thin wrapper over CMake and the scripts in scripts/. The real commands are
# `bash scripts/test.sh` and `bash scripts/demo.sh` (see README.md).
#
#   make                 release build in build/ (build/puzzlelab)
#   make test            bash scripts/test.sh: Release -Werror + ASan/UBSan builds, every test
#   make demo            bash scripts/demo.sh: solve and verify every level in levels/
#   make asan            only the ASan/UBSan half of make test (build-asan/)
#   make fuzz            bounded libFuzzer run (build-fuzz/, clang): FUZZ_SECONDS=600 FUZZ_JOBS=2
#   make fuzz-replay     replay fuzz/corpus with the release build (no libFuzzer needed)
#   make bench           release build, then every build/bench/bench_* (BENCH_ARGS=--quick for a smoke run)
#   make format          clang-format -i on every C source and header
#   make deps            install (as root) or name the missing Debian packages
#   make clean           remove the build directories and demo-out/

JOBS ?= 2
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?=
BENCH_ARGS ?=
CLANG_FORMAT ?= clang-format
FORMAT_DIRS := src include tests bench fuzz

.PHONY: all build test demo asan fuzz fuzz-replay bench format deps clean

all: build

build: deps
	cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
	cmake --build build -j$(JOBS)

deps:
	@bash scripts/deps.sh >/dev/null

test:
	JOBS=$(JOBS) bash scripts/test.sh

demo:
	JOBS=$(JOBS) bash scripts/demo.sh

asan:
	JOBS=$(JOBS) bash scripts/test.sh --asan

fuzz:
	JOBS=$(JOBS) FUZZ_SECONDS=$(FUZZ_SECONDS) $(if $(FUZZ_JOBS),FUZZ_JOBS=$(FUZZ_JOBS)) bash scripts/fuzz.sh

fuzz-replay: build
	build/fuzz/fuzz_replay fuzz/corpus/level --if-exists fuzz/corpus/regressions

bench: build
	@set -e; found=0; for b in build/bench/bench_*; do \
		[ -f "$$b" ] && [ -x "$$b" ] || continue; found=1; \
		echo "==> $$b $(BENCH_ARGS)"; "$$b" $(BENCH_ARGS); \
	done; [ $$found = 1 ] || { echo "make bench: no benchmark in build/bench/"; exit 1; }

format:
	find $(FORMAT_DIRS) -name '*.[ch]' -type f -print0 2>/dev/null | xargs -0 -r $(CLANG_FORMAT) -i

clean:
	rm -rf build build-asan build-fuzz demo-out
