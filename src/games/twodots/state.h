/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c) and terminal play (play.c) of twodots; private to src/games/twodots/. */
#ifndef PUZZLELAB_TWODOTS_STATE_H
#define PUZZLELAB_TWODOTS_STATE_H

#include "puzzlelab/twodots.h"

typedef struct twodots_state {
    const twodots_level *level;
    uint8_t *cells;
    int *drawn; /* refill: the dots each column's queue has given */
    int collected[TWODOTS_MAX_COLOURS + 1];
    int used;
    twodots_move m;
    int *path;
    int path_cap;
} twodots_state;

/* render.c and play.c */
extern const pl_render_hooks twodots_render_hooks;
extern const pl_play_hooks twodots_play_hooks;

#endif
