/* Two Dots polynomial cases against exhaustive search, through the game's
 * descriptor (certificates replayed like verify does):
 *  - Theorem 3 (algorithm column): one column, 1 to 3 colours, up to three
 *    goals, K from 0 to 5 or unlimited;
 *  - Theorem 4, second part (algorithm row): one row with empty cells.
 * Each board is decided three times: by the polynomial algorithm, by the
 * exact search (solve_exact.c) and by a naive brute force written here
 * independently (its own grid, gravity and path enumeration); the statuses
 * and the minimum number of moves must agree. The exact search is also
 * checked against the brute force on random small 2-D boards (bombs off).
 * Boards of more than 64 cells (the exact search's sets span several words
 * when a component has more than 64 dots): rows of 65-130 cells and columns
 * of 65-90 dots of long runs against `row` and `column`, and 2-D boards of
 * 72-121 cells with 5-6 colours and K <= 2 against the brute force.
 * A row at the bottom of an otherwise empty board and a column among empty
 * columns (the line algorithms apply to those too) against both.
 * Bombs on: test_twodots_bombs.c.
 * The streamed row (row_text.c, issue 21 item 5) against the general path on
 * seeded texts, plain and mangled (up to 20,000 dots, goals and limits of
 * every kind): it takes only levels the general reader accepts and every
 * plain one, and then gives the same status, note, values, nodes and
 * certificate byte for byte; its verify answers only when the general
 * replay finds every move legal, with the same verdict.
 * Seeded (PL_TEST_SEED replays another run); each failure prints the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "twodots_naive.h"
#include "puzzlelab/twodots.h"

static const pl_game *G = &pl_game_twodots;

/* Runs algorithm name; returns the status and the number of moves of its
 * certificate, which must replay and meet the goals within K. */
static pl_status run(const char *name, void *level, int *moves) {
    *moves = -1;
    const pl_algorithm *a = gc_algorithm(G, name);
    if (!CHECKF(a != NULL, "algorithm %s exists", name)) return PL_UNKNOWN;
    gc_how how = {.check_applies = true, .word = "move", .goal = "does not meet the goals"};
    pl_solution sol;
    pl_status s = gc_solve(G, a, level, &how, &sol);
    if (s == PL_SOLVED) *moves = sol.moves.n;
    pl_solution_free(&sol);
    return s;
}

/* Writes "board:" and grid's rows at text + p, then a '\0'. */
static void put_board(char *text, int p, const char *grid, int rows, int cols) {
    p += sprintf(text + p, "board:\n");
    for (int r = 0; r < rows; r++) {
        memcpy(text + p, grid + r * cols, (size_t)cols);
        p += cols;
        text[p++] = '\n';
    }
    text[p] = '\0';
}

/* ---------- random levels ---------- */
/* Writes a level text; fills nv and grid for the brute force; returns K (-1 unlimited). */
static int random_level(pl_rng *rng, int rows, int cols, int colours, int empty_pct, char *text, naive *nv,
                        char *grid) {
    nv->rows = rows;
    nv->cols = cols;
    for (int i = 0; i < rows * cols; i++) grid[i] = (char)('a' + pl_rng_below(rng, (uint64_t)colours));
    if (rows == 1)
        for (int i = 0; i < cols; i++)
            if ((int)pl_rng_below(rng, 100) < empty_pct) grid[i] = '.';
    if (cols == 1) {
        int e = (int)pl_rng_below(rng, 3);
        for (int i = 0; i < e && i < rows; i++) grid[i] = '.';
    }
    int K = (int)pl_rng_below(rng, 7) - 1;
    int p = 0;
    if (K >= 0) p += sprintf(text + p, "moves: %d\n", K);
    nv->ngoals = 1 + (int)pl_rng_below(rng, (uint64_t)(colours < 3 ? colours : 3));
    for (int k = 0; k < nv->ngoals; k++) {
        nv->goal_colour[k] = (char)('a' + k);
        nv->goal_need[k] = (int)pl_rng_below(rng, (uint64_t)(rows * cols / 2 + 2));
        p += sprintf(text + p, "goal: %c %d\n", nv->goal_colour[k], nv->goal_need[k]);
    }
    put_board(text, p, grid, rows, cols);
    return K;
}

/* Decides the level three ways (the fast algorithm when given, exact, and
 * the brute force when brute) and checks they agree. */
