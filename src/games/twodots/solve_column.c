/* Two Dots on one column: Theorem 3 of the paper (Section 4.2), extended to
 * any constant number of goals.
 *
 * Dots 0..n-1 from the top. In a column a move is a run of consecutive dots of
 * one colour (after the dots between them were removed), never a cycle.
 *  C(i,j): fewest moves that clear dots i..j-1 (half-open), +inf if none.
 *    The top dot i is hit together with a partner h (the next dot of its move,
 *    c(h) = c(i)); the dots between are cleared first, by moves that stay
 *    between i and h:
 *      C(i,j) = min_h C(i+1,h) + min(1 + C(h+1,j),  [the move ends at h]
 *                                    C(h,j))         [h's move is extended by i]
 *  T(i,delta): fewest moves collecting at least delta (a vector: one entry per
 *    goal, clamped at 0) from dots i..n-1, where the dots above i are inert.
 *    T(i,0) = 0; T(i,delta) = min(T(i+1,delta), H(i,delta)).
 *  H(i,delta): the same, but dot i must be hit (with a partner below):
 *      H(i,delta) = min_h C(i+1,h) + min(1 + T(h+1, delta - N[i..h]),
 *                                        H(h, delta - N[i..h-1]))
 *    where N[a..b] counts the goal colours' dots in a..b.
 * The paper's third case writes T(h, j, ...) for the chained dot h, which may
 * leave h unhit and so credits a move of dot i alone (e.g. a/b/b/a with goal
 * a 1 would get 1 move instead of 2); H fixes that. The minimum is T(0,goals);
 * solvable iff it is at most K.
 * Time O(n^3 + n^2 g D), space O(n^2 + n D), with g goals and
 * D = prod_g (min(goal_g, dots of its colour) + 1): polynomial for a constant
 * number of goals. The certificate replays the choices: the dots between
 * partners first, then the chained move, then the part below. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

#define INF 0x3fffffff

/* The one column holding dots, or -1 when dots lie in two or more. A board
 * whose other columns are empty plays like a board of one column. */
static int dot_column(const twodots_level *l) {
    int found = -1;
    for (int c = 0; c < l->cols; c++)
        for (int r = 0; r < l->rows; r++)
            if (l->cell[r * l->cols + c]) {
                if (found >= 0 && found != c) return -1;
                found = c;
                break;
            }
    return found < 0 ? 0 : found;
}

bool twodots_column_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const twodots_level *l = p;
    if (l->nrefill)
        return snprintf(why, n,
                        "the refill model (%d dot%s queued): Theorem 3's tables are for the paper's model, where "
                        "nothing refills",
                        l->nrefill, l->nrefill == 1 ? "" : "s"),
               false;
    if (dot_column(l) < 0) return snprintf(why, n, "needs a board of one column (dots only in one column)"), false;
    snprintf(why, n, "one column of %d dots, %d goal%s: the tables of Theorem 3 are polynomial", l->ndots, l->ngoals,
             l->ngoals == 1 ? "" : "s");
    return true;
}

/* Bytes of the tables: C and its choices, (n+1)^2 each; T, H and their
 * choices, (n+1) D each, with D = prod(min(goal, dots of its colour) + 1).
 * SIZE_MAX when that does not fit. */
static size_t table_bytes(const twodots_level *l) {
    /* in 64 bits: size_t has 32 in the WebAssembly build (web/), where
     * 1 << 40 would overflow */
    uint64_t n1 = (uint64_t)l->ndots + 1, D = 1;
    for (int g = 0; g < l->ngoals; g++) {
        uint64_t r = (uint64_t)(l->goal_count[g] < l->count[l->goal_colour[g]] ? l->goal_count[g]
                                                                                 : l->count[l->goal_colour[g]]) +
                     1;
        if (D > ((uint64_t)1 << 40) / r) return SIZE_MAX;
        D *= r;
    }
    uint64_t bytes = n1 * n1 * 2 * sizeof(int) + n1 * D * 4 * sizeof(int);
    return bytes == (size_t)bytes ? (size_t)bytes : SIZE_MAX;
}

/* auto prefers the tables while they fit in the memory limit; beyond it (many
 * goals: D grows as a product) the exact search may still decide the level. */
bool twodots_column_preferred(const void *p, const pl_request *req, char *why, size_t n) {
    const twodots_level *l = p;
    size_t b = table_bytes(l);
    if (b > req->limits->memory_limit) {
        if (b == SIZE_MAX)
            snprintf(why, n, "the goal table of Theorem 3 would need over 2^40 entries");
        else
            snprintf(why, n, "the tables of Theorem 3 would need %zu MiB, over the memory limit", b >> 20);
        return false;
    }
    return true;
}

