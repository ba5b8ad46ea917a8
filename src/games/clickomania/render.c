/* Pictures of a Clickomania state: blocks as coloured unit cells in the fixed
 * frame of formats.md (row 0 at the top), the group about to be clicked
 * outlined and the clicked block marked; a level's regions as labelled frames
 * (a construction's gadgets), the board widened for labels that need a margin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "state.h"

static void bounds(const void *p, pl_box *box) {
    const click_state *st = p;
    box->x0 = 0;
    box->y0 = 0;
    box->x1 = st->board.cols + pl_regions_margin(&st->level->regions);
    box->y1 = st->board.rows;
}

/* Marks the cells of the group containing frame cell (r, c). */
static void group_cells(const click_board *b, long r, long c, uint8_t *in) {
    click_scratch s;
    click_scratch_init(&s, b->rows, b->cols);
    click_find_groups(b, &s);
    int h = b->rows - 1 - (int)r;
    int gid = s.label[(size_t)c * (size_t)b->rows + (size_t)h];
    for (int cc = 0; cc < b->width; cc++)
        for (int hh = 0; hh < b->height[cc]; hh++)
            if (s.label[(size_t)cc * (size_t)b->rows + (size_t)hh] == gid)
                in[(size_t)(b->rows - 1 - hh) * (size_t)b->cols + (size_t)cc] = 1;
    click_scratch_free(&s);
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const click_state *st = p;
    /* the renderer's own replay state: a long row is brought up to date */
    const click_board *b = click_state_board((click_state *)p);
    pl_draw_grid(cv, 0, 0, b->rows, b->cols);
    for (int c = 0; c < b->width; c++)
        for (int h = 0; h < b->height[c]; h++) {
            int colour = click_at(b, c, h);
            pl_draw_cell(cv, c, b->rows - 1 - h, colour, st->level->colour_char[colour], false);
        }
    pl_draw_regions(cv, &st->level->regions, b->cols);
    long r, c;
    const char *end, *bad;
    char msg[128];
    if (!next || pl_parse_coord(next, false, &r, &c, &end, &bad, msg, sizeof msg) || r >= b->rows || c >= b->cols)
        return;
    if (c >= b->width || b->rows - 1 - r >= b->height[c]) return; /* not a block: the driver replays only legal moves */
    uint8_t *in = pl_xcalloc((size_t)b->rows * (size_t)b->cols, 1);
    group_cells(b, r, c, in);
    pl_highlight_cells(cv, b->rows, b->cols, in);
    pl_highlight_circle(cv, c + 0.5, r + 0.5, 0.12);
    free(in);
}

static int colours(const void *p, pl_name *names, int max) {
    const click_level *l = p;
    int n = l->board.ncolours < max ? l->board.ncolours : max;
    for (int i = 0; i < n; i++) names[i][0] = l->colour_char[i + 1], names[i][1] = '\0';
    return n;
}

const pl_render_hooks click_render_hooks = {bounds, draw, colours, NULL};
