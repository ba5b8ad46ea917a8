/* Snipperclips with two tools (issue 25): the target2 section and the undo
 * header (errors with line:col), verify on hand-made two-target
 * certificates (accepted and rejected), Section 2's undo/redo, Observation
 * 1 (generalised) and its example unsolvable on the grid, and the grid
 * search against a brute force written here: on the 2 x 2 grid it explores
 * every state the rules (GEOS, through snip_state_apply on move strings)
 * reach by snips at every rotation of the grid's angle and every translation
 * by halves in [-2, 2] (wider than the search's), resets, keeps of every
 * piece and undos, and its distances must be the search's answers for
 * every pair of targets. PL_TEST_SEED replays other seeds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/snip.h"

static const pl_game *G;

static void *parse(const char *text, pl_error *err) {
    pl_level_text lt;
    memset(err, 0, sizeof *err);
    if (pl_level_text_parse("t.level", text, strlen(text), &lt, err)) return NULL;
    void *l = G->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return l;
}

static void expect_error(const char *text, const char *want) {
    pl_error err;
    void *l = parse(text, &err);
    CHECKF(l == NULL, "level parsed but should not: %s", text);
    if (l) {
        G->level_free(l);
        return;
    }
    char buf[1024];
    pl_error_format(&err, buf, sizeof buf);
    CHECKF(strcmp(buf, want) == 0, "level %s\n  got:  %s\n  want: %s", text, buf, want);
}

#define SQ "POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))"
#define LEFT "POLYGON((0 0, 0.5 0, 0.5 1, 0 1, 0 0))"
#define BOTTOM "POLYGON((0 0, 1 0, 1 0.5, 0 0.5, 0 0))"

static void test_level_errors(void) {
    expect_error(LEFT "\ntarget2:\n",
                 "t.level:2:1: expected tool 2's target as WKT after 'target2:': POLYGON or MULTIPOLYGON");
    expect_error(LEFT "\ntarget2:\n# c\nPOLYGON((0 0, 1.5 0, 1 1, 0 0))\n",
                 "t.level:4:15: point (1.5 0) lies outside the unit square [0,1]x[0,1]");
    expect_error(LEFT "\ntarget2:\nPOLYGON((0 0, 1 1, 1 0, 0 1, 0 0))\n",
                 "t.level:3:10: invalid target: Self-intersection near (0.5 0.5)");
    expect_error("undo: maybe\n" LEFT "\n", "t.level:1:7: undo: expected yes or no, got 'maybe'");
    expect_error(LEFT "\ntarget1:\n" LEFT "\n",
                 "t.level:2:1: section 'target1' repeats tool 1's target (the rows at line 1 already give it)");
    expect_error("target2:\n" LEFT "\n", "t.level:1:1: expected the target as WKT: POLYGON or MULTIPOLYGON");
    /* target1: alone is tool 1's target, like the rows before any section */
    pl_error err;
    void *l = parse("model: connected\ntarget1:\n" LEFT "\ntarget2:\n" BOTTOM "\n", &err);
    CHECKF(l != NULL, "target1/target2 level: %s", err.msg);
    if (l) {
        CHECK(snip_level_has_target2(l) && !snip_level_undo(l));
        G->level_free(l);
    }
    l = parse("undo: yes\n" LEFT "\n", &err);
    CHECK(l && !snip_level_has_target2(l) && snip_level_undo(l));
    if (l) G->level_free(l);
}

/* Replays moves ('\n'-separated) through the descriptor: the index of the
 * first failing move (or -1) and the verdict. */
static int replay(void *level, const char *moves, pl_verdict *v, char *reason, size_t rn) {
    void *st = G->state_new(level);
    char *copy = pl_xstrdup(moves), *save = NULL;
    int i = 0, bad_at = -1;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save), i++) {
        int col = 1;
        if (G->move_apply(st, line, reason, rn, &col) != PL_MOVE_OK) {
            bad_at = i;
            break;
        }
    }
    memset(v, 0, sizeof *v);
    if (bad_at < 0) G->finish(st, NULL, v);
    free(copy);
    G->state_free(st);
    return bad_at;
}

