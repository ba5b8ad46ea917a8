/* Theorem 3.7 (Galliot 2019): with two extra coins, any configuration C
 * reaches its canonical configuration in G', by reversible actions only.
 *
 * 'L's grow one coin at a time (increments). An 'L' is kept as a minimal
 * 2-path between two opposite corners of its hull. To increment it to the
 * right, it is re-oriented (Lemma 3.6, square_reorient.c) to hug the top and
 * right sides, the topmost coin of the strip beside it is dragged down along
 * the right side, absorbing the strip's other coins on its way (a drag step
 * or an absorption is a move of one coin, or its removal, found by exhaustive
 * search in a window of at most 8 x 6 cells around it, with the coins of the
 * window as the only support: legal among any other coins; an increment whose
 * grown hull has at most 30 cells is searched at once), and the coin is
 * appended at the bottom corner; a surplus coin (two unit steps) is taken
 * between them. Other sides by symmetry; a diagonal increment appends the
 * coin at the corner that ends the path, after a rotation when it is the
 * other pair of corners. An 'L' grows until no coin is within distance 2 of
 * its hull; coins of finished 'L's it meets are swallowed too. Finally each
 * 'L' is re-oriented to the canonical one.
 *
 * Complexity: N increments; a re-orientation costs O(N^2) actions and is done
 * once per change of direction, a drag O(N) steps of O(1) actions (the
 * window search is bounded by the window, 2^30 subsets at the very worst and
 * a few hundred in practice): O(N^3) actions as in the thesis.
 *
 * Two finished hulls at distance <= 2 with no coin of one within distance 2
 * of the other (their span is one rectangle) are joined as the thesis says:
 * one 'L' is re-oriented until a coin faces the other hull (`face`).
 *
 * When a window search finds nothing the function says so and the caller
 * falls back (the tests assert it never happens where Theorem 3.8 holds). */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef struct {
    int r0, c0, sr, sc, h, w;
    bool transpose;
} frame;

static coins_pt to_real(const frame *f, coins_pt v) {
    if (f->transpose) return (coins_pt){f->r0 + f->sr * v.c, f->c0 + f->sc * v.r};
    return (coins_pt){f->r0 + f->sr * v.r, f->c0 + f->sc * v.c};
}

static coins_pt to_virt(const frame *f, coins_pt p) {
    int a = (p.r - f->r0) * f->sr, b = (p.c - f->c0) * f->sc;
    return f->transpose ? (coins_pt){b, a} : (coins_pt){a, b};
}

static frame frame_of(coins_rect R, int t) {
    frame f;
    f.transpose = (t & 4) != 0;
    f.sr = (t & 1) ? -1 : 1;
    f.sc = (t & 2) ? -1 : 1;
    f.r0 = f.sr > 0 ? R.r0 : R.r1;
    f.c0 = f.sc > 0 ? R.c0 : R.c1;
    int m = R.r1 - R.r0 + 1, n = R.c1 - R.c0 + 1;
    f.h = f.transpose ? n : m;
    f.w = f.transpose ? m : n;
    return f;
}

typedef struct {
    coins_pt *p; /* the path, real positions */
    int k, cap;
    coins_rect R;
} lpath;

typedef struct {
    coins_gp *g;
    coins_pt *loose; /* coins in no growing 'L' */
    int nloose;
    lpath *done;
    int ndone;
    int fail; /* 0, or why: 1 window search, 2 even x even rotation, 3 hulls, 4 limit */
    pl_limits *lim;
} state;

static bool has(const lpath *L, coins_pt q) {
    for (int i = 0; i < L->k; i++)
        if (L->p[i].r == q.r && L->p[i].c == q.c) return true;
    return false;
}

static int cmp_diag(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    return (a->r + a->c) - (b->r + b->c);
}

/* The frame (of 8) in which L runs from virtual (0,0) to (h-1,w-1) and the
 * real direction (dr, dc) is virtual (0,+1); -1 if none. */
static int pick_frame(const lpath *L, int dr, int dc) {
    for (int t = 0; t < 8; t++) {
        frame f = frame_of(L->R, t);
        coins_pt a = to_real(&f, (coins_pt){0, 0}), b = to_real(&f, (coins_pt){f.h - 1, f.w - 1});
        coins_pt d = to_real(&f, (coins_pt){0, 1});
        d.r -= a.r, d.c -= a.c;
        if (d.r == dr && d.c == dc && has(L, a) && has(L, b)) return t;
    }
    return -1;
}

