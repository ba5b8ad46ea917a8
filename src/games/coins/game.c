/* Coin moving's descriptor: wires rules, notation, spans and solvers into the
 * commands the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"
#include "state.h"

static void *level_parse(const pl_level_text *lt, pl_error *err) {
    coins_level *l = pl_xmalloc(sizeof *l);
    if (coins_level_parse(lt, l, err)) {
        free(l);
        return NULL;
    }
    return l;
}

static void level_free(void *p) {
    if (!p) return;
    coins_level_free(p);
    free(p);
}

static const char *grid_name(coins_grid g) {
    return g == COINS_SQUARE ? "square" : g == COINS_TRIANGULAR ? "triangular" : "graph";
}
static const char *upto_name(coins_upto u) {
    return u == COINS_EXACT ? "exact" : u == COINS_TRANSLATION ? "translation" : "translation+rotation";
}

static void level_info(const void *p, json_t *o) {
    const coins_level *l = p;
    char buf[256], pt[48];
    json_object_set_new(o, "grid", json_string(grid_name(l->grid)));
    json_object_set_new(o, "target_up_to", json_string(upto_name(l->upto)));
    if (l->grid == COINS_GRAPH) {
        json_object_set_new(o, "vertices", json_integer(l->nv));
        json_object_set_new(o, "edges", json_integer(l->off[l->nv] / 2));
        json_object_set_new(o, "max_degree", json_integer(l->max_degree));
    } else {
        json_object_set_new(o, "rows", json_integer(l->rows));
        json_object_set_new(o, "columns", json_integer(l->cols));
    }
    json_object_set_new(o, "coins", json_integer(l->n));
    json_object_set_new(o, "labelled", json_boolean(l->labelled));
    coins_analysis a;
    coins_analyse(l, 200000, &a);
    if (a.span_finite)
        json_object_set_new(o, "span_size", json_integer(a.span_size));
    else
        json_object_set_new(o, "span_size", json_string("infinite (a free position has two coins adjacent)"));
    if (a.span_components >= 0) json_object_set_new(o, "span_rectangles", json_integer(a.span_components));
    if (a.minimum_size >= 0) {
        json_object_set_new(o, "minimum_size", json_integer(a.minimum_size));
        json_object_set_new(o, "minimum", json_boolean(l->n == a.minimum_size));
    } else {
        json_object_set_new(o, "minimum_size", json_string("unknown (beyond the exhaustive budget)"));
    }
    json_object_set_new(o, "minimal", json_boolean(a.minimal_plus == 0 && a.minimal_plus_exact));
    if (a.minimal_plus_exact)
        json_object_set_new(o, "minimal_plus", json_integer(a.minimal_plus));
    else {
        snprintf(buf, sizeof buf, "at least %d (search budget reached)", a.minimal_plus);
        json_object_set_new(o, "minimal_plus", json_string(buf));
    }
    if (a.extra_coins_exact)
        json_object_set_new(o, "extra_coins", json_integer(a.extra_coins));
    else {
        snprintf(buf, sizeof buf, "at least %d (search budget reached)", a.extra_coins);
        json_object_set_new(o, "extra_coins", json_string(buf));
    }
    coins_minplus1_info(l, o);
    json_object_set_new(o, "target_inside_span", json_boolean(a.target_in_span));
    snprintf(buf, sizeof buf, "two coins of A share an unoccupied neighbour: %s (%d legal first move%s)",
             a.a_has_shared_free_neighbour ? "yes" : "no", a.a_moves, a.a_moves == 1 ? "" : "s");
    json_object_set_new(o, "prop_1_2_start", json_string(buf));
    snprintf(buf, sizeof buf, "a coin of B has two neighbours in B: %s", a.b_has_component3 ? "yes" : "no");
    json_object_set_new(o, "prop_1_2_target", json_string(buf));
    if (a.prop13_applies) {
        coins_pt_text(l, a.prop13_b, pt, sizeof pt);
        snprintf(buf, sizeof buf,
                 "applies (b = %s: B \\ {b} is all isolated coins): solvable iff one move; one move %s", pt,
                 a.one_move_solves ? "does it" : "does not");
    } else {
        snprintf(buf, sizeof buf, "does not apply");
    }
    json_object_set_new(o, "prop_1_3", json_string(buf));
    const char *verdict = "necessary conditions hold";
    if (a.one_move_solves)
        verdict = "solvable in at most one move";
    else if (!a.target_in_span)
        verdict = "unsolvable: the target does not fit in span(A) (Corollary 1.7)";
    else if (!a.b_has_component3)
        verdict = "unsolvable (Proposition 1.2: no coin of B has two neighbours in B)";
    else if (a.a_moves == 0)
        verdict = "unsolvable (Proposition 1.2: A allows no move)";
    else if (a.prop13_applies)
        verdict = "unsolvable (Proposition 1.3: one move would be needed and none does it)";
    else if (a.extra_coins_exact && a.extra_coins == 0 && l->grid != COINS_TRIANGULAR)
        verdict = "unsolvable (Proposition 1.10: no extra coin, every move shrinks the span below the target's)";
    json_object_set_new(o, "necessary_conditions", json_string(verdict));
    if (l->grid == COINS_SQUARE) coins_square_info(l, o);
}

static void *state_new(const void *p) {
    replay *r = pl_xcalloc(1, sizeof *r);
    r->st = coins_state_new(p);
    return r;
}
static void state_free(void *p) {
    replay *r = p;
    if (!r) return;
    coins_state_free(r->st);
    free(r);
}

static pl_move_result move_apply(void *p, const char *text, char *reason, size_t n, int *col) {
    replay *r = p;
    const coins_level *l = coins_state_level(r->st);
    coins_pt a, b;
    if (coins_move_parse(l, text, &a, &b, reason, n, col)) return PL_MOVE_SYNTAX;
    if (coins_state_move(r->st, a, b, reason, n)) return PL_MOVE_ILLEGAL;
    r->moves++;
    return PL_MOVE_OK;
}

static void finish(const void *p, const char *objective, pl_verdict *v) {
    (void)objective;
    const replay *r = p;
    v->ok = coins_state_at_target(r->st, v->reason, sizeof v->reason);
    v->nvalues = 1;
    v->value_name[0] = "length";
    v->value[0] = r->moves;
}

/* The theorems decide, but their constructive certificates are long
 * (Theorem 3.8 on levels/coins/E-to-F.level: 158 moves where 3 suffice). When
 * a theorem says solvable, exact search gets a small budget (SHORTEN_NODES
 * nodes, at most SHORTEN_SECONDS and the time left) to find a shortest
 * certificate, which replaces the construction's; the note keeps the
 * theorem's verdict and says which certificate was returned: a proven
 * shortest one, or the construction's and its length. --no-shorten keeps the
 * construction's. (--objective shortest never runs these algorithms.) */
