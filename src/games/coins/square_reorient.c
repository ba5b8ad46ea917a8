/* Re-orienting 'L's with two extra coins (Galliot 2019, Lemma 3.6), in G'.
 *
 * We work with minimal 2-paths between two opposite corners of a rectangle R
 * (an 'L' is one): seen from one corner every step is one of (2,0), (0,2),
 * (1,1), (1,0), (0,1), at most one of length 1. Two consecutive steps can be
 * exchanged, or (1,1)(1,1) turned into (2,0)(0,2) and so on, by moving the
 * coin between them: a subroutine of the table (square_moves_table.c: the
 * 3x3 flip, the 4x2 flip, the 3x2 flip, the diagonal swaps, the leapfrogs),
 * found by exhaustive search and applied under the grid's symmetries. Fixing
 * the path coin by coin from its start turns any such path into any other
 * with the same ends in O(k^2) subroutines, k = ceil((m+n)/2) - 1 steps:
 * O(mn) actions as the lemma says (the flips of Figures 16, 19, 21).
 *
 * Rotations exchange the pair of corners. m, n odd (Figure 17): from the
 * 'L' hugging the top and right sides, each column in turn is flipped onto
 * the previous one (3x3 flips down the strip) and the coin left at the bottom
 * climbs back to the top by 3x3 rotations: O(mn) subroutines. m + n odd
 * (Figure 20): the pair at the start corner is set aside, the odd x odd rest
 * rotates, and the set-aside coin leapfrogs along the new branch (2x3
 * leapfrogs). Every subroutine is reversible, so the reverse of a
 * re-orientation is one too (Theorem 3.7 runs backwards for the target).
 *
 * Rotating an 'L' with both sides even (Figure 22, lost): by exhaustive
 * search over its span up to 30 cells (6x4, 4x6, ...), larger ones by
 * rotate_even below (an odd x odd rotation inside, then a row and a column
 * program in two rows / columns). */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

/* A frame: virtual (r, c) in [0, h) x [0, w) -> the board. The virtual
 * top-left and bottom-right corners are the ends of the paths we handle. */
typedef struct {
    int r0, c0, sr, sc, h, w;
    bool transpose;
} frame;

static coins_pt real(const frame *f, coins_pt v) {
    if (f->transpose) return (coins_pt){f->r0 + f->sr * v.c, f->c0 + f->sc * v.r};
    return (coins_pt){f->r0 + f->sr * v.r, f->c0 + f->sc * v.c};
}

static coins_pt virt(const frame *f, coins_pt p) {
    int a = (p.r - f->r0) * f->sr, b = (p.c - f->c0) * f->sc;
    return f->transpose ? (coins_pt){b, a} : (coins_pt){a, b};
}

/* mirror: the frame whose virtual top-left is R's bottom-left */
static frame make_frame(coins_rect R, bool mirror, bool transpose) {
    frame f = {mirror ? R.r1 : R.r0, R.c0, mirror ? -1 : 1, 1, R.r1 - R.r0 + 1, R.c1 - R.c0 + 1, transpose};
    if (transpose) {
        int x = f.h;
        f.h = f.w;
        f.w = x;
    }
    return f;
}

static bool is_step(int dr, int dc) {
    return dr >= 0 && dc >= 0 && dr + dc >= 1 && dr + dc <= 2;
}

/* The middle coin of (a, b, c) (virtual) goes to b2. Directly by a table
 * subroutine, or through an intermediate middle when no entry matches. */
