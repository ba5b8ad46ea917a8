/* Coin moving: minimum+1 configurations (Section 3.3: Propositions 3.29,
 * 3.30, 3.32, Theorem 3.38) against the exhaustive search.
 *
 *  - 2400 seeded random square-grid instances where A is minimum+1: one
 *    rectangle up to 6 x 6 or two small ones (even and odd), a random minimum configuration in each
 *    (rejection sampling of spans) plus one extra coin; B a random walk from
 *    A (solvable) or another random minimum+1 configuration with the same
 *    span (often not). Wherever `minplus1` applies, its answer must match the
 *    bidirectional search's, and its certificate must replay through the
 *    descriptor like verify. Where it does not apply, its reason must not be
 *    a failed construction.
 *  - 400 random instances of any kind: when it applies, the same agreement.
 *  - Theorem 3.38 at sizes the search cannot reach: random 2-paths between
 *    the corners of odd rectangles up to 15 x 16, with an extra coin; the
 *    certificate must replay.
 * PL_TEST_SEED replays another run; failures print the seed and the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/coins.h"

static const pl_game *G = &pl_game_coins;

static void *parse(const char *text) {
    void *l = gc_parse_loud(G, text);
    if (!l) fprintf(stderr, "%s\n", text);
    return l;
}

/* Length, -1 unsolvable, -2 unknown; a certificate must replay. note gets the
 * solver's note. */
static int run(const char *name, const void *level, uint64_t node_limit, char *note, size_t nn) {
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* the constructions' own certificates */
    gc_how how = {.opts = &o, .node_limit = node_limit, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, gc_algorithm(G, name), level, &how, &sol);
    int result = gc_length(&sol);
    if (note) snprintf(note, nn, "%.*s", (int)(nn ? nn - 1 : 0), sol.note);
    pl_solution_free(&sol);
    return result;
}

/* ---------- a board drawn as characters ---------- */
#define MAXW 40
#ifndef MAXSIDE
#define MAXSIDE 6
#endif
typedef struct board {
    int h, w;
    char a[MAXW][MAXW], b[MAXW][MAXW];
} board;

static int span_size(const board *bd, char (*g)[MAXW], int r0, int c0, int r1, int c1) {
    static char s[MAXW][MAXW];
    for (int r = 0; r < bd->h; r++)
        for (int c = 0; c < bd->w; c++) s[r][c] = g[r][c] == 'o';
    for (bool changed = true; changed;) {
        changed = false;
        for (int r = 0; r < bd->h; r++)
            for (int c = 0; c < bd->w; c++) {
                if (s[r][c]) continue;
                int k = (r > 0 && s[r - 1][c]) + (r + 1 < bd->h && s[r + 1][c]) + (c > 0 && s[r][c - 1]) +
                        (c + 1 < bd->w && s[r][c + 1]);
                if (k >= 2) s[r][c] = 1, changed = true;
            }
    }
    int n = 0;
    for (int r = 0; r < bd->h; r++)
        for (int c = 0; c < bd->w; c++)
            if (s[r][c]) {
                if (r < r0 || r > r1 || c < c0 || c > c1) return -1;
                n++;
            }
    return n;
}

/* A minimum configuration with span [r0,r1] x [c0,c1] into g (rejection
 * sampling; the 'L' when that fails). */
static void random_minimum(pl_rng *rng, board *bd, char (*g)[MAXW], int r0, int c0, int r1, int c1) {
    int m = r1 - r0 + 1, n = c1 - c0 + 1, k = (m + n + 1) / 2;
    for (int tries = 0; tries < 3000; tries++) {
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) g[r][c] = '.';
        for (int placed = 0; placed < k;) {
            int r = r0 + (int)pl_rng_below(rng, (uint64_t)m), c = c0 + (int)pl_rng_below(rng, (uint64_t)n);
            if (g[r][c] == '.') g[r][c] = 'o', placed++;
        }
        if (span_size(bd, g, r0, c0, r1, c1) == m * n) return;
    }
    /* the 'L': down the left column, then along the bottom row, coins on
     * points 0, 2, ... of the path and the pair at its start when odd */
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) g[r][c] = '.';
    int K = m + n - 2, odd = K % 2;
    for (int j = 0; j <= K; j++) {
        bool coin = odd ? (j == 0 || j % 2 == 1) : j % 2 == 0;
        int r = j < m ? r0 + j : r1, c = j < m ? c0 : c0 + (j - (m - 1));
        if (coin) g[r][c] = 'o';
    }
}

