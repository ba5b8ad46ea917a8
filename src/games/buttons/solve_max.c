/* Buttons & Scissors, objective max: the most buttons removed (the fewest
 * left), exactly.
 *
 * Paper: Burke et al., Section 5, Conjecture 1 (a polynomial algorithm
 * leaves at most a constant s of the buttons of a full 2 x n board with two
 * colours) asks about this optimum. Whether the optimum is 0 is the decision
 * problem, NP-complete in general (Theorems 2, 5, 6 and 7), so the search is
 * exponential in the worst case.
 *
 * Idea: depth-first branch and bound over the set of remaining buttons (a
 * board is its set of buttons: they never move).
 *  - Every board reached is a certificate (stop there): the incumbent is the
 *    reached board with the fewest buttons, with the cuts that led to it.
 *  - Remark 1 holds for max too: a cut of an allowed size is a run of
 *    consecutive cuts of generator sizes along its segment, each feasible in
 *    turn, with the same board after. So only generator sizes are branched on.
 *  - Lower bound: join same-coloured buttons on a common allowed line; a cut's
 *    buttons lie in one component, and components only split, so a component
 *    of k buttons keeps at least k - rep(k) of them, rep(k) the largest sum of
 *    generator sizes <= k (1 button alone: 1; sizes {2}: odd k keeps 1).
 *    A component of at most 16 buttons gets the exact answer of its colour
 *    alone (other colours only block, so removing them loses no cut), by a
 *    memoised subset search (three buttons in an L keep one).
 *  - Safe colour clear (Remark 2 for max): when every remaining button of
 *    colour c can be cut away now by cuts of c alone (other colours fixed),
 *    doing so first loses nothing: any cut sequence from the board, less its
 *    cuts of c, stays feasible after c is gone (a segment that held only its
 *    own colour still does, with the same size) and leaves no more buttons.
 *    Such a node has one child.
 *  - When the search has not finished within ORACLE_AFTER nodes and the
 *    root's bound is 0, it pauses, and the clear objective's exact search
 *    (solve_exact.c, with its precedence and colour-class pruning) answers
 *    "can every button go?" at the root, within ORACLE_NODES nodes and half
 *    the time left (the search keeps its incumbent and the rest of the
 *    time): yes gives an optimal certificate at once, no raises the root's
 *    bound to 1; then the search starts again from the root, its table
 *    kept (every entry is a lower bound of its board, whatever the
 *    incumbent was). Boards that leave exactly one button were the costly
 *    ones of the 2 x n experiment: proving that none clears took the search
 *    alone thousands of nodes; asking the oracle on every board cost more
 *    than it saved on the small ones.
 *  - Transposition table (pl_tt, 128-bit Zobrist keys of the button set) of
 *    lower bounds on the fewest buttons left from a board. A search of board
 *    B returns a value v with bound(B) <= v <= optimum(B) and v >= the
 *    incumbent at its return (children cut off by the bound or the table
 *    return such values by induction, a board without a feasible cut returns
 *    its own count after it was offered as incumbent). So a revisit of B is
 *    cut off at once (the incumbent only decreases), and at the root, once
 *    the search ends without a limit, incumbent <= v <= optimum: the
 *    incumbent is optimal.
 *
 * Complexity: exponential in the worst case. A node costs O(buttons * line
 * length) for the bound and the cut list, plus the colour-clear and relaxed
 * component searches (subsets of one colour of at most 64 buttons, budgeted,
 * the latter memoised). Memory: the table
 * (capped by --memory-limit) plus one board per depth. A limit stops the
 * search with the incumbent as certificate ('optimal no'). Never prints.
 * The safe colour clear's subset search, the cut list and the board keys are
 * shared with solve_exact.c (search_common.c). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search_common.h"
#include "solvers.h"

#define CLEAR_BUDGET 4000
#define ORACLE_NODES 1000000 /* the clear search's budget at the root */
#define ORACLE_AFTER 256     /* search nodes before the oracle is asked */
#define RELAX_MAX 16       /* components up to this size get the exact relaxed bound */
#define RELAX_BUDGET 20000 /* calls of relaxed_min per component and node */
#define CMEMO_BITS 10      /* the colour clear's failure memo: 1024 slots */

/* A feasible cut (buttons_feasible_cuts); colour unused here. */
typedef buttons_fcut mcut;

