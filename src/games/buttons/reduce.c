/* Buttons & Scissors, Theorem 2 (Burke et al., "Single-Player and Two-Player
 * Buttons & Scissors Games", Section 3.2): 3-SAT -> B&S[n x n, 2 colours,
 * directions +, sizes {2,3}].
 *
 * The paper's gadgets as its proof sketch gives them (its Figure 2 is lost;
 * the split's layout and the placement are ours, docs/algorithms.md):
 *  - a variable: its own row holding exactly three 'a' buttons L M R, M
 *    alone in its column, so M's cut takes L or R (or both) along the row;
 *    the outputs of x and not x are L and R (the one whose consumer is
 *    further left is L).
 *  - a clause: its own column, the top button alone in its row, below it its
 *    one to three inputs; the top goes with whichever inputs are left.
 *  - a split S, two colours: the row a b a b a; the input (an 'a') in the
 *    column of the middle 'a', the two outputs ('b') in the columns of the two
 *    'b's, each in a row of its own. Input there: input + middle 'a' (a
 *    vertical pair), then b . b, then a . . . a: the outputs stay. Input gone:
 *    the middle 'a' can only go along the row, which needs both 'b's gone
 *    first, and each 'b' can only go with its output: the outputs go. S turns
 *    a vertical 'a' signal into two horizontal 'b' signals; R, S turned a
 *    quarter and recoloured (the column b a b a b), turns a horizontal 'b'
 *    into two vertical 'a's, as a clause wants them. An output nobody uses
 *    gets a terminator: one more button of its colour on its line, so that
 *    the pair's line clears whichever way the split went.
 * A literal with one occurrence wires its variable output straight into the
 * clause column (no split); with k >= 2 occurrences the output feeds a tree
 * of splits S, R, S, R ... whose leaves are R outputs, one a clause. (When no
 * literal occurs twice, the first one takes a tree anyway, so that the board
 * has both colours.) Every gadget has rows and columns of its own: a line
 * holds one gadget's buttons and the signals that gadget exchanges, so no cut
 * can join two gadgets except through a signal.
 *
 * Why. A signal button lies on its producer's line and its consumer's; call
 * it passed when the cut that removes it runs along the consumer's line. M
 * passes at most one of L, R; a split passes an output only if its input was
 * passed (above); a clause's top passes one input at least. So a clearing
 * passes, for every clause, a chain back to a variable output: the lift sets
 * x true when x's output was passed, false when not-x's was (never both), and
 * every clause has a true literal. Forward: M goes with the false literal's
 * output (both for a free variable), every split as its input says, each
 * clause top with its passed inputs (a true literal's).
 *
 * Size: m + n + s + 5r + 2u_S rows and m + n + 5s + r + 2u_R + z columns
 * (s splits, r rotated ones, u_S and u_R their unused outputs, z literals
 * that occur nowhere), padded to a square; 3n + m + 7(s + r) + u buttons,
 * s + r at most twice the literal occurrences: every gadget is a
 * handful of buttons, so the board holds O(n + m) buttons. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

/* Beyond this side the construction is refused. */
#define MAX_SIDE 4000
/* Where columns with no place of their own go: right of everything. */
#define FAR 1e15

/* A row or column of the board, placed by (key, seq) order. */
typedef struct line {
    double key;
    int seq, pos;
} line;

typedef struct lines {
    line *v;
    int n, cap;
} lines;

typedef struct button {
    int row, col; /* line ids */
    char colour;
} button;

/* S (rotated false): mid = a b a b a left to right in one row, the input
 * under the middle 'a', outputs in the columns of mid[1] and mid[3]. R
 * (rotated true): mid = b a b a b top to bottom in one column, the input in
 * the row of the middle 'b', outputs in the rows of mid[1] and mid[3]. */
typedef struct split {
    bool rotated;
    int in, mid[5], out[2];
    int term[2]; /* the terminator of an unused output, -1 for a used one */
} split;

typedef struct clause_g {
    int top, in[3], nin;
} clause_g;

typedef struct var_g {
    int m, out[2]; /* out[0] the output of x, out[1] of not x */
} var_g;

typedef struct thm2 {
    const pl_cnf *f;
    lines rows, cols;
    button *b;
    int nb, capb;
    split *s;
    int ns, caps;
    var_g *v;
    clause_g *c;
    int *clause_col;
    double rowkey; /* the primary key of the rows being made */
    int side, nsplits, nrotated, nunused;
} thm2;

