/* SPDX-License-Identifier: MIT */
/* SVG drawing of a solved shot (see svg.h). */
#include "svg.h"

#include <math.h>
#include <stdio.h>

#include "frame.h"
#include "solve_turret.h"
#include "svg_reference.h"
#include "terrain.h"

#define SAMPLES 96
#define PANEL_W 460.0
#define PANEL_H 340.0
#define MARGIN 40.0

static const char *const colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd" };

/* A 2D view: two axes in world space, and the mapping to the panel. */
struct view {
    af_vec3_f64 origin, across, upward;
    double x0, y0, x1, y1; /* bounds in view coordinates */
    double left;           /* panel's left edge in the picture */
    double scale;
};

static void project(const struct view *v, af_vec3_f64 p, double *x, double *y)
{
    af_vec3_f64 d = { p.x - v->origin.x, p.y - v->origin.y, p.z - v->origin.z };
    *x = frame_dot(d, v->across);
    *y = frame_dot(d, v->upward);
}

static void grow(struct view *v, af_vec3_f64 p)
{
    double x, y;
    project(v, p, &x, &y);
    if (!isfinite(x) || !isfinite(y))
        return;
    if (x < v->x0) v->x0 = x;
    if (x > v->x1) v->x1 = x;
    if (y < v->y0) v->y0 = y;
    if (y > v->y1) v->y1 = y;
}

/* Picture coordinates of a world point. */
static void place(const struct view *v, af_vec3_f64 p, double *px, double *py)
{
    double x, y;
    project(v, p, &x, &y);
    *px = v->left + MARGIN + (x - v->x0) * v->scale;
    *py = MARGIN + 30.0 + (v->y1 - y) * v->scale;
}

static double last_time(const result *res)
{
    double t = 0.0;
    int i;
    for (i = 0; i < res->shots.count; i++)
        t = fmax(t, res->shots.shot[i].t + (res->has_turret ? res->launch[i] : 0.0));
    return t > 0.0 ? t : 1.0;
}

/* Shot i at the fraction `frac` of its flight (a turret's from its muzzle
 * at its launch time). */
static af_vec3_f64 shot_at(const request *rq, const result *res, int i, double frac)
{
    const af_shot_f64 *s = &res->shots.shot[i];
    if (res->has_turret)
        return solve_turret_position(rq, res, i, res->launch[i] + s->t * frac);
    return solve_trajectory(rq, s, s->t * frac);
}

static af_vec3_f64 target_at(const request *rq, double t)
{
    af_vec3_f64 p = { rq->target.x + rq->target_velocity.x * t +
                          0.5 * rq->target_acceleration.x * t * t,
                      rq->target.y + rq->target_velocity.y * t +
                          0.5 * rq->target_acceleration.y * t * t,
                      rq->target.z + rq->target_velocity.z * t +
                          0.5 * rq->target_acceleration.z * t * t };
    return p;
}

/* The terrain's point under the side view's line at view coordinate x. */
static af_vec3_f64 ground_at(const struct view *v, const terrain *ground, double x)
{
    af_vec3_f64 q = { v->origin.x + v->across.x * x, v->origin.y + v->across.y * x,
                      v->origin.z + v->across.z * x };
    double rise = terrain_ground(ground, q) - terrain_height_of(ground, q);
    q.x += ground->axes.up.x * rise;
    q.y += ground->axes.up.y * rise;
    q.z += ground->axes.up.z * rise;
    return q;
}

/* Whether the request has a target to draw: a query about a given flight
 * (drag_predict, ...) or about the turret's head has none. */
static int has_target(const request *rq)
{
    return !(solve_traits(rq) & (SOLVER_FORWARD | SOLVER_HEAD));
}

/* The barrel of the request's turret at the given angles: a unit vector
 * (aimfix/turret.h's head frame). */
static af_vec3_f64 barrel(const af_turret_f64 *t, double yaw, double pitch)
{
    af_vec3_f64 u = t->up, f = t->forward, l, b;
    double n = sqrt(frame_dot(u, u)), k;
    u.x /= n;
    u.y /= n;
    u.z /= n;
    k = frame_dot(f, u);
    f.x -= k * u.x;
    f.y -= k * u.y;
    f.z -= k * u.z;
    n = sqrt(frame_dot(f, f));
    f.x /= n;
    f.y /= n;
    f.z /= n;
    l.x = u.y * f.z - u.z * f.y;
    l.y = u.z * f.x - u.x * f.z;
    l.z = u.x * f.y - u.y * f.x;
    b.x = cos(pitch) * (cos(yaw) * f.x + sin(yaw) * l.x) + sin(pitch) * u.x;
    b.y = cos(pitch) * (cos(yaw) * f.y + sin(yaw) * l.y) + sin(pitch) * u.y;
    b.z = cos(pitch) * (cos(yaw) * f.z + sin(yaw) * l.z) + sin(pitch) * u.z;
    return b;
}

