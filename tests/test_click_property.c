/* Property test of the clickomania exact solver and rules.
 *
 * For thousands of seeded random small boards (rows 1..4, columns 1..5,
 * colours 2..4; full, ragged and "stacked pairs" boards, so that some are
 * clearable and some not):
 *   - the rules (click_click_at on the column representation) agree click by
 *     click with a naive engine written here independently (a row-major char
 *     grid with its own flood fill, gravity and column shift);
 *   - for each objective (clear, max, score) click_solve_exact's certificate
 *     replays through the descriptor (state_new / move_apply / finish) and
 *     through the naive engine, legally, to exactly the claimed removed/score;
 *   - its optimum (clear decision, max removed, max score) equals the one of a
 *     naive brute force over every click sequence (plain recursion, no memo).
 * Then: node, time and memory limits make the answer unknown (or not optimal).
 *
 * The base seed is a constant, overridden by the environment variable
 * PL_TEST_SEED; PL_TEST_COUNT changes the number of boards. A failure prints
 * the seed, the board's index and the board. */
#include "game_check.h"

#include "puzzlelab/clickomania.h"

static const pl_game *G = &pl_game_clickomania;

/* The exact solver, looked up by name: auto puts the paper's one-line
 * algorithms before it. */
static const pl_algorithm *exact_algorithm(void) {
    const pl_algorithm *a = gc_algorithm(G, "exact");
    if (!a) abort();
    return a;
}

#define DEFAULT_SEED 20240611u
#define DEFAULT_COUNT 2000

/* ---------- an independent RNG (splitmix64) ---------- */

static uint64_t rng_next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static int rng_below(uint64_t *s, int n) { return (int)(rng_next(s) % (uint64_t)n); }

/* ---------- the naive engine ---------- */

#define NB_MAX 64

typedef struct nboard {
    int rows, cols;
    char g[NB_MAX]; /* g[r * cols + c], row 0 at the top, '.' empty */
} nboard;

static int nb_blocks(const nboard *b) {
    int n = 0;
    for (int i = 0; i < b->rows * b->cols; i++) n += b->g[i] != '.';
    return n;
}

/* Marks the 4-connected same-coloured set of (r, c); returns its size. */
static int nb_flood(const nboard *b, int r, int c, unsigned char *mark) {
    char colour = b->g[r * b->cols + c];
    int todo[NB_MAX], n = 0, size = 0;
    todo[n++] = r * b->cols + c;
    mark[r * b->cols + c] = 1;
    while (n) {
        int i = todo[--n];
        int rr = i / b->cols, cc = i % b->cols;
        size++;
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; d++) {
            int r2 = rr + dr[d], c2 = cc + dc[d];
            if (r2 < 0 || r2 >= b->rows || c2 < 0 || c2 >= b->cols) continue;
            int j = r2 * b->cols + c2;
            if (!mark[j] && b->g[j] == colour) {
                mark[j] = 1;
                todo[n++] = j;
            }
        }
    }
    return size;
}

/* Blocks fall to the bottom of their column; empty columns close up to the left. */
static void nb_settle(nboard *b) {
    for (int c = 0; c < b->cols; c++) {
        int w = b->rows - 1;
        for (int r = b->rows - 1; r >= 0; r--) {
            char ch = b->g[r * b->cols + c];
            if (ch != '.') {
                b->g[r * b->cols + c] = '.';
                b->g[w * b->cols + c] = ch;
                w--;
            }
        }
    }
    int k = 0;
    for (int c = 0; c < b->cols; c++) {
        if (b->g[(b->rows - 1) * b->cols + c] == '.') continue; /* settled: empty iff its bottom is */
        if (k != c)
            for (int r = 0; r < b->rows; r++) {
                b->g[r * b->cols + k] = b->g[r * b->cols + c];
                b->g[r * b->cols + c] = '.';
            }
        k++;
    }
}

/* Like click_click_at: 0 for empty/outside, 1 (no change) for a single block,
 * else removes the group and returns its size. */
