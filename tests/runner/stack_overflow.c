/* SPDX-License-Identifier: MIT */
/* Must fail: recurses deeper than the reserved stack (into the heap below
 * it, which this program leaves unused), then returns 0; the port sees the
 * overwritten bottom of the stack and exits with
 * PORT_EXIT_STACK_OVERFLOW. Run by tests/check-runner.sh. */
#include <stddef.h>
#include <string.h>

#include "port.h"
#include "stack_meter.h"

#define FRAME_BYTES 256

/* Each level keeps FRAME_BYTES of stack in use; depth bounds the
 * recursion. The frame is read after the inner call, so that no level can
 * be turned into a loop or share its frame. */
__attribute__((noinline)) static unsigned dig(size_t depth)
{
    volatile unsigned char frame[FRAME_BYTES];
    unsigned inner;
    size_t i;
    for (i = 0; i < sizeof frame; i++)
        frame[i] = (unsigned char)depth;
    inner = depth == 0 ? 0u : dig(depth - 1);
    return inner + frame[FRAME_BYTES - 1];
}

int main(void)
{
    static const char message[] = "ok   runner.stack_overflow: about to overflow the stack\n";
    port_init();
    port_write(message, strlen(message));
    /* Four frames past the end of the region. */
    (void)dig(stack_meter_size() / FRAME_BYTES + 4);
    return 0;
}
