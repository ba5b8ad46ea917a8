/* Two Dots, the refill model (the paper's footnote 3; docs/formats.md,
 * "twodots", section `refill:`): removed dots are replaced by dots entering
 * from the top, each column from its own queue given in the level.
 *
 * - the `refill:` section's errors at their line and column, good sections
 *   (names, the section after the board, empty queues), and levels written
 *   by twodots_level_text read back the same;
 * - the rules on hand-made boards (expected boards drawn in the comments):
 *   a regular move, a dry queue, a cycle (refilled dots of its colour are not
 *   collected), the bombs rule (refilled dots fall into the blast);
 * - an independent replay written here, sharing no code with the rules: each
 *   column is one stack, bottom up, of its dots and then its queue; a move
 *   deletes entries and the board is the stack's lowest `rows` entries, so
 *   the refill is implicit. On 600 seeded random levels (bombs on and off,
 *   short queues that run dry) and random move sequences (paths, cycles with
 *   and without a dangling start), the rules (twodots_apply_path and its
 *   settled form) and verify's replay (the descriptor's state, read through
 *   the play hook) must give the same boards and collected counts after
 *   every move;
 * - exact search against a brute force over that replay (every path and
 *   cycle, effects deduplicated) on 3000 seeded small levels with a move
 *   limit (K up to 4; a fifth with bombs) and 300 without one: the same
 *   minimum number of moves, and the certificate replays through the
 *   descriptor; a third solved again without the queues must give another
 *   answer on some (the queues matter), and with bombs off never a longer
 *   one (the queues never hurt then);
 * - the one-row and one-column algorithms decline refill levels with the
 *   reason and `auto` falls back to exact search; info's impossible goals
 *   count the queues; the hint's position level (play) keeps what the queues
 *   have not given; the generator's --refill levels (with --solvable, solved).
 * Seeded (PL_TEST_SEED replays another run); a failure prints the seed and
 * the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/twodots.h"
#include "twodots_inside.h"

static const pl_game *G = &pl_game_twodots;

/* ---------- level files ---------- */
static void parser(void) {
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"refill:\nab\nboard:\nabc\n",
         "t.level:2:1: section 'refill' has 2 columns, the board 3: it holds one queue for each column of the board"},
        {"refill:\n.b\nb.\nboard:\nab\n",
         "t.level:2:2: column 1's refill queue has a gap: this dot stands above an empty cell (a queue is read from "
         "the section's last row up and ends at its first '.')"},
        {"refill:\nab\nboard:\n.b\nab\n",
         "t.level:4:1: (0,0) is empty but column 0's refill queue holds 1 dot: with refill a column's empty cells "
         "are filled while its queue lasts, so a column may have one only when its queue is empty"},
        {"refill:\nboard:\nab\n", "t.level:1:1: section 'refill' has no rows"},
        {"refill:\na%\nboard:\nab\n", "t.level:2:2: unexpected character '%' (expected '.' or a colour a-z A-Z 0-9)"},
        {"refill:\nab\nb\nboard:\nab\n",
         "t.level:3:2: row has 1 cell, expected 2 like the first row of section 'refill' (line 2)"},
        {"cells: names\nrefill:\np1 .\n.  q2\nboard:\nq2 q2\n",
         "t.level:3:1: column 0's refill queue has a gap: this dot stands above an empty cell (a queue is read from "
         "the section's last row up and ends at its first '.')"},
        {"cells: names\nrefill:\n.  q2\nboard:\np1 .\np1 q2\n",
         "t.level:5:4: (0,1) is empty but column 1's refill queue holds 1 dot: with refill a column's empty cells "
         "are filled while its queue lasts, so a column may have one only when its queue is empty"},
        {"board:\nab\nrefill:\nab\nrefill:\nab\n", "t.level:5:1: section 'refill' opened twice (first at line 3)"},
    };
    char msg[600];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *l = gc_parse_msg(G, "t.level", cases[i].text, msg, sizeof msg);
        CHECKF(l == NULL, "level %zu parses but should not", i);
        CHECK_STR(msg, cases[i].msg);
        G->level_free(l);
    }
    /* the section after the board; a queue may be empty where the board has
     * an empty cell; colours only in a queue are colours of the level */
    twodots_level *l = gc_load(G, "t.level", "board:\n.b\nab\nrefill:\n.c\n.d\n");
    if (l) {
        CHECK(l->refill);
        CHECK_INT(l->nrefill, 2);
        CHECK_INT(l->refill_start[0], 0);
        CHECK_INT(l->refill_start[1], 0);
        CHECK_INT(l->refill_start[2], 2);
        /* the first to enter is the last row's */
        CHECK_STR(l->colour_name[l->refill_dot[0]], "d");
        CHECK_STR(l->colour_name[l->refill_dot[1]], "c");
        CHECK_INT(l->refill_count[twodots_colour_of(l, "c")], 1);
        CHECK_INT(l->ndots, 3);
        G->level_free(l);
    }
    /* all queues empty: the refill model with nothing to give */
    l = gc_load(G, "t.level", "refill:\n..\nboard:\n.b\nab\n");
    if (l) {
        CHECK(l->refill && l->nrefill == 0);
        G->level_free(l);
    }
    /* written and read back: letters and names */
    static const char *const round[] = {
        "moves: 3\ngoal: a 2\nrefill:\n.b.\naba\nboard:\naab\nbba\nabc\n",
        "cells: names\ngoal: p1 4\nbombs: on\nrefill:\np1 .  .\nq22 q22 .\nboard:\np1 q22 r\np1 p1 r\n",
        "refill:\n...\nboard:\nabc\n",
    };
    for (size_t i = 0; i < sizeof round / sizeof round[0]; i++) {
        twodots_level *a = gc_load(G, "t.level", round[i]);
        if (!a) continue;
        char *text = twodots_level_text(a, "round trip");
        twodots_level *b = gc_load(G, "w.level", text);
        if (b) {
            CHECKF(twodots_level_same(a, b), "level %zu written as\n%s", i, text);
            CHECK(b->refill && b->nrefill == a->nrefill);
            G->level_free(b);
        }
        free(text);
        G->level_free(a);
    }
    /* the same board without the section, or with another queue, differs */
    twodots_level *a = gc_load(G, "t.level", "refill:\nb.\nboard:\nab\n");
    twodots_level *b = gc_load(G, "t.level", "board:\nab\n");
    twodots_level *c = gc_load(G, "t.level", "refill:\na.\nboard:\nab\n");
    if (a && b && c) CHECK(!twodots_level_same(a, b) && !twodots_level_same(a, c) && twodots_level_same(a, a));
    G->level_free(a);
    G->level_free(b);
    G->level_free(c);
}

