/* Two Dots, Theorem 2 (Bilò, Gualà, Leucci, Misra, FUN 2018, Section 4.1):
 * 3-SAT -> Two Dots on two columns, one goal, no limit on the moves.
 *
 * Colours: p_i and q_i for the literals x_i and not x_i, l_j for clause j,
 * S for the paper's integral sign, and filler dummies (four colours suffice,
 * see tdb_dummies). Rows from the top (the paper builds from the bottom):
 *  - the formula check, m + 2 rows: S, l_1, ..., l_m, S down column 0,
 *    dummies in column 1. The goal: collect 2 S, so every l_j dot between
 *    them must go, and only an l_j cycle can take it.
 *  - a variable gadget a variable, 4 rows: p p / q q / p p / q q. Removing a
 *    q row makes a p square (the player sets x_i true and cycles p_i) or a p
 *    row a q square; never both.
 *  - the gap: 12m rows of dummies, the paper's "suitable gap". Ours is sized
 *    so that nothing above it can ever meet a dot below it: a dot above has
 *    at least 12m dummies under it, a clause dot fewer than 12m dots.
 *  - a clause gadget a clause (a, b, c the colours of its literals), 12
 *    rows: a dummy row; seven rows with l_j in column 0 and l, a, l, b, l,
 *    c, l in column 1; a dummy row; a, b, c in column 0 over dummies. Cycling
 *    a literal's colour drops column 1 above its dot and column 0 above the
 *    lower copy by one each: two l_j dots of column 1 meet beside column 0's
 *    l_j dots, a square. Without such a cycle column 1's l_j dots stay apart.
 * Forward: for each variable the row of the false literal, then the true
 * literal's square; then each clause's square (satisfied: some literal was
 * cycled); then the two S dots, now adjacent. Backward: x_i is true when p_i
 * was cycled, false when q_i was (never both), free otherwise.
 * The source must be 3-SAT: three distinct literals a clause, or fewer
 * (Karp's "at most three"; a missing literal's place holds a dummy). Two
 * equal literals would stand side by side in column 0: refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

typedef struct thm2 {
    int n, m, gap, rows;
} thm2;

static int var_row(const thm2 *t, int i) {
    return t->m + 2 + 4 * i;
}
static int gap_row(const thm2 *t) {
    return t->m + 2 + 4 * t->n;
}
static int clause_row(const thm2 *t, int j) {
    return gap_row(t) + t->gap + 12 * j;
}

static void dimensions(const pl_cnf *f, thm2 *t) {
    t->n = f->nvars;
    t->m = f->nclauses;
    t->gap = 12 * t->m;
    t->rows = t->m + 2 + 4 * t->n + t->gap + 12 * t->m;
}

/* The source must be 3-SAT: one to three distinct literals a clause (the
 * paper's three, or Karp's "at most three": a missing literal's place holds a
 * dummy, so the gadget is the paper's with that literal never true); err at
 * the clause otherwise. */
static int check_source(const pl_cnf *f, pl_error *err) {
    for (int c = 0; c < f->nclauses; c++) {
        int k = f->start[c + 1] - f->start[c];
        if (k < 1 || k > 3)
            return pl_error_set(err, f->file, f->line[c], f->col[c],
                                "clause %d has %d literal%s: Theorem 2 reduces 3-SAT (one to three distinct literals a "
                                "clause)",
                                c + 1, k, k == 1 ? "" : "s");
        const int *l = f->lit + f->start[c];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < i; j++)
                if (l[i] == l[j])
                    return pl_error_set(err, f->file, f->line[c], f->col[c],
                                        "clause %d repeats the literal %d: Theorem 2 reduces 3-SAT with distinct "
                                        "literals (two equal literals would meet in column 0 and clear the clause "
                                        "without a variable's square)",
                                        c + 1, l[i]);
    }
    if (2 * f->nvars + f->nclauses + 5 > TWODOTS_MAX_COLOURS)
        return pl_error_set(err, f->file, 1, 1,
                            "the construction needs 2n + m + 5 = %d colours; Two Dots levels have at most %d",
                            2 * f->nvars + f->nclauses + 5, TWODOTS_MAX_COLOURS);
    return 0;
}