static int relocate(coins_gp *g, const frame *f, coins_pt a, coins_pt b, coins_pt c, coins_pt b2) {
    if (b.r == b2.r && b.c == b2.c) return 0;
    coins_pt from[3] = {real(f, a), real(f, b), real(f, c)}, to[3] = {real(f, a), real(f, b2), real(f, c)};
    if (coins_gp_rewrite_exists(from, 3, to, 3)) return coins_gp_rewrite(g, from, 3, to, 3);
    for (int dr = 0; dr <= 2; dr++)
        for (int dc = 0; dc <= 2; dc++) {
            coins_pt x = {a.r + dr, a.c + dc};
            if (!is_step(dr, dc) || !is_step(c.r - x.r, c.c - x.c) || (x.r == b.r && x.c == b.c) ||
                (x.r == b2.r && x.c == b2.c))
                continue;
            coins_pt mid[3] = {real(f, a), real(f, x), real(f, c)};
            if (coins_gp_rewrite_exists(from, 3, mid, 3) && coins_gp_rewrite_exists(mid, 3, to, 3))
                return coins_gp_rewrite(g, from, 3, mid, 3) || coins_gp_rewrite(g, mid, 3, to, 3) ? -1 : 0;
        }
    return -1;
}

/* Turns the path p (k virtual coins from (0,0) to (h-1,w-1), minimal) into
 * q (same ends, same k), fixing coins from the start. */
static int transform_path(coins_gp *g, const frame *f, coins_pt *p, const coins_pt *q, int k) {
    for (int i = 1; i < k - 1; i++) {
        for (int guard = 0; p[i].r != q[i].r || p[i].c != q[i].c; guard++) {
            if (guard > 4 * k + 8) return -1;
            coins_pt t = {q[i].r - p[i - 1].r, q[i].c - p[i - 1].c};
            /* the first later step equal to t, bubbled back to position i */
            int j = -1;
            for (int x = i; x < k && j < 0; x++)
                if (p[x].r - p[x - 1].r == t.r && p[x].c - p[x - 1].c == t.c) j = x;
            if (j > i) {
                /* exchange steps j-1 and j: coin j-1 moves */
                coins_pt a = p[j - 2], c = p[j];
                coins_pt b2 = {a.r + t.r, a.c + t.c};
                if (relocate(g, f, a, p[j - 1], c, b2)) return -1;
                p[j - 1] = b2;
                continue;
            }
            /* no step t later on: two steps x < y whose sum is t plus a step;
             * step y moves back next to x, then the pair is rewritten */
            int bx = -1, by = -1;
            for (int x = i; x < k && bx < 0; x++)
                for (int y = x + 1; y < k && bx < 0; y++) {
                    int dr = p[x].r - p[x - 1].r + p[y].r - p[y - 1].r - t.r;
                    int dc = p[x].c - p[x - 1].c + p[y].c - p[y - 1].c - t.c;
                    if (is_step(dr, dc)) bx = x, by = y;
                }
            if (bx < 0) return -1;
            if (by > bx + 1) { /* exchange steps by-1 and by */
                coins_pt a = p[by - 2], c = p[by];
                coins_pt b2 = {a.r + p[by].r - p[by - 1].r, a.c + p[by].c - p[by - 1].c};
                if (relocate(g, f, a, p[by - 1], c, b2)) return -1;
                p[by - 1] = b2;
                continue;
            }
            coins_pt a = p[bx - 1], c = p[bx + 1], b2 = {a.r + t.r, a.c + t.c};
            if (relocate(g, f, a, p[bx], c, b2)) return -1;
            p[bx] = b2;
        }
    }
    return coins_gp_failed(g) ? -1 : 0;
}

static int cmp_diag(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    return (a->r + a->c) - (b->r + b->c);
}

/* The path through the virtual top row then the right column (the start of a
 * rotation): steps (0,2)..., then (2,0)...; with m + n odd and h even the
 * unit step (1,0) comes first. */
static int top_right_path(int h, int w, coins_pt *out) {
    int k = 0, r = 0;
    out[k++] = (coins_pt){0, 0};
    if (h % 2 == 0 && w % 2 == 1) out[k++] = (coins_pt){1, 0}, r = 1;
    for (int c = 2; c < w; c += 2) out[k++] = (coins_pt){r, c};
    for (int rr = r + 2; rr < h; rr += 2) out[k++] = (coins_pt){rr, w - 1};
    return k;
}

/* Virtual top row + right column -> top row + left column, both odd
 * (rows [r0, r0 + h)): columns flipped onto their left neighbours, the
 * bottom coin climbing by 3x3 rotations. */