/* the window search: coin x moves to y (or leaves for the reserve when
 * remove), with the coins inside W as the only support */
static int local_move(state *s, coins_rect W, coins_pt x, coins_pt y, bool remove) {
    int h = W.r1 - W.r0 + 1, w = W.c1 - W.c0 + 1;
    if (h * w > 63) return -1;
    uint64_t start = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            if (coins_gp_count(s->g, (coins_pt){W.r0 + r, W.c0 + c}) > 0) start |= 1ULL << (r * w + c);
    int xi = (x.r - W.r0) * w + (x.c - W.c0);
    uint64_t goal = start & ~(1ULL << xi);
    if (!remove) goal |= 1ULL << ((y.r - W.r0) * w + (y.c - W.c0));
    coins_sq_action act[512];
    int k = coins_sq_window_bfs(h, w, start, goal, 2, true, 1u << 9, act, 512, NULL);
    if (k == -3) k = coins_sq_window_bfs(h, w, start, goal, 2, true, 1u << 13, act, 512, NULL);
    if (k == -3) k = coins_sq_window_bfs(h, w, start, goal, 2, true, 1u << 20, act, 512, NULL);
    if (k < 0) return -1;
    for (int i = 0; i < k; i++) {
        coins_pt q = {W.r0 + act[i].r, W.c0 + act[i].c};
        if (act[i].drop ? coins_gp_drop(s->g, q) : coins_gp_take(s->g, q, true)) return -1;
    }
    return 0;
}

static void loose_remove(state *s, coins_pt q) {
    for (int i = 0; i < s->nloose; i++)
        if (s->loose[i].r == q.r && s->loose[i].c == q.c) {
            s->loose[i] = s->loose[--s->nloose];
            return;
        }
}

static int loose_find(const state *s, coins_pt q) {
    for (int i = 0; i < s->nloose; i++)
        if (s->loose[i].r == q.r && s->loose[i].c == q.c) return i;
    return -1;
}

static void push(lpath *L, coins_pt q) {
    if (L->k == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 8;
        L->p = pl_xrealloc(L->p, (size_t)L->cap * sizeof *L->p);
    }
    L->p[L->k++] = q;
}

static void grow_rect(coins_rect *R, coins_pt q) {
    if (q.r < R->r0) R->r0 = q.r;
    if (q.r > R->r1) R->r1 = q.r;
    if (q.c < R->c0) R->c0 = q.c;
    if (q.c > R->c1) R->c1 = q.c;
}

/* the path in frame f, ordered from virtual (0,0) */
static void virt_path(const lpath *L, const frame *f, coins_pt *v) {
    for (int i = 0; i < L->k; i++) v[i] = to_virt(f, L->p[i]);
    qsort(v, (size_t)L->k, sizeof *v, cmp_diag);
}

/* Re-orients L (in frame f) to the virtual path q (same ends, same size). */
static int reshape(state *s, lpath *L, const frame *f, const coins_pt *q) {
    coins_pt *target = pl_xmalloc((size_t)L->k * sizeof *target);
    for (int i = 0; i < L->k; i++) target[i] = to_real(f, q[i]);
    int rc = coins_sq_reorient(s->g, L->R, L->p, target, L->k);
    if (!rc) memcpy(L->p, target, (size_t)L->k * sizeof *target);
    free(target);
    if (rc == -2)
        s->fail = 2;
    else if (rc)
        s->fail = 1;
    return rc ? -1 : 0;
}

/* the virtual path along the top row then down the right column, its odd
 * step at the top-right elbow (a vertical unit step at the bottom when
 * unit_last): the top row then lies on row 0 and supports a coin dragged
 * down from there */
