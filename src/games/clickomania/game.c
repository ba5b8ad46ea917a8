/* Clickomania's descriptor: wires rules, notation and solvers into the
 * commands the CLI writes once for every game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"
#include "puzzlelab/clickomania_search.h"
#include "reduce.h"
#include "state.h"

static void *level_parse(const pl_level_text *lt, pl_error *err) {
    click_level *l = pl_xmalloc(sizeof *l);
    if (click_level_parse(lt, l, err)) {
        free(l);
        return NULL;
    }
    return l;
}

static void level_free(void *p) {
    if (!p) return;
    click_level_free(p);
    free(p);
}

static void level_info(const void *p, json_t *o) {
    const click_level *l = p;
    const click_board *b = &l->board;
    int ng, clickable = 0;
    int counts[CLICK_MAX_COLOURS + 1];
    if (click_board_is_line(b)) { /* the groups are the word's runs: no flood fill over 10^7 cells */
        click_word w;
        click_word_from_board(b, &w);
        ng = w.ngroups;
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < ng; i++) {
            clickable += w.size[i] >= 2;
            counts[w.colour[i]] += w.size[i];
        }
        click_word_free(&w);
    } else {
        click_scratch s;
        click_scratch_init(&s, b->rows, b->cols);
        ng = click_find_groups(b, &s);
        for (int i = 0; i < ng; i++) clickable += s.groups[i].size >= 2;
        click_scratch_free(&s);
        click_colour_counts(b, counts);
    }
    json_object_set_new(o, "rows", json_integer(b->rows));
    json_object_set_new(o, "columns", json_integer(b->cols));
    json_object_set_new(o, "colours", json_integer(b->ncolours));
    json_object_set_new(o, "blocks", json_integer(b->blocks));
    json_object_set_new(o, "groups", json_integer(ng));
    json_object_set_new(o, "clickable_groups", json_integer(clickable));
    json_t *cc = json_object();
    for (int i = 1; i <= b->ncolours; i++) {
        char key[2] = {l->colour_char[i], 0};
        json_object_set_new(cc, key, json_integer(counts[i]));
    }
    json_object_set_new(o, "colour_counts", cc);
    if (l->regions.n) json_object_set_new(o, "regions", json_integer(l->regions.n));
}

static bool level_same(const void *a, const void *b) {
    return click_level_same(a, b);
}


static void *state_new(const void *p) {
    const click_level *l = p;
    click_state *st = pl_xcalloc(1, sizeof *st);
    st->level = l;
    click_board_init(&st->board, l->board.rows, l->board.cols, l->board.ncolours);
    /* at most one block a column, or one column (line_replay.c) */
    st->line_mode = click_line_applies(&l->board);
    if (st->line_mode) {
        /* the board is made from the runs if it is ever read (a copy of a
         * 10^7-column board costs more than the replay) */
        click_line_init(&st->line, &l->board);
        st->board.width = l->board.width;
        st->board.blocks = l->board.blocks;
        st->board_stale = true;
    } else {
        click_board_copy(&st->board, &l->board);
        click_scratch_init(&st->scratch, l->board.rows, l->board.cols);
    }
    return st;
}

const click_board *click_state_board(click_state *st) {
    if (st->line_mode) {
        /* from now on the board is the state: clicks replay on it again */
        if (st->board_stale) click_line_to_board(&st->line, &st->board);
        click_line_free(&st->line);
        click_scratch_init(&st->scratch, st->board.rows, st->board.cols);
        st->line_mode = st->board_stale = false;
    }
    return &st->board;
}

static void state_free(void *p) {
    click_state *st = p;
    if (!st) return;
    click_board_free(&st->board);
    if (st->line_mode)
        click_line_free(&st->line);
    else
        click_scratch_free(&st->scratch);
    free(st);
}

