/* Two-player Buttons & Scissors (Section 4 of the paper): the players header
 * (file:line:col errors), the verify path through the descriptor (wrong
 * player's colour, infeasible cut, game not over, winner), known answers,
 * and on thousands of seeded random small boards:
 *   - impartial: Sprague-Grundy (grundy) against plain minimax, and both
 *     against a brute force written here;
 *   - partisan and scoring: minimax against the brute force;
 *   - every principal variation replays through the descriptor, ends the
 *     game, and reaches the winner (and scoring margin) the solver claimed.
 * The brute force plays on cell arrays with the single-player rule
 * (buttons_cut_check) over every pair of cells, memoised on the set of
 * occupied cells (boards of at most 20 cells). Limits give unknown.
 * Seed: PL_TEST_SEED; a failure prints the seed and the board. */
#include <dirent.h>

#include "game_check.h"

#include "puzzlelab/buttons.h"

static const pl_game *G = &pl_game_buttons;

static buttons_level *load(const char *text) {
    return gc_load(G, "2p.level", text);
}

static void bad_level(const char *text, const char *expect_prefix, const char *expect_part) {
    gc_reject(G, "2p.level", text, expect_prefix, expect_part);
}

/* Runs algorithm name; returns the status, fills sol (caller frees). */
static pl_status run(const char *name, const buttons_level *l, uint64_t node_limit, pl_solution *sol) {
    const pl_algorithm *a = gc_algorithm(G, name);
    pl_solution_init(sol);
    CHECKF(a != NULL, "no algorithm %s", name);
    if (!a) return PL_UNKNOWN;
    pl_limits lim;
    pl_limits_init(&lim, check_time_limit(20), node_limit, (size_t)64 << 20);
    pl_opts o;
    memset(&o, 0, sizeof o);
    pl_request req = {.opts = &o, .objective = NULL, .seed = 1, .limits = &lim, .threads = 1};
    char why[256] = "";
    bool ok = a->applies(l, &req, why, sizeof why);
    CHECKF(ok, "%s should apply: %s", name, why);
    if (!ok) return PL_UNKNOWN;
    pl_error err;
    memset(&err, 0, sizeof err);
    int rc = a->solve(l, &req, sol, &err);
    CHECKF(rc == 0, "%s returned %d: %s", name, rc, err.msg);
    return sol->status;
}

static long long value_of(const pl_solution *s, const char *name) {
    for (int i = 0; i < s->nvalues; i++)
        if (strcmp(s->value_name[i], name) == 0) return s->value[i];
    CHECKF(0, "no value %s", name);
    return -999;
}

static long long verdict_value(const pl_verdict *v, const char *name) {
    for (int i = 0; i < v->nvalues; i++)
        if (strcmp(v->value_name[i], name) == 0) return v->value[i];
    return -999;
}

/* Replays moves through the descriptor. Returns the index of the first
 * illegal move (reason filled) or -1, and the verdict after the last move. */
static int replay(const buttons_level *l, const char *const *moves, int n, pl_verdict *v, char *reason, size_t rn) {
    void *st = G->state_new(l);
    int bad = -1;
    reason[0] = '\0';
    for (int i = 0; i < n && bad < 0; i++) {
        int col = 0;
        if (G->move_apply(st, moves[i], reason, rn, &col) != PL_MOVE_OK) bad = i;
    }
    memset(v, 0, sizeof *v);
    if (bad < 0) G->finish(st, NULL, v);
    G->state_free(st);
    return bad;
}

static int replay_list(const buttons_level *l, const char *list, pl_verdict *v, char *reason, size_t rn) {
    char buf[1024], *m[64];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *t = strtok_r(buf, ";", &save); t && n < 64; t = strtok_r(NULL, ";", &save)) {
        while (*t == ' ') t++;
        m[n++] = t;
    }
    return replay(l, (const char *const *)m, n, v, reason, rn);
}