static int hug_top_right(int h, int w, bool unit_last, coins_pt *q) {
    int V = h - 1, H = w - 1, k = 0, r = 0, c = 0;
    q[k++] = (coins_pt){0, 0};
    while (c + 2 <= H) c += 2, q[k++] = (coins_pt){r, c};
    if (c < H) { /* H odd: a diagonal step, or the horizontal unit step */
        if (V % 2 == 1) r++;
        c++;
        q[k++] = (coins_pt){r, c};
    }
    if ((V - r) % 2 == 1 && !unit_last) r++, q[k++] = (coins_pt){r, c};
    while (r + 2 <= V) r += 2, q[k++] = (coins_pt){r, c};
    if (r < V) r++, q[k++] = (coins_pt){r, c};
    return k;
}

/* Merges the two unit steps of a path that has one too many coins, by taking
 * the coin between them once they are next to each other. */
static int drop_surplus(state *s, lpath *L) {
    frame f = frame_of(L->R, 0);
    int t = pick_frame(L, 0, 1);
    if (t < 0) t = pick_frame(L, 1, 0);
    if (t < 0) t = pick_frame(L, 0, -1);
    if (t < 0) t = pick_frame(L, -1, 0);
    if (t < 0) return -1;
    f = frame_of(L->R, t);
    coins_pt *v = pl_xmalloc((size_t)L->k * sizeof *v), *q = pl_xmalloc((size_t)L->k * sizeof *q);
    virt_path(L, &f, v);
    /* the same steps, the two units last */
    int k = 0, r = 0, c = 0, units = 0;
    q[k++] = (coins_pt){0, 0};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 1; i < L->k; i++) {
            int dr = v[i].r - v[i - 1].r, dc = v[i].c - v[i - 1].c;
            bool unit = dr + dc == 1;
            if (unit != (pass == 1)) continue;
            r += dr, c += dc;
            q[k++] = (coins_pt){r, c};
            units += unit;
        }
    int rc = -1;
    if (units == 2 && k == L->k) {
        coins_pt *target = pl_xmalloc((size_t)k * sizeof *target);
        for (int i = 0; i < k; i++) target[i] = to_real(&f, q[i]);
        /* re-order the steps (the path is not minimal: coins_sq_reorient
         * refuses it, so the step exchanges run here one by one) */
        rc = coins_sq_reorder(s->g, L->R, L->p, target, k, t);
        if (!rc) {
            coins_pt mid = target[k - 2];
            rc = coins_gp_take(s->g, mid, true);
            memcpy(L->p, target, (size_t)k * sizeof *target);
            L->p[k - 2] = L->p[k - 1];
            L->k--;
        }
        free(target);
    }
    free(v);
    free(q);
    if (rc) s->fail = 1;
    return rc;
}

/* A small increment at once: L and the coins of the strip become the
 * canonical 'L' of the grown hull R2 (at most 30 cells), by exhaustive search
 * over R2 like the table's subroutines. 1 when it worked, 0 when not tried or
 * impossible (nothing recorded). */
static int small_increment(state *s, lpath *L, coins_rect R2) {
    int h = R2.r1 - R2.r0 + 1, w = R2.c1 - R2.c0 + 1;
    if (h * w > 30) return 0;
    uint64_t a = 0, b = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            if (coins_gp_count(s->g, (coins_pt){R2.r0 + r, R2.c0 + c}) > 0) a |= 1ULL << (r * w + c);
    coins_pt q[32];
    int k = coins_sq_canonical_L(R2, q);
    for (int i = 0; i < k; i++) b |= 1ULL << ((q[i].r - R2.r0) * w + (q[i].c - R2.c0));
    coins_sq_action act[512];
    int len = coins_sq_window_bfs(h, w, a, b, 2, true, 1u << 10, act, 512, NULL);
    if (len == -3) len = coins_sq_window_bfs(h, w, a, b, 2, true, 1u << 18, act, 512, NULL);
    if (len < 0) return 0;
    for (int i = 0; i < len; i++) {
        coins_pt p = {R2.r0 + act[i].r, R2.c0 + act[i].c};
        if (act[i].drop ? coins_gp_drop(s->g, p) : coins_gp_take(s->g, p, true)) return s->fail = 1, -1;
    }
    for (int i = 0; i < s->nloose; i++) {
        coins_pt p = s->loose[i];
        if (p.r >= R2.r0 && p.r <= R2.r1 && p.c >= R2.c0 && p.c <= R2.c1) s->loose[i--] = s->loose[--s->nloose];
    }
    L->k = 0;
    for (int i = 0; i < k; i++) push(L, q[i]);
    L->R = R2;
    return 1;
}

