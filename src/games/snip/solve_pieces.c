/* The connected model keeps one piece after every snip, so tool 1 is always
 * connected (an open set: pieces touching at a point are two pieces) and a
 * target of several pieces can never be reached. O(1) after parsing. */
#include <stdio.h>

#include "solvers.h"

bool snip_pieces_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const snip_level *l = level;
    int k = snip_geom_npieces(l->ctx, l->target);
    if (l->model == SNIP_CONNECTED && k > 1) {
        snprintf(why, n, "connected model, target of %d pieces: unreachable", k);
        return true;
    }
    snprintf(why, n, "the target is reachable in this model (one piece, or the disconnected model)");
    return false;
}

int snip_pieces_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)req;
    (void)err;
    const snip_level *l = level;
    out->status = PL_UNSOLVABLE;
    snprintf(out->note, sizeof out->note,
             "the connected model keeps one piece after every snip; the target has %d pieces",
             snip_geom_npieces(l->ctx, l->target));
    return 0;
}
