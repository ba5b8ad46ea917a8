/* Vertex Cover, the source of Two Dots' Theorem 4 (two rows): a graph and a
 * bound k; is there a set of at most k vertices touching every edge?
 *
 * File: the DIMACS graph format ('p edge N M', 'e u v') with the bound in a
 * comment line 'c k K', so that other DIMACS tools still read the graph.
 *
 * Solver: the bounded search tree on a vertex v of largest degree (v in the
 * cover, or all its neighbours), pruned by a maximal matching (a lower
 * bound), with an explicit stack (depth at most k). O(2^k poly) in the worst
 * case; the minimum cover tries k = the matching bound upwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---------- format ---------- */

void pl_vc_free(pl_vc *g) {
    free(g->edge);
    free(g->line);
    memset(g, 0, sizeof *g);
}

/* Whether the line is 'c k ...' (the bound); i is left after the 'k'. */
static bool bound_line(const pl_lines *L, int *i) {
    int j = 0;
    pl_line_skip(L, &j);
    if (j + 1 >= L->n || L->s[j] != 'c' || (L->s[j + 1] != ' ' && L->s[j + 1] != '\t')) return false;
    j++;
    pl_line_skip(L, &j);
    if (j >= L->n || L->s[j] != 'k' || (j + 1 < L->n && L->s[j + 1] != ' ' && L->s[j + 1] != '\t')) return false;
    *i = j + 1;
    return true;
}

int pl_vc_parse(const char *file, const char *data, size_t len, pl_vc *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    snprintf(g->file, sizeof g->file, "%s", file);
    g->k = -1;
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0, cap = 0, k_line = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        int i;
        if (bound_line(&L, &i)) {
            if (k_line) {
                int c0 = 0; /* at its 'c' */
                pl_line_skip(&L, &c0);
                pl_error_set(err, file, L.line, c0 + 1, "a second bound line 'c k K' (the first is line %d)", k_line);
                goto fail;
            }
            int at = i;
            pl_line_skip(&L, &at);
            long k;
            if (pl_line_int(&L, &i, &k, "the bound k", err)) goto fail;
            if (k < 0) {
                pl_error_set(err, file, L.line, at + 1, "the bound k cannot be negative");
                goto fail;
            }
            pl_line_skip(&L, &i);
            if (i < L.n) {
                pl_error_set(err, file, L.line, i + 1, "unexpected text after the bound (the line is 'c k K')");
                goto fail;
            }
            g->k = (int)k;
            k_line = L.line;
            continue;
        }
        if (pl_line_is_comment(&L)) continue;
        i = 0;
        pl_line_skip(&L, &i);
        if (L.s[i] == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1, "a second 'p' line (the header is 'p edge VERTICES EDGES', once)");
                goto fail;
            }
            long v;
            int vcol;
            if (pl_line_header(&L, i, "edge", "VERTICES", "EDGES", &v, &vcol, &announced, &header_col, err)) goto fail;
            g->nvertices = (int)v;
            header = true;
            header_line = L.line;
            continue;
        }
        if (L.s[i] != 'e' || (i + 1 < L.n && L.s[i + 1] != ' ' && L.s[i + 1] != '\t')) {
            pl_error_set(err, file, L.line, i + 1, "expected an edge line 'e U V', a comment 'c ...' or the header");
            goto fail;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p edge VERTICES EDGES' before the edges");
            goto fail;
        }
        if (g->nedges == announced) {
            pl_error_set(err, file, L.line, i + 1, "edge %d is one more than the header's %ld (line %d)",
                         g->nedges + 1, announced, header_line);
            goto fail;
        }
        if (g->nedges == cap) {
            cap = cap ? 2 * cap : 16;
            g->edge = pl_xrealloc(g->edge, (size_t)cap * sizeof *g->edge);
            g->line = pl_xrealloc(g->line, (size_t)cap * sizeof *g->line);
        }
        i++;
        for (int e = 0; e < 2; e++) {
            pl_line_skip(&L, &i);
            int at = i;
            long v;
            if (pl_line_int(&L, &i, &v, e ? "the second vertex" : "a vertex", err)) goto fail;
            if (v < 1 || v > g->nvertices) {
                pl_error_set(err, file, L.line, at + 1, "vertex %ld is outside 1..%d", v, g->nvertices);
                goto fail;
            }
            g->edge[g->nedges][e] = (int)v;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            pl_error_set(err, file, L.line, i + 1, "expected the end of the line (an edge is 'e U V')");
            goto fail;
        }
        g->line[g->nedges++] = L.line;
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1, "expected the header 'p edge VERTICES EDGES' (the file has none)");
        goto fail;
    }
    if (g->nedges != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld edge%s, the file has %d", announced,
                     announced == 1 ? "" : "s", g->nedges);
        goto fail;
    }
    if (g->k < 0) {
        pl_error_set(err, file, header_line, 1, "expected the bound k of Vertex Cover in a line 'c k K' (the file has none)");
        goto fail;
    }
    return 0;
