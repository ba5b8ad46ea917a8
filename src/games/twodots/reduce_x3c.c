/* Two Dots, Theorem 1 (Bilò, Gualà, Leucci, Misra, FUN 2018, Section 3):
 * X3C -> Two Dots with 3 colours, 2 moves and 2 goals.
 *
 * The construction of the paper's text (its Figures 3 and 4 are lost):
 * 4(m+1) rows and 15n + 2T columns for 3n items and m sets (n made odd by
 * adding three items and the set of them, which every exact cover then
 * takes). The text says "5n + 2T columns" and labels them c_1..c_5n, but it
 * gives five columns to each of the 3n items and counts 15n + 6 dots a wire:
 * 15n item columns, which we follow. Rows, from the top (0-based):
 *  - 0..3, the check wire (red) over the 15n item columns (five an item): the 4 x 5 pattern
 *      . r . r .
 *      r r . r r
 *      . r . r .
 *      . . r . .
 *    repeated once an item. Ours: the pattern has the paper's nine red dots
 *    and was found by exhaustive search over 4 x 5 patterns such that the red
 *    dots form one simple path exactly when, in every item's five columns,
 *    the 2nd and 4th fell one row more than the other three (no cycle and no
 *    single path for any other offsets 0..8, up to four items: checked by
 *    tests/test_twodots_reduce.c for every offset vector over three items).
 *  - the set wire of set j (blue) on rows 4j+6 (top) and 4j+7 (bottom): in
 *    the five columns of item i, the bottom row is blue, except the middle
 *    column when i is in S_j, and then the top row holds the three middle
 *    cells. Removing wire j drops those columns by 1, and by 2 the 2nd and
 *    4th column of each of its items.
 *  - the left (right) T-2 columns: a blue snake on the wire rows, rows joined
 *    at alternate ends, one dot (column T-2, top wire row; column T+15n+1,
 *    bottom wire row) joining it to the blue column that joins the wires'
 *    ends (column T-1; column T+15n). Everything else is green.
 * Goals: blue >= 2 eta, eta the snake's dots (T is the least making eta
 * larger than every other blue dot together), and every red dot; 2 moves.
 * Forward: one blue path through both snakes and, in zig-zag, the wires of
 * the cover (n odd: it ends on the right), then the aligned check wire.
 * Backward: the blue move must take both snakes (the goal), so its middle
 * goes through whole wires; the red dots align only if every item lost
 * exactly one wire: those wires are an exact cover. A blue cycle takes every
 * wire (S itself must then be an exact cover, and is). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

static const char *const check_pattern[4] = {".r.r.", "rr.rr", ".r.r.", "..r.."};

/* The construction's dimensions for an instance (after padding). */
typedef struct thm1 {
    const pl_x3c *x;
    int n, m;        /* items 3n (n odd), sets m (padding included) */
    bool padded;     /* set m-1 is the padding set {3n-2, 3n-1, 3n} */
    int T, rows, cols;
    long eta, rest;  /* blue dots in one snake; blue dots outside the snakes */
} thm1;

static int wire_row(int j) {
    return 4 * j + 7;
}

/* Whether item i (0-based) lies in set j of the padded instance. */
static bool in_set(const thm1 *t, int j, int i) {
    if (t->padded && j == t->m - 1) return i >= 3 * t->n - 3;
    for (int k = 0; k < 3; k++)
        if (t->x->set[j][k] == i + 1) return true;
    return false;
}

/* The largest construction built (cells); beyond, build refuses. */
#define MAX_CELLS (1L << 22)

