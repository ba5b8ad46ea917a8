/* Terminal play of Two Dots: a move is traced one dot at a time. Picking the
 * last dot again (or the finish key) plays the path; picking an earlier dot of
 * the path closes a cycle and plays it. Legality is move_apply's business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

static void window(const void *p, int *r0, int *c0, int *rows, int *cols, int *shear) {
    const twodots_state *st = p;
    *r0 = *c0 = 0;
    *rows = st->level->rows;
    *cols = st->level->cols;
    *shear = 0;
}

static char cell(const void *p, int r, int c, int *colour) {
    const twodots_state *st = p;
    const twodots_level *l = st->level;
    *colour = 0;
    if (r < 0 || r >= l->rows || c < 0 || c >= l->cols) return '.';
    *colour = st->cells[r * l->cols + c];
    return *colour ? l->colour_name[*colour][0] : '.'; /* a named colour shows its first character */
}

static void path_text(const int *r, const int *c, int n, char *move, size_t mn) {
    size_t k = 0;
    move[0] = '\0';
    for (int i = 0; i < n && k < mn; i++) {
        int w = snprintf(move + k, mn - k, "%s%d,%d", i ? " " : "", r[i], c[i]);
        if (w < 0) break;
        k += (size_t)w;
    }
}

static pl_pick_result pick(const void *p, const int *r, const int *c, int n, bool finish, char *move, size_t mn,
                           char *msg, size_t n_msg) {
    (void)p;
    int last = n - 1;
    if (n >= 2 && r[last] == r[last - 1] && c[last] == c[last - 1]) {
        if (n == 2) {
            snprintf(msg, n_msg, "a path needs at least two dots");
            return PL_PICK_REJECT;
        }
        path_text(r, c, n - 1, move, mn); /* the last dot again: play the path */
        return PL_PICK_MOVE;
    }
    for (int i = 0; i + 1 < last; i++)
        if (r[i] == r[last] && c[i] == c[last]) {
            path_text(r, c, n, move, mn); /* back to an earlier dot: a cycle */
            return PL_PICK_MOVE;
        }
    if (finish && n >= 2) {
        path_text(r, c, n, move, mn);
        return PL_PICK_MOVE;
    }
    if (finish) snprintf(msg, n_msg, "path started: pick the next dot");
    return PL_PICK_MORE;
}

static void *state_level(const void *p, char *why, size_t n) {
    (void)why, (void)n;
    const twodots_state *st = p;
    const twodots_level *src = st->level;
    twodots_level *l = pl_xmalloc(sizeof *l);
    *l = *src;
    /* the hint's level owns what it frees: no regions (rules ignore them;
     * sharing the source's made level_free free them twice) */
    memset(&l->regions, 0, sizeof l->regions);
    size_t cells = (size_t)src->rows * (size_t)src->cols;
    l->cell = pl_xmalloc(cells + 1);
    memcpy(l->cell, st->cells, cells);
    if (src->refill) {
        /* what each column's queue has not given yet */
        l->refill_start = pl_xmalloc(((size_t)src->cols + 1) * sizeof *l->refill_start);
        l->refill_dot = pl_xmalloc((size_t)src->nrefill + 1);
        l->nrefill = 0;
        memset(l->refill_count, 0, sizeof l->refill_count);
        for (int c = 0; c < src->cols; c++) {
            l->refill_start[c] = l->nrefill;
            for (int k = src->refill_start[c] + st->drawn[c]; k < src->refill_start[c + 1]; k++) {
                l->refill_dot[l->nrefill++] = src->refill_dot[k];
                l->refill_count[src->refill_dot[k]]++;
            }
        }
        l->refill_start[src->cols] = l->nrefill;
    }
    memset(l->count, 0, sizeof l->count);
    l->ndots = 0;
    for (size_t i = 0; i < cells; i++)
        if (l->cell[i]) {
            l->count[l->cell[i]]++;
            l->ndots++;
        }
    if (src->moves >= 0) l->moves = src->moves > st->used ? src->moves - st->used : 0; /* moves: 0 is a level too */
    /* What is left of each goal after the dots collected so far. */
    for (int g = 0; g < l->ngoals; g++) {
        int left = src->goal_count[g] - st->collected[src->goal_colour[g]];
        l->goal_count[g] = left > 0 ? left : 0;
    }
    return l;
}

/* Every goal as collected/asked (finish names only the first unmet one) and
 * the moves left of the limit. */
static void status(const void *p, char *buf, size_t n) {
    const twodots_state *st = p;
    const twodots_level *l = st->level;
    size_t k = 0;
    int w = 0;
    buf[0] = '\0';
    for (int g = 0; g < l->ngoals && k < n; g++) {
        int c = l->goal_colour[g];
        w = snprintf(buf + k, n - k, "%sgoal %s %d/%d%s", g ? "  " : "", l->colour_name[c], st->collected[c],
                     l->goal_count[g], st->collected[c] >= l->goal_count[g] ? " met" : "");
        if (w < 0) return;
        k += (size_t)w;
    }
    if (k >= n) return;
    if (l->moves >= 0)
        w = snprintf(buf + k, n - k, "%smoves left %d of %d", k ? "   " : "", l->moves - st->used, l->moves);
    else
        w = snprintf(buf + k, n - k, "%smoves used %d (no limit)", k ? "   " : "", st->used);
    if (w < 0 || !l->refill) return;
    k += (size_t)w;
    if (k >= n) return;
    int queued = l->nrefill;
    for (int c = 0; c < l->cols; c++) queued -= st->drawn[c];
    snprintf(buf + k, n - k, "   refill %d queued", queued);
}

const pl_play_hooks twodots_play_hooks = {
    .how = "trace a path dot by dot; select the last dot again (or press Enter) to play it; "
           "select an earlier dot of the path to close a cycle",
    .playable = NULL,
    .window = window,
    .cell = cell,
    .pick = pick,
    .state_level = state_level,
    .keys = "space add a dot (the last again plays the path, an earlier closes a cycle)  "
            "enter end the path here and play it  bksp/esc drop the last dot, all",
    .status = status,
};
