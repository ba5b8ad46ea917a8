/* Theorem 5 (Demaine, Korman, van Renssen, Roeloffzen, "Snipperclips",
 * Section 5, Lemma 4): in the disconnected model any polygonal domain P of n
 * vertices (holes and several pieces allowed) is cut out of tool 1 with
 * O(n^2) snips and resets.
 *
 * The idea, as in the proof: fix the corner c = (1,0) of tool 1 and sort the
 * target's vertices by L-infinity distance to c, d_1 > d_2 > ... > d_k. The
 * squares S(r) = [1-r,1] x [0,r] at c nest; the L-shaped region
 * Q_j = S(d_j-1) \ S(d_j) holds no vertex in its interior, so P's edges cross
 * it from boundary to boundary and its free space (Q_j \ P) has O(n) faces,
 * which we triangulate (GEOS's constrained Delaunay triangulation); where
 * distances differ by less than 1e-4 they share one region instead
 * (region_radii: a region 1e-6 wide falls into pieces too small for a
 * snip to take, issue 20). Regions
 * are processed from the outside in, so while Q_j is processed the squares
 * inside it are still solid material of tool 1. A free triangle T is removed
 * by one snip of tool 1 with a cutting tool made in tool 2: tool 2 (reset to
 * the unit square) is placed so that only its corner box B' (the bounding box
 * of T and c) meets tool 1, and B' \ T' is carved away: for each half-plane H
 * bounding T, tool 1 is turned so that one of its own border lines (x = 1 or
 * y = 0, so all of tool 1 lies in H) runs along H's line, and a solid
 * rectangle of tool 1 against that border snips H's part of B' in a grid of
 * O(1) cells (Figure 9).
 *
 * Which solid rectangle: the proof names them case by case (the inner square
 * S_i+1 when it is large; the corner triangle while cross-triangles remain,
 * the triangle (0,1),(0,3/4),(-3/4,3/4) for the first fan-triangles, and a
 * triangle of the width of B for the rest); we keep the proof's squares and
 * add rectangles against any line that supports all of tool 1: its borders
 * x = 1 and y = 0, the longest edges of its convex hull, and edges of P whose
 * line supports tool 1 (a rectangle may even lie in T itself: tool 1 does not
 * change while tool 2 is carved). Whether one is solid is checked with GEOS
 * (prepared covers) when it is first about to be used (cand_solid); a
 * removal makes the rectangles it touches unusable; the one needing the fewest cells is taken, and when none
 * fits the candidates are rebuilt from tool 1's current hull, then with thin
 * rectangles sized for the part to clear. Triangles go in the proof's order
 * (cross-triangles from the top-left corner, then fan-triangles from the
 * bottom arm to the right arm); one that still finds no solid rectangle waits
 * until the others of its region are gone, and is split in four if none can go.
 *
 * Robustness: each triangle is grown by delta = 2^-34 (~5.8e-11) across its
 * edges shared with other free triangles, so that neighbouring cuts overlap
 * by 2 delta in any faithful replay (plain double-precision GEOS, whose
 * fallback snaps at ~1e-12, left slivers of free space between triangles
 * grown by 2^-42: issue 20), and by only 2 LS_EDGE = 2^-42 across P's own
 * edges (clipped to its bounding box grown by delta, so sharp corners do
 * not spike); P loses 2^-42 along its edges and 2^-42 / sin(alpha / 2) at a
 * vertex of angle alpha (1.6e-10 at the 0.17 degrees of a 1000-vertex random
 * target), whatever delta is; and about 2 delta at most where a shared
 * edge runs along a sharp vertex of P (the growth there is capped:
 * pvert_cap). Where
 * the proof takes a solid region flush against a line of tool 1's boundary,
 * floating point cannot: after snap-rounding, the boundary between two hull
 * vertices may lie a few grid cells inside the hull line. Every solid
 * rectangle therefore starts LS_EDGE = 2^-43 inside its line, and the carving
 * places tool 1 LS_EDGE back, still clear of T' (delta > LS_EDGE).
 *
 * Operations: per triangle one reset, at most 2 x 32 cells trimming tool 2
 * towards T's box (for speed: below; a trim that carves a side of the box
 * spares its half-plane), at most 7 half-planes (3 edges, 4 sides of the
 * bounding box) times at most 64 cells (the proof's large case needs 9 or
 * fewer), and one snip: SNIP_THM5_PER_TRIANGLE = 514; O(n) triangles in
 * each of at most n+1 regions: O(n^2). A triangle that waits wastes the
 * carving it had started, so the bound is checked on every certificate in
 * the tests rather than proved for this variant. Time: tool 1 ends with
 * O(n^2) coordinates (a triangle next to an edge of P leaves its corners
 * there), but the rules keep it in leaves of at most SNIP_LEAF_MAX, so a
 * removal is an overlay on the few leaves near T; a carving snip is an
 * overlay of tool 2 with the part of tool 1 over what is left of tool 2
 * (the rules clip a large placed tool to the box of the snipped tool's part
 * under it), which the order of the cells keeps small (below). Measured in
 * docs/benchmarks.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

#define LS_DELTA (1.0 / 17179869184.0) /* 2^-34 */
/* A solid rectangle starts this far inside its supporting line: tool 1's
 * boundary along a hull edge is made of snap-rounded vertices (grid 2^-46)
 * that may lie a few grid cells inside the line through the hull's vertices,
 * so a rectangle flush with the line is not covered by tool 1 (measured: the
 * cause of "no solid part" on about 1 target in 150). When carving, tool 1 is
 * moved back by LS_EDGE, so it may reach LS_EDGE across the half-plane's line,
 * which lies LS_DELTA > LS_EDGE outside T: T' stays untouched. */
#define LS_EDGE (1.0 / 8796093022208.0) /* 2^-43 */
#define MAX_CELLS 64
/* Cells allowed for each of the two trimming half-planes (remove_triangle). */
#define LS_TRIM_CELLS 32
/* ... once tool 1 has more coordinates than this. */
#define LS_TRIM_FROM 256
#define MAX_CAND 16384
/* A free triangle this small may need to grow into a neighbour that is
 * still there (remove_triangle): such triangles go first in their region. */
#define LS_TINY (10 * SNIP_MIN_CUT)
/* Distances to the corner closer than this share a region (region_radii). */
#define LS_MIN_GAP 1e-4

/* A solid rectangle of tool 1 against a line that supports all of tool 1:
 * points o + a v + t n with a in [pos, pos+len], t in [0, dep], where n is the
 * line's inward normal and v = rot(-90)(n). */
typedef struct cand {
    double ox, oy, nx, ny;
    double pos, len, dep;
    double x0, y0, x1, y1; /* bounding box, for invalidation */
    double lo, hi;         /* the stretch of the line the rectangles were laid on */
    bool solid;            /* not known to be gone (checked: tool 1 covers it) */
    bool checked;          /* solid was asked of tool 1 (lazily: cand_solid) */
} cand;

