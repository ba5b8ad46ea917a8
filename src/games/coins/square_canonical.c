/* Canonical configurations on the square grid (Galliot 2019, Section 3.1).
 *
 * Hulls (Definition 3.1), 2-paths (Definition 3.3), 'L's (Definition 3.4) and
 * the canonical configuration of a span (Definition 3.5). The span is a union
 * of rectangles pairwise at distance >= 3 (Proposition 3.2); it is computed
 * here on rectangles instead of cells: start from one 1x1 rectangle per coin
 * and replace any two rectangles at distance <= 2 by their hull (a free cell
 * next to both, or the cell between them, has two neighbours in the span, and
 * a connected span is its hull). Each rectangle is scanned against the others
 * once per growth and every growth removes a rectangle, so there are at most
 * 2n scans of O(n): O(n^2) time and O(n) memory whatever the area
 * (Corollary 3.21 bounds the area by n^2; we never touch it). */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

coins_rect coins_sq_hull(const coins_pt *c, int n) {
    coins_rect R = {c[0].r, c[0].c, c[0].r, c[0].c};
    for (int i = 1; i < n; i++) {
        if (c[i].r < R.r0) R.r0 = c[i].r;
        if (c[i].r > R.r1) R.r1 = c[i].r;
        if (c[i].c < R.c0) R.c0 = c[i].c;
        if (c[i].c > R.c1) R.c1 = c[i].c;
    }
    return R;
}

static int gap(int a0, int a1, int b0, int b1) {
    if (b0 > a1) return b0 - a1;
    if (a0 > b1) return a0 - b1;
    return 0;
}

int coins_sq_rect_dist(coins_rect a, coins_rect b) {
    return gap(a.r0, a.r1, b.r0, b.r1) + gap(a.c0, a.c1, b.c0, b.c1);
}

static int find(int *parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

int coins_sq_2components(const coins_pt *c, int n, int *comp) {
    int *parent = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *parent);
    for (int i = 0; i < n; i++) parent[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int d = abs(c[i].r - c[j].r) + abs(c[i].c - c[j].c);
            if (d >= 1 && d <= 2) parent[find(parent, i)] = find(parent, j);
        }
    int k = 0;
    for (int i = 0; i < n; i++) comp[i] = -1;
    int *label = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *label);
    for (int i = 0; i < n; i++) label[i] = -1;
    for (int i = 0; i < n; i++) {
        int r = find(parent, i);
        if (label[r] < 0) label[r] = k++;
        comp[i] = label[r];
    }
    free(label);
    free(parent);
    return k;
}

static int rect_cmp(const void *a, const void *b) {
    const coins_rect *x = a, *y = b;
    if (x->r0 != y->r0) return x->r0 < y->r0 ? -1 : 1;
    if (x->c0 != y->c0) return x->c0 < y->c0 ? -1 : 1;
    return 0;
}

