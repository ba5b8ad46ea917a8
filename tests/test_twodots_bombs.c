/* Two Dots with `bombs: on` (the commercial rule of the paper's footnote 2):
 * the exact search against a brute force written here from the rule's text,
 * sharing no code with src/games/twodots/ (its own board, gravity, path and
 * cycle enumeration, and its own test for "inside a cycle": a flood fill from
 * the border on a doubled grid, where the rules code casts rays).
 *
 * The rule (docs/formats.md): a cyclic move's dots strictly inside the cycle,
 * of any colour, become bombs and are collected; every dot of the cycle's
 * colour is removed and collected; the dots (bombs too) fall; each bomb then
 * destroys itself and its 8-neighbourhood, collecting the dots there; the dots
 * fall again. Regular moves are as without bombs.
 *
 * On 2000 seeded random boards of 3x3 to 4x4 cells, two or three colours
 * (one of them dominant, and half of the boards with a ring of it planted
 * around other colours, so that cycles enclosing dots are common), K = 0..3
 * (0..2 above 12 cells), one to three goals (the minority colours first,
 * half of their dots or more), the brute force's minimum number of moves
 * must equal the exact search's, and the exact search's certificate must
 * replay through the descriptor (as verify does). The brute force remembers
 * the states that failed (board and goals missing -> moves), nothing else.
 * A fifth of the levels are also solved with the same board and bombs off,
 * and the test checks that the two rules really differ on some of them (so
 * the bombs are exercised). Seeded (PL_TEST_SEED replays another run); a
 * failure prints the seed and level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/twodots.h"
#include "twodots_inside.h"

static const pl_game *G = &pl_game_twodots;

#define MAXR 4
#define MAXC 4
#define MAXN (MAXR * MAXC)
#define MAXG 3

/* ---------- the brute force ---------- */
typedef struct bf {
    int rows, cols, ngoals;
    bool bombs;
    char goal[MAXG];
} bf;

typedef struct effect {
    char board[MAXN + 1];
    int got[MAXG];
} effect;

static void bf_fall(const bf *b, char *g) {
    for (int c = 0; c < b->cols; c++) {
        char keep[MAXR];
        int k = 0;
        for (int r = b->rows - 1; r >= 0; r--)
            if (g[r * b->cols + c] != '.') keep[k++] = g[r * b->cols + c];
        for (int r = b->rows - 1, i = 0; r >= 0; r--, i++) g[r * b->cols + c] = i < k ? keep[i] : '.';
    }
}

static void bf_collect(const bf *b, char colour, int *got) {
    for (int k = 0; k < b->ngoals; k++)
        if (b->goal[k] == colour) got[k]++;
}

/* Inside the cycle cyc[0..len-1]: on a (2R+1) x (2C+1) lattice the cell
 * (r, c) is the point (2r+1, 2c+1) and the cycle's sides are drawn through
 * the midpoints; a flood fill from the lattice's border over undrawn points
 * reaches exactly the outside. */
static void bf_inside(const bf *b, const int *cyc, int len, bool *inside) {
    td_cycle_inside(b->rows, b->cols, cyc, len, inside);
}

static void bf_regular(const bf *b, const char *g, const int *path, int len, effect *e) {
    memcpy(e->board, g, (size_t)(b->rows * b->cols));
    memset(e->got, 0, sizeof e->got);
    for (int i = 0; i < len; i++) {
        bf_collect(b, g[path[i]], e->got);
        e->board[path[i]] = '.';
    }
    bf_fall(b, e->board);
}

static bool enclosing_seen; /* a cyclic move enclosed a dot (this level) */

