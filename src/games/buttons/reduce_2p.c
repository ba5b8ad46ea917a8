/* Buttons & Scissors' two-player constructions (Section 4 of the paper):
 * Theorem 9 (Geography -> IMPARTIAL, through Lemma 4) and Theorem 10 (the
 * same board behind the SCORING start gadget of Fig. 15, Lemma 5).
 *
 * The figures are lost; what we build (docs/algorithms.md says why):
 * - an arc of the Lemma 4 graph is a wire of three pairs e1 e2 e3, each
 *   blocked by a button of the previous one (two forced moves inside, so the
 *   player who cuts e1 also cuts e3: the player who moves the token);
 * - a vertex v with in- and out-arcs is a chain x, y: the head button h of
 *   its in-wires lies between x's two buttons, an x button between y's, a y
 *   button on each out-wire's e1; so after the mover enters v, the opponent
 *   cuts x, the mover y, and the opponent chooses an out-arc;
 * - the two out-arcs of a vertex share their tail button (Fig. 14(b)'s z)
 *   and, the point of the issue, the two in-arcs of a vertex share their head
 *   button h: cutting either strands the other for ever, as Geography forbids
 *   entering a visited vertex. With two separate pairs (the text's "button
 *   pairs a and b") the second would stay cuttable after the first: a free
 *   extra move that swaps the winner (tests/test_buttons_reduce_2p.c finds
 *   the smallest such graph).
 * Theorem 10 puts the start's out-wires behind f, f behind e, and e behind
 * the middle buttons of four triples a, b, c, d in a cycle (a triple's free
 * half opens its predecessor's full cut): the 2, 3, 3, 3, 2, 2 of Lemma 5.
 *
 * Geometry: each vertex's buttons sit near an anchor (anchors in distinct
 * rows and columns), wires bend twice (horizontal or vertical, diagonal,
 * horizontal or vertical); the placement is drawn from a seeded generator
 * and accepted only when a check proves the board's cuts are exactly the
 * intended ones with exactly the intended blockers (every two buttons of a
 * colour on a common line are an intended cut; every intended segment holds
 * exactly its blockers), then colours are given so that no two classes of a
 * colour share a line. O(trials * (b^2 + total segment length)). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

#define G2_SPACING 26
#define G2_TRIALS 3000

typedef struct gbtn {
    int r, c, cls;
} gbtn;

/* An intended cut: ends a, b (buttons); interior: the buttons that must lie
 * strictly between them (its own middle button for a triple's full cut,
 * then the blockers). */
typedef struct gcut {
    int a, b, nin, in[6];
} gcut;

typedef struct g2 {
    pl_geo h; /* the Lemma 4 graph */
    int *origin;
    int (*path)[PL_GEO_LEMMA4_MAX + 1];
    int nb, ncut, ncls;
    gbtn *b;
    gcut *cut;
    int (*wire)[3]; /* wire[j]: the cuts e1, e2, e3 of the Lemma 4 graph's arc j */
    int (*chain)[2]; /* chain[v]: the cuts x, y of vertex v, -1 when none */
    int gadget[6];   /* Theorem 10: the start gadget's line of play, -1 otherwise */
    int rows, cols;
    char *colour; /* letter of each class */
} g2;

static void g2_free(g2 *g) {
    pl_geo_free(&g->h);
    free(g->origin);
    free(g->path);
    free(g->b);
    free(g->cut);
    free(g->wire);
    free(g->chain);
    free(g->colour);
    memset(g, 0, sizeof *g);
}

static int add_btn(g2 *g, int r, int c, int cls) {
    g->b[g->nb] = (gbtn){r, c, cls};
    return g->nb++;
}

static int add_cut(g2 *g, int a, int b, int nin, const int *in) {
    gcut *x = &g->cut[g->ncut];
    x->a = a, x->b = b, x->nin = nin;
    for (int i = 0; i < nin; i++) x->in[i] = in[i];
    return g->ncut++;
}

static int dir_of(int dr, int dc) {
    if (dr == 0 && dc == 0) return -1;
    if (dr == 0 || dc == 0 || dr == dc || dr == -dc) return 1;
    return -1;
}

static int sgn(int x) {
    return (x > 0) - (x < 0);
}

