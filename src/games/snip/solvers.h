/* Snipperclips: constructions, the certificate builder and the generator,
 * shared inside src/games/snip/. */
#ifndef PUZZLELAB_SNIP_SOLVERS_H
#define PUZZLELAB_SNIP_SOLVERS_H

#include "snip_internal.h"

/* cert.c: builds a certificate by applying each move through the rules, from
 * its printed text, exactly as verify will replay it. */
typedef struct snip_builder {
    const snip_level *l;
    snip_state *st;
    pl_strvec moves;
    pl_limits *lim;
    int failed;  /* 0; SNIP_BUILD_ILLEGAL; SNIP_BUILD_LIMIT */
    /* of the snips skipped because they took at most SNIP_MIN_CUT of area:
     * about the radius of the largest disc in what one would have taken */
    double graze_radius;
    char why[300];
} snip_builder;
enum { SNIP_BUILD_ILLEGAL = 1, SNIP_BUILD_LIMIT = 2 };

void snip_builder_init(snip_builder *b, const snip_level *l, pl_limits *lim);
void snip_builder_free(snip_builder *b);
/* Snips tool a with tool bt placed by (theta, tx, ty). A placement whose
 * interiors do not overlap, or that would take at most SNIP_MIN_CUT of area
 * (a graze: graze_radius), removes nothing and is skipped (returns 0,
 * *done false). When the snip splits tool a in the connected model, the piece kept
 * is the one overlapping `prefer` most (largest piece when NULL), and a keep
 * line follows. Returns -1 once failed. */
int snip_builder_snip(snip_builder *b, int a, int bt, double theta, double tx, double ty, const GEOSGeometry *prefer,
                      bool *done);
int snip_builder_reset(snip_builder *b, int a);
/* Moves the solution out of the builder: solved when tool 1 matches the
 * target within the default tolerance, unknown otherwise (with a note). */
void snip_builder_finish(snip_builder *b, const char *algorithm, pl_solution *out);

/* solve_pieces.c */
bool snip_pieces_applies(const void *level, const pl_request *req, char *why, size_t n);
int snip_pieces_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* solve_needle.c (Theorem 3) and solve_lshape.c (Theorem 5) */
bool snip_needle_applies(const void *level, const pl_request *req, char *why, size_t n);
int snip_needle_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool snip_lshape_applies(const void *level, const pl_request *req, char *why, size_t n);
int snip_lshape_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* obs1.c (Observation 1, generalised) and solve_twotool.c (exact search on
 * a grid of placements, two targets) */
bool snip_obs1_applies(const void *level, const pl_request *req, char *why, size_t n);
int snip_obs1_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool snip_grid_applies(const void *level, const pl_request *req, char *why, size_t n);
int snip_grid_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
extern const pl_option snip_solve_options[];

/* generate.c */
char *snip_generate(const pl_opts *o, pl_error *err);
extern const pl_option snip_generate_options[];

#endif