static void literal_name(int lit, char *buf, size_t n) {
    snprintf(buf, n, "%c%d", lit > 0 ? 'p' : 'q', lit > 0 ? lit : -lit);
}

char *twodots_thm2_build(const void *src, const char *src_name, pl_error *err) {
    const pl_cnf *f = src;
    if (check_source(f, err)) return NULL;
    thm2 t;
    dimensions(f, &t);
    td_build b;
    tdb_init(&b, t.rows, 2, true);
    char name[16];
    int S = tdb_colour(&b, "S");
    int *lc = pl_xmalloc(((size_t)t.m + 1) * sizeof *lc);
    for (int j = 0; j < t.m; j++) {
        snprintf(name, sizeof name, "l%d", j + 1);
        lc[j] = tdb_colour(&b, name);
    }
    for (int i = 1; i <= t.n; i++) {
        literal_name(i, name, sizeof name);
        tdb_colour(&b, name);
        literal_name(-i, name, sizeof name);
        tdb_colour(&b, name);
    }
    tdb_set(&b, 0, 0, S);
    for (int j = 0; j < t.m; j++) tdb_set(&b, 1 + j, 0, lc[j]);
    tdb_set(&b, t.m + 1, 0, S);
    for (int i = 0; i < t.n; i++) {
        char pn[16], qn[16];
        literal_name(i + 1, pn, sizeof pn);
        literal_name(-(i + 1), qn, sizeof qn);
        int p = tdb_colour(&b, pn), q = tdb_colour(&b, qn), r = var_row(&t, i);
        for (int c = 0; c < 2; c++) {
            tdb_set(&b, r, c, p);
            tdb_set(&b, r + 1, c, q);
            tdb_set(&b, r + 2, c, p);
            tdb_set(&b, r + 3, c, q);
        }
    }
    for (int j = 0; j < t.m; j++) {
        int r = clause_row(&t, j), lit[3] = {0, 0, 0}; /* 0: no literal there, a dummy */
        for (int k = 0; k < f->start[j + 1] - f->start[j]; k++) {
            literal_name(f->lit[f->start[j] + k], name, sizeof name);
            lit[k] = tdb_colour(&b, name);
        }
        for (int k = 1; k <= 7; k++) tdb_set(&b, r + k, 0, lc[j]);
        for (int k = 1; k <= 7; k++) tdb_set(&b, r + k, 1, k % 2 == 1 ? lc[j] : lit[k / 2 - 1]);
        for (int k = 0; k < 3; k++) tdb_set(&b, r + 9 + k, 0, lit[k]);
    }
    tdb_dummies(&b);
    tdb_goal(&b, S, 2);
    tdb_region(&b, 0, 0, t.m + 1, 1, "formula check: S l1..l%d S", t.m);
    for (int i = 0; i < t.n; i++) tdb_region(&b, var_row(&t, i), 0, var_row(&t, i) + 3, 1, "x%d: p%d / q%d", i + 1, i + 1, i + 1);
    if (t.gap) tdb_region(&b, gap_row(&t), 0, gap_row(&t) + t.gap - 1, 1, "gap (12m = %d rows)", t.gap);
    for (int j = 0; j < t.m; j++) {
        char cl[64] = "";
        size_t used = 0;
        for (int k = 0; k < f->start[j + 1] - f->start[j]; k++) {
            int l = f->lit[f->start[j] + k];
            used += (size_t)snprintf(cl + used, sizeof cl - used, "%s%sx%d", k ? " | " : "", l < 0 ? "~" : "",
                                     l < 0 ? -l : l);
        }
        tdb_region(&b, clause_row(&t, j), 0, clause_row(&t, j) + 11, 1, "C%d = (%s)", j + 1, cl);
    }
    char comment[1024];
    snprintf(comment, sizeof comment,
             "puzzlelab twodots reduce --from sat --theorem 2 %s\n"
             "Two Dots, Theorem 2 (Bilo, Guala, Leucci, Misra, FUN 2018, Section 4.1): 3-SAT -> two columns, one "
             "goal, no move limit\n"
             "source: %s: 3-SAT with %d variables and %d clauses\n"
             "construction: %d rows x 2 columns (formula check m+2, variables 4n, gap 12m, clauses 12m); colours S, "
             "l1..l%d (clauses), p_i / q_i (x_i true / false), d0..d3 (dummies)\n"
             "promises: two columns, one goal (S 2), no move limit; solvable iff the formula is satisfiable",
             src_name, src_name, t.n, t.m, t.rows, t.m);
    char *text = tdb_text(&b, comment);
    free(lc);
    tdb_free(&b);
    return text;
}

