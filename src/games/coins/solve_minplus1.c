/* Minimum+1 configurations on the square grid (Galliot 2019, Section 3.3).
 *
 * Setting: unlabelled coins, exact target, span(B) = span(A), and A has one
 * coin more than a minimum configuration with that span (Proposition 3.20:
 * sum over the span's rectangles of ceil((m+n)/2)). The results used:
 *  - Proposition 3.29: A is minimum+1 or minimal; its extra coins are the a
 *    with span(A \ {a}) = span(A). N spans of O(N^2): O(N^3). If A is
 *    minimal, every move shrinks the span (Proposition 1.10), so A -> B only
 *    when A = B.
 *  - Proposition 3.30, the even case, here for every span whose rectangles are
 *    all even: the last move of a solution puts a coin on some b with two
 *    neighbours in B, so B \ {b} has span R and is minimum, hence (Proposition
 *    3.22, rectangle by rectangle) all its coins are isolated, and
 *    Proposition 1.3 says A -> B iff one move does it.
 *  - Proposition 3.32: A -> B iff for an extra coin a of A and a coin b of B
 *    with two neighbours in B, A \ {a} -> B \ {b} in the pushing game (push a
 *    coin one step onto a free position next to another coin, keeping the
 *    span); a solution of T moves is T-1 pushes and back (pushes_to_moves).
 *    A push makes the pushed coin adjacent to another one, so a pushing
 *    sequence that does anything ends with an adjacent pair; a minimum
 *    configuration has at most one pair per odd rectangle and none in an even
 *    one (Proposition 3.22), so a first push creates the pair if there is
 *    none, and afterwards only a coin of the pair can be pushed (any other
 *    push loses perimeter, Lemma 3.19). Rectangles of the span are far apart
 *    (Proposition 3.2), so the game is played in each rectangle on its own:
 *    even rectangles never change, and each odd rectangle where A \ {a} and
 *    B \ {b} differ is decided alone.
 *  - Proposition 3.35 (i), (ii): the fixed leaves F(M) (the search of Section
 *    3.3.3 from the pair's maximal 2-path) are invariant, and nothing changes
 *    outside the rectangles R(M) (odd hulls of two fixed leaves holding no
 *    other): two configurations that differ there are not connected.
 *  - Theorem 3.38: if one of the two (after the first push) is 2-connected,
 *    they are connected iff F is the same, with O(N^2) pushes: make a central
 *    rectangle of R(M) active on the other side (turn its active rectangle's
 *    2-path into the 'L' whose corner meets the 2-path coming out of it),
 *    then turn both 2-paths inside that central rectangle into the same 'L'
 *    (Theorem 3.37: the rest is then equal) and join the two halves, pushes
 *    being reversible.
 *  - Lemma 3.33, constructively: a 2-path between opposite corners l, l' of
 *    an odd rectangle is a monotone lattice path of K = m+n-2 unit steps with
 *    the coins on its points 0, 2, ..., s, s+1, s+3, ..., K (s even: the
 *    adjacent pair is the single step s). Pushing a coin of the pair moves s
 *    by 2, and the order of the two steps between consecutive coins at
 *    distance 2 is free (the configuration does not see it). With s at K-1
 *    every even adjacent transposition of steps is free, with s at 0 every
 *    odd one: odd-even transposition sort, K rounds of O(K) pushes, reaches
 *    any other 2-path: O((m+n)^2) = O(N^2) pushes (the thesis's figures,
 *    lost here, do it in O(mn) with small subroutines; the bound of Theorem
 *    3.38 is the same O(N^2)).
 * When neither configuration is 2-connected the thesis decides nothing
 * (Conjecture 3.39): `applies` then says no and auto runs the exact search.
 *
 * Complexity: the decision enumerates the extra coins a (<= N), the b (<= 3)
 * and, when A \ {a} has no pair, the first pushes (O(N)), each with spans and
 * F in O(N^2): O(N^4) time; the certificate has O(N^2) moves (Theorem 3.38,
 * Proposition 3.32) found in O(N^2) more time. tests/test_coins_minplus1.c
 * checks every answer against the exhaustive search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef struct rect {
    int r0, c0, r1, c1; /* inclusive */
} rect;

typedef struct push {
    coins_pt from, to;
} push;

typedef struct pushvec {
    push *v;
    int n, cap;
} pushvec;

static void pv_add(pushvec *pv, coins_pt from, coins_pt to) {
    if (pv->n == pv->cap) {
        pv->cap = pv->cap ? 2 * pv->cap : 64;
        pv->v = pl_xrealloc(pv->v, (size_t)pv->cap * sizeof *pv->v);
    }
    pv->v[pv->n++] = (push){from, to};
}

static void pv_append_reversed(pushvec *dst, const pushvec *src) {
    for (int i = src->n - 1; i >= 0; i--) pv_add(dst, src->v[i].to, src->v[i].from);
}

/* The frame: the bounding box of A and B (a span lies inside its
 * configuration's hull, and pushes stay inside the span). */
typedef struct frame {
    coins_board b;
    int r0, c0, h, w, nv;
    int *work;
    uint8_t *span;
    pl_limits *lim; /* NULL: none */
    bool stopped;   /* a limit was reached */
} frame;

/* One unit of work (a span, a first push, a rewriting round): the clock is
 * read every time, since each unit costs O(N^2). */
static bool keep_going(frame *f) {
    if (f->stopped) return false;
    if (!f->lim) return true;
    pl_limits *l = f->lim;
    if (!l->hit) {
        l->nodes++;
        if (l->node_limit && l->nodes > l->node_limit)
            l->hit = PL_LIMIT_NODES;
        else
            pl_limits_check_time(l);
    }
    f->stopped = l->hit != 0;
    return !f->stopped;
}

