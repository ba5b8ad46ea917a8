/* Lemma 3.6 (re-orienting 'L's with two extra coins) and CLEAN:
 *  - for every rectangle up to 9 x 9 and random pairs of minimal 2-paths
 *    between opposite corners (canonical 'L's, their flips and rotations,
 *    and random staircases), coins_sq_reorient's G' actions are legal (the
 *    recorder checks each one, every take reversible), end on the second
 *    path with the two extra coins back in the reserve, and use O(mn)
 *    actions;
 *  - CLEAN turns them, after taking two far-away extra coins, into moves of
 *    the real game that replay (the code verify runs) and end with the second
 *    path on the board;
 *  - rotations with both sides even (exhaustive search up to 30 cells, the
 *    row and column programs of rotate_even above): every even size from
 *    2 x 2 to 20 x 20, both directions, never refused;
 *  - CLEAN on 3,000 random G' walks with stacking (up to 14 coins, 200
 *    actions): the moves replay in the real game and every position G'
 *    occupies at the end holds a coin (the printed CLEAN fails this).
 * PL_TEST_SEED replays another run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "solvers.h"

/* a random minimal 2-path from (0,0) to (m-1,n-1): steps (2,0), (0,2),
 * (1,1), and one unit step exactly when m + n is odd */
static int random_path(pl_rng *rng, int m, int n, coins_pt *out) {
    int k = 0, r = 0, c = 0;
    bool unit = (m + n) % 2 == 1;
    out[k++] = (coins_pt){0, 0};
    while (r != m - 1 || c != n - 1) {
        static const int st[5][2] = {{2, 0}, {0, 2}, {1, 1}, {1, 0}, {0, 1}};
        int cand[5], nc = 0;
        for (int s = 0; s < 5; s++) {
            int dr = m - 1 - r - st[s][0], dc = n - 1 - c - st[s][1];
            bool isunit = st[s][0] + st[s][1] == 1;
            if (dr < 0 || dc < 0 || (isunit && !unit)) continue;
            bool u = unit && !isunit; /* unit budget left after this step */
            if ((dr + dc) % 2 == 1 && !u) continue;
            cand[nc++] = s;
        }
        if (!nc) return -1;
        int s = cand[pl_rng_below(rng, (uint64_t)nc)];
        if (st[s][0] + st[s][1] == 1) unit = false;
        r += st[s][0], c += st[s][1];
        out[k++] = (coins_pt){r, c};
    }
    return k;
}

/* class 0: top-left to bottom-right; 1: bottom-left to top-right */
static int random_L(pl_rng *rng, int m, int n, int cls, coins_pt *out) {
    int k;
    if (pl_rng_below(rng, 3) == 0) {
        k = coins_sq_canonical_L((coins_rect){0, 0, m - 1, n - 1}, out);
        if (pl_rng_below(rng, 2)) /* flipped: the 180-degree turn keeps the class */
            for (int i = 0; i < k; i++) out[i] = (coins_pt){m - 1 - out[i].r, n - 1 - out[i].c};
    } else {
        k = random_path(rng, m, n, out);
    }
    if (cls)
        for (int i = 0; i < k; i++) out[i].r = m - 1 - out[i].r;
    return k;
}

static int replay_clean(const coins_pt *L1, int k, const coins_sq_action *act, long long nact, const coins_pt *L2) {
    coins_pt *A = pl_xmalloc((size_t)(k + 2) * sizeof *A);
    memcpy(A, L1, (size_t)k * sizeof *A);
    A[k] = (coins_pt){-60, 3}, A[k + 1] = (coins_pt){-60, 9};
    coins_sq_action *all = pl_xmalloc((size_t)(nact + 2) * sizeof *all);
    all[0] = (coins_sq_action){-60, 3, false};
    all[1] = (coins_sq_action){-60, 9, false};
    if (nact) memcpy(all + 2, act, (size_t)nact * sizeof *all);
    coins_pt *from = pl_xmalloc((size_t)(nact + 2) * sizeof *from), *to = pl_xmalloc((size_t)(nact + 2) * sizeof *to);
    long long nm = coins_sq_clean(A, k + 2, all, nact + 2, from, to);
    CHECK(nm >= 0 && nm <= nact + 2);
    coins_level l = {.grid = COINS_SQUARE, .upto = COINS_EXACT, .n = k + 2, .start = A, .target = A};
    coins_state *s = coins_state_new(&l);
    char why[256];
    int bad = 0;
    for (long long i = 0; i < nm && !bad; i++)
        if (!CHECKF(coins_state_move(s, from[i], to[i], why, sizeof why) == 0, "move %lld: %s", i + 1, why)) bad = 1;
    const coins_pt *pos = coins_state_coins(s);
    for (int i = 0; i < k && !bad; i++) {
        bool f = false;
        for (int j = 0; j < k + 2 && !f; j++) f = pos[j].r == L2[i].r && pos[j].c == L2[i].c;
        if (!CHECKF(f, "coin of the target at %d,%d missing after the moves", L2[i].r, L2[i].c)) bad = 1;
    }
    coins_state_free(s);
    free(A), free(all), free(from), free(to);
    return bad ? -1 : (int)nm;
}

