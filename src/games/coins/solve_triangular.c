/* The triangular grid solved (Galliot 2019, Section 2, Appendix A.2).
 *
 * Unlabelled (Theorem 2.4): when A allows a move and A != B, A -> B iff
 * (i) B contains a triangle, (ii) a path of 4 coins, (iii) a component of at
 * least 3 coins and another of at least 2, or (iv) one move takes A to B.
 * Otherwise B is a set of components of at most 2 coins (Proposition 1.2) or
 * a star plus isolated coins (Proposition 1.3). The construction
 * (Algorithm 9) plays the permissive game G' of Section 1.4: form a triangle
 * (two moves at most), take every other coin, BREAK B (Algorithm 8: remove
 * coins with two neighbours left while there are any, leaving B- made of
 * components of 1 or 2 coins), walk the triangle (Algorithms 3-7: a coin
 * crosses the other two) onto each component of B- in turn, leave the
 * component there and drop one or two coins to rebuild a triangle beside it,
 * take the last triangle's spare coins, and drop the broken coins back in
 * reverse order; CLEAN (Algorithm 2, tri_clean.c) turns this into real moves.
 * The proof visits singles first, then pairs; its reserve count only needs
 * the last component to be a pair when there is one, so by default the
 * components are visited in one boustrophedon sweep of rows with a pair
 * moved last (--order paper: singles, then pairs, each group swept), which
 * halves the walking on sparse targets.
 * Time and moves O(d_AB + n d_B) (d_B: diameter of B; d_AB: farthest pair
 * of A and B), plus O(n log n) for the order, within the bound since
 * d_B >= sqrt(n)/2 on the lattice. Up to translation the target is placed so
 * that its first component sits where the triangle formed, so d_AB drops out;
 * rotations do not change (i)-(iii), only the one-move test (iv).
 *
 * Labelled, n >= 4 (Theorem 2.5): form a triangle and stick every coin to it
 * in a straight strip q1, q2, ... (q_i = q_{i-1} + q_{i-2} - q_{i-3}: each
 * new position touches the two before). Run the unlabelled plan from the
 * strip, track where each strip position ends, and pre-permute the labels on
 * the strip so they end right: transpositions (1 i) of strip positions, each
 * three moves through a free spot X beside the strip (q_i -> X, q1 -> q_i,
 * X -> q1), at most 3n/2 transpositions. O(d_AB + n d_B) as above.
 *
 * Labelled, n = 3 (Theorem 2.7): after two moves three coins always form a
 * triangle, and a coin crossing the other two keeps its colour in the
 * 3-colouring (r + 2c) mod 3, so a triangle keeps its class (the cyclic order
 * of its labels' colours). B not connected: no; B a path: one move or no;
 * B a triangle: some configuration two moves away is a triangle with B's
 * colours (exact) or class (translation), or any triangle (translation and
 * rotation: a 60-degree turn swaps the classes); then the triangle walks to
 * B and the colours put the labels right. O(d_AB). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tri.h"

static const int DR[6] = {0, -1, -1, 0, 1, 1}, DC[6] = {1, 1, 0, -1, -1, 0};

static coins_pt at(coins_pt p, int dr, int dc) {
    return (coins_pt){p.r + dr, p.c + dc};
}
static coins_pt step(coins_pt p, int k) {
    return (coins_pt){p.r + DR[k % 6], p.c + DC[k % 6]};
}
static bool same(coins_pt a, coins_pt b) {
    return a.r == b.r && a.c == b.c;
}
static int dir_of(coins_pt a, coins_pt b) {
    for (int k = 0; k < 6; k++)
        if (b.r - a.r == DR[k] && b.c - a.c == DC[k]) return k;
    return -1;
}
static int colour(coins_pt p) {
    return (int)((((long long)p.r + 2LL * p.c) % 3 + 3) % 3);
}

/* ---------- triangles (Appendix A.2.1) ----------
 * The paper's coordinates (x, y) are ours (r, c): the same six neighbours.
 * Up at l: {l, c = l+(0,1), r = l+(1,0)}; down at l: {l, r = l+(1,0),
 * c = l+(1,-1)}. */
typedef struct tri {
    coins_pt l;
    bool up;
} tri;

static void tri_pts(tri t, coins_pt *l, coins_pt *c, coins_pt *r) {
    *l = t.l;
    *r = at(t.l, 1, 0);
    *c = t.up ? at(t.l, 0, 1) : at(t.l, 1, -1);
}

static bool tri_from(const coins_pt p[3], tri *out) {
    for (int i = 0; i < 3; i++) {
        coins_pt a = p[(i + 1) % 3], b = p[(i + 2) % 3], l = p[i];
        coins_pt r = at(l, 1, 0), cu = at(l, 0, 1), cd = at(l, 1, -1);
        if ((same(a, r) && same(b, cu)) || (same(b, r) && same(a, cu))) {
            *out = (tri){l, true};
            return true;
        }
        if ((same(a, r) && same(b, cd)) || (same(b, r) && same(a, cd))) {
            *out = (tri){l, false};
            return true;
        }
    }
    return false;
}

static void mv(tri_acts *acts, coins_pt o, coins_pt d) {
    tri_acts_push(acts, TRI_MOVE, o, d);
}

