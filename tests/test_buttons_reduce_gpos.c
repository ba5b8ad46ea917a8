/* Buttons & Scissors' Theorem 8 (G_pos(CNF), i.e. Schaefer's G_%free(CNF) ->
 * the partisan LAST game, b against r) as an executable proof, on seeded
 * random formulas, half won by each player:
 * - the level's winner (minimax) is the formula game's winner;
 * - the board has 5 buttons a variable, the gate's 3 and 3 - (Red literals)
 *   private reds a kept clause;
 * - forward: the solver's strategy's first play, made into a line of play,
 *   replays to its end and is won by the formula game's winner;
 * - lift: the principal variation lifts to a 'play' certificate the checker
 *   accepts, and when that play is complete its winner is the level's;
 * - formulas out of the construction's reach (a literal in three clauses)
 *   are refused with the clause's place, exactly those `gpos info` does not
 *   call theorem8_form. */
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/buttons.h"
#include "puzzlelab/problems.h"

static const pl_reduction *thm8(void) {
    for (int i = 0; i < pl_game_buttons.nreductions; i++)
        if (pl_game_buttons.reductions[i].theorem == 8) return &pl_game_buttons.reductions[i];
    return NULL;
}

static int level_winner(const void *level, pl_strvec *pv) {
    pl_solution sol;
    gc_how how = {.node_limit = 0, .check_applies = true, .word = "cut", .goal = "ends the game"};
    pl_status st = gc_solve(&pl_game_buttons, gc_algorithm(&pl_game_buttons, "minimax"), level, &how, &sol);
    int w = -1;
    for (int i = 0; i < sol.nvalues; i++)
        if (strcmp(sol.value_name[i], "winner") == 0) w = (int)sol.value[i];
    for (int i = 0; i < sol.moves.n; i++) pl_strvec_push(pv, sol.moves.s[i]);
    pl_solution_free(&sol);
    CHECKF(st == PL_SOLVED, "minimax: not solved");
    return w;
}

static int line_winner(const void *level, const pl_strvec *moves) {
    void *st = pl_game_buttons.state_new(level);
    char why[256];
    int col;
    bool ok = true;
    for (int i = 0; i < moves->n && ok; i++)
        ok = CHECKF(pl_game_buttons.move_apply(st, moves->s[i], why, sizeof why, &col) == PL_MOVE_OK, "cut %d (%s): %s",
                    i + 1, moves->s[i], why);
    pl_verdict v = {0};
    int w = -1;
    if (ok) {
        pl_game_buttons.finish(st, NULL, &v);
        CHECKF(v.ok, "line of play: %s", v.reason);
        for (int i = 0; i < v.nvalues; i++)
            if (strcmp(v.value_name[i], "winner") == 0) w = (int)v.value[i];
    }
    pl_game_buttons.state_free(st);
    return w;
}

static pl_gpos parse_ok(const char *text) {
    pl_gpos g;
    pl_error err = {0};
    CHECKF(pl_gpos_parse("t.gpos", text, strlen(text), &g, &err) == 0, "parse: %s\n%s", err.msg, text);
    return g;
}

/* The buttons the construction promises. */
static int expected_buttons(const pl_gpos *g) {
    int b = 5 * g->f.nvars + 3;
    for (int c = 0; c < g->f.nclauses; c++) {
        int red = 0;
        bool taut = false;
        for (int i = g->f.start[c]; i < g->f.start[c + 1]; i++) {
            bool dup = false;
            for (int j = g->f.start[c]; j < i; j++) {
                dup |= g->f.lit[j] == g->f.lit[i];
                taut |= g->f.lit[j] == -g->f.lit[i];
            }
            red += !dup && g->owner[abs(g->f.lit[i])] == 2;
        }
        if (!taut) b += 3 - red;
    }
    return b;
}