typedef struct colctx {
    int n, g;
    const uint8_t *col;     /* colour of dot i */
    int *C, *Cch;           /* (n+1)^2 */
    int *T, *H, *Tch, *Hch; /* (n+1) * D */
    long D;
    int radix[TWODOTS_MAX_COLOURS];
    int *pre; /* pre[g*(n+1) + x]: goal g's dots among 0..x-1 */
    /* moves as lists of dot indices */
    int *dots, ndots, capdots;
    int *start, nmoves, capmoves;
} colctx;

#define CI(x, i, j) ((size_t)(i) * (size_t)((x)->n + 1) + (size_t)(j))
#define TI(x, i, d) ((size_t)(i) * (size_t)(x)->D + (size_t)(d))

/* delta index d minus the goal dots among a..b-1, clamped at 0 */
static long reduce(const colctx *x, long d, int a, int b) {
    long out = 0, mul = 1;
    for (int g = 0; g < x->g; g++) {
        long digit = d % (x->radix[g] + 1);
        d /= x->radix[g] + 1;
        long got = x->pre[g * (x->n + 1) + b] - x->pre[g * (x->n + 1) + a];
        digit = digit > got ? digit - got : 0;
        out += digit * mul;
        mul *= x->radix[g] + 1;
    }
    return out;
}

static void push_move(colctx *x, const int *d, int len) {
    if (x->nmoves + 1 >= x->capmoves) {
        x->capmoves = 2 * x->capmoves + 8;
        x->start = pl_xrealloc(x->start, (size_t)x->capmoves * sizeof *x->start);
    }
    if (x->ndots + len > x->capdots) {
        x->capdots = 2 * (x->ndots + len) + 8;
        x->dots = pl_xrealloc(x->dots, (size_t)x->capdots * sizeof *x->dots);
    }
    x->start[x->nmoves++] = x->ndots;
    memcpy(x->dots + x->ndots, d, (size_t)len * sizeof *d);
    x->ndots += len;
    x->start[x->nmoves] = x->ndots;
}

/* The certificate replays the choices without recursion (a column's moves
 * nest as deep as it has dots). Tasks, on an explicit stack:
 *  - C(i, j) and H(i, d): emit_C and emit_H of the recursive form, whose
 *    move so far (the dots chained above i) is pfx[base..top) of the prefix
 *    stack; base -1 for a move that starts at i (its base is then the top
 *    when the task runs);
 *  - T(i, d): the part below, from dot i;
 *  - MOVE(base, h): the move pfx[base..top) ended by dot h, then its dots
 *    leave the prefix stack.
 * A task pushes its steps in reverse: the dots between i and its partner h
 * (a C task, with a move of its own) first, then the move or the chain.
 * The open moves lie in disjoint parts of the column, so the prefix stack
 * holds distinct dots, at most n; the dots between i and h nest strictly
 * inside, at most n deep, each level leaving at most two steps pending, so
 * the task stack holds at most 2n + 3 tasks. Both are allocated once. */
typedef enum { E_C, E_H, E_T, E_MOVE } emit_kind;

typedef struct emit_task {
    emit_kind kind;
    int i, j, base; /* E_MOVE: i is h */
    long d;
} emit_task;

typedef struct emitter {
    emit_task *t;
    int nt, capt;
    int *pfx, top;
} emitter;

static void task_push(emitter *e, emit_kind kind, int i, int j, int base, long d) {
    if (e->nt == e->capt) { /* cannot happen (the bound above); a guard */
        e->capt = 2 * e->capt + 16;
        e->t = pl_xrealloc(e->t, (size_t)e->capt * sizeof *e->t);
    }
    e->t[e->nt++] = (emit_task){kind, i, j, base, d};
}

