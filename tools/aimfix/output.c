/* SPDX-License-Identifier: MIT */
/* Result printing (see output.h). */
#include "output.h"

#include <math.h>

#include "fixed.h"
#include "frame.h"

/* The length of the well-formed UTF-8 sequence at s (1 to 4), or 0 when
 * the bytes there are not one (a stray continuation byte, a truncated
 * sequence, an overlong form, a surrogate, a code point past U+10FFFF). */
static int utf8_length(const unsigned char *s)
{
    int n, i;
    unsigned char lo = 0x80, hi = 0xbf; /* the second byte's range */
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        lo = 0xa0; /* overlong below U+0800 */
    else if (s[0] == 0xed)
        hi = 0x9f; /* surrogates */
    else if (s[0] == 0xf0)
        lo = 0x90; /* overlong below U+10000 */
    else if (s[0] == 0xf4)
        hi = 0x8f; /* past U+10FFFF */
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

/* A JSON string: quotes, backslashes and control characters escaped, and
 * every byte that is not part of well-formed UTF-8 (an input line may hold
 * any bytes) written as U+FFFD, so that the answer is always valid JSON. */
static void json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', out);
    while (*p) {
        unsigned char c = *p;
        int n = utf8_length(p);
        if (n == 0) {
            fputs("\\ufffd", out);
            p++;
        } else if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", c);
            p++;
        } else if (c < 0x20) {
            fprintf(out, "\\u%04x", c);
            p++;
        } else {
            fwrite(p, 1, (size_t)n, out);
            p += n;
        }
    }
    fputc('"', out);
}

/* The raw bits of a Q16.16 value, as fix16_t holds them (two's
 * complement, 8 hex digits): -1.5 is "0xfffe8000". */
static void raw_hex(FILE *out, double v)
{
    fprintf(out, "\"0x%08lx\"", (unsigned long)(uint32_t)fixed_raw(v));
}

static void json_vec(FILE *out, af_vec3_f64 v)
{
    fprintf(out, "[%.17g,%.17g,%.17g]", v.x, v.y, v.z);
}

static void json_vec_raw(FILE *out, af_vec3_f64 v)
{
    fputc('[', out);
    raw_hex(out, v.x);
    fputc(',', out);
    raw_hex(out, v.y);
    fputc(',', out);
    raw_hex(out, v.z);
    fputc(']', out);
}

/* "key":v, then "key_raw":"0x..." in format q16. sep is what comes first
 * ("," or ""). */
static void json_number(FILE *out, const char *sep, const char *key, double v, int raw)
{
    fprintf(out, "%s\"%s\":%.17g", sep, key, v);
    if (raw) {
        fprintf(out, ",\"%s_raw\":", key);
        raw_hex(out, v);
    }
}

static void json_vector(FILE *out, const char *sep, const char *key, af_vec3_f64 v, int raw)
{
    fprintf(out, "%s\"%s\":", sep, key);
    json_vec(out, v);
    if (raw) {
        fprintf(out, ",\"%s_raw\":", key);
        json_vec_raw(out, v);
    }
}

void output_json_bad_input(FILE *out, const char *error)
{
    fputs("{\"status\":\"bad_input\",\"error\":", out);
    json_string(out, error);
    fputs("}\n", out);
}

/* A bad_input line, naming the solver when the request did. */
static void json_bad_request(FILE *out, const request *rq, const result *res)
{
    fputs("{", out);
    if (rq->solve[0]) {
        fputs("\"solve\":", out);
        json_string(out, rq->solve);
        fputs(",", out);
    }
    fputs("\"status\":\"bad_input\",\"error\":", out);
    json_string(out, res->error);
    fputs("}\n", out);
}

/* The compare keys of solution i: its miss and, for the q16 answer, the
 * f64 solution beside it and the differences. */
static void json_compared_shot(FILE *out, const result *res, int i, int q16)
{
    fprintf(out, ",\"miss\":%.6g", res->miss[i]);
    if (!q16 || res->beside[i] < 0)
        return;
    fprintf(out, ",\"f64_solution\":%d,\"diff_lsb\":{\"t\":%.6g,\"velocity\":[%.6g,%.6g,%.6g],"
                 "\"point\":[%.6g,%.6g,%.6g]}",
            res->beside[i], res->diff_t[i], res->diff_velocity[i].x, res->diff_velocity[i].y,
            res->diff_velocity[i].z, res->diff_point[i].x, res->diff_point[i].y,
            res->diff_point[i].z);
}