#define SHORTEN_NODES 200000
#define SHORTEN_SECONDS 1.0
/* Beyond this many coins exact search cannot finish within that budget, and
 * only setting it up costs (20,000 triangular coins: 4.7 s and 1 GB instead
 * of 0.1 s), so the construction's certificate stays. */
#define SHORTEN_MAX_COINS 24

typedef int (*coins_solve_fn)(const void *, const pl_request *, pl_solution *, pl_error *);

static void construction_note(pl_solution *out, const char *why) {
    size_t k = strlen(out->note);
    snprintf(out->note + k, sizeof out->note - k, "%scertificate: the construction's %d moves, not proven shortest (%s)",
             k ? "; " : "", out->moves.n, why);
}

static int shortened(coins_solve_fn theorem, const void *level, const pl_request *req, pl_solution *out,
                     pl_error *err) {
    int rc = theorem(level, req, out, err);
    if (rc || out->status != PL_SOLVED || out->optimal == 1 || out->moves.n <= 1) return rc;
    if (pl_opts_has(req->opts, "no-shorten")) {
        construction_note(out, "--no-shorten");
        return 0;
    }
    if (((const coins_level *)level)->n > SHORTEN_MAX_COINS) {
        construction_note(out, "too many coins for exact search");
        return 0;
    }
    char why[256];
    if (!coins_exact_applies(level, req, why, sizeof why)) return 0;
    double left = SHORTEN_SECONDS;
    if (req->limits->time_limit > 0) {
        double rem = req->limits->time_limit - pl_limits_elapsed(req->limits);
        if (rem < left) left = rem;
    }
    if (left < 0.01) {
        construction_note(out, "no time left for exact search");
        return 0;
    }
    pl_limits sub;
    pl_limits_init(&sub, left, SHORTEN_NODES, req->limits->memory_limit);
    pl_request r2 = *req;
    r2.limits = &sub;
    pl_solution s2;
    pl_solution_init(&s2);
    pl_error e2 = {0};
    if (coins_exact_best(level, &r2, &s2, &e2) == 0 && s2.status == PL_SOLVED && s2.moves.n < out->moves.n) {
        int built = out->moves.n;
        pl_strvec t = out->moves;
        out->moves = s2.moves;
        s2.moves = t;
        out->optimal = s2.optimal;
        pl_solution_set_value(out, "length", out->moves.n);
        size_t k = strlen(out->note);
        snprintf(out->note + k, sizeof out->note - k,
                 "%scertificate: replaced by %s from exact search (%d moves; the construction's had %d)",
                 k ? "; " : "", s2.optimal == 1 ? "a proven shortest one" : "a shorter one", out->moves.n, built);
    } else if (s2.status == PL_SOLVED) {
        out->optimal = s2.optimal; /* exact search found nothing shorter */
        size_t k = strlen(out->note);
        snprintf(out->note + k, sizeof out->note - k, "%scertificate: the construction's %d moves, %s", k ? "; " : "",
                 out->moves.n, s2.optimal == 1 ? "proven shortest by exact search" : "as short as exact search's");
    } else {
        char b[96];
        snprintf(b, sizeof b, "exact search gave up within its budget of %.3g s and %d nodes", left, SHORTEN_NODES);
        construction_note(out, b);
    }
    out->nodes += s2.nodes;
    pl_solution_free(&s2);
    return 0;
}

