/* SPDX-License-Identifier: MIT */
/*
 * The system calls newlib needs on a board with no operating system.
 *
 * The tests only format into buffers, but newlib's printf machinery links
 * its stdio streams in, and they name these. Here they mean:
 *   _sbrk     the heap: the RAM between .bss and the stack (sections.ld);
 *             newlib's malloc takes it, e.g. for printf's float conversion
 *   _write    stdout and stderr go to the console (port_write), so that
 *             printf works too; any other descriptor is an error
 *   _read     there is no input: end of file at once
 *   _exit     ends the run with the status (port_exit)
 *   _kill     a signal to ourselves (abort() raises SIGABRT) ends the run
 *             with status 128 + the signal number, as a POSIX shell shows
 *   _close, _lseek, _fstat, _isatty, _getpid: the three standard streams
 *             are character devices, nothing else is open, one process
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "linker_symbols.h"
#include "newlib_syscalls.h"
#include "port.h"

void *_sbrk(ptrdiff_t increment);
int _write(int fd, const void *data, size_t length);
int _read(int fd, void *data, size_t length);
void _exit(int status);
int _kill(int pid, int signal);
int _close(int fd);
int _lseek(int fd, int offset, int whence);
int _fstat(int fd, struct stat *status);
int _isatty(int fd);
int _getpid(void);

enum { STDIN = 0, STDOUT = 1, STDERR = 2 };

static int is_standard_stream(int fd)
{
    return fd == STDIN || fd == STDOUT || fd == STDERR;
}

/* The end of the heap handed out so far; it only grows (newlib's malloc
 * keeps what it frees), so it is also the high-water mark. */
static char *brk = (char *)__heap_start;

void *_sbrk(ptrdiff_t increment)
{
    char *old = brk;
    if (increment > (char *)__heap_end - brk || increment < (char *)__heap_start - brk) {
        errno = ENOMEM;
        return (void *)-1;
    }
    brk += increment;
    return old;
}

size_t newlib_heap_used(void)
{
    return (size_t)(brk - (char *)__heap_start);
}

size_t newlib_heap_size(void)
{
    return (size_t)((char *)__heap_end - (char *)__heap_start);
}

int _write(int fd, const void *data, size_t length)
{
    if (fd != STDOUT && fd != STDERR) {
        errno = EBADF;
        return -1;
    }
    port_write((const char *)data, length);
    return (int)length;
}

int _read(int fd, void *data, size_t length)
{
    (void)data;
    (void)length;
    if (fd != STDIN) {
        errno = EBADF;
        return -1;
    }
    return 0;
}

void _exit(int status)
{
    port_exit(status);
}

int _kill(int pid, int signal)
{
    if (pid != _getpid()) {
        errno = ESRCH;
        return -1;
    }
    port_exit(128 + signal);
}

int _close(int fd)
{
    (void)fd;
    errno = EBADF;
    return -1;
}

int _lseek(int fd, int offset, int whence)
{
    (void)offset;
    (void)whence;
    errno = is_standard_stream(fd) ? ESPIPE : EBADF;
    return -1;
}

int _fstat(int fd, struct stat *status)
{
    if (!is_standard_stream(fd)) {
        errno = EBADF;
        return -1;
    }
    status->st_mode = S_IFCHR;
    return 0;
}

int _isatty(int fd)
{
    if (is_standard_stream(fd))
        return 1;
    errno = EBADF;
    return 0;
}

int _getpid(void)
{
    return 1;
}