static bool add_extra(pl_rng *rng, char (*g)[MAXW], int r0, int c0, int r1, int c1) {
    int free_cells = 0;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) free_cells += g[r][c] == '.';
    if (!free_cells) return false;
    for (;;) {
        int r = r0 + (int)pl_rng_below(rng, (uint64_t)(r1 - r0 + 1)),
            c = c0 + (int)pl_rng_below(rng, (uint64_t)(c1 - c0 + 1));
        if (g[r][c] == '.') {
            g[r][c] = 'o';
            return true;
        }
    }
}

/* k random legal moves that keep the span (b: the configuration, in place). */
static void random_walk(pl_rng *rng, board *bd, int steps, int full) {
    for (int s = 0; s < steps; s++) {
        int cand[MAXW * MAXW][4], nc = 0;
        for (int r = 0; r < bd->h; r++)
            for (int c = 0; c < bd->w; c++) {
                if (bd->b[r][c] != 'o') continue;
                for (int r2 = 0; r2 < bd->h; r2++)
                    for (int c2 = 0; c2 < bd->w; c2++) {
                        if (bd->b[r2][c2] != '.') continue;
                        int k = 0;
                        const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                        for (int t = 0; t < 4; t++) {
                            int rr = r2 + d[t][0], cc = c2 + d[t][1];
                            if (rr >= 0 && rr < bd->h && cc >= 0 && cc < bd->w && bd->b[rr][cc] == 'o' &&
                                !(rr == r && cc == c))
                                k++;
                        }
                        if (k < 2) continue;
                        bd->b[r][c] = '.', bd->b[r2][c2] = 'o';
                        if (span_size(bd, bd->b, 0, 0, bd->h - 1, bd->w - 1) == full && nc < MAXW * MAXW)
                            cand[nc][0] = r, cand[nc][1] = c, cand[nc][2] = r2, cand[nc][3] = c2, nc++;
                        bd->b[r][c] = 'o', bd->b[r2][c2] = '.';
                    }
            }
        if (!nc) return;
        int i = (int)pl_rng_below(rng, (uint64_t)nc);
        bd->b[cand[i][0]][cand[i][1]] = '.';
        bd->b[cand[i][2]][cand[i][3]] = 'o';
    }
}

static char *board_text(const board *bd) {
    char *t = pl_xmalloc(2 * (size_t)(bd->h + 2) * (size_t)(bd->w + 2) + 128), *p = t;
    p += sprintf(p, "grid: square\nstart:\n");
    for (int pass = 0; pass < 2; pass++) {
        if (pass) p += sprintf(p, "target:\n");
        for (int r = 0; r < bd->h; r++) {
            memcpy(p, pass ? bd->b[r] : bd->a[r], (size_t)bd->w);
            p += bd->w;
            *p++ = '\n';
        }
    }
    *p = '\0';
    return t;
}

static int stats[6]; /* decided yes, decided no, open, exact unknown, random applies, large */

/* How often each result decided (the note up to its first ':'), and the
 * longest certificate, so the test shows it exercised every result. */
static char kinds[16][96];
static int kind_count[16][2], nkinds, longest, pushed;

static void tally(const char *note, int got) {
    char k[96];
    snprintf(k, sizeof k, "%.95s", note); /* the note up to 95 bytes: enough for its kind */
    char *colon = strchr(k, ':');
    if (colon) *colon = '\0';
    int i = 0;
    while (i < nkinds && strcmp(kinds[i], k) != 0) i++;
    if (i == nkinds && nkinds < 16) snprintf(kinds[nkinds++], sizeof kinds[0], "%s", k);
    if (i < 16) kind_count[i][got >= 0]++;
    if (got > longest) longest = got;
    if (strstr(k, "3.38") && got >= 3) pushed++; /* at least one push between the first and last move */
}

