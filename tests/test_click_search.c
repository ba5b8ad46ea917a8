/* The anytime Clickomania / SameGame optimisers (clickomania_search.h):
 *  - the fast engine against the library's rules (rules.c) on random boards
 *    and random games: same clickable groups (cell, size, colour), same board
 *    after every click;
 *  - every algorithm (greedy, beam with heuristic and with playout
 *    evaluation, NMCS, NRPA; score and max; one and two threads) on seeded
 *    random boards under node budgets: the certificate, as the solve
 *    wrappers write it ("r,c" in frame coordinates), replays through the
 *    descriptor (state_new / move_apply / finish) to exactly the claimed
 *    values, and is never worse than the greedy baseline;
 *  - determinism: one thread, same seed and node budget, same moves;
 *  - the node budget is obeyed exactly with one thread.
 * No time limits: node budgets keep it fast and reproducible. PL_TEST_SEED
 * replays other boards. */
#include "game_check.h"

#include "puzzlelab/clickomania_search.h"

static const pl_game *G = &pl_game_clickomania;

static void random_board(click_board *b, int rows, int cols, int k, pl_rng *rng, bool ragged) {
    click_board_init(b, rows, cols, k);
    int width = ragged ? 1 + (int)pl_rng_below(rng, (uint64_t)cols) : cols;
    for (int c = 0; c < width; c++) {
        int hgt = ragged ? 1 + (int)pl_rng_below(rng, (uint64_t)rows) : rows;
        for (int h = 0; h < hgt; h++)
            b->cell[(size_t)c * (size_t)rows + (size_t)h] = (uint8_t)(1 + pl_rng_below(rng, (uint64_t)k));
        b->height[c] = hgt;
        b->blocks += hgt;
    }
    b->width = width;
}

static char *board_desc(const click_board *b) {
    static const char alpha[] = "abcdefghijklmnopqrstuvwxyz";
    size_t n = (size_t)b->rows * (size_t)(b->cols + 1) + 1;
    char *t = malloc(n), *p = t;
    for (int r = 0; r < b->rows; r++) {
        int h = b->rows - 1 - r;
        for (int c = 0; c < b->cols; c++) *p++ = h < b->height[c] ? alpha[click_at(b, c, h) - 1] : '.';
        *p++ = '\n';
    }
    *p = '\0';
    return t;
}

/* ---------- engine vs rules.c ---------- */

static bool same_board(const cs_shape *sh, const cs_board *x, const click_board *b) {
    if (x->width != b->width || x->blocks != b->blocks) return false;
    const int32_t *hg = cs_height(sh, x);
    const uint8_t *cell = cs_cell(sh, x);
    int counts[CLICK_MAX_COLOURS + 1];
    click_colour_counts(b, counts);
    for (int k = 1; k <= b->ncolours; k++)
        if (cs_count(sh, x)[k] != counts[k]) return false;
    for (int c = 0; c < b->cols; c++) {
        if (hg[c] != b->height[c]) return false;
        for (int h = 0; h <= b->rows; h++) {
            int v = h < b->rows ? click_at(b, c, h) : 0;
            if (cell[cs_index(sh, c, h)] != v) return false;
        }
    }
    /* padding columns stay empty */
    for (int h = 0; h <= b->rows; h++)
        if (cell[h] != 0 || cell[(b->cols + 1) * sh->stride + h] != 0) return false;
    return true;
}

static bool same_move(const cs_move *a, const cs_move *b, bool codes) {
    return a->col == b->col && a->h == b->h && a->size == b->size && a->colour == b->colour && a->cmax == b->cmax &&
           (!codes || a->code == b->code);
}

static bool same_list(const cs_move *a, int na, const cs_move *b, int nb, bool codes) {
    if (na != nb) return false;
    for (int i = 0; i < na; i++)
        if (!same_move(&a[i], &b[i], codes)) return false;
    return true;
}

/* Random games played on rules.c, the byte engine and the bitboard twin at
 * once: after every click, the same board in all three, the same groups
 * (the engines in the same column-major order as click_find_groups), and
 * each incremental list (byte engine; twin with every colour and without
 * one colour) equal to a fresh enumeration, codes included. */
