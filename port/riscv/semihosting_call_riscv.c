/* SPDX-License-Identifier: MIT */
/* The RISC-V semihosting trap: ebreak between two marker shifts, operation
 * in a0, parameter in a1 (the RISC-V semihosting specification). */
#include "semihosting.h"

int semihosting_call(int operation, const void *parameter)
{
    register int a0 __asm__("a0") = operation;
    register const void *a1 __asm__("a1") = parameter;
    /* The marker shifts tell the debugger that this breakpoint is a call;
     * the three must not be split or compressed, so they sit in one aligned
     * block of uncompressed instructions. */
    __asm__ volatile(".option push\n\t"
                     ".option norvc\n\t"
                     ".balign 16\n\t"
                     "slli zero, zero, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai zero, zero, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}
