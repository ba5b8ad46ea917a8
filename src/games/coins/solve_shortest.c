/* Proven shortest solutions on the square grid, unlabelled (issue 21, item 2):
 * bidirectional search over bitboards with admissible lower bounds.
 *
 * Finite search space (Galliot 2019, Corollary 1.7 and Section 3.1): every
 * configuration reached from A lies in span(A), inside A's bounding box, so
 * a configuration is one machine word: a bit per cell of the box, rows of
 * w + 1 bits (the spare bit stops shifts from wrapping), at most 56 bits
 * (the box transposed when that fits better; 5x7 and 5x9 letters take 42
 * and 54). The legal destinations of every coin come from four shifts and a
 * bit-sliced count of the neighbours (cells with at least two, and with at
 * least three, coins adjacent), so a state costs a few dozen word operations
 * and a child one hash probe.
 *
 * Search: layers from A (forward moves) and from every placement of the target
 * (moves reversed: a coin with two coins adjacent goes to any free cell of
 * span(A)), the smaller frontier expanded first, under a length bound L
 * raised one at a time from a lower bound (iterative deepening on the
 * bidirectional search): a child at depth d on one side is kept only when
 * d + h <= L, h a lower bound on its distance to the other side's root. Every
 * state on a solution of length <= L passes (h is admissible), and so does
 * every state on a shortest path from the root to such a state, so the layers
 * hold every state of such solutions at its true depth; the first meeting is
 * then a shortest solution (layers complete to depths df and db exclude every
 * length <= df + db). A round that ends without a meeting proves that no
 * solution has length <= L; a side that runs out of states with nothing cut
 * by the bound proves the level unsolvable.
 *
 * The lower bound h(C -> G) (forward: G a placement of the target, the minimum
 * over placements; backward: C = A, G the state). T = G \ C, the cells to
 * fill: every one is the destination of some move ("filling" moves), so at
 * least |T| moves. Let D be the cells of T with no neighbour in T. When the
 * first coin lands on g in D, two other coins sit next to g, on cells outside
 * T: each was there in C from the start or was brought there by a move whose
 * destination is not in T, a non-filling move. So g needs at least
 * def(g) = 2 - |N(g) and C| such arrivals on distinct neighbours, and one
 * non-filling move lands next to at most share = max over cells p outside T
 * of |N(p) and D'| deficient cells (D' = the cells of D with def > 0). Hence
 * h = |T| + max(max def, ceil(sum def / share)). This is what makes the
 * dotted letters (o.o.o) cheaper to refute than the count of coins off the
 * target alone (the bound of solve_exact.c).
 *
 * The level bound (the span argument). Let S_0(C) = C and S_k+1(C) = S_k(C)
 * plus every cell with two cells of S_k(C) adjacent; the level of a cell is
 * the first k with the cell in S_k(C). A move gives C' = C - x + y with y in
 * S_1(C), so C' lies in S_1(C) and, by induction (S is monotone), S_k(C')
 * lies in S_k+1(C): one move lowers every level by at most one. The goal's
 * cells have level 0 at the end, so the largest level of a goal cell is a
 * lower bound (forward: the first k at which S_k(C) holds a placement, from
 * the closure that also finds the dead states; backward: the largest level
 * in A's closure of the state's cells, from precomputed masks). Both bounds
 * are used, each cutting on its own.
 *
 * Pruning (each removes only states on no solution): Corollary 1.7 forward
 * (span(C) never grows: a state whose span holds no placement is kept as
 * dead, never expanded); Lemma 3.9 (the colour counts of solve_exact.c's
 * rule 4); Proposition 3.10's rule 2 (the coin moved last is not moved again
 * at once: its children are children of the parent, in an earlier layer;
 * solve_exact.c gives the argument, which the bound does not change since h
 * depends on the state only).
 *
 * Memory: one open-addressing table a side of 8-byte entries (the state and
 * its depth), cut into SHARDS tables by hash bits, and the two frontiers; the
 * path is rebuilt at the end by finding, layer by layer, a parent in the
 * tables (no parent pointers). Time O(states x n x free cells), memory
 * O(states); --memory-limit caps the tables.
 *
 * Threads (--threads): a layer is expanded in blocks of BLOCK states; in a
 * block each thread generates and bounds the children of its slice of the
 * states, sorting them by shard (phase A), then each thread inserts the
 * children of its shards, in the order of the slices, and looks the new ones
 * up on the other side (phase B). The shards, the blocks and the order of
 * insertion do not depend on the number of threads, nor does the meeting
 * chosen (the least state met in the first block that meets), so the layers,
 * the counts and the certificate are the same with any number of threads. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef uint64_t bits;

#define KEY_BITS 56
#define KEY_MASK ((1ull << KEY_BITS) - 1)
#define DEAD 0xFFu      /* depth byte of a forward state whose span lost the target */
#define MAX_DEPTH 0xFEu /* deeper layers do not fit the depth byte: unknown */

static inline int bit_index(bits x) {
    return __builtin_ctzll(x);
}
/* Without -mpopcnt the builtin is a library call, which took a tenth of the time. */
static inline int popc(bits x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The box, its layout and the masks of the cells. */
typedef struct geom {
    int r0, c0, h, w; /* A's bounding box */
    int S;            /* stride: w + 1 (or h + 1 transposed) */
    bool transposed;  /* bit of (r, c) is (c - c0) * S + (r - r0) */
    bits board;       /* span(A): every cell a coin can ever occupy */
    bits colour1;     /* cells of colour 1 ((r + c) odd) */
    bits nbr[64];
} geom;

static inline bits shifts(const geom *g, bits x) {
    return ((x << 1) | (x >> 1) | (x << g->S) | (x >> g->S)) & g->board;
}

/* Cells of the board with at least one, two, three coins of x adjacent. */
static inline void counts(const geom *g, bits x, bits *ge1, bits *ge2, bits *ge3) {
    bits a = x << 1, b = x >> 1, c = x << g->S, d = x >> g->S;
    bits s1 = a ^ b, c1 = a & b, s2 = c ^ d, c2 = c & d;
    *ge1 = (a | b | c | d) & g->board;
    *ge2 = (c1 | c2 | (s1 & s2)) & g->board;
    *ge3 = ((c1 & (s2 | c2)) | (c2 & s1)) & g->board;
}

static int geom_bit(const geom *g, coins_pt p) {
    int r = p.r - g->r0, c = p.c - g->c0;
    if (r < 0 || c < 0 || r >= g->h || c >= g->w) return -1;
    return g->transposed ? c * g->S + r : r * g->S + c;
}

static coins_pt geom_pt(const geom *g, int i) {
    int a = i / g->S, b = i % g->S;
    return g->transposed ? (coins_pt){g->r0 + b, g->c0 + a} : (coins_pt){g->r0 + a, g->c0 + b};
}

/* span (Definition 1.5) by closure: add every cell with two cells of the set adjacent. */
static bits span_of(const geom *g, bits x) {
    for (;;) {
        bits ge1, ge2, ge3;
        counts(g, x, &ge1, &ge2, &ge3);
        bits y = x | ge2;
        if (y == x) return x;
        x = y;
    }
}

/* The lower bound of the header: moves from C to G (same number of coins). */
static int lower_bound(const geom *g, bits C, bits G) {
    bits T = G & ~C;
    if (!T) return 0;
    int h = popc(T);
    bits D = T & ~shifts(g, T);
    if (!D) return h;
    bits s1, s2, s3;
    counts(g, C, &s1, &s2, &s3);
    bits def2 = D & ~s1, def1 = D & s1 & ~s2;
    int sum = 2 * popc(def2) + popc(def1);
    if (!sum) return h;
    bits d1, d2, d3;
    counts(g, def1 | def2, &d1, &d2, &d3);
    bits outside = g->board & ~T;
    int share = 1;
    if (d3 & outside) {
        /* four deficient neighbours: only the middle of a plus */
        bits all4 = ((def1 | def2) << 1) & ((def1 | def2) >> 1) & ((def1 | def2) << g->S) & ((def1 | def2) >> g->S);
        share = (all4 & outside) ? 4 : 3;
    } else if (d2 & outside) {
        share = 2;
    }
    int extra = (sum + share - 1) / share, most = def2 ? 2 : 1;
    return h + (extra > most ? extra : most);
}

/* ---------- the region bounds: additive pattern databases ----------
 *
 * The box is cut into regions of at most PDB_CELLS cells; a region's table
 * is indexed by the region's part of a state. Forward (bounding moves from C
 * to the target G): charge every move to the region of its destination y.
 * Seen from a region R, a real move is then one of: a coin leaves R (free), a
 * coin arrives in R or moves inside R (cost 1: y must have two coins adjacent,
 * those of R known, those outside R counted as present when they are cells of
 * the board: opt(y)), or nothing happens in R (free). So the region's part of
 * a solution is a path of the relaxed game "remove a coin: free; add a coin
 * on a cell with two coins adjacent, R's part having fewer than n coins:
 * 1" from C's part to G's part, and fwd[R](C and R), its length in the
 * relaxed game, is a lower bound on the moves that land in R. A move lands in
 * one region, so the sum over the regions is a lower bound on the moves from
 * C to G (the additive pattern databases of Felner, Korf and Hanan 2004, over
 * a partition of the moves rather than of the pieces). The backward side
 * bounds the moves from A to C the same way in the reversed game (a coin with
 * two coins adjacent goes anywhere): charged to the cell it leaves, the
 * relaxed game is "add a coin: free; remove a coin with two coins adjacent:
 * 1", and bwd[R] is the distance in it to A's part. An infinite entry says
 * the state lies on no solution at all (it is dropped, not cut by the
 * bound). Two partitions (the box's cells in layout-row order and in
 * layout-column order, cut into a first run of PDB_CELLS cells and equal runs
 * of the rest) give two bounds; the larger is used. Each table comes from a
 * breadth-first search backward from the goal's part, level by level over
 * bitsets (region_table): O(levels x k x 2^k / 64) word operations and 2^k
 * bytes for a region of k cells (0.5 s for the 5x9 letters' 23 + 22 cells,
 * both partitions, both directions). A child's entries come from its
 * parent's by flipping the two cells' index bits, and are prefetched for the
 * whole batch of children before any is read. */
#define PDB_CELLS 23
#define PDB_SMALL 18
/* Expanded states after which the small tables give way to the large ones. */
#define REGION_SWITCH_NODES 100000
#define PDB_INF 0xFFu
/* A state on no solution (an infinite entry): above every sum of entries. */
#define REGION_DEAD (1 << 24)
/* More placements than this keep the small tables (each placement costs a
 * forward table of its own). */
#define REGION_LARGE_PLACEMENTS 4
#define PDB_REGIONS 3
#define PDB_PARTS 2
/* partitions with frontier tables: the second (by columns) cut fewer states
 * than its building and lookups cost on the letter puzzles (docs/benchmarks.md) */
#define FRONTIER_PARTS 1
#define PDB_ROWS 64

typedef struct region {
    int nrows, k;
    uint8_t shift[PDB_ROWS], off[PDB_ROWS];
    bits mask[PDB_ROWS];
    uint8_t *fwd, *bwd;
    /* the relaxed games' data (region_table): neighbours inside, outside, cells */
    uint32_t nbm[PDB_CELLS], usable;
    uint8_t opt[PDB_CELLS];
} region;

typedef struct partition {
    int n;
    region r[PDB_REGIONS];
    int8_t of[64];    /* the region of a layout bit (-1: not a cell of the box) */
    uint32_t bit[64]; /* its bit in that region's index */
} partition;

/* A parent's region indices and values, from which a child's (one coin moved)
 * follow by flipping two index bits: a region's index is the OR of its cells'
 * bits. */
typedef struct region_parent {
    uint32_t idx[PDB_PARTS][PDB_REGIONS];
    int val[PDB_PARTS][PDB_REGIONS], sum[PDB_PARTS];
} region_parent;

static inline uint32_t region_index(const region *r, bits x) {
    uint32_t i = 0;
    for (int j = 0; j < r->nrows; j++) i |= (uint32_t)((x >> r->shift[j]) & r->mask[j]) << r->off[j];
    return i;
}

/* The positions p of a word (index bits 0-5 of a state) with bit b set. */
static const bits BIT_SET[6] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull, 0xF0F0F0F0F0F0F0F0ull,
                                0xFF00FF00FF00FF00ull, 0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};

