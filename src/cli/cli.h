/* What the parts of the puzzlelab command line share: option parsing,
 * messages, JSON output; the source problems' commands (problems.c) and the
 * reductions' `reduce` and `lift` (reduce.c). */
#ifndef PUZZLELAB_CLI_CLI_H
#define PUZZLELAB_CLI_CLI_H

#include <stdio.h>

#include "puzzlelab/game.h"
#include "puzzlelab/problems.h"

/* Splits argv into positional arguments and the options of the n lists
 * (`--name value`, `--name=value`; with dash_o also `-o FILE` for
 * --output). Unknown options are errors naming `where`. 0 or -1 (printed). */
int pl_cli_parse_args(const pl_option *const *lists, int n, const char *where, bool dash_o, int argc, char **argv,
                      char **pos, int *npos, pl_opts *o);
void pl_cli_print_options(FILE *f, const pl_option *opts);

/* "puzzlelab: " + fmt (with up to two string arguments); returns exit 2. */
int pl_cli_fail_usage(const char *fmt, const char *a, const char *b);
/* "puzzlelab: " + the formatted message on stderr; returns exit 2. */
int pl_cli_failf(const char *fmt, ...) PL_PRINTF(1, 2);
/* With on, every error is also printed on stdout as one JSON object
 * {"status": "error", "error": MESSAGE, "file", "line", "col",
 * "exit_status": 2} (set when the command line has --json). */
bool pl_cli_json_errors(bool on); /* returns the previous setting */
/* The last error reported, as printed on stderr (without the newline). */
const char *pl_cli_last_error(void);
/* The error as "file:line:col: message" on stderr; returns exit 2. */
int pl_cli_fail_error(const pl_error *e);
/* Prints j indented (and frees it). */
void pl_cli_print_json(json_t *j);
/* One "key: value" line of text output (objects as key=value pairs). */
void pl_cli_print_json_text(const char *key, json_t *v);
/* The level file at path read by the game; NULL with err. */
void *pl_cli_load_level(const pl_game *g, const char *path, pl_error *err);
/* The same from the file's text, read already (pl_file_text_read), which
 * it takes (pl_level_text_take). */
void *pl_cli_level_from_text(const pl_game *g, const char *path, pl_file_text *text, pl_error *err);
/* solve's text output on f: the status, the values, `optimal`
 * (optimisation), the '#' line of algorithm, time, nodes (and peak memory
 * when memory and measured), limit and note, then, with_moves, `moves:` and
 * the certificate when solved. */
void pl_cli_print_solution(FILE *f, const pl_solution *sol, const char *algorithm, double secs, bool optimisation,
                           bool memory, bool with_moves);
/* info's output: j as JSON, or one "key: value" line a key; frees j. */
void pl_cli_print_info(json_t *j, bool json);
/* v as JSON text (indented by two, or on one line), reals in the shortest
 * form that reads back exactly; malloc'd. pl_cli_print_json prints it. */
char *pl_cli_json_dumps(json_t *v, bool indent);
/* Writes text to path ("-": stdout); 0, or exit 2 after a message. */
int pl_cli_write_file(const char *path, const char *text);
/* solve -o: the certificate in sol as a MOVES file at out ("-": stdout),
 * after a comment line "# puzzlelab WHAT solve SOURCE: algorithm A, N UNITs,
 * values" and "moves:"; verify reads it. 0, or exit 2 after a message. */
/* Its first two lines (the comment and "moves:") for a certificate of
 * nmoves moves, into b. */
void pl_cli_certificate_head(pl_sbuf *b, const char *what, const char *source, const char *unit,
                             const pl_solution *sol, long long nmoves);
int pl_cli_write_certificate(const char *out, const char *what, const char *source, const char *unit,
                             const pl_solution *sol);

/* `puzzlelab PROBLEM COMMAND ...` (argv[1] is the problem). */
int pl_cli_problem_main(const pl_problem *p, int argc, char **argv);
void pl_cli_problems_help(FILE *f);

/* `puzzlelab GAME reduce|lift`. */
int pl_cli_reduce(const pl_game *g, int npos, char **pos, const pl_opts *o);
int pl_cli_lift(const pl_game *g, int npos, char **pos, const pl_opts *o);
extern const pl_option pl_cli_reduce_options[];
extern const pl_option pl_cli_lift_options[];
/* The game's reductions, for `GAME help`. */
void pl_cli_print_reductions(FILE *f, const pl_game *g);

/* `puzzlelab GAME sweep` (sweep.c) and `puzzlelab GAME plot` (plot.c). */
int pl_cli_sweep(const pl_game *g, int npos, char **pos, const pl_opts *o);
int pl_cli_plot(const pl_game *g, int npos, char **pos, const pl_opts *o);
extern const pl_option pl_cli_sweep_options[];
extern const pl_option pl_cli_plot_options[];

#ifdef PL_HAVE_MPI
#include <mpi.h>
/* Started by mpirun (Open MPI's, or another PMI launcher's, environment)? */
bool pl_cli_mpi_launched(void);
/* Rank 0's wait for the next message, sleeping instead of spinning. */
void pl_cli_mpi_probe(MPI_Status *st);
/* `census` under mpirun (census.c), between MPI_Init and MPI_Finalize:
 * runs g's chunked census over the ranks, rank 0 handing out chunks and
 * adding up the counts, and fills out like pl_census_run on rank 0 (a
 * worker's out gets only the parameters; its stdout is /dev/null). 0, or -1
 * with err (on every rank alike). */
int pl_cli_census_mpi(const pl_game *g, const pl_opts *o, pl_limits *lim, json_t *out, pl_error *err);
#endif

#endif