static bool in_frame(const frame *f, coins_pt p) {
    return p.r >= f->r0 && p.r < f->r0 + f->h && p.c >= f->c0 && p.c < f->c0 + f->w;
}
static int cell(const frame *f, coins_pt p) {
    return (p.r - f->r0) * f->w + (p.c - f->c0);
}

/* A configuration: coin positions and the frame cell -> coin index map. */
typedef struct cset {
    int n;
    coins_pt *p;
    int *at; /* nv cells, -1 empty */
} cset;

static void cs_init(const frame *f, cset *cs, const coins_pt *p, int n) {
    cs->n = n;
    cs->p = pl_xmalloc(((size_t)n + 1) * sizeof *cs->p);
    memcpy(cs->p, p, (size_t)n * sizeof *p);
    cs->at = pl_xmalloc((size_t)f->nv * sizeof *cs->at);
    for (int v = 0; v < f->nv; v++) cs->at[v] = -1;
    for (int i = 0; i < n; i++) cs->at[cell(f, p[i])] = i;
}

static void cs_copy(const frame *f, cset *dst, const cset *src) {
    cs_init(f, dst, src->p, src->n);
}

static void cs_free(cset *cs) {
    free(cs->p);
    free(cs->at);
}

static int cs_find(const frame *f, const cset *cs, coins_pt p) {
    return in_frame(f, p) ? cs->at[cell(f, p)] : -1;
}

static int cmp_pt(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    return a->r != b->r ? (a->r > b->r) - (a->r < b->r) : (a->c > b->c) - (a->c < b->c);
}

/* Same set of positions (sorted copies compared). */
static bool same_points(const coins_pt *a, int na, const coins_pt *b, int nb) {
    if (na != nb) return false;
    coins_pt *x = pl_xmalloc(((size_t)na + 1) * sizeof *x), *y = pl_xmalloc(((size_t)na + 1) * sizeof *y);
    memcpy(x, a, (size_t)na * sizeof *a);
    memcpy(y, b, (size_t)na * sizeof *b);
    qsort(x, (size_t)na, sizeof *x, cmp_pt);
    qsort(y, (size_t)na, sizeof *y, cmp_pt);
    bool eq = memcmp(x, y, (size_t)na * sizeof *x) == 0;
    free(x);
    free(y);
    return eq;
}

