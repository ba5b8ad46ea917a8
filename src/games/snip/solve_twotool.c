/* Exact search on a grid of placements (issue 25; Snipperclips' open problem
 * of Section 6: when can two tools take two targets at once?).
 *
 * The grid: tool B is placed rotated by a multiple of --angle degrees (90,
 * 180 or 360: only quarter turns keep the lattice) and translated by
 * multiples of h = 1/M (--grid M, M = 1, 2, 4 or 8). Both tools start as the
 * unit square, the union of the M x M cells of side h, and such a placement
 * maps cells onto cells, so every tool reachable on the grid is a union of
 * cells: a snip is A & ~placed(B) on M x M bit masks (the closure of the
 * placed cells is what the snip removes; pieces of the open set are the
 * 4-connected components, cells meeting at a corner being two pieces), a
 * reset the full mask, undo/redo (levels with `undo: yes`) an exchange with
 * the previous mask. The states are pairs of masks (with the previous masks
 * under undo): finitely many, so a breadth-first search over every move of
 * the grid (snips in both directions at every rotation and translation whose
 * cells overlap, resets, undos, and in the connected model every piece to
 * keep) either finds a shortest sequence or exhausts every state reachable
 * on the grid. "unsolvable" then means: on this grid, by any number of
 * moves; it is not a proof over all placements. A target that is not a
 * union of cells (within verify's tolerance) cannot be matched on the grid.
 *
 * Exactness: with h a power of two and quarter turns, every coordinate is a
 * dyadic rational that GEOS computes exactly, and every certificate is
 * replayed through the rules (rules.c) and checked against both targets
 * before it is returned. Cost: O(S (2M-1)^2 R) mask operations for S
 * reachable states and R rotations; S is at most 2^(2 M^2) (4^(2 M^2) under
 * undo), and in practice small for M <= 4 (docs/algorithms.md). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

const pl_option snip_solve_options[] = {
    {"grid", "M",
     "algorithm grid: translations by multiples of 1/M (M = 1, 2, 4 or 8; default 4); a target must be a union of "
     "the M x M cells; at --memory-limit its table stops the search (unknown, exit 3), it replaces nothing"},
    {"angle", "A", "algorithm grid: rotations by multiples of A degrees (90, 180 or 360; default 90)"},
    {NULL, NULL, NULL},
};

typedef struct gstate {
    uint64_t t[2], p[2]; /* tools, previous shapes (undo) */
    uint8_t hp;          /* bit k: tool k+1 has a previous shape */
} gstate;

/* A move: kind (0 snip, 1 reset, 2 undo), the tool acted on, rotation,
 * (dx, dy) the placed cells' shift, and the cell of the piece kept + 1. */
enum { GM_SNIP = 0, GM_RESET = 1, GM_UNDO = 2 };
static uint32_t gmove(int kind, int a, int k, int dx, int dy, int keep) {
    return (uint32_t)kind | (uint32_t)(a - 1) << 2 | (uint32_t)k << 3 | (uint32_t)(dx + 8) << 5 |
           (uint32_t)(dy + 8) << 9 | (uint32_t)keep << 13;
}

typedef struct grid {
    int m, nrot, rot_step; /* rotations k * rot_step quarter turns, k < nrot */
    uint64_t full;
    bool connected, undo;
    uint64_t goal[2];
    bool has_goal2;
    /* the search */
    gstate *st;
    uint32_t *parent, *move;
    size_t n, cap;
    uint32_t *slot; /* index + 1; 0 empty */
    size_t nslots;
    size_t mem_cap;
} grid;

static uint64_t cols_below(int c) { /* columns 0..c-1 of every row (stride 8) */
    uint64_t row = c >= 8 ? 0xffu : ((1u << c) - 1u);
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) r |= row << (8 * i);
    return r;
}

static uint64_t shift(uint64_t x, int dx, int dy) {
    if (dx > 0)
        x = (x & cols_below(8 - dx)) << dx;
    else if (dx < 0)
        x = (x & ~cols_below(-dx)) >> -dx;
    if (dy > 0)
        x = dy >= 8 ? 0 : x << (8 * dy);
    else if (dy < 0)
        x = -dy >= 8 ? 0 : x >> (8 * -dy);
    return x;
}

