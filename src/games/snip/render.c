/* Pictures of a Snipperclips state. The two tools side by side, each in its
 * own frame: the unit square [0,1]^2 drawn PANEL units wide, tool 1 on the
 * left, tool 2 PANEL + GAP to its right, y upwards as in the level's WKT (and
 * the paper's figures). A tool is filled with its palette colour (tool 1
 * colour 1, tool 2 colour 2) by the even-odd rule, so holes and several
 * pieces show as they are; inside the frame the background is the light grey
 * of the grid games' empty cells. The target is a dashed outline over tool 1.
 * Side by side rather than overlaid, so that the cutter's own shape stays in
 * view next to its placement over the tool it snips.
 *
 * The move about to be played, in the highlight style of draw.c (thick black
 * with a white core) and hatching for "this part goes away":
 *   snip A B theta tx ty  tool B placed (its outline) over tool A's frame,
 *                         and the part of tool A under it tinted and hatched;
 *   reset A               tool A's frame ringed;
 *   keep A x y            the point ringed; the pieces not kept hatched.
 * A placed tool may reach outside tool A's frame (it only has to overlap
 * tool A); its outline is clipped PAD units beyond the frame.
 *
 * Coordinates come from snip.h (snip_state_polygons, snip_level_target), so
 * this file needs no GEOS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "state.h"

#define PANEL 5.0 /* drawing units per tool unit */
#define PAD 0.5   /* around a frame: where a placed tool's outline may show */
#define GAP 1.5   /* from tool 1's frame to tool 2's */
#define LABEL 1.1 /* above the frames: the pad and the tools' names */
#define LABEL_TEXT 0.45
#define HATCH 0.22 /* spacing of the hatching lines */

/* Tool coordinates (after an optional rigid motion) -> drawing units in the
 * frame whose left edge is x0. */
typedef struct xform {
    double c, s, tx, ty; /* rotation and translation, applied first */
    double x0;           /* the frame's left edge */
} xform;

static double frame_x(int tool) {
    return tool == 1 ? 0 : PANEL + GAP;
}

static xform frame_of(int tool) {
    return (xform){1, 0, 0, 0, frame_x(tool)};
}

