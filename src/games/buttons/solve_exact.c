/* Buttons & Scissors exact solver for the NP-complete general case.
 *
 * Paper: "Single-Player and Two-Player Buttons & Scissors Games" (Burke et
 * al.), Sections 2-3: the decision problem B&S[m x n, C, F, d, S] is
 * NP-complete already for 2 colours (Theorem 2), F = 4 (Theorem 5), ...
 *
 * Idea: depth-first search over the set of remaining buttons (a board is its
 * set of buttons: they never move), with
 *  - Remark 1: cut sizes normalised to the minimal generators of S
 *    (buttons_sizes_normalised; {2,3,...} is {2,3}). A cut of an allowed size
 *    is a run of consecutive sub-cuts of generator sizes along its segment,
 *    and the generators are allowed sizes, so both sets solve the same boards.
 *  - Transposition table (pl_tt, 128-bit Zobrist keys of the button set) of
 *    boards proven unsolvable.
 *  - Safe moves (Remark 2): when every remaining button of one colour can be
 *    cut away now by cuts of that colour alone (other colours fixed), doing so
 *    is never wrong: B solvable => B minus that colour solvable, and the
 *    converse holds by clearing the colour first. Such a node does not branch.
 *  - Colour-class feasibility: a colour whose buttons cannot be partitioned
 *    into cuts even on the board with every other colour gone (other colours
 *    only block) is dead. Exact subset search per colour, memoised per
 *    (colour, subset of its buttons) in a second table; it subsumes "a button
 *    with no same-coloured button on an allowed line".
 *  - Precedence / deadlock: a cut removing button b of colour c runs from b
 *    along some allowed ray to a button of c at least as far as the nearest
 *    one, so the other-coloured buttons common to all rays' stretches up to
 *    the nearest c button must go before b. A cycle of "must go before" is
 *    dead.
 *  - Independent parts: buttons are joined when consecutive on an allowed
 *    line; the components share no cut segment, so each is solved on its own
 *    (its own table entries) and the solutions are concatenated.
 *  - Sleep sets for commuting cuts: two cuts feasible on the same board that
 *    share no button commute (neither has a button on the other's segment,
 *    since a feasible segment holds only its own buttons, so each stays
 *    feasible with the same size and the result is the same board). After
 *    cut x was explored at a node, its later siblings that commute with x do
 *    not cut x again; the set is inherited while the cuts keep commuting.
 *
 * Soundness of sleep sets with the failure table (as in clickomania's
 * solve_exact.c): when the search of node N with sleep set Z returns "no
 * solution" (not cut by a limit), N is unsolvable. Children searched fail by
 * induction; a sequence z.s with z in Z equals, by commutation, A.z.(path
 * from A to N).s for the ancestor A where z was searched, which that earlier
 * search covered and found failing. So "unsolvable" may be stored and used for
 * any later visit whatever its sleep set. Safe moves and component splits
 * start their children with an empty sleep set (a smaller sleep set only
 * explores more).
 *
 * Complexity: exponential in the worst case. A node costs O(cells * line
 * length) for the checks plus the colour subset searches (2^k for a colour
 * with k buttons, memoised; skipped above 64 buttons). Memory: the two tables
 * (capped by --memory-limit) plus one board per depth. Never prints.
 * The colour subset search, the cut list and the board keys are shared with
 * solve_max.c (search_common.c). */
#include <stdlib.h>
#include <string.h>

#include "search_common.h"
#include "solvers.h"

#define COLOUR_BUDGET_RELAX 200000
#define COLOUR_BUDGET_FORCED 20000
#define FMEMO_BITS 12 /* the safe-move search's failure memo: 4096 slots */

/* A feasible cut (buttons_feasible_cuts); size unused here. */
typedef buttons_fcut cutrec;

typedef struct search {
    const buttons_level *l;
    int n; /* cells */
    pl_limits *lim;
    pl_tt tt;         /* boards proven unsolvable */
    pl_tt ctt;        /* colour subsets: solvable alone? */
    buttons_zobrist z;
    buttons_colours bc; /* the colours' pairs, sizes (normalised), clear search */
    buttons_cut *path;
    int depth;
    /* scratch */
    int *uf, *cnt, *touched, *adj, *adjn, *adjs, *mark, *stack;
    /* stats */
    uint64_t nodes, tt_hits, forced, splits, relax_cuts, prec_cuts;
} search;

/* ---------- precedence (deadlock) check ---------- */