static void test_engine(uint64_t seed) {
    static const int shapes[][3] = {{1, 1, 1},  {1, 6, 2},  {6, 1, 2},   {3, 3, 2},   {5, 5, 3},
                                    {6, 8, 4},  {8, 6, 3},  {10, 10, 5}, {15, 15, 5}, {4, 12, 2},
                                    {12, 4, 6}, {63, 3, 3}, {64, 3, 3},  {2, 40, 3}};
    int games = 0, clicks = 0;
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        for (int rep = 0; rep < 16; rep++) {
            uint64_t bseed = seed * 1000003u + si * 101u + (uint64_t)rep;
            pl_rng rng;
            pl_rng_seed(&rng, bseed);
            click_board b;
            random_board(&b, shapes[si][0], shapes[si][1], shapes[si][2], &rng, rep % 3 == 2);
            char *desc = board_desc(&b);
            check_context(true, bseed, "%s", desc);
            cs_shape sh;
            CHECK(cs_shape_init(&sh, b.rows, b.cols, b.ncolours) == 0);
            cs_board *x = cs_board_new(&sh);
            cs_board_load(&sh, x, &b);
            cs_work w;
            cs_work_init(&w, &sh);
            CHECK((w.bits != NULL) == (b.rows <= 63));
            click_scratch sc;
            click_scratch_init(&sc, b.rows, b.cols);
            size_t cap = (size_t)cs_max_moves(x);
            cs_move *mv = malloc(cap * sizeof *mv), *inc = malloc(cap * sizeof *inc),
                    *fresh = malloc(cap * sizeof *fresh);
            cs_move *ball = malloc(cap * sizeof *ball), *bskip = malloc(cap * sizeof *bskip);
            cs_move *bonly = malloc(cap * sizeof *bonly);
            int skip = 1 + (int)pl_rng_below(&rng, (uint64_t)b.ncolours);
            int ninc = cs_moves(&sh, x, &w, inc), nball = 0, nbskip = 0, nbonly = 0;
            if (w.bits) {
                cs_bits_load(&sh, &w, x);
                CHECK(cs_bits_same(&sh, &w, x));
                nball = cs_bits_moves(&w, ball, 0);
                nbskip = cs_bits_moves(&w, bskip, skip);
                nbonly = cs_bits_moves_of(&w, bonly, skip);
            }
            CHECK(same_board(&sh, x, &b));
            for (;;) {
                int n = cs_moves(&sh, x, &w, mv);
                int ng = click_find_groups(&b, &sc), m = 0;
                bool match = true;
                for (int g = 0; g < ng; g++) {
                    const click_group *cg = &sc.groups[g];
                    if (cg->size < 2) continue;
                    /* both enumerate in column-major order of the group's cell */
                    if (m >= n || mv[m].col != cg->col || mv[m].h != cg->h || mv[m].size != cg->size ||
                        mv[m].colour != cg->colour || mv[m].cmax != cg->cmax)
                        match = false;
                    m++;
                }
                CHECKF(match && m == n, "groups differ (engine %d, rules %d) after %d clicks", n, m, clicks);
                CHECKF(same_list(inc, ninc, mv, n, true), "byte engine: incremental list differs after %d clicks",
                       clicks);
                if (w.bits) {
                    CHECKF(same_list(ball, nball, mv, n, false), "twin: groups differ after %d clicks", clicks);
                    int nf = cs_bits_moves(&w, fresh, 0);
                    CHECKF(same_list(ball, nball, fresh, nf, true), "twin: incremental list differs after %d clicks",
                           clicks);
                    nf = cs_bits_moves(&w, fresh, skip);
                    CHECKF(same_list(bskip, nbskip, fresh, nf, true),
                           "twin: incremental list without colour %d differs after %d clicks", skip, clicks);
                    int no = 0;
                    for (int i = 0; i < n; i++) no += mv[i].colour == skip;
                    nf = cs_bits_moves_of(&w, fresh, skip);
                    CHECK_INT(nf, no);
                    CHECKF(same_list(bonly, nbonly, fresh, nf, true),
                           "twin: incremental list of colour %d differs after %d clicks", skip, clicks);
                }
                if (!match || m != n || n == 0) break;
                int pick = (int)pl_rng_below(&rng, (uint64_t)n);
                int r = b.rows - 1 - mv[pick].h, c = mv[pick].col;
                int s1 = cs_play(&sh, x, &w, mv[pick].col, mv[pick].h);
                int s2 = click_click_at(&b, &sc, r, c);
                CHECK_INT(s1, s2);
                ninc = cs_moves_after(&sh, x, &w, inc, ninc);
                if (w.bits) {
                    CHECK_INT(cs_bits_play(&w, mv[pick].col, mv[pick].h), s2);
                    CHECK_INT(cs_bits_blocks(&w), b.blocks);
                    CHECKF(cs_bits_same(&sh, &w, x), "twin: board differs after click %d,%d", r, c);
                    nball = cs_bits_moves_after(&w, ball, nball, 0);
                    nbskip = cs_bits_moves_after(&w, bskip, nbskip, skip);
                    nbonly = cs_bits_moves_after_of(&w, bonly, nbonly, skip);
                }
                clicks++;
                if (!CHECKF(same_board(&sh, x, &b), "boards differ after click %d,%d", r, c)) break;
            }
            /* the key is a function of the board */
            cs_board *y = cs_board_new(&sh);
            cs_board_load(&sh, y, &b);
            pl_key128 k1 = cs_board_key(&sh, x), k2 = cs_board_key(&sh, y);
            CHECK(k1.a == k2.a && k1.b == k2.b);
            free(y);
            /* playouts: the clicks replay with rules.c to the value returned */
            cs_board *root = cs_board_new(&sh), *pb = cs_board_new(&sh);
            click_board start;
            pl_rng_seed(&rng, bseed);
            random_board(&start, shapes[si][0], shapes[si][1], shapes[si][2], &rng, rep % 3 == 2);
            cs_board_load(&sh, root, &start);
            cs_cellref *seq = malloc(cap * sizeof *seq);
            for (int t = 0; t < 3; t++) {
                cs_board_copy(&sh, pb, root);
                int len, tabu = t == 0 ? 0 : cs_most_frequent(&sh, root);
                click_objective obj = t == 2 ? CLICK_MAX : CLICK_SCORE;
                long long v = cs_playout(&sh, pb, &w, &rng, tabu, obj, mv, seq, &len);
                click_search_result r = {.nmoves = len, .moves = seq};
                long long sco, rem;
                CHECKF(click_search_replay(&start, obj, &r, &sco, &rem) == v, "playout %d: replay differs", t);
                /* a playout ends with no clickable group */
                click_board end;
                click_board_init(&end, start.rows, start.cols, start.ncolours);
                click_board_copy(&end, &start);
                for (int i = 0; i < len; i++) click_click_at(&end, &sc, start.rows - 1 - seq[i].h, seq[i].col);
                int ng = click_find_groups(&end, &sc), big = 0;
                for (int g = 0; g < ng; g++) big += sc.groups[g].size >= 2;
                CHECK_INT(big, 0);
                click_board_free(&end);
            }
            free(seq);
            free(root);
            free(pb);
            click_board_free(&start);
            games++;
            free(mv);
            free(inc);
            free(fresh);
            free(ball);
            free(bskip);
            free(bonly);
            click_scratch_free(&sc);
            cs_work_free(&w);
            free(x);
            cs_shape_free(&sh);
            click_board_free(&b);
            free(desc);
        }
    }
    check_clear_context();
    CHECK(games >= 200 && clicks > 1000);
}

