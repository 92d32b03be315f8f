# SPDX-License-Identifier: MIT
# The boards (Cortex-M, ARMv4T, RISC-V, AVR): every board in boards/ gets a complete build in
# $(BUILDDIR)/<board>/ (the libraries, libfixmath, every test suite, the
# runner's own test programs) and a script $(BUILDDIR)/<board>/run that
# runs one program under QEMU:
#     build/mps2-an385/run build/mps2-an385/tests/suite_status
#
# A board is a folder boards/<name>/ with board.mk (CPU and float flags,
# QEMU machine, counter timer, test scale) and memory.ld (its MEMORY block,
# which includes the shared linker/sections.ld). A board's BOARD_PORT picks
# its port: port/cortex-m/ (the default; newlib, qemu-system-arm) or
# port/riscv/ (picolibc, qemu-system-riscv32) or port/armv4t/ (newlib,
# qemu-system-arm), which reuse the cortex-m port's portable parts (stack
# meter, number formatting, assert hook), or port/avr/ (boards/avr.mk).
#
# Float ABI: the Q16 library and libfixmath are built -mfloat-abi=soft on
# every board (no FPU instruction can appear in them); the rest uses the
# board's BOARD_FLOAT (soft on M0/M3, softfp with the FPU on M4/M7), which
# passes arguments the same way, so everything links together.

CROSS_COMPILE ?= arm-none-eabi-
$(call help_var,CROSS_COMPILE,command prefix of the Cortex-M toolchain)
QEMU ?= qemu-system-arm
$(call help_var,QEMU,the emulator that runs the Cortex-M programs)
TARGET_OPT ?= -O2
$(call help_var,TARGET_OPT,optimisation of the Cortex-M builds)

TARGET_CC := $(CROSS_COMPILE)gcc
TARGET_AR := $(CROSS_COMPILE)ar
TARGET_NM := $(CROSS_COMPILE)nm
TARGET_SIZE := $(CROSS_COMPILE)size

