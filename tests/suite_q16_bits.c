/*
 * The Q16 core gives the same bits on every compiler and core: a hash of
 * its outputs on fixed inputs must equal the one recorded from the
 * reference build (host gcc 12.2 -O2). The same value came out of host gcc
 * -O0/-O3 and clang 14 -O0/-O2/-O3, and of arm-none-eabi-gcc 12.2
 * -O0/-Os/-O2 for Cortex-M0, M3, M4 and M7 under QEMU. The inputs do not
 * shrink on slow targets (no th_count): the hash covers exactly the same
 * calls everywhere.
 *
 * After an intended change of results (a new polynomial, a rounding fix),
 * run this suite on the host and record the hash it prints, once the
 * other suites pass.
 */
#include "q16_check.h"

/* Input sets hashed; each makes 24 calls. */
#define ROUNDS 4096
#define RECORDED_HASH UINT64_C(0x79bf9f11d24ecc06)

typedef struct hash {
    uint64_t state;
} hash;

/* FNV-1a over the four bytes of each value, low byte first. */
static void mix(hash *h, uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++) {
        h->state ^= (v >> (8 * i)) & 0xFFu;
        h->state *= UINT64_C(0x100000001b3);
    }
}

static void mix_status(hash *h, af_status st, fix16_t out)
{
    mix(h, (uint32_t)(int32_t)st);
    mix(h, (uint32_t)out);
}

static void hash_round(hash *h, th_rng *rng)
{
    fix16_t a = q16_random_operand(rng), b = q16_random_operand(rng);
    fix16_t c = q16_random_operand(rng), out;
    af_vec3_q16 v, u;
    int64_t dot;
    af_status st;
    v.x = a;
    v.y = b;
    v.z = c;
    mix(h, af_sqrt_u32((uint32_t)a));
    mix(h, (uint32_t)af_sqrt_u64((uint64_t)(uint32_t)a << 32 | (uint32_t)b));
    st = af_sqrt_q16(a, &out);
    mix_status(h, st, out);
    mix(h, (uint32_t)af_atan2_q16(a, b));
    mix(h, (uint32_t)af_sin_q16(a));
    mix(h, (uint32_t)af_cos_q16(b));
    st = af_log2_q16(a, &out);
    mix_status(h, st, out);
    st = af_log_q16(b, &out);
    mix_status(h, st, out);
    /* Arguments scaled into the busy ranges of exp2, exp and pow. */
    st = af_exp2_q16(a / 1024, &out);
    mix_status(h, st, out);
    st = af_exp_q16(b / 1024, &out);
    mix_status(h, st, out);
    st = af_pow_q16(a, b / 256, &out);
    mix_status(h, st, out);
    st = af_pow_q16(65536 - (fix16_t)((uint32_t)a & 4095u), (fix16_t)((uint32_t)b & 0x3FFFFFFu), &out);
    mix_status(h, st, out);
    st = af_mul_q16(a, b, &out);
    mix_status(h, st, out);
    st = af_div_q16(a, b, &out);
    mix_status(h, st, out);
    st = af_muldiv_q16(a, b, c, &out);
    mix_status(h, st, out);
    st = af_add_q16(a, b, &out);
    mix_status(h, st, out);
    st = af_round_q32_q16((int64_t)a * b / 2 * 3, &out); /* up to 1.5 2^62 */
    mix_status(h, st, out);
    st = af_vec3_normalize_q16(&v, &u);
    mix_status(h, st, u.x);
    mix(h, (uint32_t)u.y);
    mix(h, (uint32_t)u.z);
    st = af_vec3_resize_q16(&v, c == INT32_MIN ? 0 : c < 0 ? -c : c, &u);
    mix_status(h, st, u.x);
    mix(h, (uint32_t)u.y);
    mix(h, (uint32_t)u.z);
    st = af_vec3_dot_q16(&v, &v, &dot);
    mix_status(h, st, (fix16_t)(uint32_t)((uint64_t)dot & 0xFFFFFFFFu));
    mix(h, (uint32_t)((uint64_t)dot >> 32));
    st = af_vec3_len_q16(&v, &out);
    mix_status(h, st, out);
}

static void same_bits_as_the_recorded_build(void)
{
    th_rng rng = th_rng_for("bits");
    hash h;
    long i;
    h.state = UINT64_C(0xcbf29ce484222325);
    for (i = 0; i < ROUNDS; i++)
        hash_round(&h, &rng);
    /* Printed in 32-bit halves: small printf implementations (newlib-nano)
     * have no %ll. */
    th_note("hash of %d x 24 results: 0x%08lx%08lx", ROUNDS, (unsigned long)(h.state >> 32),
            (unsigned long)(h.state & 0xFFFFFFFFu));
    TH_CHECK(h.state == RECORDED_HASH, "hash 0x%08lx%08lx, recorded 0x%08lx%08lx",
             (unsigned long)(h.state >> 32), (unsigned long)(h.state & 0xFFFFFFFFu),
             (unsigned long)(RECORDED_HASH >> 32), (unsigned long)(RECORDED_HASH & 0xFFFFFFFFu));
}

static const th_case cases[] = {
    TH_CASE(same_bits_as_the_recorded_build),
};

TH_MAIN("q16_bits", cases)
