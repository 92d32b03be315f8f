/* SPDX-License-Identifier: MIT */
/* The reference arcs beside a quadratic drag shot (see svg_reference.h). */
#include "svg_reference.h"

#include <math.h>
#include <string.h>

#include "solve_qdrag.h"

int svg_reference_count(const request *rq)
{
    return (solve_traits(rq) & SOLVER_DRAG) && rq->drag_model == DRAG_QUADRATIC ? 2 : 0;
}

/* The world launch velocity of the shot (the shooter's added when it is
 * inherited; a forward query's own velocity). */
static af_vec3_f64 launch_velocity(const request *rq, const af_shot_f64 *shot)
{
    af_vec3_f64 v = shot->velocity;
    if ((solve_traits(rq) & SOLVER_INHERITS) && (solve_flags(rq) & AF_INHERIT_VELOCITY)) {
        v.x += rq->shooter_velocity.x;
        v.y += rq->shooter_velocity.y;
        v.z += rq->shooter_velocity.z;
    }
    return v;
}

int svg_reference_at(const request *rq, const af_shot_f64 *shot, int which, double t,
                     af_vec3_f64 *p)
{
    af_qdrag_f64 q;
    af_drag_f64 lin;
    af_body_f64 start, end;
    af_vec3_f64 r;
    double rate;
    *p = rq->shooter;
    if (solve_qdrag_model(rq, &q, NULL) != AF_OK)
        return 0;
    start.position = rq->shooter;
    start.velocity = launch_velocity(rq, shot);
    if (which == 0) {
        p->x += start.velocity.x * t + 0.5 * q.gravity.x * t * t;
        p->y += start.velocity.y * t + 0.5 * q.gravity.y * t * t;
        p->z += start.velocity.z * t + 0.5 * q.gravity.z * t * t;
        return 1;
    }
    r.x = start.velocity.x - q.wind.x;
    r.y = start.velocity.y - q.wind.y;
    r.z = start.velocity.z - q.wind.z;
    rate = q.k * sqrt(r.x * r.x + r.y * r.y + r.z * r.z) + q.c;
    if (af_drag_init_f64(AF_DRAG_CONTINUOUS, rate, 0.0, &q.gravity, &q.wind, &lin) != AF_OK ||
        af_drag_predict_f64(&lin, &start, t, &end) != AF_OK)
        return 0;
    *p = end.position;
    return 1;
}

const char *svg_reference_name(int which)
{
    return which == 0 ? "dotted: the same launch in vacuum"
                      : "dashed: under linear drag at the launch's rate";
}
