/* Snipperclips rules: tools as polygonal domains, rigid placements, snip,
 * keep and reset, and the final comparison with the target. Pure: no I/O.
 *
 * Precision. A tool is the result of overlays only (the square minus placed
 * tools), so every snip is computed by GEOS's OverlayNG with the fixed
 * precision model of grid SNIP_GRID (2^-46): snap-rounding makes the overlay
 * total (it never throws a TopologyException and always returns valid
 * polygons), and the tools' coordinates stay on one grid. The predicate "the
 * interiors overlap" is GEOS's relate (DE-9IM pattern T********) on the exact
 * floating-point inputs. A tool of more than 64 vertices is first clipped to
 * the other tool's box grown by 2^-30 (see clip_to): exact for both
 * questions in real arithmetic; in floating point only the edges that cross
 * the clip box change (they end on its sides, ~1e-16 off their line), 2^-30
 * away from the other tool, so the answers agree but for contacts at that
 * 1e-16 level. A large placed tool is then clipped once more, to the box of
 * the other tool's part under it (see tighten): the same, but for contacts
 * thinner than four grid cells along the placed tool's box. In the
 * disconnected model a tool is a quadtree of leaves
 * (below, "tools as quadtrees"). Nothing here trusts a coordinate: non-finite values
 * never reach GEOS (the move parser rejects them), placements farther than
 * the tools can reach are answered without geometry, and any GEOS failure
 * becomes an illegal move with GEOS's message, never a crash. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snip_internal.h"

static void geos_message(const char *msg, void *user) {
    snip_level *l = user;
    snprintf(l->geos_msg, sizeof l->geos_msg, "%s", msg ? msg : "unknown GEOS error");
}

static void geos_notice(const char *msg, void *user) {
    (void)msg;
    (void)user;
}

GEOSContextHandle_t snip_geos_new(snip_level *l) {
    GEOSContextHandle_t ctx = GEOS_init_r();
    GEOSContext_setErrorMessageHandler_r(ctx, geos_message, l);
    GEOSContext_setNoticeMessageHandler_r(ctx, geos_notice, l);
    return ctx;
}

GEOSGeometry *snip_square(GEOSContextHandle_t ctx, double x0, double y0, double x1, double y1) {
    double xy[10] = {x0, y0, x1, y0, x1, y1, x0, y1, x0, y0};
    GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, xy, 5, 0, 0);
    GEOSGeometry *ring = GEOSGeom_createLinearRing_r(ctx, cs);
    return GEOSGeom_createPolygon_r(ctx, ring, NULL, 0);
}

typedef struct motion {
    double c, s, tx, ty;
} motion;

static int apply_motion(double *x, double *y, void *user) {
    const motion *m = user;
    double px = *x, py = *y;
    *x = m->c * px - m->s * py + m->tx;
    *y = m->s * px + m->c * py + m->ty;
    return 1;
}

static motion make_motion(double theta, double tx, double ty) {
    double r = fmod(theta, 360.0) * (SNIP_PI / 180.0);
    motion m = {cos(r), sin(r), tx, ty};
    /* Exact quarter turns keep axis-parallel tools axis-parallel. */
    double q = fmod(theta, 90.0);
    if (q == 0.0) {
        long k = lround(fmod(theta, 360.0) / 90.0);
        k = ((k % 4) + 4) % 4;
        static const double cs[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        m.c = cs[k][0];
        m.s = cs[k][1];
    }
    return m;
}

GEOSGeometry *snip_place(GEOSContextHandle_t ctx, const GEOSGeometry *g, double theta, double tx, double ty) {
    motion m = make_motion(theta, tx, ty);
    return GEOSGeom_transformXY_r(ctx, g, apply_motion, &m);
}

int snip_geom_npieces(GEOSContextHandle_t ctx, const GEOSGeometry *g) {
    if (!g || GEOSisEmpty_r(ctx, g) == 1) return 0;
    int t = GEOSGeomTypeId_r(ctx, g);
    if (t == GEOS_POLYGON) return 1;
    int k = GEOSGetNumGeometries_r(ctx, g), n = 0;
    for (int i = 0; i < k; i++) {
        const GEOSGeometry *p = GEOSGetGeometryN_r(ctx, g, i);
        if (GEOSGeomTypeId_r(ctx, p) == GEOS_POLYGON && GEOSisEmpty_r(ctx, p) != 1) n++;
    }
    return n;
}

static const GEOSGeometry *piece_at(GEOSContextHandle_t ctx, const GEOSGeometry *g, int want) {
    if (GEOSGeomTypeId_r(ctx, g) == GEOS_POLYGON) return want == 0 ? g : NULL;
    int k = GEOSGetNumGeometries_r(ctx, g), n = 0;
    for (int i = 0; i < k; i++) {
        const GEOSGeometry *p = GEOSGetGeometryN_r(ctx, g, i);
        if (GEOSGeomTypeId_r(ctx, p) == GEOS_POLYGON && GEOSisEmpty_r(ctx, p) != 1 && n++ == want) return p;
    }
    return NULL;
}

static void ring_out(GEOSContextHandle_t ctx, const GEOSGeometry *ring, snip_ring *r) {
    const GEOSCoordSequence *cs = GEOSGeom_getCoordSeq_r(ctx, ring);
    unsigned int n = 0;
    GEOSCoordSeq_getSize_r(ctx, cs, &n);
    r->n = (int)n;
    r->xy = pl_xmalloc((n ? n : 1) * 2 * sizeof(double));
    for (unsigned int i = 0; i < n; i++) GEOSCoordSeq_getXY_r(ctx, cs, i, &r->xy[2 * i], &r->xy[2 * i + 1]);
}

int snip_geom_polys(GEOSContextHandle_t ctx, const GEOSGeometry *g, snip_polys *out) {
    memset(out, 0, sizeof *out);
    int np = snip_geom_npieces(ctx, g);
    out->pieces = pl_xcalloc(np ? (size_t)np : 1, sizeof *out->pieces);
    for (int i = 0; i < np; i++) {
        const GEOSGeometry *p = piece_at(ctx, g, i);
        int nh = GEOSGetNumInteriorRings_r(ctx, p);
        snip_piece *pc = &out->pieces[i];
        pc->nrings = nh + 1;
        pc->rings = pl_xcalloc((size_t)nh + 1, sizeof *pc->rings);
        ring_out(ctx, GEOSGetExteriorRing_r(ctx, p), &pc->rings[0]);
        for (int h = 0; h < nh; h++) ring_out(ctx, GEOSGetInteriorRingN_r(ctx, p, h), &pc->rings[h + 1]);
    }
    out->npieces = np;
    return np;
}

void snip_polys_free(snip_polys *p) {
    if (!p) return;
    for (int i = 0; i < p->npieces; i++) {
        for (int r = 0; r < p->pieces[i].nrings; r++) free(p->pieces[i].rings[r].xy);
        free(p->pieces[i].rings);
    }
    free(p->pieces);
    p->pieces = NULL;
    p->npieces = 0;
}

double snip_ring_area2(const snip_ring *rg) {
    double a2 = 0;
    for (int j = 0; j + 1 < rg->n; j++) a2 += rg->xy[2 * j] * rg->xy[2 * j + 3] - rg->xy[2 * j + 2] * rg->xy[2 * j + 1];
    return a2;
}

/* OverlayNG outside strict mode may return the lines and points of collapsed
 * parts with the polygons (a GEOMETRYCOLLECTION); a tool is the polygons. */