int twodots_thm2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_cnf *f = src;
    thm2 t;
    dimensions(f, &t);
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    char why[256];
    if (pl_sat_read_assignment(f, cert, value, why, sizeof why, err)) {
        free(value);
        return err->msg[0] ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    twodots_level *l = td_construction(twodots_thm2_build, f, err);
    if (!l) {
        free(value);
        return -1;
    }
    td_board bd;
    td_board_init(&bd, l);
    int path[8], rc = 0;
    const int cols = 2;
    for (int i = 0; i < t.n && rc == 0; i++) {
        if (value[i + 1] < 0) continue; /* a free variable: neither square */
        int r = var_row(&t, i);
        /* true: the q row between the p rows goes, then the p square; false: the p row between the q rows */
        int row = value[i + 1] ? r + 1 : r + 2, keep = value[i + 1] ? r : r + 1;
        path[0] = bd.at[row * cols], path[1] = bd.at[row * cols + 1];
        td_path_push(moves, l, path, 2);
        if (td_board_play_cells(&bd, path, 2, why, sizeof why)) {
            rc = pl_error_set(err, NULL, 0, 0, "internal error: variable %d's row: %s", i + 1, why);
            break;
        }
        int top = bd.at[keep * cols];
        int len = td_square_path(l, top / cols, 0, path);
        td_path_push(moves, l, path, len);
        if (td_board_play_cells(&bd, path, len, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "internal error: variable %d's square: %s", i + 1, why);
    }
    for (int j = 0; j < t.m && rc == 0; j++) {
        char name[16];
        snprintf(name, sizeof name, "l%d", j + 1);
        int sq = td_find_square(&bd, twodots_colour_of(l, name));
        if (sq < 0) {
            rc = pl_error_set(err, NULL, 0, 0, "internal error: clause %d has no square (is it satisfied?)", j + 1);
            break;
        }
        int len = td_square_path(l, sq / cols, sq % cols, path);
        td_path_push(moves, l, path, len);
        if (td_board_play_cells(&bd, path, len, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "internal error: clause %d's square: %s", j + 1, why);
    }
    if (rc == 0) {
        path[0] = bd.at[0];
        path[1] = bd.at[(t.m + 1) * cols];
        td_path_push(moves, l, path, 2);
    }
    td_board_free(&bd);
    twodots_level_free(l);
    free(l);
    free(value);
    return rc;
}

/* The lift's view of the moves: which literal colours were cycled, and when. */
typedef struct thm2_lift {
    const twodots_level *l;
    signed char *value;
    int *move;
    char *why;
    size_t n;
} thm2_lift;

static int thm2_seen(void *ctx, const td_played *p) {
    thm2_lift *c = ctx;
    const char *name = c->l->colour_name[p->colour];
    if (!p->cyclic || (name[0] != 'p' && name[0] != 'q')) return 0;
    int v = atoi(name + 1);
    signed char val = name[0] == 'p';
    if (c->value[v] >= 0 && c->value[v] != val) {
        snprintf(c->why, c->n, "both p%d and q%d are cycled (moves %d and %d): x%d would be true and false", v, v,
                 c->move[v], p->index + 1, v);
        return 1;
    }
    c->value[v] = val;
    c->move[v] = p->index + 1;
    return 0;
}

int twodots_thm2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_cnf *f = src;
    pl_error err = {0};
    twodots_level *l = td_construction(twodots_thm2_build, f, &err);
    if (!l) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    thm2_lift c = {l, pl_xmalloc((size_t)f->nvars + 1), pl_xcalloc((size_t)f->nvars + 1, sizeof(int)), why, n};
    for (int v = 0; v <= f->nvars; v++) c.value[v] = -1;
    int rc = td_replay(l, moves, thm2_seen, &c, why, n);
    if (rc == 0) pl_sat_write_assignment(f, c.value, cert);
    twodots_level_free(l);
    free(l);
    free(c.value);
    free(c.move);
    return rc;
}