/* The check: 0 when the placement is sound, else 1. */
static int g2_check(g2 *g) {
    int minr = 1 << 30, minc = 1 << 30, maxr = -(1 << 30), maxc = -(1 << 30);
    for (int i = 0; i < g->nb; i++) {
        if (g->b[i].r < minr) minr = g->b[i].r;
        if (g->b[i].c < minc) minc = g->b[i].c;
        if (g->b[i].r > maxr) maxr = g->b[i].r;
        if (g->b[i].c > maxc) maxc = g->b[i].c;
    }
    for (int i = 0; i < g->nb; i++) g->b[i].r -= minr, g->b[i].c -= minc;
    g->rows = maxr - minr + 1, g->cols = maxc - minc + 1;
    if ((long)g->rows * g->cols > 4000000L) return 1;
    int *at = pl_xmalloc((size_t)g->rows * (size_t)g->cols * sizeof *at);
    for (long i = 0; i < (long)g->rows * g->cols; i++) at[i] = -1;
    int rc = 0;
    for (int i = 0; i < g->nb && !rc; i++) {
        int *p = &at[g->b[i].r * g->cols + g->b[i].c];
        if (*p >= 0) rc = 1;
        *p = i;
    }
    /* every intended segment holds exactly its interior */
    for (int k = 0; k < g->ncut && !rc; k++) {
        const gcut *x = &g->cut[k];
        int dr = g->b[x->b].r - g->b[x->a].r, dc = g->b[x->b].c - g->b[x->a].c;
        if (dir_of(dr, dc) < 0) {
            rc = 1;
            break;
        }
        int len = abs(dr) > abs(dc) ? abs(dr) : abs(dc), found = 0;
        for (int s = 1; s < len && !rc; s++) {
            int w = at[(g->b[x->a].r + s * sgn(dr)) * g->cols + g->b[x->a].c + s * sgn(dc)];
            if (w < 0) continue;
            bool ok = false;
            for (int i = 0; i < x->nin; i++) ok |= x->in[i] == w;
            if (!ok) rc = 1;
            found++;
        }
        if (found != x->nin) rc = 1;
    }
    free(at);
    if (rc) return 1;
    /* two buttons of a class on a common line are an intended cut */
    for (int i = 0; i < g->nb; i++)
        for (int j = i + 1; j < g->nb; j++) {
            if (g->b[i].cls != g->b[j].cls) continue;
            if (dir_of(g->b[j].r - g->b[i].r, g->b[j].c - g->b[i].c) < 0) continue;
            bool ok = false;
            for (int k = 0; k < g->ncut && !ok; k++)
                ok = (g->cut[k].a == i && g->cut[k].b == j) || (g->cut[k].a == j && g->cut[k].b == i);
            if (!ok) return 1;
        }
    /* colours: classes sharing a line differ */
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    bool *clash = pl_xcalloc((size_t)g->ncls * (size_t)g->ncls, sizeof *clash);
    for (int i = 0; i < g->nb; i++)
        for (int j = i + 1; j < g->nb; j++)
            if (g->b[i].cls != g->b[j].cls && dir_of(g->b[j].r - g->b[i].r, g->b[j].c - g->b[i].c) > 0)
                clash[g->b[i].cls * g->ncls + g->b[j].cls] = clash[g->b[j].cls * g->ncls + g->b[i].cls] = true;
    free(g->colour);
    g->colour = pl_xmalloc((size_t)g->ncls + 1);
    for (int c = 0; c < g->ncls && !rc; c++) {
        uint64_t used = 0;
        for (int d = 0; d < c; d++)
            if (clash[c * g->ncls + d]) used |= (uint64_t)1 << (strchr(letters, g->colour[d]) - letters);
        int l = 0;
        while (l < 62 && ((used >> l) & 1u)) l++;
        if (l == 62) rc = 1;
        else g->colour[c] = letters[l];
    }
    free(clash);
    return rc;
}

/* Direction units: right and down, the two ways out of a tail and into a head. */
static const int unit[2][2] = {{0, 1}, {1, 0}};

