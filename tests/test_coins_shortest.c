/* Coin moving: `shortest` (solve_shortest.c) finds proven shortest solutions.
 *
 * 1. Letter puzzles (levels/coins/letters, optimal counts by B. Chaffin): on
 *    twelve quick ones (3 to 24 moves, four of them long enough for the large
 *    region tables), the length equals the published count, optimal is
 *    claimed and the certificate replays.
 * 2. Thousands of seeded random square-grid instances (exact targets, targets
 *    up to translation and up to rotation, 3 to 7 coins in boxes up to 5 x 5,
 *    random and walked targets): the same status and length as the plain
 *    unidirectional BFS (`bfs --no-backward-rules`, itself checked against a
 *    naive BFS in test_coins_exact.c); every certificate replays. A wrong
 *    lower bound or a wrong pruning shows up as a longer answer or as a
 *    wrong `unsolvable`. Every fourth instance also without the region
 *    bounds (--no-region-bound: the fill and level bounds then cut). Breaking
 *    the region tables on purpose (outside support not counted, the reversed
 *    game's table built as the forward one, three coins needed instead of
 *    two) fails hundreds of checks. Every other instance also with the
 *    frontier tables built after every layer (the level's frontier_min
 *    hook): the same length, and every configuration a frontier bound cuts
 *    is checked against exact distances (a breadth-first search of every
 *    configuration reached from A, and backward from the target): it must
 *    be farther from the other side's root than the round's bound allows at
 *    its depth. A frontier bound one too high fails about a hundred checks,
 *    tables of the wrong game (forward for backward) about forty, a side
 *    emptied by frontier cuts taken for a proof of unsolvability one.
 * 3. Limits give unknown with the limit named; --objective shortest makes
 *    auto answer by exact search with optimal claimed, the default objective's
 *    note says which certificate was returned.
 * PL_TEST_SEED replays another run; failures print the seed and the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins_gen.h"
#include "game_check.h"
#include "puzzlelab/coins.h"
#include "u64map.h"

static const pl_game *G = &pl_game_coins;

/* The last four pass 100,000 states, so their rounds switch to the large
 * region tables (a first region of 23 cells); the font5x9 ones cut the box
 * into three small regions first. */
static const char *const QUICK[] = {"E-to-F",
                                    "M-to-N",
                                    "K-to-L",
                                    "2-to-3",
                                    "D-to-E",
                                    "R-to-S",
                                    "F-to-G",
                                    "font5x9/G-to-5",
                                    "Y-to-Z",
                                    "J-to-K",
                                    "C-to-D",
                                    "font5x9/A-to-R",
                                    NULL};

static void letters(const char *dir) {
    for (int i = 0; QUICK[i]; i++) {
        char lp[1024], mp[1024];
        snprintf(lp, sizeof lp, "%s/%s.level", dir, QUICK[i]);
        snprintf(mp, sizeof mp, "%s/%s.moves", dir, QUICK[i]);
        check_context(false, 0, "%s", lp);
        void *l = gc_read_level(G, lp);
        pl_moves mv;
        pl_error err = {0};
        if (!CHECKF(pl_moves_read(mp, &mv, &err) == 0, "%s: %s", mp, err.msg) || !l) {
            if (l) G->level_free(l);
            continue;
        }
        gc_how how = {.word = "move", .goal = "does not reach the target", .check_applies = true};
        pl_solution sol;
        gc_solve(G, gc_algorithm(G, "shortest"), l, &how, &sol);
        CHECK_INT(gc_length(&sol), mv.n);
        CHECK_INT(sol.optimal, 1);
        pl_solution_free(&sol);
        pl_moves_free(&mv);
        G->level_free(l);
    }
    check_clear_context();
}

/* Threads: layers of 16,384 states or more are expanded on up to --threads
 * threads, and the answer must not depend on how many: the same certificate,
 * move for move, and the same expanded states with 1, 2 and 3 threads (3
 * splits the blocks and the shards unevenly). These three puzzles pass the
 * threshold in their last rounds (J-to-K and L-to-M: 164,000 and 319,000
 * states; slash-to-H 1.5 million). The frontier tables are built for every
 * frontier of 4,096 states or more, and the notes (states, tables, cuts)
 * must be the same too. */