/* The positions p of a word with popc(p & m) == j. */
static bits low_count_mask(unsigned m, int j) {
    bits r = 0;
    for (unsigned p = 0; p < 64; p++)
        if (popc(p & m) == j) r |= 1ull << p;
    return r;
}

/* Closes a set of states (a bitset, nw words) under adding a coin on a cell
 * of `cells` (up) or under removing any coin (down). */
static void close_set(bits *z, size_t nw, int k, uint32_t cells, bool up) {
    for (int b = 0; b < k; b++) {
        if (up && !(cells >> b & 1)) continue;
        if (b < 6) {
            int sh = 1 << b;
            for (size_t i = 0; i < nw; i++)
                z[i] |= up ? (z[i] & ~BIT_SET[b]) << sh : (z[i] & BIT_SET[b]) >> sh;
        } else {
            size_t stride = (size_t)1 << (b - 6);
            for (size_t base = 0; base < nw; base += 2 * stride) {
                bits *lo = z + base, *hi = z + base + stride;
                if (up)
                    for (size_t j = 0; j < stride; j++) hi[j] |= lo[j];
                else
                    for (size_t j = 0; j < stride; j++) lo[j] |= hi[j];
            }
        }
    }
}

/* One table, level by level over bitsets of the region's states. nbm[j]: j's
 * neighbours in the region (index bits); opt[j]: its board neighbours outside;
 * usable: index bits that are cells of the board. backward == false: the
 * relaxed forward game (free removals, supported additions): Z_0 is the
 * states above the goal (with at most n coins), Z_k+1 adds every T - y for T
 * in Z_k and y supported in T - y, closed upward. backward == true: the
 * relaxed reversed game (free additions, supported removals): Z_0 is the
 * states below the goal, Z_k+1 adds every T + y (y supported in T, T with
 * fewer than n coins), closed downward. d[S] = the first k with S in Z_k.
 * O(levels x k x 2^k / 64) word operations. False when the limits stop it. */
static bool region_table(uint8_t *d, int k, const uint32_t *nbm, const uint8_t *opt, uint32_t usable, uint32_t goal,
                         const bits *init, int n, bool backward, unsigned cap, pl_limits *lim) {
    size_t nw = k >= 6 ? (size_t)1 << (k - 6) : 1;
    bits *z = pl_xcalloc(nw, sizeof *z), *add = pl_xmalloc(nw * sizeof *add), *front = pl_xmalloc(nw * sizeof *front);
    size_t *live = pl_xmalloc(nw * sizeof *live), nlive; /* the words of front that are not empty */
    /* sup[y][c]: positions whose low bits give y enough neighbours when the
     * high bits and the outside give c; cnt[c]: positions with c coins */
    bits sup[PDB_CELLS][9], cnt[7];
    for (int j = 0; j < 7; j++) cnt[j] = low_count_mask(63, j);
    for (int y = 0; y < k; y++)
        for (int c = 0; c < 9; c++) {
            sup[y][c] = 0;
            for (int j = 0; j <= 4; j++)
                if (c + j >= 2) sup[y][c] |= low_count_mask(nbm[y] & 63, j);
        }
    /* fit[c]: positions p with c + popc(p) <= n (forward) or < n (backward) */
    bits fit[PDB_CELLS + 1];
    for (int c = 0; c <= k; c++) {
        fit[c] = 0;
        for (int j = 0; j < 7; j++)
            if (backward ? c + j < n : c + j <= n) fit[c] |= cnt[j];
    }
    bits valid = k >= 6 ? ~0ull : (1ull << (1u << k)) - 1;
    memset(d, PDB_INF, (size_t)1 << k);
    if (init)
        memcpy(z, init, nw * sizeof *z);
    else
        z[goal >> 6] |= 1ull << (goal & 63);
    close_set(z, nw, k, usable, !backward);
    bool ok = true;
    for (unsigned level = 0;; level++) {
        bits any = 0;
        nlive = 0;
        for (size_t i = 0; i < nw; i++) {
            bits w = (level == 0 ? z[i] : add[i]) & valid;
            if (!backward) w &= fit[popc(i)];
            if (level == 0) z[i] = w;
            else z[i] |= w;
            front[i] = w; /* the states first reached at this level */
            if (w) live[nlive++] = i;
            any |= w;
            for (; w; w &= w - 1) d[(i << 6) | (size_t)bit_index(w)] = (uint8_t)level;
        }
        if (!any) break;
        if (level >= cap) { /* the caller needs no more: the rest is at least cap + 1 */
            for (size_t i = 0; i < (size_t)1 << k; i++)
                if (d[i] == PDB_INF) d[i] = (uint8_t)(cap + 1);
            break;
        }
        if (level + 2 >= PDB_INF) { /* deeper than a byte holds: a bound, not infinite */
            for (size_t i = 0; i < (size_t)1 << k; i++)
                if (d[i] == PDB_INF) d[i] = PDB_INF - 1;
            break;
        }
        if (!pl_limits_poll(lim)) {
            ok = false;
            break;
        }
        memset(add, 0, nw * sizeof *add);
        for (int y = 0; y < k; y++) {
            if (!(usable >> y & 1)) continue;
            uint32_t mhi = nbm[y] >> 6;
            size_t stride = y >= 6 ? (size_t)1 << (y - 6) : 0;
            for (size_t q = 0; q < nlive; q++) {
                size_t i = live[q];
                bits w = front[i]; /* the earlier levels' successors are in z already */
                bool has = y >= 6 && (i & stride);
                if (!backward && y >= 6 && !has) continue;
                if (backward && has) continue;
                w &= sup[y][popc(i & mhi) + opt[y]];
                if (backward) w &= fit[popc(i)];
                if (y < 6) {
                    if (!backward) add[i] |= (w & BIT_SET[y]) >> (1 << y);
                    else add[i] |= (w & ~BIT_SET[y]) << (1 << y);
                } else {
                    add[i ^ stride] |= w;
                }
            }
        }
        for (size_t i = 0; i < nw; i++) add[i] &= ~z[i];
        close_set(add, nw, k, usable, !backward);
        for (size_t i = 0; i < nw; i++) add[i] &= ~z[i];
    }
    free(z);
    free(add);
    free(front);
    free(live);
    return ok;
}

/* ---------- the tables: state | depth << 56, 0 empty ---------- */
typedef struct table {
    bits *slot;
    size_t mask, n;
} table;

static inline size_t hash_bits(bits k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return (size_t)k;
}

/* The entry of k (of hash h), or 0. */
static inline bits table_find_h(const table *t, bits k, size_t h) {
    for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
        bits e = t->slot[i];
        if (!e || (e & KEY_MASK) == k) return e;
    }
}

/* A side's table is SHARDS tables, a state's shard given by hash bits above
 * the ones that index the slots (and below the top one, NEW_STATE's). */
#define SHARDS 8
#define SHARD_SHIFT (sizeof(size_t) * 8 - 4)
typedef struct stable {
    table sh[SHARDS];
} stable;

static inline int shard_of(size_t h) {
    return (int)(h >> SHARD_SHIFT) & (SHARDS - 1);
}

static inline bits table_find(const stable *t, bits k) {
    size_t h = hash_bits(k);
    return table_find_h(&t->sh[shard_of(h)], k, h);
}

