/* Buttons & Scissors' descriptor: wires rules, notation and solvers into the
 * commands the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"
#include "solvers.h"
#include "state.h"
#include "twoplayer.h"

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
    json_object_set_new(o, "players", json_string(buttons_players_name(l->players)));
    if (l->players == BUTTONS_SINGLE) return;
    static const char *const rule[] = {
        "",
        "normal play: player 1 cuts their colours and the shared ones, player 2 theirs and the shared ones; "
        "who cannot cut loses",
        "normal play: either player cuts any colour; who cannot cut loses",
        "either player cuts any colour; when nobody can cut, more buttons cut wins (equal: a draw)"};
    static const char *const theorem[] = {
        "", "Theorem 8: PSPACE-complete (partisan LAST, one player blue, the other red; shared green: Section 4)",
        "Theorem 9: PSPACE-complete (IMPARTIAL, by reduction from Geography, Lemma 4 and Fig. 14)",
        "Theorem 10: PSPACE-complete (SCORING, Theorem 9's board behind the starting gadget of Fig. 15)"};
    json_object_set_new(o, "rule", json_string(rule[l->players]));
    json_object_set_new(o, "complexity", json_string(theorem[l->players]));
    if (l->players == BUTTONS_PARTISAN)
        for (int p = 0; p < 3; p++) {
            uint64_t m = p == 0 ? l->shared : l->may_cut[p] & ~l->shared;
            char set[BUTTONS_MAX_COLOURS + 2];
            int k = 0;
            for (int c = 1; c <= l->ncolours; c++)
                if ((m >> c) & 1u) set[k++] = l->colour_char[c];
            set[k] = '\0';
            json_object_set_new(o,
                                p == 0   ? "shared_colours"
                                : p == 1 ? "player1_colours"
                                         : "player2_colours",
                                json_string(set));
        }
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
    const buttons_level *l = st->level;
    int player = 1 + st->moves % 2;
    if (l->players != BUTTONS_SINGLE && !buttons_player_may_cut(l, player, colour)) {
        char own[BUTTONS_MAX_COLOURS + 1];
        int k = 0;
        for (int c = 1; c <= l->ncolours; c++)
            if (buttons_player_may_cut(l, player, c)) own[k++] = l->colour_char[c];
        own[k] = '\0';
        snprintf(reason, n, "it is player %d's turn, who may not cut '%c' (player %d cuts: %s)", player,
                 l->colour_char[colour], player, k ? own : "no colour");
        return PL_MOVE_ILLEGAL;
    }
    buttons_cut_apply(l, st->cells, x);
    st->left -= size;
    st->score[player] += size;
    st->moves++;
    return PL_MOVE_OK;
}

/* Two-player games: the line of play must be over (the player to move has
 * no feasible cut of their own); then the verdict names the winner. */
static void finish_two_player(const buttons_state *st, pl_verdict *v) {
    const buttons_level *l = st->level;
    int player = 1 + st->moves % 2, can = 0;
    b2game g;
    pl_error err;
    if (b2_build(l, &g, &err) == 0) {
        b2set S = b2_from_cells(&g, st->cells);
        can = b2_count_moves(&g, &S, player);
        b2_free(&g);
    } else {
        /* beyond the solvers' size: count the feasible cuts directly */
        for (int a = 0; a < l->rows * l->cols; a++)
            for (int b = a + 1; b < l->rows * l->cols; b++) {
                int colour, size;
                char why[8];
                buttons_cut x = {a / l->cols, a % l->cols, b / l->cols, b % l->cols};
                if (st->cells[a] && st->cells[b] &&
                    !buttons_cut_check(l, st->cells, x, &colour, &size, why, sizeof why) &&
                    buttons_player_may_cut(l, player, colour))
                    can++;
            }
    }
    int winner = 3 - player;
    if (l->players == BUTTONS_SCORING) winner = st->score[1] > st->score[2] ? 1 : st->score[1] < st->score[2] ? 2 : 0;
    v->ok = can == 0;
    v->nvalues = 0;
    if (!v->ok) {
        snprintf(v->reason, sizeof v->reason,
                 "the game is not over: player %d is to move and has %d feasible cut%s (no winner yet)", player, can,
                 can == 1 ? "" : "s");
        v->value_name[v->nvalues] = "to_move";
        v->value[v->nvalues++] = player;
    } else {
        v->value_name[v->nvalues] = "winner";
        v->value[v->nvalues++] = winner;
    }
    if (l->players == BUTTONS_SCORING) {
        v->value_name[v->nvalues] = "margin";
        v->value[v->nvalues++] = st->score[1] - st->score[2];
        v->value_name[v->nvalues] = "score1";
        v->value[v->nvalues++] = st->score[1];
        v->value_name[v->nvalues] = "score2";
        v->value[v->nvalues++] = st->score[2];
    }
}

