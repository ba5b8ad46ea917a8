/* Two Dots, the general (NP-complete: Theorems 1, 2 and 4 of the paper) case:
 * exact search, on boards of any size.
 *
 * Moves are searched by their effect, not their path: a regular move removes
 * a set S of dots of one colour that a simple path covers, i.e. a connected
 * set whose grid graph has a Hamiltonian path; many paths share one S. The
 * sets of one same-coloured component are enumerated as (S, end a, end b)
 * triples grown from single dots by adding a neighbour at either end,
 * deduplicated, and each distinct S keeps one path as its certificate. S is a
 * bitset over the component's own cells (one 64-bit word for components of up
 * to 64 dots, whatever the board's size; more words for bigger ones). A
 * cyclic move removes every dot of its colour, so (bombs off) one cyclic move
 * per colour with a cycle (a component with at least as many edges as dots)
 * suffices; with bombs on the enclosed dots matter, so every simple cycle is
 * enumerated and deduplicated by the set of dots it encloses.
 *
 * Search: iterative deepening on the number of moves (so the certificate is
 * a shortest one) with a transposition table keyed by (board, goals still
 * missing) that stores the largest move budget that failed there. Bounds and
 * dominance (all sound; with bombs off a move collects dots of its own colour
 * only; with bombs on a cycle's bombs collect any colour, so only the first
 * bound and the bombs form of the last-move rule hold):
 *  - a goal needing more dots than its colour has left fails;
 *  - more missing goals than moves left fails;
 *  - as many missing goals as moves left: every move must meet one goal on
 *    its own, so only moves of those colours are tried, and a regular move of
 *    colour c only when its set holds at least the dots c still misses;
 *  - "a bigger set is never worse for the goals" holds for the count
 *    collected but not for the board after the move (removing more can spoil
 *    a later alignment), so it is used where no move follows: on the last
 *    move of colour c a cycle of c (it collects every c) or, when every
 *    component of c is a tree, the longest path of a tree (its diameter,
 *    found in linear time) is the only candidate. With bombs on a regular
 *    move still collects its own colour only, so on the last move only
 *    cycles are tried when two goals are missing, and the cycles plus that
 *    longest path when one is.
 * Refill (the paper's footnote 3, a level with dots queued): a position is
 * the board and how many dots each column's queue has given (drawn[c]), both
 * in the table's key; a move's effect still depends only on the set it
 * removes, so the sets above serve unchanged. The bounds count the dots
 * still queued with those on the board; every move still collects one colour
 * (bombs off), so the goal-count rules and the last-move dominance hold (no
 * move follows the last, whatever enters). Two things assume that nothing
 * enters and are off with refill: the inert dots (inert.c: a refilled dot
 * can free one) and the last two moves by classes (the second move's board
 * depends on how many dots each column lost, not only on which dots under
 * the other colour).
 * Exponential in the worst case (the number of path sets of a component can
 * be exponential in its size); time, node and memory limits are checked
 * inside the set enumeration, the cycle enumeration and at every node; the
 * transposition table takes half of the memory limit, the enumeration arenas
 * the other half. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

bool twodots_exact_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const twodots_level *l = p;
    char queued[64] = "";
    if (l->nrefill) snprintf(queued, sizeof queued, ", refill (%d dots queued)", l->nrefill);
    snprintf(why, n, "%dx%d board, %d goal%s, K = %d%s: exact search over move effects (exponential in the worst case)",
             l->rows, l->cols, l->ngoals, l->ngoals == 1 ? "" : "s", twodots_move_budget(l), queued);
    return true;
}

/* ---------- an index table: a hash set of item numbers, cleared in O(1) ----------
 * The items (path sets, triples, cycles) live in arenas; the table stores
 * their numbers and hashes, and asks the caller whether two items are equal. */
typedef struct search search;
typedef bool (*item_eq)(const search *s, int32_t a, int32_t b);

typedef struct itab {
    int32_t *item;
    uint64_t *hash;
    uint32_t *stamp;
    size_t cap, used;
    uint32_t gen;
} itab;

static void itab_init(itab *t, size_t cap) {
    t->cap = cap;
    t->used = 0;
    t->gen = 1;
    t->item = pl_xmalloc(cap * sizeof *t->item);
    t->hash = pl_xmalloc(cap * sizeof *t->hash);
    t->stamp = pl_xcalloc(cap, sizeof *t->stamp);
}

static void itab_free(itab *t) {
    free(t->item);
    free(t->hash);
    free(t->stamp);
}

static size_t itab_bytes(const itab *t) {
    return t->cap * (sizeof *t->item + sizeof *t->hash + sizeof *t->stamp);
}

static void itab_clear(itab *t) {
    t->used = 0;
    if (++t->gen == 0) {
        memset(t->stamp, 0, t->cap * sizeof *t->stamp);
        t->gen = 1;
    }
}

static void itab_place(itab *t, uint64_t h, int32_t item) {
    size_t i = (size_t)h & (t->cap - 1);
    while (t->stamp[i] == t->gen) i = (i + 1) & (t->cap - 1);
    t->stamp[i] = t->gen;
    t->item[i] = item;
    t->hash[i] = h;
    t->used++;
}

static void itab_grow(itab *t) {
    itab old = *t;
    itab_init(t, old.cap * 2);
    for (size_t i = 0; i < old.cap; i++)
        if (old.stamp[i] == old.gen) itab_place(t, old.hash[i], old.item[i]);
    itab_free(&old);
}

/* The item equal to `item` (same hash, eq says so), or -1 after inserting it. */
static int32_t itab_insert(itab *t, uint64_t h, int32_t item, item_eq eq, const search *s) {
    if (2 * (t->used + 1) > t->cap) itab_grow(t);
    size_t i = (size_t)h & (t->cap - 1);
    while (t->stamp[i] == t->gen) {
        if (t->hash[i] == h && eq(s, t->item[i], item)) return t->item[i];
        i = (i + 1) & (t->cap - 1);
    }
    t->stamp[i] = t->gen;
    t->item[i] = item;
    t->hash[i] = h;
    t->used++;
    return -1;
}

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t hash_words(const uint64_t *w, int n, uint64_t seed) {
    uint64_t h = seed * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; i++) h = mix64(h ^ w[i]) + (uint64_t)i;
    return h;
}

/* ---------- search state ---------- */
/* One (set, end, end) triple of the current component: the set is emask[e]
 * (kw words over the component's local indices), grown from `parent` by
 * adding local dot `added` next to `at`. */
typedef struct entry {
    int32_t parent, lo, hi, added, at;
} entry;

typedef struct child {
    int colour, score, size;
    bool cyclic;
    int off, len; /* path (board cells) in the depth's path buffer */
} child;

/* A node's per-colour arrays, kept off the stack (a search may go thousands
 * of moves deep), one block a depth. */
