/* G_pos(CNF) (Schaefer's G_%free(CNF), the source of Theorem 8) as a source
 * problem:
 * - parser errors at file:line:col;
 * - the solver (memoised, stops where the value is decided, prunes tempo
 *   moves and one-sign variables) against a plain recursion written here
 *   that plays every move to the full assignment, on seeded random formulas;
 * - its strategies accepted by the checker; strategies broken in each way
 *   the checker names refused; 'play' certificates;
 * - the generator's --answer. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/problems.h"

static pl_gpos parse_ok(const char *text) {
    pl_gpos g;
    pl_error err = {0};
    CHECKF(pl_gpos_parse("t.gpos", text, strlen(text), &g, &err) == 0, "parse: %s\n%s", err.msg, text);
    return g;
}

static void parse_bad(const char *text, const char *msg) {
    pl_gpos g;
    pl_error err = {0};
    char got[512] = "";
    if (pl_gpos_parse("t.gpos", text, strlen(text), &g, &err) == 0)
        pl_gpos_free(&g);
    else
        pl_error_format(&err, got, sizeof got);
    CHECKF(strcmp(got, msg) == 0, "expected '%s', got '%s'", msg, got);
}

static void test_parse(void) {
    parse_bad("b 1\n", "t.gpos:1:1: expected the header 'p gpos VARIABLES CLAUSES' first");
    parse_bad("p cnf 2 1\n", "t.gpos:1:3: expected 'gpos' (the header is 'p gpos VARIABLES CLAUSES')");
    parse_bad("p gpos 65 0\n", "t.gpos:1:8: at most 64 variables (the exact solver's limit), not 65");
    parse_bad("p gpos 2 1\nb 1\nr 3\n1 2 0\n", "t.gpos:3:3: variable 3 is outside 1..2");
    parse_bad("p gpos 2 1\nb 1\nr 1\n1 2 0\n", "t.gpos:3:3: variable 1 is already player 1's (line 2)");
    parse_bad("p gpos 2 1\nb 1\n1 2 0\n",
              "t.gpos:1:8: variable 2 belongs to neither player (list it in a 'b' line, player 1's, or an 'r' line, "
              "player 2's)");
    parse_bad("p gpos 4 0\nb 1 2 3\nr 4\n",
              "t.gpos:1:8: player 1 ('b') has 3 variables and player 2 ('r') 1: the game needs halves of equal size");
    parse_bad("p gpos 2 1\nb 1\nr 2\n1 3 0\n",
              "t.gpos:4:3: literal 3 names variable 3, but the header says 2 variables");
    parse_bad("p gpos 2 1\nb 1\nr 2\n1 2\n", "t.gpos:4:1: clause 1 is not ended by 0 (every clause ends with a 0)");
    parse_bad("p gpos 2 2\nb 1\nr 2\n1 2 0\n", "t.gpos:1:10: the header announces 2 clauses, the file has 1");
    parse_bad("p gpos 2 1\nb 1 0 2\nr 2\n1 2 0\n", "t.gpos:2:7: expected the end of the line after the 0");
    parse_bad("p gpos 2 1\nb 1\n1\nr 2\n2 0\n", "t.gpos:4:1: a 'r' line inside clause 1 (it is not ended by 0)");
    parse_bad("p gpos 2 1\nb 1\nr 2\n1 x 0\n",
              "t.gpos:4:3: expected a literal (or a line 'b V ...', 'r V ...') (a whole number)");
    parse_bad("c only\n", "t.gpos:1:1: expected the header 'p gpos VARIABLES CLAUSES' (the file has none)");
    pl_gpos g = parse_ok("c ok\np gpos 4 2\nb 1 3 0\nr 2\nr 4\n1 -2\n 3 0 -4 0\n");
    CHECK(g.f.nvars == 4 && g.f.nclauses == 2 && g.owner[1] == 1 && g.owner[2] == 2 && g.owner[3] == 1 &&
          g.owner[4] == 2 && g.f.start[1] == 3 && g.f.lit[3] == -4);
    pl_gpos_free(&g);
}

/* The plain recursion: every move of the mover, to the full assignment. */
static bool naive_wins(const pl_gpos *g, int *val, int moved) {
    int n = g->f.nvars, mover = moved % 2 ? 2 : 1;
    if (moved == n) {
        bool sat = true;
        for (int c = 0; c < g->f.nclauses && sat; c++) {
            bool one = false;
            for (int i = g->f.start[c]; i < g->f.start[c + 1]; i++) {
                int l = g->f.lit[i];
                one |= val[abs(l)] == (l > 0);
            }
            sat = one;
        }
        return (sat ? 1 : 2) == mover;
    }
    for (int x = 1; x <= n; x++) {
        if (g->owner[x] != mover || val[x] >= 0) continue;
        for (int b = 0; b < 2; b++) {
            val[x] = b;
            bool w = naive_wins(g, val, moved + 1);
            val[x] = -1;
            if (!w) return true;
        }
    }
    return false;
}

