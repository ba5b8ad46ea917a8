/* Graph Decycling, the source of Buttons & Scissors' Lemma 2 (Burke et al.,
 * Section 3.2; NP-complete by their Lemma 3 from SAT): a directed graph G
 * and disjoint pairs S of its vertices; can G be made acyclic by removing
 * exactly one vertex of every pair?
 *
 * File: 'p decycling VERTICES ARCS', ARCS lines 'a U V' (the arc U -> V;
 * self-loops allowed, no arc twice) and any number of pair lines 's U V'
 * (U != V, no vertex in two pairs), in any order after the header.
 * Certificate: one removed vertex a line, one of each pair.
 *
 * Solver: backtracking over the pairs with an explicit stack (depth at most
 * |S|). The kept vertices (those in no pair, and the chosen vertex of each
 * decided pair) must stay acyclic; propagation keeps the other vertex of an
 * undecided pair whose vertex would close a cycle through kept vertices (a
 * search from it, O(V + E)), and fails when both would; a node whose kept and
 * undecided vertices together are acyclic is a yes whatever the rest. O(2^|S|
 * |S| (V + E)) in the worst case (the problem is NP-complete).
 *
 * Lemma 3 (SAT -> Graph Decycling) is here too, as `generate --from-sat
 * FILE`: the graph of Theorem 7's t7_lemma3 (src/games/buttons/reduce.c,
 * which also draws it), vertex for vertex in the same order. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---------- format ---------- */

void pl_decyc_free(pl_decyc *d) {
    free(d->arc);
    free(d->arc_line);
    free(d->arc_col);
    free(d->pair);
    free(d->pair_line);
    free(d->pair_of);
    memset(d, 0, sizeof *d);
}

static const pl_decyc *sort_src;
static int arc_cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    const int *p = sort_src->arc[x], *q = sort_src->arc[y];
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    if (p[1] != q[1]) return p[1] < q[1] ? -1 : 1;
    return (x > y) - (x < y);
}

int pl_decyc_parse(const char *file, const char *data, size_t len, pl_decyc *d, pl_error *err) {
    memset(d, 0, sizeof *d);
    snprintf(d->file, sizeof d->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0, cap = 0, pcap = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        char k = L.s[i];
        if (k == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1,
                             "a second 'p' line (the header is 'p decycling VERTICES ARCS', once)");
                goto fail;
            }
            long v;
            int vcol;
            if (pl_line_header(&L, i, "decycling", "VERTICES", "ARCS", &v, &vcol, &announced, &header_col, err))
                goto fail;
            if (v > PL_DECYC_MAX_VERTICES) {
                pl_error_set(err, file, L.line, vcol, "the number of vertices must be at most %d, not %ld",
                             PL_DECYC_MAX_VERTICES, v);
                goto fail;
            }
            d->nvertices = (int)v;
            d->pair_of = pl_xmalloc(((size_t)v + 1) * sizeof *d->pair_of);
            for (int x = 0; x <= d->nvertices; x++) d->pair_of[x] = -1;
            header = true;
            header_line = L.line;
            continue;
        }
        if ((k != 'a' && k != 's') || (i + 1 < L.n && L.s[i + 1] != ' ' && L.s[i + 1] != '\t')) {
            pl_error_set(err, file, L.line, i + 1,
                         "expected an arc line 'a U V', a pair line 's U V', a comment 'c ...' or the header");
            goto fail;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p decycling VERTICES ARCS' first");
            goto fail;
        }
        int first = i, v[2], at[2];
        i++;
        for (int e = 0; e < 2; e++) {
            pl_line_skip(&L, &i);
            at[e] = i;
            long x;
            if (pl_line_int(&L, &i, &x,
                            k == 's' ? (e ? "the pair's second vertex" : "the pair's first vertex")
                                     : (e ? "the head" : "the tail"),
                            err))
                goto fail;
            if (x < 1 || x > d->nvertices) {
                pl_error_set(err, file, L.line, at[e] + 1, "vertex %ld is outside 1..%d", x, d->nvertices);
                goto fail;
            }
            v[e] = (int)x;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            pl_error_set(err, file, L.line, i + 1,
                         k == 'a' ? "expected the end of the line (an arc is 'a U V')"
                                  : "expected the end of the line (a pair is 's U V')");
            goto fail;
        }
        if (k == 's') {
            if (v[0] == v[1]) {
                pl_error_set(err, file, L.line, at[1] + 1, "a pair of two vertices, not vertex %d twice", v[0]);
                goto fail;
            }
            for (int e = 0; e < 2; e++)
                if (d->pair_of[v[e]] >= 0) {
                    pl_error_set(err, file, L.line, at[e] + 1,
                                 "vertex %d is already in the pair of line %d (pairs are disjoint)", v[e],
                                 d->pair_line[d->pair_of[v[e]]]);
                    goto fail;
                }
            if (d->npairs == pcap) {
                pcap = pcap ? 2 * pcap : 16;
                d->pair = pl_xrealloc(d->pair, (size_t)pcap * sizeof *d->pair);
                d->pair_line = pl_xrealloc(d->pair_line, (size_t)pcap * sizeof *d->pair_line);
            }
            d->pair[d->npairs][0] = v[0], d->pair[d->npairs][1] = v[1];
            d->pair_line[d->npairs] = L.line;
            d->pair_of[v[0]] = d->pair_of[v[1]] = d->npairs++;
            continue;
        }
        if (d->narcs == announced) {
            pl_error_set(err, file, L.line, first + 1, "arc %d is one more than the header's %ld (line %d)",
                         d->narcs + 1, announced, header_line);
            goto fail;
        }
        if (d->narcs == cap) {
            cap = cap ? 2 * cap : 16;
            d->arc = pl_xrealloc(d->arc, (size_t)cap * sizeof *d->arc);
            d->arc_line = pl_xrealloc(d->arc_line, (size_t)cap * sizeof *d->arc_line);
            d->arc_col = pl_xrealloc(d->arc_col, (size_t)cap * sizeof *d->arc_col);
        }
        d->arc[d->narcs][0] = v[0], d->arc[d->narcs][1] = v[1];
        d->arc_col[d->narcs] = first + 1;
        d->arc_line[d->narcs++] = L.line;
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1,
                     "expected the header 'p decycling VERTICES ARCS' (the file has none)");
        goto fail;
    }
    if (d->narcs != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld arc%s, the file has %d", announced,
                     announced == 1 ? "" : "s", d->narcs);
        goto fail;
    }
    /* an arc twice: the first repeat in file order, after sorting */
    if (d->narcs > 1) {
        int *ix = pl_xmalloc((size_t)d->narcs * sizeof *ix), dup = -1, orig = -1;
        for (int e = 0; e < d->narcs; e++) ix[e] = e;
        sort_src = d;
        qsort(ix, (size_t)d->narcs, sizeof *ix, arc_cmp);
        for (int e = 1; e < d->narcs; e++)
            if (d->arc[ix[e]][0] == d->arc[ix[e - 1]][0] && d->arc[ix[e]][1] == d->arc[ix[e - 1]][1] &&
                (e < 2 || d->arc[ix[e - 2]][0] != d->arc[ix[e]][0] || d->arc[ix[e - 2]][1] != d->arc[ix[e]][1]) &&
                (dup < 0 || ix[e] < dup))
                dup = ix[e], orig = ix[e - 1];
        free(ix);
        if (dup >= 0) {
            pl_error_set(err, file, d->arc_line[dup], d->arc_col[dup], "the arc %d -> %d repeats line %d",
                         d->arc[dup][0], d->arc[dup][1], d->arc_line[orig]);
            goto fail;
        }
    }
    return 0;
