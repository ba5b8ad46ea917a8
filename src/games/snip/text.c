/* Snipperclips notation: the level (optional `model:` and `undo:` headers,
 * a WKT POLYGON or MULTIPOLYGON for tool 1, possibly over several lines, and
 * optionally a section `target2:` with one for tool 2), the targets'
 * parameters, and the moves `snip A B theta tx ty`, `keep A x y`, `reset A`,
 * `undo A`.
 *
 * The WKT reader is ours rather than GEOS's so that every error names the
 * file, line and column of the offending text; GEOS then checks validity
 * (self-intersections, holes outside shells, ...) and its report is mapped
 * back to the nearest vertex of the input. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snip_internal.h"

/* ---------- the WKT text with its places ---------- */
typedef struct wkt_src {
    char *s; /* NUL-terminated */
    size_t len, pos;
    int *line, *col; /* of each byte; one extra entry for the end */
    const char *file;
    pl_error *err;
} wkt_src;

typedef struct wkt_pt {
    double x, y;
    size_t at; /* offset of the point's first byte */
} wkt_pt;

typedef struct wkt_ring {
    wkt_pt *p;
    int n, cap;
} wkt_ring;

typedef struct wkt_poly {
    wkt_ring *r;
    int n, cap;
} wkt_poly;

typedef struct wkt_geom {
    wkt_poly *p;
    int n, cap;
    bool multi;
} wkt_geom;

static void wkt_free(wkt_geom *g) {
    for (int i = 0; i < g->n; i++) {
        for (int j = 0; j < g->p[i].n; j++) free(g->p[i].r[j].p);
        free(g->p[i].r);
    }
    free(g->p);
    memset(g, 0, sizeof *g);
}

static int wkt_fail_at(wkt_src *w, size_t at, const char *fmt, const char *a) {
    if (at > w->len) at = w->len;
    char msg[400];
    snprintf(msg, sizeof msg, fmt, a);
    return pl_error_set(w->err, w->file, w->line[at], w->col[at], "%s", msg);
}

static void skip_ws(wkt_src *w) {
    while (w->pos < w->len && (w->s[w->pos] == ' ' || w->s[w->pos] == '\t' || w->s[w->pos] == '\n')) w->pos++;
}

static int expect_char(wkt_src *w, char ch, const char *what) {
    skip_ws(w);
    if (w->pos < w->len && w->s[w->pos] == ch) {
        w->pos++;
        return 0;
    }
    return wkt_fail_at(w, w->pos, "expected %s", what);
}

/* A word of letters (upper-cased into buf). */
static size_t read_word(wkt_src *w, char *buf, size_t n) {
    skip_ws(w);
    size_t k = 0;
    while (w->pos < w->len && isalpha((unsigned char)w->s[w->pos])) {
        if (k + 1 < n) buf[k++] = (char)toupper((unsigned char)w->s[w->pos]);
        w->pos++;
    }
    buf[k] = '\0';
    return k;
}

static int read_number(wkt_src *w, double *out) {
    skip_ws(w);
    size_t at = w->pos;
    const char *p = w->s + at;
    if (!(isdigit((unsigned char)*p) || *p == '-' || *p == '+' || *p == '.'))
        return wkt_fail_at(w, at, "expected a number%s", "");
    char *end;
    double v = strtod(p, &end);
    if (end == p) return wkt_fail_at(w, at, "expected a number%s", "");
    if (!isfinite(v)) return wkt_fail_at(w, at, "expected a finite number%s", "");
    w->pos = at + (size_t)(end - p);
    *out = v;
    return 0;
}