static int naive_winner(const pl_gpos *g) {
    int val[PL_GPOS_MAX_VARIABLES + 1];
    for (int v = 0; v <= g->f.nvars; v++) val[v] = -1;
    return naive_wins(g, val, 0) ? 1 : 2;
}

static int verdict(const pl_gpos *g, const pl_strvec *lines, pl_verdict *v, char *errmsg, size_t n) {
    pl_moves m;
    pl_moves_from_strvec(lines, "t.cert", &m);
    pl_error err = {0};
    memset(v, 0, sizeof *v);
    int rc = pl_gpos_check(g, &m, v, &err);
    if (rc) pl_error_format(&err, errmsg, n);
    pl_moves_free(&m);
    return rc;
}

/* Broken copies of a valid strategy must be refused. */
static void break_strategy(const pl_gpos *g, const pl_strvec *s, pl_rng *r) {
    pl_verdict v;
    char msg[512];
    /* the other winner */
    pl_strvec w = {0};
    for (int i = 0; i < s->n; i++)
        pl_strvec_push(&w, i ? s->s[i] : strcmp(s->s[0], "winner 1") ? "winner 1" : "winner 2");
    CHECK(verdict(g, &w, &v, msg, sizeof msg) == 0 && !v.ok);
    pl_strvec_free(&w);
    if (s->n > 2) { /* a play dropped: some reply of the loser unanswered, or the winner's move lost */
        int drop = 1 + (int)pl_rng_below(r, (uint64_t)s->n - 1);
        for (int i = 0; i < s->n; i++)
            if (i != drop) pl_strvec_push(&w, s->s[i]);
        CHECKF(verdict(g, &w, &v, msg, sizeof msg) == 0 && !v.ok, "dropped line %d still valid", drop);
        pl_strvec_free(&w);
    }
    /* a play cut short by one move */
    int k = 1 + (int)pl_rng_below(r, (uint64_t)s->n - 1);
    const char *last = strrchr(s->s[k], ' ');
    if (last) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", s->s[k]);
        char *end = buf + (last - s->s[k]);
        *end = '\0';
        char *prev = strrchr(buf, ' ');
        if (prev) {
            strcpy(prev, " 0");
            for (int i = 0; i < s->n; i++) pl_strvec_push(&w, i == k ? buf : s->s[i]);
            CHECKF(verdict(g, &w, &v, msg, sizeof msg) == 0 && !v.ok, "line %d cut short still valid", k);
            pl_strvec_free(&w);
        }
    }
    /* a play repeated */
    for (int i = 0; i < s->n; i++) pl_strvec_push(&w, s->s[i]);
    pl_strvec_push(&w, s->s[s->n - 1]);
    CHECK(verdict(g, &w, &v, msg, sizeof msg) == 0 && !v.ok);
    pl_strvec_free(&w);
    /* a malformed line: no final 0 */
    pl_strvec_push(&w, s->s[0]);
    pl_strvec_push(&w, "1");
    CHECK(verdict(g, &w, &v, msg, sizeof msg) == -1 && strstr(msg, "expected the 0 that ends a play"));
    pl_strvec_free(&w);
}

static void test_solver(int count) {
    int wins[3] = {0, 0, 0};
    pl_rng r;
    pl_rng_seed(&r, 77);
    for (int t = 0; t < count; t++) {
        uint64_t seed = 1000 + (uint64_t)t;
        int n = 2 * (1 + t % 3), width = 1 + (t / 3) % 3, m = (t / 9) % 7;
        if (width > n) width = n;
        pl_error err = {0};
        char *text = pl_gpos_random(n, m, width, 'a', seed, &err);
        CHECKF(text != NULL, "generate: %s", err.msg);
        if (!text) continue;
        check_context(true, seed, "%s", text);
        pl_gpos g = parse_ok(text);
        int want = naive_winner(&g), winner = 0;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_strvec s = {0};
        CHECK(pl_gpos_solve(&g, &lim, &winner, &s, 1000000) == 1);
        CHECKF(winner == want, "solver says %d, the plain recursion %d", winner, want);
        wins[winner]++;
        pl_verdict v;
        char msg[512] = "";
        CHECKF(verdict(&g, &s, &v, msg, sizeof msg) == 0 && v.ok, "strategy refused: %s %s", v.reason, msg);
        CHECK(v.nvalues >= 1 && v.value[0] == winner);
        break_strategy(&g, &s, &r);
        /* the strategy's first play, as a 'play' certificate */
        pl_strvec p = {0};
        pl_strvec_push(&p, "play");
        pl_strvec_push(&p, s.s[1]);
        CHECK(verdict(&g, &p, &v, msg, sizeof msg) == 0 && v.ok && v.value[0] == 1 && v.value[1] == winner);
        pl_strvec_free(&p);
        pl_strvec_free(&s);
        pl_gpos_free(&g);
        free(text);
    }
    check_clear_context();
    CHECKF(wins[1] > count / 5 && wins[2] > count / 5, "winners: %d for player 1, %d for player 2", wins[1], wins[2]);
}