typedef struct vec {
    bits *v;
    size_t n, cap;
} vec;

/* The most threads a layer uses (a thread owns at least one shard in phase B). */
#define MAX_LANES SHARDS

/* One thread's part of a block (see the header). */
typedef struct lane {
    struct batch *bt;
    vec out[SHARDS]; /* phase A: the kept children by shard: state | moved + 1 << LAST_SHIFT | dead << 63 */
    bool cut, met;
    bool fcutany;        /* a frontier bound cut a child (not counted in cut: see the round loop) */
    bits meet;           /* the least state met */
    uint64_t states;     /* new states */
    uint64_t fchk, fcut; /* children asked the frontier bound, cut by it */
    int fmargin;         /* the largest frontier bound minus room asked */
    int rc;              /* 0, or -1 memory */
} lane;

typedef struct pool pool;

typedef struct search {
    const coins_level *l;
    geom g;
    bits A;
    bits *place; /* placements of the target */
    int nplace;
    bits goal_or; /* union of the placements */
    /* Lemma 3.9: A has two coins on colour k, so every state has; fwd_ok[a][b]:
     * a placement with (fewer than two on 0 == a, fewer than two on 1 == b) */
    bool need[2], fwd_ok[2][2];
    bits levels_ge[64]; /* cells whose level in A's closure is at least k */
    int nlevels;
    int L;
    partition part[PDB_PARTS]; /* the region bounds (none when nparts is 0) */
    int nparts;
    /* the frontier bounds: ftab[side][q][j], for region j of partition q <
     * fnp, the relaxed distance between a region state and the nearest
     * projection of side's frontier at depth fdepth[side] (-1: none this
     * round); fprev / fcur: the share of the children asked that the tables
     * of (side, depth) cut, in the last round and in this one (-1: unknown),
     * flast the latest share of side's tables this round */
    uint8_t *ftab[2][PDB_PARTS][PDB_REGIONS];
    int fnp;                              /* partitions with frontier tables */
    int8_t fk[2][PDB_PARTS][PDB_REGIONS]; /* the region sizes they were allocated for (-1 none) */
    int fdepth[2];
    uint64_t fchk, fcut;       /* the last layer's counts */
    int fmargin;               /* the last layer's largest frontier bound minus room */
    int fskip[2];              /* layers of side to expand without asking the frontier bound */
    bool fcut_side[2];         /* a frontier bound cut a child of this side this round */
    uint64_t fretry;           /* rounds repeated without the frontier bounds */
    uint64_t fcut_all, fbuilt; /* children cut by the frontier bounds, tables built: for the note */
    float fprev[2][256], fcur[2][256], flast[2];
    bool cut[2]; /* the bound cut a child on this side in this round */
    stable t[2];
    vec front[2][SHARDS], next[SHARDS]; /* a frontier is its shards' vectors, in order */
    pl_limits *lim;
    size_t mem_cap, mem_used, peak;
    bool mem_hit;
    uint64_t states[2];
    pthread_mutex_t mu; /* the memory account, shared by the threads */
    int nlanes;         /* threads available (1 + the pool's workers) */
    lane lanes[MAX_LANES];
    pool *pool;
} search;

static bool account(search *s, size_t before, size_t after) {
    bool ok = true;
    pthread_mutex_lock(&s->mu);
    if (s->mem_used - before + after > s->mem_cap) {
        s->mem_hit = true;
        ok = false;
    } else {
        s->mem_used = s->mem_used - before + after;
        if (s->mem_used > s->peak) s->peak = s->mem_used;
    }
    pthread_mutex_unlock(&s->mu);
    return ok;
}

static bool table_init(search *s, table *t) {
    t->n = 0;
    t->mask = (1u << 12) - 1;
    t->slot = NULL;
    if (!account(s, 0, (t->mask + 1) * sizeof(bits))) return false;
    t->slot = pl_xcalloc(t->mask + 1, sizeof(bits));
    return true;
}

static void table_free(search *s, table *t) {
    if (t->slot) s->mem_used -= (t->mask + 1) * sizeof(bits);
    free(t->slot);
    t->slot = NULL;
}

static bool stable_init(search *s, stable *t) {
    for (int i = 0; i < SHARDS; i++)
        if (!table_init(s, &t->sh[i])) return false;
    return true;
}

static void stable_free(search *s, stable *t) {
    for (int i = 0; i < SHARDS; i++) table_free(s, &t->sh[i]);
}

/* 1 inserted, 0 present (entry in *e), -1 memory limit. */
static int table_insert(search *s, table *t, bits k, size_t hk, unsigned depth, bits *e) {
    if ((t->n + 1) * 10 > (t->mask + 1) * 7) {
        size_t old = t->mask + 1;
        if (!account(s, old * sizeof(bits), 3 * old * sizeof(bits))) return -1; /* both while rehashing */
        bits *ns = pl_xcalloc(2 * old, sizeof(bits));
        size_t nmask = 2 * old - 1;
        for (size_t i = 0; i < old; i++)
            if (t->slot[i]) {
                size_t j = hash_bits(t->slot[i] & KEY_MASK) & nmask;
                while (ns[j]) j = (j + 1) & nmask;
                ns[j] = t->slot[i];
            }
        free(t->slot);
        account(s, 3 * old * sizeof(bits), 2 * old * sizeof(bits)); /* never fails: less */
        t->slot = ns;
        t->mask = nmask;
    }
    size_t i = hk & t->mask;
    for (;; i = (i + 1) & t->mask) {
        bits x = t->slot[i];
        if (!x) break;
        if ((x & KEY_MASK) == k) {
            *e = x;
            return 0;
        }
    }
    t->slot[i] = k | (bits)depth << KEY_BITS;
    t->n++;
    return 1;
}

static int stable_insert(search *s, stable *t, bits k, unsigned depth) {
    size_t h = hash_bits(k);
    bits e;
    return table_insert(s, &t->sh[shard_of(h)], k, h, depth, &e);
}

static bool vec_push(search *s, vec *v, bits x) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 1024;
        if (!account(s, v->cap * sizeof(bits), cap * sizeof(bits))) return false;
        v->v = pl_xrealloc(v->v, cap * sizeof(bits));
        v->cap = cap;
    }
    v->v[v->n++] = x;
    return true;
}

static void vec_free(search *s, vec *v) {
    s->mem_used -= v->cap * sizeof(bits);
    free(v->v);
    memset(v, 0, sizeof *v);
}

/* ---------- the threads: a pool that runs one function on every lane ---------- */
struct pool {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    int workers, pending;
    unsigned gen;
    bool quit;
    void (*fn)(void *arg, int lane, int lanes);
    void *arg;
    int lanes;
    pthread_t th[MAX_LANES];
    struct pool_start {
        pool *p;
        int lane;
    } start[MAX_LANES];
};

static void *pool_main(void *arg) {
    struct pool_start *st = arg;
    pool *p = st->p;
    unsigned seen = 0;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (p->gen == seen && !p->quit) pthread_cond_wait(&p->go, &p->mu);
        if (p->quit) {
            pthread_mutex_unlock(&p->mu);
            return NULL;
        }
        seen = p->gen;
        void (*fn)(void *, int, int) = p->fn;
        void *a = p->arg;
        int lanes = p->lanes;
        pthread_mutex_unlock(&p->mu);
        if (st->lane < lanes) fn(a, st->lane, lanes);
        pthread_mutex_lock(&p->mu);
        if (--p->pending == 0) pthread_cond_signal(&p->done);
        pthread_mutex_unlock(&p->mu);
    }
}

/* A pool of up to want - 1 workers (the caller is lane 0); NULL when none
 * could be started. */
static pool *pool_new(int want) {
    if (want < 2) return NULL;
    pool *p = pl_xcalloc(1, sizeof *p);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int i = 1; i < want && i < MAX_LANES; i++) {
        p->start[p->workers] = (struct pool_start){p, i};
        if (pthread_create(&p->th[p->workers], NULL, pool_main, &p->start[p->workers]) != 0) break;
        p->workers++;
    }
    if (p->workers == 0) {
        pthread_cond_destroy(&p->done);
        pthread_cond_destroy(&p->go);
        pthread_mutex_destroy(&p->mu);
        free(p);
        return NULL;
    }
    return p;
}

/* fn(arg, lane, lanes) on lanes 0 .. lanes - 1 (lane 0 here), then waits. */
static void pool_run(pool *p, int lanes, void (*fn)(void *, int, int), void *arg) {
    if (!p || lanes < 2) {
        for (int i = 0; i < lanes; i++) fn(arg, i, lanes);
        return;
    }
    pthread_mutex_lock(&p->mu);
    p->fn = fn;
    p->arg = arg;
    p->lanes = lanes;
    p->pending = p->workers;
    p->gen++;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    fn(arg, 0, lanes);
    pthread_mutex_lock(&p->mu);
    while (p->pending) pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
}

static void pool_free(pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->quit = true;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->workers; i++) pthread_join(p->th[i], NULL);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->go);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

/* ---------- pruning ---------- */
static bool colours_ok(const search *s, int side, bits x) {
    int c1 = popc(x & s->g.colour1), c0 = popc(x) - c1;
    if ((s->need[0] && c0 < 2) || (s->need[1] && c1 < 2)) return false;
    if (side == 1) return true;
    bool big0 = c0 >= 2, big1 = c1 >= 2;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            if (s->fwd_ok[a][b] && (!big0 || !a) && (!big1 || !b)) return true;
    return false;
}

static int bound_to_goal(const search *s, int side, bits x) {
    if (side == 1) return lower_bound(&s->g, s->A, x);
    int best = 1 << 30;
    for (int j = 0; j < s->nplace && best > 0; j++) {
        int h = lower_bound(&s->g, x, s->place[j]);
        if (h < best) best = h;
    }
    return best;
}