static int new_line(lines *L, double key) {
    if (L->n == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 64;
        L->v = pl_xrealloc(L->v, (size_t)L->cap * sizeof *L->v);
    }
    L->v[L->n] = (line){key, L->n, 0};
    return L->n++;
}

static int put(thm2 *t, int row, int col, char colour) {
    if (t->nb == t->capb) {
        t->capb = t->capb ? 2 * t->capb : 64;
        t->b = pl_xrealloc(t->b, (size_t)t->capb * sizeof *t->b);
    }
    t->b[t->nb] = (button){row, col, colour};
    return t->nb++;
}

static int new_split(thm2 *t, bool rotated) {
    if (t->ns == t->caps) {
        t->caps = t->caps ? 2 * t->caps : 16;
        t->s = pl_xrealloc(t->s, (size_t)t->caps * sizeof *t->s);
    }
    t->s[t->ns] = (split){.rotated = rotated, .term = {-1, -1}};
    if (rotated)
        t->nrotated++;
    else
        t->nsplits++;
    return t->ns++;
}

static int horizontal(thm2 *t, int pc, const int *occ, int k);

/* A vertical 'a' signal on row pr for the clauses occ[0..k-1] (k >= 1): its
 * button, in the consumer's column (the clause's when k = 1 and no tree is
 * asked for; else an S placed at column key colkey). */
static int vertical(thm2 *t, int pr, double colkey, const int *occ, int k, bool tree) {
    if (k == 1 && !tree) {
        int id = put(t, pr, t->clause_col[occ[0]], 'a');
        clause_g *c = &t->c[occ[0]];
        c->in[c->nin++] = id;
        return id;
    }
    int si = new_split(t, false), col[5], mid[5];
    for (int j = 0; j < 5; j++) col[j] = new_line(&t->cols, colkey);
    int r = new_line(&t->rows, t->rowkey);
    for (int j = 0; j < 5; j++) mid[j] = put(t, r, col[j], "ababa"[j]);
    int in = put(t, pr, col[2], 'a');
    int part[2] = {k < 2 ? k : 2, k < 2 ? 0 : k - 2}, out[2], term[2] = {-1, -1};
    for (int side = 0; side < 2; side++) {
        int c = col[side ? 3 : 1];
        if (part[side] == 0) {
            out[side] = put(t, new_line(&t->rows, t->rowkey), c, 'b');
            term[side] = put(t, new_line(&t->rows, t->rowkey), c, 'b');
            t->nunused++;
        } else {
            out[side] = horizontal(t, c, occ + (side ? part[0] : 0), part[side]);
        }
    }
    split *s = &t->s[si];
    s->in = in;
    memcpy(s->mid, mid, sizeof mid);
    memcpy(s->out, out, sizeof out);
    memcpy(s->term, term, sizeof term);
    return in;
}

/* A horizontal 'b' signal in column pc for the clauses occ[0..k-1] (k >= 1):
 * its button, in the row of an R's middle 'b'. */
static int horizontal(thm2 *t, int pc, const int *occ, int k) {
    int si = new_split(t, true), row[5], mid[5];
    for (int j = 0; j < 5; j++) row[j] = new_line(&t->rows, t->rowkey);
    int c = new_line(&t->cols, FAR);
    for (int j = 0; j < 5; j++) mid[j] = put(t, row[j], c, "babab"[j]);
    int in = put(t, row[2], pc, 'b');
    int part[2] = {1, k - 1}, out[2], term[2] = {-1, -1};
    for (int side = 0; side < 2; side++) {
        int r = row[side ? 3 : 1];
        if (part[side] == 0) {
            out[side] = put(t, r, new_line(&t->cols, FAR), 'a');
            term[side] = put(t, r, new_line(&t->cols, FAR), 'a');
            t->nunused++;
        } else {
            out[side] = vertical(t, r, FAR, occ + side, part[side], false);
        }
    }
    split *s = &t->s[si];
    s->in = in;
    memcpy(s->mid, mid, sizeof mid);
    memcpy(s->out, out, sizeof out);
    memcpy(s->term, term, sizeof term);
    return in;
}

