/* Buttons & Scissors exact solvers (search and SAT) against a naive brute
 * force written from the rules of spec/formats.md (buttons_brute.h, shared
 * with test_buttons_max.c; memoised over button subsets, original sizes, no
 * normalisation), on seeded random small boards:
 * plain random ones, `generate --solvable` ones and mutated solvable ones,
 * over random directions and sizes headers. Every certificate is replayed
 * through the descriptor (state_new / move_apply / finish). Then every level
 * in the directory given as argv[1] (levels/buttons/) is solved by both and
 * replayed, and its .moves file (when present) verified.
 * PL_TEST_SEED overrides the seed. */
#include <dirent.h>

#include "buttons_brute.h"
#include "game_check.h"

#include "puzzlelab/buttons.h"

static const pl_game *G = &pl_game_buttons;

static buttons_level *parse_text(const char *name, const char *text) {
    char msg[1024];
    buttons_level *l = gc_parse_msg(G, name, text, msg, sizeof msg);
    if (!l) CHECKF(0, "level: %s", msg);
    return l;
}

/* ---------- the naive brute force (cells <= 16, buttons_brute.h) ---------- */
/* memo: 0 unknown, 1 solvable, 2 not */
static bool brute_solve(brute *b, unsigned present) {
    if (!present) return true;
    if (b->memo[present]) return b->memo[present] == 1;
    bool ok = false;
    for (int i = 0; i < b->n && !ok; i++) {
        if (!((present >> i) & 1u)) continue;
        for (int j = i + 1; j < b->n && !ok; j++) {
            unsigned cut = brute_cut(b, present, i, j);
            if (cut) ok = brute_solve(b, present & ~cut);
        }
    }
    b->memo[present] = ok ? 1 : 2;
    return ok;
}

static bool brute_board(const buttons_level *l, int8_t *memo) {
    brute b;
    unsigned present = brute_init(&b, l, memo);
    memset(memo, 0, (size_t)1 << b.n);
    return brute_solve(&b, present);
}

/* ---------- solving and replay ---------- */
/* Solves with the named algorithm; checks the status (expect: -1 any but
 * unknown) and replays a certificate. Returns the status. */
static pl_status solve_check(const char *name, const buttons_level *l, int expect, double time_limit) {
    const pl_algorithm *a = gc_algorithm(G, name);
    if (!a) return PL_UNKNOWN;
    pl_limits lim;
    pl_limits_init(&lim, check_time_limit(time_limit), 0, (size_t)64 << 20);
    const char *on[] = {"algorithm"};
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = on[0];
    o.value[0] = name;
    o.n = 1;
    pl_request req = {.opts = &o, .objective = NULL, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    memset(&err, 0, sizeof err);
    char why[256] = "";
    if (a->applies && !a->applies(l, &req, why, sizeof why)) {
        pl_solution_free(&sol);
        return PL_UNKNOWN;
    }
    int rc = a->solve(l, &req, &sol, &err);
    CHECKF(rc == 0, "%s: solve returned %d (%s)", name, rc, err.msg);
    CHECKF(sol.status != PL_UNKNOWN, "%s: unknown (limit %d)", name, sol.limit_hit);
    if (expect >= 0)
        CHECKF((int)sol.status == expect, "%s says %s, brute force says %s", name, pl_status_name(sol.status),
               pl_status_name((pl_status)expect));
    if (sol.status == PL_SOLVED) {
        bool ok = gc_replays(G, l, &sol.moves, why, sizeof why);
        CHECKF(ok, "%s: certificate does not replay: %s", name, why);
    }
    pl_status st = sol.status;
    pl_solution_free(&sol);
    return st;
}

/* Was the library built with CaDiCaL? (sat applies when asked by name) */
static bool buttons_sat_available_for_tests(void) {
    static int known = -1;
    if (known < 0) {
        buttons_level *l = parse_text("probe.level", "aa\n");
        const pl_algorithm *a = gc_algorithm(G, "sat");
        pl_opts o;
        memset(&o, 0, sizeof o);
        o.name[0] = "algorithm";
        o.value[0] = "sat";
        o.n = 1;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
        char why[256];
        known = l && a && a->applies(l, &req, why, sizeof why);
        if (!known) printf("sat not available: %s\n", why);
        if (l) G->level_free(l);
    }
    return known == 1;
}

/* ---------- random boards ---------- */
static const char *const dir_sets[] = {"*", "*", "*", "+", "x", "-", "hd", "va", "v", "hva"};
static const char *const size_sets[] = {"all", "all", "all", "2", "3", "2,3", "3,4", "4", "2,4", "3,5", "2,3,7"};

static char *gen(pl_rng *rng, bool solvable, char *desc, size_t dn) {
    char rows[16], cols[16], k[16], fill[16], seed[24], freq[16];
    snprintf(rows, sizeof rows, "%d", 1 + (int)pl_rng_below(rng, 4));
    snprintf(cols, sizeof cols, "%d", 1 + (int)pl_rng_below(rng, 4));
    snprintf(k, sizeof k, "%d", 1 + (int)pl_rng_below(rng, 4));
    snprintf(fill, sizeof fill, "%d", 50 + (int)pl_rng_below(rng, 51));
    snprintf(freq, sizeof freq, "%d", pl_rng_below(rng, 3) ? 0 : 3 + (int)pl_rng_below(rng, 4));
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)pl_rng_next(rng));
    const char *dirs = dir_sets[pl_rng_below(rng, sizeof dir_sets / sizeof dir_sets[0])];
    const char *sizes = size_sets[pl_rng_below(rng, sizeof size_sets / sizeof size_sets[0])];
    pl_opts o;
    memset(&o, 0, sizeof o);
    const char *names[] = {"rows", "cols", "colours", "fill", "seed", "directions", "sizes", "frequency"};
    const char *vals[] = {rows, cols, k, fill, seed, dirs, sizes, freq};
    for (int i = 0; i < 8; i++) {
        o.name[o.n] = names[i];
        o.value[o.n++] = vals[i];
    }
    if (solvable) {
        o.name[o.n] = "solvable";
        o.value[o.n++] = "";
    }
    pl_error err;
    memset(&err, 0, sizeof err);
    char *t = G->generate(&o, &err);
    /* --fill 100 is a full board (issue 22): refused when the shape or the cap cannot give one */
    bool refused = !t && strcmp(fill, "100") == 0 &&
                   (strstr(err.msg, "no full board found") || strstr(err.msg, "--fill 100 asks for"));
    CHECKF(t != NULL || refused, "generate: %s", err.msg);
    snprintf(desc, dn, "%s", t ? t : "");
    return t;
}