static void threads_same_answer(const char *dir) {
#if defined(__SANITIZE_ADDRESS__)
    static const char *const NAMES[] = {"J-to-K", "L-to-M", NULL}; /* slash-to-H: 3 x 15 s under ASan */
#else
    static const char *const NAMES[] = {"J-to-K", "L-to-M", "slash-to-H", NULL};
#endif
    const pl_algorithm *a = gc_algorithm(G, "shortest");
    for (int i = 0; NAMES[i]; i++) {
        char lp[1024];
        snprintf(lp, sizeof lp, "%s/%s.level", dir, NAMES[i]);
        check_context(false, 0, "%s", lp);
        void *l = gc_read_level(G, lp);
        if (!l) continue;
        /* frontier tables for every frontier of 4,096 states or more, so that
         * threaded layers use them */
        ((coins_level *)l)->frontier_min = 4096;
        pl_solution sol[3];
        for (int t = 0; t < 3; t++) {
            pl_opts none = {.n = 0};
            pl_error err = {0};
            pl_request req = {.opts = &none, .threads = t + 1};
            pl_solution_init(&sol[t]);
            CHECK_INT(a->solve(l, &req, &sol[t], &err), 0);
            CHECK_INT(sol[t].status, PL_SOLVED);
            CHECK_INT(sol[t].optimal, 1);
        }
        CHECKF(strstr(sol[0].note, "frontier bounds: ") != NULL, "no frontier tables: %s", sol[0].note);
        for (int t = 1; t < 3; t++) {
            CHECKF(strcmp(sol[t].note, sol[0].note) == 0, "%d threads: %s\n  1 thread: %s", t + 1, sol[t].note,
                   sol[0].note);
            CHECKF(sol[t].nodes == sol[0].nodes, "%d threads expanded %llu states, 1 thread %llu", t + 1,
                   (unsigned long long)sol[t].nodes, (unsigned long long)sol[0].nodes);
            CHECK_INT(sol[t].moves.n, sol[0].moves.n);
            for (int k = 0; k < sol[0].moves.n && k < sol[t].moves.n; k++)
                CHECKF(strcmp(sol[t].moves.s[k], sol[0].moves.s[k]) == 0, "%d threads: move %d is %s, not %s", t + 1,
                       k + 1, sol[t].moves.s[k], sol[0].moves.s[k]);
        }
        for (int t = 0; t < 3; t++) pl_solution_free(&sol[t]);
        G->level_free(l);
    }
    check_clear_context();
}

/* Length, -1 unsolvable, -2 unknown; certificates replay (gc_solve). */
static int run(const void *l, const char *alg, const char *opt, uint64_t nodes) {
    pl_opts o = {.n = 0};
    if (opt) {
        o.name[0] = opt;
        o.value[0] = "";
        o.n = 1;
    }
    gc_how how = {.opts = &o, .node_limit = nodes, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, gc_algorithm(G, alg), l, &how, &sol);
    int r = gc_length(&sol);
    if (r >= 0 && strcmp(alg, "shortest") == 0) CHECK_INT(sol.optimal, 1);
    pl_solution_free(&sol);
    return r;
}

/* ---------- a check of every cut: exact distances by breadth-first search ---------- */
/* Configurations as bits of A's bounding box (every configuration reached
 * from A lies in it: Corollary 1.7), numbered in a u64map (u64map.h);
 * the moves between the configurations reached from A kept, so that the
 * distances to the target come from one breadth-first search backward. */
typedef struct cutcheck {
    int r0, c0, h, w;
    u64map index;      /* configuration -> its number */
    int *fromA, *toT; /* distances by number (-1: none) */
    int checked, bad, informative; /* informative: on a configuration of a solution's distances (both finite) */
} cutcheck;

static int nbrs(const cutcheck *cc, uint64_t x, int i) {
    int r = i / cc->w, c = i % cc->w, n = 0;
    if (r > 0) n += (int)(x >> (i - cc->w) & 1);
    if (r + 1 < cc->h) n += (int)(x >> (i + cc->w) & 1);
    if (c > 0) n += (int)(x >> (i - 1) & 1);
    if (c + 1 < cc->w) n += (int)(x >> (i + 1) & 1);
    return n;
}

/* The configurations one move from x (a coin to a free cell with two other
 * coins adjacent), into out; their count. */
static int successors(const cutcheck *cc, uint64_t x, uint64_t *out) {
    int cells = cc->h * cc->w, k = 0;
    for (int p = 0; p < cells; p++) {
        if (!(x >> p & 1)) continue;
        uint64_t y = x & ~(1ull << p);
        for (int q = 0; q < cells; q++)
            if (q != p && !(y >> q & 1) && nbrs(cc, y, q) >= 2) out[k++] = y | 1ull << q;
    }
    return k;
}

