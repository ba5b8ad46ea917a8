/* The fast Clickomania / SameGame engine of the anytime optimisers (beam
 * search, NMCS, NRPA): one flat board blob per state, group enumeration and
 * clicks without bounds checks, incremental enumeration after a click, a
 * bitboard twin for playouts, TabuColorRandom playouts.
 *
 * Rules: exactly those of rules.c (a click removes a 4-connected
 * monochromatic group of two or more, blocks fall, empty columns close up
 * from the right), and a move is named by the same cell as click_group (the
 * group's lowest cell in its leftmost column), so a sequence played here
 * replays through the descriptor to the same values. tests/test_click_search.c
 * plays random games on rules.c and both representations at once and
 * compares boards and group lists after every click.
 *
 * Byte engine (any size; clickomania_search.h): column-major cells with a
 * zero sentinel above every column and a zero column on each side.
 * Enumeration is one column-major pass of union-find over each cell's lower
 * and left neighbours; a component's root is its smallest index, which is
 * the group's cell, so groups come out in column-major order. A click
 * flood-fills the group (zeroing it), compacts the touched columns and, if
 * one emptied, moves the columns to its right. Costs: O(blocks) (almost
 * linear: union-find) and O(group + touched columns x rows).
 *
 * Incremental enumeration: a click changes only the columns from its
 * leftmost one on, so the groups ending left of that are kept and the rest
 * is rescanned (keep_left; the bitboard twin also keeps the groups right of
 * the touched columns, see cs_bits_moves_after).
 *
 * Bitboard twin (at most 63 rows): one 64-bit word per column and colour.
 * A group is filled from a seed by word operations; a click squeezes the
 * group's bits out of each touched column's words. Playouts need no
 * enumeration at all: TabuColorRandom picks a uniformly random block among
 * those that have a neighbour of their colour (not of the tabu colour while
 * there are any) and keeps its group with probability 2/size, which makes
 * every clickable group equally likely, as a pick from a full list would.
 * The non-single blocks are kept per column and refreshed only in the
 * columns a click can change. About 0.17 us a click on 15x15 (5x the byte
 * engine; bench_samegame prints the rate).
 *
 * TabuColorRandom (Schadd, Winands, van den Herik, Chaslot, Uiterwijk,
 * "Single-Player Monte-Carlo Tree Search", 2008): a playout clicks uniformly
 * random groups but never one of the colour most frequent when it starts
 * while another group is clickable, so that colour tends to come together
 * into one big group removed at the end. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania_search.h"

/* Tables of Zobrist keys: (cells x colours) entries each. Boards beyond this
 * are far out of reach of playout-based search anyway. */
#define CS_MAX_TABLE ((size_t)1 << 24)

int cs_shape_init(cs_shape *sh, int rows, int cols, int ncolours) {
    memset(sh, 0, sizeof *sh);
    if (rows < 1 || cols < 1 || rows > 30000 || cols > 30000 || ncolours < 1 || ncolours > CLICK_MAX_COLOURS) return -1;
    size_t ncells = (size_t)(cols + 2) * (size_t)(rows + 1);
    size_t k1 = (size_t)ncolours + 1;
    if (ncells * k1 > CS_MAX_TABLE) return -1;
    sh->rows = rows;
    sh->cols = cols;
    sh->ncolours = ncolours;
    sh->stride = rows + 1;
    sh->ncells = (int)ncells;
    sh->off_height = sizeof(cs_board) + k1 * sizeof(int32_t);
    sh->off_cell = sh->off_height + (size_t)cols * sizeof(int32_t);
    sh->bytes = (sh->off_cell + ncells + 7) & ~(size_t)7;
    /* Fixed seeds: move codes and keys do not depend on the user's seed.
     * Entry i of a table is the (i+1)-th output of splitmix64 from its seed
     * (cs_zobrist), so the tables are only a cache: kept for boards up to
     * CS_ZOBRIST_TABLE entries (a SameGame board: 13 KB), computed on the fly
     * beyond (a 1000 x 1000 board would need 96 MB of tables, whose filling
     * cost more than a short --time-limit). The values are the same either
     * way. */
    sh->zcode = sh->zkey = NULL;
    if (ncells * k1 <= CS_ZOBRIST_TABLE) {
        sh->zcode = pl_xmalloc(ncells * k1 * sizeof *sh->zcode);
        sh->zkey = pl_xmalloc(ncells * k1 * sizeof *sh->zkey);
        uint64_t s1 = CS_ZSEED_CODE, s2 = CS_ZSEED_KEY;
        for (size_t i = 0; i < ncells * k1; i++) {
            sh->zcode[i] = pl_splitmix64(&s1);
            sh->zkey[i] = pl_splitmix64(&s2);
        }
    }
    return 0;
}

