/* The game G' of Galliot 2019, Section 1.4, on the square grid: a recorder
 * that checks every action (a drop needs a reserve coin and two occupied
 * neighbours; a take a coin, and two occupied neighbours when it must be
 * reversible; stacking is allowed), the composition of table subroutines
 * under the eight symmetries of the grid, and CLEAN (Appendix A.1.2,
 * Proposition 1.13) that turns T actions into at most T moves of the real
 * game in O(|A| + T) expected time (hash maps stand for the arrays C and P).
 */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

static uint32_t hash_pt(coins_pt p) {
    uint64_t x = (uint64_t)(uint32_t)p.r * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)p.c * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return (uint32_t)x;
}

/* ---------- a map position -> (int, position) ---------- */
typedef struct {
    coins_pt *key;
    int *val;
    coins_pt *aux;
    uint8_t *used;
    uint32_t cap, n;
} pmap;

static void pmap_init(pmap *m, uint32_t hint) {
    m->cap = 64;
    while (m->cap < 2 * hint) m->cap <<= 1;
    m->key = pl_xmalloc(m->cap * sizeof *m->key);
    m->val = pl_xmalloc(m->cap * sizeof *m->val);
    m->aux = pl_xmalloc(m->cap * sizeof *m->aux);
    m->used = pl_xcalloc(m->cap, 1);
    m->n = 0;
}

static void pmap_free(pmap *m) {
    free(m->key), free(m->val), free(m->aux), free(m->used);
    memset(m, 0, sizeof *m);
}

/* The free slot for p (absent from m, which has room). */
static uint32_t pmap_free_slot(const pmap *m, coins_pt p) {
    uint32_t mask = m->cap - 1, i = hash_pt(p) & mask;
    while (m->used[i]) i = (i + 1) & mask;
    return i;
}

/* Doubles the table (at least), moving every entry. No recursion: the keys
 * are distinct and the new table has room for them all. */
static void pmap_grow(pmap *m) {
    pmap old = *m;
    pmap_init(m, old.cap);
    for (uint32_t i = 0; i < old.cap; i++)
        if (old.used[i]) {
            uint32_t s = pmap_free_slot(m, old.key[i]);
            m->used[s] = 1;
            m->key[s] = old.key[i];
            m->val[s] = old.val[i];
            m->aux[s] = old.aux[i];
            m->n++;
        }
    pmap_free(&old);
}

/* The slot of p; with insert, created (val 0, aux p) when absent; else
 * UINT32_MAX when absent. */
static uint32_t pmap_slot(pmap *m, coins_pt p, bool insert) {
    uint32_t mask = m->cap - 1, i = hash_pt(p) & mask;
    while (m->used[i]) {
        if (m->key[i].r == p.r && m->key[i].c == p.c) return i;
        i = (i + 1) & mask;
    }
    if (!insert) return UINT32_MAX;
    if (2 * (m->n + 1) > m->cap) {
        pmap_grow(m); /* p is still absent: its free slot in the new table */
        i = pmap_free_slot(m, p);
    }
    m->used[i] = 1;
    m->key[i] = p;
    m->val[i] = 0;
    m->aux[i] = p;
    m->n++;
    return i;
}

static int pmap_get(pmap *m, coins_pt p) {
    uint32_t s = pmap_slot(m, p, false);
    return s == UINT32_MAX ? 0 : m->val[s];
}

/* ---------- the recorder ---------- */
struct coins_gp {
    pmap occ; /* coins stacked at each position */
    int reserve;
    coins_sq_action *act;
    long long nact, cap;
    bool bad;
};

coins_gp *coins_gp_new(const coins_pt *c, int n, int reserve) {
    coins_gp *g = pl_xcalloc(1, sizeof *g);
    pmap_init(&g->occ, (uint32_t)(n > 0 ? n : 1) * 2);
    for (int i = 0; i < n; i++) {
        uint32_t slot = pmap_slot(&g->occ, c[i], true); /* may grow the map: index after */
        g->occ.val[slot]++;
    }
    g->reserve = reserve;
    return g;
}

void coins_gp_free(coins_gp *g) {
    if (!g) return;
    pmap_free(&g->occ);
    free(g->act);
    free(g);
}

int coins_gp_count(coins_gp *g, coins_pt p) {
    return pmap_get(&g->occ, p);
}
int coins_gp_reserve(const coins_gp *g) {
    return g->reserve;
}
bool coins_gp_failed(const coins_gp *g) {
    return g->bad;
}
const coins_sq_action *coins_gp_actions(const coins_gp *g, long long *n) {
    *n = g->nact;
    return g->act;
}

