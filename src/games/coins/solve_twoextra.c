/* Two extra coins on the square grid: the conditions of Theorem 3.8 and the
 * unmovable line ends of Proposition 3.11 (Galliot 2019, Section 3.2).
 *
 * Theorem 3.8: |A| = |B| and
 *   (a) some a1 != a2 in A with (i) span(A \ {a1,a2}) >= span(B) and (ii)
 *       span(B) meeting each component of span(A \ {a1,a2}) in a connected
 *       set (spans are rectangles at distance >= 3, so: at most one rectangle
 *       of span(B) inside each rectangle of span(A \ {a1,a2}));
 *   (b) some b1 != b2 in B, b1 with two neighbours in B and b2 with two
 *       neighbours in B \ {b1};
 * imply A -> B. Checking (a) computes span(A \ {a1,a2}) for every pair, each
 * in O(N^2) by rectangle merging (Corollary 3.21): O(N^4) in the worst case,
 * stopping at the first good pair. (b) counts neighbours through a hash of
 * the positions: O(N). Puzzles meeting (a.i) and (b) but not (a.ii)
 * (Figure 33) and (a) and (b.i) but not (b.ii) (Figure 35) go either way, so
 * the check reports which conditions hold and claims nothing for them.
 *
 * The construction (coins_thm38_construct): take a1 and a2, run Theorem 3.7
 * (square_canonicalize.c) on A \ {a1,a2}, trim the 'L's down to span(B)'s,
 * run Theorem 3.7 on B \ {b1,b2} backwards (all its actions are reversible),
 * drop b2 then b1, and CLEAN: O(N^3) actions. The G' sequence is replayed
 * before CLEAN and the `theorems` certificate is what verify replays.
 *
 * Proposition 3.11, read for any configuration: a position of span(A) with at
 * most one neighbour in span(A) (an end of a line component, or a 1x1
 * component) can never receive a coin, since every configuration reached
 * stays inside span(A). So B must hold there exactly what A holds (the same
 * label in the labelled game). O(N^2) with the rectangles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

/* ---------- a small open-addressing set of positions ---------- */
typedef struct {
    coins_pt *key;
    int *val;
    uint32_t cap;
} pt_map;

static uint32_t pt_hash(coins_pt p) {
    uint64_t x = (uint64_t)(uint32_t)p.r * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)p.c * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 29;
    return (uint32_t)x;
}

static void map_init(pt_map *m, int n) {
    m->cap = 16;
    while (m->cap < 2u * (uint32_t)n + 2) m->cap <<= 1;
    m->key = pl_xmalloc(m->cap * sizeof *m->key);
    m->val = pl_xmalloc(m->cap * sizeof *m->val);
    for (uint32_t i = 0; i < m->cap; i++) m->val[i] = -1;
}

static void map_put(pt_map *m, coins_pt p, int v) {
    uint32_t i = pt_hash(p) & (m->cap - 1);
    while (m->val[i] >= 0 && (m->key[i].r != p.r || m->key[i].c != p.c)) i = (i + 1) & (m->cap - 1);
    m->key[i] = p;
    m->val[i] = v;
}

static int map_get(const pt_map *m, coins_pt p) {
    uint32_t i = pt_hash(p) & (m->cap - 1);
    while (m->val[i] >= 0) {
        if (m->key[i].r == p.r && m->key[i].c == p.c) return m->val[i];
        i = (i + 1) & (m->cap - 1);
    }
    return -1;
}

static void map_free(pt_map *m) {
    free(m->key);
    free(m->val);
}

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

/* (b): neighbour counts, then b1 among the coins with >= 2 neighbours and b2
 * with >= 2 neighbours once b1 is gone (b1 has at most four neighbours, so
 * only O(1) candidates per b1 need a second look). */
