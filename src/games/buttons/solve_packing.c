/* Buttons & Scissors with one colour and sizes {2,3} (normalised: also every
 * size set whose generators are {2,3}, e.g. "all"), any directions: the
 * packing solver of Theorem 3 (Section 3.2 of the paper).
 *
 * Reformulation. With one colour every segment holds only buttons of the
 * cut's colour, so a cut is feasible exactly when the number of buttons
 * still on it is an allowed size. A solution removes each button by a cut on
 * one allowed line; the buttons a solution cuts along a line l form a set of
 * size 0 or >= 2 (a cut has >= 2 buttons). Conversely, given an assignment
 * of every button to an allowed line through it such that no line receives
 * exactly one button (the "load" of every line is 0 or >= 2), the buttons of
 * each line split into groups of 2 and 3 consecutive (along the line) assigned
 * buttons: this is a perfect packing of G by edges and proper (collinear)
 * triangles, step 1-2 of the paper, and Lemma 1's subdivision is not needed
 * because the groups are built per line, so no 3-cycle of three different
 * lines can ever be chosen. So: solvable <=> such an assignment exists.
 *
 * Step 3, the packing. Pairs only (every load even) is a perfect matching
 * problem, solved exactly by Edmonds' blossom algorithm (src/core/matching.c)
 * on a sparse auxiliary graph: the n buttons, and for a line with m buttons a
 * path s_0 .. s_{2m-1}, the button at position i adjacent to s_{2i} and
 * s_{2i+1}. The path minus the slots taken by a set S of its buttons has a
 * perfect matching iff |S| is even (the taken slots must alternate even,
 * odd, ... indices, which is possible exactly for |S| even), so a perfect
 * matching of the auxiliary graph is an assignment with every load even.
 * V <= 9n, E <= 16n, so this step is O(V^3) = O(n^3) worst case.
 * Loads of both parities ({0} u [2, m]: a general factor with a gap of one,
 * equivalently edge-and-triangle packing, Cornuejols, Hartvigsen and
 * Pulleyblank 1982; Cornuejols 1988) are NOT reduced to matching here: no
 * matching gadget can accept both 2 and 3 buttons (a gadget's matched
 * boundary always has the parity of its vertex count). When no perfect
 * matching exists, the maximum matching's assignment is repaired locally
 * (an unassigned button joins a loaded line through it; a line of load one
 * gets or gives a button), which is polynomial and sound but not complete;
 * when the repair fails, an exact depth-first search over assignments
 * decides (exponential in the worst case, under the request's limits; the
 * note says "exact fallback"). This is the weak point, see below.
 *
 * Step 4, the order. Cut g must wait for cut h when a button of h lies on
 * g's segment (G_c: g -> h). The groups' relation is static (only cutting h
 * removes h's buttons), so any topological order of an acyclic G_c replays.
 * A cycle c_0 -> c_1 -> ... -> c_0 (witness x_{i+1} of c_{i+1} on c_i's
 * segment) is removed as in the paper: c_i := c_i - x_i + x_{i+1}, which
 * keeps every size and every line, and shortens c_i's span when x_i was an
 * end of c_i; if every x_i is the middle of a 3-cut, c_0 takes x_1 (4
 * collinear buttons, split into two consecutive 2-cuts) and c_1 keeps its two
 * ends. Either way the sum of the spans (in steps along the lines, at most
 * n * max(rows, cols)) strictly decreases, so at most that many repairs,
 * each O(n * max(rows, cols)) to rebuild G_c: polynomial,
 * O(n^2 * max(rows, cols)^2) worst case, O(n * max(rows, cols)) when G_c is
 * acyclic as built (groups of consecutive assigned buttons rarely block).
 *
 * Complexity: O(n^3) for the matching (n buttons), plus the order above;
 * exponential only in the exact fallback (boards needing 3-cuts that the
 * repair cannot place). The certificate is replayed on the rules before it
 * is returned. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/matching.h"
#include "solvers.h"

typedef struct pk {
    const buttons_level *l;
    pl_limits *lim;
    int n;      /* buttons */
    int *cell;  /* button -> cell */
    int *bid;   /* cell -> button or -1 */
    int nlines; /* lines with >= 2 buttons */
    int *lstart, *lcount, *lbtn; /* buttons of line l: lbtn[lstart[l] .. +lcount[l]) in order */
    int *inc_n, *inc_line, *inc_pos; /* per button up to 4: [b*4+k] */
    int *asg;  /* button -> line or -1 */
    int *load; /* line -> assigned buttons */
    uint64_t nodes;
    int rot; /* test hook: rotation of the exact search's line order */
} pk;

