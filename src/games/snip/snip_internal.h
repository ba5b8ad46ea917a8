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
    GEOSGeometry *target;  /* tool 1's: valid, normalised */
    GEOSGeometry *target2; /* tool 2's (section target2:), or NULL: tool 2 may end as anything */
    bool undo;             /* header undo: yes (Section 2's undo/redo allowed) */
    GEOSGeometry *square; /* the unit square, both tools' start */
    int leaf_max;         /* a tool's leaf splits past this many coordinates; 0: never (rules.c) */
    int clip_min;         /* a placed part is clipped past this many coordinates; < 0: never (rules.c) */
};

typedef struct snip_box {
    double x0, y0, x1, y1;
} snip_box;

/* A tool is kept as the leaves of a quadtree over [0,1]^2 in its own frame,
 * each leaf holding the tool's part inside its cell (rules.c); in both
 * models (the connected model's pieces are found across the cells' sides). */
/* A stretch of a leaf's boundary on a side of its cell: the line x = c
 * (vert) or y = c from lo to hi; plus when the cell lies on the side of
 * larger coordinates; poly: which polygon of the leaf (rules.c). */
typedef struct snip_side {
    double c, lo, hi;
    int poly;
    unsigned char vert, plus;
} snip_side;

typedef struct snip_leaf {
    snip_box cell;
    int depth;
    GEOSGeometry *g; /* the tool inside the cell; NULL when nothing */
    snip_box env;    /* g's envelope */
    int ncoords;
    /* the connected model's piece count (rules.c, tool_pieces): g's
     * boundary on the cell's sides, found when first asked after g changed */
    bool sides_ok;
    int npolys, nside;
    snip_side *side;
} snip_leaf;

typedef struct snip_tool {
    snip_leaf *leaf;
    int n, cap;
    GEOSGeometry *whole; /* the union of the leaves, built on demand */
} snip_tool;

struct snip_state {
    const snip_level *l;
    snip_tool tool[2];
    int pending; /* connected model: tool split by the last snip, awaiting keep */
    /* undo: yes levels: each tool's shape before its last snip or undo
     * (has_prev false at the start and after a reset) */
    snip_tool prev[2];
    bool has_prev[2];
    long snips, resets, undos;
    bool no_overlap; /* the last move failed only because the tools do not overlap, or took at most
                        SNIP_MIN_CUT of area: then graze_radius is about the radius of the largest
                        disc in what it would take (rules.c; 0 otherwise) */
    double graze_radius;
};

/* rules.c */
GEOSContextHandle_t snip_geos_new(snip_level *l);
GEOSGeometry *snip_square(GEOSContextHandle_t ctx, double x0, double y0, double x1, double y1);
/* Rotates g by theta degrees about the origin, then translates by (tx, ty). */
GEOSGeometry *snip_place(GEOSContextHandle_t ctx, const GEOSGeometry *g, double theta, double tx, double ty);
int snip_geom_polys(GEOSContextHandle_t ctx, const GEOSGeometry *g, snip_polys *out);
/* Twice the signed area of a closed ring (positive when counter-clockwise). */
double snip_ring_area2(const snip_ring *rg);
/* Number of polygons of a polygonal geometry (0 when empty). */
int snip_geom_npieces(GEOSContextHandle_t ctx, const GEOSGeometry *g);
/* The whole tool (the union of its leaves, cached until the next move). */
const GEOSGeometry *snip_state_tool(const snip_state *s, int tool);
/* Coordinates over all leaves (O(leaves)). */
long snip_state_ncoords(const snip_state *s, int tool);
/* The convex hull of the tool, without building the union. */
GEOSGeometry *snip_state_hull(const snip_state *s, int tool);
/* "Does the tool cover g?" for many g against one state of the tool: each
 * leaf is prepared (GEOSPrepare) when a g first meets its cell. Valid until
 * the tool next changes: free it before a move on that tool. */
typedef struct snip_cover snip_cover;
snip_cover *snip_cover_new(const snip_state *s, int tool);
bool snip_cover_test(snip_cover *c, const GEOSGeometry *g);
void snip_cover_free(snip_cover *c);

/* Does shape equal tool `tool`'s target (1 or 2; it must exist) within tol?
 * The comparison of snip_state_matches_tool. */
bool snip_geom_matches(const snip_level *l, const GEOSGeometry *shape, int tool, double tol, double *symdiff_area,
                       double *hausdorff, char *why, size_t n);

/* text.c: the level from parsed pieces (used by the generator too). */
GEOSGeometry *snip_polys_to_geom(GEOSContextHandle_t ctx, const snip_polys *p);

#endif
