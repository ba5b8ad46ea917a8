/* The one-colour packing solver (Theorem 3, src/games/buttons/solve_packing.c)
 * against an independent brute force on thousands of seeded random small
 * one-colour boards (up to 4x4 and 3x5; directions * + x - and letter sets;
 * sizes all, 2,3 and supersets): the verdicts agree, and every certificate
 * replays through the descriptor (state_new / move_apply / finish); every
 * other board uses the "pairing=nested" hook so that the solver's own
 * packings need blocking-cycle repairs. The work counter must stay within
 * the algorithm's polynomial bound. Also: 800 bigger boards (up to 6x6)
 * against the exact search, the limits (unknown), the ordering step alone,
 * and the general matching routine against a brute-force maximum matching. */
#include "game_check.h"
#include "puzzlelab/buttons.h"
#include "puzzlelab/matching.h"
#include "../src/games/buttons/solvers.h"

/* ---------- brute force: memoised search over the set of buttons left ---------- */

typedef struct bf {
    int R, C, n;
    int r[16], c[16];
    unsigned dirs;     /* bits h v d a */
    bool all;          /* every size >= 2 */
    uint64_t sizes;    /* else: bit s allowed */
    signed char *memo; /* 0 unknown, 1 solvable, 2 not */
} bf;

static int dir_bit(int dr, int dc) {
    if (dr == 0 && dc != 0) return 1;
    if (dc == 0 && dr != 0) return 2;
    if (dr == dc) return 4;
    if (dr == -dc) return 8;
    return 0;
}

static bool bf_solve(bf *b, unsigned mask) {
    if (!mask) return true;
    if (b->memo[mask]) return b->memo[mask] == 1;
    bool ok = false;
    for (int i = 0; i < b->n && !ok; i++) {
        if (!(mask >> i & 1u)) continue;
        for (int j = i + 1; j < b->n && !ok; j++) {
            if (!(mask >> j & 1u)) continue;
            int dr = b->r[j] - b->r[i], dc = b->c[j] - b->c[i];
            if (!(dir_bit(dr, dc) & b->dirs)) continue;
            /* buttons of mask on the closed segment i..j */
            unsigned seg = 0;
            int cnt = 0;
            for (int k = 0; k < b->n; k++) {
                if (!(mask >> k & 1u)) continue;
                int er = b->r[k] - b->r[i], ec = b->c[k] - b->c[i];
                /* collinear and between: cross product zero, dot in [0, |d|^2] */
                if (er * dc - ec * dr != 0) continue;
                int dot = er * dr + ec * dc;
                if (dot < 0 || dot > dr * dr + dc * dc) continue;
                seg |= 1u << k;
                cnt++;
            }
            if (!(b->all ? cnt >= 2 : ((b->sizes >> cnt) & 1u))) continue;
            ok = bf_solve(b, mask & ~seg);
        }
    }
    b->memo[mask] = ok ? 1 : 2;
    return ok;
}

/* ---------- helpers ---------- */

static const pl_algorithm *packing_alg(void) { return gc_algorithm(&pl_game_buttons, "packing"); }

static void *parse(const char *text) { return gc_parse_file(&pl_game_buttons, "t", text, NULL); }

static bool replay(const void *lv, const pl_solution *sol, char *why, size_t n) {
    return gc_replays(&pl_game_buttons, lv, &sol->moves, why, n);
}

/* ---------- the matching routine ---------- */

static int brute_matching(int nv, int ne, const int *eu, const int *ev, int from, unsigned used) {
    int best = 0;
    for (int e = from; e < ne; e++) {
        unsigned m = (1u << eu[e]) | (1u << ev[e]);
        if (eu[e] == ev[e] || (used & m)) continue;
        int v = 1 + brute_matching(nv, ne, eu, ev, e + 1, used | m);
        if (v > best) best = v;
    }
    return best;
}

static void test_matching(void) {
    pl_rng rng;
    pl_rng_seed(&rng, 77);
    for (int t = 0; t < 400; t++) {
        int nv = 1 + (int)pl_rng_below(&rng, 10), ne = 0;
        int eu[40], ev[40], mate[16];
        int pct = 10 + (int)pl_rng_below(&rng, 60);
        for (int a = 0; a < nv; a++)
            for (int b = a + 1; b < nv; b++)
                if ((int)pl_rng_below(&rng, 100) < pct && ne < 40) {
                    eu[ne] = a;
                    ev[ne++] = b;
                }
        int got = pl_max_matching(nv, ne, eu, ev, mate, 0);
        int want = brute_matching(nv, ne, eu, ev, 0, 0);
        check_context(true, (uint64_t)t, "matching nv=%d ne=%d", nv, ne);
        CHECK(got == want);
        int cnt = 0;
        for (int v = 0; v < nv; v++)
            if (mate[v] >= 0) {
                CHECK(mate[mate[v]] == v);
                bool edge = false;
                for (int e = 0; e < ne; e++)
                    if ((eu[e] == v && ev[e] == mate[v]) || (ev[e] == v && eu[e] == mate[v])) edge = true;
                CHECK(edge);
                cnt++;
            }
        CHECK(cnt == 2 * got);
    }
    check_clear_context();
}

