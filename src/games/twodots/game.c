/* Two Dots' descriptor: wires rules, notation and solvers into the commands
 * the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"
#include "solvers.h"
#include "state.h"

bool twodots_goals_met(const twodots_level *l, const int *collected) {
    for (int g = 0; g < l->ngoals; g++)
        if (collected[l->goal_colour[g]] < l->goal_count[g]) return false;
    return true;
}

int twodots_move_budget(const twodots_level *l) {
    return l->moves >= 0 ? l->moves : (l->ndots + l->nrefill) / 2;
}

static void *level_parse(const pl_level_text *lt, pl_error *err) {
    twodots_level *l = pl_xmalloc(sizeof *l);
    if (twodots_level_parse(lt, l, err)) {
        twodots_level_free(l);
        free(l);
        return NULL;
    }
    return l;
}

static void level_free(void *p) {
    if (!p) return;
    twodots_level_free(p);
    free(p);
}

/* The goals no play of any length can meet: more dots of a colour than the
 * board has (with refill: the board and the queues), or, with bombs off and
 * no refill, than the dots of it that some play may ever remove (inert.c, an
 * over-approximation; refilled dots can free an inert one, so not with
 * refill). As {colour: that bound}; NULL when no goal is out of reach. */
static json_t *impossible_goals(const twodots_level *l) {
    int most[TWODOTS_MAX_COLOURS + 1];
    for (int c = 0; c <= l->ncolours; c++) most[c] = l->count[c] + l->refill_count[c];
    if (!l->bombs && !l->nrefill && l->ndots) {
        int n = l->rows * l->cols;
        uint8_t *R = pl_xmalloc((size_t)n);
        int *scratch = pl_xmalloc((size_t)(l->cols + 1 + 2 * n) * sizeof *scratch);
        twodots_removable(l->rows, l->cols, l->cell, R, scratch);
        for (int c = 0; c <= l->ncolours; c++) most[c] = 0;
        for (int i = 0; i < n; i++)
            if (R[i]) most[l->cell[i]]++;
        free(R);
        free(scratch);
    }
    json_t *out = NULL;
    for (int g = 0; g < l->ngoals; g++) {
        int c = l->goal_colour[g];
        if (l->goal_count[g] <= most[c]) continue;
        if (!out) out = json_object();
        json_object_set_new(out, l->colour_name[c], json_integer(most[c]));
    }
    return out;
}

static void level_info(const void *p, json_t *o) {
    const twodots_level *l = p;
    json_object_set_new(o, "rows", json_integer(l->rows));
    json_object_set_new(o, "columns", json_integer(l->cols));
    int on_board = 0, maxf = 0;
    json_t *cc = json_object();
    for (int i = 1; i <= l->ncolours; i++) {
        json_object_set_new(cc, l->colour_name[i], json_integer(l->count[i]));
        on_board += l->count[i] > 0;
        if (l->count[i] > maxf) maxf = l->count[i];
    }
    json_object_set_new(o, "colours", json_integer(on_board));
    json_object_set_new(o, "dots", json_integer(l->ndots));
    json_object_set_new(o, "max_frequency", json_integer(maxf));
    json_object_set_new(o, "colour_counts", cc);
    json_object_set_new(o, "moves", l->moves >= 0 ? json_integer(l->moves) : json_string("unlimited"));
    json_t *goals = json_object();
    for (int g = 0; g < l->ngoals; g++) {
        json_object_set_new(goals, l->colour_name[l->goal_colour[g]], json_integer(l->goal_count[g]));
    }
    json_object_set_new(o, "goals", goals);
    json_t *impossible = impossible_goals(l);
    if (impossible) json_object_set_new(o, "impossible_goals", impossible);
    json_object_set_new(o, "bombs", json_string(l->bombs ? "on" : "off"));
    if (l->refill) {
        /* the refill model: how many dots wait, and of which colours */
        json_object_set_new(o, "refill", json_integer(l->nrefill));
        json_t *rc = json_object();
        for (int i = 1; i <= l->ncolours; i++)
            if (l->refill_count[i]) json_object_set_new(rc, l->colour_name[i], json_integer(l->refill_count[i]));
        json_object_set_new(o, "refill_counts", rc);
    }
    if (l->regions.n) json_object_set_new(o, "regions", json_integer(l->regions.n));
}


static bool level_same(const void *a, const void *b) {
    return twodots_level_same(a, b);
}

static void *state_new(const void *p) {
    const twodots_level *l = p;
    twodots_state *st = pl_xcalloc(1, sizeof *st);
    st->level = l;
    st->cells = pl_xmalloc((size_t)l->rows * (size_t)l->cols + 1);
    memcpy(st->cells, l->cell, (size_t)l->rows * (size_t)l->cols);
    st->drawn = pl_xcalloc((size_t)l->cols + 1, sizeof *st->drawn);
    return st;
}

static void state_free(void *p) {
    twodots_state *st = p;
    if (!st) return;
    twodots_move_free(&st->m);
    free(st->path);
    free(st->cells);
    free(st->drawn);
    free(st);
}

