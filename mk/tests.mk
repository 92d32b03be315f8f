# SPDX-License-Identifier: MIT
# make test: every suite, on every variant, then one summary line.
#
# Each (variant, suite) pair runs as its own make target writing a log, so
# make -j runs them in parallel; tests/summarize.sh then reads the logs in a
# fixed order and prints the failures, a line per suite and the totals.
# A suite that crashes, hangs past TEST_TIMEOUT or prints no summary counts
# as a failure.

# 600: the f64 turret suites' brute-force scans in soft-float double take
# up to 3 minutes alone on the Cortex-M boards, twice that beside a
# parallel build.
TEST_TIMEOUT ?= 600
$(call help_var,TEST_TIMEOUT,seconds a suite may run before it counts as hung)

# Variants that make test runs, in the order they are reported: the host
# ones, the boards (all, or BOARD; see mk/target.mk), then the consumers
# (a user's routes into the library, built against the host build).
TEST_VARIANTS := host host-asan $(TARGET_VARIANTS) consumers

# test_runs,VARIANT,RUNNER: the log rules of one variant. RUNNER is a command
# prefix that executes a test binary (empty on the host); files it needs are
# listed in $(VARIANT_RUNNER_DEPS).
define test_runs
$(1)_LOGS := $$(patsubst $$($(1)_DIR)/tests/%,$$($(1)_DIR)/results/%.log,$$($(1)_TESTS))
$$($(1)_DIR)/results/%.log: $$($(1)_DIR)/tests/% $$($(1)_RUNNER_DEPS) FORCE
	@mkdir -p $$(@D)
	$$(Q)tests/run-suite.sh $$@ $(TEST_TIMEOUT) $(2) $$<
endef

# Script checks: tests/check-*.sh on every variant, tests/host/check-*.sh
# on the host variants, tests/target/check-*.sh on the boards. Each runs
# with the variant's build folder as its argument and $(VARIANT_CHECK_ENV)
# in its environment, after $(VARIANT_CHECK_DEPS) are built, and prints
# "ok ..." / "FAIL ..." lines like a suite; its log is summarized with the
# suites'. They test what a C suite cannot: the CLI, the examples of the
# README and docs/, the API reference, linked symbols, the runner.
COMMON_CHECK_SCRIPTS := $(sort $(wildcard tests/check-*.sh))
HOST_CHECK_SCRIPTS := $(COMMON_CHECK_SCRIPTS) $(sort $(wildcard tests/host/check-*.sh))
TARGET_CHECK_SCRIPTS := $(COMMON_CHECK_SCRIPTS) $(sort $(wildcard tests/target/check-*.sh))
# A user's routes into the library (C++, CMake, make install and pkg-config,
# a firmware Makefile, an Arduino-style build): once, with the host build.
CONSUMER_CHECK_SCRIPTS := $(sort $(wildcard tests/consumers/check-*.sh))
consumers_DIR = $(host_DIR)
consumers_CHECK_ENV = $(host_CHECK_ENV) QEMU='$(QEMU)'
consumers_CHECK_DEPS = $(host_CHECK_DEPS)

# check_run,VARIANT,SCRIPT
define check_run
$(1)_LOGS += $$($(1)_DIR)/results/$(basename $(notdir $(2))).log
$$($(1)_DIR)/results/$(basename $(notdir $(2))).log: $(2) $$($(1)_CHECK_DEPS) FORCE
	@mkdir -p $$(@D)
	$$(Q)tests/run-suite.sh $$@ $(TEST_TIMEOUT) env $$($(1)_CHECK_ENV) $(2) $$($(1)_DIR)
endef

$(eval $(call test_runs,host,))
$(eval $(call test_runs,host-asan,))
$(foreach b,$(TARGET_VARIANTS),$(eval $(call test_runs,$(b),$($(b)_RUNNER))))
$(foreach v,host host-asan,$(foreach s,$(HOST_CHECK_SCRIPTS),$(eval $(call check_run,$(v),$(s)))))
$(foreach s,$(CONSUMER_CHECK_SCRIPTS),$(eval $(call check_run,consumers,$(s))))
$(foreach b,$(TARGET_VARIANTS),$(foreach s,$(or $($(b)_CHECK_SCRIPTS),$(TARGET_CHECK_SCRIPTS)),$(eval $(call check_run,$(b),$(s)))))
TEST_LOGS = $(foreach v,$(TEST_VARIANTS),$($(v)_LOGS))

.PHONY: test FORCE
FORCE:
test: ## build and run every test suite; ends with "N passed, N failed"
	$(Q)$(MAKE) --no-print-directory ensure-tools
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) test-logs
	$(Q)tests/summarize.sh $(TEST_LOGS)

.PHONY: test-logs
test-logs: $(TEST_LOGS)

# make check: the quick tier, the host suites and checks only (no board, no
# consumer), and only the host's tools installed when missing; each suite's
# random sweeps are CHECK_QUICK times smaller than make test's.
CHECK_QUICK ?= 8
$(call help_var,CHECK_QUICK,make check runs this many times fewer random cases than make test)
.PHONY: check test-host
# The checks that rebuild the library six times or fly the physics engines,
# and the one of make bench's every-board tables (which only a make bench
# run on every board brings up to date), run in make test only.
CHECK_SKIPPED_SCRIPTS := tests/host/check-q16-determinism.sh tests/host/check-engines.sh \
                         tests/host/check-bench-boards.sh
CHECK_LOGS = $(filter-out $(foreach v,host host-asan,$(foreach s,$(CHECK_SKIPPED_SCRIPTS),\
	$($(v)_DIR)/results/$(basename $(notdir $(s))).log)),$(host_LOGS) $(host-asan_LOGS))
check: ## the host suites and the quick checks (plain and sanitized), no board, no consumer
	$(Q)HOST_ONLY=1 $(MAKE) --no-print-directory ensure-tools
	$(Q)AIMFIX_TEST_QUICK=$(CHECK_QUICK) $(MAKE) --no-print-directory -j$(NPROC) check-logs
	$(Q)tests/summarize.sh $(CHECK_LOGS)

.PHONY: check-logs
check-logs: $(CHECK_LOGS)
test-host: check ## the same as make check
