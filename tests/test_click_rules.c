/* Clickomania rules on hand-made boards: groups, clicks with gravity and
 * column shifting (expected boards written as text), the fixed frame, scores,
 * and the verify path through the descriptor (state_new / move_apply /
 * finish), the descriptor's info and generator. */
#include "game_check.h"

#include "puzzlelab/clickomania.h"

static const pl_game *G = &pl_game_clickomania;

/* The exact solver, looked up by name: auto puts the paper's one-line
 * algorithms before it. */
static const pl_algorithm *exact_algorithm(void) {
    const pl_algorithm *a = gc_algorithm(G, "exact");
    if (!a) abort();
    return a;
}

/* A level from text, through the descriptor's parser; NULL on error. */
static click_level *load(const char *text) {
    char msg[1024];
    click_level *l = gc_parse_msg(G, "rules.level", text, msg, sizeof msg);
    if (!l) CHECKF(0, "level: %s", msg);
    return l;
}

#define CHECK_BOARD(l, b, expected)                                                                          \
    do {                                                                                                     \
        char *t_ = click_board_text((l), (b));                                                               \
        CHECK_STR(t_, (expected));                                                                           \
        free(t_);                                                                                            \
    } while (0)

/* Consistency of the column representation: heights, width, blocks, zeros above. */
static void check_invariants(const click_board *b) {
    int blocks = 0, width = 0;
    for (int c = 0; c < b->cols; c++) {
        CHECKF(b->height[c] >= 0 && b->height[c] <= b->rows, "height[%d] = %d", c, (int)b->height[c]);
        if (b->height[c] > 0) {
            CHECKF(c == width, "non-empty column %d after an empty one", c);
            width = c + 1;
        }
        blocks += b->height[c];
        for (int h = 0; h < b->rows; h++) {
            int v = click_at(b, c, h);
            if (h < b->height[c])
                CHECKF(v >= 1 && v <= b->ncolours, "cell (%d,%d) colour %d", c, h, v);
            else
                CHECKF(v == 0, "cell (%d,%d) above the stack is %d, not 0", c, h, v);
        }
    }
    CHECK_INT(b->width, width);
    CHECK_INT(b->blocks, blocks);
}

/* ---------- groups ---------- */

