/* Snipperclips: two tools that cut each other into a target polygon.
 * Paper: E. D. Demaine, M. Korman, A. van Renssen, M. Roeloffzen,
 * "Snipperclips: Cutting Tools into Desired Polygons using Themselves"
 * (CCCG 2017; papers/001).
 *
 * Both tools start as the unit square [0,1]^2 in their own frames. A snip
 * places tool B by a rigid motion in tool A's frame and subtracts its closure
 * from tool A (legal only when the interiors overlap); a reset restores a
 * tool. In the connected model a tool is one piece: a snip that splits it must
 * be followed by `keep A x y`. Geometry is computed with GEOS (geos_c.h, the
 * reentrant API); this header exposes plain coordinates only, so callers
 * (tests, a future renderer) need not include GEOS. */
#ifndef PUZZLELAB_SNIP_H
#define PUZZLELAB_SNIP_H

#include "puzzlelab/game.h"

typedef enum { SNIP_DISCONNECTED = 0, SNIP_CONNECTED = 1 } snip_model;

/* Every tool geometry lives on this fixed grid: each snip is computed by GEOS's
 * snap-rounding overlay (OverlayNG with a fixed precision model), which always
 * returns a valid result. 2^-46 ~ 1.4e-14: 2^6 times the rounding error of
 * a rotated coordinate in [0, 1] (~2e-16), and fine enough that a cut laid a
 * few grid cells inside a vertex of angle 0.1 degree loses less than the 1e-9
 * tolerance at its tip (it was 2^-40 until the needle met such angles). */
#define SNIP_GRID (1.0 / 70368744177664.0)
#define SNIP_DEFAULT_TOLERANCE 1e-9
/* A snip must take more than this area from tool A: one that takes less
 * only grazes it (the overlap test saw the interiors meet along a rounding
 * sliver; a snip repeated exactly is one), and is illegal. A thousandth of
 * the default tolerance: a certificate's real cuts take far more, and what
 * a legal snip may leave unremoved stays far below what verify tolerates. */
#define SNIP_MIN_CUT 1e-12
/* In the connected model, the pieces of at most this area that a snip leaves
 * beside a larger piece are dropped (rounding slivers: a cut along a cell
 * side of the tool's quadtree can leave a strip one grid cell wide;
 * docs/formats.md). */
#define SNIP_SLIVER 1e-13
/* Each tool is kept as the leaves of a quadtree over its frame's unit
 * square: in the disconnected model a leaf of more than this many
 * coordinates is split in four, so that a snip only touches the leaves near
 * the cut (src/games/snip/rules.c; docs/formats.md says what it changes). */
#define SNIP_LEAF_MAX 2048
/* ... and in the connected model (since issue 21: the needle's snips each
 * touch one or two leaves of tool 1; 512 measured fastest at n = 300, against
 * 256, 1,024 and 2,048: docs/benchmarks.md). */
#define SNIP_LEAF_MAX_CONNECTED 512
/* Tools with more vertices than this are clipped to the other tool's box
 * before an overlap test or a subtraction (below, it costs more than it
 * saves, and small tools behave exactly as without the clip). */
#define SNIP_CLIP_MIN 64

/* Polygons as plain coordinates: pieces -> rings (ring 0 the shell, then the
 * holes) -> closed point lists (first == last). */
typedef struct snip_ring {
    int n;
    double *xy; /* 2n doubles */
} snip_ring;
typedef struct snip_piece {
    int nrings;
    snip_ring *rings;
} snip_piece;
typedef struct snip_polys {
    int npieces;
    snip_piece *pieces;
} snip_polys;
void snip_polys_free(snip_polys *p);

typedef struct snip_level snip_level; /* opaque: holds GEOS geometry */

/* Level: optional headers `model: connected|disconnected` (default
 * disconnected) and `undo: yes|no` (default no), then tool 1's target as a
 * WKT POLYGON or MULTIPOLYGON (may span lines; also under an explicit
 * section `target1:`) inside the unit square, and optionally a section
 * `target2:` with tool 2's target (issue 25: both tools must then end on
 * their targets). Errors name file:line:col. */
snip_level *snip_level_parse(const pl_level_text *lt, pl_error *err);
snip_level *snip_level_from_wkt(const char *wkt, snip_model model, pl_error *err);
void snip_level_free(snip_level *l);
snip_model snip_level_model(const snip_level *l);
int snip_level_target(const snip_level *l, snip_polys *out);
bool snip_level_has_target2(const snip_level *l);
/* Tool 2's target (no pieces when the level gives none). */
int snip_level_target2(const snip_level *l, snip_polys *out);
/* Does the level allow Section 2's undo/redo (`undo A`)? */
bool snip_level_undo(const snip_level *l);

