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

/* What a lift reads from the moves: the construction's level and, by cell,
 * whether a vertical cut removed the button there. */
typedef struct lift_replay {
    buttons_level l;
    bool *vertical;
} lift_replay;

/* A lift whose construction could not be rebuilt (text NULL or the
 * construct step failed, err says why): frees text, returns 1 with why. */
static int lift_internal_error(char *text, const pl_error *err, char *why, size_t n) {
    free(text);
    snprintf(why, n, "internal error: %s", err->msg);
    return 1;
}

/* Replays moves on the level of text (freed here) into *rp. 0, or 1 with
 * why; *rp is freed by lift_replay_free either way. */
static int lift_replay_run(char *text, const pl_moves *moves, lift_replay *rp, char *why, size_t n) {
    pl_error err = {0};
    pl_level_text lt;
    buttons_level *l = &rp->l;
    memset(l, 0, sizeof *l);
    rp->vertical = NULL;
    int rc = pl_level_text_parse("(construction)", text, strlen(text), &lt, &err);
    free(text);
    if (rc) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    rc = buttons_level_parse(&lt, l, &err);
    pl_level_text_free(&lt);
    if (rc) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    /* by cell: the button removed there by a vertical cut */
    bool *vertical_cut = pl_xcalloc((size_t)l->rows * (size_t)l->cols + 1, sizeof(bool));
    uint8_t *cells = pl_xmalloc((size_t)l->rows * (size_t)l->cols + 1);
    memcpy(cells, l->cell, (size_t)l->rows * (size_t)l->cols);
    rc = 0;
    for (int i = 0; i < moves->n && rc == 0; i++) {
        buttons_cut x;
        int col = 0, colour, size;
        char reason[200];
        if (buttons_cut_parse(moves->text[i], &x, reason, sizeof reason, &col) ||
            buttons_cut_check(l, cells, x, &colour, &size, reason, sizeof reason)) {
            snprintf(why, n, "move %d (%s): %s", i + 1, moves->text[i], reason);
            rc = 1;
            break;
        }
        if (x.c1 == x.c2) {
            int lo = x.r1 < x.r2 ? x.r1 : x.r2, hi = x.r1 < x.r2 ? x.r2 : x.r1;
            for (int r = lo; r <= hi; r++)
                if (cells[r * l->cols + x.c1]) vertical_cut[r * l->cols + x.c1] = true;
        }
        buttons_cut_apply(l, cells, x);
    }
    free(cells);
    rp->vertical = vertical_cut;
    return rc;
}

/* Was button b removed by a vertical cut? */
static bool lift_replay_vertical(const lift_replay *rp, const button *b) {
    return rp->vertical[b->row * rp->l.cols + b->col];
}

static void lift_replay_free(lift_replay *rp) {
    free(rp->vertical);
    buttons_level_free(&rp->l);
}

int buttons_thm2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_cnf *f = src;
    pl_error err = {0};
    char *text = buttons_thm2_build(f, "(source)", &err);
    thm2 t;
    if (!text || construct(f, &t, &err)) return lift_internal_error(text, &err, why, n);
    lift_replay rp;
    int rc = lift_replay_run(text, moves, &rp, why, n);
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    value[0] = -1;
    for (int v = 0; v < f->nvars && rc == 0; v++) {
        bool pass[2];
        for (int s = 0; s < 2; s++) pass[s] = lift_replay_vertical(&rp, &t.b[t.v[v].out[s]]);
        if (pass[0] && pass[1]) {
            snprintf(why, n, "both outputs of x%d are taken by vertical cuts: the variable row cannot clear", v + 1);
            rc = 1;
        }
        value[v + 1] = pass[0] ? 1 : pass[1] ? 0 : -1;
    }
    if (rc == 0) pl_sat_write_assignment(f, value, cert);
    free(value);
    lift_replay_free(&rp);
    thm2_free(&t);
    return rc;
}

/* ======================================================================
 * Buttons & Scissors, Theorem 7 (Burke et al., Section 3.2, "Hardness for
 * Cut Size {2} and 2-Colors"): SAT -> B&S[n x n, 2 colours, directions +,
 * sizes {2}], through the paper's two lemmas and Graph Decycling (a directed
 * graph G and disjoint pairs S of its vertices: can G be made acyclic by
 * removing one vertex of every pair?).
 *
 * Lemma 3, SAT -> Graph Decycling (t7_lemma3). The paper's sketch: a cycle a
 * clause through a vertex a literal, a removable pair a variable, bow ties
 * duplicating literals. Ours, every vertex coloured for Lemma 2 (a: red, b:
 * green, edges alternate colours):
 *  - variable x: the pair (x, ~x) of green vertices, both with the one red
 *    out-neighbour w_x, the root of a tree d0 -> r1 -> {a_1, d1}, d1 -> r2
 *    -> {a_2, d2}, ... -> rk -> a_k over the k occurrences of x or ~x;
 *    removing x (x true) or ~x (x false).
 *  - occurrence i of literal l: the pair (a_i, a'_i) of green vertices, a_i
 *    -> b_i -> l's vertex (closing the bow-tie cycle w_x .. a_i b_i l w_x),
 *    a'_i on its clause's cycle; removing a'_i says "l satisfies the clause".
 *  - clause (l_1 .. l_k): the cycle a'_1 -> y_1 -> a'_2 -> ... -> a'_k -> y_k
 *    -> z -> y' -> a'_1; an empty clause is a cycle of four plain vertices.
 *  A clause cycle needs one a'_i removed, so a_i kept, so its bow-tie cycle
 *  needs l_i's vertex removed: l_i true. Conversely every cycle through a tree
 *  holds some a_i and its literal's vertex, one of which a satisfying
 *  assignment removes, and the clause cycles are the only others.
 *
 * Lemma 2, Graph Decycling -> B&S (t7_lemma2). A red vertex is a pair of 'a'
 * buttons in a row of its own, a green one a pair of 'b' buttons in a column
 * of its own; an edge u -> v puts one button of u between the two of v on
 * v's line (u's button sits where u's line crosses v's), so v's cut must
 * wait for u's: the pairs can be cut in some order iff G has no cycle. A
 * vertex's other button (when it has one out-edge) goes on a private line
 * beyond its in-neighbours. A removable pair (u, v) (green, one out-edge
 * each, in-neighbours above the out-neighbour) gets the paper's mechanism of
 * Fig. 8(d), redrawn with fewer buttons: the tops of u and v share a private
 * row with a 'b' button p between them, and the bottoms (in the rows of
 * their out-neighbours) a 'b' column q1 q3 q2 beside them (q1 in u's bottom
 * row, q2 in v's, q3 alone in its row), or one button q between them when u
 * and v have the same out-neighbour. p goes with one top, q3 (q) with one
 * bottom's neighbour; a vertex that lost one button to them must lose the
 * other too (nothing else can take it), so exactly one of u, v is removed,
 * its buttons cut with the mechanism's at any time, and the other is cut as
 * a pair. Every other two buttons of one colour on one line are the two of a
 * vertex, or red buttons of vertices with one out-edge in the column of the
 * green vertex they block (a cut joining them strands their other buttons).
 *
 * Size: with V variables, m clauses, L literal occurrences and e empty
 * clauses, 3V + 6L + 2m + 2e vertices and 2V + 4L mechanism buttons: 8V +
 * 16L + 4m + 4e buttons in 2V + 6L + 2m + 2e rows and 6V + 7L + 2m + 3e
 * columns, padded to a square. */

