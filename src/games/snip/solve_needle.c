/* Theorem 3 (Demaine, Korman, van Renssen, Roeloffzen, "Snipperclips",
 * Section 4): in the connected model any polygonal domain P of n vertices is
 * cut out of tool 1 with O(n) snips and no reset.
 *
 * The idea, as in the proof: tool 2 becomes a needle, a thin isosceles
 * triangle whose apex angle is at most the smallest angle alpha of P and whose
 * width stays below h (the shortest distance from a vertex to a non-adjacent
 * edge), so that laid along an edge of P, on its outer side, it can touch no
 * other feature. Edges are grouped by length class E_i (length in
 * (2^-i-1, 2^-i]) and cut longest class first; each edge is covered by needle
 * placements from both of its ends, the apex at the vertex, so the needle never
 * cuts into the adjacent edges. Between classes the needle is shortened with
 * one snip against a convex-hull vertex of tool 1. Whenever a snip splits
 * tool 1, the piece holding the target is kept; once every edge of a ring is
 * traced, the material outside it falls away.
 *
 * What differs from the proof, and why (docs/algorithms.md):
 *  - Robustness: every needle is laid delta = 2^-42 into P (16 grid cells of
 *    the 2^-46 snap-rounding grid) and starts eps = (NEEDLE_JOIN + 2 delta) / tan(apex) before
 *    the vertex, so consecutive cuts overlap and no sliver of rounding keeps
 *    the outside attached to P. The result differs from P by delta times the
 *    perimeter in area, and in Hausdorff distance by delta / sin(alpha / 2):
 *    the two cuts at a vertex of angle alpha cross that far inside it. With
 *    the old 2^-37 (grid 2^-40) that was 3.8e-9 at the 0.22-degree vertex of
 *    a 640-vertex random target, over the 1e-9 tolerance (bench_snip ended
 *    `unknown`); now a target whose tip loss would pass tolerance / 4
 *    (alpha < ~0.1 degree) is refused up front with the reason.
 *  - Needle lengths: class i uses legs 2^-i-3 (the proof: 2^-i-2) and covers
 *    each edge half from each end, leaving a margin before the far vertex when
 *    the next edge turns back over the outer side; this costs at most 10 snips
 *    per edge instead of the proof's 4.
 *  - The needle is 3 snips (base and both legs: a unit square cannot remove a
 *    whole side of a full-length needle in one snip), and shortening it
 *    removes the far part by cutting across it with the wedge of tool 1 at a
 *    hull vertex (the far part falls away as a separate piece, the connected
 *    model keeps the apex), so the needle becomes a triangle with a notch: its
 *    apex wedge is intact for the new length L and it reaches at most 2L.
 * Snips: 3 + 10 n + (classes - 1) <= 3 + 11 n (checked in tests; info shows
 * the bound). Time: tool 1 keeps O(n) coordinates (the needle's notches stay
 * until a ring closes), but the rules keep it in leaves of at most
 * SNIP_LEAF_MAX_CONNECTED coordinates (since issue 21), so a snip is an
 * overlay on the one or two leaves under the needle, not on all of tool 1;
 * tool 1's union and hull are built once a length class (shortening tries
 * hull vertices until one works, O(n) overlays in the worst case) and at each
 * keep. Measured in docs/benchmarks.md (n = 1000: 8 minutes before the
 * leaves, about 45 CPU seconds after). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

#define NEEDLE_DELTA (1.0 / 4398046511104.0) /* 2^-42 */
/* Where the cuts of two edges meet at a vertex, the needles overlap over a
 * width of about eps tan(apex): the moat that separates P from the material
 * outside it is that thick there and nowhere thinner. It must hold in any
 * faithful replay, not only on our grid: plain double-precision GEOS falls
 * back to snapping with a tolerance of about 1e-12 when its floating overlay
 * fails, and a moat of 4.5e-13 (eps = 2 delta / tan(apex), before issue 20)
 * was bridged there. 2^-34 ~ 5.8e-11: 4,000 grid cells, 50 times that
 * tolerance, and what a needle laid so far past a reflex vertex cuts from P
 * (a wedge at most this wide) stays below tolerance / 16. */