int coins_sq_span_rects(const coins_pt *c, int n, coins_rect *out) {
    uint8_t *alive = pl_xmalloc((size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) out[i] = (coins_rect){c[i].r, c[i].c, c[i].r, c[i].c}, alive[i] = 1;
    /* a rectangle is scanned against all others until nothing is within
     * distance 2; one that grows later rescans and finds the earlier ones */
    for (int i = 0; i < n; i++) {
        if (!alive[i]) continue;
        for (bool grew = true; grew;) {
            grew = false;
            for (int j = 0; j < n; j++) {
                if (j == i || !alive[j] || coins_sq_rect_dist(out[i], out[j]) > 2) continue;
                coins_rect b = out[j];
                if (b.r0 < out[i].r0) out[i].r0 = b.r0;
                if (b.c0 < out[i].c0) out[i].c0 = b.c0;
                if (b.r1 > out[i].r1) out[i].r1 = b.r1;
                if (b.c1 > out[i].c1) out[i].c1 = b.c1;
                alive[j] = 0;
                grew = true;
            }
        }
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (alive[i]) out[k++] = out[i];
    free(alive);
    qsort(out, (size_t)k, sizeof *out, rect_cmp);
    return k;
}

int coins_sq_canonical_L(coins_rect R, coins_pt *out) {
    int m = R.r1 - R.r0 + 1, n = R.c1 - R.c0 + 1, k = 0;
    /* vertical branch (column c0) from the top-left corner down */
    if (m % 2 == 0 && n % 2 == 1) { /* even vertical branch: the pair at the top-left */
        out[k++] = (coins_pt){0, 0};
        for (int r = 1; r < m; r += 2) out[k++] = (coins_pt){r, 0};
    } else if (m % 2 == 0) { /* both even: the corner is cut by a diagonal step */
        for (int r = 0; r <= m - 2; r += 2) out[k++] = (coins_pt){r, 0};
    } else {
        for (int r = 0; r < m; r += 2) out[k++] = (coins_pt){r, 0};
    }
    /* horizontal branch (row r1) to the bottom-right corner */
    if (m % 2 == 0 && n % 2 == 0) {
        for (int c = 1; c < n; c += 2) out[k++] = (coins_pt){m - 1, c};
    } else if (m % 2 == 1 && n % 2 == 0) { /* even horizontal branch: the pair at the bottom-right */
        for (int c = 2; c <= n - 2; c += 2) out[k++] = (coins_pt){m - 1, c};
        out[k++] = (coins_pt){m - 1, n - 1};
    } else {
        for (int c = 2; c < n; c += 2) out[k++] = (coins_pt){m - 1, c};
    }
    for (int i = 0; i < k; i++) out[i].r += R.r0, out[i].c += R.c0;
    return k;
}

bool coins_sq_is_L(const coins_pt *c, int n, coins_rect *R) {
    if (n <= 0) return false;
    coins_rect H = coins_sq_hull(c, n);
    int m = H.r1 - H.r0 + 1, w = H.c1 - H.c0 + 1;
    if (n != (m + w + 1) / 2) return false;
    int *comp = pl_xmalloc((size_t)n * sizeof *comp);
    int k = coins_sq_2components(c, n, comp);
    free(comp);
    if (k != 1) return false;
    /* two consecutive sides: (vertical side, horizontal side) and the two
     * opposite corners the 2-path joins (the corners not at the elbow) */
    for (int vs = 0; vs < 2; vs++)
        for (int hs = 0; hs < 2; hs++) {
            int col = vs ? H.c1 : H.c0, row = hs ? H.r1 : H.r0;
            bool ok = true, ca = false, cb = false;
            coins_pt a = {hs ? H.r0 : H.r1, col}; /* far end of the vertical side */
            coins_pt b = {row, vs ? H.c0 : H.c1}; /* far end of the horizontal side */
            for (int i = 0; i < n && ok; i++) {
                if (c[i].c != col && c[i].r != row) ok = false;
                if (c[i].r == a.r && c[i].c == a.c) ca = true;
                if (c[i].r == b.r && c[i].c == b.c) cb = true;
            }
            if (ok && ca && cb) {
                if (R) *R = H;
                return true;
            }
        }
    return false;
}

int coins_sq_canonical(const coins_pt *c, int n, coins_pt **out) {
    coins_rect *rects = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *rects);
    int k = coins_sq_span_rects(c, n, rects), total = 0;
    for (int i = 0; i < k; i++) {
        int m = rects[i].r1 - rects[i].r0 + 1, w = rects[i].c1 - rects[i].c0 + 1;
        total += (m + w + 1) / 2;
    }
    *out = pl_xmalloc((size_t)(total > 0 ? total : 1) * sizeof **out);
    int at = 0;
    for (int i = 0; i < k; i++) at += coins_sq_canonical_L(rects[i], *out + at);
    free(rects);
    return total;
}

bool coins_sq_rects_inside(const coins_rect *inner, int ni, const coins_rect *outer, int no) {
    for (int i = 0; i < ni; i++) {
        bool in = false;
        for (int j = 0; j < no && !in; j++)
            in = inner[i].r0 >= outer[j].r0 && inner[i].r1 <= outer[j].r1 && inner[i].c0 >= outer[j].c0 &&
                 inner[i].c1 <= outer[j].c1;
        if (!in) return false;
    }
    return true;
}