static void compare_text(const char *fast, uint64_t seed, const char *text, naive *nv, const char *grid, int K,
                         bool brute, int *counts) {
    check_context(true, seed, "%s", text);
    void *level = gc_parse(G, text);
    if (!CHECK(level != NULL)) return;
    int dots = 0;
    for (int i = 0; i < nv->rows * nv->cols; i++) dots += grid[i] != '.';
    int mk = K >= 0 ? K : dots / 2;
    int me, mf, want = -2;
    pl_status se = run("exact", level, &me);
    if (brute) {
        want = naive_min(nv, grid, mk);
        CHECKF(se == (want >= 0 ? PL_SOLVED : PL_UNSOLVABLE), "exact says %s, brute force min %d", pl_status_name(se),
               want);
        if (se == PL_SOLVED) CHECKF(me == want, "exact: %d moves, brute force %d", me, want);
    }
    if (fast) {
        pl_status sf = run(fast, level, &mf);
        CHECKF(sf == se, "%s says %s, exact %s", fast, pl_status_name(sf), pl_status_name(se));
        if (sf == PL_SOLVED && se == PL_SOLVED) CHECKF(mf == me, "%s: %d moves, exact %d", fast, mf, me);
    }
    counts[se == PL_SOLVED]++;
    G->level_free(level);
    check_clear_context();
}

static void compare(const char *fast, uint64_t seed, int rows, int cols, int colours, int *counts) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    char text[1024], grid[NAIVE_MAX];
    naive nv = {0}; /* no deadline */
    int K = random_level(&rng, rows, cols, colours, 25, text, &nv, grid);
    compare_text(fast, seed, text, &nv, grid, K, true, counts);
}

/* Boards of more than 64 cells (the exact search's multi-word sets): a row or
 * a column of long runs (so that components exceed 64 dots) against the
 * polynomial algorithm, or a 2-D board of many colours with K <= 2 against
 * the brute force. */
/* A row or a column inside a bigger board whose other cells are empty: the
 * line algorithms take it too (a row at the bottom, a column anywhere). */
static void compare_padded(const char *fast, uint64_t seed, int *counts) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    bool row = strcmp(fast, "row") == 0;
    int n = 2 + (int)pl_rng_below(&rng, row ? 8 : 7), k = 1 + (int)pl_rng_below(&rng, 3);
    char text0[1024], line[NAIVE_MAX], grid[NAIVE_MAX], text[2048];
    naive nv = {0}; /* no deadline */
    int K = random_level(&rng, row ? 1 : n, row ? n : 1, k, 25, text0, &nv, line);
    int rows = row ? 2 + (int)pl_rng_below(&rng, 2) : n, cols = row ? n : 2 + (int)pl_rng_below(&rng, 2);
    int dc = row ? 0 : (int)pl_rng_below(&rng, (uint64_t)cols);
    memset(grid, '.', (size_t)(rows * cols));
    for (int i = 0; i < n; i++)
        if (row)
            grid[(rows - 1) * cols + i] = line[i];
        else
            grid[i * cols + dc] = line[i];
    nv.rows = rows;
    nv.cols = cols;
    char *board = strstr(text0, "board:\n") + strlen("board:\n");
    int p = (int)(board - text0);
    memcpy(text, text0, (size_t)p);
    for (int r = 0; r < rows; r++) {
        memcpy(text + p, grid + r * cols, (size_t)cols);
        p += cols;
        text[p++] = '\n';
    }
    text[p] = '\0';
    compare_text(fast, seed, text, &nv, grid, K, true, counts);
}

static int big_components; /* levels with a run of more than 64 dots */