fail:
    pl_vc_free(g);
    return -1;
}

/* ---------- certificates ---------- */

int pl_vc_read_cover(const pl_vc *g, const pl_moves *cert, bool *in, char *why, size_t n, pl_error *err) {
    memset(in, 0, ((size_t)g->nvertices + 1) * sizeof *in);
    int *line = pl_xcalloc((size_t)g->nvertices + 1, sizeof *line);
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
        if (v < 1 || v > g->nvertices) {
            rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k], "vertex %ld: the graph has vertices 1..%d",
                              v, g->nvertices);
            break;
        }
        if (in[v]) {
            snprintf(why, n, "vertex %ld is listed twice (lines %d and %d)", v, line[v], cert->line[k]);
            rc = 1;
            break;
        }
        in[v] = true;
        line[v] = cert->line[k];
    }
    free(line);
    return rc;
}

bool pl_vc_check(const pl_vc *g, const bool *in, char *why, size_t n) {
    int size = 0;
    for (int v = 1; v <= g->nvertices; v++) size += in[v];
    if (size > g->k) {
        snprintf(why, n, "%d vertices, more than k = %d", size, g->k);
        return false;
    }
    for (int e = 0; e < g->nedges; e++)
        if (!in[g->edge[e][0]] && !in[g->edge[e][1]]) {
            snprintf(why, n, "edge %d (line %d: %d %d) is not covered", e + 1, g->line[e], g->edge[e][0],
                     g->edge[e][1]);
            return false;
        }
    return true;
}

void pl_vc_write_cover(const pl_vc *g, const bool *in, pl_strvec *out) {
    for (int v = 1; v <= g->nvertices; v++) {
        if (!in[v]) continue;
        char t[16];
        snprintf(t, sizeof t, "%d", v);
        pl_strvec_push(out, t);
    }
}

/* ---------- the bounded search tree ---------- */

/* The size of a greedy maximal matching among the uncovered edges: a lower
 * bound on the vertices still needed. */
static int matching_bound(const pl_vc *g, const bool *in, bool *used) {
    memset(used, 0, ((size_t)g->nvertices + 1) * sizeof *used);
    int m = 0;
    for (int e = 0; e < g->nedges; e++) {
        int a = g->edge[e][0], b = g->edge[e][1];
        if (in[a] || in[b] || used[a] || used[b]) continue;
        used[a] = used[b] = true;
        m++;
    }
    return m;
}

int pl_vc_solve(const pl_vc *g, int k, pl_limits *lim, bool *out) {
    const int n = g->nvertices;
    bool *in = pl_xcalloc((size_t)n + 1, sizeof *in), *used = pl_xmalloc(((size_t)n + 1) * sizeof *used);
    int *deg = pl_xmalloc(((size_t)n + 1) * sizeof *deg);
    /* neighbours (CSR) */
    int *first = pl_xcalloc((size_t)n + 2, sizeof *first), *adj = pl_xmalloc(((size_t)2 * g->nedges + 1) * sizeof *adj);
    for (int e = 0; e < g->nedges; e++) first[g->edge[e][0] + 1]++, first[g->edge[e][1] + 1]++;
    for (int v = 1; v <= n + 1; v++) first[v] += first[v - 1];
    int *fill = pl_xmalloc(((size_t)n + 2) * sizeof *fill);
    memcpy(fill, first, ((size_t)n + 2) * sizeof *fill);
    for (int e = 0; e < g->nedges; e++) {
        adj[fill[g->edge[e][0]]++] = g->edge[e][1];
        adj[fill[g->edge[e][1]]++] = g->edge[e][0];
    }
    int *trail = pl_xmalloc(((size_t)n + 1) * sizeof *trail), ntrail = 0, size = 0;
    int *fv = pl_xmalloc(((size_t)n + 1) * sizeof *fv), *fb = pl_xmalloc(((size_t)n + 1) * sizeof *fb),
        *ft = pl_xmalloc(((size_t)n + 1) * sizeof *ft);
    int depth = 0, rc = 0;
    /* a loop e v v forces v */
    for (int e = 0; e < g->nedges; e++)
        if (g->edge[e][0] == g->edge[e][1] && !in[g->edge[e][0]]) in[g->edge[e][0]] = true, size++;
    bool descend = size <= k;
    for (;;) {
        if (!pl_limits_tick(lim)) {
            rc = -1;
            break;
        }
        if (descend) {
            memset(deg, 0, ((size_t)n + 1) * sizeof *deg);
            int best = 0;
            for (int e = 0; e < g->nedges; e++) {
                int a = g->edge[e][0], b = g->edge[e][1];
                if (in[a] || in[b]) continue;
                deg[a]++, deg[b]++;
                if (deg[a] > deg[best]) best = a;
                if (deg[b] > deg[best]) best = b;
            }
            if (best == 0) { /* every edge covered */
                memcpy(out, in, ((size_t)n + 1) * sizeof *in);
                rc = 1;
                break;
            }
            if (size < k && size + matching_bound(g, in, used) <= k) {
                fv[depth] = best;
                fb[depth] = -1;
                ft[depth] = ntrail;
                depth++;
            }
        }
        descend = false;
        while (depth > 0) {
            int d = depth - 1, v = fv[d];
            while (ntrail > ft[d]) in[trail[--ntrail]] = false, size--;
            fb[d]++;
            if (fb[d] == 0) { /* v in the cover */
                in[v] = true, size++, trail[ntrail++] = v;
                descend = true;
                break;
            }
            if (fb[d] == 1) { /* v out: every neighbour in */
                for (int j = first[v]; j < first[v + 1]; j++)
                    if (!in[adj[j]]) in[adj[j]] = true, size++, trail[ntrail++] = adj[j];
                if (size <= k) {
                    descend = true;
                    break;
                }
                continue;
            }
            depth--;
        }
        if (!descend) break;
    }
    free(in);
    free(used);
    free(deg);
    free(first);
    free(adj);
    free(fill);
    free(trail);
    free(fv);
    free(fb);
    free(ft);
    return rc;
}

