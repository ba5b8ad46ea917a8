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
 * Cost: the window has at most 64 cells; the search visits the subsets with
 * at most |start| + reserve coins reachable from the start, which for the
 * windows used (at most 5 x 5) is a few hundred thousand states at worst. It
 * runs in the generator (tools/) and in the test that regenerates the table,
 * never inside the solvers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "square.h"

typedef struct {
    uint64_t *key;
    int32_t *parent;
    int32_t *act;
    uint32_t *slot_of; /* order index -> slot */
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
    s->slot_of[s->n++] = i;
    *fresh = true;
    return 0;
}

static int occupied_neighbours(uint64_t m, int h, int w, int cell) {
    int r = cell / w, c = cell % w, k = 0;
    if (r > 0) k += (int)((m >> (cell - w)) & 1);
    if (r + 1 < h) k += (int)((m >> (cell + w)) & 1);
    if (c > 0) k += (int)((m >> (cell - 1)) & 1);
    if (c + 1 < w) k += (int)((m >> (cell + 1)) & 1);
    return k;
}

int coins_sq_window_bfs(int h, int w, uint64_t start, uint64_t goal, int reserve, bool reversible, uint64_t max_states,
                        coins_sq_action *out, int max_out, int *steps_out) {
    int cells = h * w;
    if (cells > 63 || h <= 0 || w <= 0) return -2;
    int total = __builtin_popcountll(start) + reserve;
    if (__builtin_popcountll(goal) > total) return -1;
    if (start == goal) return 0;
    bfs_set s;
    s.cap = 1u << 10;
    while (s.cap < 4 * max_states && s.cap < (1u << 30)) s.cap <<= 1;
    s.key = malloc((size_t)s.cap * sizeof *s.key);
    s.parent = malloc((size_t)s.cap * sizeof *s.parent);
    s.act = malloc((size_t)s.cap * sizeof *s.act);
    s.slot_of = malloc((size_t)s.cap / 2 * sizeof *s.slot_of);
    if (!s.key || !s.parent || !s.act || !s.slot_of) {
        free(s.key), free(s.parent), free(s.act), free(s.slot_of);
        return -2;
    }
    memset(s.key, 0xff, (size_t)s.cap * sizeof *s.key);
    s.n = 0;
    bool fresh;
    set_put(&s, start, INT32_MIN, 0, &fresh);
    int result = -1;
    uint32_t found = UINT32_MAX;
    for (uint32_t head = 0; head < s.n && found == UINT32_MAX; head++) {
        uint32_t slot = s.slot_of[head];
        uint64_t m = s.key[slot];
        int coins = __builtin_popcountll(m);
        /* one action: a drop, a reversible take, or a reversible move (a
         * take then a drop, counted once as in the thesis's figures) */
        for (int cell = 0; cell < cells && found == UINT32_MAX; cell++) {
            bool has = (m >> cell) & 1;
            if ((!has || reversible) && occupied_neighbours(m, h, w, cell) < 2) continue;
            if (!has && coins >= total) continue;
            uint64_t nm = m ^ (1ULL << cell);
            int32_t act = has ? -(cell + 1) : cell + 1;
            if (set_put(&s, nm, (int32_t)head, act, &fresh) < 0) {
                result = -3;
                found = UINT32_MAX - 1;
                break;
            }
            if (fresh && nm == goal) found = s.n - 1;
            if (!has) continue;
            uint64_t mt = nm; /* taken: now move it to every legal free cell */
            for (int q = 0; q < cells && found == UINT32_MAX; q++) {
                if (q == cell || ((mt >> q) & 1) || occupied_neighbours(mt, h, w, q) < 2) continue;
                uint64_t mm = mt | (1ULL << q);
                if (set_put(&s, mm, (int32_t)head, (int32_t)(0x10000 + (cell + 1) * 128 + q + 1), &fresh) < 0) {
                    result = -3;
                    found = UINT32_MAX - 1;
                    break;
                }
                if (fresh && mm == goal) found = s.n - 1;
            }
        }
    }
    if (found < UINT32_MAX - 1) {
        int len = 0, steps = 0;
        for (uint32_t i = found; s.parent[s.slot_of[i]] != INT32_MIN; i = (uint32_t)s.parent[s.slot_of[i]])
            len += s.act[s.slot_of[i]] >= 0x10000 ? 2 : 1, steps++;
        if (len > max_out) {
            result = -2;
        } else {
            int k = len;
            for (uint32_t i = found; s.parent[s.slot_of[i]] != INT32_MIN; i = (uint32_t)s.parent[s.slot_of[i]]) {
                int32_t a = s.act[s.slot_of[i]];
                if (a >= 0x10000) {
                    int from = (a - 0x10000) / 128 - 1, to = (a - 0x10000) % 128 - 1;
                    out[--k] = (coins_sq_action){.r = to / w, .c = to % w, .drop = true};
                    out[--k] = (coins_sq_action){.r = from / w, .c = from % w, .drop = false};
                } else {
                    int cell = (a > 0 ? a : -a) - 1;
                    out[--k] = (coins_sq_action){.r = cell / w, .c = cell % w, .drop = a > 0};
                }
            }
            result = len;
            if (steps_out) *steps_out = steps;
        }
    }
    free(s.key), free(s.parent), free(s.act), free(s.slot_of);
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
