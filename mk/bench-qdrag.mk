# SPDX-License-Identifier: MIT
# make bench-host-qdrag: the f64 quadratic drag aim at a fixed speed on the
# host (bench/harness/bench_qdrag_host.c): median and 90th percentile time
# per solve over its scenes, and the median and worst instructions per
# solve under callgrind (a dump after each solve, each scene once), as a
# markdown table in $(host_DIR)/bench/qdrag.md. Needs valgrind.

BENCH_QDRAG := $(host_DIR)/bench/bench_qdrag_host

$(BENCH_QDRAG): bench/harness/bench_qdrag_host.c $(host_LIBS) | $(LIBFIXMATH_HEADER)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(host_CFLAGS) $< $(host_LIBS) -lm -o $@

.PHONY: bench-host-qdrag
bench-host-qdrag: $(BENCH_QDRAG) ## f64 quadratic drag aim at a fixed speed on the host: time and callgrind (markdown)
	$(Q)out=$(host_DIR)/bench/qdrag.md; dir=$(host_DIR)/bench/qdrag-cg; \
	{ echo "| kind | median µs | 90th pct µs | solved | instructions per solve, median / worst (callgrind) |"; \
	  echo "|---|---|---|---|---|"; \
	  $(BENCH_QDRAG) time | while read kind med p90 solved scenes; do \
	    rm -rf $$dir; mkdir -p $$dir; \
	    valgrind --tool=callgrind --callgrind-out-file=$$dir/cg \
	        --toggle-collect=af_qdrag_aim_speed_f64 --dump-after=af_qdrag_aim_speed_f64 \
	        $(BENCH_QDRAG) loop $$kind $$scenes >/dev/null 2>&1; \
	    counts=$$(for f in $$dir/cg.*; do sed -n 's/^summary: //p' $$f; done | sort -n); \
	    median=$$(echo "$$counts" | sed -n "$$(( (scenes + 1) / 2 ))p"); \
	    worst=$$(echo "$$counts" | tail -n 1); \
	    echo "| $$kind | $$med | $$p90 | $$solved of $$scenes | $$median / $$worst |"; \
	  done; } >$$out; cat $$out
