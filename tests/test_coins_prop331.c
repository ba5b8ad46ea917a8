/* Coin moving: Proposition 3.31 (Galliot 2019, Section 3.3.3) against
 * exhaustive search, on every small instance it applies to.
 *
 * The proposition: A labelled with exactly two coins over the minimum of
 * span(A), every rectangle of span(A) even, a 1x5 or 5x1 rectangle C with a
 * coin c on its centre p: while the span is kept, no coin other than c ever
 * stands on p; so a target with span(A) and another coin on p is unsolvable.
 *
 *  - Every such A on the spans C + S, S one of 16 small sets of even
 *    rectangles (none, 1x1, 1x3, 3x1, 2x2, 3x3, 2x4, 4x2, 1x5, 1x1 beside C,
 *    1x1 + 3x3, 4x4, 3x5, 5x3, 2x6, and C as 5x1 with a 3x3), all of them (every subset of
 *    the span of the right size whose span is the whole span): a breadth-first
 *    search over (coin set, position of c) with every legal move that keeps
 *    the span (the real game, not the pushing game) must never reach a state
 *    with p occupied by another coin. This search is written here, with its
 *    own span on 64-bit masks, independently of the library.
 *  - Controls, so that the search can fail: the same spans with three extra
 *    coins, and C with an odd 2x3, do put another coin on p.
 *  - The solver: for each A, targets made of reachable sets. With c moved
 *    elsewhere and another coin put on p (labels exchanged), `theorems`
 *    answers unsolvable citing Proposition 3.31, `info` says so, and the
 *    search above confirms the target is out of reach; with c kept on p (or
 *    p left empty), Proposition 3.31 claims nothing. On the smallest spans
 *    the bidirectional exact search of the library also answers unsolvable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/coins.h"

static const pl_game *G = &pl_game_coins;

#define W 8 /* the frame: 8 x 8 cells, bit r * 8 + c */
static const uint64_t COL0 = 0x0101010101010101ULL, COL7 = 0x8080808080808080ULL;

static uint64_t span_mask(uint64_t s) {
    for (;;) {
        uint64_t a = s << 8, b = s >> 8, c = (s << 1) & ~COL0, d = (s >> 1) & ~COL7;
        uint64_t two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
        if (!(two & ~s)) return s;
        s |= two;
    }
}

static int neighbours_in(uint64_t s, int cell) {
    int r = cell / W, c = cell % W, k = 0;
    if (r > 0) k += (int)(s >> (cell - W) & 1);
    if (r < W - 1) k += (int)(s >> (cell + W) & 1);
    if (c > 0) k += (int)(s >> (cell - 1) & 1);
    if (c < W - 1) k += (int)(s >> (cell + 1) & 1);
    return k;
}

/* ---------- a set of (mask, position of c) states ---------- */
typedef struct state {
    uint64_t m;
    int c;
} state;
typedef struct sset {
    state *k;
    uint8_t *used;
    size_t cap, n;
} sset;

static size_t st_hash(state s) {
    uint64_t x = s.m * 0x9E3779B97F4A7C15ULL ^ (uint64_t)s.c * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(x ^ x >> 31);
}
static bool ss_has(const sset *h, state s) {
    if (!h->cap) return false;
    for (size_t i = st_hash(s) & (h->cap - 1); h->used[i]; i = (i + 1) & (h->cap - 1))
        if (h->k[i].m == s.m && h->k[i].c == s.c) return true;
    return false;
}
static bool ss_add(sset *h, state s);
static void ss_grow(sset *h) {
    sset g = {0};
    g.cap = h->cap ? 2 * h->cap : 1024;
    g.k = malloc(g.cap * sizeof *g.k);
    g.used = calloc(g.cap, 1);
    for (size_t i = 0; i < h->cap; i++)
        if (h->used[i]) ss_add(&g, h->k[i]);
    free(h->k), free(h->used);
    *h = g;
}
static bool ss_add(sset *h, state s) {
    if (2 * (h->n + 1) > h->cap) ss_grow(h);
    size_t i = st_hash(s) & (h->cap - 1);
    for (; h->used[i]; i = (i + 1) & (h->cap - 1))
        if (h->k[i].m == s.m && h->k[i].c == s.c) return false;
    h->used[i] = 1;
    h->k[i] = s;
    h->n++;
    return true;
}