static void check_level(const char *text, uint64_t seed) {
    check_context(true, seed, "%s", text);
    void *l = parse(text);
    if (!CHECK(l != NULL)) return;
    char why[256] = "", note[256] = "";
    pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* the constructions' own certificates */
    pl_request req = {.opts = &o, .seed = 1, .limits = NULL, .threads = 1};
    bool applies = gc_algorithm(G, "minplus1")->applies(l, &req, why, sizeof why);
    CHECKF(!strstr(why, "failed"), "construction failed: %s", why);
    if (applies) {
        int got = run("minplus1", l, 0, note, sizeof note);
        CHECKF(got != -2, "applies but answers unknown: %s", note);
        int want = run("bidir", l, 3000000, NULL, 0);
        if (want == -2) {
            stats[3]++;
        } else {
            CHECKF((got >= 0) == (want >= 0), "minplus1 says %s, the exact search %s (%s)",
                   got >= 0 ? "solvable" : "unsolvable", want >= 0 ? "solvable" : "unsolvable", note);
            CHECKF(got < 0 || got >= want, "minplus1's %d moves beat the shortest %d", got, want);
        }
        stats[got >= 0 ? 0 : 1]++;
        tally(note, got);
    } else {
        stats[2]++;
    }
    G->level_free(l);
}

static void random_minplus1(uint64_t seed) {
    pl_rng rng;
    for (int t = 0; t < 2400; t++) {
        pl_rng_seed(&rng, seed + (uint64_t)t);
        board bd;
        memset(&bd, '.', sizeof bd);
        int nrect = pl_rng_below(&rng, 4) == 0 ? 2 : 1;
        int rr[2][4], w = 0, h = 0;
        for (int k = 0; k < nrect; k++) {
            int m = 1 + (int)pl_rng_below(&rng, nrect == 1 ? MAXSIDE : 3),
                n = 1 + (int)pl_rng_below(&rng, nrect == 1 ? MAXSIDE : 3);
            if (m == 1 && n < 3) n = 3; /* a 1 x 2 rectangle has no room for the extra coin */
            if (n == 1 && m < 3) m = 3;
            int c0 = k == 0 ? 0 : w + 2; /* 2 empty columns: distance 3 */
            rr[k][0] = 0, rr[k][1] = c0, rr[k][2] = m - 1, rr[k][3] = c0 + n - 1;
            w = c0 + n;
            if (m > h) h = m;
        }
        bd.h = h, bd.w = w;
        for (int pass = 0; pass < 2; pass++) {
            char(*g)[MAXW] = pass ? bd.b : bd.a;
            for (int k = 0; k < nrect; k++) random_minimum(&rng, &bd, g, rr[k][0], rr[k][1], rr[k][2], rr[k][3]);
            int k = (int)pl_rng_below(&rng, (uint64_t)nrect);
            if (!add_extra(&rng, g, rr[k][0], rr[k][1], rr[k][2], rr[k][3]))
                add_extra(&rng, g, rr[1 - k][0], rr[1 - k][1], rr[1 - k][2], rr[1 - k][3]);
        }
        int full = span_size(&bd, bd.a, 0, 0, bd.h - 1, bd.w - 1);
        if (pl_rng_below(&rng, 2)) {
            /* a walk that ends where it began says little: try again */
            for (int tries = 0; tries < 4; tries++) {
                memcpy(bd.b, bd.a, sizeof bd.b);
                random_walk(&rng, &bd, 1 + (int)pl_rng_below(&rng, 30), full);
                if (memcmp(bd.a, bd.b, sizeof bd.a) != 0) break;
            }
        }
        char *text = board_text(&bd);
        check_level(text, seed + (uint64_t)t);
        free(text);
    }
}

static void random_any(uint64_t seed) {
    pl_rng rng;
    for (int t = 0; t < 400; t++) {
        pl_rng_seed(&rng, seed + 100000 + (uint64_t)t);
        board bd;
        memset(&bd, '.', sizeof bd);
        bd.h = 2 + (int)pl_rng_below(&rng, 3), bd.w = 2 + (int)pl_rng_below(&rng, 4);
        int n = 2 + (int)pl_rng_below(&rng, 4);
        if (n > bd.h * bd.w - 1) n = bd.h * bd.w - 1;
        for (int pass = 0; pass < 2; pass++) {
            char(*g)[MAXW] = pass ? bd.b : bd.a;
            for (int k = 0; k < n;) {
                int r = (int)pl_rng_below(&rng, (uint64_t)bd.h), c = (int)pl_rng_below(&rng, (uint64_t)bd.w);
                if (g[r][c] == '.') g[r][c] = 'o', k++;
            }
        }
        char *text = board_text(&bd);
        int before = stats[0] + stats[1];
        check_level(text, seed + 100000 + (uint64_t)t);
        stats[4] += stats[0] + stats[1] - before;
        free(text);
    }
}

