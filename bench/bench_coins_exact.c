/* Coin moving: the exact search on the 51 letter puzzles of
 * levels/coins/letters (edemaine/coinsliding, optimal move counts by B.
 * Chaffin), each configuration against the last one named as the same-run
 * baseline.
 *
 *     ./build/bench/bench_coins_exact [SECONDS_PER_RUN] [FILTER] [CONFIGS] [MEMORY_MIB] [BASELINE_SECONDS]
 *
 * Issue 21 item 2: `./build/bench/bench_coins_exact 60 "" shortest,full 8192 10`
 * and, for the region bounds, `... 60 "" shortest,noregion 8192 10`, for
 * two threads against one, `... 60 "" shortest2,shortest 8192 60`, for the
 * frontier bounds `... 60 "" shortest,nofrontier 8192 60`
 * (shortest: solve_shortest.c; full: the bidirectional search of
 * solve_exact.c that `shortest` replaces, as the baseline).
 *
 * For each level: the published optimum (the .moves file), then for each
 * configuration: status, length, seconds, expanded nodes, peak memory of the
 * visited sets. A run stops at SECONDS_PER_RUN (default 10). FILTER keeps
 * the levels whose name contains it ("" for all). CONFIGS is a comma list of
 * full (bidir with the rules of Proposition 3.10 and the length bound), rules,
 * bound, plain (bidir without either) and bfs, and shortest (the bitboard
 * search), shortest2 (the same on two threads), noregion (shortest without its
 * region bounds), nofrontier (without its frontier bounds); default
 * "shortest,full". MEMORY_MIB caps each run's tables
 * (default 1024, the CLI's default). BASELINE_SECONDS (default
 * SECONDS_PER_RUN) is the budget of the last configuration, the baseline, so
 * that a run over 51 puzzles fits in half an hour. Build Release. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"

#ifndef PL_BENCH_LEVELS_DIR
#define PL_BENCH_LEVELS_DIR "levels/coins/letters"
#endif
#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "?"
#endif

static const pl_game *G = &pl_game_coins;

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The configurations compared: the solver and the options it gets. */
typedef struct config {
    const char *name, *alg, *opt[3];
    int threads; /* 0: one */
} config;
static const config CONFIGS[] = {
    {"shortest", "shortest", {NULL}, 0},                            /* solve_shortest.c */
    {"shortest2", "shortest", {NULL}, 2},                           /* its layers on two threads */
    {"noregion", "shortest", {"no-region-bound", NULL}, 0},         /* without the region bounds */
    {"nofrontier", "shortest", {"no-frontier-bound", NULL}, 0},     /* without the frontier bounds */
    {"full", "bidir", {NULL}, 0},                                   /* rules of Proposition 3.10 + length bound */
    {"rules", "bidir", {"no-bound", NULL}, 0},                      /* rules only */
    {"bound", "bidir", {"no-backward-rules", NULL}, 0},             /* length bound only */
    {"plain", "bidir", {"no-bound", "no-backward-rules", NULL}, 0}, /* the bidirectional BFS of before */
    {"bfs", "bfs", {"no-backward-rules", NULL}, 0},                 /* unidirectional */
};

static size_t memory_bytes = (size_t)1024 << 20;

static void run(const config *c, void *level, double secs, char *out, size_t n, double *t_out, int *len_out) {
    pl_limits lim;
    pl_limits_init(&lim, secs, 0, memory_bytes);
    pl_opts o = {.n = 0};
    for (int i = 0; c->opt[i]; i++) {
        o.name[o.n] = c->opt[i];
        o.value[o.n++] = "";
    }
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = c->threads > 0 ? c->threads : 1};
    const char *alg = c->alg;
    const pl_algorithm *a = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, alg) == 0) a = &G->algorithms[i];
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    a->solve(level, &req, &sol, &err);
    double t = pl_now() - t0;
    *t_out = t;
    *len_out = sol.status == PL_SOLVED ? sol.moves.n : -1;
    if (sol.status == PL_SOLVED)
        snprintf(out, n, "%4d %8.3f %10llu %7.1f", sol.moves.n, t, (unsigned long long)sol.nodes,
                 (double)sol.peak_memory / 1048576.0);
    else
        snprintf(out, n, "%4s %8.3f %10llu %7.1f", sol.status == PL_UNSOLVABLE ? "no" : "-", t,
                 (unsigned long long)sol.nodes, (double)sol.peak_memory / 1048576.0);
    pl_solution_free(&sol);
}

