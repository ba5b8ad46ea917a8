/* Two Dots (bombs off): which dots can ever be removed from a position, an
 * over-approximation used by exact search to prune (solve_exact.c).
 *
 * A dot leaves the board only in a move of its colour: on a path, so next to
 * another dot of its colour at that time, or by a cycle of its colour. The
 * set R of dots that may ever go is the least fixed point of:
 *  - x is in R when some dot y of its colour may ever be its neighbour: in its
 *    column with only dots of R between them, or in a neighbouring column at a
 *    height both can reach (a dot's height can fall by at most the dots of R
 *    under it);
 *  - every dot of colour c is in R when c may ever have a cycle: a cycle of
 *    the grid has two vertically adjacent dots in its leftmost column and two
 *    in its rightmost, so c needs such a possible pair in two columns.
 * By induction on the moves of any play, every dot a play removes is in R
 * (the first dot removed had its partner or cycle with nothing removed yet,
 * and so on): R only over-approximates. Dots outside R are inert: their
 * colours never matter again, a goal needing more dots of a colour than R
 * holds cannot be met, and no play has more than |R| / 2 moves. */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

typedef struct col_stack {
    int n;    /* dots in the column */
    int *dot; /* cell indices, bottom first */
} col_stack;

int twodots_removable(int rows, int cols, const uint8_t *cells, uint8_t *R, int *scratch) {
    /* scratch: rows*cols ints for the column stacks, cols + 1 for their starts */
    int *start = scratch, *stack = scratch + cols + 1;
    int n = 0;
    for (int c = 0; c < cols; c++) {
        start[c] = n;
        for (int r = rows - 1; r >= 0 && cells[r * cols + c]; r--) stack[n++] = r * cols + c;
    }
    start[cols] = n;
    memset(R, 0, (size_t)rows * (size_t)cols);
    /* below[i]: dots of R under stack position i in its column (recomputed a round) */
    int *below = scratch + cols + 1 + rows * cols;
    bool vpair[TWODOTS_MAX_COLOURS + 1];
    int vpair_col[TWODOTS_MAX_COLOURS + 1];
    bool changed = true;
    int size = 0;
    while (changed) {
        changed = false;
        for (int c = 0; c < cols; c++) {
            int k = 0;
            for (int i = start[c]; i < start[c + 1]; i++) {
                below[i] = k;
                k += R[stack[i]] != 0;
            }
        }
        for (int i = 0; i <= TWODOTS_MAX_COLOURS; i++) vpair[i] = false, vpair_col[i] = -1;
        for (int c = 0; c < cols; c++) {
            for (int i = start[c]; i < start[c + 1]; i++) {
                int x = stack[i], colour = cells[x];
                /* upwards in the column: the first dot of the colour, past dots of R only */
                bool partner = false;
                for (int j = i + 1; j < start[c + 1]; j++) {
                    int y = stack[j];
                    if (cells[y] == colour) {
                        partner = true;
                        if (vpair_col[colour] != c) {
                            if (vpair_col[colour] >= 0) vpair[colour] = true;
                            else vpair_col[colour] = c;
                        }
                        break;
                    }
                    if (!R[y]) break;
                }
                if (!partner)
                    for (int j = i - 1; j >= start[c]; j--) {
                        int y = stack[j];
                        if (cells[y] == colour) {
                            partner = true;
                            break;
                        }
                        if (!R[y]) break;
                    }
                if (R[x] || partner) {
                    if (!R[x]) R[x] = 1, changed = true, size++;
                    continue;
                }
                /* the neighbouring columns: a dot of the colour whose reachable heights meet x's */
                int hi = i - start[c], lo = hi - below[i];
                for (int dc = -1; dc <= 1 && !partner; dc += 2) {
                    int c2 = c + dc;
                    if (c2 < 0 || c2 >= cols) continue;
                    /* heights are stack positions: start at height lo */
                    for (int j = start[c2] + (lo > 0 ? lo : 0); j < start[c2 + 1]; j++) {
                        int hy = j - start[c2], ly = hy - below[j];
                        if (ly > hi) break; /* ly only grows upwards */
                        if (cells[stack[j]] == colour) {
                            partner = true;
                            break;
                        }
                    }
                }
                if (partner) R[x] = 1, changed = true, size++;
            }
        }
        /* colours that may have a cycle: every dot of them may go */
        for (int c = 0; c < cols; c++)
            for (int i = start[c]; i < start[c + 1]; i++) {
                int x = stack[i];
                if (!R[x] && vpair[cells[x]]) R[x] = 1, changed = true, size++;
            }
    }
    return size;
}
