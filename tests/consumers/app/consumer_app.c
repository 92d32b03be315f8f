/* SPDX-License-Identifier: MIT */
/*
 * A user's program: one f64 and one Q16 solve through the public header
 * only. Every consumer test (CMake, pkg-config, make install) builds it
 * with its route and compares what it prints with expected.txt.
 */
#include <stdio.h>

#include <aimfix.h>

int main(void)
{
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 100, 0, 0 }, { 0, 30, 0 } };
    af_body_q16 shooter_q = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target_q = { { 100 << 16, 0, 0 }, { 0, 30 << 16, 0 } };
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf = af_intercept_f64(&shooter, &target, 50.0, 0, &f);
    af_status sq = af_intercept_q16(&shooter_q, &target_q, 50 << 16, 0, &q);

    printf("aimfix %s\n", af_version());
    printf("f64 %s %d t=%.4f\n", af_status_name(sf), f.count, f.shot[0].t);
    /* Q16.16 printed from its raw bits: no floating point on this path. */
    printf("q16 %s %d t=%ld/65536\n", af_status_name(sq), q.count, (long)q.shot[0].t);
    return sf == AF_OK && sq == AF_OK ? 0 : 1;
}
