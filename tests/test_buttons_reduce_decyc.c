/* Buttons & Scissors, Theorem 7's Lemma 2 alone (buttons reduce --from
 * decycling --theorem 7): Graph Decycling -> n x n, 2 colours, directions +,
 * sizes {2}, from any instance, run as an executable proof. On hundreds of
 * seeded random Graph Decycling sources of 1 to 6 vertices and 1 to 7
 * (self-loops now and then, 0 to 3 pairs), half of them yes by a brute force over all
 * 2^|S| choices:
 *  - the level is square, has two colours, directions + and sizes {2};
 *  - its side and button count are the formulas of docs/algorithms.md
 *    (computed here from the degrees), and the side is at most 4(n + m);
 *  - the SAT solver on the level agrees with the brute force, and its
 *    certificate lifts to a choice `decycling verify` accepts;
 *  - every choice that leaves the graph acyclic goes forward to cuts that
 *    clear the board and lift back to the same choice; a choice that leaves
 *    a cycle is refused by forward;
 *  - no cuts at all do not lift (every pair's tops are left to p);
 *  - the chain Lemma 3 (pl_decyc_lemma3) then Lemma 2 on tiny CNFs: the
 *    board is clearable iff the formula is satisfiable.
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
        if (strcmp(G->reductions[i].from, "decycling") == 0 && G->reductions[i].theorem == 7)
            return &G->reductions[i];
    return NULL;
}

/* Whether the vertices without removed[v] are acyclic: a closure. */
static bool brute_acyclic(const pl_decyc *d, const bool *removed) {
    int n = d->nvertices;
    bool r[8][8] = {{false}};
    for (int e = 0; e < d->narcs; e++) {
        int a = d->arc[e][0] - 1, b = d->arc[e][1] - 1;
        if (!removed[a + 1] && !removed[b + 1]) r[a][b] = true;
    }
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) r[i][j] = r[i][j] || (r[i][k] && r[k][j]);
    for (int i = 0; i < n; i++)
        if (r[i][i]) return false;
    return true;
}

static void choice(const pl_decyc *d, int mask, bool *removed) {
    memset(removed, 0, 8);
    for (int p = 0; p < d->npairs; p++) removed[d->pair[p][(mask >> p) & 1]] = true;
}

static bool brute(const pl_decyc *d) {
    bool removed[8];
    for (int mask = 0; mask < 1 << d->npairs; mask++) {
        choice(d, mask, removed);
        if (brute_acyclic(d, removed)) return true;
    }
    return false;
}

/* 1..maxn (at most 7) vertices, up to 2n arcs (self-loops now and then),
 * 0..min(3, n/2) pairs. */
static char *random_instance(pl_rng *r, int maxn) {
    int n = 1 + (int)pl_rng_below(r, (uint64_t)maxn), s = (int)pl_rng_below(r, (uint64_t)(n / 2 < 3 ? n / 2 : 3) + 1);
    int m = 1 + (int)pl_rng_below(r, (uint64_t)(2 * n));
    int perm[8];
    for (int i = 0; i < n; i++) perm[i] = i + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pl_rng_below(r, (uint64_t)i + 1), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    bool used[8][8] = {{false}};
    int arcs[16][2], na = 0;
    for (int e = 0; e < m; e++) {
        int a = 1 + (int)pl_rng_below(r, (uint64_t)n), b = 1 + (int)pl_rng_below(r, (uint64_t)n);
        if ((a == b && pl_rng_below(r, 4) != 0) || used[a][b]) continue;
        used[a][b] = true;
        arcs[na][0] = a, arcs[na][1] = b, na++;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "p decycling %d %d\n", n, na);
    for (int p = 0; p < s; p++) pl_sbuf_printf(&b, "s %d %d\n", perm[2 * p], perm[2 * p + 1]);
    for (int e = 0; e < na; e++) pl_sbuf_printf(&b, "a %d %d\n", arcs[e][0], arcs[e][1]);
    return b.s;
}

