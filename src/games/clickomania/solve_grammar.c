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

/* One node of the parse tree being walked: the interval [i, j), its
 * production (kind, split k), its children's intervals [ci, cj), how many
 * of them are done (-1: the node is not opened yet) and their remnants. */
typedef struct dframe {
    int i, j, k, done, nch;
    int ci[2], cj[2];
    pl_cfg_rule kind;
    remnant r[2];
} dframe;

/* The remnant of [i, j) into out, its clicks appended to cl; -1 when the
 * table has no production (cannot happen for a derivable interval). The tree
 * is walked without recursion (a parse tree is as deep as its word is long:
 * a row of 4000 letters overflowed a small call stack when this was
 * recursive): every child interval is strictly shorter than its parent, so at
 * most j - i + 1 frames are open at once. Children left to right, each node's
 * clicks after its children's, as the recursive walk did. */
static int derive(const pl_cfg_table *t, const click_letters *l, int i, int j, remnant *out, clicks *cl) {
    dframe *st = pl_xmalloc(((size_t)(j - i) + 1) * sizeof *st);
    int top = 0, rc = 0;
    remnant res = {0}; /* the remnant of the frame that ended last */
    st[0] = (dframe){.i = i, .j = j, .done = -1};
    while (top >= 0) {
        dframe *f = &st[top];
        if (f->done >= 0) {
            f->r[f->done++] = res; /* a child ended */
        } else if (f->i == f->j) {
            res.n = 0;
            top--;
            continue;
        } else {
            f->done = 0;
            f->kind = pl_cfg_production(t, f->i, f->j, &f->k);
            switch (f->kind) {
            case PL_CFG_PAIR: /* c S c */
                f->nch = 1;
                f->ci[0] = f->i + 1, f->cj[0] = f->j - 1;
                break;
            case PL_CFG_CONCAT: /* S S */
                f->nch = 2;
                f->ci[0] = f->i, f->cj[0] = f->k;
                f->ci[1] = f->k, f->cj[1] = f->j;
                break;
            case PL_CFG_TRIPLE: /* c S c S c */
                f->nch = 2;
                f->ci[0] = f->i + 1, f->cj[0] = f->k;
                f->ci[1] = f->k + 1, f->cj[1] = f->j - 1;
                break;
            default: rc = -1; break;
            }
            if (rc) break;
        }
        if (f->done < f->nch) {
            st[top + 1] = (dframe){.i = f->ci[f->done], .j = f->cj[f->done], .done = -1};
            top++;
            continue;
        }
        /* its children done: this node's remnant */
        res.n = 0;
        switch (f->kind) {
        case PL_CFG_PAIR:
            rem_append(&res, letter_run(l, f->i));
            rem_concat(&res, &f->r[0]);
            rem_append(&res, letter_run(l, f->j - 1));
            break;
        case PL_CFG_CONCAT:
            rem_concat(&res, &f->r[0]);
            rem_concat(&res, &f->r[1]);
            break;
        default:
            rem_append(&res, letter_run(l, f->i));
            rem_concat(&res, &f->r[0]);
            rem_append(&res, letter_run(l, f->k));
            rem_concat(&res, &f->r[1]);
            rem_append(&res, letter_run(l, f->j - 1));
            break;
        }
        if (rem_reduce(&res, l, cl)) {
            rc = -1;
            break;
        }
        top--;
    }
    free(st);
    *out = res;
    if (rc) out->n = 0;
    return rc;
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
