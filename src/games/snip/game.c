/* Snipperclips' descriptor: wires rules, notation, constructions and the
 * generator into the commands the CLI writes once for every game. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"
#include "state.h"

static void *level_parse(const pl_level_text *lt, pl_error *err) {
    return snip_level_parse(lt, err);
}
static void level_free(void *p) {
    snip_level_free(p);
}

static void level_info(const void *p, json_t *o) {
    const snip_level *l = p;
    snip_params q;
    snip_level_params(l, &q);
    json_object_set_new(o, "model", json_string(snip_level_model(l) == SNIP_CONNECTED ? "connected" : "disconnected"));
    json_object_set_new(o, "vertices", json_integer(q.vertices));
    json_object_set_new(o, "holes", json_integer(q.holes));
    json_object_set_new(o, "pieces", json_integer(q.pieces));
    json_object_set_new(o, "area", json_real(q.area));
    json_object_set_new(o, "smallest_angle", json_real(q.min_angle));
    json_object_set_new(o, "h", json_real(q.h));
    json_object_set_new(o, "shortest_edge", json_real(q.min_edge));
    json_object_set_new(o, "length_classes", json_integer(q.length_classes));
    char buf[160];
    if (snip_level_model(l) == SNIP_CONNECTED && q.pieces > 1)
        snprintf(buf, sizeof buf, "does not apply (the connected model keeps one piece; the target has %d)", q.pieces);
    else if (snip_level_model(l) == SNIP_CONNECTED)
        snprintf(buf, sizeof buf, "at most %ld snips (3 + 11n, no reset)", q.thm3_bound);
    else
        snprintf(buf, sizeof buf, "connected model only");
    json_object_set_new(o, "theorem_3_bound", json_string(buf));
    if (snip_level_model(l) == SNIP_CONNECTED)
        snprintf(buf, sizeof buf, "disconnected model only");
    else
        snprintf(buf, sizeof buf, "at most %ld snips and resets (%d(n+1)(3n+6))", q.thm5_bound, SNIP_THM5_PER_TRIANGLE);
    json_object_set_new(o, "theorem_5_bound", json_string(buf));
    json_object_set_new(o, "undo", json_string(snip_level_undo(l) ? "yes" : "no"));
    json_object_set_new(o, "targets", json_integer(snip_level_has_target2(l) ? 2 : 1));
    if (snip_level_has_target2(l)) {
        snip_params q2;
        snip_level_params2(l, &q2);
        json_object_set_new(o, "target2_vertices", json_integer(q2.vertices));
        json_object_set_new(o, "target2_holes", json_integer(q2.holes));
        json_object_set_new(o, "target2_pieces", json_integer(q2.pieces));
        json_object_set_new(o, "target2_area", json_real(q2.area));
    }
    char why[1200], text[1300];
    if (snip_observation1(l, why, sizeof why))
        snprintf(text, sizeof text, "%s", why);
    else
        snprintf(text, sizeof text, "does not apply (%s)", why);
    json_object_set_new(o, "observation_1", json_string(text));
}

static void *state_new(const void *p) {
    replay *r = pl_xcalloc(1, sizeof *r);
    r->l = p;
    r->st = snip_state_new(p);
    r->tol = SNIP_DEFAULT_TOLERANCE;
    return r;
}

static void state_free(void *p) {
    replay *r = p;
    if (!r) return;
    snip_state_free(r->st);
    free(r);
}

static const pl_option verify_options[] = {
    {"tolerance", "T",
     "accept when the symmetric-difference area and the Hausdorff distance between tool 1 and "
     "the target (and tool 2 and its target, given target2) are at most T (default 1e-9)"},
    {NULL, NULL, NULL},
};

static int state_configure(void *p, const pl_opts *o, pl_error *err) {
    replay *r = p;
    return pl_opts_double(o, "tolerance", SNIP_DEFAULT_TOLERANCE, 0, 1, &r->tol, err);
}

static pl_move_result move_apply(void *p, const char *text, char *reason, size_t n, int *col) {
    replay *r = p;
    snip_move m;
    if (snip_move_parse(text, &m, reason, n, col)) return PL_MOVE_SYNTAX;
    if (snip_state_apply(r->st, &m, reason, n)) return PL_MOVE_ILLEGAL;
    return PL_MOVE_OK;
}

static void finish(const void *p, const char *objective, pl_verdict *v) {
    (void)objective;
    const replay *r = p;
    double area, hd;
    /* tool 1, then tool 2 when the level gives its target */
    v->ok = snip_state_matches_tool(r->st, 1, r->tol, &area, &hd, v->reason, sizeof v->reason) &&
            snip_state_matches_tool(r->st, 2, r->tol, &area, &hd, v->reason, sizeof v->reason);
    v->nvalues = 2;
    v->value_name[0] = "snips";
    v->value[0] = snip_state_snips(r->st);
    v->value_name[1] = "resets";
    v->value[1] = snip_state_resets(r->st);
    if (snip_level_undo(r->l)) {
        v->value_name[v->nvalues] = "undos";
        v->value[v->nvalues++] = snip_state_undos(r->st);
    }
}

