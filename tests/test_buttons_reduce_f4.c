/* Buttons & Scissors' Theorem 5 (3-SAT -> n x n, every colour at most four
 * buttons, directions *, sizes {2,3}) run as an executable proof. On 600
 * seeded random 3-SAT sources with 2 to 4 variables and 1 to 5 clauses of one
 * to three literals on distinct variables, half of them unsatisfiable, and
 * on 3-SAT proper (three literals a clause: yes-instances of 1..5 clauses,
 * no-instances of 8 clauses from the sat generator):
 *  - the level is square, no colour has more than four buttons, directions *
 *    and sizes {2,3}, and info reports them;
 *  - the number of buttons and the side are within the bounds docs/algorithms.md
 *    states (buttons <= 10m + 6L + 8n, side <= 12m + 3L + 3n + 7);
 *  - the SAT solver on the level (and exact search on the boards of at most
 *    40 buttons, when it settles them within a node budget) agrees with
 *    satisfiability by brute force over the assignments;
 *  - for every assignment over {true, false, free} that satisfies the
 *    formula, the forward certificate clears the board, and its lift gives
 *    back every variable that occurs unnegated (a free one as false), sets
 *    one that occurs only negated false and leaves one that never occurs
 *    free;
 *  - every solver certificate lifts to an assignment the sat verifier
 *    accepts.
 * Small sources one by one (exact search settles them) and the refused ones.
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

static const pl_reduction *reduction(void) {
    for (int i = 0; i < G->nreductions; i++)
        if (strcmp(G->reductions[i].from, "sat") == 0 && G->reductions[i].theorem == 5) return &G->reductions[i];
    return NULL;
}

/* A random CNF: nvars variables, nclauses clauses of lo..3 literals on
 * distinct variables. */
static char *random_cnf(pl_rng *rng, int nvars, int nclauses, int lo) {
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "p cnf %d %d\n", nvars, nclauses);
    for (int j = 0; j < nclauses; j++) {
        int hi = nvars < 3 ? nvars : 3, low = lo < hi ? lo : hi;
        int k = low + (int)pl_rng_below(rng, (uint64_t)(hi - low + 1)), used[8] = {0};
        for (int i = 0; i < k; i++) {
            int v;
            do v = 1 + (int)pl_rng_below(rng, (uint64_t)nvars);
            while (used[v]);
            used[v] = 1;
            pl_sbuf_printf(&b, "%d ", pl_rng_below(rng, 2) ? v : -v);
        }
        pl_sbuf_printf(&b, "0\n");
    }
    return b.s;
}

static bool satisfies(const pl_cnf *f, const signed char *value) {
    for (int j = 0; j < f->nclauses; j++) {
        bool ok = false;
        for (int i = f->start[j]; i < f->start[j + 1] && !ok; i++) ok = value[abs(f->lit[i])] == (f->lit[i] > 0);
        if (!ok) return false;
    }
    return true;
}

static bool satisfiable(const pl_cnf *f) {
    signed char value[16];
    for (int a = 0; a < 1 << f->nvars; a++) {
        for (int v = 1; v <= f->nvars; v++) value[v] = (signed char)((a >> (v - 1)) & 1);
        if (satisfies(f, value)) return true;
    }
    return false;
}

typedef struct counts {
    int sources, yes, no, exact_settled, forwards, lifts, max_side, max_buttons, max_colours;
} counts;

static void check_parameters(const pl_cnf *f, const buttons_level *l, const char *text) {
    CHECKF(strstr(text, "Theorem 5") != NULL, "the level's header names Theorem 5");
    CHECK_INT(l->rows, l->cols);
    CHECKF(l->max_frequency <= 4, "frequency %d", l->max_frequency);
    CHECK_INT((int)l->directions, BUTTONS_ALL_DIRECTIONS);
    CHECKF(!l->sizes_all && l->size_mask == ((1u << 2) | (1u << 3)), "sizes {2,3}");
    CHECK_INT(l->players, BUTTONS_SINGLE);
    /* the stated size bounds: m clauses, L literal occurrences, n variables */
    int m = f->nclauses, L = f->start[f->nclauses], n = f->nvars;
    CHECKF(l->nbuttons <= 10 * m + 6 * L + 8 * n, "%d buttons, bound %d", l->nbuttons, 10 * m + 6 * L + 8 * n);
    CHECKF(l->rows <= 12 * m + 3 * L + 3 * n + 7, "side %d, bound %d", l->rows, 12 * m + 3 * L + 3 * n + 7);
    json_t *o = json_object();
    G->level_info(l, o);
    CHECK_INT((int)json_integer_value(json_object_get(o, "rows")), l->rows);
    CHECK_STR(json_string_value(json_object_get(o, "directions")), "*");
    CHECK_STR(json_string_value(json_object_get(o, "sizes")), "{2,3}");
    json_decref(o);
}