/* Algorithms 3-6: one unit in each direction, two moves each. */
static tri tri_right(tri t, tri_acts *acts) {
    coins_pt l, c, r;
    tri_pts(t, &l, &c, &r);
    mv(acts, l, at(c, 1, 0));
    mv(acts, c, at(r, 1, 0));
    return (tri){at(t.l, 1, 0), t.up};
}
static tri tri_left(tri t, tri_acts *acts) {
    coins_pt l, c, r;
    tri_pts(t, &l, &c, &r);
    mv(acts, r, at(c, -1, 0));
    mv(acts, c, at(l, -1, 0));
    return (tri){at(t.l, -1, 0), t.up};
}
static tri tri_upward(tri t, tri_acts *acts) {
    coins_pt l, c, r;
    tri_pts(t, &l, &c, &r);
    if (t.up) {
        mv(acts, l, at(r, 0, 1));
        mv(acts, r, at(c, 0, 1));
    } else {
        mv(acts, c, at(l, 0, 1));
        mv(acts, l, at(r, 0, 1));
    }
    return (tri){at(t.l, 0, 1), t.up};
}
/* The text of Algorithm 6 has, for a downward triangle, (r -> l+(0,-1),
 * c -> r+(0,-1)); but r+(0,-1) is c itself. The moves that work are
 * r -> l+(0,-1), then l -> c+(0,-1). */
static tri tri_downward(tri t, tri_acts *acts) {
    coins_pt l, c, r;
    tri_pts(t, &l, &c, &r);
    if (t.up) {
        mv(acts, c, at(r, 0, -1));
        mv(acts, r, at(l, 0, -1));
    } else {
        mv(acts, r, at(l, 0, -1));
        mv(acts, l, at(c, 0, -1));
    }
    return (tri){at(t.l, 0, -1), t.up};
}

/* Algorithm 7: turn (one move) if needed, then the second coordinate, then
 * the first. O(distance) moves. */
static tri tri_walk(tri cur, tri to, tri_acts *acts) {
    if (cur.up != to.up) {
        coins_pt l, c, r;
        tri_pts(cur, &l, &c, &r);
        mv(acts, l, at(c, 1, 0));
        coins_pt p[3] = {c, r, at(c, 1, 0)};
        tri_from(p, &cur);
    }
    while (cur.l.c < to.l.c) cur = tri_upward(cur, acts);
    while (cur.l.c > to.l.c) cur = tri_downward(cur, acts);
    while (cur.l.r < to.l.r) cur = tri_right(cur, acts);
    while (cur.l.r > to.l.r) cur = tri_left(cur, acts);
    return cur;
}

/* ---------- configurations ---------- */
static void map_of(tri_pmap *m, const coins_pt *p, int n) {
    tri_pmap_init(m, (size_t)n);
    for (int i = 0; i < n; i++) tri_pmap_set(m, p[i], i);
}

static int neighbours_in(const tri_pmap *m, coins_pt p) {
    int k = 0;
    for (int d = 0; d < 6; d++) k += tri_pmap_get(m, step(p, d)) >= 0;
    return k;
}

/* A free position with two coins adjacent: then (n >= 3) A allows a move. */
static bool find_move_spot(const coins_pt *A, int n, const tri_pmap *m, coins_pt *p, int *a1, int *a2) {
    if (n < 3) return false;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 6; k++) {
            coins_pt q = step(A[i], k);
            if (tri_pmap_get(m, q) >= 0) continue;
            int found[2], nf = 0;
            for (int d = 0; d < 6 && nf < 2; d++) {
                int j = tri_pmap_get(m, step(q, d));
                if (j >= 0) found[nf++] = j;
            }
            if (nf == 2) {
                *p = q;
                *a1 = found[0];
                *a2 = found[1];
                return true;
            }
        }
    return false;
}

/* Step 1 of Theorem 2.4: at most two real moves put three coins in a
 * triangle. cur (positions) and m (position -> index) follow the moves. */
static bool form_triangle(coins_pt *cur, int n, tri_pmap *m, tri_moves *out, coins_pt T[3]) {
    coins_pt p;
    int a1, a2;
    if (!find_move_spot(cur, n, m, &p, &a1, &a2)) return false;
    int a3 = 0;
    while (a3 == a1 || a3 == a2) a3++;
    tri_moves_push(out, cur[a3], p);
    tri_pmap_set(m, cur[a3], -1);
    cur[a3] = p;
    tri_pmap_set(m, p, a3);
    int k = dir_of(cur[a1], p);
    coins_pt q1 = step(cur[a1], k + 1), q2 = step(cur[a1], k + 5), q = q1;
    if (tri_pmap_get(m, q1) < 0 && tri_pmap_get(m, q2) >= 0) q = q2;
    if (tri_pmap_get(m, q) < 0) {
        tri_moves_push(out, cur[a2], q);
        tri_pmap_set(m, cur[a2], -1);
        cur[a2] = q;
        tri_pmap_set(m, q, a2);
    }
    T[0] = cur[a1];
    T[1] = p;
    T[2] = q;
    return true;
}

/* The conditions of Theorem 2.4 on B (invariant under translations and
 * rotations). */