/* The closure of x layer by layer (S_0 = x, S_k+1 = S_k and every cell with
 * two cells of S_k adjacent): the first k at which S_k holds a placement, the
 * level bound of the header; -1 when span(x) holds none (Corollary 1.7). */
static int level_of_target(const search *s, bits x) {
    for (int k = 0;; k++) {
        for (int j = 0; j < s->nplace; j++)
            if ((s->place[j] & ~x) == 0) return k;
        bits ge1, ge2, ge3;
        counts(&s->g, x, &ge1, &ge2, &ge3);
        bits y = x | ge2;
        if (y == x) return -1;
        x = y;
    }
}

/* Backward: the level bound from A, max over the state's cells of their level
 * in A's closure (levels_ge[k]: the cells of level k or more). */
static int level_from_A(const search *s, bits y) {
    int k = s->nlevels - 1;
    while (k > 0 && !(y & s->levels_ge[k])) k--;
    return k;
}

/* ---------- the region bounds: setup ---------- */
/* The regions of one partition: the box's cells in layout-row order (or
 * layout-column order), cut into runs of at most PDB_CELLS (two at least);
 * each run meets every layout row in an interval. 1 built, 0 skipped (too
 * many regions, or the memory cap), -1 stopped by a limit. */
static int partition_setup(search *s, partition *p, bool by_column, int first, int cap) {
    const geom *g = &s->g;
    int R = g->transposed ? g->w : g->h, W = g->S - 1, total = R * W;
    if (total < 4 || R > PDB_ROWS) return 0;
    int cut[PDB_REGIONS + 2], n = 0;
    cut[0] = 0;
    if (first > 0 && first < total && first <= cap) cut[++n] = first;
    int rest = total - cut[n], m = (rest + cap - 1) / cap;
    if (n + m < 2) m = 2;
    if (n + m > PDB_REGIONS) return 0;
    for (int j = 1; j <= m; j++) cut[n + j] = cut[n] + rest * j / m;
    n += m;
    /* the two tables, the minimum's scratch table and region_table's bitsets */
    size_t need = 0;
    for (int j = 0; j < n; j++) need += (size_t)4 << (cut[j + 1] - cut[j]);
    if (s->mem_used + need > s->mem_cap) return 0;
    memset(p, 0, sizeof *p);
    memset(p->of, -1, sizeof p->of);
    for (int j = 0; j < n; j++) {
        int lo = cut[j], hi = cut[j + 1];
        region *r = &p->r[j];
        int pos[PDB_CELLS];
        for (int a = 0; a < R; a++) {
            int b0 = -1, b1 = -1;
            for (int b = 0; b < W; b++) {
                int t = by_column ? b * R + a : a * W + b;
                if (t >= lo && t < hi) {
                    if (b0 < 0) b0 = b;
                    b1 = b + 1;
                }
            }
            if (b0 < 0) continue;
            r->shift[r->nrows] = (uint8_t)(a * g->S + b0);
            r->mask[r->nrows] = (1ull << (b1 - b0)) - 1;
            r->off[r->nrows] = (uint8_t)r->k;
            for (int b = b0; b < b1; b++) {
                p->of[a * g->S + b] = (int8_t)j;
                p->bit[a * g->S + b] = 1u << r->k;
                pos[r->k++] = a * g->S + b;
            }
            r->nrows++;
        }
        uint32_t *nbm = r->nbm, usable = 0;
        uint8_t *opt = r->opt;
        bits in_region = 0;
        for (int i = 0; i < r->k; i++) in_region |= 1ull << pos[i];
        for (int i = 0; i < r->k; i++) {
            bits nb = g->nbr[pos[i]];
            if (g->board >> pos[i] & 1) usable |= 1u << i;
            nbm[i] = region_index(r, nb & in_region);
            opt[i] = (uint8_t)popc(nb & ~in_region);
        }
        r->usable = usable;
        size_t size = (size_t)1 << r->k;
        r->fwd = pl_xmalloc(size);
        r->bwd = pl_xmalloc(size);
        p->n = j + 1;
        s->mem_used += 2 * size;
        if (s->mem_used > s->peak) s->peak = s->mem_used;
        int nc = popc(s->A);
        if (!region_table(r->fwd, r->k, nbm, opt, usable, region_index(r, s->place[0]), NULL, nc, false, PDB_INF,
                          s->lim) ||
            !region_table(r->bwd, r->k, nbm, opt, usable, region_index(r, s->A), NULL, nc, true, PDB_INF, s->lim))
            return -1;
        /* several placements (target up to translation or rotation): the
         * forward bound is the least over them */
        if (s->nplace > 1) {
            uint8_t *t = pl_xmalloc(size);
            for (int q = 1; q < s->nplace; q++) {
                if (!region_table(t, r->k, nbm, opt, usable, region_index(r, s->place[q]), NULL, nc, false, PDB_INF,
                                  s->lim)) {
                    free(t);
                    return -1;
                }
                for (size_t i = 0; i < size; i++)
                    if (t[i] < r->fwd[i]) r->fwd[i] = t[i];
            }
            free(t);
        }
    }
    return 1;
}

/* The bytes the region tables hold (two a region state). */
static size_t partitions_bytes(const search *s) {
    size_t b = 0;
    for (int q = 0; q < PDB_PARTS; q++)
        for (int j = 0; j < s->part[q].n; j++) b += (size_t)2 << s->part[q].r[j].k;
    return b;
}

static void partitions_free(search *s) {
    s->mem_used -= partitions_bytes(s);
    for (int q = 0; q < PDB_PARTS; q++)
        for (int j = 0; j < s->part[q].n; j++) {
            region *r = &s->part[q].r[j];
            free(r->fwd);
            free(r->bwd);
            r->fwd = r->bwd = NULL;
        }
    for (int q = 0; q < PDB_PARTS; q++) s->part[q].n = 0;
    s->nparts = 0;
}

/* The partitions of a phase: 1, equal runs of at most PDB_SMALL cells
 * (tables of at most 2^18 bytes, built in milliseconds); 2, a first run of
 * PDB_CELLS cells and equal runs of the rest (on the long letter puzzles this
 * halves the states against equal halves, for 0.3-0.5 s of building;
 * docs/benchmarks.md). False when a limit stopped the building. */
static bool regions_setup(search *s, int phase) {
    if (phase == 2) {
        /* only when the large tables take at most a quarter of the memory
         * the search would have with the small ones freed (else the small
         * ones stay: the states need the room more), and few placements */
        size_t small = partitions_bytes(s), large = (size_t)4 << PDB_CELLS;
        size_t room = s->mem_cap - (s->mem_used - small);
        if (s->nplace > REGION_LARGE_PLACEMENTS || s->mem_used - small > s->mem_cap || large > room / 4) return true;
    }
    partitions_free(s);
    for (int q = 0; q < 2; q++) {
        int rc = phase == 1 ? partition_setup(s, &s->part[s->nparts], q == 1, 0, PDB_SMALL)
                            : partition_setup(s, &s->part[s->nparts], q == 1, PDB_CELLS, PDB_CELLS);
        if (rc < 0) return false;
        if (rc > 0) s->nparts++;
    }
    return true;
}

static inline const uint8_t *region_tab(const region *r, int side) {
    return side == 1 ? r->bwd : r->fwd;
}

/* False when C lies on no solution (an infinite entry): then so do its
 * children (forward: a child that reaches the target makes C reach it;
 * backward: a child reached from A makes C reached). */
static bool region_parent_of(const search *s, int side, bits C, region_parent *rp) {
    for (int q = 0; q < s->nparts; q++) {
        const partition *p = &s->part[q];
        rp->sum[q] = 0;
        for (int j = 0; j < p->n; j++) {
            uint32_t i = region_index(&p->r[j], C);
            int v = region_tab(&p->r[j], side)[i];
            if (v == (int)PDB_INF) return false;
            rp->idx[q][j] = i;
            rp->val[q][j] = v;
            rp->sum[q] += v;
        }
    }
    return true;
}

/* The region bound of a state: forward (side 0) on the moves to the target,
 * backward on the moves from A; the larger over the partitions' sums;
 * REGION_DEAD when the state lies on no solution. */
static int region_bound(const search *s, int side, bits x) {
    region_parent rp;
    if (!region_parent_of(s, side, x, &rp)) return REGION_DEAD;
    int best = 0;
    for (int q = 0; q < s->nparts; q++)
        if (rp.sum[q] > best) best = rp.sum[q];
    return best;
}

/* The child's entries are fetched while the other children are generated. */
static inline void region_prefetch(const search *s, int side, const region_parent *rp, int from, int to) {
    for (int q = 0; q < s->nparts; q++) {
        const partition *p = &s->part[q];
        int a = p->of[from], b = p->of[to];
        if (a == b) {
            __builtin_prefetch(region_tab(&p->r[a], side) + (rp->idx[q][a] ^ p->bit[from] ^ p->bit[to]));
        } else {
            __builtin_prefetch(region_tab(&p->r[a], side) + (rp->idx[q][a] ^ p->bit[from]));
            __builtin_prefetch(region_tab(&p->r[b], side) + (rp->idx[q][b] ^ p->bit[to]));
        }
    }
}

/* region_bound of the child C - from + to, from the parent's entries. */
static inline int region_child(const search *s, int side, const region_parent *rp, int from, int to) {
    int best = 0;
    for (int q = 0; q < s->nparts; q++) {
        const partition *p = &s->part[q];
        int a = p->of[from], b = p->of[to], h;
        if (a == b) {
            int v = region_tab(&p->r[a], side)[rp->idx[q][a] ^ p->bit[from] ^ p->bit[to]];
            if (v == (int)PDB_INF) return REGION_DEAD;
            h = rp->sum[q] - rp->val[q][a] + v;
        } else {
            int va = region_tab(&p->r[a], side)[rp->idx[q][a] ^ p->bit[from]];
            int vb = region_tab(&p->r[b], side)[rp->idx[q][b] ^ p->bit[to]];
            if (va == (int)PDB_INF || vb == (int)PDB_INF) return REGION_DEAD;
            h = rp->sum[q] - rp->val[q][a] - rp->val[q][b] + va + vb;
        }
        if (h > best) best = h;
    }
    return best;
}