fail:
    pl_decyc_free(d);
    return -1;
}

/* ---------- graph helpers ---------- */

/* Out-arcs in CSR form: the heads of v's arcs are head[first[v] .. first[v+1]-1]. */
typedef struct csr {
    int *first, *head;
} csr;

static void csr_make(const pl_decyc *d, csr *g, bool reverse) {
    int n = d->nvertices;
    g->first = pl_xcalloc((size_t)n + 2, sizeof *g->first);
    g->head = pl_xmalloc(((size_t)d->narcs + 1) * sizeof *g->head);
    for (int e = 0; e < d->narcs; e++) g->first[d->arc[e][reverse ? 1 : 0] + 1]++;
    for (int v = 1; v <= n + 1; v++) g->first[v] += g->first[v - 1];
    int *fill = pl_xmalloc(((size_t)n + 2) * sizeof *fill);
    memcpy(fill, g->first, ((size_t)n + 2) * sizeof *fill);
    for (int e = 0; e < d->narcs; e++) g->head[fill[d->arc[e][reverse ? 1 : 0]]++] = d->arc[e][reverse ? 0 : 1];
    free(fill);
}

static void csr_free(csr *g) {
    free(g->first);
    free(g->head);
}

/* Kahn's algorithm on the vertices v with alive[v]: whether they induce an
 * acyclic graph. left[v] is set for the vertices left on cycles or
 * behind them (when left is not NULL). */
static bool acyclic(const pl_decyc *d, const csr *g, const bool *alive, int *indeg, int *queue, bool *left) {
    int n = d->nvertices, head = 0, tail = 0, alive_n = 0;
    for (int v = 1; v <= n; v++) indeg[v] = 0;
    for (int v = 1; v <= n; v++) {
        if (!alive[v]) continue;
        alive_n++;
        for (int j = g->first[v]; j < g->first[v + 1]; j++)
            if (alive[g->head[j]]) indeg[g->head[j]]++;
    }
    for (int v = 1; v <= n; v++)
        if (alive[v] && indeg[v] == 0) queue[tail++] = v;
    while (head < tail) {
        int v = queue[head++];
        for (int j = g->first[v]; j < g->first[v + 1]; j++) {
            int w = g->head[j];
            if (alive[w] && --indeg[w] == 0) queue[tail++] = w;
        }
    }
    if (left) {
        for (int v = 1; v <= n; v++) left[v] = alive[v];
        for (int i = 0; i < tail; i++) left[queue[i]] = false;
    }
    return tail == alive_n;
}

