/* Coin moving, square grid (Galliot 2019, Section 3):
 *  1. spans by rectangle merging (Corollary 3.21, O(N^2)) against Algorithm 1
 *     over the hull's cells (the same-run baseline), N = 50 .. 2000;
 *  2. Theorem 3.8's conditions on random puzzles, N = 50 .. 2000: a dense
 *     random start and the target after random legal moves; (a) stops at the
 *     first good pair, (b) is O(N); then the worst case where (a) fails and
 *     every pair is tried (O(N^4): 16x per doubling);
 *  3. the letter puzzles (levels/coins/letters): what the theorems say, the
 *     `theorems` algorithm (its construction, else exact search) against
 *     exact search alone, side by side;
 *  5. Theorem 3.8's construction on random puzzles, N = 50 .. 2000 (moves
 *     after CLEAN, time);
 *  4. Lemma 3.6: flipping and rotating 'L's of n x n and n x (n+1), n = 8 ..
 *     256 (G' actions, moves after CLEAN, time; O(n^2) predicts 4x per
 *     doubling of n).
 *
 *     ./build/bench/bench_coins_square [SECONDS_PER_LETTER] */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

#ifndef PL_BENCH_LEVELS_DIR
#define PL_BENCH_LEVELS_DIR "levels/coins/letters"
#endif
#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "?"
#endif

static const pl_game *G = &pl_game_coins;

/* N distinct coins in a side x side square with about `fill` percent occupied */
static void random_coins(pl_rng *rng, coins_pt *c, int n, int side) {
    uint8_t *used = pl_xcalloc((size_t)side * (size_t)side, 1);
    for (int k = 0; k < n;) {
        int i = (int)pl_rng_below(rng, (uint64_t)side * (uint64_t)side);
        if (!used[i]) used[i] = 1, c[k++] = (coins_pt){i / side, i % side};
    }
    free(used);
}

static double span_baseline(const coins_pt *c, int n) {
    coins_rect H = coins_sq_hull(c, n);
    coins_level l = {.grid = COINS_SQUARE, .n = n};
    double t0 = pl_now();
    coins_board b;
    coins_board_rect(&b, &l, H.r0, H.c0, H.r1 - H.r0 + 1, H.c1 - H.c0 + 1);
    int *pos = pl_xmalloc((size_t)n * sizeof *pos);
    uint8_t *in = pl_xmalloc((size_t)b.nv);
    for (int i = 0; i < n; i++) pos[i] = coins_board_pos(&b, c[i]);
    coins_span(&b, pos, n, in, NULL);
    double t = pl_now() - t0;
    free(pos);
    free(in);
    coins_board_free(&b);
    return t;
}

/* the target: the start after `steps` random legal moves (a coin to a free
 * cell with two other coins adjacent), found by sampling */
static void walk(pl_rng *rng, coins_pt *c, int n, int side, int steps) {
    uint8_t *occ = pl_xcalloc((size_t)side * (size_t)side, 1);
    for (int i = 0; i < n; i++) occ[c[i].r * side + c[i].c] = 1;
    for (int s = 0, tries = 0; s < steps && tries < 100000; tries++) {
        int i = (int)pl_rng_below(rng, (uint64_t)n), q = (int)pl_rng_below(rng, (uint64_t)side * (uint64_t)side);
        int r = q / side, cc = q % side;
        if (occ[q]) continue;
        occ[c[i].r * side + c[i].c] = 0;
        int k = (r > 0 && occ[q - side]) + (r + 1 < side && occ[q + side]) + (cc > 0 && occ[q - 1]) +
                (cc + 1 < side && occ[q + 1]);
        if (k >= 2) {
            c[i] = (coins_pt){r, cc};
            s++;
        }
        occ[c[i].r * side + c[i].c] = 1;
    }
    free(occ);
}

