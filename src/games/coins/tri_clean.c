/* CLEAN (Galliot 2019, Proposition 1.13, Algorithm 2): from actions of the
 * permissive game G' (stacking allowed, take and drop through a reserve) to
 * moves of the real game G.
 *
 * The idea of the paper: a G' coin that lands on an occupied position is not
 * moved in G; the G coin left behind plays its role, and the next move out of
 * the stack moves that coin instead. Taking a coin likewise leaves it on the
 * board, and a drop moves one of those left-behind coins. Extra coins never
 * hurt a move (only the count of occupied neighbours matters), so every move
 * emitted is legal in G.
 *
 * Where the paper keeps one proxy per position (P[d] <- o), two coins can
 * stack on one position (or a coin land where a left-behind coin sits), so
 * here every position p keeps the list of the G coins standing in for its
 * stacked G' coins (cnt[p] - 1 of them) and the reserve keeps the list of
 * the G coins standing for taken coins. Invariants: a position with cnt >= 1
 * holds its own G coin; a proxy sits on a position with cnt = 0. Then the
 * positions occupied in G' are occupied in G, and a G coin leaving a proxy
 * position is never counted by G' as a neighbour, which makes each emitted
 * move legal when the action was legal in G' (checked here). When the final
 * G' configuration has no stack and an empty reserve, every list is empty and
 * G holds the same configuration. Takes and drops are thereby paired as in
 * step 1 of the proof (a take is postponed until a drop uses its coin).
 *
 * Complexity: O(1) expected per action (hash map on positions), O(n + T)
 * in all, as Proposition 1.13 states. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tri.h"

/* ---------- position map ---------- */
static int64_t pkey(coins_pt p) {
    return (int64_t)(((uint64_t)(uint32_t)p.r << 32) | (uint32_t)p.c);
}
static size_t phash(int64_t k) {
    uint64_t x = (uint64_t)k * 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 31));
}

void tri_pmap_init(tri_pmap *m, size_t hint) {
    size_t cap = 64;
    while (cap < 2 * hint + 2) cap *= 2;
    m->key = pl_xmalloc(cap * sizeof *m->key);
    m->val = pl_xmalloc(cap * sizeof *m->val);
    for (size_t i = 0; i < cap; i++) m->key[i] = INT64_MIN;
    m->mask = cap - 1;
    m->used = 0;
}

void tri_pmap_free(tri_pmap *m) {
    free(m->key);
    free(m->val);
    m->key = NULL;
    m->val = NULL;
}

int tri_pmap_get(const tri_pmap *m, coins_pt p) {
    int64_t k = pkey(p);
    for (size_t i = phash(k) & m->mask;; i = (i + 1) & m->mask) {
        if (m->key[i] == INT64_MIN) return -1;
        if (m->key[i] == k) return m->val[i];
    }
}

static void grow(tri_pmap *m) {
    size_t old = m->mask + 1;
    int64_t *ok = m->key;
    int *ov = m->val;
    tri_pmap_init(m, old);
    for (size_t i = 0; i < old; i++)
        if (ok[i] != INT64_MIN) {
            size_t j = phash(ok[i]) & m->mask;
            while (m->key[j] != INT64_MIN) j = (j + 1) & m->mask;
            m->key[j] = ok[i];
            m->val[j] = ov[i];
            m->used++;
        }
    free(ok);
    free(ov);
}

void tri_pmap_set(tri_pmap *m, coins_pt p, int v) {
    int64_t k = pkey(p);
    size_t i = phash(k) & m->mask;
    for (;; i = (i + 1) & m->mask) {
        if (m->key[i] == k) {
            m->val[i] = v;
            return;
        }
        if (m->key[i] == INT64_MIN) break;
    }
    if (v < 0) return;
    if ((m->used + 1) * 2 > m->mask + 1) {
        grow(m);
        i = phash(k) & m->mask;
        while (m->key[i] != INT64_MIN) i = (i + 1) & m->mask;
    }
    m->key[i] = k;
    m->val[i] = v;
    m->used++;
}

/* ---------- vectors ---------- */
void tri_acts_push(tri_acts *v, int kind, coins_pt o, coins_pt d) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        v->a = pl_xrealloc(v->a, v->cap * sizeof *v->a);
    }
    v->a[v->n++] = (tri_act){o, d, kind};
}

void tri_moves_push(tri_moves *v, coins_pt from, coins_pt to) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        v->m = pl_xrealloc(v->m, v->cap * sizeof *v->m);
    }
    v->m[v->n++] = (tri_move){from, to};
}

/* ---------- CLEAN ---------- */
#define RESERVE 0 /* node 0 is the reserve; positions are nodes 1.. */

typedef struct clean {
    tri_pmap map;
    coins_pt *pt;
    int *cnt, *owner, *head, *prv, *nxt;
    int nn, cap, reserve;
    tri_moves *out;
} clean;

static int node(clean *s, coins_pt p) {
    int v = tri_pmap_get(&s->map, p);
    if (v >= 0) return v;
    if (s->nn == s->cap) {
        s->cap *= 2;
        s->pt = pl_xrealloc(s->pt, (size_t)s->cap * sizeof *s->pt);
        s->cnt = pl_xrealloc(s->cnt, (size_t)s->cap * sizeof *s->cnt);
        s->owner = pl_xrealloc(s->owner, (size_t)s->cap * sizeof *s->owner);
        s->head = pl_xrealloc(s->head, (size_t)s->cap * sizeof *s->head);
        s->prv = pl_xrealloc(s->prv, (size_t)s->cap * sizeof *s->prv);
        s->nxt = pl_xrealloc(s->nxt, (size_t)s->cap * sizeof *s->nxt);
    }
    v = s->nn++;
    s->pt[v] = p;
    s->cnt[v] = 0;
    s->owner[v] = s->head[v] = s->prv[v] = s->nxt[v] = -1;
    tri_pmap_set(&s->map, p, v);
    return v;
}

