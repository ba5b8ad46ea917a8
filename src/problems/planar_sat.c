/* Planar 3-SAT with its embedding, the source of Buttons & Scissors' Theorem
 * 6 (Lichtenstein 1982; the form of Knuth and Raghunathan 1992): the
 * variables stand in order on a horizontal line and every clause is drawn
 * above or below it as a comb, a horizontal bar with a vertical leg down (or
 * up) to each of its variables. The file says which side each clause is on;
 * the drawing is planar iff, on each side, any two clauses' spans (from their
 * smallest to their largest variable) are disjoint (sharing at most an end
 * variable) or nested, and the outer clause of a nested pair has no leg
 * strictly inside the inner one's span (the inner comb sits under the
 * outer bar, between two of its legs; legs that meet at one variable attach
 * side by side). Closing the variable line into a cycle through the outer
 * face gives Lichtenstein's variable cycle, so these are the planar
 * formulas of the paper. The parser checks exactly that, pair by pair on
 * each side (O(m^2) for m clauses), and names the two clauses that cross.
 *
 * Solved by CaDiCaL as plain CNF (planarity does not help a SAT solver);
 * certificates are assignments, as for `sat`. The generator draws clauses
 * whose spans fit the ones already drawn on their side (short spans, so
 * that most draws fit), planted (yes) or checked unsatisfiable (no). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

void pl_planar_sat_free(pl_planar_sat *p) {
    pl_cnf_free(&p->cnf);
    free(p->above);
    p->above = NULL;
}

/* A clause's span and its variables (1..3 of them, distinct). */
typedef struct span {
    int lo, hi, n, v[3];
} span;

static span span_of(const int *lit, int k) {
    span s = {.lo = 1 << 30, .hi = 0, .n = k};
    for (int i = 0; i < k; i++) {
        s.v[i] = abs(lit[i]);
        if (s.v[i] < s.lo) s.lo = s.v[i];
        if (s.v[i] > s.hi) s.hi = s.v[i];
    }
    return s;
}

/* Whether `outer` has a leg strictly inside inner's span. */
static bool leg_inside(const span *outer, const span *inner) {
    for (int i = 0; i < outer->n; i++)
        if (outer->v[i] > inner->lo && outer->v[i] < inner->hi) return true;
    return false;
}

/* Whether two clauses on one side can be drawn without crossing; when not,
 * why says how (a is the earlier clause, numbered ia). */
static bool compatible(const span *a, const span *b, int ia, char *why, size_t n) {
    if (a->hi <= b->lo || b->hi <= a->lo) return true; /* apart, or meeting at an end variable */
    if ((a->lo < b->lo && b->lo < a->hi && a->hi < b->hi) || (b->lo < a->lo && a->lo < b->hi && b->hi < a->hi)) {
        if (why)
            snprintf(why, n, "its span %d..%d and the span %d..%d of clause %d interleave", b->lo, b->hi, a->lo, a->hi,
                     ia);
        return false;
    }
    bool a_outer = a->lo <= b->lo && b->hi <= a->hi, b_outer = b->lo <= a->lo && a->hi <= b->hi;
    if ((a_outer && !leg_inside(a, b)) || (b_outer && !leg_inside(b, a))) return true;
    if (why)
        snprintf(why, n, "its span %d..%d and clause %d's span %d..%d are nested, but the outer one has a leg inside "
                 "the inner one",
                 b->lo, b->hi, ia, a->lo, a->hi);
    return false;
}