/* ---------- algorithms: certificates through the descriptor ---------- */

/* A level (through the descriptor's parser) holding board b. */
static void *level_of(const click_board *b) {
    char *t = board_desc(b);
    pl_error err = {0};
    void *l = gc_parse_file(G, "search.level", t, &err);
    free(t);
    CHECKF(l != NULL, "level: %s", err.msg);
    return l;
}

/* Replays sol's moves through the descriptor; checks they are legal and
 * reach the claimed values. */
static void check_certificate(const void *level, const pl_solution *sol, const char *objective, const char *what) {
    void *st = G->state_new(level);
    bool legal = true;
    for (int i = 0; i < sol->moves.n && legal; i++) {
        char reason[256] = "";
        int col = 0;
        pl_move_result mr = G->move_apply(st, sol->moves.s[i], reason, sizeof reason, &col);
        legal = CHECKF(mr == PL_MOVE_OK, "%s: move %d (%s) rejected: %s", what, i + 1, sol->moves.s[i], reason);
    }
    pl_verdict v;
    memset(&v, 0, sizeof v);
    G->finish(st, objective, &v);
    G->state_free(st);
    if (!legal) return;
    CHECK(v.ok);
    long long removed = -1, score = -1, cr = -2, cs = -2;
    for (int i = 0; i < v.nvalues; i++) {
        if (strcmp(v.value_name[i], "removed") == 0) removed = v.value[i];
        if (strcmp(v.value_name[i], "score") == 0) score = v.value[i];
    }
    for (int i = 0; i < sol->nvalues; i++) {
        if (strcmp(sol->value_name[i], "removed") == 0) cr = sol->value[i];
        if (strcmp(sol->value_name[i], "score") == 0) cs = sol->value[i];
    }
    CHECKF(removed == cr && score == cs, "%s: claimed removed %lld score %lld, replay gives %lld and %lld", what, cr,
           cs, removed, score);
}

