/* Benchmark of the one-colour packing solver (Theorem 3, solve_packing.c):
 * random one-colour boards of n = 156, 312, ..., 10^4 buttons (doubling, so
 * the scaling t(2n)/t(n) shows in one run), three families:
 *   even   square board, fill 50%, directions *, an even number of buttons
 *          (2-cuts suffice: the perfect-matching path);
 *   odd    the same with one button more, so that 3-cuts are required (the
 *          Gallai-Edmonds path: forest, a collinear triple per free odd
 *          component, final matching);
 *   sparse fill 12%, directions +, odd: long lines with few buttons;
 *   rows   directions - only, every row an odd number >= 3 of buttons (fill
 *          about 50%): every row is its own odd component, so the packing
 *          needs one triple per row (side many 3-cuts).
 * Decision + certificate time (median of 3), the number of Edmonds searches
 * ("nodes"), the path taken (the solver's note), and as same-run baselines
 * the exact search (buttons_exact_solve, 2 s limit, up to 1250 buttons) and,
 * at every size, one maximum matching of the collinearity graph alone
 * (pl_max_matching, the unavoidable first step), printed as a ratio.
 * Prints a Markdown table with the command line.
 * Usage: bench_buttons_packing [--seed S] [--max N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/matching.h"
#include "../src/games/buttons/solvers.h"

typedef struct fam {
    const char *name, *dirs;
    int fill;   /* percent */
    int parity; /* 0 even, 1 odd, 2 every row odd */
} fam;

/* A random board with about target buttons, adjusted to the wanted parity
 * by adding or removing one button. Also returns the cells. */
