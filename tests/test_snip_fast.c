/* Snipperclips, issue 21: the connected model's tools kept in quadtree leaves
 * (the fast path; its pieces found across the cells' sides) against each
 * tool in one leaf (the rules before issue 21, still reachable with
 * snip_level_set_leaf_max(l, 0)).
 *
 * 1. Random snips and keeps on a level whose leaves split from 8
 *    coordinates (deep trees, pieces joined across many cell lines) and on
 *    one with whole tools: the same moves legal (but for contacts below the
 *    grid, where the legal snip must cut less than 1e-12), the same splits
 *    with the same number of pieces (read from the message of a move that
 *    does not keep), the same piece kept at a point of the whole tool's
 *    piece, points in no piece refused by both, the same areas within 1e-12.
 * 2. Theorem 3's needle on seeded small targets, solved with leaves from 64
 *    coordinates and with whole tools: both solved, each certificate verifies
 *    under both rules, and the two make the same snips (keep points may
 *    differ: they are interior points of the same piece, found on the union
 *    of the leaves or on the whole tool; and where the needle is shortened at
 *    a vertex of tool 1's hull, the placement may differ in the last digits,
 *    within 1e-6 degrees and 1e-8). */
#include <geos_c.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_check.h"
#include "puzzlelab/snip.h"

static const pl_game *G;

static snip_level *parse(const char *text) {
    pl_error err;
    pl_level_text lt;
    if (pl_level_text_parse("t.level", text, strlen(text), &lt, &err)) return NULL;
    snip_level *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    return l;
}

static double polys_area(const snip_polys *p) {
    double a = 0;
    for (int i = 0; i < p->npieces; i++)
        for (int r = 0; r < p->pieces[i].nrings; r++) {
            const snip_ring *rg = &p->pieces[i].rings[r];
            double s = 0;
            for (int k = 0; k + 1 < rg->n; k++) s += rg->xy[2 * k] * rg->xy[2 * k + 3] - rg->xy[2 * k + 2] * rg->xy[2 * k + 1];
            a += r == 0 ? fabs(s) / 2 : -fabs(s) / 2;
        }
    return a;
}

static double tool_area(const snip_state *st, int tool) {
    snip_polys p;
    snip_state_polygons(st, tool, &p);
    double a = polys_area(&p);
    snip_polys_free(&p);
    return a;
}

/* An interior point of piece k of the tool (GEOS's point on surface). */
static bool piece_point(GEOSContextHandle_t ctx, const snip_polys *p, int k, double *x, double *y) {
    const snip_piece *pc = &p->pieces[k];
    GEOSGeometry **holes = calloc((size_t)pc->nrings, sizeof *holes), *shell = NULL;
    for (int r = 0; r < pc->nrings; r++) {
        GEOSCoordSequence *cs = GEOSCoordSeq_copyFromBuffer_r(ctx, pc->rings[r].xy, (unsigned)pc->rings[r].n, 0, 0);
        GEOSGeometry *ring = GEOSGeom_createLinearRing_r(ctx, cs);
        if (r == 0)
            shell = ring;
        else
            holes[r - 1] = ring;
    }
    GEOSGeometry *poly = GEOSGeom_createPolygon_r(ctx, shell, holes, (unsigned)pc->nrings - 1);
    free(holes);
    GEOSGeometry *pt = poly ? GEOSPointOnSurface_r(ctx, poly) : NULL;
    bool ok = pt && GEOSGeomGetX_r(ctx, pt, x) && GEOSGeomGetY_r(ctx, pt, y);
    if (pt) GEOSGeom_destroy_r(ctx, pt);
    if (poly) GEOSGeom_destroy_r(ctx, poly);
    return ok;
}

/* The piece count in "... split tool A into N pieces ..." (0 when absent). */
static int pieces_in(const char *why) {
    const char *p = strstr(why, " into ");
    return p ? atoi(p + 6) : 0;
}

