/* The pushing game of Section 3.3.3 on small rectangles (Galliot 2019):
 * Conjecture 3.39 and the claim of Section 3.4, as experiments with exact
 * search as the judge, and the pushes of Section 3.4 as a routine.
 *
 * A push moves a coin one step onto a free position next to another coin;
 * here every push keeps the span, a single m x n rectangle R (the thesis
 * studies one rectangle at a time, Proposition 3.2 keeping them apart). The
 * window is R itself, cell (r, c) is bit r * w + c, so m n <= 64.
 *
 *  - Conjecture 3.39: for minimum configurations M, M' with span R and an
 *    adjacent pair, M ->P M' iff F~(M) = F~(M'), R~(M) = R~(M') and the coins
 *    outside the union of R~ agree. Every minimum configuration with a pair
 *    is enumerated (subsets of R of size ceil((m+n)/2), Gosper's order, with
 *    the hull and pair tests before the span), the pushes join them in a
 *    union-find (every push between them is checked to be reversible, so the
 *    classes are exactly the reachability classes of every pair), and the
 *    partition by the conjecture's three conditions is compared with it: a
 *    class of pushes holding two keys breaks the "only if", a key shared by
 *    two classes breaks the "if". O(C(mn, k)) span tests, O(N k) pushes.
 *  - F~ and R~ by the algorithm of Section 3.3.3 (the text leaves choices
 *    open and says their independence is unchecked): each run draws its
 *    choices (the walk of P0 at a fork, the coin c0, the walk from c0) from a
 *    seed; the experiment computes the key under several seeds and counts
 *    the configurations where they differ. Reading choices made here: a path
 *    "coming out of R(U)" is disjoint from the hull R(U) and starts within
 *    distance 2 of the union U (Definition 3.27 with the text's "2-neighbour
 *    of U"); a coin serves as c0 once (the loop then ends; the text does not
 *    say it must).
 *  - Section 3.4: every minimal, non-minimum configuration with hull R whose
 *    coins form a 2-path (a Hamiltonian path of the 2-neighbour graph) is
 *    searched breadth-first in the pushing game until a configuration with a
 *    removable coin (a second extra coin) appears: the claim holds for it, or
 *    not. The routine coins_sq_2path_extra follows the thesis's steps: ends
 *    at opposite corners (step 1, Figure 75 lost: up to two pushes, found by
 *    trying them all); a direct 2-path with two unit jumps (step 2, Figure 76
 *    lost: one pair is pushed along the path until it meets the other, where
 *    the middle coin has two neighbours); an indirect one (step 3, in words:
 *    c_i pushed right, c_j left, then step 2), in each of the 8 orientations.
 *    Every push is replayed with its span before it is returned. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

/* ---------- masks on the window ---------- */
typedef struct win {
    int h, w;
    uint64_t all, first_col, last_col;
} win;

static void win_init(win *W, int h, int w) {
    W->h = h, W->w = w;
    W->all = h * w == 64 ? ~0ULL : (1ULL << (h * w)) - 1;
    W->first_col = W->last_col = 0;
    for (int r = 0; r < h; r++) W->first_col |= 1ULL << (r * w), W->last_col |= 1ULL << (r * w + w - 1);
}

/* Cells with at least two coins of s adjacent (inside the window: the span
 * of coins in R never leaves R). */
static uint64_t two_adjacent(const win *W, uint64_t s) {
    uint64_t a = (s << W->w) & W->all, b = s >> W->w, c = (s << 1) & ~W->first_col & W->all,
             d = (s >> 1) & ~W->last_col;
    return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
}
static uint64_t one_adjacent(const win *W, uint64_t s) {
    return ((s << W->w) & W->all) | (s >> W->w) | ((s << 1) & ~W->first_col & W->all) | ((s >> 1) & ~W->last_col);
}

static uint64_t win_span(const win *W, uint64_t s) {
    for (;;) {
        uint64_t t = two_adjacent(W, s) & ~s;
        if (!t) return s;
        s |= t;
    }
}

static bool has_pair(const win *W, uint64_t s) {
    return (s & (s >> W->w)) || (s & (s >> 1) & ~W->last_col);
}

static bool full_hull(const win *W, uint64_t s) {
    uint64_t top = (W->w == 64 ? ~0ULL : (1ULL << W->w) - 1), bottom = top << ((W->h - 1) * W->w);
    return (s & top) && (s & bottom) && (s & W->first_col) && (s & W->last_col);
}

