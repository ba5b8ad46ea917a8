/* The part of cairo's API that the games' pictures use (src/core/draw.c,
 * src/games/STAR/render.c, web/src/plw.c), for the WebAssembly build only:
 * web/src/cairo_canvas.js carries each call out on an HTML canvas's 2D
 * context, whose path model is cairo's (current path, fill and stroke with or
 * without keeping it, even-odd rule, clip, save and restore, dashes, text).
 * A cairo_t is the number of a canvas context registered on the JavaScript
 * side; surfaces are only the scratch ones used to measure text. The names,
 * types and enum values are cairo's, so the sources compile unchanged. */
#ifndef PL_WEB_CAIRO_H
#define PL_WEB_CAIRO_H

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

typedef enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_FORMAT_RGB24 = 1 } cairo_format_t;
typedef enum { CAIRO_FILL_RULE_WINDING = 0, CAIRO_FILL_RULE_EVEN_ODD = 1 } cairo_fill_rule_t;
typedef enum { CAIRO_LINE_CAP_BUTT = 0, CAIRO_LINE_CAP_ROUND = 1, CAIRO_LINE_CAP_SQUARE = 2 } cairo_line_cap_t;
typedef enum { CAIRO_LINE_JOIN_MITER = 0, CAIRO_LINE_JOIN_ROUND = 1, CAIRO_LINE_JOIN_BEVEL = 2 } cairo_line_join_t;
typedef enum { CAIRO_FONT_SLANT_NORMAL = 0, CAIRO_FONT_SLANT_ITALIC = 1 } cairo_font_slant_t;
typedef enum { CAIRO_FONT_WEIGHT_NORMAL = 0, CAIRO_FONT_WEIGHT_BOLD = 1 } cairo_font_weight_t;

typedef struct {
    double x_bearing, y_bearing, width, height, x_advance, y_advance;
} cairo_text_extents_t;
typedef struct {
    double ascent, descent, height, max_x_advance, max_y_advance;
} cairo_font_extents_t;

cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *surface);
void cairo_destroy(cairo_t *cr);
void cairo_debug_reset_static_data(void);

void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);

void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha);
void cairo_set_line_width(cairo_t *cr, double width);
void cairo_set_line_cap(cairo_t *cr, cairo_line_cap_t cap);
void cairo_set_line_join(cairo_t *cr, cairo_line_join_t join);
void cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset);
void cairo_set_fill_rule(cairo_t *cr, cairo_fill_rule_t rule);

void cairo_new_path(cairo_t *cr);
void cairo_new_sub_path(cairo_t *cr);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_line_to(cairo_t *cr, double x, double y);
void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_close_path(cairo_t *cr);

void cairo_paint(cairo_t *cr);
void cairo_fill(cairo_t *cr);
void cairo_fill_preserve(cairo_t *cr);
void cairo_stroke(cairo_t *cr);
void cairo_stroke_preserve(cairo_t *cr);
void cairo_clip(cairo_t *cr);

void cairo_select_font_face(cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight);
void cairo_set_font_size(cairo_t *cr, double size);
void cairo_text_extents(cairo_t *cr, const char *utf8, cairo_text_extents_t *extents);
void cairo_font_extents(cairo_t *cr, cairo_font_extents_t *extents);
void cairo_show_text(cairo_t *cr, const char *utf8);

#endif
