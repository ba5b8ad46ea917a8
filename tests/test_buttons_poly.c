/* Buttons & Scissors polynomial cases against the exhaustive solver, through
 * the game's descriptor (certificates replayed like verify does):
 *  - Theorem 1 (algorithm row): one row or one column, cut sizes {2,3}, all,
 *    {2} or {3}; colours 1 to 4, empty cells;
 *  - Theorem 4 (algorithm greedy): boards with every colour used at most
 *    three times, any directions and sizes.
 * Seeded (PL_TEST_SEED replays another run); each failure prints the level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/buttons.h"

static const pl_game *G = &pl_game_buttons;

/* Runs algorithm name; when it claims solved, its cuts must replay and empty the board. */
static pl_status run(const char *name, void *level) {
    const pl_algorithm *a = gc_algorithm(G, name);
    if (!CHECKF(a != NULL, "algorithm %s exists", name)) return PL_UNKNOWN;
    gc_how how = {.check_applies = true, .word = "cut", .goal = "leaves the board non-empty"};
    pl_solution sol;
    pl_status s = gc_solve(G, a, level, &how, &sol);
    pl_solution_free(&sol);
    return s;
}

static const char *const row_sizes[] = {"all", "2,3", "2", "3", "2,3,4", "2,4"}; /* 2,4 normalises to {2} */

static void theorem1(uint64_t base, int boards, int *counts) {
    for (int it = 0; it < boards; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int n = 1 + (int)pl_rng_below(&rng, 12), k = 1 + (int)pl_rng_below(&rng, 4);
        int empty = (int)pl_rng_below(&rng, 40);
        bool column = it % 4 == 3;
        const char *sizes = row_sizes[pl_rng_below(&rng, 6)];
        char text[512];
        int p = snprintf(text, sizeof text, "directions: %s\nsizes: %s\n", column ? "+" : "-", sizes);
        for (int i = 0; i < n; i++) {
            text[p++] = (int)pl_rng_below(&rng, 100) < empty ? '.' : (char)('a' + pl_rng_below(&rng, (uint64_t)k));
            if (column) text[p++] = '\n';
        }
        if (!column) text[p++] = '\n';
        text[p] = '\0';
        check_context(true, seed, "%s", text);
        void *level = gc_parse(G, text);
        if (!CHECK(level != NULL)) continue;
        pl_status want = run("exact", level), got = run("row", level);
        CHECKF(got == want, "row says %s, exact search %s", pl_status_name(got), pl_status_name(want));
        counts[want == PL_SOLVED]++;
        G->level_free(level);
    }
    check_clear_context();
}

static const char *const dirs[] = {"*", "+", "x", "-", "hd", "va", "hva"};
static const char *const sizes_any[] = {"all", "2,3", "2", "3", "3,4"};

static void theorem4(uint64_t base, int boards, int *counts) {
    for (int it = 0; it < boards; it++) {
        uint64_t seed = base + 500000u + (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int rows = 1 + (int)pl_rng_below(&rng, 4), cols = 1 + (int)pl_rng_below(&rng, 5);
        int cells = rows * cols;
        char grid[64];
        memset(grid, '.', (size_t)cells);
        /* Colours of two or three buttons (now and then one), placed at
         * random; often on one line so that a cut exists. */
        int colours = (int)pl_rng_below(&rng, 6);
        for (int c = 0; c < colours; c++) {
            int want = pl_rng_below(&rng, 10) == 0 ? 1 : 2 + (int)pl_rng_below(&rng, 2);
            if (pl_rng_below(&rng, 2)) {
                /* on a random line */
                int d = (int)pl_rng_below(&rng, 4), r = (int)pl_rng_below(&rng, (uint64_t)rows),
                    cc = (int)pl_rng_below(&rng, (uint64_t)cols), step = 1 + (int)pl_rng_below(&rng, 2);
                for (int t = 0; t < want; t++) {
                    int rr = r + t * step * buttons_dir_dr[d], c2 = cc + t * step * buttons_dir_dc[d];
                    if (rr < 0 || c2 < 0 || rr >= rows || c2 >= cols || grid[rr * cols + c2] != '.') break;
                    grid[rr * cols + c2] = (char)('a' + c);
                }
            } else {
                for (int t = 0, tries = 0; t < want && tries < 50; tries++) {
                    int i = (int)pl_rng_below(&rng, (uint64_t)cells);
                    if (grid[i] == '.') {
                        grid[i] = (char)('a' + c);
                        t++;
                    }
                }
            }
        }
        char text[512];
        int p = snprintf(text, sizeof text, "directions: %s\nsizes: %s\n", dirs[pl_rng_below(&rng, 7)],
                         sizes_any[pl_rng_below(&rng, 5)]);
        for (int r = 0; r < rows; r++) {
            memcpy(text + p, grid + r * cols, (size_t)cols);
            p += cols;
            text[p++] = '\n';
        }
        text[p] = '\0';
        check_context(true, seed, "%s", text);
        void *level = gc_parse(G, text);
        if (!CHECK(level != NULL)) continue;
        pl_status want = run("exact", level), got = run("greedy", level);
        CHECKF(got == want, "greedy says %s, exact search %s", pl_status_name(got), pl_status_name(want));
        counts[want == PL_SOLVED]++;
        G->level_free(level);
    }
    check_clear_context();
}

/* Regression: a level built in memory may keep a colour that has no button
 * left (play's hints renumber, but library users need not); the greedy once
 * called such a colour "a single button" and answered unsolvable. */
static void greedy_empty_colour(void) {
    buttons_level *l = gc_parse(G, "directions: +\naabb\nc..c\n");
    if (!CHECK(l != NULL)) return;
    for (int i = 0; i < l->rows * l->cols; i++)
        if (l->cell[i] == 1) l->cell[i] = 0; /* colour 'a' now absent */
    l->nbuttons -= 2;
    CHECKF(run("greedy", l) == PL_SOLVED, "greedy with an absent colour");
    CHECKF(run("exact", l) == PL_SOLVED, "exact with an absent colour");
    G->level_free(l);
}

int main(void) {
    greedy_empty_colour();
    uint64_t base = check_seed_from_env(4242);
    int c1[2] = {0, 0}, c4[2] = {0, 0};
    theorem1(base, 3000, c1);
    theorem4(base, 3000, c4);
    CHECKF(c1[0] > 300 && c1[1] > 300, "Theorem 1 boards: %d unsolvable, %d solvable", c1[0], c1[1]);
    CHECKF(c4[0] > 300 && c4[1] > 300, "Theorem 4 boards: %d unsolvable, %d solvable", c4[0], c4[1]);
    printf("theorem 1: %d solvable, %d unsolvable; theorem 4: %d solvable, %d unsolvable\n", c1[1], c1[0], c4[1],
           c4[0]);
    return check_done("buttons_poly");
}