/* The keys of an answer after "format": status, the drag queries' extras,
 * the solutions; with raw, each number's raw Q16.16 bits too. */
static void json_answer(FILE *out, const result *res, int raw)
{
    int i;
    fprintf(out, "\"status\":\"%s\"", af_status_name(res->status));
    if (res->has_range) {
        json_number(out, ",", "range", res->range, raw);
        if (res->compared && raw)
            fprintf(out, ",\"range_diff_lsb\":%.6g", res->diff_range);
    }
    if (res->has_height)
        json_number(out, ",", "height", res->height, raw);
    if (res->has_evaluations)
        fprintf(out, ",\"evaluations\":%d", res->evaluations);
    if (res->has_casts)
        fprintf(out, ",\"casts\":%d", res->casts);
    if (res->has_state) {
        json_vector(out, ",\"state\":{", "position", res->state.position, raw);
        json_vector(out, ",", "velocity", res->state.velocity, raw);
        fputs("}", out);
    }
    if (res->has_command) {
        json_number(out, ",\"command\":{", "yaw", res->command_yaw, raw);
        json_number(out, ",", "pitch", res->command_pitch, raw);
        json_number(out, ",", "slew", res->command_slew, raw);
        fputs("}", out);
    }
    if (res->has_pose) {
        json_vector(out, ",\"pose\":{", "barrel", res->pose_barrel, raw);
        json_vector(out, ",", "muzzle", res->pose_muzzle, raw);
        fputs("}", out);
    }
    if (res->point_count > 0) {
        fputs(",\"points\":[", out);
        for (i = 0; i < res->point_count; i++) {
            fputs(i ? "," : "", out);
            json_vec(out, res->points[i]);
        }
        fputs("]", out);
        if (raw) {
            fputs(",\"points_raw\":[", out);
            for (i = 0; i < res->point_count; i++) {
                fputs(i ? "," : "", out);
                json_vec_raw(out, res->points[i]);
            }
            fputs("]", out);
        }
    }
    fputs(",\"solutions\":[", out);
    for (i = 0; i < res->shots.count; i++) {
        const af_shot_f64 *s = &res->shots.shot[i];
        json_number(out, i ? ",{" : "{", "t", s->t, raw);
        json_vector(out, ",", "velocity", s->velocity, raw);
        json_vector(out, ",", "point", s->point, raw);
        if (res->has_turret) {
            json_number(out, ",", "yaw", res->yaw[i], raw);
            json_number(out, ",", "pitch", res->pitch[i], raw);
            json_number(out, ",", "launch", res->launch[i], raw);
            json_vector(out, ",", "muzzle", res->muzzle[i], raw);
        }
        if (res->compared)
            json_compared_shot(out, res, i, raw);
        fputs("}", out);
    }
    fputs("]", out);
    if (res->has_miss) {
        json_number(out, ",\"closest\":{", "distance", res->miss_distance, raw);
        json_number(out, ",", "t", res->miss_shot.t, raw);
        json_vector(out, ",", "velocity", res->miss_shot.velocity, raw);
        json_vector(out, ",", "point", res->miss_shot.point, raw);
        fputs("}", out);
    }
}

void output_json(FILE *out, const request *rq, const result *res)
{
    int q16 = rq->format == FORMAT_Q16;
    if (res->bad_input) {
        json_bad_request(out, rq, res);
        return;
    }
    fputs("{\"solve\":", out);
    json_string(out, rq->solve);
    fprintf(out, ",\"format\":\"%s\",", q16 ? "q16" : "f64");
    json_answer(out, res, q16);
    fputs("}\n", out);
}

void output_json_compare(FILE *out, const request *rq, const result *f, const result *q)
{
    if (f->bad_input) {
        json_bad_request(out, rq, f);
        return;
    }
    fputs("{\"solve\":", out);
    json_string(out, rq->solve);
    fputs(",\"format\":\"compare\",\"f64\":{", out);
    json_answer(out, f, 0);
    fputs("},\"q16\":{", out);
    json_answer(out, q, 1);
    fputs("}}\n", out);
}