static int nb_click(nboard *b, int r, int c) {
    if (r < 0 || c < 0 || r >= b->rows || c >= b->cols || b->g[r * b->cols + c] == '.') return 0;
    unsigned char mark[NB_MAX] = {0};
    int n = nb_flood(b, r, c, mark);
    if (n < 2) return n;
    for (int i = 0; i < b->rows * b->cols; i++)
        if (mark[i]) b->g[i] = '.';
    nb_settle(b);
    return n;
}

static void nb_text(const nboard *b, char *out) {
    char *p = out;
    for (int r = 0; r < b->rows; r++) {
        memcpy(p, b->g + r * b->cols, (size_t)b->cols);
        p += b->cols;
        *p++ = '\n';
    }
    *p = '\0';
}

/* ---------- the naive brute force ---------- */

typedef struct brute_result {
    bool clearable;
    int max_removed;
    long long max_score;
    long nodes;
} brute_result;

static void brute(const nboard *b, int removed, long long score, brute_result *res) {
    res->nodes++;
    if (removed > res->max_removed) res->max_removed = removed;
    if (score > res->max_score) res->max_score = score;
    int blocks = nb_blocks(b);
    if (blocks == 0) {
        res->clearable = true;
        return;
    }
    unsigned char seen[NB_MAX] = {0};
    for (int i = 0; i < b->rows * b->cols; i++) {
        if (b->g[i] == '.' || seen[i]) continue;
        unsigned char mark[NB_MAX] = {0};
        int n = nb_flood(b, i / b->cols, i % b->cols, mark);
        for (int j = 0; j < b->rows * b->cols; j++) seen[j] |= mark[j];
        if (n < 2) continue;
        nboard child = *b;
        for (int j = 0; j < b->rows * b->cols; j++)
            if (mark[j]) child.g[j] = '.';
        nb_settle(&child);
        long long gain = (long long)(n - 2) * (n - 2) + (n == blocks ? 1000 : 0);
        brute(&child, removed + n, score + gain, res);
    }
}

/* ---------- random boards ---------- */

static const char colours[] = "abcd";

/* The shapes of a phase of the test. */
typedef struct phase {
    const char *name;
    int count; /* boards, before PL_TEST_COUNT scaling */
    int min_rows, max_rows, min_cols, max_cols, min_k, max_k;
} phase;

/* Fills b with a random settled board; returns a short description of its kind. */
static const char *random_board(uint64_t *s, const phase *ph, nboard *b) {
    int kind = rng_below(s, 4);
    b->rows = ph->min_rows + rng_below(s, ph->max_rows - ph->min_rows + 1);
    b->cols = ph->min_cols + rng_below(s, ph->max_cols - ph->min_cols + 1);
    int k = ph->min_k + rng_below(s, ph->max_k - ph->min_k + 1);
    memset(b->g, '.', sizeof b->g);
    switch (kind) {
    case 0: /* full rectangle, like the generator */
        for (int i = 0; i < b->rows * b->cols; i++) b->g[i] = colours[rng_below(s, k)];
        return "full";
    case 1: { /* ragged: random width, random column heights */
        int width = 1 + rng_below(s, b->cols);
        for (int c = 0; c < width; c++) {
            int h = 1 + rng_below(s, b->rows);
            for (int r = b->rows - h; r < b->rows; r++) b->g[r * b->cols + c] = colours[rng_below(s, k)];
        }
        return "ragged";
    }
    case 2: { /* stacks of vertical same-coloured pairs: always clearable */
        if (b->rows < 2) b->rows = 2;
        int width = 1 + rng_below(s, b->cols);
        for (int c = 0; c < width; c++) {
            int pairs = 1 + rng_below(s, b->rows / 2);
            for (int p = 0; p < pairs; p++) {
                char ch = colours[rng_below(s, k)];
                int r = b->rows - 1 - 2 * p;
                b->g[r * b->cols + c] = ch;
                b->g[(r - 1) * b->cols + c] = ch;
            }
        }
        return "pairs";
    }
    default: /* two colours, full: often clearable */
        for (int i = 0; i < b->rows * b->cols; i++) b->g[i] = colours[rng_below(s, 2)];
        return "full, 2 colours";
    }
}

