/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c) and terminal play (play.c) of clickomania; private to src/games/clickomania/. */
#ifndef PUZZLELAB_CLICKOMANIA_STATE_H
#define PUZZLELAB_CLICKOMANIA_STATE_H

#include "puzzlelab/clickomania.h"

/* A board whose columns hold at most one block each, or whose blocks are
 * all in column 0, as runs of one colour (line_replay.c): a click costs
 * O(log n) instead of O(n). */
typedef struct click_line {
    bool column; /* the blocks are column 0's, bottom first */
    int nruns;
    uint8_t *colour;
    int *size;        /* blocks in each run now (0: removed or merged) */
    int *next, *prev; /* the list of live runs, in order; -1 ends it */
    int first;
    int32_t *tree;   /* Fenwick tree over size, 1-based (a board holds at most INT_MAX blocks) */
    int top;         /* the largest power of two <= nruns */
    long long blocks;
} click_line;
void click_line_init(click_line *ln, const click_board *b);
void click_line_free(click_line *ln);
/* Clicks the block in column col, or at height col of a column (0-based
 * among the blocks left); returns
 * the size of its group, and removes the group when the size is 2 or more
 * (0: no block there). */
int click_line_click(click_line *ln, long long col);
/* The board the runs describe (b has the start board's dimensions). */
void click_line_to_board(const click_line *ln, click_board *b);

/* Boards of at most one block a column, or of one column, with at least
 * this many blocks are
 * replayed as a click_line (`verify` of the long rows the one-row
 * algorithms solve); st->board is then brought up to date only when read,
 * through click_state_board. */
#define CLICK_LINE_REPLAY_MIN 4096
/* Whether b is replayed as a click_line (the test above). */
bool click_line_applies(const click_board *b);

typedef struct click_state {
    const click_level *level;
    click_board board; /* stale while line_mode and board_stale */
    click_scratch scratch;
    long long removed, score;
    bool line_mode, board_stale;
    click_line line;
} click_state;

/* The state's board, up to date (the pictures, play, hints read it). */
const click_board *click_state_board(click_state *st);

/* render.c and play.c */
extern const pl_render_hooks click_render_hooks;
extern const pl_play_hooks click_play_hooks;

#endif
