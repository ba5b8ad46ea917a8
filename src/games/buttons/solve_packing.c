/* Buttons & Scissors with one colour and sizes {2,3} (normalised: also every
 * size set whose generators are {2,3}, e.g. "all"), any directions: the
 * packing solver of Theorem 3 (Section 3.2 of the paper).
 *
 * Reformulation. With one colour every segment holds only buttons of the
 * cut's colour, so a cut is feasible exactly when the number of buttons
 * still on it is an allowed size. A solution removes each button by a cut on
 * one allowed line; the buttons a solution cuts along a line l form a set of
 * size 0 or >= 2. Conversely, an assignment of every button to an allowed
 * line through it in which no line receives exactly one button splits, line
 * by line, into groups of 2 and 3 assigned buttons: a perfect packing of the
 * collinearity graph G (an edge for two buttons on a common allowed line) by
 * edges and PROPER triangles (three buttons on one line), steps 1-2 of the
 * paper. Lemma 1's subdivision G' is not needed: the triangles are taken
 * from the lines, never from G's 3-cycles. So: solvable <=> such a packing.
 * (It is the general factor problem of Cornuejols 1988 with B(button) = {1},
 * B(line) = {0,2,3,...}: gaps of length one, which no single matching gadget
 * expresses, since a gadget's matched boundary has a fixed parity.)
 *
 * Step 3, the packing, by the Gallai-Edmonds decomposition. First, 2-cuts
 * alone: G has a perfect matching iff every button can go to a line with an
 * even count, which is a perfect matching of a sparse graph (the n buttons,
 * and for a line of m buttons a path s_0 .. s_{2m-1}, the button at position
 * i adjacent to s_2i and s_2i+1: the path minus the slots taken by a set S
 * of its buttons has a perfect matching iff |S| is even), O(n) vertices and
 * edges, so big boards that need no 3-cut never build G. Otherwise compute
 * a maximum matching M of G (Edmonds, src/core/matching.c) and let D be the vertices some maximum matching misses (the
 * even vertices of the alternating forest grown from M's exposed vertices,
 * pl_matching_even), A the neighbours of D outside D, C the rest. By
 * Gallai-Edmonds every component K of G[D] is factor-critical (K - v has a
 * perfect matching for every v of K), G[C] has a perfect matching, and A can
 * be matched into distinct components of D.
 *
 * Lemma A. G has a perfect packing iff there is a matching mu of A into the
 * components of D (a - K when a has a neighbour in K) that covers all of A
 * and every component that has no perfect packing by itself.
 *  If: G[C] by its perfect matching; K matched to a through an edge a-u by
 *  {a,u} and a perfect matching of K - u; every other K by its own packing.
 *  Only if: take a perfect packing P. A group of P is a clique, and no edge
 *  joins D and C or two components of G[D], so a group meets at most one
 *  component. Call K served when some group holds a vertex of K and one of
 *  A, and pick such a vertex a(K) (adjacent to K: groups are cliques); a
 *  vertex of A lies in one group and a group meets one component, so K ->
 *  a(K) is a matching of the served components into A; an unserved K is
 *  covered by groups inside K, i.e. packs by itself. By Mendelsohn-Dulmage, this
 *  matching and one covering A (Gallai-Edmonds) combine into one matching
 *  that covers A and every served component, so every component it leaves
 *  free packs by itself.
 *
 * Lemma B. A factor-critical K packs by itself iff K minus some proper
 * triangle T of K has a perfect matching.
 *  If: obvious. Only if: let P be a packing of K with the least number t of
 *  triangles T_1 .. T_t (t is odd, |K| is odd) and suppose t >= 3. Let N be
 *  a perfect matching of K - x_1 (x_1 in T_1), and M0 = the edges of P plus
 *  one edge y_i z_i of each T_i, so M0 misses exactly x_1 .. x_t. In
 *  M0 (+) N, x_1 is isolated and x_2 .. x_t are ends of paths that start
 *  and end with N-edges, so two of them, x_i and x_j, are joined by such a
 *  path Q; its inner vertices are covered by both matchings. Walk Q from
 *  x_i. (a) Q meets no triangle edge y_k z_k: flipping Q covers x_i and
 *  x_j; T_i, T_j become edges. (b) Q first meets y_k z_k of T_k, k != i,
 *  entering at y_k by an N-edge: flip Q up to y_k, drop y_k z_k, add x_k z_k;
 *  T_i and T_k become edges and every other triangle is untouched. (c) the
 *  first one is T_i's own y_i z_i, entered at y_i: switch T_i's
 *  representative to z_i (its edge becomes x_i y_i, the prefix of Q up to
 *  y_i closes an alternating cycle), then the rest of Q from z_i is a path
 *  from an exposed vertex that meets no edge of T_i, and (a) or (b)
 *  applies to it. Each case gives a packing with t - 2 triangles, against
 *  the choice of P. So t = 1.
 *
 * The algorithm: for every component K (|K| >= 3) and every line l with >= 3
 * buttons in K, add three new vertices joined to the buttons of l in K; a
 * perfect matching of that graph (Edmonds, warm-started from M restricted to
 * K, which misses one vertex of K) exists iff some triple T of l has
 * K - T perfectly matchable, and names T. Then a bipartite augmenting-path
 * matching: first cover every component without a triple (else: no
 * packing, Lemma A), then augment from the free vertices of A (this always
 * succeeds by Gallai-Edmonds and never uncovers a component). The free
 * components take their triples; G minus those triples has a perfect
 * matching by Lemma A's construction (computed, and checked).
 *
 * Complexity: n buttons, m the longest line, E = sum over lines of
 * C(m_l, 2) <= 2nm edges of G. The sparse first pass O(n^2) (O(n)
 * vertices and edges). The maximum matching of G O(n (n + E)), the
 * forest O(E + n^2); one test per (component, line) pair with >= 3 buttons
 * of the line in the component, so at most sum_l m_l / 3 <= 4n/3 tests,
 * each O(|K|^2 + E_K); the bipartite part O(n E); the final matching
 * O(n (n + E)): in all O(n (n^2 + E)) = O(n^2 (n + m)) = O(n^3), memory
 * O(n + E) (boards whose G would exceed the memory limit are "unknown").
 * No search anywhere: the solution's "nodes" counts the Edmonds searches
 * (<= 4 + the tests).
 *
 * Step 4, the order. Cut g must wait for cut h when a button of h lies on
 * g's segment (G_c: g -> h). The groups' relation is static (only cutting h
 * removes h's buttons), so any topological order of an acyclic G_c replays.
 * A cycle c_0 -> c_1 -> ... -> c_0 (witness x_{i+1} of c_{i+1} on c_i's
 * segment) is removed as in the paper: c_i := c_i - x_i + x_{i+1}, which
 * keeps every size and every line, and shortens c_i's span when x_i was an
 * end of c_i; if every x_i is the middle of a 3-cut, c_0 takes x_1 (4
 * collinear buttons, split into two consecutive 2-cuts) and c_1 keeps its two
 * ends. Either way the sum of the spans (in steps along the lines, at most
 * n * max(rows, cols)) strictly decreases, so at most that many repairs,
 * each O(n * max(rows, cols)) to rebuild G_c: polynomial,
 * O(n^2 * max(rows, cols)^2) worst case, O(n * max(rows, cols)) when G_c is
 * acyclic as built (groups of consecutive assigned buttons rarely block).
 * The certificate is replayed on the rules before it is returned. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/matching.h"
#include "solvers.h"

typedef struct pk {
    const buttons_level *l;
    pl_limits *lim;
    int n;                           /* buttons */
    int *cell;                       /* button -> cell */
    int *bid;                        /* cell -> button or -1 */
    int nlines;                      /* lines with >= 2 buttons */
    int *lstart, *lcount, *lbtn;     /* buttons of line l: lbtn[lstart[l] .. +lcount[l]) in order */
    int *inc_n, *inc_line, *inc_pos; /* per button up to 4: [b*4+k] */
    int *asg;                        /* button -> line or -1 */
    int *load;                       /* line -> assigned buttons */
    uint64_t nodes;                  /* Edmonds searches run: matchings, the forest, one per line tested */
    int ntriples;                    /* 3-cuts the packing needed */
    int incw;                        /* stride of inc_line: 4 on boards */
    bool far;                        /* test hook: far pairs first, edges shuffled */
} pk;

