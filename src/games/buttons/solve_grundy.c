/* Impartial two-player Buttons & Scissors (Section 4.2, Theorem 9: PSPACE-
 * complete) by the Sprague-Grundy theory.
 *
 * A position splits into independent parts: join the buttons of every cut
 * that can still be made (both ends present), its ends, the middle buttons of
 * its colour and its blockers. A cut then involves buttons of one part only,
 * and whether it is feasible depends on that part alone, so the game is the
 * disjunctive sum of its parts and its Grundy value is the XOR of theirs
 * (Sprague-Grundy). A part's value is the mex of the values of the positions
 * one cut leads to, each again split into parts; values are memoised per
 * part (a button set), so a part that recurs in many positions, or a board
 * of many small parts, is solved once. The player to move wins iff the value
 * is not 0.
 *
 * Complexity: exponential in the worst case (the game is PSPACE-complete);
 * O(sum over parts P of 2^|P|) part evaluations instead of 2^n positions,
 * each O(m * n) for m cuts (splitting by union-find). The certificate is a
 * principal variation: the winner always cuts to a position of value 0. */
#include <stdlib.h>
#include <string.h>

#include "twoplayer.h"

typedef struct sg {
    const b2game *g;
    pl_limits *lim;
    b2table memo;
    bool stop;
} sg;

static int find(int *p, int x) {
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
}

/* Splits S into its parts (at most g->n); returns how many. Buttons that no
 * live cut touches are left out: they are parts with no move (value 0). */
static int split(const b2game *g, const b2set *S, b2set *part) {
    int parent[B2_MAX_BUTTONS];
    bool touched[B2_MAX_BUTTONS] = {false};
    for (int i = 0; i < g->n; i++) parent[i] = i;
    for (int k = 0; k < g->ncuts; k++) {
        const b2cut *x = &g->cut[k];
        if (!b2_has(S, x->a) || !b2_has(S, x->b)) continue;
        int ra = find(parent, x->a);
        touched[x->a] = touched[x->b] = true;
        parent[find(parent, x->b)] = ra;
        for (int w = 0; w < 2; w++) {
            uint64_t bits = (x->mid.w[w] | x->block.w[w]) & S->w[w];
            while (bits) {
                int j = 64 * w + __builtin_ctzll(bits);
                bits &= bits - 1;
                touched[j] = true;
                parent[find(parent, j)] = find(parent, ra);
            }
        }
    }
    int root_part[B2_MAX_BUTTONS], np = 0;
    for (int i = 0; i < g->n; i++) root_part[i] = -1;
    for (int i = 0; i < g->n; i++) {
        if (!b2_has(S, i) || !touched[i]) continue;
        int r = find(parent, i);
        if (root_part[r] < 0) {
            root_part[r] = np;
            part[np++] = (b2set){{0, 0}};
        }
        b2_add(&part[root_part[r]], i);
    }
    return np;
}

/* Recursion between part_value and grundy_of: one level pair per cut, each
 * cut removing at least two of at most B2_MAX_BUTTONS (128, the documented
 * limit; b2_build refuses more) buttons, so at most 64 cuts deep whatever the
 * level: about 64 x 2 KiB (grundy_of's parts) of stack at the very most.
 * tests/reliability checks a 128-button row under a 256 KiB stack. */
static int grundy_of(sg *s, const b2set *S);

/* The Grundy value of a single part. */
static int part_value(sg *s, const b2set *P) {
    const b2entry *e = b2_table_get(&s->memo, P, 0);
    if (e) return e->value;
    if (!pl_limits_tick(s->lim)) {
        s->stop = true;
        return 0;
    }
    /* option values are at most the number of options (mex bound) */
    int nopt = 0;
    for (int k = 0; k < s->g->ncuts; k++)
        if (b2_feasible(s->g, P, k)) nopt++;
    bool *seen = pl_xcalloc((size_t)nopt + 2, sizeof *seen);
    for (int k = 0; k < s->g->ncuts && !s->stop; k++) {
        if (!b2_feasible(s->g, P, k)) continue;
        b2set t = b2_after(s->g, P, k);
        int v = grundy_of(s, &t);
        if (v <= nopt) seen[v] = true;
    }
    int mex = 0;
    while (seen[mex]) mex++;
    free(seen);
    if (s->stop) return 0;
    if (!b2_table_put(&s->memo, P, 0, mex, B2_EXACT)) {
        s->lim->hit = PL_LIMIT_MEMORY;
        s->stop = true;
    }
    return mex;
}