static void scaling(void) {
    printf("\n## 1-2. spans and Theorem 3.8's conditions on random puzzles\n");
    printf("%6s %6s | %12s %12s %7s | %10s %6s %6s %10s\n", "N", "side", "span merge s", "Algorithm 1 s", "ratio",
           "thm38 s", "(a)", "(b)", "pairs");
    static const int sizes[] = {50, 100, 200, 400, 800, 1600, 2000};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        int n = sizes[z], side = 1;
        while (side * side < 3 * n) side++; /* a third of the cells occupied */
        pl_rng rng;
        pl_rng_seed(&rng, 1000 + (uint64_t)n);
        coins_pt *a = pl_xmalloc((size_t)n * sizeof *a), *b = pl_xmalloc((size_t)n * sizeof *b);
        coins_rect *r = pl_xmalloc((size_t)n * sizeof *r);
        random_coins(&rng, a, n, side);
        memcpy(b, a, (size_t)n * sizeof *a);
        walk(&rng, b, n, side, n / 4);
        int reps = n <= 400 ? 20 : 3;
        double t0 = pl_now();
        for (int k = 0; k < reps; k++) coins_sq_span_rects(a, n, r);
        double tm = (pl_now() - t0) / reps, tb = 0;
        for (int k = 0; k < reps; k++) tb += span_baseline(a, n);
        tb /= reps;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        coins_thm38 th;
        t0 = pl_now();
        coins_thm38_check(a, b, n, &lim, &th);
        double tt = pl_now() - t0;
        printf("%6d %6d | %12.6f %12.6f %6.1fx | %10.4f %6s %6s %10llu\n", n, side, tm, tb, tb / (tm > 0 ? tm : 1e-9),
               tt, th.a ? "yes" : "no", th.b ? "yes" : "no", (unsigned long long)lim.nodes);
        free(a), free(b), free(r);
    }
    /* the worst case: the target's span is the whole frame and the start is
     * the canonical 'L' plus scattered coins, so no pair is extra: every pair
     * is tried */
    printf("\nworst case for (a) (no pair works, all N(N-1)/2 tried):\n%6s %10s %8s\n", "N", "seconds", "ratio");
    double prev = 0;
    for (int n = 48; n <= 384; n *= 2) {
        coins_rect R = {0, 0, n - 1, n - 1};
        coins_pt *a = pl_xmalloc((size_t)2 * (size_t)n * sizeof *a);
        int k = coins_sq_canonical_L(R, a);
        for (int i = k; i < n; i++) a[i] = (coins_pt){3 * n + 10 * i, 0}; /* far away, isolated */
        coins_pt *b = pl_xmalloc((size_t)n * sizeof *b);
        memcpy(b, a, (size_t)n * sizeof *b);
        coins_thm38 th;
        double t0 = pl_now();
        coins_thm38_check(a, b, n, NULL, &th);
        double t = pl_now() - t0;
        printf("%6d %10.4f %7.1fx\n", n, t, prev > 0 ? t / prev : 0.0);
        prev = t;
        free(a), free(b);
    }
}

/* Theorem 3.8's construction on random puzzles: a random start (a third of a
 * square occupied), the target after N/4 random legal moves. */
static void construction(double cap) {
    printf("\n## 5. Theorem 3.8's construction on random puzzles, and Theorem 3.16's on the same with labels (stops "
           "at %.0f s)\n",
           cap);
    printf("%6s %8s %10s %10s %8s %s\n", "N", "moves", "moves/N^2", "seconds", "ratio", "result");
    double prev = 0;
    for (int n = 50; n <= 2000; n *= 2) {
        int side = 1;
        while (side * side < 3 * n) side++;
        pl_rng rng;
        pl_rng_seed(&rng, 5000 + (uint64_t)n);
        coins_pt *a = pl_xmalloc((size_t)n * sizeof *a), *b = pl_xmalloc((size_t)n * sizeof *b);
        random_coins(&rng, a, n, side);
        memcpy(b, a, (size_t)n * sizeof *a);
        walk(&rng, b, n, side, n / 4);
        pl_limits lim;
        pl_limits_init(&lim, cap, 0, 0);
        double t0 = pl_now();
        coins_thm38 th;
        coins_thm38_check(a, b, n, &lim, &th);
        coins_pt *from = NULL, *to = NULL;
        long long nm = -1;
        char why[160] = "";
        int rc = th.a && th.b ? coins_thm38_construct(a, b, n, &th, &lim, &from, &to, &nm, why, sizeof why) : -1;
        double t = pl_now() - t0;
        const char *result = rc ? (th.a && th.b ? why : "conditions fail") : "certificate, replayed";
        if (!rc) { /* replay the moves as verify does and compare with the target */
            coins_level l = {.grid = COINS_SQUARE, .upto = COINS_EXACT, .n = n, .start = a, .target = b};
            coins_state *st = coins_state_new(&l);
            char w[256];
            for (long long i = 0; i < nm && !rc; i++)
                if (coins_state_move(st, from[i], to[i], w, sizeof w)) result = "certificate INVALID", rc = 1;
            if (!rc && !coins_state_at_target(st, w, sizeof w)) result = "certificate misses the target", rc = 1;
            coins_state_free(st);
            if (rc) free(from), free(to);
        }
        printf("%6d %8lld %10.2f %10.3f %7.1fx %s\n", n, rc ? -1 : nm, rc ? 0.0 : (double)nm / ((double)n * n), t,
               prev > 0 && !rc ? t / prev : 0.0, result);
        /* labelled (Theorem 3.16): coin i carries label i mod 26 in both */
        if (!rc) {
            char *label = pl_xmalloc((size_t)n + 1);
            for (int i = 0; i < n; i++) label[i] = (char)('a' + i % 26);
            label[n] = 0;
            coins_level ll = {.grid = COINS_SQUARE, .upto = COINS_EXACT, .n = n, .labelled = true, .label = label,
                              .start = a, .target = b};
            coins_thm316 info;
            coins_pt *f2 = NULL, *t2 = NULL;
            long long n2 = -1;
            double t1 = pl_now();
            int r2 = coins_thm316_construct(&ll, &th, &lim, &f2, &t2, &n2, &info, why, sizeof why);
            double tl = pl_now() - t1;
            const char *res2 = r2 ? why : "certificate, replayed";
            if (!r2) {
                coins_state *st = coins_state_new(&ll);
                char w[256];
                for (long long i = 0; i < n2 && !r2; i++)
                    if (coins_state_move(st, f2[i], t2[i], w, sizeof w)) res2 = "certificate INVALID", r2 = 1;
                if (!r2 && !coins_state_at_target(st, w, sizeof w)) res2 = "certificate misses the target", r2 = 1;
                coins_state_free(st);
                free(f2), free(t2);
            }
            printf("%6s %8lld %10s %10.3f %8s labelled (Theorem 3.16 %s, r = %d): %lld swaps (%lld scaffolded), %lld "
                   "moves more than unlabelled (%.1f per coin); %s\n",
                   "", r2 ? -1 : n2, "", tl, "", info.hyp ? "holds" : "does not decide", info.r, info.swaps,
                   info.scaffolds, r2 ? 0 : n2 - nm, r2 ? 0.0 : (double)(n2 - nm) / n, res2);
            free(label);
        }
        if (!rc) {
            prev = t;
            free(from), free(to);
        }
        free(a), free(b);
        if (rc && lim.hit) break;
        if (n == 1600) n = 1000; /* then 2000 */
    }
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *run(const char *alg, void *level, double secs, double *t, int *len, char *note, size_t n) {
    pl_limits lim;
    pl_limits_init(&lim, secs, 0, 0);
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* time the theorems' own constructions */
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    const pl_algorithm *a = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, alg) == 0) a = &G->algorithms[i];
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    a->solve(level, &req, &sol, &err);
    *t = pl_now() - t0;
    *len = sol.status == PL_SOLVED ? sol.moves.n : -1;
    snprintf(note, n, "%.*s", (int)(n > 0 ? n - 1 : 0), sol.note);
    const char *s = sol.status == PL_SOLVED ? "solved" : sol.status == PL_UNSOLVABLE ? "unsolvable" : "unknown";
    pl_solution_free(&sol);
    return s;
}

