/* Driver of the anytime Clickomania / SameGame optimisers (objectives score
 * and max): threads, budget, the shared best sequence, the greedy incumbent,
 * and the descriptor's solve wrappers for nrpa, nmcs, beam and greedy.
 *
 * Idea: every algorithm is a worker that offers whole sequences from the
 * root; the driver keeps the best under a mutex (an atomic copy of its value
 * lets workers skip the lock when they cannot improve) and reports each
 * improvement with the time through the progress callback. Before any worker
 * starts, the greedy sequence (largest group first, the most frequent colour
 * kept for last; the better of that and plain largest-group-first) is the
 * incumbent, so no algorithm answers worse than greedy.
 *
 * Budget: a node counter shared by the threads (atomic) and the clock, read
 * at every tick (a tick is a playout or a generated child, microseconds of
 * work, so reading the clock costs under 1%). A node budget allows exactly
 * node_limit nodes; with one thread the run is then reproducible from the
 * seed. Without any limit each algorithm makes one pass and stops.
 *
 * Complexity: greedy O(moves x blocks); the rest is in solve_nmcs.c,
 * solve_nrpa.c and solve_beam.c. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania_search.h"

struct cs_shared {
    const cs_shape *sh;
    const cs_board *root;
    const click_search_params *p;
    double start;
    bool limited;
    pthread_mutex_t mu;
    _Atomic long long best; /* value of best_seq; mirrors it for lock-free checks */
    cs_cellref *best_seq;
    int best_len, maxlen;
    atomic_uint_fast64_t nodes;
    atomic_int hit; /* PL_LIMIT_* once reached */
    atomic_int runs;
    atomic_int width;
    atomic_size_t memory;
};

const cs_shape *cs_shared_shape(const cs_shared *s) {
    return s->sh;
}
const cs_board *cs_shared_root(const cs_shared *s) {
    return s->root;
}
const click_search_params *cs_shared_params(const cs_shared *s) {
    return s->p;
}
bool cs_has_limit(const cs_shared *s) {
    return s->limited;
}

bool cs_stopped(const cs_shared *s) {
    return atomic_load_explicit(&((cs_shared *)(uintptr_t)s)->hit, memory_order_relaxed) != PL_LIMIT_NONE;
}

bool cs_expired(cs_shared *s) {
    if (atomic_load_explicit(&s->hit, memory_order_relaxed)) return true;
    if (s->p->time_limit > 0 && pl_now() - s->start >= s->p->time_limit) {
        int none = PL_LIMIT_NONE;
        atomic_compare_exchange_strong(&s->hit, &none, PL_LIMIT_TIME);
        return true;
    }
    return false;
}

bool cs_tick(cs_shared *s, uint64_t n) {
    if (atomic_load_explicit(&s->hit, memory_order_relaxed)) return false;
    uint64_t t = atomic_fetch_add_explicit(&s->nodes, n, memory_order_relaxed) + n;
    if (s->p->node_limit && t > s->p->node_limit) {
        atomic_fetch_sub_explicit(&s->nodes, n, memory_order_relaxed); /* not done */
        int none = PL_LIMIT_NONE;
        atomic_compare_exchange_strong(&s->hit, &none, PL_LIMIT_NODES);
        return false;
    }
    if (s->p->time_limit > 0 && pl_now() - s->start >= s->p->time_limit) {
        int none = PL_LIMIT_NONE;
        atomic_compare_exchange_strong(&s->hit, &none, PL_LIMIT_TIME);
        return false;
    }
    return true;
}

long long cs_best_value(const cs_shared *s) {
    return atomic_load_explicit(&((cs_shared *)(uintptr_t)s)->best, memory_order_relaxed);
}

double cs_elapsed(const cs_shared *s) {
    return pl_now() - s->start;
}
uint64_t cs_nodes(const cs_shared *s) {
    return atomic_load(&((cs_shared *)(uintptr_t)s)->nodes);
}

void cs_count_run(cs_shared *s) {
    atomic_fetch_add(&s->runs, 1);
}
void cs_set_width(cs_shared *s, int width) {
    atomic_store(&s->width, width);
}
void cs_add_memory(cs_shared *s, size_t bytes) {
    atomic_fetch_add(&s->memory, bytes);
}

