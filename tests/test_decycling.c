/* Graph Decycling (src/problems/decycling.c), the source of Buttons &
 * Scissors' Lemma 2:
 *  - the backtracking solver against a brute force over all 2^|S| choices
 *    (acyclicity by a transitive closure, written here) on thousands of
 *    seeded random graphs of 1 to 9 vertices with self-loops and 0 to 4
 *    pairs; its certificates pass pl_decyc_check and the descriptor's verify;
 *  - the generator: --answer yes and no give what they promise, and a no has
 *    no cycle outside the pairs;
 *  - the parser's errors (file:line:col and what was expected), the
 *    verifier's named reasons, the node limit;
 *  - Lemma 3 (SAT -> Graph Decycling) on random CNFs: yes iff satisfiable,
 *    every satisfying assignment mapped to a valid choice.
 * PL_TEST_SEED=N changes the seeds; a failure prints the seed and the
 * instance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/problems.h"

/* Whether the vertices without removed[v] are acyclic: a closure. */
static bool brute_acyclic(const pl_decyc *d, const bool *removed) {
    int n = d->nvertices;
    bool r[10][10] = {{false}};
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

/* Whether some choice of one vertex a pair leaves the graph acyclic. */
static bool brute(const pl_decyc *d) {
    for (int mask = 0; mask < 1 << d->npairs; mask++) {
        bool removed[10] = {false};
        for (int p = 0; p < d->npairs; p++) removed[d->pair[p][(mask >> p) & 1]] = true;
        if (brute_acyclic(d, removed)) return true;
    }
    return false;
}

/* A random instance: 1..9 vertices, up to 2n arcs (self-loops now and
 * then), 0..min(4, n/2) pairs. */
static char *random_instance(pl_rng *r) {
    int n = 1 + (int)pl_rng_below(r, 9), s = (int)pl_rng_below(r, (uint64_t)(n / 2 < 4 ? n / 2 : 4) + 1);
    int m = (int)pl_rng_below(r, (uint64_t)(2 * n) + 1);
    int perm[10];
    for (int i = 0; i < n; i++) perm[i] = i + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pl_rng_below(r, (uint64_t)i + 1), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    bool used[10][10] = {{false}};
    int arcs[20][2], na = 0;
    for (int e = 0; e < m; e++) {
        int a = 1 + (int)pl_rng_below(r, (uint64_t)n), b = 1 + (int)pl_rng_below(r, (uint64_t)n);
        if (a == b && pl_rng_below(r, 4) != 0) continue; /* loops now and then */
        if (used[a][b]) continue;
        used[a][b] = true;
        arcs[na][0] = a, arcs[na][1] = b, na++;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "p decycling %d %d\n", n, na);
    for (int p = 0; p < s; p++) pl_sbuf_printf(&b, "s %d %d\n", perm[2 * p], perm[2 * p + 1]);
    for (int e = 0; e < na; e++) pl_sbuf_printf(&b, "a %d %d\n", arcs[e][0], arcs[e][1]);
    return b.s;
}

/* verify through the descriptor on certificate lines. */
static int verify_lines(const pl_decyc *d, const char *const *lines, int n, pl_verdict *v, pl_error *err) {
    pl_strvec sv = {0};
    for (int i = 0; i < n; i++) pl_strvec_push(&sv, lines[i]);
    pl_moves m;
    pl_moves_from_strvec(&sv, "c.txt", &m);
    memset(v, 0, sizeof *v);
    int rc = pl_problem_decycling.verify(d, &m, v, err);
    pl_moves_free(&m);
    pl_strvec_free(&sv);
    return rc;
}

static void against_brute(uint64_t base, int count) {
    int yes = 0, no = 0;
    for (int i = 0; i < count; i++) {
        pl_rng r;
        pl_rng_seed(&r, base + (uint64_t)i);
        char *text = random_instance(&r);
        check_context(true, base + (uint64_t)i, "%s", text);
        pl_decyc d;
        pl_error err = {0};
        if (CHECKF(pl_decyc_parse("(t)", text, strlen(text), &d, &err) == 0, "parse: %s", err.msg)) {
            bool truth = brute(&d);
            bool removed[10];
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            int res = pl_decyc_solve(&d, &lim, removed);
            CHECKF(res == (truth ? 1 : 0), "solver %d, brute force %d", res, truth);
            if (res == 1) {
                char why[256] = "";
                CHECKF(pl_decyc_check(&d, removed, why, sizeof why), "certificate: %s", why);
                pl_strvec cert = {0};
                pl_decyc_write_removal(&d, removed, &cert);
                pl_verdict v;
                CHECK(verify_lines(&d, (const char *const *)cert.s, cert.n, &v, &err) == 0 && v.ok);
                pl_strvec_free(&cert);
            }
            yes += truth, no += !truth;
            pl_decyc_free(&d);
        }
        free(text);
        check_clear_context();
    }
    printf("decycling: %d random instances against brute force (%d yes, %d no)\n", count, yes, no);
    CHECK(yes >= count / 5 && no >= count / 5);
}

static void generator(uint64_t base, int count) {
    int checked = 0;
    for (int i = 0; i < count; i++) {
        char answer = i % 2 ? 'n' : 'y';
        int n = 6 + i % 4;
        pl_error err = {0};
        char *text = pl_decyc_random(n, n + n / 2 + i % 3, n / 3, answer, base + (uint64_t)i, &err);
        if (!CHECKF(text != NULL, "generate %c: %s", answer, err.msg)) continue;
        check_context(true, base + (uint64_t)i, "%s", text);
        pl_decyc d;
        if (CHECKF(pl_decyc_parse("(gen)", text, strlen(text), &d, &err) == 0, "parse: %s", err.msg)) {
            CHECKF(brute(&d) == (answer == 'y'), "generated --answer %c", answer);
            if (answer == 'n') {
                bool all[10] = {false};
                for (int v = 1; v <= d.nvertices; v++) all[v] = d.pair_of[v] >= 0;
                CHECK(brute_acyclic(&d, all));
            }
            checked++;
            pl_decyc_free(&d);
        }
        free(text);
        check_clear_context();
    }
    CHECK_INT(checked, count);
    /* what cannot be generated */
    pl_error err = {0};
    CHECK(pl_decyc_random(3, 2, 2, 'a', 1, &err) == NULL && strstr(err.msg, "2 pairs need 4 vertices"));
    CHECK(pl_decyc_random(4, 12, 1, 'y', 1, &err) == NULL && strstr(err.msg, "at most 9 arcs"));
    CHECK(pl_decyc_random(4, 0, 1, 'n', 1, &err) == NULL && strstr(err.msg, "were all yes-instances"));
}

static void parse_errors(void) {
    static const char *const bad[][2] = {
        {"a 1 2\n", "f:1:1: expected the header 'p decycling VERTICES ARCS' first"},
        {"c x\n", "f:1:1: expected the header 'p decycling VERTICES ARCS' (the file has none)"},
        {"p decycling 3 1\np decycling 3 1\n", "f:2:1: a second 'p' line"},
        {"p geography 3 1\n", "f:1:3: expected 'decycling'"},
        {"p decycling 3 2\na 1 2\n", "f:1:15: the header announces 2 arcs, the file has 1"},
        {"p decycling 3 1\na 1 2\na 2 3\n", "f:3:1: arc 2 is one more than the header's 1"},
        {"p decycling 3 1\na 1 4\n", "f:2:5: vertex 4 is outside 1..3"},
        {"p decycling 3 1\na 1\n", "f:2:4: expected the head (a whole number), found the end of the line"},
        {"p decycling 3 1\na 1 2 3\n", "f:2:7: expected the end of the line (an arc is 'a U V')"},
        {"p decycling 3 0\ns 1 1\n", "f:2:5: a pair of two vertices, not vertex 1 twice"},
        {"p decycling 3 0\ns 1 2\ns 3 2\n", "f:3:5: vertex 2 is already in the pair of line 2 (pairs are disjoint)"},
        {"p decycling 3 2\na 1 2\n  a 1 2\n", "f:3:3: the arc 1 -> 2 repeats line 2"},
        {"p decycling 3 0\nx 1 2\n", "f:2:1: expected an arc line 'a U V', a pair line 's U V'"},
        {"p decycling 2000000 0\n", "f:1:13: the number of vertices must be at most 1000000"},
        {"p decycling 3 0\ns 1 2 x\n", "f:2:7: expected the end of the line (a pair is 's U V')"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pl_decyc d;
        pl_error err = {0};
        char msg[512] = "";
        int rc = pl_decyc_parse("f", bad[i][0], strlen(bad[i][0]), &d, &err);
        if (rc == 0) pl_decyc_free(&d);
        else pl_error_format(&err, msg, sizeof msg);
        CHECKF(rc == -1 && strncmp(msg, bad[i][1], strlen(bad[i][1])) == 0, "input %zu: got '%s', expected '%s...'", i,
               msg, bad[i][1]);
    }
    /* comments, pairs before arcs, an empty graph */
    static const char *const good[] = {"c hi\np decycling 0 0\n", "p decycling 2 1\n# x\ns 1 2\nc y\na 2 2\n"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        pl_decyc d;
        pl_error err = {0};
        if (CHECKF(pl_decyc_parse("f", good[i], strlen(good[i]), &d, &err) == 0, "%s", err.msg)) pl_decyc_free(&d);
    }
}

static void verifier(void) {
    /* 1 <-> 2 with pair {1,3}; 3 -> 4 -> 3 with pair {4,5}; 6 in no pair */
    const char *text = "p decycling 6 4\ns 1 3\ns 4 5\na 1 2\na 2 1\na 3 4\na 4 3\n";
    pl_decyc d;
    pl_error err = {0};
    if (!CHECK(pl_decyc_parse("g", text, strlen(text), &d, &err) == 0)) return;
    static const struct {
        const char *lines[3];
        int n, rc;
        bool ok;
        const char *reason;
    } cases[] = {
        {{"1", "4"}, 2, 0, true, ""},
        {{"4", "1"}, 2, 0, true, ""},
        {{"3", "4"}, 2, 0, false, "a cycle is left: 1 -> 2 -> 1"},
        {{"1", "5"}, 2, 0, false, "a cycle is left: 3 -> 4 -> 3"},
        {{"1"}, 1, 0, false, "pair 2 (line 3: 4 5) has no vertex removed"},
        {{"1", "3"}, 2, 0, false, "both vertices of pair 1 (file line 2: 1 3) are removed (lines 1 and 2)"},
        {{"1", "1"}, 2, 0, false, "vertex 1 is removed twice (lines 1 and 2)"},
        {{"6", "1", "4"}, 3, 0, false, "vertex 6 (line 1) is in no removable pair"},
        {{"7"}, 1, -1, false, "c.txt:1:1: vertex 7: the graph has vertices 1..6"},
        {{"1 4"}, 1, -1, false, "c.txt:1:3: expected one vertex a line"},
        {{"x"}, 1, -1, false, "c.txt:1:1: expected a vertex"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pl_verdict v;
        int rc = verify_lines(&d, cases[i].lines, cases[i].n, &v, &err);
        char msg[512] = "";
        if (rc < 0) pl_error_format(&err, msg, sizeof msg);
        const char *got = rc < 0 ? msg : v.reason;
        CHECKF(rc == cases[i].rc && (rc < 0 || v.ok == cases[i].ok) &&
                   strncmp(got, cases[i].reason, strlen(cases[i].reason)) == 0,
               "case %zu: rc %d ok %d '%s', expected '%s'", i, rc, rc < 0 ? 0 : v.ok, got, cases[i].reason);
    }
    pl_decyc_free(&d);
}

/* A node limit of 1 on a search that needs more: unknown (-1); unlimited,
 * it says yes (the instance is one the search branches on). */
static void limits(void) {
    pl_error err = {0};
    char *text = pl_decyc_random(20, 70, 10, 'a', 2, &err);
    pl_decyc d;
    if (!CHECKF(text != NULL, "%s", err.msg) || !CHECK(pl_decyc_parse("l", text, strlen(text), &d, &err) == 0)) {
        free(text);
        return;
    }
    bool *removed = calloc((size_t)d.nvertices + 1, 1);
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    CHECK_INT(pl_decyc_solve(&d, &lim, removed), 1);
    uint64_t need = lim.nodes;
    CHECKF(need > 1, "the instance needs %llu nodes", (unsigned long long)need);
    pl_limits_init(&lim, 0, 1, 0);
    CHECK_INT(pl_decyc_solve(&d, &lim, removed), -1);
    CHECK_INT(lim.hit, PL_LIMIT_NODES);
    free(removed);
    pl_decyc_free(&d);
    free(text);
}

/* Lemma 3 (pl_decyc_lemma3, `generate --from-sat`): on random CNFs of 1-4
 * variables and 1-5 clauses of 0-3 literals (a variable may repeat), the
 * instance is yes iff the formula is satisfiable (the solver, checked above
 * against brute force, against a brute force over assignments), and every
 * satisfying assignment maps to a choice the checker accepts (x true:
 * remove x's vertex; a true occurrence: remove a', a false one: a). */
static void lemma3(uint64_t base, int count) {
    int yes = 0, no = 0, mapped = 0;
    for (int it = 0; it < count; it++) {
        pl_rng r;
        pl_rng_seed(&r, base + (uint64_t)it);
        int n = 1 + (int)pl_rng_below(&r, 4), m = 1 + (int)pl_rng_below(&r, 5);
        pl_sbuf b = {0};
        pl_sbuf_printf(&b, "p cnf %d %d\n", n, m);
        for (int j = 0; j < m; j++) {
            int k = (int)pl_rng_below(&r, 10) == 0 ? 0 : 1 + (int)pl_rng_below(&r, 3);
            for (int i = 0; i < k; i++)
                pl_sbuf_printf(&b, "%d ", (pl_rng_below(&r, 2) ? 1 : -1) * (1 + (int)pl_rng_below(&r, (uint64_t)n)));
            pl_sbuf_printf(&b, "0\n");
        }
        check_context(true, base + (uint64_t)it, "%s", b.s);
        pl_cnf f;
        pl_error err = {0};
        if (!CHECKF(pl_cnf_parse("(cnf)", b.s, strlen(b.s), &f, &err) == 0, "cnf: %s", err.msg)) {
            free(b.s);
            continue;
        }
        int L = f.start[f.nclauses], var_pair[4], occ_pair[16];
        pl_decyc d;
        pl_decyc_lemma3(&f, &d, var_pair, occ_pair);
        bool sat = false;
        bool *removed = calloc((size_t)d.nvertices + 1, 1);
        for (int a = 0; a < 1 << n; a++) {
            bool ok = true;
            for (int j = 0; j < f.nclauses && ok; j++) {
                bool c = false;
                for (int i = f.start[j]; i < f.start[j + 1] && !c; i++)
                    c = (((a >> (abs(f.lit[i]) - 1)) & 1) != 0) == (f.lit[i] > 0);
                ok = c;
            }
            if (!ok) continue;
            sat = true;
            memset(removed, 0, (size_t)d.nvertices + 1);
            for (int x = 0; x < n; x++) removed[d.pair[var_pair[x]][(a >> x) & 1 ? 0 : 1]] = true;
            for (int i = 0; i < L; i++) {
                bool t = (((a >> (abs(f.lit[i]) - 1)) & 1) != 0) == (f.lit[i] > 0);
                removed[d.pair[occ_pair[i]][t ? 1 : 0]] = true;
            }
            char why[256] = "";
            CHECKF(pl_decyc_check(&d, removed, why, sizeof why), "assignment %d: %s", a, why);
            mapped++;
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int res = pl_decyc_solve(&d, &lim, removed);
        CHECKF(res == (sat ? 1 : 0), "solver %d, the formula is %s", res, sat ? "satisfiable" : "unsatisfiable");
        if (res == 1) {
            char why[256] = "";
            CHECKF(pl_decyc_check(&d, removed, why, sizeof why), "certificate: %s", why);
        }
        yes += sat, no += !sat;
        free(removed);
        pl_decyc_free(&d);
        pl_cnf_free(&f);
        free(b.s);
        check_clear_context();
    }
    printf("decycling: Lemma 3 on %d random CNFs (%d satisfiable, %d not), %d satisfying assignments mapped to "
           "choices\n",
           count, yes, no, mapped);
    CHECK(yes >= count / 5 && no >= count / 5);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    uint64_t base = check_seed_from_env(20261127);
    const int scale = SANITIZED ? 4 : 1;
    parse_errors();
    verifier();
    against_brute(base, 4000 / scale);
    generator(base + 1000000u, 200 / scale);
    limits();
    lemma3(base + 2000000u, 400 / scale);
    return check_done("test_decycling");
}