/* ---------- lines ---------- */

static void build_lines(pk *s) {
    const buttons_level *l = s->l;
    int R = l->rows, C = l->cols;
    s->inc_n = pl_xcalloc((size_t)s->n + 1, sizeof(int));
    s->inc_line = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    s->inc_pos = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    int cap = 16;
    s->lstart = pl_xmalloc((size_t)cap * sizeof(int));
    s->lcount = pl_xmalloc((size_t)cap * sizeof(int));
    s->lbtn = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    int used = 0;
    for (int d = 0; d < 4; d++) {
        if (!(l->directions & (1u << d))) continue;
        int dr = buttons_dir_dr[d], dc = buttons_dir_dc[d];
        for (int r0 = 0; r0 < R; r0++)
            for (int c0 = 0; c0 < C; c0++) {
                int pr = r0 - dr, pc = c0 - dc;
                if (pr >= 0 && pc >= 0 && pr < R && pc < C) continue; /* not a line start */
                int start = used;
                for (int r = r0, c = c0; r >= 0 && c >= 0 && r < R && c < C; r += dr, c += dc) {
                    int b = s->bid[r * C + c];
                    if (b >= 0) s->lbtn[used++] = b;
                }
                if (used - start < 2) {
                    used = start;
                    continue;
                }
                if (s->nlines == cap) {
                    cap *= 2;
                    s->lstart = pl_xrealloc(s->lstart, (size_t)cap * sizeof(int));
                    s->lcount = pl_xrealloc(s->lcount, (size_t)cap * sizeof(int));
                }
                int ln = s->nlines++;
                s->lstart[ln] = start;
                s->lcount[ln] = used - start;
                for (int k = start; k < used; k++) {
                    int b = s->lbtn[k];
                    s->inc_line[b * 4 + s->inc_n[b]] = ln;
                    s->inc_pos[b * 4 + s->inc_n[b]] = k - start;
                    s->inc_n[b]++;
                }
            }
    }
    s->load = pl_xcalloc((size_t)s->nlines + 1, sizeof(int));
}

/* ---------- step 3: the packing (Gallai-Edmonds, see the opening comment) ---------- */

static int common_line(const pk *s, int u, int v) {
    for (int k = 0; k < s->inc_n[u]; k++)
        for (int j = 0; j < s->inc_n[v]; j++)
            if (s->inc_line[u * s->incw + k] == s->inc_line[v * s->incw + j]) return s->inc_line[u * s->incw + k];
    return -1;
}

static void set_asg(pk *s, int b, int ln) {
    if (s->asg[b] >= 0) s->load[s->asg[b]]--;
    s->asg[b] = ln;
    if (ln >= 0) s->load[ln]++;
}

/* Bipartite graph components of G[D] (left) <-> vertices of A (right), with
 * an augmenting-path search from a free vertex of either side (BFS over
 * alternating paths; O(edges) per search). */
typedef struct bip {
    int nl, nr;
    int *loff, *ladj, *roff, *radj; /* CSR both ways */
    int *ml, *mr;                   /* mates, -1 free */
    int *seen, *from, *queue, stamp;
} bip;