static int rotate_odd(coins_gp *g, const frame *f, int r0, int h, int w) {
    for (int j = w - 1; j >= 2; j -= 2) {
        for (int r = r0; r + 2 < r0 + h; r += 2)
            if (relocate(g, f, (coins_pt){r, j - 2}, (coins_pt){r, j}, (coins_pt){r + 2, j}, (coins_pt){r + 2, j - 2}))
                return -1;
        for (int i = r0 + h - 1; i >= r0 + 2; i -= 2) {
            coins_pt from[3] = {real(f, (coins_pt){i - 2, j - 2}), real(f, (coins_pt){i, j - 2}),
                                real(f, (coins_pt){i, j})};
            coins_pt to[3] = {from[0], from[1], real(f, (coins_pt){i - 2, j})};
            if (coins_gp_rewrite(g, from, 3, to, 3)) return -1;
        }
    }
    return 0;
}

/* ---------- rotating an 'L' with both sides even (Figure 22, lost) ----------
 *
 * In the frame where L1 joins virtual (0,0) and (h-1,w-1) (h, w even, w >= 4;
 * the frame is transposed when w = 2):
 *  1. L1 becomes (0,0) plus a path of the odd x odd rectangle R* = rows
 *     1..h-1 x columns 1..w-1 from (1,1) to (h-1,w-1) (a flip-type change);
 *  2. that path rotates inside R* (odd x odd, Figure 17) to hug R*'s top row
 *     and left column: C = (0,0), (1,1), (1,3), ..., (1,w-1), (3,1), ...,
 *     (h-1,1);
 *  3. the row program lifts the branch of row 1 onto row 0: two dropped
 *     coins walk to the right end as a cluster of four (5 moves per two
 *     columns), turn, and walk back leaving row 0's odd cells filled (3 moves
 *     per two columns): (0,0), (0,1), (0,3), ..., (0,w-1), (1,1) and the
 *     column of step 2, one coin more on the board;
 *  4. the same program, transposed, moves the column branch from column 1 to
 *     column 0 (its first drop replaced by moving (1,0) to (0,1), whose role
 *     it plays), then (1,0) is dropped back and (0,0), (1,1) taken: the 'L'
 *     along row 0 and column 0, which joins (0,w-1) and (h-1,0), with both
 *     reserve coins back (for h = 2 this step is: drop (1,0), take (0,0),
 *     take (1,1));
 *  5. a flip-type change gives L2.
 * Rows 0-1 (resp. columns 0-1) only: O(w + h) moves for steps 3-4, O(mn) in
 * all (steps 1, 2 and 5), as Lemma 3.6 says. The programs were read off a
 * shortest solution found by exhaustive search (w = 10) and checked for every
 * even size from 4 x 4 to 30 x 30 (tests/test_coins_square_reorient.c
 * checks them through this function). */
typedef struct {
    char op; /* '+' drop, '-' take, 'm' move */
    coins_pt a, b;
} prog_step;

/* The row program of step 3 for width w (even, >= 4). n >= 5 w + 8. */
static int row_program(int w, prog_step *out) {
    int n = 0;
#define PS(o, r1, c1, r2, c2) (out[n++] = (prog_step){o, {r1, c1}, {r2, c2}})
    PS('+', 0, 1, 0, 0), PS('+', 1, 2, 0, 0), PS('m', 1, 1, 0, 2), PS('m', 0, 1, 0, 3);
    if (w == 4) {
        PS('m', 1, 3, 0, 1), PS('m', 0, 2, 1, 1), PS('m', 0, 1, 0, 2), PS('m', 1, 2, 0, 1), PS('-', 0, 2, 0, 0);
        return n;
    }
    for (int a = 2; a < w - 3; a += 2) /* the cluster walks right */
        PS('m', 0, a, 1, a + 2), PS('m', 1, a + 1, 0, a + 2), PS('m', 1, a + 2, 1, a + 1),
            PS('m', 0, a + 1, 1, a + 2), PS('m', 1, a + 1, 0, a + 3);
    PS('m', 1, w - 1, 1, w - 3), PS('m', 1, w - 2, 0, w - 3); /* it turns */
    for (int b = w - 2; b > 5; b -= 2)                         /* and walks back */
        PS('m', 0, b, 0, b - 2), PS('m', 1, b - 1, 1, b - 3), PS('m', 1, b - 2, 0, b - 3);
    PS('m', 0, 4, 0, 2), PS('m', 1, 3, 0, 1), PS('m', 0, 2, 1, 1), PS('m', 0, 1, 0, 2), PS('m', 1, 2, 0, 1);
    PS('-', 0, 2, 0, 0);
#undef PS
    return n;
}

