/* Clickomania exact solver for the objectives clear, max and score.
 *
 * The general problem is NP-complete (the paper's Theorem 14: two columns and
 * five colours; its Section 4: five columns and three colours; the paper
 * leaves two colours open), so this is a depth-first branch and bound over
 * boards:
 *  - Transposition table keyed by two independent Zobrist hashes (128 bits),
 *    per column so a click rehashes only the columns it touched. An entry says
 *    "this board was fully explored having gained g"; reaching it again with a
 *    gain <= g is pruned (for clear and max the gain is path-independent, so
 *    any hit prunes).
 *  - Sleep sets (Godefroid's partial-order reduction) for clicks that commute:
 *    two groups commute when their column spans are two or more columns apart
 *    and neither empties a column; then either order gives the same board and
 *    the same score. After exploring click x at a node, its later siblings y
 *    that commute with x do not click x again; the set is inherited while the
 *    clicks keep commuting.
 *  - Admissible bounds: for clear, a colour with exactly one block left is
 *    dead; for max, the blocks of colours with one block left can never go;
 *    for score, sum over colours of (count-2)^2 (a colour's blocks score at
 *    most when they all go in one group; (a-2)^2+(b-2)^2 <= (a+b-2)^2 for
 *    a,b >= 2), plus the clearing bonus when no colour is down to one block.
 *
 * Soundness of combining the three: after the search of a node N reached with
 * gain g returns (not cut by a limit), best >= g + V(N), where V(N) is the
 * best future gain from N. Children searched satisfy it by induction; a child
 * cut by a bound cannot beat best; a click z in N's sleep set commutes with
 * every click from the ancestor A where z was searched down to N, so any
 * continuation z.s from N is the same sequence as A.z.(path).s, which the
 * earlier search of A.z covered. Hence a table entry "explored with gain g"
 * may prune any later visit with gain <= g, whatever its sleep set.
 *
 * Complexity: exponential in the worst case; each node costs O(blocks) for
 * group finding plus O(touched columns * rows) for the click and rehash.
 * Memory: the table (capped by --memory-limit, then replacing) plus one board,
 * one labelling and one group list per depth. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

#define MAX_DEPTH 20000

typedef struct level_slot {
    click_board board;
    click_scratch scratch;
    pl_key128 *colhash; /* per column */
    click_group *sleep; /* sleep set */
    int nsleep, sleepcap;
    int counts[CLICK_MAX_COLOURS + 1];
    int *order; /* group indices in search order */
    uint8_t *asleep;
    int ordercap;
    /* the node's frame while its children are searched (dfs) */
    int n, next; /* children in order[], the next one to search */
    size_t counted; /* the bytes of groups, order, asleep, sleep counted in slot_bytes */
    pl_key128 key;
    long long g, removed, score;
} level_slot;

typedef struct search {
    click_objective obj;
    int rows, cols, ncolours, total;
    pl_limits *lim;
    pl_tt tt;
    uint64_t *z1, *z2; /* Zobrist keys per (column, height, colour); NULL: computed (zkey) */
    level_slot *slot;
    int nslots;
    size_t slot_bytes;
    /* current path and best */
    int *path_col, *path_h;
    int *best_col, *best_h;
    int best_len;
    long long best; /* clear: -1 until cleared; max: removed; score: score */
    long long best_removed, best_score;
    bool found_clear;
    bool stop;
    click_exact_stats st;
} search;

static inline size_t zindex(const search *s, int c, int h, int colour) {
    return ((size_t)c * (size_t)s->rows + (size_t)h) * (size_t)(s->ncolours + 1) + (size_t)colour;
}

/* Key i of z1 and z2: outputs 2i + 1 and 2i + 2 of splitmix64 from ZSEED,
 * from the tables for boards up to ZTABLE entries, computed beyond (the
 * tables of a 1000 x 1000 board, 96 MB, took longer to fill than a short
 * --time-limit); the same values either way. */
#define ZSEED 0x5eed5eed12345678ULL
#define ZTABLE ((size_t)1 << 18)
static inline uint64_t zkey(const uint64_t *table, size_t i, uint64_t which) {
    return table ? table[i] : pl_splitmix64_at(ZSEED, 2 * (uint64_t)i + which);
}

static pl_key128 column_hash(const search *s, const click_board *b, int c) {
    pl_key128 k = {0, 0};
    for (int h = 0; h < b->height[c]; h++) {
        size_t i = zindex(s, c, h, click_at(b, c, h));
        k.a ^= zkey(s->z1, i, 1);
        k.b ^= zkey(s->z2, i, 2);
    }
    return k;
}

