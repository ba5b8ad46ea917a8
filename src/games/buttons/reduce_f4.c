/* Buttons & Scissors, Theorem 5 (Burke et al., "Single-Player and Two-Player
 * Buttons & Scissors Games", Section 3.3): 3-SAT -> B&S[n x n, colours
 * unbounded, every colour at most F = 4 buttons, directions *, sizes {2,3}].
 *
 * The paper keeps Gregg et al.'s F = 7 reduction (CCCG 2015, not in our
 * library) and replaces its clause gadget by the one of Fig. 1(c)/Fig. 4:
 * four buttons of one colour, the left one L removable only together with
 * the top, bottom or right one, and each of those three cuts blocked by the
 * "middle" button of one literal, so that L goes iff some literal's middle
 * button was removed early ("by a vertical cut"). That clause gadget is kept
 * here (a diamond, so all six pairs of its colour are collinear); the rest
 * is ours, built from colours of four buttons whose only cuts are 2-cuts:
 *
 *  - clause j: a rigid block of 9 rows and 12 columns, the diamond L (0,0),
 *    T (-4,4), B (4,4), R (0,8); slot s (L-T, L-B, L-R) holds the button M
 *    of literal s's instance at (-1,1), (2,2) or (0,3), and that instance's
 *    button A beyond L on the same line at (1,-1), (-2,-2) or (0,-3). The
 *    diamond clears by L-T + B-R, L-B + T-R or L-R + T-B: one slot per
 *    clearing, and the slot's cut needs its M gone first. A missing literal
 *    (a clause of one or two) is a dummy pair {M, A}: its segment holds L,
 *    so its slot can never be the one.
 *  - instance of literal l (4 buttons M, A, V, Bb): EARLY = M-V (down M's
 *    column) + A-Bb (down A's column); LATE = M-A (through L: after the
 *    clause went) + V-Bb (V's own row). V and Bb sit in the variable's rows.
 *  - literal rectangle (4 buttons, corners of a non-square rectangle): H =
 *    both rows, V = both columns. Rectangle A_i of x hosts up to two
 *    occurrences of x, N_k of not-x two of not-x: the rectangle's column is
 *    the occurrence's M column, its top corner P lies between M and V and its
 *    bottom corner below V. So M-V needs P gone and P's vertical cut needs V
 *    gone: EARLY is possible iff the rectangle went by rows (H). "x true" is
 *    A_i horizontal, "x false" N_k horizontal.
 *  - exclusion (no two of A_i and N_k horizontal): two rectangles whose top
 *    rows are one row with their corners interleaved (a1 t1 a2 t2) cannot
 *    both go by rows (each row cut holds a corner of the other), and two
 *    whose columns are one column with interleaved rows cannot both go by
 *    columns. Hubs make it hold for every pair: T_i shares A_i's top row
 *    (interleaved: A_i horizontal -> T_i vertical), R_k shares N_k's
 *    (N_k horizontal -> R_k vertical), and all T_i and R_k stand on one
 *    column c_x with every T crossing every R and the T's (the R's) nested,
 *    so no T_i and R_k are both vertical. (A_i and N_k cannot interleave
 *    directly in general: their columns are the clauses'.)
 *
 * Every line (row or column) belongs to one gadget, except the lines the
 * construction shares on purpose (an occurrence's M column with its
 * rectangle, a top row with its hub, c_x), and the clause blocks are apart
 * (a staircase), so a cut's segment holds exactly the buttons the design
 * puts there; a final check finds every collinear pair of one colour and
 * refuses anything but the designed cuts (a square rectangle would add its
 * diagonals: a blank row inside it fixes that).
 *
 * Why (the lift): a clearing takes, for each clause, one slot whose instance
 * went EARLY, so that instance's rectangle went by rows: x true for an A_i,
 * false for an N_k; and no A_i and N_k of one variable both went by rows.
 * The lift sets x true iff some A_i of x went by rows; every clause then has
 * a true literal. Forward: x true -> every A_i by rows, N_k by columns, T_i
 * by columns, R_k by rows (false: the other way); instances of true
 * literals EARLY, of false ones LATE; each clause by its first true
 * literal's slot; the cuts are ordered by Kahn's algorithm on the board
 * ("a button of cut P lies on cut Q's segment: P first").
 *
 * Every cut is a 2-cut and no three buttons of one colour are collinear, so
 * the board is in B&S[*, {2,3}] and in B&S[*, {2}] alike. Size: 4m clause
 * buttons, 4 a literal occurrence (2 a missing one), 4 a rectangle, at most
 * two rectangles for three occurrences of a literal (with hubs); rows 9m + 7
 * + O(occurrences), columns 12m + O(occurrences): O(m) buttons, side O(m).
 * Colours are one a gadget, and a buttons level has 62 (a-z, A-Z, 0-9):
 * larger sources are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

#define F4_MAX_SIDE 4000
#define F4_BLOCK_ROWS 9
#define F4_BLOCK_COLS 12
#define F4_SPACER 7
static const char f4_colour_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
#define F4_MAX_COLOURS ((int)sizeof f4_colour_chars - 1)

/* slot s of a clause block: M and A, (row, column) relative to L */
static const int slot_m[3][2] = {{-1, 1}, {2, 2}, {0, 3}};
static const int slot_a[3][2] = {{1, -1}, {-2, -2}, {0, -3}};
static const char *const slot_name[3] = {"L-T", "L-B", "L-R"};