void cs_shape_free(cs_shape *sh) {
    free(sh->zcode);
    free(sh->zkey);
    memset(sh, 0, sizeof *sh);
}

cs_board *cs_board_new(const cs_shape *sh) {
    /* The blob holds int32 fields: calloc's alignment suffices. */
    return pl_xcalloc(1, sh->bytes);
}

void cs_board_load(const cs_shape *sh, cs_board *dst, const click_board *src) {
    memset(dst, 0, sh->bytes);
    dst->width = src->width;
    dst->blocks = src->blocks;
    int32_t *count = cs_count(sh, dst), *height = cs_height(sh, dst);
    uint8_t *cell = cs_cell(sh, dst);
    for (int c = 0; c < src->width; c++) {
        height[c] = src->height[c];
        for (int h = 0; h < src->height[c]; h++) {
            uint8_t v = click_at(src, c, h);
            cell[cs_index(sh, c, h)] = v;
            count[v]++;
        }
    }
}

static cs_bits *bits_new(const cs_shape *sh);
static void bits_free(cs_bits *x);

void cs_work_init(cs_work *w, const cs_shape *sh) {
    memset(w, 0, sizeof *w);
    if (sh->rows <= 63) w->bits = bits_new(sh);
    size_t n = (size_t)sh->ncells;
    w->stack = pl_xmalloc(2 * n * sizeof *w->stack);
    w->par = pl_xmalloc(n * sizeof *w->par);
    w->sz = pl_xmalloc(n * sizeof *w->sz);
    w->roots = pl_xmalloc(n * sizeof *w->roots);
    w->rc = pl_xmalloc(n * sizeof *w->rc);
    w->cm = pl_xmalloc(n * sizeof *w->cm);
    w->cd = pl_xmalloc(n * sizeof *w->cd);
}

void cs_work_free(cs_work *w) {
    free(w->stack);
    free(w->par);
    free(w->sz);
    free(w->roots);
    free(w->rc);
    free(w->cm);
    free(w->cd);
    bits_free(w->bits);
    memset(w, 0, sizeof *w);
}

static inline int32_t uf_find(int32_t *par, int32_t x) {
    while (par[x] != x) {
        par[x] = par[par[x]];
        x = par[x];
    }
    return x;
}

/* Enumerates the clickable groups of b lying in columns >= f, appending them
 * to out[n..]; returns the new count. No group may cross from column f-1 to
 * f. One pass in column-major order with union-find over the lower and left
 * neighbours; the root of a component is its smallest index (the lowest cell
 * of its leftmost column, the group's cell), so components are created, and
 * reported, in column-major order of their cells. */
static inline int scan(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *out, int n, int f,
                       const bool codes) {
    const uint8_t *cell = cs_cell(sh, b);
    const int32_t *height = cs_height(sh, b);
    const int S = sh->stride;
    const size_t K1 = (size_t)sh->ncolours + 1;
    int32_t *par = w->par, *sz = w->sz, *roots = w->roots;
    int16_t *rc = w->rc, *cm = w->cm;
    uint64_t *cd = w->cd;
    int nr = 0;
    for (int c = f; c < b->width; c++) {
        const int base = (c + 1) * S, top = base + height[c];
        const bool first = c == f;
        for (int i = base; i < top; i++) {
            const uint8_t col = cell[i];
            const bool dn = cell[i - 1] == col; /* h = 0: the zero sentinel of the column to the left */
            const bool lf = !first && cell[i - S] == col;
            if (!dn && !lf) {
                par[i] = i;
                sz[i] = 1;
                rc[i] = (int16_t)c;
                cm[i] = (int16_t)c;
                if (codes) cd[i] = cs_zobrist(sh->zcode, CS_ZSEED_CODE, (size_t)i * K1 + col);
                roots[nr++] = i;
                continue;
            }
            int32_t r = uf_find(par, dn ? i - 1 : i - S);
            if (dn && lf) {
                int32_t r2 = uf_find(par, i - S);
                if (r2 != r) {
                    int32_t lo = r < r2 ? r : r2, hi = r < r2 ? r2 : r;
                    par[hi] = lo;
                    sz[lo] += sz[hi];
                    if (codes) cd[lo] ^= cd[hi];
                    r = lo;
                }
            }
            par[i] = r;
            sz[r]++;
            cm[r] = (int16_t)c;
            if (codes) cd[r] ^= cs_zobrist(sh->zcode, CS_ZSEED_CODE, (size_t)i * K1 + col);
        }
    }
    for (int k = 0; k < nr; k++) {
        const int32_t r = roots[k];
        if (par[r] != r || sz[r] < 2) continue;
        cs_move *m = &out[n++];
        m->code = codes ? cd[r] : 0;
        m->size = sz[r];
        m->col = rc[r];
        m->h = (int16_t)(r - (rc[r] + 1) * S);
        m->cmax = cm[r];
        m->colour = cell[r];
        m->aux = CS_AUX_NONE;
    }
    return n;
}

