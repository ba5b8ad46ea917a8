/* Terminal play of coin moving on the square and triangular grids: pick a
 * coin, then the free cell it goes to. The window is the level's frame, the
 * coins and the target plus one cell around, so it follows coins that leave
 * the frame. Legality is move_apply's business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

static bool playable(const void *p, char *why, size_t n) {
    const coins_level *l = p;
    if (l->grid != COINS_GRAPH) return true;
    snprintf(why, n, "play needs a square or triangular grid (a graph level can be solved and rendered)");
    return false;
}

static void window(const void *p, int *r0, int *c0, int *rows, int *cols, int *shear) {
    const replay *rp = p;
    const coins_level *l = coins_state_level(rp->st);
    const coins_pt *pos = coins_state_coins(rp->st);
    int a = 0, b = 0, c = l->rows - 1, d = l->cols - 1;
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < l->n; i++) {
            coins_pt q = t ? l->target[i] : pos[i];
            if (q.r < a) a = q.r;
            if (q.c < b) b = q.c;
            if (q.r > c) c = q.r;
            if (q.c > d) d = q.c;
        }
    *r0 = a - 1;
    *c0 = b - 1;
    *rows = c - a + 3;
    *cols = d - b + 3;
    *shear = l->grid == COINS_TRIANGULAR;
}

static int coin_at(const replay *rp, int r, int c) {
    const coins_level *l = coins_state_level(rp->st);
    const coins_pt *pos = coins_state_coins(rp->st);
    for (int i = 0; i < l->n; i++)
        if (pos[i].r == r && pos[i].c == c) return i;
    return -1;
}

static char cell(const void *p, int r, int c, int *colour) {
    const replay *rp = p;
    const coins_level *l = coins_state_level(rp->st);
    int i = coin_at(rp, r, c);
    *colour = 0;
    if (i >= 0) {
        *colour = l->labelled ? 1 : 2;
        return l->labelled ? l->label[i] : 'o';
    }
    for (int k = 0; k < l->n; k++)
        if (l->target[k].r == r && l->target[k].c == c) return '+';
    return '.';
}

static pl_pick_result pick(const void *p, const int *r, const int *c, int n, bool finish, char *move, size_t mn,
                           char *msg, size_t n_msg) {
    (void)finish;
    const replay *rp = p;
    if (n == 1) {
        if (coin_at(rp, r[0], c[0]) >= 0) return PL_PICK_MORE;
        snprintf(msg, n_msg, "no coin at %d,%d: pick a coin first", r[0], c[0]);
        return PL_PICK_REJECT;
    }
    if (r[1] == r[0] && c[1] == c[0]) {
        snprintf(msg, n_msg, "pick the free cell the coin goes to");
        return PL_PICK_REJECT;
    }
    snprintf(move, mn, "%d,%d %d,%d", r[0], c[0], r[1], c[1]);
    return PL_PICK_MOVE;
}

static void *state_level(const void *p, char *why, size_t n) {
    (void)why, (void)n;
    const replay *rp = p;
    const coins_level *src = coins_state_level(rp->st);
    coins_level *l = pl_xmalloc(sizeof *l);
    *l = *src;
    size_t bytes = (size_t)src->n * sizeof(coins_pt);
    l->start = pl_xmalloc(bytes + 1);
    memcpy(l->start, coins_state_coins(rp->st), bytes);
    l->target = pl_xmalloc(bytes + 1);
    memcpy(l->target, src->target, bytes);
    l->label = src->label ? pl_xstrdup(src->label) : NULL;
    l->off = l->adj = NULL;
    if (src->off) {
        l->off = pl_xmalloc(((size_t)src->nv + 1) * sizeof *l->off);
        memcpy(l->off, src->off, ((size_t)src->nv + 1) * sizeof *l->off);
        l->adj = pl_xmalloc(((size_t)src->off[src->nv] + 1) * sizeof *l->adj);
        memcpy(l->adj, src->adj, (size_t)src->off[src->nv] * sizeof *l->adj);
    }
    return l;
}

static void centre(const void *p, int r, int c, double *x, double *y) {
    const replay *rp = p;
    coins_place(coins_state_level(rp->st), (coins_pt){r, c}, x, y);
}

const pl_play_hooks coins_play_hooks = {
    .how = "select a coin, then the free cell it moves to (square and triangular grids)",
    .playable = playable,
    .window = window,
    .cell = cell,
    .pick = pick,
    .state_level = state_level,
    .keys = "space/enter pick a coin, then the cell it moves to  bksp/esc drop the pick",
    .centre = centre,
};
