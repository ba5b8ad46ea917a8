/* Two Dots: the simple paths of one colour's component, grouped by the
 * "relevant" dots they take (exact search's last two moves, solve_exact.c).
 *
 * When only a later move's colour matters, a path's effect is the set of its
 * relevant dots (those under a dot of that colour); every other dot of the
 * path only adds to its length. So the component is contracted: its nodes are
 * the relevant dots and the dots whose degree is not two, its chains the runs
 * of other dots between nodes. A path is a walk on nodes through unused
 * chains, plus at each end the whole inside of one more unused chain (going
 * part way only shortens a path of the same class). Each class (set of
 * relevant dots) is reported once, with a path of at least minlen dots when
 * it has one. The walk is a depth-first search with an explicit stack; its
 * cost is the number of node walks, small on wire-like components (long
 * chains, few junctions: the papers' constructions) and exponential in
 * general. Paths wholly inside a chain are reported as the empty class. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef struct chain {
    int u, v;        /* end nodes (node numbers); u == v: a loop */
    int off, len;    /* interior: cells in ipool[off .. off+len), from u's side */
} chain;

typedef struct pc {
    int rows, cols, k;
    const int *comp;
    int *loc;      /* board cell -> local index, -1 elsewhere (caller's array, restored) */
    int *node_of;  /* local -> node number or -1 */
    int *node_loc; /* node -> local */
    bool *rel;     /* per node */
    int nnodes;
    int *ports; /* node * 4 + d -> chain or -1 */
    chain *ch;
    int nch;
    int *ipool;
    int npool;
    /* dfs */
    bool *vis, *used;
    /* pendant chains (one end a node with no other chain): a walk takes at
     * most two of them, one at each end, which bounds its length */
    int *pend, *pend_leaf, npend;
    long pend_total;
    /* classes seen: sorted relevant node lists in an arena, open hashing */
    int *cls;
    size_t ncls, capcls;
    size_t *slot_off;
    int *slot_len;
    uint64_t *slot_hash;
    size_t slots, nslots;
} pc;

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

static int nb(const pc *p, int cell, int d) {
    int r = cell / p->cols + DR[d], c = cell % p->cols + DC[d];
    if (r < 0 || c < 0 || r >= p->rows || c >= p->cols) return -1;
    int y = r * p->cols + c;
    return p->loc[y] >= 0 ? y : -1;
}

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Whether the class (sorted nodes x[0..n)) is new; records it. */
static bool class_new(pc *p, const int *x, int n) {
    uint64_t h = 0x9E3779B97F4A7C15ull * (uint64_t)(n + 1);
    for (int i = 0; i < n; i++) h = mix(h ^ (uint64_t)x[i]) + (uint64_t)i;
    if (2 * (p->nslots + 1) > p->slots) {
        size_t ns = p->slots ? 2 * p->slots : 64;
        size_t *off = pl_xmalloc(ns * sizeof *off);
        int *len = pl_xmalloc(ns * sizeof *len);
        uint64_t *hs = pl_xmalloc(ns * sizeof *hs);
        for (size_t i = 0; i < ns; i++) len[i] = -1;
        for (size_t i = 0; i < p->slots; i++) {
            if (p->slot_len[i] < 0) continue;
            size_t j = (size_t)p->slot_hash[i] & (ns - 1);
            while (len[j] >= 0) j = (j + 1) & (ns - 1);
            off[j] = p->slot_off[i], len[j] = p->slot_len[i], hs[j] = p->slot_hash[i];
        }
        free(p->slot_off);
        free(p->slot_len);
        free(p->slot_hash);
        p->slot_off = off, p->slot_len = len, p->slot_hash = hs, p->slots = ns;
    }
    size_t j = (size_t)h & (p->slots - 1);
    while (p->slot_len[j] >= 0) {
        if (p->slot_hash[j] == h && p->slot_len[j] == n &&
            (n == 0 || memcmp(p->cls + p->slot_off[j], x, (size_t)n * sizeof *x) == 0))
            return false;
        j = (j + 1) & (p->slots - 1);
    }
    if (p->ncls + (size_t)n > p->capcls) {
        p->capcls = 2 * (p->ncls + (size_t)n) + 64;
        p->cls = pl_xrealloc(p->cls, p->capcls * sizeof *p->cls);
    }
    if (n) memcpy(p->cls + p->ncls, x, (size_t)n * sizeof *x);
    p->slot_off[j] = p->ncls, p->slot_len[j] = n, p->slot_hash[j] = h;
    p->ncls += (size_t)n;
    p->nslots++;
    return true;
}