typedef struct msearch {
    const buttons_level *l;
    int n;    /* cells */
    int *rep; /* rep[k], k <= buttons */
    pl_limits *lim;
    pl_tt tt;  /* boards: lower bounds on the fewest left */
    pl_tt ctt; /* (colour, component): the fewest left by the colour alone */
    uint64_t *cmask;
    buttons_zobrist z;
    buttons_colours bc; /* the colours' pairs, sizes (normalised), clear search */
    int *uf, *csize;
    buttons_cut *path, *best;
    int depth, nbest, best_left, root_bound;
    bool proven; /* incumbent == root bound: nothing left to search */
    uint64_t pause_at; /* nodes after which the search stops for the oracle */
    size_t oracle_peak; /* the oracle's tables (freed before the search goes on) */
    uint64_t nodes, tt_cuts, bound_cuts, clears;
} msearch;

/* The fewest of colour c's buttons M that stay when c is cut alone (the
 * other colours gone: they only block), exactly; -1 when the budget runs
 * out. Memoised in s->ctt. Recursive, with a depth bounded independently of
 * the level: M has at most RELAX_MAX buttons and each call removes two. */
static int relaxed_min(msearch *s, int c, uint64_t M, long *budget) {
    if (!M) return 0;
    pl_key128 key = {(M ^ (uint64_t)c << 58) * 0x9e3779b97f4a7c15ULL, M}; /* c < 64 */
    int32_t v;
    if (pl_tt_get(&s->ctt, key, &v)) return v;
    if (--*budget < 0) return -1;
    const buttons_colour *ci = &s->bc.col[c];
    int k = __builtin_popcountll(M), best = k, floor = k - s->rep[k];
    for (int p = 0; p < ci->npairs && best > floor; p++) {
        const buttons_pair *q = &ci->pairs[p];
        uint64_t ends = ((uint64_t)1 << q->i) | ((uint64_t)1 << q->j);
        if ((M & ends) != ends) continue;
        uint64_t in = q->between & M;
        int size = 2 + __builtin_popcountll(in);
        if (size > s->bc.max_size || !((s->bc.sizes >> size) & 1u)) continue;
        int r = relaxed_min(s, c, M & ~(ends | in), budget);
        if (r < 0) return -1;
        if (r < best) best = r;
    }
    pl_tt_put(&s->ctt, key, best);
    return best;
}

/* The component bound: buttons that stay whatever is cut. A component of k
 * buttons keeps at least k - rep(k), and for k <= RELAX_MAX exactly what the
 * colour alone keeps of it (relaxed_min): a cut's buttons lie in one
 * component, and a cut feasible on the board is feasible with the other
 * colours gone, with the same size. */
static int lower_bound(msearch *s, const uint8_t *cells) {
    const buttons_level *l = s->l;
    for (int i = 0; i < s->n; i++) {
        s->uf[i] = i;
        s->csize[i] = 0;
    }
    for (int i = 0; i < s->n; i++) {
        if (!cells[i]) continue;
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            int j = buttons_ray_next(l, cells, i, d, cells[i]);
            if (j < 0) continue;
            int x = buttons_uf_find(s->uf, i), y = buttons_uf_find(s->uf, j);
            if (x != y) s->uf[x] = y;
        }
    }
    for (int i = 0; i < s->n; i++)
        if (cells[i]) s->csize[buttons_uf_find(s->uf, i)]++;
    for (int i = 0; i < s->n; i++) s->cmask[i] = 0;
    for (int i = 0; i < s->n; i++)
        if (cells[i] && !s->bc.col[cells[i]].big) s->cmask[buttons_uf_find(s->uf, i)] |= (uint64_t)1 << s->bc.bidx[i];
    int lb = 0;
    for (int i = 0; i < s->n; i++) {
        int k = s->csize[i];
        if (!k) continue;
        int v = -1;
        if (k >= 2 && k <= RELAX_MAX && !s->bc.col[cells[i]].big) {
            long budget = RELAX_BUDGET;
            v = relaxed_min(s, cells[i], s->cmask[i], &budget);
        }
        lb += v >= 0 ? v : k - s->rep[k];
    }
    return lb;
}

/* ---------- safe colour clear ---------- */

/* A colour that can be cleared now, alone: its cuts applied to next and
 * pushed on the path; false when there is none. */
static bool safe_clear(msearch *s, const uint8_t *cells, uint8_t *next) {
    const buttons_level *l = s->l;
    for (int c = 1; c <= l->ncolours; c++) {
        const buttons_colour *ci = &s->bc.col[c];
        if (ci->big || !ci->npairs) continue;
        uint64_t M = buttons_colour_mask(&s->bc, c, cells);
        if (!M) continue;
        long budget = CLEAR_BUDGET;
        int now = buttons_colour_clear_now(&s->bc, c, M, cells, &budget);
        pl_limits_charge(s->lim, buttons_colour_calls(CLEAR_BUDGET, budget));
        if (now != 1) continue;
        memcpy(next, cells, (size_t)s->n);
        s->depth += buttons_colour_take_path(&s->bc, c, next, s->path + s->depth);
        return true;
    }
    return false;
}