/* The Graph Decycling instance: vertices, edges, removable pairs. */
typedef struct dnode {
    char colour;      /* 'a' red: a pair in its row; 'b' green: a pair in its column */
    double key;       /* where its line goes among the others */
    int out[2], nout; /* the vertices it blocks */
    int pair;         /* its removable pair, -1 for none */
    int line;         /* Lemma 2: its row ('a') or column ('b') */
    int end[2];       /* Lemma 2: its buttons (a removable vertex: top, bottom) */
} dnode;

typedef struct spair {
    int u, v;          /* removable green vertices */
    double pkey, qkey; /* the columns of p and of q, between u's and v's */
    int top;           /* Lemma 2: the row of the tops */
    int p, q[3], nq;   /* Lemma 2: the mechanism's buttons (q1, q2, q3 or q) */
} spair;

typedef struct t7 {
    const pl_cnf *f;  /* Theorem 7's source (NULL from Graph Decycling) */
    const char *file; /* the source's file, for messages */
    /* Lemma 3 */
    dnode *v;
    int nv, capv;
    spair *s;
    int ns, caps;
    int *var_pair; /* by variable: its pair (u: x, v: ~x) */
    int *occ_pair; /* by occurrence (index into f->lit): its pair (u: a, v: a') */
    int *occ_y;    /* by occurrence: y on its clause's cycle */
    int nedges, ntree, poscol, rowc;
    /* Lemma 2 */
    lines rows, cols;
    button *b;
    int *owner; /* by button: its vertex, or -1 - pair for the mechanism's */
    int nb, capb;
    int side;
} t7;

/* Column and row keys of Lemma 3's drawing: occurrence pairs leftmost, then
 * the variable pairs, then the other green columns; rows by groups. */
#define T7_OCC_COL(i) (-2e7 + 8.0 * (i))
#define T7_VAR_COL(x) (-1e7 + 8.0 * (x))
#define T7_ROW_TREE 1e6
#define T7_ROW_B 2e6
#define T7_ROW_W 3e6
#define T7_ROW_CLAUSE 4e6
#define T7_ROW_TOP (-1e9)

static int t7_node(t7 *t, char colour, double key) {
    if (t->nv == t->capv) {
        t->capv = t->capv ? 2 * t->capv : 64;
        t->v = pl_xrealloc(t->v, (size_t)t->capv * sizeof *t->v);
    }
    t->v[t->nv] = (dnode){.colour = colour, .key = key, .pair = -1, .line = -1, .end = {-1, -1}};
    return t->nv++;
}

static void t7_edge(t7 *t, int from, int to) {
    t->v[from].out[t->v[from].nout++] = to;
    t->nedges++;
}

static int t7_pair(t7 *t, int u, int v, double pkey, double qkey) {
    if (t->ns == t->caps) {
        t->caps = t->caps ? 2 * t->caps : 16;
        t->s = pl_xrealloc(t->s, (size_t)t->caps * sizeof *t->s);
    }
    t->s[t->ns] = (spair){.u = u, .v = v, .pkey = pkey, .qkey = qkey, .top = -1, .p = -1, .q = {-1, -1, -1}};
    t->v[u].pair = t->v[v].pair = t->ns;
    return t->ns++;
}

static int t7_green(t7 *t) {
    return t7_node(t, 'b', ++t->poscol);
}

/* Lemma 3: the Graph Decycling instance of f, drawn (keys) for Lemma 2. */
static void t7_lemma3(t7 *t) {
    const pl_cnf *f = t->f;
    int n = f->nvars, m = f->nclauses, L = f->start[m];
    t->var_pair = pl_xmalloc(((size_t)n + 1) * sizeof *t->var_pair);
    t->occ_pair = pl_xmalloc(((size_t)L + 1) * sizeof *t->occ_pair);
    t->occ_y = pl_xmalloc(((size_t)L + 1) * sizeof *t->occ_y);
    /* occurrence i: a_i (column block +0), p (+1), q (+2), a'_i (+3); a_i -> b_i */
    for (int i = 0; i < L; i++) {
        int a = t7_node(t, 'b', T7_OCC_COL(i)), a2 = t7_node(t, 'b', T7_OCC_COL(i) + 3);
        t->occ_pair[i] = t7_pair(t, a, a2, T7_OCC_COL(i) + 1, T7_OCC_COL(i) + 2);
        t7_edge(t, a, t7_node(t, 'a', T7_ROW_B + i));
    }
    /* variable x: the pair (x, ~x), both -> w_x; b_i -> its literal's vertex;
     * the tree from w_x to the a_i of x's occurrences */
    for (int x = 0; x < n; x++) {
        int vx = t7_node(t, 'b', T7_VAR_COL(x)), vn = t7_node(t, 'b', T7_VAR_COL(x) + 3);
        t->var_pair[x] = t7_pair(t, vx, vn, T7_VAR_COL(x) + 1, T7_VAR_COL(x) + 2);
        int w = t7_node(t, 'a', T7_ROW_W + x);
        t7_edge(t, vx, w);
        t7_edge(t, vn, w);
        int parent = w; /* the tree's last vertex with a free out-edge */
        for (int i = 0; i < L; i++) {
            if (abs(f->lit[i]) != x + 1) continue;
            const spair *s = &t->s[t->occ_pair[i]];
            t7_edge(t, t->v[s->u].out[0], f->lit[i] > 0 ? vx : vn);
            int d = t7_green(t), r = t7_node(t, 'a', T7_ROW_TREE + t->rowc++);
            t7_edge(t, parent, d);
            t7_edge(t, d, r);
            t7_edge(t, r, s->u);
            parent = r;
            t->ntree += 2;
        }
    }
    /* clause: a'_1 -> y_1 -> a'_2 -> ... -> a'_k -> y_k -> z -> y' -> a'_1 */
    for (int j = 0; j < m; j++) {
        int k = f->start[j + 1] - f->start[j];
        if (k == 0) { /* a cycle nothing can break */
            int g1 = t7_green(t), r1 = t7_node(t, 'a', T7_ROW_CLAUSE + t->rowc++);
            int g2 = t7_green(t), r2 = t7_node(t, 'a', T7_ROW_CLAUSE + t->rowc++);
            t7_edge(t, g1, r1);
            t7_edge(t, r1, g2);
            t7_edge(t, g2, r2);
            t7_edge(t, r2, g1);
            continue;
        }
        int yp = t7_node(t, 'a', T7_ROW_CLAUSE + t->rowc++), prev = yp;
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            int a2 = t->s[t->occ_pair[i]].v;
            t7_edge(t, prev, a2);
            prev = t->occ_y[i] = t7_node(t, 'a', T7_ROW_CLAUSE + t->rowc++);
            t7_edge(t, a2, prev);
        }
        int z = t7_green(t);
        t7_edge(t, prev, z);
        t7_edge(t, z, yp);
    }
}