static void compare_large(const char *fast, uint64_t seed, int *counts) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    naive nv = {0}; /* no deadline */
    char grid[NAIVE_MAX], text[NAIVE_MAX * 2 + 512];
    int colours, K, rows, cols;
    if (fast) {
        int n = 65 + (int)pl_rng_below(&rng, strcmp(fast, "row") == 0 ? 66 : 26);
        rows = strcmp(fast, "row") == 0 ? 1 : n;
        cols = strcmp(fast, "row") == 0 ? n : 1;
        colours = 1 + (int)pl_rng_below(&rng, 3);
        /* runs of 1..40 dots of one colour; a row keeps a few gaps */
        for (int i = 0; i < n;) {
            int len = 1 + (int)pl_rng_below(&rng, 40);
            char ch = (char)('a' + pl_rng_below(&rng, (uint64_t)colours));
            for (int j = 0; j < len && i < n; j++, i++) grid[i] = ch;
        }
        if (rows == 1)
            for (int i = 0; i < n; i++)
                if (pl_rng_below(&rng, 100) < 5) grid[i] = '.';
        K = (int)pl_rng_below(&rng, 3); /* a long run has ~n^2/2 path sets: two moves stay cheap */
        int longest = 0;
        for (int i = 0, run = 0; i < n; i++) {
            run = i > 0 && grid[i] == grid[i - 1] && grid[i] != '.' ? run + 1 : 1;
            if (run > longest) longest = run;
        }
        big_components += longest > 64;
    } else {
        rows = 8 + (int)pl_rng_below(&rng, 4);
        cols = 9 + (int)pl_rng_below(&rng, 3);
        colours = 5 + (int)pl_rng_below(&rng, 2);
        for (int i = 0; i < rows * cols; i++) grid[i] = (char)('a' + pl_rng_below(&rng, (uint64_t)colours));
        K = (int)pl_rng_below(&rng, 3);
    }
    nv.rows = rows;
    nv.cols = cols;
    int p = 0;
    if (K >= 0) p += sprintf(text + p, "moves: %d\n", K);
    /* the column tables cost n^2 prod(goal + 1): two goals there */
    int maxg = fast && strcmp(fast, "column") == 0 ? 2 : 3;
    nv.ngoals = 1 + (int)pl_rng_below(&rng, (uint64_t)(colours < maxg ? colours : maxg));
    for (int k = 0; k < nv.ngoals; k++) {
        int have = 0;
        for (int i = 0; i < rows * cols; i++) have += grid[i] == 'a' + k;
        nv.goal_colour[k] = (char)('a' + k);
        nv.goal_need[k] = fast ? have / 2 + (int)pl_rng_below(&rng, (uint64_t)(have / 2 + 2))
                               : (int)pl_rng_below(&rng, (uint64_t)(have / 2 + 3));
        if (maxg == 2 && k == 1 && nv.goal_need[k] > 6) nv.goal_need[k] = 6; /* keeps D = prod(goal + 1) small */
        p += sprintf(text + p, "goal: %c %d\n", nv.goal_colour[k], nv.goal_need[k]);
    }
    put_board(text, p, grid, rows, cols);
    compare_text(fast, seed, text, &nv, grid, K, !fast, counts);
}

/* Two moves and two goals, each needing much of its colour: the exact
 * search's last two moves by class (paths.c) against the brute force, on
 * boards of two or three colours whose components are large. */
static void compare_tight(uint64_t seed, int *counts) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    naive nv = {0};
    char grid[NAIVE_MAX], text[NAIVE_MAX * 2 + 256];
    int rows = 2 + (int)pl_rng_below(&rng, 4), cols = 2 + (int)pl_rng_below(&rng, 4);
    int colours = 2 + (int)pl_rng_below(&rng, 2);
    for (int i = 0; i < rows * cols; i++) grid[i] = (char)('a' + pl_rng_below(&rng, (uint64_t)colours));
    nv.rows = rows;
    nv.cols = cols;
    nv.ngoals = 2;
    int p = sprintf(text, "moves: 2\n");
    for (int k = 0; k < 2; k++) {
        int have = 0;
        for (int i = 0; i < rows * cols; i++) have += grid[i] == 'a' + k;
        nv.goal_colour[k] = (char)('a' + k);
        nv.goal_need[k] = 1 + have / 3 + (int)pl_rng_below(&rng, (uint64_t)(have / 2 + 1));
        p += sprintf(text + p, "goal: %c %d\n", nv.goal_colour[k], nv.goal_need[k]);
    }
    put_board(text, p, grid, rows, cols);
    compare_text(NULL, seed, text, &nv, grid, 2, true, counts);
}

/* The paper's third case of T lets the chained dot h stay unhit, crediting a
 * move of one dot: on the column a/b/b/a with goal a 1 it gives 1 move, but
 * the two 'a' meet only after the 'b' pair goes: 2 moves (docs/algorithms.md).
 * With moves: 1 the level is unsolvable. */
static void paper_third_case(void) {
    int m;
    void *l = gc_parse(G, "goal: a 1\nboard:\na\nb\nb\na\n");
    if (CHECK(l != NULL)) {
        CHECK_INT(run("column", l, &m), PL_SOLVED);
        CHECK_INT(m, 2);
    }
    G->level_free(l);
    l = gc_parse(G, "moves: 1\ngoal: a 1\nboard:\na\nb\nb\na\n");
    if (CHECK(l != NULL)) CHECK_INT(run("column", l, &m), PL_UNSOLVABLE);
    G->level_free(l);
}

