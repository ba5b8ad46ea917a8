/* Buttons & Scissors as SAT, solved by CaDiCaL through its C API.
 *
 * Paper: "Single-Player and Two-Player Buttons & Scissors Games" (Burke et
 * al.); the decision problem is NP-complete (Theorems 2, 5, 6, 7), and its
 * certificate is a set of cuts plus an order, which is what we encode.
 *
 * Encoding (step-free, with levels):
 *  - Sizes normalised by Remark 1 (buttons_sizes_normalised): only cuts of
 *    generator sizes are needed.
 *  - Candidate cuts: for two buttons e1, e2 of colour c on an allowed line
 *    and a choice T of s - 2 buttons of c strictly between them (s a
 *    generator), the cut {e1, e2} + T. Its blockers are every other button on
 *    the segment (other colours, and the buttons of c between not in T): they
 *    must be gone when the cut is made. One variable x_k per candidate.
 *  - Each button is removed by exactly one chosen candidate (at-least-one
 *    clause + pairwise at-most-one).
 *  - Order: every button b gets a level L(b) in 0..K-1 in the order encoding
 *    (variables [L(b) <= t]), K = floor(buttons / smallest generator), the
 *    most cuts a solution can have. A chosen cut's buttons share one level,
 *    and each of its blockers q has L(q) < that level.
 * Soundness: order the chosen cuts by level. When cut x of level t is made,
 * its blockers (levels < t) are gone and its own buttons (level t, removed by
 * x only) are present, so the segment holds exactly x's buttons: x is
 * feasible, of a generator size. Two cuts of one level share no button and
 * neither blocks the other, so their order does not matter. Completeness: a
 * solution x_1..x_m (m <= K) with level i for x_i's buttons satisfies every
 * clause (a blocker of x_i is on x_i's segment, so it was cut earlier).
 *
 * Complexity: O(candidates * (blockers + size) * K) clauses; the solver is
 * exponential in the worst case. Limits: the time limit through
 * ccadical_set_terminate, the node limit as CaDiCaL's conflict limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

#ifdef PL_HAVE_CADICAL
#include <ccadical.h>

#define SAT_MAX_CANDIDATES 200000

typedef struct cand {
    int a, b;     /* end cells */
    int first;    /* into members[] */
    int size;     /* members */
    int bfirst;   /* into blockers[] */
    int nblock;
} cand;

typedef struct enc {
    const buttons_level *l;
    uint64_t sizes;
    int nb, K;
    int *bidx; /* cell -> button number */
    cand *c;
    int nc, ccap;
    int *members, nm, mcap;
    int *blockers, nbl, blcap;
    CCaDiCaL *solver;
    long nclauses, nlits;
    int nvars;
} enc;

static void push_int(int **v, int *n, int *cap, int x) {
    if (*n == *cap) *v = pl_xrealloc(*v, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof **v);
    (*v)[(*n)++] = x;
}

/* Literal of [L(b) <= t]: 0 means constant true (t >= K-1), INT_MIN false. */
#define LIT_TRUE 0
#define LIT_FALSE (-2147483647 - 1)
static int ord(const enc *e, int b, int t) {
    if (t >= e->K - 1) return LIT_TRUE;
    if (t < 0) return LIT_FALSE;
    return 1 + e->nc + b * (e->K - 1) + t;
}

/* Adds a clause of up to 4 literals, simplifying constants. */
static void clause(enc *e, int n, const int *lits) {
    int out[4], m = 0;
    for (int i = 0; i < n; i++) {
        if (lits[i] == LIT_TRUE) return;
        if (lits[i] == LIT_FALSE) continue;
        out[m++] = lits[i];
    }
    for (int i = 0; i < m; i++) ccadical_add(e->solver, out[i]);
    ccadical_add(e->solver, 0);
    e->nclauses++;
    e->nlits += m;
}

static int neg(int lit) { return lit == LIT_TRUE ? LIT_FALSE : lit == LIT_FALSE ? LIT_TRUE : -lit; }

static void add_candidate(enc *e, int a, int b, const int *mem, int nmem, const int *blk, int nblk) {
    if (e->nc == e->ccap) e->c = pl_xrealloc(e->c, (size_t)(e->ccap = e->ccap ? 2 * e->ccap : 64) * sizeof *e->c);
    cand *k = &e->c[e->nc++];
    k->a = a;
    k->b = b;
    k->first = e->nm;
    k->size = nmem;
    for (int i = 0; i < nmem; i++) push_int(&e->members, &e->nm, &e->mcap, mem[i]);
    k->bfirst = e->nbl;
    k->nblock = nblk;
    for (int i = 0; i < nblk; i++) push_int(&e->blockers, &e->nbl, &e->blcap, blk[i]);
}

