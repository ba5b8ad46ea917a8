/* Clickomania (SameGame): rules, notation and solvers.
 * Paper: Biedl, Demaine, Demaine, Fleischer, Jacobsen, Munro,
 * "The Complexity of Clickomania". */
#ifndef PUZZLELAB_CLICKOMANIA_H
#define PUZZLELAB_CLICKOMANIA_H

#include "puzzlelab/game.h"

#define CLICK_MAX_COLOURS 62

/* The board as column stacks: column c holds height[c] blocks, bottom first,
 * at cell[c * rows + h] (h = 0 is the bottom). Columns 0..width-1 are the
 * non-empty ones (column shifting keeps them contiguous). Colours are
 * 1..ncolours; 0 is empty. Frame coordinates of formats.md: the block at
 * (c, h) is at row rows-1-h, column c. */
typedef struct click_board {
    int rows, cols;
    int width;      /* non-empty columns */
    int blocks;     /* blocks on the board */
    int ncolours;   /* colours of the level (some may be gone) */
    int32_t *height;
    uint8_t *cell;
} click_board;

/* A level: its board, the character of each colour index, and the
 * rectangles of its `regions:` section (a construction's gadgets, drawn by
 * render; the rules ignore them). */
typedef struct click_level {
    click_board board;
    char colour_char[CLICK_MAX_COLOURS + 1]; /* index 1..ncolours */
    pl_regions regions;
} click_level;

typedef struct click_group {
    int colour, size;
    int col, h;     /* one cell of the group (its lowest cell of its leftmost column) */
    int cmin, cmax; /* columns spanned */
    bool empties_column;
} click_group;

/* Scratch space for flood fills over one board shape. */
typedef struct click_scratch {
    int rows, cols;
    int32_t *label; /* group index per cell, -1 unlabelled */
    int32_t *stack;
    int32_t *percol; /* group cells per column, for empties_column */
    click_group *groups;
    int ngroups, gcap;
} click_scratch;

int click_board_init(click_board *b, int rows, int cols, int ncolours);
void click_board_free(click_board *b);
void click_board_copy(click_board *dst, const click_board *src); /* same shape */
static inline uint8_t click_at(const click_board *b, int c, int h) { return b->cell[(size_t)c * (size_t)b->rows + (size_t)h]; }
/* Colour counts per colour index (array of CLICK_MAX_COLOURS + 1). */
void click_colour_counts(const click_board *b, int *counts);

void click_scratch_init(click_scratch *s, int rows, int cols);
void click_scratch_free(click_scratch *s);
/* Labels every block with its group (maximal 4-connected monochromatic set).
 * Returns the number of groups (also in s->ngroups). O(blocks). */
int click_find_groups(const click_board *b, click_scratch *s);
/* Removes group gi (found by the last click_find_groups on b): blocks above
 * fall, empty columns are removed by shifting left. */
void click_remove_group(click_board *b, const click_scratch *s, int gi);
/* The size of the group at frame cell (r, c), 0 when empty or outside. */
int click_group_size_at(const click_board *b, click_scratch *s, int r, int c);
/* Clicks frame cell (r, c); returns the group size removed, or 0 when the
 * cell is empty/outside, or 1 (and changes nothing) for a single block. */
int click_click_at(click_board *b, click_scratch *s, int r, int c);
/* SameGame score of removing a group of n blocks. */
static inline long long click_group_score(int n) { return n >= 2 ? (long long)(n - 2) * (n - 2) : 0; }
#define CLICK_CLEAR_BONUS 1000

/* Whether groups a and b commute: neither changes the other when clicked
 * first and both orders give the same board. Sufficient condition used:
 * their column spans are at least two columns apart and neither empties a
 * column (so no column shift moves the frame). */
static inline bool click_groups_commute(const click_group *a, const click_group *b) {
    if (a->empties_column || b->empties_column) return false;
    return a->cmax + 1 < b->cmin || b->cmax + 1 < a->cmin;
}

/* Text. */
int click_level_parse(const pl_level_text *lt, click_level *out, pl_error *err);
void click_level_free(click_level *l);
/* The level as text (board rows, then `regions:` when it has any), readable
 * by click_level_parse; comment is printed first, each of its lines prefixed
 * with "# " (NULL: none). */
char *click_level_text(const click_level *l, const char *comment);
/* Same board: shape and every block, colours compared by their characters.
 * Regions are annotations and are not compared (as in twodots_level_same). */
bool click_level_same(const click_level *a, const click_level *b);
/* Writes "r,c" for the cell (col, h) of board b. */
void click_move_text(const click_board *b, int col, int h, char *buf, size_t n);
/* The board as level rows ('\n'-terminated), using the level's characters. */
char *click_board_text(const click_level *l, const click_board *b);

/* Objectives. */
typedef enum { CLICK_CLEAR = 0, CLICK_MAX = 1, CLICK_SCORE = 2 } click_objective;
int click_objective_parse(const char *s, click_objective *o);

/* Exact solver (depth-first branch and bound, Zobrist-hashed transposition
 * table, sleep sets for commuting clicks, admissible bounds). */
