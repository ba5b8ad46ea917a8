/* The inside of a Two Dots cycle, written independently of
 * src/games/twodots/ for the tests' own replays (test_twodots_bombs.c,
 * test_twodots_refill.c): on the doubled lattice the cycle's dots and sides
 * are walls, and a flood fill from the border reaches exactly the outside. */
#ifndef PUZZLELAB_TESTS_TWODOTS_INSIDE_H
#define PUZZLELAB_TESTS_TWODOTS_INSIDE_H

#include <stdbool.h>
#include <stdlib.h>

/* cyc[0..len-1]: cells r * cols + c, each next to the one after it (the last
 * next to the first); inside[rows * cols] is filled. */
static inline void td_cycle_inside(int rows, int cols, const int *cyc, int len, bool *inside) {
    int H = 2 * rows + 1, W = 2 * cols + 1;
    char *wall = calloc((size_t)H * (size_t)W, 1), *out = calloc((size_t)H * (size_t)W, 1);
    int *stack = malloc((size_t)H * (size_t)W * sizeof *stack), sp = 0;
    if (!wall || !out || !stack) abort();
    for (int i = 0; i < len; i++) {
        int a = cyc[i], z = cyc[(i + 1) % len];
        int ar = 2 * (a / cols) + 1, ac = 2 * (a % cols) + 1, zr = 2 * (z / cols) + 1, zc = 2 * (z % cols) + 1;
        wall[ar * W + ac] = 1;
        wall[((ar + zr) / 2) * W + (ac + zc) / 2] = 1;
    }
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++)
            if ((r == 0 || c == 0 || r == H - 1 || c == W - 1) && !wall[r * W + c] && !out[r * W + c]) {
                out[r * W + c] = 1;
                stack[sp++] = r * W + c;
            }
    while (sp) {
        int p = stack[--sp], r = p / W, c = p % W;
        static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int d = 0; d < 4; d++) {
            int rr = r + d4[d][0], cc = c + d4[d][1];
            if (rr < 0 || cc < 0 || rr >= H || cc >= W) continue;
            int q = rr * W + cc;
            if (wall[q] || out[q]) continue;
            out[q] = 1;
            stack[sp++] = q;
        }
    }
    for (int i = 0; i < rows * cols; i++) {
        int p = (2 * (i / cols) + 1) * W + 2 * (i % cols) + 1;
        inside[i] = !wall[p] && !out[p];
    }
    free(wall);
    free(out);
    free(stack);
}

#endif