/* " [0x00018000 0x00000000 0xfffe8000]" after a q16 vector. */
static void text_raw_vec(FILE *out, af_vec3_f64 v, int raw)
{
    if (raw)
        fprintf(out, " [0x%08lx 0x%08lx 0x%08lx]", (unsigned long)(uint32_t)fixed_raw(v.x),
                (unsigned long)(uint32_t)fixed_raw(v.y), (unsigned long)(uint32_t)fixed_raw(v.z));
}

static void text_raw(FILE *out, double v, int raw)
{
    if (raw)
        fprintf(out, " [0x%08lx]", (unsigned long)(uint32_t)fixed_raw(v));
}

#define DEGREES 57.29577951308232

/* turret_angles' command or turret_barrel's pose. */
static void text_head(FILE *out, const result *res, const char *label, int raw)
{
    fprintf(out, "%s: %s\n", label, af_status_name(res->status));
    if (res->has_command) {
        fprintf(out, "  command: yaw %.9g rad (%.4f deg)", res->command_yaw,
                res->command_yaw * DEGREES);
        text_raw(out, res->command_yaw, raw);
        fprintf(out, ", pitch %.9g rad (%.4f deg)", res->command_pitch,
                res->command_pitch * DEGREES);
        text_raw(out, res->command_pitch, raw);
        fprintf(out, "; slew %.9g s", res->command_slew);
        text_raw(out, res->command_slew, raw);
        fputc('\n', out);
    }
    if (res->has_pose) {
        fprintf(out, "  barrel (%.9g, %.9g, %.9g)", res->pose_barrel.x, res->pose_barrel.y,
                res->pose_barrel.z);
        text_raw_vec(out, res->pose_barrel, raw);
        fprintf(out, ", muzzle at (%.9g, %.9g, %.9g) m", res->pose_muzzle.x, res->pose_muzzle.y,
                res->pose_muzzle.z);
        text_raw_vec(out, res->pose_muzzle, raw);
        fputc('\n', out);
    }
}