typedef struct depth_scratch {
    int count[TWODOTS_MAX_COLOURS + 1], have[TWODOTS_MAX_COLOURS + 1], minsize[TWODOTS_MAX_COLOURS + 1];
    int nneed[TWODOTS_MAX_COLOURS], collected[TWODOTS_MAX_COLOURS + 1];
    bool allowed[TWODOTS_MAX_COLOURS + 1];
} depth_scratch;

typedef struct depth_buf {
    child *ch;
    int nch, capch;
    int *path;
    int npath, cappath;
    uint8_t *next; /* the board after a child */
    int *next_drawn; /* refill: the queues after a child */
    depth_scratch *w;
    /* the node's frame while its children are searched (dfs) */
    const uint8_t *cells; /* its board: the parent's next, or the level's */
    const int *drawn;     /* refill: its queues (the parent's next_drawn, or the root's) */
    const int *need;      /* the goals it misses: the parent's nneed, or the root's */
    int left, disc, i;    /* i: the next child */
    pl_key128 key;
} depth_buf;

struct search {
    const twodots_level *l;
    int rows, cols, ncells, ngoals, words; /* words: a bitset over the board */
    bool refill;                           /* dots queued: positions carry drawn[] */
    int *drawn0;                           /* the root's drawn[]: none yet */
    pl_limits *lim;
    size_t arena_cap; /* bytes the enumeration arenas may use */
    size_t peak;
    pl_tt tt;
    /* the component being enumerated */
    int *comp, *local, kw;
    entry *ent;
    uint64_t *emask;
    int nent, capent;
    itab triples, sets;
    /* bombs on: enclosed sets of the cycles of one node (words each) */
    uint64_t *cmask;
    int *ccolour;
    int ncyc, capcyc;
    itab cycles;
    /* scratch, one board's worth each */
    uint8_t *seen, *onpath, *inside;
    uint8_t *cdir; /* gen_cycles_from: the next direction at each step of the path */
    int *chain, *deque, *tmp, *parent, *depth, *stack, *next, *dist, *visited;
    uint64_t *word_tmp;
    depth_buf *buf;
    int nbuf;
    char **moves;       /* certificate, per depth */
    size_t child_bytes; /* the children lists of every depth */
    uint64_t sets_enumerated;
    bool stop;
    /* the last two moves (penultimate): the component and its map, apart
     * from comp/local, which the last move's routines use */
    int *pcomp, *ploc;
    uint8_t *relevant, *after, *pseen;
    /* dots that may still go (inert.c): its scratch, and the position with
     * the inert dots' colours blanked, for the table's key */
    uint8_t *removable, *canon;
    int *rscratch;
    uint64_t pruned_inert;
    uint64_t classes;
    int sol_len;      /* moves of the solution dfs found */
    uint64_t lds_end; /* limited discrepancy passes give up past this node count (0: none) */
};

static size_t arena_bytes(const search *s) {
    return (size_t)s->capent * (sizeof(entry) + (size_t)s->kw * sizeof(uint64_t)) + itab_bytes(&s->triples) +
           itab_bytes(&s->sets) + itab_bytes(&s->cycles) +
           (size_t)s->capcyc * ((size_t)s->words * sizeof(uint64_t) + sizeof(int)) + s->child_bytes;
}

/* Before an arena grows (its new size already counted): false, and the memory
 * limit is hit, when the arenas would pass their cap. */
static bool memory_ok(search *s) {
    size_t b = arena_bytes(s);
    if (b > s->arena_cap) {
        if (!s->lim->hit) s->lim->hit = PL_LIMIT_MEMORY;
        return false;
    }
    if (b > s->peak) s->peak = b;
    return true;
}

/* Room for one more item in t: its doubling (old and new live while copying)
 * must fit under the cap. */
static bool table_room(search *s, const itab *t) {
    if (2 * (t->used + 1) <= t->cap) return true;
    size_t b = arena_bytes(s) + 2 * itab_bytes(t);
    if (b > s->arena_cap) {
        if (!s->lim->hit) s->lim->hit = PL_LIMIT_MEMORY;
        return false;
    }
    if (b > s->peak) s->peak = b;
    return true;
}

static pl_key128 key_of(const search *s, const uint8_t *cells, const int *drawn, const int *need) {
    uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
    for (int i = 0; i < s->ncells; i++) {
        a = (a ^ cells[i]) * 0x100000001B3ull;
        b = (b + cells[i] + 1) * 0x9E3779B97F4A7C15ull;
        b ^= b >> 29;
    }
    for (int c = 0; s->refill && c < s->cols; c++) {
        a = (a ^ (uint64_t)(drawn[c] + 11)) * 0x100000001B3ull;
        b = (b + (uint64_t)drawn[c] + 5) * 0xD6E8FEB86659FD93ull;
        b ^= b >> 30;
    }
    for (int g = 0; g < s->ngoals; g++) {
        a = (a ^ (uint64_t)(need[g] + 7)) * 0x100000001B3ull;
        b = (b + (uint64_t)need[g] + 3) * 0xBF58476D1CE4E5B9ull;
        b ^= b >> 31;
    }
    return (pl_key128){a, b};
}

static depth_buf *buf_at(search *s, int depth) {
    if (depth >= s->nbuf) {
        int n = 2 * depth + 4;
        s->buf = pl_xrealloc(s->buf, (size_t)n * sizeof *s->buf);
        s->moves = pl_xrealloc(s->moves, (size_t)n * sizeof *s->moves);
        memset(s->buf + s->nbuf, 0, (size_t)(n - s->nbuf) * sizeof *s->buf);
        memset(s->moves + s->nbuf, 0, (size_t)(n - s->nbuf) * sizeof *s->moves);
        s->nbuf = n;
    }
    depth_buf *b = &s->buf[depth];
    if (!b->next) b->next = pl_xmalloc((size_t)s->ncells + 1);
    if (!b->next_drawn) b->next_drawn = pl_xcalloc((size_t)s->cols + 1, sizeof *b->next_drawn);
    if (!b->w) b->w = pl_xmalloc(sizeof *b->w);
    return b;
}

/* Adds a child (its path copied); false when the lists would pass the cap. */
static bool push_child(search *s, depth_buf *b, int colour, bool cyclic, const int *path, int len, int size,
                       int score) {
    if (b->nch == b->capch) {
        size_t grow = ((size_t)b->capch + 16) * sizeof *b->ch;
        s->child_bytes += grow;
        if (!memory_ok(s)) return false;
        b->capch = 2 * b->capch + 16;
        b->ch = pl_xrealloc(b->ch, (size_t)b->capch * sizeof *b->ch);
    }
    if (b->npath + len > b->cappath) {
        int cap = 2 * (b->npath + len) + 64;
        s->child_bytes += (size_t)(cap - b->cappath) * sizeof *b->path;
        if (!memory_ok(s)) return false;
        b->cappath = cap;
        b->path = pl_xrealloc(b->path, (size_t)b->cappath * sizeof *b->path);
    }
    memcpy(b->path + b->npath, path, (size_t)len * sizeof *path);
    b->ch[b->nch++] = (child){colour, score, size, cyclic, b->npath, len};
    b->npath += len;
    return true;
}

