/* Level files, MOVES files and the coordinate notation (spec/formats.md):
 * a table of bad inputs with the exact messages the user sees
 * ("file:line:col: message", through pl_error_format), and good inputs that
 * must parse to the expected headers, sections, rows and boards. */
#include "check.h"

#include "puzzlelab/clickomania.h"
#include "puzzlelab/core.h"

/* Which parser the bad input must fail in. Every stage before it must pass. */
typedef enum {
    STAGE_TEXT,  /* pl_level_text_parse */
    STAGE_CLICK, /* pl_level_text_parse ok, then click_level_parse (check, grid, settled) */
    STAGE_GRID,  /* pl_level_text_parse ok, then pl_grid_from_section on the named section */
    STAGE_MOVES, /* pl_moves_parse */
} stage;

typedef struct bad_case {
    stage where;
    const char *data;
    size_t len;          /* 0: strlen(data) */
    const char *section; /* STAGE_GRID only */
    const char *expected;
} bad_case;

#define SETTLED_GAP "(the board must be settled: blocks stand on the bottom with no gap)"
#define SETTLED_COLS "(the board must be settled: non-empty columns are contiguous from the left)"
#define BAD_CHAR "(expected '.' or a colour a-z A-Z 0-9)"

static const bad_case bad_cases[] = {
    /* ---- pl_level_text_parse: bytes ---- */
    {STAGE_TEXT,
     "ab\n\xC3\xA9"
     "b\n",
     0, NULL, "t.level:2:1: non-ASCII byte 0xC3 (level files are plain ASCII)"},
    {STAGE_TEXT, "ab\nb\x01\n", 0, NULL, "t.level:2:2: control character 0x01 (level files are plain ASCII)"},
    {STAGE_TEXT, "ab\nba\x0c\n", 0, NULL, "t.level:2:3: control character 0x0C (level files are plain ASCII)"},
    /* a carriage return is only allowed right before the line feed */
    {STAGE_TEXT, "a\rb\n", 0, NULL, "t.level:1:2: control character 0x0D (level files are plain ASCII)"},
    /* a NUL byte inside the data */
    {STAGE_TEXT, "ab\n\0b\n", 6, NULL, "t.level:2:1: control character 0x00 (level files are plain ASCII)"},
    /* comments are checked too */
    {STAGE_TEXT, "# comment \x80\nab\n", 0, NULL, "t.level:1:11: non-ASCII byte 0x80 (level files are plain ASCII)"},
    {STAGE_TEXT, "ab\n\n\nab\xFF", 0, NULL, "t.level:4:3: non-ASCII byte 0xFF (level files are plain ASCII)"},
    /* DEL (0x7F) is an ASCII control character, not a non-ASCII byte (it was
     * once reported as "non-ASCII byte 0x7F": src/core/level.c tested ch >= 127) */
    {STAGE_TEXT, "a\x7F\n", 0, NULL, "t.level:1:2: control character 0x7F (level files are plain ASCII)"},
    /* ---- pl_level_text_parse: header and section lines ---- */
    {STAGE_TEXT, "a:b\n", 0, NULL, "t.level:1:3: expected a space after 'a:' (a header line is 'key: value')"},
    {STAGE_TEXT, "# c\nmoves:3\nab\n", 0, NULL,
     "t.level:2:7: expected a space after 'moves:' (a header line is 'key: value')"},
    {STAGE_TEXT, "ab:cd\n", 0, NULL, "t.level:1:4: expected a space after 'ab:' (a header line is 'key: value')"},
    {STAGE_TEXT, "board:\nab\nboard:\nab\n", 0, NULL, "t.level:3:1: section 'board' opened twice (first at line 1)"},
    {STAGE_TEXT, "start:\nab\n\ntarget:\nab\nstart:\n", 0, NULL,
     "t.level:6:1: section 'start' opened twice (first at line 1)"},
    /* rows before any section line belong to 'board', which is then open */
    {STAGE_TEXT, "\nab\nboard:\nab\n", 0, NULL, "t.level:3:1: section 'board' opened twice (first at line 2)"},

    /* ---- pl_level_text_check through click_level_parse ---- */
    {STAGE_CLICK, "moves: 3\nab\n", 0, NULL, "t.level:1:1: unknown key 'moves' (this game takes no headers)"},
    {STAGE_CLICK, "ab\nab\ngoal: a 2\n", 0, NULL, "t.level:3:1: unknown key 'goal' (this game takes no headers)"},
    {STAGE_CLICK, "start:\nab\n", 0, NULL, "t.level:1:1: unknown section 'start' (expected one of: board, regions)"},
    {STAGE_CLICK, "ab\n\ntarget:\nab\n", 0, NULL,
     "t.level:3:1: unknown section 'target' (expected one of: board, regions)"},

    /* ---- pl_grid_from_section through click_level_parse ---- */
    {STAGE_CLICK, "ab\nabc\n", 0, NULL,
     "t.level:2:3: row has 3 cells, expected 2 like the first row of section 'board' (line 1)"},
    {STAGE_CLICK, "# x\nabc\n\nab\n", 0, NULL,
     "t.level:4:3: row has 2 cells, expected 3 like the first row of section 'board' (line 2)"},
    {STAGE_CLICK, "ab\na-\n", 0, NULL, "t.level:2:2: unexpected character '-' " BAD_CHAR},
    {STAGE_CLICK, " ab\n", 0, NULL, "t.level:1:1: unexpected character ' ' " BAD_CHAR},
    {STAGE_CLICK, "a b\n", 0, NULL, "t.level:1:2: unexpected character ' ' " BAD_CHAR},
    /* the bad character is reported before the length mismatch of its row */
    {STAGE_CLICK, "ab\na_b\n", 0, NULL, "t.level:2:2: unexpected character '_' " BAD_CHAR},
    {STAGE_CLICK, "board:\nab\na#\n", 0, NULL, "t.level:3:2: unexpected character '#' " BAD_CHAR},

    /* ---- click_level_parse: settled boards ---- */
    {STAGE_CLICK, "ab\n.b\nab\n", 0, NULL, "t.level:2:1: empty cell below a block " SETTLED_GAP},
    {STAGE_CLICK, "# c\nabc\nab.\n\nabc\n", 0, NULL, "t.level:3:3: empty cell below a block " SETTLED_GAP},
    {STAGE_CLICK, "a.\n..\n", 0, NULL, "t.level:2:1: empty cell below a block " SETTLED_GAP},
    {STAGE_CLICK, "# c\n\n.a.\n.ab\n", 0, NULL,
     "t.level:3:2: column 1 holds blocks but column 0 to its left is empty " SETTLED_COLS},
    {STAGE_CLICK, "a.b\na.b\n", 0, NULL,
     "t.level:1:3: column 2 holds blocks but column 1 to its left is empty " SETTLED_COLS},
    {STAGE_CLICK, "...\na..\na.b\n", 0, NULL,
     "t.level:3:3: column 2 holds blocks but column 1 to its left is empty " SETTLED_COLS},
    {STAGE_CLICK, "", 0, NULL, "t.level:1:1: expected board rows (the level has none)"},
    {STAGE_CLICK, "# nothing\n\n   \n", 0, NULL, "t.level:1:1: expected board rows (the level has none)"},
    {STAGE_CLICK, "board:\n", 0, NULL, "t.level:1:1: section 'board' has no rows"},
    {STAGE_CLICK, "# c\nboard:\n# only comments\n\n", 0, NULL, "t.level:2:1: section 'board' has no rows"},

    /* ---- pl_grid_from_section on another section ---- */
    {STAGE_GRID, "start:\nab\nb\n", 0, "start",
     "t.level:3:2: row has 1 cell, expected 2 like the first row of section 'start' (line 2)"},
    {STAGE_GRID, "x: y\n\nstart:\nab\nb?\n", 0, "start", "t.level:5:2: unexpected character '?' " BAD_CHAR},

    /* ---- pl_moves_parse ---- */
    {STAGE_MOVES, "0,0\n1,\xFF\n", 0, NULL, "m.moves:2:3: non-ASCII or control byte 0xFF"},
    {STAGE_MOVES, "\x01", 0, NULL, "m.moves:1:1: non-ASCII or control byte 0x01"},
    {STAGE_MOVES, "moves:\n0,0\r1,1\n", 0, NULL, "m.moves:2:4: non-ASCII or control byte 0x0D"},
    {STAGE_MOVES, "# \xC3\xA9\n", 0, NULL, "m.moves:1:3: non-ASCII or control byte 0xC3"},
    {STAGE_MOVES, "0,0\x7F\n", 0, NULL, "m.moves:1:4: non-ASCII or control byte 0x7F"},
    /* solve's whole output is accepted only when it holds a certificate */
    {STAGE_MOVES, "# from solve\nunsolvable\n", 0, NULL,
     "m.moves:2:1: this is solve's output with status 'unsolvable': there is no certificate to verify"},
    {STAGE_MOVES, "unknown\nmoves:\n", 0, NULL,
     "m.moves:1:1: this is solve's output with status 'unknown': there is no certificate to verify"},
    {STAGE_MOVES, "solved\nremoved 4\n", 0, NULL, "m.moves:1:1: solve's output without its 'moves:' line"},
};

