/* Pictures of a Buttons & Scissors state: buttons as coloured discs on the
 * board's grid; the cut about to be made is drawn as the scissors' segment
 * through the centres of its two end buttons, with both ends ringed. */
#include <stdbool.h>
#include <stdio.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define RADIUS 0.38

static void bounds(const void *p, pl_box *box) {
    const buttons_state *st = p;
    box->x0 = 0;
    box->y0 = 0;
    box->x1 = st->level->cols;
    box->y1 = st->level->rows;
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const buttons_state *st = p;
    const buttons_level *l = st->level;
    pl_draw_grid(cv, 0, 0, l->rows, l->cols);
    buttons_cut x;
    char why[128];
    int col;
    bool cut = next && buttons_cut_parse(next, &x, why, sizeof why, &col) == 0;
    if (cut) { /* under the buttons, so their letters stay readable */
        double seg[4] = {x.c1 + 0.5, x.r1 + 0.5, x.c2 + 0.5, x.r2 + 0.5};
        pl_highlight_polyline(cv, seg, 2, false);
    }
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int colour = st->cells[r * l->cols + c];
            if (colour) pl_draw_disc(cv, c + 0.5, r + 0.5, RADIUS, colour, l->colour_char[colour], false);
        }
    if (!cut) return;
    pl_highlight_circle(cv, x.c1 + 0.5, x.r1 + 0.5, RADIUS + 0.06);
    pl_highlight_circle(cv, x.c2 + 0.5, x.r2 + 0.5, RADIUS + 0.06);
}

static int colours(const void *p, pl_name *names, int max) {
    const buttons_level *l = p;
    int n = l->ncolours < max ? l->ncolours : max;
    for (int i = 0; i < n; i++) names[i][0] = l->colour_char[i + 1], names[i][1] = '\0';
    return n;
}

const pl_render_hooks buttons_render_hooks = {bounds, draw, colours};
