/* Buttons & Scissors, Theorem 6 (Burke et al., Section 3.4): planar 3-SAT ->
 * B&S[n x n, one colour, directions *, sizes {3,4}].
 *
 * The paper's wires, bends, splits and clause (Figs. 5-7) are lost; this
 * construction is ours and proves the same statement with the same
 * parameters (it does not even use the planarity of the source). With one
 * colour a cut is any 3 or 4 buttons in a row on a line, so everything
 * rests on which lines hold which buttons. Every row and column belongs to
 * one gadget (placed by keys, as in Theorems 2 and 5), and no diagonal holds
 * three buttons (checked at the end; blank lines are inserted where three
 * meet), so the only cuts are along the designed rows and columns.
 *
 *  - unit: a 2 x 2 square of buttons; each of its two rows and two columns
 *    (its ports) holds exactly one more button, its candidate. A port line
 *    thus holds three buttons and is cut whole or not at all, so the square
 *    goes by rows (state R) or by columns (state C), never mixed, and a port
 *    takes its candidate exactly in its own state.
 *  - junction: a candidate on a row port of unit A and a column port of unit
 *    B: exactly one of them takes it, so A = B. A variable is a cycle of
 *    units joined row 0 -> next column 0: all R or all C (R: the variable
 *    true). Each unit's column 1 serves one clause line or a sink; its row 1
 *    a sink.
 *  - sink: the candidate t of a port on a column with three buttons of its
 *    own (g g g): {t g g g} or {g g g} after the port took t, so the port is
 *    free.
 *  - clause line (NAE): a row with two buttons of its own (f f) and the
 *    candidates k1 k2 k3 of column ports of three units; a unit in C takes
 *    its k, one in R leaves it to the row, which clears iff it holds 3 or 4
 *    buttons: one or two of the three units in R, i.e. not all equal (NAE).
 *  - from 3-SAT to NAE-3SAT (Schaefer): a global z and, for a clause of
 *    three literals, a fresh w: (a | b | c) -> NAE(a, b, w), NAE(~w, c, z);
 *    (a | b) -> NAE(a, b, z); (a) -> NAE(a, a, z). A negated literal ~v is
 *    a unit of v's anti-cycle, tied to v's cycle by NAE(v, ~v, ~v) (so ~v =
 *    not v). A satisfying assignment with z false solves every NAE clause,
 *    and an NAE solution, complemented when z is true, satisfies the source.
 *
 * Lift: v is true iff its cycle went by rows (complemented when z's did).
 * Forward: the states from the assignment (z false, w as above), every
 * line's cut, in Kahn's order on the board. Size: 4 buttons a unit, 1 a
 * junction, 4 a sink, 2 + 3 a clause line; one unit per use of a variable
 * (at least two a cycle); O(m + n) buttons and side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

#define ONE_MAX_SIDE 4000

typedef struct oline {
    double key;
    int seq, pos;
} oline;

typedef struct olines {
    oline *v;
    int n, cap;
} olines;

typedef struct obutton {
    int row, col; /* line ids */
} obutton;

typedef struct ounit {
    int cycle;        /* the cycle (a variable or an anti-variable) */
    int b[4];         /* (r0,c0) (r0,c1) (r1,c0) (r1,c1) */
    int row[2], col[2];
    int cand_row[2], cand_col[2]; /* the candidate button of each port */
    int sink_row[2], sink_col[2]; /* the sink's three buttons' first index, -1 without */
} ounit;

typedef struct onae {
    int row, f[2], k[3], unit[3];
} onae;

typedef struct one {
    const pl_cnf *f;
    olines rows, cols;
    obutton *b;
    int nb, capb;
    ounit *u;
    int nu, capu;
    onae *nae;
    int nnae, capnae;
    int ncycles;   /* 2 per variable of the NAE formula: v (even), ~v (odd) */
    int nvars;     /* NAE variables: the source's, z, the w's */
    int z;         /* z's index (0-based) */
    int *cycle_first; /* by cycle: its first unit, -1 when unused */
    int side;
    int *r, *c;
} one;

