/* Random Two Dots levels: every cell of a full board holds a dot of a uniform
 * colour; the headers come from the options. Without --goals, the first two
 * colours (one when there is one) get a goal of 2 + a random count up to half
 * their share of the board.
 * --solvable plants the goals instead: after the board, a random line of play
 * of at most K moves (random paths grown dot by dot, now and then closed into
 * a cycle; until no move is left when K is unlimited) is played through the
 * rules, and the (up to) two colours it collected most get goals of exactly
 * what it collected. The line of play is a certificate, so the level is
 * solvable; it cannot take --goals (the goals are what it makes).
 * --refill N (the refill model): a `refill:` section of N rows of uniform
 * colours above the board, so every column has a queue of N dots; drawn
 * after the board, so the board of a seed is the same with or without it.
 * The line of play of --solvable plays with the refill.
 * Reproducible by --seed; the opening comment is the command that prints the
 * same file again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

const pl_option twodots_generate_options[] = {
    {"rows", "R", "rows (default 6)"},
    {"cols", "C", "columns (default 6)"},
    {"colours", "K", "colours, 1 to 62 (default 3)"},
    {"moves", "K", "the move limit (default 4; -1: unlimited)"},
    {"goals", "LIST", "goals as COLOUR:COUNT,... e.g. a:3,b:2 (default: two random goals)"},
    {"bombs", "on|off", "the bombs header (default off)"},
    {"refill", "N", "the refill model: a queue of N random dots above every column (default: no refill section)"},
    {"seed", "S", "random seed (default 1)"},
    {"solvable", NULL,
     "plant the goals: what a random line of play of at most K moves collects (the two colours it collected "
     "most); not with --goals"},
    {NULL, NULL, NULL},
};

static const char colour_alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/* A random move on cells (a simple path of two dots or more, or a cycle),
 * written into path; returns its length, 0 when no start in a few draws
 * has a neighbour of its colour. */
static int random_path(const twodots_level *l, const uint8_t *cells, pl_rng *rng, int *path, uint8_t *on) {
    int n = l->rows * l->cols;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int tries = 0; tries < 4 * n; tries++) {
        int start = (int)pl_rng_below(rng, (uint64_t)n);
        if (!cells[start]) continue;
        int len = 0;
        path[len++] = start;
        on[start] = 1;
        for (;;) {
            int cur = path[len - 1], r = cur / l->cols, c = cur % l->cols, next[4], nn = 0, close = -1;
            for (int q = 0; q < 4; q++) {
                int r2 = r + dr[q], c2 = c + dc[q];
                if (r2 < 0 || c2 < 0 || r2 >= l->rows || c2 >= l->cols) continue;
                int i = r2 * l->cols + c2;
                if (cells[i] != cells[start]) continue;
                if (!on[i])
                    next[nn++] = i;
                else
                    for (int j = 0; j + 4 <= len && close < 0; j++) /* t_s = t_j with j <= s - 4 */
                        if (path[j] == i) close = i;
            }
            if (close >= 0 && len >= 4 && pl_rng_below(rng, 3) == 0) {
                path[len++] = close;
                break;
            }
            if (!nn || (len >= 2 && pl_rng_below(rng, 4) == 0)) break;
            path[len] = next[pl_rng_below(rng, (uint64_t)nn)];
            on[path[len++]] = 1;
        }
        for (int i = 0; i < len; i++) on[path[i]] = 0;
        if (len >= 2) return len;
    }
    return 0;
}

/* Plays a random line of at most moves moves (-1: until none is found) on
 * the level's board; collected[colour index] gets what it removes. */