/* B turned k quarter turns about the origin, as a mask of the M x M box
 * whose cell (u, v) is the turned cell (u + ox, v + oy). */
static uint64_t rotate(const grid *g, uint64_t b, int k, int *ox, int *oy) {
    int m = g->m;
    uint64_t r = 0;
    for (int i = 0; i < 64; i++) {
        if (!(b >> i & 1)) continue;
        int c = i % 8, w = i / 8, u, v;
        switch (k) {
        case 0: u = c, v = w; break;
        case 1: u = m - 1 - w, v = c; break; /* (x, y) -> (-y, x) */
        case 2: u = m - 1 - c, v = m - 1 - w; break;
        default: u = w, v = m - 1 - c; break; /* (x, y) -> (y, -x) */
        }
        r |= (uint64_t)1 << (8 * v + u);
    }
    static const int oxs[4] = {0, -1, -1, 0}, oys[4] = {0, 0, -1, -1};
    *ox = oxs[k] * m;
    *oy = oys[k] * m;
    return r;
}

static uint64_t hash_state(const gstate *s) {
    uint64_t h = 0x9e3779b97f4a7c15u ^ s->hp;
    for (int i = 0; i < 2; i++) {
        h = (h ^ s->t[i]) * 0xbf58476d1ce4e5b9u;
        h ^= h >> 31;
        h = (h ^ s->p[i]) * 0x94d049bb133111ebu;
        h ^= h >> 29;
    }
    return h;
}

static bool same(const gstate *a, const gstate *b) {
    return a->t[0] == b->t[0] && a->t[1] == b->t[1] && a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->hp == b->hp;
}

static size_t bytes_for(size_t cap, size_t nslots) {
    return cap * (sizeof(gstate) + 2 * sizeof(uint32_t)) + nslots * sizeof(uint32_t);
}

/* Adds s (reached from parent by mv) unless seen: 1 added, 0 seen, -1 over
 * the memory cap. */
static int add(grid *g, const gstate *s, uint32_t parent, uint32_t mv) {
    if (2 * (g->n + 1) > g->nslots) {
        size_t ns = g->nslots ? 2 * g->nslots : 1024;
        if (bytes_for(g->cap, ns) > g->mem_cap) return -1;
        uint32_t *sl = pl_xcalloc(ns, sizeof *sl);
        for (size_t i = 0; i < g->n; i++) {
            size_t h = (size_t)hash_state(&g->st[i]) & (ns - 1);
            while (sl[h]) h = (h + 1) & (ns - 1);
            sl[h] = (uint32_t)i + 1;
        }
        free(g->slot);
        g->slot = sl;
        g->nslots = ns;
    }
    size_t h = (size_t)hash_state(s) & (g->nslots - 1);
    while (g->slot[h]) {
        if (same(&g->st[g->slot[h] - 1], s)) return 0;
        h = (h + 1) & (g->nslots - 1);
    }
    if (g->n == g->cap) {
        size_t nc = g->cap ? 2 * g->cap : 1024;
        if (bytes_for(nc, g->nslots) > g->mem_cap || nc >= UINT32_MAX) return -1;
        g->st = pl_xrealloc(g->st, nc * sizeof *g->st);
        g->parent = pl_xrealloc(g->parent, nc * sizeof *g->parent);
        g->move = pl_xrealloc(g->move, nc * sizeof *g->move);
        g->cap = nc;
    }
    g->st[g->n] = *s;
    g->parent[g->n] = parent;
    g->move[g->n] = mv;
    g->slot[h] = (uint32_t)g->n + 1;
    g->n++;
    return 1;
}

static bool is_goal(const grid *g, const gstate *s) {
    return s->t[0] == g->goal[0] && (!g->has_goal2 || s->t[1] == g->goal[1]);
}

/* The 4-connected component of x holding its lowest cell (the open set's
 * pieces: cells meeting only at a corner are two pieces). */
