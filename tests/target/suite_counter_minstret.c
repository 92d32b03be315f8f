/* SPDX-License-Identifier: MIT */
/*
 * The instruction counter of the RISC-V port (minstret under QEMU's
 * -icount, port/riscv/port_riscv.c) must be exact: the benchmarks and the
 * turret example print its differences as "instructions per solve". Known
 * instruction sequences must measure their true length, and the same code
 * must measure the same every time. Built for the RISC-V boards and the
 * ARMv4T board (its counter, port/armv4t/counter_24mhz.c, is read the
 * same way: no timer to preset).
 */
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "port.h"

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

/* Two readings in a row differ by 0: the cost of a reading is subtracted. */
static void back_to_back_readings_differ_by_zero(void)
{
    int i;
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

/* A counted loop: "addi; bnez" ("sub; bne" on Arm, the flag-setting Thumb-1 form) per turn, so 2 n instructions for n turns
 * (the last bnez is not taken but still executes). Loading n into a
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
#else
    __asm__ volatile("1:\n\t"
                     "sub %0, #1\n\t"
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

static const th_case cases[] = {
    TH_CASE(counter_unit_is_instructions),
    TH_CASE(back_to_back_readings_differ_by_zero),
    TH_CASE(nop_runs_measure_their_length),
    TH_CASE(loops_measure_two_instructions_a_turn),
    TH_CASE(same_code_measures_the_same_every_time),
};

TH_MAIN("counter_minstret", cases)
