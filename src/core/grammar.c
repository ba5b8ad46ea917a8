/* Interval parsing of S -> e | B | S S | c S c | c S c S c (see grammar.h).
 *
 * D[i][j] = "letters [i, j) derive from S", by increasing length. Each entry
 * is an OR over split points, done 64 split points at a time: bit j of row
 * R[i] is D[i][j] and bit i of column C[j] is D[i][j], so S S is
 * (R[i] & C[j]) over (i, j), and c S c S c is (R[i+1] & M_c & (C[j-1] >> 1))
 * over the middle letters. O(L^3 / 64) time and 2 (L+1)^2 bits; the number
 * of colours only costs one mask each (Clickomania's Corollary 6 states
 * O(k n^3) through Chomsky normal form). */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/grammar.h"

static inline bool get_bit(const uint64_t *b, int i) { return (b[i >> 6] >> (i & 63)) & 1u; }
static inline void set_bit(uint64_t *b, int i) { b[i >> 6] |= (uint64_t)1 << (i & 63); }

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

bool pl_cfg_derives(const pl_cfg_table *t, int i, int j) { return get_bit(t->row + (size_t)i * t->W, j); }

pl_cfg_rule pl_cfg_production(const pl_cfg_table *t, int i, int j, int *k) {
    int len = j - i;
    *k = i;
    if (len == 0 || (len == 1 && t->letter[i] == 0)) return PL_CFG_EMPTY;
    int c = t->letter[i];
    if (c != 0 && len >= 2 && t->letter[j - 1] == c) {
        if (t->pair && pl_cfg_derives(t, i + 1, j - 1)) return PL_CFG_PAIR;
    }
    int s = first_and(t->row + (size_t)i * t->W, t->col + (size_t)j * t->W, i + 1, j - 1);
    if (s >= 0) {
        *k = s;
        return PL_CFG_CONCAT;
    }
    if (t->triple && c != 0 && len >= 3 && t->letter[j - 1] == c) {
        s = first_and_shift(t->row + (size_t)(i + 1) * t->W, t->mask + (size_t)c * t->W,
                            t->col + (size_t)(j - 1) * t->W, t->W, i + 1, j - 2);
        if (s >= 0) {
            *k = s;
            return PL_CFG_TRIPLE;
        }
    }
    return PL_CFG_NONE;
}

size_t pl_cfg_bytes(int n, int maxcolour) {
    size_t W = ((size_t)n + 1 + 63) / 64;
    return (2 * ((size_t)n + 1) + (size_t)maxcolour + 1) * W * sizeof(uint64_t);
}

int pl_cfg_parse(pl_cfg_table *t, const int *letter, int n, int maxcolour, bool pair, bool triple, pl_limits *lim) {
    memset(t, 0, sizeof *t);
    t->L = n;
    t->letter = letter;
    t->pair = pair;
    t->triple = triple;
    t->W = ((size_t)n + 1 + 63) / 64;
    t->row = pl_xcalloc((size_t)(n + 1) * t->W, sizeof(uint64_t));
    t->col = pl_xcalloc((size_t)(n + 1) * t->W, sizeof(uint64_t));
    t->mask = pl_xcalloc((size_t)(maxcolour + 1) * t->W, sizeof(uint64_t));
    for (int k = 0; k < n; k++) set_bit(t->mask + (size_t)letter[k] * t->W, k);
    for (int i = 0; i <= n; i++) {
        set_bit(t->row + (size_t)i * t->W, i);
        set_bit(t->col + (size_t)i * t->W, i);
    }
    for (int len = 1; len <= n; len++) {
        if (!pl_limits_check_time(lim)) return -1;
        for (int i = 0; i + len <= n; i++) {
            int j = i + len, k;
            if (++lim->nodes > lim->node_limit && lim->node_limit) {
                lim->hit = PL_LIMIT_NODES;
                return -1;
            }
            if (pl_cfg_production(t, i, j, &k) != PL_CFG_NONE) {
                set_bit(t->row + (size_t)i * t->W, j);
                set_bit(t->col + (size_t)j * t->W, i);
            }
        }
    }
    return 0;
}

void pl_cfg_free(pl_cfg_table *t) {
    free(t->row);
    free(t->col);
    free(t->mask);
    t->row = t->col = t->mask = NULL;
}