static uint64_t component(uint64_t x) {
    uint64_t c = x & -x;
    for (;;) {
        uint64_t grow = (c | shift(c, 1, 0) | shift(c, -1, 0) | shift(c, 0, 1) | shift(c, 0, -1)) & x;
        if (grow == c) return c;
        c = grow;
    }
}

/* ---------- the targets as cells ---------- */

/* The cells of the target (the majority rule: a cell more than half inside),
 * and whether their union equals the target within the tolerance: the only
 * union of cells that can (docs/algorithms.md). */
static bool target_cells(const snip_level *l, int tool, int m, uint64_t *mask, char *why, size_t n) {
    GEOSContextHandle_t ctx = l->ctx;
    const GEOSGeometry *t = tool == 2 ? l->target2 : l->target;
    double h = 1.0 / m;
    *mask = 0;
    GEOSGeometry **cells = pl_xcalloc((size_t)m * (size_t)m + 1, sizeof *cells);
    int nc = 0;
    for (int r = 0; r < m; r++)
        for (int c = 0; c < m; c++) {
            GEOSGeometry *sq = snip_square(ctx, c * h, r * h, (c + 1) * h, (r + 1) * h);
            GEOSGeometry *x = GEOSIntersection_r(ctx, sq, t);
            double a = 0;
            if (x) GEOSArea_r(ctx, x, &a), GEOSGeom_destroy_r(ctx, x);
            if (a > h * h / 2) {
                *mask |= (uint64_t)1 << (8 * r + c);
                cells[nc++] = sq;
            } else
                GEOSGeom_destroy_r(ctx, sq);
        }
    bool ok = false;
    if (nc == 0) {
        snprintf(why, n, "tool %d's target covers no cell of the %dx%d grid", tool, m, m);
    } else {
        GEOSGeometry *coll = GEOSGeom_createCollection_r(ctx, GEOS_GEOMETRYCOLLECTION, cells, (unsigned)nc);
        GEOSGeometry *u = coll ? GEOSUnaryUnionPrec_r(ctx, coll, SNIP_GRID) : NULL;
        double area, hd;
        char w[256];
        ok = u && snip_geom_matches(l, u, tool, SNIP_DEFAULT_TOLERANCE, &area, &hd, w, sizeof w);
        if (!ok)
            snprintf(why, n, "tool %d's target is not a union of cells of the %dx%d grid (%.150s)", tool, m, m,
                     u ? w : "GEOS failed");
        if (u) GEOSGeom_destroy_r(ctx, u);
        if (coll) GEOSGeom_destroy_r(ctx, coll);
        nc = 0;
    }
    for (int i = 0; i < nc; i++) GEOSGeom_destroy_r(ctx, cells[i]);
    free(cells);
    return ok;
}

/* ---------- certificate ---------- */

static void move_text(const grid *g, uint32_t mv, char *a, char *b, size_t n) {
    int kind = mv & 3, tool = (int)(mv >> 2 & 1) + 1, k = (int)(mv >> 3 & 3), dx = (int)(mv >> 5 & 15) - 8,
        dy = (int)(mv >> 9 & 15) - 8, keep = (int)(mv >> 13);
    a[0] = b[0] = '\0';
    if (kind == GM_RESET) {
        snprintf(a, n, "reset %d", tool);
        return;
    }
    if (kind == GM_UNDO) {
        snprintf(a, n, "undo %d", tool);
        return;
    }
    static const int oxs[4] = {0, -1, -1, 0}, oys[4] = {0, 0, -1, -1};
    int turns = k * g->rot_step;
    snip_move m = {.kind = SNIP_MOVE_SNIP,
                   .a = tool,
                   .b = 3 - tool,
                   .theta = 90.0 * turns,
                   .tx = (double)(dx - oxs[turns] * g->m) / g->m,
                   .ty = (double)(dy - oys[turns] * g->m) / g->m};
    snip_move_format(&m, a, n);
    if (keep) {
        int cell = keep - 1;
        snip_move km = {.kind = SNIP_MOVE_KEEP, .a = tool, .x = (cell % 8 + 0.5) / g->m, .y = (cell / 8 + 0.5) / g->m};
        snip_move_format(&km, b, n);
    }
}

