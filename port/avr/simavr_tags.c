/* SPDX-License-Identifier: MIT */
/*
 * What simavr reads from the ELF before it runs it: the section ".mmcu"
 * holds records of a tag byte, a length byte and the value (simavr's
 * avr_mcu_section.h lists the tags). These give the MCU's name, its clock
 * and the console register: every byte written to GPIOR0 goes to simavr's
 * console, which prints a line at each '\r' (port_avr.c). The linker keeps
 * the section through -Wl,--undefined=port_simavr_tags (boards/avr.mk).
 */
#include <stdint.h>

#include <avr/io.h>

#define TAG_NAME 1
#define TAG_FREQUENCY 2
#define TAG_CONSOLE 11

#ifndef PORT_AVR_MCU_NAME
#error "PORT_AVR_MCU_NAME: the MCU's name for simavr (boards/<board>/board.mk)"
#endif
#ifndef F_CPU
#error "F_CPU: the clock in Hz (boards/<board>/board.mk)"
#endif

struct simavr_tags {
    uint8_t name_tag, name_length;
    char name[16];
    uint8_t frequency_tag, frequency_length;
    uint32_t frequency;
    uint8_t console_tag, console_length;
    volatile void *console;
    uint8_t end_tag, end_length;
} __attribute__((packed));

extern const struct simavr_tags port_simavr_tags;
const struct simavr_tags port_simavr_tags __attribute__((section(".mmcu"), used)) = {
    TAG_NAME, 16, PORT_AVR_MCU_NAME,
    TAG_FREQUENCY, 4, F_CPU,
    TAG_CONSOLE, sizeof(volatile void *), &GPIOR0,
    0, 0,
};
