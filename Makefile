# SPDX-License-Identifier: MIT
# aimfix — top-level Makefile.
#
#   make run        the turret example, built and run under QEMU
#   make            build the host library and the CLI into $(BUILDDIR)/host/
#   make test       build and run every test suite, on the host and on every
#                   QEMU board (BOARD=name: one board); the last line is
#                   "N passed, N failed"
#   make check      the host suites only (plain and sanitized), no board
#   make install    headers, host archives and aimfix.pc (PREFIX, DESTDIR)
#   make size       flash, RAM and stack of the Q16 library on each board
#   make bench      instructions per call on each board and the host,
#                   written to bench/results.md
#   make vectors    regenerate the host's answers the boards are checked
#                   against (tests/vectors/q16_vectors.h)
#   make docs       the HTML API reference (Doxygen) in $(BUILDDIR)/docs/html
#   make fuzz       run every fuzz target for FUZZ_SECONDS (tests/fuzz/)
#   make help       list every target and the variables that can be set
#
# The pieces live in mk/: one fragment per job, included below in the order
# they depend on each other. A fragment documents a target with "## text"
# after its colon and a variable with `$(call help_var,NAME,text)`.

.DEFAULT_GOAL := all
# Keep every object and test binary: they are outputs, not temporaries.
.SECONDARY:

include mk/config.mk
include mk/libfixmath.mk
include mk/sources.mk
include mk/host.mk
include mk/target.mk
include mk/vectors.mk
include mk/examples.mk
include mk/install.mk
include mk/tests.mk
include mk/fuzz.mk
include mk/exhaustive.mk
include mk/bench-host.mk
include mk/bench-qdrag.mk
include mk/bench.mk
include mk/docs.mk

.PHONY: help
help: ## list the targets and the variables that can be overridden
	@echo "Targets:"
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | \
	  sed -E 's/^([a-zA-Z_-]+):.*## (.*)/\1|\2/' | \
	  awk -F'|' '{ printf "  %-18s %s\n", $$1, $$2 }'
	@echo "Variables (current value):"
	@$(foreach v,$(HELP_VARS),printf '  %-16s %-22s %s\n' '$(v)' '$($(v))' '$(HELP_$(v))';)

.PHONY: clean
clean: ## remove $(BUILDDIR), the fetched libfixmath included
	rm -rf $(BUILDDIR)