/* side 0: start at left vertex x, else at right vertex x. */
static bool bip_augment(bip *g, int side, int x) {
    /* vertices are numbered left 0..nl-1, right nl..; from[] holds the
     * predecessor on the alternating path */
    g->stamp++;
    int qh = 0, qt = 0, start = side ? g->nl + x : x;
    g->queue[qt++] = start;
    g->seen[start] = g->stamp;
    g->from[start] = -1;
    while (qh < qt) {
        int u = g->queue[qh++];
        bool left = u < g->nl;
        int lo = left ? g->loff[u] : g->roff[u - g->nl], hi = left ? g->loff[u + 1] : g->roff[u - g->nl + 1];
        for (int k = lo; k < hi; k++) {
            int w = left ? g->nl + g->ladj[k] : g->radj[k]; /* the other side, global id */
            if (g->seen[w] == g->stamp) continue;
            int wm = w < g->nl ? g->ml[w] : g->mr[w - g->nl];
            int um = left ? g->ml[u] : g->mr[u - g->nl];
            if (um >= 0 && (left ? g->nl + um : um) == w) continue; /* the matching edge */
            g->seen[w] = g->stamp;
            g->from[w] = u;
            if (wm < 0) { /* free: flip the path back to the start */
                int y = w;
                while (y >= 0) {
                    int pu = g->from[y];
                    if (y < g->nl) {
                        g->ml[y] = pu - g->nl;
                        g->mr[pu - g->nl] = y;
                    } else {
                        g->mr[y - g->nl] = pu;
                        g->ml[pu] = y - g->nl;
                    }
                    y = g->from[pu];
                }
                return true;
            }
            int wmg = w < g->nl ? g->nl + wm : wm; /* continue from w's mate */
            if (g->seen[wmg] == g->stamp) continue;
            g->seen[wmg] = g->stamp;
            g->from[wmg] = w;
            g->queue[qt++] = wmg;
        }
    }
    return false;
}

/* Perfect matching of the auxiliary graph: every load even. Fills asg from a
 * maximum matching (buttons matched into a line's path are assigned to it);
 * returns whether it is perfect. */
static bool assign_by_matching(pk *s) {
    int nv = s->n, ne = 0;
    int *pathbase = pl_xmalloc(((size_t)s->nlines + 1) * sizeof(int));
    for (int ln = 0; ln < s->nlines; ln++) {
        pathbase[ln] = nv;
        nv += 2 * s->lcount[ln];
    }
    size_t cap = (size_t)nv * 2 + (size_t)s->n * 8 + 1;
    int *eu = pl_xmalloc(cap * sizeof(int)), *ev = pl_xmalloc(cap * sizeof(int));
    for (int ln = 0; ln < s->nlines; ln++) {
        int m = s->lcount[ln], pb = pathbase[ln];
        for (int i = 0; i + 1 < 2 * m; i++) {
            eu[ne] = pb + i;
            ev[ne++] = pb + i + 1;
        }
    }
    for (int b = 0; b < s->n; b++)
        for (int k = 0; k < s->inc_n[b]; k++) {
            int ln = s->inc_line[b * s->incw + k], pos = s->inc_pos[b * s->incw + k];
            eu[ne] = b;
            ev[ne++] = pathbase[ln] + 2 * pos;
            eu[ne] = b;
            ev[ne++] = pathbase[ln] + 2 * pos + 1;
        }
    int *mate = pl_xmalloc(((size_t)nv + 1) * sizeof(int));
    int size = pl_max_matching(nv, ne, eu, ev, mate, 0);
    for (int b = 0; b < s->n; b++) {
        s->asg[b] = -1;
        int v = mate[b];
        if (v < 0) continue;
        for (int k = 0; k < s->inc_n[b]; k++) {
            int ln = s->inc_line[b * s->incw + k];
            if (v >= pathbase[ln] && v < pathbase[ln] + 2 * s->lcount[ln]) {
                s->asg[b] = ln;
                s->load[ln]++;
            }
        }
    }
    free(pathbase);
    free(eu);
    free(ev);
    free(mate);
    return 2 * size == nv;
}

/* Fills asg. Returns 1 (every button assigned, no load one), 0 (no such
 * assignment exists) or -1 (a limit was hit); sets *how. */
