/* The render driver: replays a certificate through the game descriptor
 * (state_new, move_apply) and draws every step with the game's render hook
 * onto a cairo surface chosen by the file's extension. Two passes: the first
 * replays to check every move and to take the union of the states' bounds
 * (so every frame shares one scale and the captions fit), the second draws.
 * It knows no game rules. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "puzzlelab/draw.h"

#define MARGIN 0.5  /* around the board, in drawing units */
#define CAPTION 0.9 /* caption band above the board */
#define TEXT 0.42   /* caption text height */
#define LEGEND_ITEM 1.4
#define PL_LEGEND_MAX PL_RENDER_COLOURS_MAX
#define MAX_PNG_SIDE 32767 /* cairo's image surface limit */
#define MAX_CAPTION_MOVE 48

void pl_render_options_default(pl_render_options *o) {
    memset(o, 0, sizeof *o);
    o->step = -1;
    o->cell = 40;
    o->per_row = 0;
    o->format = -1;
}

int pl_output_kind_of(const char *path) {
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/')) return -1;
    char ext[8] = {0};
    if (strlen(dot + 1) >= sizeof ext) return -1;
    for (size_t i = 0; dot[1 + i] && i + 1 < sizeof ext; i++) ext[i] = (char)tolower((unsigned char)dot[1 + i]);
    if (strcmp(ext, "png") == 0) return PL_OUT_PNG;
    if (strcmp(ext, "svg") == 0) return PL_OUT_SVG;
    if (strcmp(ext, "pdf") == 0) return PL_OUT_PDF;
    return -1;
}

const char *pl_output_kind_name(int kind) {
    switch (kind) {
    case PL_OUT_PNG: return "png";
    case PL_OUT_SVG: return "svg";
    case PL_OUT_PDF: return "pdf";
    default: return NULL;
    }
}

static void box_union(pl_box *a, const pl_box *b) {
    if (b->x0 < a->x0) a->x0 = b->x0;
    if (b->y0 < a->y0) a->y0 = b->y0;
    if (b->x1 > a->x1) a->x1 = b->x1;
    if (b->y1 > a->y1) a->y1 = b->y1;
}

static void caption_of(int step, int nmoves, const char *next, char *buf, size_t n) {
    char mv[MAX_CAPTION_MOVE + 4];
    if (next) {
        size_t len = strlen(next);
        if (len > MAX_CAPTION_MOVE)
            snprintf(mv, sizeof mv, "%.*s...", MAX_CAPTION_MOVE, next);
        else
            snprintf(mv, sizeof mv, "%s", next);
    }
    if (nmoves == 0)
        snprintf(buf, n, "level");
    else if (next)
        snprintf(buf, n, "step %d of %d: %s", step + 1, nmoves, mv);
    else
        snprintf(buf, n, "end (%d move%s)", nmoves, nmoves == 1 ? "" : "s");
}

/* The frame's layout, in drawing units. */
typedef struct layout {
    pl_box box;      /* union of the states' bounds */
    double w, h;     /* frame */
    double legend_h; /* legend band below the board */
    int legend_per_line;
    int ncolours;
    double legend_item; /* width of one legend entry (swatch and name) */
    pl_name colours[PL_LEGEND_MAX];
    int entry[PL_LEGEND_MAX]; /* palette entry of each colour (pl_palette_assign) */
} layout;

static double text_width(cairo_t *cr, const char *s) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    return e.x_advance;
}

