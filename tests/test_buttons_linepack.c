/* The packing step of Theorem 3 on its own (buttons_line_packing in
 * src/games/buttons/solve_packing.c: assign every button to a line through it
 * so that no line gets exactly one button, i.e. a perfect packing by
 * collinear pairs and triples), against an independent brute force on
 * thousands of seeded random abstract instances of three kinds:
 *   - random incidences: lines are random sets of 2..6 buttons, a button on
 *     at most 4 lines (as on a board);
 *   - random graphs with random triangle sets: an edge is a line of 2, a
 *     chosen triangle a line of 3 (the B(t) = {0,2,3} form of the problem);
 *   - adversarial: an odd number of buttons on short lines, lines of 5,
 *     crossings of lines of 3 in one button, so that pairs alone never
 *     suffice and the triples must be found.
 * Every verdict must agree; every assignment is checked (each button on its
 * line, no load one); the work counter must stay within the algorithm's
 * polynomial bound (3 + the number of (component, line) tests). Also the
 * Gallai-Edmonds set of src/core/matching.c against its definition. */
#include "check.h"
#include "puzzlelab/core.h"
#include "puzzlelab/matching.h"
#include "../src/games/buttons/solvers.h"

#define MAXN 14
#define MAXL 64

typedef struct inst {
    int n, nl;
    int lstart[MAXL], lcount[MAXL], lbtn[MAXL * MAXN];
    unsigned lmask[MAXL];
} inst;

static void add_line(inst *I, unsigned mask) {
    if (I->nl == MAXL || __builtin_popcount(mask) < 2) return;
    for (int i = 0; i < I->nl; i++)
        if (I->lmask[i] == mask) return;
    int at = I->nl ? I->lstart[I->nl - 1] + I->lcount[I->nl - 1] : 0;
    I->lstart[I->nl] = at;
    I->lcount[I->nl] = 0;
    for (int b = 0; b < I->n; b++)
        if (mask >> b & 1u) I->lbtn[at + I->lcount[I->nl]++] = b;
    I->lmask[I->nl++] = mask;
}

/* brute force: can the set S be split into pairs and triples, each inside a line? */
static signed char memo[1 << MAXN];
static bool bf(const inst *I, unsigned S) {
    if (!S) return true;
    if (memo[S]) return memo[S] == 1;
    int v = __builtin_ctz(S);
    bool ok = false;
    for (int l = 0; l < I->nl && !ok; l++) {
        unsigned m = I->lmask[l] & S;
        if (!(m >> v & 1u)) continue;
        unsigned rest = m & ~(1u << v);
        for (unsigned a = rest; a && !ok; a &= a - 1) {
            unsigned ba = a & -a;
            if (bf(I, S & ~(1u << v) & ~ba)) ok = true;
            for (unsigned c = a & (a - 1); c && !ok; c &= c - 1) {
                unsigned bc = c & -c;
                if (bf(I, S & ~(1u << v) & ~ba & ~bc)) ok = true;
            }
        }
    }
    memo[S] = ok ? 1 : 2;
    return ok;
}

static void describe(const inst *I, char *buf, size_t cap) {
    int len = snprintf(buf, cap, "n=%d lines:", I->n);
    for (int l = 0; l < I->nl && len < (int)cap - 40; l++) {
        len += snprintf(buf + len, cap - (size_t)len, " {");
        for (int j = 0; j < I->lcount[l]; j++)
            len += snprintf(buf + len, cap - (size_t)len, "%s%d", j ? "," : "", I->lbtn[I->lstart[l] + j]);
        len += snprintf(buf + len, cap - (size_t)len, "}");
    }
}

static int incidences(const inst *I, int b) {
    int k = 0;
    for (int l = 0; l < I->nl; l++) k += I->lmask[l] >> b & 1u;
    return k;
}

/* kind 0: random incidences, <= 4 lines per button */
static void gen_incidence(pl_rng *r, inst *I) {
    I->n = 1 + (int)pl_rng_below(r, MAXN);
    I->nl = 0;
    int want = 1 + (int)pl_rng_below(r, (uint64_t)I->n + 2);
    for (int t = 0; t < 4 * want && I->nl < want; t++) {
        int sz = 2 + (int)pl_rng_below(r, 5);
        unsigned m = 0;
        for (int k = 0; k < sz; k++) m |= 1u << pl_rng_below(r, (uint64_t)I->n);
        bool fits = true;
        for (int b = 0; b < I->n; b++)
            if ((m >> b & 1u) && incidences(I, b) >= 4) fits = false;
        if (fits) add_line(I, m);
    }
}