static int read_ring(wkt_src *w, wkt_ring *r) {
    size_t open = (skip_ws(w), w->pos);
    if (expect_char(w, '(', "'(' opening a ring")) return -1;
    for (;;) {
        wkt_pt pt;
        skip_ws(w);
        pt.at = w->pos;
        if (read_number(w, &pt.x) || read_number(w, &pt.y)) return -1;
        if (pt.x < 0 || pt.x > 1 || pt.y < 0 || pt.y > 1) {
            char b[96], bx[PL_DOUBLE_CHARS], by[PL_DOUBLE_CHARS];
            snprintf(b, sizeof b, "%s %s", pl_double_text(pt.x, bx), pl_double_text(pt.y, by));
            return wkt_fail_at(w, pt.at, "point (%s) lies outside the unit square [0,1]x[0,1]", b);
        }
        if (r->n == r->cap) {
            r->cap = r->cap ? 2 * r->cap : 8;
            r->p = pl_xrealloc(r->p, (size_t)r->cap * sizeof *r->p);
        }
        r->p[r->n++] = pt;
        skip_ws(w);
        if (w->pos < w->len && w->s[w->pos] == ',') {
            w->pos++;
            continue;
        }
        if (w->pos < w->len && w->s[w->pos] == ')') {
            w->pos++;
            break;
        }
        return wkt_fail_at(w, w->pos, "expected ',' or ')' after a point%s", "");
    }
    if (r->n < 4) return wkt_fail_at(w, open, "a ring needs at least 4 points (a closed triangle)%s", "");
    wkt_pt *a = &r->p[0], *b = &r->p[r->n - 1];
    if (a->x != b->x || a->y != b->y)
        return wkt_fail_at(w, b->at, "the ring is not closed: its last point must repeat its first%s", "");
    return 0;
}

static int read_polygon_text(wkt_src *w, wkt_poly *p) {
    if (expect_char(w, '(', "'(' opening a polygon")) return -1;
    for (;;) {
        if (p->n == p->cap) {
            p->cap = p->cap ? 2 * p->cap : 2;
            p->r = pl_xrealloc(p->r, (size_t)p->cap * sizeof *p->r);
        }
        memset(&p->r[p->n], 0, sizeof p->r[p->n]);
        if (read_ring(w, &p->r[p->n++])) return -1;
        skip_ws(w);
        if (w->pos < w->len && w->s[w->pos] == ',') {
            w->pos++;
            continue;
        }
        return expect_char(w, ')', "',' or ')' after a ring");
    }
}

static wkt_poly *add_poly(wkt_geom *g) {
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 2;
        g->p = pl_xrealloc(g->p, (size_t)g->cap * sizeof *g->p);
    }
    memset(&g->p[g->n], 0, sizeof g->p[g->n]);
    return &g->p[g->n++];
}

static int read_wkt(wkt_src *w, wkt_geom *g) {
    char word[16];
    skip_ws(w);
    size_t at = w->pos;
    if (at >= w->len) return wkt_fail_at(w, at, "expected the target as WKT: POLYGON or MULTIPOLYGON%s", "");
    read_word(w, word, sizeof word);
    if (strcmp(word, "POLYGON") && strcmp(word, "MULTIPOLYGON"))
        return wkt_fail_at(w, at, "expected the target as WKT: POLYGON or MULTIPOLYGON%s", "");
    g->multi = word[0] == 'M';
    size_t here = (skip_ws(w), w->pos);
    char e[8];
    size_t save = w->pos;
    read_word(w, e, sizeof e);
    if (strcmp(e, "EMPTY") == 0) return wkt_fail_at(w, here, "the target is empty (there is nothing to cut out)%s", "");
    if (strcmp(e, "Z") == 0 || strcmp(e, "M") == 0 || strcmp(e, "ZM") == 0)
        return wkt_fail_at(w, here, "the target is two-dimensional (no Z or M coordinates)%s", "");
    w->pos = save;
    if (!g->multi) {
        if (read_polygon_text(w, add_poly(g))) return -1;
    } else {
        if (expect_char(w, '(', "'(' opening the multipolygon")) return -1;
        for (;;) {
            if (read_polygon_text(w, add_poly(g))) return -1;
            skip_ws(w);
            if (w->pos < w->len && w->s[w->pos] == ',') {
                w->pos++;
                continue;
            }
            if (expect_char(w, ')', "',' or ')' after a polygon")) return -1;
            break;
        }
    }
    skip_ws(w);
    if (w->pos < w->len) return wkt_fail_at(w, w->pos, "unexpected text after the geometry%s", "");
    return 0;
}

