/* Buttons & Scissors: the solvers and generator behind the descriptor
 * (internal to src/games/buttons/). Each solve_*.c file exports an
 * applicability test and a solve function in the shape of pl_algorithm. */
#ifndef PUZZLELAB_BUTTONS_SOLVERS_H
#define PUZZLELAB_BUTTONS_SOLVERS_H

#include "puzzlelab/buttons.h"

/* generate.c */
char *buttons_generate(const pl_opts *o, pl_error *err);
extern const pl_option buttons_generate_options[];

/* solve_exact.c: exact search (the general case) */
bool buttons_exact_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_exact_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_max.c: objective max, branch and bound (buttons_max_search in
 * puzzlelab/buttons.h) */
bool buttons_max_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_max_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_greedy.c: Theorem 4 (F <= 3) */
bool buttons_greedy_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_greedy_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_row.c: Theorem 1 (one row, sizes {2,3}) */
bool buttons_row_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_row_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_sat.c: SAT encoding solved by CaDiCaL (when built with it) */
bool buttons_sat_available(void);
bool buttons_sat_preferred(const buttons_level *l); /* the auto rule */
/* Whether the SAT encoding of l stays within SAT_MAX_CANDIDATES candidate
 * cuts and memory_limit bytes (0: no limit); why says why not. */
bool buttons_sat_fits(const buttons_level *l, size_t memory_limit, char *why, size_t n);
bool buttons_sat_applies(const void *level, const pl_request *req, char *why, size_t n);
bool buttons_sat_auto(const void *level, const pl_request *req, char *why, size_t n); /* auto's choice */
int buttons_sat_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_packing.c: one colour, sizes {2,3} (Theorem 3): line assignment by
 * the Gallai-Edmonds decomposition (blossom matching), blocking-graph order */
bool buttons_packing_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_packing_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
/* Step 4 alone (for tests): orders the given groups (ngroups x 4 cells, -1
 * padded; each 2 or 3 buttons on one allowed line, together a partition of the
 * buttons), repairing cycles of the blocking graph; writes the cuts. */
int buttons_packing_order(const buttons_level *l, int ngroups, const int *cells4, pl_solution *out, int *repairs,
                          pl_error *err);
/* Step 3 alone, on an abstract instance (for tests): buttons 0..n-1, line l
 * holds lbtn[lstart[l] .. + lcount[l]). Assigns every button to a line
 * through it (asg) so that no line gets exactly one button. Returns 1
 * (asg filled), 0 (impossible), -1 (limit hit), -2 (internal error, err);
 * nodes counts the Edmonds searches, ntriples the collinear triples used. */
int buttons_line_packing(int n, int nlines, const int *lstart, const int *lcount, const int *lbtn, pl_limits *lim,
                         int *asg, uint64_t *nodes, int *ntriples, const char **how, pl_error *err);

/* Shared by the solvers: write cuts into a solution in order. */
void buttons_solution_add_cut(pl_solution *s, buttons_cut x);

#endif