/* ---------- the frontier bounds ---------- */
/* The cells of partition p's largest region. */
static int largest_region(const partition *p) {
    int k = 0;
    for (int j = 0; j < p->n; j++)
        if (p->r[j].k > k) k = p->r[j].k;
    return k;
}

/* The cells of the region whose frontier table (q, j) is, -1 for none. */
static int ftab_cells(const search *s, int q, int j) {
    return q < s->fnp && j < s->part[q].n ? s->part[q].r[j].k : -1;
}

/* The bytes of side's frontier tables as allocated. */
static size_t ftab_bytes(const search *s, int side) {
    size_t b = 0;
    for (int q = 0; q < PDB_PARTS; q++)
        for (int j = 0; j < PDB_REGIONS; j++)
            if (s->fk[side][q][j] >= 0) b += (size_t)1 << s->fk[side][q][j];
    return b;
}

/* Side's frontier at depth df holds, in a round of bound L, every state at
 * that depth of every solution of length <= L: the bounds are admissible,
 * and since the earlier rounds (or the first bound) exclude every shorter
 * solution, such a solution is a shortest one, each of its states at its
 * true distance from both roots. So a state x of the other side, farther
 * than df from side's root, lies on such a solution only through some t of
 * that frontier: its length is at least depth(x) + dist(x, t) + df, and
 * dist(x, t) is at least the sum over the regions of the relaxed distance
 * from x's part to t's part (each region's game relaxes the whole game, as
 * for the root bounds), so at least the sum of the distances to the nearest
 * projection of the frontier: the tables below, one multi-source
 * region_table a region (the sources replace its goal, passed as 0). A state
 * within df of side's root is never cut: it is in side's table, and meeting
 * it would close a solution shorter than L (see layer_generate). Built
 * before a layer of the other side (frontier_worth says when); the tables of
 * an earlier layer stay valid (every complete layer of the round is a cut)
 * but the newer ones are stronger. A cut shows only that no solution of L
 * moves or fewer goes through the state, not that none does: the round loop
 * keeps the two apart. Distances past cap are stored as cap + 1 (the
 * caller's largest room minus df: any larger value cuts as well). 1 built,
 * 0 not (no room under the memory limit: the root bounds alone), -1 stopped
 * by a limit. */
static int frontier_tables(search *s, int side, unsigned df, unsigned cap) {
    s->fdepth[side] = -1;
    s->fnp = s->nparts < FRONTIER_PARTS ? s->nparts : FRONTIER_PARTS;
    size_t need = 0;
    bool same = true; /* the tables have the regions' sizes already */
    for (int q = 0; q < PDB_PARTS; q++)
        for (int j = 0; j < PDB_REGIONS; j++) {
            int k = ftab_cells(s, q, j);
            if (k >= 0) need += (size_t)1 << k;
            same = same && s->fk[side][q][j] == k;
        }
    if (!same) {
        account(s, ftab_bytes(s, side), 0);
        for (int q = 0; q < PDB_PARTS; q++)
            for (int j = 0; j < PDB_REGIONS; j++) {
                free(s->ftab[side][q][j]);
                s->ftab[side][q][j] = NULL;
            }
        memset(s->fk[side], -1, sizeof s->fk[side]);
        /* room for them, and for the building's scratch (region_table's
         * four bitsets and the sources: 5 bits a state of the largest region) */
        if (s->mem_used + need + ((size_t)5 << largest_region(&s->part[0])) / 8 > s->mem_cap) return 0;
        for (int q = 0; q < PDB_PARTS; q++)
            for (int j = 0; j < PDB_REGIONS; j++) {
                int k = ftab_cells(s, q, j);
                if (k >= 0) s->ftab[side][q][j] = pl_xmalloc((size_t)1 << k);
                s->fk[side][q][j] = (int8_t)k;
            }
        account(s, 0, need); /* fits: checked above */
    }
    for (int q = 0; q < s->fnp; q++)
        for (int j = 0; j < s->part[q].n; j++) {
            const region *r = &s->part[q].r[j];
            size_t nw = r->k >= 6 ? (size_t)1 << (r->k - 6) : 1;
            bits *init = pl_xcalloc(nw, sizeof *init);
            for (int h = 0; h < SHARDS; h++)
                for (size_t i = 0; i < s->front[side][h].n; i++) {
                    uint32_t ix = region_index(r, s->front[side][h].v[i] & KEY_MASK);
                    init[ix >> 6] |= 1ull << (ix & 63);
                }
            /* side 1's frontier: forward distances to it (the forward game);
             * side 0's: the reversed game's, as for the tables from A */
            bool ok = region_table(s->ftab[side][q][j], r->k, r->nbm, r->opt, r->usable, 0, init, popc(s->A), side == 0,
                                   cap, s->lim);
            free(init);
            if (!ok) return -1;
        }
    s->fdepth[side] = (int)df;
    return 1;
}

/* The frontier bound of the child C - from + to: fdepth + the largest of the
 * partitions' sums. */
static inline int frontier_child(const search *s, int fside, int fd, const region_parent *rp, int from, int to) {
    int best = 0;
    for (int q = 0; q < s->fnp; q++) {
        const partition *p = &s->part[q];
        int a = p->of[from], b = p->of[to], h = 0;
        for (int j = 0; j < p->n; j++) {
            uint32_t i = rp->idx[q][j];
            if (j == a) i ^= p->bit[from];
            if (j == b) i ^= p->bit[to];
            h += s->ftab[fside][q][j][i];
        }
        if (h > best) best = h;
    }
    return fd + best;
}

static inline void frontier_prefetch(const search *s, int fside, const region_parent *rp, int from, int to) {
    for (int q = 0; q < s->fnp; q++) {
        const partition *p = &s->part[q];
        int a = p->of[from], b = p->of[to];
        if (a == b) {
            __builtin_prefetch(s->ftab[fside][q][a] + (rp->idx[q][a] ^ p->bit[from] ^ p->bit[to]));
        } else {
            __builtin_prefetch(s->ftab[fside][q][a] + (rp->idx[q][a] ^ p->bit[from]));
            __builtin_prefetch(s->ftab[fside][q][b] + (rp->idx[q][b] ^ p->bit[to]));
        }
    }
}

/* The tests' hook (coins_level.frontier_cut): a cut configuration. */
static void report_cut(search *s, bits x, int side, int depth) {
    coins_pt c[64];
    int n = 0;
    for (bits r = x; r; r &= r - 1) c[n++] = geom_pt(&s->g, bit_index(r));
    pthread_mutex_lock(&s->mu);
    s->l->frontier_cut(s->l->frontier_arg, c, n, side, depth, s->L);
    pthread_mutex_unlock(&s->mu);
}

/* ---------- one layer ---------- */
typedef struct meeting {
    bool found;
    bits state;
} meeting;

/* A frontier entry: the state, and 1 + the bit of the coin moved last (0 at a root). */
#define LAST_SHIFT 56

/* A child's hash with this bit set is a new state, to be looked for on the
 * other side: the top bit of a size_t (bit 31 in WebAssembly, 63 natively). */
#define NEW_STATE (~(SIZE_MAX >> 1))
/* A phase A entry's bit: the child's span lost the target (stored DEAD). */
#define DEAD_BIT (1ull << 63)
/* States a block: fixed, so that the blocks do not depend on the threads. */
#define BLOCK 8192
/* A layer of fewer states runs on one thread (the same work, in the same order). */
#define PAR_MIN 16384

/* Children of one state that passed the cheap tests, with their hashes: the
 * tables' slots are prefetched for the whole batch before any is probed (the
 * probes are cache misses, half the time without this). */
typedef struct batch {
    bits child[64 * 64];
    size_t hash[64 * 64];
    int8_t from[64 * 64], moved[64 * 64];
    int n;
    region_parent rp;
} batch;

/* One block of a layer: states lo .. hi - 1 of src, at depth d on side. */
typedef struct layer_job {
    search *s;
    int side;
    unsigned d;
    bool closing;
    const vec *src;
    size_t lo, hi;
} layer_job;

static void lane_meet(lane *ln, bits x) {
    if (!ln->met || x < ln->meet) ln->meet = x;
    ln->met = true;
}

/* Inserts a child (entry: state | moved + 1 << LAST_SHIFT | DEAD_BIT, hash h)
 * into its shard of side's table: 1 a new state (its slot on the other side
 * is prefetched), 0 not new or dead, -1 memory. */
static int insert_own(search *s, lane *ln, const layer_job *job, bits entry, size_t h) {
    bits child = entry & KEY_MASK, e;
    bool dead = (entry & DEAD_BIT) != 0;
    int r = table_insert(s, &s->t[job->side].sh[shard_of(h)], child, h, dead ? DEAD : job->d + 1, &e);
    if (r <= 0 || dead) return r < 0 ? -1 : 0;
    ln->states++;
    const table *ot = &s->t[1 - job->side].sh[shard_of(h)];
    __builtin_prefetch(&ot->slot[h & ot->mask]);
    return 1;
}

/* A new state: met on the other side (recorded), or queued for the next
 * layer. 0, or -1 memory. */