/* One answer in the readable form; `label` heads it ("arc_point (q16)"). */
static void text_answer(FILE *out, const request *rq, const result *res, const char *label,
                        int raw)
{
    frame f = frame_for(rq->gravity);
    /* A query about a given flight has no impact but where the body is
     * (on the terrain for drag_land). */
    unsigned traits = solve_traits(rq);
    const char *point = traits & SOLVER_TERRAIN   ? "terrain hit at"
                        : traits & SOLVER_FORWARD ? "body at"
                                                  : "impact at";
    int i;
    if (traits & SOLVER_HEAD) {
        /* The head's questions answer angles or a pose, not shots. */
        text_head(out, res, label, raw);
        return;
    }
    fprintf(out, "%s: %s, %d solution%s\n", label, af_status_name(res->status), res->shots.count,
            res->shots.count == 1 ? "" : "s");
    if (res->has_range) {
        fprintf(out, "  maximum range %.9g m", res->range);
        text_raw(out, res->range, raw);
        if (res->compared && raw)
            fprintf(out, ", %+.3g LSB from f64", res->diff_range);
        fputc('\n', out);
    }
    if (res->has_state) {
        fprintf(out, "  the body then at (%.9g, %.9g, %.9g) m", res->state.position.x,
                res->state.position.y, res->state.position.z);
        text_raw_vec(out, res->state.position, raw);
        fprintf(out, ", moving at (%.9g, %.9g, %.9g) m/s", res->state.velocity.x,
                res->state.velocity.y, res->state.velocity.z);
        text_raw_vec(out, res->state.velocity, raw);
        fputc('\n', out);
    }
    if (res->has_height) {
        fprintf(out, "  height %.9g m above the launch point", res->height);
        text_raw(out, res->height, raw);
        fputc('\n', out);
    }
    if (res->has_evaluations)
        fprintf(out, "  %d evaluations\n", res->evaluations);
    if (res->has_casts)
        fprintf(out, "  %d raycasts\n", res->casts);
    for (i = 0; i < res->point_count; i++) {
        fprintf(out, "  sample %d: (%.9g, %.9g, %.9g) m", i + 1, res->points[i].x,
                res->points[i].y, res->points[i].z);
        text_raw_vec(out, res->points[i], raw);
        fputc('\n', out);
    }
    for (i = 0; i < res->shots.count; i++) {
        const af_shot_f64 *s = &res->shots.shot[i];
        double yaw, pitch, speed = sqrt(frame_dot(s->velocity, s->velocity));
        frame_angles(&f, s->velocity, &yaw, &pitch);
        fprintf(out, "  %d. t = %.9g s", i + 1, s->t);
        text_raw(out, s->t, raw);
        fprintf(out, ", launch velocity (%.9g, %.9g, %.9g) m/s", s->velocity.x, s->velocity.y,
                s->velocity.z);
        text_raw_vec(out, s->velocity, raw);
        fprintf(out, ", |v| = %.9g m/s\n", speed);
        fprintf(out, "     aim yaw %.4f deg, pitch %.4f deg; %s (%.9g, %.9g, %.9g) m", yaw, pitch,
                point, s->point.x, s->point.y, s->point.z);
        text_raw_vec(out, s->point, raw);
        fputc('\n', out);
        if (res->has_turret) {
            fprintf(out, "     turret: yaw %.4f deg, pitch %.4f deg; launch at %.9g s",
                    res->yaw[i] * DEGREES, res->pitch[i] * DEGREES,
                    res->launch[i]);
            text_raw(out, res->launch[i], raw);
            fprintf(out, " from the muzzle at (%.9g, %.9g, %.9g) m, impact at %.9g s\n",
                    res->muzzle[i].x, res->muzzle[i].y, res->muzzle[i].z,
                    res->launch[i] + s->t);
        }
        if (!res->compared)
            continue;
        fprintf(out, "     flown: misses by %.3g m\n", res->miss[i]);
        if (raw && res->beside[i] >= 0)
            fprintf(out,
                    "     vs f64 %d, in LSB: t %+.3g, velocity (%+.3g, %+.3g, %+.3g), "
                    "point (%+.3g, %+.3g, %+.3g)\n",
                    res->beside[i] + 1, res->diff_t[i], res->diff_velocity[i].x,
                    res->diff_velocity[i].y, res->diff_velocity[i].z, res->diff_point[i].x,
                    res->diff_point[i].y, res->diff_point[i].z);
    }
}

/* The closest shot when nothing hits. */
static void text_miss(FILE *out, const result *res, int raw)
{
    const af_shot_f64 *s = &res->miss_shot;
    if (!res->has_miss)
        return;
    fprintf(out, "  closest shot: misses by %.9g m", res->miss_distance);
    text_raw(out, res->miss_distance, raw);
    fprintf(out, " at t = %.9g s, launch velocity (%.9g, %.9g, %.9g) m/s, target then at "
                 "(%.9g, %.9g, %.9g) m\n",
            s->t, s->velocity.x, s->velocity.y, s->velocity.z, s->point.x, s->point.y,
            s->point.z);
}

void output_text(FILE *out, const request *rq, const result *res)
{
    int q16 = rq->format == FORMAT_Q16;
    char label[64];
    if (res->bad_input) {
        fprintf(out, "aimfix: %s\n", res->error);
        return;
    }
    snprintf(label, sizeof label, "%s (%s)", rq->solve, q16 ? "q16" : "f64");
    text_answer(out, rq, res, label, q16);
    text_miss(out, res, q16);
}

void output_text_compare(FILE *out, const request *rq, const result *f, const result *q)
{
    char label[64];
    if (f->bad_input) {
        fprintf(out, "aimfix: %s\n", f->error);
        return;
    }
    fprintf(out, "%s: f64 and q16 on the same inputs, rounded to Q16.16\n", rq->solve);
    snprintf(label, sizeof label, "%s (f64)", rq->solve);
    text_answer(out, rq, f, label, 0);
    text_miss(out, f, 0);
    snprintf(label, sizeof label, "%s (q16)", rq->solve);
    text_answer(out, rq, q, label, 1);
    text_miss(out, q, 1);
}
