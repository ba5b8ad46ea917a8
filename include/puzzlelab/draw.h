/* Drawing helpers shared by the games' render.c: a colour-blind-safe palette,
 * grid cells, discs, polygons, arrows, text, and the output surface chosen by
 * the file's extension (PNG, SVG, PDF). Everything draws through cairo in the
 * game's units (the render driver scales one unit to --cell-size pixels or
 * points), so one drawing routine per game serves every format. */
#ifndef PUZZLELAB_DRAW_H
#define PUZZLELAB_DRAW_H

#include <cairo.h>

#include "puzzlelab/game.h"

#ifndef M_PI /* not in strict C11 */
#define M_PI 3.14159265358979323846
#endif

struct pl_canvas {
    cairo_t *cr;
    bool letters; /* print the colour letter on every piece */
    double unit;  /* device units (px / pt) per drawing unit, for hairlines */
    pl_box view;  /* the region shown (the union of the bounds of every step) */
    /* The level's colour k (1..nentries) is drawn as palette entry
     * entry[k - 1] (from pl_palette_assign); NULL, or k beyond: entry k. */
    const int *entry;
    int nentries;
    /* NULL, or a memory limit polled at every shape drawn (pl_render):
     * once reached, the drawing functions draw nothing */
    pl_limits *lim;
};

/* ---------- palette ----------
 * Twelve colours that stay apart for the common forms of colour blindness:
 * a orange, b sky blue (Okabe & Ito's), c magenta, d yellow, e blue, f brown,
 * g tan, h black, i pale yellow, j navy, k royal blue, l dark purple; every
 * two at least 30 CIELAB units (Delta E 1976) apart, and 30 from the empty
 * cell's grey, in normal vision and under simulated protanopia and
 * deuteranopia (Vienot, Brettel & Mollon 1999; tests/test_render.c checks
 * it). Entry k >= 1 is base colour (k-1) mod 12; beyond twelve, every further
 * round is lightened (13..24) or darkened (25..36), alternately, so --letters
 * matters there. */
#define PL_PALETTE_SIZE 12
void pl_palette_rgb(int colour, double rgb[3]);
/* Black or white, whichever reads better on colour. */
void pl_palette_ink(int colour, double rgb[3]);
void pl_set_rgb(pl_canvas *cv, const double rgb[3]);
/* Sets the source to the level's colour (mapped through cv->entry). */
void pl_set_colour(pl_canvas *cv, int colour);
/* The palette entry of the level's colour (cv->entry, else colour itself). */
int pl_canvas_entry(const pl_canvas *cv, int colour);
/* Palette entries for a level's n colours, colour k named names[k-1] (in
 * the order of pl_render_hooks.colours): a colour named by one letter a..l
 * is entry 1..12 in every level of every game ('a' is always orange); every
 * other colour (m..z, capitals, digits, longer names) takes, in the level's
 * colour order, the lowest entry no other colour of the level has: a free
 * one of 1..12 first, then 13, 14, ... So a level of at most twelve colours
 * shows twelve distinct colours, and a..l keep theirs. */
void pl_palette_assign(const pl_name *names, int n, int *entry);

/* ---------- shapes (drawing units) ---------- */
/* Light background and thin lines of a rows x cols grid of unit cells at
 * (x0, y0). */
void pl_draw_grid(pl_canvas *cv, double x0, double y0, int rows, int cols);
/* A unit cell (a block) at (x, y) filled with colour, its letter when
 * cv->letters (or always when force_letter). */
void pl_draw_cell(pl_canvas *cv, double x, double y, int colour, char letter, bool force_letter);
/* The same with a colour's name (several characters shrink to fit). */
void pl_draw_cell_label(pl_canvas *cv, double x, double y, int colour, const char *label, bool force_label);
/* A disc (a button, a dot, a coin). */
void pl_draw_disc(pl_canvas *cv, double cx, double cy, double r, int colour, char letter, bool force_letter);
void pl_draw_disc_label(pl_canvas *cv, double cx, double cy, double r, int colour, const char *label,
                        bool force_label);
/* The labelled frames of a level's regions (a construction's gadgets): a
 * dashed outline round each rectangle of cells (r, c -> x = c, y = r) and its
 * label, inside at the top-left when it fits, else in the margin right of the
 * board (x >= board_cols + 0.3) at the rectangle's middle, with a leader.
 * pl_regions_margin is the width that margin needs. */
void pl_draw_regions(pl_canvas *cv, const pl_regions *rg, int board_cols);
double pl_regions_margin(const pl_regions *rg);
/* The highlight for "this is about to be played": a thick dark line with a
 * white core, readable on every colour and without colour vision. */
void pl_highlight_rect(pl_canvas *cv, double x, double y, double w, double h);
void pl_highlight_circle(pl_canvas *cv, double cx, double cy, double r);
void pl_highlight_polyline(pl_canvas *cv, const double *xy, int n, bool closed);
/* The outline of a set of unit cells: in[r * cols + c] != 0 marks the cell
 * at (c, r); only edges between a marked and an unmarked cell are drawn. */
