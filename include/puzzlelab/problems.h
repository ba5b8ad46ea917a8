/* Source problems of the papers' reductions (3-SAT, X3C, Vertex Cover,
 * 3-Partition, ...):
 * a part of the library that knows no game. Each problem has a text format
 * read with file:line:col errors, an exact solver that returns a certificate,
 * a verifier, `info` and a seeded generator whose yes/no balance can be
 * steered. The CLI reaches them like the games: `puzzlelab sat solve F`.
 *
 * Certificates are lines, like a game's moves: a satisfying assignment is
 * one literal a line ("3", "-4"), an exact cover one set number a line, a
 * vertex cover one vertex a line, a 3-partition one triple of numbers a line
 * ("1 5 9": the first, fifth and ninth numbers of the file; numbers as in the
 * file, from 1).
 *
 * A reduction (pl_reduction, listed by the game it reduces to) turns a
 * source instance into a level of the game (build), a source certificate into
 * the level's moves (forward) and any certificate of that level back into a
 * source certificate (lift): the proof of a theorem, run both ways. */
#ifndef PUZZLELAB_PROBLEMS_H
#define PUZZLELAB_PROBLEMS_H

#include "puzzlelab/game.h"

/* ---------- instances ---------- */

/* CNF (DIMACS): clause i is lit[start[i]] .. lit[start[i+1] - 1]. */
typedef struct pl_cnf {
    int nvars, nclauses;
    int *lit;
    int *start;      /* nclauses + 1 entries */
    int *line, *col; /* where clause i starts in the file */
    char file[256];
} pl_cnf;

/* X3C: items 1..items (a multiple of 3), sets of three distinct items. */
typedef struct pl_x3c {
    int items, nsets;
    int (*set)[3];
    int *line; /* line of set i */
    char file[256];
} pl_x3c;

/* Vertex Cover (DIMACS graph with the bound k): vertices 1..n. */
typedef struct pl_vc {
    int nvertices, nedges, k;
    int (*edge)[2];
    int *line; /* line of edge i */
    char file[256];
} pl_vc;

/* 3-Partition: the bound B and n = 3m numbers a[0..n-1] (numbered from 1 in
 * the file order), each strictly between B/4 and B/2 (so any numbers summing
 * to B are exactly three), summing to mB. The parser enforces all of it, and
 * bounds n <= PL_3PART_MAX_NUMBERS and B <= 10^9, so sums fit in long long
 * and triple sums in int. */
#define PL_3PART_MAX_NUMBERS 300000
typedef struct pl_3part {
    int n, bound;
    int *a;
    int *line, *col; /* where number i is in the file */
    char file[256];
} pl_3part;

/* Geography (Section 4's DIRECTED VERTEX GEOGRAPHY): a directed graph on
 * vertices 1..nvertices (at most PL_GEO_MAX_VERTICES) and a start vertex
 * holding the token; player 1 moves first, the players alternately move the
 * token along an arc to a vertex never visited (the start counts as
 * visited); who cannot move loses. Arcs are distinct; self-loops are allowed
 * (never playable). */
#define PL_GEO_MAX_VERTICES 64
typedef struct pl_geo {
    int nvertices, narcs, start;
    int (*arc)[2];
    int *line;      /* line of arc i */
    int start_line; /* line of the 's' line */
    char file[256];
} pl_geo;
/* Planar 3-SAT with its embedding (src/problems/planar_sat.c): the
 * formula, and for each clause the side of the variable line it is drawn on
 * (above[i] != 0: above). The parser checks that the drawing is planar. */
typedef struct pl_planar_sat {
    pl_cnf cnf;
    bool *above;
} pl_planar_sat;

