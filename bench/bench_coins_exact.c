/* Coin moving: the exact search on the letter puzzles of levels/coins/letters
 * (edemaine/coinsliding, optimal move counts by B. Chaffin), with the
 * unidirectional BFS as the same-run baseline.
 *
 *     ./build/bench/bench_coins_exact [SECONDS_PER_RUN] [FILTER]
 *
 * For each level: the published optimum (the .moves file), then for bidir and
 * bfs: status, length, seconds, expanded nodes, peak memory of the visited
 * sets. A run stops at SECONDS_PER_RUN (default 10). FILTER keeps the levels
 * whose name contains it. Build Release. */
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

static void run(const char *alg, void *level, double secs, char *out, size_t n, double *t_out, int *len_out) {
    pl_limits lim;
    pl_limits_init(&lim, secs, 0, 0);
    pl_opts o = {.n = 0};
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
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
    const char *filter = argc > 2 ? argv[2] : NULL;
    const char *dirs[] = {PL_BENCH_LEVELS_DIR, PL_BENCH_LEVELS_DIR "/font5x9"};
    printf("# coins exact search on the letter puzzles; build %s; %.0f s per run\n", PL_BENCH_BUILD_TYPE, secs);
    printf("# %-22s %4s | %-34s | %-34s\n", "level", "opt", "bidir: len  seconds   nodes   MiB",
           "bfs: len  seconds   nodes   MiB");
    int solved_bi = 0, solved_uni = 0, total = 0, optimal = 0;
    double sum_bi = 0, sum_uni = 0;
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
            char a[96], b[96];
            double ta, tb;
            int la, lb;
            run("bidir", level, secs, a, sizeof a, &ta, &la);
            run("bfs", level, secs, b, sizeof b, &tb, &lb);
            printf("%s%-24s %4d | %-34s | %-34s\n", d ? "5x9/" : "", names[i], opt, a, b);
            fflush(stdout);
            total++;
            if (la >= 0) {
                solved_bi++;
                sum_bi += ta;
                optimal += la == opt;
            }
            if (lb >= 0) {
                solved_uni++;
                sum_uni += tb;
            }
            G->level_free(level);
            free(names[i]);
        }
    }
    printf("# bidir solved %d of %d (%d of them in the published optimal length), %.2f s in all; bfs solved %d, "
           "%.2f s in all\n",
           solved_bi, total, optimal, sum_bi, solved_uni, sum_uni);
    return 0;
}
