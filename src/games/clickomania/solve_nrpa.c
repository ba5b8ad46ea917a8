/* Nested Rollout Policy Adaptation for SameGame / Clickomania (objectives
 * score and max).
 *
 * Paper: C. D. Rosin, "Nested Rollout Policy Adaptation for Monte Carlo Tree
 * Search", IJCAI 2011. Selective playouts as in T. Cazenave, "Nested Rollout
 * Policy Adaptation with Selective Policies" (2016), with the tabu colour of
 * TabuColorRandom (Schadd et al. 2008: the colour most frequent at the
 * root), and a move bias as in Cazenave's Generalized NRPA (2020).
 *
 * Idea: a policy maps a move code to a weight; a playout clicks group i with
 * probability exp(w_i + b_i) / sum_j exp(w_j + b_j) over the groups it may
 * choose. A level-0 search is one playout. A level-k search copies its
 * parent's policy, runs N level-(k-1) searches with it, keeps the best
 * sequence (ties go to the newer one) and after each adapts its policy
 * towards that sequence: at each step, the move played gains alpha and
 * every choosable move j loses alpha * p_j (p under the policy before this
 * adaptation).
 *
 * The tabu colour, two ways:
 *  - hard: its groups are not choosable while another group is clickable
 *    (the selective policy), so that colour ends in one big group. Such
 *    playouts can never click it early, and on some boards (board 07 of the
 *    standard set) every clearing sequence needs that: NRPA then never
 *    clears;
 *  - soft: its groups are choosable with bias b = tabu_bias (default -3,
 *    a weight of 0.05), so the policy can learn such sequences. Soft
 *    clears every board of the set but is 1.5 times slower (more choices)
 *    and sometimes below hard, so by default (mixed) even threads run soft,
 *    odd ones hard; one thread runs soft.
 * The other groups have b = 0.
 *
 * Move code: on the bitboard twin (at most 63 rows), a hash of the group's
 * colour and cells, each column named by its place at the root (columns
 * keep their name when they shift), so an unchanged group keeps its code
 * from step to step; on the byte engine, the Zobrist hash of its colour and
 * cells where they stand.
 *
 * Speed: a playout records, at each step, the codes of the choosable moves,
 * their policy slots and which was played, so adaptation needs no replay.
 * Groups are kept by incremental enumeration (two lists on the twin: the
 * tabu colour's and the others), and a kept group keeps its policy slot, so
 * a step looks up only new groups; the level-1 adaptation reuses the slots.
 * The policy keeps exp(weight) next to each weight (weights clamped to
 * +-500; a polynomial exp), so playouts compute no exponentials.
 *
 * Threads: independent runs on every thread with independent seeds; with a
 * limit each thread restarts (empty policy, new random stream) until it.
 * Without a limit each thread makes one run.
 *
 * Complexity: a level-k run is N^k playouts, each O(L x blocks) for a game
 * of L moves plus O(L x m) policy work (m choosable groups); adaptation
 * costs O(L x m). Memory: k + 2 policies (hash tables, grown by doubling)
 * and k + 1 recorded games per thread. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania_search.h"

/* ---------- policy: open addressing, code -> weight (absent: 0) ----------
 * Each entry also holds exp(weight), so playouts need no exp() and an
 * adaptation one per legal move it touches. Weights are clamped to
 * [-W_MAX, W_MAX] so exp() neither overflows nor underflows to 0. */
#define W_MAX 500.0

typedef struct policy {
    uint64_t *key; /* 0: empty slot */
    double *w, *ew;
    uint32_t cap, used;
    uint64_t gen; /* changes whenever slots may move (growth, copy) */
} policy;

#define SLOT_ABSENT 0xfffffffeu

/* A fast exp for weights in [-W_MAX, W_MAX]: 2^n by the exponent bits times
 * a degree-7 polynomial on [-ln2/2, ln2/2] (relative error below 1e-8);
 * pure arithmetic, so as reproducible as the rest. */