/* ---------- step 4 alone: any packing into collinear 2s and 3s orders ---------- */

static int order_and_replay(const char *text, int ng, const int *cells4, int *repairs) {
    void *lv = parse(text);
    CHECK(lv != NULL);
    if (!lv) return -1;
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    int rc = buttons_packing_order(lv, ng, cells4, &sol, repairs, &err);
    CHECKF(rc == 0, "order failed: %s", err.msg);
    char why[256] = "";
    if (rc == 0) CHECKF(replay(lv, &sol, why, sizeof why), "order does not replay: %s", why);
    pl_solution_free(&sol);
    pl_game_buttons.level_free(lv);
    return rc;
}

static int test_order(void) {
    /* the pinwheel of Fig. 3: four 2-cuts blocking each other in a cycle */
    const char *pin = "directions: +\nsizes: 2,3\n..a.\naaa.\n.aaa\n.a..\n";
    int C = 4;
    int g[] = {1 * C + 0, 1 * C + 2, -1, -1, 1 * C + 1, 3 * C + 1, -1, -1,
               2 * C + 1, 2 * C + 3, -1, -1, 0 * C + 2, 2 * C + 2, -1, -1};
    int rep = 0;
    check_context(false, 0, "%s", pin);
    order_and_replay(pin, 4, g, &rep);
    CHECK(rep >= 1);
    /* random packings: a random collinear partner for each button in turn */
    pl_rng rng;
    pl_rng_seed(&rng, 99);
    int total = 0, with_cycles = 0;
    static const char *const dirs[] = {"*", "+", "x", "hd"};
    static const unsigned bits[] = {15, 3, 12, 5};
    for (int t = 0; t < 6000; t++) {
        int R = 3 + (int)pl_rng_below(&rng, 4), Cc = 3 + (int)pl_rng_below(&rng, 4), di = (int)pl_rng_below(&rng, 4);
        char text[256];
        int len = snprintf(text, sizeof text, "directions: %s\nsizes: all\n", dirs[di]);
        bool on[64];
        for (int r = 0; r < R; r++) {
            for (int c = 0; c < Cc; c++) {
                on[r * Cc + c] = pl_rng_below(&rng, 100) < 70;
                text[len++] = on[r * Cc + c] ? 'a' : '.';
            }
            text[len++] = '\n';
        }
        text[len] = '\0';
        bool used[64] = {false};
        int cells4[4 * 64], ng = 0;
        bool ok = true;
        for (int i = 0; i < R * Cc && ok; i++) {
            if (!on[i] || used[i]) continue;
            int cand[64], nc = 0;
            for (int j = 0; j < R * Cc; j++)
                if (on[j] && !used[j] && j != i && (dir_bit(j / Cc - i / Cc, j % Cc - i % Cc) & bits[di]))
                    cand[nc++] = j;
            if (!nc) {
                ok = false;
                break;
            }
            int j = cand[pl_rng_below(&rng, (uint64_t)nc)];
            used[i] = used[j] = true;
            int *q = cells4 + 4 * ng++;
            q[0] = i;
            q[1] = j;
            q[2] = q[3] = -1;
            /* sometimes a third button on the same line */
            int dr = j / Cc - i / Cc, dc = j % Cc - i % Cc;
            for (int k = 0; k < R * Cc && pl_rng_below(&rng, 2); k++) {
                int er = k / Cc - i / Cc, ec = k % Cc - i % Cc;
                if (on[k] && !used[k] && er * dc - ec * dr == 0) {
                    used[k] = true;
                    q[2] = k;
                    break;
                }
            }
        }
        if (!ok) continue;
        check_context(true, (uint64_t)t, "%s", text);
        int r = 0;
        order_and_replay(text, ng, cells4, &r);
        total++;
        with_cycles += r > 0;
    }
    check_clear_context();
    printf("blocking order: %d random packings (%d needed cycle repairs) replay\n", total, with_cycles);
    CHECK(total >= 1000 && with_cycles >= 100);
    return 0;
}