static int occupied_nbrs(coins_gp *g, coins_pt p) {
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int k = 0;
    for (int d = 0; d < 4; d++) k += pmap_get(&g->occ, (coins_pt){p.r + dr[d], p.c + dc[d]}) > 0;
    return k;
}

static void record(coins_gp *g, coins_pt p, bool drop) {
    if (g->nact == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->act = pl_xrealloc(g->act, (size_t)g->cap * sizeof *g->act);
    }
    g->act[g->nact++] = (coins_sq_action){.r = p.r, .c = p.c, .drop = drop};
}

int coins_gp_drop(coins_gp *g, coins_pt p) {
    if (g->bad || g->reserve <= 0 || occupied_nbrs(g, p) < 2) return g->bad = true, -1;
    uint32_t slot = pmap_slot(&g->occ, p, true);
    g->occ.val[slot]++;
    g->reserve--;
    record(g, p, true);
    return 0;
}

int coins_gp_take(coins_gp *g, coins_pt p, bool reversible) {
    uint32_t s = pmap_slot(&g->occ, p, false);
    if (g->bad || s == UINT32_MAX || g->occ.val[s] <= 0 || (reversible && occupied_nbrs(g, p) < 2))
        return g->bad = true, -1;
    g->occ.val[s]--;
    g->reserve++;
    record(g, p, false);
    return 0;
}

/* ---------- table subroutines under the symmetries of the grid ---------- */
static coins_pt sym(int t, int r, int c) {
    if (t & 4) {
        int x = r;
        r = c;
        c = x;
    }
    if (t & 1) r = -r;
    if (t & 2) c = -c;
    return (coins_pt){r, c};
}

static int spec_cells(int i, bool goal, coins_pt *out) {
    const coins_sq_spec *s = &coins_sq_specs[i];
    int k = 0, r = 0, c = 0;
    for (const char *d = goal ? s->goal : s->start; *d; d++) {
        if (*d == '/') {
            r++, c = 0;
            continue;
        }
        if (*d == 'o') out[k++] = (coins_pt){r, c};
        c++;
    }
    return k;
}

static bool same_set(const coins_pt *a, int na, const coins_pt *b, int nb) {
    if (na != nb) return false;
    for (int i = 0; i < na; i++) {
        bool f = false;
        for (int j = 0; j < nb && !f; j++) f = a[i].r == b[j].r && a[i].c == b[j].c;
        if (!f) return false;
    }
    return true;
}

/* The table entry, direction (1: backwards), symmetry and translation that
 * turn `from` into `to`; false when none. */
static bool match(const coins_pt *from, int nf, const coins_pt *to, int nt, int *spec, int *dir, int *sym_t,
                  coins_pt *offset) {
    coins_pt S[16], T[16], X[16], Y[16], X2[16], Y2[16];
    if (nf > 16 || nt > 16) return false;
    for (int i = 0; i < coins_sq_nspecs && i < coins_sq_table_size; i++) {
        if (!coins_sq_specs[i].reversible || coins_sq_specs[i].reserve > 2 || coins_sq_table[i].steps < 0) continue;
        int ns = spec_cells(i, false, S), ng = spec_cells(i, true, T);
        for (int d = 0; d < 2; d++) {
            const coins_pt *A = d ? T : S, *B = d ? S : T;
            int na = d ? ng : ns, nb = d ? ns : ng;
            if (na != nf || nb != nt) continue;
            for (int t = 0; t < 8; t++) {
                for (int k = 0; k < na; k++) X[k] = sym(t, A[k].r, A[k].c);
                for (int k = 0; k < nb; k++) Y[k] = sym(t, B[k].r, B[k].c);
                for (int j = 0; j < nf; j++) {
                    coins_pt off = {from[j].r - X[0].r, from[j].c - X[0].c};
                    for (int k = 0; k < na; k++) X2[k] = (coins_pt){X[k].r + off.r, X[k].c + off.c};
                    for (int k = 0; k < nb; k++) Y2[k] = (coins_pt){Y[k].r + off.r, Y[k].c + off.c};
                    if (!same_set(X2, na, from, nf) || !same_set(Y2, nb, to, nt)) continue;
                    *spec = i, *dir = d, *sym_t = t, *offset = off;
                    return true;
                }
            }
        }
    }
    return false;
}

