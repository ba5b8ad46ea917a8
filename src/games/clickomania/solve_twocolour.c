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
 * into the new median. Each click is O(1) on a doubly linked list, and the
 * position of the clicked group is kept in O(1) from running block counts
 * (blocks left of the median, between the median and each nonsingleton).
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

static int longest_checkerboard(const int *size, int lo, int cnt) {
    int best = 0, cur = 0;
    for (int i = lo; i < lo + cnt; i++) {
        cur = size[i] == 1 ? cur + 1 : 0;
        if (cur > best) best = cur;
    }
    return best;
}

/* For even m: the smallest odd k with both parts solvable, or -1. ok_suffix
 * needs m+1 bytes of scratch. */
static int even_split(const int *size, int m, uint8_t *ok_suffix) {
    int longest = 0, cur = 0;
    for (int s = 1; s <= m; s++) { /* suffix of s groups: [m-s, m) */
        int i = m - s;
        cur = size[i] == 1 ? cur + 1 : 0;
        if (cur > longest) longest = cur;
        ok_suffix[s] = (s & 1) ? odd_ok(size, i, s, longest) : 0;
    }
    longest = cur = 0;
    for (int k = 1; k < m; k++) { /* prefix of k groups */
        cur = size[k - 1] == 1 ? cur + 1 : 0;
        if (cur > longest) longest = cur;
        if ((k & 1) && odd_ok(size, 0, k, longest) && ok_suffix[m - k]) return k;
    }
    return -1;
}

bool click_line_two_colours_solvable(const click_word *w) {
    int m = w->ngroups;
    if (m == 0) return true;
    if (m & 1) return odd_ok(w->size, 0, m, longest_checkerboard(w->size, 0, m));
    uint8_t stack_buf[256];
    uint8_t *buf = m < 255 ? stack_buf : pl_xmalloc((size_t)m + 1);
    bool ok = even_split(w->size, m, buf) >= 0;
    if (buf != stack_buf) free(buf);
    return ok;
}

typedef struct lists {
    int *prev, *next;
    long long *size;
} lists;

/* Clears groups [lo, lo+cnt) (cnt odd, solvable), standing at position base
 * with nothing to its left, appending click positions. Returns -1 if stuck. */
static int clear_odd(lists *g, int lo, int cnt, long long base, long long *pos, int *np) {
    int hi = lo + cnt - 1;
    for (int i = lo; i <= hi; i++) {
        g->prev[i] = i > lo ? i - 1 : -1;
        g->next[i] = i < hi ? i + 1 : -1;
    }
    int med = lo + (cnt - 1) / 2;
    long long BL = 0;
    for (int i = lo; i < med; i++) BL += g->size[i];
    int A = -1, B = -1;
    long long AM = 0, BM = 0; /* blocks in [A, med) and [med, B) */
    for (int i = med - 1; i >= lo; i--)
        if (g->size[i] >= 2) {
            A = i;
            break;
        }
    for (int i = A; A >= 0 && i < med; i++) AM += g->size[i];
    for (int i = med + 1; i <= hi; i++)
        if (g->size[i] >= 2) {
            B = i;
            break;
        }
    for (int i = med; B >= 0 && i < B; i++) BM += g->size[i];

    for (;;) {
        if (g->size[med] >= 2) { /* Lemma 9: click the median until empty */
            pos[(*np)++] = base + BL;
            int P = g->prev[med], N = g->next[med];
            if (P < 0 && N < 0) return 0;
            if (P < 0 || N < 0) return -1; /* even count: cannot happen */
            BL -= g->size[P];
            g->size[P] += g->size[N];
            g->next[P] = g->next[N];
            if (g->next[N] >= 0) g->prev[g->next[N]] = P;
            med = P;
            continue;
        }
        if (B >= 0 && g->next[B] >= 0) { /* nonsingleton right of the median */
            pos[(*np)++] = base + BL + BM;
            int X = g->prev[B], Y = g->next[B], P = g->prev[med];
            if (P < 0) return -1;
            long long sx = g->size[X];
            g->size[X] += g->size[Y];
            g->next[X] = g->next[Y];
            if (g->next[Y] >= 0) g->prev[g->next[Y]] = X;
            BM = g->size[P] + BM - sx;
            BL -= g->size[P];
            if (A >= 0) AM -= g->size[P];
            med = P;
            B = X;
            continue;
        }
        if (A >= 0 && g->prev[A] >= 0) { /* nonsingleton left of the median */
            pos[(*np)++] = base + BL - AM;
            int X = g->prev[A], Y = g->next[A], N = g->next[med];
            if (N < 0) return -1;
            long long sx = g->size[X], sa = g->size[A], smed = g->size[med];
            g->size[X] += g->size[Y];
            g->next[X] = g->next[Y];
            if (g->next[Y] >= 0) g->prev[g->next[Y]] = X;
            BL = BL - sa + smed;
            AM = sx + AM - sa + smed;
            if (B >= 0) BM -= smed;
            med = N;
            A = X;
            continue;
        }
        return -1;
    }
}

int click_line_two_colours(const click_word *w, click_line_result *r) {
    memset(r, 0, sizeof *r);
    int m = w->ngroups;
    if (m == 0) {
        r->status = PL_SOLVED;
        return 0;
    }
    int split = -1;
    if (m & 1) {
        if (!odd_ok(w->size, 0, m, longest_checkerboard(w->size, 0, m))) {
            r->status = PL_UNSOLVABLE;
            return 0;
        }
    } else {
        uint8_t *buf = pl_xmalloc((size_t)m + 1);
        split = even_split(w->size, m, buf);
        free(buf);
        if (split < 0) {
            r->status = PL_UNSOLVABLE;
            return 0;
        }
    }
    lists g;
    g.prev = pl_xmalloc((size_t)m * sizeof *g.prev);
    g.next = pl_xmalloc((size_t)m * sizeof *g.next);
    g.size = pl_xmalloc((size_t)m * sizeof *g.size);
    for (int i = 0; i < m; i++) g.size[i] = w->size[i];
    r->pos = pl_xmalloc(((size_t)m / 2 + 2) * sizeof *r->pos);
    r->peak_memory = (size_t)m * (2 * sizeof(int) + sizeof(long long) + 1);
    int rc;
    if (split < 0) {
        rc = clear_odd(&g, 0, m, 0, r->pos, &r->nclicks);
    } else {
        rc = clear_odd(&g, 0, split, 0, r->pos, &r->nclicks);
        if (rc == 0) rc = clear_odd(&g, split, m - split, 0, r->pos, &r->nclicks);
    }
    free(g.prev);
    free(g.next);
    free(g.size);
    r->status = PL_SOLVED;
    r->removed = w->blocks;
    return rc;
}
