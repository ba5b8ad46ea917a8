/* Coin moving: level parser errors (exact messages with line:col), the move
 * rule and verify's reasons on the square grid, the triangular grid and
 * graphs, target matching up to translation and rotation, and the shipped
 * letter puzzles' published solutions replayed through the descriptor. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/coins.h"

static const pl_game *G = &pl_game_coins;

static void parse_error(const char *text, const char *want) {
    char msg[1024];
    void *l = gc_parse_msg(G, "t.level", text, msg, sizeof msg);
    CHECKF(l == NULL, "level should be rejected: %s", text);
    G->level_free(l);
    CHECK_STR(msg, want);
}

/* Replays moves (separated by ';'); returns the verdict like verify. */
static bool replay(const char *level, const char *moves, char *reason, size_t n) {
    char msg[1024];
    void *l = gc_parse_msg(G, "t.level", level, msg, sizeof msg);
    if (!CHECKF(l != NULL, "parse: %s", msg)) return false;
    void *st = G->state_new(l);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    bool ok = true;
    int i = 0;
    reason[0] = '\0';
    for (char *save = NULL, *m = strtok_r(buf, ";", &save); m && ok; m = strtok_r(NULL, ";", &save)) {
        i++;
        while (*m == ' ') m++;
        char why[256];
        int col;
        pl_move_result r = G->move_apply(st, m, why, sizeof why, &col);
        if (r != PL_MOVE_OK) {
            snprintf(reason, n, "move %d (%s): %s", i, m, why);
            ok = false;
        }
    }
    if (ok) {
        pl_verdict v = {0};
        G->finish(st, NULL, &v);
        ok = v.ok;
        if (!ok) snprintf(reason, n, "%s", v.reason);
    }
    G->state_free(st);
    G->level_free(l);
    return ok;
}

static void parser_errors(void) {
    parse_error("start:\noo\ntarget:\no\n",
                "t.level:3:1: target is 1x1 but start is 1x2 (rows x columns): both are drawn in one frame");
    parse_error("start:\noo.\ntarget:\no..\n", "t.level:3:1: the target has 1 coin but the start has 2");
    parse_error("start:\nab.\ntarget:\nba.\nc..\n",
                "t.level:3:1: target is 2x3 but start is 1x3 (rows x columns): both are drawn in one frame");
    parse_error("start:\naba\ntarget:\nab.\n",
                "t.level:2:3: label 'a' appears twice in the start (first at line 2, column 1)");
    parse_error("start:\nab\ntarget:\nac\n", "t.level:4:2: label 'c' is in the target but not in the start");
    parse_error("start:\noa\ntarget:\noo\n", "t.level:2:2: 'a' is a labelled coin, but this level's coins are "
                                             "unlabelled 'o' (a level is either all 'o' or all labels)");
    parse_error("start:\nab\ntarget:\nao\n", "t.level:4:2: 'o' is an unlabelled coin, but this level's coins are "
                                             "labelled (a level is either all 'o' or all labels)");
    parse_error("grid: hex\nstart:\no\ntarget:\no\n",
                "t.level:1:7: unknown grid 'hex' (expected square, triangular or graph)");
    parse_error("target-up-to: rotation\nstart:\no\ntarget:\no\n",
                "t.level:1:15: unknown target-up-to 'rotation' (expected exact, translation or translation+rotation)");
    parse_error("start:\no.\n", "t.level:1:1: expected a 'target:' section after the start");
    parse_error(
        "oo\n",
        "t.level:1:1: rows before any section: a coins level draws its coins in 'start:' and 'target:' sections");
    parse_error("start:\n..\ntarget:\n..\n", "t.level:1:1: the start has no coins");
    parse_error("start:\no-\ntarget:\noo\n",
                "t.level:2:2: unexpected character '-' (expected '.' or a colour a-z A-Z 0-9)");
    parse_error("grid: graph\nstart: 0 1\ntarget: 1 2\nedges:\n0 1\n1 x\n",
                "t.level:6:3: expected an edge 'u v' (two vertex numbers)");
    parse_error("grid: graph\nstart: 0 1\ntarget: 1 2\nedges:\n0 0\n", "t.level:5:1: loop 0 0 (the graph is simple)");
    parse_error("grid: graph\nstart: 0 1 1\ntarget: 1 2\nedges:\n0 1\n",
                "t.level:2:12: vertex 1 given twice (one coin a vertex)");
    parse_error("grid: graph\nstart: 0 1\ntarget: 1\nedges:\n0 1\n",
                "t.level:3:9: the target has 1 coin but the start has 2");
    parse_error("grid: graph\ntarget-up-to: translation\nstart: 0\ntarget: 1\nedges:\n0 1\n",
                "t.level:2:15: a graph has no translations or rotations: target-up-to must be exact");
    parse_error("grid: graph\nstart:\n0\ntarget: 1\nedges:\n0 1\n",
                "t.level:2:1: on a graph, 'start: v v ...' is a header line listing vertices (not a section of rows)");
    parse_error(
        "start: 1 2\ntarget:\no\n",
        "t.level:1:1: 'start: VERTICES' is for 'grid: graph'; on a grid, 'start:' alone opens a section of rows");
    parse_error("grdi: square\nstart:\no\ntarget:\no\n",
                "t.level:1:1: unknown key 'grdi' (expected one of: grid, target-up-to, start, target)");
}