static int goal_of(const search *s, int colour) {
    for (int g = 0; g < s->ngoals; g++)
        if (s->l->goal_colour[g] == colour) return g;
    return -1;
}

/* Move ordering: moves towards a missing goal first, the most useful first. */
static int score_of(const search *s, const int *need, int colour, int size) {
    int g = goal_of(s, colour);
    if (g < 0 || need[g] == 0) return 0;
    return 1000 + (size < need[g] ? size : need[g]);
}

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

static inline int neighbour(const search *s, int cell, int d) {
    int r = cell / s->cols + DR[d], c = cell % s->cols + DC[d];
    if (r < 0 || c < 0 || r >= s->rows || c >= s->cols) return -1;
    return r * s->cols + c;
}

/* The same-coloured component of dot i (unseen so far) into comp, marking
 * seen; its size, and its edges in *edges (each counted once). */
static int component_at(const search *s, const uint8_t *cells, int i, uint8_t *seen, int *comp, int *edges) {
    int k = 0, e = 0, colour = cells[i];
    comp[k++] = i;
    seen[i] = 1;
    for (int q = 0; q < k; q++)
        for (int d = 0; d < 4; d++) {
            int y = neighbour(s, comp[q], d);
            if (y < 0 || cells[y] != colour) continue;
            e++;
            if (!seen[y]) seen[y] = 1, comp[k++] = y;
        }
    *edges = e / 2;
    return k;
}

/* Removes the path's dots and lets only the columns it touched fall (the
 * others did not change). top > 0: only rows top.. are needed (next holds
 * cells): in each column the dots that land at rows >= top come from rows
 * >= top - (dots removed there), so only that stretch is compacted. */
static void remove_path(const search *s, uint8_t *next, const int *path, int len, int top) {
    for (int c = 0; c < len; c++) next[path[c]] = 0;
    for (int c = 0; c < len; c++) {
        int col = path[c] % s->cols;
        bool seen_before = false;
        for (int e = 0; e < c && !seen_before; e++) seen_before = path[e] % s->cols == col;
        if (seen_before) continue;
        int low = -1, k = 0;
        for (int e = 0; e < len; e++)
            if (path[e] % s->cols == col) {
                k++;
                if (path[e] / s->cols > low) low = path[e] / s->cols;
            }
        int w = low, stop = top > 0 ? top - k : 0;
        for (int r = low; r >= 0 && r >= stop; r--) {
            uint8_t v = next[r * s->cols + col];
            if (!v) continue;
            next[r * s->cols + col] = 0;
            next[w-- * s->cols + col] = v;
        }
    }
}

/* ---------- regular moves: the path sets of one component ---------- */
static inline uint64_t *emask_of(const search *s, int e) {
    return s->emask + (size_t)e * (size_t)s->kw;
}

static inline int popcount_words(const uint64_t *w, int n) {
    int c = 0;
    for (int i = 0; i < n; i++) c += __builtin_popcountll(w[i]);
    return c;
}

static bool same_mask(const search *s, int32_t a, int32_t b) {
    if (s->kw == 1) return s->emask[a] == s->emask[b];
    return memcmp(emask_of(s, a), emask_of(s, b), (size_t)s->kw * sizeof(uint64_t)) == 0;
}

static bool same_triple(const search *s, int32_t a, int32_t b) {
    return s->ent[a].lo == s->ent[b].lo && s->ent[a].hi == s->ent[b].hi && same_mask(s, a, b);
}

static inline uint64_t mask_hash(const search *s, const uint64_t *m) {
    return s->kw == 1 ? mix64(m[0] * 0x9E3779B97F4A7C15ull + 1) : hash_words(m, s->kw, 1);
}

/* Adds the triple (mask, lo, hi) unless known; false when over the memory cap. */
static bool add_entry(search *s, const uint64_t *mask, int lo, int hi, int parent, int added, int at) {
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    if (s->nent == s->capent) {
        int old = s->capent;
        s->capent = 2 * s->capent + 256;
        if (!memory_ok(s)) {
            s->capent = old;
            return false;
        }
        s->ent = pl_xrealloc(s->ent, (size_t)s->capent * sizeof *s->ent);
        s->emask = pl_xrealloc(s->emask, (size_t)s->capent * (size_t)s->kw * sizeof *s->emask);
    }
    if (!table_room(s, &s->triples)) return false;
    int e = s->nent;
    memcpy(emask_of(s, e), mask, (size_t)s->kw * sizeof *mask);
    s->ent[e] = (entry){parent, lo, hi, added, at};
    uint64_t h = mix64(mask_hash(s, mask) ^ ((uint64_t)lo << 32 | (uint64_t)(uint32_t)hi));
    if (itab_insert(&s->triples, h, e, same_triple, s) < 0) s->nent++;
    return true;
}

/* The path of entry e, as board cells, into out (returns its length). */
static int entry_path(search *s, int e, int *out) {
    int k = 0;
    while (s->ent[e].parent >= 0) {
        s->chain[k++] = e;
        e = s->ent[e].parent;
    }
    int *d = s->deque, front = k + 1, back = front;
    d[back++] = s->ent[e].lo;
    for (int i = k - 1; i >= 0; i--) {
        const entry *x = &s->ent[s->chain[i]];
        if (d[front] == x->at)
            d[--front] = x->added;
        else
            d[back++] = x->added;
    }
    for (int i = front; i < back; i++) out[i - front] = s->comp[d[i]];
    return back - front;
}

/* Every connected set with a Hamiltonian path, size >= 2, of the component
 * comp[0..k-1] (one colour) becomes a child when it holds at least minsize
 * dots. False when a limit was hit. */