/* ---------- the rules on hand-made boards ---------- */
/* Plays moves through the rules (twodots_apply_path with drawn[]); the board
 * as rows joined by '/', collected counts by letter, drawn[] per column. */
static void play(const char *level_text, const char *const *moves, int nmoves, char *board, int *col, int *drawn) {
    char msg[600];
    twodots_level *l = gc_parse_msg(G, "t.level", level_text, msg, sizeof msg);
    if (!CHECKF(l != NULL, "%s", msg)) return;
    uint8_t cells[256];
    memcpy(cells, l->cell, (size_t)(l->rows * l->cols));
    int collected[TWODOTS_MAX_COLOURS + 1] = {0};
    memset(drawn, 0, (size_t)l->cols * sizeof *drawn);
    twodots_move m = {0};
    for (int i = 0; i < nmoves; i++) {
        char why[256];
        int c, colour, path[128];
        bool cyclic;
        if (!CHECKF(twodots_move_parse(moves[i], &m, why, sizeof why, &c) == 0, "%s: %s", moves[i], why)) break;
        if (!CHECKF(twodots_move_check(l, cells, &m, path, &colour, &cyclic, why, sizeof why) == 0, "%s: %s", moves[i],
                    why))
            break;
        twodots_apply_path(l, cells, drawn, path, m.n, collected);
    }
    twodots_move_free(&m);
    int p = 0;
    for (int r = 0; r < l->rows; r++) {
        if (r) board[p++] = '/';
        for (int c = 0; c < l->cols; c++) {
            int v = cells[r * l->cols + c];
            board[p++] = v == 0 ? '.' : v == TWODOTS_BOMB ? '*' : l->colour_name[v][0];
        }
    }
    board[p] = '\0';
    memset(col, 0, 128 * sizeof *col);
    for (int i = 1; i <= l->ncolours; i++) col[(unsigned char)l->colour_name[i][0]] = collected[i];
    G->level_free(l);
}

static void rules(void) {
    char board[300];
    int col[128], drawn[8];
    /* Queues: column 0 [c], column 1 [d, e] (the last row enters first).
     * 0,0 1,0 removes two a; column 0's b falls to the bottom, c enters
     * below the top, and the queue is dry: the top stays empty.
     *   ab        .b
     *   ab   ->   cb
     *   bb        bb
     * Then the b path 2,0 2,1 1,1 0,1: column 0's c falls; column 1 empties
     * and gets d (lowest) and e; both queues are dry.
     *   .b        ..
     *   cb   ->   .e
     *   bb        cd   */
    const char *lv1 = "refill:\n.e\ncd\nboard:\nab\nab\nbb\n";
    const char *m1[] = {"0,0 1,0", "2,0 2,1 1,1 0,1"};
    play(lv1, m1, 1, board, col, drawn);
    CHECK_STR(board, ".b/cb/bb");
    CHECK_INT(col['a'], 2);
    CHECK(drawn[0] == 1 && drawn[1] == 0);
    play(lv1, m1, 2, board, col, drawn);
    CHECK_STR(board, "../.e/cd");
    CHECK_INT(col['b'], 4);
    CHECK_INT(col['c'], 0);
    CHECK(drawn[0] == 1 && drawn[1] == 2);
    /* A cycle removes every a on the board, then the queues refill: the a
     * entering column 0 is not collected (it was not there).
     *   aa        ..
     *   aa   ->   ab      */
    const char *m2[] = {"0,0 0,1 1,1 1,0 0,0"};
    play("refill:\nab\nboard:\naa\naa\n", m2, 1, board, col, drawn);
    CHECK_STR(board, "../ab");
    CHECK_INT(col['a'], 4);
    /* Bombs: the ring of eight a around the c at (2,1) (the bombs test's
     * board). The c becomes a bomb, the a go, everything falls and the
     * queues fill the tops: column 0 [x, y], column 1 [z, w, v].
     *   bcbb      .w.b                 (bomb at (3,1))
     *   aaab  ->  yz.b   the blast:    (2,0) x, (2,1) c, (3,0) b, (3,2) b
     *   acab      xc.b   and the bomb go; then the fall and the refill:
     *   aaab      b*bb
     *   ...b      column 0: y falls, its queue is dry;
     *   .v.b      column 1: z, w fall, v enters;
     *   .w.b      column 2: empty, dry.
     *   yz.b
     * Collected: a 8, c 2 (the bomb's own and (2,1)), b 2, x 1 (a refilled
     * dot destroyed by the blast). */
    const char *m3[] = {"1,0 1,1 1,2 2,2 3,2 3,1 3,0 2,0 1,0"};
    play("bombs: on\nrefill:\n.v..\nyw..\nxz..\nboard:\nbcbb\naaab\nacab\naaab\n", m3, 1, board, col, drawn);
    CHECK_STR(board, "...b/.v.b/.w.b/yz.b");
    CHECK_INT(col['a'], 8);
    CHECK_INT(col['c'], 2);
    CHECK_INT(col['b'], 2);
    CHECK_INT(col['x'], 1);
    CHECK(col['y'] == 0 && col['z'] == 0 && col['w'] == 0);
    CHECK(drawn[0] == 2 && drawn[1] == 3 && drawn[2] == 0 && drawn[3] == 0);
}

