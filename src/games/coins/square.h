/* Coin moving on the square grid, Section 3 of Galliot 2019: canonical
 * configurations, the game G' with a reserve, CLEAN, the subroutine table and
 * Theorem 3.8. Shared inside src/games/coins/ (solvers.h includes it). */
#ifndef PUZZLELAB_COINS_SQUARE_H
#define PUZZLELAB_COINS_SQUARE_H

#include <stdbool.h>
#include <stdint.h>

#include "puzzlelab/coins.h"

/* A rectangle [r0, r1] x [c0, c1] (inclusive), Definition 3.1. */
typedef struct coins_rect {
    int r0, c0, r1, c1;
} coins_rect;

/* An action of G' (Section 1.4): drop a reserve coin at (r, c), or take the
 * coin at (r, c) into the reserve. */
typedef struct coins_sq_action {
    int r, c;
    bool drop;
} coins_sq_action;

/* ---------- square_canonical.c: Definitions 3.1 to 3.5, Corollary 3.21 ---------- */
/* Hull R(C) (Definition 3.1). n >= 1. */
coins_rect coins_sq_hull(const coins_pt *c, int n);
/* Geodesic distance between two rectangles (0 when they meet). */
int coins_sq_rect_dist(coins_rect a, coins_rect b);
/* 2-path components (Definition 3.3): comp[i] gets the component of coin i,
 * returns their number. O(n^2). */
int coins_sq_2components(const coins_pt *c, int n, int *comp);
/* span(C) as rectangles pairwise at distance >= 3 (Proposition 3.2), by
 * merging hulls at distance <= 2: O(n^2) (Corollary 3.21). out holds n.
 * Returns the number of rectangles, sorted by (r0, c0). */
int coins_sq_span_rects(const coins_pt *c, int n, coins_rect *out);
/* The canonical 'L' of R (Definition 3.5): ceil((m+n)/2) coins into out,
 * listed along the 2-path from the top-left corner. Returns the count. */
int coins_sq_canonical_L(coins_rect R, coins_pt *out);
/* Is c (n coins) an 'L' (Definition 3.4)? Fills *R with its span when so. */
bool coins_sq_is_L(const coins_pt *c, int n, coins_rect *R);
/* The canonical configuration associated with C (Definition 3.5): *out gets
 * an allocated list, returns its size (the minimum size of span(C),
 * Proposition 3.20). */
int coins_sq_canonical(const coins_pt *c, int n, coins_pt **out);
/* Is every rectangle of `inner` inside some rectangle of `outer`? */
bool coins_sq_rects_inside(const coins_rect *inner, int ni, const coins_rect *outer, int no);

/* ---------- square_window.c: exhaustive search in a tiny window ---------- */
/* Shortest sequence of reversible G' actions in an h x w window (h * w <= 63,
 * cell (r, c) is bit r * w + c) from the coin set `start` with `reserve`
 * coins in the reserve to the set `goal`, counting a move (a take then a
 * drop, both reversible) once as the thesis's figures do; *steps_out (or
 * NULL) gets that count. Returns the number of G' actions written to out
 * (window coordinates), -1 when unreachable, -2 on a bad window or a too
 * small out, -3 when max_states was not enough. */
int coins_sq_window_bfs(int h, int w, uint64_t start, uint64_t goal, int reserve, bool reversible, uint64_t max_states,
                        coins_sq_action *out, int max_out, int *steps_out);

/* A subroutine of Section 3.2: start and goal drawn row by row ('o' a coin,
 * '.' free, '/' between rows), the reserve it may use, and whether every
 * take must be reversible (a coin with two occupied neighbours). */
typedef struct coins_sq_spec {
    const char *name, *figure;
    int h, w, reserve;
    bool reversible;
    const char *start, *goal;
    int paper_steps; /* the count the thesis gives, -1 none, 0 impossible */
} coins_sq_spec;
extern const coins_sq_spec coins_sq_specs[];
extern const int coins_sq_nspecs;
/* The generated table (square_moves_table.c, written by
 * tools/coins_square_table): entry i solves coins_sq_specs[i]; steps -1 when
 * no sequence exists. */