/* Increment L towards the real direction (dr, dc) with the strip at distance
 * d; returns 0 or -1. */
static int increment_side(state *s, lpath *L, int dr, int dc, int d) {
    coins_rect R2 = L->R;
    if (dc > 0) R2.c1 += d;
    if (dc < 0) R2.c0 -= d;
    if (dr > 0) R2.r1 += d;
    if (dr < 0) R2.r0 -= d;
    int small = small_increment(s, L, R2);
    if (small) return small > 0 ? 0 : -1;
    int t = pick_frame(L, dr, dc); /* exists for either pair of corners */
    if (t < 0) return s->fail = 1, -1;
    if (s->lim && !pl_limits_tick(s->lim)) return s->fail = 4, -1;
    frame f = frame_of(L->R, t);
    int h = f.h, w = f.w;
    bool unit = (h + w) % 2 == 1;
    coins_pt *q = pl_xmalloc((size_t)(L->k + 2) * sizeof *q);
    int k = hug_top_right(h, w, unit && d == 1, q);
    if (k != L->k || reshape(s, L, &f, q)) {
        free(q);
        if (!s->fail) s->fail = 1;
        return -1;
    }
    free(q);
    /* the topmost coin of the strip, dragged down */
    coins_pt c = {1 << 30, 0};
    for (int i = 0; i < s->nloose; i++) {
        coins_pt v = to_virt(&f, s->loose[i]);
        if (v.c == w - 1 + d && v.r >= 0 && v.r < h && v.r < c.r) c = v;
    }
    if (c.r == 1 << 30) return s->fail = 1, -1;
    while (c.r < h - 1) {
        if (s->lim && !pl_limits_tick(s->lim)) return s->fail = 4, -1;
        coins_pt y = {c.r + 1, c.c};
        coins_pt lo = to_real(&f, (coins_pt){c.r - 2, w - 3}), hi = to_real(&f, (coins_pt){c.r + 3, w - 1 + d});
        coins_rect W = {lo.r < hi.r ? lo.r : hi.r, lo.c < hi.c ? lo.c : hi.c, lo.r > hi.r ? lo.r : hi.r,
                        lo.c > hi.c ? lo.c : hi.c};
        /* a larger window when the small one has too little support */
        coins_pt lo2 = to_real(&f, (coins_pt){c.r - 3, w - 4}), hi2 = to_real(&f, (coins_pt){c.r + 4, w - 1 + d});
        coins_rect W2 = {lo2.r < hi2.r ? lo2.r : hi2.r, lo2.c < hi2.c ? lo2.c : hi2.c, lo2.r > hi2.r ? lo2.r : hi2.r,
                         lo2.c > hi2.c ? lo2.c : hi2.c};
        coins_pt cr = to_real(&f, c), yr = to_real(&f, y);
        if (loose_find(s, yr) >= 0) { /* absorb c, drag the other one on */
            if (local_move(s, W, cr, cr, true) && local_move(s, W2, cr, cr, true)) return s->fail = 1, -1;
            loose_remove(s, cr);
        } else {
            if (local_move(s, W, cr, yr, false) && local_move(s, W2, cr, yr, false)) return s->fail = 1, -1;
            s->loose[loose_find(s, cr)] = yr;
        }
        c = y;
    }
    coins_pt cr = to_real(&f, c);
    loose_remove(s, cr);
    push(L, cr);
    grow_rect(&L->R, cr);
    if (unit && d == 1) return drop_surplus(s, L);
    return 0;
}