/* A point len along the barrel at the given angles from the pivot. */
static af_vec3_f64 tip_at(const af_turret_f64 *t, double yaw, double pitch, double len)
{
    af_vec3_f64 b = barrel(t, yaw, pitch), tip = { t->pivot.x + len * b.x, t->pivot.y + len * b.y,
                                                   t->pivot.z + len * b.z };
    return tip;
}

/* The drawn barrel's length for the head's questions: past the muzzle. */
static double head_length(const request *rq)
{
    return 1.0 + fabs(rq->turret_muzzle_forward) + fabs(rq->turret_muzzle_up);
}

static void fit(struct view *v, int side, const request *rq, const result *res)
{
    double tmax = last_time(res), w, h;
    terrain ground;
    char why[128];
    int i, k;
    v->x0 = v->y0 = 0.0;
    v->x1 = v->y1 = 0.0;
    grow(v, rq->shooter);
    for (k = 0; k <= SAMPLES && has_target(rq); k++)
        grow(v, target_at(rq, tmax * k / SAMPLES));
    for (i = 0; i < res->shots.count; i++)
        for (k = 0; k <= SAMPLES; k++) {
            const af_shot_f64 *s = &res->shots.shot[i];
            af_vec3_f64 p;
            int a;
            grow(v, shot_at(rq, res, i, (double)k / SAMPLES));
            for (a = 0; !res->has_turret && a < svg_reference_count(rq); a++)
                if (svg_reference_at(rq, s, a, s->t * k / SAMPLES, &p))
                    grow(v, p);
        }
    /* The head's questions show the barrel, now and as answered. */
    if (solve_traits(rq) & SOLVER_HEAD) {
        af_turret_f64 t;
        solve_turret(rq, &t);
        grow(v, tip_at(&t, t.yaw, t.pitch, head_length(rq)));
        if (res->has_command)
            grow(v, tip_at(&t, res->command_yaw, res->command_pitch, head_length(rq)));
        if (res->has_pose)
            grow(v, res->pose_muzzle);
    }
    /* The side view shows the terrain under the flight. */
    if (side && (solve_traits(rq) & SOLVER_TERRAIN) &&
        terrain_from_request(rq, &ground, why, sizeof why) == 0) {
        double x0 = v->x0, x1 = v->x1;
        for (k = 0; k <= SAMPLES; k++)
            grow(v, ground_at(v, &ground, x0 + (x1 - x0) * k / SAMPLES));
    }
    w = v->x1 - v->x0;
    h = v->y1 - v->y0;
    if (!(w > 0.0)) w = 1.0;
    if (!(h > 0.0)) h = 1.0;
    /* 5 % padding, then one scale for both axes: angles look true. */
    v->x0 -= 0.05 * w;
    v->x1 += 0.05 * w;
    v->y0 -= 0.05 * h;
    v->y1 += 0.05 * h;
    v->scale =
        fmin((PANEL_W - 2 * MARGIN) / (v->x1 - v->x0), (PANEL_H - 2 * MARGIN) / (v->y1 - v->y0));
}

/* The terrain's section under the side view's line through the shooter. */
static void draw_ground(FILE *out, const struct view *v, const request *rq)
{
    terrain ground;
    char why[128];
    int k;
    if (terrain_from_request(rq, &ground, why, sizeof why) < 0)
        return;
    fputs("<polyline fill=\"none\" stroke=\"#8c6d31\" stroke-width=\"1.5\" points=\"", out);
    for (k = 0; k <= SAMPLES; k++) {
        double px, py;
        place(v, ground_at(v, &ground, v->x0 + (v->x1 - v->x0) * k / SAMPLES), &px, &py);
        fprintf(out, "%.1f,%.1f ", px, py);
    }
    fputs("\"/>\n", out);
}

/* The turret: its barrel now (grey), the slew of its tip to each of the n
 * commanded angles (dotted) and the commanded barrel (the shot's colour),
 * len long. */
