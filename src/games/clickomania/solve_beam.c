/* Beam search for SameGame / Clickomania (objectives score and max).
 *
 * Idea: keep the W best positions of each depth (number of clicks so far).
 * Every clickable group of every kept position makes a child; children that
 * are the same board (same 128-bit Zobrist key of cells and colours: two
 * independent hashes) are merged keeping the one with the higher value so
 * far (same board, same future), and the W children with the best
 * evaluation form the next depth. A position with no clickable group ends a
 * game: its sequence is offered to the shared best. Evaluation:
 *  - playouts (default, beam_playouts = k >= 1): value so far + the best of
 *    k TabuColorRandom playouts from the child (Monte-Carlo beam search, as
 *    in Cazenave's "Monte Carlo Beam Search", 2012); every playout is a whole
 *    game from the root and is offered too, so even a pass cut by the limit
 *    contributes;
 *  - heuristic (beam_playouts = 0): value so far + kappa x sum over colours
 *    of (count - 2)^2 (the score a colour would make removed in one group;
 *    the admissible bound of solve_exact.c when kappa = 1) + the clearing
 *    bonus while no colour is down to one block. For max: blocks removed +
 *    blocks not of a colour down to one block. Cheap but weak on SameGame
 *    (see bench_samegame).
 *
 * Anytime: passes from the root with growing width. The first uses the given
 * width; each later one is as wide as the remaining budget allows by the
 * previous pass's cost (linear in the width), at most 6 times wider, and no
 * pass starts that cannot be expected to finish. Without a limit: one pass.
 * Nodes (--node-limit) are playouts, or children with the heuristic.
 *
 * Threads: each depth's expansion (of beams of 64 positions or more) is
 * split into contiguous chunks of the beam, one per thread; merging and
 * selection run on the calling thread in chunk order, and playout seeds
 * depend on (seed, pass, depth, position, move) only, so the result does
 * not depend on the number of threads (except where a limit cuts a pass).
 *
 * Complexity: a pass of width W over a game of L moves with m clickable
 * groups per position generates about W x m x L children, each O(blocks)
 * (copy, click, key, evaluation; times k playouts when evaluating by
 * playouts); selection sorts O(W m) candidates per depth. Memory: two
 * beams of W boards, O(W m) candidates, O(W L) history. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania_search.h"

typedef struct hnode {
    int32_t parent; /* -1: the root */
    cs_cellref m;
} hnode;

typedef struct cand {
    double eval;
    long long val;
    pl_key128 key;
    int32_t parent; /* index in the current beam */
    int32_t order;  /* generation order: a deterministic tie-break */
    cs_cellref m;
} cand;

typedef struct beam_run beam_run;

typedef struct beam_worker {
    beam_run *br;
    int t;
    int lo, hi; /* beam positions expanded by this worker */
    cs_work w;
    cs_board *child, *pb;
    cs_move *mv, *pmv;
    cs_cellref *path, *pseq;
    cand *c;
    size_t nc, ccap;
    long long local_best;
    bool stopped;
} beam_worker;

struct beam_run {
    cs_shared *s;
    const cs_shape *sh;
    const click_search_params *p;
    int maxlen, depth, pass;
    char *cur, *next; /* beams of boards, sh->bytes each */
    long long *cur_val, *next_val;
    int32_t *cur_hist, *next_hist;
    int ncur, cap; /* positions in the current beam; room in both */
    hnode *hist;
    size_t nhist, hcap;
    size_t peak; /* bytes of the widest pass */
    int nthreads;
    beam_worker *wk;
};

static inline cs_board *board_at(const beam_run *br, char *base, int i) {
    return (cs_board *)(void *)(base + (size_t)i * br->sh->bytes);
}

/* The clicks from the root to history node h, into path; returns their number. */
static int path_of(const beam_run *br, int32_t h, cs_cellref *path) {
    int n = 0;
    for (int32_t x = h; x >= 0; x = br->hist[x].parent) n++;
    int k = n;
    for (int32_t x = h; x >= 0; x = br->hist[x].parent) path[--k] = br->hist[x].m;
    return n;
}

static double heuristic(const beam_run *br, const cs_board *b, long long val) {
    const cs_shape *sh = br->sh;
    const int32_t *count = cs_count(sh, b);
    if (br->p->obj == CLICK_MAX) {
        int dead = 0;
        for (int k = 1; k <= sh->ncolours; k++) dead += count[k] == 1;
        return (double)val + (double)(b->blocks - dead);
    }
    double pot = 0;
    bool clearable = true;
    for (int k = 1; k <= sh->ncolours; k++) {
        if (count[k] >= 2) pot += (double)(count[k] - 2) * (count[k] - 2);
        if (count[k] == 1) clearable = false;
    }
    return (double)val + br->p->kappa * pot + (clearable && b->blocks > 0 ? br->p->kappa * CLICK_CLEAR_BONUS : 0);
}