/* ---------- the header and the verify path ---------- */
static void headers(void) {
    buttons_level *l = load("players: partisan b r g\nbbr\nrgg\n");
    if (l) {
        CHECK_INT(l->players, BUTTONS_PARTISAN);
        /* colours are numbered in order of appearance: b 1, r 2, g 3 */
        CHECK(buttons_player_may_cut(l, 1, 1) && !buttons_player_may_cut(l, 1, 2) && buttons_player_may_cut(l, 1, 3));
        CHECK(!buttons_player_may_cut(l, 2, 1) && buttons_player_may_cut(l, 2, 2) && buttons_player_may_cut(l, 2, 3));
        G->level_free(l);
    }
    l = load("players: partisan bx - \nbbx\nrrx\n");
    if (l) {
        CHECK(l->may_cut[2] == 0);
        CHECK(!buttons_player_may_cut(l, 1, 3)); /* r: nobody's */
        G->level_free(l);
    }
    l = load("players: single\naa\n");
    if (l) {
        CHECK_INT(l->players, BUTTONS_SINGLE);
        G->level_free(l);
    }
    l = load("aa\n");
    if (l) {
        CHECK_INT(l->players, BUTTONS_SINGLE);
        G->level_free(l);
    }
    bad_level("players: chess\naa\n", "2p.level:1:10:", "expected single, partisan, impartial or scoring");
    bad_level("players: impartial a\naa\n", "2p.level:1:20:", "takes no colours");
    bad_level("players: partisan a\naab\n", "2p.level:1:20:", "colours of player 2");
    bad_level("players: partisan a bq\naab\n", "2p.level:1:22:", "colour 'q' does not occur");
    bad_level("players: partisan a ba\naab\n", "2p.level:1:22:", "given to two players");
    bad_level("players: partisan a b - c\naabc\n", "2p.level:1:25:", "three colour sets at most");
    bad_level("players: partisan a b+\naab\n", "2p.level:1:22:", "expected a colour");
}

static void verify_path(void) {
    char reason[256];
    pl_verdict v;
    buttons_level *l = load("players: partisan b r\nbb.\nrr.\nb.b\n");
    if (l) {
        /* player 1 may not cut r */
        CHECK_INT(replay_list(l, "1,0 1,1", &v, reason, sizeof reason), 0);
        CHECKF(strstr(reason, "player 1") && strstr(reason, "'r'"), "reason: %s", reason);
        /* an infeasible cut: ends of different colours */
        CHECK_INT(replay_list(l, "0,0 1,0", &v, reason, sizeof reason), 0);
        /* after b, r it is player 1's turn with b 2,0 2,2 left: not over */
        CHECK_INT(replay_list(l, "0,0 0,1;1,0 1,1", &v, reason, sizeof reason), -1);
        CHECK(!v.ok);
        CHECKF(strstr(v.reason, "not over") && strstr(v.reason, "player 1"), "reason: %s", v.reason);
        CHECK_INT(verdict_value(&v, "to_move"), 1);
        /* ... then player 1 cuts and player 2 has no r left: player 1 wins */
        CHECK_INT(replay_list(l, "0,0 0,1;1,0 1,1;2,0 2,2", &v, reason, sizeof reason), -1);
        CHECKF(v.ok, "reason: %s", v.reason);
        CHECK_INT(verdict_value(&v, "winner"), 1);
        /* player 2 moves second: their cut of b is refused */
        CHECK_INT(replay_list(l, "0,0 0,1;2,0 2,2", &v, reason, sizeof reason), 1);
        CHECKF(strstr(reason, "player 2"), "reason: %s", reason);
        G->level_free(l);
    }
    l = load("players: scoring\naaa\nbb.\n");
    if (l) {
        CHECK_INT(replay_list(l, "0,0 0,2;1,0 1,1", &v, reason, sizeof reason), -1);
        CHECK(v.ok);
        CHECK_INT(verdict_value(&v, "winner"), 1);
        CHECK_INT(verdict_value(&v, "margin"), 1);
        CHECK_INT(verdict_value(&v, "score1"), 3);
        CHECK_INT(verdict_value(&v, "score2"), 2);
        CHECK_INT(replay_list(l, "1,0 1,1;0,0 0,1", &v, reason, sizeof reason), -1);
        CHECK(v.ok);
        CHECK_INT(verdict_value(&v, "winner"), 0); /* 2 : 2, a draw */
        G->level_free(l);
    }
    /* the single-player verdict is unchanged */
    l = load("aa\nb.\n");
    if (l) {
        CHECK_INT(replay_list(l, "0,0 0,1", &v, reason, sizeof reason), -1);
        CHECK(!v.ok);
        CHECK_INT(verdict_value(&v, "buttons_left"), 1);
        G->level_free(l);
    }
}

