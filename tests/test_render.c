/* Pictures (issue 9): the render driver and every game's drawing routine.
 * Output files are checked for what they are (PNG signature and IHDR size,
 * SVG root element, PDF page count = moves + 1), and the drawn pixels of small
 * known boards are sampled through cairo's image surface: the palette colour
 * of a piece, the empty cell's grey, the black ring of the highlight around
 * the move about to be played, and the board after the move. The palette is
 * checked to stay apart under simulated protanopia and deuteranopia, and a
 * colour letter to keep its colour from level to level (issue 22). The
 * pictures of issue 22: a Buttons cut over every button it removes, the
 * two-player status line, Two Dots' arrowheads and status line, one-row
 * boards' strips wrapped into rows, a step past the end refused.
 * Snipperclips: a tool's colour, a hole's background, the placed tool's
 * outline and the hatching of what a snip or a keep removes.
 *
 *   test_render OUTDIR */
#include "game_check.h"

#include <cairo.h>
#include <math.h>

#include "puzzlelab/draw.h"

static const char *outdir = ".";

static void *load(const pl_game *g, const char *text) {
    char msg[1024];
    void *l = gc_parse_msg(g, "t.level", text, msg, sizeof msg);
    if (!l) CHECKF(0, "level: %s", msg);
    return l;
}

static char *path_of(const char *name) {
    static char buf[4][1024];
    static int k = 0;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", outdir, name);
    return buf[k];
}

/* Renders level (+ moves text, may be NULL) to name; returns 0 or -1 with the
 * message in msg. */
static int render(const pl_game *g, const void *level, const char *moves, const pl_render_options *o, const char *name,
                  char *msg, size_t n) {
    pl_moves mv;
    pl_error err = {0};
    msg[0] = '\0';
    if (moves && pl_moves_parse("t.moves", moves, strlen(moves), &mv, &err)) {
        pl_error_format(&err, msg, n);
        return -1;
    }
    int rc = pl_render_file(g, level, moves ? &mv : NULL, o, path_of(name), &err);
    if (rc) pl_error_format(&err, msg, n);
    if (moves) pl_moves_free(&mv);
    return rc;
}

/* render with pl_render's info (for the layout of a strip). */
static int render_info(const pl_game *g, const void *level, const char *moves, const pl_render_options *o,
                       const char *name, pl_render_info *info, char *msg, size_t n) {
    pl_moves mv;
    pl_error err = {0};
    msg[0] = '\0';
    if (moves && pl_moves_parse("t.moves", moves, strlen(moves), &mv, &err)) {
        pl_error_format(&err, msg, n);
        return -1;
    }
    int rc = pl_render(g, level, moves ? &mv : NULL, o, path_of(name), info, &err);
    if (rc) pl_error_format(&err, msg, n);
    if (moves) pl_moves_free(&mv);
    return rc;
}

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc((size_t)n + 1);
    *len = fread(d, 1, (size_t)n, f);
    d[*len] = 0;
    fclose(f);
    return d;
}

/* PNG: the 8-byte signature, then IHDR's width and height (big-endian). */
static bool png_header(const char *path, unsigned *w, unsigned *h) {
    size_t len;
    unsigned char *d = slurp(path, &len);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    bool ok = d && len > 24 && memcmp(d, sig, 8) == 0 && memcmp(d + 12, "IHDR", 4) == 0;
    if (ok) {
        *w = (unsigned)d[16] << 24 | (unsigned)d[17] << 16 | (unsigned)d[18] << 8 | d[19];
        *h = (unsigned)d[20] << 24 | (unsigned)d[21] << 16 | (unsigned)d[22] << 8 | d[23];
    }
    free(d);
    return ok;
}

/* Pages of a PDF: page objects "/Type /Page" (not "/Pages"). */
static int pdf_pages(const char *path) {
    size_t len;
    unsigned char *d = slurp(path, &len);
    if (!d || len < 5 || memcmp(d, "%PDF-", 5) != 0) {
        free(d);
        return -1;
    }
    int n = 0;
    for (size_t i = 0; i + 11 < len; i++)
        if (memcmp(d + i, "/Type /Page", 11) == 0 && d[i + 11] != 's') n++;
    free(d);
    return n;
}

typedef struct image {
    cairo_surface_t *s;
    int w, h, stride;
    unsigned char *data;
} image;

static bool image_open(image *im, const char *name) {
    im->s = cairo_image_surface_create_from_png(path_of(name));
    if (cairo_surface_status(im->s) != CAIRO_STATUS_SUCCESS) {
        CHECKF(0, "cannot read %s back", name);
        cairo_surface_destroy(im->s);
        im->s = NULL;
        return false;
    }
    im->w = cairo_image_surface_get_width(im->s);
    im->h = cairo_image_surface_get_height(im->s);
    im->stride = cairo_image_surface_get_stride(im->s);
    im->data = cairo_image_surface_get_data(im->s);
    return true;
}

static void image_close(image *im) {
    if (im->s) cairo_surface_destroy(im->s);
}

/* Where the board starts in a one-frame picture: centred in the frame, whose
 * width is the board's plus the margins or the caption's, if wider. */
static double board_x(const image *im, double cell, double board_width) {
    return (im->w / cell - board_width) / 2;
}

/* 0xRRGGBB at pixel (x, y). */
static unsigned pixel(const image *im, double x, double y) {
    int ix = (int)x, iy = (int)y;
    if (ix < 0 || iy < 0 || ix >= im->w || iy >= im->h) return 0xFFFFFFFFu;
    uint32_t v;
    memcpy(&v, im->data + (size_t)iy * (size_t)im->stride + (size_t)ix * 4, 4);
    return v & 0xFFFFFFu;
}

static unsigned palette_hex(int colour) {
    double c[3];
    pl_palette_rgb(colour, c);
    return (unsigned)lround(c[0] * 255) << 16 | (unsigned)lround(c[1] * 255) << 8 | (unsigned)lround(c[2] * 255);
}

#define GRID_GREY 0xF5F5F5u /* pl_draw_grid's background, 0.96 */

/* The layout of render.c: a frame is the board plus a margin of 0.5 on each
 * side (or the caption, if wider), a caption band of 0.9 above, and below the
 * board 0.5 and the legend (0.8 a line, plus 0.25). */
static const double MARGIN = 0.5, CAPTION = 0.9;

static void test_output_kinds(void) {
    CHECK_INT(pl_output_kind_of("a.png"), PL_OUT_PNG);
    CHECK_INT(pl_output_kind_of("dir.x/A.PDF"), PL_OUT_PDF);
    CHECK_INT(pl_output_kind_of("a.Svg"), PL_OUT_SVG);
    CHECK_INT(pl_output_kind_of("a.jpeg"), -1);
    CHECK_INT(pl_output_kind_of("png"), -1);
    CHECK_INT(pl_output_kind_of("x.png/y"), -1);
}

