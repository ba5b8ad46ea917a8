/* Coin moving on the triangular grid: Theorem 2.4 (unlabelled, Algorithm 9
 * with CLEAN) and Theorem 2.5 (labelled) at n = 1, 2, 4 x 10^3, 1, 2, 4 x 10^4
 * and 10^5 coins in one run (up to MAX_N, default 10^5; 2 x 10^5 allowed).
 *
 *     ./build/bench/bench_coins_tri [MAX_N]
 *
 * Instances: A is n random cells of a square of side ceil(sqrt(n / density)),
 * B another n random cells of a square of the same side, shifted by half a
 * side (so d_AB and d_B are both about 1.4 sides). Density 1/3 (dense: every
 * target has triangles) and 1/30 (sparse). For each: the solve time, the
 * number of moves, moves per coin, nanoseconds per move, the moves against
 * the bound d_AB + n d_B of Theorem 2.4, and two same-run baselines: the time
 * to replay the certificate move by move through the descriptor (what
 * `verify` does: parse each move, check it, apply it; solve / replay is the
 * price of finding a move against checking it), and the moves with the
 * paper's order of components (singles, then pairs: --order paper) against
 * the default single sweep. Build Release. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "?"
#endif

static const pl_game *G = &pl_game_coins;

static coins_level *instance(int n, double density, bool labelled, uint64_t seed, int *side_out) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    int side = (int)ceil(sqrt(n / density));
    coins_level *l = pl_xcalloc(1, sizeof *l);
    l->grid = COINS_TRIANGULAR;
    l->upto = COINS_EXACT;
    l->n = n;
    l->labelled = labelled;
    l->start = pl_xmalloc((size_t)n * sizeof *l->start);
    l->target = pl_xmalloc((size_t)n * sizeof *l->target);
    uint8_t *used = pl_xcalloc((size_t)side * (size_t)side, 1);
    for (int i = 0; i < n; i++) {
        long c;
        do c = (long)pl_rng_below(&rng, (uint64_t)side * (uint64_t)side);
        while (used[c] & 1);
        used[c] |= 1;
        l->start[i] = (coins_pt){(int)(c / side), (int)(c % side)};
        do c = (long)pl_rng_below(&rng, (uint64_t)side * (uint64_t)side);
        while (used[c] & 2);
        used[c] |= 2;
        l->target[i] = (coins_pt){(int)(c / side) + side / 2, (int)(c % side) + side / 2};
    }
    free(used);
    if (labelled) {
        l->label = pl_xmalloc((size_t)n + 1);
        for (int i = 0; i < n; i++) l->label[i] = (char)('a' + i % 26);
        l->label[n] = '\0';
    }
    l->rows = l->cols = side + side / 2;
    *side_out = side;
    return l;
}

typedef struct result {
    bool ok;
    long moves;
    double solve, replay;
} result;

/* Solves with --order order, then replays the certificate like verify. */
static result solve_and_replay(const coins_level *l, const char *order) {
    result r = {0};
    const char *name = l->labelled ? "theorem-2.5" : "theorem-2.4";
    const pl_algorithm *a = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, name) == 0) a = &G->algorithms[i];
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_opts o = {.n = 1, .name = {"order"}, .value = {order}};
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    int rc = a->solve(l, &req, &sol, &err);
    r.solve = pl_now() - t0;
    if (rc || sol.status != PL_SOLVED) {
        fprintf(stderr, "not solved: %s\n", rc ? err.msg : sol.note);
        pl_solution_free(&sol);
        return r;
    }
    t0 = pl_now();
    void *st = G->state_new(l);
    char why[256];
    int col;
    bool ok = true;
    for (int i = 0; i < sol.moves.n && ok; i++) ok = G->move_apply(st, sol.moves.s[i], why, sizeof why, &col) == 0;
    pl_verdict v = {0};
    if (ok) G->finish(st, NULL, &v);
    r.replay = pl_now() - t0;
    G->state_free(st);
    r.ok = ok && v.ok;
    r.moves = sol.moves.n;
    pl_solution_free(&sol);
    return r;
}

static void run(int n, double density, bool labelled) {
    int side;
    coins_level *l = instance(n, density, labelled, 1000003u * (uint64_t)n + (labelled ? 7 : 0), &side);
    result s = solve_and_replay(l, "sweep"), p = solve_and_replay(l, "paper");
    /* d_B <= 2 side and d_AB <= 2.5 side in hex distance (the squares' diagonals) */
    double bound = 2.5 * side + (double)n * 2.0 * side;
    printf("%7d %-9s %7.3f %9ld %7.1f %8.3f %6.0f %8.3f %6.2f %9ld %6.2f %8.4f %s\n", n,
           labelled ? "labelled" : "unlabel.", density, s.moves, (double)s.moves / n, s.solve,
           1e9 * s.solve / (double)(s.moves ? s.moves : 1), s.replay, s.solve / s.replay, p.moves,
           (double)s.moves / (double)(p.moves ? p.moves : 1), (double)s.moves / bound,
           s.ok && p.ok ? "ok" : "REPLAY FAILED");
    fflush(stdout);
    coins_level_free(l);
    free(l);
}

int main(int argc, char **argv) {
    int maxn = argc > 1 ? atoi(argv[1]) : 100000;
    printf("# triangular grid, Theorems 2.4/2.5; build %s; same-run baselines: replaying the certificate\n"
           "# (the verify path) and the paper's component order (--order paper)\n",
           PL_BENCH_BUILD_TYPE);
    printf("# %5s %-9s %7s %9s %7s %8s %6s %8s %6s %9s %6s %8s %s\n", "n", "coins", "density", "moves", "mv/coin",
           "solve s", "ns/mv", "replay s", "sol/rp", "paper mv", "/paper", "mv/bound", "replay");
    static const int sizes[] = {1000, 2000, 4000, 10000, 20000, 40000, 100000, 200000};
    for (int lab = 0; lab < 2; lab++)
        for (int di = 0; di < 2; di++)
            for (int i = 0; i < 8 && sizes[i] <= maxn; i++) run(sizes[i], di == 0 ? 1.0 / 3 : 1.0 / 30, lab);
    return 0;
}