/* Returns false when some button can never be cut or the "must be removed
 * before" relation has a cycle. */
static bool precedence_ok(search *s, const uint8_t *cells) {
    const buttons_level *l = s->l;
    int n = s->n, nedges = 0;
    for (int b = 0; b < n; b++) {
        s->adjs[b] = nedges;
        s->adjn[b] = 0;
        if (!cells[b]) continue;
        int colour = cells[b], r0 = b / l->cols, c0 = b % l->cols, nrays = 0, ntouched = 0;
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            for (int sign = -1; sign <= 1; sign += 2) {
                int r = r0, c = c0, start = ntouched;
                bool found = false;
                for (;;) {
                    r += sign * buttons_dir_dr[d];
                    c += sign * buttons_dir_dc[d];
                    if (!buttons_on_board(l, r, c)) break;
                    int i = r * l->cols + c, v = cells[i];
                    if (!v) continue;
                    if (v == colour) {
                        found = true;
                        break;
                    }
                    s->touched[ntouched++] = i;
                }
                if (!found) {
                    ntouched = start;
                    continue;
                }
                for (int k = start; k < ntouched; k++) s->cnt[s->touched[k]]++;
                nrays++;
            }
        }
        if (nrays == 0) {
            for (int k = 0; k < ntouched; k++) s->cnt[s->touched[k]] = 0;
            return false;
        }
        for (int k = 0; k < ntouched; k++) {
            int q = s->touched[k];
            if (s->cnt[q] == nrays) s->adj[nedges++] = q;
            s->cnt[q] = 0; /* a cell appears on one ray at most */
        }
        s->adjn[b] = nedges - s->adjs[b];
    }
    if (!nedges) return true;
    /* Cycle detection: iterative DFS, mark 0 new, 1 on stack, 2 done. */
    for (int b = 0; b < n; b++) s->mark[b] = 0;
    for (int b0 = 0; b0 < n; b0++) {
        if (!cells[b0] || s->mark[b0] || !s->adjn[b0]) continue;
        int sp = 0;
        s->stack[sp++] = b0;
        s->mark[b0] = 1;
        s->cnt[b0] = 0; /* next edge to follow */
        while (sp) {
            int u = s->stack[sp - 1];
            if (s->cnt[u] < s->adjn[u]) {
                int w = s->adj[s->adjs[u] + s->cnt[u]++];
                if (s->mark[w] == 1) {
                    for (int k = 0; k < n; k++) s->cnt[k] = 0;
                    return false;
                }
                if (!s->mark[w]) {
                    s->mark[w] = 1;
                    s->cnt[w] = 0;
                    s->stack[sp++] = w;
                }
            } else {
                s->mark[u] = 2;
                s->cnt[u] = 0;
                sp--;
            }
        }
    }
    return true;
}

/* ---------- components ---------- */

/* Union-find over buttons consecutive on allowed lines; returns the number of
 * components. */
static int components(search *s, const uint8_t *cells) {
    const buttons_level *l = s->l;
    int ncomp = 0;
    for (int i = 0; i < s->n; i++) s->uf[i] = i;
    for (int i = 0; i < s->n; i++) {
        if (!cells[i]) continue;
        ncomp++;
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            int j = buttons_ray_next(l, cells, i, d, 0);
            if (j < 0) continue;
            int a = buttons_uf_find(s->uf, i), b = buttons_uf_find(s->uf, j);
            if (a != b) {
                s->uf[a] = b;
                ncomp--;
            }
        }
    }
    return ncomp;
}

/* ---------- cuts on the board ---------- */

static bool on_segment(const search *s, const cutrec *y, int p) {
    int cols = s->l->cols;
    int r = p / cols, c = p % cols, r1 = y->a / cols, c1 = y->a % cols, r2 = y->b / cols, c2 = y->b % cols;
    int lo, hi;
    switch (y->d) {
    case 0:
        if (r != r1) return false;
        lo = c1 < c2 ? c1 : c2; hi = c1 < c2 ? c2 : c1;
        return c >= lo && c <= hi;
    case 1:
        if (c != c1) return false;
        lo = r1 < r2 ? r1 : r2; hi = r1 < r2 ? r2 : r1;
        return r >= lo && r <= hi;
    case 2:
        if (r - c != r1 - c1) return false;
        break;
    default:
        if (r + c != r1 + c1) return false;
        break;
    }
    lo = c1 < c2 ? c1 : c2; hi = c1 < c2 ? c2 : c1;
    return c >= lo && c <= hi;
}