/* The input as C-escaped text, for failure reports. */
static void escape(const char *data, size_t len, char *out, size_t n) {
    size_t w = 0;
    for (size_t i = 0; i < len && w + 5 < n; i++) {
        unsigned char ch = (unsigned char)data[i];
        if (ch == '\n')
            w += (size_t)snprintf(out + w, n - w, "\\n\n");
        else if (ch >= 32 && ch < 127 && ch != '\\')
            out[w++] = (char)ch;
        else
            w += (size_t)snprintf(out + w, n - w, "\\x%02X", ch);
    }
    out[w < n ? w : n - 1] = '\0';
}

static void run_bad_case(int idx, const bad_case *bc) {
    size_t len = bc->len ? bc->len : strlen(bc->data);
    char shown[1024];
    escape(bc->data, len, shown, sizeof shown);
    check_context(false, 0, "bad case %d:\n%s", idx, shown);
    pl_error err;
    memset(&err, 0, sizeof err);
    char msg[1024] = "";
    int rc;
    if (bc->where == STAGE_MOVES) {
        pl_moves m;
        rc = pl_moves_parse("m.moves", bc->data, len, &m, &err);
        CHECKF(rc != 0, "case %d: pl_moves_parse accepted bad input", idx);
        if (rc == 0) pl_moves_free(&m);
    } else {
        pl_level_text lt;
        rc = pl_level_text_parse("t.level", bc->data, len, &lt, &err);
        if (bc->where == STAGE_TEXT) {
            CHECKF(rc != 0, "case %d: pl_level_text_parse accepted bad input", idx);
            if (rc == 0) pl_level_text_free(&lt);
        } else {
            CHECKF(rc == 0, "case %d: pl_level_text_parse must accept this input", idx);
            if (rc != 0) {
                pl_error_format(&err, msg, sizeof msg);
                CHECKF(0, "case %d: unexpected error %s", idx, msg);
                return;
            }
            if (bc->where == STAGE_CLICK) {
                click_level l;
                rc = click_level_parse(&lt, &l, &err);
                CHECKF(rc != 0, "case %d: click_level_parse accepted bad input", idx);
                if (rc == 0) click_level_free(&l);
                /* through the descriptor too: same message */
                pl_error err2;
                memset(&err2, 0, sizeof err2);
                void *lv = pl_game_clickomania.level_parse(&lt, &err2);
                CHECKF(lv == NULL, "case %d: descriptor level_parse accepted bad input", idx);
                if (lv) pl_game_clickomania.level_free(lv);
                char msg2[1024];
                pl_error_format(&err2, msg2, sizeof msg2);
                CHECK_STR(msg2, bc->expected);
            } else {
                const pl_section *s = pl_level_section(&lt, bc->section);
                CHECKF(s != NULL, "case %d: no section '%s'", idx, bc->section);
                pl_grid g;
                rc = s ? pl_grid_from_section(&lt, s, &g, &err) : -1;
                CHECKF(rc != 0, "case %d: pl_grid_from_section accepted bad input", idx);
                if (rc == 0) pl_grid_free(&g);
            }
            pl_level_text_free(&lt);
        }
    }
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, bc->expected);
}