static void expect_moves(const char *level_text, const char *moves, int bad_at, const char *reason_part, bool ok) {
    pl_error err;
    void *l = parse(level_text, &err);
    CHECKF(l != NULL, "level: %s", err.msg);
    if (!l) return;
    pl_verdict v;
    char reason[256] = "";
    int got = replay(l, moves, &v, reason, sizeof reason);
    CHECKF(got == bad_at, "moves:\n%s\n  first bad move %d, want %d (%s)", moves, got, bad_at, reason);
    if (bad_at >= 0 && reason_part)
        CHECKF(strstr(reason, reason_part) != NULL, "reason '%s' lacks '%s'", reason, reason_part);
    if (bad_at < 0) {
        CHECKF(v.ok == ok, "moves:\n%s  verdict %d, want %d (%s)", moves, v.ok, ok, v.reason);
        if (!ok && reason_part)
            CHECKF(strstr(v.reason, reason_part) != NULL, "verdict '%s' lacks '%s'", v.reason, reason_part);
    }
    G->level_free(l);
}

static void test_verify_two_targets(void) {
    const char *two = LEFT "\ntarget2:\n" BOTTOM "\n";
    /* tool 1 loses its right half; tool 2 (turned a quarter) its top half */
    expect_moves(two, "snip 1 2 0 0.5 0\nsnip 2 1 90 1 0.5\n", -1, NULL, true);
    expect_moves(two, "snip 1 2 0 0.5 0\n", -1, "tool 2 differs from its target (target2)", false);
    expect_moves(two, "snip 2 1 90 1 0.5\n", -1, "tool 1 differs from the target", false);
    /* both right, then tool 2 reset: rejected; tool 2 cut further: rejected */
    expect_moves(two, "snip 1 2 0 0.5 0\nsnip 2 1 90 1 0.5\nreset 2\n", -1, "tool 2 differs", false);
    expect_moves(two, "snip 1 2 0 0.5 0\nsnip 2 1 90 1 0.5\nsnip 2 1 0 0.75 0\n", -1, "tool 2 differs", false);
    /* the same level without target2: tool 2 is free */
    expect_moves(LEFT "\n", "snip 1 2 0 0.5 0\n", -1, NULL, true);
    /* the connected model: a split of tool 2 needs keep, and the kept piece counts */
    const char *c2 = "model: connected\n" LEFT "\ntarget2:\nPOLYGON((0 0, 0.25 0, 0.25 1, 0 1, 0 0))\n";
    expect_moves(c2, "snip 1 2 0 0.5 0\nsnip 2 1 0 0.25 0\nkeep 2 0.1 0.5\n", -1, NULL, true);
    expect_moves(c2, "snip 1 2 0 0.5 0\nsnip 2 1 0 0.25 0\nkeep 2 0.9 0.5\n", -1, "tool 2 differs", false);
    /* tool 2's target of two pieces in the connected model: unsolvable */
    pl_error err;
    void *l = parse("model: connected\n" LEFT
                    "\ntarget2:\nMULTIPOLYGON(((0 0, 0.2 0, 0.2 1, 0 1, 0 0)), ((0.5 0, 1 0, 1 1, 0.5 1, "
                    "0.5 0)))\n",
                    &err);
    CHECKF(l != NULL, "%s", err.msg);
    if (l) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_request req = {.limits = &lim, .threads = 1};
        pl_solution sol;
        pl_solution_init(&sol);
        CHECK(pl_game_solve(G, NULL, l, &req, &sol, &err) == 0);
        CHECKF(sol.status == PL_UNSOLVABLE && strcmp(sol.algorithm, "pieces") == 0 &&
                   strstr(sol.note, "tool 2's target"),
               "%s %s: %s", pl_status_name(sol.status), sol.algorithm, sol.note);
        pl_solution_free(&sol);
        G->level_free(l);
    }
}