int cs_moves(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *out) {
    return scan(sh, b, w, out, 0, 0, true);
}

/* Keeps the groups of mv[0..n) that the last click cannot have changed and
 * sets *f to the column from which to rescan. Columns left of the touched
 * ones (cmin) are unchanged, so groups ending before column cmin-1 are
 * unchanged; a group crossing into the rescanned columns must be rescanned
 * whole, so f moves left to its first column, until no kept group reaches
 * column f (then no group crosses from f-1 to f: its two cells would be
 * unchanged and adjacent, so in one old group). mv is sorted by first
 * column (scan reports in column-major order and appends right of f), so
 * one pass from the right finds that f: a group seen later starts no
 * further right, so lowering f never makes an earlier-seen group qualify. */
static inline int keep_left(const cs_work *w, cs_move *mv, int n, int *f) {
    int from = w->last_cmin > 0 ? w->last_cmin - 1 : 0;
    for (int i = n - 1; i >= 0 && from > 0; i--)
        if (mv[i].cmax >= from && mv[i].col < from) from = mv[i].col;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (mv[i].cmax < from) mv[k++] = mv[i];
    *f = from;
    return k;
}

int cs_moves_after(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *mv, int n) {
    int from, k = keep_left(w, mv, n, &from);
    return scan(sh, b, w, mv, k, from, true);
}

/* The same without move codes (code = 0), for playouts that need none. */
static int moves_nocode(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *out) {
    return scan(sh, b, w, out, 0, 0, false);
}

static int moves_after_nocode(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *mv, int n) {
    int from, k = keep_left(w, mv, n, &from);
    return scan(sh, b, w, mv, k, from, false);
}

int cs_play(const cs_shape *sh, cs_board *b, cs_work *w, int col, int h) {
    uint8_t *cell = cs_cell(sh, b);
    int32_t *height = cs_height(sh, b);
    const int S = sh->stride;
    int32_t *stack = w->stack, *cstack = w->stack + sh->ncells;
    const int start = cs_index(sh, col, h);
    const uint8_t colour = cell[start];
    /* Flood fill that empties the group; cstack holds each cell's data column. */
    int sp = 0, size = 0, cmin = col + 1, cmax = col + 1;
    cell[start] = 0;
    stack[sp] = start;
    cstack[sp++] = col + 1;
    while (sp) {
        --sp;
        const int j = stack[sp], dc = cstack[sp];
        size++;
        if (dc < cmin) cmin = dc;
        if (dc > cmax) cmax = dc;
        if (cell[j + 1] == colour) {
            cell[j + 1] = 0;
            stack[sp] = j + 1;
            cstack[sp++] = dc;
        }
        if (cell[j - 1] == colour) {
            cell[j - 1] = 0;
            stack[sp] = j - 1;
            cstack[sp++] = dc;
        }
        if (cell[j + S] == colour) {
            cell[j + S] = 0;
            stack[sp] = j + S;
            cstack[sp++] = dc + 1;
        }
        if (cell[j - S] == colour) {
            cell[j - S] = 0;
            stack[sp] = j - S;
            cstack[sp++] = dc - 1;
        }
    }
    /* Gravity in the touched columns (data columns cmin..cmax). */
    bool emptied = false;
    for (int dc = cmin; dc <= cmax; dc++) {
        uint8_t *p = cell + (size_t)dc * (size_t)S;
        const int hgt = height[dc - 1];
        int k = 0;
        while (k < hgt && p[k]) k++;
        int wpos = k;
        for (; k < hgt; k++)
            if (p[k]) p[wpos++] = p[k];
        if (wpos < hgt) memset(p + wpos, 0, (size_t)(hgt - wpos));
        height[dc - 1] = wpos;
        if (wpos == 0) emptied = true;
    }
    /* Close up empty columns. */
    if (emptied) {
        int wc = cmin - 1;
        for (int c = cmin - 1; c < b->width; c++) {
            if (height[c] == 0) continue;
            if (wc != c) {
                memcpy(cell + (size_t)(wc + 1) * (size_t)S, cell + (size_t)(c + 1) * (size_t)S, (size_t)S);
                height[wc] = height[c];
            }
            wc++;
        }
        memset(cell + (size_t)(wc + 1) * (size_t)S, 0, (size_t)(b->width - wc) * (size_t)S);
        for (int c = wc; c < b->width; c++) height[c] = 0;
        b->width = wc;
    }
    cs_count(sh, b)[colour] -= size;
    b->blocks -= size;
    w->last_cmin = cmin - 1;
    return size;
}