typedef struct coins_sq_entry {
    const char *name;
    int steps, nactions;
    const char *actions; /* "+r,c" drops and "-r,c" takes, window coordinates */
} coins_sq_entry;
extern const coins_sq_entry coins_sq_table[];
extern const int coins_sq_table_size;
/* Parses a spec's drawing into a window bit mask; -1 when malformed. */
int64_t coins_sq_spec_mask(const char *drawing, int h, int w);
/* Runs spec i's search: fills the table entry's fields (actions text into
 * buf). Returns 0, or -1 when the search ran out of room. */
int coins_sq_spec_solve(int i, coins_sq_entry *e, char *buf, size_t n);

/* ---------- square_gprime.c: G' (Section 1.4) and CLEAN (Appendix A.1.2) ---------- */
typedef struct coins_gp coins_gp;
/* A G' position: the coins c (n of them) on the board, `reserve` in the
 * reserve. Every action is checked; the first illegal one marks the recorder
 * failed (coins_gp_failed) and later actions are refused. */
coins_gp *coins_gp_new(const coins_pt *c, int n, int reserve);
void coins_gp_free(coins_gp *g);
int coins_gp_count(coins_gp *g, coins_pt p); /* coins stacked at p */
int coins_gp_reserve(const coins_gp *g);
bool coins_gp_failed(const coins_gp *g);
int coins_gp_drop(coins_gp *g, coins_pt p);
int coins_gp_take(coins_gp *g, coins_pt p, bool reversible);
const coins_sq_action *coins_gp_actions(const coins_gp *g, long long *n);
/* Turns the coins `from` into the coins `to` (both small, the same outside
 * the changed ones) by a reversible table subroutine whose start and goal
 * match them under a symmetry of the grid, run forwards or backwards.
 * -1 (and failed) when none matches or an action is illegal here. */
int coins_gp_rewrite(coins_gp *g, const coins_pt *from, int nf, const coins_pt *to, int nt);
bool coins_gp_rewrite_exists(const coins_pt *from, int nf, const coins_pt *to, int nt);
/* CLEAN: the G' actions act from (A, 0) become moves from[i] -> to[i] of the
 * real game (arrays of nact entries); returns their number, or -1 when a drop
 * finds the reserve empty (the actions do not start from (A, 0)). */
long long coins_sq_clean(const coins_pt *A, int n, const coins_sq_action *act, long long nact, coins_pt *from,
                         coins_pt *to);

/* ---------- square_reorient.c: Lemma 3.6 ---------- */
/* Records in g (which holds L1 and at least two reserve coins) the actions
 * turning the minimal 2-path L1 between two opposite corners of R (an 'L' is
 * one) into L2 (the same kind; k coins each): flips for every size, rotations
 * (the other pair of corners) when m or n is odd. 0, -1 on bad input or a
 * failed action (-2 is kept for "refused"; no case refuses any more). */
int coins_sq_reorient(coins_gp *g, coins_rect R, const coins_pt *L1, const coins_pt *L2, int k);
/* The step exchanges alone: the 2-path P (k coins, monotone from one corner
 * of R to the opposite one in the frame t: bit 2 transposed, bit 0 rows
 * reversed, bit 1 columns reversed) becomes Q with the same steps. */
int coins_sq_reorder(coins_gp *g, coins_rect R, const coins_pt *P, const coins_pt *Q, int k, int t);

/* ---------- square_pushing.c: the pushing game (Section 3.3.3, 3.4) ---------- */
/* A rectangle of R~ with its two fixed leaves. */
typedef struct coins_sq_leafrect {
    coins_pt l, l2;
    coins_rect R;
} coins_sq_leafrect;
/* F~(M) and R~(M) by the algorithm before Conjecture 3.39 (M: n coins with
 * an adjacent pair); the text's free choices are drawn from seed (0: the
 * first in scan order). F holds n, R n * n. -1 when M has no pair. */
int coins_sq_ftilde(const coins_pt *M, int n, uint64_t seed, coins_pt *F, int *nf, coins_sq_leafrect *R, int *nr);

/* Conjecture 3.39 on one h x w rectangle (h w <= 64, h + w odd): every
 * minimum configuration with span R and an adjacent pair, the classes of the
 * pushing game among them, and the partition by the conjecture's three
 * conditions. Masks: bit r * w + c. */