static void check_certificate(const buttons_level *l, const pl_solution *s, const char *name);
static int brute_winner(const buttons_level *l, int *margin);

/* ---------- known answers ---------- */
static void known(const char *text, const char *alg, int winner, int grundy_or_margin) {
    buttons_level *l = load(text);
    if (!l) return;
    pl_solution s;
    if (run(alg, l, 0, &s) == PL_SOLVED) {
        CHECKF(value_of(&s, "winner") == winner, "%s on\n%s: winner %lld, expected %d", alg, text,
               value_of(&s, "winner"), winner);
        if (l->players == BUTTONS_SCORING) CHECK_INT(value_of(&s, "margin"), grundy_or_margin);
        check_certificate(l, &s, alg);
        if (l->rows * l->cols <= 20) {
            int margin, w = brute_winner(l, &margin);
            CHECKF(w == winner, "brute force on\n%s: winner %d, expected %d", text, w, winner);
            if (l->players == BUTTONS_SCORING) CHECK_INT(margin, grundy_or_margin);
        }
        if (strcmp(alg, "grundy") == 0) {
            char expect[64];
            snprintf(expect, sizeof expect, "Grundy value %d ", grundy_or_margin);
            CHECKF(strstr(s.note, expect) != NULL, "note '%s' should say '%s'", s.note, expect);
        }
    }
    pl_solution_free(&s);
    G->level_free(l);
}

static void known_answers(void) {
    known("players: impartial\naa\n", "grundy", 1, 1);
    known("players: impartial\naa.bb\n", "grundy", 2, 0);    /* two parts: 1 XOR 1 */
    known("players: impartial\naa.aa\n", "grundy", 1, 2);    /* one part (a gap blocks nothing): mex {0, 1} */
    known("players: impartial\naaa\n", "grundy", 1, 1);      /* every cut ends the game */
    known("players: impartial\naa.bbb\n", "grundy", 2, 0);   /* 1 XOR 1 */
    known("players: impartial\naba\n.b.\n", "grundy", 2, 0); /* forced: b unblocks a, two moves */
    known("players: impartial\nab\n", "minimax", 2, 0);      /* no cut: player 1 loses */
    known("players: scoring\naaa\nbb.\n", "minimax", 1, 1);  /* 3 then 2 */
    known("players: scoring\naa\nbb\n", "minimax", 0, 0);
    /* a player 2 win (rare on small boards; found by a random search over
     * 4x5 boards with restricted directions and sizes) */
    known("players: scoring\ndirections: hd\nsizes: 3,4\ncacca\nababa\nccbcc\nccbbc\n", "minimax", 2, -1);
    known("players: partisan a b\naa\nbb\n", "minimax", 2, 0);
    known("players: partisan a b\naa\nb.\n", "minimax", 1, 0);
}

/* ---------- the brute force ---------- */
enum { BF_MAX_CELLS = 20 };
static int bf_cells;
static int16_t bf_memo[2][1 << BF_MAX_CELLS]; /* INT16_MIN: unknown */