static void *board(pl_rng *rng, const fam *f, int target, int *nb, int *side_out) {
    int side = 1;
    while ((double)side * side * f->fill / 100.0 < target) side++;
    size_t cap = (size_t)side * (size_t)(side + 1) + 200;
    char *t = malloc(cap);
    int len = snprintf(t, cap, "directions: %s\nsizes: all\n", f->dirs);
    int head = len;
    *nb = 0;
    for (int r = 0; r < side; r++) {
        for (int c = 0; c < side; c++) {
            bool on = (int)pl_rng_below(rng, 100) < f->fill;
            *nb += on;
            t[len++] = on ? 'a' : '.';
        }
        t[len++] = '\n';
    }
    t[len] = '\0';
    for (int r = 0; f->parity == 2 && r < side; r++) { /* make every row odd and >= 3 */
        char *row = t + head + r * (side + 1);
        int cnt = 0;
        for (int c = 0; c < side; c++) cnt += row[c] == 'a';
        for (int c = 0; c < side && (cnt < 3 || cnt % 2 == 0); c++)
            if (row[c] == '.') {
                row[c] = 'a';
                cnt++;
                (*nb)++;
            }
    }
    if (f->parity < 2 && *nb % 2 != f->parity) { /* flip one cell */
        int r = (int)pl_rng_below(rng, (uint64_t)side), c = (int)pl_rng_below(rng, (uint64_t)side);
        char *p = t + head + r * (side + 1) + c;
        *nb += *p == 'a' ? -1 : 1;
        *p = *p == 'a' ? '.' : 'a';
    }
    pl_level_text lt;
    pl_error err;
    void *lv = NULL;
    if (!pl_level_text_parse("bench", t, (size_t)len, &lt, &err)) {
        lv = pl_game_buttons.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(t);
    *side_out = side;
    return lv;
}

/* The collinearity graph of the board, and one maximum matching of it. */
static double matching_only(const buttons_level *l) {
    int R = l->rows, C = l->cols, n = 0;
    int *bid = malloc(((size_t)R * C + 1) * sizeof(int));
    for (int i = 0; i < R * C; i++) bid[i] = l->cell[i] ? n++ : -1;
    size_t cap = 1024, ne = 0;
    int *eu = malloc(cap * sizeof(int)), *ev = malloc(cap * sizeof(int));
    int *line = malloc(((size_t)R + C + 1) * sizeof(int));
    double t0 = pl_now();
    for (int d = 0; d < 4; d++) {
        if (!(l->directions & (1u << d))) continue;
        int dr = buttons_dir_dr[d], dc = buttons_dir_dc[d];
        for (int r0 = 0; r0 < R; r0++)
            for (int c0 = 0; c0 < C; c0++) {
                int pr = r0 - dr, pc = c0 - dc;
                if (pr >= 0 && pc >= 0 && pr < R && pc < C) continue;
                int m = 0;
                for (int r = r0, c = c0; r >= 0 && c >= 0 && r < R && c < C; r += dr, c += dc)
                    if (bid[r * C + c] >= 0) line[m++] = bid[r * C + c];
                for (int i = 0; i < m; i++)
                    for (int j = i + 1; j < m; j++) {
                        if (ne == cap) {
                            cap *= 2;
                            eu = realloc(eu, cap * sizeof(int));
                            ev = realloc(ev, cap * sizeof(int));
                        }
                        eu[ne] = line[i];
                        ev[ne++] = line[j];
                    }
            }
    }
    int *mate = malloc(((size_t)n + 1) * sizeof(int));
    pl_max_matching(n, (int)ne, eu, ev, mate, 0);
    double t = pl_now() - t0;
    free(bid);
    free(eu);
    free(ev);
    free(line);
    free(mate);
    return t;
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
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    if (b > c) {
        t = b;
        b = c;
        c = t;
    }
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    return b;
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    int maxn = 10000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--max") && i + 1 < argc)
            maxn = atoi(argv[++i]);
    }
    printf("command: `");
    for (int i = 0; i < argc; i++) printf("%s%s", i ? " " : "", argv[i]);
    printf("`\n\n");
    printf("| family | board | buttons | status | cuts | 3-cuts | nodes | packing (s) | t(2n)/t(n) | one max "
           "matching (s) | packing / matching | path | exact search, 2 s limit (baseline) |\n");
    printf("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    const fam fams[] = {{"even", "*", 50, 0}, {"odd", "*", 50, 1}, {"sparse", "+", 12, 1}, {"rows", "-", 50, 2}};
    for (int fi = 0; fi < 4; fi++) {
        double prev = 0;
        int start = maxn; /* halve down to >= 150 so that doubling ends at maxn */
        while (start / 2 >= 150) start /= 2;
        for (int target = start; target <= maxn; target *= 2) {
            pl_rng rng;
            pl_rng_seed(&rng, seed + (uint64_t)target * 7 + (uint64_t)fi);
            int nb, side;
            void *lv = board(&rng, &fams[fi], target, &nb, &side);
            if (!lv) return 2;
            pl_solution s[3];
            double t[3];
            for (int k = 0; k < 3; k++) t[k] = run(buttons_packing_solve, lv, 0, &s[k]);
            double tm = med3(t[0], t[1], t[2]);
            double mt = med3(matching_only(lv), matching_only(lv), matching_only(lv));
            char base[160] = "not run (too large)";
            if (target <= 1250) {
                pl_solution e;
                double te = run(buttons_exact_solve, lv, 2.0, &e);
                snprintf(base, sizeof base, "%s in %.3f s", pl_status_name(e.status), te);
                pl_solution_free(&e);
            }
            char ratio[32] = "-";
            if (prev > 0) snprintf(ratio, sizeof ratio, "%.1f", tm / prev);
            char path[120];
            snprintf(path, sizeof path, "%.*s", (int)strcspn(s[0].note, ";"), s[0].note);
            const char *tr = strstr(s[0].note, "lines; ");
            int triples = tr ? atoi(tr + 7) : 0;
            printf("| %s | %dx%d | %d | %s | %d | %d | %llu | %.4f | %s | %.4f | %.1f | %s | %s |\n", fams[fi].name,
                   side, side, nb, pl_status_name(s[0].status), s[0].moves.n, triples, (unsigned long long)s[0].nodes,
                   tm, ratio, mt, mt > 0 ? tm / mt : 0.0, path, base);
            fflush(stdout);
            prev = tm;
            for (int k = 0; k < 3; k++) pl_solution_free(&s[k]);
            pl_game_buttons.level_free(lv);
        }
    }
    printf("\n3-cuts: collinear triples in the packing. build type: %s\n", PL_BENCH_BUILD_TYPE);
    return 0;
}
