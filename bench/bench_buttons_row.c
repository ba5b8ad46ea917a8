/* Benchmark of Buttons & Scissors Theorem 1 (one row, sizes {2,3}): the
 * grammar parse at n = 250 ... 2000 cells, on solvable rows drawn from the
 * grammar and on random rows, with the scaling t(2n)/t(n) in one run
 * (cubic: at most 8), and the exact search on short rows as the same-run
 * baseline. Usage: bench_buttons_row [--seed S] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"
#include "bench_words.h"
#include "../src/games/buttons/solvers.h"

static void *level_of(const char *row) {
    size_t n = strlen(row);
    char *text = malloc(n + 64);
    int p = snprintf(text, n + 64, "directions: -\nsizes: 2,3\n%s\n", row);
    pl_level_text lt;
    pl_error err;
    void *l = NULL;
    if (pl_level_text_parse("bench", text, (size_t)p, &lt, &err) == 0) {
        l = pl_game_buttons.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(text);
    return l;
}

static double time_solve(bool row, void *level, pl_status *st, size_t *moves) {
    pl_limits lim;
    pl_limits_init(&lim, 60, 0, 0);
    pl_opts o = {.n = 0};
    pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    double t0 = pl_now();
    if (row) buttons_row_solve(level, &req, &sol, &err);
    else buttons_exact_solve(level, &req, &sol, &err);
    double t = pl_now() - t0;
    *st = sol.status;
    *moves = (size_t)sol.moves.n;
    pl_solution_free(&sol);
    return t;
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    if (argc == 3 && strcmp(argv[1], "--seed") == 0) seed = strtoull(argv[2], NULL, 10);
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    printf("Command: `bench_buttons_row --seed %llu`\n\n", (unsigned long long)seed);
    printf("| cells | row kind | status | cuts | row (Theorem 1) | t(n)/t(n/2) |\n|---:|---|---|---:|---:|---:|\n");
    for (int kind = 0; kind < 2; kind++) {
        double prev = 0;
        for (int n = 250; n <= 2000; n *= 2) {
            char *w = malloc((size_t)n + 1);
            if (kind == 0) bench_derive(&rng, w, n, 3);
            else
                for (int i = 0; i < n; i++) w[i] = pl_rng_below(&rng, 4) ? (char)('a' + pl_rng_below(&rng, 3)) : '.';
            w[n] = '\0';
            void *l = level_of(w);
            pl_status st;
            size_t moves;
            double t = time_solve(true, l, &st, &moves);
            char scale[16] = "-";
            if (prev > 0) snprintf(scale, sizeof scale, "%.1f", t / prev);
            printf("| %d | %s | %s | %zu | %.4f s | %s |\n", n, kind ? "random" : "solvable (from the grammar)",
                   pl_status_name(st), moves, t, scale);
            prev = t;
            pl_game_buttons.level_free(l);
            free(w);
        }
    }
    printf("\nBaseline: exact search against the grammar on short solvable rows (same run)\n\n");
    printf("| cells | exact search | row | exact / row |\n|---:|---:|---:|---:|\n");
    for (int n = 16; n <= 40; n += 8) {
        char w[64];
        bench_derive(&rng, w, n, 3);
        w[n] = '\0';
        void *l = level_of(w);
        pl_status s1, s2;
        size_t m;
        double te = time_solve(false, l, &s1, &m), tr = time_solve(true, l, &s2, &m);
        printf("| %d | %.5f s (%s) | %.5f s | %.0fx |\n", n, te, pl_status_name(s1), tr, te / tr);
        pl_game_buttons.level_free(l);
    }
    return 0;
}
