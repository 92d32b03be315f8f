/* SPDX-License-Identifier: MIT */
/* Bytes to arguments (see fuzz_input.h). */
#include "fuzz_input.h"

#include <float.h>
#include <math.h>
#include <string.h>

void fz_input_start(fz_input *in, const uint8_t *data, size_t size)
{
    in->data = data;
    in->size = size;
    in->at = 0;
}

uint8_t fz_u8(fz_input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0;
}

uint16_t fz_u16(fz_input *in)
{
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | (uint16_t)fz_u8(in) << 8);
}

uint32_t fz_u32(fz_input *in)
{
    uint32_t lo = fz_u16(in);
    return lo | (uint32_t)fz_u16(in) << 16;
}

static uint64_t fz_u64(fz_input *in)
{
    uint64_t lo = fz_u32(in);
    return lo | (uint64_t)fz_u32(in) << 32;
}

/* The values where formats and formulas change behaviour. */
static double special(unsigned i)
{
    static const double table[] = {
        0.0, -0.0, 1.0, -1.0, 9.81, -9.81,
        4.9406564584124654e-324, -4.9406564584124654e-324, DBL_MIN, -DBL_MIN,
        1e-310, -1e-310, 5.6e-309,
        DBL_MAX, -DBL_MAX, 1e308, -1e308, 1e154, -1e154, 1e-154, 1e298, 1e-100,
        32768.0, -32768.0, 32767.9999847412109375, -32767.9999847412109375,
        16384.0, -16384.0, 16384.0000152587890625, 181.0193359375, 181.01933598375618,
        1.52587890625e-05, -1.52587890625e-05, 7.62939453125e-06, 3.814697265625e-06,
        0.9999847412109375, 1.0000152587890625, 1e16, 1e-16, 2.0 / 3.0, 65536.0, 4294967296.0,
        11.8, 1e3, 1e4, 1e6, 1e9, 1e-9,
    };
    const unsigned n = (unsigned)(sizeof table / sizeof table[0]);
    if (i < n)
        return table[i];
    /* The rest of the byte: the non-finite ones, more often than 1 in 256. */
    switch (i % 4) {
    case 0:
        return NAN;
    case 1:
        return -NAN;
    case 2:
        return INFINITY;
    default:
        return -INFINITY;
    }
}

/* A Q16.16 raw value at a power-of-two edge: +-2^k, and an LSB either side. */
static double q16_edge(fz_input *in)
{
    uint8_t b = fz_u8(in);
    int k = b & 31, side = (b >> 5) % 3 - 1;
    int64_t raw = ((int64_t)1 << k) + side;
    if (b & 0x80)
        raw = -raw;
    if (raw > INT32_MAX)
        raw = INT32_MAX;
    if (raw < INT32_MIN)
        raw = INT32_MIN;
    return (double)raw / 65536.0;
}

static double realistic(fz_input *in, fz_kind kind)
{
    switch (kind) {
    case FZ_ANY:
        return (int16_t)fz_u16(in) / 64.0;
    case FZ_WIDE:
        return (double)(int32_t)fz_u32(in) / 65536.0;
    case FZ_POS:
        return (fz_u16(in) + 1.0) / 256.0;
    case FZ_RATIO: {
        uint16_t r = fz_u16(in);
        /* Half the time within 255 LSB of 1, else anywhere in (0, 1]. */
        return (r & 1) ? (65536.0 - (r >> 8)) / 65536.0 : (r + 1.0) / 65536.0;
    }
    case FZ_STEP: {
        static const double steps[] = { 1.0 / 64, 1.0 / 128, 1.0 / 256, 1.0 / 32, 1.0 / 16,
                                        0.0166015625, 0.02001953125, 0.0041656494140625 };
        uint8_t b = fz_u8(in);
        return b < 192 ? steps[b % 8] : (fz_u16(in) + 1.0) / 65536.0;
    }
    default: /* FZ_DAMP */
        return fz_u16(in) / 3276.8;
    }
}

double fz_value(fz_input *in, fz_kind kind)
{
    uint64_t bits;
    double v;
    uint8_t sel = fz_u8(in);
    switch (sel % 16) {
    case 0:
        bits = fz_u64(in);
        memcpy(&v, &bits, sizeof v);
        return v;
    case 1:
    case 2:
        return special(fz_u8(in));
    case 3:
        return (double)(int32_t)fz_u32(in) / 65536.0;
    case 4:
        return q16_edge(in);
    default:
        v = realistic(in, kind);
        /* The selector's top bit negates, for every kind: bad arguments
         * (a negative speed, step or damping) are inputs too. */
        return (sel & 0x80) && sel % 16 == 15 ? -v : v;
    }
}

fix16_t fz_q16_of(double v)
{
    double r;
    if (v != v)
        return 0;
    if (v >= 2147483647.0 / 65536.0)
        return INT32_MAX;
    if (v <= -2147483648.0 / 65536.0)
        return INT32_MIN;
    r = floor(v * 65536.0 + 0.5);
    if (r > 2147483647.0)
        r = 2147483647.0;
    return (fix16_t)r;
}

double fz_f64_of(fix16_t q)
{
    return q / 65536.0;
}

void fz_decode(fz_input *in, fz_args *a, int n, const fz_kind *kinds,
               const char *const *names)
{
    int i;
    a->n = n;
    a->names = names;
    for (i = 0; i < n; i++) {
        a->v[i] = fz_value(in, kinds[i]);
        a->q[i] = fz_q16_of(a->v[i]);
        a->fq[i] = fz_f64_of(a->q[i]);
    }
}

af_vec3_f64 fz_vec_f64(const double *s, int i)
{
    af_vec3_f64 v;
    v.x = s[i];
    v.y = s[i + 1];
    v.z = s[i + 2];
    return v;
}

af_vec3_q16 fz_vec_q16(const fix16_t *s, int i)
{
    af_vec3_q16 v;
    v.x = s[i];
    v.y = s[i + 1];
    v.z = s[i + 2];
    return v;
}

af_body_f64 fz_body_f64(const double *s, int i)
{
    af_body_f64 b;
    b.position = fz_vec_f64(s, i);
    b.velocity = fz_vec_f64(s, i + 3);
    return b;
}

af_body_q16 fz_body_q16(const fix16_t *s, int i)
{
    af_body_q16 b;
    b.position = fz_vec_q16(s, i);
    b.velocity = fz_vec_q16(s, i + 3);
    return b;
}
