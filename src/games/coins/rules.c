/* Coin moving: neighbourhoods, rotations, replay on the infinite board, the
 * target test, and the finite boards the algorithms search. Pure: no I/O.
 *
 * Replay keeps a hash map position -> coin, so a move costs O(degree) on the
 * infinite board whatever the coordinates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"

/* (dr, dc) in rotation order: square 90 degrees, triangular 60 degrees. */
static const int sq_dr[4] = {0, -1, 0, 1}, sq_dc[4] = {1, 0, -1, 0};
static const int tri_dr[6] = {0, -1, -1, 0, 1, 1}, tri_dc[6] = {1, 1, 0, -1, -1, 0};

int coins_neighbours(const coins_level *l, coins_pt p, coins_pt *out) {
    if (l->grid == COINS_GRAPH) {
        int k = 0;
        if (p.r < 0 || p.r >= l->nv) return 0;
        for (int i = l->off[p.r]; i < l->off[p.r + 1]; i++) out[k++] = (coins_pt){l->adj[i], 0};
        return k;
    }
    int nd = l->grid == COINS_SQUARE ? 4 : 6;
    const int *dr = nd == 4 ? sq_dr : tri_dr, *dc = nd == 4 ? sq_dc : tri_dc;
    for (int d = 0; d < nd; d++) out[d] = (coins_pt){p.r + dr[d], p.c + dc[d]};
    return nd;
}

int coins_nrotations(const coins_level *l) {
    return l->grid == COINS_SQUARE ? 4 : l->grid == COINS_TRIANGULAR ? 6 : 1;
}

/* Square: (r, c) -> (-c, r) is a quarter turn. Triangular: (r, c) -> (-c, r + c)
 * maps each neighbour direction to the next one of tri_dr/tri_dc (60 degrees). */
coins_pt coins_rotate(const coins_level *l, coins_pt p, int k) {
    for (int i = 0; i < k; i++) {
        if (l->grid == COINS_SQUARE)
            p = (coins_pt){-p.c, p.r};
        else if (l->grid == COINS_TRIANGULAR)
            p = (coins_pt){-p.c, p.r + p.c};
    }
    return p;
}

/* ---------- position -> coin map (open addressing, backward-shift delete) ---------- */
typedef struct slot {
    int64_t key; /* INT64_MIN: empty */
    int coin;
} slot;

struct coins_state {
    const coins_level *level;
    coins_pt *pos;
    slot *tab;
    size_t mask;
};

static int64_t pt_key(coins_pt p) {
    return (int64_t)(((uint64_t)(uint32_t)p.r << 32) | (uint32_t)p.c);
}
static size_t pt_hash(int64_t k) {
    uint64_t x = (uint64_t)k * 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 29));
}

static int map_find(const coins_state *s, coins_pt p) {
    int64_t k = pt_key(p);
    for (size_t i = pt_hash(k) & s->mask;; i = (i + 1) & s->mask) {
        if (s->tab[i].key == INT64_MIN) return -1;
        if (s->tab[i].key == k) return s->tab[i].coin;
    }
}

static void map_put(coins_state *s, coins_pt p, int coin) {
    int64_t k = pt_key(p);
    size_t i = pt_hash(k) & s->mask;
    while (s->tab[i].key != INT64_MIN) i = (i + 1) & s->mask;
    s->tab[i].key = k;
    s->tab[i].coin = coin;
}

static void map_del(coins_state *s, coins_pt p) {
    int64_t k = pt_key(p);
    size_t i = pt_hash(k) & s->mask;
    while (s->tab[i].key != k) i = (i + 1) & s->mask;
    /* backward shift: keep every probe chain unbroken */
    size_t j = i;
    for (;;) {
        s->tab[i].key = INT64_MIN;
        for (;;) {
            j = (j + 1) & s->mask;
            if (s->tab[j].key == INT64_MIN) return;
            size_t home = pt_hash(s->tab[j].key) & s->mask;
            /* can slot j's entry move to i? only if home is not in (i, j] cyclically */
            if (i <= j ? (home <= i || home > j) : (home <= i && home > j)) break;
        }
        s->tab[i] = s->tab[j];
        i = j;
    }
}