/* ---------- lines ---------- */

static void build_lines(pk *s) {
    const buttons_level *l = s->l;
    int R = l->rows, C = l->cols;
    s->inc_n = pl_xcalloc((size_t)s->n + 1, sizeof(int));
    s->inc_line = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    s->inc_pos = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    int cap = 16;
    s->lstart = pl_xmalloc((size_t)cap * sizeof(int));
    s->lcount = pl_xmalloc((size_t)cap * sizeof(int));
    s->lbtn = pl_xmalloc(((size_t)s->n * 4 + 1) * sizeof(int));
    int used = 0;
    for (int d = 0; d < 4; d++) {
        if (!(l->directions & (1u << d))) continue;
        int dr = buttons_dir_dr[d], dc = buttons_dir_dc[d];
        for (int r0 = 0; r0 < R; r0++)
            for (int c0 = 0; c0 < C; c0++) {
                int pr = r0 - dr, pc = c0 - dc;
                if (pr >= 0 && pc >= 0 && pr < R && pc < C) continue; /* not a line start */
                int start = used;
                for (int r = r0, c = c0; r >= 0 && c >= 0 && r < R && c < C; r += dr, c += dc) {
                    int b = s->bid[r * C + c];
                    if (b >= 0) s->lbtn[used++] = b;
                }
                if (used - start < 2) {
                    used = start;
                    continue;
                }
                if (s->nlines == cap) {
                    cap *= 2;
                    s->lstart = pl_xrealloc(s->lstart, (size_t)cap * sizeof(int));
                    s->lcount = pl_xrealloc(s->lcount, (size_t)cap * sizeof(int));
                }
                int ln = s->nlines++;
                s->lstart[ln] = start;
                s->lcount[ln] = used - start;
                for (int k = start; k < used; k++) {
                    int b = s->lbtn[k];
                    s->inc_line[b * 4 + s->inc_n[b]] = ln;
                    s->inc_pos[b * 4 + s->inc_n[b]] = k - start;
                    s->inc_n[b]++;
                }
            }
    }
    s->load = pl_xcalloc((size_t)s->nlines + 1, sizeof(int));
}

/* ---------- step 3: the assignment ---------- */

/* Perfect matching of the auxiliary graph: every load even. Fills asg from a
 * maximum matching (buttons matched into a line's path are assigned to it);
 * returns whether it is perfect. */
static bool assign_by_matching(pk *s) {
    int nv = s->n, ne = 0;
    int *pathbase = pl_xmalloc(((size_t)s->nlines + 1) * sizeof(int));
    for (int ln = 0; ln < s->nlines; ln++) {
        pathbase[ln] = nv;
        nv += 2 * s->lcount[ln];
    }
    size_t cap = (size_t)nv * 2 + (size_t)s->n * 8 + 1;
    int *eu = pl_xmalloc(cap * sizeof(int)), *ev = pl_xmalloc(cap * sizeof(int));
    for (int ln = 0; ln < s->nlines; ln++) {
        int m = s->lcount[ln], pb = pathbase[ln];
        for (int i = 0; i + 1 < 2 * m; i++) {
            eu[ne] = pb + i;
            ev[ne++] = pb + i + 1;
        }
    }
    for (int b = 0; b < s->n; b++)
        for (int k = 0; k < s->inc_n[b]; k++) {
            int ln = s->inc_line[b * 4 + k], pos = s->inc_pos[b * 4 + k];
            eu[ne] = b;
            ev[ne++] = pathbase[ln] + 2 * pos;
            eu[ne] = b;
            ev[ne++] = pathbase[ln] + 2 * pos + 1;
        }
    int *mate = pl_xmalloc(((size_t)nv + 1) * sizeof(int));
    int size = pl_max_matching(nv, ne, eu, ev, mate, 0);
    for (int b = 0; b < s->n; b++) {
        s->asg[b] = -1;
        int v = mate[b];
        if (v < 0) continue;
        for (int k = 0; k < s->inc_n[b]; k++) {
            int ln = s->inc_line[b * 4 + k];
            if (v >= pathbase[ln] && v < pathbase[ln] + 2 * s->lcount[ln]) {
                s->asg[b] = ln;
                s->load[ln]++;
            }
        }
    }
    free(pathbase);
    free(eu);
    free(ev);
    free(mate);
    return 2 * size == nv;
}