static void test_random(uint64_t seed, int nmoves) {
    const char *text = "model: connected\nPOLYGON((0.1 0.1, 0.9 0.1, 0.5 0.9, 0.1 0.1))\n";
    snip_level *tiled = parse(text), *whole = parse(text);
    if (!CHECK(tiled && whole)) return;
    snip_level_set_leaf_max(tiled, 8);
    snip_level_set_leaf_max(whole, 0);
    snip_state *st[2] = {snip_state_new(tiled), snip_state_new(whole)};
    GEOSContextHandle_t ctx = GEOS_init_r();
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    int legal = 0, splits = 0, keeps = 0, contacts = 0, agree = 0;
    for (int i = 0; i < nmoves; i++) {
        char move[200], why[2][256];
        int a = 1 + (int)pl_rng_below(&rng, 2);
        if (pl_rng_below(&rng, 20) == 0)
            snprintf(move, sizeof move, "reset %d", a);
        else
            snprintf(move, sizeof move, "snip %d %d %.17g %.17g %.17g", a, 3 - a,
                     (double)pl_rng_below(&rng, 3600001) / 10000.0, (double)pl_rng_below(&rng, 3001) / 1000.0 - 1.5,
                     (double)pl_rng_below(&rng, 3001) / 1000.0 - 1.5);
        snip_move m;
        int col, rc[2];
        CHECK(snip_move_parse(move, &m, why[0], sizeof why[0], &col) == 0);
        double before[2] = {tool_area(st[0], a), tool_area(st[1], a)}, cut[2];
        for (int k = 0; k < 2; k++) {
            rc[k] = snip_state_apply(st[k], &m, why[k], sizeof why[k]);
            cut[k] = before[k] - tool_area(st[k], a);
        }
        CHECKF(rc[0] == rc[1] || (rc[0] ? cut[1] : cut[0]) <= 1e-12, "seed %llu move %d '%s': leaves %s, whole %s",
               (unsigned long long)seed, i + 1, move, rc[0] ? why[0] : "legal", rc[1] ? why[1] : "legal");
        legal += rc[1] == 0;
        contacts += rc[0] != rc[1];
        if (rc[0] != rc[1]) break; /* the states differ by a contact: start again is simpler than to go on */
        int pend[2] = {snip_state_pending(st[0]), snip_state_pending(st[1])};
        CHECKF(pend[0] == pend[1], "seed %llu move %d '%s': split with leaves %d, whole %d", (unsigned long long)seed,
               i + 1, move, pend[0], pend[1]);
        if (pend[0] != pend[1]) break;
        if (pend[0]) {
            splits++;
            /* the number of pieces, from a move that does not keep */
            snip_move r = {.kind = SNIP_MOVE_RESET, .a = 3 - pend[0]};
            int np[2];
            for (int k = 0; k < 2; k++) {
                CHECK(snip_state_apply(st[k], &r, why[k], sizeof why[k]) != 0);
                np[k] = pieces_in(why[k]);
            }
            CHECKF(np[0] == np[1] && np[0] > 1, "seed %llu move %d '%s': %d pieces with leaves, %d whole",
                   (unsigned long long)seed, i + 1, move, np[0], np[1]);
            /* a point in no piece, then one of the whole tool's pieces */
            snip_move out = {.kind = SNIP_MOVE_KEEP, .a = pend[0], .x = 1.5, .y = -0.5};
            for (int k = 0; k < 2; k++) CHECK(snip_state_apply(st[k], &out, why[k], sizeof why[k]) != 0);
            snip_polys p;
            snip_state_polygons(st[1], pend[0], &p);
            CHECK(p.npieces == np[1]);
            int pick = p.npieces ? (int)pl_rng_below(&rng, (uint64_t)p.npieces) : 0;
            snip_move kp = {.kind = SNIP_MOVE_KEEP, .a = pend[0]};
            bool have = p.npieces > 0 && piece_point(ctx, &p, pick, &kp.x, &kp.y);
            snip_polys_free(&p);
            if (!CHECK(have)) break;
            for (int k = 0; k < 2; k++)
                CHECKF((rc[k] = snip_state_apply(st[k], &kp, why[k], sizeof why[k])) == 0,
                       "seed %llu move %d: keep %d %.17g %.17g (%s): %s", (unsigned long long)seed, i + 1, kp.a, kp.x,
                       kp.y, k ? "whole" : "leaves", why[k]);
            if (rc[0] || rc[1]) break;
            keeps++;
        }
        for (int t = 1; t <= 2; t++) {
            double d = fabs(tool_area(st[0], t) - tool_area(st[1], t));
            CHECKF(d <= 1e-12, "seed %llu move %d '%s': tool %d areas differ by %.3g", (unsigned long long)seed, i + 1,
                   move, t, d);
            agree += d <= 1e-12;
        }
    }
    /* something must have happened: legal snips, and splits kept */
    CHECKF(legal > 10 && contacts <= 1, "seed %llu: %d legal, %d contacts, %d splits, %d keeps, %d areas agree",
           (unsigned long long)seed, legal, contacts, splits, keeps, agree);
    GEOS_finish_r(ctx);
    for (int k = 0; k < 2; k++) snip_state_free(st[k]);
    G->level_free(tiled);
    G->level_free(whole);
}

