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
 * search. */
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
    const char *algorithm;
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
 * recursive). At position i, c->colour[i] is the colour tried last (0: none
 * yet), m[i] the colours used before i and w[i] the weight so far. Boards
 * are counted in the order of the recursive enumeration. */
static void enumerate(census *c) {
    int n = c->n;
    if (c->stopped) return;
    if (n == 0) {
        count(c, 1);
        return;
    }
    int *m = pl_xmalloc((size_t)n * sizeof *m);
    uint64_t *w = pl_xmalloc((size_t)n * sizeof *w);
    int i = 0;
    m[0] = 0;
    w[0] = 1;
    c->colour[0] = 0;
    while (i >= 0) {
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

static void sample(census *c, uint64_t samples, uint64_t seed) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (uint64_t s = 0; s < samples && !c->stopped; s++) {
        c->word.ngroups = 0;
        c->word.blocks = 0;
        for (int i = 0; i < c->n; i++) {
            c->colour[i] = 1 + (int)pl_rng_below(&rng, (uint64_t)c->k);
            if (c->line) word_push(&c->word, c->colour[i]);
        }
        count(c, 1);
    }
}

static void run_one(census *c, int rows, int cols, uint64_t samples, uint64_t seed) {
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
    c->algorithm = !c->line ? "exact" : c->obj == CLICK_MAX ? "line-max" : c->k <= 2 ? "two-colours" : "grammar";
    if (samples) sample(c, samples, seed);
    else enumerate(c);
}

static void finish_one(census *c, json_t *o) {
    json_object_set_new(o, "boards", json_integer((json_int_t)c->boards));
    json_object_set_new(o, "solvable", json_integer((json_int_t)c->solvable));
    json_object_set_new(o, "fraction", json_real(c->boards ? (double)c->solvable / (double)c->boards : 0.0));
    if (c->obj == CLICK_MAX) {
        json_t *h = json_array();
        for (int v = 0; v <= c->n; v++)
            if (c->hist[v]) {
                json_t *e = json_object();
                json_object_set_new(e, "removed", json_integer(v));
                json_object_set_new(e, "boards", json_integer((json_int_t)c->hist[v]));
                json_array_append_new(h, e);
            }
        json_object_set_new(o, "optimum", h);
    }
    free(c->hist);
    free(c->colour);
    free(c->word.colour);
    free(c->word.size);
    if (!c->line) click_board_free(&c->board);
}

int click_census(const pl_opts *o, pl_limits *lim, json_t *out, pl_error *err) {
    long rows, cols, k;
    uint64_t samples, seed;
    if (pl_opts_long(o, "rows", 8, 1, 1000000, &rows, err) || pl_opts_long(o, "cols", 1, 1, 1000000, &cols, err) ||
        pl_opts_long(o, "colours", 2, 1, CLICK_MAX_COLOURS, &k, err) || pl_opts_u64(o, "sample", 0, &samples, err) ||
        pl_opts_u64(o, "seed", 1, &seed, err))
        return -1;
    census c;
    memset(&c, 0, sizeof c);
    c.k = (int)k;
    c.lim = lim;
    if (click_objective_parse(pl_opts_get(o, "objective"), &c.obj) || c.obj == CLICK_SCORE)
        return pl_error_set(err, NULL, 0, 0, "--objective: expected clear or max");
    bool all = pl_opts_has(o, "all-lengths");
    if (all && rows > 1 && cols > 1) return pl_error_set(err, NULL, 0, 0, "--all-lengths needs one column or one row");
    if (rows * cols > 100000) return pl_error_set(err, NULL, 0, 0, "boards of more than 100000 cells are too big");
    if (!samples) {
        /* Every board: K^n must fit in 64 bits, and it had better be feasible. */
        double total = 1;
        for (long i = 0; i < rows * cols; i++) total *= (double)k;
        if (total > 1e15)
            return pl_error_set(err, NULL, 0, 0,
                                "%ld^%ld boards are too many to enumerate; use --sample N", k, rows * cols);
    }
    json_object_set_new(out, "game", json_string("clickomania"));
    json_object_set_new(out, "rows", json_integer(rows));
    json_object_set_new(out, "cols", json_integer(cols));
    json_object_set_new(out, "colours", json_integer(k));
    json_object_set_new(out, "objective", json_string(c.obj == CLICK_MAX ? "max" : "clear"));
    json_object_set_new(out, "mode", json_string(samples ? "sample" : "every board, counted up to renaming colours"));
    if (samples) json_object_set_new(out, "seed", json_integer((json_int_t)seed));
    if (all) {
        json_t *arr = json_array();
        long len = rows > cols ? rows : cols;
        for (long n = 1; n <= len && !c.stopped; n++) {
            run_one(&c, rows > 1 ? (int)n : 1, rows > 1 ? 1 : (int)n, samples, seed);
            json_t *e = json_object();
            json_object_set_new(e, "length", json_integer(n));
            finish_one(&c, e);
            json_array_append_new(arr, e);
        }
        json_object_set_new(out, "algorithm", json_string(c.algorithm));
        json_object_set_new(out, "lengths", arr);
    } else {
        run_one(&c, (int)rows, (int)cols, samples, seed);
        json_object_set_new(out, "algorithm", json_string(c.algorithm));
        finish_one(&c, out);
    }
    json_object_set_new(out, "status", json_string(c.stopped ? "unknown" : "solved"));
    if (c.stopped) json_object_set_new(out, "limit", json_string(pl_limit_name(lim->hit)));
    return 0;
}