static void bf_cyclic(const bf *b, const char *g, const int *cyc, int len, effect *e) {
    int n = b->rows * b->cols;
    char colour = g[cyc[0]];
    memcpy(e->board, g, (size_t)n);
    memset(e->got, 0, sizeof e->got);
    bool inside[MAXN];
    bool any = false;
    if (b->bombs) {
        bf_inside(b, cyc, len, inside);
        for (int i = 0; i < n; i++)
            if (inside[i] && e->board[i] != '.') {
                bf_collect(b, e->board[i], e->got);
                e->board[i] = '*';
                any = true;
            }
        enclosing_seen |= any;
    }
    for (int i = 0; i < n; i++)
        if (e->board[i] == colour) {
            bf_collect(b, colour, e->got);
            e->board[i] = '.';
        }
    bf_fall(b, e->board);
    if (!any) return;
    bool blast[MAXN] = {false};
    for (int i = 0; i < n; i++) {
        if (e->board[i] != '*') continue;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                int r = i / b->cols + dr, c = i % b->cols + dc;
                if (r >= 0 && c >= 0 && r < b->rows && c < b->cols) blast[r * b->cols + c] = true;
            }
    }
    for (int i = 0; i < n; i++)
        if (blast[i] && e->board[i] != '.') {
            if (e->board[i] != '*') bf_collect(b, e->board[i], e->got);
            e->board[i] = '.';
        }
    bf_fall(b, e->board);
}

/* every move as its effect, deduplicated (a hash set of effect numbers) */
typedef struct effects {
    effect *e;
    int n, cap;
    int *slot, nslot; /* -1: empty; nslot a power of two */
    int cells;
} effects;

static unsigned effect_hash(const effect *e, int cells) {
    unsigned h = 2166136261u;
    for (int i = 0; i < cells; i++) h = (h ^ (unsigned char)e->board[i]) * 16777619u;
    for (int k = 0; k < MAXG; k++) h = (h ^ (unsigned)e->got[k]) * 16777619u;
    return h;
}

static bool same_effect(const effect *a, const effect *b, int cells) {
    return memcmp(a->board, b->board, (size_t)cells) == 0 && memcmp(a->got, b->got, sizeof a->got) == 0;
}

static void add_effect(effects *es, const effect *e) {
    if (2 * (es->n + 1) > es->nslot) {
        free(es->slot);
        es->nslot = es->nslot ? 2 * es->nslot : 256;
        es->slot = malloc((size_t)es->nslot * sizeof *es->slot);
        for (int i = 0; i < es->nslot; i++) es->slot[i] = -1;
        for (int j = 0; j < es->n; j++) {
            unsigned i = effect_hash(&es->e[j], es->cells) & (unsigned)(es->nslot - 1);
            while (es->slot[i] >= 0) i = (i + 1) & (unsigned)(es->nslot - 1);
            es->slot[i] = j;
        }
    }
    unsigned i = effect_hash(e, es->cells) & (unsigned)(es->nslot - 1);
    for (; es->slot[i] >= 0; i = (i + 1) & (unsigned)(es->nslot - 1))
        if (same_effect(&es->e[es->slot[i]], e, es->cells)) return;
    if (es->n == es->cap) {
        es->cap = 2 * es->cap + 64;
        es->e = realloc(es->e, (size_t)es->cap * sizeof *es->e);
    }
    es->slot[i] = es->n;
    es->e[es->n++] = *e;
}

static void bf_paths(const bf *b, const char *g, int *path, int len, bool *on, effects *es) {
    static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int u = path[len - 1];
    effect e;
    if (len >= 2) {
        bf_regular(b, g, path, len, &e);
        add_effect(es, &e);
    }
    for (int d = 0; d < 4; d++) {
        int r = u / b->cols + d4[d][0], c = u % b->cols + d4[d][1];
        if (r < 0 || c < 0 || r >= b->rows || c >= b->cols) continue;
        int y = r * b->cols + c;
        if (g[y] != g[path[0]]) continue;
        if (on[y]) {
            /* the move path[0..len-1] y: cyclic when y = path[j] with j+1 <= (len+1)-4 */
            for (int j = 0; j + 4 <= len; j++)
                if (path[j] == y) {
                    bf_cyclic(b, g, path + j, len - j, &e);
                    add_effect(es, &e);
                }
            continue;
        }
        on[y] = true;
        path[len] = y;
        bf_paths(b, g, path, len + 1, on, es);
        on[y] = false;
    }
}

/* States known to fail: (board, goals missing) -> the most moves it failed
 * with; a state that fails with L moves fails with fewer. Cleared per level
 * by a generation stamp; a full table just stops remembering. */