static GEOSGeometry *polygonal_part(GEOSContextHandle_t ctx, GEOSGeometry *g) {
    int t = GEOSGeomTypeId_r(ctx, g);
    if (t == GEOS_POLYGON || t == GEOS_MULTIPOLYGON) return g;
    int k = GEOSGetNumGeometries_r(ctx, g), n = 0, cap = 1;
    for (int i = 0; i < k; i++) cap += GEOSGetNumGeometries_r(ctx, GEOSGetGeometryN_r(ctx, g, i));
    GEOSGeometry **polys = pl_xcalloc((size_t)cap, sizeof *polys);
    for (int i = 0; i < k; i++) {
        const GEOSGeometry *p = GEOSGetGeometryN_r(ctx, g, i);
        int pt = GEOSGeomTypeId_r(ctx, p);
        if (pt == GEOS_POLYGON && GEOSisEmpty_r(ctx, p) != 1)
            polys[n++] = GEOSGeom_clone_r(ctx, p);
        else if (pt == GEOS_MULTIPOLYGON)
            for (int j = 0; j < GEOSGetNumGeometries_r(ctx, p); j++)
                polys[n++] = GEOSGeom_clone_r(ctx, GEOSGetGeometryN_r(ctx, p, j));
    }
    GEOSGeom_destroy_r(ctx, g);
    GEOSGeometry *r = n == 0   ? GEOSGeom_createEmptyPolygon_r(ctx)
                      : n == 1 ? polys[0]
                               : GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, polys, (unsigned)n);
    free(polys);
    return r;
}

/* The polygons of g inside the box [x0,x1] x [y0,y1] (GEOS's rectangle
 * clip: vertices inside kept as they are), or NULL on a GEOS failure. */
static GEOSGeometry *clip_polygons(GEOSContextHandle_t ctx, const GEOSGeometry *g, double x0, double y0, double x1,
                                   double y1) {
    GEOSGeometry *c = GEOSClipByRect_r(ctx, g, x0, y0, x1, y1);
    return c ? polygonal_part(ctx, c) : NULL;
}

/* ---------- tools as quadtrees ----------
 * A tool whose leaf passes SNIP_LEAF_MAX
 * coordinates is split in four (the cell's quarters, GEOS intersection on the
 * same grid), down to cells of side 2^-SNIP_LEAF_DEPTH. A snip then touches
 * only the leaves the placed tool's box meets, so its cost follows the tools'
 * complexity near the cut, not all of it (Theorem 5's tool 1 carries every
 * cut so far: 7,000 coordinates at n = 160). In real arithmetic the union of
 * the leaves is the tool and the answers (overlap, difference) are those of
 * the whole tool; on the grid they differ by at most a grid cell where a cut
 * crosses a cell line. The connected model's pieces (its `keep` and the
 * split that calls for one) are the connected parts of the union of the
 * leaves: polygons of neighbouring cells join where their boundaries share a
 * stretch of positive length on the common cell side (tool_pieces). */
#define SNIP_LEAF_DEPTH 8

static bool boxes_meet(const snip_box *a, const snip_box *b) {
    return !(a->x0 > b->x1 || a->x1 < b->x0 || a->y0 > b->y1 || a->y1 < b->y0);
}

/* Grows r to hold e. */
static void box_add(snip_box *r, const snip_box *e) {
    r->x0 = fmin(r->x0, e->x0), r->y0 = fmin(r->y0, e->y0), r->x1 = fmax(r->x1, e->x1), r->y1 = fmax(r->y1, e->y1);
}

static bool envelope(GEOSContextHandle_t ctx, const GEOSGeometry *g, snip_box *b) {
    return GEOSGeom_getXMin_r(ctx, g, &b->x0) && GEOSGeom_getYMin_r(ctx, g, &b->y0) &&
           GEOSGeom_getXMax_r(ctx, g, &b->x1) && GEOSGeom_getYMax_r(ctx, g, &b->y1);
}

static void tool_drop_whole(GEOSContextHandle_t ctx, snip_tool *t) {
    if (t->whole) GEOSGeom_destroy_r(ctx, t->whole);
    t->whole = NULL;
}

/* Gives g (owned) to the leaf; an empty g leaves it empty. */
static void leaf_set(GEOSContextHandle_t ctx, snip_leaf *lf, GEOSGeometry *g) {
    if (lf->g) GEOSGeom_destroy_r(ctx, lf->g);
    lf->g = NULL;
    lf->ncoords = 0;
    free(lf->side);
    lf->side = NULL;
    lf->nside = lf->npolys = 0;
    lf->sides_ok = false;
    if (!g) return;
    if (GEOSisEmpty_r(ctx, g) == 1 || !envelope(ctx, g, &lf->env)) {
        GEOSGeom_destroy_r(ctx, g);
        return;
    }
    lf->g = g;
    lf->ncoords = GEOSGetNumCoordinates_r(ctx, g);
}

static snip_leaf *tool_push(snip_tool *t, snip_box cell, int depth) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 4;
        t->leaf = pl_xrealloc(t->leaf, (size_t)t->cap * sizeof *t->leaf);
    }
    snip_leaf *lf = &t->leaf[t->n++];
    memset(lf, 0, sizeof *lf);
    lf->cell = cell;
    lf->depth = depth;
    return lf;
}

static void tool_clear(GEOSContextHandle_t ctx, snip_tool *t) {
    for (int i = 0; i < t->n; i++) {
        if (t->leaf[i].g) GEOSGeom_destroy_r(ctx, t->leaf[i].g);
        free(t->leaf[i].side);
    }
    t->n = 0;
    tool_drop_whole(ctx, t);
}

/* dst becomes a copy of src (leaf geometries cloned). */
static void tool_copy(GEOSContextHandle_t ctx, snip_tool *dst, const snip_tool *src) {
    tool_clear(ctx, dst);
    for (int i = 0; i < src->n; i++) {
        snip_leaf *lf = tool_push(dst, src->leaf[i].cell, src->leaf[i].depth);
        if (src->leaf[i].g) leaf_set(ctx, lf, GEOSGeom_clone_r(ctx, src->leaf[i].g));
    }
}

static void tool_set_square(const snip_level *l, snip_tool *t) {
    tool_clear(l->ctx, t);
    snip_leaf *lf = tool_push(t, (snip_box){0, 0, 1, 1}, 0);
    leaf_set(l->ctx, lf, GEOSGeom_clone_r(l->ctx, l->square));
}

static bool tool_empty(const snip_tool *t) {
    for (int i = 0; i < t->n; i++)
        if (t->leaf[i].g) return false;
    return true;
}

/* Splits leaf i in four while it is too large (children are appended and
 * checked in turn). A failed intersection leaves the leaf whole. */
/* Recursive: each level splits a leaf into four of depth + 1, and a leaf of
 * depth SNIP_LEAF_DEPTH (8) is never split, so at most 9 frames whatever the
 * target. */
static void tool_split(GEOSContextHandle_t ctx, snip_tool *t, int i, int max) {
    snip_leaf lf = t->leaf[i];
    if (!lf.g || max <= 0 || lf.ncoords <= max || lf.depth >= SNIP_LEAF_DEPTH) return;
    double mx = (lf.cell.x0 + lf.cell.x1) / 2, my = (lf.cell.y0 + lf.cell.y1) / 2;
    snip_box q[4] = {{lf.cell.x0, lf.cell.y0, mx, my},
                     {mx, lf.cell.y0, lf.cell.x1, my},
                     {lf.cell.x0, my, mx, lf.cell.y1},
                     {mx, my, lf.cell.x1, lf.cell.y1}};
    GEOSGeometry *part[4];
    for (int k = 0; k < 4; k++) {
        GEOSGeometry *sq = snip_square(ctx, q[k].x0, q[k].y0, q[k].x1, q[k].y1);
        part[k] = GEOSIntersectionPrec_r(ctx, lf.g, sq, SNIP_GRID);
        GEOSGeom_destroy_r(ctx, sq);
        if (!part[k]) {
            for (int j = 0; j < k; j++) GEOSGeom_destroy_r(ctx, part[j]);
            return;
        }
    }
    GEOSGeom_destroy_r(ctx, lf.g);
    t->leaf[i].g = NULL;
    for (int k = 0; k < 4; k++) {
        snip_leaf *c = k == 0 ? &t->leaf[i] : tool_push(t, q[k], lf.depth + 1);
        c->cell = q[k];
        c->depth = lf.depth + 1;
        leaf_set(ctx, c, polygonal_part(ctx, part[k]));
    }
    int n = t->n;
    tool_split(ctx, t, i, max);
    for (int k = n - 3; k < n; k++) tool_split(ctx, t, k, max);
}

/* ---------- the connected model's pieces ---------- */

static int geom_npolys(GEOSContextHandle_t ctx, const GEOSGeometry *g) {
    return GEOSGeomTypeId_r(ctx, g) == GEOS_POLYGON ? 1 : GEOSGetNumGeometries_r(ctx, g);
}