static void expand(beam_worker *bw) {
    beam_run *br = bw->br;
    const cs_shape *sh = br->sh;
    const click_search_params *p = br->p;
    bw->nc = 0;
    for (int i = bw->lo; i < bw->hi && !bw->stopped; i++) {
        const cs_board *b = board_at(br, br->cur, i);
        int n = cs_moves(sh, b, &bw->w, bw->mv);
        if (n == 0) { /* a finished game */
            long long v = br->cur_val[i];
            if (v > bw->local_best) {
                bw->local_best = v;
                int len = path_of(br, br->cur_hist[i], bw->path);
                cs_offer(br->s, v, bw->path, len);
            }
            continue;
        }
        if (!cs_tick(br->s, (uint64_t)n * (uint64_t)(p->beam_playouts > 0 ? p->beam_playouts : 1))) {
            bw->stopped = true;
            break;
        }
        if (bw->nc + (size_t)n > bw->ccap) {
            while (bw->nc + (size_t)n > bw->ccap) bw->ccap = bw->ccap ? 2 * bw->ccap : 1024;
            bw->c = pl_xrealloc(bw->c, bw->ccap * sizeof *bw->c);
        }
        int plen = -1; /* path to i, built on the first playout */
        for (int k = 0; k < n; k++) {
            if (cs_work_expired(&bw->w)) { /* 10^5 children of a big board, each a board copy */
                bw->stopped = true;
                break;
            }
            cs_board_copy(sh, bw->child, b);
            int size = cs_play(sh, bw->child, &bw->w, bw->mv[k].col, bw->mv[k].h);
            cand *c = &bw->c[bw->nc++];
            c->val = br->cur_val[i] + cs_gain(p->obj, size, bw->child->blocks);
            c->key = cs_board_key(sh, bw->child);
            c->parent = i;
            c->m.col = bw->mv[k].col;
            c->m.h = bw->mv[k].h;
            if (p->beam_playouts <= 0) {
                c->eval = heuristic(br, bw->child, c->val);
                continue;
            }
            /* Monte-Carlo evaluation: seeds from the position, not the thread. */
            uint64_t st = p->seed ^ ((uint64_t)br->pass << 48) ^ ((uint64_t)br->depth << 32) ^
                          ((uint64_t)i * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)k * 0xc2b2ae3d27d4eb4fULL);
            pl_rng rng;
            pl_rng_seed(&rng, pl_splitmix64(&st));
            int tabu = p->no_tabu ? 0 : cs_most_frequent(sh, bw->child);
            long long bestv = -1;
            for (int r = 0; r < p->beam_playouts; r++) {
                cs_board_copy(sh, bw->pb, bw->child);
                int len;
                long long v = c->val + cs_playout(sh, bw->pb, &bw->w, &rng, tabu, p->obj, bw->pmv, bw->pseq, &len);
                if (v > bestv) bestv = v;
                if (v > bw->local_best) {
                    bw->local_best = v;
                    if (plen < 0) plen = path_of(br, br->cur_hist[i], bw->path);
                    bw->path[plen] = c->m;
                    memcpy(bw->path + plen + 1, bw->pseq, (size_t)len * sizeof *bw->pseq);
                    cs_offer(br->s, v, bw->path, plen + 1 + len);
                }
            }
            c->eval = (double)bestv;
        }
    }
}

static void *expand_main(void *arg) {
    expand(arg);
    return NULL;
}

