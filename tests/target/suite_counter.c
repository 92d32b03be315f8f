/* SPDX-License-Identifier: MIT */
/*
 * The instruction counter of each board's port must be exact: the
 * benchmarks and the turret example print its differences as
 * "instructions per solve". Known instruction sequences must measure their
 * true length and the same code must measure the same every time, on every
 * port. The Cortex-M port counts with a timer under QEMU's -icount
 * (port/cortex-m/instruction_counter.h), whose 32-bit wrap must not show
 * either; the RISC-V port reads minstret (port/riscv/port_riscv.c) and the
 * ARMv4T board a 24 MHz counter (port/armv4t/counter_24mhz.c), neither
 * with a timer to preset. Built for the boards only (tests/target/).
 */
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "port.h"

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define COUNTER_FROM_TIMER 1
#include "board_timer.h"
#include "instruction_counter.h"
#elif defined(__riscv) || defined(__arm__)
#define COUNTER_FROM_TIMER 0
#else
#error "suite_counter: no counted loop for this architecture"
#endif

/* n no-operation instructions, assembled as they are (no compiler
 * scheduling can add or remove one). */
#define NOPS(n) __asm__ volatile(".rept " #n "\n\tnop\n\t.endr" ::: "memory")

/* A function returning the difference of two readings around n nops; one
 * function each keeps every literal pool within reach of its loads. */
#define DEFINE_MEASURE_NOPS(n)                                                \
    __attribute__((noinline)) static uint32_t measure_##n##_nops(void)        \
    {                                                                         \
        uint32_t start = port_counter();                                      \
        NOPS(n);                                                              \
        return port_counter() - start;                                        \
    }
DEFINE_MEASURE_NOPS(1)
DEFINE_MEASURE_NOPS(2)
DEFINE_MEASURE_NOPS(3)
DEFINE_MEASURE_NOPS(5)
DEFINE_MEASURE_NOPS(7)
DEFINE_MEASURE_NOPS(16)
DEFINE_MEASURE_NOPS(31)
DEFINE_MEASURE_NOPS(100)
DEFINE_MEASURE_NOPS(1000)

static void counter_unit_is_instructions(void)
{
    TH_CHECK(strcmp(port_counter_unit(), "instructions") == 0, "unit %s", port_counter_unit());
}

/* Two readings in a row differ by 0: the cost of a reading is subtracted.
 * Repeated at many moments, since a timer's phase differs at each. */
static void back_to_back_readings_differ_by_zero(void)
{
    int i;
#if COUNTER_FROM_TIMER
    th_note("one reading costs %lu instructions, subtracted from every reading",
            (unsigned long)instruction_counter_read_cost());
#endif
    for (i = 0; i < 200; i++) {
        uint32_t a = port_counter();
        uint32_t b = port_counter();
        TH_CHECK(b - a == 0, "readings %d: %lu apart", i, (unsigned long)(b - a));
    }
}

static void nop_runs_measure_their_length(void)
{
    static const struct {
        uint32_t (*measure)(void);
        uint32_t length;
    } runs[] = {
        { measure_1_nops, 1 },    { measure_2_nops, 2 },     { measure_3_nops, 3 },
        { measure_5_nops, 5 },    { measure_7_nops, 7 },     { measure_16_nops, 16 },
        { measure_31_nops, 31 },  { measure_100_nops, 100 }, { measure_1000_nops, 1000 },
    };
    int repeat;
    size_t i;
    for (repeat = 0; repeat < 3; repeat++)
        for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
            uint32_t d = runs[i].measure();
            TH_CHECK(d == runs[i].length, "%lu nops measured %lu", (unsigned long)runs[i].length,
                     (unsigned long)d);
        }
}

/* A counted loop: "subs; bne" (Cortex-M), "sub; bne" (ARMv4T Thumb-1,
 * whose sub sets the flags) or "addi; bnez" (RISC-V) per turn, so 2 n
 * instructions for n turns (the last branch is not taken but still
 * executes). Loading n into a
 * register may land inside the measurement, so the check compares two
 * loop lengths, where that cost cancels; GCC's noipa, so that it makes no
 * copy specialised for one length. */