static bool gen_sets(search *s, const uint8_t *cells, int k, depth_buf *b, const int *need, int minsize) {
    const int *comp = s->comp;
    int colour = cells[comp[0]];
    s->kw = (k + 63) / 64;
    for (int q = 0; q < k; q++) s->local[comp[q]] = q;
    /* the arenas hold kw words an entry; re-size them when kw changed */
    s->emask = pl_xrealloc(s->emask, ((size_t)s->capent + 1) * (size_t)s->kw * sizeof *s->emask);
    itab_clear(&s->triples);
    itab_clear(&s->sets);
    s->nent = 0;
    uint64_t *m = s->word_tmp;
    memset(m, 0, (size_t)s->kw * sizeof *m);
    for (int q = 0; q < k; q++) {
        m[q >> 6] = (uint64_t)1 << (q & 63);
        if (!add_entry(s, m, q, q, -1, q, q)) return false;
        m[q >> 6] = 0;
    }
    for (int e = 0; e < s->nent; e++) {
        if ((e & 1023) == 1023 && (!pl_limits_tick(s->lim) || !pl_limits_check_time(s->lim))) return false;
        memcpy(m, emask_of(s, e), (size_t)s->kw * sizeof *m);
        entry x = s->ent[e];
        int size = popcount_words(m, s->kw);
        if (size >= 2 && size >= minsize) {
            if (!table_room(s, &s->sets)) return false;
            if (itab_insert(&s->sets, mask_hash(s, m), e, same_mask, s) < 0) {
                int len = entry_path(s, e, s->tmp);
                if (!push_child(s, b, colour, false, s->tmp, len, size, score_of(s, need, colour, size))) return false;
                s->sets_enumerated++;
            }
        }
        for (int end = 0; end < (x.lo == x.hi ? 1 : 2); end++) {
            int at = end ? x.hi : x.lo, other = end ? x.lo : x.hi;
            for (int d = 0; d < 4; d++) {
                int y = neighbour(s, comp[at], d);
                if (y < 0 || cells[y] != colour) continue;
                int ly = s->local[y];
                uint64_t bit = (uint64_t)1 << (ly & 63);
                if (m[ly >> 6] & bit) continue;
                m[ly >> 6] |= bit;
                bool ok = add_entry(s, m, ly, other, e, ly, at);
                m[ly >> 6] &= ~bit;
                if (!ok) return false;
            }
        }
    }
    return true;
}

/* ---------- cyclic moves ---------- */
/* Bombs off: one cycle of the component of start (w ... u w), or 0. */
static int find_cycle(search *s, const uint8_t *cells, int start, int *path) {
    int *parent = s->parent, *depth = s->depth, *stack = s->stack, *next = s->next;
    int colour = cells[start], sp = 0, nvis = 0;
    stack[sp++] = start;
    s->visited[nvis++] = start;
    depth[start] = 0;
    parent[start] = -1;
    next[start] = 0;
    int found = 0;
    while (sp && !found) {
        int u = stack[sp - 1];
        if (next[u] == 4) {
            sp--;
            depth[u] = -2; /* finished */
            continue;
        }
        int y = neighbour(s, u, next[u]++);
        if (y < 0 || cells[y] != colour || y == parent[u]) continue;
        if (depth[y] >= 0) { /* an ancestor on the stack: the cycle y .. u y */
            int len = 0;
            for (int v = u; v != y; v = parent[v]) s->chain[len++] = v;
            s->chain[len++] = y;
            for (int i = 0; i < len; i++) path[i] = s->chain[len - 1 - i];
            path[len] = y;
            found = len + 1;
            break;
        }
        if (depth[y] == -2) continue;
        parent[y] = u;
        depth[y] = depth[u] + 1;
        next[y] = 0;
        stack[sp++] = y;
        s->visited[nvis++] = y;
    }
    /* the marks go back to "unvisited" for the next call */
    for (int q = 0; q < nvis; q++) depth[s->visited[q]] = -1;
    return found;
}

static bool same_cycle(const search *s, int32_t a, int32_t b) {
    return s->ccolour[a] == s->ccolour[b] &&
           memcmp(s->cmask + (size_t)a * (size_t)s->words, s->cmask + (size_t)b * (size_t)s->words,
                  (size_t)s->words * sizeof(uint64_t)) == 0;
}

/* One cycle found by gen_cycles_from (path[0..len-1], closing on path[0]):
 * kept as a child when its enclosed set is new. False on a limit. */
static bool record_cycle(search *s, const uint8_t *cells, int colour, int *path, int len, depth_buf *b,
                         const int *need, int count) {
    twodots_enclosed(s->rows, s->cols, path, len, s->inside);
    if (s->ncyc == s->capcyc) {
        int old = s->capcyc;
        s->capcyc = 2 * s->capcyc + 64;
        if (!memory_ok(s)) {
            s->capcyc = old;
            return false;
        }
        s->cmask = pl_xrealloc(s->cmask, (size_t)s->capcyc * (size_t)s->words * sizeof *s->cmask);
        s->ccolour = pl_xrealloc(s->ccolour, (size_t)s->capcyc * sizeof *s->ccolour);
    }
    if (!table_room(s, &s->cycles)) return false;
    uint64_t *enc = s->cmask + (size_t)s->ncyc * (size_t)s->words;
    memset(enc, 0, (size_t)s->words * sizeof *enc);
    int nenc = 0;
    for (int i = 0; i < s->ncells; i++)
        if (s->inside[i] && cells[i]) enc[i >> 6] |= (uint64_t)1 << (i & 63), nenc++;
    s->ccolour[s->ncyc] = colour;
    if (itab_insert(&s->cycles, hash_words(enc, s->words, (uint64_t)colour), s->ncyc, same_cycle, s) < 0) {
        s->ncyc++;
        path[len] = path[0];
        if (!push_child(s, b, colour, true, path, len + 1, count + nenc, score_of(s, need, colour, count) + nenc))
            return false;
    }
    return true;
}

/* Bombs on: every simple cycle through the component whose smallest cell is
 * start (path[0] == start, already marked on the path), deduplicated by the
 * dots it encloses (the effect depends on nothing else: the whole colour goes
 * either way). A depth-first walk over simple paths with an explicit stack:
 * s->cdir[i] is the next direction to try from path[i], so a path as long as
 * the board costs no call stack (a 250 x 250 board of one colour overflowed
 * it when this was recursive). On false (a limit), the path's marks are gone. */
static bool gen_cycles_from(search *s, const uint8_t *cells, int start, int *path, depth_buf *b, const int *need,
                            int count) {
    int colour = cells[start], len = 1;
    uint8_t *dir = s->cdir;
    dir[0] = 0;
    if (!pl_limits_tick(s->lim)) return false;
    while (len > 0) {
        int u = path[len - 1];
        if (dir[len - 1] == 4) {
            if (len > 1) s->onpath[u] = 0;
            len--;
            continue;
        }
        int y = neighbour(s, u, dir[len - 1]++);
        if (y < 0 || cells[y] != colour) continue;
        if (y == start && len >= 4) {
            if (!record_cycle(s, cells, colour, path, len, b, need, count)) goto stop;
            continue;
        }
        if (y < start || s->onpath[y]) continue;
        if (!pl_limits_tick(s->lim)) goto stop;
        path[len] = y;
        s->onpath[y] = 1;
        dir[len++] = 0;
    }
    return true;
stop:
    for (int i = 1; i < len; i++) s->onpath[path[i]] = 0;
    return false;
}