static click_level *load(const char *text) {
    char msg[1024];
    click_level *l = gc_parse_msg(G, "prop.level", text, msg, sizeof msg);
    if (!l) CHECKF(0, "level: %s", msg);
    return l;
}

/* ---------- checks per board ---------- */

static const char *const obj_name[3] = {"clear", "max", "score"};

/* The rules against the naive engine on a random walk of clicks (any cell). */
static void differential_walk(const click_level *l, const nboard *start, uint64_t *s) {
    click_board b;
    click_board_init(&b, l->board.rows, l->board.cols, l->board.ncolours);
    click_board_copy(&b, &l->board);
    click_scratch sc;
    click_scratch_init(&sc, b.rows, b.cols);
    nboard n = *start;
    char want[NB_MAX * 2 + 8];
    for (int step = 0; step < 12 && b.blocks > 0; step++) {
        int r = rng_below(s, b.rows + 1) - (step == 5 ? 1 : 0), c = rng_below(s, b.cols + 1);
        int got = click_click_at(&b, &sc, r, c);
        int exp = nb_click(&n, r, c);
        CHECKF(got == exp, "click %d,%d (step %d): click_click_at %d, naive %d", r, c, step + 1, got, exp);
        char *t = click_board_text(l, &b);
        nb_text(&n, want);
        CHECKF(strcmp(t, want) == 0, "after click %d,%d (step %d):\n%s  naive:\n%s", r, c, step + 1, t, want);
        free(t);
        CHECK_INT(b.blocks, nb_blocks(&n));
        if (got != exp || b.blocks != nb_blocks(&n)) break;
    }
    click_scratch_free(&sc);
    click_board_free(&b);
}

/* Replays res's certificate through the descriptor and the naive engine;
 * checks legality and the claimed values. Returns true when all moves are legal. */
static bool replay(const click_level *l, const nboard *start, int obj, const click_exact_result *res,
                   pl_verdict *out) {
    void *st = G->state_new(l);
    nboard n = *start;
    bool legal = true;
    long long removed = 0, score = 0;
    int blocks = nb_blocks(&n);
    for (int i = 0; i < res->nmoves; i++) {
        char mv[32], reason[256] = "";
        int col = 0;
        click_move_text(&l->board, res->move_col[i], res->move_h[i], mv, sizeof mv);
        pl_move_result r = G->move_apply(st, mv, reason, sizeof reason, &col);
        CHECKF(r == PL_MOVE_OK, "%s: certificate move %d (%s) rejected: %s", obj_name[obj], i + 1, mv, reason);
        int rr, cc;
        CHECK(sscanf(mv, "%d,%d", &rr, &cc) == 2);
        int sz = nb_click(&n, rr, cc);
        CHECKF(sz >= 2, "%s: certificate move %d (%s) is not a click of size >= 2 for the naive engine (%d)",
               obj_name[obj], i + 1, mv, sz);
        if (r != PL_MOVE_OK || sz < 2) {
            legal = false;
            break;
        }
        removed += sz;
        score += (long long)(sz - 2) * (sz - 2);
        blocks -= sz;
        if (blocks == 0) score += 1000;
    }
    memset(out, 0, sizeof *out);
    G->finish(st, obj_name[obj], out);
    G->state_free(st);
    if (legal) {
        CHECK_INT(out->value[0], removed);
        CHECK_INT(out->value[1], score);
    }
    return legal;
}

typedef struct tally {
    int boards, clearable, unclearable;
    long brute_nodes, max_brute;
    int solver_checked;
    uint64_t tt_hits, sleep_skips, bound_cuts; /* the solver's pruning, summed */
} tally;