int pl_planar_sat_parse(const char *file, const char *data, size_t len, pl_planar_sat *p, pl_error *err) {
    memset(p, 0, sizeof *p);
    pl_cnf *f = &p->cnf;
    snprintf(f->file, sizeof f->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0, rc;
    size_t cap = 16;
    f->start = pl_xmalloc((cap + 1) * sizeof *f->start);
    f->lit = pl_xmalloc(3 * cap * sizeof *f->lit);
    f->line = pl_xmalloc(cap * sizeof *f->line);
    f->col = pl_xmalloc(cap * sizeof *f->col);
    p->above = pl_xmalloc(cap * sizeof *p->above);
    f->start[0] = 0;
    span *spans = pl_xmalloc(cap * sizeof *spans);
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        if (L.s[i] == 'p' && (i + 1 == L.n || L.s[i + 1] == ' ' || L.s[i + 1] == '\t')) {
            if (header) {
                pl_error_set(err, file, L.line, i + 1,
                             "a second 'p' line (the header is 'p planar-sat VARIABLES CLAUSES', once)");
                goto fail;
            }
            long v;
            int vcol;
            if (pl_line_header(&L, i, "planar-sat", "VARIABLES", "CLAUSES", &v, &vcol, &announced, &header_col, err))
                goto fail;
            f->nvars = (int)v;
            header = true;
            header_line = L.line;
            continue;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1,
                         "expected the header 'p planar-sat VARIABLES CLAUSES' before the clauses");
            goto fail;
        }
        int at = i;
        bool above;
        if (L.n - i >= 5 && strncmp(L.s + i, "above", 5) == 0 && (i + 5 == L.n || L.s[i + 5] == ' ' || L.s[i + 5] == '\t'))
            above = true, i += 5;
        else if (L.n - i >= 5 && strncmp(L.s + i, "below", 5) == 0 &&
                 (i + 5 == L.n || L.s[i + 5] == ' ' || L.s[i + 5] == '\t'))
            above = false, i += 5;
        else {
            pl_error_set(err, file, L.line, i + 1,
                         "expected 'above' or 'below' (a clause is 'above|below LITERALS 0', on one line)");
            goto fail;
        }
        if (f->nclauses >= announced) {
            pl_error_set(err, file, L.line, at + 1, "clause %d is one more than the header's %ld (line %d)",
                         f->nclauses + 1, announced, header_line);
            goto fail;
        }
        if ((size_t)f->nclauses + 1 > cap) {
            cap *= 2;
            f->start = pl_xrealloc(f->start, (cap + 1) * sizeof *f->start);
            f->lit = pl_xrealloc(f->lit, 3 * cap * sizeof *f->lit);
            f->line = pl_xrealloc(f->line, cap * sizeof *f->line);
            f->col = pl_xrealloc(f->col, cap * sizeof *f->col);
            p->above = pl_xrealloc(p->above, cap * sizeof *p->above);
            spans = pl_xrealloc(spans, cap * sizeof *spans);
        }
        int c = f->nclauses, k = 0, *lit = f->lit + f->start[c];
        for (;;) {
            pl_line_skip(&L, &i);
            if (i >= L.n) {
                pl_error_set(err, file, L.line, i + 1, "clause %d is not ended by 0 on its line", c + 1);
                goto fail;
            }
            int lc = i;
            long x;
            if (pl_line_int(&L, &i, &x, "a literal", err)) goto fail;
            if (x == 0) break;
            if (x > f->nvars || -x > f->nvars) {
                pl_error_set(err, file, L.line, lc + 1, "literal %ld names variable %ld, but the header says %d variable%s",
                             x, x < 0 ? -x : x, f->nvars, f->nvars == 1 ? "" : "s");
                goto fail;
            }
            if (k == 3) {
                pl_error_set(err, file, L.line, lc + 1,
                             "clause %d has a fourth literal (planar 3-SAT: one to three literals a clause)", c + 1);
                goto fail;
            }
            for (int j = 0; j < k; j++)
                if (abs(lit[j]) == (x < 0 ? -x : x)) {
                    pl_error_set(err, file, L.line, lc + 1,
                                 "clause %d has the variable %ld twice (a clause meets a variable once)", c + 1,
                                 x < 0 ? -x : x);
                    goto fail;
                }
            lit[k++] = (int)x;
        }
        if (k == 0) {
            pl_error_set(err, file, L.line, at + 1, "clause %d has no literals (planar 3-SAT: one to three)", c + 1);
            goto fail;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            pl_error_set(err, file, L.line, i + 1, "unexpected text after clause %d's 0", c + 1);
            goto fail;
        }
        spans[c] = span_of(lit, k);
        char why[200];
        for (int o = 0; o < c; o++)
            if ((p->above[o] != 0) == above && !compatible(&spans[o], &spans[c], o + 1, why, sizeof why)) {
                pl_error_set(err, file, L.line, at + 1, "clause %d (%s) crosses clause %d: %s", c + 1,
                             above ? "above" : "below", o + 1, why);
                goto fail;
            }
        p->above[c] = above;
        f->line[c] = L.line, f->col[c] = at + 1;
        f->start[c + 1] = f->start[c] + k;
        f->nclauses++;
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1,
                     "expected the header 'p planar-sat VARIABLES CLAUSES' (the file has none)");
        goto fail;
    }
    if (f->nclauses != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld clause%s, the file has %d",
                     announced, announced == 1 ? "" : "s", f->nclauses);
        goto fail;
    }
    free(spans);
    return 0;
fail:
    free(spans);
    pl_planar_sat_free(p);
    return -1;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_planar_sat *p = pl_xmalloc(sizeof *p);
    if (pl_planar_sat_parse(file, data, len, p, err)) {
        free(p);
        return NULL;
    }
    return p;
}