/* 0, or -1 when the construction would pass MAX_CELLS. */
static int dimensions(const pl_x3c *x, thm1 *t) {
    t->x = x;
    t->n = x->items / 3;
    t->m = x->nsets;
    t->padded = t->n % 2 == 0;
    if (t->padded) t->n++, t->m++;
    if ((double)(t->m + 1) * 4.0 * (45.0 * t->n + 40.0) > (double)MAX_CELLS) return -1;
    if (t->m == 0) { /* no set, no cover: only the check wire, and a blue goal nothing meets */
        t->T = 4;
        t->eta = 1;
        t->rest = 0;
    } else {
        t->rest = (long)t->m * (15L * t->n + 6) + 2 + 2L * (4L * (t->m - 1) + 1);
        t->T = 4 + (int)(t->rest / t->m); /* eta grows by m a column: start near the answer */
        while (t->T > 4 && (long)t->m * (t->T - 3) + 3L * (t->m - 1) > t->rest) t->T--;
        for (;; t->T++) {
            t->eta = (long)t->m * (t->T - 2) + 3L * (t->m - 1);
            if (t->eta > t->rest) break;
        }
    }
    t->rows = 4 * (t->m + 1);
    t->cols = 15 * t->n + 2 * t->T;
    return 0;
}

/* The left snake from its end next to column T-2 (top wire row, column T-3)
 * to its free end; the right one from (bottom wire row, column T+15n+2). */
static int snake(const thm1 *t, bool right, int *cells) {
    int k = 0, w = t->T - 2, cols = t->cols;
    for (int s = 0; s < t->m; s++) {
        int j = right ? t->m - 1 - s : s, r = wire_row(j);
        bool leftwards = right ? s % 2 == 1 : s % 2 == 0;
        int c0 = right ? 15 * t->n + t->T + 2 : 0;
        for (int q = 0; q < w; q++) cells[k++] = r * cols + c0 + (leftwards ? w - 1 - q : q);
        if (s + 1 == t->m) break;
        int c = leftwards ? c0 : c0 + w - 1; /* the connector, at the end this row reached */
        int next = wire_row(right ? j - 1 : j + 1);
        if (right)
            for (int rr = r - 1; rr > next; rr--) cells[k++] = rr * cols + c;
        else
            for (int rr = r + 1; rr < next; rr++) cells[k++] = rr * cols + c;
    }
    return k;
}

/* The C cells of wire j from left to right (as a path). */
static int wire(const thm1 *t, int j, int *cells) {
    int k = 0, rb = wire_row(j), cols = t->cols;
    for (int i = 0; i < 3 * t->n; i++) {
        int b = t->T + 5 * i;
        if (in_set(t, j, i)) {
            int seq[7][2] = {{rb, b}, {rb, b + 1}, {rb - 1, b + 1}, {rb - 1, b + 2}, {rb - 1, b + 3}, {rb, b + 3}, {rb, b + 4}};
            for (int q = 0; q < 7; q++) cells[k++] = seq[q][0] * cols + seq[q][1];
        } else {
            for (int q = 0; q < 5; q++) cells[k++] = rb * cols + b + q;
        }
    }
    return k;
}