static void thm2_free(thm2 *t) {
    free(t->rows.v);
    free(t->cols.v);
    free(t->b);
    free(t->s);
    free(t->v);
    free(t->c);
    free(t->clause_col);
    memset(t, 0, sizeof *t);
}

/* The source must be 3-SAT: one to three literals a clause, on distinct
 * variables (x and not x in one clause would put both outputs of x in one
 * cell of the clause's column). */
static int check_source(const pl_cnf *f, pl_error *err) {
    for (int c = 0; c < f->nclauses; c++) {
        int k = f->start[c + 1] - f->start[c];
        if (k < 1 || k > 3)
            return pl_error_set(err, f->file, f->line[c], f->col[c],
                                "clause %d has %d literal%s: Theorem 2 reduces 3-SAT (one to three literals a clause)",
                                c + 1, k, k == 1 ? "" : "s");
        const int *l = f->lit + f->start[c];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < i; j++)
                if (abs(l[i]) == abs(l[j]))
                    return pl_error_set(err, f->file, f->line[c], f->col[c],
                                        "clause %d has the variable %d twice: Theorem 2 reduces 3-SAT with distinct "
                                        "variables in a clause",
                                        c + 1, abs(l[i]));
    }
    return 0;
}

static int by_key(const void *a, const void *b) {
    const line *x = *(const line *const *)a, *y = *(const line *const *)b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

static void place(lines *L) {
    line **order = pl_xmalloc((size_t)(L->n + 1) * sizeof *order);
    for (int i = 0; i < L->n; i++) order[i] = &L->v[i];
    qsort(order, (size_t)L->n, sizeof *order, by_key);
    for (int i = 0; i < L->n; i++) order[i]->pos = i;
    free(order);
}

/* The construction, placed: button i at row t->rows.v[b[i].row].pos and so
 * on. -1 with err when the source is not 3-SAT or the board too large. */
static int construct(const pl_cnf *f, thm2 *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    if (check_source(f, err)) return -1;
    t->f = f;
    int n = f->nvars, m = f->nclauses;
    t->v = pl_xcalloc((size_t)n + 1, sizeof *t->v);
    t->c = pl_xcalloc((size_t)m + 1, sizeof *t->c);
    t->clause_col = pl_xmalloc(((size_t)m + 1) * sizeof *t->clause_col);
    for (int j = 0; j < m; j++) {
        t->clause_col[j] = new_line(&t->cols, j);
        t->c[j].top = put(t, new_line(&t->rows, -1), t->clause_col[j], 'a');
    }
    /* occurrences: occ[2v + s] lists the clauses of x_v (s = 0) or not x_v */
    int *count = pl_xcalloc(2 * (size_t)n + 2, sizeof *count), *first = pl_xcalloc(2 * (size_t)n + 3, sizeof *first);
    int *occ = pl_xmalloc(((size_t)f->start[m] + 1) * sizeof *occ);
    for (int i = 0; i < f->start[m]; i++) count[2 * (abs(f->lit[i]) - 1) + (f->lit[i] < 0)]++;
    for (int i = 0; i < 2 * n; i++) first[i + 1] = first[i] + count[i];
    int *fill = pl_xcalloc(2 * (size_t)n + 2, sizeof *fill);
    for (int j = 0; j < m; j++)
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            int li = 2 * (abs(f->lit[i]) - 1) + (f->lit[i] < 0);
            occ[first[li] + fill[li]++] = j;
        }
    int forced = -1, most = 0;
    for (int i = 0; i < 2 * n; i++) most = count[i] > most ? count[i] : most;
    for (int i = 0; i < 2 * n && most == 1 && forced < 0; i++)
        if (count[i] == 1) forced = i;
    for (int v = 0; v < n; v++) {
        t->rowkey = v;
        int vr = new_line(&t->rows, v);
        int k[2] = {count[2 * v], count[2 * v + 1]};
        bool direct[2];
        for (int s = 0; s < 2; s++) direct[s] = k[s] == 1 && forced != 2 * v + s;
        /* column keys: M strictly between the two outputs' columns */
        double key[2], keym;
        if (direct[0] && direct[1]) {
            key[0] = occ[first[2 * v]];
            key[1] = occ[first[2 * v + 1]];
            keym = (key[0] + key[1]) / 2;
        } else if (direct[0] || direct[1]) {
            int d = direct[0] ? 0 : 1;
            key[d] = occ[first[2 * v + d]];
            key[1 - d] = key[d] + 0.5;
            keym = key[d] + 0.25;
        } else {
            key[0] = -1e6 + 3.0 * v;
            keym = key[0] + 1;
            key[1] = key[0] + 2;
        }
        t->v[v].m = put(t, vr, new_line(&t->cols, keym), 'a');
        for (int s = 0; s < 2; s++) {
            if (k[s] == 0)
                t->v[v].out[s] = put(t, vr, new_line(&t->cols, key[s]), 'a');
            else
                t->v[v].out[s] = vertical(t, vr, key[s], occ + first[2 * v + s], k[s], !direct[s]);
        }
    }
    free(count);
    free(first);
    free(fill);
    free(occ);
    t->side = t->rows.n > t->cols.n ? t->rows.n : t->cols.n;
    if (t->side > MAX_SIDE) {
        int side = t->side;
        thm2_free(t);
        return pl_error_set(err, f->file, 1, 1, "the construction would be %d x %d (at most %d x %d)", side, side,
                            MAX_SIDE, MAX_SIDE);
    }
    place(&t->rows);
    place(&t->cols);
    for (int i = 0; i < t->nb; i++) {
        t->b[i].row = t->rows.v[t->b[i].row].pos;
        t->b[i].col = t->cols.v[t->b[i].col].pos;
    }
    return 0;
}

