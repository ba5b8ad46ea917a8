/* Buttons & Scissors: rules, notation and solvers.
 * Paper: Burke, Demaine, Gregg, Hearn, Hesterberg, Hoffmann, Ito,
 * Kostitsyna, Leonard, Löffler, Santiago, Schmidt, Uehara, Uno, Williams,
 * "Single-Player and Two-Player Buttons & Scissors Games". */
#ifndef PUZZLELAB_BUTTONS_H
#define PUZZLELAB_BUTTONS_H

#include "puzzlelab/game.h"

#define BUTTONS_MAX_COLOURS 62
#define BUTTONS_MAX_SIZE 63 /* largest cut size a sizes: list may name */

/* Cut directions (spec/formats.md): h horizontal, v vertical, d down-right
 * diagonal (r+1, c+1), a up-right diagonal (r-1, c+1). */
enum { BUTTONS_H = 1, BUTTONS_V = 2, BUTTONS_D = 4, BUTTONS_A = 8, BUTTONS_ALL_DIRECTIONS = 15 };

/* Unit steps of the four directions, indexed 0..3 like the bits above. */
extern const int buttons_dir_dr[4], buttons_dir_dc[4];

/* The `players:` header (Section 4 of the paper). SINGLE is the puzzle of
 * Sections 2-3; the others are two-player games, player 1 moving first:
 * PARTISAN (normal play: the player who cannot cut loses; each player cuts
 * only their own colours and the shared ones), IMPARTIAL (any colour, normal
 * play) and SCORING (any colour; when nobody can cut, more buttons cut wins,
 * equal counts are a draw). */
enum { BUTTONS_SINGLE = 0, BUTTONS_PARTISAN, BUTTONS_IMPARTIAL, BUTTONS_SCORING };

typedef struct buttons_level {
    int rows, cols;
    uint8_t *cell; /* row-major; 0 empty, 1..ncolours a colour */
    int ncolours;
    char colour_char[BUTTONS_MAX_COLOURS + 1];
    int nbuttons;
    int max_frequency; /* F */
    unsigned directions;
    char directions_text[16]; /* as written: "*", "+", "hd", ... */
    /* Allowed cut sizes: sizes_all (every size >= 2), else the bits of
     * size_mask (bit s: size s allowed, 2 <= s <= BUTTONS_MAX_SIZE). */
    bool sizes_all;
    uint64_t size_mask;
    int players; /* BUTTONS_SINGLE (default) ... BUTTONS_SCORING */
    /* may_cut[p] (p = 1, 2): bit c set when player p may cut colour c; for
     * IMPARTIAL and SCORING every colour. shared: the colours both may cut
     * in PARTISAN (a subset of both masks). */
    uint64_t may_cut[3];
    uint64_t shared;
} buttons_level;

/* A cut: two end cells; the segment between them in one allowed direction. */
typedef struct buttons_cut {
    int r1, c1, r2, c2;
} buttons_cut;

bool buttons_size_allowed(const buttons_level *l, int size);
/* Remark 1: the minimal generators of the sizes a board can effectively use
 * ({2,3,...} is {2,3}; {3,4,...} is {3,4,5}); as a mask. */
uint64_t buttons_sizes_normalised(const buttons_level *l);
void buttons_sizes_text(uint64_t mask, bool all, char *buf, size_t n);

/* Checks cut x on board cells (row-major, rows x cols) of level l. Returns 0
 * and fills *colour, *size when feasible; else -1 with the reason. */
int buttons_cut_check(const buttons_level *l, const uint8_t *cells, buttons_cut x, int *colour, int *size,
                      char *why, size_t n);
/* Empties the buttons on the segment (the cut must be feasible). */
void buttons_cut_apply(const buttons_level *l, uint8_t *cells, buttons_cut x);
/* Direction index (0..3) of the segment from (r1,c1) to (r2,c2), or -1 when
 * the two cells share no row, column or diagonal (or are equal). */
int buttons_direction_of(int r1, int c1, int r2, int c2);

/* Two-player levels: the variant's name ("partisan", ...) and whether
 * player p (1 or 2) may cut colour c. */
const char *buttons_players_name(int players);
static inline bool buttons_player_may_cut(const buttons_level *l, int p, int c) {
    return (l->may_cut[p] >> c) & 1u;
}

int buttons_level_parse(const pl_level_text *lt, buttons_level *out, pl_error *err);
void buttons_level_free(buttons_level *l);
int buttons_cut_parse(const char *text, buttons_cut *x, char *why, size_t n, int *col);
void buttons_cut_text(buttons_cut x, char *buf, size_t n);

/* Objective max (src/games/buttons/solve_max.c): the fewest buttons a cut
 * sequence can leave, by branch and bound under the limits; use_oracle: ask
 * the clear objective's exact search first whether the board clears (the
 * descriptor's 'max' does; without it, the branch and bound alone). cuts
 * (ncuts, malloc'd, the caller frees) leave `left` buttons; optimal when the
 * search ended without a limit, else `bound` is a lower bound on the
 * optimum; root_bound is the component bound at the root. oracle: 1 it
 * cleared the board, 0 proved it does not clear, -1 no answer within its
 * budget, -2 not asked (use_oracle false, the root bound is not 0, or the
 * search ended within its first 256 nodes). */
typedef struct buttons_max_result {
    int left, bound, root_bound, oracle;
    bool optimal;
    buttons_cut *cuts;
    int ncuts;
    uint64_t nodes, tt_cuts, bound_cuts, clears;
    size_t peak_memory;
} buttons_max_result;
int buttons_max_search(const buttons_level *l, pl_limits *lim, bool use_oracle, buttons_max_result *res);

extern const pl_game pl_game_buttons;

#endif
