/* The game descriptor: one table per game of what it can do. The CLI is
 * written once over it (help, info, solve, verify, generate), in the manner of
 * the `struct game` of Simon Tatham's Portable Puzzle Collection. */
#ifndef PUZZLELAB_GAME_H
#define PUZZLELAB_GAME_H

#include <jansson.h>

#include "puzzlelab/core.h"

/* An option a command accepts: "--name ARG". arg == NULL: a flag. */
typedef struct pl_option {
    const char *name; /* without the leading "--" */
    const char *arg;  /* metavariable, e.g. "N"; NULL for flags */
    const char *help;
} pl_option;

/* Parsed options: name -> value ("" for flags). Later occurrences win. */
typedef struct pl_opts {
    const char *name[64];
    const char *value[64];
    int n;
} pl_opts;
const char *pl_opts_get(const pl_opts *o, const char *name);
bool pl_opts_has(const pl_opts *o, const char *name);
/* Integer option in [lo, hi]; absent -> def. Errors name the option. */
int pl_opts_long(const pl_opts *o, const char *name, long def, long lo, long hi, long *out, pl_error *err);
int pl_opts_u64(const pl_opts *o, const char *name, uint64_t def, uint64_t *out, pl_error *err);
int pl_opts_double(const pl_opts *o, const char *name, double def, double lo, double hi, double *out,
                   pl_error *err);

/* What a solver reports. Moves are strings in the notation of formats.md. */
#define PL_MAX_VALUES 4
typedef struct pl_solution {
    pl_status status;
    pl_strvec moves;
    const char *algorithm;
    int optimal; /* -1: not an optimisation; 0: no; 1: yes */
    int nvalues;
    const char *value_name[PL_MAX_VALUES]; /* e.g. "removed", "score" */
    long long value[PL_MAX_VALUES];
    uint64_t nodes;
    size_t peak_memory; /* bytes */
    int limit_hit;      /* PL_LIMIT_* */
    /* The algorithm did not search: the instance is beyond what it can take
     * (a formula over the memory limit, too many candidate cuts). status is
     * unknown and note says why; `auto` then runs the next applicable
     * algorithm within the same limits. */
    bool declined;
    char note[4096]; /* one line of explanation, may be empty; never cut by the CLI */
} pl_solution;
void pl_solution_init(pl_solution *s);
void pl_solution_free(pl_solution *s);
void pl_solution_set_value(pl_solution *s, const char *name, long long v);

/* What a command asks of a solver, beyond the level. */
typedef struct pl_request {
    const pl_opts *opts; /* every option given on the command line */
    const char *objective;
    uint64_t seed;
    pl_limits *limits;
    int threads; /* worker threads for parallel algorithms (>= 1) */
    /* Anytime algorithms report their best so far through this (when not
     * NULL); algorithms never print themselves. */
    void (*progress)(void *ctx, const char *line);
    void *progress_ctx;
} pl_request;

/* ---------- the streamed solve (issue 21, item 5) ----------
 * A level of millions of cells spends most of a linear algorithm's time in
 * the general reader (a grid, its heights) and in the moves as one string
 * each. A game may instead solve some levels straight from their text and
 * write the moves as they are made, a block of text at a time. */
typedef struct pl_move_sink {
    char *buf;        /* moves, each followed by '\n' */
    size_t used, cap; /* flush before fewer than PL_MOVE_SINK_ROOM bytes are left */
    /* writes buf[0 .. used) out and empties it; -1 when a write failed */
    int (*flush)(struct pl_move_sink *s);
    void *ctx;
    long long moves; /* the game adds one a move written (checked against nmoves) */
} pl_move_sink;
#define PL_MOVE_SINK_ROOM 64 /* one move at least */

typedef struct pl_text_solve {
    pl_status status;
    const char *algorithm; /* the answering algorithm's name */
    size_t peak_memory;    /* bytes */
    uint64_t nodes;
    int nvalues; /* as in pl_solution */
    const char *value_name[PL_MAX_VALUES];
    long long value[PL_MAX_VALUES];
    char note[256];
    long long nmoves; /* the certificate's length, known before it is written */
    /* Writes the nmoves moves into sink (status solved): 0; -1 when the sink
     * failed; -2 when the construction did not replay (a bug). */
    int (*emit)(void *state, pl_move_sink *sink);
    void (*free)(void *state); /* after emit, or instead of it */
    void *state;
} pl_text_solve;