/* Rotation by theta degrees, as the rules do: exact for quarter turns. */
static xform placement(double theta, double tx, double ty, int tool) {
    double r = fmod(theta, 360.0) * (M_PI / 180.0);
    xform m = {cos(r), sin(r), tx, ty, frame_x(tool)};
    if (fmod(theta, 90.0) == 0.0) {
        long k = lround(fmod(theta, 360.0) / 90.0);
        k = ((k % 4) + 4) % 4;
        static const double cs[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        m.c = cs[k][0];
        m.s = cs[k][1];
    }
    return m;
}

static void map(const xform *m, double x, double y, double *X, double *Y) {
    double px = m->c * x - m->s * y + m->tx, py = m->s * x + m->c * y + m->ty;
    *X = m->x0 + PANEL * px;
    *Y = PANEL * (1 - py);
}

/* The rings of pieces [first, last) as flat arrays for pl_draw_polygons. */
typedef struct rings {
    double *xy;
    int *len;
    int n;
} rings;

static rings flatten(const snip_polys *p, int first, int last, const xform *m) {
    int nr = 0, np = 0;
    for (int i = first; i < last; i++)
        for (int r = 0; r < p->pieces[i].nrings; r++, nr++) np += p->pieces[i].rings[r].n;
    rings out = {pl_xmalloc(sizeof(double) * 2 * (size_t)(np + 1)), pl_xmalloc(sizeof(int) * (size_t)(nr + 1)), nr};
    int k = 0, j = 0;
    for (int i = first; i < last; i++)
        for (int r = 0; r < p->pieces[i].nrings; r++) {
            const snip_ring *rg = &p->pieces[i].rings[r];
            out.len[j++] = rg->n;
            for (int v = 0; v < rg->n; v++, k++)
                map(m, rg->xy[2 * v], rg->xy[2 * v + 1], &out.xy[2 * k], &out.xy[2 * k + 1]);
        }
    return out;
}

static void rings_free(rings *r) {
    free(r->xy);
    free(r->len);
}

/* Adds the rings to cairo's current path. */
static void rings_path(cairo_t *cr, const rings *r) {
    const double *p = r->xy;
    for (int k = 0; k < r->n; k++) {
        if (r->len[k] > 0) {
            cairo_move_to(cr, p[0], p[1]);
            for (int i = 1; i < r->len[k]; i++) cairo_line_to(cr, p[2 * i], p[2 * i + 1]);
            cairo_close_path(cr);
        }
        p += 2 * r->len[k];
    }
}

/* Is (x, y) inside the piece (even-odd over its rings)? */
static bool piece_contains(const snip_piece *pc, double x, double y) {
    bool in = false;
    for (int r = 0; r < pc->nrings; r++) {
        const snip_ring *rg = &pc->rings[r];
        for (int i = 0, j = rg->n - 1; i < rg->n; j = i++) {
            double xi = rg->xy[2 * i], yi = rg->xy[2 * i + 1], xj = rg->xy[2 * j], yj = rg->xy[2 * j + 1];
            if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
        }
    }
    return in;
}

static void pad_rect(cairo_t *cr, int tool) {
    cairo_rectangle(cr, frame_x(tool) - PAD, -PAD, PANEL + 2 * PAD, PANEL + 2 * PAD);
}

/* "Goes away": a white veil and diagonal black lines over the current clip. */
static void hatch(pl_canvas *cv, int tool) {
    cairo_t *cr = cv->cr;
    cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
    cairo_paint(cr);
    double x0 = frame_x(tool) - PAD, size = PANEL + 2 * PAD;
    cairo_new_path(cr);
    for (double d = -size; d <= size; d += HATCH) {
        cairo_move_to(cr, x0 + d, -PAD);
        cairo_line_to(cr, x0 + d + size, -PAD + size);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.045);
    cairo_stroke(cr);
}

static void bounds(const void *p, pl_box *box) {
    (void)p; /* tools never leave their unit squares; placed tools are clipped */
    *box = (pl_box){-PAD, -LABEL, 2 * PANEL + GAP + PAD, PANEL + PAD};
}

static void draw_tool(pl_canvas *cv, const snip_polys *t, int tool, const snip_move *keep) {
    cairo_t *cr = cv->cr;
    double x0 = frame_x(tool);
    cairo_set_source_rgb(cr, 0.96, 0.96, 0.96); /* pl_draw_grid's empty-cell grey */
    cairo_rectangle(cr, x0, 0, PANEL, PANEL);
    cairo_fill(cr);
    double fill[3], stroke[3] = {0.15, 0.15, 0.15};
    pl_palette_rgb(tool, fill);
    xform m = frame_of(tool);
    for (int i = 0; i < t->npieces; i++) {
        bool dropped = keep && !piece_contains(&t->pieces[i], keep->x, keep->y);
        rings r = flatten(t, i, i + 1, &m);
        pl_draw_polygons(cv, r.xy, r.len, r.n, fill, stroke);
        if (dropped) {
            cairo_save(cr);
            cairo_new_path(cr);
            rings_path(cr, &r);
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
            cairo_clip(cr);
            hatch(cv, tool);
            cairo_restore(cr);
            pl_draw_polygons(cv, r.xy, r.len, r.n, NULL, stroke);
        }
        rings_free(&r);
    }
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55); /* the unit square */
    cairo_set_line_width(cr, cv->unit > 0 ? 1.0 / cv->unit : 0.02);
    cairo_rectangle(cr, x0, 0, PANEL, PANEL);
    cairo_stroke(cr);
}

