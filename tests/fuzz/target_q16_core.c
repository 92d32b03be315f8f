/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the Q16.16 math core (aimfix/q16.h), every function against
 * its double or exact integer reference with the header's error bounds,
 * judged by tests/support/q16_check.c (status, saturation, zero on a domain error).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "q16_check.h"

__extension__ typedef __int128 fz_i128;

enum { A = 0, B, C, D, E, F, SLOTS };
static const char *const names[SLOTS] = { "a", "b", "c", "d", "e", "f" };
static const fz_kind kinds[SLOTS] = { FZ_WIDE, FZ_WIDE, FZ_WIDE, FZ_ANY, FZ_ANY, FZ_ANY };

static void judge(const char *what, af_status got, fix16_t out, af_status domain, double ref,
                  double tol)
{
    q16_verdict v = q16_judge(got, out, domain, ref, tol);
    FZ_CHECK(v.ok, "%s: %s, raw %ld; the exact result is raw %.6f (allowed %.4g LSB; want %s)",
             what, af_status_name(got), (long)out, ref, tol, af_status_name(domain));
}

static void unary(const q16_unary *f, fix16_t x)
{
    q16_verdict v = q16_unary_at(f, x);
    FZ_CHECK(v.ok, "%s(raw %ld): %s, raw %ld; exact raw %.6f (%.4g LSB off)", f->name, (long)x,
             af_status_name(v.got), (long)v.out, v.ref_raw, v.error);
}

/* round(sqrt(x)) for a 64-bit x, checked exactly: (2r - 1)^2 <= 4x <= (2r + 1)^2. */
static void check_sqrt(const char *what, uint64_t x, uint64_t r)
{
    q16_u128 four_x = q16_u128_add(q16_u128_mul(x, 2), q16_u128_mul(x, 2));
    q16_u128 lo = r ? q16_u128_mul(2 * r - 1, 2 * r - 1) : q16_u128_from(0);
    q16_u128 hi = q16_u128_mul(2 * r + 1, 2 * r + 1);
    FZ_CHECK(q16_u128_cmp(lo, four_x) <= 0 && q16_u128_cmp(four_x, hi) <= 0,
             "%s(%llu) = %llu is not the rounded square root", what, (unsigned long long)x,
             (unsigned long long)r);
}