uint64_t cs_thread_seed(const cs_shared *s, int t) {
    uint64_t st = s->p->seed ^ ((uint64_t)t * 0xd1b54a32d192ed03ULL);
    return pl_splitmix64(&st);
}

static const char *alg_name(click_search_alg a) {
    switch (a) {
    case CLICK_SEARCH_GREEDY: return "greedy";
    case CLICK_SEARCH_BEAM: return "beam";
    case CLICK_SEARCH_NMCS: return "nmcs";
    case CLICK_SEARCH_NRPA: return "nrpa";
    }
    return "?";
}

static const char *node_name(click_search_alg a) {
    return a == CLICK_SEARCH_BEAM ? "children" : a == CLICK_SEARCH_GREEDY ? "nodes" : "playouts";
}

void cs_offer(cs_shared *s, long long value, const cs_cellref *seq, int n) {
    if (value <= atomic_load_explicit(&s->best, memory_order_relaxed)) return;
    pthread_mutex_lock(&s->mu);
    if (value > atomic_load_explicit(&s->best, memory_order_relaxed)) {
        memcpy(s->best_seq, seq, (size_t)n * sizeof *seq);
        s->best_len = n;
        atomic_store_explicit(&s->best, value, memory_order_relaxed);
        if (s->p->progress) {
            char line[200];
            snprintf(line, sizeof line, "%s: %s %lld (%d moves) at %.3f s, %llu %s", alg_name(s->p->alg),
                     s->p->obj == CLICK_MAX ? "removed" : "score", value, n, pl_now() - s->start,
                     (unsigned long long)atomic_load(&s->nodes), node_name(s->p->alg));
            s->p->progress(s->p->progress_ctx, line);
        }
    }
    pthread_mutex_unlock(&s->mu);
}

/* Largest group first; tabu != 0: groups of that colour only when nothing
 * else is clickable. */
static long long greedy(cs_shared *s, const cs_shape *sh, const cs_board *root, click_objective obj, int tabu,
                        cs_cellref *seq, int *nseq) {
    cs_board *b = cs_board_new(sh);
    cs_board_copy(sh, b, root);
    cs_work w;
    cs_work_init(&w, sh);
    w.watch = s; /* a step enumerates the whole board: on a big one, minutes a line */
    cs_move *mv = pl_xmalloc((size_t)cs_max_moves(root) * sizeof *mv);
    long long v = 0;
    int k = 0;
    for (;;) {
        if (cs_work_expired(&w)) break; /* the line so far is a legal prefix: still an answer */
        int n = cs_moves(sh, b, &w, mv), best = -1;
        for (int pass = 0; pass < 2 && best < 0; pass++)
            for (int i = 0; i < n; i++) {
                if (pass == 0 && tabu && mv[i].colour == tabu) continue;
                if (best < 0 || mv[i].size > mv[best].size) best = i;
            }
        if (best < 0) break;
        seq[k].col = mv[best].col;
        seq[k].h = mv[best].h;
        k++;
        int size = cs_play(sh, b, &w, mv[best].col, mv[best].h);
        v += cs_gain(obj, size, b->blocks);
    }
    free(mv);
    cs_work_free(&w);
    free(b);
    *nseq = k;
    return v;
}

void click_search_params_default(click_search_params *p, click_search_alg alg, click_objective obj) {
    memset(p, 0, sizeof *p);
    p->alg = alg;
    p->obj = obj;
    p->seed = 1;
    p->threads = 1;
    p->beam_playouts = 1;
    p->tabu_bias = -3;
}

typedef struct worker_arg {
    cs_shared *s;
    int t;
} worker_arg;

static void *worker_main(void *arg) {
    worker_arg *a = arg;
    if (a->s->p->alg == CLICK_SEARCH_NMCS)
        cs_worker_nmcs(a->s, a->t);
    else
        cs_worker_nrpa(a->s, a->t);
    return NULL;
}

