/* `puzzlelab GAME play LEVEL`: interactive play in the terminal (ncurses),
 * written once over the game descriptor's play hooks and move_apply. */
#ifndef PUZZLELAB_CLI_PLAY_H
#define PUZZLELAB_CLI_PLAY_H

#include "puzzlelab/game.h"

typedef struct pl_play_setup {
    const pl_game *game;
    const void *level;
    const char *level_path;
    const char *objective; /* NULL when the game has none */
    const char *output;    /* MOVES file to save to, or NULL */
    double hint_limit;     /* seconds */
    const pl_opts *opts;
} pl_play_setup;

/* The keys, one a line, for help. */
extern const char pl_play_keys[];

/* Runs the session until the user quits. 0, or -1 with err (no terminal,
 * cannot write the MOVES file at the end). */
int pl_play_run(const pl_play_setup *ps, pl_error *err);

#endif
