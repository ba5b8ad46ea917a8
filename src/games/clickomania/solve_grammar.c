/* Clickomania, one column or one row, any number of colours: decision by the
 * grammar of Theorem 2, S -> e | S S | c S c | c S c S c (for every colour c),
 * over the block word with groups capped at two letters (a group of two or
 * more blocks behaves like two blocks).
 *
 * Parsing: interval dynamic programme D[i][j] = "letters [i, j) derive from S",
 * by increasing length. Each entry is an OR over split points, done 64 split
 * points at a time with row bitsets (bit j of R[i] is D[i][j]) and column
 * bitsets (bit i of C[j]): O(L^3 / 64) time and O(L^2 / 32) bits of memory for
 * L <= 2 * groups letters, whatever the number of colours (Corollary 6 states
 * O(k n^3) through Chomsky normal form; the bitset parse is better by k and
 * by the word size).
 *
 * Certificate (Lemmas 3 and 4): walk the parse tree bottom-up. Each subtree
 * returns its *remnant*: the runs of letters still on the board after its
 * non-final clicks, which are exactly the runs holding its first and last
 * letters (one run when they have the same colour, else two, each of two or
 * more blocks). This is Lemma 3's internal solution: the ends go last, so the
 * subtree's clicks never touch anything outside it. A production concatenates
 * its children's remnants with its own letters c, merges equal neighbours and
 * clicks the inner runs (each of two or more blocks, or merged into one)
 * until only the end runs remain. The root clicks what is left. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

/* ---------- the parse table ---------- */

typedef struct table {
    int L;
    size_t W;       /* 64-bit words per bitset */
    uint64_t *row;  /* (L+1) x W: bit j of row i = D[i][j] */
    uint64_t *col;  /* (L+1) x W: bit i of col j = D[i][j] */
    uint64_t *mask; /* per colour: letters of that colour */
} table;

