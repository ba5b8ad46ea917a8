/* Clickomania rules on column stacks. A group is a maximal 4-connected
 * monochromatic set of blocks; clicking a group of two or more removes it,
 * the blocks above fall, and empty columns are removed by shifting the
 * columns to their right one place left. Pure: no I/O. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

int click_board_init(click_board *b, int rows, int cols, int ncolours) {
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    b->ncolours = ncolours;
    b->height = pl_xcalloc((size_t)cols, sizeof *b->height);
    b->cell = pl_xcalloc((size_t)rows * (size_t)cols, 1);
    return 0;
}

void click_board_free(click_board *b) {
    free(b->height);
    free(b->cell);
    b->height = NULL;
    b->cell = NULL;
}

void click_board_copy(click_board *dst, const click_board *src) {
    dst->width = src->width;
    dst->blocks = src->blocks;
    dst->ncolours = src->ncolours;
    memcpy(dst->height, src->height, (size_t)src->cols * sizeof *src->height);
    /* Only the occupied part of each column matters; copy whole columns up to
     * the width (cells above height are kept zero by remove_group). */
    memcpy(dst->cell, src->cell, (size_t)src->rows * (size_t)src->cols);
}

void click_colour_counts(const click_board *b, int *counts) {
    memset(counts, 0, (CLICK_MAX_COLOURS + 1) * sizeof *counts);
    for (int c = 0; c < b->width; c++)
        for (int h = 0; h < b->height[c]; h++) counts[click_at(b, c, h)]++;
}

void click_scratch_init(click_scratch *s, int rows, int cols) {
    memset(s, 0, sizeof *s);
    s->rows = rows;
    s->cols = cols;
    size_t n = (size_t)rows * (size_t)cols;
    s->label = pl_xmalloc(n * sizeof *s->label);
    s->stack = pl_xmalloc(n * sizeof *s->stack);
    s->percol = pl_xcalloc((size_t)cols, sizeof *s->percol);
    memset(s->label, 0xff, n * sizeof *s->label);
}

void click_scratch_free(click_scratch *s) {
    free(s->label);
    free(s->stack);
    free(s->percol);
    free(s->groups);
    memset(s, 0, sizeof *s);
}

/* Flood fill from cell index start, labelling with gid; fills g. */
static void flood(const click_board *b, click_scratch *s, int start, int gid, click_group *g) {
    const int rows = b->rows;
    const uint8_t colour = b->cell[start];
    int sp = 0;
    s->stack[sp++] = start;
    s->label[start] = gid;
    g->colour = colour;
    g->size = 0;
    g->col = start / rows;
    g->h = start % rows;
    g->cmin = g->cmax = g->col;
    int touched_lo = g->col, touched_hi = g->col;
    while (sp) {
        int i = s->stack[--sp];
        int c = i / rows, h = i % rows;
        g->size++;
        if (c < g->cmin) g->cmin = c;
        if (c > g->cmax) g->cmax = c;
        if (c < touched_lo) touched_lo = c;
        if (c > touched_hi) touched_hi = c;
        s->percol[c]++;
        if (c < g->col || (c == g->col && h < g->h)) {
            g->col = c;
            g->h = h;
        }
        /* up, down, left, right */
        if (h + 1 < b->height[c] && s->label[i + 1] < 0 && b->cell[i + 1] == colour) {
            s->label[i + 1] = gid;
            s->stack[sp++] = i + 1;
        }
        if (h > 0 && s->label[i - 1] < 0 && b->cell[i - 1] == colour) {
            s->label[i - 1] = gid;
            s->stack[sp++] = i - 1;
        }
        if (c > 0 && h < b->height[c - 1] && s->label[i - rows] < 0 && b->cell[i - rows] == colour) {
            s->label[i - rows] = gid;
            s->stack[sp++] = i - rows;
        }
        if (c + 1 < b->width && h < b->height[c + 1] && s->label[i + rows] < 0 && b->cell[i + rows] == colour) {
            s->label[i + rows] = gid;
            s->stack[sp++] = i + rows;
        }
    }
    g->empties_column = false;
    for (int c = touched_lo; c <= touched_hi; c++) {
        if (s->percol[c] == b->height[c]) g->empties_column = true;
        s->percol[c] = 0;
    }
}

static void clear_labels(const click_board *b, click_scratch *s) {
    for (int c = 0; c < b->width; c++)
        memset(s->label + (size_t)c * (size_t)b->rows, 0xff, (size_t)b->height[c] * sizeof *s->label);
}

int click_find_groups(const click_board *b, click_scratch *s) {
    clear_labels(b, s);
    s->ngroups = 0;
    for (int c = 0; c < b->width; c++) {
        for (int h = 0; h < b->height[c]; h++) {
            int i = c * b->rows + h;
            if (s->label[i] >= 0) continue;
            if (s->ngroups == s->gcap) {
                s->gcap = s->gcap ? 2 * s->gcap : 64;
                s->groups = pl_xrealloc(s->groups, (size_t)s->gcap * sizeof *s->groups);
            }
            flood(b, s, i, s->ngroups, &s->groups[s->ngroups]);
            s->ngroups++;
        }
    }
    return s->ngroups;
}

void click_remove_group(click_board *b, const click_scratch *s, int gi) {
    const click_group *g = &s->groups[gi];
    const int rows = b->rows;
    bool emptied = false;
    for (int c = g->cmin; c <= g->cmax; c++) {
        uint8_t *col = b->cell + (size_t)c * (size_t)rows;
        const int32_t *lab = s->label + (size_t)c * (size_t)rows;
        size_t hgt = (size_t)b->height[c], w = 0;
        for (size_t h = 0; h < hgt; h++)
            if (lab[h] != gi) col[w++] = col[h];
        memset(col + w, 0, hgt - w);
        b->height[c] = (int32_t)w;
        if (w == 0) emptied = true;
    }
    b->blocks -= g->size;
    if (emptied) {
        int w = 0;
        for (int c = 0; c < b->width; c++) {
            if (b->height[c] == 0) continue;
            if (w != c) {
                memcpy(b->cell + (size_t)w * (size_t)rows, b->cell + (size_t)c * (size_t)rows, (size_t)rows);
                memset(b->cell + (size_t)c * (size_t)rows, 0, (size_t)rows);
                b->height[w] = b->height[c];
                b->height[c] = 0;
            }
            w++;
        }
        b->width = w;
    }
}

static int frame_index(const click_board *b, int r, int c) {
    if (r < 0 || c < 0 || r >= b->rows || c >= b->cols) return -1;
    int h = b->rows - 1 - r;
    if (c >= b->width || h >= b->height[c]) return -2;
    return c * b->rows + h;
}

/* Labels only the group at cell i (as group 0 in s->groups[0]). */
static void label_one(const click_board *b, click_scratch *s, int i) {
    clear_labels(b, s);
    if (s->gcap == 0) {
        s->gcap = 64;
        s->groups = pl_xmalloc((size_t)s->gcap * sizeof *s->groups);
    }
    flood(b, s, i, 0, &s->groups[0]);
    s->ngroups = 1;
}

int click_group_size_at(const click_board *b, click_scratch *s, int r, int c) {
    int i = frame_index(b, r, c);
    if (i < 0) return 0;
    label_one(b, s, i);
    return s->groups[0].size;
}

int click_click_at(click_board *b, click_scratch *s, int r, int c) {
    int n = click_group_size_at(b, s, r, c);
    if (n < 2) return n;
    click_remove_group(b, s, 0);
    return n;
}
