/* Clickomania, Theorem 14 (Biedl, Demaine, Demaine, Fleischer, Jacobsen,
 * Munro, "The Complexity of Clickomania", Section 3): 3-Partition ->
 * Clickomania with two columns and five colours.
 *
 * The paper's construction is in its lost Figure 3 (our text says only that
 * the left column encodes the sets and the right one the elements,
 * separators and blocks matching the sets); this one is ours, proves the
 * same statement with the same parameters, and is settled by the tests
 * (docs/algorithms.md, "Theorem 14"). For 3m numbers a_1..a_n and bound B,
 * with D = 2m - 1 and K = D(m - 1) + 2(m - 1) + 1 (m = 1: D = K = 1), each
 * column written bottom to top:
 *
 *   right  R = E T. E = a^(K a_1) s a^(K a_2) t a^(K a_3) s ... : the
 *          elements, runs of 'a', under separators alternating s, t; its
 *          height is H = K m B + n. T is W_low, an s/t alternation going on
 *          from the last separator, with key j (one 'a') at T-index
 *          h_j = K j B + D j for j < m, then key m (T-index h_m = K m B + m - 1),
 *          then reverse(W), W = the separators followed by W_low.
 *   left   L = F Lk. F = x y x y ... of height H; Lk = lock m (one 'a'), then
 *          reverse(F) with lock j (one 'a') inserted at Lk-index D j, j < m.
 *
 * Why it works. The left column holds x, y and the locks, the right one a,
 * s, t: the only blocks that can ever meet across the columns are keys and
 * locks ('a'), and a lock never stands beside an element (E is never taller
 * than F). Each column's filler alternates, and taking out an element, key
 * or lock never joins two equal letters, except at the two centres (lock m
 * in the middle of the palindrome F reverse(F), key m in the middle of
 * W reverse(W)); so before the pair m goes, a click either takes one whole
 * element or a key together with the lock level with it. Key j is level
 * with lock j' exactly when K S = h_j - D j' - r_j + q_j' (S the sum of the
 * removed elements, r_j and q_j' the keys and locks already gone below
 * them): for j != j' the right side is non-zero and smaller than K, so a key
 * never meets a wrong lock, and key j meets lock j exactly at S = j B (key m
 * at S = m B, after the others). A key that passes its lock can never go.
 * Clearing the board therefore removes the elements in an order whose
 * prefix sums hit B, 2B, ..., mB: the elements between two keys are a
 * triple summing to B (three of them, as B/4 < a_i < B/2). After the pair m,
 * both columns collapse from their centres, a pair at a time.
 *
 * Forward: for j = 1..m, the three elements of triple j, then key j (which
 * takes lock j); then the centres' pairs until the board is empty. Lift:
 * the elements clicked between key j-1 and key j are triple j. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

/* Beyond this many rows the construction is refused (the unary numbers
 * make it O(m^3 B) rows). */
#define MAX_ROWS 1000000L

enum { ELEMENT, SEPARATOR, FILLER, KEY, LOCK };

typedef struct block {
    char colour;
    unsigned char kind;
    int index; /* element 0..n-1, key or lock 1..m */
} block;

/* The two columns, bottom to top. */
typedef struct thm14 {
    const pl_3part *p;
    int n, m, B, K, D;
    long H;
    block *col[2];
    long len[2];
} thm14;

static void put(thm14 *t, int c, char colour, int kind, int index) {
    t->col[c][t->len[c]++] = (block){colour, (unsigned char)kind, index};
}

static void thm14_free(thm14 *t) {
    free(t->col[0]);
    free(t->col[1]);
}