static void test_groups(void) {
    click_level *l = load("aab\nabb\n");
    if (l) {
        click_scratch s;
        click_scratch_init(&s, l->board.rows, l->board.cols);
        CHECK_INT(click_find_groups(&l->board, &s), 2);
        CHECK_INT(s.ngroups, 2);
        const click_group *a = &s.groups[0], *b = &s.groups[1];
        CHECK_INT(a->colour, 1);
        CHECK_INT(a->size, 3);
        CHECK_INT(a->col, 0);
        CHECK_INT(a->h, 0);
        CHECK_INT(a->cmin, 0);
        CHECK_INT(a->cmax, 1);
        CHECK(a->empties_column); /* column 0 is all a */
        CHECK_INT(b->colour, 2);
        CHECK_INT(b->size, 3);
        CHECK_INT(b->col, 1);
        CHECK_INT(b->h, 0);
        CHECK_INT(b->cmin, 1);
        CHECK_INT(b->cmax, 2);
        CHECK(b->empties_column); /* column 2 is all b */
        CHECK(!click_groups_commute(a, b));
        /* labels: row 0 "aab", row 1 "abb"; cell (c, h) at label[c * rows + h] */
        int rows = l->board.rows;
        CHECK_INT(s.label[0 * rows + 0], 0);
        CHECK_INT(s.label[0 * rows + 1], 0);
        CHECK_INT(s.label[1 * rows + 0], 1);
        CHECK_INT(s.label[1 * rows + 1], 0);
        CHECK_INT(s.label[2 * rows + 0], 1);
        CHECK_INT(s.label[2 * rows + 1], 1);
        CHECK_INT(click_group_size_at(&l->board, &s, 0, 0), 3);
        CHECK_INT(click_group_size_at(&l->board, &s, 1, 1), 3);
        CHECK_INT(click_group_size_at(&l->board, &s, 2, 0), 0);
        CHECK_INT(click_group_size_at(&l->board, &s, 0, 3), 0);
        CHECK_INT(click_group_size_at(&l->board, &s, -1, 0), 0);
        click_scratch_free(&s);
        G->level_free(l);
    }

    l = load("ab\nab\nba\n");
    if (l) {
        click_scratch s;
        click_scratch_init(&s, l->board.rows, l->board.cols);
        CHECK_INT(click_find_groups(&l->board, &s), 4);
        int sizes[4] = {1, 2, 1, 2}, cols[4] = {0, 0, 1, 1}, hs[4] = {0, 1, 0, 1};
        for (int i = 0; i < 4 && i < s.ngroups; i++) {
            CHECK_INT(s.groups[i].size, sizes[i]);
            CHECK_INT(s.groups[i].col, cols[i]);
            CHECK_INT(s.groups[i].h, hs[i]);
            CHECK_INT(s.groups[i].cmin, cols[i]);
            CHECK_INT(s.groups[i].cmax, cols[i]);
            CHECK(!s.groups[i].empties_column);
        }
        /* find_groups twice on the same scratch gives the same answer */
        CHECK_INT(click_find_groups(&l->board, &s), 4);
        click_scratch_free(&s);
        G->level_free(l);
    }

    /* commuting groups: two columns apart, neither empties a column */
    l = load("aacdd\nbbcee\n");
    if (l) {
        click_scratch s;
        click_scratch_init(&s, l->board.rows, l->board.cols);
        int ng = click_find_groups(&l->board, &s);
        CHECK_INT(ng, 5);
        const click_group *ga = NULL, *gb = NULL, *gc = NULL, *gd = NULL;
        for (int i = 0; i < ng; i++) {
            char ch = l->colour_char[s.groups[i].colour];
            if (ch == 'a') ga = &s.groups[i];
            if (ch == 'b') gb = &s.groups[i];
            if (ch == 'c') gc = &s.groups[i];
            if (ch == 'd') gd = &s.groups[i];
        }
        CHECK(ga && gb && gc && gd);
        if (ga && gb && gc && gd) {
            CHECK(!ga->empties_column);
            CHECK(!gb->empties_column);
            CHECK(gc->empties_column);
            CHECK(click_groups_commute(ga, gd));
            CHECK(click_groups_commute(gd, ga));
            CHECK(!click_groups_commute(ga, gb)); /* same columns */
            CHECK(!click_groups_commute(ga, gc)); /* c empties a column */
        }
        click_scratch_free(&s);
        /* and they do commute: a then d, d then a */
        click_board b1, b2;
        click_board_init(&b1, 2, 5, l->board.ncolours);
        click_board_init(&b2, 2, 5, l->board.ncolours);
        click_board_copy(&b1, &l->board);
        click_board_copy(&b2, &l->board);
        click_scratch_init(&s, 2, 5);
        CHECK_INT(click_click_at(&b1, &s, 0, 0), 2);
        CHECK_INT(click_click_at(&b1, &s, 0, 3), 2);
        CHECK_INT(click_click_at(&b2, &s, 0, 4), 2);
        CHECK_INT(click_click_at(&b2, &s, 0, 1), 2);
        CHECK_BOARD(l, &b1, "..c..\nbbcee\n");
        CHECK_BOARD(l, &b2, "..c..\nbbcee\n");
        click_scratch_free(&s);
        click_board_free(&b1);
        click_board_free(&b2);
        G->level_free(l);
    }

    /* colour counts */
    l = load("..a\nbab\nbaa\n");
    if (l) {
        int counts[CLICK_MAX_COLOURS + 1];
        click_colour_counts(&l->board, counts);
        CHECK_INT(counts[0], 0);
        CHECK_INT(counts[1], 4); /* a */
        CHECK_INT(counts[2], 3); /* b */
        G->level_free(l);
    }
}

/* ---------- clicks: gravity, shifting, fixed frame ---------- */

typedef struct step {
    int r, c;
    int size;            /* what click_click_at returns */
    const char *board;   /* board after the click */
} step;

static void run_steps(const char *start, const step *steps, int n) {
    click_level *l = load(start);
    if (!l) return;
    click_board b;
    click_board_init(&b, l->board.rows, l->board.cols, l->board.ncolours);
    click_board_copy(&b, &l->board);
    click_scratch s;
    click_scratch_init(&s, b.rows, b.cols);
    for (int i = 0; i < n; i++) {
        check_context(false, 0, "start:\n%sstep %d: click %d,%d", start, i + 1, steps[i].r, steps[i].c);
        int before = b.blocks;
        CHECK_INT(click_click_at(&b, &s, steps[i].r, steps[i].c), steps[i].size);
        CHECK_INT(b.blocks, before - (steps[i].size >= 2 ? steps[i].size : 0));
        CHECK_BOARD(l, &b, steps[i].board);
        check_invariants(&b);
    }
    check_clear_context();
    click_scratch_free(&s);
    click_board_free(&b);
    G->level_free(l);
}

