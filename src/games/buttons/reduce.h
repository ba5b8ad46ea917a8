/* Buttons & Scissors' reductions (reduce.c), private to src/games/buttons/. */
#ifndef PUZZLELAB_BUTTONS_REDUCE_H
#define PUZZLELAB_BUTTONS_REDUCE_H

#include "puzzlelab/buttons.h"
#include "puzzlelab/problems.h"

#define BUTTONS_NREDUCTIONS 8
extern const pl_reduction buttons_reductions[BUTTONS_NREDUCTIONS];
/* Theorem 2: 3-SAT -> n x n, 2 colours, directions +, sizes {2,3} */
char *buttons_thm2_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorem 5 (reduce_f4.c): 3-SAT -> n x n, colours of at most 4 buttons,
 * directions *, sizes {2,3} */
char *buttons_thm5_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm5_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm5_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorem 6 (reduce_one.c): planar 3-SAT -> n x n, one colour, directions *,
 * sizes {3,4} (the source a pl_planar_sat) */
char *buttons_thm6_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm6_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm6_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorem 7: SAT -> Graph Decycling (Lemma 3) -> n x n, 2 colours, directions +,
 * sizes {2} (Lemma 2) */
char *buttons_thm7_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm7_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm7_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorem 7's Lemma 2 alone: Graph Decycling (any instance, normalised) ->
 * n x n, 2 colours, directions +, sizes {2} */
char *buttons_lemma2_build(const void *src, const char *src_name, pl_error *err);
int buttons_lemma2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_lemma2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorem 8 (reduce_gpos.c): G_pos(CNF) (Schaefer's G_%free(CNF)) -> partisan
 * LAST, player 1 cutting b, player 2 r; sizes {3} */
char *buttons_thm8_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm8_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm8_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Theorems 9 and 10 (reduce_2p.c): Geography (Lemma 4) -> IMPARTIAL, and
 * behind the start gadget of Fig. 15 -> SCORING */
char *buttons_thm9_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm9_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm9_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
char *buttons_thm10_build(const void *src, const char *src_name, pl_error *err);
int buttons_thm10_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int buttons_thm10_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* Whether two levels (buttons_level) are the same instance: board, colours
 * by their letters, directions, sizes, players (lift checks that LEVEL is
 * the construction of SOURCE). */
bool buttons_level_same(const void *a, const void *b);

#endif