coins_state *coins_state_new(const coins_level *l) {
    coins_state *s = pl_xcalloc(1, sizeof *s);
    s->level = l;
    s->pos = pl_xmalloc((size_t)(l->n > 0 ? l->n : 1) * sizeof *s->pos);
    memcpy(s->pos, l->start, (size_t)l->n * sizeof *s->pos);
    size_t cap = 16;
    while (cap < 2 * (size_t)l->n + 2) cap *= 2;
    s->tab = pl_xmalloc(cap * sizeof *s->tab);
    for (size_t i = 0; i < cap; i++) s->tab[i].key = INT64_MIN;
    s->mask = cap - 1;
    for (int i = 0; i < l->n; i++) map_put(s, s->pos[i], i);
    return s;
}

void coins_state_free(coins_state *s) {
    if (!s) return;
    free(s->pos);
    free(s->tab);
    free(s);
}

const coins_pt *coins_state_coins(const coins_state *s) {
    return s->pos;
}
const coins_level *coins_state_level(const coins_state *s) {
    return s->level;
}

int coins_state_move(coins_state *s, coins_pt from, coins_pt to, char *why, size_t n) {
    const coins_level *l = s->level;
    char a[48], b[48];
    coins_pt_text(l, from, a, sizeof a);
    coins_pt_text(l, to, b, sizeof b);
    if (l->grid == COINS_GRAPH) {
        coins_pt bad = from.r < 0 || from.r >= l->nv ? from : to;
        if (bad.r < 0 || bad.r >= l->nv) {
            snprintf(why, n, "no vertex %d (the graph has vertices 0..%d)", bad.r, l->nv - 1);
            return -1;
        }
    }
    int coin = map_find(s, from);
    if (coin < 0) {
        snprintf(why, n, "no coin at %s", a);
        return -1;
    }
    if (from.r == to.r && from.c == to.c) {
        snprintf(why, n, "%s: a coin must move to another position", a);
        return -1;
    }
    if (map_find(s, to) >= 0) {
        snprintf(why, n, "%s is occupied", b);
        return -1;
    }
    int cap = l->max_degree > 6 ? l->max_degree : 6;
    coins_pt *nb = pl_xmalloc((size_t)cap * sizeof *nb);
    int k = coins_neighbours(l, to, nb), adj = 0;
    for (int i = 0; i < k; i++)
        if (!(nb[i].r == from.r && nb[i].c == from.c) && map_find(s, nb[i]) >= 0) adj++;
    free(nb);
    if (adj < 2) {
        snprintf(why, n, "%s would have %d coin%s adjacent, needs 2", b, adj, adj == 1 ? "" : "s");
        return -1;
    }
    map_del(s, from);
    map_put(s, to, coin);
    s->pos[coin] = to;
    return 0;
}

/* ---------- the target test ---------- */
static int cmp_pt(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    if (a->r != b->r) return a->r < b->r ? -1 : 1;
    return (a->c > b->c) - (a->c < b->c);
}

/* Unlabelled: sorted, translated so the smallest is at the origin when
 * translate. Labelled: coin order kept, translated by coin 0. */
static void normalise(const coins_level *l, coins_pt *p, bool translate) {
    if (!l->labelled) qsort(p, (size_t)l->n, sizeof *p, cmp_pt);
    if (translate && l->n) {
        coins_pt o = p[0];
        for (int i = 0; i < l->n; i++) p[i].r -= o.r, p[i].c -= o.c;
    }
}