/* Diagonal increment at the corner next to coin cr. */
static int increment_diagonal(state *s, lpath *L, coins_pt cr) {
    coins_pt corner = {cr.r < L->R.r0 ? L->R.r0 : L->R.r1, cr.c < L->R.c0 ? L->R.c0 : L->R.c1};
    coins_pt opposite = {corner.r == L->R.r0 ? L->R.r1 : L->R.r0, corner.c == L->R.c0 ? L->R.c1 : L->R.c0};
    /* the corner must end the path (an elbow of a path hugging two sides is
     * a corner too, of the other pair) */
    bool end = has(L, corner) && has(L, opposite);
    if (!end) {
        coins_rect R2 = L->R;
        grow_rect(&R2, cr);
        int small = small_increment(s, L, R2);
        if (small) return small > 0 ? 0 : -1;
    }
    if (!end) { /* rotate: the other pair of corners */
        int m = L->R.r1 - L->R.r0 + 1, n = L->R.c1 - L->R.c0 + 1;
        coins_pt *q = pl_xmalloc((size_t)(m + n) * sizeof *q);
        int k = coins_sq_canonical_L((coins_rect){0, 0, m - 1, n - 1}, q);
        /* the canonical 'L' joins top-left and bottom-right: mirror it when
         * the corner is bottom-left or top-right */
        if ((corner.r == L->R.r1) != (corner.c == L->R.c1))
            for (int i = 0; i < k; i++) q[i].r = m - 1 - q[i].r;
        frame f0 = frame_of(L->R, 0);
        int rc = k == L->k ? reshape(s, L, &f0, q) : -1;
        free(q);
        if (rc) return -1;
        if (!has(L, corner) || !has(L, opposite)) return s->fail = 1, -1;
    }
    loose_remove(s, cr);
    push(L, cr);
    grow_rect(&L->R, cr);
    return 0;
}

static int dist_pt_rect(coins_pt p, coins_rect R) {
    int dr = p.r < R.r0 ? R.r0 - p.r : p.r > R.r1 ? p.r - R.r1 : 0;
    int dc = p.c < R.c0 ? R.c0 - p.c : p.c > R.c1 ? p.c - R.c1 : 0;
    return dr + dc;
}

/* Grows L until no loose coin is within distance 2 of its hull. */
static int augment(state *s, lpath *L) {
    int last_dr = 0, last_dc = 0;
    for (;;) {
        /* finished 'L's with a coin near the hull go back to the loose coins */
        for (int j = 0; j < s->ndone; j++) {
            bool near = false;
            for (int i = 0; i < s->done[j].k && !near; i++) near = dist_pt_rect(s->done[j].p[i], L->R) <= 2;
            if (!near) continue;
            for (int i = 0; i < s->done[j].k; i++) s->loose[s->nloose++] = s->done[j].p[i];
            free(s->done[j].p);
            s->done[j--] = s->done[--s->ndone];
        }
        int best = -1, bestscore = 1 << 30, bdr = 0, bdc = 0, bd = 0;
        for (int i = 0; i < s->nloose; i++) {
            coins_pt p = s->loose[i];
            int d = dist_pt_rect(p, L->R);
            if (d < 1 || d > 2) continue;
            bool inrows = p.r >= L->R.r0 && p.r <= L->R.r1, incols = p.c >= L->R.c0 && p.c <= L->R.c1;
            int dr = 0, dc = 0, score;
            if (inrows)
                dc = p.c > L->R.c1 ? 1 : -1;
            else if (incols)
                dr = p.r > L->R.r1 ? 1 : -1;
            if (inrows || incols) /* sides first, the same direction first, then nearer */
                score = (dr == last_dr && dc == last_dc ? 0 : 10) + d;
            else
                score = 100 + d;
            if (score < bestscore) bestscore = score, best = i, bdr = dr, bdc = dc, bd = d;
        }
        if (best < 0) return 0;
        if (bestscore >= 100) {
            if (increment_diagonal(s, L, s->loose[best])) return -1;
        } else {
            /* the strip's distance: 1 if any coin of it is at distance 1 */
            if (increment_side(s, L, bdr, bdc, bd)) return -1;
            last_dr = bdr, last_dc = bdc;
        }
    }
}

/* Does some coin of X lie within distance 2 of the rectangle R? */
static bool coin_near(const lpath *X, coins_rect R) {
    for (int i = 0; i < X->k; i++)
        if (dist_pt_rect(X->p[i], R) <= 2) return true;
    return false;
}

/* Two finished hulls at distance <= 2 with no coin of either within distance
 * 2 of the other: their span is one rectangle, so one 'L' must be re-oriented
 * until a coin faces the other hull (the thesis's remark in Theorem 3.7).
 * Every 'L' touches all four sides of its hull; re-oriented to hug two
 * adjacent sides (8 frames: the top row then the right column, from each
 * corner), it holds every other cell of those sides and both their ends, so
 * the side or corner facing the other hull gets a coin within distance 2.
 * Flips (the same pair of corners) are tried before rotations. X is
 * re-oriented so that a coin of X is near R. 0, -1 when no shape works. */