/* The pushes of s keeping the span R: out gets the configurations. */
static int pushes(const win *W, uint64_t s, uint64_t *out) {
    int k = 0;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (uint64_t rest = s; rest; rest &= rest - 1) {
        int x = __builtin_ctzll(rest), r = x / W->w, c = x % W->w;
        uint64_t others = s & ~(1ULL << x), near = one_adjacent(W, others);
        for (int d = 0; d < 4; d++) {
            int r2 = r + dr[d], c2 = c + dc[d];
            if (r2 < 0 || r2 >= W->h || c2 < 0 || c2 >= W->w) continue;
            int y = r2 * W->w + c2;
            if (s >> y & 1 || !(near >> y & 1)) continue;
            uint64_t t = others | 1ULL << y;
            if (win_span(W, t) == W->all) out[k++] = t;
        }
    }
    return k;
}

/* Some coin can go keeping the span. */
static bool removable(const win *W, uint64_t s) {
    if (two_adjacent(W, s) & s) return true; /* a coin with two coins adjacent comes back at once */
    for (uint64_t rest = s; rest; rest &= rest - 1)
        if (win_span(W, s & ~(rest & -rest)) == W->all) return true;
    return false;
}

static int mask_points(const win *W, uint64_t s, coins_pt *p) {
    int n = 0;
    for (; s; s &= s - 1) {
        int x = __builtin_ctzll(s);
        p[n++] = (coins_pt){x / W->w, x % W->w};
    }
    return n;
}

/* ---------- a hash map uint64 -> int ---------- */
typedef struct u64map {
    uint64_t *k;
    int *v;
    size_t cap, n;
} u64map;

static size_t h64(uint64_t x) {
    x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33, x *= 0xc4ceb9fe1a85ec53ULL, x ^= x >> 33;
    return (size_t)x;
}
static void um_put(u64map *m, uint64_t k, int v);
static void um_grow(u64map *m) {
    u64map g = {0};
    g.cap = m->cap ? 2 * m->cap : 1024;
    g.k = pl_xmalloc(g.cap * sizeof *g.k);
    g.v = pl_xmalloc(g.cap * sizeof *g.v);
    for (size_t i = 0; i < g.cap; i++) g.v[i] = -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->v[i] >= 0) um_put(&g, m->k[i], m->v[i]);
    free(m->k), free(m->v);
    *m = g;
}
static void um_put(u64map *m, uint64_t k, int v) {
    if (2 * (m->n + 1) > m->cap) um_grow(m);
    size_t i = h64(k) & (m->cap - 1);
    while (m->v[i] >= 0 && m->k[i] != k) i = (i + 1) & (m->cap - 1);
    if (m->v[i] < 0) m->n++;
    m->k[i] = k, m->v[i] = v;
}
static int um_get(const u64map *m, uint64_t k) {
    if (!m->cap) return -1;
    for (size_t i = h64(k) & (m->cap - 1); m->v[i] >= 0; i = (i + 1) & (m->cap - 1))
        if (m->k[i] == k) return m->v[i];
    return -1;
}
static void um_free(u64map *m) {
    free(m->k), free(m->v);
}