/* Runs program steps in frame f, transposed (virtual (r, c) read as (c, r))
 * when tr. -1 at the first illegal action. */
static int run_program(coins_gp *g, const frame *f, const prog_step *p, int n, bool tr) {
    for (int i = 0; i < n; i++) {
        coins_pt a = tr ? (coins_pt){p[i].a.c, p[i].a.r} : p[i].a, b = tr ? (coins_pt){p[i].b.c, p[i].b.r} : p[i].b;
        int rc = p[i].op == '+'   ? coins_gp_drop(g, real(f, a))
                 : p[i].op == '-' ? coins_gp_take(g, real(f, a), true)
                                  : coins_gp_take(g, real(f, a), true) || coins_gp_drop(g, real(f, b));
        if (rc) return -1;
    }
    return 0;
}

static coins_rect rect_of(const frame *f, coins_pt v0, coins_pt v1) {
    coins_pt a = real(f, v0), b = real(f, v1);
    return (coins_rect){a.r < b.r ? a.r : b.r, a.c < b.c ? a.c : b.c, a.r > b.r ? a.r : b.r, a.c > b.c ? a.c : b.c};
}

static int cmp_diag(const void *x, const void *y);
static int top_right_path(int h, int w, coins_pt *out);

/* Steps 1-5 above; dr1 says L1 joins R's top-left and bottom-right.
 * Recursion with coins_sq_reorient, two levels at most: R has both sides
 * even, and the rectangle of step 2 both sides odd (h - 1 by w - 1), where
 * coins_sq_reorient never comes back here. */
static int rotate_even(coins_gp *g, coins_rect R, const coins_pt *L1, const coins_pt *L2, int k, bool dr1) {
    int m = R.r1 - R.r0 + 1, n = R.c1 - R.c0 + 1;
    frame f = make_frame(R, !dr1, n == 2 && m > 2);
    int h = f.h, w = f.w, rc = 0;
    coins_pt *p = pl_xmalloc((size_t)k * sizeof *p), *q = pl_xmalloc((size_t)k * sizeof *q);
    coins_pt *zr = pl_xmalloc((size_t)k * sizeof *zr), *tr = pl_xmalloc((size_t)k * sizeof *tr);
    prog_step *prog = pl_xmalloc((size_t)(5 * (h > w ? h : w) + 16) * sizeof *prog);
    /* 1: (0,0) and R*'s top-right path */
    int kz = top_right_path(h - 1, w - 1, q + 1);
    q[0] = (coins_pt){0, 0};
    for (int i = 1; i <= kz; i++) q[i].r++, q[i].c++;
    for (int i = 0; i < k; i++) p[i] = virt(&f, L1[i]);
    qsort(p, (size_t)k, sizeof *p, cmp_diag);
    if (kz + 1 != k || transform_path(g, &f, p, q, k)) rc = -1;
    /* 2: rotated in R* to its top row and left column */
    if (!rc) {
        int t = 0;
        for (int c = w - 1; c >= 1; c -= 2) tr[t++] = real(&f, (coins_pt){1, c});
        for (int r = 3; r < h; r += 2) tr[t++] = real(&f, (coins_pt){r, 1});
        for (int i = 0; i < kz; i++) zr[i] = real(&f, q[i + 1]);
        coins_rect Rs = rect_of(&f, (coins_pt){1, 1}, (coins_pt){h - 1, w - 1});
        rc = t == kz ? coins_sq_reorient(g, Rs, zr, tr, kz) : -1;
    }
    /* 3 and 4 */
    if (!rc) rc = run_program(g, &f, prog, row_program(w, prog), false);
    if (!rc && h == 2) {
        const prog_step end[3] = {{'+', {1, 0}, {0, 0}}, {'-', {0, 0}, {0, 0}}, {'-', {1, 1}, {0, 0}}};
        rc = run_program(g, &f, end, 3, false);
    } else if (!rc) {
        int np = row_program(h, prog);
        prog[0] = (prog_step){'m', {1, 0}, {0, 1}}; /* program coordinates, read transposed */
        prog[np++] = (prog_step){'+', {1, 0}, {0, 0}};
        prog[np++] = (prog_step){'-', {0, 0}, {0, 0}};
        prog[np++] = (prog_step){'-', {1, 1}, {0, 0}};
        rc = run_program(g, &f, prog, np, true);
    }
    /* 5: the 'L' along row 0 and column 0 becomes L2, in the frame of its class */
    if (!rc) {
        frame f2 = make_frame(R, dr1, false);
        int t = 0;
        for (int c = 1; c < w; c += 2) p[t++] = virt(&f2, real(&f, (coins_pt){0, c}));
        for (int r = 1; r < h; r += 2) p[t++] = virt(&f2, real(&f, (coins_pt){r, 0}));
        for (int i = 0; i < k; i++) q[i] = virt(&f2, L2[i]);
        qsort(p, (size_t)t, sizeof *p, cmp_diag);
        qsort(q, (size_t)k, sizeof *q, cmp_diag);
        rc = t == k ? transform_path(g, &f2, p, q, k) : -1;
    }
    free(p), free(q), free(zr), free(tr), free(prog);
    return rc || coins_gp_failed(g) ? -1 : 0;
}

