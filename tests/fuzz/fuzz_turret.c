/* SPDX-License-Identifier: MIT */
/* A turret's slots and domain for the turret fuzz targets (see
 * fuzz_turret.h). */
#include "fuzz_turret.h"

#include <math.h>

#include "turret_check.h"

#define PI 3.14159265358979323846

static const char *const turret_names[FT_SLOTS] = {
    "pivot.x", "pivot.y", "pivot.z", "up.x", "up.y", "up.z", "forward.x", "forward.y",
    "forward.z", "yaw_min", "yaw_max", "pitch_min", "pitch_max", "muzzle_forward", "muzzle_up",
    "yaw", "pitch", "yaw_rate", "pitch_rate", "latency", "speed", "velocity.x", "velocity.y",
    "velocity.z"
};

static const fz_kind turret_kinds[FT_SLOTS] = {
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, /* frame */
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_POS, FZ_ANY, FZ_ANY, FZ_ANY,         /* angles */
    FZ_RATIO, FZ_RATIO, FZ_STEP, FZ_POS, FZ_ANY, FZ_ANY, FZ_ANY            /* head, speed */
};

void ft_slots(const char **names, fz_kind *kinds, int base)
{
    int i;
    for (i = 0; i < FT_SLOTS; i++) {
        names[base + i] = turret_names[i];
        kinds[base + i] = turret_kinds[i];
    }
}

unsigned ft_flags(uint8_t b)
{
    return b & (AF_INHERIT_VELOCITY | AF_TURRET_YAW_WRAPS | AF_TURRET_ONE_RATE);
}

af_turret_f64 ft_turret_f64(const double *s, int base, unsigned flags)
{
    af_turret_f64 t;
    s += base;
    t.pivot = fz_vec_f64(s, FT_PIVOT);
    t.up = fz_vec_f64(s, FT_UP);
    t.forward = fz_vec_f64(s, FT_FORWARD);
    t.yaw_min = s[FT_YAW_MIN];
    t.yaw_max = s[FT_YAW_MAX];
    t.pitch_min = s[FT_PITCH_MIN];
    t.pitch_max = s[FT_PITCH_MAX];
    t.muzzle_forward = s[FT_MUZZLE_FORWARD];
    t.muzzle_up = s[FT_MUZZLE_UP];
    t.yaw = s[FT_YAW];
    t.pitch = s[FT_PITCH];
    t.yaw_rate = s[FT_YAW_RATE];
    t.pitch_rate = s[FT_PITCH_RATE];
    t.latency = s[FT_LATENCY];
    t.speed = s[FT_SPEED];
    t.velocity = fz_vec_f64(s, FT_VELOCITY);
    t.flags = flags;
    return t;
}

af_turret_q16 ft_turret_q16(const fix16_t *s, int base, unsigned flags)
{
    af_turret_q16 t;
    s += base;
    t.pivot = fz_vec_q16(s, FT_PIVOT);
    t.up = fz_vec_q16(s, FT_UP);
    t.forward = fz_vec_q16(s, FT_FORWARD);
    t.yaw_min = s[FT_YAW_MIN];
    t.yaw_max = s[FT_YAW_MAX];
    t.pitch_min = s[FT_PITCH_MIN];
    t.pitch_max = s[FT_PITCH_MAX];
    t.muzzle_forward = s[FT_MUZZLE_FORWARD];
    t.muzzle_up = s[FT_MUZZLE_UP];
    t.yaw = s[FT_YAW];
    t.pitch = s[FT_PITCH];
    t.yaw_rate = s[FT_YAW_RATE];
    t.pitch_rate = s[FT_PITCH_RATE];
    t.latency = s[FT_LATENCY];
    t.speed = s[FT_SPEED];
    t.velocity = fz_vec_q16(s, FT_VELOCITY);
    t.flags = flags;
    return t;
}

static int nonzero3(af_vec3_f64 v)
{
    return v.x != 0.0 || v.y != 0.0 || v.z != 0.0;
}