/* ---------- bigger boards (up to 6x6) against the exact search ---------- */

static void test_vs_exact(const pl_algorithm *alg) {
    static const char *const dirs[] = {"*", "+", "x", "hd", "-"};
    pl_rng rng;
    pl_rng_seed(&rng, 5);
    int agree = 0, with_triples = 0, unknown = 0, no = 0;
    for (int t = 0; t < 800; t++) {
        int R = 4 + (int)pl_rng_below(&rng, 3), C = 4 + (int)pl_rng_below(&rng, 3);
        int fill = 30 + (int)pl_rng_below(&rng, 60);
        char text[512];
        int len = snprintf(text, sizeof text, "directions: %s\nsizes: all\n", dirs[pl_rng_below(&rng, 5)]);
        for (int r = 0; r < R; r++) {
            for (int c = 0; c < C; c++) text[len++] = (int)pl_rng_below(&rng, 100) < fill ? 'a' : '.';
            text[len++] = '\n';
        }
        text[len] = '\0';
        check_context(true, (uint64_t)t, "%s", text);
        void *lv = parse(text);
        CHECK(lv != NULL);
        if (!lv) continue;
        pl_limits l1, l2;
        pl_limits_init(&l1, 0, 0, 0);
        pl_limits_init(&l2, 0, 3000000, 0);
        pl_request r1 = {0}, r2 = {0};
        r1.limits = &l1;
        r2.limits = &l2;
        r1.threads = r2.threads = 1;
        pl_solution a, b;
        pl_solution_init(&a);
        pl_solution_init(&b);
        pl_error err;
        CHECK(alg->solve(lv, &r1, &a, &err) == 0);
        buttons_exact_solve(lv, &r2, &b, &err);
        if (b.status == PL_UNKNOWN)
            unknown++;
        else {
            CHECKF(a.status == b.status, "packing %s, exact %s (%s)", pl_status_name(a.status),
                   pl_status_name(b.status), a.note);
            agree += a.status == b.status;
            no += b.status == PL_UNSOLVABLE;
        }
        if (a.status == PL_SOLVED) {
            char why[256];
            CHECKF(replay(lv, &a, why, sizeof why), "certificate does not replay: %s", why);
            with_triples += strstr(a.note, "Gallai") != NULL;
        }
        pl_solution_free(&a);
        pl_solution_free(&b);
        pl_game_buttons.level_free(lv);
    }
    check_clear_context();
    printf("vs exact search: %d boards up to 6x6 agree (%d unsolvable, %d solved with triples), %d unknown\n", agree,
           no, with_triples, unknown);
    CHECK(agree >= 700 && no >= 100 && with_triples >= 200);
}

/* ---------- the property test ---------- */

