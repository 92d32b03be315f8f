# SPDX-License-Identifier: MIT
# make bench-host-qdrag: the f64 quadratic drag aim at a fixed speed on the
# host (bench/harness/bench_qdrag_host.c): median and 90th percentile time
# per solve over its scenes, and instructions per solve under callgrind,
# as a markdown table in $(host_DIR)/bench/qdrag.md. Needs valgrind.

BENCH_QDRAG := $(host_DIR)/bench/bench_qdrag_host
BENCH_QDRAG_CALLS ?= 48

$(BENCH_QDRAG): bench/harness/bench_qdrag_host.c $(host_LIBS) | $(LIBFIXMATH_HEADER)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $< $(host_LIBS) -lm -o $@

.PHONY: bench-host-qdrag
bench-host-qdrag: $(BENCH_QDRAG) ## f64 quadratic drag aim at a fixed speed on the host: time and callgrind (markdown)
	$(Q)out=$(host_DIR)/bench/qdrag.md; \
	{ echo "| kind | median µs | 90th pct µs | solved | instructions per solve (callgrind) |"; \
	  echo "|---|---|---|---|---|"; \
	  $(BENCH_QDRAG) time | while read kind med p90 solved scenes; do \
	    valgrind --tool=callgrind --callgrind-out-file=$(host_DIR)/bench/qdrag.$$kind.cg \
	        --toggle-collect=af_qdrag_aim_speed_f64 $(BENCH_QDRAG) loop $$kind $(BENCH_QDRAG_CALLS) \
	        >/dev/null 2>&1; \
	    total=$$(sed -n 's/^summary: //p' $(host_DIR)/bench/qdrag.$$kind.cg); \
	    echo "| $$kind | $$med | $$p90 | $$solved of $$scenes | $$((total / $(BENCH_QDRAG_CALLS))) |"; \
	  done; } >$$out; cat $$out
