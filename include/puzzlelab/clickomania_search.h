/* Clickomania / SameGame anytime optimisers for --objective score and max on
 * boards far too big for exact search: beam search, nested Monte-Carlo search
 * (NMCS, Cazenave 2009) and nested rollout policy adaptation (NRPA, Rosin
 * 2011), over a fast engine of their own (playout.c) whose moves are cells of
 * the game's board at the time of the move, so certificates replay through
 * the descriptor exactly.
 *
 * Threads: every algorithm runs req->threads workers (pthreads) sharing the
 * best sequence under a mutex. Budget: a time limit and/or a node budget
 * (playouts for NMCS, NRPA and beam search with playout evaluation; children
 * for beam search with the heuristic). With one thread, a seed and a node
 * budget (or no limit at all) a run is fully reproducible (same moves); with
 * one thread and a time limit the only nondeterminism is where the clock
 * cuts the search. With several threads the workers race for the shared
 * best, so only the beam's value is independent of the thread count. */
#ifndef PUZZLELAB_CLICKOMANIA_SEARCH_H
#define PUZZLELAB_CLICKOMANIA_SEARCH_H

#include <string.h>

#include "puzzlelab/clickomania.h"

/* ======================= the engine (playout.c) ========================
 * A board is one flat blob (copy = memcpy of shape->bytes): a header, the
 * colour counts, the column heights and the cells. Cells are column-major
 * with a stride of rows + 1 (a zero sentinel above every column) and a zero
 * column on each side, so neighbour tests need no bounds checks: the cell
 * (c, h) of the game's board (column c, height h from the bottom, frame row
 * rows-1-h) is at index (c + 1) * stride + h. Colours are 1..ncolours, 0 is
 * empty; cells above a column's height and columns >= width are 0. */
typedef struct cs_shape {
    int rows, cols, ncolours;
    int stride; /* rows + 1 */
    int ncells; /* (cols + 2) * stride */
    size_t off_height, off_cell, bytes;
    uint64_t *zcode; /* [ncells * (ncolours + 1)]: Zobrist keys per (cell, colour); NULL: computed (cs_zobrist) */
    uint64_t *zkey;  /* a second, independent set: 128-bit board keys */
} cs_shape;

/* Zobrist keys: entry i of a set is splitmix64's (i+1)-th output from the
 * set's fixed seed, read from the shape's table when it has one (boards up
 * to CS_ZOBRIST_TABLE entries) and computed otherwise: the same value. */
#define CS_ZOBRIST_TABLE ((size_t)1 << 18)
#define CS_ZSEED_CODE 0x5a3e6a3c0ffee123ULL
#define CS_ZSEED_KEY 0x0badc0de12345678ULL
static inline uint64_t cs_zobrist(const uint64_t *table, uint64_t seed, size_t i) {
    return table ? table[i] : pl_splitmix64_at(seed, (uint64_t)i + 1);
}

typedef struct cs_board {
    int32_t width, blocks;
    /* followed in the same blob by int32_t count[ncolours + 1],
     * int32_t height[cols] and uint8_t cell[ncells] */
} cs_board;

static inline int32_t *cs_count(const cs_shape *sh, const cs_board *b) {
    (void)sh;
    return (int32_t *)(void *)((char *)(uintptr_t)b + sizeof(cs_board));
}
static inline int32_t *cs_height(const cs_shape *sh, const cs_board *b) {
    return (int32_t *)(void *)((char *)(uintptr_t)b + sh->off_height);
}
static inline uint8_t *cs_cell(const cs_shape *sh, const cs_board *b) {
    return (uint8_t *)(uintptr_t)b + sh->off_cell;
}
static inline int cs_index(const cs_shape *sh, int col, int h) {
    return (col + 1) * sh->stride + h;
}

/* A clickable group (size >= 2). */
#define CS_AUX_NONE 0xffffffffu
typedef struct cs_move {
    uint64_t code; /* the NRPA move code: a hash of its colour and cells (colour and shape at its place) */
    int32_t size;
    uint32_t aux;   /* the caller's: enumeration sets CS_AUX_NONE; incremental updates keep it */
    int16_t col, h; /* its lowest cell in its leftmost column, as in click_group */
    int16_t cmax;   /* its rightmost column */
    uint8_t colour;
} cs_move;

/* A move of a certificate: the clicked cell at the time of the move. */
typedef struct cs_cellref {
    int16_t col, h;
} cs_cellref;

