/* Two Dots: rules, notation and solvers.
 * Paper: Bilò, Gualà, Leucci, Misra, "On the Complexity of Two Dots for Narrow
 * Boards and Few Colors", FUN 2018 (shared/papers/003).
 * Model (Section 2): an m x n grid of coloured dots, a move limit K, goals
 * (colour, count). A regular move removes a simple path of >= 2 orthogonally
 * adjacent dots of one colour; a cyclic move (the last cell repeats an earlier
 * one t_j, j <= s-4) removes every dot of that colour. Removed dots are
 * collected, the rest fall, nothing refills. `bombs: on` adds the commercial
 * rule of the paper's footnote 2; a `refill:` section the model of its
 * footnote 3, where new dots enter from the top (a given queue a column). */
#ifndef PUZZLELAB_TWODOTS_H
#define PUZZLELAB_TWODOTS_H

#include "puzzlelab/game.h"

/* Colours are cell values 1..254 (255 marks a bomb). Levels name them by one
 * character each (`cells: letters`, the default: at most 62 colours) or by
 * words (`cells: names`), which the reductions' constructions need. */
#define TWODOTS_MAX_COLOURS 254
#define TWODOTS_BOMB 255 /* a cell value, only while a cyclic move resolves */

typedef struct twodots_level {
    int rows, cols;
    uint8_t *cell; /* row-major; 0 empty, 1..ncolours a colour */
    int ncolours;  /* colours on the board or named by a goal */
    bool names;    /* `cells: names` */
    pl_name colour_name[TWODOTS_MAX_COLOURS + 1]; /* colour_name[k] for colour k (index 0 unused) */
    int count[TWODOTS_MAX_COLOURS + 1]; /* dots of each colour */
    int ndots;
    int moves; /* K; -1: unlimited */
    int ngoals;
    int goal_colour[TWODOTS_MAX_COLOURS]; /* colour index */
    int goal_count[TWODOTS_MAX_COLOURS];
    bool bombs;
    /* The refill model (section `refill:`): column c's queue is
     * refill_dot[refill_start[c] .. refill_start[c + 1]), the dot to enter
     * first first. nrefill dots in all, refill_count[k] of colour k. Without
     * the section: refill false, the arrays NULL, the counts 0. */
    bool refill;
    int *refill_start; /* cols + 1 offsets */
    uint8_t *refill_dot;
    int nrefill;
    int refill_count[TWODOTS_MAX_COLOURS + 1];
    pl_regions regions; /* the `regions:` section (gadgets of a construction), drawn by render */
} twodots_level;

/* A move as written: s cells (r, c). */
typedef struct twodots_move {
    int n, cap;
    int *r, *c;
} twodots_move;

void twodots_move_free(twodots_move *m);
int twodots_move_parse(const char *text, twodots_move *m, char *why, size_t n, int *col);
/* Writes a path of cell indices (r*cols+c) in the move notation. */
void twodots_path_text(const twodots_level *l, const int *path, int len, char *buf, size_t n);

/* Checks move m on board cells. Returns 0 and fills the path as cell indices
 * (path must hold m->n ints), *colour and *cyclic; else -1 with the reason. */
int twodots_move_check(const twodots_level *l, const uint8_t *cells, const twodots_move *m, int *path, int *colour,
                       bool *cyclic, char *why, size_t n);
/* Applies a checked path of len cells (cell indices): removes the path (or,
 * when the last cell repeats an earlier one, every dot of its colour, and with
 * bombs the dots the cycle encloses become bombs that explode after falling),
 * adds the removed dots to collected[colour] (may be NULL), lets dots fall.
 * With refill, every fall fills the columns from their queues: drawn[c]
 * (cols ints, advanced here) counts the dots column c's queue has given so
 * far; drawn may be NULL only for a level without dots queued. */
void twodots_apply_path(const twodots_level *l, uint8_t *cells, int *drawn, const int *path, int len, int *collected);
/* The same on a settled board (no empty cell below a dot: every level, and
 * every board after a move), in time O(len x rows) for a regular move instead
 * of O(rows x cols): what verify and play replay with. */
void twodots_apply_path_settled(const twodots_level *l, uint8_t *cells, int *drawn, const int *path, int len,
                                int *collected);
/* Refill: the empty cells at the top of column c (the dots have fallen) get
 * the next dots of its queue, the first lowest, while the queue lasts;
 * nothing without refill. */
void twodots_refill_column(const twodots_level *l, uint8_t *cells, int *drawn, int c);
/* Dots fall: in every column the dots move down to fill the empty cells. */
void twodots_fall(int rows, int cols, uint8_t *cells);
/* Marks inside[i] = 1 for the cells strictly inside the closed polygon through
 * the centres of cyc[0..len-1] (consecutive cells adjacent, cyc[len-1]
 * adjacent to cyc[0]); other entries 0. */
void twodots_enclosed(int rows, int cols, const int *cyc, int len, uint8_t *inside);

int twodots_level_parse(const pl_level_text *lt, twodots_level *out, pl_error *err);
void twodots_level_free(twodots_level *l);
/* The level as text (headers, board, regions), readable by twodots_level_parse;
 * comment is printed first, each of its lines prefixed with "# " (NULL: none). */
char *twodots_level_text(const twodots_level *l, const char *comment);
/* Same board, move limit, goals and rules (names compared, not numbers). */
bool twodots_level_same(const twodots_level *a, const twodots_level *b);
/* Colour number of name (1-based), 0 when the level has no such colour. */
int twodots_colour_of(const twodots_level *l, const char *name);

extern const pl_game pl_game_twodots;

#endif
