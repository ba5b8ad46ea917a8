/* SAT in DIMACS CNF, the source of the 3-SAT reductions (3-SAT is `sat` on a
 * CNF whose clauses have three literals). Solved through CaDiCaL's C API
 * (Debian libcadical-dev): the field's solver, not ours. The certificate is
 * an assignment, one literal a line; verify also reads a SAT solver's own
 * output ("s SATISFIABLE", "v 1 -2 3 0" lines), so an assignment found by
 * any solver can be checked against the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PL_HAVE_CADICAL
#include <ccadical.h>
#endif

#include "text.h"

/* ---------- format ---------- */

void pl_cnf_free(pl_cnf *f) {
    free(f->lit);
    free(f->start);
    free(f->line);
    free(f->col);
    memset(f, 0, sizeof *f);
}

int pl_cnf_parse(const char *file, const char *data, size_t len, pl_cnf *f, pl_error *err) {
    memset(f, 0, sizeof *f);
    snprintf(f->file, sizeof f->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0;
    size_t nlit = 0, caplit = 64, capcl = 16;
    f->lit = pl_xmalloc(caplit * sizeof *f->lit);
    f->start = pl_xmalloc((capcl + 1) * sizeof *f->start);
    f->line = pl_xmalloc(capcl * sizeof *f->line);
    f->col = pl_xmalloc(capcl * sizeof *f->col);
    f->start[0] = 0;
    bool open = false; /* a clause has begun and not met its 0 */
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        if (L.s[i] == '%') break; /* SATLIB's end marker: the rest is not formula */
        if (L.s[i] == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1, "a second 'p' line (the header is 'p cnf VARIABLES CLAUSES', once)");
                goto fail;
            }
            if (open || f->nclauses > 0) {
                pl_error_set(err, file, L.line, i + 1, "the 'p cnf' header must come before the clauses");
                goto fail;
            }
            long v;
            int vars_col;
            if (pl_line_header(&L, i, "cnf", "VARIABLES", "CLAUSES", &v, &vars_col, &announced, &header_col, err))
                goto fail;
            f->nvars = (int)v;
            header = true;
            header_line = L.line;
            continue;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p cnf VARIABLES CLAUSES' before the clauses");
            goto fail;
        }
        for (;;) {
            pl_line_skip(&L, &i);
            if (i >= L.n) break;
            int at = i;
            long x;
            if (pl_line_int(&L, &i, &x, "a literal", err)) goto fail;
            if (x == 0) {
                if ((size_t)f->nclauses + 1 > capcl) {
                    capcl *= 2;
                    f->start = pl_xrealloc(f->start, (capcl + 1) * sizeof *f->start);
                    f->line = pl_xrealloc(f->line, capcl * sizeof *f->line);
                    f->col = pl_xrealloc(f->col, capcl * sizeof *f->col);
                }
                if (!open) f->line[f->nclauses] = L.line, f->col[f->nclauses] = at + 1;
                f->start[++f->nclauses] = (int)nlit;
                open = false;
                if (f->nclauses > announced) {
                    pl_error_set(err, file, L.line, at + 1,
                                 "clause %d is one more than the header's %ld (line %d: 'p cnf %d %ld')",
                                 f->nclauses, announced, header_line, f->nvars, announced);
                    goto fail;
                }
                continue;
            }
            if (x > f->nvars || -x > f->nvars) {
                pl_error_set(err, file, L.line, at + 1,
                             "literal %ld names variable %ld, but the header says %d variable%s", x, x < 0 ? -x : x,
                             f->nvars, f->nvars == 1 ? "" : "s");
                goto fail;
            }
            if (!open) {
                if ((size_t)f->nclauses + 1 > capcl) {
                    capcl *= 2;
                    f->start = pl_xrealloc(f->start, (capcl + 1) * sizeof *f->start);
                    f->line = pl_xrealloc(f->line, capcl * sizeof *f->line);
                    f->col = pl_xrealloc(f->col, capcl * sizeof *f->col);
                }
                f->line[f->nclauses] = L.line;
                f->col[f->nclauses] = at + 1;
                open = true;
            }
            if (nlit == caplit) {
                caplit *= 2;
                f->lit = pl_xrealloc(f->lit, caplit * sizeof *f->lit);
            }
            f->lit[nlit++] = (int)x;
        }
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1, "expected the header 'p cnf VARIABLES CLAUSES' (the file has none)");
        goto fail;
    }
    if (open) {
        pl_error_set(err, file, f->line[f->nclauses], f->col[f->nclauses],
                     "clause %d is not ended by 0 (every clause ends with a 0)", f->nclauses + 1);
        goto fail;
    }
    if (f->nclauses != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld clause%s, the file has %d",
                     announced, announced == 1 ? "" : "s", f->nclauses);
        goto fail;
    }
    return 0;