static GEOSGeometry *ring_geom(GEOSContextHandle_t ctx, const double *xy, int n) {
    GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, xy, (unsigned)n, 0, 0);
    return cs ? GEOSGeom_createLinearRing_r(ctx, cs) : NULL;
}

GEOSGeometry *snip_polys_to_geom(GEOSContextHandle_t ctx, const snip_polys *p) {
    GEOSGeometry **polys = pl_xcalloc(p->npieces ? (size_t)p->npieces : 1, sizeof *polys);
    for (int i = 0; i < p->npieces; i++) {
        const snip_piece *pc = &p->pieces[i];
        GEOSGeometry *shell = ring_geom(ctx, pc->rings[0].xy, pc->rings[0].n);
        GEOSGeometry **holes = pl_xcalloc(pc->nrings, sizeof *holes);
        for (int r = 1; r < pc->nrings; r++) holes[r - 1] = ring_geom(ctx, pc->rings[r].xy, pc->rings[r].n);
        polys[i] = GEOSGeom_createPolygon_r(ctx, shell, holes, (unsigned)(pc->nrings - 1));
        free(holes);
    }
    GEOSGeometry *g =
        p->npieces == 1 ? polys[0] : GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, polys, (unsigned)p->npieces);
    free(polys);
    return g;
}

static void wkt_to_polys(const wkt_geom *g, snip_polys *out) {
    out->npieces = g->n;
    out->pieces = pl_xcalloc((size_t)g->n, sizeof *out->pieces);
    for (int i = 0; i < g->n; i++) {
        snip_piece *pc = &out->pieces[i];
        pc->nrings = g->p[i].n;
        pc->rings = pl_xcalloc((size_t)pc->nrings, sizeof *pc->rings);
        for (int r = 0; r < pc->nrings; r++) {
            const wkt_ring *wr = &g->p[i].r[r];
            pc->rings[r].n = wr->n;
            pc->rings[r].xy = pl_xmalloc((size_t)wr->n * 2 * sizeof(double));
            for (int k = 0; k < wr->n; k++) {
                pc->rings[r].xy[2 * k] = wr->p[k].x;
                pc->rings[r].xy[2 * k + 1] = wr->p[k].y;
            }
        }
    }
}

/* The input point nearest (x, y): where an invalidity is reported. */
static size_t nearest_point(const wkt_geom *g, double x, double y) {
    double best = INFINITY;
    size_t at = 0;
    for (int i = 0; i < g->n; i++)
        for (int r = 0; r < g->p[i].n; r++)
            for (int k = 0; k < g->p[i].r[r].n; k++) {
                const wkt_pt *p = &g->p[i].r[r].p[k];
                double d = hypot(p->x - x, p->y - y);
                if (d < best) {
                    best = d;
                    at = p->at;
                }
            }
    return at;
}

static snip_level *level_new(snip_model model) {
    snip_level *l = pl_xcalloc(1, sizeof *l);
    l->model = model;
    l->leaf_max = model == SNIP_DISCONNECTED ? SNIP_LEAF_MAX : SNIP_LEAF_MAX_CONNECTED;
    l->clip_min = SNIP_CLIP_MIN;
    l->ctx = snip_geos_new(l);
    l->square = snip_square(l->ctx, 0, 0, 1, 1);
    return l;
}

void snip_level_free(snip_level *l) {
    if (!l) return;
    if (l->target) GEOSGeom_destroy_r(l->ctx, l->target);
    if (l->target2) GEOSGeom_destroy_r(l->ctx, l->target2);
    if (l->square) GEOSGeom_destroy_r(l->ctx, l->square);
    GEOS_finish_r(l->ctx);
    free(l);
}

snip_model snip_level_model(const snip_level *l) {
    return l->model;
}

int snip_level_target(const snip_level *l, snip_polys *out) {
    return snip_geom_polys(l->ctx, l->target, out);
}

bool snip_level_has_target2(const snip_level *l) {
    return l->target2 != NULL;
}

int snip_level_target2(const snip_level *l, snip_polys *out) {
    if (!l->target2) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    return snip_geom_polys(l->ctx, l->target2, out);
}