static void cell_text(const thm2 *t, int id, char *buf, size_t n) {
    snprintf(buf, n, "%d,%d", t->b[id].row, t->b[id].col);
}

static void literal_text(int lit, char *buf, size_t n) {
    snprintf(buf, n, "%sx%d", lit < 0 ? "~" : "", abs(lit));
}

char *buttons_thm2_build(const void *src, const char *src_name, pl_error *err) {
    const pl_cnf *f = src;
    thm2 t;
    if (construct(f, &t, err)) return NULL;
    int N = t.side;
    char *grid = pl_xmalloc((size_t)N * (size_t)N + 1);
    memset(grid, '.', (size_t)N * (size_t)N);
    for (int i = 0; i < t.nb; i++) {
        char *g = &grid[(size_t)t.b[i].row * (size_t)N + (size_t)t.b[i].col];
        if (*g != '.') {
            free(grid);
            thm2_free(&t);
            pl_error_set(err, NULL, 0, 0, "internal error: two buttons of the construction in one cell");
            return NULL;
        }
        *g = t.b[i].colour;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# puzzlelab buttons reduce --from sat --theorem 2 %s\n"
                   "# Buttons & Scissors, Theorem 2 (Burke et al., Section 3.2): 3-SAT -> B&S[n x n, 2 colours, "
                   "directions +, sizes {2,3}]\n"
                   "# source: %s: 3-SAT with %d variables and %d clauses\n"
                   "# construction: %d x %d, %d buttons: %d variable rows (a: L M R), %d clause columns (a: top, "
                   "inputs), %d splits (a row a b a b a, outputs b), %d rotated splits (a column b a b a b, outputs "
                   "a), %d unused outputs with a terminator\n"
                   "# promises: n x n, 2 colours (a, b), directions + (horizontal and vertical), sizes {2,3}; "
                   "clearable iff the formula is satisfiable\n",
                   src_name, src_name, f->nvars, f->nclauses, N, N, t.nb, f->nvars, f->nclauses, t.nsplits, t.nrotated,
                   t.nunused);
    for (int v = 0; v < f->nvars; v++) {
        char m[32], o0[32], o1[32];
        cell_text(&t, t.v[v].m, m, sizeof m);
        cell_text(&t, t.v[v].out[0], o0, sizeof o0);
        cell_text(&t, t.v[v].out[1], o1, sizeof o1);
        pl_sbuf_printf(&b, "# x%d: row %d, M %s, output of x%d %s, of ~x%d %s\n", v + 1, t.b[t.v[v].m].row, m, v + 1,
                       o0, v + 1, o1);
    }
    for (int j = 0; j < f->nclauses; j++) {
        char cl[128] = "", lt[32];
        size_t used = 0;
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            literal_text(f->lit[i], lt, sizeof lt);
            used += (size_t)snprintf(cl + used, sizeof cl - used, "%s%s", i > f->start[j] ? " | " : "", lt);
        }
        pl_sbuf_printf(&b, "# C%d = (%s): column %d\n", j + 1, cl, t.b[t.c[j].top].col);
    }
    pl_sbuf_printf(&b, "directions: +\nsizes: 2,3\n");
    for (int r = 0; r < N; r++) pl_sbuf_printf(&b, "%.*s\n", N, grid + (size_t)r * (size_t)N);
    free(grid);
    thm2_free(&t);
    return b.s;
}