/* G_pos(CNF) as issue 19 names it: the source of Theorem 8, which the paper
 * states as Schaefer's G_%free(CNF) (Schaefer 1978, Theorem 3.8; "Pre-
 * Partitioned Truth Assignment"): a CNF formula whose variables are split
 * into two halves of equal size; player 1 (the paper's Blue) owns one half,
 * player 2 (Red) the other; player 1 moves first; the players alternately
 * choose one of their own unset variables and set it true or false, in any
 * order; when every variable is set, player 1 wins iff the formula is true.
 * The formula is stored as a pl_cnf; owner[v] (v = 1..nvars) is 1 or 2. At
 * most PL_GPOS_MAX_VARIABLES variables (a position is two 64-bit sets). */
#define PL_GPOS_MAX_VARIABLES 64
typedef struct pl_gpos {
    pl_cnf f;
    signed char *owner;
    int *owner_line; /* line of the 'b' or 'r' line that gave v its owner */
} pl_gpos;

/* Graph Decycling (Section 3.2, the source of Lemma 2): a directed graph on
 * vertices 1..nvertices (at most PL_DECYC_MAX_VERTICES) and disjoint
 * removable pairs of distinct vertices; can the graph be made acyclic by
 * removing exactly one vertex of every pair? Arcs are distinct; self-loops
 * are allowed. pair_of[v] (v = 1..nvertices) is v's pair or -1. */
#define PL_DECYC_MAX_VERTICES 1000000
typedef struct pl_decyc {
    int nvertices, narcs, npairs;
    int (*arc)[2];
    int (*pair)[2];
    int *arc_line, *arc_col; /* where arc i is in the file */
    int *pair_line;          /* line of pair i */
    int *pair_of;
    char file[256];
} pl_decyc;

/* Whether every clause has exactly three literals, and whether no clause
 * repeats a variable (the usual 3-SAT); the reductions say which they need. */
bool pl_cnf_three_literals(const pl_cnf *f);
bool pl_cnf_distinct_variables(const pl_cnf *f);

/* Reading certificates (the lines of a MOVES-like file). Each returns 0, or
 * -1 with err at the line and column of a malformed line or a number out of
 * range; contradictions (a variable given both values, a set or vertex
 * listed twice) are errors of the certificate, not of its syntax: they come
 * back as 1 with why. */
/* value[v] for v = 1..nvars: 1 true, 0 false, -1 not given. Lines may be SAT
 * competition output: "s ..." and "c ..." lines are skipped, a "v" prefix
 * and 0 terminators are allowed. */
int pl_sat_read_assignment(const pl_cnf *f, const pl_moves *cert, signed char *value, char *why, size_t n,
                           pl_error *err);
/* chosen[i] for the sets i = 0..nsets-1 (the file numbers sets from 1). */
int pl_x3c_read_cover(const pl_x3c *x, const pl_moves *cert, bool *chosen, char *why, size_t n, pl_error *err);
/* in[v] for v = 1..nvertices. */
int pl_vc_read_cover(const pl_vc *g, const pl_moves *cert, bool *in, char *why, size_t n, pl_error *err);
/* triple[3t + k] (k = 0..2) for the triples t = 0..*ntriples-1, the numbers'
 * indices from 1 as written, and line[t] the certificate line of triple t;
 * both arrays have room for m = n/3 triples. -1 only for a line that is not
 * three whole numbers; indices out of range, repeats, sums and coverage are
 * left to pl_3part_check, so that the verdict names the first bad line. The
 * one contradiction found here is a line after the m-th: 1 with why, the
 * first m triples read (check them first: if one of them is bad, its line
 * comes earlier). */
int pl_3part_read_partition(const pl_3part *p, const pl_moves *cert, int *triple, int *line, int *ntriples, char *why,
                            size_t n, pl_error *err);

/* removed[v] for v = 1..nvertices; a vertex twice, a vertex in no pair and
 * both vertices of one pair come back as 1 with why. */
int pl_decyc_read_removal(const pl_decyc *d, const pl_moves *cert, bool *removed, char *why, size_t n,
                          pl_error *err);

/* Checks (no syntax involved): true when the certificate is one, else false
 * with the reason in why. */
