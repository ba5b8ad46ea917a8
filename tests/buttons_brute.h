/* The naive exhaustive search of Buttons & Scissors that test_buttons_exact.c
 * (is the board solvable?) and test_buttons_max.c (the fewest buttons left)
 * check the solvers against: written here from the rules of
 * docs/formats.md, independently of src/games/buttons/ (no pairs, no
 * normalised sizes, no bounds). A board of at most 16 cells is a bitmask of
 * its buttons; each test memoises its own recursion over those masks.
 * Header-only like check.h: every function is static inline. */
#ifndef PUZZLELAB_TESTS_BUTTONS_BRUTE_H
#define PUZZLELAB_TESTS_BUTTONS_BRUTE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "puzzlelab/buttons.h"

typedef struct brute {
    int rows, cols, n;
    uint8_t cell[16];
    unsigned dirs;
    bool all;
    uint64_t mask;
    int8_t *memo; /* the test's own: one entry per button set */
} brute;

/* Reads level l (at most 16 cells) into b, with memo (2^cells entries, the
 * caller fills it); returns the set of its buttons. */
static inline unsigned brute_init(brute *b, const buttons_level *l, int8_t *memo) {
    memset(b, 0, sizeof *b);
    b->rows = l->rows;
    b->cols = l->cols;
    b->n = l->rows * l->cols;
    b->dirs = l->directions;
    b->all = l->sizes_all;
    b->mask = l->size_mask;
    b->memo = memo;
    unsigned present = 0;
    for (int i = 0; i < b->n; i++) {
        b->cell[i] = l->cell[i];
        if (l->cell[i]) present |= 1u << i;
    }
    return present;
}

static inline bool brute_size_ok(const brute *b, int s) {
    if (s < 2) return false;
    return b->all || (s < 64 && ((b->mask >> s) & 1u));
}

/* The buttons cut by the cut with end buttons i < j of present: 0 when it is
 * not legal (not on an allowed line, another colour on the segment, a size
 * not allowed). */
static inline unsigned brute_cut(const brute *b, unsigned present, int i, int j) {
    if (!((present >> i) & 1u) || !((present >> j) & 1u) || b->cell[i] != b->cell[j]) return 0;
    int r1 = i / b->cols, c1 = i % b->cols, r2 = j / b->cols, c2 = j % b->cols;
    int dr = r2 - r1, dc = c2 - c1, d;
    if (dr == 0) d = 0;
    else if (dc == 0) d = 1;
    else if (dr == dc) d = 2;
    else if (dr == -dc) d = 3;
    else return 0;
    if (!(b->dirs & (1u << d))) return 0;
    int steps = dr > 0 ? dr : dc > 0 ? dc : -dc;
    int sr = dr / steps, sc = dc / steps;
    unsigned cut = 0;
    for (int k = 0; k <= steps; k++) {
        int p = (r1 + k * sr) * b->cols + c1 + k * sc;
        if (!((present >> p) & 1u)) continue;
        if (b->cell[p] != b->cell[i]) return 0;
        cut |= 1u << p;
    }
    return brute_size_ok(b, __builtin_popcount(cut)) ? cut : 0;
}

#endif