static int assign_packing(pk *s, const char **how, pl_error *err, int *rc) {
    int n = s->n, res = 1;
    *rc = 0;
    if (n == 0) {
        *how = "no buttons";
        return 1;
    }
    /* 2-cuts only, on the sparse path graph (O(n) vertices and edges), when
     * the buttons' positions along the lines are known (boards) and n is
     * even (else pairs cannot cover the buttons) */
    if (s->inc_pos && !s->far && n % 2 == 0) {
        if (!pl_limits_tick(s->lim)) {
            *how = "limit reached";
            return -1;
        }
        s->nodes++;
        if (assign_by_matching(s)) {
            *how = "perfect matching (2-cuts only)";
            return 1;
        }
        for (int b = 0; b < n; b++) set_asg(s, b, -1);
    }
    /* G: an edge for every two buttons on a common allowed line */
    size_t ne = 0;
    for (int ln = 0; ln < s->nlines; ln++) ne += (size_t)s->lcount[ln] * (size_t)(s->lcount[ln] - 1) / 2;
    /* G costs about 32 bytes an edge (the lists, the matching's adjacency,
     * the components' copies): a board over the memory limit is unknown */
    if (ne > (size_t)(INT32_MAX / 2) || (s->lim && ne * 32 > s->lim->memory_limit)) {
        if (s->lim) s->lim->hit = PL_LIMIT_MEMORY;
        *how = "the collinearity graph exceeds the memory limit";
        return -1;
    }
    int *eu = pl_xmalloc((ne + 1) * sizeof(int)), *ev = pl_xmalloc((ne + 1) * sizeof(int));
    ne = 0;
    for (int ln = 0; ln < s->nlines; ln++) {
        const int *bt = s->lbtn + s->lstart[ln];
        int m = s->lcount[ln];
        for (int d0 = 1; d0 < m; d0++) { /* by distance along the line: near (or, far) pairs first */
            int d = s->far ? m - d0 : d0;
            for (int i = 0; i + d < m; i++) {
                eu[ne] = bt[i];
                ev[ne++] = bt[i + d];
            }
        }
    }
    int E = (int)ne;
    if (s->far) { /* test hook: any order is correct; a shuffled one pairs far buttons */
        pl_rng rng;
        pl_rng_seed(&rng, (uint64_t)n);
        for (int i = E - 1; i > 0; i--) {
            int j = (int)pl_rng_below(&rng, (uint64_t)i + 1), t = eu[i];
            eu[i] = eu[j];
            eu[j] = t;
            t = ev[i];
            ev[i] = ev[j];
            ev[j] = t;
        }
    }
    int *mate = pl_xmalloc((size_t)n * sizeof(int));
    int nu = pl_max_matching(n, E, eu, ev, mate, 0);
    s->nodes++;
    /* everything below is freed at out: */
    unsigned char *even = NULL, *removed = NULL;
    int *comp = NULL, *coff = NULL, *cver = NULL, *loc = NULL, *eoff = NULL, *ceu = NULL, *cev = NULL;
    int *tri = NULL, *seenl = NULL, *lmate = NULL, *leu = NULL, *lev = NULL, *inl = NULL;
    bip g = {0};
    int ncomp = 0, ntri = 0;
    if (!pl_limits_tick(s->lim) || !pl_limits_tick(s->lim)) { /* the matching, then the forest */
        *how = "limit reached";
        res = -1;
        goto out;
    }
    if (2 * nu == n) {
        *how = "perfect matching (2-cuts only)";
        goto assign;
    }
    /* the Gallai-Edmonds decomposition: D (even), A (neighbours of D), C */
    even = pl_xmalloc((size_t)n);
    if (pl_matching_even(n, E, eu, ev, mate, even) < 0) {
        *rc = pl_error_set(err, NULL, 0, 0, "packing solver: the matching is not maximum (internal error)");
        res = -1;
        goto out;
    }
    s->nodes++;
    /* components of G[D]: union-find over the edges inside D */
    comp = pl_xmalloc((size_t)n * sizeof(int));
    for (int v = 0; v < n; v++) comp[v] = v;
    for (int e = 0; e < E; e++) {
        if (!even[eu[e]] || !even[ev[e]]) continue;
        int a = eu[e], b = ev[e];
        while (comp[a] != a) a = comp[a] = comp[comp[a]];
        while (comp[b] != b) b = comp[b] = comp[comp[b]];
        if (a != b) comp[a < b ? b : a] = a < b ? a : b;
    }
    int *cid = pl_xmalloc((size_t)n * sizeof(int));
    for (int v = 0; v < n; v++) {
        int r = v;
        while (comp[r] != r) r = comp[r];
        cid[v] = r;
    }
    for (int v = 0; v < n; v++) comp[v] = -1;
    int *rootc = pl_xmalloc((size_t)n * sizeof(int));
    for (int v = 0; v < n; v++) rootc[v] = -1;
    for (int v = 0; v < n; v++)
        if (even[v]) {
            if (rootc[cid[v]] < 0) rootc[cid[v]] = ncomp++;
            comp[v] = rootc[cid[v]];
        }
    free(cid);
    free(rootc);
    /* vertices and inner edges of each component, in CSR, local indices */
    coff = pl_xcalloc((size_t)ncomp + 2, sizeof(int));
    for (int v = 0; v < n; v++)
        if (comp[v] >= 0) coff[comp[v] + 1]++;
    for (int k = 0; k < ncomp; k++) coff[k + 1] += coff[k];
    cver = pl_xmalloc(((size_t)coff[ncomp] + 1) * sizeof(int));
    loc = pl_xmalloc((size_t)n * sizeof(int));
    {
        int *fill = pl_xmalloc(((size_t)ncomp + 1) * sizeof(int));
        memcpy(fill, coff, (size_t)ncomp * sizeof(int));
        for (int v = 0; v < n; v++)
            if (comp[v] >= 0) {
                loc[v] = fill[comp[v]] - coff[comp[v]];
                cver[fill[comp[v]]++] = v;
            }
        eoff = pl_xcalloc((size_t)ncomp + 2, sizeof(int));
        for (int e = 0; e < E; e++)
            if (comp[eu[e]] >= 0 && comp[ev[e]] >= 0) eoff[comp[eu[e]] + 1]++;
        for (int k = 0; k < ncomp; k++) eoff[k + 1] += eoff[k];
        ceu = pl_xmalloc(((size_t)eoff[ncomp] + 1) * sizeof(int));
        cev = pl_xmalloc(((size_t)eoff[ncomp] + 1) * sizeof(int));
        memcpy(fill, eoff, (size_t)ncomp * sizeof(int));
        for (int e = 0; e < E; e++)
            if (comp[eu[e]] >= 0 && comp[ev[e]] >= 0) {
                int k = comp[eu[e]];
                ceu[fill[k]] = loc[eu[e]];
                cev[fill[k]++] = loc[ev[e]];
            }
        free(fill);
    }
    /* Lemma B: a component K (factor-critical) packs by itself iff K minus
     * some collinear triple has a perfect matching; per line l with >= 3
     * buttons in K, three new vertices joined to the buttons of l in K: a
     * perfect matching of K + 3 picks the triple. Warm start: the maximum
     * matching restricted to K misses one vertex of K. */
    tri = pl_xmalloc(((size_t)ncomp * 4 + 1) * sizeof(int)); /* line, 3 buttons; line -1: none */
    seenl = pl_xmalloc(((size_t)s->nlines + 1) * sizeof(int));
    for (int ln = 0; ln < s->nlines; ln++) seenl[ln] = -1;
    inl = pl_xmalloc(((size_t)n + 1) * sizeof(int));
    int maxk = 0, maxe = 0;
    for (int k = 0; k < ncomp; k++) {
        if (coff[k + 1] - coff[k] > maxk) maxk = coff[k + 1] - coff[k];
        if (eoff[k + 1] - eoff[k] > maxe) maxe = eoff[k + 1] - eoff[k];
    }
    lmate = pl_xmalloc(((size_t)maxk + 4) * sizeof(int));
    leu = pl_xmalloc(((size_t)maxe + 3 * (size_t)maxk + 1) * sizeof(int));
    lev = pl_xmalloc(((size_t)maxe + 3 * (size_t)maxk + 1) * sizeof(int));
    for (int k = 0; k < ncomp && res == 1; k++) {
        tri[4 * k] = -1;
        int kn = coff[k + 1] - coff[k];
        if (kn < 3) continue;
        for (int i = coff[k]; i < coff[k + 1] && tri[4 * k] < 0 && res == 1; i++) {
            int v = cver[i];
            for (int q = 0; q < s->inc_n[v] && tri[4 * k] < 0; q++) {
                int ln = s->inc_line[v * s->incw + q];
                if (seenl[ln] == k) continue;
                seenl[ln] = k;
                int cnt = 0;
                for (int j = 0; j < s->lcount[ln]; j++) {
                    int b = s->lbtn[s->lstart[ln] + j];
                    if (comp[b] == k) inl[cnt++] = b;
                }
                if (cnt < 3) continue;
                if (!pl_limits_tick(s->lim)) {
                    *how = "limit reached";
                    res = -1;
                    break;
                }
                s->nodes++;
                int lne = eoff[k + 1] - eoff[k];
                memcpy(leu, ceu + eoff[k], (size_t)lne * sizeof(int));
                memcpy(lev, cev + eoff[k], (size_t)lne * sizeof(int));
                for (int gdt = 0; gdt < 3; gdt++)
                    for (int j = 0; j < cnt; j++) {
                        leu[lne] = kn + gdt;
                        lev[lne++] = loc[inl[j]];
                    }
                for (int j = 0; j < kn; j++) {
                    int u = cver[coff[k] + j], w = mate[u];
                    lmate[j] = w >= 0 && comp[w] == k ? loc[w] : -1;
                }
                lmate[kn] = lmate[kn + 1] = lmate[kn + 2] = -1;
                if (2 * pl_max_matching(kn + 3, lne, leu, lev, lmate, 1) == kn + 3) {
                    tri[4 * k] = ln;
                    for (int gdt = 0; gdt < 3; gdt++) tri[4 * k + 1 + gdt] = cver[coff[k] + lmate[kn + gdt]];
                }
            }
        }
    }
    if (res != 1) goto out;
    /* Lemma A: a matching of the components into A that saturates A (it
     * exists by Gallai-Edmonds) and covers every component without a
     * triple. Cover those first; augmenting from A afterwards never frees a
     * covered component. */
    {
        int nA = 0;
        int *aid = pl_xmalloc((size_t)n * sizeof(int));
        for (int v = 0; v < n; v++) aid[v] = -1;
        for (int e = 0; e < E; e++) {
            int x = eu[e], y = ev[e];
            if (even[x] == even[y]) continue;
            int a = even[x] ? y : x;
            if (aid[a] < 0) aid[a] = nA++;
        }
        g.nl = ncomp;
        g.nr = nA;
        g.loff = pl_xcalloc((size_t)ncomp + 2, sizeof(int));
        g.roff = pl_xcalloc((size_t)nA + 2, sizeof(int));
        size_t nb = 0;
        for (int e = 0; e < E; e++)
            if (even[eu[e]] != even[ev[e]]) {
                int d = even[eu[e]] ? eu[e] : ev[e], a = even[eu[e]] ? ev[e] : eu[e];
                g.loff[comp[d] + 1]++;
                g.roff[aid[a] + 1]++;
                nb++;
            }
        for (int k = 0; k < ncomp; k++) g.loff[k + 1] += g.loff[k];
        for (int a = 0; a < nA; a++) g.roff[a + 1] += g.roff[a];
        g.ladj = pl_xmalloc((nb + 1) * sizeof(int));
        g.radj = pl_xmalloc((nb + 1) * sizeof(int));
        int *fl = pl_xmalloc(((size_t)ncomp + 1) * sizeof(int)), *fr = pl_xmalloc(((size_t)nA + 1) * sizeof(int));
        memcpy(fl, g.loff, (size_t)ncomp * sizeof(int));
        memcpy(fr, g.roff, (size_t)nA * sizeof(int));
        for (int e = 0; e < E; e++)
            if (even[eu[e]] != even[ev[e]]) {
                int d = even[eu[e]] ? eu[e] : ev[e], a = even[eu[e]] ? ev[e] : eu[e];
                g.ladj[fl[comp[d]]++] = aid[a];
                g.radj[fr[aid[a]]++] = comp[d];
            }
        free(fl);
        free(fr);
        free(aid);
        g.ml = pl_xmalloc(((size_t)ncomp + 1) * sizeof(int));
        g.mr = pl_xmalloc(((size_t)nA + 1) * sizeof(int));
        g.seen = pl_xcalloc((size_t)ncomp + (size_t)nA + 1, sizeof(int));
        g.from = pl_xmalloc(((size_t)ncomp + (size_t)nA + 1) * sizeof(int));
        g.queue = pl_xmalloc(((size_t)ncomp + (size_t)nA + 1) * sizeof(int));
        for (int k = 0; k < ncomp; k++) g.ml[k] = -1;
        for (int a = 0; a < nA; a++) g.mr[a] = -1;
        int uncovered = 0;
        for (int k = 0; k < ncomp; k++)
            if (tri[4 * k] < 0 && !bip_augment(&g, 0, k)) uncovered++;
        if (uncovered) {
            *how = "no packing (Gallai-Edmonds: odd components without a collinear triple outnumber their "
                   "neighbours)";
            res = 0;
            goto out;
        }
        for (int a = 0; a < nA; a++)
            if (g.mr[a] < 0 && !bip_augment(&g, 1, a)) {
                *rc = pl_error_set(err, NULL, 0, 0, "packing solver: A is not matchable (internal error)");
                res = -1;
                goto out;
            }
    }
    /* the free components take their triples; the rest has a perfect matching */
    removed = pl_xcalloc((size_t)n + 1, 1);
    for (int k = 0; k < ncomp; k++) {
        if (g.ml[k] >= 0) continue;
        ntri++;
        for (int j = 1; j <= 3; j++) removed[tri[4 * k + j]] = 1;
    }
    {
        int keep = 0;
        for (int e = 0; e < E; e++)
            if (!removed[eu[e]] && !removed[ev[e]]) {
                eu[keep] = eu[e];
                ev[keep++] = ev[e];
            }
        E = keep;
        for (int v = 0; v < n; v++)
            if (removed[v] && mate[v] >= 0) {
                mate[mate[v]] = -1;
                mate[v] = -1;
            }
        nu = pl_max_matching(n, E, eu, ev, mate, 1);
        s->nodes++;
        if (2 * nu != n - 3 * ntri) {
            *rc = pl_error_set(err, NULL, 0, 0,
                               "packing solver: no perfect matching after the triples (internal "
                               "error)");
            res = -1;
            goto out;
        }
    }
    *how = "Gallai-Edmonds decomposition + one collinear triple per free odd component";
assign:
    for (int v = 0; v < n; v++) {
        if (removed && removed[v]) continue;
        set_asg(s, v, common_line(s, v, mate[v]));
    }
    for (int k = 0; removed && k < ncomp; k++)
        if (g.ml[k] < 0)
            for (int j = 1; j <= 3; j++) set_asg(s, tri[4 * k + j], tri[4 * k]);
    s->ntriples = ntri;
out:
    free(eu);
    free(ev);
    free(mate);
    free(even);
    free(removed);
    free(comp);
    free(coff);
    free(cver);
    free(loc);
    free(eoff);
    free(ceu);
    free(cev);
    free(tri);
    free(seenl);
    free(lmate);
    free(leu);
    free(lev);
    free(inl);
    free(g.loff);
    free(g.roff);
    free(g.ladj);
    free(g.radj);
    free(g.ml);
    free(g.mr);
    free(g.seen);
    free(g.from);
    free(g.queue);
    return res;
}

