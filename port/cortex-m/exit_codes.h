/* SPDX-License-Identifier: MIT */
/*
 * Exit statuses the Cortex-M port itself produces, so that a log tells a
 * fault from a failed test (status 1) or a time-out (124, from timeout(1)).
 */
#ifndef AIMFIX_PORT_EXIT_CODES_H
#define AIMFIX_PORT_EXIT_CODES_H

/* A HardFault (every fault ends there: the configurable ones are left
 * disabled), e.g. an undefined instruction or a bad address. */
#define PORT_EXIT_HARD_FAULT 70
/* An exception or interrupt nobody asked for (the weak default handler). */
#define PORT_EXIT_UNEXPECTED_EXCEPTION 71
/* The program returned, but its stack had grown past the reserved region. */
#define PORT_EXIT_STACK_OVERFLOW 72

#endif /* AIMFIX_PORT_EXIT_CODES_H */
