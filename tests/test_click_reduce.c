/* Clickomania's hardness reduction run as an executable proof (Theorem 14:
 * 3-Partition -> two columns, five colours): on hundreds of seeded random
 * 3-Partition instances, half yes and half no,
 *  - the level has two columns, five colours, and the promised size;
 *  - Clickomania's exact search on the level agrees with the 3-Partition
 *    solver (no-instances included: they are what catch an unsound design);
 *  - the forward certificate (from the solver's partition) replays and
 *    clears the board;
 *  - every certificate of the level (the exact search's, the forward one)
 *    lifts to a partition the 3-Partition verifier accepts.
 * m = 2 with B from 13 to 30 (500 sources), m = 3 with B from 13 to 19 (60),
 * m = 1 (20, all yes). PL_TEST_SEED=N changes the seeds; a failure prints the seed and source. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_check.h"
#include "puzzlelab/clickomania.h"
#include "puzzlelab/problems.h"

static const pl_game *G = &pl_game_clickomania;



/* The board is empty after the moves (clear objective). */
static bool clears(const click_level *l, const pl_strvec *moves, const char *what) {
    void *st = G->state_new(l);
    bool ok = true;
    for (int i = 0; i < moves->n && ok; i++) {
        char why[256];
        int col = 0;
        ok = CHECKF(G->move_apply(st, moves->s[i], why, sizeof why, &col) == PL_MOVE_OK, "%s: move %d (%s): %s",
                    what, i + 1, moves->s[i], why);
    }
    if (ok) {
        pl_verdict v = {0};
        G->finish(st, "clear", &v);
        ok = CHECKF(v.ok, "%s: the board is not cleared: %s", what, v.reason);
    }
    G->state_free(st);
    return ok;
}

typedef struct counts {
    int yes, no, unknown;
    long max_rows;
} counts;

/* One source (its text): build, check the parameters, solve, compare with
 * truth (1 yes, 0 no), forward and lift. */
static void one(const char *text, int truth, const int *triple, counts *n) {
    const pl_reduction *r = gc_reduction(G, "3partition");
    const pl_problem *p = pl_problem_find("3partition");
    pl_error err = {0};
    pl_3part src;
    if (!CHECKF(pl_3part_parse("(source)", text, strlen(text), &src, &err) == 0, "source: %s", err.msg)) return;
    char *level = r->build(&src, "(source)", &err);
    click_level *l = level ? gc_parse_loud(G, level) : NULL;
    if (CHECKF(l != NULL, "build: %s", err.msg)) {
        int m = src.n / 3, D = m > 1 ? 2 * m - 1 : 1, K = D * (m - 1) + 2 * (m - 1) + 1;
        const click_board *b = &l->board;
        CHECK_INT(b->cols, 2);
        CHECK_INT(b->ncolours, 5);
        /* the right column is the taller: 3 K m B + 2n + m rows, O(m^3 B) */
        long bound = 3L * K * m * src.bound + 2L * src.n + m;
        CHECKF(b->rows <= bound, "%d rows, bound %ld", b->rows, bound);
        if (b->rows > n->max_rows) n->max_rows = b->rows;
        json_t *o = json_object();
        G->level_info(l, o);
        CHECK_INT((int)json_integer_value(json_object_get(o, "columns")), 2);
        CHECK_INT((int)json_integer_value(json_object_get(o, "colours")), 5);
        json_decref(o);
        pl_solution sol;
        gc_how how = {.node_limit = 5000000, .word = "click", .goal = "clears the board"};
        pl_status st = gc_solve(G, gc_algorithm(G, "exact"), l, &how, &sol);
        if (st == PL_UNKNOWN) n->unknown++;
        else CHECKF(st == (truth ? PL_SOLVED : PL_UNSOLVABLE), "exact search says %s, the source is %s",
                    pl_status_name(st), truth ? "yes" : "no");
        if (st == PL_SOLVED) gc_lifts(r, p, &src, &sol.moves, "exact search's certificate");
        pl_solution_free(&sol);
        if (truth && triple) {
            pl_strvec scert = {0}, moves = {0};
            pl_3part_write_partition(&src, triple, src.n / 3, &scert);
            pl_moves cm;
            pl_moves_from_strvec(&scert, "(partition)", &cm);
            if (CHECKF(r->forward(&src, &cm, &moves, &err) == 0, "forward: %s", err.msg) &&
                clears(l, &moves, "forward certificate"))
                gc_lifts(r, p, &src, &moves, "forward certificate");
            pl_moves_free(&cm);
            pl_strvec_free(&scert);
            pl_strvec_free(&moves);
        }
        n->yes += truth == 1, n->no += truth == 0;
        G->level_free(l);
    }
    free(level);
    pl_3part_free(&src);
}

/* Seeded instances from the generator (the strict form), half yes. */
static void strict(uint64_t base, int count, int m, int bmin, int bmax, bool no_instances) {
    counts n = {0};
    for (int i = 0; i < count; i++) {
        uint64_t seed = base + (uint64_t)i;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int B = bmin + (int)pl_rng_below(&rng, (uint64_t)(bmax - bmin + 1));
        char answer = i % 2 && no_instances ? 'n' : 'y';
        pl_error err = {0};
        char *text = pl_3part_random(m, B, answer, seed, &err);
        if (!text) continue; /* no no-instance for this B: the generator says so */
        check_context(true, seed, "%s", text);
        pl_3part src;
        if (CHECK(pl_3part_parse("(source)", text, strlen(text), &src, &err) == 0)) {
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            int *triple = pl_xmalloc((size_t)src.n * sizeof *triple);
            int truth = pl_3part_solve(&src, &lim, triple);
            CHECKF(truth == (answer == 'y'), "the generator's answer %c, the solver says %d", answer, truth);
            one(text, truth, truth == 1 ? triple : NULL, &n);
            free(triple);
            pl_3part_free(&src);
        }
        free(text);
        check_clear_context();
    }
    printf("Theorem 14, m = %d, B in %d..%d: %d sources, %d yes, %d no, %d unsettled, at most %ld rows\n", m, bmin, bmax,
           n.yes + n.no, n.yes, n.no, n.unknown, n.max_rows);
    CHECK(n.yes >= count / 3 && (!no_instances || n.no >= count / 3));
    CHECK_INT(n.unknown, 0);
}

int main(int argc, char **argv) {
    (void)argc, (void)argv;
    uint64_t base = check_seed_from_env(20261127);
#if defined(__SANITIZE_ADDRESS__)
    const int scale = 4; /* the same checks on fewer sources under ASan */
#else
    const int scale = 1;
#endif
    strict(base, 500 / scale, 2, 13, 30, true);
    strict(base + 1000000u, 60 / scale, 3, 13, 19, true);
    strict(base + 2000000u, 20 / scale, 1, 5, 40, false); /* m = 1: every instance is a yes */
    return check_done("test_click_reduce");
}