/* ---------- pl_parse_coord ---------- */

typedef struct coord_case {
    const char *text;
    bool allow_negative;
    bool ok;
    long r, c;
    int end_or_bad; /* ok: offset of *end; error: offset of *bad */
    const char *msg;
} coord_case;

static const coord_case coord_cases[] = {
    {"3,4", false, true, 3, 4, 3, NULL},
    {"12,0 x", false, true, 12, 0, 4, NULL},
    {"0,0", false, true, 0, 0, 3, NULL},
    {"007,08", false, true, 7, 8, 6, NULL},
    {"1,1000000000", false, true, 1, 1000000000L, 12, NULL},
    {"-1,2", true, true, -1, 2, 4, NULL},
    {"-1,-2,", true, true, -1, -2, 5, NULL},
    {"-1,2", false, false, 0, 0, 0, "expected a row number"},
    {"", false, false, 0, 0, 0, "expected a row number"},
    {"a,1", false, false, 0, 0, 0, "expected a row number"},
    {" 1,2", false, false, 0, 0, 0, "expected a row number"},
    {"+1,2", false, false, 0, 0, 0, "expected a row number"},
    {"-", true, false, 0, 0, 1, "expected a row number"},
    {"1;2", false, false, 0, 0, 1, "expected ',' between row and column (a cell is written r,c)"},
    {"1", false, false, 0, 0, 1, "expected ',' between row and column (a cell is written r,c)"},
    {"10 ,2", false, false, 0, 0, 2, "expected ',' between row and column (a cell is written r,c)"},
    {"1,", false, false, 0, 0, 2, "expected a column number"},
    {"1, 2", false, false, 0, 0, 2, "expected a column number"},
    {"1,-2", false, false, 0, 0, 2, "expected a column number"},
    {"-5,-", true, false, 0, 0, 4, "expected a column number"},
    {"99999999999,1", false, false, 0, 0, 0, "row number out of range"},
    {"1000000001,1", false, false, 0, 0, 0, "row number out of range"},
    {"1,1000000001", false, false, 0, 0, 2, "column number out of range"},
    {"2,99999999999999999999999", false, false, 0, 0, 2, "column number out of range"},
    {"-1000000001,0", true, false, 0, 0, 0, "row number out of range"},
};