/* ---------- forward ---------- */

typedef struct fwd {
    thm2 *t;
    pl_strvec *moves;
    bool *passed; /* by button: its consumer takes it */
} fwd;

static void cut(fwd *w, int x, int y) {
    char buf[64];
    buttons_cut_text((buttons_cut){w->t->b[x].row, w->t->b[x].col, w->t->b[y].row, w->t->b[y].col}, buf, sizeof buf);
    pl_strvec_push(w->moves, buf);
}

/* One cut over three buttons on one line: from one end to the other. */
static void cut3(fwd *w, int x, int y, int z) {
    int id[3] = {x, y, z}, lo = x, hi = x;
    for (int i = 1; i < 3; i++) {
        const button *b = &w->t->b[id[i]];
        if (b->row < w->t->b[lo].row || (b->row == w->t->b[lo].row && b->col < w->t->b[lo].col)) lo = id[i];
        if (b->row > w->t->b[hi].row || (b->row == w->t->b[hi].row && b->col > w->t->b[hi].col)) hi = id[i];
    }
    cut(w, lo, hi);
}

static void forward_split(fwd *w, const split *s) {
    if (w->passed[s->in]) {
        cut(w, s->in, s->mid[2]);
        cut(w, s->mid[1], s->mid[3]);
        cut(w, s->mid[0], s->mid[4]);
        for (int k = 0; k < 2; k++) {
            if (s->term[k] >= 0)
                cut(w, s->out[k], s->term[k]);
            else
                w->passed[s->out[k]] = true;
        }
    } else {
        for (int k = 0; k < 2; k++) {
            int pair = s->mid[k ? 3 : 1];
            if (s->term[k] >= 0) {
                cut3(w, pair, s->out[k], s->term[k]);
            } else {
                cut(w, pair, s->out[k]);
            }
        }
        cut(w, s->mid[0], s->mid[4]);
    }
}

int buttons_thm2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_cnf *f = src;
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    char why[256] = "";
    int rc = pl_sat_read_assignment(f, cert, value, why, sizeof why, err);
    if (rc) {
        free(value);
        return rc < 0 ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    thm2 t;
    if (construct(f, &t, err)) {
        free(value);
        return -1;
    }
    fwd w = {&t, moves, pl_xcalloc((size_t)t.nb + 1, sizeof(bool))};
    for (int v = 0; v < f->nvars; v++) {
        const var_g *g = &t.v[v];
        /* x true: the output of x is passed when it has a consumer (its
         * column holds more than itself); M goes with the rest */
        bool pass[2] = {value[v + 1] == 1, value[v + 1] == 0};
        for (int s = 0; s < 2; s++) {
            int id = g->out[s], others = 0;
            for (int i = 0; i < t.nb; i++) others += i != id && t.b[i].col == t.b[id].col;
            pass[s] = pass[s] && others > 0;
            w.passed[id] = pass[s];
        }
        if (!pass[0] && !pass[1])
            cut(&w, g->out[0], g->out[1]);
        else
            cut(&w, g->m, g->out[pass[0] ? 1 : 0]);
    }
    for (int i = 0; i < t.ns; i++) forward_split(&w, &t.s[i]);
    for (int j = 0; j < f->nclauses && rc == 0; j++) {
        const clause_g *c = &t.c[j];
        int in[3], k = 0;
        for (int i = 0; i < c->nin; i++)
            if (w.passed[c->in[i]]) in[k++] = c->in[i];
        if (k == 0) {
            rc = pl_error_set(err, cert->file, 0, 0, "clause %d is not satisfied by the assignment", j + 1);
            break;
        }
        /* nearest the top first */
        for (int a = 1; a < k; a++)
            for (int b2 = a; b2 > 0 && t.b[in[b2]].row < t.b[in[b2 - 1]].row; b2--) {
                int x = in[b2];
                in[b2] = in[b2 - 1];
                in[b2 - 1] = x;
            }
        if (k == 3) {
            cut(&w, c->top, in[0]);
            cut(&w, in[1], in[2]);
        } else {
            cut(&w, c->top, in[k - 1]);
        }
    }
    free(w.passed);
    thm2_free(&t);
    free(value);
    return rc;
}