bool pl_sat_check(const pl_cnf *f, const signed char *value, char *why, size_t n);
bool pl_x3c_check(const pl_x3c *x, const bool *chosen, char *why, size_t n);
bool pl_vc_check(const pl_vc *g, const bool *in, char *why, size_t n);
/* The triples in order (line may be NULL: reasons then say "triple T"):
 * indices in 1..n, none twice, each triple summing to B, every number used. */
bool pl_3part_check(const pl_3part *p, const int *triple, const int *line, int ntriples, char *why, size_t n);

/* Exactly one vertex of every pair removed, and the rest acyclic (why names
 * a pair, or a cycle left). */
bool pl_decyc_check(const pl_decyc *d, const bool *removed, char *why, size_t n);
/* Whether the vertices v without removed[v] induce an acyclic graph; when not
 * and cycle is not NULL, one cycle left (vertices in arc order, room for
 * nvertices) and its length in *ncycle. */
bool pl_decyc_acyclic(const pl_decyc *d, const bool *removed, int *cycle, int *ncycle);
/* Writing certificates as lines. */
void pl_sat_write_assignment(const pl_cnf *f, const signed char *value, pl_strvec *out);
void pl_x3c_write_cover(const pl_x3c *x, const bool *chosen, pl_strvec *out);
void pl_vc_write_cover(const pl_vc *g, const bool *in, pl_strvec *out);
/* The removed vertex of each pair, in the pairs' order. */
void pl_decyc_write_removal(const pl_decyc *d, const bool *removed, pl_strvec *out);
void pl_3part_write_partition(const pl_3part *p, const int *triple, int ntriples, pl_strvec *out);

/* Exact solvers behind `solve`, for the library's own use (tests,
 * generators): 1 yes (the certificate filled), 0 no, -1 a limit was hit. */
int pl_sat_solve(const pl_cnf *f, pl_limits *lim, signed char *value);
int pl_x3c_solve(const pl_x3c *x, pl_limits *lim, bool *chosen);
/* A cover of at most k vertices, or 0 when none exists. */
int pl_vc_solve(const pl_vc *g, int k, pl_limits *lim, bool *in);
/* The size of a minimum vertex cover (its vertices in `in` when not NULL);
 * -1 when a limit was hit. */
int pl_vc_minimum(const pl_vc *g, pl_limits *lim, bool *in);
/* Geography: *winner (1 or 2) under perfect play; the winner's strategy as
 * its plays (see pl_problem_geography's format_help) appended to strategy
 * when not NULL (at most max_plays lines: -2 when it has more). 1, or -1 when
 * a limit was hit. */
int pl_geo_solve(const pl_geo *g, pl_limits *lim, int *winner, pl_strvec *strategy, long max_plays);
/* Checks a certificate's lines (a strategy 'winner W' + plays, or 'play' +
 * one line of play): 0 with v filled, -1 with err for malformed lines. */
int pl_geo_check(const pl_geo *g, const pl_moves *cert, pl_verdict *v, pl_error *err);
/* G_pos(CNF) (see pl_gpos): *winner (1 or 2) under perfect play; the
 * winner's strategy as its plays (see pl_problem_gpos' format_help) appended
 * to strategy when not NULL (at most max_plays: -2 when it has more). 1, or
 * -1 when a limit was hit. */
int pl_gpos_solve(const pl_gpos *g, pl_limits *lim, int *winner, pl_strvec *strategy, long max_plays);
/* Checks a certificate's lines (a strategy 'winner W' + plays, or 'play' +
 * one line of play): 0 with v filled, -1 with err for malformed lines. */
int pl_gpos_check(const pl_gpos *g, const pl_moves *cert, pl_verdict *v, pl_error *err);
/* The formula's value under a partial assignment (set: bit v-1 set, val: bit
 * v-1 true): 1 true whatever the rest, 0 false whatever the rest, -1 open. */
