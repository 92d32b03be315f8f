/* SPDX-License-Identifier: MIT */
/* The semihosting trap of A- and R-class Arm cores in Thumb state (the
 * ARMv4T board): svc 0xab, operation in r0, parameter in r1. (M-profile
 * cores use bkpt 0xab: port/cortex-m/semihosting_call_arm.c.) */
#include "semihosting.h"

int semihosting_call(int operation, const void *parameter)
{
    register int r0 __asm__("r0") = operation;
    register const void *r1 __asm__("r1") = parameter;
    /* "memory": the host reads and writes the parameter block. */
    __asm__ volatile("svc 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