static void test_undo(void) {
    const char *u = "undo: yes\n" LEFT "\n";
    /* cut too much, undo, cut right */
    expect_moves(u, "snip 1 2 0 0.25 0\nundo 1\nsnip 1 2 0 0.5 0\n", -1, NULL, true);
    /* undo twice is the redo */
    expect_moves(u, "snip 1 2 0 0.5 0\nundo 1\nundo 1\n", -1, NULL, true);
    expect_moves(u, "snip 1 2 0 0.5 0\nundo 1\n", -1, "tool 1 differs", false);
    /* only one shape back: two snips, one undo gives the shape after the first */
    expect_moves(u, "snip 1 2 0 0.5 0\nsnip 1 2 0 0 0.5\nundo 1\n", -1, NULL, true);
    expect_moves(u, "snip 1 2 0 0.5 0\nsnip 1 2 0 0 0.5\nundo 1\nundo 1\nundo 1\n", -1, NULL, true);
    /* the cutter keeps its previous shape: tool 2 cut by tool 1, then undone */
    expect_moves(u, "snip 2 1 0 0.5 0\nsnip 1 2 0 0.25 0\nundo 2\n", -1, "tool 1 differs", false);
    /* nothing to go back to: at the start, after a reset, for the other tool */
    expect_moves(u, "undo 1\n", 0, "no earlier shape", false);
    expect_moves(u, "snip 1 2 0 0.5 0\nreset 1\nundo 1\n", 2, "no earlier shape", false);
    expect_moves(u, "snip 1 2 0 0.5 0\nundo 2\n", 1, "tool 2 has no earlier shape", false);
    /* the paper's model forbids it */
    expect_moves(LEFT "\n", "snip 1 2 0 0.25 0\nundo 1\n", 1, "undo/redo is not allowed", false);
    /* the connected model: undo gives the shape before the snip, not a piece */
    const char *uc = "model: connected\nundo: yes\n" SQ "\n";
    expect_moves(uc, "snip 2 1 0 0 0.1\nsnip 1 2 0 0 0.45\nkeep 1 0.5 0.2\nundo 1\nundo 1\n", -1, "tool 1 differs",
                 false);
    expect_moves(uc, "snip 2 1 0 0 0.1\nsnip 1 2 0 0 0.45\nundo 1\n", 2, "a 'keep 1 x y' line must follow", false);
    expect_moves(uc, "snip 2 1 0 0 0.1\nsnip 1 2 0 0 0.45\nkeep 1 0.5 0.2\nundo 1\n", -1, NULL, true);
    /* verify counts undos on such levels */
    pl_error err;
    void *l = parse(u, &err);
    pl_verdict v;
    char reason[256];
    CHECK(l && replay(l, "snip 1 2 0 0.25 0\nundo 1\nsnip 1 2 0 0.5 0\n", &v, reason, sizeof reason) == -1);
    CHECK(v.ok && v.nvalues == 3 && strcmp(v.value_name[2], "undos") == 0 && v.value[2] == 1);
    if (l) G->level_free(l);
}

/* ---------- solving ---------- */

static pl_solution solve(void *l, const char *alg, const char *grid, const char *angle) {
    pl_opts o = {0};
    if (grid) o.name[o.n] = "grid", o.value[o.n++] = grid;
    if (angle) o.name[o.n] = "angle", o.value[o.n++] = angle;
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
    const pl_algorithm *a = NULL;
    for (int i = 0; alg && i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, alg) == 0) a = &G->algorithms[i];
    CHECKF(!alg || a, "no algorithm %s", alg ? alg : "auto");
    pl_solution sol;
    pl_error err;
    CHECK(pl_game_solve(G, a, l, &req, &sol, &err) == 0);
    return sol;
}

