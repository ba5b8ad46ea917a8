/* Pictures of a coin-moving state. Square grid: cells of the frame and
 * beyond, a coin in its cell. Triangular grid: the lattice point (r, c) at
 * x = c + r/2, y = r * sqrt(3)/2, so the six neighbours of formats.md are at
 * distance one. Graph: the vertices evenly on a circle (vertex 0 at the top,
 * clockwise), edges as chords; simple and deterministic, readable for the
 * small graphs of the thesis. Targets are dashed circles (with their labels);
 * the move about to be played rings the coin and points to its new place. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define RADIUS 0.36
#define SQRT3_2 0.86602540378443864676

static double circle_radius(const coins_level *l) {
    double r = 1.3 * l->nv / (2 * M_PI);
    return r < 1.5 ? 1.5 : r;
}

/* Drawing position of p (also play's centre hook, state.h). */
void coins_place(const coins_level *l, coins_pt p, double *x, double *y) {
    if (l->grid == COINS_SQUARE) {
        *x = p.c + 0.5;
        *y = p.r + 0.5;
    } else if (l->grid == COINS_TRIANGULAR) {
        *x = p.c + 0.5 * p.r + 0.5;
        *y = p.r * SQRT3_2 + 0.5;
    } else {
        double R = circle_radius(l), a = 2 * M_PI * p.r / (l->nv ? l->nv : 1) - M_PI / 2;
        *x = R * cos(a);
        *y = R * sin(a);
    }
}

static void grow(pl_box *b, double x, double y, double m) {
    if (x - m < b->x0) b->x0 = x - m;
    if (y - m < b->y0) b->y0 = y - m;
    if (x + m > b->x1) b->x1 = x + m;
    if (y + m > b->y1) b->y1 = y + m;
}

static void bounds(const void *p, pl_box *box) {
    const replay *rp = p;
    const coins_level *l = coins_state_level(rp->st);
    if (l->grid == COINS_GRAPH) {
        double R = circle_radius(l) + 0.8;
        *box = (pl_box){-R, -R, R, R};
        return;
    }
    *box = (pl_box){1e18, 1e18, -1e18, -1e18};
    double x, y;
    coins_pt corner[4] = {{0, 0}, {0, l->cols - 1}, {l->rows - 1, 0}, {l->rows - 1, l->cols - 1}};
    for (int i = 0; i < 4; i++) {
        coins_place(l, corner[i], &x, &y);
        grow(box, x, y, 0.5);
    }
    const coins_pt *pos = coins_state_coins(rp->st);
    for (int i = 0; i < l->n; i++) {
        coins_place(l, pos[i], &x, &y);
        grow(box, x, y, 0.5);
        coins_place(l, l->target[i], &x, &y);
        grow(box, x, y, 0.5);
    }
}