typedef struct pl_algorithm {
    const char *name;
    const char *result; /* the paper result it implements, e.g. "exact search" */
    const char *summary;
    /* NULL: always applies. Otherwise writes why not (or why) into why. */
    bool (*applies)(const void *level, const pl_request *req, char *why, size_t n);
    int (*solve)(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
    /* NULL: auto picks it whenever it applies. Otherwise auto picks it only
     * when this says so (an exact method that is faster on some instances);
     * --algorithm NAME still runs it whenever it applies. */
    bool (*preferred)(const void *level, const pl_request *req, char *why, size_t n);
} pl_algorithm;

/* pl_game.solve_uses: --seed, --threads, --progress, --memory-limit. */
#define PL_USES_SEED 1u
#define PL_USES_THREADS 2u
#define PL_USES_PROGRESS 4u
#define PL_USES_MEMORY 8u

/* Result of applying one move during verify / play. */
typedef enum { PL_MOVE_OK = 0, PL_MOVE_ILLEGAL = 1, PL_MOVE_SYNTAX = 2 } pl_move_result;

typedef struct pl_verdict {
    bool ok;
    char reason[256];
    int nvalues;
    const char *value_name[PL_MAX_VALUES];
    long long value[PL_MAX_VALUES];
} pl_verdict;

/* ---------- pictures and terminal play (optional per game) ----------
 * The drawing helpers (palette, cells, discs, polygons, the output surface
 * by file extension) are in puzzlelab/draw.h; game.h stays free of cairo. */
typedef struct pl_canvas pl_canvas;

typedef struct pl_box {
    double x0, y0, x1, y1; /* in the game's drawing units: x right, y down */
} pl_box;

typedef struct pl_render_hooks {
    /* The region a picture of this state needs; `render` takes the union over
     * every step of a certificate so that all frames share one scale. */
    void (*bounds)(const void *state, pl_box *box);
    /* Draws the state; next is the move about to be played (to highlight), or
     * NULL. The driver has replayed next through move_apply, so it is legal. */
    void (*draw)(const void *state, const char *next, pl_canvas *cv);
    /* The level's colour names in palette order (colour i+1 is names[i]; one
     * character for most games), for the legend; returns how many (at most
     * max). NULL: no legend. */
    int (*colours)(const void *level, pl_name *names, int max);
    /* Games whose moves are placed anywhere rather than picked on cells
     * (Snipperclips; the web page): the move a pointer at drawing point
     * (x, y) of the picture makes, given the page's choices: cutter (the tool
     * placed), theta (its rotation, degrees) and grid (translations rounded
     * to multiples of 1/grid; 0: to 1e-4). Writes the move text and returns
     * true, or returns false with why when the point makes none. The move
     * may still be illegal (move_apply decides). NULL: no such moves. */
    bool (*place)(const void *state, double x, double y, int cutter, double theta, int grid, char *move, size_t n,
                  char *why, size_t wn);
} pl_render_hooks;

/* What a pick (select key) in `play` did. */
typedef enum { PL_PICK_MORE = 0, PL_PICK_MOVE = 1, PL_PICK_REJECT = 2 } pl_pick_result;

typedef struct pl_play_hooks {
    const char *how; /* how a move is picked, for help, e.g. "select a block of a group" */
    /* NULL: every level can be played; else says why this one cannot. */
    bool (*playable)(const void *level, char *why, size_t n);
    /* The frame cells to show: rows x cols from (r0, c0). shear: row r is
     * drawn r half-cells to the right (the triangular grid). */
    void (*window)(const void *state, int *r0, int *c0, int *rows, int *cols, int *shear);
    /* Frame cell (r, c): the character to show and its colour (1.. in the
     * palette order of pl_render_hooks.colours, 0: none). */
    char (*cell)(const void *state, int r, int c, int *colour);
    /* The cells picked so far (r[i], c[i], the newest last, n >= 1); finish:
     * the user asked to play now. MORE keeps the picks, MOVE writes the move
     * text (then applied through move_apply), REJECT drops the newest pick
     * and says why in msg. */
    pl_pick_result (*pick)(const void *state, const int *r, const int *c, int n, bool finish, char *move,
                           size_t mn, char *msg, size_t n_msg);
    /* The position as a level of the game in the same frame (moves solved on
     * it apply to the state), for hints; freed with level_free. NULL with why
     * when none can be made. */
    void *(*state_level)(const void *state, char *why, size_t n);
    /* What the selection keys do in this game, for the key line at the
     * bottom of the play screen: items separated by two spaces, e.g.
     * "space/enter click the group under the cursor". NULL: the generic
     * "space select  enter select and play now  bksp/esc drop". */
    const char *keys;
    /* More about the position for the status lines (NULL: nothing more than
     * finish's values), e.g. Two Dots' goals and moves left; items
     * separated by two spaces. */
    void (*status)(const void *state, char *buf, size_t n);
    /* Where the render hook draws frame cell (r, c): its centre in drawing
     * units, so that a pointer on a picture picks a cell (the web page).
     * NULL: (c + 0.5, r + 0.5), a unit cell a frame cell. */
    void (*centre)(const void *state, int r, int c, double *x, double *y);
} pl_play_hooks;

/* Where the picture of state draws frame cell (r, c): the centre hook, or
 * (c + 0.5, r + 0.5) without one. */
void pl_play_centre(const pl_play_hooks *h, const void *state, int r, int c, double *x, double *y);
/* The hit-test of a pointer on a picture (the web page): the cell of the
 * play window whose drawn centre is nearest to drawing point (x, y), within
 * PL_PLAY_HIT_RADIUS units; false when there is none. */
#define PL_PLAY_HIT_RADIUS 0.6
bool pl_play_hit(const pl_play_hooks *h, const void *state, double x, double y, int *r, int *c);

struct pl_reduction; /* puzzlelab/problems.h */

/* A census split into chunks whose counts add up (issue 23, item 3): the
 * chunks depend only on the options, never on how many processes run them,
 * and each adds whole numbers into a vector of counters, so the sum over
 * the chunks, in any order and split in any way, is the census. */
typedef struct pl_census_hooks {
    /* Reads the options, writes the census's parameters into out and returns
     * the plan (NULL, with err, on a bad option); *nchunks and *ncounters get
     * the number of chunks and the length of the counters vector. */
    void *(*plan)(const pl_opts *opts, json_t *out, long *nchunks, size_t *ncounters, pl_error *err);
    /* Adds chunk's counts to counts[0 .. ncounters); false when lim stopped
     * it (the counts then hold the boards counted before). */
    bool (*chunk)(void *plan, long chunk, pl_limits *lim, uint64_t *counts);
    /* Writes the totals into out (the runner adds status and limit). */
    void (*finish)(void *plan, const uint64_t *counts, json_t *out);
    void (*free)(void *plan);
} pl_census_hooks;

/* Runs every chunk of a census in order on this process: out gets the
 * plan's parameters, the totals, `status` (solved, or unknown once lim
 * stopped it: the counts are then partial) and `limit`. 0, or -1 with err. */
int pl_census_run(const pl_census_hooks *h, const pl_opts *opts, pl_limits *lim, json_t *out, pl_error *err);

typedef struct pl_game {
    const char *name;
    const char *title;
    const char *summary;
    const char *level_help; /* the level format and move notation, for `GAME help` */
    const char *const *objectives; /* NULL-terminated; first is the default; NULL: none */

    void *(*level_parse)(const pl_level_text *lt, pl_error *err);
    void (*level_free)(void *level);
    /* Parameters of the instance, in display order. */
    void (*level_info)(const void *level, json_t *obj);

    /* Replay: a state is a value owned by the caller. */
    void *(*state_new)(const void *level);
    void (*state_free)(void *state);
    /* Applies the move written as text; on failure writes the reason and, for
     * syntax errors, the 1-based column within text. */
    pl_move_result (*move_apply)(void *state, const char *text, char *reason, size_t n, int *col);
    /* After the last move: is the objective met, and the values reached. */
    void (*finish)(const void *state, const char *objective, pl_verdict *v);
    /* verify's own options (NULL: none) and the hook that reads them into a
     * fresh state before the replay (NULL: none). */
    const pl_option *verify_options;
    int (*state_configure)(void *state, const pl_opts *opts, pl_error *err);

    const pl_algorithm *algorithms; /* in order of preference for auto */
    int nalgorithms;
    const pl_option *solve_options;
    /* Which of solve's common options some algorithm of the game reads
     * (PL_USES_*): `solve --help` lists, and solve accepts, only those. */
    unsigned solve_uses;

    /* Experiments: fills out with the census of the boards the options
     * describe; returns 0, or -1 with err. NULL when the game has none. */
    int (*census)(const pl_opts *opts, pl_limits *lim, json_t *out, pl_error *err);
    const pl_option *census_options;
    /* The same census in chunks, for runs over several processes (NULL:
     * census only runs whole): see pl_census_hooks. */
    const struct pl_census_hooks *census_chunked;

    /* Random level as text; NULL when the game has no generator. */
    char *(*generate)(const pl_opts *opts, pl_error *err);
    const pl_option *generate_options;

    /* Pictures (`render`) and terminal play (`play`); NULL when the game has
     * none, and then the command is not listed. */
    const pl_render_hooks *render;
    const pl_play_hooks *play;

    /* The papers' hardness constructions into this game (`reduce`, `lift`),
     * and whether two levels are the same instance (lift checks that LEVEL is
     * the construction of SOURCE). NULL / 0 when the game has none. */
    /* Optional streamed solve (see pl_text_solve): takes the level's text
     * (data[len], a NUL after it), and when the level is of the kind it
     * streams and algorithm (NULL or "auto": auto's choice) names the
     * algorithm auto or --algorithm would run on it, decides it and returns
     * 1 with fs set; otherwise returns 0 and the level goes to level_parse
     * and the algorithms, which also report every error in it. Its answer
     * and moves are the general path's, byte for byte. NULL: none. */
    int (*solve_text)(const char *data, size_t len, const pl_request *req, const char *algorithm,
                      pl_text_solve *fs);

    /* Optional streamed verify, the same idea: given the level's and the
     * certificate's texts, when both are of the kind it streams and every
     * move is legal, replays them and returns 1 with the verdict finish
     * would give and the number of moves; otherwise returns 0 and verify
     * replays through state_new and move_apply from the start (which also
     * names the first bad move and every error). NULL: none. */
    int (*verify_text)(const char *level, size_t llen, const char *moves, size_t mlen, const char *objective,
                       pl_verdict *v, long long *nmoves);

    const struct pl_reduction *reductions;
    int nreductions;
    bool (*level_same)(const void *a, const void *b);
} pl_game;

const pl_game *const *pl_games(void); /* NULL-terminated */
const pl_game *pl_game_find(const char *name);

/* The algorithm `auto` picks: the first that applies (and is preferred, when
 * it has that test); why gets its reason, or when none applies "no algorithm
 * applies (NAME: reason; ...)". */
const pl_algorithm *pl_game_pick(const pl_game *g, const void *level, const pl_request *req, char *why,
                                 size_t n);
/* The same choice among the algorithms after `after` (an index into
 * g->algorithms; -1: all), for auto's fallback when an algorithm declined
 * at run time; the preferred tests are skipped then (what was preferred
 * over the next one could not run). */
const pl_algorithm *pl_game_pick_after(const pl_game *g, int after, const void *level, const pl_request *req,
                                       char *why, size_t n);
/* Solves level with alg, or with auto's choice when alg is NULL. Under auto,
 * when the chosen algorithm declines at run time (pl_solution.declined), the
 * next applicable one runs under the same limits (the clock keeps running),
 * and the note says which declined and why. sol is initialised here;
 * sol->algorithm names the algorithm that answered, "none" when none applies
 * (status unknown, the reasons in the note). Returns 0, or -1 with err when a
 * solver failed. */
int pl_game_solve(const pl_game *g, const pl_algorithm *alg, const void *level, const pl_request *req,
                  pl_solution *sol, pl_error *err);

extern const pl_game pl_game_clickomania;
extern const pl_game pl_game_buttons;
extern const pl_game pl_game_coins;
extern const pl_game pl_game_twodots;
extern const pl_game pl_game_snip;

#endif