int buttons_line_packing(int n, int nlines, const int *lstart, const int *lcount, const int *lbtn, pl_limits *lim,
                         int *asg, uint64_t *nodes, int *ntriples, const char **how, pl_error *err) {
    pk s;
    memset(&s, 0, sizeof s);
    s.lim = lim;
    s.n = n;
    s.nlines = nlines;
    s.lstart = (int *)lstart;
    s.lcount = (int *)lcount;
    s.lbtn = (int *)lbtn;
    s.inc_n = pl_xcalloc((size_t)n + 1, sizeof(int));
    for (int ln = 0; ln < nlines; ln++)
        for (int j = 0; j < lcount[ln]; j++)
            if (++s.inc_n[lbtn[lstart[ln] + j]] > s.incw) s.incw = s.inc_n[lbtn[lstart[ln] + j]];
    s.inc_line = pl_xmalloc(((size_t)n * (size_t)s.incw + 1) * sizeof(int));
    memset(s.inc_n, 0, ((size_t)n + 1) * sizeof(int));
    for (int ln = 0; ln < nlines; ln++)
        for (int j = 0; j < lcount[ln]; j++) {
            int b = lbtn[lstart[ln] + j];
            s.inc_line[b * s.incw + s.inc_n[b]++] = ln;
        }
    s.asg = asg;
    for (int b = 0; b < n; b++) asg[b] = -1;
    s.load = pl_xcalloc((size_t)nlines + 1, sizeof(int));
    int rc = 0, found = assign_packing(&s, how, err, &rc);
    *nodes = s.nodes;
    *ntriples = s.ntriples;
    free(s.inc_n);
    free(s.inc_line);
    free(s.load);
    return rc ? -2 : found;
}