static bool check_b(const coins_pt *B, int n, int *b1, int *b2, bool *b_i) {
    pt_map m;
    map_init(&m, n);
    for (int i = 0; i < n; i++) map_put(&m, B[i], i);
    int *deg = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *deg);
    int *cand = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *cand), nc = 0;
    for (int i = 0; i < n; i++) {
        deg[i] = 0;
        for (int d = 0; d < 4; d++)
            if (map_get(&m, (coins_pt){B[i].r + DR[d], B[i].c + DC[d]}) >= 0) deg[i]++;
        if (deg[i] >= 2) cand[nc++] = i;
    }
    *b_i = nc > 0;
    bool ok = false;
    for (int x = 0; x < nc && !ok; x++) {
        int i = cand[x];
        /* the first six other candidates suffice: at most four are neighbours of i */
        for (int y = 0, seen = 0; y < nc && seen < 6 && !ok; y++) {
            int j = cand[y];
            if (j == i) continue;
            seen++;
            bool adj = abs(B[i].r - B[j].r) + abs(B[i].c - B[j].c) == 1;
            if (deg[j] - (adj ? 1 : 0) >= 2) {
                *b1 = i;
                *b2 = j;
                ok = true;
            }
        }
    }
    free(deg);
    free(cand);
    map_free(&m);
    return ok;
}

/* (a.ii) given (a.i): no rectangle of span(A') holds two of span(B). */
static bool a_ii(const coins_rect *ra, int na, const coins_rect *rb, int nb) {
    for (int i = 0; i < na; i++) {
        int k = 0;
        for (int j = 0; j < nb; j++)
            if (rb[j].r0 >= ra[i].r0 && rb[j].r1 <= ra[i].r1 && rb[j].c0 >= ra[i].c0 && rb[j].c1 <= ra[i].c1) k++;
        if (k > 1) return false;
    }
    return true;
}

int coins_thm38_check(const coins_pt *A, const coins_pt *B, int n, pl_limits *lim, coins_thm38 *out) {
    memset(out, 0, sizeof *out);
    out->a1 = out->a2 = out->b1 = out->b2 = -1;
    if (n < 2) return 0;
    out->b = check_b(B, n, &out->b1, &out->b2, &out->b_i);
    coins_rect *rb = pl_xmalloc((size_t)n * sizeof *rb), *ra = pl_xmalloc((size_t)n * sizeof *ra);
    coins_pt *sub = pl_xmalloc((size_t)n * sizeof *sub);
    int nb = coins_sq_span_rects(B, n, rb);
    int status = 0;
    for (int i = 0; i < n && !out->a; i++)
        for (int j = i + 1; j < n && !out->a; j++) {
            /* one pair costs O(n^2): read the clock every pair when that is large */
            if (lim && (!pl_limits_tick(lim) || (n > 64 && !pl_limits_check_time(lim)))) {
                status = -1;
                goto done;
            }
            int k = 0;
            for (int t = 0; t < n; t++)
                if (t != i && t != j) sub[k++] = A[t];
            int na = coins_sq_span_rects(sub, k, ra);
            if (!coins_sq_rects_inside(rb, nb, ra, na)) continue;
            if (!out->a_i) out->a_i = true, out->a1 = i, out->a2 = j;
            if (a_ii(ra, na, rb, nb)) out->a = true, out->a1 = i, out->a2 = j;
        }
done:
    free(rb);
    free(ra);
    free(sub);
    return status;
}

int coins_fixed_ends_check(const coins_level *l, const coins_pt *target, coins_pt *where) {
    int n = l->n;
    coins_rect *ra = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *ra);
    int na = coins_sq_span_rects(l->start, n, ra);
    pt_map a;
    map_init(&a, n);
    for (int i = 0; i < n; i++) map_put(&a, l->start[i], i);
    int bad = 0;
    for (int i = 0; i < n && !bad; i++) {
        coins_pt p = target[i];
        for (int k = 0; k < na; k++) {
            coins_rect R = ra[k];
            if (p.r < R.r0 || p.r > R.r1 || p.c < R.c0 || p.c > R.c1) continue;
            int nb = 0;
            for (int d = 0; d < 4; d++) {
                int r = p.r + DR[d], c = p.c + DC[d];
                nb += r >= R.r0 && r <= R.r1 && c >= R.c0 && c <= R.c1;
            }
            if (nb >= 2) break;
            int who = map_get(&a, p);
            /* nobody can ever arrive at p: A must hold the same coin there */
            if (who < 0 || (l->labelled && who != i)) {
                bad = 1;
                *where = p;
            }
            break;
        }
    }
    map_free(&a);
    free(ra);
    return bad;
}

