/* Benchmark of the two-player game solvers (Section 4; solve_minimax.c,
 * solve_grundy.c).
 *
 * Part 1, scaling: for each game (partisan a|b + shared c, impartial,
 * scoring) and n = 10, 15, ..., 35 buttons placed at random on a 7x7 board in
 * 3 colours (directions *, sizes all), --boards boards each: the median and
 * the largest time of `minimax`, its median node count, the growth of the
 * median from the previous n, and as a same-run baseline plain negamax
 * without the transposition table (written here over the same cut table; up
 * to 20 buttons, 5*10^7 nodes), printed as baseline/minimax.
 * Part 2, independent parts: impartial boards of k = 1, 2, 4, 8, 16 separate
 * 3x3 blocks of 6 buttons (each block its own 3 colours, so no cut joins two
 * blocks): `grundy` (parts solved once, XOR) against `minimax` (the product
 * of the blocks' position spaces), same boards.
 * Prints Markdown tables with the command line.
 * Usage: bench_buttons_2p [--boards B] [--time-limit S] [--seed S] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/games/buttons/twoplayer.h"

static const pl_game *G = &pl_game_buttons;
static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

static buttons_level *parse(const char *text) {
    pl_level_text lt;
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_level_text_parse("bench.level", text, strlen(text), &lt, &err)) return NULL;
    buttons_level *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    if (!l) fprintf(stderr, "bench: %s\n%s", err.msg, text);
    return l;
}

static const pl_algorithm *algorithm(const char *name) {
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, name) == 0) return &G->algorithms[i];
    return NULL;
}

typedef struct run_result {
    double seconds;
    uint64_t nodes;
    bool unknown;
    long long winner;
} run_result;

static run_result run(const char *name, const buttons_level *l, double time_limit) {
    pl_limits lim;
    pl_limits_init(&lim, time_limit, 0, 0);
    pl_opts o;
    memset(&o, 0, sizeof o);
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution s;
    pl_solution_init(&s);
    pl_error err;
    memset(&err, 0, sizeof err);
    double t0 = pl_now();
    algorithm(name)->solve(l, &req, &s, &err);
    run_result r = {pl_now() - t0, s.nodes, s.status != PL_SOLVED, s.nvalues ? s.value[0] : -1};
    pl_solution_free(&s);
    return r;
}

/* The baseline: plain negamax (normal play: +1 win; scoring: margin), no
 * table, no ordering. */
