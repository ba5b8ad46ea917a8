/* Census of Clickomania boards of one shape: every full board with K colours
 * (or a uniform sample), how many can be cleared, and for objective max the
 * distribution of the optimum. This is the experiment behind the OEIS counts
 * of solvable one-column strings (A035615, A035617, A065237, A065238).
 *
 * Exhaustive mode counts colourings up to renaming colours: it enumerates
 * restricted-growth strings (the first block has colour 1, each new colour is
 * the next unused one) and weights each by K!/(K-m)! for its m colours, so
 * the totals are exact over all K^n boards. One-column and one-row shapes use
 * the paper's algorithms (two colours: the linear test of Theorems 10 and 12;
 * more: the grammar of Theorem 2; max: Lemma 1's programme), with the group
 * word built incrementally along the enumeration; other shapes use the exact
 * search.
 *
 * The census is a sum over chunks (pl_census_hooks, below): prefixes of the
 * enumeration, or ranges of the sample, fixed by the options alone, so that
 * `census` under mpirun hands them out to processes and adds up the same
 * counts whatever their number. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

const pl_option click_census_options[] = {
    {"rows", "R", "rows (default 8)"},
    {"cols", "C", "columns (default 1)"},
    {"colours", "K", "colours, 1 to 62 (default 2)"},
    {"objective", "clear|max", "clear: count clearable boards (default); max: distribution of the most blocks removable"},
    {"all-lengths", NULL, "one column or one row: every length from 1 to the given one"},
    {"sample", "N", "a uniform sample of N boards instead of every board"},
    {"seed", "S", "seed of the sample (default 1)"},
    {NULL, NULL, NULL},
};

typedef struct census {
    int rows, cols, n, k;
    click_objective obj;
    bool line;
    pl_limits *lim;
    /* counts */
    uint64_t boards, solvable;
    uint64_t *hist; /* boards by blocks removed (max) */
    bool stopped;
    /* enumeration state */
    int *colour;     /* per cell, 1..k */
    click_word word; /* incremental, line shapes */
    click_board board;
} census;

static void word_push(click_word *w, int c) {
    if (w->ngroups > 0 && w->colour[w->ngroups - 1] == c) {
        w->size[w->ngroups - 1]++;
    } else {
        w->colour[w->ngroups] = c;
        w->size[w->ngroups++] = 1;
    }
    w->blocks++;
}

static void word_pop(click_word *w) {
    if (--w->size[w->ngroups - 1] == 0) w->ngroups--;
    w->blocks--;
}

/* Decides (and for max, optimises) the current board; returns blocks removed,
 * or -1 for an unclearable board under clear. */
static long long evaluate(census *c) {
    if (c->line) {
        click_word *w = &c->word;
        if (c->obj == CLICK_CLEAR) {
            if (c->k <= 2) return click_line_two_colours_solvable(w) ? c->n : -1;
            click_line_result r;
            click_line_grammar(w, c->lim, &r);
            pl_status st = r.status;
            click_line_result_free(&r);
            if (st == PL_UNKNOWN) c->stopped = true;
            return st == PL_SOLVED ? c->n : -1;
        }
        click_line_result r;
        click_line_max(w, c->lim, &r);
        long long v = r.removed;
        if (r.status == PL_UNKNOWN) c->stopped = true;
        click_line_result_free(&r);
        return v;
    }
    click_board *b = &c->board;
    for (int col = 0; col < c->cols; col++) {
        b->height[col] = c->rows;
        for (int h = 0; h < c->rows; h++) b->cell[col * c->rows + h] = (uint8_t)c->colour[col * c->rows + h];
    }
    b->width = c->cols;
    b->blocks = c->n;
    pl_limits sub;
    pl_limits_init(&sub, 0, 0, c->lim->memory_limit);
    click_exact_result r;
    click_solve_exact(b, c->obj, &sub, &r);
    long long v = c->obj == CLICK_CLEAR ? (r.status == PL_SOLVED ? c->n : -1) : r.removed;
    click_exact_result_free(&r);
    return v;
}

static void count(census *c, uint64_t weight) {
    if (!pl_limits_tick(c->lim)) {
        c->stopped = true;
        return;
    }
    long long v = evaluate(c);
    c->boards += weight;
    if (c->obj == CLICK_CLEAR) {
        if (v >= 0) c->solvable += weight;
    } else {
        c->hist[v] += weight;
        if (v == c->n) c->solvable += weight;
    }
}