static int face(state *s, lpath *X, coins_rect R) {
    coins_pt *q = pl_xmalloc((size_t)(X->k + 2) * sizeof *q);
    int rc = -1;
    for (int pass = 0; pass < 2 && rc; pass++)
        for (int t = 0; t < 8 && rc; t++) {
            frame f = frame_of(X->R, t);
            if (hug_top_right(f.h, f.w, false, q) != X->k) continue;
            lpath Y = {q, X->k, X->k, X->R};
            for (int i = 0; i < X->k; i++) q[i] = to_real(&f, q[i]);
            /* pass 0: the ends X holds already (a flip); pass 1: rotations */
            if ((has(X, q[0]) && has(X, q[X->k - 1])) != (pass == 0) || !coin_near(&Y, R)) continue;
            int r2 = coins_sq_reorient(s->g, X->R, X->p, q, X->k);
            if (r2 == -2) continue; /* refused: nothing recorded */
            if (r2) break;
            memcpy(X->p, q, (size_t)X->k * sizeof *q);
            rc = 0;
        }
    free(q);
    return rc;
}

int coins_sq_canonicalize(coins_gp *g, const coins_pt *C, int n, pl_limits *lim, int *why) {
    state s = {.g = g, .lim = lim};
    s.loose = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *s.loose);
    s.done = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *s.done);
    memcpy(s.loose, C, (size_t)n * sizeof *C);
    s.nloose = n;
    int rc = 0;
    while (s.nloose > 0 && !rc) {
        lpath L = {0};
        coins_pt seed = s.loose[--s.nloose];
        push(&L, seed);
        L.R = (coins_rect){seed.r, seed.c, seed.r, seed.c};
        rc = augment(&s, &L);
        /* a finished hull at distance <= 2 whose coins are all far from L's */
        for (int j = 0; j < s.ndone && !rc; j++) {
            lpath *D = &s.done[j];
            if (coins_sq_rect_dist(L.R, D->R) > 2) continue;
            if (coin_near(&L, D->R)) { /* D grows instead and swallows L */
                lpath x = *D;
                *D = L, L = x;
            } else if (face(&s, D, L.R)) {
                if (face(&s, &L, D->R)) {
                    rc = -1, s.fail = 3;
                    break;
                }
                lpath x = *D;
                *D = L, L = x;
            }
            rc = augment(&s, &L);
            j = -1; /* L grew: look again */
        }
        s.done[s.ndone++] = L;
    }
    /* the hulls must be the span's rectangles */
    if (!rc) {
        coins_rect *sr = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *sr);
        int ns = coins_sq_span_rects(C, n, sr);
        if (ns != s.ndone) rc = -1, s.fail = 3;
        for (int j = 0; j < s.ndone && !rc; j++) {
            coins_rect R = s.done[j].R;
            bool found = false;
            for (int i = 0; i < ns && !found; i++)
                found = sr[i].r0 == R.r0 && sr[i].r1 == R.r1 && sr[i].c0 == R.c0 && sr[i].c1 == R.c1;
            if (!found) rc = -1, s.fail = 3;
        }
        free(sr);
    }
    /* step 3: every 'L' canonical */
    for (int j = 0; j < s.ndone && !rc; j++) {
        lpath *L = &s.done[j];
        coins_pt *q = pl_xmalloc((size_t)L->k * sizeof *q);
        int k = coins_sq_canonical_L(L->R, q);
        if (k != L->k)
            rc = -1, s.fail = 1;
        else {
            int r2 = coins_sq_reorient(g, L->R, L->p, q, k);
            if (r2) rc = -1, s.fail = r2 == -2 ? 2 : 1;
        }
        free(q);
    }
    for (int j = 0; j < s.ndone; j++) free(s.done[j].p);
    free(s.done);
    free(s.loose);
    if (why) *why = rc ? (s.fail ? s.fail : 1) : 0;
    return rc || coins_gp_failed(g) ? -1 : 0;
}

