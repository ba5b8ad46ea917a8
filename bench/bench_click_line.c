/* Benchmark of the one-column / one-row Clickomania algorithms (issue 3):
 *  - two-colours (Theorems 10 and 12) at 10^5, 10^6 and 10^7 blocks: decision
 *    and certificate (click positions), with the time to read the blocks into
 *    a group word as the same-run baseline, and the scaling ratio t(10n)/t(n)
 *    (linear: about 10);
 *  - grammar (Theorem 2) at 100, 200 and 400 groups, with the scaling ratio
 *    t(2n)/t(n) (cubic: at most 8) and the O(n^3) line-max programme on the
 *    same words as the baseline (the bitset parse's gain);
 *  - verify of a two-colours certificate at 10^5, 10^6 and 10^7 blocks
 *    through the descriptor (what `clickomania verify` runs: the row is
 *    replayed run by run, line_replay.c), against the solve that produced
 *    it (issue 21's target: verify within 3x of solve) and, up to 10^5
 *    blocks, against replaying the same clicks on the board
 *    (click_click_at, O(n) a click: the code verify ran before).
 * Usage: bench_click_line [--quick] [--seed S] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"
#include "puzzlelab/game.h"

static double median3(double a, double b, double c) {
    if (a > b) { double t = a; a = b; b = t; }
    if (b > c) { double t = b; b = c; c = t; }
    if (a > b) { double t = a; a = b; b = t; }
    return b;
}

/* Random two-colour blocks; a solvable instance is likely for large n. */
static int *random_blocks(pl_rng *rng, long n, int k) {
    int *b = malloc((size_t)n * sizeof *b);
    for (long i = 0; i < n; i++) b[i] = 1 + (int)pl_rng_below(rng, (uint64_t)k);
    return b;
}