int pl_gpos_decided(const pl_gpos *g, uint64_t set, uint64_t val);
/* The preparation of the Buttons constructions (Theorem 9): arcs into the
 * start and self-loops dropped, vertices the start cannot reach dropped (none
 * of them is ever playable), then Lemma 4: in-degree <= 2, out-degree <= 2,
 * degree <= 3 by the parity-keeping gadgets of Figs. 11-13. out gets the new
 * graph (vertices 1..n', the start kept as 1); origin[v'] (v' = 1..n') the
 * source vertex of v' or 0 for an added one (origin has room for
 * PL_GEO_LEMMA4_MAX); path[e] for each source arc e (-1 terminated, with
 * room for PL_GEO_LEMMA4_MAX + 1 entries each) the new vertices its move
 * passes, from its tail to its head, or path[e][0] = -1 when the arc was
 * dropped. */
#define PL_GEO_LEMMA4_MAX 1024
int pl_geo_lemma4(const pl_geo *g, pl_geo *out, int *origin, int (*path)[PL_GEO_LEMMA4_MAX + 1], pl_error *err);
/* In-degree, out-degree of v. */
void pl_geo_degrees(const pl_geo *g, int *in, int *out);

/* Graph Decycling: removed[v] (v = 1..nvertices) on 1. */
int pl_decyc_solve(const pl_decyc *d, pl_limits *lim, bool *removed);
/* Lemma 3, SAT -> Graph Decycling (the graph of Theorem 7's first step): the
 * instance of f in out (no file places); var_pair[x] (x = 0..nvars-1) the
 * pair (x's vertex, ~x's vertex): removing the first sets x true;
 * occ_pair[i] (i = 0..literal occurrences-1, the index into f->lit) the pair
 * (a_i, a'_i): removing a'_i says literal i satisfies its clause. A
 * yes-instance iff f is satisfiable. */
void pl_decyc_lemma3(const pl_cnf *f, pl_decyc *out, int *var_pair, int *occ_pair);
/* triple: room for n = 3m indices; on 1, the m triples (indices from 1). */
int pl_3part_solve(const pl_3part *p, pl_limits *lim, int *triple);

/* Parsing from text (file names the text in messages) and freeing. */
int pl_cnf_parse(const char *file, const char *data, size_t len, pl_cnf *out, pl_error *err);
void pl_cnf_free(pl_cnf *f);
int pl_x3c_parse(const char *file, const char *data, size_t len, pl_x3c *out, pl_error *err);
void pl_x3c_free(pl_x3c *x);
int pl_vc_parse(const char *file, const char *data, size_t len, pl_vc *out, pl_error *err);
void pl_vc_free(pl_vc *g);
int pl_3part_parse(const char *file, const char *data, size_t len, pl_3part *out, pl_error *err);
void pl_3part_free(pl_3part *p);
int pl_geo_parse(const char *file, const char *data, size_t len, pl_geo *out, pl_error *err);
void pl_geo_free(pl_geo *g);
int pl_planar_sat_parse(const char *file, const char *data, size_t len, pl_planar_sat *out, pl_error *err);
void pl_planar_sat_free(pl_planar_sat *p);
int pl_gpos_parse(const char *file, const char *data, size_t len, pl_gpos *out, pl_error *err);
void pl_gpos_free(pl_gpos *g);
int pl_decyc_parse(const char *file, const char *data, size_t len, pl_decyc *out, pl_error *err);
void pl_decyc_free(pl_decyc *d);

/* Random instances (text in the problem's format; the generators behind
 * `generate`). answer: 'y' a yes-instance (planted), 'n' a no-instance,
 * 'a' either. NULL with err when the parameters admit none or the tries run
 * out. */
char *pl_sat_random(int nvars, int nclauses, char answer, uint64_t seed, pl_error *err);
char *pl_x3c_random(int q, int nsets, char answer, uint64_t seed, pl_error *err);
/* k < 0: the minimum cover (yes), or one less ('n'). */
char *pl_vc_random(int nvertices, int nedges, char answer, int k, uint64_t seed, pl_error *err);
/* m triples, bound B: 'y' m planted triples summing to B, shuffled; 'n' and
 * 'a' random numbers in (B/4, B/2) summing to mB, for 'n' drawn until the
 * solver says no (for small m and B every such multiset is tried before
 * giving up, so the error says whether none exists). */
