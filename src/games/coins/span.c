/* Spans and the parameters of Section 1 (Galliot 2019).
 *
 * span(C) (Definition 1.5) is the closure of C under adding positions with at
 * least two neighbours in it. Algorithm 1 (Proposition 1.8): after the first
 * round only positions next to the last round's additions can join, so every
 * position of the span is scanned once with its paths c - p - q:
 * O(|S| Delta^2).
 *
 * minimal+k (Definition 1.9) and the number of extra coins are maxima over
 * subsets; removable sets are closed under subsets (the span is monotone,
 * Proposition 1.6), so a depth-first search that only extends removable sets,
 * with the bound "removed + undecided <= best", finds them exactly within a
 * work budget, and a lower bound beyond it. Minimum sizes: square grid by
 * Proposition 3.20 (sum of ceil((m+n)/2) over the rectangles of
 * Proposition 3.2); triangular grid: an infinite span needs exactly 2 coins;
 * graphs: exhaustive over subsets of the span within the budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

int coins_span(const coins_board *b, const int *coins, int ncoins, uint8_t *in_span, int *work) {
    int *list = work ? work : pl_xmalloc(((size_t)b->nv + 1) * sizeof *list);
    memset(in_span, 0, (size_t)b->nv);
    int len = 0;
    for (int i = 0; i < ncoins; i++)
        if (!in_span[coins[i]]) {
            in_span[coins[i]] = 1;
            list[len++] = coins[i];
        }
    int lo = 0, hi = len;
    while (lo < hi) {
        for (int i = lo; i < hi; i++) {
            int c = list[i];
            for (int a = b->off[c]; a < b->off[c + 1]; a++) {
                int p = b->adj[a];
                if (in_span[p]) continue;
                for (int z = b->off[p]; z < b->off[p + 1]; z++) {
                    int q = b->adj[z];
                    if (q != c && in_span[q]) {
                        in_span[p] = 1;
                        list[len++] = p;
                        break;
                    }
                }
            }
        }
        lo = hi;
        hi = len;
    }
    if (!work) free(list);
    return len;
}

void coins_bbox(const coins_level *l, bool with_target, int *r0, int *c0, int *r1, int *c1) {
    *r0 = *c0 = 1 << 30;
    *r1 = *c1 = -(1 << 30);
    for (int t = 0; t < (with_target ? 2 : 1); t++)
        for (int i = 0; i < l->n; i++) {
            coins_pt p = t ? l->target[i] : l->start[i];
            if (p.r < *r0) *r0 = p.r;
            if (p.r > *r1) *r1 = p.r;
            if (p.c < *c0) *c0 = p.c;
            if (p.c > *c1) *c1 = p.c;
        }
}

int coins_placements(const coins_level *l, const coins_board *b, const uint8_t *allowed, int **out) {
    int n = l->n, cap = 4, count = 0;
    *out = pl_xmalloc((size_t)cap * (size_t)n * sizeof **out);
    coins_pt *q = pl_xmalloc((size_t)n * sizeof *q);
    int nrot = l->upto == COINS_ROTATION ? coins_nrotations(l) : 1;
    for (int k = 0; k < nrot; k++) {
        for (int i = 0; i < n; i++) q[i] = coins_rotate(l, l->target[i], k);
        int dr0 = 0, dr1 = 0, dc0 = 0, dc1 = 0;
        if (l->upto != COINS_EXACT) {
            /* offsets putting the rotated target's box inside the board */
            int r0 = 1 << 30, c0 = 1 << 30, r1 = -(1 << 30), c1 = -(1 << 30);
            for (int i = 0; i < n; i++) {
                if (q[i].r < r0) r0 = q[i].r;
                if (q[i].r > r1) r1 = q[i].r;
                if (q[i].c < c0) c0 = q[i].c;
                if (q[i].c > c1) c1 = q[i].c;
            }
            dr0 = b->r0 - r0;
            dr1 = b->r0 + b->h - 1 - r1;
            dc0 = b->c0 - c0;
            dc1 = b->c0 + b->w - 1 - c1;
        }
        for (int dr = dr0; dr <= dr1; dr++)
            for (int dc = dc0; dc <= dc1; dc++) {
                if (count == cap) *out = pl_xrealloc(*out, (size_t)(cap *= 2) * (size_t)n * sizeof **out);
                int *pl = *out + (size_t)count * (size_t)n, ok = 1;
                for (int i = 0; i < n && ok; i++) {
                    int pos = coins_board_pos(b, (coins_pt){q[i].r + dr, q[i].c + dc});
                    ok = pos >= 0 && (!allowed || allowed[pos]);
                    pl[i] = pos;
                }
                count += ok;
            }
    }
    free(q);
    return count;
}