static long long value_of(const pl_solution *sol, const char *objective) {
    const char *name = strcmp(objective, "max") == 0 ? "removed" : "score";
    for (int i = 0; i < sol->nvalues; i++)
        if (strcmp(sol->value_name[i], name) == 0) return sol->value[i];
    return -1;
}

typedef int (*solve_fn)(const void *, const pl_request *, pl_solution *, pl_error *);

typedef struct alg_case {
    const char *name;
    solve_fn solve;
    const char *argv[8]; /* extra options, name/value pairs */
} alg_case;

static bool run_alg(const void *level, const alg_case *a, const char *objective, uint64_t seed, int threads,
                    uint64_t nodes, pl_solution *sol, pl_limits *lim) {
    pl_opts o;
    memset(&o, 0, sizeof o);
    for (int i = 0; a->argv[i]; i += 2) {
        o.name[o.n] = a->argv[i];
        o.value[o.n++] = a->argv[i + 1];
    }
    pl_limits_init(lim, 0, nodes, 0);
    pl_request req = {.opts = &o, .objective = objective, .seed = seed, .limits = lim, .threads = threads};
    pl_solution_init(sol);
    sol->algorithm = a->name;
    pl_error err = {0};
    int rc = a->solve(level, &req, sol, &err);
    CHECKF(rc == 0, "%s: %s", a->name, err.msg);
    if (rc) return false;
    CHECK(sol->status == PL_SOLVED);
    CHECK(sol->optimal == 0);
    return true;
}

static bool same_moves(const pl_solution *a, const pl_solution *b) {
    if (a->moves.n != b->moves.n) return false;
    for (int i = 0; i < a->moves.n; i++)
        if (strcmp(a->moves.s[i], b->moves.s[i]) != 0) return false;
    return true;
}

