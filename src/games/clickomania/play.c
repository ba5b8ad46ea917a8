/* Terminal play of Clickomania: a move is one pick (any block of the group to
 * click); the rules stay in move_apply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

static void window(const void *p, int *r0, int *c0, int *rows, int *cols, int *shear) {
    const click_state *st = p;
    *r0 = *c0 = 0;
    *rows = st->board.rows;
    *cols = st->board.cols;
    *shear = 0;
}

/* The states play reads are the driver's own (never const objects): a long
 * row replayed run by run is brought up to date here (click_state_board). */
static char cell(const void *p, int r, int c, int *colour) {
    const click_state *st = p;
    const click_board *b = click_state_board((click_state *)p);
    int h = b->rows - 1 - r;
    *colour = 0;
    if (r < 0 || r >= b->rows || c < 0 || c >= b->width || h >= b->height[c]) return '.';
    *colour = click_at(b, c, h);
    return st->level->colour_char[*colour];
}

static pl_pick_result pick(const void *p, const int *r, const int *c, int n, bool finish, char *move, size_t mn,
                           char *msg, size_t n_msg) {
    (void)p, (void)finish, (void)msg, (void)n_msg;
    snprintf(move, mn, "%d,%d", r[n - 1], c[n - 1]);
    return PL_PICK_MOVE;
}

static void *state_level(const void *p, char *why, size_t n) {
    (void)why, (void)n;
    const click_state *st = p;
    const click_board *b = click_state_board((click_state *)p);
    click_level *l = pl_xcalloc(1, sizeof *l);
    click_board_init(&l->board, b->rows, b->cols, b->ncolours);
    click_board_copy(&l->board, b);
    memcpy(l->colour_char, st->level->colour_char, sizeof l->colour_char);
    return l;
}

const pl_play_hooks click_play_hooks = {
    .how = "space or enter on any block of a group of two or more clicks it at once",
    .playable = NULL,
    .window = window,
    .cell = cell,
    .pick = pick,
    .state_level = state_level,
    .keys = "space/enter click the group under the cursor",
};