static pl_move_result move_apply(void *p, const char *text, char *reason, size_t n, int *col) {
    twodots_state *st = p;
    const twodots_level *l = st->level;
    if (twodots_move_parse(text, &st->m, reason, n, col)) return PL_MOVE_SYNTAX;
    if (l->moves >= 0 && st->used >= l->moves) {
        snprintf(reason, n, "too many moves: the level allows %d", l->moves);
        return PL_MOVE_ILLEGAL;
    }
    if (st->path_cap < st->m.n) {
        st->path_cap = st->m.n;
        st->path = pl_xrealloc(st->path, (size_t)st->path_cap * sizeof *st->path);
    }
    int colour;
    bool cyclic;
    if (twodots_move_check(l, st->cells, &st->m, st->path, &colour, &cyclic, reason, n)) return PL_MOVE_ILLEGAL;
    twodots_apply_path_settled(l, st->cells, st->drawn, st->path, st->m.n, st->collected);
    st->used++;
    return PL_MOVE_OK;
}

static void finish(const void *p, const char *objective, pl_verdict *v) {
    (void)objective;
    const twodots_state *st = p;
    const twodots_level *l = st->level;
    v->nvalues = 1;
    v->value_name[0] = "moves_used";
    v->value[0] = st->used;
    v->ok = true;
    for (int g = 0; g < l->ngoals; g++) {
        int c = l->goal_colour[g];
        if (st->collected[c] < l->goal_count[g]) {
            v->ok = false;
            snprintf(v->reason, sizeof v->reason, "goal %s %d not met: collected %d", l->colour_name[c],
                     l->goal_count[g], st->collected[c]);
            return;
        }
    }
}

static const pl_option solve_options[] = {
    {"any-length", NULL,
     "exact: keep the first certificate found (it decides the level) instead of then seeking a shortest one"},
    {NULL, NULL, NULL},
};

/* In order of preference for auto: the first that applies. */
static const pl_algorithm algorithms[] = {
    {"row", "Theorem 4, second part (one row): polynomial greedy",
     "per goal, take the longest runs (>= 2 dots) of its colour first; minimum moves; O(n) a goal", twodots_row_applies,
     twodots_row_solve, NULL},
    {"column", "Theorem 3 (one column, any constant number of goals): dynamic programming",
     "clearing table C(i,j) and goal table T(i,delta) over the goal vectors delta (with a 'dot i must be hit' "
     "table so that a chained move is never credited without a partner); minimum moves; "
     "O(n^3 + n^2 g D), D = prod(goal_i + 1)",
     twodots_column_applies, twodots_column_solve, twodots_column_preferred},
    {"exact", "exact search (NP-complete in general: Theorems 1, 2 and 4 of the paper)",
     "iterative deepening over distinct move effects (dot sets with a Hamiltonian path, bitsets over each "
     "component; one cyclic move per colour, with bombs one per enclosed set), transposition table, goal bounds, "
     "last-move dominance; any board size; minimum moves; exponential in the worst case",
     twodots_exact_applies, twodots_exact_solve, NULL},
};

const pl_game pl_game_twodots = {
    .name = "twodots",
    .title = "Two Dots",
    .summary = "meet the colour goals within K moves by connecting paths and cycles of same-coloured dots",
    .level_help =
        "Level: headers 'moves: K' (default unlimited), 'goal: COLOUR COUNT' (repeatable, one line per\n"
        "colour), 'bombs: off|on' (default off, the paper's model; on: dots enclosed by a cycle become bombs\n"
        "that explode after falling, destroying their 8-neighbourhood), then the rows of a settled board\n"
        "('.' empty, only above dots; a colour is a-z A-Z 0-9). Refill (the paper's footnote 3): a section\n"
        "'refill:' (then 'board:' before the board's rows) stacks a queue above each column, its last row\n"
        "entering first; after every fall a column's empty cells are filled from its queue while it lasts\n"
        "(a dry queue leaves them empty). Without it nothing refills.\n"
        "Move: r1,c1 r2,c2 ... rs,cs  (s >= 2 orthogonally adjacent dots of one colour). All distinct: the\n"
        "path is removed. The last cell repeating an earlier one t_j with j <= s-4: a cycle, every dot of\n"
        "the colour is removed. Dots fall after each move; goals are checked after the last move.\n",
    .objectives = NULL,
    .solve_text = twodots_solve_text,
    .verify_text = twodots_verify_text,
    .level_parse = level_parse,
    .level_free = level_free,
    .level_info = level_info,
    .state_new = state_new,
    .state_free = state_free,
    .move_apply = move_apply,
    .finish = finish,
    .algorithms = algorithms,
    .nalgorithms = (int)(sizeof algorithms / sizeof algorithms[0]),
    .solve_options = solve_options,
    .solve_uses = PL_USES_MEMORY, /* exact search and the column tables */
    .generate = twodots_generate,
    .generate_options = twodots_generate_options,
    .render = &twodots_render_hooks,
    .play = &twodots_play_hooks,
    .reductions = twodots_reductions,
    .nreductions = TWODOTS_NREDUCTIONS,
    .level_same = level_same,
};