/* Do two cuts feasible on one board share a button? */
static bool cuts_share(const search *s, const uint8_t *cells, const cutrec *x, const cutrec *y) {
    if (x->colour != y->colour) return false;
    const buttons_level *l = s->l;
    int r = x->a / l->cols, c = x->a % l->cols;
    for (int i = x->a;;) {
        if (cells[i] && on_segment(s, y, i)) return true;
        if (i == x->b) break;
        r += buttons_dir_dr[x->d];
        c += buttons_dir_dc[x->d];
        i = r * l->cols + c;
    }
    return false;
}

/* ---------- the search ---------- */

/* The depth-first search runs on an explicit stack of frames (heap, grown as
 * needed): a child always holds fewer buttons than its parent, so the stack
 * is at most (buttons + 1) frames deep, and a level with thousands of
 * buttons must not need as many C stack frames. Each frame is one node of
 * the former recursive search, in the same order, with the same tables,
 * counters and certificate. */
enum { NODE_CHILD = 2 }; /* node_enter/node_resume: a child to search next */
enum { KIND_SAFE, KIND_SPLIT, KIND_BRANCH };

typedef struct frame {
    const uint8_t *cells; /* this node's board (the parent's next, or the root) */
    const cutrec *sleep;  /* this node's sleep set */
    int nsleep;
    pl_key128 key;
    int saved; /* s->depth on entry */
    int kind, res;
    uint8_t *next;       /* the child's board */
    cutrec *child_sleep; /* the child's sleep set */
    int nchild_sleep;
    /* KIND_SPLIT: the components left to search */
    int *roots, *owner, nroots, k;
    /* KIND_BRANCH: the cuts, the one being searched, the ones done */
    cutrec *cuts, *done;
    int m, x, ndone;
} frame;

/* After a node's search: frees its buffers and gives its result (storing a
 * failure in the table). 1 solved (cuts on s->path), 0 unsolvable, -1
 * stopped by a limit. */
static int node_finish(search *s, frame *f, int res) {
    free(f->next);
    free(f->cuts);
    free(f->child_sleep);
    f->next = NULL;
    f->cuts = f->child_sleep = NULL;
    if (res == 1) return 1;
    s->depth = f->saved;
    if (res < 0) return -1;
    pl_tt_put(&s->tt, f->key, 0);
    return 0;
}

/* KIND_SPLIT: the next component into f->next (NODE_CHILD), or the end. */
static int split_next(search *s, frame *f) {
    if (f->k < f->nroots && f->res == 1) {
        for (int i = 0; i < s->n; i++) f->next[i] = f->owner[i] == f->roots[f->k] ? f->cells[i] : 0;
        f->child_sleep = NULL;
        f->nchild_sleep = 0;
        return NODE_CHILD;
    }
    free(f->roots);
    free(f->owner);
    f->roots = f->owner = NULL;
    return node_finish(s, f, f->res);
}

/* KIND_BRANCH: the next cut not asleep (NODE_CHILD), or the end. */
static int branch_next(search *s, frame *f) {
    for (; f->x < f->m && f->res == 0; f->x++) {
        const cutrec *cx = &f->cuts[f->x];
        bool asleep = false;
        for (int k = 0; k < f->nsleep && !asleep; k++) asleep = f->sleep[k].a == cx->a && f->sleep[k].b == cx->b;
        if (asleep) continue;
        int ns = 0;
        for (int k = 0; k < f->ndone; k++)
            if (!cuts_share(s, f->cells, &f->done[k], cx)) f->child_sleep[ns++] = f->done[k];
        memcpy(f->next, f->cells, (size_t)s->n);
        buttons_cells_cut(s->l, f->next, cx->a, cx->b, cx->d);
        s->path[s->depth++] = buttons_cut_of_cells(s->l, cx->a, cx->b);
        f->nchild_sleep = ns;
        return NODE_CHILD;
    }
    free(f->done);
    f->done = NULL;
    return node_finish(s, f, f->res);
}

/* Enters the node f->cells (sleep set f->sleep): its result, or NODE_CHILD
 * with the first child in f->next / f->child_sleep. */
