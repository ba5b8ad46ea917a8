/* What the Two Dots reductions share (private to src/games/twodots/): a level
 * under construction, the filler dummies, and replays that follow every dot
 * from its first cell, so that a certificate's moves can be read back in
 * terms of the construction's gadgets whatever order they come in. */
#ifndef PUZZLELAB_TWODOTS_REDUCE_H
#define PUZZLELAB_TWODOTS_REDUCE_H

#include "puzzlelab/problems.h"
#include "puzzlelab/twodots.h"

/* The table (reduce.c) and its constructions, one file each. */
#define TWODOTS_NREDUCTIONS 3
extern const pl_reduction twodots_reductions[TWODOTS_NREDUCTIONS];
/* reduce_x3c.c: Theorem 1 */
char *twodots_thm1_build(const void *src, const char *src_name, pl_error *err);
int twodots_thm1_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int twodots_thm1_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* reduce_sat.c: Theorem 2 */
char *twodots_thm2_build(const void *src, const char *src_name, pl_error *err);
int twodots_thm2_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int twodots_thm2_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
/* reduce_vc.c: Theorem 4 (two rows) */
char *twodots_thm4_build(const void *src, const char *src_name, pl_error *err);
int twodots_thm4_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
int twodots_thm4_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);

/* ---------- building a level ---------- */
typedef struct td_build {
    twodots_level l;
    int capregions;
} td_build;

void tdb_init(td_build *b, int rows, int cols, bool names);
void tdb_free(td_build *b);
/* The colour called name (added when new). */
int tdb_colour(td_build *b, const char *name);
void tdb_set(td_build *b, int r, int c, int colour);
void tdb_goal(td_build *b, int colour, int count);
void tdb_region(td_build *b, int r0, int c0, int r1, int c1, const char *fmt, ...) PL_PRINTF(6, 7);
/* Fills every empty cell with a dummy: colour d0..d3 by (column parity,
 * parity of its rank among the dummies of its column). No two dummies of one
 * colour are ever adjacent: a column's dummies keep their order as long as
 * none is removed, so same-column neighbours among them have consecutive
 * ranks, and adjacent columns differ in parity; hence no move can ever take
 * a dummy (by induction over the moves), which is all the papers ask of
 * their dummies ("colours distinct from each other"), with 4 colours. */
void tdb_dummies(td_build *b);
/* The level text, the comment lines first. */
char *tdb_text(td_build *b, const char *comment);

/* ---------- replaying with identities ---------- */
/* A board whose dots remember their first cell (id = r * cols + c). */
typedef struct td_board {
    const twodots_level *l;
    uint8_t *cell;
    int *id; /* -1 where empty */
    int *at; /* at[id]: the cell of dot id now, -1 once removed */
} td_board;

void td_board_init(td_board *b, const twodots_level *l);
void td_board_free(td_board *b);
/* Plays a move given as cells (checked by the rules); its colour, whether
 * cyclic, and the ids it removed (removed must hold rows*cols ints; may be
 * NULL). 0, or -1 with why. */
int td_board_play(td_board *b, const twodots_move *m, int *colour, bool *cyclic, int *removed, int *nremoved,
                  char *why, size_t n);
/* The same for a path of cells (r * cols + c). */
int td_board_play_cells(td_board *b, const int *path, int len, char *why, size_t n);

/* What a lift sees of one move of a certificate: its colour, whether it was
 * cyclic, and the dots it removed (by first cell). */
typedef struct td_played {
    int index; /* 0-based, in the certificate */
    int colour;
    bool cyclic;
    const int *removed;
    int nremoved;
} td_played;
/* Replays moves on l from its start, calling seen for each; 0, or 1 with why
 * when a move does not parse or play, or when seen returns non-zero (it then
 * wrote why). */
int td_replay(const twodots_level *l, const pl_moves *moves, int (*seen)(void *ctx, const td_played *p), void *ctx,
              char *why, size_t n);

/* A move's text from cells. */
void td_path_push(pl_strvec *moves, const twodots_level *l, const int *path, int len);
/* The cells of the 2x2 square (top-left r, c) as a cyclic move. */
int td_square_path(const twodots_level *l, int r, int c, int *path);
/* The top-left cell of some 2x2 square of colour, or -1. */
int td_find_square(const td_board *b, int colour);
/* When the dots of colour form a simple path (connected, no cycle, no dot
 * with three neighbours): its cells from one end into path, returning its
 * length; else 0. */
int td_colour_path(const td_board *b, int colour, int *path);

/* The level built from the construction's text (for forward and lift). */
twodots_level *td_level_from_text(const char *text, pl_error *err);
/* build(src)'s level, parsed; NULL with err. */
twodots_level *td_construction(char *(*build)(const void *src, const char *src_name, pl_error *err), const void *src,
                               pl_error *err);

#endif