/* One placement from the seed; 0 when it passes the check. */
static int g2_place(g2 *g, int theorem, uint64_t seed) {
    const pl_geo *h = &g->h;
    int n = h->nvertices;
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    g->nb = g->ncut = g->ncls = 0;
    int *rowslot = pl_xmalloc((size_t)n * sizeof *rowslot), *colslot = pl_xmalloc((size_t)n * sizeof *colslot);
    for (int i = 0; i < n; i++) rowslot[i] = colslot[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pl_rng_below(&rng, (uint64_t)i + 1), t = rowslot[i];
        rowslot[i] = rowslot[j], rowslot[j] = t;
        j = (int)pl_rng_below(&rng, (uint64_t)i + 1), t = colslot[i];
        colslot[i] = colslot[j], colslot[j] = t;
    }
    int in[PL_GEO_LEMMA4_MAX + 1], out[PL_GEO_LEMMA4_MAX + 1];
    pl_geo_degrees(h, in, out);
    int *tail = pl_xmalloc(((size_t)n + 1) * sizeof *tail), *head = pl_xmalloc(((size_t)n + 1) * sizeof *head);
    int (*yb)[2] = pl_xmalloc(((size_t)n + 1) * sizeof *yb);
    int *ar = pl_xmalloc(((size_t)n + 1) * sizeof *ar), *ac = pl_xmalloc(((size_t)n + 1) * sizeof *ac);
    for (int v = 1; v <= n; v++) {
        int R = rowslot[v - 1] * G2_SPACING, C = colslot[v - 1] * G2_SPACING;
        ar[v] = R, ac[v] = C;
        tail[v] = head[v] = -1;
        yb[v][0] = yb[v][1] = -1;
        g->chain[v][0] = g->chain[v][1] = -1;
        if (out[v]) tail[v] = add_btn(g, R, C, g->ncls++);
        if (v != h->start) head[v] = add_btn(g, R + 3, C + 3, g->ncls++);
        if (v != h->start && out[v]) {
            int x1 = add_btn(g, R + 1, C + 1, g->ncls), x2 = add_btn(g, R + 5, C + 5, g->ncls++);
            int y1 = add_btn(g, R, C + 2, g->ncls), y2 = add_btn(g, R + 2, C, g->ncls++);
            g->chain[v][0] = add_cut(g, x1, x2, 1, &head[v]);
            g->chain[v][1] = add_cut(g, y1, y2, 1, &x1);
            yb[v][0] = y1, yb[v][1] = y2;
        }
    }
    for (int k = 0; k < 6; k++) g->gadget[k] = -1;
    if (theorem == 10) {
        /* the start's out-arcs behind f (f1 on the right one, f2 on the one
         * down), f behind e1, e along the row below through the four middles */
        int R = ar[h->start], C = ac[h->start];
        int f1 = add_btn(g, R, C + 2, g->ncls), f2 = add_btn(g, R + 2, C, g->ncls++);
        int e1 = add_btn(g, R + 1, C + 1, g->ncls);
        int B = R + 1, Q = C + 6;
        /* triples X0..X3: L, M, R and, inside (M, R), L of the next */
        int pos[4][3][2] = {
            {{B + 8, Q}, {B, Q}, {B - 6, Q}},
            {{B - 4, Q}, {B, Q + 4}, {B + 10, Q + 14}},
            {{B + 8, Q + 12}, {B, Q + 12}, {B - 6, Q + 12}},
            {{B - 4, Q + 12}, {B, Q + 8}, {B + 10, Q - 2}},
        };
        int e2 = add_btn(g, B, Q + 14, g->ncls++);
        int t[4][3];
        for (int i = 0; i < 4; i++) {
            for (int k = 0; k < 3; k++) t[i][k] = add_btn(g, pos[i][k][0], pos[i][k][1], g->ncls);
            g->ncls++;
        }
        int cutL[4], cutFull[4];
        for (int i = 0; i < 4; i++) {
            int nx = t[(i + 1) % 4][0];
            int full[2] = {t[i][1], nx};
            cutL[i] = add_cut(g, t[i][0], t[i][1], 0, NULL);
            add_cut(g, t[i][1], t[i][2], 1, &nx);
            cutFull[i] = add_cut(g, t[i][0], t[i][2], 2, full);
        }
        int mids[4] = {t[0][1], t[1][1], t[3][1], t[2][1]};
        int ce = add_cut(g, e1, e2, 4, mids);
        int cf = add_cut(g, f1, f2, 1, &e1);
        yb[h->start][0] = f1, yb[h->start][1] = f2;
        /* Lemma 5's line: a free half (X1's), then the full cuts it opens */
        g->gadget[0] = cutL[1], g->gadget[1] = cutFull[0], g->gadget[2] = cutFull[3], g->gadget[3] = cutFull[2];
        g->gadget[4] = ce, g->gadget[5] = cf;
    }
    /* the wires */
    int *outi = pl_xcalloc((size_t)n + 1, sizeof *outi), *ini = pl_xcalloc((size_t)n + 1, sizeof *ini);
    int rc = 0;
    for (int j = 0; j < h->narcs && !rc; j++) {
        int u = h->arc[j][0], w = h->arc[j][1];
        int d1 = outi[u]++, d3 = ini[w]++;
        int tr = ar[u], tc = ac[u], hr = ar[w] + 3, hc = ac[w] + 3;
        int h1r = 0, h1c = 0, h2r = 0, h2c = 0;
        bool found = false;
        int start = (int)pl_rng_below(&rng, 40);
        for (int s = 0; s < 80 && !found; s++) {
            int L1 = 3 + (start + s) % 80;
            h1r = tr + L1 * unit[d1][0], h1c = tc + L1 * unit[d1][1];
            for (int sign = 0; sign < 2 && !found; sign++) {
                /* H2 = head + L3 * unit[d3]; H2 - H1 diagonal */
                for (int L3 = 2; L3 < 120 && !found; L3++) {
                    h2r = hr + L3 * unit[d3][0], h2c = hc + L3 * unit[d3][1];
                    int dr = h2r - h1r, dc = h2c - h1c;
                    if (dr != 0 && (dr == dc || dr == -dc) && (sign ? dr > 0 : dr < 0)) found = true;
                }
            }
        }
        if (!found) {
            rc = 1;
            break;
        }
        int sr = sgn(h2r - h1r), sc = sgn(h2c - h1c);
        int back = 1 + (int)pl_rng_below(&rng, 3), more = 1 + (int)pl_rng_below(&rng, 3);
        int H1 = add_btn(g, h1r, h1c, g->b[tail[u]].cls);
        int wc = g->ncls++;
        int T1 = add_btn(g, h1r - back * sr, h1c - back * sc, wc), H2 = add_btn(g, h2r, h2c, wc);
        int L3 = abs(h2r - hr) + abs(h2c - hc);
        int T2 = add_btn(g, hr + (L3 + more) * unit[d3][0], hc + (L3 + more) * unit[d3][1], g->b[head[w]].cls);
        int blk = yb[u][d1];
        g->wire[j][0] = add_cut(g, tail[u], H1, blk >= 0, &blk);
        g->wire[j][1] = add_cut(g, T1, H2, 1, &H1);
        g->wire[j][2] = add_cut(g, T2, head[w], 1, &H2);
    }
    free(outi);
    free(ini);
    free(rowslot);
    free(colslot);
    free(tail);
    free(head);
    free(yb);
    free(ar);
    free(ac);
    if (!rc && g->nb == 0) add_btn(g, 0, 0, g->ncls++); /* the start has no move: a board without a cut */
    return rc ? rc : g2_check(g);
}

