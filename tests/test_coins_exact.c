/* Coin moving: spans and the exact solvers.
 *  - Algorithm 1 against Definition 1.5 computed naively (rounds of Adj until
 *    nothing changes), and the properties of Proposition 1.6, on seeded random
 *    configurations of the square grid, the triangular grid and random graphs;
 *  - bidirectional and unidirectional BFS against a naive BFS written here
 *    (its own move generation over point lists), on random small square-grid
 *    and graph instances: same answer, same shortest length, and every
 *    certificate replays through the descriptor like verify;
 *  - the triangular window answers unknown, never a wrong unsolvable;
 *  - letter puzzles (levels/coins/letters) with short published optima: solved in the
 *    published number of moves.
 * PL_TEST_SEED replays another run; failures print the seed and the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins_gen.h"
#include "game_check.h"
#include "puzzlelab/coins.h"

static const pl_game *G = &pl_game_coins;

/* ---------- spans ---------- */
static int naive_span(const coins_board *b, const uint8_t *c, uint8_t *out) {
    memcpy(out, c, (size_t)b->nv);
    uint8_t *add = pl_xmalloc((size_t)b->nv);
    for (bool changed = true; changed;) {
        changed = false;
        memset(add, 0, (size_t)b->nv);
        for (int v = 0; v < b->nv; v++) {
            if (out[v]) continue;
            int k = 0;
            for (int a = b->off[v]; a < b->off[v + 1]; a++) k += out[b->adj[a]];
            if (k >= 2) add[v] = 1, changed = true;
        }
        for (int v = 0; v < b->nv; v++) out[v] |= add[v];
    }
    free(add);
    int n = 0;
    for (int v = 0; v < b->nv; v++) n += out[v];
    return n;
}

static int to_list(const coins_board *b, const uint8_t *set, int *list) {
    int k = 0;
    for (int v = 0; v < b->nv; v++)
        if (set[v]) list[k++] = v;
    return k;
}

static void random_graph(pl_rng *rng, coins_level *l, int nv, int percent) {
    memset(l, 0, sizeof *l);
    l->grid = COINS_GRAPH;
    l->nv = nv;
    int *deg = pl_xcalloc((size_t)nv, sizeof *deg), *e = pl_xmalloc((size_t)nv * (size_t)nv * 2 * sizeof *e), ne = 0;
    for (int u = 0; u < nv; u++)
        for (int v = u + 1; v < nv; v++)
            if ((int)pl_rng_below(rng, 100) < percent) e[2 * ne] = u, e[2 * ne + 1] = v, ne++, deg[u]++, deg[v]++;
    l->off = pl_xcalloc((size_t)nv + 1, sizeof *l->off);
    for (int v = 0; v < nv; v++) {
        l->off[v + 1] = l->off[v] + deg[v];
        if (deg[v] > l->max_degree) l->max_degree = deg[v];
    }
    l->adj = pl_xmalloc((size_t)(2 * ne + 1) * sizeof *l->adj);
    int *fill = pl_xcalloc((size_t)nv, sizeof *fill);
    for (int i = 0; i < ne; i++) {
        int u = e[2 * i], v = e[2 * i + 1];
        l->adj[l->off[u] + fill[u]++] = v;
        l->adj[l->off[v] + fill[v]++] = u;
    }
    free(deg);
    free(e);
    free(fill);
}