/* The side and the buttons docs/algorithms.md states for the source. */
static void expected_size(const pl_decyc *d, int *side, int *buttons) {
    int deg[8] = {0}, V = 0, G = 0, extra = 0;
    for (int e = 0; e < d->narcs; e++) deg[d->arc[e][0]]++;
    for (int x = 1; x <= d->nvertices; x++) {
        int k = deg[x], t = k == 0 ? 0 : k == 1 ? 2 : 4 * k - 4;
        V += 2 + t;
        G += 1 + t / 2;
        extra += k == 0 ? 2 : k == 1 ? 1 : 0;
    }
    int cols = G + d->narcs + extra + 2 * d->npairs;
    *side = V > cols ? V : cols;
    *buttons = 2 * V + 4 * d->npairs;
}

typedef struct counts {
    int sources, yes, no, forwards, refused, lifts, max_side, max_buttons;
} counts;

static void one(const char *text, counts *n) {
    const pl_reduction *r = reduction();
    const pl_problem *p = pl_problem_find("decycling");
    pl_decyc d;
    pl_error err = {0};
    if (!CHECKF(pl_decyc_parse("(source)", text, strlen(text), &d, &err) == 0, "source: %s", err.msg)) return;
    bool truth = brute(&d);
    char *level = r->build(&d, "(source)", &err);
    buttons_level *l = level ? gc_parse_loud(G, level) : NULL;
    if (CHECKF(l != NULL, "build: %s", err.msg)) {
        CHECK(strstr(level, "Theorem 7") && strstr(level, "Lemma 2"));
        CHECK_INT(l->rows, l->cols);
        CHECK_INT(l->ncolours, 2);
        CHECK_INT((int)l->directions, BUTTONS_H | BUTTONS_V);
        CHECK(!l->sizes_all && l->size_mask == 1u << 2);
        CHECK_INT(l->players, BUTTONS_SINGLE);
        int side, buttons;
        expected_size(&d, &side, &buttons);
        CHECK_INT(l->rows, side);
        CHECK_INT(l->nbuttons, buttons);
        CHECKF(l->rows <= 4 * (d.nvertices + d.narcs), "side %d > 4(n + m)", l->rows);
        if (l->rows > n->max_side) n->max_side = l->rows;
        if (l->nbuttons > n->max_buttons) n->max_buttons = l->nbuttons;
        /* the SAT solver on the board */
        pl_solution sol;
        gc_how how = {.node_limit = 50000000, .check_applies = true, .word = "cut", .goal = "clears the board"};
        pl_status st = gc_solve(G, gc_algorithm(G, "sat"), l, &how, &sol);
        CHECKF(st == (truth ? PL_SOLVED : PL_UNSOLVABLE), "sat says %s, the source is %s", pl_status_name(st),
               truth ? "yes" : "no");
        if (st == PL_SOLVED && gc_lifts(r, p, &d, &sol.moves, "the solver's certificate")) n->lifts++;
        pl_solution_free(&sol);
        /* every choice: forward, replay, lift back to itself */
        for (int mask = 0; mask < 1 << d.npairs; mask++) {
            bool removed[8];
            choice(&d, mask, removed);
            pl_strvec scert = {0}, moves = {0};
            pl_decyc_write_removal(&d, removed, &scert);
            pl_moves cm;
            pl_moves_from_strvec(&scert, "(choice)", &cm);
            int rc = r->forward(&d, &cm, &moves, &err);
            if (!brute_acyclic(&d, removed)) {
                CHECKF(rc != 0, "forward accepts choice %d, which leaves a cycle", mask);
                n->refused++;
            } else if (CHECKF(rc == 0, "forward: %s", err.msg) &&
                       gc_replay(G, l, &moves, "forward certificate", "cut", "clears the board")) {
                pl_moves mv;
                pl_moves_from_strvec(&moves, "(moves)", &mv);
                pl_strvec lifted = {0};
                char why[256] = "";
                if (CHECKF(r->lift(&d, &mv, &lifted, why, sizeof why) == 0, "lift: %s", why)) {
                    bool same = lifted.n == scert.n;
                    for (int i = 0; i < lifted.n && same; i++) same = strcmp(lifted.s[i], scert.s[i]) == 0;
                    CHECKF(same, "choice %d lifts to another choice", mask);
                }
                pl_strvec_free(&lifted);
                pl_moves_free(&mv);
                n->forwards++;
            }
            pl_moves_free(&cm);
            pl_strvec_free(&scert);
            pl_strvec_free(&moves);
        }
        /* no cuts: every pair's two tops are left, which is no choice */
        if (d.npairs > 0) {
            pl_strvec none = {0}, lifted = {0};
            pl_moves mv;
            pl_moves_from_strvec(&none, "(moves)", &mv);
            char why[256] = "";
            CHECK(r->lift(&d, &mv, &lifted, why, sizeof why) == 1 && strstr(why, "both cut with p"));
            pl_moves_free(&mv);
            pl_strvec_free(&lifted);
        }
        n->sources++;
        n->yes += truth, n->no += !truth;
        G->level_free(l);
    }
    free(level);
    pl_decyc_free(&d);
}

