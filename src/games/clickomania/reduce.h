/* Clickomania's reductions (reduce.c), private to src/games/clickomania/. */
#ifndef PUZZLELAB_CLICKOMANIA_REDUCE_H
#define PUZZLELAB_CLICKOMANIA_REDUCE_H

#include "puzzlelab/clickomania.h"
#include "puzzlelab/problems.h"

#define CLICK_NREDUCTIONS 1
extern const pl_reduction click_reductions[CLICK_NREDUCTIONS];
/* Theorem 14: 3-Partition -> two columns, five colours */
char *click_thm14_build(const void *src, const char *src_name, pl_error *err);
int click_thm14_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int click_thm14_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);

#endif
