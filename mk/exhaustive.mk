# SPDX-License-Identifier: MIT
# make test-exhaustive: every one of the 2^32 inputs of each one-argument
# Q16 function against double, the integer square roots exactly (also as
# the M0 builds them; the 64-bit one around each of 2^31 squares), the
# 2^30 of the solvers' reciprocal (both ways) and the 2^31 of their
# reciprocal root against the exact ones (tests/exhaustive/), on the host
# only and not part of make test: 16 to 21 minutes of CPU. Each function
# is cut into
# EXHAUSTIVE_PARTS slices run EXHAUSTIVE_JOBS at a time; the results are
# merged into $(EXHAUSTIVE_DIR)/summary.md.

EXHAUSTIVE_FUNCTIONS := sqrt_u32 sqrt_u32_armv6m sqrt_u64 sqrt_u64_armv6m recip31_table \
                        recip31_udiv rsqrt31 sqrt log2 log exp2 exp sin cos
EXHAUSTIVE_PARTS := 4
EXHAUSTIVE_JOBS ?= 2
$(call help_var,EXHAUSTIVE_JOBS,parallel slices of make test-exhaustive)
EXHAUSTIVE_DIR := $(host_DIR)/exhaustive
EXHAUSTIVE_BIN := $(EXHAUSTIVE_DIR)/exhaustive_q16
EXHAUSTIVE_RESULTS := $(foreach f,$(EXHAUSTIVE_FUNCTIONS),\
                        $(foreach p,$(shell seq 0 $$(($(EXHAUSTIVE_PARTS) - 1))),\
                          $(EXHAUSTIVE_DIR)/$(f).$(p).txt))

# The square roots as the Cortex-M0 compiles them (multiplies by 16-bit
# halves, divisions by table, the 64-bit root's step-down from the
# division's remainder), built for the host under other names so that the
# same exhaustive run checks the branch the host library does not take.
EXHAUSTIVE_ARMV6M_SQRT := $(EXHAUSTIVE_DIR)/sqrt_q16_armv6m.o
$(EXHAUSTIVE_ARMV6M_SQRT): src/core/sqrt_q16.c | $(LIBFIXMATH_HEADER)
	@mkdir -p $(@D)
	@echo "  CC      $@ (as for ARMv6-M)"
	$(Q)$(CC) $(host_CFLAGS) -D__ARM_ARCH=6 -D__ARM_ARCH_6M__ -Daf_sqrt_u32=armv6m_sqrt_u32 \
	  -Daf_sqrt_u64=armv6m_sqrt_u64 -Daf_sqrt_q16=armv6m_sqrt_q16 \
	  -Dafi_floor_sqrt_top64=armv6m_floor_sqrt_top64 -c $< -o $@

$(EXHAUSTIVE_BIN): $(host_DIR)/obj/tests/exhaustive/exhaustive_q16.o $(EXHAUSTIVE_ARMV6M_SQRT) \
                   $(host_SUPPORT_OBJS) $(host_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $^ -lm -o $@

# One slice: <function>.<part>.txt holds the program's result line; a
# failing slice keeps its line (the summary reports it) and fails make.
$(EXHAUSTIVE_DIR)/%.txt: $(EXHAUSTIVE_BIN)
	@echo "  CHECK   $(basename $*) part $(subst .,,$(suffix $*)) of $(EXHAUSTIVE_PARTS)"
	$(Q)$(EXHAUSTIVE_BIN) $(basename $*) $(subst .,,$(suffix $*)) $(EXHAUSTIVE_PARTS) >$@.tmp; \
	  status=$$?; mv $@.tmp $@; exit $$status

.PHONY: test-exhaustive exhaustive-slices
exhaustive-slices: $(EXHAUSTIVE_RESULTS)
test-exhaustive: ## every 2^32 input of each one-argument Q16 function (host, 16-21 CPU-minutes)
	$(Q)rm -f $(EXHAUSTIVE_RESULTS)
	$(Q)$(MAKE) --no-print-directory -k -j$(EXHAUSTIVE_JOBS) exhaustive-slices; \
	  tests/exhaustive/summarize-exhaustive.sh $(EXHAUSTIVE_RESULTS) >$(EXHAUSTIVE_DIR)/summary.md; \
	  status=$$?; cat $(EXHAUSTIVE_DIR)/summary.md; exit $$status