static void test_algorithms(uint64_t seed) {
    static const alg_case algs[] = {
        {"nrpa", click_solve_nrpa, {"level", "2", "iterations", "12", NULL, NULL}},
        {"nrpa-hard", click_solve_nrpa, {"level", "2", "tabu", "hard", NULL, NULL}},
        {"nrpa-soft", click_solve_nrpa, {"level", "1", "tabu", "soft", "tabu-bias", "-1"}},
        {"nmcs", click_solve_nmcs, {"level", "1", NULL, NULL, NULL, NULL}},
        {"nmcs2", click_solve_nmcs, {"level", "2", NULL, NULL, NULL, NULL}},
        {"beam", click_solve_beam, {"width", "4", NULL, NULL, NULL, NULL}},
        {"beam-heuristic", click_solve_beam, {"width", "8", "beam-playouts", "0", NULL, NULL}},
        {"beam-2", click_solve_beam, {"width", "2", "beam-playouts", "2", NULL, NULL}},
    };
    static const alg_case greedy = {"greedy", click_solve_greedy, {NULL}};
    static const int shapes[][3] = {{6, 6, 3}, {8, 8, 4}, {11, 9, 5}, {70, 3, 3}};
    static const char *const objectives[] = {"score", "max"};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        uint64_t bseed = seed * 7919u + si;
        pl_rng rng;
        pl_rng_seed(&rng, bseed);
        click_board b;
        random_board(&b, shapes[si][0], shapes[si][1], shapes[si][2], &rng, false);
        char *desc = board_desc(&b);
        void *level = level_of(&b);
        if (!level) {
            free(desc);
            click_board_free(&b);
            continue;
        }
        for (int oi = 0; oi < 2; oi++) {
            const char *obj = objectives[oi];
            pl_limits lim;
            pl_solution gs;
            check_context(true, bseed, "greedy, %s, board:\n%s", obj, desc);
            run_alg(level, &greedy, obj, 1, 1, 0, &gs, &lim);
            check_certificate(level, &gs, obj, "greedy");
            long long gv = value_of(&gs, obj);
            for (size_t ai = 0; ai < sizeof algs / sizeof algs[0]; ai++) {
                const alg_case *a = &algs[ai];
                check_context(true, bseed, "%s, %s, board:\n%s", a->name, obj, desc);
                uint64_t budget = 150 + 50 * si;
                pl_solution s1, s2, s3;
                (void)s3;
                pl_limits l1, l2, l3;
                if (!run_alg(level, a, obj, 42, 1, budget, &s1, &l1)) continue;
                check_certificate(level, &s1, obj, a->name);
                CHECKF(value_of(&s1, obj) >= gv, "%s: %lld worse than greedy %lld", a->name, value_of(&s1, obj), gv);
                CHECKF(s1.nodes <= budget, "%s: %llu nodes over the budget %llu", a->name, (unsigned long long)s1.nodes,
                       (unsigned long long)budget);
                /* determinism: same seed, same budget, one thread */
                run_alg(level, a, obj, 42, 1, budget, &s2, &l2);
                CHECKF(same_moves(&s1, &s2) && s1.nodes == s2.nodes, "%s: two runs with seed 42 differ", a->name);
                /* two threads: still a valid certificate, never worse than greedy */
                if (oi == 0) {
                    run_alg(level, a, obj, 7, 2, budget, &s3, &l3);
                    check_certificate(level, &s3, obj, a->name);
                    CHECK(value_of(&s3, obj) >= gv);
                    pl_solution_free(&s3);
                }
                pl_solution_free(&s1);
                pl_solution_free(&s2);
            }
            pl_solution_free(&gs);
        }
        G->level_free(level);
        free(desc);
        click_board_free(&b);
    }
    check_clear_context();
}

/* Without limits each algorithm makes one pass and stops; more budget never
 * hurts on these boards (the runs share their seed prefix only, so this is
 * a sanity check of the anytime loop, not a theorem: the incumbent keeps the
 * value monotone only within one run). */
static void test_one_pass(uint64_t seed) {
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    click_board b;
    random_board(&b, 8, 8, 3, &rng, false);
    click_search_params p;
    click_search_params_default(&p, CLICK_SEARCH_NMCS, CLICK_SCORE);
    p.level = 1;
    click_search_result r;
    CHECK(click_search_run(&b, &p, &r) == 0);
    CHECK_INT(r.runs, 1);
    CHECK_INT(r.limit_hit, PL_LIMIT_NONE);
    long long sc = -1, rm = -1;
    CHECK(click_search_replay(&b, CLICK_SCORE, &r, &sc, &rm) == r.score);
    CHECK_INT(rm, r.removed);
    click_search_result_free(&r);
    click_search_params_default(&p, CLICK_SEARCH_BEAM, CLICK_MAX);
    p.width = 16;
    CHECK(click_search_run(&b, &p, &r) == 0);
    CHECK_INT(r.runs, 1);
    CHECK_INT(r.width, 16);
    CHECK(click_search_replay(&b, CLICK_MAX, &r, &sc, &rm) == r.removed);
    click_search_result_free(&r);
    /* a board without a clickable group, under a node budget: every
     * algorithm returns the empty sequence at once (the budget counts
     * playouts, and there are none to make) */
    click_board chk;
    click_board_init(&chk, 4, 5, 2);
    for (int c = 0; c < 5; c++) {
        for (int h = 0; h < 4; h++) chk.cell[c * 4 + h] = (uint8_t)(1 + (c + h) % 2);
        chk.height[c] = 4;
    }
    chk.width = 5;
    chk.blocks = 20;
    for (int a = CLICK_SEARCH_GREEDY; a <= CLICK_SEARCH_NRPA; a++) {
        click_search_params_default(&p, (click_search_alg)a, CLICK_SCORE);
        p.node_limit = 100;
        p.threads = 2;
        CHECK(click_search_run(&chk, &p, &r) == 0);
        CHECK_INT(r.nmoves, 0);
        CHECK_INT(r.score, 0);
        click_search_result_free(&r);
    }
    click_board_free(&chk);
    /* clear is not an objective for these */
    click_search_params_default(&p, CLICK_SEARCH_NRPA, CLICK_CLEAR);
    CHECK(click_search_run(&b, &p, &r) == -1);
    click_board_free(&b);
}

