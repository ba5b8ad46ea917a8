/* Pictures of a Two Dots state: dots as coloured discs. The move about to be
 * played is the path through the dots' centres (a cycle closes on itself),
 * drawn over the dots with an arrowhead between each two dots (the path's
 * direction), every dot ringed and the first one twice. Under the board, a
 * line with what is left to do: the moves left of the limit K and each goal
 * as its colour's dot with the dots collected of those it asks. Above the
 * board (refill levels), the next dots of each column's queue as smaller
 * discs, the next to enter lowest, at most QUEUE_SHOWN a column. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define RADIUS 0.32
#define STATUS_GAP 0.3  /* between the board and the status line */
#define STATUS_TEXT 0.4 /* its text height */
#define STATUS_H 0.6
#define GOAL_DOT 0.26 /* radius of a goal's dot */
#define ITEM_GAP 0.5  /* between two items of the line */
#define QUEUE_SHOWN 3     /* queued dots drawn above a column */
#define QUEUE_RADIUS 0.22 /* their radius */
#define QUEUE_GAP 0.25    /* between them and the board */

/* Rows of queued dots drawn above the board: the same in every frame. */
static int queue_rows(const twodots_level *l) {
    int most = 0;
    for (int c = 0; l->nrefill && c < l->cols; c++)
        if (l->refill_start[c + 1] - l->refill_start[c] > most) most = l->refill_start[c + 1] - l->refill_start[c];
    return most < QUEUE_SHOWN ? most : QUEUE_SHOWN;
}

static void moves_text(const twodots_state *st, char *buf, size_t n) {
    const twodots_level *l = st->level;
    if (l->moves >= 0)
        snprintf(buf, n, "moves left %d of %d", l->moves > st->used ? l->moves - st->used : 0, l->moves);
    else
        snprintf(buf, n, "%d move%s (no limit)", st->used, st->used == 1 ? "" : "s");
}

static void goal_text(const twodots_state *st, int g, char *buf, size_t n) {
    const twodots_level *l = st->level;
    int c = l->goal_colour[g], got = st->collected[c];
    snprintf(buf, n, "%d of %d", got < l->goal_count[g] ? got : l->goal_count[g], l->goal_count[g]);
}

static bool has_status(const twodots_level *l) {
    return l->moves >= 0 || l->ngoals > 0;
}

/* The status line's width: "moves left ...", then per goal a dot and its text. */
static double status_width(const twodots_state *st) {
    char t[64];
    moves_text(st, t, sizeof t);
    double w = pl_text_width(t, STATUS_TEXT);
    if (st->level->ngoals) w += ITEM_GAP + pl_text_width("goals", STATUS_TEXT);
    for (int g = 0; g < st->level->ngoals; g++) {
        goal_text(st, g, t, sizeof t);
        w += ITEM_GAP + 2 * GOAL_DOT + 0.15 + pl_text_width(t, STATUS_TEXT);
    }
    return w;
}

static void bounds(const void *p, pl_box *box) {
    const twodots_state *st = p;
    box->x0 = 0;
    box->y0 = 0;
    box->x1 = st->level->cols + pl_regions_margin(&st->level->regions);
    box->y1 = st->level->rows;
    int q = queue_rows(st->level);
    if (q) box->y0 = -(q + QUEUE_GAP);
    if (!has_status(st->level)) return;
    box->y1 += STATUS_GAP + STATUS_H;
    double w = status_width(st);
    if (w > box->x1) box->x1 = w;
}

static void draw_status(const twodots_state *st, pl_canvas *cv) {
    const twodots_level *l = st->level;
    double y = l->rows + STATUS_GAP + STATUS_H / 2, x = 0;
    char t[64];
    moves_text(st, t, sizeof t);
    cairo_set_source_rgb(cv->cr, 0.1, 0.1, 0.1);
    pl_draw_text(cv, x, y, STATUS_TEXT, t, false);
    x += pl_text_width(t, STATUS_TEXT);
    if (l->ngoals) {
        x += ITEM_GAP;
        pl_draw_text(cv, x, y, STATUS_TEXT, "goals", false);
        x += pl_text_width("goals", STATUS_TEXT);
    }
    for (int g = 0; g < l->ngoals; g++) {
        int c = l->goal_colour[g];
        x += ITEM_GAP;
        pl_draw_disc_label(cv, x + GOAL_DOT, y, GOAL_DOT, c, l->colour_name[c], true);
        x += 2 * GOAL_DOT + 0.15;
        goal_text(st, g, t, sizeof t);
        cairo_set_source_rgb(cv->cr, 0.1, 0.1, 0.1);
        pl_draw_text(cv, x, y, STATUS_TEXT, t, false);
        x += pl_text_width(t, STATUS_TEXT);
    }
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const twodots_state *st = p;
    const twodots_level *l = st->level;
    pl_draw_grid(cv, 0, 0, l->rows, l->cols);
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int colour = st->cells[r * l->cols + c];
            if (colour && colour != TWODOTS_BOMB)
                pl_draw_disc_label(cv, c + 0.5, r + 0.5, RADIUS, colour, l->colour_name[colour], false);
        }
    for (int c = 0, q = queue_rows(l); q && c < l->cols; c++)
        for (int k = 0; k < q; k++) {
            int i = l->refill_start[c] + st->drawn[c] + k;
            if (i >= l->refill_start[c + 1]) break;
            int colour = l->refill_dot[i];
            pl_draw_disc_label(cv, c + 0.5, -QUEUE_GAP - k - 0.5, QUEUE_RADIUS, colour, l->colour_name[colour], false);
        }
    pl_draw_regions(cv, &l->regions, l->cols);
    if (has_status(l)) draw_status(st, cv);
    twodots_move m = {0};
    char why[128];
    int col;
    if (next && twodots_move_parse(next, &m, why, sizeof why, &col) == 0 && m.n >= 1) {
        /* over the dots: the path, the rings, then the arrowheads in the
         * gaps between the dots, so that the direction is never hidden */
        double *xy = pl_xmalloc((size_t)m.n * 2 * sizeof *xy);
        for (int i = 0; i < m.n; i++) {
            xy[2 * i] = m.c[i] + 0.5;
            xy[2 * i + 1] = m.r[i] + 0.5;
        }
        pl_highlight_polyline(cv, xy, m.n, false);
        for (int i = 0; i < m.n; i++) pl_highlight_circle(cv, m.c[i] + 0.5, m.r[i] + 0.5, RADIUS + 0.05);
        pl_highlight_circle(cv, m.c[0] + 0.5, m.r[0] + 0.5, RADIUS + 0.17);
        for (int i = 0; i + 1 < m.n; i++) {
            double dx = xy[2 * i + 2] - xy[2 * i], dy = xy[2 * i + 3] - xy[2 * i + 1];
            pl_highlight_arrowhead(cv, xy[2 * i] + dx / 2, xy[2 * i + 1] + dy / 2, dx, dy, 0.3);
        }
        free(xy);
    }
    twodots_move_free(&m);
}

static int colours(const void *p, pl_name *names, int max) {
    const twodots_level *l = p;
    int n = l->ncolours < max ? l->ncolours : max;
    for (int i = 0; i < n; i++) memcpy(names[i], l->colour_name[i + 1], sizeof names[i]);
    return n;
}

const pl_render_hooks twodots_render_hooks = {bounds, draw, colours, NULL};