static void test_certificates(void) {
    /* (x1 or x2) and (not x1 or not x2), x1 player 1's, x2 player 2's: player 2 copies */
    pl_gpos g = parse_ok("p gpos 2 2\nb 1\nr 2\n1 2 0\n-1 -2 0\n");
    pl_verdict v;
    char msg[512] = "";
    const char *good[] = {"winner 2", "1 2 0", "-1 -2 0"};
    pl_strvec s = {0};
    for (int i = 0; i < 3; i++) pl_strvec_push(&s, good[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == 0 && v.ok);
    pl_strvec_free(&s);
    const char *miss[] = {"winner 2", "1 2 0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, miss[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == 0 && !v.ok &&
          strcmp(v.reason, "line 2: player 1's move -1 at this point of the play is not answered (no play takes it)") ==
              0);
    pl_strvec_free(&s);
    const char *lose[] = {"winner 2", "1 -2 0", "-1 -2 0"};
    for (int i = 0; i < 3; i++) pl_strvec_push(&s, lose[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == 0 && !v.ok &&
          strcmp(v.reason, "line 2: the play ends with the formula true: player 1 (not the claimed winner) wins it") ==
              0);
    pl_strvec_free(&s);
    const char *turn[] = {"winner 2", "2 1 0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, turn[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == 0 && !v.ok &&
          strcmp(v.reason, "line 2: move 1 (2) is not legal: variable 2 is player 2's, and player 1 is to move") == 0);
    pl_strvec_free(&s);
    const char *bad[] = {"winner 3"};
    pl_strvec_push(&s, bad[0]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == -1 &&
          strcmp(msg, "t.cert:1:1: expected 'winner 1', 'winner 2' (a strategy) or 'play' (a line of play)") == 0);
    pl_strvec_free(&s);
    const char *range[] = {"winner 2", "1 5 0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, range[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == -1 &&
          strcmp(msg, "t.cert:2:3: literal 5 names no variable of 1..2") == 0);
    pl_strvec_free(&s);
    const char *both[] = {"winner 1", "1 0", "-1 0"};
    pl_gpos h = parse_ok("p gpos 2 1\nb 1\nr 2\n1 -1 0\n");
    for (int i = 0; i < 3; i++) pl_strvec_push(&s, both[i]);
    CHECK(verdict(&h, &s, &v, msg, sizeof msg) == 0 && !v.ok &&
          strstr(v.reason, "player 1's strategy plays both") != NULL);
    pl_strvec_free(&s);
    /* decided before any move: the line '0' */
    const char *zero[] = {"winner 1", "0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, zero[i]);
    pl_gpos e = parse_ok("p gpos 2 0\nb 1\nr 2\n");
    CHECK(verdict(&e, &s, &v, msg, sizeof msg) == 0 && v.ok);
    pl_strvec_free(&s);
    /* a play that goes on after the value is decided */
    const char *play[] = {"play", "1 -2 0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, play[i]);
    CHECK(verdict(&h, &s, &v, msg, sizeof msg) == 0 && v.ok && v.value[0] == 1 && v.value[1] == 1);
    pl_strvec_free(&s);
    const char *half[] = {"play", "-1 0"};
    for (int i = 0; i < 2; i++) pl_strvec_push(&s, half[i]);
    CHECK(verdict(&g, &s, &v, msg, sizeof msg) == 0 && v.ok && v.value[0] == 0 && v.value[1] == 2);
    pl_strvec_free(&s);
    pl_gpos_free(&e);
    pl_gpos_free(&h);
    pl_gpos_free(&g);
}

static void test_generator(void) {
    for (uint64_t seed = 1; seed <= 40; seed++) {
        for (int a = 0; a < 2; a++) {
            pl_error err = {0};
            char *text = pl_gpos_random(4, 4, 3, a ? 'n' : 'y', seed, &err);
            CHECKF(text != NULL, "generate: %s", err.msg);
            if (!text) continue;
            pl_gpos g = parse_ok(text);
            CHECKF(naive_winner(&g) == (a ? 2 : 1), "seed %llu --answer %s:\n%s", (unsigned long long)seed,
                   a ? "no" : "yes", text);
            pl_gpos_free(&g);
            free(text);
        }
    }
    pl_error err = {0};
    CHECK(pl_gpos_random(3, 1, 1, 'a', 1, &err) == NULL && strstr(err.msg, "even"));
}

int main(void) {
    test_parse();
    test_certificates();
    test_solver(SANITIZED ? 400 : 2000);
    test_generator();
    return check_done("test_gpos");
}