static int g2_construct(const pl_geo *src, int theorem, g2 *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    g->origin = pl_xmalloc((PL_GEO_LEMMA4_MAX + 1) * sizeof *g->origin);
    g->path = pl_xmalloc(((size_t)src->narcs + 1) * sizeof *g->path);
    if (pl_geo_lemma4(src, &g->h, g->origin, g->path, err)) {
        g2_free(g);
        return -1;
    }
    int n = g->h.nvertices, m = g->h.narcs;
    size_t nb = (size_t)6 * (size_t)n + 6 * (size_t)m + 32, nc = (size_t)2 * n + 3 * (size_t)m + 32;
    g->b = pl_xmalloc(nb * sizeof *g->b);
    g->cut = pl_xmalloc(nc * sizeof *g->cut);
    g->wire = pl_xmalloc(((size_t)m + 1) * sizeof *g->wire);
    g->chain = pl_xmalloc(((size_t)n + 1) * sizeof *g->chain);
    for (uint64_t t = 1; t <= G2_TRIALS; t++)
        if (g2_place(g, theorem, t) == 0) return 0;
    g2_free(g);
    return pl_error_set(err, NULL, 0, 0, "no placement of the construction passed the check in %d tries (%d vertices, "
                        "%d arcs after Lemma 4)", G2_TRIALS, n, m);
}

