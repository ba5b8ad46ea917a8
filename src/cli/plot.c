/* Pictures of a sweep (issue 23): `puzzlelab GAME plot TABLE` and `sweep
 * --plot`. One point per value of the x parameter and per value of the
 * series parameter: the solvable fraction with its Wilson 95% interval as an
 * error bar, or the median effort (seconds, nodes) on a log axis with a bar
 * up to the 90th percentile; one line a series, axes with ticks and labels,
 * a legend. Drawn through cairo with draw.c's palette, as PNG, SVG or PDF.
 * An SVG carries the points it draws in a <metadata> element (data and
 * position), so that a reader or a test can check the picture against the
 * table without reading pixels. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "sweep.h"

const pl_option pl_cli_plot_options[] = {
    {"output", "FILE", "the picture (also -o FILE): .png, .svg or .pdf"},
    {"x", "PARAM", "the parameter on the x axis (default: the first with several values)"},
    {"series", "PARAM", "one line per value of this parameter (default: the next with several values; none: one line)"},
    {"y", "WHAT",
     "solvable (default: the solvable fraction with Wilson 95% bars), seconds or nodes (median, bar up to the "
     "90th percentile, log axis)"},
    {"json", NULL, "print what was drawn (the points, their data and place) as one JSON object on stdout"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

int sw_y_of(const char *name) {
    static const char *const names[] = {"solvable", "seconds", "nodes"};
    for (int i = 0; i < 3; i++)
        if (name && strcmp(name, names[i]) == 0) return i;
    return -1;
}

/* ---------- the values of a parameter ---------- */

typedef struct axis_values {
    char **text; /* distinct values, in plot order */
    double *num;
    int n;
    bool numeric;
} axis_values;

static void values_of(const sw_table *t, int k, axis_values *av) {
    memset(av, 0, sizeof *av);
    av->numeric = true;
    for (size_t i = 0; i < t->n; i++) {
        const char *v = t->r[i].value[k];
        int j = 0;
        while (j < av->n && strcmp(av->text[j], v) != 0) j++;
        if (j < av->n) continue;
        av->text = pl_xrealloc(av->text, (size_t)(av->n + 1) * sizeof *av->text);
        av->num = pl_xrealloc(av->num, (size_t)(av->n + 1) * sizeof *av->num);
        char *end;
        av->text[av->n] = t->r[i].value[k];
        av->num[av->n] = strtod(v, &end);
        av->numeric &= *v && !*end && isfinite(av->num[av->n]);
        av->n++;
    }
    if (!av->numeric) return; /* names keep the table's order */
    for (int i = 1; i < av->n; i++)
        for (int j = i; j > 0 && av->num[j - 1] > av->num[j]; j--) {
            double x = av->num[j];
            av->num[j] = av->num[j - 1];
            av->num[j - 1] = x;
            char *s = av->text[j];
            av->text[j] = av->text[j - 1];
            av->text[j - 1] = s;
        }
}

static int find_value(const axis_values *av, const char *v) {
    for (int j = 0; j < av->n; j++)
        if (strcmp(av->text[j], v) == 0) return j;
    return -1;
}

/* ---------- drawing ---------- */

typedef struct buffer {
    unsigned char *s;
    size_t n, cap;
} buffer;

static cairo_status_t to_buffer(void *closure, const unsigned char *data, unsigned int length) {
    buffer *b = closure;
    if (b->n + length + 1 > b->cap) {
        b->cap = (b->n + length + 1) * 2;
        b->s = pl_xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, data, length);
    b->n += length;
    b->s[b->n] = '\0';
    return CAIRO_STATUS_SUCCESS;
}

/* Text at (x, y): align -1 left, 0 centred, 1 right; y is the middle of the
 * line. Regular weight (pl_draw_text's bold is for the title). */
static void label(cairo_t *cr, double x, double y, double size, const char *text, int align) {
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    double bx = align < 0 ? x : align == 0 ? x - e.x_advance / 2 : x - e.x_advance;
    cairo_move_to(cr, bx, y + (fe.ascent - fe.descent) / 2);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}

/* Series colours: draw.c's palette, the entries that read well as thin
 * lines on white first (blue, orange, magenta, sky blue, brown, black, ...). */
