/* Random Snipperclips targets inside the unit square.
 *
 * Families:
 *  - simple (default): a star-shaped polygon (random angles sorted around a
 *    centre, random radii), simple by construction;
 *  - holes: such a polygon with small star-shaped holes;
 *  - pieces: several star-shaped polygons in separate cells;
 *  - lower-bound: Theorem 2's shape, n/3 triangles on a line whose gaps grow
 *    exponentially, joined by a strip in the connected model (the gaps grow by 2 up to 10 triangles, then by
 *    2^(9/(m-1)), so the widest gap is 512 times the narrowest and the
 *    constructions stay above the arithmetic's resolution);
 *  - observation-1: Observation 1's unit square with a thin hole in the middle.
 * --targets 2 gives tool 2 the same target (section target2:), the pair
 * P1 = P2 of Observation 1.
 * Random coordinates are rounded to 6 decimals, and every number is printed
 * in the shortest form that reads back as the same double (0.25, not
 * 0.250000 or 0.25000000000000001): the level is what is printed. Every
 * level is checked by the level parser before it is returned; a random draw
 * that the parser rejects (two points rounding together) is redrawn. The
 * opening comment is the command that prints the same file again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

const pl_option snip_generate_options[] = {
    {"family", "F", "simple (default), holes, pieces, lower-bound or observation-1"},
    {"vertices", "N", "vertices of each polygon (default 8; lower-bound: the total, 3 per triangle)"},
    {"holes", "K", "holes (family holes, default 2)"},
    {"pieces", "K", "pieces (family pieces, default 3)"},
    {"thickness", "T", "observation-1: the hole's thickness (default 0.01, at most 0.5: a square hole)"},
    {"model", "M", "the level's model header: disconnected (default) or connected"},
    {"targets", "K", "1 (default): a target for tool 1; 2: tool 2 gets the same one (section target2:)"},
    {"seed", "S", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static double unif(pl_rng *r) {
    return (double)(pl_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* x rounded to 6 decimals, in its shortest form (k / 10^6 is correctly
 * rounded, so it reads back as itself and prints as at most 6 decimals). */
static const char *six(double x, char *buf) {
    return pl_double_text(round(x * 1e6) / 1e6, buf);
}

/* A star-shaped ring around (cx, cy) with radii in [r0, r1]; CCW when ccw. */
static void star_ring(pl_sbuf *b, pl_rng *rng, long n, double cx, double cy, double r0, double r1, bool ccw) {
    double *ang = pl_xmalloc((size_t)n * sizeof *ang);
    /* angles: n sorted points with gaps of at least a fifth of the mean */
    double sum = 0;
    for (long i = 0; i < n; i++) sum += ang[i] = 0.2 + unif(rng);
    double start = unif(rng) * 2 * SNIP_PI, acc = 0;
    pl_sbuf_printf(b, "(");
    double fx = 0, fy = 0;
    for (long i = 0; i < n; i++) {
        double a = start + 2 * SNIP_PI * acc / sum;
        double t = ccw ? a : -a;
        double r = r0 + (r1 - r0) * unif(rng);
        double x = cx + r * cos(t), y = cy + r * sin(t);
        if (x < 0) x = 0;
        if (x > 1) x = 1;
        if (y < 0) y = 0;
        if (y > 1) y = 1;
        if (i == 0) fx = x, fy = y;
        char bx[PL_DOUBLE_CHARS], by[PL_DOUBLE_CHARS];
        pl_sbuf_printf(b, "%s%s %s", i ? ", " : "", six(x, bx), six(y, by));
        acc += ang[i];
    }
    char bx[PL_DOUBLE_CHARS], by[PL_DOUBLE_CHARS];
    pl_sbuf_printf(b, ", %s %s)", six(fx, bx), six(fy, by));
    free(ang);
}

static char *finish_level(pl_sbuf *b, size_t at, pl_error *err, snip_model model) {
    /* the parser is the judge of what we print */
    snip_level *l = snip_level_from_wkt(b->s + at, model, err);
    if (!l) {
        free(b->s);
        return NULL;
    }
    snip_level_free(l);
    return b->s;
}