static void rules(void) {
    char why[512];
    const char *sq = "start:\noo.\no..\ntarget:\n.o.\noo.\n";
    CHECK(replay(sq, "0,0 1,1", why, sizeof why));
    CHECK(!replay(sq, "0,0 5,5", why, sizeof why));
    CHECK_STR(why, "move 1 (0,0 5,5): 5,5 would have 0 coins adjacent, needs 2");
    CHECK(!replay(sq, "2,2 1,1", why, sizeof why));
    CHECK_STR(why, "move 1 (2,2 1,1): no coin at 2,2");
    CHECK(!replay(sq, "0,0 0,1", why, sizeof why));
    CHECK_STR(why, "move 1 (0,0 0,1): 0,1 is occupied");
    /* the moved coin does not count: 0,1 -> 1,1 leaves 1,1 with one coin (1,0) */
    CHECK(!replay(sq, "0,1 1,1", why, sizeof why));
    CHECK_STR(why, "move 1 (0,1 1,1): 1,1 would have 1 coin adjacent, needs 2");
    CHECK(!replay(sq, "", why, sizeof why));
    CHECK_STR(why, "the final configuration is not the target: 1 target position empty (e.g. 1,1)");
    /* moves may leave the window: negative coordinates */
    CHECK(!replay("start:\no.o\n...\ntarget:\no.o\n...\n", "0,0 -1,1", why, sizeof why));
    CHECK_STR(why, "move 1 (0,0 -1,1): -1,1 would have 0 coins adjacent, needs 2");
    /* square: 1,0 -> -1,1?  -1,1 has neighbours 0,1 only -> illegal; 3 coins in an L can walk up */
    CHECK(replay("target-up-to: translation\nstart:\noo\no.\ntarget:\n.o\noo\n", "0,0 1,1", why, sizeof why));
    CHECK(replay("target-up-to: translation\nstart:\noo.\no..\n...\ntarget:\n...\n..o\n.oo\n", "0,0 1,1", why,
                 sizeof why));
    /* translation: a shifted target is fine; exact is not */
    CHECK(replay("target-up-to: translation\nstart:\noo..\no...\ntarget:\n..o.\n.oo.\n", "0,0 1,1", why, sizeof why));
    CHECK(!replay("start:\noo..\no...\ntarget:\n..o.\n.oo.\n", "0,0 1,1", why, sizeof why));
    /* rotation (square: quarter turns) */
    CHECK(replay("target-up-to: translation+rotation\nstart:\noo.\no..\ntarget:\noo.\n.o.\n", "", why, sizeof why));
    CHECK(!replay("target-up-to: translation\nstart:\noo.\no..\ntarget:\noo.\n.o.\n", "", why, sizeof why));
    CHECK_STR(why, "the final configuration is not a translate of the target");
    /* triangular: r-1,c+1 and r+1,c-1 are neighbours */
    CHECK(replay("grid: triangular\nstart:\no.o\n...\ntarget:\noo.\n...\n", "0,2 0,1", why, sizeof why) == false);
    CHECK_STR(why, "move 1 (0,2 0,1): 0,1 would have 1 coin adjacent, needs 2");
    /* triangle walking on the triangular grid: (0,0) (0,1) (1,0) -> move 0,0 to 1,1 */
    CHECK(replay("grid: triangular\nstart:\noo\no.\ntarget:\n.o\noo\n", "0,0 1,1", why, sizeof why));
    CHECK(!replay("start:\noo\no.\ntarget:\n.o\noo\n", "0,0 1,1;1,1 -1,1", why, sizeof why));
    CHECK_STR(why, "move 2 (1,1 -1,1): -1,1 would have 1 coin adjacent, needs 2");
    /* triangular rotation by 60 degrees: a horizontal pair+1 into the rotated shape */
    CHECK(replay("grid: triangular\ntarget-up-to: translation+rotation\nstart:\noo\no.\ntarget:\n.o\noo\n", "", why,
                 sizeof why));
    /* labelled coins: labels must land on their own cells */
    CHECK(replay("start:\nab.\nc..\ntarget:\n.b.\nca.\n", "0,0 1,1", why, sizeof why));
    CHECK(!replay("start:\nab.\nc..\ntarget:\n.b.\nac.\n", "0,0 1,1", why, sizeof why));
    CHECK_STR(why, "the final configuration is not the target: 2 coins off target (coin 'a' belongs at 1,0)");
    CHECK(replay("target-up-to: translation\nstart:\nab..\nc...\ntarget:\n..b.\n.ca.\n", "0,0 1,1", why, sizeof why));
    /* graphs: a 4-cycle 0-1-2-3 with the chord 0-2 */
    const char *g = "grid: graph\nstart: 0 1 3\ntarget: 1 2 3\nedges:\n0 1\n1 2\n2 3\n3 0\n";
    CHECK(replay(g, "0 2", why, sizeof why));
    CHECK(!replay(g, "1 2", why, sizeof why));
    CHECK_STR(why, "move 1 (1 2): 2 would have 1 coin adjacent, needs 2");
    CHECK(!replay(g, "0 9", why, sizeof why));
    CHECK_STR(why, "move 1 (0 9): no vertex 9 (the graph has vertices 0..3)");
    CHECK(!replay(g, "2 0", why, sizeof why));
    CHECK_STR(why, "move 1 (2 0): no coin at 2");
}

