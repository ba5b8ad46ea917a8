/* Benchmark of the one-colour packing solver (Theorem 3, solve_packing.c):
 * random one-colour boards of about 10^2, 10^3 and 10^4 buttons (square
 * boards, fill 50%, directions * and +, sizes all), decision + certificate
 * time (median of 3), the scaling ratio t(10n)/t(n), which path decided
 * (the solver's note), and as the same-run baseline the exact search
 * (buttons_exact_solve, 2 s limit) on the same boards. Prints a Markdown
 * table with the command line.
 * Usage: bench_buttons_packing [--seed S] [--max N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/games/buttons/solvers.h"

static void *board(pl_rng *rng, int side, const char *dirs, int *nb) {
    size_t cap = (size_t)side * (size_t)(side + 1) + 200;
    char *t = malloc(cap);
    int len = snprintf(t, cap, "directions: %s\nsizes: all\n", dirs);
    *nb = 0;
    for (int r = 0; r < side; r++) {
        for (int c = 0; c < side; c++) {
            bool on = pl_rng_below(rng, 2) == 0;
            *nb += on;
            t[len++] = on ? 'a' : '.';
        }
        t[len++] = '\n';
    }
    t[len] = '\0';
    pl_level_text lt;
    pl_error err;
    void *lv = NULL;
    if (!pl_level_text_parse("bench", t, (size_t)len, &lt, &err)) {
        lv = pl_game_buttons.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(t);
    return lv;
}

static double run(int (*solve)(const void *, const pl_request *, pl_solution *, pl_error *), const void *lv,
                  double limit, pl_solution *keep) {
    pl_limits lim;
    pl_limits_init(&lim, limit, 0, 0);
    pl_request req = {0};
    req.limits = &lim;
    req.threads = 1;
    pl_error err;
    pl_solution_init(keep);
    double t0 = pl_now();
    solve(lv, &req, keep, &err);
    return pl_now() - t0;
}

static double med3(double a, double b, double c) {
    double t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    return b;
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    int maxn = 10000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--max") && i + 1 < argc) maxn = atoi(argv[++i]);
    }
    printf("command: `");
    for (int i = 0; i < argc; i++) printf("%s%s", i ? " " : "", argv[i]);
    printf("`\n\n");
    printf("| directions | target n | board | buttons | status | cuts | packing (s) | t(n)/t(n/10) | path | exact search, 2 s limit (baseline) |\n");
    printf("|---|---:|---|---:|---|---:|---:|---:|---|---|\n");
    const char *dirs[] = {"*", "+"};
    for (int di = 0; di < 2; di++) {
        double prev = 0;
        for (int target = 100; target <= maxn; target *= 10) {
            int side = 1;
            while (side * side < 2 * target) side++;
            pl_rng rng;
            pl_rng_seed(&rng, seed + (uint64_t)target);
            int nb;
            void *lv = board(&rng, side, dirs[di], &nb);
            if (!lv) return 2;
            pl_solution s[3];
            double t[3];
            for (int k = 0; k < 3; k++) t[k] = run(buttons_packing_solve, lv, 0, &s[k]);
            double tm = med3(t[0], t[1], t[2]);
            char base[160] = "not run (too large)";
            if (target <= 1000) {
                pl_solution e;
                double te = run(buttons_exact_solve, lv, 2.0, &e);
                snprintf(base, sizeof base, "%s in %.3f s", pl_status_name(e.status), te);
                pl_solution_free(&e);
            }
            char ratio[32] = "-";
            if (prev > 0) snprintf(ratio, sizeof ratio, "%.1f", tm / prev);
            char path[80];
            snprintf(path, sizeof path, "%.*s", (int)strcspn(s[0].note, ";"), s[0].note);
            printf("| %s | %d | %dx%d | %d | %s | %d | %.4f | %s | %s | %s |\n", dirs[di], target, side, side, nb,
                   pl_status_name(s[0].status), s[0].moves.n, tm, ratio, path, base);
            fflush(stdout);
            prev = tm;
            for (int k = 0; k < 3; k++) pl_solution_free(&s[k]);
            pl_game_buttons.level_free(lv);
        }
    }
    printf("\nbuild type: %s\n", PL_BENCH_BUILD_TYPE);
    return 0;
}
