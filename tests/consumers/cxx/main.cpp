// SPDX-License-Identifier: MIT
// A C++ program using aimfix: the headers' extern "C" makes the calls
// link against the C library. Prints what tests/consumers/app/consumer_app.c does.
#include <cstdio>

#include <aimfix.h>

int main()
{
    const af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    const af_body_f64 target = { { 100, 0, 0 }, { 0, 30, 0 } };
    const af_body_q16 shooter_q = { { 0, 0, 0 }, { 0, 0, 0 } };
    const af_body_q16 target_q = { { 100 << 16, 0, 0 }, { 0, 30 << 16, 0 } };
    af_shots_f64 f;
    af_shots_q16 q;
    const af_status sf = af_intercept_f64(&shooter, &target, 50.0, 0, &f);
    const af_status sq = af_intercept_q16(&shooter_q, &target_q, 50 << 16, 0, &q);

    std::printf("aimfix %s\n", af_version());
    std::printf("f64 %s %d t=%.4f\n", af_status_name(sf), f.count, f.shot[0].t);
    std::printf("q16 %s %d t=%ld/65536\n", af_status_name(sq), q.count,
                static_cast<long>(q.shot[0].t));
    return sf == AF_OK && sq == AF_OK ? 0 : 1;
}