static int count_solved = 0, count_unsolvable = 0;

static void random_boards(uint64_t seed, int nboards) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    int8_t *memo = pl_xmalloc((size_t)1 << 16);
    for (int t = 0; t < nboards; t++) {
        int kind = (int)pl_rng_below(&rng, 3); /* 0 plain, 1 solvable, 2 solvable then mutated */
        char desc[1024];
        char *text = gen(&rng, kind != 0, desc, sizeof desc);
        if (!text) continue;
        if (kind == 2) {
            /* recolour one button: often unsolvable, close to solvable */
            char *body = strchr(strstr(text, "sizes:"), '\n') + 1;
            int len = (int)strlen(body), tries = 0;
            while (tries++ < 20) {
                int i = (int)pl_rng_below(&rng, (uint64_t)len);
                if (body[i] != '.' && body[i] != '\n') {
                    body[i] = "abcd"[pl_rng_below(&rng, 4)];
                    break;
                }
            }
            snprintf(desc, sizeof desc, "%s", text);
        }
        check_context(true, seed, "board %d:\n%s", t, desc);
        buttons_level *l = parse_text("random.level", text);
        free(text);
        if (!l) continue;
        bool solvable = brute_board(l, memo);
        if (kind == 1) CHECKF(solvable, "generate --solvable made an unsolvable board");
        solvable ? count_solved++ : count_unsolvable++;
        int expect = solvable ? PL_SOLVED : PL_UNSOLVABLE;
        solve_check("exact", l, expect, 10);
        if (buttons_sat_available_for_tests()) solve_check("sat", l, expect, 10);
        G->level_free(l);
    }
    check_clear_context();
    free(memo);
}

/* ---------- shipped levels ---------- */
static int levels_checked = 0;

static void shipped_level(void *level, const char *path, const char *mpath, void *ctx) {
    (void)path;
    (void)ctx;
    buttons_level *l = level;
    if (l->players != BUTTONS_SINGLE) return; /* two-player levels: test_buttons_2p */
    CHECK(solve_check("exact", l, PL_SOLVED, 10) == PL_SOLVED);
    if (buttons_sat_available_for_tests()) CHECK(solve_check("sat", l, PL_SOLVED, 10) == PL_SOLVED);
    pl_moves mv;
    pl_error err = {0};
    if (pl_moves_read(mpath, &mv, &err) == 0) {
        pl_strvec v = {mv.text, mv.n, mv.n, NULL}; /* a view: not freed */
        char why[256] = "";
        CHECKF(gc_replays(G, l, &v, why, sizeof why), "%s does not replay: %s", mpath, why);
        pl_moves_free(&mv);
    }
    levels_checked++;
}

static void shipped_levels(const char *dir) { gc_each_level(G, dir, shipped_level, NULL); }

int main(int argc, char **argv) {
    uint64_t seed = check_seed_from_env(20240601);
    random_boards(seed, 2400);
    printf("random boards: %d solvable, %d unsolvable\n", count_solved, count_unsolvable);
    CHECK(count_solved > 300);
    CHECK(count_unsolvable > 300);
    if (argc > 1) {
        shipped_levels(argv[1]);
        printf("levels: %d\n", levels_checked);
        CHECK(levels_checked >= 13);
    }
    return check_done("buttons_exact");
}