static char *joined(const pl_strvec *v) {
    size_t len = 1;
    for (int i = 0; i < v->n; i++) len += strlen(v->s[i]) + 1;
    char *all = pl_xmalloc(len), *p = all;
    *p = '\0';
    for (int i = 0; i < v->n; i++) p += sprintf(p, "%s\n", v->s[i]);
    return all;
}

static void test_observation1(void) {
    /* the generator's Observation 1 pairs: a thin hole and a square one */
    const char *thick[] = {"0.01", "0.5", "0.25"};
    for (int k = 0; k < 3; k++)
        for (int model = 0; model < 2; model++) {
            pl_opts o = {0};
            const char *names[] = {"family", "thickness", "targets", "model"},
                       *vals[] = {"observation-1", thick[k], "2", model ? "connected" : "disconnected"};
            for (int i = 0; i < 4; i++) o.name[i] = names[i], o.value[i] = vals[i];
            o.n = 4;
            pl_error err;
            char *text = G->generate(&o, &err);
            CHECKF(text != NULL, "generate: %s", err.msg);
            if (!text) continue;
            void *l = parse(text, &err);
            CHECKF(l != NULL, "%s", err.msg);
            char why[1200];
            CHECKF(l && snip_observation1(l, why, sizeof why), "observation 1 should apply: %s\n%s", why, text);
            pl_solution sol = solve(l, NULL, NULL, NULL);
            CHECKF(sol.status == PL_UNSOLVABLE && strcmp(sol.algorithm, "observation-1") == 0, "auto: %s %s",
                   pl_status_name(sol.status), sol.algorithm);
            pl_solution_free(&sol);
            /* on the grid: 4 x 4 for the square hole, 8 x 8 for the 0.25 one;
             * the thin hole is no union of cells */
            const char *grid = k == 1 ? "4" : "8";
            sol = solve(l, "grid", grid, NULL);
            CHECKF(sol.status == PL_UNSOLVABLE && strstr(sol.note, "relative to this grid"), "grid %s: %s %s", grid,
                   pl_status_name(sol.status), sol.note);
            CHECK(strstr(sol.note, k == 0 ? "not a union of cells" : "from none of the") != NULL);
            pl_solution_free(&sol);
            G->level_free(l);
            /* with undo/redo the argument does not apply */
            char *u = pl_xmalloc(strlen(text) + 16);
            sprintf(u, "undo: yes\n%s", text);
            l = parse(u, &err);
            CHECK(l && !snip_observation1(l, why, sizeof why) && strstr(why, "undo"));
            if (l) G->level_free(l);
            free(u);
            free(text);
        }
    /* conditions that fail: one target; tool 2 the whole square; a hole larger than the other target */
    const char *fails[][2] = {
        {"POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.25 0.25, 0.75 0.25, 0.75 0.75, 0.25 0.75, 0.25 0.25))\n", "one target"},
        {"POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.25 0.25, 0.75 0.25, 0.75 0.75, 0.25 0.75, 0.25 0.25))\ntarget2:\n" SQ
         "\n",
         "whole unit square"},
        {"POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.1 0.1, 0.9 0.1, 0.9 0.9, 0.1 0.9, 0.1 0.1))\ntarget2:\nPOLYGON((0 0, 1 "
         "0, 1 1, 0 1, 0 0), (0.15 0.15, 0.85 0.15, 0.85 0.85, 0.15 0.85, 0.15 0.15))\n",
         "not larger than the largest hole"},
        {LEFT "\ntarget2:\n" LEFT "\n", "outer ring of tool 1's target is not the unit square"},
    };
    for (size_t i = 0; i < sizeof fails / sizeof fails[0]; i++) {
        pl_error err;
        void *l = parse(fails[i][0], &err);
        char why[1200];
        CHECKF(l && !snip_observation1(l, why, sizeof why) && strstr(why, fails[i][1]), "%s: %s", fails[i][1],
               l ? why : err.msg);
        if (l) G->level_free(l);
    }
}