static int node_enter(search *s, frame *f) {
    const buttons_level *l = s->l;
    const uint8_t *cells = f->cells;
    int n = s->n, nb = 0;
    uint64_t M[BUTTONS_MAX_COLOURS + 1] = {0};
    int count[BUTTONS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < n; i++)
        if (cells[i]) {
            nb++;
            count[cells[i]]++;
            if (!s->bc.col[cells[i]].big) M[cells[i]] |= (uint64_t)1 << s->bc.bidx[i];
        }
    if (!nb) return 1;
    if (!pl_limits_tick(s->lim)) return -1;
    s->nodes++;
    f->key = buttons_zobrist_key(&s->z, cells);
    int32_t v;
    if (pl_tt_get(&s->tt, f->key, &v)) {
        s->tt_hits++;
        return 0;
    }
    f->saved = s->depth;
    f->res = 0;
    f->next = NULL;
    f->cuts = f->child_sleep = f->done = NULL;
    f->roots = f->owner = NULL;

    /* Colour-class feasibility (other colours gone). */
    for (int c = 1; c <= l->ncolours; c++) {
        if (!count[c] || s->bc.col[c].big) continue;
        long budget = COLOUR_BUDGET_RELAX;
        int alone = buttons_colour_clear_alone(&s->bc, c, M[c], &s->ctt, &budget);
        pl_limits_charge(s->lim, buttons_colour_calls(COLOUR_BUDGET_RELAX, budget));
        if (alone == 0) {
            s->relax_cuts++;
            return node_finish(s, f, 0);
        }
    }
    if (!precedence_ok(s, cells)) {
        s->prec_cuts++;
        return node_finish(s, f, 0);
    }
    f->next = pl_xmalloc((size_t)n);

    /* Safe move: a colour that can be cleared now, alone. */
    for (int c = 1; c <= l->ncolours; c++) {
        if (!count[c] || s->bc.col[c].big) continue;
        long budget = COLOUR_BUDGET_FORCED;
        int now = buttons_colour_clear_now(&s->bc, c, M[c], cells, &budget);
        pl_limits_charge(s->lim, buttons_colour_calls(COLOUR_BUDGET_FORCED, budget));
        if (now != 1) continue;
        s->forced++;
        memcpy(f->next, cells, (size_t)n);
        s->depth += buttons_colour_take_path(&s->bc, c, f->next, s->path + s->depth);
        f->kind = KIND_SAFE;
        f->child_sleep = NULL;
        f->nchild_sleep = 0;
        return NODE_CHILD;
    }

    /* Independent parts. */
    if (components(s, cells) > 1) {
        s->splits++;
        for (int i = 0; i < n; i++) s->mark[i] = cells[i] ? buttons_uf_find(s->uf, i) : -1;
        f->roots = pl_xmalloc((size_t)n * sizeof *f->roots);
        f->nroots = 0;
        for (int i = 0; i < n; i++)
            if (s->mark[i] == i) f->roots[f->nroots++] = i;
        f->owner = pl_xmalloc((size_t)n * sizeof *f->owner);
        memcpy(f->owner, s->mark, (size_t)n * sizeof *f->owner);
        f->kind = KIND_SPLIT;
        f->res = 1;
        f->k = 0;
        return split_next(s, f);
    }

    /* Branch on every feasible cut not asleep. */
    int m = buttons_feasible_cuts(l, s->bc.sizes, s->bc.max_size, cells, &f->cuts); /* generator sizes */
    cutrec *cuts = f->cuts;
    f->child_sleep = pl_xmalloc(((size_t)f->nsleep + (size_t)m + 1) * sizeof *f->child_sleep);
    /* Order: colours with fewer buttons left first (finish colours). */
    for (int x = 1; x < m; x++) {
        cutrec t = cuts[x];
        int y = x;
        while (y > 0 && count[cuts[y - 1].colour] > count[t.colour]) {
            cuts[y] = cuts[y - 1];
            y--;
        }
        cuts[y] = t;
    }
    /* done[] = sleep set plus the siblings explored so far. */
    f->done = pl_xmalloc(((size_t)f->nsleep + (size_t)m + 1) * sizeof *f->done);
    f->ndone = 0;
    for (int k = 0; k < f->nsleep; k++) f->done[f->ndone++] = f->sleep[k];
    f->kind = KIND_BRANCH;
    f->m = m;
    f->x = 0;
    return branch_next(s, f);
}