/* The two longest unused chains with an interior at node x (-1: none). */
static void top_ext(const pc *p, int x, int *a, int *b) {
    *a = *b = -1;
    for (int d = 0; d < 4; d++) {
        int e = p->ports[4 * x + d];
        if (e < 0 || p->used[e] || p->ch[e].len == 0 || e == *a) continue;
        if (*a < 0 || p->ch[e].len > p->ch[*a].len) *b = *a, *a = e;
        else if (*b < 0 || p->ch[e].len > p->ch[*b].len) *b = e;
    }
}

static int ext_len(const pc *p, int e) {
    return e < 0 ? 0 : p->ch[e].len;
}

/* The extensions at the walk's two ends s and x (chains es, ee, distinct)
 * that add the most dots; their sum. */
static int best_ends(const pc *p, int s, int x, int *es, int *ee) {
    int a[2], b[2];
    top_ext(p, s, &a[0], &a[1]);
    top_ext(p, x, &b[0], &b[1]);
    int best = -1;
    *es = *ee = -1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int e1 = i < 2 ? a[i] : -1, e2 = j < 2 ? b[j] : -1;
            if ((i < 2 && e1 < 0) || (j < 2 && e2 < 0) || (e1 >= 0 && e1 == e2)) continue;
            int v = ext_len(p, e1) + ext_len(p, e2);
            if (v > best) best = v, *es = e1, *ee = e2;
        }
    return best;
}

/* An upper bound on the dots of any path that extends the walk (len dots,
 * started at s): the walk, the start's best extension, every dot off the walk
 * but the pendant chains it has not touched, and the largest of those. */