char *pl_3part_random(int m, int bound, char answer, uint64_t seed, pl_error *err);
/* n vertices, m distinct arcs (no self-loops), start 1: 'y' player 1 wins,
 * 'n' player 2 wins (drawn until the solver says so). */
char *pl_geo_random(int nvertices, int narcs, char answer, uint64_t seed, pl_error *err);
/* Planar 3-SAT: nvars variables, nclauses clauses of 1..3 literals whose
 * combs fit above or below the variable line; 'y' planted, 'n' checked
 * unsatisfiable. */
char *pl_planar_sat_random(int nvars, int nclauses, char answer, uint64_t seed, pl_error *err);
/* nvars (even) variables, player 1 owning a random half; nclauses clauses of
 * width distinct variables each (width <= nvars), random signs: 'y' player 1
 * wins, 'n' player 2 wins (drawn until the solver says so). */
char *pl_gpos_random(int nvars, int nclauses, int width, char answer, uint64_t seed, pl_error *err);

/* n vertices, s random disjoint pairs (2s <= n), m distinct arcs without
 * self-loops: 'y' a planted choice leaves it acyclic, 'n' drawn until the
 * solver says no and every cycle meets a pair, 'a' unchecked. */
char *pl_decyc_random(int nvertices, int narcs, int npairs, char answer, uint64_t seed, pl_error *err);

/* ---------- the problem descriptor ---------- */

typedef struct pl_problem {
    const char *name; /* the command name: sat, x3c, vertex-cover, 3partition */
    const char *title;
    const char *summary;
    const char *format_help; /* the file format and the certificate, for `help` */
    void *(*parse)(const char *file, const char *data, size_t len, pl_error *err);
    void (*free)(void *instance);
    void (*info)(const void *instance, json_t *obj);
    const char *algorithm; /* the one exact solver: its name and what it is */
    const char *algorithm_result;
    int (*solve)(const void *instance, const pl_request *req, pl_solution *out, pl_error *err);
    /* 0 and the verdict; -1 with err for a malformed certificate. */
    int (*verify)(const void *instance, const pl_moves *cert, pl_verdict *v, pl_error *err);
    char *(*generate)(const pl_opts *o, pl_error *err);
    const pl_option *generate_options;
} pl_problem;

extern const pl_problem pl_problem_sat;
extern const pl_problem pl_problem_x3c;
extern const pl_problem pl_problem_vertex_cover;
extern const pl_problem pl_problem_3partition;
extern const pl_problem pl_problem_geography;
extern const pl_problem pl_problem_planar_sat;
extern const pl_problem pl_problem_gpos;
extern const pl_problem pl_problem_decycling;
const pl_problem *const *pl_problems(void); /* NULL-terminated */
const pl_problem *pl_problem_find(const char *name);
/* The instance in path (or "-"), parsed; NULL with err. */
void *pl_problem_load(const pl_problem *p, const char *path, pl_error *err);

/* ---------- reductions ---------- */

typedef struct pl_reduction {
    const char *from; /* the source problem's name */
    int theorem;      /* the paper's theorem number */
    const char *result;  /* e.g. "Theorem 1: X3C -> Two Dots with 3 colours, 2 moves, 2 goals" */
    const char *summary; /* the construction in a sentence */
    /* The level (its text, with header comments naming the theorem, the
     * source and the promised parameters) built from src; NULL with err when
     * src is outside the theorem's source problem (the place in its file). */
    char *(*build)(const void *src, const char *src_name, pl_error *err);
    /* Forward: a certificate of src (already verified) -> the level's moves.
     * 0, or -1 with err. */
    int (*forward)(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err);
    /* Backward: a certificate of the level (already replayed: every move
     * legal, the goals met) -> a certificate of src. 0, or 1 with why when
     * the moves do not correspond to one. */
    int (*lift)(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n);
} pl_reduction;

/* A MOVES-like list from strings (file names them in messages). */
void pl_moves_from_strvec(const pl_strvec *v, const char *file, pl_moves *out);

#endif
