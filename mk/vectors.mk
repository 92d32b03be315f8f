# SPDX-License-Identifier: MIT
# Vectors from the host: tests/gen/gen_q16_vectors.c runs every Q16 solver
# and its f64 twin (the rows of tests/support/q16_solvers.c) on fixed inputs and
# writes the answers as C tables, tests/vectors/q16_vectors.h, which is
# committed; tests/cross/suite_vectors_q16.c checks every board against them.
#
#   make vectors   regenerate the tables (after a solver's results change
#                  on purpose, or a row joins tests/support/q16_solvers.c)
#
# The generator is built in each host variant, and
# tests/host/check-vectors-current.sh checks that its output equals the
# committed file, so running the tests needs no generator run (nor any
# script language), and stale tables fail make test.

VECTORS_HEADER := tests/vectors/q16_vectors.h
VECTORS_GEN_SRC := tests/gen/gen_q16_vectors.c

# vectors_generator,VARIANT: the variant's generator, needed by its checks.
define vectors_generator
$(1)_VECTORS_GEN := $$($(1)_DIR)/gen/gen_q16_vectors
$$($(1)_VECTORS_GEN): $$($(1)_DIR)/obj/tests/gen/gen_q16_vectors.o $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $$^ $$($(1)_LDFLAGS) -lm -o $$@
$(1)_CHECK_DEPS += $$($(1)_VECTORS_GEN)
endef

$(eval $(call vectors_generator,host))
$(eval $(call vectors_generator,host-asan))

.PHONY: vectors
vectors: $(host_VECTORS_GEN) ## regenerate tests/vectors/q16_vectors.h from the host's solvers
	$(Q)$(host_VECTORS_GEN) >$(VECTORS_HEADER).tmp
	$(Q)mv $(VECTORS_HEADER).tmp $(VECTORS_HEADER)
	@echo "  WROTE   $(VECTORS_HEADER)"