static long walk_bound(const pc *p, int s, long len) {
    int a, b;
    top_ext(p, s, &a, &b);
    long untouched = 0, largest = 0;
    for (int i = 0; i < p->npend; i++) {
        int e = p->pend[i];
        if (p->used[e] || p->vis[p->pend_leaf[i]]) continue;
        long w = p->ch[e].len + 1;
        untouched += w;
        if (w > largest) largest = w;
    }
    long rest = (long)p->k - len - untouched + largest + ext_len(p, a);
    if (rest > (long)p->k - len) rest = (long)p->k - len;
    return len + rest;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Appends chain e's interior entered from node x (board cells). */
static int put_interior(const pc *p, int e, int x, bool towards_x, int *out, int n) {
    const chain *c = &p->ch[e];
    bool from_u = c->u == x; /* the interior is stored from u's side */
    for (int i = 0; i < c->len; i++) {
        int idx = from_u != towards_x ? i : c->len - 1 - i;
        out[n++] = p->comp[p->ipool[c->off + idx]];
    }
    return n;
}

int twodots_path_classes(int rows, int cols, const int *comp, int k, int *loc, const uint8_t *relevant, int minlen,
                         pl_limits *lim, int (*visit)(void *ctx, const int *path, int len), void *ctx) {
    pc P;
    memset(&P, 0, sizeof P);
    pc *p = &P;
    p->rows = rows, p->cols = cols, p->k = k, p->comp = comp, p->loc = loc;
    for (int q = 0; q < k; q++) loc[comp[q]] = q;
    p->node_of = pl_xmalloc((size_t)k * sizeof *p->node_of);
    p->node_loc = pl_xmalloc((size_t)k * sizeof *p->node_loc);
    p->rel = pl_xcalloc((size_t)k, sizeof *p->rel);
    for (int q = 0; q < k; q++) {
        int deg = 0;
        for (int d = 0; d < 4; d++) deg += nb(p, comp[q], d) >= 0;
        bool r = relevant[comp[q]] != 0;
        if (deg != 2 || r) {
            p->node_loc[p->nnodes] = q;
            p->rel[p->nnodes] = r;
            p->node_of[q] = p->nnodes++;
        } else {
            p->node_of[q] = -1;
        }
    }
    int rc = 0;
    int *path = pl_xmalloc(((size_t)k + 1) * sizeof *path);
    int *relbuf = pl_xmalloc(((size_t)k + 1) * sizeof *relbuf);
    p->ports = pl_xmalloc((4 * (size_t)p->nnodes + 1) * sizeof *p->ports);
    for (int i = 0; i < 4 * p->nnodes; i++) p->ports[i] = -1;
    p->ch = pl_xmalloc((2 * (size_t)k + 1) * sizeof *p->ch);
    p->ipool = pl_xmalloc(((size_t)k + 1) * sizeof *p->ipool);
    if (p->nnodes == 0) { /* a cycle of irrelevant dots: the empty class, a path through all of it */
        if (k >= minlen && k >= 2) {
            int prev = -1, cur = comp[0];
            for (int i = 0; i < k; i++) {
                path[i] = cur;
                int nxt = -1;
                for (int d = 0; d < 4 && nxt < 0; d++) {
                    int y = nb(p, cur, d);
                    if (y >= 0 && y != prev) nxt = y;
                }
                prev = cur;
                cur = nxt;
            }
            rc = visit(ctx, path, k);
        }
        goto done;
    }
    /* chains */
    for (int x = 0; x < p->nnodes; x++) {
        int cell = comp[p->node_loc[x]];
        for (int d = 0; d < 4; d++) {
            if (p->ports[4 * x + d] >= 0) continue;
            int y = nb(p, cell, d);
            if (y < 0) continue;
            chain *c = &p->ch[p->nch];
            c->u = x;
            c->off = p->npool;
            int prev = cell, cur = y;
            while (p->node_of[loc[cur]] < 0) {
                p->ipool[p->npool++] = loc[cur];
                int nxt = -1;
                for (int e = 0; e < 4; e++) {
                    int z = nb(p, cur, e);
                    if (z >= 0 && z != prev) nxt = z;
                }
                prev = cur;
                cur = nxt;
            }
            c->v = p->node_of[loc[cur]];
            c->len = p->npool - c->off;
            p->ports[4 * x + d] = p->nch;
            /* the port of v through which the chain arrives (prev is next to cur) */
            for (int e = 0; e < 4; e++)
                if (nb(p, cur, e) == prev && !(c->v == x && e == d)) {
                    p->ports[4 * c->v + e] = p->nch;
                    break;
                }
            p->nch++;
        }
    }
    p->vis = pl_xcalloc((size_t)p->nnodes, sizeof *p->vis);
    p->used = pl_xcalloc((size_t)p->nch + 1, sizeof *p->used);
    p->pend = pl_xmalloc(((size_t)p->nch + 1) * sizeof *p->pend);
    p->pend_leaf = pl_xmalloc(((size_t)p->nch + 1) * sizeof *p->pend_leaf);
    for (int e = 0; e < p->nch; e++) {
        int ends[2] = {p->ch[e].u, p->ch[e].v}, leaves = 0, leaf = -1;
        if (ends[0] == ends[1]) continue;
        for (int t = 0; t < 2; t++) {
            int deg = 0;
            for (int d = 0; d < 4; d++) deg += p->ports[4 * ends[t] + d] >= 0;
            if (deg == 1) leaves++, leaf = ends[t];
        }
        if (leaves != 1) continue;
        p->pend[p->npend] = e;
        p->pend_leaf[p->npend++] = leaf;
    }
    /* paths inside one chain: the empty class */
    for (int e = 0; e < p->nch && rc == 0; e++) {
        if (p->ch[e].len < 2 || p->ch[e].len < minlen) continue;
        if (!class_new(p, relbuf, 0)) break;
        int n = put_interior(p, e, p->ch[e].u, false, path, 0);
        rc = visit(ctx, path, n);
    }
    /* walks on nodes from every start */
    int *stk = pl_xmalloc(((size_t)p->nnodes + 1) * sizeof *stk);   /* nodes of the walk */
    int *via = pl_xmalloc(((size_t)p->nnodes + 1) * sizeof *via);   /* chain into stk[i] */
    int *nextp = pl_xmalloc(((size_t)p->nnodes + 1) * sizeof *nextp); /* next port to try at stk[i] */
    for (int s = 0; s < p->nnodes && rc == 0; s++) {
        int depth = 0, length = 1, nrel = 0;
        stk[0] = s, via[0] = -1, nextp[0] = 0;
        p->vis[s] = true;
        if (p->rel[s]) relbuf[nrel++] = s;
        bool fresh = walk_bound(p, s, length) >= minlen; /* the walk just grew: report it */
        if (!fresh) depth = -1;
        while (depth >= 0 && rc == 0) {
            if (!pl_limits_tick(lim)) {
                rc = -1;
                break;
            }
            int x = stk[depth];
            if (fresh) {
                fresh = false;
                int es, ee;
                int total = length + best_ends(p, s, x, &es, &ee);
                if (total >= minlen && total >= 2) {
                    int *cl = pl_xmalloc(((size_t)nrel + 1) * sizeof *cl);
                    memcpy(cl, relbuf, (size_t)nrel * sizeof *cl);
                    qsort(cl, (size_t)nrel, sizeof *cl, cmp_int);
                    bool isnew = class_new(p, cl, nrel);
                    free(cl);
                    if (isnew) {
                        int n = 0;
                        if (es >= 0) n = put_interior(p, es, s, true, path, n);
                        for (int i = 0; i <= depth; i++) {
                            if (i > 0) n = put_interior(p, via[i], stk[i - 1], false, path, n);
                            path[n++] = comp[p->node_loc[stk[i]]];
                        }
                        if (ee >= 0) n = put_interior(p, ee, x, false, path, n);
                        rc = visit(ctx, path, n);
                        if (rc) break;
                    }
                }
            }
            /* the next unused chain from x to an unvisited node */
            bool grew = false;
            while (nextp[depth] < 4) {
                int e = p->ports[4 * x + nextp[depth]++];
                if (e < 0 || p->used[e]) continue;
                int y = p->ch[e].u == x ? p->ch[e].v : p->ch[e].u;
                if (p->ch[e].u == p->ch[e].v || p->vis[y]) continue;
                p->used[e] = true;
                p->vis[y] = true;
                if (walk_bound(p, s, length + p->ch[e].len + 1) < minlen) { /* too short, however it goes on */
                    p->used[e] = false;
                    p->vis[y] = false;
                    continue;
                }
                length += p->ch[e].len + 1;
                if (p->rel[y]) relbuf[nrel++] = y;
                depth++;
                stk[depth] = y, via[depth] = e, nextp[depth] = 0;
                grew = fresh = true;
                break;
            }
            if (grew) continue;
            /* backtrack */
            if (depth > 0) {
                int e = via[depth], y = stk[depth];
                p->used[e] = false;
                p->vis[y] = false;
                length -= p->ch[e].len + 1;
                if (p->rel[y]) nrel--;
            }
            depth--;
        }
        p->vis[s] = false;
        for (int i = 0; i < p->nch; i++) p->used[i] = false;
        for (int i = 0; i < p->nnodes; i++) p->vis[i] = false;
    }
    free(stk);
    free(via);
    free(nextp);
done:
    for (int q = 0; q < k; q++) loc[comp[q]] = -1;
    free(path);
    free(relbuf);
    free(p->node_of);
    free(p->node_loc);
    free(p->rel);
    free(p->ports);
    free(p->ch);
    free(p->ipool);
    free(p->vis);
    free(p->used);
    free(p->pend);
    free(p->pend_leaf);
    free(p->cls);
    free(p->slot_off);
    free(p->slot_len);
    free(p->slot_hash);
    return rc < 0 ? -1 : rc;
}
