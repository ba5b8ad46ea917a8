/* Coin moving on the triangular grid: Theorems 2.4, 2.5 and 2.7 against
 * exhaustive search.
 *  - every start/target pair of 3 and 4 coins in small frames (unlabelled and
 *    labelled, targets exact / up to translation / up to translation and
 *    rotation): a breadth-first search written here over a window around the
 *    frame gives the reachable set; whatever it reaches the theorem must call
 *    solvable, and every certificate the theorem gives must replay through the
 *    descriptor (the verify path) to the target;
 *  - seeded random instances (independent and walked targets) against the
 *    bidirectional exact search: its solved and unsolvable answers are proofs,
 *    the theorem must agree with them;
 *  - random instances of up to 10^4 coins: the certificate replays;
 *  - the notes name the failed condition.
 * PL_TEST_SEED replays another run; failures print the seed and the instance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_check.h"
#include "puzzlelab/coins.h"
#include "u64map.h"

static const pl_game *G = &pl_game_coins;

static coins_level *make_level(int n, bool labelled, coins_upto upto, const coins_pt *A, const coins_pt *B) {
    coins_level *l = pl_xcalloc(1, sizeof *l);
    l->grid = COINS_TRIANGULAR;
    l->upto = upto;
    l->n = n;
    l->labelled = labelled;
    l->start = pl_xmalloc((size_t)(n + 1) * sizeof *l->start);
    l->target = pl_xmalloc((size_t)(n + 1) * sizeof *l->target);
    memcpy(l->start, A, (size_t)n * sizeof *A);
    memcpy(l->target, B, (size_t)n * sizeof *B);
    int r1 = 0, c1 = 0;
    for (int i = 0; i < n; i++) {
        if (A[i].r > r1) r1 = A[i].r;
        if (B[i].r > r1) r1 = B[i].r;
        if (A[i].c > c1) c1 = A[i].c;
        if (B[i].c > c1) c1 = B[i].c;
    }
    l->rows = r1 + 1;
    l->cols = c1 + 1;
    if (labelled) {
        static const char names[] = "abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        l->label = pl_xmalloc((size_t)n + 1);
        for (int i = 0; i < n; i++) l->label[i] = names[i % 61];
        l->label[n] = '\0';
    }
    return l;
}

static void free_level(coins_level *l) {
    coins_level_free(l);
    free(l);
}

static void describe(const coins_level *l, char *buf, size_t n) {
    size_t k =
        (size_t)snprintf(buf, n, "%s upto %d n %d start", l->labelled ? "labelled" : "unlabelled", (int)l->upto, l->n);
    for (int i = 0; i < l->n && i < 12 && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, " %d,%d", l->start[i].r, l->start[i].c);
    if (k < n) k += (size_t)snprintf(buf + k, n - k, " target");
    for (int i = 0; i < l->n && i < 12 && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, " %d,%d", l->target[i].r, l->target[i].c);
}

/* Runs algorithm name; a certificate must replay to the target. Returns its
 * length, -1 unsolvable, -2 unknown; note gets the solver's note. */
/* --order for the theorems: NULL (the default sweep) or "paper" */
static const char *order = NULL;

static long run(const char *name, const coins_level *l, uint64_t node_limit, char *note, size_t nn) {
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* the constructions' own certificates */
    if (order) o = (pl_opts){.n = 2, .name = {"no-shorten", "order"}, .value = {"", order}};
    const pl_algorithm *a = gc_algorithm(G, name);
    if (!CHECKF(a != NULL, "algorithm %s", name)) return -2;
    gc_how how = {.opts = &o, .node_limit = node_limit, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, a, l, &how, &sol);
    long result = gc_length(&sol);
    if (note) snprintf(note, nn, "%.*s", (int)(nn ? nn - 1 : 0), sol.note);
    pl_solution_free(&sol);
    return result;
}

static const char *theorem(const coins_level *l) {
    return l->labelled ? "theorem-2.5" : "theorem-2.4";
}

/* ---------- canonical forms and a set of 64-bit keys ---------- */
static coins_pt rot(coins_pt p) {
    return (coins_pt){-p.c, p.r + p.c};
}
static int cmp_pt(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    if (a->r != b->r) return a->r < b->r ? -1 : 1;
    return (a->c > b->c) - (a->c < b->c);
}

/* n <= 4 coins packed 16 bits each, after sorting (unlabelled) and moving
 * the first coin to the origin (translations), least over the rotations. */