typedef struct click_exact_stats {
    uint64_t nodes;
    uint64_t tt_hits;
    uint64_t sleep_skips;
    uint64_t bound_cuts;
    size_t peak_memory;
} click_exact_stats;

typedef struct click_exact_result {
    pl_status status; /* clear: solved/unsolvable/unknown; max/score: solved, or unknown with nothing */
    bool optimal;     /* max/score: proven optimal */
    long long removed, score;
    int nmoves;
    int *move_col, *move_h; /* the clicks, as cells of the board at the time */
    click_exact_stats stats;
} click_exact_result;

int click_solve_exact(const click_board *start, click_objective obj, pl_limits *lim, click_exact_result *res);
void click_exact_result_free(click_exact_result *r);

/* ---------- one column or one row (Section 2 of the paper) ---------- */

/* The board read as a word of groups: bottom to top for one column, left to
 * right for one row. */
typedef struct click_word {
    int ngroups;
    int *colour; /* per group, 1..ncolours */
    int *size;   /* blocks per group */
    long long blocks;
    int ncolours; /* distinct colours present */
} click_word;

/* One column (width <= 1) or one row (every column at most one block high). */
bool click_board_is_line(const click_board *b);
bool click_board_is_column(const click_board *b); /* vs row, for coordinates */
void click_word_from_board(const click_board *b, click_word *w);
void click_word_from_colours(const int *colours, int n, click_word *w); /* one block each */
void click_word_free(click_word *w);

/* Replays clicks given as group indices of the ORIGINAL word (any remaining
 * group of the clicked run), turning each into the 0-based position of the
 * run's first block in the word at that time. Fails (returns the index of the
 * bad click) when a click hits a removed group or a single block; -1 when all
 * are fine. O(groups) for the list walks plus O(log groups) per click. */
int click_word_positions(const click_word *w, const int *group_clicks, int nclicks, long long *pos,
                         long long *removed);

/* The word with every group capped at two letters (a group of two or more
 * blocks behaves like two blocks): letter k has a colour, its group, and a
 * weight (blocks it stands for; a group of s >= 2 is letters of weight 1 and
 * s-1). */
typedef struct click_letters {
    int n;
    int *colour, *group;
    long long *weight;
} click_letters;
void click_letters_from_word(const click_word *w, click_letters *l);
void click_letters_free(click_letters *l);

/* Result of a one-line algorithm: clicks as positions in the word at the time
 * (0 = bottom of the column / left end of the row). */
typedef struct click_line_result {
    pl_status status;
    long long removed;
    int nclicks;
    long long *pos;
    size_t peak_memory; /* bytes of the algorithm's tables */
} click_line_result;
void click_line_result_free(click_line_result *r);

/* Theorem 2 / Corollary 6: the grammar S -> e | SS | cSc | cScSc over the
 * word with runs capped at two letters; certificate from the parse. */
int click_line_grammar(const click_word *w, pl_limits *lim, click_line_result *r);
/* Lemma 1 / Corollary 7: most blocks removable, with a certificate. */
int click_line_max(const click_word *w, pl_limits *lim, click_line_result *r);
/* Theorems 10 and 12 (two colours): linear-time decision and certificate. */
int click_line_two_colours(const click_word *w, click_line_result *r);
/* The same, with the word's group sizes as the algorithm's scratch: w->size
 * holds no word afterwards (only click_word_free may follow). Saves a copy
 * of the sizes on the largest rows (issue 21, item 5). */
int click_line_two_colours_inplace(click_word *w, click_line_result *r);
/* The same on the group sizes alone (two colours alternate), in two steps,
 * for the streamed one-line solve (line_text.c): the decision, the split of
 * an even word (-1 for an odd one) and the certificate's length; then the
 * certificate on sz (clobbered), its positions handed out into o. */
typedef struct click_pos_out {
    long long *pos;
    int n, cap;
    /* empties pos once full (NULL: pos never fills); nonzero stops */
    int (*flush)(struct click_pos_out *o);
    void *ctx;
} click_pos_out;
pl_status click_two_colours_plan(const int *size, int m, int *split, long long *nclicks);
int click_two_colours_emit(int *sz, int m, int split, click_pos_out *o);
/* The streamed solve of a plain one-line level of two colours
 * (pl_game.solve_text, line_text.c). */
int click_solve_text(const char *data, size_t len, const pl_request *req, const char *algorithm, pl_text_solve *fs);
/* The streamed verify of a certificate of such a level (pl_game.verify_text). */
int click_verify_text(const char *level, size_t llen, const char *moves, size_t mlen, const char *objective,
                      pl_verdict *v, long long *nmoves);
/* The verdict of a replay that removed `removed` blocks for `score` points
 * and left blocks_left: verify's values, and for clear whether it is met. */
void click_verdict(long long removed, long long score, long long blocks_left, click_objective obj, pl_verdict *v);
/* Decision only, O(n), no allocation beyond O(1) (for census). */
bool click_line_two_colours_solvable(const click_word *w);

/* Census of one shape (every board, or a sample): see census.c. */
int click_census(const pl_opts *opts, pl_limits *lim, json_t *out, pl_error *err);
/* The same census in chunks (for mpirun): see pl_census_hooks. */
extern const pl_census_hooks click_census_hooks;
extern const pl_option click_census_options[];

#endif