static pl_move_result move_apply(void *p, const char *text, char *reason, size_t n, int *col) {
    click_state *st = p;
    long r, c;
    const char *end, *bad;
    char msg[128];
    /* negative cells parse: off the board is an illegal move, not bad syntax */
    if (pl_parse_coord(text, true, &r, &c, &end, &bad, msg, sizeof msg)) {
        snprintf(reason, n, "%s", msg);
        *col = (int)(bad - text) + 1;
        return PL_MOVE_SYNTAX;
    }
    if (*end) {
        snprintf(reason, n, "unexpected '%c' after the cell (a clickomania move is one cell r,c)", *end);
        *col = (int)(end - text) + 1;
        return PL_MOVE_SYNTAX;
    }
    const click_board *b = &st->board;
    if (r < 0 || c < 0 || r >= b->rows || c >= b->cols) {
        snprintf(reason, n, "outside the board (%d rows, %d columns)", b->rows, b->cols);
        return PL_MOVE_ILLEGAL;
    }
    int size;
    if (st->line_mode && st->line.column) { /* the blocks are column 0's, bottom first */
        size = c == 0 ? click_line_click(&st->line, (long long)b->rows - 1 - r) : 0;
        if (size >= 2) {
            st->board.blocks -= size;
            st->board.width = st->line.blocks > 0;
            st->board_stale = true;
        }
    } else if (st->line_mode) { /* the blocks are on the bottom row, one a column */
        size = r == b->rows - 1 ? click_line_click(&st->line, c) : 0;
        if (size >= 2) {
            st->board.blocks -= size;
            st->board.width = (int)st->line.blocks;
            st->board_stale = true;
        }
    } else {
        size = click_click_at(&st->board, &st->scratch, (int)r, (int)c);
    }
    if (size == 0) {
        snprintf(reason, n, "empty cell");
        return PL_MOVE_ILLEGAL;
    }
    if (size == 1) {
        snprintf(reason, n, "group of size 1");
        return PL_MOVE_ILLEGAL;
    }
    st->removed += size;
    st->score += click_group_score(size);
    if (st->board.blocks == 0) st->score += CLICK_CLEAR_BONUS;
    return PL_MOVE_OK;
}

void click_verdict(long long removed, long long score, long long blocks_left, click_objective obj, pl_verdict *v) {
    v->nvalues = 2;
    v->value_name[0] = "removed";
    v->value[0] = removed;
    v->value_name[1] = "score";
    v->value[1] = score;
    v->ok = true;
    if (obj == CLICK_CLEAR && blocks_left > 0) {
        v->ok = false;
        snprintf(v->reason, sizeof v->reason, "%lld block%s remain%s at the end (objective clear needs an empty board)",
                 blocks_left, blocks_left == 1 ? "" : "s", blocks_left == 1 ? "s" : "");
    }
}

static void finish(const void *p, const char *objective, pl_verdict *v) {
    const click_state *st = p;
    click_objective obj;
    click_objective_parse(objective, &obj);
    click_verdict(st->removed, st->score, st->board.blocks, obj, v);
}

static int solve_exact(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    const click_level *l = p;
    click_objective obj;
    if (click_objective_parse(req->objective, &obj))
        return pl_error_set(err, NULL, 0, 0, "unknown objective '%s' (expected clear, max or score)", req->objective);
    click_exact_result r;
    click_solve_exact(&l->board, obj, req->limits, &r);
    out->status = r.status;
    out->nodes = r.stats.nodes;
    out->peak_memory = r.stats.peak_memory;
    out->limit_hit = req->limits->hit;
    if (obj != CLICK_CLEAR) {
        out->optimal = r.optimal ? 1 : 0;
        pl_solution_set_value(out, "removed", r.removed);
        pl_solution_set_value(out, "score", r.score);
    }
    char mv[32];
    for (int i = 0; i < r.nmoves; i++) {
        snprintf(mv, sizeof mv, "%d,%d", l->board.rows - 1 - r.move_h[i], r.move_col[i]);
        pl_strvec_push(&out->moves, mv);
    }
    snprintf(out->note, sizeof out->note,
             "tt hits %llu, commuting clicks skipped %llu, bound cuts %llu",
             (unsigned long long)r.stats.tt_hits, (unsigned long long)r.stats.sleep_skips,
             (unsigned long long)r.stats.bound_cuts);
    click_exact_result_free(&r);
    return 0;
}

/* ---------- one column or one row ---------- */

static bool is_line(const click_level *l) { return click_board_is_line(&l->board); }

/* The SameGame score of a certificate, by replaying it. */
static long long replay_score(const click_level *l, const pl_strvec *moves) {
    click_state *st = state_new(l);
    char reason[128];
    int col;
    for (int i = 0; i < moves->n; i++) move_apply(st, moves->s[i], reason, sizeof reason, &col);
    long long score = st->score;
    state_free(st);
    return score;
}

