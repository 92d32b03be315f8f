# SPDX-License-Identifier: MIT
# The library's sources and include paths.
#
# Also meant for a user's firmware build: include this file from your own
# Makefile (set AIMFIX_ROOT to where aimfix lives first) and add
# $(AIMFIX_Q16_SRCS) to your sources and $(AIMFIX_INC) to your flags. You also
# need libfixmath's fix16.c, fix16_sqrt.c and its header folder, built with
# -DFIXMATH_NO_CACHE (see mk/libfixmath.mk).

AIMFIX_ROOT ?= .
# Sources with no floating point at all that both libraries need.
AIMFIX_COMMON_SRCS := $(AIMFIX_ROOT)/src/status.c
# The double-precision reference solvers (may use libm).
AIMFIX_F64_SRCS := $(sort $(wildcard $(AIMFIX_ROOT)/src/*_f64.c))
# The Q16.16 solvers and math: no floating point, no libm, no malloc.
AIMFIX_Q16_SRCS := $(sort $(wildcard $(AIMFIX_ROOT)/src/*_q16.c))
AIMFIX_INC := -I$(AIMFIX_ROOT)/include