/* Enumerates candidates: chooses `need` of the interior same-colour buttons
 * in[0..nin) from position `from`; the rest become blockers. Recursive, one
 * level per button chosen: need = s - 2 for a cut size s <= BUTTONS_MAX_SIZE
 * (63, which the level reader enforces), so at most 62 small frames
 * whatever the board. */
static int choose(enc *e, int a, int b, const int *in, int nin, int from, int need, int *mem, int nmem,
                  const int *others, int nothers, uint8_t *taken) {
    if (e->nc > SAT_MAX_CANDIDATES) return -1;
    if (need == 0) {
        int *blk = pl_xmalloc(((size_t)nothers + (size_t)nin + 1) * sizeof *blk), nblk = 0;
        for (int i = 0; i < nothers; i++) blk[nblk++] = others[i];
        for (int i = 0; i < nin; i++)
            if (!taken[i]) blk[nblk++] = in[i];
        mem[nmem] = b;
        add_candidate(e, a, b, mem, nmem + 1, blk, nblk);
        free(blk);
        return 0;
    }
    for (int i = from; i + need <= nin; i++) {
        taken[i] = 1;
        mem[nmem] = in[i];
        int r = choose(e, a, b, in, nin, i + 1, need - 1, mem, nmem + 1, others, nothers, taken);
        taken[i] = 0;
        if (r) return r;
    }
    return 0;
}

static int build_candidates(enc *e) {
    const buttons_level *l = e->l;
    int n = l->rows * l->cols, line = (l->rows > l->cols ? l->rows : l->cols) + 2;
    int *in = pl_xmalloc((size_t)line * sizeof *in), *others = pl_xmalloc((size_t)line * sizeof *others);
    int *mem = pl_xmalloc((size_t)(line + 2) * sizeof *mem);
    uint8_t *taken = pl_xcalloc((size_t)line, 1);
    int rc = 0;
    for (int a = 0; a < n && !rc; a++) {
        int colour = l->cell[a];
        if (!colour) continue;
        for (int d = 0; d < 4 && !rc; d++) {
            if (!(l->directions & (1u << d))) continue;
            int r = a / l->cols, c = a % l->cols, nin = 0, noth = 0;
            for (;;) {
                r += buttons_dir_dr[d];
                c += buttons_dir_dc[d];
                if (r < 0 || c < 0 || r >= l->rows || c >= l->cols) break;
                int b = r * l->cols + c;
                if (!l->cell[b]) continue;
                if (l->cell[b] != colour) {
                    others[noth++] = b;
                    continue;
                }
                for (int s = 2; s <= nin + 2 && s <= BUTTONS_MAX_SIZE && !rc; s++) {
                    if (!((e->sizes >> s) & 1u)) continue;
                    mem[0] = a;
                    rc = choose(e, a, b, in, nin, 0, s - 2, mem, 1, others, noth, taken);
                }
                in[nin++] = b;
            }
        }
    }
    free(in);
    free(others);
    free(mem);
    free(taken);
    return rc;
}

static int terminate_cb(void *state) {
    pl_limits *lim = state;
    return pl_limits_check_time(lim) ? 0 : 1;
}

/* The formula's estimated size in literals from the candidates (what the
 * encoding below adds: at-most-one pairwise up to 6 literals and a
 * sequential counter above, 3 clauses a literal, so that a long run of one
 * colour stays linear; the ordering clauses dominate otherwise). *dead: a
 * button no candidate removes (the formula is then trivially unsatisfiable
 * and cheap). */
/* What the solver holds a literal of the formula, clause headers, watches
 * and our own copy included: measured as the peak resident size of
 * `buttons solve --algorithm sat` less the program's, on random 10 x 10 to
 * 14 x 14 boards of 3 and 4 colours (32 to 250 MiB), 40 to 44 bytes a
 * literal (it was counted as 16, and the reported memory as a third of the
 * resident size). */
#define SAT_BYTES_PER_LIT 42