static void test_clickomania_pixels(void) {
    const pl_game *g = &pl_game_clickomania;
    check_context(false, 0, "clickomania a.. / abb");
    void *l = load(g, "a..\nabb\n");
    if (!l) return;
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 50;
    char msg[512];
    CHECKF(render(g, l, NULL, &o, "click.png", msg, sizeof msg) == 0, "render: %s", msg);
    unsigned w = 0, h = 0;
    CHECK(png_header(path_of("click.png"), &w, &h));
    /* 3 columns + margins = 4 units; two colours fit one legend line of (4 - 1) / 1.4 = 2 items. */
    CHECK_INT((int)w, 200);
    CHECK_INT((int)h, (int)ceil((CAPTION + 2 + MARGIN + 0.8 + 0.25) * 50));
    image im;
    if (image_open(&im, "click.png")) {
        CHECK_INT(im.w, 200);
        /* a cell's pixel away from its centre (where a letter could be) */
#define AT(r, c) pixel(&im, (board_x(&im, 50, 3) + (c) + 0.25) * 50, (CAPTION + (r) + 0.25) * 50)
        CHECKF(AT(0, 0) == palette_hex(1), "a at 0,0: %06x, expected %06x", AT(0, 0), palette_hex(1));
        CHECKF(AT(1, 0) == palette_hex(1), "a at 1,0: %06x", AT(1, 0));
        CHECKF(AT(1, 1) == palette_hex(2), "b at 1,1: %06x, expected %06x", AT(1, 1), palette_hex(2));
        CHECKF(AT(1, 2) == palette_hex(2), "b at 1,2: %06x", AT(1, 2));
        CHECKF(AT(0, 1) == GRID_GREY, "empty 0,1: %06x", AT(0, 1));
        CHECKF(AT(0, 2) == GRID_GREY, "empty 0,2: %06x", AT(0, 2));
        CHECK(palette_hex(1) == 0xE69F00u && palette_hex(2) == 0x56B4E9u); /* Okabe-Ito orange, sky blue */
        image_close(&im);
    }
    /* The start with the click 1,1 highlighted: the group b at 1,1-1,2 is
     * outlined by a black ring (0.16 wide) with a white core (0.06). */
    o.step = 0;
    CHECKF(render(g, l, "1,1\n", &o, "click-step0.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "click-step0.png")) {
        double top = (CAPTION + 1) * 50, x = (board_x(&im, 50, 3) + 1.5) * 50;
        CHECKF(pixel(&im, x, top - 3) == 0x000000u, "outer ring above the group: %06x", pixel(&im, x, top - 3));
        CHECKF(pixel(&im, x, top) == 0xFFFFFFu, "white core on the group's edge: %06x", pixel(&im, x, top));
        CHECKF(AT(0, 0) == palette_hex(1), "a at 0,0 untouched: %06x", AT(0, 0));
        CHECKF(AT(1, 2) == palette_hex(2), "b at 1,2 still there: %06x", AT(1, 2));
        image_close(&im);
    }
    /* After the click: only the a column remains. */
    o.step = 1;
    CHECKF(render(g, l, "1,1\n", &o, "click-step1.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "click-step1.png")) {
        CHECKF(AT(1, 1) == GRID_GREY, "1,1 empty after the click: %06x", AT(1, 1));
        CHECKF(AT(1, 2) == GRID_GREY, "1,2 empty after the click: %06x", AT(1, 2));
        CHECKF(AT(0, 0) == palette_hex(1), "a at 0,0: %06x", AT(0, 0));
        image_close(&im);
#undef AT
    }
    /* PDF: a page a step, moves + 1. */
    o.step = -1;
    CHECKF(render(g, l, "1,1\n0,0\n", &o, "click.pdf", msg, sizeof msg) == 0, "render: %s", msg);
    CHECK_INT(pdf_pages(path_of("click.pdf")), 3);
    CHECKF(render(g, l, NULL, &o, "click-level.pdf", msg, sizeof msg) == 0, "render: %s", msg);
    CHECK_INT(pdf_pages(path_of("click-level.pdf")), 1);
    /* PNG strip: 3 frames of 4 units side by side. */
    o.frames = true;
    CHECKF(render(g, l, "1,1\n0,0\n", &o, "click-strip.png", msg, sizeof msg) == 0, "render: %s", msg);
    CHECK(png_header(path_of("click-strip.png"), &w, &h));
    CHECKF(w > 3 * 4 * 50 - 1, "strip width %u", w);
    o.per_row = 2; /* 2 + 1: two rows of frames */
    CHECKF(render(g, l, "1,1\n0,0\n", &o, "click-strip2.png", msg, sizeof msg) == 0, "render: %s", msg);
    unsigned w2, h2;
    CHECK(png_header(path_of("click-strip2.png"), &w2, &h2));
    CHECKF(abs((int)h2 - 2 * (int)h) <= 1, "two rows of frames: %u px high, one row %u", h2, h);
    /* SVG: an XML file whose root is svg (parsed in tests/render/run.sh). */
    CHECKF(render(g, l, "1,1\n", &o, "click.svg", msg, sizeof msg) == 0, "render: %s", msg);
    size_t len;
    unsigned char *svg = slurp(path_of("click.svg"), &len);
    CHECK(svg && strstr((char *)svg, "<svg") != NULL && strstr((char *)svg, "</svg>") != NULL);
    free(svg);
    /* Errors: a move that does not replay, a bad extension, a picture too large. */
    o.frames = false;
    CHECK(render(g, l, "1,1\n\n0,2\n", &o, "bad.png", msg, sizeof msg) != 0);
    CHECK_STR(msg, "t.moves:3:1: move 2 (0,2) is illegal: empty cell (render draws certificates that verify "
                   "accepts)");
    CHECK(render(g, l, "1,x\n", &o, "bad.png", msg, sizeof msg) != 0);
    CHECK_STR(msg, "t.moves:1:3: expected a column number");
    CHECK(render(g, l, NULL, &o, "bad.gif", msg, sizeof msg) != 0);
    CHECKF(strstr(msg, "expected an output file ending in .png, .svg or .pdf") != NULL, "%s", msg);
    o.cell = 1000;
    CHECK(render(g, l, NULL, &o, "huge.png", msg, sizeof msg) == 0); /* 4000 px: fine */
    o.cell = 10000;
    CHECK(render(g, l, NULL, &o, "huge.png", msg, sizeof msg) != 0);
    CHECKF(strstr(msg, "PNG allows 32767") != NULL, "%s", msg);
    g->level_free(l);
    check_clear_context();
}

/* A Clickomania level with regions (a construction's gadgets): a label that
 * fits stays inside its dashed frame and the picture keeps its width; one
 * that does not widens the picture by the margin it needs. PNG, SVG and a
 * replay render. */
static void test_clickomania_regions(void) {
    const pl_game *g = &pl_game_clickomania;
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 50;
    char msg[512];
    unsigned w = 0, h = 0;
    check_context(false, 0, "clickomania a.. / abb with a region labelled inside");
    void *l = load(g, "a..\nabb\nregions:\n0,0 1,2 G\n");
    if (l) {
        CHECKF(render(g, l, NULL, &o, "click-regions.png", msg, sizeof msg) == 0, "render: %s", msg);
        CHECK(png_header(path_of("click-regions.png"), &w, &h));
        CHECK_INT((int)w, 200); /* as without regions: the label is inside */
        image im;
        if (image_open(&im, "click-regions.png")) {
            /* the dashed frame 0.06 inside the board's left edge, over a's
             * blocks (orange, red 0xE6): dark dashes with gaps down that line */
            double x = (board_x(&im, 50, 3) + 0.06) * 50;
            int dark = 0, light = 0;
            for (double y = (CAPTION + 0.3) * 50; y < (CAPTION + 1.7) * 50; y += 1) {
                bool d = false;
                for (int dx = -1; dx <= 1; dx++) d = d || (pixel(&im, x + dx, y) >> 16) < 0x80;
                dark += d;
                light += !d;
            }
            CHECKF(dark > 10 && light > 10, "dashed frame down the left edge: %d dark and %d light pixels", dark,
                   light);
            /* a block away from the frame and the label keeps its colour */
            unsigned b12 = pixel(&im, (board_x(&im, 50, 3) + 2.5) * 50, (CAPTION + 1.5) * 50);
            CHECKF(b12 == palette_hex(2), "b at 1,2: %06x", b12);
            image_close(&im);
        }
        o.step = 0;
        CHECKF(render(g, l, "1,1\n", &o, "click-regions0.png", msg, sizeof msg) == 0, "render: %s", msg);
        o.step = -1;
        CHECKF(render(g, l, "1,1\n0,0\n", &o, "click-regions.pdf", msg, sizeof msg) == 0, "render: %s", msg);
        CHECK_INT(pdf_pages(path_of("click-regions.pdf")), 3);
        g->level_free(l);
    }
    check_context(false, 0, "clickomania a.. / abb with a label in the margin");
    l = load(g, "a..\nabb\nregions:\n0,0 1,0 a long gadget label\n1,1 1,2 B\n");
    if (l) {
        CHECKF(render(g, l, NULL, &o, "click-regions-margin.png", msg, sizeof msg) == 0, "render: %s", msg);
        CHECK(png_header(path_of("click-regions-margin.png"), &w, &h));
        /* 3 columns + the margin (0.62 * 0.36 a character + 0.8) + 2 * 0.5 */
        double units = 3 + 0.62 * 0.36 * (double)strlen("a long gadget label") + 0.8 + 1;
        CHECKF(fabs(w - units * 50) <= 2, "width %u, expected about %.1f", w, units * 50);
        CHECKF(render(g, l, NULL, &o, "click-regions.svg", msg, sizeof msg) == 0, "render: %s", msg);
        size_t len;
        unsigned char *svg = slurp(path_of("click-regions.svg"), &len);
        CHECK(svg && strstr((char *)svg, "<svg") != NULL && strstr((char *)svg, "</svg>") != NULL);
        free(svg);
        g->level_free(l);
    }
    check_clear_context();
}

/* Black pixels in the 0.4 x 0.3 window around (x, y) (drawing units, cell
 * pixels a unit): left and right of x. */
static void arrow_balance(const image *im, double x, double y, double cell, int *left, int *right) {
    *left = *right = 0;
    for (double dy = -0.15; dy <= 0.15; dy += 1 / cell)
        for (double dx = -0.2; dx <= 0.2; dx += 1 / cell) {
            if (fabs(dx) < 0.5 / cell) continue;
            if (pixel(im, (x + dx) * cell, (y + dy) * cell) != 0) continue;
            if (dx < 0)
                (*left)++;
            else
                (*right)++;
        }
}

/* A disc's centre pixel: the piece's colour (letters are off). */
static void test_disc_games(void) {
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 40;
    char msg[512];
    image im;
    /* Buttons: a b . / a b b: colour a at 0,0, b at 1,2; the cut 0,0 1,0 ringed. */
    const pl_game *g = &pl_game_buttons;
    void *l = load(g, "ab.\nabb\n");
    if (l) {
        CHECKF(render(g, l, "0,0 1,0\n", &o, "buttons.png", msg, sizeof msg) == 0, "%s", msg);
        o.step = 0;
        CHECKF(render(g, l, "0,0 1,0\n", &o, "buttons0.png", msg, sizeof msg) == 0, "%s", msg);
        o.step = -1;
        if (image_open(&im, "buttons.png")) {
#define CENTRE(r, c) pixel(&im, (board_x(&im, 40, 3) + (c) + 0.5) * 40, (CAPTION + (r) + 0.5) * 40)
            CHECKF(CENTRE(0, 0) == GRID_GREY, "0,0 cut away: %06x", CENTRE(0, 0));
            CHECKF(CENTRE(1, 2) == palette_hex(2), "b at 1,2: %06x", CENTRE(1, 2));
            image_close(&im);
        }
        if (image_open(&im, "buttons0.png")) {
            CHECKF(CENTRE(1, 2) == palette_hex(2), "b at 1,2: %06x", CENTRE(1, 2));
            /* the ring just outside the end button 0,0 (radius 0.38 + 0.06) */
            double x = (board_x(&im, 40, 3) + 0.5) * 40, y = (CAPTION + 0.5 - 0.44) * 40;
            CHECKF(pixel(&im, x, y - 2) == 0 || pixel(&im, x, y + 2) == 0, "ring above 0,0: %06x %06x",
                   pixel(&im, x, y - 2), pixel(&im, x, y + 2));
            image_close(&im);
        }
        g->level_free(l);
    }
    /* Two Dots: the path 1,1 1,2 1,3 removes the b's; the a's stay. */
    g = &pl_game_twodots;
    l = load(g, "a...\nabbb\n");
    if (l) {
#define DOT(r, c) pixel(&im, (board_x(&im, 40, 4) + (c) + 0.5) * 40, (CAPTION + (r) + 0.5) * 40)
/* a dot's colour where the path over it leaves it: 0.18 below its centre */
#define DOT_LOW(r, c) pixel(&im, (board_x(&im, 40, 4) + (c) + 0.5) * 40, (CAPTION + (r) + 0.68) * 40)
        o.step = 0;
        CHECKF(render(g, l, "1,1 1,2 1,3\n", &o, "twodots0.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "twodots0.png")) {
            CHECKF(DOT(1, 0) == palette_hex(1), "a at 1,0: %06x", DOT(1, 0));
            CHECKF(DOT_LOW(1, 1) == palette_hex(2), "b at 1,1: %06x", DOT_LOW(1, 1));
            /* the path is drawn over the dots: its white core at a dot's centre */
            CHECKF(DOT(1, 2) == 0xFFFFFFu, "the path over the dot 1,2: %06x", DOT(1, 2));
            image_close(&im);
        }
        /* Between the second and third dots, an arrowhead pointing right: its
         * wide base on the left, so more black left of the midpoint than
         * right of it (the line and the rings alone are symmetric); the
         * other way round, left. At 80 px a cell, for enough pixels. */
        o.cell = 80;
        static const char *paths[2] = {"1,1 1,2 1,3\n", "1,3 1,2 1,1\n"};
        for (int k = 0; k < 2; k++) {
            CHECKF(render(g, l, paths[k], &o, "twodots-arrow.png", msg, sizeof msg) == 0, "%s", msg);
            if (!image_open(&im, "twodots-arrow.png")) continue;
            int left = 0, right = 0; /* the gap away from the first dot's second ring */
            arrow_balance(&im, board_x(&im, 80, 4) + (k ? 2 : 3), CAPTION + 1.5, 80, &left, &right);
            int ahead = k ? left : right, behind = k ? right : left;
            CHECKF(behind > ahead + 30, "arrowhead of %.11s: %d black pixels behind the middle, %d ahead", paths[k],
                   behind, ahead);
            image_close(&im);
        }
        o.cell = 40;
        o.step = 1;
        CHECKF(render(g, l, "1,1 1,2 1,3\n", &o, "twodots1.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "twodots1.png")) {
            CHECKF(DOT(1, 1) == GRID_GREY, "1,1 collected: %06x", DOT(1, 1));
            CHECKF(DOT(0, 0) == palette_hex(1), "a at 0,0: %06x", DOT(0, 0));
            image_close(&im);
        }
#undef DOT
#undef DOT_LOW
        o.step = -1;
        g->level_free(l);
    }
    /* Coins, square grid: coins (colour 2) in their cells; after 0,0 -> 1,1
     * the coin sits at 1,1. The frame is 3x3 and holds everything. */
    g = &pl_game_coins;
    l = load(g, "start:\no..\no..\noo.\ntarget:\n...\noo.\noo.\n");
    if (l) {
        o.step = 0;
        CHECKF(render(g, l, "0,0 1,1\n", &o, "coins0.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "coins0.png")) {
            CHECKF(CENTRE(0, 0) == palette_hex(2), "coin at 0,0: %06x", CENTRE(0, 0));
            CHECKF(CENTRE(2, 1) == palette_hex(2), "coin at 2,1: %06x", CENTRE(2, 1));
            CHECKF(CENTRE(0, 2) == GRID_GREY, "no coin at 0,2: %06x", CENTRE(0, 2));
            image_close(&im);
        }
        o.step = 1;
        CHECKF(render(g, l, "0,0 1,1\n", &o, "coins1.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "coins1.png")) {
            CHECKF(CENTRE(1, 1) == palette_hex(2), "coin moved to 1,1: %06x", CENTRE(1, 1));
            CHECKF(CENTRE(0, 0) == GRID_GREY, "0,0 left: %06x", CENTRE(0, 0));
            image_close(&im);
#undef CENTRE
        }
        o.step = -1;
        g->level_free(l);
    }
    /* Triangular grid: r,c drawn at x = c + r/2 + 0.5, y = r sqrt(3)/2 + 0.5
     * from the box's corner (the frame's corner cells give x from 0 to 4.5 on
     * 4 columns x 2 rows, so the board is 5 wide and sits at the margin). */
    l = load(g, "grid: triangular\nstart:\noo..\no...\ntarget:\n.oo.\n.o..\n");
    if (l) {
        CHECKF(render(g, l, NULL, &o, "tri.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "tri.png")) {
            double s3 = sqrt(3) / 2;
#define TRI(r, c) pixel(&im, (board_x(&im, 40, 4.5) + (c) + 0.5 * (r) + 0.5) * 40, (CAPTION + (r)*s3 + 0.5) * 40)
            CHECKF(TRI(0, 0) == palette_hex(2), "coin at 0,0: %06x", TRI(0, 0));
            CHECKF(TRI(1, 0) == palette_hex(2), "coin at 1,0 (x 1.0): %06x", TRI(1, 0));
            CHECKF(TRI(0, 1) == palette_hex(2), "coin at 0,1: %06x", TRI(0, 1));
            CHECKF(TRI(1, 2) != palette_hex(2), "no coin at 1,2: %06x", TRI(1, 2));
#undef TRI
            image_close(&im);
        }
        g->level_free(l);
    }
    /* Graph: drawn on a circle; the file is a valid one-page-a-step PDF. */
    l = load(g, "grid: graph\nstart: 0 1 2\ntarget: 1 2 3\nedges:\n0 1\n1 2\n2 0\n2 3\n1 3\n");
    if (l) {
        CHECKF(render(g, l, "0 3\n", &o, "graph.pdf", msg, sizeof msg) == 0, "%s", msg);
        CHECK_INT(pdf_pages(path_of("graph.pdf")), 2);
        g->level_free(l);
    }
}

/* Snipperclips (src/games/snip/render.c): the two tools side by side, a
 * frame 5 units a side (tool 1 at x 0, tool 2 at x 6.5), y upwards; the box
 * is -0.5..12 x -1.1..5.5 (pads of 0.5 for placed tools, the tools' names
 * above). Tool 2 is cut to the square [0,0.2]^2, which then punches the hole
 * [0.4,0.6]^2 into tool 1; tool 2 is reset. */
#define SNIP_PANEL 5.0
#define SNIP_BOX_W 12.5
/* pixel of the point (x, y) of tool k's frame */
#define SNIP_PX(k, x) ((board_x(&im, 50, SNIP_BOX_W) + 0.5 + ((k) == 1 ? 0 : 6.5) + SNIP_PANEL * (x)) * 50)
#define SNIP_PY(y) ((CAPTION + 1.1 + SNIP_PANEL * (1 - (y))) * 50)
#define SNIP_AT(k, x, y) pixel(&im, SNIP_PX(k, x), SNIP_PY(y))

/* Over the square of side 2r pixels around (x, y): how many pixels are the
 * colour c, and how many are black. */
static void window_count(const image *im, double x, double y, int r, unsigned c, int *same, int *black) {
    *same = *black = 0;
    for (int dy = -r; dy < r; dy++)
        for (int dx = -r; dx < r; dx++) {
            unsigned v = pixel(im, x + dx, y + dy);
            *same += v == c;
            *black += v == 0;
        }
}

static void test_snip_pixels(void) {
    const pl_game *g = &pl_game_snip;
    check_context(false, 0, "snip: a square with a square hole");
    void *l = load(g, "POLYGON((0.1 0.1, 0.9 0.1, 0.9 0.9, 0.1 0.9, 0.1 0.1),"
                      " (0.4 0.4, 0.6 0.4, 0.6 0.6, 0.4 0.6, 0.4 0.4))\n");
    if (!l) return;
    const char *moves = "snip 2 1 0 0.2 0\nsnip 2 1 0 0 0.2\nsnip 1 2 0 0.4 0.4\nreset 2\n";
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 50;
    char msg[512];
    image im;
    int same, black;
    /* Before the last snip: tool 2 is the small square, placed over the
     * middle of tool 1 (outlined; the part it removes hatched). */
    o.step = 2;
    CHECKF(render(g, l, moves, &o, "snip2.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "snip2.png")) {
        CHECKF(SNIP_AT(1, 0.25, 0.25) == palette_hex(1), "tool 1 at (0.25, 0.25): %06x, expected %06x",
               SNIP_AT(1, 0.25, 0.25), palette_hex(1));
        CHECKF(SNIP_AT(2, 0.1, 0.1) == palette_hex(2), "tool 2 at (0.1, 0.1): %06x, expected %06x",
               SNIP_AT(2, 0.1, 0.1), palette_hex(2));
        CHECKF(SNIP_AT(2, 0.6, 0.6) == GRID_GREY, "tool 2 cut away at (0.6, 0.6): %06x", SNIP_AT(2, 0.6, 0.6));
        /* the removed part: tinted and hatched, no pixel of the plain colour */
        window_count(&im, SNIP_PX(1, 0.5), SNIP_PY(0.5), 12, palette_hex(1), &same, &black);
        CHECKF(same == 0 && black > 20, "removed part: %d pixels of tool 1's colour, %d black", same, black);
        /* the placed tool's outline at x = 0.4: black outside, white core on the edge */
        double x = SNIP_PX(1, 0.4), y = SNIP_PY(0.55);
        CHECKF(pixel(&im, x - 3, y) == 0x000000u, "outline left of the placed tool: %06x", pixel(&im, x - 3, y));
        CHECKF(pixel(&im, x, y) == 0xFFFFFFu, "white core on the placed tool's edge: %06x", pixel(&im, x, y));
        /* the gap between the frames stays white */
        CHECKF(pixel(&im, SNIP_PX(1, 1.15), SNIP_PY(0.5)) == 0xFFFFFFu, "between the frames: %06x",
               pixel(&im, SNIP_PX(1, 1.15), SNIP_PY(0.5)));
        image_close(&im);
    }
    /* Before the reset: tool 1 has its hole (the background shows through),
     * tool 2's frame is ringed. */
    o.step = 3;
    CHECKF(render(g, l, moves, &o, "snip3.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "snip3.png")) {
        CHECKF(SNIP_AT(1, 0.5, 0.5) == GRID_GREY, "the hole at (0.5, 0.5): %06x", SNIP_AT(1, 0.5, 0.5));
        CHECKF(SNIP_AT(1, 0.25, 0.75) == palette_hex(1), "tool 1 at (0.25, 0.75): %06x", SNIP_AT(1, 0.25, 0.75));
        double x = SNIP_PX(2, 0), y = SNIP_PY(0.5);
        CHECKF(pixel(&im, x - 3, y) == 0x000000u, "ring around tool 2's frame: %06x", pixel(&im, x - 3, y));
        image_close(&im);
    }
    /* The end: tool 2 is the unit square again. */
    o.step = -1;
    CHECKF(render(g, l, moves, &o, "snip-end.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "snip-end.png")) {
        CHECKF(SNIP_AT(2, 0.6, 0.6) == palette_hex(2), "tool 2 reset: %06x", SNIP_AT(2, 0.6, 0.6));
        CHECKF(SNIP_AT(1, 0.5, 0.5) == GRID_GREY, "the hole: %06x", SNIP_AT(1, 0.5, 0.5));
        image_close(&im);
    }
    CHECKF(render(g, l, moves, &o, "snip.pdf", msg, sizeof msg) == 0, "render: %s", msg);
    CHECK_INT(pdf_pages(path_of("snip.pdf")), 5);
    /* A snip that does not overlap is refused with verify's reason. */
    CHECK(render(g, l, "snip 1 2 0 3 3\n", &o, "bad.png", msg, sizeof msg) != 0);
    CHECKF(strstr(msg, "t.moves:1:1: move 1 (snip 1 2 0 3 3) is illegal") != NULL, "%s", msg);
    g->level_free(l);

    /* Connected model: tool 2 becomes the strip [0,0.2] x [0,1], which splits
     * tool 1 in two; `keep 1 0.2 0.5` rings its point and hatches the right
     * piece, which goes. */
    check_context(false, 0, "snip: connected, keep");
    l = load(g, "model: connected\nPOLYGON((0 0, 0.4 0, 0.4 1, 0 1, 0 0))\n");
    if (!l) return;
    moves = "snip 2 1 0 0.2 0\nsnip 1 2 0 0.4 0\nkeep 1 0.2 0.5\n";
    o.step = 2;
    CHECKF(render(g, l, moves, &o, "snip-keep.png", msg, sizeof msg) == 0, "render: %s", msg);
    if (image_open(&im, "snip-keep.png")) {
        CHECKF(SNIP_AT(1, 0.2, 0.8) == palette_hex(1), "the piece kept: %06x", SNIP_AT(1, 0.2, 0.8));
        CHECKF(SNIP_AT(1, 0.5, 0.8) == GRID_GREY, "the cut between the pieces: %06x", SNIP_AT(1, 0.5, 0.8));
        CHECKF(SNIP_AT(1, 0.2, 0.5) == 0x000000u, "the point kept: %06x", SNIP_AT(1, 0.2, 0.5));
        window_count(&im, SNIP_PX(1, 0.8), SNIP_PY(0.5), 12, palette_hex(1), &same, &black);
        CHECKF(same == 0 && black > 20, "the piece dropped: %d pixels of tool 1's colour, %d black", same, black);
        image_close(&im);
    }
    o.step = -1;
    CHECKF(render(g, l, moves, &o, "snip-keep.pdf", msg, sizeof msg) == 0, "render: %s", msg);
    CHECK_INT(pdf_pages(path_of("snip-keep.pdf")), 4);
    g->level_free(l);
    check_clear_context();
}
#undef SNIP_AT
#undef SNIP_PY
#undef SNIP_PX

/* Seeded random levels of every game from its generator, solved under a node
 * budget; a solution (or just the level) is drawn to PDF, whose pages must be
 * moves + 1: the drawing routines meet many states (coins leaving the frame,
 * Two Dots bombs, cycles, emptied columns, tools in pieces) without a fault. */
static void test_random_levels(void) {
    typedef struct gen {
        const char *game;
        const char *opts[8][2];
        int count; /* seeds (0: 24) */
    } gen;
    static const gen gens[] = {
        {"clickomania", {{"rows", "4"}, {"cols", "5"}, {"colours", "3"}}, 0},
        {"buttons", {{"rows", "4"}, {"cols", "4"}, {"colours", "3"}, {"solvable", ""}}, 0},
        {"twodots", {{"rows", "4"}, {"cols", "4"}, {"colours", "3"}, {"moves", "3"}, {"bombs", "on"}}, 0},
        {"coins", {{"grid", "square"}, {"coins", "5"}, {"walk", "3"}}, 0},
        {"coins", {{"grid", "triangular"}, {"coins", "4"}, {"walk", "3"}, {"labelled", ""}}, 0},
        /* Snipperclips: the needle (connected, keep lines) and Theorem 5 (holes,
         * hundreds of snips and resets); GEOS is slow under ASan, so fewer. */
        {"snip", {{"family", "simple"}, {"vertices", "5"}, {"model", "connected"}}, 4},
        {"snip", {{"family", "holes"}, {"vertices", "5"}, {"holes", "1"}}, 3},
    };
    int count = 24;
    for (size_t k = 0; k < sizeof gens / sizeof gens[0]; k++) {
        const pl_game *g = pl_game_find(gens[k].game);
        for (int seed = 1; seed <= (gens[k].count ? gens[k].count : count); seed++) {
            check_context(true, (uint64_t)seed, "%s generator %zu", g->name, k);
            char seedtext[16];
            snprintf(seedtext, sizeof seedtext, "%d", seed);
            pl_opts o = {.n = 0};
            for (int i = 0; i < 8 && gens[k].opts[i][0]; i++) {
                o.name[o.n] = gens[k].opts[i][0];
                o.value[o.n++] = gens[k].opts[i][1];
            }
            o.name[o.n] = "seed";
            o.value[o.n++] = seedtext;
            pl_error err = {0};
            char *text = g->generate(&o, &err);
            if (!text) {
                CHECKF(0, "generate: %s", err.msg);
                continue;
            }
            void *l = load(g, text);
            free(text);
            if (!l) continue;
            pl_limits lim;
            pl_limits_init(&lim, 0, 200000, (size_t)64 << 20);
            static const pl_opts none = {.n = 0};
            pl_request req = {.opts = &none,
                              .objective = g->objectives ? g->objectives[0] : NULL,
                              .seed = 1,
                              .limits = &lim,
                              .threads = 1};
            char why[256], msg[512];
            pl_solution sol;
            pl_solution_init(&sol);
            const pl_algorithm *a = pl_game_pick(g, l, &req, why, sizeof why);
            if (a) a->solve(l, &req, &sol, &err);
            /* the certificate as a MOVES file */
            size_t len = 1;
            for (int i = 0; i < sol.moves.n; i++) len += strlen(sol.moves.s[i]) + 1;
            char *moves = calloc(len, 1);
            for (int i = 0; i < sol.moves.n; i++) {
                strcat(moves, sol.moves.s[i]);
                strcat(moves, "\n");
            }
            pl_render_options ro;
            pl_render_options_default(&ro);
            ro.cell = 8;
            ro.letters = seed % 2;
            CHECKF(render(g, l, moves, &ro, "random.pdf", msg, sizeof msg) == 0, "render: %s", msg);
            CHECK_INT(pdf_pages(path_of("random.pdf")), sol.moves.n + 1);
            free(moves);
            pl_solution_free(&sol);
            g->level_free(l);
        }
    }
    check_clear_context();
}

/* Colour distance as a reader sees it: sRGB is decoded to linear light
 * (IEC 61966-2-1), optionally passed through a dichromat simulation, then
 * taken to CIE XYZ (D65) and CIELAB, where Delta E 1976 is the Euclidean
 * distance (about 2.3 is a just noticeable difference; 30 is a clear one).
 *
 * Dichromat simulation: Viénot, Brettel & Mollon (1999), "Digital video
 * colourmaps for checking the legibility of displays by dichromats", Color
 * Research & Application 24(4). Their method maps linear RGB to LMS, replaces
 * the missing cone's response by a combination of the other two (so that
 * white, yellow and blue are seen unchanged) and maps back; the three steps
 * compose to one 3x3 matrix on linear RGB, below for protanopia (no L cones)
 * and deuteranopia (no M cones). A dichromat's colours lie on a plane
 * (lightness and blue-yellow), which is why a red/green palette fails. */
static double lin(double c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t) {
    return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* CIELAB of the sRGB colour in (0..1) as seen through m (linear RGB). */
static void lab_of(const double m[3][3], const double in[3], double out[3]) {
    double l[3] = {lin(in[0]), lin(in[1]), lin(in[2])}, s[3];
    for (int i = 0; i < 3; i++) {
        s[i] = m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2];
        s[i] = s[i] < 0 ? 0 : s[i] > 1 ? 1 : s[i];
    }
    /* linear sRGB -> XYZ (D65), normalised by the white point */
    double x = (0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2]) / 0.95047;
    double y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
    double z = (0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2]) / 1.08883;
    out[0] = 116 * lab_f(y) - 16;
    out[1] = 500 * (lab_f(x) - lab_f(y));
    out[2] = 200 * (lab_f(y) - lab_f(z));
}

static double delta_e76(const double m[3][3], const double a[3], const double b[3]) {
    double la[3], lb[3];
    lab_of(m, a, la);
    lab_of(m, b, lb);
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
                (la[2] - lb[2]) * (la[2] - lb[2]));
}

static const double normal_vision[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
static const double protanopia[3][3] = {{0.11238, 0.88762, 0.0}, {0.11238, 0.88762, 0.0}, {0.00401, -0.00401, 1.0}};
static const double deuteranopia[3][3] = {{0.29275, 0.70725, 0.0}, {0.29275, 0.70725, 0.0}, {-0.02234, 0.02234, 1.0}};

static void test_palette_colour_blind(void) {
    const double(*views[3])[3] = {normal_vision, protanopia, deuteranopia};
    static const char *view_name[3] = {"normal vision", "protanopia", "deuteranopia"};
    const double grid[3] = {0.96, 0.96, 0.96}; /* an empty cell */
    /* The simulation itself: red and an olive, 80 apart for a trichromat,
     * look alike to a dichromat (a protanope sees red darker, so a darker
     * olive); white and blue are unchanged. */
    const double red[3] = {0.8, 0, 0}, olive[3] = {0x77 / 255.0, 0x77 / 255.0, 0},
                 dark_olive[3] = {0x44 / 255.0, 0x44 / 255.0, 0}, white[3] = {1, 1, 1}, blue[3] = {0, 0, 1};
    CHECKF(delta_e76(normal_vision, red, olive) > 60 && delta_e76(normal_vision, red, dark_olive) > 60,
           "red and olives in normal vision: %.1f %.1f", delta_e76(normal_vision, red, olive),
           delta_e76(normal_vision, red, dark_olive));
    CHECKF(delta_e76(deuteranopia, red, olive) < 5, "red/olive for a deuteranope: %.1f",
           delta_e76(deuteranopia, red, olive));
    CHECKF(delta_e76(protanopia, red, dark_olive) < 5, "red/dark olive for a protanope: %.1f",
           delta_e76(protanopia, red, dark_olive));
    for (int v = 1; v < 3; v++) {
        double lw[3], lsw[3], lb[3], lsb[3];
        lab_of(views[v], white, lsw);
        lab_of(normal_vision, white, lw);
        lab_of(views[v], blue, lsb);
        lab_of(normal_vision, blue, lb);
        CHECKF(fabs(lsw[0] - lw[0]) < 0.5 && fabs(lsw[1]) < 0.5 && fabs(lsw[2]) < 0.5 && fabs(lsb[2] - lb[2]) < 1,
               "%s keeps white and blue", view_name[v]);
    }
    const double black[3] = {0, 0, 0};
    CHECKF(fabs(delta_e76(normal_vision, white, black) - 100) < 0.1, "white to black: %.2f, expected 100",
           delta_e76(normal_vision, white, black));
    /* The claim of draw.h: the twelve entries are pairwise at least 30 apart,
     * and 30 from an empty cell, for all three readers. */
    for (int v = 0; v < 3; v++) {
        double worst = 1e9;
        int wa = 0, wb = 0;
        for (int a = 1; a <= PL_PALETTE_SIZE; a++) {
            double ca[3];
            pl_palette_rgb(a, ca);
            double dg = delta_e76(views[v], ca, grid);
            if (dg < worst) worst = dg, wa = a, wb = 0;
            for (int b = a + 1; b <= PL_PALETTE_SIZE; b++) {
                double cb[3];
                pl_palette_rgb(b, cb);
                double d = delta_e76(views[v], ca, cb);
                if (d < worst) worst = d, wa = a, wb = b;
            }
        }
        CHECKF(worst >= 30, "%s: palette entries %d and %d (0: the empty cell) are only %.1f apart", view_name[v], wa,
               wb, worst);
    }
    CHECK_INT(PL_PALETTE_SIZE, 12);
    CHECK(palette_hex(1) == 0xE69F00u && palette_hex(2) == 0x56B4E9u); /* a orange, b sky blue (Okabe-Ito) */
    /* Colours beyond twelve are not repeats of the first twelve. */
    for (int k = 13; k <= 36; k++) CHECKF(palette_hex(k) != palette_hex(k - 12), "colour %d repeats %d", k, k - 12);
}

/* A colour letter keeps its colour from level to level: a..l are entries
 * 1..12 whatever else the level has; other names take the lowest free
 * entries in the level's order. */
static void test_palette_assign(void) {
    int e[16];
    static const pl_name two[2] = {"a", "b"}, other[3] = {"c", "x", "a"}, late[3] = {"m", "a", "B"};
    pl_name twelve[12];
    pl_palette_assign(two, 2, e);
    CHECK(e[0] == 1 && e[1] == 2);
    pl_palette_assign(other, 3, e);
    CHECKF(e[0] == 3 && e[1] == 2 && e[2] == 1, "c x a -> %d %d %d, expected 3 2 1", e[0], e[1], e[2]);
    pl_palette_assign(late, 3, e);
    CHECKF(e[0] == 2 && e[1] == 1 && e[2] == 3, "m a B -> %d %d %d, expected 2 1 3", e[0], e[1], e[2]);
    for (int i = 0; i < 12; i++) twelve[i][0] = (char)('l' - i), twelve[i][1] = '\0';
    pl_palette_assign((const pl_name *)twelve, 12, e);
    bool fixed = true;
    for (int i = 0; i < 12; i++) fixed = fixed && e[i] == 12 - i;
    CHECK(fixed);
    /* a thirteenth colour goes beyond the twelve */
    pl_name thirteen[13];
    memcpy(thirteen, twelve, sizeof twelve);
    memcpy(thirteen[12], "zz", 3);
    pl_palette_assign((const pl_name *)thirteen, 13, e);
    CHECK_INT(e[12], 13);

    /* In pictures: 'a' is orange in a level of a and b and in one of c and
     * a, where a is the level's second colour (Clickomania, cell pixels). */
    const pl_game *g = &pl_game_clickomania;
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 50;
    char msg[512];
    image im;
    static const char *levels[2] = {"ab\nba\n", "ca\nac\n"};
    static const char *names[2] = {"palette-ab.png", "palette-ca.png"};
    unsigned a_rgb[2] = {1, 2};
    for (int k = 0; k < 2; k++) {
        check_context(false, 0, "clickomania %s", levels[k]);
        void *l = load(g, levels[k]);
        if (!l) continue;
        pl_render_info info;
        CHECKF(render_info(g, l, NULL, &o, names[k], &info, msg, sizeof msg) == 0, "render: %s", msg);
        CHECK_INT(info.ncolours, 2);
        CHECK_STR(info.colours[k], "a");
        CHECK_INT(info.entry[k], 1);
        if (image_open(&im, names[k])) {
            a_rgb[k] = pixel(&im, (board_x(&im, 50, 2) + 1.25) * 50, (CAPTION + 0.25) * 50); /* cell 0,1 */
            unsigned other_rgb = pixel(&im, (board_x(&im, 50, 2) + 0.25) * 50, (CAPTION + 0.25) * 50);
            if (k == 0) a_rgb[k] = other_rgb; /* "ab": a is at 0,0 */
            CHECKF(k == 0 || other_rgb == palette_hex(3), "c at 0,0: %06x, expected %06x", other_rgb, palette_hex(3));
            image_close(&im);
        }
        g->level_free(l);
    }
    CHECKF(a_rgb[0] == palette_hex(1) && a_rgb[1] == palette_hex(1), "a: %06x and %06x, expected %06x twice", a_rgb[0],
           a_rgb[1], palette_hex(1));
    check_clear_context();
}

/* Issue 22's pictures. */
static void test_issue22_pictures(void) {
    pl_render_options o;
    pl_render_options_default(&o);
    o.cell = 40;
    char msg[512];
    image im;
    pl_render_info info;
    unsigned w1, h1, w2, h2;

    /* Buttons: the cut 0,0 0,2 over three buttons is drawn over them (the
     * segment's white core at the middle button's centre) and rings every
     * one, the middle one too (black just inside or outside radius 0.44). */
    const pl_game *g = &pl_game_buttons;
    check_context(false, 0, "buttons aaa / bb.");
    void *l = load(g, "aaa\nbb.\n");
    if (l) {
        o.step = 0;
        CHECKF(render(g, l, "0,0 0,2\n", &o, "buttons-cut3.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "buttons-cut3.png")) {
            double x0 = board_x(&im, 40, 3);
            for (int c = 0; c < 3; c++) {
                double x = (x0 + c + 0.5) * 40, y = (CAPTION + 0.5 - 0.44) * 40;
                CHECKF(pixel(&im, x, y - 2) == 0 || pixel(&im, x, y + 2) == 0, "ring above 0,%d: %06x %06x", c,
                       pixel(&im, x, y - 2), pixel(&im, x, y + 2));
            }
            unsigned mid = pixel(&im, (x0 + 1.5) * 40, (CAPTION + 0.5) * 40);
            CHECKF(mid == 0xFFFFFFu, "the segment over the middle button: %06x", mid);
            /* the b below is not on the cut: no ring */
            unsigned b = pixel(&im, (x0 + 0.5) * 40, (CAPTION + 1.5 - 0.44) * 40 + 2);
            CHECKF(b != 0, "no ring on 1,0: %06x", b);
            image_close(&im);
        }
        o.step = 5;
        CHECK(render(g, l, "0,0 0,2\n", &o, "bad.png", msg, sizeof msg) != 0);
        CHECK_STR(msg, "t.moves: --step 5 is past the end: the certificate has 1 move (--step 0 to 1)");
        o.step = 1;
        CHECK(render(g, l, NULL, &o, "bad.png", msg, sizeof msg) != 0);
        CHECK_STR(msg, "--step 1: without a MOVES file there is only the level (--step 0)");
        o.step = 1; /* the end is fine */
        CHECKF(render(g, l, "0,0 0,2\n", &o, "buttons-step1.png", msg, sizeof msg) == 0, "%s", msg);
        o.step = -1;
        g->level_free(l);
    }
    /* Two players: a status line under the board makes the frame higher
     * (and wider, for the text) than the puzzle on the same board. */
    check_context(false, 0, "buttons two-player");
    void *single = load(g, "aab\nbba\n");
    void *two = load(g, "players: partisan a b\naab\nbba\n");
    if (single && two) {
        CHECKF(render(g, single, NULL, &o, "buttons-1p.png", msg, sizeof msg) == 0, "%s", msg);
        CHECKF(render(g, two, "0,0 0,1\n", &o, "buttons-2p.png", msg, sizeof msg) == 0, "%s", msg);
        CHECK(png_header(path_of("buttons-1p.png"), &w1, &h1) && png_header(path_of("buttons-2p.png"), &w2, &h2));
        CHECKF(h2 > h1 && w2 > w1, "two-player frame %ux%u, puzzle %ux%u", w2, h2, w1, h1);
        CHECKF(render(g, two, "0,0 0,1\n", &o, "buttons-2p.pdf", msg, sizeof msg) == 0, "%s", msg);
        CHECK_INT(pdf_pages(path_of("buttons-2p.pdf")), 2);
    }
    if (single) g->level_free(single);
    if (two) g->level_free(two);

    /* Two Dots: with a move limit and goals, a status line: the frame is
     * higher, and the goal's dot (colour a) is drawn below the board. */
    g = &pl_game_twodots;
    check_context(false, 0, "twodots with moves and a goal");
    single = load(g, "aab\nabb\n");
    two = load(g, "moves: 2\ngoal: a 3\naab\nabb\n");
    if (single && two) {
        CHECKF(render(g, single, NULL, &o, "twodots-plain.png", msg, sizeof msg) == 0, "%s", msg);
        CHECKF(render(g, two, NULL, &o, "twodots-status.png", msg, sizeof msg) == 0, "%s", msg);
        CHECK(png_header(path_of("twodots-plain.png"), &w1, &h1) &&
              png_header(path_of("twodots-status.png"), &w2, &h2));
        CHECKF(h2 > h1, "with a status line %u px high, without %u", h2, h1);
        if (image_open(&im, "twodots-status.png")) {
            int orange = 0;
            for (double y = (CAPTION + 2) * 40; y < (CAPTION + 2.9) * 40; y++)
                for (int x = 0; x < im.w; x++) orange += pixel(&im, x, y) == palette_hex(1);
            CHECKF(orange > 20, "the goal's dot under the board: %d pixels of a's colour", orange);
            image_close(&im);
        }
    }
    if (single) g->level_free(single);
    if (two) g->level_free(two);

    /* Two Dots with refill: the queue's next dot (b) is drawn above the board
     * (one row of queued dots: the board starts 1.25 cells lower); after
     * 0,0 0,1 it has fallen into 0,0 and its place above is empty. */
    check_context(false, 0, "twodots refill");
    single = load(g, "refill:\nb.\nboard:\naa\n");
    if (single) {
#define TD_AT(y, c) pixel(&im, (board_x(&im, 40, 2) + (c) + 0.5) * 40, (CAPTION + (y)) * 40)
        o.step = -1;
        CHECKF(render(g, single, NULL, &o, "twodots-refill0.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "twodots-refill0.png")) {
            CHECKF(TD_AT(0.5, 0) == palette_hex(2), "the queued b above column 0: %06x", TD_AT(0.5, 0));
            CHECKF(TD_AT(0.5, 1) != palette_hex(2), "nothing queued above column 1: %06x", TD_AT(0.5, 1));
            CHECKF(TD_AT(1.75, 0) == palette_hex(1), "a at 0,0: %06x", TD_AT(1.75, 0));
            image_close(&im);
        }
        CHECKF(render(g, single, "0,0 0,1\n", &o, "twodots-refill1.png", msg, sizeof msg) == 0, "%s", msg);
        if (image_open(&im, "twodots-refill1.png")) {
            CHECKF(TD_AT(1.75, 0) == palette_hex(2), "the b fell into 0,0: %06x", TD_AT(1.75, 0));
            CHECKF(TD_AT(1.75, 1) == GRID_GREY, "0,1 empty, its queue dry: %06x", TD_AT(1.75, 1));
            CHECKF(TD_AT(0.5, 0) != palette_hex(2), "the queue is empty: %06x", TD_AT(0.5, 0));
            image_close(&im);
        }
#undef TD_AT
        g->level_free(single);
    }

    /* One row: the strip of a 1x12 board's seven frames wraps, one frame a
     * row (frames wider than high), unless --frames-per-row says otherwise. */
    g = &pl_game_clickomania;
    check_context(false, 0, "clickomania aabbccaabbcc");
    l = load(g, "aabbccaabbcc\n");
    if (l) {
        const char *moves = "0,0\n0,0\n0,0\n0,0\n0,0\n0,0\n";
        o.frames = true;
        o.cell = 20;
        CHECKF(render_info(g, l, moves, &o, "row-strip.png", &info, msg, sizeof msg) == 0, "%s", msg);
        CHECK_INT(info.frames, 7);
        CHECKF(info.rows > 1 && info.per_row == 1, "one-row strip: %d rows of %d frames", info.rows, info.per_row);
        CHECK(png_header(path_of("row-strip.png"), &w1, &h1));
        CHECKF((int)w1 == info.width && (int)h1 == info.height, "PNG %ux%u, info %dx%d", w1, h1, info.width,
               info.height);
        CHECKF(h1 > w1, "the strip wraps into a column: %ux%u", w1, h1);
        CHECK(info.first_step == 0 && info.last_step == 6 && info.moves == 6);
        o.per_row = 4; /* asked for: four a row */
        CHECKF(render_info(g, l, moves, &o, "row-strip4.png", &info, msg, sizeof msg) == 0, "%s", msg);
        CHECK(info.per_row == 4 && info.rows == 2);
        o.per_row = 0;
        /* a square board keeps four a row */
        o.frames = false;
        g->level_free(l);
    }
    l = load(g, "ab\nab\n");
    if (l) {
        o.frames = true;
        CHECKF(render_info(g, l, "0,0\n", &o, "square-strip.png", &info, msg, sizeof msg) == 0, "%s", msg);
        CHECK(info.per_row == 2 && info.rows == 1);
        /* --format overrides the extension; PDF: a page a frame */
        o.format = PL_OUT_PDF;
        CHECKF(render_info(g, l, "0,0\n", &o, "square-strip.out", &info, msg, sizeof msg) == 0, "%s", msg);
        CHECK(info.format == PL_OUT_PDF && info.frames == 2 && info.rows == 1 && info.per_row == 1);
        CHECK_INT(pdf_pages(path_of("square-strip.out")), 2);
        o.format = -1;
        pl_error err = {0};
        CHECK(pl_render_file(g, l, NULL, &o, "-", &err) != 0);
        CHECK_STR(err.msg, "standard output needs a format: png, svg or pdf");
        o.frames = false;
        g->level_free(l);
    }
    check_clear_context();
}

/* The polygon helper (for Snipperclips' tools and shapes): a square with a
 * square hole, filled by the even-odd rule whatever the rings' orientation. */
static void test_polygons(void) {
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 100, 100);
    cairo_t *cr = cairo_create(surf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, 100, 100);
    pl_canvas cv = {.cr = cr, .letters = false, .unit = 100};
    /* outer ring counter-clockwise, hole clockwise and also the same way round */
    const double xy[] = {0.1, 0.1, 0.9, 0.1, 0.9, 0.9, 0.1, 0.9, /* outer */
                         0.3, 0.3, 0.3, 0.7, 0.7, 0.7, 0.7, 0.3, /* hole */
                         0.4, 0.4, 0.6, 0.4, 0.6, 0.6, 0.4, 0.6 /* an island in the hole */};
    const int len[] = {4, 4, 4};
    double fill[3], stroke[3] = {0, 0, 0};
    pl_palette_rgb(3, fill);
    pl_draw_polygons(&cv, xy, len, 3, fill, stroke);
    cairo_surface_flush(surf);
    image im = {surf, 100, 100, cairo_image_surface_get_stride(surf), cairo_image_surface_get_data(surf)};
    CHECKF(pixel(&im, 20, 50) == palette_hex(3), "ring: %06x", pixel(&im, 20, 50));
    CHECKF(pixel(&im, 35, 50) == 0xFFFFFFu, "hole: %06x", pixel(&im, 35, 50));
    CHECKF(pixel(&im, 50, 50) == palette_hex(3), "island: %06x", pixel(&im, 50, 50));
    CHECKF(pixel(&im, 5, 5) == 0xFFFFFFu, "outside: %06x", pixel(&im, 5, 5));
    unsigned edge = pixel(&im, 50, 10); /* a 1.5 px line on a pixel boundary: mostly black */
    CHECKF((edge >> 16) < 0x70 && ((edge >> 8) & 0xFF) < 0x70 && (edge & 0xFF) < 0x70, "outline: %06x", edge);
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
}

int main(int argc, char **argv) {
    if (argc > 1) outdir = argv[1];
    test_output_kinds();
    test_clickomania_pixels();
    test_clickomania_regions();
    test_disc_games();
    test_snip_pixels();
    test_palette_colour_blind();
    test_palette_assign();
    test_issue22_pictures();
    test_polygons();
    test_random_levels();
    pl_draw_shutdown();
    return check_done("render");
}
