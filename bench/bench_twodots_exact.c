/* Two Dots exact search on random levels, by size, colours and K, against a
 * same-run baseline: naive search over every simple path as its own move
 * (no effect deduplication, no transposition table, no bounds beyond "goals
 * met"), iterative deepening like the exact search. The baseline runs only
 * where it finishes (K <= 3), with a 2 s per-level cap (n.tout counts those).
 * Then, exact search only: scaling with K (6x6, goals that take several
 * moves, bombs off and on; ratio = mean time against the row above) and with the board's size
 * (n x n for n = 6, 8, 12, 16, 24: about twice the cells a row; boards over
 * 64 cells use the multi-word sets of solve_exact.c), 10 s a level at most;
 * then the one-column tables (Theorem 3) for n = 50..400 dots.
 *
 *   ./build/bench/bench_twodots_exact [LEVELS_PER_ROW (default 40)]
 *
 * Levels: full boards, uniform colours, two goals on colours a and b of
 * 2 + rand(cells / colours / 2) dots each (the generator's default) unless a
 * section says otherwise, bombs off. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/twodots.h"
#include "twodots_naive.h" /* tests/: the test oracle, here under a deadline */

static const pl_game *G = &pl_game_twodots;

static void *parse(const char *text) {
    pl_level_text lt;
    pl_error err;
    if (pl_level_text_parse("b.level", text, strlen(text), &lt, &err)) return NULL;
    void *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    return l;
}

/* ---------- runs ---------- */
static const char alphabet[] = "abcdefgh";

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One random level: rows x cols, `colours` colours, K moves, goals on the
 * first ngoals colours (count[g] each, or the generator's default when
 * count is NULL). Returns the text; grid gets the cells, need the goals. */
static bool bombs_on; /* make_level writes "bombs: on" */

static void make_level(pl_rng *rng, int rows, int cols, int colours, int K, int ngoals, const int *count, char *text,
                       char *grid, int *need) {
    int p = sprintf(text, "%smoves: %d\n", bombs_on ? "bombs: on\n" : "", K);
    for (int g = 0; g < ngoals; g++) {
        need[g] = count ? count[g] : 2 + (int)pl_rng_below(rng, (uint64_t)(rows * cols / colours / 2));
        p += sprintf(text + p, "goal: %c %d\n", alphabet[g], need[g]);
    }
    p += sprintf(text + p, "board:\n");
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) text[p++] = grid[r * cols + c] = alphabet[pl_rng_below(rng, (uint64_t)colours)];
        text[p++] = '\n';
    }
    text[p] = '\0';
}

typedef struct row_stats {
    int solv, unsolv, unknown;
    double sum, median, max;
    double nodes;
} row_stats;

/* Runs the exact search on `per` levels from make_level; time cap per level. */
static row_stats exact_row(uint64_t seed0, int per, int rows, int cols, int colours, int K, int ngoals,
                           const int *count, double cap) {
    row_stats st = {0};
    double *t = malloc((size_t)per * sizeof *t);
    char *text = malloc((size_t)(rows * (cols + 1) + 512)), *grid = malloc((size_t)(rows * cols + 1));
    for (int it = 0; it < per; it++) {
        pl_rng rng;
        pl_rng_seed(&rng, seed0 + (uint64_t)it);
        int need[8];
        make_level(&rng, rows, cols, colours, K, ngoals, count, text, grid, need);
        void *level = parse(text);
        pl_limits lim;
        pl_limits_init(&lim, cap, 0, 0);
        pl_opts o = {.n = 0};
        pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
        pl_solution sol;
        pl_solution_init(&sol);
        pl_error err;
        double t0 = pl_now();
        G->algorithms[2].solve(level, &req, &sol, &err); /* exact */
        t[it] = (pl_now() - t0) * 1e3;
        st.sum += t[it];
        st.nodes += (double)sol.nodes / per;
        if (sol.status == PL_SOLVED)
            st.solv++;
        else if (sol.status == PL_UNSOLVABLE)
            st.unsolv++;
        else
            st.unknown++;
        pl_solution_free(&sol);
        G->level_free(level);
    }
    qsort(t, (size_t)per, sizeof *t, cmp_double);
    st.median = t[per / 2];
    st.max = t[per - 1];
    free(t);
    free(text);
    free(grid);
    return st;
}

