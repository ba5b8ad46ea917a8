/* Coin moving, the pushing game on one rectangle (square_pushing.c):
 * Conjecture 3.39 and the claim of Section 3.4 (Galliot 2019) settled by
 * exhaustive search on every rectangle this machine can enumerate.
 *
 *     ./build/bench/bench_coins_pushing [MAX_SUBSETS] [SEEDS] [MAX_EXTRA] [MAX_SUBSETS_3_4]
 *
 * Conjecture 3.39: every odd h x w (h <= w, h w <= 64) whose C(h w,
 * ceil((h+w)/2)) subsets are at most MAX_SUBSETS (default 2*10^8): the
 * minimum configurations with an adjacent pair, their classes under pushes,
 * the distinct keys (F~, R~, coins outside), the configurations whose key
 * depends on the text's free choices (SEEDS choice orders, default 4), and
 * the failures of each direction with a first example (drawn). Section 3.4:
 * every h x w (h <= w) and minimum + 1 .. MAX_EXTRA (default 2) coins under
 * the same budget: minimal non-minimum 2-paths, those no pushes help
 * (the claim fails), the most pushes a shortest way needs, and how many the
 * routine of the thesis's steps settles, within MAX_SUBSETS_3_4 subsets per
 * rectangle (default MAX_SUBSETS). Times per rectangle. Build Release. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"
#include "square.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "?"
#endif

static void draw(int h, int w, uint64_t a, uint64_t b) {
    for (int r = 0; r < h; r++) {
        printf("    ");
        for (int c = 0; c < w; c++) putchar(a >> (r * w + c) & 1 ? 'o' : '.');
        if (b) {
            printf("   ");
            for (int c = 0; c < w; c++) putchar(b >> (r * w + c) & 1 ? 'o' : '.');
        }
        putchar('\n');
    }
}

int main(int argc, char **argv) {
    uint64_t max_subsets = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000000ULL;
    int seeds = argc > 2 ? atoi(argv[2]) : 4, max_extra = argc > 3 ? atoi(argv[3]) : 2;
    uint64_t max_subsets34 = argc > 4 ? strtoull(argv[4], NULL, 10) : max_subsets;
    printf("# bench_coins_pushing (%s build): subsets <= %llu, %d choice orders, extra <= %d\n", PL_BENCH_BUILD_TYPE,
           (unsigned long long)max_subsets, seeds, max_extra);
    printf("\n## Conjecture 3.39 (odd h x w, h <= w)\n");
    printf("%5s %12s %10s %8s %8s %8s %10s %8s %8s %8s\n", "size", "subsets", "configs", "classes", "keys", "choice",
           "pushes", "only-if", "if", "seconds");
    uint64_t total_configs = 0, total_only_if = 0, total_if = 0, total_ill = 0;
    for (int h = 1; h <= 8; h++)
        for (int w = h; h * w <= 64; w++) {
            if ((h + w) % 2 == 0) continue;
            coins_conj339 r;
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            double t0 = pl_now();
            int rc = coins_sq_conj339(h, w, max_subsets, seeds, &lim, &r);
            if (rc == -2) continue;
            double t = pl_now() - t0;
            printf("%2dx%-2d %12llu %10llu %8llu %8llu %8llu %10llu %8llu %8llu %8.2f%s\n", h, w,
                   (unsigned long long)r.subsets, (unsigned long long)r.configurations, (unsigned long long)r.classes,
                   (unsigned long long)r.keys, (unsigned long long)r.ill_defined, (unsigned long long)r.pushes,
                   (unsigned long long)r.only_if_failures, (unsigned long long)r.if_failures, t,
                   r.irreversible || r.escapes ? "  (irreversible pushes or escapes!)" : "");
            fflush(stdout);
            total_configs += r.configurations, total_only_if += r.only_if_failures, total_if += r.if_failures;
            total_ill += r.ill_defined;
            if (r.only_if_failures) {
                printf("  first 'only if' failure (reachable, keys differ):\n");
                draw(h, w, r.only_if_a, r.only_if_b);
            }
            if (r.if_failures) {
                printf("  first 'if' failure (same key, not reachable):\n");
                draw(h, w, r.if_a, r.if_b);
            }
            if (r.ill_defined) {
                printf("  first configuration whose key depends on the choices:\n");
                draw(h, w, r.ill_defined_example, 0);
            }
        }
    printf("total: %llu configurations; only-if failures %llu, if failures %llu, choice-dependent keys %llu\n",
           (unsigned long long)total_configs, (unsigned long long)total_only_if, (unsigned long long)total_if,
           (unsigned long long)total_ill);

    printf("\n## Section 3.4: minimal non-minimum 2-paths (h x w, h <= w)\n");
    printf("%5s %5s %12s %8s %8s %6s %8s %8s %6s %8s\n", "size", "extra", "subsets", "2-paths", "no-way", "depth",
           "routine", "misses", "r.max", "seconds");
    uint64_t total_paths = 0, total_fail = 0, total_miss = 0;
    for (int h = 1; h <= 8; h++)
        for (int w = h; h * w <= 64; w++)
            for (int e = 1; e <= max_extra; e++) {
                coins_sec34 r;
                pl_limits lim;
                pl_limits_init(&lim, 0, 0, 0);
                double t0 = pl_now();
                int rc = coins_sq_sec34(h, w, e, max_subsets34, &lim, &r);
                if (rc == -2) continue;
                double t = pl_now() - t0;
                if (!r.paths) continue;
                printf("%2dx%-2d %5d %12llu %8llu %8llu %6d %8llu %8llu %6d %8.2f\n", h, w, e,
                       (unsigned long long)r.subsets, (unsigned long long)r.paths, (unsigned long long)r.failures,
                       r.max_pushes, (unsigned long long)r.routine_ok, (unsigned long long)r.routine_misses,
                       r.routine_max_pushes, t);
                fflush(stdout);
                total_paths += r.paths, total_fail += r.failures, total_miss += r.routine_misses;
                if (r.failures) {
                    printf("  first 2-path no pushes help:\n");
                    draw(h, w, r.failure_example, 0);
                }
                if (r.routine_misses) {
                    printf("  first 2-path the routine does not settle:\n");
                    draw(h, w, r.routine_miss_example, 0);
                }
            }
    printf("total: %llu minimal non-minimum 2-paths; claim fails on %llu; routine misses %llu\n",
           (unsigned long long)total_paths, (unsigned long long)total_fail, (unsigned long long)total_miss);
    return 0;
}
