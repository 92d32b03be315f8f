/* SPDX-License-Identifier: MIT */
/* Hashing Q16 results (see q16_hash.h). */
#include "q16_hash.h"

#include <stdio.h>

#include "q16_check.h"

void q16_hash_init(q16_hash *h)
{
    h->state = UINT64_C(0xcbf29ce484222325);
}

void q16_hash_u32(q16_hash *h, uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++) {
        h->state ^= (v >> (8 * i)) & 0xFFu;
        h->state *= UINT64_C(0x100000001b3);
    }
}

void q16_hash_u64(q16_hash *h, uint64_t v)
{
    q16_hash_u32(h, (uint32_t)(v >> 32));
    q16_hash_u32(h, (uint32_t)(v & 0xFFFFFFFFu));
}

static void mix_status(q16_hash *h, af_status st, fix16_t out)
{
    q16_hash_u32(h, (uint32_t)(int32_t)st);
    q16_hash_u32(h, (uint32_t)out);
}

void q16_hash_core_round(q16_hash *h, th_rng *rng)
{
    fix16_t a = q16_random_operand(rng), b = q16_random_operand(rng);
    fix16_t c = q16_random_operand(rng), out;
    af_vec3_q16 v, u;
    int64_t dot;
    af_status st;
    v.x = a;
    v.y = b;
    v.z = c;
    q16_hash_u32(h, af_sqrt_u32((uint32_t)a));
    q16_hash_u32(h, (uint32_t)af_sqrt_u64((uint64_t)(uint32_t)a << 32 | (uint32_t)b));
    st = af_sqrt_q16(a, &out);
    mix_status(h, st, out);
    q16_hash_u32(h, (uint32_t)af_atan2_q16(a, b));
    q16_hash_u32(h, (uint32_t)af_sin_q16(a));
    q16_hash_u32(h, (uint32_t)af_cos_q16(b));
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
    st = af_pow_q16(65536 - (fix16_t)((uint32_t)a & 4095u), (fix16_t)((uint32_t)b & 0x3FFFFFFu),
                    &out);
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
    q16_hash_u32(h, (uint32_t)u.y);
    q16_hash_u32(h, (uint32_t)u.z);
    st = af_vec3_resize_q16(&v, c == INT32_MIN ? 0 : c < 0 ? -c : c, &u);
    mix_status(h, st, u.x);
    q16_hash_u32(h, (uint32_t)u.y);
    q16_hash_u32(h, (uint32_t)u.z);
    st = af_vec3_dot_q16(&v, &v, &dot);
    mix_status(h, st, (fix16_t)(uint32_t)((uint64_t)dot & 0xFFFFFFFFu));
    q16_hash_u32(h, (uint32_t)((uint64_t)dot >> 32));
    st = af_vec3_len_q16(&v, &out);
    mix_status(h, st, out);
}

const char *q16_hash_hex(uint64_t v, char buf[19])
{
    snprintf(buf, 19, "0x%08lx%08lx", (unsigned long)(v >> 32), (unsigned long)(v & 0xFFFFFFFFu));
    return buf;
}