typedef struct f4line {
    double key;
    int seq, pos;
} f4line;

typedef struct f4lines {
    f4line *v;
    int n, cap;
} f4lines;

typedef struct f4button {
    int row, col, colour; /* line ids */
} f4button;

enum { RECT_A, RECT_N, RECT_T, RECT_R };
typedef struct f4rect {
    int kind, var, colour;
    int b[4]; /* top-left, top-right, bottom-left, bottom-right */
} f4rect;

typedef struct f4inst {
    int lit; /* 0: a dummy pair {m, a} */
    int colour, m, a, v, bb;
} f4inst;

typedef struct f4clause {
    int colour, l, t, b, r; /* buttons */
    int row0, col0;         /* line ids of the block's first row and column */
} f4clause;

typedef struct f4 {
    const pl_cnf *f;
    f4lines rows, cols;
    f4button *b;
    int nb, capb, ncolours;
    f4rect *rect;
    int nrect, caprect;
    f4inst *inst; /* 3 a clause */
    f4clause *cl;
    int *hub_col; /* per variable: the line of c_x, -1 without hubs */
    int side;
    int *r, *c; /* by button: placed position */
} f4;

static int new_line(f4lines *L, double key) {
    if (L->n == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 64;
        L->v = pl_xrealloc(L->v, (size_t)L->cap * sizeof *L->v);
    }
    L->v[L->n] = (f4line){key, L->n, 0};
    return L->n++;
}

static int put(f4 *t, int row, int col, int colour) {
    if (t->nb == t->capb) {
        t->capb = t->capb ? 2 * t->capb : 64;
        t->b = pl_xrealloc(t->b, (size_t)t->capb * sizeof *t->b);
    }
    t->b[t->nb] = (f4button){row, col, colour};
    return t->nb++;
}

static int new_rect(f4 *t, int kind, int var, int top, int bottom, int c1, int c2) {
    if (t->nrect == t->caprect) {
        t->caprect = t->caprect ? 2 * t->caprect : 16;
        t->rect = pl_xrealloc(t->rect, (size_t)t->caprect * sizeof *t->rect);
    }
    f4rect *q = &t->rect[t->nrect];
    q->kind = kind, q->var = var, q->colour = t->ncolours++;
    q->b[0] = put(t, top, c1, q->colour);
    q->b[1] = put(t, top, c2, q->colour);
    q->b[2] = put(t, bottom, c1, q->colour);
    q->b[3] = put(t, bottom, c2, q->colour);
    return t->nrect++;
}