/* ---------- the brute force on the 2 x 2 grid ---------- */

/* The polygon of a mask of the 2 x 2 grid (bit 2r + c is cell (c, r)),
 * one ring per 4-connected component, traced along the cells' outer edges. */
static void mask_wkt(int mask, char *buf, size_t n) {
    int comp[4] = {-1, -1, -1, -1}, nc = 0;
    for (int i = 0; i < 4; i++) {
        if (!(mask >> i & 1) || comp[i] >= 0) continue;
        comp[i] = nc;
        for (int again = 1; again;) {
            again = 0;
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 4; k++)
                    if (comp[j] == nc && (mask >> k & 1) && comp[k] < 0 && abs(j % 2 - k % 2) + abs(j / 2 - k / 2) == 1)
                        comp[k] = nc, again = 1;
        }
        nc++;
    }
    size_t len = (size_t)snprintf(buf, n, "MULTIPOLYGON(");
    for (int c = 0; c < nc; c++) {
        /* directed edges of the component's cells (CCW), shared ones dropped */
        int ex[16][4], ne = 0;
        for (int i = 0; i < 4; i++) {
            if (comp[i] != c) continue;
            int x = i % 2, y = i / 2;
            int e[4][4] = {{x, y, x + 1, y}, {x + 1, y, x + 1, y + 1}, {x + 1, y + 1, x, y + 1}, {x, y + 1, x, y}};
            for (int k = 0; k < 4; k++) {
                int dup = -1;
                for (int j = 0; j < ne; j++)
                    if (ex[j][0] == e[k][2] && ex[j][1] == e[k][3] && ex[j][2] == e[k][0] && ex[j][3] == e[k][1])
                        dup = j;
                if (dup >= 0)
                    memmove(ex[dup], ex[dup + 1], (size_t)(ne - dup - 1) * sizeof ex[0]), ne--;
                else
                    memcpy(ex[ne++], e[k], sizeof ex[0]);
            }
        }
        len += (size_t)snprintf(buf + len, n - len, "%s((%g %g", c ? ", " : "", ex[0][0] / 2.0, ex[0][1] / 2.0);
        int at = 0;
        for (int step = 0; step < ne; step++) {
            len += (size_t)snprintf(buf + len, n - len, ", %g %g", ex[at][2] / 2.0, ex[at][3] / 2.0);
            for (int j = 0; j < ne; j++)
                if (ex[j][0] == ex[at][2] && ex[j][1] == ex[at][3]) {
                    at = j;
                    break;
                }
        }
        len += (size_t)snprintf(buf + len, n - len, "))");
    }
    snprintf(buf + len, n - len, ")\n");
}

static bool in_ring(const snip_ring *r, double x, double y) {
    bool in = false;
    for (int i = 0, j = r->n - 2; i < r->n - 1; j = i++) {
        double xi = r->xy[2 * i], yi = r->xy[2 * i + 1], xj = r->xy[2 * j], yj = r->xy[2 * j + 1];
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
    }
    return in;
}

static bool in_piece(const snip_piece *p, double x, double y) {
    if (!in_ring(&p->rings[0], x, y)) return false;
    for (int r = 1; r < p->nrings; r++)
        if (in_ring(&p->rings[r], x, y)) return false;
    return true;
}

static double piece_area(const snip_piece *p) {
    double a = 0;
    for (int r = 0; r < p->nrings; r++) {
        const snip_ring *rg = &p->rings[r];
        double s = 0;
        for (int k = 0; k + 1 < rg->n; k++)
            s += rg->xy[2 * k] * rg->xy[2 * k + 3] - rg->xy[2 * k + 2] * rg->xy[2 * k + 1];
        a += r == 0 ? fabs(s) / 2 : -fabs(s) / 2;
    }
    return a;
}

/* The cells of the 2 x 2 grid whose centres the tool covers; the tool must
 * be exactly their union (area). */