static void two_colours(pl_rng *rng, const long *sizes, int nsizes) {
    printf("### two-colours (Theorems 10 and 12): decision and certificate\n\n");
    printf("| blocks | groups | status | clicks | read word (baseline) | decide + certificate | ratio to baseline | ns per block | t(n)/t(n/10) |\n");
    printf("|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
    double prev = 0;
    for (int s = 0; s < nsizes; s++) {
        long n = sizes[s];
        int *blocks = random_blocks(rng, n, 2);
        double tb[3], ta[3];
        click_word w;
        click_line_result r;
        for (int rep = 0; rep < 3; rep++) {
            double t0 = pl_now();
            click_word_from_colours(blocks, (int)n, &w);
            tb[rep] = pl_now() - t0;
            t0 = pl_now();
            click_line_two_colours(&w, &r);
            ta[rep] = pl_now() - t0;
            if (rep < 2) {
                click_line_result_free(&r);
                click_word_free(&w);
            }
        }
        double base = median3(tb[0], tb[1], tb[2]), alg = median3(ta[0], ta[1], ta[2]);
        char scale[32] = "-";
        if (prev > 0) snprintf(scale, sizeof scale, "%.1f", alg / prev);
        printf("| %ld | %d | %s | %d | %.3f s | %.3f s | %.1fx | %.1f | %s |\n", n, w.ngroups,
               pl_status_name(r.status), r.nclicks, base, alg, alg / base, 1e9 * alg / (double)n, scale);
        prev = alg;
        click_line_result_free(&r);
        click_word_free(&w);
        free(blocks);
    }
    printf("\n");
}

/* A word of exactly g groups over k colours, sizes 1 or 2. */
static void random_groups(pl_rng *rng, int g, int k, click_word *w) {
    int *blocks = malloc((size_t)(2 * g) * sizeof *blocks);
    int n = 0, prev = 0;
    for (int i = 0; i < g; i++) {
        int c;
        do c = 1 + (int)pl_rng_below(rng, (uint64_t)k);
        while (c == prev);
        int sz = 1 + (int)pl_rng_below(rng, 2);
        for (int j = 0; j < sz; j++) blocks[n++] = c;
        prev = c;
    }
    click_word_from_colours(blocks, n, w);
    free(blocks);
}

static void grammar(pl_rng *rng, const int *groups, int nsizes, int k) {
    printf("### grammar (Theorem 2) on %d colours, with line-max (Lemma 1, O(n^3)) as baseline\n\n", k);
    printf("| groups | letters | status | grammar | t(n)/t(n/2) | line-max (baseline) | baseline / grammar |\n");
    printf("|---:|---:|---|---:|---:|---:|---:|\n");
    double prev = 0;
    for (int s = 0; s < nsizes; s++) {
        click_word w;
        random_groups(rng, groups[s], k, &w);
        int letters = 0;
        for (int i = 0; i < w.ngroups; i++) letters += w.size[i] >= 2 ? 2 : 1;
        double tg[3], tm = 0;
        click_line_result r;
        for (int rep = 0; rep < 3; rep++) {
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            double t0 = pl_now();
            click_line_grammar(&w, &lim, &r);
            tg[rep] = pl_now() - t0;
            if (rep < 2) click_line_result_free(&r);
        }
        {
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            click_line_result m;
            double t0 = pl_now();
            click_line_max(&w, &lim, &m);
            tm = pl_now() - t0;
            click_line_result_free(&m);
        }
        double g = median3(tg[0], tg[1], tg[2]);
        char scale[32] = "-";
        if (prev > 0) snprintf(scale, sizeof scale, "%.1f", g / prev);
        printf("| %d | %d | %s | %.4f s | %s | %.4f s | %.0fx |\n", w.ngroups, letters, pl_status_name(r.status), g,
               scale, tm, tm / g);
        prev = g;
        click_line_result_free(&r);
        click_word_free(&w);
    }
    printf("\n");
}

/* A one-row level of n random blocks over two colours, through the parser. */
static void *row_level(pl_rng *rng, long n) {
    char *text = malloc((size_t)n + 2);
    for (long i = 0; i < n; i++) text[i] = (char)('a' + (int)pl_rng_below(rng, 2));
    text[n] = '\n';
    text[n + 1] = '\0';
    pl_level_text lt;
    pl_error err = {0};
    void *level = NULL;
    if (pl_level_text_parse("row", text, (size_t)n + 1, &lt, &err) == 0) {
        level = pl_game_clickomania.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(text);
    return level;
}

static void verify_rows(pl_rng *rng, const long *sizes, int nsizes, long board_max) {
    const pl_game *g = &pl_game_clickomania;
    printf("### verify of a two-colours certificate, against the solve that produced it\n\n");
    printf("| blocks | clicks | solve (baseline) | verify | verify / solve | board replay (before) | board / verify |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    const pl_algorithm *alg = NULL;
    for (int i = 0; i < g->nalgorithms; i++)
        if (strcmp(g->algorithms[i].name, "two-colours") == 0) alg = &g->algorithms[i];
    for (int s = 0; s < nsizes && alg; s++) {
        long n = sizes[s];
        void *level = NULL;
        pl_solution sol;
        double ts = 0;
        for (int attempt = 0; attempt < 50; attempt++) { /* a solvable row: most are */
            level = row_level(rng, n);
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            pl_opts o = {.n = 0};
            pl_request req = {.opts = &o, .objective = "clear", .seed = 1, .limits = &lim, .threads = 1};
            pl_error err = {0};
            pl_solution_init(&sol);
            double t0 = pl_now();
            alg->solve(level, &req, &sol, &err);
            ts = pl_now() - t0;
            if (sol.status == PL_SOLVED) break;
            pl_solution_free(&sol);
            g->level_free(level);
            level = NULL;
        }
        if (!level) continue;
        double t0 = pl_now();
        void *st = g->state_new(level);
        char reason[256];
        int col, bad = 0;
        for (int i = 0; i < sol.moves.n; i++)
            if (g->move_apply(st, sol.moves.s[i], reason, sizeof reason, &col) != PL_MOVE_OK) bad++;
        pl_verdict v = {0};
        g->finish(st, "clear", &v);
        double tv = pl_now() - t0;
        g->state_free(st);
        char board[32] = "-", gain[32] = "-";
        if (n <= board_max) {
            const click_level *l = level;
            click_board b;
            click_scratch sc;
            t0 = pl_now();
            click_board_init(&b, l->board.rows, l->board.cols, l->board.ncolours);
            click_board_copy(&b, &l->board);
            click_scratch_init(&sc, b.rows, b.cols);
            for (int i = 0; i < sol.moves.n; i++) click_click_at(&b, &sc, 0, atoi(strchr(sol.moves.s[i], ',') + 1));
            double tb = pl_now() - t0;
            if (b.blocks != 0) bad++;
            click_board_free(&b);
            click_scratch_free(&sc);
            snprintf(board, sizeof board, "%.3f s", tb);
            snprintf(gain, sizeof gain, "%.0fx", tb / tv);
        }
        printf("| %ld | %d | %.3f s | %.3f s%s | %.2f | %s | %s |\n", n, sol.moves.n, ts, tv,
               v.ok && !bad ? "" : " (INVALID)", tv / ts, board, gain);
        pl_solution_free(&sol);
        g->level_free(level);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) quick = true;
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_click_line [--quick] [--seed S]\n");
            return 2;
        }
    }
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    printf("Command: `bench_click_line%s --seed %llu`\n\n", quick ? " --quick" : "", (unsigned long long)seed);
    long big[] = {100000, 1000000, 10000000}, small[] = {10000, 100000};
    two_colours(&rng, quick ? small : big, quick ? 2 : 3);
    int gq[] = {50, 100}, gf[] = {100, 200, 400};
    grammar(&rng, quick ? gq : gf, quick ? 2 : 3, 3);
    long vbig[] = {100000, 1000000, 10000000}, vsmall[] = {20000, 100000};
    verify_rows(&rng, quick ? vsmall : vbig, quick ? 2 : 3, 100000);
    return 0;
}
