/* The pieces shared by the exact searches solve_exact.c (objective clear)
 * and solve_max.c (objective max): see search_common.h.
 *
 * The clear-alone search: a colour of at most 64 buttons is a bitmask over
 * its buttons; a cut of the colour alone takes a collinear pair of buttons
 * still present and every button of the colour between them (a cut through
 * a button cuts it), so it is allowed when that count is an allowed size.
 * A necessary test first: every button must lie on some usable pair inside
 * M. Recursive, with a depth bounded independently of the level: each call
 * removes at least a cut's two ends from M, a subset of one colour of at
 * most 64 buttons (a bigger colour is 'big' and never searched), so at most
 * 33 frames of a few words. Exponential in the colour's buttons, bounded by
 * the caller's budget of calls. */
#include <stdlib.h>
#include <string.h>

#include "search_common.h"

buttons_cut buttons_cut_of_cells(const buttons_level *l, int a, int b) {
    int cols = l->cols;
    buttons_cut x = {a / cols, a % cols, b / cols, b % cols};
    return x;
}

void buttons_cells_cut(const buttons_level *l, uint8_t *cells, int a, int b, int d) {
    int r = a / l->cols, c = a % l->cols;
    for (int i = a;;) {
        cells[i] = 0;
        if (i == b) break;
        r += buttons_dir_dr[d];
        c += buttons_dir_dc[d];
        i = r * l->cols + c;
    }
}

bool buttons_segment_clear(const buttons_level *l, const uint8_t *cells, int a, int b, int d, int c) {
    int r = a / l->cols, cc = a % l->cols;
    for (int i = a; i != b;) {
        r += buttons_dir_dr[d];
        cc += buttons_dir_dc[d];
        i = r * l->cols + cc;
        if (cells[i] && cells[i] != c) return false;
    }
    return true;
}

int buttons_feasible_cuts(const buttons_level *l, uint64_t sizes, int max_size, const uint8_t *cells,
                          buttons_fcut **out) {
    int n = l->rows * l->cols, cap = 64, m = 0;
    buttons_fcut *v = pl_xmalloc((size_t)cap * sizeof *v);
    for (int i = 0; i < n; i++) {
        if (!cells[i]) continue;
        int r0 = i / l->cols, c0 = i % l->cols, colour = cells[i];
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            int r = r0, c = c0, size = 1;
            for (;;) {
                r += buttons_dir_dr[d];
                c += buttons_dir_dc[d];
                if (!buttons_on_board(l, r, c)) break;
                int val = cells[r * l->cols + c];
                if (!val) continue;
                if (val != colour) break;
                if (++size > max_size) break;
                if (!((sizes >> size) & 1u)) continue;
                if (m == cap) v = pl_xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
                v[m++] = (buttons_fcut){i, r * l->cols + c, d, colour, size};
            }
        }
    }
    *out = v;
    return m;
}

void buttons_zobrist_init(buttons_zobrist *z, int n, uint64_t seed, pl_key128 empty) {
    z->n = n;
    z->empty = empty;
    z->z1 = pl_xmalloc((size_t)n * sizeof *z->z1 + 8);
    z->z2 = pl_xmalloc((size_t)n * sizeof *z->z2 + 8);
    for (int i = 0; i < n; i++) {
        z->z1[i] = pl_splitmix64(&seed);
        z->z2[i] = pl_splitmix64(&seed);
    }
}

pl_key128 buttons_zobrist_key(const buttons_zobrist *z, const uint8_t *cells) {
    pl_key128 k = z->empty;
    for (int i = 0; i < z->n; i++)
        if (cells[i]) {
            k.a ^= z->z1[i];
            k.b ^= z->z2[i];
        }
    return k;
}

void buttons_zobrist_free(buttons_zobrist *z) {
    free(z->z1);
    free(z->z2);
    z->z1 = z->z2 = NULL;
}

void buttons_colours_init(buttons_colours *bc, const buttons_level *l, int memo_bits) {
    bc->l = l;
    bc->sizes = buttons_sizes_normalised(l);
    bc->max_size = 0;
    for (int k = 63; k >= 2; k--)
        if ((bc->sizes >> k) & 1u) {
            bc->max_size = k;
            break;
        }
    bc->memo_bits = memo_bits;
    bc->stamp = 0;
    memset(bc->memo_stamp, 0, sizeof bc->memo_stamp);
    bc->npath = 0;
    int n = l->rows * l->cols;
    bc->bidx = pl_xcalloc((size_t)n + 1, sizeof(int));
    for (int c = 1; c <= l->ncolours; c++) {
        bc->col[c] = (buttons_colour){0};
        bc->col[c].cell = pl_xmalloc((size_t)l->nbuttons * sizeof(int) + sizeof(int));
    }
    for (int i = 0; i < n; i++) {
        int c = l->cell[i];
        if (!c) continue;
        bc->bidx[i] = bc->col[c].n;
        bc->col[c].cell[bc->col[c].n++] = i;
    }
    for (int c = 1; c <= l->ncolours; c++) {
        buttons_colour *ci = &bc->col[c];
        ci->big = ci->n > 64;
        if (ci->big) continue;
        int cap = 16;
        ci->pairs = pl_xmalloc((size_t)cap * sizeof *ci->pairs);
        for (int k = 0; k < ci->n; k++) {
            int a = ci->cell[k], r0 = a / l->cols, c0 = a % l->cols;
            for (int d = 0; d < 4; d++) {
                if (!(l->directions & (1u << d))) continue;
                uint64_t between = 0;
                int r = r0, cc = c0;
                for (;;) {
                    r += buttons_dir_dr[d];
                    cc += buttons_dir_dc[d];
                    if (!buttons_on_board(l, r, cc)) break;
                    int b = r * l->cols + cc;
                    if (l->cell[b] != c) continue;
                    if (ci->npairs == cap) ci->pairs = pl_xrealloc(ci->pairs, (size_t)(cap *= 2) * sizeof *ci->pairs);
                    ci->pairs[ci->npairs++] = (buttons_pair){k, bc->bidx[b], a, b, d, between};
                    between |= (uint64_t)1 << bc->bidx[b];
                }
            }
        }
        ci->usable = pl_xmalloc((size_t)ci->npairs + 1);
    }
}