/* ---------- shrinking an 'L' (trimming, proof of Theorem 3.8) ---------- */
/* The path of frame f's virtual rectangle down the left column then along
 * the bottom row, its unit step (if any) last. */
static int hug_left_bottom(int h, int w, coins_pt *q) {
    int V = h - 1, H = w - 1, k = 0, r = 0, c = 0;
    q[k++] = (coins_pt){0, 0};
    while (r + 2 <= V) r += 2, q[k++] = (coins_pt){r, c};
    if (r < V) {
        if (H >= 1)
            r++, c++;
        else
            r++;
        q[k++] = (coins_pt){r, c};
    }
    while (c + 2 <= H) c += 2, q[k++] = (coins_pt){r, c};
    if (c < H) c++, q[k++] = (coins_pt){r, c};
    return k;
}

/* Trims L towards the real direction (dr, dc) so that `keep` rows or columns
 * remain; takes are not reversible (the start's side only). */
static int trim_side(coins_gp *g, lpath *L, int dr, int dc, int keep) {
    int t = pick_frame(L, dr, dc);
    if (t < 0) return -1;
    frame f = frame_of(L->R, t);
    if (keep >= f.w) return 0;
    coins_pt *q = pl_xmalloc((size_t)(L->k + 2) * sizeof *q);
    int k = hug_left_bottom(f.h, f.w, q);
    state s = {.g = g};
    if (k != L->k || reshape(&s, L, &f, q)) {
        free(q);
        return -1;
    }
    int kc = keep - 1, last = f.h - 1, rc = 0;
    bool present = false;
    for (int i = 0; i < k; i++) present |= q[i].r == last && q[i].c == kc;
    /* the drop has two neighbours: the path's coins on both sides of it in
     * the bottom row, or (keeping one column) the one above and the one to
     * its right; coins_gp_drop checks it */
    if (!present && coins_gp_drop(g, to_real(&f, (coins_pt){last, kc}))) rc = -1;
    int nk = 0;
    for (int i = k - 1; i >= 0 && !rc; i--)
        if (q[i].c > kc && coins_gp_take(g, to_real(&f, q[i]), false)) rc = -1;
    if (!rc) {
        for (int i = 0; i < k; i++)
            if (q[i].c <= kc) L->p[nk++] = to_real(&f, q[i]);
        if (!present) L->p[nk++] = to_real(&f, (coins_pt){last, kc});
        L->k = nk;
        coins_pt a = to_real(&f, (coins_pt){0, 0}), b = to_real(&f, (coins_pt){f.h - 1, kc});
        L->R = (coins_rect){a.r < b.r ? a.r : b.r, a.c < b.c ? a.c : b.c, a.r > b.r ? a.r : b.r, a.c > b.c ? a.c : b.c};
        int m = L->R.r1 - L->R.r0 + 1, n = L->R.c1 - L->R.c0 + 1;
        if (nk != (m + n + 1) / 2) rc = -1;
    }
    free(q);
    return rc;
}

int coins_sq_shrink(coins_gp *g, coins_rect R, const coins_pt *canon, int k, coins_rect R2) {
    lpath L = {0};
    for (int i = 0; i < k; i++) push(&L, canon[i]);
    L.R = R;
    int rc = trim_side(g, &L, 0, 1, R2.c1 - R.c0 + 1);
    if (!rc) rc = trim_side(g, &L, 1, 0, R2.r1 - L.R.r0 + 1);
    if (!rc) rc = trim_side(g, &L, 0, -1, L.R.c1 - R2.c0 + 1);
    if (!rc) rc = trim_side(g, &L, -1, 0, L.R.r1 - R2.r0 + 1);
    if (!rc && (L.R.r0 != R2.r0 || L.R.r1 != R2.r1 || L.R.c0 != R2.c0 || L.R.c1 != R2.c1)) rc = -1;
    if (!rc) {
        coins_pt *q = pl_xmalloc((size_t)L.k * sizeof *q);
        if (coins_sq_canonical_L(R2, q) != L.k || coins_sq_reorient(g, R2, L.p, q, L.k)) rc = -1;
        free(q);
    }
    free(L.p);
    return rc || coins_gp_failed(g) ? -1 : 0;
}