/* Replays every move, checking it, and measures the frame. */
static int measure(const pl_game *g, const void *level, const pl_moves *mv, layout *lo, pl_error *err) {
    cairo_surface_t *scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(scratch);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, TEXT * 100); /* metrics at a tiny size are hinted out of shape */
    int nmoves = mv ? mv->n : 0, rc = 0;
    void *st = g->state_new(level);
    g->render->bounds(st, &lo->box);
    char cap[128], reason[256];
    double capw = 0;
    for (int i = 0; i <= nmoves; i++) {
        caption_of(i, nmoves, i < nmoves ? mv->text[i] : NULL, cap, sizeof cap);
        double w = text_width(cr, cap) / 100;
        if (w > capw) capw = w;
        if (i == nmoves) break;
        int col = 1;
        pl_move_result r = g->move_apply(st, mv->text[i], reason, sizeof reason, &col);
        if (r == PL_MOVE_SYNTAX) {
            rc = pl_error_set(err, mv->file, mv->line[i], mv->col[i] + col - 1, "%s", reason);
            break;
        }
        if (r == PL_MOVE_ILLEGAL) {
            rc = pl_error_set(err, mv->file, mv->line[i], mv->col[i],
                              "move %d (%.60s) is illegal: %.160s (render draws certificates that verify accepts)",
                              i + 1, mv->text[i], reason);
            break;
        }
        pl_box b;
        g->render->bounds(st, &b);
        box_union(&lo->box, &b);
    }
    g->state_free(st);
    double bw = lo->box.x1 - lo->box.x0, bh = lo->box.y1 - lo->box.y0;
    lo->w = bw + 2 * MARGIN;
    if (capw + 2 * MARGIN > lo->w) lo->w = capw + 2 * MARGIN;
    lo->ncolours = g->render->colours ? g->render->colours(level, lo->colours, PL_LEGEND_MAX) : 0;
    pl_palette_assign((const pl_name *)lo->colours, lo->ncolours, lo->entry);
    size_t longest = 1;
    for (int i = 0; i < lo->ncolours; i++)
        if (strlen(lo->colours[i]) > longest) longest = strlen(lo->colours[i]);
    lo->legend_item = LEGEND_ITEM + 0.3 * (double)(longest - 1);
    lo->legend_per_line = (int)((lo->w - 2 * MARGIN) / lo->legend_item);
    if (lo->legend_per_line < 1) lo->legend_per_line = 1;
    int lines = lo->ncolours ? (lo->ncolours + lo->legend_per_line - 1) / lo->legend_per_line : 0;
    lo->legend_h = lines * 0.8;
    lo->h = CAPTION + bh + MARGIN + lo->legend_h + (lines ? MARGIN * 0.5 : 0);
    cairo_destroy(cr);
    cairo_surface_destroy(scratch);
    return rc;
}

/* One frame with its top-left corner at the current origin (drawing units). */
static void draw_frame(const pl_game *g, const void *state, const char *next, const char *caption, const layout *lo,
                       pl_canvas *cv) {
    cairo_t *cr = cv->cr;
    cairo_save(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, 0, 0, lo->w, lo->h);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    pl_draw_text(cv, MARGIN, CAPTION / 2, TEXT, caption, false);
    double bw = lo->box.x1 - lo->box.x0, bh = lo->box.y1 - lo->box.y0;
    cairo_save(cr);
    cairo_translate(cr, (lo->w - bw) / 2 - lo->box.x0, CAPTION - lo->box.y0);
    g->render->draw(state, next, cv);
    cairo_restore(cr);
    double y = CAPTION + bh + MARGIN;
    for (int i = 0; i < lo->ncolours; i++) {
        int line = i / lo->legend_per_line, k = i % lo->legend_per_line;
        double x = MARGIN + k * lo->legend_item, yy = y + line * 0.8;
        pl_draw_cell_label(cv, x, yy, i + 1, lo->colours[i], false);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        pl_draw_text(cv, x + 0.95, yy + 0.5, TEXT, lo->colours[i], false);
    }
    cairo_restore(cr);
}

/* cairo's output goes through this to the pl_out; errno survives for the
 * message. */
typedef struct sink {
    pl_out out;
    bool discard; /* a picture given up: cairo's last writes go nowhere */
} sink;

static cairo_status_t write_out(void *closure, const unsigned char *data, unsigned int length) {
    sink *k = closure;
    if (k->discard) return CAIRO_STATUS_WRITE_ERROR;
    return fwrite(data, 1, length, k->out.f) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static int write_failed(const char *path, cairo_status_t s, pl_error *err) {
    if (s == CAIRO_STATUS_WRITE_ERROR && errno)
        return pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, strerror(errno));
    return pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, cairo_status_to_string(s));
}

