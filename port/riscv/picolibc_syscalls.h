/* SPDX-License-Identifier: MIT */
/* The few hooks picolibc needs on a board with no operating system. */
#ifndef AIMFIX_PORT_PICOLIBC_SYSCALLS_H
#define AIMFIX_PORT_PICOLIBC_SYSCALLS_H

#include <stddef.h>

/* Bytes of heap picolibc's malloc has taken so far, and the heap's size. */
size_t picolibc_heap_used(void);
size_t picolibc_heap_size(void);

#endif /* AIMFIX_PORT_PICOLIBC_SYSCALLS_H */