static const GEOSGeometry *geom_poly(GEOSContextHandle_t ctx, const GEOSGeometry *g, int k) {
    return GEOSGeomTypeId_r(ctx, g) == GEOS_POLYGON ? g : GEOSGetGeometryN_r(ctx, g, k);
}

static void side_push(snip_leaf *lf, int *cap, double c, double a, double b, int poly, int vert, int plus) {
    if (lf->nside == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        lf->side = pl_xrealloc(lf->side, (size_t)*cap * sizeof *lf->side);
    }
    lf->side[lf->nside++] = (snip_side){c, fmin(a, b), fmax(a, b), poly, (unsigned char)vert, (unsigned char)plus};
}

/* The stretches of the leaf's boundary on its cell's sides: segments whose
 * two ends lie on the side's line (exactly: the sides are on the grid, and
 * snap-rounding keeps a segment on a grid line on it). */
static void leaf_sides(GEOSContextHandle_t ctx, snip_leaf *lf) {
    if (lf->sides_ok) return;
    free(lf->side);
    lf->side = NULL;
    lf->nside = lf->npolys = 0;
    lf->sides_ok = true;
    if (!lf->g) return;
    lf->npolys = geom_npolys(ctx, lf->g);
    int cap = 0;
    const snip_box *cb = &lf->cell;
    double *xy = NULL;
    size_t xycap = 0;
    for (int k = 0; k < lf->npolys; k++) {
        const GEOSGeometry *p = geom_poly(ctx, lf->g, k);
        if (GEOSisEmpty_r(ctx, p) == 1) continue;
        int nr = 1 + GEOSGetNumInteriorRings_r(ctx, p);
        for (int r = 0; r < nr; r++) {
            const GEOSGeometry *ring = r == 0 ? GEOSGetExteriorRing_r(ctx, p) : GEOSGetInteriorRingN_r(ctx, p, r - 1);
            const GEOSCoordSequence *cs = ring ? GEOSGeom_getCoordSeq_r(ctx, ring) : NULL;
            unsigned int n = 0;
            if (!cs || !GEOSCoordSeq_getSize_r(ctx, cs, &n) || n < 2) continue;
            if (2 * (size_t)n > xycap) {
                xycap = 2 * (size_t)n;
                xy = pl_xrealloc(xy, xycap * sizeof *xy);
            }
            if (!GEOSCoordSeq_copyToBuffer_r(ctx, cs, xy, 0, 0)) continue;
            for (unsigned int i = 0; i + 1 < n; i++) {
                double x0 = xy[2 * i], y0 = xy[2 * i + 1], x1 = xy[2 * i + 2], y1 = xy[2 * i + 3];
                if (x0 == x1 && y0 != y1) {
                    if (x0 == cb->x0) side_push(lf, &cap, x0, y0, y1, k, 1, 1);
                    if (x0 == cb->x1) side_push(lf, &cap, x0, y0, y1, k, 1, 0);
                } else if (y0 == y1 && x0 != x1) {
                    if (y0 == cb->y0) side_push(lf, &cap, y0, x0, x1, k, 0, 1);
                    if (y0 == cb->y1) side_push(lf, &cap, y0, x0, x1, k, 0, 0);
                }
            }
        }
    }
    free(xy);
}

typedef struct side_ref {
    const snip_side *s;
    int node;
} side_ref;

static int side_cmp(const void *a, const void *b) {
    const snip_side *p = ((const side_ref *)a)->s, *q = ((const side_ref *)b)->s;
    if (p->vert != q->vert) return p->vert < q->vert ? -1 : 1;
    if (p->c != q->c) return p->c < q->c ? -1 : 1;
    if (p->lo != q->lo) return p->lo < q->lo ? -1 : 1;
    return p->plus < q->plus ? -1 : p->plus > q->plus;
}

static int uf_find(int *up, int x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
}

/* The pieces of a tool in leaves: its leaves' polygons (nodes base[i] + k
 * for polygon k of leaf i), joined where two of them lie on the two sides of
 * a cell line and their stretches on it overlap by a positive length. On one
 * side of a line the stretches do not overlap (the cells along it are
 * disjoint, and so are the polygons of a leaf), so a sweep along the line
 * that remembers, for each side, the stretch reaching farthest meets every
 * overlapping pair. Returns the number of pieces; with root, *root (owned)
 * gives each node's piece (a representative node) and *base the leaves'
 * first nodes, -1 for an empty polygon. O(s log s) for s stretches, after
 * O(coordinates) for each leaf changed since the last call. */
static int tool_pieces(GEOSContextHandle_t ctx, snip_tool *t, int **root, int **base) {
    int *b = pl_xcalloc((size_t)t->n + 1, sizeof *b), total = 0, nsides = 0;
    for (int i = 0; i < t->n; i++) {
        leaf_sides(ctx, &t->leaf[i]);
        b[i] = total;
        total += t->leaf[i].npolys;
        nsides += t->leaf[i].nside;
    }
    b[t->n] = total;
    int *up = pl_xcalloc((size_t)total + 1, sizeof *up);
    for (int x = 0; x < total; x++) up[x] = x;
    side_ref *sr = pl_xcalloc((size_t)nsides + 1, sizeof *sr);
    int m = 0;
    for (int i = 0; i < t->n; i++)
        for (int j = 0; j < t->leaf[i].nside; j++)
            sr[m++] = (side_ref){&t->leaf[i].side[j], b[i] + t->leaf[i].side[j].poly};
    qsort(sr, (size_t)m, sizeof *sr, side_cmp);
    for (int g0 = 0; g0 < m;) {
        int g1 = g0;
        while (g1 < m && sr[g1].s->vert == sr[g0].s->vert && sr[g1].s->c == sr[g0].s->c) g1++;
        int far[2] = {-1, -1};
        for (int j = g0; j < g1; j++) {
            const snip_side *p = sr[j].s;
            int o = far[!p->plus];
            if (o >= 0 && fmin(sr[o].s->hi, p->hi) > p->lo) {
                int x = uf_find(up, sr[j].node), y = uf_find(up, sr[o].node);
                if (x != y) up[x] = y;
            }
            if (far[p->plus] < 0 || p->hi > sr[far[p->plus]].s->hi) far[p->plus] = j;
        }
        g0 = g1;
    }
    free(sr);
    int pieces = 0;
    for (int i = 0; i < t->n; i++)
        for (int k = 0; k < t->leaf[i].npolys; k++) {
            int x = b[i] + k;
            if (GEOSisEmpty_r(ctx, geom_poly(ctx, t->leaf[i].g, k)) == 1)
                up[x] = -1;
            else if (uf_find(up, x) == x)
                pieces++;
        }
    for (int x = 0; x < total; x++)
        if (up[x] >= 0) up[x] = uf_find(up, x);
    if (root) {
        *root = up;
        *base = b;
    } else {
        free(up);
        free(b);
    }
    return pieces;
}

/* The connected model after a snip: when the tool has several pieces and
 * some of them are larger than SNIP_SLIVER in area, the others go (a cut
 * along a cell side can leave a strip a grid cell wide in one leaf, which
 * the whole tool would not have; the constructions' cuts are 2^-34 apart or
 * more, so no real piece is near this size). Returns the pieces left. */