static char *g2_build(const void *src, const char *src_name, int theorem, pl_error *err) {
    const pl_geo *s = src;
    g2 g;
    if (g2_construct(s, theorem, &g, err)) return NULL;
    char *grid = pl_xmalloc((size_t)g.rows * (size_t)g.cols + 1);
    memset(grid, '.', (size_t)g.rows * (size_t)g.cols);
    for (int i = 0; i < g.nb; i++) grid[(size_t)g.b[i].r * (size_t)g.cols + (size_t)g.b[i].c] = g.colour[g.b[i].cls];
    int in[PL_GEO_LEMMA4_MAX + 1], out[PL_GEO_LEMMA4_MAX + 1], chains = 0, shared_in = 0, shared_out = 0;
    pl_geo_degrees(&g.h, in, out);
    for (int v = 1; v <= g.h.nvertices; v++) chains += g.chain[v][0] >= 0, shared_in += in[v] == 2, shared_out += out[v] == 2;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "# puzzlelab buttons reduce --from geography --theorem %d %s\n", theorem, src_name);
    if (theorem == 9)
        pl_sbuf_printf(&b, "# Buttons & Scissors, Theorem 9 (Burke et al., Section 4.2): Geography -> IMPARTIAL, "
                           "through Lemma 4\n");
    else
        pl_sbuf_printf(&b, "# Buttons & Scissors, Theorem 10 (Burke et al., Section 4.2): Geography -> SCORING: "
                           "Theorem 9's board behind the start gadget (Fig. 15, Lemma 5)\n");
    pl_sbuf_printf(&b,
                   "# source: %s: Geography, %d vertices, %d arcs, start %d; Lemma 4 graph: %d vertices, %d arcs\n"
                   "# construction: %d x %d, %d buttons, %d colours: a wire of three pairs an arc (e1 behind the "
                   "tail's y, e2 behind e1's far button, e3 behind e2's), a chain x y a vertex with in- and "
                   "out-arcs (%d; x behind the head button, y behind x), %d head buttons shared by two in-wires, %d "
                   "tail buttons shared by two out-wires%s\n",
                   src_name, s->nvertices, s->narcs, s->start, g.h.nvertices, g.h.narcs, g.rows, g.cols, g.nb, g.ncls,
                   chains, shared_in, shared_out,
                   theorem == 10 ? "; the start gadget: four triples in a cycle, e through their middles, f behind e "
                                   "and in front of the start's wires"
                                 : "");
    pl_sbuf_printf(&b, "# promises: directions *, every cut of size 2%s; player 1 wins iff player 1 wins the "
                       "Geography game\n",
                   theorem == 10 ? " except the gadget's triples (sizes {2,3})" : "");
    pl_sbuf_printf(&b, "players: %s\ndirections: *\nsizes: %s\n", theorem == 9 ? "impartial" : "scoring",
                   theorem == 9 ? "2" : "2,3");
    for (int r = 0; r < g.rows; r++) pl_sbuf_printf(&b, "%.*s\n", g.cols, grid + (size_t)r * (size_t)g.cols);
    free(grid);
    g2_free(&g);
    return b.s;
}

char *buttons_thm9_build(const void *src, const char *src_name, pl_error *err) {
    return g2_build(src, src_name, 9, err);
}

char *buttons_thm10_build(const void *src, const char *src_name, pl_error *err) {
    return g2_build(src, src_name, 10, err);
}

static void push_cut(const g2 *g, int k, pl_strvec *moves) {
    const gcut *x = &g->cut[k];
    buttons_cut c = {g->b[x->a].r, g->b[x->a].c, g->b[x->b].r, g->b[x->b].c};
    char buf[64];
    buttons_cut_text(c, buf, sizeof buf);
    pl_strvec_push(moves, buf);
}

/* Forward: the certificate's first play (the winner follows the strategy),
 * through Lemma 4's paths, continued in the Lemma 4 graph by first legal
 * moves until the player to move is stuck (the loser runs into the dead ends
 * of Figs. 11-13), as cuts: the gadget's line, then for each move its wire
 * and the chain of the vertex entered. */