/* ---------- the last move (bombs off) ---------- */
/* BFS over the tree component of `from` (same colour); returns the farthest
 * cell and fills s->parent with the BFS tree. */
static int farthest(search *s, const uint8_t *cells, int from) {
    int *q = s->stack, *dist = s->dist, head = 0, tail = 0, last = from;
    q[tail++] = from;
    dist[from] = 0;
    s->parent[from] = -1;
    while (head < tail) {
        int u = q[head++];
        last = u;
        for (int d = 0; d < 4; d++) {
            int y = neighbour(s, u, d);
            if (y < 0 || cells[y] != cells[from] || dist[y] >= 0) continue;
            dist[y] = dist[u] + 1;
            s->parent[y] = u;
            q[tail++] = y;
        }
    }
    for (int i = 0; i < tail; i++) dist[q[i]] = -1;
    return last;
}

/* The one regular move worth trying when a single move is left and it must
 * meet the goal of `colour`: the longest path of the colour, which in a tree
 * component is a diameter (two BFS). A component with a cycle makes every
 * regular move of the colour pointless: a cyclic move takes every dot of it.
 * Bombs off (append false): b gets that cycle, or the longest path. Bombs on
 * (append true): b already holds every cycle of every colour, and the
 * longest path is added when the colour has no cycle. */
static bool last_move(search *s, const uint8_t *cells, int colour, const int *need, depth_buf *b, bool append) {
    if (!append) b->nch = b->npath = 0;
    memset(s->seen, 0, (size_t)s->ncells);
    int count = 0;
    for (int x = 0; x < s->ncells; x++) count += cells[x] == colour;
    int best = 1;
    for (int i = 0; i < s->ncells; i++) {
        if (cells[i] != colour || s->seen[i]) continue;
        int edges, k = component_at(s, cells, i, s->seen, s->comp, &edges);
        if (edges >= k) {
            if (append) return true;
            int len = find_cycle(s, cells, i, s->tmp);
            return push_child(s, b, colour, true, s->tmp, len, count, score_of(s, need, colour, count));
        }
        if (k <= best) continue;
        int a = farthest(s, cells, i), z = farthest(s, cells, a), n = 0;
        for (int v = z; v >= 0; v = s->parent[v]) s->tmp[n++] = v;
        if (n > best) {
            best = n;
            memcpy(s->deque, s->tmp, (size_t)n * sizeof *s->tmp);
        }
    }
    return best < 2 || push_child(s, b, colour, false, s->deque, best, best, score_of(s, need, colour, best));
}

static int cmp_child(const void *a, const void *b) {
    const child *x = a, *y = b;
    if (x->score != y->score) return y->score - x->score;
    return y->size - x->size;
}

/* Marks cyc[c] for the colours with a cycle on board (some component with
 * as many edges as dots). */
static void colours_with_cycles(search *s, const uint8_t *cells, bool *cyc) {
    memset(cyc, 0, (TWODOTS_MAX_COLOURS + 1) * sizeof *cyc);
    memset(s->seen, 0, (size_t)s->ncells);
    for (int i = 0; i < s->ncells; i++) {
        int colour = cells[i];
        if (!colour || colour == TWODOTS_BOMB || s->seen[i] || cyc[colour]) continue;
        int edges, k = component_at(s, cells, i, s->seen, s->comp, &edges);
        if (edges >= k) cyc[colour] = true;
    }
}

/* Move ordering beyond the goals: a cyclic move first, then a move after
 * which another colour (without a cycle so far) has a 2x2 square near the
 * cells it emptied (the way gadgets open), then the rest, and last a regular
 * move of a colour without a goal that has enough dots for a cycle of its
 * own (it only spoils that colour). Heuristics only: every child is still
 * tried; the square is looked for in the rows around the move, so a node
 * costs O(children x columns) here. */
static void order_children(search *s, const uint8_t *cells, const int *need, depth_buf *b) {
    if (b->nch < 2) return;
    bool before[TWODOTS_MAX_COLOURS + 1];
    int count[TWODOTS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < s->ncells; i++) count[cells[i]]++;
    colours_with_cycles(s, cells, before);
    uint8_t *next = s->after;
    const int cols = s->cols;
    for (int i = 0; i < b->nch; i++) {
        child *x = &b->ch[i];
        if (x->cyclic) {
            x->score += 400;
            continue;
        }
        int g = goal_of(s, x->colour);
        if ((g < 0 || need[g] == 0) && count[x->colour] >= 4) x->score -= 100;
        const int *path = b->path + x->off;
        int rlo = s->rows, rhi = 0;
        for (int c = 0; c < x->len; c++) {
            int r = path[c] / cols;
            if (r < rlo) rlo = r;
            if (r > rhi) rhi = r;
        }
        rlo = rlo > 2 ? rlo - 2 : 0;
        rhi = rhi + 1 < s->rows - 1 ? rhi + 1 : s->rows - 1;
        /* the window's cells, moved: remove the path, let its columns fall */
        memcpy(next, cells, (size_t)s->ncells);
        remove_path(s, next, path, x->len, rlo);
        bool opens = false;
        for (int r = rlo; r < rhi && !opens; r++)
            for (int c = 0; c + 1 < cols && !opens; c++) {
                const uint8_t *w = next + r * cols + c;
                int k = w[0];
                opens = k && k != x->colour && !before[k] && w[1] == k && w[cols] == k && w[cols + 1] == k;
            }
        if (opens) x->score += 200;
    }
}

/* The children of a node into b. allowed[c]: moves of colour c are tried;
 * minsize[c]: regular moves of colour c need at least that many dots;
 * regular false: cyclic moves only. */
static bool generate(search *s, const uint8_t *cells, const int *need, const bool *allowed, const int *minsize,
                     bool regular, depth_buf *b) {
    b->nch = b->npath = 0;
    itab_clear(&s->cycles);
    s->ncyc = 0;
    memset(s->seen, 0, (size_t)s->ncells);
    int count[TWODOTS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < s->ncells; i++) count[cells[i]]++;
    bool cycle_done[TWODOTS_MAX_COLOURS + 1] = {false};
    for (int i = 0; i < s->ncells; i++) {
        int colour = cells[i];
        if (!colour || s->seen[i] || !allowed[colour]) continue;
        int edges, k = component_at(s, cells, i, s->seen, s->comp, &edges);
        if (k < 2) continue;
        if (regular && k >= minsize[colour] && !gen_sets(s, cells, k, b, need, minsize[colour])) return false;
        if (edges < k) continue;
        if (!s->l->bombs) {
            if (cycle_done[colour]) continue;
            cycle_done[colour] = true;
            int len = find_cycle(s, cells, i, s->tmp);
            if (!push_child(s, b, colour, true, s->tmp, len, count[colour],
                            score_of(s, need, colour, count[colour]) + 1))
                return false;
        } else {
            for (int q = 0; q < k; q++) {
                int *path = s->tmp;
                path[0] = s->comp[q];
                s->onpath[path[0]] = 1;
                bool ok = gen_cycles_from(s, cells, path[0], path, b, need, count[colour]);
                s->onpath[path[0]] = 0;
                if (!ok) return false;
            }
        }
    }
    if (regular && s->l->moves < 0) order_children(s, cells, need, b); /* the depth-first passes */
    if (b->nch > 1) qsort(b->ch, (size_t)b->nch, sizeof *b->ch, cmp_child);
    return true;
}