static const int D4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
static const int D12[12][2] = {{-1, 0}, {1, 0}, {0, -1},  {0, 1},  {-2, 0}, {2, 0},
                               {0, -2}, {0, 2}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

static int coin_neighbours(const frame *f, const cset *cs, coins_pt p, int except) {
    int k = 0;
    for (int d = 0; d < 4; d++) {
        int j = cs_find(f, cs, (coins_pt){p.r + D4[d][0], p.c + D4[d][1]});
        k += j >= 0 && j != except;
    }
    return k;
}

/* Applies the push from -> to after checking it is one (a bug otherwise). */
static bool do_push(const frame *f, cset *cs, pushvec *pv, coins_pt from, coins_pt to) {
    int i = cs_find(f, cs, from);
    if (i < 0 || !in_frame(f, to) || cs_find(f, cs, to) >= 0) return false;
    if (abs(from.r - to.r) + abs(from.c - to.c) != 1) return false;
    if (coin_neighbours(f, cs, to, i) < 1) return false;
    cs->at[cell(f, from)] = -1;
    cs->at[cell(f, to)] = i;
    cs->p[i] = to;
    if (pv) pv_add(pv, from, to);
    return true;
}

/* ---------- spans and rectangles ---------- */
static int span_of(frame *f, const coins_pt *p, int n, uint8_t *out) {
    int *list = pl_xmalloc(((size_t)n + 1) * sizeof *list);
    for (int i = 0; i < n; i++) list[i] = cell(f, p[i]);
    int k = coins_span(&f->b, list, n, out, f->work);
    free(list);
    return k;
}

static int span_rects(const frame *f, const uint8_t *span, rect **out) {
    uint8_t *seen = pl_xcalloc((size_t)f->nv, 1);
    int *stack = pl_xmalloc(((size_t)f->nv + 1) * sizeof *stack), k = 0, cap = 4;
    *out = pl_xmalloc((size_t)cap * sizeof **out);
    for (int v = 0; v < f->nv; v++) {
        if (!span[v] || seen[v]) continue;
        rect R = {v / f->w, v % f->w, v / f->w, v % f->w};
        int top = 0;
        stack[top++] = v;
        seen[v] = 1;
        while (top) {
            int u = stack[--top], r = u / f->w, c = u % f->w;
            if (r < R.r0) R.r0 = r;
            if (r > R.r1) R.r1 = r;
            if (c < R.c0) R.c0 = c;
            if (c > R.c1) R.c1 = c;
            for (int a = f->b.off[u]; a < f->b.off[u + 1]; a++)
                if (span[f->b.adj[a]] && !seen[f->b.adj[a]]) {
                    seen[f->b.adj[a]] = 1;
                    stack[top++] = f->b.adj[a];
                }
        }
        R.r0 += f->r0, R.r1 += f->r0, R.c0 += f->c0, R.c1 += f->c0;
        if (k == cap) *out = pl_xrealloc(*out, (size_t)(cap *= 2) * sizeof **out);
        (*out)[k++] = R;
    }
    free(seen);
    free(stack);
    return k;
}

static bool in_rect(rect R, coins_pt p) {
    return p.r >= R.r0 && p.r <= R.r1 && p.c >= R.c0 && p.c <= R.c1;
}
static bool rect_odd(rect R) {
    return (R.r1 - R.r0 + 1 + R.c1 - R.c0 + 1) % 2 == 1;
}
static rect hull2(coins_pt a, coins_pt b) {
    rect R = {a.r < b.r ? a.r : b.r, a.c < b.c ? a.c : b.c, a.r > b.r ? a.r : b.r, a.c > b.c ? a.c : b.c};
    return R;
}
static rect rect_add(rect R, coins_pt p) {
    if (p.r < R.r0) R.r0 = p.r;
    if (p.r > R.r1) R.r1 = p.r;
    if (p.c < R.c0) R.c0 = p.c;
    if (p.c > R.c1) R.c1 = p.c;
    return R;
}
static int dist_rect(rect R, coins_pt p) {
    int dr = p.r < R.r0 ? R.r0 - p.r : p.r > R.r1 ? p.r - R.r1 : 0;
    int dc = p.c < R.c0 ? R.c0 - p.c : p.c > R.c1 ? p.c - R.c1 : 0;
    return dr + dc;
}

/* ---------- the 2-neighbour forest, fixed leaves, rectangles ---------- */
static bool find_pair(const frame *f, const cset *cs, int *u, int *v) {
    for (int i = 0; i < cs->n; i++)
        for (int d = 0; d < 4; d++) {
            int j = cs_find(f, cs, (coins_pt){cs->p[i].r + D4[d][0], cs->p[i].c + D4[d][1]});
            if (j >= 0) {
                *u = i, *v = j;
                return true;
            }
        }
    return false;
}

/* Walks a 2-path from start (coming from prev) until it cannot go on, never
 * entering excl (when given) nor a visited coin; returns the last coin. */
static int walk(const frame *f, const cset *cs, int start, int prev, const rect *excl, uint8_t *visited) {
    int cur = start;
    visited[cur] = 1;
    for (;;) {
        int next = -1;
        for (int d = 0; d < 12 && next < 0; d++) {
            int j = cs_find(f, cs, (coins_pt){cs->p[cur].r + D12[d][0], cs->p[cur].c + D12[d][1]});
            if (j >= 0 && j != prev && !visited[j] && !(excl && in_rect(*excl, cs->p[j]))) next = j;
        }
        if (next < 0) return cur;
        visited[next] = 1;
        prev = cur;
        cur = next;
    }
}

/* F(M) by the search of Section 3.3.3; M must hold an adjacent pair.
 * Returns |F|, the fixed leaves sorted in out (n + 1 room). */
static int fixed_leaves(const frame *f, const cset *cs, coins_pt *out) {
    int u, v, k = 0;
    if (!find_pair(f, cs, &u, &v)) return 0;
    uint8_t *visited = pl_xcalloc((size_t)cs->n + 1, 1);
    visited[u] = visited[v] = 1;
    int l0 = walk(f, cs, u, v, NULL, visited), l1 = walk(f, cs, v, u, NULL, visited);
    rect R = hull2(cs->p[l0], cs->p[l1]);
    for (int i = 0; i < cs->n; i++)
        if (visited[i]) R = rect_add(R, cs->p[i]);
    out[k++] = cs->p[l0];
    out[k++] = cs->p[l1];
    for (;;) {
        int c0 = -1;
        for (int i = 0; i < cs->n && c0 < 0; i++)
            if (!in_rect(R, cs->p[i]) && dist_rect(R, cs->p[i]) <= 2) c0 = i;
        if (c0 < 0) break;
        memset(visited, 0, (size_t)cs->n);
        int cf = walk(f, cs, c0, -1, &R, visited);
        out[k++] = cs->p[cf];
        R = rect_add(R, cs->p[cf]);
    }
    free(visited);
    qsort(out, (size_t)k, sizeof *out, cmp_pt);
    return k;
}

typedef struct leafrect {
    coins_pt l, l2;
    rect R;
} leafrect;

/* R(M): odd hulls of two fixed leaves that hold no other fixed leaf. */
static int leaf_rects(const coins_pt *F, int nf, leafrect **out) {
    int k = 0;
    *out = pl_xmalloc(((size_t)nf * (size_t)nf + 1) * sizeof **out);
    for (int i = 0; i < nf; i++)
        for (int j = i + 1; j < nf; j++) {
            rect R = hull2(F[i], F[j]);
            if (!rect_odd(R)) continue;
            bool clean = true;
            for (int t = 0; t < nf && clean; t++) clean = t == i || t == j || !in_rect(R, F[t]);
            if (clean) (*out)[k++] = (leafrect){F[i], F[j], R};
        }
    return k;
}

static bool two_connected(const frame *f, const cset *cs) {
    if (cs->n <= 1) return true;
    uint8_t *seen = pl_xcalloc((size_t)cs->n, 1);
    int *stack = pl_xmalloc((size_t)cs->n * sizeof *stack), top = 0, count = 1;
    stack[top++] = 0;
    seen[0] = 1;
    while (top) {
        int i = stack[--top];
        for (int d = 0; d < 12; d++) {
            int j = cs_find(f, cs, (coins_pt){cs->p[i].r + D12[d][0], cs->p[i].c + D12[d][1]});
            if (j >= 0 && !seen[j]) seen[j] = 1, count++, stack[top++] = j;
        }
    }
    free(seen);
    free(stack);
    return count == cs->n;
}

/* A 2-path of coins inside R from l to l2 (Definition 3.34: R is active);
 * path gets the coins' positions in order. Returns its length or 0. */
static int active_path(const frame *f, const cset *cs, const leafrect *lr, coins_pt *path) {
    int s = cs_find(f, cs, lr->l), t = cs_find(f, cs, lr->l2);
    if (s < 0 || t < 0) return 0;
    int *parent = pl_xmalloc((size_t)cs->n * sizeof *parent), *queue = pl_xmalloc((size_t)cs->n * sizeof *queue);
    for (int i = 0; i < cs->n; i++) parent[i] = -2;
    int head = 0, tail = 0;
    queue[tail++] = s;
    parent[s] = -1;
    while (head < tail && parent[t] == -2) {
        int i = queue[head++];
        for (int d = 0; d < 12; d++) {
            int j = cs_find(f, cs, (coins_pt){cs->p[i].r + D12[d][0], cs->p[i].c + D12[d][1]});
            if (j >= 0 && parent[j] == -2 && in_rect(lr->R, cs->p[j])) parent[j] = i, queue[tail++] = j;
        }
    }
    int len = 0;
    if (parent[t] != -2) {
        for (int i = t; i >= 0; i = parent[i]) len++;
        int k = len;
        for (int i = t; i >= 0; i = parent[i]) path[--k] = cs->p[i];
    }
    free(parent);
    free(queue);
    return len;
}

/* Definition 3.36: every fixed leaf outside R is level with R's rows or columns. */
static bool central(const leafrect *lr, const coins_pt *F, int nf) {
    for (int i = 0; i < nf; i++) {
        coins_pt p = F[i];
        if (in_rect(lr->R, p)) continue;
        if (!(p.r >= lr->R.r0 && p.r <= lr->R.r1) && !(p.c >= lr->R.c0 && p.c <= lr->R.c1)) return false;
    }
    return true;
}

/* ---------- Lemma 3.33: rewriting the 2-path of an active rectangle ---------- */
typedef struct pathword {
    int K, s;
    coins_pt l;
    int dv, dh;
    char *w;     /* 'V' or 'H' per unit step */
    coins_pt *P; /* K + 1 points */
} pathword;

static coins_pt step_of(const pathword *pw, char c) {
    return c == 'V' ? (coins_pt){pw->dv, 0} : (coins_pt){0, pw->dh};
}

static void recompute_points(pathword *pw, int from) {
    for (int j = from; j < pw->K; j++) {
        coins_pt d = step_of(pw, pw->w[j]);
        pw->P[j + 1] = (coins_pt){pw->P[j].r + d.r, pw->P[j].c + d.c};
    }
}

/* The word of a direct 2-path (coins in order from l); false when it is not
 * one with exactly one unit jump. */
static bool path_to_word(const coins_pt *path, int len, coins_pt l2, pathword *pw) {
    coins_pt l = path[0];
    pw->l = l;
    pw->dv = l2.r > l.r ? 1 : l2.r < l.r ? -1 : 0;
    pw->dh = l2.c > l.c ? 1 : l2.c < l.c ? -1 : 0;
    pw->K = abs(l2.r - l.r) + abs(l2.c - l.c);
    pw->w = pl_xmalloc((size_t)pw->K + 2);
    pw->P = pl_xmalloc(((size_t)pw->K + 2) * sizeof *pw->P);
    pw->s = -1;
    int j = 0;
    for (int i = 0; i + 1 < len; i++) {
        int dr = path[i + 1].r - path[i].r, dc = path[i + 1].c - path[i].c;
        int ar = abs(dr), ac = abs(dc);
        if ((dr && (dr > 0 ? 1 : -1) != pw->dv) || (dc && (dc > 0 ? 1 : -1) != pw->dh)) return false;
        if (ar + ac == 1) {
            if (pw->s >= 0 || j % 2) return false;
            pw->s = j;
        }
        if (j + ar + ac > pw->K) return false;
        for (int t = 0; t < ar; t++) pw->w[j++] = 'V';
        for (int t = 0; t < ac; t++) pw->w[j++] = 'H';
    }
    if (j != pw->K || pw->s < 0) return false;
    pw->P[0] = l;
    recompute_points(pw, 0);
    return true;
}

/* Moves the pair (the single step s) to step t (both even) by pushes. */
static bool move_pair(const frame *f, cset *cs, pushvec *pv, pathword *pw, int t) {
    while (pw->s < t) {
        if (!do_push(f, cs, pv, pw->P[pw->s + 1], pw->P[pw->s + 2])) return false;
        pw->s += 2;
    }
    while (pw->s > t) {
        if (!do_push(f, cs, pv, pw->P[pw->s], pw->P[pw->s - 1])) return false;
        pw->s -= 2;
    }
    return true;
}

/* Turns the active 2-path of lr into the 'L' that goes vertically first
 * (vfirst) or horizontally first from lr->l, with the pair at step s_target.
 * O(K^2) pushes, K = m + n - 2. */
static bool make_l(frame *f, cset *cs, pushvec *pv, const leafrect *lr, bool vfirst, int s_target) {
    coins_pt *path = pl_xmalloc(((size_t)cs->n + 1) * sizeof *path);
    int len = active_path(f, cs, lr, path);
    pathword pw = {0};
    bool ok = len > 0 && path_to_word(path, len, lr->l2, &pw);
    free(path);
    if (!ok) {
        free(pw.w);
        free(pw.P);
        return false;
    }
    int K = pw.K, a = 0;
    for (int j = 0; j < K; j++) a += pw.w[j] == 'V';
    /* key of each step: its place in the target word (k-th V -> k-th V) */
    int *key = pl_xmalloc(((size_t)K + 1) * sizeof *key), nv = 0, nh = 0;
    for (int j = 0; j < K; j++) {
        if (pw.w[j] == 'V')
            key[j] = vfirst ? nv++ : (K - a) + nv++;
        else
            key[j] = vfirst ? a + nh++ : nh++;
    }
    for (int round = 0; ok; round++) {
        if (!keep_going(f)) {
            ok = false;
            break;
        }
        bool sorted = true;
        for (int j = 0; j + 1 < K && sorted; j++) sorted = key[j] < key[j + 1];
        if (sorted) break;
        int parity = round % 2, lo = K, hi = -1;
        for (int j = parity; j + 1 < K; j += 2)
            if (key[j] > key[j + 1]) {
                if (j < lo) lo = j;
                hi = j;
            }
        if (hi < 0) continue;
        /* steps j, j+1 swap freely when their middle point holds no coin:
         * j even with s >= j + 2, or j odd with s <= j - 1 (s at K-1 frees
         * every even transposition, s at 0 every odd one); go only as far as
         * the round needs */
        if (!(ok = move_pair(f, cs, pv, &pw,
                             parity == 0 ? (pw.s >= hi + 2 ? pw.s : hi + 2) : (pw.s <= lo - 1 ? pw.s : lo - 1))))
            break;
        for (int j = parity; j + 1 < K; j += 2)
            if (key[j] > key[j + 1]) {
                int tk = key[j];
                key[j] = key[j + 1], key[j + 1] = tk;
                char tc = pw.w[j];
                pw.w[j] = pw.w[j + 1], pw.w[j + 1] = tc;
                recompute_points(&pw, j);
            }
        if (round > 4 * K + 8) ok = false; /* odd-even transposition sort needs K rounds */
    }
    if (ok) ok = move_pair(f, cs, pv, &pw, s_target);
    free(key);
    free(pw.w);
    free(pw.P);
    return ok;
}

/* ---------- Theorem 3.38 ---------- */
typedef struct thm {
    coins_pt *F;
    int nf;
    leafrect *lr;
    int nlr;
} thm;

static int find_active_central(const frame *f, const cset *cs, const thm *t) {
    coins_pt *path = pl_xmalloc(((size_t)cs->n + 1) * sizeof *path);
    int found = -1;
    for (int i = 0; i < t->nlr && found < 0; i++)
        if (central(&t->lr[i], t->F, t->nf) && active_path(f, cs, &t->lr[i], path)) found = i;
    free(path);
    return found;
}

/* Pushes from Y to X, X 2-connected, F(X) = F(Y) (proof of Theorem 3.38).
 * False when a step fails (it should not: the tests watch for it). */
static bool connect_to_2connected(frame *f, const cset *X, const cset *Y, const thm *t, pushvec *out) {
    cset y;
    cs_copy(f, &y, Y);
    pushvec py = {0};
    bool ok = true;
    int jc = find_active_central(f, &y, t);
    if (jc < 0) {
        /* make a central rectangle active: the 'L' of an active rectangle
         * whose corner holds a coin (it meets the 2-path coming out there) */
        coins_pt *path = pl_xmalloc(((size_t)y.n + 1) * sizeof *path);
        for (int i = 0; i < t->nlr && jc < 0; i++) {
            if (!active_path(f, &y, &t->lr[i], path)) continue;
            const leafrect *lr = &t->lr[i];
            int K = abs(lr->l2.r - lr->l.r) + abs(lr->l2.c - lr->l.c);
            for (int vfirst = 0; vfirst < 2 && jc < 0; vfirst++) {
                int corner = vfirst ? abs(lr->l2.r - lr->l.r) : abs(lr->l2.c - lr->l.c);
                int s_target = corner % 2 == 0 ? K - 1 : 0;
                cset tryc;
                cs_copy(f, &tryc, &y);
                pushvec pt = {0};
                if (make_l(f, &tryc, &pt, lr, vfirst, s_target)) {
                    int j = find_active_central(f, &tryc, t);
                    if (j >= 0) {
                        jc = j;
                        for (int k = 0; k < pt.n; k++) pv_add(&py, pt.v[k].from, pt.v[k].to);
                        cs_free(&y);
                        y = tryc;
                        tryc.p = NULL, tryc.at = NULL;
                    }
                }
                free(pt.v);
                if (tryc.p) cs_free(&tryc);
            }
        }
        free(path);
        ok = jc >= 0;
    }
    pushvec px = {0};
    cset x;
    cs_copy(f, &x, X);
    if (ok) ok = make_l(f, &y, &py, &t->lr[jc], true, 0) && make_l(f, &x, &px, &t->lr[jc], true, 0);
    if (ok) ok = same_points(x.p, x.n, y.p, y.n); /* Theorem 3.37 */
    if (ok) {
        for (int k = 0; k < py.n; k++) pv_add(out, py.v[k].from, py.v[k].to);
        pv_append_reversed(out, &px);
    }
    free(px.v);
    free(py.v);
    cs_free(&x);
    cs_free(&y);
    return ok;
}

/* ---------- deciding one odd rectangle of the pushing game ---------- */
typedef enum { D_NO = 0, D_YES = 1, D_OPEN = 2, D_BROKEN = 3 } decision;

/* Coins of cs outside every rectangle of t. */
static bool same_outside(const cset *a, const cset *b, const thm *t) {
    coins_pt *x = pl_xmalloc(((size_t)a->n + 1) * sizeof *x), *y = pl_xmalloc(((size_t)b->n + 1) * sizeof *y);
    int nx = 0, ny = 0;
    for (int pass = 0; pass < 2; pass++) {
        const cset *c = pass ? b : a;
        for (int i = 0; i < c->n; i++) {
            bool inside = false;
            for (int k = 0; k < t->nlr && !inside; k++) inside = in_rect(t->lr[k].R, c->p[i]);
            if (!inside) {
                if (pass)
                    y[ny++] = c->p[i];
                else
                    x[nx++] = c->p[i];
            }
        }
    }
    bool eq = same_points(x, nx, y, ny);
    free(x);
    free(y);
    return eq;
}

/* M1 (with a pair) -> M2 (with a pair) in the pushing game; pushes appended to
 * pv when want and the answer is yes. */
static decision decide_paired(frame *f, const cset *M1, const cset *M2, pushvec *pv, bool want) {
    if (same_points(M1->p, M1->n, M2->p, M2->n)) return D_YES;
    thm t1 = {0}, t2 = {0};
    t1.F = pl_xmalloc(((size_t)M1->n + 2) * sizeof *t1.F);
    t2.F = pl_xmalloc(((size_t)M2->n + 2) * sizeof *t2.F);
    t1.nf = fixed_leaves(f, M1, t1.F);
    t2.nf = fixed_leaves(f, M2, t2.F);
    decision d;
    if (!same_points(t1.F, t1.nf, t2.F, t2.nf)) {
        d = D_NO; /* Proposition 3.35 (i) */
    } else {
        t1.nlr = leaf_rects(t1.F, t1.nf, &t1.lr);
        if (!same_outside(M1, M2, &t1)) {
            d = D_NO; /* Proposition 3.35 (ii) */
        } else {
            bool c1 = two_connected(f, M1), c2 = two_connected(f, M2);
            if (!c1 && !c2) {
                d = D_OPEN;
            } else if (!want) {
                d = D_YES;
            } else {
                pushvec tmp = {0};
                bool ok =
                    c2 ? connect_to_2connected(f, M2, M1, &t1, &tmp) : connect_to_2connected(f, M1, M2, &t1, &tmp);
                if (ok) {
                    if (c2)
                        for (int k = 0; k < tmp.n; k++) pv_add(pv, tmp.v[k].from, tmp.v[k].to);
                    else
                        pv_append_reversed(pv, &tmp);
                }
                free(tmp.v);
                d = ok ? D_YES : D_BROKEN;
            }
        }
        free(t1.lr);
    }
    free(t1.F);
    free(t2.F);
    return d;
}

/* M -> M2 inside one odd rectangle R (both minimum with span R). */
static decision decide_rect(frame *f, const cset *M, const cset *M2, rect R, pushvec *pv, bool want) {
    if (same_points(M->p, M->n, M2->p, M2->n)) return D_YES;
    int u, v;
    if (!find_pair(f, M2, &u, &v)) return D_NO; /* a push leaves a pair behind */
    if (find_pair(f, M, &u, &v)) return decide_paired(f, M, M2, pv, want);
    /* the first push creates the pair: every coin, every free neighbour next
     * to another coin, keeping the span */
    decision best = D_NO;
    uint8_t *sp = pl_xmalloc((size_t)f->nv);
    int Rsize = (R.r1 - R.r0 + 1) * (R.c1 - R.c0 + 1);
    for (int i = 0; i < M->n && best != D_YES && best != D_BROKEN; i++)
        for (int d = 0; d < 4 && best != D_YES && best != D_BROKEN; d++) {
            coins_pt to = {M->p[i].r + D4[d][0], M->p[i].c + D4[d][1]};
            if (!in_rect(R, to) || cs_find(f, M, to) >= 0 || coin_neighbours(f, M, to, i) < 1) continue;
            if (!keep_going(f)) break;
            cset M1;
            cs_copy(f, &M1, M);
            pushvec first = {0};
            do_push(f, &M1, &first, M->p[i], to);
            if (span_of(f, M1.p, M1.n, sp) == Rsize) {
                pushvec rest = {0};
                decision r = decide_paired(f, &M1, M2, &rest, want);
                if (r == D_YES) {
                    pv_add(pv, M->p[i], to);
                    for (int k = 0; k < rest.n; k++) pv_add(pv, rest.v[k].from, rest.v[k].to);
                }
                if (r == D_YES || r == D_BROKEN || (r == D_OPEN && best == D_NO)) best = r;
                free(rest.v);
            }
            free(first.v);
            cs_free(&M1);
        }
    free(sp);
    return best;
}

/* ---------- the whole decision ---------- */
typedef struct minplus {
    decision d;
    const char *result; /* which result decided */
    char why[256];
    const char *short_why; /* a few words, for the exact search's note */
    bool limited;          /* a limit was reached */
    pl_strvec *moves;      /* filled when want and d == D_YES */
} minplus;

static void move_text(const coins_level *l, coins_pt a, coins_pt b, pl_strvec *mv) {
    char buf[96];
    coins_move_text(l, a, b, buf, sizeof buf);
    pl_strvec_push(mv, buf);
}

/* Proposition 3.32, from pushes back to moves: a goes where the first push
 * goes, each pushed coin goes where the next push goes, the last one to b. */
static void pushes_to_moves(const coins_level *l, coins_pt a, const pushvec *pv, coins_pt b, pl_strvec *mv) {
    coins_pt cur = a;
    for (int k = 0; k < pv->n; k++) {
        if (cur.r != pv->v[k].to.r || cur.c != pv->v[k].to.c) move_text(l, cur, pv->v[k].to, mv);
        cur = pv->v[k].from;
    }
    if (cur.r != b.r || cur.c != b.c) move_text(l, cur, b, mv);
}

static void decide(const coins_level *l, pl_limits *lim, bool want, minplus *out) {
    out->d = D_OPEN;
    out->result = NULL;
    out->why[0] = '\0';
    out->short_why = "";
    int n = l->n;
    if (l->grid != COINS_SQUARE || l->labelled || l->upto != COINS_EXACT) {
        snprintf(out->why, sizeof out->why, "Section 3.3.3 is about unlabelled coins on the square grid, exact target");
        out->short_why = "not the square grid, unlabelled, exact";
        return;
    }
    if (same_points(l->start, n, l->target, n)) {
        out->d = D_YES;
        out->result = "A = B";
        snprintf(out->why, sizeof out->why, "the start is the target");
        return;
    }
    frame f = {0};
    f.lim = lim;
    int r0, c0, r1, c1;
    coins_bbox(l, true, &r0, &c0, &r1, &c1);
    f.r0 = r0, f.c0 = c0, f.h = r1 - r0 + 1, f.w = c1 - c0 + 1, f.nv = f.h * f.w;
    coins_board_rect(&f.b, l, r0, c0, f.h, f.w);
    f.work = pl_xmalloc(((size_t)f.nv + 1) * sizeof *f.work);
    f.span = pl_xmalloc((size_t)f.nv);
    uint8_t *sb = pl_xmalloc((size_t)f.nv), *tmp = pl_xmalloc((size_t)f.nv);
    int size_a = span_of(&f, l->start, n, f.span);
    span_of(&f, l->target, n, sb);
    rect *R = NULL;
    int nr = 0;
    cset A = {0}, B = {0};
    int *extra = NULL, *last = NULL;
    if (memcmp(f.span, sb, (size_t)f.nv) != 0) {
        snprintf(out->why, sizeof out->why, "span(B) is not span(A) (Section 3.3.3 keeps the span)");
        out->short_why = "span(B) != span(A)";
        goto done;
    }
    nr = span_rects(&f, f.span, &R);
    int minimum = 0;
    bool all_even = true;
    for (int i = 0; i < nr; i++) {
        minimum += (R[i].r1 - R[i].r0 + 1 + R[i].c1 - R[i].c0 + 1 + 1) / 2;
        all_even = all_even && !rect_odd(R[i]);
    }
    if (n != minimum + 1) {
        snprintf(out->why, sizeof out->why,
                 "A has %d coins, a minimum configuration with its span %d (Proposition 3.20): not minimum+1", n,
                 minimum);
        out->short_why = "A is not minimum+1";
        goto done;
    }
    /* Proposition 3.29: the extra coins */
    cs_init(&f, &A, l->start, n);
    cs_init(&f, &B, l->target, n);
    extra = pl_xmalloc(((size_t)n + 1) * sizeof *extra);
    last = pl_xmalloc(((size_t)n + 1) * sizeof *last);
    int ne = 0, nl = 0;
    coins_pt *rest = pl_xmalloc(((size_t)n + 1) * sizeof *rest);
    for (int i = 0; i < n && keep_going(&f); i++) {
        int k = 0;
        for (int j = 0; j < n; j++)
            if (j != i) rest[k++] = l->start[j];
        if (span_of(&f, rest, n - 1, tmp) == size_a) extra[ne++] = i;
        if (coin_neighbours(&f, &B, l->target[i], i) >= 2) last[nl++] = i;
    }
    free(rest);
    if (f.stopped) goto done;
    if (ne == 0) {
        out->d = D_NO;
        out->result = "Proposition 3.29 + Proposition 1.10";
        snprintf(out->why, sizeof out->why,
                 "A is minimal, not minimum+1 (Proposition 3.29): every move shrinks the span (Proposition 1.10), "
                 "and B has the same span");
        goto done;
    }
    if (nl == 0) {
        out->d = D_NO;
        out->result = "Proposition 1.2";
        snprintf(out->why, sizeof out->why, "no coin of B has two neighbours in B (Proposition 1.2)");
        goto done;
    }
    if (all_even) {
        /* Proposition 3.30 with Proposition 1.3: one move or none */
        int ia = -1, ib = -1, da = 0;
        for (int i = 0; i < n; i++) {
            if (cs_find(&f, &B, l->start[i]) < 0) ia = i, da++;
            if (cs_find(&f, &A, l->target[i]) < 0) ib = i;
        }
        out->result = "Proposition 3.30 (every rectangle of the span even)";
        bool one = da == 1 && coin_neighbours(&f, &A, l->target[ib], ia) >= 2;
        out->d = one ? D_YES : D_NO;
        snprintf(out->why, sizeof out->why, "%s",
                 one ? "one move does it" : "A -> B would have to be one move, and no single move does it");
        if (one && want) move_text(l, l->start[ia], l->target[ib], out->moves);
        goto done;
    }
    /* Proposition 3.32: some extra coin a, some b with two neighbours in B */
    bool open = false, broken = false;
    for (int x = 0; x < ne && out->d != D_YES && !broken && !f.stopped; x++)
        for (int y = 0; y < nl && out->d != D_YES && !broken && keep_going(&f); y++) {
            int ia = extra[x], ib = last[y];
            pushvec pv = {0};
            decision all = D_YES;
            for (int k = 0; k < nr && all != D_NO && all != D_BROKEN; k++) {
                coins_pt *pm = pl_xmalloc(((size_t)n + 1) * sizeof *pm),
                         *pm2 = pl_xmalloc(((size_t)n + 1) * sizeof *pm2);
                int nm = 0, nm2 = 0;
                for (int i = 0; i < n; i++) {
                    if (i != ia && in_rect(R[k], l->start[i])) pm[nm++] = l->start[i];
                    if (i != ib && in_rect(R[k], l->target[i])) pm2[nm2++] = l->target[i];
                }
                decision d;
                if (same_points(pm, nm, pm2, nm2))
                    d = D_YES;
                else if (nm != nm2 || !rect_odd(R[k]))
                    d = D_NO; /* coins never change rectangle; even rectangles never change */
                else {
                    cset M, M2;
                    cs_init(&f, &M, pm, nm);
                    cs_init(&f, &M2, pm2, nm2);
                    d = decide_rect(&f, &M, &M2, R[k], &pv, want);
                    cs_free(&M);
                    cs_free(&M2);
                }
                free(pm);
                free(pm2);
                if (d == D_NO || d == D_BROKEN || (d == D_OPEN && all == D_YES)) all = d;
            }
            if (all == D_YES) {
                out->d = D_YES;
                if (want) pushes_to_moves(l, l->start[ia], &pv, l->target[ib], out->moves);
            }
            open = open || all == D_OPEN;
            broken = broken || all == D_BROKEN;
            free(pv.v);
        }
    out->result = "Proposition 3.32 + Theorem 3.38 (minimum+1, pushing game)";
    if (f.stopped) {
        out->d = D_OPEN;
        if (out->moves) pl_strvec_clear(out->moves);
    } else if (out->d == D_YES) {
        snprintf(out->why, sizeof out->why, "pushing game solved through a 2-connected configuration");
    } else if (broken) {
        out->d = D_BROKEN;
        snprintf(out->why, sizeof out->why, "Theorem 3.38's construction failed (a bug; please report the level)");
        out->short_why = "construction failed";
    } else if (open) {
        out->d = D_OPEN;
        snprintf(out->why, sizeof out->why,
                 "minimum+1, but for some choice of extra coin neither configuration of the pushing game is "
                 "2-connected (Conjecture 3.39 territory)");
        out->short_why = "neither side 2-connected";
    } else {
        out->d = D_NO;
        snprintf(out->why, sizeof out->why,
                 "for every extra coin a and every b, the fixed leaves or the coins outside their rectangles differ "
                 "(Proposition 3.35), or a rectangle that must change cannot");
    }
done:
    if (f.stopped) {
        out->d = D_OPEN;
        out->limited = true;
        snprintf(out->why, sizeof out->why, "a limit was reached while deciding");
        out->short_why = "limit reached";
    }
    free(extra);
    free(last);
    if (A.p) cs_free(&A);
    if (B.p) cs_free(&B);
    free(R);
    free(sb);
    free(tmp);
    free(f.work);
    free(f.span);
    coins_board_free(&f.b);
}

bool coins_minplus1_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    minplus m = {0};
    decide(level, req ? req->limits : NULL, false, &m);
    if (m.d == D_YES || m.d == D_NO) {
        snprintf(why, n, "%.90s decides: %.150s", m.result, m.why);
        return true;
    }
    if (m.limited) { /* in scope, but the limit came first: solve says unknown */
        snprintf(why, n, "minimum+1: %s", m.why);
        return true;
    }
    snprintf(why, n, "%s", m.why);
    return false;
}

