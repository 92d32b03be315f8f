# libfixmath: the Q16.16 type and basic operations aimfix builds on.
#
# Nothing of libfixmath is committed. By default its release source is
# fetched from Debian's source package (scripts/fetch-libfixmath.sh: version
# 0~20220222, SHA256-pinned) into $(BUILDDIR)/libfixmath/. LIBFIXMATH_DIR
# points at an existing copy instead (the folder holding libfixmath/fix16.h).
#
# One configuration for the host and every target, so that both give the
# same bits:
#   FIXMATH_NO_CACHE  the default caches take 112 KiB of RAM and make
#                     fix16_exp/fix16_sin non-reentrant (and, for exp, wrong
#                     after a call with the opposite argument).
# Everything else stays at libfixmath's defaults (rounding multiply and
# divide, overflow reported as fix16_overflow, 64-bit intermediates).

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