static void draw_turret(FILE *out, const struct view *v, const request *rq, int n,
                        const double *yaw, const double *pitch, double len)
{
    af_turret_f64 t;
    double px, py, qx, qy;
    int i, k;
    solve_turret(rq, &t);
    place(v, t.pivot, &px, &py);
    place(v, tip_at(&t, t.yaw, t.pitch, len), &qx, &qy);
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" "
            "stroke-width=\"4\"/>\n",
            px, py, qx, qy);
    for (i = 0; i < n; i++) {
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-dasharray=\"2,2\" points=\"",
                colours[i % 4]);
        for (k = 0; k <= 24; k++) {
            double a = (double)k / 24;
            place(v, tip_at(&t, t.yaw + a * (yaw[i] - t.yaw), t.pitch + a * (pitch[i] - t.pitch), len),
                  &qx, &qy);
            fprintf(out, "%.1f,%.1f ", qx, qy);
        }
        fputs("\"/>\n", out);
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"4\" opacity=\"0.6\"/>\n",
                px, py, qx, qy, colours[i % 4]);
    }
}

/* turret_angles: the barrel now, its slew and the command; turret_barrel:
 * the barrel at the turret's angles and the muzzle (a dot). */
static void draw_head(FILE *out, const struct view *v, const request *rq, const result *res)
{
    double px, py;
    draw_turret(out, v, rq, res->has_command, &res->command_yaw, &res->command_pitch,
                head_length(rq));
    if (res->has_pose) {
        place(v, res->pose_muzzle, &px, &py);
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", px, py,
                colours[0]);
    }
}

static void draw(FILE *out, const struct view *v, int side, const request *rq, const result *res,
                 const char *title)
{
    double px, py, qx, qy, tmax = last_time(res);
    int i, k;
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\">%s</text>\n", v->left + MARGIN,
            MARGIN + 10.0, title);
    /* A horizontal line through the shooter, for reference. */
    {
        place(v, rq->shooter, &px, &py);
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\" "
                "stroke-dasharray=\"2,3\"/>\n",
                v->left + MARGIN, py, v->left + PANEL_W - MARGIN, py);
    }
    if (side && (solve_traits(rq) & SOLVER_TERRAIN))
        draw_ground(out, v, rq);
    /* The target's path over the flight: a line, or the curve an
     * accelerating target follows (a path: the polylines are the shots). */
    if (has_target(rq)) {
        const af_vec3_f64 *a = &rq->target_acceleration;
        place(v, target_at(rq, 0.0), &px, &py);
        if (a->x == 0.0 && a->y == 0.0 && a->z == 0.0) {
            place(v, target_at(rq, tmax), &qx, &qy);
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" "
                    "stroke-dasharray=\"6,4\"/>\n",
                    px, py, qx, qy);
        } else {
            fprintf(out, "<path fill=\"none\" stroke=\"#888\" stroke-dasharray=\"6,4\" d=\"M%.1f %.1f",
                    px, py);
            for (k = 1; k <= SAMPLES; k++) {
                place(v, target_at(rq, tmax * k / SAMPLES), &qx, &qy);
                fprintf(out, " L%.1f %.1f", qx, qy);
            }
            fputs("\"/>\n", out);
        }
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"#888\"/>\n",
                px - 4, py - 4);
    }
    /* Trajectory samples (drag_samples), as dots. */
    for (k = 0; k < res->point_count; k++) {
        place(v, res->points[k], &px, &py);
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#444\"/>\n", px, py);
    }
    /* Each shot's trajectory and impact, the reference arcs beside it. */
    for (i = 0; i < res->shots.count; i++) {
        const af_shot_f64 *s = &res->shots.shot[i];
        int a;
        /* (not beside a turret's shots, which leave later from a muzzle) */
        for (a = 0; !res->has_turret && a < svg_reference_count(rq); a++) {
            af_vec3_f64 p;
            fprintf(out,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1\" "
                    "stroke-dasharray=\"%s\" class=\"reference\" points=\"",
                    colours[i % 4], a == 0 ? "1,3" : "5,3");
            for (k = 0; k <= SAMPLES; k++) {
                (void)svg_reference_at(rq, s, a, s->t * k / SAMPLES, &p);
                place(v, p, &px, &py);
                fprintf(out, "%.1f,%.1f ", px, py);
            }
            fputs("\"/>\n", out);
        }
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
                colours[i % 4]);
        for (k = 0; k <= SAMPLES; k++) {
            place(v, shot_at(rq, res, i, (double)k / SAMPLES), &px, &py);
            fprintf(out, "%.1f,%.1f ", px, py);
        }
        fputs("\"/>\n", out);
        place(v, s->point, &px, &py);
        fprintf(out,
                "<path d=\"M%.1f %.1fl8 8m0 -8l-8 8\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                px - 4, py - 4, colours[i % 4]);
    }
    if (res->has_turret)
        draw_turret(out, v, rq, res->shots.count, res->yaw, res->pitch, 0.1 * (v->x1 - v->x0));
    if (solve_traits(rq) & SOLVER_HEAD)
        draw_head(out, v, rq, res);
    place(v, rq->shooter, &px, &py);
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#000\"/>\n", px, py);
}