static bool objective_max(const char *objective) { return objective && strcmp(objective, "max") == 0; }

static void finish(const void *p, const char *objective, pl_verdict *v) {
    const buttons_state *st = p;
    if (st->level->players != BUTTONS_SINGLE) {
        finish_two_player(st, v);
        return;
    }
    if (objective_max(objective)) { /* any legal sequence meets it; the values say how well */
        v->nvalues = 2;
        v->value_name[0] = "removed";
        v->value[0] = st->level->nbuttons - st->left;
        v->value_name[1] = "buttons_left";
        v->value[1] = st->left;
        v->ok = true;
        return;
    }
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

/* The puzzle solvers answer the single-player question only; all but max
 * decide objective clear, max optimises objective max. */
static bool single_player(const void *level, char *why, size_t n) {
    const buttons_level *l = level;
    if (l->players == BUTTONS_SINGLE) return true;
    snprintf(why, n, "a two-player (%s) level: the puzzle solvers do not apply", buttons_players_name(l->players));
    return false;
}
static bool clear_objective(const pl_request *req, char *why, size_t n) {
    if (!req || !objective_max(req->objective)) return true;
    snprintf(why, n, "decides objective clear only");
    return false;
}
#define SINGLE_ONLY(fn)                                                                                                \
    static bool single_##fn(const void *level, const pl_request *req, char *why, size_t n) {                           \
        return single_player(level, why, n) && clear_objective(req, why, n) && fn(level, req, why, n);                 \
    }
SINGLE_ONLY(buttons_greedy_applies)
SINGLE_ONLY(buttons_row_applies)
SINGLE_ONLY(buttons_packing_applies)
SINGLE_ONLY(buttons_sat_applies)
SINGLE_ONLY(buttons_exact_applies)
static bool single_buttons_max_applies(const void *level, const pl_request *req, char *why, size_t n) {
    return single_player(level, why, n) && buttons_max_applies(level, req, why, n);
}
/* The game solvers: objective max is the puzzle's. */
#define GAME_ONLY(fn)                                                                                                  \
    static bool game_##fn(const void *level, const pl_request *req, char *why, size_t n) {                             \
        if (req && objective_max(req->objective)) {                                                                    \
            snprintf(why, n, "objective max is the single-player puzzle's; a game is solved for its winner");          \
            return false;                                                                                              \
        }                                                                                                              \
        return fn(level, req, why, n);                                                                                 \
    }
GAME_ONLY(buttons_grundy_applies)
GAME_ONLY(buttons_minimax_applies)

