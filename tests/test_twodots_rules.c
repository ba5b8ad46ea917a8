/* Two Dots rules and level files: the parser's errors as a table of inputs
 * and exact messages, regular and cyclic moves with the fall, the bombs rule
 * on hand-made boards (expected boards drawn below), verify's reasons through
 * the descriptor, and every level in levels/twodots/ (argv[1]) solved by the
 * auto algorithm with its certificate replayed. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/twodots.h"

static const pl_game *G = &pl_game_twodots;

static void parser_errors(void) {
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"moves: x\naa\n", "t.level:1:8: expected the number of moves allowed (a whole number, 0 or more)"},
        {"moves: 3x\naa\n", "t.level:1:9: expected the number of moves allowed (a whole number, 0 or more)"},
        {"moves: -1\naa\n", "t.level:1:8: expected the number of moves allowed (a whole number, 0 or more)"},
        {"goal: a 2\ngoal: a 3\naa\n",
         "t.level:2:7: colour 'a' already has a goal (line 1); a colour has at most one goal"},
        {"goal: a\naa\n", "t.level:1:8: expected a space and the count after the colour (a goal is 'COLOUR COUNT')"},
        {"goal: a x\naa\n", "t.level:1:9: expected the number of dots to collect (a whole number)"},
        {"goal: % 2\naa\n", "t.level:1:7: expected a colour (a-z A-Z 0-9) and a count, such as 'a 5'"},
        {"bombs: yes\naa\n", "t.level:1:8: expected 'on' or 'off'"},
        {"ab\na.\n", "t.level:2:2: the board is not settled: (1,1) is empty below a dot"},
        {"moves: 1\n", "t.level:1:1: expected board rows (the level has none)"},
    };
    char msg[600];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *l = gc_parse_msg(G, "t.level", cases[i].text, msg, sizeof msg);
        CHECKF(l == NULL, "level %zu parses but should not", i);
        CHECK_STR(msg, cases[i].msg);
        G->level_free(l);
    }
    /* unknown keys are rejected by the shared reader, with a place */
    void *l = gc_parse_msg(G, "t.level", "movs: 1\naa\n", msg, sizeof msg);
    CHECK(l == NULL && strncmp(msg, "t.level:1:", 10) == 0);
    G->level_free(l);
    /* legal corner cases */
    l = gc_parse_msg(G, "t.level", "moves: 0\ngoal: a 0\ngoal: z 1\nbombs: on\nboard:\n..\nab\n", msg, sizeof msg);
    if (CHECKF(l != NULL, "%s", msg)) {
        const twodots_level *t = l;
        CHECK_INT(t->moves, 0);
        CHECK_INT(t->ngoals, 2);
        CHECK(t->bombs);
        CHECK_INT(t->ndots, 2);
    }
    G->level_free(l);
}

/* Applies move text to the level's board (with the level's rules); returns
 * the board as rows joined by '/', collected counts into col (by char). */