int cs_most_frequent(const cs_shape *sh, const cs_board *b) {
    const int32_t *count = cs_count(sh, b);
    int best = 0;
    for (int k = 1; k <= sh->ncolours; k++)
        if (count[k] > (best ? count[best] : 0)) best = k;
    return best;
}

pl_key128 cs_board_key(const cs_shape *sh, const cs_board *b) {
    const uint8_t *cell = cs_cell(sh, b);
    const int32_t *height = cs_height(sh, b);
    const size_t K1 = (size_t)sh->ncolours + 1;
    pl_key128 k = {0x9e3779b97f4a7c15ULL, 0};
    for (int c = 0; c < b->width; c++) {
        const int base = (c + 1) * sh->stride;
        for (int i = base; i < base + height[c]; i++) {
            size_t z = (size_t)i * K1 + cell[i];
            k.a ^= cs_zobrist(sh->zcode, CS_ZSEED_CODE, z);
            k.b ^= cs_zobrist(sh->zkey, CS_ZSEED_KEY, z);
        }
    }
    return k;
}

/* ======================= bitboard twin =======================
 * For boards of at most 63 rows: one 64-bit word per column and colour (bit h
 * = height h), zero words on both sides and right of the width. Same rules,
 * same move cells. Group: a fill from a seed (vertical closure inside each
 * column word, sweeps across columns until stable). Click: per touched
 * column, the group's bits are squeezed out of every colour's word (bits
 * above move down), emptied columns are squeezed out of the word arrays. */
struct cs_bits {
    int K, stride, width, blocks, rows;
    int32_t count[CLICK_MAX_COLOURS + 1];
    int32_t *height;      /* [stride], column c at c + 1 */
    uint64_t *bb;         /* [K * stride]: colour k at bb[(k - 1) * stride + c + 1] */
    uint64_t *g;          /* [stride] fill scratch, kept zero */
    uint64_t *done;       /* [stride] enumeration scratch, kept zero */
    uint64_t *nsn, *nst;  /* [stride] non-single blocks: not of / of the tabu colour */
    int32_t *cn, *ct;     /* their popcounts */
    long long tn, tt;     /* their sums over the columns */
    int last_lo, last_hi; /* columns touched by the last click */
    int old_width;        /* the width before it */
    int code_kind;        /* see click_search_params.code */
    int32_t *colid;       /* [stride] each column's place when loaded: move codes follow a column as it shifts */
    cs_move *tmp;         /* [rows * cols / 2 + 1] */
    bool shifted;         /* whether it emptied a column */
};

/* Population count: the instruction when the target has it, else SWAR
 * (the generic x86-64 target would call libgcc's table-driven one). */
static inline int pop64(uint64_t v) {
#if defined(__POPCNT__)
    return __builtin_popcountll(v);
#else
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((v * 0x0101010101010101ULL) >> 56);
#endif
}

static inline uint64_t *bits_col(const cs_bits *x, int k) {
    return x->bb + (size_t)(k - 1) * (size_t)x->stride + 1;
}

static cs_bits *bits_new(const cs_shape *sh) {
    cs_bits *x = pl_xcalloc(1, sizeof *x);
    x->K = sh->ncolours;
    x->rows = sh->rows;
    x->stride = sh->cols + 2;
    size_t st = (size_t)x->stride;
    x->height = pl_xcalloc(st, sizeof *x->height);
    x->bb = pl_xcalloc((size_t)x->K * st, sizeof *x->bb);
    x->g = pl_xcalloc(st, sizeof *x->g);
    x->done = pl_xcalloc(st, sizeof *x->done);
    x->nsn = pl_xcalloc(st, sizeof *x->nsn);
    x->nst = pl_xcalloc(st, sizeof *x->nst);
    x->cn = pl_xcalloc(st, sizeof *x->cn);
    x->ct = pl_xcalloc(st, sizeof *x->ct);
    x->tmp = pl_xmalloc(((size_t)sh->rows * (size_t)sh->cols / 2 + 1) * sizeof *x->tmp);
    x->colid = pl_xcalloc(st, sizeof *x->colid);
    return x;
}