BOARDS := $(sort $(patsubst boards/%/board.mk,%,$(wildcard boards/*/board.mk)))
# The board of make run (and of anything that wants a single one).
DEFAULT_BOARD := mps2-an385
BOARD ?=
$(call help_var,BOARD,one board for make test and make size (default: all of them))
ifneq ($(BOARD),)
  ifeq ($(filter $(BOARD),$(BOARDS)),)
    $(error BOARD=$(BOARD) is not a board; the boards are: $(BOARDS) (folders in boards/))
  endif
endif
# The boards make test and make size cover, in the order they report.
TARGET_VARIANTS := $(or $(BOARD),$(BOARDS))

# Installs what is missing (see scripts/ensure-tools.sh): make test runs it
# first, and every target build waits for it.
.PHONY: ensure-tools
ensure-tools: ## install the host and Cortex-M compilers, newlib, QEMU, Doxygen and the test tools if missing
	$(Q)HOST_CC='$(CC)' TARGET_CC='$(TARGET_CC)' QEMU='$(QEMU)' DOXYGEN='$(DOXYGEN)' HOST_ONLY='$(HOST_ONLY)' scripts/ensure-tools.sh

PORT_SEMIHOSTING_SRCS := $(addprefix port/semihosting/,semihosting.c semihosting_port.c)
PORT_CORTEX_M_SRCS := $(PORT_SEMIHOSTING_SRCS) \
                      $(addprefix port/cortex-m/,startup.c semihosting_call_arm.c port_cortex_m.c \
                        instruction_counter.c format_number.c newlib_syscalls.c \
                        newlib_assert.c) port/stack/stack_meter.c
PORT_RISCV_SRCS := $(PORT_SEMIHOSTING_SRCS) \
                   $(addprefix port/riscv/,startup.c semihosting_call_riscv.c port_riscv.c picolibc_syscalls.c \
                     picolibc_rounding.c) \
                   $(addprefix port/cortex-m/,format_number.c newlib_assert.c) port/stack/stack_meter.c
# The ARMv4T board: its own start-up, semihosting trap and instruction
# counter (named by the board's BOARD_COUNTER), the Cortex-M port's port
# functions and portable parts, newlib.
PORT_ARMV4T_SRCS := $(PORT_SEMIHOSTING_SRCS) \
                    $(addprefix port/armv4t/,startup.c semihosting_call_svc.c) \
                    $(addprefix port/cortex-m/,port_cortex_m.c format_number.c newlib_syscalls.c \
                      newlib_assert.c) port/stack/stack_meter.c
PORT_AVR_SRCS := $(addprefix port/avr/,port_avr.c simavr_tags.c) port/cortex-m/format_number.c \
                 port/stack/stack_meter.c
# A port leaves suites out with SUITES_NOT_ON_<port> := names (none does).
TARGET_SUITE_SRCS := $(sort $(wildcard tests/target/suite_*.c))
# Suites run on the hosts only: the f64 quadratic-drag turret aim takes
# minutes a scene under soft float (its Q16 twin's suite runs everywhere).
HOST_ONLY_SUITES := suite_turret_qdrag_f64 suite_turret_qdrag_accel_f64
# Programs that must fail, to test the runner (tests/check-runner.sh).
RUNNER_FIXTURE_SRCS := $(sort $(wildcard tests/runner/*.c))

# board_variant,NAME: the build of board NAME.
define board_variant
# What a board.mk may leave out: a Cortex-M board's toolchain and port.
BOARD_PORT := cortex-m
BOARD_CROSS_COMPILE := $(CROSS_COMPILE)
BOARD_QEMU_BIN := $(QEMU)
BOARD_SOFT_FLOAT := -mfloat-abi=soft
BOARD_LIBC_FLAGS :=
BOARD_TIMER :=
BOARD_TIMER_TICK_NS := 0
BOARD_SIZE_SRCS :=
# What the AVR boards (boards/avr.mk) set: their own link flags and runner,
# extra compiler flags, no f64 library (their double has 32 bits), and the
# suites, test support files and check scripts they run (default: all;
# the check scripts' default is mk/tests.mk's list).
BOARD_LINK_FLAGS :=
BOARD_RUNNER :=
BOARD_EXTRA_CFLAGS :=
BOARD_NO_F64 :=
BOARD_SUITES :=
BOARD_SUPPORT_SRCS := $(TEST_SUPPORT_SRCS)
BOARD_CHECK_SCRIPTS :=
# An AVR board that runs the turret firmware's replay suite (mk/examples.mk).
BOARD_TURRET_REPLAY :=
include boards/$(1)/board.mk
$(1)_DIR := $(BUILDDIR)/$(1)
# The board's settings (and a family's shared ones, boards/*.mk): objects
# are rebuilt when they change.
$(1)_SETTINGS := boards/$(1)/board.mk $(wildcard boards/*.mk)
$(1)_CORE := $$(BOARD_CORE)
$(1)_PORT := $$(BOARD_PORT)
$(1)_CC := $$(BOARD_CROSS_COMPILE)gcc
$(1)_AR := $$(BOARD_CROSS_COMPILE)ar
$(1)_NM := $$(BOARD_CROSS_COMPILE)nm
$(1)_CPU := $$(BOARD_CPU)
$(1)_SOFT_FLOAT := $$(BOARD_SOFT_FLOAT)
$(1)_LIBC_FLAGS := $$(BOARD_LIBC_FLAGS)
$(1)_LINK_FLAGS := $$(if $$(BOARD_LINK_FLAGS),$$(BOARD_LINK_FLAGS),$$(BOARD_CPU) $$(BOARD_FLOAT) \
    $$(BOARD_LIBC_FLAGS) -nostartfiles -Tboards/$(1)/memory.ld -Llinker -Wl,--gc-sections)
$(1)_LINK_DEPS := $$(wildcard boards/$(1)/memory.ld) $$(if $$(BOARD_LINK_FLAGS),,linker/sections.ld)
# Q16 code and libfixmath: soft-float whatever the board has.
$(1)_SOFT_CFLAGS := $(COMMON_CFLAGS) $(LIBFIXMATH_INC) $(LIBFIXMATH_DEFS) $(TARGET_OPT) -g \
    -ffunction-sections -fdata-sections $$(BOARD_CPU) $$(BOARD_SOFT_FLOAT) $$(BOARD_LIBC_FLAGS) \
    $$(BOARD_EXTRA_CFLAGS)
# Everything else: the board's float flags, the port's and the tests' settings.
$(1)_CFLAGS := $(COMMON_CFLAGS) $(LIBFIXMATH_INC) $(LIBFIXMATH_DEFS) $(TARGET_OPT) -g \
    -ffunction-sections -fdata-sections $$(BOARD_CPU) $$(BOARD_FLOAT) $$(BOARD_LIBC_FLAGS) \
    $$(BOARD_EXTRA_CFLAGS) -DTH_SCALE=$$(BOARD_TH_SCALE) -DPORT_TIMER_TICK_NS=$$(BOARD_TIMER_TICK_NS) \
    -DPORT_ICOUNT_SHIFT=$$(BOARD_ICOUNT_SHIFT) -Iport -Iport/$$(BOARD_PORT) -Iport/cortex-m -Iport/semihosting $(TEST_INC)
$(1)_QEMU_COMMAND := $$(if $$(BOARD_RUNNER),$$(BOARD_RUNNER),$$(BOARD_QEMU_BIN) $$(BOARD_QEMU) -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native \
    -icount shift=$$(BOARD_ICOUNT_SHIFT),align=off,sleep=off -kernel)
$(1)_LIB_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(AIMFIX_COMMON_SRCS) \
    $$(if $$(BOARD_NO_F64),,$(AIMFIX_F64_SRCS)) $(AIMFIX_Q16_SRCS))
# Sources the board compiles for size (-Os): the same bits, less flash.
$$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$$(BOARD_SIZE_SRCS)): $(1)_SOFT_CFLAGS += -Os
$$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$$(BOARD_SIZE_SRCS)): $(1)_CFLAGS += -Os
# and the float copies of its f64 sources that the benchmark compiles.
$$(patsubst src/%.c,$$($(1)_DIR)/obj/bench/float/%.o,$$(filter src/f64/%,$$(BOARD_SIZE_SRCS))): $(1)_CFLAGS += -Os
$(1)_Q16_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(AIMFIX_COMMON_SRCS) $(AIMFIX_Q16_SRCS))
$(1)_FIX_OBJS := $$(patsubst $(LIBFIXMATH_DIR)/libfixmath/%.c,$$($(1)_DIR)/obj/libfixmath/%.o,$(LIBFIXMATH_SRCS))
ifeq ($$(BOARD_PORT),riscv)
$(1)_PORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(PORT_RISCV_SRCS))
else ifeq ($$(BOARD_PORT),armv4t)
$(1)_PORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(PORT_ARMV4T_SRCS) port/armv4t/counter_$$(BOARD_COUNTER).c)
else ifeq ($$(BOARD_PORT),avr)
$(1)_PORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(PORT_AVR_SRCS))
else
$(1)_PORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(PORT_CORTEX_M_SRCS) port/cortex-m/timer_$$(BOARD_TIMER).c)
endif
$(1)_SUPPORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$$(BOARD_SUPPORT_SRCS)) $$($(1)_PORT_OBJS)
ifeq ($$(BOARD_SUITES),)
$(1)_TESTS := $$(addprefix $$($(1)_DIR)/tests/,$$(filter-out $(HOST_ONLY_SUITES),$$(basename $$(notdir $(TEST_SUITE_SRCS))))) \
              $$(patsubst tests/target/%.c,$$($(1)_DIR)/tests/%,\
                  $$(filter-out $$(SUITES_NOT_ON_$$(BOARD_PORT):%=tests/target/%.c),$(TARGET_SUITE_SRCS)))
else
$(1)_TESTS := $$(BOARD_SUITES:%=$$($(1)_DIR)/tests/%)
endif
$(1)_CHECK_SCRIPTS := $$(BOARD_CHECK_SCRIPTS)
$(1)_TURRET_REPLAY := $$(BOARD_TURRET_REPLAY)
$(1)_LIBS := $$($(1)_DIR)/libaimfix.a $$($(1)_DIR)/libfixmath.a
$(1)_RUNNER := $$($(1)_DIR)/run
$(1)_RUNNER_DEPS := $$($(1)_RUNNER)
$(1)_FIXTURES := $$(patsubst tests/runner/%.c,$$($(1)_DIR)/runner/%,$(RUNNER_FIXTURE_SRCS))
# What the tests/check-*.sh scripts read (see mk/tests.mk).
$(1)_CHECK_ENV := NM='$$($(1)_NM)' NO_F64='$$(BOARD_NO_F64)'
$(1)_CHECK_DEPS := $$($(1)_DIR)/libaimfix.a $$($(1)_DIR)/libaimfix_q16.a $$($(1)_DIR)/libfixmath.a $$($(1)_RUNNER) $$($(1)_FIXTURES)

$$($(1)_Q16_OBJS): $$($(1)_DIR)/obj/%.o: %.c $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_SOFT_CFLAGS) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/%.o: %.c $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/libfixmath/%.o: $(LIBFIXMATH_DIR)/libfixmath/%.c $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) -std=gnu99 $(TARGET_OPT) -ffunction-sections -fdata-sections \
	    $$($(1)_CPU) $$($(1)_SOFT_FLOAT) $$($(1)_LIBC_FLAGS) $(LIBFIXMATH_DEFS) $(LIBFIXMATH_INC) -w -c $$< -o $$@

$$($(1)_DIR)/libaimfix.a: $$($(1)_LIB_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && $$($(1)_AR) rcs $$@ $$^
$$($(1)_DIR)/libaimfix_q16.a: $$($(1)_Q16_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && $$($(1)_AR) rcs $$@ $$^
$$($(1)_DIR)/libfixmath.a: $$($(1)_FIX_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && $$($(1)_AR) rcs $$@ $$^

# A program: its object, the test support and the port, the libraries,
# newlib (libm for the f64 reference, libc for formatting) and libgcc.
# The map file lands beside it.
$(1)_LINK = $$($(1)_CC) $$($(1)_LINK_FLAGS) -Wl,-Map=$$@.map $$(filter %.o %.a,$$^) -lm -lc -lgcc -o $$@
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/core/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
                      $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/q16/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
                      $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/f64/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
                      $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/cross/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
                      $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/target/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
                      $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/runner/%: $$($(1)_DIR)/obj/tests/runner/%.o $$($(1)_PORT_OBJS) $$($(1)_LINK_DEPS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)

# The runner: the QEMU command line of this board, as a script.
$$($(1)_RUNNER): $$($(1)_SETTINGS) mk/target.mk | ensure-tools
	@mkdir -p $$(@D)
	@echo "  GEN     $$@"
	$$(Q)printf '#!/bin/sh\n# Runs one program on $(1) (written by mk/target.mk).\nexec %s "$$$$1"\n' \
	    '$$($(1)_QEMU_COMMAND)' > $$@ && chmod +x $$@

.PHONY: $(1)
$(1): $$($(1)_LIBS) $$($(1)_DIR)/libaimfix_q16.a $$($(1)_TESTS) $$($(1)_RUNNER)

-include $$(shell find $$($(1)_DIR)/obj -name '*.d' 2>/dev/null)
endef

$(foreach b,$(BOARDS),$(eval $(call board_variant,$(b))))
# The boards that also build the turret example and the benchmark: not
# the AVR ones (a double of 32 bits; the library's cost there is in their
# test output).
FULL_BOARDS := $(foreach b,$(BOARDS),$(if $(filter avr,$($(b)_PORT)),,$(b)))

.PHONY: boards
boards: $(TARGET_VARIANTS) ## build the libraries and tests for every board (or BOARD=name)

.PHONY: size
# The stack column needs the board's stack suite (the ATmega328P has none:
# the size report prints ? there).
size_inputs = $(foreach b,$(1),$($(b)_DIR)/libaimfix_q16.a $($(b)_DIR)/libfixmath.a \
                 $(if $(filter %/suite_stack_use,$($(b)_TESTS)),$($(b)_DIR)/results/suite_stack_use.log))
SIZE_INPUTS := $(call size_inputs,$(TARGET_VARIANTS))
BENCH_SIZE_INPUTS := $(call size_inputs,$(filter $(FULL_BOARDS),$(TARGET_VARIANTS)))
size: $(SIZE_INPUTS) ## flash, RAM and stack of the Q16 library per board (or BOARD=name)
	$(Q)SIZE='$(TARGET_SIZE)' scripts/size-report.sh $(BUILDDIR) $(TARGET_VARIANTS)