static int g2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, int theorem, pl_error *err) {
    const pl_geo *s = src;
    if (cert->n < 2) return pl_error_set(err, cert->file, 0, 0, "the certificate has no play");
    int play[PL_GEO_MAX_VERTICES], len = 0;
    for (const char *p = cert->text[1]; *p && len < PL_GEO_MAX_VERTICES;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p) break;
        play[len++] = (int)v;
        p = end;
    }
    g2 g;
    if (g2_construct(s, theorem, &g, err)) return -1;
    int *hp = pl_xmalloc(((size_t)g.h.nvertices + 1) * sizeof *hp), hl = 1;
    hp[0] = g.h.start;
    int rc = 0;
    for (int k = 1; k < len && !rc; k++) {
        int e = -1;
        for (int a = 0; a < s->narcs; a++)
            if (s->arc[a][0] == play[k - 1] && s->arc[a][1] == play[k]) e = a;
        if (e < 0 || g.path[e][0] < 0) {
            rc = pl_error_set(err, cert->file, cert->line[1], 1, "move %d -> %d is not an arc the start reaches",
                              play[k - 1], play[k]);
            break;
        }
        for (int q = 1; g.path[e][q] >= 0; q++) hp[hl++] = g.path[e][q];
    }
    bool *vis = pl_xcalloc((size_t)g.h.nvertices + 1, sizeof *vis);
    for (int k = 0; k < hl; k++) vis[hp[k]] = true;
    for (bool more = !rc; more;) {
        more = false;
        for (int a = 0; a < g.h.narcs && !more; a++)
            if (g.h.arc[a][0] == hp[hl - 1] && !vis[g.h.arc[a][1]]) {
                hp[hl++] = g.h.arc[a][1];
                vis[g.h.arc[a][1]] = more = true;
            }
    }
    if (!rc) {
        for (int k = 0; k < 6; k++)
            if (g.gadget[k] >= 0) push_cut(&g, g.gadget[k], moves);
        for (int k = 1; k < hl; k++) {
            int a = -1;
            for (int j = 0; j < g.h.narcs; j++)
                if (g.h.arc[j][0] == hp[k - 1] && g.h.arc[j][1] == hp[k]) a = j;
            for (int q = 0; q < 3; q++) push_cut(&g, g.wire[a][q], moves);
            for (int q = 0; q < 2; q++)
                if (g.chain[hp[k]][q] >= 0) push_cut(&g, g.chain[hp[k]][q], moves);
        }
        /* stuck in the graph, the mover may still start a wire into a visited
         * vertex of in-degree 2: e1, e2, then e3's head is gone */
        for (int j = 0; j < g.h.narcs; j++)
            if (g.h.arc[j][0] == hp[hl - 1]) {
                for (int q = 0; q < 2; q++) push_cut(&g, g.wire[j][q], moves);
                break;
            }
    }
    free(vis);
    free(hp);
    g2_free(&g);
    return rc;
}

int buttons_thm9_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    return g2_forward(src, cert, moves, 9, err);
}

int buttons_thm10_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    return g2_forward(src, cert, moves, 10, err);
}

/* Lift: the line of play's e3 cuts are the Lemma 4 graph's moves (an e1 may
 * start a wire whose shared head is gone: two cuts that change nobody's
 * turn, no move); the source vertices they enter, in order, are the
 * Geography line of play ('play' certificate). */
static int g2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, int theorem, char *why, size_t n) {
    const pl_geo *s = src;
    pl_error err = {0};
    g2 g;
    if (g2_construct(s, theorem, &g, &err)) {
        snprintf(why, n, "%s", err.msg);
        return 1;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "%d", s->start);
    int rc = 0;
    for (int i = 0; i < moves->n && !rc; i++) {
        buttons_cut c;
        char reason[128];
        int col;
        if (buttons_cut_parse(moves->text[i], &c, reason, sizeof reason, &col)) {
            snprintf(why, n, "move %d: %s", i + 1, reason);
            rc = 1;
            break;
        }
        int k = -1;
        for (int q = 0; q < g.ncut && k < 0; q++) {
            const gbtn *x = &g.b[g.cut[q].a], *y = &g.b[g.cut[q].b];
            if ((x->r == c.r1 && x->c == c.c1 && y->r == c.r2 && y->c == c.c2) ||
                (x->r == c.r2 && x->c == c.c2 && y->r == c.r1 && y->c == c.c1))
                k = q;
        }
        if (k < 0) {
            snprintf(why, n, "move %d (%s) is no cut of the construction", i + 1, moves->text[i]);
            rc = 1;
            break;
        }
        for (int j = 0; j < g.h.narcs; j++)
            if (g.wire[j][2] == k && g.origin[g.h.arc[j][1]])
                pl_sbuf_printf(&b, " %d", g.origin[g.h.arc[j][1]]);
    }
    /* a move entering an added vertex leads on to a source vertex only through
     * its path; the source vertices along the way are those of the wires cut */
    if (!rc) {
        pl_strvec_push(cert, "play");
        pl_strvec_push(cert, b.s);
    }
    free(b.s);
    g2_free(&g);
    return rc;
}

int buttons_thm9_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    return g2_lift(src, moves, cert, 9, why, n);
}

int buttons_thm10_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    return g2_lift(src, moves, cert, 10, why, n);
}