/* Restricted-growth strings, depth first without recursion: the string is
 * as long as the board (with one colour, K^n = 1 passes the size check for a
 * board of 100,000 cells, which overflowed the call stack when this was
 * recursive). The first d positions are the chunk's prefix, fixed (colour,
 * word), with d0 its largest colour and w0 its weight; at position i >= d,
 * c->colour[i] is the colour tried last (0: none yet), m[i] the colours used
 * before i and w[i] the weight so far. Boards are counted in the order of
 * the recursive enumeration. */
static void enumerate(census *c, int d, int m0, uint64_t w0) {
    int n = c->n;
    if (c->stopped) return;
    if (d == n) {
        count(c, w0);
        return;
    }
    int *m = pl_xmalloc((size_t)n * sizeof *m);
    uint64_t *w = pl_xmalloc((size_t)n * sizeof *w);
    int i = d;
    m[d] = m0;
    w[d] = w0;
    c->colour[d] = 0;
    while (i >= d) {
        if (c->colour[i] > 0 && c->line) word_pop(&c->word); /* the colour tried last */
        int top = m[i] < c->k ? m[i] + 1 : c->k;
        if (c->stopped || c->colour[i] >= top) {
            i--;
            continue;
        }
        int col = ++c->colour[i];
        if (c->line) word_push(&c->word, col);
        int nm = col > m[i] ? col : m[i];
        uint64_t nw = col > m[i] ? w[i] * (uint64_t)(c->k - m[i]) : w[i];
        if (i + 1 == n) {
            count(c, nw);
            continue;
        }
        i++;
        m[i] = nm;
        w[i] = nw;
        c->colour[i] = 0;
    }
    free(m);
    free(w);
}

/* Board s of a sample is drawn from its own generator, seeded with the
 * (s+1)-th output of SplitMix64 started at the sample's seed: any range of
 * boards can be drawn without the ones before it, so a chunk of the sample
 * is the same boards on any process. */
static void sample(census *c, uint64_t from, uint64_t to, uint64_t seed) {
    for (uint64_t s = from; s < to && !c->stopped; s++) {
        uint64_t st = seed + s * 0x9e3779b97f4a7c15ULL;
        pl_rng rng;
        pl_rng_seed(&rng, pl_splitmix64(&st));
        c->word.ngroups = 0;
        c->word.blocks = 0;
        for (int i = 0; i < c->n; i++) {
            c->colour[i] = 1 + (int)pl_rng_below(&rng, (uint64_t)c->k);
            if (c->line) word_push(&c->word, c->colour[i]);
        }
        count(c, 1);
    }
}

static void shape_begin(census *c, int rows, int cols) {
    c->rows = rows;
    c->cols = cols;
    c->n = rows * cols;
    c->line = rows == 1 || cols == 1;
    c->boards = c->solvable = 0;
    c->hist = pl_xcalloc((size_t)c->n + 1, sizeof *c->hist);
    c->colour = pl_xcalloc((size_t)c->n + 1, sizeof *c->colour);
    memset(&c->word, 0, sizeof c->word);
    c->word.colour = pl_xcalloc((size_t)c->n + 1, sizeof(int));
    c->word.size = pl_xcalloc((size_t)c->n + 1, sizeof(int));
    if (!c->line) click_board_init(&c->board, rows, cols, c->k);
}

static void shape_end(census *c) {
    free(c->hist);
    free(c->colour);
    free(c->word.colour);
    free(c->word.size);
    if (!c->line) click_board_free(&c->board);
}

/* ---------- the census in chunks (pl_census_hooks) ----------
 *
 * A census is one shape, or with --all-lengths one shape a length. Each
 * shape's boards are split into chunks that depend only on the options:
 * every restricted-growth prefix of the first d cells, with d the longest
 * (at most the board, at most CENSUS_MAX_DEPTH) that gives at most
 * CENSUS_CHUNKS prefixes, in the enumeration's order; a sample, into at most
 * CENSUS_CHUNKS ranges of boards. A shape's counters are boards, solvable
 * and the histogram of blocks removed (n + 1 entries): n + 3 of them, one
 * block a shape. */
enum { CENSUS_CHUNKS = 4096, CENSUS_MAX_DEPTH = 24 };

typedef struct census_shape {
    int rows, cols, n, depth; /* depth: the prefix length (exhaustive) */
    long first, nchunks;      /* its chunks in the plan's list */
    size_t base;              /* its counters */
    uint8_t *prefix;          /* nchunks x depth colours (exhaustive) */
} census_shape;

