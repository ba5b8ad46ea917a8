/* Two Dots rules (Section 2 of the paper; bombs: footnote 2; refill:
 * footnote 3). Pure: no I/O.
 *
 * A move is a sequence t_1..t_s (s >= 2) of cells holding dots of one colour,
 * each adjacent (orthogonally) to the one before. Regular: all distinct; the
 * path is removed. Cyclic: t_1..t_{s-1} distinct and t_s = t_j with
 * j <= s-4; every dot of the colour is removed. With bombs on, the dots
 * strictly inside the cycle t_j..t_{s-1} (any colour) become bombs first;
 * after the fall every bomb destroys itself and its 8-neighbourhood, and the
 * dots fall again. Every removed or destroyed dot is collected as its colour.
 * Refill (a level with a `refill:` section): after every fall, the empty
 * cells at the top of a column are filled from the column's queue, its first
 * dot landing lowest, while the queue lasts; a dry queue leaves them empty.
 * Where the dots entered is drawn[c], the number taken from column c's queue:
 * with the board it is the whole position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/twodots.h"

/* The dots of column c move down to fill its empty cells. */
static void fall_column(int rows, int cols, uint8_t *cells, int c) {
    int w = rows - 1;
    for (int r = rows - 1; r >= 0; r--) {
        uint8_t v = cells[r * cols + c];
        if (v) {
            cells[r * cols + c] = 0;
            cells[w * cols + c] = v;
            w--;
        }
    }
}

void twodots_fall(int rows, int cols, uint8_t *cells) {
    for (int c = 0; c < cols; c++) fall_column(rows, cols, cells, c);
}

void twodots_refill_column(const twodots_level *l, uint8_t *cells, int *drawn, int c) {
    if (!l->nrefill) return;
    const int start = l->refill_start[c], end = l->refill_start[c + 1];
    int r = l->rows - 1;
    while (r >= 0 && cells[r * l->cols + c]) r--;
    for (; r >= 0 && start + drawn[c] < end; r--) cells[r * l->cols + c] = l->refill_dot[start + drawn[c]++];
}

/* Every column falls, then (refill) fills up from its queue. */
static void fall_all(const twodots_level *l, uint8_t *cells, int *drawn) {
    for (int c = 0; c < l->cols; c++) {
        fall_column(l->rows, l->cols, cells, c);
        twodots_refill_column(l, cells, drawn, c);
    }
}

void twodots_enclosed(int rows, int cols, const int *cyc, int len, uint8_t *inside) {
    memset(inside, 0, (size_t)rows * (size_t)cols);
    /* Ray to the right from each cell centre (r, c0); it crosses the vertical
     * edges (r, c)-(r+1, c) with c > c0 (half-open rule: an edge counts
     * when it spans rows r..r+1), so parity says inside. */
    for (int r = 0; r < rows; r++) {
        /* crossing columns for this row */
        for (int k = 0; k < len; k++) {
            int a = cyc[k], b = cyc[(k + 1) % len];
            int ra = a / cols, ca = a % cols, rb = b / cols, cb = b % cols;
            if (ca != cb) continue;
            int lo = ra < rb ? ra : rb;
            if (lo != r) continue;
            for (int c0 = 0; c0 < ca; c0++) inside[r * cols + c0] ^= 1;
        }
    }
    for (int k = 0; k < len; k++) inside[cyc[k]] = 0;
}

static int same_cell_index(const int *path, int upto, int cell) {
    for (int i = 0; i < upto; i++)
        if (path[i] == cell) return i;
    return -1;
}

