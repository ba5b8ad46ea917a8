/* Planar 3-SAT with its embedding (src/problems/planar_sat.c), the source of
 * Buttons & Scissors' Theorem 6:
 *  - the parser's errors, each at its line and column, including every way
 *    two combs on one side can cross (interleaved spans; nested spans with a
 *    leg of the outer clause inside the inner one, for both orders of the
 *    clauses), and the drawings it must accept (apart, touching at an end
 *    variable, nested between two legs, on opposite sides);
 *  - the rule itself against a drawing: for every pair of small clauses on
 *    one side, compatible iff a brute force finds bar heights and leg places
 *    (each leg at its variable, shifted left or right of the other legs
 *    there) with no leg crossing a bar;
 *  - 600 generated formulas (yes, no, any): they parse, CaDiCaL's answer
 *    agrees with brute force over the assignments, its certificates verify,
 *    a flipped certificate is rejected, yes is satisfiable and no is not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/problems.h"

static const pl_problem *P;

static void *load(const char *text, pl_error *err) {
    return P->parse("(f)", text, strlen(text), err);
}

static void errors(void) {
    static const char *const bad[][2] = {
        {"above 1 0\n", "(f):1:1: expected the header 'p planar-sat VARIABLES CLAUSES' before the clauses"},
        {"p planar-sat 3\n", "(f):1:15: "},
        {"p cnf 3 1\n", "(f):1:3: expected 'planar-sat'"},
        {"p planar-sat 3 1\nside 1 0\n", "(f):2:1: expected 'above' or 'below'"},
        {"p planar-sat 3 1\nabove 1 2\n", "(f):2:10: clause 1 is not ended by 0 on its line"},
        {"p planar-sat 3 1\nabove 1 4 0\n", "(f):2:9: literal 4 names variable 4, but the header says 3 variables"},
        {"p planar-sat 4 1\nabove 1 2 3 4 0\n", "(f):2:13: clause 1 has a fourth literal"},
        {"p planar-sat 3 1\nbelow 2 -2 0\n", "(f):2:9: clause 1 has the variable 2 twice"},
        {"p planar-sat 3 1\nabove 0\n", "(f):2:1: clause 1 has no literals"},
        {"p planar-sat 3 1\nabove 1 0 2\n", "(f):2:11: unexpected text after clause 1's 0"},
        {"p planar-sat 3 2\nabove 1 0\n", "(f):1:16: the header announces 2 clauses, the file has 1"},
        {"p planar-sat 3 1\nabove 1 0\nbelow 2 0\n", "(f):3:1: clause 2 is one more than the header's 1"},
        {"p planar-sat 3 1\np planar-sat 3 1\n", "(f):2:1: a second 'p' line"},
        {"c nothing\n", "(f):1:1: expected the header"},
        {"p planar-sat 4 2\nabove 1 3 0\nabove 2 4 0\n",
         "(f):3:1: clause 2 (above) crosses clause 1: its span 2..4 and the span 1..3 of clause 1 interleave"},
        {"p planar-sat 4 2\nbelow 2 4 0\nbelow 1 -3 0\n", "(f):3:1: clause 2 (below) crosses clause 1"},
        {"p planar-sat 5 2\nabove 1 3 5 0\nabove 2 4 0\n", "(f):3:1: clause 2 (above) crosses clause 1: its span 2..4 "
                                                          "and clause 1's span 1..5 are nested, but the outer one"},
        {"p planar-sat 5 2\nabove 2 4 0\nabove 1 -3 5 0\n", "(f):3:1: clause 2 (above) crosses clause 1"},
        {"p planar-sat 4 2\nabove 1 2 4 0\nabove 1 3 4 0\n", "(f):3:1: clause 2 (above) crosses clause 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pl_error err = {0};
        void *x = load(bad[i][0], &err);
        char msg[512];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(x == NULL && strncmp(msg, bad[i][1], strlen(bad[i][1])) == 0, "case %zu: got '%s', expected '%s...'", i,
               msg, bad[i][1]);
        if (x) P->free(x);
    }
    static const char *const good[] = {
        "p planar-sat 4 2\nabove 1 3 0\nbelow 2 4 0\n",          /* crossing spans on opposite sides */
        "p planar-sat 5 2\nabove 1 3 0\nabove 3 5 0\n",          /* touching at an end variable */
        "p planar-sat 5 2\nabove 1 5 0\nabove 2 -3 4 0\n",       /* nested between two legs */
        "p planar-sat 5 2\nabove 2 3 0\nabove 1 2 5 0\n",        /* the inner one first */
        "p planar-sat 4 2\nabove 1 2 4 0\nabove 2 4 0\n",        /* nested, sharing both ends */
        "p planar-sat 4 3\nabove 1 4 0\nabove 1 -4 0\nbelow 4 0\n", /* equal spans, no middle leg */
        "p planar-sat 2 0\n",
        "c comment\n# another\np planar-sat 1 2\nabove 1 0\nbelow -1 0\n",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        pl_error err = {0};
        void *x = load(good[i], &err);
        CHECKF(x != NULL, "good case %zu refused: %s", i, err.msg);
        if (x) P->free(x);
    }
}