char *twodots_thm1_build(const void *src, const char *src_name, pl_error *err) {
    (void)err;
    const pl_x3c *x = src;
    thm1 t;
    if (dimensions(x, &t)) {
        pl_error_set(err, x->file, 1, 1, "the construction would have over %ld cells (%d items, %d sets)", MAX_CELLS,
                     x->items, x->nsets);
        return NULL;
    }
    td_build b;
    tdb_init(&b, t.rows, t.cols, false);
    int blue = tdb_colour(&b, "b"), red = tdb_colour(&b, "r"), green = tdb_colour(&b, "g");
    int *cells = pl_xmalloc(((size_t)t.rows * (size_t)t.cols + 1) * sizeof *cells);
    for (int side = 0; side < 2; side++) {
        int k = snake(&t, side == 1, cells);
        for (int q = 0; q < k; q++) b.l.cell[cells[q]] = (uint8_t)blue;
    }
    const int top = wire_row(0), bottom = wire_row(t.m - 1), cq = t.T + 15 * t.n;
    if (t.m > 0) {
        tdb_set(&b, top, t.T - 2, blue);
        tdb_set(&b, bottom, cq + 1, blue);
        for (int r = top; r <= bottom; r++) tdb_set(&b, r, t.T - 1, blue), tdb_set(&b, r, cq, blue);
    }
    for (int j = 0; j < t.m; j++) {
        int k = wire(&t, j, cells);
        for (int q = 0; q < k; q++) b.l.cell[cells[q]] = (uint8_t)blue;
    }
    for (int i = 0; i < 3 * t.n; i++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 5; c++)
                if (check_pattern[r][c] == 'r') tdb_set(&b, r, t.T + 5 * i + c, red);
    for (int i = 0; i < t.rows * t.cols; i++)
        if (!b.l.cell[i]) b.l.cell[i] = (uint8_t)green;
    tdb_goal(&b, blue, (int)(2 * t.eta));
    tdb_goal(&b, red, 27 * t.n);
    b.l.moves = 2;
    /* regions: the gadgets */
    for (int i = 0; i < 3 * t.n; i++)
        tdb_region(&b, 0, t.T + 5 * i, 3, t.T + 5 * i + 4, "I%d%s", i + 1,
                   t.padded && i >= 3 * t.n - 3 ? "*" : "");
    for (int j = 0; j < t.m; j++) {
        if (t.padded && j == t.m - 1)
            tdb_region(&b, wire_row(j) - 1, t.T, wire_row(j), cq - 1, "S%d* = {%d,%d,%d} (padding: n odd)", j + 1,
                       3 * t.n - 2, 3 * t.n - 1, 3 * t.n);
        else
            tdb_region(&b, wire_row(j) - 1, t.T, wire_row(j), cq - 1, "S%d = {%d,%d,%d}", j + 1, x->set[j][0],
                       x->set[j][1], x->set[j][2]);
    }
    if (t.m > 0) {
        tdb_region(&b, top, 0, bottom, t.T - 3, "left snake: eta = %ld", t.eta);
        tdb_region(&b, top, cq + 2, bottom, t.cols - 1, "right snake: eta = %ld", t.eta);
    }
    char comment[1024];
    snprintf(comment, sizeof comment,
             "puzzlelab twodots reduce --from x3c --theorem 1 %s\n"
             "Two Dots, Theorem 1 (Bilo, Guala, Leucci, Misra, FUN 2018, Section 3): X3C -> 3 colours, 2 moves, 2 goals\n"
             "source: %s: X3C with %d items (q = %d) and %d sets%s\n"
             "construction: %d rows x %d columns (4(m+1) x 15n+2T, n = %d, m = %d, T = %d); b blue, r red, g green\n"
             "goals: b >= 2 eta = %ld (eta = %ld blue dots in each snake > %ld other blue dots), r = all %d\n"
             "promises: at most 3 colours, 2 moves, 2 goals; solvable iff the source has an exact cover",
             src_name, src_name, x->items, x->items / 3, x->nsets,
             t.padded ? " (padded: q even, three items and their set added so that n is odd)" : "", t.rows, t.cols,
             t.n, t.m, t.T, 2 * t.eta, t.eta, t.rest, 27 * t.n);
    char *text = tdb_text(&b, comment);
    free(cells);
    tdb_free(&b);
    return text;
}