/* ---------- subset searches for minimal+k and extra coins ---------- */
typedef struct sub_ctx {
    const coins_board *b;
    const int *coins;
    int n;
    uint8_t *removed, *in_span;
    int *kept, *work;
    /* predicate: span(kept) has want_size positions (minimal+k), or contains
     * one of the nplace target spans (extra coins) */
    int want_size;
    const uint8_t *place_span; /* nplace x nv */
    int nplace;
    uint64_t budget, used;
    bool out_of_budget;
    int best, upper;
} sub_ctx;

static bool sub_pred(sub_ctx *x) {
    int k = 0;
    for (int i = 0; i < x->n; i++)
        if (!x->removed[i]) x->kept[k++] = x->coins[i];
    /* the budget counts work, not calls: a span costs O(positions), so a
     * call is charged a unit a 256 positions scanned, the placements' spans
     * included (one on small boards, as before; 40 on a 10,000-position one, where a budget of calls let
     * `info` on 5,000 coins run for minutes) */
    x->used += 1 + (uint64_t)x->b->nv * (uint64_t)(x->place_span ? x->nplace + 1 : 1) / 256;
    int sz = coins_span(x->b, x->kept, k, x->in_span, x->work);
    if (!x->place_span) return sz == x->want_size;
    for (int j = 0; j < x->nplace; j++) {
        const uint8_t *ps = x->place_span + (size_t)j * (size_t)x->b->nv;
        bool ok = true;
        for (int v = 0; v < x->b->nv && ok; v++) ok = !ps[v] || x->in_span[v];
        if (ok) return true;
    }
    return false;
}

/* The search over the coins in order: coin i removed (when the predicate
 * still holds), then kept. Iterative, on explicit stacks (heap, n + 1
 * levels): the depth is the number of coins, which a level may make
 * thousands, so not C stack frames. Level i holds the removals so far
 * (rem[i]) and how far its two branches have gone (stage[i]: 1 the removal
 * branch is being searched, 2 the keeping one). */
static void sub_dfs(sub_ctx *x) {
    int n = x->n, i = 0;
    int *rem = pl_xmalloc(((size_t)n + 1) * sizeof *rem);
    uint8_t *stage = pl_xmalloc((size_t)n + 1);
    rem[0] = 0;
    bool enter = true;
    for (;;) {
        if (enter) {
            int r = rem[i];
            bool stop = x->best >= x->upper || r + (n - i) <= x->best;
            if (!stop && i == n) {
                x->best = r;
                stop = true;
            }
            if (!stop && x->used >= x->budget) {
                x->out_of_budget = true;
                stop = true;
            }
            if (!stop) {
                x->removed[i] = 1;
                stage[i] = 1;
                if (sub_pred(x)) {
                    rem[++i] = r + 1;
                    continue;
                }
            } else {
                if (i == 0) break;
                i--;
            }
            enter = false;
            continue;
        }
        if (stage[i] == 1) { /* the removal branch is done: keep coin i */
            x->removed[i] = 0;
            stage[i] = 2;
            rem[i + 1] = rem[i];
            i++;
            enter = true;
            continue;
        }
        if (i == 0) break; /* both branches done */
        i--;
    }
    free(rem);
    free(stage);
}

