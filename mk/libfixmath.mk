# SPDX-License-Identifier: MIT
# libfixmath: the Q16.16 type and basic operations aimfix builds on.
#
# Nothing of libfixmath is committed. By default its release source is
# fetched from Debian's source package (scripts/fetch-libfixmath.sh: version
# 0~20220222, SHA256-pinned) into $(BUILDDIR)/libfixmath/. LIBFIXMATH_DIR
# points at an existing copy instead (the folder holding libfixmath/fix16.h).
#
# One configuration for the host and every target, so that both give the
# same bits (tests/check-libfixmath-config.sh checks that libfixmath's
# sources read every option set here):
#   FIXMATH_NO_CACHE      set: the default caches take 112 KiB of RAM and
#                         make fix16_exp/fix16_sin non-reentrant (and, for
#                         exp, wrong after a call with the opposite argument).
# Left at libfixmath's defaults, deliberately:
#   FIXMATH_NO_ROUNDING   unset: fix16_mul/fix16_div round to nearest.
#   FIXMATH_NO_OVERFLOW   unset: they report overflow (as fix16_overflow).
#   FIXMATH_NO_64BIT, FIXMATH_OPTIMIZE_8BIT
#                         unset: 64-bit intermediates, which every target
#                         has (the M0 through libgcc's integer helpers).
#   FIXMATH_SIN_LUT, FIXMATH_FAST_SIN
#                         unset: no sine table in flash, and the accurate
#                         (not the fast, coarse) fix16_sin.
# aimfix's Q16 math core (src/core/, include/aimfix/q16.h) uses only the
# fix16_t type: its own arithmetic reports overflow with a status instead
# of fix16_overflow, which equals the legal value -32768, and its sqrt,
# atan2, sin/cos, log/exp and pow replace libfixmath's coarser or slower
# ones. No aimfix source calls a libfixmath function: they are built for
# the benchmarks and the stack-use suite that measure aimfix against them
# (make bench, make bench-host-math, make size).

LIBFIXMATH_FETCHED := $(BUILDDIR)/libfixmath/src
LIBFIXMATH_DIR ?= $(LIBFIXMATH_FETCHED)
$(call help_var,LIBFIXMATH_DIR,an unpacked libfixmath to use instead of fetching one)

LIBFIXMATH_DEFS := -DFIXMATH_NO_CACHE
LIBFIXMATH_INC := -I$(LIBFIXMATH_DIR)/libfixmath
# The parts aimfix uses or measures itself against.
LIBFIXMATH_SRCS := $(addprefix $(LIBFIXMATH_DIR)/libfixmath/,\
                     fix16.c fix16_sqrt.c fix16_exp.c fix16_trig.c fix16_str.c)
LIBFIXMATH_HEADER := $(LIBFIXMATH_DIR)/libfixmath/fix16.h

ifeq ($(LIBFIXMATH_DIR),$(LIBFIXMATH_FETCHED))
$(LIBFIXMATH_HEADER) $(LIBFIXMATH_SRCS) &:
	$(Q)scripts/fetch-libfixmath.sh $(BUILDDIR)/libfixmath
else
$(LIBFIXMATH_HEADER):
	@echo "LIBFIXMATH_DIR=$(LIBFIXMATH_DIR) holds no libfixmath/fix16.h" >&2; exit 1
endif

.PHONY: libfixmath
libfixmath: $(LIBFIXMATH_HEADER) ## fetch libfixmath's source (done by every build that needs it)
