/* Random Clickomania boards.
 *
 * Plain: every cell of the R x C board holds a block of a uniform random
 * colour.
 * --solvable (the `clear` objective): a planted construction, played
 * backwards from the empty board. Each step inserts one group: one to three
 * neighbouring columns (new columns at some position while the board has
 * fewer than C, then existing ones, the lowest of three draws), each getting
 * a vertical run at some height (the blocks above are lifted), the runs of
 * neighbouring columns overlapping so that the group is connected, two
 * blocks at least; its colour is drawn among those no block next to the
 * group has. Then the group is a maximal group of the new board, and
 * clicking it (the blocks above fall back, empty columns close up) gives
 * exactly the board before the step: read backwards, the steps are a
 * certificate that clears the board. Steps that would leave a column one
 * block short between full columns are refused (no group could fill it).
 * Stuck (200 draws without a step), the construction undoes its last few
 * steps; an attempt ends after 40 draws per cell, and after 40 attempts the
 * board is stripes (one-colour bands of full columns or full rows, which
 * clear from the left or the bottom). Three or more colours practically never
 * need the stripes; with two colours, boards beyond about 25 cells usually
 * do (a planted two-colour group needs every neighbour in the other colour).
 * One colour: the full board is one group. A 1x1 board is never solvable.
 * Every draw continues the one random stream of --seed; the opening comment
 * is the command that prints the same file again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

const pl_option click_generate_options[] = {
    {"rows", "R", "rows (default 5)"},
    {"cols", "C", "columns (default 5)"},
    {"colours", "K", "colours, 1 to 62 (default 3)"},
    {"seed", "S", "random seed (default 1)"},
    {"solvable", NULL,
     "only boards that can be cleared, by a planted solution played backwards (at most 100000 cells)"},
    {NULL, NULL, NULL},
};

static const char colour_alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

#define SOLVABLE_MAX_CELLS 100000L
#define ATTEMPTS 40

/* The board being built: columns 0..ncols-1 are non-empty, column c holds
 * height[c] blocks at cell[c * rows + h] (bottom first), colours 1..k. */
typedef struct planter {
    int rows, cols, k;
    int ncols;
    long blocks;
    int *height;
    uint8_t *cell;
    pl_rng *rng;
} planter;

/* A group to insert: columns c0..c0+w-1, in column c0+j a run of len[j]
 * blocks from height h[j]; fresh: the columns are new. */
typedef struct step {
    int colour, c0, w;
    bool fresh;
    int h[3], len[3];
} step;

static int below(pl_rng *r, int n) {
    return (int)pl_rng_below(r, (uint64_t)n);
}

static uint8_t *at(planter *p, int c, int h) {
    return &p->cell[(size_t)c * (size_t)p->rows + (size_t)h];
}

static void insert(planter *p, const step *s) {
    if (s->fresh) {
        memmove(at(p, s->c0 + s->w, 0), at(p, s->c0, 0), (size_t)(p->ncols - s->c0) * (size_t)p->rows);
        memmove(p->height + s->c0 + s->w, p->height + s->c0, (size_t)(p->ncols - s->c0) * sizeof *p->height);
        for (int j = 0; j < s->w; j++) p->height[s->c0 + j] = 0;
        p->ncols += s->w;
    }
    for (int j = 0; j < s->w; j++) {
        int c = s->c0 + j, h = s->h[j], n = s->len[j];
        memmove(at(p, c, h + n), at(p, c, h), (size_t)(p->height[c] - h));
        memset(at(p, c, h), s->colour, (size_t)n);
        p->height[c] += n;
        p->blocks += n;
    }
}

static void undo(planter *p, const step *s) {
    for (int j = 0; j < s->w; j++) {
        int c = s->c0 + j, h = s->h[j], n = s->len[j];
        memmove(at(p, c, h), at(p, c, h + n), (size_t)(p->height[c] - h - n));
        p->height[c] -= n;
        p->blocks -= n;
    }
    if (s->fresh) {
        memmove(at(p, s->c0, 0), at(p, s->c0 + s->w, 0), (size_t)(p->ncols - s->c0 - s->w) * (size_t)p->rows);
        memmove(p->height + s->c0, p->height + s->c0 + s->w, (size_t)(p->ncols - s->c0 - s->w) * sizeof *p->height);
        p->ncols -= s->w;
    }
}

static bool in_group(const step *s, int c, int h) {
    int j = c - s->c0;
    return j >= 0 && j < s->w && h >= s->h[j] && h < s->h[j] + s->len[j];
}

/* After insert (with colour 0 in the group's cells): the colour that makes
 * the group maximal (none of its neighbours has it), at random among those
 * that do, and no column left one short between full ones; 0 when none. */
