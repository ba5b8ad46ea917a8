/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c) and terminal play (play.c) of coins; private to src/games/coins/. */
#ifndef PUZZLELAB_COINS_STATE_H
#define PUZZLELAB_COINS_STATE_H

#include "puzzlelab/coins.h"

/* The replay state: the configuration and the moves made, so that verify
 * reports the length like solve does. */
typedef struct replay {
    coins_state *st;
    long long moves;
} replay;

/* render.c and play.c */
extern const pl_render_hooks coins_render_hooks;
extern const pl_play_hooks coins_play_hooks;
/* Where render.c draws point p, in drawing units (play's centre hook too). */
void coins_place(const coins_level *l, coins_pt p, double *x, double *y);

#endif