static void free_instance(void *p) {
    if (!p) return;
    pl_planar_sat_free(p);
    free(p);
}

static void info(const void *x, json_t *o) {
    const pl_planar_sat *p = x;
    const pl_cnf *f = &p->cnf;
    int above = 0;
    for (int c = 0; c < f->nclauses; c++) above += p->above[c] != 0;
    json_object_set_new(o, "variables", json_integer(f->nvars));
    json_object_set_new(o, "clauses", json_integer(f->nclauses));
    json_object_set_new(o, "literals", json_integer(f->start[f->nclauses]));
    json_object_set_new(o, "above", json_integer(above));
    json_object_set_new(o, "below", json_integer(f->nclauses - above));
    json_object_set_new(o, "three_literals", json_boolean(pl_cnf_three_literals(f)));
    json_object_set_new(o, "embedding", json_string("planar (checked when read)"));
}

static int solve(const void *x, const pl_request *req, pl_solution *out, pl_error *err) {
    const pl_planar_sat *p = x;
#ifndef PL_HAVE_CADICAL
    (void)req, (void)out, (void)p;
    return pl_error_set(err, NULL, 0, 0, "planar-sat: CaDiCaL is not available in this build (apt-get install libcadical-dev)");
#else
    (void)err;
    signed char *value = pl_xcalloc((size_t)p->cnf.nvars + 1, 1);
    int r = pl_sat_solve(&p->cnf, req->limits, value);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_sat_write_assignment(&p->cnf, value, &out->moves);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "unsatisfiable (CaDiCaL)");
    } else {
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits->hit;
    }
    free(value);
    return 0;
#endif
}

static int verify(const void *x, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_planar_sat *p = x;
    const pl_cnf *f = &p->cnf;
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    int rc = pl_sat_read_assignment(f, cert, value, v->reason, sizeof v->reason, err);
    if (rc < 0) {
        free(value);
        return -1;
    }
    v->ok = rc == 0 && pl_sat_check(f, value, v->reason, sizeof v->reason);
    int assigned = 0;
    for (int i = 1; i <= f->nvars; i++) assigned += value[i] >= 0;
    v->nvalues = 1;
    v->value_name[0] = "assigned";
    v->value[0] = assigned;
    free(value);
    return 0;
}

/* ---------- generator ---------- */