static void test_clicks(void) {
    /* gravity inside a column, then a shift */
    static const step s1[] = {
        {1, 0, 2, "..\n..\nac\nac\n"}, /* the b pair goes, the top a falls on the bottom a */
        {0, 0, 0, "..\n..\nac\nac\n"}, /* empty cell: nothing happens */
        {2, 0, 2, "..\n..\nc.\nc.\n"}, /* column 0 empties, c's column shifts left */
        {3, 1, 0, "..\n..\nc.\nc.\n"}, /* where the c's were is empty now */
        {2, 0, 2, "..\n..\n..\n..\n"}, /* fixed frame: the c's are at column 0 */
        {3, 0, 0, "..\n..\n..\n..\n"},
    };
    run_steps("a.\nb.\nbc\nac\n", s1, (int)(sizeof s1 / sizeof s1[0]));

    /* a middle column empties; the neighbours meet and merge */
    static const step s2[] = {
        {0, 1, 2, "aa.\naa.\n"},
        {1, 1, 4, "...\n...\n"},
    };
    run_steps("aba\naba\n", s2, 2);

    /* one click empties two columns (0 and 2) that are not adjacent */
    static const step s3[] = {
        {0, 0, 5, "...\nb..\n"},
        {1, 0, 1, "...\nb..\n"}, /* a single block: size 1, nothing changes */
    };
    run_steps("aba\naaa\n", s3, 2);

    /* group across two columns, partial in one: b falls and stays in column 0 */
    static const step s4[] = {{1, 1, 3, "..\nb.\n"}};
    run_steps("ba\naa\n", s4, 1);

    /* three columns empty at once, the survivors close up in order */
    static const step s5[] = {
        {1, 2, 5, ".....\nbc...\n"},
        {1, 1, 1, ".....\nbc...\n"},
    };
    run_steps(".b.c.\naaaaa\n", s5, 2);

    /* the frame stays fixed: after the shift, (2,1) is the block that was at (2,2) */
    static const step s6[] = {
        {2, 0, 1, "c..\ncab\nbab\n"},
        {1, 1, 2, "c..\ncb.\nbb.\n"},
        {2, 1, 3, "...\nc..\nc..\n"},
        {1, 0, 2, "...\n...\n...\n"},
    };
    run_steps("c..\ncab\nbab\n", s6, 4);

    /* clicks outside the frame change nothing */
    static const step s7[] = {
        {-1, 0, 0, "aa\n"}, {0, -1, 0, "aa\n"}, {1, 0, 0, "aa\n"}, {0, 2, 0, "aa\n"}, {0, 1, 2, "..\n"},
    };
    run_steps("aa\n", s7, 5);

    /* a tall column: blocks above a removed group fall together */
    static const step s8[] = {
        {3, 0, 1, "a..\nb..\nbb.\ncbc\n"}, /* the bottom c touches no other c */
        {2, 0, 4, "...\n...\na..\ncc.\n"}, /* the b's go, a and c fall, the last c shifts left */
        {3, 1, 2, "...\n...\n...\na..\n"},
        {3, 0, 1, "...\n...\n...\na..\n"},
    };
    run_steps("a..\nb..\nbb.\ncbc\n", s8, 4);
}

/* ---------- scores ---------- */

static void test_scores(void) {
    CHECK_INT(click_group_score(0), 0);
    CHECK_INT(click_group_score(1), 0);
    CHECK_INT(click_group_score(2), 0);
    CHECK_INT(click_group_score(3), 1);
    CHECK_INT(click_group_score(4), 4);
    CHECK_INT(click_group_score(10), 64);
    CHECK_INT(click_group_score(1000), 998LL * 998LL);
    CHECK_INT(CLICK_CLEAR_BONUS, 1000);
}

/* ---------- the descriptor: verify path ---------- */

typedef struct vmove {
    const char *text;
    pl_move_result result;
    const char *reason; /* for ILLEGAL and SYNTAX */
    int col;            /* for SYNTAX */
} vmove;

static void apply_all(void *st, const char *level, const vmove *mv, int n) {
    for (int i = 0; i < n; i++) {
        check_context(false, 0, "%smove %d: '%s'", level, i + 1, mv[i].text);
        char reason[256] = "";
        int col = -7;
        pl_move_result r = G->move_apply(st, mv[i].text, reason, sizeof reason, &col);
        CHECK_INT(r, mv[i].result);
        if (mv[i].result != PL_MOVE_OK) CHECK_STR(reason, mv[i].reason);
        if (mv[i].result == PL_MOVE_SYNTAX) CHECK_INT(col, mv[i].col);
    }
    check_clear_context();
}