typedef struct tri {
    double x[3], y[3];
    double key;
    int cross;
    bool tiny;    /* at most LS_TINY of area: removed first in its region (remove_triangle) */
    bool on_p[3]; /* edge v -> v+1 lies on P's boundary: the cut is not grown across it */
} tri;

/* A vertex of P with the unit directions of its two edges (to the previous
 * and the next vertex of its ring) and whether P's interior there is the
 * convex wedge between them; sorted by x for lookup (pvert_cap). */
typedef struct pvert {
    double x, y, ax, ay, bx, by;
    bool convex;
} pvert;

static int pvert_cmp(const void *a, const void *b) {
    double x = ((const pvert *)a)->x, y = ((const pvert *)b)->x;
    return (x > y) - (x < y);
}

/* Twice T's signed area (positive when counter-clockwise). */
static double tri_area2(const tri *T) {
    return (T->x[1] - T->x[0]) * (T->y[2] - T->y[0]) - (T->x[2] - T->x[0]) * (T->y[1] - T->y[0]);
}

static void tri_box(const tri *T, double *x0, double *y0, double *x1, double *y1) {
    *x0 = fmin(T->x[0], fmin(T->x[1], T->x[2])), *x1 = fmax(T->x[0], fmax(T->x[1], T->x[2]));
    *y0 = fmin(T->y[0], fmin(T->y[1], T->y[2])), *y1 = fmax(T->y[0], fmax(T->y[1], T->y[2]));
}

static int tri_cmp(const void *a, const void *b) {
    const tri *s = a, *t = b;
    if (s->tiny != t->tiny) return t->tiny - s->tiny;
    if (s->cross != t->cross) return t->cross - s->cross;
    return (s->key > t->key) - (s->key < t->key);
}

static int dbl_desc(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

bool snip_lshape_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const snip_level *l = level;
    if (l->model == SNIP_CONNECTED) {
        /* Dropping the pieces a removal cuts off can take the solid parts the
         * construction counts on (measured: about 1 target in 25 then ends
         * unknown); the needle is the connected model's construction. */
        snprintf(why, n, "Theorem 5 is for the disconnected model (the needle serves the connected one)");
        return false;
    }
    snprintf(why, n, "any polygonal domain: Theorem 5's L-shaped regions, O(n^2) snips and resets");
    return true;
}

/* Clips the box [x0,x1]x[y0,y1] by {p : (p - o).m >= 0}; returns the vertex count. */
static int clip_box(double x0, double y0, double x1, double y1, double ox, double oy, double mx, double my, double *px,
                    double *py) {
    double bx[4] = {x0, x1, x1, x0}, by[4] = {y0, y0, y1, y1};
    int k = 0;
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4;
        double si = (bx[i] - ox) * mx + (by[i] - oy) * my, sj = (bx[j] - ox) * mx + (by[j] - oy) * my;
        if (si >= 0) px[k] = bx[i], py[k] = by[i], k++;
        if ((si >= 0) != (sj >= 0)) {
            double t = si / (si - sj);
            px[k] = bx[i] + t * (bx[j] - bx[i]);
            py[k] = by[i] + t * (by[j] - by[i]);
            k++;
        }
    }
    return k;
}

typedef struct lctx {
    snip_builder *b;
    GEOSContextHandle_t ctx;
    cand *c; /* MAX_CAND */
    int nc;
    bool tool2_fresh;
    double r_out, r_in;
    bool no_solid;              /* the last failure: no solid rectangle fits */
    double thin_ext, thin_dep;  /* > 0: also thin rectangles for a part this size */
    const double *target_edges; /* x0 y0 x1 y1 each */
    int ntarget_edges;
    snip_cover *cover; /* tool 1 as it is now, for cand_solid; NULL after it changes */
    const pvert *pv;   /* P's vertices, sorted by x */
    int npv;
} lctx;

/* The growth g of a cut across the edge (px,py)-(qx,qy) of T shared with
 * another free triangle (outward normal m), capped near every convex vertex
 * V of P within 2 delta of the edge. Both triangles grow across the shared
 * line, so P's wedge at V, if it runs along the line (outside both), loses
 * what lies within g of the line: V is cut back by about g / max(|a.m|,
 * |b.m|) (a, b the directions of its two edges), up to g / sin(alpha / 2)
 * for a wedge of angle alpha astride the line. Found at n = 320 (1.8e-9 with
 * g = 2^-34 at vertices of 1.2 and 1.7 degrees) and on 12-vertex targets
 * (tests/test_snip.c): a region's square has a side through the vertex
 * that defines it, and the next region's triangles grow across that side
 * (computed as 1 - (1 - x), it may even miss the vertex by an ulp, so that
 * the vertex is no end of the edge). Capped at delta max(|a.m|, |b.m|), the
 * loss stays within about 2 delta; never below 2 LS_EDGE (then at most
 * 4 LS_EDGE / sin(alpha / 2), as along P's edges). A reflex vertex has an
 * edge far from any line through it. O(vertices of P in the edge's x-range
 * grown by 2 delta), found by binary search in the list sorted by x. */
static double pvert_cap(const lctx *L, double px, double py, double qx, double qy, double mx, double my, double g) {
    double r = 2 * LS_DELTA, x0 = fmin(px, qx) - r, x1 = fmax(px, qx) + r;
    double ex = qx - px, ey = qy - py, e2 = ex * ex + ey * ey;
    int lo = 0, hi = L->npv;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (L->pv[mid].x < x0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int i = lo; i < L->npv && L->pv[i].x <= x1; i++) {
        const pvert *v = &L->pv[i];
        if (!v->convex || v->y < fmin(py, qy) - r || v->y > fmax(py, qy) + r) continue;
        double t = e2 > 0 ? ((v->x - px) * ex + (v->y - py) * ey) / e2 : 0;
        t = fmin(1, fmax(0, t));
        if (hypot(v->x - px - t * ex, v->y - py - t * ey) > r) continue;
        double ca = v->ax * mx + v->ay * my, cb = v->bx * mx + v->by * my;
        g = fmin(g, fmax(2 * LS_EDGE, LS_DELTA * fmax(fabs(ca), fabs(cb))));
    }
    return g;
}

