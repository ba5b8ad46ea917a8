/* Benchmark of the two Snipperclips constructions on random star-shaped
 * targets (generate --family simple) of n = 10, 20, 40, ... up to --max
 * vertices: Theorem 3's needle (connected model) and Theorem 5's L-shaped
 * regions (disconnected model). For each n: snips, resets, CPU-independent
 * wall time, snips/n (the needle's constant, bound 3 + 11n) and
 * (snips+resets)/n^2 (Theorem 5's), and the time ratio against the smallest
 * n of the same run (the baseline), so the scaling shows in one table. Every
 * certificate is checked by the construction itself (replayed through the
 * rules, final comparison within the tolerance); a run past --time-limit
 * seconds prints "limit" and stops that construction's column.
 * Usage: bench_snip [--seed S] [--max N] [--time-limit SECONDS] [--only needle|lshape] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/snip.h"

static void *make_level(long n, const char *model, unsigned long long seed) {
    char nv[32], sv[32];
    snprintf(nv, sizeof nv, "%ld", n);
    snprintf(sv, sizeof sv, "%llu", seed);
    pl_opts o = {.n = 4};
    const char *names[] = {"family", "vertices", "model", "seed"}, *vals[] = {"simple", nv, model, sv};
    for (int i = 0; i < 4; i++) o.name[i] = names[i], o.value[i] = vals[i];
    pl_error err;
    char *text = pl_game_snip.generate(&o, &err);
    if (!text) return NULL;
    pl_level_text lt;
    void *l = NULL;
    if (!pl_level_text_parse("bench", text, strlen(text), &lt, &err)) {
        l = pl_game_snip.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(text);
    return l;
}

int main(int argc, char **argv) {
    unsigned long long seed = 1;
    long max = 1000;
    double limit = 300;
    const char *only = NULL;
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL; /* set by the number parsers */
        bool ok = v != NULL;
        if (ok && !strcmp(opt, "--seed"))
            seed = strtoull(v, &end, 10);
        else if (ok && !strcmp(opt, "--max"))
            max = strtol(v, &end, 10);
        else if (ok && !strcmp(opt, "--time-limit"))
            limit = strtod(v, &end);
        else if (ok && !strcmp(opt, "--only"))
            only = v, ok = !strcmp(v, "needle") || !strcmp(v, "lshape");
        else
            ok = false;
        if (ok && end) ok = end != v && !*end;
        if (!ok) {
            fprintf(stderr, "bench_snip: bad argument '%s'%s%s\nusage: bench_snip [--seed S] [--max N] "
                            "[--time-limit SECONDS] [--only needle|lshape]\n",
                    opt, v ? " " : "", v ? v : "");
            return 2;
        }
    }
    printf("bench_snip --seed %llu --max %ld --time-limit %g%s%s\n\n", seed, max, limit, only ? " --only " : "",
           only ? only : "");
    printf("| construction | n | status | snips | resets | seconds | t / t(10) | snips/n | ops/n^2 |\n");
    printf("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    static const char *const algs[] = {"needle", "lshape"};
    for (int a = 0; a < 2; a++) {
        if (only && strcmp(only, algs[a])) continue;
        double base = 0;
        long ns[] = {10, 20, 40, 80, 160, 320, 640, 1000};
        for (size_t k = 0; k < sizeof ns / sizeof ns[0] && ns[k] <= max; k++) {
            long n = ns[k];
            void *l = make_level(n, a == 0 ? "connected" : "disconnected", seed);
            if (!l) {
                printf("| %s | %ld | no level | | | | | | |\n", algs[a], n);
                continue;
            }
            pl_limits lim;
            pl_limits_init(&lim, limit, 0, 0);
            pl_solution sol;
            pl_solution_init(&sol);
            pl_error err;
            double t0 = pl_now();
            if (a == 0)
                snip_solve_needle(l, &lim, &sol, &err);
            else
                snip_solve_lshape(l, &lim, &sol, &err);
            double t = pl_now() - t0;
            long snips = 0, resets = 0;
            for (int i = 0; i < sol.nvalues; i++) {
                if (!strcmp(sol.value_name[i], "snips")) snips = (long)sol.value[i];
                if (!strcmp(sol.value_name[i], "resets")) resets = (long)sol.value[i];
            }
            if (base == 0) base = t;
            const char *st = sol.status == PL_SOLVED ? "solved" : lim.hit ? "limit" : "unknown";
            printf("| %s | %ld | %s | %ld | %ld | %.2f | %.1f | %.2f | %.3f |\n", algs[a], n, st, snips, resets, t,
                   t / base, (double)snips / (double)n, (double)(snips + resets) / ((double)n * (double)n));
            fflush(stdout);
            bool stop = lim.hit != 0;
            pl_solution_free(&sol);
            pl_game_snip.level_free(l);
            if (stop) break;
        }
    }
    return 0;
}