static pl_key128 board_key(const pl_key128 *colhash, int width) {
    pl_key128 k = {0x9e3779b97f4a7c15ULL, 0x6a09e667f3bcc909ULL};
    for (int c = 0; c < width; c++) {
        k.a ^= colhash[c].a;
        k.b ^= colhash[c].b;
    }
    return k;
}

/* Allocates depth d's slot on first use; false when memory would pass the cap. */
static bool ensure_slot(search *s, int d) {
    if (d < s->nslots) return true;
    if (d >= MAX_DEPTH) {
        s->lim->hit = PL_LIMIT_MEMORY;
        return false;
    }
    size_t cells = (size_t)s->rows * (size_t)s->cols;
    size_t per = cells * (1 + 2 * sizeof(int32_t)) + (size_t)s->cols * (sizeof(int32_t) * 2 + sizeof(pl_key128));
    if (s->slot_bytes + per + s->tt.peak_bytes > s->lim->memory_limit) {
        s->lim->hit = PL_LIMIT_MEMORY;
        return false;
    }
    s->slot = pl_xrealloc(s->slot, (size_t)(d + 1) * sizeof *s->slot);
    level_slot *L = &s->slot[d];
    memset(L, 0, sizeof *L);
    click_board_init(&L->board, s->rows, s->cols, s->ncolours);
    click_scratch_init(&L->scratch, s->rows, s->cols);
    L->colhash = pl_xcalloc((size_t)s->cols, sizeof *L->colhash);
    s->nslots = d + 1;
    s->slot_bytes += per;
    return true;
}

/* Counts what slot L's growing arrays hold now (the group list of its
 * scratch, its order and sleep set) in slot_bytes: false, with the memory
 * limit hit, when the search would pass --memory-limit. These grow with
 * the number of groups, up to several times the board's cells a level. */
static bool account(search *s, level_slot *L) {
    size_t now = (size_t)L->scratch.gcap * sizeof(click_group) + (size_t)L->ordercap * (sizeof(int) + 1) +
                 (size_t)L->sleepcap * sizeof(click_group);
    s->slot_bytes += now - L->counted;
    L->counted = now;
    if (s->slot_bytes + s->tt.peak_bytes > s->lim->memory_limit) {
        s->lim->hit = PL_LIMIT_MEMORY;
        s->stop = true;
        return false;
    }
    return true;
}

static void free_slots(search *s) {
    for (int d = 0; d < s->nslots; d++) {
        level_slot *L = &s->slot[d];
        click_board_free(&L->board);
        click_scratch_free(&L->scratch);
        free(L->colhash);
        free(L->sleep);
        free(L->order);
        free(L->asleep);
    }
    free(s->slot);
}

/* Upper bound on the future gain; LLONG_MIN-like (-1) when clear is hopeless. */
static long long upper_bound(const search *s, const int *counts, int blocks) {
    long long ub = 0;
    bool dead = false;
    switch (s->obj) {
    case CLICK_CLEAR:
        for (int c = 1; c <= s->ncolours; c++)
            if (counts[c] == 1) return -1;
        return blocks;
    case CLICK_MAX:
        ub = blocks;
        for (int c = 1; c <= s->ncolours; c++) ub -= counts[c] == 1;
        return ub;
    case CLICK_SCORE:
        for (int c = 1; c <= s->ncolours; c++) {
            if (counts[c] == 1) dead = true;
            ub += click_group_score(counts[c]);
        }
        if (!dead && blocks > 0) ub += CLICK_CLEAR_BONUS;
        return ub;
    }
    return ub;
}

static void record_best(search *s, int depth, long long value, long long removed, long long score) {
    s->best = value;
    s->best_removed = removed;
    s->best_score = score;
    s->best_len = depth;
    memcpy(s->best_col, s->path_col, (size_t)depth * sizeof *s->best_col);
    memcpy(s->best_h, s->path_h, (size_t)depth * sizeof *s->best_h);
}

/* Sort group indices by size, largest first (insertion sort: lists are short). */
static void order_groups(const click_scratch *sc, int *order, int n) {
    /* Largest first, stable. Insertion sort for the few groups of an
     * ordinary node; a bottom-up merge sort beyond (a 1000 x 1000 board's
     * root has 10^5 groups: quadratic took 46 s before the first child). */
    if (n < 64) {
        for (int i = 1; i < n; i++) {
            int x = order[i], j = i;
            while (j > 0 && sc->groups[order[j - 1]].size < sc->groups[x].size) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = x;
        }
        return;
    }
    int *tmp = pl_xmalloc((size_t)n * sizeof *tmp), *a = order, *b = tmp;
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, i = lo, j = mid, k = lo;
            while (i < mid && j < hi) b[k++] = sc->groups[a[j]].size > sc->groups[a[i]].size ? a[j++] : a[i++];
            while (i < mid) b[k++] = a[i++];
            while (j < hi) b[k++] = a[j++];
        }
        int *t = a;
        a = b, b = t;
    }
    if (a != order) memcpy(order, a, (size_t)n * sizeof *order);
    free(tmp);
}