/* ---------- the last two moves, two goals missing (bombs off) ----------
 * The first move must meet one goal by itself (colour a), the second the
 * other (colour b). The second depends only on where the b dots stand, that
 * is on which a dots under some b dot the first move takes: the first moves
 * are enumerated by that set (paths.c), one path of enough dots each, and
 * the best last move of b (last_move) is tried after each. */
typedef struct penult {
    search *s;
    const uint8_t *cells;
    const int *need;
    int depth, a, b, ga, gb;
    int found; /* 1: the moves are recorded */
} penult;

/* Plays the first move (path, or the cycle when cyclic) and tries the last. */
static int penult_try(penult *pe, const int *path, int len, bool cyclic) {
    search *s = pe->s;
    if (!pl_limits_tick(s->lim)) return -1;
    s->classes++;
    uint8_t *next = s->after;
    memcpy(next, pe->cells, (size_t)s->ncells);
    if (cyclic) {
        twodots_apply_path(s->l, next, NULL, path, len, NULL); /* no refill here (penultimate) */
    } else {
        for (int i = 0; i < len; i++) next[path[i]] = 0;
        twodots_fall(s->rows, s->cols, next);
    }
    /* the text now: last_move reuses the scratch arrays (path may be one) */
    size_t cap = (size_t)len * 24 + 8;
    char *t1 = pl_xmalloc(cap);
    twodots_path_text(s->l, path, len, t1, cap);
    depth_buf *b = buf_at(s, pe->depth + 1);
    if (!last_move(s, next, pe->b, pe->need, b, false)) {
        free(t1);
        return -1;
    }
    if (b->nch == 0 || b->ch[0].size < pe->need[pe->gb]) {
        free(t1);
        return 0;
    }
    free(s->moves[pe->depth]);
    s->moves[pe->depth] = t1;
    cap = (size_t)b->ch[0].len * 24 + 8;
    char *t2 = pl_xmalloc(cap);
    twodots_path_text(s->l, b->path + b->ch[0].off, b->ch[0].len, t2, cap);
    free(s->moves[pe->depth + 1]);
    s->moves[pe->depth + 1] = t2;
    pe->found = 1;
    return 1;
}

static int penult_visit(void *ctx, const int *path, int len) {
    return penult_try(ctx, path, len, false);
}

/* 1: solved (moves at depth, depth + 1); 0: no two moves meet the goals;
 * -1: a limit. */
static int penultimate(search *s, const uint8_t *cells, const int *need, int depth) {
    const twodots_level *l = s->l;
    int g[2], ng = 0;
    for (int i = 0; i < s->ngoals && ng < 2; i++)
        if (need[i] > 0) g[ng++] = i;
    buf_at(s, depth + 1);
    for (int order = 0; order < 2; order++) {
        penult pe = {s, cells, need, depth, 0, 0, g[order], g[1 - order], 0};
        pe.a = l->goal_colour[pe.ga];
        pe.b = l->goal_colour[pe.gb];
        /* the a dots under a b dot */
        memset(s->relevant, 0, (size_t)s->ncells);
        for (int c = 0; c < s->cols; c++) {
            bool b_above = false;
            for (int r = 0; r < s->rows; r++) {
                int x = r * s->cols + c;
                if (cells[x] == pe.b) b_above = true;
                else if (cells[x] == pe.a && b_above) s->relevant[x] = 1;
            }
        }
        memset(s->pseen, 0, (size_t)s->ncells);
        bool cycle_tried = false;
        for (int i = 0; i < s->ncells; i++) {
            if (cells[i] != pe.a || s->pseen[i]) continue;
            int edges, k = component_at(s, cells, i, s->pseen, s->pcomp, &edges);
            if (k < 2) continue;
            int r = 0;
            if (edges >= k && !cycle_tried) { /* a cycle takes every a dot */
                cycle_tried = true;
                int count = 0;
                for (int x = 0; x < s->ncells; x++) count += cells[x] == pe.a;
                if (count >= need[pe.ga]) {
                    int len = find_cycle(s, cells, i, s->tmp);
                    r = penult_try(&pe, s->tmp, len, true);
                }
            }
            if (r == 0 && k >= need[pe.ga])
                r = twodots_path_classes(s->rows, s->cols, s->pcomp, k, s->ploc, s->relevant, need[pe.ga], s->lim,
                                         penult_visit, &pe);
            if (r != 0) return r;
        }
    }
    return 0;
}

/* What opening a node gives: an answer (no move left to try, a bound, the
 * table, the last two moves), or its children to search. */
enum { NODE_FAILED, NODE_SOLVED, NODE_OPEN };

/* Opens the node at depth: the board cells with the goals still missing need
 * and left moves. NODE_OPEN: its children are in s->buf[depth], with the
 * node's frame (what dfs needs to search them and to learn from their
 * failure); else the node's answer (s->stop set on a limit). */