static void add_cand(lctx *L, double ox, double oy, double nx, double ny, double pos, double len, double dep, double lo,
                     double hi) {
    /* inset so that the delta-grown triangles removed before cannot nick it */
    pos += 4 * LS_DELTA;
    len -= 8 * LS_DELTA;
    dep -= 4 * LS_DELTA;
    if (L->nc >= MAX_CAND || len <= 0 || dep <= 2 * LS_EDGE || pos < lo - 1e-15 || pos + len > hi + 1e-15) return;
    cand *c = &L->c[L->nc++];
    *c = (cand){ox, oy, nx, ny, pos, len, dep, INFINITY, INFINITY, -INFINITY, -INFINITY, lo, hi, false, false};
    double vx = ny, vy = -nx;
    for (int i = 0; i < 4; i++) {
        double a = pos + (i & 1 ? len : 0), t = i & 2 ? dep : LS_EDGE;
        double x = ox + a * vx + t * nx, y = oy + a * vy + t * ny;
        c->x0 = fmin(c->x0, x), c->x1 = fmax(c->x1, x), c->y0 = fmin(c->y0, y), c->y1 = fmax(c->y1, y);
    }
}

static GEOSGeometry *cand_geom(GEOSContextHandle_t ctx, const cand *c) {
    double vx = c->ny, vy = -c->nx, xy[10];
    static const int order[5][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}};
    for (int i = 0; i < 5; i++) {
        double a = c->pos + order[i][0] * c->len, t = order[i][1] ? c->dep : LS_EDGE;
        xy[2 * i] = c->ox + a * vx + t * c->nx;
        xy[2 * i + 1] = c->oy + a * vy + t * c->ny;
    }
    GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, xy, 5, 0, 0);
    return GEOSGeom_createPolygon_r(ctx, GEOSGeom_createLinearRing_r(ctx, cs), NULL, 0);
}

/* Tool 1 changed: the cover goes. */
static void tool1_changed(lctx *L) {
    snip_cover_free(L->cover);
    L->cover = NULL;
}

/* Whether candidate i is solid, asked of tool 1 only when the candidate is
 * about to be used: a region offers hundreds of candidates and uses a few
 * (asking all of them at each region start and each rebuild was 9% of the
 * time at n = 320). Tool 1 only loses material, and a removal marks the
 * candidates it may touch as gone, so an answer stays true until then. */
static bool cand_solid(lctx *L, int i) {
    cand *c = &L->c[i];
    if (!c->solid || c->checked) return c->solid;
    if (!L->cover) L->cover = snip_cover_new(L->b->st, 1);
    GEOSGeometry *r = cand_geom(L->ctx, c);
    c->solid = snip_cover_test(L->cover, r);
    c->checked = true;
    GEOSGeom_destroy_r(L->ctx, r);
    return c->solid;
}

/* Candidates still marked solid are asked again when next used. */
static void recheck_solid(lctx *L) {
    tool1_changed(L);
    for (int i = 0; i < L->nc; i++) L->c[i].checked = false;
}

/* Rectangles of sizes r/2 .. r/8 along the supporting line through o with
 * inward normal n, over [lo, hi] of it. */
static void cands_along(lctx *L, double ox, double oy, double nx, double ny, double lo, double hi, double r) {
    for (int s = 1; s <= 3; s++) {
        double dep = r / (double)(1 << s);
        for (int m = 1; m <= 2; m++) {
            double len = dep * m;
            for (double p = lo; p + len <= hi + 1e-15; p += dep) add_cand(L, ox, oy, nx, ny, p, len, dep, lo, hi);
        }
    }
}

/* Thin rectangles for a part of extent ext x depth (the last resort). */
static void cands_thin(lctx *L, double ox, double oy, double nx, double ny, double lo, double hi) {
    if (L->thin_ext <= 0) return;
    for (int a = 1; a <= 8; a *= 2)
        for (int c = 2; c <= 8; c *= 2) {
            double len = L->thin_ext / a, dep = L->thin_dep / c;
            /* at most 17 positions a line: spread over it, or the candidates
             * of the first lines exhaust MAX_CAND before the lines that still
             * have solid material are reached */
            double step = fmax(len / 2, (hi - lo - len) / 16);
            for (double p = lo; p + len <= hi + 1e-15; p += step) add_cand(L, ox, oy, nx, ny, p, len, dep, lo, hi);
        }
}

/* The solid rectangles worth trying now: the proof's (the inner square, the
 * corner square r/2, the square of side 3r/16 at height 3r/4), rectangles
 * along tool 1's borders x = 1 and y = 0 at the region's scales, and along the
 * longest edges of tool 1's convex hull (any supporting line will do: all of
 * tool 1 lies on one side of it). */
static void make_candidates(lctx *L, double r_out, int nedges) {
    double r_in = L->r_in;
    L->nc = 0;
    if (r_in > 0) add_cand(L, 1, 0, -1, 0, 0, r_in, r_in, 0, 1), add_cand(L, 0, 0, 0, 1, 1 - r_in, r_in, r_in, 0, 1);
    add_cand(L, 1, 0, -1, 0, 0, r_out / 2, r_out / 2, 0, 1);
    add_cand(L, 0, 0, 0, 1, 1 - r_out / 2, r_out / 2, r_out / 2, 0, 1);
    add_cand(L, 1, 0, -1, 0, 0.75 * r_out, 3 * r_out / 16, 3 * r_out / 16, 0, 1);
    cands_along(L, 1, 0, -1, 0, 0, fmin(1, 2 * r_out), r_out);
    cands_along(L, 0, 0, 0, 1, fmax(0, 1 - 2 * r_out), 1, r_out);
    cands_thin(L, 1, 0, -1, 0, 0, 1);
    cands_thin(L, 0, 0, 0, 1, 0, 1);
    GEOSContextHandle_t ctx = L->ctx;
    GEOSGeometry *hull = snip_state_hull(L->b->st, 1);
    snip_polys hp;
    snip_geom_polys(ctx, hull, &hp);
    if (hull) GEOSGeom_destroy_r(ctx, hull);
    if (hp.npieces == 1) {
        const snip_ring *rg = &hp.pieces[0].rings[0];
        /* the longest hull edges */
        int m = rg->n - 1, pick[64], np = 0;
        if (nedges > 64) nedges = 64;
        for (int k = 0; k < nedges && k < m; k++) {
            int best = -1;
            double bl = 0;
            for (int j = 0; j < m; j++) {
                bool used = false;
                for (int q = 0; q < np; q++) used |= pick[q] == j;
                double len = hypot(rg->xy[2 * j + 2] - rg->xy[2 * j], rg->xy[2 * j + 3] - rg->xy[2 * j + 1]);
                if (!used && len > bl) bl = len, best = j;
            }
            if (best < 0) break;
            pick[np++] = best;
        }
        /* orientation of the hull ring, for the inward normal */
        double a2 = snip_ring_area2(rg);
        for (int q = 0; q < np; q++) {
            int j = pick[q];
            double px = rg->xy[2 * j], py = rg->xy[2 * j + 1], qx = rg->xy[2 * j + 2], qy = rg->xy[2 * j + 3];
            double len = hypot(qx - px, qy - py);
            double dx = (qx - px) / len, dy = (qy - py) / len;
            double nx = a2 > 0 ? -dy : dy, ny = a2 > 0 ? dx : -dx; /* inward */
            /* o and v = rot(-90)(n) = (ny, -nx): v is +d or -d */
            double vx = ny, vy = -nx;
            double ox = px, oy = py, lo = 0;
            if (vx * dx + vy * dy < 0) ox = qx, oy = qy;
            (void)lo;
            cands_along(L, ox, oy, nx, ny, 0, len, fmin(len, 2 * r_out));
            cands_thin(L, ox, oy, nx, ny, 0, len);
        }
    }
    /* edges of the target whose line supports tool 1 (P is solid along them) */
    if (nedges >= 64 && hp.npieces == 1 && L->target_edges) {
        const snip_ring *rg = &hp.pieces[0].rings[0];
        for (int e = 0; e < L->ntarget_edges && L->nc < MAX_CAND; e++) {
            const double *q = &L->target_edges[4 * e];
            double len = hypot(q[2] - q[0], q[3] - q[1]);
            if (len <= 0) continue;
            double nx = -(q[3] - q[1]) / len, ny = (q[2] - q[0]) / len;
            /* which side holds the hull? all of it, or the line does not support */
            int side = 0;
            bool ok = true;
            for (int j = 0; j + 1 < rg->n && ok; j++) {
                double t = (rg->xy[2 * j] - q[0]) * nx + (rg->xy[2 * j + 1] - q[1]) * ny;
                if (fabs(t) <= 1e-12) continue;
                int sg = t > 0 ? 1 : -1;
                if (side == 0)
                    side = sg;
                else if (sg != side)
                    ok = false;
            }
            if (!ok || side == 0) continue;
            if (side < 0) nx = -nx, ny = -ny;
            double vx = ny, vy = -nx, ox = q[0], oy = q[1];
            if (vx * (q[2] - q[0]) + vy * (q[3] - q[1]) < 0) ox = q[2], oy = q[3];
            cands_along(L, ox, oy, nx, ny, 0, len, fmin(len, r_out));
            cands_thin(L, ox, oy, nx, ny, 0, len);
        }
    }
    snip_polys_free(&hp);
    for (int i = 0; i < L->nc; i++) L->c[i].solid = true, L->c[i].checked = false;
}