static void set_asg(pk *s, int b, int ln) {
    if (s->asg[b] >= 0) s->load[s->asg[b]]--;
    s->asg[b] = ln;
    if (ln >= 0) s->load[ln]++;
}

/* Local repair of an assignment with unassigned buttons or lines of load
 * one. Sound (only ever produces assignments) but not complete. */
static bool repair(pk *s) {
    for (int pass = 0; pass < 8 + 2 * s->n; pass++) {
        bool changed = false, bad = false;
        for (int b = 0; b < s->n; b++) {
            if (s->asg[b] >= 0) continue;
            int best = -1;
            for (int k = 0; k < s->inc_n[b]; k++) {
                int ln = s->inc_line[b * 4 + k];
                if (s->load[ln] >= 1 && (best < 0 || s->load[ln] == 1 || s->load[best] < s->load[ln])) best = ln;
            }
            if (best < 0) /* a partner still unassigned on one of b's lines */
                for (int k = 0; k < s->inc_n[b] && best < 0; k++) {
                    int ln = s->inc_line[b * 4 + k];
                    for (int j = 0; j < s->lcount[ln]; j++) {
                        int o = s->lbtn[s->lstart[ln] + j];
                        if (o != b && s->asg[o] < 0) {
                            set_asg(s, o, ln);
                            best = ln;
                            break;
                        }
                    }
                }
            if (best >= 0) {
                set_asg(s, b, best);
                changed = true;
            } else
                bad = true;
        }
        for (int ln = 0; ln < s->nlines; ln++) {
            if (s->load[ln] != 1) continue;
            int y = -1;
            for (int j = 0; j < s->lcount[ln]; j++)
                if (s->asg[s->lbtn[s->lstart[ln] + j]] == ln) y = s->lbtn[s->lstart[ln] + j];
            bool fixed = false;
            for (int k = 0; k < s->inc_n[y] && !fixed; k++) { /* y moves to a loaded line */
                int o = s->inc_line[y * 4 + k];
                if (o != ln && s->load[o] >= 1) {
                    set_asg(s, y, o);
                    fixed = true;
                }
            }
            for (int j = 0; j < s->lcount[ln] && !fixed; j++) { /* or pulls a spare button */
                int z = s->lbtn[s->lstart[ln] + j];
                if (s->asg[z] >= 0 && s->asg[z] != ln && s->load[s->asg[z]] >= 3) {
                    set_asg(s, z, ln);
                    fixed = true;
                }
            }
            if (fixed)
                changed = true;
            else
                bad = true;
        }
        if (!bad) return true;
        if (!changed) return false;
    }
    return false;
}

/* Exact search: each button in turn picks a line; a line whose buttons are
 * all decided must not have load one. rem[l] = undecided buttons of l. */