static void vectors(const fix16_t *q, int op)
{
    af_vec3_q16 a = fz_vec_q16(q, A), b = fz_vec_q16(q, D), out = { 1, 1, 1 };
    const fix16_t *ac = &a.x, *bc = &b.x, *oc = &out.x;
    af_status st, each;
    int i, any_overflow = 0;
    switch (op) {
    case 0:
    case 1:
    case 2:
        st = op == 0 ? af_vec3_add_q16(&a, &b, &out)
                     : op == 1 ? af_vec3_sub_q16(&a, &b, &out) : af_vec3_scale_q16(&a, b.x, &out);
        for (i = 0; i < 3; i++) {
            double ref = op == 0   ? (double)ac[i] + bc[i]
                         : op == 1 ? (double)ac[i] - bc[i]
                                   : (double)ac[i] * b.x / 65536.0;
            double r = floor(fabs(ref) + 0.5);
            each = r > (ref < 0 ? 2147483648.0 : 2147483647.0) ? AF_ERR_OVERFLOW : AF_OK;
            any_overflow |= each != AF_OK;
            judge(op == 0 ? "vec3_add" : op == 1 ? "vec3_sub" : "vec3_scale",
                  each == AF_OK ? AF_OK : AF_ERR_OVERFLOW, oc[i], AF_OK, ref,
                  op == 2 ? Q16_TOL_EXACT : 0.0);
        }
        FZ_CHECK(st == (any_overflow ? AF_ERR_OVERFLOW : AF_OK), "vec3 op %d: %s", op,
                 af_status_name(st));
        break;
    case 3: {
        int64_t dot = 0;
        fz_i128 exact = (fz_i128)a.x * b.x + (fz_i128)a.y * b.y + (fz_i128)a.z * b.z;
        st = af_vec3_dot_q16(&a, &b, &dot);
        if (exact > INT64_MAX || exact < INT64_MIN)
            FZ_CHECK(st == AF_ERR_OVERFLOW && dot == (exact > 0 ? INT64_MAX : INT64_MIN),
                     "vec3_dot: %s, %lld for a sum beyond int64", af_status_name(st),
                     (long long)dot);
        else
            FZ_CHECK(st == AF_OK && dot == (int64_t)exact, "vec3_dot: %s, %lld", af_status_name(st),
                     (long long)dot);
        break;
    }
    case 4: {
        uint64_t len2 = af_vec3_len2_q16(&a);
        fz_i128 exact = (fz_i128)a.x * a.x + (fz_i128)a.y * a.y + (fz_i128)a.z * a.z;
        fix16_t len = 1;
        FZ_CHECK((fz_i128)len2 == exact, "vec3_len2 %llu", (unsigned long long)len2);
        st = af_vec3_len_q16(&a, &len);
        judge("vec3_len", st, len, AF_OK, sqrt((double)len2), Q16_TOL_EXACT);
        check_sqrt("af_sqrt_u64 (len2)", len2, af_sqrt_u64(len2));
        break;
    }
    default: {
        fix16_t length = op == 5 ? b.x : 65536;
        double norm = sqrt((double)a.x * a.x + (double)a.y * a.y + (double)a.z * a.z);
        st = op == 5 ? af_vec3_resize_q16(&a, length, &out) : af_vec3_normalize_q16(&a, &out);
        if ((a.x == 0 && a.y == 0 && a.z == 0) || length < 0) {
            FZ_CHECK(st == AF_ERR_BAD_ARGUMENT && out.x == 0 && out.y == 0 && out.z == 0,
                     "vec3_resize of a zero vector or to a negative length: %s",
                     af_status_name(st));
            break;
        }
        FZ_CHECK(st == AF_OK, "vec3_resize: %s", af_status_name(st));
        for (i = 0; i < 3; i++) {
            double ref = ac[i] / norm * length;
            double allowed = 0.5 + length / 2147483648.0 + 1e-6;
            FZ_CHECK(fabs(oc[i] - ref) <= allowed && labs((long)oc[i]) <= (long)length,
                     "vec3_resize component %d: raw %ld, exact %.6f (allowed %.6f LSB, length "
                     "%ld)", i, (long)oc[i], ref, allowed, (long)length);
        }
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    fix16_t out = 0x5a5a5a5a, x, y, z;
    af_status st;
    int op;

    fz_input_start(&in, data, size);
    op = fz_u8(&in) % 24;
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("q16_core", &a);
    fz_int("op", op);
    x = a.q[A];
    y = a.q[B];
    z = a.q[C];
    fz_call("the Q16.16 core");
    switch (op) {
    case 0:
        st = af_add_q16(x, y, &out);
        judge("add", st, out, AF_OK, (double)x + y, 0.0);
        break;
    case 1:
        st = af_sub_q16(x, y, &out);
        judge("sub", st, out, AF_OK, (double)x - y, 0.0);
        break;
    case 2:
        st = af_mul_q16(x, y, &out);
        judge("mul", st, out, AF_OK, (double)x * y / 65536.0, Q16_TOL_EXACT);
        break;
    case 3:
        st = af_div_q16(x, y, &out);
        judge("div", st, out, y ? AF_OK : AF_ERR_BAD_ARGUMENT, y ? x * 65536.0 / y : 0.0,
              Q16_TOL_EXACT);
        break;
    case 4:
        st = af_muldiv_q16(x, y, z, &out);
        judge("muldiv", st, out, z ? AF_OK : AF_ERR_BAD_ARGUMENT,
              z ? (double)((int64_t)x * y) / z : 0.0, Q16_TOL_EXACT);
        break;
    case 5: {
        int64_t q32 = (int64_t)(((uint64_t)(uint32_t)x << 32) | (uint32_t)y) >> (z & 31);
        st = af_round_q32_q16(q32, &out);
        judge("round_q32_q16", st, out, AF_OK, (double)q32 / 65536.0, Q16_TOL_EXACT);
        break;
    }
    case 6:
        check_sqrt("af_sqrt_u32", (uint32_t)x, af_sqrt_u32((uint32_t)x));
        break;
    case 7: {
        uint64_t v = ((uint64_t)(uint32_t)x << 32) | (uint32_t)y;
        check_sqrt("af_sqrt_u64", v, af_sqrt_u64(v));
        break;
    }
    case 8:
        unary(&q16_sqrt_fn, x);
        break;
    case 9:
        out = af_atan2_q16(x, y);
        {
            double ref = (x == 0 && y == 0) ? 0.0 : atan2((double)x, (double)y) * 65536.0;
            FZ_CHECK(fabs(out - ref) <= Q16_TOL_ROUNDED && out >= -205887 && out <= 205887,
                     "atan2(raw %ld, raw %ld) = raw %ld, exact %.6f", (long)x, (long)y, (long)out,
                     ref);
        }
        break;
    case 10:
        unary(&q16_sin_fn, x);
        break;
    case 11:
        unary(&q16_cos_fn, x);
        break;
    case 12:
        unary(&q16_log2_fn, x);
        break;
    case 13:
        unary(&q16_log_fn, x);
        break;
    case 14:
        unary(&q16_exp2_fn, x);
        break;
    case 15:
        unary(&q16_exp_fn, x);
        break;
    case 16:
        st = af_pow_q16(x, y, &out);
        if (x < 0)
            judge("pow", st, out, AF_ERR_OUT_OF_RANGE, 0.0, 0.0);
        else {
            double ref = x == 0 ? (y > 0 ? 0.0 : y == 0 ? 65536.0 : INFINITY)
                                : pow(x / 65536.0, y / 65536.0) * 65536.0;
            judge("pow", st, out, AF_OK, ref, Q16_TOL_ROUNDED + fabs(ref) * Q16_TOL_POW_RELATIVE);
        }
        break;
    default:
        vectors(a.q, op - 17);
        break;
    }
    return 0;
}