/* Carves tool 2's part of H = {(p - o).m >= 0} inside the box B' away, the
 * deepest row of cells first. With soft_cap > 0 (trimming), does nothing
 * and returns 1 rather than fail when no solid rectangle needs at most
 * soft_cap cells. */
static int clear_halfplane_cap(lctx *L, double bx0, double by0, double bx1, double by1, double ox, double oy, double mx,
                               double my, const GEOSGeometry *keep, int soft_cap, double thin) {
    double px[8], py[8];
    int k = clip_box(bx0, by0, bx1, by1, ox, oy, mx, my, px, py);
    if (k < 3) return 0;
    double ux = my, uy = -mx; /* u = rot(-90)(m): (u, m) and (-m, u) are rotations */
    double smin = INFINITY, smax = -INFINITY, tmax = 0;
    for (int i = 0; i < k; i++) {
        double s = (px[i] - ox) * ux + (py[i] - oy) * uy, t = (px[i] - ox) * mx + (py[i] - oy) * my;
        if (s < smin) smin = s;
        if (s > smax) smax = s;
        if (t > tmax) tmax = t;
    }
    /* A part thinner than `thin` stays in tool 2: tool 1 then loses a strip
     * at most that wide along this line (2 delta between free triangles,
     * less where the line runs along P: remove_triangle). */
    if (tmax <= thin || smax <= smin) return 0;
    int best = -1;
    double best_cells = INFINITY;
    long ns = 0, nt = 0;
    for (int pass = 0; pass < 3; pass++) {
        /* the fewest cells among the solid candidates (the first on ties);
         * a best one not yet checked is checked, and the search repeats
         * without it if it is gone */
        do {
            best = -1, best_cells = INFINITY; /* the candidates may have been rebuilt */
            for (int i = 0; i < L->nc; i++) {
                if (!L->c[i].solid) continue;
                double a = ceil((smax - smin) / L->c[i].len), bcount = ceil(tmax / (L->c[i].dep - LS_EDGE));
                if (a * bcount < best_cells) best_cells = a * bcount, best = i, ns = (long)a, nt = (long)bcount;
            }
        } while (best >= 0 && !cand_solid(L, best));
        if (best >= 0 && best_cells <= MAX_CELLS) break;
        if (soft_cap) break;
        /* tool 1's hull may offer better lines now; then rectangles at the scale of this part */
        if (pass == 0) make_candidates(L, L->r_out, 8);
        if (pass == 1) {
            L->thin_ext = smax - smin;
            L->thin_dep = tmax;
            make_candidates(L, 2 * fmax(smax - smin, tmax), 64);
            L->thin_ext = L->thin_dep = 0;
        }
    }
    if (soft_cap) {
        if (best < 0 || best_cells > soft_cap) return 1;
    } else
        L->no_solid = best < 0 || best_cells > MAX_CELLS;
    if (best < 0 || best_cells > MAX_CELLS) {
        L->b->failed = SNIP_BUILD_ILLEGAL;
        snprintf(L->b->why, sizeof L->b->why,
                 best < 0 ? "no solid part of tool 1 left to carve a cutting tool"
                          : "carving a cutting tool would need more than 64 cells per half-plane");
        return -1;
    }
    const cand *c = &L->c[best];
    /* the rotation taking (v, n) of the candidate to (u, m) */
    double th = atan2(my, mx) - atan2(c->ny, c->nx);
    double cr = cos(th), sr = sin(th);
    double vx = c->ny, vy = -c->nx;
    /* the rectangle's corner nearest the line (LS_EDGE inside it) */
    double ax = c->ox + c->pos * vx + LS_EDGE * c->nx, ay = c->oy + c->pos * vy + LS_EDGE * c->ny,
           cdep = c->dep - LS_EDGE;
    double rax = cr * ax - sr * ay, ray = sr * ax + cr * ay;
    /* Along a row, tool 1 reaches beyond its rectangle on both sides, by as
     * much as its line holds there; the cells go towards the side with less
     * of it, so the longer side lies over cells already cleared and leaves
     * no imprint on tool 2 (a rectangle at the end of its line leaves none) */
    bool desc = c->pos - c->lo < c->hi - c->pos - c->len;
    for (long t = nt - 1; t >= 0; t--)
        for (long jj = 0; jj < ns; jj++) {
            long j = desc ? ns - 1 - jj : jj;
            double Px = ox + (smin + (double)j * c->len) * ux + (double)t * cdep * mx;
            double Py = oy + (smin + (double)j * c->len) * uy + (double)t * cdep * my;
            bool done;
            if (snip_builder_snip(L->b, 2, 1, th * 180.0 / SNIP_PI, Px - rax, Py - ray, keep, &done)) return -1;
            if (done) L->tool2_fresh = false;
        }
    return 0;
}