fail:
    pl_cnf_free(f);
    return -1;
}

bool pl_cnf_three_literals(const pl_cnf *f) {
    for (int c = 0; c < f->nclauses; c++)
        if (f->start[c + 1] - f->start[c] != 3) return false;
    return true;
}

bool pl_cnf_distinct_variables(const pl_cnf *f) {
    for (int c = 0; c < f->nclauses; c++)
        for (int i = f->start[c]; i < f->start[c + 1]; i++)
            for (int j = f->start[c]; j < i; j++)
                if (abs(f->lit[i]) == abs(f->lit[j])) return false;
    return true;
}

/* ---------- certificates ---------- */

int pl_sat_read_assignment(const pl_cnf *f, const pl_moves *cert, signed char *value, char *why, size_t n,
                           pl_error *err) {
    int *given = pl_xcalloc((size_t)f->nvars + 1, sizeof *given); /* line that set it */
    for (int v = 0; v <= f->nvars; v++) value[v] = -1;
    int rc = 0;
    for (int k = 0; k < cert->n && rc == 0; k++) {
        const char *t = cert->text[k];
        pl_lines L = {.file = cert->file, .s = t, .n = (int)strlen(t), .line = cert->line[k]};
        int i = 0;
        if (t[0] == 's' || (t[0] == 'c' && (t[1] == ' ' || t[1] == '\0'))) continue; /* a solver's status, comments */
        if (t[0] == 'v' && (t[1] == ' ' || t[1] == '\0')) i = 1;
        for (;;) {
            pl_line_skip(&L, &i);
            if (i >= L.n) break;
            int at = i;
            long x;
            if (pl_line_int(&L, &i, &x, "a literal", err)) {
                err->col += cert->col[k] - 1;
                rc = -1;
                break;
            }
            if (x == 0) continue;
            long var = x < 0 ? -x : x;
            if (var > f->nvars) {
                rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at,
                                  "literal %ld: the formula has %d variable%s", x, f->nvars, f->nvars == 1 ? "" : "s");
                break;
            }
            signed char val = x > 0;
            if (given[var] && value[var] != val) {
                snprintf(why, n, "variable %ld is given both values (lines %d and %d)", var, given[var], cert->line[k]);
                rc = 1;
                break;
            }
            value[var] = val;
            given[var] = cert->line[k];
        }
    }
    free(given);
    return rc;
}

bool pl_sat_check(const pl_cnf *f, const signed char *value, char *why, size_t n) {
    for (int c = 0; c < f->nclauses; c++) {
        bool sat = false;
        for (int i = f->start[c]; i < f->start[c + 1] && !sat; i++) {
            int l = f->lit[i];
            sat = value[abs(l)] == (l > 0);
        }
        if (!sat) {
            char lits[96] = "";
            size_t used = 0;
            for (int i = f->start[c]; i < f->start[c + 1] && used + 16 < sizeof lits; i++)
                used += (size_t)snprintf(lits + used, sizeof lits - used, "%s%d", i > f->start[c] ? " " : "", f->lit[i]);
            snprintf(why, n, "clause %d (line %d: %s%s) is not satisfied", c + 1, f->line[c], lits,
                     f->start[c + 1] == f->start[c] ? "the empty clause" : "");
            return false;
        }
    }
    return true;
}

void pl_sat_write_assignment(const pl_cnf *f, const signed char *value, pl_strvec *out) {
    for (int v = 1; v <= f->nvars; v++) {
        if (value[v] < 0) continue;
        char t[24];
        snprintf(t, sizeof t, "%d", value[v] ? v : -v);
        pl_strvec_push(out, t);
    }
}

/* ---------- solver ---------- */

#ifdef PL_HAVE_CADICAL
static int terminate_cb(void *p) {
    pl_limits *lim = p;
    return pl_limits_check_time(lim) ? 0 : 1;
}
#endif