static int settle_new(search *s, lane *ln, const layer_job *job, bits entry, size_t h) {
    bits child = entry & KEY_MASK;
    bits o = table_find_h(&s->t[1 - job->side].sh[shard_of(h)], child, h);
    if (o && (unsigned)(o >> KEY_BITS) != DEAD) {
        lane_meet(ln, child);
        return 0;
    }
    return vec_push(s, &s->next[shard_of(h)], entry & ~DEAD_BIT) ? 0 : -1;
}

/* Phase A: the children of this lane's slice, bounded, sorted by shard; on
 * the round's last layer (closing), only looked for on the other side (a
 * child met there has the other side's full depth, so gives a solution of
 * length L; any other is farther than the round allows). */
static void layer_generate(void *arg, int li, int lanes) {
    layer_job *job = arg;
    search *s = job->s;
    lane *ln = &s->lanes[li];
    batch *bt = ln->bt;
    const geom *g = &s->g;
    int side = job->side;
    const stable *other = &s->t[1 - side];
    int room = s->L - (int)job->d - 1;
    int fd = job->closing || s->fskip[side] ? -1 : s->fdepth[1 - side]; /* the other side's frontier tables */
    size_t n = job->hi - job->lo, a = job->lo + n * (size_t)li / (size_t)lanes,
           b = job->lo + n * (size_t)(li + 1) / (size_t)lanes;
    for (int q = 0; q < SHARDS; q++) ln->out[q].n = 0;
    for (size_t i = a; i < b && !ln->rc; i++) {
        bits C = job->src->v[i] & KEY_MASK;
        int last = (int)(job->src->v[i] >> LAST_SHIFT) - 1;
        bits ge1, ge2, ge3, movers, free_cells = g->board & ~C;
        counts(g, C, &ge1, &ge2, &ge3);
        movers = side == 0 ? C : C & ge2;
        if (last >= 0) movers &= ~(1ull << last);
        bt->n = 0;
        if (s->nparts && !region_parent_of(s, side, C, &bt->rp)) movers = 0; /* on no solution */
        for (bits ms = movers; ms; ms &= ms - 1) {
            bits x = ms & -ms;
            int xi = bit_index(x);
            bits dest = side == 0 ? free_cells & (ge3 | (ge2 & ~g->nbr[xi])) : free_cells;
            for (bits ds = dest; ds; ds &= ds - 1) {
                bits y = ds & -ds;
                bits child = C ^ x ^ y;
                if (!colours_ok(s, side, child)) continue;
                int yi = bit_index(y);
                if (s->nparts) {
                    region_prefetch(s, side, &bt->rp, xi, yi);
                    if (fd >= 0) frontier_prefetch(s, 1 - side, &bt->rp, xi, yi);
                }
                bt->child[bt->n] = child;
                bt->from[bt->n] = (int8_t)xi;
                bt->moved[bt->n++] = (int8_t)yi;
            }
        }
        /* the bounds, on the batch whose region entries were prefetched */
        int kept = 0;
        for (int k = 0; k < bt->n; k++) {
            bits child = bt->child[k];
            if (s->nparts) {
                int hr = region_child(s, side, &bt->rp, bt->from[k], bt->moved[k]);
                if (hr >= REGION_DEAD) continue; /* on no solution */
                if (hr > room) {
                    ln->cut = true;
                    continue;
                }
                int hf = fd >= 0 ? frontier_child(s, 1 - side, fd, &bt->rp, bt->from[k], bt->moved[k]) : INT32_MIN;
                if (fd >= 0) {
                    ln->fchk++;
                    if (hf - room > ln->fmargin) ln->fmargin = hf - room;
                }
                if (hf > room) {
                    /* never a state the other side has: met there, at depth
                     * e <= fd, it would close a solution of e + d + 1 <= L - 1
                     * moves (this layer is not the round's last), which the
                     * earlier rounds (or the first bound) exclude */
                    ln->fcut++;
                    ln->fcutany = true;
                    if (s->l->frontier_cut) report_cut(s, child, side, (int)job->d + 1);
                    continue;
                }
            }
            /* With region bounds, the fill bound and the backward level bound
             * are left out: they cut almost nothing more (the same states on
             * J-to-Z, 0.1% more on 5x9/V-to-A) and cost 10-15% of the time.
             * They still raise the first length bound. */
            if (!s->nparts && (bound_to_goal(s, side, child) > room || (side == 1 && level_from_A(s, child) > room))) {
                ln->cut = true;
                continue;
            }
            size_t h = hash_bits(child) & ~NEW_STATE; /* the top bit marks new states below */
            const table *pt = job->closing ? &other->sh[shard_of(h)] : lanes == 1 ? &s->t[side].sh[shard_of(h)] : NULL;
            if (pt) __builtin_prefetch(&pt->slot[h & pt->mask]);
            bt->child[kept] = child;
            bt->hash[kept] = h;
            bt->moved[kept++] = bt->moved[k];
        }
        bt->n = kept;
        for (int k = 0; k < bt->n; k++) {
            bits child = bt->child[k];
            size_t h = bt->hash[k];
            if (job->closing) {
                bits o = table_find_h(&other->sh[shard_of(h)], child, h);
                if (o && (unsigned)(o >> KEY_BITS) != DEAD) lane_meet(ln, child);
                continue;
            }
            bits dead = 0;
            if (side == 0) {
                int lev = level_of_target(s, child);
                if (lev < 0) {
                    dead = DEAD_BIT;
                } else if (lev > room) {
                    ln->cut = true;
                    continue;
                }
            }
            bits entry = child | (bits)(bt->moved[k] + 1) << LAST_SHIFT | dead;
            if (lanes > 1) {
                if (!vec_push(s, &ln->out[shard_of(h)], entry)) {
                    ln->rc = -1;
                    break;
                }
                continue;
            }
            /* one lane: inserted at once (the same order as through the
             * shards' lists, so the same layers); the new ones are settled
             * below, once their slots on the other side are prefetched */
            int r = insert_own(s, ln, job, entry, h);
            if (r < 0) {
                ln->rc = -1;
                break;
            }
            bt->child[k] = entry;
            bt->hash[k] = r ? h | NEW_STATE : h;
        }
        if (lanes > 1 || job->closing || ln->rc) continue;
        for (int k = 0; k < bt->n; k++)
            if ((bt->hash[k] & NEW_STATE) && settle_new(s, ln, job, bt->child[k], bt->hash[k] & ~NEW_STATE) < 0) {
                ln->rc = -1;
                break;
            }
    }
}

/* Phase B: this lane's shards: the block's children inserted in the order of
 * the slices; the new ones looked for on the other side, else queued. */
static void layer_insert(void *arg, int li, int lanes) {
    layer_job *job = arg;
    search *s = job->s;
    lane *ln = &s->lanes[li];
    enum { CHUNK = 32 };
    size_t hs[CHUNK];
    bool fresh[CHUNK];
    for (int q = li; q < SHARDS && !ln->rc; q += lanes) {
        const table *t = &s->t[job->side].sh[q];
        for (int u = 0; u < lanes && !ln->rc; u++) {
            const vec *in = &s->lanes[u].out[q];
            for (size_t base = 0; base < in->n && !ln->rc; base += CHUNK) {
                int c = in->n - base < CHUNK ? (int)(in->n - base) : CHUNK;
                const bits *es = in->v + base;
                for (int k = 0; k < c; k++) {
                    hs[k] = hash_bits(es[k] & KEY_MASK);
                    __builtin_prefetch(&t->slot[hs[k] & t->mask]);
                }
                for (int k = 0; k < c && !ln->rc; k++) {
                    int r = insert_own(s, ln, job, es[k], hs[k]);
                    if (r < 0) ln->rc = -1;
                    fresh[k] = r == 1;
                }
                for (int k = 0; k < c && !ln->rc; k++)
                    if (fresh[k] && settle_new(s, ln, job, es[k], hs[k]) < 0) ln->rc = -1;
            }
        }
    }
}

/* Expands side's frontier (depth d) into the next one; 0, or -1 memory, -2
 * limit. closing: the round's last layer (d + 1 plus the other side's depth
 * is the bound L): its children are only looked for on the other side, and
 * only a meeting state is stored, for the path. */
static int expand_layer(search *s, int side, unsigned d, bool closing, meeting *m) {
    size_t total = 0;
    for (int q = 0; q < SHARDS; q++) {
        total += s->front[side][q].n;
        s->next[q].n = 0;
    }
    int lanes = total >= PAR_MIN ? s->nlanes : 1;
    for (int li = 0; li < MAX_LANES; li++) {
        s->lanes[li].met = s->lanes[li].cut = false;
        s->lanes[li].rc = 0;
        s->lanes[li].states = 0;
        s->lanes[li].fmargin = INT32_MIN;
    }
    int rc = 0;
    for (int q = 0; q < SHARDS && !rc; q++) {
        const vec *src = &s->front[side][q];
        for (size_t lo = 0; lo < src->n && !rc; lo += BLOCK) {
            layer_job job = {s, side, d, closing, src, lo, lo + BLOCK < src->n ? lo + BLOCK : src->n};
            pool_run(s->pool, lanes, layer_generate, &job);
            for (int li = 0; li < lanes; li++) rc = rc ? rc : s->lanes[li].rc;
            if (!rc && !closing && lanes > 1) {
                pool_run(s->pool, lanes, layer_insert, &job);
                for (int li = 0; li < lanes; li++) rc = rc ? rc : s->lanes[li].rc;
            }
            for (int li = 0; li < lanes; li++) {
                lane *ln = &s->lanes[li];
                s->cut[side] |= ln->cut;
                s->fcut_side[side] |= ln->fcutany;
                ln->fcutany = false;
                s->states[side] += ln->states;
                ln->states = 0;
                s->fchk += ln->fchk;
                s->fcut += ln->fcut;
                if (ln->fmargin > s->fmargin) s->fmargin = ln->fmargin;
                ln->fchk = ln->fcut = 0;
                ln->fmargin = INT32_MIN;
                if (ln->met && (!m->found || ln->meet < m->state)) {
                    m->found = true;
                    m->state = ln->meet;
                }
            }
            if (rc) return rc;
            if (!pl_limits_charge(s->lim, job.hi - job.lo) || !pl_limits_poll(s->lim)) return -2;
            if (m->found) {
                /* a closing layer stores only the state met, for the path */
                if (closing && stable_insert(s, &s->t[side], m->state, d + 1) < 0) return -1;
                return 0;
            }
        }
    }
    for (int q = 0; q < SHARDS; q++) {
        vec t = s->front[side][q];
        s->front[side][q] = s->next[q];
        s->next[q] = t;
    }
    return 0;
}

