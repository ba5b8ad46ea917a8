/* Drawing helpers shared by every game's render.c (see puzzlelab/draw.h). The
 * highlight style is shape, not hue: a thick dark stroke with a white core,
 * so the move about to be played stands out on every colour of the palette
 * and for readers who see no colour at all. */
#ifndef __EMSCRIPTEN__ /* the web build draws on a canvas (web/shim/cairo.h): no fontconfig */
#include <fontconfig/fontconfig.h>
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"

/* Orange and sky blue from Okabe and Ito; then named colours (ColorBrewer's
 * magenta, brown and pale yellow, the CSS colours) chosen so that every two
 * are at least 30 CIELAB units apart (and 30 from the empty cell's grey) in
 * normal vision and under Vienot, Brettel and Mollon's simulated protanopia
 * and deuteranopia. A dichromat sees a plane (lightness and blue-yellow), so
 * twelve colours need a ladder of lightness: hence the blues and the dark
 * ones. Okabe and Ito's other six cannot join: orange and their yellow are 17
 * apart for a deuteranope. tests/test_render.c checks it. */
static const double palette[PL_PALETTE_SIZE][3] = {
    {0xE6 / 255.0, 0x9F / 255.0, 0x00 / 255.0}, /* a orange */
    {0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0}, /* b sky blue */
    {0xE7 / 255.0, 0x29 / 255.0, 0x8A / 255.0}, /* c magenta */
    {0xFF / 255.0, 0xFF / 255.0, 0x00 / 255.0}, /* d yellow */
    {0x00 / 255.0, 0x00 / 255.0, 0xFF / 255.0}, /* e blue */
    {0xB1 / 255.0, 0x59 / 255.0, 0x28 / 255.0}, /* f brown */
    {0xD2 / 255.0, 0xB4 / 255.0, 0x8C / 255.0}, /* g tan */
    {0x00 / 255.0, 0x00 / 255.0, 0x00 / 255.0}, /* h black */
    {0xFF / 255.0, 0xFF / 255.0, 0x99 / 255.0}, /* i pale yellow */
    {0x00 / 255.0, 0x00 / 255.0, 0x80 / 255.0}, /* j navy */
    {0x41 / 255.0, 0x69 / 255.0, 0xE1 / 255.0}, /* k royal blue */
    {0x40 / 255.0, 0x00 / 255.0, 0x4B / 255.0}, /* l dark purple */
};

void pl_palette_rgb(int colour, double rgb[3]) {
    if (colour < 1) {
        rgb[0] = rgb[1] = rgb[2] = 1.0;
        return;
    }
    int k = (colour - 1) % PL_PALETTE_SIZE, round = (colour - 1) / PL_PALETTE_SIZE;
    for (int i = 0; i < 3; i++) rgb[i] = palette[k][i];
    if (round == 0) return;
    /* Later rounds: lighter, darker, lighter still, ... A colour too dark to
     * darken (black, navy, the browns) is lightened less instead. */
    double t = 0.25 * ((round + 1) / 2);
    if (t > 0.75) t = 0.75;
    double lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    for (int i = 0; i < 3; i++) {
        if (round % 2)
            rgb[i] = rgb[i] + (1 - rgb[i]) * (t + 0.2);
        else if (lum < 0.1)
            rgb[i] = rgb[i] + (1 - rgb[i]) * (t * 0.5);
        else
            rgb[i] = rgb[i] * (1 - t);
    }
}

void pl_palette_assign(const pl_name *names, int n, int *entry) {
    if (n <= 0) return;
    bool *used = pl_xcalloc((size_t)n + PL_PALETTE_SIZE + 1, sizeof *used);
    for (int k = 0; k < n; k++) {
        const char *s = names[k];
        entry[k] = 0;
        if (s[0] >= 'a' && s[0] < 'a' + PL_PALETTE_SIZE && s[1] == '\0' && !used[s[0] - 'a' + 1]) {
            entry[k] = s[0] - 'a' + 1;
            used[entry[k]] = true;
        }
    }
    int next = 1;
    for (int k = 0; k < n; k++) {
        if (entry[k]) continue;
        while (used[next]) next++;
        entry[k] = next;
        used[next] = true;
    }
    free(used);
}

