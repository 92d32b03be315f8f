# make test: every suite, on every variant, then one summary line.
#
# Each (variant, suite) pair runs as its own make target writing a log, so
# make -j runs them in parallel; tests/summarize.sh then reads the logs in a
# fixed order and prints the failures, a line per suite and the totals.
# A suite that crashes, hangs past TEST_TIMEOUT or prints no summary counts
# as a failure.

TEST_TIMEOUT ?= 300
$(call help_var,TEST_TIMEOUT,seconds a suite may run before it counts as hung)

# Variants that make test runs, in the order they are reported.
TEST_VARIANTS := host host-asan

# test_runs,VARIANT,RUNNER: the log rules of one variant. RUNNER is a command
# prefix that executes a test binary (empty on the host).
define test_runs
$(1)_LOGS := $$(patsubst $$($(1)_DIR)/tests/%,$$($(1)_DIR)/results/%.log,$$($(1)_TESTS))
$$($(1)_DIR)/results/%.log: $$($(1)_DIR)/tests/% FORCE
	@mkdir -p $$(@D)
	$$(Q)tests/run-suite.sh $$@ $(TEST_TIMEOUT) $(2) $$<
endef

# Script checks: tests/check-<name>.sh, run with the variant's build folder
# as argument and the variant's compiler settings in the environment (CC,
# CFLAGS, LDLIBS, LDFLAGS), printing "ok"/"FAIL" lines like a suite. They
# test what a C suite cannot: the CLI, the README's example, linked symbols.
CHECK_SCRIPTS := $(sort $(wildcard tests/check-*.sh))

define check_runs
$(1)_LOGS += $$(patsubst tests/%.sh,$$($(1)_DIR)/results/%.log,$(CHECK_SCRIPTS))
$$($(1)_DIR)/results/check-%.log: tests/check-%.sh $$($(1)_LIBS) $$($(1)_DIR)/libaimfix_q16.a $$($(1)_TOOL) FORCE
	@mkdir -p $$(@D)
	$$(Q)CC='$$($(1)_CC)' CFLAGS='$$($(1)_CFLAGS)' LDLIBS='$$($(1)_LIBS) -lm' \
	  LDFLAGS='$$($(1)_LDFLAGS)' tests/run-suite.sh $$@ $(TEST_TIMEOUT) $$< $$($(1)_DIR)
endef

$(eval $(call test_runs,host,))
$(eval $(call test_runs,host-asan,))
$(eval $(call check_runs,host))
$(eval $(call check_runs,host-asan))

.PHONY: test FORCE
FORCE:
test: ## build and run every test suite; ends with "N passed, N failed"
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) test-logs
	$(Q)tests/summarize.sh $(foreach v,$(TEST_VARIANTS),$($(v)_LOGS))

.PHONY: test-logs
test-logs: $(foreach v,$(TEST_VARIANTS),$($(v)_LOGS))