static int clear_halfplane(lctx *L, double bx0, double by0, double bx1, double by1, double ox, double oy, double mx,
                           double my, const GEOSGeometry *keep, double thin) {
    return clear_halfplane_cap(L, bx0, by0, bx1, by1, ox, oy, mx, my, keep, 0, thin);
}

static GEOSGeometry *tri_geom(GEOSContextHandle_t ctx, const double *x, const double *y, double dx, double dy) {
    double xy[8] = {x[0] + dx, y[0] + dy, x[1] + dx, y[1] + dy, x[2] + dx, y[2] + dy, x[0] + dx, y[0] + dy};
    GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, xy, 4, 0, 0);
    return GEOSGeom_createPolygon_r(ctx, GEOSGeom_createLinearRing_r(ctx, cs), NULL, 0);
}

/* Carves tool 2 into the cutting tool for T: all of B' but T' (grown by
 * delta across shared edges), with T's box grown by the margin m (delta,
 * or more on a retry: remove_triangle). Places tool 2 at (*sx, *sy). */
static int carve_cutter(lctx *L, const tri *T, double m, double *sx_out, double *sy_out) {
    double xmin, ymin, xmax, ymax;
    tri_box(T, &xmin, &ymin, &xmax, &ymax);
    double d = LS_DELTA;
    double w = fmin(1.0, 1 - xmin + m), hgt = fmin(1.0, ymax + m);
    /* tool 2 goes to (1 - w, hgt - 1): its box B' = [0,w] x [1-hgt,1] lands on B */
    double sx = 1 - w, sy = hgt - 1;
    *sx_out = sx, *sy_out = sy;
    if (!L->tool2_fresh) {
        if (snip_builder_reset(L->b, 2)) return -1;
        L->tool2_fresh = true;
    }
    double bx0 = 0, by0 = 1 - hgt, bx1 = w, by1 = 1;
    GEOSGeometry *keep = tri_geom(L->ctx, T->x, T->y, -sx, -sy);
    /* Trim tool 2 towards T's box first (a device for speed only: at the
     * removal snip, tool 2's parts outside B' lie outside tool 1). Without
     * it, every carving snip below imprints tool 1's boundary on tool 2's
     * bulk beyond B' (400-700 vertices at n = 80), and each costs O(n); with
     * it, tool 2 is about B' when carving starts. The cells go deepest row
     * first, so a placed tool 1 (which lies beyond its rectangle's near side)
     * meets only cleared rows or the row being cleared: the trim leaves no
     * imprint. The two trimming half-planes are those of the right and the
     * bottom sides of T's box grown by delta (B's other two sides are T's),
     * over all of tool 2, so they also carve those sides of B'; the bottom
     * one only over what the right one left. A trim that needs more than
     * LS_TRIM_CELLS cells falls back to the half-plane just beyond B' and
     * the side is carved below. No trim while tool 1 is small
     * (LS_TRIM_FROM coordinates: the trim costs snips, and pays in time only
     * when each snip is expensive; measured with bench_snip, n = 40: 1.1 s ->
     * 0.6 s, n = 160: 233 s -> 59 s). */
    bool trim = snip_state_ncoords(L->b->st, 1) > LS_TRIM_FROM;
    double xr = xmax - sx + m, yb = ymin - sy - m; /* the right and bottom sides in tool 2's frame */
    int right = 1, bottom = 1, fallback = 0;       /* right, bottom 0: the trim carved that side */
    if (trim) {
        /* each step only after the ones before it succeeded (or were skipped) */
        right = clear_halfplane_cap(L, 0, 0, 1, 1, xr, 0, 1, 0, keep, LS_TRIM_CELLS, 2 * LS_DELTA);
        if (right == 1)
            fallback = clear_halfplane_cap(L, 0, 0, 1, 1, w + 4 * d, 0, 1, 0, keep, LS_TRIM_CELLS, 2 * LS_DELTA);
        double x1 = right == 0 ? fmin(1.0, xr + 4 * d) : 1.0;
        if (right >= 0 && fallback >= 0)
            bottom = clear_halfplane_cap(L, 0, 0, x1, 1, 0, yb, 0, -1, keep, LS_TRIM_CELLS, 2 * LS_DELTA);
        if (right >= 0 && fallback >= 0 && bottom == 1)
            fallback =
                clear_halfplane_cap(L, 0, 0, x1, 1, 0, 1 - hgt - 4 * d, 0, -1, keep, LS_TRIM_CELLS, 2 * LS_DELTA);
        if (right < 0 || bottom < 0 || fallback < 0) {
            GEOSGeom_destroy_r(L->ctx, keep);
            return -1;
        }
    }
    /* The sides of the bounding box grown by delta first: they are parallel
     * to the axes, so as their rows go (deepest first) tool 2's envelope
     * shrinks towards T, and what is left of B' afterwards lies in the grown
     * box; the triangle's edges then need only that box (fewer cells, and
     * each carving snip meets tool 1 only over that box). */
    int rc = right ? clear_halfplane(L, bx0, by0, bx1, by1, xr, 0, 1, 0, keep, 2 * LS_DELTA) : 0;
    if (!rc) rc = clear_halfplane(L, bx0, by0, bx1, by1, xmin - sx - m, 0, -1, 0, keep, 2 * LS_DELTA);
    if (!rc) rc = clear_halfplane(L, bx0, by0, bx1, by1, 0, ymax - sy + m, 0, 1, keep, 2 * LS_DELTA);
    if (!rc && bottom) rc = clear_halfplane(L, bx0, by0, bx1, by1, 0, yb, 0, -1, keep, 2 * LS_DELTA);
    double tx0 = fmax(bx0, xmin - sx - m), ty0 = fmax(by0, ymin - sy - m);
    double tx1 = fmin(bx1, xmax - sx + m), ty1 = fmin(by1, ymax - sy + m);
    /* the triangle's orientation: outward normals */
    double area2 = tri_area2(T);
    for (int i = 0; i < 3 && !rc; i++) {
        int j = (i + 1) % 3;
        double ex = T->x[j] - T->x[i], ey = T->y[j] - T->y[i], el = hypot(ex, ey);
        if (el == 0) continue;
        double mx = ey / el, my = -ex / el; /* right of the edge */
        if (area2 < 0) mx = -mx, my = -my;
        /* grown by delta across edges it shares with other free triangles
         * (so that their cuts overlap by 2 delta), and only by 2 LS_EDGE
         * across P's edges: tool 1, placed LS_EDGE back, may reach LS_EDGE
         * across the line, and the cutting tool must still hold T; what P
         * loses does not grow with delta (pvert_cap: nor where a shared
         * edge runs along a sharp vertex of P) */
        double g = T->on_p[i] ? 2 * LS_EDGE : d;
        if (!T->on_p[i]) g = pvert_cap(L, T->x[i], T->y[i], T->x[j], T->y[j], mx, my, g);
        double ox = T->x[i] - sx + g * mx, oy = T->y[i] - sy + g * my;
        /* a part beyond the line thinner than 2 delta may stay where the
         * growth is delta; where it is less (P's edges, pvert_cap), only as
         * thin as the growth: the cut reaches at most 2 g across the line */
        rc = clear_halfplane(L, tx0, ty0, tx1, ty1, ox, oy, mx, my, keep, g < d ? g : 2 * d);
    }
    GEOSGeom_destroy_r(L->ctx, keep);
    return rc ? -1 : 0;
}

