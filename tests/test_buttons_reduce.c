/* Buttons & Scissors' Theorems 2 (3-SAT -> n x n, 2 colours, directions +,
 * sizes {2,3}) and 7 (SAT -> Graph Decycling -> n x n, 2 colours, directions
 * +, sizes {2}) run as executable proofs. Theorem 2: on hundreds of seeded random
 * 3-SAT sources with 2 to 4 variables and 1 to 5 clauses of one to three
 * literals on distinct variables (Karp's "at most three": with three literals
 * a clause, five clauses are always satisfiable), half of them unsatisfiable,
 *  - the level is square, has both colours, directions + and sizes {2,3},
 *    and info reports them;
 *  - the SAT solver on the level (and exact search, on the boards of at most
 *    32 buttons, when it settles them within a node budget) agrees with
 *    satisfiability by brute force over the assignments;
 *  - for every assignment over {true, false, free} that satisfies the
 *    formula, the forward certificate clears the board and lifts back to an
 *    assignment that agrees with it wherever it is set;
 *  - every solver certificate lifts to an assignment the sat verifier
 *    accepts.
 * The same on 3-SAT proper (three literals a clause: yes-instances of 1..5
 * clauses, no-instances of 8..10 from the sat generator, larger boards);
 * sources with no literal twice (the forced tree: still two colours); the
 * sources the theorem refuses.
 * Theorem 7, the same checks (sizes {2}; its lift sets every variable, so a
 * free variable of the forward assignment may lift either way) on seeded SAT
 * sources with 2 to 4 variables and 1 to 5 clauses of one to three literals,
 * half unsatisfiable, some with a variable twice in a clause (x | x, x | ~x);
 * one-variable sources small enough for exact search; empty clauses.
 * PL_TEST_SEED=N changes the seeds; a failure prints the seed and the
 * source. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_check.h"
#include "puzzlelab/buttons.h"
#include "puzzlelab/problems.h"

static const pl_game *G = &pl_game_buttons;

/* What a theorem promises, and how its lift treats a free variable. */
typedef struct theorem {
    int number;
    unsigned sizes_mask;
    const char *sizes;
    bool lifts_free; /* a variable the forward assignment leaves free lifts as free */
} theorem;

static const theorem T2 = {2, (1u << 2) | (1u << 3), "{2,3}", true};
static const theorem T7 = {7, 1u << 2, "{2}", false};

static const pl_reduction *reduction(const theorem *th) {
    for (int i = 0; i < G->nreductions; i++)
        if (strcmp(G->reductions[i].from, "sat") == 0 && G->reductions[i].theorem == th->number)
            return &G->reductions[i];
    return NULL;
}

/* A random CNF in DIMACS: nvars variables, nclauses clauses of lo..3
 * literals on distinct variables (at most nvars), or on any variables when
 * repeats. */
static char *random_cnf(pl_rng *rng, int nvars, int nclauses, int lo, bool repeats) {
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "p cnf %d %d\n", nvars, nclauses);
    for (int j = 0; j < nclauses; j++) {
        int hi = nvars < 3 && !repeats ? nvars : 3, low = lo < hi ? lo : hi;
        int k = low + (int)pl_rng_below(rng, (uint64_t)(hi - low + 1)), used[8] = {0};
        for (int i = 0; i < k; i++) {
            int v;
            do v = 1 + (int)pl_rng_below(rng, (uint64_t)nvars);
            while (used[v] && !repeats);
            used[v] = 1;
            pl_sbuf_printf(&b, "%d ", pl_rng_below(rng, 2) ? v : -v);
        }
        pl_sbuf_printf(&b, "0\n");
    }
    return b.s;
}

/* value[v] in {1, 0, -1 free}: does it satisfy f (a free variable satisfies
 * nothing)? */
static bool satisfies(const pl_cnf *f, const signed char *value) {
    for (int j = 0; j < f->nclauses; j++) {
        bool ok = false;
        for (int i = f->start[j]; i < f->start[j + 1] && !ok; i++) {
            int v = abs(f->lit[i]);
            ok = value[v] == (f->lit[i] > 0 ? 1 : 0);
        }
        if (!ok) return false;
    }
    return true;
}

/* Brute force: is f satisfiable? */
static bool satisfiable(const pl_cnf *f) {
    signed char value[16];
    for (int a = 0; a < 1 << f->nvars; a++) {
        for (int v = 1; v <= f->nvars; v++) value[v] = (signed char)((a >> (v - 1)) & 1);
        if (satisfies(f, value)) return true;
    }
    return false;
}