/* Two combs on one side, drawn: bars at heights 1 and 2, each leg at its
 * variable v placed at 4v + s with s in {-1, 0, 1} (several legs at one
 * variable sit side by side). Crossing: a leg of the higher comb strictly
 * inside the lower bar's x-range, or two legs at one place. */
static bool drawable(const int *va, int ka, const int *vb, int kb) {
    for (int top = 0; top < 2; top++) {
        const int *vh = top ? va : vb, *vl = top ? vb : va;
        int kh = top ? ka : kb, kl = top ? kb : ka;
        /* every shift of every leg: 3^(kh + kl) */
        int total = 1;
        for (int i = 0; i < kh + kl; i++) total *= 3;
        for (int a = 0; a < total; a++) {
            int xh[3] = {0}, xl[3] = {0}, t = a;
            for (int i = 0; i < kh; i++, t /= 3) xh[i] = 4 * vh[i] + t % 3 - 1;
            for (int i = 0; i < kl; i++, t /= 3) xl[i] = 4 * vl[i] + t % 3 - 1;
            int lo = xl[0], hi = xl[0];
            for (int i = 1; i < kl; i++) lo = xl[i] < lo ? xl[i] : lo, hi = xl[i] > hi ? xl[i] : hi;
            bool ok = true;
            for (int i = 0; i < kh && ok; i++) {
                if (xh[i] > lo && xh[i] < hi) ok = false;
                for (int j = 0; j < kl; j++) ok &= xh[i] != xl[j];
            }
            if (ok) return true;
        }
    }
    return false;
}

static void rule_vs_drawing(void) {
    int tested = 0, accepted = 0;
    /* every pair of clauses of 1..3 variables among 1..5 */
    int sets[64][4], ns = 0;
    for (int mask = 1; mask < 32; mask++) {
        int k = 0, v[5];
        for (int b = 0; b < 5; b++)
            if (mask >> b & 1) v[k++] = b + 1;
        if (k > 3) continue;
        sets[ns][0] = k;
        for (int i = 0; i < k; i++) sets[ns][i + 1] = v[i];
        ns++;
    }
    for (int a = 0; a < ns; a++)
        for (int b = 0; b < ns; b++) {
            pl_sbuf t = {0};
            pl_sbuf_printf(&t, "p planar-sat 5 2\nabove");
            for (int i = 0; i < sets[a][0]; i++) pl_sbuf_printf(&t, " %d", sets[a][i + 1]);
            pl_sbuf_printf(&t, " 0\nabove");
            for (int i = 0; i < sets[b][0]; i++) pl_sbuf_printf(&t, " %d", sets[b][i + 1]);
            pl_sbuf_printf(&t, " 0\n");
            pl_error err = {0};
            void *x = load(t.s, &err);
            bool want = drawable(sets[a] + 1, sets[a][0], sets[b] + 1, sets[b][0]);
            CHECKF((x != NULL) == want, "%s: the parser says %s, the drawing %s", t.s, x ? "planar" : err.msg,
                   want ? "exists" : "does not");
            accepted += x != NULL;
            tested++;
            if (x) P->free(x);
            free(t.s);
        }
    printf("planar-sat: %d pairs of combs, %d drawable, the parser agrees on all\n", tested, accepted);
}

static bool brute(const pl_cnf *f) {
    signed char value[32];
    for (long a = 0; a < 1L << f->nvars; a++) {
        for (int v = 1; v <= f->nvars; v++) value[v] = (signed char)((a >> (v - 1)) & 1);
        bool all = true;
        for (int c = 0; c < f->nclauses && all; c++) {
            bool ok = false;
            for (int i = f->start[c]; i < f->start[c + 1]; i++) ok |= value[abs(f->lit[i])] == (f->lit[i] > 0);
            all = ok;
        }
        if (all) return true;
    }
    return false;
}