bool pl_decyc_acyclic(const pl_decyc *d, const bool *removed, int *cycle, int *ncycle) {
    int n = d->nvertices;
    csr g, rg;
    csr_make(d, &g, false);
    bool *alive = pl_xmalloc(((size_t)n + 1) * sizeof *alive), *left = pl_xmalloc(((size_t)n + 1) * sizeof *left);
    int *indeg = pl_xmalloc(((size_t)n + 1) * sizeof *indeg), *queue = pl_xmalloc(((size_t)n + 1) * sizeof *queue);
    for (int v = 1; v <= n; v++) alive[v] = !removed[v];
    bool ok = acyclic(d, &g, alive, indeg, queue, left);
    if (!ok && cycle) {
        /* every vertex left has an in-neighbour left: walk back until a repeat */
        csr_make(d, &rg, true);
        int *step = indeg, start = 0, len = 0;
        for (int v = 1; v <= n; v++) step[v] = -1;
        for (int v = 1; v <= n && !start; v++)
            if (left[v]) start = v;
        int v = start;
        while (step[v] < 0) {
            step[v] = len;
            queue[len++] = v;
            int next = 0;
            for (int j = rg.first[v]; j < rg.first[v + 1] && !next; j++)
                if (left[rg.head[j]]) next = rg.head[j];
            v = next;
        }
        /* queue[step[v] .. len-1] walked backwards is the cycle; it is
         * written from its smallest vertex */
        int low = len - 1;
        for (int i = len - 1; i >= step[v]; i--)
            if (queue[i] < queue[low]) low = i;
        *ncycle = 0;
        for (int i = low; i >= step[v]; i--) cycle[(*ncycle)++] = queue[i];
        for (int i = len - 1; i > low; i--) cycle[(*ncycle)++] = queue[i];
        csr_free(&rg);
    }
    free(alive);
    free(left);
    free(indeg);
    free(queue);
    csr_free(&g);
    return ok;
}

/* ---------- certificates ---------- */

int pl_decyc_read_removal(const pl_decyc *d, const pl_moves *cert, bool *removed, char *why, size_t n,
                          pl_error *err) {
    memset(removed, 0, ((size_t)d->nvertices + 1) * sizeof *removed);
    int *line = pl_xcalloc((size_t)d->nvertices + 1, sizeof *line);
    int rc = 0;
    for (int k = 0; k < cert->n && rc == 0; k++) {
        const char *t = cert->text[k];
        pl_lines L = {.file = cert->file, .s = t, .n = (int)strlen(t), .line = cert->line[k]};
        int i = 0;
        long v;
        if (pl_line_int(&L, &i, &v, "a vertex", err)) {
            err->col += cert->col[k] - 1;
            rc = -1;
            break;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k] + i, "expected one vertex a line");
            break;
        }
        if (v < 1 || v > d->nvertices) {
            rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k], "vertex %ld: the graph has vertices 1..%d",
                              v, d->nvertices);
            break;
        }
        int p = d->pair_of[v];
        if (removed[v]) {
            snprintf(why, n, "vertex %ld is removed twice (lines %d and %d)", v, line[v], cert->line[k]);
            rc = 1;
        } else if (p < 0) {
            snprintf(why, n, "vertex %ld (line %d) is in no removable pair", v, cert->line[k]);
            rc = 1;
        } else {
            int other = d->pair[p][0] == v ? d->pair[p][1] : d->pair[p][0];
            if (removed[other]) {
                snprintf(why, n, "both vertices of pair %d (file line %d: %d %d) are removed (lines %d and %d)", p + 1,
                         d->pair_line[p], d->pair[p][0], d->pair[p][1], line[other], cert->line[k]);
                rc = 1;
            }
        }
        removed[v] = true;
        line[v] = cert->line[k];
    }
    free(line);
    return rc;
}

bool pl_decyc_check(const pl_decyc *d, const bool *removed, char *why, size_t n) {
    for (int p = 0; p < d->npairs; p++) {
        int u = d->pair[p][0], v = d->pair[p][1];
        if (removed[u] == removed[v]) {
            snprintf(why, n, "pair %d (line %d: %d %d) has %s vertex removed", p + 1, d->pair_line[p], u, v,
                     removed[u] ? "more than one" : "no");
            return false;
        }
    }
    for (int v = 1; v <= d->nvertices; v++)
        if (removed[v] && d->pair_of[v] < 0) {
            snprintf(why, n, "vertex %d is in no removable pair", v);
            return false;
        }
    int *cycle = pl_xmalloc(((size_t)d->nvertices + 1) * sizeof *cycle), len = 0;
    bool ok = pl_decyc_acyclic(d, removed, cycle, &len);
    if (!ok) {
        size_t used = (size_t)snprintf(why, n, "a cycle is left:");
        for (int i = 0; i <= len && used < n; i++)
            used += (size_t)snprintf(why + used, n - used, "%s%d", i ? " -> " : " ", cycle[i % len]);
        if (used >= n && n > 4) memcpy(why + n - 4, "...", 4);
    }
    free(cycle);
    return ok;
}