static void random_play(const twodots_level *l, long moves, pl_rng *rng, int *collected) {
    int n = l->rows * l->cols;
    uint8_t *cells = pl_xmalloc((size_t)n), *on = pl_xcalloc((size_t)n, 1);
    int *drawn = pl_xcalloc((size_t)l->cols + 1, sizeof *drawn);
    int *path = pl_xmalloc((size_t)(n + 1) * sizeof *path), *checked = pl_xmalloc((size_t)(n + 1) * sizeof *checked);
    memcpy(cells, l->cell, (size_t)n);
    twodots_move m = {0};
    for (long k = 0; moves < 0 || k < moves; k++) {
        int len = random_path(l, cells, rng, path, on);
        if (!len) break;
        /* through the rules' own check, as verify will replay it */
        m.n = 0;
        if (m.cap < len) {
            m.cap = len;
            m.r = pl_xrealloc(m.r, (size_t)len * sizeof *m.r);
            m.c = pl_xrealloc(m.c, (size_t)len * sizeof *m.c);
        }
        for (int i = 0; i < len; i++) m.r[i] = path[i] / l->cols, m.c[i] = path[i] % l->cols;
        m.n = len;
        int colour;
        bool cyclic;
        char why[160];
        if (twodots_move_check(l, cells, &m, checked, &colour, &cyclic, why, sizeof why)) break;
        twodots_apply_path(l, cells, drawn, checked, len, collected);
    }
    twodots_move_free(&m);
    free(cells);
    free(drawn);
    free(on);
    free(path);
    free(checked);
}

/* The goal lines of the colours the line of play collected most (two at
 * most, the earlier colour first on ties), as headers and as --goals text. */
static void planted_goals(const char *board_text, long moves, pl_rng *rng, pl_sbuf *goals, pl_error *err, bool *ok) {
    pl_level_text lt;
    twodots_level l;
    *ok = false;
    if (pl_level_text_parse("(generated)", board_text, strlen(board_text), &lt, err)) return;
    int bad = twodots_level_parse(&lt, &l, err);
    pl_level_text_free(&lt);
    if (bad) {
        twodots_level_free(&l);
        return;
    }
    int collected[TWODOTS_MAX_COLOURS + 1] = {0};
    random_play(&l, moves, rng, collected);
    for (int g = 0; g < 2; g++) {
        int best = 0;
        for (int c = 1; c <= l.ncolours; c++)
            if (collected[c] > collected[best]) best = c;
        if (!best) break;
        pl_sbuf_printf(goals, "goal: %s %d\n", l.colour_name[best], collected[best]);
        collected[best] = 0;
    }
    twodots_level_free(&l);
    *ok = true;
}