/* Value for the player to move: LAST +1 / -1; scoring the margin. */
static int brute(const buttons_level *l, uint8_t *cells, int player) {
    unsigned key = 0;
    for (int i = 0; i < bf_cells; i++)
        if (cells[i]) key |= 1u << i;
    int tag = l->players == BUTTONS_PARTISAN ? player - 1 : 0;
    if (bf_memo[tag][key] != INT16_MIN) return bf_memo[tag][key];
    int best = l->players == BUTTONS_SCORING ? INT16_MIN : -1;
    bool any = false;
    uint8_t save[BF_MAX_CELLS];
    for (int a = 0; a < bf_cells; a++)
        for (int b = a + 1; b < bf_cells; b++) {
            if (!cells[a] || !cells[b]) continue;
            buttons_cut x = {a / l->cols, a % l->cols, b / l->cols, b % l->cols};
            int colour, size;
            char why[128];
            if (buttons_cut_check(l, cells, x, &colour, &size, why, sizeof why)) continue;
            if (l->players == BUTTONS_PARTISAN && !((l->may_cut[player] >> colour) & 1u)) continue;
            any = true;
            memcpy(save, cells, (size_t)bf_cells);
            buttons_cut_apply(l, cells, x);
            int v = brute(l, cells, 3 - player);
            memcpy(cells, save, (size_t)bf_cells);
            if (l->players == BUTTONS_SCORING) {
                if (size - v > best) best = size - v;
            } else if (v < 0) {
                best = 1;
            }
        }
    if (!any && l->players == BUTTONS_SCORING) best = 0;
    bf_memo[tag][key] = (int16_t)best;
    return best;
}

/* The winner (0 a draw) and, for scoring, the margin, by brute force. */
static int brute_winner(const buttons_level *l, int *margin) {
    bf_cells = l->rows * l->cols;
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < (1 << bf_cells); i++) bf_memo[t][i] = INT16_MIN;
    uint8_t cells[BF_MAX_CELLS];
    memcpy(cells, l->cell, (size_t)bf_cells);
    int v = brute(l, cells, 1);
    *margin = v;
    if (l->players == BUTTONS_SCORING) return v > 0 ? 1 : v < 0 ? 2 : 0;
    return v > 0 ? 1 : 2;
}

/* ---------- random boards ---------- */
static char *random_level(pl_rng *rng, int players, int max_rows, int max_cols, int max_buttons, int *rows_out,
                          int *cols_out) {
    static char text[1024];
    int rows = 1 + (int)pl_rng_below(rng, (uint64_t)max_rows), cols = 1 + (int)pl_rng_below(rng, (uint64_t)max_cols);
    if (rows * cols < 2) cols = 2;
    int k = 1 + (int)pl_rng_below(rng, 4), fill = 50 + (int)pl_rng_below(rng, 51), nb = 0;
    static const char *const dirs[] = {"*", "*", "+", "x", "-", "hd"};
    static const char *const sizes[] = {"all", "all", "2", "2,3", "3", "2,4"};
    char board[512];
    bool present[4] = {false};
    int p = 0;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int ch = '.';
            if ((int)pl_rng_below(rng, 100) < fill && nb < max_buttons) {
                nb++;
                int col = (int)pl_rng_below(rng, (uint64_t)k);
                present[col] = true;
                ch = 'a' + col;
            }
            board[p++] = (char)ch;
        }
        board[p++] = '\n';
    }
    board[p] = '\0';
    char who[64] = "impartial";
    if (players == BUTTONS_SCORING) snprintf(who, sizeof who, "scoring");
    if (players == BUTTONS_PARTISAN) {
        /* each present colour: player 1, player 2, shared or nobody */
        char set[3][8] = {"", "", ""};
        int n[3] = {0, 0, 0};
        for (int c = 0; c < k; c++) {
            if (!present[c]) continue;
            int s = (int)pl_rng_below(rng, 4);
            if (s < 3) set[s][n[s]++] = (char)('a' + c);
        }
        snprintf(who, sizeof who, "partisan %s %s %s", n[0] ? set[0] : "-", n[1] ? set[1] : "-", n[2] ? set[2] : "-");
    }
    snprintf(text, sizeof text, "players: %s\ndirections: %s\nsizes: %s\n%s", who, dirs[pl_rng_below(rng, 6)],
             sizes[pl_rng_below(rng, 6)], board);
    *rows_out = rows;
    *cols_out = cols;
    return text;
}

/* The solver's line of play must replay, end the game, and reach the claimed
 * winner (and margin). */