static int t7_put(t7 *t, int row, int col, char colour, int owner) {
    if (t->nb == t->capb) {
        t->capb = t->capb ? 2 * t->capb : 64;
        t->b = pl_xrealloc(t->b, (size_t)t->capb * sizeof *t->b);
        t->owner = pl_xrealloc(t->owner, (size_t)t->capb * sizeof *t->owner);
    }
    t->b[t->nb] = (button){row, col, colour};
    t->owner[t->nb] = owner;
    return t->nb++;
}

static void t7_free(t7 *t) {
    free(t->v);
    free(t->s);
    free(t->var_pair);
    free(t->occ_pair);
    free(t->occ_y);
    free(t->rows.v);
    free(t->cols.v);
    free(t->b);
    free(t->owner);
    memset(t, 0, sizeof *t);
}

/* Keys of the lines that must lie strictly between vertex x's two buttons:
 * its in-neighbours' lines and, for a red vertex, the mechanism columns of
 * the pairs whose bottoms are in its row. At most cap. */
static int t7_inner(const t7 *t, int x, double *key, int cap) {
    int k = 0;
    for (int y = 0; y < t->nv; y++)
        for (int e = 0; e < t->v[y].nout; e++)
            if (t->v[y].out[e] == x && k < cap) key[k++] = t->v[y].key;
    for (int i = 0; i < t->ns && t->v[x].colour == 'a'; i++) {
        const spair *s = &t->s[i];
        if ((t->v[s->u].out[0] == x || t->v[s->v].out[0] == x) && k < cap) key[k++] = s->qkey;
    }
    return k;
}

/* Lemma 2: the board of the graph. -1 with err when the drawing breaks one
 * of the lemma's conditions (an internal error). */
static int t7_lemma2(t7 *t, pl_error *err) {
    /* the vertices' lines */
    for (int x = 0; x < t->nv; x++) t->v[x].line = new_line(t->v[x].colour == 'a' ? &t->rows : &t->cols, t->v[x].key);
    for (int i = 0; i < t->ns; i++) t->s[i].top = new_line(&t->rows, T7_ROW_TOP + i);
    /* each vertex's two buttons: at its out-neighbours' lines, else on
     * private lines beyond the lines that must lie between them */
    int cap = t->nv + t->ns + 2;
    double *inner = pl_xmalloc((size_t)cap * sizeof *inner);
    for (int x = 0; x < t->nv; x++) {
        dnode *d = &t->v[x];
        lines *other = d->colour == 'a' ? &t->cols : &t->rows;
        int k = t7_inner(t, x, inner, cap), at[2], nat = 0;
        double lo = 1e300, hi = -1e300;
        for (int i = 0; i < k; i++) lo = inner[i] < lo ? inner[i] : lo, hi = inner[i] > hi ? inner[i] : hi;
        if (d->pair >= 0) {
            /* a removable vertex: top in the pair's row, above the rest */
            double out = t->v[d->out[0]].key;
            if (d->nout != 1 || (k > 0 && hi >= out)) {
                free(inner);
                return pl_error_set(err, NULL, 0, 0, "internal error: removable vertex %d is not drawn downward", x);
            }
            at[nat++] = t->s[d->pair].top;
            at[nat++] = t->v[d->out[0]].line;
        } else if (d->nout == 2) {
            double a = t->v[d->out[0]].key, b = t->v[d->out[1]].key;
            if (a > b) {
                double c = a;
                a = b, b = c;
            }
            if (k > 0 && !(a < lo && hi < b)) {
                free(inner);
                return pl_error_set(err, NULL, 0, 0, "internal error: vertex %d's in-neighbours are not inside", x);
            }
            at[nat++] = t->v[d->out[0]].line;
            at[nat++] = t->v[d->out[1]].line;
        } else if (d->nout == 1) {
            double out = t->v[d->out[0]].key;
            if (k == 0) lo = hi = out - 1;
            if (lo < out && hi > out) {
                free(inner);
                return pl_error_set(err, NULL, 0, 0, "internal error: vertex %d's in-neighbours straddle its out-line",
                                    x);
            }
            at[nat++] = new_line(other, hi < out ? lo - 0.25 : hi + 0.25);
            at[nat++] = t->v[d->out[0]].line;
        } else {
            if (k == 0) lo = hi = 0;
            at[nat++] = new_line(other, lo - 0.25);
            at[nat++] = new_line(other, hi + 0.25);
        }
        for (int e = 0; e < 2; e++)
            d->end[e] = d->colour == 'a' ? t7_put(t, d->line, at[e], 'a', x) : t7_put(t, at[e], d->line, 'b', x);
    }
    free(inner);
    /* the mechanisms: p between the tops; q between the bottoms (one
     * out-neighbour) or q1 q3 q2 down a column beside them */
    for (int i = 0; i < t->ns; i++) {
        spair *s = &t->s[i];
        int pc = new_line(&t->cols, s->pkey), qc = new_line(&t->cols, s->qkey);
        s->p = t7_put(t, s->top, pc, 'b', -1 - i);
        int wu = t->v[s->u].out[0], wv = t->v[s->v].out[0];
        if (wu == wv) {
            s->q[s->nq++] = t7_put(t, t->v[wu].line, qc, 'b', -1 - i);
        } else {
            s->q[s->nq++] = t7_put(t, t->v[wu].line, qc, 'b', -1 - i);
            s->q[s->nq++] = t7_put(t, t->v[wv].line, qc, 'b', -1 - i);
            int r3 = new_line(&t->rows, (t->v[wu].key + t->v[wv].key) / 2);
            s->q[s->nq++] = t7_put(t, r3, qc, 'b', -1 - i);
        }
    }
    t->side = t->rows.n > t->cols.n ? t->rows.n : t->cols.n;
    if (t->side > MAX_SIDE)
        return pl_error_set(err, t->file, 1, 1, "the construction would be %d x %d (at most %d x %d)", t->side,
                            t->side, MAX_SIDE, MAX_SIDE);
    place(&t->rows);
    place(&t->cols);
    for (int i = 0; i < t->nb; i++) {
        t->b[i].row = t->rows.v[t->b[i].row].pos;
        t->b[i].col = t->cols.v[t->b[i].col].pos;
    }
    return 0;
}

/* Buttons along each row and column of the board, in order: button ids by
 * (row, col) in byrow (row r from rowstart[r]) and by (col, row) in bycol. */
typedef struct t7_index {
    int *rowstart, *byrow, *colstart, *bycol;
} t7_index;

typedef struct t7_sortkey {
    int line, pos, id;
} t7_sortkey;

