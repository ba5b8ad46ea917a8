/* Random one-row Buttons & Scissors words for the benchmarks
 * (bench_buttons_row.c, bench_verify.c). Header-only. */
#ifndef PUZZLELAB_BENCH_WORDS_H
#define PUZZLELAB_BENCH_WORDS_H

#include "puzzlelab/core.h"

/* A random word of S -> [] | SS | xSx | xSxSx with exactly n letters over
 * k colours ('.' for a lone letter). The last part of each rule is walked
 * by the loop, not by recursion, so the depth is the nesting of the first
 * parts only. */
static inline void bench_derive(pl_rng *rng, char *w, int n, int k) {
    while (n > 0) {
        if (n == 1) {
            w[0] = '.';
            return;
        }
        int choice = (int)pl_rng_below(rng, 3);
        char x = (char)('a' + pl_rng_below(rng, (uint64_t)k));
        if (choice == 0) {
            int a = 1 + (int)pl_rng_below(rng, (uint64_t)(n - 1));
            bench_derive(rng, w, a, k);
            w += a, n -= a;
        } else if (choice == 1 || n < 3) {
            w[0] = w[n - 1] = x;
            w++, n -= 2;
        } else {
            int a = (int)pl_rng_below(rng, (uint64_t)(n - 2));
            w[0] = w[a + 1] = w[n - 1] = x;
            bench_derive(rng, w + 1, a, k);
            w += a + 2, n -= a + 3;
        }
    }
}

#endif