static void bits_free(cs_bits *x) {
    if (!x) return;
    free(x->height);
    free(x->bb);
    free(x->g);
    free(x->done);
    free(x->nsn);
    free(x->nst);
    free(x->cn);
    free(x->ct);
    free(x->tmp);
    free(x->colid);
    free(x);
}

void cs_bits_load(const cs_shape *sh, cs_work *w, const cs_board *b) {
    cs_bits *x = w->bits;
    memset(x->bb, 0, (size_t)x->K * (size_t)x->stride * sizeof *x->bb);
    memset(x->height, 0, (size_t)x->stride * sizeof *x->height);
    const uint8_t *cell = cs_cell(sh, b);
    const int32_t *height = cs_height(sh, b);
    for (int c = 0; c < b->width; c++) {
        const uint8_t *p = cell + (size_t)(c + 1) * (size_t)sh->stride;
        for (int h = 0; h < height[c]; h++) bits_col(x, p[h])[c] |= (uint64_t)1 << h;
        x->height[c + 1] = height[c];
    }
    for (int c = 0; c < sh->cols; c++) x->colid[c + 1] = c;
    x->width = b->width;
    x->blocks = b->blocks;
    memcpy(x->count, cs_count(sh, b), ((size_t)x->K + 1) * sizeof *x->count);
    x->last_lo = 0;
}

int cs_bits_blocks(const cs_work *w) {
    return w->bits->blocks;
}

void cs_bits_set_code(cs_work *w, int kind) {
    if (w->bits) w->bits->code_kind = kind;
}

bool cs_bits_same(const cs_shape *sh, const cs_work *w, const cs_board *b) {
    const cs_bits *x = w->bits;
    if (!x || x->width != b->width || x->blocks != b->blocks) return false;
    if (memcmp(x->count, cs_count(sh, b), ((size_t)x->K + 1) * sizeof *x->count) != 0) return false;
    const uint8_t *cell = cs_cell(sh, b);
    const int32_t *height = cs_height(sh, b);
    for (int c = -1; c <= sh->cols; c++) {
        if (c >= 0 && c < sh->cols && x->height[c + 1] != height[c]) return false;
        for (int k = 1; k <= x->K; k++) {
            uint64_t want = 0;
            if (c >= 0 && c < sh->cols)
                for (int h = 0; h < height[c]; h++)
                    if (cell[cs_index(sh, c, h)] == k) want |= (uint64_t)1 << h;
            if (bits_col(x, k)[c] != want) return false;
        }
    }
    return true;
}

static inline int bits_colour_at(const cs_bits *x, int c, uint64_t bit) {
    for (int k = 1; k <= x->K; k++)
        if (bits_col(x, k)[c] & bit) return k;
    return 0;
}

/* Fills the group of colour k containing seed (bits of column c) into
 * x->g; returns its size, its column span in *lo, *hi. */
static int bits_fill(cs_bits *x, int k, int c, uint64_t seed, int *plo, int *phi) {
    const uint64_t *B = bits_col(x, k);
    uint64_t *G = x->g + 1;
    int lo = c, hi = c;
    {
        uint64_t y = seed, z;
        while ((z = (y | (y << 1) | (y >> 1)) & B[c]) != y) y = z;
        G[c] = y;
    }
    for (bool changed = true; changed;) {
        changed = false;
        int a = lo > 0 ? lo - 1 : 0, e = hi + 1 < x->width ? hi + 1 : hi;
        for (int j = a; j <= e; j++) { /* rightwards: G[j-1] is already updated */
            uint64_t v = G[j], y = (v | G[j - 1] | G[j + 1]) & B[j];
            if (y == v) continue;
            uint64_t z;
            while ((z = (y | (y << 1) | (y >> 1)) & B[j]) != y) y = z;
            G[j] = y;
            changed = true;
            if (j < lo) lo = j;
            if (j > hi) hi = j;
        }
        if (!changed) break;
        changed = false;
        a = lo > 0 ? lo - 1 : 0;
        e = hi + 1 < x->width ? hi + 1 : hi;
        for (int j = e; j >= a; j--) { /* leftwards */
            uint64_t v = G[j], y = (v | G[j - 1] | G[j + 1]) & B[j];
            if (y == v) continue;
            uint64_t z;
            while ((z = (y | (y << 1) | (y >> 1)) & B[j]) != y) y = z;
            G[j] = y;
            changed = true;
            if (j < lo) lo = j;
            if (j > hi) hi = j;
        }
    }
    int size = 0;
    for (int j = lo; j <= hi; j++) size += pop64(G[j]);
    *plo = lo;
    *phi = hi;
    return size;
}

