/* One column / one row Clickomania (issue 3): the paper's polynomial
 * algorithms against the exhaustive solver, through the game's descriptor so
 * that coordinates and certificates are checked end to end.
 *  - grammar (Theorem 2) and two-colours (Theorems 10, 12): decision equals
 *    exact search on thousands of seeded boards (2 to 6 colours, lengths up
 *    to 14, both orientations, both parities of the number of groups for two
 *    colours); their certificates replay and clear the board;
 *  - line-max (Lemma 1): the optimum equals exact search; certificates replay
 *    to exactly that many blocks;
 *  - grammar and two-colours agree on sampled strings up to length 60;
 *  - census reproduces the published counts of solvable strings;
 *  - long rows and columns replayed run by run (line_replay.c, O(log n) a
 *    click) give the same answers, sizes and boards as the board's own
 *    rules;
 *  - the streamed solve (line_text.c, issue 21 item 5) on seeded texts,
 *    plain and mangled: it takes only levels the general reader accepts,
 *    takes every plain two-colour line, and then gives auto's status,
 *    algorithm and certificate byte for byte;
 *  - the streamed verify on seeded certificates (the solver's, random legal
 *    play with far jumps, mangled and illegal ones): it answers only when
 *    the general replay finds every move legal, then with its verdict and
 *    values, and it answers on every plain solver certificate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_check.h"
#include "puzzlelab/clickomania.h"
#include "state.h" /* click_state_board: the replayed board, for the comparison */

static const pl_game *G = &pl_game_clickomania;

static void *make_level(const int *colours, int n, bool column, char *text, size_t cap) {
    size_t p = 0;
    for (int i = 0; i < n && p + 3 < cap; i++) {
        text[p++] = (char)('a' + colours[i] - 1);
        if (column) text[p++] = '\n';
    }
    if (!column) text[p++] = '\n';
    text[p] = '\0';
    return gc_parse(G, text);
}

/* Runs an algorithm; replays its certificate; returns status and fills the
 * values the replay reached (removed, blocks left). */