static int exact_dfs(pk *s, int b, int *rem) {
    if (b == s->n) return 1;
    if (!pl_limits_tick(s->lim)) return -1;
    s->nodes++;
    for (int k = 0; k < s->inc_n[b]; k++) rem[s->inc_line[b * 4 + k]]--;
    int res = 0;
    for (int kk = 0; kk < s->inc_n[b] && res == 0; kk++) {
        int k = (kk + s->rot * (b + 1)) % s->inc_n[b];
        int ln = s->inc_line[b * 4 + k];
        set_asg(s, b, ln);
        bool ok = true;
        for (int j = 0; j < s->inc_n[b] && ok; j++) {
            int o = s->inc_line[b * 4 + j];
            if (rem[o] == 0 && s->load[o] == 1) ok = false;
        }
        if (ok) res = exact_dfs(s, b + 1, rem);
        if (res == 0) set_asg(s, b, -1);
    }
    for (int k = 0; k < s->inc_n[b]; k++) rem[s->inc_line[b * 4 + k]]++;
    return res;
}

/* ---------- step 4: groups, blocking graph, order ---------- */

typedef struct group {
    int line, k;
    int pos[4]; /* positions along the line, increasing */
} group;

typedef struct order {
    group *g;
    int ng, cap;
    int *gof;  /* button -> group */
    int *eoff, *eto, *ewit; /* G_c in CSR: g -> eto (witness button ewit) */
} order;

static int gbtn(const pk *s, const group *g, int i) { return s->lbtn[s->lstart[g->line] + g->pos[i]]; }

static void sort_pos(group *g) {
    for (int i = 1; i < g->k; i++)
        for (int j = i; j > 0 && g->pos[j - 1] > g->pos[j]; j--) {
            int t = g->pos[j];
            g->pos[j] = g->pos[j - 1];
            g->pos[j - 1] = t;
        }
}

static void add_group(order *o, group g) {
    if (o->ng == o->cap) o->g = pl_xrealloc(o->g, (size_t)(o->cap = o->cap * 2 + 8) * sizeof(group));
    sort_pos(&g);
    o->g[o->ng++] = g;
}

static void build_gc(const pk *s, order *o) {
    for (int i = 0; i < o->ng; i++)
        for (int j = 0; j < o->g[i].k; j++) o->gof[gbtn(s, &o->g[i], j)] = i;
    free(o->eoff);
    free(o->eto);
    free(o->ewit);
    o->eoff = pl_xcalloc((size_t)o->ng + 2, sizeof(int));
    size_t ecap = 16, ne = 0;
    o->eto = pl_xmalloc(ecap * sizeof(int));
    o->ewit = pl_xmalloc(ecap * sizeof(int));
    for (int i = 0; i < o->ng; i++) {
        const group *g = &o->g[i];
        int ls = s->lstart[g->line];
        for (int p = g->pos[0] + 1; p < g->pos[g->k - 1]; p++) {
            int x = s->lbtn[ls + p], h = o->gof[x];
            if (h == i) continue;
            if (ne == ecap) {
                ecap *= 2;
                o->eto = pl_xrealloc(o->eto, ecap * sizeof(int));
                o->ewit = pl_xrealloc(o->ewit, ecap * sizeof(int));
            }
            o->eto[ne] = h;
            o->ewit[ne++] = x;
        }
        o->eoff[i + 1] = (int)ne;
    }
}

static int pos_in(const group *g, int p) {
    for (int i = 0; i < g->k; i++)
        if (g->pos[i] == p) return i;
    return -1;
}

static int pos_on_line(const pk *s, int b, int ln) {
    for (int k = 0; k < s->inc_n[b]; k++)
        if (s->inc_line[b * 4 + k] == ln) return s->inc_pos[b * 4 + k];
    return -1;
}

/* The paper's reassignment on the cycle cyc[0..len) (cyc[i] -> cyc[i+1]
 * with witness wit[i+1] in cyc[i+1], indices mod len). */
