/* A minimal program over the installed libpuzzlelab (docs/api.md shows this
 * file): load a level, solve it with the algorithm `auto` would pick, and
 * check the certificate by replaying it through the game's rules, as
 * `puzzlelab GAME verify` does.
 *
 *   example GAME LEVEL        e.g. example clickomania small.level
 *
 * Prints the status and the algorithm, the moves (one a line), then
 * "valid (N moves)" or "invalid: why". Exit status as the CLI's: 0 solved and
 * valid, 1 unsolvable or invalid, 2 bad input, 3 unknown. */
#include <stdio.h>

#include <puzzlelab/game.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s GAME LEVEL\n", argv[0]);
        return PL_EXIT_USAGE;
    }
    const pl_game *g = pl_game_find(argv[1]);
    if (!g) {
        fprintf(stderr, "unknown game '%s'\n", argv[1]);
        return PL_EXIT_USAGE;
    }

    /* 1. Load: the file split into headers and sections, then the game's parser. */
    pl_error err = {0};
    char msg[1024];
    pl_level_text lt;
    void *level = NULL;
    if (pl_level_text_read(argv[2], &lt, &err) == 0) {
        level = g->level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    if (!level) {
        pl_error_format(&err, msg, sizeof msg); /* file:line:col: message */
        fprintf(stderr, "%s\n", msg);
        return PL_EXIT_USAGE;
    }

    /* 2. Solve as `solve --algorithm auto` does (NULL: auto's choice, and the
     *    next applicable algorithm when that one declines), under a node limit. */
    const char *objective = g->objectives ? g->objectives[0] : NULL; /* the default */
    pl_limits lim;
    pl_limits_init(&lim, 0, 10000000, 0); /* no time limit, 10^7 nodes, default memory */
    pl_opts opts = {0};                   /* no game options */
    pl_request req = {.opts = &opts, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    if (pl_game_solve(g, NULL, level, &req, &sol, &err)) {
        pl_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "%s\n", msg);
        pl_solution_free(&sol);
        g->level_free(level);
        return PL_EXIT_USAGE;
    }
    printf("%s by %s\n", pl_status_name(sol.status), sol.algorithm);
    if (sol.status != PL_SOLVED && sol.note[0]) printf("%s\n", sol.note); /* why not */
    for (int i = 0; i < sol.moves.n; i++) printf("%s\n", sol.moves.s[i]);

    /* 3. Verify: replay every move through the rules, then check the objective. */
    int rc = pl_status_exit_code(sol.status);
    if (sol.status == PL_SOLVED) {
        void *st = g->state_new(level);
        pl_verdict v = {0};
        char reason[256];
        int i, col;
        for (i = 0; i < sol.moves.n; i++)
            if (g->move_apply(st, sol.moves.s[i], reason, sizeof reason, &col) != PL_MOVE_OK) break;
        if (i < sol.moves.n)
            snprintf(v.reason, sizeof v.reason, "move %d (%.60s): %.160s", i + 1, sol.moves.s[i], reason);
        else
            g->finish(st, objective, &v);
        if (v.ok)
            printf("valid (%d moves)\n", sol.moves.n);
        else
            printf("invalid: %s\n", v.reason);
        rc = v.ok ? PL_EXIT_OK : PL_EXIT_NO;
        g->state_free(st);
    }
    pl_solution_free(&sol);
    g->level_free(level);
    return rc;
}