/* Proposition 3.31. Its proof, as we check it: c cannot leave p while a
 * position of C is free (C \ {c} would no longer span C: a coin of a line
 * needs both its neighbours), so when c first leaves, C holds five coins
 * and the coins outside C are a minimum configuration of the other, even,
 * rectangles; with c among them they are minimum+1, and by Proposition 3.30
 * only c can move until it comes back to p (no coin can move inside the full
 * C either). A target with span(A) keeps the span all the way, since spans
 * never grow (Corollary 1.7). */
void coins_prop331_check(const coins_level *l, coins_prop331 *out) {
    memset(out, 0, sizeof *out);
    out->a_coin = out->b_coin = -1;
    int n = l->n;
    if (l->grid != COINS_SQUARE || !l->labelled || l->upto != COINS_EXACT || n == 0) {
        snprintf(out->why, sizeof out->why, "labelled coins on the square grid with an exact target only");
        return;
    }
    coins_rect *ra = pl_xmalloc((size_t)n * sizeof *ra), *rb = pl_xmalloc((size_t)n * sizeof *rb);
    int ka = coins_sq_span_rects(l->start, n, ra), kb = coins_sq_span_rects(l->target, n, rb), minimum = 0;
    bool even = true;
    int line = -1;
    for (int i = 0; i < ka; i++) {
        int m = ra[i].r1 - ra[i].r0 + 1, w = ra[i].c1 - ra[i].c0 + 1;
        minimum += (m + w + 1) / 2;
        even = even && (m + w) % 2 == 0;
    }
    out->same_span = ka == kb;
    for (int i = 0; i < ka && out->same_span; i++)
        out->same_span = ra[i].r0 == rb[i].r0 && ra[i].c0 == rb[i].c0 && ra[i].r1 == rb[i].r1 && ra[i].c1 == rb[i].c1;
    if (n != minimum + 2) {
        snprintf(out->why, sizeof out->why, "A has %d coins, not two more than the minimum %d of span(A)", n, minimum);
    } else if (!even) {
        snprintf(out->why, sizeof out->why, "span(A) has an odd rectangle");
    } else {
        for (int i = 0; i < ka; i++) {
            int m = ra[i].r1 - ra[i].r0 + 1, w = ra[i].c1 - ra[i].c0 + 1;
            if (!((m == 1 && w == 5) || (m == 5 && w == 1))) continue;
            coins_pt p = {(ra[i].r0 + ra[i].r1) / 2, (ra[i].c0 + ra[i].c1) / 2};
            int ia = -1, ib = -1;
            for (int j = 0; j < n; j++) {
                if (l->start[j].r == p.r && l->start[j].c == p.c) ia = j;
                if (l->target[j].r == p.r && l->target[j].c == p.c) ib = j;
            }
            if (ia < 0) continue;
            bool conflict = out->same_span && ib >= 0 && ib != ia;
            if (out->status == 0 || (conflict && out->status == 1)) {
                out->status = conflict ? 2 : 1;
                out->C = ra[i];
                out->p = p;
                out->a_coin = ia;
                out->b_coin = ib;
                line = i;
            }
        }
        if (line < 0)
            snprintf(out->why, sizeof out->why, "span(A) has no 1x5 or 5x1 rectangle with a coin on its centre");
    }
    free(ra), free(rb);
}

/* The line Proposition 3.31 speaks of, for notes and info. */
static void prop331_text(const coins_level *l, const coins_prop331 *q, char *buf, size_t n) {
    char pc[48], pb[48];
    coins_pt_text(l, q->p, pc, sizeof pc);
    if (q->status == 2) {
        snprintf(buf, n,
                 "the coin '%c' on %s, the centre of the %dx%d rectangle of span(A), is the only coin that ever "
                 "stands there (every rectangle even, two coins over the minimum), and the target puts '%c' there",
                 l->label[q->a_coin], pc, q->C.r1 - q->C.r0 + 1, q->C.c1 - q->C.c0 + 1, l->label[q->b_coin]);
        return;
    }
    if (q->b_coin >= 0)
        snprintf(pb, sizeof pb, "the target keeps it there");
    else
        snprintf(pb, sizeof pb, "%s", q->same_span ? "the target leaves it empty" : "span(B) differs");
    snprintf(buf, n, "applies: no coin but '%c' ever stands on %s, the centre of the %dx%d rectangle; %s",
             l->label[q->a_coin], pc, q->C.r1 - q->C.r0 + 1, q->C.c1 - q->C.c0 + 1, pb);
}

