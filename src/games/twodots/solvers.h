/* Two Dots: the solvers and generator behind the descriptor (internal to
 * src/games/twodots/). Each solve_*.c file exports an applicability test and
 * a solve function in the shape of pl_algorithm. */
#ifndef PUZZLELAB_TWODOTS_SOLVERS_H
#define PUZZLELAB_TWODOTS_SOLVERS_H

#include "puzzlelab/twodots.h"

/* generate.c */
char *twodots_generate(const pl_opts *o, pl_error *err);
extern const pl_option twodots_generate_options[];

/* solve_row.c: Theorem 4, second part (one row): the greedy rule */
bool twodots_row_applies(const void *level, const pl_request *req, char *why, size_t n);
int twodots_row_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
/* The same rule streamed from a plain one-row level's text, and the
 * streamed verify of such a level (row_text.c; pl_game.solve_text,
 * verify_text). */
int twodots_solve_text(const char *data, size_t len, const pl_request *req, const char *algorithm, pl_text_solve *fs);
int twodots_verify_text(const char *level, size_t llen, const char *moves, size_t mlen, const char *objective,
                        pl_verdict *v, long long *nmoves);

/* solve_column.c: Theorem 3 (one column): tables C(i,j) and T(i,delta) */
bool twodots_column_applies(const void *level, const pl_request *req, char *why, size_t n);
int twodots_column_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool twodots_column_preferred(const void *level, const pl_request *req, char *why, size_t n);

/* solve_exact.c: exact search over move effects (the NP-complete case), any board size */
bool twodots_exact_applies(const void *level, const pl_request *req, char *why, size_t n);
int twodots_exact_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* paths.c: the simple paths of the component comp[0..k) (one colour), one
 * for each set of relevant dots they take that some path of at least minlen
 * dots takes, passed to visit (which returns 0 to go on, 1 to stop with
 * success, -1 to stop with a limit). loc: a board-sized array of -1 (used,
 * restored). Returns the last visit's value, or -1 when a limit was hit. */
int twodots_path_classes(int rows, int cols, const int *comp, int k, int *loc, const uint8_t *relevant, int minlen,
                         pl_limits *lim, int (*visit)(void *ctx, const int *path, int len), void *ctx);

/* inert.c (bombs off): R[i] = 1 for the dots that some play may still
 * remove (an over-approximation: the others are inert); returns |R|.
 * scratch: cols + 1 + 2 * rows * cols ints. */
int twodots_removable(int rows, int cols, const uint8_t *cells, uint8_t *R, int *scratch);

/* Shared: goals met by collected[] (per colour index)? */
bool twodots_goals_met(const twodots_level *l, const int *collected);
/* Effective K for search: the limit, or ndots/2 when unlimited (every move
 * removes at least two dots). */
int twodots_move_budget(const twodots_level *l);

#endif