static void check_verdict(const void *st, const char *objective, bool ok, const char *reason, long long removed,
                          long long score) {
    pl_verdict v;
    memset(&v, 0, sizeof v);
    G->finish(st, objective, &v);
    check_context(false, 0, "finish, objective %s", objective ? objective : "(null)");
    CHECK_INT(v.ok, ok);
    if (!ok) CHECK_STR(v.reason, reason);
    CHECK_INT(v.nvalues, 2);
    if (v.nvalues == 2) {
        CHECK_STR(v.value_name[0], "removed");
        CHECK_INT(v.value[0], removed);
        CHECK_STR(v.value_name[1], "score");
        CHECK_INT(v.value[1], score);
    }
    check_clear_context();
}

static void test_verify_path(void) {
    const char *level = "c..\ncab\nbab\n";
    click_level *l = load(level);
    if (!l) return;
    void *st = G->state_new(l);
    static const vmove bad[] = {
        {"2,0", PL_MOVE_ILLEGAL, "group of size 1", 0},
        {"0,1", PL_MOVE_ILLEGAL, "empty cell", 0},
        {"0,2", PL_MOVE_ILLEGAL, "empty cell", 0},
        {"3,0", PL_MOVE_ILLEGAL, "outside the board (3 rows, 3 columns)", 0},
        {"0,3", PL_MOVE_ILLEGAL, "outside the board (3 rows, 3 columns)", 0},
        {"1000000000,1000000000", PL_MOVE_ILLEGAL, "outside the board (3 rows, 3 columns)", 0},
        {"a,0", PL_MOVE_SYNTAX, "expected a row number", 1},
        {"", PL_MOVE_SYNTAX, "expected a row number", 1},
        {"-1,0", PL_MOVE_ILLEGAL, "outside the board (3 rows, 3 columns)", 0}, /* off the board, not bad syntax */
        {"1;1", PL_MOVE_SYNTAX, "expected ',' between row and column (a cell is written r,c)", 2},
        {"12", PL_MOVE_SYNTAX, "expected ',' between row and column (a cell is written r,c)", 3},
        {"1,-1", PL_MOVE_ILLEGAL, "outside the board (3 rows, 3 columns)", 0},
        {"1,", PL_MOVE_SYNTAX, "expected a column number", 3},
        {"99999999999,0", PL_MOVE_SYNTAX, "row number out of range", 1},
        {"1,1x", PL_MOVE_SYNTAX, "unexpected 'x' after the cell (a clickomania move is one cell r,c)", 4},
        {"1,1,2", PL_MOVE_SYNTAX, "unexpected ',' after the cell (a clickomania move is one cell r,c)", 4},
        {"10,11 2,2", PL_MOVE_SYNTAX, "unexpected ' ' after the cell (a clickomania move is one cell r,c)", 6},
    };
    apply_all(st, level, bad, (int)(sizeof bad / sizeof bad[0]));
    /* nothing changed: the start is still not cleared, nothing removed */
    check_verdict(st, "clear", false, "7 blocks remain at the end (objective clear needs an empty board)", 0, 0);
    check_verdict(st, "max", true, NULL, 0, 0);

    static const vmove good[] = {
        {"1,1", PL_MOVE_OK, NULL, 0}, /* a a: 2 removed, score 0 */
        {"2,1", PL_MOVE_OK, NULL, 0}, /* fixed frame: the b's shifted into column 1; 3 removed, score 1 */
    };
    apply_all(st, level, good, 2);
    check_verdict(st, "clear", false, "2 blocks remain at the end (objective clear needs an empty board)", 5, 1);
    check_verdict(st, NULL, false, "2 blocks remain at the end (objective clear needs an empty board)", 5, 1);
    check_verdict(st, "max", true, NULL, 5, 1);
    check_verdict(st, "score", true, NULL, 5, 1);
    static const vmove last[] = {
        {"1,1", PL_MOVE_ILLEGAL, "empty cell", 0},
        {"2,0", PL_MOVE_OK, NULL, 0}, /* the c pair: the board is empty, bonus 1000 */
        {"2,0", PL_MOVE_ILLEGAL, "empty cell", 0},
    };
    apply_all(st, level, last, 3);
    check_verdict(st, "clear", true, NULL, 7, 1001);
    check_verdict(st, "score", true, NULL, 7, 1001);
    G->state_free(st);

    /* each state_new starts from the level, untouched by earlier replays */
    st = G->state_new(l);
    check_verdict(st, "clear", false, "7 blocks remain at the end (objective clear needs an empty board)", 0, 0);
    G->state_free(st);
    G->level_free(l);

    /* one block left: singular message */
    l = load("aab\n");
    if (l) {
        st = G->state_new(l);
        static const vmove m[] = {{"0,1", PL_MOVE_OK, NULL, 0}, {"0,0", PL_MOVE_ILLEGAL, "group of size 1", 0}};
        apply_all(st, "aab\n", m, 2);
        check_verdict(st, "clear", false, "1 block remains at the end (objective clear needs an empty board)", 2, 0);
        G->state_free(st);
        G->level_free(l);
    }

    /* scores: (n-2)^2 per group, the bonus once, at the clearing click */
    l = load("aaaa\nbbbb\n");
    if (l) {
        st = G->state_new(l);
        static const vmove m[] = {{"1,3", PL_MOVE_OK, NULL, 0}, {"1,0", PL_MOVE_OK, NULL, 0}};
        apply_all(st, "aaaa\nbbbb\n", m, 2);
        check_verdict(st, "score", true, NULL, 8, 4 + 4 + 1000);
        G->state_free(st);
        G->level_free(l);
    }
    l = load("aaaaa\nbbbcc\n");
    if (l) {
        st = G->state_new(l);
        static const vmove m[] = {{"1,0", PL_MOVE_OK, NULL, 0}, {"1,4", PL_MOVE_OK, NULL, 0}};
        apply_all(st, "aaaaa\nbbbcc\n", m, 2);
        /* b b b scores 1, c c scores 0; the a row has fallen to the bottom */
        check_verdict(st, "score", true, NULL, 5, 1);
        check_verdict(st, "clear", false, "5 blocks remain at the end (objective clear needs an empty board)", 5, 1);
        static const vmove m2[] = {{"1,4", PL_MOVE_OK, NULL, 0}};
        apply_all(st, "aaaaa\nbbbcc\n", m2, 1);
        /* (1,4) is an a now: 5 a's score 9, and the bonus */
        check_verdict(st, "clear", true, NULL, 10, 1 + 9 + 1000);
        G->state_free(st);
        G->level_free(l);
    }

    /* the empty board: no move needed for clear */
    l = load("...\n...\n");
    if (l) {
        st = G->state_new(l);
        check_verdict(st, "clear", true, NULL, 0, 0);
        static const vmove m[] = {{"1,0", PL_MOVE_ILLEGAL, "empty cell", 0}};
        apply_all(st, "...\n...\n", m, 1);
        G->state_free(st);
        G->level_free(l);
    }
}