static inline bool get_bit(const uint64_t *b, int i) { return (b[i >> 6] >> (i & 63)) & 1u; }
static inline void set_bit(uint64_t *b, int i) { b[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline bool D(const table *t, int i, int j) { return get_bit(t->row + (size_t)i * t->W, j); }

static inline uint64_t range_mask(int w, int lo, int hi) { /* bits lo..hi of word w */
    uint64_t m = ~(uint64_t)0;
    if ((lo >> 6) == w) m &= ~(uint64_t)0 << (lo & 63);
    if ((hi >> 6) == w) m &= ~(uint64_t)0 >> (63 - (hi & 63));
    return m;
}

/* Lowest k in [lo, hi] with bit k set in a & b, or -1. */
static int first_and(const uint64_t *a, const uint64_t *b, int lo, int hi) {
    if (lo > hi) return -1;
    for (int w = lo >> 6; w <= hi >> 6; w++) {
        uint64_t x = a[w] & b[w] & range_mask(w, lo, hi);
        if (x) return (w << 6) + __builtin_ctzll(x);
    }
    return -1;
}

/* Lowest k in [lo, hi] with bit k in a & m and bit k+1 in c, or -1. */
static int first_and_shift(const uint64_t *a, const uint64_t *m, const uint64_t *c, size_t W, int lo, int hi) {
    if (lo > hi) return -1;
    for (int w = lo >> 6; w <= hi >> 6; w++) {
        uint64_t cs = c[w] >> 1;
        if ((size_t)w + 1 < W) cs |= c[w + 1] << 63;
        uint64_t x = a[w] & m[w] & cs & range_mask(w, lo, hi);
        if (x) return (w << 6) + __builtin_ctzll(x);
    }
    return -1;
}

/* The split point of the production that derives [i, j), or -1 when none.
 * *kind: 1 = c S c, 2 = S S (k), 3 = c S c S c (k is the middle c). */
static int find_production(const table *t, const click_letters *l, int i, int j, int *kind) {
    int len = j - i;
    int c = l->colour[i];
    const uint64_t *ri = t->row + (size_t)i * t->W;
    if (len >= 2 && l->colour[j - 1] == c && D(t, i + 1, j - 1)) {
        *kind = 1;
        return i;
    }
    int k = first_and(ri, t->col + (size_t)j * t->W, i + 1, j - 1);
    if (k >= 0) {
        *kind = 2;
        return k;
    }
    if (len >= 3 && l->colour[j - 1] == c) {
        k = first_and_shift(t->row + (size_t)(i + 1) * t->W, t->mask + (size_t)c * t->W,
                            t->col + (size_t)(j - 1) * t->W, t->W, i + 1, j - 2);
        if (k >= 0) {
            *kind = 3;
            return k;
        }
    }
    return -1;
}

static int parse(table *t, const click_letters *l, int ncolours_max, pl_limits *lim) {
    int L = l->n;
    t->L = L;
    t->W = ((size_t)L + 1 + 63) / 64;
    t->row = pl_xcalloc((size_t)(L + 1) * t->W, sizeof(uint64_t));
    t->col = pl_xcalloc((size_t)(L + 1) * t->W, sizeof(uint64_t));
    t->mask = pl_xcalloc((size_t)(ncolours_max + 1) * t->W, sizeof(uint64_t));
    for (int k = 0; k < L; k++) set_bit(t->mask + (size_t)l->colour[k] * t->W, k);
    for (int i = 0; i <= L; i++) {
        set_bit(t->row + (size_t)i * t->W, i);
        set_bit(t->col + (size_t)i * t->W, i);
    }
    for (int len = 1; len <= L; len++) {
        if (!pl_limits_check_time(lim)) return -1;
        for (int i = 0; i + len <= L; i++) {
            int j = i + len, kind;
            if (++lim->nodes > lim->node_limit && lim->node_limit) {
                lim->hit = PL_LIMIT_NODES;
                return -1;
            }
            if (find_production(t, l, i, j, &kind) >= 0) {
                set_bit(t->row + (size_t)i * t->W, j);
                set_bit(t->col + (size_t)j * t->W, i);
            }
        }
    }
    return 0;
}

static void table_free(table *t) {
    free(t->row);
    free(t->col);
    free(t->mask);
}

/* ---------- certificate: remnants ---------- */

typedef struct run {
    int colour;
    long long blocks;
    int letter;
} run;

typedef struct remnant {
    int n;
    run r[8];
} remnant;

typedef struct clicks {
    int *group;
    int n, cap;
} clicks;

static void click_push(clicks *c, int group) {
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->group = pl_xrealloc(c->group, (size_t)c->cap * sizeof *c->group);
    }
    c->group[c->n++] = group;
}

static void rem_append(remnant *m, run x) {
    if (m->n > 0 && m->r[m->n - 1].colour == x.colour) {
        m->r[m->n - 1].blocks += x.blocks;
        return;
    }
    m->r[m->n++] = x;
}

static void rem_concat(remnant *m, const remnant *x) {
    for (int i = 0; i < x->n; i++) rem_append(m, x->r[i]);
}

static run letter_run(const click_letters *l, int k) { return (run){l->colour[k], l->weight[k], k}; }

/* Clicks inner runs until at most the two end runs remain. */
static int rem_reduce(remnant *m, const click_letters *l, clicks *out) {
    while (m->n >= 3) {
        int pick = -1;
        for (int i = 1; i + 1 < m->n; i++)
            if (m->r[i].blocks >= 2) {
                pick = i;
                break;
            }
        if (pick < 0) return -1; /* cannot happen for a derivable word */
        click_push(out, l->group[m->r[pick].letter]);
        remnant t = {0};
        for (int i = 0; i < m->n; i++)
            if (i != pick) rem_append(&t, m->r[i]);
        *m = t;
    }
    return 0;
}

static int derive(const table *t, const click_letters *l, int i, int j, remnant *out, clicks *cl) {
    out->n = 0;
    if (i == j) return 0;
    int kind, k = find_production(t, l, i, j, &kind);
    remnant a, b;
    switch (kind) {
    case 1: /* c S c */
        if (derive(t, l, i + 1, j - 1, &a, cl)) return -1;
        rem_append(out, letter_run(l, i));
        rem_concat(out, &a);
        rem_append(out, letter_run(l, j - 1));
        break;
    case 2: /* S S */
        if (derive(t, l, i, k, &a, cl) || derive(t, l, k, j, &b, cl)) return -1;
        rem_concat(out, &a);
        rem_concat(out, &b);
        break;
    case 3: /* c S c S c */
        if (derive(t, l, i + 1, k, &a, cl) || derive(t, l, k + 1, j - 1, &b, cl)) return -1;
        rem_append(out, letter_run(l, i));
        rem_concat(out, &a);
        rem_append(out, letter_run(l, k));
        rem_concat(out, &b);
        rem_append(out, letter_run(l, j - 1));
        break;
    default: return -1;
    }
    (void)k;
    return rem_reduce(out, l, cl);
}

int click_line_grammar(const click_word *w, pl_limits *lim, click_line_result *r) {
    memset(r, 0, sizeof *r);
    click_letters l;
    click_letters_from_word(w, &l);
    int maxc = 0;
    for (int i = 0; i < l.n; i++)
        if (l.colour[i] > maxc) maxc = l.colour[i];
    table t;
    memset(&t, 0, sizeof t);
    int rc = 0;
    size_t words = ((size_t)l.n + 1 + 63) / 64;
    size_t bytes = (2 * ((size_t)l.n + 1) + (size_t)maxc + 1) * words * sizeof(uint64_t);
    r->peak_memory = bytes;
    if (bytes > lim->memory_limit) {
        lim->hit = PL_LIMIT_MEMORY;
        r->status = PL_UNKNOWN;
    } else if (parse(&t, &l, maxc, lim)) {
        r->status = PL_UNKNOWN;
    } else if (!D(&t, 0, l.n)) {
        r->status = PL_UNSOLVABLE;
    } else {
        clicks cl = {0};
        remnant m;
        if (derive(&t, &l, 0, l.n, &m, &cl) == 0) {
            for (int i = 0; i < m.n; i++) click_push(&cl, l.group[m.r[i].letter]);
            r->pos = pl_xmalloc(((size_t)cl.n + 1) * sizeof *r->pos);
            r->nclicks = cl.n;
            int bad = click_word_positions(w, cl.group, cl.n, r->pos, &r->removed);
            rc = (bad >= 0 || r->removed != w->blocks) ? -1 : 0;
            r->status = PL_SOLVED;
        } else {
            rc = -1;
        }
        free(cl.group);
    }
    table_free(&t);
    click_letters_free(&l);
    return rc; /* -1: internal error (a certificate that does not replay) */
}
