/* Buttons & Scissors' Theorems 2 and 7 (3-SAT -> two colours) and 5 (3-SAT ->
 * colours of at most four buttons; a level holds 62 colours, so Theorem 5
 * runs at 2 clauses a variable and n = 3..6 only): the board's
 * size and the time of Buttons' SAT algorithm on it, against the number of
 * variables n (3-SAT at 4.26 clauses a variable, planted satisfiable and
 * uniform random sources), in one run; the baseline is CaDiCaL on the
 * source formula itself (the ratio says how much harder the game instance
 * is than its source).
 *
 *   ./build/bench/bench_buttons_reduce [SOURCES_PER_ROW (default 5)] [SECONDS_PER_LEVEL (default 30)] [lemma2]
 *
 * (a third argument `lemma2`: the second table only)
 *
 * A second table: Lemma 2 alone from Graph Decycling (buttons reduce --from
 * decycling --theorem 7) on random graphs of n vertices, 3n/2 arcs and n/3
 * pairs (planted yes, and unchecked), the baseline the decycling solver on
 * the source graph.
 *
 * A level whose solve hits the time limit counts as unknown and enters the
 * median at the limit (a lower bound then). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"
#include "puzzlelab/problems.h"

static const pl_game *G = &pl_game_buttons;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static const pl_algorithm *algorithm(const char *name) {
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, name) == 0) return &G->algorithms[i];
    return NULL;
}

/* Solves with alg under a time limit: the status, and the seconds. */
static pl_status timed(const pl_algorithm *alg, const void *inst, double limit, double *secs) {
    pl_limits lim;
    pl_limits_init(&lim, limit, 0, 0);
    pl_opts o = {0};
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    if (alg->solve(inst, &req, &sol, &err)) sol.status = PL_UNKNOWN;
    *secs = pl_now() - t0;
    pl_status s = sol.status;
    pl_solution_free(&sol);
    return s;
}