/* ---------- descriptor: registry, info, generate ---------- */

static void test_descriptor(void) {
    CHECK(pl_game_find("clickomania") == G);
    CHECK(pl_game_find("samegame") == NULL);
    CHECK(pl_games()[0] != NULL);
    CHECK_STR(G->name, "clickomania");
    CHECK(G->objectives != NULL);
    if (G->objectives) {
        CHECK_STR(G->objectives[0], "clear");
        CHECK_STR(G->objectives[1], "max");
        CHECK_STR(G->objectives[2], "score");
        CHECK(G->objectives[3] == NULL);
    }
    click_objective o;
    CHECK_INT(click_objective_parse("clear", &o), 0);
    CHECK_INT(o, CLICK_CLEAR);
    CHECK_INT(click_objective_parse("max", &o), 0);
    CHECK_INT(o, CLICK_MAX);
    CHECK_INT(click_objective_parse("score", &o), 0);
    CHECK_INT(o, CLICK_SCORE);
    CHECK_INT(click_objective_parse(NULL, &o), 0);
    CHECK_INT(o, CLICK_CLEAR);
    CHECK(click_objective_parse("Clear", &o) != 0);

    click_level *l = load("c..\ncab\nbab\n");
    if (l) {
        json_t *j = json_object();
        G->level_info(l, j);
        CHECK_INT(json_integer_value(json_object_get(j, "rows")), 3);
        CHECK_INT(json_integer_value(json_object_get(j, "columns")), 3);
        CHECK_INT(json_integer_value(json_object_get(j, "colours")), 3);
        CHECK_INT(json_integer_value(json_object_get(j, "blocks")), 7);
        CHECK_INT(json_integer_value(json_object_get(j, "groups")), 4);
        CHECK_INT(json_integer_value(json_object_get(j, "clickable_groups")), 3);
        json_t *cc = json_object_get(j, "colour_counts");
        CHECK(json_is_object(cc));
        CHECK_INT(json_integer_value(json_object_get(cc, "a")), 2);
        CHECK_INT(json_integer_value(json_object_get(cc, "b")), 3);
        CHECK_INT(json_integer_value(json_object_get(cc, "c")), 2);
        json_decref(j);

        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_opts opts = {.n = 0};
        pl_request req = {.opts = &opts, .objective = "clear", .seed = 1, .limits = &lim};
        char why[256] = "";
        const pl_algorithm *a = pl_game_pick(G, l, &req, why, sizeof why);
        CHECK(a != NULL);
        if (a) CHECK_STR(a->name, "exact");
        CHECK(why[0] != '\0');
        G->level_free(l);
    }

    /* generate: reproducible, shaped, within the colour alphabet */
    pl_opts o1 = {.name = {"rows", "cols", "colours", "seed"}, .value = {"3", "4", "2", "9"}, .n = 4};
    pl_opts o2 = {.name = {"rows", "cols", "colours", "seed"}, .value = {"3", "4", "2", "10"}, .n = 4};
    pl_error err;
    char *t1 = G->generate(&o1, &err), *t1b = G->generate(&o1, &err), *t2 = G->generate(&o2, &err);
    CHECK(t1 && t1b && t2);
    if (t1 && t1b && t2) {
        CHECK_STR(t1, t1b);
        CHECK(strcmp(t1, t2) != 0);
        const char *head = "# clickomania: generated by puzzlelab clickomania generate --rows 3 --cols 4 --colours 2 "
                           "--seed 9\n";
        CHECK(strncmp(t1, head, strlen(head)) == 0);
        click_level *g = load(t1);
        if (g) {
            CHECK_INT(g->board.rows, 3);
            CHECK_INT(g->board.cols, 4);
            CHECK_INT(g->board.blocks, 12);
            CHECK(g->board.ncolours <= 2);
            for (int i = 1; i <= g->board.ncolours; i++)
                CHECK(g->colour_char[i] == 'a' || g->colour_char[i] == 'b');
            G->level_free(g);
        }
    }
    free(t1);
    free(t1b);
    free(t2);
    /* defaults: 5 x 5, 3 colours, seed 1 */
    pl_opts o3 = {.n = 0};
    char *t3 = G->generate(&o3, &err);
    CHECK(t3 != NULL);
    if (t3) {
        click_level *g = load(t3);
        if (g) {
            CHECK_INT(g->board.rows, 5);
            CHECK_INT(g->board.cols, 5);
            CHECK(g->board.ncolours <= 3);
            G->level_free(g);
        }
        free(t3);
    }

    struct {
        const char *name, *value, *msg;
    } bad[] = {
        {"rows", "0", "--rows: 0 is out of range [1, 4096]"},
        {"cols", "4097", "--cols: 4097 is out of range [1, 4096]"},
        {"colours", "63", "--colours: 63 is out of range [1, 62]"},
        {"rows", "x", "--rows: expected a whole number, got 'x'"},
        {"rows", "", "--rows: expected a whole number, got ''"},
        {"seed", "-1", "--seed: expected a non-negative whole number, got '-1'"},
        {"seed", "1e3", "--seed: expected a non-negative whole number, got '1e3'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pl_opts ob = {.name = {bad[i].name}, .value = {bad[i].value}, .n = 1};
        memset(&err, 0, sizeof err);
        char *t = G->generate(&ob, &err);
        CHECKF(t == NULL, "generate --%s %s accepted", bad[i].name, bad[i].value);
        free(t);
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECK_STR(msg, bad[i].msg);
    }
    pl_opts big = {.name = {"rows", "cols"}, .value = {"4096", "4096"}, .n = 2};
    char *t = G->generate(&big, &err);
    CHECK(t == NULL);
    free(t);
    char msg[1024];
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "--rows x --cols: 16777216 cells is more than 10^7");
}

