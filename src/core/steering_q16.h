/* SPDX-License-Identifier: MIT */
/*
 * src/core/steering_q16.h — how the Q16.16 code steers the compiler for
 * particular cores: what stays out of line, what is always inlined, what
 * the optimiser must not know. Internal. None of it changes a bit of any
 * result; it only keeps code size and speed where each core needs them.
 */
#ifndef AIMFIX_SRC_STEERING_Q16_H
#define AIMFIX_SRC_STEERING_Q16_H

#include <stdint.h>

/* Keeps a small helper out of line: inlined next to other 64-bit
 * arithmetic, a 32x32->64-bit multiply-accumulate may lose its widening
 * form and multiply in 64 bits. Changes no value. */
#if defined(__GNUC__) || defined(__clang__)
#define AFI_NOINLINE __attribute__((noinline))
#else
#define AFI_NOINLINE
#endif

/* Keeps a solver's larger helper out of line on an ARMv6-M core
 * (Cortex-M0), whose flash is small and where every 64-bit step is a
 * sequence or a libgcc call, so inlining one at each use multiplies the
 * code; elsewhere the compiler decides. Changes no value. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)
#define AFI_OUTLINE_M0 __attribute__((noinline))
#else
#define AFI_OUTLINE_M0
#endif

/* Hides from the compiler what it knows of a variable's range: a signed
 * 32x32->64-bit product with one factor proved non-negative would become
 * an unsigned one and a sign correction. An empty asm statement; changes
 * no value. */
#if defined(__GNUC__) || defined(__clang__)
#define AFI_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define AFI_OPAQUE(v) ((void)0)
#endif

/* A function inlined wherever it is called, even where the compiler's size
 * heuristics (heavy on ARMv6-M's 64-bit steps) would keep it out of line. */
#if defined(__GNUC__) || defined(__clang__)
#define AFI_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define AFI_ALWAYS_INLINE static inline
#endif

/* AFI_OPAQUE for a factor of a long multiply (ARMv7-M and the hosts). On
 * ARMv6-M, whose products are built from 16-bit halves, what the compiler
 * knows of the sign helps instead. */
#if defined(__ARM_ARCH_6M__)
#define AFI_OPAQUE_FACTOR(v) ((void)0)
#else
#define AFI_OPAQUE_FACTOR(v) AFI_OPAQUE(v)
#endif

/* Keeps a helper out of line on an ARMv6-M core (Cortex-M0), where every
 * 64-bit step is a sequence or a libgcc call and inlining it at every use
 * would more than double a solver's code; inline elsewhere. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)
#define AFI_INLINE_EXCEPT_M0 __attribute__((noinline, unused))
#else
#define AFI_INLINE_EXCEPT_M0 inline
#endif

/* A file's helper defined in a header: one copy out of line on the
 * Cortex-M0 (for a solver that calls it from many places), the compiler's
 * choice elsewhere; a file that does not call it gets no copy. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)
#define AFI_COMPACT static __attribute__((noinline, unused))
#elif defined(__GNUC__) || defined(__clang__)
#define AFI_COMPACT static __attribute__((unused))
#else
#define AFI_COMPACT static
#endif

/* A file's helper defined in a header, inlined or not as the compiler
 * chooses; a file that does not call it gets no copy. */
#if defined(__GNUC__) || defined(__clang__)
#define AFI_STATIC_HELPER static __attribute__((unused))
#else
#define AFI_STATIC_HELPER static
#endif

/* A function with one copy out of line on the Cortex-M0, whose parts have
 * little flash, and inlined at every call elsewhere. */
#if defined(__ARM_ARCH_6M__)
#define AFI_ALWAYS_INLINE_EXCEPT_M0 static AFI_NOINLINE
#else
#define AFI_ALWAYS_INLINE_EXCEPT_M0 AFI_ALWAYS_INLINE
#endif

/* 1 where a 32x32->64-bit product is slow (four 16-bit ones on the
 * Cortex-M0), so that a test that skips one pays; 0 elsewhere, where the
 * test costs more than the product and the compiler drops it. */
#if defined(__ARM_ARCH_6M__)
#define AFI_SLOW_MULTIPLY 1
#else
#define AFI_SLOW_MULTIPLY 0
#endif

/* Checked 32-bit sums: the compilers' overflow builtins where they exist
 * (a flag test), portable 64-bit arithmetic elsewhere; the same results. */

/* a - b for two Q16.16 values, when the difference fits a Q16.16 value
 * other than INT32_MIN (|a - b| < 2^31 raw); returns 0 otherwise. */
static inline int afi_sub_fits(int32_t a, int32_t b, int32_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    /* The compilers' checked subtraction: a SUBS and a branch on overflow. */
    int32_t d;
    if (__builtin_sub_overflow(a, b, &d) || d == INT32_MIN)
        return 0;
    *out = d;
    return 1;
#else
    int64_t d = (int64_t)a - b;
    if ((uint64_t)(d + INT32_MAX) > 2 * (uint64_t)INT32_MAX)
        return 0;
    *out = (int32_t)d; /* in range: the conversion is exact */
    return 1;
#endif
}

/* a - b when it fits int32_t (INT32_MIN included); returns 0 otherwise
 * (*out then unspecified). */
static inline int afi_sub_fits32(int32_t a, int32_t b, int32_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    /* The compiler's overflow test: no 64-bit subtraction on 32-bit cores. */
    return !__builtin_sub_overflow(a, b, out);
#else
    int64_t d = (int64_t)a - b;
    if (d < INT32_MIN || d > INT32_MAX)
        return 0;
    *out = (int32_t)d; /* in range: the conversion is exact */
    return 1;
#endif
}

/* a + b for two int32_t values when the sum fits int32_t; returns 0
 * otherwise (*out untouched). */
static inline int afi_add_fits(int32_t a, int32_t b, int32_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    /* An ADDS and a branch on overflow. */
    int32_t s;
    if (__builtin_add_overflow(a, b, &s))
        return 0;
    *out = s;
    return 1;
#else
    int64_t s = (int64_t)a + b;
    if (s < INT32_MIN || s > INT32_MAX)
        return 0;
    *out = (int32_t)s; /* in range: the conversion is exact */
    return 1;
#endif
}

#endif /* AIMFIX_SRC_STEERING_Q16_H */
