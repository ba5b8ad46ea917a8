/* Two Dots without bombs, by brute force: every simple path (and every
 * cycle closed back to its start) is its own move, no memo, no pruning.
 * Written independently of src/games/twodots/ (own gravity, own paths); the
 * oracle of tests/test_twodots_poly.c and the same-run baseline of
 * bench/bench_twodots_exact.c. A deadline (pl_now() seconds; 0: none)
 * stops it with nv->timeout set; its answers are then meaningless. */
#ifndef PUZZLELAB_TESTS_TWODOTS_NAIVE_H
#define PUZZLELAB_TESTS_TWODOTS_NAIVE_H

#include <stdbool.h>

#include "puzzlelab/core.h"

#define NAIVE_MAX 256 /* cells */
typedef struct naive {
    int rows, cols, ngoals;
    char goal_colour[8];
    int goal_need[8];
    double deadline; /* 0: none */
    bool timeout;
    unsigned long long nodes;
} naive;

static inline void naive_fall(const naive *nv, char *g) {
    for (int c = 0; c < nv->cols; c++) {
        int w = nv->rows - 1;
        for (int r = nv->rows - 1; r >= 0; r--)
            if (g[r * nv->cols + c] != '.') {
                char v = g[r * nv->cols + c];
                g[r * nv->cols + c] = '.';
                g[w-- * nv->cols + c] = v;
            }
    }
}

static inline bool naive_win(naive *nv, const int *need, const char *g, int left);

static inline bool naive_try(naive *nv, const int *need, const char *g, int left, const bool *removed, char colour,
                             int count) {
    char next[NAIVE_MAX];
    int n = nv->rows * nv->cols, nneed[8];
    for (int i = 0; i < n; i++) next[i] = removed[i] ? '.' : g[i];
    naive_fall(nv, next);
    for (int k = 0; k < nv->ngoals; k++) {
        nneed[k] = need[k];
        if (nv->goal_colour[k] == colour) nneed[k] = need[k] > count ? need[k] - count : 0;
    }
    return naive_win(nv, nneed, next, left - 1);
}

/* every simple path from the current one; closing a cycle of >= 4 cells back
 * to its start removes the whole colour */
static inline bool naive_paths(naive *nv, const int *need, const char *g, int left, int *path, int len, bool *on) {
    int u = path[len - 1], n = nv->rows * nv->cols;
    char colour = g[path[0]];
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    if (len >= 2 && naive_try(nv, need, g, left, on, colour, len)) return true;
    if (nv->timeout) return false;
    for (int d = 0; d < 4; d++) {
        int r = u / nv->cols + dr[d], c = u % nv->cols + dc[d];
        if (r < 0 || c < 0 || r >= nv->rows || c >= nv->cols) continue;
        int y = r * nv->cols + c;
        if (g[y] != colour) continue;
        if (y == path[0] && len >= 4) {
            bool all[NAIVE_MAX];
            int cnt = 0;
            for (int i = 0; i < n; i++) cnt += (all[i] = g[i] == colour);
            if (naive_try(nv, need, g, left, all, colour, cnt)) return true;
            continue;
        }
        if (on[y]) continue;
        on[y] = true;
        path[len] = y;
        bool w = naive_paths(nv, need, g, left, path, len + 1, on);
        on[y] = false;
        if (w) return true;
    }
    return false;
}

/* Whether the goals still needed (need[k] dots of goal_colour[k]) can be met
 * within left moves from grid g. */
static inline bool naive_win(naive *nv, const int *need, const char *g, int left) {
    bool done = true;
    for (int k = 0; k < nv->ngoals; k++) done = done && need[k] == 0;
    if (done) return true;
    if (left == 0 || nv->timeout) return false;
    if (nv->deadline > 0 && (++nv->nodes & 4095) == 0 && pl_now() > nv->deadline) nv->timeout = true;
    int n = nv->rows * nv->cols, path[NAIVE_MAX + 1];
    bool on[NAIVE_MAX] = {false};
    for (int i = 0; i < n; i++) {
        if (g[i] == '.') continue;
        path[0] = i;
        on[i] = true;
        bool w = naive_paths(nv, need, g, left, path, 1, on);
        on[i] = false;
        if (w) return true;
    }
    return false;
}

/* fewest moves (<= maxk) meeting every goal, or -1 */
static inline int naive_min(naive *nv, const char *g, int maxk) {
    for (int k = 0; k <= maxk; k++)
        if (naive_win(nv, nv->goal_need, g, k)) return k;
    return -1;
}

#endif