void coins_minplus1_note(const void *level, char *buf, size_t n) {
    minplus m = {0};
    pl_limits budget; /* the note must not outlast the search it annotates */
    pl_limits_init(&budget, 0, 4096, 0);
    decide(level, &budget, false, &m);
    if (m.d == D_YES || m.d == D_NO)
        snprintf(buf, n, "minplus1 would decide (%s)", m.result);
    else
        snprintf(buf, n, "no minimum+1 result decides (%s)", m.short_why);
}

int coins_minplus1_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)req;
    (void)err;
    minplus m = {0};
    m.moves = &out->moves;
    decide(level, req ? req->limits : NULL, true, &m);
    out->algorithm = "minplus1";
    out->optimal = -1;
    if (m.d == D_YES) {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "length", out->moves.n);
        snprintf(out->note, sizeof out->note, "%.90s: %.120s (not necessarily shortest)", m.result, m.why);
    } else if (m.d == D_NO) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "%.90s: %.150s", m.result, m.why);
    } else {
        out->status = PL_UNKNOWN;
        pl_strvec_clear(&out->moves);
        if (m.limited && req && req->limits) out->limit_hit = req->limits->hit;
        snprintf(out->note, sizeof out->note, "%s", m.why);
    }
    if (req && req->limits) out->nodes = req->limits->nodes;
    return 0;
}

