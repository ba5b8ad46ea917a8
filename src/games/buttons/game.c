/* Buttons & Scissors' descriptor: wires rules, notation and solvers into the
 * commands the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"
#include "state.h"

static void *level_parse(const pl_level_text *lt, pl_error *err) {
    buttons_level *l = pl_xmalloc(sizeof *l);
    if (buttons_level_parse(lt, l, err)) {
        buttons_level_free(l);
        free(l);
        return NULL;
    }
    return l;
}

static void level_free(void *p) {
    if (!p) return;
    buttons_level_free(p);
    free(p);
}

static void level_info(const void *p, json_t *o) {
    const buttons_level *l = p;
    int count[BUTTONS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < l->rows * l->cols; i++) count[l->cell[i]]++;
    json_object_set_new(o, "rows", json_integer(l->rows));
    json_object_set_new(o, "columns", json_integer(l->cols));
    json_object_set_new(o, "colours", json_integer(l->ncolours));
    json_object_set_new(o, "buttons", json_integer(l->nbuttons));
    json_object_set_new(o, "max_frequency", json_integer(l->max_frequency));
    json_t *cc = json_object();
    for (int i = 1; i <= l->ncolours; i++) {
        char key[2] = {l->colour_char[i], 0};
        json_object_set_new(cc, key, json_integer(count[i]));
    }
    json_object_set_new(o, "colour_counts", cc);
    char dirs[8];
    int k = 0;
    const char *letters = "hvda";
    for (int d = 0; d < 4; d++)
        if (l->directions & (1u << d)) dirs[k++] = letters[d];
    dirs[k] = '\0';
    json_object_set_new(o, "directions", json_string(l->directions_text));
    json_object_set_new(o, "direction_letters", json_string(dirs));
    char s[256];
    buttons_sizes_text(l->size_mask, l->sizes_all, s, sizeof s);
    json_object_set_new(o, "sizes", json_string(s));
    buttons_sizes_text(buttons_sizes_normalised(l), false, s, sizeof s);
    json_object_set_new(o, "sizes_normalised", json_string(s));
}


static void *state_new(const void *p) {
    const buttons_level *l = p;
    buttons_state *st = pl_xcalloc(1, sizeof *st);
    st->level = l;
    st->cells = pl_xmalloc((size_t)l->rows * (size_t)l->cols + 1);
    memcpy(st->cells, l->cell, (size_t)l->rows * (size_t)l->cols);
    st->left = l->nbuttons;
    return st;
}

static void state_free(void *p) {
    buttons_state *st = p;
    if (!st) return;
    free(st->cells);
    free(st);
}

static pl_move_result move_apply(void *p, const char *text, char *reason, size_t n, int *col) {
    buttons_state *st = p;
    buttons_cut x;
    if (buttons_cut_parse(text, &x, reason, n, col)) return PL_MOVE_SYNTAX;
    int colour, size;
    if (buttons_cut_check(st->level, st->cells, x, &colour, &size, reason, n)) return PL_MOVE_ILLEGAL;
    buttons_cut_apply(st->level, st->cells, x);
    st->left -= size;
    return PL_MOVE_OK;
}

static void finish(const void *p, const char *objective, pl_verdict *v) {
    (void)objective;
    const buttons_state *st = p;
    v->nvalues = 1;
    v->value_name[0] = "buttons_left";
    v->value[0] = st->left;
    v->ok = st->left == 0;
    if (!v->ok)
        snprintf(v->reason, sizeof v->reason, "%d button%s remain%s at the end (the board must be empty)", st->left,
                 st->left == 1 ? "" : "s", st->left == 1 ? "s" : "");
}

void buttons_solution_add_cut(pl_solution *s, buttons_cut x) {
    char buf[64];
    buttons_cut_text(x, buf, sizeof buf);
    pl_strvec_push(&s->moves, buf);
}

/* In order of preference for auto: the first that applies. */
static const pl_algorithm algorithms[] = {
    {"greedy", "Theorem 4 (F <= 3: every colour used at most three times), by Remark 2",
     "cut any colour whose cut is feasible; O(n + total segment length)", buttons_greedy_applies,
     buttons_greedy_solve, NULL},
    {"row", "Theorem 1 (one row, horizontal cuts, sizes {2,3}: S -> e | [] | SS | xSx | xSxSx)",
     "interval parse with bitsets, O(n^3/64); certificate from the derivation", buttons_row_applies,
     buttons_row_solve, NULL},
    {"packing", "Theorem 3 (one colour, sizes {2,3}: perfect packing of collinear pairs and triples)",
     "assign buttons to lines (no line gets one): Gallai-Edmonds decomposition, one collinear triple per free "
     "odd component, O(n^3); order by the blocking graph with the paper's cycle repairs",
     buttons_packing_applies, buttons_packing_solve, NULL},
    {"sat", "exact: SAT encoding (cut choice + levels), solved by CaDiCaL",
     "each button in exactly one chosen cut, blockers of a cut on lower levels; auto picks it only where it "
     "measured faster than the search",
     buttons_sat_applies, buttons_sat_solve, buttons_sat_auto},
    {"exact", "exact search (the general case is NP-complete: Theorems 2, 5, 6 and 7 of the paper)",
     "depth-first search over button sets with a transposition table of unsolvable boards; exponential in the "
     "worst case",
     buttons_exact_applies, buttons_exact_solve, NULL},
};

const pl_game pl_game_buttons = {
    .name = "buttons",
    .title = "Buttons & Scissors",
    .summary = "cut every button away with straight cuts through buttons of one colour",
    .level_help =
        "Level: headers 'directions:' (* all four, default; + horizontal and vertical; x both diagonals;\n"
        "- horizontal only; or a set of the letters h v d a, d = down-right, a = up-right diagonal) and\n"
        "'sizes:' (all, default: every size >= 2; or a comma list such as 3,4), then rows of cells:\n"
        "'.' empty, a colour is a-z A-Z 0-9.\n"
        "Move: r1,c1 r2,c2  (the two end buttons of a cut, in either order). Empty cells on the segment\n"
        "are allowed; every button on it must have the cut's colour; the size counts the buttons.\n",
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
    .solve_options = NULL,
    .generate = buttons_generate,
    .generate_options = buttons_generate_options,
    .render = &buttons_render_hooks,
    .play = &buttons_play_hooks,
};