static pl_status run_and_replay(const char *name, const char *objective, void *level, long long *removed,
                                bool *replay_ok, bool *cleared) {
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_opts o = {.n = 0};
    pl_request req = {.opts = &o, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
    char why[256];
    const pl_algorithm *a = gc_algorithm(G, name);
    CHECKF(a && a->applies(level, &req, why, sizeof why), "%s applies", name);
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    int rc = a->solve(level, &req, &sol, &err);
    CHECKF(rc == 0, "%s solve returned %d (%s)", name, rc, err.msg);
    void *st = G->state_new(level);
    *replay_ok = true;
    char reason[256];
    int col;
    for (int i = 0; i < sol.moves.n && *replay_ok; i++)
        if (G->move_apply(st, sol.moves.s[i], reason, sizeof reason, &col) != PL_MOVE_OK) {
            *replay_ok = false;
            CHECKF(false, "%s: move %d (%s): %s", name, i + 1, sol.moves.s[i], reason);
        }
    pl_verdict v = {0};
    G->finish(st, "clear", &v);
    *cleared = v.ok;
    *removed = v.value[0];
    if (sol.nvalues) CHECKF(sol.value[0] == v.value[0], "%s claims removed %lld, replay %lld", name, sol.value[0], v.value[0]);
    G->state_free(st);
    pl_status s = sol.status;
    pl_solution_free(&sol);
    return s;
}

static void exact(const void *level, click_objective obj, pl_status *st, long long *removed) {
    const click_level *l = level;
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    click_exact_result r;
    click_solve_exact(&l->board, obj, &lim, &r);
    *st = r.status;
    *removed = r.removed;
    click_exact_result_free(&r);
}

static void property_against_exact(uint64_t base, int boards) {
    int seen[2][2] = {{0, 0}, {0, 0}}; /* two colours: [groups odd][solvable] */
    for (int it = 0; it < boards; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int k = 2 + (int)pl_rng_below(&rng, 5), n = 1 + (int)pl_rng_below(&rng, 14);
        if (it % 3 == 0) k = 2; /* plenty of two-colour boards for Theorems 10 and 12 */
        bool column = it % 2 == 0;
        int colours[64];
        for (int i = 0; i < n; i++) colours[i] = 1 + (int)pl_rng_below(&rng, (uint64_t)k);
        char text[256];
        void *level = make_level(colours, n, column, text, sizeof text);
        check_context(true, seed, "%s board of %d blocks, %d colours:\n%s", column ? "column" : "row", n, k, text);
        if (!CHECK(level != NULL)) continue;
        pl_status est;
        long long eremoved, dummy;
        exact(level, CLICK_CLEAR, &est, &dummy);
        bool ok, cleared;
        long long removed;
        pl_status gs = run_and_replay("grammar", "clear", level, &removed, &ok, &cleared);
        CHECKF(gs == est, "grammar says %s, exact search %s", pl_status_name(gs), pl_status_name(est));
        if (gs == PL_SOLVED) CHECKF(ok && cleared, "grammar certificate clears the board");
        const click_level *cl = level;
        if (cl->board.ncolours <= 2) {
            pl_status ts = run_and_replay("two-colours", "clear", level, &removed, &ok, &cleared);
            CHECKF(ts == est, "two-colours says %s, exact search %s", pl_status_name(ts), pl_status_name(est));
            if (ts == PL_SOLVED) CHECKF(ok && cleared, "two-colours certificate clears the board");
            click_word w;
            click_word_from_board(&cl->board, &w);
            seen[w.ngroups & 1][est == PL_SOLVED]++;
            click_word_free(&w);
        }
        pl_status mst;
        exact(level, CLICK_MAX, &mst, &eremoved);
        run_and_replay("line-max", "max", level, &removed, &ok, &cleared);
        CHECKF(ok && removed == eremoved, "line-max removes %lld, exact search %lld", removed, eremoved);
        G->level_free(level);
    }
    check_clear_context();
    for (int odd = 0; odd < 2; odd++)
        for (int s = 0; s < 2; s++)
            CHECKF(seen[odd][s] >= 50, "two colours, %s groups, %s: only %d boards", odd ? "odd" : "even",
                   s ? "solvable" : "unsolvable", seen[odd][s]);
}

static void grammar_vs_linear(uint64_t base, int strings) {
    for (int it = 0; it < strings; it++) {
        uint64_t seed = base + 1000000u + (uint64_t)it;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int n = 15 + (int)pl_rng_below(&rng, 46), colours[64];
        for (int i = 0; i < n; i++) colours[i] = 1 + (int)pl_rng_below(&rng, 2);
        char text[256];
        void *level = make_level(colours, n, false, text, sizeof text);
        check_context(true, seed, "row of %d blocks: %s", n, text);
        bool ok, cleared;
        long long removed;
        pl_status gs = run_and_replay("grammar", "clear", level, &removed, &ok, &cleared);
        pl_status ts = run_and_replay("two-colours", "clear", level, &removed, &ok, &cleared);
        CHECKF(gs == ts, "grammar %s, two-colours %s", pl_status_name(gs), pl_status_name(ts));
        if (ts == PL_SOLVED) CHECK(ok && cleared);
        G->level_free(level);
    }
    check_clear_context();
}

/* Census against tests/data/clickomania-onecol-counts.tsv, for the rows
 * small enough for a unit test. */
static void census_counts(const char *path) {
    FILE *f = fopen(path, "r");
    if (!CHECKF(f != NULL, "open %s", path)) return;
    char line[512];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        int k, n;
        unsigned long long want;
        if (line[0] == '#' || sscanf(line, "%d\t%d\t%llu", &k, &n, &want) != 3) continue;
        int cap = k == 2 ? 18 : k == 3 ? 10 : k == 4 ? 8 : 7;
        if (n > cap) continue;
        char rows[16], cols[16];
        snprintf(rows, sizeof rows, "%d", n);
        snprintf(cols, sizeof cols, "%d", k);
        pl_opts o = {.name = {"rows", "colours"}, .value = {rows, cols}, .n = 2};
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        json_t *j = json_object();
        pl_error err;
        CHECK(click_census(&o, &lim, j, &err) == 0);
        long long got = json_integer_value(json_object_get(j, "solvable"));
        CHECKF((unsigned long long)got == want, "census %d colours, length %d: %lld solvable, published %llu", k, n,
               got, want);
        json_decref(j);
        checked++;
    }
    fclose(f);
    CHECKF(checked >= 30, "only %d rows of the table checked", checked);
}

/* A row of n blocks (bottom row of `rows` rows) replayed through the
 * descriptor, which takes the run-by-run path at this size, against
 * click_click_at on the board: every click (legal ones, groups of one,
 * empty columns past the end, other rows) the same answer and size; at the
 * end and at a checkpoint the same board. */
