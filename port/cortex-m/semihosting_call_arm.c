/* SPDX-License-Identifier: MIT */
/* The Arm semihosting trap: bkpt 0xab, operation in r0, parameter in r1. */
#include "semihosting.h"

int semihosting_call(int operation, const void *parameter)
{
    register int r0 __asm__("r0") = operation;
    register const void *r1 __asm__("r1") = parameter;
    /* "memory": the host reads and writes the parameter block. */
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