bool snip_level_undo(const snip_level *l) {
    return l->undo;
}

/* Parses the WKT of w into *dst (l->target, or l->target2); errors with
 * places. */
static int build_target(snip_level *l, wkt_src *w, GEOSGeometry **dst) {
    wkt_geom g = {0};
    if (read_wkt(w, &g)) {
        wkt_free(&g);
        return -1;
    }
    snip_polys p;
    wkt_to_polys(&g, &p);
    GEOSGeometry *geom = snip_polys_to_geom(l->ctx, &p);
    snip_polys_free(&p);
    if (!geom) {
        wkt_free(&g);
        return pl_error_set(w->err, w->file, w->line[0], w->col[0], "bad geometry: %s", l->geos_msg);
    }
    char *reason = NULL;
    GEOSGeometry *loc = NULL;
    char valid = GEOSisValidDetail_r(l->ctx, geom, 0, &reason, &loc);
    if (valid != 1) {
        double x = 0, y = 0;
        if (loc) GEOSGeomGetX_r(l->ctx, loc, &x), GEOSGeomGetY_r(l->ctx, loc, &y);
        size_t at = nearest_point(&g, x, y);
        char msg[400], bx[PL_DOUBLE_CHARS], by[PL_DOUBLE_CHARS];
        snprintf(msg, sizeof msg, "invalid target: %.200s near (%s %s)", valid == 0 && reason ? reason : l->geos_msg,
                 pl_double_text(x, bx), pl_double_text(y, by));
        if (reason) GEOSFree_r(l->ctx, reason);
        if (loc) GEOSGeom_destroy_r(l->ctx, loc);
        GEOSGeom_destroy_r(l->ctx, geom);
        wkt_fail_at(w, at, "%s", msg);
        wkt_free(&g);
        return -1;
    }
    if (reason) GEOSFree_r(l->ctx, reason);
    if (loc) GEOSGeom_destroy_r(l->ctx, loc);
    for (int i = 0; i < g.n; i++) {
        const GEOSGeometry *pc = g.n == 1 ? geom : GEOSGetGeometryN_r(l->ctx, geom, i);
        double a = 0;
        GEOSArea_r(l->ctx, pc, &a);
        if (!(a > 0)) {
            GEOSGeom_destroy_r(l->ctx, geom);
            size_t at = g.p[i].r[0].p[0].at;
            wkt_free(&g);
            return wkt_fail_at(w, at, "a polygon of the target has zero area%s", "");
        }
    }
    wkt_free(&g);
    GEOSNormalize_r(l->ctx, geom);
    *dst = geom;
    return 0;
}

snip_level *snip_level_from_wkt(const char *wkt, snip_model model, pl_error *err) {
    snip_level *l = level_new(model);
    size_t len = strlen(wkt);
    wkt_src w = {
        pl_xstrdup(wkt), len, 0, pl_xmalloc((len + 1) * sizeof(int)), pl_xmalloc((len + 1) * sizeof(int)), "", err};
    int line = 1, col = 1;
    for (size_t i = 0; i <= len; i++) {
        w.line[i] = line;
        w.col[i] = col;
        if (i < len && wkt[i] == '\n')
            line++, col = 1;
        else
            col++;
    }
    int rc = build_target(l, &w, &l->target);
    free(w.s);
    free(w.line);
    free(w.col);
    if (rc) {
        snip_level_free(l);
        return NULL;
    }
    return l;
}

/* The WKT of section s (its rows joined by newlines, each byte keeping its
 * line and column) into *dst. */