int pl_sat_solve(const pl_cnf *f, pl_limits *lim, signed char *value) {
#ifdef PL_HAVE_CADICAL
    CCaDiCaL *s = ccadical_init();
    ccadical_set_option(s, "quiet", 1);
    for (int c = 0; c < f->nclauses; c++) {
        for (int i = f->start[c]; i < f->start[c + 1]; i++) ccadical_add(s, f->lit[i]);
        ccadical_add(s, 0);
    }
    if (lim->time_limit > 0) ccadical_set_terminate(s, lim, terminate_cb);
    if (lim->node_limit) {
        uint64_t left = lim->node_limit > lim->nodes ? lim->node_limit - lim->nodes : 0;
        ccadical_limit(s, "conflicts", left > 2000000000u ? 2000000000 : (int)left);
    }
    int r = ccadical_solve(s);
    int rc;
    if (r == 10) {
        for (int v = 1; v <= f->nvars; v++) value[v] = ccadical_val(s, v) > 0;
        value[0] = -1;
        rc = 1;
    } else if (r == 20) {
        rc = 0;
    } else {
        if (!lim->hit) lim->hit = lim->time_limit > 0 && pl_limits_elapsed(lim) >= lim->time_limit ? PL_LIMIT_TIME : PL_LIMIT_NODES;
        rc = -1;
    }
    ccadical_release(s);
    return rc;
#else
    (void)f, (void)value;
    lim->hit = PL_LIMIT_NODES;
    return -1;
#endif
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_cnf *f = pl_xmalloc(sizeof *f);
    if (pl_cnf_parse(file, data, len, f, err)) {
        free(f);
        return NULL;
    }
    return f;
}

static void free_cnf(void *p) {
    if (!p) return;
    pl_cnf_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_cnf *f = p;
    json_object_set_new(o, "variables", json_integer(f->nvars));
    json_object_set_new(o, "clauses", json_integer(f->nclauses));
    json_object_set_new(o, "literals", json_integer(f->start[f->nclauses]));
    int lo = f->nclauses ? 1 << 30 : 0, hi = 0;
    for (int c = 0; c < f->nclauses; c++) {
        int k = f->start[c + 1] - f->start[c];
        if (k < lo) lo = k;
        if (k > hi) hi = k;
    }
    json_object_set_new(o, "shortest_clause", json_integer(lo));
    json_object_set_new(o, "longest_clause", json_integer(hi));
    json_object_set_new(o, "three_literals", json_boolean(pl_cnf_three_literals(f)));
    json_object_set_new(o, "distinct_variables", json_boolean(pl_cnf_distinct_variables(f)));
    json_object_set_new(o, "ratio", json_real(f->nvars ? (double)f->nclauses / f->nvars : 0));
}

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_cnf *f = p;
#ifndef PL_HAVE_CADICAL
    return pl_error_set(err, NULL, 0, 0, "sat: CaDiCaL is not available in this build (apt-get install libcadical-dev)");
#endif
    signed char *value = pl_xcalloc((size_t)f->nvars + 1, 1);
    int r = pl_sat_solve(f, req->limits, value);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_sat_write_assignment(f, value, &out->moves);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "unsatisfiable (CaDiCaL)");
    } else {
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits->hit;
    }
    free(value);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_cnf *f = p;
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

/* One random clause over three distinct variables (of nvars >= 3). */
static void random_clause(pl_rng *r, int nvars, int *c) {
    for (int k = 0; k < 3; k++) {
        int v;
        bool again;
        do {
            v = 1 + (int)pl_rng_below(r, (uint64_t)nvars);
            again = false;
            for (int j = 0; j < k; j++) again |= abs(c[j]) == v;
        } while (again);
        c[k] = pl_rng_below(r, 2) ? v : -v;
    }
}