/* One line per result for `info` (square grid). */
void coins_square_info(const coins_level *l, json_t *o) {
    char buf[320], p1[48], p2[48], p3[48], p4[48];
    coins_rect *r = pl_xmalloc((size_t)(l->n > 0 ? l->n : 1) * sizeof *r);
    int k = coins_sq_span_rects(l->start, l->n, r), at = 0;
    at += snprintf(buf, sizeof buf, "%d 'L'%s:", k, k == 1 ? "" : "s");
    for (int i = 0; i < k && at < (int)sizeof buf - 40; i++)
        at += snprintf(buf + at, sizeof buf - (size_t)at, " %dx%d at %d,%d", r[i].r1 - r[i].r0 + 1,
                       r[i].c1 - r[i].c0 + 1, r[i].r0, r[i].c0);
    if (k > 0 && at >= (int)sizeof buf - 40) snprintf(buf + at, sizeof buf - (size_t)at, " ...");
    free(r);
    json_object_set_new(o, "canonical_configuration", json_string(buf));
    if (l->upto != COINS_EXACT) {
        json_object_set_new(o, "theorem_3_8", json_string("not checked (the target is exact only)"));
    } else {
        pl_limits lim;
        pl_limits_init(&lim, 0, 200000, 0);
        coins_thm38 t;
        int st = coins_thm38_check(l->start, l->target, l->n, &lim, &t);
        if (t.a1 >= 0) coins_pt_text(l, l->start[t.a1], p1, sizeof p1), coins_pt_text(l, l->start[t.a2], p2, sizeof p2);
        if (t.b1 >= 0)
            coins_pt_text(l, l->target[t.b1], p3, sizeof p3), coins_pt_text(l, l->target[t.b2], p4, sizeof p4);
        const char *what = l->labelled ? " for the unlabelled counterparts" : "";
        if (t.a && t.b)
            snprintf(buf, sizeof buf, "(a) holds with a1 = %s, a2 = %s; (b) with b1 = %s, b2 = %s: solvable%s", p1, p2,
                     p3, p4, what);
        else if (st < 0 && !t.a)
            snprintf(buf, sizeof buf, "not decided: (a) not found within the budget of pairs");
        else if (t.a_i && !t.a && t.b)
            snprintf(buf, sizeof buf,
                     "(a.i) and (b) hold but not (a.ii): undecided, such puzzles go either way (Figure 33)");
        else if (t.a && !t.b && t.b_i)
            snprintf(buf, sizeof buf,
                     "(a) and (b.i) hold but not (b.ii): undecided, such puzzles go either way (Figure 35)");
        else
            snprintf(buf, sizeof buf, "does not apply: %s%s", !t.a_i ? "no two coins are extra for span(B) (a.i)" : "",
                     !t.b ? (!t.a_i ? "; no (b)" : "no (b)") : "");
        json_object_set_new(o, "theorem_3_8", json_string(buf));
    }
    coins_pt where;
    if (l->upto == COINS_EXACT && coins_fixed_ends_check(l, l->target, &where)) {
        coins_pt_text(l, where, p1, sizeof p1);
        snprintf(buf, sizeof buf,
                 "unsolvable: %s has at most one neighbour in span(A), so no coin ever arrives there, "
                 "and the target wants another coin there",
                 p1);
    } else {
        snprintf(buf, sizeof buf, "no conflict at the positions that never receive a coin");
    }
    json_object_set_new(o, "prop_3_11", json_string(buf));
    if (l->labelled && l->upto == COINS_EXACT) {
        coins_prop331 q;
        coins_prop331_check(l, &q);
        if (q.status == 0) {
            snprintf(buf, sizeof buf, "does not apply (%s)", q.why);
        } else {
            char t[300];
            prop331_text(l, &q, t, sizeof t);
            snprintf(buf, sizeof buf, "%s%s", q.status == 2 ? "unsolvable: " : "", t);
        }
        json_object_set_new(o, "prop_3_31", json_string(buf));
    }
    if (l->labelled && l->upto == COINS_EXACT)
        json_object_set_new(
            o, "corollary_3_17",
            json_string(coins_cor317_holds(l)
                            ? "same span, no 2x2, 1x5 or 5x1 component, the same coins on the ends of line components: "
                              "solvable when Theorem 3.8 holds for the unlabelled counterparts"
                            : "does not apply (different spans, no room, a 2x2, 1x5 or 5x1 component, or another coin "
                              "on the end of a line component)"));
}