static int drop_slivers(GEOSContextHandle_t ctx, snip_tool *t) {
    if (t->n == 1 && (!t->leaf[0].g || snip_geom_npieces(ctx, t->leaf[0].g) <= 1))
        return t->leaf[0].g ? 1 : 0;
    int *root = NULL, *base = NULL;
    int np = tool_pieces(ctx, t, &root, &base);
    if (np <= 1) {
        free(root);
        free(base);
        return np;
    }
    int total = base[t->n];
    double *area = pl_xcalloc((size_t)total + 1, sizeof *area);
    for (int i = 0; i < t->n; i++)
        for (int k = 0; k < t->leaf[i].npolys; k++) {
            double a = 0;
            int r = root[base[i] + k];
            if (r >= 0 && GEOSArea_r(ctx, geom_poly(ctx, t->leaf[i].g, k), &a)) area[r] += a;
        }
    int big = 0;
    for (int x = 0; x < total; x++) big += root[x] == x && area[x] > SNIP_SLIVER;
    if (big > 0 && big < np) {
        for (int i = 0; i < t->n; i++) {
            snip_leaf *lf = &t->leaf[i];
            int kept = 0;
            for (int k = 0; k < lf->npolys; k++) {
                int r = root[base[i] + k];
                kept += r >= 0 && area[r] > SNIP_SLIVER;
            }
            if (kept == lf->npolys) continue;
            GEOSGeometry **polys = pl_xcalloc((size_t)kept + 1, sizeof *polys);
            int j = 0;
            for (int k = 0; k < lf->npolys; k++) {
                int r = root[base[i] + k];
                if (r >= 0 && area[r] > SNIP_SLIVER) polys[j++] = GEOSGeom_clone_r(ctx, geom_poly(ctx, lf->g, k));
            }
            GEOSGeometry *g = j == 0   ? NULL
                              : j == 1 ? polys[0]
                                       : GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, polys, (unsigned)j);
            free(polys);
            leaf_set(ctx, lf, g);
        }
        np = big;
    }
    free(area);
    free(root);
    free(base);
    return np;
}

/* The number of pieces of a tool of the connected model. */
static int tool_npieces(GEOSContextHandle_t ctx, snip_tool *t) {
    if (t->n == 1) return t->leaf[0].g ? snip_geom_npieces(ctx, t->leaf[0].g) : 0;
    return tool_pieces(ctx, t, NULL, NULL);
}

/* ---------- state ---------- */

snip_state *snip_state_new(const snip_level *l) {
    snip_state *s = pl_xcalloc(1, sizeof *s);
    s->l = l;
    tool_set_square(l, &s->tool[0]);
    tool_set_square(l, &s->tool[1]);
    return s;
}

snip_state *snip_state_clone(const snip_state *s) {
    snip_state *c = pl_xcalloc(1, sizeof *c);
    *c = *s;
    for (int i = 0; i < 2; i++) {
        memset(&c->tool[i], 0, sizeof c->tool[i]);
        memset(&c->prev[i], 0, sizeof c->prev[i]);
        tool_copy(s->l->ctx, &c->tool[i], &s->tool[i]);
        tool_copy(s->l->ctx, &c->prev[i], &s->prev[i]);
    }
    return c;
}

void snip_state_free(snip_state *s) {
    if (!s) return;
    for (int i = 0; i < 2; i++) {
        tool_clear(s->l->ctx, &s->tool[i]);
        free(s->tool[i].leaf);
        tool_clear(s->l->ctx, &s->prev[i]);
        free(s->prev[i].leaf);
    }
    free(s);
}

long snip_state_snips(const snip_state *s) {
    return s->snips;
}
long snip_state_resets(const snip_state *s) {
    return s->resets;
}
long snip_state_undos(const snip_state *s) {
    return s->undos;
}
int snip_state_leaves(const snip_state *s, int tool) {
    return s->tool[tool - 1].n;
}
int snip_state_pending(const snip_state *s) {
    return s->pending;
}

/* Clones of the tool's non-empty leaves as one GEOMETRYCOLLECTION (their
 * union is the tool), or NULL when every leaf is empty. */
static GEOSGeometry *leaves_collection(GEOSContextHandle_t ctx, const snip_tool *t) {
    GEOSGeometry **parts = pl_xcalloc((size_t)t->n + 1, sizeof *parts);
    int k = 0;
    for (int i = 0; i < t->n; i++)
        if (t->leaf[i].g) parts[k++] = GEOSGeom_clone_r(ctx, t->leaf[i].g);
    GEOSGeometry *coll = k ? GEOSGeom_createCollection_r(ctx, GEOS_GEOMETRYCOLLECTION, parts, (unsigned)k) : NULL;
    free(parts);
    return coll;
}

const GEOSGeometry *snip_state_tool(const snip_state *s, int tool) {
    snip_tool *t = (snip_tool *)&s->tool[tool - 1]; /* the cache only */
    GEOSContextHandle_t ctx = s->l->ctx;
    if (t->n == 1 && t->leaf[0].g) return t->leaf[0].g;
    if (t->whole) return t->whole;
    GEOSGeometry *coll = leaves_collection(ctx, t);
    GEOSGeometry *u = coll ? GEOSUnaryUnionPrec_r(ctx, coll, SNIP_GRID) : NULL;
    if (coll) GEOSGeom_destroy_r(ctx, coll);
    t->whole = u ? polygonal_part(ctx, u) : GEOSGeom_createEmptyPolygon_r(ctx);
    return t->whole;
}

long snip_state_ncoords(const snip_state *s, int tool) {
    long n = 0;
    for (int i = 0; i < s->tool[tool - 1].n; i++) n += s->tool[tool - 1].leaf[i].ncoords;
    return n;
}

GEOSGeometry *snip_state_hull(const snip_state *s, int tool) {
    const snip_tool *t = &s->tool[tool - 1];
    GEOSContextHandle_t ctx = s->l->ctx;
    if (t->n == 1) return t->leaf[0].g ? GEOSConvexHull_r(ctx, t->leaf[0].g) : GEOSGeom_createEmptyPolygon_r(ctx);
    GEOSGeometry *coll = leaves_collection(ctx, t);
    if (!coll) return GEOSGeom_createEmptyPolygon_r(ctx);
    GEOSGeometry *h = GEOSConvexHull_r(ctx, coll);
    GEOSGeom_destroy_r(ctx, coll);
    return h;
}

struct snip_cover {
    GEOSContextHandle_t ctx;
    const snip_tool *t;
    int n; /* the tool's leaves when the cover was made: it answers for that state only */
    GEOSGeometry **clone;
    const GEOSPreparedGeometry **prep;
};

snip_cover *snip_cover_new(const snip_state *s, int tool) {
    snip_cover *c = pl_xcalloc(1, sizeof *c);
    c->ctx = s->l->ctx;
    c->t = &s->tool[tool - 1];
    c->n = c->t->n;
    c->clone = pl_xcalloc((size_t)c->t->n + 1, sizeof *c->clone);
    c->prep = pl_xcalloc((size_t)c->t->n + 1, sizeof *c->prep);
    return c;
}

static const GEOSPreparedGeometry *cover_leaf(snip_cover *c, int i) {
    if (!c->prep[i] && c->t->leaf[i].g) {
        c->clone[i] = GEOSGeom_clone_r(c->ctx, c->t->leaf[i].g);
        c->prep[i] = GEOSPrepare_r(c->ctx, c->clone[i]);
    }
    return c->prep[i];
}

bool snip_cover_test(snip_cover *c, const GEOSGeometry *g) {
    GEOSContextHandle_t ctx = c->ctx;
    snip_box e;
    if (!envelope(ctx, g, &e)) return false;
    if (c->n == 1) {
        const GEOSPreparedGeometry *p = cover_leaf(c, 0);
        return p && GEOSPreparedCovers_r(ctx, p, g) == 1;
    }
    /* g is covered iff each of its parts in a cell is covered by that leaf */
    for (int i = 0; i < c->n; i++) {
        const snip_box *cb = &c->t->leaf[i].cell;
        if (!(e.x0 < cb->x1 && e.x1 > cb->x0 && e.y0 < cb->y1 && e.y1 > cb->y0)) continue;
        GEOSGeometry *part = GEOSClipByRect_r(ctx, g, cb->x0, cb->y0, cb->x1, cb->y1);
        double area = 0;
        bool some = part && GEOSisEmpty_r(ctx, part) != 1 && GEOSArea_r(ctx, part, &area) && area > 0;
        bool ok = true;
        if (!part) {
            ok = false;
        } else if (some) {
            const GEOSPreparedGeometry *p = cover_leaf(c, i);
            ok = p && GEOSPreparedCovers_r(ctx, p, part) == 1;
        }
        if (part) GEOSGeom_destroy_r(ctx, part);
        if (!ok) return false;
    }
    return true;
}

void snip_cover_free(snip_cover *c) {
    if (!c) return;
    for (int i = 0; i < c->n; i++) {
        if (c->prep[i]) GEOSPreparedGeom_destroy_r(c->ctx, c->prep[i]);
        if (c->clone[i]) GEOSGeom_destroy_r(c->ctx, c->clone[i]);
    }
    free(c->prep);
    free(c->clone);
    free(c);
}