int ft_domain_f64(const af_turret_f64 *t)
{
    const double n[] = { t->yaw_min, t->yaw_max, t->pitch_min, t->pitch_max, t->muzzle_forward,
                         t->muzzle_up, t->yaw, t->pitch, t->yaw_rate, t->pitch_rate,
                         t->latency, t->speed };
    size_t i;
    for (i = 0; i < sizeof n / sizeof n[0]; i++)
        if (!isfinite(n[i]))
            return 0;
    if (!fz_finite3(t->pivot) || !fz_finite3(t->up) || !fz_finite3(t->forward) ||
        !fz_finite3(t->velocity) || !nonzero3(t->up) || !nonzero3(t->forward))
        return 0;
    if (!(t->yaw_rate > 0.0 && t->pitch_rate > 0.0 && t->latency >= 0.0 && t->speed > 0.0 &&
          t->muzzle_forward >= 0.0))
        return 0;
    if (!(-0.5 * PI <= t->pitch_min && t->pitch_min <= t->pitch && t->pitch <= t->pitch_max &&
          t->pitch_max <= 0.5 * PI))
        return 0;
    return (t->flags & AF_TURRET_YAW_WRAPS) || (t->yaw_min <= t->yaw && t->yaw <= t->yaw_max);
}

int ft_domain_q16(const af_turret_q16 *q)
{
    const fix16_t half_pi = 102944;
    if ((q->up.x == 0 && q->up.y == 0 && q->up.z == 0) ||
        (q->forward.x == 0 && q->forward.y == 0 && q->forward.z == 0))
        return 0;
    if (!(q->yaw_rate > 0 && q->pitch_rate > 0 && q->latency >= 0 && q->speed > 0 &&
          q->muzzle_forward >= 0))
        return 0;
    if (!(-half_pi <= q->pitch_min && q->pitch_min <= q->pitch && q->pitch <= q->pitch_max &&
          q->pitch_max <= half_pi))
        return 0;
    return (q->flags & AF_TURRET_YAW_WRAPS) || (q->yaw_min <= q->yaw && q->yaw <= q->yaw_max);
}

/* v over a power of two, its largest component in [0.5, 1). */
static af_vec3_f64 pow2_scaled(af_vec3_f64 v)
{
    int e;
    (void)frexp(fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z))), &e);
    v.x = ldexp(v.x, -e);
    v.y = ldexp(v.y, -e);
    v.z = ldexp(v.z, -e);
    return v;
}

static double norm(af_vec3_f64 v)
{
    return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

double ft_frame_sine(const af_turret_f64 *t)
{
    af_vec3_f64 u, f, c;
    if (!nonzero3(t->up) || !nonzero3(t->forward) || !fz_finite3(t->up) ||
        !fz_finite3(t->forward))
        return 0.0;
    u = pow2_scaled(t->up);
    f = pow2_scaled(t->forward);
    c.x = u.y * f.z - u.z * f.y;
    c.y = u.z * f.x - u.x * f.z;
    c.z = u.x * f.y - u.y * f.x;
    return norm(c) / (norm(u) * norm(f));
}

ft_angles ft_angles_of(const af_turret_f64 *t, af_vec3_f64 d)
{
    af_vec3_f64 fw, up, left, a, n = pow2_scaled(d);
    double x, y, z, h, l = norm(n);
    ft_angles r;
    turret_axes(t, 0.0, 0.0, &fw, &up);
    turret_axes(t, 0.5 * PI, 0.0, &left, &a);
    /* cos(pi/2) rounded leaves 6e-17 of forward in left: far below what
     * is judged. */
    x = n.x * fw.x + n.y * fw.y + n.z * fw.z;
    y = n.x * left.x + n.y * left.y + n.z * left.z;
    z = n.x * up.x + n.y * up.y + n.z * up.z;
    h = hypot(x, y);
    r.yaw = atan2(y, x);
    r.pitch = atan2(z, h);
    r.horizontal = h / hypot(h, z);
    r.unit.x = n.x / l;
    r.unit.y = n.y / l;
    r.unit.z = n.z / l;
    return r;
}

int ft_some_turn_within(double yaw, double lo, double hi)
{
    double k;
    if (!(lo <= hi))
        return 0;
    k = ceil((lo - yaw) / (2.0 * PI));
    return yaw + 2.0 * PI * k <= hi || yaw + 2.0 * PI * (k - 1.0) >= lo;
}

double ft_vdist(af_vec3_f64 a, af_vec3_f64 b)
{
    return fmax(fabs(a.x - b.x), fmax(fabs(a.y - b.y), fabs(a.z - b.z)));
}