int click_search_run(const click_board *start, const click_search_params *p_in, click_search_result *r) {
    memset(r, 0, sizeof *r);
    if (p_in->obj != CLICK_SCORE && p_in->obj != CLICK_MAX) return -1;
    click_search_params p = *p_in;
    if (p.threads < 1) p.threads = 1;
    /* Default levels: with a limit, the strongest that pays off within a
     * minute on 15x15 (restarted until the limit); without one, a single
     * quick run (NRPA level 2: 10^4 playouts; NMCS level 1). */
    bool limited = p.time_limit > 0 || p.node_limit > 0;
    if (p.level <= 0) p.level = p.alg == CLICK_SEARCH_NRPA ? (limited ? 3 : 2) : (limited ? 2 : 1);
    if (p.iterations <= 0) p.iterations = 100;
    if (p.width <= 0) p.width = 64;
    if (p.alpha <= 0) p.alpha = 1.0;
    if (p.kappa <= 0) p.kappa = 1.0;
    if (p.tabu_bias >= 0) p.tabu_bias = -3;
    if (!p.memory_limit) p.memory_limit = PL_DEFAULT_MEMORY_LIMIT;
    cs_shape sh;
    if (cs_shape_init(&sh, start->rows, start->cols, start->ncolours)) return -1;
    cs_board *root = cs_board_new(&sh);
    cs_board_load(&sh, root, start);

    cs_shared s;
    memset(&s, 0, sizeof s);
    s.sh = &sh;
    s.root = root;
    s.p = &p;
    s.start = pl_now();
    s.limited = p.time_limit > 0 || p.node_limit > 0;
    pthread_mutex_init(&s.mu, NULL);
    s.maxlen = cs_max_moves(root);
    s.best_seq = pl_xmalloc((size_t)s.maxlen * sizeof *s.best_seq);
    atomic_init(&s.best, -1);
    atomic_init(&s.nodes, 0);
    atomic_init(&s.hit, PL_LIMIT_NONE);
    atomic_init(&s.runs, 0);
    atomic_init(&s.width, 0);
    atomic_init(&s.memory, (size_t)(2 * sh.bytes + (size_t)sh.ncells * 2 * (sizeof(uint64_t) + sizeof(cs_cellref))));

    /* The incumbent: the better greedy (ties: tabu-colour greedy). */
    cs_cellref *seq = pl_xmalloc((size_t)s.maxlen * sizeof *seq);
    int n;
    long long v = greedy(&s, &sh, root, p.obj, p.no_tabu ? 0 : cs_most_frequent(&sh, root), seq, &n);
    cs_offer(&s, v, seq, n);
    v = greedy(&s, &sh, root, p.obj, 0, seq, &n);
    cs_offer(&s, v, seq, n);
    free(seq);

    /* No clickable group: the empty sequence is all there is (and a search
     * would never reach a playout, so never tick the budget). */
    cs_work w0;
    cs_work_init(&w0, &sh);
    cs_move *mv0 = pl_xmalloc((size_t)s.maxlen * sizeof *mv0);
    const bool any_move = cs_moves(&sh, root, &w0, mv0) > 0;
    free(mv0);
    cs_work_free(&w0);
    if (!any_move) {
        /* nothing to search */
    } else if (p.alg == CLICK_SEARCH_BEAM) {
        cs_run_beam(&s);
    } else if (p.alg == CLICK_SEARCH_NMCS || p.alg == CLICK_SEARCH_NRPA) {
        int nt = p.threads;
        pthread_t *th = pl_xmalloc((size_t)nt * sizeof *th);
        worker_arg *args = pl_xmalloc((size_t)nt * sizeof *args);
        int started = 1;
        for (int t = 0; t < nt; t++) args[t] = (worker_arg){&s, t};
        for (int t = 1; t < nt; t++)
            if (pthread_create(&th[t], NULL, worker_main, &args[t]) == 0)
                started = t + 1;
            else
                break;
        worker_main(&args[0]);
        for (int t = 1; t < started; t++) pthread_join(th[t], NULL);
        free(th);
        free(args);
    }

    r->seconds = pl_now() - s.start;
    r->nodes = atomic_load(&s.nodes);
    r->limit_hit = atomic_load(&s.hit);
    r->runs = atomic_load(&s.runs);
    r->width = atomic_load(&s.width);
    r->peak_memory = atomic_load(&s.memory);
    r->nmoves = s.best_len;
    r->moves = pl_xmalloc((size_t)(s.best_len + 1) * sizeof *r->moves);
    memcpy(r->moves, s.best_seq, (size_t)s.best_len * sizeof *r->moves);
    /* Values by replaying the best on the engine. */
    cs_board *b = cs_board_new(&sh);
    cs_board_copy(&sh, b, root);
    cs_work w;
    cs_work_init(&w, &sh);
    for (int i = 0; i < r->nmoves; i++) {
        int size = cs_play(&sh, b, &w, r->moves[i].col, r->moves[i].h);
        r->removed += size;
        r->score += cs_gain(CLICK_SCORE, size, b->blocks);
    }
    r->value = p.obj == CLICK_MAX ? r->removed : r->score;
    cs_work_free(&w);
    free(b);
    free(s.best_seq);
    pthread_mutex_destroy(&s.mu);
    free(root);
    cs_shape_free(&sh);
    return 0;
}