/* A 2-path between opposite corners of an m x n odd rectangle: a random
 * monotone word and a random place for the pair. */
static void random_2path(pl_rng *rng, char (*g)[MAXW], int m, int n) {
    int K = m + n - 2, a = m - 1;
    char word[2 * MAXW];
    for (int j = 0; j < K; j++) word[j] = j < a ? 'V' : 'H';
    for (int j = K - 1; j > 0; j--) {
        int i = (int)pl_rng_below(rng, (uint64_t)j + 1);
        char x = word[i];
        word[i] = word[j], word[j] = x;
    }
    int s = 2 * (int)pl_rng_below(rng, (uint64_t)(K + 1) / 2);
    int r = 0, c = 0;
    for (int j = 0; j <= K; j++) {
        if ((j <= s && j % 2 == 0) || (j > s && j % 2 == 1)) g[r][c] = 'o';
        if (j < K) {
            if (word[j] == 'V')
                r++;
            else
                c++;
        }
    }
}

static void large_paths(uint64_t seed) {
    pl_rng rng;
    for (int t = 0; t < 40; t++) {
        pl_rng_seed(&rng, seed + 200000 + (uint64_t)t);
        board bd;
        memset(&bd, '.', sizeof bd);
        int m = 4 + (int)pl_rng_below(&rng, 12), n = 4 + (int)pl_rng_below(&rng, 12);
        if ((m + n) % 2 == 0) n++;
        bd.h = m, bd.w = n;
        random_2path(&rng, bd.a, m, n);
        random_2path(&rng, bd.b, m, n);
        add_extra(&rng, bd.a, 0, 0, m - 1, n - 1);
        /* b: a free cell with two coins adjacent */
        for (int tries = 0; tries < 100000; tries++) {
            int r = (int)pl_rng_below(&rng, (uint64_t)m), c = (int)pl_rng_below(&rng, (uint64_t)n);
            int k = (r > 0 && bd.b[r - 1][c] == 'o') + (r + 1 < m && bd.b[r + 1][c] == 'o') +
                    (c > 0 && bd.b[r][c - 1] == 'o') + (c + 1 < n && bd.b[r][c + 1] == 'o');
            if (bd.b[r][c] == '.' && k >= 2) {
                bd.b[r][c] = 'o';
                break;
            }
        }
        char *text = board_text(&bd);
        check_context(true, seed + 200000 + (uint64_t)t, "%s", text);
        void *l = parse(text);
        if (CHECK(l != NULL)) {
            char why[256], note[256];
            pl_opts o = {.n = 1, .name = {"no-shorten"}, .value = {""}}; /* the constructions' own certificates */
            pl_request req = {.opts = &o, .seed = 1, .limits = NULL, .threads = 1};
            if (CHECKF(gc_algorithm(G, "minplus1")->applies(l, &req, why, sizeof why), "%s", why)) {
                CHECKF(run("minplus1", l, 0, note, sizeof note) >= 0, "Theorem 3.38 must solve it: %s", note);
                stats[5]++;
            }
            G->level_free(l);
        }
        free(text);
    }
}

int main(void) {
    uint64_t seed = check_seed_from_env(33033);
    random_minplus1(seed);
    random_any(seed);
    large_paths(seed);
    check_clear_context();
    printf("minplus1: %d decided solvable, %d decided unsolvable, %d left to the search, %d beyond the search's "
           "budget; %d of the random instances decided; %d large 2-path puzzles solved\n",
           stats[0], stats[1], stats[2], stats[3], stats[4], stats[5]);
    for (int i = 0; i < nkinds; i++)
        printf("  %-62s %5d solvable %5d unsolvable\n", kinds[i], kind_count[i][1], kind_count[i][0]);
    printf("  longest certificate: %d moves; %d certificates of Theorem 3.38 with 3 moves or more\n", longest, pushed);
    CHECK(stats[0] > 300 && stats[1] > 300);
    CHECK(pushed > 100);
    return check_done("coins_minplus1");
}
