/* Coin moving, minimum+1 configurations (Section 3.3, solve_minplus1.c):
 * Theorem 3.38 through Proposition 3.32 on random puzzles whose start and
 * target are 2-paths between the corners of an odd m x n rectangle plus one
 * coin (N = (m+n+1)/2 + 1 coins), at N, 2N, 4N, ... in one run; and, as the
 * same-run baseline, the exact search (bidir) on the small sizes.
 *
 *     ./build/bench/bench_coins_minplus1 [MAX_N] [SECONDS_FOR_THE_SEARCH]
 *
 * Prints per size: the time of minplus1 (decision O(N^4) worst case, here
 * dominated by Proposition 3.29's N spans; construction O(N^2)), the moves
 * of its certificate (O(N^2): moves / N^2 should stay bounded), the time
 * ratio to the previous size, and for small N the exact search's time and
 * shortest length. Build Release. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "?"
#endif

static const pl_game *G = &pl_game_coins;

/* A 2-path between the corners of the m x n rectangle into g (rows of n). */
static void random_2path(pl_rng *rng, char *g, int m, int n) {
    int K = m + n - 2;
    char *word = pl_xmalloc((size_t)K + 1);
    for (int j = 0; j < K; j++) word[j] = j < m - 1 ? 'V' : 'H';
    for (int j = K - 1; j > 0; j--) {
        int i = (int)pl_rng_below(rng, (uint64_t)j + 1);
        char x = word[i];
        word[i] = word[j], word[j] = x;
    }
    int s = 2 * (int)pl_rng_below(rng, (uint64_t)(K + 1) / 2), r = 0, c = 0;
    for (int j = 0; j <= K; j++) {
        if ((j <= s && j % 2 == 0) || (j > s && j % 2 == 1)) g[r * n + c] = 'o';
        if (j < K) word[j] == 'V' ? r++ : c++;
    }
    free(word);
}

static int nb(const char *g, int m, int n, int r, int c) {
    return (r > 0 && g[(r - 1) * n + c] == 'o') + (r + 1 < m && g[(r + 1) * n + c] == 'o') +
           (c > 0 && g[r * n + c - 1] == 'o') + (c + 1 < n && g[r * n + c + 1] == 'o');
}

static void *make_level(pl_rng *rng, int m, int n) {
    char *a = pl_xmalloc((size_t)m * (size_t)n), *b = pl_xmalloc((size_t)m * (size_t)n);
    memset(a, '.', (size_t)m * (size_t)n);
    memset(b, '.', (size_t)m * (size_t)n);
    random_2path(rng, a, m, n);
    random_2path(rng, b, m, n);
    for (;;) { /* the extra coin anywhere */
        int i = (int)pl_rng_below(rng, (uint64_t)m * (uint64_t)n);
        if (a[i] == '.') {
            a[i] = 'o';
            break;
        }
    }
    for (;;) { /* b: a free cell with two coins adjacent */
        int r = (int)pl_rng_below(rng, (uint64_t)m), c = (int)pl_rng_below(rng, (uint64_t)n);
        if (b[r * n + c] == '.' && nb(b, m, n, r, c) >= 2) {
            b[r * n + c] = 'o';
            break;
        }
    }
    size_t cap = 2 * ((size_t)m + 1) * ((size_t)n + 1) + 64;
    char *t = pl_xmalloc(cap), *p = t;
    p += sprintf(p, "grid: square\nstart:\n");
    for (int pass = 0; pass < 2; pass++) {
        if (pass) p += sprintf(p, "target:\n");
        for (int r = 0; r < m; r++) {
            memcpy(p, (pass ? b : a) + (size_t)r * (size_t)n, (size_t)n);
            p += n;
            *p++ = '\n';
        }
    }
    *p = '\0';
    pl_level_text lt;
    pl_error err = {0};
    void *l = NULL;
    if (pl_level_text_parse("bench.level", t, strlen(t), &lt, &err) == 0) {
        l = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    if (!l) fprintf(stderr, "level: %s\n", err.msg);
    free(a);
    free(b);
    free(t);
    return l;
}

static const pl_algorithm *alg(const char *name) {
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, name) == 0) return &G->algorithms[i];
    return NULL;
}

/* Runs name; returns seconds, *len the certificate's length (-1 none). A
 * certificate is replayed (not timed). */
static double run(const char *name, void *l, double secs, int *len, bool *valid) {
    pl_limits lim;
    pl_limits_init(&lim, secs, 0, 0);
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* time the theorems' own constructions */
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    alg(name)->solve(l, &req, &sol, &err);
    double t = pl_now() - t0;
    *len = sol.status == PL_SOLVED ? sol.moves.n : -1;
    *valid = false;
    if (sol.status == PL_SOLVED) {
        void *st = G->state_new(l);
        char why[256];
        int col;
        bool ok = true;
        for (int i = 0; i < sol.moves.n && ok; i++) ok = G->move_apply(st, sol.moves.s[i], why, sizeof why, &col) == 0;
        pl_verdict v = {0};
        if (ok) G->finish(st, NULL, &v);
        *valid = ok && v.ok;
        G->state_free(st);
    }
    pl_solution_free(&sol);
    return t;
}

int main(int argc, char **argv) {
    int max_n = argc > 1 ? atoi(argv[1]) : 400;
    double secs = argc > 2 ? atof(argv[2]) : 10.0;
    pl_rng rng;
    pl_rng_seed(&rng, 2019);
    printf("# minimum+1 puzzles (2-paths in an odd rectangle + 1 coin); build %s; exact search up to %.0f s\n",
           PL_BENCH_BUILD_TYPE, secs);
    printf("# %6s %9s | %10s %9s %8s %7s %5s | %10s %6s\n", "coins", "rect", "minplus1 s", "moves", "mv/N^2", "ratio",
           "ok", "bidir s", "len");
    double prev = 0;
    for (int N = 4; N <= max_n; N = N < 16 ? N + 2 : 2 * N) {
        /* N coins: N - 1 on the 2-path, so m + n = 2N - 3 (odd) */
        int m = (2 * N - 3) / 2, n = 2 * N - 3 - m;
        void *l = make_level(&rng, m, n);
        if (!l) return 1;
        int len, blen = -1;
        bool valid, bvalid;
        double t = run("minplus1", l, 0, &len, &valid), bt = -1;
        if (N <= 12) bt = run("bidir", l, secs, &blen, &bvalid);
        char ratio[16] = "-", bidir[32] = "-", bl[16] = "-";
        if (prev > 0 && N >= 32) snprintf(ratio, sizeof ratio, "%.2f", t / prev);
        if (bt >= 0) snprintf(bidir, sizeof bidir, "%.3f", bt);
        if (blen >= 0) snprintf(bl, sizeof bl, "%d", blen);
        if (bt >= 0 && blen < 0) snprintf(bl, sizeof bl, "limit");
        printf("  %6d %4dx%-4d | %10.3f %9d %8.3f %7s %5s | %10s %6s\n", N, m, n, t, len,
               (double)len / ((double)N * (double)N), ratio, valid ? "yes" : "NO", bidir, bl);
        fflush(stdout);
        prev = t;
        G->level_free(l);
    }
    printf("# ratio: time against the previous size (N doubles from 32 on; O(N^3) gives 8, O(N^4) 16)\n");
    return 0;
}
