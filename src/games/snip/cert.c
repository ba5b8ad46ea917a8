/* The certificate builder of the constructions: every move is printed, parsed
 * back and applied through the rules, so the state the construction sees is
 * exactly the state verify will replay (same doubles, same GEOS calls). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

void snip_builder_init(snip_builder *b, const snip_level *l, pl_limits *lim) {
    memset(b, 0, sizeof *b);
    b->l = l;
    b->st = snip_state_new(l);
    b->lim = lim;
}

void snip_builder_free(snip_builder *b) {
    snip_state_free(b->st);
    pl_strvec_free(&b->moves);
}

/* Prints, parses and applies m; 1 when it was skipped for lack of overlap. */
static int emit(snip_builder *b, const snip_move *m) {
    if (b->failed) return -1;
    /* a move is one GEOS overlay (milliseconds on large tools): read the
     * clock at every move, not every 1024 nodes, so a time limit is kept */
    if (b->lim && (!pl_limits_tick(b->lim) || (b->lim->time_limit > 0 && !pl_limits_check_time(b->lim)))) {
        b->failed = SNIP_BUILD_LIMIT;
        snprintf(b->why, sizeof b->why, "%s reached", pl_limit_name(b->lim->hit));
        return -1;
    }
    char text[200], why[256];
    snip_move_format(m, text, sizeof text);
    snip_move back;
    int col;
    if (snip_move_parse(text, &back, why, sizeof why, &col)) {
        b->failed = SNIP_BUILD_ILLEGAL;
        snprintf(b->why, sizeof b->why, "move '%.80s' does not parse: %.150s", text, why);
        return -1;
    }
    if (snip_state_apply(b->st, &back, why, sizeof why)) {
        if (b->st->no_overlap) {
            b->graze_radius = fmax(b->graze_radius, b->st->graze_radius);
            return 1;
        }
        b->failed = SNIP_BUILD_ILLEGAL;
        snprintf(b->why, sizeof b->why, "move %d '%.80s' is illegal: %.150s", b->moves.n + 1, text, why);
        return -1;
    }
    pl_strvec_push(&b->moves, text);
    return 0;
}

int snip_builder_snip(snip_builder *b, int a, int bt, double theta, double tx, double ty, const GEOSGeometry *prefer,
                      bool *done) {
    snip_move m = {.kind = SNIP_MOVE_SNIP, .a = a, .b = bt, .theta = theta, .tx = tx, .ty = ty};
    if (done) *done = false;
    int rc = emit(b, &m);
    if (rc < 0) return -1;
    if (rc == 1) return 0;
    if (done) *done = true;
    if (!b->st->pending) return 0;
    GEOSContextHandle_t ctx = b->l->ctx;
    const GEOSGeometry *tool = snip_state_tool(b->st, a);
    int np = snip_geom_npieces(ctx, tool), best = -1;
    double best_score = -1;
    for (int i = 0; i < np; i++) {
        const GEOSGeometry *pc = GEOSGeomTypeId_r(ctx, tool) == GEOS_POLYGON ? tool : GEOSGetGeometryN_r(ctx, tool, i);
        double score = 0;
        if (prefer) {
            GEOSGeometry *x = GEOSIntersection_r(ctx, pc, prefer);
            if (x) GEOSArea_r(ctx, x, &score), GEOSGeom_destroy_r(ctx, x);
        } else {
            GEOSArea_r(ctx, pc, &score);
        }
        if (score > best_score) best_score = score, best = i;
    }
    const GEOSGeometry *pc = GEOSGeomTypeId_r(ctx, tool) == GEOS_POLYGON ? tool : GEOSGetGeometryN_r(ctx, tool, best);
    GEOSGeometry *pt = GEOSPointOnSurface_r(ctx, pc);
    double x = 0, y = 0;
    if (!pt || !GEOSGeomGetX_r(ctx, pt, &x) || !GEOSGeomGetY_r(ctx, pt, &y)) {
        if (pt) GEOSGeom_destroy_r(ctx, pt);
        b->failed = SNIP_BUILD_ILLEGAL;
        snprintf(b->why, sizeof b->why, "no interior point for the piece to keep");
        return -1;
    }
    GEOSGeom_destroy_r(ctx, pt);
    snip_move k = {.kind = SNIP_MOVE_KEEP, .a = a, .x = x, .y = y};
    return emit(b, &k) == 0 ? 0 : -1;
}

int snip_builder_reset(snip_builder *b, int a) {
    snip_move m = {.kind = SNIP_MOVE_RESET, .a = a};
    return emit(b, &m) < 0 ? -1 : 0;
}

void snip_builder_finish(snip_builder *b, const char *algorithm, pl_solution *out) {
    out->algorithm = algorithm;
    out->nodes = b->lim ? b->lim->nodes : 0; /* moves tried */
    pl_solution_set_value(out, "snips", snip_state_snips(b->st));
    pl_solution_set_value(out, "resets", snip_state_resets(b->st));
    if (b->failed) {
        out->status = PL_UNKNOWN;
        if (b->failed == SNIP_BUILD_LIMIT) out->limit_hit = b->lim ? b->lim->hit : PL_LIMIT_TIME;
        snprintf(out->note, sizeof out->note, "construction stopped: %.200s", b->why);
        return;
    }
    double area, hd;
    char why[256];
    if (!snip_state_matches(b->st, SNIP_DEFAULT_TOLERANCE, &area, &hd, why, sizeof why)) {
        out->status = PL_UNKNOWN;
        snprintf(out->note, sizeof out->note, "construction did not reach the target within the tolerance: %.180s",
                 why);
        return;
    }
    out->status = PL_SOLVED;
    out->moves = b->moves;
    memset(&b->moves, 0, sizeof b->moves);
    snprintf(out->note, sizeof out->note,
             "symmetric difference area %.3g; boundary Hausdorff distance (GEOS discrete) %.3g", area, hd);
}