bool coins_config_matches(const coins_level *l, const coins_pt *pos, char *why, size_t n) {
    size_t sz = (size_t)(l->n > 0 ? l->n : 1) * sizeof(coins_pt);
    coins_pt *a = pl_xmalloc(sz), *b = pl_xmalloc(sz);
    bool translate = l->upto != COINS_EXACT;
    int nrot = l->upto == COINS_ROTATION ? coins_nrotations(l) : 1;
    memcpy(a, pos, sz);
    normalise(l, a, translate);
    bool ok = false;
    for (int k = 0; k < nrot && !ok; k++) {
        for (int i = 0; i < l->n; i++) b[i] = coins_rotate(l, l->target[i], k);
        normalise(l, b, translate);
        ok = memcmp(a, b, (size_t)l->n * sizeof *a) == 0;
    }
    if (!ok && why) {
        if (l->upto != COINS_EXACT) {
            snprintf(why, n, "the final configuration is not %s of the target",
                     l->upto == COINS_TRANSLATION ? "a translate" : "a translate or rotation");
        } else {
            /* name the first target position that is wrong */
            int off = 0;
            coins_pt first = {0, 0};
            for (int i = 0; i < l->n; i++) {
                bool found = false;
                if (l->labelled)
                    found = pos[i].r == l->target[i].r && pos[i].c == l->target[i].c;
                else
                    for (int j = 0; j < l->n && !found; j++)
                        found = pos[j].r == l->target[i].r && pos[j].c == l->target[i].c;
                if (!found && off++ == 0) first = l->target[i];
            }
            char t[48];
            coins_pt_text(l, first, t, sizeof t);
            if (l->labelled) {
                int i0 = 0;
                for (int i = 0; i < l->n; i++)
                    if (l->target[i].r == first.r && l->target[i].c == first.c) i0 = i;
                snprintf(why, n,
                         "the final configuration is not the target: %d coin%s off target (coin '%c' belongs at %s)",
                         off, off == 1 ? "" : "s", l->label[i0], t);
            } else {
                snprintf(why, n, "the final configuration is not the target: %d target position%s empty (e.g. %s)", off,
                         off == 1 ? "" : "s", t);
            }
        }
    }
    free(a);
    free(b);
    return ok;
}

bool coins_state_at_target(const coins_state *s, char *why, size_t n) {
    return coins_config_matches(s->level, s->pos, why, n);
}

/* ---------- finite boards ---------- */
void coins_board_rect(coins_board *b, const coins_level *l, int r0, int c0, int h, int w) {
    memset(b, 0, sizeof *b);
    b->grid = l->grid;
    b->r0 = r0;
    b->c0 = c0;
    b->h = h;
    b->w = w;
    b->nv = h * w;
    int nd = l->grid == COINS_SQUARE ? 4 : 6;
    const int *dr = nd == 4 ? sq_dr : tri_dr, *dc = nd == 4 ? sq_dc : tri_dc;
    b->off = pl_xmalloc(((size_t)b->nv + 1) * sizeof *b->off);
    b->adj = pl_xmalloc(((size_t)b->nv * (size_t)nd + 1) * sizeof *b->adj);
    int k = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            b->off[r * w + c] = k;
            for (int d = 0; d < nd; d++) {
                int rr = r + dr[d], cc = c + dc[d];
                if (rr >= 0 && rr < h && cc >= 0 && cc < w) b->adj[k++] = rr * w + cc;
            }
        }
    b->off[b->nv] = k;
}

void coins_board_graph(coins_board *b, const coins_level *l) {
    memset(b, 0, sizeof *b);
    b->grid = COINS_GRAPH;
    b->nv = l->nv;
    b->off = pl_xmalloc(((size_t)l->nv + 1) * sizeof *b->off);
    memcpy(b->off, l->off, ((size_t)l->nv + 1) * sizeof *b->off);
    b->adj = pl_xmalloc(((size_t)l->off[l->nv] + 1) * sizeof *b->adj);
    memcpy(b->adj, l->adj, (size_t)l->off[l->nv] * sizeof *b->adj);
}

void coins_board_free(coins_board *b) {
    free(b->off);
    free(b->adj);
    b->off = b->adj = NULL;
}

int coins_board_pos(const coins_board *b, coins_pt p) {
    if (b->grid == COINS_GRAPH) return p.r >= 0 && p.r < b->nv ? p.r : -1;
    int r = p.r - b->r0, c = p.c - b->c0;
    if (r < 0 || r >= b->h || c < 0 || c >= b->w) return -1;
    return r * b->w + c;
}

coins_pt coins_board_pt(const coins_board *b, int pos) {
    if (b->grid == COINS_GRAPH) return (coins_pt){pos, 0};
    return (coins_pt){b->r0 + pos / b->w, b->c0 + pos % b->w};
}