typedef struct census_plan {
    int k;
    click_objective obj;
    uint64_t samples, seed;
    bool all;
    census_shape *shape;
    int nshapes;
    long nchunks;
    size_t ncounters;
    const char *algorithm;
} census_plan;

/* The restricted-growth prefixes of length d with at most k colours, in
 * lexicographic order (the enumeration's), or only their number when out is
 * NULL; stops counting past cap. */
static long rgs_prefixes(int d, int k, long cap, uint8_t *out) {
    uint8_t *p = pl_xcalloc((size_t)d + 1, 1), *mx = pl_xcalloc((size_t)d + 2, 1);
    long count = 0;
    int i = 0;
    if (d == 0) {
        free(p);
        free(mx);
        return 1;
    }
    /* p[i]: colour tried last at i (0: none), mx[i]: the largest before i */
    while (i >= 0 && count <= cap) {
        int top = mx[i] < k ? mx[i] + 1 : k;
        if (p[i] >= top) {
            p[i] = 0;
            i--;
            continue;
        }
        p[i]++;
        if (i + 1 == d) {
            if (out) memcpy(out + (size_t)count * (size_t)d, p, (size_t)d);
            count++;
            continue;
        }
        mx[i + 1] = p[i] > mx[i] ? p[i] : mx[i];
        i++;
    }
    free(p);
    free(mx);
    return count;
}