void pl_decyc_write_removal(const pl_decyc *d, const bool *removed, pl_strvec *out) {
    for (int p = 0; p < d->npairs; p++) {
        char t[16];
        snprintf(t, sizeof t, "%d", removed[d->pair[p][0]] ? d->pair[p][0] : d->pair[p][1]);
        pl_strvec_push(out, t);
    }
}

/* ---------- the search ---------- */

enum { KEPT = 0, GONE = 1, OPEN = 2 };

typedef struct dsearch {
    const pl_decyc *d;
    csr g;
    signed char *state; /* by vertex */
    int *mark, stamp, *queue, *indeg;
    bool *alive;
    int *trail, ntrail; /* pairs decided, in order */
} dsearch;

/* Whether keeping the open vertex v closes a cycle through kept vertices: a
 * search from v's heads through kept vertices that comes back to v. */
static bool closes_cycle(dsearch *s, int v) {
    const csr *g = &s->g;
    int head = 0, tail = 0;
    if (s->stamp == INT_MAX) { /* the marks wrap: clear them */
        memset(s->mark, 0, ((size_t)s->d->nvertices + 1) * sizeof *s->mark);
        s->stamp = 0;
    }
    s->stamp++;
    s->queue[tail++] = v;
    while (head < tail) {
        int x = s->queue[head++];
        for (int j = g->first[x]; j < g->first[x + 1]; j++) {
            int w = g->head[j];
            if (w == v) return true;
            if (s->state[w] != KEPT || s->mark[w] == s->stamp) continue;
            s->mark[w] = s->stamp;
            s->queue[tail++] = w;
        }
    }
    return false;
}

/* Decides pair p: keep vertex `keep`, remove the other. */
static void decide(dsearch *s, int p, int keep) {
    const pl_decyc *d = s->d;
    int u = d->pair[p][0], v = d->pair[p][1];
    s->state[u] = u == keep ? KEPT : GONE;
    s->state[v] = v == keep ? KEPT : GONE;
    s->trail[s->ntrail++] = p;
}

static void undo_to(dsearch *s, int mark) {
    while (s->ntrail > mark) {
        int p = s->trail[--s->ntrail];
        s->state[s->d->pair[p][0]] = s->state[s->d->pair[p][1]] = OPEN;
    }
}

/* Propagation to a fixpoint: false on a conflict (a pair both of whose
 * vertices would close a cycle). */
static bool propagate(dsearch *s, pl_limits *lim) {
    const pl_decyc *d = s->d;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int p = 0; p < d->npairs; p++) {
            int u = d->pair[p][0], v = d->pair[p][1];
            if (s->state[u] != OPEN) continue;
            if (!pl_limits_poll(lim)) return false;
            bool cu = closes_cycle(s, u), cv = closes_cycle(s, v);
            if (cu && cv) return false;
            if (cu || cv) {
                decide(s, p, cu ? v : u);
                changed = true;
            }
        }
    }
    return true;
}

int pl_decyc_solve(const pl_decyc *d, pl_limits *lim, bool *removed) {
    int n = d->nvertices;
    dsearch s = {.d = d};
    csr_make(d, &s.g, false);
    s.state = pl_xmalloc((size_t)n + 1);
    s.mark = pl_xcalloc((size_t)n + 1, sizeof *s.mark);
    s.queue = pl_xmalloc(((size_t)n + 1) * sizeof *s.queue);
    s.indeg = pl_xmalloc(((size_t)n + 1) * sizeof *s.indeg);
    s.alive = pl_xmalloc(((size_t)n + 1) * sizeof *s.alive);
    s.trail = pl_xmalloc(((size_t)d->npairs + 1) * sizeof *s.trail);
    for (int v = 0; v <= n; v++) s.state[v] = d->pair_of[v] >= 0 && v > 0 ? OPEN : KEPT;
    /* frames: the pair branched on, the branch taken (0: keep its first
     * vertex, 1: its second), the trail before it */
    int *fp = pl_xmalloc(((size_t)d->npairs + 1) * sizeof *fp), *fb = pl_xmalloc(((size_t)d->npairs + 1) * sizeof *fb),
        *ft = pl_xmalloc(((size_t)d->npairs + 1) * sizeof *ft);
    int depth = 0, rc = 0;
    /* the vertices in no pair must be acyclic already */
    for (int v = 1; v <= n; v++) s.alive[v] = s.state[v] == KEPT;
    bool descend = acyclic(d, &s.g, s.alive, s.indeg, s.queue, NULL);
    for (;;) {
        if (!pl_limits_tick(lim)) {
            rc = -1;
            break;
        }
        if (descend && propagate(&s, lim)) {
            /* kept and open together acyclic: any completion works */
            for (int v = 1; v <= n; v++) s.alive[v] = s.state[v] != GONE;
            int open = -1;
            if (acyclic(d, &s.g, s.alive, s.indeg, s.queue, NULL)) {
                for (int p = 0; p < d->npairs; p++)
                    if (s.state[d->pair[p][0]] == OPEN) decide(&s, p, d->pair[p][1]);
            } else {
                for (int p = 0; p < d->npairs && open < 0; p++)
                    if (s.state[d->pair[p][0]] == OPEN) open = p;
            }
            if (open < 0) {
                for (int v = 0; v <= n; v++) removed[v] = v > 0 && s.state[v] == GONE;
                rc = 1;
                break;
            }
            fp[depth] = open;
            fb[depth] = -1;
            ft[depth] = s.ntrail;
            depth++;
        }
        if (lim->hit) {
            rc = -1;
            break;
        }
        descend = false;
        while (depth > 0) {
            int k = depth - 1;
            undo_to(&s, ft[k]);
            if (++fb[k] < 2) {
                decide(&s, fp[k], d->pair[fp[k]][fb[k]]);
                descend = true;
                break;
            }
            depth--;
        }
        if (!descend) break;
    }
    csr_free(&s.g);
    free(s.state);
    free(s.mark);
    free(s.queue);
    free(s.indeg);
    free(s.alive);
    free(s.trail);
    free(fp);
    free(fb);
    free(ft);
    return rc;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_decyc *d = pl_xmalloc(sizeof *d);
    if (pl_decyc_parse(file, data, len, d, err)) {
        free(d);
        return NULL;
    }
    return d;
}