/* ---------- Theorem 3.8's construction ---------- */
static bool same_rects(const coins_rect *a, int na, const coins_rect *b, int nb) {
    if (na != nb) return false;
    for (int i = 0; i < na; i++)
        if (a[i].r0 != b[i].r0 || a[i].r1 != b[i].r1 || a[i].c0 != b[i].c0 || a[i].c1 != b[i].c1) return false;
    return true;
}

/* (A, 0) -> (A \ {a1, a2}, 2) -> canonical (Theorem 3.7) -> backwards along
 * B \ {b1, b2}'s canonicalization -> drop b2, then b1. In the middle the
 * 'L's of span(A \ {a1, a2}) are trimmed to span(B)'s, and those holding
 * none of it lose all their coins. The G' actions into *all (*total of
 * them); *mid counts those before the trimming (the stopover at A \ {a1,
 * a2}'s canonical configuration, Theorem 3.16). -1 and why when a step fails. */
int coins_thm38_actions(const coins_pt *A, const coins_pt *B, int n, const coins_thm38 *t, pl_limits *lim,
                        coins_sq_action **all_out, long long *total_out, long long *mid, char *why, size_t wn) {
    int rc = -1;
    coins_pt *a = pl_xmalloc((size_t)n * sizeof *a), *b = pl_xmalloc((size_t)n * sizeof *b);
    coins_rect *ra = pl_xmalloc((size_t)n * sizeof *ra), *rb = pl_xmalloc((size_t)n * sizeof *rb);
    int na = 0, nb = 0;
    for (int i = 0; i < n; i++) {
        if (i != t->a1 && i != t->a2) a[na++] = A[i];
        if (i != t->b1 && i != t->b2) b[nb++] = B[i];
    }
    coins_gp *ga = NULL, *gb = NULL, *gc = NULL;
    int ka = coins_sq_span_rects(a, na, ra), kb = coins_sq_span_rects(b, nb, rb);
    ga = coins_gp_new(A, n, 0);
    coins_gp_take(ga, A[t->a1], false);
    coins_gp_take(ga, A[t->a2], false);
    gb = coins_gp_new(b, nb, 2);
    int wa = 0, wb = 0;
    static const char *reason[] = {"", "a window search failed", "a re-orientation of an 'L' was refused",
                                   "two hulls near each other without coins near", "a limit was reached"};
    if (coins_sq_canonicalize(ga, a, na, lim, &wa) || coins_sq_canonicalize(gb, b, nb, lim, &wb)) {
        int w = wa ? wa : wb;
        snprintf(why, wn, "Theorem 3.7's construction stopped: %s", reason[w >= 1 && w <= 4 ? w : 1]);
        goto done;
    }
    coins_gp_actions(ga, mid);
    /* shrinking: each rectangle of span(A') holds at most one of span(B)
     * (a.ii); the others lose all their coins */
    if (!same_rects(ra, ka, rb, kb)) {
        for (int i = 0; i < ka; i++) {
            int inside = -1;
            for (int j = 0; j < kb; j++)
                if (rb[j].r0 >= ra[i].r0 && rb[j].r1 <= ra[i].r1 && rb[j].c0 >= ra[i].c0 && rb[j].c1 <= ra[i].c1)
                    inside = j;
            coins_pt *q = pl_xmalloc((size_t)(ra[i].r1 - ra[i].r0 + ra[i].c1 - ra[i].c0 + 4) * sizeof *q);
            int k = coins_sq_canonical_L(ra[i], q);
            int bad = 0;
            if (inside < 0)
                for (int x = 0; x < k && !bad; x++) bad = coins_gp_take(ga, q[x], false);
            else
                bad = coins_sq_shrink(ga, ra[i], q, k, rb[inside]);
            free(q);
            if (bad) {
                snprintf(why, wn, "shrinking an 'L' of span(A \\ {a1, a2}) to span(B) failed");
                goto done;
            }
        }
    }
    long long n1, n2;
    const coins_sq_action *x1 = coins_gp_actions(ga, &n1), *x2 = coins_gp_actions(gb, &n2);
    long long total = n1 + n2 + 2;
    coins_sq_action *all = pl_xmalloc((size_t)total * sizeof *all);
    if (n1) memcpy(all, x1, (size_t)n1 * sizeof *all);
    for (long long i = 0; i < n2; i++) { /* backwards: drops and takes exchanged */
        all[n1 + i] = x2[n2 - 1 - i];
        all[n1 + i].drop = !all[n1 + i].drop;
    }
    all[n1 + n2] = (coins_sq_action){B[t->b2].r, B[t->b2].c, true};
    all[n1 + n2 + 1] = (coins_sq_action){B[t->b1].r, B[t->b1].c, true};
    /* replay the whole G' sequence from (A, 0) before trusting it */
    gc = coins_gp_new(A, n, 0);
    for (long long i = 0; i < total; i++) {
        coins_pt q = {all[i].r, all[i].c};
        if (all[i].drop ? coins_gp_drop(gc, q) : coins_gp_take(gc, q, false)) break;
    }
    bool ok = !coins_gp_failed(gc);
    for (int i = 0; i < n && ok; i++) ok = coins_gp_count(gc, B[i]) == 1;
    if (!ok) {
        snprintf(why, wn, "internal error: the G' sequence does not replay");
        free(all);
        goto done;
    }
    *all_out = all;
    *total_out = total;
    rc = 0;
done:
    coins_gp_free(ga), coins_gp_free(gb), coins_gp_free(gc);
    free(a), free(b), free(ra), free(rb);
    return rc;
}