static int tool_mask(const snip_state *st, int tool) {
    snip_polys p;
    snip_state_polygons(st, tool, &p);
    int mask = 0;
    double area = 0;
    for (int i = 0; i < p.npieces; i++) area += piece_area(&p.pieces[i]);
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < p.npieces; i++)
            if (in_piece(&p.pieces[i], (c % 2 + 0.5) / 2, (c / 2 + 0.5) / 2)) mask |= 1 << c;
    CHECKF(fabs(area - __builtin_popcount((unsigned)mask) * 0.25) < 1e-12,
           "tool %d of area %.17g is not the union of cells %d", tool, area, mask);
    snip_polys_free(&p);
    return mask;
}

typedef struct bnode {
    snip_state *st;
    int key[4]; /* masks of the tools, previous masks (-1: none) */
    int dist;
} bnode;

static int find(const bnode *v, int n, const int key[4]) {
    for (int i = 0; i < n; i++)
        if (memcmp(v[i].key, key, sizeof v[i].key) == 0) return i;
    return -1;
}

/* Every state reachable on the 2 x 2 grid within maxdepth operations (0:
 * any number), breadth-first, through the rules. */
static bnode *brute(void *level, int angle, bool undo, int maxdepth, int *count) {
    int cap = 1024, n = 0;
    bnode *v = pl_xcalloc((size_t)cap, sizeof *v);
    v[0].st = snip_state_new(level);
    v[0].key[0] = v[0].key[1] = 15, v[0].key[2] = v[0].key[3] = -1;
    n = 1;
    for (int head = 0; head < n; head++) {
        if (maxdepth && v[head].dist >= maxdepth) continue;
        char moves[1200][64];
        int nm = 0;
        for (int a = 1; a <= 2; a++) {
            for (int th = 0; th < 360; th += angle)
                for (int i = -4; i <= 4; i++)
                    for (int j = -4; j <= 4; j++)
                        snprintf(moves[nm++], sizeof moves[0], "snip %d %d %d %g %g", a, 3 - a, th, i / 2.0, j / 2.0);
            snprintf(moves[nm++], sizeof moves[0], "reset %d", a);
            if (undo) snprintf(moves[nm++], sizeof moves[0], "undo %d", a);
        }
        for (int k = 0; k < nm; k++) {
            snip_state *s = snip_state_clone(v[head].st);
            snip_move m;
            char why[256];
            int col, a = moves[k][0] == 's' ? moves[k][5] - '0' : moves[k][strlen(moves[k]) - 1] - '0';
            CHECK(snip_move_parse(moves[k], &m, why, sizeof why, &col) == 0);
            if (snip_state_apply(s, &m, why, sizeof why)) {
                snip_state_free(s);
                continue;
            }
            /* the pieces to keep, when the snip split the tool */
            snip_state *succ[4] = {s, NULL, NULL, NULL};
            int nsucc = 1;
            if (snip_state_pending(s)) {
                snip_polys p;
                snip_state_polygons(s, a, &p);
                nsucc = 0;
                for (int pc = 0; pc < p.npieces; pc++)
                    for (int c = 0; c < 4; c++) {
                        double x = (c % 2 + 0.5) / 2, y = (c / 2 + 0.5) / 2;
                        if (!in_piece(&p.pieces[pc], x, y)) continue;
                        snip_state *t = snip_state_clone(s);
                        char km[64];
                        snprintf(km, sizeof km, "keep %d %g %g", a, x, y);
                        CHECK(snip_move_parse(km, &m, why, sizeof why, &col) == 0);
                        CHECKF(snip_state_apply(t, &m, why, sizeof why) == 0, "%s: %s", km, why);
                        succ[nsucc++] = t;
                        break;
                    }
                CHECK(nsucc == p.npieces);
                snip_polys_free(&p);
                snip_state_free(s);
            }
            for (int q = 0; q < nsucc; q++) {
                int key[4];
                memcpy(key, v[head].key, sizeof key);
                key[0] = tool_mask(succ[q], 1);
                key[1] = tool_mask(succ[q], 2);
                /* the undo semantics, written again: a snip remembers the
                 * shape before it, a reset forgets, an undo exchanges */
                if (moves[k][0] == 'r') key[1 + a] = -1;
                if (undo && moves[k][0] == 's') key[1 + a] = v[head].key[a - 1];
                if (moves[k][0] == 'u') {
                    CHECKF(key[a - 1] == v[head].key[1 + a], "undo %d gave %d, not the previous %d", a, key[a - 1],
                           v[head].key[1 + a]);
                    key[1 + a] = v[head].key[a - 1];
                }
                if (find(v, n, key) >= 0) {
                    snip_state_free(succ[q]);
                    continue;
                }
                if (n == cap) {
                    cap *= 2;
                    v = pl_xrealloc(v, (size_t)cap * sizeof *v);
                }
                v[n].st = succ[q];
                memcpy(v[n].key, key, sizeof key);
                v[n].dist = v[head].dist + 1;
                n++;
            }
        }
    }
    *count = n;
    return v;
}

