/* Exhaustive search over tiny square-grid configurations in the game G' of
 * Galliot 2019, Section 1.4 (take a coin into the reserve, drop a reserve coin
 * on a free position with at least two occupied neighbours).
 *
 * The subroutines of Section 3.2 (flips, rotations, leapfrogs, drags,
 * absorptions) are drawn only in the thesis's figures, which the text lost.
 * We recover each one as a shortest action sequence between two coin sets in
 * a small window, searched breadth-first over the subsets of the window's
 * cells. Every action is reversible in the sense of Section 1.4 (a take only
 * removes a coin with two occupied neighbours), so the reverse of a
 * subroutine is a subroutine too: that is what lets Theorem 3.7 run its
 * construction backwards for the target. A subroutine found in isolation stays
 * legal among any other coins (more coins only add neighbours; G' allows
 * stacking), which is why a table of them composes.
 *
 * Cost: the window has at most 63 cells; the search visits subsets with at
 * most |start| + reserve coins, from both ends when every action is
 * reversible, and stops at max_states (-3). It runs in the generator
 * (tools/) and the test that regenerates the table, and inside Theorem 3.7's
 * construction for drags, absorptions, small increments and small even x
 * even rotations, in windows of at most 48 cells: a constant per call (the
 * cap), though up to a few hundred thousand states at the largest windows.
 * The two-sided search cut the letter puzzles' construction time about 3x
 * (Z-to-A: 1.09 s to 0.38 s). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "square.h"

typedef struct {
    uint64_t *key;
    int32_t *parent;     /* order index of the parent, INT32_MIN at the root */
    int32_t *act;        /* the action from the parent (see `neighbours`) */
    uint32_t *slot_of;   /* order index -> slot */
    uint32_t *ord;       /* slot -> order index */
    uint32_t *depth;     /* order index -> steps from the root */
    uint32_t cap, n;
} bfs_set;

static uint32_t hash64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return (uint32_t)x;
}

static bool set_init(bfs_set *s, uint64_t max_states) {
    s->cap = 1u << 10;
    while (s->cap < 4 * max_states && s->cap < (1u << 30)) s->cap <<= 1;
    s->key = malloc((size_t)s->cap * sizeof *s->key);
    s->parent = malloc((size_t)s->cap * sizeof *s->parent);
    s->act = malloc((size_t)s->cap * sizeof *s->act);
    s->slot_of = malloc((size_t)s->cap / 2 * sizeof *s->slot_of);
    s->depth = malloc((size_t)s->cap / 2 * sizeof *s->depth);
    s->ord = malloc((size_t)s->cap * sizeof *s->ord);
    s->n = 0;
    if (s->key) memset(s->key, 0xff, (size_t)s->cap * sizeof *s->key);
    return s->key && s->parent && s->act && s->slot_of && s->depth && s->ord;
}

static void set_free(bfs_set *s) {
    free(s->key), free(s->parent), free(s->act), free(s->slot_of), free(s->depth), free(s->ord);
}

/* Inserts key (with its parent and action) unless present; *fresh says
 * which. -1 when the table is full. */
static int set_put(bfs_set *s, uint64_t key, int32_t parent, int32_t act, bool *fresh) {
    uint32_t mask = s->cap - 1, i = hash64(key) & mask;
    while (s->key[i] != UINT64_MAX) {
        if (s->key[i] == key) {
            *fresh = false;
            return 0;
        }
        i = (i + 1) & mask;
    }
    if (s->n + 1 >= s->cap / 2) return -1;
    s->key[i] = key;
    s->parent[i] = parent;
    s->act[i] = act;
    s->depth[s->n] = parent == INT32_MIN ? 0 : s->depth[parent] + 1;
    s->ord[i] = s->n;
    s->slot_of[s->n++] = i;
    *fresh = true;
    return 0;
}

/* The order index of key, or -1. */
static int64_t set_index(const bfs_set *s, uint64_t key) {
    uint32_t mask = s->cap - 1, i = hash64(key) & mask;
    while (s->key[i] != UINT64_MAX) {
        if (s->key[i] == key) return s->ord[i];
        i = (i + 1) & mask;
    }
    return -1;
}

