/* SPDX-License-Identifier: MIT */
/* checked.h: the first failing status sticks. */
#include "checked.h"

/* Record a failing status unless one is there already. */
static void keep(af_status *status, af_status result)
{
    if (result != AF_OK && *status == AF_OK)
        *status = result;
}

/* One of the library's binary operations, its status kept. */
typedef af_status (*binary_q16)(fix16_t a, fix16_t b, fix16_t *out);

static fix16_t apply(af_status *status, binary_q16 op, fix16_t a, fix16_t b)
{
    fix16_t r;
    keep(status, op(a, b, &r));
    return r;
}

fix16_t ck_add(af_status *status, fix16_t a, fix16_t b)
{
    return apply(status, af_add_q16, a, b);
}

fix16_t ck_sub(af_status *status, fix16_t a, fix16_t b)
{
    return apply(status, af_sub_q16, a, b);
}

fix16_t ck_mul(af_status *status, fix16_t a, fix16_t b)
{
    return apply(status, af_mul_q16, a, b);
}

fix16_t ck_div(af_status *status, fix16_t a, fix16_t b)
{
    return apply(status, af_div_q16, a, b);
}

fix16_t ck_muldiv(af_status *status, fix16_t a, fix16_t b, fix16_t c)
{
    fix16_t r;
    keep(status, af_muldiv_q16(a, b, c, &r));
    return r;
}

/* a op b * s, componentwise. */
static af_vec3_q16 combine_scaled(af_status *status, binary_q16 op, const af_vec3_q16 *a,
                                  const af_vec3_q16 *b, fix16_t s)
{
    af_vec3_q16 r;
    r.x = apply(status, op, a->x, ck_mul(status, b->x, s));
    r.y = apply(status, op, a->y, ck_mul(status, b->y, s));
    r.z = apply(status, op, a->z, ck_mul(status, b->z, s));
    return r;
}

af_vec3_q16 ck_vec_add_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s)
{
    return combine_scaled(status, af_add_q16, a, b, s);
}

af_vec3_q16 ck_vec_sub_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s)
{
    return combine_scaled(status, af_sub_q16, a, b, s);
}

af_vec3_q16 ck_vec_sub(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    af_vec3_q16 r;
    keep(status, af_vec3_sub_q16(a, b, &r));
    return r;
}

af_vec3_q16 ck_vec_div(af_status *status, const af_vec3_q16 *v, fix16_t d)
{
    af_vec3_q16 r;
    r.x = ck_div(status, v->x, d);
    r.y = ck_div(status, v->y, d);
    r.z = ck_div(status, v->z, d);
    return r;
}