int pl_canvas_entry(const pl_canvas *cv, int colour) {
    return cv->entry && colour >= 1 && colour <= cv->nentries ? cv->entry[colour - 1] : colour;
}

void pl_palette_ink(int colour, double rgb[3]) {
    double c[3];
    pl_palette_rgb(colour, c);
    double lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    rgb[0] = rgb[1] = rgb[2] = lum > 0.45 ? 0.0 : 1.0;
}

void pl_set_rgb(pl_canvas *cv, const double rgb[3]) {
    cairo_set_source_rgb(cv->cr, rgb[0], rgb[1], rgb[2]);
}

void pl_set_colour(pl_canvas *cv, int colour) {
    double c[3];
    pl_palette_rgb(pl_canvas_entry(cv, colour), c);
    pl_set_rgb(cv, c);
}

/* A line width of px device units, at least a hairline. */
static double px(const pl_canvas *cv, double n) {
    return cv->unit > 0 ? n / cv->unit : 0.02 * n;
}

/* A render under a memory limit polls it at every shape (the vector
 * surfaces hold every shape until the end: about 1 KiB each); once it is
 * reached the shapes are skipped and pl_render gives up. */
static bool live(pl_canvas *cv) { return !cv->lim || pl_limits_poll(cv->lim); }

void pl_draw_grid(pl_canvas *cv, double x0, double y0, int rows, int cols) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    cairo_set_source_rgb(cr, 0.96, 0.96, 0.96);
    cairo_rectangle(cr, x0, y0, cols, rows);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.82, 0.82, 0.82);
    cairo_set_line_width(cr, px(cv, 1));
    for (int r = 0; r <= rows; r++) {
        cairo_move_to(cr, x0, y0 + r);
        cairo_line_to(cr, x0 + cols, y0 + r);
    }
    for (int c = 0; c <= cols; c++) {
        cairo_move_to(cr, x0 + c, y0);
        cairo_line_to(cr, x0 + c, y0 + rows);
    }
    cairo_stroke(cr);
}

/* A label centred at (cx, cy): size is the height of one character; longer
 * labels shrink so that they stay within about 1.6 sizes' width. */
static void label_at(pl_canvas *cv, double cx, double cy, double size, int colour, const char *label) {
    double ink[3];
    pl_palette_ink(pl_canvas_entry(cv, colour), ink);
    pl_set_rgb(cv, ink);
    size_t n = strlen(label);
    if (n > 2) size *= 2.0 / (double)n;
    pl_draw_text(cv, cx, cy, size, label, true);
}


void pl_draw_cell(pl_canvas *cv, double x, double y, int colour, char letter, bool force_letter) {
    char t[2] = {letter, 0};
    pl_draw_cell_label(cv, x, y, colour, letter ? t : NULL, force_letter);
}

void pl_draw_cell_label(pl_canvas *cv, double x, double y, int colour, const char *label, bool force_label) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    double inset = 0.04;
    pl_set_colour(cv, colour);
    cairo_rectangle(cr, x + inset, y + inset, 1 - 2 * inset, 1 - 2 * inset);
    cairo_fill(cr);
    if (label && label[0] && (cv->letters || force_label)) label_at(cv, x + 0.5, y + 0.5, 0.55, colour, label);
}

void pl_draw_disc(pl_canvas *cv, double cx, double cy, double r, int colour, char letter, bool force_letter) {
    char t[2] = {letter, 0};
    pl_draw_disc_label(cv, cx, cy, r, colour, letter ? t : NULL, force_letter);
}

void pl_draw_disc_label(pl_canvas *cv, double cx, double cy, double r, int colour, const char *label,
                        bool force_label) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    cairo_new_sub_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    pl_set_colour(cv, colour);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_set_line_width(cr, px(cv, 1));
    cairo_stroke(cr);
    if (label && label[0] && (cv->letters || force_label)) label_at(cv, cx, cy, 1.1 * r, colour, label);
}

/* Strokes the current path twice: dark and wide, then white and narrow. */
static void highlight_stroke(pl_canvas *cv) {
    cairo_t *cr = cv->cr;
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_source_rgb(cr, 0.0, 0.0, 0.0);
    cairo_set_line_width(cr, 0.16);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
    cairo_set_line_width(cr, 0.06);
    cairo_stroke(cr);
}