/* Parameters of the target used by the constructions (and info). */
typedef struct snip_params {
    int vertices, holes, pieces;
    double area;
    double min_angle;   /* degrees: smallest angle between adjacent edges, inside or outside */
    double h;           /* shortest distance from a vertex to a non-adjacent edge */
    double min_edge;    /* shortest edge */
    int length_classes; /* non-empty classes E_i of Theorem 3 */
    long thm3_bound;    /* snips Theorem 3's construction promises (connected, one piece) */
    long thm5_bound;    /* snips + resets Theorem 5's construction promises */
} snip_params;
void snip_level_params(const snip_level *l, snip_params *p);
/* The same for tool 2's target (all zero when the level gives none). */
void snip_level_params2(const snip_level *l, snip_params *p);

/* Observation 1, generalised (src/games/snip/obs1.c): both targets are given,
 * each is one polygon whose outer ring is the unit square and which has
 * holes, each target's area exceeds the other's largest hole, and the level
 * forbids undo/redo. Then no sequence of snips and resets (either model)
 * realises both targets exactly. True with the argument in why, or false
 * with the condition that fails. */
bool snip_observation1(const snip_level *l, char *why, size_t n);
/* The documented constants: Theorem 3 uses at most 3 + 10 n + classes <= 3 + 11n
 * snips (solve_needle.c says why 10 per edge rather than the proof's 4); Theorem 5 at most SNIP_THM5_PER_TRIANGLE
 * operations per triangle, with at most 2(n+1) + 2 triangles in each of at most n+1 regions. */
long snip_thm3_bound(long n);
long snip_thm5_bound(long n);
#define SNIP_THM5_PER_TRIANGLE 514 /* 2 x 32 trimming cells, 7 half-planes x 64 cells, a reset and the snip */

/* ---------- moves ---------- */
/* SNIP_MOVE_UNDO: Section 2's undo/redo, `undo A` (levels with `undo: yes`):
 * tool A takes back the shape it had before its last snip or undo, never
 * before its last reset (a second undo is the redo). */
typedef enum { SNIP_MOVE_SNIP, SNIP_MOVE_KEEP, SNIP_MOVE_RESET, SNIP_MOVE_UNDO } snip_move_kind;
typedef struct snip_move {
    snip_move_kind kind;
    int a, b;             /* tools 1 or 2 (b: snip only) */
    double theta, tx, ty; /* snip: degrees, translation */
    double x, y;          /* keep: a point of the piece kept */
} snip_move;
/* Parses one move; on a syntax error fills why and *col (1-based). */
int snip_move_parse(const char *text, snip_move *m, char *why, size_t n, int *col);
/* Prints a move so that parsing it gives back the same doubles (%.17g). */
void snip_move_format(const snip_move *m, char *buf, size_t n);

/* For tests: split leaves past max coordinates instead (max <= 0 keeps each
 * tool whole). Set before any state is made. */
void snip_level_set_leaf_max(snip_level *l, int max);
/* For tests: clip a tool to the other's box before an overlap test or a
 * subtraction from min coordinates (default SNIP_CLIP_MIN; 0: always;
 * < 0: never, the plain GEOS computation). */
void snip_level_set_clip_min(snip_level *l, int min);

/* ---------- replay ---------- */
typedef struct snip_state snip_state;
snip_state *snip_state_new(const snip_level *l);
void snip_state_free(snip_state *s);
/* An independent copy (tools, previous shapes, counts). */
snip_state *snip_state_clone(const snip_state *s);
/* Applies a move: 0, or -1 with the reason (illegal). */
int snip_state_apply(snip_state *s, const snip_move *m, char *why, size_t n);
long snip_state_snips(const snip_state *s);
long snip_state_resets(const snip_state *s);
long snip_state_undos(const snip_state *s);
/* Connected model: the tool whose last snip split it and awaits `keep` (1 or
 * 2), or 0. */
int snip_state_pending(const snip_state *s);
/* For tests: how many quadtree leaves (cells, empty ones included) the rules
 * keep tool `tool` (1 or 2) in. */
int snip_state_leaves(const snip_state *s, int tool);
/* The pieces of a tool (after a split awaiting keep: all of them), in the
 * tool's own frame. For drawing and tests. */
int snip_state_polygons(const snip_state *s, int tool, snip_polys *out);
/* Does tool 1 equal the target within tol (symmetric-difference area and
 * Hausdorff distance, see docs/formats.md)? Fills the measured area and the
 * discrete Hausdorff estimate. */
bool snip_state_matches(const snip_state *s, double tol, double *symdiff_area, double *hausdorff, char *why, size_t n);
/* The same for tool `tool` (1 or 2) against its target; a tool without a
 * target (tool 2 of a one-target level) always matches. */
bool snip_state_matches_tool(const snip_state *s, int tool, double tol, double *symdiff_area, double *hausdorff,
                             char *why, size_t n);

/* ---------- constructions ---------- */
/* Theorem 3 (connected model, one piece): the needle. Theorem 5 (any model,
 * any polygonal domain): L-shaped regions and triangles. Both fill the moves
 * and the counts; status unknown with a note when a limit is reached or the
 * target's features are below what the arithmetic resolves. */
int snip_solve_needle(const snip_level *l, pl_limits *lim, pl_solution *out, pl_error *err);
int snip_solve_lshape(const snip_level *l, pl_limits *lim, pl_solution *out, pl_error *err);

#endif