#define NEEDLE_JOIN (1.0 / 17179869184.0) /* 2^-34 */
#define APEX_X 0.05
#define APEX_Y 0.5

typedef struct edge {
    double px, py, qx, qy, len;
    double beta_p, beta_q; /* outer angle between this edge and the next/previous one at p and q (radians) */
    int cls;
} edge;

typedef struct needle {
    double half;  /* half the apex angle (radians) */
    double cover; /* the leg is intact from the apex this far */
    double reach; /* no point of the needle is farther from the apex */
} needle;

static double ang(double x, double y) {
    return atan2(y, x);
}

/* Tool 2 (the needle, apex at (APEX_X, APEX_Y), axis +x) placed in tool 1's
 * frame: apex at (ax, ay), axis at angle phi. */
static void place_needle(double phi, double ax, double ay, double *theta, double *tx, double *ty) {
    double c = cos(phi), s = sin(phi);
    *theta = phi * 180.0 / SNIP_PI;
    *tx = ax - (c * APEX_X - s * APEX_Y);
    *ty = ay - (s * APEX_X + c * APEX_Y);
}

static GEOSGeometry *triangle(GEOSContextHandle_t ctx, double ax, double ay, double bx, double by, double cx,
                              double cy) {
    double xy[8] = {ax, ay, bx, by, cx, cy, ax, ay};
    GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, xy, 4, 0, 0);
    return GEOSGeom_createPolygon_r(ctx, GEOSGeom_createLinearRing_r(ctx, cs), NULL, 0);
}

/* The needle's guaranteed part: the apex triangle with legs of length L. */
static GEOSGeometry *needle_core(GEOSContextHandle_t ctx, double half, double L) {
    return triangle(ctx, APEX_X, APEX_Y, APEX_X + L * cos(half), APEX_Y + L * sin(half), APEX_X + L * cos(half),
                    APEX_Y - L * sin(half));
}

static double max_dist_from_apex(GEOSContextHandle_t ctx, const GEOSGeometry *g) {
    snip_polys p;
    snip_geom_polys(ctx, g, &p);
    double m = 0;
    for (int i = 0; i < p.npieces; i++)
        for (int r = 0; r < p.pieces[i].nrings; r++)
            for (int k = 0; k < p.pieces[i].rings[r].n; k++) {
                double d = hypot(p.pieces[i].rings[r].xy[2 * k] - APEX_X, p.pieces[i].rings[r].xy[2 * k + 1] - APEX_Y);
                if (d > m) m = d;
            }
    snip_polys_free(&p);
    return m;
}

bool snip_needle_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const snip_level *l = level;
    if (l->model != SNIP_CONNECTED) {
        snprintf(why, n, "the needle construction is for the connected model (Theorem 3)");
        return false;
    }
    if (snip_geom_npieces(l->ctx, l->target) != 1) {
        snprintf(why, n, "the target has several pieces");
        return false;
    }
    snprintf(why, n, "connected model, one piece: Theorem 3's needle, O(n) snips");
    return true;
}