static void draw_target(const replay *rp, pl_canvas *cv) {
    snip_polys t;
    snip_level_target(rp->l, &t); /* the number of pieces */
    xform m = frame_of(1);
    rings r = flatten(&t, 0, t.npieces, &m);
    cairo_t *cr = cv->cr;
    double dash[2] = {0.18, 0.12};
    cairo_new_path(cr);
    rings_path(cr, &r);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_line_width(cr, 0.06);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    rings_free(&r);
    snip_polys_free(&t);
}

/* Tool b placed by m over tool a's frame: the part of tool a it removes is
 * hatched, its outline highlighted. */
static void draw_snip(pl_canvas *cv, const snip_polys *ta, const snip_polys *tb, const snip_move *mv) {
    cairo_t *cr = cv->cr;
    xform fa = frame_of(mv->a), pl = placement(mv->theta, mv->tx, mv->ty, mv->a);
    rings ra = flatten(ta, 0, ta->npieces, &fa), rb = flatten(tb, 0, tb->npieces, &pl);
    cairo_save(cr);
    cairo_new_path(cr);
    pad_rect(cr, mv->a);
    cairo_clip(cr);
    cairo_save(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    rings_path(cr, &ra);
    cairo_clip(cr);
    rings_path(cr, &rb);
    cairo_clip(cr);
    hatch(cv, mv->a);
    cairo_restore(cr);
    const double *p = rb.xy;
    for (int k = 0; k < rb.n; k++) {
        pl_highlight_polyline(cv, p, rb.len[k], true);
        p += 2 * rb.len[k];
    }
    cairo_restore(cr);
    rings_free(&ra);
    rings_free(&rb);
}

static void label(pl_canvas *cv, int tool, const char *what, int pieces) {
    char t[64];
    if (pieces == 0)
        snprintf(t, sizeof t, "tool %d (empty)%s", tool, what);
    else if (pieces > 1)
        snprintf(t, sizeof t, "tool %d (%d pieces)%s", tool, pieces, what);
    else
        snprintf(t, sizeof t, "tool %d%s", tool, what);
    /* Shrunk to fit above its frame when long (the frames' names never meet). */
    cairo_t *cr = cv->cr;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 1.0);
    cairo_text_extents_t e;
    cairo_text_extents(cr, t, &e);
    double size = LABEL_TEXT, room = PANEL + GAP - 0.4;
    if (e.x_advance * size > room) size = room / e.x_advance;
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    pl_draw_text(cv, frame_x(tool), -LABEL + (LABEL - PAD) / 2 + 0.05, size, t, false);
}

static void draw(const void *p, const char *next, pl_canvas *cv) {
    const replay *rp = p;
    snip_move mv;
    char why[128];
    int col;
    bool have = next && snip_move_parse(next, &mv, why, sizeof why, &col) == 0;
    snip_polys t[2];
    memset(t, 0, sizeof t);
    snip_state_polygons(rp->st, 1, &t[0]);
    snip_state_polygons(rp->st, 2, &t[1]);
    for (int k = 1; k <= 2; k++) {
        const char *what = "";
        if (have && mv.kind == SNIP_MOVE_SNIP) what = k == mv.a ? ": snipped" : ": the cutter";
        if (have && mv.kind == SNIP_MOVE_RESET && k == mv.a) what = ": reset";
        if (have && mv.kind == SNIP_MOVE_KEEP && k == mv.a) what = ": keep one piece";
        label(cv, k, what, t[k - 1].npieces);
        draw_tool(cv, &t[k - 1], k, have && mv.kind == SNIP_MOVE_KEEP && k == mv.a ? &mv : NULL);
    }
    draw_target(rp, cv);
    if (have && mv.kind == SNIP_MOVE_SNIP)
        draw_snip(cv, &t[mv.a - 1], &t[mv.b - 1], &mv);
    else if (have && mv.kind == SNIP_MOVE_RESET)
        pl_highlight_rect(cv, frame_x(mv.a), 0, PANEL, PANEL);
    else if (have && mv.kind == SNIP_MOVE_KEEP) {
        double X, Y;
        xform m = frame_of(mv.a);
        map(&m, mv.x, mv.y, &X, &Y);
        pl_highlight_circle(cv, X, Y, 0.2);
        cairo_new_path(cv->cr);
        cairo_arc(cv->cr, X, Y, 0.06, 0, 2 * M_PI);
        cairo_set_source_rgb(cv->cr, 0, 0, 0);
        cairo_fill(cv->cr);
    }
    snip_polys_free(&t[0]);
    snip_polys_free(&t[1]);
}