static void cutcheck_init(cutcheck *cc, const coins_level *l) {
    cc->r0 = cc->c0 = 1 << 20;
    int r1 = -(1 << 20), c1 = -(1 << 20);
    for (int i = 0; i < l->n; i++) {
        coins_pt p = l->start[i];
        cc->r0 = p.r < cc->r0 ? p.r : cc->r0, cc->c0 = p.c < cc->c0 ? p.c : cc->c0;
        r1 = p.r > r1 ? p.r : r1, c1 = p.c > c1 ? p.c : c1;
    }
    cc->h = r1 - cc->r0 + 1, cc->w = c1 - cc->c0 + 1;
    uint64_t A = 0, T = 0;
    bool inside = true;
    for (int i = 0; i < l->n; i++) {
        A |= 1ull << ((l->start[i].r - cc->r0) * cc->w + l->start[i].c - cc->c0);
        coins_pt t = l->target[i];
        if (t.r < cc->r0 || t.c < cc->c0 || t.r > r1 || t.c > c1)
            inside = false;
        else
            T |= 1ull << ((t.r - cc->r0) * cc->w + t.c - cc->c0);
    }
    cc->checked = cc->bad = cc->informative = 0;
    u64map_init(&cc->index);
    /* forward from A, recording the moves (CSR by number) */
    size_t cap = 1024, n = 0, ecap = 4096, ne = 0;
    uint64_t *st = pl_xmalloc(cap * sizeof *st), succ[64 * 64];
    int *dist = pl_xmalloc(cap * sizeof *dist), *off = pl_xmalloc((cap + 1) * sizeof *off),
        *to = pl_xmalloc(ecap * sizeof *to);
    u64map_put(&cc->index, A, 0);
    st[n] = A, dist[n++] = 0;
    for (size_t i = 0; i < n; i++) {
        off[i] = (int)ne;
        int k = successors(cc, st[i], succ);
        for (int j = 0; j < k; j++) {
            int v = u64map_get(&cc->index, succ[j]);
            if (v < 0) {
                if (n == cap) {
                    cap *= 2;
                    st = pl_xrealloc(st, cap * sizeof *st);
                    dist = pl_xrealloc(dist, cap * sizeof *dist);
                    off = pl_xrealloc(off, (cap + 1) * sizeof *off);
                }
                v = (int)n;
                u64map_put(&cc->index, succ[j], v);
                st[n] = succ[j], dist[n++] = dist[i] + 1;
            }
            if (ne == ecap) to = pl_xrealloc(to, (ecap *= 2) * sizeof *to);
            to[ne++] = v;
        }
    }
    off[n] = (int)ne;
    cc->fromA = dist;
    /* backward from the target over the reversed moves */
    cc->toT = pl_xmalloc((n + 1) * sizeof *cc->toT);
    for (size_t i = 0; i < n; i++) cc->toT[i] = -1;
    int t = inside ? u64map_get(&cc->index, T) : -1;
    if (t >= 0) {
        int *indeg = pl_xcalloc(n + 1, sizeof *indeg), *roff = pl_xmalloc((n + 1) * sizeof *roff),
            *from = pl_xmalloc((ne + 1) * sizeof *from), *queue = pl_xmalloc((n + 1) * sizeof *queue);
        for (size_t e = 0; e < ne; e++) indeg[to[e]]++;
        roff[0] = 0;
        for (size_t i = 0; i < n; i++) roff[i + 1] = roff[i] + indeg[i];
        for (size_t i = 0; i < n; i++)
            for (int e = off[i]; e < off[i + 1]; e++) from[roff[to[e]] + --indeg[to[e]]] = (int)i;
        size_t head = 0, tail = 0;
        cc->toT[t] = 0;
        queue[tail++] = t;
        while (head < tail) {
            int y = queue[head++];
            for (int e = roff[y]; e < roff[y + 1]; e++)
                if (cc->toT[from[e]] < 0) cc->toT[from[e]] = cc->toT[y] + 1, queue[tail++] = from[e];
        }
        free(indeg), free(roff), free(from), free(queue);
    }
    free(st), free(off), free(to);
}

static void cutcheck_free(cutcheck *cc) {
    u64map_free(&cc->index), free(cc->fromA), free(cc->toT);
}