int pl_vc_minimum(const pl_vc *g, pl_limits *lim, bool *in) {
    bool *none = pl_xcalloc((size_t)g->nvertices + 1, sizeof *none), *used = pl_xmalloc((size_t)g->nvertices + 1);
    bool *buf = in ? in : pl_xmalloc((size_t)g->nvertices + 1);
    int k = matching_bound(g, none, used), best = -1;
    for (; k <= g->nvertices; k++) {
        int r = pl_vc_solve(g, k, lim, buf);
        if (r < 0) break;
        if (r == 1) {
            best = k;
            break;
        }
    }
    free(none);
    free(used);
    if (!in) free(buf);
    return best;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_vc *g = pl_xmalloc(sizeof *g);
    if (pl_vc_parse(file, data, len, g, err)) {
        free(g);
        return NULL;
    }
    return g;
}

static void free_vc(void *p) {
    if (!p) return;
    pl_vc_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_vc *g = p;
    json_object_set_new(o, "vertices", json_integer(g->nvertices));
    json_object_set_new(o, "edges", json_integer(g->nedges));
    json_object_set_new(o, "k", json_integer(g->k));
    int *deg = pl_xcalloc((size_t)g->nvertices + 1, sizeof *deg), maxdeg = 0;
    for (int e = 0; e < g->nedges; e++) deg[g->edge[e][0]]++, deg[g->edge[e][1]]++;
    for (int v = 1; v <= g->nvertices; v++)
        if (deg[v] > maxdeg) maxdeg = deg[v];
    free(deg);
    json_object_set_new(o, "max_degree", json_integer(maxdeg));
    bool *none = pl_xcalloc((size_t)g->nvertices + 1, 1), *used = pl_xmalloc((size_t)g->nvertices + 1);
    json_object_set_new(o, "matching_lower_bound", json_integer(matching_bound(g, none, used)));
    free(none);
    free(used);
}

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_vc *g = p;
    bool *in = pl_xcalloc((size_t)g->nvertices + 1, sizeof *in);
    int r = pl_vc_solve(g, g->k, req->limits, in);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_vc_write_cover(g, in, &out->moves);
        int size = 0;
        for (int v = 1; v <= g->nvertices; v++) size += in[v];
        pl_solution_set_value(out, "cover_size", size);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "no vertex cover of at most %d vertices", g->k);
    } else {
        out->status = PL_UNKNOWN;
    }
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
    free(in);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_vc *g = p;
    bool *in = pl_xcalloc((size_t)g->nvertices + 1, sizeof *in);
    int rc = pl_vc_read_cover(g, cert, in, v->reason, sizeof v->reason, err);
    if (rc < 0) {
        free(in);
        return -1;
    }
    v->ok = rc == 0 && pl_vc_check(g, in, v->reason, sizeof v->reason);
    int size = 0;
    for (int i = 1; i <= g->nvertices; i++) size += in[i];
    v->nvalues = 1;
    v->value_name[0] = "cover_size";
    v->value[0] = size;
    free(in);
    return 0;
}

/* ---------- generator ---------- */

