/* Buttons & Scissors exact solver for the NP-complete general case.
 * Depth-first search over the set of remaining buttons with a transposition
 * table of boards proven unsolvable (128-bit Zobrist keys). Cut sizes are
 * normalised by Remark 1 ({2,3,...} is {2,3}): a solution with the original
 * sizes exists exactly when one with the generators exists, since a cut is
 * the union of consecutive sub-cuts of generator sizes (and the generators
 * are themselves allowed sizes). Pruning: a button with no same-coloured
 * button on any allowed line (with nothing else between) cannot be cut.
 * Exponential in the worst case. */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef struct search {
    const buttons_level *l;
    uint64_t sizes; /* normalised */
    int max_size;
    pl_limits *lim;
    pl_tt tt;
    uint64_t *z1, *z2;
    buttons_cut *path;
    int depth;
    bool found, stop;
    uint64_t nodes, tt_hits;
} search;

static pl_key128 key_of(const search *s, const uint8_t *cells) {
    pl_key128 k = {0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL};
    int n = s->l->rows * s->l->cols;
    for (int i = 0; i < n; i++)
        if (cells[i]) {
            k.a ^= s->z1[i];
            k.b ^= s->z2[i];
        }
    return k;
}

/* Can the button at i ever be cut: another button of its colour on an
 * allowed line through it? (Buttons of other colours in between may be cut
 * away first, so they do not count.) */
static bool has_partner(const search *s, const uint8_t *cells, int i) {
    const buttons_level *l = s->l;
    int r0 = i / l->cols, c0 = i % l->cols, colour = cells[i];
    for (int d = 0; d < 4; d++) {
        if (!(l->directions & (1u << d))) continue;
        for (int sign = -1; sign <= 1; sign += 2) {
            int r = r0, c = c0;
            for (;;) {
                r += sign * buttons_dir_dr[d];
                c += sign * buttons_dir_dc[d];
                if (r < 0 || c < 0 || r >= l->rows || c >= l->cols) break;
                if (cells[r * l->cols + c] == colour) return true;
            }
        }
    }
    return false;
}

static void dfs(search *s, uint8_t *cells) {
    const buttons_level *l = s->l;
    int n = l->rows * l->cols, first = 0;
    while (first < n && !cells[first]) first++;
    if (first == n) {
        s->found = s->stop = true;
        return;
    }
    if (!pl_limits_tick(s->lim)) {
        s->stop = true;
        return;
    }
    s->nodes++;
    pl_key128 key = key_of(s, cells);
    int32_t v;
    if (pl_tt_get(&s->tt, key, &v)) {
        s->tt_hits++;
        return;
    }
    for (int i = first; i < n; i++)
        if (cells[i] && !has_partner(s, cells, i)) goto fail;
    {
        /* Every feasible cut, enumerated once from its end with the smaller
         * column (the upper end for vertical cuts). */
        uint8_t *next = pl_xmalloc((size_t)n);
        for (int i = first; i < n && !s->stop; i++) {
            if (!cells[i]) continue;
            int r0 = i / l->cols, c0 = i % l->cols, colour = cells[i];
            for (int d = 0; d < 4 && !s->stop; d++) {
                if (!(l->directions & (1u << d))) continue;
                int r = r0, c = c0, size = 1;
                for (;;) {
                    r += buttons_dir_dr[d];
                    c += buttons_dir_dc[d];
                    if (r < 0 || c < 0 || r >= l->rows || c >= l->cols) break;
                    int val = cells[r * l->cols + c];
                    if (!val) continue;
                    if (val != colour) break;
                    if (++size > s->max_size) break;
                    if (!((s->sizes >> size) & 1u)) continue;
                    buttons_cut x = {r0, c0, r, c};
                    memcpy(next, cells, (size_t)n);
                    buttons_cut_apply(l, next, x);
                    s->path[s->depth++] = x;
                    dfs(s, next);
                    if (s->stop) break;
                    s->depth--;
                }
            }
        }
        free(next);
        if (s->stop) return;
    }
fail:
    pl_tt_put(&s->tt, key, 0);
}

bool buttons_exact_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    snprintf(why, n, "general board (%d x %d, %d colours, F = %d): NP-complete (Theorems 2, 5, 6 and 7), so exact search",
             l->rows, l->cols, l->ncolours, l->max_frequency);
    return true;
}

int buttons_exact_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    search s;
    memset(&s, 0, sizeof s);
    s.l = l;
    s.lim = req->limits;
    s.sizes = buttons_sizes_normalised(l);
    for (int k = 63; k >= 2; k--)
        if ((s.sizes >> k) & 1u) {
            s.max_size = k;
            break;
        }
    int n = l->rows * l->cols;
    pl_tt_init(&s.tt, req->limits->memory_limit / 2);
    s.z1 = pl_xmalloc((size_t)n * sizeof *s.z1 + 8);
    s.z2 = pl_xmalloc((size_t)n * sizeof *s.z2 + 8);
    uint64_t seed = 0xb07705ULL;
    for (int i = 0; i < n; i++) {
        s.z1[i] = pl_splitmix64(&seed);
        s.z2[i] = pl_splitmix64(&seed);
    }
    s.path = pl_xmalloc(((size_t)l->nbuttons / 2 + 1) * sizeof *s.path);
    uint8_t *cells = pl_xmalloc((size_t)n + 1);
    memcpy(cells, l->cell, (size_t)n);
    dfs(&s, cells);
    out->status = s.found ? PL_SOLVED : req->limits->hit ? PL_UNKNOWN : PL_UNSOLVABLE;
    out->limit_hit = req->limits->hit;
    out->nodes = s.nodes;
    out->peak_memory = s.tt.peak_bytes;
    if (s.found)
        for (int i = 0; i < s.depth; i++) buttons_solution_add_cut(out, s.path[i]);
    snprintf(out->note, sizeof out->note, "tt hits %llu", (unsigned long long)s.tt_hits);
    free(cells);
    free(s.path);
    free(s.z1);
    free(s.z2);
    pl_tt_free(&s.tt);
    return 0;
}