/* The two certificates make the same moves, keep lines aside, with the same
 * numbers or (*exact false) numbers within 1e-6 degrees and 1e-8: the needle
 * is shortened at a vertex of tool 1's convex hull, whose coordinates may
 * differ by a grid cell between the union of the leaves and the whole tool. */
static bool same_snips(const pl_strvec *x, const pl_strvec *y, bool *exact) {
    int i = 0, j = 0;
    *exact = true;
    for (;;) {
        while (i < x->n && strncmp(x->s[i], "keep ", 5) == 0) i++;
        while (j < y->n && strncmp(y->s[j], "keep ", 5) == 0) j++;
        if (i == x->n || j == y->n) return i == x->n && j == y->n;
        const char *p = x->s[i++], *q = y->s[j++];
        if (strcmp(p, q) == 0) continue;
        *exact = false;
        snip_move a, b;
        char why[256];
        int col;
        if (snip_move_parse(p, &a, why, sizeof why, &col) || snip_move_parse(q, &b, why, sizeof why, &col) ||
            a.kind != b.kind || a.a != b.a || a.b != b.b || fabs(a.theta - b.theta) > 1e-6 || fabs(a.tx - b.tx) > 1e-8 ||
            fabs(a.ty - b.ty) > 1e-8)
            return false;
    }
}

static void test_needle(const char *family, uint64_t seed, int *same, int *count) {
    pl_rng rng;
    pl_rng_seed(&rng, seed * 31 + 7);
    char sv[32], vv[32];
    snprintf(sv, sizeof sv, "%llu", (unsigned long long)seed);
    snprintf(vv, sizeof vv, "%d", 6 + (int)pl_rng_below(&rng, 15));
    pl_opts o = {.n = 4};
    const char *names[] = {"family", "model", "seed", "vertices"}, *vals[] = {family, "connected", sv, vv};
    for (int i = 0; i < 4; i++) o.name[i] = names[i], o.value[i] = vals[i];
    pl_error err;
    char *text = G->generate(&o, &err);
    if (!CHECKF(text != NULL, "generate %s: %s", family, err.msg)) return;
    check_context(true, seed, "%s, %s vertices:\n%s", family, vv, text);
    snip_level *l[2] = {parse(text), parse(text)};
    if (CHECK(l[0] && l[1])) {
        snip_level_set_leaf_max(l[0], 64);
        snip_level_set_leaf_max(l[1], 0);
        const pl_algorithm *alg = gc_algorithm(G, "needle");
        gc_how how = {.check_applies = true, .word = "move", .goal = "does not reach the target"};
        pl_solution sol[2];
        pl_status s[2];
        for (int k = 0; k < 2; k++) s[k] = gc_solve(G, alg, l[k], &how, &sol[k]);
        CHECKF(s[0] == PL_SOLVED && s[1] == PL_SOLVED, "needle: %s with leaves (%s), %s whole (%s)",
               pl_status_name(s[0]), sol[0].note, pl_status_name(s[1]), sol[1].note);
        if (s[0] == PL_SOLVED && s[1] == PL_SOLVED) {
            /* each certificate under the other rules */
            gc_replay(G, l[1], &sol[0].moves, "leaves' certificate, whole tools", "move", "does not reach the target");
            gc_replay(G, l[0], &sol[1].moves, "whole tools' certificate, leaves", "move", "does not reach the target");
            bool exact, eq = same_snips(&sol[0].moves, &sol[1].moves, &exact);
            CHECKF(eq, "the snips differ (%d moves with leaves, %d whole)", sol[0].moves.n, sol[1].moves.n);
            *same += eq && exact;
            (*count)++;
        }
        for (int k = 0; k < 2; k++) pl_solution_free(&sol[k]);
    }
    for (int k = 0; k < 2; k++)
        if (l[k]) G->level_free(l[k]);
    free(text);
    check_clear_context();
}

int main(void) {
    G = pl_game_find("snip");
    if (!CHECK(G != NULL)) return check_done("snip_fast");
    uint64_t seed0 = check_seed_from_env(1);
#if SANITIZED
    int rounds = 1, moves = 120, needles = 2;
#else
    int rounds = 2, moves = 200, needles = 4;
#endif
    for (int r = 0; r < rounds; r++) test_random(seed0 + (uint64_t)r, moves);
    int same = 0, count = 0;
    static const char *const fams[] = {"simple", "holes", "lower-bound"};
    for (int f = 0; f < 3; f++)
        for (int r = 0; r < needles; r++) test_needle(fams[f], seed0 + (uint64_t)r, &same, &count);
    printf("snip_fast: %d needle certificates with leaves and whole tools, %d with exactly the same snips\n", count,
           same);
    return check_done("snip_fast");
}
