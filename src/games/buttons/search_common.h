/* What the two exact searches of Buttons & Scissors share (private to
 * src/games/buttons/: solve_exact.c, objective clear, and solve_max.c,
 * objective max): a board as its cells (a set of buttons: they never move),
 * cuts on it, the keys of boards, and each colour's buttons as bit positions
 * with the colour's collinear pairs, searched by "can these buttons of one
 * colour all go by cuts of that colour alone?". */
#ifndef PUZZLELAB_BUTTONS_SEARCH_COMMON_H
#define PUZZLELAB_BUTTONS_SEARCH_COMMON_H

#include "puzzlelab/buttons.h"

static inline bool buttons_on_board(const buttons_level *l, int r, int c) {
    return r >= 0 && c >= 0 && r < l->rows && c < l->cols;
}

/* Union-find root with path halving. */
static inline int buttons_uf_find(int *uf, int x) {
    while (uf[x] != x) x = uf[x] = uf[uf[x]];
    return x;
}

/* ---------- cuts on a board (cell = row * cols + column) ---------- */

/* The first button after cell i in direction d (any colour when colour is
 * 0, else the first of that colour, passing the others); -1 at the edge.
 * Inline: the searches call it for every button and direction at every node. */
static inline int buttons_ray_next(const buttons_level *l, const uint8_t *cells, int i, int d, int colour) {
    int r = i / l->cols, c = i % l->cols;
    for (;;) {
        r += buttons_dir_dr[d];
        c += buttons_dir_dc[d];
        if (!buttons_on_board(l, r, c)) return -1;
        int j = r * l->cols + c;
        if (cells[j] && (!colour || cells[j] == colour)) return j;
    }
}

/* The cut with end cells a and b. */
buttons_cut buttons_cut_of_cells(const buttons_level *l, int a, int b);
/* Empties the cells of segment a..b (direction d, a to b). */
void buttons_cells_cut(const buttons_level *l, uint8_t *cells, int a, int b, int d);
/* Is segment a..b (direction d) free of buttons of colours other than c? */
bool buttons_segment_clear(const buttons_level *l, const uint8_t *cells, int a, int b, int d, int c);

typedef struct buttons_fcut {
    int a, b, d, colour, size;
} buttons_fcut;

/* The feasible cuts whose size is in `sizes` (bit k: size k; none above
 * max_size), each once (from its end with the smaller column, the upper end
 * for vertical cuts), in the order of their first end's cell. Returns their
 * number; *out is allocated (free it). */
int buttons_feasible_cuts(const buttons_level *l, uint64_t sizes, int max_size, const uint8_t *cells,
                          buttons_fcut **out);

/* ---------- Zobrist keys of button sets ---------- */

typedef struct buttons_zobrist {
    int n; /* cells */
    uint64_t *z1, *z2;
    pl_key128 empty; /* the key of the empty board */
} buttons_zobrist;

void buttons_zobrist_init(buttons_zobrist *z, int n, uint64_t seed, pl_key128 empty);
pl_key128 buttons_zobrist_key(const buttons_zobrist *z, const uint8_t *cells);
void buttons_zobrist_free(buttons_zobrist *z);

/* ---------- colours as bitmasks ---------- */

typedef struct buttons_pair {
    int i, j;         /* indices of the two ends within the colour */
    int a, b, d;      /* end cells (a enumerated first) and direction (a to b) */
    uint64_t between; /* the colour's buttons strictly between (on the level) */
} buttons_pair;

typedef struct buttons_colour {
    int n;               /* buttons of the colour in the level */
    bool big;            /* more than 64 buttons: no pairs, never searched */
    int *cell;           /* n cells */
    buttons_pair *pairs; /* collinear pairs on allowed lines */
    int npairs;
    uint8_t *usable; /* scratch of buttons_colour_clear_now: npairs */
} buttons_colour;

#define BUTTONS_CLEAR_MEMO_BITS_MAX 12

typedef struct buttons_colours {
    const buttons_level *l;
    uint64_t sizes; /* normalised (buttons_sizes_normalised) */
    int max_size;   /* the largest of them */
    int *bidx;      /* cell -> index within its colour */
    buttons_colour col[BUTTONS_MAX_COLOURS + 1];
    /* buttons_colour_clear_now: the subsets that failed in this call (a
     * stamp a call), 2^memo_bits slots with 8 probes; the cuts found */
    int memo_bits;
    uint64_t memo[1 << BUTTONS_CLEAR_MEMO_BITS_MAX];
    uint32_t memo_stamp[1 << BUTTONS_CLEAR_MEMO_BITS_MAX];
    uint32_t stamp;
    int path[64]; /* pair indices, the last cut first */
    int npath;
} buttons_colours;

/* Builds the colours of l; memo_bits (at most BUTTONS_CLEAR_MEMO_BITS_MAX)
 * sizes the per-call failure memo. */
void buttons_colours_init(buttons_colours *bc, const buttons_level *l, int memo_bits);
void buttons_colours_free(buttons_colours *bc);

/* Colour c's buttons on the board as a mask (c not big). */
uint64_t buttons_colour_mask(const buttons_colours *bc, int c, const uint8_t *cells);

/* The calls a colour search spent of its budget (start: the budget given;
 * left: what it left, -1 when it ran out), charged to the node limit by the
 * searches (pl_limits_charge): one node may make up to 200,000 of them. */
static inline uint64_t buttons_colour_calls(long start, long left) {
    return (uint64_t)(start - (left < 0 ? 0 : left));
}

/* Can colour c's buttons M (c not big) all be cut by cuts of c alone?
 * 1 yes, 0 no, -1 *budget (calls) spent.
 * _alone: with every other colour gone (they only block), any pair may be
 * cut; the answers are memoised in tt (keyed by M and c), no cuts recorded.
 * _now: with the other colours of cells fixed, a pair only when no other
 * colour lies on its segment; failures memoised for this call only; on yes
 * the cuts are in bc->path (buttons_colour_take_path applies them). */
int buttons_colour_clear_alone(buttons_colours *bc, int c, uint64_t M, pl_tt *tt, long *budget);
int buttons_colour_clear_now(buttons_colours *bc, int c, uint64_t M, const uint8_t *cells, long *budget);

/* After buttons_colour_clear_now said yes for c: applies its cuts to cells
 * in order and writes them to out; returns their number. */
int buttons_colour_take_path(const buttons_colours *bc, int c, uint8_t *cells, buttons_cut *out);

#endif