int snip_state_polygons(const snip_state *s, int tool, snip_polys *out) {
    if (tool < 1 || tool > 2) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    return snip_geom_polys(s->l->ctx, snip_state_tool(s, tool), out);
}

static int fail(char *why, size_t n, const char *fmt, const char *a) {
    snprintf(why, n, fmt, a);
    return -1;
}

/* The clip box: the other tool's envelope grown by 2^-30 (2^10 grid cells) */
#define SNIP_CLIP_MARGIN (1.0 / 1073741824.0)

/* g clipped to b grown by the margin, or NULL when g is small (use g). The
 * clip is GEOS's rectangle intersection: vertices inside are kept as they
 * are, edges crossing the box end on its sides, far from the other tool. */
static GEOSGeometry *clip_to(const snip_level *l, const GEOSGeometry *g, const snip_box *b) {
    GEOSContextHandle_t ctx = l->ctx;
    if (l->clip_min < 0 || GEOSGetNumCoordinates_r(ctx, g) <= l->clip_min) return NULL;
    double m = SNIP_CLIP_MARGIN;
    return clip_polygons(ctx, g, b->x0 - m, b->y0 - m, b->x1 + m, b->y1 + m);
}

/* Where a placed part b (of box eb) can take anything from a: the box of a's
 * part inside eb. b clipped to that box rather than to a's: a large tool
 * placed mostly over what a no longer has (Theorem 5 clears a row of cells
 * one after another, and the placed tool 1 lies along the whole row) brings
 * only its part over a into the overlap test and the overlay. eb is first
 * shrunk by SNIP_TIGHT_IN, so that an edge of a lying along b's border (left
 * there by an earlier snip along the same line) does not hold the box open;
 * when a meets only that border, the box of the contact. Returns b clipped
 * (owned), an empty polygon when a does not meet eb at all, or NULL when b is
 * small or the box saves less than a tenth of a side (use b; also on a GEOS
 * failure). Exact in real arithmetic but for a contact thinner than
 * SNIP_TIGHT_IN along b's box and 2^-30 away from the rest of a's part: at
 * most 2 (w + h) 2^-44 in area for a box w x h, below 4e-13. */
#define SNIP_TIGHT_IN (1.0 / 17592186044416.0) /* 2^-44: four grid cells */

/* The box *t of g's part inside b: 1, or 0 when g does not meet b, or -1 on a
 * GEOS failure. */
static int inside_box(GEOSContextHandle_t ctx, const GEOSGeometry *g, const snip_box *b, snip_box *t) {
    GEOSGeometry *c = GEOSClipByRect_r(ctx, g, b->x0, b->y0, b->x1, b->y1);
    if (!c) return -1;
    char empty = GEOSisEmpty_r(ctx, c);
    int r = empty == 1 ? 0 : empty == 0 && envelope(ctx, c, t) ? 1 : -1;
    GEOSGeom_destroy_r(ctx, c);
    return r;
}

static GEOSGeometry *tighten(const snip_level *l, const GEOSGeometry *a, const GEOSGeometry *b, const snip_box *eb) {
    GEOSContextHandle_t ctx = l->ctx;
    if (l->clip_min < 0 || GEOSGetNumCoordinates_r(ctx, b) <= l->clip_min) return NULL;
    double e = SNIP_TIGHT_IN;
    if (eb->x1 - eb->x0 <= 4 * e || eb->y1 - eb->y0 <= 4 * e) return NULL;
    snip_box t;
    int r = 0;
    for (int pass = 0; pass < 2 && r == 0; pass++, e = 0) {
        snip_box in = {eb->x0 + e, eb->y0 + e, eb->x1 - e, eb->y1 - e};
        r = inside_box(ctx, a, &in, &t);
    }
    if (r < 0) return NULL; /* a GEOS failure: b as it is */
    if (r == 0) return GEOSGeom_createEmptyPolygon_r(ctx);
    if (t.x1 - t.x0 > 0.9 * (eb->x1 - eb->x0) && t.y1 - t.y0 > 0.9 * (eb->y1 - eb->y0)) return NULL;
    return clip_to(l, b, &t);
}

/* The box of a box's four corners moved by m. */
static snip_box moved_box(const motion *m, const snip_box *b) {
    snip_box r = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < 4; k++) {
        double x = k & 1 ? b->x1 : b->x0, y = k & 2 ? b->y1 : b->y0;
        apply_motion(&x, &y, (void *)m);
        snip_box p = {x, y, x, y};
        box_add(&r, &p);
    }
    return r;
}

/* The box of a placed box: its corners moved, grown past their rounding. */
static snip_box placed_box(const motion *m, const snip_box *b) {
    snip_box r = moved_box(m, b);
    double e = 1e-12;
    r.x0 -= e, r.y0 -= e, r.x1 += e, r.y1 += e;
    return r;
}

/* A snipped tool of at most this many coordinates is asked, for each leaf of
 * the placed tool, where it meets that leaf's box (placed_parts). */
#define SNIP_SMALL_TOOL 256

/* The box of A's part inside the box b; false when A does not meet b. */
static bool part_box(GEOSContextHandle_t ctx, const snip_tool *A, const snip_box *b, snip_box *t) {
    *t = (snip_box){INFINITY, INFINITY, -INFINITY, -INFINITY};
    bool any = false;
    for (int i = 0; i < A->n; i++) {
        const snip_leaf *al = &A->leaf[i];
        if (!al->g || !boxes_meet(&al->env, b)) continue;
        snip_box e;
        int r = inside_box(ctx, al->g, b, &e);
        if (r == 0) continue;
        box_add(t, r > 0 ? &e : b); /* on a GEOS failure: all of b */
        any = true;
    }
    return any;
}

/* The parts of tool B, placed by m, that can meet tool A (of envelope ea and
 * acoords coordinates): one polygonal geometry for each leaf of B (owned;
 * clipped to ea when large), with their envelopes. When A is small, a large
 * leaf is kept only where A meets its placed box: skipped when A does not,
 * else clipped in its own frame to that part's box taken back by the motion
 * (so that only what can meet A is moved), then to the box itself. Returns
 * the count, or -1 on a GEOS failure. */
static int placed_parts(const snip_level *l, const snip_tool *A, long acoords, const snip_tool *B, const motion *m,
                        const snip_box *ea, GEOSGeometry **part, snip_box *penv, bool *clipped) {
    GEOSContextHandle_t ctx = l->ctx;
    int k = 0;
    for (int j = 0; j < B->n; j++) {
        const snip_leaf *lf = &B->leaf[j];
        if (!lf->g) continue;
        snip_box pb = placed_box(m, &lf->env);
        if (!boxes_meet(&pb, ea)) continue;
        snip_box q = *ea;
        GEOSGeometry *pre = NULL;
        if (l->clip_min >= 0 && acoords <= SNIP_SMALL_TOOL && lf->ncoords > l->clip_min) {
            if (!part_box(ctx, A, &pb, &q)) continue;
            /* q back in B's frame: the inverse motion x = R^T (x' - t) */
            motion inv = {m->c, -m->s, -(m->c * m->tx + m->s * m->ty), m->s * m->tx - m->c * m->ty};
            snip_box qb = moved_box(&inv, &q);
            double g = 2 * SNIP_CLIP_MARGIN;
            pre = clip_polygons(ctx, lf->g, qb.x0 - g, qb.y0 - g, qb.x1 + g, qb.y1 + g);
            if (!pre) goto fail;
            if (GEOSisEmpty_r(ctx, pre) == 1) {
                GEOSGeom_destroy_r(ctx, pre);
                continue;
            }
        }
        GEOSGeometry *p = GEOSGeom_transformXY_r(ctx, pre ? pre : lf->g, apply_motion, (void *)m);
        if (pre) GEOSGeom_destroy_r(ctx, pre);
        if (!p) goto fail;
        GEOSGeometry *c = clip_to(l, p, &q);
        clipped[k] = c != NULL;
        if (c) GEOSGeom_destroy_r(ctx, p), p = c;
        if (GEOSisEmpty_r(ctx, p) == 1) {
            GEOSGeom_destroy_r(ctx, p);
            continue;
        }
        if (!envelope(ctx, p, &penv[k])) {
            GEOSGeom_destroy_r(ctx, p);
            goto fail;
        }
        part[k++] = p;
    }
    return k;
fail:
    for (int j = 0; j < k; j++) GEOSGeom_destroy_r(ctx, part[j]);
    return -1;
}