static void play(const char *level_text, const char *const *moves, int nmoves, char *board, int *col) {
    char msg[600];
    twodots_level *l = gc_parse_msg(G, "t.level", level_text, msg, sizeof msg);
    if (!CHECKF(l != NULL, "%s", msg)) return;
    uint8_t cells[256];
    memcpy(cells, l->cell, (size_t)(l->rows * l->cols));
    int collected[TWODOTS_MAX_COLOURS + 1] = {0};
    twodots_move m = {0};
    for (int i = 0; i < nmoves; i++) {
        char why[256];
        int c, colour, path[128];
        bool cyclic;
        if (!CHECKF(twodots_move_parse(moves[i], &m, why, sizeof why, &c) == 0, "%s: %s", moves[i], why)) break;
        if (!CHECKF(twodots_move_check(l, cells, &m, path, &colour, &cyclic, why, sizeof why) == 0, "%s: %s", moves[i],
                    why))
            break;
        twodots_apply_path(l, cells, NULL, path, m.n, collected);
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
    int col[128];
    /* A regular move removes its path; the dots above fall.
     *   abc        ...
     *   aab   ->   .bc
     *   cab        cab     (path 1,0 0,0: 'a' at (1,0) and (0,0); 1,1 stays) */
    const char *m1[] = {"0,0 1,0"};
    play("abc\naab\ncab\n", m1, 1, board, col);
    CHECK_STR(board, ".bc/.ab/cab");
    CHECK_INT(col['a'], 2);
    /* A path that turns corners: 0,0 1,0 1,1 2,1 removes exactly those four.
     * before      after removal     after the fall
     *   ab.         .b.               ...
     *   aab         ..b               ..b
     *   bab         b.b               bbb      */
    const char *m2[] = {"0,0 1,0 1,1 2,1"};
    play("ab.\naab\nbab\n", m2, 1, board, col);
    CHECK_STR(board, ".../..b/bbb");
    CHECK_INT(col['a'], 4);
    /* A cyclic move removes every dot of its colour, even far from the cycle
     * (the 'a' at (0,3)); here with a dangling start 0,1 -> 1,1 before the
     * cycle 1,1 2,1 2,2 1,2 (j = 2 <= s - 4 = 2).
     * before      after the fall
     *   .a.a        ....
     *   baab        b..b
     *   baab        b..b
     *   bbbb        bbbb   */
    const char *m3[] = {"0,1 1,1 2,1 2,2 1,2 1,1"};
    play(".a.a\nbaab\nbaab\nbbbb\n", m3, 1, board, col);
    CHECK_STR(board, "..../b..b/b..b/bbbb");
    CHECK_INT(col['a'], 6);
    CHECK_INT(col['b'], 0);
}

/* The bombs rule (bombs: on): the dots strictly inside the cycle become
 * bombs; the cycle's colour goes; everything falls; each bomb destroys itself
 * and its 8-neighbourhood; everything falls again. */
static void bombs(void) {
    char board[300];
    int col[128];
    /* Ring of eight 'a' around the 'c' at (2,1):
     * before        enclosed -> bomb,   after the fall     after the blast
     *               'a' removed                            (bomb at (3,1)
     *                                                       hits (2,0..2),
     *                                                       (3,0), (3,2))
     *   bcbb          bcbb               ...b               ...b
     *   aaab          ...b               ...b               ...b
     *   acab          .*.b               .c.b               ...b
     *   aaab          ...b               b*bb               ...b
     * collected: a 8; c 2 (the bomb's own dot and the 'c' that fell onto
     * (2,1)); b 2 ((3,0) and (3,2)). */
    const char *m[] = {"1,0 1,1 1,2 2,2 3,2 3,1 3,0 2,0 1,0"};
    play("bombs: on\nbcbb\naaab\nacab\naaab\n", m, 1, board, col);
    CHECK_STR(board, "...b/...b/...b/...b");
    CHECK_INT(col['a'], 8);
    CHECK_INT(col['c'], 2);
    CHECK_INT(col['b'], 2);
    /* The same move with bombs off: only the 'a' go.
     *   bcbb        ...b
     *   aaab   ->   ...b
     *   acab        .c.b
     *   aaab        bcbb  */
    play("bombs: off\nbcbb\naaab\nacab\naaab\n", m, 1, board, col);
    CHECK_STR(board, "...b/...b/.c.b/bcbb");
    CHECK_INT(col['a'], 8);
    CHECK_INT(col['c'], 0);
    /* A 2x2 square encloses nothing: no bomb.
     * before      after the fall
     *   caa.        c...
     *   caab        c..b
     *   cbbb        cbbb   */
    const char *sq[] = {"0,1 0,2 1,2 1,1 0,1"};
    play("bombs: on\ncaa.\ncaab\ncbbb\n", sq, 1, board, col);
    CHECK_STR(board, "c.../c..b/cbbb");
    CHECK_INT(col['a'], 4);
    /* A ring of ten 'a' encloses two dots, which become bombs:
     * before       bombs, 'a' gone     after the fall      after the blasts
     *   dddd         dddd               ....                ....
     *   aaaa         ....               ....                ....
     *   abca         .**.               .dd.                ....
     *   aaaa         ....               d**d                ....
     * The bombs at (3,1) and (3,2) destroy rows 2..3, columns 0..3: all.
     * Collected: a 10, b 1, c 1 (the bombs' own dots), d 4. */
    const char *ring[] = {"1,0 1,1 1,2 1,3 2,3 3,3 3,2 3,1 3,0 2,0 1,0"};
    play("bombs: on\ndddd\naaaa\nabca\naaaa\n", ring, 1, board, col);
    CHECK_STR(board, "..../..../..../....");
    CHECK_INT(col['a'], 10);
    CHECK_INT(col['b'], 1);
    CHECK_INT(col['c'], 1);
    CHECK_INT(col['d'], 4);
    /* A cycle with a dangling start inside it, on dots of its own colour: the
     * move starts at the centre (2,1), steps to (1,1) and goes round the ring
     * back to (1,1) (j = 2 <= s - 4 = 6). The centre is strictly inside the
     * cycle, so it becomes a bomb although the move passed through it.
     * before     centre -> bomb,    after the fall     after the blast
     *            other 'a' gone                        (bomb at (3,1) hits
     *                                                   (2,1), (3,0), (3,2))
     *   cbcd       cbcd              ...d               ...d
     *   aaad       ...d              ...d               ...d
     *   aaad       .*.d              .b.d               ...d
     *   aaad       ...d              c*cd               ...d
     * Collected: a 9 (the bomb counted once, as 'a'), b 1, c 2, d 0. */
    const char *dangling[] = {"2,1 1,1 1,2 2,2 3,2 3,1 3,0 2,0 1,0 1,1"};
    play("bombs: on\ncbcd\naaad\naaad\naaad\n", dangling, 1, board, col);
    CHECK_STR(board, "...d/...d/...d/...d");
    CHECK_INT(col['a'], 9);
    CHECK_INT(col['b'], 1);
    CHECK_INT(col['c'], 2);
    CHECK_INT(col['d'], 0);
}

/* verify through the descriptor: the reason of the first illegal move */
static void expect_move(const char *level_text, const char *const *moves, int n, pl_move_result want,
                        const char *reason) {
    char msg[600];
    void *l = gc_parse_msg(G, "t.level", level_text, msg, sizeof msg);
    if (!CHECKF(l != NULL, "%s", msg)) return;
    void *st = G->state_new(l);
    char why[256] = "";
    int col = 0;
    pl_move_result got = PL_MOVE_OK;
    for (int i = 0; i < n && got == PL_MOVE_OK; i++) got = G->move_apply(st, moves[i], why, sizeof why, &col);
    CHECK_INT(got, want);
    CHECK_STR(why, reason);
    G->state_free(st);
    G->level_free(l);
}

static void verify_reasons(void) {
    const char *lv = "moves: 2\ngoal: a 5\nboard:\naab\naab\nbbb\n";
    const char *a[] = {"0,0 1,1"};
    expect_move(lv, a, 1, PL_MOVE_ILLEGAL, "(1,1) is not adjacent to (0,0)");
    const char *b[] = {"0,0 0,1 0,2"};
    expect_move(lv, b, 1, PL_MOVE_ILLEGAL, "mixed colours: (0,2) is 'b', the move's colour is 'a'");
    const char *c[] = {"0,0 0,1 0,0"};
    expect_move(lv, c, 1, PL_MOVE_ILLEGAL, "cycle too short: (0,0) closes a cycle of 2 cells (at least 4 needed)");
    const char *d[] = {"0,0 1,0 1,1 1,0 0,0"};
    expect_move(lv, d, 1, PL_MOVE_ILLEGAL, "repeated cell (1,0) (only the last cell of a cyclic move may repeat one)");
    const char *e[] = {"5,0 0,0"};
    expect_move(lv, e, 1, PL_MOVE_ILLEGAL, "(5,0) is outside the board (3 rows, 3 columns)");
    const char *f[] = {"0,0 0,1 1,1 1,0 0,0", "0,0 0,1"};
    expect_move(lv, f, 2, PL_MOVE_ILLEGAL, "(0,0) is an empty cell");
    const char *g[] = {"0,2 1,2", "2,0 2,1", "1,0 2,0"};
    expect_move(lv, g, 3, PL_MOVE_ILLEGAL, "too many moves: the level allows 2");
    const char *h[] = {"0,0"};
    expect_move(lv, h, 1, PL_MOVE_SYNTAX,
                "expected a space and the next cell (a move has at least two cells: r1,c1 r2,c2 ...)");
    /* a cycle with a dangling start, j = 2 <= s - 4 = 2 */
    const char *ok[] = {"0,1 0,0 1,0 1,1 0,1"};
    expect_move(lv, ok, 1, PL_MOVE_OK, "");
    /* goal not met at the end */
    char msg[600];
    void *l = gc_parse_msg(G, "t.level", lv, msg, sizeof msg);
    void *st = G->state_new(l);
    char why[256];
    int col;
    CHECK(G->move_apply(st, "0,0 1,0 1,1", why, sizeof why, &col) == PL_MOVE_OK);
    pl_verdict v = {0};
    G->finish(st, NULL, &v);
    CHECK(!v.ok);
    CHECK_STR(v.reason, "goal a 5 not met: collected 3");
    G->state_free(st);
    G->level_free(l);
}

static void shipped_levels(const char *dir) {
    DIR *d = opendir(dir);
    if (!CHECKF(d != NULL, "cannot open %s", dir)) return;
    struct dirent *de;
    int n = 0;
    while ((de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (len < 7 || strcmp(de->d_name + len - 6, ".level") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        pl_level_text lt;
        pl_error err;
        if (!CHECKF(pl_level_text_read(path, &lt, &err) == 0, "%s", path)) continue;
        void *l = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
        if (!CHECKF(l != NULL, "%s: %s", path, err.msg)) continue;
        pl_limits lim;
        pl_limits_init(&lim, check_time_limit(20), 0, 0);
        pl_opts o = {.n = 0};
        pl_request req = {.opts = &o, .objective = NULL, .seed = 1, .limits = &lim, .threads = 1};
        char why[256];
        const pl_algorithm *a = pl_game_pick(G, l, &req, why, sizeof why);
        if (CHECKF(a != NULL, "%s: no algorithm", path)) {
            pl_solution sol;
            pl_solution_init(&sol);
            CHECK(a->solve(l, &req, &sol, &err) == 0);
            CHECKF(sol.status == PL_SOLVED, "%s: %s", path, pl_status_name(sol.status));
            gc_replay(G, l, &sol.moves, path, "move", "does not meet the goals");
            pl_solution_free(&sol);
        }
        G->level_free(l);
        n++;
    }
    closedir(d);
    CHECKF(n >= 2, "only %d levels in %s", n, dir);
}

/* twodots_apply_path_settled (the replay of verify and play: only the
 * columns a regular path spans fall) against twodots_apply_path (the whole
 * board falls) on seeded random settled boards, regular and cyclic moves,
 * with and without bombs; and twodots_move_check's verdicts on long moves
 * (more than 32 cells, where repeats are found by sorting). */
static void settled_replay_matches_plain(void) {
    pl_rng rng;
    pl_rng_seed(&rng, 2121);
    int boards = 0, moves = 0;
    for (int t = 0; t < 400; t++) {
        int rows = 1 + (int)pl_rng_below(&rng, 8), cols = 1 + (int)pl_rng_below(&rng, 12);
        int k = 1 + (int)pl_rng_below(&rng, 3);
        char text[512];
        int p = sprintf(text, "bombs: %s\n", pl_rng_below(&rng, 2) ? "on" : "off");
        int top[16];
        for (int c = 0; c < cols; c++) top[c] = (int)pl_rng_below(&rng, (uint64_t)rows + 1) / 2;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) text[p++] = r < top[c] ? '.' : (char)('a' + pl_rng_below(&rng, (uint64_t)k));
            text[p++] = '\n';
        }
        text[p] = '\0';
        char msg[600];
        twodots_level *l = gc_parse_msg(G, "t.level", text, msg, sizeof msg);
        if (!CHECKF(l != NULL, "%s: %s", text, msg)) continue;
        boards++;
        int ncells = l->rows * l->cols;
        uint8_t a[128], b[128];
        memcpy(a, l->cell, (size_t)ncells);
        memcpy(b, l->cell, (size_t)ncells);
        int ca[TWODOTS_MAX_COLOURS + 1] = {0}, cb[TWODOTS_MAX_COLOURS + 1] = {0};
        for (int step = 0; step < 12; step++) {
            /* a random walk of distinct same-coloured cells from a random dot */
            int path[130], len = 0, start = (int)pl_rng_below(&rng, (uint64_t)ncells);
            if (!a[start]) continue;
            bool used[128] = {false};
            path[len++] = start;
            used[start] = true;
            int want = 2 + (int)pl_rng_below(&rng, 10);
            while (len < want) {
                int cur = path[len - 1], nb[4], nn = 0, r = cur / cols, c = cur % cols;
                const int dr[4] = {0, 1, 0, -1}, dc[4] = {1, 0, -1, 0};
                for (int d = 0; d < 4; d++) {
                    int rr = r + dr[d], cc = c + dc[d];
                    if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
                    int x = rr * cols + cc;
                    if (a[x] == a[start] && !used[x]) nb[nn++] = x;
                }
                /* close a cycle when the start is adjacent and the walk is long enough */
                int dr0 = path[len - 1] / cols - start / cols, dc0 = path[len - 1] % cols - start % cols;
                if (len >= 4 && dr0 * dr0 + dc0 * dc0 == 1 && pl_rng_below(&rng, 2)) {
                    path[len++] = start;
                    break;
                }
                if (!nn) break;
                int x = nb[pl_rng_below(&rng, (uint64_t)nn)];
                path[len++] = x;
                used[x] = true;
            }
            if (len < 2) continue;
            twodots_apply_path(l, a, NULL, path, len, ca);
            twodots_apply_path_settled(l, b, NULL, path, len, cb);
            moves++;
            if (!CHECKF(memcmp(a, b, (size_t)ncells) == 0 && memcmp(ca, cb, sizeof ca) == 0,
                        "board %d move %d: the settled replay differs from the plain one", t, step))
                break;
        }
        G->level_free(l);
    }
    CHECKF(boards >= 300 && moves >= 1000, "only %d boards, %d moves", boards, moves);

    /* long moves on one row of 50 dots and a 3 x 20 board of one colour */
    char text[256];
    char msg[600];
    snprintf(text, sizeof text, "%s\n", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    twodots_level *l = gc_parse_msg(G, "t.level", text, msg, sizeof msg);
    if (CHECKF(l != NULL, "%s", msg)) {
        twodots_move m = {0};
        char mv[1024], why[256];
        int p = 0, path[64], colour, col;
        bool cyclic;
        for (int c = 0; c < 40; c++) p += sprintf(mv + p, "%s0,%d", c ? " " : "", c);
        CHECK(twodots_move_parse(mv, &m, why, sizeof why, &col) == 0);
        CHECK(twodots_move_check(l, l->cell, &m, path, &colour, &cyclic, why, sizeof why) == 0 && !cyclic);
        sprintf(mv + p, " 0,38 0,37");
        CHECK(twodots_move_parse(mv, &m, why, sizeof why, &col) == 0);
        CHECK(twodots_move_check(l, l->cell, &m, path, &colour, &cyclic, why, sizeof why) == -1);
        CHECK_STR(why, "repeated cell (0,38) (only the last cell of a cyclic move may repeat one)");
        twodots_move_free(&m);
        G->level_free(l);
    }
    l = gc_parse_msg(G, "t.level", "aaaaaaaaaaaaaaaaaaaa\naaaaaaaaaaaaaaaaaaaa\naaaaaaaaaaaaaaaaaaaa\n", msg, sizeof msg);
    if (CHECKF(l != NULL, "%s", msg)) {
        /* the ring around the board: 2 x 20 + 2 cells, closed on its first */
        twodots_move m = {0};
        char mv[1024], why[256];
        int p = 0, path[64], colour, col;
        bool cyclic;
        for (int c = 0; c < 20; c++) p += sprintf(mv + p, "%s0,%d", c ? " " : "", c);
        p += sprintf(mv + p, " 1,19");
        for (int c = 19; c >= 0; c--) p += sprintf(mv + p, " 2,%d", c);
        sprintf(mv + p, " 1,0 0,0");
        CHECK(twodots_move_parse(mv, &m, why, sizeof why, &col) == 0);
        CHECK_INT(m.n, 43);
        CHECK(twodots_move_check(l, l->cell, &m, path, &colour, &cyclic, why, sizeof why) == 0 && cyclic);
        twodots_move_free(&m);
        G->level_free(l);
    }
}

int main(int argc, char **argv) {
    parser_errors();
    rules();
    bombs();
    verify_reasons();
    settled_replay_matches_plain();
    if (argc > 1) shipped_levels(argv[1]);
    return check_done("test_twodots_rules");
}