typedef struct shape {
    bool triangle, path4, comp32; /* (i), (ii), (iii) */
    int ncomp3, ncomp2;           /* components of >= 3 coins, of >= 2 coins */
    bool connected;
    int centre; /* a star's centre: the only coin with two neighbours, or -1 */
} shape;

static void analyse_shape(const coins_pt *B, int n, shape *s) {
    memset(s, 0, sizeof *s);
    s->centre = -1;
    tri_pmap m;
    map_of(&m, B, n);
    int *deg = pl_xcalloc((size_t)n + 1, sizeof *deg), *stack = pl_xmalloc(((size_t)n + 1) * sizeof *stack);
    int *comp = pl_xmalloc(((size_t)n + 1) * sizeof *comp);
    int nwide = 0;
    for (int i = 0; i < n; i++) {
        comp[i] = -1;
        for (int k = 0; k < 6; k++) {
            bool a = tri_pmap_get(&m, step(B[i], k)) >= 0;
            deg[i] += a;
            if (a && tri_pmap_get(&m, step(B[i], k + 1)) >= 0) s->triangle = true;
        }
        if (deg[i] >= 2) s->centre = i, nwide++;
    }
    if (nwide != 1) s->centre = -1;
    /* (ii): an edge uv with another neighbour x of u and y of v, x != y */
    for (int i = 0; i < n && !s->path4; i++)
        for (int k = 0; k < 6 && !s->path4; k++) {
            int j = tri_pmap_get(&m, step(B[i], k));
            if (j < 0 || deg[i] < 2 || deg[j] < 2) continue;
            if (deg[i] >= 3 || deg[j] >= 3) {
                s->path4 = true;
                break;
            }
            coins_pt x = B[i], y = B[j];
            for (int d = 0; d < 6; d++) {
                int a = tri_pmap_get(&m, step(B[i], d)), b = tri_pmap_get(&m, step(B[j], d));
                if (a >= 0 && a != j) x = B[a];
                if (b >= 0 && b != i) y = B[b];
            }
            if (!same(x, y)) s->path4 = true;
        }
    int ncomp = 0;
    for (int i = 0; i < n; i++) {
        if (comp[i] >= 0) continue;
        int top = 0, size = 0;
        stack[top++] = i;
        comp[i] = ncomp;
        while (top) {
            int u = stack[--top];
            size++;
            for (int k = 0; k < 6; k++) {
                int v = tri_pmap_get(&m, step(B[u], k));
                if (v >= 0 && comp[v] < 0) {
                    comp[v] = ncomp;
                    stack[top++] = v;
                }
            }
        }
        ncomp++;
        s->ncomp3 += size >= 3;
        s->ncomp2 += size >= 2;
    }
    s->connected = ncomp <= 1;
    s->comp32 = s->ncomp3 >= 1 && s->ncomp2 >= 2;
    free(deg);
    free(stack);
    free(comp);
    tri_pmap_free(&m);
}

/* ---------- Algorithm 9 in G' ---------- */
typedef struct comp {
    int a, b; /* coins of B (b = -1: a single coin) */
    int k;    /* pair: B[b] = B[a] + direction k */
    long long key1, key2;
} comp;

static int cmp_comp(const void *x, const void *y) {
    const comp *p = x, *q = y;
    if (p->key1 != q->key1) return p->key1 < q->key1 ? -1 : 1;
    return (p->key2 > q->key2) - (p->key2 < q->key2);
}

/* T(C) and T'(C) of Notation 2.3 (figures reconstructed): a single c has
 * T = {c, c+d0, c+d1} and T' = {c+d0, c+d1, c+d0+d1} (c crossed over);
 * a pair c, c+dk has T = {c, c+dk, p1 = c+d(k+1)}, p2 = c+dk+d(k+1) (c
 * crossed over c+dk, p1), p3 = c+2d(k+1) (c+dk crossed over p1, p2), and
 * T' = {p1, p2, p3}, disjoint from the pair. */
static void comp_points(const comp *cp, const coins_pt *B, coins_pt t, coins_pt T[3], coins_pt Tp[3]) {
    coins_pt c = at(B[cp->a], t.r, t.c);
    if (cp->b < 0) {
        T[0] = c;
        T[1] = step(c, 0);
        T[2] = step(c, 1);
        Tp[0] = T[1];
        Tp[1] = T[2];
        Tp[2] = step(step(c, 0), 1);
    } else {
        int k = cp->k;
        T[0] = c;
        T[1] = step(c, k);
        T[2] = step(c, k + 1);
        Tp[0] = T[2];
        Tp[1] = step(step(c, k), k + 1);
        Tp[2] = step(step(c, k + 1), k + 1);
    }
}

/* Actions of G' from the n coins at A (A allows a move) to B placed at
 * B + t, for B satisfying (i), (ii) or (iii). translate: choose t (else 0).
 * The first (at most two) actions are the triangle's real moves. */