static int do_snip(snip_state *s, const snip_move *m, char *why, size_t n) {
    snip_level *l = (snip_level *)s->l;
    GEOSContextHandle_t ctx = l->ctx;
    if (m->a == m->b) return fail(why, n, "a tool cannot snip itself%s", "");
    snip_tool *A = &s->tool[m->a - 1];
    const snip_tool *B = &s->tool[m->b - 1];
    if (tool_empty(A)) {
        snprintf(why, n, "tool %d is empty: nothing to snip", m->a);
        return -1;
    }
    if (tool_empty(B)) {
        snprintf(why, n, "tool %d is empty: it cuts nothing", m->b);
        return -1;
    }
    /* Tools stay inside [0,1]^2 in their frames, so a placed tool lies within
     * sqrt(2) of its translation: farther, no overlap, and no geometry on
     * coordinates GEOS need not see. */
    if (fabs(m->tx) > 4.0 || fabs(m->ty) > 4.0) {
        s->no_overlap = true;
        snprintf(why, n, "tool %d placed at (%g, %g) does not overlap tool %d", m->b, m->tx, m->ty, m->a);
        return -1;
    }
    motion mo = make_motion(m->theta, m->tx, m->ty);
    /* Only what lies near the other tool matters: the interiors of A and B
     * meet iff those of A and of B clipped to a box holding A in its interior
     * meet (and symmetrically), and A \ B = A \ (B clipped so). Clipping the
     * large tool first makes the overlap test and a subtraction by a large
     * tool cost O(n) instead of a GEOS relate or overlay on all of it; the
     * leaves (above) make it cost only what lies near the cut. */
    snip_box ea = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    int nleaves = 0;
    long acoords = 0;
    for (int i = 0; i < A->n; i++) {
        if (!A->leaf[i].g) continue;
        nleaves++;
        acoords += A->leaf[i].ncoords;
        box_add(&ea, &A->leaf[i].env);
    }
    GEOSGeometry **part = pl_xcalloc((size_t)B->n + 1, sizeof *part), **sel = pl_xcalloc((size_t)B->n + 1, sizeof *sel);
    snip_box *penv = pl_xcalloc((size_t)B->n + 1, sizeof *penv);
    bool *pclipped = pl_xcalloc((size_t)B->n + 1, sizeof *pclipped);
    int np = placed_parts(l, A, acoords, B, &mo, &ea, part, penv, pclipped);
    /* the overlap test on every leaf first: an illegal snip changes nothing */
    GEOSGeometry **res = pl_xcalloc((size_t)A->n + 1, sizeof *res);
    int hits = 0;
    bool bad = np < 0;
    for (int i = 0; i < A->n && !bad; i++) {
        const snip_leaf *lf = &A->leaf[i];
        if (!lf->g) continue;
        /* the parts whose interiors meet this leaf's (the others take nothing
         * from it), subtracted one after another: every overlay has valid
         * inputs (one MultiPolygon of parts that share cell edges would not
         * be valid, and OverlayNG does fail on some) */
        int ns = 0;
        for (int j = 0; j < np && !bad; j++) {
            if (!boxes_meet(&lf->env, &penv[j])) continue;
            GEOSGeometry *bc = nleaves > 1 ? clip_to(l, part[j], &lf->env) : NULL;
            const GEOSGeometry *pj = bc ? bc : part[j];
            snip_box eb;
            char rel = 0;
            if (GEOSisEmpty_r(ctx, pj) != 1) {
                bad = !envelope(ctx, pj, &eb);
                GEOSGeometry *bt = bad ? NULL : tighten(l, lf->g, pj, &eb);
                char bempty = bt ? GEOSisEmpty_r(ctx, bt) : 2;
                snip_box et;
                if (bempty == 1 || (bempty == 0 && envelope(ctx, bt, &et))) {
                    if (bempty == 0) eb = et;
                    if (bc) GEOSGeom_destroy_r(ctx, bc);
                    pj = bc = bt;
                } else if (bt)
                    GEOSGeom_destroy_r(ctx, bt);
                GEOSGeometry *aclip = bc || pclipped[j] || bad ? NULL : clip_to(l, lf->g, &eb);
                const GEOSGeometry *ai = aclip ? aclip : lf->g;
                rel = bad || GEOSisEmpty_r(ctx, ai) == 1 || GEOSisEmpty_r(ctx, pj) == 1
                          ? 0
                          : GEOSRelatePattern_r(ctx, ai, pj, "T********");
                if (aclip) GEOSGeom_destroy_r(ctx, aclip);
                bad = bad || rel == 2;
            }
            if (rel == 1)
                sel[ns++] = bc ? bc : GEOSGeom_clone_r(ctx, part[j]);
            else if (bc)
                GEOSGeom_destroy_r(ctx, bc);
        }
        for (int j = 0; j < ns && !bad; j++) {
            if (res[i] && GEOSisEmpty_r(ctx, res[i]) == 1) break;
            GEOSGeometry *d = GEOSDifferencePrec_r(ctx, res[i] ? res[i] : lf->g, sel[j], SNIP_GRID);
            if (res[i]) GEOSGeom_destroy_r(ctx, res[i]);
            res[i] = d ? polygonal_part(ctx, d) : NULL;
            bad = !res[i];
        }
        hits += ns > 0;
        for (int j = 0; j < ns; j++) GEOSGeom_destroy_r(ctx, sel[j]);
    }
    for (int j = 0; j < np; j++) GEOSGeom_destroy_r(ctx, part[j]);
    free(part);
    free(sel);
    free(penv);
    free(pclipped);
    if (bad || hits == 0) {
        for (int i = 0; i < A->n; i++)
            if (res[i]) GEOSGeom_destroy_r(ctx, res[i]);
        free(res);
        if (bad) return fail(why, n, "geometry error: %s", l->geos_msg);
        s->no_overlap = true;
        snprintf(why, n, "the interiors of tool %d (placed) and tool %d do not overlap", m->b, m->a);
        return -1;
    }
    /* what the snip takes must be more than a rounding sliver */
    double cut = 0;
    for (int i = 0; i < A->n && !bad; i++) {
        double a0 = 0, a1 = 0;
        if (!res[i]) continue;
        bad = !GEOSArea_r(ctx, A->leaf[i].g, &a0) || !GEOSArea_r(ctx, res[i], &a1);
        cut += a0 - a1;
    }
    if (bad || cut <= SNIP_MIN_CUT) {
        double depth = 0;
        for (int i = 0; i < A->n; i++) {
            if (!res[i]) continue;
            /* how thick what the snip would take is, for the constructions
             * (refused snips only: a few per thousand of theirs): the radius
             * of the largest disc in it is at most 2 area / perimeter for a
             * convex piece and sqrt(area / pi) always (GEOS's maximum
             * inscribed circle took minutes on slivers 1e-17 wide) */
            GEOSGeometry *piece = bad || cut <= 0 ? NULL : GEOSDifferencePrec_r(ctx, A->leaf[i].g, res[i], SNIP_GRID);
            double a = 0, p = 0;
            if (piece && GEOSArea_r(ctx, piece, &a) && GEOSLength_r(ctx, piece, &p) && p > 0)
                depth = fmax(depth, fmin(2 * a / p, sqrt(a / SNIP_PI)));
            if (piece) GEOSGeom_destroy_r(ctx, piece);
            GEOSGeom_destroy_r(ctx, res[i]);
        }
        free(res);
        if (bad) return fail(why, n, "geometry error: %s", l->geos_msg);
        s->no_overlap = true;
        s->graze_radius = depth;
        snprintf(why, n,
                 "tool %d (placed) takes an area of %.3g from tool %d, not more than %g: it only grazes it (a snip "
                 "must cut)",
                 m->b, cut, m->a, SNIP_MIN_CUT);
        return -1;
    }
    if (l->undo) { /* what undo A gives back */
        tool_copy(ctx, &s->prev[m->a - 1], A);
        s->has_prev[m->a - 1] = true;
    }
    int before = A->n;
    for (int i = 0; i < before; i++)
        if (res[i]) leaf_set(ctx, &A->leaf[i], res[i]);
    free(res);
    for (int i = 0; i < before; i++) tool_split(ctx, A, i, l->leaf_max);
    tool_drop_whole(ctx, A);
    s->snips++;
    if (l->model == SNIP_CONNECTED && drop_slivers(ctx, A) > 1) s->pending = m->a;
    return 0;
}

