# SPDX-License-Identifier: MIT
# Tools, folders and flags shared by every build.

# help_var,NAME,text: list NAME and what it does in `make help`.
help_var = $(eval HELP_VARS += $(1))$(eval HELP_$(1) := $(2))

# make's built-in default for CC is "cc"; a CC from the command line or the
# environment wins, as usual.
$(call help_var,CC,host C compiler)
BUILDDIR ?= build
$(call help_var,BUILDDIR,folder for every output (one sub-folder per variant))
V ?= 0
$(call help_var,V,V=1 prints every command)

ifeq ($(V),1)
  Q :=
else
  Q := @
endif

NPROC := $(shell nproc 2>/dev/null || echo 2)

# Warnings for our own code, host and target alike.
WARNINGS := -Wall -Wextra -Werror -pedantic -Wmissing-prototypes -Wshadow \
            -Wstrict-prototypes -Wundef -fno-common

# -ffp-contract=off: no fused multiply-add behind our back, so that the f64
# reference gives the same bits on every CPU and compiler.
COMMON_CFLAGS := -std=c99 $(WARNINGS) -ffp-contract=off -Iinclude