static void line_replay_vs_board(uint64_t base, int boards) {
    for (int t = 0; t < boards; t++) {
        uint64_t seed = base + 7919u * (uint64_t)t;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int n = CLICK_LINE_REPLAY_MIN + (int)pl_rng_below(&rng, 3000);
        int rows = t % 3 == 2 ? 3 : 1, colours = 2 + (int)pl_rng_below(&rng, 3);
        size_t cap = (size_t)(rows * (n + 1) + 8);
        char *text = pl_xmalloc(cap);
        size_t p = 0;
        for (int r = 0; r + 1 < rows; r++) {
            memset(text + p, '.', (size_t)n);
            p += (size_t)n;
            text[p++] = '\n';
        }
        for (int i = 0; i < n; i++) text[p++] = (char)('a' + (int)pl_rng_below(&rng, (uint64_t)colours));
        text[p++] = '\n';
        text[p] = '\0';
        check_context(true, seed, "%d x %d row, %d colours", rows, n, colours);
        click_level *l = gc_parse(G, text);
        free(text);
        if (!l) continue;
        click_board ref;
        click_board_init(&ref, l->board.rows, l->board.cols, l->board.ncolours);
        click_board_copy(&ref, &l->board);
        click_scratch scratch;
        click_scratch_init(&scratch, l->board.rows, l->board.cols);
        click_state *st = G->state_new(l);
        CHECK(st->line_mode);
        int clicks = 0, checkpoint = 50 + (int)pl_rng_below(&rng, 400);
        for (int k = 0; k < 4 * n && ref.blocks > 0; k++) {
            int r = rows - 1, c;
            uint64_t what = pl_rng_below(&rng, 20);
            if (what == 0)
                c = ref.width + (int)pl_rng_below(&rng, 5); /* past the last block */
            else
                c = (int)pl_rng_below(&rng, (uint64_t)ref.width);
            if (what == 1 && rows > 1) r = (int)pl_rng_below(&rng, (uint64_t)(rows - 1)); /* an empty row */
            if (c >= l->board.cols) continue;
            char mv[32], reason[128];
            int col;
            snprintf(mv, sizeof mv, "%d,%d", r, c);
            long long before = st->removed;
            pl_move_result got = G->move_apply(st, mv, reason, sizeof reason, &col);
            int size = click_click_at(&ref, &scratch, r, c);
            CHECKF(got == (size >= 2 ? PL_MOVE_OK : PL_MOVE_ILLEGAL), "move %s: %d, the board's group size %d", mv,
                   (int)got, size);
            if (got == PL_MOVE_OK) CHECKF(st->removed - before == size, "move %s removed %lld, the board %d", mv,
                                          st->removed - before, size);
            clicks += size >= 2;
            CHECK(st->board.blocks == ref.blocks);
            if (clicks == checkpoint && st->line_mode && t % 2) {
                /* play reads the cells (a long row in the terminal): the same row */
                int same = 0;
                for (int x = 0; x < l->board.cols; x++) {
                    int colour, want = x < ref.width ? click_at(&ref, x, 0) : 0;
                    G->play->cell(st, rows - 1, x, &colour);
                    same += colour == want;
                }
                CHECKF(same == l->board.cols, "play shows %d of %d cells right", same, l->board.cols);
                CHECK(!st->line_mode);
            } else if (clicks == checkpoint && st->line_mode) {
                /* read the board: the state leaves the run-by-run path, and stays right */
                const click_board *b = click_state_board(st);
                CHECK(!st->line_mode && b->width == ref.width && b->blocks == ref.blocks);
                CHECK(memcmp(b->cell, ref.cell, (size_t)ref.rows * (size_t)ref.cols) == 0);
                CHECK(memcmp(b->height, ref.height, (size_t)ref.cols * sizeof *ref.height) == 0);
            }
        }
        const click_board *b = click_state_board(st);
        CHECK(b->width == ref.width && b->blocks == ref.blocks);
        CHECK(memcmp(b->cell, ref.cell, (size_t)ref.rows * (size_t)ref.cols) == 0);
        G->state_free(st);
        click_scratch_free(&scratch);
        click_board_free(&ref);
        G->level_free(l);
    }
    check_context(false, 0, NULL);
}

/* Long columns replayed run by run (heights as positions, issue 21 item
 * 5: a 10^6-block column's certificate took minutes through the board's
 * rules) give the same answers, sizes and boards as the board's rules. */