#define MEMO_SLOTS (1 << 16)
typedef struct memo_slot {
    unsigned gen;
    char board[MAXN];
    int need[MAXG], left;
} memo_slot;
static memo_slot memo[MEMO_SLOTS];
static unsigned memo_gen = 1;

static memo_slot *memo_find(const bf *b, const char *g, const int *need, bool *found) {
    int n = b->rows * b->cols, nn[MAXG] = {0};
    for (int k = 0; k < b->ngoals; k++) nn[k] = need[k] > 0 ? need[k] : 0;
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++) h = (h ^ (unsigned char)g[i]) * 16777619u;
    for (int k = 0; k < MAXG; k++) h = (h ^ (unsigned)nn[k]) * 16777619u;
    for (int probe = 0; probe < 16; probe++) {
        memo_slot *m = &memo[(h + (unsigned)probe) & (MEMO_SLOTS - 1)];
        if (m->gen != memo_gen) {
            m->gen = memo_gen;
            memcpy(m->board, g, (size_t)n);
            memcpy(m->need, nn, sizeof nn);
            m->left = -1;
            *found = false;
            return m;
        }
        if (memcmp(m->board, g, (size_t)n) == 0 && memcmp(m->need, nn, sizeof nn) == 0) {
            *found = true;
            return m;
        }
    }
    return NULL;
}

static bool bf_win(const bf *b, const char *g, const int *need, int left) {
    bool done = true;
    for (int k = 0; k < b->ngoals; k++) done = done && need[k] <= 0;
    if (done) return true;
    if (left == 0) return false;
    bool known;
    memo_slot *m = memo_find(b, g, need, &known);
    if (m && known && m->left >= left) return false;
    int n = b->rows * b->cols, path[MAXN + 1];
    bool on[MAXN] = {false};
    effects es = {.cells = n};
    for (int i = 0; i < n; i++) {
        if (g[i] == '.') continue;
        path[0] = i;
        on[i] = true;
        bf_paths(b, g, path, 1, on, &es);
        on[i] = false;
    }
    bool win = false;
    for (int i = 0; i < es.n && !win; i++) {
        int nn[MAXG];
        for (int k = 0; k < b->ngoals; k++) nn[k] = need[k] - es.e[i].got[k];
        win = bf_win(b, es.e[i].board, nn, left - 1);
    }
    free(es.e);
    free(es.slot);
    if (!win && m && m->left < left) m->left = left; /* a claimed slot keeps its state */
    return win;
}

/* ---------- the comparison ---------- */
/* The exact search's status and certificate length; the certificate must
 * replay and meet the goals. */
static pl_status exact(void *level, int *moves) {
    gc_how how = {.word = "move", .goal = "does not meet the goals"};
    pl_solution sol;
    pl_status s = gc_solve(G, gc_algorithm(G, "exact"), level, &how, &sol);
    *moves = s == PL_SOLVED ? sol.moves.n : -1;
    pl_solution_free(&sol);
    return s;
}

