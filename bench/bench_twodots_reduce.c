/* Two Dots' reductions (Theorems 1, 2 and 4): how big the constructions are
 * and how long they take to build, against the source's size over five
 * sizes (four doublings), in one run; then how much harder the game instance
 * is: Two Dots' exact search on the constructed levels against the source's
 * own solver on the same sources (Algorithm X, CaDiCaL, the vertex-cover
 * search tree), yes and no sources apart. Ratios are within the run.
 *
 *   ./build/bench/bench_twodots_reduce [SOURCES_PER_ROW (default 20)] [SECONDS_PER_LEVEL (default 10)]
 *
 * A level whose exact search hits the time limit counts as "unknown" and
 * enters the medians at the limit (so they are lower bounds then). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/problems.h"
#include "puzzlelab/twodots.h"

static const pl_game *G = &pl_game_twodots;

static const pl_reduction *reduction(const char *from) {
    for (int i = 0; i < G->nreductions; i++)
        if (strcmp(G->reductions[i].from, from) == 0) return &G->reductions[i];
    return NULL;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static twodots_level *level_of(const char *text) {
    pl_level_text lt;
    pl_error err;
    if (pl_level_text_parse("b.level", text, strlen(text), &lt, &err)) return NULL;
    twodots_level *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    return l;
}

/* A source of the problem at size s (the unit each row doubles). */
static char *source(const char *from, int s, char answer, uint64_t seed) {
    pl_error err = {0};
    if (strcmp(from, "x3c") == 0) return pl_x3c_random(s, 2 * s, answer, seed, &err);
    if (strcmp(from, "sat") == 0) return pl_sat_random(s, 2 * s, answer, seed, &err);
    return pl_vc_random(s, 2 * s <= s * (s - 1) / 2 ? 2 * s : s * (s - 1) / 2, answer, -1, seed, &err);
}

static void *parse_source(const char *from, const char *text) {
    const pl_problem *p = pl_problem_find(from);
    pl_error err = {0};
    return p->parse("(source)", text, strlen(text), &err);
}

/* ---------- sizes and build times ---------- */

static void sizes(const char *from, const char *unit, const int *s, int ns) {
    const pl_reduction *r = reduction(from);
    const pl_problem *p = pl_problem_find(from);
    printf("\n%s, %s\n", r->result, unit);
    printf("%8s %10s %8s %8s %10s %8s %12s %8s %8s\n", "size", "source", "rows", "cols", "cells", "colours",
           "build ms", "cells x", "time x");
    double prev_cells = 0, prev_t = 0;
    for (int i = 0; i < ns; i++) {
        char *text = source(from, s[i], 'a', 1000u + (uint64_t)s[i]);
        void *src = text ? parse_source(from, text) : NULL;
        if (!src) {
            printf("%8d (no source)\n", s[i]);
            free(text);
            continue;
        }
        /* repeat until 0.2 s, for a steady time */
        int reps = 0;
        double t0 = pl_now(), t = 0;
        twodots_level *l = NULL;
        do {
            pl_error err = {0};
            char *lt = r->build(src, "(source)", &err);
            if (!lt) {
                printf("%8d build: %s\n", s[i], err.msg);
                break;
            }
            if (l) G->level_free(l);
            l = level_of(lt);
            free(lt);
            reps++;
            t = pl_now() - t0;
        } while (t < 0.2);
        if (l) {
            double per = t / reps * 1e3, cells = (double)l->rows * l->cols;
            int colours = 0;
            for (int c = 1; c <= l->ncolours; c++) colours += l->count[c] > 0;
            printf("%8d %10zu %8d %8d %10.0f %8d %12.3f %8s %8s\n", s[i], strlen(text), l->rows, l->cols, cells,
                   colours, per, "", "");
            if (prev_cells > 0) printf("%81s %8.2f %8.2f\n", "", cells / prev_cells, per / prev_t);
            prev_cells = cells, prev_t = per;
            G->level_free(l);
        }
        p->free(src);
        free(text);
    }
}

/* ---------- game against source ---------- */

static double solve_source(const char *from, const void *src, int *answer) {
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    double t0 = pl_now();
    if (strcmp(from, "x3c") == 0) {
        const pl_x3c *x = src;
        bool *c = pl_xcalloc((size_t)x->nsets + 1, 1);
        *answer = pl_x3c_solve(x, &lim, c);
        free(c);
    } else if (strcmp(from, "sat") == 0) {
        const pl_cnf *f = src;
        signed char *v = pl_xcalloc((size_t)f->nvars + 1, 1);
        *answer = pl_sat_solve(f, &lim, v);
        free(v);
    } else {
        const pl_vc *g = src;
        bool *in = pl_xcalloc((size_t)g->nvertices + 1, 1);
        *answer = pl_vc_solve(g, g->k, &lim, in);
        free(in);
    }
    return pl_now() - t0;
}

static pl_opts any_length = {.name = {"any-length"}, .value = {""}, .n = 1};

