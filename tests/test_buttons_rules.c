/* Buttons & Scissors rules and level files on hand-made boards: cuts through
 * empty cells, both diagonals, sizes outside S, directions not allowed, bad
 * headers (file:line:col), Remark 1 normalisation, and the verify path
 * through the descriptor (state_new / move_apply / finish) with its reasons. */
#include "game_check.h"

#include "puzzlelab/buttons.h"

static const pl_game *G = &pl_game_buttons;

static buttons_level *load(const char *text) { return gc_load(G, "rules.level", text); }

static void bad_level(const char *text, const char *expect_prefix, const char *expect_part) {
    gc_reject(G, "rules.level", text, expect_prefix, expect_part);
}

/* Replays moves (separated by ';') through the descriptor. Returns the index
 * of the first failing move, or -1 when all applied; reason gets the text. */
static int replay(const buttons_level *l, const char *moves, char *reason, size_t n, bool *cleared) {
    void *st = G->state_new(l);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    int idx = 0, bad = -1;
    reason[0] = '\0';
    for (char *save = NULL, *m = strtok_r(buf, ";", &save); m; m = strtok_r(NULL, ";", &save), idx++) {
        while (*m == ' ') m++;
        int col = 0;
        if (G->move_apply(st, m, reason, n, &col) != PL_MOVE_OK) {
            bad = idx;
            break;
        }
    }
    pl_verdict v;
    memset(&v, 0, sizeof v);
    G->finish(st, NULL, &v);
    *cleared = v.ok;
    G->state_free(st);
    return bad;
}

static void expect_ok(const char *level, const char *moves) {
    buttons_level *l = load(level);
    if (!l) return;
    char why[256];
    bool cleared;
    int bad = replay(l, moves, why, sizeof why, &cleared);
    CHECKF(bad < 0, "moves '%s' should apply; move %d: %s", moves, bad, why);
    CHECKF(cleared, "moves '%s' should clear the board", moves);
    G->level_free(l);
}

static void expect_illegal(const char *level, const char *moves, int at, const char *reason_part) {
    buttons_level *l = load(level);
    if (!l) return;
    char why[256];
    bool cleared;
    int bad = replay(l, moves, why, sizeof why, &cleared);
    CHECKF(bad == at, "moves '%s': first failure at %d, expected %d (%s)", moves, bad, at, why);
    CHECKF(strstr(why, reason_part) != NULL, "reason '%s' should contain '%s'", why, reason_part);
    G->level_free(l);
}

static uint64_t mask_of(const int *s, int n) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++) m |= (uint64_t)1 << s[i];
    return m;
}

static void check_norm(const char *sizes, const int *expect, int nexpect) {
    char text[256];
    snprintf(text, sizeof text, "sizes: %s\naa\n", sizes);
    buttons_level *l = load(text);
    if (!l) return;
    uint64_t got = buttons_sizes_normalised(l), want = mask_of(expect, nexpect);
    CHECKF(got == want, "sizes %s normalise to %#llx, expected %#llx", sizes, (unsigned long long)got,
           (unsigned long long)want);
    G->level_free(l);
}

