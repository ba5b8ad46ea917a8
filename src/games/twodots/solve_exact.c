/* Two Dots, the general (NP-complete: Theorems 1, 2 and 4 of the paper) case:
 * exact search for boards of at most 64 cells.
 *
 * Moves are searched by their effect, not their path: a regular move removes
 * a set S of dots of one colour that a simple path covers, i.e. a connected
 * set whose grid graph has a Hamiltonian path; many paths share one S. The
 * sets are enumerated as (S, end a, end b) triples grown from single dots by
 * adding a neighbour at either end, deduplicated, and each distinct S keeps
 * one path as its certificate. A cyclic move removes every dot of its colour,
 * so (bombs off) one cyclic move per colour with a cycle (a component with
 * at least as many edges as dots) suffices; with bombs on the enclosed dots
 * matter, so every simple cycle is enumerated and deduplicated by the set it
 * encloses.
 * Search: iterative deepening on the number of moves (so the certificate is
 * a shortest one), a transposition table keyed by (board, goals still
 * missing) storing the largest move budget that failed there, and bounds:
 * a goal needing more dots than its colour has left fails; with bombs off a
 * move collects one colour only, so the goals still missing must not outnumber
 * the moves left, and when they are equal only moves of those colours are
 * tried; on the last move only the largest set of the one missing colour (or
 * its cycle) matters -- the sound part of "a bigger set is never worse": it
 * holds for the goal count, not for the board after the move, so it is used
 * only where no move follows.
 * Exponential in the worst case; the limits of pl_limits are checked inside
 * the set enumeration and at every node. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

bool twodots_exact_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const twodots_level *l = p;
    if (l->rows * l->cols > TWODOTS_EXACT_MAX_CELLS)
        return snprintf(why, n, "the exact search handles boards of at most %d cells (this one has %d)",
                        TWODOTS_EXACT_MAX_CELLS, l->rows * l->cols),
               false;
    snprintf(why, n, "%dx%d board, %d goal%s, K = %d: no polynomial case applies, exact search", l->rows, l->cols,
             l->ngoals, l->ngoals == 1 ? "" : "s", twodots_move_budget(l));
    return true;
}

/* ---------- a small hash set: (mask, tag) -> value, cleared in O(1) ---------- */
typedef struct hset {
    uint64_t *mask;
    uint32_t *tag, *val, *stamp;
    size_t cap, used;
    uint32_t gen;
} hset;

static void hset_init(hset *h, size_t cap) {
    h->cap = cap;
    h->used = 0;
    h->gen = 1;
    h->mask = pl_xmalloc(cap * sizeof *h->mask);
    h->tag = pl_xmalloc(cap * sizeof *h->tag);
    h->val = pl_xmalloc(cap * sizeof *h->val);
    h->stamp = pl_xcalloc(cap, sizeof *h->stamp);
}

static void hset_free(hset *h) {
    free(h->mask);
    free(h->tag);
    free(h->val);
    free(h->stamp);
}

static void hset_clear(hset *h) {
    h->used = 0;
    if (++h->gen == 0) {
        memset(h->stamp, 0, h->cap * sizeof *h->stamp);
        h->gen = 1;
    }
}

