/* Edmonds' blossom algorithm for maximum-cardinality matching in a general
 * graph: grow an alternating BFS tree from an exposed root; an edge between
 * two even vertices of the tree closes an odd cycle (a blossom), whose
 * vertices all get the base of the cycle as their base and become even; an
 * edge to an exposed vertex outside the tree gives an augmenting path, read
 * back through the parent links p[] and mates. See include/puzzlelab/matching.h. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"
#include "puzzlelab/matching.h"

typedef struct mstate {
    int nv;
    int *off, *adj; /* CSR adjacency, self-loops dropped */
    int *mate, *p, *base, *queue, *touched;
    unsigned char *used, *bloss;
    int *lmark;
    int stamp;
    int nt, qh, qt;
} mstate;

static void touch(mstate *s, int v) {
    if (!s->used[v] && s->p[v] < 0) s->touched[s->nt++] = v;
}

/* The base of the blossom an edge between even vertices a and b closes:
 * their nearest common ancestor in the alternating forest, or -1 when they
 * lie in different trees (never in find_path's single tree). */
static int lca(mstate *s, int a, int b) {
    s->stamp++;
    for (;;) {
        a = s->base[a];
        s->lmark[a] = s->stamp;
        if (s->mate[a] < 0) break;
        a = s->p[s->mate[a]];
    }
    for (;;) {
        b = s->base[b];
        if (s->lmark[b] == s->stamp) return b;
        if (s->mate[b] < 0) return -1;
        b = s->p[s->mate[b]];
    }
}

static void mark_path(mstate *s, int v, int b, int child) {
    while (s->base[v] != b) {
        s->bloss[s->base[v]] = s->bloss[s->base[s->mate[v]]] = 1;
        s->p[v] = child;
        child = s->mate[v];
        v = s->p[s->mate[v]];
    }
}

/* Shrinks the blossom closed by the edge v-to with base cb: its vertices
 * take cb as their base and, odd ones included, become even (queued). */
static void shrink_blossom(mstate *s, int v, int to, int cb) {
    mark_path(s, v, cb, to);
    mark_path(s, to, cb, v);
    int nt = s->nt; /* blossom vertices are all in the forest */
    for (int i = 0; i < nt; i++) {
        int u = s->touched[i];
        if (s->bloss[s->base[u]]) {
            s->base[u] = cb;
            if (!s->used[u]) {
                s->used[u] = 1;
                s->queue[s->qt++] = u;
            }
        }
    }
    for (int i = 0; i < nt; i++) s->bloss[s->touched[i]] = 0;
}

/* Builds the adjacency of the graph (nv vertices, edges eu[i]-ev[i]) and the
 * search arrays; every vertex starts outside the forest, its own base. */
static void mstate_init(mstate *s, int nv, int ne, const int *eu, const int *ev, int *mate) {
    size_t n1 = (size_t)nv + 1;
    memset(s, 0, sizeof *s);
    s->nv = nv;
    s->off = pl_xcalloc(n1 + 1, sizeof(int));
    for (int i = 0; i < ne; i++)
        if (eu[i] != ev[i]) {
            s->off[eu[i] + 1]++;
            s->off[ev[i] + 1]++;
        }
    for (int v = 0; v < nv; v++) s->off[v + 1] += s->off[v];
    s->adj = pl_xmalloc((size_t)s->off[nv] * sizeof(int) + sizeof(int));
    int *fill = pl_xmalloc(n1 * sizeof(int));
    memcpy(fill, s->off, (size_t)nv * sizeof(int));
    for (int i = 0; i < ne; i++)
        if (eu[i] != ev[i]) {
            s->adj[fill[eu[i]]++] = ev[i];
            s->adj[fill[ev[i]]++] = eu[i];
        }
    free(fill);
    s->mate = mate;
    s->p = pl_xmalloc(n1 * sizeof(int));
    s->base = pl_xmalloc(n1 * sizeof(int));
    s->queue = pl_xmalloc(n1 * sizeof(int));
    s->touched = pl_xmalloc(n1 * sizeof(int));
    s->lmark = pl_xcalloc(n1, sizeof(int));
    s->used = pl_xcalloc(n1, 1);
    s->bloss = pl_xcalloc(n1, 1);
    for (int v = 0; v < nv; v++) {
        s->p[v] = -1;
        s->base[v] = v;
    }
}

/* Frees what mstate_init allocated (not the mates). */
static void mstate_free(mstate *s) {
    free(s->off);
    free(s->adj);
    free(s->p);
    free(s->base);
    free(s->queue);
    free(s->touched);
    free(s->lmark);
    free(s->used);
    free(s->bloss);
}

