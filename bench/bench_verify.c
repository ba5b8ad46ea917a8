/* Verify against solve, every game but Clickomania (issue 21, item 3: "every
 * game's verify must replay a certificate in time close to the solver that
 * produced it, within 3x of solve on the largest inputs each algorithm
 * accepts"; Clickomania's rows are in bench_click_line.c).
 *
 * For each polynomial or constructive algorithm, at sizes up to the largest
 * it takes in reasonable time: the level is built in code (or drawn by the
 * game's generator) as level text and read through the descriptor, solved
 * with that algorithm (the same-run baseline), and its certificate replayed
 * the way `puzzlelab GAME verify` does: state_new, move_apply for every
 * move, finish. The table gives both times and verify / solve.
 *   buttons   row (Theorem 1) on rows drawn from the grammar, n = 1000..8000;
 *             packing (Theorem 3) on one-colour boards at 50% fill, up to
 *             10^4 buttons; greedy (F <= 3) on 62 colours x 3 buttons.
 *   twodots   row (Theorem 4) on one random row of 10^4..10^6 dots, a goal
 *             per colour; column (Theorem 3) on one column of 100..400 dots.
 *   coins     theorem-2.4 (triangular) on generated levels of 10^3..6.4 x
 *             10^4 coins, theorem-2.5 (labelled) on 61 (the generator's
 *             labels); theorems (square, Theorem 3.8's
 *             construction) and minplus1 where the generator's levels fit.
 *   snip      needle (Theorem 3) and lshape (Theorem 5) on random star
 *             polygons (generate --family simple) of n = 10..160 vertices.
 * Usage: bench_verify [--quick] [--seed S] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_words.h"
#include "puzzlelab/game.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "unknown"
#endif

static uint64_t seed = 1;

static void *parse_level(const pl_game *g, const char *text) {
    pl_level_text lt;
    pl_error err = {0};
    void *l = NULL;
    if (pl_level_text_parse("bench", text, strlen(text), &lt, &err) == 0) {
        l = g->level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    if (!l) fprintf(stderr, "bench_verify: %s level: %s\n", g->name, err.msg);
    return l;
}

static void *generated(const pl_game *g, int nopt, const char *const *names, const char *const *values) {
    pl_opts o = {.n = nopt};
    for (int i = 0; i < nopt; i++) o.name[i] = names[i], o.value[i] = values[i];
    pl_error err = {0};
    char *text = g->generate(&o, &err);
    if (!text) {
        fprintf(stderr, "bench_verify: %s generate: %s\n", g->name, err.msg);
        return NULL;
    }
    void *l = parse_level(g, text);
    free(text);
    return l;
}

/* Solves level with the algorithm named alg, replays the certificate as
 * verify does, prints one row of the table and frees the level. */
static void row(const pl_game *g, const char *alg, const char *size, void *level, double time_limit) {
    if (!level) {
        printf("| %s | %s | %s | no level | | | | |\n", g->name, alg, size);
        return;
    }
    const pl_algorithm *a = NULL;
    for (int i = 0; i < g->nalgorithms; i++)
        if (strcmp(g->algorithms[i].name, alg) == 0) a = &g->algorithms[i];
    pl_limits lim;
    pl_limits_init(&lim, time_limit, 0, 0);
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}};
    pl_request req = {.opts = &o, .objective = g->objectives ? g->objectives[0] : NULL, .seed = 1, .limits = &lim,
                      .threads = 1};
    char why[512];
    if (!a || (a->applies && !a->applies(level, &req, why, sizeof why))) {
        printf("| %s | %s | %s | does not apply | | | | |\n", g->name, alg, size);
        g->level_free(level);
        return;
    }
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    double t0 = pl_now();
    int rc = a->solve(level, &req, &sol, &err);
    double ts = pl_now() - t0;
    if (rc || sol.status != PL_SOLVED) {
        printf("| %s | %s | %s | %s | | %.3f s | | |\n", g->name, alg, size,
               rc ? "error" : pl_status_name(sol.status), ts);
        pl_solution_free(&sol);
        g->level_free(level);
        return;
    }
    t0 = pl_now();
    void *st = g->state_new(level);
    char reason[256];
    int col, bad = 0;
    for (int i = 0; i < sol.moves.n && !bad; i++)
        if (g->move_apply(st, sol.moves.s[i], reason, sizeof reason, &col) != PL_MOVE_OK) {
            fprintf(stderr, "bench_verify: %s %s %s: move %d: %s\n", g->name, alg, size, i + 1, reason);
            bad = 1;
        }
    pl_verdict v = {0};
    if (!bad) g->finish(st, req.objective, &v);
    double tv = pl_now() - t0;
    g->state_free(st);
    printf("| %s | %s | %s | %s | %d | %.4f s | %.4f s | %.2f |\n", g->name, alg, size,
           !bad && v.ok ? "verified" : "INVALID", sol.moves.n, ts, tv, tv / ts);
    fflush(stdout);
    pl_solution_free(&sol);
    g->level_free(level);
}