int coins_thm38_construct(const coins_pt *A, const coins_pt *B, int n, const coins_thm38 *t, pl_limits *lim,
                          coins_pt **from, coins_pt **to, long long *nmoves, char *why, size_t wn) {
    coins_sq_action *all;
    long long total, mid;
    if (coins_thm38_actions(A, B, n, t, lim, &all, &total, &mid, why, wn)) return -1;
    *from = pl_xmalloc((size_t)total * sizeof **from);
    *to = pl_xmalloc((size_t)total * sizeof **to);
    *nmoves = coins_sq_clean(A, n, all, total, *from, *to);
    free(all);
    if (*nmoves < 0) {
        free(*from), free(*to);
        snprintf(why, wn, "internal error: CLEAN refused the sequence");
        return -1;
    }
    return 0;
}

/* ---------- the `theorems` algorithm: what Section 3 decides, else exact search ---------- */
/* dst = a b c d, cut to n - 1 characters (notes are one line of 255) */
static void join(char *dst, size_t n, const char *a, const char *b, const char *c, const char *d) {
    const char *part[4] = {a, b, c, d};
    size_t at = 0;
    for (int i = 0; i < 4; i++)
        for (const char *p = part[i]; *p && at + 1 < n; p++) dst[at++] = *p;
    dst[at] = 0;
}

bool coins_theorems_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const coins_level *l = level;
    if (l->grid != COINS_SQUARE) {
        snprintf(why, n, "square grid only (Section 3)");
        return false;
    }
    snprintf(why, n, "square grid: Propositions 3.11, 3.31 and Theorem 3.8 where they decide, exact search elsewhere");
    return true;
}

static void moves_out(const coins_level *l, const coins_pt *from, const coins_pt *to, long long nm, pl_solution *out) {
    char buf[96];
    for (long long i = 0; i < nm; i++) {
        coins_move_text(l, from[i], to[i], buf, sizeof buf);
        pl_strvec_push(&out->moves, buf);
    }
}

/* Labelled square-grid levels (Section 3.2.2): when Theorem 3.8 holds for
 * the unlabelled counterparts, its construction with the labelled stopover;
 * the note says whether Theorem 3.16's hypotheses (and Corollary 3.17's)
 * hold. Else, or when the construction stops, exact search. */
