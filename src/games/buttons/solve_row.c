/* Buttons & Scissors on one row (or one column), cuts along it, cut sizes
 * {2,3} or any set whose normalised form (Remark 1) lies inside {2,3}:
 * Theorem 1 of the paper. The solvable rows are exactly the words of
 *     S -> e | [] | S S | x S x | x S x S x
 * ([] an empty cell, x a colour); x S x is a 2-cut after its inside is
 * cleared, x S x S x a 3-cut (the rule of a size not in S is switched off).
 * Parse: the shared bitset interval parser (src/core/grammar.c), O(n^3/64)
 * time and O(n^2/32) bits for n cells. Certificate: the derivation in
 * post-order: a production's inner words are cleared first (their cuts stay
 * inside their intervals, so siblings never interact), then its own cut,
 * whose segment then holds only its two or three buttons. O(n^2) more. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/grammar.h"
#include "solvers.h"

static bool along_row(const buttons_level *l) { return l->rows == 1 && (l->directions & BUTTONS_H); }
static bool along_col(const buttons_level *l) { return l->cols == 1 && (l->directions & BUTTONS_V); }

bool buttons_row_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    if (!along_row(l) && !along_col(l)) return snprintf(why, n, "needs one row with horizontal cuts (or one column with vertical cuts)"), false;
    uint64_t s = buttons_sizes_normalised(l);
    if (s & ~(((uint64_t)1 << 2) | ((uint64_t)1 << 3)))
        return snprintf(why, n, "needs cut sizes {2,3} (or all, or {2} or {3})"), false;
    snprintf(why, n, "one %s, %d colours: the grammar of Theorem 1 decides it in polynomial time",
             along_row(l) ? "row" : "column", l->ncolours);
    return true;
}

typedef struct rowcert {
    const pl_cfg_table *t;
    bool row;
    pl_solution *out;
} rowcert;

static void cut(rowcert *rc, int i, int j) {
    buttons_cut x = rc->row ? (buttons_cut){0, i, 0, j} : (buttons_cut){i, 0, j, 0};
    buttons_solution_add_cut(rc->out, x);
}

/* The derivation of [i, j) in post-order, on an explicit stack (heap): its
 * depth grows with the row (a row of n equal buttons nests n / 2 pairs), so
 * it must not use the C stack. An entry is an interval still to derive, or
 * a cut to write once the intervals pushed above it are done. Every entry
 * on the stack holds a letter of its own (a non-empty interval, disjoint from
 * the others, or the end letter of a pending cut), so at most n + 1. */
typedef struct rowitem {
    int i, j;
    bool cut; /* write the cut i..j - 1 */
} rowitem;

typedef struct rowstack {
    rowitem *v;
    size_t n, cap;
} rowstack;

/* Pushes an interval to derive (none when empty, as derive(i, i) did
 * nothing) or a cut. */
static void row_push(rowstack *st, int i, int j, bool cut) {
    if (!cut && i >= j) return;
    if (st->n == st->cap) st->v = pl_xrealloc(st->v, (st->cap *= 2) * sizeof *st->v);
    st->v[st->n++] = (rowitem){i, j, cut};
}

static void derive(rowcert *rc, int i, int j) {
    rowstack st = {NULL, 0, (size_t)(j > i ? j - i : 0) + 2};
    st.v = pl_xmalloc(st.cap * sizeof *st.v);
    row_push(&st, i, j, false);
    while (st.n) {
        rowitem it = st.v[--st.n];
        if (it.cut) {
            cut(rc, it.i, it.j - 1);
            continue;
        }
        int k;
        /* pushed in reverse: the first to derive on top */
        switch (pl_cfg_production(rc->t, it.i, it.j, &k)) {
        case PL_CFG_PAIR:
            row_push(&st, it.i, it.j, true);
            row_push(&st, it.i + 1, it.j - 1, false);
            break;
        case PL_CFG_CONCAT:
            row_push(&st, k, it.j, false);
            row_push(&st, it.i, k, false);
            break;
        case PL_CFG_TRIPLE:
            row_push(&st, it.i, it.j, true);
            row_push(&st, k + 1, it.j - 1, false);
            row_push(&st, it.i + 1, k, false);
            break;
        default: break; /* e or a blank */
        }
    }
    free(st.v);
}

int buttons_row_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    bool row = along_row(l);
    int n = row ? l->cols : l->rows;
    int *letter = pl_xmalloc(((size_t)n + 1) * sizeof *letter);
    for (int i = 0; i < n; i++) letter[i] = row ? l->cell[i] : l->cell[(size_t)i * (size_t)l->cols];
    uint64_t s = buttons_sizes_normalised(l);
    size_t bytes = pl_cfg_bytes(n, l->ncolours);
    out->peak_memory = bytes;
    pl_limits *lim = req->limits;
    if (bytes > lim->memory_limit) {
        lim->hit = PL_LIMIT_MEMORY;
        out->status = PL_UNKNOWN;
    } else {
        pl_cfg_table t;
        if (pl_cfg_parse(&t, letter, n, l->ncolours, (s >> 2) & 1u, (s >> 3) & 1u, lim)) {
            out->status = PL_UNKNOWN;
        } else if (!pl_cfg_derives(&t, 0, n)) {
            out->status = PL_UNSOLVABLE;
        } else {
            out->status = PL_SOLVED;
            rowcert rc = {&t, row, out};
            derive(&rc, 0, n);
        }
        pl_cfg_free(&t);
    }
    out->nodes = lim->nodes;
    out->limit_hit = lim->hit;
    free(letter);
    return 0;
}