static int step_colour(planter *p, const step *s) {
    static const int dc[4] = {1, -1, 0, 0}, dh[4] = {0, 0, 1, -1};
    bool near[CLICK_MAX_COLOURS + 1] = {false};
    for (int j = 0; j < s->w; j++)
        for (int h = s->h[j]; h < s->h[j] + s->len[j]; h++)
            for (int q = 0; q < 4; q++) {
                int c2 = s->c0 + j + dc[q], h2 = h + dh[q];
                if (c2 < 0 || c2 >= p->ncols || h2 < 0 || h2 >= p->height[c2] || in_group(s, c2, h2)) continue;
                near[*at(p, c2, h2)] = true;
            }
    int lo = s->c0 - 1 < 0 ? 0 : s->c0 - 1, hi = s->c0 + s->w + 1 > p->ncols ? p->ncols : s->c0 + s->w + 1;
    for (int c = lo; c < hi; c++) {
        if (p->rows - p->height[c] != 1) continue;
        bool partner = (c > 0 && p->height[c - 1] < p->rows) || (c + 1 < p->ncols && p->height[c + 1] < p->rows) ||
                       p->ncols < p->cols;
        if (!partner) return 0;
    }
    int free_colours = 0;
    for (int x = 1; x <= p->k; x++) free_colours += !near[x];
    if (!free_colours) return 0;
    int pick = below(p->rng, free_colours);
    for (int x = 1; x <= p->k; x++)
        if (!near[x] && pick-- == 0) return x;
    return 0;
}

static void paint(planter *p, const step *s) {
    for (int j = 0; j < s->w; j++) memset(at(p, s->c0 + j, s->h[j]), s->colour, (size_t)s->len[j]);
}

/* A random step (not yet checked); false when the draw is impossible. */
static bool propose(planter *p, step *s) {
    memset(s, 0, sizeof *s);       /* colour 0 until step_colour picks one */
    s->fresh = p->ncols < p->cols; /* every column first, then they grow level */
    if (s->fresh) {
        int room = p->cols - p->ncols;
        s->w = 1 + below(p->rng, room < 2 ? room : 2);
        s->c0 = below(p->rng, p->ncols + 1);
        for (int j = 0; j < s->w; j++) s->len[j] = 1 + below(p->rng, p->rows < 3 ? p->rows : 3);
        if (s->w == 1 && s->len[0] < 2) {
            if (p->rows < 2) return false;
            s->len[0] = 2;
        }
        return true;
    }
    /* a column that is not full, and up to two neighbours */
    int c = -1;
    for (int t = 0; t < 3; t++) { /* the lowest of three draws: no deep wells */
        int d = below(p->rng, p->ncols);
        if (c < 0 || p->height[d] < p->height[c]) c = d;
    }
    for (int t = 0; t < p->ncols && p->height[c] == p->rows; t++) c = (c + 1) % p->ncols;
    if (p->height[c] == p->rows) return false;
    s->w = 1 + below(p->rng, p->ncols < 3 ? p->ncols : 3);
    s->c0 = c - below(p->rng, s->w);
    if (s->c0 < 0) s->c0 = 0;
    if (s->c0 + s->w > p->ncols) s->c0 = p->ncols - s->w;
    for (int j = 0; j < s->w; j++) {
        int room = p->rows - p->height[s->c0 + j];
        if (room == 0) return false;
        s->len[j] = 1 + below(p->rng, room < 3 ? room : 3);
        if (s->w == 1 && s->len[0] < 2) {
            if (room < 2) return false;
            s->len[0] = 2;
        }
        int lo = 0, hi = p->height[s->c0 + j]; /* the run starts in [lo, hi] */
        if (j > 0) {                           /* and overlaps the previous run */
            int plo = s->h[j - 1] - s->len[j] + 1, phi = s->h[j - 1] + s->len[j - 1] - 1;
            if (plo > lo) lo = plo;
            if (phi < hi) hi = phi;
            if (lo > hi) return false;
        }
        s->h[j] = lo + below(p->rng, hi - lo + 1);
    }
    return true;
}

/* One attempt: true when the board filled up. Stuck (no step fits after
 * 200 draws), it undoes the last few steps (exactly: a step removed is its
 * group clicked) and goes on; gives up after 40 draws per cell. */
static bool plant(planter *p) {
    p->ncols = 0;
    p->blocks = 0;
    long total = (long)p->rows * p->cols, draws = 0, nhist = 0, fails = 0;
    step *hist = pl_xmalloc((size_t)(total / 2 + 1) * sizeof *hist);
    while (p->blocks < total && draws++ < 40 * total + 1000) {
        step s;
        if (propose(p, &s)) {
            insert(p, &s);
            s.colour = step_colour(p, &s);
            if (s.colour) {
                paint(p, &s);
                hist[nhist++] = s;
                fails = 0;
                continue;
            }
            undo(p, &s);
        }
        if (++fails < 200) continue;
        fails = 0;
        for (int u = 1 + below(p->rng, 16); u > 0 && nhist > 0; u--) undo(p, &hist[--nhist]);
    }
    free(hist);
    return p->blocks == total;
}