void click_search_result_free(click_search_result *r) {
    free(r->moves);
    memset(r, 0, sizeof *r);
}

long long click_search_replay(const click_board *start, click_objective obj, const click_search_result *r,
                              long long *score, long long *removed) {
    click_board b;
    click_board_init(&b, start->rows, start->cols, start->ncolours);
    click_board_copy(&b, start);
    click_scratch sc;
    click_scratch_init(&sc, start->rows, start->cols);
    long long sco = 0, rem = 0;
    bool ok = true;
    for (int i = 0; i < r->nmoves && ok; i++) {
        int size = click_click_at(&b, &sc, start->rows - 1 - r->moves[i].h, r->moves[i].col);
        if (size < 2) ok = false;
        rem += size;
        sco += click_group_score(size) + (b.blocks == 0 ? CLICK_CLEAR_BONUS : 0);
    }
    click_scratch_free(&sc);
    click_board_free(&b);
    if (!ok) return -1;
    if (score) *score = sco;
    if (removed) *removed = rem;
    return obj == CLICK_MAX ? rem : sco;
}

/* ---------- descriptor wrappers ---------- */

static bool objective_ok(const pl_request *req, click_objective *obj) {
    return click_objective_parse(req->objective, obj) == 0 && (*obj == CLICK_MAX || *obj == CLICK_SCORE);
}

bool click_search_applies(const void *level, const pl_request *req, char *why, size_t n) {
    const click_board *b = &((const click_level *)level)->board;
    click_objective obj;
    if (!objective_ok(req, &obj)) {
        snprintf(why, n, "anytime optimisers need --objective max or score (clear is a yes/no question: use exact)");
        return false;
    }
    cs_shape sh;
    if (cs_shape_init(&sh, b->rows, b->cols, b->ncolours)) {
        snprintf(why, n, "board too big for the anytime optimisers (%d x %d, %d colours)", b->rows, b->cols,
                 b->ncolours);
        return false;
    }
    cs_shape_free(&sh);
    snprintf(why, n, "objective %s on a %d x %d board with %d blocks: anytime search, never proven optimal",
             req->objective, b->rows, b->cols, b->blocks);
    return true;
}

bool click_search_preferred(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const click_board *b = &((const click_level *)level)->board;
    if (b->blocks <= CLICK_SEARCH_AUTO_BLOCKS) {
        snprintf(why, n, "%d blocks: small enough for exact search, which proves optimality", b->blocks);
        return false;
    }
    snprintf(why, n,
             "%d blocks: too many for exact search (the problem is NP-hard), so NRPA, anytime: give "
             "--time-limit (restarts until then) or --node-limit (playouts)",
             b->blocks);
    return true;
}

bool click_search_not_auto(const void *level, const pl_request *req, char *why, size_t n) {
    (void)level;
    (void)req;
    snprintf(why, n, "auto picks nrpa, the strongest anytime optimiser here");
    return false;
}