static int section_target(snip_level *l, const pl_level_text *lt, const pl_section *s, GEOSGeometry **dst,
                          pl_error *err) {
    size_t len = 0;
    for (int i = 0; i < s->nrows; i++) len += (size_t)s->rows[i].len + 1;
    wkt_src w = {pl_xmalloc(len + 1),
                 len,
                 0,
                 pl_xmalloc((len + 1) * sizeof(int)),
                 pl_xmalloc((len + 1) * sizeof(int)),
                 lt->file,
                 err};
    size_t k = 0;
    for (int i = 0; i < s->nrows; i++) {
        const pl_row *r = &s->rows[i];
        for (int c = 0; c <= r->len; c++, k++) {
            w.s[k] = c < r->len ? r->text[c] : '\n';
            w.line[k] = r->line;
            w.col[k] = c + 1;
        }
    }
    w.s[len] = '\0';
    w.line[len] = s->rows[s->nrows - 1].line;
    w.col[len] = s->rows[s->nrows - 1].len + 1;
    for (size_t i = 0; i < len; i++)
        if (w.s[i] == '\t') w.s[i] = ' ';
    int rc = build_target(l, &w, dst);
    free(w.s);
    free(w.line);
    free(w.col);
    return rc;
}

/* A yes/no header: 0 (absent: def), or -1 with the place of the value. */
static int yes_no(const pl_level_text *lt, const char *key, bool def, bool *out, pl_error *err) {
    const pl_header *h = pl_level_header(lt, key);
    *out = def;
    if (!h) return 0;
    if (strcmp(h->value, "yes") == 0)
        *out = true;
    else if (strcmp(h->value, "no") == 0)
        *out = false;
    else
        return pl_error_set(err, lt->file, h->line, h->value_col, "%s: expected yes or no, got '%s'", key, h->value);
    return 0;
}

snip_level *snip_level_parse(const pl_level_text *lt, pl_error *err) {
    static const char *const keys[] = {"model", "undo", NULL};
    static const char *const sections[] = {"board", "target1", "target2", NULL};
    if (pl_level_text_check(lt, keys, NULL, sections, err)) return NULL;
    snip_model model = SNIP_DISCONNECTED;
    const pl_header *h = pl_level_header(lt, "model");
    if (h) {
        if (strcmp(h->value, "connected") == 0)
            model = SNIP_CONNECTED;
        else if (strcmp(h->value, "disconnected") == 0)
            model = SNIP_DISCONNECTED;
        else {
            pl_error_set(err, lt->file, h->line, h->value_col, "model: expected connected or disconnected, got '%s'",
                         h->value);
            return NULL;
        }
    }
    bool undo;
    if (yes_no(lt, "undo", false, &undo, err)) return NULL;
    /* tool 1's target: the rows before any section line (section board), or
     * an explicit section target1: (not both) */
    const pl_section *s = pl_level_section(lt, "board"), *s1 = pl_level_section(lt, "target1"),
                     *s2 = pl_level_section(lt, "target2");
    if (s && s1 && s->nrows > 0) {
        pl_error_set(err, lt->file, s1->line, 1,
                     "section 'target1' repeats tool 1's target (the rows at line %d already give it)",
                     s->rows[0].line);
        return NULL;
    }
    if (s1) s = s1;
    int last_line = 1;
    for (int i = 0; i < lt->nheaders; i++)
        if (lt->headers[i].line > last_line) last_line = lt->headers[i].line;
    if (!s || s->nrows == 0) {
        pl_error_set(err, lt->file, s ? s->line : s2 ? s2->line : last_line, 1,
                     "expected the target as WKT: POLYGON or MULTIPOLYGON");
        return NULL;
    }
    if (s2 && s2->nrows == 0) {
        pl_error_set(err, lt->file, s2->line, 1, "expected tool 2's target as WKT after 'target2:': POLYGON or MULTIPOLYGON");
        return NULL;
    }
    snip_level *l = level_new(model);
    l->undo = undo;
    if (section_target(l, lt, s, &l->target, err) || (s2 && section_target(l, lt, s2, &l->target2, err))) {
        snip_level_free(l);
        return NULL;
    }
    return l;
}

/* ---------- parameters ---------- */

long snip_thm3_bound(long n) {
    return 3 + 11 * n;
}
/* n+1 regions (one per distinct L-infinity distance, and the innermost
 * square), at most 3n + 6 free triangles in each (all vertices of the free
 * space of a region lie on its two L-shaped boundaries), each removed with at
 * most SNIP_THM5_PER_TRIANGLE operations. */