/* The columns of the construction; -1 with err when too large. */
static int construct(const pl_3part *p, thm14 *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    t->p = p;
    t->n = p->n;
    t->m = p->n / 3;
    t->B = p->bound;
    int m = t->m;
    t->D = m > 1 ? 2 * m - 1 : 1;
    t->K = t->D * (m - 1) + 2 * (m - 1) + 1;
    double rows = 2.0 * ((double)t->K * m * t->B + t->n) + 2.0 * m + 4;
    if (rows > MAX_ROWS)
        return pl_error_set(err, p->file, 1, 1,
                            "the construction would have about %.0f rows (at most %ld): m = %d and B = %d are too "
                            "large for numbers in unary",
                            rows, MAX_ROWS, m, t->B);
    long K = t->K, B = t->B, D = t->D;
    t->H = K * m * B + t->n;
    long hm = K * m * B + m - 1;
    t->col[0] = pl_xmalloc((size_t)(2 * t->H + m + 1) * sizeof(block));
    t->col[1] = pl_xmalloc((size_t)(t->H + 2 * hm + t->n + 4) * sizeof(block));
    /* right: E */
    for (int i = 0; i < t->n; i++) {
        for (long k = 0; k < K * p->a[i]; k++) put(t, 1, 'a', ELEMENT, i);
        put(t, 1, i % 2 ? 't' : 's', SEPARATOR, i);
    }
    /* left: F, lock m, reverse(F) with the locks */
    for (long k = 0; k < t->H; k++) put(t, 0, k % 2 ? 'y' : 'x', FILLER, 0);
    put(t, 0, 'a', LOCK, m);
    long fi = t->H - 1; /* reverse(F) reads F backwards */
    for (long idx = 1; fi >= 0; idx++) {
        if (idx % D == 0 && idx / D < m) put(t, 0, 'a', LOCK, (int)(idx / D));
        else put(t, 0, fi-- % 2 ? 'y' : 'x', FILLER, 0);
    }
    /* right: T = W_low with keys 1..m-1, key m, reverse(W) */
    long wlow = hm - (m - 1), step = K * B + D; /* key j at T-index j * step = K j B + D j */
    char last = t->n % 2 ? 's' : 't';          /* the last separator; W_low goes on from it */
    long wi = 0;
    for (long idx = 0; idx < hm; idx++) {
        if (idx > 0 && idx % step == 0 && idx / step < m) {
            put(t, 1, 'a', KEY, (int)(idx / step));
        } else {
            put(t, 1, (wi % 2 == 0) == (last == 's') ? 't' : 's', FILLER, 0);
            wi++;
        }
    }
    put(t, 1, 'a', KEY, m);
    for (long k = wlow - 1; k >= 0; k--) put(t, 1, (k % 2 == 0) == (last == 's') ? 't' : 's', FILLER, 0);
    for (int i = t->n - 1; i >= 0; i--) put(t, 1, i % 2 ? 't' : 's', SEPARATOR, i);
    return 0;
}

static long frame_rows(const thm14 *t) {
    return t->len[0] > t->len[1] ? t->len[0] : t->len[1];
}

/* The rows (from the top) of the blocks of column c from height lo to hi. */
static void region(pl_sbuf *b, const thm14 *t, int c, long lo, long hi, const char *label) {
    long R = frame_rows(t);
    pl_sbuf_printf(b, "%ld,%d %ld,%d %s\n", R - 1 - hi, c, R - 1 - lo, c, label);
}