typedef struct counts {
    int sources, yes, no, exact_settled, forwards, lifts, max_side, max_buttons;
} counts;

/* The parameters the theorem promises, as the level and info report them. */
static void check_parameters(const theorem *th, const buttons_level *l, const char *text) {
    char name[32];
    snprintf(name, sizeof name, "Theorem %d", th->number);
    CHECKF(strstr(text, name) != NULL, "the level's header names %s", name);
    CHECK_INT(l->rows, l->cols);
    CHECK_INT(l->ncolours, 2);
    CHECK_INT((int)l->directions, BUTTONS_H | BUTTONS_V);
    CHECKF(!l->sizes_all && l->size_mask == th->sizes_mask, "sizes %s", th->sizes);
    CHECK_INT(l->players, BUTTONS_SINGLE);
    json_t *o = json_object();
    G->level_info(l, o);
    CHECK_INT((int)json_integer_value(json_object_get(o, "rows")), l->rows);
    CHECK_INT((int)json_integer_value(json_object_get(o, "columns")), l->rows);
    CHECK_INT((int)json_integer_value(json_object_get(o, "colours")), 2);
    CHECK_STR(json_string_value(json_object_get(o, "directions")), "+");
    CHECK_STR(json_string_value(json_object_get(o, "sizes")), th->sizes);
    json_decref(o);
}

/* The forward certificate of value clears the board and lifts to an
 * assignment agreeing with value wherever the lift sets a variable (Theorem
 * 2) or value does (Theorem 7). */
static void forward(const theorem *th, const pl_reduction *r, const pl_problem *p, const pl_cnf *f,
                    const buttons_level *l, const signed char *value, counts *n) {
    pl_strvec scert = {0}, moves = {0};
    pl_sat_write_assignment(f, value, &scert);
    pl_moves cm;
    pl_moves_from_strvec(&scert, "(assignment)", &cm);
    pl_error err = {0};
    if (CHECKF(r->forward(f, &cm, &moves, &err) == 0, "forward: %s", err.msg) &&
        gc_replay(G, l, &moves, "forward certificate", "cut", "clears the board") &&
        gc_lifts(r, p, f, &moves, "forward certificate")) {
        pl_moves mv;
        pl_moves_from_strvec(&moves, "(moves)", &mv);
        pl_strvec lifted = {0};
        char why[256];
        signed char back[16];
        pl_moves lm;
        if (r->lift(f, &mv, &lifted, why, sizeof why) == 0) {
            pl_moves_from_strvec(&lifted, "(lifted)", &lm);
            if (pl_sat_read_assignment(f, &lm, back, why, sizeof why, &err) == 0)
                for (int v = 1; v <= f->nvars; v++)
                    CHECKF(th->lifts_free ? back[v] < 0 || back[v] == value[v]
                                          : back[v] >= 0 && (value[v] < 0 || back[v] == value[v]),
                           "x%d: given %d, lifted %d", v, value[v], back[v]);
            pl_moves_free(&lm);
        }
        pl_strvec_free(&lifted);
        pl_moves_free(&mv);
        n->forwards++;
    }
    pl_moves_free(&cm);
    pl_strvec_free(&scert);
    pl_strvec_free(&moves);
}

/* One source: build, parameters, solvers against brute force, forward for
 * every satisfying assignment over {1, 0, free}, lifts. */