char *pl_sat_random(int nvars, int nclauses, char answer, uint64_t seed, pl_error *err) {
    if (nvars < 3) {
        pl_error_set(err, NULL, 0, 0, "sat generate: --vars must be at least 3 (a clause has three distinct variables)");
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_cnf f = {.nvars = nvars, .nclauses = nclauses};
    f.lit = pl_xmalloc(((size_t)nclauses * 3 + 1) * sizeof *f.lit);
    f.start = pl_xmalloc(((size_t)nclauses + 1) * sizeof *f.start);
    f.line = pl_xcalloc((size_t)nclauses + 1, sizeof *f.line);
    f.col = pl_xcalloc((size_t)nclauses + 1, sizeof *f.col);
    for (int c = 0; c <= nclauses; c++) f.start[c] = 3 * c;
    signed char *hidden = pl_xmalloc((size_t)nvars + 1), *model = pl_xmalloc((size_t)nvars + 1);
    const int tries = answer == 'n' ? 100000 : 1;
    int t = 0;
    bool found = false, no_solver = false;
    for (; t < tries && !found; t++) {
        if (answer == 'y')
            for (int v = 1; v <= nvars; v++) hidden[v] = (signed char)pl_rng_below(&r, 2);
        for (int c = 0; c < nclauses; c++) {
            int *cl = f.lit + 3 * c;
            for (;;) {
                random_clause(&r, nvars, cl);
                if (answer != 'y') break;
                bool sat = false; /* planted: keep the clauses the hidden assignment satisfies */
                for (int k = 0; k < 3; k++) sat |= hidden[abs(cl[k])] == (cl[k] > 0);
                if (sat) break;
            }
        }
        if (answer != 'n') {
            found = true;
            break;
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int s = pl_sat_solve(&f, &lim, model);
        if (s < 0) {
            pl_error_set(err, NULL, 0, 0, "sat generate --answer no needs CaDiCaL, which this build lacks");
            no_solver = true;
            break;
        }
        found = s == 0;
    }
    char *text = NULL;
    if (found) {
        pl_sbuf b = {0};
        pl_sbuf_printf(&b, "c random 3-SAT: %d variables, %d clauses (three distinct variables each)%s; seed %llu\n",
                       nvars, nclauses,
                       answer == 'y' ? ", planted: satisfiable" : answer == 'n' ? ", unsatisfiable" : "",
                       (unsigned long long)seed);
        pl_sbuf_printf(&b, "p cnf %d %d\n", nvars, nclauses);
        for (int c = 0; c < nclauses; c++)
            pl_sbuf_printf(&b, "%d %d %d 0\n", f.lit[3 * c], f.lit[3 * c + 1], f.lit[3 * c + 2]);
        text = b.s;
    } else if (!no_solver) {
        pl_error_set(err, NULL, 0, 0,
                     "sat generate: no unsatisfiable formula with %d variables and %d clauses in %d tries; raise "
                     "--clauses",
                     nvars, nclauses, tries);
    }
    free(hidden);
    free(model);
    pl_cnf_free(&f);
    return text;
}

static const pl_option generate_options[] = {
    {"vars", "N", "number of variables (default 5; at least 3)"},
    {"clauses", "M", "number of clauses (default round(4.26 N), the satisfiability threshold)"},
    {"answer", "yes|no|any",
     "yes: planted (clauses drawn among those a hidden assignment satisfies); no: random formulas drawn until "
     "CaDiCaL proves one unsatisfiable; any (default): uniform random"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m;
    uint64_t seed;
    if (pl_opts_long(o, "vars", 5, 3, 1000000, &n, err)) return NULL;
    if (pl_opts_long(o, "clauses", (long)(4.26 * (double)n + 0.5), 0, 10000000, &m, err) ||
        pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_sat_random((int)n, (int)m, answer, seed, err);
}

const pl_problem pl_problem_sat = {
    .name = "sat",
    .title = "SAT (3-SAT)",
    .summary = "satisfiability of a CNF formula in DIMACS; 3-SAT when every clause has three literals",
    .format_help =
        "File: DIMACS CNF. 'c' lines are comments; the header 'p cnf VARIABLES CLAUSES'; then the clauses, each a\n"
        "list of non-zero literals (v or -v, 1 <= v <= VARIABLES) ended by 0, over one or more lines. A line '%'\n"
        "(SATLIB) ends the formula. 3-SAT is a CNF whose clauses have three literals.\n"
        "Certificate: an assignment, one literal a line ('3' true, '-4' false); variables not given are free.\n"
        "verify also reads a SAT solver's output ('s SATISFIABLE', 'v 1 -2 3 0' lines).\n",
    .parse = parse,
    .free = free_cnf,
    .info = info,
    .algorithm = "cadical",
    .algorithm_result = "CaDiCaL (Biere et al.) through its C API",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