static void test_reduction(int count) {
    const pl_reduction *r = thm8();
    if (!CHECKF(r != NULL, "no theorem 8")) return;
    int agree[3] = {0}, refused = 0, vars[11] = {0};
    for (int i = 0; i < count; i++) {
        int w = i % 2 ? 2 : 1;
        char *text = NULL, *lt = NULL;
        pl_gpos g;
        uint64_t seed = 0;
        pl_error err = {0};
        for (uint64_t k = 0; !lt; k++) {
            seed = 80000 + (uint64_t)i * 1000 + k;
            pl_rng rg;
            pl_rng_seed(&rg, seed);
            int n = 2 * (1 + (int)pl_rng_below(&rg, 5)), m = 1 + (int)pl_rng_below(&rg, 2 + n / 2);
            int width = 1 + (int)pl_rng_below(&rg, 3);
            if (width > n) width = n;
            pl_error gerr = {0};
            text = pl_gpos_random(n, m, width, w == 1 ? 'y' : 'n', seed, &gerr);
            if (!text) continue; /* no formula of this shape won by w: another shape */
            g = parse_ok(text);
            lt = r->build(&g, "t.gpos", &err);
            json_t *info = json_object();
            pl_problem_gpos.info(&g, info);
            CHECKF(json_is_true(json_object_get(info, "theorem8_form")) == (lt != NULL),
                   "info's theorem8_form disagrees with the build (%s)\n%s", lt ? "built" : err.msg, text);
            json_decref(info);
            if (!lt) {
                CHECKF(strstr(err.msg, "occurs in more than two clauses") ||
                           strstr(err.msg, "more than three literals"),
                       "build: %s\n%s", err.msg, text);
                refused++;
                pl_gpos_free(&g);
                free(text);
                text = NULL;
            }
        }
        check_context(true, seed, "source:\n%s", text);
        vars[g.f.nvars]++;
        void *level = gc_load(&pl_game_buttons, "t.level", lt);
        const buttons_level *bl = level;
        if (CHECKF(level && bl->nbuttons <= 128, "the level does not load or has more than 128 buttons\n%s", lt)) {
            CHECKF(bl->nbuttons == expected_buttons(&g), "%d buttons, the construction promises %d", bl->nbuttons,
                   expected_buttons(&g));
            pl_strvec pv = {0};
            int lw = level_winner(level, &pv);
            if (CHECKF(lw == w, "minimax says player %d wins the level, the formula game says %d\n%s", lw, w, lt))
                agree[w]++;
            CHECKF(line_winner(level, &pv) == lw, "the principal variation is not won by its winner");
            /* forward: the strategy's first play */
            pl_strvec s = {0}, moves = {0};
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            int gw = 0;
            pl_gpos_solve(&g, &lim, &gw, &s, 1000000);
            pl_moves mv;
            pl_moves_from_strvec(&s, "(strategy)", &mv);
            if (CHECKF(r->forward(&g, &mv, &moves, &err) == 0, "forward: %s", err.msg))
                CHECKF(line_winner(level, &moves) == w, "the forward line is not won by player %d", w);
            pl_moves_free(&mv);
            /* lift: the principal variation, and the forward line */
            for (int q = 0; q < 2; q++) {
                const pl_strvec *line = q ? &moves : &pv;
                if (!gc_lifts(r, &pl_problem_gpos, &g, line, q ? "lift of the forward line" : "lift of the PV"))
                    continue;
                pl_moves lm;
                pl_moves_from_strvec(line, "(moves)", &lm);
                pl_strvec cert = {0};
                char why[256];
                r->lift(&g, &lm, &cert, why, sizeof why);
                pl_moves cm;
                pl_moves_from_strvec(&cert, "(lifted)", &cm);
                pl_verdict v = {0};
                pl_gpos_check(&g, &cm, &v, &err);
                if (v.ok && v.value[0] == 1)
                    CHECKF(v.value[1] == lw, "the lifted play is won by %lld, the line by %d", v.value[1], lw);
                if (q) CHECKF(v.ok && v.value[0] == 1, "the forward line lifts to an unfinished play");
                pl_moves_free(&cm);
                pl_strvec_free(&cert);
                pl_moves_free(&lm);
            }
            pl_strvec_free(&s);
            pl_strvec_free(&moves);
            pl_strvec_free(&pv);
        }
        if (level) pl_game_buttons.level_free(level);
        free(lt);
        pl_gpos_free(&g);
        free(text);
    }
    check_clear_context();
    printf("theorem 8: %d formulas won by player 1, %d by player 2 (%d, %d, %d, %d, %d with 2, 4, 6, 8, 10 "
           "variables), the level agrees on all of them; %d drawn formulas out of reach (a literal in three clauses) "
           "redrawn\n",
           agree[1], agree[2], vars[2], vars[4], vars[6], vars[8], vars[10], refused);
}