int main(int argc, char **argv) {
    int per = argc > 1 ? atoi(argv[1]) : 5;
    double limit = argc > 2 ? atof(argv[2]) : 30;
    if (per < 1) per = 1;
    const pl_problem *sat = pl_problem_find("sat");
    const pl_algorithm *bsat = algorithm("sat");
    if (!sat || !bsat) {
        fprintf(stderr, "bench_buttons_reduce: no sat problem or algorithm\n");
        return 1;
    }
#ifdef PL_BENCH_BUILD_TYPE
    printf("Build: %s\n", PL_BENCH_BUILD_TYPE);
#endif
    const bool only_lemma2 = argc > 3 && strcmp(argv[3], "lemma2") == 0;
    printf("Command: `bench_buttons_reduce %d %g%s`\n\n", per, limit, only_lemma2 ? " lemma2" : "");
    if (!only_lemma2) {
        printf("| theorem | n | clauses | answer | side | buttons | source (CaDiCaL) | board (sat) | board / source | agree |\n");
        printf("|---|---:|---:|---|---:|---:|---:|---:|---:|---|\n");
    }
    static const int ns2[] = {3, 5, 8, 12, 16, 20}, ns5[] = {3, 4, 5, 6};
    for (int t = 0; t < G->nreductions && !only_lemma2; t++) {
        const pl_reduction *r = &G->reductions[t];
        if (strcmp(r->from, "sat") != 0) continue; /* Theorem 6 reduces planar-sat */
        const bool f4 = r->theorem == 5;
        const int *ns = f4 ? ns5 : ns2;
        size_t nns = f4 ? sizeof ns5 / sizeof ns5[0] : sizeof ns2 / sizeof ns2[0];
        for (size_t k = 0; k < nns; k++) {
            for (int a = 0; a < 2; a++) {
                double src_t[64], lev_t[64];
                long side = 0, buttons = 0;
                int m = 0, agree = 0, unknown = 0, done = 0;
                for (int i = 0; i < per && i < 64; i++) {
                    char nv[16], sd[16], nc[16];
                    snprintf(nv, sizeof nv, "%d", ns[k]);
                    snprintf(sd, sizeof sd, "%d", 100 * i + 7);
                    snprintf(nc, sizeof nc, "%d", 2 * ns[k]);
                    pl_opts o = {.n = f4 ? 4 : 3,
                                 .name = {"vars", "answer", "seed", "clauses"},
                                 .value = {nv, a ? "any" : "yes", sd, nc}};
                    pl_error err = {0};
                    char *text = sat->generate(&o, &err);
                    void *src = text ? sat->parse("src", text, strlen(text), &err) : NULL;
                    free(text);
                    if (!src) continue;
                    char *lt = r->build(src, "src", &err);
                    pl_level_text ltx;
                    void *level = NULL;
                    if (lt && pl_level_text_parse("level", lt, strlen(lt), &ltx, &err) == 0) {
                        level = G->level_parse(&ltx, &err);
                        pl_level_text_free(&ltx);
                    }
                    free(lt);
                    if (!level) {
                        sat->free(src);
                        continue;
                    }
                    const buttons_level *bl = level;
                    side = bl->rows, buttons = bl->nbuttons;
                    const pl_cnf *f = src;
                    m = f->nclauses;
                    pl_status ss = timed(&(pl_algorithm){.solve = sat->solve}, src, limit, &src_t[done]);
                    pl_status ls = timed(bsat, level, limit, &lev_t[done]);
                    if (ls == PL_UNKNOWN) lev_t[done] = limit;
                    unknown += ls == PL_UNKNOWN;
                    agree += ls == ss;
                    done++;
                    G->level_free(level);
                    sat->free(src);
                }
                if (!done) continue;
                double ms = median(src_t, done), ml = median(lev_t, done);
                printf("| %d | %d | %d | %s | %ld | %ld | %.4f s | %.4f s%s | %.0fx | %d/%d |\n",
                       r->theorem, ns[k], m, a ? "random" : "planted", side, buttons, ms, ml,
                       unknown ? " (some unknown)" : "", ms > 0 ? ml / ms : 0, agree, done);
                fflush(stdout);
            }
        }
    }
    /* Lemma 2 from Graph Decycling */
    const pl_problem *dec = pl_problem_find("decycling");
    const pl_reduction *l2 = NULL;
    for (int t = 0; t < G->nreductions; t++)
        if (strcmp(G->reductions[t].from, "decycling") == 0) l2 = &G->reductions[t];
    if (!dec || !l2) return 0;
    printf("%s| Lemma 2 | n | arcs | pairs | answer | side | buttons | source (backtrack) | board (sat) | board / source | agree |\n", only_lemma2 ? "" : "\n");
    printf("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|\n");
    static const int nd[] = {8, 16, 32, 64, 128};
    for (size_t k = 0; k < sizeof nd / sizeof nd[0]; k++) {
        for (int a = 0; a < 2; a++) {
            double src_t[64], lev_t[64];
            long side = 0, buttons = 0;
            int agree = 0, unknown = 0, done = 0;
            for (int i = 0; i < per && i < 64; i++) {
                pl_error err = {0};
                char *text = pl_decyc_random(nd[k], 3 * nd[k] / 2, nd[k] / 3, a ? 'a' : 'y', 100u * (unsigned)i + 7, &err);
                void *src = text ? dec->parse("src", text, strlen(text), &err) : NULL;
                free(text);
                if (!src) continue;
                char *lt = l2->build(src, "src", &err);
                pl_level_text ltx;
                void *level = NULL;
                if (lt && pl_level_text_parse("level", lt, strlen(lt), &ltx, &err) == 0) {
                    level = G->level_parse(&ltx, &err);
                    pl_level_text_free(&ltx);
                }
                free(lt);
                if (!level) {
                    dec->free(src);
                    continue;
                }
                const buttons_level *bl = level;
                side = bl->rows, buttons = bl->nbuttons;
                pl_status ss = timed(&(pl_algorithm){.solve = dec->solve}, src, limit, &src_t[done]);
                pl_status ls = timed(bsat, level, limit, &lev_t[done]);
                if (ls == PL_UNKNOWN) lev_t[done] = limit;
                unknown += ls == PL_UNKNOWN;
                agree += ls == ss;
                done++;
                G->level_free(level);
                dec->free(src);
            }
            if (!done) continue;
            double ms = median(src_t, done), ml = median(lev_t, done);
            printf("| 7 | %d | %d | %d | %s | %ld | %ld | %.4f s | %.4f s%s | %.0fx | %d/%d |\n", nd[k], 3 * nd[k] / 2,
                   nd[k] / 3, a ? "random" : "planted", side, buttons, ms, ml, unknown ? " (some unknown)" : "",
                   ms > 0 ? ml / ms : 0, agree, done);
            fflush(stdout);
        }
    }
    return 0;
}