static inline void bits_clear_fill(cs_bits *x, int lo, int hi) {
    memset(x->g + 1 + lo, 0, (size_t)(hi - lo + 1) * sizeof *x->g);
}

/* x without the bits of m; the bits above each removed run move down. */
static inline uint64_t squeeze(uint64_t v, uint64_t m) {
    while (m) {
        int p = __builtin_ctzll(m);
        int len = __builtin_ctzll(~(m >> p)); /* bit 63 is never set: rows <= 63 */
        uint64_t low = ((uint64_t)1 << p) - 1;
        v = (v & low) | ((v >> len) & ~low);
        m = (m >> len) & ~low;
    }
    return v;
}

/* Removes the filled group (colour k, size n, columns lo..hi). */
static void bits_remove(cs_bits *x, int k, int n, int lo, int hi) {
    uint64_t *G = x->g + 1;
    bool emptied = false;
    const int old_width = x->width;
    for (int j = lo; j <= hi; j++) {
        uint64_t m = G[j];
        if (!m) continue;
        G[j] = 0;
        for (int q = 1; q <= x->K; q++) {
            uint64_t *B = bits_col(x, q);
            if (B[j] >> __builtin_ctzll(m)) B[j] = squeeze(B[j], m); /* only words with bits at or above the run */
        }
        x->height[j + 1] -= pop64(m);
        if (x->height[j + 1] == 0) emptied = true;
    }
    if (emptied) {
        int wc = lo;
        for (int c = lo; c < x->width; c++) {
            if (x->height[c + 1] == 0) continue;
            if (wc != c) {
                x->height[wc + 1] = x->height[c + 1];
                x->colid[wc + 1] = x->colid[c + 1];
                for (int q = 1; q <= x->K; q++) bits_col(x, q)[wc] = bits_col(x, q)[c];
            }
            wc++;
        }
        for (int c = wc; c < x->width; c++) {
            x->height[c + 1] = 0;
            for (int q = 1; q <= x->K; q++) bits_col(x, q)[c] = 0;
        }
        x->width = wc;
    }
    x->count[k] -= n;
    x->blocks -= n;
    x->last_lo = lo;
    x->last_hi = hi;
    x->old_width = old_width;
    x->shifted = emptied;
}

int cs_bits_play(cs_work *w, int col, int h) {
    cs_bits *x = w->bits;
    uint64_t bit = (uint64_t)1 << h;
    int k = bits_colour_at(x, col, bit), lo, hi;
    int n = bits_fill(x, k, col, bit, &lo, &hi);
    bits_remove(x, k, n, lo, hi);
    return n;
}

/* The group's code: a hash of its colour and its cells, a column being
 * named by its place when the position was loaded (columns keep that name
 * when they shift), so a group that did not change keeps its code. */