static void syntax(void) {
    char msg[1024], why[256];
    void *l = gc_parse_msg(G, "t.level", "start:\no\ntarget:\no\n", msg, sizeof msg);
    void *st = G->state_new(l);
    int col = 0;
    CHECK(G->move_apply(st, "0,0 1", why, sizeof why, &col) == PL_MOVE_SYNTAX);
    CHECK_INT(col, 6);
    CHECK(G->move_apply(st, "0,0", why, sizeof why, &col) == PL_MOVE_SYNTAX);
    CHECK_INT(col, 4);
    CHECK(G->move_apply(st, "0,0 1,1 x", why, sizeof why, &col) == PL_MOVE_SYNTAX);
    CHECK_INT(col, 8);
    G->state_free(st);
    G->level_free(l);
    l = gc_parse_msg(G, "t.level", "grid: graph\nstart: 0\ntarget: 1\nedges:\n0 1\n", msg, sizeof msg);
    st = G->state_new(l);
    CHECK(G->move_apply(st, "0,1 1", why, sizeof why, &col) == PL_MOVE_SYNTAX);
    CHECK_INT(col, 2);
    G->state_free(st);
    G->level_free(l);
}

/* Every shipped level with a .moves file: the published solution replays. */
static int letters(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".level")) continue;
        char lp[1024], mp[1024];
        snprintf(lp, sizeof lp, "%s/%s", dir, e->d_name);
        snprintf(mp, sizeof mp, "%s/%.*s.moves", dir, (int)(n - 6), e->d_name);
        pl_level_text lt;
        pl_error err = {0};
        if (!CHECKF(pl_level_text_read(lp, &lt, &err) == 0, "%s: %s", lp, err.msg)) continue;
        void *l = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
        if (!CHECKF(l != NULL, "%s: %s", lp, err.msg)) continue;
        pl_moves mv;
        if (pl_moves_read(mp, &mv, &err) == 0) {
            pl_strvec moves = {mv.text, mv.n, mv.n, NULL}; /* a view: not freed */
            gc_replay(G, l, &moves, mp, "move", "does not reach the target");
            pl_moves_free(&mv);
            count++;
        }
        G->level_free(l);
    }
    closedir(d);
    return count;
}

int main(int argc, char **argv) {
    parser_errors();
    rules();
    syntax();
    if (argc > 1) {
        char sub[1024];
        int n = letters(argv[1]);
        snprintf(sub, sizeof sub, "%s/font5x9", argv[1]);
        n += letters(sub);
        CHECKF(n == 51, "replayed %d letter puzzles, expected 51", n);
    }
    return check_done("coins_rules");
}