/* In order of preference for auto: the first that applies. */
static const pl_algorithm algorithms[] = {
    {"greedy", "Theorem 4 (F <= 3: every colour used at most three times), by Remark 2",
     "cut any colour whose cut is feasible; O(n + total segment length)", single_buttons_greedy_applies,
     buttons_greedy_solve, NULL},
    {"row", "Theorem 1 (one row, horizontal cuts, sizes {2,3}: S -> e | [] | SS | xSx | xSxSx)",
     "interval parse with bitsets, O(n^3/64); certificate from the derivation", single_buttons_row_applies,
     buttons_row_solve, NULL},
    {"packing", "Theorem 3 (one colour, sizes {2,3}: perfect packing of collinear pairs and triples)",
     "assign buttons to lines (no line gets one): Gallai-Edmonds decomposition, one collinear triple per free "
     "odd component, O(n^3); order by the blocking graph with the paper's cycle repairs",
     single_buttons_packing_applies, buttons_packing_solve, NULL},
    {"sat", "exact: SAT encoding (cut choice + levels), solved by CaDiCaL",
     "each button in exactly one chosen cut, blockers of a cut on lower levels; auto picks it only where it "
     "measured faster than the search",
     single_buttons_sat_applies, buttons_sat_solve, buttons_sat_auto},
    {"exact", "exact search (the general case is NP-complete: Theorems 2, 5, 6 and 7 of the paper)",
     "depth-first search over button sets with a transposition table of unsolvable boards; exponential in the "
     "worst case",
     single_buttons_exact_applies, buttons_exact_solve, NULL},
    {"max", "objective max: the fewest buttons left (Conjecture 1 of Section 5: a polynomial algorithm leaves a "
     "constant number of any full 2 x n board with two colours)",
     "depth-first branch and bound over button sets: per colour component lower bounds, safe colour clears "
     "(Remark 2), exact search (objective clear) asked first whether all can go, a table of lower bounds; "
     "exponential in the worst case; at a limit the best found, optimal no",
     single_buttons_max_applies, buttons_max_solve, NULL},
    {"grundy", "Theorem 9 (IMPARTIAL is PSPACE-complete): Sprague-Grundy values",
     "split into independent parts (no shared buttons, no blocking), memoised Grundy value per part, XOR; "
     "exponential in the worst case; auto picks it when the board splits into several parts",
     game_buttons_grundy_applies, buttons_grundy_solve, buttons_grundy_preferred},
    {"minimax", "Theorems 8, 9, 10 (partisan, impartial, scoring games are PSPACE-complete): game value",
     "negamax with alpha-beta and a transposition table over button sets; scoring: the optimal margin; "
     "exponential in the worst case",
     game_buttons_minimax_applies, buttons_minimax_solve, NULL},
};

/* clear: the puzzle (every button cut); max: most buttons cut. */
static const char *const objectives[] = {"clear", "max", NULL};
static const pl_option solve_options[] = {
    {"objective", "clear|max", "clear: cut every button (default); max: most buttons cut, the fewest left"},
    {NULL, NULL, NULL},
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
        "Two-player games (Section 4 of the paper): header 'players:' single (default: the puzzle),\n"
        "impartial (either player cuts any colour; who cannot cut loses), scoring (any colour; when nobody\n"
        "can cut, more buttons cut wins, equal is a draw) or partisan P1 P2 [SHARED] (who cannot cut loses;\n"
        "P1, P2, SHARED are sets of colour characters, '-' for none: 'partisan b r g' = player 1 cuts b,\n"
        "player 2 cuts r, both cut g; colours in no set are cut by nobody). Player 1 moves first; a MOVES\n"
        "file is a line of play, the players alternating; verify accepts it (exit 0) when the game is over\n"
        "and names the winner, and answers 1 when a move is illegal or the game is not over.\n"
        "Move: r1,c1 r2,c2  (the two end buttons of a cut, in either order). Empty cells on the segment\n"
        "are allowed; every button on it must have the cut's colour; the size counts the buttons.\n",
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
    .solve_options = solve_options,
    .solve_uses = PL_USES_MEMORY, /* the tables of exact, row, packing, grundy, minimax; the SAT size check */
    .generate = buttons_generate,
    .generate_options = buttons_generate_options,
    .reductions = buttons_reductions,
    .nreductions = BUTTONS_NREDUCTIONS,
    .level_same = buttons_level_same,
    .render = &buttons_render_hooks,
    .play = &buttons_play_hooks,
};
