/* What `sweep` (sweep.c) and `plot` (plot.c) share: a table of records, read
 * from a sweep's JSON Lines or CSV output or made by a running sweep, and
 * the statistics of a group of its records. */
#ifndef PUZZLELAB_CLI_SWEEP_H
#define PUZZLELAB_CLI_SWEEP_H

#include "cli.h"

enum { SW_MAX_PARAMS = 16 };

/* One instance of a sweep: the generator parameters it was made with (one
 * value a parameter of the table, in the table's order), its place in the
 * cell, its seed and what the solver said. */
typedef struct sw_record {
    char *value[SW_MAX_PARAMS];
    long index;
    uint64_t seed;
    int status; /* pl_status */
    double seconds, nodes;
    char *solve; /* the record's solve line (resume checks it) */
    int line;    /* the line of the file it was read from; 0: computed now */
    int group;   /* the cell (sweep) or the plotted point (plot) it belongs to; -1: none */
} sw_record;

typedef struct sw_table {
    char *name[SW_MAX_PARAMS];
    int nparams;
    bool fixed; /* sw_table_read: the records must have exactly these parameters */
    sw_record *r;
    size_t n, cap;
} sw_table;

void sw_table_free(sw_table *t);
/* Appends a record (its strings are taken over). */
void sw_table_add(sw_table *t, const sw_record *r);

/* Reads a sweep's output (JSON Lines, or CSV when path ends in .csv) for
 * game g (with t->fixed, records of exactly the parameters t names, in any
 * order; else the first record's or the header's). *complete gets the length of the file up to its last complete
 * line (a killed sweep can leave half a line); a complete line that is not
 * a record is an error at its line. 0, or -1 with err. */
int sw_table_read(const char *path, const pl_game *g, sw_table *t, size_t *complete, pl_error *err);

/* The statistics of a group of records. */
typedef struct sw_stats {
    long count, solved, unsolvable, unknown;
    double fraction;                /* solved / (solved + unsolvable); NAN when none was decided */
    double wilson_low, wilson_high; /* Wilson 95% score interval of fraction */
    double unknown_share;           /* unknown / count */
    double seconds_median, seconds_p90, nodes_median, nodes_p90; /* nearest rank */
} sw_stats;
/* The statistics of the records of t whose group is group. */
void sw_stats_of(const sw_table *t, int group, sw_stats *s);

typedef enum { SW_Y_SOLVABLE, SW_Y_SECONDS, SW_Y_NODES } sw_y;
/* Plots the records of t: one point per value of the parameter x and per
 * value of series (NULL: one line), the records of the other parameters
 * pooled. path's extension chooses PNG, SVG or PDF. info (may be NULL) gets
 * what was drawn: format, x, series, y and the points. 0, or -1 with err. */
int sw_plot(const char *game, sw_table *t, const char *path, const char *x, const char *series, sw_y y, json_t *info,
            pl_error *err);
/* "solvable" / "seconds" / "nodes" -> y; -1 when it is none of them. */
int sw_y_of(const char *name);

#endif