static void streamed_row(uint64_t base, int texts) {
    static const char palette[] = "abcAZ09";
    static const char mangle[] = " \r.\n#:a5-\t";
    int taken = 0, declined = 0, solved = 0, verified = 0;
    for (int t = 0; t < texts; t++) {
        uint64_t seed = base + 9000000u + (uint64_t)t;
        check_context(true, seed, "streamed row vs general");
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int k = 1 + (int)pl_rng_below(&rng, 4);
        int n = 1 + (int)pl_rng_below(&rng, t % 50 == 0 ? 20000 : 150);
        char cols[4];
        for (int c = 0; c < k; c++) cols[c] = palette[pl_rng_below(&rng, sizeof palette - 1)];
        pl_sbuf b = {0};
        if (pl_rng_below(&rng, 2)) pl_sbuf_printf(&b, "# seed %llu\n", (unsigned long long)seed);
        /* headers in any order: a limit, goals (sometimes of a colour not on the board, or twice) */
        int ngoals = (int)pl_rng_below(&rng, 4), limit_at = (int)pl_rng_below(&rng, 5);
        for (int g = 0; g <= ngoals; g++) {
            if (g == limit_at) pl_sbuf_printf(&b, "moves: %d\n", (int)pl_rng_below(&rng, (uint64_t)n / 2 + 3));
            if (g == ngoals) break;
            char c = pl_rng_below(&rng, 6) ? cols[pl_rng_below(&rng, (uint64_t)k)] : 'q';
            pl_sbuf_printf(&b, "goal: %c %d\n", c, (int)pl_rng_below(&rng, (uint64_t)n / 2 + 2));
        }
        if (pl_rng_below(&rng, 2)) pl_sbuf_printf(&b, "board:\n");
        char cur = cols[0];
        int runny = (int)pl_rng_below(&rng, 3);
        for (int i = 0; i < n; i++) {
            if (runny == 0 || pl_rng_below(&rng, 4 * (uint64_t)runny) == 0) cur = cols[pl_rng_below(&rng, (uint64_t)k)];
            pl_sbuf_append(&b, &cur, 1);
        }
        if (pl_rng_below(&rng, 4)) pl_sbuf_append(&b, "\n", 1);
        bool plain = true;
        if (pl_rng_below(&rng, 3) == 0) {
            gc_mangle(&rng, &b, mangle);
            plain = false;
        }
        static const char *const algorithms[] = {"auto", "row", "exact", NULL, NULL};
        const char *algorithm = gc_pick(&rng, algorithms, 5);
        pl_limits lim;
        pl_opts o;
        pl_request req;
        gc_request(&req, &lim, &o, NULL);
        pl_text_solve fs;
        bool took = G->solve_text(b.s, b.n, &req, algorithm, &fs) == 1;
        void *level = gc_parse(G, b.s);
        CHECKF(!took || level, "streamed a level the general reader rejects:\n%.300s", b.s);
        /* (a goal's colour may come twice: the reader refuses the level) */
        CHECKF(took || !plain || !level || (algorithm && strcmp(algorithm, "exact") == 0),
               "a plain row was not streamed:\n%.300s", b.s);
        if (took && level) {
            taken++;
            const pl_algorithm *alg = algorithm && strcmp(algorithm, "auto") ? gc_algorithm(G, algorithm) : NULL;
            pl_sbuf got = {0};
            solved += gc_streamed_same(G, &fs, level, alg, req, &rng, &got);
            /* the streamed verify: of that certificate, of it with a byte
             * mangled, or of straight paths anywhere (mixed colours, taken
             * cells, outside) */
            if (got.n && pl_rng_below(&rng, 2)) {
                size_t at = (size_t)pl_rng_below(&rng, got.n);
                got.s[at] = mangle[pl_rng_below(&rng, sizeof mangle - 1)];
            } else if (pl_rng_below(&rng, 2)) {
                got.n = 0;
                int paths = 1 + (int)pl_rng_below(&rng, 6);
                for (int q = 0; q < paths; q++) {
                    int c = (int)pl_rng_below(&rng, (uint64_t)n + 1), len = 2 + (int)pl_rng_below(&rng, 3);
                    int d = pl_rng_below(&rng, 2) ? 1 : -1;
                    for (int j = 0; j < len; j++)
                        pl_sbuf_printf(&got, "0,%d%s", c + j * d < 0 ? 0 : c + j * d, j + 1 < len ? " " : "\n");
                }
            }
            verified += gc_streamed_verify_same(G, level, b.s, b.n, got.s, got.n, NULL);
            free(got.s);
        } else if (took) {
            fs.free(fs.state);
        } else {
            declined++;
        }
        if (level) G->level_free(level);
        free(b.s);
    }
    check_clear_context();
    CHECKF(taken > texts / 4 && declined > texts / 10 && solved > texts / 20 && verified > texts / 20,
           "taken %d, declined %d, solved %d, verified %d", taken, declined, solved, verified);
}