static void sources(uint64_t base, int count, int maxn) {
    counts n = {0};
    for (int i = 0; i < count; i++) {
        uint64_t seed = base + (uint64_t)i;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool want = i % 2 == 0;
        char *text = NULL;
        for (int tries = 0; tries < 1000; tries++) {
            free(text);
            text = random_instance(&rng, maxn);
            pl_decyc d;
            pl_error err = {0};
            if (pl_decyc_parse("(source)", text, strlen(text), &d, &err)) continue;
            bool yes = brute(&d);
            pl_decyc_free(&d);
            if (yes == want) break;
        }
        check_context(true, seed, "%s", text);
        one(text, &n);
        free(text);
        check_clear_context();
    }
    printf("Lemma 2 from decycling, 1..%d vertices: %d sources (%d yes, %d no), %d forward certificates, %d choices leaving a "
           "cycle refused, %d solver certificates lifted; boards up to %d x %d, %d buttons\n",
           maxn, n.sources, n.yes, n.no, n.forwards, n.refused, n.lifts, n.max_side, n.max_side, n.max_buttons);
    CHECK_INT(n.sources, count);
    CHECK(n.yes >= count / 3 && n.no >= count / 3);
    CHECK_INT(n.lifts, n.yes);
}

/* The chain Lemma 3 then Lemma 2 (pl_decyc_lemma3, then this reduction) on
 * tiny random CNFs (1-2 variables, 1-2 clauses of 0-2 literals): the board
 * is clearable iff the formula is satisfiable; the decycling solver's choice
 * goes forward to a clearing, and the SAT solver's clearing lifts to a choice
 * `decycling verify` accepts. */