static char *level_text(const thm14 *t, const char *src_name) {
    pl_sbuf b = {0};
    long R = frame_rows(t);
    pl_sbuf_printf(&b,
                   "# clickomania: Theorem 14 (Biedl et al., Section 3): 3-Partition -> Clickomania with 2 columns "
                   "and 5 colours\n"
                   "# source: %s (m = %d, B = %d, %d numbers)\n"
                   "# our construction (the paper's figure is lost): K = %d, D = %d, %ld rows; clearable exactly "
                   "when the numbers split into m triples of sum B\n",
                   src_name, t->m, t->B, t->n, t->K, t->D, R);
    for (long r = 0; r < R; r++) {
        long h = R - 1 - r;
        for (int c = 0; c < 2; c++) pl_sbuf_printf(&b, "%c", h < t->len[c] ? t->col[c][h].colour : '.');
        pl_sbuf_printf(&b, "\n");
    }
    pl_sbuf_printf(&b, "regions:\n");
    /* the elements, the keys and the locks; the two fillers */
    for (long h = 0; h < t->len[1];) {
        const block *x = &t->col[1][h];
        long e = h;
        while (e + 1 < t->len[1] && t->col[1][e + 1].kind == x->kind && t->col[1][e + 1].index == x->index &&
               x->kind == ELEMENT)
            e++;
        char label[64];
        if (x->kind == ELEMENT) {
            snprintf(label, sizeof label, "a%d = %d", x->index + 1, t->p->a[x->index]);
            region(&b, t, 1, h, e, label);
        } else if (x->kind == KEY) {
            snprintf(label, sizeof label, x->index == t->m ? "key %d (centre)" : "key %d", x->index);
            region(&b, t, 1, h, e, label);
        }
        h = e + 1;
    }
    for (long h = 0; h < t->len[0]; h++) {
        const block *x = &t->col[0][h];
        if (x->kind != LOCK) continue;
        char label[64];
        snprintf(label, sizeof label, x->index == t->m ? "lock %d (centre)" : "lock %d", x->index);
        region(&b, t, 0, h, h, label);
    }
    return b.s;
}

char *click_thm14_build(const void *src, const char *src_name, pl_error *err) {
    thm14 t;
    if (construct(src, &t, err)) return NULL;
    char *text = level_text(&t, src_name);
    thm14_free(&t);
    return text;
}

/* ---------- playing on the construction, blocks known by name ---------- */

/* The board as the two columns (a column that empties is dropped and the
 * other one moves to column 0, as the rules shift columns). */
typedef struct sim {
    block *col[2];
    long len[2];
    int ncols;
    long rows; /* the frame */
    long *q;   /* flood fill */
    bool *mark[2];
} sim;

static void sim_init(sim *s, const thm14 *t) {
    memset(s, 0, sizeof *s);
    s->rows = frame_rows(t);
    s->ncols = 2;
    for (int c = 0; c < 2; c++) {
        s->len[c] = t->len[c];
        s->col[c] = pl_xmalloc((size_t)(t->len[c] + 1) * sizeof(block));
        memcpy(s->col[c], t->col[c], (size_t)t->len[c] * sizeof(block));
        s->mark[c] = pl_xcalloc((size_t)t->len[c] + 1, 1);
    }
    s->q = pl_xmalloc((size_t)(t->len[0] + t->len[1] + 1) * 2 * sizeof(long));
}

static void sim_free(sim *s) {
    for (int c = 0; c < 2; c++) {
        free(s->col[c]);
        free(s->mark[c]);
    }
    free(s->q);
}

/* Clicks (c, h): the group's blocks are reported to seen (may be NULL) and
 * removed. The group's size (0: empty cell, 1: a single block, no click). */
static long sim_click(sim *s, int c, long h, void (*seen)(void *ctx, const block *b), void *ctx) {
    if (c < 0 || c >= s->ncols || h < 0 || h >= s->len[c]) return 0;
    char colour = s->col[c][h].colour;
    long head = 0, tail = 0, size = 0;
    s->q[tail++] = c, s->q[tail++] = h;
    s->mark[c][h] = true;
    while (head < tail) {
        int x = (int)s->q[head++];
        long y = s->q[head++];
        size++;
        int nc[4] = {x, x, 1 - x, -1};
        long nh[4] = {y - 1, y + 1, y, 0};
        for (int d = 0; d < 3; d++) {
            int cx = nc[d];
            long cy = nh[d];
            if (cx < 0 || cx >= s->ncols || cy < 0 || cy >= s->len[cx] || s->mark[cx][cy]) continue;
            if (s->col[cx][cy].colour != colour) continue;
            s->mark[cx][cy] = true;
            s->q[tail++] = cx, s->q[tail++] = cy;
        }
    }
    if (size < 2) {
        s->mark[c][h] = false;
        return size;
    }
    for (int x = 0; x < s->ncols; x++) {
        long w = 0;
        for (long y = 0; y < s->len[x]; y++) {
            if (s->mark[x][y]) {
                if (seen) seen(ctx, &s->col[x][y]);
                s->mark[x][y] = false;
                continue;
            }
            s->col[x][w++] = s->col[x][y];
        }
        s->len[x] = w;
    }
    if (s->ncols == 2 && s->len[0] == 0) { /* the right column shifts left */
        block *b = s->col[0];
        bool *mk = s->mark[0];
        s->col[0] = s->col[1], s->len[0] = s->len[1], s->mark[0] = s->mark[1];
        s->col[1] = b, s->len[1] = 0, s->mark[1] = mk;
        s->ncols = 1;
    } else if (s->ncols == 2 && s->len[1] == 0) {
        s->ncols = 1;
    }
    if (s->ncols == 1 && s->len[0] == 0) s->ncols = 0;
    return size;
}