static int occupied_neighbours(uint64_t m, int h, int w, int cell) {
    int r = cell / w, c = cell % w, k = 0;
    if (r > 0) k += (int)((m >> (cell - w)) & 1);
    if (r + 1 < h) k += (int)((m >> (cell + w)) & 1);
    if (c > 0) k += (int)((m >> (cell - 1)) & 1);
    if (c + 1 < w) k += (int)((m >> (cell + 1)) & 1);
    return k;
}

/* The states one action away from m: a drop (act cell + 1), a take (act
 * -(cell + 1); reversible: only a coin with two occupied neighbours), or a
 * move, a take then a drop counted once as in the thesis's figures (act
 * 0x10000 + (from + 1) * 128 + to + 1). At most total coins on the board.
 * Returns their number. */
static int neighbours(uint64_t m, int h, int w, int total, bool reversible, uint64_t *nb, int32_t *act) {
    int cells = h * w, k = 0, coins = __builtin_popcountll(m);
    for (int cell = 0; cell < cells; cell++) {
        bool has = (m >> cell) & 1;
        if ((!has || reversible) && occupied_neighbours(m, h, w, cell) < 2) continue;
        if (!has && coins >= total) continue;
        uint64_t nm = m ^ (1ULL << cell);
        nb[k] = nm, act[k++] = has ? -(cell + 1) : cell + 1;
        if (!has) continue;
        for (int q = 0; q < cells; q++) {
            if (q == cell || ((nm >> q) & 1) || occupied_neighbours(nm, h, w, q) < 2) continue;
            nb[k] = nm | (1ULL << q), act[k++] = 0x10000 + (cell + 1) * 128 + q + 1;
        }
    }
    return k;
}

/* Appends action a (or its inverse: a drop undone by a take, a move by the
 * move back) to out[*k]; false when out is full. */
static bool emit(int32_t a, bool inverse, int w, coins_sq_action *out, int max_out, int *k) {
    if (a >= 0x10000) {
        int from = (a - 0x10000) / 128 - 1, to = (a - 0x10000) % 128 - 1;
        if (inverse) {
            int x = from;
            from = to, to = x;
        }
        if (*k + 2 > max_out) return false;
        out[(*k)++] = (coins_sq_action){.r = from / w, .c = from % w, .drop = false};
        out[(*k)++] = (coins_sq_action){.r = to / w, .c = to % w, .drop = true};
        return true;
    }
    int cell = (a > 0 ? a : -a) - 1;
    if (*k + 1 > max_out) return false;
    out[(*k)++] = (coins_sq_action){.r = cell / w, .c = cell % w, .drop = (a > 0) != inverse};
    return true;
}

/* The actions from the root of s to order index i, in order. */
static bool emit_chain(const bfs_set *s, uint32_t i, int w, coins_sq_action *out, int max_out, int *k, int *steps) {
    int n = 0;
    for (uint32_t j = i; s->parent[s->slot_of[j]] != INT32_MIN; j = (uint32_t)s->parent[s->slot_of[j]]) n++;
    int32_t *acts = malloc((size_t)(n > 0 ? n : 1) * sizeof *acts);
    if (!acts) return false;
    int at = n;
    for (uint32_t j = i; s->parent[s->slot_of[j]] != INT32_MIN; j = (uint32_t)s->parent[s->slot_of[j]])
        acts[--at] = s->act[s->slot_of[j]];
    bool ok = true;
    for (int j = 0; j < n && ok; j++) ok = emit(acts[j], false, w, out, max_out, k);
    free(acts);
    *steps += n;
    return ok;
}

/* The actions from order index i of s back to its root (the inverse of each
 * action on the way up). */