static void span_properties(uint64_t seed) {
    pl_rng rng;
    int runs = 0;
    for (int t = 0; t < 600; t++) {
        pl_rng_seed(&rng, seed + (uint64_t)t);
        coins_level l = {0};
        coins_board b;
        int kind = t % 3;
        if (kind == 2) {
            random_graph(&rng, &l, 4 + (int)pl_rng_below(&rng, 12), 10 + (int)pl_rng_below(&rng, 30));
            coins_board_graph(&b, &l);
        } else {
            l.grid = kind == 0 ? COINS_SQUARE : COINS_TRIANGULAR;
            coins_board_rect(&b, &l, 0, 0, 3 + (int)pl_rng_below(&rng, 6), 3 + (int)pl_rng_below(&rng, 6));
        }
        int nv = b.nv > 0 ? b.nv : 1; /* (never 0; said for GCC's -Wstringop-overread at -O1) */
        uint8_t *c1 = pl_xcalloc((size_t)nv, 1), *c2 = pl_xcalloc((size_t)nv, 1), *c3 = pl_xcalloc((size_t)nv, 1);
        uint8_t *s1 = pl_xmalloc((size_t)nv), *s2 = pl_xmalloc((size_t)nv), *naive = pl_xmalloc((size_t)nv),
                *u = pl_xmalloc((size_t)nv);
        int *list = pl_xmalloc((size_t)nv * sizeof *list), *work = pl_xmalloc(((size_t)nv + 1) * sizeof *work);
        int pc = 10 + (int)pl_rng_below(&rng, 25);
        for (int v = 0; v < nv; v++) {
            c1[v] = pl_rng_below(&rng, 100) < (uint64_t)pc;
            c3[v] = pl_rng_below(&rng, 100) < 10;
        }
        check_context(true, seed + (uint64_t)t, "kind %d, %d positions", kind, nv);
        int k1 = to_list(&b, c1, list);
        int n1 = coins_span(&b, list, k1, s1, work);
        CHECK_INT(n1, naive_span(&b, c1, naive));
        CHECK(memcmp(s1, naive, (size_t)nv) == 0);
        /* span(span(C)) = span(C) */
        int ks = to_list(&b, s1, list);
        CHECK_INT(coins_span(&b, list, ks, s2, work), n1);
        CHECK(memcmp(s1, s2, (size_t)nv) == 0);
        /* C1 inside C2 => span(C1) inside span(C2): C2 = C1 + random */
        for (int v = 0; v < nv; v++) c2[v] = c1[v] | (pl_rng_below(&rng, 100) < 15);
        int k2 = to_list(&b, c2, list);
        coins_span(&b, list, k2, s2, work);
        bool sub = true;
        for (int v = 0; v < nv; v++) sub = sub && (!s1[v] || s2[v]);
        CHECK(sub);
        /* span(C1) = span(C2) => span(C1 + C3) = span(C2 + C3): C2 = C1 + part of its span */
        for (int v = 0; v < nv; v++) c2[v] = c1[v] | (s1[v] && pl_rng_below(&rng, 2));
        k2 = to_list(&b, c2, list);
        coins_span(&b, list, k2, s2, work);
        CHECK(memcmp(s1, s2, (size_t)nv) == 0);
        for (int v = 0; v < nv; v++) u[v] = c1[v] | c3[v];
        k1 = to_list(&b, u, list);
        coins_span(&b, list, k1, s1, work);
        for (int v = 0; v < nv; v++) u[v] = c2[v] | c3[v];
        k2 = to_list(&b, u, list);
        coins_span(&b, list, k2, s2, work);
        CHECK(memcmp(s1, s2, (size_t)nv) == 0);
        runs++;
        free(c1), free(c2), free(c3), free(s1), free(s2), free(naive), free(u), free(list), free(work);
        coins_board_free(&b);
        free(l.off);
        free(l.adj);
    }
    check_clear_context();
    printf("spans: %d random configurations\n", runs);
}

/* ---------- naive BFS over point lists (the square grid's hull, or a graph) ---------- */
typedef struct naive_cfg {
    coins_pt p[8];
} naive_cfg;

static int cmp_pt(const void *x, const void *y) {
    const coins_pt *a = x, *b = y;
    return a->r != b->r ? (a->r > b->r) - (a->r < b->r) : (a->c > b->c) - (a->c < b->c);
}

static bool adjacent(const coins_level *l, coins_pt a, coins_pt b) {
    coins_pt nb[64];
    int k = coins_neighbours(l, a, nb);
    for (int i = 0; i < k; i++)
        if (nb[i].r == b.r && nb[i].c == b.c) return true;
    return false;
}

