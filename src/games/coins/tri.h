/* Coin moving on the triangular grid: internals shared by tri_clean.c and
 * solve_triangular.c (Galliot 2019, Section 2 and Appendix A). */
#ifndef PUZZLELAB_COINS_TRI_H
#define PUZZLELAB_COINS_TRI_H

#include "solvers.h"

/* Position -> int map on the unbounded lattice (open addressing). A value of
 * -1 reads as absent, so setting -1 deletes without moving entries. */
typedef struct tri_pmap {
    int64_t *key;
    int *val;
    size_t mask, used;
} tri_pmap;
void tri_pmap_init(tri_pmap *m, size_t hint);
void tri_pmap_free(tri_pmap *m);
int tri_pmap_get(const tri_pmap *m, coins_pt p);
void tri_pmap_set(tri_pmap *m, coins_pt p, int v);

/* Actions of the variation of Section 1.4 (game G'): coins may stack, and a
 * reserve holds taken coins. MOVE o -> d and DROP d need two occupied
 * neighbours of d (o counts when other coins stay on it); TAKE o has no
 * condition. */
enum { TRI_MOVE = 0, TRI_TAKE = 1, TRI_DROP = 2 };
typedef struct tri_act {
    coins_pt o, d;
    int kind;
} tri_act;
typedef struct tri_acts {
    tri_act *a;
    size_t n, cap;
} tri_acts;
void tri_acts_push(tri_acts *v, int kind, coins_pt o, coins_pt d);

/* Moves of the real game G. */
typedef struct tri_move {
    coins_pt from, to;
} tri_move;
typedef struct tri_moves {
    tri_move *m;
    size_t n, cap;
} tri_moves;
void tri_moves_push(tri_moves *v, coins_pt from, coins_pt to);

/* CLEAN (Algorithm 2, Proposition 1.13): turns actions of G' from the n coins
 * at A into moves of G reaching the same final configuration, when that
 * configuration has no stacked coin and an empty reserve. Checks each action
 * against the rules of G'; -1 with the reason (the index of the action) when
 * one breaks them; -2 when lim (may be NULL) runs out. O(n + actions)
 * expected time. */
int tri_clean(const coins_pt *A, int n, const tri_acts *acts, tri_moves *out, pl_limits *lim, char *why, size_t wn);

#endif
