/* Pictures of a Two Dots state: dots as coloured discs; the move about to be
 * played is the path through the dots' centres (a cycle closes on itself),
 * its first dot ringed. The caption band carries the move; the goals are in
 * the level. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define RADIUS 0.32

static void bounds(const void *p, pl_box *box) {
    const twodots_state *st = p;
    box->x0 = 0;
    box->y0 = 0;
    box->x1 = st->level->cols + pl_regions_margin(&st->level->regions);
    box->y1 = st->level->rows;
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const twodots_state *st = p;
    const twodots_level *l = st->level;
    pl_draw_grid(cv, 0, 0, l->rows, l->cols);
    twodots_move m = {0};
    char why[128];
    int col;
    bool path = next && twodots_move_parse(next, &m, why, sizeof why, &col) == 0 && m.n >= 1;
    if (path) { /* under the dots, so their letters stay readable */
        double *xy = pl_xmalloc((size_t)m.n * 2 * sizeof *xy);
        for (int i = 0; i < m.n; i++) {
            xy[2 * i] = m.c[i] + 0.5;
            xy[2 * i + 1] = m.r[i] + 0.5;
        }
        pl_highlight_polyline(cv, xy, m.n, false);
        free(xy);
    }
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int colour = st->cells[r * l->cols + c];
            if (colour && colour != TWODOTS_BOMB)
                pl_draw_disc_label(cv, c + 0.5, r + 0.5, RADIUS, colour, l->colour_name[colour], false);
        }
    pl_draw_regions(cv, &l->regions, l->cols);
    if (path) { /* every dot of the path ringed, the first one twice */
        for (int i = 0; i < m.n; i++) pl_highlight_circle(cv, m.c[i] + 0.5, m.r[i] + 0.5, RADIUS + 0.05);
        pl_highlight_circle(cv, m.c[0] + 0.5, m.r[0] + 0.5, RADIUS + 0.17);
    }
    twodots_move_free(&m);
}

static int colours(const void *p, pl_name *names, int max) {
    const twodots_level *l = p;
    int n = l->ncolours < max ? l->ncolours : max;
    for (int i = 0; i < n; i++) memcpy(names[i], l->colour_name[i + 1], sizeof names[i]);
    return n;
}

const pl_render_hooks twodots_render_hooks = {bounds, draw, colours};