/* ---------- regions, writing a level back, level_same ---------- */

/* The `regions:` section (as Two Dots reads it, through pl_regions_read):
 * values, errors at file:line:col, info's count, the level written back
 * (comment, rows, regions) reading as the same level, and level_same. */
static void test_regions_and_text(void) {
    const char *text = "# gadgets\n"
                       "a..\n"
                       "abb\n"
                       "regions:\n"
                       "0,0 1,0 left column\n"
                       "1,1 1,2 B\n";
    click_level *l = load(text);
    if (!l) return;
    CHECK_INT(l->regions.n, 2);
    if (l->regions.n == 2) {
        const pl_region *r = l->regions.r;
        CHECK(r[0].r0 == 0 && r[0].c0 == 0 && r[0].r1 == 1 && r[0].c1 == 0);
        CHECK_STR(r[0].label, "left column");
        CHECK(r[1].r0 == 1 && r[1].c0 == 1 && r[1].r1 == 1 && r[1].c1 == 2);
        CHECK_STR(r[1].label, "B");
    }
    CHECK_INT(l->board.rows, 2);
    CHECK_INT(l->board.cols, 3);
    CHECK_INT(l->board.blocks, 4);
    json_t *j = json_object();
    G->level_info(l, j);
    CHECK_INT(json_integer_value(json_object_get(j, "regions")), 2);
    CHECK_INT(json_integer_value(json_object_get(j, "columns")), 3);
    CHECK_INT(json_integer_value(json_object_get(j, "colours")), 2);
    json_decref(j);

    /* an explicit board: section reads the same; no regions: none, no info key */
    click_level *e = load("board:\na..\nabb\n");
    if (e) {
        CHECK_INT(e->regions.n, 0);
        CHECK(e->regions.r == NULL);
        CHECK(click_level_same(l, e));
        j = json_object();
        G->level_info(e, j);
        CHECK(json_object_get(j, "regions") == NULL);
        json_decref(j);
    }

    /* written back: comment lines first ("# ", a bare "#" for an empty line),
     * the rows without a board: line (the format has no headers), then regions */
    char *out = click_level_text(l, "made by a test\n\nline 3");
    CHECK_STR(out, "# made by a test\n#\n# line 3\na..\nabb\nregions:\n0,0 1,0 left column\n1,1 1,2 B\n");
    click_level *back = out ? load(out) : NULL;
    if (back) {
        CHECK(click_level_same(l, back));
        CHECK(G->level_same(l, back));
        CHECK_INT(back->regions.n, 2);
        for (int i = 0; i < back->regions.n && i < l->regions.n; i++) {
            const pl_region *x = &l->regions.r[i], *y = &back->regions.r[i];
            CHECKF(x->r0 == y->r0 && x->c0 == y->c0 && x->r1 == y->r1 && x->c1 == y->c1, "region %d", i);
            CHECK_STR(x->label, y->label);
        }
        char *again = click_level_text(back, "made by a test\n\nline 3");
        CHECK_STR(again, out);
        free(again);
        G->level_free(back);
    }
    free(out);
    out = click_level_text(l, NULL);
    CHECK_STR(out, "a..\nabb\nregions:\n0,0 1,0 left column\n1,1 1,2 B\n");
    free(out);
    if (e) {
        out = click_level_text(e, "");
        CHECK_STR(out, "a..\nabb\n");
        free(out);
    }
    click_level *nolabel = load("ab\nab\nregions:\n0,1 1,1\n");
    if (nolabel) {
        CHECK_INT(nolabel->regions.n, 1);
        out = click_level_text(nolabel, NULL);
        CHECK_STR(out, "ab\nab\nregions:\n0,1 1,1\n");
        free(out);
        G->level_free(nolabel);
    }

    /* a bigger generated board round-trips too */
    pl_opts o = {.name = {"rows", "cols", "colours", "seed"}, .value = {"7", "9", "5", "3"}, .n = 4};
    pl_error err;
    char *gt = G->generate(&o, &err);
    click_level *gl = gt ? load(gt) : NULL;
    if (gl) {
        char *t2 = click_level_text(gl, "x");
        click_level *g2 = t2 ? load(t2) : NULL;
        CHECK(g2 && click_level_same(gl, g2));
        if (g2) G->level_free(g2);
        free(t2);
        G->level_free(gl);
    }
    free(gt);

    /* level_same: the board only (colours by their characters), not regions */
    struct {
        const char *text;
        bool same;
    } cmp[] = {
        {"a..\nabb\n", true},                          /* without the regions */
        {"a..\nabb\nregions:\n0,0 0,0 other\n", true}, /* other regions */
        {"a..\nabc\n", false},                         /* a block's colour */
        {"...\na..\nabb\n", false},                    /* one more (empty) row */
        {"a...\nabb.\n", false},                       /* one more (empty) column */
        {"...\nabb\n", false},                         /* a block fewer */
        {"b..\nbaa\n", false},                         /* the colours swapped: same shape, other characters */
    };
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++) {
        click_level *x = load(cmp[i].text);
        if (!x) continue;
        CHECKF(click_level_same(l, x) == cmp[i].same, "level_same with %s", cmp[i].text);
        CHECKF(click_level_same(x, l) == cmp[i].same, "level_same (swapped) with %s", cmp[i].text);
        CHECKF(G->level_same(x, l) == cmp[i].same, "descriptor level_same with %s", cmp[i].text);
        G->level_free(x);
    }
    if (e) G->level_free(e);
    G->level_free(l);

    /* errors at file:line:col, as for Two Dots */
    struct {
        const char *text, *msg;
    } bad[] = {
        {"ab\nab\nregions:\n0,0 1,x A\n",
         "rules.level:4:7: expected a column number (a region is 'r0,c0 r1,c1 label')"},
        {"ab\nab\nregions:\n0,0 2,1 A\n",
         "rules.level:4:1: region 0,0 2,1 is not a rectangle inside the 2x2 board (corners top-left, bottom-right, "
         "inclusive)"},
        {"# c\nab\nab\nregions:\n0,0 1,1 ok\n1,1 0,0 A\n",
         "rules.level:6:1: region 1,1 0,0 is not a rectangle inside the 2x2 board (corners top-left, bottom-right, "
         "inclusive)"},
        {"ab\nab\nregions:\n0,0;1,1 A\n",
         "rules.level:4:4: expected a space after the corner (a region is 'r0,c0 r1,c1 label')"},
        {"ab\nab\nregions:\n0,0 1,1 "
         "0123456789012345678901234567890123456789012345678901234567890123\n",
         "rules.level:4:9: label longer than 63 characters"},
        {"regions:\n0,0 0,0 A\n", "rules.level:1:1: expected board rows (the level has none)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char msg[1024];
        click_level *x = gc_parse_msg(G, "rules.level", bad[i].text, msg, sizeof msg);
        CHECKF(x == NULL, "accepted:\n%s", bad[i].text);
        if (x) {
            G->level_free(x);
            continue;
        }
        CHECK_STR(msg, bad[i].msg);
    }
}