static int open_node(search *s, const uint8_t *cells, const int *drawn, const int *need, int depth, int left,
                     int disc) {
    const twodots_level *l = s->l;
    int unmet = 0, lastg = -1;
    depth_scratch *w = buf_at(s, depth)->w;
    int *count = w->count;
    memset(count, 0, sizeof w->count);
    for (int i = 0; i < s->ncells; i++) count[cells[i]]++;
    for (int c = 0; s->refill && c < s->cols; c++) /* the dots still queued may be collected too */
        for (int k = l->refill_start[c] + drawn[c]; k < l->refill_start[c + 1]; k++) count[l->refill_dot[k]]++;
    for (int g = 0; g < s->ngoals; g++)
        if (need[g] > 0) {
            unmet++;
            lastg = g;
            if (need[g] > count[l->goal_colour[g]]) return NODE_FAILED;
        }
    if (!unmet) {
        s->sol_len = depth;
        return NODE_SOLVED;
    }
    if (left == 0) return NODE_FAILED;
    if (!l->bombs && unmet > left) return NODE_FAILED;
    /* a node costs O(cells): on big boards read the clock at every node */
    if (!pl_limits_tick(s->lim) || (s->ncells >= 1024 && !pl_limits_check_time(s->lim))) {
        s->stop = true;
        return NODE_FAILED;
    }
    if (disc >= 0 && s->lds_end && s->lim->nodes > s->lds_end) return NODE_FAILED;
    const uint8_t *keycells = cells;
    if (!l->bombs && l->moves < 0 && left > 2 && !s->refill) {
        /* No move limit (where plays run long): what may still go. A goal
         * short of removable dots fails, no play has more than half of them as
         * moves, and the inert dots' colours do not matter (the key blanks
         * them). With a limit, iterative deepening is cheaper without it. */
        int nrem = twodots_removable(s->rows, s->cols, cells, s->removable, s->rscratch);
        int *have = w->have;
        memset(have, 0, sizeof w->have);
        for (int i = 0; i < s->ncells; i++) {
            have[cells[i]] += s->removable[i];
            s->canon[i] = cells[i] && !s->removable[i] ? TWODOTS_BOMB : cells[i];
        }
        for (int g = 0; g < s->ngoals; g++)
            if (need[g] > have[l->goal_colour[g]]) {
                s->pruned_inert++;
                return NODE_FAILED;
            }
        if (left > nrem / 2) left = nrem / 2;
        if (unmet > left) return NODE_FAILED;
        keycells = s->canon;
    }
    pl_key128 key = key_of(s, keycells, drawn, need);
    int32_t seen;
    if (pl_tt_get(&s->tt, key, &seen) && seen >= left) return NODE_FAILED;
    if (!l->bombs && left == 2 && unmet == 2 && !s->refill) {
        int r = penultimate(s, cells, need, depth);
        if (r < 0) {
            s->stop = true;
            return NODE_FAILED;
        }
        if (r > 0) {
            s->sol_len = depth + 2;
            return NODE_SOLVED;
        }
        if (!pl_tt_get(&s->tt, key, &seen) || seen < left) pl_tt_put(&s->tt, key, left);
        return NODE_FAILED;
    }
    depth_buf *b = buf_at(s, depth);
    bool *allowed = w->allowed;
    int *minsize = w->minsize;
    for (int c = 0; c <= TWODOTS_MAX_COLOURS; c++) allowed[c] = true, minsize[c] = 2;
    if (!l->bombs && unmet == left) {
        /* every move left must meet one missing goal by itself */
        for (int c = 0; c <= TWODOTS_MAX_COLOURS; c++) allowed[c] = false;
        for (int g = 0; g < s->ngoals; g++)
            if (need[g] > 0) {
                allowed[l->goal_colour[g]] = true;
                if (need[g] > minsize[l->goal_colour[g]]) minsize[l->goal_colour[g]] = need[g];
            }
    }
    /* The last move: bombs off, one missing goal (unmet <= left) and only its
     * best move. Bombs on, a regular move collects its own colour only: with
     * two goals missing only cycles can win, with one the cycles and the
     * longest path of its colour. */
    bool ok;
    if (left == 1 && !l->bombs)
        ok = last_move(s, cells, l->goal_colour[lastg], need, b, false);
    else if (left == 1)
        ok = generate(s, cells, need, allowed, minsize, false, b) &&
             (unmet > 1 || last_move(s, cells, l->goal_colour[lastg], need, b, true));
    else
        ok = generate(s, cells, need, allowed, minsize, true, b);
    if (!ok) {
        s->stop = true;
        return NODE_FAILED;
    }
    b = &s->buf[depth];
    b->cells = cells;
    b->drawn = drawn;
    b->need = need;
    b->left = left;
    b->disc = disc;
    b->i = 0;
    b->key = key;
    return NODE_OPEN;
}

/* disc < 0: a complete search; else limited discrepancy search (Harvey and
 * Ginsberg): the i-th child in the ordering costs i of the disc left, and a
 * failure proves nothing, so the table learns nothing from it.
 * Depth first without recursion (a play without a move limit may be as many
 * moves long as half the dots): each open node's frame is in its depth's
 * buffer, whose i is the next child to search. The nodes, the table's
 * entries and the certificate are those of the recursive search. */
