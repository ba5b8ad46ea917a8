/* Clickomania's Theorem 14 (3-Partition -> two columns, five colours): the
 * board's size and Clickomania's exact search on it, against m (the number
 * of triples), over the sizes the search settles, in one run; the baseline
 * is the 3-Partition solver on the same sources (the ratio says how much
 * harder the game instance is than its source). B is the smallest bound
 * with no-instances for the m (13), and the numbers are in unary.
 *
 *   ./build/bench/bench_click_reduce [SOURCES_PER_ROW (default 10)] [SECONDS_PER_LEVEL (default 20)]
 *
 * A level whose search hits the time limit counts as unknown and enters the
 * medians at the limit (a lower bound then). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"
#include "puzzlelab/problems.h"

static const pl_game *G = &pl_game_clickomania;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
    int per = argc > 1 ? atoi(argv[1]) : 10;
    double secs = argc > 2 ? atof(argv[2]) : 20;
    if (per < 2) per = 2;
    const pl_reduction *r = &G->reductions[0];
    const pl_algorithm *exact = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, "exact") == 0) exact = &G->algorithms[i];
#ifdef PL_BENCH_BUILD_TYPE
    printf("# build %s; %d sources a row (half yes), %.0f s a level\n", PL_BENCH_BUILD_TYPE, per, secs);
#endif
    printf("%3s %4s %7s %9s %10s %10s %10s %10s %9s %7s\n", "m", "B", "rows", "blocks", "build ms", "3part ms",
           "yes ms", "no ms", "ratio", "unknown");
    for (int m = 1; m <= 5; m++) {
        int B = 13;
        double *ty = pl_xmalloc((size_t)per * sizeof *ty), *tn = pl_xmalloc((size_t)per * sizeof *tn);
        double *tb = pl_xmalloc((size_t)per * sizeof *tb), *ts = pl_xmalloc((size_t)per * sizeof *ts);
        int ny = 0, nn = 0, nb = 0, unknown = 0, rows = 0;
        long blocks = 0;
        for (int i = 0; i < per; i++) {
            char answer = m > 1 && i % 2 ? 'n' : 'y';
            pl_error err = {0};
            char *text = pl_3part_random(m, B, answer, 1000u * (uint64_t)m + (uint64_t)i, &err);
            if (!text) continue;
            pl_3part src;
            if (pl_3part_parse("(source)", text, strlen(text), &src, &err)) {
                free(text);
                continue;
            }
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            int *triple = pl_xmalloc((size_t)src.n * sizeof *triple);
            double t0 = pl_now();
            int truth = pl_3part_solve(&src, &lim, triple);
            ts[nb] = (pl_now() - t0) * 1e3;
            t0 = pl_now();
            char *level = r->build(&src, "(source)", &err);
            tb[nb++] = (pl_now() - t0) * 1e3;
            pl_level_text lt;
            if (level && pl_level_text_parse("b.level", level, strlen(level), &lt, &err) == 0) {
                click_level *l = G->level_parse(&lt, &err);
                pl_level_text_free(&lt);
                if (l) {
                    rows = l->board.rows;
                    blocks = l->board.blocks;
                    pl_limits_init(&lim, secs, 0, 0);
                    pl_opts none = {.n = 0};
                    pl_request req = {.opts = &none, .seed = 1, .limits = &lim, .threads = 1};
                    pl_solution sol;
                    pl_solution_init(&sol);
                    t0 = pl_now();
                    exact->solve(l, &req, &sol, &err);
                    double ms = (pl_now() - t0) * 1e3;
                    if (sol.status == PL_UNKNOWN) unknown++;
                    if (truth == 1) ty[ny++] = ms;
                    else tn[nn++] = ms;
                    pl_solution_free(&sol);
                    G->level_free(l);
                }
            }
            free(level);
            free(triple);
            pl_3part_free(&src);
            free(text);
        }
        double my = median(ty, ny), mn = median(tn, nn), mb = median(tb, nb), ms = median(ts, nb);
        double game = (my * ny + mn * nn) / (ny + nn > 0 ? ny + nn : 1);
        printf("%3d %4d %7d %9ld %10.2f %10.3f %10.1f %10.1f %9.0f %7d\n", m, B, rows, blocks, mb, ms, my,
               nn ? mn : 0.0, ms > 0 ? game / ms : 0.0, unknown);
        fflush(stdout);
        free(ty), free(tn), free(tb), free(ts);
    }
    return 0;
}