/* Margins of T's box for carve_cutter: delta, then (after a graze) larger.
 * A carving snip that would take at most SNIP_MIN_CUT of area is refused by
 * the rules (issue 20) and skipped, and what it should have taken stays in
 * the cutting tool: harmless when thin, but where P has features of 1e-6 a
 * part of tool 2 can hold less than 1e-12 and still be 2e-7 thick, and the
 * removal then cuts P that deep. So after a graze that would have taken a
 * part thicker than the 2 delta the construction allows elsewhere (the
 * builder's graze_radius, about the width of a strip),
 * tool 2 is reset and carved again with the box grown by a larger margin:
 * a half-plane beyond an edge of T then holds at least about m^2 / 2 of the
 * box (5e-11 at m = 1e-5), and the cells fall elsewhere. The box, and so
 * the cutting tool, may then reach that far beyond T: only T' is kept, so
 * tool 1 still loses only T. Rare (one retry at n = 320 of bench_snip
 * --seed 1); after the last margin the construction goes on, and the final
 * check says whether P was kept. */
static const double carve_margins[] = {LS_DELTA, 4e-6, 3e-5, 2.5e-4};

/* Removes the free triangle T from tool 1; *refused: the removal was refused
 * as a graze and left more than a sliver (thicker than 2 delta) of T. */
static int remove_once(lctx *L, const tri *T, const GEOSGeometry *target, bool *refused) {
    double xmin, ymin, xmax, ymax;
    tri_box(T, &xmin, &ymin, &xmax, &ymax);
    double d = LS_DELTA, sx = 0, sy = 0;
    int nm = (int)(sizeof carve_margins / sizeof carve_margins[0]);
    for (int k = 0; k < nm; k++) {
        L->b->graze_radius = 0;
        if (carve_cutter(L, T, carve_margins[k], &sx, &sy)) return -1;
        if (L->b->graze_radius <= 2 * LS_DELTA || k + 1 == nm) break;
    }
    int before = L->b->moves.n;
    tool1_changed(L); /* while the cover's tool is still the one it was made for */
    L->b->graze_radius = 0;
    bool done = false;
    if (snip_builder_snip(L->b, 1, 2, 0, sx, sy, target, &done)) return -1;
    *refused = !done && L->b->graze_radius > 2 * LS_DELTA;
    if (L->b->moves.n == before + 2) {
        /* connected model: the snip split tool 1 and pieces were dropped, so
         * rectangles far from T may be gone too: check them all again */
        recheck_solid(L);
    }
    /* solid rectangles this removal may have touched are solid no more */
    for (int i = 0; i < L->nc; i++) {
        double x0 = L->c[i].x0, y0 = L->c[i].y0, x1 = L->c[i].x1, y1 = L->c[i].y1;
        if (x0 <= xmax + 2 * d && x1 >= xmin - 2 * d && y0 <= ymax + 2 * d && y1 >= ymin - 2 * d) L->c[i].solid = false;
    }
    return 0;
}

/* Removes the free triangle T from tool 1. A triangle of at most about
 * SNIP_MIN_CUT of area cannot be removed alone (the rules refuse a snip
 * that takes no more: issue 20), and one in a notch of P 1e-6 wide can be
 * that small and still hold a disc of radius 3e-7, which would stay in
 * tool 1 (tests/test_snip.c's notch targets). Such triangles go first in
 * their region (LS_TINY), so that the free space next to them is still
 * there; when the removal is refused, T is
 * removed grown across one of its edges that is not P's: scaled about the
 * opposite vertex to about 1e-11 of area, so that its edges along the other
 * two lines stay on them, provided the grown triangle's interior does not
 * meet P's (the part beyond the edge is free space, removed now rather than
 * with the triangle it belongs to, which later takes what is left). */
static int remove_triangle(lctx *L, const tri *T, const GEOSGeometry *target) {
    bool refused = false;
    if (remove_once(L, T, target, &refused)) return -1;
    double a = fabs(tri_area2(T)) / 2;
    for (int v = 0; v < 3 && refused && a > 0; v++) {
        int i = (v + 1) % 3, j = (v + 2) % 3; /* the edge i -> j, opposite v */
        if (T->on_p[i]) continue;
        for (double want = 1e-11; want <= 1e-9 && refused; want *= 10) {
            double f = sqrt(want / a);
            if (f <= 1) continue; /* T is that large already */
            tri G = *T;
            G.x[i] = T->x[v] + f * (T->x[i] - T->x[v]), G.y[i] = T->y[v] + f * (T->y[i] - T->y[v]);
            G.x[j] = T->x[v] + f * (T->x[j] - T->x[v]), G.y[j] = T->y[v] + f * (T->y[j] - T->y[v]);
            /* P may meet it along the two lines it keeps (the scaled
             * vertices lie an ulp off them): a strip thinner than LS_EDGE,
             * as the removal's own growth across P's edges */
            GEOSGeometry *g = tri_geom(L->ctx, G.x, G.y, 0, 0), *x = g ? GEOSIntersection_r(L->ctx, g, target) : NULL;
            double xa = INFINITY, per = 0;
            if (!x || !GEOSArea_r(L->ctx, x, &xa) || !GEOSLength_r(L->ctx, g, &per)) xa = INFINITY;
            bool meets = !(xa <= LS_EDGE * per);
            if (x) GEOSGeom_destroy_r(L->ctx, x);
            if (g) GEOSGeom_destroy_r(L->ctx, g);
            if (meets) break; /* a larger one meets P too */
            if (remove_once(L, &G, target, &refused)) return -1;
        }
    }
    return 0;
}

