/* Clickomania, one column or one row: the most blocks removable (Lemma 1 and
 * Corollary 7 of the paper), with a certificate.
 *
 * Lemma 1's idea: in an optimal play some groups are never removed; they cut
 * the word into parts that are cleared completely and independently, so
 *   M[a][b] = weight(a..b)                        if [a, b) can be cleared,
 *           = max over g in [a, b) of M[a][g] + M[g+1][b]   otherwise,
 * where letter g stays (over the word with groups capped at two letters).
 * The lemma's sketch leaves one point implicit, which we make exact: a part
 * lies between letters that stay, and it must be cleared without ever
 * clicking a group that touches them (that would remove them). For example
 * x|yy xx|y: "yyxx" can be cleared alone but not between x and y. So the
 * table R[a][b] says "letters [a, b) can be cleared while letters a-1 and b
 * (when they exist) stay", by the last click of such a clearing: it removes
 * letters k0 < k1 < ... < kt (t >= 1) of one colour c, different from the
 * colours of letters a-1 and b; before it, the prefix [a, k0), the gaps
 * between consecutive k's and the suffix (kt, b) were cleared with their own
 * neighbours staying, which is R again on shorter intervals:
 *   R[a][b]     = OR over k0 with colour c allowed: R[a][k0] and Chain[k0][b]
 *   Chain[x][b] = OR over y in (x, b), colour y = colour x:
 *                    R[x+1][y] and (R[y+1][b] or Chain[y][b]).
 * Every context is the adjacent letter, so the tables are indexed by the
 * interval alone. With walls at both ends R[0][L] is the decision (the tests
 * check it equals the grammar's). Time O(L^3), memory O(L^2) for L <= 2n
 * letters of n groups (Corollary 7 states O(k n^5): Lemma 1 costs a factor
 * n^2 over Corollary 6's O(k n^3) decision; both formulas are lost in our
 * copy of the paper, these are the authors' own summary of their results).
 * The certificate walks the same recurrences: parts in any order, and within
 * a clearing, the prefix, the gaps and the suffix before the last click. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

typedef struct dp {
    int L;
    const click_letters *l;
    uint8_t *R, *chain;
    long long *M;
    long long *wprefix; /* weight of letters [0, i) */
    int *out;           /* clicks as original groups */
    int nout;
} dp;

#define AT(d, a, b) ((size_t)(a) * (size_t)((d)->L + 1) + (size_t)(b))

static bool colour_allowed(const dp *d, int a, int b, int c) {
    if (a > 0 && d->l->colour[a - 1] == c) return false;
    if (b < d->L && d->l->colour[b] == c) return false;
    return true;
}

static int fill(dp *d, pl_limits *lim) {
    int L = d->L;
    const int *col = d->l->colour;
    for (int a = 0; a <= L; a++) {
        d->R[AT(d, a, a)] = 1;
        d->M[AT(d, a, a)] = 0;
    }
    for (int len = 1; len <= L; len++) {
        if (!pl_limits_check_time(lim)) return -1;
        for (int a = 0; a + len <= L; a++) {
            int b = a + len;
            if (++lim->nodes > lim->node_limit && lim->node_limit) {
                lim->hit = PL_LIMIT_NODES;
                return -1;
            }
            /* Chain[a][b]: a is a letter of the last click, followed by more. */
            uint8_t ch = 0;
            for (int y = a + 1; y < b && !ch; y++)
                if (col[y] == col[a] && d->R[AT(d, a + 1, y)] && (d->R[AT(d, y + 1, b)] || d->chain[AT(d, y, b)]))
                    ch = 1;
            d->chain[AT(d, a, b)] = ch;
            uint8_t r = 0;
            for (int k0 = a; k0 < b && !r; k0++)
                if (colour_allowed(d, a, b, col[k0]) && d->R[AT(d, a, k0)] && d->chain[AT(d, k0, b)]) r = 1;
            d->R[AT(d, a, b)] = r;
            long long best;
            if (r) {
                best = d->wprefix[b] - d->wprefix[a];
            } else {
                best = 0;
                for (int g = a; g < b; g++) {
                    long long v = d->M[AT(d, a, g)] + d->M[AT(d, g + 1, b)];
                    if (v > best) best = v;
                }
            }
            d->M[AT(d, a, b)] = best;
        }
    }
    return 0;
}

static void emit(dp *d, int letter) { d->out[d->nout++] = d->l->group[letter]; }

/* The certificate walks the recurrences without recursion (a clearing nests
 * as deep as the word is long), through an explicit stack of tasks: M and R
 * on an interval, Chain from a letter, and the emission of a last click.
 * Popping a task pushes the tasks of its recursive case in reverse, so the
 * clicks come out in the order of the recursive walk. Bound: a task's
 * children are on intervals strictly shorter than its own, except M -> R on
 * the same interval and R -> Chain from its first letter; an M never follows
 * an R or a Chain, so a line of nested tasks holds at most L + 1 M's and two
 * R or Chain tasks a length, 3(L + 1) in all, each leaving at most two
 * siblings pending: at most 6L + 9 tasks, allocated once. */