static int t7_sortkey_cmp(const void *a, const void *b) {
    const t7_sortkey *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static void t7_index_side(const t7 *t, bool rows, int **start, int **list) {
    t7_sortkey *k = pl_xmalloc(((size_t)t->nb + 1) * sizeof *k);
    *start = pl_xcalloc((size_t)t->side + 2, sizeof **start);
    *list = pl_xmalloc(((size_t)t->nb + 1) * sizeof **list);
    for (int i = 0; i < t->nb; i++) {
        k[i] = rows ? (t7_sortkey){t->b[i].row, t->b[i].col, i} : (t7_sortkey){t->b[i].col, t->b[i].row, i};
        (*start)[k[i].line + 1]++;
    }
    qsort(k, (size_t)t->nb, sizeof *k, t7_sortkey_cmp);
    for (int r = 0; r < t->side; r++) (*start)[r + 1] += (*start)[r];
    for (int i = 0; i < t->nb; i++) (*list)[i] = k[i].id;
    free(k);
}

static void t7_index_make(const t7 *t, t7_index *ix) {
    t7_index_side(t, true, &ix->rowstart, &ix->byrow);
    t7_index_side(t, false, &ix->colstart, &ix->bycol);
}

static void t7_index_free(t7_index *ix) {
    free(ix->rowstart);
    free(ix->byrow);
    free(ix->colstart);
    free(ix->bycol);
}

/* The buttons strictly between buttons x and y (one row or one column):
 * their number, the first cap of them in out. */
static int t7_between(const t7 *t, const t7_index *ix, int x, int y, int *out, int cap) {
    const button *a = &t->b[x], *b = &t->b[y];
    bool row = a->row == b->row;
    int line = row ? a->row : a->col, p = row ? a->col : a->row, q = row ? b->col : b->row, k = 0;
    if (p > q) {
        int c = p;
        p = q, q = c;
    }
    const int *start = row ? ix->rowstart : ix->colstart, *list = row ? ix->byrow : ix->bycol;
    for (int i = start[line]; i < start[line + 1]; i++) {
        int pos = row ? t->b[list[i]].col : t->b[list[i]].row;
        if (pos > p && pos < q) {
            if (k < cap) out[k] = list[i];
            k++;
        }
    }
    return k;
}

/* Lemma 2's conditions on the placed board: between a vertex's two buttons
 * exactly one button of each in-neighbour (and the q's in its row); p alone
 * between the tops; q alone between the bottoms, or q1 and q2 next to the
 * bottoms with q3 between them in their column. */
static int t7_check(const t7 *t, pl_error *err) {
    t7_index ix;
    t7_index_make(t, &ix);
    int cap = t->nb + 1, *in = pl_xmalloc((size_t)cap * sizeof *in), rc = 0;
    double *keys = pl_xmalloc((size_t)cap * sizeof *keys);
    for (int x = 0; x < t->nv && rc == 0; x++) {
        const dnode *d = &t->v[x];
        int k = t7_inner(t, x, keys, cap), nb = t7_between(t, &ix, d->end[0], d->end[1], in, cap);
        bool ok = nb == k;
        for (int i = 0; i < nb && ok; i++) {
            int o = t->owner[in[i]];
            if (o >= 0) {
                ok = t->v[o].out[0] == x || (t->v[o].nout > 1 && t->v[o].out[1] == x);
            } else {
                const spair *s = &t->s[-1 - o];
                ok = t->b[in[i]].colour == 'b' && (t->v[s->u].out[0] == x || t->v[s->v].out[0] == x);
            }
        }
        if (!ok)
            rc =
                pl_error_set(err, NULL, 0, 0, "internal error: vertex %d's segment holds %d buttons, not %d", x, nb, k);
    }
    for (int i = 0; i < t->ns && rc == 0; i++) {
        const spair *s = &t->s[i];
        const dnode *u = &t->v[s->u], *v = &t->v[s->v];
        int top = t->b[s->p].row;
        bool ok = ix.rowstart[top + 1] - ix.rowstart[top] == 3 &&
                  t7_between(t, &ix, u->end[0], v->end[0], in, cap) == 1 && in[0] == s->p;
        if (s->nq == 1) {
            ok = ok && t7_between(t, &ix, u->end[1], v->end[1], in, cap) == 1 && in[0] == s->q[0];
        } else {
            int c = t->b[s->q[0]].col;
            ok = ok && t7_between(t, &ix, u->end[1], s->q[0], in, cap) == 0 &&
                 t7_between(t, &ix, v->end[1], s->q[1], in, cap) == 0 && ix.colstart[c + 1] - ix.colstart[c] == 3 &&
                 t7_between(t, &ix, s->q[0], s->q[1], in, cap) == 1 && in[0] == s->q[2];
        }
        if (!ok) rc = pl_error_set(err, NULL, 0, 0, "internal error: the mechanism of pair %d is misplaced", i);
    }
    free(in);
    free(keys);
    t7_index_free(&ix);
    return rc;
}

/* The source, Lemma 3, Lemma 2, checked. -1 with err. */
static int t7_construct(const pl_cnf *f, t7 *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    t->f = f;
    t->file = f->file;
    if (f->nvars == 0 && f->nclauses == 0)
        return pl_error_set(err, f->file, 1, 1, "the formula has no variables and no clauses: nothing to build");
    /* the side, from the size formula, before building anything */
    long long V = f->nvars, m = f->nclauses, L = f->start[m], e = 0;
    for (int j = 0; j < f->nclauses; j++) e += f->start[j + 1] == f->start[j];
    long long rows = 2 * V + 6 * L + 2 * m + 2 * e, cols = 6 * V + 7 * L + 2 * m + 3 * e;
    long long side = rows > cols ? rows : cols;
    if (side > MAX_SIDE)
        return pl_error_set(err, f->file, 1, 1, "the construction would be %lld x %lld (at most %d x %d)", side, side,
                            MAX_SIDE, MAX_SIDE);
    t7_lemma3(t);
    if (t7_lemma2(t, err) || t7_check(t, err)) {
        t7_free(t);
        return -1;
    }
    return 0;
}

/* The placed board, N x N cells row by row ('.' empty); NULL with err when
 * two buttons share a cell (an internal error). */
static char *t7_grid(const t7 *t, pl_error *err) {
    int N = t->side;
    char *grid = pl_xmalloc((size_t)N * (size_t)N + 1);
    memset(grid, '.', (size_t)N * (size_t)N);
    for (int i = 0; i < t->nb; i++) {
        char *g = &grid[(size_t)t->b[i].row * (size_t)N + (size_t)t->b[i].col];
        if (*g != '.') {
            free(grid);
            pl_error_set(err, NULL, 0, 0, "internal error: two buttons of the construction in one cell");
            return NULL;
        }
        *g = t->b[i].colour;
    }
    return grid;
}

char *buttons_thm7_build(const void *src, const char *src_name, pl_error *err) {
    const pl_cnf *f = src;
    t7 t;
    if (t7_construct(f, &t, err)) return NULL;
    int N = t.side, nred = 0, ngreen = 0, empty = 0;
    for (int x = 0; x < t.nv; x++) *(t.v[x].colour == 'a' ? &nred : &ngreen) += 1;
    for (int j = 0; j < f->nclauses; j++) empty += f->start[j + 1] == f->start[j];
    char *grid = t7_grid(&t, err);
    if (!grid) {
        t7_free(&t);
        return NULL;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# puzzlelab buttons reduce --from sat --theorem 7 %s\n"
                   "# Buttons & Scissors, Theorem 7 (Burke et al., Section 3.2): SAT -> Graph Decycling (Lemma 3) -> "
                   "B&S[n x n, 2 colours, directions +, sizes {2}] (Lemma 2)\n"
                   "# source: %s: SAT with %d variables, %d clauses, %d literal occurrences\n"
                   "# construction: %d x %d, %d buttons: a graph of %d red vertices (a pairs, each in a row of its "
                   "own) and %d green ones (b pairs, each in a column of its own), %d edges (u -> v: a button of u "
                   "between the two of v), %d removable pairs (a shared top row with p between, q or q1 q3 q2 by the "
                   "bottoms); %d tree vertices, %d empty clauses\n"
                   "# promises: n x n, 2 colours (a, b), directions + (horizontal and vertical), sizes {2}; clearable "
                   "iff the formula is satisfiable\n",
                   src_name, src_name, f->nvars, f->nclauses, f->start[f->nclauses], N, N, t.nb, nred, ngreen, t.nedges,
                   t.ns, t.ntree, empty);
    for (int x = 0; x < f->nvars; x++) {
        const spair *s = &t.s[t.var_pair[x]];
        pl_sbuf_printf(&b,
                       "# x%d: removable pair x%d column %d, ~x%d column %d; tops in row %d (p at %d,%d), bottoms in "
                       "row %d of w (q at %d,%d)\n",
                       x + 1, x + 1, t.b[t.v[s->u].end[0]].col, x + 1, t.b[t.v[s->v].end[0]].col, t.b[s->p].row,
                       t.b[s->p].row, t.b[s->p].col, t.b[s->q[0]].row, t.b[s->q[0]].row, t.b[s->q[0]].col);
    }
    for (int j = 0; j < f->nclauses; j++) {
        pl_sbuf_printf(&b, "# C%d = (", j + 1);
        char lt[32];
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            literal_text(f->lit[i], lt, sizeof lt);
            pl_sbuf_printf(&b, "%s%s", i > f->start[j] ? " | " : "", lt);
        }
        pl_sbuf_printf(&b, "):%s", f->start[j + 1] == f->start[j] ? " a cycle of four plain vertices" : " cycle");
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            const spair *s = &t.s[t.occ_pair[i]];
            literal_text(f->lit[i], lt, sizeof lt);
            pl_sbuf_printf(&b, "%s %s: pair a column %d, a' column %d (tops row %d), y row %d",
                           i > f->start[j] ? ";" : "", lt, t.b[t.v[s->u].end[0]].col, t.b[t.v[s->v].end[0]].col,
                           t.b[s->p].row, t.b[t.v[t.occ_y[i]].end[0]].row);
        }
        pl_sbuf_printf(&b, "\n");
    }
    pl_sbuf_printf(&b, "directions: +\nsizes: 2\n");
    for (int r = 0; r < N; r++) pl_sbuf_printf(&b, "%.*s\n", N, grid + (size_t)r * (size_t)N);
    free(grid);
    t7_free(&t);
    return b.s;
}