/* Where the block (kind, index) is now: column and height, or -1. */
static int sim_find(const sim *s, int kind, int index, long *h) {
    for (int c = 0; c < s->ncols; c++)
        for (long y = 0; y < s->len[c]; y++)
            if (s->col[c][y].kind == kind && s->col[c][y].index == index) {
                *h = y;
                return c;
            }
    return -1;
}

static void push_click(pl_strvec *moves, const sim *s, int c, long h) {
    char buf[48];
    snprintf(buf, sizeof buf, "%ld,%d", s->rows - 1 - h, c);
    pl_strvec_push(moves, buf);
}

/* A click at (kind, index)'s block; -1 with err when it is not a group. */
static int click_block(sim *s, pl_strvec *moves, int kind, int index, pl_error *err) {
    long h;
    int c = sim_find(s, kind, index, &h);
    if (c < 0 || sim_click(s, c, h, NULL, NULL) < 2)
        return pl_error_set(err, NULL, 0, 0, "internal: the forward sequence meets no group at %s %d",
                            kind == ELEMENT ? "element" : "key", kind == ELEMENT ? index + 1 : index);
    push_click(moves, s, c, h);
    return 0;
}

int click_thm14_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_3part *p = src;
    int m = p->n / 3, nt = 0;
    int *triple = pl_xmalloc((size_t)(p->n + 3) * sizeof *triple), *line = pl_xmalloc((size_t)(m + 1) * sizeof *line);
    char why[256];
    int rc = pl_3part_read_partition(p, cert, triple, line, &nt, why, sizeof why, err);
    if (rc == 0 && !pl_3part_check(p, triple, line, nt, why, sizeof why)) rc = 1;
    if (rc > 0) pl_error_set(err, cert->file, 0, 0, "%s", why);
    thm14 t;
    if (rc || construct(p, &t, err)) {
        free(triple);
        free(line);
        return -1;
    }
    sim s;
    sim_init(&s, &t);
    rc = 0;
    for (int j = 1; j <= m && !rc; j++) {
        for (int k = 0; k < 3 && !rc; k++) rc = click_block(&s, moves, ELEMENT, triple[3 * (j - 1) + k] - 1, err);
        if (!rc) rc = click_block(&s, moves, KEY, j, err);
    }
    /* the collapse: the group left (a centre's pair) until the board is empty */
    while (!rc && s.ncols > 0) {
        bool clicked = false;
        for (int c = 0; c < s.ncols && !clicked; c++)
            for (long y = 0; y + 1 < s.len[c] && !clicked; y++)
                if (s.col[c][y].colour == s.col[c][y + 1].colour) {
                    sim_click(&s, c, y, NULL, NULL);
                    push_click(moves, &s, c, y);
                    clicked = true;
                }
        if (!clicked) rc = pl_error_set(err, NULL, 0, 0, "internal: the collapse left blocks that no click takes");
    }
    sim_free(&s);
    thm14_free(&t);
    free(triple);
    free(line);
    return rc ? -1 : 0;
}