/* Regression (found by the fuzzer): on a board cleared by its only click,
 * NMCS of level >= 2 reached the end of the game above level 0, so no run
 * ever counted a playout and, under a node limit, runs repeated forever. Every
 * algorithm must stop under a node limit there and return the clearing click. */
static void test_one_click_games(void) {
    static const alg_case algs[] = {
        {"nmcs", click_solve_nmcs, {"level", "2", NULL, NULL}}, {"nmcs", click_solve_nmcs, {"level", "3", NULL, NULL}},
        {"nrpa", click_solve_nrpa, {"level", "2", NULL, NULL}}, {"beam", click_solve_beam, {NULL, NULL}},
        {"greedy", click_solve_greedy, {NULL, NULL}},
    };
    static const char *const boards[] = {"33\n", "333333333333333333333333333333\n", "3\n3\n3\n"};
    for (size_t bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        pl_level_text lt;
        pl_error err = {0};
        if (!CHECK(pl_level_text_parse("one.level", boards[bi], strlen(boards[bi]), &lt, &err) == 0)) continue;
        void *level = G->level_parse(&lt, &err);
        pl_level_text_free(&lt);
        if (!CHECKF(level != NULL, "level: %s", err.msg)) continue;
        for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++)
            for (int k = 0; k < 2; k++) {
                const char *objective = k ? "score" : "max";
                pl_solution sol;
                pl_limits lim;
                check_context(false, 0, "%s on board %zu, objective %s", algs[a].name, bi, objective);
                if (run_alg(level, &algs[a], objective, 1, 1, 256, &sol, &lim)) {
                    CHECKF(sol.moves.n == 1, "%d moves, expected the one clearing click", sol.moves.n);
                    check_certificate(level, &sol, objective, algs[a].name);
                }
                pl_solution_free(&sol);
            }
        check_clear_context();
        G->level_free(level);
    }
}

/* Zobrist keys: a shape small enough keeps tables, a large one computes the
 * keys (cs_zobrist, pl_splitmix64_at); both must give splitmix64's
 * sequence, so search results do not depend on the board's size class. */
static void test_zobrist(void) {
    cs_shape sh;
    CHECK(cs_shape_init(&sh, 15, 15, 5) == 0);
    if (CHECK(sh.zcode != NULL && sh.zkey != NULL)) {
        size_t n = (size_t)sh.ncells * 6;
        uint64_t s1 = CS_ZSEED_CODE, s2 = CS_ZSEED_KEY;
        int bad = 0;
        for (size_t i = 0; i < n; i++) {
            bad += sh.zcode[i] != pl_splitmix64(&s1) || cs_zobrist(NULL, CS_ZSEED_CODE, i) != sh.zcode[i];
            bad += sh.zkey[i] != pl_splitmix64(&s2) || cs_zobrist(NULL, CS_ZSEED_KEY, i) != sh.zkey[i];
        }
        CHECKF(bad == 0, "%d Zobrist keys differ between the table and the computed key", bad);
    }
    cs_shape_free(&sh);
    CHECK(cs_shape_init(&sh, 1000, 1000, 5) == 0);
    CHECK(sh.zcode == NULL && sh.zkey == NULL); /* 6 M keys: computed, no 96 MB of tables */
    cs_shape_free(&sh);
    uint64_t st = 12345;
    int bad = 0;
    for (uint64_t i = 1; i <= 1000; i++) bad += pl_splitmix64(&st) != pl_splitmix64_at(12345, i);
    CHECK(bad == 0);
}

int main(void) {
    uint64_t seed = check_seed_from_env(1);
    test_zobrist();
    test_one_click_games();
    test_engine(seed);
    test_algorithms(seed);
    test_one_pass(seed);
    return check_done("test_click_search");
}
