/* checked.h: the first failing status sticks. */
#include "checked.h"

static fix16_t keep(af_status *status, af_status result, fix16_t value)
{
    if (result != AF_OK && *status == AF_OK)
        *status = result;
    return value;
}

fix16_t ck_add(af_status *status, fix16_t a, fix16_t b)
{
    fix16_t r;
    const af_status result = af_add_q16(a, b, &r);
    return keep(status, result, r);
}

fix16_t ck_sub(af_status *status, fix16_t a, fix16_t b)
{
    fix16_t r;
    const af_status result = af_sub_q16(a, b, &r);
    return keep(status, result, r);
}

fix16_t ck_mul(af_status *status, fix16_t a, fix16_t b)
{
    fix16_t r;
    const af_status result = af_mul_q16(a, b, &r);
    return keep(status, result, r);
}

fix16_t ck_div(af_status *status, fix16_t a, fix16_t b)
{
    fix16_t r;
    const af_status result = af_div_q16(a, b, &r);
    return keep(status, result, r);
}

fix16_t ck_muldiv(af_status *status, fix16_t a, fix16_t b, fix16_t c)
{
    fix16_t r;
    const af_status result = af_muldiv_q16(a, b, c, &r);
    return keep(status, result, r);
}

af_vec3_q16 ck_vec_add_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s)
{
    af_vec3_q16 r;
    r.x = ck_add(status, a->x, ck_mul(status, b->x, s));
    r.y = ck_add(status, a->y, ck_mul(status, b->y, s));
    r.z = ck_add(status, a->z, ck_mul(status, b->z, s));
    return r;
}

af_vec3_q16 ck_vec_sub_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s)
{
    af_vec3_q16 r;
    r.x = ck_sub(status, a->x, ck_mul(status, b->x, s));
    r.y = ck_sub(status, a->y, ck_mul(status, b->y, s));
    r.z = ck_sub(status, a->z, ck_mul(status, b->z, s));
    return r;
}

af_vec3_q16 ck_vec_sub(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    af_vec3_q16 r;
    const af_status result = af_vec3_sub_q16(a, b, &r);
    keep(status, result, 0);
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

fix16_t ck_vec_len(af_status *status, const af_vec3_q16 *v)
{
    fix16_t r;
    const af_status result = af_vec3_len_q16(v, &r);
    return keep(status, result, r);
}