/* kind 1: random graph, edges are lines of 2, some triangles lines of 3 */
static void gen_graph(pl_rng *r, inst *I) {
    I->n = 1 + (int)pl_rng_below(r, 12);
    I->nl = 0;
    int pe = 15 + (int)pl_rng_below(r, 45), pt = 10 + (int)pl_rng_below(r, 60);
    bool adj[MAXN][MAXN] = {{false}};
    for (int a = 0; a < I->n; a++)
        for (int b = a + 1; b < I->n; b++)
            if ((int)pl_rng_below(r, 100) < pe) adj[a][b] = adj[b][a] = true;
    for (int a = 0; a < I->n; a++)
        for (int b = a + 1; b < I->n; b++)
            for (int c = b + 1; c < I->n; c++)
                if (adj[a][b] && adj[a][c] && adj[b][c] && (int)pl_rng_below(r, 100) < pt)
                    add_line(I, (1u << a) | (1u << b) | (1u << c));
    for (int a = 0; a < I->n; a++)
        for (int b = a + 1; b < I->n; b++)
            if (adj[a][b]) add_line(I, (1u << a) | (1u << b));
}

/* kind 2: odd n; short lines, a few lines of 5, crossings of 3-lines */
static void gen_adversarial(pl_rng *r, inst *I) {
    I->n = 3 + 2 * (int)pl_rng_below(r, 6); /* 3 .. 13, odd */
    I->nl = 0;
    int shape = (int)pl_rng_below(r, 3);
    if (shape == 0) { /* chains of 3-lines crossing in one button, plus pairs */
        for (int b = 0; b + 2 < I->n; b += 2) add_line(I, 7u << b);
        for (int t = 0; t < I->n / 2; t++) {
            int a = (int)pl_rng_below(r, (uint64_t)I->n), b = (int)pl_rng_below(r, (uint64_t)I->n);
            if (a != b && incidences(I, a) < 4 && incidences(I, b) < 4) add_line(I, (1u << a) | (1u << b));
        }
    } else if (shape == 1) { /* lines of 5 and of 2 */
        for (int t = 0; t < 3; t++) {
            unsigned m = 0;
            while (__builtin_popcount(m) < 5 && I->n >= 5) m |= 1u << pl_rng_below(r, (uint64_t)I->n);
            add_line(I, m);
        }
        for (int t = 0; t < I->n; t++) {
            int a = (int)pl_rng_below(r, (uint64_t)I->n), b = (int)pl_rng_below(r, (uint64_t)I->n);
            if (a != b && incidences(I, a) < 4 && incidences(I, b) < 4) add_line(I, (1u << a) | (1u << b));
        }
    } else { /* a grid of 3-lines: rows and columns of a 3 x k block, odd size */
        int cols = I->n / 3;
        for (int row = 0; row < 3; row++) {
            unsigned m = 0;
            for (int c = 0; c < cols; c++) m |= 1u << (row * cols + c);
            add_line(I, m);
        }
        for (int c = 0; c < cols; c++) add_line(I, (1u << c) | (1u << (cols + c)) | (1u << (2 * cols + c)));
        for (int b = 3 * cols; b < I->n; b++) /* leftovers join random pairs */
            add_line(I, (1u << b) | (1u << pl_rng_below(r, (uint64_t)(3 * cols))));
    }
}