/* Every state reachable from (a, c) by moves keeping span(a) = span; list
 * gets them in order of discovery (caller frees). Returns how many. */
static size_t reach(uint64_t a, int c, uint64_t span, sset *seen, state **list) {
    size_t cap = 1024, n = 0;
    *list = malloc(cap * sizeof **list);
    ss_add(seen, (state){a, c});
    (*list)[n++] = (state){a, c};
    for (size_t head = 0; head < n; head++) {
        state s = (*list)[head];
        for (int from = 0; from < 64; from++) {
            if (!(s.m >> from & 1)) continue;
            uint64_t rest = s.m & ~(1ULL << from);
            uint64_t free_cells = span & ~s.m;
            for (int to = 0; to < 64; to++) {
                if (!(free_cells >> to & 1) || neighbours_in(rest, to) < 2) continue;
                uint64_t m2 = rest | 1ULL << to;
                if (span_mask(m2) != span) continue; /* the span shrinks: not what the proposition speaks of */
                state t = {m2, s.c == from ? to : s.c};
                if (!ss_add(seen, t)) continue;
                if (n == cap) *list = realloc(*list, (cap *= 2) * sizeof **list);
                (*list)[n++] = t;
            }
        }
    }
    return n;
}

/* ---------- spans ---------- */
typedef struct rectx {
    int r0, c0, h, w;
} rectx;
typedef struct shape {
    const char *name;
    int nr;
    rectx r[3]; /* r[0] is C */
    bool control_odd;
} shape;

static uint64_t rect_bits(rectx R) {
    uint64_t m = 0;
    for (int r = R.r0; r < R.r0 + R.h; r++)
        for (int c = R.c0; c < R.c0 + R.w; c++) m |= 1ULL << (r * W + c);
    return m;
}

static int minimum_of(const shape *s) {
    int k = 0;
    for (int i = 0; i < s->nr; i++) k += (s->r[i].h + s->r[i].w + 1) / 2;
    return k;
}

/* Next subset of the same size (Gosper's hack over the span's cells). */
static uint64_t next_comb(uint64_t x) {
    uint64_t u = x & -x, v = x + u;
    return v + (((v ^ x) / u) >> 2);
}

/* Spreads the low bits of idx onto the set bits of span. */
static uint64_t deposit(uint64_t idx, uint64_t span) {
    uint64_t out = 0;
    for (uint64_t b = 1; span; span &= span - 1, b <<= 1)
        if (idx & b) out |= span & -span;
    return out;
}

/* ---------- the solver on labelled levels ---------- */
static void level_text(uint64_t a, const char *alab, uint64_t b, const char *blab, char *buf, size_t n) {
    size_t at = (size_t)snprintf(buf, n, "grid: square\nstart:\n");
    for (int pass = 0; pass < 2; pass++) {
        uint64_t m = pass ? b : a;
        const char *lab = pass ? blab : alab;
        if (pass) at += (size_t)snprintf(buf + at, n - at, "target:\n");
        for (int r = 0; r < W; r++) {
            for (int c = 0; c < W; c++) buf[at++] = m >> (r * W + c) & 1 ? lab[r * W + c] : '.';
            buf[at++] = '\n';
        }
    }
    buf[at] = 0;
}

typedef struct tally {
    long instances, states, conflicts, solver_unsolvable, kept, bidir_unsolvable, control_hits;
} tally;

/* Labels of B for the reachable set m with c on cpos: a coin that stands
 * still keeps its label, c's goes to cpos, the others' fill the rest in
 * cell order. */
static void carry_labels(uint64_t a, const char *alab, int p, uint64_t m, int cpos, char *blab) {
    char others[64];
    int no = 0, o = 0;
    for (int i = 0; i < 64; i++)
        if (a >> i & 1 && i != p && !(m >> i & 1 && i != cpos)) others[no++] = alab[i];
    for (int i = 0; i < 64; i++) {
        if (!(m >> i & 1))
            blab[i] = '.';
        else if (i == cpos)
            blab[i] = alab[p];
        else if (a >> i & 1 && i != p)
            blab[i] = alab[i];
        else
            blab[i] = others[o++];
    }
}