/* Shortest length or -1; positions tried: cells list. Unlabelled, exact target. */
static int naive_bfs(const coins_level *l, const coins_pt *cells, int ncells) {
    int n = l->n, cap = 1 << 16, head = 0, tail = 0;
    naive_cfg *q = pl_xmalloc((size_t)cap * sizeof *q);
    int *dist = pl_xmalloc((size_t)cap * sizeof *dist);
    naive_cfg a = {0}, t = {0};
    memcpy(a.p, l->start, (size_t)n * sizeof(coins_pt));
    memcpy(t.p, l->target, (size_t)n * sizeof(coins_pt));
    qsort(a.p, (size_t)n, sizeof(coins_pt), cmp_pt);
    qsort(t.p, (size_t)n, sizeof(coins_pt), cmp_pt);
    q[tail] = a, dist[tail++] = 0;
    int answer = -1;
    while (head < tail && answer < 0) {
        naive_cfg c = q[head];
        int d = dist[head++];
        if (memcmp(&c, &t, sizeof c) == 0) {
            answer = d;
            break;
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < ncells; j++) {
                coins_pt to = cells[j];
                bool occ = false;
                int adj = 0;
                for (int k = 0; k < n; k++) {
                    if (c.p[k].r == to.r && c.p[k].c == to.c) occ = true;
                    if (k != i && adjacent(l, to, c.p[k])) adj++;
                }
                if (occ || adj < 2) continue;
                naive_cfg x = c;
                x.p[i] = to;
                qsort(x.p, (size_t)n, sizeof(coins_pt), cmp_pt);
                bool seen = false;
                for (int k = 0; k < tail && !seen; k++) seen = memcmp(&q[k], &x, sizeof x) == 0;
                if (seen) continue;
                if (tail == cap) {
                    cap *= 2;
                    q = pl_xrealloc(q, (size_t)cap * sizeof *q);
                    dist = pl_xrealloc(dist, (size_t)cap * sizeof *dist);
                }
                q[tail] = x, dist[tail++] = d + 1;
            }
    }
    free(q);
    free(dist);
    return answer;
}

/* Runs algorithm name; a solved certificate must replay and reach the target.
 * Returns the length, -1 unsolvable, -2 unknown. */
static int run(const char *name, const void *level, uint64_t node_limit) {
    const pl_algorithm *a = gc_algorithm(G, name);
    if (!CHECKF(a != NULL, "algorithm %s", name)) return -2;
    gc_how how = {.node_limit = node_limit, .word = "move", .goal = "does not reach the target"};
    pl_solution sol;
    gc_solve(G, a, level, &how, &sol);
    int result = gc_length(&sol);
    pl_solution_free(&sol);
    return result;
}

static char *grid_text(pl_rng *rng, int rows, int cols, int n, bool walk, const char *grid) {
    char *t = pl_xmalloc(4096), *p = t;
    p += sprintf(p, "grid: %s\n", grid);
    /* walk: a few random swaps of the start, sometimes solvable */
    gc_coins_sections(rng, p, rows, cols, n, walk, false);
    return t;
}

static void exact_vs_naive(uint64_t seed) {
    pl_rng rng;
    int solved = 0, unsolvable = 0;
    for (int t = 0; t < 300; t++) {
        pl_rng_seed(&rng, seed + 1000 + (uint64_t)t);
        int rows = 2 + (int)pl_rng_below(&rng, 3), cols = 2 + (int)pl_rng_below(&rng, 3);
        int n = 3 + (int)pl_rng_below(&rng, 3);
        if (n > rows * cols - 1) n = rows * cols - 1;
        char *text = grid_text(&rng, rows, cols, n, pl_rng_below(&rng, 2), "square");
        check_context(true, seed + 1000 + (uint64_t)t, "%s", text);
        coins_level *l = gc_parse_loud(G, text);
        if (!CHECK(l != NULL)) {
            free(text);
            continue;
        }
        /* the naive search tries every cell of the start's bounding box */
        int r0 = 99, c0 = 99, r1 = -1, c1 = -1;
        for (int i = 0; i < l->n; i++) {
            if (l->start[i].r < r0) r0 = l->start[i].r;
            if (l->start[i].r > r1) r1 = l->start[i].r;
            if (l->start[i].c < c0) c0 = l->start[i].c;
            if (l->start[i].c > c1) c1 = l->start[i].c;
        }
        coins_pt cells[64];
        int nc = 0;
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) cells[nc++] = (coins_pt){r, c};
        int want = naive_bfs(l, cells, nc);
        int got = run("bidir", l, 0), base = run("bfs", l, 0);
        CHECK_INT(got, want);
        CHECK_INT(base, want);
        solved += want >= 0;
        unsolvable += want < 0;
        G->level_free(l);
        free(text);
    }
    /* graphs */
    for (int t = 0; t < 300; t++) {
        pl_rng_seed(&rng, seed + 5000 + (uint64_t)t);
        coins_level g;
        int nv = 5 + (int)pl_rng_below(&rng, 5);
        random_graph(&rng, &g, nv, 30 + (int)pl_rng_below(&rng, 40));
        int n = 3 + (int)pl_rng_below(&rng, 2);
        char text[2048], *p = text;
        p += sprintf(p, "grid: graph\nstart:");
        int perm[16];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < nv; i++) perm[i] = i;
            for (int i = 0; i < n; i++) {
                int j = i + (int)pl_rng_below(&rng, (uint64_t)(nv - i)), x = perm[i];
                perm[i] = perm[j], perm[j] = x;
                p += sprintf(p, " %d", perm[i]);
            }
            p += sprintf(p, pass ? "\n" : "\ntarget:");
        }
        p += sprintf(p, "edges:\n");
        for (int u = 0; u < nv; u++)
            for (int a = g.off[u]; a < g.off[u + 1]; a++)
                if (g.adj[a] > u) p += sprintf(p, "%d %d\n", u, g.adj[a]);
        p += sprintf(p, "%d %d\n", nv - 2, nv - 1); /* every vertex number used */
        free(g.off);
        free(g.adj);
        check_context(true, seed + 5000 + (uint64_t)t, "%s", text);
        coins_level *l = gc_parse_loud(G, text);
        if (!CHECK(l != NULL)) continue;
        coins_pt cells[16];
        for (int i = 0; i < l->nv; i++) cells[i] = (coins_pt){i, 0};
        int want = naive_bfs(l, cells, l->nv);
        CHECK_INT(run("bidir", l, 0), want);
        CHECK_INT(run("bfs", l, 0), want);
        solved += want >= 0;
        unsolvable += want < 0;
        G->level_free(l);
    }
    check_clear_context();
    printf("exact vs naive: %d solvable, %d unsolvable\n", solved, unsolvable);
}