static void f4_free(f4 *t) {
    free(t->rows.v);
    free(t->cols.v);
    free(t->b);
    free(t->rect);
    free(t->inst);
    free(t->cl);
    free(t->hub_col);
    free(t->r);
    free(t->c);
    memset(t, 0, sizeof *t);
}

static int by_key(const void *a, const void *b) {
    const f4line *x = *(const f4line *const *)a, *y = *(const f4line *const *)b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

static void place_lines(f4lines *L) {
    f4line **order = pl_xmalloc((size_t)(L->n + 1) * sizeof *order);
    for (int i = 0; i < L->n; i++) order[i] = &L->v[i];
    qsort(order, (size_t)L->n, sizeof *order, by_key);
    for (int i = 0; i < L->n; i++) order[i]->pos = i;
    free(order);
}

static void place(f4 *t) {
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

/* The same check as Theorem 2's: one to three literals a clause, on distinct
 * variables (x and not x in one clause would put two instances of x's in one
 * block; Karp's "at most three"). */
static int check_source(const pl_cnf *f, pl_error *err) {
    for (int c = 0; c < f->nclauses; c++) {
        int k = f->start[c + 1] - f->start[c];
        if (k < 1 || k > 3)
            return pl_error_set(err, f->file, f->line[c], f->col[c],
                                "clause %d has %d literal%s: Theorem 5 reduces 3-SAT (one to three literals a clause)",
                                c + 1, k, k == 1 ? "" : "s");
        const int *l = f->lit + f->start[c];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < i; j++)
                if (abs(l[i]) == abs(l[j]))
                    return pl_error_set(err, f->file, f->line[c], f->col[c],
                                        "clause %d has the variable %d twice: Theorem 5 reduces 3-SAT with distinct "
                                        "variables in a clause",
                                        c + 1, abs(l[i]));
    }
    if (f->nclauses == 0)
        return pl_error_set(err, f->file, 1, 1, "the formula has no clauses: Theorem 5's board would be empty");
    return 0;
}

/* The buttons of one colour and the pairs the design cuts (by index into
 * the list). */
typedef struct colour_set {
    int n, b[4];
    int npairs, pair[6][2];
} colour_set;

static void colour_sets(const f4 *t, colour_set *cs) {
    memset(cs, 0, (size_t)t->ncolours * sizeof *cs);
    for (int i = 0; i < t->nb; i++) {
        colour_set *s = &cs[t->b[i].colour];
        s->b[s->n++] = i;
    }
    for (int k = 0; k < t->ncolours; k++) {
        colour_set *s = &cs[k];
        for (int i = 0; i < s->n; i++)
            for (int j = i + 1; j < s->n; j++) {
                /* rectangles: sides only; instances: not M-Bb, not A-V; clause: all */
                bool designed = true;
                if (s->n == 4) {
                    int x = s->b[i], y = s->b[j];
                    for (int q = 0; q < t->nrect; q++)
                        if (t->rect[q].colour == k) {
                            const int *b = t->rect[q].b;
                            designed = !((x == b[0] && y == b[3]) || (x == b[3] && y == b[0]) ||
                                         (x == b[1] && y == b[2]) || (x == b[2] && y == b[1]));
                        }
                    for (int q = 0; q < 3 * t->f->nclauses; q++)
                        if (t->inst[q].lit && t->inst[q].colour == k) {
                            const f4inst *in = &t->inst[q];
                            designed = !((x == in->m && y == in->bb) || (x == in->bb && y == in->m) ||
                                         (x == in->a && y == in->v) || (x == in->v && y == in->a));
                        }
                }
                if (designed) {
                    s->pair[s->npairs][0] = i;
                    s->pair[s->npairs][1] = j;
                    s->npairs++;
                }
            }
    }
}

/* After placing: every designed pair of a colour is collinear with no button
 * of its colour between, and no other pair of a colour is collinear. 0, or
 * the colour at fault + 1 with why. */
static int check_colours(const f4 *t, const colour_set *cs, char *why, size_t n) {
    for (int k = 0; k < t->ncolours; k++) {
        const colour_set *s = &cs[k];
        for (int i = 0; i < s->n; i++)
            for (int j = i + 1; j < s->n; j++) {
                int x = s->b[i], y = s->b[j];
                bool designed = false;
                for (int p = 0; p < s->npairs; p++)
                    designed |= (s->pair[p][0] == i && s->pair[p][1] == j);
                int d = buttons_direction_of(t->r[x], t->c[x], t->r[y], t->c[y]);
                if (designed && d < 0) {
                    snprintf(why, n, "colour %c: the pair (%d,%d) (%d,%d) is not on a line", f4_colour_chars[k], t->r[x],
                             t->c[x], t->r[y], t->c[y]);
                    return k + 1;
                }
                if (!designed && d >= 0) {
                    snprintf(why, n, "colour %c: (%d,%d) and (%d,%d) are on a line", f4_colour_chars[k], t->r[x],
                             t->c[x], t->r[y], t->c[y]);
                    return k + 1;
                }
                if (designed)
                    for (int z = 0; z < s->n; z++) {
                        int w = s->b[z];
                        if (w == x || w == y) continue;
                        int d1 = buttons_direction_of(t->r[x], t->c[x], t->r[w], t->c[w]);
                        int d2 = buttons_direction_of(t->r[w], t->c[w], t->r[y], t->c[y]);
                        if (d1 >= 0 && d1 == d2 && d1 == d) {
                            snprintf(why, n, "colour %c: three buttons on one line", f4_colour_chars[k]);
                            return k + 1;
                        }
                    }
            }
    }
    return 0;
}

/* The occurrence list of literal lit: (clause, slot) pairs in clause order. */
typedef struct occ {
    int clause, slot;
} occ;

/* Builds and places the construction; -1 with err. */
static int construct(const pl_cnf *f, f4 *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    if (check_source(f, err)) return -1;
    t->f = f;
    int n = f->nvars, m = f->nclauses;
    double block = 16.0, var_area = block * m + 100.0, var_span = 10.0 * m + 100.0, seq = 0;
    t->cl = pl_xcalloc((size_t)m + 1, sizeof *t->cl);
    t->inst = pl_xcalloc(3 * (size_t)m + 1, sizeof *t->inst);
    t->hub_col = pl_xmalloc(((size_t)n + 1) * sizeof *t->hub_col);
    /* clause blocks, a staircase of 9 x 12 */
    for (int j = 0; j < m; j++) {
        f4clause *c = &t->cl[j];
        for (int i = 0; i < F4_BLOCK_ROWS; i++) {
            int id = new_line(&t->rows, block * j + i);
            if (i == 0) c->row0 = id;
        }
        for (int i = 0; i < F4_BLOCK_COLS; i++) {
            int id = new_line(&t->cols, block * j + i);
            if (i == 0) c->col0 = id;
        }
#define AT(r, cc) c->row0 + (r) + 4, c->col0 + (cc) + 3
        c->colour = t->ncolours++;
        c->l = put(t, AT(0, 0), c->colour);
        c->t = put(t, AT(-4, 4), c->colour);
        c->b = put(t, AT(4, 4), c->colour);
        c->r = put(t, AT(0, 8), c->colour);
        int k = f->start[j + 1] - f->start[j];
        for (int s = 0; s < 3; s++) {
            f4inst *in = &t->inst[3 * j + s];
            in->lit = s < k ? f->lit[f->start[j] + s] : 0;
            in->colour = t->ncolours++;
            in->m = put(t, AT(slot_m[s][0], slot_m[s][1]), in->colour);
            in->a = put(t, AT(slot_a[s][0], slot_a[s][1]), in->colour);
            in->v = in->bb = -1;
        }
#undef AT
    }
    for (int i = 0; i < F4_SPACER; i++) new_line(&t->rows, block * m + 1 + i);
    /* variables */
    occ *list[2];
    for (int s = 0; s < 2; s++) list[s] = pl_xmalloc(((size_t)m + 1) * sizeof *list[s]);
    for (int x = 0; x < n; x++) {
        int cnt[2] = {0, 0};
        for (int j = 0; j < m; j++)
            for (int i = f->start[j]; i < f->start[j + 1]; i++)
                if (abs(f->lit[i]) == x + 1) {
                    int s = f->lit[i] < 0;
                    list[s][cnt[s]++] = (occ){j, i - f->start[j]};
                }
        int nr[2] = {(cnt[0] + 1) / 2, (cnt[1] + 1) / 2};
        bool hubs = nr[0] > 0 && nr[1] > 0;
        double base = var_area + var_span * x;
        int idx = 0;
        /* rows: tops (A then N), V rows, hub bottoms (nested), rectangle bottoms */
        int *top[2], *bot[2], *hbot[2];
        for (int s = 0; s < 2; s++) {
            top[s] = pl_xmalloc(((size_t)nr[s] + 1) * sizeof(int));
            bot[s] = pl_xmalloc(((size_t)nr[s] + 1) * sizeof(int));
            hbot[s] = pl_xmalloc(((size_t)nr[s] + 1) * sizeof(int));
        }
        for (int s = 0; s < 2; s++)
            for (int q = 0; q < nr[s]; q++) top[s][q] = new_line(&t->rows, base + idx++);
        int vrow0 = idx;
        idx += cnt[0] + cnt[1];
        for (int s = 0; s < 2; s++)
            for (int q = nr[s] - 1; q >= 0; q--) hbot[s][q] = hubs ? new_line(&t->rows, base + idx++) : -1;
        for (int s = 0; s < 2; s++)
            for (int q = 0; q < nr[s]; q++) bot[s][q] = new_line(&t->rows, base + idx++);
        t->hub_col[x] = hubs ? new_line(&t->cols, block * m + 1000.0 + x) : -1;
        int vr = 0;
        for (int s = 0; s < 2; s++)
            for (int q = 0; q < nr[s]; q++) {
                const occ *o = &list[s][2 * q];
                f4clause *c1 = &t->cl[o->clause];
                int col1 = c1->col0 + slot_m[o->slot][1] + 3, hubc = -1, col2;
                double after = block * o->clause + F4_BLOCK_COLS;
                if (hubs) hubc = new_line(&t->cols, after + (seq++) * 1e-7);
                if (2 * q + 1 < cnt[s]) {
                    const occ *o2 = &list[s][2 * q + 1];
                    col2 = t->cl[o2->clause].col0 + slot_m[o2->slot][1] + 3;
                } else {
                    col2 = new_line(&t->cols, after + (seq++) * 1e-7);
                }
                int ri = new_rect(t, s ? RECT_N : RECT_A, x, top[s][q], bot[s][q], col1, col2);
                if (hubs) new_rect(t, s ? RECT_R : RECT_T, x, top[s][q], hbot[s][q], hubc, t->hub_col[x]);
                (void)ri;
                for (int e = 2 * q; e < cnt[s] && e < 2 * q + 2; e++) {
                    const occ *oe = &list[s][e];
                    f4inst *in = &t->inst[3 * oe->clause + oe->slot];
                    f4clause *ce = &t->cl[oe->clause];
                    int row = new_line(&t->rows, base + vrow0 + vr++);
                    in->v = put(t, row, ce->col0 + slot_m[oe->slot][1] + 3, in->colour);
                    in->bb = put(t, row, ce->col0 + slot_a[oe->slot][1] + 3, in->colour);
                }
            }
        for (int s = 0; s < 2; s++) {
            free(top[s]);
            free(bot[s]);
            free(hbot[s]);
        }
    }
    for (int s = 0; s < 2; s++) free(list[s]);
    /* a dummy slot keeps its two buttons; it is a pair, not an instance */
    if (t->ncolours > F4_MAX_COLOURS) {
        int k = t->ncolours;
        f4_free(t);
        return pl_error_set(err, f->file, 1, 1,
                            "the construction needs %d colours; a buttons level has at most %d (a-z, A-Z, 0-9)", k,
                            F4_MAX_COLOURS);
    }
    /* place; a square rectangle gets a blank row under its top row */
    colour_set *cs = pl_xmalloc(((size_t)t->ncolours + 1) * sizeof *cs);
    colour_sets(t, cs);
    char why[200] = "";
    int bad = 0, inserted = 0;
    for (;;) {
        place(t);
        bad = check_colours(t, cs, why, sizeof why);
        if (!bad || inserted >= 400) break;
        int q = -1;
        for (int i = 0; i < t->nrect; i++)
            if (t->rect[i].colour == bad - 1) q = i;
        if (q < 0) break;
        double key = t->rows.v[t->b[t->rect[q].b[0]].row].key;
        new_line(&t->rows, key + 0.5 - 0.001 * inserted++);
    }
    free(cs);
    if (bad) {
        f4_free(t);
        return pl_error_set(err, NULL, 0, 0, "internal error: Theorem 5's layout: %s", why);
    }
    if (t->side > F4_MAX_SIDE) {
        int side = t->side;
        f4_free(t);
        return pl_error_set(err, f->file, 1, 1, "the construction would be %d x %d (at most %d x %d)", side, side,
                            F4_MAX_SIDE, F4_MAX_SIDE);
    }
    return 0;
}

static void literal_text(int lit, char *buf, size_t n) {
    snprintf(buf, n, "%sx%d", lit < 0 ? "~" : "", abs(lit));
}

char *buttons_thm5_build(const void *src, const char *src_name, pl_error *err) {
    const pl_cnf *f = src;
    f4 t;
    if (construct(f, &t, err)) return NULL;
    int N = t.side;
    char *grid = pl_xmalloc((size_t)N * (size_t)N + 1);
    memset(grid, '.', (size_t)N * (size_t)N);
    for (int i = 0; i < t.nb; i++) {
        char *g = &grid[(size_t)t.r[i] * (size_t)N + (size_t)t.c[i]];
        if (*g != '.') {
            free(grid);
            f4_free(&t);
            pl_error_set(err, NULL, 0, 0, "internal error: two buttons of the construction in one cell");
            return NULL;
        }
        *g = f4_colour_chars[t.b[i].colour];
    }
    int counts[5] = {0}, ninst = 0, ndummy = 0;
    for (int i = 0; i < t.nrect; i++) counts[t.rect[i].kind]++;
    for (int i = 0; i < 3 * f->nclauses; i++) t.inst[i].lit ? ninst++ : ndummy++;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# puzzlelab buttons reduce --from sat --theorem 5 %s\n"
                   "# Buttons & Scissors, Theorem 5 (Burke et al., Section 3.3): 3-SAT -> B&S[n x n, colours "
                   "unbounded, frequency F = 4, directions *, sizes {2,3}]\n"
                   "# source: %s: 3-SAT with %d variables and %d clauses\n"
                   "# construction: %d x %d, %d buttons, %d colours: %d clause diamonds (Fig. 4's L T B R), %d "
                   "literal instances (M A V Bb), %d dummy pairs, %d rectangles of x and %d of ~x (hosts of two "
                   "occurrences each), %d + %d hub rectangles\n"
                   "# promises: n x n, every colour at most 4 buttons, directions *, sizes {2,3} (every cut of a "
                   "clearing is a 2-cut); clearable iff the formula is satisfiable\n",
                   src_name, src_name, f->nvars, f->nclauses, N, N, t.nb, t.ncolours, f->nclauses, ninst, ndummy,
                   counts[RECT_A], counts[RECT_N], counts[RECT_T], counts[RECT_R]);
    for (int j = 0; j < f->nclauses; j++) {
        const f4clause *c = &t.cl[j];
        pl_sbuf_printf(&b, "# C%d: diamond %c, L at %d,%d", j + 1, f4_colour_chars[c->colour], t.r[c->l], t.c[c->l]);
        for (int s = 0; s < 3; s++) {
            const f4inst *in = &t.inst[3 * j + s];
            char lt[32];
            if (in->lit) {
                literal_text(in->lit, lt, sizeof lt);
                pl_sbuf_printf(&b, "; %s: %s, instance %c (M %d,%d, V %d,%d)", slot_name[s], lt,
                               f4_colour_chars[in->colour], t.r[in->m], t.c[in->m], t.r[in->v], t.c[in->v]);
            } else {
                pl_sbuf_printf(&b, "; %s: dummy %c", slot_name[s], f4_colour_chars[in->colour]);
            }
        }
        pl_sbuf_printf(&b, "\n");
    }
    for (int x = 0; x < f->nvars; x++) {
        bool any = false;
        for (int i = 0; i < t.nrect; i++) {
            const f4rect *q = &t.rect[i];
            if (q->var != x) continue;
            if (!any) pl_sbuf_printf(&b, "# x%d:", x + 1);
            pl_sbuf_printf(&b, "%s %s %c (%d,%d)-(%d,%d)", any ? "," : "", (const char *[]){"A", "N", "T", "R"}[q->kind],
                           f4_colour_chars[q->colour], t.r[q->b[0]], t.c[q->b[0]], t.r[q->b[3]], t.c[q->b[3]]);
            any = true;
        }
        if (any) pl_sbuf_printf(&b, "\n");
    }
    pl_sbuf_printf(&b, "directions: *\nsizes: 2,3\n");
    for (int r = 0; r < N; r++) pl_sbuf_printf(&b, "%.*s\n", N, grid + (size_t)r * (size_t)N);
    free(grid);
    f4_free(&t);
    return b.s;
}