/* ---------- cuts ---------- */

/* Feasible cuts of generator sizes, each once (from its end with the smaller
 * column, the upper end for vertical cuts), the biggest first. */
static int feasible_cuts(const msearch *s, const uint8_t *cells, mcut **out) {
    mcut *v;
    int m = buttons_feasible_cuts(s->l, s->bc.sizes, s->bc.max_size, cells, &v);
    for (int x = 1; x < m; x++) { /* insertion sort, stable: sizes descending */
        mcut t = v[x];
        int y = x;
        for (; y > 0 && v[y - 1].size < t.size; y--) v[y] = v[y - 1];
        v[y] = t;
    }
    *out = v;
    return m;
}

/* ---------- the search, on an explicit stack ---------- */

enum { NODE_CHILD = INT_MIN, NODE_LIMIT = -1, NODE_PAUSE = -3 };

typedef struct mframe {
    uint8_t *cells; /* owned */
    pl_key128 key;
    int saved; /* s->depth on entry */
    int lb, best;
    bool safe;
    mcut *cuts;
    int m, x;
} mframe;

static int node_finish(msearch *s, mframe *f, int v) {
    free(f->cuts);
    f->cuts = NULL;
    s->depth = f->saved;
    if (v >= 0) pl_tt_put(&s->tt, f->key, v);
    return v;
}

/* The next child of a branching node into next (NODE_CHILD), or its value. */
static int branch_next(msearch *s, mframe *f, uint8_t *next) {
    s->depth = f->saved;
    if (f->x < f->m && !s->proven && s->best_left > f->lb) {
        const mcut *x = &f->cuts[f->x++];
        memcpy(next, f->cells, (size_t)s->n);
        buttons_cells_cut(s->l, next, x->a, x->b, x->d);
        s->path[s->depth++] = buttons_cut_of_cells(s->l, x->a, x->b);
        return NODE_CHILD;
    }
    int v = f->x < f->m || f->best < f->lb ? f->lb : f->best;
    return node_finish(s, f, v);
}

static int node_enter(msearch *s, mframe *f, uint8_t *next) {
    const uint8_t *cells = f->cells;
    f->saved = s->depth;
    f->cuts = NULL;
    f->safe = false;
    int left = 0;
    for (int i = 0; i < s->n; i++) left += cells[i] != 0;
    if (left < s->best_left) {
        s->best_left = left;
        s->nbest = s->depth;
        memcpy(s->best, s->path, (size_t)s->depth * sizeof *s->best);
        if (left <= s->root_bound) s->proven = true;
    }
    if (s->proven) return left;
    if (s->nodes >= s->pause_at) return NODE_PAUSE;
    if (!pl_limits_tick(s->lim)) return NODE_LIMIT;
    s->nodes++;
    int lb = lower_bound(s, cells);
    if (lb >= s->best_left) {
        s->bound_cuts++;
        return lb;
    }
    f->key = buttons_zobrist_key(&s->z, cells);
    int32_t v;
    if (pl_tt_get(&s->tt, f->key, &v)) {
        if (v >= s->best_left) {
            s->tt_cuts++;
            return v;
        }
        if (v > lb) lb = v;
    }
    f->lb = lb;
    if (safe_clear(s, cells, next)) {
        s->clears++;
        f->safe = true;
        return NODE_CHILD;
    }
    f->m = feasible_cuts(s, cells, &f->cuts);
    if (!f->m) return node_finish(s, f, left);
    f->x = 0;
    f->best = INT_MAX;
    return branch_next(s, f, next);
}

static int node_resume(msearch *s, mframe *f, int r, uint8_t *next) {
    if (r == NODE_LIMIT || r == NODE_PAUSE) {
        free(f->cuts);
        f->cuts = NULL;
        return r;
    }
    if (f->safe) return node_finish(s, f, r > f->lb ? r : f->lb);
    if (r < f->best) f->best = r;
    return branch_next(s, f, next);
}

/* The fewest buttons left from the root (a lower bound when stopped):
 * NODE_LIMIT when a limit stopped it; the incumbent is in s->best. */