/* The cuts of a clearing in which removed[i] says which vertex of pair i
 * goes (true: u): the vertices' pairs and the mechanism's, in an order in
 * which every cut's segment is empty (Kahn on "a button of P lies between
 * Q's two": P first). 1 when that order does not exist (a cycle is left). */
static int t7_order(const t7 *t, const bool *removed, pl_strvec *moves) {
    int cap = t->nb + 1, np = 0;
    int(*pr)[2] = pl_xmalloc((size_t)cap * sizeof *pr);
    int *pair_of = pl_xmalloc((size_t)cap * sizeof *pair_of);
    for (int x = 0; x < t->nv; x++) {
        const dnode *d = &t->v[x];
        if (d->pair >= 0 && (removed[d->pair] ? t->s[d->pair].u : t->s[d->pair].v) == x) continue;
        pr[np][0] = d->end[0], pr[np][1] = d->end[1], np++;
    }
    for (int i = 0; i < t->ns; i++) {
        const spair *s = &t->s[i];
        const dnode *gone = &t->v[removed[i] ? s->u : s->v];
        pr[np][0] = s->p, pr[np][1] = gone->end[0], np++;
        pr[np][0] = s->q[removed[i] || s->nq == 1 ? 0 : 1], pr[np][1] = gone->end[1], np++;
        if (s->nq == 3) pr[np][0] = s->q[2], pr[np][1] = s->q[removed[i] ? 1 : 0], np++;
    }
    for (int i = 0; i < np; i++) pair_of[pr[i][0]] = pair_of[pr[i][1]] = i;
    t7_index ix;
    t7_index_make(t, &ix);
    /* blocked[i]: how many pairs must go before pair i; after[]: who waits */
    int *blocked = pl_xcalloc((size_t)np + 1, sizeof *blocked), *in = pl_xmalloc((size_t)cap * sizeof *in);
    int *wstart = pl_xcalloc((size_t)np + 2, sizeof *wstart), *wlist, nw = 0;
    for (int i = 0; i < np; i++) {
        int k = t7_between(t, &ix, pr[i][0], pr[i][1], in, cap);
        blocked[i] = k;
        nw += k;
        for (int e = 0; e < k; e++) wstart[pair_of[in[e]] + 1]++;
    }
    for (int i = 0; i < np; i++) wstart[i + 1] += wstart[i];
    wlist = pl_xmalloc(((size_t)nw + 1) * sizeof *wlist);
    int *fill = pl_xcalloc((size_t)np + 1, sizeof *fill);
    for (int i = 0; i < np; i++) {
        int k = t7_between(t, &ix, pr[i][0], pr[i][1], in, cap);
        for (int e = 0; e < k; e++) {
            int q = pair_of[in[e]];
            wlist[wstart[q] + fill[q]++] = i;
        }
    }
    int *queue = pl_xmalloc(((size_t)np + 1) * sizeof *queue), head = 0, tail = 0;
    for (int i = 0; i < np; i++)
        if (blocked[i] == 0) queue[tail++] = i;
    while (head < tail) {
        int i = queue[head++];
        char buf[64];
        const button *a = &t->b[pr[i][0]], *c = &t->b[pr[i][1]];
        buttons_cut_text((buttons_cut){a->row, a->col, c->row, c->col}, buf, sizeof buf);
        pl_strvec_push(moves, buf);
        for (int e = wstart[i]; e < wstart[i + 1]; e++)
            if (--blocked[wlist[e]] == 0) queue[tail++] = wlist[e];
    }
    int rc = tail == np ? 0 : 1;
    free(queue);
    free(fill);
    free(wlist);
    free(wstart);
    free(in);
    free(blocked);
    t7_index_free(&ix);
    free(pair_of);
    free(pr);
    return rc;
}

