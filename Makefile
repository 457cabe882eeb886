# Builds the engine the way OpenBench builds a Rust engine: `make EXE=<name>`
# leaves an optimised binary called <name> (<name>.exe on Windows) in this
# folder. Cargo does the work; this file only names the output.
#
#   make                      -> ./ferrochamp
#   make EXE=ferrochamp-dev   -> ./ferrochamp-dev
#   make bench                -> build, then print the bench signature

EXE ?= ferrochamp

ifeq ($(OS),Windows_NT)
	OUT := $(EXE).exe
else
	OUT := $(EXE)
endif

# Release profile (fat LTO, one codegen unit) tuned for the machine that
# builds it: OpenBench workers build on the machine that plays the games.
.PHONY: openbench
openbench:
	cargo rustc --release --bin ferrochamp -- -C target-cpu=native --emit link=$(OUT)

.PHONY: bench
bench: openbench
	./$(OUT) bench

.PHONY: clean
clean:
	cargo clean
	rm -f $(OUT)
