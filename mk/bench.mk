# SPDX-License-Identifier: MIT
# make bench: instructions per call of every row of bench/rows/rows.h (the Q16
# math core now, each Q16 solver as it joins) beside its float, double and
# libfixmath yardsticks, on every board under QEMU (BOARD=name: one) and,
# under callgrind, on the host; the solvers' cost on every board, the AVR
# boards' cycles under simavr included, from the determinism prefix
# suites; written to bench/results.md.
#
# The rows also feed tests/target/suite_budget.c, which make test runs on
# every board: it links the same objects (mk/target.mk builds the suite,
# this file adds them to its link).

# bench/ by role: harness/ (the programs, the measuring, the report),
# rows/ (what is measured, on which inputs), yardsticks/ (the float,
# double and libfixmath ways of doing each row's job) and floors/ (the
# solvers with every safeguard taken out). Each folder's headers are
# reached by name from the others (BENCH_INC).
BENCH_DIRS := bench/harness bench/rows bench/yardsticks bench/floors
BENCH_INC := $(addprefix -I,$(BENCH_DIRS))
# What every program measuring rows links: every source of bench/ but the
# programs' mains (make bench-host-math's and make bench-host-qdrag's
# tools among them), and the yardsticks compiled twice, as float and as
# double: bench/yardsticks/ref_real.c (the math core's),
# bench/yardsticks/drag_real.c (the drag rows', calling the drag solvers'
# f64 sources, which are compiled a second time for float with
# bench/yardsticks/float_f64.h), bench/yardsticks/turret_real.c (the
# turret rows', likewise), bench/yardsticks/shots_real.c (the fixed
# launchers' and closest misses', likewise: the vacuum lob's sources
# hold double-only constants, so the vacuum closest miss has no float
# column) and bench/yardsticks/qdrag_real.c (the quadratic drag rows',
# likewise). A new row or yardstick file is picked up as it
# is.
BENCH_MAINS := bench/harness/bench_board.c bench/harness/bench_host.c \
               bench/harness/host_math.c bench/harness/bench_qdrag_host.c
BENCH_TWICE := bench/yardsticks/ref_real.c bench/yardsticks/drag_real.c \
               bench/yardsticks/turret_real.c bench/yardsticks/shots_real.c \
               bench/yardsticks/qdrag_real.c