static void line_replay_column_vs_board(uint64_t base, int reps) {
    for (int t = 0; t < reps; t++) {
        uint64_t seed = base + 7000 + (uint64_t)t;
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        int n = CLICK_LINE_REPLAY_MIN + (int)pl_rng_below(&rng, 2000), colours = 2 + (int)pl_rng_below(&rng, 3);
        char *text = pl_xmalloc(2 * (size_t)n + 1);
        for (int i = 0; i < n; i++) {
            text[2 * i] = (char)('a' + (int)pl_rng_below(&rng, (uint64_t)colours));
            text[2 * i + 1] = '\n';
        }
        text[2 * n] = '\0';
        check_context(true, seed, "column of %d blocks, %d colours", n, colours);
        click_level *l = gc_parse(G, text);
        free(text);
        if (!CHECK(l != NULL)) continue;
        click_board ref;
        click_board_init(&ref, l->board.rows, l->board.cols, l->board.ncolours);
        click_board_copy(&ref, &l->board);
        click_scratch scratch;
        click_scratch_init(&scratch, l->board.rows, l->board.cols);
        click_state *st = G->state_new(l);
        CHECK(st->line_mode && st->line.column);
        int clicks = 0, checkpoint = 50 + (int)pl_rng_below(&rng, 400);
        for (int k = 0; k < 4 * n && ref.blocks > 0; k++) {
            int h = pl_rng_below(&rng, 20) == 0 ? ref.height[0] + (int)pl_rng_below(&rng, 5) /* above the top */
                                                : (int)pl_rng_below(&rng, (uint64_t)ref.height[0]);
            if (h >= n) continue;
            int r = n - 1 - h, c = pl_rng_below(&rng, 30) == 0 ? 1 : 0; /* column 1 is off the board */
            char mv[32], reason[128];
            int col;
            snprintf(mv, sizeof mv, "%d,%d", r, c);
            long long before = st->removed;
            pl_move_result got = G->move_apply(st, mv, reason, sizeof reason, &col);
            int size = c == 0 ? click_click_at(&ref, &scratch, r, c) : 0;
            CHECKF(got == (size >= 2 ? PL_MOVE_OK : PL_MOVE_ILLEGAL), "move %s: %d, the board's group size %d", mv,
                   (int)got, size);
            if (got == PL_MOVE_OK)
                CHECKF(st->removed - before == size, "move %s removed %lld, the board %d", mv, st->removed - before,
                       size);
            clicks += size >= 2;
            CHECK(st->board.blocks == ref.blocks && st->board.width == ref.width);
            if (clicks == checkpoint && st->line_mode) {
                const click_board *b = click_state_board(st);
                CHECK(!st->line_mode && b->width == ref.width && b->blocks == ref.blocks);
                CHECK(memcmp(b->cell, ref.cell, (size_t)ref.rows * (size_t)ref.cols) == 0);
                CHECK(memcmp(b->height, ref.height, (size_t)ref.cols * sizeof *ref.height) == 0);
            }
        }
        const click_board *b = click_state_board(st);
        CHECK(b->width == ref.width && b->blocks == ref.blocks);
        CHECK(memcmp(b->cell, ref.cell, (size_t)ref.rows * (size_t)ref.cols) == 0);
        CHECK(memcmp(b->height, ref.height, (size_t)ref.cols * sizeof *ref.height) == 0);
        G->state_free(st);
        click_scratch_free(&scratch);
        click_board_free(&ref);
        G->level_free(l);
    }
    check_context(false, 0, NULL);
}

/* A single column of 4,100 blocks is not a row: it is replayed as a
 * column (the run-by-run path once took it for a row of one block). */
static void long_column_not_a_row(void) {
    enum { N = 4100 };
    char *text = pl_xmalloc(2 * N + 1);
    for (int i = 0; i < N; i++) text[2 * i] = 'a', text[2 * i + 1] = '\n';
    text[2 * N] = '\0';
    click_level *l = gc_parse(G, text);
    free(text);
    CHECK(l != NULL);
    if (!l) return;
    click_state *st = G->state_new(l);
    CHECK(st->line_mode && st->line.column);
    char mv[32], reason[128];
    int col;
    snprintf(mv, sizeof mv, "%d,0", N - 1);
    CHECKF(G->move_apply(st, mv, reason, sizeof reason, &col) == PL_MOVE_OK, "the column's click: %s", reason);
    CHECK(st->removed == N && st->board.blocks == 0);
    G->state_free(st);
    G->level_free(l);
}