#if defined(__clang__)
#define NOT_SPECIALISED __attribute__((noinline))
#else
#define NOT_SPECIALISED __attribute__((noipa))
#endif

NOT_SPECIALISED static uint32_t measure_loop(uint32_t turns)
{
    uint32_t start = port_counter();
#if defined(__riscv)
    __asm__ volatile("1:\n\t"
                     "addi %0, %0, -1\n\t"
                     "bnez %0, 1b"
                     : "+r"(turns));
#elif !COUNTER_FROM_TIMER
    __asm__ volatile("1:\n\t"
                     "sub %0, #1\n\t"
                     "bne 1b"
                     : "+l"(turns)
                     :
                     : "cc");
#else
    /* GCC switches Thumb-1 inline assembly to the old "divided" syntax and
     * back to unified after it: ask for unified, as every core here reads. */
    __asm__ volatile(".syntax unified\n"
                     "1:\n\t"
                     "subs %0, %0, #1\n\t"
                     "bne 1b"
                     : "+l"(turns)
                     :
                     : "cc");
#endif
    return port_counter() - start;
}

static void loops_measure_two_instructions_a_turn(void)
{
    static const uint32_t turns[] = { 2, 3, 10, 77, 1000, 65536, 300001 };
    uint32_t one = measure_loop(1);
    size_t i;
    for (i = 0; i < sizeof turns / sizeof turns[0]; i++) {
        uint32_t d = measure_loop(turns[i]);
        TH_CHECK(d - one == 2 * (turns[i] - 1), "%lu turns: %lu, 1 turn: %lu",
                 (unsigned long)turns[i], (unsigned long)d, (unsigned long)one);
    }
}

/* Something with calls, memory and branches, always the same path. */
__attribute__((noinline)) static uint32_t fixed_work(const uint8_t *data, size_t length)
{
    uint32_t hash = 2166136261u;
    size_t i;
    for (i = 0; i < length; i++)
        hash = (hash ^ data[i]) * 16777619u;
    return hash;
}

/* The same code measures the same, whatever ran before it: a busy loop of
 * varying length in between shifts the moment of each measurement. */
static void same_code_measures_the_same_every_time(void)
{
    static const uint8_t data[61] = { 3, 1, 4, 1, 5, 9, 2, 6 };
    volatile uint32_t sink;
    uint32_t first = 0;
    int i;
    for (i = 0; i < 100; i++) {
        uint32_t start, d;
        (void)measure_loop((uint32_t)(1 + i * 7));
        start = port_counter();
        sink = fixed_work(data, sizeof data);
        d = port_counter() - start;
        if (i == 0)
            first = d;
        TH_CHECK(d == first, "run %d: %lu instructions, first run %lu", i, (unsigned long)d,
                 (unsigned long)first);
    }
    (void)sink;
    th_note("a 61-byte FNV-1a hash: %lu instructions", (unsigned long)first);
}

#if COUNTER_FROM_TIMER
/* The arithmetic on made-up tick counts. The tick count of instruction i
 * since the start is i * 2^shift / tick_ns, rounded down as the timers do,
 * and a reading may be a few ticks lower still (QEMU's CMSDK timer reads 2
 * low on the instruction at which it wraps): the counter tolerates `low`
 * ticks while (2 low + 1) tick_ns < 2^shift (instruction_counter.h). Every
 * difference must come back exact, across the wrap too. */
static uint32_t ticks_at(uint64_t instruction, uint32_t low)
{
    uint64_t ticks = (instruction << PORT_ICOUNT_SHIFT) / PORT_TIMER_TICK_NS;
    return (uint32_t)(ticks - low); /* modulo 2^32, as the timer counts */
}

static int tolerated(uint32_t low)
{
    return (2 * low + 1) * PORT_TIMER_TICK_NS < (1u << PORT_ICOUNT_SHIFT);
}