/* Opens the node at depth (its board, colour counts, column hashes and sleep
 * set already in slot depth), reached with the gains removed and score. False
 * when the node ends here (stopped, a leaf, cut by a bound or the table);
 * true when its children are to be searched: their order is in the slot,
 * with the node's key and gain, and slot depth + 1 exists when there is a
 * child. */
static bool open_node(search *s, int depth, long long removed, long long score) {
    if (s->stop) return false;
    if (!pl_limits_tick(s->lim)) {
        s->stop = true;
        return false;
    }
    s->st.nodes++;
    level_slot *L = &s->slot[depth];
    const click_board *b = &L->board;
    long long g = s->obj == CLICK_SCORE ? score : removed;

    if (b->blocks == 0) {
        if (s->obj == CLICK_CLEAR) {
            s->found_clear = true;
            record_best(s, depth, removed, removed, score);
            s->stop = true;
        } else if (g > s->best) {
            record_best(s, depth, g, removed, score);
        }
        return false;
    }
    if (s->obj != CLICK_CLEAR && g > s->best) record_best(s, depth, g, removed, score);

    long long ub = upper_bound(s, L->counts, b->blocks);
    if (ub < 0 || (s->obj != CLICK_CLEAR && g + ub <= s->best)) {
        s->st.bound_cuts++;
        return false;
    }

    pl_key128 key = board_key(L->colhash, b->width);
    int32_t seen;
    if (pl_tt_get(&s->tt, key, &seen) && (s->obj != CLICK_SCORE || g <= seen)) {
        s->st.tt_hits++;
        return false;
    }

    click_scratch *sc = &L->scratch;
    int ng = click_find_groups(b, sc);
    if (L->ordercap < ng) {
        L->ordercap = ng;
        L->order = pl_xrealloc(L->order, (size_t)ng * sizeof *L->order);
        L->asleep = pl_xrealloc(L->asleep, (size_t)ng);
    }
    if (!account(s, L)) return false;
    int n = 0;
    memset(L->asleep, 0, (size_t)ng);
    for (int i = 0; i < L->nsleep; i++) {
        const click_group *z = &L->sleep[i];
        /* z commutes with every click since it slept, so it is still a group here. */
        int lab = (z->col < b->width && z->h < b->height[z->col]) ? sc->label[z->col * s->rows + z->h] : -1;
        if (lab >= 0) L->asleep[lab] = 1;
    }
    for (int i = 0; i < ng; i++) {
        if (sc->groups[i].size < 2) continue;
        if (L->asleep[i]) {
            s->st.sleep_skips++;
            continue;
        }
        L->order[n++] = i;
    }
    order_groups(sc, L->order, n);

    if (n > 0 && !ensure_slot(s, depth + 1)) {
        s->stop = true;
        return false;
    }
    L = &s->slot[depth]; /* ensure_slot may move the slots */
    L->n = n;
    L->next = 0;
    L->key = key;
    L->g = g;
    L->removed = removed;
    L->score = score;
    return true;
}

/* The depth-first search from slot 0, without recursion (a line of clicks is
 * as long as the board allows: thousands on a 2 x 4000 board, which overflowed
 * a small call stack when this was recursive): each open node's frame is its
 * slot, whose `next` is the next child to search. The order of the nodes, the
 * table's entries and the best found are those of the recursive search. */
