/* Clickomania, one column or one row, any number of colours: decision by the
 * grammar of Theorem 2, S -> e | S S | c S c | c S c S c (for every colour c),
 * over the block word with groups capped at two letters (a group of two or
 * more blocks behaves like two blocks).
 *
 * Parsing: the shared interval parser of src/core/grammar.c (bitset rows and
 * columns): O(L^3 / 64) time and O(L^2 / 32) bits for L <= 2 * groups
 * letters, whatever the number of colours (Corollary 6 states O(k n^3)
 * through Chomsky normal form; the bitset parse is better by k and by the
 * word size).
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
#include "puzzlelab/grammar.h"

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

static int derive(const pl_cfg_table *t, const click_letters *l, int i, int j, remnant *out, clicks *cl) {
    out->n = 0;
    if (i == j) return 0;
    int k;
    pl_cfg_rule kind = pl_cfg_production(t, i, j, &k);
    remnant a, b;
    switch (kind) {
    case PL_CFG_PAIR: /* c S c */
        if (derive(t, l, i + 1, j - 1, &a, cl)) return -1;
        rem_append(out, letter_run(l, i));
        rem_concat(out, &a);
        rem_append(out, letter_run(l, j - 1));
        break;
    case PL_CFG_CONCAT: /* S S */
        if (derive(t, l, i, k, &a, cl) || derive(t, l, k, j, &b, cl)) return -1;
        rem_concat(out, &a);
        rem_concat(out, &b);
        break;
    case PL_CFG_TRIPLE: /* c S c S c */
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
    pl_cfg_table t;
    memset(&t, 0, sizeof t);
    int rc = 0;
    size_t bytes = pl_cfg_bytes(l.n, maxc);
    r->peak_memory = bytes;
    if (bytes > lim->memory_limit) {
        lim->hit = PL_LIMIT_MEMORY;
        r->status = PL_UNKNOWN;
    } else if (pl_cfg_parse(&t, l.colour, l.n, maxc, true, true, lim)) {
        r->status = PL_UNKNOWN;
    } else if (!pl_cfg_derives(&t, 0, l.n)) {
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
    pl_cfg_free(&t);
    click_letters_free(&l);
    return rc; /* -1: internal error (a certificate that does not replay) */
}