typedef struct coins_conj339 {
    int h, w;
    uint64_t subsets;        /* C(h w, ceil((h+w)/2)) enumerated */
    uint64_t configurations; /* minimum, span R, with a pair */
    uint64_t pushes;         /* pushes between them (each checked reversible) */
    uint64_t irreversible;   /* pushes whose reverse is not a push (expected 0) */
    uint64_t escapes;        /* pushes leaving the set (expected 0) */
    uint64_t classes;        /* reachability classes */
    uint64_t keys;           /* distinct (F~, R~, coins outside) */
    uint64_t ill_defined;    /* configurations whose key depends on the choices */
    uint64_t ill_defined_example;
    uint64_t only_if_failures; /* configurations reachable from an earlier one with another key */
    uint64_t only_if_a, only_if_b;
    uint64_t if_failures; /* configurations with an earlier one's key in another class */
    uint64_t if_a, if_b;
} coins_conj339;
/* 0; -1 when lim ran out; -2 when the size is refused (h w > 64, even, or
 * more than max_subsets subsets). seeds: choice orders tried for F~, R~. */
int coins_sq_conj339(int h, int w, uint64_t max_subsets, int seeds, pl_limits *lim, coins_conj339 *out);

/* Section 3.4's claim on one h x w rectangle: every minimal configuration
 * with hull R, minimum + extra coins, forming a 2-path. */
typedef struct coins_sec34 {
    int h, w, extra;
    uint64_t subsets;
    uint64_t paths;      /* minimal non-minimum 2-paths with hull R */
    uint64_t failures;   /* no sequence of pushes frees a coin (the claim fails) */
    uint64_t failure_example;
    int max_pushes;      /* the most pushes a shortest way needs */
    uint64_t routine_ok; /* coins_sq_2path_extra succeeded */
    uint64_t routine_misses;
    uint64_t routine_miss_example;
    int routine_max_pushes;
} coins_sec34;
int coins_sq_sec34(int h, int w, int extra, uint64_t max_subsets, pl_limits *lim, coins_sec34 *out);
/* Section 3.4's pushes for a minimal, non-minimum 2-path P (n coins, span its
 * hull): pushes from[i] -> to[i] (allocated) after which some coin can go
 * keeping the span. *step: 1 when the ends had to reach opposite corners
 * first, 2 when they were there. 0, -1 when the steps do not get there, -2
 * bad input. Each push is replayed with its span before it is returned. */
int coins_sq_2path_extra(const coins_pt *P, int n, coins_pt **from, coins_pt **to, int *npushes, int *step);

/* ---------- square_canonicalize.c: Theorem 3.7 ---------- */
/* Records in g (holding C and at least two reserve coins) reversible actions
 * turning C (n coins) into its canonical configuration. 0, or -1 with *why:
 * 1 a step failed, 2 an 'L' with both sides even had to rotate, 3 two hulls
 * near each other without coins near, 4 a limit of lim (or NULL). */
int coins_sq_canonicalize(coins_gp *g, const coins_pt *C, int n, pl_limits *lim, int *why);
/* Trims the canonical 'L' canon (k coins) of R to the canonical 'L' of
 * R2 inside R, one side at a time (proof of Theorem 3.8): the pair moved to
 * the trimmed end, a coin dropped on the last kept position if needed, the
 * rest taken (irreversibly). 0, or -1 (nothing sensible recorded). */
int coins_sq_shrink(coins_gp *g, coins_rect R, const coins_pt *canon, int k, coins_rect R2);

/* ---------- solve_twoextra.c: Theorem 3.8's conditions, Proposition 3.11 ---------- */
typedef struct coins_thm38 {
    bool a_i;   /* some pair {a1, a2} meets (a.i) */
    bool a;     /* some pair meets (a.i) and (a.ii) */
    int a1, a2; /* indices into A: the pair of (a), else of (a.i); -1 if none */
    bool b_i;   /* (b.i): some coin of B has two neighbours in B */
    bool b;     /* (b) */
    int b1, b2; /* indices into B; -1 if none */
} coins_thm38;
/* Checks the conditions of Theorem 3.8 for A -> B (n coins each, square
 * grid): O(n^4) worst case. lim (or NULL) is ticked once per pair; returns -1
 * when it runs out (out then holds what was found so far), else 0. */