/* ---------- the path ---------- */
static void add_move(const search *s, pl_solution *out, int from, int to) {
    char buf[96];
    coins_move_text(s->l, geom_pt(&s->g, from), geom_pt(&s->g, to), buf, sizeof buf);
    pl_strvec_push(&out->moves, buf);
}

static unsigned depth_of(bits e) {
    return (unsigned)(e >> KEY_BITS);
}

/* From the meeting state back to A (forward table) and on to a placement
 * (backward table): at each step a neighbour one layer nearer the root. */
static void rebuild(const search *s, bits M, pl_solution *out) {
    const geom *g = &s->g;
    unsigned df = depth_of(table_find(&s->t[0], M)), db = depth_of(table_find(&s->t[1], M));
    int *mv = pl_xmalloc(2 * ((size_t)df + 1) * sizeof *mv);
    bits cur = M;
    for (unsigned k = df; k > 0; k--) {
        /* a parent P with P -> cur a forward move: the coin at q (two coins
         * adjacent in cur) came from a free cell p */
        bits ge1, ge2, ge3;
        counts(g, cur, &ge1, &ge2, &ge3);
        bool done = false;
        for (bits qs = cur & ge2; qs && !done; qs &= qs - 1)
            for (bits ps = g->board & ~cur; ps && !done; ps &= ps - 1) {
                bits P = cur ^ (qs & -qs) ^ (ps & -ps);
                bits e = table_find(&s->t[0], P);
                if (e && depth_of(e) == k - 1) {
                    mv[2 * (k - 1)] = bit_index(ps & -ps);
                    mv[2 * (k - 1) + 1] = bit_index(qs & -qs);
                    cur = P;
                    done = true;
                }
            }
    }
    for (unsigned k = 0; k < df; k++) add_move(s, out, mv[2 * k], mv[2 * k + 1]);
    free(mv);
    cur = M;
    for (unsigned k = db; k > 0; k--) {
        bits ge1, ge2, ge3;
        counts(g, cur, &ge1, &ge2, &ge3);
        bool done = false;
        for (bits xs = cur; xs && !done; xs &= xs - 1) {
            int xi = bit_index(xs & -xs);
            bits dest = g->board & ~cur & (ge3 | (ge2 & ~g->nbr[xi]));
            for (bits ys = dest; ys && !done; ys &= ys - 1) {
                bits N = cur ^ (xs & -xs) ^ (ys & -ys);
                bits e = table_find(&s->t[1], N);
                if (e && depth_of(e) == k - 1) {
                    add_move(s, out, xi, bit_index(ys & -ys));
                    cur = N;
                    done = true;
                }
            }
        }
    }
}

/* ---------- setup ---------- */
/* The box and its layout; false when no layout fits 56 bits. */
static bool geom_setup(geom *g, const coins_level *l) {
    int r0, c0, r1, c1;
    coins_bbox(l, false, &r0, &c0, &r1, &c1);
    memset(g, 0, sizeof *g);
    g->r0 = r0;
    g->c0 = c0;
    g->h = r1 - r0 + 1;
    g->w = c1 - c0 + 1;
    if ((long)g->h * (g->w + 1) <= KEY_BITS) {
        g->S = g->w + 1;
    } else if ((long)g->w * (g->h + 1) <= KEY_BITS) {
        g->S = g->h + 1;
        g->transposed = true;
    } else {
        return false;
    }
    bits box = 0;
    for (int r = 0; r < g->h; r++)
        for (int c = 0; c < g->w; c++) {
            int i = geom_bit(g, (coins_pt){r0 + r, c0 + c});
            box |= 1ull << i;
            if ((r0 + r + c0 + c) & 1) g->colour1 |= 1ull << i;
        }
    g->board = box;
    bits A = 0;
    for (int i = 0; i < l->n; i++) A |= 1ull << geom_bit(g, l->start[i]);
    g->board = span_of(g, A); /* inside the box: Section 3.1 */
    g->colour1 &= g->board;
    for (int i = 0; i < 64; i++) g->nbr[i] = (g->board >> i & 1) ? shifts(g, 1ull << i) : 0;
    return true;
}

bool coins_shortest_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const coins_level *l = level;
    geom g;
    if (l->grid != COINS_SQUARE) {
        snprintf(why, n, "square grid only (this level: %s)", l->grid == COINS_GRAPH ? "a graph" : "triangular grid");
        return false;
    }
    if (l->labelled) {
        snprintf(why, n, "unlabelled coins only (bidir takes labelled levels)");
        return false;
    }
    if (l->n == 0 || !geom_setup(&g, l)) {
        snprintf(why, n, "span(A)'s bounding box must fit %d bits with a spare column (bidir takes larger ones)",
                 KEY_BITS);
        return false;
    }
    snprintf(why, n, "square grid, %d x %d box: states are one word, shortest proven by bounded bidirectional search",
             g.h, g.w);
    return true;
}

static void free_all(search *s) {
    stable_free(s, &s->t[0]);
    stable_free(s, &s->t[1]);
    for (int q = 0; q < SHARDS; q++) {
        vec_free(s, &s->front[0][q]);
        vec_free(s, &s->front[1][q]);
        vec_free(s, &s->next[q]);
    }
    for (int li = 0; li < MAX_LANES; li++)
        for (int q = 0; q < SHARDS; q++) vec_free(s, &s->lanes[li].out[q]);
}

static size_t front_size(const search *s, int side);

/* Whether to build the tables of side's frontier before the other side
 * expands a layer of n states: building costs about what expanding a 128th
 * of the largest region's states does; a child cut saves about 2.5 states of
 * the next layer; the share cut is taken from the last round's use of the
 * tables of the same depth (a quarter when unknown). */
static bool frontier_worth(const search *s, int side, unsigned depth, size_t n) {
    if (s->l->frontier_min > 0) return front_size(s, side) >= (size_t)s->l->frontier_min; /* tests */
    if (front_size(s, side) < 1024) return false;
    double cost = (double)(((size_t)1 << largest_region(&s->part[0])) >> 7);
    if (cost < 1024) cost = 1024;
    double f = depth < 256 && s->fprev[side][depth] >= 0 ? s->fprev[side][depth]
               : s->flast[side] >= 0                     ? s->flast[side]
                                                         : 0.25;
    if (f < 0.02) f = 0.02;
    return f * 2.5 * (double)n >= cost;
}

static size_t front_size(const search *s, int side) {
    size_t n = 0;
    for (int q = 0; q < SHARDS; q++) n += s->front[side][q].n;
    return n;
}