int twodots_thm1_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_x3c *x = src;
    thm1 t;
    if (dimensions(x, &t)) return pl_error_set(err, x->file, 1, 1, "the construction is too large");
    bool *chosen = pl_xcalloc((size_t)t.m + 1, sizeof *chosen);
    char why[256];
    if (pl_x3c_read_cover(x, cert, chosen, why, sizeof why, err)) {
        free(chosen);
        return err->msg[0] ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    if (t.padded) chosen[t.m - 1] = true;
    twodots_level *l = td_construction(twodots_thm1_build, src, err);
    if (!l) {
        free(chosen);
        return -1;
    }
    int *path = pl_xmalloc(((size_t)t.rows * (size_t)t.cols + 1) * sizeof *path), *tmp = pl_xmalloc(((size_t)t.rows * (size_t)t.cols + 1) * sizeof *tmp);
    int len = 0, cols = t.cols, cq = t.T + 15 * t.n;
    /* the left snake, from its free end */
    int k = snake(&t, false, tmp);
    for (int q = k - 1; q >= 0; q--) path[len++] = tmp[q];
    path[len++] = wire_row(0) * cols + t.T - 2;
    int row = wire_row(0); /* the row reached on the joining column */
    bool right = false;    /* on the right column (after an odd number of wires) */
    for (int j = 0; j < t.m; j++) {
        if (!chosen[j]) continue;
        int c = right ? cq : t.T - 1;
        for (int r = row; r <= wire_row(j); r++) path[len++] = r * cols + c;
        k = wire(&t, j, tmp);
        for (int q = 0; q < k; q++) path[len++] = tmp[right ? k - 1 - q : q];
        row = wire_row(j);
        right = !right;
    }
    int rc = 0;
    if (!right) { /* an exact cover has n sets, n odd: cannot happen */
        rc = pl_error_set(err, NULL, 0, 0, "internal error: the cover has an even number of sets");
        goto done;
    }
    for (int r = row; r <= wire_row(t.m - 1); r++) path[len++] = r * cols + cq;
    path[len++] = wire_row(t.m - 1) * cols + cq + 1;
    k = snake(&t, true, tmp);
    for (int q = 0; q < k; q++) path[len++] = tmp[q];
    td_path_push(moves, l, path, len);
    td_board bd;
    td_board_init(&bd, l);
    if (td_board_play_cells(&bd, path, len, why, sizeof why)) {
        rc = pl_error_set(err, NULL, 0, 0, "internal error: the blue move is illegal: %s", why);
    } else {
        int red = twodots_colour_of(l, "r");
        int n = td_colour_path(&bd, red, path);
        if (!n)
            rc = pl_error_set(err, NULL, 0, 0, "internal error: the check wire did not align");
        else
            td_path_push(moves, l, path, n);
    }
    td_board_free(&bd);
done:
    free(path);
    free(tmp);
    free(chosen);
    twodots_level_free(l);
    free(l);
    return rc;
}

/* The lift's view of the moves: the dots the blue moves took. */
typedef struct thm1_lift {
    int blue, blue_moves;
    uint8_t *gone;
} thm1_lift;

static int thm1_seen(void *ctx, const td_played *p) {
    thm1_lift *c = ctx;
    if (p->colour != c->blue) return 0;
    c->blue_moves++; /* a blue cycle takes every wire: S' = S */
    for (int q = 0; q < p->nremoved; q++) c->gone[p->removed[q]] = 1;
    return 0;
}

int twodots_thm1_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_x3c *x = src;
    thm1 t;
    if (dimensions(x, &t)) {
        snprintf(why, n, "the construction is too large");
        return 1;
    }
    pl_error err = {0};
    twodots_level *l = td_construction(twodots_thm1_build, src, &err);
    if (!l) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    const int ncells = t.rows * t.cols;
    thm1_lift c = {twodots_colour_of(l, "b"), 0, pl_xcalloc((size_t)ncells + 1, 1)};
    int *tmp = pl_xmalloc(((size_t)ncells + 1) * sizeof *tmp);
    int rc = td_replay(l, moves, thm1_seen, &c, why, n);
    bool *chosen = pl_xcalloc((size_t)t.m + 1, sizeof *chosen);
    if (rc == 0 && c.blue_moves == 0) {
        snprintf(why, n, "no move takes blue dots");
        rc = 1;
    }
    for (int j = 0; j < t.m && rc == 0; j++) {
        int k = wire(&t, j, tmp), taken = 0;
        for (int q = 0; q < k; q++) taken += c.gone[tmp[q]];
        if (taken == k) chosen[j] = true;
        else if (taken) {
            snprintf(why, n, "the blue moves take %d of the %d dots of wire %d", taken, k, j + 1);
            rc = 1;
        }
    }
    if (rc == 0)
        for (int j = 0; j < x->nsets; j++) /* the padding set, last, stays out */
            if (chosen[j]) {
                char s[16];
                snprintf(s, sizeof s, "%d", j + 1);
                pl_strvec_push(cert, s);
            }
    free(chosen);
    free(tmp);
    free(c.gone);
    twodots_level_free(l);
    free(l);
    return rc;
}