static char *generate_one(const pl_opts *o, long targets, pl_error *err) {
    long n, holes, pieces;
    double thick;
    uint64_t seed;
    const char *family = pl_opts_get(o, "family"), *model_s = pl_opts_get(o, "model");
    if (!family) family = "simple";
    if (!model_s) model_s = "disconnected";
    if (strcmp(model_s, "connected") && strcmp(model_s, "disconnected"))
        return pl_error_set(err, NULL, 0, 0, "--model: expected connected or disconnected, got '%s'", model_s), NULL;
    snip_model model = model_s[0] == 'c' ? SNIP_CONNECTED : SNIP_DISCONNECTED;
    bool lower = strcmp(family, "lower-bound") == 0;
    if (pl_opts_long(o, "vertices", lower ? 12 : 8, 3, lower ? 3000 : 100000, &n, err) ||
        pl_opts_long(o, "holes", 2, 0, 50, &holes, err) || pl_opts_long(o, "pieces", 3, 1, 100, &pieces, err) ||
        pl_opts_double(o, "thickness", 0.01, 1e-6, 0.5, &thick, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "%s", "");
    /* the options that shape this family's level, every one with its value */
    char cmd[400], vert[40] = "";
    if (strcmp(family, "observation-1") != 0) snprintf(vert, sizeof vert, " --vertices %ld", n);
    snprintf(cmd, sizeof cmd,
             "# snip: generated by puzzlelab snip generate --family %.40s%s --model %s --targets %ld --seed %llu",
             family, vert, model_s, targets, (unsigned long long)seed);
    if (strcmp(family, "simple") == 0) {
        for (int tries = 0; tries < 1000; tries++) {
            b.n = 0;
            pl_sbuf_printf(&b, "%s\nmodel: %s\nPOLYGON(", cmd, model_s);
            star_ring(&b, &rng, n, 0.5, 0.5, 0.12, 0.48, true);
            pl_sbuf_printf(&b, ")\n");
            pl_error e2;
            snip_level *l = snip_level_from_wkt(strstr(b.s, "POLYGON"), model, &e2);
            if (l) {
                snip_level_free(l);
                return b.s;
            }
        }
    } else if (strcmp(family, "holes") == 0) {
        for (int tries = 0; tries < 1000; tries++) {
            b.n = 0;
            pl_sbuf_printf(&b, "%s --holes %ld\nmodel: %s\nPOLYGON(", cmd, holes, model_s);
            star_ring(&b, &rng, n, 0.5, 0.5, 0.42, 0.49, true);
            /* holes on a circle of radius 0.22 around the centre, in separate sectors */
            double r = holes > 1 ? fmin(0.09, 0.22 * sin(SNIP_PI / (double)holes) * 0.8) : 0.09;
            for (long k = 0; k < holes; k++) {
                double a = 2 * SNIP_PI * (double)k / (double)(holes ? holes : 1);
                double cx = holes > 1 ? 0.5 + 0.22 * cos(a) : 0.5, cy = holes > 1 ? 0.5 + 0.22 * sin(a) : 0.5;
                pl_sbuf_printf(&b, ", ");
                star_ring(&b, &rng, 3 + (long)pl_rng_below(&rng, 3), cx, cy, r * 0.4, r, false);
            }
            pl_sbuf_printf(&b, ")\n");
            pl_error e2;
            snip_level *l = snip_level_from_wkt(strstr(b.s, "POLYGON"), model, &e2);
            if (l) {
                snip_level_free(l);
                return b.s;
            }
        }
    } else if (strcmp(family, "pieces") == 0) {
        long side = 1;
        while (side * side < pieces) side++;
        double cell = 1.0 / (double)side;
        for (int tries = 0; tries < 1000; tries++) {
            b.n = 0;
            pl_sbuf_printf(&b, "%s --pieces %ld\nmodel: %s\nMULTIPOLYGON(", cmd, pieces, model_s);
            for (long k = 0; k < pieces; k++) {
                double cx = ((double)(k % side) + 0.5) * cell, cy = ((double)(k / side) + 0.5) * cell;
                pl_sbuf_printf(&b, "%s(", k ? ", " : "");
                star_ring(&b, &rng, n, cx, cy, 0.1 * cell, 0.45 * cell, true);
                pl_sbuf_printf(&b, ")");
            }
            pl_sbuf_printf(&b, ")\n");
            pl_error e2;
            snip_level *l = snip_level_from_wkt(strstr(b.s, "MULTIPOLYGON"), model, &e2);
            if (l) {
                snip_level_free(l);
                return b.s;
            }
        }
    } else if (lower) {
        long m = n / 3;
        if (m < 1) m = 1;
        double base = m <= 10 ? 2.0 : pow(2.0, 9.0 / (double)(m - 1));
        /* widths: m triangles of width w, gaps u, u*base, ...; total 0.96 */
        double w = 0.48 / (double)m, gsum = 0, g = 1;
        for (long k = 0; k + 1 < m; k++) gsum += g, g *= base;
        double u = m > 1 ? 0.48 / gsum : 0;
        double *x = pl_xmalloc((size_t)m * sizeof *x);
        x[0] = 0.02;
        g = u;
        for (long k = 1; k < m; k++) x[k] = x[k - 1] + w + g, g *= base;
        pl_sbuf_printf(&b, "%s\nmodel: %s\n", cmd, model_s);
        size_t at = b.n;
        char d[4][PL_DOUBLE_CHARS];
        if (model == SNIP_CONNECTED) {
            /* one ring: the strip's bottom, then the triangles right to left */
            pl_sbuf_printf(&b, "POLYGON((%s 0.3, %s 0.3", pl_double_text(x[0], d[0]),
                           pl_double_text(x[m - 1] + w, d[1]));
            for (long k = m - 1; k >= 0; k--)
                pl_sbuf_printf(&b, ", %s 0.4, %s 0.6, %s 0.4", pl_double_text(x[k] + w, d[0]),
                               pl_double_text(x[k] + w / 2, d[1]), pl_double_text(x[k], d[2]));
            pl_sbuf_printf(&b, ", %s 0.3))\n", pl_double_text(x[0], d[0]));
        } else {
            pl_sbuf_printf(&b, "MULTIPOLYGON(");
            for (long k = 0; k < m; k++)
                pl_sbuf_printf(&b, "%s((%s 0.4, %s 0.4, %s 0.6, %s 0.4))", k ? ", " : "", pl_double_text(x[k], d[0]),
                               pl_double_text(x[k] + w, d[1]), pl_double_text(x[k] + w / 2, d[2]),
                               pl_double_text(x[k], d[3]));
            pl_sbuf_printf(&b, ")\n");
        }
        free(x);
        return finish_level(&b, at, err, model);
    } else if (strcmp(family, "observation-1") == 0) {
        char lo[PL_DOUBLE_CHARS], hi[PL_DOUBLE_CHARS], t[PL_DOUBLE_CHARS];
        pl_sbuf_printf(&b, "%s --thickness %s\nmodel: %s\n", cmd, pl_double_text(thick, t), model_s);
        size_t at = b.n;
        pl_double_text(0.5 - thick / 2, lo);
        pl_double_text(0.5 + thick / 2, hi);
        pl_sbuf_printf(&b, "POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.25 %s, 0.25 %s, 0.75 %s, 0.75 %s, 0.25 %s))\n", lo,
                       hi, hi, lo, lo);
        return finish_level(&b, at, err, model);
    } else {
        free(b.s);
        return pl_error_set(err, NULL, 0, 0,
                            "--family: expected simple, holes, pieces, lower-bound or observation-1, got '%s'", family),
               NULL;
    }
    free(b.s);
    return pl_error_set(err, NULL, 0, 0, "no valid %s target found in 1000 draws (try other options)", family), NULL;
}

char *snip_generate(const pl_opts *o, pl_error *err) {
    long targets;
    if (pl_opts_long(o, "targets", 1, 1, 2, &targets, err)) return NULL;
    char *text = generate_one(o, targets, err);
    if (!text || targets == 1) return text;
    /* the target is everything after the model line */
    const char *wkt = strstr(text, "\nmodel: ");
    wkt = wkt ? strchr(wkt + 1, '\n') : NULL;
    if (!wkt) return text;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "%s%starget2:\n%s", text, text[strlen(text) - 1] == '\n' ? "" : "\n", wkt + 1);
    free(text);
    return b.s;
}