int coins_shortest_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const coins_level *l = level;
    search *s = pl_xcalloc(1, sizeof *s);
    out->algorithm = "shortest";
    s->l = l;
    pl_limits local;
    s->lim = req->limits;
    if (!s->lim) {
        pl_limits_init(&local, 0, 0, 0);
        s->lim = &local;
    }
    s->mem_cap = s->lim->memory_limit ? s->lim->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    if (l->grid != COINS_SQUARE || l->labelled || l->n == 0 || !geom_setup(&s->g, l)) {
        out->status = PL_UNKNOWN;
        out->declined = true;
        coins_shortest_applies(level, req, out->note, sizeof out->note);
        free(s);
        return 0;
    }
    geom *g = &s->g;
    for (int i = 0; i < l->n; i++) s->A |= 1ull << geom_bit(g, l->start[i]);
    /* the placements inside span(A), through the shared helper */
    coins_board b;
    coins_board_rect(&b, l, g->r0, g->c0, g->h, g->w);
    uint8_t *allowed = pl_xcalloc((size_t)b.nv + 1, 1);
    for (int v = 0; v < b.nv; v++) {
        int i = geom_bit(g, coins_board_pt(&b, v));
        allowed[v] = (uint8_t)(g->board >> i & 1);
    }
    int *pl;
    int np = coins_placements(l, &b, allowed, &pl);
    s->place = pl_xmalloc(((size_t)np + 1) * sizeof *s->place);
    int c1A = popc(s->A & g->colour1), c0A = l->n - c1A;
    s->need[0] = c0A >= 2;
    s->need[1] = c1A >= 2;
    int dropped = 0;
    for (int j = 0; j < np; j++) {
        bits p = 0;
        for (int i = 0; i < l->n; i++) p |= 1ull << geom_bit(g, coins_board_pt(&b, pl[(size_t)j * (size_t)l->n + i]));
        int p1 = popc(p & g->colour1), p0 = l->n - p1;
        if ((s->need[0] && p0 < 2) || (s->need[1] && p1 < 2)) { /* Lemma 3.9 */
            dropped++;
            continue;
        }
        s->fwd_ok[p0 < 2][p1 < 2] = true;
        s->place[s->nplace++] = p;
        s->goal_or |= p;
    }
    free(pl);
    free(allowed);
    coins_board_free(&b);

    int rounds = 0;
    unsigned depth[2] = {0, 0};
    /* the threads: a layer of PAR_MIN states or more runs on up to
     * --threads of them (the answer does not depend on how many) */
    pthread_mutex_init(&s->mu, NULL);
    s->pool = pool_new(req->threads > MAX_LANES ? MAX_LANES : req->threads);
    s->nlanes = s->pool ? 1 + s->pool->workers : 1;
    for (int li = 0; li < s->nlanes; li++) s->lanes[li].bt = pl_xmalloc(sizeof(batch));
    meeting m = {0};
    if (s->nplace == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "%s",
                 dropped ? "every placement of the target inside span(A) has fewer than two coins on a colour where A "
                           "has two (Lemma 3.9)"
                         : "no placement of the target lies inside span(A) (Corollary 1.7)");
        goto done;
    }
    for (int j = 0; j < s->nplace; j++)
        if (s->place[j] == s->A) {
            m.found = true;
            m.state = s->A;
        }
    {
        bits x = s->A;
        s->levels_ge[0] = g->board;
        for (s->nlevels = 1;; s->nlevels++) {
            bits ge1, ge2, ge3;
            counts(g, x, &ge1, &ge2, &ge3);
            bits y = x | ge2;
            if (y == x) break;
            s->levels_ge[s->nlevels] = g->board & ~x;
            x = y;
        }
    }
    bool regions = !m.found && !(req->opts && pl_opts_has(req->opts, "no-region-bound"));
    int phase = 0; /* of the region tables: 1 small, 2 large */
    if (regions) {
        phase = 1;
        if (!regions_setup(s, phase)) goto building;
    }
    s->L = bound_to_goal(s, 0, s->A);
    int lev0 = level_of_target(s, s->A);
    if (lev0 > s->L) s->L = lev0;
    if (!m.found && s->nparts) {
        int hr = region_bound(s, 0, s->A);
        if (hr >= REGION_DEAD) {
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note,
                     "the region bound: some region cannot be turned into its part of the target even when every "
                     "cell outside it holds a coin");
            goto done;
        }
        if (hr > s->L) s->L = hr;
    }
    /* --no-bound: one round, nothing cut (settles unsolvable levels without
     * the restarts) */
    bool unbounded = req->opts && pl_opts_has(req->opts, "no-bound");
    bool frontier = !(req->opts && pl_opts_has(req->opts, "no-frontier-bound")), retry = false;
    memset(s->fk, -1, sizeof s->fk);
    if (unbounded) s->L = 1 << 28;
    int L0 = s->L;
    for (; !m.found; s->L++) {
        rounds++;
        free_all(s);
        if (phase == 1 && s->lim->nodes > REGION_SWITCH_NODES) {
            /* a long search: the large tables (each round stands alone, so
             * the bound can change between rounds) */
            phase = 2;
            if (!regions_setup(s, phase)) goto building;
        }
        if (!stable_init(s, &s->t[0]) || !stable_init(s, &s->t[1])) goto memory;
        stable_insert(s, &s->t[0], s->A, 0);
        if (!vec_push(s, &s->front[0][0], s->A)) goto memory;
        for (int j = 0; j < s->nplace; j++)
            if (stable_insert(s, &s->t[1], s->place[j], 0) == 1 && !vec_push(s, &s->front[1][0], s->place[j]))
                goto memory;
        depth[0] = depth[1] = 0;
        s->cut[0] = s->cut[1] = false;
        s->fcut_side[0] = s->fcut_side[1] = false;
        bool use_frontier = frontier && !retry;
        retry = false;
        s->fdepth[0] = s->fdepth[1] = -1;
        s->flast[0] = s->flast[1] = -1;
        s->fskip[0] = s->fskip[1] = 0;
        for (int q = 0; q < 2; q++)
            for (int d = 0; d < 256; d++) {
                if (rounds > 1)
                    s->fprev[q][d] = s->fcur[q][d];
                else
                    s->fprev[q][d] = -1;
                s->fcur[q][d] = -1;
            }
        bool longer = false;
        while (!m.found) {
            size_t n0 = front_size(s, 0), n1 = front_size(s, 1);
            int empty = n0 == 0 ? 0 : n1 == 0 ? 1 : -1;
            if (empty >= 0) {
                if (s->cut[empty]) {
                    longer = true;
                    break;
                }
                if (s->fcut_side[empty]) {
                    /* emptied by frontier bounds alone: no solution of L
                     * moves or fewer, but the root bounds did not show that
                     * none exists; the same round again without them
                     * either proves it or cuts by the length bound */
                    retry = true;
                    s->fretry++;
                    s->L--;
                    longer = true;
                    break;
                }
                out->status = PL_UNSOLVABLE;
                snprintf(out->note, sizeof out->note,
                         "the %s search exhausted its states with nothing cut by the length bound",
                         empty == 0 ? "forward" : "backward");
                goto done;
            }
            if ((int)(depth[0] + depth[1]) >= s->L) {
                longer = true;
                break;
            }
            int side = n0 <= n1 ? 0 : 1;
            if (depth[side] + 1 >= MAX_DEPTH) {
                out->status = PL_UNKNOWN;
                snprintf(out->note, sizeof out->note, "layers deeper than %u do not fit this search", MAX_DEPTH - 1);
                goto done;
            }
            bool closing = (int)(depth[0] + depth[1]) + 1 >= s->L;
            /* the other side's frontier bound, for this layer's children */
            if (!closing && !unbounded && use_frontier && s->nparts && s->fdepth[1 - side] != (int)depth[1 - side] &&
                frontier_worth(s, 1 - side, depth[1 - side], front_size(s, side))) {
                /* the largest room of this round's later layers of side, less df */
                int cap = s->L - (int)depth[side] - (int)depth[1 - side];
                int fr = frontier_tables(s, 1 - side, depth[1 - side], cap < 1 ? 1u : (unsigned)cap);
                if (fr < 0) goto building;
                s->fbuilt += (uint64_t)fr;
                s->fskip[side] = 0; /* new tables: ask them */
            }
            s->fchk = s->fcut = 0;
            s->fmargin = INT32_MIN;
            bool skipped = s->fskip[side] > 0;
            int rc = expand_layer(s, side, depth[side], closing, &m);
            /* The bound asked of children a layer deeper gets closer to
             * their room by about one a layer: when the closest came three
             * or more short of cutting, the next layers skip the question
             * until they could cut (a skipped question cuts nothing, so the
             * answer is the same; only the work changes). */
            if (skipped)
                s->fskip[side]--;
            else if (s->fchk)
                s->fskip[side] = s->fmargin <= -3 ? -s->fmargin - 2 : 0;
            if (s->fchk && s->fdepth[1 - side] >= 0 && s->fdepth[1 - side] < 256)
                s->fcur[1 - side][s->fdepth[1 - side]] = s->flast[1 - side] = (float)s->fcut / (float)s->fchk;
            s->fcut_all += s->fcut;
            if (rc == -1) goto memory;
            if (rc == -2) {
                out->status = PL_UNKNOWN;
                out->limit_hit = s->lim->hit;
                goto limit_note;
            }
            depth[side]++;
            if (closing && !m.found) {
                longer = true;
                break;
            }
        }
        if (!longer) break;
    }
    out->status = PL_SOLVED;
    if (m.state != s->A || rounds > 0) rebuild(s, m.state, out);
    out->optimal = 1;
    pl_solution_set_value(out, "length", out->moves.n);
    if (unbounded)
        snprintf(out->note, sizeof out->note,
                 "shortest solution (proven: no solution of %d moves or fewer); bidirectional search without the "
                 "length bound",
                 out->moves.n - 1);
    else
        snprintf(out->note, sizeof out->note,
                 "shortest solution (proven: no solution of %d moves or fewer); bounded bidirectional search, "
                 "length bound from %d to %d in %d rounds",
                 out->moves.n - 1, L0, out->moves.n, rounds);
    goto done;
building:
    out->status = PL_UNKNOWN;
    out->limit_hit = s->lim->hit;
    if (rounds > 1) goto limit_note; /* the rounds before the switch proved their bound */
    snprintf(out->note, sizeof out->note, "stopped while building the region bounds");
    goto done;
memory:
    out->status = PL_UNKNOWN;
    out->limit_hit = PL_LIMIT_MEMORY;
    s->lim->hit = PL_LIMIT_MEMORY;
limit_note:
    if (unbounded)
        snprintf(out->note, sizeof out->note, "no solution of %u moves or fewer (layers to depths %u and %u)",
                 depth[0] + depth[1], depth[0], depth[1]);
    else
        snprintf(out->note, sizeof out->note, "no solution of %d moves or fewer (length bound %d reached)", s->L - 1,
                 s->L);
done : {
    size_t k = strlen(out->note);
    snprintf(out->note + k, sizeof out->note - k, "; %d x %d box, %d placement%s; states: forward %llu, backward %llu",
             g->h, g->w, s->nplace, s->nplace == 1 ? "" : "s", (unsigned long long)s->states[0],
             (unsigned long long)s->states[1]);
    k = strlen(out->note);
    if (s->fbuilt)
        snprintf(out->note + k, sizeof out->note - k, "; frontier bounds: %llu tables, %llu children cut, %llu rounds repeated without them",
                 (unsigned long long)s->fbuilt, (unsigned long long)s->fcut_all, (unsigned long long)s->fretry);
}
    out->nodes = s->lim->nodes;
    out->peak_memory = s->peak;
    free_all(s);
    partitions_free(s);
    for (int q = 0; q < 2; q++)
        for (int p = 0; p < PDB_PARTS; p++)
            for (int j = 0; j < PDB_REGIONS; j++) free(s->ftab[q][p][j]);
    pool_free(s->pool);
    for (int li = 0; li < s->nlanes; li++) free(s->lanes[li].bt);
    pthread_mutex_destroy(&s->mu);
    free(s->place);
    free(s);
    return 0;
}

int coins_exact_best(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    char why[256];
    if (coins_shortest_applies(level, req, why, sizeof why)) return coins_shortest_solve(level, req, out, err);
    return coins_bidir_solve(level, req, out, err);
}