/* The moves of T(0, d0) into x's move lists. */
static void emit_moves(colctx *x, long d0) {
    emitter e = {NULL, 0, 2 * x->n + 3, NULL, 0};
    e.t = pl_xmalloc((size_t)e.capt * sizeof *e.t);
    e.pfx = pl_xmalloc(((size_t)x->n + 2) * sizeof *e.pfx);
    task_push(&e, E_T, 0, 0, -1, d0);
    while (e.nt > 0) {
        emit_task k = e.t[--e.nt];
        int base = k.base < 0 ? e.top : k.base;
        switch (k.kind) {
        case E_T: {
            int i = k.i;
            while (k.d != 0 && x->Tch[TI(x, i, k.d)] == 0) i++;
            if (k.d != 0) task_push(&e, E_H, i, 0, -1, k.d);
            break;
        }
        case E_C: {
            if (k.i >= k.j) {
                e.top = base;
                break;
            }
            int v = x->Cch[CI(x, k.i, k.j)], h = v >> 1;
            e.pfx[e.top++] = k.i;
            if (v & 1) {
                task_push(&e, E_C, h + 1, k.j, -1, 0);
                task_push(&e, E_MOVE, h, 0, base, 0);
            } else {
                task_push(&e, E_C, h, k.j, base, 0);
            }
            task_push(&e, E_C, k.i + 1, h, -1, 0);
            break;
        }
        case E_H: {
            int v = x->Hch[TI(x, k.i, k.d)], h = v >> 1;
            e.pfx[e.top++] = k.i;
            if (v & 1) {
                task_push(&e, E_T, h + 1, 0, -1, reduce(x, k.d, k.i, h + 1));
                task_push(&e, E_MOVE, h, 0, base, 0);
            } else {
                task_push(&e, E_H, h, 0, base, reduce(x, k.d, k.i, h));
            }
            task_push(&e, E_C, k.i + 1, h, -1, 0);
            break;
        }
        case E_MOVE:
            e.pfx[e.top++] = k.i;
            push_move(x, e.pfx + base, e.top - base);
            e.top = base;
            break;
        }
    }
    free(e.t);
    free(e.pfx);
}

