/* SPDX-License-Identifier: MIT */
/* Viewer axes from gravity (see frame.h). */
#include "frame.h"

#include <math.h>

double frame_dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static af_vec3_f64 unit(af_vec3_f64 v)
{
    double n = sqrt(frame_dot(v, v));
    af_vec3_f64 r = { v.x / n, v.y / n, v.z / n };
    return r;
}

/* a with its component along unit u removed. */
static af_vec3_f64 reject(af_vec3_f64 a, af_vec3_f64 u)
{
    double k = frame_dot(a, u);
    af_vec3_f64 r = { a.x - k * u.x, a.y - k * u.y, a.z - k * u.z };
    return r;
}

frame frame_for(af_vec3_f64 gravity)
{
    frame f;
    af_vec3_f64 x = { 1, 0, 0 }, y = { 0, 1, 0 }, e;
    double g = sqrt(frame_dot(gravity, gravity));
    if (g > 0.0 && isfinite(g)) {
        f.up.x = -gravity.x / g;
        f.up.y = -gravity.y / g;
        f.up.z = -gravity.z / g;
    } else {
        f.up.x = f.up.y = 0.0;
        f.up.z = 1.0;
    }
    e = reject(x, f.up);
    if (frame_dot(e, e) < 1e-6)
        e = reject(y, f.up); /* gravity along x: east is world y */
    f.east = unit(e);
    /* north = up x east */
    f.north.x = f.up.y * f.east.z - f.up.z * f.east.y;
    f.north.y = f.up.z * f.east.x - f.up.x * f.east.z;
    f.north.z = f.up.x * f.east.y - f.up.y * f.east.x;
    return f;
}

void frame_angles(const frame *f, af_vec3_f64 v, double *yaw_deg, double *pitch_deg)
{
    const double deg = 57.29577951308232;
    double e = frame_dot(v, f->east), n = frame_dot(v, f->north), u = frame_dot(v, f->up);
    *yaw_deg = (e == 0.0 && n == 0.0) ? 0.0 : atan2(n, e) * deg;
    *pitch_deg = (e == 0.0 && n == 0.0 && u == 0.0) ? 0.0 : atan2(u, hypot(e, n)) * deg;
}