/* ---------- forward ---------- */

/* The cuts (pairs of buttons) in an order in which each cut's segment holds
 * only its two ends: Kahn on "a button of cut P lies on Q's segment". 1 when
 * no order exists. */
static int order_cuts(const f4 *t, int (*cut)[2], int ncut, pl_strvec *moves) {
    int N = t->side;
    int *cell = pl_xmalloc((size_t)N * (size_t)N * sizeof *cell), *cut_of = pl_xmalloc(((size_t)t->nb + 1) * sizeof(int));
    for (int i = 0; i < N * N; i++) cell[i] = -1;
    for (int i = 0; i < t->nb; i++) cell[t->r[i] * N + t->c[i]] = i, cut_of[i] = -1;
    for (int k = 0; k < ncut; k++) cut_of[cut[k][0]] = cut_of[cut[k][1]] = k;
    int *indeg = pl_xcalloc((size_t)ncut + 1, sizeof *indeg), *head = pl_xmalloc(((size_t)ncut + 1) * sizeof *head);
    int cap = 64, nedge = 0, *to = pl_xmalloc((size_t)cap * sizeof *to), *next = pl_xmalloc((size_t)cap * sizeof *next);
    for (int k = 0; k < ncut; k++) head[k] = -1;
    int rc = 0;
    for (int k = 0; k < ncut && rc == 0; k++) {
        int a = cut[k][0], z = cut[k][1];
        int dr = (t->r[z] > t->r[a]) - (t->r[z] < t->r[a]), dc = (t->c[z] > t->c[a]) - (t->c[z] < t->c[a]);
        for (int r = t->r[a] + dr, c = t->c[a] + dc; r != t->r[z] || c != t->c[z]; r += dr, c += dc) {
            int w = cell[r * N + c];
            if (w < 0) continue;
            int p = cut_of[w];
            if (p < 0 || p == k) {
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
    for (int k = 0; k < ncut; k++)
        if (indeg[k] == 0) queue[qt++] = k;
    while (rc == 0 && qh < qt) {
        int k = queue[qh++];
        char buf[64];
        int a = cut[k][0], z = cut[k][1];
        buttons_cut_text((buttons_cut){t->r[a], t->c[a], t->r[z], t->c[z]}, buf, sizeof buf);
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
    free(cut_of);
    free(cell);
    return rc;
}

int buttons_thm5_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_cnf *f = src;
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    char why[256] = "";
    int rc = pl_sat_read_assignment(f, cert, value, why, sizeof why, err);
    if (rc) {
        free(value);
        return rc < 0 ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    f4 t;
    if (construct(f, &t, err)) {
        free(value);
        return -1;
    }
    int (*cut)[2] = pl_xmalloc(((size_t)t.nb / 2 + 1) * sizeof *cut), ncut = 0;
    /* a free variable counts as false */
    for (int i = 0; i < t.nrect; i++) {
        const f4rect *q = &t.rect[i];
        bool x = value[q->var + 1] == 1;
        bool rows = q->kind == RECT_A ? x : q->kind == RECT_N ? !x : q->kind == RECT_T ? !x : x;
        cut[ncut][0] = q->b[0], cut[ncut++][1] = q->b[rows ? 1 : 2];
        cut[ncut][0] = q->b[rows ? 2 : 1], cut[ncut++][1] = q->b[3];
    }
    for (int j = 0; j < f->nclauses && rc == 0; j++) {
        const f4clause *c = &t.cl[j];
        int chosen = -1;
        for (int s = 0; s < 3; s++) {
            const f4inst *in = &t.inst[3 * j + s];
            if (!in->lit) {
                cut[ncut][0] = in->m, cut[ncut++][1] = in->a;
                continue;
            }
            bool truth = value[abs(in->lit)] == (in->lit > 0 ? 1 : 0);
            if (truth && chosen < 0) chosen = s;
            cut[ncut][0] = in->m, cut[ncut++][1] = truth ? in->v : in->a;
            cut[ncut][0] = truth ? in->a : in->v, cut[ncut++][1] = in->bb;
        }
        if (chosen < 0) {
            rc = pl_error_set(err, cert->file, 0, 0, "clause %d is not satisfied by the assignment", j + 1);
            break;
        }
        static const int other[3][2] = {{2, 3}, {1, 3}, {1, 2}}; /* of T B R by index 1..3 */
        int ends[4] = {c->l, c->t, c->b, c->r};
        cut[ncut][0] = c->l, cut[ncut++][1] = ends[chosen + 1];
        cut[ncut][0] = ends[other[chosen][0]], cut[ncut++][1] = ends[other[chosen][1]];
    }
    if (rc == 0 && order_cuts(&t, cut, ncut, moves))
        rc = pl_error_set(err, NULL, 0, 0, "internal error: Theorem 5's forward cuts have no order");
    free(cut);
    f4_free(&t);
    free(value);
    return rc;
}

/* ---------- lift ---------- */

int buttons_thm5_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_cnf *f = src;
    pl_error err = {0};
    f4 t;
    if (construct(f, &t, &err)) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    int N = t.side;
    /* replay on the construction itself: cell -> button, and whether the cut
     * that removed it was horizontal */
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
        int d = buttons_direction_of(x.r1, x.c1, x.r2, x.c2);
        if (d < 0 || x.r1 < 0 || x.r1 >= N || x.r2 < 0 || x.r2 >= N || x.c1 < 0 || x.c1 >= N || x.c2 < 0 ||
            x.c2 >= N) {
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
    signed char *value = pl_xmalloc((size_t)f->nvars + 1);
    for (int v = 0; v <= f->nvars; v++) value[v] = -1;
    /* x true iff one of its rectangles A went by rows; a variable that occurs
     * only negated (no A) is false, one that never occurs stays free */
    for (int i = 0; i < t.nrect && rc == 0; i++) {
        const f4rect *q = &t.rect[i];
        if (q->kind == RECT_A && by_row[q->b[0]]) value[q->var + 1] = 1;
        else if ((q->kind == RECT_A || q->kind == RECT_N) && value[q->var + 1] < 0) value[q->var + 1] = 0;
    }
    if (rc == 0) pl_sat_write_assignment(f, value, cert);
    free(value);
    free(by_row);
    free(gone);
    free(cell);
    f4_free(&t);
    return rc;
}