static bool emit_back(const bfs_set *s, uint32_t i, int w, coins_sq_action *out, int max_out, int *k, int *steps) {
    bool ok = true;
    for (uint32_t j = i; ok && s->parent[s->slot_of[j]] != INT32_MIN; j = (uint32_t)s->parent[s->slot_of[j]]) {
        ok = emit(s->act[s->slot_of[j]], true, w, out, max_out, k);
        ++*steps;
    }
    return ok;
}

/* Breadth-first search. With reversible actions the graph is symmetric (the
 * inverse of a drop on a cell with two neighbours is the take of a coin with
 * two neighbours, and of a move the move back), so the search runs from both
 * ends, a whole layer of the smaller frontier at a time, and the shortest of
 * the meetings of the layer where they first meet is a shortest sequence:
 * about the square root of the one-sided search's states. Irreversible takes
 * (a few table entries) search from the start only. */
int coins_sq_window_bfs(int h, int w, uint64_t start, uint64_t goal, int reserve, bool reversible, uint64_t max_states,
                        coins_sq_action *out, int max_out, int *steps_out) {
    int cells = h * w;
    if (cells > 63 || h <= 0 || w <= 0) return -2;
    int total = __builtin_popcountll(start) + reserve;
    if (__builtin_popcountll(goal) > total) return -1;
    if (start == goal) {
        if (steps_out) *steps_out = 0;
        return 0;
    }
    int sides = reversible ? 2 : 1;
    bfs_set s[2];
    uint64_t *nb = malloc((size_t)(cells + cells * cells) * sizeof *nb);
    int32_t *na = malloc((size_t)(cells + cells * cells) * sizeof *na);
    bool ok = nb && na;
    for (int d = 0; d < 2; d++) {
        s[d] = (bfs_set){0};
        if (d < sides) ok = set_init(&s[d], max_states / (uint64_t)sides + 1) && ok;
    }
    int result = -1;
    bool fresh;
    if (!ok) {
        result = -2;
        goto done;
    }
    set_put(&s[0], start, INT32_MIN, 0, &fresh);
    if (sides == 2) set_put(&s[1], goal, INT32_MIN, 0, &fresh);
    uint32_t head[2] = {0, 0};
    int best = INT32_MAX;
    uint64_t meet = 0;
    while (best == INT32_MAX && result == -1) {
        /* the side with the smaller frontier expands one whole layer */
        int d = 0;
        if (sides == 2 && s[1].n - head[1] < s[0].n - head[0]) d = 1;
        uint32_t end = s[d].n;
        if (head[d] == end) break; /* this side is exhausted: unreachable */
        for (; head[d] < end && result == -1; head[d]++) {
            uint64_t m = s[d].key[s[d].slot_of[head[d]]];
            int k = neighbours(m, h, w, total, reversible, nb, na);
            for (int j = 0; j < k; j++) {
                if (set_put(&s[d], nb[j], (int32_t)head[d], na[j], &fresh) < 0) {
                    result = -3;
                    break;
                }
                if (!fresh) continue;
                int len = -1;
                if (sides == 1) {
                    if (nb[j] == goal) len = (int)s[0].depth[s[0].n - 1];
                } else {
                    int64_t o = set_index(&s[1 - d], nb[j]);
                    if (o >= 0) len = (int)(s[d].depth[s[d].n - 1] + s[1 - d].depth[o]);
                }
                if (len >= 0 && len < best) best = len, meet = nb[j];
            }
            if (sides == 1 && best != INT32_MAX) break;
        }
    }
    if (best != INT32_MAX) {
        int k = 0, steps = 0;
        int64_t fi = set_index(&s[0], meet);
        bool fits = fi >= 0 && emit_chain(&s[0], (uint32_t)fi, w, out, max_out, &k, &steps);
        if (fits && sides == 2) {
            int64_t bi = set_index(&s[1], meet);
            fits = bi >= 0 && emit_back(&s[1], (uint32_t)bi, w, out, max_out, &k, &steps);
        }
        result = fits ? k : -2;
        if (fits && steps_out) *steps_out = steps;
    }
done:
    for (int d = 0; d < sides; d++) set_free(&s[d]);
    free(nb), free(na);
    return result;
}