static void streamed_vs_general(uint64_t base, int texts) {
    static const char palette[] = "abAZ09xq";
    int taken = 0, declined = 0, solved = 0;
    for (int t = 0; t < texts; t++) {
        uint64_t seed = base + 7000000 + (uint64_t)t;
        check_context(true, seed, "streamed vs general");
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool column = pl_rng_below(&rng, 2);
        int k = 1 + (int)pl_rng_below(&rng, 3);
        size_t n = 1 + (size_t)pl_rng_below(&rng, t % 50 == 0 ? 20000 : 300);
        char cols[3];
        for (int c = 0; c < k; c++) cols[c] = palette[pl_rng_below(&rng, sizeof palette - 1)];
        pl_sbuf b = {0};
        if (pl_rng_below(&rng, 2)) pl_sbuf_printf(&b, "# seed %llu\n", (unsigned long long)seed);
        /* long runs now and then, so that groups span the 8-byte loads */
        int runny = (int)pl_rng_below(&rng, 3);
        char cur = cols[0];
        for (size_t i = 0; i < n; i++) {
            if (runny == 0 || pl_rng_below(&rng, 8 * (uint64_t)runny) == 0) cur = cols[pl_rng_below(&rng, (uint64_t)k)];
            pl_sbuf_append(&b, &cur, 1);
            if (column && (i + 1 < n || pl_rng_below(&rng, 4))) pl_sbuf_append(&b, "\n", 1);
        }
        if (!column && pl_rng_below(&rng, 4)) pl_sbuf_append(&b, "\n", 1);
        bool plain = true;
        int edits = pl_rng_below(&rng, 3) == 0 ? 1 + (int)pl_rng_below(&rng, 2) : 0;
        for (int e = 0; e < edits; e++, plain = false) gc_mangle(&rng, &b, " \r.\n#c:\t-");
        const char *objective = pl_rng_below(&rng, 8) ? "clear" : "max";
        static const char *const algorithms[] = {"auto", "two-colours", "grammar", NULL, NULL, NULL};
        const char *algorithm = gc_pick(&rng, algorithms, 6);
        pl_limits lim;
        pl_opts o;
        pl_request req;
        gc_request(&req, &lim, &o, objective);
        pl_text_solve fs;
        bool took = G->solve_text(b.s, b.n, &req, algorithm, &fs) == 1;
        void *level = gc_parse(G, b.s);
        int distinct = 0;
        for (int c = 0; c < k; c++) distinct += memchr(cols, cols[c], (size_t)c) == NULL;
        bool streamable = plain && distinct <= 2 && strcmp(objective, "clear") == 0 &&
                          (!algorithm || strcmp(algorithm, "grammar") != 0);
        CHECKF(!streamable || took, "a plain two-colour line was not streamed:\n%.200s", b.s);
        CHECKF(!took || level, "streamed a level the general reader rejects:\n%.200s", b.s);
        if (took && level) {
            taken++;
            const pl_algorithm *alg = algorithm && strcmp(algorithm, "auto") ? gc_algorithm(G, algorithm) : NULL;
            pl_sbuf cert = {0};
            solved += gc_streamed_same(G, &fs, level, alg, req, &rng, &cert);
            free(cert.s);
        } else if (took) {
            fs.free(fs.state);
        } else {
            declined++;
        }
        if (level) G->level_free(level);
        free(b.s);
    }
    check_clear_context();
    CHECKF(taken > texts / 4 && declined > texts / 4 && solved > texts / 20, "taken %d, declined %d, solved %d",
           taken, declined, solved);
}