static void check_board(int idx, uint64_t *s, const phase *ph, tally *t) {
    nboard nb;
    const char *kind = random_board(s, ph, &nb);
    char text[NB_MAX * 2 + 8];
    nb_text(&nb, text);
    check_context(true, check_seed_, "%s board %d (%s, %d rows, %d columns):\n%s", ph->name, idx, kind, nb.rows,
                  nb.cols, text);
    click_level *l = load(text);
    if (!l) return;
    char *back = click_board_text(l, &l->board);
    CHECK_STR(back, text);
    free(back);

    brute_result br = {false, 0, 0, 0};
    brute(&nb, 0, 0, &br);
    if (br.nodes > t->max_brute) t->max_brute = br.nodes;
    t->boards++;
    t->brute_nodes += br.nodes;
    if (br.clearable) t->clearable++;
    else t->unclearable++;

    differential_walk(l, &nb, s);

    for (int obj = 0; obj < 3; obj++) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        click_exact_result res;
        CHECK_INT(click_solve_exact(&l->board, (click_objective)obj, &lim, &res), 0);
        CHECK_INT(lim.hit, PL_LIMIT_NONE);
        t->tt_hits += res.stats.tt_hits;
        t->sleep_skips += res.stats.sleep_skips;
        t->bound_cuts += res.stats.bound_cuts;
        pl_verdict v;
        switch (obj) {
        case CLICK_CLEAR:
            CHECKF(res.status == (br.clearable ? PL_SOLVED : PL_UNSOLVABLE),
                   "clear: solver says %s, brute force says %s", pl_status_name(res.status),
                   br.clearable ? "clearable" : "not clearable");
            if (res.status == PL_SOLVED) {
                CHECK(res.optimal);
                CHECK_INT(res.removed, nb_blocks(&nb));
                if (replay(l, &nb, obj, &res, &v)) {
                    CHECKF(v.ok, "clear: certificate does not clear the board: %s", v.reason);
                    CHECK_INT(v.value[0], res.removed);
                    CHECK_INT(v.value[1], res.score);
                }
            } else {
                CHECK_INT(res.nmoves, 0);
            }
            break;
        case CLICK_MAX:
            CHECK_INT(res.status, PL_SOLVED);
            CHECK(res.optimal);
            CHECKF(res.removed == br.max_removed, "max: solver %lld, brute force %d", res.removed, br.max_removed);
            if (replay(l, &nb, obj, &res, &v)) {
                CHECK(v.ok);
                CHECK_INT(v.value[0], res.removed);
                CHECK_INT(v.value[1], res.score);
            }
            break;
        case CLICK_SCORE:
            CHECK_INT(res.status, PL_SOLVED);
            CHECK(res.optimal);
            CHECKF(res.score == br.max_score, "score: solver %lld, brute force %lld", res.score, br.max_score);
            if (replay(l, &nb, obj, &res, &v)) {
                CHECK(v.ok);
                CHECK_INT(v.value[0], res.removed);
                CHECK_INT(v.value[1], res.score);
            }
            break;
        }

        /* Every 8th board: the descriptor's solver gives the same certificate as text. */
        if (idx % 8 == 0) {
            pl_limits lim2;
            pl_limits_init(&lim2, 0, 0, 0);
            pl_opts opts = {.n = 0};
            pl_request req = {.opts = &opts, .objective = obj_name[obj], .seed = 1, .limits = &lim2};
            pl_solution sol;
            pl_solution_init(&sol);
            pl_error err;
            CHECK_INT(exact_algorithm()->solve(l, &req, &sol, &err), 0);
            CHECK_INT(sol.status, res.status);
            CHECK_INT(sol.moves.n, res.nmoves);
            for (int i = 0; i < sol.moves.n && i < res.nmoves; i++) {
                char mv[32];
                click_move_text(&l->board, res.move_col[i], res.move_h[i], mv, sizeof mv);
                CHECK_STR(sol.moves.s[i], mv);
            }
            if (obj != CLICK_CLEAR) {
                CHECK_INT(sol.optimal, 1);
                CHECK_INT(sol.nvalues, 2);
                CHECK_INT(sol.value[0], res.removed);
                CHECK_INT(sol.value[1], res.score);
            }
            pl_solution_free(&sol);
            t->solver_checked++;
        }
        click_exact_result_free(&res);
    }
    G->level_free(l);
}