int main(void) {
    paper_third_case();
    uint64_t base = check_seed_from_env(20240605);
    int col[2] = {0, 0}, row[2] = {0, 0}, grid2d[2] = {0, 0};
    for (int it = 0; it < 2500; it++) {
        pl_rng rng;
        pl_rng_seed(&rng, base + (uint64_t)it);
        int n = 1 + (int)pl_rng_below(&rng, 9), k = 1 + (int)pl_rng_below(&rng, 3);
        compare("column", base + 1000000u + (uint64_t)it, n, 1, k, col);
    }
    for (int it = 0; it < 2500; it++) {
        pl_rng rng;
        pl_rng_seed(&rng, base + 2000000u + (uint64_t)it);
        int n = 1 + (int)pl_rng_below(&rng, 10), k = 1 + (int)pl_rng_below(&rng, 3);
        compare("row", base + 3000000u + (uint64_t)it, 1, n, k, row);
    }
    for (int it = 0; it < 600; it++) {
        pl_rng rng;
        pl_rng_seed(&rng, base + 4000000u + (uint64_t)it);
        int r = 2 + (int)pl_rng_below(&rng, 2), c = 2 + (int)pl_rng_below(&rng, 2), k = 2 + (int)pl_rng_below(&rng, 2);
        compare(NULL, base + 5000000u + (uint64_t)it, r, c, k, grid2d);
    }
    int tight[2] = {0, 0};
    for (int it = 0; it < 1500; it++) compare_tight(base + 12000000u + (uint64_t)it, tight);
    printf("two moves, two goals: %d solvable, %d unsolvable\n", tight[1], tight[0]);
    CHECK(tight[0] > 100 && tight[1] > 100);
    int prow[2] = {0, 0}, pcol[2] = {0, 0};
    for (int it = 0; it < 300; it++) compare_padded("row", base + 10000000u + (uint64_t)it, prow);
    for (int it = 0; it < 300; it++) compare_padded("column", base + 11000000u + (uint64_t)it, pcol);
    printf("a line inside empty cells: row %d/%d, column %d/%d (solvable/unsolvable)\n", prow[1], prow[0], pcol[1],
           pcol[0]);
    CHECK(prow[0] > 20 && prow[1] > 20 && pcol[0] > 20 && pcol[1] > 20);
    int lrow[2] = {0, 0}, lcol[2] = {0, 0}, l2d[2] = {0, 0};
    for (int it = 0; it < 150; it++) compare_large("row", base + 7000000u + (uint64_t)it, lrow);
    for (int it = 0; it < 200; it++) compare_large("column", base + 8000000u + (uint64_t)it, lcol);
    for (int it = 0; it < 150; it++) compare_large(NULL, base + 9000000u + (uint64_t)it, l2d);
    printf("over 64 cells: row %d/%d, column %d/%d, 2-D vs brute force %d/%d (solvable/unsolvable); %d with a "
           "component of more than 64 dots\n",
           lrow[1], lrow[0], lcol[1], lcol[0], l2d[1], l2d[0], big_components);
    CHECK(lrow[0] > 20 && lrow[1] > 20 && lcol[0] > 20 && lcol[1] > 20 && l2d[0] > 20 && l2d[1] > 20);
    CHECKF(big_components > 40, "only %d levels with a component of more than 64 dots", big_components);
    printf("column: %d solvable, %d unsolvable; row: %d solvable, %d unsolvable; 2-D exact: %d solvable, %d "
           "unsolvable\n",
           col[1], col[0], row[1], row[0], grid2d[1], grid2d[0]);
    CHECK(col[0] > 200 && col[1] > 200 && row[0] > 200 && row[1] > 200);
    streamed_row(base, SANITIZED ? 1500 : 5000);
    return check_done("test_twodots_poly");
}