int main(int argc, char **argv) {
    double secs = argc > 1 ? atof(argv[1]) : 10.0;
    const char *filter = argc > 2 && argv[2][0] ? argv[2] : NULL;
    const char *list = argc > 3 ? argv[3] : "shortest,full";
    if (argc > 4) memory_bytes = (size_t)atol(argv[4]) << 20;
    double base_secs = argc > 5 ? atof(argv[5]) : secs;
    const config *use[9];
    int nuse = 0;
    for (size_t k = 0; k < sizeof CONFIGS / sizeof CONFIGS[0]; k++) {
        size_t len = strlen(CONFIGS[k].name);
        for (const char *hit = strstr(list, CONFIGS[k].name); hit; hit = strstr(hit + 1, CONFIGS[k].name))
            if ((hit == list || hit[-1] == ',') && (hit[len] == ',' || hit[len] == '\0')) {
                use[nuse++] = &CONFIGS[k];
                break;
            }
    }
    if (!nuse) {
        fprintf(stderr, "no configuration in '%s' (shortest, shortest2, noregion, nofrontier, full, rules, bound, plain, bfs)\n",
                list);
        return 2;
    }
    const char *dirs[] = {PL_BENCH_LEVELS_DIR, PL_BENCH_LEVELS_DIR "/font5x9"};
    printf("# coins exact search on the letter puzzles; build %s; %.0f s (baseline %.0f s) and %zu MiB per run\n",
           PL_BENCH_BUILD_TYPE, secs, base_secs, memory_bytes >> 20);
    printf("# %-22s %4s", "level", "opt");
    for (int k = 0; k < nuse; k++) printf(" | %-6s len  seconds      nodes     MiB", use[k]->name);
    printf("\n");
    int solved[8] = {0}, optimal[8] = {0}, total = 0;
    double sum[8] = {0}, both_t[8] = {0};
    int both = 0;
    for (int d = 0; d < 2; d++) {
        DIR *dp = opendir(dirs[d]);
        if (!dp) continue;
        char *names[256];
        int nn = 0;
        struct dirent *e;
        while ((e = readdir(dp)) && nn < 256) {
            size_t k = strlen(e->d_name);
            if (k > 6 && strcmp(e->d_name + k - 6, ".level") == 0 && (!filter || strstr(e->d_name, filter)))
                names[nn++] = pl_xstrdup(e->d_name);
        }
        closedir(dp);
        qsort(names, (size_t)nn, sizeof *names, cmp_str);
        for (int i = 0; i < nn; i++) {
            char lp[1024], mp[1024];
            snprintf(lp, sizeof lp, "%s/%s", dirs[d], names[i]);
            snprintf(mp, sizeof mp, "%s/%.*s.moves", dirs[d], (int)(strlen(names[i]) - 6), names[i]);
            pl_level_text lt;
            pl_error err = {0};
            if (pl_level_text_read(lp, &lt, &err)) continue;
            void *level = G->level_parse(&lt, &err);
            pl_level_text_free(&lt);
            pl_moves mv;
            int opt = -1;
            if (pl_moves_read(mp, &mv, &err) == 0) {
                opt = mv.n;
                pl_moves_free(&mv);
            }
            printf("%s%-24s %4d", d ? "5x9/" : "", names[i], opt);
            double t[8];
            int len[8];
            bool all = true;
            for (int k = 0; k < nuse; k++) {
                char a[96];
                run(use[k], level, nuse > 1 && k == nuse - 1 ? base_secs : secs, a, sizeof a, &t[k], &len[k]);
                printf(" | %-6s %s", use[k]->name, a);
                fflush(stdout);
                if (len[k] >= 0) {
                    solved[k]++;
                    sum[k] += t[k];
                    optimal[k] += len[k] == opt;
                } else {
                    all = false;
                }
            }
            printf("\n");
            if (all) {
                both++;
                for (int k = 0; k < nuse; k++) both_t[k] += t[k];
            }
            total++;
            G->level_free(level);
            free(names[i]);
        }
    }
    for (int k = 0; k < nuse; k++)
        printf("# %-6s solved %d of %d (%d in the published optimal length), %.2f s over its solved levels\n",
               use[k]->name, solved[k], total, optimal[k], sum[k]);
    if (nuse > 1 && both && both_t[nuse - 1] > 0) {
        printf("# on the %d levels every configuration solved, seconds (ratio to %s):", both, use[nuse - 1]->name);
        for (int k = 0; k < nuse; k++)
            printf(" %s %.2f (%.2fx)", use[k]->name, both_t[k], both_t[k] / both_t[nuse - 1]);
        printf("\n");
    }
    return 0;
}
