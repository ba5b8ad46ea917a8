/* `auto` never gives up early (issue 22): pl_game_solve and pl_game_pick_after
 * on a synthetic game whose algorithms decline, do not apply, are passed
 * over for a limit, or solve; then the real case, Buttons & Scissors boards
 * that SAT cannot take (25 x 25: its formula over the memory limit; 60 x 60:
 * over 200,000 candidate cuts), where auto must run exact instead, and SAT
 * forced by name declines with the real reason. */
#include <string.h>

#include "check.h"
#include "puzzlelab/game.h"

/* The synthetic game's level: which algorithms decline at run time. */
typedef struct fake_level {
    bool decline_big; /* "big" declines (as SAT over its memory estimate does) */
    bool big_over;    /* "big" is not preferred: "over the memory limit" */
} fake_level;

static int runs[4];

static bool big_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)level, (void)req;
    snprintf(why, n, "big: any level");
    return true;
}
static bool big_preferred(const void *level, const pl_request *req, char *why, size_t n) {
    const fake_level *l = level;
    (void)req;
    if (l->big_over) {
        snprintf(why, n, "the table would take 9 GiB, over the memory limit");
        return false;
    }
    return true;
}
static int big_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const fake_level *l = level;
    (void)req, (void)err;
    runs[0]++;
    if (l->decline_big) {
        out->declined = true;
        out->limit_hit = PL_LIMIT_MEMORY;
        req->limits->hit = PL_LIMIT_MEMORY;
        snprintf(out->note, sizeof out->note, "the table would take 9 GiB");
        return 0;
    }
    out->status = PL_SOLVED;
    pl_strvec_push(&out->moves, "big");
    return 0;
}
static bool never_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)level, (void)req;
    snprintf(why, n, "only for empty levels");
    return false;
}
static int never_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)level, (void)req, (void)out, (void)err;
    runs[1]++;
    return 0;
}
static int small_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)level, (void)err;
    runs[2]++;
    /* the limits the fallback runs under are the caller's, with no limit hit */
    out->status = req->limits->hit ? PL_UNKNOWN : PL_SOLVED;
    pl_strvec_push(&out->moves, "small");
    return 0;
}

static const pl_algorithm fake_algorithms[] = {
    {"big", "a fast method", "a fast method with a large table", big_applies, big_solve, big_preferred},
    {"never", "nothing", "never applies", never_applies, never_solve, NULL},
    {"small", "exact search", "exact search", NULL, small_solve, NULL},
};
static const pl_game fake = {
    .name = "fake",
    .algorithms = fake_algorithms,
    .nalgorithms = 3,
};

static void solve_fake(const fake_level *l, const pl_algorithm *alg, pl_solution *sol) {
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_request req = {.limits = &lim, .threads = 1, .seed = 1};
    pl_error err = {0};
    memset(runs, 0, sizeof runs);
    CHECK(pl_game_solve(&fake, alg, l, &req, sol, &err) == 0);
}

static void synthetic(void) {
    pl_solution sol;
    /* big applies, is preferred and declines: small answers, the note says why */
    fake_level l = {.decline_big = true};
    solve_fake(&l, NULL, &sol);
    CHECK(runs[0] == 1 && runs[1] == 0 && runs[2] == 1);
    CHECK(sol.status == PL_SOLVED && strcmp(sol.algorithm, "small") == 0);
    CHECK(!sol.declined && sol.limit_hit == 0);
    CHECKF(strstr(sol.note, "big declined (the table would take 9 GiB)") != NULL, "note '%s'", sol.note);
    CHECK(sol.moves.n == 1 && strcmp(sol.moves.s[0], "small") == 0);
    pl_solution_free(&sol);

    /* forced by name, big's refusal is the answer: unknown, declined */
    solve_fake(&l, &fake_algorithms[0], &sol);
    CHECK(runs[0] == 1 && runs[2] == 0);
    CHECK(sol.status == PL_UNKNOWN && sol.declined && strcmp(sol.algorithm, "big") == 0);
    CHECK(strcmp(sol.note, "the table would take 9 GiB") == 0);
    pl_solution_free(&sol);

    /* big does not decline: it answers, with no note */
    l.decline_big = false;
    solve_fake(&l, NULL, &sol);
    CHECK(runs[0] == 1 && runs[2] == 0 && strcmp(sol.algorithm, "big") == 0 && sol.note[0] == '\0');
    pl_solution_free(&sol);

    /* big passed over for a limit at pick time: small is picked, and the
     * reason names big and why it will not run (what info prints) */
    l.big_over = true;
    char why[1024];
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_request req = {.limits = &lim, .threads = 1, .seed = 1};
    const pl_algorithm *a = pl_game_pick(&fake, &l, &req, why, sizeof why);
    CHECK(a == &fake_algorithms[2]);
    CHECKF(strstr(why, "big not run: the table would take 9 GiB, over the memory limit") != NULL, "why '%s'", why);
    solve_fake(&l, NULL, &sol);
    CHECK(runs[0] == 0 && runs[2] == 1 && strcmp(sol.algorithm, "small") == 0);
    pl_solution_free(&sol);

    /* pick_after skips what comes before, and the preferred tests */
    a = pl_game_pick_after(&fake, 0, &l, &req, why, sizeof why);
    CHECK(a == &fake_algorithms[2]);
    a = pl_game_pick_after(&fake, -1, &(fake_level){0}, &req, why, sizeof why);
    CHECK(a == &fake_algorithms[0]);
}

