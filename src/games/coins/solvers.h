/* Coin moving: solvers, generator and helpers shared inside src/games/coins/. */
#ifndef PUZZLELAB_COINS_SOLVERS_H
#define PUZZLELAB_COINS_SOLVERS_H

#include "puzzlelab/coins.h"
#include "square.h"

/* span.c: the placements of the target on board b inside allowed (NULL: all
 * of b): the target itself (exact), or every translate (and rotation) of it.
 * *out gets count x n board positions, coin i of a placement at index i
 * (labelled: coin i is label i). Returns the count (possibly 0). */
int coins_placements(const coins_level *l, const coins_board *b, const uint8_t *allowed, int **out);
/* Bounding box of the start and the target (grids). */
void coins_bbox(const coins_level *l, bool with_target, int *r0, int *c0, int *r1, int *c1);

/* solve_exact.c: bidirectional BFS (and the unidirectional baseline) */
bool coins_exact_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_bidir_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
int coins_bfs_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool coins_never_auto(const void *level, const pl_request *req, char *why, size_t n);
extern const pl_option coins_solve_options[];

/* solve_shortest.c: proven shortest solutions over bitboards (square grid,
 * unlabelled, span(A)'s box within 56 bits) */
bool coins_shortest_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_shortest_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
/* The fastest exact search that applies: shortest, else bidir. */
int coins_exact_best(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_minplus1.c: minimum+1 configurations (Section 3.3: Propositions
 * 3.29, 3.30, 3.32, Theorem 3.38). applies says whether they decide the level;
 * note says which result decides, or why none does. */
bool coins_minplus1_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_minplus1_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
void coins_minplus1_note(const void *level, char *buf, size_t n);
void coins_minplus1_info(const coins_level *l, json_t *o); /* Proposition 3.29, for info */

/* solve_triangular.c: Theorems 2.4 (unlabelled), 2.5 and 2.7 (labelled) */
bool coins_tri_unlabelled_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_tri_unlabelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool coins_tri_labelled_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_tri_labelled_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* generate.c */
char *coins_generate(const pl_opts *o, pl_error *err);
extern const pl_option coins_generate_options[];

#endif