static int cmp_key(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Whether the move names some cell twice, in O(s log s): then (and only then)
 * the check below looks each cell up among the earlier ones, which is O(s^2)
 * and made long moves (one run of 10^5 dots) quadratic to verify. */
static bool has_repeat(const twodots_move *m) {
    if (m->n <= 32) return true; /* short: the plain lookup is cheaper */
    int64_t *key = pl_xmalloc((size_t)m->n * sizeof *key);
    for (int i = 0; i < m->n; i++) key[i] = (int64_t)(((uint64_t)(uint32_t)m->r[i] << 32) | (uint32_t)m->c[i]);
    qsort(key, (size_t)m->n, sizeof *key, cmp_key);
    bool rep = false;
    for (int i = 1; i < m->n && !rep; i++) rep = key[i] == key[i - 1];
    free(key);
    return rep;
}

int twodots_move_check(const twodots_level *l, const uint8_t *cells, const twodots_move *m, int *path, int *colour,
                       bool *cyclic, char *why, size_t n) {
    if (m->n < 2) {
        snprintf(why, n, "a move needs at least two cells");
        return -1;
    }
    /* no cell named twice: the lookup finds nothing, the verdict is the same */
    const bool repeat = has_repeat(m);
    int col = 0;
    *cyclic = false;
    for (int i = 0; i < m->n; i++) {
        int r = m->r[i], c = m->c[i];
        if (r < 0 || c < 0 || r >= l->rows || c >= l->cols) {
            snprintf(why, n, "(%d,%d) is outside the board (%d rows, %d columns)", r, c, l->rows, l->cols);
            return -1;
        }
        int v = cells[r * l->cols + c];
        if (!v) {
            snprintf(why, n, "(%d,%d) is an empty cell", r, c);
            return -1;
        }
        if (i == 0) col = v;
        else if (v != col) {
            snprintf(why, n, "mixed colours: (%d,%d) is '%s', the move's colour is '%s'", r, c, l->colour_name[v],
                     l->colour_name[col]);
            return -1;
        }
        if (i > 0) {
            int dr = r - m->r[i - 1], dc = c - m->c[i - 1];
            if (dr * dr + dc * dc != 1) {
                snprintf(why, n, "(%d,%d) is not adjacent to (%d,%d)", r, c, m->r[i - 1], m->c[i - 1]);
                return -1;
            }
        }
        path[i] = r * l->cols + c;
        int j = repeat ? same_cell_index(path, i, path[i]) : -1;
        if (j >= 0) {
            if (i != m->n - 1) {
                snprintf(why, n, "repeated cell (%d,%d) (only the last cell of a cyclic move may repeat one)", r, c);
                return -1;
            }
            /* 0-based j is the paper's j-1; needs j+1 <= s-4 */
            if (j + 1 > m->n - 4) {
                snprintf(why, n, "cycle too short: (%d,%d) closes a cycle of %d cells (at least 4 needed)", r, c,
                         i - j);
                return -1;
            }
            *cyclic = true;
        }
    }
    *colour = col;
    return 0;
}

void twodots_apply_path(const twodots_level *l, uint8_t *cells, int *drawn, const int *path, int len, int *collected) {
    int colour = cells[path[0]];
    int j = same_cell_index(path, len - 1, path[len - 1]);
    const int ncells = l->rows * l->cols;
    if (j < 0) {
        for (int i = 0; i < len; i++) {
            if (collected) collected[colour]++;
            cells[path[i]] = 0;
        }
        fall_all(l, cells, drawn);
        return;
    }
    bool any_bomb = false;
    if (l->bombs) {
        uint8_t *inside = pl_xmalloc((size_t)ncells);
        twodots_enclosed(l->rows, l->cols, path + j, len - 1 - j, inside);
        for (int i = 0; i < ncells; i++)
            if (inside[i] && cells[i]) {
                if (collected) collected[cells[i]]++;
                cells[i] = TWODOTS_BOMB;
                any_bomb = true;
            }
        free(inside);
    }
    for (int i = 0; i < ncells; i++)
        if (cells[i] == colour) {
            if (collected) collected[colour]++;
            cells[i] = 0;
        }
    fall_all(l, cells, drawn);
    if (!any_bomb) return;
    uint8_t *boom = pl_xcalloc((size_t)ncells, 1);
    for (int i = 0; i < ncells; i++) {
        if (cells[i] != TWODOTS_BOMB) continue;
        int r = i / l->cols, c = i % l->cols;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                int rr = r + dr, cc = c + dc;
                if (rr >= 0 && cc >= 0 && rr < l->rows && cc < l->cols) boom[rr * l->cols + cc] = 1;
            }
    }
    for (int i = 0; i < ncells; i++)
        if (boom[i] && cells[i]) {
            if (collected && cells[i] != TWODOTS_BOMB) collected[cells[i]]++;
            cells[i] = 0;
        }
    free(boom);
    fall_all(l, cells, drawn);
}


/* On a settled board a path touches only the columns between its leftmost
 * and rightmost cell (at most len of them, the path being connected): the
 * others are settled already and their fall would change nothing. So a
 * regular move costs O(len x rows) instead of the whole board, which made
 * verify of a one-row certificate quadratic (issue 21). Cycles remove a
 * whole colour (and may explode bombs) anywhere: twodots_apply_path. */
void twodots_apply_path_settled(const twodots_level *l, uint8_t *cells, int *drawn, const int *path, int len,
                                int *collected) {
    if (same_cell_index(path, len - 1, path[len - 1]) >= 0) {
        twodots_apply_path(l, cells, drawn, path, len, collected);
        return;
    }
    int colour = cells[path[0]], cmin = l->cols, cmax = -1;
    for (int i = 0; i < len; i++) {
        int c = path[i] % l->cols;
        if (c < cmin) cmin = c;
        if (c > cmax) cmax = c;
        if (collected) collected[colour]++;
        cells[path[i]] = 0;
    }
    for (int c = cmin; c <= cmax; c++) {
        fall_column(l->rows, l->cols, cells, c);
        twodots_refill_column(l, cells, drawn, c);
    }
}