/* ---------- limits ---------- */

static click_level *generated(const char *rows, const char *cols, const char *k, const char *seed) {
    pl_opts o = {.name = {"rows", "cols", "colours", "seed"}, .value = {rows, cols, k, seed}, .n = 4};
    pl_error err;
    char *text = G->generate(&o, &err);
    CHECK(text != NULL);
    if (!text) return NULL;
    check_context(false, 0, "generate --rows %s --cols %s --colours %s --seed %s:\n%s", rows, cols, k, seed, text);
    click_level *l = load(text);
    free(text);
    return l;
}

/* A limited max/score answer is still a legal certificate of what it claims. */
static void check_limited_certificate(const click_level *l, int obj, const click_exact_result *res) {
    void *st = G->state_new(l);
    for (int i = 0; i < res->nmoves; i++) {
        char mv[32], reason[256] = "";
        int col;
        click_move_text(&l->board, res->move_col[i], res->move_h[i], mv, sizeof mv);
        CHECKF(G->move_apply(st, mv, reason, sizeof reason, &col) == PL_MOVE_OK, "%s: move %d (%s): %s",
               obj_name[obj], i + 1, mv, reason);
    }
    pl_verdict v;
    memset(&v, 0, sizeof v);
    G->finish(st, obj_name[obj], &v);
    CHECK(v.ok);
    CHECK_INT(v.value[0], res->removed);
    CHECK_INT(v.value[1], res->score);
    G->state_free(st);
}

static void test_limits(void) {
    /* 6 x 6, 3 colours: not clearable, needs a few hundred nodes to prove it */
    click_level *l = generated("6", "6", "3", "15");
    if (!l) return;
    for (int obj = 0; obj < 3; obj++) {
        static const uint64_t node_limits[] = {1, 2, 50};
        for (int k = 0; k < 3; k++) {
            pl_limits lim;
            pl_limits_init(&lim, 0, node_limits[k], 0);
            click_exact_result res;
            click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
            CHECKF(lim.hit == PL_LIMIT_NODES, "%s, node limit %llu: hit %d", obj_name[obj],
                   (unsigned long long)node_limits[k], lim.hit);
            if (obj == CLICK_CLEAR) {
                CHECKF(res.status == PL_UNKNOWN, "clear, node limit %llu: %s", (unsigned long long)node_limits[k],
                       pl_status_name(res.status));
                CHECK_INT(res.nmoves, 0);
            } else {
                CHECK_INT(res.status, PL_SOLVED);
                CHECKF(!res.optimal, "%s, node limit %llu: claims optimal", obj_name[obj],
                       (unsigned long long)node_limits[k]);
                check_limited_certificate(l, obj, &res);
            }
            CHECK(res.stats.nodes <= node_limits[k]);
            click_exact_result_free(&res);
        }
        /* without a limit: decided */
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        click_exact_result res;
        click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
        CHECK_INT(lim.hit, PL_LIMIT_NONE);
        CHECK_INT(res.status, obj == CLICK_CLEAR ? PL_UNSOLVABLE : PL_SOLVED);
        if (obj != CLICK_CLEAR) CHECK(res.optimal);
        uint64_t full = res.stats.nodes;
        CHECK(full > 50);
        click_exact_result_free(&res);
        /* a limit that is not reached changes nothing */
        pl_limits_init(&lim, 0, full, 0);
        click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
        CHECK_INT(lim.hit, PL_LIMIT_NONE);
        CHECK_INT(res.status, obj == CLICK_CLEAR ? PL_UNSOLVABLE : PL_SOLVED);
        click_exact_result_free(&res);
        /* memory: a cap too small for even the root */
        pl_limits_init(&lim, 0, 0, 1);
        click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
        CHECK_INT(lim.hit, PL_LIMIT_MEMORY);
        if (obj == CLICK_CLEAR) CHECK_INT(res.status, PL_UNKNOWN);
        else CHECK(!res.optimal);
        click_exact_result_free(&res);
    }
    G->level_free(l);

    /* a proof at the root is not lost to a limit: a colour with one block */
    l = load("aab\naab\naac\n");
    if (l) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 1, 0);
        click_exact_result res;
        click_solve_exact(&l->board, CLICK_CLEAR, &lim, &res);
        CHECK_INT(res.status, PL_UNSOLVABLE);
        click_exact_result_free(&res);
        G->level_free(l);
    }

    /* time: 12 x 12, 4 colours takes about a million nodes; the clock is read
     * every 1024 nodes, so a 1 ns limit stops it there */
    l = generated("12", "12", "4", "1");
    if (l) {
        for (int obj = 0; obj < 3; obj++) {
            pl_limits lim;
            pl_limits_init(&lim, 1e-9, 0, 0);
            click_exact_result res;
            click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
            CHECKF(lim.hit == PL_LIMIT_TIME, "%s: hit %d", obj_name[obj], lim.hit);
            if (obj == CLICK_CLEAR) CHECK_INT(res.status, PL_UNKNOWN);
            else {
                CHECK(!res.optimal);
                check_limited_certificate(l, obj, &res);
            }
            CHECK(res.stats.nodes <= 1024);
            click_exact_result_free(&res);
        }
        G->level_free(l);
    }
    check_clear_context();
}