int buttons_thm7_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_cnf *f = src;
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    char why[256] = "";
    int rc = pl_sat_read_assignment(f, cert, value, why, sizeof why, err);
    if (rc) {
        free(value);
        return rc < 0 ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    for (int j = 0; j < f->nclauses; j++) {
        bool sat = false;
        for (int i = f->start[j]; i < f->start[j + 1] && !sat; i++) sat = value[abs(f->lit[i])] == (f->lit[i] > 0);
        if (!sat) {
            free(value);
            return pl_error_set(err, cert->file, 0, 0, "clause %d is not satisfied by the assignment", j + 1);
        }
    }
    t7 t;
    if (t7_construct(f, &t, err)) {
        free(value);
        return -1;
    }
    /* x true: remove x's vertex (a free variable counts as false); a true
     * literal's occurrence: remove a' (its clause's cycle breaks), a false
     * one's: remove a (its bow tie breaks) */
    bool *removed = pl_xcalloc((size_t)t.ns + 1, sizeof(bool));
    for (int x = 0; x < f->nvars; x++) removed[t.var_pair[x]] = value[x + 1] == 1;
    for (int i = 0; i < f->start[f->nclauses]; i++) removed[t.occ_pair[i]] = value[abs(f->lit[i])] != (f->lit[i] > 0);
    rc = t7_order(&t, removed, moves);
    if (rc) rc = pl_error_set(err, NULL, 0, 0, "internal error: the forward cuts have no order");
    free(removed);
    t7_free(&t);
    free(value);
    return rc;
}

/* Lemma 2's pair s of t: whether the top of u (gone[0]) and of v (gone[1])
 * went by a cut along the top row, with p (not by a vertical cut). */
static void t7_tops_gone(const t7 *t, int s, const lift_replay *rp, bool gone[2]) {
    const spair *ps = &t->s[s];
    for (int k = 0; k < 2; k++) gone[k] = !lift_replay_vertical(rp, &t->b[t->v[k ? ps->v : ps->u].end[0]]);
}

int buttons_thm7_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_cnf *f = src;
    pl_error err = {0};
    char *text = buttons_thm7_build(f, "(source)", &err);
    t7 t;
    if (!text || t7_construct(f, &t, &err)) return lift_internal_error(text, &err, why, n);
    lift_replay rp;
    int rc = lift_replay_run(text, moves, &rp, why, n);
    /* x true when x's vertex was removed: its top cut along the top row,
     * with p */
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    value[0] = -1;
    for (int x = 0; x < f->nvars && rc == 0; x++) {
        bool gone[2];
        t7_tops_gone(&t, t.var_pair[x], &rp, gone);
        if (gone[0] == gone[1]) {
            snprintf(why, n, "the tops of x%d and ~x%d are both cut %s: p cannot clear", x + 1, x + 1,
                     gone[0] ? "with p" : "vertically");
            rc = 1;
        }
        value[x + 1] = gone[0] ? 1 : 0;
    }
    if (rc == 0) pl_sat_write_assignment(f, value, cert);
    free(value);
    lift_replay_free(&rp);
    t7_free(&t);
    return rc;
}

/* ======================================================================
 * Lemma 2 alone: Graph Decycling -> B&S[n x n, 2 colours, directions +,
 * sizes {2}] from ANY instance (buttons reduce --from decycling --theorem 7).
 *
 * The paper's normalisation (degrees 1 to 3, removable vertices of degree 2,
 * bipartite with every removable vertex on one side) in a form t7_lemma2
 * draws without further care. Source vertex x becomes
 *  - its core g_x, green, removable when x is in a pair, with the one
 *    out-edge g_x -> r_x (red, the bottom band of rows);
 *  - when x has d >= 1 out-arcs, an out-tree from r_x: r_x and every other
 *    branching red have two green children (one when d = 1), each green one
 *    red child; the red leaves e (one per arc x -> y, rows of the top band)
 *    each have the one out-edge e -> g_y.
 * Every cycle of the new graph passes cores and trees, and passes g_y after
 * a leaf of an arc into y: its cores spell a closed walk of the source, and
 * every cycle of the source comes back as one; the removable vertices are
 * the cores of the paired vertices, so one vertex removed from each pair
 * leaves the source acyclic iff the same cores removed leave the new graph
 * acyclic. Nothing is pruned (a vertex on no cycle stays, harmless), so a
 * choice maps to a choice one to one.
 * Drawing: every red has one green in-neighbour (plus the mechanism's q in
 * r_x's row), so its segment holds one button; a branching red's two
 * children are placed in-order (a tree green serving arcs lo..hi-1 split at
 * mid sits at 2 mid - 1, a one-arc green at 2 lo), left and right of its
 * in-neighbour; the cores' in-neighbours (leaves, top band) are above their
 * out-neighbour r_x (bottom band), as a removable vertex needs. Columns by
 * units (a pair, or one unpaired vertex): the left halves of the units'
 * trees, the block g_u p q g_v (or g_x), the right halves.
 *
 * Size, with n vertices, m arcs, s pairs and d_x the out-degree of x:
 * V = 2n + sum t(d_x) vertices, t(0) = 0, t(1) = 2, t(d) = 4d - 4 (d >= 2),
 * so V <= 2n + 4m; 2V + 4s buttons; V rows and V/2 + n0 + m + n1 + 2 n0 + 2s
 * columns where n0, n1 count the vertices of out-degree 0, 1 (exactly: the
 * greens, plus a private column per red leaf and red r_x with d = 1, two
 * per r_x with d = 0, p and q per pair); the side, the larger of the two,
 * is at most 4(n + m). */

#define D2_ROW_BOTTOM 1e7

typedef struct d2 {
    t7 t;
    int *core;     /* by source vertex 1..n: g_x */
    int *pair_map; /* by source pair: the t7 pair */
} d2;

/* The exact rows and columns of the construction (see above). */
static void d2_size(const pl_decyc *d, long long *rows, long long *cols) {
    long long *deg = pl_xcalloc((size_t)d->nvertices + 1, sizeof *deg), V = 0, G = 0, extra = 0;
    for (int e = 0; e < d->narcs; e++) deg[d->arc[e][0]]++;
    for (int x = 1; x <= d->nvertices; x++) {
        long long k = deg[x];
        long long t = k == 0 ? 0 : k == 1 ? 2 : 4 * k - 4;
        V += 2 + t;
        G += 1 + t / 2;
        extra += k == 0 ? 2 : k == 1 ? 1 : 0; /* r_x's private columns */
    }
    free(deg);
    *rows = V;
    *cols = G + d->narcs + extra + 2LL * d->npairs;
}

static void d2_free(d2 *w) {
    t7_free(&w->t);
    free(w->core);
    free(w->pair_map);
    memset(w, 0, sizeof *w);
}

