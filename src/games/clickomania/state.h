/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c) and terminal play (play.c) of clickomania; private to src/games/clickomania/. */
#ifndef PUZZLELAB_CLICKOMANIA_STATE_H
#define PUZZLELAB_CLICKOMANIA_STATE_H

#include "puzzlelab/clickomania.h"

typedef struct click_state {
    const click_level *level;
    click_board board;
    click_scratch scratch;
    long long removed, score;
} click_state;

/* render.c and play.c */
extern const pl_render_hooks click_render_hooks;
extern const pl_play_hooks click_play_hooks;

#endif