/* ---------- the descriptor's solver on a hand-made board ---------- */

static void test_descriptor_solve(void) {
    click_level *l = load("c..\ncab\nbab\n");
    if (!l) return;
    static const struct {
        const char *objective;
        pl_status status;
        long long removed, score;
    } want[] = {
        {"clear", PL_SOLVED, 7, 1001},
        {"max", PL_SOLVED, 7, 1001},
        {"score", PL_SOLVED, 7, 1001},
    };
    for (int k = 0; k < 3; k++) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_opts opts = {.n = 0};
        pl_request req = {.opts = &opts, .objective = want[k].objective, .seed = 1, .limits = &lim};
        pl_solution sol;
        pl_solution_init(&sol);
        pl_error err;
        CHECK_INT(exact_algorithm()->solve(l, &req, &sol, &err), 0);
        CHECK_INT(sol.status, want[k].status);
        if (k == 0) {
            CHECK_INT(sol.nvalues, 0);
            CHECK_INT(sol.optimal, -1);
        } else {
            CHECK_INT(sol.optimal, 1);
            CHECK_INT(sol.nvalues, 2);
            if (sol.nvalues == 2) {
                CHECK_STR(sol.value_name[0], "removed");
                CHECK_INT(sol.value[0], want[k].removed);
                CHECK_STR(sol.value_name[1], "score");
                CHECK_INT(sol.value[1], want[k].score);
            }
        }
        /* the certificate replays */
        void *st = G->state_new(l);
        for (int i = 0; i < sol.moves.n; i++) {
            char reason[256];
            int col;
            CHECKF(G->move_apply(st, sol.moves.s[i], reason, sizeof reason, &col) == PL_MOVE_OK, "move %s: %s",
                   sol.moves.s[i], reason);
        }
        check_verdict(st, want[k].objective, true, NULL, want[k].removed, want[k].score);
        G->state_free(st);
        pl_solution_free(&sol);
    }
    /* an unknown objective is an error, not a crash */
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_opts opts = {.n = 0};
    pl_request req = {.opts = &opts, .objective = "most", .seed = 1, .limits = &lim};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    CHECK(exact_algorithm()->solve(l, &req, &sol, &err) != 0);
    char msg[512];
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "unknown objective 'most' (expected clear, max or score)");
    pl_solution_free(&sol);
    G->level_free(l);
}

int main(void) {
    test_groups();
    test_clicks();
    test_scores();
    test_verify_path();
    test_descriptor();
    test_descriptor_solve();
    test_regions_and_text();
    return check_done("test_click_rules");
}