static void test_refusals(void) {
    const pl_reduction *r = thm8();
    if (!r) return;
    pl_gpos g = parse_ok("p gpos 2 3\nb 1\nr 2\n1 2 0\n1 -2 0\n1 0\n");
    pl_error err = {0};
    char *lt = r->build(&g, "t.gpos", &err), msg[512];
    pl_error_format(&err, msg, sizeof msg);
    CHECKF(lt == NULL && strcmp(msg, "t.gpos:6:1: literal 1 occurs in more than two clauses: Theorem 8's construction "
                                     "has two copies of each literal") == 0,
           "got '%s'", msg);
    free(lt);
    pl_gpos_free(&g);
    /* a tautology is dropped, so x1 occurs twice only */
    g = parse_ok("p gpos 2 3\nb 1\nr 2\n1 2 0\n1 -2 0\n1 -1 0\n");
    lt = r->build(&g, "t.gpos", &err);
    CHECKF(lt != NULL, "build: %s", err.msg);
    free(lt);
    pl_gpos_free(&g);
}

/* The level with Blue's last cut free from the start: the gate's three
 * buttons (the blue ones of row 0 without a blue button below: a variable's
 * s has its column T under it) moved to a row of their own, below and right
 * of everything, so that no line through them meets another button. */
static char *ungated(const char *lt) {
    pl_strvec lines = {0};
    for (const char *p = lt; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char buf[4096];
        snprintf(buf, sizeof buf, "%.*s", (int)len, p);
        pl_strvec_push(&lines, buf);
        p += len + (e != NULL);
    }
    int first = 0;
    while (first < lines.n && (lines.s[first][0] == '#' || strchr(lines.s[first], ':'))) first++;
    int rows = lines.n - first, cols = (int)strlen(lines.s[first]);
    pl_sbuf b = {0};
    for (int i = 0; i < first; i++) pl_sbuf_printf(&b, "%s\n", lines.s[i]);
    for (int r = 0; r < rows + cols + 4; r++) {
        for (int c = 0; c < cols + 6; c++) {
            char ch = '.';
            if (r < rows && c < cols) ch = lines.s[first + r][c];
            if (r == 0 && c < cols && ch == 'b') { /* a g: no blue below it (a variable's s has its column T) */
                bool below = false;
                for (int q = 1; q < rows; q++) below |= lines.s[first + q][c] == 'b';
                if (!below) ch = '.';
            }
            if (r == rows + cols + 3 && c >= cols + 3) ch = 'b';
            pl_sbuf_printf(&b, "%c", ch);
        }
        pl_sbuf_printf(&b, "\n");
    }
    pl_strvec_free(&lines);
    return b.s;
}

/* Why Blue's last cut is gated: free from the start it is a pass, and a pass
 * lets Blue set its variables after seeing Red's; the smallest formula found
 * where that changes the winner is printed. */
static void test_gate_needed(void) {
    const pl_reduction *r = thm8();
    if (!r) return;
    bool found = false;
    for (int m = 1; m <= 3 && !found; m++)
        for (uint64_t seed = 1; seed <= 200 && !found; seed++) {
            pl_error err = {0};
            char *text = pl_gpos_random(2, m, 2, 'a', seed, &err);
            if (!text) continue;
            pl_gpos g = parse_ok(text);
            char *lt = r->build(&g, "t.gpos", &err);
            if (lt) {
                char *u = ungated(lt);
                void *a = gc_load(&pl_game_buttons, "gated.level", lt),
                     *b = gc_load(&pl_game_buttons, "ungated.level", u);
                if (a && b) {
                    pl_strvec pa = {0}, pb = {0};
                    int wa = level_winner(a, &pa), wb = level_winner(b, &pb);
                    if (wa != wb) {
                        found = true;
                        printf("Blue's last cut free from the start changes the winner from %d to %d on:\n%s", wa, wb,
                               text);
                    }
                    pl_strvec_free(&pa);
                    pl_strvec_free(&pb);
                }
                if (a) pl_game_buttons.level_free(a);
                if (b) pl_game_buttons.level_free(b);
                free(u);
                free(lt);
            }
            pl_gpos_free(&g);
            free(text);
        }
    CHECKF(found, "no formula where an ungated last cut changes the winner (the gate would be unneeded)");
}

int main(void) {
    test_refusals();
    test_gate_needed();
    test_reduction(SANITIZED ? 120 : 600);
    return check_done("test_buttons_reduce_gpos");
}