long snip_thm5_bound(long n) {
    return SNIP_THM5_PER_TRIANGLE * (n + 1) * (3 * n + 6);
}

static double seg_dist(double px, double py, double ax, double ay, double bx, double by) {
    double dx = bx - ax, dy = by - ay, L = dx * dx + dy * dy;
    double t = L > 0 ? ((px - ax) * dx + (py - ay) * dy) / L : 0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    return hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/* h, the smallest distance from a vertex to an edge not incident to it, by
 * nearest-neighbour queries in a GEOS STR-tree of the edges' envelopes (the
 * pairwise scan was O(n^2): over 200 s of `info` on 10^5 vertices). The
 * query's distance is the exact point-segment distance, with the two edges
 * incident to the vertex made infinitely far, so the branch and bound never
 * returns them while another edge exists. */
typedef struct h_ctx {
    const double *vx, *vy;
    const int *nxt;
    const int *edge_ids; /* tree items point into this array (edge u: u -> nxt u) */
    int total;
} h_ctx;

static int h_distance(const void *a, const void *b, double *d, void *userdata) {
    const h_ctx *h = userdata;
    const int *ia = a, *ib = b;
    /* one item is a tree edge (inside edge_ids), the other the query vertex */
    bool a_edge = ia >= h->edge_ids && ia < h->edge_ids + h->total;
    int u = a_edge ? *ia : *ib, v = a_edge ? *ib : *ia;
    if (u == v || h->nxt[u] == v)
        *d = INFINITY;
    else
        *d = seg_dist(h->vx[v], h->vy[v], h->vx[u], h->vy[u], h->vx[h->nxt[u]], h->vy[h->nxt[u]]);
    return 1;
}

static double min_vertex_edge_distance(GEOSContextHandle_t ctx, const double *vx, const double *vy, const int *nxt,
                                       int total) {
    double best = INFINITY;
    if (total < 3) return best;
    int *ids = pl_xmalloc((size_t)total * sizeof *ids), *vids = pl_xmalloc((size_t)total * sizeof *vids);
    GEOSGeometry **env = pl_xcalloc((size_t)total, sizeof *env);
    GEOSSTRtree *tree = GEOSSTRtree_create_r(ctx, 10);
    bool ok = tree != NULL;
    for (int u = 0; u < total && ok; u++) {
        ids[u] = vids[u] = u;
        int w = nxt[u];
        env[u] = GEOSGeom_createRectangle_r(ctx, fmin(vx[u], vx[w]), fmin(vy[u], vy[w]), fmax(vx[u], vx[w]),
                                            fmax(vy[u], vy[w]));
        ok = env[u] != NULL;
        if (ok) GEOSSTRtree_insert_r(ctx, tree, env[u], &ids[u]);
    }
    h_ctx h = {vx, vy, nxt, ids, total};
    for (int v = 0; v < total && ok; v++) {
        GEOSGeometry *pt = GEOSGeom_createPointFromXY_r(ctx, vx[v], vy[v]);
        const int *near = pt ? GEOSSTRtree_nearest_generic_r(ctx, tree, &vids[v], pt, h_distance, &h) : NULL;
        if (pt) GEOSGeom_destroy_r(ctx, pt);
        if (!near) {
            ok = false;
            break;
        }
        double d;
        h_distance(near, &vids[v], &d, &h);
        if (d < best) best = d;
    }
    if (tree) GEOSSTRtree_destroy_r(ctx, tree);
    for (int u = 0; u < total; u++)
        if (env[u]) GEOSGeom_destroy_r(ctx, env[u]);
    free(env);
    free(vids);
    if (!ok) { /* GEOS failed (out of memory): the pairwise scan */
        best = INFINITY;
        for (int v = 0; v < total; v++)
            for (int u = 0; u < total; u++) {
                if (u == v || nxt[u] == v) continue;
                double d = seg_dist(vx[v], vy[v], vx[u], vy[u], vx[nxt[u]], vy[nxt[u]]);
                if (d < best) best = d;
            }
    }
    free(ids);
    return best;
}

static void geom_params(const snip_level *l, const GEOSGeometry *g, snip_params *p) {
    memset(p, 0, sizeof *p);
    snip_polys t;
    snip_geom_polys(l->ctx, g, &t);
    GEOSArea_r(l->ctx, g, &p->area);
    p->pieces = t.npieces;
    p->min_angle = 180;
    p->h = INFINITY;
    p->min_edge = INFINITY;
    /* Flatten the edges: ring k's vertices first..first+m-1. */
    int total = 0;
    for (int i = 0; i < t.npieces; i++) {
        p->holes += t.pieces[i].nrings - 1;
        for (int r = 0; r < t.pieces[i].nrings; r++) total += t.pieces[i].rings[r].n - 1;
    }
    p->vertices = total;
    double *vx = pl_xmalloc((size_t)(total ? total : 1) * sizeof *vx),
           *vy = pl_xmalloc((size_t)(total ? total : 1) * sizeof *vy);
    int *nxt = pl_xmalloc((size_t)(total ? total : 1) * sizeof *nxt),
        *prv = pl_xmalloc((size_t)(total ? total : 1) * sizeof *prv);
    int k = 0;
    bool cls[80] = {false};
    for (int i = 0; i < t.npieces; i++)
        for (int r = 0; r < t.pieces[i].nrings; r++) {
            const snip_ring *rg = &t.pieces[i].rings[r];
            int m = rg->n - 1, first = k;
            for (int j = 0; j < m; j++, k++) {
                vx[k] = rg->xy[2 * j];
                vy[k] = rg->xy[2 * j + 1];
                nxt[k] = first + (j + 1) % m;
                prv[k] = first + (j + m - 1) % m;
            }
        }
    for (int v = 0; v < total; v++) {
        double ax = vx[prv[v]] - vx[v], ay = vy[prv[v]] - vy[v], bx = vx[nxt[v]] - vx[v], by = vy[nxt[v]] - vy[v];
        double ang = fabs(atan2(ax * by - ay * bx, ax * bx + ay * by)) * 180.0 / SNIP_PI;
        if (ang < p->min_angle) p->min_angle = ang;
        double len = hypot(bx, by);
        if (len < p->min_edge) p->min_edge = len;
        /* a zero-length edge (a repeated vertex) is in the finest class:
         * -log2(0) is infinite, and converting it to int undefined */
        double lg = len > 0 ? floor(-log2(len)) : 79;
        int c = len > 1 ? 0 : 1 + (int)(lg < 79 ? lg : 79);
        if (c < 0) c = 0;
        if (c > 79) c = 79;
        cls[c] = true;
    }
    p->h = min_vertex_edge_distance(l->ctx, vx, vy, nxt, total);
    for (int c = 0; c < 80; c++) p->length_classes += cls[c];
    if (!isfinite(p->h)) p->h = p->min_edge;
    p->thm3_bound = snip_thm3_bound(total);
    p->thm5_bound = snip_thm5_bound(total);
    free(vx);
    free(vy);
    free(nxt);
    free(prv);
    snip_polys_free(&t);
}

void snip_level_params(const snip_level *l, snip_params *p) {
    geom_params(l, l->target, p);
}

void snip_level_params2(const snip_level *l, snip_params *p) {
    if (l->target2)
        geom_params(l, l->target2, p);
    else
        memset(p, 0, sizeof *p);
}

/* ---------- moves ---------- */

typedef struct tok {
    const char *s;
    int len, col;
} tok;

static int tokenize(const char *text, tok *t, int max) {
    int n = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        const char *q = p;
        while (*q && *q != ' ' && *q != '\t') q++;
        if (n < max) t[n] = (tok){p, (int)(q - p), (int)(p - text) + 1};
        n++;
        p = q;
    }
    return n;
}