static uint64_t canon(const coins_pt *p, int n, bool labelled, int upto) {
    uint64_t best = UINT64_MAX;
    coins_pt q[8];
    memcpy(q, p, (size_t)n * sizeof *q);
    for (int k = 0; k < (upto == 2 ? 6 : 1); k++) {
        coins_pt s[8];
        memcpy(s, q, (size_t)n * sizeof *s);
        if (!labelled) qsort(s, (size_t)n, sizeof *s, cmp_pt);
        coins_pt o = upto ? s[0] : (coins_pt){0, 0};
        uint64_t key = 0;
        for (int i = 0; i < n; i++)
            key = key << 16 | (uint64_t)((unsigned)(s[i].r - o.r + 128) & 255) << 8 |
                  ((unsigned)(s[i].c - o.c + 128) & 255);
        if (key < best) best = key;
        for (int i = 0; i < n; i++) q[i] = rot(q[i]);
    }
    return best;
}

/* ---------- breadth-first search in a window (its own move generation) ---------- */
static const int DR[6] = {0, -1, -1, 0, 1, 1}, DC[6] = {1, 1, 0, -1, -1, 0};

static bool nb(coins_pt a, coins_pt b) {
    for (int d = 0; d < 6; d++)
        if (b.r - a.r == DR[d] && b.c - a.c == DC[d]) return true;
    return false;
}

/* The configurations reachable from A by moves inside [r0,r1] x [c0,c1]:
 * their keys go into seen. */
static size_t reach(const coins_pt *A, int n, bool labelled, int r0, int c0, int r1, int c1, u64map *out) {
    size_t cap = 1024, len = 0;
    coins_pt *q = pl_xmalloc(cap * (size_t)n * sizeof *q);
    u64map seen;
    u64map_init(&seen);
    memcpy(q, A, (size_t)n * sizeof *q);
    len = 1;
    u64map_put(&seen, canon(A, n, labelled, 0), 0);
    for (size_t h = 0; h < len; h++) {
        coins_pt cur[8];
        memcpy(cur, q + h * (size_t)n, (size_t)n * sizeof *cur);
        /* candidate cells: free, in the window, next to a coin; then each coin
         * may go there when two of the other coins are adjacent */
        coins_pt z[48];
        int nz = 0;
        for (int j = 0; j < n; j++)
            for (int d = 0; d < 6; d++) {
                coins_pt c = {cur[j].r + DR[d], cur[j].c + DC[d]};
                if (c.r < r0 || c.r > r1 || c.c < c0 || c.c > c1) continue;
                bool dup = false;
                for (int k = 0; k < nz && !dup; k++) dup = z[k].r == c.r && z[k].c == c.c;
                for (int k = 0; k < n && !dup; k++) dup = cur[k].r == c.r && cur[k].c == c.c;
                if (!dup) z[nz++] = c;
            }
        for (int a = 0; a < nz; a++) {
            int adj = 0;
            uint8_t touch[8];
            for (int k = 0; k < n; k++) adj += touch[k] = nb(cur[k], z[a]);
            for (int i = 0; i < n; i++) {
                if (adj - touch[i] < 2) continue;
                coins_pt nx[8];
                memcpy(nx, cur, (size_t)n * sizeof *nx);
                nx[i] = z[a];
                if (!u64map_put(&seen, canon(nx, n, labelled, 0), 0)) continue;
                if (len == cap) {
                    cap *= 2;
                    q = pl_xrealloc(q, cap * (size_t)n * sizeof *q);
                }
                memcpy(q + len * (size_t)n, nx, (size_t)n * sizeof *nx);
                len++;
            }
        }
    }
    free(q);
    *out = seen;
    return len;
}

/* ---------- every pair in a frame ---------- */
static int subsets(int R, int C, int n, coins_pt *out) { /* all n-subsets of the frame, sorted */
    int cells = R * C, k = 0;
    for (unsigned m = 0; m < (1u << cells); m++) {
        if (__builtin_popcount(m) != n) continue;
        int j = 0;
        for (int c = 0; c < cells; c++)
            if (m >> c & 1) out[k * n + j++] = (coins_pt){c / C, c % C};
        k++;
    }
    return k;
}

