/* Buttons & Scissors objective max (solve_max.c) against a naive exhaustive
 * search written from the rules of docs/formats.md (buttons_brute.h, shared
 * with test_buttons_exact.c; memoised over button subsets, the sizes as
 * written, no normalisation, no bounds), on
 * seeded random small boards (at most 16 cells) over every parameter: 1 to 4
 * rows, 1 to 4 colours, fill 40-100%, random directions and sizes headers;
 * then full 2 x n boards with two colours (Conjecture 1's boards). For each:
 *  - `max` says optimal, its certificate replays through the descriptor
 *    (verify --objective max) and leaves exactly the brute force's minimum;
 *    so does buttons_max_search without the clear oracle (the branch and
 *    bound alone, its cuts replayed by the rules);
 *  - the clear objective's `exact` search agrees: solvable iff the minimum
 *    is 0;
 *  - under a node limit `max` still returns a valid certificate, 'optimal
 *    no' when stopped, and never claims fewer buttons than the minimum.
 * Also: who declines objective max (the clear solvers, two-player levels).
 * PL_TEST_SEED overrides the seed. */
#include "buttons_brute.h"
#include "game_check.h"

#include "puzzlelab/buttons.h"

static const pl_game *G = &pl_game_buttons;

/* ---------- the naive exhaustive search (cells <= 16, buttons_brute.h) ---------- */
/* memo: -1 unknown, else the fewest buttons left. Depth at most 8 (each
 * level removes two buttons of at most 16). */
static int brute_min(brute *b, unsigned present) {
    if (b->memo[present] >= 0) return b->memo[present];
    int best = __builtin_popcount(present);
    for (int i = 0; i < b->n; i++) {
        if (!((present >> i) & 1u)) continue;
        for (int j = i + 1; j < b->n; j++) {
            unsigned cut = brute_cut(b, present, i, j);
            if (!cut) continue;
            int v = brute_min(b, present & ~cut);
            if (v < best) best = v;
        }
    }
    b->memo[present] = (int8_t)best;
    return best;
}

static int brute_board(const buttons_level *l, int8_t *memo) {
    brute b;
    unsigned present = brute_init(&b, l, memo);
    memset(memo, -1, (size_t)1 << b.n);
    return brute_min(&b, present);
}

/* ---------- solving ---------- */

/* Runs algorithm name with the objective (NULL: clear) under a node limit
 * (0: none); sol initialised here, the caller frees it. */
