# make test: every suite, on every variant, then one summary line.
#
# Each (variant, suite) pair runs as its own make target writing a log, so
# make -j runs them in parallel; tests/summarize.sh then reads the logs in a
# fixed order and prints the failures, a line per suite and the totals.
# A suite that crashes, hangs past TEST_TIMEOUT or prints no summary counts
# as a failure.

TEST_TIMEOUT ?= 300
$(call help_var,TEST_TIMEOUT,seconds a suite may run before it counts as hung)

# Variants that make test runs, in the order they are reported: the host
# ones, then the boards (all, or BOARD; see mk/target.mk).
TEST_VARIANTS := host host-asan $(TARGET_VARIANTS)

# test_runs,VARIANT,RUNNER: the log rules of one variant. RUNNER is a command
# prefix that executes a test binary (empty on the host); files it needs are
# listed in $(VARIANT_RUNNER_DEPS).
define test_runs
$(1)_LOGS := $$(patsubst $$($(1)_DIR)/tests/%,$$($(1)_DIR)/results/%.log,$$($(1)_TESTS))
$$($(1)_DIR)/results/%.log: $$($(1)_DIR)/tests/% $$($(1)_RUNNER_DEPS) FORCE
	@mkdir -p $$(@D)
	$$(Q)tests/run-suite.sh $$@ $(TEST_TIMEOUT) $(2) $$<
endef

# Script checks: tests/host/check-*.sh on the host variants,
# tests/target/check-*.sh on the boards. Each runs with the variant's build
# folder as its argument and $(VARIANT_CHECK_ENV) in its environment, after
# $(VARIANT_CHECK_DEPS) are built, and prints "ok ..." / "FAIL ..." lines
# like a suite; its log is summarized with the suites'. They test what a C
# suite cannot: the CLI, the README's example, linked symbols, the runner.
HOST_CHECK_SCRIPTS := $(sort $(wildcard tests/host/check-*.sh))
TARGET_CHECK_SCRIPTS := $(sort $(wildcard tests/target/check-*.sh))

# check_runs,VARIANT,SCRIPTS
define check_runs
$(1)_LOGS += $$(patsubst %.sh,$$($(1)_DIR)/results/%.log,$$(notdir $(2)))
$$($(1)_DIR)/results/check-%.log: $$(dir $$(firstword $(2)))check-%.sh $$($(1)_CHECK_DEPS) FORCE
	@mkdir -p $$(@D)
	$$(Q)tests/run-suite.sh $$@ $(TEST_TIMEOUT) env $$($(1)_CHECK_ENV) $$< $$($(1)_DIR)
endef

$(eval $(call test_runs,host,))
$(eval $(call test_runs,host-asan,))
$(foreach b,$(TARGET_VARIANTS),$(eval $(call test_runs,$(b),$($(b)_RUNNER))))
$(eval $(call check_runs,host,$(HOST_CHECK_SCRIPTS)))
$(eval $(call check_runs,host-asan,$(HOST_CHECK_SCRIPTS)))
$(foreach b,$(TARGET_VARIANTS),$(eval $(call check_runs,$(b),$(TARGET_CHECK_SCRIPTS))))

# Script checks: every tests/check-*.sh runs once per variant of
# CHECK_VARIANTS, after that variant's libraries are built, as
#     tests/check-<name>.sh <the variant's build folder>
# with NM (the variant's <variant>_NM, default nm), LIBFIXMATH_DIR and
# LIBFIXMATH_DEFS in its environment. It prints ok/FAIL lines like a suite
# and its log goes through run-suite.sh and summarize.sh the same way.
TEST_CHECK_SCRIPTS := $(sort $(wildcard tests/check-*.sh))
CHECK_VARIANTS := host

define check_runs
$(1)_CHECK_LOGS := $$(patsubst tests/%.sh,$$($(1)_DIR)/results/%.log,$(TEST_CHECK_SCRIPTS))
$$($(1)_DIR)/results/check-%.log: tests/check-%.sh $$($(1)_DIR)/libaimfix_q16.a $$($(1)_LIBS) FORCE
	@mkdir -p $$(@D)
	$$(Q)NM='$$(or $$($(1)_NM),nm)' LIBFIXMATH_DIR='$(LIBFIXMATH_DIR)' \
	  LIBFIXMATH_DEFS='$(LIBFIXMATH_DEFS)' tests/run-suite.sh $$@ $(TEST_TIMEOUT) $$< $$($(1)_DIR)
endef
$(foreach v,$(CHECK_VARIANTS),$(eval $(call check_runs,$(v))))
TEST_LOGS = $(foreach v,$(TEST_VARIANTS),$($(v)_LOGS)) $(foreach v,$(CHECK_VARIANTS),$($(v)_CHECK_LOGS))

.PHONY: test FORCE
FORCE:
test: ## build and run every test suite; ends with "N passed, N failed"
	$(Q)$(MAKE) --no-print-directory ensure-tools
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) test-logs
	$(Q)tests/summarize.sh $(TEST_LOGS)

.PHONY: test-logs
test-logs: $(TEST_LOGS)