/* The hook: a configuration cut at depth d on a side must be farther than
 * L - d from the other side's root (the target forward, A backward): no
 * solution of length <= L goes through it at that depth. */
static void on_cut(void *arg, const coins_pt *coins, int n, int side, int depth, int L) {
    cutcheck *cc = arg;
    uint64_t x = 0;
    for (int i = 0; i < n; i++) x |= 1ull << ((coins[i].r - cc->r0) * cc->w + coins[i].c - cc->c0);
    int i = u64map_get(&cc->index, x), rest = i < 0 ? -1 : side == 0 ? cc->toT[i] : cc->fromA[i];
    cc->checked++;
    cc->informative += i >= 0 && cc->toT[i] >= 0 && cc->fromA[i] >= 0;
    if (rest >= 0 && depth + rest <= L && cc->bad++ == 0)
        CHECKF(false,
               "a frontier bound cut a configuration at depth %d on side %d, %d moves from the other root, in a "
               "round of bound %d",
               depth, side, rest, L);
}

/* shortest with the frontier tables built after every layer (the level's
 * frontier_min hook): length, -1 unsolvable, -2 unknown; the tables built
 * and the children they cut are added from the note. */
static long frontier_tables, frontier_cut, cuts_checked, cuts_informative, frontier_retries;
static int run_frontier(void *l, bool exact) {
    coins_level *cl = l;
    cl->frontier_min = 1;
    cutcheck cc;
    if (exact) {
        cutcheck_init(&cc, cl);
        cl->frontier_cut = on_cut;
        cl->frontier_arg = &cc;
    }
    pl_opts o = {.n = 0};
    gc_how how = {.opts = &o, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, gc_algorithm(G, "shortest"), l, &how, &sol);
    cl->frontier_min = 0;
    if (exact) {
        cl->frontier_cut = NULL;
        cuts_checked += cc.checked;
        cuts_informative += cc.informative;
        cutcheck_free(&cc);
    }
    int r = gc_length(&sol);
    if (r >= 0) CHECK_INT(sol.optimal, 1);
    const char *f = strstr(sol.note, "frontier bounds: ");
    long tables = 0, cut = 0, retries = 0;
    if (f && sscanf(f, "frontier bounds: %ld tables, %ld children cut, %ld rounds", &tables, &cut, &retries) == 3) {
        frontier_tables += tables;
        frontier_cut += cut;
        frontier_retries += retries;
    }
    pl_solution_free(&sol);
    return r;
}

static void randomised(uint64_t seed, int count) {
    static const char *const UPTO[] = {"exact", "exact", "translation", "translation+rotation"};
    int solved = 0, unsolvable = 0, skipped = 0, longest = 0;
    pl_rng rng;
    for (int t = 0; t < count; t++) {
        pl_rng_seed(&rng, seed + (uint64_t)t);
        int rows = 2 + (int)pl_rng_below(&rng, 4), cols = 2 + (int)pl_rng_below(&rng, 4);
        int n = 3 + (int)pl_rng_below(&rng, 5);
        if (n > rows * cols - 1) n = rows * cols - 1;
        const char *upto = UPTO[pl_rng_below(&rng, 4)];
        char *text = pl_xmalloc(4096), *p = text;
        p += sprintf(p, "grid: square\ntarget-up-to: %s\n", upto);
        gc_coins_sections(&rng, p, rows, cols, n, pl_rng_below(&rng, 2), false);
        check_context(true, seed + (uint64_t)t, "%s", text);
        void *l = gc_parse_loud(G, text);
        if (CHECK(l != NULL)) {
            char why[256];
            pl_opts none = {.n = 0};
            pl_request req = {.opts = &none};
            if (CHECKF(gc_algorithm(G, "shortest")->applies(l, &req, why, sizeof why), "applies: %s", why)) {
                int want = run(l, "bfs", "no-backward-rules", 300000);
                if (want == -2) {
                    skipped++; /* beyond the baseline's budget */
                } else {
                    CHECK_INT(run(l, "shortest", NULL, 0), want);
                    /* without the region bounds: the fill and level bounds on every child */
                    if (t % 4 == 0) CHECK_INT(run(l, "shortest", "no-region-bound", 0), want);
                    /* the frontier bounds on every layer (they are built only
                     * for large frontiers otherwise) */
                    if (t % 2 == 0) CHECK_INT(run_frontier(l, strcmp(upto, "exact") == 0), want);
                    if (want >= 0)
                        solved++, longest = want > longest ? want : longest;
                    else
                        unsolvable++;
                }
            }
            G->level_free(l);
        }
        free(text);
    }
    check_clear_context();
    printf("random: %d solvable (longest %d moves), %d unsolvable, %d beyond the BFS budget; frontier bounds "
           "forced on every other one: %ld tables built, %ld children cut, %ld rounds repeated without them; of the "
           "cuts on exact targets, %ld shown on no solution of the round's length through their depth by "
           "breadth-first search, %ld of them on configurations between A and the target\n",
           solved, longest, unsolvable, skipped, frontier_tables, frontier_cut, frontier_retries, cuts_checked,
           cuts_informative);
    CHECK(cuts_checked > count);          /* the cuts were checked one by one */
    CHECK(cuts_informative > count / 10); /* and not only on unsolvable instances */
    CHECK(frontier_tables > count / 4 && frontier_cut > count); /* the frontier bounds were exercised */
    CHECK(solved > count / 10 && unsolvable > count / 10);      /* both answers, or the test proves little */
    CHECK(longest >= 8);
}