/* The proposition's verdict in info: "unsolvable:" or "applies:". */
static void check_info(const shape *sh, const void *l, const char *want, const char *text) {
    json_t *info = json_object();
    G->level_info(l, info);
    const char *v = json_string_value(json_object_get(info, "prop_3_31"));
    CHECKF(v && strncmp(v, want, strlen(want)) == 0, "%s: info prop_3_31 = %s, expected %s...\n%s", sh->name,
           v ? v : "(none)", want, text);
    json_decref(info);
}

static void solver_checks(const shape *sh, uint64_t a, int p, uint64_t span, const state *list, size_t n,
                          const sset *seen, tally *t, bool run_bidir) {
    char alab[64], blab[64], text[1024];
    char next = 'a';
    for (int i = 0; i < 64; i++) alab[i] = a >> i & 1 ? next++ : '.';
    int conflicts = 0, elsewhere = 0;
    for (size_t k = 0; k < n; k++) {
        state s = list[k];
        if (s.m == a && s.c == p) continue;
        if (s.c == p && conflicts < 2) {
            /* exchange c's label with that of a coin q that Proposition 3.11
             * does not pin (two neighbours in the span) */
            int q = -1;
            for (int i = 0; i < 64 && q < 0; i++)
                if (s.m >> i & 1 && i != p && neighbours_in(span, i) >= 2) q = i;
            if (q < 0) continue;
            CHECKF(!ss_has(seen, (state){s.m, q}), "%s: exact search reaches a target Proposition 3.31 excludes",
                   sh->name);
            carry_labels(a, alab, p, s.m, p, blab);
            char tmp = blab[p];
            blab[p] = blab[q], blab[q] = tmp;
            level_text(a, alab, s.m, blab, text, sizeof text);
            void *l = gc_parse_loud(G, text);
            if (!l) continue;
            pl_solution sol;
            gc_how how = {.node_limit = 2000000, .word = "move", .goal = "does not reach the target"};
            pl_status st = gc_solve(G, gc_algorithm(G, "theorems"), l, &how, &sol);
            bool says = st == PL_UNSOLVABLE && strstr(sol.note, "Proposition 3.31") != NULL;
            CHECKF(says, "%s: theorems should cite Proposition 3.31: %s\n%s", sh->name, sol.note, text);
            t->solver_unsolvable += says;
            t->conflicts++;
            pl_solution_free(&sol);
            check_info(sh, l, "unsolvable:", text);
            if (run_bidir && conflicts == 0) {
                gc_how hb = {.node_limit = 3000000, .word = "move", .goal = "does not reach the target"};
                pl_status sb = gc_solve(G, gc_algorithm(G, "bidir"), l, &hb, &sol);
                CHECKF(sb == PL_UNSOLVABLE, "%s: bidir gives %d\n%s", sh->name, (int)sb, text);
                t->bidir_unsolvable += sb == PL_UNSOLVABLE;
                pl_solution_free(&sol);
            }
            G->level_free(l);
            conflicts++;
        }
        /* the reachable target itself: the proposition claims nothing */
        if (s.c == p || elsewhere < 2) {
            carry_labels(a, alab, p, s.m, s.c, blab);
            level_text(a, alab, s.m, blab, text, sizeof text);
            void *l = gc_parse_loud(G, text);
            if (!l) continue;
            check_info(sh, l, "applies:", text);
            G->level_free(l);
            t->kept++;
            elsewhere += s.c != p;
        }
    }
}

/* All A on the shape with `extra` coins over the minimum and a coin on the
 * centre; the search from each. Returns the number of A. */
static long run_shape(const shape *sh, int extra, tally *t, bool solver) {
    uint64_t span = 0;
    for (int i = 0; i < sh->nr; i++) span |= rect_bits(sh->r[i]);
    rectx C = sh->r[0];
    int p = (C.r0 + C.h / 2) * W + C.c0 + C.w / 2;
    int cells = __builtin_popcountll(span), k = minimum_of(sh) + extra;
    long count = 0;
    if (k > cells) return 0;
    sset seen = {0};
    for (uint64_t idx = (1ULL << k) - 1; idx < (1ULL << cells); idx = next_comb(idx)) {
        uint64_t a = deposit(idx, span);
        if (!(a >> p & 1) || span_mask(a) != span) continue;
        count++;
        if (ss_has(&seen, (state){a, p})) continue; /* already explored from an earlier A */
        state *list;
        size_t n = reach(a, p, span, &seen, &list);
        t->states += (long)n;
        bool other = false;
        for (size_t i = 0; i < n && !other; i++) other = list[i].c != p && (list[i].m >> p & 1);
        if (extra == 2 && !sh->control_odd) {
            CHECKF(!other, "%s: another coin reaches the centre (A = %#llx)", sh->name, (unsigned long long)a);
            bool small = sh->nr == 2 && sh->r[1].h * sh->r[1].w <= 4;
            if (solver) solver_checks(sh, a, p, span, list, n, &seen, t, small);
        } else {
            t->control_hits += other;
        }
        free(list);
    }
    free(seen.k), free(seen.used);
    return count;
}

