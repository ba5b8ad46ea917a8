/* Two Dots on one row: Theorem 4, second part, of the paper.
 *
 * In one row nothing falls into a gap (a removed dot leaves an empty cell with
 * nothing above it), so the maximal runs of one colour never change and never
 * merge; a move removes part of one run (a path in a row is an interval) and
 * no cycle exists. A move collects one colour only, so the goals are
 * independent: goal (c, l) needs the fewest runs of colour c of length >= 2
 * whose total reaches l -- take the longest runs first, each whole in one
 * move. The sum over the goals is the minimum number of moves; solvable iff it
 * is at most K. The runs are ordered longest first (leftmost first among
 * equals) by a counting sort on their lengths: O(n) a goal for n cells. The
 * certificate draws each chosen run from left to right. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

/* One row, or a taller board whose dots all lie in its bottom row (nothing
 * can fall there either); not with dots queued to refill (a refill section
 * whose queues are all empty plays as without one). */
bool twodots_row_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const twodots_level *l = p;
    if (l->nrefill)
        return snprintf(why, n,
                        "the refill model (%d dot%s queued): Theorem 4's rule is for the paper's model, where "
                        "nothing refills (a refilled dot can join two runs)",
                        l->nrefill, l->nrefill == 1 ? "" : "s"),
               false;
    for (int i = 0; i < (l->rows - 1) * l->cols; i++)
        if (l->cell[i]) return snprintf(why, n, "needs a board of one row (dots only in the bottom row)"), false;
    snprintf(why, n, "one row of %d cells, %d goal%s: the greedy rule of Theorem 4 is exact", l->cols, l->ngoals,
             l->ngoals == 1 ? "" : "s");
    return true;
}

typedef struct run {
    int start, len;
} run;

/* runs[0..nr) (in order of their starts) into out, longest first and, among
 * equal lengths, leftmost first: a stable counting sort on the lengths, which
 * are at most n; cnt has room for n + 1 counters. */
static void sort_runs(const run *runs, int nr, run *out, int *cnt) {
    int most = 0;
    for (int k = 0; k < nr; k++) most = runs[k].len > most ? runs[k].len : most;
    memset(cnt, 0, ((size_t)most + 1) * sizeof *cnt);
    for (int k = 0; k < nr; k++) cnt[runs[k].len]++;
    int at = 0;
    for (int len = most; len >= 0; len--) { /* each length's first slot */
        int c = cnt[len];
        cnt[len] = at;
        at += c;
    }
    for (int k = 0; k < nr; k++) out[cnt[runs[k].len]++] = runs[k];
}

int twodots_row_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const twodots_level *l = p;
    int n = l->cols, base = (l->rows - 1) * l->cols; /* the bottom row */
    const uint8_t *cell = l->cell + base;
    run *runs = pl_xmalloc(((size_t)n + 1) * sizeof *runs), *sorted = pl_xmalloc(((size_t)n + 1) * sizeof *sorted);
    int *cnt = pl_xmalloc(((size_t)n + 2) * sizeof *cnt);
    int *path = pl_xmalloc(((size_t)n + 1) * sizeof *path);
    char *buf = pl_xmalloc((size_t)n * 24 + 8);
    int total = 0;
    bool possible = true;
    for (int g = 0; g < l->ngoals && possible; g++) {
        int colour = l->goal_colour[g], need = l->goal_count[g], nr = 0;
        for (int i = 0; i < n;) {
            int j = i;
            while (j < n && cell[j] == cell[i]) j++;
            if (cell[i] == colour && j - i >= 2) runs[nr++] = (run){i, j - i};
            i = j;
        }
        sort_runs(runs, nr, sorted, cnt);
        int got = 0, k = 0;
        while (got < need && k < nr) {
            for (int t = 0; t < sorted[k].len; t++) path[t] = base + sorted[k].start + t;
            twodots_path_text(l, path, sorted[k].len, buf, (size_t)n * 24 + 8);
            pl_strvec_push(&out->moves, buf);
            got += sorted[k++].len;
        }
        if (got < need) possible = false;
        total += k;
    }
    req->limits->nodes += (uint64_t)n;
    if (!possible || (l->moves >= 0 && total > l->moves)) {
        out->status = PL_UNSOLVABLE;
        pl_strvec_clear(&out->moves);
        if (!possible)
            snprintf(out->note, sizeof out->note, "a goal exceeds the dots in runs of length >= 2");
        else
            snprintf(out->note, sizeof out->note, "minimum moves %d > K = %d", total, l->moves);
    } else {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "moves_used", total);
        snprintf(out->note, sizeof out->note, "minimum moves %d", total);
    }
    out->nodes = req->limits->nodes;
    free(runs);
    free(sorted);
    free(cnt);
    free(path);
    free(buf);
    return 0;
}