/* ---------- step 4: groups, blocking graph, order ---------- */

typedef struct group {
    int line, k;
    int pos[4]; /* positions along the line, increasing */
} group;

typedef struct order {
    group *g;
    int ng, cap;
    int *gof;               /* button -> group */
    int *eoff, *eto, *ewit; /* G_c in CSR: g -> eto (witness button ewit) */
} order;

static int gbtn(const pk *s, const group *g, int i) {
    return s->lbtn[s->lstart[g->line] + g->pos[i]];
}

static void sort_pos(group *g) {
    for (int i = 1; i < g->k; i++)
        for (int j = i; j > 0 && g->pos[j - 1] > g->pos[j]; j--) {
            int t = g->pos[j];
            g->pos[j] = g->pos[j - 1];
            g->pos[j - 1] = t;
        }
}

static void add_group(order *o, group g) {
    if (o->ng == o->cap) o->g = pl_xrealloc(o->g, (size_t)(o->cap = o->cap * 2 + 8) * sizeof(group));
    sort_pos(&g);
    o->g[o->ng++] = g;
}

static void build_gc(const pk *s, order *o) {
    for (int i = 0; i < o->ng; i++)
        for (int j = 0; j < o->g[i].k; j++) o->gof[gbtn(s, &o->g[i], j)] = i;
    free(o->eoff);
    free(o->eto);
    free(o->ewit);
    o->eoff = pl_xcalloc((size_t)o->ng + 2, sizeof(int));
    size_t ecap = 16, ne = 0;
    o->eto = pl_xmalloc(ecap * sizeof(int));
    o->ewit = pl_xmalloc(ecap * sizeof(int));
    for (int i = 0; i < o->ng; i++) {
        const group *g = &o->g[i];
        int ls = s->lstart[g->line];
        for (int p = g->pos[0] + 1; p < g->pos[g->k - 1]; p++) {
            int x = s->lbtn[ls + p], h = o->gof[x];
            if (h == i) continue;
            if (ne == ecap) {
                ecap *= 2;
                o->eto = pl_xrealloc(o->eto, ecap * sizeof(int));
                o->ewit = pl_xrealloc(o->ewit, ecap * sizeof(int));
            }
            o->eto[ne] = h;
            o->ewit[ne++] = x;
        }
        o->eoff[i + 1] = (int)ne;
    }
}

static int pos_in(const group *g, int p) {
    for (int i = 0; i < g->k; i++)
        if (g->pos[i] == p) return i;
    return -1;
}

static int pos_on_line(const pk *s, int b, int ln) {
    for (int k = 0; k < s->inc_n[b]; k++)
        if (s->inc_line[b * 4 + k] == ln) return s->inc_pos[b * 4 + k];
    return -1;
}

/* The paper's reassignment on the cycle cyc[0..len) (cyc[i] -> cyc[i+1]
 * with witness wit[i+1] in cyc[i+1], indices mod len). */
