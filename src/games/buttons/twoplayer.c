/* Buttons & Scissors two-player games (Section 4): the table of every cut a
 * board can ever make, and positions as button sets. A cut only ever loses
 * feasibility by losing an end, so the table built once from the initial
 * board serves every later position: a cut is feasible in S when both ends
 * are in S, none of its blockers is, and its current size is allowed.
 * Building is O(n * 4 * L) for n buttons and lines of length L. */
#include <stdlib.h>
#include <string.h>

#include "twoplayer.h"

int b2_build(const buttons_level *l, b2game *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    g->level = l;
    if (l->nbuttons > B2_MAX_BUTTONS)
        return pl_error_set(err, NULL, 0, 0, "the board has %d buttons; the game solvers take at most %d", l->nbuttons,
                            B2_MAX_BUTTONS);
    int ncells = l->rows * l->cols;
    g->button = pl_xmalloc((size_t)(ncells > 0 ? ncells : 1) * sizeof *g->button);
    g->cell = pl_xmalloc((size_t)(l->nbuttons + 1) * sizeof *g->cell);
    g->colour = pl_xmalloc((size_t)(l->nbuttons + 1) * sizeof *g->colour);
    for (int i = 0; i < ncells; i++) {
        g->button[i] = -1;
        if (!l->cell[i]) continue;
        g->cell[g->n] = i;
        g->colour[g->n] = l->cell[i];
        b2_add(&g->all, g->n);
        g->button[i] = g->n++;
    }
    int cap = 16;
    g->cut = pl_xmalloc((size_t)cap * sizeof *g->cut);
    for (int i = 0; i < g->n; i++) {
        int r0 = g->cell[i] / l->cols, c0 = g->cell[i] % l->cols, col = g->colour[i];
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            b2set mid = {{0, 0}}, block = {{0, 0}};
            int nmid = 0;
            for (int r = r0 + buttons_dir_dr[d], c = c0 + buttons_dir_dc[d];
                 r >= 0 && c >= 0 && r < l->rows && c < l->cols; r += buttons_dir_dr[d], c += buttons_dir_dc[d]) {
                int j = g->button[r * l->cols + c];
                if (j < 0) continue;
                if (g->colour[j] != col) {
                    b2_add(&block, j);
                    continue;
                }
                /* some size between 2 (every middle button gone) and 2 + nmid allowed? */
                bool possible = false;
                for (int s = 2; s <= 2 + nmid && !possible; s++) possible = buttons_size_allowed(l, s);
                if (possible) {
                    if (g->ncuts == cap) {
                        cap *= 2;
                        g->cut = pl_xrealloc(g->cut, (size_t)cap * sizeof *g->cut);
                    }
                    g->cut[g->ncuts++] = (b2cut){i, j, col, mid, block};
                }
                b2_add(&mid, j);
                nmid++;
            }
        }
    }
    return 0;
}

void b2_free(b2game *g) {
    free(g->button);
    free(g->cell);
    free(g->colour);
    free(g->cut);
    memset(g, 0, sizeof *g);
}

int b2_feasible(const b2game *g, const b2set *S, int k) {
    const b2cut *x = &g->cut[k];
    if (!b2_has(S, x->a) || !b2_has(S, x->b) || b2_meets(&x->block, S)) return 0;
    int size = 2 + __builtin_popcountll(x->mid.w[0] & S->w[0]) + __builtin_popcountll(x->mid.w[1] & S->w[1]);
    return buttons_size_allowed(g->level, size) ? size : 0;
}

b2set b2_after(const b2game *g, const b2set *S, int k) {
    const b2cut *x = &g->cut[k];
    b2set t = {{S->w[0] & ~x->mid.w[0], S->w[1] & ~x->mid.w[1]}};
    t.w[x->a >> 6] &= ~((uint64_t)1 << (x->a & 63));
    t.w[x->b >> 6] &= ~((uint64_t)1 << (x->b & 63));
    return t;
}

b2set b2_from_cells(const b2game *g, const uint8_t *cells) {
    b2set s = {{0, 0}};
    for (int i = 0; i < g->n; i++)
        if (cells[g->cell[i]]) b2_add(&s, i);
    return s;
}

int b2_count_moves(const b2game *g, const b2set *S, int player) {
    int m = 0;
    for (int k = 0; k < g->ncuts; k++)
        if (b2_may(g, player, k) && b2_feasible(g, S, k)) m++;
    return m;
}

buttons_cut b2_cut_text(const b2game *g, int k) {
    int cols = g->level->cols, a = g->cell[g->cut[k].a], b = g->cell[g->cut[k].b];
    return (buttons_cut){a / cols, a % cols, b / cols, b % cols};
}

void b2_table_init(b2table *t, size_t limit_bytes) {
    t->cap = 1024;
    t->count = 0;
    t->limit_bytes = limit_bytes ? limit_bytes : PL_DEFAULT_MEMORY_LIMIT;
    t->e = pl_xcalloc(t->cap, sizeof *t->e);
    t->peak_bytes = t->cap * sizeof *t->e;
}

void b2_table_free(b2table *t) {
    free(t->e);
    t->e = NULL;
    t->cap = t->count = 0;
}

static size_t slot_of(const b2table *t, const b2set *key, int tag) {
    size_t i = (size_t)b2_hash(key, (uint64_t)tag) & (t->cap - 1);
    while (t->e[i].used && !(t->e[i].tag == tag && b2_equal(&t->e[i].key, key))) i = (i + 1) & (t->cap - 1);
    return i;
}

const b2entry *b2_table_get(const b2table *t, const b2set *key, int tag) {
    size_t i = slot_of(t, key, tag);
    return t->e[i].used ? &t->e[i] : NULL;
}

bool b2_table_put(b2table *t, const b2set *key, int tag, int value, int flag) {
    if (2 * (t->count + 1) > t->cap) {
        size_t bytes = 2 * t->cap * sizeof *t->e;
        if (bytes + t->cap * sizeof *t->e > t->limit_bytes) return false; /* old and new live during the move */
        b2entry *old = t->e;
        size_t oldcap = t->cap;
        t->cap *= 2;
        t->e = pl_xcalloc(t->cap, sizeof *t->e);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].used) t->e[slot_of(t, &old[i].key, old[i].tag)] = old[i];
        free(old);
        if (t->cap * sizeof *t->e > t->peak_bytes) t->peak_bytes = t->cap * sizeof *t->e;
    }
    size_t i = slot_of(t, key, tag);
    if (!t->e[i].used) t->count++;
    t->e[i] = (b2entry){*key, (int16_t)value, (uint8_t)tag, (uint8_t)flag, 1};
    return true;
}