static int bad(char *why, size_t n, int *col, int c, const char *fmt, const tok *t) {
    if (t)
        snprintf(why, n, fmt, t->len, t->s);
    else
        snprintf(why, n, "%s", fmt);
    *col = c;
    return -1;
}

static int tool_of(const tok *t, int *out, char *why, size_t n, int *col) {
    if (t->len == 1 && (t->s[0] == '1' || t->s[0] == '2')) {
        *out = t->s[0] - '0';
        return 0;
    }
    return bad(why, n, col, t->col, "expected tool 1 or 2, got '%.*s'", t);
}

static int number_of(const tok *t, double *out, char *why, size_t n, int *col) {
    char buf[64];
    if (t->len >= (int)sizeof buf) return bad(why, n, col, t->col, "expected a number, got '%.*s'", t);
    memcpy(buf, t->s, (size_t)t->len);
    buf[t->len] = '\0';
    char *end;
    double v = strtod(buf, &end);
    if (end == buf || *end || !(isdigit((unsigned char)buf[0]) || buf[0] == '-' || buf[0] == '+' || buf[0] == '.'))
        return bad(why, n, col, t->col, "expected a number, got '%.*s'", t);
    if (!isfinite(v)) return bad(why, n, col, t->col, "expected a finite number, got '%.*s'", t);
    *out = v;
    return 0;
}