/* ---------- lift ---------- */

typedef struct lift_click {
    int n, m;
    long *elem_count; /* blocks of element i removed so far */
    const pl_3part *p;
    long K;
    int elements, keys, other; /* in this click */
    int element, key;
} lift_click;

static void lift_seen(void *ctx, const block *b) {
    lift_click *l = ctx;
    if (b->kind == ELEMENT) {
        if (l->elements && l->element != b->index) l->other++;
        l->elements++;
        l->element = b->index;
        l->elem_count[b->index]++;
    } else if (b->kind == KEY) {
        l->keys++;
        l->key = b->index;
    }
}

int click_thm14_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_3part *p = src;
    pl_error err = {0};
    thm14 t;
    if (construct(p, &t, &err)) {
        snprintf(why, n, "%s", err.msg);
        return 1;
    }
    int m = t.m;
    sim s;
    sim_init(&s, &t);
    lift_click l = {.n = p->n, .m = m, .p = p, .K = t.K};
    l.elem_count = pl_xcalloc((size_t)p->n, sizeof *l.elem_count);
    int *triple = pl_xmalloc((size_t)(p->n + 3) * sizeof *triple);
    int in_bin = 0, bins = 0, rc = 0;
    for (int i = 0; i < moves->n && !rc; i++) {
        long r, c;
        const char *end, *bad;
        char msg[128];
        if (pl_parse_coord(moves->text[i], true, &r, &c, &end, &bad, msg, sizeof msg) || *end) {
            snprintf(why, n, "move %d (%s): not a cell r,c", i + 1, moves->text[i]);
            rc = 1;
            break;
        }
        l.elements = l.keys = l.other = 0;
        long size = sim_click(&s, (int)c, s.rows - 1 - r, lift_seen, &l);
        if (size < 2) {
            snprintf(why, n, "move %d (%s): no group of two or more there", i + 1, moves->text[i]);
            rc = 1;
        } else if (l.elements && (l.other || l.keys || l.elements != (long)t.K * p->a[l.element] ||
                                  l.elem_count[l.element] != l.elements)) {
            snprintf(why, n, "move %d (%s): takes blocks of elements other than one whole element", i + 1,
                     moves->text[i]);
            rc = 1;
        } else if (l.elements) {
            if (bins >= m || in_bin >= 3) {
                snprintf(why, n, "move %d (%s): element %d is a fourth element before key %d", i + 1, moves->text[i],
                         l.element + 1, bins + 1);
                rc = 1;
            } else {
                triple[3 * bins + in_bin++] = l.element + 1;
            }
        } else if (l.keys) {
            if (l.key != bins + 1 || in_bin != 3) {
                snprintf(why, n, "move %d (%s): key %d goes after %d element%s of its triple", i + 1, moves->text[i],
                         l.key, in_bin, in_bin == 1 ? "" : "s");
                rc = 1;
            } else {
                bins++;
                in_bin = 0;
            }
        }
    }
    if (!rc && bins != m) {
        snprintf(why, n, "the moves remove %d key%s of %d", bins, bins == 1 ? "" : "s", m);
        rc = 1;
    }
    if (!rc && !pl_3part_check(p, triple, NULL, m, why, n)) rc = 1;
    if (!rc) pl_3part_write_partition(p, triple, m, cert);
    free(triple);
    free(l.elem_count);
    sim_free(&s);
    thm14_free(&t);
    return rc;
}

const pl_reduction click_reductions[CLICK_NREDUCTIONS] = {
    {"3partition", 14, "Theorem 14: 3-Partition -> Clickomania with 2 columns and 5 colours",
     "the elements as runs of one colour in the right column, a key above them for each triple that meets its "
     "lock in the left column exactly when the removed elements sum to jB; both columns collapse from their "
     "centres at the end",
     click_thm14_build, click_thm14_forward, click_thm14_lift},
};