/* ---------- lift ---------- */

int buttons_thm2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_cnf *f = src;
    pl_error err = {0};
    char *text = buttons_thm2_build(f, "(source)", &err);
    thm2 t;
    if (!text || construct(f, &t, &err)) {
        free(text);
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    pl_level_text lt;
    buttons_level l;
    memset(&l, 0, sizeof l);
    if (pl_level_text_parse("(construction)", text, strlen(text), &lt, &err)) {
        free(text);
        thm2_free(&t);
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    int rc = buttons_level_parse(&lt, &l, &err);
    pl_level_text_free(&lt);
    free(text);
    if (rc) {
        buttons_level_free(&l);
        thm2_free(&t);
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    /* by cell: the button removed there by a vertical cut */
    bool *vertical_cut = pl_xcalloc((size_t)l.rows * (size_t)l.cols, sizeof(bool));
    uint8_t *cells = pl_xmalloc((size_t)l.rows * (size_t)l.cols + 1);
    memcpy(cells, l.cell, (size_t)l.rows * (size_t)l.cols);
    rc = 0;
    for (int i = 0; i < moves->n && rc == 0; i++) {
        buttons_cut x;
        int col = 0, colour, size;
        char reason[200];
        if (buttons_cut_parse(moves->text[i], &x, reason, sizeof reason, &col) ||
            buttons_cut_check(&l, cells, x, &colour, &size, reason, sizeof reason)) {
            snprintf(why, n, "move %d (%s): %s", i + 1, moves->text[i], reason);
            rc = 1;
            break;
        }
        if (x.c1 == x.c2) {
            int lo = x.r1 < x.r2 ? x.r1 : x.r2, hi = x.r1 < x.r2 ? x.r2 : x.r1;
            for (int r = lo; r <= hi; r++)
                if (cells[r * l.cols + x.c1]) vertical_cut[r * l.cols + x.c1] = true;
        }
        buttons_cut_apply(&l, cells, x);
    }
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    value[0] = -1;
    for (int v = 0; v < f->nvars && rc == 0; v++) {
        bool pass[2];
        for (int s = 0; s < 2; s++) {
            const button *b = &t.b[t.v[v].out[s]];
            pass[s] = vertical_cut[b->row * l.cols + b->col];
        }
        if (pass[0] && pass[1]) {
            snprintf(why, n, "both outputs of x%d are taken by vertical cuts: the variable row cannot clear", v + 1);
            rc = 1;
        }
        value[v + 1] = pass[0] ? 1 : pass[1] ? 0 : -1;
    }
    if (rc == 0) pl_sat_write_assignment(f, value, cert);
    free(value);
    free(cells);
    free(vertical_cut);
    buttons_level_free(&l);
    thm2_free(&t);
    return rc;
}

bool buttons_level_same(const void *a, const void *b) {
    const buttons_level *x = a, *y = b;
    if (x->rows != y->rows || x->cols != y->cols || x->directions != y->directions || x->sizes_all != y->sizes_all ||
        (!x->sizes_all && x->size_mask != y->size_mask) || x->players != y->players || x->may_cut[1] != y->may_cut[1] ||
        x->may_cut[2] != y->may_cut[2] || x->shared != y->shared)
        return false;
    for (int i = 0; i < x->rows * x->cols; i++)
        if (x->colour_char[x->cell[i]] != y->colour_char[y->cell[i]]) return false;
    return true;
}

const pl_reduction buttons_reductions[BUTTONS_NREDUCTIONS] = {
    {"sat", 2, "Theorem 2: 3-SAT -> Buttons & Scissors, n x n, 2 colours, directions +, sizes {2,3}",
     "a row L M R a variable (M goes with one of them), a column a clause (its top goes with the inputs left), "
     "two-colour splits a b a b a carrying a literal from its variable output to its clauses",
     buttons_thm2_build, buttons_thm2_forward, buttons_thm2_lift},
};