static int plan_unlabelled(const coins_pt *A, int n, const coins_pt *B, bool translate, bool paper_order,
                           tri_acts *acts, coins_pt *t_out, pl_limits *lim) {
    coins_pt *cur = pl_xmalloc((size_t)n * sizeof *cur);
    memcpy(cur, A, (size_t)n * sizeof *cur);
    tri_pmap m;
    map_of(&m, cur, n);
    tri_moves first = {0};
    coins_pt T[3], Tp[3], T0[3];
    form_triangle(cur, n, &m, &first, T0);
    for (size_t i = 0; i < first.n; i++) mv(acts, first.m[i].from, first.m[i].to);
    free(first.m);
    for (int i = 0; i < n; i++)
        if (!same(cur[i], T0[0]) && !same(cur[i], T0[1]) && !same(cur[i], T0[2]))
            tri_acts_push(acts, TRI_TAKE, cur[i], cur[i]);
    tri_pmap_free(&m);
    free(cur);

    /* Algorithm 8: BREAK */
    tri_pmap bm;
    map_of(&bm, B, n);
    int *deg = pl_xcalloc((size_t)n, sizeof *deg), *queue = pl_xmalloc((size_t)n * sizeof *queue);
    int *broken = pl_xmalloc((size_t)n * sizeof *broken), ne = 0, nq = 0;
    uint8_t *gone = pl_xcalloc((size_t)n, 1);
    for (int i = 0; i < n; i++) {
        deg[i] = neighbours_in(&bm, B[i]);
        if (deg[i] >= 2) queue[nq++] = i;
    }
    for (int h = 0; h < nq; h++) { /* degrees only fall, so each coin is queued once */
        int i = queue[h];
        if (deg[i] < 2) continue;
        gone[i] = 1;
        broken[ne++] = i;
        tri_pmap_set(&bm, B[i], -1);
        for (int k = 0; k < 6; k++) {
            int j = tri_pmap_get(&bm, step(B[i], k));
            if (j >= 0) deg[j]--;
        }
    }
    /* components of B- (1 or 2 coins) in boustrophedon order of rows: one
     * sweep, then a pair moved last (the reserve count of the proof only
     * needs the last component to be a pair when there is one); paper_order:
     * singles first, then pairs, each group swept */
    comp *cs = pl_xmalloc((size_t)n * sizeof *cs);
    int nc = 0;
    for (int pass = 0; pass < 2; pass++) {
        int from = nc;
        for (int i = 0; i < n; i++) {
            if (gone[i]) continue;
            int j = -1, kk = -1;
            for (int k = 0; k < 6 && j < 0; k++) {
                j = tri_pmap_get(&bm, step(B[i], k));
                kk = k;
            }
            if ((j >= 0 && j < i) || (paper_order && (pass == 0) != (j < 0)) || (!paper_order && pass == 1)) continue;
            comp c = {i, j, kk, B[i].r, (B[i].r & 1) ? -(long long)B[i].c : B[i].c};
            cs[nc++] = c;
        }
        qsort(cs + from, (size_t)(nc - from), sizeof *cs, cmp_comp);
    }
    if (!paper_order) {
        int last = nc - 1;
        while (last >= 0 && cs[last].b < 0) last--;
        if (last >= 0 && last < nc - 1) {
            comp c = cs[last];
            memmove(cs + last, cs + last + 1, (size_t)(nc - 1 - last) * sizeof *cs);
            cs[nc - 1] = c;
        }
    }
    coins_pt t = {0, 0};
    comp_points(&cs[0], B, t, T, Tp);
    tri want, now;
    tri_from(T, &want);
    tri_from(T0, &now);
    if (translate) {
        t = (coins_pt){now.l.r - want.l.r, now.l.c - want.l.c};
    }
    int rc = 0;
    for (int i = 0; i < nc; i++) {
        if (lim && !pl_limits_tick(lim)) {
            rc = -1;
            break;
        }
        comp_points(&cs[i], B, t, T, Tp);
        tri_from(T, &want);
        now = tri_walk(now, want, acts);
        if (i < nc - 1) {
            if (cs[i].b < 0) {
                tri_acts_push(acts, TRI_DROP, Tp[2], Tp[2]);
            } else {
                tri_acts_push(acts, TRI_DROP, Tp[1], Tp[1]);
                tri_acts_push(acts, TRI_DROP, Tp[2], Tp[2]);
            }
            tri_from(Tp, &now);
        } else if (cs[i].b < 0) {
            tri_acts_push(acts, TRI_TAKE, T[1], T[1]);
            tri_acts_push(acts, TRI_TAKE, T[2], T[2]);
        } else {
            tri_acts_push(acts, TRI_TAKE, T[2], T[2]);
        }
    }
    for (int i = ne - 1; i >= 0; i--) {
        coins_pt b = at(B[broken[i]], t.r, t.c);
        tri_acts_push(acts, TRI_DROP, b, b);
    }
    *t_out = t;
    free(deg);
    free(queue);
    free(broken);
    free(gone);
    free(cs);
    tri_pmap_free(&bm);
    return rc;
}

/* ---------- (iv): one move ---------- */
static int lex_less(coins_pt a, coins_pt b) {
    return a.r < b.r || (a.r == b.r && a.c < b.c);
}

/* A move from A to a placement of B, which is a star plus isolated coins
 * with the given centre (the only coin with two neighbours in B, so the
 * only place the moved coin can end). Translations: the smallest coin of
 * B minus the centre lands on one of the two smallest coins of A. */
