/* Replaying clicks on a one-row or one-column board in O(log n) a click, so that `verify`
 * keeps pace with the linear one-row solvers (issue 21: replaying through
 * the board, a click costs O(n) for the column shift and the labels, and a
 * 10^5-block row took seconds, a 10^7-block row hours).
 *
 * On a board whose columns hold at most one block each, a group is a
 * maximal run of one colour, and clicking column c removes the run holding
 * the (c+1)-th block; when the runs on either side have the same colour they
 * merge. The runs of the start board are kept in a doubly linked list with
 * their current sizes, and a Fenwick tree over the runs' sizes finds the run
 * of the (c+1)-th block by descending the tree. A removed run keeps size 0;
 * a merged run gives its blocks to its left neighbour.
 *
 * A one-column board is the same line stood up (issue 21, item 5: a
 * 10^6-block column's certificate took minutes through the board's rules):
 * clicking (r, 0) removes the run holding the block at height rows-1-r, and
 * the blocks above fall as a row's blocks to the right slide left. */
#include <stdlib.h>
#include <string.h>

#include "state.h"

void click_line_init(click_line *ln, const click_board *b) {
    memset(ln, 0, sizeof *ln);
    /* The blocks are cell[c * rows] for c < width (a settled board's
     * non-empty columns are contiguous from the left), or column 0's
     * cell[h] for h < height[0]. Two passes, count the runs then fill them:
     * one allocation each. */
    const uint8_t *cell = b->cell;
    ln->column = b->width == 1 && b->height[0] > 1;
    size_t rows = ln->column ? 1 : (size_t)b->rows;
    size_t width = ln->column ? (size_t)b->height[0] : b->width > 0 ? (size_t)b->width : 0;
    int n = width > 0;
    for (size_t c = 1; c < width; c++) n += cell[c * rows] != cell[(c - 1) * rows];
    ln->colour = pl_xmalloc((size_t)n + 1);
    ln->size = pl_xmalloc(((size_t)n + 1) * sizeof *ln->size);
    n = 0;
    for (size_t c = 0; c < width;) {
        uint8_t colour = cell[c * rows];
        size_t d = c + 1;
        while (d < width && cell[d * rows] == colour) d++;
        ln->colour[n] = colour;
        ln->size[n++] = (int)(d - c);
        c = d;
    }
    ln->nruns = n;
    ln->blocks = b->blocks;
    ln->next = pl_xmalloc((size_t)(n + 1) * sizeof *ln->next);
    ln->prev = pl_xmalloc((size_t)(n + 1) * sizeof *ln->prev);
    ln->tree = pl_xcalloc((size_t)n + 1, sizeof *ln->tree);
    for (int k = 0; k < n; k++) {
        ln->next[k] = k + 1 < n ? k + 1 : -1;
        ln->prev[k] = k - 1;
    }
    ln->first = n ? 0 : -1;
    /* the Fenwick tree in O(n): each node passes its sum to its parent */
    for (int i = 1; i <= n; i++) {
        ln->tree[i] += ln->size[i - 1];
        int parent = i + (i & -i);
        if (parent <= n) ln->tree[parent] += ln->tree[i];
    }
    ln->top = 1;
    while (ln->top * 2 <= n) ln->top *= 2;
}

void click_line_free(click_line *ln) {
    free(ln->colour);
    free(ln->size);
    free(ln->next);
    free(ln->prev);
    free(ln->tree);
    memset(ln, 0, sizeof *ln);
}

static void tree_add(click_line *ln, int k, int d) {
    for (int i = k + 1; i <= ln->nruns; i += i & -i) ln->tree[i] += d;
}

/* The run holding the block at position pos (0-based) of the current row:
 * the smallest k whose prefix sum of sizes exceeds pos. */
static int run_at(const click_line *ln, long long pos) {
    int i = 0;
    for (int step = ln->top; step; step /= 2)
        if (i + step <= ln->nruns && ln->tree[i + step] <= pos) {
            i += step;
            pos -= ln->tree[i];
        }
    return i; /* 0-based index of the run */
}

static void unlink_run(click_line *ln, int k) {
    int p = ln->prev[k], q = ln->next[k];
    if (p >= 0) ln->next[p] = q;
    else ln->first = q;
    if (q >= 0) ln->prev[q] = p;
}

int click_line_click(click_line *ln, long long col) {
    if (col < 0 || col >= ln->blocks) return 0;
    int k = run_at(ln, col);
    int size = ln->size[k];
    if (size < 2) return size;
    tree_add(ln, k, -size);
    ln->size[k] = 0;
    int p = ln->prev[k], q = ln->next[k];
    unlink_run(ln, k);
    if (p >= 0 && q >= 0 && ln->colour[p] == ln->colour[q]) {
        /* the neighbours meet: q's blocks join p */
        tree_add(ln, p, ln->size[q]);
        tree_add(ln, q, -ln->size[q]);
        ln->size[p] += ln->size[q];
        ln->size[q] = 0;
        unlink_run(ln, q);
    }
    ln->blocks -= size;
    return size;
}

void click_line_to_board(const click_line *ln, click_board *b) {
    memset(b->cell, 0, (size_t)b->rows * (size_t)b->cols);
    memset(b->height, 0, (size_t)b->cols * sizeof *b->height);
    int c = 0;
    for (int k = ln->first; k >= 0; k = ln->next[k])
        for (int j = 0; j < ln->size[k]; j++, c++) {
            if (ln->column) {
                b->cell[c] = ln->colour[k];
            } else {
                b->cell[(size_t)c * (size_t)b->rows] = ln->colour[k];
                b->height[c] = 1;
            }
        }
    if (ln->column) b->height[0] = c;
    b->width = ln->column ? c > 0 : c;
    b->blocks = c;
}

bool click_line_applies(const click_board *b) {
    if (b->blocks < CLICK_LINE_REPLAY_MIN) return false;
    if (b->width == 1) return true; /* one column */
    unsigned tall = 0;
    for (int c = 0; c < b->width; c++) tall |= (unsigned)(b->height[c] > 1);
    return tall == 0;
}