static void series_rgb(int s, double rgb[3]) {
    static const int entry[] = {5, 1, 3, 2, 6, 8, 12, 10, 7, 11, 4, 9};
    pl_palette_rgb(entry[s % 12], rgb);
}

/* One marker a series shape too (circle, square, triangle, diamond), for
 * readers without colour. */
static void marker(cairo_t *cr, double x, double y, int s, const double rgb[3]) {
    double r = 4.5;
    switch (s % 4) {
    case 0:
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        break;
    case 1: cairo_rectangle(cr, x - r * 0.9, y - r * 0.9, 1.8 * r, 1.8 * r); break;
    case 2:
        cairo_move_to(cr, x, y - 1.2 * r);
        cairo_line_to(cr, x + 1.1 * r, y + 0.8 * r);
        cairo_line_to(cr, x - 1.1 * r, y + 0.8 * r);
        cairo_close_path(cr);
        break;
    default:
        cairo_move_to(cr, x, y - 1.3 * r);
        cairo_line_to(cr, x + 1.1 * r, y);
        cairo_line_to(cr, x, y + 1.3 * r);
        cairo_line_to(cr, x - 1.1 * r, y);
        cairo_close_path(cr);
    }
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
}

static void tick_text(double v, char *buf, size_t n) {
    snprintf(buf, n, "%g", v);
}