static void dfs(search *s) {
    if (!open_node(s, 0, 0, 0)) return;
    int depth = 0;
    while (depth >= 0) {
        level_slot *L = &s->slot[depth]; /* opening a child may move the slots */
        if (L->next < L->n && !s->stop) {
            int k = L->next++;
            const click_board *b = &L->board;
            click_scratch *sc = &L->scratch;
            int gi = L->order[k];
            const click_group *grp = &sc->groups[gi];
            level_slot *C = &s->slot[depth + 1];
            click_board_copy(&C->board, b);
            click_remove_group(&C->board, sc, gi);
            /* Rehash: touched columns, or everything from the first touched
             * column when a column emptied and the rest shifted left. */
            memcpy(C->colhash, L->colhash, (size_t)s->cols * sizeof *C->colhash);
            int hi = grp->empties_column ? b->width - 1 : grp->cmax;
            for (int c = grp->cmin; c <= hi; c++) C->colhash[c] = column_hash(s, &C->board, c);
            memcpy(C->counts, L->counts, sizeof C->counts);
            C->counts[grp->colour] -= grp->size;
            /* Child's sleep set: earlier siblings and inherited sleepers that commute with this click. */
            C->nsleep = 0;
            int need = L->nsleep + k;
            if (C->sleepcap < need) {
                C->sleepcap = need;
                C->sleep = pl_xrealloc(C->sleep, (size_t)need * sizeof *C->sleep);
                if (!account(s, C)) break;
            }
            for (int i = 0; i < L->nsleep; i++)
                if (click_groups_commute(&L->sleep[i], grp)) C->sleep[C->nsleep++] = L->sleep[i];
            for (int j = 0; j < k; j++) {
                const click_group *x = &sc->groups[L->order[j]];
                if (click_groups_commute(x, grp)) C->sleep[C->nsleep++] = *x;
            }
            s->path_col[depth] = grp->col;
            s->path_h[depth] = grp->h;
            long long sz = grp->size;
            if (open_node(s, depth + 1, L->removed + sz,
                          L->score + click_group_score((int)sz) + (C->board.blocks == 0 ? CLICK_CLEAR_BONUS : 0)))
                depth++;
            continue;
        }
        /* Cut by a limit or ended by success: the subtree is not fully explored. */
        if (!s->stop) pl_tt_put(&s->tt, L->key, (int32_t)(L->g > INT32_MAX ? INT32_MAX : L->g));
        depth--;
    }
}

int click_solve_exact(const click_board *start, click_objective obj, pl_limits *lim, click_exact_result *res) {
    memset(res, 0, sizeof *res);
    search s;
    memset(&s, 0, sizeof s);
    s.obj = obj;
    s.rows = start->rows;
    s.cols = start->cols;
    s.ncolours = start->ncolours;
    s.total = start->blocks;
    s.lim = lim;
    size_t tt_cap = lim->memory_limit / 2;
    pl_tt_init(&s.tt, tt_cap);
    size_t nz = (size_t)s.rows * (size_t)s.cols * (size_t)(s.ncolours + 1);
    if (nz <= ZTABLE) {
        s.z1 = pl_xmalloc(nz * sizeof *s.z1);
        s.z2 = pl_xmalloc(nz * sizeof *s.z2);
        uint64_t seed = ZSEED;
        for (size_t i = 0; i < nz; i++) {
            s.z1[i] = pl_splitmix64(&seed);
            s.z2[i] = pl_splitmix64(&seed);
        }
    }
    int maxlen = start->blocks / 2 + 1;
    s.path_col = pl_xmalloc((size_t)maxlen * sizeof(int));
    s.path_h = pl_xmalloc((size_t)maxlen * sizeof(int));
    s.best_col = pl_xmalloc((size_t)maxlen * sizeof(int));
    s.best_h = pl_xmalloc((size_t)maxlen * sizeof(int));
    s.best = obj == CLICK_CLEAR ? -1 : 0;

    if (ensure_slot(&s, 0)) {
        level_slot *R = &s.slot[0];
        click_board_copy(&R->board, start);
        for (int c = 0; c < s.cols; c++) R->colhash[c] = column_hash(&s, &R->board, c);
        click_colour_counts(start, R->counts);
        dfs(&s);
    }

    bool limited = lim->hit != PL_LIMIT_NONE;
    if (obj == CLICK_CLEAR) {
        res->status = s.found_clear ? PL_SOLVED : (limited ? PL_UNKNOWN : PL_UNSOLVABLE);
        res->optimal = s.found_clear;
    } else {
        res->status = PL_SOLVED; /* the best sequence found; at worst empty */
        res->optimal = !limited;
    }
    if (s.found_clear || obj != CLICK_CLEAR) {
        res->nmoves = s.best_len;
        res->move_col = pl_xmalloc((size_t)(s.best_len + 1) * sizeof(int));
        res->move_h = pl_xmalloc((size_t)(s.best_len + 1) * sizeof(int));
        memcpy(res->move_col, s.best_col, (size_t)s.best_len * sizeof(int));
        memcpy(res->move_h, s.best_h, (size_t)s.best_len * sizeof(int));
        res->removed = s.best_removed;
        res->score = s.best_score;
    }
    s.st.peak_memory = s.tt.peak_bytes + s.slot_bytes + nz * 2 * sizeof(uint64_t) + (size_t)maxlen * 4 * sizeof(int);
    res->stats = s.st;
    res->stats.nodes = s.st.nodes;

    pl_tt_free(&s.tt);
    free_slots(&s);
    free(s.z1);
    free(s.z2);
    free(s.path_col);
    free(s.path_h);
    free(s.best_col);
    free(s.best_h);
    return 0;
}

void click_exact_result_free(click_exact_result *r) {
    free(r->move_col);
    free(r->move_h);
    r->move_col = r->move_h = NULL;
}