/* The child of f returned r: f's result, or NODE_CHILD with the next one. */
static int node_resume(search *s, frame *f, int r) {
    f->res = r;
    if (f->kind == KIND_SAFE) return node_finish(s, f, r);
    if (f->kind == KIND_SPLIT) {
        f->k++;
        return split_next(s, f);
    }
    if (r != 1) s->depth = f->saved;
    f->done[f->ndone++] = f->cuts[f->x];
    f->x++;
    return branch_next(s, f);
}

/* 1 solved (cuts on s->path), 0 unsolvable, -1 stopped by a limit. */
static int dfs(search *s, const uint8_t *cells) {
    int cap = 16, sp = 0;
    for (int i = 0; i < s->n; i++) cap += cells[i] != 0;
    frame *fs = pl_xmalloc((size_t)cap * sizeof *fs);
    fs[0].cells = cells;
    fs[0].sleep = NULL;
    fs[0].nsleep = 0;
    int r = node_enter(s, &fs[0]);
    for (;;) {
        if (r == NODE_CHILD) {
            if (sp + 1 == cap) fs = pl_xrealloc(fs, (size_t)(cap *= 2) * sizeof *fs);
            frame *f = &fs[sp++], *c = &fs[sp];
            c->cells = f->next;
            c->sleep = f->child_sleep;
            c->nsleep = f->nchild_sleep;
            r = node_enter(s, c);
        } else if (sp == 0) {
            break;
        } else {
            sp--;
            r = node_resume(s, &fs[sp], r);
        }
    }
    free(fs);
    return r;
}

bool buttons_exact_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    snprintf(why, n, "general board (%d x %d, %d colours, F = %d): NP-complete (Theorems 2, 5, 6 and 7), so exact search",
             l->rows, l->cols, l->ncolours, l->max_frequency);
    return true;
}

int buttons_exact_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    search *s = pl_xcalloc(1, sizeof *s);
    s->l = l;
    s->lim = req->limits;
    int n = s->n = l->rows * l->cols;
    size_t mem = req->limits->memory_limit ? req->limits->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    pl_tt_init(&s->tt, mem / 2);
    pl_tt_init(&s->ctt, mem / 4);
    buttons_zobrist_init(&s->z, n, 0xb07705ULL, (pl_key128){0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL});
    size_t ni = (size_t)n + 1;
    s->uf = pl_xcalloc(ni, sizeof(int));
    s->cnt = pl_xcalloc(ni, sizeof(int));
    size_t line = (size_t)(l->rows > l->cols ? l->rows : l->cols) + 1;
    s->touched = pl_xcalloc(ni * 8, sizeof(int));
    s->adj = pl_xcalloc(ni * line, sizeof(int));
    s->adjn = pl_xcalloc(ni, sizeof(int));
    s->adjs = pl_xcalloc(ni, sizeof(int));
    s->mark = pl_xcalloc(ni, sizeof(int));
    s->stack = pl_xcalloc(ni, sizeof(int));
    buttons_colours_init(&s->bc, l, FMEMO_BITS);
    s->path = pl_xmalloc(((size_t)l->nbuttons + 1) * sizeof *s->path);
    uint8_t *cells = pl_xmalloc((size_t)n + 1);
    memcpy(cells, l->cell, (size_t)n);
    int r = dfs(s, cells);
    out->status = r == 1 ? PL_SOLVED : r == 0 ? PL_UNSOLVABLE : PL_UNKNOWN;
    /* a search that finished was not stopped, even if its last node's
     * colour searches took the count past the node limit */
    out->limit_hit = r < 0 ? req->limits->hit : 0;
    out->nodes = s->nodes;
    out->peak_memory = s->tt.peak_bytes + s->ctt.peak_bytes;
    if (r == 1)
        for (int i = 0; i < s->depth; i++) buttons_solution_add_cut(out, s->path[i]);
    snprintf(out->note, sizeof out->note,
             "tt hits %llu, safe colour clears %llu, splits %llu, pruned by colour %llu, by precedence %llu",
             (unsigned long long)s->tt_hits, (unsigned long long)s->forced, (unsigned long long)s->splits,
             (unsigned long long)s->relax_cuts, (unsigned long long)s->prec_cuts);
    buttons_colours_free(&s->bc);
    free(cells);
    free(s->path);
    buttons_zobrist_free(&s->z);
    free(s->uf);
    free(s->cnt);
    free(s->touched);
    free(s->adj);
    free(s->adjn);
    free(s->adjs);
    free(s->mark);
    free(s->stack);
    pl_tt_free(&s->tt);
    pl_tt_free(&s->ctt);
    free(s);
    return 0;
}