int main(void) {
    test_matching();
    test_order();
    const pl_algorithm *alg = packing_alg();
    CHECK(alg != NULL);
    if (!alg) return check_done("buttons_packing");
    test_vs_exact(alg);
    static const char *const dirs[] = {"*", "+", "x", "-", "h", "v", "hd", "va", "hva", "da", "hvd"};
    static const char *const sizes[] = {"all", "2,3", "2,3,4", "3,2,7"};
    static const unsigned dirbits[] = {15, 3, 12, 1, 1, 2, 5, 10, 11, 12, 7};
    static signed char memo[1 << 16];
    pl_rng rng;
    pl_rng_seed(&rng, 2024);
    int boards = 0, solvable = 0, unsolvable = 0, with_triples = 0, disagree = 0, cycles = 0;
    for (int t = 0; t < 2600; t++) {
        int shape = (int)pl_rng_below(&rng, 4);
        int R = shape == 0 ? 4 : shape == 1 ? 3 : shape == 2 ? 1 + (int)pl_rng_below(&rng, 4) : 2;
        int C = shape == 0 ? 4 : shape == 1 ? 5 : shape == 2 ? 1 + (int)pl_rng_below(&rng, 4) : 6;
        int di = (int)pl_rng_below(&rng, 11), si = (int)pl_rng_below(&rng, 4);
        int fill = 25 + (int)pl_rng_below(&rng, 76);
        char text[512];
        int len = snprintf(text, sizeof text, "directions: %s\nsizes: %s\n", dirs[di], sizes[si]);
        bf b = {R, C, 0, {0}, {0}, dirbits[di], si == 0, 0, memo};
        if (si == 1) b.sizes = 0xC;
        if (si == 2) b.sizes = 0x1C;
        if (si == 3) b.sizes = 0x8C;
        int buttons = 0;
        for (int r = 0; r < R; r++) {
            for (int c = 0; c < C; c++) {
                bool on = (int)pl_rng_below(&rng, 100) < fill;
                text[len++] = on ? 'a' : '.';
                if (on) {
                    b.r[b.n] = r;
                    b.c[b.n++] = c;
                    buttons++;
                }
            }
            text[len++] = '\n';
        }
        text[len] = '\0';
        if (buttons == 0) continue;
        check_context(true, (uint64_t)t, "%s", text);
        void *lv = parse(text);
        CHECK(lv != NULL);
        if (!lv) continue;
        char why[256];
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_request req = {0};
        req.limits = &lim;
        req.threads = 1;
        CHECK(alg->applies(lv, &req, why, sizeof why));
        memset(memo, 0, sizeof(memo[0]) * ((size_t)1 << b.n));
        bool want = bf_solve(&b, (1u << b.n) - 1);
        pl_solution sol;
        pl_solution_init(&sol);
        pl_error err;
        /* every other board: nested groups (the blocking-cycle repairs) */
        pl_opts opts = {{"pairing"}, {"nested"}, 1};
        if (t % 2) req.opts = &opts;
        int rc = alg->solve(lv, &req, &sol, &err);
        CHECK(rc == 0);
        CHECK(sol.status == (want ? PL_SOLVED : PL_UNSOLVABLE));
        if (sol.status != (want ? PL_SOLVED : PL_UNSOLVABLE)) disagree++;
        if (sol.status == PL_SOLVED) {
            bool ok = replay(lv, &sol, why, sizeof why);
            CHECKF(ok, "certificate does not replay: %s", why);
        }
        /* note: "<how>; <L> lines; <T> collinear triples; <R> cycle repairs ..." */
        const char *f = strstr(sol.note, "; ");
        if (f && (f = strstr(f + 2, "; "))) {
            if (sol.status == PL_SOLVED && atoi(f + 2) > 0) with_triples++;
            if ((f = strstr(f + 2, "; ")) && atoi(f + 2) > 0) cycles++;
        }
        /* polynomial work: at most 4 Edmonds searches + one per (component, line) */
        CHECKF(sol.nodes <= 4 + (uint64_t)(4 * b.n / 3), "%" PRIu64 " Edmonds searches for %d buttons", sol.nodes, b.n);
        boards++;
        if (want)
            solvable++;
        else
            unsolvable++;
        pl_solution_free(&sol);
        pl_game_buttons.level_free(lv);
    }
    check_clear_context();
    /* applicability: two colours, or sizes whose generators are not {2,3} */
    const char *no[] = {"sizes: 2\naa\n", "sizes: 3,4\naaa\n", "ab\nab\n"};
    for (int i = 0; i < 3; i++) {
        void *lv = parse(no[i]);
        CHECK(lv != NULL);
        if (!lv) continue;
        char why[256];
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_request req = {0};
        req.limits = &lim;
        CHECK(!alg->applies(lv, &req, why, sizeof why));
        pl_game_buttons.level_free(lv);
    }
    /* limits: an odd board needs G (memory) and component tests (nodes) */
    {
        void *lv = parse("sizes: all\naaa\naa.\n");
        CHECK(lv != NULL);
        for (int k = 0; lv && k < 3; k++) {
            pl_limits lim;
            pl_limits_init(&lim, 0, k == 1 ? 1 : 0, k == 0 ? 1 : 0);
            pl_request req = {0};
            req.limits = &lim;
            pl_solution sol;
            pl_solution_init(&sol);
            pl_error err;
            CHECK(alg->solve(lv, &req, &sol, &err) == 0);
            CHECKF(sol.status == (k == 2 ? PL_SOLVED : PL_UNKNOWN), "limit case %d: status %d", k, sol.status);
            if (k < 2) CHECK(sol.limit_hit == (k == 0 ? PL_LIMIT_MEMORY : PL_LIMIT_NODES));
            pl_solution_free(&sol);
        }
        if (lv) pl_game_buttons.level_free(lv);
    }
    printf("buttons packing: %d boards (%d solvable, %d of them with collinear triples, %d unsolvable), %d with "
           "blocking-cycle repairs, %d disagreements\n",
           boards, solvable, with_triples, unsolvable, cycles, disagree);
    CHECK(boards >= 2000);
    CHECK(solvable >= 300 && unsolvable >= 300 && with_triples >= 300 && cycles >= 100);
    return check_done("buttons_packing");
}