/* verify's reasons and finish through the descriptor, on refill boards */
static void verify(void) {
    const char *lv = "moves: 3\ngoal: a 4\nrefill:\nb.\naa\nboard:\nab\nab\n";
    twodots_level *l = gc_load(G, "t.level", lv);
    if (!l) return;
    void *st = G->state_new(l);
    char why[256] = "";
    int col;
    /* Queues: column 0 [a, b], column 1 [a]. 0,0 1,0 takes column 0's two
     * a; its queue gives a (lowest) and b:
     *   ab        bb
     *   ab   ->   ab      so 0,0 1,0 is now b over a: mixed colours. */
    CHECK(G->move_apply(st, "0,0 1,0", why, sizeof why, &col) == PL_MOVE_OK);
    CHECK(G->move_apply(st, "0,0 1,0", why, sizeof why, &col) == PL_MOVE_ILLEGAL);
    CHECK_STR(why, "mixed colours: (1,0) is 'a', the move's colour is 'b'");
    pl_verdict v = {0};
    G->finish(st, NULL, &v);
    CHECK(!v.ok);
    CHECK_STR(v.reason, "goal a 4 not met: collected 2");
    G->state_free(st);
    /* then 0,1 1,1 takes column 1's b, its queue gives a, and the refilled
     * a of both columns make a pair:
     *   bb        b.
     *   ab   ->   aa      1,0 1,1 meets the goal (a 4). */
    st = G->state_new(l);
    const char *win[] = {"0,0 1,0", "0,1 1,1", "1,0 1,1"};
    bool ok = true;
    for (int i = 0; i < 3 && ok; i++)
        ok = CHECKF(G->move_apply(st, win[i], why, sizeof why, &col) == PL_MOVE_OK, "%s: %s", win[i], why);
    memset(&v, 0, sizeof v);
    G->finish(st, NULL, &v);
    CHECKF(v.ok, "%s", v.reason);
    CHECK(G->move_apply(st, "0,1 0,0", why, sizeof why, &col) == PL_MOVE_ILLEGAL);
    CHECK_STR(why, "too many moves: the level allows 3");
    G->state_free(st);
    G->level_free(l);
}

/* ---------- the independent replay ---------- */
#define MAXR 6
#define MAXC 6
#define MAXQ 8
#define MAXS (MAXR + MAXQ)

/* Each column one stack, bottom up: its dots, then its queue. The board is
 * every stack's lowest `rows` entries; a deleted entry lets those above move
 * down, so the queue's next dot comes into view by itself. */
typedef struct eng {
    int rows, cols;
    bool bombs;
    char st[MAXC][MAXS];
    int len[MAXC];
    int got[128];
} eng;

static char eng_at(const eng *e, int r, int c) {
    int h = e->rows - 1 - r;
    return h < e->len[c] ? e->st[c][h] : '.';
}

static void eng_set(eng *e, int r, int c, char v) {
    e->st[c][e->rows - 1 - r] = v;
}

static void eng_compact(eng *e) {
    for (int c = 0; c < e->cols; c++) {
        int k = 0;
        for (int i = 0; i < e->len[c]; i++)
            if (e->st[c][i] != 0) e->st[c][k++] = e->st[c][i];
        e->len[c] = k;
    }
}

/* Inside the cycle: on the doubled lattice the cycle's sides are walls; a
 * flood fill from the border reaches exactly the outside. */
static void eng_inside(const eng *e, const int *cyc, int len, bool *inside) {
    td_cycle_inside(e->rows, e->cols, cyc, len, inside);
}

/* The move path[0..len-1] (cells r*cols+c; cyclic when the last repeats an
 * earlier one), assumed legal. */
static void eng_move(eng *e, const int *path, int len) {
    int j = -1;
    for (int i = 0; i + 1 < len && j < 0; i++)
        if (path[i] == path[len - 1]) j = i;
    if (j < 0) {
        for (int i = 0; i < len; i++) {
            int r = path[i] / e->cols, c = path[i] % e->cols;
            e->got[(unsigned char)eng_at(e, r, c)]++;
            eng_set(e, r, c, 0);
        }
        eng_compact(e);
        return;
    }
    char colour = eng_at(e, path[0] / e->cols, path[0] % e->cols);
    bool any = false;
    if (e->bombs) {
        bool inside[MAXR * MAXC];
        eng_inside(e, path + j, len - 1 - j, inside);
        for (int i = 0; i < e->rows * e->cols; i++) {
            int r = i / e->cols, c = i % e->cols;
            char v = eng_at(e, r, c);
            if (inside[i] && v != '.') {
                e->got[(unsigned char)v]++;
                eng_set(e, r, c, '*');
                any = true;
            }
        }
    }
    for (int r = 0; r < e->rows; r++)
        for (int c = 0; c < e->cols; c++)
            if (eng_at(e, r, c) == colour) {
                e->got[(unsigned char)colour]++;
                eng_set(e, r, c, 0);
            }
    eng_compact(e);
    if (!any) return;
    bool blast[MAXR * MAXC] = {false};
    for (int r = 0; r < e->rows; r++)
        for (int c = 0; c < e->cols; c++) {
            if (eng_at(e, r, c) != '*') continue;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++)
                    if (r + dr >= 0 && c + dc >= 0 && r + dr < e->rows && c + dc < e->cols)
                        blast[(r + dr) * e->cols + c + dc] = true;
        }
    for (int i = 0; i < e->rows * e->cols; i++) {
        int r = i / e->cols, c = i % e->cols;
        char v = eng_at(e, r, c);
        if (!blast[i] || v == '.') continue;
        if (v != '*') e->got[(unsigned char)v]++;
        eng_set(e, r, c, 0);
    }
    eng_compact(e);
}