/* Turns word positions into frame moves and fills the solution. */
static int line_solution(const click_level *l, const char *name, int rc, const click_line_result *r,
                         const pl_request *req, click_objective obj, pl_solution *out, pl_error *err) {
    if (rc) return pl_error_set(err, NULL, 0, 0, "internal error: the certificate of '%s' does not replay "
                                                 "(a bug in puzzlelab; please report the level)", name);
    const click_board *b = &l->board;
    bool column = click_board_is_column(b);
    out->status = r->status;
    out->limit_hit = req->limits->hit;
    out->nodes = req->limits->nodes;
    out->peak_memory = r->peak_memory;
    /* "r,c" by hand, not snprintf: a 10^7-block row has 2.5 million moves */
    char mv[2 * PL_INT_CHARS + 2];
    pl_strvec_reserve(&out->moves, out->moves.n + r->nclicks);
    int k = column ? 0 : pl_int_text(b->rows - 1, mv);
    if (!column) mv[k++] = ',';
    for (int i = 0; i < r->nclicks; i++) {
        int n = k;
        if (column) {
            n = pl_int_text((long long)b->rows - 1 - r->pos[i], mv);
            mv[n++] = ',';
            mv[n++] = '0';
        } else {
            n += pl_int_text(r->pos[i], mv + k);
        }
        pl_strvec_push_n(&out->moves, mv, (size_t)n);
    }
    if (obj != CLICK_CLEAR) {
        pl_solution_set_value(out, "removed", r->removed);
        pl_solution_set_value(out, "score", replay_score(l, &out->moves));
        out->optimal = r->status == PL_SOLVED ? 1 : 0;
    }
    return 0;
}

static bool objective_is(const pl_request *req, click_objective want) {
    click_objective o;
    return click_objective_parse(req->objective, &o) == 0 && o == want;
}

/* Runs one of the one-line algorithms on the level's word and turns its
 * positions into the solution. */
typedef enum { LINE_TWO_COLOURS, LINE_GRAMMAR, LINE_MAX } line_algorithm;

static int solve_line(const void *p, const pl_request *req, pl_solution *out, pl_error *err, line_algorithm which) {
    static const char *const names[] = {"two-colours", "grammar", "line-max"};
    const click_level *l = p;
    click_word w;
    click_word_from_board(&l->board, &w);
    click_line_result r;
    int rc = which == LINE_TWO_COLOURS ? click_line_two_colours_inplace(&w, &r)
             : which == LINE_GRAMMAR   ? click_line_grammar(&w, req->limits, &r)
                                       : click_line_max(&w, req->limits, &r);
    if (which == LINE_MAX && r.status == PL_UNKNOWN) r.status = PL_SOLVED; /* the empty sequence at worst */
    rc = line_solution(l, names[which], rc, &r, req, which == LINE_MAX ? CLICK_MAX : CLICK_CLEAR, out, err);
    if (which == LINE_MAX && req->limits->hit) out->optimal = 0;
    click_line_result_free(&r);
    click_word_free(&w);
    return rc;
}

static bool two_colours_applies(const void *p, const pl_request *req, char *why, size_t n) {
    const click_level *l = p;
    if (!is_line(l)) return snprintf(why, n, "needs one column or one row"), false;
    if (l->board.ncolours > 2) return snprintf(why, n, "needs at most two colours"), false;
    if (!objective_is(req, CLICK_CLEAR)) return snprintf(why, n, "decides objective clear only"), false;
    snprintf(why, n, "one %s with at most two colours: Theorems 10 and 12 decide it in linear time",
             click_board_is_column(&l->board) ? "column" : "row");
    return true;
}

static int two_colours_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_line(p, req, out, err, LINE_TWO_COLOURS);
}

static bool grammar_applies(const void *p, const pl_request *req, char *why, size_t n) {
    const click_level *l = p;
    if (!is_line(l)) return snprintf(why, n, "needs one column or one row"), false;
    if (!objective_is(req, CLICK_CLEAR)) return snprintf(why, n, "decides objective clear only"), false;
    snprintf(why, n, "one %s, %d colours: the grammar of Theorem 2 decides it in polynomial time (Corollary 6)",
             click_board_is_column(&l->board) ? "column" : "row", l->board.ncolours);
    return true;
}