char *pl_planar_sat_random(int nvars, int nclauses, char answer, uint64_t seed, pl_error *err) {
    if (nvars < 1) {
        pl_error_set(err, NULL, 0, 0, "planar-sat generate: --vars must be at least 1");
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_cnf f = {.nvars = nvars, .nclauses = nclauses};
    f.lit = pl_xmalloc(((size_t)nclauses * 3 + 1) * sizeof *f.lit);
    f.start = pl_xmalloc(((size_t)nclauses + 1) * sizeof *f.start);
    f.line = pl_xcalloc((size_t)nclauses + 1, sizeof *f.line);
    f.col = pl_xcalloc((size_t)nclauses + 1, sizeof *f.col);
    bool *above = pl_xmalloc((size_t)nclauses + 1);
    span *spans = pl_xmalloc(((size_t)nclauses + 1) * sizeof *spans);
    signed char *hidden = pl_xmalloc((size_t)nvars + 1), *model = pl_xmalloc((size_t)nvars + 1);
    const int tries = answer == 'n' ? 20000 : 1;
    bool found = false, stuck = false, no_solver = false;
    for (int t = 0; t < tries && !found && !stuck; t++) {
        for (int v = 1; v <= nvars; v++) hidden[v] = (signed char)pl_rng_below(&r, 2);
        f.start[0] = 0;
        for (int c = 0; c < nclauses && !stuck; c++) {
            int *lit = f.lit + f.start[c], k = 0;
            bool placed = false;
            for (int attempt = 0; attempt < 400 && !placed; attempt++) {
                k = 1 + (int)pl_rng_below(&r, (uint64_t)(nvars < 3 ? nvars : 3));
                int width = k + (int)pl_rng_below(&r, 3); /* variables lo .. lo + width - 1 */
                if (width > nvars) width = nvars;
                int lo = 1 + (int)pl_rng_below(&r, (uint64_t)(nvars - width + 1)), pool[8], np = width;
                for (int i = 0; i < np; i++) pool[i] = lo + i;
                for (int i = 0; i < k; i++) { /* k distinct of the pool */
                    int j = i + (int)pl_rng_below(&r, (uint64_t)(np - i)), tmp = pool[i];
                    pool[i] = pool[j], pool[j] = tmp;
                    lit[i] = pl_rng_below(&r, 2) ? pool[i] : -pool[i];
                }
                if (answer == 'y') { /* planted: make one literal agree with the hidden assignment */
                    bool sat = false;
                    for (int i = 0; i < k; i++) sat |= hidden[abs(lit[i])] == (lit[i] > 0);
                    if (!sat) lit[0] = -lit[0];
                }
                span s = span_of(lit, k);
                bool side = pl_rng_below(&r, 2);
                for (int sides = 0; sides < 2 && !placed; sides++, side = !side) {
                    bool ok = true;
                    for (int o = 0; o < c && ok; o++)
                        if (above[o] == side) ok = compatible(&spans[o], &s, o + 1, NULL, 0);
                    if (ok) placed = true, above[c] = side, spans[c] = s;
                }
            }
            if (!placed) stuck = true;
            f.start[c + 1] = f.start[c] + k;
        }
        if (stuck) break;
        if (answer != 'n') {
            found = true;
            break;
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int s = pl_sat_solve(&f, &lim, model);
        if (s < 0) {
            pl_error_set(err, NULL, 0, 0, "planar-sat generate --answer no needs CaDiCaL, which this build lacks");
            no_solver = true;
            break;
        }
        found = s == 0;
    }
    char *text = NULL;
    if (found) {
        pl_sbuf b = {0};
        pl_sbuf_printf(&b, "c random planar 3-SAT: %d variables, %d clauses of 1-3 literals%s; seed %llu\n", nvars,
                       nclauses, answer == 'y' ? ", planted: satisfiable" : answer == 'n' ? ", unsatisfiable" : "",
                       (unsigned long long)seed);
        pl_sbuf_printf(&b, "p planar-sat %d %d\n", nvars, nclauses);
        for (int c = 0; c < nclauses; c++) {
            pl_sbuf_printf(&b, "%s", above[c] ? "above" : "below");
            for (int i = f.start[c]; i < f.start[c + 1]; i++) pl_sbuf_printf(&b, " %d", f.lit[i]);
            pl_sbuf_printf(&b, " 0\n");
        }
        text = b.s;
    } else if (stuck) {
        pl_error_set(err, NULL, 0, 0,
                     "planar-sat generate: could not place %d planar clauses over %d variables; raise --vars", nclauses,
                     nvars);
    } else if (!no_solver) {
        pl_error_set(err, NULL, 0, 0,
                     "planar-sat generate: no unsatisfiable formula with %d variables and %d clauses in %d tries; "
                     "raise --clauses",
                     nvars, nclauses, tries);
    }
    free(hidden);
    free(model);
    free(above);
    free(spans);
    pl_cnf_free(&f);
    return text;
}

static const pl_option generate_options[] = {
    {"vars", "N", "number of variables (default 6)"},
    {"clauses", "M", "number of clauses (default N)"},
    {"answer", "yes|no|any",
     "yes: planted (every clause keeps a literal a hidden assignment makes true); no: drawn until CaDiCaL proves "
     "the formula unsatisfiable; any (default): as drawn"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m;
    uint64_t seed;
    if (pl_opts_long(o, "vars", 6, 1, 1000000, &n, err)) return NULL;
    if (pl_opts_long(o, "clauses", n, 0, 10000000, &m, err) || pl_opts_u64(o, "seed", 1, &seed, err)) return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_planar_sat_random((int)n, (int)m, answer, seed, err);
}

const pl_problem pl_problem_planar_sat = {
    .name = "planar-sat",
    .title = "Planar 3-SAT with its embedding",
    .summary = "3-SAT whose variable-clause graph is drawn planar: variables on a line, each clause above or below it",
    .format_help =
        "File: 'c' or '#' lines are comments; the header 'p planar-sat VARIABLES CLAUSES'; then one clause a line,\n"
        "'above' or 'below' followed by one to three literals on distinct variables (v or -v) and 0. The variables\n"
        "stand on a line in the order 1..VARIABLES; a clause is a comb on its side with a leg to each of its\n"
        "variables. On each side, two clauses' spans (smallest to largest variable) must be apart (sharing at most an\n"
        "end) or nested with no leg of the outer clause strictly inside the inner span; the parser rejects a\n"
        "crossing at the later clause, naming the other.\n"
        "Certificate: an assignment, one literal a line ('3' true, '-4' false), as for sat.\n",
    .parse = parse,
    .free = free_instance,
    .info = info,
    .algorithm = "cadical",
    .algorithm_result = "CaDiCaL (Biere et al.) on the formula; the embedding is checked when read",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