void pl_highlight_rect(pl_canvas *cv, double x, double y, double w, double h) {
    if (!live(cv)) return;
    cairo_new_path(cv->cr);
    cairo_rectangle(cv->cr, x, y, w, h);
    highlight_stroke(cv);
}

void pl_highlight_circle(pl_canvas *cv, double cx, double cy, double r) {
    if (!live(cv)) return;
    cairo_new_path(cv->cr);
    cairo_arc(cv->cr, cx, cy, r, 0, 2 * M_PI);
    cairo_close_path(cv->cr);
    highlight_stroke(cv);
}

void pl_highlight_polyline(pl_canvas *cv, const double *xy, int n, bool closed) {
    if (!live(cv)) return;
    if (n < 1) return;
    cairo_new_path(cv->cr);
    cairo_move_to(cv->cr, xy[0], xy[1]);
    for (int i = 1; i < n; i++) cairo_line_to(cv->cr, xy[2 * i], xy[2 * i + 1]);
    if (closed) cairo_close_path(cv->cr);
    highlight_stroke(cv);
}

void pl_highlight_cells(pl_canvas *cv, int rows, int cols, const uint8_t *in) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    cairo_new_path(cr);
#define IN(r, c) ((r) >= 0 && (r) < rows && (c) >= 0 && (c) < cols && in[(size_t)(r) * (size_t)cols + (size_t)(c)])
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (!IN(r, c)) continue;
            if (!IN(r - 1, c)) cairo_move_to(cr, c, r), cairo_line_to(cr, c + 1, r);
            if (!IN(r + 1, c)) cairo_move_to(cr, c, r + 1), cairo_line_to(cr, c + 1, r + 1);
            if (!IN(r, c - 1)) cairo_move_to(cr, c, r), cairo_line_to(cr, c, r + 1);
            if (!IN(r, c + 1)) cairo_move_to(cr, c + 1, r), cairo_line_to(cr, c + 1, r + 1);
        }
#undef IN
    highlight_stroke(cv);
}

void pl_highlight_arrow(pl_canvas *cv, double x0, double y0, double x1, double y1) {
    if (!live(cv)) return;
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    dx /= len;
    dy /= len;
    double head = len < 1.2 ? 0.4 * len : 0.45;
    double shaft[4] = {x0, y0, x1 - dx * head * 0.5, y1 - dy * head * 0.5};
    pl_highlight_polyline(cv, shaft, 2, false);
    cairo_t *cr = cv->cr;
    cairo_new_path(cr);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x1 - dx * head - dy * head * 0.5, y1 - dy * head + dx * head * 0.5);
    cairo_line_to(cr, x1 - dx * head + dy * head * 0.5, y1 - dy * head - dx * head * 0.5);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0.0, 0.0, 0.0);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
    cairo_set_line_width(cr, 0.03);
    cairo_stroke(cr);
}