/* Greedy first (a lower bound at once), then the exact search. */
static int max_removable(sub_ctx *x, bool *exact) {
    x->best = 0;
    int g = 0;
    /* the greedy pass is charged to the same work budget as the search (a
     * pass over 20,000 coins is 20,000 spans of the whole board: 107 s of
     * `info` before); past the budget its count so far is the lower bound */
    for (int i = 0; i < x->n && x->used < x->budget; i++) {
        x->removed[i] = 1;
        if (sub_pred(x))
            g++;
        else
            x->removed[i] = 0;
    }
    if (x->used >= x->budget) x->out_of_budget = true;
    memset(x->removed, 0, (size_t)x->n);
    x->best = g;
    if (!x->out_of_budget) sub_dfs(x);
    *exact = !x->out_of_budget;
    return x->best;
}

/* Smallest C inside span S with span(C) = S (graphs), by increasing size; -1
 * beyond the budget. */
static int graph_minimum(const coins_board *b, const uint8_t *span, int span_size, int upto, uint64_t budget) {
    int *cells = pl_xmalloc((size_t)span_size * sizeof *cells), m = 0;
    for (int v = 0; v < b->nv; v++)
        if (span[v]) cells[m++] = v;
    uint8_t *tmp = pl_xmalloc((size_t)b->nv);
    int *work = pl_xmalloc(((size_t)b->nv + 1) * sizeof *work), *pick = pl_xmalloc(((size_t)upto + 1) * sizeof *pick),
        *sel = pl_xmalloc(((size_t)upto + 1) * sizeof *sel);
    uint64_t used = 0;
    int answer = -1;
    for (int s = 1; s <= upto && answer < 0 && used < budget; s++) {
        for (int i = 0; i < s; i++) pick[i] = i;
        for (;;) {
            for (int i = 0; i < s; i++) sel[i] = cells[pick[i]];
            used += 1 + (uint64_t)b->nv / 256; /* a span scans the graph: charged as in sub_pred */
            if (used > budget) break;
            if (coins_span(b, sel, s, tmp, work) == span_size) {
                answer = s;
                break;
            }
            int i = s - 1;
            while (i >= 0 && pick[i] == m - s + i) i--;
            if (i < 0) break;
            pick[i]++;
            for (int j = i + 1; j < s; j++) pick[j] = pick[j - 1] + 1;
        }
    }
    if (answer < 0 && used <= budget) answer = upto;
    free(cells);
    free(tmp);
    free(work);
    free(pick);
    free(sel);
    return answer;
}

static int to_positions(const coins_board *b, const coins_pt *p, int n, int *out) {
    for (int i = 0; i < n; i++)
        if ((out[i] = coins_board_pos(b, p[i])) < 0) return -1;
    return 0;
}

