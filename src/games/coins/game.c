/* Coin moving's descriptor: wires rules, notation, spans and solvers into the
 * commands the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

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

/* The replay state: the configuration and the moves made, so that verify
 * reports the length like solve does. */
typedef struct replay {
    coins_state *st;
    long long moves;
} replay;

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

static const pl_algorithm algorithms[] = {
    {"theorems", "Proposition 3.11 and Theorem 3.8 (square grid), else exact search",
     "unsolvable when a position that never receives a coin should change; solvable when Theorem 3.8's (a) and (b) "
     "hold (certificate by exact search); the note names the result used",
     coins_theorems_applies, coins_theorems_solve, NULL},
    {"bidir", "exact search: bidirectional BFS over configurations (span(A) bounds the reachable set: Corollary 1.7)",
     "layers from the start and from every placement of the target, smaller frontier first; shortest solutions; "
     "prunes configurations whose span no longer holds the target",
     coins_exact_applies, coins_bidir_solve, NULL},
    {"bfs", "exact search: unidirectional BFS (baseline)", "forward layers only; shortest solutions",
     coins_exact_applies, coins_bfs_solve, coins_never_auto},
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
    .objectives = NULL,
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
    .generate = coins_generate,
    .generate_options = coins_generate_options,
};