static void letters(double secs) {
    printf("\n## 3. letter puzzles: the theorems against exact search (%.0f s each)\n", secs);
    printf("%-16s | %-50s %9s | %-10s %4s %7s | %-10s %4s %7s %s\n", "level", "theorem check", "check s", "bidir",
           "len", "s", "theorems", "len", "s", "certificate");
    DIR *dp = opendir(PL_BENCH_LEVELS_DIR);
    if (!dp) return;
    char *names[256];
    int nn = 0;
    struct dirent *e;
    while ((e = readdir(dp)) && nn < 256) {
        size_t k = strlen(e->d_name);
        if (k > 6 && strcmp(e->d_name + k - 6, ".level") == 0) names[nn++] = pl_xstrdup(e->d_name);
    }
    closedir(dp);
    qsort(names, (size_t)nn, sizeof *names, cmp_str);
    int counts[4] = {0, 0, 0, 0}, constructed = 0;
    for (int i = 0; i < nn; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", PL_BENCH_LEVELS_DIR, names[i]);
        char *data;
        size_t len;
        pl_error err = {0};
        if (pl_read_file(path, &data, &len, &err)) continue;
        pl_level_text lt;
        if (pl_level_text_parse(path, data, len, &lt, &err)) {
            free(data);
            continue;
        }
        coins_level *l = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
        free(data);
        if (!l) continue;
        double t0 = pl_now();
        coins_thm38 th;
        coins_thm38_check(l->start, l->target, l->n, NULL, &th);
        coins_pt where;
        int fixed = coins_fixed_ends_check(l, l->target, &where);
        double tc = pl_now() - t0;
        const char *what = fixed                     ? "Proposition 3.11: unsolvable"
                           : th.a && th.b            ? "Theorem 3.8: solvable"
                           : th.a_i && !th.a && th.b ? "undecided: (a.i),(b) without (a.ii) (Fig. 33)"
                           : th.a && !th.b && th.b_i ? "undecided: (a),(b.i) without (b.ii) (Fig. 35)"
                           : !th.a_i                 ? "does not apply: no two extra coins (a.i)"
                                                     : "does not apply";
        counts[fixed ? 0 : th.a && th.b ? 1 : th.a && !th.b && th.b_i ? 2 : 3]++;
        double t, t2;
        int n, n2;
        char note[256], note2[256];
        const char *s = run("bidir", l, secs, &t, &n, note, sizeof note);
        const char *s2 = run("theorems", l, secs, &t2, &n2, note2, sizeof note2);
        bool built = strstr(note2, "by its construction") != NULL;
        constructed += built;
        char lenbuf[16], lenbuf2[16];
        snprintf(lenbuf, sizeof lenbuf, "%d", n);
        snprintf(lenbuf2, sizeof lenbuf2, "%d", n2);
        printf("%-16s | %-50s %9.6f | %-10s %4s %7.3f | %-10s %4s %7.3f %s\n", names[i], what, tc, s,
               n >= 0 ? lenbuf : "-", t, s2, n2 >= 0 ? lenbuf2 : "-", t2, built ? "construction" : "exact search");
        coins_level_free(l);
        free(l);
        free(names[i]);
    }
    printf("summary: Proposition 3.11 decides %d, Theorem 3.8 decides %d (its construction certifies %d), Figure 35's "
           "case %d, not applicable %d\n",
           counts[0], counts[1], constructed, counts[2], counts[3]);
}

