/* The play hooks of every grid game, without a terminal:
 * - state_level: after every prefix of a solution, the position made a level
 *   is solved by `auto`, and that certificate, applied to the position (same
 *   frame), meets the objective; this is what a hint relies on. Two Dots
 *   levels with a move limit and goals check that the limit and the goals
 *   left are carried over; Buttons that colours gone from the board do not
 *   confuse the solvers.
 * - pick: the selections of formats.md ("play") turn into the right move
 *   text, wait for more cells, or refuse with a reason.
 * - window and cell: what the terminal shows; keys and status: the key
 *   line and Two Dots' goals and moves left.
 * - centre and pl_play_hit: the web page's pointer finds the cell drawn
 *   under it.
 * - pl_play_wrap (src/cli/play.c, linked in): the screen's word wrap.
 *
 *   test_play_hooks LEVELS-DIR */
#include "game_check.h"

#include "puzzlelab/draw.h"
#include "puzzlelab/game.h"

#include "../src/cli/play.h"

static const char *levels = "levels";

static void *load_file(const pl_game *g, const char *path) {
    char msg[1024];
    void *l = gc_read_msg(g, path, msg, sizeof msg);
    if (!l) CHECKF(0, "%s", msg);
    return l;
}

static void *load_text(const pl_game *g, const char *text) {
    pl_error err = {0};
    void *l = gc_parse_err(g, text, &err);
    CHECKF(l != NULL, "level: %s", err.msg);
    return l;
}