static int solve_with(click_search_alg alg, const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const click_level *l = level;
    click_objective obj;
    if (!objective_ok(req, &obj))
        return pl_error_set(err, NULL, 0, 0, "algorithm %s needs --objective max or score", alg_name(alg));
    click_search_params p;
    click_search_params_default(&p, alg, obj);
    long lv, it, wd, bp;
    double alpha, kappa, tb = p.tabu_bias;
    if (!req->opts) {
        lv = it = wd = 0;
        bp = p.beam_playouts;
        alpha = kappa = 0;
    } else if (pl_opts_long(req->opts, "level", 0, 0, 8, &lv, err) ||
               pl_opts_long(req->opts, "iterations", 0, 0, 1000000, &it, err) ||
               pl_opts_long(req->opts, "width", 0, 0, 1L << 24, &wd, err) ||
               pl_opts_long(req->opts, "beam-playouts", p.beam_playouts, 0, 1000000, &bp, err) ||
               pl_opts_double(req->opts, "alpha", 0, 0, 100, &alpha, err) ||
               pl_opts_double(req->opts, "kappa", 0, 0, 100, &kappa, err) ||
               pl_opts_double(req->opts, "tabu-bias", p.tabu_bias, -700, -1e-9, &tb, err))
        return -1;
    const char *tm = req->opts ? pl_opts_get(req->opts, "tabu") : NULL;
    if (tm && strcmp(tm, "mixed") == 0)
        p.tabu_mode = CLICK_TABU_MIXED;
    else if (tm && strcmp(tm, "soft") == 0)
        p.tabu_mode = CLICK_TABU_SOFT;
    else if (tm && strcmp(tm, "hard") == 0)
        p.tabu_mode = CLICK_TABU_HARD;
    else if (tm)
        return pl_error_set(err, NULL, 0, 0, "--tabu: expected mixed, soft or hard, got '%s'", tm);
    p.tabu_bias = tb;
    p.level = (int)lv;
    p.iterations = (int)it;
    p.width = (int)wd;
    p.alpha = alpha;
    p.beam_playouts = (int)bp;
    p.kappa = kappa;
    p.no_tabu = req->opts && pl_opts_has(req->opts, "no-tabu");
    p.seed = req->seed;
    p.threads = req->threads > 0 ? req->threads : 1;
    pl_limits *lim = req->limits;
    if (lim) {
        if (lim->time_limit > 0) {
            p.time_limit = lim->time_limit - pl_limits_elapsed(lim);
            if (p.time_limit <= 0) p.time_limit = 1e-9;
        }
        p.node_limit = lim->node_limit;
        p.memory_limit = lim->memory_limit;
    }
    p.progress = req->progress;
    p.progress_ctx = req->progress_ctx;
    click_search_result r;
    if (click_search_run(&l->board, &p, &r))
        return pl_error_set(err, NULL, 0, 0, "board too big for the anytime optimisers");
    out->status = PL_SOLVED;
    out->optimal = 0;
    out->nodes = r.nodes;
    out->peak_memory = r.peak_memory;
    out->limit_hit = r.limit_hit;
    if (lim) {
        lim->nodes = r.nodes;
        lim->hit = r.limit_hit;
    }
    pl_solution_set_value(out, "removed", r.removed);
    pl_solution_set_value(out, "score", r.score);
    char mv[32];
    for (int i = 0; i < r.nmoves; i++) {
        snprintf(mv, sizeof mv, "%d,%d", l->board.rows - 1 - r.moves[i].h, r.moves[i].col);
        pl_strvec_push(&out->moves, mv);
    }
    if (alg == CLICK_SEARCH_BEAM)
        snprintf(out->note, sizeof out->note, "%d passes, widest completed %d, %.0f children/s, %d threads", r.runs,
                 r.width, r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0, p.threads);
    else if (alg == CLICK_SEARCH_GREEDY)
        snprintf(out->note, sizeof out->note, "greedy: largest group first");
    else
        snprintf(out->note, sizeof out->note, "%d runs completed, %.0f playouts/s, %d threads", r.runs,
                 r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0, p.threads);
    click_search_result_free(&r);
    return 0;
}

int click_solve_nrpa(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_with(CLICK_SEARCH_NRPA, level, req, out, err);
}
int click_solve_nmcs(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_with(CLICK_SEARCH_NMCS, level, req, out, err);
}
int click_solve_beam(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_with(CLICK_SEARCH_BEAM, level, req, out, err);
}
int click_solve_greedy(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    return solve_with(CLICK_SEARCH_GREEDY, level, req, out, err);
}