/* Is some placement of B (mode m) inside the window among the reached keys? */
static bool reached(const u64map *seen, const coins_pt *B, int n, bool labelled, int m, int r0, int c0, int r1, int c1) {
    coins_pt q[8];
    memcpy(q, B, (size_t)n * sizeof *q);
    for (int k = 0; k < (m == 2 ? 6 : 1); k++) {
        int br0 = 1 << 20, bc0 = 1 << 20, br1 = -(1 << 20), bc1 = -(1 << 20);
        for (int i = 0; i < n; i++) {
            if (q[i].r < br0) br0 = q[i].r;
            if (q[i].r > br1) br1 = q[i].r;
            if (q[i].c < bc0) bc0 = q[i].c;
            if (q[i].c > bc1) bc1 = q[i].c;
        }
        for (int dr = m ? r0 - br0 : 0; dr <= (m ? r1 - br1 : 0); dr++)
            for (int dc = m ? c0 - bc0 : 0; dc <= (m ? c1 - bc1 : 0); dc++) {
                coins_pt p[8];
                for (int i = 0; i < n; i++) p[i] = (coins_pt){q[i].r + dr, q[i].c + dc};
                if (0 <= u64map_get(seen, canon(p, n, labelled, 0))) return true;
            }
        for (int i = 0; i < n; i++) q[i] = rot(q[i]);
    }
    return false;
}

static void exhaustive(int R, int C, int n, bool labelled, int margin) {
    coins_pt *sub = pl_xmalloc(4096 * sizeof *sub);
    int ns = subsets(R, C, n, sub);
    int perms[24][4], np = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = 0; c < n; c++)
                for (int d = 0; d < (n == 4 ? n : 1); d++) {
                    if (a == b || a == c || b == c || (n == 4 && (d == a || d == b || d == c))) continue;
                    perms[np][0] = a, perms[np][1] = b, perms[np][2] = c, perms[np][3] = d;
                    np++;
                }
    if (!labelled) np = 1;
    long pairs = 0, solved = 0, unsolvable = 0, window_missed = 0, found = 0;
    for (int s = 0; s < ns; s++) {
        const coins_pt *A = sub + s * n;
        u64map seen;
        int r0 = -margin, c0 = -margin, r1 = R - 1 + margin, c1 = C - 1 + margin;
        reach(A, n, labelled, r0, c0, r1, c1, &seen);
        for (int t = 0; t < ns; t++)
            for (int p = 0; p < np; p++) {
                coins_pt B[4];
                for (int i = 0; i < n; i++) B[i] = sub[t * n + perms[p][i]];
                for (int m = 0; m < 3; m++) {
                    coins_level *l = make_level(n, labelled, (coins_upto)m, A, B);
                    char d[512];
                    describe(l, d, sizeof d);
                    check_context(false, 0, "%s", d);
                    bool r = reached(&seen, B, n, labelled, m, r0, c0, r1, c1);
                    long got = run(theorem(l), l, 0, NULL, 0);
                    if (r) CHECKF(got >= 0, "exhaustive search reaches the target, the theorem says %ld", got);
                    CHECK(got != -2);
                    pairs++;
                    solved += got >= 0;
                    unsolvable += got == -1;
                    found += r;
                    window_missed += got >= 0 && !r;
                    free_level(l);
                }
            }
        u64map_free(&seen);
    }
    check_clear_context();
    printf("exhaustive %dx%d frame, %d %s coins, window margin %d: %ld pairs (x3 target modes), theorem: %ld "
           "solvable (%ld beyond the window), %ld unsolvable; search reached %ld\n",
           R, C, n, labelled ? "labelled" : "unlabelled", margin, pairs, solved, window_missed, unsolvable, found);
    free(sub);
}

/* ---------- random instances vs the bidirectional exact search ---------- */
static void random_cells(pl_rng *rng, int R, int C, int n, coins_pt *out) {
    int cells = R * C, perm[256];
    for (int i = 0; i < cells; i++) perm[i] = i;
    for (int i = 0; i < n; i++) {
        int j = i + (int)pl_rng_below(rng, (uint64_t)(cells - i)), x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
        out[i] = (coins_pt){perm[i] / C, perm[i] % C};
    }
}

/* K random legal moves from A (labelled order kept); false when stuck. */
static bool walk(pl_rng *rng, coins_pt *p, int n, int K) {
    for (int k = 0; k < K; k++) {
        coins_pt cand[512][2];
        int nc = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                for (int d = 0; d < 6 && j != i; d++) {
                    coins_pt z = {p[j].r + DR[d], p[j].c + DC[d]};
                    int adj = 0;
                    bool ok = true;
                    for (int x = 0; x < n; x++) {
                        if (p[x].r == z.r && p[x].c == z.c) ok = false;
                        if (x != i && nb(p[x], z)) adj++;
                    }
                    if (ok && adj >= 2 && nc < 512) cand[nc][0] = (coins_pt){i, 0}, cand[nc++][1] = z;
                }
        if (!nc) return false;
        int c = (int)pl_rng_below(rng, (uint64_t)nc);
        p[cand[c][0].r] = cand[c][1];
    }
    return true;
}