int main(void) {
    /* C is r[0]; the other rectangles at distance >= 3 from it and each other */
    static const shape shapes[] = {
        {"1x5", 1, {{0, 0, 1, 5}}, false},
        {"1x5 + 1x1", 2, {{0, 0, 1, 5}, {3, 0, 1, 1}}, false},
        {"1x5 + 1x3", 2, {{0, 0, 1, 5}, {3, 0, 1, 3}}, false},
        {"1x5 + 3x1", 2, {{0, 0, 1, 5}, {3, 0, 3, 1}}, false},
        {"1x5 + 2x2", 2, {{0, 0, 1, 5}, {3, 0, 2, 2}}, false},
        {"1x5 + 3x3", 2, {{0, 0, 1, 5}, {3, 1, 3, 3}}, false},
        {"1x5 + 2x4", 2, {{0, 0, 1, 5}, {3, 0, 2, 4}}, false},
        {"1x5 + 4x2", 2, {{0, 0, 1, 5}, {3, 2, 4, 2}}, false},
        {"1x5 + 1x5", 2, {{0, 0, 1, 5}, {3, 1, 1, 5}}, false},
        {"1x5 + 1x1 beside", 2, {{0, 0, 1, 5}, {0, 7, 1, 1}}, false},
        {"1x5 + 1x1 + 3x3", 3, {{0, 0, 1, 5}, {3, 0, 1, 1}, {3, 3, 3, 3}}, false},
        {"1x5 + 4x4", 2, {{0, 0, 1, 5}, {3, 0, 4, 4}}, false},
        {"5x1 + 3x3", 2, {{0, 0, 5, 1}, {0, 3, 3, 3}}, false},
        {"1x5 + 3x5", 2, {{0, 0, 1, 5}, {3, 0, 3, 5}}, false},
        {"1x5 + 5x3", 2, {{0, 0, 1, 5}, {3, 0, 5, 3}}, false},
        {"1x5 + 2x6", 2, {{0, 0, 1, 5}, {3, 0, 2, 6}}, false},
        {"1x5 + 2x3 (odd: control)", 2, {{0, 0, 1, 5}, {3, 0, 2, 3}}, true},
    };
    int ns = (int)(sizeof shapes / sizeof shapes[0]);
    tally t = {0};
    long controls = 0;
    for (int i = 0; i < ns; i++) {
        long a = run_shape(&shapes[i], 2, &t, true);
        if (!shapes[i].control_odd) t.instances += a;
        printf("  %-26s two extra: %6ld configurations A\n", shapes[i].name, a);
        if (shapes[i].control_odd) controls += a;
    }
    /* three extra coins: the proposition no longer holds */
    for (int i = 1; i < ns; i++)
        if (!shapes[i].control_odd && shapes[i].r[1].h * shapes[i].r[1].w <= 9)
            controls += run_shape(&shapes[i], 3, &t, false);
    printf("prop 3.31: %ld configurations A, %ld states searched, %ld conflicting targets (theorems: %ld unsolvable, "
           "bidir: %ld unsolvable), %ld targets where it claims nothing; controls: %ld configurations, %ld put "
           "another coin on the centre\n",
           t.instances, t.states, t.conflicts, t.solver_unsolvable, t.bidir_unsolvable, t.kept, controls,
           t.control_hits);
    CHECK(t.instances > 1000);
    CHECK(t.conflicts > 100);
    CHECK(t.kept > 100);
    CHECK(t.bidir_unsolvable > 0);
    CHECK(t.control_hits > 0);
    return check_done("coins_prop331");
}