void coins_analyse(const coins_level *l, uint64_t work_limit, coins_analysis *o) {
    memset(o, 0, sizeof *o);
    o->minimum_size = -1;
    if (!work_limit) work_limit = 200000;
    int n = l->n;
    coins_board b;
    if (l->grid == COINS_GRAPH)
        coins_board_graph(&b, l);
    else {
        int r0, c0, r1, c1;
        coins_bbox(l, true, &r0, &c0, &r1, &c1);
        coins_board_rect(&b, l, r0 - 2, c0 - 2, r1 - r0 + 5, c1 - c0 + 5);
    }
    int *A = pl_xmalloc((size_t)n * sizeof *A), *B = pl_xmalloc((size_t)n * sizeof *B);
    to_positions(&b, l->start, n, A);
    to_positions(&b, l->target, n, B);
    uint8_t *occ = pl_xcalloc((size_t)b.nv, 1), *span = pl_xmalloc((size_t)b.nv);
    int *cnt = pl_xcalloc((size_t)b.nv, sizeof *cnt);
    for (int i = 0; i < n; i++) occ[A[i]] = 1;
    /* Proposition 1.2 (first part) and the legal first moves */
    for (int i = 0; i < n; i++)
        for (int a = b.off[A[i]]; a < b.off[A[i] + 1]; a++) cnt[b.adj[a]]++;
    for (int v = 0; v < b.nv; v++) {
        if (occ[v] || cnt[v] < 2) continue;
        o->a_has_shared_free_neighbour = true;
        for (int i = 0; i < n; i++) {
            int adj = 0;
            for (int a = b.off[v]; a < b.off[v + 1]; a++) adj += b.adj[a] == A[i];
            if (cnt[v] - adj >= 2) o->a_moves++;
        }
    }
    /* Proposition 1.2 (second part) and 1.3, on the target */
    uint8_t *occb = pl_xcalloc((size_t)b.nv, 1);
    for (int i = 0; i < n; i++) occb[B[i]] = 1;
    int nedges = 0, eu = -1, ev = -1;
    for (int i = 0; i < n; i++) {
        int deg = 0;
        for (int a = b.off[B[i]]; a < b.off[B[i] + 1]; a++)
            if (occb[b.adj[a]]) {
                deg++;
                if (b.adj[a] > B[i]) {
                    nedges++;
                    if (eu < 0) eu = B[i], ev = b.adj[a];
                }
            }
        if (deg >= 2) o->b_has_component3 = true;
    }
    /* Proposition 1.3: some b touches every edge of B */
    if (nedges == 0) {
        o->prop13_applies = true;
        o->prop13_b = l->target[0];
    } else {
        for (int t = 0; t < 2 && !o->prop13_applies; t++) {
            int cand = t ? ev : eu, touched = 0;
            for (int a = b.off[cand]; a < b.off[cand + 1]; a++) touched += occb[b.adj[a]];
            if (touched == nedges) {
                o->prop13_applies = true;
                o->prop13_b = coins_board_pt(&b, cand);
            }
        }
    }
    /* A -> B in at most one move */
    coins_pt *cfg = pl_xmalloc((size_t)n * sizeof *cfg);
    memcpy(cfg, l->start, (size_t)n * sizeof *cfg);
    o->one_move_solves = coins_config_matches(l, cfg, NULL, 0);
    if (!o->one_move_solves && l->upto == COINS_EXACT) {
        /* Exactly: one move does it iff A and B differ by one coin (the
         * coin i that is off B, unlabelled; the one off its own target,
         * labelled) whose target position is free with two coin neighbours
         * besides it: O(n + positions), where trying every coin on every
         * position with a comparison of whole configurations took minutes
         * on thousands of coins. */
        int from = -1, to = -1, off = 0;
        for (int i = 0; i < n; i++) {
            bool moved = l->labelled ? A[i] != B[i] : !occb[A[i]];
            if (moved && off++ == 0) from = i;
        }
        if (off == 1) {
            if (l->labelled) {
                to = B[from];
            } else {
                for (int i = 0; i < n && to < 0; i++)
                    if (!occ[B[i]]) to = B[i];
            }
            if (to >= 0 && !occ[to]) {
                int adj = 0;
                for (int a = b.off[to]; a < b.off[to + 1]; a++) adj += b.adj[a] == A[from];
                o->one_move_solves = cnt[to] - adj >= 2;
            }
        }
    }
    for (int i = 0; i < n && !o->one_move_solves && n <= 64 && l->upto != COINS_EXACT; i++) {
        if (l->upto == COINS_EXACT && !l->labelled && occb[A[i]]) continue; /* a coin already on B stays */
        for (int v = 0; v < b.nv && !o->one_move_solves; v++) {
            if (occ[v] || cnt[v] < 2) continue;
            if (l->upto == COINS_EXACT && !occb[v]) continue;
            int adj = 0;
            for (int a = b.off[v]; a < b.off[v + 1]; a++) adj += b.adj[a] == A[i];
            if (cnt[v] - adj < 2) continue;
            cfg[i] = coins_board_pt(&b, v);
            o->one_move_solves = coins_config_matches(l, cfg, NULL, 0);
            cfg[i] = l->start[i];
        }
    }
    free(cfg);

    if (l->grid == COINS_TRIANGULAR) {
        /* a free position with two coin neighbours grows a triangle, and a
         * triangle spans the whole lattice */
        o->span_finite = !o->a_has_shared_free_neighbour;
        o->span_size = o->span_finite ? n : -1;
        o->span_components = -1;
        if (o->span_finite) {
            o->minimum_size = n;
            o->minimal_plus = 0;
            bool inside = true;
            for (int i = 0; i < n && inside; i++) inside = occ[B[i]];
            o->target_in_span = inside || l->upto != COINS_EXACT;
            o->extra_coins = 0;
        } else {
            o->minimum_size = 2;
            o->minimal_plus = n - 2;
            o->target_in_span = true;
            o->extra_coins = n - 2;
        }
        o->minimal_plus_exact = o->extra_coins_exact = true;
        goto done;
    }
    o->span_finite = true;
    int *work = pl_xmalloc(((size_t)b.nv + 1) * sizeof *work);
    o->span_size = coins_span(&b, A, n, span, work);
    if (l->grid == COINS_SQUARE) {
        /* rectangles: components of the span (Proposition 3.2) */
        uint8_t *seen = pl_xcalloc((size_t)b.nv, 1);
        int ncomp = 0, minsum = 0;
        for (int v = 0; v < b.nv; v++) {
            if (!span[v] || seen[v]) continue;
            int top = 0, rmin = v / b.w, rmax = rmin, cmin = v % b.w, cmax = cmin;
            work[top++] = v;
            seen[v] = 1;
            while (top) {
                int u = work[--top];
                int r = u / b.w, c = u % b.w;
                if (r < rmin) rmin = r;
                if (r > rmax) rmax = r;
                if (c < cmin) cmin = c;
                if (c > cmax) cmax = c;
                for (int a = b.off[u]; a < b.off[u + 1]; a++)
                    if (span[b.adj[a]] && !seen[b.adj[a]]) {
                        seen[b.adj[a]] = 1;
                        work[top++] = b.adj[a];
                    }
            }
            ncomp++;
            minsum += (rmax - rmin + 1 + cmax - cmin + 1 + 1) / 2;
        }
        free(seen);
        o->span_components = ncomp;
        o->minimum_size = minsum;
    } else {
        o->span_components = -1;
        o->minimum_size = graph_minimum(&b, span, o->span_size, n, work_limit);
    }
    sub_ctx x = {.b = &b, .coins = A, .n = n, .budget = work_limit};
    x.removed = pl_xcalloc((size_t)n, 1);
    x.in_span = pl_xmalloc((size_t)b.nv);
    x.kept = pl_xmalloc((size_t)n * sizeof *x.kept);
    x.work = work;
    x.want_size = o->span_size;
    x.upper = o->minimum_size >= 0 ? n - o->minimum_size : n;
    o->minimal_plus = max_removable(&x, &o->minimal_plus_exact);
    /* extra coins against the target's placements inside span(A) */
    int *pl = NULL;
    int np = coins_placements(l, &b, span, &pl);
    o->target_in_span = np > 0;
    /* the placements' spans are np x positions bytes: at most 64 MiB of them */
    if (np > 0 && np <= 4096 && (uint64_t)np * (uint64_t)b.nv <= (64u << 20)) {
        uint8_t *ps = pl_xmalloc((size_t)np * (size_t)b.nv);
        for (int j = 0; j < np; j++) coins_span(&b, pl + (size_t)j * (size_t)n, n, ps + (size_t)j * (size_t)b.nv, work);
        x.place_span = ps;
        x.nplace = np;
        x.used = 0;
        x.out_of_budget = false;
        x.upper = n; /* e >= k: removals that keep span(A) keep every placement inside it */
        memset(x.removed, 0, (size_t)n);
        o->extra_coins = max_removable(&x, &o->extra_coins_exact);
        free(ps);
    } else {
        o->extra_coins = 0;
        o->extra_coins_exact = np == 0;
    }
    free(pl);
    free(x.removed);
    free(x.in_span);
    free(x.kept);
    free(work);
done:
    free(A);
    free(B);
    free(occ);
    free(occb);
    free(span);
    free(cnt);
    coins_board_free(&b);
}
