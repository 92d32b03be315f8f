/* SPDX-License-Identifier: MIT */
/*
 * 3D vector helpers in Q16.16 that cannot wrap: componentwise arithmetic
 * with an overflow status, exact dot products and squared lengths in 64
 * bits, and lengths and directions for any components.
 */
#include "q16_internal.h"

/* Worst of two statuses: an overflow anywhere is the vector's overflow. */
static af_status either(af_status a, af_status b)
{
    return a != AF_OK ? a : b;
}

af_status af_vec3_add_q16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out)
{
    af_status sx = af_add_q16(a->x, b->x, &out->x);
    af_status sy = af_add_q16(a->y, b->y, &out->y);
    af_status sz = af_add_q16(a->z, b->z, &out->z);
    return either(sx, either(sy, sz));
}

af_status af_vec3_sub_q16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out)
{
    af_status sx = af_sub_q16(a->x, b->x, &out->x);
    af_status sy = af_sub_q16(a->y, b->y, &out->y);
    af_status sz = af_sub_q16(a->z, b->z, &out->z);
    return either(sx, either(sy, sz));
}

af_status af_vec3_scale_q16(const af_vec3_q16 *v, fix16_t s, af_vec3_q16 *out)
{
    af_status sx = af_mul_q16(v->x, s, &out->x);
    af_status sy = af_mul_q16(v->y, s, &out->y);
    af_status sz = af_mul_q16(v->z, s, &out->z);
    return either(sx, either(sy, sz));
}

/*
 * The three products p_i are within [-2^62, 2^62] but their sum may not fit
 * an int64_t, and an intermediate sum may overflow even when the total
 * fits. So each p_i = 2 h_i + b_i (h_i = floor(p_i / 2), b_i in {0, 1}):
 * the halves add without overflow (|sum| <= 1.5 2^62), the low bits carry
 * into them, and the total 2 H + bit fits exactly when H is in
 * [-2^62, 2^62 - 1].
 */
af_status af_vec3_dot_q16(const af_vec3_q16 *a, const af_vec3_q16 *b, int64_t *out)
{
    int64_t p[3], half = 0;
    int bits = 0, i;
    p[0] = afi_smul32(a->x, b->x);
    p[1] = afi_smul32(a->y, b->y);
    p[2] = afi_smul32(a->z, b->z);
    for (i = 0; i < 3; i++) {
        half += afi_floor_shift64(p[i], 1);
        bits += (int)((uint64_t)p[i] & 1u);
    }
    half += bits >> 1;
    if (half > INT64_MAX / 2) {
        *out = INT64_MAX;
        return AF_ERR_OVERFLOW;
    }
    if (half < INT64_MIN / 2) {
        *out = INT64_MIN;
        return AF_ERR_OVERFLOW;
    }
    *out = half * 2 + (bits & 1);
    return AF_OK;
}

uint64_t af_vec3_len2_q16(const af_vec3_q16 *v)
{
    /* Each square is at most 2^62 (0x80000000 squared): the sum is at most
     * 3 2^62 < 2^64. */
    return afi_square32(v->x) + afi_square32(v->y) + afi_square32(v->z);
}

af_status af_vec3_len_q16(const af_vec3_q16 *v, fix16_t *out)
{
    /* The root of a Q32.32 value is its Q16.16 root; at most 2^31 sqrt(3). */
    return afi_store_q16(af_sqrt_u64(af_vec3_len2_q16(v)), 0, out);
}

af_status af_vec3_resize_q16(const af_vec3_q16 *v, fix16_t length, af_vec3_q16 *out)
{
    uint32_t m[3] = { afi_abs32(v->x), afi_abs32(v->y), afi_abs32(v->z) };
    int negative[3] = { v->x < 0, v->y < 0, v->z < 0 };
    uint32_t biggest = m[0] | m[1] | m[2]; /* same top bit as the maximum */
    uint64_t len2;
    uint32_t len, q, r;
    fix16_t *dst[3];
    int shift, i;

    dst[0] = &out->x;
    dst[1] = &out->y;
    dst[2] = &out->z;
    if (biggest == 0 || length < 0) {
        out->x = out->y = out->z = 0;
        return AF_ERR_BAD_ARGUMENT;
    }
    /* Scale the components up by a power of two (the direction does not
     * change) until the largest is in [2^30, 2^31]: then the rounded
     * length, at least 2^30, is within 2^-31 of the true one relative. */
    shift = afi_clz32(biggest) - 1;
    if (shift < 0)
        shift = 0;
    for (i = 0; i < 3; i++)
        m[i] <<= shift;
    len2 = afi_umul32(m[0], m[0]) + afi_umul32(m[1], m[1]) + afi_umul32(m[2], m[2]);
    len = (uint32_t)af_sqrt_u64(len2); /* below 2^31 sqrt(3) < 2^32 */
    for (i = 0; i < 3; i++) {
        /* m length / len <= length: len >= m (the rounded length is at
         * least each rounded component), so the quotient fits and never
         * exceeds length. */
        q = afi_udiv64_32(afi_umul32(m[i], length), len, &r);
        q += r >= len - r; /* to nearest, ties away from zero */
        *dst[i] = afi_signed32(q, negative[i]);
    }
    return AF_OK;
}

af_status af_vec3_normalize_q16(const af_vec3_q16 *v, af_vec3_q16 *out)
{
    return af_vec3_resize_q16(v, AFI_ONE, out);
}