static void check_certificate(const buttons_level *l, const pl_solution *s, const char *name) {
    pl_verdict v;
    char reason[256];
    int bad = replay(l, (const char *const *)s->moves.s, s->moves.n, &v, reason, sizeof reason);
    CHECKF(bad < 0, "%s: move %d of the principal variation is illegal: %s", name, bad + 1, reason);
    if (bad >= 0) return;
    CHECKF(v.ok, "%s: the principal variation does not end the game: %s", name, v.reason);
    CHECKF(verdict_value(&v, "winner") == value_of(s, "winner"), "%s: the line ends with winner %lld, solver says %lld",
           name, verdict_value(&v, "winner"), value_of(s, "winner"));
    if (l->players == BUTTONS_SCORING)
        CHECKF(verdict_value(&v, "margin") == value_of(s, "margin"), "%s: the line ends with margin %lld, solver %lld",
               name, verdict_value(&v, "margin"), value_of(s, "margin"));
}

static int wins[3][3]; /* [variant-1][winner] */

static void random_boards(uint64_t seed, int players, int count) {
    pl_rng rng;
    pl_rng_seed(&rng, seed + (uint64_t)players);
    for (int t = 0; t < count; t++) {
        int rows, cols;
        const char *text = random_level(&rng, players, 4, 4, players == BUTTONS_IMPARTIAL ? 13 : 16, &rows, &cols);
        check_context(true, seed, "variant %d board %d:\n%s", players, t, text);
        buttons_level *l = load(text);
        if (!l) continue;
        int margin, expect = brute_winner(l, &margin);
        wins[players - 1][expect]++;
        pl_solution s;
        if (run("minimax", l, 0, &s) == PL_SOLVED) {
            CHECKF(value_of(&s, "winner") == expect, "minimax: winner %lld, brute force %d", value_of(&s, "winner"),
                   expect);
            if (players == BUTTONS_SCORING)
                CHECKF(value_of(&s, "margin") == margin, "minimax: margin %lld, brute force %d", value_of(&s, "margin"),
                       margin);
            check_certificate(l, &s, "minimax");
        } else {
            CHECK(0);
        }
        pl_solution_free(&s);
        if (players == BUTTONS_IMPARTIAL) {
            if (run("grundy", l, 0, &s) == PL_SOLVED) {
                CHECKF(value_of(&s, "winner") == expect, "grundy: winner %lld, brute force %d", value_of(&s, "winner"),
                       expect);
                check_certificate(l, &s, "grundy");
            } else {
                CHECK(0);
            }
            pl_solution_free(&s);
        }
        G->level_free(l);
    }
    check_clear_context();
}

/* Larger sparse impartial boards (beyond the brute force), where the split
 * into parts matters: grundy against plain minimax. */
static int parts_seen = 0;
static void grundy_vs_minimax(uint64_t seed, int count) {
    pl_rng rng;
    pl_rng_seed(&rng, seed ^ 0x5eed);
    for (int t = 0; t < count; t++) {
        int rows, cols;
        const char *text = random_level(&rng, BUTTONS_IMPARTIAL, 5, 7, 12, &rows, &cols);
        check_context(true, seed, "grundy vs minimax, board %d:\n%s", t, text);
        buttons_level *l = load(text);
        if (!l) continue;
        pl_solution a, b;
        pl_status sa = run("grundy", l, 0, &a), sb = run("minimax", l, 0, &b);
        CHECK(sa == PL_SOLVED && sb == PL_SOLVED);
        if (sa == PL_SOLVED && sb == PL_SOLVED) {
            CHECKF(value_of(&a, "winner") == value_of(&b, "winner"), "grundy says %lld, minimax %lld",
                   value_of(&a, "winner"), value_of(&b, "winner"));
            check_certificate(l, &a, "grundy");
            if (!strstr(a.note, "over 1 independent part") && !strstr(a.note, "over 0 ")) parts_seen++;
        }
        pl_solution_free(&a);
        pl_solution_free(&b);
        G->level_free(l);
    }
    check_clear_context();
}

