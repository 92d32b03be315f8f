/* Result printing (see output.h). */
#include "output.h"

#include <math.h>

#include "frame.h"

/* A JSON string: quotes, backslashes and control characters escaped. */
static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_vec(FILE *out, af_vec3_f64 v)
{
    fprintf(out, "[%.17g,%.17g,%.17g]", v.x, v.y, v.z);
}

void output_json_bad_input(FILE *out, const char *error)
{
    fputs("{\"status\":\"bad_input\",\"error\":", out);
    json_string(out, error);
    fputs("}\n", out);
}

void output_json(FILE *out, const request *rq, const result *res)
{
    int i;
    if (res->bad_input) {
        fputs("{", out);
        if (rq->solve[0]) {
            fputs("\"solve\":", out);
            json_string(out, rq->solve);
            fputs(",", out);
        }
        fputs("\"status\":\"bad_input\",\"error\":", out);
        json_string(out, res->error);
        fputs("}\n", out);
        return;
    }
    fputs("{\"solve\":", out);
    json_string(out, rq->solve);
    fprintf(out, ",\"format\":\"%s\",\"status\":\"%s\"", rq->format == FORMAT_Q16 ? "q16" : "f64",
            af_status_name(res->status));
    if (res->has_range)
        fprintf(out, ",\"range\":%.17g", res->range);
    if (res->has_height)
        fprintf(out, ",\"height\":%.17g", res->height);
    if (res->has_evaluations)
        fprintf(out, ",\"evaluations\":%d", res->evaluations);
    if (res->has_casts)
        fprintf(out, ",\"casts\":%d", res->casts);
    if (res->has_state) {
        fputs(",\"state\":{\"position\":", out);
        json_vec(out, res->state.position);
        fputs(",\"velocity\":", out);
        json_vec(out, res->state.velocity);
        fputs("}", out);
    }
    if (res->point_count > 0) {
        fputs(",\"points\":[", out);
        for (i = 0; i < res->point_count; i++) {
            fputs(i ? "," : "", out);
            json_vec(out, res->points[i]);
        }
        fputs("]", out);
    }
    fputs(",\"solutions\":[", out);
    for (i = 0; i < res->shots.count; i++) {
        const af_shot_f64 *s = &res->shots.shot[i];
        fprintf(out, "%s{\"t\":%.17g,\"velocity\":", i ? "," : "", s->t);
        json_vec(out, s->velocity);
        fputs(",\"point\":", out);
        json_vec(out, s->point);
        fputs("}", out);
    }
    fputs("]}\n", out);
}

void output_text(FILE *out, const request *rq, const result *res)
{
    frame f = frame_for(rq->gravity);
    /* A query about a given flight has no impact but where the body is
     * (on the terrain for drag_land). */
    unsigned traits = solve_traits(rq);
    const char *point = traits & SOLVER_TERRAIN   ? "terrain hit at"
                        : traits & SOLVER_FORWARD ? "body at"
                                                  : "impact at";
    int i;
    if (res->bad_input) {
        fprintf(out, "aimfix: %s\n", res->error);
        return;
    }
    fprintf(out, "%s (%s): %s, %d solution%s\n", rq->solve,
            rq->format == FORMAT_Q16 ? "q16" : "f64", af_status_name(res->status),
            res->shots.count, res->shots.count == 1 ? "" : "s");
    if (res->has_range)
        fprintf(out, "  maximum range %.9g m\n", res->range);
    if (res->has_state)
        fprintf(out, "  the body then at (%.9g, %.9g, %.9g) m, moving at (%.9g, %.9g, %.9g) m/s\n",
                res->state.position.x, res->state.position.y, res->state.position.z,
                res->state.velocity.x, res->state.velocity.y, res->state.velocity.z);
    if (res->has_height)
        fprintf(out, "  height %.9g m above the launch point\n", res->height);
    if (res->has_evaluations)
        fprintf(out, "  %d evaluations\n", res->evaluations);
    if (res->has_casts)
        fprintf(out, "  %d raycasts\n", res->casts);
    for (i = 0; i < res->point_count; i++)
        fprintf(out, "  sample %d: (%.9g, %.9g, %.9g) m\n", i + 1, res->points[i].x,
                res->points[i].y, res->points[i].z);
    for (i = 0; i < res->shots.count; i++) {
        const af_shot_f64 *s = &res->shots.shot[i];
        double yaw, pitch, speed = sqrt(frame_dot(s->velocity, s->velocity));
        frame_angles(&f, s->velocity, &yaw, &pitch);
        fprintf(out, "  %d. t = %.9g s, launch velocity (%.9g, %.9g, %.9g) m/s, |v| = %.9g m/s\n",
                i + 1, s->t, s->velocity.x, s->velocity.y, s->velocity.z, speed);
        fprintf(out, "     aim yaw %.4f deg, pitch %.4f deg; %s (%.9g, %.9g, %.9g) m\n", yaw, pitch,
                point, s->point.x, s->point.y, s->point.z);
    }
}