/* ---------- Buttons & Scissors ---------- */

static void *buttons_row_level(int n) {
    pl_rng rng;
    pl_rng_seed(&rng, seed + (uint64_t)n);
    char *text = malloc((size_t)n + 64);
    int p = sprintf(text, "directions: -\nsizes: 2,3\n");
    bench_derive(&rng, text + p, n, 4);
    for (int i = 0; i < n; i++)
        if (text[p + i] == '.' && i > 0) text[p + i] = text[p + i - 1] == '.' ? 'a' : '.';
    text[p + n] = '\n';
    text[p + n + 1] = '\0';
    void *l = parse_level(&pl_game_buttons, text);
    free(text);
    return l;
}

/* One colour, a square board at 50% fill, an even number of buttons. */
static void *buttons_packing_level(int buttons) {
    pl_rng rng;
    pl_rng_seed(&rng, seed + (uint64_t)buttons);
    int side = 1;
    while (side * side < 2 * buttons) side++;
    char *cells = malloc((size_t)side * (size_t)side);
    memset(cells, '.', (size_t)side * (size_t)side);
    for (int placed = 0; placed < buttons;) {
        size_t c = (size_t)pl_rng_below(&rng, (uint64_t)side * (uint64_t)side);
        if (cells[c] == '.') cells[c] = 'a', placed++;
    }
    char *text = malloc((size_t)side * (size_t)(side + 1) + 64);
    int p = sprintf(text, "directions: *\nsizes: 2,3\n");
    for (int r = 0; r < side; r++) {
        memcpy(text + p, cells + (size_t)r * (size_t)side, (size_t)side);
        p += side;
        text[p++] = '\n';
    }
    text[p] = '\0';
    void *l = parse_level(&pl_game_buttons, text);
    free(text);
    free(cells);
    return l;
}

static void buttons(bool quick) {
    const pl_game *g = &pl_game_buttons;
    char size[64];
    static const int rows[] = {1000, 2000, 4000, 8000};
    for (int i = 0; i < (quick ? 2 : 4); i++) {
        snprintf(size, sizeof size, "%d cells", rows[i]);
        row(g, "row", size, buttons_row_level(rows[i]), 0);
    }
    static const int packs[] = {1250, 2500, 5000, 10000};
    for (int i = 0; i < (quick ? 2 : 4); i++) {
        snprintf(size, sizeof size, "%d buttons", packs[i]);
        row(g, "packing", size, buttons_packing_level(packs[i]), 0);
    }
    /* greedy: 62 colours, 3 buttons each (the most F <= 3 allows) */
    const char *n[] = {"rows", "cols", "colours", "frequency", "fill", "solvable", "seed"};
    const char *v[] = {"14", "14", "62", "3", "90", "", "1"};
    row(g, "greedy", "14x14 at 90%, 62 colours, F = 3", generated(g, 7, n, v), 0);
}

/* ---------- Two Dots ---------- */

static void *twodots_row_level(int n, int k) {
    pl_rng rng;
    pl_rng_seed(&rng, seed + (uint64_t)n);
    char *text = malloc((size_t)n + 64 * (size_t)k + 16);
    char *cells = malloc((size_t)n);
    for (int i = 0; i < n; i++) cells[i] = (char)('a' + pl_rng_below(&rng, (uint64_t)k));
    int p = 0;
    for (int c = 0; c < k; c++) {
        /* half of the colour's dots in runs of 2 or more */
        long inruns = 0;
        for (int i = 0; i < n;) {
            int j = i;
            while (j < n && cells[j] == cells[i]) j++;
            if (cells[i] == 'a' + c && j - i >= 2) inruns += j - i;
            i = j;
        }
        p += sprintf(text + p, "goal: %c %ld\n", 'a' + c, inruns / 2 > 0 ? inruns / 2 : 1);
    }
    memcpy(text + p, cells, (size_t)n);
    p += n;
    text[p++] = '\n';
    text[p] = '\0';
    void *l = parse_level(&pl_game_twodots, text);
    free(text);
    free(cells);
    return l;
}