/* The constructions shape tool 1 and spend tool 2 as their cutter: they do
 * not apply when the level gives tool 2 a target too. */
static bool one_target(const void *level, char *why, size_t n) {
    if (!snip_level_has_target2(level)) return true;
    snprintf(why, n, "the level gives tool 2 a target: the construction shapes tool 1 only, with tool 2 as its cutter");
    return false;
}
static bool needle_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return one_target(level, why, n) && snip_needle_applies(level, req, why, n);
}
static bool lshape_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return one_target(level, why, n) && snip_lshape_applies(level, req, why, n);
}

static const pl_algorithm algorithms[] = {
    {"pieces", "the connected model keeps one piece (unreachable targets)",
     "answers unsolvable when the connected model is asked for a target of several pieces", snip_pieces_applies,
     snip_pieces_solve, NULL},
    {"observation-1", "Observation 1, generalised: two targets no snips and resets realise together",
     "both targets one polygon whose outer ring is the unit square, with holes, each larger than the other's largest "
     "hole, no undo/redo: unsolvable (the paper's argument; exact shapes)",
     snip_obs1_applies, snip_obs1_solve, NULL},
    {"needle", "Theorem 3: connected model, O(n) snips, no reset",
     "tool 2 becomes a needle (apex angle at most the target's smallest angle, width below h) that traces every "
     "edge, longest length class first, shortened between classes",
     needle_applies, snip_needle_solve, NULL},
    {"lshape", "Theorem 5: disconnected model, any polygonal domain, O(n^2) snips and resets",
     "vertices by L-infinity distance to a corner; the free space of each L-shaped region is triangulated and "
     "each triangle cut out with a tool carved in tool 2 by a solid part of tool 1",
     lshape_applies, snip_lshape_solve, NULL},
    {"grid", "exact search on a grid of placements (issue 25: two targets, the open problem of Section 6)",
     "breadth-first over every snip at rotations by multiples of --angle and translations by multiples of 1/--grid, "
     "every reset, keep and undo: the fewest operations, or unsolvable on that grid (not over all placements)",
     snip_grid_applies, snip_grid_solve, NULL},
};

const pl_game pl_game_snip = {
    .name = "snip",
    .title = "Snipperclips",
    .summary = "cut tool 1 into a target polygon by snipping the two tools with each other",
    .level_help = "Level: optional headers 'model:' (disconnected, default; connected) and 'undo:' (no, default;\n"
                  "yes allows undo), then the target as WKT (POLYGON or MULTIPOLYGON, holes allowed, may span\n"
                  "lines) inside the unit square [0,1]x[0,1], in tool 1's frame (also under a section line\n"
                  "'target1:'); optionally a section line 'target2:' and tool 2's target in its frame (both\n"
                  "tools must then end on their targets). Both tools start as the unit square.\n"
                  "Moves, one a line:\n"
                  "  snip A B theta tx ty   tool B, rotated by theta degrees about its origin and translated by\n"
                  "                         (tx,ty) in tool A's frame, is subtracted with its closure from tool A;\n"
                  "                         legal when the interiors overlap\n"
                  "  keep A x y             connected model, right after a snip that split tool A: keep the piece\n"
                  "                         containing (x,y)\n"
                  "  reset A                tool A becomes the unit square again\n"
                  "  undo A                 levels with 'undo: yes': tool A takes back its shape before its last\n"
                  "                         snip or undo, not before its last reset (a second undo is the redo)\n"
                  "verify accepts when tool 1 (and tool 2, given target2) ends within --tolerance of its target\n"
                  "(symmetric-difference area and Hausdorff distance; default 1e-9). Geometry: GEOS, snap-rounded\n"
                  "to a 2^-46 grid.\n",
    .objectives = NULL,
    .level_parse = level_parse,
    .level_free = level_free,
    .level_info = level_info,
    .state_new = state_new,
    .state_free = state_free,
    .move_apply = move_apply,
    .finish = finish,
    .verify_options = verify_options,
    .state_configure = state_configure,
    .algorithms = algorithms,
    .nalgorithms = (int)(sizeof algorithms / sizeof algorithms[0]),
    .solve_options = snip_solve_options,
    .solve_uses = PL_USES_MEMORY, /* the grid search's table; no seed, no threads */
    .generate = snip_generate,
    .generate_options = snip_generate_options,
    .render = &snip_render_hooks,
};