/* ---------- larger boards: metamorphic checks, no brute force ---------- */

#define LARGE_NODE_CAP 20000
#define SMALL_TT_MEMORY (64 * 1024) /* a 1024-slot table that must replace entries */

typedef struct answer {
    bool limited;
    pl_status status;
    long long removed, score;
} answer;

static answer solve_answer(const click_level *l, int obj, size_t memory, const nboard *nb) {
    pl_limits lim;
    pl_limits_init(&lim, 0, LARGE_NODE_CAP, memory);
    click_exact_result res;
    click_solve_exact(&l->board, (click_objective)obj, &lim, &res);
    answer a = {lim.hit != PL_LIMIT_NONE, res.status, res.removed, res.score};
    if (nb && !a.limited && (obj != CLICK_CLEAR || res.status == PL_SOLVED)) {
        pl_verdict v;
        if (replay(l, nb, obj, &res, &v)) {
            CHECKF(v.ok, "%s: %s", obj_name[obj], v.reason);
            CHECK_INT(v.value[0], res.removed);
            CHECK_INT(v.value[1], res.score);
        }
    }
    click_exact_result_free(&res);
    return a;
}

/* On boards too large for the brute force: the answer does not depend on the
 * names of the colours, nor on the size of the transposition table (a small
 * one replaces entries: that may cost time, never correctness); and the
 * certificates replay to their claimed values. */
static void check_large_board(int idx, uint64_t *s, const phase *ph, int *compared, int *skipped) {
    nboard nb, perm;
    const char *kind = random_board(s, ph, &nb);
    /* rename the colours by a random permutation of "abcd" */
    char map[4] = {'a', 'b', 'c', 'd'};
    for (int i = 3; i > 0; i--) {
        int j = rng_below(s, i + 1);
        char t = map[i];
        map[i] = map[j];
        map[j] = t;
    }
    perm = nb;
    for (int i = 0; i < nb.rows * nb.cols; i++)
        if (nb.g[i] != '.') perm.g[i] = map[nb.g[i] - 'a'];
    char text[NB_MAX * 2 + 8], ptext[NB_MAX * 2 + 8];
    nb_text(&nb, text);
    nb_text(&perm, ptext);
    check_context(true, check_seed_, "%s board %d (%s, %d rows, %d columns):\n%s", ph->name, idx, kind, nb.rows,
                  nb.cols, text);
    click_level *l = load(text), *lp = load(ptext);
    if (l && lp) {
        for (int obj = 0; obj < 3; obj++) {
            answer a = solve_answer(l, obj, 0, &nb);
            answer b = solve_answer(lp, obj, 0, &perm);
            answer c = solve_answer(l, obj, SMALL_TT_MEMORY, &nb);
            if (a.limited || b.limited || c.limited) {
                (*skipped)++;
                continue;
            }
            (*compared)++;
            CHECKF(a.status == b.status && a.status == c.status, "%s: status %s, renamed colours %s, small table %s",
                   obj_name[obj], pl_status_name(a.status), pl_status_name(b.status), pl_status_name(c.status));
            if (obj == CLICK_MAX)
                CHECKF(a.removed == b.removed && a.removed == c.removed,
                       "max: %lld, renamed colours %lld, small table %lld", a.removed, b.removed, c.removed);
            if (obj == CLICK_SCORE)
                CHECKF(a.score == b.score && a.score == c.score, "score: %lld, renamed colours %lld, small table %lld",
                       a.score, b.score, c.score);
        }
    }
    if (l) G->level_free(l);
    if (lp) G->level_free(lp);
}

