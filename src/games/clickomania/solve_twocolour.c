/* Clickomania, one column or one row, two colours: decision and certificate
 * in linear time (Theorems 10 and 12, Corollaries 11 and 13 of the paper).
 *
 * Groups g_1..g_m alternate colours; a singleton is a group of one block, a
 * checkerboard a maximal run of consecutive singletons. Lemma 8 (bounds
 * reconstructed from its proof, see docs/algorithms.md): a checkerboard of
 * length L at an end needs m >= 2L+1, strictly inside m >= 2L+2.
 *
 * Odd m (Theorem 10): solvable iff the longest checkerboard has length at most
 * (m-3)/2, or exactly (m-1)/2 and lies at an end. The latter holds exactly
 * when the median group is a nonsingleton, which is tested in O(1).
 * Construction (Lemma 9 and the proof of Theorem 10): while the median is a
 * singleton, click the nearest nonsingleton on one side of it that is not at
 * an end; this removes two groups, keeps the nearest nonsingletons nearest,
 * and moves the median one group towards the other side. Once the median is
 * a nonsingleton, click it until the board is empty: its neighbours merge
 * into the new median. Each click is O(1) on two stacks kept in place in
 * the group sizes (clear_odd), and the position of the clicked group is kept
 * in O(1) from running block counts (blocks left of the median, between the
 * median and each nonsingleton).
 *
 * Even m (Theorem 12): solvable iff for some odd k both g_1..g_k and
 * g_{k+1}..g_m are solvable. A forward scan decides every odd prefix and a
 * backward scan every odd suffix, each in amortised O(1) from the running
 * longest checkerboard (Corollary 13). The certificate clears the prefix
 * (its last click removes its two ends, merged, next to g_{k+1} of the other
 * colour, so it never touches the suffix), then the suffix.
 *
 * Total: O(m) time and memory for m groups (plus the output). */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

/* Theorem 10 on groups [lo, lo+cnt) (cnt odd), given the longest checkerboard. */
static bool odd_ok(const int *size, int lo, int cnt, int longest) {
    int half = (cnt - 1) / 2;
    if (longest <= half - 1) return true;
    if (longest >= half + 1) return false;
    return size[lo + half] >= 2;
}

/* The running checkerboard's length after group i, without a branch: a
 * singleton or not is a coin toss on random lines (issue 21, item 5). */
static inline int checker_step(int cur, int size) { return (cur + 1) * (size == 1); }
static inline int max_int(int a, int b) { return a > b ? a : b; }

static int longest_checkerboard(const int *size, int lo, int cnt) {
    int best = 0, cur = 0;
    for (int i = lo; i < lo + cnt; i++) {
        cur = checker_step(cur, size[i]);
        best = max_int(best, cur);
    }
    return best;
}

/* For even m: the smallest odd k with both parts solvable, or -1. Which odd
 * suffixes are solvable is one bit each (m/16 bytes: no page faults to speak
 * of on the largest rows). */
static int even_split(const int *size, int m) {
    uint64_t stack_bits[32];
    size_t words = (size_t)m / 128 + 1;
    uint64_t *ok_suffix = words <= 32 ? stack_bits : pl_xmalloc(words * sizeof *ok_suffix);
    memset(ok_suffix, 0, words * sizeof *ok_suffix);
    int longest = 0, cur = 0;
    for (int s = 1; s <= m; s += 2) { /* suffixes of s and s + 1 groups: [m-s, m), [m-s-1, m) */
        int i = m - s;
        cur = checker_step(cur, size[i]);
        longest = max_int(longest, cur);
        ok_suffix[s >> 7] |= (uint64_t)odd_ok(size, i, s, longest) << ((s >> 1) & 63);
        if (i > 0) {
            cur = checker_step(cur, size[i - 1]);
            longest = max_int(longest, cur);
        }
    }
    longest = cur = 0;
    int split = -1;
    for (int k = 1; k < m; k++) { /* prefix of k groups */
        cur = checker_step(cur, size[k - 1]);
        longest = max_int(longest, cur);
        int s = m - k;
        if ((k & 1) && odd_ok(size, 0, k, longest) && ((ok_suffix[s >> 7] >> ((s >> 1) & 63)) & 1)) {
            split = k;
            break;
        }
    }
    if (ok_suffix != stack_bits) free(ok_suffix);
    return split;
}

bool click_line_two_colours_solvable(const click_word *w) {
    int m = w->ngroups;
    if (m == 0) return true;
    if (m & 1) return odd_ok(w->size, 0, m, longest_checkerboard(w->size, 0, m));
    return even_split(w->size, m) >= 0;
}

/* Clears groups [lo, lo+cnt) of sz (cnt odd, solvable), standing at position
 * base with nothing to its left, appending click positions. Returns -1 if
 * stuck.
 *
 * The groups are kept in place, in sz itself, as two stacks around the
 * median med (no linked list: O(1) memory besides sz). Every click happens
 * at the median or at the nonsingleton nearest to it on one side (A on the
 * left, B on the right), and everything between the median and A (or B) is
 * a singleton. So each side is a count of singletons next to the median
 * (sl, sr; their sizes are 1) followed by an array part: sz[lo..a] on the
 * left, read from a down (sz[a] is A), and sz[b..hi] on the right, read
 * from b up (sz[b] is B). A click on B removes B and merges its neighbours
 * X (the last singleton, or the median when sr is 0) and Y = sz[b+1] into
 * the new B, stored over Y; the median moves one group left, and the old
 * median takes X's place among the singletons, so sr is unchanged (and A's
 * click is the mirror image). Clicking the median merges the two groups
 * next to it, each taken from the top of its side. Two colours alternate,
 * so the colours need no storage: a group's position is all a click needs.
 * The positions (BL, AM, BM) are those of Lemma 9's proof. */