char *pl_vc_random(int nvertices, int nedges, char answer, int k, uint64_t seed, pl_error *err) {
    long most = (long)nvertices * (nvertices - 1) / 2;
    if (nedges > most) {
        pl_error_set(err, NULL, 0, 0, "vertex-cover generate: %d vertices have at most %ld edges, not %d", nvertices,
                     most, nedges);
        return NULL;
    }
    if (answer == 'n' && nedges == 0) {
        pl_error_set(err, NULL, 0, 0, "vertex-cover generate --answer no: a graph without edges is covered by nothing");
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_vc g = {.nvertices = nvertices, .nedges = nedges};
    g.edge = pl_xmalloc(((size_t)nedges + 1) * sizeof *g.edge);
    g.line = pl_xcalloc((size_t)nedges + 1, sizeof *g.line);
    /* distinct edges: rejection while sparse, else a shuffled list of all pairs */
    if ((long)nedges * 2 <= most) {
        for (int e = 0; e < nedges; e++) {
            for (;;) {
                int a = 1 + (int)pl_rng_below(&r, (uint64_t)nvertices), b = 1 + (int)pl_rng_below(&r, (uint64_t)nvertices);
                if (a == b) continue;
                if (a > b) {
                    int t = a;
                    a = b;
                    b = t;
                }
                bool dup = false;
                for (int f = 0; f < e && !dup; f++) dup = g.edge[f][0] == a && g.edge[f][1] == b;
                if (dup) continue;
                g.edge[e][0] = a, g.edge[e][1] = b;
                break;
            }
        }
    } else {
        int (*all)[2] = pl_xmalloc(((size_t)most + 1) * sizeof *all);
        long t = 0;
        for (int a = 1; a <= nvertices; a++)
            for (int b = a + 1; b <= nvertices; b++) all[t][0] = a, all[t][1] = b, t++;
        for (long i = 0; i < nedges; i++) {
            long j = i + (long)pl_rng_below(&r, (uint64_t)(most - i));
            int x0 = all[i][0], x1 = all[i][1];
            all[i][0] = all[j][0], all[i][1] = all[j][1];
            all[j][0] = x0, all[j][1] = x1;
            g.edge[i][0] = all[i][0], g.edge[i][1] = all[i][1];
        }
        free(all);
    }
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    int tau = pl_vc_minimum(&g, &lim, NULL);
    if (answer == 'y') k = tau;
    else if (answer == 'n') k = tau - 1;
    else if (k < 0) k = tau;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "c random graph: %d vertices, %d edges; minimum vertex cover %d%s; seed %llu\n", nvertices,
                   nedges, tau, answer == 'y' ? " (k = the minimum: yes)" : answer == 'n' ? " (k = one less: no)" : "",
                   (unsigned long long)seed);
    pl_sbuf_printf(&b, "c k %d\n", k);
    pl_sbuf_printf(&b, "p edge %d %d\n", nvertices, nedges);
    for (int e = 0; e < nedges; e++) pl_sbuf_printf(&b, "e %d %d\n", g.edge[e][0], g.edge[e][1]);
    pl_vc_free(&g);
    return b.s;
}

static const pl_option generate_options[] = {
    {"vertices", "N", "number of vertices (default 6)"},
    {"edges", "M", "number of distinct edges (default N)"},
    {"answer", "yes|no|any",
     "yes: k = the minimum cover; no: k = the minimum minus one; any (default): k = --k, or the minimum"},
    {"k", "K", "the bound, with --answer any"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m, k;
    uint64_t seed;
    if (pl_opts_long(o, "vertices", 6, 1, 100000, &n, err) || pl_opts_long(o, "edges", n, 0, 10000000, &m, err) ||
        pl_opts_long(o, "k", -1, 0, 100000, &k, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    if (answer != 'a' && pl_opts_has(o, "k")) {
        pl_error_set(err, NULL, 0, 0, "vertex-cover generate: --k goes with --answer any (yes and no choose k)");
        return NULL;
    }
    return pl_vc_random((int)n, (int)m, answer, (int)k, seed, err);
}

const pl_problem pl_problem_vertex_cover = {
    .name = "vertex-cover",
    .title = "Vertex Cover",
    .summary = "does the graph have a vertex cover of at most k vertices?",
    .format_help =
        "File: the DIMACS graph format: 'c' lines are comments; the header 'p edge VERTICES EDGES'; then EDGES\n"
        "lines 'e U V' (vertices 1..VERTICES). The bound k is a comment line 'c k K' (required, anywhere).\n"
        "Certificate: a vertex cover of at most k vertices, one vertex a line.\n",
    .parse = parse,
    .free = free_vc,
    .info = info,
    .algorithm = "search-tree",
    .algorithm_result = "bounded search tree on a largest-degree vertex, maximal-matching bound, exact",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