static int labelled_solve(const coins_level *l, const pl_request *req, pl_solution *out, pl_error *err) {
    char head[256] = "", tail[sizeof out->note];
    coins_thm38 t;
    int st = coins_thm38_check(l->start, l->target, l->n, req->limits, &t);
    bool cor = coins_cor317_holds(l), claims = false;
    if (t.a && t.b) {
        coins_thm316 info;
        coins_pt *from, *to;
        long long nm;
        char why[160] = "";
        if (!coins_thm316_construct(l, &t, req->limits, &from, &to, &nm, &info, why, sizeof why)) {
            moves_out(l, from, to, nm, out);
            free(from), free(to);
            out->status = PL_SOLVED;
            out->algorithm = "theorems";
            out->optimal = -1;
            pl_solution_set_value(out, "length", out->moves.n);
            char what[200];
            if (info.hyp)
                snprintf(what, sizeof what, "Theorem 3.16 (r = %d; the permutation avoids the coins it excludes)%s",
                         info.r, cor ? " and Corollary 3.17" : "");
            else
                snprintf(what, sizeof what, "Theorem 3.8 for the unlabelled puzzle; Theorem 3.16 does not decide (%s)",
                         info.reason);
            char counts[256];
            snprintf(counts, sizeof counts,
                     "Theorem 3.8's to the canonical stopover (%lld moves), swaps: %lld (%lld scaffolded or climbed; %lld "
                     "moves), the rest (%lld moves)",
                     info.moves1, info.swaps, info.scaffolds, info.moves3, info.moves2);
            join(out->note, sizeof out->note, what, "; certificate by its construction: ", counts, "");
            return 0;
        }
        claims = info.hyp || cor;
        if (claims)
            join(head, sizeof head, info.hyp ? "Theorem 3.16" : "Corollary 3.17", " says solvable (construction stopped: ",
                 why, ")");
        else if (info.reason[0])
            join(head, sizeof head, "no theorem decides (Theorem 3.8 holds unlabelled; Theorem 3.16 does not: ",
                 info.reason, ")", "");
        else
            join(head, sizeof head, "no theorem decides (Theorem 3.8 holds unlabelled; its construction stopped: ", why,
                 ")", "");
        if (req->limits && req->limits->hit) {
            out->status = PL_UNKNOWN;
            out->limit_hit = req->limits->hit;
            out->algorithm = "theorems";
            snprintf(out->note, sizeof out->note, "%s", head);
            return 0;
        }
    } else if (st < 0) {
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits ? req->limits->hit : 0;
        out->algorithm = "theorems";
        snprintf(out->note, sizeof out->note, "limit reached while checking Theorem 3.8's condition (a)");
        return 0;
    } else {
        snprintf(head, sizeof head, "no theorem decides (labelled; Theorem 3.8 does not hold for the unlabelled puzzle)");
    }
    int rc = coins_exact_best(l, req, out, err);
    out->algorithm = "theorems";
    if (rc) return rc;
    if (claims && out->status == PL_UNSOLVABLE) {
        pl_error_set(err, NULL, 0, 0, "internal error: %s and exact search says unsolvable", head);
        return -1;
    }
    snprintf(tail, sizeof tail, "%s", out->note);
    if (claims && out->status == PL_SOLVED)
        join(out->note, sizeof out->note, head, "; certificate by exact search (", tail, ")");
    else if (claims)
        join(out->note, sizeof out->note, head, ", but exact search found no certificate within the limits (", tail,
             ")");
    else
        join(out->note, sizeof out->note, head, "; exact search: ", tail, "");
    return 0;
}