static void break_cycle(const pk *s, order *o, const int *cyc, const int *wit, int len) {
    bool some_end = false;
    for (int i = 0; i < len; i++) {
        group *g = &o->g[cyc[i]];
        int at = pos_in(g, pos_on_line(s, wit[i], g->line));
        if (at == 0 || at == g->k - 1) some_end = true;
    }
    if (some_end) {
        group *ng = pl_xmalloc((size_t)len * sizeof(group));
        for (int i = 0; i < len; i++) {
            group g = o->g[cyc[i]];
            int out = pos_in(&g, pos_on_line(s, wit[i], g.line));
            g.pos[out] = pos_on_line(s, wit[(i + 1) % len], g.line);
            sort_pos(&g);
            ng[i] = g;
        }
        for (int i = 0; i < len; i++) o->g[cyc[i]] = ng[i];
        free(ng);
        return;
    }
    /* every witness is the middle of a 3-cut: c0 takes x1, splits in two */
    group *c0 = &o->g[cyc[0]], *c1 = &o->g[cyc[1 % len]];
    int x1 = wit[1 % len];
    int p0 = pos_on_line(s, x1, c0->line), p1 = pos_on_line(s, x1, c1->line);
    group a = *c0, b = *c1;
    a.pos[a.k++] = p0;
    sort_pos(&a);
    int m = pos_in(&b, p1);
    for (int i = m; i + 1 < b.k; i++) b.pos[i] = b.pos[i + 1];
    b.k--;
    group left = {a.line, 2, {a.pos[0], a.pos[1], 0, 0}}, right = {a.line, 2, {a.pos[2], a.pos[3], 0, 0}};
    *c0 = left;
    *c1 = b;
    add_group(o, right);
}

/* Topological order of G_c (blockers first) into out; or finds a cycle and
 * breaks it (returns 0: rebuild and retry). */
static int topo_or_break(const pk *s, order *o, int *out) {
    int ng = o->ng;
    int *state = pl_xcalloc((size_t)ng + 1, 1 * sizeof(int));
    int *stk = pl_xmalloc(((size_t)ng + 1) * sizeof(int)), *it = pl_xmalloc(((size_t)ng + 1) * sizeof(int));
    int *via = pl_xmalloc(((size_t)ng + 1) * sizeof(int)); /* witness of the edge into stk[i] */
    int nout = 0, result = 1;
    for (int r = 0; r < ng && result; r++) {
        if (state[r]) continue;
        int sp = 0;
        stk[sp] = r;
        it[sp] = o->eoff[r];
        via[sp] = -1;
        state[r] = 1;
        sp++;
        while (sp > 0 && result) {
            int g = stk[sp - 1];
            if (it[sp - 1] < o->eoff[g + 1]) {
                int e = it[sp - 1]++;
                int h = o->eto[e];
                if (state[h] == 0) {
                    state[h] = 1;
                    stk[sp] = h;
                    it[sp] = o->eoff[h];
                    via[sp] = o->ewit[e];
                    sp++;
                } else if (state[h] == 1) { /* cycle h .. g -> h */
                    int at = sp - 1;
                    while (stk[at] != h) at--;
                    int len = sp - at;
                    int *cyc = pl_xmalloc((size_t)len * sizeof(int)), *wit = pl_xmalloc((size_t)len * sizeof(int));
                    for (int i = 0; i < len; i++) {
                        cyc[i] = stk[at + i];
                        wit[i] = i == 0 ? o->ewit[e] : via[at + i];
                    }
                    break_cycle(s, o, cyc, wit, len);
                    free(cyc);
                    free(wit);
                    result = 0;
                }
            } else {
                state[g] = 2;
                out[nout++] = g;
                sp--;
            }
        }
    }
    free(state);
    free(stk);
    free(it);
    free(via);
    return result;
}

/* Orders the groups (repairing G_c's cycles), checks every cut on the rules
 * and writes them into out. Frees the order. */