static const phase large_phase = {"large", 100, 5, 7, 5, 7, 3, 4};

static const phase phases[] = {
    /* many tiny boards: every corner of the rules */
    {"small", DEFAULT_COUNT, 1, 4, 1, 5, 2, 4},
    /* fewer, larger boards, where the transposition table, the sleep sets and
     * the bounds of the solver actually prune */
    {"medium", 400, 3, 5, 3, 5, 2, 4},
    /* wide boards: groups two columns apart commute (sleep sets) */
    {"wide", 300, 2, 3, 6, 8, 2, 4},
};

int main(void) {
    uint64_t seed = check_seed_from_env(DEFAULT_SEED);
    /* PL_TEST_COUNT: boards of the first phase; the others scale with it */
    int count = DEFAULT_COUNT;
    const char *cs = getenv("PL_TEST_COUNT");
    if (cs && *cs) count = atoi(cs);
    check_seed_ = seed;
    printf("test_click_property: seed %llu (set PL_TEST_SEED to change)\n", (unsigned long long)seed);
    uint64_t s = seed;
    for (size_t p = 0; p < sizeof phases / sizeof phases[0]; p++) {
        const phase *ph = &phases[p];
        int n = (int)((long long)ph->count * count / DEFAULT_COUNT);
        tally t;
        memset(&t, 0, sizeof t);
        for (int i = 0; i < n; i++) check_board(i, &s, ph, &t);
        check_clear_context();
        printf("test_click_property: %s: %d boards (%d-%d rows, %d-%d columns, %d-%d colours), %d clearable, %d "
               "not; brute force %ld nodes (at most %ld a board); %d through the descriptor's solver; solver "
               "pruning: %llu table hits, %llu sleeping clicks, %llu bound cuts\n",
               ph->name, t.boards, ph->min_rows, ph->max_rows, ph->min_cols, ph->max_cols, ph->min_k, ph->max_k,
               t.clearable, t.unclearable, t.brute_nodes, t.max_brute, t.solver_checked,
               (unsigned long long)t.tt_hits, (unsigned long long)t.sleep_skips, (unsigned long long)t.bound_cuts);
        /* the sample must exercise both answers */
        if (n >= 100) {
            CHECKF(t.clearable >= n / 10, "%s: only %d clearable boards of %d", ph->name, t.clearable, n);
            CHECKF(t.unclearable >= n / 10, "%s: only %d unclearable boards of %d", ph->name, t.unclearable, n);
        }
    }
    {
        int n = (int)((long long)large_phase.count * count / DEFAULT_COUNT), compared = 0, skipped = 0;
        for (int i = 0; i < n; i++) check_large_board(i, &s, &large_phase, &compared, &skipped);
        check_clear_context();
        printf("test_click_property: %s: %d boards (%d-%d rows, %d-%d columns, %d-%d colours): %d answers compared "
               "(renamed colours, small table), %d skipped at the node cap %d\n",
               large_phase.name, n, large_phase.min_rows, large_phase.max_rows, large_phase.min_cols,
               large_phase.max_cols, large_phase.min_k, large_phase.max_k, compared, skipped, LARGE_NODE_CAP);
        CHECKF(n < 10 || compared >= n, "only %d of %d large answers compared", compared, 3 * n);
    }
    test_limits();
    return check_done("test_click_property");
}