static void wrap_arithmetic_is_exact(void)
{
    const uint64_t wrap = instruction_counter_wrap_length();
    /* Pairs of instruction indices (relative to the wrap) a reading apart. */
    static const int64_t around[][2] = {
        { -3, 5 }, { -1, 0 }, { -1, 1 }, { 0, 1 }, { -1000, 1000 }, { -7, 200000 },
    };
    th_rng rng = th_rng_for("wrap_arithmetic_is_exact");
    uint32_t low, low_a, low_b, most_low = 0;
    int i;
    TH_CHECK(wrap == ((uint64_t)PORT_TIMER_TICK_NS << (32 - PORT_ICOUNT_SHIFT)),
             "wrap length %llu", (unsigned long long)wrap);
    while (tolerated(most_low + 1))
        most_low++;
    th_note("readings up to %lu ticks low are tolerated", (unsigned long)most_low);
    for (low_a = 0; low_a <= most_low; low_a++)
        for (low_b = 0; low_b <= most_low; low_b++)
            for (i = 0; i < (int)(sizeof around / sizeof around[0]); i++) {
                instruction_counter c = { 0, 0, 0, 0 };
                uint64_t a = wrap + (uint64_t)around[i][0], b = wrap + (uint64_t)around[i][1];
                uint32_t va, vb;
                c.last_ticks = ticks_at(a - 1, 0);
                va = instruction_counter_next(&c, ticks_at(a, low_a));
                vb = instruction_counter_next(&c, ticks_at(b, low_b));
                TH_CHECK(vb - va == (uint32_t)(b - a), "%lld..%lld, %lu and %lu ticks low: %lu",
                         (long long)around[i][0], (long long)around[i][1], (unsigned long)low_a,
                         (unsigned long)low_b, (unsigned long)(vb - va));
            }
    /* Random intervals below one wrap, starting anywhere in the first two
     * wraps, with a reading cost to subtract. */
    for (i = 0; i < th_count(2000); i++) {
        instruction_counter c = { 0, 0, 0, 0 };
        uint64_t a = th_rand_u64(&rng) % (2 * wrap);
        uint64_t length = th_rand_u64(&rng) % wrap;
        uint32_t va, vb;
        low = th_rand_below(&rng, most_low + 1);
        c.last_ticks = ticks_at(a, 0);
        c.reads = 5;
        c.read_cost = 17;
        va = instruction_counter_next(&c, ticks_at(a, 0));
        vb = instruction_counter_next(&c, ticks_at(a + length, low));
        TH_CHECK(vb - va == (uint32_t)length - 17u, "from %llu, %llu long, %lu low: %lu",
                 (unsigned long long)a, (unsigned long long)length, (unsigned long)low,
                 (unsigned long)(vb - va));
    }
}

/* The real timer's wrap, where the timer can be preset (the MPS2 boards):
 * the wrap is moved across a 100-nop measurement one step at a time, so
 * that it falls before, inside and after it and inside the readings. */
static void hardware_wrap_does_not_show(void)
{
    int step, wrapped_inside = 0;
    for (step = 0; step < 120; step++) {
        uint32_t before, after, d;
        if (instruction_counter_restart_before_wrap((uint32_t)step * 3u) != 0) {
            th_note("this board's timer cannot be preset: only the arithmetic is checked");
            TH_CHECK(strcmp(port_counter_unit(), "instructions") == 0, "unit");
            return;
        }
        before = board_timer_ticks();
        d = measure_100_nops();
        after = board_timer_ticks();
        wrapped_inside += after < before;
        TH_CHECK(d == 100, "wrap %d instructions after the restart: 100 nops measured %lu",
                 step * 3, (unsigned long)d);
    }
    TH_CHECK(wrapped_inside > 0, "the timer never wrapped during a measurement");
    th_note("%d of 120 measurements had the timer wrap around them", wrapped_inside);
}
#endif

static const th_case cases[] = {
    TH_CASE(counter_unit_is_instructions),
    TH_CASE(back_to_back_readings_differ_by_zero),
    TH_CASE(nop_runs_measure_their_length),
    TH_CASE(loops_measure_two_instructions_a_turn),
    TH_CASE(same_code_measures_the_same_every_time),
#if COUNTER_FROM_TIMER
    TH_CASE(wrap_arithmetic_is_exact),
    TH_CASE(hardware_wrap_does_not_show),
#endif
};

TH_MAIN("counter", cases)