/* rows x cols Buttons board over three colours, every cell a button, from a
 * fixed pattern: no two equal neighbours in a row get cut alone, so the
 * board is a real instance (not trivially cleared row by row). */
static void *buttons_board(int rows, int cols, pl_error *err) {
    size_t n = (size_t)rows * ((size_t)cols + 1) + 64;
    char *text = pl_xmalloc(n);
    size_t w = (size_t)snprintf(text, n, "directions: *\nsizes: all\n");
    uint64_t x = 88172645463325252ull;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            text[w++] = (char)('a' + (int)(x % 3));
        }
        text[w++] = '\n';
    }
    text[w] = '\0';
    pl_level_text lt;
    void *level = NULL;
    if (pl_level_text_parse("board", text, w, &lt, err) == 0) {
        level = pl_game_buttons.level_parse(&lt, err);
        pl_level_text_free(&lt);
    }
    free(text);
    return level;
}

static void buttons_fallback(int side, const char *sat_reason) {
    pl_error err = {0};
    void *level = buttons_board(side, side, &err);
    CHECKF(level != NULL, "%dx%d: %s", side, side, err.msg);
    if (!level) return;
    check_context(false, 0, "buttons %dx%d", side, side);
    pl_limits lim;
    pl_limits_init(&lim, 0, 20, 0); /* exact stops at its node limit: unknown, honestly */
    pl_request req = {.limits = &lim, .threads = 1, .seed = 1};
    char why[1024];
    /* sat applies unless the build has no CaDiCaL (then auto picks exact anyway) */
    const pl_algorithm *sat = NULL;
    for (int i = 0; i < pl_game_buttons.nalgorithms; i++)
        if (strcmp(pl_game_buttons.algorithms[i].name, "sat") == 0) sat = &pl_game_buttons.algorithms[i];
    CHECK(sat != NULL);
    bool have_sat = sat && sat->applies(level, &req, why, sizeof why);
    const pl_algorithm *a = pl_game_pick(&pl_game_buttons, level, &req, why, sizeof why);
    CHECKF(a && strcmp(a->name, "exact") == 0, "auto picked %s", a ? a->name : "none");
    if (have_sat) CHECKF(strstr(why, "sat not run: ") && strstr(why, sat_reason), "why '%s'", why);
    pl_solution sol;
    CHECK(pl_game_solve(&pl_game_buttons, NULL, level, &req, &sol, &err) == 0);
    CHECKF(strcmp(sol.algorithm, "exact") == 0, "answered by %s", sol.algorithm);
    CHECK(sol.limit_hit == PL_LIMIT_NODES && sol.nodes > 0); /* it searched */
    pl_solution_free(&sol);

    /* sat by name declines with the real reason, without searching */
    if (have_sat) {
        pl_limits_init(&lim, 0, 20, 0);
        CHECK(pl_game_solve(&pl_game_buttons, sat, level, &req, &sol, &err) == 0);
        CHECK(sol.status == PL_UNKNOWN && sol.declined);
        CHECKF(strstr(sol.note, sat_reason) != NULL, "sat's note '%s'", sol.note);
        pl_solution_free(&sol);
    }
    pl_game_buttons.level_free(level);
    check_context(false, 0, NULL);
}

int main(void) {
    synthetic();
    buttons_fallback(25, "over the memory limit");
    buttons_fallback(60, "more than 200000 candidate cuts");
    return check_done("game_solve");
}
