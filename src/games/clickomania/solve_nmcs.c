/* Nested Monte-Carlo Search for SameGame / Clickomania (objectives score and
 * max).
 *
 * Paper: T. Cazenave, "Nested Monte-Carlo Search", IJCAI 2009 (SameGame is
 * one of its test problems: level 3 totals 77,934 on the standard 20 boards).
 * Playouts: TabuColorRandom (Schadd et al. 2008), see playout.c.
 *
 * Idea: a level-0 search is one playout. A level-k search from a position
 * tries every clickable group, runs a level-(k-1) search after it, and keeps
 * the best whole sequence seen so far (memorisation); it then plays the
 * next move of that best sequence and repeats from the new position until
 * the game ends. The best sequence never gets worse along the way, so the
 * level-k result is at least every level-(k-1) result it saw. Every playout
 * is a whole game from the root (the path that led to its start, then its
 * own clicks); those that beat the thread's best are offered to the shared
 * best at once, so the search is anytime.
 *
 * Threads: independent searches with independent seeds on every thread;
 * with a limit each thread restarts at the root (a new random stream) until
 * the limit. Without a limit each thread makes one search at its level.
 *
 * Complexity: a level-k search from a position with m clickable groups and
 * a game of about L moves runs O((m L)^k) playouts of O(L x blocks) each;
 * memory O(k x blocks) per thread. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania_search.h"

typedef struct nmcs_thread {
    cs_shared *s;
    const cs_shape *sh;
    click_objective obj;
    int levels;
    bool tabu, stopped;
    cs_work w;
    pl_rng rng;
    cs_board **cur;    /* [levels + 1]: the position each level has reached */
    cs_board **child;  /* [levels + 1]: the child being tried */
    cs_move **mv;      /* [levels + 1]: clickable groups per level */
    cs_cellref **best; /* [levels + 1]: each level's best continuation */
    cs_cellref *path;  /* clicks from the root to the current node */
    cs_board *pb;      /* playout board */
    cs_move *pmv;      /* playout scratch */
    long long local_best;
} nmcs_thread;

/* Searches from b (reached from the root by path[0..depth) with value base)
 * at level lev. Writes its best continuation to t->best[lev], its length to
 * *len, and returns the total value of that whole game (-1: stopped before
 * any playout). */
static long long nmcs(nmcs_thread *t, int lev, const cs_board *b, long long base, int depth, int *len) {
    const cs_shape *sh = t->sh;
    if (lev == 0) {
        *len = 0;
        if (!cs_tick(t->s, 1)) {
            t->stopped = true;
            return -1;
        }
        cs_board_copy(sh, t->pb, b);
        int tabu = t->tabu ? cs_most_frequent(sh, b) : 0;
        long long total = base + cs_playout(sh, t->pb, &t->w, &t->rng, tabu, t->obj, t->pmv, t->best[0], len);
        if (total > t->local_best) {
            t->local_best = total;
            memcpy(t->path + depth, t->best[0], (size_t)*len * sizeof *t->path);
            cs_offer(t->s, total, t->path, depth + *len);
        }
        return total;
    }
    cs_board *cur = t->cur[lev], *child = t->child[lev];
    cs_move *mv = t->mv[lev];
    cs_cellref *best = t->best[lev];
    cs_board_copy(sh, cur, b);
    long long val = base, bestv = -1;
    int blen = 0, played = 0;
    for (;;) {
        int n = cs_moves(sh, cur, &t->w, mv);
        /* A position that is already over is searched as a playout of length
         * zero: it counts as a node (so limits are reached even on games of
         * one click, which otherwise repeat runs without a playout forever)
         * and its value is offered like any playout's. */
        if (n == 0 && played == 0) return nmcs(t, 0, b, base, depth, len);
        if (n == 0) {
            if (val > bestv) { /* only when no playout ran at all */
                bestv = val;
                blen = played;
            }
            break;
        }
        for (int i = 0; i < n; i++) {
            if (cs_work_expired(&t->w)) { /* a big board has 10^5 children, each a board copy */
                t->stopped = true;
                goto out;
            }
            cs_board_copy(sh, child, cur);
            int size = cs_play(sh, child, &t->w, mv[i].col, mv[i].h);
            t->path[depth + played].col = mv[i].col;
            t->path[depth + played].h = mv[i].h;
            int sub;
            long long v = nmcs(t, lev - 1, child, val + cs_gain(t->obj, size, child->blocks), depth + played + 1, &sub);
            if (v > bestv) {
                bestv = v;
                best[played].col = mv[i].col;
                best[played].h = mv[i].h;
                memcpy(best + played + 1, t->best[lev - 1], (size_t)sub * sizeof *best);
                blen = played + 1 + sub;
            }
            if (t->stopped) goto out;
        }
        /* Follow the best sequence one move. */
        const cs_cellref m = best[played];
        int size = cs_play(sh, cur, &t->w, m.col, m.h);
        val += cs_gain(t->obj, size, cur->blocks);
        t->path[depth + played] = m;
        played++;
    }
out:
    *len = blen;
    return bestv;
}

void cs_worker_nmcs(cs_shared *s, int tid) {
    const click_search_params *p = cs_shared_params(s);
    const cs_board *root = cs_shared_root(s);
    nmcs_thread t;
    memset(&t, 0, sizeof t);
    t.s = s;
    t.sh = cs_shared_shape(s);
    t.obj = p->obj;
    t.levels = p->level;
    t.tabu = !p->no_tabu;
    cs_work_init(&t.w, t.sh);
    t.w.watch = s;
    pl_rng_seed(&t.rng, cs_thread_seed(s, tid));
    int L = t.levels, maxlen = cs_max_moves(root);
    t.cur = pl_xcalloc((size_t)L + 1, sizeof *t.cur);
    t.child = pl_xcalloc((size_t)L + 1, sizeof *t.child);
    t.mv = pl_xcalloc((size_t)L + 1, sizeof *t.mv);
    t.best = pl_xcalloc((size_t)L + 1, sizeof *t.best);
    for (int k = 0; k <= L; k++) {
        t.cur[k] = cs_board_new(t.sh);
        t.child[k] = cs_board_new(t.sh);
        t.mv[k] = pl_xmalloc((size_t)maxlen * sizeof **t.mv);
        t.best[k] = pl_xmalloc((size_t)maxlen * sizeof **t.best);
    }
    t.path = pl_xmalloc((size_t)maxlen * sizeof *t.path);
    t.pb = cs_board_new(t.sh);
    t.pmv = pl_xmalloc((size_t)maxlen * sizeof *t.pmv);
    t.local_best = cs_best_value(s);
    do {
        int len;
        nmcs(&t, L, root, 0, 0, &len);
        if (!t.stopped) cs_count_run(s);
    } while (!t.stopped && cs_has_limit(s));
    cs_add_memory(s, (size_t)(L + 1) * (2 * t.sh->bytes + (size_t)maxlen * (sizeof(cs_move) + sizeof(cs_cellref))) +
                         (size_t)maxlen * (sizeof(cs_cellref) + sizeof(cs_move)) + t.sh->bytes +
                         (size_t)t.sh->ncells * 40);
    for (int k = 0; k <= L; k++) {
        free(t.cur[k]);
        free(t.child[k]);
        free(t.mv[k]);
        free(t.best[k]);
    }
    free(t.cur);
    free(t.child);
    free(t.mv);
    free(t.best);
    free(t.path);
    free(t.pb);
    free(t.pmv);
    cs_work_free(&t.w);
}