static inline uint64_t fill_code(const cs_bits *x, int k, int lo, int hi, int h0, int size) {
    if (x->code_kind) {
        uint64_t h = (uint64_t)k * 0x9e3779b97f4a7c15ULL ^ (uint64_t)x->colid[lo + 1] * 0xc2b2ae3d27d4eb4fULL ^
                     (uint64_t)h0 * 0x165667b19e3779f9ULL ^ (x->code_kind == 2 ? (uint64_t)size << 40 : 0);
        h = (h ^ (h >> 31)) * 0xbf58476d1ce4e5b9ULL;
        return h ^ (h >> 29);
    }
    uint64_t h = (uint64_t)k * 0x9e3779b97f4a7c15ULL;
    for (int j = lo; j <= hi; j++) {
        h = (h ^ x->g[j + 1] ^ ((uint64_t)x->colid[j + 1] << 58)) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    return h;
}

/* Groups of colours `want` (bit k: colour k) in columns >= f (none crossing
 * from f-1 to f), appended to out[n..] in column-major order of their
 * cells. */
static int bits_scan(cs_bits *x, cs_move *out, int n, int f, int e, uint64_t want) {
    uint64_t *done = x->done + 1;
    for (int c = f; c <= e; c++) {
        uint64_t cand = 0;
        for (int k = 1; k <= x->K; k++) {
            if (!(want >> k & 1)) continue;
            const uint64_t *B = bits_col(x, k);
            const uint64_t v = B[c];
            cand |= v & ((v << 1) | (v >> 1) | B[c - 1] | B[c + 1]);
        }
        cand &= ~done[c];
        while (cand) {
            const uint64_t bit = cand & (0 - cand);
            const int k = bits_colour_at(x, c, bit);
            int lo, hi;
            const int size = bits_fill(x, k, c, bit, &lo, &hi);
            cs_move *m = &out[n++];
            m->code = fill_code(x, k, lo, hi, __builtin_ctzll(bit), size);
            m->size = size;
            m->col = (int16_t)c;
            m->h = (int16_t)__builtin_ctzll(bit);
            m->cmax = (int16_t)hi;
            m->colour = (uint8_t)k;
            m->aux = CS_AUX_NONE;
            for (int j = lo; j <= hi; j++) done[j] |= x->g[j + 1];
            cand &= ~x->g[c + 1];
            bits_clear_fill(x, lo, hi);
        }
    }
    /* fills of groups found here stay within f..e (see cs_bits_moves_after) */
    if (e >= f) memset(done + f, 0, (size_t)(e - f + 1) * sizeof *done);
    return n;
}

static inline uint64_t want_mask(int skip) {
    return ~(uint64_t)0 & ~((uint64_t)1 << skip);
}

int cs_bits_moves(cs_work *w, cs_move *out, int skip) {
    return bits_scan(w->bits, out, 0, 0, w->bits->width - 1, want_mask(skip));
}

/* Only the touched columns lo..hi changed (those of them that emptied are
 * gone, and the columns to their right moved left by as many, unchanged),
 * so only groups meeting lo-1..hi+1 can have changed: that span widens to
 * cover every listed group meeting it, until none crosses its ends (then no
 * group of these colours crosses them: the two cells of a crossing would be
 * unchanged and adjacent, so in one listed group). Groups left of it are
 * kept, groups right of it are kept and moved left, the span is rescanned;
 * the list stays in column-major order and kept groups keep their codes. */
static int bits_moves_after(cs_bits *x, cs_move *mv, int n, uint64_t want) {
    const int gone = x->old_width - x->width; /* columns emptied */
    int a = x->last_lo > 0 ? x->last_lo - 1 : 0;
    int e = x->last_hi + 1 < x->old_width ? x->last_hi + 1 : x->old_width - 1;
    /* mv is sorted by first column. Left end: from the right over the
     * groups starting left of a, each one reaching a moves a to its start
     * (and e past its end); a group seen earlier starts at or right of the
     * new a and ends left of the old one, so it is inside the span. */
    int i = 0;
    while (i < n && mv[i].col < a) i++;
    for (int j = i - 1; j >= 0; j--) {
        if (mv[j].cmax < a) continue;
        a = mv[j].col;
        if (mv[j].cmax > e) e = mv[j].cmax;
    }
    int L = i;
    while (L > 0 && mv[L - 1].col >= a) L--;
    /* Right end: the groups starting inside the span, left to right. */
    int R = L;
    for (; R < n && mv[R].col <= e; R++)
        if (mv[R].cmax > e) e = mv[R].cmax;
    /* mv[0..L) stay, mv[L..R) are rescanned, mv[R..n) stay and move left. */
    const int found = bits_scan(x, x->tmp, 0, a, e - gone, want);
    const int right = n - R;
    memmove(mv + L + found, mv + R, (size_t)right * sizeof *mv);
    if (gone)
        for (int j = L + found; j < L + found + right; j++) {
            mv[j].col = (int16_t)(mv[j].col - gone);
            mv[j].cmax = (int16_t)(mv[j].cmax - gone);
        }
    memcpy(mv + L, x->tmp, (size_t)found * sizeof *mv);
    return L + found + right;
}

int cs_bits_moves_after(cs_work *w, cs_move *mv, int n, int skip) {
    return bits_moves_after(w->bits, mv, n, want_mask(skip));
}

int cs_bits_moves_after_of(cs_work *w, cs_move *mv, int n, int colour) {
    return bits_moves_after(w->bits, mv, n, (uint64_t)1 << colour);
}

int cs_bits_moves_of(cs_work *w, cs_move *out, int colour) {
    return bits_scan(w->bits, out, 0, 0, w->bits->width - 1, (uint64_t)1 << colour);
}

/* Non-single blocks of columns f..end-1, split by the tabu colour
 * (columns at or right of the width become empty). */
static void bits_singles(cs_bits *x, int f, int tabu, int end) {
    for (int c = f; c < end; c++) {
        x->tn -= x->cn[c + 1];
        x->tt -= x->ct[c + 1];
        uint64_t n = 0, t = 0;
        if (c < x->width) {
            for (int k = 1; k <= x->K; k++) {
                const uint64_t *B = bits_col(x, k);
                const uint64_t v = B[c], s = v & ((v << 1) | (v >> 1) | B[c - 1] | B[c + 1]);
                if (k == tabu)
                    t = s;
                else
                    n |= s;
            }
        }
        x->nsn[c + 1] = n;
        x->nst[c + 1] = t;
        x->cn[c + 1] = pop64(n);
        x->ct[c + 1] = pop64(t);
        x->tn += x->cn[c + 1];
        x->tt += x->ct[c + 1];
    }
}

/* The TabuColorRandom playout on the bitboard twin: a uniformly random
 * non-single block not of the tabu colour (of it when there is no other),
 * its group kept with probability 2/size: every group is then equally
 * likely, as with an enumeration, without enumerating. */
static long long bits_playout(const cs_shape *sh, cs_work *w, const cs_board *b, pl_rng *rng, int tabu,
                              click_objective obj, cs_cellref *seq, int *nseq) {
    cs_bits *x = w->bits;
    cs_bits_load(sh, w, b);
    x->tn = x->tt = 0;
    memset(x->cn, 0, (size_t)x->stride * sizeof *x->cn);
    memset(x->ct, 0, (size_t)x->stride * sizeof *x->ct);
    bits_singles(x, 0, tabu, x->width);
    long long v = 0;
    int steps = 0;
    for (;;) {
        if ((steps & 255) == 255 && cs_work_expired(w)) break; /* a prefix: still a legal line */
        const uint64_t *ns;
        const int32_t *cnt;
        long long total;
        if (x->tn > 0) {
            ns = x->nsn;
            cnt = x->cn;
            total = x->tn;
        } else if (x->tt > 0) {
            ns = x->nst;
            cnt = x->ct;
            total = x->tt;
        } else {
            break;
        }
        int k, lo, hi, size, c;
        uint64_t bit;
        for (;;) {
            long long r = (long long)cs_below(rng, (uint32_t)total);
            c = 0;
            while (r >= cnt[c + 1]) r -= cnt[c++ + 1];
            uint64_t word = ns[c + 1];
            for (; r > 0; r--) word &= word - 1;
            bit = word & (0 - word);
            k = bits_colour_at(x, c, bit);
            size = bits_fill(x, k, c, bit, &lo, &hi);
            if (size == 2 || cs_below(rng, (uint32_t)size) < 2) break;
            bits_clear_fill(x, lo, hi);
        }
        seq[steps].col = (int16_t)lo;
        seq[steps].h = (int16_t)__builtin_ctzll(x->g[lo + 1]);
        steps++;
        int old_width = x->width;
        bits_remove(x, k, size, lo, hi);
        v += cs_gain(obj, size, x->blocks);
        /* Changed: the touched columns and their neighbours; with a shift,
         * every column from there on. */
        bits_singles(x, lo > 0 ? lo - 1 : 0, tabu, x->shifted ? old_width : hi + 2 < x->width ? hi + 2 : x->width);
    }
    *nseq = steps;
    return v;
}

long long cs_playout(const cs_shape *sh, cs_board *b, cs_work *w, pl_rng *rng, int tabu, click_objective obj,
                     cs_move *mv, cs_cellref *seq, int *nseq) {
    if (w->bits) return bits_playout(sh, w, b, rng, tabu, obj, seq, nseq); /* plays on the twin; b is only read */
    long long v = 0;
    int k = 0;
    int n = moves_nocode(sh, b, w, mv);
    while (n > 0) {
        if (cs_work_expired(w)) break; /* a click here costs O(blocks): the clock each time */
        int nt = 0;
        if (tabu)
            for (int i = 0; i < n; i++) nt += mv[i].colour != tabu;
        int pick;
        if (nt == 0 || nt == n) {
            pick = (int)cs_below(rng, (uint32_t)n);
        } else { /* the r-th group not of the tabu colour */
            int r = (int)cs_below(rng, (uint32_t)nt);
            for (pick = 0;; pick++)
                if (mv[pick].colour != tabu && r-- == 0) break;
        }
        const cs_move m = mv[pick];
        int size = cs_play(sh, b, w, m.col, m.h);
        seq[k].col = m.col;
        seq[k].h = m.h;
        k++;
        v += cs_gain(obj, size, b->blocks);
        n = moves_after_nocode(sh, b, w, mv, n);
    }
    *nseq = k;
    return v;
}