typedef enum { T_M, T_R, T_CHAIN, T_EMIT } cert_kind;

typedef struct cert_task {
    cert_kind kind;
    int a, b; /* T_EMIT: a is the letter */
} cert_task;

typedef struct cert_stack {
    cert_task *t;
    int n, cap;
} cert_stack;

static void task_push(cert_stack *st, cert_kind kind, int a, int b) {
    if (st->n == st->cap) { /* cannot happen (the bound above); a guard */
        st->cap = 2 * st->cap + 16;
        st->t = pl_xrealloc(st->t, (size_t)st->cap * sizeof *st->t);
    }
    st->t[st->n++] = (cert_task){kind, a, b};
}

/* Chain[x][b]: the recursive case's tasks, pushed in reverse. */
static void cert_chain(dp *d, cert_stack *st, int x, int b) {
    const int *col = d->l->colour;
    for (int y = x + 1; y < b; y++) {
        if (col[y] != col[x] || !d->R[AT(d, x + 1, y)]) continue;
        if (d->R[AT(d, y + 1, b)]) {
            task_push(st, T_R, y + 1, b);
            task_push(st, T_R, x + 1, y);
            return;
        }
        if (d->chain[AT(d, y, b)]) {
            task_push(st, T_CHAIN, y, b);
            task_push(st, T_R, x + 1, y);
            return;
        }
    }
}

static void cert_R(dp *d, cert_stack *st, int a, int b) {
    if (a == b) return;
    for (int k0 = a; k0 < b; k0++)
        if (colour_allowed(d, a, b, d->l->colour[k0]) && d->R[AT(d, a, k0)] && d->chain[AT(d, k0, b)]) {
            task_push(st, T_EMIT, k0, k0); /* the last click: letters k0..kt now form one group */
            task_push(st, T_CHAIN, k0, b);
            task_push(st, T_R, a, k0);
            return;
        }
}

static void cert_M(dp *d, cert_stack *st, int a, int b) {
    if (a == b) return;
    if (d->R[AT(d, a, b)]) {
        task_push(st, T_R, a, b);
        return;
    }
    long long want = d->M[AT(d, a, b)];
    for (int g = a; g < b; g++)
        if (d->M[AT(d, a, g)] + d->M[AT(d, g + 1, b)] == want) {
            task_push(st, T_M, g + 1, b);
            task_push(st, T_M, a, g);
            return;
        }
}

/* The clicks of M[0][L] into d->out. */
static void certificate(dp *d) {
    cert_stack st = {NULL, 0, 6 * d->L + 9};
    st.t = pl_xmalloc((size_t)st.cap * sizeof *st.t);
    task_push(&st, T_M, 0, d->L);
    while (st.n > 0) {
        cert_task x = st.t[--st.n];
        switch (x.kind) {
        case T_M: cert_M(d, &st, x.a, x.b); break;
        case T_R: cert_R(d, &st, x.a, x.b); break;
        case T_CHAIN: cert_chain(d, &st, x.a, x.b); break;
        case T_EMIT: emit(d, x.a); break;
        }
    }
    free(st.t);
}

int click_line_max(const click_word *w, pl_limits *lim, click_line_result *r) {
    memset(r, 0, sizeof *r);
    click_letters l;
    click_letters_from_word(w, &l);
    dp d;
    memset(&d, 0, sizeof d);
    d.L = l.n;
    d.l = &l;
    size_t cells = (size_t)(l.n + 1) * (size_t)(l.n + 1);
    size_t bytes = cells * (2 + sizeof(long long));
    int rc = 0;
    if (bytes > lim->memory_limit) {
        lim->hit = PL_LIMIT_MEMORY;
        r->status = PL_UNKNOWN;
        click_letters_free(&l);
        return 0;
    }
    r->peak_memory = bytes;
    d.R = pl_xcalloc(cells, 1);
    d.chain = pl_xcalloc(cells, 1);
    d.M = pl_xcalloc(cells, sizeof *d.M);
    d.wprefix = pl_xmalloc(((size_t)l.n + 1) * sizeof *d.wprefix);
    d.wprefix[0] = 0;
    for (int i = 0; i < l.n; i++) d.wprefix[i + 1] = d.wprefix[i] + l.weight[i];
    if (fill(&d, lim)) {
        r->status = PL_UNKNOWN;
    } else {
        d.out = pl_xmalloc(((size_t)l.n + 1) * sizeof *d.out);
        certificate(&d);
        r->nclicks = d.nout;
        r->pos = pl_xmalloc(((size_t)d.nout + 1) * sizeof *r->pos);
        int bad = click_word_positions(w, d.out, d.nout, r->pos, &r->removed);
        if (bad >= 0 || r->removed != d.M[AT(&d, 0, l.n)]) rc = -1;
        r->status = PL_SOLVED;
        free(d.out);
    }
    free(d.R);
    free(d.chain);
    free(d.M);
    free(d.wprefix);
    click_letters_free(&l);
    return rc;
}