static void break_cycle(const pk *s, order *o, const int *cyc, const int *wit, int len) {
    bool some_end = false;
    for (int i = 0; i < len; i++) {
        group *g = &o->g[cyc[i]];
        int at = pos_in(g, pos_on_line(s, wit[i], g->line));
        if (at == 0 || at == g->k - 1) some_end = true;
    }
    if (some_end) {
        group *ng = pl_xmalloc((size_t)len * sizeof(group));
        for (int i = 0; i < len; i++) {
            group g = o->g[cyc[i]];
            int out = pos_in(&g, pos_on_line(s, wit[i], g.line));
            g.pos[out] = pos_on_line(s, wit[(i + 1) % len], g.line);
            sort_pos(&g);
            ng[i] = g;
        }
        for (int i = 0; i < len; i++) o->g[cyc[i]] = ng[i];
        free(ng);
        return;
    }
    /* every witness is the middle of a 3-cut: c0 takes x1, splits in two */
    group *c0 = &o->g[cyc[0]], *c1 = &o->g[cyc[1 % len]];
    int x1 = wit[1 % len];
    int p0 = pos_on_line(s, x1, c0->line), p1 = pos_on_line(s, x1, c1->line);
    group a = *c0, b = *c1;
    a.pos[a.k++] = p0;
    sort_pos(&a);
    int m = pos_in(&b, p1);
    for (int i = m; i + 1 < b.k; i++) b.pos[i] = b.pos[i + 1];
    b.k--;
    group left = {a.line, 2, {a.pos[0], a.pos[1], 0, 0}}, right = {a.line, 2, {a.pos[2], a.pos[3], 0, 0}};
    *c0 = left;
    *c1 = b;
    add_group(o, right);
}

/* Topological order of G_c (blockers first) into out; or finds a cycle and
 * breaks it (returns 0: rebuild and retry). */
static int topo_or_break(const pk *s, order *o, int *out) {
    int ng = o->ng;
    int *state = pl_xcalloc((size_t)ng + 1, 1 * sizeof(int));
    int *stk = pl_xmalloc(((size_t)ng + 1) * sizeof(int)), *it = pl_xmalloc(((size_t)ng + 1) * sizeof(int));
    int *via = pl_xmalloc(((size_t)ng + 1) * sizeof(int)); /* witness of the edge into stk[i] */
    int nout = 0, result = 1;
    for (int r = 0; r < ng && result; r++) {
        if (state[r]) continue;
        int sp = 0;
        stk[sp] = r;
        it[sp] = o->eoff[r];
        via[sp] = -1;
        state[r] = 1;
        sp++;
        while (sp > 0 && result) {
            int g = stk[sp - 1];
            if (it[sp - 1] < o->eoff[g + 1]) {
                int e = it[sp - 1]++;
                int h = o->eto[e];
                if (state[h] == 0) {
                    state[h] = 1;
                    stk[sp] = h;
                    it[sp] = o->eoff[h];
                    via[sp] = o->ewit[e];
                    sp++;
                } else if (state[h] == 1) { /* cycle h .. g -> h */
                    int at = sp - 1;
                    while (stk[at] != h) at--;
                    int len = sp - at;
                    int *cyc = pl_xmalloc((size_t)len * sizeof(int)), *wit = pl_xmalloc((size_t)len * sizeof(int));
                    for (int i = 0; i < len; i++) {
                        cyc[i] = stk[at + i];
                        wit[i] = i == 0 ? o->ewit[e] : via[at + i];
                    }
                    break_cycle(s, o, cyc, wit, len);
                    free(cyc);
                    free(wit);
                    result = 0;
                }
            } else {
                state[g] = 2;
                out[nout++] = g;
                sp--;
            }
        }
    }
    free(state);
    free(stk);
    free(it);
    free(via);
    return result;
}

/* Orders the groups (repairing G_c's cycles), checks every cut on the rules
 * and writes them into out. Frees the order. */