int snip_move_parse(const char *text, snip_move *m, char *why, size_t n, int *col) {
    tok t[8];
    int k = tokenize(text, t, 8);
    memset(m, 0, sizeof *m);
    if (k == 0)
        return bad(why, n, col, 1, "expected a move: snip A B theta tx ty, keep A x y, reset A or undo A", NULL);
    int want;
    if (t[0].len == 4 && memcmp(t[0].s, "snip", 4) == 0)
        m->kind = SNIP_MOVE_SNIP, want = 6;
    else if (t[0].len == 4 && memcmp(t[0].s, "keep", 4) == 0)
        m->kind = SNIP_MOVE_KEEP, want = 4;
    else if (t[0].len == 5 && memcmp(t[0].s, "reset", 5) == 0)
        m->kind = SNIP_MOVE_RESET, want = 2;
    else if (t[0].len == 4 && memcmp(t[0].s, "undo", 4) == 0)
        m->kind = SNIP_MOVE_UNDO, want = 2;
    else
        return bad(why, n, col, t[0].col, "expected snip, keep, reset or undo, got '%.*s'", &t[0]);
    if (k > want) return bad(why, n, col, t[want].col, "unexpected '%.*s' after the move", &t[want]);
    if (k < want) {
        static const char *const usage[] = {"snip A B theta tx ty", "keep A x y", "reset A", "undo A"};
        snprintf(why, n, "incomplete move: expected %s", usage[m->kind]);
        *col = (int)strlen(text) + 1;
        return -1;
    }
    if (tool_of(&t[1], &m->a, why, n, col)) return -1;
    if (m->kind == SNIP_MOVE_SNIP) {
        if (tool_of(&t[2], &m->b, why, n, col) || number_of(&t[3], &m->theta, why, n, col) ||
            number_of(&t[4], &m->tx, why, n, col) || number_of(&t[5], &m->ty, why, n, col))
            return -1;
    } else if (m->kind == SNIP_MOVE_KEEP) {
        if (number_of(&t[2], &m->x, why, n, col) || number_of(&t[3], &m->y, why, n, col)) return -1;
    }
    return 0;
}

/* Numbers in the shortest form that reads back as the same double (90.25,
 * not 90.249999999999986): the move replays exactly as it was built. */
void snip_move_format(const snip_move *m, char *buf, size_t n) {
    char x[3][PL_DOUBLE_CHARS];
    if (m->kind == SNIP_MOVE_SNIP)
        snprintf(buf, n, "snip %d %d %s %s %s", m->a, m->b, pl_double_text(m->theta, x[0]), pl_double_text(m->tx, x[1]),
                 pl_double_text(m->ty, x[2]));
    else if (m->kind == SNIP_MOVE_KEEP)
        snprintf(buf, n, "keep %d %s %s", m->a, pl_double_text(m->x, x[0]), pl_double_text(m->y, x[1]));
    else if (m->kind == SNIP_MOVE_RESET)
        snprintf(buf, n, "reset %d", m->a);
    else
        snprintf(buf, n, "undo %d", m->a);
}
