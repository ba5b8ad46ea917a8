/* Random coin-moving instances for the test programs (test_coins_exact,
 * test_coins_prune): the start and target sections of a level on a
 * rows x cols grid. Header-only, static inline. */
#ifndef PUZZLELAB_TESTS_COINS_GEN_H
#define PUZZLELAB_TESTS_COINS_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"

/* Writes "start:" with n coins on random cells, then "target:" with either n
 * other random cells or (walk) the start after two random swaps of cells,
 * which is sometimes solvable where random targets rarely are; coins are 'o',
 * or 'a', 'b', ... when labelled. Returns the end of what it wrote at p (a
 * '\0' there); p needs 2 * rows * (cols + 1) + 16 bytes. */
static inline char *gc_coins_sections(pl_rng *rng, char *p, int rows, int cols, int n, bool walk, bool labelled) {
    p += sprintf(p, "start:\n");
    char *cells = pl_xmalloc((size_t)rows * (size_t)cols);
    for (int pass = 0; pass < 2; pass++) {
        if (pass) p += sprintf(p, "target:\n");
        if (!pass || !walk) {
            memset(cells, '.', (size_t)rows * (size_t)cols);
            for (int k = 0; k < n;) {
                int i = (int)pl_rng_below(rng, (uint64_t)(rows * cols));
                if (cells[i] == '.') cells[i] = labelled ? (char)('a' + k) : 'o', k++;
            }
        } else {
            for (int k = 0; k < 2; k++) {
                int i = (int)pl_rng_below(rng, (uint64_t)(rows * cols)),
                    j = (int)pl_rng_below(rng, (uint64_t)(rows * cols));
                char x = cells[i];
                cells[i] = cells[j];
                cells[j] = x;
            }
        }
        for (int r = 0; r < rows; r++) {
            memcpy(p, cells + r * cols, (size_t)cols);
            p += cols;
            *p++ = '\n';
        }
    }
    *p = '\0';
    free(cells);
    return p;
}

#endif