static void streamed_verify_vs_general(uint64_t base, int cases) {
    static const char *const objectives[] = {"clear", "max", "score"};
    int taken = 0, declined = 0;
    for (int t = 0; t < cases; t++) {
        uint64_t seed = base + 8000000 + (uint64_t)t;
        check_context(true, seed, "streamed verify vs general");
        pl_rng rng;
        pl_rng_seed(&rng, seed);
        bool column = pl_rng_below(&rng, 2);
        int k = 1 + (int)pl_rng_below(&rng, 2);
        int n = 1 + (int)pl_rng_below(&rng, t % 40 == 0 ? 5000 : 200);
        pl_sbuf lv = {0};
        pl_sbuf_printf(&lv, "# seed %llu\n", (unsigned long long)seed);
        for (int i = 0; i < n; i++) {
            char ch = (char)('a' + pl_rng_below(&rng, (uint64_t)k));
            pl_sbuf_append(&lv, &ch, 1);
            if (column) pl_sbuf_append(&lv, "\n", 1);
        }
        if (!column) pl_sbuf_append(&lv, "\n", 1);
        void *level = gc_parse(G, lv.s);
        CHECK(level != NULL);
        if (!level) {
            free(lv.s);
            continue;
        }
        /* the certificate: the solver's, or random legal clicks anywhere (far jumps) */
        pl_strvec moves = {0};
        int kind = (int)pl_rng_below(&rng, 3);
        if (kind == 0) {
            pl_limits lim;
            pl_opts o;
            pl_request req;
            gc_request(&req, &lim, &o, "clear");
            pl_solution sol;
            pl_error err = {0};
            CHECK(pl_game_solve(G, NULL, level, &req, &sol, &err) == 0);
            for (int i = 0; i < sol.moves.n; i++) pl_strvec_push(&moves, sol.moves.s[i]);
            pl_solution_free(&sol);
        } else {
            void *st = G->state_new(level);
            char mv[64], reason[256];
            int col, left = n; /* blocks left */
            for (int tries = 0; tries < 4 * n && left > 0; tries++) {
                int at = (int)pl_rng_below(&rng, (uint64_t)left);
                snprintf(mv, sizeof mv, column ? "%d,0" : "0,%d", column ? n - 1 - at : at);
                if (G->move_apply(st, mv, reason, sizeof reason, &col) == PL_MOVE_OK) {
                    pl_strvec_push(&moves, mv);
                    pl_verdict vv = {0};
                    G->finish(st, "max", &vv);
                    left = n - (int)vv.value[0];
                }
            }
            G->state_free(st);
        }
        bool plain = true;
        pl_sbuf mt = {0};
        if (pl_rng_below(&rng, 2)) pl_sbuf_printf(&mt, "# puzzlelab clickomania solve t.level\n");
        if (pl_rng_below(&rng, 2)) pl_sbuf_printf(&mt, "moves:\n");
        for (int i = 0; i < moves.n; i++) pl_sbuf_printf(&mt, "%s\n", moves.s[i]);
        if (mt.n && pl_rng_below(&rng, 4) == 0) mt.n--; /* no final line break */
        if (pl_rng_below(&rng, 3) == 0) { /* a mangled byte, or one more move anywhere */
            if (pl_rng_below(&rng, 2)) {
                gc_mangle(&rng, &mt, " \r#,-0159\nx");
            } else {
                char extra[32];
                snprintf(extra, sizeof extra, column ? "%d,0\n" : "0,%d\n", (int)pl_rng_below(&rng, (uint64_t)n + 2));
                size_t at = (size_t)pl_rng_below(&rng, mt.n + 1), e = strlen(extra);
                for (size_t i = 0; i < e; i++) pl_sbuf_append(&mt, "x", 1);
                memmove(mt.s + at + e, mt.s + at, mt.n - e - at);
                memcpy(mt.s + at, extra, e);
            }
            plain = false;
        }
        pl_sbuf_append(&mt, "", 0);
        const char *objective = objectives[pl_rng_below(&rng, 3)];
        bool took = gc_streamed_verify_same(G, level, lv.s, lv.n, mt.s, mt.n, objective);
        CHECKF(took || !plain || kind != 0, "a plain solver certificate was not streamed:\n%.300s", mt.s);
        taken += took;
        declined += !took;
        pl_strvec_free(&moves);
        free(mt.s);
        free(lv.s);
        G->level_free(level);
    }
    check_clear_context();
    CHECKF(taken > cases / 3 && declined > cases / 20, "taken %d, declined %d", taken, declined);
}

int main(int argc, char **argv) {
    uint64_t base = check_seed_from_env(20261122);
    long_column_not_a_row();
    line_replay_vs_board(base, 12);
    line_replay_column_vs_board(base, 12);
    property_against_exact(base, 3000);
    grammar_vs_linear(base, 500);
    streamed_vs_general(base, SANITIZED ? 1500 : 6000);
    streamed_verify_vs_general(base, SANITIZED ? 1000 : 4000);
    census_counts(argc > 1 ? argv[1] : "data/clickomania-onecol-counts.tsv");
    return check_done("click_line");
}