static inline size_t hash_of(uint64_t m, uint32_t t) {
    uint64_t z = m ^ ((uint64_t)t * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (size_t)(z ^ (z >> 31));
}

static void hset_grow(hset *h);

/* Returns the value stored for (m, t), or inserts v and returns UINT32_MAX. */
static uint32_t hset_insert(hset *h, uint64_t m, uint32_t t, uint32_t v) {
    if (2 * (h->used + 1) > h->cap) hset_grow(h);
    size_t i = hash_of(m, t) & (h->cap - 1);
    while (h->stamp[i] == h->gen) {
        if (h->mask[i] == m && h->tag[i] == t) return h->val[i];
        i = (i + 1) & (h->cap - 1);
    }
    h->stamp[i] = h->gen;
    h->mask[i] = m;
    h->tag[i] = t;
    h->val[i] = v;
    h->used++;
    return UINT32_MAX;
}

static void hset_grow(hset *h) {
    hset old = *h;
    hset_init(h, old.cap * 2);
    for (size_t i = 0; i < old.cap; i++)
        if (old.stamp[i] == old.gen) hset_insert(h, old.mask[i], old.tag[i], old.val[i]);
    hset_free(&old);
}

/* ---------- search ---------- */
typedef struct entry {
    uint64_t mask;
    int parent;
    uint8_t lo, hi, added, at;
} entry;

typedef struct child {
    uint64_t mask;
    int colour, score;
    bool cyclic;
    int off, len; /* path in the depth's path buffer */
} child;

typedef struct level_buf {
    child *ch;
    int nch, capch;
    int *path;
    int npath, cappath;
} level_buf;

typedef struct search {
    const twodots_level *l;
    int rows, cols, ncells, ngoals;
    pl_limits *lim;
    pl_tt tt;
    hset triples, sets, cycles;
    entry *ent;
    int nent, capent;
    level_buf *buf;
    int maxdepth;
    char **moves; /* certificate, per depth */
    int *deque;
    uint8_t *inside;
    uint64_t sets_enumerated;
    bool stop;
} search;

static pl_key128 key_of(const search *s, const uint8_t *cells, const int *need) {
    uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
    for (int i = 0; i < s->ncells; i++) {
        a = (a ^ cells[i]) * 0x100000001B3ull;
        b = (b + cells[i] + 1) * 0x9E3779B97F4A7C15ull;
        b ^= b >> 29;
    }
    for (int g = 0; g < s->ngoals; g++) {
        a = (a ^ (uint64_t)(need[g] + 7)) * 0x100000001B3ull;
        b = (b + (uint64_t)need[g] + 3) * 0xBF58476D1CE4E5B9ull;
        b ^= b >> 31;
    }
    return (pl_key128){a, b};
}

static void push_child(level_buf *b, uint64_t mask, int colour, bool cyclic, const int *path, int len, int score) {
    if (b->nch == b->capch) {
        b->capch = 2 * b->capch + 16;
        b->ch = pl_xrealloc(b->ch, (size_t)b->capch * sizeof *b->ch);
    }
    if (b->npath + len > b->cappath) {
        b->cappath = 2 * (b->npath + len) + 64;
        b->path = pl_xrealloc(b->path, (size_t)b->cappath * sizeof *b->path);
    }
    memcpy(b->path + b->npath, path, (size_t)len * sizeof *path);
    b->ch[b->nch++] = (child){mask, colour, score, cyclic, b->npath, len};
    b->npath += len;
}

/* The path of entry e into out (returns its length). */
static int entry_path(search *s, int e, int *out) {
    int k = 0, chain[TWODOTS_EXACT_MAX_CELLS];
    while (s->ent[e].parent >= 0) {
        chain[k++] = e;
        e = s->ent[e].parent;
    }
    int *d = s->deque, front = TWODOTS_EXACT_MAX_CELLS, back = front;
    d[back++] = s->ent[e].lo;
    for (int i = k - 1; i >= 0; i--) {
        const entry *x = &s->ent[chain[i]];
        if (d[front] == x->at) d[--front] = x->added;
        else d[back++] = x->added;
    }
    memcpy(out, d + front, (size_t)(back - front) * sizeof *out);
    return back - front;
}

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

static int goal_of(const search *s, int colour) {
    for (int g = 0; g < s->ngoals; g++)
        if (s->l->goal_colour[g] == colour) return g;
    return -1;
}

static int score_of(const search *s, const int *need, int colour, int size) {
    int g = goal_of(s, colour);
    if (g < 0 || need[g] == 0) return 0;
    return 1000 + (size < need[g] ? size : need[g]);
}

static void add_entry(search *s, uint64_t mask, int lo, int hi, int parent, int added, int at) {
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    if (hset_insert(&s->triples, mask, (uint32_t)(lo | hi << 8), (uint32_t)s->nent) != UINT32_MAX) return;
    if (s->nent == s->capent) {
        s->capent = 2 * s->capent + 256;
        s->ent = pl_xrealloc(s->ent, (size_t)s->capent * sizeof *s->ent);
    }
    s->ent[s->nent++] = (entry){mask, parent, (uint8_t)lo, (uint8_t)hi, (uint8_t)added, (uint8_t)at};
}

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

static int neighbour(const search *s, int cell, int d) {
    int r = cell / s->cols + DR[d], c = cell % s->cols + DC[d];
    if (r < 0 || c < 0 || r >= s->rows || c >= s->cols) return -1;
    return r * s->cols + c;
}

/* Regular move effects of the component comp (same colour): every connected
 * set with a Hamiltonian path, size >= 2. Returns false when a limit hit. */
static bool gen_sets(search *s, const uint8_t *cells, const int *comp, int k, level_buf *b, const int *need,
                     int *best_size, int only_best) {
    int colour = cells[comp[0]];
    hset_clear(&s->triples);
    s->nent = 0;
    for (int i = 0; i < k; i++) add_entry(s, (uint64_t)1 << comp[i], comp[i], comp[i], -1, comp[i], comp[i]);
    int path[TWODOTS_EXACT_MAX_CELLS];
    int bestent = -1, bestsz = 1;
    for (int e = 0; e < s->nent; e++) {
        if ((e & 4095) == 4095 && !pl_limits_check_time(s->lim)) return false;
        entry x = s->ent[e];
        int size = popcount64(x.mask);
        if (size >= 2) {
            if (only_best) {
                if (size > bestsz) bestsz = size, bestent = e;
            } else if (hset_insert(&s->sets, x.mask, 0, 0) == UINT32_MAX) {
                int len = entry_path(s, e, path);
                push_child(b, x.mask, colour, false, path, len, score_of(s, need, colour, size));
                s->sets_enumerated++;
            }
        }
        for (int end = 0; end < (x.lo == x.hi ? 1 : 2); end++) {
            int at = end ? x.hi : x.lo, other = end ? x.lo : x.hi;
            for (int d = 0; d < 4; d++) {
                int y = neighbour(s, at, d);
                if (y < 0 || cells[y] != colour || ((x.mask >> y) & 1u)) continue;
                add_entry(s, x.mask | (uint64_t)1 << y, y, other, e, y, at);
            }
        }
    }
    if (only_best && bestent >= 0) {
        int len = entry_path(s, bestent, path);
        push_child(b, s->ent[bestent].mask, colour, false, path, len, bestsz);
    }
    if (best_size && bestsz > *best_size) *best_size = bestsz;
    return true;
}

/* Bombs off: one cycle of the component (w ... u w) when it has one. */
static int find_cycle(const search *s, const uint8_t *cells, int start, int *path) {
    int parent[TWODOTS_EXACT_MAX_CELLS], depth[TWODOTS_EXACT_MAX_CELLS], stack[TWODOTS_EXACT_MAX_CELLS],
        next[TWODOTS_EXACT_MAX_CELLS];
    for (int i = 0; i < s->ncells; i++) depth[i] = -1;
    int colour = cells[start], sp = 0;
    stack[sp++] = start;
    depth[start] = 0;
    parent[start] = -1;
    next[start] = 0;
    while (sp) {
        int u = stack[sp - 1];
        if (next[u] == 4) {
            sp--;
            depth[u] = -2; /* finished */
            continue;
        }
        int y = neighbour(s, u, next[u]++);
        if (y < 0 || cells[y] != colour || y == parent[u]) continue;
        if (depth[y] >= 0) { /* an ancestor on the stack: cycle y .. u y */
            int len = 0, tmp[TWODOTS_EXACT_MAX_CELLS + 1];
            for (int v = u; v != y; v = parent[v]) tmp[len++] = v;
            tmp[len++] = y;
            for (int i = 0; i < len; i++) path[i] = tmp[len - 1 - i];
            path[len] = y;
            return len + 1;
        }
        if (depth[y] == -2) continue;
        parent[y] = u;
        depth[y] = depth[u] + 1;
        next[y] = 0;
        stack[sp++] = y;
    }
    return 0;
}

/* Bombs on: every simple cycle through comp's cells whose smallest cell is
 * the start, deduplicated by the enclosed set. */
static bool gen_cycles_from(search *s, const uint8_t *cells, int start, int *path, int len, uint64_t used,
                            level_buf *b, const int *need, int count) {
    if (!pl_limits_tick(s->lim)) return false;
    int u = path[len - 1], colour = cells[start];
    for (int d = 0; d < 4; d++) {
        int y = neighbour(s, u, d);
        if (y < 0 || cells[y] != colour) continue;
        if (y == start && len >= 4) {
            twodots_enclosed(s->rows, s->cols, path, len, s->inside);
            uint64_t enc = 0;
            for (int i = 0; i < s->ncells; i++)
                if (s->inside[i] && cells[i]) enc |= (uint64_t)1 << i;
            if (hset_insert(&s->cycles, enc, (uint32_t)colour, 0) == UINT32_MAX) {
                path[len] = start;
                push_child(b, enc, colour, true, path, len + 1,
                           score_of(s, need, colour, count) + popcount64(enc));
            }
            continue;
        }
        if (y < start || ((used >> y) & 1u)) continue;
        path[len] = y;
        if (!gen_cycles_from(s, cells, start, path, len + 1, used | (uint64_t)1 << y, b, need, count)) return false;
    }
    return true;
}

static int cmp_child(const void *a, const void *b) {
    const child *x = a, *y = b;
    if (x->score != y->score) return y->score - x->score;
    return popcount64(y->mask) - popcount64(x->mask);
}

/* Generates the children of a node into b. colours: bit c set = colour c
 * allowed. last: the one-move shortcut for colour 'last' (> 0). */
static bool generate(search *s, const uint8_t *cells, const int *need, uint64_t colours, level_buf *b, int last) {
    b->nch = b->npath = 0;
    hset_clear(&s->sets);
    hset_clear(&s->cycles);
    uint64_t seen = 0;
    int comp[TWODOTS_EXACT_MAX_CELLS], path[TWODOTS_EXACT_MAX_CELLS + 2];
    int count[TWODOTS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < s->ncells; i++) count[cells[i]]++;
    bool cycle_done[TWODOTS_MAX_COLOURS + 1] = {false};
    int best_size = 0;
    for (int i = 0; i < s->ncells; i++) {
        int colour = cells[i];
        if (!colour || ((seen >> i) & 1u) || !((colours >> colour) & 1u)) continue;
        /* the component of i, and its edge count */
        int k = 0, edges = 0;
        comp[k++] = i;
        seen |= (uint64_t)1 << i;
        for (int q = 0; q < k; q++)
            for (int d = 0; d < 4; d++) {
                int y = neighbour(s, comp[q], d);
                if (y < 0 || cells[y] != colour) continue;
                edges++;
                if (!((seen >> y) & 1u)) {
                    seen |= (uint64_t)1 << y;
                    comp[k++] = y;
                }
            }
        edges /= 2;
        if (k < 2) continue;
        if (!gen_sets(s, cells, comp, k, b, need, &best_size, last > 0)) return false;
        if (edges >= k && !cycle_done[colour]) {
            if (!s->l->bombs) {
                cycle_done[colour] = true;
                int len = find_cycle(s, cells, i, path);
                uint64_t all = 0;
                for (int x = 0; x < s->ncells; x++)
                    if (cells[x] == colour) all |= (uint64_t)1 << x;
                if (len) push_child(b, all, colour, true, path, len, score_of(s, need, colour, count[colour]) + 1);
            } else {
                for (int q = 0; q < k; q++) {
                    path[0] = comp[q];
                    if (!gen_cycles_from(s, cells, comp[q], path, 1, (uint64_t)1 << comp[q], b, need, count[colour]))
                        return false;
                }
            }
        }
    }
    if (b->nch > 1) qsort(b->ch, (size_t)b->nch, sizeof *b->ch, cmp_child);
    return true;
}

static bool dfs(search *s, const uint8_t *cells, const int *need, int depth, int left) {
    const twodots_level *l = s->l;
    int unmet = 0, lastg = -1;
    int count[TWODOTS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < s->ncells; i++) count[cells[i]]++;
    for (int g = 0; g < s->ngoals; g++)
        if (need[g] > 0) {
            unmet++;
            lastg = g;
            if (need[g] > count[l->goal_colour[g]]) return false;
        }
    if (!unmet) return true;
    if (left == 0) return false;
    if (!l->bombs && unmet > left) return false;
    if (!pl_limits_tick(s->lim)) {
        s->stop = true;
        return false;
    }
    pl_key128 key = key_of(s, cells, need);
    int32_t seen;
    if (pl_tt_get(&s->tt, key, &seen) && seen >= left) return false;
    level_buf *b = &s->buf[depth];
    uint64_t colours = ~(uint64_t)0;
    if (!l->bombs && unmet == left) {
        colours = 0;
        for (int g = 0; g < s->ngoals; g++)
            if (need[g] > 0) colours |= (uint64_t)1 << l->goal_colour[g];
    }
    int last = !l->bombs && left == 1 ? l->goal_colour[lastg] : 0;
    if (!generate(s, cells, need, colours, b, last)) {
        s->stop = true;
        return false;
    }
    uint8_t next[TWODOTS_EXACT_MAX_CELLS];
    int nneed[TWODOTS_MAX_COLOURS];
    for (int i = 0; i < b->nch && !s->stop; i++) {
        const child *x = &b->ch[i];
        int collected[TWODOTS_MAX_COLOURS + 1] = {0};
        memcpy(next, cells, (size_t)s->ncells);
        if (!x->cyclic) {
            for (int c = 0; c < s->ncells; c++)
                if ((x->mask >> c) & 1u) next[c] = 0;
            collected[x->colour] = popcount64(x->mask);
            twodots_fall(s->rows, s->cols, next);
        } else {
            twodots_apply_path(l, next, b->path + x->off, x->len, collected);
        }
        for (int g = 0; g < s->ngoals; g++) {
            int v = need[g] - collected[l->goal_colour[g]];
            nneed[g] = v > 0 ? v : 0;
        }
        if (dfs(s, next, nneed, depth + 1, left - 1)) {
            char *text = pl_xmalloc((size_t)x->len * 24 + 8);
            twodots_path_text(l, b->path + x->off, x->len, text, (size_t)x->len * 24 + 8);
            free(s->moves[depth]);
            s->moves[depth] = text;
            return true;
        }
    }
    if (!s->stop) {
        if (!pl_tt_get(&s->tt, key, &seen) || seen < left) pl_tt_put(&s->tt, key, left);
    }
    return false;
}

int twodots_exact_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const twodots_level *l = p;
    search s;
    memset(&s, 0, sizeof s);
    s.l = l;
    s.rows = l->rows;
    s.cols = l->cols;
    s.ncells = l->rows * l->cols;
    s.ngoals = l->ngoals;
    s.lim = req->limits;
    int budget = twodots_move_budget(l);
    if (budget > s.ncells) budget = s.ncells; /* every move removes >= 2 dots */
    s.maxdepth = budget;
    pl_tt_init(&s.tt, s.lim->memory_limit / 2);
    hset_init(&s.triples, 1024);
    hset_init(&s.sets, 256);
    hset_init(&s.cycles, 64);
    s.buf = pl_xcalloc((size_t)budget + 2, sizeof *s.buf);
    s.moves = pl_xcalloc((size_t)budget + 2, sizeof *s.moves);
    s.deque = pl_xmalloc(3 * TWODOTS_EXACT_MAX_CELLS * sizeof *s.deque);
    s.inside = pl_xmalloc((size_t)s.ncells + 1);
    int need[TWODOTS_MAX_COLOURS];
    for (int g = 0; g < l->ngoals; g++) need[g] = l->goal_count[g];
    out->status = PL_UNSOLVABLE;
    int found = -1;
    for (int k = 0; k <= budget && found < 0; k++) {
        if (dfs(&s, l->cell, need, 0, k)) found = k;
        else if (s.stop) break;
    }
    if (found >= 0) {
        out->status = PL_SOLVED;
        for (int d = 0; d < found; d++) pl_strvec_push(&out->moves, s.moves[d]);
        pl_solution_set_value(out, "moves_used", found);
        snprintf(out->note, sizeof out->note, "minimum moves %d; %llu move sets enumerated", found,
                 (unsigned long long)s.sets_enumerated);
    } else if (s.stop) {
        out->status = PL_UNKNOWN;
    } else if (l->moves >= 0) {
        snprintf(out->note, sizeof out->note, "no sequence of at most %d moves meets the goals", l->moves);
    } else {
        snprintf(out->note, sizeof out->note, "no sequence of moves meets the goals");
    }
    out->nodes = s.lim->nodes;
    out->limit_hit = s.lim->hit;
    out->peak_memory = s.tt.peak_bytes + (size_t)s.capent * sizeof(entry) +
                       (s.triples.cap + s.sets.cap + s.cycles.cap) * 20;
    for (int d = 0; d < budget + 2; d++) {
        free(s.buf[d].ch);
        free(s.buf[d].path);
        free(s.moves[d]);
    }
    free(s.buf);
    free(s.moves);
    free(s.deque);
    free(s.inside);
    free(s.ent);
    hset_free(&s.triples);
    hset_free(&s.sets);
    hset_free(&s.cycles);
    pl_tt_free(&s.tt);
    return 0;
}