/* "Nice" tick step (1, 2 or 5 times a power of ten) for about k ticks. */
static double nice_step(double range, int k) {
    double raw = range / k, p = pow(10, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static void xml_attr(buffer *b, const char *name, const char *v) {
    char head[80];
    snprintf(head, sizeof head, " %s=\"", name);
    to_buffer(b, (const unsigned char *)head, (unsigned)strlen(head));
    for (const char *p = v; *p; p++) {
        const char *e = *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '"' ? "&quot;" : NULL;
        if (e)
            to_buffer(b, (const unsigned char *)e, (unsigned)strlen(e));
        else
            to_buffer(b, (const unsigned char *)p, 1);
    }
    to_buffer(b, (const unsigned char *)"\"", 1);
}

static void xml_num(buffer *b, const char *name, double v) {
    char t[40];
    snprintf(t, sizeof t, "%.9g", v);
    xml_attr(b, name, t);
}

static void xml_raw(buffer *b, const char *s) {
    to_buffer(b, (const unsigned char *)s, (unsigned)strlen(s));
}

typedef struct point {
    int xi, si;
    sw_stats st;
    double value, low, high; /* data: the fraction or the median effort; the bar */
    double px, py;           /* where the marker is */
    bool drawn;
} point;

int sw_plot(const char *game, sw_table *t, const char *path, const char *x, const char *series, sw_y y, json_t *info,
            pl_error *err) {
    int kind = pl_output_kind_of(path);
    if (kind < 0) return pl_error_set(err, NULL, 0, 0, "%s: the picture is a .png, .svg or .pdf file", path);
    if (series && strcmp(series, "none") == 0) series = NULL; /* one line: every record of an x pooled */
    int xk = -1, sk = -1;
    for (int k = 0; k < t->nparams; k++) {
        if (strcmp(t->name[k], x) == 0) xk = k;
        if (series && strcmp(t->name[k], series) == 0) sk = k;
    }
    if (xk < 0 || (series && sk < 0)) {
        char list[512] = "";
        size_t n = 0;
        for (int k = 0; k < t->nparams; k++)
            n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, " %s", t->name[k]);
        return pl_error_set(err, NULL, 0, 0, "plot: the table has no parameter '%s' (it has:%s)", xk < 0 ? x : series,
                            t->nparams ? list : " none");
    }
    if (sk == xk) return pl_error_set(err, NULL, 0, 0, "plot: --x and --series name the same parameter %s", x);
    if (t->n == 0) return pl_error_set(err, NULL, 0, 0, "plot: the table has no records");
    axis_values xv, sv = {0};
    values_of(t, xk, &xv);
    if (sk >= 0) values_of(t, sk, &sv);
    int ns = sk >= 0 ? sv.n : 1;
    /* the other parameters are pooled: say so */
    for (int k = 0; k < t->nparams; k++) {
        if (k == xk || k == sk) continue;
        axis_values ov;
        values_of(t, k, &ov);
        if (ov.n > 1)
            fprintf(stderr,
                    "puzzlelab: plot: the %d values of %s are pooled in each point (use it as --x or --series "
                    "to tell them apart)\n",
                    ov.n, t->name[k]);
        free(ov.text);
        free(ov.num);
    }
    for (size_t i = 0; i < t->n; i++)
        t->r[i].group = find_value(&xv, t->r[i].value[xk]) * ns + (sk >= 0 ? find_value(&sv, t->r[i].value[sk]) : 0);
    int np = xv.n * ns;
    point *pt = pl_xcalloc((size_t)np, sizeof *pt);
    double lo = INFINITY, hi = -INFINITY;
    const double floor_v = y == SW_Y_SECONDS ? 1e-6 : 1; /* where 0 is drawn on the log axis */
    for (int p = 0; p < np; p++) {
        point *q = &pt[p];
        q->xi = p / ns;
        q->si = p % ns;
        sw_stats_of(t, p, &q->st);
        if (q->st.count == 0) continue;
        if (y == SW_Y_SOLVABLE) {
            q->drawn = !isnan(q->st.fraction);
            q->value = q->st.fraction;
            q->low = q->st.wilson_low;
            q->high = q->st.wilson_high;
        } else {
            q->drawn = true;
            q->value = q->low = y == SW_Y_SECONDS ? q->st.seconds_median : q->st.nodes_median;
            q->high = y == SW_Y_SECONDS ? q->st.seconds_p90 : q->st.nodes_p90;
            lo = fmin(lo, fmax(q->value, floor_v));
            hi = fmax(hi, fmax(q->high, floor_v));
        }
    }
    /* the frame: W x H units (pixels for PNG, points for SVG and PDF) */
    const double W = 760, H = 460, L = 80, R = W - 190, T = 50, B = H - 62;
    double ylo = 0, yhi = 1;
    if (y != SW_Y_SOLVABLE) {
        if (!isfinite(lo)) lo = hi = floor_v;
        ylo = floor(log10(lo) + 1e-9);
        yhi = ceil(log10(hi) - 1e-9);
        if (yhi <= ylo) yhi = ylo + 1;
    }
    double xlo, xhi;
    if (xv.numeric) {
        xlo = xv.num[0];
        xhi = xv.num[xv.n - 1];
        double pad = xhi > xlo ? (xhi - xlo) * 0.06 : 1;
        xlo -= pad;
        xhi += pad;
    } else {
        xlo = -0.5;
        xhi = xv.n - 0.5;
    }
#define PX(v) (L + ((v)-xlo) / (xhi - xlo) * (R - L))
#define PY(v) (B - ((v)-ylo) / (yhi - ylo) * (B - T))
#define YDATA(v) (y == SW_Y_SOLVABLE ? (v) : log10(fmax((v), floor_v)))
    for (int p = 0; p < np; p++) {
        point *q = &pt[p];
        double dodge = ns > 1 ? (q->si - (ns - 1) / 2.0) * 3.0 : 0; /* bars of one x side by side */
        q->px = PX(xv.numeric ? xv.num[q->xi] : q->xi) + dodge;
        q->py = PY(YDATA(q->value));
    }

    buffer out = {0};
    cairo_surface_t *surf = kind == PL_OUT_PNG   ? cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)W, (int)H)
                            : kind == PL_OUT_SVG ? cairo_svg_surface_create_for_stream(to_buffer, &out, W, H)
                                                 : cairo_pdf_surface_create_for_stream(to_buffer, &out, W, H);
    cairo_t *cr = cairo_create(surf);
    pl_canvas cv = {.cr = cr, .unit = 1};
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    /* grid lines and y ticks */
    char buf[160];
    cairo_set_line_width(cr, 1);
    if (y == SW_Y_SOLVABLE) {
        for (int i = 0; i <= 10; i += 2) {
            double v = i / 10.0;
            cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
            cairo_move_to(cr, L, PY(v));
            cairo_line_to(cr, R, PY(v));
            cairo_stroke(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            tick_text(v, buf, sizeof buf);
            label(cr, L - 8, PY(v), 11, buf, 1);
        }
    } else {
        for (double e = ylo; e <= yhi + 1e-9; e++) {
            cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
            cairo_move_to(cr, L, PY(e));
            cairo_line_to(cr, R, PY(e));
            cairo_stroke(cr);
            for (int m = 2; m < 10 && e < yhi - 1e-9; m++) { /* minor ticks */
                cairo_move_to(cr, L, PY(e + log10(m)));
                cairo_line_to(cr, L + 4, PY(e + log10(m)));
                cairo_stroke(cr);
            }
            cairo_set_source_rgb(cr, 0, 0, 0);
            tick_text(pow(10, e), buf, sizeof buf);
            label(cr, L - 8, PY(e), 11, buf, 1);
        }
    }
    /* x ticks: every value when there are few, else round numbers */
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (!xv.numeric || xv.n <= 12) {
        for (int i = 0; i < xv.n; i++) {
            double px = PX(xv.numeric ? xv.num[i] : i);
            cairo_move_to(cr, px, B);
            cairo_line_to(cr, px, B + 5);
            cairo_stroke(cr);
            label(cr, px, B + 16, 11, xv.text[i], 0);
        }
    } else {
        double step = nice_step(xhi - xlo, 8);
        for (double v = ceil(xlo / step) * step; v <= xhi + 1e-9; v += step) {
            cairo_move_to(cr, PX(v), B);
            cairo_line_to(cr, PX(v), B + 5);
            cairo_stroke(cr);
            tick_text(fabs(v) < step * 1e-9 ? 0 : v, buf, sizeof buf);
            label(cr, PX(v), B + 16, 11, buf, 0);
        }
    }
    cairo_rectangle(cr, L, T, R - L, B - T);
    cairo_stroke(cr);
    /* labels and title */
    static const char *const ylabel[] = {"solvable fraction (Wilson 95% interval)",
                                         "seconds: median, bar to 90th percentile",
                                         "nodes: median, bar to 90th percentile"};
    label(cr, (L + R) / 2, H - 18, 13, x, 0);
    cairo_save(cr);
    cairo_translate(cr, 22, (T + B) / 2);
    cairo_rotate(cr, -M_PI / 2);
    label(cr, 0, 0, 13, ylabel[y], 0);
    cairo_restore(cr);
    snprintf(buf, sizeof buf, "%s: %s against %s", game,
             y == SW_Y_SOLVABLE  ? "solvable fraction"
             : y == SW_Y_SECONDS ? "seconds"
                                 : "nodes",
             x);
    cairo_set_source_rgb(cr, 0, 0, 0);
    pl_draw_text(&cv, L, T - 22, 15, buf, false);
    /* the series: bars, lines, markers */
    for (int s = 0; s < ns; s++) {
        double rgb[3];
        series_rgb(s, rgb);
        cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
        cairo_set_line_width(cr, 1.2);
        for (int i = 0; i < xv.n; i++) {
            point *q = &pt[i * ns + s];
            if (!q->drawn) continue;
            double y0 = PY(YDATA(q->low)), y1 = PY(YDATA(q->high));
            cairo_move_to(cr, q->px, y0);
            cairo_line_to(cr, q->px, y1);
            cairo_move_to(cr, q->px - 3.5, y0);
            cairo_line_to(cr, q->px + 3.5, y0);
            cairo_move_to(cr, q->px - 3.5, y1);
            cairo_line_to(cr, q->px + 3.5, y1);
            cairo_stroke(cr);
        }
        cairo_set_line_width(cr, 2);
        bool started = false;
        for (int i = 0; i < xv.n; i++) {
            point *q = &pt[i * ns + s];
            if (!q->drawn) continue;
            if (started)
                cairo_line_to(cr, q->px, q->py);
            else
                cairo_move_to(cr, q->px, q->py);
            started = true;
        }
        cairo_stroke(cr);
        for (int i = 0; i < xv.n; i++)
            if (pt[i * ns + s].drawn) marker(cr, pt[i * ns + s].px, pt[i * ns + s].py, s, rgb);
    }
    /* the legend */
    double ly = T + 8;
    cairo_set_source_rgb(cr, 0, 0, 0);
    label(cr, R + 16, ly, 12, sk >= 0 ? series : "all records", -1);
    for (int s = 0; s < ns; s++) {
        ly += 20;
        double rgb[3];
        series_rgb(s, rgb);
        cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
        cairo_set_line_width(cr, 2);
        cairo_move_to(cr, R + 16, ly);
        cairo_line_to(cr, R + 46, ly);
        cairo_stroke(cr);
        marker(cr, R + 31, ly, s, rgb);
        cairo_set_source_rgb(cr, 0, 0, 0);
        if (sk >= 0)
            snprintf(buf, sizeof buf, "%s = %s", series, sv.text[s]);
        else
            snprintf(buf, sizeof buf, "%s", y == SW_Y_SOLVABLE ? "fraction" : "median");
        label(cr, R + 54, ly, 11, buf, -1);
    }
    int rc = 0;
    if (kind == PL_OUT_PNG) {
        cairo_status_t st = cairo_surface_write_to_png_stream(surf, to_buffer, &out);
        if (st != CAIRO_STATUS_SUCCESS) rc = pl_error_set(err, NULL, 0, 0, "%s: %s", path, cairo_status_to_string(st));
    }
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    if (!rc && cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
        rc = pl_error_set(err, NULL, 0, 0, "%s: %s", path, cairo_status_to_string(cairo_surface_status(surf)));
    cairo_surface_destroy(surf);

    /* the points as data: the SVG's <metadata>, and info */
    buffer meta = {0};
    xml_raw(&meta, "<metadata id=\"puzzlelab-plot\"><pl:plot xmlns:pl=\"urn:puzzlelab:plot\"");
    xml_attr(&meta, "game", game);
    xml_attr(&meta, "x", x);
    xml_attr(&meta, "series", sk >= 0 ? series : "");
    xml_attr(&meta, "y", y == SW_Y_SOLVABLE ? "solvable" : y == SW_Y_SECONDS ? "seconds" : "nodes");
    xml_raw(&meta, ">");
    json_t *points = json_array();
    for (int p = 0; p < np; p++) {
        point *q = &pt[p];
        if (!q->drawn) continue;
        xml_raw(&meta, "<pl:point");
        xml_attr(&meta, "x", xv.text[q->xi]);
        xml_attr(&meta, "series", sk >= 0 ? sv.text[q->si] : "");
        xml_num(&meta, "count", (double)q->st.count);
        xml_num(&meta, "solved", (double)q->st.solved);
        xml_num(&meta, "unsolvable", (double)q->st.unsolvable);
        xml_num(&meta, "value", q->value);
        xml_num(&meta, "low", q->low);
        xml_num(&meta, "high", q->high);
        xml_num(&meta, "px", q->px);
        xml_num(&meta, "py", q->py);
        xml_raw(&meta, "/>");
        json_t *e = json_object();
        json_object_set_new(e, "x", json_string(xv.text[q->xi]));
        json_object_set_new(e, "series", sk >= 0 ? json_string(sv.text[q->si]) : json_null());
        json_object_set_new(e, "count", json_integer(q->st.count));
        json_object_set_new(e, "solved", json_integer(q->st.solved));
        json_object_set_new(e, "unsolvable", json_integer(q->st.unsolvable));
        json_object_set_new(e, "value", json_real(q->value));
        json_object_set_new(e, "low", json_real(q->low));
        json_object_set_new(e, "high", json_real(q->high));
        json_object_set_new(e, "px", json_real(q->px));
        json_object_set_new(e, "py", json_real(q->py));
        json_array_append_new(points, e);
    }
    xml_raw(&meta, "</pl:plot></metadata>\n");
    if (info) {
        json_object_set_new(info, "output", json_string(path));
        json_object_set_new(info, "format", json_string(pl_output_kind_name(kind)));
        json_object_set_new(info, "width", json_integer((json_int_t)W));
        json_object_set_new(info, "height", json_integer((json_int_t)H));
        json_object_set_new(info, "x", json_string(x));
        json_object_set_new(info, "series", sk >= 0 ? json_string(series) : json_null());
        json_object_set_new(info, "y",
                            json_string(y == SW_Y_SOLVABLE  ? "solvable"
                                        : y == SW_Y_SECONDS ? "seconds"
                                                            : "nodes"));
        json_object_set_new(info, "points", points);
    } else {
        json_decref(points);
    }
    if (!rc && kind == PL_OUT_SVG) { /* the metadata right after the <svg ...> tag */
        char *svg = out.s ? strstr((char *)out.s, "<svg") : NULL;
        char *gt = svg ? strchr(svg, '>') : NULL;
        if (!gt) {
            rc = pl_error_set(err, NULL, 0, 0, "%s: cairo wrote no <svg> element", path);
        } else {
            size_t head = (size_t)(gt + 1 - (char *)out.s);
            buffer all = {0};
            to_buffer(&all, out.s, (unsigned)head);
            xml_raw(&all, "\n");
            to_buffer(&all, meta.s, (unsigned)meta.n);
            to_buffer(&all, out.s + head, (unsigned)(out.n - head));
            free(out.s);
            out = all;
        }
    }
    if (!rc) rc = pl_write_file(path, (const char *)out.s, out.n, err);
#undef PX
#undef PY
#undef YDATA
    free(meta.s);
    free(out.s);
    free(pt);
    free(xv.text);
    free(xv.num);
    free(sv.text);
    free(sv.num);
    return rc;
}

/* `puzzlelab GAME plot TABLE --x PARAM [--series PARAM] [--y WHAT] -o FILE` */
int pl_cli_plot(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 1)
        return pl_cli_failf("plot takes one TABLE, a sweep's .jsonl or .csv output (see 'puzzlelab %s plot --help')",
                            g->name);
    const char *out = pl_opts_get(o, "output");
    if (!out || strcmp(out, "-") == 0) return pl_cli_failf("plot needs -o FILE (.png, .svg or .pdf)");
    if (pl_output_kind_of(out) < 0) return pl_cli_failf("plot: -o %s: the picture is a .png, .svg or .pdf file", out);
    int y = pl_opts_has(o, "y") ? sw_y_of(pl_opts_get(o, "y")) : SW_Y_SOLVABLE;
    if (y < 0) return pl_cli_failf("--y: expected solvable, seconds or nodes, got '%s'", pl_opts_get(o, "y"));
    sw_table t = {0};
    size_t complete;
    pl_error err = {0};
    if (sw_table_read(pos[0], g, &t, &complete, &err)) {
        sw_table_free(&t);
        return pl_cli_fail_error(&err);
    }
    const char *x = pl_opts_get(o, "x"), *series = pl_opts_get(o, "series");
    /* defaults as sweep --plot's: the first parameter with several values,
     * then the next */
    for (int k = 0; k < t.nparams && !x; k++) {
        for (size_t i = 1; i < t.n && !x; i++)
            if (strcmp(t.r[i].value[k], t.r[0].value[k]) != 0) x = t.name[k];
    }
    for (int k = 0; k < t.nparams && x && !series && !pl_opts_has(o, "series"); k++) {
        if (strcmp(t.name[k], x) == 0) continue;
        for (size_t i = 1; i < t.n && !series; i++)
            if (strcmp(t.r[i].value[k], t.r[0].value[k]) != 0) series = t.name[k];
    }
    if (!x && t.nparams) x = t.name[0];
    int rc = 0;
    json_t *info = pl_opts_has(o, "json") ? json_object() : NULL;
    if (!x)
        rc = pl_cli_failf("plot: %s has no parameters to put on the x axis", pos[0]);
    else if (sw_plot(g->name, &t, out, x, series, (sw_y)y, info, &err))
        rc = pl_cli_fail_error(&err);
    if (info && rc == 0) {
        json_object_set_new(info, "game", json_string(g->name));
        json_object_set_new(info, "table", json_string(pos[0]));
        json_object_set_new(info, "records", json_integer((json_int_t)t.n));
        pl_cli_print_json(info);
    } else {
        json_decref(info);
    }
    sw_table_free(&t);
    pl_draw_shutdown();
    return rc;
}