static int d2_construct(const pl_decyc *d, d2 *w, pl_error *err) {
    memset(w, 0, sizeof *w);
    t7 *t = &w->t;
    t->file = d->file;
    int n = d->nvertices;
    if (n == 0) return pl_error_set(err, d->file, 1, 1, "the graph has no vertices: nothing to build");
    long long rows, cols;
    d2_size(d, &rows, &cols);
    long long side = rows > cols ? rows : cols;
    if (side > MAX_SIDE)
        return pl_error_set(err, d->file, 1, 1, "the construction would be %lld x %lld (at most %d x %d)", side, side,
                            MAX_SIDE, MAX_SIDE);
    /* out-arcs by tail, in file order */
    int *first = pl_xcalloc((size_t)n + 2, sizeof *first), *head = pl_xmalloc(((size_t)d->narcs + 1) * sizeof *head);
    for (int e = 0; e < d->narcs; e++) first[d->arc[e][0] + 1]++;
    for (int x = 1; x <= n + 1; x++) first[x] += first[x - 1];
    int *fill = pl_xmalloc(((size_t)n + 2) * sizeof *fill);
    memcpy(fill, first, ((size_t)n + 2) * sizeof *fill);
    for (int e = 0; e < d->narcs; e++) head[fill[d->arc[e][0]]++] = d->arc[e][1];
    free(fill);
    /* columns by units: left halves, block, right halves */
    double *key = pl_xmalloc(((size_t)n + 1) * sizeof *key), *lbase = pl_xmalloc(((size_t)n + 1) * sizeof *lbase),
           *rbase = pl_xmalloc(((size_t)n + 1) * sizeof *rbase);
    bool *placed = pl_xcalloc((size_t)n + 1, sizeof *placed);
    double col = 0;
    w->pair_map = pl_xmalloc(((size_t)d->npairs + 1) * sizeof *w->pair_map);
    w->core = pl_xmalloc(((size_t)n + 1) * sizeof *w->core);
    for (int x = 1; x <= n; x++) {
        if (placed[x]) continue;
        int p = d->pair_of[x], unit[2] = {x, 0}, k = 1;
        if (p >= 0) unit[0] = d->pair[p][0], unit[1] = d->pair[p][1], k = 2;
        for (int i = 0; i < k; i++) {
            int z = unit[i], deg = first[z + 1] - first[z];
            placed[z] = true;
            lbase[z] = col;
            col += (deg >= 2 ? 2 * (deg / 2) : 0) + 1;
        }
        double block = col;
        for (int i = 0; i < k; i++) key[unit[i]] = block + 3 * i;
        col += k == 2 ? 5 : 2;
        for (int i = 0; i < k; i++) {
            int z = unit[i], deg = first[z + 1] - first[z];
            rbase[z] = col - (deg >= 2 ? 2 * (deg / 2) : 0);
            col += 2 * (deg - (deg >= 2 ? deg / 2 : 0)) + 1;
        }
        for (int i = 0; i < k; i++) w->core[unit[i]] = t7_node(t, 'b', key[unit[i]]);
        if (k == 2) w->pair_map[p] = t7_pair(t, w->core[unit[0]], w->core[unit[1]], block + 1, block + 2);
    }
    /* r_x, then the trees: items (parent red, arcs lo..hi-1 of its tail, base) */
    int rowc = 0, cap = 2 * d->narcs + 4, nst = 0;
    int(*st)[3] = pl_xmalloc((size_t)cap * sizeof *st);
    double *stbase = pl_xmalloc((size_t)cap * sizeof *stbase);
    for (int x = 1; x <= n; x++) {
        int r = t7_node(t, 'a', D2_ROW_BOTTOM + x), deg = first[x + 1] - first[x];
        t7_edge(t, w->core[x], r);
        if (deg == 1) {
            st[nst][0] = r, st[nst][1] = 0, st[nst][2] = 1, stbase[nst++] = rbase[x];
        } else if (deg >= 2) {
            int mid = deg / 2;
            st[nst][0] = r, st[nst][1] = 0, st[nst][2] = mid, stbase[nst++] = lbase[x];
            st[nst][0] = r, st[nst][1] = mid, st[nst][2] = deg, stbase[nst++] = rbase[x];
        }
        while (nst > 0) {
            nst--;
            int parent = st[nst][0], lo = st[nst][1], hi = st[nst][2];
            double base = stbase[nst];
            int mid = (lo + hi) / 2;
            int c = t7_node(t, 'b', base + (hi - lo == 1 ? 2 * lo : 2 * mid - 1));
            t7_edge(t, parent, c);
            int red = t7_node(t, 'a', ++rowc);
            t7_edge(t, c, red);
            if (hi - lo == 1) {
                t7_edge(t, red, w->core[head[first[x] + lo]]);
                t->ntree++;
                continue;
            }
            st[nst][0] = red, st[nst][1] = lo, st[nst][2] = mid, stbase[nst++] = base;
            st[nst][0] = red, st[nst][1] = mid, st[nst][2] = hi, stbase[nst++] = base;
        }
    }
    free(st);
    free(stbase);
    free(first);
    free(head);
    free(key);
    free(lbase);
    free(rbase);
    free(placed);
    if (t7_lemma2(t, err) || t7_check(t, err)) {
        d2_free(w);
        return -1;
    }
    if ((long long)t->rows.n != rows || (long long)t->cols.n != cols) {
        int r = t->rows.n, c = t->cols.n;
        d2_free(w);
        return pl_error_set(err, NULL, 0, 0, "internal error: %d rows and %d columns, not %lld and %lld", r, c, rows,
                            cols);
    }
    return 0;
}

char *buttons_lemma2_build(const void *src, const char *src_name, pl_error *err) {
    const pl_decyc *d = src;
    d2 w;
    if (d2_construct(d, &w, err)) return NULL;
    const t7 *t = &w.t;
    char *grid = t7_grid(t, err);
    if (!grid) {
        d2_free(&w);
        return NULL;
    }
    int N = t->side, nred = 0, ngreen = 0;
    for (int x = 0; x < t->nv; x++) *(t->v[x].colour == 'a' ? &nred : &ngreen) += 1;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# puzzlelab buttons reduce --from decycling --theorem 7 %s\n"
                   "# Buttons & Scissors, Theorem 7 (Burke et al., Section 3.2), Lemma 2 alone: Graph Decycling -> "
                   "B&S[n x n, 2 colours, directions +, sizes {2}]\n"
                   "# source: %s: Graph Decycling with %d vertices, %d arcs, %d removable pairs\n"
                   "# construction: %d x %d, %d buttons: a graph of %d red vertices (a pairs, each in a row of its "
                   "own) and %d green ones (b pairs, each in a column of its own), %d edges (u -> v: a button of u "
                   "between the two of v): a green core and a red root a source vertex, %d red leaves (one an arc) "
                   "in out-trees; %d removable pairs (a shared top row with p between, q1 q3 q2 by the bottoms)\n"
                   "# promises: n x n, 2 colours (a, b), directions + (horizontal and vertical), sizes {2}; clearable "
                   "iff removing one vertex of every pair can leave the graph acyclic\n",
                   src_name, src_name, d->nvertices, d->narcs, d->npairs, N, N, t->nb, nred, ngreen, t->nedges,
                   t->ntree, t->ns);
    for (int p = 0; p < d->npairs; p++) {
        const spair *s = &t->s[w.pair_map[p]];
        pl_sbuf_printf(&b,
                       "# pair %d (%d, %d): cores in columns %d and %d; tops in row %d (p at %d,%d), bottoms in "
                       "rows %d and %d (q1 q3 q2 in column %d)\n",
                       p + 1, d->pair[p][0], d->pair[p][1], t->b[t->v[s->u].end[0]].col, t->b[t->v[s->v].end[0]].col,
                       t->b[s->p].row, t->b[s->p].row, t->b[s->p].col, t->b[s->q[0]].row, t->b[s->q[1]].row,
                       t->b[s->q[0]].col);
    }
    pl_sbuf_printf(&b, "directions: +\nsizes: 2\n");
    for (int r = 0; r < N; r++) pl_sbuf_printf(&b, "%.*s\n", N, grid + (size_t)r * (size_t)N);
    free(grid);
    d2_free(&w);
    return b.s;
}

