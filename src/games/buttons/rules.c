/* Buttons & Scissors rules (Section 2 of the paper). A cut joins two distinct
 * buttons of one colour on a common row, column or diagonal whose direction
 * is allowed; every button on the segment has that colour; its size (the
 * number of buttons on the segment, empty cells not counted) must lie in the
 * allowed set S. Applying it empties those cells. Pure: no I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"

const int buttons_dir_dr[4] = {0, 1, 1, -1};
const int buttons_dir_dc[4] = {1, 0, 1, 1};
static const char *const dir_name[4] = {"horizontal", "vertical", "down-right diagonal", "up-right diagonal"};

bool buttons_size_allowed(const buttons_level *l, int size) {
    if (size < 2) return false;
    if (l->sizes_all) return true;
    return size <= BUTTONS_MAX_SIZE && ((l->size_mask >> size) & 1u);
}

uint64_t buttons_sizes_normalised(const buttons_level *l) {
    if (l->sizes_all) return (1u << 2) | (1u << 3);
    /* Closure under sums (a cut of size s1+s2 can be two cuts), then the
     * minimal generators of the closure. Sizes beyond 2*63 do not change the
     * generators of a set of sizes <= 63. */
    enum { LIM = 2 * BUTTONS_MAX_SIZE + 2 };
    bool reach[LIM + 1] = {false};
    for (int s = 2; s <= BUTTONS_MAX_SIZE; s++)
        if ((l->size_mask >> s) & 1u) reach[s] = true;
    for (int s = 2; s <= LIM; s++)
        for (int t = 2; t <= BUTTONS_MAX_SIZE && t < s; t++)
            if (reach[s - t] && ((l->size_mask >> t) & 1u)) reach[s] = true;
    uint64_t gen = 0;
    for (int s = 2; s <= BUTTONS_MAX_SIZE; s++) {
        if (!reach[s]) continue;
        bool sum = false;
        for (int t = 2; t <= s - 2 && !sum; t++) sum = reach[t] && reach[s - t];
        if (!sum) gen |= (uint64_t)1 << s;
    }
    return gen;
}

void buttons_sizes_text(uint64_t mask, bool all, char *buf, size_t n) {
    if (all) {
        snprintf(buf, n, "{2,3,...}");
        return;
    }
    size_t used = 0;
    buf[0] = '\0';
    used += (size_t)snprintf(buf, n, "{");
    bool first = true;
    for (int s = 0; s < 64 && used < n; s++)
        if ((mask >> s) & 1u) {
            used += (size_t)snprintf(buf + used, n - used, "%s%d", first ? "" : ",", s);
            first = false;
        }
    if (used < n) snprintf(buf + used, n - used, "}");
}

int buttons_direction_of(int r1, int c1, int r2, int c2) {
    int dr = r2 - r1, dc = c2 - c1;
    if (dr == 0 && dc == 0) return -1;
    if (dr == 0) return 0;
    if (dc == 0) return 1;
    if (dr == dc) return 2;
    if (dr == -dc) return 3;
    return -1;
}

int buttons_cut_check(const buttons_level *l, const uint8_t *cells, buttons_cut x, int *colour, int *size,
                      char *why, size_t n) {
    if (x.r1 < 0 || x.c1 < 0 || x.r1 >= l->rows || x.c1 >= l->cols) {
        snprintf(why, n, "(%d,%d) is outside the board (%d rows, %d columns)", x.r1, x.c1, l->rows, l->cols);
        return -1;
    }
    if (x.r2 < 0 || x.c2 < 0 || x.r2 >= l->rows || x.c2 >= l->cols) {
        snprintf(why, n, "(%d,%d) is outside the board (%d rows, %d columns)", x.r2, x.c2, l->rows, l->cols);
        return -1;
    }
    int d = buttons_direction_of(x.r1, x.c1, x.r2, x.c2);
    if (x.r1 == x.r2 && x.c1 == x.c2) {
        snprintf(why, n, "the two ends are the same cell");
        return -1;
    }
    if (d < 0) {
        snprintf(why, n, "(%d,%d) and (%d,%d) share no row, column or diagonal", x.r1, x.c1, x.r2, x.c2);
        return -1;
    }
    if (!(l->directions & (1u << d))) {
        snprintf(why, n, "%s cuts are not allowed (directions: %s)", dir_name[d], l->directions_text);
        return -1;
    }
    int a = cells[x.r1 * l->cols + x.c1], b = cells[x.r2 * l->cols + x.c2];
    if (!a) {
        snprintf(why, n, "(%d,%d) holds no button", x.r1, x.c1);
        return -1;
    }
    if (!b) {
        snprintf(why, n, "(%d,%d) holds no button", x.r2, x.c2);
        return -1;
    }
    if (a != b) {
        snprintf(why, n, "the ends have different colours ('%c' and '%c')", l->colour_char[a], l->colour_char[b]);
        return -1;
    }
    /* Walk from the end with the smaller column (or row) so steps are positive. */
    int r = x.r1, c = x.c1, r2 = x.r2, c2 = x.c2;
    if (c > c2 || (c == c2 && r > r2)) {
        r = x.r2; c = x.c2; r2 = x.r1; c2 = x.c1;
    }
    const int dr = buttons_dir_dr[d], dc = buttons_dir_dc[d];
    int count = 0;
    for (;;) {
        int v = cells[r * l->cols + c];
        if (v && v != a) {
            snprintf(why, n, "the button at (%d,%d) on the segment is '%c', the cut's colour is '%c'", r, c,
                     l->colour_char[v], l->colour_char[a]);
            return -1;
        }
        count += v != 0;
        if (r == r2 && c == c2) break;
        r += dr;
        c += dc;
    }
    if (!buttons_size_allowed(l, count)) {
        char s[200];
        buttons_sizes_text(l->size_mask, l->sizes_all, s, sizeof s);
        snprintf(why, n, "size %d is not an allowed cut size (sizes: %s)", count, s);
        return -1;
    }
    *colour = a;
    *size = count;
    return 0;
}

void buttons_cut_apply(const buttons_level *l, uint8_t *cells, buttons_cut x) {
    int d = buttons_direction_of(x.r1, x.c1, x.r2, x.c2);
    int r = x.r1, c = x.c1, r2 = x.r2, c2 = x.c2;
    if (c > c2 || (c == c2 && r > r2)) {
        r = x.r2; c = x.c2; r2 = x.r1; c2 = x.c1;
    }
    for (;;) {
        cells[r * l->cols + c] = 0;
        if (r == r2 && c == c2) break;
        r += buttons_dir_dr[d];
        c += buttons_dir_dc[d];
    }
}