/* A click's position into o (flushed when full). */
#define EMIT(x)                                                                                                        \
    do {                                                                                                               \
        if (o->n == o->cap) {                                                                                          \
            int f_ = o->flush ? o->flush(o) : -1;                                                                      \
            if (f_) return f_;                                                                                         \
        }                                                                                                              \
        o->pos[o->n++] = (x);                                                                                          \
    } while (0)

static int clear_odd(int *sz, int lo, int cnt, long long base, click_pos_out *o) {
    int hi = lo + cnt - 1, med = lo + (cnt - 1) / 2;
    long long BL = 0, AM = 0, BM = 0; /* blocks left of med, in [A, med), in [med, B) */
    for (int i = lo; i < med; i++) BL += sz[i];
    int a = med - 1, b = med + 1;
    while (a >= lo && sz[a] < 2) a--;
    while (b <= hi && sz[b] < 2) b++;
    long long sl = med - 1 - a, sr = b - med - 1; /* singletons next to the median */
    long long m = sz[med];
    if (a >= lo) AM = (long long)sz[a] + sl;
    if (b <= hi) BM = m + sr;
    for (;;) {
        if (m >= 2) { /* Lemma 9: click the median until empty */
            EMIT(base + BL);
            bool lp = sl > 0 || a >= lo, rp = sr > 0 || b <= hi;
            if (!lp && !rp) return 0;
            if (!lp || !rp) return -1; /* even count: cannot happen */
            long long P = sl > 0 ? (sl--, 1) : sz[a--];
            long long N = sr > 0 ? (sr--, 1) : sz[b++];
            BL -= P;
            m = P + N;
            continue;
        }
        if (b < hi) { /* nonsingleton right of the median, with a group after it */
            EMIT(base + BL + BM);
            if (sl == 0 && a < lo) return -1; /* no group left of the median */
            long long sx = sr > 0 ? 1 : m;
            long long Pz = sl > 0 ? 1 : sz[a];
            sz[b + 1] += (int)sx; /* X absorbs Y, over Y's slot: the new B */
            b++;
            BM = Pz + BM - sx;
            BL -= Pz;
            if (a >= lo) AM -= Pz;
            if (sl > 0) { /* the new median is a singleton; the old one joins the right run */
                sl--;
            } else { /* the new median is A */
                a--;
            }
            /* sr: X left the run (or was the median), the old median joined it (or was absorbed) */
            m = Pz;
            continue;
        }
        if (a > lo) { /* nonsingleton left of the median, with a group before it */
            EMIT(base + BL - AM);
            if (sr == 0 && b > hi) return -1; /* no group right of the median */
            long long sx = sz[a - 1], sa = sz[a], smed = m;
            long long sy = sl > 0 ? 1 : m;
            long long Nz = sr > 0 ? 1 : sz[b];
            sz[a - 1] += (int)sy; /* X absorbs Y: the new A */
            a--;
            BL = BL - sa + smed;
            AM = sx + AM - sa + smed;
            if (b <= hi) BM -= smed;
            if (sr > 0)
                sr--;
            else
                b++;
            m = Nz;
            continue;
        }
        return -1;
    }
}

#undef EMIT

pl_status click_two_colours_plan(const int *size, int m, int *split, long long *nclicks) {
    *split = -1;
    *nclicks = 0;
    if (m == 0) return PL_SOLVED;
    if (m & 1) {
        if (!odd_ok(size, 0, m, longest_checkerboard(size, 0, m))) return PL_UNSOLVABLE;
        *nclicks = (m + 1) / 2; /* every click but the last removes two groups */
        return PL_SOLVED;
    }
    *split = even_split(size, m);
    if (*split < 0) return PL_UNSOLVABLE;
    *nclicks = (long long)(*split + 1) / 2 + (m - *split + 1) / 2;
    return PL_SOLVED;
}

int click_two_colours_emit(int *sz, int m, int split, click_pos_out *o) {
    if (m == 0) return 0;
    if (split < 0) return clear_odd(sz, 0, m, 0, o);
    int rc = clear_odd(sz, 0, split, 0, o);
    return rc ? rc : clear_odd(sz, split, m - split, 0, o);
}

/* The certificate, with the group sizes sz (m of them) as clear_odd's scratch:
 * the word's own (click_line_two_colours_inplace) or a copy. */
static int two_colours(const click_word *w, int *sz, bool own, click_line_result *r) {
    memset(r, 0, sizeof *r);
    int m = w->ngroups, split;
    long long nclicks;
    r->status = click_two_colours_plan(w->size, m, &split, &nclicks);
    if (r->status != PL_SOLVED || m == 0) return 0;
    if (!sz) {
        sz = pl_xmalloc((size_t)m * sizeof *sz);
        memcpy(sz, w->size, (size_t)m * sizeof *sz);
    }
    r->pos = pl_xmalloc(((size_t)nclicks + 1) * sizeof *r->pos);
    r->peak_memory = (size_t)m * (own ? 0 : sizeof *sz) + (size_t)m / 16 + ((size_t)nclicks + 1) * sizeof *r->pos;
    click_pos_out o = {r->pos, 0, (int)nclicks, NULL, NULL};
    int rc = click_two_colours_emit(sz, m, split, &o);
    r->nclicks = o.n;
    if (rc == 0 && o.n != nclicks) rc = -1;
    if (!own) free(sz);
    r->removed = w->blocks;
    return rc;
}

int click_line_two_colours(const click_word *w, click_line_result *r) { return two_colours(w, NULL, false, r); }

int click_line_two_colours_inplace(click_word *w, click_line_result *r) { return two_colours(w, w->size, true, r); }