static bool one_move(const coins_level *l, int centre, coins_pt *from, coins_pt *to) {
    int n = l->n;
    if (centre < 0 || n < 3) return false;
    const coins_pt *A = l->start;
    tri_pmap am;
    map_of(&am, A, n);
    int nrot = l->upto == COINS_ROTATION ? 6 : 1;
    bool translate = l->upto != COINS_EXACT, found = false;
    coins_pt *Bk = pl_xmalloc((size_t)n * sizeof *Bk);
    int s0 = 0, s1 = 1; /* the two smallest coins of A */
    if (lex_less(A[1], A[0])) s0 = 1, s1 = 0;
    for (int i = 2; i < n; i++) {
        if (lex_less(A[i], A[s0]))
            s1 = s0, s0 = i;
        else if (lex_less(A[i], A[s1]))
            s1 = i;
    }
    for (int k = 0; k < nrot && !found; k++) {
        for (int i = 0; i < n; i++) Bk[i] = coins_rotate(l, l->target[i], k);
        coins_pt cand[2];
        int ncand = 0;
        if (!translate) {
            cand[ncand++] = (coins_pt){0, 0};
        } else if (l->labelled) {
            int j = centre == 0 ? 1 : 0;
            cand[ncand++] = (coins_pt){A[j].r - Bk[j].r, A[j].c - Bk[j].c};
        } else {
            int m = centre == 0 ? 1 : 0;
            for (int i = 0; i < n; i++)
                if (i != centre && lex_less(Bk[i], Bk[m])) m = i;
            cand[ncand++] = (coins_pt){A[s0].r - Bk[m].r, A[s0].c - Bk[m].c};
            cand[ncand++] = (coins_pt){A[s1].r - Bk[m].r, A[s1].c - Bk[m].c};
        }
        for (int ci = 0; ci < ncand && !found; ci++) {
            coins_pt t = cand[ci];
            int mover = -1;
            bool ok = true;
            if (l->labelled) {
                for (int i = 0; i < n && ok; i++)
                    if (i != centre) ok = same(A[i], at(Bk[i], t.r, t.c));
                mover = centre;
            } else {
                tri_pmap dm; /* B minus the centre, translated */
                tri_pmap_init(&dm, (size_t)n);
                for (int i = 0; i < n; i++)
                    if (i != centre) tri_pmap_set(&dm, at(Bk[i], t.r, t.c), i);
                for (int i = 0; i < n && ok; i++)
                    if (tri_pmap_get(&dm, A[i]) < 0) {
                        ok = mover < 0;
                        mover = i;
                    }
                tri_pmap_free(&dm);
                ok = ok && mover >= 0;
            }
            if (!ok) continue;
            coins_pt d = at(Bk[centre], t.r, t.c);
            if (tri_pmap_get(&am, d) >= 0) continue;
            int k2 = 0;
            for (int dd = 0; dd < 6; dd++) {
                int j = tri_pmap_get(&am, step(d, dd));
                k2 += j >= 0 && j != mover;
            }
            if (k2 < 2) continue;
            *from = A[mover];
            *to = d;
            found = true;
        }
    }
    free(Bk);
    tri_pmap_free(&am);
    return found;
}

/* --order: sweep (default) or paper; -1 on a bad value. */
static int order_option(const pl_request *req, bool *paper, pl_error *err) {
    const char *v = req->opts ? pl_opts_get(req->opts, "order") : NULL;
    *paper = false;
    if (!v || strcmp(v, "sweep") == 0) return 0;
    if (strcmp(v, "paper") == 0) {
        *paper = true;
        return 0;
    }
    return pl_error_set(err, NULL, 0, 0, "--order: expected sweep or paper, got '%s'", v);
}

/* ---------- output ---------- */
/* Moves to notation, in time linear in their number; false on a time limit. */
static bool emit(const coins_level *l, const tri_moves *m, pl_solution *out, pl_limits *lim) {
    char buf[96];
    for (size_t i = 0; i < m->n; i++) {
        if (lim && (i & 8191) == 8191 && !pl_limits_check_time(lim)) {
            pl_strvec_clear(&out->moves);
            return false;
        }
        coins_move_text(l, m->m[i].from, m->m[i].to, buf, sizeof buf);
        pl_strvec_push(&out->moves, buf);
    }
    return true;
}

static void set_limit(pl_solution *out, pl_limits *lim) {
    out->status = PL_UNKNOWN;
    out->limit_hit = lim && lim->hit ? lim->hit : PL_LIMIT_TIME;
    if (lim && !lim->hit) lim->hit = PL_LIMIT_TIME;
    snprintf(out->note, sizeof out->note, "a limit was reached while building the certificate");
}

static void solved(const coins_level *l, const tri_moves *m, pl_solution *out, pl_limits *lim) {
    if (!emit(l, m, out, lim)) {
        set_limit(out, lim);
        return;
    }
    out->status = PL_SOLVED;
    pl_solution_set_value(out, "length", out->moves.n);
}

static const char *condition_text(const shape *s) {
    return s->triangle ? "(i) B contains a triangle"
           : s->path4  ? "(ii) B contains a path of 4 coins"
                       : "(iii) B has a component of 3 or more coins and another of 2 or more";
}