void pl_highlight_cells(pl_canvas *cv, int rows, int cols, const uint8_t *in);
/* An arrow from (x0, y0) to (x1, y1), highlight style. */
void pl_highlight_arrow(pl_canvas *cv, double x0, double y0, double x1, double y1);
/* A dashed circle (a place to reach: coin targets). */
void pl_draw_dashed_circle(pl_canvas *cv, double cx, double cy, double r);
/* Polygons with holes: nrings closed rings, ring i has len[i] points
 * (x, y pairs) in xy, one after the other; filled with rgb by the even-odd
 * rule (so holes need no orientation) and outlined. For Snipperclips tools
 * and shapes. */
void pl_draw_polygons(pl_canvas *cv, const double *xy, const int *len, int nrings, const double fill[3],
                      const double stroke[3]);
/* Text centred at (x, y) (height size units), or left-aligned from x. */
void pl_draw_text(pl_canvas *cv, double x, double y, double size, const char *text, bool centred);
/* The advance of text at size in pl_draw_text's font, without a canvas (for
 * bounds hooks that make room for a line of text). */
double pl_text_width(const char *text, double size);
/* An arrowhead at (x, y) pointing along (dx, dy), size units long, in the
 * highlight style (black, white outline): the direction of a path. */
void pl_highlight_arrowhead(pl_canvas *cv, double x, double y, double dx, double dy, double size);

/* ---------- rendering a level or a certificate ---------- */
typedef struct pl_render_options {
    bool frames;  /* PNG / SVG: a strip of every step (PDF: always a page a step) */
    int step;     /* PNG / SVG without frames: the step to draw (-1: the last) */
    bool letters; /* colour letters on every piece */
    double cell;  /* pixels (PNG) or points (SVG, PDF) per drawing unit */
    /* Frames a row of the strip. 0 (the default): four, fewer when a frame
     * is wider than high (a row about four frame heights wide), so that a
     * one-row board's frames stack one under the other, cells aligned. */
    int per_row;
    int format; /* PL_OUT_*; -1 (the default): by the path's extension */
    /* bytes the picture may take (0: the default 1 GiB): a PNG's pixels are
     * checked before drawing, a vector picture's resident growth while it
     * is drawn (cairo holds its shapes until the end) */
    size_t memory_limit;
} pl_render_options;
void pl_render_options_default(pl_render_options *o);

typedef enum { PL_OUT_PNG, PL_OUT_SVG, PL_OUT_PDF } pl_output_kind;
/* The kind from the extension (.png, .svg, .pdf, any case); -1 otherwise. */
int pl_output_kind_of(const char *path);
/* "png", "svg", "pdf" (the lower-case extension); NULL for anything else. */
const char *pl_output_kind_name(int kind);

/* What a render drew (for render --json). */
#define PL_RENDER_COLOURS_MAX 256 /* colours a legend can list (Two Dots levels have up to 254) */
typedef struct pl_render_info {
    int format;                /* PL_OUT_* */
    int width, height;         /* the picture (PDF: a page), pixels (PNG) or points (SVG, PDF) */
    int frames;                /* frames drawn (PDF: pages) */
    int per_row, rows;         /* frames a row, rows of frames (PDF: 1, 1) */
    int first_step, last_step; /* the positions drawn: after first_step .. last_step moves */
    int moves;                 /* moves of the certificate (0: the level alone) */
    int ncolours;              /* the level's colours, in the legend's order */
    pl_name colours[PL_RENDER_COLOURS_MAX];
    int entry[PL_RENDER_COLOURS_MAX]; /* the palette entry each is drawn with */
} pl_render_info;

/* Replays moves (NULL: none) on level through the descriptor's move_apply and
 * draws the start and every step into path ("-": standard output, which
 * needs o->format). Returns 0 and fills info (may be NULL); -1 with err on
 * bad output (no format, unknown extension, too large, cannot write), on a
 * step past the end (o->step greater than the number of moves), and on a
 * move that does not replay (at the move's place in the MOVES file, with
 * verify's reason). A file is written atomically: on failure an existing
 * one is left as it was. */
int pl_render(const pl_game *g, const void *level, const pl_moves *mv, const pl_render_options *o, const char *path,
              pl_render_info *info, pl_error *err);
/* pl_render's answer when the memory limit stopped it (err says how far):
 * nothing was written. */
#define PL_RENDER_MEMORY_LIMIT (-2)
/* pl_render without the info. */
int pl_render_file(const pl_game *g, const void *level, const pl_moves *mv, const pl_render_options *o,
                   const char *path, pl_error *err);

/* Frees cairo's and fontconfig's process-wide caches (fonts, patterns), so
 * that leak checkers see a clean exit. Call once, at the end, when no cairo
 * object is alive; drawing afterwards still works (they re-initialise). */
void pl_draw_shutdown(void);

#endif