static uint64_t plain_nodes, plain_cap;
static int plain(const b2game *g, const b2set *S, int player, int variant) {
    if (++plain_nodes > plain_cap) return 0;
    int best = variant == BUTTONS_SCORING ? -1000 : -1;
    bool any = false;
    for (int k = 0; k < g->ncuts; k++) {
        int s = b2_feasible(g, S, k);
        if (!s || !b2_may(g, player, k)) continue;
        any = true;
        b2set t = b2_after(g, S, k);
        int v = plain(g, &t, 3 - player, variant);
        if (variant == BUTTONS_SCORING) {
            if (s - v > best) best = s - v;
        } else if (v < 0) {
            return 1;
        }
    }
    return variant == BUTTONS_SCORING && !any ? 0 : best;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

enum { SIDE = 7 };

static char *random_board(pl_rng *rng, int variant, int n) {
    static char text[512];
    char cell[SIDE * SIDE];
    bool present[3] = {false, false, false};
    memset(cell, '.', sizeof cell);
    for (int placed = 0; placed < n;) {
        int i = (int)pl_rng_below(rng, SIDE * SIDE), c = (int)pl_rng_below(rng, 3);
        if (cell[i] != '.') continue;
        cell[i] = alphabet[c];
        present[c] = true;
        placed++;
    }
    int p;
    if (variant == BUTTONS_PARTISAN) /* a: player 1, b: player 2, c: both (those present) */
        p = snprintf(text, sizeof text, "players: partisan %s %s %s\n", present[0] ? "a" : "-", present[1] ? "b" : "-",
                     present[2] ? "c" : "-");
    else
        p = snprintf(text, sizeof text, "players: %s\n", variant == BUTTONS_IMPARTIAL ? "impartial" : "scoring");
    for (int r = 0; r < SIDE; r++) {
        memcpy(text + p, cell + SIDE * r, SIDE);
        p += SIDE;
        text[p++] = '\n';
    }
    text[p] = '\0';
    return text;
}

static void scaling(pl_rng *rng, int boards, double time_limit) {
    static const char *const name[] = {"", "partisan", "impartial", "scoring"};
    printf("| game | n | boards | unknown | median s | max s | median nodes | growth (median) | plain negamax / "
           "minimax (median time) |\n|---|---|---|---|---|---|---|---|---|\n");
    for (int variant = BUTTONS_PARTISAN; variant <= BUTTONS_SCORING; variant++) {
        double prev = 0;
        for (int n = 10; n <= 35; n += 5) {
            double *t = calloc((size_t)boards, sizeof *t), *tb = calloc((size_t)boards, sizeof *tb);
            uint64_t *nodes = calloc((size_t)boards, sizeof *nodes);
            int unknown = 0, nbase = 0;
            char capped[48] = "- (not run above 20)";
            bool base_ok = n <= 20;
            for (int b = 0; b < boards; b++) {
                buttons_level *l = parse(random_board(rng, variant, n));
                if (!l) continue;
                run_result r = run("minimax", l, time_limit);
                t[b] = r.unknown ? time_limit : r.seconds;
                nodes[b] = r.nodes;
                unknown += r.unknown;
                if (base_ok) {
                    b2game g;
                    pl_error err;
                    b2_build(l, &g, &err);
                    plain_nodes = 0;
                    plain_cap = 50000000;
                    double t0 = pl_now();
                    int v = plain(&g, &g.all, 1, variant);
                    tb[nbase++] = pl_now() - t0;
                    long long w = variant == BUTTONS_SCORING ? (v > 0 ? 1 : v < 0 ? 2 : 0) : (v > 0 ? 1 : 2);
                    if (plain_nodes > plain_cap) {
                        base_ok = false;
                        snprintf(capped, sizeof capped, "- (a board passed 5*10^7 nodes)");
                    } else if (!r.unknown && w != r.winner)
                        fprintf(stderr, "bench: plain negamax and minimax disagree on a %s board\n", name[variant]);
                    b2_free(&g);
                }
                G->level_free(l);
            }
            qsort(t, (size_t)boards, sizeof *t, cmp_double);
            qsort(nodes, (size_t)boards, sizeof *nodes, cmp_u64);
            double med = t[boards / 2];
            char growth[32] = "-", base[48];
            snprintf(base, sizeof base, "%s", capped);
            if (prev > 0) snprintf(growth, sizeof growth, "x%.1f", med / prev);
            if (base_ok && nbase == boards) {
                qsort(tb, (size_t)nbase, sizeof *tb, cmp_double);
                snprintf(base, sizeof base, "%.1f", med > 0 ? tb[nbase / 2] / med : 0);
            }
            printf("| %s | %d | %d | %d | %.5f | %.4f | %llu | %s | %s |\n", name[variant], n, boards, unknown, med,
                   t[boards - 1], (unsigned long long)nodes[boards / 2], growth, base);
            prev = med;
            free(t);
            free(tb);
            free(nodes);
        }
    }
}

static void parts(pl_rng *rng, int boards, double time_limit) {
    printf("\n| blocks k | buttons | boards | grundy median s | grundy max s | minimax median s | minimax max s | "
           "minimax unknown | minimax / grundy (median) |\n|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 1; k <= 16; k *= 2) {
        double *tg = calloc((size_t)boards, sizeof *tg), *tm = calloc((size_t)boards, sizeof *tm);
        int unknown = 0;
        for (int b = 0; b < boards; b++) {
            char text[1024], row[3][64];
            int w = 0;
            for (int i = 0; i < k; i++) {
                char block[9];
                memset(block, '.', sizeof block);
                for (int placed = 0; placed < 6;) {
                    int j = (int)pl_rng_below(rng, 9);
                    if (block[j] != '.') continue;
                    block[j] = alphabet[3 * i + (int)pl_rng_below(rng, 3)];
                    placed++;
                }
                for (int r = 0; r < 3; r++) {
                    memcpy(row[r] + w, block + 3 * r, 3);
                    row[r][w + 3] = '.';
                }
                w += 4;
            }
            int p = snprintf(text, sizeof text, "players: impartial\n");
            for (int r = 0; r < 3; r++) p += snprintf(text + p, sizeof text - (size_t)p, "%.*s\n", w - 1, row[r]);
            buttons_level *l = parse(text);
            if (!l) continue;
            run_result a = run("grundy", l, time_limit), m = run("minimax", l, time_limit);
            tg[b] = a.seconds;
            tm[b] = m.unknown ? time_limit : m.seconds;
            unknown += m.unknown;
            if (!a.unknown && !m.unknown && a.winner != m.winner)
                fprintf(stderr, "bench: grundy and minimax disagree\n");
            G->level_free(l);
        }
        qsort(tg, (size_t)boards, sizeof *tg, cmp_double);
        qsort(tm, (size_t)boards, sizeof *tm, cmp_double);
        printf("| %d | %d | %d | %.5f | %.5f | %.5f%s | %.5f | %d | %.0f |\n", k, 6 * k, boards, tg[boards / 2],
               tg[boards - 1], tm[boards / 2], unknown > boards / 2 ? " (limit)" : "", tm[boards - 1], unknown,
               tg[boards / 2] > 0 ? tm[boards / 2] / tg[boards / 2] : 0);
        free(tg);
        free(tm);
    }
}

int main(int argc, char **argv) {
    long boards = 10;
    double time_limit = 10;
    unsigned long long seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--boards") == 0)
            boards = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--time-limit") == 0)
            time_limit = strtod(argv[i + 1], NULL);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
    }
    if (boards < 1) boards = 1;
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    printf("Command: `bench_buttons_2p --boards %ld --time-limit %g --seed %llu`; wall-clock seconds per board, "
           "certificate included; a board at the time limit counts as the limit\n\n",
           boards, time_limit, seed);
    scaling(&rng, (int)boards, time_limit);
    parts(&rng, (int)boards, time_limit);
    return 0;
}