static int new_line(olines *L, double key) {
    if (L->n == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 64;
        L->v = pl_xrealloc(L->v, (size_t)L->cap * sizeof *L->v);
    }
    L->v[L->n] = (oline){key, L->n, 0};
    return L->n++;
}

static int put(one *t, int row, int col) {
    if (t->nb == t->capb) {
        t->capb = t->capb ? 2 * t->capb : 64;
        t->b = pl_xrealloc(t->b, (size_t)t->capb * sizeof *t->b);
    }
    t->b[t->nb] = (obutton){row, col};
    return t->nb++;
}

static void one_free(one *t) {
    free(t->rows.v);
    free(t->cols.v);
    free(t->b);
    free(t->u);
    free(t->nae);
    free(t->cycle_first);
    free(t->r);
    free(t->c);
    memset(t, 0, sizeof *t);
}

static int by_key(const void *a, const void *b) {
    const oline *x = *(const oline *const *)a, *y = *(const oline *const *)b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

static void place_lines(olines *L) {
    oline **order = pl_xmalloc((size_t)(L->n + 1) * sizeof *order);
    for (int i = 0; i < L->n; i++) order[i] = &L->v[i];
    qsort(order, (size_t)L->n, sizeof *order, by_key);
    for (int i = 0; i < L->n; i++) order[i]->pos = i;
    free(order);
}

static void place(one *t) {
    place_lines(&t->rows);
    place_lines(&t->cols);
    t->r = pl_xrealloc(t->r, ((size_t)t->nb + 1) * sizeof *t->r);
    t->c = pl_xrealloc(t->c, ((size_t)t->nb + 1) * sizeof *t->c);
    for (int i = 0; i < t->nb; i++) {
        t->r[i] = t->rows.v[t->b[i].row].pos;
        t->c[i] = t->cols.v[t->b[i].col].pos;
    }
    t->side = t->rows.n > t->cols.n ? t->rows.n : t->cols.n;
}

/* NAE literals: variable v (0-based, of the NAE formula) and its sign. */
typedef struct nlit {
    int var;
    bool neg;
} nlit;

typedef struct nclause {
    nlit l[3];
} nclause;

/* The NAE-3SAT formula of the source (see the opening comment), plus the
 * links NAE(v, ~v, ~v) for every variable used negated. */
static int nae_formula(const pl_cnf *f, nclause **out, int *nout, int *nvars, int *z) {
    int n = f->nvars, m = f->nclauses, cap = 2 * m + n + 4, k = 0, w = n + 1;
    nclause *c = pl_xmalloc((size_t)cap * sizeof *c);
    *z = n;
    for (int j = 0; j < m; j++) {
        const int *l = f->lit + f->start[j];
        int len = f->start[j + 1] - f->start[j];
        nlit a = {abs(l[0]) - 1, l[0] < 0}, zz = {n, false};
        if (len == 1) {
            c[k++] = (nclause){{a, a, zz}};
        } else {
            nlit b = {abs(l[1]) - 1, l[1] < 0};
            if (len == 2) {
                c[k++] = (nclause){{a, b, zz}};
            } else {
                nlit cc = {abs(l[2]) - 1, l[2] < 0}, wp = {w, false}, wn = {w, true};
                w++;
                c[k++] = (nclause){{a, b, wp}};
                c[k++] = (nclause){{wn, cc, zz}};
            }
        }
    }
    *nvars = w;
    /* which variables occur negated: their anti-cycles and links */
    bool *neg = pl_xcalloc((size_t)w + 1, 1);
    for (int i = 0; i < k; i++)
        for (int q = 0; q < 3; q++)
            if (c[i].l[q].neg) neg[c[i].l[q].var] = true;
    for (int v = 0; v < w; v++)
        if (neg[v]) {
            if (k == cap) c = pl_xrealloc(c, (size_t)(cap *= 2) * sizeof *c);
            c[k++] = (nclause){{{v, false}, {v, true}, {v, true}}};
        }
    free(neg);
    *out = c;
    *nout = k;
    return 0;
}

static int construct(const pl_cnf *f, one *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    for (int j = 0; j < f->nclauses; j++) {
        int k = f->start[j + 1] - f->start[j];
        if (k < 1 || k > 3)
            return pl_error_set(err, f->file, f->line[j], f->col[j],
                                "clause %d has %d literals: Theorem 6 reduces planar 3-SAT (one to three a clause)",
                                j + 1, k);
    }
    if (f->nclauses == 0)
        return pl_error_set(err, f->file, 1, 1, "the formula has no clauses: Theorem 6's board would be empty");
    t->f = f;
    nclause *nc;
    int nn;
    nae_formula(f, &nc, &nn, &t->nvars, &t->z);
    t->ncycles = 2 * t->nvars;
    /* uses of each cycle (a unit each), at least two */
    int *uses = pl_xcalloc((size_t)t->ncycles + 1, sizeof *uses);
    for (int i = 0; i < nn; i++)
        for (int q = 0; q < 3; q++) uses[2 * nc[i].l[q].var + nc[i].l[q].neg]++;
    t->cycle_first = pl_xmalloc(((size_t)t->ncycles + 1) * sizeof *t->cycle_first);
    int nunits = 0;
    for (int cy = 0; cy < t->ncycles; cy++) {
        t->cycle_first[cy] = uses[cy] ? nunits : -1;
        if (uses[cy]) nunits += uses[cy] < 2 ? 2 : uses[cy];
    }
    t->u = pl_xcalloc((size_t)nunits + 1, sizeof *t->u);
    t->nu = nunits;
    /* units: rows by the unit's number, columns by 2u mod q (q prime, prime
     * to 6): the units stand like non-attacking queens, no two on one
     * diagonal, so few diagonals need breaking below */
    int q = nunits + 1;
    for (bool prime = false; !prime; q++) {
        prime = q % 6 == 1 || q % 6 == 5;
        for (int d = 2; prime && d * d <= q; d++) prime = q % d != 0;
    }
    q--;
    for (int cy = 0, u = 0; cy < t->ncycles; cy++) {
        if (t->cycle_first[cy] < 0) continue;
        int len = uses[cy] < 2 ? 2 : uses[cy];
        for (int i = 0; i < len; i++, u++) {
            ounit *x = &t->u[u];
            x->cycle = cy;
            for (int s = 0; s < 2; s++) {
                x->row[s] = new_line(&t->rows, 10.0 * u + s);
                x->col[s] = new_line(&t->cols, 10.0 * ((2 * u) % q) + s);
                x->sink_row[s] = x->sink_col[s] = -1;
                x->cand_row[s] = x->cand_col[s] = -1;
            }
            x->b[0] = put(t, x->row[0], x->col[0]);
            x->b[1] = put(t, x->row[0], x->col[1]);
            x->b[2] = put(t, x->row[1], x->col[0]);
            x->b[3] = put(t, x->row[1], x->col[1]);
        }
    }
    double after = 10.0 * nunits + 10;
    /* junctions: unit i's row 0 with the next unit of its cycle's column 0 */
    for (int u = 0; u < nunits; u++) {
        int cy = t->u[u].cycle, first = t->cycle_first[cy], len = uses[cy] < 2 ? 2 : uses[cy];
        int next = first + (u - first + 1) % len;
        int e = put(t, t->u[u].row[0], t->u[next].col[0]);
        t->u[u].cand_row[0] = e;
        t->u[next].cand_col[0] = e;
    }
    /* clause lines: each takes the next free column 1 of the literal's cycle */
    int *used = pl_xcalloc((size_t)t->ncycles + 1, sizeof *used);
    t->nae = pl_xcalloc((size_t)nn + 1, sizeof *t->nae);
    t->nnae = nn;
    for (int i = 0; i < nn; i++) {
        onae *q = &t->nae[i];
        q->row = new_line(&t->rows, after + i);
        for (int s = 0; s < 2; s++) q->f[s] = put(t, q->row, new_line(&t->cols, after + 2.0 * i + s));
        for (int s = 0; s < 3; s++) {
            int cy = 2 * nc[i].l[s].var + nc[i].l[s].neg, u = t->cycle_first[cy] + used[cy]++;
            q->unit[s] = u;
            q->k[s] = put(t, q->row, t->u[u].col[1]);
            t->u[u].cand_col[1] = q->k[s];
        }
    }
    /* sinks: every row 1, and the column 1 of a unit no clause uses */
    double sinks = after + 10.0 * nn + 10;
    int ns = 0;
    for (int u = 0; u < nunits; u++)
        for (int side = 0; side < 2; side++) {
            ounit *x = &t->u[u];
            if (side == 1 && x->cand_col[1] >= 0) continue;
            int col = side == 0 ? new_line(&t->cols, sinks + ns) : -1;
            int cand = side == 0 ? put(t, x->row[1], col) : put(t, new_line(&t->rows, sinks + 4.0 * ns + 3), x->col[1]);
            int first = t->nb;
            /* three buttons of its own on the candidate's column (side 0) or row (side 1) */
            for (int g = 0; g < 3; g++) {
                if (side == 0)
                    put(t, new_line(&t->rows, sinks + 4.0 * ns + g), col);
                else
                    put(t, t->b[cand].row, new_line(&t->cols, sinks + 4.0 * ns + g + 0.5));
            }
            if (side == 0) x->cand_row[1] = cand, x->sink_row[1] = first;
            else x->cand_col[1] = cand, x->sink_col[1] = first;
            ns++;
        }
    free(used);
    free(uses);
    free(nc);
    /* place; where a diagonal holds three buttons, a blank row just above
     * the second of them (from the top) moves it and those below off it */
    int inserted = 0;
    for (;;) {
        place(t);
        int N = t->side, bad_line = -1;
        int *cnt = pl_xcalloc(4 * (size_t)N + 2, sizeof *cnt);
        for (int i = 0; i < t->nb && bad_line < 0; i++) {
            int d = t->c[i] - t->r[i] + N, a = t->c[i] + t->r[i] + 2 * N;
            if (++cnt[d] >= 3) bad_line = d;
            else if (++cnt[a] >= 3) bad_line = a;
        }
        free(cnt);
        if (bad_line < 0) break;
        if (inserted >= 4000) {
            one_free(t);
            return pl_error_set(err, NULL, 0, 0, "internal error: Theorem 6's layout keeps three buttons on a diagonal");
        }
        int top = -1, second = -1; /* the two topmost rows of the line's buttons */
        for (int i = 0; i < t->nb; i++) {
            int d = t->c[i] - t->r[i] + N, a = t->c[i] + t->r[i] + 2 * N;
            if (d != bad_line && a != bad_line) continue;
            if (top < 0 || t->r[i] < top) second = top, top = t->r[i];
            else if (second < 0 || t->r[i] < second) second = t->r[i];
        }
        double above = 0, here = 0;
        for (int l = 0; l < t->rows.n; l++) {
            if (t->rows.v[l].pos == second - 1) above = t->rows.v[l].key;
            if (t->rows.v[l].pos == second) here = t->rows.v[l].key;
        }
        new_line(&t->rows, (above + here) / 2);
        inserted++;
    }
    if (t->side > ONE_MAX_SIDE) {
        int side = t->side;
        one_free(t);
        return pl_error_set(err, f->file, 1, 1, "the construction would be %d x %d (at most %d x %d)", side, side,
                            ONE_MAX_SIDE, ONE_MAX_SIDE);
    }
    return 0;
}

char *buttons_thm6_build(const void *src, const char *src_name, pl_error *err) {
    const pl_planar_sat *ps = src;
    const pl_cnf *f = &ps->cnf;
    one t;
    if (construct(f, &t, err)) return NULL;
    int N = t.side;
    char *grid = pl_xmalloc((size_t)N * (size_t)N + 1);
    memset(grid, '.', (size_t)N * (size_t)N);
    for (int i = 0; i < t.nb; i++) {
        char *g = &grid[(size_t)t.r[i] * (size_t)N + (size_t)t.c[i]];
        if (*g != '.') {
            free(grid);
            one_free(&t);
            pl_error_set(err, NULL, 0, 0, "internal error: two buttons of the construction in one cell");
            return NULL;
        }
        *g = 'a';
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# puzzlelab buttons reduce --from planar-sat --theorem 6 %s\n"
                   "# Buttons & Scissors, Theorem 6 (Burke et al., Section 3.4): planar 3-SAT -> B&S[n x n, 1 colour, "
                   "directions *, sizes {3,4}]\n"
                   "# source: %s: planar 3-SAT with %d variables and %d clauses (the construction does not use the "
                   "embedding)\n"
                   "# construction: %d x %d, %d buttons: NAE-3SAT with %d variables (z is variable %d) and %d clause "
                   "rows, %d units (2 x 2 squares) in cycles, one a variable or its negation\n"
                   "# promises: n x n, one colour, directions *, sizes {3,4}; no diagonal holds three buttons; "
                   "clearable iff the formula is satisfiable\n",
                   src_name, src_name, f->nvars, f->nclauses, N, N, t.nb, t.nvars, t.z + 1, t.nnae, t.nu);
    for (int cy = 0; cy < t.ncycles; cy++) {
        if (t.cycle_first[cy] < 0) continue;
        int v = cy / 2;
        const ounit *x = &t.u[t.cycle_first[cy]];
        pl_sbuf_printf(&b, "# cycle of %s%s%d: first unit at %d,%d\n", cy % 2 ? "~" : "",
                       v < f->nvars ? "x" : v == t.z ? "z" : "w", v < f->nvars ? v + 1 : v == t.z ? 0 : v - f->nvars,
                       t.r[x->b[0]], t.c[x->b[0]]);
    }
    pl_sbuf_printf(&b, "directions: *\nsizes: 3,4\n");
    for (int r = 0; r < N; r++) pl_sbuf_printf(&b, "%.*s\n", N, grid + (size_t)r * (size_t)N);
    free(grid);
    one_free(&t);
    return b.s;
}

/* ---------- forward ---------- */

/* A cut: its buttons (3 or 4, on one line). */
typedef struct ocut {
    int n, m[4];
} ocut;

/* Kahn's order on "a button of cut P lies on cut Q's segment and is not
 * Q's: P first"; 1 when none exists. */
static int order(const one *t, const ocut *cut, int ncut, pl_strvec *moves) {
    int N = t->side;
    int *cell = pl_xmalloc((size_t)N * (size_t)N * sizeof *cell), *cut_of = pl_xmalloc(((size_t)t->nb + 1) * sizeof(int));
    for (int i = 0; i < N * N; i++) cell[i] = -1;
    for (int i = 0; i < t->nb; i++) cell[t->r[i] * N + t->c[i]] = i, cut_of[i] = -1;
    for (int k = 0; k < ncut; k++)
        for (int i = 0; i < cut[k].n; i++) cut_of[cut[k].m[i]] = k;
    int *lo = pl_xmalloc(((size_t)ncut + 1) * sizeof *lo), *hi = pl_xmalloc(((size_t)ncut + 1) * sizeof *hi);
    int *indeg = pl_xcalloc((size_t)ncut + 1, sizeof *indeg), *head = pl_xmalloc(((size_t)ncut + 1) * sizeof *head);
    int cap = 64, nedge = 0, *to = pl_xmalloc((size_t)cap * sizeof *to), *next = pl_xmalloc((size_t)cap * sizeof *next);
    int rc = 0;
    for (int k = 0; k < ncut && rc == 0; k++) {
        head[k] = -1;
        int a = cut[k].m[0], z = cut[k].m[0];
        for (int i = 1; i < cut[k].n; i++) {
            int x = cut[k].m[i];
            if (t->r[x] < t->r[a] || (t->r[x] == t->r[a] && t->c[x] < t->c[a])) a = x;
            if (t->r[x] > t->r[z] || (t->r[x] == t->r[z] && t->c[x] > t->c[z])) z = x;
        }
        lo[k] = a, hi[k] = z;
    }
    for (int k = 0; k < ncut && rc == 0; k++) {
        int a = lo[k], z = hi[k];
        int dr = (t->r[z] > t->r[a]) - (t->r[z] < t->r[a]), dc = (t->c[z] > t->c[a]) - (t->c[z] < t->c[a]);
        if (dr && dc) rc = 1;
        for (int r = t->r[a] + dr, c = t->c[a] + dc; rc == 0 && (r != t->r[z] || c != t->c[z]); r += dr, c += dc) {
            int w = cell[r * N + c];
            if (w < 0 || cut_of[w] == k) continue;
            int p = cut_of[w];
            if (p < 0) {
                rc = 1;
                break;
            }
            if (nedge == cap) {
                cap *= 2;
                to = pl_xrealloc(to, (size_t)cap * sizeof *to);
                next = pl_xrealloc(next, (size_t)cap * sizeof *next);
            }
            to[nedge] = k, next[nedge] = head[p], head[p] = nedge++;
            indeg[k]++;
        }
    }
    int *queue = pl_xmalloc(((size_t)ncut + 1) * sizeof *queue), qh = 0, qt = 0;
    for (int k = 0; k < ncut && rc == 0; k++)
        if (indeg[k] == 0) queue[qt++] = k;
    while (rc == 0 && qh < qt) {
        int k = queue[qh++];
        char buf[64];
        buttons_cut_text((buttons_cut){t->r[lo[k]], t->c[lo[k]], t->r[hi[k]], t->c[hi[k]]}, buf, sizeof buf);
        pl_strvec_push(moves, buf);
        for (int e = head[k]; e >= 0; e = next[e])
            if (--indeg[to[e]] == 0) queue[qt++] = to[e];
    }
    if (rc == 0 && qt != ncut) rc = 1;
    free(queue);
    free(to);
    free(next);
    free(head);
    free(indeg);
    free(lo);
    free(hi);
    free(cut_of);
    free(cell);
    return rc;
}

int buttons_thm6_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_planar_sat *ps = src;
    const pl_cnf *f = &ps->cnf;
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    char why[256] = "";
    int rc = pl_sat_read_assignment(f, cert, value, why, sizeof why, err);
    if (rc) {
        free(value);
        return rc < 0 ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    if (!pl_sat_check(f, value, why, sizeof why)) {
        free(value);
        return pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    one t;
    if (construct(f, &t, err)) {
        free(value);
        return -1;
    }
    /* the NAE assignment: the source's (free: false), z false, each w as in
     * the opening comment */
    bool *val = pl_xcalloc((size_t)t.nvars + 1, 1);
    for (int v = 0; v < f->nvars; v++) val[v] = value[v + 1] == 1;
    for (int j = 0, w = f->nvars + 1; j < f->nclauses; j++) {
        const int *l = f->lit + f->start[j];
        if (f->start[j + 1] - f->start[j] != 3) continue;
        bool a = val[abs(l[0]) - 1] == (l[0] > 0), c = val[abs(l[2]) - 1] == (l[2] > 0);
        val[w++] = c ? !a : false;
    }
    /* every unit's lines */
    ocut *cut = pl_xmalloc(((size_t)t.nb + 1) * sizeof *cut);
    int ncut = 0;
    for (int u = 0; u < t.nu; u++) {
        const ounit *x = &t.u[u];
        int v = x->cycle / 2;
        bool rows = x->cycle % 2 ? !val[v] : val[v];
        for (int s = 0; s < 2; s++) {
            if (rows)
                cut[ncut++] = (ocut){3, {x->b[2 * s], x->b[2 * s + 1], x->cand_row[s]}};
            else
                cut[ncut++] = (ocut){3, {x->b[s], x->b[s + 2], x->cand_col[s]}};
            /* the sinks of this unit's ports: the candidate went with the port or with the sink */
            int sr = x->sink_row[s], sc = x->sink_col[s];
            if (sr >= 0) cut[ncut++] = rows ? (ocut){3, {sr, sr + 1, sr + 2}} : (ocut){4, {x->cand_row[s], sr, sr + 1, sr + 2}};
            if (sc >= 0) cut[ncut++] = rows ? (ocut){4, {x->cand_col[s], sc, sc + 1, sc + 2}} : (ocut){3, {sc, sc + 1, sc + 2}};
        }
    }
    /* each clause row: its two own buttons and the candidates of its units in R */
    for (int i = 0; i < t.nnae && rc == 0; i++) {
        const onae *q = &t.nae[i];
        ocut c = {2, {q->f[0], q->f[1]}};
        for (int s = 0; s < 3; s++) {
            const ounit *x = &t.u[q->unit[s]];
            bool rows = x->cycle % 2 ? !val[x->cycle / 2] : val[x->cycle / 2];
            if (rows) {
                if (c.n == 4) c.n = 5;
                else c.m[c.n++] = q->k[s];
            }
        }
        if (c.n < 3 || c.n > 4) rc = pl_error_set(err, NULL, 0, 0, "internal error: NAE clause %d is not satisfied", i + 1);
        else cut[ncut++] = c;
    }
    if (rc == 0 && order(&t, cut, ncut, moves))
        rc = pl_error_set(err, NULL, 0, 0, "internal error: Theorem 6's forward cuts have no order");
    free(cut);
    free(val);
    one_free(&t);
    free(value);
    return rc;
}

/* ---------- lift ---------- */

int buttons_thm6_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_planar_sat *ps = src;
    const pl_cnf *f = &ps->cnf;
    pl_error err = {0};
    one t;
    if (construct(f, &t, &err)) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    int N = t.side;
    int *cell = pl_xmalloc((size_t)N * (size_t)N * sizeof *cell);
    bool *by_row = pl_xcalloc((size_t)t.nb + 1, sizeof(bool)), *gone = pl_xcalloc((size_t)t.nb + 1, sizeof(bool));
    for (int i = 0; i < N * N; i++) cell[i] = -1;
    for (int i = 0; i < t.nb; i++) cell[t.r[i] * N + t.c[i]] = i;
    int rc = 0;
    for (int i = 0; i < moves->n && rc == 0; i++) {
        buttons_cut x;
        int col = 0;
        char reason[200];
        if (buttons_cut_parse(moves->text[i], &x, reason, sizeof reason, &col)) {
            snprintf(why, n, "move %d (%s): %s", i + 1, moves->text[i], reason);
            rc = 1;
            break;
        }
        if (buttons_direction_of(x.r1, x.c1, x.r2, x.c2) < 0 || x.r1 < 0 || x.r1 >= N || x.r2 < 0 || x.r2 >= N ||
            x.c1 < 0 || x.c1 >= N || x.c2 < 0 || x.c2 >= N) {
            snprintf(why, n, "move %d (%s): not a cut of this board", i + 1, moves->text[i]);
            rc = 1;
            break;
        }
        int dr = (x.r2 > x.r1) - (x.r2 < x.r1), dc = (x.c2 > x.c1) - (x.c2 < x.c1);
        for (int r = x.r1, c = x.c1;; r += dr, c += dc) {
            int w = cell[r * N + c];
            if (w >= 0 && !gone[w]) gone[w] = true, by_row[w] = x.r1 == x.r2;
            if (r == x.r2 && c == x.c2) break;
        }
    }
    /* a variable is true iff its cycle's first unit went by rows; all
     * complemented when z's did */
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    for (int v = 0; v <= f->nvars; v++) value[v] = -1;
    bool zrow = t.cycle_first[2 * t.z] >= 0 && by_row[t.u[t.cycle_first[2 * t.z]].b[0]];
    for (int v = 0; v < f->nvars && rc == 0; v++) {
        int cy = t.cycle_first[2 * v] >= 0 ? 2 * v : 2 * v + 1;
        if (t.cycle_first[cy] < 0) continue;
        bool rows = by_row[t.u[t.cycle_first[cy]].b[0]];
        bool truth = cy % 2 ? !rows : rows;
        value[v + 1] = (signed char)(truth != zrow);
    }
    if (rc == 0) pl_sat_write_assignment(f, value, cert);
    free(value);
    free(by_row);
    free(gone);
    free(cell);
    one_free(&t);
    return rc;
}