/* Collects P's edges oriented with P on their left (shells CCW, holes CW). */
static int collect_edges(const snip_level *l, edge **out) {
    snip_polys t;
    snip_level_target(l, &t);
    int total = 0;
    for (int r = 0; r < t.pieces[0].nrings; r++) total += t.pieces[0].rings[r].n - 1;
    edge *e = pl_xcalloc((size_t)total, sizeof *e);
    int k = 0;
    for (int r = 0; r < t.pieces[0].nrings; r++) {
        snip_ring *rg = &t.pieces[0].rings[r];
        int m = rg->n - 1;
        double area2 = snip_ring_area2(rg);
        bool want_ccw = r == 0;
        bool rev = (area2 > 0) != want_ccw;
        int first = k;
        for (int j = 0; j < m; j++, k++) {
            int a = rev ? m - j : j, b = rev ? m - j - 1 : j + 1;
            e[k].px = rg->xy[2 * a];
            e[k].py = rg->xy[2 * a + 1];
            e[k].qx = rg->xy[2 * b];
            e[k].qy = rg->xy[2 * b + 1];
            e[k].len = hypot(e[k].qx - e[k].px, e[k].qy - e[k].py);
            /* a zero-length edge (a repeated vertex) is in the finest class,
             * as in snip_level_params: -log2(0) is infinite, and converting
             * it to int undefined (found by libFuzzer) */
            double lg = e[k].len > 0 ? floor(-log2(e[k].len)) : 79;
            e[k].cls = e[k].len > 1 ? -1 : (int)(lg < 79 ? lg : 79);
        }
        /* outer angles: at q between this edge reversed and the next edge, on the right */
        for (int j = 0; j < m; j++) {
            edge *a = &e[first + j], *b = &e[first + (j + 1) % m];
            double dx = a->qx - a->px, dy = a->qy - a->py, fx = b->qx - b->px, fy = b->qy - b->py;
            /* turn from a to b; interior angle = pi - turn (left turn positive) */
            double turn = atan2(dx * fy - dy * fx, dx * fx + dy * fy);
            double interior = SNIP_PI - turn;
            double outer = 2 * SNIP_PI - interior;
            a->beta_q = outer;
            b->beta_p = outer;
        }
    }
    snip_polys_free(&t);
    *out = e;
    return total;
}

static int by_class(const void *a, const void *b) {
    const edge *x = a, *y = b;
    return (x->cls > y->cls) - (x->cls < y->cls);
}

/* The margin to keep before the far vertex so the needle (reach E, half angle
 * hf) does not cross the next edge when it turns back over the outer side at
 * angle beta. */
static double margin(double E, double hf, double beta) {
    if (beta >= SNIP_PI / 2) return 0;
    return E * tan(2 * hf) / tan(beta) * 1.05 + 4 * NEEDLE_DELTA;
}

/* Cuts along one edge: placements from p forward, then from q backward. */
static int cut_edge(snip_builder *b, const edge *e, const needle *nd, double eps, const GEOSGeometry *target) {
    double dx = (e->qx - e->px) / e->len, dy = (e->qy - e->py) / e->len;
    double nx = dy, ny = -dx; /* outer normal: P is on the left */
    double step = nd->cover * 0.999;
    for (int dir = 0; dir < 2; dir++) {
        double beta_far = dir == 0 ? e->beta_q : e->beta_p;
        double limit = e->len - nd->reach - margin(nd->reach, nd->half, beta_far);
        for (double s = -eps;; s += step) {
            if (s > -eps && s > limit) {
                snprintf(b->why, sizeof b->why, "edge of length %.3g too short for the needle (reach %.3g)", e->len,
                         nd->reach);
                b->failed = SNIP_BUILD_ILLEGAL;
                return -1;
            }
            double theta, tx, ty;
            if (dir == 0) {
                /* apex at p + s d, shifted delta into P; the upper leg along d */
                double ax = e->px + s * dx - NEEDLE_DELTA * nx, ay = e->py + s * dy - NEEDLE_DELTA * ny;
                place_needle(ang(dx, dy) - nd->half, ax, ay, &theta, &tx, &ty);
            } else {
                double ax = e->qx - s * dx - NEEDLE_DELTA * nx, ay = e->qy - s * dy - NEEDLE_DELTA * ny;
                place_needle(ang(-dx, -dy) + nd->half, ax, ay, &theta, &tx, &ty);
            }
            if (snip_builder_snip(b, 1, 2, theta, tx, ty, target, NULL)) return -1;
            if (s + nd->cover * 0.999 >= e->len / 2 + eps) break;
        }
    }
    return 0;
}