static int run(const char *name, const char *objective, const buttons_level *l, uint64_t node_limit,
               pl_solution *sol, char *why, size_t n) {
    const pl_algorithm *a = gc_algorithm(G, name);
    pl_limits lim;
    pl_limits_init(&lim, 0, node_limit, (size_t)64 << 20);
    pl_opts none = {.n = 0};
    pl_request req = {.opts = &none, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution_init(sol);
    if (!a || (a->applies && !a->applies(l, &req, why, n))) return -1;
    pl_error err = {0};
    CHECKF(a->solve(l, &req, sol, &err) == 0, "%s: %s", name, err.msg);
    return 0;
}

static long long value_of(const pl_solution *sol, const char *name) {
    for (int i = 0; i < sol->nvalues; i++)
        if (strcmp(sol->value_name[i], name) == 0) return sol->value[i];
    return -1;
}

/* Replays the certificate under objective max: true and *left when legal. */
static bool replay_max(const buttons_level *l, const pl_strvec *moves, int *left, char *why, size_t n) {
    void *st = G->state_new(l);
    bool ok = true;
    for (int i = 0; i < moves->n && ok; i++) {
        int col = 0;
        ok = G->move_apply(st, moves->s[i], why, n, &col) == PL_MOVE_OK;
    }
    pl_verdict v = {0};
    if (ok) {
        G->finish(st, "max", &v);
        ok = v.ok && v.nvalues == 2 && strcmp(v.value_name[1], "buttons_left") == 0 &&
             v.value[0] == l->nbuttons - v.value[1];
        if (!ok) snprintf(why, n, "finish under max: ok %d, %d values", v.ok, v.nvalues);
        *left = (int)v.value[1];
    }
    G->state_free(st);
    return ok;
}

static long compared, zero_left, limited_stops;
static int hist[17];

static void check_board(const char *text, int8_t *memo, bool with_limit) {
    char msg[1024];
    buttons_level *l = gc_parse_msg(G, "random", text, msg, sizeof msg);
    if (!CHECKF(l != NULL, "level: %s", msg)) return;
    int want = brute_board(l, memo);
    char why[256];
    pl_solution sol;
    if (CHECKF(run("max", "max", l, 0, &sol, why, sizeof why) == 0, "max does not apply: %s", why) &&
        CHECKF(sol.status == PL_SOLVED && sol.optimal == 1, "max: status %d optimal %d", sol.status, sol.optimal)) {
        int left = -1;
        if (CHECKF(replay_max(l, &sol.moves, &left, why, sizeof why), "max certificate: %s", why)) {
            CHECKF(left == want, "max leaves %d, the brute force %d", left, want);
            CHECKF(value_of(&sol, "buttons_left") == left && value_of(&sol, "removed") == l->nbuttons - left,
                   "max values: removed %lld, left %lld; the replay leaves %d", value_of(&sol, "removed"),
                   value_of(&sol, "buttons_left"), left);
        }
        compared++;
        hist[want]++;
    }
    pl_solution_free(&sol);
    /* the branch and bound alone (no clear oracle at the root) */
    pl_limits plain;
    pl_limits_init(&plain, 0, 0, (size_t)64 << 20);
    buttons_max_result mr;
    buttons_max_search(l, &plain, false, &mr);
    CHECKF(mr.optimal && mr.left == want && mr.oracle == -2, "max without the oracle: %d left (optimal %d), minimum %d",
           mr.left, mr.optimal, want);
    {
        uint8_t cells[16];
        memcpy(cells, l->cell, (size_t)(l->rows * l->cols));
        int left = l->nbuttons;
        for (int i = 0; i < mr.ncuts; i++) {
            int colour, size;
            if (!CHECKF(buttons_cut_check(l, cells, mr.cuts[i], &colour, &size, why, sizeof why) == 0,
                        "max without the oracle, cut %d: %s", i + 1, why))
                break;
            buttons_cut_apply(l, cells, mr.cuts[i]);
            left -= size;
        }
        CHECKF(left == mr.left, "max without the oracle: the cuts leave %d, it says %d", left, mr.left);
    }
    free(mr.cuts);
    /* the clear objective's exact search agrees on "0 left" */
    pl_solution ex;
    if (CHECKF(run("exact", NULL, l, 0, &ex, why, sizeof why) == 0, "exact does not apply: %s", why)) {
        CHECKF(ex.status == (want == 0 ? PL_SOLVED : PL_UNSOLVABLE), "exact says %s, the minimum left is %d",
               pl_status_name(ex.status), want);
        if (ex.status == PL_SOLVED) gc_replay(G, l, &ex.moves, "exact", "cut", "does not clear the board");
        zero_left += want == 0;
    }
    pl_solution_free(&ex);
    if (with_limit) {
        pl_solution lim;
        if (run("max", "max", l, 3, &lim, why, sizeof why) == 0) {
            int left = -1;
            CHECK(lim.status == PL_SOLVED);
            if (CHECKF(replay_max(l, &lim.moves, &left, why, sizeof why), "limited max certificate: %s", why))
                CHECKF(left >= want && value_of(&lim, "buttons_left") == left, "limited max: %d left, minimum %d",
                       left, want);
            if (lim.optimal == 0) {
                limited_stops++;
                CHECK(lim.limit_hit == PL_LIMIT_NODES);
            } else {
                CHECKF(left == want, "limited max claims optimal with %d left, minimum %d", left, want);
            }
        }
        pl_solution_free(&lim);
    }
    G->level_free(l);
}

static void random_board(pl_rng *rng, char *text, size_t n, int rows, int cols, int colours, int fill,
                         const char *dirs, const char *sizes) {
    size_t k = (size_t)snprintf(text, n, "directions: %s\nsizes: %s\n", dirs, sizes);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++)
            text[k++] = (int)pl_rng_below(rng, 100) < fill ? (char)('a' + pl_rng_below(rng, (uint64_t)colours)) : '.';
        text[k++] = '\n';
    }
    text[k] = '\0';
}