static void test_coords(void) {
    for (size_t i = 0; i < sizeof coord_cases / sizeof coord_cases[0]; i++) {
        const coord_case *cc = &coord_cases[i];
        check_context(false, 0, "coord '%s' (allow_negative %d)", cc->text, cc->allow_negative);
        long r = -99, c = -99;
        const char *end = NULL, *bad = NULL;
        char msg[256] = "";
        int rc = pl_parse_coord(cc->text, cc->allow_negative, &r, &c, &end, &bad, msg, sizeof msg);
        if (cc->ok) {
            CHECK_INT(rc, 0);
            CHECK_INT(r, cc->r);
            CHECK_INT(c, cc->c);
            CHECK(end != NULL);
            if (end) CHECK_INT(end - cc->text, cc->end_or_bad);
        } else {
            CHECK(rc != 0);
            CHECK_STR(msg, cc->msg);
            CHECK(bad != NULL);
            if (bad) CHECK_INT(bad - cc->text, cc->end_or_bad);
        }
    }
    check_clear_context();
}

/* ---------- good level files ---------- */

static void test_headers_and_sections(void) {
    const char *data = "# a comment\n"
                       "title: Hello  world \n"
                       "k2:\t  v 2\t\n"
                       "max-colour_2: 5\n"
                       "\n"
                       "   \t \n"
                       "start:\n"
                       "ab.\n"
                       "  # indented comment\n"
                       "ab.\r\n"
                       "target:  \r\n"
                       "xy\n"
                       "last: 1";
    check_context(false, 0, "%s", data);
    pl_level_text lt;
    pl_error err;
    memset(&err, 0, sizeof err);
    int rc = pl_level_text_parse("h.level", data, strlen(data), &lt, &err);
    CHECK_INT(rc, 0);
    if (rc) return;
    CHECK_STR(lt.file, "h.level");
    CHECK_INT(lt.nheaders, 4);
    if (lt.nheaders == 4) {
        CHECK_STR(lt.headers[0].key, "title");
        CHECK_STR(lt.headers[0].value, "Hello  world");
        CHECK_INT(lt.headers[0].line, 2);
        CHECK_INT(lt.headers[0].key_col, 1);
        CHECK_INT(lt.headers[0].value_col, 8);
        CHECK_STR(lt.headers[1].key, "k2");
        CHECK_STR(lt.headers[1].value, "v 2");
        CHECK_INT(lt.headers[1].line, 3);
        CHECK_INT(lt.headers[1].value_col, 7);
        CHECK_STR(lt.headers[2].key, "max-colour_2");
        CHECK_STR(lt.headers[2].value, "5");
        CHECK_INT(lt.headers[2].line, 4);
        CHECK_INT(lt.headers[2].value_col, 15);
        CHECK_STR(lt.headers[3].key, "last");
        CHECK_STR(lt.headers[3].value, "1");
        CHECK_INT(lt.headers[3].line, 13);
        CHECK_INT(lt.headers[3].value_col, 7);
    }
    const pl_header *h = pl_level_header(&lt, "k2");
    CHECK(h != NULL && strcmp(h->value, "v 2") == 0);
    CHECK(pl_level_header(&lt, "title:") == NULL);
    CHECK(pl_level_header(&lt, "board") == NULL);
    CHECK_INT(lt.nsections, 2);
    const pl_section *s = pl_level_section(&lt, "start");
    CHECK(s != NULL);
    if (s) {
        CHECK_INT(s->line, 7);
        CHECK_INT(s->nrows, 2);
        if (s->nrows == 2) {
            CHECK_STR(s->rows[0].text, "ab.");
            CHECK_INT(s->rows[0].line, 8);
            CHECK_INT(s->rows[0].len, 3);
            CHECK_STR(s->rows[1].text, "ab.");
            CHECK_INT(s->rows[1].line, 10);
            CHECK_INT(s->rows[1].len, 3);
        }
        pl_grid g;
        CHECK_INT(pl_grid_from_section(&lt, s, &g, &err), 0);
        CHECK_INT(g.rows, 2);
        CHECK_INT(g.cols, 3);
        CHECK_STR(g.cells, "ab.ab.");
        pl_grid_free(&g);
    }
    s = pl_level_section(&lt, "target");
    CHECK(s != NULL);
    if (s) {
        CHECK_INT(s->line, 11);
        CHECK_INT(s->nrows, 1);
        if (s->nrows == 1) CHECK_STR(s->rows[0].text, "xy");
    }
    CHECK(pl_level_section(&lt, "board") == NULL);

    /* pl_level_text_check on this file */
    static const char *const keys[] = {"title", "k2", "max-colour_2", "last", NULL};
    static const char *const secs[] = {"start", "target", NULL};
    static const char *const fewer_keys[] = {"title", "k2", NULL};
    static const char *const one_sec[] = {"start", NULL};
    char msg[1024];
    CHECK_INT(pl_level_text_check(&lt, keys, NULL, secs, &err), 0);
    CHECK(pl_level_text_check(&lt, fewer_keys, NULL, secs, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "h.level:4:1: unknown key 'max-colour_2' (expected one of: title, k2)");
    CHECK(pl_level_text_check(&lt, keys, NULL, one_sec, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "h.level:11:1: unknown section 'target' (expected one of: start)");
    CHECK(pl_level_text_check(&lt, keys, NULL, NULL, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "h.level:7:1: unknown section 'start' (expected no sections)");
    pl_level_text_free(&lt);
    check_clear_context();
}

static void test_repeated_keys(void) {
    const char *data = "goal: a 2\nmoves: 3\ngoal: b 4\nmoves: 4\n";
    pl_level_text lt;
    pl_error err;
    char msg[1024];
    CHECK_INT(pl_level_text_parse("r.level", data, strlen(data), &lt, &err), 0);
    static const char *const keys[] = {"goal", "moves", NULL};
    static const char *const rep[] = {"goal", NULL};
    CHECK(pl_level_text_check(&lt, keys, rep, NULL, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "r.level:4:1: key 'moves' given twice (first at line 2)");
    static const char *const rep2[] = {"goal", "moves", NULL};
    CHECK_INT(pl_level_text_check(&lt, keys, rep2, NULL, &err), 0);
    CHECK(pl_level_text_check(&lt, keys, NULL, NULL, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "r.level:3:1: key 'goal' given twice (first at line 1)");
    pl_level_text_free(&lt);
}

/* Parses a clickomania level from text; NULL (and a failed check) on error. */
static click_level *parse_click(const char *data, size_t len) {
    pl_level_text lt;
    pl_error err;
    memset(&err, 0, sizeof err);
    char msg[1024];
    if (pl_level_text_parse("g.level", data, len, &lt, &err)) {
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "pl_level_text_parse: %s", msg);
        return NULL;
    }
    click_level *l = pl_xmalloc(sizeof *l);
    int rc = click_level_parse(&lt, l, &err);
    pl_level_text_free(&lt);
    if (rc) {
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "click_level_parse: %s", msg);
        free(l);
        return NULL;
    }
    return l;
}

static void free_click(click_level *l) {
    if (!l) return;
    click_level_free(l);
    free(l);
}

typedef struct good_click {
    const char *data;
    const char *board; /* expected click_board_text */
    int rows, cols, width, blocks, ncolours;
} good_click;

static const good_click good_clicks[] = {
    /* explicit board: section, CRLF, comments and blank lines */
    {"# c\r\nboard:\r\n\r\nab\r\n# mid\r\nab\r\n", "ab\nab\n", 2, 2, 2, 4, 2},
    /* implicit board, comment and blank line between rows */
    {"ab\n# mid\n\nba\n", "ab\nba\n", 2, 2, 2, 4, 2},
    /* no final newline, trailing blanks */
    {"ab  \nba\t", "ab\nba\n", 2, 2, 2, 4, 2},
    /* a ragged but settled board */
    {"...\na..\nab.\n", "...\na..\nab.\n", 3, 3, 2, 3, 2},
    /* the empty board is a level (already cleared) */
    {"..\n..\n", "..\n..\n", 2, 2, 0, 0, 0},
    /* one block */
    {"Z\n", "Z\n", 1, 1, 1, 1, 1},
    /* case matters, digits are colours */
    {"aA0\naA0\n", "aA0\naA0\n", 2, 3, 3, 6, 3},
    /* all 62 colours */
    {"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\n",
     "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\n", 1, 62, 62, 62, 62},
};

static void test_good_click_levels(void) {
    for (size_t i = 0; i < sizeof good_clicks / sizeof good_clicks[0]; i++) {
        const good_click *gc = &good_clicks[i];
        check_context(false, 0, "good level %zu:\n%s", i, gc->data);
        click_level *l = parse_click(gc->data, strlen(gc->data));
        if (!l) continue;
        const click_board *b = &l->board;
        CHECK_INT(b->rows, gc->rows);
        CHECK_INT(b->cols, gc->cols);
        CHECK_INT(b->width, gc->width);
        CHECK_INT(b->blocks, gc->blocks);
        CHECK_INT(b->ncolours, gc->ncolours);
        char *t = click_board_text(l, b);
        CHECK_STR(t, gc->board);
        free(t);
        free_click(l);
    }
    check_clear_context();

    /* colour indices follow first appearance in row-major order */
    click_level *l = parse_click("ba\ncb\n", 6);
    if (l) {
        CHECK_INT(l->colour_char[1], 'b');
        CHECK_INT(l->colour_char[2], 'a');
        CHECK_INT(l->colour_char[3], 'c');
        /* column stacks: column 0 bottom first is c, b */
        CHECK_INT(l->board.height[0], 2);
        CHECK_INT(click_at(&l->board, 0, 0), 3);
        CHECK_INT(click_at(&l->board, 0, 1), 1);
        CHECK_INT(click_at(&l->board, 1, 0), 1);
        CHECK_INT(click_at(&l->board, 1, 1), 2);
        free_click(l);
    }
}

static void test_good_moves(void) {
    pl_moves m;
    pl_error err;
    const char *d1 = "moves:\n# c\n\n  1,2  \r\n3,4";
    CHECK_INT(pl_moves_parse("m.moves", d1, strlen(d1), &m, &err), 0);
    CHECK_STR(m.file, "m.moves");
    CHECK_INT(m.n, 2);
    if (m.n == 2) {
        CHECK_STR(m.text[0], "1,2");
        CHECK_INT(m.line[0], 4);
        CHECK_INT(m.col[0], 3);
        CHECK_STR(m.text[1], "3,4");
        CHECK_INT(m.line[1], 5);
        CHECK_INT(m.col[1], 1);
    }
    pl_moves_free(&m);

    /* "moves:" is a header only before the first move */
    const char *d2 = "0,0\nmoves:\n";
    CHECK_INT(pl_moves_parse("m.moves", d2, strlen(d2), &m, &err), 0);
    CHECK_INT(m.n, 2);
    if (m.n == 2) {
        CHECK_STR(m.text[1], "moves:");
        CHECK_INT(m.line[1], 2);
    }
    pl_moves_free(&m);

    /* the whole text output of solve: status, values, statistics, moves */
    const char *ds = "solved\nremoved 6\noptimal yes\n# algorithm exact; 0.000 s\nmoves:\n1,1\n0,0\n";
    CHECK_INT(pl_moves_parse("m.moves", ds, strlen(ds), &m, &err), 0);
    CHECK_INT(m.n, 2);
    if (m.n == 2) {
        CHECK_STR(m.text[0], "1,1");
        CHECK_INT(m.line[0], 6);
        CHECK_STR(m.text[1], "0,0");
    }
    pl_moves_free(&m);

    const char *d3 = "# a comment first\n  moves:  \n\t1,1\n";
    CHECK_INT(pl_moves_parse("m.moves", d3, strlen(d3), &m, &err), 0);
    CHECK_INT(m.n, 1);
    if (m.n == 1) {
        CHECK_STR(m.text[0], "1,1");
        CHECK_INT(m.line[0], 3);
        CHECK_INT(m.col[0], 2);
    }
    pl_moves_free(&m);

    CHECK_INT(pl_moves_parse("m.moves", "", 0, &m, &err), 0);
    CHECK_INT(m.n, 0);
    pl_moves_free(&m);

    const char *d4 = "moves:\n";
    CHECK_INT(pl_moves_parse("m.moves", d4, strlen(d4), &m, &err), 0);
    CHECK_INT(m.n, 0);
    pl_moves_free(&m);

    /* a move line keeps its inner text: the game's parser judges it */
    const char *d5 = "1,2 3,4\n";
    CHECK_INT(pl_moves_parse("m.moves", d5, strlen(d5), &m, &err), 0);
    CHECK_INT(m.n, 1);
    if (m.n == 1) CHECK_STR(m.text[0], "1,2 3,4");
    pl_moves_free(&m);
}

static void test_error_format(void) {
    pl_error e;
    char buf[1024];
    CHECK_INT(pl_error_set(&e, "f.level", 3, 7, "bad %s %d", "thing", 42), -1);
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "f.level:3:7: bad thing 42");
    pl_error_set(&e, "f.level", 3, 0, "no column");
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "f.level:3:1: no column");
    pl_error_set(&e, "f.level", 0, 0, "whole file");
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "f.level: whole file");
    pl_error_set(&e, NULL, 0, 0, "no place");
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "no place");
    CHECK_INT(pl_error_set(NULL, "x", 1, 1, "ignored"), -1);
    /* truncation is safe */
    char small[8];
    pl_error_set(&e, "f.level", 3, 7, "long message");
    pl_error_format(&e, small, sizeof small);
    CHECK_STR(small, "f.level");

    /* reading a file that does not exist */
    pl_level_text lt;
    CHECK(pl_level_text_read("/nonexistent-dir/x.level", &lt, &e) != 0);
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "/nonexistent-dir/x.level: cannot open: No such file or directory");
    pl_moves m;
    CHECK(pl_moves_read("/nonexistent-dir/x.moves", &m, &e) != 0);
    pl_error_format(&e, buf, sizeof buf);
    CHECK_STR(buf, "/nonexistent-dir/x.moves: cannot open: No such file or directory");
}

int main(void) {
    int n = (int)(sizeof bad_cases / sizeof bad_cases[0]);
    for (int i = 0; i < n; i++) run_bad_case(i, &bad_cases[i]);
    check_clear_context();
    test_coords();
    test_headers_and_sections();
    test_repeated_keys();
    test_good_click_levels();
    test_good_moves();
    test_error_format();
    return check_done("test_level");
}