/* Shortens the needle to legs L by cutting across it with the wedge of tool 1
 * at a vertex of tool 1's convex hull (the far part falls away). */
static int shorten(snip_builder *b, needle *nd, double L) {
    GEOSContextHandle_t ctx = b->l->ctx;
    const GEOSGeometry *t1 = snip_state_tool(b->st, 1);
    GEOSGeometry *hull = GEOSConvexHull_r(ctx, t1);
    snip_polys hp;
    snip_geom_polys(ctx, hull, &hp);
    GEOSGeom_destroy_r(ctx, hull);
    GEOSGeometry *core = needle_core(ctx, nd->half, L);
    int rc = -1;
    if (hp.npieces == 1) {
        const snip_ring *rg = &hp.pieces[0].rings[0];
        int m = rg->n - 1;
        static const double tries[] = {1.0, 1.25, 1.5};
        for (int ti = 0; ti < 3 && rc; ti++)
            for (int j = 0; j < m && rc; j++) {
                if (b->lim && (!pl_limits_tick(b->lim) || (b->lim->time_limit > 0 && !pl_limits_check_time(b->lim)))) {
                    b->failed = SNIP_BUILD_LIMIT;
                    snprintf(b->why, sizeof b->why, "%s reached", pl_limit_name(b->lim->hit));
                    goto out;
                }
                double ux = rg->xy[2 * j], uy = rg->xy[2 * j + 1];
                int pj = (j + m - 1) % m, nj = (j + 1) % m;
                double ax = rg->xy[2 * pj] - ux, ay = rg->xy[2 * pj + 1] - uy;
                double cx = rg->xy[2 * nj] - ux, cy = rg->xy[2 * nj + 1] - uy;
                double la = hypot(ax, ay), lc = hypot(cx, cy);
                if (la == 0 || lc == 0) continue;
                double bx = ax / la + cx / lc, by = ay / la + cy / lc, lb = hypot(bx, by);
                if (lb < 1e-9) continue;
                bx /= lb, by /= lb;
                double t = L * tries[ti];
                /* tool 2 in tool 1's frame: apex at u - t b, axis b */
                double th, tx, ty;
                place_needle(ang(bx, by), ux - t * bx, uy - t * by, &th, &tx, &ty);
                /* the snip is written the other way: tool 1 in tool 2's frame */
                double r = th * SNIP_PI / 180.0, c = cos(r), s = sin(r);
                double itx = -(c * tx + s * ty), ity = -(-s * tx + c * ty);
                GEOSGeometry *placed = snip_place(ctx, t1, -th, itx, ity);
                GEOSGeometry *res =
                    placed ? GEOSDifferencePrec_r(ctx, snip_state_tool(b->st, 2), placed, SNIP_GRID) : NULL;
                if (placed) GEOSGeom_destroy_r(ctx, placed);
                if (!res) continue;
                /* the piece holding the apex core */
                const GEOSGeometry *best = NULL;
                double best_a = -1;
                int np = snip_geom_npieces(ctx, res);
                for (int i = 0; i < np; i++) {
                    const GEOSGeometry *pc =
                        GEOSGeomTypeId_r(ctx, res) == GEOS_POLYGON ? res : GEOSGetGeometryN_r(ctx, res, i);
                    GEOSGeometry *x = GEOSIntersection_r(ctx, pc, core);
                    double a = 0;
                    if (x) GEOSArea_r(ctx, x, &a), GEOSGeom_destroy_r(ctx, x);
                    if (a > best_a) best_a = a, best = pc;
                }
                double core_a = 0;
                GEOSArea_r(ctx, core, &core_a);
                bool ok = best && best_a >= core_a - 8 * L * SNIP_GRID && max_dist_from_apex(ctx, best) <= 2 * L;
                double reach = ok ? max_dist_from_apex(ctx, best) : 0;
                GEOSGeom_destroy_r(ctx, res);
                if (!ok) continue;
                bool done;
                if (snip_builder_snip(b, 2, 1, -th, itx, ity, core, &done)) goto out;
                if (!done) continue;
                nd->cover = L;
                nd->reach = reach;
                rc = 0;
            }
    }
    if (rc && !b->failed) {
        b->failed = SNIP_BUILD_ILLEGAL;
        snprintf(b->why, sizeof b->why, "no hull vertex of tool 1 shortens the needle to %.3g", L);
    }
out:
    GEOSGeom_destroy_r(ctx, core);
    snip_polys_free(&hp);
    return rc;
}