static int dfs(msearch *s, const uint8_t *root) {
    int cap = 16, sp = 0;
    for (int i = 0; i < s->n; i++) cap += root[i] != 0;
    mframe *fs = pl_xcalloc((size_t)cap, sizeof *fs); /* boards allocated when first reached */
    fs[0].cells = pl_xmalloc((size_t)s->n + 1);
    fs[1].cells = pl_xmalloc((size_t)s->n + 1);
    memcpy(fs[0].cells, root, (size_t)s->n);
    int r = node_enter(s, &fs[0], fs[1].cells);
    for (;;) {
        if (r == NODE_CHILD) {
            sp++; /* a child has fewer buttons than its parent: sp + 1 < cap */
            if (!fs[sp + 1].cells) fs[sp + 1].cells = pl_xmalloc((size_t)s->n + 1);
            r = node_enter(s, &fs[sp], fs[sp + 1].cells);
        } else if (sp == 0) {
            break;
        } else {
            sp--;
            r = node_resume(s, &fs[sp], r, fs[sp + 1].cells);
        }
    }
    for (int k = 0; k < cap; k++) free(fs[k].cells);
    free(fs);
    return r;
}

/* The decision oracle at the root: the clear objective's exact search
 * (solve_exact.c) under at most ORACLE_NODES nodes, half of the time left
 * and the caller's other limits. 1: it clears the board (its cuts become the incumbent),
 * 0: proven not clearable (so at least one button stays), -1: no answer
 * within its budget (the search goes on without it). Its nodes count
 * towards the caller's node limit. */
