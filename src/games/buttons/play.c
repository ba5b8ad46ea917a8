/* Terminal play of Buttons & Scissors: a cut is two picks, its end buttons;
 * whether the cut is feasible is move_apply's business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

static void window(const void *p, int *r0, int *c0, int *rows, int *cols, int *shear) {
    const buttons_state *st = p;
    *r0 = *c0 = 0;
    *rows = st->level->rows;
    *cols = st->level->cols;
    *shear = 0;
}

static char cell(const void *p, int r, int c, int *colour) {
    const buttons_state *st = p;
    const buttons_level *l = st->level;
    *colour = 0;
    if (r < 0 || r >= l->rows || c < 0 || c >= l->cols) return '.';
    *colour = st->cells[r * l->cols + c];
    return *colour ? l->colour_char[*colour] : '.';
}

static pl_pick_result pick(const void *p, const int *r, const int *c, int n, bool finish, char *move, size_t mn,
                           char *msg, size_t n_msg) {
    (void)p, (void)finish;
    if (n == 1) return PL_PICK_MORE;
    if (r[1] == r[0] && c[1] == c[0]) {
        snprintf(msg, n_msg, "pick the other end of the cut");
        return PL_PICK_REJECT;
    }
    snprintf(move, mn, "%d,%d %d,%d", r[0], c[0], r[1], c[1]);
    return PL_PICK_MOVE;
}

static void *state_level(const void *p, char *why, size_t n) {
    (void)why, (void)n;
    const buttons_state *st = p;
    const buttons_level *src = st->level;
    buttons_level *l = pl_xmalloc(sizeof *l);
    *l = *src;
    size_t cells = (size_t)src->rows * (size_t)src->cols;
    l->cell = pl_xmalloc(cells + 1);
    memcpy(l->cell, st->cells, cells);
    /* Colours that are gone are dropped and the rest renumbered: the solvers
     * (like the parser) take every colour of a level to have buttons. */
    int count[BUTTONS_MAX_COLOURS + 1] = {0}, renumber[BUTTONS_MAX_COLOURS + 1] = {0};
    for (size_t i = 0; i < cells; i++) count[l->cell[i]]++;
    l->ncolours = 0;
    for (int c = 1; c <= src->ncolours; c++)
        if (count[c]) {
            renumber[c] = ++l->ncolours;
            l->colour_char[l->ncolours] = src->colour_char[c];
        }
    l->nbuttons = l->max_frequency = 0;
    for (size_t i = 0; i < cells; i++)
        if (l->cell[i]) {
            l->nbuttons++;
            if (count[l->cell[i]] > l->max_frequency) l->max_frequency = count[l->cell[i]];
            l->cell[i] = (uint8_t)renumber[l->cell[i]];
        }
    /* Two-player games: the colour sets follow the renumbering, and the player
     * to move becomes the new level's player 1 (sets swapped). The scores so
     * far are not part of a level; the best move does not depend on them,
     * since the final margin is the margin so far plus the margin from here. */
    uint64_t may[3] = {0, 0, 0}, shared = 0;
    for (int c = 1; c <= src->ncolours; c++) {
        if (!renumber[c]) continue;
        uint64_t bit = (uint64_t)1 << renumber[c];
        for (int p = 1; p <= 2; p++)
            if ((src->may_cut[p] >> c) & 1u) may[p] |= bit;
        if ((src->shared >> c) & 1u) shared |= bit;
    }
    int mover = src->players != BUTTONS_SINGLE && st->moves % 2 ? 2 : 1;
    l->may_cut[1] = may[mover];
    l->may_cut[2] = may[3 - mover];
    l->shared = shared;
    return l;
}

const pl_play_hooks buttons_play_hooks = {
    .how = "select one end button of a cut, then the other",
    .playable = NULL,
    .window = window,
    .cell = cell,
    .pick = pick,
    .state_level = state_level,
    .keys = "space/enter pick a cut's end, the second end cuts  bksp/esc drop the pick",
};