/* ---------- F~ and R~ (Section 3.3.3, before Conjecture 3.39) ---------- */
static uint64_t rng_next(uint64_t *s) {
    *s += 0x9E3779B97F4A7C15ULL;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
/* choice among k: the first when seed is 0 */
static int pick(uint64_t *seed, int k) {
    return *seed ? (int)(rng_next(seed) % (uint64_t)k) : 0;
}

static int pdist(coins_pt a, coins_pt b) {
    return abs(a.r - b.r) + abs(a.c - b.c);
}
static bool in_rect(coins_rect R, coins_pt p) {
    return p.r >= R.r0 && p.r <= R.r1 && p.c >= R.c0 && p.c <= R.c1;
}
static int rect_pdist(coins_rect R, coins_pt p) {
    int dr = p.r < R.r0 ? R.r0 - p.r : p.r > R.r1 ? p.r - R.r1 : 0;
    int dc = p.c < R.c0 ? R.c0 - p.c : p.c > R.c1 ? p.c - R.c1 : 0;
    return dr + dc;
}
static coins_rect hull2(coins_pt a, coins_pt b) {
    return (coins_rect){a.r < b.r ? a.r : b.r, a.c < b.c ? a.c : b.c, a.r > b.r ? a.r : b.r, a.c > b.c ? a.c : b.c};
}
static coins_rect rect_union(coins_rect a, coins_rect b) {
    return (coins_rect){a.r0 < b.r0 ? a.r0 : b.r0, a.c0 < b.c0 ? a.c0 : b.c0, a.r1 > b.r1 ? a.r1 : b.r1,
                        a.c1 > b.c1 ? a.c1 : b.c1};
}

/* A maximal 2-path walk from start (visited marks used coins); excl: coins
 * inside it are not entered (NULL: none). Returns the last coin; the hull of
 * the walk is added to *hull. */
static int walk2(const coins_pt *M, int n, int start, const coins_rect *excl, uint8_t *visited, uint64_t *seed,
                 coins_rect *hull) {
    int cur = start, *cand = pl_xmalloc((size_t)n * sizeof *cand);
    visited[cur] = 1;
    *hull = rect_union(*hull, hull2(M[cur], M[cur]));
    for (;;) {
        int k = 0;
        for (int j = 0; j < n; j++) {
            int d = pdist(M[cur], M[j]);
            if (!visited[j] && d >= 1 && d <= 2 && !(excl && in_rect(*excl, M[j]))) cand[k++] = j;
        }
        if (!k) break;
        cur = cand[pick(seed, k)];
        visited[cur] = 1;
        *hull = rect_union(*hull, hull2(M[cur], M[cur]));
    }
    free(cand);
    return cur;
}

int coins_sq_ftilde(const coins_pt *M, int n, uint64_t seed, coins_pt *F, int *nf, coins_sq_leafrect *R, int *nr) {
    *nf = *nr = 0;
    int u = -1, v = -1;
    for (int i = 0; i < n && u < 0; i++)
        for (int j = i + 1; j < n && u < 0; j++)
            if (pdist(M[i], M[j]) == 1) u = i, v = j;
    if (u < 0) return -1;
    uint8_t *visited = pl_xcalloc((size_t)n, 1), *used = pl_xcalloc((size_t)n, 1);
    int *cand = pl_xmalloc((size_t)n * sizeof *cand);
    visited[u] = visited[v] = 1;
    coins_rect hull = hull2(M[u], M[v]);
    int l0 = walk2(M, n, u, NULL, visited, &seed, &hull), l1 = walk2(M, n, v, NULL, visited, &seed, &hull);
    F[(*nf)++] = M[l0];
    F[(*nf)++] = M[l1];
    R[(*nr)++] = (coins_sq_leafrect){M[l0], M[l1], hull};
    coins_rect RU = hull;
    for (;;) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (used[i] || in_rect(RU, M[i])) continue;
            bool near = false;
            for (int j = 0; j < *nr && !near; j++) near = rect_pdist(R[j].R, M[i]) <= 2;
            if (near) cand[k++] = i;
        }
        if (!k) break;
        int c0 = cand[pick(&seed, k)];
        used[c0] = 1;
        memset(visited, 0, (size_t)n);
        coins_rect ph = hull2(M[c0], M[c0]);
        int cf = walk2(M, n, c0, &RU, visited, &seed, &ph);
        bool known = false;
        for (int j = 0; j < *nf; j++) known = known || (F[j].r == M[cf].r && F[j].c == M[cf].c);
        if (!known) F[(*nf)++] = M[cf];
        int before = *nr;
        for (int j = 0; j < before; j++) {
            if (rect_pdist(R[j].R, M[c0]) > 2) continue;
            coins_pt l = pdist(R[j].l, M[c0]) % 2 ? R[j].l : R[j].l2;
            coins_rect nrect = hull2(l, M[cf]);
            bool dup = false;
            for (int t = 0; t < *nr && !dup; t++)
                dup = memcmp(&R[t].R, &nrect, sizeof nrect) == 0 &&
                      ((R[t].l.r == l.r && R[t].l.c == l.c) || (R[t].l2.r == l.r && R[t].l2.c == l.c));
            if (!dup) R[(*nr)++] = (coins_sq_leafrect){l, M[cf], nrect};
        }
        for (int j = before; j < *nr; j++) RU = rect_union(RU, R[j].R);
    }
    free(visited), free(used), free(cand);
    return 0;
}

/* The conjecture's key: F~, R~ (as sets of rectangles) and the coins outside
 * their union, serialised in a canonical order. */
typedef struct key {
    uint64_t fmask, outside;
    int nr;
    uint32_t rects[64];
} key;

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void make_key(const win *W, uint64_t s, uint64_t seed, key *k, coins_pt *buf, coins_pt *F,
                     coins_sq_leafrect *R) {
    int n = mask_points(W, s, buf), nf, nr;
    memset(k, 0, sizeof *k);
    coins_sq_ftilde(buf, n, seed, F, &nf, R, &nr);
    for (int i = 0; i < nf; i++) k->fmask |= 1ULL << (F[i].r * W->w + F[i].c);
    int kr = 0;
    for (int i = 0; i < nr && kr < 64; i++) {
        uint32_t code = (uint32_t)(R[i].R.r0 << 24 | R[i].R.c0 << 16 | R[i].R.r1 << 8 | R[i].R.c1);
        bool dup = false;
        for (int j = 0; j < kr && !dup; j++) dup = k->rects[j] == code;
        if (!dup) k->rects[kr++] = code;
    }
    qsort(k->rects, (size_t)kr, sizeof k->rects[0], cmp_u32);
    k->nr = kr;
    for (int i = 0; i < n; i++) {
        bool inside = false;
        for (int j = 0; j < nr && !inside; j++) inside = in_rect(R[j].R, buf[i]);
        if (!inside) k->outside |= 1ULL << (buf[i].r * W->w + buf[i].c);
    }
}

