# SPDX-License-Identifier: MIT
# The turret example (examples/turret/, docs/turret.md):
# built for the host variants and for every board, next to the tests:
#     build/<variant>/examples/turret
#
#   make run                 build it for $(DEFAULT_BOARD) and run it under QEMU
#   make run BOARD=name      on another board
#   make run-host            on the host (no instruction counts)
#
# The firmware (examples/turret/firmware/) is held to the Q16 library's
# rules: on the host it is compiled with floating point forbidden, like
# src/core/ and src/q16/, and on the boards soft-float; tests/check-turret.sh checks
# that its objects call no floating-point helper. The simulated world,
# the report and main may use double. The program links the whole library
# (libaimfix.a): the world takes the ball's drag coefficient from
# af_qdrag_coef_f64; check-turret.sh checks that the firmware calls no
# f64 function.
#
# examples/turret/tests/: suite_turret_flight flies the firmware's aims
# (the library's turret aim through Q16 quadratic drag) by the library's
# f64 continuous quadratic drag, suite_turret_track checks the track's
# acceleration estimate; both join every variant's suites.

TURRET_DIR := examples/turret
TURRET_FIRMWARE_SRCS := $(sort $(wildcard $(TURRET_DIR)/firmware/*.c))
TURRET_HARNESS_SRCS := $(sort $(wildcard $(TURRET_DIR)/world/*.c $(TURRET_DIR)/report/*.c)) \
                       $(TURRET_DIR)/main.c
TURRET_SUITE_SRCS := $(sort $(wildcard $(TURRET_DIR)/tests/suite_*.c))
# The host's run recorded for the replay suite (suite_turret_replay):
# replay/record.c writes it as C tables, generated in the build folder.
TURRET_REPLAY_TABLES := $(BUILDDIR)/turret-replay/replay_tables.h
TURRET_INC := -I$(TURRET_DIR) -I$(TURRET_DIR)/firmware -I$(TURRET_DIR)/world \
              -I$(TURRET_DIR)/report -I$(TURRET_DIR)/replay -I$(dir $(TURRET_REPLAY_TABLES)) -Iport

# turret_objects,VARIANT,CC,FIRMWARE_CFLAGS,OTHER_CFLAGS,ORDER_ONLY
define turret_objects
$(1)_TURRET_FIRMWARE_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(TURRET_FIRMWARE_SRCS))
$(1)_TURRET_HARNESS_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(TURRET_HARNESS_SRCS))
$(1)_TURRET := $$($(1)_DIR)/examples/turret
$$($(1)_DIR)/obj/$(TURRET_DIR)/firmware/%.o: $(TURRET_DIR)/firmware/%.c $(5)| $(LIBFIXMATH_HEADER) $(6)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$(2) $(3) $(TURRET_INC) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/$(TURRET_DIR)/%.o: $(TURRET_DIR)/%.c $(5)| $(LIBFIXMATH_HEADER) $(6)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$(2) $(4) $(TURRET_INC) $(TEST_INC) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/$(TURRET_DIR)/tests/suite_turret_replay.o: $(TURRET_REPLAY_TABLES)
# What make test builds and checks on this variant.
$(1)_TESTS += $$(patsubst $(TURRET_DIR)/tests/%.c,$$($(1)_DIR)/tests/%,$(TURRET_SUITE_SRCS))
$$($(1)_DIR)/results/check-turret.log: $$($(1)_TURRET) $$($(1)_TURRET_FIRMWARE_OBJS)
endef

# The host variants: the firmware with floating point forbidden.
$(foreach v,host host-asan,$(eval $(call turret_objects,$(v),$$($(v)_CC),\
    $$($(v)_CFLAGS) $(HOST_NOFLOAT),$$($(v)_CFLAGS),,)))

define turret_host
$$($(1)_TURRET): $$($(1)_TURRET_FIRMWARE_OBJS) $$($(1)_TURRET_HARNESS_OBJS) \
                 $$($(1)_DIR)/obj/port/host/port_host.o $$($(1)_DIR)/libaimfix.a \
                 $$($(1)_DIR)/libfixmath.a
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $$^ $$($(1)_LDFLAGS) -lm -o $$@
$$($(1)_DIR)/tests/suite_turret_%: $$($(1)_DIR)/obj/$(TURRET_DIR)/tests/suite_turret_%.o \
        $$($(1)_TURRET_FIRMWARE_OBJS) $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $$^ $$($(1)_LDFLAGS) -lm -o $$@
endef
$(foreach v,host host-asan,$(eval $(call turret_host,$(v))))

# The recorder: the firmware and the world of the host's build, no report
# (the port for the firmware's own cost counter).
TURRET_RECORD := $(host_DIR)/examples/turret-record
$(TURRET_RECORD): $(host_DIR)/obj/$(TURRET_DIR)/replay/record.o $(host_TURRET_FIRMWARE_OBJS) \
                  $(filter $(host_DIR)/obj/$(TURRET_DIR)/world/%,$(host_TURRET_HARNESS_OBJS)) \
                  $(host_DIR)/obj/port/host/port_host.o $(host_DIR)/libaimfix.a $(host_DIR)/libfixmath.a
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $^ $(host_LDFLAGS) -lm -o $@
$(TURRET_REPLAY_TABLES): $(TURRET_RECORD)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(TURRET_RECORD) >$@.tmp && mv $@.tmp $@
# The sanitized build is compared with the plain one (another -O level).
host-asan_CHECK_ENV += TURRET_REFERENCE='$(host_TURRET)'
$(host-asan_DIR)/results/check-turret.log: $(host_TURRET)

# The boards: the firmware soft-float like the Q16 library; linked by the
# board's own link command (mk/target.mk).
define turret_board
$(call turret_objects,$(1),$$($(1)_CC),$$($(1)_SOFT_CFLAGS) -Iport,$$($(1)_CFLAGS),\
    $$($(1)_SETTINGS) ,ensure-tools)
$$($(1)_TURRET): $$($(1)_TURRET_FIRMWARE_OBJS) $$($(1)_TURRET_HARNESS_OBJS) $$($(1)_PORT_OBJS) \
                 $$($(1)_DIR)/libaimfix.a $$($(1)_DIR)/libfixmath.a \
                 boards/$(1)/memory.ld linker/sections.ld
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$$($(1)_DIR)/tests/suite_turret_%: $$($(1)_DIR)/obj/$(TURRET_DIR)/tests/suite_turret_%.o \
        $$($(1)_TURRET_FIRMWARE_OBJS) $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS) \
        boards/$(1)/memory.ld linker/sections.ld
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
# The check compares the board's run with the host's.
$$($(1)_DIR)/results/check-turret.log: $$(host_TURRET)
$(1)_CHECK_ENV += TURRET_REFERENCE='$$(host_TURRET)'
$(1): $$($(1)_TURRET)
endef
$(foreach b,$(FULL_BOARDS),$(eval $(call turret_board,$(b))))

# The AVR boards that replay the host's run (BOARD_TURRET_REPLAY): the
# firmware alone, soft-float like the Q16 library, and the replay suite;
# the world cannot run there (its double has 32 bits).
define turret_replay_board
$(1)_TURRET_FIRMWARE_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(TURRET_FIRMWARE_SRCS))
$$($(1)_DIR)/obj/$(TURRET_DIR)/firmware/%.o: $(TURRET_DIR)/firmware/%.c $$($(1)_SETTINGS) \
        | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_SOFT_CFLAGS) $(TURRET_INC) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/$(TURRET_DIR)/tests/suite_turret_replay.o: $(TURRET_DIR)/tests/suite_turret_replay.c \
        $(TURRET_REPLAY_TABLES) $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $(TURRET_INC) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/tests/suite_turret_replay: $$($(1)_DIR)/obj/$(TURRET_DIR)/tests/suite_turret_replay.o \
        $$($(1)_TURRET_FIRMWARE_OBJS) $$($(1)_SUPPORT_OBJS) $$($(1)_LIBS)
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
$(1)_TESTS += $$($(1)_DIR)/tests/suite_turret_replay
$(1): $$($(1)_DIR)/tests/suite_turret_replay
endef
$(foreach b,$(BOARDS),$(if $($(b)_TURRET_REPLAY),$(eval $(call turret_replay_board,$(b)))))

RUN_BOARD := $(or $(BOARD),$(DEFAULT_BOARD))

.PHONY: run run-host turret
turret: $(host_TURRET) ## build the turret example for the host
run: ## build the turret example and run it under QEMU on mps2-an385 (or BOARD=name)
	$(Q)$(MAKE) --no-print-directory ensure-tools
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $($(RUN_BOARD)_TURRET) $($(RUN_BOARD)_RUNNER)
	$(Q)$($(RUN_BOARD)_RUNNER) $($(RUN_BOARD)_TURRET)
run-host: $(host_TURRET) ## run the turret example on the host (no instruction counts)
	$(Q)$(host_TURRET)