static int emit_order(pk *s, order *o, pl_solution *out, int *repairs, pl_error *err) {
    const buttons_level *l = s->l;
    int cells = l->rows * l->cols, rc = 0;
    int *ord = NULL;
    for (;;) {
        build_gc(s, o);
        free(ord);
        ord = pl_xmalloc(((size_t)o->ng + 1) * sizeof(int));
        if (topo_or_break(s, o, ord)) break;
        (*repairs)++;
    }
    uint8_t *board = pl_xmalloc((size_t)cells + 1);
    memcpy(board, l->cell, (size_t)cells);
    for (int i = 0; i < o->ng && rc == 0; i++) {
        const group *g = &o->g[ord[i]];
        int a = s->cell[gbtn(s, g, 0)], b = s->cell[gbtn(s, g, g->k - 1)];
        buttons_cut x = {a / l->cols, a % l->cols, b / l->cols, b % l->cols};
        int colour, size;
        char why[256];
        if (buttons_cut_check(l, board, x, &colour, &size, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "packing solver produced an infeasible cut: %s", why);
        else {
            buttons_cut_apply(l, board, x);
            buttons_solution_add_cut(out, x);
        }
    }
    free(board);
    free(ord);
    free(o->g);
    free(o->gof);
    free(o->eoff);
    free(o->eto);
    free(o->ewit);
    return rc;
}

static void pk_init(pk *s, const buttons_level *l, pl_limits *lim) {
    memset(s, 0, sizeof *s);
    s->l = l;
    s->lim = lim;
    int cells = l->rows * l->cols;
    s->bid = pl_xmalloc(((size_t)cells + 1) * sizeof(int));
    s->cell = pl_xmalloc(((size_t)l->nbuttons + 1) * sizeof(int));
    for (int i = 0; i < cells; i++) {
        s->bid[i] = -1;
        if (l->cell[i]) {
            s->bid[i] = s->n;
            s->cell[s->n++] = i;
        }
    }
    build_lines(s);
    s->asg = pl_xmalloc(((size_t)s->n + 1) * sizeof(int));
    for (int b = 0; b < s->n; b++) s->asg[b] = -1;
}

static void pk_free(pk *s) {
    free(s->bid);
    free(s->cell);
    free(s->inc_n);
    free(s->inc_line);
    free(s->inc_pos);
    free(s->lstart);
    free(s->lcount);
    free(s->lbtn);
    free(s->asg);
    free(s->load);
}

int buttons_packing_order(const buttons_level *l, int ngroups, const int *cells4, pl_solution *out, int *repairs,
                          pl_error *err) {
    pk s;
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pk_init(&s, l, &lim);
    order o = {0};
    o.gof = pl_xmalloc(((size_t)s.n + 1) * sizeof(int));
    int rc = 0;
    *repairs = 0;
    for (int i = 0; i < ngroups && rc == 0; i++) {
        group g = {-1, 0, {0, 0, 0, 0}};
        const int *c = cells4 + 4 * i;
        int b0 = s.bid[c[0]], b1 = c[1] >= 0 ? s.bid[c[1]] : -1;
        if (b0 < 0 || b1 < 0) {
            rc = pl_error_set(err, NULL, 0, 0, "group %d: needs two buttons", i);
            break;
        }
        for (int k = 0; k < s.inc_n[b0] && g.line < 0; k++)
            for (int j = 0; j < s.inc_n[b1]; j++)
                if (s.inc_line[b0 * 4 + k] == s.inc_line[b1 * 4 + j]) g.line = s.inc_line[b0 * 4 + k];
        for (int k = 0; k < 4 && c[k] >= 0 && g.line >= 0; k++) {
            int p = s.bid[c[k]] >= 0 ? pos_on_line(&s, s.bid[c[k]], g.line) : -1;
            if (p < 0) g.line = -1;
            else g.pos[g.k++] = p;
        }
        if (g.line < 0)
            rc = pl_error_set(err, NULL, 0, 0, "group %d: not buttons on one allowed line", i);
        else
            add_group(&o, g);
    }
    if (rc == 0)
        rc = emit_order(&s, &o, out, repairs, err);
    else {
        free(o.g);
        free(o.gof);
    }
    pk_free(&s);
    return rc;
}

/* ---------- the algorithm ---------- */

bool buttons_packing_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    uint64_t want = ((uint64_t)1 << 2) | ((uint64_t)1 << 3);
    if (l->ncolours > 1) {
        snprintf(why, n, "%d colours: Theorem 3 needs one colour", l->ncolours);
        return false;
    }
    if (buttons_sizes_normalised(l) != want) {
        char t[200];
        buttons_sizes_text(buttons_sizes_normalised(l), false, t, sizeof t);
        snprintf(why, n, "normalised sizes %s: Theorem 3 needs {2,3}", t);
        return false;
    }
    snprintf(why, n, "one colour, sizes {2,3} (normalised): Theorem 3, packing of edges and collinear triangles");
    return true;
}