static int minplus1_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return shortened(coins_minplus1_solve, level, req, out, err);
}
static int tri_unlabelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return shortened(coins_tri_unlabelled_solve, level, req, out, err);
}
static int tri_labelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return shortened(coins_tri_labelled_solve, level, req, out, err);
}
static int theorems_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return shortened(coins_theorems_solve, level, req, out, err);
}

/* --objective shortest: constructions are not shortest, only exact search answers. */
static bool wants_shortest(const pl_request *req) {
    return req && req->objective && strcmp(req->objective, "shortest") == 0;
}
static bool not_for_shortest(const pl_request *req, char *why, size_t n) {
    if (!wants_shortest(req)) return false;
    snprintf(why, n, "--objective shortest: its certificate is a construction, not proven shortest (exact search "
                     "answers: shortest or bidir)");
    return true;
}
static bool minplus1_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return !not_for_shortest(req, why, n) && coins_minplus1_applies(level, req, why, n);
}
static bool tri_unlabelled_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return !not_for_shortest(req, why, n) && coins_tri_unlabelled_applies(level, req, why, n);
}
static bool tri_labelled_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return !not_for_shortest(req, why, n) && coins_tri_labelled_applies(level, req, why, n);
}
static bool theorems_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return !not_for_shortest(req, why, n) && coins_theorems_applies(level, req, why, n);
}
/* The triangular grid's search runs in a window: not a proof of shortest. */
static bool exact_applies(const void *level, const pl_request *req, char *why, size_t n) {
    if (wants_shortest(req) && ((const coins_level *)level)->grid == COINS_TRIANGULAR) {
        snprintf(why, n, "--objective shortest: on the triangular grid the search runs in a window, which proves no "
                         "shortest length");
        return false;
    }
    return coins_exact_applies(level, req, why, n);
}

static const char *const objectives[] = {"any", "shortest", NULL};