/* keep on a tool in several leaves: the piece (tool_pieces) holding the
 * point stays, the other polygons go. */
static int keep_leaves(snip_state *s, const snip_move *m, snip_tool *t, char *why, size_t n) {
    GEOSContextHandle_t ctx = s->l->ctx;
    int *root = NULL, *base = NULL;
    int np = tool_pieces(ctx, t, &root, &base);
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(ctx, 1, 2);
    GEOSCoordSeq_setXY_r(ctx, cs, 0, m->x, m->y);
    GEOSGeometry *pt = GEOSGeom_createPoint_r(ctx, cs);
    int found = -1, hits = 0, seen[8];
    for (int i = 0; i < t->n; i++) {
        const snip_leaf *lf = &t->leaf[i];
        if (!lf->g || m->x < lf->env.x0 || m->x > lf->env.x1 || m->y < lf->env.y0 || m->y > lf->env.y1) continue;
        for (int k = 0; k < lf->npolys; k++) {
            int r = root[base[i] + k], dup = 0;
            for (int h = 0; h < hits && h < 8; h++) dup |= seen[h] == r;
            if (r < 0 || dup || GEOSIntersects_r(ctx, geom_poly(ctx, lf->g, k), pt) != 1) continue;
            if (hits < 8) seen[hits] = r;
            hits++;
            found = r;
        }
    }
    GEOSGeom_destroy_r(ctx, pt);
    if (hits != 1) {
        if (hits == 0)
            snprintf(why, n, "(%g, %g) lies in none of the %d pieces of tool %d", m->x, m->y, np, m->a);
        else
            snprintf(why, n, "(%g, %g) lies on %d pieces of tool %d (where they touch)", m->x, m->y, hits, m->a);
        free(root);
        free(base);
        return -1;
    }
    for (int i = 0; i < t->n; i++) {
        snip_leaf *lf = &t->leaf[i];
        int kept = 0;
        for (int k = 0; k < lf->npolys; k++) kept += root[base[i] + k] == found;
        if (kept == lf->npolys) continue;
        GEOSGeometry **polys = pl_xcalloc((size_t)kept + 1, sizeof *polys);
        int j = 0;
        for (int k = 0; k < lf->npolys; k++)
            if (root[base[i] + k] == found) polys[j++] = GEOSGeom_clone_r(ctx, geom_poly(ctx, lf->g, k));
        GEOSGeometry *g = j == 0   ? NULL
                          : j == 1 ? polys[0]
                                   : GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, polys, (unsigned)j);
        free(polys);
        leaf_set(ctx, lf, g);
    }
    free(root);
    free(base);
    tool_drop_whole(ctx, t);
    s->pending = 0;
    return 0;
}

static int do_keep(snip_state *s, const snip_move *m, char *why, size_t n) {
    GEOSContextHandle_t ctx = s->l->ctx;
    if (s->l->model != SNIP_CONNECTED)
        return fail(why, n, "keep belongs to the connected model (this level is %s)", "disconnected");
    if (!s->pending) return fail(why, n, "keep must follow a snip that split a tool%s", "");
    if (m->a != s->pending) {
        snprintf(why, n, "the last snip split tool %d, not tool %d", s->pending, m->a);
        return -1;
    }
    snip_tool *t = &s->tool[m->a - 1];
    if (t->n > 1) return keep_leaves(s, m, t, why, n);
    GEOSGeometry *tool = t->leaf[0].g;
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(ctx, 1, 2);
    GEOSCoordSeq_setXY_r(ctx, cs, 0, m->x, m->y);
    GEOSGeometry *pt = GEOSGeom_createPoint_r(ctx, cs);
    int np = snip_geom_npieces(ctx, tool), found = -1, hits = 0;
    for (int i = 0; i < np; i++) {
        char in = GEOSIntersects_r(ctx, piece_at(ctx, tool, i), pt);
        if (in == 1) {
            hits++;
            found = i;
        }
    }
    GEOSGeom_destroy_r(ctx, pt);
    if (hits == 0) {
        snprintf(why, n, "(%g, %g) lies in none of the %d pieces of tool %d", m->x, m->y, np, m->a);
        return -1;
    }
    if (hits > 1) {
        snprintf(why, n, "(%g, %g) lies on %d pieces of tool %d (where they touch)", m->x, m->y, hits, m->a);
        return -1;
    }
    leaf_set(ctx, &t->leaf[0], GEOSGeom_clone_r(ctx, piece_at(ctx, tool, found)));
    tool_drop_whole(ctx, t);
    s->pending = 0;
    return 0;
}

/* Section 2's undo/redo: the tool and its previous shape change places, so
 * a second undo is the redo; a reset forgets the previous shape. */
static int do_undo(snip_state *s, const snip_move *m, char *why, size_t n) {
    if (!s->l->undo)
        return fail(why, n,
                    "undo/redo is not allowed on this level (the paper's model forbids it; the header 'undo: yes' "
                    "allows it)%s",
                    "");
    int a = m->a - 1;
    if (!s->has_prev[a]) {
        snprintf(why, n, "tool %d has no earlier shape to go back to (none since the start or its last reset)", m->a);
        return -1;
    }
    snip_tool t = s->tool[a];
    s->tool[a] = s->prev[a];
    s->prev[a] = t;
    s->undos++;
    return 0;
}

int snip_state_apply(snip_state *s, const snip_move *m, char *why, size_t n) {
    s->no_overlap = false;
    s->graze_radius = 0;
    if (m->a < 1 || m->a > 2 || (m->kind == SNIP_MOVE_SNIP && (m->b < 1 || m->b > 2)))
        return fail(why, n, "tools are numbered 1 and 2%s", "");
    if (m->kind == SNIP_MOVE_KEEP) return do_keep(s, m, why, n);
    if (s->pending) {
        snprintf(why, n, "the last snip split tool %d into %d pieces: a 'keep %d x y' line must follow", s->pending,
                 tool_npieces(s->l->ctx, &s->tool[s->pending - 1]), s->pending);
        return -1;
    }
    if (m->kind == SNIP_MOVE_RESET) {
        tool_set_square(s->l, &s->tool[m->a - 1]);
        tool_clear(s->l->ctx, &s->prev[m->a - 1]);
        s->has_prev[m->a - 1] = false;
        s->resets++;
        return 0;
    }
    if (m->kind == SNIP_MOVE_UNDO) return do_undo(s, m, why, n);
    return do_snip(s, m, why, n);
}

/* ---------- the comparison with the target ----------
 * Both geometries are normalised first (GEOS keeps neither ring orientation
 * nor start points). Accepted when area(A xor T) <= tol and each lies in the
 * other grown by tol (A within T + disc(tol) and T within A + disc(tol)),
 * which is "Hausdorff distance <= tol" for closed sets. The grown shapes are
 * GEOS buffers, whose arcs are chords of the true circles: they lie inside the
 * exact offsets, so the test never accepts more than it should. The number
 * reported as the Hausdorff distance is GEOS's discrete estimate (vertices and
 * segment points), for information. */
/* Is t covered by the tool's buffer by tol (GEOS's, 8 segments a quarter
 * circle)? Asked cell by cell of the tool's quadtree instead of of the whole
 * tool: the part of t in a cell C is covered by the buffer of the tool iff
 * it is covered by the buffer of the tool's part within C grown by 2 tol
 * (every point of the tool within tol of C lies there, and what the clip adds
 * lies 2 tol from C, its buffer tol from C), and the cells tile the unit
 * square. GEOS's buffer of a whole Theorem 5 tool (a million coordinates at
 * n = 1000) spent most of its time in a hash of its edges whose collisions
 * make it about quadratic (docs/benchmarks.md); a cell holds at most a leaf's
 * worth. 1 covered, 0 not, -1 when the cells do not tile the unit square or
 * t is not inside it (then ask of the whole tool), 2 on a GEOS error. */