/* Proposition 3.29 for `info`: is A minimum+1, and which coins can be the
 * "+1" (the first coin moved if the span is to be kept). O(N^3). */
void coins_minplus1_info(const coins_level *l, json_t *o) {
    if (l->grid != COINS_SQUARE || l->n == 0) return;
    int n = l->n, r0, c0, r1, c1;
    coins_bbox(l, false, &r0, &c0, &r1, &c1);
    frame f = {0};
    f.r0 = r0, f.c0 = c0, f.h = r1 - r0 + 1, f.w = c1 - c0 + 1, f.nv = f.h * f.w;
    coins_board_rect(&f.b, l, r0, c0, f.h, f.w);
    f.work = pl_xmalloc(((size_t)f.nv + 1) * sizeof *f.work);
    f.span = pl_xmalloc((size_t)f.nv);
    uint8_t *tmp = pl_xmalloc((size_t)f.nv);
    int size = span_of(&f, l->start, n, f.span);
    rect *R = NULL;
    int nr = span_rects(&f, f.span, &R), minimum = 0;
    for (int i = 0; i < nr; i++) minimum += (R[i].r1 - R[i].r0 + 1 + R[i].c1 - R[i].c0 + 1 + 1) / 2;
    char buf[512];
    if (n != minimum + 1) {
        snprintf(buf, sizeof buf, "no: %d coins, a minimum configuration with span(A) has %d (Proposition 3.20)", n,
                 minimum);
    } else {
        coins_pt *rest = pl_xmalloc((size_t)n * sizeof *rest);
        int len = snprintf(buf, sizeof buf, "yes (Proposition 3.29); extra coins:"), found = 0;
        for (int i = 0; i < n; i++) {
            int k = 0;
            for (int j = 0; j < n; j++)
                if (j != i) rest[k++] = l->start[j];
            if (span_of(&f, rest, n - 1, tmp) != size) continue;
            if (found++ < 16 && len < (int)sizeof buf - 32) {
                char pt[48];
                coins_pt_text(l, l->start[i], pt, sizeof pt);
                len += snprintf(buf + len, sizeof buf - (size_t)len, " %s", pt);
            }
        }
        if (found > 16) snprintf(buf + len, sizeof buf - (size_t)len, " ... (%d in all)", found);
        if (!found)
            snprintf(buf, sizeof buf, "no: %d coins, one more than the minimum, but A is minimal (Proposition 3.29)",
                     n);
        free(rest);
    }
    json_object_set_new(o, "minimum_plus_1", json_string(buf));
    free(R);
    free(tmp);
    free(f.work);
    free(f.span);
    coins_board_free(&f.b);
}
