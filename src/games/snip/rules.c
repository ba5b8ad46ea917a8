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
 * 1e-16 level. Nothing here trusts a coordinate: non-finite values
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

GEOSGeometry *snip_place(GEOSContextHandle_t ctx, const GEOSGeometry *g, double theta, double tx, double ty) {
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

/* ---------- state ---------- */

snip_state *snip_state_new(const snip_level *l) {
    snip_state *s = pl_xcalloc(1, sizeof *s);
    s->l = l;
    s->tool[0] = GEOSGeom_clone_r(l->ctx, l->square);
    s->tool[1] = GEOSGeom_clone_r(l->ctx, l->square);
    return s;
}

void snip_state_free(snip_state *s) {
    if (!s) return;
    for (int i = 0; i < 2; i++) GEOSGeom_destroy_r(s->l->ctx, s->tool[i]);
    free(s);
}

long snip_state_snips(const snip_state *s) {
    return s->snips;
}
long snip_state_resets(const snip_state *s) {
    return s->resets;
}
int snip_state_pending(const snip_state *s) {
    return s->pending;
}
const GEOSGeometry *snip_state_tool(const snip_state *s, int tool) {
    return s->tool[tool - 1];
}

int snip_state_polygons(const snip_state *s, int tool, snip_polys *out) {
    if (tool < 1 || tool > 2) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    return snip_geom_polys(s->l->ctx, s->tool[tool - 1], out);
}

static int fail(char *why, size_t n, const char *fmt, const char *a) {
    snprintf(why, n, fmt, a);
    return -1;
}

typedef struct box {
    double x0, y0, x1, y1;
} box;

static bool envelope(GEOSContextHandle_t ctx, const GEOSGeometry *g, box *b) {
    return GEOSGeom_getXMin_r(ctx, g, &b->x0) && GEOSGeom_getYMin_r(ctx, g, &b->y0) &&
           GEOSGeom_getXMax_r(ctx, g, &b->x1) && GEOSGeom_getYMax_r(ctx, g, &b->y1);
}

/* Tools with more vertices than this are clipped to the other tool's box
 * before an overlap test or a subtraction (below, it costs more than it
 * saves, and small tools behave exactly as without the clip). */
#define SNIP_CLIP_MIN 64
/* The clip box: the other tool's envelope grown by 2^-30 (2^10 grid cells) */
#define SNIP_CLIP_MARGIN (1.0 / 1073741824.0)

/* g clipped to b grown by the margin, or NULL when g is small (use g). The
 * clip is GEOS's rectangle intersection: vertices inside are kept as they
 * are, edges crossing the box end on its sides, far from the other tool. */
static GEOSGeometry *clip_to(GEOSContextHandle_t ctx, const GEOSGeometry *g, const box *b) {
    if (GEOSGetNumCoordinates_r(ctx, g) <= SNIP_CLIP_MIN) return NULL;
    double m = SNIP_CLIP_MARGIN;
    GEOSGeometry *c = GEOSClipByRect_r(ctx, g, b->x0 - m, b->y0 - m, b->x1 + m, b->y1 + m);
    if (!c) return NULL;
    return polygonal_part(ctx, c);
}

static int do_snip(snip_state *s, const snip_move *m, char *why, size_t n) {
    snip_level *l = (snip_level *)s->l;
    GEOSContextHandle_t ctx = l->ctx;
    if (m->a == m->b) return fail(why, n, "a tool cannot snip itself%s", "");
    GEOSGeometry *A = s->tool[m->a - 1], *B = s->tool[m->b - 1];
    if (GEOSisEmpty_r(ctx, A) == 1) {
        snprintf(why, n, "tool %d is empty: nothing to snip", m->a);
        return -1;
    }
    if (GEOSisEmpty_r(ctx, B) == 1) {
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
    GEOSGeometry *placed = snip_place(ctx, B, m->theta, m->tx, m->ty);
    if (!placed) return fail(why, n, "geometry error: %s", l->geos_msg);
    /* Only what lies near the other tool matters: the interiors of A and B
     * meet iff those of A and of B clipped to a box holding A in its interior
     * meet (and symmetrically), and A \ B = A \ (B clipped so). Clipping the
     * large tool first makes the overlap test and a subtraction by a large
     * tool cost O(n) instead of a GEOS relate or overlay on all of it. */
    box ea, eb;
    char rel = 2;
    GEOSGeometry *pclip = NULL;
    if (envelope(ctx, A, &ea) && envelope(ctx, placed, &eb)) {
        if (eb.x0 > ea.x1 || eb.x1 < ea.x0 || eb.y0 > ea.y1 || eb.y1 < ea.y0) {
            rel = 0;
        } else {
            pclip = clip_to(ctx, placed, &ea);
            GEOSGeometry *aclip = pclip ? NULL : clip_to(ctx, A, &eb);
            const GEOSGeometry *ra = aclip ? aclip : A, *rb = pclip ? pclip : placed;
            rel = GEOSisEmpty_r(ctx, ra) == 1 || GEOSisEmpty_r(ctx, rb) == 1
                      ? 0
                      : GEOSRelatePattern_r(ctx, ra, rb, "T********");
            if (aclip) GEOSGeom_destroy_r(ctx, aclip);
        }
    } else {
        rel = GEOSRelatePattern_r(ctx, A, placed, "T********");
    }
    if (rel != 1) {
        if (pclip) GEOSGeom_destroy_r(ctx, pclip);
        GEOSGeom_destroy_r(ctx, placed);
        if (rel == 2) return fail(why, n, "geometry error: %s", l->geos_msg);
        s->no_overlap = true;
        snprintf(why, n, "the interiors of tool %d (placed) and tool %d do not overlap", m->b, m->a);
        return -1;
    }
    GEOSGeometry *res = GEOSDifferencePrec_r(ctx, A, pclip ? pclip : placed, SNIP_GRID);
    if (pclip) GEOSGeom_destroy_r(ctx, pclip);
    GEOSGeom_destroy_r(ctx, placed);
    if (!res) return fail(why, n, "geometry error: %s", l->geos_msg);
    res = polygonal_part(ctx, res);
    GEOSGeom_destroy_r(ctx, A);
    s->tool[m->a - 1] = res;
    s->snips++;
    if (l->model == SNIP_CONNECTED && snip_geom_npieces(ctx, res) > 1) s->pending = m->a;
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
    GEOSGeometry *tool = s->tool[m->a - 1];
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
    GEOSGeometry *kept = GEOSGeom_clone_r(ctx, piece_at(ctx, tool, found));
    GEOSGeom_destroy_r(ctx, tool);
    s->tool[m->a - 1] = kept;
    s->pending = 0;
    return 0;
}

int snip_state_apply(snip_state *s, const snip_move *m, char *why, size_t n) {
    s->no_overlap = false;
    if (m->a < 1 || m->a > 2 || (m->kind == SNIP_MOVE_SNIP && (m->b < 1 || m->b > 2)))
        return fail(why, n, "tools are numbered 1 and 2%s", "");
    if (m->kind == SNIP_MOVE_KEEP) return do_keep(s, m, why, n);
    if (s->pending) {
        snprintf(why, n, "the last snip split tool %d into %d pieces: a 'keep %d x y' line must follow", s->pending,
                 snip_geom_npieces(s->l->ctx, s->tool[s->pending - 1]), s->pending);
        return -1;
    }
    if (m->kind == SNIP_MOVE_RESET) {
        GEOSGeom_destroy_r(s->l->ctx, s->tool[m->a - 1]);
        s->tool[m->a - 1] = GEOSGeom_clone_r(s->l->ctx, s->l->square);
        s->resets++;
        return 0;
    }
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
bool snip_state_matches(const snip_state *s, double tol, double *symdiff_area, double *hausdorff, char *why, size_t n) {
    snip_level *l = (snip_level *)s->l;
    GEOSContextHandle_t ctx = l->ctx;
    *symdiff_area = NAN;
    *hausdorff = NAN;
    if (s->pending) {
        snprintf(why, n, "the last snip split tool %d and no 'keep' line follows", s->pending);
        return false;
    }
    GEOSGeometry *a = GEOSGeom_clone_r(ctx, s->tool[0]), *t = GEOSGeom_clone_r(ctx, l->target);
    GEOSNormalize_r(ctx, a);
    GEOSNormalize_r(ctx, t);
    bool ok = false;
    GEOSGeometry *sd = GEOSSymDifferencePrec_r(ctx, a, t, SNIP_GRID / 16);
    double area = NAN;
    if (!sd || !GEOSArea_r(ctx, sd, &area)) {
        snprintf(why, n, "geometry error comparing tool 1 with the target: %s", l->geos_msg);
        goto done;
    }
    *symdiff_area = area;
    if (GEOSisEmpty_r(ctx, a) != 1 && GEOSHausdorffDistance_r(ctx, a, t, hausdorff) != 1) *hausdorff = NAN;
    if (!(area <= tol)) {
        snprintf(why, n, "tool 1 differs from the target: symmetric difference area %.3g > tolerance %.3g", area, tol);
        goto done;
    }
    if (GEOSisEmpty_r(ctx, a) == 1) {
        snprintf(why, n, "tool 1 is empty");
        goto done;
    }
    GEOSGeometry *ga = GEOSBuffer_r(ctx, a, tol, 8), *gt = GEOSBuffer_r(ctx, t, tol, 8);
    char in1 = ga && gt ? GEOSCoveredBy_r(ctx, a, gt) : 2;
    char in2 = ga && gt ? GEOSCoveredBy_r(ctx, t, ga) : 2;
    if (ga) GEOSGeom_destroy_r(ctx, ga);
    if (gt) GEOSGeom_destroy_r(ctx, gt);
    if (in1 == 2 || in2 == 2)
        snprintf(why, n, "geometry error comparing tool 1 with the target: %s", l->geos_msg);
    else if (!in1)
        snprintf(why, n, "tool 1 reaches farther than %.3g from the target (Hausdorff distance > tolerance)", tol);
    else if (!in2)
        snprintf(why, n, "the target reaches farther than %.3g from tool 1 (Hausdorff distance > tolerance)", tol);
    else
        ok = true;
done:
    if (sd) GEOSGeom_destroy_r(ctx, sd);
    GEOSGeom_destroy_r(ctx, a);
    GEOSGeom_destroy_r(ctx, t);
    return ok;
}