BENCH_SRCS := $(filter-out $(BENCH_MAINS) $(BENCH_TWICE),$(sort $(foreach d,$(BENCH_DIRS),$(wildcard $(d)/*.c))))
BENCH_REAL_OBJS := $(foreach f,$(BENCH_TWICE:bench/%.c=%),obj/bench/$(f)_float.o obj/bench/$(f)_double.o)
BENCH_FLOAT_F64_SRCS := $(sort $(wildcard src/f64/drag/drag_*_f64.c src/f64/drag/qdrag_*_f64.c)) \
    src/f64/roots_f64.c src/f64/exact_f64.c \
    src/f64/turret_f64.c src/f64/turret_aim_f64.c src/f64/turret_search_f64.c \
    src/f64/turret_sample_f64.c src/f64/turret_descent_f64.c src/f64/drag/turret_qdrag_f64.c \
    src/f64/drag/turret_drag_f64.c src/f64/fixed_launch_f64.c src/f64/fixed_elev_f64.c src/f64/miss_search_f64.c \
    src/f64/drag/fixed_drag_f64.c src/f64/drag/miss_drag_f64.c
BENCH_FLOAT_F64_OBJS := $(BENCH_FLOAT_F64_SRCS:src/%.c=obj/bench/float/%.o)
# An f64 source as float: every double a float, float constants, float
# libm (bench/yardsticks/float_f64.h says how, and renames its globals).
BENCH_AS_FLOAT := -DBENCH_REAL_FLOAT -include bench/yardsticks/float_f64.h -fsingle-precision-constant \
    -Wdouble-promotion
# The float compilation of each yardstick compiled twice (by its file
# name): ref_real.c picks its type itself, drag_real.c is f64 code made
# float.
BENCH_FLOAT_FLAGS_ref_real := -DBENCH_REAL_FLOAT
BENCH_FLOAT_FLAGS_drag_real := $(BENCH_AS_FLOAT)
BENCH_FLOAT_FLAGS_turret_real := $(BENCH_AS_FLOAT)
BENCH_FLOAT_FLAGS_shots_real := $(BENCH_AS_FLOAT)
BENCH_FLOAT_FLAGS_qdrag_real := $(BENCH_AS_FLOAT)
# The committed file holds every board; one board's report goes to the
# build folder instead.
BENCH_RESULTS ?= $(if $(BOARD),$(BUILDDIR)/bench/results-$(BOARD).md,bench/results.md)
$(call help_var,BENCH_RESULTS,the file make bench writes)

# bench_objects,VARIANT,CC,CFLAGS,ORDER_ONLY,NM: the rows' objects of a
# variant (a board or the host), the yardsticks' two compilations and the
# float copies of the f64 drag solvers included. A float copy that
# defines a global not renamed to bench_* would bind the f64 library's
# callers to float code: nm stops the build.
define bench_objects
$(1)_BENCH_OBJS := $$(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(BENCH_SRCS)) \
                   $$(addprefix $$($(1)_DIR)/,$(BENCH_REAL_OBJS) $(BENCH_FLOAT_F64_OBJS))
$$($(1)_DIR)/obj/bench/%.o: $(1)_CFLAGS += $(BENCH_INC)
$$($(1)_DIR)/obj/bench/%_float.o: bench/%.c bench/yardsticks/float_f64.h $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) $(4)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$(2) $(3) $(BENCH_INC) $$(BENCH_FLOAT_FLAGS_$$(notdir $$*)) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/bench/%_double.o: bench/%.c $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) $(4)
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$(2) $(3) $(BENCH_INC) -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/obj/bench/float/%.o: src/%.c bench/yardsticks/float_f64.h $$($(1)_SETTINGS) | $(LIBFIXMATH_HEADER) $(4)
	@mkdir -p $$(@D)
	@echo "  CC      $$@ (float)"
	$$(Q)$(2) $(3) $(BENCH_AS_FLOAT) -MMD -MP -MF $$(@:.o=.d) -MT $$@ -c $$< -o $$@.tmp
	$$(Q)$(5) -g --defined-only $$@.tmp | awk 'NF == 3 && $$$$3 !~ /^bench_/ { print "bench: " $$$$3 \
	    " is not renamed in bench/yardsticks/float_f64.h" >"/dev/stderr"; bad = 1 } END { exit bad }'
	$$(Q)mv $$@.tmp $$@
endef

# bench_program,BOARD,PROGRAM,OBJECT: link PROGRAM from OBJECT, the rows,
# the port, the libraries (the test support too: the budget suites use the
# harness). Its own recipe, so that the rows come before the libraries
# they call.
define bench_program
$(2): $(3) $$($(1)_SUPPORT_OBJS) $$($(1)_BENCH_OBJS) $$($(1)_LIBS) \
      boards/$(1)/memory.ld linker/sections.ld
	@mkdir -p $$(@D)
	@echo "  LD      $$@"
	$$(Q)$$($(1)_LINK)
endef

# bench_board,BOARD: the board's benchmark program and its two runs, the
# budget suite, and the budget suite with every goal at a tenth.
define bench_board
$(call bench_objects,$(1),$$($(1)_CC),$$($(1)_CFLAGS),ensure-tools,$$($(1)_NM))
$(call bench_program,$(1),$$($(1)_DIR)/bench/bench_board,$$($(1)_DIR)/obj/bench/harness/bench_board.o)
$(call bench_program,$(1),$$($(1)_DIR)/tests/suite_budget,$$($(1)_DIR)/obj/tests/target/suite_budget.o)
$(call bench_program,$(1),$$($(1)_DIR)/bench/suite_budget_tight,$$($(1)_DIR)/obj/bench/suite_budget_tight.o)
# Two runs must print the same bytes: the counts are exact, not sampled.
$$($(1)_DIR)/bench/results.txt: $$($(1)_DIR)/bench/bench_board $$($(1)_RUNNER)
	@echo "  BENCH   $(1) (twice)"
	$$(Q)$$($(1)_RUNNER) $$< >$$@.1 && $$($(1)_RUNNER) $$< >$$@.2
	$$(Q)cmp -s $$@.1 $$@.2 || { echo "bench: two runs on $(1) differ:" >&2; \
	    diff $$@.1 $$@.2 | head -n 10 >&2; exit 1; }
	$$(Q)mv $$@.1 $$@ && rm -f $$@.2
$$($(1)_DIR)/obj/tests/target/suite_budget.o: $(1)_CFLAGS += $(BENCH_INC)
# BUDGET_PERCENT=10: the build tests/target/check-budget-can-fail.sh runs,
# which must fail on the M3.
$$($(1)_DIR)/obj/bench/suite_budget_tight.o: tests/target/suite_budget.c $$($(1)_SETTINGS) \
                                            | $(LIBFIXMATH_HEADER) ensure-tools
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	$$(Q)$$($(1)_CC) $$($(1)_CFLAGS) $(BENCH_INC) -DBUDGET_PERCENT=10 -MMD -MP -c $$< -o $$@
$$($(1)_DIR)/results/check-budget-can-fail.log: $$($(1)_DIR)/bench/suite_budget_tight
endef

$(foreach b,$(FULL_BOARDS),$(eval $(call bench_board,$(b))))

# The host: a loop over a row's variant for callgrind
# (bench/harness/host-solves.sh).
$(eval $(call bench_objects,host,$(host_CC),$(host_CFLAGS) -Iport,,nm))
BENCH_HOST := $(host_DIR)/bench/bench_host
BENCH_HOST_COUNTS := $(host_DIR)/bench/host-counts.txt
$(BENCH_HOST): $(host_DIR)/obj/bench/harness/bench_host.o $(host_BENCH_OBJS) \
               $(host_DIR)/obj/port/host/port_host.o $(host_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $^ -lm -o $@
$(BENCH_HOST_COUNTS): $(BENCH_HOST) bench/harness/host-solves.sh
	@echo "  BENCH   host (callgrind)"
	$(Q)bench/harness/host-solves.sh $(BENCH_HOST) $@

# The boards measured: not the AVR ones (FULL_BOARDS, mk/target.mk).
BENCH_VARIANTS := $(filter $(FULL_BOARDS),$(TARGET_VARIANTS))
BENCH_BOARD_RESULTS := $(foreach b,$(BENCH_VARIANTS),$($(b)_DIR)/bench/results.txt)
# The budgets come from the budget suite's run on the Cortex-M3 board, when
# it is among the boards measured.
BUDGET_BOARD := $(firstword $(foreach b,$(TARGET_VARIANTS),$(if $(filter Cortex-M3,$($(b)_CORE)),$(b))))
BENCH_BUDGET_LOG := $(if $(BUDGET_BOARD),$($(BUDGET_BOARD)_DIR)/results/suite_budget.log)

# Every board's archives, whose flash and RAM the every-board table gives
# (bench/harness/boards.sh).
BENCH_BOARD_LIBS := $(foreach b,$(TARGET_VARIANTS),$($(b)_DIR)/libaimfix_q16.a $($(b)_DIR)/libfixmath.a)
# The determinism prefix suites, for the every-board tables:
# the vacuum and drag ones on the boards with a benchmark program, every
# one on the AVR boards (their only figures: they have no benchmark
# program; the Uno runs a program per vacuum row that fits its flash).
BENCH_PREFIX_LOGS := $(foreach b,$(TARGET_VARIANTS),$(if $(filter $(b),$(FULL_BOARDS)),\
    $(addprefix $($(b)_DIR)/results/,suite_determinism_vacuum_q16.log suite_determinism_drag_q16.log),\
    $(filter-out %/suite_determinism_q16.log,$(filter $($(b)_DIR)/results/suite_determinism_%_q16.log,$($(b)_LOGS)))))

.PHONY: bench
bench: $(BENCH_BOARD_RESULTS) $(BENCH_HOST_COUNTS) $(BENCH_BUDGET_LOG) $(BENCH_SIZE_INPUTS) $(BENCH_PREFIX_LOGS) \
       $(BENCH_BOARD_LIBS) ## instructions per call on every board and the host: bench/results.md
	$(Q)mkdir -p $(dir $(BENCH_RESULTS))
	$(Q)SIZE='$(TARGET_SIZE)' scripts/size-report.sh $(BUILDDIR) $(BENCH_VARIANTS) >$(BUILDDIR)/bench-size.txt
	$(Q)CC='$(CC)' TARGET_CC='$(TARGET_CC)' QEMU='$(QEMU)' TARGET_OPT='$(TARGET_OPT)' \
	    HOST_OPT='$(HOST_OPT)' PREFIX_LOGS='$(BENCH_PREFIX_LOGS)' bench/harness/report.sh $(BUILDDIR) \
	    $(BENCH_HOST_COUNTS) $(BUILDDIR)/bench-size.txt $(or $(BENCH_BUDGET_LOG),-) \
	    $(BENCH_VARIANTS) >$(BENCH_RESULTS).tmp
	$(Q)mv $(BENCH_RESULTS).tmp $(BENCH_RESULTS)
	@echo "  WROTE   $(BENCH_RESULTS)"
