/* Coin moving: the exact search's pruning is sound.
 *
 * On thousands of seeded random small instances (square grid and triangular
 * window, unlabelled and labelled, exact targets and targets up to
 * translation; random graphs, bipartite or not) the bidirectional search runs four ways: with everything
 * (Proposition 3.10's rules 2 and 4 and the length bound), without the
 * bound, without the rules, and with neither (the plain layered search, itself
 * checked against a naive BFS in test_coins_exact.c). All four must give the
 * same status and the same shortest length, and every certificate replays
 * through the descriptor like verify. PL_TEST_SEED replays another run;
 * failures print the seed and the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins_gen.h"
#include "game_check.h"
#include "puzzlelab/coins.h"

static const pl_game *G = &pl_game_coins;

/* Length, -1 unsolvable, -2 unknown; a certificate must replay. */
static int run(const void *level, const char *const *opts, const char *margin) {
    pl_opts o = {.n = 0};
    for (int i = 0; opts && opts[i]; i++) {
        o.name[o.n] = opts[i];
        o.value[o.n++] = "";
    }
    if (margin) {
        o.name[o.n] = "margin";
        o.value[o.n++] = margin;
    }
    gc_how how = {.opts = &o, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, gc_algorithm(G, "bidir"), level, &how, &sol);
    int result = gc_length(&sol);
    pl_solution_free(&sol);
    return result;
}

/* start: n random cells; target: random, or the start with a few swaps. */
static char *grid_text(pl_rng *rng, const char *grid, const char *upto, int rows, int cols, int n, bool labelled) {
    char *t = pl_xmalloc(4096), *p = t;
    p += sprintf(p, "grid: %s\ntarget-up-to: %s\n", grid, upto);
    bool walk = pl_rng_below(rng, 2);
    gc_coins_sections(rng, p, rows, cols, n, walk, labelled);
    return t;
}

static char *graph_text(pl_rng *rng, bool bipartite) {
    int nv = 5 + (int)pl_rng_below(rng, 5), n = 3 + (int)pl_rng_below(rng, 2),
        percent = 30 + (int)pl_rng_below(rng, 40);
    char *t = pl_xmalloc(8192), *p = t;
    p += sprintf(p, "grid: graph\n");
    int perm[16];
    const char *sec[2] = {"start", "target"};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nv; i++) perm[i] = i;
        p += sprintf(p, "%s:", sec[pass]);
        for (int i = 0; i < n; i++) {
            int j = i + (int)pl_rng_below(rng, (uint64_t)(nv - i)), x = perm[i];
            perm[i] = perm[j], perm[j] = x;
            p += sprintf(p, " %d", perm[i]);
        }
        p += sprintf(p, "\n");
    }
    p += sprintf(p, "edges:\n");
    for (int u = 0; u < nv; u++)
        for (int v = u + 1; v < nv; v++)
            if ((!bipartite || (u + v) % 2 == 1) && (int)pl_rng_below(rng, 100) < percent)
                p += sprintf(p, "%d %d\n", u, v);
    if (!bipartite || (nv - 2 + nv - 1) % 2 == 1) p += sprintf(p, "%d %d\n", nv - 2, nv - 1); /* every vertex used */
    return t;
}

static const char *const FULL[] = {NULL};
static const char *const NO_BOUND[] = {"no-bound", NULL};
static const char *const NO_RULES[] = {"no-backward-rules", NULL};
static const char *const PLAIN[] = {"no-bound", "no-backward-rules", NULL};

static int stats[3][3]; /* kind x {solved, unsolvable, unknown} */

static void compare(const void *l, int kind, const char *margin) {
    int want = run(l, PLAIN, margin);
    CHECK_INT(run(l, FULL, margin), want);
    CHECK_INT(run(l, NO_BOUND, margin), want);
    CHECK_INT(run(l, NO_RULES, margin), want);
    stats[kind][want >= 0 ? 0 : want == -1 ? 1 : 2]++;
}

int main(void) {
    uint64_t seed = check_seed_from_env(20261122);
    pl_rng rng;
    for (int t = 0; t < 3000; t++) {
        pl_rng_seed(&rng, seed + (uint64_t)t);
        int kind = t < 1600 ? 0 : t < 2400 ? 2 : 1; /* square, graphs, triangular */
        char *text;
        const char *margin = NULL;
        if (kind == 2) {
            text = graph_text(&rng, pl_rng_below(&rng, 2)); /* graph coins are unlabelled */
        } else {
            bool labelled = pl_rng_below(&rng, 4) == 0;
            const char *upto = pl_rng_below(&rng, 4) == 0 ? "translation" : "exact";
            if (kind == 1) {
                int rows = 2 + (int)pl_rng_below(&rng, 2), cols = 2 + (int)pl_rng_below(&rng, 2);
                int n = 3 + (int)pl_rng_below(&rng, 2);
                if (n > rows * cols - 1) n = rows * cols - 1;
                text = grid_text(&rng, "triangular", upto, rows, cols, n, labelled);
                margin = "0";
            } else {
                int rows = 2 + (int)pl_rng_below(&rng, 3), cols = 2 + (int)pl_rng_below(&rng, 4);
                int n = 3 + (int)pl_rng_below(&rng, 4);
                if (n > rows * cols - 1) n = rows * cols - 1;
                text = grid_text(&rng, "square", upto, rows, cols, n, labelled);
            }
        }
        check_context(true, seed + (uint64_t)t, "%s", text);
        coins_level *l = gc_parse_loud(G, text);
        if (CHECK(l != NULL)) {
            compare(l, kind, margin);
            G->level_free(l);
        }
        free(text);
    }
    check_clear_context();
    const char *names[3] = {"square", "triangular", "graph"};
    for (int k = 0; k < 3; k++)
        printf("%-10s: %d solvable, %d unsolvable, %d unknown (window)\n", names[k], stats[k][0], stats[k][1],
               stats[k][2]);
    /* every kind must have produced both answers, or the test proves little */
    CHECK(stats[0][0] > 100 && stats[0][1] > 100);
    CHECK(stats[2][0] > 50 && stats[2][1] > 50);
    CHECK(stats[1][0] > 20);
    return check_done("coins_prune");
}