static bool key_eq(const key *a, const key *b) {
    return a->fmask == b->fmask && a->outside == b->outside && a->nr == b->nr &&
           memcmp(a->rects, b->rects, (size_t)a->nr * sizeof a->rects[0]) == 0;
}
static uint64_t key_hash(const key *k) {
    uint64_t x = k->fmask * 0x9E3779B97F4A7C15ULL ^ k->outside * 0xC2B2AE3D27D4EB4FULL ^ (uint64_t)k->nr;
    for (int i = 0; i < k->nr; i++) x = (x ^ k->rects[i]) * 0x100000001B3ULL;
    return x;
}

static int uf_find(int *p, int x) {
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
}

static uint64_t binom_capped(int n, int k, uint64_t cap) {
    if (cap > 1000000000000000ULL) cap = 1000000000000000ULL; /* keeps b * 64 below 2^64 */
    if (k < 0 || k > n) return 0;
    if (k > n - k) k = n - k;
    uint64_t b = 1; /* stays below cap * 64 before the test */
    for (int i = 1; i <= k; i++) {
        b = b * (uint64_t)(n - k + i) / (uint64_t)i;
        if (b > cap) return cap + 1;
    }
    return (uint64_t)b;
}

/* Next subset of the same size (Gosper's hack), 0 after the last. */
static uint64_t next_comb(uint64_t x, int cells) {
    uint64_t u = x & -x, v = x + u;
    if (v == 0) return 0;
    uint64_t y = v + (((v ^ x) / u) >> 2);
    if (cells < 64 && y >> cells) return 0;
    return y;
}

/* Every subset of the window of size k with a full hull, visited in order;
 * returns false when the budget says no. */
typedef bool (*subset_fn)(const win *W, uint64_t s, void *ctx);
static int each_subset(const win *W, int k, pl_limits *lim, subset_fn fn, void *ctx) {
    int cells = W->h * W->w;
    uint64_t x = k == 64 ? ~0ULL : (1ULL << k) - 1;
    for (; x; x = next_comb(x, cells)) {
        if (lim && !pl_limits_poll(lim)) return -1;
        if (full_hull(W, x) && !fn(W, x, ctx)) return -1;
    }
    return 0;
}

/* ---------- Conjecture 3.39 ---------- */
typedef struct conj_ctx {
    uint64_t *cfg;
    size_t n, cap;
} conj_ctx;

static bool collect_minimum(const win *W, uint64_t s, void *p) {
    conj_ctx *c = p;
    if (!has_pair(W, s) || win_span(W, s) != W->all) return true;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->cfg = pl_xrealloc(c->cfg, c->cap * sizeof *c->cfg);
    }
    c->cfg[c->n++] = s;
    return true;
}