static int solve_auto(const pl_game *g, const void *level, const char *objective, pl_solution *sol) {
    pl_limits lim;
    pl_limits_init(&lim, check_time_limit(20), 0, (size_t)256 << 20);
    static const pl_opts none = {.n = 0};
    pl_request req = {.opts = &none, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
    char why[256];
    pl_solution_init(sol);
    const pl_algorithm *a = pl_game_pick(g, level, &req, why, sizeof why);
    if (!a) return -1;
    sol->algorithm = a->name;
    pl_error err = {0};
    return a->solve(level, &req, sol, &err);
}

static void *replay(const pl_game *g, const void *level, const pl_strvec *moves, int k) {
    void *st = g->state_new(level);
    char why[256];
    int col;
    for (int i = 0; i < k; i++)
        CHECKF(g->move_apply(st, moves->s[i], why, sizeof why, &col) == PL_MOVE_OK, "move %d %s: %s", i + 1,
               moves->s[i], why);
    return st;
}

/* After every prefix of a solution of level: the position as a level, solved,
 * finishes the game when applied to the position. */
static void check_positions(const pl_game *g, const void *level, const char *objective, const char *name) {
    check_context(false, 0, "%s %s", g->name, name);
    pl_solution sol;
    if (solve_auto(g, level, objective, &sol) || sol.status != PL_SOLVED) {
        CHECKF(0, "the level itself is not solved");
        pl_solution_free(&sol);
        return;
    }
    for (int k = 0; k <= sol.moves.n; k++) {
        check_context(false, 0, "%s %s after %d of %d moves", g->name, name, k, sol.moves.n);
        void *st = replay(g, level, &sol.moves, k);
        char why[256] = "";
        void *pos = g->play->state_level(st, why, sizeof why);
        if (!pos) {
            CHECKF(0, "no level for the position: %s", why);
            g->state_free(st);
            continue;
        }
        pl_solution rest;
        CHECK(solve_auto(g, pos, objective, &rest) == 0);
        CHECKF(rest.status == PL_SOLVED, "the position is not solved (%s: %s)", rest.algorithm, rest.note);
        /* a shortest-solution solver needs no more than the certificate's rest
         * (coins: only when exact search answered; the theorems' plans are not shortest) */
        if (rest.status == PL_SOLVED && strcmp(g->name, "clickomania") != 0 && strcmp(g->name, "buttons") != 0 &&
            (strcmp(g->name, "coins") != 0 || (rest.optimal != 0 && sol.optimal != 0)))
            CHECKF(rest.moves.n <= sol.moves.n - k, "%d moves from here, the certificate needs %d", rest.moves.n,
                   sol.moves.n - k);
        int col;
        bool legal = true;
        for (int i = 0; i < rest.moves.n && legal; i++) {
            legal = g->move_apply(st, rest.moves.s[i], why, sizeof why, &col) == PL_MOVE_OK;
            CHECKF(legal, "hint move %s does not apply to the position: %s", rest.moves.s[i], why);
        }
        pl_verdict v = {0};
        if (legal) {
            g->finish(st, objective, &v);
            CHECKF(v.ok, "the position's solution does not finish the game: %s", v.reason);
        }
        pl_solution_free(&rest);
        g->level_free(pos);
        g->state_free(st);
    }
    pl_solution_free(&sol);
    check_clear_context();
}

static void check_file(const char *game, const char *file, const char *objective) {
    const pl_game *g = pl_game_find(game);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", levels, file);
    void *l = load_file(g, path);
    if (!l) return;
    check_positions(g, l, objective, file);
    g->level_free(l);
}

static void check_text(const char *game, const char *text, const char *objective, const char *name) {
    const pl_game *g = pl_game_find(game);
    void *l = load_text(g, text);
    if (!l) return;
    check_positions(g, l, objective, name);
    g->level_free(l);
}

static void test_state_levels(void) {
    check_file("clickomania", "clickomania/small.level", "clear");
    check_file("clickomania", "clickomania/twocol.level", "clear");
    check_file("clickomania", "clickomania/small.level", "max");
    check_file("buttons", "buttons/lpcp-01.level", NULL);
    check_file("buttons", "buttons/diagonals.level", NULL);
    /* two-player: after an odd number of cuts the position's level has the
     * player to move as its player 1 (partisan colour sets swapped) */
    check_file("buttons", "buttons/2p-partisan.level", NULL);
    check_file("buttons", "buttons/2p-impartial.level", NULL);
    check_file("buttons", "buttons/2p-scoring.level", NULL);
    check_file("twodots", "twodots/cycle.level", NULL);
    check_file("twodots", "twodots/column.level", NULL);
    check_file("twodots", "twodots/bombs.level", NULL);
    check_file("coins", "coins/E-to-F.level", NULL);
    check_text("coins", "grid: triangular\nstart:\noo.\no..\n...\ntarget:\n...\n.o.\noo.\n", NULL, "triangle");
    /* from puzzlelab coins generate --coins 5 --walk 4 --labelled --seed 1 */
    check_text("coins", "start:\n....\n.ac.\nb.d.\n...e\ntarget:\n....\nca..\n..db\n...e\n", NULL, "labelled");
    /* ... --grid triangular --up-to translation+rotation --seed 4 */
    check_text("coins",
               "grid: triangular\ntarget-up-to: translation+rotation\nstart:\nd.ca\n...e\n....\n.b..\ntarget:\n"
               "..c.\n..ad\n..e.\n.b..\n",
               NULL, "labelled, triangular, up to rotation");
}

/* Two Dots: the moves left and the goals left go into the position's level:
 * with the budget spent on the wrong colour it is unsolvable. */
static void test_twodots_budget(void) {
    const pl_game *g = pl_game_find("twodots");
    void *l = load_text(g, "moves: 1\ngoal: a 2\naa\nbb\n");
    if (!l) return;
    void *st = g->state_new(l);
    char why[256];
    int col;
    pl_solution sol;
    void *pos = g->play->state_level(st, why, sizeof why);
    CHECK(pos != NULL && solve_auto(g, pos, NULL, &sol) == 0 && sol.status == PL_SOLVED && sol.moves.n == 1);
    pl_solution_free(&sol);
    if (pos) g->level_free(pos);
    CHECK(g->move_apply(st, "1,0 1,1", why, sizeof why, &col) == PL_MOVE_OK);
    pos = g->play->state_level(st, why, sizeof why);
    CHECK(pos != NULL && solve_auto(g, pos, NULL, &sol) == 0 && sol.status == PL_UNSOLVABLE);
    pl_solution_free(&sol);
    if (pos) g->level_free(pos);
    g->state_free(st);
    g->level_free(l);
}

typedef struct pick_case {
    const char *game, *level;
    int n;
    int r[6], c[6];
    bool finish;
    pl_pick_result want;
    const char *text; /* the move (MOVE) or the reason (REJECT); NULL: not checked */
} pick_case;

static void test_picks(void) {
    static const char *const click = "ab\nab\n", *const buttons = "ab\nab\n", *const dots = "aab\naab\n",
                             *const coins = "start:\no.\noo\ntarget:\noo\n.o\n";
    const pick_case cases[] = {
        {"clickomania", click, 1, {1}, {0}, false, PL_PICK_MOVE, "1,0"},
        {"clickomania", click, 1, {0}, {1}, true, PL_PICK_MOVE, "0,1"},
        {"buttons", buttons, 1, {0}, {0}, false, PL_PICK_MORE, NULL},
        {"buttons", buttons, 1, {0}, {0}, true, PL_PICK_MORE, NULL},
        {"buttons", buttons, 2, {0, 1}, {0, 0}, false, PL_PICK_MOVE, "0,0 1,0"},
        {"buttons", buttons, 2, {1, 0}, {1, 1}, false, PL_PICK_MOVE, "1,1 0,1"},
        {"buttons", buttons, 2, {0, 0}, {0, 0}, false, PL_PICK_REJECT, "pick the other end of the cut"},
        {"twodots", dots, 1, {0}, {0}, false, PL_PICK_MORE, NULL},
        {"twodots", dots, 1, {0}, {0}, true, PL_PICK_MORE, "path started: pick the next dot"},
        {"twodots", dots, 2, {0, 0}, {0, 0}, false, PL_PICK_REJECT, "a path needs at least two dots"},
        {"twodots", dots, 2, {0, 0}, {0, 1}, false, PL_PICK_MORE, NULL},
        {"twodots", dots, 2, {0, 0}, {0, 1}, true, PL_PICK_MOVE, "0,0 0,1"},
        {"twodots", dots, 3, {0, 0, 0}, {0, 1, 1}, false, PL_PICK_MOVE, "0,0 0,1"},
        {"twodots", dots, 5, {0, 0, 1, 1, 0}, {0, 1, 1, 0, 0}, false, PL_PICK_MOVE, "0,0 0,1 1,1 1,0 0,0"},
        {"twodots", dots, 5, {0, 0, 1, 1, 0}, {0, 1, 1, 0, 1}, false, PL_PICK_MOVE, "0,0 0,1 1,1 1,0 0,1"},
        {"coins", coins, 1, {0}, {1}, false, PL_PICK_REJECT, "no coin at 0,1: pick a coin first"},
        {"coins", coins, 1, {1}, {1}, false, PL_PICK_MORE, NULL},
        {"coins", coins, 2, {1, 1}, {1, 1}, false, PL_PICK_REJECT, "pick the free cell the coin goes to"},
        {"coins", coins, 2, {1, -1}, {0, 5}, false, PL_PICK_MOVE, "1,0 -1,5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pick_case *t = &cases[i];
        check_context(false, 0, "pick case %zu (%s)", i, t->game);
        const pl_game *g = pl_game_find(t->game);
        void *l = load_text(g, t->level);
        if (!l) continue;
        void *st = g->state_new(l);
        char move[256] = "", msg[256] = "";
        pl_pick_result r = g->play->pick(st, t->r, t->c, t->n, t->finish, move, sizeof move, msg, sizeof msg);
        CHECK_INT((int)r, (int)t->want);
        if (t->text) CHECK_STR(r == PL_PICK_MOVE ? move : msg, t->text);
        g->state_free(st);
        g->level_free(l);
    }
    check_clear_context();
}

static void test_windows(void) {
    /* Clickomania: the frame; cells by frame coordinates, '.' when empty. */
    const pl_game *g = pl_game_find("clickomania");
    void *l = load_text(g, "a.\nab\n");
    if (l) {
        void *st = g->state_new(l);
        int r0, c0, rows, cols, shear, colour;
        g->play->window(st, &r0, &c0, &rows, &cols, &shear);
        CHECK(r0 == 0 && c0 == 0 && rows == 2 && cols == 2 && shear == 0);
        CHECK(g->play->cell(st, 0, 0, &colour) == 'a' && colour == 1);
        CHECK(g->play->cell(st, 0, 1, &colour) == '.' && colour == 0);
        CHECK(g->play->cell(st, 1, 1, &colour) == 'b' && colour == 2);
        g->state_free(st);
        g->level_free(l);
    }
    /* Coins: the frame, coins and target plus a margin; it follows a coin
     * that leaves the frame; the triangular grid is sheared. */
    g = pl_game_find("coins");
    l = load_text(g, "start:\noo\no.\ntarget:\n.o\noo\n");
    if (l) {
        void *st = g->state_new(l);
        int r0, c0, rows, cols, shear, colour;
        g->play->window(st, &r0, &c0, &rows, &cols, &shear);
        CHECK(r0 == -1 && c0 == -1 && rows == 4 && cols == 4 && shear == 0);
        char why[256];
        int col;
        CHECK(g->move_apply(st, "1,0 -1,1", why, sizeof why, &col) == PL_MOVE_ILLEGAL); /* one neighbour */
        CHECK(g->move_apply(st, "0,0 1,1", why, sizeof why, &col) == PL_MOVE_OK);
        CHECK(g->play->cell(st, 1, 1, &colour) == 'o' && colour == 2);
        CHECK(g->play->cell(st, 0, 0, &colour) == '.');
        g->state_free(st);
        g->level_free(l);
    }
    l = load_text(g, "grid: triangular\nstart:\noo\no.\ntarget:\n.o\noo\n");
    if (l) {
        void *st = g->state_new(l);
        int r0, c0, rows, cols, shear;
        g->play->window(st, &r0, &c0, &rows, &cols, &shear);
        CHECK(shear == 1);
        g->state_free(st);
        g->level_free(l);
    }
    l = load_text(g, "grid: graph\nstart: 0 1\ntarget: 1 2\nedges:\n0 1\n1 2\n");
    if (l) {
        char why[256] = "";
        CHECK(!g->play->playable(l, why, sizeof why));
        CHECKF(strstr(why, "square or triangular") != NULL, "%s", why);
        g->level_free(l);
    }
}

/* Two Dots' status line: every goal and the moves left, updated by a move. */
static void test_status(void) {
    const pl_game *g = pl_game_find("twodots");
    void *l = load_text(g, "moves: 3\ngoal: a 2\ngoal: b 4\naab\nbbb\n");
    if (!l) return;
    void *st = g->state_new(l);
    char buf[256], why[256];
    int col;
    CHECK(g->play->status != NULL);
    g->play->status(st, buf, sizeof buf);
    CHECK_STR(buf, "goal a 0/2  goal b 0/4   moves left 3 of 3");
    CHECK(g->move_apply(st, "0,0 0,1", why, sizeof why, &col) == PL_MOVE_OK);
    g->play->status(st, buf, sizeof buf);
    CHECK_STR(buf, "goal a 2/2 met  goal b 0/4   moves left 2 of 3");
    g->play->status(st, buf, 12); /* a short buffer: cut, terminated */
    CHECK_STR(buf, "goal a 2/2 ");
    g->state_free(st);
    g->level_free(l);
    l = load_text(g, "ab\nab\n");
    if (l) {
        st = g->state_new(l);
        g->play->status(st, buf, sizeof buf);
        CHECK_STR(buf, "moves used 0 (no limit)");
        g->state_free(st);
        g->level_free(l);
    }
    /* every game says what its keys do; Clickomania plays at once */
    static const char *const games[] = {"clickomania", "buttons", "twodots", "coins"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        const pl_game *gi = pl_game_find(games[i]);
        CHECKF(gi->play->keys && strstr(gi->play->keys, "space"), "%s: no key line", games[i]);
    }
    CHECK(strstr(pl_game_find("clickomania")->play->keys, "space/enter click") != NULL);
}

/* The centre hook and the web page's hit-test (pl_play_hit): in state, every
 * cell of the play window is found again from its drawn centre and from
 * points 0.3 units off it (a pointer a little beside the centre), a cell that
 * shows something (not '.' or ' ') has its centre inside the picture's
 * bounds, and a point well outside the window finds no cell. */
static void check_centres_at(const pl_game *g, const void *st) {
    int r0, c0, rows, cols, shear;
    g->play->window(st, &r0, &c0, &rows, &cols, &shear);
    CHECKF(rows > 0 && cols > 0, "an empty window");
    pl_box box;
    g->render->bounds(st, &box);
    static const double off[5][2] = {{0, 0}, {0.3, 0}, {-0.3, 0}, {0, 0.3}, {0, -0.3}};
    double xmin = 1e9, ymin = 1e9;
    for (int r = r0; r < r0 + rows; r++)
        for (int c = c0; c < c0 + cols; c++) {
            double x, y;
            pl_play_centre(g->play, st, r, c, &x, &y);
            if (x < xmin) xmin = x;
            if (y < ymin) ymin = y;
            for (int k = 0; k < 5; k++) {
                int hr = -99, hc = -99;
                bool hit = pl_play_hit(g->play, st, x + off[k][0], y + off[k][1], &hr, &hc);
                CHECKF(hit && hr == r && hc == c, "cell %d,%d (centre %.2f,%.2f, offset %.1f,%.1f): hit %s %d,%d", r, c,
                       x, y, off[k][0], off[k][1], hit ? "finds" : "finds nothing", hr, hc);
            }
            int colour;
            char ch = g->play->cell(st, r, c, &colour);
            if (ch != '.' && ch != ' ')
                CHECKF(x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1,
                       "cell %d,%d ('%c') centred at %.2f,%.2f outside the picture [%.2f,%.2f]x[%.2f,%.2f]", r, c, ch,
                       x, y, box.x0, box.x1, box.y0, box.y1);
        }
    int hr, hc;
    CHECKF(!pl_play_hit(g->play, st, xmin - 1, ymin - 1, &hr, &hc), "a point outside the window hits %d,%d", hr, hc);
}

static void check_centres(const char *game, const char *file) {
    const pl_game *g = pl_game_find(game);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", levels, file);
    void *l = load_file(g, path);
    if (!l) return;
    char why[256];
    if (g->play->playable && !g->play->playable(l, why, sizeof why)) {
        CHECKF(0, "%s is not playable: %s", file, why);
        g->level_free(l);
        return;
    }
    pl_solution sol;
    int k = solve_auto(g, l, NULL, &sol) == 0 && sol.status == PL_SOLVED ? sol.moves.n : 0;
    for (int i = 0; i <= k; i++) { /* after every move of a solution: boards shrink, coins move */
        check_context(false, 0, "centres: %s after %d moves", file, i);
        void *st = replay(g, l, &sol.moves, i);
        check_centres_at(g, st);
        g->state_free(st);
    }
    check_clear_context();
    pl_solution_free(&sol);
    g->level_free(l);
}

static void test_centres(void) {
    /* every game with play hooks is drawn by its render hooks */
    for (const pl_game *const *gp = pl_games(); *gp; gp++)
        if ((*gp)->play) CHECKF((*gp)->render != NULL, "%s: play hooks without pictures", (*gp)->name);
    check_centres("clickomania", "clickomania/small.level");
    check_centres("clickomania", "clickomania/twocol.level");
    check_centres("buttons", "buttons/lpcp-01.level");
    check_centres("buttons", "buttons/diagonals.level");
    check_centres("twodots", "twodots/cycle.level");
    check_centres("twodots", "twodots/bombs.level");
    check_centres("coins", "coins/E-to-F.level");
    check_centres("coins", "coins/minplus1-flip.level");
    check_centres("coins", "coins/triangular/labelled-triangle-rotation.level");
    check_centres("coins", "coins/square/fig33-solvable.level");
}

/* wrap(text, width, items) as the lines joined by '|'. */
static const char *wrapped(const char *text, int width, bool items) {
    static char out[1024];
    pl_play_line ln[32];
    int n = pl_play_wrap(text, width, items, ln, 32);
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < n && i < 32; i++)
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%.*s", i ? "|" : "", ln[i].len, text + ln[i].start);
    return out;
}

static void test_wrap(void) {
    CHECK_STR(wrapped("", 10, false), "");
    CHECK_INT(pl_play_wrap("", 10, false, NULL, 0), 1);
    CHECK_STR(wrapped("short", 10, false), "short");
    CHECK_STR(wrapped("exactly10!", 10, false), "exactly10!");
    CHECK_STR(wrapped("the quick brown fox jumps", 10, false), "the quick|brown fox|jumps");
    /* a full line before a space; the spaces at a break are dropped */
    CHECK_STR(wrapped("abcde fghij   klm", 5, false), "abcde|fghij|klm");
    /* a word longer than the line is the only thing split */
    CHECK_STR(wrapped("ab abcdefghijkl cd", 5, false), "ab|abcde|fghij|kl cd");
    /* newlines break; an empty line stays; a final newline adds none */
    CHECK_STR(wrapped("ab\n\ncd\n", 10, false), "ab||cd");
    /* items: breaks between items (two spaces or more) first */
    CHECK_STR(wrapped("u undo  r redo  p play hint", 12, true), "u undo|r redo|p play hint");
    CHECK_STR(wrapped("u undo  r redo  p play hint", 12, false), "u undo  r|redo  p play|hint");
    /* an item longer than the line is wrapped at its words */
    CHECK_STR(wrapped("a  bb cc dd ee  f", 6, true), "a|bb cc|dd ee|f");
    /* a UTF-8 character is one column, never split */
    CHECK_STR(wrapped("\xc3\xa9\xc3\xa9\xc3\xa9 ab", 3, false), "\xc3\xa9\xc3\xa9\xc3\xa9|ab");
    CHECK_STR(wrapped("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 3, false), "\xc3\xa9\xc3\xa9\xc3\xa9|\xc3\xa9");
    /* width below 1 is taken as 1 */
    CHECK_STR(wrapped("ab", 0, false), "a|b");
    /* no line is longer than the width and no word is split, on a long text */
    const char *text = "no solution from here: this position cannot be solved for the objective clear "
                       "(algorithm exact proves it); u undoes a move, R goes back to the start";
    for (int w = 12; w <= 80; w++) {
        pl_play_line ln[32];
        int n = pl_play_wrap(text, w, false, ln, 32);
        for (int i = 0; i < n; i++) {
            const char *a = text + ln[i].start, *b = a + ln[i].len;
            CHECKF(ln[i].len <= w, "width %d line %d: %d columns", w, i, ln[i].len);
            CHECKF(a == text || a[-1] == ' ', "width %d line %d starts inside a word", w, i);
            CHECKF(*b == '\0' || *b == ' ', "width %d line %d ends inside a word", w, i);
        }
    }
}

int main(int argc, char **argv) {
    if (argc > 1) levels = argv[1];
    test_state_levels();
    test_twodots_budget();
    test_picks();
    test_windows();
    test_status();
    test_centres();
    test_wrap();
    pl_draw_shutdown(); /* the render hooks' bounds measured text: fontconfig */
    return check_done("play_hooks");
}