/* The free triangles of the region S(r_out) \ S(r_in), in the proof's order. */
static int region_triangles(GEOSContextHandle_t ctx, const GEOSGeometry *target, double r_out, double r_in, tri **out) {
    GEOSGeometry *outer = snip_square(ctx, 1 - r_out, 0, 1, r_out);
    GEOSGeometry *q = outer;
    if (r_in > 0) {
        GEOSGeometry *inner = snip_square(ctx, 1 - r_in, 0, 1, r_in);
        q = GEOSDifference_r(ctx, outer, inner);
        GEOSGeom_destroy_r(ctx, inner);
        GEOSGeom_destroy_r(ctx, outer);
    }
    GEOSGeometry *free_space = q ? GEOSDifference_r(ctx, q, target) : NULL;
    if (q) GEOSGeom_destroy_r(ctx, q);
    GEOSGeometry *cdt = free_space ? GEOSConstrainedDelaunayTriangulation_r(ctx, free_space) : NULL;
    if (free_space) GEOSGeom_destroy_r(ctx, free_space);
    *out = NULL;
    if (!cdt) return -1;
    GEOSGeometry *rim = GEOSBoundary_r(ctx, target);
    const GEOSPreparedGeometry *prim = rim ? GEOSPrepare_r(ctx, rim) : NULL;
    int k = GEOSGetNumGeometries_r(ctx, cdt), n = 0;
    tri *t = pl_xcalloc(k > 0 ? (size_t)k : 1, sizeof *t);
    for (int i = 0; i < k; i++) {
        const GEOSGeometry *g = GEOSGetGeometryN_r(ctx, cdt, i);
        if (GEOSGeomTypeId_r(ctx, g) != GEOS_POLYGON || GEOSisEmpty_r(ctx, g) == 1) continue;
        const GEOSCoordSequence *cs = GEOSGeom_getCoordSeq_r(ctx, GEOSGetExteriorRing_r(ctx, g));
        tri *T = &t[n];
        for (unsigned v = 0; v < 3; v++) GEOSCoordSeq_getXY_r(ctx, cs, v, &T->x[v], &T->y[v]);
        double a2 = fabs(tri_area2(T));
        if (!(a2 > 1e-24)) continue;
        /* cross-triangles: every vertex on the outer L boundary (top or left) */
        double tol = 1e-12;
        int on = 0;
        for (int v = 0; v < 3; v++) on += fabs(T->y[v] - r_out) <= tol || fabs(T->x[v] - (1 - r_out)) <= tol;
        double cx = (T->x[0] + T->x[1] + T->x[2]) / 3, cy = (T->y[0] + T->y[1] + T->y[2]) / 3;
        T->cross = r_in > 0 && on == 3;
        /* an edge of P: both ends and the midpoint on P's boundary (the
         * triangulation keeps P's edges, so their ends are P's vertices) */
        for (int v = 0; v < 3; v++) {
            int w = (v + 1) % 3;
            double px[3] = {T->x[v], T->x[w], (T->x[v] + T->x[w]) / 2};
            double py[3] = {T->y[v], T->y[w], (T->y[v] + T->y[w]) / 2};
            bool all = prim != NULL;
            for (int q = 0; q < 3 && all; q++) {
                GEOSCoordSequence *pcs = GEOSCoordSeq_create_r(ctx, 1, 2);
                GEOSCoordSeq_setXY_r(ctx, pcs, 0, px[q], py[q]);
                GEOSGeometry *pt = GEOSGeom_createPoint_r(ctx, pcs);
                all = GEOSPreparedDistanceWithin_r(ctx, prim, pt, 1e-12) == 1;
                GEOSGeom_destroy_r(ctx, pt);
            }
            T->on_p[v] = all;
        }
        T->tiny = a2 / 2 <= LS_TINY;
        T->key = T->cross ? hypot(cx - (1 - r_out), cy - r_out) : atan2(cy, 1 - cx);
        n++;
    }
    GEOSGeom_destroy_r(ctx, cdt);
    if (prim) GEOSPreparedGeom_destroy_r(ctx, prim);
    if (rim) GEOSGeom_destroy_r(ctx, rim);
    qsort(t, (size_t)n, sizeof *t, tri_cmp);
    *out = t;
    return n;
}

/* The radii of the squares, from the distinct distances d[0] = 1 > d[1] >
 * ... > d[m-1] = 0 (in place; returns the new count). The proof puts a side
 * through every vertex, so that no region holds a vertex inside. Where two
 * distances differ by less than LS_MIN_GAP, the region between them is that
 * narrow, and the side of one square passes that close to the other vertex:
 * the free space there falls into pieces of less than SNIP_MIN_CUT = 1e-12
 * of area that may still be 1e-7 thick, which no snip may take alone (issue
 * 20's rule; a notch of P with its tip 1e-6 beyond a side left such a
 * piece in tool 1). So a run of distances with gaps below LS_MIN_GAP gets
 * no sides of its own: one region holds the whole run, bounded by sides at
 * the middle of the gaps above and below it (at least LS_MIN_GAP / 2 from
 * every vertex; none needed next to 1 or 0). An isolated distance keeps its
 * side through its vertex, as in the proof. A region with k vertices inside
 * has O(n + k) free faces, so the O(n^2) bound stands (and is checked on
 * every certificate in the tests). */
static void push_radius(double *d, int *out, double r) {
    if (d[*out - 1] - r > 64 * LS_DELTA) d[(*out)++] = r; /* a side twice (two runs' shared gap): once */
}

static int region_radii(double *d, int m) {
    double *in = pl_xmalloc((size_t)m * sizeof *in); /* d is written as it is read */
    memcpy(in, d, (size_t)m * sizeof *in);
    int out = 1; /* d[0] = 1 stays */
    for (int i = 1; i < m - 1;) {
        int j = i;
        while (j + 1 < m - 1 && in[j] - in[j + 1] < LS_MIN_GAP) j++;
        double up = in[i - 1] - in[i], down = in[j] - in[j + 1];
        if (i == j && up >= LS_MIN_GAP && down >= LS_MIN_GAP) {
            push_radius(d, &out, in[i]);
        } else {
            if (up >= LS_MIN_GAP) push_radius(d, &out, in[i] + up / 2);
            if (down >= LS_MIN_GAP) push_radius(d, &out, in[j] - down / 2);
        }
        i = j + 1;
    }
    d[out++] = 0.0; /* the last side is at least LS_MIN_GAP / 2 above it */
    free(in);
    return out;
}