static void free_decyc(void *p) {
    if (!p) return;
    pl_decyc_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_decyc *d = p;
    json_object_set_new(o, "vertices", json_integer(d->nvertices));
    json_object_set_new(o, "arcs", json_integer(d->narcs));
    json_object_set_new(o, "pairs", json_integer(d->npairs));
    int *in = pl_xcalloc((size_t)d->nvertices + 1, sizeof *in), *out = pl_xcalloc((size_t)d->nvertices + 1, sizeof *out);
    int maxin = 0, maxout = 0, loops = 0;
    for (int e = 0; e < d->narcs; e++) in[d->arc[e][1]]++, out[d->arc[e][0]]++, loops += d->arc[e][0] == d->arc[e][1];
    for (int v = 1; v <= d->nvertices; v++) {
        if (in[v] > maxin) maxin = in[v];
        if (out[v] > maxout) maxout = out[v];
    }
    json_object_set_new(o, "self_loops", json_integer(loops));
    json_object_set_new(o, "max_in_degree", json_integer(maxin));
    json_object_set_new(o, "max_out_degree", json_integer(maxout));
    bool *removed = pl_xcalloc((size_t)d->nvertices + 1, sizeof *removed);
    json_object_set_new(o, "acyclic", json_boolean(pl_decyc_acyclic(d, removed, NULL, NULL)));
    /* removing every paired vertex is the most any choice removes: when the
     * rest has a cycle, the answer is no */
    for (int v = 1; v <= d->nvertices; v++) removed[v] = d->pair_of[v] >= 0;
    json_object_set_new(o, "acyclic_without_all_pairs", json_boolean(pl_decyc_acyclic(d, removed, NULL, NULL)));
    free(removed);
    free(in);
    free(out);
}

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_decyc *d = p;
    bool *removed = pl_xcalloc((size_t)d->nvertices + 1, sizeof *removed);
    int r = pl_decyc_solve(d, req->limits, removed);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_decyc_write_removal(d, removed, &out->moves);
        pl_solution_set_value(out, "removed", d->npairs);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note,
                 "no choice of one vertex of every pair (%d pair%s) leaves the graph acyclic", d->npairs,
                 d->npairs == 1 ? "" : "s");
    } else {
        out->status = PL_UNKNOWN;
    }
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
    free(removed);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_decyc *d = p;
    bool *removed = pl_xcalloc((size_t)d->nvertices + 1, sizeof *removed);
    int rc = pl_decyc_read_removal(d, cert, removed, v->reason, sizeof v->reason, err);
    if (rc < 0) {
        free(removed);
        return -1;
    }
    v->ok = rc == 0 && pl_decyc_check(d, removed, v->reason, sizeof v->reason);
    int count = 0;
    for (int i = 1; i <= d->nvertices; i++) count += removed[i];
    v->nvalues = 1;
    v->value_name[0] = "removed";
    v->value[0] = count;
    free(removed);
    return 0;
}

/* ---------- generator ---------- */

/* A random instance: n vertices, s random disjoint pairs, m distinct arcs
 * without self-loops; with plant, the arcs between vertices outside planted
 * (one vertex of each pair) follow a random order, so removing planted
 * leaves the graph acyclic. */