static void reorient(void) {
    printf("\n## 4. Lemma 3.6: re-orienting 'L's (G' actions; moves after CLEAN)\n");
    printf("%-10s %-8s %10s %10s %10s %8s %7s\n", "size", "what", "actions", "moves", "seconds", "a/(mn)", "ratio");
    for (int kind = 0; kind < 6; kind++) {
        double prev = 0;
        for (int n0 = 9; n0 <= 289; n0 = 2 * n0 - 1) {
            /* odd x odd, m + n odd, even x even */
            int m = kind >= 2 ? n0 + 1 : n0, n = kind >= 4 ? n0 + 1 : n0;
            coins_rect R = {0, 0, m - 1, n - 1};
            coins_pt *L1 = pl_xmalloc((size_t)(m + n) * sizeof *L1), *L2 = pl_xmalloc((size_t)(m + n) * sizeof *L2);
            int k = coins_sq_canonical_L(R, L1);
            for (int i = 0; i < k; i++)
                L2[i] = kind % 2 == 0 ? (coins_pt){m - 1 - L1[i].r, n - 1 - L1[i].c} /* flip */
                                      : (coins_pt){m - 1 - L1[i].r, L1[i].c};        /* rotation */
            double t0 = pl_now();
            coins_gp *g = coins_gp_new(L1, k, 2);
            int rc = coins_sq_reorient(g, R, L1, L2, k);
            long long na;
            const coins_sq_action *act = coins_gp_actions(g, &na);
            /* CLEAN from (L1 plus two far coins, 0): take those first */
            coins_sq_action *all = pl_xmalloc((size_t)(na + 2) * sizeof *all);
            coins_pt *A = pl_xmalloc((size_t)(k + 2) * sizeof *A);
            memcpy(A, L1, (size_t)k * sizeof *A);
            A[k] = (coins_pt){-10, 0}, A[k + 1] = (coins_pt){-10, 5};
            all[0] = (coins_sq_action){-10, 0, false}, all[1] = (coins_sq_action){-10, 5, false};
            if (na) memcpy(all + 2, act, (size_t)na * sizeof *all);
            coins_pt *from = pl_xmalloc((size_t)(na + 2) * sizeof *from),
                     *to = pl_xmalloc((size_t)(na + 2) * sizeof *to);
            long long nm = coins_sq_clean(A, k + 2, all, na + 2, from, to);
            free(all), free(A);
            double t = pl_now() - t0;
            char size[32];
            snprintf(size, sizeof size, "%dx%d", m, n);
            printf("%-10s %-8s %10lld %10lld %10.4f %8.2f %6.1fx%s\n", size, kind % 2 == 0 ? "flip" : "rotation", na,
                   nm, t, (double)na / ((double)m * n), prev > 0 ? (double)na / prev : 0.0, rc ? "  (failed)" : "");
            prev = (double)na;
            coins_gp_free(g);
            free(L1), free(L2), free(from), free(to);
        }
    }
}

/* Usage: bench_coins_square [SECONDS [PART]]: SECONDS of exact search per
 * letter puzzle (default 2); PART 1-5 runs that part alone (1 and 2 are one
 * table; default all). */
int main(int argc, char **argv) {
    double secs = argc > 1 ? atof(argv[1]) : 2.0;
    int part = argc > 2 ? atoi(argv[2]) : 0;
    printf("# coin moving, square grid (Section 3); build %s\n", PL_BENCH_BUILD_TYPE);
    if (!part || part == 4) reorient();
    if (!part || part <= 2) scaling();
    if (!part || part == 5) construction(secs > 0 ? 30 * secs : 60);
    if (!part || part == 3) letters(secs);
    return 0;
}