void pl_highlight_arrowhead(pl_canvas *cv, double x, double y, double dx, double dy, double size) {
    if (!live(cv)) return;
    double len = sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    dx /= len;
    dy /= len;
    /* (x, y) is the middle of the head: the tip half a size ahead */
    double tx = x + dx * size / 2, ty = y + dy * size / 2, bx = x - dx * size / 2, by = y - dy * size / 2;
    cairo_t *cr = cv->cr;
    cairo_new_path(cr);
    cairo_move_to(cr, tx, ty);
    cairo_line_to(cr, bx - dy * size * 0.55, by + dx * size * 0.55);
    cairo_line_to(cr, bx + dy * size * 0.55, by - dx * size * 0.55);
    cairo_close_path(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_source_rgb(cr, 0.0, 0.0, 0.0);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
    cairo_set_line_width(cr, 0.035);
    cairo_stroke(cr);
}

void pl_draw_dashed_circle(pl_canvas *cv, double cx, double cy, double r) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    double dash[2] = {0.12, 0.08};
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_set_line_width(cr, 0.05);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

void pl_draw_polygons(pl_canvas *cv, const double *xy, const int *len, int nrings, const double fill[3],
                      const double stroke[3]) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    cairo_new_path(cr);
    const double *p = xy;
    for (int k = 0; k < nrings; k++) {
        if (len[k] > 0) {
            cairo_move_to(cr, p[0], p[1]);
            for (int i = 1; i < len[k]; i++) cairo_line_to(cr, p[2 * i], p[2 * i + 1]);
            cairo_close_path(cr);
        }
        p += 2 * len[k];
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    if (fill) {
        pl_set_rgb(cv, fill);
        if (stroke)
            cairo_fill_preserve(cr);
        else
            cairo_fill(cr);
    }
    if (stroke) {
        pl_set_rgb(cv, stroke);
        cairo_set_line_width(cr, px(cv, 1.5));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
        cairo_stroke(cr);
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
}

void pl_draw_text(pl_canvas *cv, double x, double y, double size, const char *text, bool centred) {
    if (!live(cv)) return;
    cairo_t *cr = cv->cr;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    /* Centre on the font's ascent/descent, not the glyph's box, so letters
     * of one row share a baseline. */
    double by = y + (fe.ascent - fe.descent) / 2;
    double bx = centred ? x - e.x_advance / 2 : x;
    cairo_move_to(cr, bx, by);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}

double pl_text_width(const char *text, double size) {
    cairo_surface_t *scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(scratch);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 100); /* metrics at a tiny size are hinted out of shape */
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_destroy(cr);
    cairo_surface_destroy(scratch);
    return e.x_advance / 100 * size;
}

#define REGION_LABEL 0.36 /* label text height */

static double label_width(const char *s) {
    return 0.62 * REGION_LABEL * (double)strlen(s); /* about a bold sans character's advance */
}

/* A label goes inside its rectangle when it fits there, else in the margin. */
static bool label_inside(const pl_region *r) {
    return label_width(r->label) + 0.4 <= r->c1 - r->c0 + 1;
}

double pl_regions_margin(const pl_regions *rg) {
    double w = 0;
    for (int i = 0; rg && i < rg->n; i++) {
        const pl_region *r = &rg->r[i];
        if (label_inside(r)) continue;
        double lw = label_width(r->label) + 0.8;
        if (lw > w) w = lw;
    }
    return w;
}

void pl_draw_regions(pl_canvas *cv, const pl_regions *rg, int board_cols) {
    if (!live(cv)) return;
    if (!rg || rg->n == 0) return;
    cairo_t *cr = cv->cr;
    cairo_save(cr);
    static const double dash[2] = {4, 3};
    for (int i = 0; i < rg->n; i++) {
        const pl_region *r = &rg->r[i];
        double x = r->c0 + 0.06, y = r->r0 + 0.06, w = r->c1 - r->c0 + 1 - 0.12, h = r->r1 - r->r0 + 1 - 0.12;
        double d[2] = {px(cv, dash[0]), px(cv, dash[1])};
        cairo_set_dash(cr, d, 2, 0);
        cairo_set_line_width(cr, px(cv, 1.5));
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        cairo_rectangle(cr, x, y, w, h);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        if (!r->label[0]) continue;
        double lw = label_width(r->label);
        if (label_inside(r)) {
            /* inside, top-left, on a white card so that it reads over the dots */
            cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
            cairo_rectangle(cr, x + 0.05, y + 0.03, lw + 0.2, REGION_LABEL * 1.25);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            pl_draw_text(cv, x + 0.15, y + 0.03 + REGION_LABEL * 0.62, REGION_LABEL, r->label, false);
        } else {
            /* in the right margin, with a leader from the rectangle's edge */
            double ym = (r->r0 + r->r1 + 1) / 2.0, x0 = r->c1 + 1, x1 = board_cols + 0.3;
            cairo_set_line_width(cr, px(cv, 1));
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
            cairo_move_to(cr, x0, ym);
            cairo_line_to(cr, x1, ym);
            cairo_stroke(cr);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            pl_draw_text(cv, x1 + 0.1, ym, REGION_LABEL, r->label, false);
        }
    }
    cairo_restore(cr);
}

void pl_draw_shutdown(void) {
    cairo_debug_reset_static_data();
#ifndef __EMSCRIPTEN__
    FcFini();
#endif
}