int coins_sq_reorient(coins_gp *g, coins_rect R, const coins_pt *L1, const coins_pt *L2, int k) {
    int m = R.r1 - R.r0 + 1, n = R.c1 - R.c0 + 1;
    if (k != (m + n + 1) / 2) return -1;
    /* the class: which pair of opposite corners the path joins */
    coins_pt tl = {R.r0, R.c0}, br = {R.r1, R.c1}, bl = {R.r1, R.c0}, tr = {R.r0, R.c1};
    int h1 = 0, h2 = 0; /* bits: tl, br, bl, tr */
    for (int i = 0; i < k; i++) {
        coins_pt c4[4] = {tl, br, bl, tr};
        for (int b = 0; b < 4; b++) {
            if (L1[i].r == c4[b].r && L1[i].c == c4[b].c) h1 |= 1 << b;
            if (L2[i].r == c4[b].r && L2[i].c == c4[b].c) h2 |= 1 << b;
        }
    }
    bool line = m == 1 || n == 1;
    bool dr1 = (h1 & 3) == 3, dr2 = (h2 & 3) == 3;
    if (line) dr1 = dr2 = true;
    if (!line && (!(dr1 || (h1 & 12) == 12) || !(dr2 || (h2 & 12) == 12))) return -1;
    if (dr1 != dr2 && m % 2 == 0 && n % 2 == 0) {
        /* small ones by exhaustive search over the span (at most 30 cells,
         * shortest), larger ones by rotate_even */
        if (m * n > 30) return rotate_even(g, R, L1, L2, k, dr1);
        uint64_t a = 0, b = 0;
        for (int i = 0; i < k; i++) {
            a |= 1ULL << ((L1[i].r - R.r0) * n + (L1[i].c - R.c0));
            b |= 1ULL << ((L2[i].r - R.r0) * n + (L2[i].c - R.c0));
        }
        coins_sq_action act[512];
        int len = coins_sq_window_bfs(m, n, a, b, 2, true, 1u << 13, act, 512, NULL);
        if (len == -3) len = coins_sq_window_bfs(m, n, a, b, 2, true, 1u << 18, act, 512, NULL);
        if (len < 0) return -2;
        for (int i = 0; i < len; i++) {
            coins_pt q = {R.r0 + act[i].r, R.c0 + act[i].c};
            if (act[i].drop ? coins_gp_drop(g, q) : coins_gp_take(g, q, true)) return -1;
        }
        return 0;
    }
    coins_pt *p = pl_xmalloc((size_t)k * sizeof *p), *q = pl_xmalloc((size_t)k * sizeof *q);
    /* the frame of L1's class; transposed when a rotation needs the even side vertical */
    bool transpose = dr1 != dr2 && m % 2 == 1 && n % 2 == 0;
    frame f = make_frame(R, !dr1, transpose);
    for (int i = 0; i < k; i++) p[i] = virt(&f, L1[i]);
    qsort(p, (size_t)k, sizeof *p, cmp_diag);
    int rc = 0;
    if (dr1 == dr2) {
        for (int i = 0; i < k; i++) q[i] = virt(&f, L2[i]);
        qsort(q, (size_t)k, sizeof *q, cmp_diag);
        rc = transform_path(g, &f, p, q, k);
    } else {
        int h = f.h, w = f.w;
        top_right_path(h, w, q);
        rc = transform_path(g, &f, p, q, k);
        if (!rc && h % 2 == 1) {
            rc = rotate_odd(g, &f, 0, h, w);
        } else if (!rc) {
            rc = rotate_odd(g, &f, 1, h - 1, w);
            for (int j = 0; !rc && j + 2 < w; j += 2) {
                coins_pt from[3] = {real(&f, (coins_pt){0, j}), real(&f, (coins_pt){1, j}),
                                    real(&f, (coins_pt){1, j + 2})};
                coins_pt to[3] = {real(&f, (coins_pt){0, j + 2}), from[1], from[2]};
                rc = coins_gp_rewrite(g, from, 3, to, 3);
            }
        }
        /* now a path of the other class: finish in its frame */
        if (!rc) {
            frame f2 = make_frame(R, dr1, false);
            int c = 0;
            /* the rotated 'L' hugs the virtual top row and left column */
            int hh = f.h, ww = f.w;
            for (int r = hh - 1; r >= (hh % 2 == 1 ? 0 : 1); r -= 2) p[c++] = virt(&f2, real(&f, (coins_pt){r, 0}));
            for (int cc = 2; cc < ww; cc += 2) p[c++] = virt(&f2, real(&f, (coins_pt){hh % 2 == 1 ? 0 : 1, cc}));
            if (hh % 2 == 0) p[c++] = virt(&f2, real(&f, (coins_pt){0, ww - 1}));
            qsort(p, (size_t)c, sizeof *p, cmp_diag);
            for (int i = 0; i < k; i++) q[i] = virt(&f2, L2[i]);
            qsort(q, (size_t)k, sizeof *q, cmp_diag);
            rc = c == k ? transform_path(g, &f2, p, q, k) : -1;
        }
    }
    free(p);
    free(q);
    return rc || coins_gp_failed(g) ? -1 : 0;
}

