/* Coin moving: rules, notation, spans and the exact solver.
 * Paper: F. Galliot, "A coin-moving game on graphs" (master's thesis, 2019),
 * building on Demaine, Demaine, Verrill, "Coin-Moving Puzzles" (2002).
 *
 * A move takes one coin to a free vertex that then has at least two OTHER
 * coins adjacent (the 2-adjacency rule). Boards: the infinite square grid, the
 * infinite triangular grid (coordinates of spec/formats.md) and any finite
 * graph given by its edges. */
#ifndef PUZZLELAB_COINS_H
#define PUZZLELAB_COINS_H

#include "puzzlelab/game.h"

typedef enum { COINS_SQUARE = 0, COINS_TRIANGULAR = 1, COINS_GRAPH = 2 } coins_grid;
typedef enum { COINS_EXACT = 0, COINS_TRANSLATION = 1, COINS_ROTATION = 2 } coins_upto;

/* A position: a grid cell (r, c), or a graph vertex (r = vertex, c = 0). */
typedef struct coins_pt {
    int r, c;
} coins_pt;

#define COINS_MAX_VERTEX 1000000  /* largest vertex number a graph level may use */
#define COINS_MAX_COORD 100000000 /* |r|, |c| of a move on a grid */

typedef struct coins_level {
    coins_grid grid;
    coins_upto upto;
    int rows, cols; /* the window of the start:/target: sections (grids) */
    int n;          /* coins */
    bool labelled;
    char *label;              /* labelled: label of coin i (n chars + NUL) */
    coins_pt *start, *target; /* coin i; labelled: both are coin i's (label[i]) */
    /* graph: vertices 0..nv-1, neighbours of v are adj[off[v] .. off[v+1]) */
    int nv, max_degree;
    int *off, *adj;
    /* tests and experiments: `shortest` builds its frontier tables for every
     * frontier of at least this many states (0, the default: its cost rule),
     * and calls frontier_cut (when set) with each configuration that a
     * frontier bound cuts, the side (0 forward from the start, 1 backward
     * from the target) and the depth at which it was generated, in a round
     * of bound L (one call at a time) */
    long frontier_min;
    void (*frontier_cut)(void *arg, const struct coins_pt *coins, int n, int side, int depth, int L);
    void *frontier_arg;
} coins_level;

/* Neighbours of p (grids: 4 or 6; graph: its degree, the vertices' numbers in
 * .r). out must hold max(6, l->max_degree) points. */
int coins_neighbours(const coins_level *l, coins_pt p, coins_pt *out);
/* The lattice rotations: 4 (square, 90 degrees) or 6 (triangular, 60 degrees);
 * k-th rotation of p about the origin. Graphs: 1 (identity). */
int coins_nrotations(const coins_level *l);
coins_pt coins_rotate(const coins_level *l, coins_pt p, int k);

/* ---------- replay on the infinite board (verify, play) ---------- */
typedef struct coins_state coins_state;
coins_state *coins_state_new(const coins_level *l);
void coins_state_free(coins_state *s);
/* Moves the coin at from to to; -1 with the reason when illegal. */
int coins_state_move(coins_state *s, coins_pt from, coins_pt to, char *why, size_t n);
const coins_pt *coins_state_coins(const coins_state *s); /* coin i's position */
const coins_level *coins_state_level(const coins_state *s);
/* Does the configuration match the target (up to the level's upto)? */
bool coins_state_at_target(const coins_state *s, char *why, size_t n);
/* Same test for a bare configuration (coin i at pos[i]). */
bool coins_config_matches(const coins_level *l, const coins_pt *pos, char *why, size_t n);

/* ---------- notation ---------- */
int coins_level_parse(const pl_level_text *lt, coins_level *out, pl_error *err);
void coins_level_free(coins_level *l);
/* "r1,c1 r2,c2" (grids, negative allowed) or "u v" (graph). */
int coins_move_parse(const coins_level *l, const char *text, coins_pt *from, coins_pt *to, char *why, size_t n,
                     int *col);
void coins_move_text(const coins_level *l, coins_pt from, coins_pt to, char *buf, size_t n);
void coins_pt_text(const coins_level *l, coins_pt p, char *buf, size_t n);

/* ---------- a finite board for the algorithms ----------
 * Grids: the rectangle [r0, r0+h) x [c0, c0+w), position (r - r0) * w + (c - c0),
 * neighbours outside the rectangle omitted. Graph: the vertices. */
typedef struct coins_board {
    coins_grid grid;
    int nv;
    int *off, *adj;
    int r0, c0, h, w;
} coins_board;
void coins_board_rect(coins_board *b, const coins_level *l, int r0, int c0, int h, int w);
void coins_board_graph(coins_board *b, const coins_level *l);
void coins_board_free(coins_board *b);
int coins_board_pos(const coins_board *b, coins_pt p); /* -1 when outside */
coins_pt coins_board_pt(const coins_board *b, int pos);

/* ---------- spans (Definition 1.5, Algorithm 1) ----------
 * in_span (nv bytes) gets 1 on span(C), C given as positions on b; returns
 * |span(C) inside b|. O(|S| Delta^2). work: nv ints of scratch or NULL. */
int coins_span(const coins_board *b, const int *coins, int ncoins, uint8_t *in_span, int *work);

/* Parameters of Section 1 for `info`. */
typedef struct coins_analysis {
    bool span_finite;    /* triangular: false as soon as Adj(A) is non-empty */
    int span_size;       /* finite spans */
    int span_components; /* square: rectangles of Proposition 3.2 */
    int minimum_size;    /* square: Proposition 3.20; graph: exhaustive when small; -1 unknown */
    int minimal_plus;    /* k of Definition 1.9 (exact when minimal_plus_exact) */
    bool minimal_plus_exact;
    int extra_coins; /* e: coins removable keeping span(A) >= span(B) (some placement) */
    bool extra_coins_exact;
    bool target_in_span; /* B (some placement) inside span(A): Corollary 1.7 */
    /* Proposition 1.2 */
    bool a_has_shared_free_neighbour; /* two coins of A share an unoccupied neighbour */
    int a_moves;                      /* legal first moves */
    bool b_has_component3;            /* a coin of B with two neighbours in B */
    /* Proposition 1.3 */
    bool prop13_applies; /* some b with B \ {b} all isolated */
    coins_pt prop13_b;
    bool one_move_solves; /* A -> B in one move (or A = B) */
} coins_analysis;
void coins_analyse(const coins_level *l, uint64_t work_limit, coins_analysis *out);

extern const pl_game pl_game_coins;

#endif