static void limits_and_objectives(const char *dir) {
    char lp[1024];
    snprintf(lp, sizeof lp, "%s/G-to-H.level", dir);
    check_context(false, 0, "%s", lp);
    void *l = gc_read_level(G, lp);
    if (!l) return;
    const pl_algorithm *a = gc_algorithm(G, "shortest");
    pl_opts none = {.n = 0};
    pl_error err = {0};
    pl_solution sol;
    /* node limit */
    pl_limits lim;
    pl_limits_init(&lim, 0, 1000, 0);
    pl_request req = {.opts = &none, .limits = &lim, .threads = 1};
    pl_solution_init(&sol);
    CHECK_INT(a->solve(l, &req, &sol, &err), 0);
    CHECK_INT(sol.status, PL_UNKNOWN);
    CHECK_INT(sol.limit_hit, PL_LIMIT_NODES);
    pl_solution_free(&sol);
    /* memory limit: 64 KiB, below the first tables */
    pl_limits_init(&lim, 0, 0, 64 << 10);
    pl_solution_init(&sol);
    CHECK_INT(a->solve(l, &req, &sol, &err), 0);
    CHECK_INT(sol.status, PL_UNKNOWN);
    CHECK_INT(sol.limit_hit, PL_LIMIT_MEMORY);
    pl_solution_free(&sol);
    /* --objective shortest: auto skips the constructions */
    pl_limits_init(&lim, 0, 0, 0);
    req.objective = "shortest";
    pl_solution_init(&sol);
    CHECK_INT(pl_game_solve(G, NULL, l, &req, &sol, &err), 0);
    CHECK_INT(sol.status, PL_SOLVED);
    CHECK(sol.algorithm && strcmp(sol.algorithm, "shortest") == 0);
    CHECK_INT(sol.optimal, 1);
    CHECK_INT(sol.moves.n, 12);
    char why[512];
    CHECK(!gc_algorithm(G, "theorems")->applies(l, &req, why, sizeof why));
    pl_solution_free(&sol);
    /* default objective: a construction, shortened, and the note says so */
    pl_limits_init(&lim, 0, 0, 0);
    req.objective = "any";
    pl_solution_init(&sol);
    CHECK_INT(pl_game_solve(G, NULL, l, &req, &sol, &err), 0);
    CHECK_INT(sol.status, PL_SOLVED);
    CHECKF(strstr(sol.note, "certificate: ") != NULL, "note: %s", sol.note);
    if (sol.optimal == 1)
        CHECK_INT(sol.moves.n, 12);
    else
        CHECKF(strstr(sol.note, "not proven shortest") != NULL, "note: %s", sol.note);
    pl_solution_free(&sol);
    G->level_free(l);
    check_clear_context();
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "levels/coins/letters";
    uint64_t seed = check_seed_from_env(20261127);
    const char *env = getenv("PL_TEST_COUNT");
#if defined(__SANITIZE_ADDRESS__)
    int count = env ? atoi(env) : 500; /* the same comparison on fewer instances under ASan (108 s at 3000) */
#else
    int count = env ? atoi(env) : 3000;
#endif
    letters(dir);
    threads_same_answer(dir);
    randomised(seed, count);
    limits_and_objectives(dir);
    return check_done("coins_shortest");
}