/* Replays the moves through the rules and checks both targets. */
static bool replay_ok(const snip_level *l, const pl_strvec *mv, long *snips, long *resets, long *undos, char *why,
                      size_t n) {
    snip_state *s = snip_state_new(l);
    bool ok = true;
    for (int i = 0; i < mv->n && ok; i++) {
        snip_move m;
        int col;
        char w[256];
        if (snip_move_parse(mv->s[i], &m, w, sizeof w, &col) || snip_state_apply(s, &m, w, sizeof w)) {
            snprintf(why, n, "move %d '%.60s' fails under the rules: %.150s", i + 1, mv->s[i], w);
            ok = false;
        }
    }
    double area, hd;
    char w[256];
    for (int t = 1; t <= 2 && ok; t++)
        if (!snip_state_matches_tool(s, t, SNIP_DEFAULT_TOLERANCE, &area, &hd, w, sizeof w)) {
            snprintf(why, n, "the replay does not end on the targets: %.200s", w);
            ok = false;
        }
    *snips = snip_state_snips(s);
    *resets = snip_state_resets(s);
    *undos = snip_state_undos(s);
    snip_state_free(s);
    return ok;
}

/* ---------- the search ---------- */

/* Breadth-first from the states already in g; in the final phase (below)
 * only snips that keep both tools supersets of their targets. Returns the
 * index of a goal state or -1; *depth: the last level expanded; *over: the
 * memory cap was reached; *done: every state was expanded. */
static long search(grid *g, pl_limits *lim, bool final, int *depth_out, bool *over_out, bool *done) {
    int m = g->m;
    size_t head = 0, level_end = g->n;
    int depth = 0;
    long found = -1;
    for (size_t i = 0; i < g->n && found < 0; i++)
        if (is_goal(g, &g->st[i])) found = (long)i;
    bool over = false;
    while (found < 0 && head < g->n && !over) {
        if (head == level_end) depth++, level_end = g->n;
        if (lim && !pl_limits_tick(lim)) break;
        gstate s = g->st[head];
        uint32_t me = (uint32_t)head++;
        /* successors: snips (A by B) for both A, resets, undos */
        for (int a = 1; a <= 2 && found < 0 && !over; a++) {
            uint64_t A = s.t[a - 1], B = s.t[2 - a];
            if (A && B)
                for (int kr = 0; kr < g->nrot && found < 0 && !over; kr++) {
                    int ox, oy;
                    uint64_t R = rotate(g, B, kr * g->rot_step, &ox, &oy);
                    for (int dy = -(m - 1); dy <= m - 1 && found < 0 && !over; dy++)
                        for (int dx = -(m - 1); dx <= m - 1 && found < 0 && !over; dx++) {
                            uint64_t P = shift(R, dx, dy) & g->full;
                            if (!(P & A)) continue; /* the interiors do not overlap: illegal */
                            uint64_t rest = A & ~P;
                            uint64_t left = rest;
                            int pieces = 0;
                            do {
                                gstate x = s;
                                uint64_t keep = rest;
                                int keep_cell = 0;
                                if (g->connected && rest) {
                                    uint64_t c = component(left);
                                    left &= ~c;
                                    pieces++;
                                    if (pieces > 1 || left) {
                                        keep = c;
                                        keep_cell = __builtin_ctzll(c) + 1;
                                    }
                                } else
                                    left = 0;
                                if (g->undo) x.p[a - 1] = A, x.hp |= (uint8_t)(1u << (a - 1));
                                x.t[a - 1] = keep;
                                if (final && (keep & g->goal[a - 1]) != g->goal[a - 1]) continue;
                                int r = add(g, &x, me, gmove(GM_SNIP, a, kr, dx, dy, keep_cell));
                                if (r < 0) over = true;
                                if (r > 0 && is_goal(g, &x)) found = (long)g->n - 1;
                            } while (left && found < 0 && !over);
                        }
                }
            if (found >= 0 || over || final) continue;
            gstate x = s;
            x.t[a - 1] = g->full;
            x.p[a - 1] = 0;
            x.hp &= (uint8_t) ~(1u << (a - 1));
            int r = add(g, &x, me, gmove(GM_RESET, a, 0, 0, 0, 0));
            if (r < 0) over = true;
            if (r > 0 && is_goal(g, &x)) found = (long)g->n - 1;
            if (g->undo && (s.hp >> (a - 1) & 1) && found < 0 && !over) {
                x = s;
                x.t[a - 1] = s.p[a - 1];
                x.p[a - 1] = s.t[a - 1];
                r = add(g, &x, me, gmove(GM_UNDO, a, 0, 0, 0, 0));
                if (r < 0) over = true;
                if (r > 0 && is_goal(g, &x)) found = (long)g->n - 1;
            }
        }
    }
    *depth_out = depth;
    *over_out = over;
    *done = head >= g->n && !over && !(lim && lim->hit);
    return found;
}

