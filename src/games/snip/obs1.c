/* Observation 1 (Demaine, Korman, van Renssen, Roeloffzen, "Snipperclips",
 * Section 3): a pair of targets that the two tools cannot both take, in
 * either model, without undo/redo. The paper proves it for the unit square
 * with a thin hole, given to both tools; its argument proves more, and this
 * file tests the conditions it uses:
 *
 *   each target is one polygon whose outer ring is the unit square, with at
 *   least one hole; each target's area exceeds the other's largest hole; the
 *   level forbids undo/redo.
 *
 * Proof (docs/algorithms.md gives it in full). Look at the tools after the
 * last reset (or at the start): one tool X is the unit square S and must
 * still lose its holes; no reset follows, so both tools only shrink, and the
 * other tool Y contains its target P_Y from then on. A snip that takes
 * something from a hole of P_X removes the closure of Y placed by some g, so
 * g(Y) misses P_X. The part of Y holding P_Y (connected, larger than any hole
 * of P_X) then lies in a component of the plane minus the closure of P_X,
 * which is a hole of P_X or the outside of S: the outside. Any other part of
 * Y lies in a hole K of P_Y (P_Y's outer ring is S), so if it reaches a hole
 * of P_X, the interior of S meets g(K) and misses g(P_Y): S lies in g(K),
 * of area below 1. Both tools may be X, hence both pairs are tested.
 * The statement is about exact shapes (verify's tolerance admits slivers the
 * argument does not speak of). O(n) after parsing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers.h"

/* Is every edge of the ring on a side of the unit square, with the four
 * corners among its vertices? Then the ring is the square's boundary. */
static bool ring_is_square(const snip_ring *r) {
    bool corner[4] = {false, false, false, false};
    for (int k = 0; k + 1 < r->n; k++) {
        double x0 = r->xy[2 * k], y0 = r->xy[2 * k + 1], x1 = r->xy[2 * k + 2], y1 = r->xy[2 * k + 3];
        bool side = (x0 == x1 && (x0 == 0 || x0 == 1)) || (y0 == y1 && (y0 == 0 || y0 == 1));
        if (!side) return false;
        if ((x0 == 0 || x0 == 1) && (y0 == 0 || y0 == 1)) corner[(x0 == 1) + 2 * (y0 == 1)] = true;
    }
    return corner[0] && corner[1] && corner[2] && corner[3];
}

typedef struct frame_target {
    bool ok;
    double area, max_hole;
    int holes;
} frame_target;

/* One polygon, outer ring the unit square, at least one hole: ok, with its
 * area and largest hole; otherwise why (naming tool k). */
static frame_target frame_of(const snip_level *l, const GEOSGeometry *g, int k, char *why, size_t n) {
    frame_target f = {false, 0, 0, 0};
    snip_polys p;
    snip_geom_polys(l->ctx, g, &p);
    GEOSArea_r(l->ctx, g, &f.area);
    if (p.npieces != 1)
        snprintf(why, n, "tool %d's target has %d pieces (the argument needs one)", k, p.npieces);
    else if (!ring_is_square(&p.pieces[0].rings[0]))
        snprintf(why, n, "the outer ring of tool %d's target is not the unit square", k);
    else if (p.pieces[0].nrings < 2)
        snprintf(why, n, "tool %d's target is the whole unit square (nothing to carve)", k);
    else {
        f.ok = true;
        f.holes = p.pieces[0].nrings - 1;
        for (int r = 1; r < p.pieces[0].nrings; r++) {
            const snip_ring *rg = &p.pieces[0].rings[r];
            double s = snip_ring_area2(rg);
            if (fabs(s) / 2 > f.max_hole) f.max_hole = fabs(s) / 2;
        }
    }
    snip_polys_free(&p);
    return f;
}

bool snip_observation1(const snip_level *l, char *why, size_t n) {
    if (!l->target2) {
        snprintf(why, n, "one target: tool 2 may end as anything");
        return false;
    }
    if (l->undo) {
        snprintf(why, n, "the level allows undo/redo, and the argument needs the tools to shrink between resets");
        return false;
    }
    frame_target f[2] = {frame_of(l, l->target, 1, why, n), {false, 0, 0, 0}};
    if (!f[0].ok) return false;
    f[1] = frame_of(l, l->target2, 2, why, n);
    if (!f[1].ok) return false;
    /* a margin far above the rounding of the areas: the test never claims
     * an obstruction that a rounding decided */
    for (int k = 0; k < 2; k++) {
        const frame_target *x = &f[k], *y = &f[1 - k];
        if (!(y->area > x->max_hole * (1 + 1e-9) + 1e-12)) {
            snprintf(why, n, "tool %d's target (area %.6g) is not larger than the largest hole of tool %d's (%.6g)",
                     2 - k, y->area, k + 1, x->max_hole);
            return false;
        }
    }
    snprintf(why, n,
             "applies: both targets are one polygon whose outer ring is the unit square, with holes (largest %.6g "
             "and %.6g), and each target's area (%.6g, %.6g) exceeds the other's largest hole. After the last reset "
             "one tool is the unit square and must still lose its holes, while the other only shrinks and so "
             "contains its target: a snip reaching a hole must miss the first target, so the part of the cutter "
             "holding its target lies outside the square, and any other part lies in a hole of that target, which "
             "would have to enclose the square. No snips and resets make both tools their targets, in either model "
             "without undo/redo (exact shapes)",
             f[0].max_hole, f[1].max_hole, f[0].area, f[1].area);
    return true;
}

bool snip_obs1_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    return snip_observation1(level, why, n);
}

int snip_obs1_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)req;
    (void)err;
    out->status = PL_UNSOLVABLE;
    char why[1200];
    snip_observation1(level, why, sizeof why);
    snprintf(out->note, sizeof out->note, "Observation 1 (generalised) %s", why);
    return 0;
}