static int emit_order(pk *s, order *o, pl_solution *out, int *repairs, pl_error *err) {
    const buttons_level *l = s->l;
    int cells = l->rows * l->cols, rc = 0;
    int *ord = NULL;
    for (;;) {
        build_gc(s, o);
        free(ord);
        ord = pl_xmalloc(((size_t)o->ng + 1) * sizeof(int));
        if (topo_or_break(s, o, ord)) break;
        (*repairs)++;
    }
    uint8_t *board = pl_xmalloc((size_t)cells + 1);
    memcpy(board, l->cell, (size_t)cells);
    for (int i = 0; i < o->ng && rc == 0; i++) {
        const group *g = &o->g[ord[i]];
        int a = s->cell[gbtn(s, g, 0)], b = s->cell[gbtn(s, g, g->k - 1)];
        buttons_cut x = {a / l->cols, a % l->cols, b / l->cols, b % l->cols};
        int colour, size;
        char why[256];
        if (buttons_cut_check(l, board, x, &colour, &size, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "packing solver produced an infeasible cut: %s", why);
        else {
            buttons_cut_apply(l, board, x);
            buttons_solution_add_cut(out, x);
        }
    }
    free(board);
    free(ord);
    free(o->g);
    free(o->gof);
    free(o->eoff);
    free(o->eto);
    free(o->ewit);
    return rc;
}

static void pk_init(pk *s, const buttons_level *l, pl_limits *lim) {
    memset(s, 0, sizeof *s);
    s->l = l;
    s->lim = lim;
    int cells = l->rows * l->cols;
    s->bid = pl_xmalloc(((size_t)cells + 1) * sizeof(int));
    s->cell = pl_xmalloc(((size_t)l->nbuttons + 1) * sizeof(int));
    for (int i = 0; i < cells; i++) {
        s->bid[i] = -1;
        if (l->cell[i]) {
            s->bid[i] = s->n;
            s->cell[s->n++] = i;
        }
    }
    s->incw = 4;
    build_lines(s);
    s->asg = pl_xmalloc(((size_t)s->n + 1) * sizeof(int));
    for (int b = 0; b < s->n; b++) s->asg[b] = -1;
}

static void pk_free(pk *s) {
    free(s->bid);
    free(s->cell);
    free(s->inc_n);
    free(s->inc_line);
    free(s->inc_pos);
    free(s->lstart);
    free(s->lcount);
    free(s->lbtn);
    free(s->asg);
    free(s->load);
}

int buttons_packing_order(const buttons_level *l, int ngroups, const int *cells4, pl_solution *out, int *repairs,
                          pl_error *err) {
    pk s;
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pk_init(&s, l, &lim);
    order o = {0};
    o.gof = pl_xmalloc(((size_t)s.n + 1) * sizeof(int));
    int rc = 0;
    *repairs = 0;
    for (int i = 0; i < ngroups && rc == 0; i++) {
        group g = {-1, 0, {0, 0, 0, 0}};
        const int *c = cells4 + 4 * i;
        int b0 = s.bid[c[0]], b1 = c[1] >= 0 ? s.bid[c[1]] : -1;
        if (b0 < 0 || b1 < 0) {
            rc = pl_error_set(err, NULL, 0, 0, "group %d: needs two buttons", i);
            break;
        }
        for (int k = 0; k < s.inc_n[b0] && g.line < 0; k++)
            for (int j = 0; j < s.inc_n[b1]; j++)
                if (s.inc_line[b0 * 4 + k] == s.inc_line[b1 * 4 + j]) g.line = s.inc_line[b0 * 4 + k];
        for (int k = 0; k < 4 && c[k] >= 0 && g.line >= 0; k++) {
            int p = s.bid[c[k]] >= 0 ? pos_on_line(&s, s.bid[c[k]], g.line) : -1;
            if (p < 0)
                g.line = -1;
            else
                g.pos[g.k++] = p;
        }
        if (g.line < 0)
            rc = pl_error_set(err, NULL, 0, 0, "group %d: not buttons on one allowed line", i);
        else
            add_group(&o, g);
    }
    if (rc == 0)
        rc = emit_order(&s, &o, out, repairs, err);
    else {
        free(o.g);
        free(o.gof);
    }
    pk_free(&s);
    return rc;
}

/* ---------- the algorithm ---------- */

bool buttons_packing_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    uint64_t want = ((uint64_t)1 << 2) | ((uint64_t)1 << 3);
    if (l->ncolours > 1) {
        snprintf(why, n, "%d colours: Theorem 3 needs one colour", l->ncolours);
        return false;
    }
    if (buttons_sizes_normalised(l) != want) {
        char t[200];
        buttons_sizes_text(buttons_sizes_normalised(l), false, t, sizeof t);
        snprintf(why, n, "normalised sizes %s: Theorem 3 needs {2,3}", t);
        return false;
    }
    snprintf(why, n, "one colour, sizes {2,3} (normalised): Theorem 3, packing of edges and collinear triangles");
    return true;
}

int buttons_packing_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    const buttons_level *l = p;
    pk s;
    pk_init(&s, l, req->limits);
    /* Test hook: option "pairing" = "nested" offers the matching the pairs
     * in a shuffled order (far pairs as likely as near ones) and groups the
     * assigned buttons a_1 < ... < a_k of a line interleaved ({a_i,
     * a_i+k/2}; for k odd first the triple {a_1, a_(k+1)/2, a_k}) instead of
     * consecutively. Both keep the packing valid and make blocking cycles
     * common, so the tests exercise the cycle repairs of step 4 on the
     * solver's own packings. */
    const char *pairing = req->opts ? pl_opts_get(req->opts, "pairing") : NULL;
    bool nested = pairing && !strcmp(pairing, "nested");
    s.far = nested;
    const char *how = "";
    int rc = 0;
    int found = assign_packing(&s, &how, err, &rc);
    if (rc) {
        pk_free(&s);
        return rc;
    }
    out->status = found == 1 ? PL_SOLVED : found == 0 ? PL_UNSOLVABLE : PL_UNKNOWN;
    out->limit_hit = req->limits->hit;
    out->optimal = -1;
    int repairs = 0;
    if (found == 1) {
        order o = {0};
        o.gof = pl_xmalloc(((size_t)s.n + 1) * sizeof(int));
        for (int ln = 0; nested && ln < s.nlines; ln++) {
            int k = 0, *at = pl_xmalloc((size_t)s.lcount[ln] * sizeof(int));
            for (int j = 0; j < s.lcount[ln]; j++)
                if (s.asg[s.lbtn[s.lstart[ln] + j]] == ln) at[k++] = j;
            if (k % 2) { /* a triple of first, middle, last; the rest interleaved */
                group g = {ln, 3, {at[0], at[k / 2], at[k - 1], 0}};
                add_group(&o, g);
                memmove(at + k / 2, at + k / 2 + 1, (size_t)(k - 1 - k / 2) * sizeof(int));
                memmove(at, at + 1, (size_t)(k - 3) * sizeof(int));
                k -= 3;
            }
            for (int i = 0; i < k / 2; i++) {
                group g = {ln, 2, {at[i], at[i + k / 2], 0, 0}};
                add_group(&o, g);
            }
            free(at);
        }
        for (int ln = 0; !nested && ln < s.nlines; ln++) { /* consecutive assigned buttons: 2s, last 3 if odd */
            group g = {ln, 0, {0, 0, 0, 0}};
            int left = s.load[ln];
            for (int j = 0; j < s.lcount[ln]; j++) {
                if (s.asg[s.lbtn[s.lstart[ln] + j]] != ln) continue;
                g.pos[g.k++] = j;
                left--;
                if ((g.k == 2 && left != 1) || g.k == 3) {
                    add_group(&o, g);
                    g.k = 0;
                }
            }
        }
        rc = emit_order(&s, &o, out, &repairs, err);
    }
    out->nodes = s.nodes;
    snprintf(out->note, sizeof out->note, "%s; %d lines; %d collinear triples; %d cycle repairs of the blocking graph",
             how, s.nlines, s.ntriples, repairs);
    pk_free(&s);
    return rc;
}