static double estimate_lits(const enc *e, bool *dead) {
    int *count = pl_xcalloc((size_t)e->nb + 1, sizeof *count);
    for (int k = 0; k < e->nc; k++)
        for (int i = 0; i < e->c[k].size; i++) count[e->bidx[e->members[e->c[k].first + i]]]++;
    double lits = 0;
    *dead = false;
    for (int b = 0; b < e->nb; b++) {
        double m = count[b];
        *dead |= count[b] == 0;
        lits += m <= 6 ? m + m * (m - 1) : 7 * m;
    }
    free(count);
    lits += 2.0 * e->nb * e->K;
    for (int k = 0; k < e->nc; k++) lits += 6.0 * (e->c[k].size - 1) * e->K + 3.0 * e->c[k].nblock * e->K;
    return lits;
}

/* Sets up e (button numbers, K, candidates) for level l. 0; -1 when there
 * are more than SAT_MAX_CANDIDATES candidates. */
static int enc_setup(enc *e, const buttons_level *l) {
    memset(e, 0, sizeof *e);
    e->l = l;
    e->sizes = buttons_sizes_normalised(l);
    int n = l->rows * l->cols, ming = 2;
    while (ming < 63 && !((e->sizes >> ming) & 1u)) ming++;
    e->bidx = pl_xmalloc(((size_t)n + 1) * sizeof *e->bidx);
    for (int i = 0; i < n; i++) e->bidx[i] = l->cell[i] ? e->nb++ : -1;
    e->K = e->nb / ming;
    if (e->K < 1) e->K = 1;
    return e->nb ? build_candidates(e) : 0;
}

static void enc_free(enc *e) {
    free(e->bidx);
    free(e->c);
    free(e->members);
    free(e->blockers);
}

/* Whether the encoding of l fits: at most SAT_MAX_CANDIDATES candidate
 * cuts and an estimated formula under memory_limit bytes (16 bytes a
 * literal in CaDiCaL). When not, why says so. Costs one enumeration of the
 * candidates (bounded by SAT_MAX_CANDIDATES). */
static bool sat_fits(const enc *e, int setup_rc, size_t memory_limit, char *why, size_t n) {
    if (setup_rc) {
        snprintf(why, n, "more than %d candidate cuts: too large to encode", SAT_MAX_CANDIDATES);
        return false;
    }
    bool dead;
    double lits = estimate_lits(e, &dead);
    if (!dead && memory_limit && lits * SAT_BYTES_PER_LIT > (double)memory_limit) {
        snprintf(why, n, "the formula would take about %.0f MiB, over the memory limit (%.0f MiB)",
                 lits * SAT_BYTES_PER_LIT / (1 << 20), (double)memory_limit / (1 << 20));
        return false;
    }
    return true;
}

bool buttons_sat_fits(const buttons_level *l, size_t memory_limit, char *why, size_t n) {
    enc e;
    int rc = enc_setup(&e, l);
    bool ok = sat_fits(&e, rc, memory_limit, why, n);
    enc_free(&e);
    return ok;
}

bool buttons_sat_available(void) { return true; }