static void unsolvable(pl_solution *out, const shape *s, const char *theorem) {
    out->status = PL_UNSOLVABLE;
    if (s->ncomp3 == 0)
        snprintf(out->note, sizeof out->note,
                 "%s: no coin of B has two neighbours in B, so no last move can build it (Proposition 1.2)", theorem);
    else
        snprintf(out->note, sizeof out->note,
                 "%s: B is a star plus isolated coins: no triangle (i), no path of 4 coins (ii), no second "
                 "component of 2 coins (iii), and no single move from A reaches it (iv, Proposition 1.3)",
                 theorem);
}

/* Common start: A already the target, or A without a move. true when decided. */
static bool trivial(const coins_level *l, pl_solution *out, const char *theorem) {
    if (coins_config_matches(l, l->start, NULL, 0)) {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "length", 0);
        snprintf(out->note, sizeof out->note, "%s: A is already the target", theorem);
        return true;
    }
    tri_pmap am;
    map_of(&am, l->start, l->n);
    coins_pt p;
    int a1, a2;
    bool moves = find_move_spot(l->start, l->n, &am, &p, &a1, &a2);
    tri_pmap_free(&am);
    if (!moves) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "%s: A allows no move (%s), and A is not the target", theorem,
                 l->n < 3 ? "a move needs two other coins" : "no free position has two coins adjacent");
        return true;
    }
    return false;
}

bool coins_tri_unlabelled_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const coins_level *l = level;
    if (l->grid != COINS_TRIANGULAR) {
        snprintf(why, n, "only the triangular grid");
        return false;
    }
    if (l->labelled) {
        snprintf(why, n, "labelled coins: see theorem-2.5");
        return false;
    }
    snprintf(why, n, "triangular grid, unlabelled: Theorem 2.4 decides, Algorithm 9 builds the certificate");
    return true;
}

bool coins_tri_labelled_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const coins_level *l = level;
    if (l->grid != COINS_TRIANGULAR) {
        snprintf(why, n, "only the triangular grid");
        return false;
    }
    if (!l->labelled) {
        snprintf(why, n, "unlabelled coins: see theorem-2.4");
        return false;
    }
    snprintf(why, n, "triangular grid, labelled: Theorem 2.5 (4 coins or more) or Theorem 2.7 (3 coins) decides");
    return true;
}

int coins_tri_unlabelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const coins_level *l = level;
    char why[256];
    out->algorithm = "theorem-2.4";
    out->optimal = 0;
    if (!coins_tri_unlabelled_applies(level, req, why, sizeof why))
        return pl_error_set(err, NULL, 0, 0, "theorem-2.4: %s", why);
    bool paper_order;
    if (order_option(req, &paper_order, err)) return -1;
    pl_limits *lim = req->limits;
    if (trivial(l, out, "Theorem 2.4")) return 0;
    shape s;
    analyse_shape(l->target, l->n, &s);
    if (s.triangle || s.path4 || s.comp32) {
        tri_acts acts = {0};
        tri_moves res = {0};
        coins_pt t;
        int rc = 0;
        if (plan_unlabelled(l->start, l->n, l->target, l->upto != COINS_EXACT, paper_order, &acts, &t, lim)) {
            set_limit(out, lim);
        } else if ((rc = tri_clean(l->start, l->n, &acts, &res, lim, why, sizeof why)) != 0) {
            if (rc == -2)
                set_limit(out, lim), rc = 0;
            else
                rc = pl_error_set(err, NULL, 0, 0, "theorem-2.4: internal error: %s", why);
        } else {
            solved(l, &res, out, lim);
            if (out->status == PL_SOLVED)
                snprintf(out->note, sizeof out->note,
                         "Theorem 2.4 %s; Algorithm 9: %zu actions in G', %zu moves after CLEAN", condition_text(&s),
                         acts.n, res.n);
        }
        free(acts.a);
        free(res.m);
        return rc;
    }
    coins_pt from, to;
    if (one_move(l, s.centre, &from, &to)) {
        tri_moves res = {0};
        tri_moves_push(&res, from, to);
        solved(l, &res, out, lim);
        free(res.m);
        snprintf(out->note, sizeof out->note, "Theorem 2.4 (iv): one move from A reaches B");
        return 0;
    }
    unsolvable(out, &s, "Theorem 2.4");
    return 0;
}

/* ---------- labelled, n >= 4 (Theorem 2.5) ---------- */
static void push_swap(tri_moves *m, const coins_pt *q, int k) {
    /* transposition (1 k+1) of strip positions through a free spot X beside
     * the strip, touching two strip coins other than q[k] */
    coins_pt X = k == 2 ? (coins_pt){q[1].r + q[3].r - q[2].r, q[1].c + q[3].c - q[2].c}
                        : (coins_pt){q[0].r + q[2].r - q[1].r, q[0].c + q[2].c - q[1].c};
    tri_moves_push(m, q[k], X);
    tri_moves_push(m, q[0], q[k]);
    tri_moves_push(m, X, q[0]);
}