static void link(clean *s, int owner, int x) {
    s->owner[x] = owner;
    s->prv[x] = -1;
    s->nxt[x] = s->head[owner];
    if (s->head[owner] >= 0) s->prv[s->head[owner]] = x;
    s->head[owner] = x;
}

static void unlink_node(clean *s, int x) {
    int o = s->owner[x];
    if (s->prv[x] >= 0)
        s->nxt[s->prv[x]] = s->nxt[x];
    else
        s->head[o] = s->nxt[x];
    if (s->nxt[x] >= 0) s->prv[s->nxt[x]] = s->prv[x];
    s->owner[x] = s->prv[x] = s->nxt[x] = -1;
}

/* Occupied neighbours of d in G' (counts as they stand). */
static int occupied_neighbours(const clean *s, coins_pt d) {
    static const int dr[6] = {0, -1, -1, 0, 1, 1}, dc[6] = {1, 1, 0, -1, -1, 0};
    int k = 0;
    for (int i = 0; i < 6; i++) {
        int v = tri_pmap_get(&s->map, (coins_pt){d.r + dr[i], d.c + dc[i]});
        k += v >= 0 && s->cnt[v] >= 1;
    }
    return k;
}

/* One G' coin leaves position o: the G coin that stood for it. */
static int leave(clean *s, int o) {
    s->cnt[o]--;
    if (s->head[o] >= 0) {
        int x = s->head[o];
        unlink_node(s, x);
        return x;
    }
    return o;
}

/* The G coin at x now stands for a G' coin arriving at d. */
static void land(clean *s, int x, int d) {
    if (x == d) { /* a proxy standing on d becomes d's own coin */
        s->cnt[d] = 1;
    } else if (s->cnt[d] >= 1) { /* stacking: x stays, as a proxy of d */
        link(s, d, x);
        s->cnt[d]++;
    } else if (s->owner[d] >= 0) { /* d holds a proxy of p: it becomes d's coin, x takes its role */
        int p = s->owner[d];
        unlink_node(s, d);
        s->cnt[d] = 1;
        link(s, p, x);
    } else {
        tri_moves_push(s->out, s->pt[x], s->pt[d]);
        s->cnt[d] = 1;
    }
}

int tri_clean(const coins_pt *A, int n, const tri_acts *acts, tri_moves *out, pl_limits *lim, char *why, size_t wn) {
    clean s = {0};
    s.cap = 2 * n + 16;
    tri_pmap_init(&s.map, (size_t)s.cap);
    s.pt = pl_xmalloc((size_t)s.cap * sizeof *s.pt);
    s.cnt = pl_xmalloc((size_t)s.cap * sizeof *s.cnt);
    s.owner = pl_xmalloc((size_t)s.cap * sizeof *s.owner);
    s.head = pl_xmalloc((size_t)s.cap * sizeof *s.head);
    s.prv = pl_xmalloc((size_t)s.cap * sizeof *s.prv);
    s.nxt = pl_xmalloc((size_t)s.cap * sizeof *s.nxt);
    s.out = out;
    s.nn = 1; /* the reserve */
    s.cnt[RESERVE] = 0;
    s.owner[RESERVE] = s.head[RESERVE] = s.prv[RESERVE] = s.nxt[RESERVE] = -1;
    for (int i = 0; i < n; i++) s.cnt[node(&s, A[i])]++;
    int rc = 0;
    for (size_t t = 0; t < acts->n && rc == 0; t++) {
        const tri_act *a = &acts->a[t];
        if (lim && (t & 65535) == 65535 && !pl_limits_check_time(lim)) {
            rc = -2;
            break;
        }
        if (a->kind == TRI_MOVE && a->o.r == a->d.r && a->o.c == a->d.c) continue;
        int o = -1, d = -1;
        if (a->kind != TRI_DROP) {
            o = tri_pmap_get(&s.map, a->o);
            if (o < 0 || s.cnt[o] < 1) {
                snprintf(why, wn, "CLEAN: action %zu takes a coin from the empty position %d,%d", t + 1, a->o.r,
                         a->o.c);
                rc = -1;
                break;
            }
        }
        if (a->kind == TRI_TAKE) {
            int x = leave(&s, o);
            link(&s, RESERVE, x);
            s.reserve++;
            continue;
        }
        if (a->kind == TRI_DROP && s.reserve == 0) {
            snprintf(why, wn, "CLEAN: action %zu drops from an empty reserve", t + 1);
            rc = -1;
            break;
        }
        d = node(&s, a->d);
        if (o >= 0) s.cnt[o]--; /* the mover does not count as a neighbour */
        int k = occupied_neighbours(&s, a->d);
        if (o >= 0) s.cnt[o]++;
        if (k < 2) {
            snprintf(why, wn, "CLEAN: action %zu puts a coin on %d,%d with %d occupied neighbours in G'", t + 1, a->d.r,
                     a->d.c, k);
            rc = -1;
            break;
        }
        int x;
        if (a->kind == TRI_MOVE) {
            x = leave(&s, o);
        } else {
            x = s.head[RESERVE];
            unlink_node(&s, x);
            s.reserve--;
        }
        land(&s, x, d);
    }
    tri_pmap_free(&s.map);
    free(s.pt);
    free(s.cnt);
    free(s.owner);
    free(s.head);
    free(s.prv);
    free(s.nxt);
    return rc;
}
