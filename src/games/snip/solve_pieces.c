/* The connected model keeps one piece after every snip, so tool 1 is always
 * connected (an open set: pieces touching at a point are two pieces) and a
 * target of several pieces can never be reached. O(1) after parsing. */
#include <stdio.h>

#include "solvers.h"

/* Tool 1 or 2 whose target has several pieces (tool 2 only when the level
 * gives it one), or 0. */
static int split_target(const snip_level *l, int *k) {
    for (int t = 1; t <= 2; t++) {
        const GEOSGeometry *g = t == 1 ? l->target : l->target2;
        *k = g ? snip_geom_npieces(l->ctx, g) : 1;
        if (*k > 1) return t;
    }
    return 0;
}

bool snip_pieces_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const snip_level *l = level;
    int k, t = split_target(l, &k);
    if (l->model == SNIP_CONNECTED && t) {
        snprintf(why, n, "connected model, %s of %d pieces: unreachable", t == 1 ? "target" : "tool 2's target", k);
        return true;
    }
    snprintf(why, n, "the target is reachable in this model (one piece, or the disconnected model)");
    return false;
}

int snip_pieces_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)req;
    (void)err;
    const snip_level *l = level;
    int k, t = split_target(l, &k);
    out->status = PL_UNSOLVABLE;
    snprintf(out->note, sizeof out->note, "the connected model keeps one piece after every snip; %s has %d pieces",
             t == 2 ? "tool 2's target" : "the target", k);
    return 0;
}