int buttons_sat_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const buttons_level *l = p;
    enc e;
    int setup_rc = enc_setup(&e, l);
    if (e.nb == 0) {
        out->status = PL_SOLVED;
        goto cleanup;
    }
    /* Refuse, before encoding, formulas over the memory limit or with too
     * many candidates: declined, so that auto runs the next algorithm. The
     * memory limit is named as the limit hit only when it is the reason. */
    if (!sat_fits(&e, setup_rc, req->limits->memory_limit, out->note, sizeof out->note)) {
        out->status = PL_UNKNOWN;
        out->declined = true;
        if (!setup_rc) {
            out->limit_hit = PL_LIMIT_MEMORY;
            req->limits->hit = PL_LIMIT_MEMORY;
        }
        goto cleanup;
    }
    e.solver = ccadical_init();
    ccadical_set_option(e.solver, "quiet", 1); /* algorithms never print */
    e.nvars = e.nc + e.nb * (e.K - 1);
    /* exactly one cut per button */
    {
        int *start = pl_xcalloc((size_t)e.nb + 1, sizeof *start), *list = NULL, nl = 0, lcap = 0;
        int *fill = pl_xcalloc((size_t)e.nb + 1, sizeof *fill);
        for (int k = 0; k < e.nc; k++)
            for (int i = 0; i < e.c[k].size; i++) start[e.bidx[e.members[e.c[k].first + i]] + 1]++;
        for (int b = 0; b < e.nb; b++) start[b + 1] += start[b];
        list = pl_xmalloc(((size_t)start[e.nb] + 1) * sizeof *list);
        nl = start[e.nb];
        lcap = nl;
        (void)lcap;
        for (int k = 0; k < e.nc; k++)
            for (int i = 0; i < e.c[k].size; i++) {
                int b = e.bidx[e.members[e.c[k].first + i]];
                list[start[b] + fill[b]++] = k + 1;
            }
        bool dead = false;
        for (int b = 0; b < e.nb; b++) dead |= start[b + 1] == start[b];
        int aux = e.nvars; /* auxiliary variables of the sequential counters */
        for (int b = 0; b < e.nb && !dead; b++) {
            int m = start[b + 1] - start[b];
            const int *x = list + start[b];
            for (int i = 0; i < m; i++) ccadical_add(e.solver, x[i]);
            ccadical_add(e.solver, 0);
            e.nclauses++;
            e.nlits += m;
            if (m <= 6) {
                for (int i = 0; i < m; i++)
                    for (int j = i + 1; j < m; j++) {
                        int cl[2] = {-x[i], -x[j]};
                        clause(&e, 2, cl);
                    }
                continue;
            }
            /* Sinz's sequential counter: s_i = "some of x_1..x_i is true". */
            int s0 = aux + 1;
            aux += m - 1;
            for (int i = 0; i < m; i++) {
                int si = s0 + i, sp = s0 + i - 1;
                if (i < m - 1) {
                    int c1[2] = {-x[i], si};
                    clause(&e, 2, c1);
                }
                if (i > 0) {
                    int c2[2] = {-x[i], -sp};
                    clause(&e, 2, c2);
                    if (i < m - 1) {
                        int c3[2] = {-sp, si};
                        clause(&e, 2, c3);
                    }
                }
            }
            if (!pl_limits_check_time(req->limits)) break;
        }
        e.nvars = aux;
        (void)nl;
        free(start);
        free(fill);
        free(list);
        if (dead) { /* a button on no candidate cut: unsolvable, no solver call */
            out->status = PL_UNSOLVABLE;
            snprintf(out->note, sizeof out->note, "a button lies on no candidate cut");
            ccadical_release(e.solver);
            goto cleanup;
        }
    }
    /* order encoding chains */
    for (int b = 0; b < e.nb; b++)
        for (int t = 0; t + 1 < e.K - 1; t++) {
            int cl[2] = {-ord(&e, b, t), ord(&e, b, t + 1)};
            clause(&e, 2, cl);
        }
    for (int k = 0; k < e.nc; k++) {
        if ((k & 1023) == 0 && !pl_limits_check_time(req->limits)) break; /* checked below: unknown */
        const cand *x = &e.c[k];
        int xv = k + 1, b1 = e.bidx[x->a];
        for (int i = 1; i < x->size; i++) {
            int bi = e.bidx[e.members[x->first + i]];
            for (int t = 0; t < e.K - 1; t++) {
                int c1[3] = {-xv, neg(ord(&e, b1, t)), ord(&e, bi, t)};
                int c2[3] = {-xv, neg(ord(&e, bi, t)), ord(&e, b1, t)};
                clause(&e, 3, c1);
                clause(&e, 3, c2);
            }
        }
        for (int i = 0; i < x->nblock; i++) {
            int q = e.bidx[e.blockers[x->bfirst + i]];
            for (int t = 0; t < e.K; t++) {
                int cl[3] = {-xv, neg(ord(&e, b1, t)), ord(&e, q, t - 1)};
                clause(&e, 3, cl);
            }
        }
    }
    if (req->limits->hit) {
        /* A limit fired while encoding: the formula is incomplete (weaker), so
         * neither of CaDiCaL's answers would be sound as a whole. */
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits->hit;
        ccadical_release(e.solver);
        goto cleanup;
    }
    ccadical_set_terminate(e.solver, req->limits, terminate_cb);
    if (req->limits->node_limit) {
        uint64_t lim = req->limits->node_limit;
        ccadical_limit(e.solver, "conflicts", lim > 2000000000u ? 2000000000 : (int)lim);
    }
    int r = ccadical_solve(e.solver);
    if (r == 10) {
        /* decode: chosen cuts sorted by level */
        int *lev = pl_xmalloc(((size_t)e.nc + 1) * sizeof *lev), *idx = pl_xmalloc(((size_t)e.nc + 1) * sizeof *idx);
        int m = 0;
        for (int k = 0; k < e.nc; k++) {
            if (ccadical_val(e.solver, k + 1) <= 0) continue;
            int b1 = e.bidx[e.c[k].a], t = 0;
            while (t < e.K - 1 && ccadical_val(e.solver, ord(&e, b1, t)) <= 0) t++;
            lev[k] = t;
            idx[m++] = k;
        }
        for (int i = 1; i < m; i++) {
            int v = idx[i], j = i;
            while (j > 0 && lev[idx[j - 1]] > lev[v]) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = v;
        }
        for (int i = 0; i < m; i++) {
            const cand *x = &e.c[idx[i]];
            buttons_cut cut = {x->a / l->cols, x->a % l->cols, x->b / l->cols, x->b % l->cols};
            buttons_solution_add_cut(out, cut);
        }
        free(lev);
        free(idx);
        out->status = PL_SOLVED;
    } else if (r == 20) {
        out->status = PL_UNSOLVABLE;
    } else {
        out->status = PL_UNKNOWN;
        if (!req->limits->hit) req->limits->hit = req->limits->node_limit ? PL_LIMIT_NODES : PL_LIMIT_TIME;
    }
    out->limit_hit = req->limits->hit;
    out->nodes = 0;
    /* CaDiCaL does not report its memory through the C API: an estimate,
     * SAT_BYTES_PER_LIT a literal, calibrated against the process's peak
     * resident size (see SAT_BYTES_PER_LIT). */
    out->peak_memory = (size_t)e.nlits * SAT_BYTES_PER_LIT + (size_t)e.nvars * 64;
    snprintf(out->note, sizeof out->note, "%d variables, %ld clauses, %d candidate cuts, %d levels", e.nvars,
             e.nclauses, e.nc, e.K);
    ccadical_release(e.solver);