void buttons_colours_free(buttons_colours *bc) {
    for (int c = 1; c <= bc->l->ncolours; c++) {
        free(bc->col[c].cell);
        free(bc->col[c].pairs);
        free(bc->col[c].usable);
    }
    free(bc->bidx);
    bc->bidx = NULL;
}

uint64_t buttons_colour_mask(const buttons_colours *bc, int c, const uint8_t *cells) {
    const buttons_colour *ci = &bc->col[c];
    uint64_t M = 0;
    for (int k = 0; k < ci->n; k++)
        if (cells[ci->cell[k]]) M |= (uint64_t)1 << k;
    return M;
}

static inline size_t memo_slot(const buttons_colours *bc, uint64_t m) {
    return (size_t)((m * 0x9e3779b97f4a7c15ULL) >> (64 - bc->memo_bits)) & (((size_t)1 << bc->memo_bits) - 1);
}

static inline bool memo_failed(const buttons_colours *bc, uint64_t m) {
    size_t mask = ((size_t)1 << bc->memo_bits) - 1, h = memo_slot(bc, m);
    for (int k = 0; k < 8; k++, h = (h + 1) & mask) {
        if (bc->memo_stamp[h] != bc->stamp) return false;
        if (bc->memo[h] == m) return true;
    }
    return false;
}

static inline void memo_put(buttons_colours *bc, uint64_t m) {
    size_t mask = ((size_t)1 << bc->memo_bits) - 1, h = memo_slot(bc, m);
    for (int k = 0; k < 8; k++, h = (h + 1) & mask)
        if (bc->memo_stamp[h] != bc->stamp) {
            bc->memo_stamp[h] = bc->stamp;
            bc->memo[h] = m;
            return;
        }
}

/* usable[p] says which pairs may be cut (NULL: all). tt: memo of answers
 * there; NULL: the per-call failure memo, and the cuts recorded in
 * bc->path (last first). */
static int clear_dfs(buttons_colours *bc, int c, uint64_t M, const uint8_t *usable, pl_tt *tt, long *budget) {
    if (!M) return 1;
    const buttons_colour *ci = &bc->col[c];
    pl_key128 key = {M, 0x5a5a000000000000ULL | (uint64_t)c};
    int32_t v;
    if (tt) {
        if (pl_tt_get(tt, key, &v)) return v;
    } else if (memo_failed(bc, M)) {
        return 0;
    }
    if (--*budget < 0) return -1;
    /* Necessary: every button lies on some usable pair inside M. */
    uint64_t cover = 0;
    for (int p = 0; p < ci->npairs; p++) {
        const buttons_pair *q = &ci->pairs[p];
        if (usable && !usable[p]) continue;
        uint64_t ends = ((uint64_t)1 << q->i) | ((uint64_t)1 << q->j);
        if ((M & ends) == ends) cover |= ends | (q->between & M);
    }
    int res = 0;
    if ((M & ~cover) == 0) {
        for (int p = 0; p < ci->npairs && res != 1; p++) {
            const buttons_pair *q = &ci->pairs[p];
            if (usable && !usable[p]) continue;
            uint64_t ends = ((uint64_t)1 << q->i) | ((uint64_t)1 << q->j);
            if ((M & ends) != ends) continue;
            uint64_t in = q->between & M;
            int size = 2 + __builtin_popcountll(in);
            if (size > bc->max_size || !((bc->sizes >> size) & 1u)) continue;
            int r = clear_dfs(bc, c, M & ~(ends | in), usable, tt, budget);
            if (r == 1) {
                if (!tt && bc->npath < 64) bc->path[bc->npath++] = p;
                res = 1;
            } else if (r < 0) {
                res = -1;
                break;
            }
        }
    }
    if (res >= 0) {
        if (tt)
            pl_tt_put(tt, key, res);
        else if (res == 0)
            memo_put(bc, M);
    }
    return res;
}

int buttons_colour_clear_alone(buttons_colours *bc, int c, uint64_t M, pl_tt *tt, long *budget) {
    return clear_dfs(bc, c, M, NULL, tt, budget);
}

int buttons_colour_clear_now(buttons_colours *bc, int c, uint64_t M, const uint8_t *cells, long *budget) {
    buttons_colour *ci = &bc->col[c];
    for (int p = 0; p < ci->npairs; p++) {
        const buttons_pair *q = &ci->pairs[p];
        ci->usable[p] =
            (uint8_t)(cells[q->a] && cells[q->b] && buttons_segment_clear(bc->l, cells, q->a, q->b, q->d, c));
    }
    bc->stamp++;
    bc->npath = 0;
    return clear_dfs(bc, c, M, ci->usable, NULL, budget);
}

int buttons_colour_take_path(const buttons_colours *bc, int c, uint8_t *cells, buttons_cut *out) {
    const buttons_colour *ci = &bc->col[c];
    int m = 0;
    for (int k = bc->npath - 1; k >= 0; k--) {
        const buttons_pair *q = &ci->pairs[bc->path[k]];
        buttons_cells_cut(bc->l, cells, q->a, q->b, q->d);
        out[m++] = buttons_cut_of_cells(bc->l, q->a, q->b);
    }
    return m;
}