static void *census_plan_new(const pl_opts *o, json_t *out, long *nchunks, size_t *ncounters, pl_error *err) {
    long rows, cols, k;
    uint64_t samples, seed;
    if (pl_opts_long(o, "rows", 8, 1, 1000000, &rows, err) || pl_opts_long(o, "cols", 1, 1, 1000000, &cols, err) ||
        pl_opts_long(o, "colours", 2, 1, CLICK_MAX_COLOURS, &k, err) || pl_opts_u64(o, "sample", 0, &samples, err) ||
        pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    click_objective obj;
    if (click_objective_parse(pl_opts_get(o, "objective"), &obj) || obj == CLICK_SCORE) {
        pl_error_set(err, NULL, 0, 0, "--objective: expected clear or max");
        return NULL;
    }
    bool all = pl_opts_has(o, "all-lengths");
    if (all && rows > 1 && cols > 1) {
        pl_error_set(err, NULL, 0, 0, "--all-lengths needs one column or one row");
        return NULL;
    }
    if (rows * cols > 100000) {
        pl_error_set(err, NULL, 0, 0, "boards of more than 100000 cells are too big");
        return NULL;
    }
    if (!samples) {
        /* Every board: K^n must fit in 64 bits, and it had better be feasible. */
        double total = 1;
        for (long i = 0; i < rows * cols; i++) total *= (double)k;
        if (total > 1e15) {
            pl_error_set(err, NULL, 0, 0, "%ld^%ld boards are too many to enumerate; use --sample N", k, rows * cols);
            return NULL;
        }
    }
    census_plan *p = pl_xcalloc(1, sizeof *p);
    p->k = (int)k;
    p->obj = obj;
    p->samples = samples;
    p->seed = seed;
    p->all = all;
    long len = rows > cols ? rows : cols;
    p->nshapes = all ? (int)len : 1;
    p->shape = pl_xcalloc((size_t)p->nshapes, sizeof *p->shape);
    for (int s = 0; s < p->nshapes; s++) {
        census_shape *sh = &p->shape[s];
        sh->rows = !all ? (int)rows : rows > 1 ? s + 1 : 1;
        sh->cols = !all ? (int)cols : rows > 1 ? 1 : s + 1;
        sh->n = sh->rows * sh->cols;
        sh->first = p->nchunks;
        sh->base = p->ncounters;
        p->ncounters += (size_t)sh->n + 3;
        if (samples) {
            sh->nchunks = samples < CENSUS_CHUNKS ? (long)samples : CENSUS_CHUNKS;
        } else {
            int d = 0;
            while (d < sh->n && d < CENSUS_MAX_DEPTH && rgs_prefixes(d + 1, p->k, CENSUS_CHUNKS, NULL) <= CENSUS_CHUNKS)
                d++;
            sh->depth = d;
            sh->nchunks = rgs_prefixes(d, p->k, CENSUS_CHUNKS, NULL);
            if (d > 0) {
                sh->prefix = pl_xmalloc((size_t)sh->nchunks * (size_t)d);
                rgs_prefixes(d, p->k, CENSUS_CHUNKS, sh->prefix);
            }
        }
        p->nchunks += sh->nchunks;
    }
    bool line = rows == 1 || cols == 1;
    p->algorithm = !line ? "exact" : obj == CLICK_MAX ? "line-max" : k <= 2 ? "two-colours" : "grammar";
    json_object_set_new(out, "game", json_string("clickomania"));
    json_object_set_new(out, "rows", json_integer(rows));
    json_object_set_new(out, "cols", json_integer(cols));
    json_object_set_new(out, "colours", json_integer(k));
    json_object_set_new(out, "objective", json_string(obj == CLICK_MAX ? "max" : "clear"));
    json_object_set_new(out, "mode", json_string(samples ? "sample" : "every board, counted up to renaming colours"));
    if (samples) json_object_set_new(out, "seed", json_integer((json_int_t)seed));
    *nchunks = p->nchunks;
    *ncounters = p->ncounters;
    return p;
}

static bool census_chunk(void *plan, long chunk, pl_limits *lim, uint64_t *counts) {
    census_plan *p = plan;
    int s = 0;
    while (s + 1 < p->nshapes && p->shape[s + 1].first <= chunk) s++;
    census_shape *sh = &p->shape[s];
    long j = chunk - sh->first;
    census c;
    memset(&c, 0, sizeof c);
    c.k = p->k;
    c.obj = p->obj;
    c.lim = lim;
    shape_begin(&c, sh->rows, sh->cols);
    if (p->samples) {
        uint64_t from = p->samples * (uint64_t)j / (uint64_t)sh->nchunks;
        uint64_t to = p->samples * (uint64_t)(j + 1) / (uint64_t)sh->nchunks;
        sample(&c, from, to, p->seed);
    } else {
        const uint8_t *pre = sh->prefix ? sh->prefix + (size_t)j * (size_t)sh->depth : NULL;
        int m = 0;
        uint64_t w = 1;
        for (int i = 0; i < sh->depth; i++) {
            int col = pre[i];
            if (col > m) {
                w *= (uint64_t)(c.k - m);
                m = col;
            }
            c.colour[i] = col;
            if (c.line) word_push(&c.word, col);
        }
        enumerate(&c, sh->depth, m, w);
    }
    uint64_t *out = counts + sh->base;
    out[0] += c.boards;
    out[1] += c.solvable;
    for (int v = 0; v <= sh->n; v++) out[2 + v] += c.hist[v];
    bool stopped = c.stopped;
    shape_end(&c);
    return !stopped;
}

static void shape_json(const census_plan *p, const census_shape *sh, const uint64_t *counts, json_t *o) {
    const uint64_t *x = counts + sh->base;
    json_object_set_new(o, "boards", json_integer((json_int_t)x[0]));
    json_object_set_new(o, "solvable", json_integer((json_int_t)x[1]));
    json_object_set_new(o, "fraction", json_real(x[0] ? (double)x[1] / (double)x[0] : 0.0));
    if (p->obj == CLICK_MAX) {
        json_t *h = json_array();
        for (int v = 0; v <= sh->n; v++)
            if (x[2 + v]) {
                json_t *e = json_object();
                json_object_set_new(e, "removed", json_integer(v));
                json_object_set_new(e, "boards", json_integer((json_int_t)x[2 + v]));
                json_array_append_new(h, e);
            }
        json_object_set_new(o, "optimum", h);
    }
}

static void census_finish(void *plan, const uint64_t *counts, json_t *out) {
    census_plan *p = plan;
    json_object_set_new(out, "algorithm", json_string(p->algorithm));
    if (!p->all) {
        shape_json(p, &p->shape[0], counts, out);
        return;
    }
    /* every length with a board counted: all of them, unless a limit
     * stopped the census */
    json_t *arr = json_array();
    for (int s = 0; s < p->nshapes; s++) {
        if (counts[p->shape[s].base] == 0) continue;
        json_t *e = json_object();
        json_object_set_new(e, "length", json_integer(p->shape[s].n));
        shape_json(p, &p->shape[s], counts, e);
        json_array_append_new(arr, e);
    }
    json_object_set_new(out, "lengths", arr);
}

static void census_plan_free(void *plan) {
    census_plan *p = plan;
    for (int s = 0; s < p->nshapes; s++) free(p->shape[s].prefix);
    free(p->shape);
    free(p);
}

const pl_census_hooks click_census_hooks = {
    .plan = census_plan_new,
    .chunk = census_chunk,
    .finish = census_finish,
    .free = census_plan_free,
};

int click_census(const pl_opts *o, pl_limits *lim, json_t *out, pl_error *err) {
    return pl_census_run(&click_census_hooks, o, lim, out, err);
}