/* A random level: board and queues drawn here; columns with an empty queue
 * may have empty cells on top. The level's text in text. */
typedef struct randlevel {
    int rows, cols, colours;
    bool bombs;
    char board[MAXR][MAXC + 1];
    char queue[MAXC][MAXQ]; /* queue[c][0] enters first */
    int qlen[MAXC];
} randlevel;

static void random_level(pl_rng *rng, randlevel *v, int maxr, int maxc, int maxq, int colours) {
    v->rows = 1 + (int)pl_rng_below(rng, (uint64_t)maxr);
    v->cols = 1 + (int)pl_rng_below(rng, (uint64_t)maxc);
    v->colours = colours;
    for (int c = 0; c < v->cols; c++) {
        v->qlen[c] = pl_rng_below(rng, 4) ? (int)pl_rng_below(rng, (uint64_t)maxq + 1) : 0;
        int top = v->qlen[c] ? 0 : (int)pl_rng_below(rng, (uint64_t)v->rows + 1) / 2;
        for (int r = 0; r < v->rows; r++)
            v->board[r][c] = r < top ? '.' : (char)('a' + pl_rng_below(rng, (uint64_t)colours));
        for (int k = 0; k < v->qlen[c]; k++) v->queue[c][k] = (char)('a' + pl_rng_below(rng, (uint64_t)colours));
    }
}

static int level_text(const randlevel *v, char *text, bool with_refill) {
    int p = sprintf(text, "bombs: %s\n", v->bombs ? "on" : "off");
    int depth = 0;
    for (int c = 0; c < v->cols; c++)
        if (v->qlen[c] > depth) depth = v->qlen[c];
    if (with_refill) {
        p += sprintf(text + p, "refill:\n");
        if (!depth) depth = 1; /* a row of '.': the section with every queue empty */
        for (int r = 0; r < depth; r++) {
            for (int c = 0; c < v->cols; c++) {
                int k = depth - 1 - r;
                text[p++] = k < v->qlen[c] ? v->queue[c][k] : '.';
            }
            text[p++] = '\n';
        }
    }
    p += sprintf(text + p, "board:\n");
    for (int r = 0; r < v->rows; r++) p += sprintf(text + p, "%.*s\n", v->cols, v->board[r]);
    return p;
}

static void eng_from(const randlevel *v, eng *e, bool with_refill) {
    memset(e, 0, sizeof *e);
    e->rows = v->rows;
    e->cols = v->cols;
    e->bombs = v->bombs;
    for (int c = 0; c < v->cols; c++) {
        for (int r = v->rows - 1; r >= 0; r--)
            if (v->board[r][c] != '.') e->st[c][e->len[c]++] = v->board[r][c];
        for (int k = 0; with_refill && k < v->qlen[c]; k++) e->st[c][e->len[c]++] = v->queue[c][k];
    }
}

/* A random legal move on the engine's board: a walk of distinct cells of one
 * colour, now and then closed into a cycle on an earlier cell t_j with
 * j <= s - 4 (a dangling start when it is not the first). 0: none found. */