/* Per-thread scratch. */
typedef struct cs_bits cs_bits; /* the bitboard twin (playout.c) */
typedef struct cs_work {
    cs_bits *bits;             /* NULL when rows > 63 */
    int32_t *stack;            /* flood fill of cs_play: 2 x ncells */
    int32_t *par, *sz, *roots; /* union-find of cs_moves, per cell */
    int16_t *rc, *cm;          /* a root's first and last column */
    uint64_t *cd;              /* a root's move code */
    int last_cmin;             /* leftmost column touched by the last cs_play */
    /* The run whose time limit the loops of this work watch (NULL: none):
     * on a big board one playout or greedy line can take minutes, so they
     * look at the clock themselves (cs_work_expired), not only between
     * playouts. */
    struct cs_shared *watch;
} cs_work;

int cs_shape_init(cs_shape *sh, int rows, int cols, int ncolours); /* -1: board too big for int16 cells */
void cs_shape_free(cs_shape *sh);
cs_board *cs_board_new(const cs_shape *sh); /* empty board */
void cs_board_load(const cs_shape *sh, cs_board *dst, const click_board *src);
static inline void cs_board_copy(const cs_shape *sh, cs_board *dst, const cs_board *src) {
    memcpy(dst, src, sh->bytes);
}
void cs_work_init(cs_work *w, const cs_shape *sh);
void cs_work_free(cs_work *w);
/* Upper bound on the clickable groups of b (array size for cs_moves) and on
 * the moves of any game from b. */
static inline int cs_max_moves(const cs_board *b) {
    return b->blocks / 2 + 1;
}

/* Every clickable group of b, in column-major order of their cell.
 * Returns their number. O(blocks). */
int cs_moves(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *out);
/* After cs_play on b: updates mv[0..n), the groups of b before the click,
 * to those after it (same set as cs_moves, possibly in another order):
 * groups entirely left of the touched columns are kept, the rest rescanned.
 * Returns their number. */
int cs_moves_after(const cs_shape *sh, const cs_board *b, cs_work *w, cs_move *mv, int n);
/* Clicks the group containing cell (col, h), which must be clickable:
 * removes it, blocks fall, empty columns close up. Returns its size. */
int cs_play(const cs_shape *sh, cs_board *b, cs_work *w, int col, int h);
/* The value of removing a group of n blocks leaving `left` blocks. */
static inline long long cs_gain(click_objective obj, int n, int left) {
    if (obj == CLICK_MAX) return n;
    return click_group_score(n) + (left == 0 ? CLICK_CLEAR_BONUS : 0);
}
/* Most frequent colour on b (lowest index on ties); 0 on an empty board. */
int cs_most_frequent(const cs_shape *sh, const cs_board *b);
/* 128-bit key of the board (two independent Zobrist hashes). */
pl_key128 cs_board_key(const cs_shape *sh, const cs_board *b);

/* TabuColorRandom playout (Schadd et al.): uniformly random clickable group,
 * avoiding colour `tabu` while any other group is clickable (tabu 0: plain
 * random). Plays from b to the end; writes the clicks to seq (capacity
 * cs_max_moves(b)), their number to *nseq; returns the value gained. b is
 * left in an unspecified state (scratch). */
long long cs_playout(const cs_shape *sh, cs_board *b, cs_work *w, pl_rng *rng, int tabu, click_objective obj,
                     cs_move *scratch, cs_cellref *seq, int *nseq);

/* The bitboard twin, for boards of at most 63 rows (w->bits != NULL): the
 * same rules and move cells on one 64-bit word per column and colour. Load a
 * position, then enumerate (with move codes: a hash of the group's colour
 * and cells), click, and enumerate again incrementally. */
void cs_bits_load(const cs_shape *sh, cs_work *w, const cs_board *b);
/* Groups of every colour but `skip` (0: all colours). After cs_bits_play,
 * cs_bits_moves_after updates such a list (same skip) incrementally. */
int cs_bits_moves(cs_work *w, cs_move *out, int skip);
int cs_bits_moves_after(cs_work *w, cs_move *mv, int n, int skip);
/* Groups of one colour, and the incremental update of such a list. */
int cs_bits_moves_of(cs_work *w, cs_move *out, int colour);
int cs_bits_moves_after_of(cs_work *w, cs_move *mv, int n, int colour);
int cs_bits_play(cs_work *w, int col, int h);
int cs_bits_blocks(const cs_work *w);
/* Which move code enumeration computes (see click_search_params.code). */
void cs_bits_set_code(cs_work *w, int kind);
/* Whether the twin holds the same position as b (for tests). */
bool cs_bits_same(const cs_shape *sh, const cs_work *w, const cs_board *b);