static void random_vs_exact(uint64_t seed, int count) {
    pl_rng rng;
    long agree_solved = 0, agree_unsolvable = 0, unknown = 0;
    for (int t = 0; t < count; t++) {
        pl_rng_seed(&rng, seed + 7000 + (uint64_t)t);
        int R = 2 + (int)pl_rng_below(&rng, 3), C = 2 + (int)pl_rng_below(&rng, 3);
        int n = 3 + (int)pl_rng_below(&rng, 3);
        if (n > R * C - 1) n = R * C - 1;
        bool labelled = pl_rng_below(&rng, 3) == 0;
        coins_upto upto = (coins_upto)pl_rng_below(&rng, 3);
        coins_pt A[8], B[8];
        random_cells(&rng, R, C, n, A);
        if (pl_rng_below(&rng, 2)) {
            random_cells(&rng, R, C, n, B);
        } else {
            memcpy(B, A, sizeof B);
            walk(&rng, B, n, 1 + (int)pl_rng_below(&rng, 4));
            int r0 = 0, c0 = 0; /* keep the frame's corner at the origin */
            for (int i = 0; i < n; i++) {
                if (B[i].r < r0) r0 = B[i].r;
                if (B[i].c < c0) c0 = B[i].c;
            }
            for (int i = 0; i < n; i++) A[i].r -= r0, A[i].c -= c0, B[i].r -= r0, B[i].c -= c0;
        }
        coins_level *l = make_level(n, labelled, upto, A, B);
        char d[512];
        describe(l, d, sizeof d);
        check_context(true, seed + 7000 + (uint64_t)t, "%s", d);
        long got = run(theorem(l), l, 0, NULL, 0);
        order = "paper"; /* the proof's order of components: same answer, its certificate replays */
        CHECK_INT(run(theorem(l), l, 0, NULL, 0) >= 0, got >= 0);
        order = NULL;
        long ex = run("bidir", l, 2000, NULL, 0);
        CHECK(got != -2);
        if (ex >= 0) {
            CHECKF(got >= 0, "exact search solves it in %ld, the theorem says %ld", ex, got);
            agree_solved++;
        } else if (ex == -1) {
            CHECKF(got == -1, "exact search proves it unsolvable, the theorem says %ld", got);
            agree_unsolvable++;
        } else {
            unknown++;
        }
        free_level(l);
    }
    check_clear_context();
    printf("random vs bidir: %d instances; exact search solved %ld, proved unsolvable %ld, unknown (window or "
           "budget) %ld\n",
           count, agree_solved, agree_unsolvable, unknown);
}

/* ---------- large random instances ---------- */
static void large(uint64_t seed) {
    static const int sizes[] = {300, 10000};
    for (int si = 0; si < 2; si++)
        for (int lab = 0; lab < 2; lab++) {
            int n = sizes[si];
            pl_rng rng;
            pl_rng_seed(&rng, seed + 100 + (uint64_t)(si * 2 + lab));
            int side = 2;
            while (side * side < 3 * n) side++;
            coins_pt *A = pl_xmalloc((size_t)n * sizeof *A), *B = pl_xmalloc((size_t)n * sizeof *B);
            uint8_t *used = pl_xcalloc((size_t)side * (size_t)side, 1);
            for (int i = 0; i < n; i++) {
                int c;
                do c = (int)pl_rng_below(&rng, (uint64_t)(side * side));
                while (used[c] & 1);
                used[c] |= 1;
                A[i] = (coins_pt){c / side, c % side};
                do c = (int)pl_rng_below(&rng, (uint64_t)(side * side));
                while (used[c] & 2);
                used[c] |= 2;
                B[i] = (coins_pt){c / side + side / 2, c % side + side / 3};
            }
            coins_upto upto = (coins_upto)((si + lab) % 3);
            coins_level *l = make_level(n, lab, upto, A, B);
            check_context(true, seed + 100 + (uint64_t)(si * 2 + lab), "large: %d %s coins, upto %d", n,
                          lab ? "labelled" : "unlabelled", (int)upto);
            double t0 = pl_now();
            order = si == 0 ? "paper" : NULL;
            long got = run(theorem(l), l, 0, NULL, 0);
            order = NULL;
            CHECKF(got > 0, "random dense target: solvable by (i), got %ld", got);
            printf("large: %5d %s coins, upto %d, order %s: %ld moves, replayed (%.2f s)\n", n,
                   lab ? "labelled" : "unlabelled", (int)upto, si == 0 ? "paper" : "sweep", got, pl_now() - t0);
            free_level(l);
            free(A);
            free(B);
            free(used);
        }
    check_clear_context();
}

