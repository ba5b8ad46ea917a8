/* Buttons & Scissors with every colour used at most three times (F <= 3):
 * Theorem 4 of the paper, the greedy of Remark 2.
 *
 * Why greedy is right: a colour with two or three buttons is removed by
 * exactly one cut in any solution (two or three buttons cannot be split into
 * cuts of two or more each), and that cut is determined: the segment between
 * its extreme buttons, which must lie on one allowed line with an allowed
 * size. A colour with one button can never be cut. Remark 2: removing every
 * button of one colour from a solvable board leaves it solvable (the same
 * solution without that colour's cut still works, since removing buttons
 * never blocks a cut). So while buttons remain, cutting any colour whose cut
 * is feasible now keeps a solvable board solvable; and if no colour's cut is
 * feasible, no solution can even start. The board is solvable exactly when
 * the greedy empties it.
 *
 * Implementation: every colour's segment is walked once to count the buttons
 * of other colours on it (its blockers) and to list, per cell, the colours
 * whose segments cross it; cutting a colour lowers the blocker counts of the
 * colours crossing its buttons, and a colour whose count reaches zero joins
 * the queue. O(n + total segment length) = O(C max(m, n)) time and space. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

bool buttons_greedy_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    if (l->max_frequency > 3)
        return snprintf(why, n, "needs every colour used at most 3 times (F = %d)", l->max_frequency), false;
    snprintf(why, n, "F = %d <= 3: the greedy of Theorem 4 (Remark 2) decides it in polynomial time", l->max_frequency);
    return true;
}

int buttons_greedy_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    int C = l->ncolours, cells = l->rows * l->cols;
    /* Each colour's buttons (at most three) and its cut. */
    int(*pos)[3] = pl_xcalloc((size_t)C + 1, sizeof *pos);
    int *count = pl_xcalloc((size_t)C + 1, sizeof *count);
    for (int i = 0; i < cells; i++) {
        int c = l->cell[i];
        if (c) pos[c][count[c]++] = i;
    }
    buttons_cut *cut = pl_xcalloc((size_t)C + 1, sizeof *cut);
    int *blockers = pl_xcalloc((size_t)C + 1, sizeof *blockers);
    /* cells -> colours whose segment crosses them (CSR built in two passes) */
    int *start = pl_xcalloc((size_t)cells + 1, sizeof *start);
    out->status = PL_SOLVED;
    char why[256];
    for (int c = 1; c <= C && out->status == PL_SOLVED; c++) {
        if (count[c] == 0) continue; /* a colour with no button left (a level built in memory, e.g. play's hint) */
        if (count[c] == 1) {
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note, "colour '%c' has a single button", l->colour_char[c]);
            break;
        }
        /* Reading order puts the extremes first and last. */
        int a = pos[c][0], b = pos[c][count[c] - 1];
        cut[c] = (buttons_cut){a / l->cols, a % l->cols, b / l->cols, b % l->cols};
        /* Feasibility against the empty board but this colour: line, direction, size. */
        uint8_t *only = pl_xcalloc((size_t)cells, 1);
        for (int k = 0; k < count[c]; k++) only[pos[c][k]] = (uint8_t)c;
        int colour, size;
        if (buttons_cut_check(l, only, cut[c], &colour, &size, why, sizeof why) || size != count[c]) {
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note, "colour '%c' cannot be removed by one cut: %.180s", l->colour_char[c],
                     size != count[c] ? "its buttons are not on one line" : why);
        }
        free(only);
    }
    if (out->status == PL_SOLVED) {
        /* Walk every segment twice: first count blockers and crossings per
         * cell, then fill the crossing lists. */
        int *cross = NULL;
        for (int pass = 0; pass < 2; pass++) {
            int *fill = pass ? pl_xmalloc(((size_t)cells + 1) * sizeof *fill) : NULL;
            if (pass) memcpy(fill, start, ((size_t)cells + 1) * sizeof *fill);
            if (pass) cross = pl_xmalloc(((size_t)start[cells] + 1) * sizeof *cross);
            for (int c = 1; c <= C; c++) {
                if (!count[c]) continue;
                buttons_cut x = cut[c];
                int d = buttons_direction_of(x.r1, x.c1, x.r2, x.c2);
                int r = x.r1, cc = x.c1, r2 = x.r2, c2 = x.c2;
                if (cc > c2 || (cc == c2 && r > r2)) {
                    r = x.r2;
                    cc = x.c2;
                    r2 = x.r1;
                    c2 = x.c1;
                }
                for (;;) {
                    int i = r * l->cols + cc;
                    if (!pass) {
                        start[i + 1]++;
                        if (l->cell[i] && l->cell[i] != c) blockers[c]++;
                    } else {
                        cross[fill[i]++] = c;
                    }
                    if (r == r2 && cc == c2) break;
                    r += buttons_dir_dr[d];
                    cc += buttons_dir_dc[d];
                }
            }
            if (!pass) {
                for (int i = 0; i < cells; i++) start[i + 1] += start[i];
            } else {
                /* The greedy proper. */
                int *queue = pl_xmalloc(((size_t)C + 1) * sizeof *queue), qh = 0, qt = 0, done = 0, present = 0;
                for (int c = 1; c <= C; c++) {
                    if (!count[c]) continue;
                    present++;
                    if (!blockers[c]) queue[qt++] = c;
                }
                while (qh < qt) {
                    if (!pl_limits_tick(req->limits)) break;
                    int c = queue[qh++];
                    buttons_solution_add_cut(out, cut[c]);
                    done++;
                    for (int k = 0; k < count[c]; k++) {
                        int i = pos[c][k];
                        for (int e = start[i]; e < start[i + 1]; e++) {
                            int o = cross[e];
                            if (o != c && --blockers[o] == 0) queue[qt++] = o;
                        }
                    }
                }
                if (req->limits->hit)
                    out->status = PL_UNKNOWN;
                else if (done < present) {
                    out->status = PL_UNSOLVABLE;
                    snprintf(out->note, sizeof out->note, "%d colour%s block each other", present - done,
                             present - done == 1 ? "" : "s");
                }
                free(queue);
                free(fill);
                free(cross);
            }
        }
    }
    if (out->status != PL_SOLVED) pl_strvec_clear(&out->moves);
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
    out->peak_memory = (size_t)cells * sizeof(int) * 2;
    free(pos);
    free(count);
    free(cut);
    free(blockers);
    free(start);
    return 0;
}