/* 0, -1 on a limit, -2 internal error (why). */
static int labelled_plan(const coins_level *l, bool paper_order, tri_moves *res, pl_limits *lim, char *why, size_t wn) {
    int n = l->n;
    coins_pt *cur = pl_xmalloc((size_t)n * sizeof *cur), *q = pl_xmalloc((size_t)n * sizeof *q), T[3];
    memcpy(cur, l->start, (size_t)n * sizeof *cur);
    tri_pmap m;
    map_of(&m, cur, n);
    form_triangle(cur, n, &m, res, T);
    /* step 1: the strip q[0..n-1] */
    int *lab = pl_xmalloc((size_t)n * sizeof *lab), *want = pl_xmalloc((size_t)n * sizeof *want);
    int *wantpos = pl_xmalloc((size_t)n * sizeof *wantpos);
    uint8_t *in = pl_xcalloc((size_t)n, 1);
    int next = 0;
    for (int i = 0; i < n; i++) {
        q[i] = i < 3 ? T[i] : (coins_pt){q[i - 1].r + q[i - 2].r - q[i - 3].r, q[i - 1].c + q[i - 2].c - q[i - 3].c};
        int j = tri_pmap_get(&m, q[i]);
        if (j < 0) { /* bring the next coin not yet in the strip: q[i] touches q[i-1], q[i-2] */
            while (in[next]) next++;
            j = next;
            tri_moves_push(res, cur[j], q[i]);
            tri_pmap_set(&m, cur[j], -1);
            cur[j] = q[i];
            tri_pmap_set(&m, q[i], j);
        }
        lab[i] = j;
        in[j] = 1;
    }
    tri_pmap_free(&m);
    /* step 2: the unlabelled plan from the strip */
    tri_acts acts = {0};
    tri_moves plan = {0};
    coins_pt t;
    int rc = 0;
    if (plan_unlabelled(q, n, l->target, l->upto != COINS_EXACT, paper_order, &acts, &t, lim)) {
        rc = -1;
    } else if ((rc = tri_clean(q, n, &acts, &plan, lim, why, wn)) != 0) {
        rc = rc == -2 ? -1 : -2;
    } else {
        /* step 3: where each strip position ends, hence the label it needs */
        tri_pmap pm, bm;
        map_of(&pm, q, n);
        memcpy(cur, q, (size_t)n * sizeof *cur);
        for (size_t i = 0; i < plan.n; i++) {
            int id = tri_pmap_get(&pm, plan.m[i].from);
            tri_pmap_set(&pm, plan.m[i].from, -1);
            tri_pmap_set(&pm, plan.m[i].to, id);
            cur[id] = plan.m[i].to;
        }
        tri_pmap_free(&pm); /* cur[i]: where the coin starting at q[i] ends */
        tri_pmap_init(&bm, (size_t)n);
        for (int c = 0; c < n; c++) tri_pmap_set(&bm, at(l->target[c], t.r, t.c), c);
        for (int i = 0; i < n; i++) {
            want[i] = tri_pmap_get(&bm, cur[i]);
            if (want[i] < 0) {
                snprintf(why, wn, "the unlabelled plan does not end on the target");
                rc = -2;
            }
        }
        tri_pmap_free(&bm);
        if (rc == 0) {
            for (int i = 0; i < n; i++) wantpos[want[i]] = i;
            int s = 1;
            for (;;) { /* at most n fixes plus one per cycle */
                int k;
                if (lab[0] != want[0]) {
                    k = wantpos[lab[0]];
                } else {
                    while (s < n && lab[s] == want[s]) s++;
                    if (s == n) break;
                    k = s;
                }
                push_swap(res, q, k);
                int x = lab[0];
                lab[0] = lab[k];
                lab[k] = x;
            }
            for (size_t i = 0; i < plan.n; i++) tri_moves_push(res, plan.m[i].from, plan.m[i].to);
        }
    }
    free(acts.a);
    free(plan.m);
    free(cur);
    free(q);
    free(lab);
    free(want);
    free(wantpos);
    free(in);
    return rc;
}

/* ---------- labelled, n = 3 (Theorem 2.7) ---------- */
static bool is_triangle(const coins_pt p[3]) {
    return dir_of(p[0], p[1]) >= 0 && dir_of(p[1], p[2]) >= 0 && dir_of(p[0], p[2]) >= 0;
}
static int tri_class(const coins_pt p[3]) { /* the cyclic order of the labels' colours */
    return (colour(p[1]) - colour(p[0]) + 3) % 3;
}

typedef struct node3 {
    coins_pt p[3];
    tri_move path[2];
    int len;
} node3;

/* Every configuration at most two moves from A (with the moves). */
static int within_two(const coins_pt *A, node3 *out) {
    int k = 0;
    memcpy(out[k].p, A, sizeof out[k].p);
    out[k++].len = 0;
    for (int h = 0; h < k; h++) {
        if (out[h].len == 2) continue;
        for (int i = 0; i < 3; i++) {
            coins_pt x = out[h].p[(i + 1) % 3], y = out[h].p[(i + 2) % 3];
            for (int d = 0; d < 6; d++) { /* the common neighbours of the other two */
                coins_pt z = step(x, d);
                if (dir_of(z, y) < 0 || same(z, out[h].p[i])) continue;
                node3 nx = out[h];
                nx.path[nx.len++] = (tri_move){out[h].p[i], z};
                nx.p[i] = z;
                out[k++] = nx;
            }
        }
    }
    return k;
}