int main(void) {
    /* ---- parsing ---- */
    {
        buttons_level *l = load("# comment\ndirections: hd\nsizes: 3,4\nab.\n.ba\n");
        if (l) {
            CHECK_INT(l->rows, 2);
            CHECK_INT(l->cols, 3);
            CHECK_INT(l->ncolours, 2);
            CHECK_INT(l->nbuttons, 4);
            CHECK_INT(l->max_frequency, 2);
            CHECK_INT((int)l->directions, BUTTONS_H | BUTTONS_D);
            CHECK(!l->sizes_all);
            CHECK(l->size_mask == (((uint64_t)1 << 3) | ((uint64_t)1 << 4)));
            G->level_free(l);
        }
        l = load("aa\n");
        if (l) {
            CHECK_INT((int)l->directions, BUTTONS_ALL_DIRECTIONS);
            CHECK(l->sizes_all);
            G->level_free(l);
        }
        const char *sets[][2] = {{"*", "15"}, {"+", "3"}, {"x", "12"}, {"-", "1"}, {"va", "10"}, {"hvda", "15"}};
        for (int i = 0; i < 6; i++) {
            char text[64];
            snprintf(text, sizeof text, "directions: %s\naa\n", sets[i][0]);
            l = load(text);
            if (l) {
                CHECKF((int)l->directions == atoi(sets[i][1]), "directions %s -> %u", sets[i][0], l->directions);
                G->level_free(l);
            }
        }
    }
    /* ---- bad headers: file:line:col ---- */
    bad_level("directions: hq\naa\n", "rules.level:1:14:", "unexpected 'q'");
    bad_level("directions: hh\naa\n", "rules.level:1:14:", "given twice");
    bad_level("sizes: 1,2\naa\n", "rules.level:1:8:", "out of range");
    bad_level("sizes: 2,64\naa\n", "rules.level:1:10:", "out of range");
    bad_level("sizes: 2;3\naa\n", "rules.level:1:9:", "expected ','");
    bad_level("sizes: some\naa\n", "rules.level:1:8:", "expected 'all'");
    bad_level("sizes: 2,\naa\n", "rules.level:1:", "expected 'all'");
    bad_level("# c\ncolour: 3\naa\n", "rules.level:2:", "colour");
    bad_level("directions: *\n", "rules.level:", "board");
    bad_level("ab\nabc\n", "rules.level:2:", "");
    bad_level("a-\n", "rules.level:1:2:", "");

    /* ---- Remark 1 normalisation ---- */
    {
        int all[] = {2, 3}, a345[] = {3, 4, 5}, a23[] = {2, 3}, a4[] = {4}, a35[] = {3, 5}, a2[] = {2};
        check_norm("all", all, 2);
        check_norm("3,4,5,6", a345, 3);
        check_norm("3,4,5,6,7,8,9", a345, 3);
        check_norm("2,3,7", a23, 2);
        check_norm("2,3,4,5", a23, 2);
        check_norm("4", a4, 1);
        check_norm("4,8", a4, 1);
        check_norm("3,5", a35, 2);
        check_norm("2,4,6", a2, 1);
        { int a34[] = {3, 4}; check_norm("3,4", a34, 2); }
    }

    /* ---- legal cuts ---- */
    expect_ok("a.a\n", "0,0 0,2");                       /* through an empty cell */
    expect_ok("a.a\n", "0,2 0,0");                       /* ends in either order */
    expect_ok("a..\n.a.\n..a\n", "0,0 2,2");             /* down-right diagonal, size 3 */
    expect_ok("..a\n.a.\na..\n", "2,0 0,2");             /* up-right diagonal */
    expect_ok("..a\n.a.\na..\n", "0,2 2,0");             /* up-right, other order */
    expect_ok("a.\n..\na.\n", "2,0 0,0");                /* vertical through empty */
    expect_ok("abba\n", "0,1 0,2;0,0 0,3");              /* blocker removed first */
    expect_ok("directions: x\na.b\n...\nb.a\n", "0,0 2,2;0,2 2,0;");
    expect_ok("sizes: 3\naaa\n", "0,0 0,2");
    expect_ok("sizes: 2,3\naaaaa\n", "0,0 0,1;0,2 0,4");
    expect_ok("aaaaaa\n", "0,0 0,5");                    /* sizes all: 6 */

    /* ---- illegal cuts and their reasons ---- */
    expect_illegal("abba\n", "0,0 0,3", 0, "on the segment is 'b'");
    expect_illegal("a.a\n", "0,0 0,1", 0, "holds no button");
    expect_illegal("ab\n", "0,0 0,1", 0, "different colours");
    expect_illegal("a.\n.a\n", "0,0 1,1;", -1, "");
    expect_illegal("directions: +\na.\n.a\n", "0,0 1,1", 0, "down-right diagonal cuts are not allowed");
    expect_illegal("directions: hvd\n.a\na.\n", "1,0 0,1", 0, "up-right diagonal cuts are not allowed");
    expect_illegal("directions: -\na\na\n", "0,0 1,0", 0, "vertical cuts are not allowed");
    expect_illegal("directions: v\naa\n", "0,0 0,1", 0, "horizontal cuts are not allowed");
    expect_illegal("sizes: 3\naa\n", "0,0 0,1", 0, "size 2 is not an allowed cut size");
    expect_illegal("sizes: 2,3\naaaa\n", "0,0 0,3", 0, "size 4 is not an allowed cut size");
    expect_illegal("a..\n..a\n", "0,0 1,2", 0, "share no row, column or diagonal");
    expect_illegal("aa\n", "0,0 0,0", 0, "same cell");
    expect_illegal("aa\n", "0,0 0,9", 0, "outside the board");
    expect_illegal("aa\n", "0,0 0,1;0,0 0,1", 1, "holds no button");
    expect_illegal("aa\n", "0,0", 0, "expected a space");
    expect_illegal("aa\n", "0,0 0,1x", 0, "unexpected 'x'");
    {
        /* a cut leaving buttons: finish says how many remain */
        buttons_level *l = load("aab\n");
        if (l) {
            void *st = G->state_new(l);
            char why[256];
            int col;
            CHECK(G->move_apply(st, "0,0 0,1", why, sizeof why, &col) == PL_MOVE_OK);
            pl_verdict v;
            memset(&v, 0, sizeof v);
            G->finish(st, NULL, &v);
            CHECK(!v.ok);
            CHECK(strstr(v.reason, "1 button remains") != NULL);
            CHECK_INT((int)v.value[0], 1);
            CHECK(G->move_apply(st, "0,a 0,1", why, sizeof why, &col) == PL_MOVE_SYNTAX);
            CHECK_INT(col, 3);
            G->state_free(st);
            G->level_free(l);
        }
    }
    /* ---- the rules functions directly ---- */
    {
        buttons_level *l = load("a.a.a\n");
        if (l) {
            int colour = 0, size = 0;
            char why[256];
            buttons_cut x = {0, 0, 0, 4};
            CHECK(buttons_cut_check(l, l->cell, x, &colour, &size, why, sizeof why) == 0);
            CHECK_INT(size, 3);
            CHECK_INT(buttons_direction_of(0, 0, 2, 2), 2);
            CHECK_INT(buttons_direction_of(2, 0, 0, 2), 3);
            CHECK_INT(buttons_direction_of(0, 0, 1, 2), -1);
            CHECK_INT(buttons_direction_of(3, 3, 3, 3), -1);
            G->level_free(l);
        }
    }
    return check_done("buttons_rules");
}