int coins_theorems_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const coins_level *l = level;
    char head[256] = "", p1[48], p2[48], p3[48], p4[48];
    coins_pt where;
    if (l->upto == COINS_EXACT && coins_fixed_ends_check(l, l->target, &where)) {
        coins_pt_text(l, where, p1, sizeof p1);
        out->status = PL_UNSOLVABLE;
        out->algorithm = "theorems";
        snprintf(out->note, sizeof out->note,
                 "Proposition 3.11: %s has at most one neighbour in span(A), so no coin ever arrives there, and the "
                 "target wants another coin there",
                 p1);
        return 0;
    }
    coins_prop331 q;
    coins_prop331_check(l, &q);
    if (q.status == 2) {
        char t[300];
        prop331_text(l, &q, t, sizeof t);
        out->status = PL_UNSOLVABLE;
        out->algorithm = "theorems";
        join(out->note, sizeof out->note, "Proposition 3.31: ", t, "", "");
        return 0;
    }
    bool claims = false;
    if (l->upto != COINS_EXACT) {
        snprintf(head, sizeof head, "no theorem decides (Theorem 3.8 is checked for exact targets only)");
    } else if (l->labelled) {
        return labelled_solve(l, req, out, err);
    } else {
        coins_thm38 t;
        int st = coins_thm38_check(l->start, l->target, l->n, req->limits, &t);
        if (t.a && t.b) {
            coins_pt_text(l, l->start[t.a1], p1, sizeof p1), coins_pt_text(l, l->start[t.a2], p2, sizeof p2);
            coins_pt_text(l, l->target[t.b1], p3, sizeof p3), coins_pt_text(l, l->target[t.b2], p4, sizeof p4);
            char ab[128];
            join(ab, sizeof ab, p1, ", ", p2, "; (b): ");
            join(head, sizeof head, "Theorem 3.8 ((a): ", ab, p3, ", ");
            join(head, sizeof head, head, p4, ") says solvable", "");
            claims = true;
        } else if (st < 0) {
            out->status = PL_UNKNOWN;
            out->limit_hit = req->limits ? req->limits->hit : 0;
            out->algorithm = "theorems";
            snprintf(out->note, sizeof out->note, "limit reached while checking Theorem 3.8's condition (a)");
            return 0;
        } else if (t.a_i && !t.a && t.b) {
            snprintf(head, sizeof head, "no theorem decides ((a.i) and (b) without (a.ii): Figure 33)");
        } else if (t.a && !t.b && t.b_i) {
            snprintf(head, sizeof head, "no theorem decides ((a) and (b.i) without (b.ii): Figure 35)");
        } else {
            snprintf(head, sizeof head, "no theorem decides (Theorem 3.8 needs (a) and (b))");
        }
    }
    char cwhy[160] = "";
    if (claims) {
        coins_thm38 t;
        coins_thm38_check(l->start, l->target, l->n, NULL, &t);
        coins_pt *from, *to;
        long long nm;
        if (!coins_thm38_construct(l->start, l->target, l->n, &t, req->limits, &from, &to, &nm, cwhy, sizeof cwhy)) {
            char buf[96];
            for (long long i = 0; i < nm; i++) {
                coins_move_text(l, from[i], to[i], buf, sizeof buf);
                pl_strvec_push(&out->moves, buf);
            }
            free(from), free(to);
            out->status = PL_SOLVED;
            out->algorithm = "theorems";
            out->optimal = -1;
            pl_solution_set_value(out, "length", out->moves.n);
            join(out->note, sizeof out->note, head, "; certificate by its construction (Theorems 3.7, 3.8, CLEAN)", "",
                 "");
            return 0;
        }
        if (req->limits && req->limits->hit) {
            out->status = PL_UNKNOWN;
            out->limit_hit = req->limits->hit;
            out->algorithm = "theorems";
            join(out->note, sizeof out->note, head, "; ", cwhy, "");
            return 0;
        }
    }
    int rc = coins_exact_best(level, req, out, err);
    out->algorithm = "theorems";
    if (rc) return rc;
    if (claims && out->status == PL_UNSOLVABLE) { /* would contradict the theorem: never hide it */
        pl_error_set(err, NULL, 0, 0, "internal error: Theorem 3.8 says solvable and exact search says not");
        return -1;
    }
    char tail[sizeof out->note];
    snprintf(tail, sizeof tail, "%s", out->note);
    if (claims && out->status == PL_SOLVED) {
        char h2[256];
        join(h2, sizeof h2, head, " (", cwhy, ")");
        join(out->note, sizeof out->note, h2, "; certificate by exact search (", tail, ")");
    } else if (claims) {
        char h2[256];
        join(h2, sizeof h2, head, " (", cwhy, ")");
        join(out->note, sizeof out->note, h2, ", but exact search found no certificate within the limits (", tail,
             ")");
    } else
        join(out->note, sizeof out->note, head, "; exact search: ", tail, "");
    return 0;
}