static const pl_algorithm algorithms[] = {
    {"minplus1", "Propositions 3.29, 3.30, 3.32 and Theorem 3.38 (minimum+1 configurations, square grid)",
     "same span, one coin more than the minimum: the even case is one move or none, otherwise the pushing game "
     "decided by the fixed leaves when one side is 2-connected; O(N^4) decision, O(N^2) moves (not shortest)",
     minplus1_applies, minplus1_solve, NULL},
    {"theorem-2.4", "Theorem 2.4 (triangular grid, unlabelled): conditions (i)-(iv), Algorithm 9 with CLEAN",
     "decides in O(n); the certificate takes O(d_AB + n d_B) moves and time", tri_unlabelled_applies,
     tri_unlabelled_solve, NULL},
    {"theorem-2.5", "Theorems 2.5 and 2.7 (triangular grid, labelled): 4+ coins as Theorem 2.4; 3 coins by colours",
     "n >= 4: the unlabelled plan after pre-permuting labels by transpositions (1 i); n = 3: triangle classes",
     tri_labelled_applies, tri_labelled_solve, NULL},
    {"theorems", "Propositions 3.11, 3.31 and Theorem 3.8 (square grid), else exact search",
     "unsolvable when a position that never receives a coin, or (labelled, Proposition 3.31) never another coin, "
     "should change; solvable when Theorem 3.8's (a) and (b) "
     "hold (certificate by the construction of Theorems 3.7-3.8, else by exact search); the note names the result used",
     theorems_applies, theorems_solve, NULL},
    {"shortest", "exact search: bounded bidirectional search over bitboards (square grid, unlabelled)",
     "states as one 64-bit word, layers from both ends under a length bound raised from an admissible lower bound "
     "(region bounds: additive pattern databases over two partitions of the box; also the cells to fill and the "
     "non-filling moves isolated target cells need); proven shortest solutions",
     coins_shortest_applies, coins_shortest_solve, NULL},
    {"bidir", "exact search: bidirectional BFS over configurations (span(A) bounds the reachable set: Corollary 1.7)",
     "layers from the start and from every placement of the target, smaller frontier first; shortest solutions; "
     "prunes configurations whose span no longer holds the target",
     exact_applies, coins_bidir_solve, NULL},
    {"bfs", "exact search: unidirectional BFS (baseline)", "forward layers only; shortest solutions",
     exact_applies, coins_bfs_solve, coins_never_auto},
};

const pl_game pl_game_coins = {
    .name = "coins",
    .title = "Coin moving",
    .summary = "move coins, one at a time, to free positions with at least two other coins adjacent",
    .level_help =
        "Level: headers 'grid:' (square, default; triangular; graph) and 'target-up-to:' (exact, default;\n"
        "translation; translation+rotation), then sections 'start:' and 'target:' drawn in one frame:\n"
        "'.' empty, 'o' an unlabelled coin, any other colour a labelled coin (each label once, the same\n"
        "labels in both). The board is infinite: the frame is a window, moves may leave it.\n"
        "Square grid: neighbours of r,c are r+-1,c and r,c+-1; triangular: also r-1,c+1 and r+1,c-1.\n"
        "Rotations: 60 degrees on the triangular grid, 90 degrees on the square grid.\n"
        "Graph: 'grid: graph', section 'edges:' with lines 'u v', headers 'start: v v ...', 'target: v v ...'.\n"
        "Move: r1,c1 r2,c2 (graph: u v): the coin at r1,c1 goes to the free position r2,c2, which must\n"
        "then have at least two other coins adjacent.\n",
    .objectives = objectives,
    .level_parse = level_parse,
    .level_free = level_free,
    .level_info = level_info,
    .state_new = state_new,
    .state_free = state_free,
    .move_apply = move_apply,
    .finish = finish,
    .algorithms = algorithms,
    .nalgorithms = (int)(sizeof algorithms / sizeof algorithms[0]),
    .solve_options = coins_solve_options,
    .solve_uses = PL_USES_MEMORY | PL_USES_THREADS, /* exact search; shortest runs its layers on threads */
    .generate = coins_generate,
    .generate_options = coins_generate_options,
    .render = &coins_render_hooks,
    .play = &coins_play_hooks,
};