static inline double fast_exp(double x) {
    const double log2e = 1.4426950408889634, ln2hi = 0.6931471803691238, ln2lo = 1.9082149292705877e-10;
    double n = x * log2e;
    n = n >= 0 ? (double)(long long)(n + 0.5) : -(double)(long long)(0.5 - n);
    const double r = (x - n * ln2hi) - n * ln2lo;
    double q = 1.0 / 5040;
    q = q * r + 1.0 / 720;
    q = q * r + 1.0 / 120;
    q = q * r + 1.0 / 24;
    q = q * r + 1.0 / 6;
    q = q * r + 0.5;
    q = q * r + 1.0;
    q = q * r + 1.0;
    union {
        double d;
        uint64_t u;
    } scale;
    scale.u = (uint64_t)((long long)n + 1023) << 52;
    return q * scale.d;
}

static void pol_init(policy *p, uint32_t cap) {
    p->cap = cap;
    p->used = 0;
    p->gen = 0;
    p->key = pl_xcalloc(cap, sizeof *p->key);
    p->w = pl_xmalloc((size_t)cap * sizeof *p->w);
    p->ew = pl_xmalloc((size_t)cap * sizeof *p->ew);
}

static void pol_free(policy *p) {
    free(p->key);
    free(p->w);
    free(p->ew);
    memset(p, 0, sizeof *p);
}

static void pol_clear(policy *p, uint64_t gen) {
    memset(p->key, 0, (size_t)p->cap * sizeof *p->key);
    p->used = 0;
    p->gen = gen;
}

static inline uint64_t fix_code(uint64_t c) {
    return c ? c : 1;
}
static inline uint32_t slot_of(uint64_t k, uint32_t mask) {
    return (uint32_t)(k ^ (k >> 29)) & mask;
}

/* The slot of code k, or SLOT_ABSENT (weight 0, exp(weight) 1). */
static inline uint32_t pol_find(const policy *p, uint64_t k) {
    const uint32_t mask = p->cap - 1;
    for (uint32_t i = slot_of(k, mask);; i = (i + 1) & mask) {
        const uint64_t x = p->key[i];
        if (x == k) return i;
        if (x == 0) return SLOT_ABSENT;
    }
}

static void pol_grow(policy *p, uint32_t need, uint64_t gen) {
    uint32_t cap = p->cap;
    while (2 * (uint64_t)need > cap) cap *= 2;
    if (cap == p->cap) return;
    policy q;
    pol_init(&q, cap);
    q.gen = gen;
    for (uint32_t i = 0; i < p->cap; i++) {
        if (!p->key[i]) continue;
        uint32_t j = slot_of(p->key[i], q.cap - 1);
        while (q.key[j]) j = (j + 1) & (q.cap - 1);
        q.key[j] = p->key[i];
        q.w[j] = p->w[i];
        q.ew[j] = p->ew[i];
    }
    q.used = p->used;
    pol_free(p);
    *p = q;
}

/* The slot of code k, inserted with weight 0 when absent; the table must
 * have room (pol_grow first). */
static inline uint32_t pol_slot(policy *p, uint64_t k) {
    const uint32_t mask = p->cap - 1;
    for (uint32_t i = slot_of(k, mask);; i = (i + 1) & mask) {
        const uint64_t x = p->key[i];
        if (x == k) return i;
        if (x == 0) {
            p->key[i] = k;
            p->w[i] = 0;
            p->ew[i] = 1;
            p->used++;
            return i;
        }
    }
}

static void pol_copy(policy *dst, const policy *src, uint64_t gen) {
    if (dst->cap != src->cap) {
        pol_free(dst);
        pol_init(dst, src->cap);
    }
    dst->gen = gen;
    memcpy(dst->key, src->key, (size_t)src->cap * sizeof *src->key);
    memcpy(dst->w, src->w, (size_t)src->cap * sizeof *src->w);
    memcpy(dst->ew, src->ew, (size_t)src->cap * sizeof *src->ew);
    dst->used = src->used;
}

/* ---------- a recorded game: clicks plus the legal codes at each step ---------- */
typedef struct record {
    long long value; /* -1: none yet */
    int nsteps;
    cs_cellref *seq; /* [maxlen] */
    int32_t *off;    /* [maxlen + 1]: codes of step s are codes[off[s] .. off[s+1]) */
    int32_t *chosen; /* [maxlen]: index within the step's codes */
    uint64_t *codes;
    uint32_t *slots; /* each code's slot in the playout's policy (or SLOT_ABSENT) */
    double *bias;    /* each code's exp(bias): 1, or exp(tabu_bias) for the tabu colour (soft tabu) */
    size_t ccap;
    const policy *pol; /* that policy, at generation gen */
    uint64_t gen;
} record;