/* Triangular: exhaustive answers only where the window cannot matter. */
static void triangular(void) {
    /* a triangle walks anywhere: the search finds the walk */
    coins_level *l =
        gc_parse_loud(G, "grid: triangular\nstart:\noo....\no.....\n......\ntarget:\n......\n...oo.\n...o..\n");
    CHECK(l != NULL);
    int got = run("bidir", l, 0);
    CHECK(got > 0);
    G->level_free(l);
    /* two coins: no move; Proposition 1.2 says unsolvable, and the search is exhaustive */
    l = gc_parse_loud(G, "grid: triangular\nstart:\no.o\ntarget:\noo.\n");
    CHECK_INT(run("bidir", l, 0), -1);
    G->level_free(l);
    /* no coin of the target has two neighbours: no backward move, so the
     * backward search is exhaustive even on the infinite lattice */
    l = gc_parse_loud(G, "grid: triangular\nstart:\noo.\no..\ntarget:\no.o\n.o.\n");
    CHECK_INT(run("bidir", l, 0), -1);
    G->level_free(l);
    /* the 4-star (unsolvable by Proposition 1.3, two moves away): triangles
     * walk out of any window, so the search must say unknown */
    l = gc_parse_loud(G, "grid: triangular\nstart:\noo.\noo.\n...\ntarget:\n.o.\n.oo\no..\n");
    int r = run("bidir", l, 0);
    CHECKF(r == -2, "triangular window must answer unknown (got %d)", r);
    G->level_free(l);
    /* translation + rotation */
    l = gc_parse_loud(G, "grid: triangular\ntarget-up-to: translation+rotation\nstart:\noo.\no..\ntarget:\n.o.\noo.\n");
    CHECK_INT(run("bidir", l, 0), 0);
    G->level_free(l);
}

static void letters(const char *dir) {
    static const char *const names[] = {"E-to-F", "K-to-L", "M-to-N", NULL};
    for (int i = 0; names[i]; i++) {
        char lp[1024], mp[1024];
        snprintf(lp, sizeof lp, "%s/%s.level", dir, names[i]);
        snprintf(mp, sizeof mp, "%s/%s.moves", dir, names[i]);
        pl_level_text lt;
        pl_error err = {0};
        if (!CHECKF(pl_level_text_read(lp, &lt, &err) == 0, "%s", err.msg)) continue;
        void *l = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
        pl_moves mv;
        if (!CHECKF(l && pl_moves_read(mp, &mv, &err) == 0, "%s", err.msg)) continue;
        check_context(false, 0, "%s", lp);
        CHECK_INT(run("bidir", l, 0), mv.n);
        pl_moves_free(&mv);
        G->level_free(l);
    }
    check_clear_context();
}

int main(int argc, char **argv) {
    uint64_t seed = check_seed_from_env(20240611);
    span_properties(seed);
    exact_vs_naive(seed);
    triangular();
    if (argc > 1) letters(argv[1]);
    return check_done("coins_exact");
}
