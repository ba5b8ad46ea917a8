/* Snipperclips: what the files of src/games/snip/ share (GEOS handles). */
#ifndef PUZZLELAB_SNIP_INTERNAL_H
#define PUZZLELAB_SNIP_INTERNAL_H

#include <geos_c.h>

#include "puzzlelab/snip.h"

#define SNIP_PI 3.14159265358979323846

struct snip_level {
    snip_model model;
    GEOSContextHandle_t ctx;
    char geos_msg[256];   /* the last GEOS error, for reasons */
    GEOSGeometry *target; /* valid, normalised */
    GEOSGeometry *square; /* the unit square, both tools' start */
};

struct snip_state {
    const snip_level *l;
    GEOSGeometry *tool[2];
    int pending; /* connected model: tool split by the last snip, awaiting keep */
    long snips, resets;
    bool no_overlap; /* the last move failed only because the tools do not overlap */
};

/* rules.c */
GEOSContextHandle_t snip_geos_new(snip_level *l);
GEOSGeometry *snip_square(GEOSContextHandle_t ctx, double x0, double y0, double x1, double y1);
/* Rotates g by theta degrees about the origin, then translates by (tx, ty). */
GEOSGeometry *snip_place(GEOSContextHandle_t ctx, const GEOSGeometry *g, double theta, double tx, double ty);
int snip_geom_polys(GEOSContextHandle_t ctx, const GEOSGeometry *g, snip_polys *out);
/* Number of polygons of a polygonal geometry (0 when empty). */
int snip_geom_npieces(GEOSContextHandle_t ctx, const GEOSGeometry *g);
const GEOSGeometry *snip_state_tool(const snip_state *s, int tool);

/* text.c: the level from parsed pieces (used by the generator too). */
GEOSGeometry *snip_polys_to_geom(GEOSContextHandle_t ctx, const snip_polys *p);

#endif