static void test_brute(uint64_t seed) {
    static const struct {
        bool connected, undo;
        int angle, maxdepth; /* 0: every reachable state */
    } cfg[] = {{false, false, 90, 0}, {true, false, 90, 0},  {false, false, 360, 0},
               {true, false, 180, 0}, {false, true, 360, 3}, {true, true, 180, 2}};
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++) {
        char head[64], text[1200], w1[400], w2[400], ang[8];
        snprintf(head, sizeof head, "model: %s\nundo: %s\n", cfg[c].connected ? "connected" : "disconnected",
                 cfg[c].undo ? "yes" : "no");
        snprintf(ang, sizeof ang, "%d", cfg[c].angle);
        snprintf(text, sizeof text, "%s" SQ "\n", head);
        pl_error err;
        void *base = parse(text, &err);
        int n = 0;
        bnode *v = brute(base, cfg[c].angle, cfg[c].undo, cfg[c].maxdepth, &n);
        int tried = 0, solved = 0;
        /* every pair of targets (and tool 1 alone) with no solver run twice per config: a sample */
        for (int t1 = 1; t1 < 16; t1++)
            for (int t2 = 0; t2 < 16; t2++) {
                if (pl_rng_below(&rng, 4) != 0) continue; /* a quarter of the pairs, by the seed */
                mask_wkt(t1, w1, sizeof w1);
                if (t2) mask_wkt(t2, w2, sizeof w2);
                snprintf(text, sizeof text, "%s%s%s%s", head, w1, t2 ? "target2:\n" : "", t2 ? w2 : "");
                void *l = parse(text, &err);
                CHECKF(l != NULL, "%s\n%s", err.msg, text);
                if (!l) continue;
                int best = -1;
                for (int i = 0; i < n; i++)
                    if (v[i].key[0] == t1 && (!t2 || v[i].key[1] == t2) && (best < 0 || v[i].dist < best))
                        best = v[i].dist;
                pl_solution sol = solve(l, "grid", "2", ang);
                check_context(true, seed, "config %zu (%d brute-force states), level:\n%s", c, n, text);
                int ops = -1;
                if (sol.status == PL_SOLVED) {
                    ops = 0;
                    for (int i = 0; i < sol.moves.n; i++) ops += strncmp(sol.moves.s[i], "keep", 4) != 0;
                }
                /* within the brute force's depth: the same answer; beyond it
                 * (undo configs), the search's only */
                if (cfg[c].maxdepth && best < 0)
                    CHECKF(sol.status == PL_UNSOLVABLE || (sol.status == PL_SOLVED && ops > cfg[c].maxdepth),
                           "grid says %s in %d operations (%s), the brute force none within %d",
                           pl_status_name(sol.status), ops, sol.note, cfg[c].maxdepth);
                else
                    CHECKF((sol.status == PL_SOLVED) == (best >= 0) && sol.status != PL_UNKNOWN,
                           "grid says %s (%s), the brute force %d operations", pl_status_name(sol.status), sol.note,
                           best);
                if (sol.status == PL_SOLVED) {
                    if (best >= 0) CHECKF(ops == best, "grid: %d operations, the brute force %d", ops, best);
                    char *all = joined(&sol.moves), reason[256] = "";
                    pl_verdict vd;
                    CHECKF(replay(l, all, &vd, reason, sizeof reason) == -1 && vd.ok, "certificate:\n%s%s %s", all,
                           reason, vd.reason);
                    free(all);
                    solved++;
                }
                check_clear_context();
                tried++;
                pl_solution_free(&sol);
                G->level_free(l);
            }
        CHECKF(tried > 20 && solved > 0, "config %zu: %d tried, %d solved", c, tried, solved);
        printf("brute force, config %zu: %d states, %d target pairs, %d solved\n", c, n, tried, solved);
        for (int i = 0; i < n; i++) snip_state_free(v[i].st);
        free(v);
        G->level_free(base);
    }
}