/* The web page's pointer (drawing units) to a move. Over the frame (with
 * its pad) of the tool that is not the cutter: that tool snipped by the
 * cutter, rotated by theta, with the centre of the cutter's frame (0.5, 0.5)
 * under the pointer, the translation rounded to the grid. While a keep is
 * due (connected model), a point of the split tool's frame keeps the piece
 * there (rounded to 1e-4, not to the grid: a grid point may lie on a cut). */
static bool place(const void *p, double x, double y, int cutter, double theta, int grid, char *move, size_t n,
                  char *why, size_t wn) {
    const replay *rp = p;
    int tool = 0;
    for (int k = 1; k <= 2; k++)
        if (x >= frame_x(k) - PAD && x <= frame_x(k) + PANEL + PAD && y >= -PAD && y <= PANEL + PAD) tool = k;
    if (!tool) {
        snprintf(why, wn, "point at a tool's frame");
        return false;
    }
    double fx = (x - frame_x(tool)) / PANEL, fy = 1 - y / PANEL;
    snip_move m = {0};
    int pending = snip_state_pending(rp->st);
    if (pending) {
        if (tool != pending) {
            snprintf(why, wn, "the last snip split tool %d: click the piece of tool %d to keep", pending, pending);
            return false;
        }
        m.kind = SNIP_MOVE_KEEP;
        m.a = pending;
        m.x = round(fx * 1e4) / 1e4;
        m.y = round(fy * 1e4) / 1e4;
    } else {
        if (cutter != 1 && cutter != 2) {
            snprintf(why, wn, "the cutter is tool 1 or tool 2");
            return false;
        }
        if (tool == cutter) {
            snprintf(why, wn, "tool %d is the cutter: point at tool %d's frame to snip it", cutter, 3 - cutter);
            return false;
        }
        if (!isfinite(theta)) {
            snprintf(why, wn, "the angle must be a finite number of degrees");
            return false;
        }
        char t[32];
        snprintf(t, sizeof t, "%.10g", theta == 0 ? 0 : theta); /* the angle the move will say */
        theta = strtod(t, NULL);
        xform r = placement(theta, 0, 0, tool); /* where the cutter's centre goes before the translation */
        double cx = r.c * 0.5 - r.s * 0.5, cy = r.s * 0.5 + r.c * 0.5;
        double q = grid > 0 ? grid : 1e4;
        m.kind = SNIP_MOVE_SNIP;
        m.a = tool;
        m.b = cutter;
        m.theta = theta;
        m.tx = round((fx - cx) * q) / q;
        m.ty = round((fy - cy) * q) / q;
        if (m.tx == 0) m.tx = 0; /* no "-0" in the move */
        if (m.ty == 0) m.ty = 0;
    }
    /* %.10g: the rounded values print short and parse back to themselves */
    if (m.kind == SNIP_MOVE_KEEP)
        snprintf(move, n, "keep %d %.10g %.10g", m.a, m.x == 0 ? 0 : m.x, m.y == 0 ? 0 : m.y);
    else
        snprintf(move, n, "snip %d %d %.10g %.10g %.10g", m.a, m.b, m.theta, m.tx, m.ty);
    return true;
}

const pl_render_hooks snip_render_hooks = {bounds, draw, NULL, place};
