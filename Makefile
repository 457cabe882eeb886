# Builds the engine the way OpenBench builds a Rust engine: `make EXE=<name>`
# leaves an optimised binary called <name> (<name>.exe on Windows) in this
# folder. Cargo does the work; this file only names the output.
#
#   make                      -> ./ferrochamp
#   make EXE=ferrochamp-dev   -> ./ferrochamp-dev
#   make bench                -> build, then print the bench signature
#   make CPU=x86-64-v3        -> for a CPU level instead of this machine
#                                (x86-64, x86-64-v2, x86-64-v3: docs/releases.md)
#   FERROCHAMP_TUNE=1 make    -> with the `tune` feature: the search tunables
#                                become UCI options, for OpenBench's SPSA
#                                (docs/openbench.md); set in the worker's
#                                environment, since OpenBench runs plain `make`

EXE ?= ferrochamp
CPU ?= native

# Any non-empty value but 0 turns the feature on.
ifneq ($(filter-out 0,$(FERROCHAMP_TUNE)),)
	FEATURES := --features tune
endif

ifeq ($(OS),Windows_NT)
	OUT := $(EXE).exe
else
	OUT := $(EXE)
endif

# Release profile (fat LTO, one codegen unit) tuned for the machine that
# builds it: OpenBench workers build on the machine that plays the games.
# RUSTFLAGS (not an argument after `--`, which reaches the binary's crate
# alone) so that the library, where the search runs, is built for it too. A
# build started on a CPU without the features it was built for says so and
# exits 1 (src/cpu.rs).
.PHONY: openbench
openbench: export RUSTFLAGS = -C target-cpu=$(CPU)
openbench:
	cargo rustc --release --bin ferrochamp $(FEATURES) -- --emit link=$(OUT)

.PHONY: bench
bench: openbench
	./$(OUT) bench

.PHONY: clean
clean:
	cargo clean
	rm -f $(OUT)