/* Small two-target puzzles on the 4 x 4 grid: solved, certificates replay. */
static void test_small_solved(void) {
    static const char *levels[] = {
        LEFT "\ntarget2:\n" BOTTOM "\n",
        "model: connected\nPOLYGON((0 0, 0.75 0, 0.75 0.75, 0 0.75, 0 0))\ntarget2:\nPOLYGON((0.25 0, 1 0, 1 1, 0.25 "
        "1, 0.25 0))\n",
        "POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.25 0.25, 0.5 0.25, 0.5 0.5, 0.25 0.5, 0.25 0.25))\ntarget2:\nPOLYGON((0 "
        "0, 0.25 0, 0.25 0.25, 0 0.25, 0 0))\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        pl_error err;
        void *l = parse(levels[i], &err);
        CHECKF(l != NULL, "%s", err.msg);
        if (!l) continue;
        pl_solution sol = solve(l, NULL, NULL, NULL);
        CHECKF(sol.status == PL_SOLVED && strcmp(sol.algorithm, "grid") == 0, "level %zu: %s %s: %s", i,
               pl_status_name(sol.status), sol.algorithm, sol.note);
        if (sol.status == PL_SOLVED) {
            char *all = joined(&sol.moves), reason[256] = "";
            pl_verdict v;
            CHECKF(replay(l, all, &v, reason, sizeof reason) == -1 && v.ok, "level %zu:\n%s%s %s", i, all, reason,
                   v.reason);
            free(all);
        }
        pl_solution_free(&sol);
        G->level_free(l);
    }
    /* limits: a node limit gives unknown, with the limit */
    pl_error err;
    void *l =
        parse("POLYGON((0 0, 0.25 0, 0.25 0.25, 0 0.25, 0 0))\ntarget2:\nPOLYGON((0.75 0.75, 1 0.75, 1 1, 0.75 1, "
              "0.75 0.75))\n",
              &err);
    pl_opts o = {0};
    pl_limits lim;
    pl_limits_init(&lim, 0, 3, 0);
    pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
    pl_solution sol;
    CHECK(l && pl_game_solve(G, NULL, l, &req, &sol, &err) == 0);
    CHECKF(sol.status == PL_UNKNOWN && sol.limit_hit == PL_LIMIT_NODES, "%s: %s", pl_status_name(sol.status), sol.note);
    pl_solution_free(&sol);
    if (l) G->level_free(l);
}

int main(void) {
    G = pl_game_find("snip");
    CHECK(G != NULL);
    if (!G) return check_done("snip_twotool");
    uint64_t seed = check_seed_from_env(1);
    test_level_errors();
    test_verify_two_targets();
    test_undo();
    test_observation1();
    test_small_solved();
    test_brute(seed);
    return check_done("snip_twotool");
}