int main(int argc, char **argv) {
    int per = argc > 1 ? atoi(argv[1]) : 40;
    if (per < 1) per = 1;
#ifdef PL_BENCH_BUILD_TYPE
    printf("# build type %s\n", PL_BENCH_BUILD_TYPE);
#endif
    printf("# exact search: %d random levels per row; times in ms; 'naive' = every path as a move, no TT\n", per);
    printf("%-5s %-3s %-2s | %-6s %-6s %-8s %-8s %-8s %-9s | %-9s %-9s %-7s\n", "size", "col", "K", "solv", "unsolv",
           "mean", "median", "max", "nodes", "naive", "naive/ex", "n.tout");
    static const int sizes[][2] = {{5, 5}, {6, 6}};
    double *t = malloc((size_t)per * sizeof *t);
    for (int sz = 0; sz < 2; sz++)
        for (int colours = 3; colours <= 4; colours++)
            for (int K = 1; K <= 4; K++) {
                int rows = sizes[sz][0], cols = sizes[sz][1], solv = 0, unsolv = 0, unknown = 0, ntimeout = 0;
                double tn = 0, te_base = 0;
                unsigned long long nodes = 0;
                bool run_naive = K <= 3;
                for (int it = 0; it < per; it++) {
                    pl_rng rng;
                    pl_rng_seed(&rng, 7777u + 1000u * (uint64_t)K + 100000u * (uint64_t)colours + (uint64_t)it +
                                          1000000u * (uint64_t)sz);
                    char text[512], grid[64];
                    int p = sprintf(text, "moves: %d\n", K), need[2];
                    for (int g = 0; g < 2; g++) {
                        need[g] = 2 + (int)pl_rng_below(&rng, (uint64_t)(rows * cols / colours / 2));
                        p += sprintf(text + p, "goal: %c %d\n", alphabet[g], need[g]);
                    }
                    p += sprintf(text + p, "board:\n");
                    for (int r = 0; r < rows; r++) {
                        for (int c = 0; c < cols; c++)
                            text[p++] = grid[r * cols + c] = alphabet[pl_rng_below(&rng, (uint64_t)colours)];
                        text[p++] = '\n';
                    }
                    text[p] = '\0';
                    void *level = parse(text);
                    pl_limits lim;
                    pl_limits_init(&lim, 30, 0, 0);
                    pl_opts o = {.n = 0};
                    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
                    pl_solution sol;
                    pl_solution_init(&sol);
                    pl_error err;
                    double t0 = pl_now();
                    G->algorithms[2].solve(level, &req, &sol, &err); /* exact */
                    t[it] = (pl_now() - t0) * 1e3;
                    nodes += sol.nodes;
                    if (sol.status == PL_SOLVED)
                        solv++;
                    else if (sol.status == PL_UNSOLVABLE)
                        unsolv++;
                    else
                        unknown++;
                    pl_solution_free(&sol);
                    G->level_free(level);
                    if (run_naive) {
                        naive nv = {.rows = rows,
                                    .cols = cols,
                                    .ngoals = 2,
                                    .goal_colour = {'a', 'b'},
                                    .deadline = pl_now() + 2.0};
                        double t1 = pl_now();
                        bool w = false;
                        for (int k = 0; k <= K && !w && !nv.timeout; k++) w = naive_win(&nv, need, grid, k);
                        tn += (pl_now() - t1) * 1e3;
                        te_base += t[it];
                        ntimeout += nv.timeout;
                    }
                }
                double sum = 0;
                for (int i = 0; i < per; i++) sum += t[i];
                qsort(t, (size_t)per, sizeof *t, cmp_double);
                char nb[32] = "-", rb[32] = "-";
                if (run_naive) {
                    snprintf(nb, sizeof nb, "%.2f", tn / per);
                    snprintf(rb, sizeof rb, "%.1fx", te_base > 0 ? tn / te_base : 0.0);
                }
                printf("%dx%d %-3d %-2d | %-6d %-6d %-8.3f %-8.3f %-8.2f %-9.0f | %-9s %-9s %-7d%s\n", rows, cols,
                       colours, K, solv, unsolv, sum / per, t[per / 2], t[per - 1], (double)nodes / per, nb, rb,
                       ntimeout, unknown ? " (some unknown)" : "");
            }
    free(t);

    /* Scaling with K: goals that take several moves, so that unsolvable
     * levels are refuted at depth K. */
    int kper = per / 2 > 4 ? per / 2 : 4;
    printf("\n# exact search, scaling with K: 6x6; %d levels a row; 10 s a level at most; ratio = mean against the "
           "row above\n",
           kper);
    printf("%-22s %-2s | %-5s %-6s %-4s %-9s %-9s %-9s %-10s %-6s\n", "level", "K", "solv", "unsolv", "unkn", "mean",
           "median", "max", "nodes", "ratio");
    /* the third row: the boards of the second with bombs on */
    static const struct {
        const char *name;
        int colours, ngoals, count[3], seed;
        bool bombs;
    } kcases[] = {{"3 colours, a 9, b 9", 3, 2, {9, 9, 0}, 0, false},
                  {"4 colours, a 6 b 6 c 6", 4, 3, {6, 6, 6}, 1, false},
                  {"the same, bombs on", 4, 3, {6, 6, 6}, 1, true}};
    for (int kc = 0; kc < 3; kc++) {
        double prev = 0;
        bombs_on = kcases[kc].bombs;
        for (int K = 2; K <= 8; K++) {
            row_stats st = exact_row(555000u + 1000u * (uint64_t)kcases[kc].seed, kper, 6, 6, kcases[kc].colours, K,
                                     kcases[kc].ngoals, kcases[kc].count, 10.0);
            double mean = st.sum / kper;
            char ratio[32] = "-";
            if (prev > 0) snprintf(ratio, sizeof ratio, "%.1fx", mean / prev);
            printf("%-22s %-2d | %-5d %-6d %-4d %-9.3f %-9.3f %-9.2f %-10.0f %-6s\n", kcases[kc].name, K, st.solv,
                   st.unsolv, st.unknown, mean, st.median, st.max, st.nodes, ratio);
            prev = mean;
        }
    }

    bombs_on = false;

    /* Scaling with the board: about twice the cells a row (36 .. 576). */
    printf("\n# exact search, scaling with the board: n x n, 4 colours, K = 4, goals a and b of cells/8 each; %d "
           "levels a row; 10 s a level at most; ratio = mean against the row above\n",
           kper);
    printf("%-6s %-5s | %-5s %-6s %-4s %-9s %-9s %-9s %-10s %-6s\n", "size", "cells", "solv", "unsolv", "unkn", "mean",
           "median", "max", "nodes", "ratio");
    static const int side[] = {6, 8, 12, 16, 24};
    double prev = 0;
    for (int i = 0; i < 5; i++) {
        int n = side[i], count[2] = {n * n / 8, n * n / 8};
        row_stats st = exact_row(777000u + 1000u * (uint64_t)n, kper, n, n, 4, 4, 2, count, 10.0);
        double mean = st.sum / kper;
        char ratio[32] = "-";
        if (prev > 0) snprintf(ratio, sizeof ratio, "%.1fx", mean / prev);
        char size[16];
        snprintf(size, sizeof size, "%dx%d", n, n);
        printf("%-6s %-5d | %-5d %-6d %-4d %-9.3f %-9.3f %-9.2f %-10.0f %-6s\n", size, n * n, st.solv, st.unsolv,
               st.unknown, mean, st.median, st.max, st.nodes, ratio);
        prev = mean;
    }

    /* One column (Theorem 3): scaling in n with one and two goals. */
    printf("\n# one column (Theorem 3): n dots, 3 colours, goals ~ n/6 each; ms\n");
    printf("%-5s %-10s %-10s\n", "n", "1 goal", "2 goals");
    for (int n = 50; n <= 400; n *= 2) {
        double ms[2];
        for (int goals = 1; goals <= 2; goals++) {
            pl_rng rng;
            pl_rng_seed(&rng, (uint64_t)n * 31u + (uint64_t)goals);
            size_t cap = (size_t)n * 2 + 200;
            char *text = malloc(cap);
            int p = 0;
            for (int g = 0; g < goals; g++) p += sprintf(text + p, "goal: %c %d\n", alphabet[g], n / 6);
            p += sprintf(text + p, "board:\n");
            for (int i = 0; i < n; i++) {
                text[p++] = alphabet[pl_rng_below(&rng, 3)];
                text[p++] = '\n';
            }
            text[p] = '\0';
            void *level = parse(text);
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            pl_opts o = {.n = 0};
            pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
            pl_solution sol;
            pl_solution_init(&sol);
            pl_error err;
            double t0 = pl_now();
            G->algorithms[1].solve(level, &req, &sol, &err); /* column */
            ms[goals - 1] = (pl_now() - t0) * 1e3;
            pl_solution_free(&sol);
            G->level_free(level);
            free(text);
        }
        printf("%-5d %-10.2f %-10.2f\n", n, ms[0], ms[1]);
    }
    return 0;
}