/* 1 solved (moves in res), 0 unsolvable (reason in note). */
static int theorem_2_7(const coins_level *l, const shape *s, tri_moves *res, char *note, size_t nn) {
    if (!s->connected) {
        snprintf(note, nn, "Theorem 2.7: B is not connected");
        return 0;
    }
    if (!s->triangle) {
        coins_pt from, to;
        if (one_move(l, s->centre, &from, &to)) {
            tri_moves_push(res, from, to);
            snprintf(note, nn, "Theorem 2.7: B is a path, and one move reaches it");
            return 1;
        }
        snprintf(note, nn, "Theorem 2.7: B is a path that is not a triangle, and no single move from A reaches it");
        return 0;
    }
    node3 nodes[1 + 6 + 36];
    int k = within_two(l->start, nodes);
    int nrot = l->upto == COINS_ROTATION ? 6 : 1;
    for (int h = 0; h < k; h++) {
        if (!is_triangle(nodes[h].p)) continue;
        for (int r = 0; r < nrot; r++) {
            coins_pt P[3];
            for (int i = 0; i < 3; i++) P[i] = coins_rotate(l, l->target[i], r);
            if (l->upto != COINS_EXACT) { /* a translate with the colours of nodes[h], next to it */
                if (tri_class(P) != tri_class(nodes[h].p)) continue;
                coins_pt t = {nodes[h].p[0].r - P[0].r, nodes[h].p[0].c - P[0].c};
                for (int i = 0; i < 3; i++) P[i] = at(P[i], t.r, t.c);
            }
            bool ok = true;
            for (int i = 0; i < 3; i++) ok = ok && colour(P[i]) == colour(nodes[h].p[i]);
            if (!ok) continue;
            for (int i = 0; i < nodes[h].len; i++) tri_moves_push(res, nodes[h].path[i].from, nodes[h].path[i].to);
            tri a, b;
            tri_from(nodes[h].p, &a);
            tri_from(P, &b);
            tri_acts walk = {0};
            tri_walk(a, b, &walk);
            for (size_t i = 0; i < walk.n; i++) tri_moves_push(res, walk.a[i].o, walk.a[i].d);
            free(walk.a);
            snprintf(note, nn, "Theorem 2.7: a triangle %d move%s away has %s, then it walks to B (Figure 12)",
                     nodes[h].len, nodes[h].len == 1 ? "" : "s",
                     l->upto == COINS_EXACT         ? "B's colours"
                     : l->upto == COINS_TRANSLATION ? "B's class"
                                                    : "the class of a rotation of B");
            return 1;
        }
    }
    snprintf(note, nn, "Theorem 2.7: B is a triangle, and no triangle within two moves of A has %s",
             l->upto == COINS_EXACT ? "the colours of B's labels (3-colouring (r + 2c) mod 3)"
                                    : "B's class (the cyclic order of its labels' colours)");
    return 0;
}

int coins_tri_labelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const coins_level *l = level;
    char why[256];
    out->algorithm = "theorem-2.5";
    out->optimal = 0;
    if (!coins_tri_labelled_applies(level, req, why, sizeof why))
        return pl_error_set(err, NULL, 0, 0, "theorem-2.5: %s", why);
    bool paper_order;
    if (order_option(req, &paper_order, err)) return -1;
    pl_limits *lim = req->limits;
    const char *name = l->n == 3 ? "Theorem 2.7" : "Theorem 2.5";
    if (trivial(l, out, name)) return 0;
    shape s;
    analyse_shape(l->target, l->n, &s);
    tri_moves res = {0};
    int rc = 0;
    if (l->n == 3) {
        if (theorem_2_7(l, &s, &res, out->note, sizeof out->note)) {
            char keep[sizeof out->note];
            snprintf(keep, sizeof keep, "%s", out->note);
            solved(l, &res, out, lim);
            if (out->status == PL_SOLVED) snprintf(out->note, sizeof out->note, "%s", keep);
        } else {
            out->status = PL_UNSOLVABLE;
        }
    } else if (s.triangle || s.path4 || s.comp32) {
        int r = labelled_plan(l, paper_order, &res, lim, why, sizeof why);
        if (r == -1) {
            set_limit(out, lim);
        } else if (r == -2) {
            rc = pl_error_set(err, NULL, 0, 0, "theorem-2.5: internal error: %s", why);
        } else {
            solved(l, &res, out, lim);
            if (out->status == PL_SOLVED)
                snprintf(out->note, sizeof out->note,
                         "Theorem 2.5 %s; strip, labels pre-permuted by transpositions (1 i), then Algorithm 9: "
                         "%zu moves",
                         condition_text(&s), res.n);
        }
    } else {
        coins_pt from, to;
        if (one_move(l, s.centre, &from, &to)) {
            tri_moves_push(&res, from, to);
            solved(l, &res, out, lim);
            snprintf(out->note, sizeof out->note, "Theorem 2.5 (iv): one move from A reaches B");
        } else {
            unsolvable(out, &s, "Theorem 2.5");
        }
    }
    free(res.m);
    return rc;
}