int buttons_packing_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    const buttons_level *l = p;
    pk s;
    pk_init(&s, l, req->limits);
    /* Test hook: option "pairing" = "nested" takes the assignment from the
     * exact search with a rotated line order and groups the assigned buttons
     * of a line outermost-first ({first, last}, ...; the middle one joins
     * the innermost pair), which makes blocking cycles common, so the tests
     * exercise the cycle repairs. */
    const char *pairing = req->opts ? pl_opts_get(req->opts, "pairing") : NULL;
    bool nested = pairing && !strcmp(pairing, "nested");
    s.rot = nested ? 1 : 0;
    int rc = 0;
    const char *how = "perfect matching (2-cuts only)";
    int found = 1;
    bool lonely = false;
    for (int b = 0; b < s.n; b++)
        if (s.inc_n[b] == 0) lonely = true;
    if (lonely) {
        found = 0;
        how = "a button has no other button on an allowed line";
    } else if (nested || !assign_by_matching(&s)) {
        how = "maximum matching + local repair (3-cuts)";
        if (nested || !repair(&s)) {
            how = nested ? "exact fallback (test hook)" : "exact fallback (the repair failed)";
            for (int b = 0; b < s.n; b++) set_asg(&s, b, -1);
            int *rem = pl_xcalloc((size_t)s.nlines + 1, sizeof(int));
            for (int ln = 0; ln < s.nlines; ln++) rem[ln] = s.lcount[ln];
            found = exact_dfs(&s, 0, rem);
            free(rem);
        }
    }
    out->status = found == 1 ? PL_SOLVED : found == 0 ? PL_UNSOLVABLE : PL_UNKNOWN;
    out->limit_hit = req->limits->hit;
    out->optimal = -1;
    int repairs = 0;
    if (found == 1) {
        order o = {0};
        o.gof = pl_xmalloc(((size_t)s.n + 1) * sizeof(int));
        for (int ln = 0; nested && ln < s.nlines; ln++) {
            int k = 0, *at = pl_xmalloc((size_t)s.lcount[ln] * sizeof(int));
            for (int j = 0; j < s.lcount[ln]; j++)
                if (s.asg[s.lbtn[s.lstart[ln] + j]] == ln) at[k++] = j;
            for (int i = 0; i < k / 2; i++) {
                group g = {ln, 2, {at[i], at[k - 1 - i], 0, 0}};
                if (k % 2 && i == k / 2 - 1) g.pos[g.k++] = at[k / 2];
                add_group(&o, g);
            }
            free(at);
        }
        for (int ln = 0; !nested && ln < s.nlines; ln++) { /* consecutive assigned buttons: 2s, last 3 if odd */
            group g = {ln, 0, {0, 0, 0, 0}};
            int left = s.load[ln];
            for (int j = 0; j < s.lcount[ln]; j++) {
                if (s.asg[s.lbtn[s.lstart[ln] + j]] != ln) continue;
                g.pos[g.k++] = j;
                left--;
                if ((g.k == 2 && left != 1) || g.k == 3) {
                    add_group(&o, g);
                    g.k = 0;
                }
            }
        }
        rc = emit_order(&s, &o, out, &repairs, err);
    }
    out->nodes = s.nodes;
    snprintf(out->note, sizeof out->note, "%s; %d lines; %d cycle repairs of the blocking graph", how, s.nlines,
             repairs);
    pk_free(&s);
    return rc;
}