static int cand_cmp(const void *a, const void *b) {
    const cand *x = a, *y = b;
    if (x->eval != y->eval) return x->eval > y->eval ? -1 : 1;
    if (x->val != y->val) return x->val > y->val ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Merged candidates of all workers, duplicates removed; returns their number. */
static size_t merge(beam_run *br, cand **out, size_t *outcap, int32_t **slot, size_t *slotcap) {
    size_t total = 0;
    for (int t = 0; t < br->nthreads; t++) total += br->wk[t].nc;
    if (total > *outcap) {
        *outcap = total;
        *out = pl_xrealloc(*out, total * sizeof **out);
    }
    size_t cap = 16;
    while (cap < 2 * total) cap *= 2;
    if (cap > *slotcap) {
        *slotcap = cap;
        *slot = pl_xrealloc(*slot, cap * sizeof **slot);
    }
    int32_t *sl = *slot;
    memset(sl, 0xff, cap * sizeof *sl);
    cand *o = *out;
    size_t n = 0;
    int32_t order = 0;
    for (int t = 0; t < br->nthreads; t++) {
        for (size_t i = 0; i < br->wk[t].nc; i++) {
            cand c = br->wk[t].c[i];
            c.order = order++;
            size_t h = (size_t)(c.key.a ^ (c.key.b >> 7)) & (cap - 1);
            for (;;) {
                if (sl[h] < 0) {
                    sl[h] = (int32_t)n;
                    o[n++] = c;
                    break;
                }
                cand *e = &o[sl[h]];
                if (e->key.a == c.key.a && e->key.b == c.key.b) {
                    if (c.val > e->val || (c.val == e->val && c.eval > e->eval)) {
                        int32_t keep = e->order;
                        *e = c;
                        e->order = keep;
                    }
                    break;
                }
                h = (h + 1) & (cap - 1);
            }
        }
    }
    return n;
}

/* Room for n positions in both beams (grown by doubling, up to the width). */
static void beam_room(beam_run *br, int n) {
    if (n <= br->cap) return;
    int cap = br->cap ? br->cap : 256;
    while (cap < n) cap *= 2;
    const size_t bytes = br->sh->bytes;
    br->cur = pl_xrealloc(br->cur, (size_t)cap * bytes);
    br->next = pl_xrealloc(br->next, (size_t)cap * bytes);
    br->cur_val = pl_xrealloc(br->cur_val, (size_t)cap * sizeof *br->cur_val);
    br->next_val = pl_xrealloc(br->next_val, (size_t)cap * sizeof *br->next_val);
    br->cur_hist = pl_xrealloc(br->cur_hist, (size_t)cap * sizeof *br->cur_hist);
    br->next_hist = pl_xrealloc(br->next_hist, (size_t)cap * sizeof *br->next_hist);
    br->cap = cap;
}

/* One pass of width W. Returns false when a limit stopped it; *fill is the
 * most positions any depth kept (below W: the pass dropped nothing, so a
 * wider one would find nothing more). */
static bool beam_pass(beam_run *br, int W, int *fill) {
    const cs_shape *sh = br->sh;
    *fill = 1;
    beam_room(br, 1);
    br->nhist = 0;
    cs_board_copy(sh, board_at(br, br->cur, 0), cs_shared_root(br->s));
    br->cur_val[0] = 0;
    br->cur_hist[0] = -1;
    br->ncur = 1;
    cand *all = NULL;
    int32_t *slot = NULL;
    size_t allcap = 0, slotcap = 0;
    bool stopped = false;
    cs_work w;
    cs_work_init(&w, sh);
    for (br->depth = 0; br->ncur > 0 && !stopped; br->depth++) {
        /* Expand: chunks of the beam, one per worker (threads only for big beams). */
        int nt = br->ncur >= 64 ? br->nthreads : 1;
        for (int t = 0; t < br->nthreads; t++) {
            beam_worker *bw = &br->wk[t];
            bw->lo = (int)((long long)br->ncur * t / nt);
            bw->hi = (int)((long long)br->ncur * (t + 1) / nt);
            if (t >= nt) bw->lo = bw->hi = 0;
            bw->nc = 0;
        }
        pthread_t th[256];
        int started = 1;
        for (int t = 1; t < nt; t++) {
            if (pthread_create(&th[t], NULL, expand_main, &br->wk[t])) break;
            started = t + 1;
        }
        expand(&br->wk[0]);
        for (int t = started; t < nt; t++) expand(&br->wk[t]); /* threads that failed to start */
        for (int t = 1; t < started; t++) pthread_join(th[t], NULL);
        for (int t = 0; t < nt; t++) stopped |= br->wk[t].stopped;
        if (stopped) break;
        size_t n = merge(br, &all, &allcap, &slot, &slotcap);
        if (n == 0) break;
        size_t keep = n < (size_t)W ? n : (size_t)W;
        if ((int)keep > *fill) *fill = (int)keep;
        if (n > (size_t)W) *fill = W; /* some were dropped */
        beam_room(br, (int)keep);
        qsort(all, n, sizeof *all, cand_cmp);
        if (br->nhist + keep > br->hcap) {
            while (br->nhist + keep > br->hcap) br->hcap = br->hcap ? 2 * br->hcap : 4096;
            br->hist = pl_xrealloc(br->hist, br->hcap * sizeof *br->hist);
        }
        for (size_t i = 0; i < keep; i++) {
            const cand *c = &all[i];
            cs_board *nb = board_at(br, br->next, (int)i);
            cs_board_copy(sh, nb, board_at(br, br->cur, c->parent));
            cs_play(sh, nb, &w, c->m.col, c->m.h);
            br->next_val[i] = c->val;
            br->hist[br->nhist].parent = br->cur_hist[c->parent];
            br->hist[br->nhist].m = c->m;
            br->next_hist[i] = (int32_t)br->nhist++;
        }
        char *tb = br->cur;
        br->cur = br->next;
        br->next = tb;
        long long *tv = br->cur_val;
        br->cur_val = br->next_val;
        br->next_val = tv;
        int32_t *th2 = br->cur_hist;
        br->cur_hist = br->next_hist;
        br->next_hist = th2;
        br->ncur = (int)keep;
    }
    size_t bytes = 2 * (size_t)br->cap * (sh->bytes + sizeof(long long) + sizeof(int32_t)) + allcap * sizeof *all +
                   slotcap * sizeof *slot + br->hcap * sizeof *br->hist;
    for (int t = 0; t < br->nthreads; t++) bytes += br->wk[t].ccap * sizeof(cand);
    if (bytes > br->peak) br->peak = bytes;
    cs_work_free(&w);
    free(all);
    free(slot);
    return !stopped;
}

void cs_run_beam(cs_shared *s) {
    const click_search_params *p = cs_shared_params(s);
    beam_run br;
    memset(&br, 0, sizeof br);
    br.s = s;
    br.sh = cs_shared_shape(s);
    br.p = p;
    br.maxlen = cs_max_moves(cs_shared_root(s));
    br.nthreads = p->threads > 256 ? 256 : p->threads;
    br.wk = pl_xcalloc((size_t)br.nthreads, sizeof *br.wk);
    for (int t = 0; t < br.nthreads; t++) {
        beam_worker *bw = &br.wk[t];
        bw->br = &br;
        bw->t = t;
        cs_work_init(&bw->w, br.sh);
        bw->w.watch = s;
        bw->child = cs_board_new(br.sh);
        bw->pb = cs_board_new(br.sh);
        bw->mv = pl_xmalloc((size_t)br.maxlen * sizeof *bw->mv);
        bw->pmv = pl_xmalloc((size_t)br.maxlen * sizeof *bw->pmv);
        bw->path = pl_xmalloc(((size_t)br.maxlen + 1) * sizeof *bw->path);
        bw->pseq = pl_xmalloc((size_t)br.maxlen * sizeof *bw->pseq);
        bw->local_best = cs_best_value(s);
    }
    /* Bytes per unit of width: two beams, candidates (about one per block
     * at the start), history. */
    size_t per_w = 2 * (br.sh->bytes + sizeof(long long) + sizeof(int32_t)) +
                   (size_t)(cs_shared_root(s)->blocks / 2 + 1) * (sizeof(cand) * 2 + 2 * sizeof(int32_t)) +
                   (size_t)br.maxlen * sizeof(hnode);
    double maxw = (double)p->memory_limit / (double)per_w;
    double W = p->width;
    if (W > maxw) W = maxw < 1 ? 1 : maxw;
    for (;;) {
        double t0 = cs_elapsed(s);
        uint64_t n0 = cs_nodes(s);
        int fill;
        bool done = beam_pass(&br, (int)W, &fill);
        br.pass++;
        if (!done) break;
        cs_count_run(s);
        cs_set_width(s, (int)W);
        if (!cs_has_limit(s) || fill < (int)W) break;
        /* The next pass: as wide as the remaining budget allows by this
         * pass's cost (linear in the width), at most 6 times wider. */
        double ratio = 6;
        if (p->time_limit > 0) {
            double used = cs_elapsed(s) - t0, left = p->time_limit - cs_elapsed(s);
            if (used < 1e-6) used = 1e-6;
            if (0.85 * left / used < ratio) ratio = 0.85 * left / used;
        }
        if (p->node_limit) {
            uint64_t now = cs_nodes(s);
            double used = (double)(now - n0), left = now < p->node_limit ? (double)(p->node_limit - now) : 0;
            if (used < 1) used = 1;
            if (0.95 * left / used < ratio) ratio = 0.95 * left / used;
        }
        if (ratio < 1.1 || W >= maxw) break;
        W = W * ratio;
        if (W > maxw) W = maxw;
        if (W > 1e8) W = 1e8;
    }
    for (int t = 0; t < br.nthreads; t++) {
        beam_worker *bw = &br.wk[t];
        cs_work_free(&bw->w);
        free(bw->child);
        free(bw->pb);
        free(bw->mv);
        free(bw->pmv);
        free(bw->path);
        free(bw->pseq);
        free(bw->c);
    }
    cs_add_memory(s, br.peak + (size_t)br.nthreads * (2 * br.sh->bytes + (size_t)br.sh->ncells * 40));
    free(br.cur);
    free(br.next);
    free(br.cur_val);
    free(br.next_val);
    free(br.cur_hist);
    free(br.next_hist);
    free(br.wk);
    free(br.hist);
}