int coins_sq_conj339(int h, int w, uint64_t max_subsets, int seeds, pl_limits *lim, coins_conj339 *out) {
    memset(out, 0, sizeof *out);
    out->h = h, out->w = w;
    if (h < 1 || w < 1 || h * w > 64 || (h + w) % 2 == 0) return -2;
    int k = (h + w + 1) / 2;
    out->subsets = binom_capped(h * w, k, max_subsets);
    if (out->subsets > max_subsets) return -2;
    win W;
    win_init(&W, h, w);
    conj_ctx c = {0};
    if (each_subset(&W, k, lim, collect_minimum, &c)) {
        free(c.cfg);
        return -1;
    }
    int N = (int)c.n;
    out->configurations = c.n;
    u64map idx = {0};
    for (int i = 0; i < N; i++) um_put(&idx, c.cfg[i], i);
    int *parent = pl_xmalloc(((size_t)N + 1) * sizeof *parent);
    for (int i = 0; i < N; i++) parent[i] = i;
    uint64_t nb[256], back[256];
    int rc = 0;
    for (int i = 0; i < N; i++) {
        if (lim && !pl_limits_poll(lim)) {
            rc = -1;
            break;
        }
        int np = pushes(&W, c.cfg[i], nb);
        out->pushes += (uint64_t)np;
        for (int j = 0; j < np; j++) {
            int t = um_get(&idx, nb[j]);
            if (t < 0) { /* a push left the minimum configurations with a pair: impossible */
                out->escapes++;
                continue;
            }
            int nbk = pushes(&W, nb[j], back);
            bool rev = false;
            for (int x = 0; x < nbk && !rev; x++) rev = back[x] == c.cfg[i];
            out->irreversible += !rev;
            parent[uf_find(parent, i)] = uf_find(parent, t);
        }
    }
    if (rc == 0) {
        /* keys under every seed; the classes of each partition */
        key *keys = pl_xmalloc(((size_t)N + 1) * sizeof *keys), kk;
        coins_pt buf[64], F[64];
        coins_sq_leafrect *R = pl_xmalloc(64 * 64 * sizeof *R);
        for (int i = 0; i < N && rc == 0; i++) {
            if (lim && !pl_limits_poll(lim)) rc = -1;
            make_key(&W, c.cfg[i], 0, &keys[i], buf, F, R);
            bool differs = false;
            for (int s = 1; s < seeds; s++) {
                make_key(&W, c.cfg[i], (uint64_t)s * 7919 + 1, &kk, buf, F, R);
                differs = differs || !key_eq(&kk, &keys[i]);
            }
            if (differs) {
                if (!out->ill_defined) out->ill_defined_example = c.cfg[i];
                out->ill_defined++;
            }
        }
        if (rc == 0) {
            /* key -> first configuration with it; component -> first configuration */
            u64map bykey = {0};
            int *first_of_comp = pl_xmalloc(((size_t)N + 1) * sizeof *first_of_comp);
            for (int i = 0; i < N; i++) first_of_comp[i] = -1;
            for (int i = 0; i < N; i++) {
                int root = uf_find(parent, i);
                if (first_of_comp[root] < 0) {
                    first_of_comp[root] = i;
                    out->classes++;
                } else if (!key_eq(&keys[first_of_comp[root]], &keys[i])) {
                    if (!out->only_if_failures) {
                        out->only_if_a = c.cfg[first_of_comp[root]];
                        out->only_if_b = c.cfg[i];
                    }
                    out->only_if_failures++;
                }
                /* keys: chained through the hash of the key (collisions compared) */
                uint64_t hk = key_hash(&keys[i]);
                int j = um_get(&bykey, hk);
                while (j >= 0 && !key_eq(&keys[j], &keys[i])) { /* collision: probe the next hash */
                    hk = hk * 0x100000001B3ULL + 1;
                    j = um_get(&bykey, hk);
                }
                if (j < 0) {
                    um_put(&bykey, hk, i);
                    out->keys++;
                } else if (uf_find(parent, j) != root) {
                    if (!out->if_failures) {
                        out->if_a = c.cfg[j];
                        out->if_b = c.cfg[i];
                    }
                    out->if_failures++;
                }
            }
            free(first_of_comp);
            um_free(&bykey);
        }
        free(keys);
        free(R);
    }
    free(parent);
    um_free(&idx);
    free(c.cfg);
    return rc;
}

/* ---------- Section 3.4 ---------- */
/* Do the coins form a 2-path (a Hamiltonian path of the 2-neighbour graph)?
 * order gets one. Bitmask dynamic programming: n <= 16. */
static bool hamiltonian_2path(const coins_pt *p, int n, int *order) {
    if (n == 1) {
        order[0] = 0;
        return true;
    }
    if (n > 16) return false;
    uint16_t adj[16] = {0};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (i != j && pdist(p[i], p[j]) <= 2) adj[i] |= (uint16_t)(1u << j);
    size_t S = (size_t)1 << n;
    uint16_t *end = pl_xcalloc(S, sizeof *end); /* end[set]: coins that can end a path covering set */
    for (int i = 0; i < n; i++) end[1u << i] = (uint16_t)(1u << i);
    for (size_t s = 1; s < S; s++) {
        if (!end[s]) continue;
        for (int j = 0; j < n; j++)
            if (!(s >> j & 1) && (adj[j] & end[s])) end[s | (1u << j)] |= (uint16_t)(1u << j);
    }
    bool ok = end[S - 1] != 0;
    if (ok) { /* walk back */
        size_t s = S - 1;
        int cur = __builtin_ctz(end[s]);
        for (int at = n - 1; at >= 0; at--) {
            order[at] = cur;
            size_t s2 = s & ~((size_t)1 << cur);
            if (!s2) break;
            int next = -1;
            for (int j = 0; j < n && next < 0; j++)
                if ((end[s2] >> j & 1) && (adj[cur] >> j & 1)) next = j;
            s = s2, cur = next;
        }
    }
    free(end);
    return ok;
}

/* One push on a coin list, checked: the coin at from goes to to, next to
 * another coin, keeping the span R. */
static bool push_pts(coins_pt *p, int n, coins_rect R, coins_pt from, coins_pt to) {
    int i = -1, near = 0;
    if (pdist(from, to) != 1 || !in_rect(R, to)) return false;
    for (int j = 0; j < n; j++) {
        if (p[j].r == from.r && p[j].c == from.c) i = j;
        if (p[j].r == to.r && p[j].c == to.c) return false;
    }
    if (i < 0) return false;
    for (int j = 0; j < n; j++) near += j != i && pdist(p[j], to) == 1;
    if (!near) return false;
    coins_pt keep = p[i];
    p[i] = to;
    coins_rect *sp = pl_xmalloc((size_t)n * sizeof *sp);
    int k = coins_sq_span_rects(p, n, sp);
    bool ok = k == 1 && memcmp(&sp[0], &R, sizeof R) == 0;
    free(sp);
    if (!ok) p[i] = keep;
    return ok;
}

