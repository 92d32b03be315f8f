# SPDX-License-Identifier: MIT
# make bench-host-math: the Q16 math core beside libfixmath on the host
# (bench/harness/host_math.c): accuracy against double on 10^6 inputs per
# function and instructions per call under callgrind, written as a markdown table
# to $(BENCH_HOST_DIR)/host-math.md. Needs valgrind.

BENCH_HOST_DIR := $(host_DIR)/bench
BENCH_HOST_MATH := $(BENCH_HOST_DIR)/host_math

$(BENCH_HOST_MATH): $(host_DIR)/obj/bench/harness/host_math.o $(host_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $^ -lm -o $@

.PHONY: bench-host-math
bench-host-math: $(BENCH_HOST_MATH) ## Q16 math vs libfixmath on the host: error and callgrind counts (markdown)
	$(Q)CC='$(CC)' bench/harness/host-math.sh $(BENCH_HOST_MATH) $(BENCH_HOST_DIR)/host-math.md