int main(void) {
    uint64_t seed = check_seed_from_env(0x6a6178ULL);
    int8_t *memo = malloc((size_t)1 << 16);
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    static const char *const dirs[] = {"*", "+", "x", "-", "hd", "va", "hva", "d"};
    static const char *const sizes[] = {"all", "2", "3", "2,3", "3,4", "2,4", "4", "3,5,6"};
    int count = SANITIZED ? 300 : 3000;
    char text[512];
    for (int i = 0; i < count; i++) {
        uint64_t s = seed + (uint64_t)i;
        pl_rng_seed(&rng, s);
        int rows = 1 + (int)pl_rng_below(&rng, 4), cols = 1 + (int)pl_rng_below(&rng, (uint64_t)(16 / rows));
        int colours = 1 + (int)pl_rng_below(&rng, 4), fill = 40 + (int)pl_rng_below(&rng, 61);
        random_board(&rng, text, sizeof text, rows, cols, colours, fill, dirs[pl_rng_below(&rng, 8)],
                     sizes[pl_rng_below(&rng, 8)]);
        check_context(true, s, "random board %d:\n%s", i, text);
        check_board(text, memo, i % 4 == 0);
    }
    /* Conjecture 1's boards: full 2 x n, two colours, default rules */
    int full = SANITIZED ? 100 : 1000;
    for (int i = 0; i < full; i++) {
        uint64_t s = seed + 1000000 + (uint64_t)i;
        pl_rng_seed(&rng, s);
        random_board(&rng, text, sizeof text, 2, 1 + (int)pl_rng_below(&rng, 8), 2, 100, "*", "all");
        check_context(true, s, "full 2 x n board %d:\n%s", i, text);
        check_board(text, memo, i % 4 == 0);
    }
    check_clear_context();
    CHECKF(zero_left > count / 20 && zero_left < compared - count / 20,
           "both answers common: %ld of %ld boards cleared", zero_left, compared);
    CHECKF(limited_stops > 0, "the node limit stopped some searches (%ld)", limited_stops);
    printf("%ld boards compared with the brute force, %ld cleared, %ld stopped by the node limit; minimum left:",
           compared, zero_left, limited_stops);
    for (int k = 0; k <= 16; k++)
        if (hist[k]) printf(" %d:%d", k, hist[k]);
    printf("\n");

    /* who declines objective max */
    char why[256];
    pl_solution sol;
    buttons_level *l = gc_parse(G, "ab\nba\n");
    if (l) {
        static const char *const clear_only[] = {"greedy", "row", "packing", "sat", "exact"};
        for (int k = 0; k < 5; k++) {
            CHECKF(run(clear_only[k], "max", l, 0, &sol, why, sizeof why) == -1, "%s applies to max", clear_only[k]);
            pl_solution_free(&sol);
        }
        CHECK(run("max", NULL, l, 0, &sol, why, sizeof why) == -1 && strstr(why, "objective max only"));
        pl_solution_free(&sol);
        G->level_free(l);
    }
    l = gc_parse(G, "players: impartial\nab\nba\n");
    if (l) {
        CHECK(run("max", "max", l, 0, &sol, why, sizeof why) == -1 && strstr(why, "two-player"));
        pl_solution_free(&sol);
        CHECK(run("grundy", "max", l, 0, &sol, why, sizeof why) == -1 && strstr(why, "single-player"));
        pl_solution_free(&sol);
        CHECK(run("minimax", "max", l, 0, &sol, why, sizeof why) == -1);
        pl_solution_free(&sol);
        CHECK(run("minimax", "clear", l, 0, &sol, why, sizeof why) == 0);
        pl_solution_free(&sol);
        G->level_free(l);
    }
    free(memo);
    return check_done("buttons_max");
}
