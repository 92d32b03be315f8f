# SPDX-License-Identifier: MIT
# make docs: the HTML API reference, made by Doxygen from the public
# headers' /** */ comments and the Markdown pages (README.md, docs/), as
# the committed Doxyfile says. A Doxygen warning fails the build
# (WARN_AS_ERROR), and make test runs the same build (tests/host/check-docs.sh).

DOXYGEN ?= doxygen
$(call help_var,DOXYGEN,Doxygen command (make docs))
DOCS_DIR := $(BUILDDIR)/docs

.PHONY: docs
docs: ## the HTML API reference (Doxygen) in $(BUILDDIR)/docs/html; a warning fails it
	$(Q)DOXYGEN='$(DOXYGEN)' scripts/ensure-tools.sh '$(DOXYGEN)'
	@mkdir -p $(DOCS_DIR)
	$(Q){ cat Doxyfile; echo 'OUTPUT_DIRECTORY = $(DOCS_DIR)'; } | $(DOXYGEN) -
	@echo "  DOCS    $(DOCS_DIR)/html/index.html"
