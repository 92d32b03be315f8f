/* SPDX-License-Identifier: MIT */
/* picture.h: nearest-character plotting. */
#include "picture.h"

#include <string.h>

#include "sim_math.h"
#include "text.h"

void picture_init(picture *p, int rows, double left, double right, double top, double bottom)
{
    int r;
    p->rows = rows < PICTURE_ROWS ? rows : PICTURE_ROWS;
    p->left = left;
    p->right = right;
    p->top = top;
    p->bottom = bottom;
    for (r = 0; r < PICTURE_ROWS; r++) {
        memset(p->cell[r], ' ', PICTURE_COLS);
        p->cell[r][PICTURE_COLS] = '\0';
    }
}

static int rank(char c)
{
    const char *at = strchr(PICTURE_RANKS, c);
    return c == ' ' || !at ? 0 : 1 + (int)(at - PICTURE_RANKS);
}

void picture_mark(picture *p, double h, double v, char c)
{
    const double fc = (h - p->left) / (p->right - p->left) * (PICTURE_COLS - 1);
    const double fr = (v - p->top) / (p->bottom - p->top) * (p->rows - 1);
    int col, row;
    if (fc <= -0.5 || fc >= PICTURE_COLS - 0.5 || fr <= -0.5 || fr >= p->rows - 0.5)
        return;
    col = sim_round(fc);
    row = sim_round(fr);
    if (rank(c) >= rank(p->cell[row][col]))
        p->cell[row][col] = c;
}

void picture_print(const picture *p)
{
    int r;
    for (r = 0; r < p->rows; r++) {
        text_line line;
        text_begin(&line);
        text_str(&line, "  |");
        text_str(&line, p->cell[r]);
        text_str(&line, "|");
        text_end(&line);
    }
}