static bool dfs(search *s, const uint8_t *cells, const int *need, int left, int disc) {
    const twodots_level *l = s->l;
    int r = open_node(s, cells, s->drawn0, need, 0, left, disc);
    if (r != NODE_OPEN) return r == NODE_SOLVED;
    int depth = 0;
    for (;;) {
        depth_buf *b = &s->buf[depth]; /* deeper depths may have moved the buffers */
        int i = b->i;
        if (i < b->nch && !s->stop && !(b->disc >= 0 && i > b->disc)) {
            b->i++;
            depth_scratch *w = b->w;
            const child *x = &b->ch[i];
            const int *path = b->path + x->off;
            uint8_t *next = b->next;
            int *nneed = w->nneed;
            int *collected = w->collected;
            memset(collected, 0, sizeof w->collected);
            memcpy(next, b->cells, (size_t)s->ncells);
            int *ndrawn = b->next_drawn;
            if (s->refill) memcpy(ndrawn, b->drawn, (size_t)s->cols * sizeof *ndrawn);
            if (!x->cyclic) {
                remove_path(s, next, path, x->len, 0);
                for (int c = 0; s->refill && c < x->len; c++) twodots_refill_column(l, next, ndrawn, path[c] % s->cols);
                collected[x->colour] = x->len;
            } else {
                twodots_apply_path(l, next, ndrawn, path, x->len, collected);
            }
            for (int g = 0; g < s->ngoals; g++) {
                int v = b->need[g] - collected[l->goal_colour[g]];
                nneed[g] = v > 0 ? v : 0;
            }
            r = open_node(s, next, ndrawn, nneed, depth + 1, b->left - 1, b->disc < 0 ? -1 : b->disc - i);
            if (r == NODE_OPEN) {
                depth++;
            } else if (r == NODE_SOLVED) {
                /* every open node's move: the child it is searching */
                for (int d = depth; d >= 0; d--) {
                    b = &s->buf[d];
                    x = &b->ch[b->i - 1];
                    size_t cap = (size_t)x->len * 24 + 8;
                    char *text = pl_xmalloc(cap);
                    twodots_path_text(l, b->path + x->off, x->len, text, cap);
                    free(s->moves[d]);
                    s->moves[d] = text;
                }
                return true;
            }
            continue;
        }
        int32_t seen;
        if (b->disc < 0 && !s->stop && (!pl_tt_get(&s->tt, b->key, &seen) || seen < b->left))
            pl_tt_put(&s->tt, b->key, b->left);
        if (depth == 0) return false;
        depth--;
    }
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
    s.words = (s.ncells + 63) / 64;
    s.ngoals = l->ngoals;
    s.lim = req->limits;
    s.arena_cap = s.lim->memory_limit / 2;
    s.refill = l->nrefill > 0;
    s.drawn0 = pl_xcalloc((size_t)s.cols + 1, sizeof *s.drawn0);
    int budget = twodots_move_budget(l);
    if (budget > (l->ndots + l->nrefill) / 2) budget = (l->ndots + l->nrefill) / 2; /* every move removes >= 2 dots */
    pl_tt_init(&s.tt, s.lim->memory_limit / 2);
    itab_init(&s.triples, 1024);
    itab_init(&s.sets, 256);
    itab_init(&s.cycles, 64);
    size_t n = (size_t)s.ncells + 1;
    s.comp = pl_xmalloc(n * sizeof(int));
    s.local = pl_xmalloc(n * sizeof(int));
    s.chain = pl_xmalloc(n * sizeof(int));
    s.deque = pl_xmalloc((2 * n + 2) * sizeof(int));
    s.tmp = pl_xmalloc((n + 2) * sizeof(int));
    s.parent = pl_xmalloc(n * sizeof(int));
    s.depth = pl_xmalloc(n * sizeof(int));
    s.stack = pl_xmalloc(n * sizeof(int));
    s.next = pl_xmalloc(n * sizeof(int));
    s.dist = pl_xmalloc(n * sizeof(int));
    s.visited = pl_xmalloc(n * sizeof(int));
    for (size_t i = 0; i < n; i++) s.depth[i] = s.dist[i] = -1;
    s.word_tmp = pl_xcalloc((size_t)s.words + 1, sizeof(uint64_t));
    s.seen = pl_xcalloc(n, 1);
    s.onpath = pl_xcalloc(n, 1);
    s.cdir = pl_xmalloc(n);
    s.inside = pl_xmalloc(n);
    s.pcomp = pl_xmalloc(n * sizeof(int));
    s.ploc = pl_xmalloc(n * sizeof(int));
    for (size_t i = 0; i < n; i++) s.ploc[i] = -1;
    s.relevant = pl_xmalloc(n);
    s.after = pl_xmalloc(n);
    s.pseen = pl_xmalloc(n);
    s.removable = pl_xmalloc(n);
    s.canon = pl_xmalloc(n);
    s.rscratch = pl_xmalloc(((size_t)s.cols + 1 + 2 * n) * sizeof(int));
    s.kw = 1;
    int need[TWODOTS_MAX_COLOURS];
    for (int g = 0; g < l->ngoals; g++) need[g] = l->goal_count[g];
    out->status = PL_UNSOLVABLE;
    int found = -1;
    bool shortest = true;
    char **first = NULL;
    if (l->moves >= 0) {
        /* A move limit: iterative deepening, so the certificate is a shortest one. */
        for (int k = 0; k <= budget && found < 0 && !s.stop; k++)
            if (dfs(&s, l->cell, need, k, -1)) {
                found = k;
                first = pl_xmalloc(((size_t)found + 1) * sizeof *first);
                for (int d = 0; d < found; d++) first[d] = pl_xstrdup(s.moves[d]);
            }
    } else {
        /* No limit: first decide. Limited discrepancy passes (0, 1, 2, 4, ...
         * 16; at most 50,000 nodes in all) find a certificate the ordering
         * nearly finds, where a complete search could first exhaust a wrong
         * early choice; then one depth-first search with the whole budget,
         * whose table keeps every position that failed with the moves it
         * had. Then, for a shortest certificate, iterative deepening below the
         * length found, pruned by those failures (a position that failed with
         * more moves left fails with fewer). --any-length keeps the first. */
        bool decided = false;
        s.lds_end = s.lim->nodes + 50000;
        for (int d = 0; d <= 16 && !decided && !s.stop; d = d ? 2 * d : 1) decided = dfs(&s, l->cell, need, budget, d);
        s.lds_end = 0;
        if (decided || (!s.stop && dfs(&s, l->cell, need, budget, -1))) {
            found = s.sol_len;
            first = pl_xmalloc(((size_t)found + 1) * sizeof *first);
            for (int d = 0; d < found; d++) first[d] = pl_xstrdup(s.moves[d]);
            bool any = req->opts && pl_opts_has(req->opts, "any-length");
            shortest = !any;
            for (int k = 0; !any && k < found; k++) {
                if (dfs(&s, l->cell, need, k, -1)) {
                    for (int d = 0; d < found; d++) free(first[d]);
                    found = k;
                    for (int d = 0; d < found; d++) first[d] = pl_xstrdup(s.moves[d]);
                    break;
                }
                if (s.stop) { /* a limit: keep the first certificate */
                    shortest = false;
                    s.stop = false;
                    break;
                }
            }
        }
    }
    if (found >= 0) {
        out->status = PL_SOLVED;
        for (int d = 0; d < found; d++) pl_strvec_push(&out->moves, first[d]);
        pl_solution_set_value(out, "moves_used", found);
        int w = snprintf(out->note, sizeof out->note, "%s %d; %llu move sets enumerated",
                         shortest ? "minimum moves" : "moves (shortest not sought or not proven)", found,
                         (unsigned long long)s.sets_enumerated);
        if (s.classes && w > 0 && (size_t)w < sizeof out->note)
            snprintf(out->note + w, sizeof out->note - (size_t)w, "; %llu first moves by their class",
                     (unsigned long long)s.classes);
        for (int d = 0; d < found; d++) free(first[d]);
    } else if (s.stop) {
        out->status = PL_UNKNOWN;
    } else if (l->moves >= 0) {
        snprintf(out->note, sizeof out->note, "no sequence of at most %d moves meets the goals", l->moves);
    } else {
        snprintf(out->note, sizeof out->note, "no sequence of moves meets the goals");
    }
    free(first);
    out->nodes = s.lim->nodes;
    out->limit_hit = s.lim->hit;
    out->peak_memory = s.tt.peak_bytes + s.peak;
    for (int d = 0; d < s.nbuf; d++) {
        free(s.buf[d].ch);
        free(s.buf[d].path);
        free(s.buf[d].next);
        free(s.buf[d].next_drawn);
        free(s.buf[d].w);
        free(s.moves[d]);
    }
    free(s.buf);
    free(s.moves);
    free(s.drawn0);
    free(s.comp);
    free(s.local);
    free(s.chain);
    free(s.deque);
    free(s.tmp);
    free(s.parent);
    free(s.depth);
    free(s.stack);
    free(s.next);
    free(s.dist);
    free(s.visited);
    free(s.word_tmp);
    free(s.seen);
    free(s.onpath);
    free(s.cdir);
    free(s.inside);
    free(s.pcomp);
    free(s.ploc);
    free(s.relevant);
    free(s.after);
    free(s.pseen);
    free(s.removable);
    free(s.canon);
    free(s.rscratch);
    free(s.ent);
    free(s.emask);
    free(s.cmask);
    free(s.ccolour);
    itab_free(&s.triples);
    itab_free(&s.sets);
    itab_free(&s.cycles);
    pl_tt_free(&s.tt);
    return 0;
}