/* Returns the exposed end of an augmenting path from root, or -1. */
static int find_path(mstate *s, int root) {
    s->nt = 0;
    s->qh = s->qt = 0;
    touch(s, root);
    s->used[root] = 1;
    s->queue[s->qt++] = root;
    while (s->qh < s->qt) {
        int v = s->queue[s->qh++];
        for (int k = s->off[v]; k < s->off[v + 1]; k++) {
            int to = s->adj[k];
            if (s->base[v] == s->base[to] || s->mate[v] == to) continue;
            if (to == root || (s->mate[to] >= 0 && s->p[s->mate[to]] >= 0)) {
                shrink_blossom(s, v, to, lca(s, v, to));
            } else if (s->p[to] < 0) {
                touch(s, to);
                s->p[to] = v;
                if (s->mate[to] < 0) return to;
                int t2 = s->mate[to];
                touch(s, t2);
                s->used[t2] = 1;
                s->queue[s->qt++] = t2;
            }
        }
    }
    return -1;
}

static void reset(mstate *s) {
    for (int i = 0; i < s->nt; i++) {
        int u = s->touched[i];
        s->used[u] = 0;
        s->p[u] = -1;
        s->base[u] = u;
        s->bloss[u] = 0;
    }
    s->nt = 0;
}

int pl_max_matching(int nv, int ne, const int *eu, const int *ev, int *mate, int warm) {
    if (nv <= 0) return 0;
    mstate s;
    mstate_init(&s, nv, ne, eu, ev, mate);
    const int *off = s.off, *adj = s.adj;
    if (!warm)
        for (int v = 0; v < nv; v++) mate[v] = -1;
    int size = 0;
    for (int v = 0; v < nv; v++)
        if (mate[v] > v) size++;
    /* greedy start */
    for (int v = 0; v < nv; v++) {
        if (mate[v] >= 0) continue;
        for (int k = off[v]; k < off[v + 1]; k++)
            if (mate[adj[k]] < 0) {
                mate[v] = adj[k];
                mate[adj[k]] = v;
                size++;
                break;
            }
    }
    for (int root = 0; root < nv; root++) {
        if (mate[root] >= 0) continue;
        int v = find_path(&s, root);
        if (v >= 0) {
            size++;
            while (v >= 0) { /* flip the path back to the root */
                int pv = s.p[v], ppv = mate[pv];
                mate[v] = pv;
                mate[pv] = v;
                v = ppv;
            }
        }
        reset(&s);
    }
    mstate_free(&s);
    return size;
}

/* The same search as find_path, grown from every exposed vertex at once.
 * With a maximum matching no edge joins two trees at even vertices (that
 * would be an augmenting path), so the forest is a union of the single-root
 * trees and its even vertices are the Gallai-Edmonds set D. */
int pl_matching_even(int nv, int ne, const int *eu, const int *ev, const int *mate, unsigned char *even) {
    if (nv <= 0) return 0;
    /* the forest reads the mates through mstate, which holds them writable */
    int *own = pl_xmalloc(((size_t)nv + 1) * sizeof(int));
    memcpy(own, mate, (size_t)nv * sizeof(int));
    mstate s;
    mstate_init(&s, nv, ne, eu, ev, own);
    for (int v = 0; v < nv; v++)
        if (s.mate[v] < 0) {
            touch(&s, v);
            s.used[v] = 1;
            s.queue[s.qt++] = v;
        }
    int rc = 0;
    while (s.qh < s.qt && rc == 0) {
        int v = s.queue[s.qh++];
        for (int k = s.off[v]; k < s.off[v + 1] && rc == 0; k++) {
            int to = s.adj[k];
            if (s.base[v] == s.base[to] || s.mate[v] == to) continue;
            if (s.mate[to] < 0 || s.p[s.mate[to]] >= 0) { /* to is even: a blossom, or two trees meet */
                int cb = lca(&s, v, to);
                if (cb < 0) {
                    rc = -1;
                    break;
                }
                shrink_blossom(&s, v, to, cb);
            } else if (s.p[to] < 0) { /* to is matched and new: odd, its mate even */
                touch(&s, to);
                s.p[to] = v;
                int t2 = s.mate[to];
                touch(&s, t2);
                s.used[t2] = 1;
                s.queue[s.qt++] = t2;
            }
        }
    }
    for (int v = 0; v < nv; v++) even[v] = s.used[v];
    mstate_free(&s);
    free(own);
    return rc;
}