static void draw(pl_rng *r, int n, int m, int s, bool plant, pl_decyc *d) {
    int *perm = pl_xmalloc(((size_t)n + 1) * sizeof *perm), *rank = pl_xcalloc((size_t)n + 2, sizeof *rank);
    bool *planted = pl_xcalloc((size_t)n + 2, sizeof *planted);
    pl_shuffle(r, perm, n);
    d->nvertices = n, d->npairs = s, d->narcs = 0;
    for (int p = 0; p < s; p++) {
        d->pair[p][0] = perm[2 * p] + 1, d->pair[p][1] = perm[2 * p + 1] + 1;
        planted[d->pair[p][pl_rng_below(r, 2)]] = true;
    }
    pl_shuffle(r, perm, n);
    for (int i = 0; i < n; i++) rank[perm[i] + 1] = i;
    /* every allowed arc, then a random m of them */
    long total = 0;
    int(*all)[2] = pl_xmalloc(((size_t)n * (size_t)n + 1) * sizeof *all);
    for (int a = 1; a <= n; a++)
        for (int b = 1; b <= n; b++) {
            if (a == b || (plant && !planted[a] && !planted[b] && rank[a] > rank[b])) continue;
            all[total][0] = a, all[total][1] = b, total++;
        }
    for (long i = 0; i < m && i < total; i++) {
        long j = i + (long)pl_rng_below(r, (uint64_t)(total - i));
        int x0 = all[i][0], x1 = all[i][1];
        all[i][0] = all[j][0], all[i][1] = all[j][1];
        all[j][0] = x0, all[j][1] = x1;
        d->arc[d->narcs][0] = all[i][0], d->arc[d->narcs][1] = all[i][1];
        d->narcs++;
    }
    for (int v = 0; v <= n; v++) d->pair_of[v] = -1;
    for (int p = 0; p < s; p++) d->pair_of[d->pair[p][0]] = d->pair_of[d->pair[p][1]] = p;
    free(all);
    free(perm);
    free(rank);
    free(planted);
}

