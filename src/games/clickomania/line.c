/* One-column / one-row boards as words of groups, and the bookkeeping that
 * turns clicks on original groups into positions in the current word. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

bool click_board_is_column(const click_board *b) { return b->width <= 1; }

bool click_board_is_line(const click_board *b) {
    if (b->width <= 1) return true;
    unsigned tall = 0; /* a reduction, not an early exit: it vectorises */
    for (int c = 0; c < b->width; c++) tall |= (unsigned)(b->height[c] > 1);
    return tall == 0;
}

static void word_push(click_word *w, int colour, int *cap) {
    if (w->ngroups > 0 && w->colour[w->ngroups - 1] == colour) {
        w->size[w->ngroups - 1]++;
    } else {
        if (w->ngroups == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            w->colour = pl_xrealloc(w->colour, (size_t)*cap * sizeof *w->colour);
            w->size = pl_xrealloc(w->size, (size_t)*cap * sizeof *w->size);
        }
        w->colour[w->ngroups] = colour;
        w->size[w->ngroups++] = 1;
    }
    w->blocks++;
}

static void count_colours(click_word *w) {
    bool seen[CLICK_MAX_COLOURS + 1] = {false};
    w->ncolours = 0;
    for (int i = 0; i < w->ngroups; i++)
        if (!seen[w->colour[i]]) {
            seen[w->colour[i]] = true;
            w->ncolours++;
        }
}

/* Two passes over the line's blocks (count the groups, then fill them), so
 * the arrays are allocated once at their size: a 10^7-block row costs two
 * scans, not a push and a test for growth a block. */
void click_word_from_board(const click_board *b, click_word *w) {
    memset(w, 0, sizeof *w);
    /* a column bottom-up, or a row (one cell of each column's stack) */
    size_t n = b->width <= 1 ? (b->width == 1 ? (size_t)b->height[0] : 0) : (size_t)b->width;
    size_t stride = b->width <= 1 ? 1 : (size_t)b->rows;
    const uint8_t *cell = b->cell;
    size_t groups = n > 0;
    if (stride == 1) /* a one-row board or a column: contiguous, vectorised */
        for (size_t i = 1; i < n; i++) groups += cell[i] != cell[i - 1];
    else
        for (size_t i = 1; i < n; i++) groups += cell[i * stride] != cell[(i - 1) * stride];
    w->colour = pl_xmalloc((groups + 1) * sizeof *w->colour);
    w->size = pl_xmalloc((groups + 2) * sizeof *w->size);
    int *restrict colour = w->colour, *restrict size = w->size;
    /* the groups' first blocks, without a branch a block (random colours
     * mispredict half of them): each position is written at the current
     * group's slot, which advances when the colour changes */
    size_t g = n > 0;
    if (n > 0) size[0] = 0;
    if (stride == 1)
        for (size_t i = 1; i < n; i++) {
            size[g] = (int)i;
            g += cell[i] != cell[i - 1];
        }
    else
        for (size_t i = 1; i < n; i++) {
            size[g] = (int)i;
            g += cell[i * stride] != cell[(i - 1) * stride];
        }
    size[g] = (int)n; /* past the last group: overwrites a position that started none */
    for (size_t k = 0; k < g; k++) { /* starts to sizes, in place (k + 1 is still a start) */
        colour[k] = cell[(size_t)size[k] * stride];
        size[k] = size[k + 1] - size[k];
    }
    w->ngroups = (int)g;
    w->blocks = (long long)n;
    count_colours(w);
}

void click_word_from_colours(const int *colours, int n, click_word *w) {
    memset(w, 0, sizeof *w);
    int cap = 0;
    for (int i = 0; i < n; i++) word_push(w, colours[i], &cap);
    count_colours(w);
}

void click_word_free(click_word *w) {
    free(w->colour);
    free(w->size);
    memset(w, 0, sizeof *w);
}

void click_line_result_free(click_line_result *r) {
    free(r->pos);
    r->pos = NULL;
}

void click_letters_from_word(const click_word *w, click_letters *l) {
    l->n = 0;
    for (int g = 0; g < w->ngroups; g++) l->n += w->size[g] >= 2 ? 2 : 1;
    l->colour = pl_xmalloc((size_t)l->n * sizeof *l->colour + 1);
    l->group = pl_xmalloc((size_t)l->n * sizeof *l->group + 1);
    l->weight = pl_xmalloc((size_t)l->n * sizeof *l->weight + 1);
    int k = 0;
    for (int g = 0; g < w->ngroups; g++) {
        l->colour[k] = w->colour[g];
        l->group[k] = g;
        l->weight[k++] = 1;
        if (w->size[g] >= 2) {
            l->colour[k] = w->colour[g];
            l->group[k] = g;
            l->weight[k++] = w->size[g] - 1;
        }
    }
}

void click_letters_free(click_letters *l) {
    free(l->colour);
    free(l->group);
    free(l->weight);
}

/* Fenwick tree over group sizes. */
static void fen_add(long long *f, int n, int i, long long v) {
    for (i++; i <= n; i += i & -i) f[i] += v;
}
static long long fen_prefix(const long long *f, int i) { /* sum of [0, i) */
    long long s = 0;
    for (; i > 0; i -= i & -i) s += f[i];
    return s;
}

int click_word_positions(const click_word *w, const int *group_clicks, int nclicks, long long *pos,
                         long long *removed) {
    int n = w->ngroups;
    long long *fen = pl_xcalloc((size_t)n + 1, sizeof *fen);
    int *prev = pl_xmalloc(((size_t)n + 1) * sizeof *prev), *next = pl_xmalloc(((size_t)n + 1) * sizeof *next);
    bool *gone = pl_xcalloc((size_t)n + 1, 1);
    for (int i = 0; i < n; i++) {
        fen_add(fen, n, i, w->size[i]);
        prev[i] = i - 1;
        next[i] = i + 1 < n ? i + 1 : -1;
    }
    int bad = -1;
    *removed = 0;
    for (int k = 0; k < nclicks; k++) {
        int g = group_clicks[k];
        if (g < 0 || g >= n || gone[g]) {
            bad = k;
            break;
        }
        int lo = g, hi = g;
        long long size = w->size[g];
        while (prev[lo] >= 0 && w->colour[prev[lo]] == w->colour[g]) {
            lo = prev[lo];
            size += w->size[lo];
        }
        while (next[hi] >= 0 && w->colour[next[hi]] == w->colour[g]) {
            hi = next[hi];
            size += w->size[hi];
        }
        if (size < 2) {
            bad = k;
            break;
        }
        pos[k] = fen_prefix(fen, lo);
        *removed += size;
        int before = prev[lo], after = next[hi];
        for (int x = lo;; x = next[x]) {
            fen_add(fen, n, x, -w->size[x]);
            gone[x] = true;
            if (x == hi) break;
        }
        if (before >= 0) next[before] = after;
        if (after >= 0) prev[after] = before;
    }
    free(fen);
    free(prev);
    free(next);
    free(gone);
    return bad;
}