static void lattice(const coins_level *l, pl_canvas *cv) {
    cairo_t *cr = cv->cr;
    const pl_box *v = &cv->view;
    if (l->grid == COINS_SQUARE) {
        int r0 = (int)floor(v->y0), r1 = (int)ceil(v->y1), c0 = (int)floor(v->x0), c1 = (int)ceil(v->x1);
        pl_draw_grid(cv, c0, r0, r1 - r0, c1 - c0);
        /* the level's frame, a little darker */
        cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
        cairo_set_line_width(cr, 2.0 / cv->unit);
        cairo_rectangle(cr, 0, 0, l->cols, l->rows);
        cairo_stroke(cr);
        return;
    }
    if (l->grid == COINS_TRIANGULAR) {
        int r0 = (int)floor((v->y0 - 0.5) / SQRT3_2) - 1, r1 = (int)ceil((v->y1 - 0.5) / SQRT3_2) + 1;
        cairo_save(cr);
        cairo_rectangle(cr, v->x0, v->y0, v->x1 - v->x0, v->y1 - v->y0);
        cairo_clip(cr);
        cairo_set_source_rgb(cr, 0.75, 0.75, 0.75);
        cairo_set_line_width(cr, 1.0 / cv->unit);
        for (int r = r0; r <= r1; r++) {
            int c0 = (int)floor(v->x0 - 0.5 - 0.5 * r) - 1, c1 = (int)ceil(v->x1 - 0.5 - 0.5 * r) + 1;
            for (int c = c0; c <= c1; c++) {
                double x, y, x2, y2;
                coins_pt p = {r, c}, nb[3] = {{r, c + 1}, {r + 1, c}, {r + 1, c - 1}};
                coins_place(l, p, &x, &y);
                for (int k = 0; k < 3; k++) {
                    coins_place(l, nb[k], &x2, &y2);
                    cairo_move_to(cr, x, y);
                    cairo_line_to(cr, x2, y2);
                }
            }
        }
        cairo_stroke(cr);
        cairo_restore(cr);
        return;
    }
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, 1.5 / cv->unit);
    for (int u = 0; u < l->nv; u++)
        for (int k = l->off[u]; k < l->off[u + 1]; k++) {
            int w = l->adj[k];
            if (w < u) continue;
            double x, y, x2, y2;
            coins_place(l, (coins_pt){u, 0}, &x, &y);
            coins_place(l, (coins_pt){w, 0}, &x2, &y2);
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, x2, y2);
        }
    cairo_stroke(cr);
    for (int u = 0; u < l->nv; u++) {
        double x, y;
        char t[16];
        coins_place(l, (coins_pt){u, 0}, &x, &y);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, 0.26, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
        cairo_stroke(cr);
        snprintf(t, sizeof t, "%d", u);
        pl_draw_text(cv, x, y, 0.26, t, true);
    }
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const replay *rp = p;
    const coins_level *l = coins_state_level(rp->st);
    lattice(l, cv);
    double x, y;
    for (int i = 0; i < l->n; i++) {
        coins_place(l, l->target[i], &x, &y);
        pl_draw_dashed_circle(cv, x, y, RADIUS + 0.05);
        if (l->labelled) {
            cairo_set_source_rgb(cv->cr, 0.45, 0.45, 0.45);
            char t[2] = {l->label[i], 0};
            pl_draw_text(cv, x + RADIUS, y - RADIUS, 0.3, t, true);
        }
    }
    const coins_pt *pos = coins_state_coins(rp->st);
    for (int i = 0; i < l->n; i++) {
        coins_place(l, pos[i], &x, &y);
        pl_draw_disc(cv, x, y, RADIUS, l->labelled ? 1 : 2, l->labelled ? l->label[i] : 0, true);
        if (l->grid == COINS_GRAPH) { /* the vertex the coin is on */
            char t[16];
            snprintf(t, sizeof t, "%d", pos[i].r);
            cairo_set_source_rgb(cv->cr, 0, 0, 0);
            pl_draw_text(cv, x, y, 0.3, t, true);
        }
    }
    coins_pt a, b;
    char why[128];
    int col;
    if (!next || coins_move_parse(l, next, &a, &b, why, sizeof why, &col)) return;
    double x2, y2;
    coins_place(l, a, &x, &y);
    coins_place(l, b, &x2, &y2);
    pl_highlight_circle(cv, x, y, RADIUS + 0.07);
    double dx = x2 - x, dy = y2 - y, d = sqrt(dx * dx + dy * dy);
    if (d > 2 * RADIUS + 0.2)
        pl_highlight_arrow(cv, x + dx / d * (RADIUS + 0.1), y + dy / d * (RADIUS + 0.1), x2 - dx / d * (RADIUS + 0.1),
                           y2 - dy / d * (RADIUS + 0.1));
    pl_highlight_circle(cv, x2, y2, RADIUS * 0.5);
}

const pl_render_hooks coins_render_hooks = {bounds, draw, NULL, NULL};