static int clear_oracle(const buttons_level *l, pl_limits *outer, msearch *s, uint64_t *nodes) {
    double time = 0;
    if (outer->time_limit > 0) { /* half of what is left: the search needs time for an incumbent */
        time = (outer->time_limit - pl_limits_elapsed(outer)) / 2;
        if (time <= 0) return -1;
    }
    uint64_t budget = ORACLE_NODES;
    if (outer->node_limit) {
        if (outer->nodes >= outer->node_limit) return -1;
        if (outer->node_limit - outer->nodes < budget) budget = outer->node_limit - outer->nodes;
    }
    pl_limits lim;
    pl_limits_init(&lim, time, budget, outer->memory_limit);
    pl_opts none = {.n = 0};
    pl_request req = {.opts = &none, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err = {0};
    int res = -1;
    if (buttons_exact_solve(l, &req, &sol, &err) == 0) {
        if (sol.status == PL_UNSOLVABLE) res = 0;
        if (sol.status == PL_SOLVED && sol.moves.n <= l->nbuttons) {
            res = 1;
            for (int i = 0; i < sol.moves.n && res == 1; i++) {
                char why[64];
                int col;
                if (buttons_cut_parse(sol.moves.s[i], &s->best[i], why, sizeof why, &col)) res = -1;
            }
            if (res == 1) {
                s->nbest = sol.moves.n;
                s->best_left = 0;
            }
        }
    }
    *nodes = lim.nodes;
    outer->nodes += lim.nodes;
    s->oracle_peak = sol.peak_memory;
    pl_solution_free(&sol);
    return res;
}

bool buttons_max_applies(const void *p, const pl_request *req, char *why, size_t n) {
    const buttons_level *l = p;
    if (!req || !req->objective || strcmp(req->objective, "max") != 0)
        return snprintf(why, n, "optimises objective max only"), false;
    if (l->rows == 2 && l->ncolours <= 2)
        snprintf(why, n,
                 "objective max on a 2 x %d board with %d colour%s: no polynomial algorithm is known (Conjecture 1 "
                 "of the paper asks for one leaving a constant number on full boards), so branch and bound",
                 l->cols, l->ncolours, l->ncolours == 1 ? "" : "s");
    else
        snprintf(why, n,
                 "objective max (%d x %d, %d colours): no polynomial algorithm is known for the fewest buttons "
                 "left, so branch and bound (exponential in the worst case)",
                 l->rows, l->cols, l->ncolours);
    return true;
}

int buttons_max_search(const buttons_level *l, pl_limits *lim, bool use_oracle, buttons_max_result *res) {
    msearch *s = pl_xcalloc(1, sizeof *s);
    s->l = l;
    s->lim = lim;
    int n = s->n = l->rows * l->cols;
    buttons_colours_init(&s->bc, l, CMEMO_BITS);
    /* rep[k]: the largest sum of generator sizes <= k */
    bool *reach = pl_xcalloc((size_t)l->nbuttons + 1, sizeof *reach);
    s->rep = pl_xcalloc((size_t)l->nbuttons + 1, sizeof *s->rep);
    reach[0] = true;
    for (int k = 1; k <= l->nbuttons; k++) {
        for (int g = 2; g <= k && g <= 63 && !reach[k]; g++) reach[k] = ((s->bc.sizes >> g) & 1u) && reach[k - g];
        s->rep[k] = reach[k] ? k : s->rep[k - 1];
    }
    free(reach);
    size_t mem = lim->memory_limit ? lim->memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    pl_tt_init(&s->tt, mem / 2);
    pl_tt_init(&s->ctt, mem / 4);
    buttons_zobrist_init(&s->z, n, 0x3a1eb0ULL, (pl_key128){0x452821e638d01377ULL, 0xbe5466cf34e90c6cULL});
    size_t ni = (size_t)n + 1;
    s->uf = pl_xcalloc(ni, sizeof(int));
    s->csize = pl_xcalloc(ni, sizeof(int));
    s->cmask = pl_xcalloc(ni, sizeof(uint64_t));
    s->path = pl_xmalloc(((size_t)l->nbuttons + 1) * sizeof *s->path);
    s->best = pl_xmalloc(((size_t)l->nbuttons + 1) * sizeof *s->best);
    s->best_left = l->nbuttons; /* the empty sequence */
    s->nbest = 0;
    int component_bound = s->root_bound = lower_bound(s, l->cell);
    s->proven = s->best_left <= s->root_bound;
    uint64_t oracle_nodes = 0;
    int oracle = -2;
    /* The search alone first; the oracle only when it has not finished
     * within ORACLE_AFTER nodes (and a root bound of 1 or more already says
     * what its "no" would). The table's entries stay valid across the
     * pause: each is a lower bound of its board. */
    s->pause_at = use_oracle && s->root_bound == 0 ? ORACLE_AFTER : UINT64_MAX;
    int r = dfs(s, l->cell);
    if (r == NODE_PAUSE) {
        oracle = clear_oracle(l, lim, s, &oracle_nodes);
        if (oracle == 1) s->proven = true; /* s->best holds a clearing */
        if (oracle == 0) s->root_bound = 1;
        s->proven |= s->best_left <= s->root_bound;
        s->pause_at = UINT64_MAX;
        s->depth = 0;
        r = dfs(s, l->cell);
    }
    res->left = s->best_left;
    res->bound = r == NODE_LIMIT ? s->root_bound : s->best_left;
    res->optimal = r != NODE_LIMIT;
    res->root_bound = component_bound;
    res->ncuts = s->nbest;
    res->cuts = s->best;
    res->nodes = s->nodes + oracle_nodes;
    res->oracle = oracle;
    res->tt_cuts = s->tt_cuts;
    res->bound_cuts = s->bound_cuts;
    res->clears = s->clears;
    res->peak_memory = s->tt.peak_bytes + s->ctt.peak_bytes + s->oracle_peak; /* at most */
    buttons_colours_free(&s->bc);
    free(s->rep);
    free(s->path);
    buttons_zobrist_free(&s->z);
    free(s->uf);
    free(s->csize);
    free(s->cmask);
    pl_tt_free(&s->tt);
    pl_tt_free(&s->ctt);
    free(s);
    return 0;
}

int buttons_max_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    buttons_max_result r;
    buttons_max_search(l, req->limits, true, &r);
    out->status = PL_SOLVED; /* the incumbent is a certificate, optimal or not */
    out->optimal = r.optimal ? 1 : 0;
    out->limit_hit = r.optimal ? 0 : req->limits->hit; /* (a search that finished was not stopped) */
    out->nodes = r.nodes;
    out->peak_memory = r.peak_memory;
    for (int i = 0; i < r.ncuts; i++) buttons_solution_add_cut(out, r.cuts[i]);
    pl_solution_set_value(out, "removed", l->nbuttons - r.left);
    pl_solution_set_value(out, "buttons_left", r.left);
    snprintf(out->note, sizeof out->note,
             "at least %d left (component bound at the root: %d; clear search: %s); cut off by the bound %llu, by "
             "the table %llu; safe colour clears %llu",
             r.bound, r.root_bound,
             r.oracle == 1   ? "clears it"
             : r.oracle == 0 ? "no clearing"
             : r.oracle == -1 ? "no answer within its budget"
             : r.root_bound > 0 ? "not asked, the bound already says no"
                                : "not asked, the search ended first",
             (unsigned long long)r.bound_cuts, (unsigned long long)r.tt_cuts, (unsigned long long)r.clears);
    free(r.cuts);
    return 0;
}