static void one(const theorem *th, const char *text, counts *n, bool exact) {
    const pl_reduction *r = reduction(th);
    const pl_problem *p = pl_problem_find("sat");
    pl_cnf f;
    pl_error err = {0};
    if (!CHECKF(pl_cnf_parse("(source)", text, strlen(text), &f, &err) == 0, "source: %s", err.msg)) return;
    bool truth = satisfiable(&f);
    char *level = r->build(&f, "(source)", &err);
    buttons_level *l = level ? gc_parse_loud(G, level) : NULL;
    if (CHECKF(l != NULL, "build: %s", err.msg)) {
        check_parameters(th, l, level);
        if (l->rows > n->max_side) n->max_side = l->rows;
        if (l->nbuttons > n->max_buttons) n->max_buttons = l->nbuttons;
        /* the SAT solver settles every board; exact search the small ones */
        const pl_algorithm *sat = gc_algorithm(G, "sat");
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_opts none = {.n = 0};
        pl_request req = {.opts = &none, .seed = 1, .limits = &lim, .threads = 1};
        char why[256];
        bool have_sat = sat && sat->applies(l, &req, why, sizeof why);
        pl_solution sol;
        gc_how how = {.node_limit = have_sat ? 50000000 : 2000000, .word = "cut", .goal = "clears the board"};
        pl_status st = gc_solve(G, have_sat ? sat : gc_algorithm(G, "exact"), l, &how, &sol);
        CHECKF(st == (truth ? PL_SOLVED : PL_UNSOLVABLE), "%s says %s, the formula is %s", have_sat ? "sat" : "exact",
               pl_status_name(st), truth ? "satisfiable" : "unsatisfiable");
        if (st == PL_SOLVED && gc_lifts(r, p, &f, &sol.moves, "the solver's certificate")) n->lifts++;
        pl_solution_free(&sol);
        if (exact && l->nbuttons <= 32) {
            gc_how budget = {.node_limit = 20000, .word = "cut", .goal = "clears the board"};
            st = gc_solve(G, gc_algorithm(G, "exact"), l, &budget, &sol);
            if (st != PL_UNKNOWN) {
                n->exact_settled++;
                CHECKF(st == (truth ? PL_SOLVED : PL_UNSOLVABLE), "exact says %s, the formula is %s",
                       pl_status_name(st), truth ? "satisfiable" : "unsatisfiable");
                if (st == PL_SOLVED && gc_lifts(r, p, &f, &sol.moves, "exact search's certificate")) n->lifts++;
            }
            pl_solution_free(&sol);
        }
        /* every assignment over {1, 0, free} that satisfies f */
        signed char value[16];
        int total = 1;
        for (int v = 0; v < f.nvars; v++) total *= 3;
        for (int a = 0; a < total; a++) {
            for (int v = 1, x = a; v <= f.nvars; v++, x /= 3) value[v] = (signed char)(x % 3 == 2 ? -1 : x % 3);
            if (satisfies(&f, value)) forward(th, r, p, &f, l, value, n);
        }
        n->sources++;
        n->yes += truth, n->no += !truth;
        G->level_free(l);
    }
    free(level);
    pl_cnf_free(&f);
}

/* count sources, every other one unsatisfiable. lo < 3: 2..4 variables and
 * 1..5 clauses of lo..3 literals, drawn until brute force gives the answer
 * wanted. lo = 3 (3-SAT proper): yes-instances with 3..4 variables and 1..5
 * clauses (always satisfiable), no-instances from the sat generator with 3
 * variables and 8..10 clauses (the fewest an unsatisfiable one needs). */
/* A random source with lo..3 literals a clause whose satisfiability is want
 * (the last one drawn when 1000 draws do not give it: the counts say so). */
static char *draw(pl_rng *rng, int lo, bool want, bool repeats) {
    char *text = NULL;
    for (int tries = 0; tries < 1000; tries++) {
        int nvars = (lo == 3 ? 3 : 2) + (int)pl_rng_below(rng, lo == 3 ? 2 : 3);
        int nclauses = (want ? 1 : 2) + (int)pl_rng_below(rng, want ? 5 : 4);
        free(text);
        text = random_cnf(rng, nvars, nclauses, lo, repeats);
        pl_cnf f;
        pl_error err = {0};
        if (pl_cnf_parse("(source)", text, strlen(text), &f, &err)) continue;
        bool s = satisfiable(&f);
        pl_cnf_free(&f);
        if (s == want) break;
    }
    return text;
}

static void sources(const theorem *th, uint64_t base, int count, int lo, bool repeats, bool exact, const char *what) {
    counts n = {0};
    for (int i = 0; i < count; i++) {
        uint64_t seed = base + (uint64_t)i;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool want = i % 2 == 0;
        char *text;
        if (lo == 3 && !want) {
            pl_error err = {0};
            text = pl_sat_random(3, 8 + (int)pl_rng_below(&rng, 3), 'n', seed, &err);
            if (!CHECKF(text != NULL, "sat generator: %s", err.msg)) continue;
        } else {
            text = draw(&rng, lo, want, repeats);
        }
        check_context(true, seed, "%s", text);
        one(th, text, &n, exact);
        free(text);
        check_clear_context();
    }
    printf("Theorem %d, %s: %d sources (%d satisfiable, %d not), %d forward certificates, %d solver certificates "
           "lifted, exact search settled %d; boards up to %d x %d, %d buttons\n",
           th->number, what, n.sources, n.yes, n.no, n.forwards, n.lifts, n.exact_settled, n.max_side, n.max_side,
           n.max_buttons);
    CHECK_INT(n.sources, count);
    CHECK(n.yes >= count / 3 && n.no >= count / 3);
}