char *twodots_generate(const pl_opts *o, pl_error *err) {
    long rows, cols, k, moves, refill = -1;
    uint64_t seed;
    if (pl_opts_long(o, "rows", 6, 1, 255, &rows, err) || pl_opts_long(o, "cols", 6, 1, 255, &cols, err) ||
        pl_opts_long(o, "colours", 3, 1, (long)sizeof colour_alphabet - 1, &k, err) ||
        pl_opts_long(o, "moves", 4, -1, 1000000, &moves, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    if (pl_opts_get(o, "refill") && pl_opts_long(o, "refill", 0, 1, 10000, &refill, err)) return NULL;
    const char *bombs = pl_opts_get(o, "bombs");
    if (!bombs) bombs = "off";
    if (strcmp(bombs, "on") != 0 && strcmp(bombs, "off") != 0)
        return pl_error_set(err, NULL, 0, 0, "--bombs: expected on or off, got '%s'", bombs), NULL;
    bool solvable = pl_opts_has(o, "solvable");
    const char *gs = pl_opts_get(o, "goals");
    if (solvable && gs)
        return pl_error_set(err, NULL, 0, 0,
                            "--solvable plants its own goals (what a line of play collects); "
                            "it does not take --goals"),
               NULL;
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    long cells = rows * cols;
    pl_sbuf goals = {0}, given = {0}; /* the goal headers; --goals as the command repeats it */
    pl_sbuf_printf(&goals, "%s", "");
    if (gs) {
        /* a:3,b:2 -> goal lines; checked here so the error names the option */
        const char *p = gs;
        bool used[128] = {false};
        while (*p) {
            int ch = (unsigned char)*p;
            char *end;
            if (!pl_is_colour_char(ch) || p[1] != ':' || p[2] < '0' || p[2] > '9') {
                free(goals.s);
                free(given.s);
                return pl_error_set(err, NULL, 0, 0, "--goals: expected COLOUR:COUNT,... such as a:3,b:2, got '%s'",
                                    gs),
                       NULL;
            }
            long n = strtol(p + 2, &end, 10);
            const char *why = used[ch] ? "has two goals" : n > 1000000 ? "asks more than 1000000 dots" : NULL;
            if (why) {
                free(goals.s);
                free(given.s);
                return pl_error_set(err, NULL, 0, 0, "--goals: colour '%c' %s", ch, why), NULL;
            }
            used[ch] = true;
            pl_sbuf_printf(&goals, "goal: %c %ld\n", ch, n);
            pl_sbuf_printf(&given, "%s%c:%ld", given.n ? "," : "", ch, n);
            p = end;
            if (*p == ',')
                p++;
            else if (*p) {
                free(goals.s);
                free(given.s);
                return pl_error_set(err, NULL, 0, 0, "--goals: expected ',' between goals in '%s'", gs), NULL;
            }
        }
    } else if (!solvable) {
        for (int c = 0; c < (k < 2 ? k : 2); c++) {
            long share = cells / k / 2;
            long n = 2 + (long)pl_rng_below(&rng, (uint64_t)(share > 1 ? share : 1));
            pl_sbuf_printf(&goals, "goal: %c %ld\n", colour_alphabet[c], n);
        }
    }
    pl_sbuf board = {0};
    pl_sbuf_printf(&board, "board:\n");
    for (long r = 0; r < rows; r++) {
        for (long c = 0; c < cols; c++) pl_sbuf_printf(&board, "%c", colour_alphabet[pl_rng_below(&rng, (uint64_t)k)]);
        pl_sbuf_printf(&board, "\n");
    }
    pl_sbuf queues = {0}; /* the refill section, drawn after the board */
    pl_sbuf_printf(&queues, "%s", "");
    if (refill > 0) {
        pl_sbuf_printf(&queues, "refill:\n");
        for (long r = 0; r < refill; r++) {
            for (long c = 0; c < cols; c++)
                pl_sbuf_printf(&queues, "%c", colour_alphabet[pl_rng_below(&rng, (uint64_t)k)]);
            pl_sbuf_printf(&queues, "\n");
        }
    }
    char mline[32] = "";
    if (moves >= 0) snprintf(mline, sizeof mline, "moves: %ld\n", moves);
    if (solvable) {
        pl_sbuf probe = {0};
        pl_sbuf_printf(&probe, "%sbombs: %s\n%s%s", mline, bombs, queues.s, board.s);
        bool ok;
        planted_goals(probe.s, moves, &rng, &goals, err, &ok);
        free(probe.s);
        if (!ok) {
            free(goals.s);
            free(board.s);
            free(queues.s);
            return NULL;
        }
    }
    pl_sbuf t = {0};
    pl_sbuf_printf(&t,
                   "# twodots: generated by puzzlelab twodots generate --rows %ld --cols %ld --colours %ld --moves %ld",
                   rows, cols, k, moves);
    if (given.n) pl_sbuf_printf(&t, " --goals %s", given.s);
    pl_sbuf_printf(&t, " --bombs %s", bombs);
    if (refill > 0) pl_sbuf_printf(&t, " --refill %ld", refill);
    pl_sbuf_printf(&t, "%s --seed %llu\n", solvable ? " --solvable" : "", (unsigned long long)seed);
    pl_sbuf_printf(&t, "%s%sbombs: %s\n%s%s", mline, goals.s, bombs, queues.s, board.s);
    free(queues.s);
    free(goals.s);
    free(given.s);
    free(board.s);
    return t.s;
}
