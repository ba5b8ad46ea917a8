/* Exact search over configurations: bidirectional breadth-first search on any
 * board, with a unidirectional BFS as the baseline.
 *
 * Finite search spaces (Galliot 2019, Section 1): every configuration reached
 * from A lies in span(A) (a destination has two neighbours in the current
 * configuration, itself inside span(A)), so on a finite graph and on the
 * square grid (span inside the bounding box, Section 3.1) the search runs on
 * the positions of span(A) only and is exact: `unsolvable` is a proof. The
 * triangular grid's span is infinite as soon as a move exists, so the search
 * runs in a window (the level's frame and both configurations, plus
 * --margin); it answers `unsolvable` only when the forward search exhausted
 * its configurations without any legal move leaving the window, and
 * `unknown` otherwise.
 *
 * Targets up to translation (and rotation) are the set of the target's
 * placements inside the allowed positions; the backward search starts from
 * all of them at once. Backward moves are forward moves reversed: a coin with
 * two other coins adjacent goes to any free allowed position.
 *
 * Pruning (Corollary 1.7): the span never grows, so a forward configuration
 * whose span contains no placement of the target is not expanded (grids
 * with finite spans and graphs; off with --no-span-prune).
 *
 * Pruning (the backward rules of Proposition 3.10; off with
 * --no-backward-rules). Rule 1 (never leave span(A)) is the allowed set.
 * Rule 3 (a backward configuration needs a coin other than the last moved one
 * with two neighbours) follows from rule 2: such a configuration simply has
 * no children. The other two, and why they keep every layer exact:
 *  - Rule 2, no coin moves twice in a row (both directions). If X was reached
 *    from W by p -> q and we now move the coin at q on to r (r != p), then r
 *    is free in W and its two neighbours other than the coin at q are coins
 *    of W other than the one at p, so p -> r is one legal move from W: the
 *    child W - p + r lies in a layer <= depth(X), already complete when X is
 *    expanded (r = p gives W itself). So skipping these moves removes
 *    duplicates only: every layer holds the same configurations as without
 *    the rule, the first meeting is found at the same depth, and the window
 *    flags of the triangular grid are set the same (the destination r was
 *    tried from W). Backward moves are forward moves reversed, and the same
 *    argument read backwards covers them. The rule uses the move stored with
 *    X, i.e. one parent of X; the argument holds for any parent.
 *  - Rule 4, Lemma 3.9 (bipartite boards: the square grid and bipartite
 *    graphs, 2-coloured once). A free position of colour k has all its
 *    neighbours of colour 1-k, so when exactly two coins lie on colour 1-k,
 *    neither can move onto colour k (the destination would have at most one
 *    other coin adjacent): "at least two coins on colour j" is never lost.
 *    Hence, for each colour j with at least two coins in A, a backward
 *    configuration with fewer than two coins on j is not reachable from A,
 *    nor is any of its backward descendants (they reach it), so it is not
 *    stored; a placement of the target with fewer than two is dropped; and
 *    a forward configuration with at least two coins on j can only reach a
 *    placement with at least two on j, so a forward configuration that has
 *    no such placement left is not stored. Configurations that are not stored
 *    lie on no path from A to the target, so layers restricted to such paths
 *    are unchanged and shortest lengths are kept.
 * tests/test_coins_prune.c checks both on thousands of seeded instances
 * (square grid, triangular window, graphs): the same answers and the same
 * shortest lengths with and without the rules.
 *
 * Encoding: positions are renumbered over the allowed set; an unlabelled
 * configuration is the smaller of a bitset of that set and its sorted
 * positions; a labelled one is the position of each label in order. Layers
 * are expanded whole, the side with the smaller frontier first, so the first
 * meeting found gives a shortest solution (both sides hold complete layers
 * when it is found). Time O(states x n x candidates); memory: two hash
 * tables of keys, capped by --memory-limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

const pl_option coins_solve_options[] = {
    {"objective", "any|shortest",
     "any (default): auto may return a theorem's construction (its note says whether exact search, given 1 s, "
     "replaced it by a proven shortest certificate); shortest: exact search only, a proven shortest certificate "
     "('optimal yes') or unknown at a limit"},
    {"margin", "M", "triangular grid: search window = frame and both configurations plus M cells (default 2)"},
    {"no-span-prune", NULL, "do not prune by Corollary 1.7 (the span never grows)"},
    {"no-bound", NULL,
     "bidir, shortest: do not bound the length (coins off the target, or off A backward, are a lower bound on the moves "
     "left; shortest adds its fill and level bounds): one round, quicker to prove a level unsolvable"},
    {"no-region-bound", NULL,
     "shortest: do not use the region bounds (additive pattern databases over two partitions of the box; "
     "docs/algorithms.md)"},
    {"no-frontier-bound", NULL,
     "shortest: do not use the frontier bounds (the region bounds taken to the other side's frontier; "
     "docs/algorithms.md)"},
    {"no-backward-rules", NULL,
     "do not prune by the rules of Proposition 3.10 (no coin moved twice in a row; Lemma 3.9's colour counts)"},
    {"order", "O",
     "theorem-2.4/2.5: visit B's components in one row sweep (sweep, default) or singles then pairs (paper)"},
    {"no-shorten", NULL,
     "theorem algorithms: keep the construction's certificate (by default, when the theorem says solvable, exact "
     "search gets a small budget to find a shortest one instead)"},
    {NULL, NULL, NULL},
};

#define NO_PARENT 0xFFFFFFFFu

typedef struct store {
    int K;
    size_t n, cap;
    uint8_t *keys;
    uint32_t *parent, *move;
    uint64_t *tab; /* hash tag << 32 | (index + 1); 0 empty */
    size_t tmask;
} store;