static int grammar_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_line(p, req, out, err, LINE_GRAMMAR);
}

static bool line_max_applies(const void *p, const pl_request *req, char *why, size_t n) {
    const click_level *l = p;
    if (!is_line(l)) return snprintf(why, n, "needs one column or one row"), false;
    if (!objective_is(req, CLICK_MAX)) return snprintf(why, n, "optimises objective max only"), false;
    snprintf(why, n, "one %s: the most blocks removable by interval dynamic programming (Lemma 1, Corollary 7)",
             click_board_is_column(&l->board) ? "column" : "row");
    return true;
}

static int line_max_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_line(p, req, out, err, LINE_MAX);
}

static bool exact_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const click_board *b = &((const click_level *)p)->board;
    snprintf(why, n,
             "general board (%d x %d, %d colours): no polynomial case of the paper applies, so exact search "
             "(exponential in the worst case)",
             b->rows, b->cols, b->ncolours);
    return true;
}

static const pl_algorithm algorithms[] = {
    {"two-colours", "Theorems 10 and 12, Corollaries 11 and 13 (one column, two colours, linear time)",
     "odd number of groups: the longest-checkerboard test and the median construction; even: the two-scan "
     "split into two odd puzzles; O(n)",
     two_colours_applies, two_colours_solve, NULL},
    {"grammar", "Theorem 2, Corollary 6 (one column or row, any colours: S -> e | SS | cSc | cScSc)",
     "interval parse with bitsets, O(n^3/64) for n letters; certificate from the parse tree (Lemmas 3 and 4)",
     grammar_applies, grammar_solve, NULL},
    {"line-max", "Lemma 1, Corollary 7 (one column or row: most blocks removable)",
     "interval dynamic programme over the groups that stay, O(n^3)", line_max_applies, line_max_solve, NULL},
    /* Anytime optimisers for max/score (solve_anytime.c): auto takes nrpa on
     * boards of more than CLICK_SEARCH_AUTO_BLOCKS blocks, exact search below. */
    CLICK_SEARCH_ALGORITHMS,
    {"exact", "exact search (the general case is NP-complete: Theorem 14, two columns and five colours, and Section 4, "
     "five columns and three colours)",
     "depth-first branch and bound with a Zobrist transposition table, sleep sets for commuting clicks and "
     "admissible bounds; exponential in the worst case",
     exact_applies, solve_exact, NULL},
};

static const pl_option solve_options[] = {
    {"objective", "clear|max|score", "clear: remove every block (default); max: most blocks removed; "
                                     "score: SameGame score, (n-2)^2 a group of n plus 1000 for an empty board"},
    CLICK_SEARCH_OPTIONS,
    {NULL, NULL, NULL},
};

/* generate.c: plain random boards and --solvable (a planted solution) */
char *click_generate(const pl_opts *o, pl_error *err);
extern const pl_option click_generate_options[];

static const char *const objectives[] = {"clear", "max", "score", NULL};

const pl_game pl_game_clickomania = {
    .name = "clickomania",
    .title = "Clickomania (SameGame)",
    .summary = "click groups of two or more same-coloured blocks; blocks fall, empty columns close up",
    .level_help =
        "Level: rows of cells, '.' empty, a colour is a-z A-Z 0-9; the board must be settled (blocks on\n"
        "the bottom without gaps, non-empty columns contiguous from the left). No headers.\n"
        "Move: r,c  (row from the top, column from the left, 0-based; any block of the group).\n"
        "The frame stays fixed: after blocks fall and columns shift, cells keep their coordinates.\n",
    .objectives = objectives,
    .solve_text = click_solve_text,
    .verify_text = click_verify_text,
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
    .solve_uses = PL_USES_SEED | PL_USES_THREADS | PL_USES_PROGRESS | PL_USES_MEMORY, /* the anytime solvers */
    .census = click_census,
    .census_options = click_census_options,
    .census_chunked = &click_census_hooks,
    .generate = click_generate,
    .generate_options = click_generate_options,
    .render = &click_render_hooks,
    .play = &click_play_hooks,
    .level_same = level_same,
    .reductions = click_reductions,
    .nreductions = CLICK_NREDUCTIONS,
};