int snip_solve_lshape(const snip_level *l, pl_limits *lim, pl_solution *out, pl_error *err) {
    (void)err;
    GEOSContextHandle_t ctx = l->ctx;
    snip_builder b;
    snip_builder_init(&b, l, lim);
    lctx L = {.b = &b, .ctx = ctx, .tool2_fresh = true, .c = pl_xmalloc(MAX_CAND * sizeof(cand))};
    snip_polys t;
    snip_level_target(l, &t);
    int nv = 0;
    for (int i = 0; i < t.npieces; i++)
        for (int r = 0; r < t.pieces[i].nrings; r++) nv += t.pieces[i].rings[r].n - 1;
    double *d = pl_xmalloc((size_t)(nv + 2) * sizeof *d);
    int k = 0;
    d[k++] = 1.0;
    for (int i = 0; i < t.npieces; i++)
        for (int r = 0; r < t.pieces[i].nrings; r++)
            for (int v = 0; v + 1 < t.pieces[i].rings[r].n; v++) {
                double x = t.pieces[i].rings[r].xy[2 * v], y = t.pieces[i].rings[r].xy[2 * v + 1];
                d[k++] = fmax(1 - x, y);
            }
    double *te = pl_xmalloc((size_t)(nv + 1) * 4 * sizeof *te);
    int ne = 0;
    for (int i = 0; i < t.npieces; i++)
        for (int r = 0; r < t.pieces[i].nrings; r++)
            for (int v = 0; v + 1 < t.pieces[i].rings[r].n; v++, ne++)
                memcpy(&te[4 * ne], &t.pieces[i].rings[r].xy[2 * v], 4 * sizeof(double));
    L.target_edges = te;
    L.ntarget_edges = ne;
    pvert *pv = pl_xmalloc((size_t)(nv + 1) * sizeof *pv);
    int npv = 0;
    for (int i = 0; i < t.npieces; i++)
        for (int r = 0; r < t.pieces[i].nrings; r++) {
            const snip_ring *rg = &t.pieces[i].rings[r];
            int m = rg->n - 1;
            bool left = (r == 0) == (snip_ring_area2(rg) > 0); /* P's interior lies left of the ring's direction */
            for (int v = 0; v < m; v++) {
                int u = (v + m - 1) % m, w = (v + 1) % m;
                double x = rg->xy[2 * v], y = rg->xy[2 * v + 1];
                double ax = rg->xy[2 * u] - x, ay = rg->xy[2 * u + 1] - y, bx = rg->xy[2 * w] - x,
                       by = rg->xy[2 * w + 1] - y;
                double la = hypot(ax, ay), lb = hypot(bx, by);
                if (!(la > 0) || !(lb > 0)) continue;
                /* a turn towards the interior's side: the interior wedge is the convex one */
                double turn = -ax * by + ay * bx; /* cross(v - u, w - v) */
                pv[npv++] = (pvert){x, y, ax / la, ay / la, bx / lb, by / lb, left ? turn > 0 : turn < 0};
            }
        }
    qsort(pv, (size_t)npv, sizeof *pv, pvert_cmp);
    L.pv = pv;
    L.npv = npv;
    snip_polys_free(&t);
    d[k++] = 0.0;
    qsort(d, (size_t)k, sizeof *d, dbl_desc);
    /* distinct radii (ones closer than the grid resolves merge), ending at 0 */
    int m = 0;
    for (int i = 0; i < k; i++)
        if (m == 0 || d[m - 1] - d[i] > 64 * LS_DELTA) d[m++] = d[i];
    if (d[m - 1] <= 64 * LS_DELTA)
        d[m - 1] = 0.0;
    else
        d[m++] = 0.0;
    m = region_radii(d, m);
    for (int j = 1; j < m && !b.failed; j++) {
        double r_out = d[j - 1], r_in = d[j];
        if (lim && lim->time_limit > 0 && !pl_limits_check_time(lim)) {
            b.failed = SNIP_BUILD_LIMIT;
            snprintf(b.why, sizeof b.why, "%s reached", pl_limit_name(lim->hit));
            break;
        }
        tri *T;
        int nt = region_triangles(ctx, l->target, r_out, r_in, &T);
        if (nt < 0) {
            b.failed = SNIP_BUILD_ILLEGAL;
            snprintf(b.why, sizeof b.why, "triangulating the free space failed: %.200s", l->geos_msg);
            break;
        }
        L.r_out = r_out;
        L.r_in = r_in;
        if (nt > 0) make_candidates(&L, r_out, 8);
        /* A triangle with no solid part to carve its tool waits until the
         * others are gone (tool 1's hull changes); when a whole pass removes
         * none, the ones left are split in four (smaller boxes need smaller
         * solid rectangles), at most three times. */
        bool *left = pl_xcalloc((size_t)nt + 1, sizeof *left);
        for (int i = 0; i < nt; i++) left[i] = true;
        int splits = 0;
        for (int remaining = nt; remaining && !b.failed;) {
            int progress = 0;
            for (int i = 0; i < nt && !b.failed; i++) {
                if (!left[i]) continue;
                if (remove_triangle(&L, &T[i], l->target) == 0) {
                    left[i] = false, remaining--, progress = 1;
                } else if (b.failed == SNIP_BUILD_ILLEGAL && L.no_solid) {
                    b.failed = 0;
                    L.tool2_fresh = false;
                }
            }
            if (progress || !remaining || b.failed) continue;
            if (splits++ == 3) {
                b.failed = SNIP_BUILD_ILLEGAL;
                snprintf(b.why, sizeof b.why,
                         "no solid part of tool 1 left to carve a cutting tool (%d triangles left)", remaining);
                break;
            }
            tri *U = pl_xcalloc((size_t)remaining * 4, sizeof *U);
            int nu = 0;
            for (int i = 0; i < nt; i++) {
                if (!left[i]) continue;
                double mx[3], my[3];
                for (int v = 0; v < 3; v++)
                    mx[v] = (T[i].x[v] + T[i].x[(v + 1) % 3]) / 2, my[v] = (T[i].y[v] + T[i].y[(v + 1) % 3]) / 2;
                for (int v = 0; v < 3; v++) {
                    tri *c = &U[nu++];
                    c->x[0] = T[i].x[v], c->y[0] = T[i].y[v];
                    c->x[1] = mx[v], c->y[1] = my[v];
                    c->x[2] = mx[(v + 2) % 3], c->y[2] = my[(v + 2) % 3];
                    /* halves of the parent's edges v and v+2; the new edge is inside */
                    c->on_p[0] = T[i].on_p[v];
                    c->on_p[1] = false;
                    c->on_p[2] = T[i].on_p[(v + 2) % 3];
                }
                tri *c = &U[nu++];
                memcpy(c->x, mx, sizeof mx);
                memcpy(c->y, my, sizeof my);
            }
            free(T);
            free(left);
            T = U;
            nt = nu;
            remaining = nu;
            left = pl_xcalloc((size_t)nt + 1, sizeof *left);
            for (int i = 0; i < nt; i++) left[i] = true;
        }
        free(left);
        free(T);
    }
    free(d);
    free(te);
    free(pv);
    free(L.c);
    tool1_changed(&L);
    snip_builder_finish(&b, "lshape", out);
    snip_builder_free(&b);
    return 0;
}

int snip_lshape_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return snip_solve_lshape(level, req->limits, out, err);
}