typedef struct search {
    const coins_level *l;
    coins_board b;
    int n, na;         /* coins, allowed positions */
    int *alist, *aidx; /* dense index <-> board position */
    uint8_t *allowed;
    bool bitset;
    int bpp, K;
    bool prune;
    bool rules;        /* Proposition 3.10's rules 2 and 4 */
    int8_t *colour;    /* 0/1 on a bipartite board (rule 4), NULL otherwise */
    bool need[2];      /* A has at least two coins on colour k: never fewer */
    bool fwd_ok[2][2]; /* a placement exists with (fewer than 2 on 0, fewer than 2 on 1) */
    int nplace, colour_dropped;
    /* the length bound (bidir): a child at depth d with h > L - d is cut */
    bool bound;
    bool goal_ok[2];     /* a lower bound is known towards this side's goal */
    uint8_t *goal_in[2]; /* unlabelled: the goal's positions (forward: the placement; backward: A) */
    int *goal_pos[2];    /* labelled: coin i's goal position */
    int hmax;            /* largest h a child of the layer being expanded may have */
    bool bound_cut[2];
    int *place; /* nplace x n board positions */
    /* scratch */
    int *pos, *cnt, *touched, *stamp, *work;
    uint8_t *occ, *span;
    uint8_t *key;
    int stamp_now;
    bool hit_fwd, hit_bwd;
    pl_limits *lim;
    size_t mem_cap, mem_used, peak;
    bool mem_hit;
    uint64_t generated[2], expanded[2]; /* children per expansion, per side */
    store s[2];
} search;