static bool has_removable(const coins_pt *p, int n, coins_rect R) {
    coins_pt *q = pl_xmalloc((size_t)n * sizeof *q);
    coins_rect *sp = pl_xmalloc((size_t)n * sizeof *sp);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        int m = 0;
        for (int j = 0; j < n; j++)
            if (j != i) q[m++] = p[j];
        found = coins_sq_span_rects(q, m, sp) == 1 && memcmp(&sp[0], &R, sizeof R) == 0;
    }
    free(q), free(sp);
    return found;
}

/* The 8 symmetries: t bit 2 transposes, bit 0 negates rows, bit 1 columns. */
static coins_pt sym(coins_pt p, int t) {
    if (t & 4) p = (coins_pt){p.c, p.r};
    if (t & 1) p.r = -p.r;
    if (t & 2) p.c = -p.c;
    return p;
}
static coins_pt sym_inv(coins_pt p, int t) {
    if (t & 1) p.r = -p.r;
    if (t & 2) p.c = -p.c;
    if (t & 4) p = (coins_pt){p.c, p.r};
    return p;
}

typedef struct pushlog {
    coins_pt *from, *to;
    int n, cap;
} pushlog;
static bool logged_push(coins_pt *p, int n, coins_rect R, coins_pt from, coins_pt to, pushlog *lg) {
    if (!push_pts(p, n, R, from, to)) return false;
    if (lg->n == lg->cap) {
        lg->cap = lg->cap ? 2 * lg->cap : 32;
        lg->from = pl_xrealloc(lg->from, (size_t)lg->cap * sizeof *lg->from);
        lg->to = pl_xrealloc(lg->to, (size_t)lg->cap * sizeof *lg->to);
    }
    lg->from[lg->n] = from, lg->to[lg->n] = to, lg->n++;
    return true;
}

static bool is_corner_pair(coins_rect R, coins_pt a, coins_pt b) {
    return ((a.r == R.r0 && b.r == R.r1) || (a.r == R.r1 && b.r == R.r0)) &&
           ((a.c == R.c0 && b.c == R.c1) || (a.c == R.c1 && b.c == R.c0));
}

/* The coins in 2-path order from a corner to the opposite one; false when
 * they do not form such a path. */
static bool corner_path(const coins_pt *p, int n, coins_rect R, coins_pt *path) {
    int *order = pl_xmalloc((size_t)n * sizeof *order);
    bool ok = hamiltonian_2path(p, n, order) && is_corner_pair(R, p[order[0]], p[order[n - 1]]);
    if (ok)
        for (int i = 0; i < n; i++) path[i] = p[order[i]];
    free(order);
    return ok;
}

/* Step 2: a direct 2-path between opposite corners with at least two unit
 * jumps: push the first pair along the path until it meets the next one. */
static int step2(coins_pt *p, int n, coins_rect R, pushlog *lg) {
    coins_pt *path = pl_xmalloc((size_t)n * sizeof *path);
    int rc = 0;
    for (int guard = 0; guard < 4 * (n + 4) && !has_removable(p, n, R); guard++) {
        if (!corner_path(p, n, R, path)) {
            rc = -1;
            break;
        }
        int dvr = path[n - 1].r > path[0].r ? 1 : -1, dvc = path[n - 1].c > path[0].c ? 1 : -1;
        bool direct = true;
        for (int i = 0; i + 1 < n && direct; i++)
            direct = (path[i + 1].r - path[i].r) * dvr >= 0 && (path[i + 1].c - path[i].c) * dvc >= 0;
        int s1 = -1, s2 = -1;
        for (int i = 0; i + 1 < n; i++)
            if (pdist(path[i], path[i + 1]) == 1) {
                if (s1 < 0)
                    s1 = i;
                else if (s2 < 0)
                    s2 = i;
            }
        if (!direct || s2 < 0) {
            rc = -1;
            break;
        }
        /* pair (s1, s1+1): push s1+1 onto the point of the path one step
         * towards s1+2 (a free position next to path[s1+2]) */
        coins_pt a = path[s1 + 1], b = path[s1 + 2];
        coins_pt to1 = {a.r + (b.r != a.r ? (b.r > a.r ? 1 : -1) : 0), a.c}, to2 = {a.r, a.c + (b.c != a.c ? (b.c > a.c ? 1 : -1) : 0)};
        bool done = false;
        if ((to1.r != a.r) && pdist(to1, b) == 1) done = logged_push(p, n, R, a, to1, lg);
        if (!done && (to2.c != a.c) && pdist(to2, b) == 1) done = logged_push(p, n, R, a, to2, lg);
        if (!done) {
            rc = -1;
            break;
        }
    }
    if (rc == 0 && !has_removable(p, n, R)) rc = -1;
    free(path);
    return rc;
}