static void test_packing(void) {
    int count[3] = {0}, yes = 0, no = 0, triples = 0, no_pm = 0;
    for (uint64_t seed = 1; seed <= 3600; seed++) {
        pl_rng r;
        pl_rng_seed(&r, seed);
        inst I;
        int kind = (int)(seed % 3);
        if (kind == 0)
            gen_incidence(&r, &I);
        else if (kind == 1)
            gen_graph(&r, &I);
        else
            gen_adversarial(&r, &I);
        char buf[3000];
        describe(&I, buf, sizeof buf);
        check_context(true, seed, "kind %d: %s", kind, buf);
        memset(memo, 0, sizeof(memo[0]) * ((size_t)1 << I.n));
        bool want = bf(&I, (1u << I.n) - 1);
        int asg[MAXN];
        uint64_t nodes = 0;
        int ntri = 0;
        const char *how = "";
        pl_error err;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int got = buttons_line_packing(I.n, I.nl, I.lstart, I.lcount, I.lbtn, &lim, asg, &nodes, &ntri, &how, &err);
        CHECKF(got == (want ? 1 : 0), "packing says %d, brute force %d (%s)", got, want, how);
        int bound = 3;
        for (int l = 0; l < I.nl; l++) bound += I.lcount[l] / 3;
        CHECKF(nodes <= (uint64_t)bound, "%" PRIu64 " Edmonds searches > bound %d", nodes, bound);
        if (got == 1) {
            int load[MAXL] = {0};
            for (int b = 0; b < I.n; b++) {
                bool on = asg[b] >= 0 && asg[b] < I.nl && (I.lmask[asg[b]] >> b & 1u);
                CHECKF(on, "button %d assigned to line %d, not through it", b, asg[b]);
                if (on) load[asg[b]]++;
            }
            for (int l = 0; l < I.nl; l++) CHECKF(load[l] != 1, "line %d gets exactly one button", l);
            yes++;
            triples += ntri > 0;
            no_pm += strncmp(how, "perfect matching", 16) != 0;
        } else
            no++;
        count[kind]++;
    }
    check_clear_context();
    printf("line packing: %d random incidences, %d graphs with triangles, %d adversarial; %d packable (%d need "
           "triples), %d not\n",
           count[0], count[1], count[2], yes, triples, no);
    CHECK(yes + no >= 2000);
    CHECK(yes >= 500 && no >= 500 && triples >= 300 && no_pm == triples);
}

/* ---------- the Gallai-Edmonds set ---------- */

static int bmatch(int nv, bool adj[MAXN][MAXN], unsigned alive) {
    int v = -1;
    for (int i = 0; i < nv; i++)
        if (alive >> i & 1u) {
            v = i;
            break;
        }
    if (v < 0) return 0;
    int best = bmatch(nv, adj, alive & ~(1u << v)); /* v unmatched */
    for (int w = v + 1; w < nv; w++)
        if ((alive >> w & 1u) && adj[v][w]) {
            int m = 1 + bmatch(nv, adj, alive & ~(1u << v) & ~(1u << w));
            if (m > best) best = m;
        }
    return best;
}

static void test_even(void) {
    pl_rng r;
    pl_rng_seed(&r, 4242);
    int nonempty = 0;
    for (int t = 0; t < 1500; t++) {
        int nv = 1 + (int)pl_rng_below(&r, 11), ne = 0, pct = 10 + (int)pl_rng_below(&r, 50);
        int eu[64], ev[64], mate[MAXN];
        bool adj[MAXN][MAXN] = {{false}};
        for (int a = 0; a < nv; a++)
            for (int b = a + 1; b < nv; b++)
                if ((int)pl_rng_below(&r, 100) < pct && ne < 64) {
                    eu[ne] = a;
                    ev[ne++] = b;
                    adj[a][b] = adj[b][a] = true;
                }
        check_context(true, (uint64_t)t, "Gallai-Edmonds nv=%d ne=%d", nv, ne);
        int nu = pl_max_matching(nv, ne, eu, ev, mate, 0);
        unsigned char even[MAXN];
        CHECK(pl_matching_even(nv, ne, eu, ev, mate, even) == 0);
        unsigned all = (1u << nv) - 1;
        for (int v = 0; v < nv; v++) {
            bool in_d = bmatch(nv, adj, all & ~(1u << v)) == nu; /* some maximum matching misses v */
            CHECKF(in_d == (even[v] != 0), "vertex %d: in D %d, even %d", v, in_d, even[v]);
            nonempty += in_d;
        }
    }
    check_clear_context();
    CHECK(nonempty > 1000);
}

int main(void) {
    test_even();
    test_packing();
    return check_done("buttons_linepack");
}