static void generated(uint64_t base) {
    int counts[3][2] = {{0}}, sides[2] = {0, 0};
    const char answers[3] = {'y', 'n', 'a'};
    for (int i = 0; i < 600; i++) {
        uint64_t seed = base + (uint64_t)i;
        pl_rng r;
        pl_rng_seed(&r, seed);
        int a = i % 3, n = 2 + (int)pl_rng_below(&r, 7), m = 1 + (int)pl_rng_below(&r, 10);
        if (answers[a] == 'n') n = 2 + (int)pl_rng_below(&r, 3), m = 6 + (int)pl_rng_below(&r, 5);
        pl_error err = {0};
        char *text = pl_planar_sat_random(n, m, answers[a], seed, &err);
        check_context(true, seed, "n %d m %d answer %c", n, m, answers[a]);
        if (!CHECKF(text != NULL, "generate: %s", err.msg)) continue;
        check_context(true, seed, "%s", text);
        pl_planar_sat *p = load(text, &err);
        if (CHECKF(p != NULL, "the generated formula does not parse: %s", err.msg)) {
            bool truth = brute(&p->cnf);
            if (answers[a] == 'y') CHECK(truth);
            if (answers[a] == 'n') CHECK(!truth);
            counts[a][truth]++;
            for (int c = 0; c < p->cnf.nclauses; c++) sides[p->above[c] ? 1 : 0]++;
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            pl_opts none = {.n = 0};
            pl_request req = {.opts = &none, .seed = 1, .limits = &lim, .threads = 1};
            pl_solution sol;
            pl_solution_init(&sol);
            CHECK(P->solve(p, &req, &sol, &err) == 0);
            CHECKF(sol.status == (truth ? PL_SOLVED : PL_UNSOLVABLE), "cadical says %s", pl_status_name(sol.status));
            if (sol.status == PL_SOLVED) {
                pl_moves cm;
                pl_moves_from_strvec(&sol.moves, "(cert)", &cm);
                pl_verdict v = {0};
                CHECKF(P->verify(p, &cm, &v, &err) == 0 && v.ok, "verify: %s", v.reason);
                pl_moves_free(&cm);
                /* flip every literal: some clause fails (each has a literal the model made true... or all clauses
                 * would hold under the complement too; check the verifier against brute evaluation) */
                pl_strvec flipped = {0};
                signed char value[32];
                bool all = true;
                for (int k = 0; k < sol.moves.n; k++) {
                    int lit = -atoi(sol.moves.s[k]);
                    value[abs(lit)] = lit > 0;
                    char buf[16];
                    snprintf(buf, sizeof buf, "%d", lit);
                    pl_strvec_push(&flipped, buf);
                }
                for (int c = 0; c < p->cnf.nclauses && all; c++) {
                    bool ok = false;
                    for (int q = p->cnf.start[c]; q < p->cnf.start[c + 1]; q++)
                        ok |= value[abs(p->cnf.lit[q])] == (p->cnf.lit[q] > 0);
                    all = ok;
                }
                pl_moves_from_strvec(&flipped, "(flipped)", &cm);
                pl_verdict w = {0};
                CHECK(P->verify(p, &cm, &w, &err) == 0);
                CHECKF(w.ok == all, "verify says %s on the complement, evaluation %s", w.ok ? "valid" : w.reason,
                       all ? "satisfies" : "fails");
                pl_moves_free(&cm);
                pl_strvec_free(&flipped);
            }
            pl_solution_free(&sol);
            P->free(p);
        }
        free(text);
        check_clear_context();
    }
    printf("planar-sat generate: yes %d/%d satisfiable, no %d/%d unsatisfiable, any %d satisfiable %d not; %d clauses "
           "above, %d below\n",
           counts[0][1], counts[0][0] + counts[0][1], counts[1][0], counts[1][0] + counts[1][1], counts[2][1],
           counts[2][0], sides[1], sides[0]);
    CHECK(sides[0] > 100 && sides[1] > 100);
    CHECK(counts[2][0] > 0 && counts[2][1] > 0);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    P = pl_problem_find("planar-sat");
    if (!CHECK(P != NULL)) return check_done("test_planar_sat");
    errors();
    rule_vs_drawing();
    generated(check_seed_from_env(20261127));
    return check_done("test_planar_sat");
}