/* The fallback: stripes, full columns or full rows in bands of one to three
 * (two to three when a band would be a single block), each band of one
 * colour, neighbours differing. Every band is a group, and clicking the
 * leftmost (or the bottom) band never merges two. */
static void plant_stripes(planter *p) {
    bool vertical = p->rows == 1 || (p->cols > 1 && below(p->rng, 2));
    int n = vertical ? p->cols : p->rows, across = vertical ? p->rows : p->cols, least = across > 1 ? 1 : 2;
    int prev = 0;
    p->ncols = p->cols;
    for (int c = 0; c < p->cols; c++) p->height[c] = p->rows;
    for (int i = 0; i < n;) {
        int w = least + below(p->rng, 3 - least + 1);
        if (w > n - i) w = n - i;
        if (n - i - w > 0 && n - i - w < least) w = n - i - least >= least ? n - i - least : n - i;
        int x = 1 + below(p->rng, p->k);
        if (p->k > 1 && x == prev) x = x % p->k + 1;
        for (int j = i; j < i + w; j++)
            for (int t = 0; t < across; t++) *(vertical ? at(p, j, t) : at(p, t, j)) = (uint8_t)x;
        prev = x;
        i += w;
    }
}

static char *solvable_board(long rows, long cols, long k, pl_rng *rng, pl_sbuf *b, pl_error *err) {
    if (rows * cols < 2)
        return pl_error_set(err, NULL, 0, 0, "--solvable: a 1x1 board is never solvable (a group has two blocks)"),
               NULL;
    if (rows * cols > SOLVABLE_MAX_CELLS)
        return pl_error_set(err, NULL, 0, 0, "--solvable: --rows x --cols is %ld cells, more than %ld", rows * cols,
                            SOLVABLE_MAX_CELLS),
               NULL;
    planter p = {.rows = (int)rows, .cols = (int)cols, .k = (int)k, .rng = rng};
    p.height = pl_xcalloc((size_t)cols, sizeof *p.height);
    p.cell = pl_xcalloc((size_t)(rows * cols), 1);
    bool done = false;
    if (k == 1) { /* the full board is one group */
        memset(p.cell, 1, (size_t)(rows * cols));
        for (long c = 0; c < cols; c++) p.height[c] = (int)rows;
        done = true;
    }
    for (int a = 0; a < ATTEMPTS && !done; a++) done = plant(&p);
    if (!done) plant_stripes(&p);
    for (int r = 0; r < p.rows; r++) {
        for (int c = 0; c < p.cols; c++) {
            int h = p.rows - 1 - r;
            pl_sbuf_printf(b, "%c", h < p.height[c] ? colour_alphabet[*at(&p, c, h) - 1] : '.');
        }
        pl_sbuf_printf(b, "\n");
    }
    free(p.height);
    free(p.cell);
    return b->s;
}

char *click_generate(const pl_opts *o, pl_error *err) {
    long rows, cols, k;
    uint64_t seed;
    if (pl_opts_long(o, "rows", 5, 1, 4096, &rows, err) || pl_opts_long(o, "cols", 5, 1, 4096, &cols, err) ||
        pl_opts_long(o, "colours", 3, 1, CLICK_MAX_COLOURS, &k, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    if (rows * cols > 10000000L) {
        pl_error_set(err, NULL, 0, 0, "--rows x --cols: %ld cells is more than 10^7", rows * cols);
        return NULL;
    }
    bool solvable = pl_opts_has(o, "solvable");
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    pl_sbuf b = {0};
    pl_sbuf_printf(&b,
                   "# clickomania: generated by puzzlelab clickomania generate --rows %ld --cols %ld --colours %ld%s "
                   "--seed %llu\n",
                   rows, cols, k, solvable ? " --solvable" : "", (unsigned long long)seed);
    if (solvable) {
        if (!solvable_board(rows, cols, k, &rng, &b, err)) {
            free(b.s);
            return NULL;
        }
        return b.s;
    }
    size_t hn = b.n;
    b.s = pl_xrealloc(b.s, hn + (size_t)rows * (size_t)(cols + 1) + 1);
    char *p = b.s + hn;
    for (long r = 0; r < rows; r++) {
        for (long c = 0; c < cols; c++) *p++ = colour_alphabet[pl_rng_below(&rng, (uint64_t)k)];
        *p++ = '\n';
    }
    *p = '\0';
    return b.s;
}
