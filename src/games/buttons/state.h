/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c) and terminal play (play.c) of buttons; private to src/games/buttons/. */
#ifndef PUZZLELAB_BUTTONS_STATE_H
#define PUZZLELAB_BUTTONS_STATE_H

#include "puzzlelab/buttons.h"

typedef struct buttons_state {
    const buttons_level *level;
    uint8_t *cells;
    int left;
} buttons_state;

/* render.c and play.c */
extern const pl_render_hooks buttons_render_hooks;
extern const pl_play_hooks buttons_play_hooks;

#endif
