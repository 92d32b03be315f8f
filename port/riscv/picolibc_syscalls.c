/* SPDX-License-Identifier: MIT */
/*
 * What picolibc needs from a board with no operating system:
 *   sbrk      the heap: the RAM between .bss and the stack (sections.ld),
 *             metered like the Cortex-M port's
 *   _exit     ends the run with the status (port_exit)
 *   kill      a signal to ourselves (abort() raises SIGABRT) ends the run
 *             with status 128 + the signal number, as a POSIX shell shows
 *   getpid    one process
 *   stdout, stderr   streams to the console (port_write)
 * The tests only format into buffers; these make printf work too.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>

#include "linker_symbols.h"
#include "picolibc_syscalls.h"
#include "port.h"

void *sbrk(ptrdiff_t increment);
void _exit(int status);
int kill(int pid, int signal);
int getpid(void);

/* The end of the heap handed out so far; it only grows, so it is also the
 * high-water mark. */
static char *brk = (char *)__heap_start;

void *sbrk(ptrdiff_t increment)
{
    char *old = brk;
    if (increment > (char *)__heap_end - brk || increment < (char *)__heap_start - brk) {
        errno = ENOMEM;
        return (void *)-1;
    }
    brk += increment;
    return old;
}

size_t picolibc_heap_used(void)
{
    return (size_t)(brk - (char *)__heap_start);
}

size_t picolibc_heap_size(void)
{
    return (size_t)((char *)__heap_end - (char *)__heap_start);
}

void _exit(int status)
{
    port_exit(status);
}

int getpid(void)
{
    return 1;
}

int kill(int pid, int signal)
{
    if (pid != getpid()) {
        errno = ESRCH;
        return -1;
    }
    port_exit(128 + signal);
}

static int console_put(char c, FILE *stream)
{
    (void)stream;
    port_write(&c, 1);
    return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdout = &console;
FILE *const stderr = &console;