/* ---------- notes ---------- */
static void notes(void) {
    char note[256];
    /* the 4-star of Figure 7, two moves away: Proposition 1.3 */
    coins_pt A[4] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, B[4] = {{0, 1}, {1, 1}, {1, 2}, {2, 0}};
    coins_level *l = make_level(4, false, COINS_EXACT, A, B);
    CHECK(run("theorem-2.4", l, 0, note, sizeof note) == -1);
    CHECKF(strstr(note, "star") && strstr(note, "(iv"), "note: %s", note);
    free_level(l);
    /* components of two coins at most: Proposition 1.2 */
    coins_pt C[4] = {{0, 0}, {0, 1}, {0, 3}, {0, 4}};
    l = make_level(4, false, COINS_EXACT, A, C);
    CHECK(run("theorem-2.4", l, 0, note, sizeof note) == -1);
    CHECKF(strstr(note, "Proposition 1.2"), "note: %s", note);
    free_level(l);
    /* a 3-coin path is reachable only in one move */
    coins_pt P[3] = {{0, 0}, {0, 1}, {1, 0}}, Q[3] = {{5, 5}, {5, 6}, {5, 7}};
    l = make_level(3, true, COINS_EXACT, P, Q);
    CHECK(run("theorem-2.5", l, 0, note, sizeof note) == -1);
    CHECKF(strstr(note, "Theorem 2.7") && strstr(note, "path"), "note: %s", note);
    free_level(l);
    /* labelled triangle, far away: solvable iff the colours match */
    coins_pt T1[3] = {{10, 10}, {10, 11}, {11, 10}}, T2[3] = {{10, 10}, {11, 10}, {10, 11}};
    l = make_level(3, true, COINS_EXACT, P, T1);
    long a = run("theorem-2.5", l, 0, note, sizeof note);
    free_level(l);
    l = make_level(3, true, COINS_EXACT, P, T2);
    long b = run("theorem-2.5", l, 0, note, sizeof note);
    CHECKF((a >= 0) != (b >= 0), "swapping two labels of a triangle changes its class (%ld, %ld)", a, b);
    free_level(l);
    l = make_level(3, true, COINS_ROTATION, P, T2);
    CHECK(run("theorem-2.5", l, 0, note, sizeof note) >= 0);
    free_level(l);
    /* a bad --order is an error, not a silent default */
    {
        pl_opts o = {.n = 1, .name = {"order"}, .value = {"bogus"}};
        pl_request req = {.opts = &o, .seed = 1, .limits = NULL, .threads = 1};
        pl_solution sol;
        pl_solution_init(&sol);
        pl_error err = {0};
        l = make_level(3, false, COINS_EXACT, P, T1);
        const pl_algorithm *a = NULL;
        for (int i = 0; i < G->nalgorithms; i++)
            if (strcmp(G->algorithms[i].name, "theorem-2.4") == 0) a = &G->algorithms[i];
        CHECK(a && a->solve(l, &req, &sol, &err) != 0);
        CHECKF(strstr(err.msg, "--order"), "error: %s", err.msg);
        pl_solution_free(&sol);
        free_level(l);
    }
    /* no move at all: two coins */
    coins_pt D[2] = {{0, 0}, {0, 1}}, E[2] = {{3, 3}, {3, 4}};
    l = make_level(2, false, COINS_EXACT, D, E);
    CHECK(run("theorem-2.4", l, 0, note, sizeof note) == -1);
    CHECKF(strstr(note, "no move"), "note: %s", note);
    free_level(l);
}

int main(void) {
    uint64_t seed = check_seed_from_env(20261122);
    double t0 = (double)clock() / CLOCKS_PER_SEC;
    notes();
    exhaustive(3, 3, 3, false, 2);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    exhaustive(2, 3, 3, true, 2);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    exhaustive(2, 3, 4, false, 2);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    exhaustive(2, 4, 4, false, 1);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    exhaustive(2, 3, 4, true, 1);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    random_vs_exact(seed, 2000);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    large(seed);
    printf("(%.1f s cpu)\n", (double)clock() / CLOCKS_PER_SEC - t0);
    return check_done("coins_tri");
}