int buttons_lemma2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_decyc *d = src;
    bool *removed = pl_xcalloc((size_t)d->nvertices + 1, sizeof *removed);
    char why[256] = "";
    int rc = pl_decyc_read_removal(d, cert, removed, why, sizeof why, err);
    if (rc == 0 && !pl_decyc_check(d, removed, why, sizeof why)) rc = 1;
    if (rc) {
        free(removed);
        return rc < 0 ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    d2 w;
    if (d2_construct(d, &w, err)) {
        free(removed);
        return -1;
    }
    bool *gone = pl_xcalloc((size_t)w.t.ns + 1, sizeof(bool));
    for (int p = 0; p < d->npairs; p++) gone[w.pair_map[p]] = removed[d->pair[p][0]];
    rc = t7_order(&w.t, gone, moves);
    if (rc) rc = pl_error_set(err, NULL, 0, 0, "internal error: the forward cuts have no order");
    free(gone);
    free(removed);
    d2_free(&w);
    return rc;
}

int buttons_lemma2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_decyc *d = src;
    pl_error err = {0};
    char *text = buttons_lemma2_build(d, "(source)", &err);
    d2 w;
    if (!text || d2_construct(d, &w, &err)) return lift_internal_error(text, &err, why, n);
    lift_replay rp;
    int rc = lift_replay_run(text, moves, &rp, why, n);
    /* the vertex whose top was cut along the top row, with p, is removed */
    bool *removed = pl_xcalloc((size_t)d->nvertices + 1, sizeof *removed);
    for (int p = 0; p < d->npairs && rc == 0; p++) {
        bool gone[2];
        t7_tops_gone(&w.t, w.pair_map[p], &rp, gone);
        if (gone[0] == gone[1]) {
            snprintf(why, n, "the tops of vertices %d and %d (pair %d) are both cut %s: p cannot clear",
                     d->pair[p][0], d->pair[p][1], p + 1, gone[0] ? "with p" : "vertically");
            rc = 1;
        }
        removed[d->pair[p][gone[0] ? 0 : 1]] = true;
    }
    if (rc == 0) pl_decyc_write_removal(d, removed, cert);
    free(removed);
    lift_replay_free(&rp);
    d2_free(&w);
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
    {"sat", 5,
     "Theorem 5: 3-SAT -> Buttons & Scissors, n x n, every colour at most 4 buttons (F = 4), directions *, sizes "
     "{2,3}",
     "Fig. 4's clause diamond L T B R (L goes with the one slot whose literal instance went early), an instance "
     "M A V Bb a literal occurrence (early down M's column, late through L), a rectangle per two occurrences of a "
     "literal (its rows: the literal true), hub rectangles keeping x and not x apart",
     buttons_thm5_build, buttons_thm5_forward, buttons_thm5_lift},
    {"planar-sat", 6, "Theorem 6: planar 3-SAT -> Buttons & Scissors, n x n, one colour, directions *, sizes {3,4}",
     "3-SAT to NAE-3SAT (a global z, a fresh w a clause); a variable a cycle of 2 x 2 squares that go all by rows "
     "or all by columns (a port line holds one outside button), a clause a row with two buttons of its own and one "
     "candidate of each literal's square: it clears iff one or two of them are true",
     buttons_thm6_build, buttons_thm6_forward, buttons_thm6_lift},
    {"sat", 7, "Theorem 7: SAT -> Graph Decycling -> Buttons & Scissors, n x n, 2 colours, directions +, sizes {2}",
     "Lemma 3: a cycle a clause, a removable pair a variable and one an occurrence, bow ties through a tree; Lemma 2: "
     "a vertex a pair of buttons in a line of its own, an edge a button between the two of its head, a pair a shared "
     "row with one button between the tops and a column of three by the bottoms",
     buttons_thm7_build, buttons_thm7_forward, buttons_thm7_lift},
    {"decycling", 7, "Theorem 7, Lemma 2: Graph Decycling -> Buttons & Scissors, n x n, 2 colours, directions +, sizes {2}",
     "normalised: a vertex a green core (removable for a paired vertex) and a red root with a binary out-tree, a "
     "red leaf an arc; then Lemma 2: a vertex a pair of buttons in a line of its own, an edge a button between the "
     "two of its head, a pair a shared row with one button between the tops and a column of three by the bottoms",
     buttons_lemma2_build, buttons_lemma2_forward, buttons_lemma2_lift},
    {"gpos", 8, "Theorem 8: G_pos(CNF) (Schaefer's G_%free(CNF)) -> partisan LAST Buttons & Scissors (b against r), "
                "directions *, sizes {3}",
     "a variable a cross of five of its owner's colour (T a column, F a diagonal, sharing s); a clause a row of "
     "three r with a b between for each Blue literal; Blue's last cut g g g through the s of Blue's own variables (feasible once Blue has set them all)",
     buttons_thm8_build, buttons_thm8_forward, buttons_thm8_lift},
    {"geography", 9, "Theorem 9: Geography (Lemma 4: in, out <= 2, degree <= 3) -> IMPARTIAL Buttons & Scissors",
     "an arc a wire of three pairs, a vertex a chain x y between its in- and out-wires; two out-wires share their "
     "tail button, two in-wires their head button (so a visited vertex is never entered again)",
     buttons_thm9_build, buttons_thm9_forward, buttons_thm9_lift},
    {"geography", 10, "Theorem 10: Geography -> SCORING Buttons & Scissors (Theorem 9's board behind Fig. 15's gadget)",
     "four triples in a cycle (2, 3, 3, 3 points), e through their middles, f behind e in front of the start's "
     "wires: after the gadget player 2 leads by one and player 1 moves, so the last to cut wins (Lemma 5)",
     buttons_thm10_build, buttons_thm10_forward, buttons_thm10_lift},
};