static void clean_walks(uint64_t seed) {
    pl_rng rng;
    pl_rng_seed(&rng, seed ^ 0xC1EA);
    for (int t = 0; t < 3000; t++) {
        int n = 3 + (int)pl_rng_below(&rng, 12), side = 6, k = 0;
        coins_pt A[16];
        while (k < n) {
            coins_pt p = {(int)pl_rng_below(&rng, (uint64_t)side), (int)pl_rng_below(&rng, (uint64_t)side)};
            bool d = false;
            for (int i = 0; i < k; i++) d |= A[i].r == p.r && A[i].c == p.c;
            if (!d) A[k++] = p;
        }
        coins_gp *g = coins_gp_new(A, n, 0);
        int steps = 2 + (int)pl_rng_below(&rng, 200);
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int s = 0; s < steps; s++) {
            coins_pt p = {(int)pl_rng_below(&rng, (uint64_t)side), (int)pl_rng_below(&rng, (uint64_t)side)};
            if (pl_rng_below(&rng, 2) && coins_gp_count(g, p) > 0) {
                coins_gp_take(g, p, false);
            } else if (coins_gp_reserve(g) > 0) {
                int nb = 0;
                for (int d = 0; d < 4; d++) nb += coins_gp_count(g, (coins_pt){p.r + dr[d], p.c + dc[d]}) > 0;
                if (nb >= 2) coins_gp_drop(g, p); /* onto a coin too: G' stacks */
            }
        }
        check_context(true, seed, "CLEAN walk %d: %d coins, %d steps", t, n, steps);
        long long na;
        const coins_sq_action *a = coins_gp_actions(g, &na);
        coins_pt *from = pl_xmalloc((size_t)(na + 1) * sizeof *from), *to = pl_xmalloc((size_t)(na + 1) * sizeof *to);
        long long nm = coins_sq_clean(A, n, a, na, from, to);
        CHECK(nm >= 0 && nm <= na);
        coins_level l = {.grid = COINS_SQUARE, .upto = COINS_EXACT, .n = n, .start = A, .target = A};
        coins_state *st = coins_state_new(&l);
        char why[256];
        bool ok = true;
        for (long long i = 0; i < nm && ok; i++)
            ok = CHECKF(coins_state_move(st, from[i], to[i], why, sizeof why) == 0, "move %lld: %s", i + 1, why);
        const coins_pt *pos = coins_state_coins(st);
        for (int r = 0; r < side && ok; r++)
            for (int c = 0; c < side && ok; c++) {
                if (coins_gp_count(g, (coins_pt){r, c}) == 0) continue;
                bool f = false;
                for (int i = 0; i < n && !f; i++) f = pos[i].r == r && pos[i].c == c;
                ok = CHECKF(f, "G' has a coin at %d,%d, the real board not", r, c);
            }
        coins_state_free(st);
        free(from), free(to);
        coins_gp_free(g);
    }
    check_clear_context();
}

int main(void) {
    uint64_t seed = check_seed_from_env(20261122);
    clean_walks(seed);
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    int done = 0, refused = 0, even = 0;
    long long worst = 0;
    coins_pt L1[32], L2[32];
    for (int m = 1; m <= 20; m++)
        for (int n = 1; n <= 20; n++)
            for (int trial = 0; trial < 12; trial++) {
                /* beyond 9 x 9: even x even rotations only, 3 of each size */
                bool big = m > 9 || n > 9;
                if (big && (m % 2 || n % 2 || trial >= 3)) continue;
                int c1 = (int)pl_rng_below(&rng, 2), c2 = (int)pl_rng_below(&rng, 2);
                if (big) c2 = 1 - c1;
                int k = random_L(&rng, m, n, c1, L1), k2 = random_L(&rng, m, n, c2, L2);
                check_context(true, seed, "%dx%d trial %d, classes %d -> %d", m, n, trial, c1, c2);
                if (!CHECK(k == (m + n + 1) / 2 && k2 == k)) continue;
                coins_gp *g = coins_gp_new(L1, k, 2);
                int rc = coins_sq_reorient(g, (coins_rect){0, 0, m - 1, n - 1}, L1, L2, k);
                bool line = m == 1 || n == 1;
                if (!CHECKF(rc != -2, "rotation refused")) {
                    refused++;
                    coins_gp_free(g);
                    continue;
                }
                even += m % 2 == 0 && n % 2 == 0 && c1 != c2 && !line && m * n > 30;
                CHECK(rc == 0 && !coins_gp_failed(g));
                CHECK(coins_gp_reserve(g) == 2);
                for (int i = 0; i < k; i++) CHECK(coins_gp_count(g, L2[i]) == 1);
                long long nact;
                const coins_sq_action *act = coins_gp_actions(g, &nact);
                /* O(mn): a generous constant */
                CHECKF(nact <= 60LL * (m * n + 4), "%lld actions for %dx%d", nact, m, n);
                if (nact > worst) worst = nact;
                if (rc == 0) CHECK(replay_clean(L1, k, act, nact, L2) >= 0);
                coins_gp_free(g);
                done++;
            }
    check_clear_context();
    printf("re-orientations: %d replayed through CLEAN (%d even x even rotations over 30 cells), %d refused, at most "
           "%lld actions\n",
           done, even, refused, worst);
    CHECK(even > 100);
    return check_done("coins_square_reorient");
}
