/* Pictures of a Buttons & Scissors state: buttons as coloured discs on the
 * board's grid. The cut about to be made is drawn over the buttons it
 * removes: the scissors' segment through the centres of its end buttons and
 * a ring round every button on it, so the picture shows which buttons go.
 * Two-player levels add a line under the board: whose move it is, the
 * colours that player may cut, and the buttons each player has cut. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define RADIUS 0.38
#define STATUS_GAP 0.3  /* between the board and the status line */
#define STATUS_TEXT 0.4 /* its text height */
#define STATUS_H 0.5

/* The two-player status line ("" in the puzzle). */
static void status_text(const buttons_state *st, char *buf, size_t n) {
    const buttons_level *l = st->level;
    buf[0] = '\0';
    if (l->players == BUTTONS_SINGLE) return;
    int p = st->moves % 2 ? 2 : 1;
    char cuts[BUTTONS_MAX_COLOURS + 1];
    int k = 0;
    for (int c = 1; c <= l->ncolours; c++)
        if (buttons_player_may_cut(l, p, c)) cuts[k++] = l->colour_char[c];
    cuts[k] = '\0';
    if (l->players == BUTTONS_PARTISAN)
        snprintf(buf, n, "player %d to move (cuts %s); cut so far %d : %d", p, cuts, st->score[1], st->score[2]);
    else
        snprintf(buf, n, "player %d to move; cut so far %d : %d", p, st->score[1], st->score[2]);
}

static void bounds(const void *p, pl_box *box) {
    const buttons_state *st = p;
    box->x0 = 0;
    box->y0 = 0;
    box->x1 = st->level->cols;
    box->y1 = st->level->rows;
    char t[160];
    status_text(st, t, sizeof t);
    if (!t[0]) return;
    box->y1 += STATUS_GAP + STATUS_H;
    double w = pl_text_width(t, STATUS_TEXT);
    if (w > box->x1) box->x1 = w;
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const buttons_state *st = p;
    const buttons_level *l = st->level;
    pl_draw_grid(cv, 0, 0, l->rows, l->cols);
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int colour = st->cells[r * l->cols + c];
            if (colour) pl_draw_disc(cv, c + 0.5, r + 0.5, RADIUS, colour, l->colour_char[colour], false);
        }
    char t[160];
    status_text(st, t, sizeof t);
    if (t[0]) {
        cairo_set_source_rgb(cv->cr, 0.1, 0.1, 0.1);
        pl_draw_text(cv, 0, l->rows + STATUS_GAP + STATUS_H / 2, STATUS_TEXT, t, false);
    }
    buttons_cut x;
    char why[128];
    int col;
    if (!next || buttons_cut_parse(next, &x, why, sizeof why, &col)) return;
    /* Over the buttons: the segment, then a ring round each button it cuts
     * (the driver replays only feasible cuts, so every button on the
     * segment is removed). */
    double seg[4] = {x.c1 + 0.5, x.r1 + 0.5, x.c2 + 0.5, x.r2 + 0.5};
    pl_highlight_polyline(cv, seg, 2, false);
    int dr = (x.r2 > x.r1) - (x.r2 < x.r1), dc = (x.c2 > x.c1) - (x.c2 < x.c1);
    for (int r = x.r1, c = x.c1;; r += dr, c += dc) {
        bool inside = r >= 0 && r < l->rows && c >= 0 && c < l->cols;
        if (inside && st->cells[r * l->cols + c]) pl_highlight_circle(cv, c + 0.5, r + 0.5, RADIUS + 0.06);
        if ((r == x.r2 && c == x.c2) || !inside || (dr == 0 && dc == 0)) break;
    }
}

static int colours(const void *p, pl_name *names, int max) {
    const buttons_level *l = p;
    int n = l->ncolours < max ? l->ncolours : max;
    for (int i = 0; i < n; i++) names[i][0] = l->colour_char[i + 1], names[i][1] = '\0';
    return n;
}

const pl_render_hooks buttons_render_hooks = {bounds, draw, colours, NULL};