int main(void) {
    uint64_t base = check_seed_from_env(20261122);
    int counts[2] = {0, 0}, differ = 0, bomb_wins = 0, enclosing = 0;
    const int levels = 2000;
    for (int it = 0; it < levels; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bf b = {.rows = 3 + (int)pl_rng_below(&rng, 2), .cols = 3 + (int)pl_rng_below(&rng, 2), .bombs = true};
        int n = b.rows * b.cols, colours = 2 + (int)pl_rng_below(&rng, 2);
        char g[MAXN + 1];
        /* 'a' dominant (65%) so that rings form; the rest uniform */
        for (int i = 0; i < n; i++)
            g[i] = pl_rng_below(&rng, 100) < 65 ? 'a' : (char)('b' + pl_rng_below(&rng, (uint64_t)(colours - 1)));
        if (pl_rng_below(&rng, 2)) {
            /* half the levels get a ring of 'a' around other colours, somewhere */
            int h = 3 + (int)pl_rng_below(&rng, (uint64_t)(b.rows - 2)),
                w = 3 + (int)pl_rng_below(&rng, (uint64_t)(b.cols - 2));
            int r0 = (int)pl_rng_below(&rng, (uint64_t)(b.rows - h + 1)),
                c0 = (int)pl_rng_below(&rng, (uint64_t)(b.cols - w + 1));
            for (int r = r0; r < r0 + h; r++)
                for (int c = c0; c < c0 + w; c++) {
                    bool edge = r == r0 || c == c0 || r == r0 + h - 1 || c == c0 + w - 1;
                    g[r * b.cols + c] = edge ? 'a' : (char)('b' + pl_rng_below(&rng, (uint64_t)(colours - 1)));
                }
        }
        int K = (int)pl_rng_below(&rng, n > 12 ? 3 : 4), need[MAXG]; /* the brute force's cost grows fast */
        b.ngoals = 1 + (int)pl_rng_below(&rng, (uint64_t)colours);
        char text[512];
        int p = sprintf(text, "bombs: on\nmoves: %d\n", K);
        for (int k = 0; k < b.ngoals; k++) {
            /* goals on the minority colours first: those the bombs help */
            b.goal[k] = (char)('a' + (k + 1) % colours);
            int have = 0;
            for (int i = 0; i < n; i++) have += g[i] == b.goal[k];
            need[k] = (have + 1) / 2 + (int)pl_rng_below(&rng, (uint64_t)(have / 2 + 2));
            p += sprintf(text + p, "goal: %c %d\n", b.goal[k], need[k]);
        }
        p += sprintf(text + p, "board:\n");
        for (int r = 0; r < b.rows; r++) {
            memcpy(text + p, g + r * b.cols, (size_t)b.cols);
            p += b.cols;
            text[p++] = '\n';
        }
        text[p] = '\0';
        check_context(true, seed, "%s", text);
        int want = -1;
        enclosing_seen = false;
        memo_gen++; /* the board changed */
        for (int k = 0; k <= K && want < 0; k++)
            if (bf_win(&b, g, need, k)) want = k;
        void *level = gc_parse(G, text);
        if (!CHECK(level != NULL)) continue;
        int got;
        pl_status s = exact(level, &got);
        CHECKF(s == (want >= 0 ? PL_SOLVED : PL_UNSOLVABLE), "exact says %s, brute force minimum %d", pl_status_name(s),
               want);
        if (s == PL_SOLVED) CHECKF(got == want, "exact: %d moves, brute force %d", got, want);
        counts[want >= 0]++;
        enclosing += enclosing_seen;
        G->level_free(level);
        if (it % 5 == 0) {
            /* the same board without bombs, through the same brute force */
            b.bombs = false;
            memo_gen++; /* the rule changed */
            int off = -1;
            for (int k = 0; k <= K && off < 0; k++)
                if (bf_win(&b, g, need, k)) off = k;
            char t2[520];
            snprintf(t2, sizeof t2, "bombs: off\n%s", text + strlen("bombs: on\n"));
            level = gc_parse(G, t2);
            if (CHECK(level != NULL)) {
                pl_status s2 = exact(level, &got);
                CHECKF(s2 == (off >= 0 ? PL_SOLVED : PL_UNSOLVABLE), "bombs off: exact says %s, brute force %d",
                       pl_status_name(s2), off);
                if (s2 == PL_SOLVED) CHECKF(got == off, "bombs off: exact %d moves, brute force %d", got, off);
                G->level_free(level);
            }
            differ += off != want;
            bomb_wins += want >= 0 && (off < 0 || want < off);
        }
        check_clear_context();
    }
    printf("bombs on vs brute force: %d solvable, %d unsolvable; %d searches met a cycle enclosing dots; on the "
           "levels also run with bombs off the answers differ on %d (bombs better on %d)\n",
           counts[1], counts[0], enclosing, differ, bomb_wins);
    CHECK(counts[0] > 200 && counts[1] > 200);
    CHECKF(enclosing > 300, "only %d levels met a cycle enclosing dots", enclosing);
    CHECKF(bomb_wins > 5, "the bombs made a difference on only %d levels", bomb_wins);
    return check_done("test_twodots_bombs");
}