static int random_move(pl_rng *rng, const eng *e, int *path) {
    int n = e->rows * e->cols;
    for (int tries = 0; tries < 20; tries++) {
        int start = (int)pl_rng_below(rng, (uint64_t)n), len = 0;
        char colour = eng_at(e, start / e->cols, start % e->cols);
        if (colour == '.') continue;
        bool used[MAXR * MAXC] = {false};
        path[len++] = start;
        used[start] = true;
        int want = 2 + (int)pl_rng_below(rng, 12);
        while (len < want) {
            int cur = path[len - 1], r = cur / e->cols, c = cur % e->cols, nb[4], nn = 0, close = -1;
            static const int d4[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
            for (int d = 0; d < 4; d++) {
                int rr = r + d4[d][0], cc = c + d4[d][1];
                if (rr < 0 || cc < 0 || rr >= e->rows || cc >= e->cols || eng_at(e, rr, cc) != colour) continue;
                int x = rr * e->cols + cc;
                if (!used[x])
                    nb[nn++] = x;
                else
                    for (int j = 0; j + 4 <= len && close < 0; j++)
                        if (path[j] == x) close = x;
            }
            if (close >= 0 && pl_rng_below(rng, 2)) {
                path[len++] = close;
                break;
            }
            if (!nn) break;
            int x = nb[pl_rng_below(rng, (uint64_t)nn)];
            path[len++] = x;
            used[x] = true;
        }
        if (len >= 2) return len;
    }
    return 0;
}

static void replay(uint64_t base) {
    int levels = 0, moves = 0, cycles = 0, dry = 0, refilled = 0;
    for (int it = 0; it < 600; it++) {
        uint64_t seed = base + 7919u * (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        randlevel v;
        random_level(&rng, &v, MAXR, MAXC, MAXQ, 1 + (int)pl_rng_below(&rng, 4));
        v.bombs = pl_rng_below(&rng, 2);
        char text[1024];
        level_text(&v, text, true);
        check_context(true, seed, "%s", text);
        twodots_level *l = gc_parse_loud(G, text);
        if (!CHECK(l != NULL)) continue;
        levels++;
        eng e;
        eng_from(&v, &e, true);
        int ncells = l->rows * l->cols;
        uint8_t a[MAXR * MAXC], b[MAXR * MAXC];
        memcpy(a, l->cell, (size_t)ncells);
        memcpy(b, l->cell, (size_t)ncells);
        int da[MAXC + 1] = {0}, db[MAXC + 1] = {0}, ca[TWODOTS_MAX_COLOURS + 1] = {0},
                      cb[TWODOTS_MAX_COLOURS + 1] = {0};
        void *st = G->state_new(l);
        for (int step = 0; step < 12; step++) {
            int path[MAXR * MAXC + 1], len = random_move(&rng, &e, path);
            if (!len) break;
            char mv[512];
            twodots_path_text(l, path, len, mv, sizeof mv);
            int j = -1;
            for (int i = 0; i + 1 < len && j < 0; i++)
                if (path[i] == path[len - 1]) j = i;
            bool cyclic = j >= 0;
            /* the rules' check agrees that it is legal */
            twodots_move m = {0};
            char why[256];
            int col, colour, checked[MAXR * MAXC + 1];
            bool cyc;
            CHECK(twodots_move_parse(mv, &m, why, sizeof why, &col) == 0);
            bool legal =
                CHECKF(twodots_move_check(l, a, &m, checked, &colour, &cyc, why, sizeof why) == 0 && cyc == cyclic,
                       "move %d (%s): %s", step, mv, why);
            twodots_move_free(&m);
            if (!legal) break;
            twodots_apply_path(l, a, da, path, len, ca);
            twodots_apply_path_settled(l, b, db, path, len, cb);
            CHECKF(G->move_apply(st, mv, why, sizeof why, &col) == PL_MOVE_OK, "move %d (%s): %s", step, mv, why);
            eng_move(&e, path, len);
            moves++;
            cycles += cyclic;
            /* the boards, the collected counts, the queues */
            char want[MAXR * MAXC + 1], got[MAXR * MAXC + 1], got2[MAXR * MAXC + 1], got3[MAXR * MAXC + 1];
            for (int i = 0; i < ncells; i++) {
                int r = i / l->cols, c = i % l->cols, k;
                want[i] = eng_at(&e, r, c);
                got[i] = a[i] ? l->colour_name[a[i]][0] : '.';
                got2[i] = b[i] ? l->colour_name[b[i]][0] : '.';
                char ch = G->play->cell(st, r, c, &k);
                got3[i] = k ? ch : '.';
            }
            want[ncells] = got[ncells] = got2[ncells] = got3[ncells] = '\0';
            bool same =
                CHECKF(strcmp(want, got) == 0, "move %d (%s): the rules give %s, the replay %s", step, mv, got, want);
            same &= CHECKF(strcmp(want, got2) == 0, "move %d (%s): the settled rules give %s, the replay %s", step, mv,
                           got2, want);
            same &= CHECKF(strcmp(want, got3) == 0, "move %d (%s): verify's state shows %s, the replay %s", step, mv,
                           got3, want);
            for (int k = 1; k <= l->ncolours; k++) {
                int want_k = e.got[(unsigned char)l->colour_name[k][0]];
                same &= CHECKF(ca[k] == want_k && cb[k] == want_k,
                               "move %d (%s): colour %s collected %d/%d, the "
                               "replay %d",
                               step, mv, l->colour_name[k], ca[k], cb[k], want_k);
            }
            for (int c = 0; c < l->cols; c++) {
                /* what the queue gave: the dots the stack had minus those left above the board */
                int above = e.len[c] > l->rows ? e.len[c] - l->rows : 0;
                same &= CHECKF(da[c] == v.qlen[c] - above && db[c] == da[c],
                               "move %d: column %d drew %d/%d, the "
                               "replay %d",
                               step, c, da[c], db[c], v.qlen[c] - above);
                if (v.qlen[c] && da[c] == v.qlen[c] && e.len[c] < l->rows) dry++;
            }
            if (!same) break;
        }
        for (int c = 0; c < l->cols; c++) refilled += da[c];
        G->state_free(st);
        G->level_free(l);
        check_clear_context();
    }
    printf("replay: %d levels, %d moves (%d cycles), %d dots refilled, %d times a dry queue left a gap\n", levels,
           moves, cycles, refilled, dry);
    CHECKF(levels == 600 && moves > 2000 && cycles > 100 && refilled > 3000 && dry > 100,
           "too little exercised: %d levels, %d moves, %d cycles, %d refilled, %d dry", levels, moves, cycles, refilled,
           dry);
}

/* ---------- exact search against a brute force ---------- */
#define MAXG 2
typedef struct bf {
    int ngoals;
    char goal[MAXG];
} bf;

/* The engine's position as a string: each column's stack and a separator. */
static int eng_key(const eng *e, char *k) {
    int p = 0;
    for (int c = 0; c < e->cols; c++) {
        memcpy(k + p, e->st[c], (size_t)e->len[c]);
        p += e->len[c];
        k[p++] = '|';
    }
    k[p] = '\0';
    return p;
}

typedef struct effect {
    eng e;
    char key[MAXC * (MAXS + 1) + 1];
} effect;

typedef struct effects {
    effect *e;
    int n, cap;
} effects;

static void add_effect(effects *es, const eng *after, const bf *b, const eng *before) {
    effect x;
    x.e = *after;
    int p = eng_key(after, x.key);
    for (int g = 0; g < b->ngoals; g++)
        p += sprintf(x.key + p, ",%d", after->got[(unsigned char)b->goal[g]] - before->got[(unsigned char)b->goal[g]]);
    for (int i = 0; i < es->n; i++)
        if (strcmp(es->e[i].key, x.key) == 0) return;
    if (es->n == es->cap) {
        es->cap = 2 * es->cap + 64;
        es->e = realloc(es->e, (size_t)es->cap * sizeof *es->e);
    }
    es->e[es->n++] = x;
}

static void bf_paths(const bf *b, const eng *e, int *path, int len, bool *on, effects *es) {
    static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int u = path[len - 1];
    char colour = eng_at(e, path[0] / e->cols, path[0] % e->cols);
    if (len >= 2) {
        eng x = *e;
        eng_move(&x, path, len);
        add_effect(es, &x, b, e);
    }
    for (int d = 0; d < 4; d++) {
        int r = u / e->cols + d4[d][0], c = u % e->cols + d4[d][1];
        if (r < 0 || c < 0 || r >= e->rows || c >= e->cols || eng_at(e, r, c) != colour) continue;
        int y = r * e->cols + c;
        if (on[y]) {
            for (int j = 0; j + 4 <= len; j++)
                if (path[j] == y) {
                    path[len] = y;
                    eng x = *e;
                    eng_move(&x, path, len + 1);
                    add_effect(es, &x, b, e);
                }
            continue;
        }
        on[y] = true;
        path[len] = y;
        bf_paths(b, e, path, len + 1, on, es);
        on[y] = false;
    }
}

/* Positions known to fail: (stacks, goals missing) -> the most moves it
 * failed with. */
#define MEMO_SLOTS (1 << 15)
typedef struct memo_slot {
    unsigned gen;
    char key[MAXC * (MAXS + 1) + 16];
    int left;
} memo_slot;
static memo_slot memo[MEMO_SLOTS];
static unsigned memo_gen = 1;

static memo_slot *memo_find(const eng *e, const int *need, bool *found) {
    char key[sizeof memo[0].key];
    int p = eng_key(e, key);
    for (int g = 0; g < MAXG; g++) p += sprintf(key + p, ",%d", need[g] > 0 ? need[g] : 0);
    unsigned h = 2166136261u;
    for (int i = 0; i < p; i++) h = (h ^ (unsigned char)key[i]) * 16777619u;
    for (int probe = 0; probe < 16; probe++) {
        memo_slot *m = &memo[(h + (unsigned)probe) & (MEMO_SLOTS - 1)];
        if (m->gen != memo_gen) {
            m->gen = memo_gen;
            memcpy(m->key, key, (size_t)p + 1);
            m->left = -1;
            *found = false;
            return m;
        }
        if (strcmp(m->key, key) == 0) {
            *found = true;
            return m;
        }
    }
    return NULL;
}

static bool bf_win(const bf *b, const eng *e, const int *need, int left) {
    bool done = true;
    for (int g = 0; g < b->ngoals; g++) done = done && need[g] <= 0;
    if (done) return true;
    if (left == 0) return false;
    bool known;
    memo_slot *m = memo_find(e, need, &known);
    if (m && known && m->left >= left) return false;
    int n = e->rows * e->cols, path[MAXR * MAXC + 2];
    bool on[MAXR * MAXC] = {false};
    effects es = {0};
    for (int i = 0; i < n; i++) {
        if (eng_at(e, i / e->cols, i % e->cols) == '.') continue;
        path[0] = i;
        on[i] = true;
        bf_paths(b, e, path, 1, on, &es);
        on[i] = false;
    }
    bool win = false;
    for (int i = 0; i < es.n && !win; i++) {
        int nn[MAXG] = {0};
        for (int g = 0; g < b->ngoals; g++)
            nn[g] = need[g] - (es.e[i].e.got[(unsigned char)b->goal[g]] - e->got[(unsigned char)b->goal[g]]);
        win = bf_win(b, &es.e[i].e, nn, left - 1);
    }
    free(es.e);
    if (!win && m && m->left < left) m->left = left;
    return win;
}

/* The fewest moves of at most K meeting the goals, -1 when none. */
static int bf_minimum(const bf *b, const eng *e, const int *need, int K) {
    memo_gen++;
    for (int k = 0; k <= K; k++)
        if (bf_win(b, e, need, k)) return k;
    return -1;
}

static pl_status exact(void *level, int *moves) {
    gc_how how = {.word = "move", .goal = "does not meet the goals"};
    pl_solution sol;
    pl_status s = gc_solve(G, gc_algorithm(G, "exact"), level, &how, &sol);
    *moves = s == PL_SOLVED ? sol.moves.n : -1;
    pl_solution_free(&sol);
    return s;
}

static void against_brute_force(uint64_t base) {
    int counts[2] = {0, 0}, differ = 0, refill_wins = 0, unlimited = 0;
    for (int it = 0; it < 3300; it++) {
        uint64_t seed = base + 104729u * (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool nolimit = it >= 3000; /* the last 300: no move limit, small boards */
        randlevel v;
        int colours = 2 + (int)pl_rng_below(&rng, 2);
        do random_level(&rng, &v, nolimit ? 3 : 4, nolimit ? 3 : 4, nolimit ? 2 : 4, colours);
        while (v.rows * v.cols < (nolimit ? 3 : 6));
        v.bombs = pl_rng_below(&rng, 5) == 0;
        int n = v.rows * v.cols, queued = 0;
        for (int c = 0; c < v.cols; c++) queued += v.qlen[c];
        int K = nolimit ? -1 : (int)pl_rng_below(&rng, n > 9 ? 4 : 5);
        bf b = {.ngoals = 1 + (int)pl_rng_below(&rng, 2)};
        int need[MAXG] = {0};
        char text[1200];
        char head[128];
        int hp = K >= 0 ? sprintf(head, "moves: %d\n", K) : 0;
        for (int g = 0; g < b.ngoals; g++) {
            b.goal[g] = (char)('a' + g);
            int have = 0;
            for (int r = 0; r < v.rows; r++)
                for (int c = 0; c < v.cols; c++) have += v.board[r][c] == b.goal[g];
            for (int c = 0; c < v.cols; c++)
                for (int k = 0; k < v.qlen[c]; k++) have += v.queue[c][k] == b.goal[g];
            need[g] = 1 + (int)pl_rng_below(&rng, (uint64_t)(have + 1) / 2 + 1);
            hp += sprintf(head + hp, "goal: %c %d\n", b.goal[g], need[g]);
        }
        int p = sprintf(text, "%s", head);
        level_text(&v, text + p, true);
        check_context(true, seed, "%s", text);
        eng e;
        eng_from(&v, &e, true);
        int budget = K >= 0 ? K : 0;
        if (K < 0) {
            int dots = queued;
            for (int r = 0; r < v.rows; r++)
                for (int c = 0; c < v.cols; c++) dots += v.board[r][c] != '.';
            budget = dots / 2;
            unlimited++;
        }
        int want = bf_minimum(&b, &e, need, budget);
        void *level = gc_parse_loud(G, text);
        if (!CHECK(level != NULL)) continue;
        int got;
        pl_status s = exact(level, &got);
        CHECKF(s == (want >= 0 ? PL_SOLVED : PL_UNSOLVABLE), "exact says %s, brute force minimum %d", pl_status_name(s),
               want);
        if (s == PL_SOLVED) CHECKF(got == want, "exact: %d moves, brute force %d", got, want);
        counts[want >= 0]++;
        G->level_free(level);
        if (it % 3 == 0 && queued) {
            /* the same board and goals without refill */
            eng_from(&v, &e, false);
            int off = bf_minimum(&b, &e, need, K >= 0 ? K : budget);
            char t2[1200];
            p = sprintf(t2, "%s", head);
            level_text(&v, t2 + p, false);
            level = gc_parse_loud(G, t2);
            if (CHECK(level != NULL)) {
                pl_status s2 = exact(level, &got);
                CHECKF(s2 == (off >= 0 ? PL_SOLVED : PL_UNSOLVABLE), "no refill: exact says %s, brute force %d",
                       pl_status_name(s2), off);
                if (s2 == PL_SOLVED) CHECKF(got == off, "no refill: exact %d moves, brute force %d", got, off);
                G->level_free(level);
            }
            differ += off != want;
            refill_wins += want >= 0 && (off < 0 || want < off);
            /* bombs off, the queues never hurt: the board without them is, in
             * every column, the bottom of the board with them, and stays so
             * move after move (a path removes the same dots; a cycle removes
             * those and the refilled dots of its colour, which lie above) */
            if (!v.bombs && off >= 0)
                CHECKF(want >= 0 && want <= off, "bombs off: %d moves with the queues, %d without", want, off);
        }
        check_clear_context();
    }
    printf("exact vs brute force on refill levels: %d solvable, %d unsolvable (%d without a move limit); without the "
           "queues the answer differs on %d (refill better on %d)\n",
           counts[1], counts[0], unlimited, differ, refill_wins);
    CHECK(counts[0] > 150 && counts[1] > 150);
    CHECKF(differ > 20 && refill_wins > 10, "the queues made a difference on only %d levels (%d wins)", differ,
           refill_wins);
}

/* ---------- algorithms, info, hints, the generator ---------- */
static void algorithms(void) {
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_opts o = {.n = 0};
    pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
    char why[512];
    /* one row: the greedy rule of Theorem 4 would find no run of four a,
     * but 0,2 0,3 takes the b and the queues bring two a: aaaa */
    twodots_level *row = gc_load(G, "t.level", "moves: 2\ngoal: a 4\nrefill:\n..aa\nboard:\naabb\n");
    if (row) {
        const pl_algorithm *r = gc_algorithm(G, "row");
        CHECK(!r->applies(row, &req, why, sizeof why));
        CHECK_STR(why, "the refill model (2 dots queued): Theorem 4's rule is for the paper's model, where nothing "
                       "refills (a refilled dot can join two runs)");
        const pl_algorithm *a = pl_game_pick(G, row, &req, why, sizeof why);
        CHECK(a && strcmp(a->name, "exact") == 0);
        pl_solution sol;
        gc_how how = {.word = "move", .goal = "does not meet the goals"};
        CHECK(gc_solve(G, a, row, &how, &sol) == PL_SOLVED);
        CHECK_INT(sol.moves.n, 2);
        pl_solution_free(&sol);
        G->level_free(row);
    }
    /* one column: the b goes, the refill brings a next to a */
    twodots_level *col = gc_load(G, "t.level", "goal: a 4\nrefill:\na\na\nboard:\nb\nb\na\na\n");
    if (col) {
        const pl_algorithm *c = gc_algorithm(G, "column");
        CHECK(!c->applies(col, &req, why, sizeof why));
        CHECK_STR(why, "the refill model (2 dots queued): Theorem 3's tables are for the paper's model, where "
                       "nothing refills");
        const pl_algorithm *a = pl_game_pick(G, col, &req, why, sizeof why);
        CHECK(a && strcmp(a->name, "exact") == 0);
        pl_solution sol;
        gc_how how = {.word = "move", .goal = "does not meet the goals"};
        CHECK(gc_solve(G, a, col, &how, &sol) == PL_SOLVED);
        CHECK_INT(sol.moves.n, 2);
        pl_solution_free(&sol);
        G->level_free(col);
    }
    /* the section with every queue empty is the paper's model: the
     * polynomial algorithms take it */
    twodots_level *empty = gc_load(G, "t.level", "goal: a 2\nrefill:\n.\nboard:\nb\na\na\n");
    if (empty) {
        const pl_algorithm *a = pl_game_pick(G, empty, &req, why, sizeof why);
        CHECK(a && strcmp(a->name, "column") == 0);
        G->level_free(empty);
    }
    /* info: the queues count for the goals within reach; a goal no play can
     * meet counts them too */
    twodots_level *l = gc_load(G, "t.level", "goal: a 2\ngoal: b 9\nrefill:\na.\nboard:\nac\nbb\n");
    if (l) {
        json_t *o2 = json_object();
        G->level_info(l, o2);
        CHECK_INT((int)json_integer_value(json_object_get(o2, "refill")), 1);
        json_t *imp = json_object_get(o2, "impossible_goals");
        CHECK(imp && json_object_size(imp) == 1 && json_integer_value(json_object_get(imp, "b")) == 2);
        CHECK_INT((int)json_integer_value(json_object_get(json_object_get(o2, "refill_counts"), "a")), 1);
        json_decref(o2);
        /* 1,0 1,1 takes the b; the a falls and the queue's a lands on it */
        pl_solution sol;
        gc_how how = {.word = "move", .goal = "does not meet the goals"};
        twodots_level *l2 = gc_load(G, "t.level", "goal: a 2\nrefill:\na.\nboard:\nac\nbb\n");
        if (l2) {
            CHECK(gc_solve(G, gc_algorithm(G, "exact"), l2, &how, &sol) == PL_SOLVED);
            CHECK_INT(sol.moves.n, 2);
            pl_solution_free(&sol);
            G->level_free(l2);
        }
        G->level_free(l);
    }
}

/* The hint's level (play's state_level) after every prefix of a solution:
 * solved, and its certificate finishes the game from there. A level with
 * regions too: the hint's level used to share them and free them. */
static void hints(void) {
    const char *lv = "goal: a 5\ngoal: b 3\nrefill:\nab.\nbaa\nboard:\nabc\nbab\ncaa\nregions:\n0,0 1,1 box\n";
    twodots_level *l = gc_load(G, "t.level", lv);
    if (!l) return;
    pl_solution sol;
    gc_how how = {.word = "move", .goal = "does not meet the goals"};
    if (CHECK(gc_solve(G, gc_algorithm(G, "exact"), l, &how, &sol) == PL_SOLVED)) {
        for (int k = 0; k <= sol.moves.n; k++) {
            void *st = G->state_new(l);
            char why[256];
            int col;
            for (int i = 0; i < k; i++) CHECK(G->move_apply(st, sol.moves.s[i], why, sizeof why, &col) == PL_MOVE_OK);
            twodots_level *h = G->play->state_level(st, why, sizeof why);
            if (CHECK(h != NULL)) {
                CHECK(h->regions.n == 0);
                CHECK(h->refill);
                pl_solution rest;
                pl_status s = gc_solve(G, gc_algorithm(G, "exact"), h, &how, &rest);
                CHECKF(s == PL_SOLVED && rest.moves.n == sol.moves.n - k, "after %d moves: %s in %d", k,
                       pl_status_name(s), rest.moves.n);
                /* the rest finishes the original game */
                bool ok = true;
                for (int i = 0; i < rest.moves.n && ok; i++)
                    ok = CHECKF(G->move_apply(st, rest.moves.s[i], why, sizeof why, &col) == PL_MOVE_OK, "%s", why);
                pl_verdict v = {0};
                G->finish(st, NULL, &v);
                CHECKF(ok && v.ok, "after %d moves the hint's plan does not finish: %s", k, v.reason);
                pl_solution_free(&rest);
                G->level_free(h);
            }
            /* the status line shows what waits */
            char status[256];
            G->play->status(st, status, sizeof status);
            CHECKF(strstr(status, "refill ") && strstr(status, " queued"), "%s", status);
            G->state_free(st);
        }
    }
    pl_solution_free(&sol);
    G->level_free(l);
}

/* Adds an option (later ones win, as on the command line; "" a flag). */
static void opt(pl_opts *o, const char *name, const char *value) {
    o->name[o->n] = name;
    o->value[o->n++] = value ? value : "";
}

static void generator(void) {
    int solved = 0;
    for (int seed = 1; seed <= 60; seed++) {
        char s[16];
        snprintf(s, sizeof s, "%d", seed);
        bool solvable = seed % 2 == 0;
        pl_opts o = {.n = 0};
        opt(&o, "rows", "3");
        opt(&o, "cols", "4");
        opt(&o, "colours", "3");
        opt(&o, "moves", "3");
        opt(&o, "refill", "2");
        opt(&o, "seed", s);
        if (solvable) opt(&o, "solvable", NULL);
        pl_error err = {0};
        char *text = G->generate(&o, &err);
        if (!CHECKF(text != NULL, "%s", err.msg)) continue;
        check_context(true, (uint64_t)seed, "%s", text);
        twodots_level *l = gc_load(G, "g.level", text);
        if (l) {
            CHECK(l->refill && l->nrefill == 8);
            CHECK(strstr(text, "--refill 2") != NULL);
            if (solvable) {
                pl_solution sol;
                gc_how how = {.word = "move", .goal = "does not meet the goals"};
                solved += CHECK(gc_solve(G, gc_algorithm(G, "exact"), l, &how, &sol) == PL_SOLVED);
                pl_solution_free(&sol);
            }
            G->level_free(l);
        }
        free(text);
        check_clear_context();
    }
    CHECK_INT(solved, 30);
    /* the board of a seed is the same with or without --refill */
    pl_opts a = {.n = 0}, b = {.n = 0};
    opt(&a, "seed", "5");
    opt(&b, "seed", "5");
    opt(&b, "refill", "3");
    pl_error err = {0};
    char *ta = G->generate(&a, &err), *tb = G->generate(&b, &err);
    if (CHECK(ta && tb)) CHECK(strstr(tb, strstr(ta, "board:\n")) != NULL);
    free(ta);
    free(tb);
    opt(&b, "refill", "0");
    CHECK(G->generate(&b, &err) == NULL);
}

int main(void) {
    uint64_t base = check_seed_from_env(20261125);
    parser();
    rules();
    verify();
    replay(base);
    against_brute_force(base);
    algorithms();
    hints();
    generator();
    return check_done("test_twodots_refill");
}