static void limits(void) {
    buttons_level *l = load("players: scoring\naaaaa\naaaaa\naaaaa\naaaaa\naaaaa\n");
    if (!l) return;
    pl_solution s;
    pl_status st = run("minimax", l, 50, &s);
    CHECK(st == PL_UNKNOWN);
    CHECK_INT(s.limit_hit, PL_LIMIT_NODES);
    CHECK_INT(s.moves.n, 0);
    pl_solution_free(&s);
    G->level_free(l);
    l = load("players: impartial\naaaaa\naaaaa\naaaaa\naaaaa\naaaaa\n");
    if (!l) return;
    st = run("grundy", l, 50, &s);
    CHECK(st == PL_UNKNOWN);
    CHECK_INT(s.limit_hit, PL_LIMIT_NODES);
    pl_solution_free(&s);
    /* the puzzle solvers do not apply to two-player levels */
    pl_limits lim;
    pl_limits_init(&lim, 1, 0, 0);
    pl_request req = {.limits = &lim, .threads = 1};
    char why[256];
    for (int i = 0; i < G->nalgorithms; i++) {
        const pl_algorithm *a = &G->algorithms[i];
        if (strcmp(a->name, "minimax") && strcmp(a->name, "grundy"))
            CHECKF(!a->applies(l, &req, why, sizeof why), "%s applies to a two-player level", a->name);
    }
    G->level_free(l);
}

/* Two-player levels in levels/buttons/: solved by minimax (and grundy when
 * impartial, which must agree), certificates replayed; a shipped .moves file
 * must replay, end the game and name the same winner. */
static int shipped = 0;
static void shipped_level(void *level, const char *path, const char *mpath, void *ctx) {
    (void)path;
    (void)ctx;
    buttons_level *l = level;
    if (l->players == BUTTONS_SINGLE) return;
    pl_solution s;
    if (run("minimax", l, 0, &s) == PL_SOLVED) {
        check_certificate(l, &s, "minimax");
        if (l->players == BUTTONS_IMPARTIAL) {
            pl_solution t;
            if (run("grundy", l, 0, &t) == PL_SOLVED) {
                CHECK(value_of(&t, "winner") == value_of(&s, "winner"));
                check_certificate(l, &t, "grundy");
            }
            pl_solution_free(&t);
        }
        pl_moves mv;
        pl_error err = {0};
        if (pl_moves_read(mpath, &mv, &err) == 0) {
            pl_verdict v;
            char reason[256];
            CHECKF(replay(l, (const char *const *)mv.text, mv.n, &v, reason, sizeof reason) < 0,
                   "%s does not replay: %s", mpath, reason);
            CHECKF(v.ok && verdict_value(&v, "winner") == value_of(&s, "winner"), "%s: verdict %s, winner %lld", mpath,
                   v.reason, verdict_value(&v, "winner"));
            pl_moves_free(&mv);
        }
    } else {
        CHECK(0);
    }
    pl_solution_free(&s);
    shipped++;
}

static void shipped_levels(const char *dir) {
    gc_each_level(G, dir, shipped_level, NULL);
}

int main(int argc, char **argv) {
    uint64_t seed = check_seed_from_env(20261122);
    headers();
    verify_path();
    known_answers();
    limits();
    double t0 = pl_now();
    random_boards(seed, BUTTONS_IMPARTIAL, 2000);
    printf("impartial %.2f s\n", pl_now() - t0);
    random_boards(seed, BUTTONS_PARTISAN, 2000);
    random_boards(seed, BUTTONS_SCORING, 2000);
    printf("all brute force %.2f s\n", pl_now() - t0);
    grundy_vs_minimax(seed, 2000);
    printf("total %.2f s\n", pl_now() - t0);
    printf("random boards (brute force): impartial wins 1/2 %d/%d, partisan %d/%d, scoring %d/%d draws %d\n",
           wins[1][1], wins[1][2], wins[0][1], wins[0][2], wins[2][1], wins[2][2], wins[2][0]);
    printf("grundy vs minimax on 2000 boards up to 5x7 (at most 12 buttons): %d split into several parts\n",
           parts_seen);
    CHECK(wins[1][1] > 200 && wins[1][2] > 200);
    CHECK(wins[0][1] > 200 && wins[0][2] > 200);
    CHECK(wins[2][1] > 100 && wins[2][0] > 100); /* player 2 wins are rare on small boards (see Fig. 15) */
    CHECK(parts_seen > 500);
    if (argc > 1) {
        shipped_levels(argv[1]);
        printf("two-player levels: %d\n", shipped);
        CHECK(shipped >= 3);
    }
    return check_done("buttons_2p");
}