static void rec_init(record *r, int maxlen) {
    memset(r, 0, sizeof *r);
    r->value = -1;
    r->seq = pl_xmalloc((size_t)maxlen * sizeof *r->seq);
    r->off = pl_xmalloc(((size_t)maxlen + 1) * sizeof *r->off);
    r->chosen = pl_xmalloc((size_t)maxlen * sizeof *r->chosen);
    r->ccap = 1024;
    r->codes = pl_xmalloc(r->ccap * sizeof *r->codes);
    r->slots = pl_xmalloc(r->ccap * sizeof *r->slots);
    r->bias = pl_xmalloc(r->ccap * sizeof *r->bias);
}

static void rec_free(record *r) {
    free(r->seq);
    free(r->off);
    free(r->chosen);
    free(r->codes);
    free(r->slots);
    free(r->bias);
}

typedef struct nrpa_thread {
    cs_shared *s;
    const cs_shape *sh;
    const cs_board *root;
    click_objective obj;
    int levels, iterations, top_iterations, tabu, maxlen;
    double alpha;
    double soft; /* exp(tabu_bias) with a soft tabu, else 0 */
    bool stopped;
    cs_work w;
    pl_rng rng;
    policy *pol;  /* [levels + 2]; pol[levels + 1] stays empty (the root's parent) */
    record *best; /* [levels + 1] */
    cs_board *pb;
    cs_move *mv;
    double *e;       /* [maxlen] softmax scratch */
    double *delta;   /* adaptation scratch, grown with the codes */
    uint32_t *slots; /* adaptation scratch: each code's slot */
    size_t dcap;
    uint64_t gen;   /* policy generations handed out */
    cs_move **cand; /* [maxlen] the groups a playout chooses from */
    cs_move *tmv;   /* [maxlen] the tabu colour's groups */
    long long local_best;
} nrpa_thread;

