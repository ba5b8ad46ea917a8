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

/* One line of wrapped text: bytes [start, start + len) of the text. */
typedef struct pl_play_line {
    int start, len;
} pl_play_line;

/* Word wrap for the play screen's text lines: splits text into lines of at
 * most width columns (a UTF-8 character is one column), breaking at '\n' and
 * at spaces (the spaces at a break are dropped). With items, breaks at runs
 * of two or more spaces (between items such as "u undo  r redo") come first,
 * so an item stays whole when it fits on a line. Only a word longer than a
 * whole line is split. Fills the first max lines (lines may be NULL when max
 * is 0) and returns how many the text needs (at least 1). */
int pl_play_wrap(const char *text, int width, bool items, pl_play_line *lines, int max);

/* Runs the session until the user quits. 0, or -1 with err (no terminal,
 * cannot write the MOVES file at the end). */
int pl_play_run(const pl_play_setup *ps, pl_error *err);

#endif