/* Frames a row: o->per_row when given, else four, fewer for a frame wider
 * than high (a row about four frame heights wide: one a row for a one-row
 * board, whose frames then stack with their cells aligned). */
static int frames_per_row(const pl_render_options *o, const layout *lo, int kind, int nframes) {
    if (kind == PL_OUT_PDF) return 1;
    int per_row = o->per_row;
    if (per_row <= 0) {
        per_row = 4;
        if (lo->w > lo->h) {
            long fit = lround(per_row * lo->h / lo->w);
            per_row = fit < 1 ? 1 : (int)fit;
        }
    }
    return per_row > nframes ? nframes : per_row;
}

int pl_render_file(const pl_game *g, const void *level, const pl_moves *mv, const pl_render_options *o,
                   const char *path, pl_error *err) {
    return pl_render(g, level, mv, o, path, NULL, err);
}

int pl_render(const pl_game *g, const void *level, const pl_moves *mv, const pl_render_options *o, const char *path,
              pl_render_info *info, pl_error *err) {
    if (!g->render) return pl_error_set(err, NULL, 0, 0, "%s has no pictures", g->name);
    int kind = o->format >= PL_OUT_PNG && o->format <= PL_OUT_PDF ? o->format : pl_output_kind_of(path);
    if (kind < 0 && strcmp(path, "-") == 0)
        return pl_error_set(err, NULL, 0, 0, "standard output needs a format: png, svg or pdf");
    if (kind < 0)
        return pl_error_set(err, NULL, 0, 0, "%s: expected an output file ending in .png, .svg or .pdf", path);
    int nmoves = mv ? mv->n : 0;
    if (o->step > nmoves) {
        if (!mv)
            return pl_error_set(err, NULL, 0, 0, "--step %d: without a MOVES file there is only the level (--step 0)",
                                o->step);
        return pl_error_set(err, mv->file, 0, 0,
                            "--step %d is past the end: the certificate has %d move%s (--step 0 to %d)", o->step,
                            nmoves, nmoves == 1 ? "" : "s", nmoves);
    }
    layout lo;
    memset(&lo, 0, sizeof lo);
    if (measure(g, level, mv, &lo, err)) return -1;
    /* Which steps become frames: every one (PDF, or --frames), else one. */
    int first = 0, last = nmoves;
    if (kind != PL_OUT_PDF && !o->frames) {
        int s = o->step < 0 ? nmoves : o->step;
        first = last = s;
    }
    int nframes = last - first + 1;
    int per_row = frames_per_row(o, &lo, kind, nframes);
    int nrows = kind == PL_OUT_PDF ? 1 : (nframes + per_row - 1) / per_row;
    double scale = o->cell;
    /* whole pixels or points (the frames keep their scale; a sliver of white
     * on the right and at the bottom makes up the rest) */
    double W = ceil(per_row * lo.w * scale - 1e-6), H = ceil(nrows * lo.h * scale - 1e-6);
    if (kind == PL_OUT_PNG && (W > MAX_PNG_SIDE || H > MAX_PNG_SIDE))
        return pl_error_set(err, NULL, 0, 0,
                            "%s: the picture would be %.0f x %.0f pixels (PNG allows %d); use a smaller "
                            "--cell-size, --frames-per-row, or PDF",
                            path, W, H, MAX_PNG_SIDE);
    size_t mem_limit = o->memory_limit ? o->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    if (kind == PL_OUT_PNG && W * H * 4 > (double)mem_limit) {
        pl_error_set(err, NULL, 0, 0,
                     "%s: the picture would be %.0f x %.0f pixels, %.0f MiB to draw, over the memory limit (%zu "
                     "MiB); nothing written (a smaller --cell-size, a larger --memory-limit, or PDF)",
                     path, W, H, W * H * 4 / 1048576.0, mem_limit >> 20);
        return PL_RENDER_MEMORY_LIMIT;
    }
    if (info) {
        memset(info, 0, sizeof *info);
        info->format = kind;
        info->width = (int)W;
        info->height = (int)H;
        info->frames = nframes;
        info->per_row = per_row;
        info->rows = nrows;
        info->first_step = first;
        info->last_step = last;
        info->moves = nmoves;
        info->ncolours = lo.ncolours;
        memcpy(info->colours, lo.colours, sizeof info->colours);
        memcpy(info->entry, lo.entry, sizeof info->entry);
    }
    /* Written through pl_out: a temporary file renamed into place at the end,
     * so a failed or interrupted render leaves the old picture. */
    sink snk = {.discard = false};
    if (pl_out_open(&snk.out, path, err)) return -1;
    cairo_surface_t *surf;
    if (kind == PL_OUT_PNG)
        surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)W, (int)H);
    else if (kind == PL_OUT_SVG)
        surf = cairo_svg_surface_create_for_stream(write_out, &snk, W, H);
    else
        surf = cairo_pdf_surface_create_for_stream(write_out, &snk, W, H);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, cairo_status_to_string(cairo_surface_status(surf)));
        cairo_surface_destroy(surf);
        pl_out_abort(&snk.out);
        return -1;
    }
    cairo_t *cr = cairo_create(surf);
    /* the memory limit (the pixels were counted above; a vector surface
     * grows with every shape, about 1 KiB each, until it is finished, and
     * finishing it, written out or discarded, takes about a third more:
     * measured 91 MiB before cairo_surface_finish and 112 MiB at the peak
     * on a 300 x 300 board, 107 MiB at the peak when given up at 80 MiB;
     * so the growth while drawing may take seven tenths of the limit) */
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, mem_limit / 10 * 7);
    pl_canvas cv = {.cr = cr,
                    .letters = o->letters,
                    .unit = scale,
                    .view = lo.box,
                    .entry = lo.entry,
                    .nentries = lo.ncolours,
                    .lim = kind == PL_OUT_PNG ? NULL : &lim};
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    void *st = g->state_new(level);
    char cap[128], reason[256];
    int drawn = 0; /* frames drawn whole */
    for (int i = 0; i <= last && !lim.hit; i++) {
        const char *next = i < nmoves ? mv->text[i] : NULL;
        if (i >= first) {
            int f = i - first;
            caption_of(i, nmoves, next, cap, sizeof cap);
            cairo_save(cr);
            if (kind != PL_OUT_PDF) cairo_translate(cr, (f % per_row) * lo.w, (f / per_row) * lo.h);
            draw_frame(g, st, next, cap, &lo, &cv);
            if (kind != PL_OUT_PDF && nframes > 1) {
                cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
                cairo_set_line_width(cr, 1.0 / scale);
                cairo_rectangle(cr, 0, 0, lo.w, lo.h);
                cairo_stroke(cr);
            }
            cairo_restore(cr);
            if (kind == PL_OUT_PDF) cairo_show_page(cr);
            drawn += !lim.hit;
        }
        if (next) {
            int col = 1;
            g->move_apply(st, next, reason, sizeof reason, &col); /* checked by measure */
        }
    }
    g->state_free(st);
    int rc = 0;
    if (lim.hit) {
        pl_error_set(err, NULL, 0, 0,
                     "%s: the %s picture went over the memory limit (%zu MiB) after %d of %d frame%s; nothing "
                     "written (a larger --memory-limit, a PNG, or fewer frames)",
                     path, pl_output_kind_name(kind), mem_limit >> 20, drawn, nframes, nframes == 1 ? "" : "s");
        rc = PL_RENDER_MEMORY_LIMIT;
        snk.discard = true; /* finishing the surface would write it all out: not worth the time */
    } else if (kind == PL_OUT_PNG) {
        cairo_status_t s = cairo_surface_write_to_png_stream(surf, write_out, &snk);
        if (s != CAIRO_STATUS_SUCCESS) rc = write_failed(path, s, err);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    if (!rc && cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
        rc = write_failed(path, cairo_surface_status(surf), err);
    cairo_surface_destroy(surf);
    if (rc) {
        pl_out_abort(&snk.out);
        return rc;
    }
    return pl_out_close(&snk.out, err);
}