/* How each variable occurs in f: 0 not at all (the lift leaves it free), 1
 * only negated (the lift sets it false: no rectangle of x can say true), 2
 * unnegated somewhere (the lift reads it from x's rectangles). */
static void occurring(const pl_cnf *f, int *occ) {
    for (int v = 0; v <= f->nvars; v++) occ[v] = 0;
    for (int i = 0; i < f->start[f->nclauses]; i++) {
        int v = abs(f->lit[i]);
        occ[v] = f->lit[i] > 0 ? 2 : occ[v] > 1 ? 2 : 1;
    }
}

static void forward(const pl_reduction *r, const pl_problem *p, const pl_cnf *f, const buttons_level *l,
                    const signed char *value, counts *n) {
    pl_strvec scert = {0}, moves = {0};
    pl_sat_write_assignment(f, value, &scert);
    pl_moves cm;
    pl_moves_from_strvec(&scert, "(assignment)", &cm);
    pl_error err = {0};
    if (CHECKF(r->forward(f, &cm, &moves, &err) == 0, "forward: %s", err.msg) &&
        gc_replay(G, l, &moves, "forward certificate", "cut", "clears the board") &&
        gc_lifts(r, p, f, &moves, "forward certificate")) {
        pl_moves mv, lm;
        pl_moves_from_strvec(&moves, "(moves)", &mv);
        pl_strvec lifted = {0};
        char why[256];
        signed char back[16];
        int occ[16];
        occurring(f, occ);
        if (r->lift(f, &mv, &lifted, why, sizeof why) == 0) {
            pl_moves_from_strvec(&lifted, "(lifted)", &lm);
            if (pl_sat_read_assignment(f, &lm, back, why, sizeof why, &err) == 0)
                for (int v = 1; v <= f->nvars; v++)
                    CHECKF(occ[v] == 2 ? back[v] == (value[v] == 1) : occ[v] == 1 ? back[v] == 0 : back[v] < 0,
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

static void one(const char *text, counts *n, bool exact) {
    const pl_reduction *r = reduction();
    const pl_problem *p = pl_problem_find("sat");
    pl_cnf f;
    pl_error err = {0};
    if (!CHECKF(pl_cnf_parse("(source)", text, strlen(text), &f, &err) == 0, "source: %s", err.msg)) return;
    bool truth = satisfiable(&f);
    char *level = r->build(&f, "(source)", &err);
    buttons_level *l = level ? gc_parse_loud(G, level) : NULL;
    if (CHECKF(l != NULL, "build: %s", err.msg)) {
        check_parameters(&f, l, level);
        if (l->rows > n->max_side) n->max_side = l->rows;
        if (l->nbuttons > n->max_buttons) n->max_buttons = l->nbuttons;
        if (l->ncolours > n->max_colours) n->max_colours = l->ncolours;
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
        if (exact && l->nbuttons <= 40) {
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
        signed char value[16];
        int total = 1;
        for (int v = 0; v < f.nvars; v++) total *= 3;
        for (int a = 0; a < total; a++) {
            for (int v = 1, x = a; v <= f.nvars; v++, x /= 3) value[v] = (signed char)(x % 3 == 2 ? -1 : x % 3);
            if (satisfies(&f, value)) forward(r, p, &f, l, value, n);
        }
        n->sources++;
        n->yes += truth, n->no += !truth;
        G->level_free(l);
    }
    free(level);
    pl_cnf_free(&f);
}

static char *draw(pl_rng *rng, int lo, bool want) {
    char *text = NULL;
    for (int tries = 0; tries < 1000; tries++) {
        int nvars = 2 + (int)pl_rng_below(rng, 3);
        int nclauses = (want ? 1 : 2) + (int)pl_rng_below(rng, want ? 5 : 4);
        free(text);
        text = random_cnf(rng, nvars, nclauses, lo);
        pl_cnf f;
        pl_error err = {0};
        if (pl_cnf_parse("(source)", text, strlen(text), &f, &err)) continue;
        bool s = satisfiable(&f);
        pl_cnf_free(&f);
        if (s == want) break;
    }
    return text;
}

static void sources(uint64_t base, int count, int lo, const char *what) {
    counts n = {0};
    for (int i = 0; i < count; i++) {
        uint64_t seed = base + (uint64_t)i;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool want = i % 2 == 0;
        char *text;
        if (lo == 3 && !want) {
            pl_error err = {0};
            text = pl_sat_random(3, 8, 'n', seed, &err);
            if (!CHECKF(text != NULL, "sat generator: %s", err.msg)) continue;
        } else {
            text = draw(&rng, lo, want);
        }
        check_context(true, seed, "%s", text);
        one(text, &n, lo < 3);
        free(text);
        check_clear_context();
    }
    printf("Theorem 5, %s: %d sources (%d satisfiable, %d not), %d forward certificates, %d solver certificates "
           "lifted, exact search settled %d; boards up to %d x %d, %d buttons, %d colours\n",
           what, n.sources, n.yes, n.no, n.forwards, n.lifts, n.exact_settled, n.max_side, n.max_side, n.max_buttons,
           n.max_colours);
    CHECK_INT(n.sources, count);
    CHECK(n.yes >= count / 3 && n.no >= count / 3);
}

/* Small sources: a clause of one literal, x and not x (both literals, hubs),
 * a literal three times (two rectangles of one literal). */
static void small(void) {
    counts n = {0};
    static const char *const src[] = {
        "p cnf 1 1\n1 0\n",
        "p cnf 1 1\n-1 0\n",
        "p cnf 1 2\n1 0\n-1 0\n",
        "p cnf 2 2\n1 2 0\n-1 0\n",
        "p cnf 2 3\n1 0\n1 2 0\n1 -2 0\n",
        "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n",
        "p cnf 3 1\n1 -2 3 0\n",
    };
    static const bool yes[] = {true, true, false, true, true, false, true};
    int want = 0;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
        check_context(true, (uint64_t)i, "%s", src[i]);
        one(src[i], &n, true);
        check_clear_context();
        want += yes[i];
    }
    CHECK_INT(n.sources, (int)(sizeof src / sizeof src[0]));
    CHECK_INT(n.yes, want);
    printf("Theorem 5, small sources: %d sources (%d satisfiable), exact search settled %d, %d forward certificates\n",
           n.sources, n.yes, n.exact_settled, n.forwards);
}

/* Sources outside 3-SAT, without clauses, or needing more than 62 colours
 * are refused. */
static void refused(void) {
    const pl_reduction *r = reduction();
    pl_sbuf big = {0};
    pl_sbuf_printf(&big, "p cnf 3 16\n");
    for (int j = 0; j < 16; j++) pl_sbuf_printf(&big, "1 2 3 0\n");
    const char *bad[][2] = {
        {"p cnf 3 2\n1 2 0\n1 -1 3 0\n", "(source):3:1: clause 2 has the variable 1 twice"},
        {"p cnf 4 1\n1 2 3 4 0\n", "(source):2:1: clause 1 has 4 literals"},
        {"p cnf 2 2\n1 2 0\n0\n", "(source):3:1: clause 2 has 0 literals"},
        {"p cnf 2 0\n", "(source):1:1: the formula has no clauses"},
        {big.s, "(source):1:1: the construction needs"},
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
    free(big.s);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    uint64_t base = check_seed_from_env(20261127);
    const int scale = SANITIZED ? 5 : 1; /* the same checks on fewer sources under ASan */
    CHECK(reduction() != NULL);
    refused();
    small();
    sources(base, 600 / scale, 1, "1-3 literals a clause");
    sources(base + 1000000u, 60 / scale, 3, "3 literals a clause");
    return check_done("test_buttons_reduce_f4");
}
