/* SPDX-License-Identifier: MIT */
/* Semihosting calls (see semihosting.h), from the operation numbers of
 * Arm's "Semihosting for AArch32 and AArch64" specification, over the core's
 * own trap (semihosting_call). */
#include "semihosting.h"

#include <stdint.h>

enum {
    SYS_OPEN = 0x01,
    SYS_WRITE0 = 0x04,
    SYS_WRITE = 0x05,
    SYS_EXIT = 0x18,
    SYS_EXIT_EXTENDED = 0x20
};

/* Reason code of SYS_EXIT / SYS_EXIT_EXTENDED meaning "the program ended". */
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
/* Reason code meaning "a run-time error": the emulator then exits with 1. */
#define ADP_STOPPED_RUNTIME_ERROR_UNKNOWN 0x20023u

/* SYS_OPEN modes 4..7 ask for "w" (write) access; ":tt" is the console. */
#define OPEN_MODE_WRITE 4u

int semihosting_open_console(void)
{
    static const char name[] = ":tt";
    const uintptr_t block[3] = { (uintptr_t)name, OPEN_MODE_WRITE, sizeof name - 1 };
    return semihosting_call(SYS_OPEN, block);
}

void semihosting_write(int handle, const char *text, size_t length)
{
    const uintptr_t block[3] = { (uintptr_t)handle, (uintptr_t)text, length };
    (void)semihosting_call(SYS_WRITE, block);
}

void semihosting_write0(const char *text)
{
    (void)semihosting_call(SYS_WRITE0, text);
}

void semihosting_exit(int status)
{
    /* SYS_EXIT_EXTENDED carries the status itself; plain SYS_EXIT on a
     * 32-bit core only tells success (exit 0) from failure (exit 1), so it
     * is the fallback if the debugger does not know the extended call. */
    const uintptr_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, (uintptr_t)status };
    (void)semihosting_call(SYS_EXIT_EXTENDED, block);
    (void)semihosting_call(SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                                         : ADP_STOPPED_RUNTIME_ERROR_UNKNOWN));
    for (;;) {
        /* Nothing stopped the program: spin, and the runner's time limit
         * reports the run as failed. */
    }
}