int coins_thm38_check(const coins_pt *A, const coins_pt *B, int n, pl_limits *lim, coins_thm38 *out);
/* Proposition 3.11: a position of span(A) with at most one neighbour in
 * span(A) never receives a coin, so the target (coin i at target[i]) must
 * hold there what the start holds (the same label when labelled). Returns 1
 * and the position when it does not (the puzzle is unsolvable), else 0. */
int coins_fixed_ends_check(const coins_level *l, const coins_pt *target, coins_pt *where);
/* Proposition 3.31 (labelled, Section 3.3.3): when A has exactly two coins
 * more than the minimum of span(A) (Proposition 3.20), every rectangle of
 * span(A) is even, and a 1x5 or 5x1 rectangle C has a coin c on its centre p,
 * no other coin ever stands on p while the span is kept; and a target with
 * span(A) keeps the span at every step (spans never grow, Corollary 1.7). */
typedef struct coins_prop331 {
    int status;      /* 0 hypotheses fail (why), 1 they hold and B agrees, 2 B puts another coin on p */
    coins_rect C;    /* status >= 1: the line (the first whose centre B contradicts, else the first) */
    coins_pt p;      /* its centre */
    int a_coin;      /* the coin c of A on p */
    int b_coin;      /* status 2: B's coin on p (another label); else B's coin there or -1 */
    bool same_span;  /* span(B) = span(A) */
    char why[160];   /* status 0: which hypothesis fails */
} coins_prop331;
/* O(n^2) (the spans by Corollary 3.21). */
void coins_prop331_check(const coins_level *l, coins_prop331 *out);
/* The fields of `info` for the square grid (game.c). */
void coins_square_info(const coins_level *l, json_t *o);
/* Theorem 3.8's winning sequence when t says (a) and (b) hold: moves
 * from[i] -> to[i] (allocated, *nmoves of them). -1 with why when the
 * construction stops (a window search that finds nothing, ...). */
int coins_thm38_construct(const coins_pt *A, const coins_pt *B, int n, const coins_thm38 *t, pl_limits *lim,
                          coins_pt **from, coins_pt **to, long long *nmoves, char *why, size_t wn);
/* The G' actions of that construction (allocated, *total), *mid of them
 * before the trimming: the stopover at the canonical configuration of
 * A \ {a1, a2} with N - |L| coins in the reserve (Theorem 3.16). */
int coins_thm38_actions(const coins_pt *A, const coins_pt *B, int n, const coins_thm38 *t, pl_limits *lim,
                        coins_sq_action **all, long long *total, long long *mid, char *why, size_t wn);
/* ---------- square_labelled.c: Theorem 3.16, Corollary 3.17 ---------- */
typedef struct coins_thm316 {
    int r;            /* red coins at the stopover: N - |L| */
    bool hyp;         /* Theorem 3.16's hypotheses hold for step [3]'s permutation */
    char reason[128]; /* why not */
    long long swaps, moves1, moves3, moves2; /* swaps; moves of M1, of the swaps, of M2 */
    bool stopped_at_end;                     /* the construction stopped at the end of an 'L' */
    long long scaffolds;                     /* swaps at 'L' ends through a scaffold (Prop. 3.13 II) */
} coins_thm316;
/* Theorem 3.8's construction with the labelled stopover of Section 3.2.2
 * (t: Theorem 3.8's conditions hold for the unlabelled counterparts). Moves
 * from[i] -> to[i] (allocated). -1 and why when a step fails (a swap not
 * found in its window, no room in the span, ...). */
int coins_thm316_construct(const coins_level *l, const coins_thm38 *t, pl_limits *lim, coins_pt **from,
                           coins_pt **to, long long *nmoves, coins_thm316 *info, char *why, size_t wn);
/* Corollary 3.17's conditions (labelled level, square grid). */
bool coins_cor317_holds(const coins_level *l);
/* The `theorems` algorithm: Proposition 3.11 (unsolvable), Theorem 3.8
 * (solvable; the certificate comes from exact search), else exact search,
 * with the note saying which. */
bool coins_theorems_applies(const void *level, const pl_request *req, char *why, size_t n);
int coins_theorems_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err);

#endif