int coins_sq_reorder(coins_gp *g, coins_rect R, const coins_pt *P, const coins_pt *Q, int k, int t) {
    /* frame t as in square_canonicalize.c: bit 2 transpose, bit 0 rows
     * reversed, bit 1 columns reversed */
    frame f;
    f.transpose = (t & 4) != 0;
    f.sr = (t & 1) ? -1 : 1;
    f.sc = (t & 2) ? -1 : 1;
    f.r0 = f.sr > 0 ? R.r0 : R.r1;
    f.c0 = f.sc > 0 ? R.c0 : R.c1;
    int m = R.r1 - R.r0 + 1, n = R.c1 - R.c0 + 1;
    f.h = f.transpose ? n : m;
    f.w = f.transpose ? m : n;
    coins_pt *p = pl_xmalloc((size_t)k * sizeof *p), *q = pl_xmalloc((size_t)k * sizeof *q);
    for (int i = 0; i < k; i++) p[i] = virt(&f, P[i]), q[i] = virt(&f, Q[i]);
    qsort(p, (size_t)k, sizeof *p, cmp_diag);
    qsort(q, (size_t)k, sizeof *q, cmp_diag);
    int rc = transform_path(g, &f, p, q, k);
    free(p);
    free(q);
    return rc || coins_gp_failed(g) ? -1 : 0;
}
