# SPDX-License-Identifier: MIT
# make install: the public headers, the host archives and a pkg-config file.
#
#   make install PREFIX=/usr/local DESTDIR=
#
# Installs $(DESTDIR)$(INCLUDEDIR)/aimfix.h and aimfix/*.h, libfixmath's
# fix16.h (and the fix16.hpp it includes in C++) under
# $(INCLUDEDIR)/aimfix/libfixmath/ (the headers need its fix16_t; aimfix
# needs none of libfixmath's code), $(LIBDIR)/libaimfix.a (both libraries)
# and libaimfix_q16.a (the Q16 one alone), and $(LIBDIR)/pkgconfig/aimfix.pc:
#     cc app.c $$(pkg-config --cflags --libs aimfix)

PREFIX ?= /usr/local
$(call help_var,PREFIX,where make install puts the library)
DESTDIR ?=
$(call help_var,DESTDIR,staging folder prepended to PREFIX by make install)
INCLUDEDIR ?= $(PREFIX)/include
LIBDIR ?= $(PREFIX)/lib

AIMFIX_VERSION_STRING := $(shell sed -n 's/^\#define AIMFIX_VERSION_STRING "\(.*\)"$$/\1/p' include/aimfix/version.h)

$(host_DIR)/aimfix.pc: mk/aimfix.pc.in include/aimfix/version.h mk/install.mk
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@VERSION@|$(AIMFIX_VERSION_STRING)|' $< >$@

# The file records PREFIX: regenerated on every install.
.PHONY: install
install: $(host_DIR)/libaimfix.a $(host_DIR)/libaimfix_q16.a $(LIBFIXMATH_HEADER) FORCE ## install headers, host archives and aimfix.pc (PREFIX, DESTDIR)
	$(Q)rm -f $(host_DIR)/aimfix.pc && $(MAKE) --no-print-directory $(host_DIR)/aimfix.pc
	install -d $(DESTDIR)$(INCLUDEDIR)/aimfix/libfixmath $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 644 $(filter-out include/aimfix/%,$(AIMFIX_PUBLIC_HDRS)) $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(filter include/aimfix/%,$(AIMFIX_PUBLIC_HDRS)) $(DESTDIR)$(INCLUDEDIR)/aimfix/
	install -m 644 $(LIBFIXMATH_DIR)/libfixmath/fix16.h $(LIBFIXMATH_DIR)/libfixmath/fix16.hpp \
	    $(DESTDIR)$(INCLUDEDIR)/aimfix/libfixmath/
	install -m 644 $(host_DIR)/libaimfix.a $(host_DIR)/libaimfix_q16.a $(DESTDIR)$(LIBDIR)/
	install -m 644 $(host_DIR)/aimfix.pc $(DESTDIR)$(LIBDIR)/pkgconfig/

.PHONY: uninstall
uninstall: ## remove what make install put under $(DESTDIR)$(PREFIX)
	rm -f $(DESTDIR)$(INCLUDEDIR)/aimfix.h $(DESTDIR)$(LIBDIR)/libaimfix.a \
	    $(DESTDIR)$(LIBDIR)/libaimfix_q16.a $(DESTDIR)$(LIBDIR)/pkgconfig/aimfix.pc
	rm -rf $(DESTDIR)$(INCLUDEDIR)/aimfix