/* Step 3: an indirect 2-path between opposite corners. In the frame where
 * c_l is to the top-right of c_0 (rows grow downwards), the first jump with
 * a downward part is a bottom-right jump (c_i, c_i+1) (minimality); c_j is
 * the first coin after it whose next jump goes up; push c_i right and c_j
 * left (c_j stays when it is already next to c_j-1). */
static int step3(coins_pt *p, int n, coins_rect R, pushlog *lg) {
    coins_pt *path = pl_xmalloc((size_t)n * sizeof *path);
    int rc = -1;
    if (corner_path(p, n, R, path)) {
        for (int t = 0; t < 8 && rc < 0; t++) {
            for (int rev = 0; rev < 2 && rc < 0; rev++) {
                coins_pt *q = pl_xmalloc((size_t)n * sizeof *q);
                for (int i = 0; i < n; i++) q[i] = sym(path[rev ? n - 1 - i : i], t);
                if (!(q[n - 1].r < q[0].r && q[n - 1].c > q[0].c)) {
                    free(q);
                    continue;
                }
                int i0 = -1, j0 = -1;
                for (int i = 0; i + 1 < n && i0 < 0; i++)
                    if (q[i + 1].r > q[i].r) i0 = i;
                if (i0 >= 0 && q[i0 + 1].r == q[i0].r + 1 && q[i0 + 1].c == q[i0].c + 1) {
                    for (int j = i0 + 1; j + 1 < n && j0 < 0; j++)
                        if (q[j + 1].r < q[j].r) j0 = j;
                }
                if (i0 >= 0 && j0 > i0 + 0) {
                    coins_pt *save = pl_xmalloc((size_t)n * sizeof *save);
                    memcpy(save, p, (size_t)n * sizeof *p);
                    int mark = lg->n;
                    coins_pt ci = q[i0], cj = q[j0];
                    bool ok = logged_push(p, n, R, sym_inv(ci, t), sym_inv((coins_pt){ci.r, ci.c + 1}, t), lg);
                    if (ok && pdist(q[j0 - 1], cj) != 1)
                        ok = logged_push(p, n, R, sym_inv(cj, t), sym_inv((coins_pt){cj.r, cj.c - 1}, t), lg);
                    if (ok && step2(p, n, R, lg) == 0) {
                        rc = 0;
                    } else {
                        memcpy(p, save, (size_t)n * sizeof *p);
                        lg->n = mark;
                    }
                    free(save);
                }
                free(q);
            }
        }
    }
    free(path);
    return rc;
}

/* Steps 2 or 3 from ends at opposite corners. */
static int from_corners(coins_pt *p, int n, coins_rect R, pushlog *lg) {
    if (has_removable(p, n, R)) return 0;
    int mark = lg->n;
    coins_pt *save = pl_xmalloc((size_t)n * sizeof *save);
    memcpy(save, p, (size_t)n * sizeof *p);
    int rc = step2(p, n, R, lg);
    if (rc) {
        memcpy(p, save, (size_t)n * sizeof *p);
        lg->n = mark;
        rc = step3(p, n, R, lg);
    }
    free(save);
    return rc;
}

int coins_sq_2path_extra(const coins_pt *P, int n, coins_pt **from, coins_pt **to, int *npushes, int *step) {
    *from = *to = NULL;
    *npushes = 0;
    *step = 0;
    if (n < 2) return -2;
    coins_rect R = coins_sq_hull(P, n);
    coins_pt *p = pl_xmalloc((size_t)n * sizeof *p), *path = pl_xmalloc((size_t)n * sizeof *path);
    memcpy(p, P, (size_t)n * sizeof *p);
    pushlog lg = {0};
    int rc = -1;
    if (has_removable(p, n, R)) {
        rc = 0;
    } else if (corner_path(p, n, R, path)) {
        rc = from_corners(p, n, R, &lg);
        *step = 2;
    } else {
        /* step 1: at most two pushes to a non-minimal configuration or a
         * 2-path between opposite corners, every choice tried */
        *step = 1;
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        coins_pt *q1 = pl_xmalloc((size_t)n * sizeof *q1), *q2 = pl_xmalloc((size_t)n * sizeof *q2);
        for (int a = 0; a < n * 4 && rc < 0; a++) {
            memcpy(q1, p, (size_t)n * sizeof *p);
            coins_pt f1 = p[a / 4], t1 = {f1.r + dr[a % 4], f1.c + dc[a % 4]};
            if (!push_pts(q1, n, R, f1, t1)) continue;
            for (int b = -1; b < n * 4 && rc < 0; b++) {
                memcpy(q2, q1, (size_t)n * sizeof *q1);
                coins_pt f2 = {0, 0}, t2 = {0, 0};
                if (b >= 0) {
                    f2 = q1[b / 4], t2 = (coins_pt){f2.r + dr[b % 4], f2.c + dc[b % 4]};
                    if (!push_pts(q2, n, R, f2, t2)) continue;
                }
                if (!has_removable(q2, n, R) && !corner_path(q2, n, R, path)) continue;
                int mark = lg.n;
                coins_pt *q3 = pl_xmalloc((size_t)n * sizeof *q3);
                memcpy(q3, p, (size_t)n * sizeof *p);
                bool ok = logged_push(q3, n, R, f1, t1, &lg) && (b < 0 || logged_push(q3, n, R, f2, t2, &lg));
                if (ok && from_corners(q3, n, R, &lg) == 0) {
                    rc = 0;
                    memcpy(p, q3, (size_t)n * sizeof *p);
                } else {
                    lg.n = mark;
                }
                free(q3);
            }
        }
        free(q1), free(q2);
    }
    if (rc == 0) {
        /* replay from P before handing the pushes out */
        memcpy(p, P, (size_t)n * sizeof *p);
        for (int i = 0; i < lg.n && rc == 0; i++)
            if (!push_pts(p, n, R, lg.from[i], lg.to[i])) rc = -1;
        if (rc == 0 && !has_removable(p, n, R)) rc = -1;
    }
    if (rc == 0) {
        *from = lg.from, *to = lg.to, *npushes = lg.n;
    } else {
        free(lg.from), free(lg.to);
    }
    free(p), free(path);
    return rc;
}