bool coins_gp_rewrite_exists(const coins_pt *from, int nf, const coins_pt *to, int nt) {
    int i, d, t;
    coins_pt off;
    return match(from, nf, to, nt, &i, &d, &t, &off);
}

int coins_gp_rewrite(coins_gp *g, const coins_pt *from, int nf, const coins_pt *to, int nt) {
    int i, dir, t;
    coins_pt off;
    if (!match(from, nf, to, nt, &i, &dir, &t, &off)) return g->bad = true, -1;
    coins_sq_action a[128];
    int n = 0;
    for (const char *p = coins_sq_table[i].actions; *p && n < 128;) {
        bool drop = *p++ == '+';
        int r = (int)strtol(p, (char **)&p, 10);
        p++;
        int c = (int)strtol(p, (char **)&p, 10);
        while (*p == ' ') p++;
        a[n++] = (coins_sq_action){.r = r, .c = c, .drop = drop};
    }
    /* forwards, or backwards with drops and takes exchanged */
    for (int k = 0; k < n; k++) {
        coins_sq_action x = dir ? a[n - 1 - k] : a[k];
        bool drop = dir ? !x.drop : x.drop;
        coins_pt q = sym(t, x.r, x.c);
        q.r += off.r, q.c += off.c;
        if (drop ? coins_gp_drop(g, q) : coins_gp_take(g, q, true)) return -1;
    }
    return 0;
}

/* ---------- CLEAN (Appendix A.1.2) ---------- */
long long coins_sq_clean(const coins_pt *A, int n, const coins_sq_action *act, long long nact, coins_pt *from,
                         coins_pt *to) {
    /* step 1: pair the k-th take with the k-th drop (a queue) */
    long long nm = 0, head = 0, tail = 0;
    coins_pt *queue = pl_xmalloc((size_t)(nact > 0 ? nact : 1) * sizeof *queue);
    for (long long t = 0; t < nact; t++) {
        coins_pt p = {act[t].r, act[t].c};
        if (!act[t].drop) {
            queue[tail++] = p;
        } else if (head < tail) {
            coins_pt o = queue[head++];
            if (o.r != p.r || o.c != p.c) from[nm] = o, to[nm] = p, nm++;
        } else { /* a drop with an empty reserve: not a sequence from (A, 0) */
            free(queue);
            return -1;
        }
    }
    free(queue);
    /* step 2: stacking. g = coins of G' at each position, c = the real
     * board. A real coin stands on every position G' occupies; the others
     * are surplus (c = 1, g = 0). A move x -> y of G' onto a free y moves x's
     * coin when x became surplus, else any surplus coin: y has two G'-
     * occupied neighbours, hence two real ones, whichever coin comes. */
    pmap G, C;
    pmap_init(&G, (uint32_t)(n + 1) * 2);
    pmap_init(&C, (uint32_t)(n + 1) * 2);
    for (int i = 0; i < n; i++) {
        uint32_t a = pmap_slot(&G, A[i], true);
        G.val[a] = 1;
        uint32_t b = pmap_slot(&C, A[i], true);
        C.val[b] = 1;
    }
    coins_pt *surplus = pl_xmalloc((size_t)(nm > 0 ? nm : 1) * sizeof *surplus);
    long long ns = 0, out = 0;
    for (long long t = 0; t < nm; t++) {
        coins_pt x = from[t], y = to[t];
        uint32_t gx = pmap_slot(&G, x, true);
        G.val[gx]--;
        uint32_t gy = pmap_slot(&G, y, true);
        G.val[gy]++;
        bool x_surplus = G.val[pmap_slot(&G, x, true)] == 0 && pmap_get(&C, x) == 1;
        if (pmap_get(&C, y) == 1) {
            if (x_surplus) surplus[ns++] = x;
            continue;
        }
        coins_pt z = x;
        if (!x_surplus) {
            z = (coins_pt){0, 0};
            bool found = false;
            while (ns > 0 && !found) { /* lazily skip stale entries */
                coins_pt q = surplus[--ns];
                if (pmap_get(&C, q) == 1 && pmap_get(&G, q) == 0) z = q, found = true;
            }
            if (!found) { /* cannot happen for a sequence of G' */
                out = -1;
                break;
            }
        }
        uint32_t cz = pmap_slot(&C, z, true);
        C.val[cz] = 0;
        uint32_t cy = pmap_slot(&C, y, true);
        C.val[cy] = 1;
        from[out] = z, to[out] = y, out++;
    }
    free(surplus);
    pmap_free(&G);
    pmap_free(&C);
    return out;
}