/* Uniform in [0, n) for n < 2^32 (multiply-shift on the high 32 bits). */
static inline uint32_t cs_below(pl_rng *r, uint32_t n) {
    return (uint32_t)(((pl_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ======================= the optimisers ======================= */
typedef enum { CLICK_SEARCH_GREEDY = 0, CLICK_SEARCH_BEAM, CLICK_SEARCH_NMCS, CLICK_SEARCH_NRPA } click_search_alg;
typedef enum { CLICK_TABU_MIXED = 0, CLICK_TABU_SOFT, CLICK_TABU_HARD } click_tabu_mode;

typedef struct click_search_params {
    click_search_alg alg;
    click_objective obj; /* CLICK_SCORE or CLICK_MAX */
    uint64_t seed;
    int threads;         /* >= 1 */
    double time_limit;   /* seconds; <= 0: none */
    uint64_t node_limit; /* 0: none. Playouts (nmcs, nrpa) or children generated (beam) */
    /* 0 = default for each: */
    int level;           /* nmcs (default 2; 1 without a limit), nrpa (default 3; 2 without a limit) */
    int iterations;      /* nrpa: iterations per level (default 100) */
    int top_iterations;  /* nrpa: iterations of the top level (default: iterations; with a limit,
                          * a very large number keeps one run adapting until the limit) */
    int width;           /* beam: first width (default 64; later passes sized to the remaining budget) */
    double alpha;        /* nrpa: learning rate (default 1.0) */
    size_t memory_limit; /* beam: bytes for the beam (0: PL_DEFAULT_MEMORY_LIMIT) */
    int no_tabu;         /* 1: plain random playouts */
    /* beam evaluation: k > 0 (default 1) = value + the best of k playouts;
     * 0 = value + kappa x sum over colours of (count-2)^2 (the colour bound of
     * solve_exact.c) + the clearing bonus while no colour is down to one block */
    int beam_playouts;
    double kappa; /* default 1 */
    /* nrpa tabu colour: soft, its groups stay choosable with weight + tabu_bias (a GNRPA bias, so
     * the policy can learn the rare sequences that need one early); hard, never chosen while
     * another group is clickable (Cazenave's selective policy). Soft clears boards that hard
     * cannot; hard is 1.5 times faster and sometimes better, so the default mixes them. */
    int tabu_mode;    /* CLICK_TABU_MIXED (default: even threads soft, odd hard), _SOFT, _HARD */
    double tabu_bias; /* < 0; default -3 */
    int code;         /* nrpa move code on the bitboard twin: 0 (default) colour and cells; 1 colour and the
                       * group's cell; 2 colour, the group's cell and size */
    /* Called (from worker threads, serialised) on every improvement of the
     * best; may be NULL. */
    void (*progress)(void *ctx, const char *line);
    void *progress_ctx;
} click_search_params;

typedef struct click_search_result {
    long long score, removed, value; /* value: score or removed, by objective */
    int nmoves;
    cs_cellref *moves; /* clicks: cells of the board at the time (frame row rows-1-h) */
    uint64_t nodes;    /* playouts or children generated, all threads */
    double seconds;
    int limit_hit;      /* PL_LIMIT_NONE / TIME / NODES */
    int runs;           /* completed top-level runs (restarts, or beam passes) */
    int width;          /* beam: widest completed pass */
    size_t peak_memory; /* bytes, summed over the workers' peaks (approximate) */
} click_search_result;

void click_search_params_default(click_search_params *p, click_search_alg alg, click_objective obj);
/* Runs the optimiser. Returns 0, or -1 when the objective is not max/score
 * or the board is too big. Without any limit, runs one pass (NMCS: one
 * search at its level, default 1; NRPA: one run, default level 2; beam: one
 * pass at the first width) on each thread and stops; with a limit, restarts
 * (new random streams) or widens until the limit. */
int click_search_run(const click_board *start, const click_search_params *p, click_search_result *r);
void click_search_result_free(click_search_result *r);
/* Replays the result's moves on start with the library's rules: the value
 * reached, or -1 at the first illegal move. */
long long click_search_replay(const click_board *start, click_objective obj, const click_search_result *r,
                              long long *score, long long *removed);

/* ---------- internals shared by the solve_*.c files ----------
 * One run: the workers share the root, the budget and the best sequence. */
typedef struct cs_shared cs_shared;
const cs_shape *cs_shared_shape(const cs_shared *s);
const cs_board *cs_shared_root(const cs_shared *s);
const click_search_params *cs_shared_params(const cs_shared *s);
/* Whether a time or node limit was given (else: one pass, no restarts). */
bool cs_has_limit(const cs_shared *s);
/* Counts n nodes; false (for every worker, from then on) once a limit is
 * reached: a node budget allows exactly node_limit nodes. */
bool cs_tick(cs_shared *s, uint64_t n);
bool cs_stopped(const cs_shared *s);
/* Reads the clock: true once the time limit has passed (then every worker
 * stops, as after cs_tick's false). */
bool cs_expired(cs_shared *s);
static inline bool cs_work_expired(cs_work *w) {
    return w->watch && cs_expired(w->watch);
}
/* Offers a whole sequence from the root reaching value; kept when strictly
 * better than the best so far (then reported through progress). */
void cs_offer(cs_shared *s, long long value, const cs_cellref *seq, int n);
long long cs_best_value(const cs_shared *s);
void cs_count_run(cs_shared *s);
/* Adds a worker's peak bytes to the run's (summed over workers). */
void cs_add_memory(cs_shared *s, size_t bytes);
double cs_elapsed(const cs_shared *s); /* seconds since the run started */
uint64_t cs_nodes(const cs_shared *s); /* nodes counted so far */
void cs_set_width(cs_shared *s, int width);
/* The seed of worker t: independent streams from the user's seed. */
uint64_t cs_thread_seed(const cs_shared *s, int t);
/* Workers: nmcs and nrpa run on every thread (independent runs, new seeds
 * on restart); beam runs on the calling thread and fans each depth's
 * expansion out to the threads. */
void cs_worker_nmcs(cs_shared *s, int t);
void cs_worker_nrpa(cs_shared *s, int t);
void cs_run_beam(cs_shared *s);

/* ---------- descriptor entries (solve_anytime.c) ----------
 * Wiring in game.c: the rows go into its algorithms[] before "exact" (whose
 * applies is always true), the options into its solve_options[] before the
 * terminator:
 *     static const pl_algorithm algorithms[] = { ..., CLICK_SEARCH_ALGORITHMS, {"exact", ...} };
 *     static const pl_option solve_options[] = { {"objective", ...}, CLICK_SEARCH_OPTIONS, {NULL, NULL, NULL} };
 * All four apply to --objective max|score on any board that fits (--algorithm
 * NAME); `auto` picks nrpa for boards of more than CLICK_SEARCH_AUTO_BLOCKS
 * blocks (smaller ones go on to exact search, which proves optimality) and
 * never the other three. */
#define CLICK_SEARCH_AUTO_BLOCKS 64
bool click_search_applies(const void *level, const pl_request *req, char *why, size_t n);
bool click_search_preferred(const void *level, const pl_request *req, char *why, size_t n);
bool click_search_not_auto(const void *level, const pl_request *req, char *why, size_t n);
int click_solve_nrpa(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
int click_solve_nmcs(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
int click_solve_beam(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
int click_solve_greedy(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

/* clang-format off */
#define CLICK_SEARCH_RESULT "anytime heuristic for max/score (NP-hard: Theorem 14, two columns and five " \
    "colours, and Section 4, five columns and three colours)"
#define CLICK_SEARCH_ALGORITHMS \
    {"nrpa", CLICK_SEARCH_RESULT, \
     "nested rollout policy adaptation (Rosin 2011) with tabu-colour playouts on every thread, restarted " \
     "until the limit; never proven optimal", \
     click_search_applies, click_solve_nrpa, click_search_preferred}, \
    {"nmcs", CLICK_SEARCH_RESULT, \
     "nested Monte-Carlo search (Cazenave 2009) with TabuColorRandom playouts on every thread, restarted " \
     "until the limit; never proven optimal", \
     click_search_applies, click_solve_nmcs, click_search_not_auto}, \
    {"beam", CLICK_SEARCH_RESULT, \
     "beam search, children evaluated by playouts, duplicate boards merged per depth, passes widened to " \
     "fill the limit; never proven optimal", \
     click_search_applies, click_solve_beam, click_search_not_auto}, \
    {"greedy", "baseline for max/score", "largest group first, the most frequent colour kept for last", \
     click_search_applies, click_solve_greedy, click_search_not_auto}

#define CLICK_SEARCH_OPTIONS \
    {"level", "L", "nmcs/nrpa: nesting level (default nmcs 2, nrpa 3; without a limit 1 and 2)"}, \
    {"iterations", "N", "nrpa: iterations per level (default 100)"}, \
    {"width", "W", "beam: first beam width (default 64), widened each pass while the limit allows"}, \
    {"alpha", "A", "nrpa: learning rate (default 1)"}, \
    {"beam-playouts", "K", "beam: evaluate children by the best of K playouts (default 1; 0: heuristic)"}, \
    {"kappa", "K", "beam heuristic: weight of the colour-count potential (default 1)"}, \
    {"no-tabu", NULL, "nmcs/nrpa/beam: plain random playouts (no tabu colour)"}
/* clang-format on */

#endif