static const char *legend(const request *rq)
{
    unsigned traits = solve_traits(rq);
    if (traits & SOLVER_TERRAIN)
        return "circle: launch point; brown: the terrain along the side view's line; x: the "
               "terrain point hit";
    if (traits & SOLVER_FORWARD)
        return "circle: launch point; x: the body at the answer's time; dots: samples";
    if (traits & SOLVER_HEAD)
        return "circle: pivot; grey bar: barrel at the turret's angles, dotted: its slew, coloured "
               "bar: the command; dot: the muzzle";
    if (traits & SOLVER_TURRET)
        return "circle: pivot; grey bar: barrel now, dotted: its slew, coloured bar: the command; "
               "square: target now; x: impact";
    return "circle: shooter; square: target now, dashed: its path during the flight; x: impact";
}

int svg_write(const char *path, const request *rq, const result *res)
{
    FILE *out = fopen(path, "w");
    frame f = frame_for(rq->gravity);
    struct view side, top;
    af_vec3_f64 bearing;
    double bx, by, len;
    int i;
    if (!out)
        return -1;
    /* The side view looks across the bearing to the (first) impact point,
     * the muzzle or the direction asked about, or to the target. */
    {
        af_vec3_f64 aim = { rq->shooter.x + rq->direction.x, rq->shooter.y + rq->direction.y,
                            rq->shooter.z + rq->direction.z };
        af_vec3_f64 to = res->shots.count ? res->shots.shot[0].point
                         : res->has_pose  ? res->pose_muzzle
                         : res->has_command ? aim
                                            : rq->target;
        af_vec3_f64 d = { to.x - rq->shooter.x, to.y - rq->shooter.y, to.z - rq->shooter.z };
        bx = frame_dot(d, f.east);
        by = frame_dot(d, f.north);
        len = hypot(bx, by);
        if (!(len > 0.0)) {
            bx = 1.0;
            by = 0.0;
            len = 1.0;
        }
        bearing.x = (f.east.x * bx + f.north.x * by) / len;
        bearing.y = (f.east.y * bx + f.north.y * by) / len;
        bearing.z = (f.east.z * bx + f.north.z * by) / len;
    }
    side.origin = top.origin = rq->shooter;
    side.across = bearing;
    side.upward = f.up;
    side.left = 0.0;
    top.across = f.east;
    top.upward = f.north;
    top.left = PANEL_W;
    fit(&side, 1, rq, res);
    fit(&top, 0, rq, res);

    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "font-family=\"sans-serif\">\n",
            2 * PANEL_W, PANEL_H + 75.0);
    fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    draw(out, &side, 1, rq, res, "side view (along the bearing; up is against gravity)");
    draw(out, &top, 0, rq, res, "top view (east right, north up)");
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">%s: %s", MARGIN, PANEL_H + 45.0,
            rq->solve, res->bad_input ? "bad_input" : af_status_name(res->status));
    for (i = 0; i < res->shots.count; i++)
        fprintf(out, "; <tspan fill=\"%s\">shot %d t = %.4g s</tspan>", colours[i % 4], i + 1,
                res->shots.shot[i].t);
    fputs("</text>\n", out);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#555\">%s", MARGIN,
            PANEL_H + 63.0, legend(rq));
    for (i = 0; !res->has_turret && i < svg_reference_count(rq); i++)
        fprintf(out, "; %s", svg_reference_name(i));
    fputs("</text>\n", out);
    fputs("</svg>\n", out);
    return fclose(out) == 0 ? 0 : -1;
}
