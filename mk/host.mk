# SPDX-License-Identifier: MIT
# Host builds. Each variant is a complete build (library, libfixmath, tests)
# in $(BUILDDIR)/<variant>/ with its own compiler and flags:
#   host        the normal build, also holding the CLI
#   host-asan   address and undefined-behaviour sanitizers, run by make test

HOST_ARCH := $(shell $(CC) -dumpmachine 2>/dev/null)
# Q16 code must not touch a floating-point register: on the host the compiler
# enforces it (the targets check the linked code with nm instead).
ifneq ($(filter x86_64% aarch64% i686%,$(HOST_ARCH)),)
  HOST_NOFLOAT := -mgeneral-regs-only
endif

SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# The suites mirror the library's layers: tests/core/, tests/q16/,
# tests/f64/ and tests/cross/ (the same answers across formats and
# builds); what they share is in tests/support/. A suite's program and log
# are named after it alone (build/host/tests/suite_intercept_q16): suite
# names are unique across the folders.
TEST_LAYERS := core q16 f64 cross
TEST_SUITE_SRCS := $(sort $(foreach l,$(TEST_LAYERS),$(wildcard tests/$(l)/suite_*.c)))
TEST_SUPPORT_SRCS := $(sort $(wildcard tests/support/*.c))
TEST_INC := -Itests/support -Itests
TOOL_SRCS := $(sort $(wildcard tools/aimfix/*.c))

# host_variant,NAME,CC,CFLAGS,LDFLAGS
define host_variant
$(1)_DIR := $(BUILDDIR)/$(1)
$(1)_CC := $(2)
$(1)_CFLAGS := $(COMMON_CFLAGS) $(LIBFIXMATH_INC) $(LIBFIXMATH_DEFS) $(3)
$(1)_LDFLAGS := $(4)
$(1)_LIB_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(AIMFIX_COMMON_SRCS) $(AIMFIX_F64_SRCS) $(AIMFIX_Q16_SRCS))
$(1)_Q16_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(AIMFIX_COMMON_SRCS) $(AIMFIX_Q16_SRCS))
$(1)_FIX_OBJS := $$(patsubst $(LIBFIXMATH_DIR)/libfixmath/%.c,$$($(1)_DIR)/obj/libfixmath/%.o,$(LIBFIXMATH_SRCS))
$(1)_SUPPORT_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(TEST_SUPPORT_SRCS) port/host/port_host.c)
$(1)_TESTS := $$(addprefix $$($(1)_DIR)/tests/,$$(basename $$(notdir $(TEST_SUITE_SRCS))))
$(1)_LIBS := $$($(1)_DIR)/libaimfix.a $$($(1)_DIR)/libfixmath.a

# Our sources: the Q16 ones (and the shared ones) with floating point forbidden.
$$($(1)_Q16_OBJS): $$($(1)_DIR)/obj/%.o: %.c | $(LIBFIXMATH_HEADER)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $(HOST_NOFLOAT) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/%.o: %.c | $(LIBFIXMATH_HEADER)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) -Iport $(TEST_INC) -MMD -MP -c $$< -o $$@
# libfixmath is not ours: its own warnings are not ours to fix.
$$($(1)_DIR)/obj/libfixmath/%.o: $(LIBFIXMATH_DIR)/libfixmath/%.c | $(LIBFIXMATH_HEADER)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) -std=gnu99 -O2 $(3) $(LIBFIXMATH_DEFS) $(LIBFIXMATH_INC) -w -c $$< -o $$@

$$($(1)_DIR)/libaimfix.a: $$($(1)_LIB_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && ar rcs $$@ $$^
$$($(1)_DIR)/libaimfix_q16.a: $$($(1)_Q16_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && ar rcs $$@ $$^
$$($(1)_DIR)/libfixmath.a: $$($(1)_FIX_OBJS)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && ar rcs $$@ $$^

$(1)_LINK_TEST = $$($(1)_CC) $$($(1)_CFLAGS) $$< $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) $$($(1)_LDFLAGS) -lm -o $$@
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/core/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK_TEST)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/q16/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK_TEST)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/f64/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK_TEST)
$$($(1)_DIR)/tests/%: $$($(1)_DIR)/obj/tests/cross/%.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK_TEST)

$(1)_TOOL := $$($(1)_DIR)/aimfix
# What the tests/host/check-*.sh scripts read and need (see mk/tests.mk).
$(1)_CHECK_ENV := CC='$(2)' CFLAGS='$$($(1)_CFLAGS)' LDLIBS='$$($(1)_LIBS) -lm' LDFLAGS='$(4)' \
    NM=nm LIBFIXMATH_DIR='$(LIBFIXMATH_DIR)' LIBFIXMATH_DEFS='$(LIBFIXMATH_DEFS)' \
    SUPPORT_OBJS='$$($(1)_SUPPORT_OBJS)'
$(1)_CHECK_DEPS := $$($(1)_LIBS) $$($(1)_DIR)/libaimfix_q16.a $$($(1)_TOOL) $$($(1)_SUPPORT_OBJS)
$$($(1)_TOOL): $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(TOOL_SRCS)) $$($(1)_LIBS)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $$^ $$($(1)_LDFLAGS) -lm -o $$@

-include $$(shell find $$($(1)_DIR)/obj -name '*.d' 2>/dev/null)
endef

HOST_OPT ?= -O2
$(call help_var,HOST_OPT,optimisation of the host build)
$(eval $(call host_variant,host,$(CC),$(HOST_OPT) -g,))
# The sanitized build runs each random sweep at 1/ASAN_TH_SCALE: the same
# paths as the plain build's full sweeps, at several times the cost.
ASAN_TH_SCALE ?= 4
$(call help_var,ASAN_TH_SCALE,the sanitized host build runs this many times fewer random cases)
$(eval $(call host_variant,host-asan,$(CC),-O1 -g $(SANITIZE) -DTH_SCALE=$(ASAN_TH_SCALE),$(SANITIZE)))
host-asan_CHECK_ENV += SANITIZED=1

HOST_TOOL := $(host_TOOL)
.PHONY: all lib tools
all: lib tools ## build the host library and the CLI (build/host/)
lib: $(host_DIR)/libaimfix.a $(host_DIR)/libaimfix_q16.a $(host_DIR)/libfixmath.a ## build the host libraries
tools: $(if $(TOOL_SRCS),$(HOST_TOOL)) ## build the host CLI, build/host/aimfix