static uint64_t hash_key(const uint8_t *k, int K) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)K;
    int i = 0;
    for (; i + 8 <= K; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    uint64_t w = 0;
    for (int j = 0; i < K; i++, j++) w |= (uint64_t)k[i] << (8 * j);
    h = (h ^ w) * 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

static size_t store_bytes(const store *st) {
    return st->cap * ((size_t)st->K + 8) + (st->tmask + 1) * 8;
}

#define TAG(h) ((h) >> 32 << 32)

static bool key_eq(const store *st, uint32_t idx, const uint8_t *key) {
    return memcmp(st->keys + (size_t)idx * (size_t)st->K, key, (size_t)st->K) == 0;
}

static bool account(search *s, size_t before, size_t after) {
    if (s->mem_used - before + after > s->mem_cap) {
        s->mem_hit = true;
        return false;
    }
    s->mem_used = s->mem_used - before + after;
    if (s->mem_used > s->peak) s->peak = s->mem_used;
    return true;
}

static void store_init(search *s, store *st) {
    memset(st, 0, sizeof *st);
    st->K = s->K;
    st->cap = 1024;
    st->keys = pl_xmalloc(st->cap * (size_t)st->K);
    st->parent = pl_xmalloc(st->cap * sizeof *st->parent);
    st->move = pl_xmalloc(st->cap * sizeof *st->move);
    st->tmask = 4095;
    st->tab = pl_xcalloc(st->tmask + 1, sizeof *st->tab);
    account(s, 0, store_bytes(st));
}

static void store_free(store *st) {
    free(st->keys);
    free(st->parent);
    free(st->move);
    free(st->tab);
}

/* The tag (high hash bits) filters almost every probe before touching the keys. */
static int64_t store_find(const store *st, const uint8_t *key, uint64_t h) {
    for (size_t i = h & st->tmask;; i = (i + 1) & st->tmask) {
        uint64_t t = st->tab[i];
        if (!t) return -1;
        if (TAG(t) == TAG(h) && key_eq(st, (uint32_t)t - 1, key)) return (uint32_t)t - 1;
    }
}

/* 1: inserted (index in *idx); 0: already there; -1: memory limit. */
static int store_insert(search *s, store *st, const uint8_t *key, uint64_t h, uint32_t parent, uint32_t move,
                        size_t *idx) {
    size_t i = h & st->tmask;
    for (;; i = (i + 1) & st->tmask) {
        uint64_t t = st->tab[i];
        if (!t) break;
        if (TAG(t) == TAG(h) && key_eq(st, (uint32_t)t - 1, key)) {
            *idx = (uint32_t)t - 1;
            return 0;
        }
    }
    if (st->n + 1 >= 0xFFFFFFFEu) {
        s->mem_hit = true;
        return -1;
    }
    if (st->n == st->cap) {
        size_t before = store_bytes(st);
        st->cap *= 2;
        if (!account(s, before, store_bytes(st))) {
            st->cap /= 2;
            return -1;
        }
        st->keys = pl_xrealloc(st->keys, st->cap * (size_t)st->K);
        st->parent = pl_xrealloc(st->parent, st->cap * sizeof *st->parent);
        st->move = pl_xrealloc(st->move, st->cap * sizeof *st->move);
    }
    if ((st->n + 1) * 10 > (st->tmask + 1) * 7) {
        size_t before = store_bytes(st), oldn = st->tmask + 1;
        st->tmask = 2 * oldn - 1;
        /* the old table lives while the new one fills */
        if (!account(s, before, store_bytes(st) + oldn * 8)) {
            st->tmask = oldn - 1;
            return -1;
        }
        uint64_t *old = st->tab;
        st->tab = pl_xcalloc(st->tmask + 1, sizeof *st->tab);
        for (size_t j = 0; j < oldn; j++)
            if (old[j]) {
                size_t hj = hash_key(st->keys + (size_t)((uint32_t)old[j] - 1) * (size_t)st->K, st->K) & st->tmask;
                while (st->tab[hj]) hj = (hj + 1) & st->tmask;
                st->tab[hj] = old[j];
            }
        free(old);
        s->mem_used -= oldn * 8;
        i = h & st->tmask;
        while (st->tab[i]) i = (i + 1) & st->tmask;
    }
    memcpy(st->keys + st->n * (size_t)st->K, key, (size_t)st->K);
    st->parent[st->n] = parent;
    st->move[st->n] = move;
    st->tab[i] = TAG(h) | (uint64_t)(st->n + 1);
    *idx = st->n++;
    return 1;
}

/* ---------- encoding ---------- */
static void encode(search *s, const int *pos, uint8_t *key) {
    int n = s->n;
    if (s->l->labelled || !s->bitset) {
        int tmp[256], *q = tmp;
        int *heap = NULL;
        if (n > 256) q = heap = pl_xmalloc((size_t)n * sizeof *q);
        for (int i = 0; i < n; i++) q[i] = s->aidx[pos[i]];
        if (!s->l->labelled)
            for (int i = 1; i < n; i++) { /* insertion sort: children are nearly sorted */
                int v = q[i], j = i - 1;
                while (j >= 0 && q[j] > v) q[j + 1] = q[j], j--;
                q[j + 1] = v;
            }
        for (int i = 0; i < n; i++) {
            key[s->bpp * i] = (uint8_t)q[i];
            if (s->bpp == 2) key[2 * i + 1] = (uint8_t)(q[i] >> 8);
        }
        free(heap);
        return;
    }
    memset(key, 0, (size_t)s->K);
    for (int i = 0; i < n; i++) {
        int d = s->aidx[pos[i]];
        key[d >> 3] |= (uint8_t)(1u << (d & 7));
    }
}

static void decode(const search *s, const uint8_t *key, int *pos) {
    if (s->l->labelled || !s->bitset) {
        for (int i = 0; i < s->n; i++) {
            int d = key[s->bpp * i];
            if (s->bpp == 2) d |= key[2 * i + 1] << 8;
            pos[i] = s->alist[d];
        }
        return;
    }
    int k = 0;
    for (int byte = 0; byte < s->K; byte++)
        for (unsigned v = key[byte]; v; v &= v - 1) pos[k++] = s->alist[8 * byte + __builtin_ctz(v)];
}

/* Corollary 1.7: can the target still fit inside span(pos)? */
static bool span_admits_target(search *s, const int *pos) {
    coins_span(&s->b, pos, s->n, s->span, s->work);
    for (int j = 0; j < s->nplace; j++) {
        const int *p = s->place + (size_t)j * (size_t)s->n;
        bool ok = true;
        for (int i = 0; i < s->n && ok; i++) ok = s->span[p[i]];
        if (ok) return true;
    }
    return false;
}

/* Counts coin neighbours of every position next to a coin; touched lists them. */
static int count_neighbours(search *s, const int *pos) {
    int nt = 0;
    const coins_board *b = &s->b;
    for (int i = 0; i < s->n; i++) s->occ[pos[i]] = 1;
    for (int i = 0; i < s->n; i++)
        for (int a = b->off[pos[i]]; a < b->off[pos[i] + 1]; a++) {
            int v = b->adj[a];
            if (!s->cnt[v]++) s->touched[nt++] = v;
        }
    return nt;
}

static void clear_neighbours(search *s, const int *pos, int nt) {
    for (int i = 0; i < nt; i++) s->cnt[s->touched[i]] = 0;
    for (int i = 0; i < s->n; i++) s->occ[pos[i]] = 0;
}

/* Rule 4 (Lemma 3.9): may a forward configuration with c[k] coins on colour
 * k still reach a placement? */
static bool forward_colours_ok(const search *s, const int *c) {
    bool big0 = c[0] >= 2, big1 = c[1] >= 2;
    for (int s0 = 0; s0 < 2; s0++)
        for (int s1 = 0; s1 < 2; s1++)
            if (s->fwd_ok[s0][s1] && (!big0 || !s0) && (!big1 || !s1)) return true;
    return false;
}

/* Does coin i at position v sit on this side's goal? */
static inline int on_goal(const search *s, int side, int i, int v) {
    return s->l->labelled ? s->goal_pos[side][i] == v : s->goal_in[side][v];
}

typedef struct meet {
    bool found;
    size_t fidx, bidx;
} meet;

/* Expands state idx of side `side` (0 forward, 1 backward); returns -1 on a
 * memory limit. */
/* 0; -1 out of memory; -2 a limit (s->lim) was reached. */
static int expand(search *s, int side, size_t idx, bool bidir, meet *m) {
    store *own = &s->s[side], *other = &s->s[1 - side];
    int *pos = s->pos, n = s->n;
    decode(s, own->keys + idx * (size_t)own->K, pos);
    if (side == 0 && s->prune && !span_admits_target(s, pos)) return 0;
    const coins_board *b = &s->b;
    int nt = count_neighbours(s, pos);
    int rc = 0;
    /* rule 2: the coin moved last (forward: now at q; backward: now at p) */
    int skip = -1;
    if (s->rules && own->parent[idx] != NO_PARENT)
        skip = side == 0 ? (int)(own->move[idx] & 0xFFFF) : (int)(own->move[idx] >> 16);
    int cw[2] = {0, 0};
    if (s->colour)
        for (int i = 0; i < n; i++) cw[s->colour[pos[i]]]++;
    /* the bound: h = coins off the goal (each move puts at most one coin on it) */
    bool bounded = s->bound && s->goal_ok[side];
    int match = 0;
    if (bounded)
        for (int i = 0; i < n; i++) match += on_goal(s, side, i, pos[i]);
    if (side == 0) {
        int ncand = 0;
        for (int t = 0; t < nt; t++) {
            int v = s->touched[t];
            if (!s->occ[v] && s->cnt[v] >= 2) s->work[ncand++] = v;
        }
        for (int i = 0; i < n && !m->found && rc == 0; i++) {
            /* a state of thousands of coins has millions of children: the clock
             * inside an expansion, not only between them */
            if (s->lim && !pl_limits_poll(s->lim)) {
                rc = -2;
                break;
            }
            int p = pos[i];
            if (p == skip) continue;
            s->stamp_now++;
            for (int a = b->off[p]; a < b->off[p + 1]; a++) s->stamp[b->adj[a]] = s->stamp_now;
            for (int c = 0; c < ncand; c++) {
                int q = s->work[c];
                if (s->cnt[q] - (s->stamp[q] == s->stamp_now) < 2) continue;
                if (!s->allowed[q]) {
                    s->hit_fwd = true;
                    continue;
                }
                if (s->colour) {
                    int c[2] = {cw[0], cw[1]};
                    c[s->colour[p]]--, c[s->colour[q]]++;
                    if (!forward_colours_ok(s, c)) continue;
                }
                if (bounded && n - (match - on_goal(s, 0, i, p) + on_goal(s, 0, i, q)) > s->hmax) {
                    s->bound_cut[0] = true;
                    continue;
                }
                pos[i] = q;
                encode(s, pos, s->key);
                pos[i] = p;
                size_t ci;
                uint64_t h = hash_key(s->key, s->K);
                s->generated[side]++;
                int r = store_insert(s, own, s->key, h, (uint32_t)idx, (uint32_t)p << 16 | (uint32_t)q, &ci);
                if (r < 0) {
                    rc = -1;
                    break;
                }
                if (r == 1) {
                    int64_t o = store_find(other, s->key, h);
                    if (o >= 0) {
                        m->found = true;
                        m->fidx = ci;
                        m->bidx = (size_t)o;
                        break;
                    }
                }
            }
        }
    } else {
        for (int i = 0; i < n && !m->found && rc == 0; i++) {
            if (s->lim && !pl_limits_poll(s->lim)) {
                rc = -2;
                break;
            }
            int q = pos[i];
            if (s->cnt[q] < 2) continue;                           /* the last move must bring q two neighbours */
            if (s->l->grid == COINS_TRIANGULAR) s->hit_bwd = true; /* it could come from outside */
            if (q == skip) continue;
            for (int d = 0; d < s->na; d++) {
                int p = s->alist[d];
                if (s->occ[p]) continue;
                if (s->colour) {
                    int c[2] = {cw[0], cw[1]};
                    c[s->colour[q]]--, c[s->colour[p]]++;
                    if ((s->need[0] && c[0] < 2) || (s->need[1] && c[1] < 2)) continue;
                }
                if (bounded && n - (match - on_goal(s, 1, i, q) + on_goal(s, 1, i, p)) > s->hmax) {
                    s->bound_cut[1] = true;
                    continue;
                }
                pos[i] = p;
                encode(s, pos, s->key);
                pos[i] = q;
                size_t ci;
                uint64_t h = hash_key(s->key, s->K);
                s->generated[side]++;
                int r = store_insert(s, own, s->key, h, (uint32_t)idx, (uint32_t)p << 16 | (uint32_t)q, &ci);
                if (r < 0) {
                    rc = -1;
                    break;
                }
                if (r == 1 && bidir) {
                    int64_t o = store_find(other, s->key, h);
                    if (o >= 0) {
                        m->found = true;
                        m->fidx = (size_t)o;
                        m->bidx = ci;
                        break;
                    }
                }
            }
        }
    }
    clear_neighbours(s, pos, nt);
    s->expanded[side]++;
    return rc;
}

static void add_move(search *s, pl_solution *out, uint32_t mv) {
    char buf[96];
    coins_move_text(s->l, coins_board_pt(&s->b, (int)(mv >> 16)), coins_board_pt(&s->b, (int)(mv & 0xFFFF)), buf,
                    sizeof buf);
    pl_strvec_push(&out->moves, buf);
}

static void reconstruct(search *s, const meet *m, pl_solution *out) {
    size_t len = 0, i;
    for (i = m->fidx; s->s[0].parent[i] != NO_PARENT; i = s->s[0].parent[i]) len++;
    uint32_t *mv = pl_xmalloc((len + 1) * sizeof *mv);
    size_t k = len;
    for (i = m->fidx; s->s[0].parent[i] != NO_PARENT; i = s->s[0].parent[i]) mv[--k] = s->s[0].move[i];
    for (k = 0; k < len; k++) add_move(s, out, mv[k]);
    free(mv);
    for (i = m->bidx; s->s[1].parent[i] != NO_PARENT; i = s->s[1].parent[i]) add_move(s, out, s->s[1].move[i]);
}

/* Rule 4: a proper 2-colouring of the board (none when it is not bipartite),
 * A's colour counts, and the placements that keep Lemma 3.9's invariant. */
static void setup_colours(search *s, const coins_level *l) {
    const coins_board *b = &s->b;
    int nv = b->nv;
    s->colour = pl_xmalloc((size_t)nv + 1);
    memset(s->colour, -1, (size_t)nv + 1);
    int *queue = pl_xmalloc(((size_t)nv + 1) * sizeof *queue);
    bool bipartite = true;
    for (int v0 = 0; v0 < nv && bipartite; v0++) {
        if (s->colour[v0] >= 0) continue;
        int head = 0, tail = 0;
        s->colour[v0] = (int8_t)(b->grid == COINS_GRAPH ? 0 : ((b->r0 + v0 / b->w) + (b->c0 + v0 % b->w)) & 1);
        queue[tail++] = v0;
        while (head < tail && bipartite) {
            int u = queue[head++];
            for (int a = b->off[u]; a < b->off[u + 1]; a++) {
                int v = b->adj[a];
                if (s->colour[v] < 0) {
                    s->colour[v] = (int8_t)(1 - s->colour[u]);
                    queue[tail++] = v;
                } else if (s->colour[v] == s->colour[u]) {
                    bipartite = false;
                }
            }
        }
    }
    free(queue);
    if (!bipartite) {
        free(s->colour);
        s->colour = NULL;
        return;
    }
    int ca[2] = {0, 0};
    for (int i = 0; i < l->n; i++) ca[s->colour[coins_board_pos(b, l->start[i])]]++;
    s->need[0] = ca[0] >= 2;
    s->need[1] = ca[1] >= 2;
    int kept = 0;
    for (int j = 0; j < s->nplace; j++) {
        const int *p = s->place + (size_t)j * (size_t)s->n;
        int c[2] = {0, 0};
        for (int i = 0; i < s->n; i++) c[s->colour[p[i]]]++;
        if ((s->need[0] && c[0] < 2) || (s->need[1] && c[1] < 2)) continue;
        s->fwd_ok[c[0] < 2][c[1] < 2] = true;
        if (kept != j) memmove(s->place + (size_t)kept * (size_t)s->n, p, (size_t)s->n * sizeof *p);
        kept++;
    }
    s->colour_dropped = s->nplace - kept;
    s->nplace = kept;
}

/* Builds the board, the allowed positions and the placements. */
static int setup(search *s, const coins_level *l, const pl_request *req, pl_error *err) {
    memset(s, 0, sizeof *s);
    s->l = l;
    s->n = l->n;
    s->lim = req->limits;
    s->prune = !(req->opts && pl_opts_has(req->opts, "no-span-prune")) && l->grid != COINS_TRIANGULAR;
    s->rules = !(req->opts && pl_opts_has(req->opts, "no-backward-rules"));
    int *A = pl_xmalloc((size_t)l->n * sizeof *A);
    if (l->grid == COINS_GRAPH) {
        coins_board_graph(&s->b, l);
    } else if (l->grid == COINS_SQUARE) {
        int r0, c0, r1, c1;
        coins_bbox(l, false, &r0, &c0, &r1, &c1);
        coins_board_rect(&s->b, l, r0, c0, r1 - r0 + 1, c1 - c0 + 1);
    } else {
        long margin;
        if (pl_opts_long(req->opts, "margin", 2, 0, 1000, &margin, err)) {
            free(A);
            return -1;
        }
        int r0, c0, r1, c1, m = (int)margin + 1; /* + 1: the sentinel ring */
        coins_bbox(l, true, &r0, &c0, &r1, &c1);
        if (r0 > 0) r0 = 0;
        if (c0 > 0) c0 = 0;
        if (r1 < l->rows - 1) r1 = l->rows - 1;
        if (c1 < l->cols - 1) c1 = l->cols - 1;
        coins_board_rect(&s->b, l, r0 - m, c0 - m, r1 - r0 + 1 + 2 * m, c1 - c0 + 1 + 2 * m);
    }
    int nv = s->b.nv;
    for (int i = 0; i < l->n; i++) A[i] = coins_board_pos(&s->b, l->start[i]);
    s->allowed = pl_xcalloc((size_t)nv, 1);
    s->work = pl_xmalloc(((size_t)nv + 1) * sizeof *s->work);
    s->span = pl_xmalloc((size_t)nv);
    if (l->grid == COINS_TRIANGULAR) {
        for (int r = 1; r < s->b.h - 1; r++)
            for (int c = 1; c < s->b.w - 1; c++) s->allowed[r * s->b.w + c] = 1;
    } else {
        coins_span(&s->b, A, l->n, s->allowed, s->work);
    }
    free(A);
    s->alist = pl_xmalloc(((size_t)nv + 1) * sizeof *s->alist);
    s->aidx = pl_xmalloc(((size_t)nv + 1) * sizeof *s->aidx);
    for (int v = 0; v < nv; v++) {
        s->aidx[v] = -1;
        if (s->allowed[v]) {
            s->aidx[v] = s->na;
            s->alist[s->na++] = v;
        }
    }
    if (s->na > 65535 || nv > 65535) { /* a size limit of this search: an unknown answer, not an error */
        pl_error_set(err, NULL, 0, 0, "the search board has %d positions; this search takes at most 65535", nv);
        return 1;
    }
    s->bpp = s->na <= 256 ? 1 : 2;
    int sorted = s->n * s->bpp, bits = (s->na + 7) / 8;
    s->bitset = !l->labelled && bits <= sorted;
    s->K = l->labelled ? sorted : s->bitset ? bits : sorted;
    if (s->K == 0) s->K = 1;
    s->nplace = coins_placements(l, &s->b, s->allowed, &s->place);
    if (s->rules && l->grid != COINS_TRIANGULAR) setup_colours(s, l);
    s->pos = pl_xmalloc(((size_t)s->n + 1) * sizeof *s->pos);
    s->cnt = pl_xcalloc((size_t)nv + 1, sizeof *s->cnt);
    s->touched = pl_xmalloc(((size_t)nv + 1) * sizeof *s->touched);
    s->stamp = pl_xcalloc((size_t)nv + 1, sizeof *s->stamp);
    s->occ = pl_xcalloc((size_t)nv + 1, 1);
    s->key = pl_xmalloc((size_t)s->K);
    s->mem_cap = req->limits && req->limits->memory_limit ? req->limits->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    return 0;
}

static void teardown(search *s) {
    coins_board_free(&s->b);
    free(s->allowed);
    free(s->colour);
    free(s->goal_in[0]);
    free(s->goal_in[1]);
    free(s->goal_pos[0]);
    free(s->goal_pos[1]);
    free(s->work);
    free(s->span);
    free(s->alist);
    free(s->aidx);
    free(s->place);
    free(s->pos);
    free(s->cnt);
    free(s->touched);
    free(s->stamp);
    free(s->occ);
    free(s->key);
    store_free(&s->s[0]);
    store_free(&s->s[1]);
}

/* The goals of the length bound: the single placement (forward; with several
 * placements the forward side is not bounded) and A (backward). Returns the
 * lower bound on the length: coins of A off the nearest placement. */
static int setup_bound(search *s, const coins_level *l, const int *A) {
    int nv = s->b.nv, n = s->n;
    const int *goal[2] = {s->place, A};
    for (int side = 0; side < 2; side++) {
        s->goal_ok[side] = side == 1 || s->nplace == 1;
        if (!s->goal_ok[side]) continue;
        s->goal_in[side] = pl_xcalloc((size_t)nv + 1, 1);
        s->goal_pos[side] = pl_xmalloc(((size_t)n + 1) * sizeof(int));
        for (int i = 0; i < n; i++) {
            s->goal_in[side][goal[side][i]] = 1;
            s->goal_pos[side][i] = goal[side][i];
        }
    }
    int lb = n;
    for (int j = 0; j < s->nplace; j++) {
        const int *p = s->place + (size_t)j * (size_t)n;
        int match = 0;
        for (int i = 0; i < n; i++) match += on_goal(s, 1, i, p[i]);
        if (n - match < lb) lb = n - match;
    }
    (void)l;
    return lb;
}

static void reset_stores(search *s) {
    store_free(&s->s[0]);
    store_free(&s->s[1]);
    s->mem_used = 0;
    s->mem_hit = false;
    s->hit_fwd = s->hit_bwd = false;
    s->bound_cut[0] = s->bound_cut[1] = false;
    store_init(s, &s->s[0]);
    store_init(s, &s->s[1]);
}

static int run(const void *level, const pl_request *req, pl_solution *out, pl_error *err, bool bidir) {
    const coins_level *l = level;
    search s;
    out->algorithm = bidir ? "bidir" : "bfs";
    int rc = setup(&s, l, req, err);
    if (rc) {
        teardown(&s);
        if (rc < 0) return -1;
        out->status = PL_UNKNOWN; /* too large for this search (err says why) */
        snprintf(out->note, sizeof out->note, "%.250s", err->msg);
        memset(err, 0, sizeof *err);
        return 0;
    }
    pl_limits local;
    pl_limits *lim = req->limits;
    if (!lim) {
        pl_limits_init(&local, 0, 0, 0);
        lim = &local;
    }
    store_init(&s, &s.s[0]);
    store_init(&s, &s.s[1]);
    meet m = {0};
    size_t idx;
    int depth[2] = {0, 0}, L = 0, rounds = 0;
    int *A = pl_xmalloc(((size_t)s.n + 1) * sizeof *A); /* s.pos is the expansions' scratch */
    for (int i = 0; i < s.n; i++) A[i] = coins_board_pos(&s.b, l->start[i]);
    if (s.nplace == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note,
                 l->grid == COINS_TRIANGULAR ? "the target does not fit in the search window"
                 : s.colour_dropped
                     ? "every placement of the target inside span(A) has fewer than two coins on a colour where A has "
                       "two (Lemma 3.9)"
                     : "no placement of the target lies inside span(A) (Corollary 1.7)");
        if (l->grid == COINS_TRIANGULAR) out->status = PL_UNKNOWN;
        goto done;
    }
    s.bound = bidir && !(req->opts && pl_opts_has(req->opts, "no-bound"));
    if (s.bound) L = setup_bound(&s, l, A);
    for (;; L++) {
        rounds++;
        if (rounds > 1) reset_stores(&s);
        for (int j = 0; j < s.nplace; j++) {
            /* thousands of coins and placements: O(n) each, so the clock too */
            if (!pl_limits_poll(lim)) {
                out->status = PL_UNKNOWN;
                out->limit_hit = lim->hit;
                goto done;
            }
            encode(&s, s.place + (size_t)j * (size_t)s.n, s.key);
            store_insert(&s, &s.s[1], s.key, hash_key(s.key, s.K), NO_PARENT, 0, &idx);
        }
        encode(&s, A, s.key);
        store_insert(&s, &s.s[0], s.key, hash_key(s.key, s.K), NO_PARENT, 0, &idx);
        int64_t o = store_find(&s.s[1], s.key, hash_key(s.key, s.K));
        if (o >= 0) {
            m.found = true;
            m.fidx = 0;
            m.bidx = (size_t)o;
        }
        size_t lo[2] = {0, 0}, hi[2] = {s.s[0].n, s.s[1].n};
        depth[0] = depth[1] = 0;
        bool longer = false; /* no solution of length <= L: try L + 1 */
        while (!m.found) {
            if (lo[0] == hi[0] || (bidir && lo[1] == hi[1])) {
                int side = lo[0] == hi[0] ? 0 : 1;
                if (s.bound_cut[side]) {
                    longer = true;
                    break;
                }
                bool window = side == 0 ? s.hit_fwd : s.hit_bwd;
                out->status = window ? PL_UNKNOWN : PL_UNSOLVABLE;
                snprintf(out->note, sizeof out->note, "%s search exhausted %zu configurations%s",
                         side == 0 ? "forward" : "backward", s.s[side].n,
                         window ? "; moves leave the search window, so the window could matter (raise --margin)" : "");
                goto done;
            }
            /* complete layers to depths df and db find every solution of
             * length <= df + db */
            if (s.bound && depth[0] + depth[1] >= L) {
                longer = true;
                break;
            }
            /* the smaller frontier; weighting it by the children per expansion
             * measured slower on the letter puzzles (A-to-B 4.8 s against 4.3 s,
             * 1-to-2 8.6 s against 5.4 s) */
            int side = !bidir ? 0 : (hi[0] - lo[0] <= hi[1] - lo[1] ? 0 : 1);
            s.hmax = L - depth[side] - 1;
            for (size_t i = lo[side]; i < hi[side] && !m.found; i++) {
                if (!pl_limits_tick(lim)) {
                    out->status = PL_UNKNOWN;
                    out->limit_hit = lim->hit;
                    goto done;
                }
                int e = expand(&s, side, i, bidir, &m);
                if (e == -2) { /* a limit, inside the expansion */
                    out->status = PL_UNKNOWN;
                    out->limit_hit = lim->hit;
                    goto done;
                }
                if (e < 0) {
                    out->status = PL_UNKNOWN;
                    out->limit_hit = PL_LIMIT_MEMORY;
                    lim->hit = PL_LIMIT_MEMORY;
                    goto done;
                }
            }
            lo[side] = hi[side];
            hi[side] = s.s[side].n;
            depth[side]++;
        }
        if (!longer) break;
    }
    out->status = PL_SOLVED;
    reconstruct(&s, &m, out);
    /* complete layers: proven shortest, except in the triangular grid's window
     * (a path leaving it could be shorter) */
    out->optimal = l->grid == COINS_TRIANGULAR ? 0 : 1;
    pl_solution_set_value(out, "length", out->moves.n);
    snprintf(out->note, sizeof out->note, "shortest solution (%s BFS); forward depth %d, backward depth %d",
             bidir ? "bidirectional" : "unidirectional", depth[0], depth[1]);
done:
    if (s.bound && rounds > 0)
        snprintf(out->note + strlen(out->note), sizeof out->note - strlen(out->note), "%slength bound %d (round %d)",
                 out->note[0] ? "; " : "", L, rounds);
    if (bidir && l->grid == COINS_SQUARE && !l->labelled && l->upto == COINS_EXACT) {
        /* say why no theorem took this level (auto tries them first) */
        char why[160];
        coins_minplus1_note(l, why, sizeof why);
        snprintf(out->note + strlen(out->note), sizeof out->note - strlen(out->note), "; %s", why);
    }
    out->nodes = lim->nodes;
    out->peak_memory = s.peak;
    if (out->status != PL_SOLVED)
        snprintf(out->note + strlen(out->note), sizeof out->note - strlen(out->note),
                 "%sstates: forward %zu, backward %zu", out->note[0] ? "; " : "", s.s[0].n, s.s[1].n);
    else
        snprintf(out->note + strlen(out->note), sizeof out->note - strlen(out->note),
                 "; states: forward %zu, backward %zu", s.s[0].n, s.s[1].n);
    free(A);
    teardown(&s);
    return 0;
}

bool coins_exact_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const coins_level *l = level;
    if (l->grid == COINS_TRIANGULAR)
        snprintf(why, n, "triangular grid: search inside a window (answers unknown when the window could matter)");
    else if (l->grid == COINS_SQUARE)
        snprintf(why, n, "square grid: every reachable configuration lies in span(A), inside the bounding box: exact");
    else
        snprintf(why, n, "finite graph: every reachable configuration lies in span(A): exact");
    return true;
}

bool coins_never_auto(const void *level, const pl_request *req, char *why, size_t n) {
    (void)level;
    (void)req;
    snprintf(why, n, "baseline: auto prefers the bidirectional search");
    return false;
}

int coins_bidir_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return run(level, req, out, err, true);
}

int coins_bfs_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return run(level, req, out, err, false);
}
