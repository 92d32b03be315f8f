/* SPDX-License-Identifier: MIT */
/*
 * picture.h — a small text canvas: points in metres mapped to characters,
 * printed line by line. Where marks fall on the same character, the one
 * with the higher rank stays.
 */
#ifndef TURRET_PICTURE_H
#define TURRET_PICTURE_H

#define PICTURE_COLS 64
#define PICTURE_ROWS 21

typedef struct picture {
    char cell[PICTURE_ROWS][PICTURE_COLS + 1];
    double left, right;   /* the horizontal coordinate at the first and last column */
    double top, bottom;   /* the vertical coordinate at the first and last row */
    int rows;             /* rows in use, <= PICTURE_ROWS */
} picture;

/* An empty canvas of `rows` rows (at most PICTURE_ROWS): `left` and
 * `right` are the horizontal coordinates of the outer columns (left may
 * be the larger), `top` and `bottom` the vertical ones of the outer rows. */
void picture_init(picture *p, int rows, double left, double right, double top, double bottom);

/* Mark (h, v) with c, unless it lies outside or a mark of higher rank is
 * there. Ranks, low to high: ' ', then the order of PICTURE_RANKS. */
#define PICTURE_RANKS ":-.o@*XT"
void picture_mark(picture *p, double h, double v, char c);

/* Print the rows, each framed by '|'. */
void picture_print(const picture *p);

#endif /* TURRET_PICTURE_H */