/* The subroutines the thesis names in the proof of Lemma 3.6 (its figures are
 * lost): windows are the spans of the 'L's, so the search sees every legal
 * drop. Also the one-reserve variants the text comments on. */
const coins_sq_spec coins_sq_specs[] = {
    {"flip-3x3", "Figure 16", 3, 3, 2, true, "o../.../o.o", "o.o/.../..o", 8},
    {"flip-3x3-one-reserve", "Lemma 3.6 (a)", 3, 3, 1, true, "o../.../o.o", "o.o/.../..o", -1},
    {"rotate-3x3", "Figure 17", 3, 3, 2, false, "o../.../o.o", "o.o/.../o..", 11},
    {"rotate-3x3-reversible", "Figure 17", 3, 3, 2, true, "o../.../o.o", "o.o/.../o..", -1},
    {"flip-3x2", "Figure 19", 3, 2, 2, true, "o./../oo", "oo/../.o", 4},
    {"flip-3x2-one-reserve", "Figure 19", 3, 2, 1, true, "o./../oo", "oo/../.o", 4},
    {"rotate-3x2", "Figure 20", 3, 2, 2, true, "o./../oo", "oo/../o.", 5},
    {"rotate-3x2-one-reserve", "Lemma 3.6 (b)", 3, 2, 1, false, "o./../oo", "oo/../o.", 0},
    {"flip-4x2", "Figure 21", 4, 2, 2, true, "o./../o./.o", "o./.o/../.o", 5},
    {"leapfrog-1x4", "Figure 18", 1, 4, 1, true, "oo.o", "o.oo", -1},
    {"leapfrog-3x2", "Figure 18", 3, 2, 1, true, "o./o./.o", "o./../oo", -1},
    /* the relocations our composition uses (see square_reorient.c): the middle
     * coin of three consecutive coins of a 2-path moves, the ends stay */
    {"swap-3x3-diagonal", "Lemma 3.6", 3, 3, 2, true, "o../.../o.o", "o../.o./..o", -1},
    {"swap-3x2-diagonal", "Lemma 3.6", 3, 2, 2, true, "o./../oo", "o./.o/.o", -1},
    {"leapfrog-2x3", "Lemma 3.6 (b)", 2, 3, 2, true, "o../o.o", "..o/o.o", -1},
};
const int coins_sq_nspecs = (int)(sizeof coins_sq_specs / sizeof coins_sq_specs[0]);

int64_t coins_sq_spec_mask(const char *d, int h, int w) {
    int64_t m = 0;
    int r = 0, c = 0;
    for (; *d; d++) {
        if (*d == '/') {
            if (c != w) return -1;
            r++, c = 0;
            continue;
        }
        if ((*d != 'o' && *d != '.') || c >= w || r >= h) return -1;
        if (*d == 'o') m |= (int64_t)1 << (r * w + c);
        c++;
    }
    return r == h - 1 && c == w ? m : -1;
}

int coins_sq_spec_solve(int i, coins_sq_entry *e, char *buf, size_t n) {
    const coins_sq_spec *s = &coins_sq_specs[i];
    coins_sq_action act[256];
    int steps = 0;
    int64_t a = coins_sq_spec_mask(s->start, s->h, s->w), b = coins_sq_spec_mask(s->goal, s->h, s->w);
    if (a < 0 || b < 0) return -1;
    int k = coins_sq_window_bfs(s->h, s->w, (uint64_t)a, (uint64_t)b, s->reserve, s->reversible, 1u << 20, act, 256,
                                &steps);
    if (k < -1) return -1;
    e->name = s->name;
    e->steps = k < 0 ? -1 : steps;
    e->nactions = k < 0 ? 0 : k;
    size_t at = 0;
    buf[0] = 0;
    for (int j = 0; j < k && at + 16 < n; j++)
        at +=
            (size_t)snprintf(buf + at, n - at, "%s%c%d,%d", j ? " " : "", act[j].drop ? '+' : '-', act[j].r, act[j].c);
    e->actions = buf;
    return 0;
}