int twodots_column_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const twodots_level *l = p;
    pl_limits *lim = req->limits;
    colctx x = {0};
    int n = l->ndots, rows = l->rows, top = rows - n, dc = dot_column(l);
    x.n = n;
    x.g = l->ngoals;
    /* goals beyond the dots of their colour: no table needed */
    for (int g = 0; g < l->ngoals; g++)
        if (l->goal_count[g] > l->count[l->goal_colour[g]]) {
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note, "goal %s %d exceeds the %d dots of that colour",
                     l->colour_name[l->goal_colour[g]], l->goal_count[g], l->count[l->goal_colour[g]]);
            return 0;
        }
    size_t bytes = table_bytes(l);
    if (bytes > lim->memory_limit) {
        out->peak_memory = 0;
        lim->hit = PL_LIMIT_MEMORY;
        out->status = PL_UNKNOWN;
        out->limit_hit = lim->hit;
        if (bytes == SIZE_MAX)
            snprintf(out->note, sizeof out->note, "the goal table would need over 2^40 entries");
        else
            snprintf(out->note, sizeof out->note, "the tables need %zu bytes", bytes);
        return 0;
    }
    out->peak_memory = bytes;
    x.D = 1;
    for (int g = 0; g < x.g; g++) {
        x.radix[g] = l->goal_count[g]; /* <= the dots of its colour: checked above */
        x.D *= x.radix[g] + 1;
    }
    uint8_t *colour_of = pl_xmalloc((size_t)n + 1); /* dot i from the top */
    for (int i = 0; i < n; i++) colour_of[i] = l->cell[(top + i) * l->cols + dc];
    x.col = colour_of;
    x.C = pl_xmalloc((size_t)(n + 1) * (size_t)(n + 1) * sizeof(int));
    x.Cch = pl_xmalloc((size_t)(n + 1) * (size_t)(n + 1) * sizeof(int));
    x.pre = pl_xcalloc((size_t)(x.g ? x.g : 1) * (size_t)(n + 1), sizeof(int));
    for (int g = 0; g < x.g; g++)
        for (int i = 0; i < n; i++)
            x.pre[g * (n + 1) + i + 1] = x.pre[g * (n + 1) + i] + (x.col[i] == l->goal_colour[g]);
    bool stopped = false;
    for (int i = 0; i <= n; i++) x.C[CI(&x, i, i)] = 0;
    for (int i = 0; i < n; i++) x.C[CI(&x, i, i + 1)] = INF;
    for (int len = 2; len <= n && !stopped; len++) {
        for (int i = 0; i + len <= n; i++) {
            int j = i + len, best = INF, ch = 0;
            for (int h = i + 1; h < j; h++) {
                if (x.col[h] != x.col[i]) continue;
                int a = x.C[CI(&x, i + 1, h)];
                if (a >= INF) continue;
                int e1 = x.C[CI(&x, h + 1, j)], e2 = x.C[CI(&x, h, j)];
                if (e1 < INF && a + 1 + e1 < best) best = a + 1 + e1, ch = 2 * h + 1;
                if (e2 < INF && a + e2 < best) best = a + e2, ch = 2 * h;
            }
            x.C[CI(&x, i, j)] = best;
            x.Cch[CI(&x, i, j)] = ch;
        }
        if (!pl_limits_tick(lim)) stopped = true;
    }
    if (!stopped) {
        size_t cells = (size_t)(n + 1) * (size_t)x.D;
        x.T = pl_xmalloc(cells * sizeof(int));
        x.H = pl_xmalloc(cells * sizeof(int));
        x.Tch = pl_xmalloc(cells * sizeof(int));
        x.Hch = pl_xmalloc(cells * sizeof(int));
        for (long d = 0; d < x.D; d++) {
            x.T[TI(&x, n, d)] = d == 0 ? 0 : INF;
            x.H[TI(&x, n, d)] = INF;
            x.Tch[TI(&x, n, d)] = 0;
        }
        for (int i = n - 1; i >= 0 && !stopped; i--) {
            for (long d = 0; d < x.D; d++) {
                int best = INF, ch = 0;
                for (int h = i + 1; h < n; h++) {
                    if (x.col[h] != x.col[i]) continue;
                    int a = x.C[CI(&x, i + 1, h)];
                    if (a >= INF) continue;
                    int e1 = x.T[TI(&x, h + 1, reduce(&x, d, i, h + 1))];
                    int e2 = x.H[TI(&x, h, reduce(&x, d, i, h))];
                    if (e1 < INF && a + 1 + e1 < best) best = a + 1 + e1, ch = 2 * h + 1;
                    if (e2 < INF && a + e2 < best) best = a + e2, ch = 2 * h;
                }
                x.H[TI(&x, i, d)] = best;
                x.Hch[TI(&x, i, d)] = ch;
                int skip = x.T[TI(&x, i + 1, d)];
                if (d == 0) {
                    x.T[TI(&x, i, d)] = 0;
                    x.Tch[TI(&x, i, d)] = 0;
                } else if (skip <= best) {
                    x.T[TI(&x, i, d)] = skip;
                    x.Tch[TI(&x, i, d)] = 0;
                } else {
                    x.T[TI(&x, i, d)] = best;
                    x.Tch[TI(&x, i, d)] = 1;
                }
            }
            if (!pl_limits_tick(lim)) stopped = true;
        }
    }
    if (stopped) {
        out->status = PL_UNKNOWN;
    } else {
        long d0 = x.D - 1; /* every goal at its full count */
        int best = x.T[TI(&x, 0, d0)];
        if (best >= INF || (l->moves >= 0 && best > l->moves)) {
            out->status = PL_UNSOLVABLE;
            if (best < INF)
                snprintf(out->note, sizeof out->note, "minimum moves %d > K = %d", best, l->moves);
            else
                snprintf(out->note, sizeof out->note, "no sequence of moves meets the goals");
        } else {
            out->status = PL_SOLVED;
            emit_moves(&x, d0);
            /* dot indices -> frame cells at the time of each move */
            bool *alive = pl_xmalloc((size_t)n + 1);
            memset(alive, 1, (size_t)n + 1);
            int *path = pl_xmalloc(((size_t)n + 1) * sizeof *path);
            char *buf = pl_xmalloc((size_t)n * 24 + 8);
            for (int m = 0; m < x.nmoves; m++) {
                int len = x.start[m + 1] - x.start[m];
                for (int k = 0; k < len; k++) {
                    int dot = x.dots[x.start[m] + k], below = 0;
                    for (int y = dot + 1; y < n; y++) below += alive[y];
                    path[k] = (rows - 1 - below) * l->cols + dc;
                }
                for (int k = 0; k < len; k++) alive[x.dots[x.start[m] + k]] = false;
                twodots_path_text(l, path, len, buf, (size_t)n * 24 + 8);
                pl_strvec_push(&out->moves, buf);
            }
            free(alive);
            free(path);
            free(buf);
            pl_solution_set_value(out, "moves_used", best);
            snprintf(out->note, sizeof out->note, "minimum moves %d", best);
        }
    }
    out->nodes = lim->nodes;
    out->limit_hit = lim->hit;
    free(x.C);
    free(x.Cch);
    free(x.pre);
    free(x.T);
    free(x.H);
    free(x.Tch);
    free(x.Hch);
    free(x.dots);
    free(x.start);
    free(colour_of);
    return 0;
}