char *pl_decyc_random(int nvertices, int narcs, int npairs, char answer, uint64_t seed, pl_error *err) {
    if (2L * npairs > nvertices) {
        pl_error_set(err, NULL, 0, 0, "decycling generate: %d pairs need %d vertices, not %d", npairs, 2 * npairs,
                     nvertices);
        return NULL;
    }
    long most = (long)nvertices * (nvertices - 1);
    if (answer == 'y') { /* planted: arcs among the kept vertices one way only */
        long kept = nvertices - npairs;
        most -= kept * (kept - 1) / 2;
    }
    if (narcs > most) {
        pl_error_set(err, NULL, 0, 0, "decycling generate%s: %d vertices and %d pairs allow at most %ld arcs, not %d",
                     answer == 'y' ? " --answer yes" : "", nvertices, npairs, most, narcs);
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_decyc d = {0};
    d.pair = pl_xmalloc(((size_t)npairs + 1) * sizeof *d.pair);
    d.pair_line = pl_xcalloc((size_t)npairs + 1, sizeof *d.pair_line);
    d.pair_of = pl_xmalloc(((size_t)nvertices + 1) * sizeof *d.pair_of);
    d.arc = pl_xmalloc(((size_t)narcs + 1) * sizeof *d.arc);
    d.arc_line = pl_xcalloc((size_t)narcs + 1, sizeof *d.arc_line);
    bool *removed = pl_xmalloc(((size_t)nvertices + 1) * sizeof *removed);
    int tries = 0, found = -1;
    const int max_tries = 2000;
    for (; tries < max_tries && found < 0; tries++) {
        draw(&r, nvertices, narcs, npairs, answer == 'y', &d);
        if (answer == 'a') {
            found = 2;
            break;
        }
        if (answer == 'n') { /* not the trivial no: a cycle through no pair */
            for (int v = 1; v <= nvertices; v++) removed[v] = d.pair_of[v] >= 0;
            if (!pl_decyc_acyclic(&d, removed, NULL, NULL)) continue;
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int res = pl_decyc_solve(&d, &lim, removed);
        if ((answer == 'y') == (res == 1)) found = res;
    }
    free(removed);
    if (found < 0) {
        pl_error_set(err, NULL, 0, 0,
                     "decycling generate --answer no: %d random graphs of %d vertices, %d arcs and %d pairs were all "
                     "yes-instances or had a cycle through no pair; give more arcs",
                     max_tries, nvertices, narcs, npairs);
        pl_decyc_free(&d);
        return NULL;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "c random Graph Decycling: %d vertices, %d arcs, %d removable pair%s; %s; seed %llu\n",
                   nvertices, narcs, npairs, npairs == 1 ? "" : "s",
                   answer == 'y'   ? "yes (a planted choice leaves it acyclic)"
                   : answer == 'n' ? "no (checked by the solver; every cycle meets a pair)"
                                   : "answer not checked",
                   (unsigned long long)seed);
    pl_sbuf_printf(&b, "p decycling %d %d\n", nvertices, narcs);
    for (int p = 0; p < npairs; p++) pl_sbuf_printf(&b, "s %d %d\n", d.pair[p][0], d.pair[p][1]);
    for (int e = 0; e < narcs; e++) pl_sbuf_printf(&b, "a %d %d\n", d.arc[e][0], d.arc[e][1]);
    pl_decyc_free(&d);
    return b.s;
}

/* ---------- Lemma 3: SAT -> Graph Decycling ---------- */

/* The graph under construction. */
typedef struct l3 {
    pl_decyc *d;
    int acap, pcap;
} l3;

static int l3_vertex(l3 *g) {
    return ++g->d->nvertices;
}

static void l3_arc(l3 *g, int u, int v) {
    pl_decyc *d = g->d;
    if (d->narcs == g->acap) {
        g->acap = g->acap ? 2 * g->acap : 64;
        d->arc = pl_xrealloc(d->arc, (size_t)g->acap * sizeof *d->arc);
        d->arc_line = pl_xrealloc(d->arc_line, (size_t)g->acap * sizeof *d->arc_line);
        d->arc_col = pl_xrealloc(d->arc_col, (size_t)g->acap * sizeof *d->arc_col);
    }
    d->arc[d->narcs][0] = u, d->arc[d->narcs][1] = v;
    d->arc_line[d->narcs] = d->arc_col[d->narcs] = 0;
    d->narcs++;
}

static int l3_pair(l3 *g, int u, int v) {
    pl_decyc *d = g->d;
    if (d->npairs == g->pcap) {
        g->pcap = g->pcap ? 2 * g->pcap : 16;
        d->pair = pl_xrealloc(d->pair, (size_t)g->pcap * sizeof *d->pair);
        d->pair_line = pl_xrealloc(d->pair_line, (size_t)g->pcap * sizeof *d->pair_line);
    }
    d->pair[d->npairs][0] = u, d->pair[d->npairs][1] = v;
    d->pair_line[d->npairs] = 0;
    return d->npairs++;
}

void pl_decyc_lemma3(const pl_cnf *f, pl_decyc *d, int *var_pair, int *occ_pair) {
    memset(d, 0, sizeof *d);
    snprintf(d->file, sizeof d->file, "%s", f->file);
    l3 g = {.d = d};
    int n = f->nvars, m = f->nclauses, L = f->start[m];
    int *b = pl_xmalloc(((size_t)L + 1) * sizeof *b), *a2 = pl_xmalloc(((size_t)L + 1) * sizeof *a2),
        *a = pl_xmalloc(((size_t)L + 1) * sizeof *a);
    /* occurrence i: the pair (a_i, a'_i), a_i -> b_i */
    for (int i = 0; i < L; i++) {
        a[i] = l3_vertex(&g), a2[i] = l3_vertex(&g), b[i] = l3_vertex(&g);
        occ_pair[i] = l3_pair(&g, a[i], a2[i]);
        l3_arc(&g, a[i], b[i]);
    }
    /* variable x: the pair (x, ~x), both -> w_x; b_i -> its literal's
     * vertex; the comb w_x -> d -> r -> {a_i, next d} over x's occurrences */
    for (int x = 0; x < n; x++) {
        int vx = l3_vertex(&g), vn = l3_vertex(&g), w = l3_vertex(&g);
        var_pair[x] = l3_pair(&g, vx, vn);
        l3_arc(&g, vx, w);
        l3_arc(&g, vn, w);
        int parent = w;
        for (int i = 0; i < L; i++) {
            if (abs(f->lit[i]) != x + 1) continue;
            l3_arc(&g, b[i], f->lit[i] > 0 ? vx : vn);
            int dv = l3_vertex(&g), r = l3_vertex(&g);
            l3_arc(&g, parent, dv);
            l3_arc(&g, dv, r);
            l3_arc(&g, r, a[i]);
            parent = r;
        }
    }
    /* clause: a'_1 -> y_1 -> ... -> a'_k -> y_k -> z -> y' -> a'_1; an empty
     * clause a cycle of four plain vertices */
    for (int j = 0; j < m; j++) {
        if (f->start[j + 1] == f->start[j]) {
            int c[4];
            for (int k = 0; k < 4; k++) c[k] = l3_vertex(&g);
            for (int k = 0; k < 4; k++) l3_arc(&g, c[k], c[(k + 1) % 4]);
            continue;
        }
        int yp = l3_vertex(&g), prev = yp;
        for (int i = f->start[j]; i < f->start[j + 1]; i++) {
            l3_arc(&g, prev, a2[i]);
            prev = l3_vertex(&g);
            l3_arc(&g, a2[i], prev);
        }
        int z = l3_vertex(&g);
        l3_arc(&g, prev, z);
        l3_arc(&g, z, yp);
    }
    d->pair_of = pl_xmalloc(((size_t)d->nvertices + 1) * sizeof *d->pair_of);
    for (int v = 0; v <= d->nvertices; v++) d->pair_of[v] = -1;
    for (int p = 0; p < d->npairs; p++) d->pair_of[d->pair[p][0]] = d->pair_of[d->pair[p][1]] = p;
    free(a);
    free(a2);
    free(b);
}

/* Lemma 3's instance of the CNF file path, as text with comments naming the
 * pairs. */
static char *lemma3_text(const char *path, pl_error *err) {
    char *data;
    size_t len;
    if (pl_read_file(path, &data, &len, err)) return NULL;
    pl_cnf f;
    int rc = pl_cnf_parse(path, data, len, &f, err);
    free(data);
    if (rc) return NULL;
    int L = f.start[f.nclauses];
    int *var_pair = pl_xmalloc(((size_t)f.nvars + 1) * sizeof *var_pair),
        *occ_pair = pl_xmalloc(((size_t)L + 1) * sizeof *occ_pair);
    pl_decyc d;
    pl_decyc_lemma3(&f, &d, var_pair, occ_pair);
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "c Lemma 3 (Burke et al., Section 3.2): SAT -> Graph Decycling, from %s (%d variable%s, %d "
                   "clause%s, %d literal occurrence%s)\n"
                   "c a cycle a clause, a removable pair a variable and one an occurrence, bow ties through a comb "
                   "(docs/algorithms.md, Theorem 7); a yes-instance iff the formula is satisfiable\n",
                   path, f.nvars, f.nvars == 1 ? "" : "s", f.nclauses, f.nclauses == 1 ? "" : "s", L,
                   L == 1 ? "" : "s");
    for (int x = 0; x < f.nvars; x++)
        pl_sbuf_printf(&b, "c x%d: pair %d (%d %d): removing %d sets x%d true, %d false\n", x + 1, var_pair[x] + 1,
                       d.pair[var_pair[x]][0], d.pair[var_pair[x]][1], d.pair[var_pair[x]][0], x + 1,
                       d.pair[var_pair[x]][1]);
    for (int j = 0; j < f.nclauses; j++)
        for (int i = f.start[j]; i < f.start[j + 1]; i++)
            pl_sbuf_printf(&b, "c clause %d, literal %d: pair %d (%d %d): removing %d says it satisfies the clause\n",
                           j + 1, f.lit[i], occ_pair[i] + 1, d.pair[occ_pair[i]][0], d.pair[occ_pair[i]][1],
                           d.pair[occ_pair[i]][1]);
    pl_sbuf_printf(&b, "p decycling %d %d\n", d.nvertices, d.narcs);
    for (int p = 0; p < d.npairs; p++) pl_sbuf_printf(&b, "s %d %d\n", d.pair[p][0], d.pair[p][1]);
    for (int e = 0; e < d.narcs; e++) pl_sbuf_printf(&b, "a %d %d\n", d.arc[e][0], d.arc[e][1]);
    pl_decyc_free(&d);
    pl_cnf_free(&f);
    free(var_pair);
    free(occ_pair);
    if (!b.s) pl_sbuf_printf(&b, "%s", "");
    return b.s;
}

static const pl_option generate_options[] = {
    {"vertices", "N", "number of vertices (default 8)"},
    {"arcs", "M", "number of distinct arcs, no self-loops (default 3N/2)"},
    {"pairs", "S", "number of disjoint removable pairs, 2S <= N (default N/3)"},
    {"answer", "yes|no|any",
     "yes: a planted choice leaves the graph acyclic; no: drawn until the solver says no (and every cycle meets a "
     "pair, so the no is not trivial); any (default): unchecked"},
    {"seed", "N", "random seed (default 1)"},
    {"from-sat", "FILE",
     "instead: Lemma 3's instance of the DIMACS CNF in FILE (a yes-instance iff it is satisfiable; alone)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m, s;
    uint64_t seed;
    if (pl_opts_has(o, "from-sat")) {
        static const char *const other[] = {"vertices", "arcs", "pairs", "answer", "seed"};
        for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
            if (pl_opts_has(o, other[i])) {
                pl_error_set(err, NULL, 0, 0, "decycling generate: --%s does not go with --from-sat", other[i]);
                return NULL;
            }
        return lemma3_text(pl_opts_get(o, "from-sat"), err);
    }
    if (pl_opts_long(o, "vertices", 8, 1, 2000, &n, err) || pl_opts_long(o, "arcs", 3 * n / 2, 0, 4000000, &m, err) ||
        pl_opts_long(o, "pairs", n / 3, 0, 1000, &s, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_decyc_random((int)n, (int)m, (int)s, answer, seed, err);
}

const pl_problem pl_problem_decycling = {
    .name = "decycling",
    .title = "Graph Decycling",
    .summary = "can the directed graph be made acyclic by removing exactly one vertex of every removable pair?",
    .format_help =
        "File: 'c' and '#' lines are comments; the header 'p decycling VERTICES ARCS'; then, in any order, ARCS lines\n"
        "'a U V' (the arc U -> V; vertices 1..VERTICES; self-loops allowed, no arc twice) and pair lines 's U V'\n"
        "(a removable pair of two distinct vertices; no vertex in two pairs; any number of pairs).\n"
        "Certificate: the removed vertices, one a line, exactly one of each pair; the rest must be acyclic.\n",
    .parse = parse,
    .free = free_decyc,
    .info = info,
    .algorithm = "backtrack",
    .algorithm_result = "backtracking over the pairs, propagation by cycle detection (a pair whose vertex would close "
                        "a cycle keeps the other), exact",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