bool snip_grid_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)level;
    (void)req;
    snprintf(why, n, "exact search on the grid of placements (--grid, --angle): answers relative to that grid");
    return true;
}

static int grid_options(const pl_request *req, int *m, int *angle, pl_error *err) {
    long lm = 4, la = 90;
    if (req->opts &&
        (pl_opts_long(req->opts, "grid", 4, 1, 8, &lm, err) || pl_opts_long(req->opts, "angle", 90, 0, 360, &la, err)))
        return -1;
    if (lm != 1 && lm != 2 && lm != 4 && lm != 8)
        return pl_error_set(err, NULL, 0, 0,
                            "--grid: expected 1, 2, 4 or 8 (the lattice step 1/M must be a power of two), got %ld", lm);
    if (la != 90 && la != 180 && la != 360)
        return pl_error_set(err, NULL, 0, 0,
                            "--angle: expected 90, 180 or 360 (quarter turns keep the lattice), got %ld", la);
    *m = (int)lm;
    *angle = (int)la;
    return 0;
}

int snip_grid_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const snip_level *l = level;
    int m = 4, angle = 90;
    if (grid_options(req, &m, &angle, err)) return -1;
    out->algorithm = "grid";
    grid g = {0};
    g.m = m;
    g.rot_step = angle / 90;
    g.nrot = 4 / g.rot_step;
    g.full = cols_below(m) & (m >= 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * m)) - 1));
    g.connected = l->model == SNIP_CONNECTED;
    g.undo = l->undo;
    g.has_goal2 = l->target2 != NULL;
    g.mem_cap = req->limits && req->limits->memory_limit ? req->limits->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    char gridname[120];
    snprintf(gridname, sizeof gridname, "translations by multiples of 1/%d, rotations by multiples of %d degrees", m,
             angle);
    char why[400];
    for (int t = 1; t <= 1 + g.has_goal2; t++)
        if (!target_cells(l, t, m, &g.goal[t - 1], why, sizeof why)) {
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note,
                     "unsolvable on the grid (%s): %s, and every tool on the grid is one; relative to this grid, not "
                     "a proof over all placements",
                     gridname, why);
            return 0;
        }
    long found = -1;
    bool over = false, done = false;
    int depth = 0;
    pl_limits *lim = req->limits;
    char proof[600] = "";
    size_t phase_states = 0;
    if (g.has_goal2 && !g.undo) {
        /* The final phase: after the last reset (or from the start) one tool
         * is the full square and the other, like every tool from then on,
         * a superset of its target (tools only shrink). Every start such a
         * phase can have, reachable or not, with every move that keeps both
         * supersets: if none reaches the targets, no sequence on the grid
         * does. Taken when the starts are at most 2^20 a side; when a
         * start reaches the targets, or the phase passes the memory cap,
         * the plain search below decides. */
        int f1 = __builtin_popcountll(g.full & ~g.goal[0]), f2 = __builtin_popcountll(g.full & ~g.goal[1]);
        if (f1 <= 20 && f2 <= 20) {
            for (int t = 0; t < 2; t++) {
                uint64_t freec = g.full & ~g.goal[1 - t];
                for (uint64_t sub = freec;; sub = (sub - 1) & freec) {
                    gstate x = {{0, 0}, {0, 0}, 0};
                    x.t[t] = g.full;
                    x.t[1 - t] = g.goal[1 - t] | sub;
                    if (add(&g, &x, UINT32_MAX, 0) < 0) over = true;
                    if (!sub || over) break;
                }
            }
            long f = over ? -1 : search(&g, lim, true, &depth, &over, &done);
            if (done && f < 0) {
                snprintf(proof, sizeof proof,
                         "after the last reset (or from the start) one tool is the square and both only shrink; from "
                         "none of the %d + %d such starts (every superset of the other target) do snips keeping "
                         "both tools supersets of their targets reach them (%zu states)",
                         1 << f2, 1 << f1, g.n);
            }
            phase_states = g.n;
            g.n = 0;
            memset(g.slot, 0, g.nslots * sizeof *g.slot);
            if (lim && lim->hit)
                done = false;
            else if (!proof[0])
                over = false, done = false;
        }
    }
    bool plain = !proof[0] && !(lim && lim->hit);
    if (plain) {
        gstate s0 = {{g.full, g.full}, {0, 0}, 0};
        add(&g, &s0, UINT32_MAX, 0);
        found = search(&g, lim, false, &depth, &over, &done);
    }
    out->nodes = g.n + phase_states;
    out->peak_memory = bytes_for(g.cap, g.nslots);
    if (found >= 0) {
        /* the path back from the goal, then forwards as move lines */
        size_t len = 0;
        for (uint32_t i = (uint32_t)found; g.parent[i] != UINT32_MAX; i = g.parent[i]) len++;
        uint32_t *path = pl_xcalloc(len + 1, sizeof *path);
        size_t k = len;
        for (uint32_t i = (uint32_t)found; g.parent[i] != UINT32_MAX; i = g.parent[i]) path[--k] = g.move[i];
        pl_strvec mv = {0};
        for (size_t i = 0; i < len; i++) {
            char a[200], b[200];
            move_text(&g, path[i], a, b, sizeof a);
            pl_strvec_push(&mv, a);
            if (b[0]) pl_strvec_push(&mv, b);
        }
        free(path);
        long snips, resets, undos;
        if (!replay_ok(l, &mv, &snips, &resets, &undos, why, sizeof why)) {
            /* never claim what the rules do not confirm */
            out->status = PL_UNKNOWN;
            snprintf(out->note, sizeof out->note, "internal disagreement between the grid model and the rules: %s",
                     why);
            pl_strvec_free(&mv);
        } else {
            out->status = PL_SOLVED;
            out->moves = mv;
            pl_solution_set_value(out, "snips", snips);
            pl_solution_set_value(out, "resets", resets);
            if (g.undo) pl_solution_set_value(out, "undos", undos);
            snprintf(out->note, sizeof out->note,
                     "fewest operations on the grid (%s): %zu (snips, resets%s; breadth-first over %zu states)",
                     gridname, len, g.undo ? ", undos" : "", g.n);
        }
    } else if (proof[0]) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note,
                 "unsolvable on the grid (%s): %s; relative to this grid, not a proof over all placements", gridname,
                 proof);
    } else if (done) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note,
                 "unsolvable on the grid (%s): all %zu states reachable on it explored (each within %d operations); "
                 "relative to this grid, not a proof over all placements",
                 gridname, g.n, depth);
    } else {
        out->status = PL_UNKNOWN;
        if (over) {
            out->limit_hit = PL_LIMIT_MEMORY;
            if (lim) lim->hit = PL_LIMIT_MEMORY;
        } else
            out->limit_hit = lim ? lim->hit : PL_LIMIT_NODES;
        if (plain)
            snprintf(out->note, sizeof out->note,
                     "%s reached on the grid (%s) after %zu states: no solution of at most %d operations on it",
                     pl_limit_name(out->limit_hit), gridname, g.n, depth);
        else
            snprintf(out->note, sizeof out->note, "%s reached on the grid (%s) while searching the final phase",
                     pl_limit_name(out->limit_hit), gridname);
    }
    free(g.st);
    free(g.parent);
    free(g.move);
    free(g.slot);
    return 0;
}