/* answers: "yn" both, "y" yes sources only, "n" no only. */
static void harder(const char *from, const char *label, int (*size_of)(int, int *), int nsizes, int per_row,
                   double seconds, bool any, const char *answers) {
    const pl_reduction *r = reduction(from);
    printf("\n%s: exact search on the level against the source's solver (%s; %d sources a row, %.0f s a level)\n",
           r->result, label, per_row, seconds);
    printf("%-16s %6s %10s %12s %12s %10s %8s\n", "source", "answer", "cells", "source ms", "game ms", "game/src",
           "unknown");
    double *ts = malloc(sizeof(double) * (size_t)per_row), *tg = malloc(sizeof(double) * (size_t)per_row);
    for (int i = 0; i < nsizes; i++) {
        int s2;
        int s = size_of(i, &s2);
        for (int a = 0; a < 2; a++) {
            char answer = a ? 'n' : 'y';
            if (!strchr(answers, answer)) continue;
            int n = 0, unknown = 0;
            double cells = 0;
            for (int k = 0; k < per_row; k++) {
                pl_error err = {0};
                uint64_t seed = 7000u + (uint64_t)(1000 * i + k);
                char *text = strcmp(from, "x3c") == 0   ? pl_x3c_random(s, s2, answer, seed, &err)
                             : strcmp(from, "sat") == 0 ? pl_sat_random(s, s2, answer, seed, &err)
                                                        : pl_vc_random(s, s2, answer, -1, seed, &err);
                void *src = text ? parse_source(from, text) : NULL;
                if (!src) {
                    free(text);
                    continue;
                }
                int ans;
                ts[n] = solve_source(from, src, &ans) * 1e3;
                char *lt = r->build(src, "(source)", &err);
                twodots_level *l = lt ? level_of(lt) : NULL;
                if (l) {
                    cells += (double)l->rows * l->cols;
                    pl_limits lim;
                    pl_limits_init(&lim, seconds, 0, 0);
                    pl_opts none = {.n = 0};
                    pl_request req = {.opts = any ? &any_length : &none, .seed = 1, .limits = &lim, .threads = 1};
                    pl_solution sol;
                    pl_solution_init(&sol);
                    double t0 = pl_now();
                    G->algorithms[G->nalgorithms - 1].solve(l, &req, &sol, &err);
                    tg[n] = (pl_now() - t0) * 1e3;
                    unknown += sol.status == PL_UNKNOWN;
                    if (sol.status != PL_UNKNOWN && (sol.status == PL_SOLVED) != (ans == 1))
                        printf("  DISAGREEMENT at seed %llu\n", (unsigned long long)seed);
                    pl_solution_free(&sol);
                    G->level_free(l);
                    n++;
                }
                free(lt);
                pl_problem_find(from)->free(src);
                free(text);
            }
            if (!n) continue;
            char name[32];
            snprintf(name, sizeof name, "%d, %d", s, s2);
            double ms = median(ts, n), mg = median(tg, n);
            printf("%-16s %6s %10.0f %12.3f %12.3f %10.0f %8d\n", name, a ? "no" : "yes", cells / n, ms, mg,
                   ms > 0 ? mg / ms : 0, unknown);
            fflush(stdout);
        }
    }
    free(ts);
    free(tg);
}

static int x3c_size(int i, int *m) {
    static const int q[] = {3, 3, 3, 3}, sets[] = {4, 6, 8, 10};
    *m = sets[i];
    return q[i];
}
static int vc_size(int i, int *m) {
    static const int n[] = {4, 6, 8, 10}, e[] = {5, 8, 11, 14};
    *m = e[i];
    return n[i];
}
static int sat_size(int i, int *m) {
    static const int n[] = {3, 3, 4, 4}, c[] = {2, 4, 4, 6};
    *m = c[i];
    return n[i];
}

static int sat_no_size(int i, int *m) {
    (void)i;
    *m = 8;
    return 3;
}

int main(int argc, char **argv) {
    int per_row = argc > 1 ? atoi(argv[1]) : 20;
    double seconds = argc > 2 ? atof(argv[2]) : 10;
    if (per_row < 1) per_row = 1;
#ifdef PL_BENCH_BUILD_TYPE
    printf("build type: %s\n", PL_BENCH_BUILD_TYPE);
#endif
    printf("construction sizes and build times (a row's ratios against the row above)\n");
    const int sx[] = {3, 6, 12, 24, 48}, ss[] = {3, 6, 12, 24, 48}, sv[] = {4, 8, 16, 32, 64};
    sizes("x3c", "3q items and 2q sets, q =", sx, 5);
    sizes("sat", "n variables and 2n clauses, n =", ss, 5);
    sizes("vertex-cover", "n vertices and 2n edges, n =", sv, 5);
    harder("x3c", "q, sets", x3c_size, 4, per_row, seconds, false, "yn");
    harder("vertex-cover", "vertices, edges", vc_size, 4, per_row, seconds, false, "yn");
    /* Theorem 2: a certificate, not a shortest one; unsatisfiable 3-SAT has 8 clauses at least */
    harder("sat", "variables, clauses; --any-length", sat_size, 4, per_row, seconds, true, "y");
    harder("sat", "variables, clauses", sat_no_size, 1, per_row < 5 ? per_row : 5, seconds, true, "n");
    return 0;
}