static int covered_by_buffer_cells(GEOSContextHandle_t ctx, const snip_tool *tl, const GEOSGeometry *t, double tol) {
    snip_box et;
    double cells = 0;
    for (int i = 0; i < tl->n; i++)
        cells += (tl->leaf[i].cell.x1 - tl->leaf[i].cell.x0) * (tl->leaf[i].cell.y1 - tl->leaf[i].cell.y0);
    if (GEOSisEmpty_r(ctx, t) == 1) return 1;
    if (!envelope(ctx, t, &et)) return 2;
    if (fabs(cells - 1) > 1e-12 || et.x0 < 0 || et.y0 < 0 || et.x1 > 1 || et.y1 > 1) return -1;
    GEOSGeometry **parts = pl_xcalloc((size_t)tl->n + 1, sizeof *parts);
    int r = 1;
    for (int i = 0; i < tl->n && r == 1; i++) {
        snip_box c = tl->leaf[i].cell;
        if (!boxes_meet(&c, &et)) continue;
        /* t's part in the cell: its lines and points on the cell's sides
         * belong to a polygon of t in a neighbouring cell, asked there */
        GEOSGeometry *tc = clip_polygons(ctx, t, c.x0, c.y0, c.x1, c.y1);
        if (!tc) {
            r = 2;
            break;
        }
        if (GEOSisEmpty_r(ctx, tc) == 1) {
            GEOSGeom_destroy_r(ctx, tc);
            continue;
        }
        snip_box g = {c.x0 - 2 * tol, c.y0 - 2 * tol, c.x1 + 2 * tol, c.y1 + 2 * tol};
        int k = 0;
        for (int j = 0; j < tl->n && r == 1; j++) {
            const snip_leaf *lf = &tl->leaf[j];
            if (!lf->g || !boxes_meet(&lf->env, &g)) continue;
            GEOSGeometry *p = clip_polygons(ctx, lf->g, g.x0, g.y0, g.x1, g.y1);
            if (!p)
                r = 2;
            else if (GEOSisEmpty_r(ctx, p) == 1)
                GEOSGeom_destroy_r(ctx, p);
            else
                parts[k++] = p;
        }
        if (r == 1 && k == 0) r = 0; /* nothing of the tool near a part of t */
        GEOSGeometry *near =
            r == 1 ? GEOSGeom_createCollection_r(ctx, GEOS_GEOMETRYCOLLECTION, parts, (unsigned)k) : NULL;
        if (near) {
            GEOSGeometry *buf = GEOSBuffer_r(ctx, near, tol, 8);
            char in = buf ? GEOSCoveredBy_r(ctx, tc, buf) : 2;
            r = in == 1 ? 1 : in == 0 ? 0 : 2;
            if (buf) GEOSGeom_destroy_r(ctx, buf);
            GEOSGeom_destroy_r(ctx, near); /* the parts with it */
        } else {
            if (r == 1) r = 2;
            for (int j = 0; j < k; j++) GEOSGeom_destroy_r(ctx, parts[j]);
        }
        GEOSGeom_destroy_r(ctx, tc);
    }
    free(parts);
    return r;
}

static bool geom_matches(const snip_level *lv, const GEOSGeometry *shape, const snip_tool *cells, int tool, double tol,
                         double *symdiff_area, double *hausdorff, char *why, size_t n);

bool snip_state_matches(const snip_state *s, double tol, double *symdiff_area, double *hausdorff, char *why, size_t n) {
    return snip_state_matches_tool(s, 1, tol, symdiff_area, hausdorff, why, n);
}

bool snip_state_matches_tool(const snip_state *s, int tool, double tol, double *symdiff_area, double *hausdorff,
                             char *why, size_t n) {
    *symdiff_area = NAN;
    *hausdorff = NAN;
    if (s->pending) {
        snprintf(why, n, "the last snip split tool %d and no 'keep' line follows", s->pending);
        return false;
    }
    const GEOSGeometry *target = tool == 2 ? s->l->target2 : s->l->target;
    if (!target) {
        *symdiff_area = 0;
        *hausdorff = 0;
        return true;
    }
    const snip_tool *tl = &s->tool[tool - 1];
    return geom_matches(s->l, snip_state_tool(s, tool), tl->n > 1 ? tl : NULL, tool, tol, symdiff_area, hausdorff, why,
                        n);
}

bool snip_geom_matches(const snip_level *lv, const GEOSGeometry *shape, int tool, double tol, double *symdiff_area,
                       double *hausdorff, char *why, size_t n) {
    return geom_matches(lv, shape, NULL, tool, tol, symdiff_area, hausdorff, why, n);
}

/* shape is the tool; cells, when not NULL, its quadtree (the same shape). */
static bool geom_matches(const snip_level *lv, const GEOSGeometry *shape, const snip_tool *cells, int tool, double tol,
                         double *symdiff_area, double *hausdorff, char *why, size_t n) {
    snip_level *l = (snip_level *)lv;
    GEOSContextHandle_t ctx = l->ctx;
    *symdiff_area = NAN;
    *hausdorff = NAN;
    const GEOSGeometry *target = tool == 2 ? l->target2 : l->target;
    const char *its = tool == 2 ? "its target (target2)" : "the target";
    GEOSGeometry *a = GEOSGeom_clone_r(ctx, shape), *t = GEOSGeom_clone_r(ctx, target);
    GEOSNormalize_r(ctx, a);
    GEOSNormalize_r(ctx, t);
    bool ok = false;
    GEOSGeometry *sd = GEOSSymDifferencePrec_r(ctx, a, t, SNIP_GRID / 16);
    double area = NAN;
    if (!sd || !GEOSArea_r(ctx, sd, &area)) {
        snprintf(why, n, "geometry error comparing tool %d with %s: %s", tool, its, l->geos_msg);
        goto done;
    }
    *symdiff_area = area;
    if (GEOSisEmpty_r(ctx, a) != 1 && GEOSHausdorffDistance_r(ctx, a, t, hausdorff) != 1) *hausdorff = NAN;
    if (!(area <= tol)) {
        snprintf(why, n, "tool %d differs from %s: symmetric difference area %.3g > tolerance %.3g", tool, its, area, tol);
        goto done;
    }
    if (GEOSisEmpty_r(ctx, a) == 1) {
        snprintf(why, n, "tool %d is empty", tool);
        goto done;
    }
    GEOSGeometry *gt = GEOSBuffer_r(ctx, t, tol, 8);
    char in1 = gt ? GEOSCoveredBy_r(ctx, a, gt) : 2;
    int in2 = cells && in1 == 1 ? covered_by_buffer_cells(ctx, cells, t, tol) : -1;
    if (in2 == -1 && in1 == 1) {
        GEOSGeometry *ga = GEOSBuffer_r(ctx, a, tol, 8);
        in2 = ga ? GEOSCoveredBy_r(ctx, t, ga) : 2;
        if (ga) GEOSGeom_destroy_r(ctx, ga);
    }
    if (gt) GEOSGeom_destroy_r(ctx, gt);
    if (in1 == 2 || (in1 == 1 && in2 == 2))
        snprintf(why, n, "geometry error comparing tool %d with %s: %s", tool, its, l->geos_msg);
    else if (!in1)
        snprintf(why, n, "tool %d reaches farther than %.3g from %s (Hausdorff distance > tolerance)", tool, tol, its);
    else if (!in2)
        snprintf(why, n, "%s reaches farther than %.3g from tool %d (Hausdorff distance > tolerance)", tool == 2 ? "tool 2's target" : "the target", tol, tool);
    else
        ok = true;
done:
    if (sd) GEOSGeom_destroy_r(ctx, sd);
    GEOSGeom_destroy_r(ctx, a);
    GEOSGeom_destroy_r(ctx, t);
    return ok;
}

void snip_level_set_leaf_max(snip_level *l, int max) {
    l->leaf_max = max;
}

void snip_level_set_clip_min(snip_level *l, int min) {
    l->clip_min = min;
}
