/* SPDX-License-Identifier: MIT */
/*
 * Textbook formulas on libfixmath (bench/yardsticks/ref_fix16.h): each written
 * the way the formula reads, one fix16_* call per operation, with libfixmath's
 * own rounding and overflow signal and nothing more.
 */
#include "ref_fix16.h"

/* ln 2 in Q16.16, rounded: 0.693147 * 65536 = 45426.09. */
#define FIX16_LN2 45426

/* AF_ERR_OVERFLOW when any of the values is fix16_overflow. */
static af_status overflowed(fix16_t a, fix16_t b, fix16_t c)
{
    return a == fix16_overflow || b == fix16_overflow || c == fix16_overflow ? AF_ERR_OVERFLOW
                                                                             : AF_OK;
}

af_status bench_exp2_fix16(fix16_t x, fix16_t *out)
{
    fix16_t y = fix16_mul(x, FIX16_LN2);
    *out = fix16_exp(y);
    return overflowed(y, *out, 0);
}

af_status bench_pow_fix16(fix16_t b, fix16_t e, fix16_t *out)
{
    fix16_t l, y;
    if (b == 0) {
        *out = 0;
        return AF_OK;
    }
    l = fix16_log(b);
    y = fix16_mul(e, l);
    *out = fix16_exp(y);
    return overflowed(l, y, *out);
}

af_status bench_muldiv_fix16(fix16_t a, fix16_t b, fix16_t c, fix16_t *out)
{
    fix16_t p = fix16_mul(a, b);
    *out = fix16_div(p, c);
    return overflowed(p, *out, 0);
}

af_status bench_vec3_add_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out)
{
    out->x = fix16_add(a->x, b->x);
    out->y = fix16_add(a->y, b->y);
    out->z = fix16_add(a->z, b->z);
    return overflowed(out->x, out->y, out->z);
}

af_status bench_vec3_sub_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out)
{
    out->x = fix16_sub(a->x, b->x);
    out->y = fix16_sub(a->y, b->y);
    out->z = fix16_sub(a->z, b->z);
    return overflowed(out->x, out->y, out->z);
}

af_status bench_vec3_scale_fix16(const af_vec3_q16 *v, fix16_t s, af_vec3_q16 *out)
{
    out->x = fix16_mul(v->x, s);
    out->y = fix16_mul(v->y, s);
    out->z = fix16_mul(v->z, s);
    return overflowed(out->x, out->y, out->z);
}

af_status bench_vec3_dot_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t *out)
{
    fix16_t px = fix16_mul(a->x, b->x), py = fix16_mul(a->y, b->y), pz = fix16_mul(a->z, b->z);
    fix16_t sum = fix16_add(px, py);
    *out = fix16_add(sum, pz);
    if (overflowed(px, py, pz) != AF_OK)
        return AF_ERR_OVERFLOW;
    return overflowed(sum, *out, 0);
}

af_status bench_vec3_len2_fix16(const af_vec3_q16 *v, fix16_t *out)
{
    return bench_vec3_dot_fix16(v, v, out);
}

af_status bench_vec3_len_fix16(const af_vec3_q16 *v, fix16_t *out)
{
    fix16_t len2;
    af_status status = bench_vec3_len2_fix16(v, &len2);
    *out = fix16_sqrt(len2);
    return status;
}

af_status bench_vec3_resize_fix16(const af_vec3_q16 *v, fix16_t length, af_vec3_q16 *out)
{
    fix16_t len, k;
    af_status status = bench_vec3_len_fix16(v, &len);
    k = fix16_div(length, len);
    if (status == AF_OK)
        status = overflowed(k, 0, 0);
    if (bench_vec3_scale_fix16(v, k, out) != AF_OK)
        status = AF_ERR_OVERFLOW;
    return status;
}

af_status bench_vec3_normalize_fix16(const af_vec3_q16 *v, af_vec3_q16 *out)
{
    fix16_t len;
    af_status status = bench_vec3_len_fix16(v, &len);
    out->x = fix16_div(v->x, len);
    out->y = fix16_div(v->y, len);
    out->z = fix16_div(v->z, len);
    if (status == AF_OK)
        status = overflowed(out->x, out->y, out->z);
    return status;
}