static inline double rand01(pl_rng *r) {
    return (double)(pl_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* One playout from the root under policy p into r. On the bitboard twin
 * (boards of at most 63 rows) the groups are kept in two incremental lists,
 * those not of the tabu colour (mv) and those of it (tmv): the tabu colour's
 * big group spans most columns and would otherwise force wide rescans of
 * every colour. With the hard tabu, tmv is built only when nothing else is
 * left. On the byte engine (taller boards) every step enumerates anew. */
static long long playout(nrpa_thread *t, const policy *p, record *r) {
    const cs_shape *sh = t->sh;
    cs_work *w = &t->w;
    const bool bits = w->bits != NULL, soft = t->soft > 0;
    const int tabu = t->tabu;
    cs_board *b = t->pb;
    cs_move *mv = t->mv, *tmv = t->tmv, **cand = t->cand;
    double *e = t->e;
    long long val = 0;
    int steps = 0, n = 0, nt = 0;
    size_t nc = 0;
    if (bits) {
        cs_bits_load(sh, w, t->root);
        n = cs_bits_moves(w, mv, tabu);
        if (soft && tabu) nt = cs_bits_moves_of(w, tmv, tabu);
    } else {
        cs_board_copy(sh, b, t->root);
        n = cs_moves(sh, b, w, mv);
    }
    for (;;) {
        /* a step costs O(blocks) on the byte engine: the clock each time */
        if ((!bits || (steps & 255) == 255) && cs_work_expired(w)) break;
        int m = 0;
        if (bits) {
            for (int i = 0; i < n; i++) cand[m++] = &mv[i];
            if (soft) {
                for (int i = 0; i < nt; i++) cand[m++] = &tmv[i];
            } else if (m == 0 && tabu) {
                nt = cs_bits_moves_of(w, tmv, tabu);
                for (int i = 0; i < nt; i++) cand[m++] = &tmv[i];
            }
        } else {
            for (int i = 0; i < n; i++)
                if (soft || mv[i].colour != tabu) cand[m++] = &mv[i];
            if (m == 0)
                for (int i = 0; i < n; i++) cand[m++] = &mv[i];
        }
        if (m == 0) break;
        if (nc + (size_t)m > r->ccap) {
            while (nc + (size_t)m > r->ccap) r->ccap *= 2;
            r->codes = pl_xrealloc(r->codes, r->ccap * sizeof *r->codes);
            r->slots = pl_xrealloc(r->slots, r->ccap * sizeof *r->slots);
            r->bias = pl_xrealloc(r->bias, r->ccap * sizeof *r->bias);
        }
        uint64_t *codes = r->codes + nc;
        uint32_t *slots = r->slots + nc;
        double *bias = r->bias + nc;
        double z = 0;
        for (int i = 0; i < m; i++) {
            /* The policy is fixed during a playout, and a group kept by the
             * incremental update keeps its code: look up new groups only. */
            cs_move *g = cand[i];
            const uint64_t c = fix_code(g->code);
            if (g->aux == CS_AUX_NONE) g->aux = pol_find(p, c);
            codes[i] = c;
            slots[i] = g->aux;
            bias[i] = soft && g->colour == tabu ? t->soft : 1.0;
            e[i] = (g->aux == SLOT_ABSENT ? 1.0 : p->ew[g->aux]) * bias[i];
            z += e[i];
        }
        double x = rand01(&t->rng) * z, acc = 0;
        int pick = m - 1;
        for (int i = 0; i < m; i++) {
            acc += e[i];
            if (x < acc) {
                pick = i;
                break;
            }
        }
        const cs_move mm = *cand[pick];
        r->off[steps] = (int32_t)nc;
        r->chosen[steps] = pick;
        r->seq[steps].col = mm.col;
        r->seq[steps].h = mm.h;
        nc += (size_t)m;
        steps++;
        if (bits) {
            int size = cs_bits_play(w, mm.col, mm.h);
            val += cs_gain(t->obj, size, cs_bits_blocks(w));
            n = cs_bits_moves_after(w, mv, n, tabu);
            if (soft && tabu) nt = cs_bits_moves_after_of(w, tmv, nt, tabu);
        } else {
            int size = cs_play(sh, b, w, mm.col, mm.h);
            val += cs_gain(t->obj, size, b->blocks);
            n = cs_moves_after(sh, b, w, mv, n);
        }
    }
    r->off[steps] = (int32_t)nc;
    r->nsteps = steps;
    r->value = val;
    r->pol = p;
    r->gen = p->gen;
    return val;
}

/* Rosin's adaptation of p towards r: at each step the move played gains
 * alpha and every legal move j loses alpha * p_j, p under the policy before
 * this adaptation (all deltas are computed first, then applied). */
static void adapt(nrpa_thread *t, policy *p, const record *r) {
    size_t nc = (size_t)r->off[r->nsteps];
    if (nc > t->dcap) {
        t->dcap = nc;
        t->delta = pl_xrealloc(t->delta, nc * sizeof *t->delta);
        t->slots = pl_xrealloc(t->slots, nc * sizeof *t->slots);
    }
    pol_grow(p, p->used + (uint32_t)nc, ++t->gen);
    /* The playout's slots are still good when it ran on this very table and
     * nothing moved since (level 1, the most frequent adaptation). */
    const bool cached = r->pol == p && r->gen == p->gen;
    double *d = t->delta;
    uint32_t *sl = t->slots;
    for (int s = 0; s < r->nsteps; s++) {
        const int a = r->off[s], b = r->off[s + 1];
        double z = 0;
        for (int j = a; j < b; j++) {
            uint32_t x = cached ? r->slots[j] : SLOT_ABSENT;
            if (x == SLOT_ABSENT) x = pol_slot(p, r->codes[j]);
            sl[j] = x;
            d[j] = p->ew[x] * r->bias[j];
            z += d[j];
        }
        const double k = t->alpha / z;
        for (int j = a; j < b; j++) d[j] *= -k;
        d[a + r->chosen[s]] += t->alpha;
    }
    for (size_t j = 0; j < nc; j++) {
        double v = p->w[sl[j]] + d[j];
        p->w[sl[j]] = v < -W_MAX ? -W_MAX : v > W_MAX ? W_MAX : v;
    }
    for (size_t j = 0; j < nc; j++) p->ew[sl[j]] = fast_exp(p->w[sl[j]]);
}

static void rec_swap(record *a, record *b) {
    record x = *a;
    *a = *b;
    *b = x;
}

/* Level lev from the root with the parent's policy; result in t->best[lev]. */
static long long nrpa(nrpa_thread *t, int lev, const policy *parent) {
    record *best = &t->best[lev];
    if (lev == 0) {
        if (!cs_tick(t->s, 1)) {
            t->stopped = true;
            best->value = -1;
            best->nsteps = 0;
            return -1;
        }
        long long v = playout(t, parent, best);
        if (v > t->local_best) {
            t->local_best = v;
            cs_offer(t->s, v, best->seq, best->nsteps);
        }
        return v;
    }
    policy *p = &t->pol[lev];
    pol_copy(p, parent, ++t->gen);
    best->value = -1;
    best->nsteps = 0;
    const int iters = lev == t->levels ? t->top_iterations : t->iterations;
    for (int i = 0; i < iters; i++) {
        long long v = nrpa(t, lev - 1, p);
        if (v >= 0 && v >= best->value) rec_swap(best, &t->best[lev - 1]);
        if (t->stopped) break;
        if (i + 1 < iters) adapt(t, p, best);
    }
    return best->value;
}

void cs_worker_nrpa(cs_shared *s, int tid) {
    const click_search_params *p = cs_shared_params(s);
    nrpa_thread t;
    memset(&t, 0, sizeof t);
    t.s = s;
    t.sh = cs_shared_shape(s);
    t.root = cs_shared_root(s);
    t.obj = p->obj;
    t.levels = p->level;
    t.iterations = p->iterations;
    t.top_iterations = p->top_iterations > 0 ? p->top_iterations : p->iterations;
    t.alpha = p->alpha;
    /* Soft or hard tabu: by the mode; mixed alternates over the threads, the
     * first (and a lone thread) soft, the one that always clears. */
    bool soft = p->tabu_mode == CLICK_TABU_SOFT || (p->tabu_mode == CLICK_TABU_MIXED && tid % 2 == 0);
    t.soft = soft && p->tabu_bias < 0 ? exp(p->tabu_bias) : 0;
    t.tabu = p->no_tabu ? 0 : cs_most_frequent(t.sh, t.root);
    t.maxlen = cs_max_moves(t.root);
    cs_work_init(&t.w, t.sh);
    t.w.watch = s;
    cs_bits_set_code(&t.w, p->code);
    pl_rng_seed(&t.rng, cs_thread_seed(s, tid));
    int L = t.levels;
    t.pol = pl_xcalloc((size_t)L + 2, sizeof *t.pol);
    for (int k = 0; k <= L + 1; k++) pol_init(&t.pol[k], 1024);
    t.best = pl_xcalloc((size_t)L + 1, sizeof *t.best);
    for (int k = 0; k <= L; k++) rec_init(&t.best[k], t.maxlen);
    t.pb = cs_board_new(t.sh);
    t.mv = pl_xmalloc((size_t)t.maxlen * sizeof *t.mv);
    t.e = pl_xmalloc((size_t)t.maxlen * sizeof *t.e);
    t.cand = pl_xmalloc((size_t)t.maxlen * sizeof *t.cand);
    t.tmv = pl_xmalloc((size_t)t.maxlen * sizeof *t.tmv);
    t.local_best = cs_best_value(s);
    do {
        pol_clear(&t.pol[L + 1], ++t.gen);
        nrpa(&t, L, &t.pol[L + 1]);
        if (!t.stopped) cs_count_run(s);
    } while (!t.stopped && cs_has_limit(s));
    size_t bytes = t.dcap * (sizeof *t.delta + sizeof *t.slots) +
                   (size_t)t.maxlen * (sizeof *t.mv * 2 + sizeof *t.e + sizeof *t.cand);
    for (int k = 0; k <= L + 1; k++) bytes += (size_t)t.pol[k].cap * (sizeof(uint64_t) + 2 * sizeof(double));
    for (int k = 0; k <= L; k++)
        bytes += t.best[k].ccap * (sizeof(uint64_t) + sizeof(uint32_t)) +
                 (size_t)t.maxlen * (sizeof(cs_cellref) + 3 * sizeof(int32_t));
    cs_add_memory(s, bytes + t.sh->bytes + (size_t)t.sh->ncells * 40);
    for (int k = 0; k <= L + 1; k++) pol_free(&t.pol[k]);
    for (int k = 0; k <= L; k++) rec_free(&t.best[k]);
    free(t.pol);
    free(t.best);
    free(t.pb);
    free(t.mv);
    free(t.e);
    free(t.delta);
    free(t.slots);
    free(t.cand);
    free(t.tmv);
    cs_work_free(&t.w);
}
