# SPDX-License-Identifier: MIT
# Fuzzing: one libFuzzer target per public solver family and one for the
# Q16 math core (tests/fuzz/target_*.c), each calling the f64 and the q16
# entry point on the same decoded inputs and checking the invariants of
# tests/fuzz/fuzz_check.h. Built with clang in $(BUILDDIR)/fuzz/ under the
# address, undefined-behaviour and float-cast-overflow sanitizers.
#
#   make fuzz        every target for FUZZ_SECONDS, one after the other,
#                    from its committed corpus; findings are kept in
#                    $(BUILDDIR)/fuzz/findings/<target>/
#   make test        also replays every regression input
#                    (tests/fuzz/regressions/<target>/, one case each) and
#                    replays every target's seed corpus
#                    (tests/fuzz/corpus/<target>/), or fuzzes from it for
#                    FUZZ_TEST_RUNS inputs with a fixed seed: one summary line
#                    per target
#   make fuzz-open   replays the inputs of defects found and not yet fixed
#                    (tests/fuzz/open/<target>/): each FAIL is an open defect;
#                    a fixed one moves to tests/fuzz/regressions/
#
# FUZZ_TEST_RUNS is 2000: every target fuzzes that many inputs from its
# seed corpus with a fixed seed in make test, the same inputs on every
# machine (a finding in CI is found again here); 0 replays the seeds only. A target with an input in tests/fuzz/open/ (a
# defect found and not fixed yet) only replays its seeds, so that make
# test does not fail on what is already known.

FUZZ_CC ?= clang
$(call help_var,FUZZ_CC,compiler of the fuzz targets (clang: libFuzzer))
FUZZ_SECONDS ?= 60
$(call help_var,FUZZ_SECONDS,seconds make fuzz runs each target (the release check: 600))
FUZZ_TEST_RUNS ?= 2000
$(call help_var,FUZZ_TEST_RUNS,inputs make test fuzzes per target from its seed corpus (0: replay it))

FUZZ_SANITIZE := -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all \
                 -fno-omit-frame-pointer
$(eval $(call host_variant,fuzz,$(FUZZ_CC),-O1 -g $(FUZZ_SANITIZE) -fsanitize=fuzzer-no-link,$(FUZZ_SANITIZE)))

FUZZ_TARGETS := $(patsubst tests/fuzz/target_%.c,%,$(sort $(wildcard tests/fuzz/target_*.c)))
FUZZ_SUPPORT_OBJS := $(patsubst %.c,$(fuzz_DIR)/obj/%.o,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BINS := $(patsubst %,$(fuzz_DIR)/fuzz/%,$(FUZZ_TARGETS))

$(fuzz_DIR)/fuzz/%: $(fuzz_DIR)/obj/tests/fuzz/target_%.o $(FUZZ_SUPPORT_OBJS) \
                    $(fuzz_SUPPORT_OBJS) $(fuzz_LIBS) | ensure-tools
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FUZZ_CC) $(fuzz_CFLAGS) -fsanitize=fuzzer $^ -lm -o $@

.PHONY: fuzz fuzz-build test-fuzz fuzz-open
fuzz-open: fuzz-build ## replay the inputs of open defects (tests/fuzz/open/); each FAIL is one
	$(Q)for t in $(FUZZ_TARGETS); do [ -d tests/fuzz/open/$$t ] || continue; \
	    tests/fuzz/run-target.sh $(fuzz_DIR)/fuzz/$$t /dev/null tests/fuzz/open/$$t 0 | grep -v seed_corpus; \
	done; true
fuzz-build: $(FUZZ_BINS) ## build the fuzz targets (build/fuzz/fuzz/)
fuzz: fuzz-build ## run every fuzz target for FUZZ_SECONDS; findings in build/fuzz/findings/
	$(Q)tests/fuzz/run-fuzz.sh $(FUZZ_SECONDS) $(fuzz_DIR) $(FUZZ_TARGETS)
test-fuzz: ## the fuzz targets' make test part only (regressions, a short run each)
	$(Q)$(MAKE) --no-print-directory test TEST_VARIANTS=fuzz

# make test: one log per target, summarized with the suites'.
fuzz_LOGS := $(patsubst %,$(fuzz_DIR)/results/%.log,$(FUZZ_TARGETS))
$(fuzz_DIR)/results/%.log: $(fuzz_DIR)/fuzz/% tests/fuzz/run-target.sh FORCE
	@mkdir -p $(@D)
	$(Q)tests/run-suite.sh $@ $(TEST_TIMEOUT) tests/fuzz/run-target.sh $< \
	    tests/fuzz/corpus/$* tests/fuzz/regressions/$* \
	    $(if $(wildcard tests/fuzz/open/$*/*),0,$(FUZZ_TEST_RUNS))
TEST_VARIANTS += fuzz
# tests.mk reads its prerequisites before this file defines fuzz_LOGS.
test-logs: $(if $(filter fuzz,$(TEST_VARIANTS)),$(fuzz_LOGS))