cleanup:
    enc_free(&e);
    return 0;
}

#else

bool buttons_sat_available(void) { return false; }

bool buttons_sat_fits(const buttons_level *l, size_t memory_limit, char *why, size_t n) {
    (void)l;
    (void)memory_limit;
    snprintf(why, n, "built without CaDiCaL (install libcadical-dev and rebuild)");
    return false;
}

int buttons_sat_solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)p;
    (void)req;
    (void)out;
    return pl_error_set(err, NULL, 0, 0, "puzzlelab was built without CaDiCaL (libcadical-dev): no sat solver");
}

#endif

/* The auto rule, measured with bench/bench_buttons_exact.c (Release): on
 * boards of up to ~30 buttons both answer in about a millisecond and the
 * search wins (no encoding overhead); on the contest's 7x7 boards (49
 * buttons) the search takes 0.1-5 ms and SAT 2-6 ms, but on plain random
 * boards from 49 buttons up the search has heavy tails (1 of 45 random 7x7
 * boards and 9 of 24 random 8x8 / 10x10 boards over 10 s) while SAT stayed
 * under 0.15 s on every board measured. So: SAT above 30 buttons. */
bool buttons_sat_preferred(const buttons_level *l) { return l->nbuttons > 30; }

/* Runs whenever CaDiCaL is built in; auto prefers it by the rule above. */
bool buttons_sat_applies(const void *p, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = p;
    if (!buttons_sat_available()) {
        snprintf(why, n, "built without CaDiCaL (install libcadical-dev and rebuild)");
        return false;
    }
    snprintf(why, n, "general board (%d x %d, %d colours): NP-complete, decided by SAT", l->rows, l->cols,
             l->ncolours);
    return true;
}

bool buttons_sat_auto(const void *p, const pl_request *req, char *why, size_t n) {
    const buttons_level *l = p;
    if (buttons_sat_preferred(l)) {
        /* What the solver would refuse at once, auto passes over (and info
         * says so): the exact search runs instead. */
        if (!buttons_sat_fits(l, req->limits ? req->limits->memory_limit : 0, why, n)) return false;
        snprintf(why, n, "general board (%d x %d, %d colours, > 30 buttons): NP-complete; SAT has no heavy tails here",
                 l->rows, l->cols, l->ncolours);
        return true;
    }
    snprintf(why, n, "the search is faster on this board");
    return false;
}