typedef struct sec34_ctx {
    coins_sec34 *out;
    int k;
    pl_limits *lim;
    u64map seen;
    uint64_t *queue;
    int *depth;
    size_t qcap;
} sec34_ctx;

/* Breadth-first pushes from s until a removable coin: the depth, or -1. */
static int bfs_extra(const win *W, uint64_t s, sec34_ctx *c) {
    c->seen.n = 0;
    if (c->seen.cap)
        for (size_t i = 0; i < c->seen.cap; i++) c->seen.v[i] = -1;
    size_t head = 0, tail = 0;
    um_put(&c->seen, s, 0);
    c->queue[tail] = s, c->depth[tail++] = 0;
    uint64_t nb[256];
    while (head < tail) {
        uint64_t x = c->queue[head];
        int d = c->depth[head++];
        if (removable(W, x)) return d;
        int np = pushes(W, x, nb);
        for (int j = 0; j < np; j++) {
            if (um_get(&c->seen, nb[j]) >= 0) continue;
            um_put(&c->seen, nb[j], d + 1);
            if (tail == c->qcap) {
                c->qcap *= 2;
                c->queue = pl_xrealloc(c->queue, c->qcap * sizeof *c->queue);
                c->depth = pl_xrealloc(c->depth, c->qcap * sizeof *c->depth);
            }
            c->queue[tail] = nb[j], c->depth[tail++] = d + 1;
        }
    }
    return -1;
}

static bool sec34_one(const win *W, uint64_t s, void *p) {
    sec34_ctx *c = p;
    if (win_span(W, s) != W->all || removable(W, s)) return true; /* not minimal */
    coins_pt pts[64];
    int order[64], n = mask_points(W, s, pts);
    if (!hamiltonian_2path(pts, n, order)) return true;
    coins_sec34 *o = c->out;
    o->paths++;
    int d = bfs_extra(W, s, c);
    if (d < 0) {
        if (!o->failures) o->failure_example = s;
        o->failures++;
    } else if (d > o->max_pushes) {
        o->max_pushes = d;
    }
    coins_pt *from, *to;
    int np, step;
    int rc = coins_sq_2path_extra(pts, n, &from, &to, &np, &step);
    if (rc == 0) {
        o->routine_ok++;
        if (np > o->routine_max_pushes) o->routine_max_pushes = np;
        free(from), free(to);
    } else {
        if (!o->routine_misses) o->routine_miss_example = s;
        o->routine_misses++;
    }
    return true;
}

int coins_sq_sec34(int h, int w, int extra, uint64_t max_subsets, pl_limits *lim, coins_sec34 *out) {
    memset(out, 0, sizeof *out);
    out->h = h, out->w = w, out->extra = extra;
    if (h < 1 || w < 1 || h * w > 64 || extra < 1) return -2;
    int k = (h + w + 1) / 2 + extra;
    out->subsets = binom_capped(h * w, k, max_subsets);
    if (out->subsets > max_subsets || k > 16) return -2;
    win W;
    win_init(&W, h, w);
    sec34_ctx c = {out, k, lim, {0}, NULL, NULL, 1024};
    c.queue = pl_xmalloc(c.qcap * sizeof *c.queue);
    c.depth = pl_xmalloc(c.qcap * sizeof *c.depth);
    int rc = each_subset(&W, k, lim, sec34_one, &c);
    um_free(&c.seen);
    free(c.queue), free(c.depth);
    return rc;
}