static void chain(uint64_t base, int count) {
    const pl_reduction *r = reduction();
    const pl_problem *p = pl_problem_find("decycling");
    int yes = 0, no = 0, lifts = 0, forwards = 0, max_side = 0;
    for (int it = 0; it < count; it++) {
        pl_rng rng;
        pl_rng_seed(&rng, base + (uint64_t)it);
        int nv = 1 + (int)pl_rng_below(&rng, 2), nc = 1 + (int)pl_rng_below(&rng, 2);
        pl_sbuf b = {0};
        pl_sbuf_printf(&b, "p cnf %d %d\n", nv, nc);
        for (int j = 0; j < nc; j++) {
            int k = (int)pl_rng_below(&rng, 3);
            for (int i = 0; i < k; i++)
                pl_sbuf_printf(&b, "%d ", (pl_rng_below(&rng, 2) ? 1 : -1) * (1 + (int)pl_rng_below(&rng, (uint64_t)nv)));
            pl_sbuf_printf(&b, "0\n");
        }
        check_context(true, base + (uint64_t)it, "%s", b.s);
        pl_cnf f;
        pl_error err = {0};
        if (!CHECKF(pl_cnf_parse("(cnf)", b.s, strlen(b.s), &f, &err) == 0, "cnf: %s", err.msg)) {
            free(b.s);
            continue;
        }
        bool sat = false;
        for (int a = 0; a < 1 << nv && !sat; a++) {
            bool ok = true;
            for (int j = 0; j < f.nclauses && ok; j++) {
                bool c = false;
                for (int i = f.start[j]; i < f.start[j + 1] && !c; i++)
                    c = (((a >> (abs(f.lit[i]) - 1)) & 1) != 0) == (f.lit[i] > 0);
                ok = c;
            }
            sat = ok;
        }
        int var_pair[2], occ_pair[4];
        pl_decyc d;
        pl_decyc_lemma3(&f, &d, var_pair, occ_pair);
        char *level = r->build(&d, "(lemma 3)", &err);
        buttons_level *l = level ? gc_parse_loud(G, level) : NULL;
        if (CHECKF(l != NULL, "build: %s", err.msg)) {
            if (l->rows > max_side) max_side = l->rows;
            pl_solution sol;
            gc_how how = {.node_limit = 50000000, .check_applies = true, .word = "cut", .goal = "clears the board"};
            pl_status st = gc_solve(G, gc_algorithm(G, "sat"), l, &how, &sol);
            CHECKF(st == (sat ? PL_SOLVED : PL_UNSOLVABLE), "sat says %s, the formula is %s", pl_status_name(st),
                   sat ? "satisfiable" : "unsatisfiable");
            if (st == PL_SOLVED && gc_lifts(r, p, &d, &sol.moves, "the solver's certificate")) lifts++;
            pl_solution_free(&sol);
            bool *removed = calloc((size_t)d.nvertices + 1, 1);
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            if (pl_decyc_solve(&d, &lim, removed) == 1) {
                pl_strvec scert = {0}, moves = {0};
                pl_decyc_write_removal(&d, removed, &scert);
                pl_moves cm;
                pl_moves_from_strvec(&scert, "(choice)", &cm);
                if (CHECKF(r->forward(&d, &cm, &moves, &err) == 0, "forward: %s", err.msg) &&
                    gc_replay(G, l, &moves, "forward certificate", "cut", "clears the board"))
                    forwards++;
                pl_moves_free(&cm);
                pl_strvec_free(&scert);
                pl_strvec_free(&moves);
            }
            free(removed);
            G->level_free(l);
        }
        yes += sat, no += !sat;
        free(level);
        pl_decyc_free(&d);
        pl_cnf_free(&f);
        free(b.s);
        check_clear_context();
    }
    printf("Lemma 3 then Lemma 2: %d CNFs (%d satisfiable, %d not), %d forward clearings, %d clearings lifted; boards "
           "up to %d x %d\n",
           count, yes, no, forwards, lifts, max_side, max_side);
    CHECK_INT(forwards, yes);
    CHECK_INT(lifts, yes);
    CHECK(yes > 0 && no > 0);
}

/* A graph with no vertices: nothing to build. */
static void refused(void) {
    pl_decyc d;
    pl_error err = {0};
    if (!CHECK(pl_decyc_parse("(source)", "p decycling 0 0\n", 16, &d, &err) == 0)) return;
    char *level = reduction()->build(&d, "(source)", &err);
    CHECKF(level == NULL && strstr(err.msg, "no vertices") != NULL, "got '%s'", err.msg);
    free(level);
    pl_decyc_free(&d);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    uint64_t base = check_seed_from_env(20261127);
    const int scale = SANITIZED ? 5 : 1; /* the same checks on fewer sources under ASan */
    if (!CHECK(reduction() != NULL)) return check_done("test_buttons_reduce_decyc");
    refused();
    sources(base, 500 / scale, 6);
    sources(base + 1000000u, 200 / scale, 7);
    chain(base + 2000000u, 16 / (SANITIZED ? 2 : 1));
    return check_done("test_buttons_reduce_decyc");
}