static void *twodots_column_level(int n, int k) {
    pl_rng rng;
    pl_rng_seed(&rng, seed + (uint64_t)n);
    char *text = malloc(2 * (size_t)n + 64);
    int p = sprintf(text, "goal: a %d\ngoal: b %d\n", n / (4 * k), n / (8 * k));
    for (int i = 0; i < n; i++) {
        text[p++] = (char)('a' + pl_rng_below(&rng, (uint64_t)k));
        text[p++] = '\n';
    }
    text[p] = '\0';
    void *l = parse_level(&pl_game_twodots, text);
    free(text);
    return l;
}

static void twodots(bool quick) {
    const pl_game *g = &pl_game_twodots;
    char size[64];
    static const int rows[] = {10000, 100000, 1000000};
    for (int i = 0; i < (quick ? 2 : 3); i++) {
        snprintf(size, sizeof size, "1 x %d, 4 colours", rows[i]);
        row(g, "row", size, twodots_row_level(rows[i], 4), 0);
    }
    static const int cols[] = {100, 200, 400};
    for (int i = 0; i < (quick ? 2 : 3); i++) {
        snprintf(size, sizeof size, "%d x 1, 3 colours", cols[i]);
        row(g, "column", size, twodots_column_level(cols[i], 3), 0);
    }
}

/* ---------- coins ---------- */

static void coins(bool quick) {
    const pl_game *g = &pl_game_coins;
    char size[64], nv[32], sv[32];
    snprintf(sv, sizeof sv, "%llu", (unsigned long long)seed);
    static const int tri[] = {1000, 4000, 16000, 64000};
    for (int lab = 0; lab < 2; lab++)
        for (int i = 0; i < (quick ? 2 : 4); i++) {
            if (lab && i) break; /* labelled: the generator's labels allow 61 coins */
            snprintf(nv, sizeof nv, "%d", lab ? 61 : tri[i]);
            const char *n[] = {"grid", "coins", "seed", "labelled"};
            const char *v[] = {"triangular", nv, sv, ""};
            snprintf(size, sizeof size, "%s coins%s", nv, lab ? ", labelled" : "");
            row(g, lab ? "theorem-2.5" : "theorem-2.4", size, generated(g, lab ? 4 : 3, n, v), 60);
        }
    static const int sq[] = {100, 400, 1600};
    for (int i = 0; i < (quick ? 2 : 3); i++) {
        snprintf(nv, sizeof nv, "%d", sq[i]);
        const char *n[] = {"grid", "coins", "seed", "walk"};
        const char *v[] = {"square", nv, sv, "20"};
        snprintf(size, sizeof size, "%d coins, 20-move walk", sq[i]);
        row(g, "theorems", size, generated(g, 4, n, v), 60);
    }
}

/* ---------- Snipperclips ---------- */

static void snip(bool quick) {
    const pl_game *g = &pl_game_snip;
    char size[64], nv[32], sv[32];
    snprintf(sv, sizeof sv, "%llu", (unsigned long long)seed);
    static const int ns[] = {10, 20, 40, 80, 160};
    for (int a = 0; a < 2; a++)
        for (int i = 0; i < (quick ? 2 : 5); i++) {
            snprintf(nv, sizeof nv, "%d", ns[i]);
            const char *n[] = {"family", "vertices", "model", "seed"};
            const char *v[] = {"simple", nv, a == 0 ? "connected" : "disconnected", sv};
            snprintf(size, sizeof size, "n = %d", ns[i]);
            row(g, a == 0 ? "needle" : "lshape", size, generated(g, 4, n, v), 600);
        }
}

int main(int argc, char **argv) {
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_verify [--quick] [--seed S]\n");
            return 2;
        }
    }
    printf("bench_verify%s --seed %llu (build %s)\n\n", quick ? " --quick" : "", (unsigned long long)seed,
           PL_BENCH_BUILD_TYPE);
    printf("| game | algorithm | instance | verdict | moves | solve (baseline) | verify | verify / solve |\n");
    printf("|---|---|---|---|---:|---:|---:|---:|\n");
    buttons(quick);
    twodots(quick);
    coins(quick);
    snip(quick);
    return 0;
}