/* Sources with no literal twice: one literal is still routed through a
 * split, so that the board has both colours (two of them unsatisfiable). */
static void forced_tree(void) {
    counts n = {0};
    one(&T2, "p cnf 3 1\n1 -2 3 0\n", &n, true);
    one(&T2, "p cnf 4 2\n1 2 0\n-3 4 0\n", &n, true);
    one(&T2, "p cnf 2 2\n1 0\n-1 0\n", &n, true);
    one(&T2, "p cnf 3 3\n1 0\n-1 2 0\n-2 0\n", &n, true);
    CHECK_INT(n.sources, 4);
    CHECK_INT(n.yes, 2);
}

/* Sources outside 3-SAT are refused at the clause. */
static void refused(void) {
    const pl_reduction *r = reduction(&T2);
    static const char *const bad[][2] = {
        {"p cnf 3 2\n1 2 0\n1 -1 3 0\n", "(source):3:1: clause 2 has the variable 1 twice"},
        {"p cnf 4 1\n1 2 3 4 0\n", "(source):2:1: clause 1 has 4 literals"},
        {"p cnf 2 2\n1 2 0\n0\n", "(source):3:1: clause 2 has 0 literals"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pl_cnf f;
        pl_error err = {0};
        if (!CHECK(pl_cnf_parse("(source)", bad[i][0], strlen(bad[i][0]), &f, &err) == 0)) continue;
        char *level = r->build(&f, "(source)", &err);
        char msg[512];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(level == NULL && strncmp(msg, bad[i][1], strlen(bad[i][1])) == 0, "got '%s', expected '%s...'", msg,
               bad[i][1]);
        free(level);
        pl_cnf_free(&f);
    }
}

/* Theorem 7 on one-variable sources (boards of 28 to 60 buttons: exact
 * search too where it settles), empty clauses (a cycle nothing breaks),
 * x | ~x and x | x, and a source without clauses. */
static void thm7_small(void) {
    counts n = {0};
    static const char *const src[] = {
        "p cnf 1 1\n1 0\n",
        "p cnf 1 1\n-1 0\n",
        "p cnf 1 2\n1 0\n-1 0\n",
        "p cnf 1 1\n1 -1 0\n",
        "p cnf 1 1\n1 1 0\n",
        "p cnf 1 2\n1 1 0\n-1 0\n",
        "p cnf 2 0\n",
        "p cnf 1 1\n0\n",
        "p cnf 2 2\n1 2 0\n0\n",
        "p cnf 0 1\n0\n",
        "p cnf 3 2\n1 -1 2 0\n-2 0\n",
    };
    int yes = 0;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
        check_context(true, (uint64_t)i, "%s", src[i]);
        one(&T7, src[i], &n, true);
        check_clear_context();
    }
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) yes += i < 2 || i == 3 || i == 4 || i == 6 || i == 10;
    CHECK_INT(n.sources, (int)(sizeof src / sizeof src[0]));
    CHECK_INT(n.yes, yes);
    printf("Theorem 7, small sources: %d sources (%d satisfiable), exact search settled %d, %d forward certificates\n",
           n.sources, n.yes, n.exact_settled, n.forwards);
}

/* The source Theorem 7 refuses: nothing to build. */
static void thm7_refused(void) {
    pl_cnf f;
    pl_error err = {0};
    if (!CHECK(pl_cnf_parse("(source)", "p cnf 0 0\n", 10, &f, &err) == 0)) return;
    char *level = reduction(&T7)->build(&f, "(source)", &err);
    char msg[512];
    pl_error_format(&err, msg, sizeof msg);
    CHECKF(level == NULL && strstr(msg, "no variables and no clauses") != NULL, "got '%s'", msg);
    free(level);
    pl_cnf_free(&f);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    uint64_t base = check_seed_from_env(20261201);
    const int scale = SANITIZED ? 4 : 1; /* the same checks on fewer sources under ASan (about 5x slower) */
    CHECK(reduction(&T2) != NULL && reduction(&T7) != NULL);
    forced_tree();
    refused();
    sources(&T2, base, 440 / scale, 1, false, true, "1-3 literals a clause");
    sources(&T2, base + 1000000u, 60 / scale, 3, false, false, "3 literals a clause");
    thm7_small();
    thm7_refused();
    sources(&T7, base + 2000000u, 330 / scale, 1, false, false, "1-3 literals a clause");
    sources(&T7, base + 3000000u, 170 / scale, 1, true, false, "1-3 literals, a variable may repeat");
    return check_done("test_buttons_reduce");
}
