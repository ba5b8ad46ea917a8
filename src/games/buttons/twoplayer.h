/* Buttons & Scissors two-player games (Section 4 of the paper): positions as
 * button sets and the table of every cut the board can ever make, shared by
 * the game solvers (solve_minimax.c, solve_grundy.c), the descriptor's
 * verdict and the generator. Internal to src/games/buttons/. */
#ifndef PUZZLELAB_BUTTONS_TWOPLAYER_H
#define PUZZLELAB_BUTTONS_TWOPLAYER_H

#include "solvers.h"

#define B2_MAX_BUTTONS 128 /* the game solvers' limit: a position is a 128-bit set */

typedef struct b2set {
    uint64_t w[2];
} b2set;

static inline bool b2_has(const b2set *s, int i) {
    return (s->w[i >> 6] >> (i & 63)) & 1u;
}
static inline void b2_add(b2set *s, int i) {
    s->w[i >> 6] |= (uint64_t)1 << (i & 63);
}
static inline bool b2_meets(const b2set *a, const b2set *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1])) != 0;
}
static inline int b2_count(const b2set *s) {
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}
static inline bool b2_equal(const b2set *a, const b2set *b) {
    return a->w[0] == b->w[0] && a->w[1] == b->w[1];
}
static inline uint64_t b2_hash(const b2set *s, uint64_t salt) {
    uint64_t h = s->w[0] * 0x9E3779B97F4A7C15ull ^ (s->w[1] + salt) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 29);
}

/* A cut the board can make at some point: two end buttons of one colour on a
 * line in an allowed direction; mid: the buttons of its colour strictly
 * between; block: buttons of other colours on the segment (they must be gone
 * first). With the position S it is feasible when both ends are in S, block
 * misses S, and 2 + |mid & S| is an allowed size. */
typedef struct b2cut {
    int a, b, colour;
    b2set mid, block;
} b2cut;

typedef struct b2game {
    const buttons_level *level;
    int n;       /* buttons, numbered in row-major order */
    int *cell;   /* cell index of button i */
    int *colour; /* colour of button i */
    int *button; /* button index of each cell, -1 when empty */
    int ncuts;
    b2cut *cut;
    b2set all;
} b2game;

/* Builds the cut table; -1 with err when the board has more than
 * B2_MAX_BUTTONS buttons. O(n^2 * length of a line). */
int b2_build(const buttons_level *l, b2game *g, pl_error *err);
void b2_free(b2game *g);
/* Size of cut k in position S when it is feasible, else 0. */
int b2_feasible(const b2game *g, const b2set *S, int k);
/* The position after cut k (feasible in S). */
b2set b2_after(const b2game *g, const b2set *S, int k);
/* Position from a cell array (0 empty). */
b2set b2_from_cells(const b2game *g, const uint8_t *cells);
/* May the player to move (1 or 2) make cut k under the variant's colour rule? */
static inline bool b2_may(const b2game *g, int player, int k) {
    return buttons_player_may_cut(g->level, player, g->cut[k].colour);
}
/* Feasible cuts the player may make in S. */
int b2_count_moves(const b2game *g, const b2set *S, int player);
buttons_cut b2_cut_text(const b2game *g, int k);

/* Game solvers (pl_algorithm shape). Values: winner (1, 2; 0 a draw in
 * scoring), and for scoring margin (player 1's buttons minus player 2's),
 * score1, score2 along the principal variation. */
bool buttons_minimax_applies(const void *level, const pl_request *req, char *why, size_t n);
int buttons_minimax_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);
bool buttons_grundy_applies(const void *level, const pl_request *req, char *why, size_t n);
bool buttons_grundy_preferred(const void *level, const pl_request *req, char *why, size_t n);
int buttons_grundy_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

#endif

/* A transposition table over positions: key (set, tag), a small value and a
 * bound flag. Open addressing; grows while its size stays under the memory
 * limit, else reports the limit (the caller answers unknown). */
enum { B2_EXACT = 0, B2_LOWER = 1, B2_UPPER = 2 };
typedef struct b2entry {
    b2set key;
    int16_t value;
    uint8_t tag, flag, used;
} b2entry;
typedef struct b2table {
    b2entry *e;
    size_t cap, count, limit_bytes, peak_bytes;
} b2table;
void b2_table_init(b2table *t, size_t limit_bytes);
void b2_table_free(b2table *t);
const b2entry *b2_table_get(const b2table *t, const b2set *key, int tag);
/* false when the table is full and may not grow (memory limit). */
bool b2_table_put(b2table *t, const b2set *key, int tag, int value, int flag);