int snip_solve_needle(const snip_level *l, pl_limits *lim, pl_solution *out, pl_error *err) {
    (void)err;
    GEOSContextHandle_t ctx = l->ctx;
    snip_params q;
    snip_level_params(l, &q);
    edge *e;
    int n = collect_edges(l, &e);
    qsort(e, (size_t)n, sizeof *e, by_class);
    snip_builder b;
    snip_builder_init(&b, l, lim);
    double alpha = q.min_angle * SNIP_PI / 180.0;
    double L0 = ldexp(1.0, -e[0].cls - 3);
    needle nd;
    double apex = fmin(alpha / 2, 0.5 * SNIP_PI / 180.0);
    apex = fmin(apex, 2 * asin(fmin(1.0, q.h / (8 * L0))));
    nd.half = apex / 2;
    nd.cover = L0;
    nd.reach = L0;
    double eps = (NEEDLE_JOIN + 2 * NEEDLE_DELTA) / tan(apex);
    double shortest = ldexp(1.0, -e[n - 1].cls - 3);
    /* the two cuts at a vertex of angle alpha, each delta inside P, cross
     * delta / sin(alpha / 2) from it: that much of P's tip is lost */
    double tip = NEEDLE_DELTA / sin(alpha / 2);
    if (!(q.h > 64 * NEEDLE_DELTA) || !(eps <= shortest / 8) || !(eps <= q.h / 8) || !(apex > 0) ||
        !(tip <= SNIP_DEFAULT_TOLERANCE / 4)) {
        b.failed = SNIP_BUILD_ILLEGAL;
        snprintf(b.why, sizeof b.why,
                 "the target's features (h %.3g, smallest angle %.3g degrees) are below what the 2^-46 grid resolves",
                 q.h, q.min_angle);
        goto done;
    }
    /* The needle: cut tool 2 beyond the base, then above and below the legs. */
    {
        double hc = cos(nd.half), hs = sin(nd.half);
        GEOSGeometry *core = needle_core(ctx, nd.half, L0);
        double xb = APEX_X + L0 * hc;
        snip_builder_snip(&b, 2, 1, 0, xb, 0, core, NULL);
        snip_builder_snip(&b, 2, 1, nd.half * 180 / SNIP_PI, APEX_X - 0.1 * hc, APEX_Y - 0.1 * hs, core, NULL);
        /* lower leg: the square's top edge along it, the square below */
        double nlx = hs, nly = hc; /* rotated y axis for angle -half */
        snip_builder_snip(&b, 2, 1, -nd.half * 180 / SNIP_PI, APEX_X - 0.1 * hc - nlx, APEX_Y + 0.1 * hs - nly, core,
                          NULL);
        GEOSGeom_destroy_r(ctx, core);
    }
    for (int i = 0; i < n && !b.failed; i++) {
        if (i > 0 && e[i].cls != e[i - 1].cls) {
            if (shorten(&b, &nd, ldexp(1.0, -e[i].cls - 3))) break;
        }
        if (cut_edge(&b, &e[i], &nd, eps, l->target)) break;
    }
done:
    snip_builder_finish(&b, "needle", out);
    snip_builder_free(&b);
    free(e);
    return 0;
}

int snip_needle_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return snip_solve_needle(level, req->limits, out, err);
}