/* The Grundy value of a position: XOR over its parts. */
static int grundy_of(sg *s, const b2set *S) {
    b2set part[B2_MAX_BUTTONS];
    int np = split(s->g, S, part), v = 0;
    for (int i = 0; i < np && !s->stop; i++) v ^= part_value(s, &part[i]);
    return s->stop ? 0 : v;
}

bool buttons_grundy_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = level;
    if (l->players != BUTTONS_IMPARTIAL) {
        snprintf(why, n, "Sprague-Grundy values need the impartial game ('players: impartial')");
        return false;
    }
    if (l->nbuttons > B2_MAX_BUTTONS) {
        snprintf(why, n, "%d buttons; the game solvers take at most %d", l->nbuttons, B2_MAX_BUTTONS);
        return false;
    }
    snprintf(why, n, "impartial game: Sprague-Grundy values of independent parts, XOR");
    return true;
}

/* auto: the split pays when the board falls into several parts; on one part
 * plain minimax is faster (it stops at the first winning cut, while a Grundy
 * value needs every option; measured in docs/benchmarks.md). */
bool buttons_grundy_preferred(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    b2game g;
    pl_error err;
    if (b2_build(level, &g, &err)) return false;
    b2set *part = pl_xmalloc(B2_MAX_BUTTONS * sizeof *part);
    int np = split(&g, &g.all, part);
    free(part);
    b2_free(&g);
    if (np < 2) return false;
    snprintf(why, n, "impartial game in %d independent parts: Sprague-Grundy values, XOR", np);
    return true;
}

int buttons_grundy_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const buttons_level *l = level;
    out->algorithm = "grundy";
    b2game g;
    if (b2_build(l, &g, err)) return -1;
    sg s = {.g = &g, .lim = req->limits};
    b2_table_init(&s.memo, req->limits->memory_limit);
    b2set S = g.all, part[B2_MAX_BUTTONS];
    int root = grundy_of(&s, &S), nparts = split(&g, &S, part);
    while (!s.stop) {
        int want_zero = grundy_of(&s, &S) != 0, pick = -1;
        for (int k = 0; k < g.ncuts && pick < 0 && !s.stop; k++) {
            if (!b2_feasible(&g, &S, k)) continue;
            b2set t = b2_after(&g, &S, k);
            if (!want_zero || grundy_of(&s, &t) == 0) pick = k;
        }
        if (pick < 0 || s.stop) break;
        buttons_solution_add_cut(out, b2_cut_text(&g, pick));
        S = b2_after(&g, &S, pick);
    }
    out->nodes = req->limits->nodes;
    out->peak_memory = s.memo.peak_bytes;
    if (s.stop) {
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits->hit;
    } else {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "winner", root ? 1 : 2);
        /* the parts' values, so the XOR can be read off */
        char vals[160] = "";
        size_t used = 0;
        for (int i = 0; i < nparts && used + 16 < sizeof vals; i++) {
            const b2entry *e = b2_table_get(&s.memo, &part[i], 0);
            used += (size_t)snprintf(vals + used, sizeof vals - used, "%s%d", i ? "^" : "", e ? e->value : -1);
        }
        if (used + 16 >= sizeof vals) snprintf(vals + used, sizeof vals - used, "^...");
        snprintf(out->note, sizeof out->note,
                 "Grundy value %d = %s (XOR over %d independent part%s, %zu parts memoised): player %d wins", root,
                 nparts ? vals : "0", nparts, nparts == 1 ? "" : "s", s.memo.count, root ? 1 : 2);
    }
    b2_table_free(&s.memo);
    b2_free(&g);
    return 0;
}
