/* Helpers that many test programs share, over tests/check.h: a level parsed
 * from a string through a game's descriptor, an algorithm found by name in a
 * game's table, an algorithm run under limits and options, and a certificate
 * replayed the way `puzzlelab GAME verify` does (every move legal, then the
 * game's verdict).
 *
 * Each helper counts exactly the checks that the test programs made by hand
 * before it existed, so their "all N checks passed" lines did not change.
 * Header-only like check.h: every function is static inline. */
#ifndef PUZZLELAB_TESTS_GAME_CHECK_H
#define PUZZLELAB_TESTS_GAME_CHECK_H

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/game.h"
#include "puzzlelab/core.h"
#include "puzzlelab/problems.h"

/* Parses text (reported as file `file`) as a level of g through
 * pl_level_text_parse and g->level_parse; NULL when either rejects it, with
 * *err (when not NULL) saying why. */
static inline void *gc_parse_file(const pl_game *g, const char *file, const char *text, pl_error *err) {
    pl_level_text lt;
    pl_error e = {0};
    if (!err) err = &e;
    if (pl_level_text_parse(file, text, strlen(text), &lt, err)) return NULL;
    void *l = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return l;
}

/* gc_parse_file of a file called "t.level". */
static inline void *gc_parse_err(const pl_game *g, const char *text, pl_error *err) {
    return gc_parse_file(g, "t.level", text, err);
}

/* gc_parse_file with the reason formatted ("file:line:col: ...") into msg,
 * which is "" when the level parses. */
static inline void *gc_parse_msg(const pl_game *g, const char *file, const char *text, char *msg, size_t n) {
    pl_error err = {0};
    msg[0] = '\0';
    void *l = gc_parse_file(g, file, text, &err);
    if (!l) pl_error_format(&err, msg, n);
    return l;
}

/* A level that must parse: one check. */
static inline void *gc_load(const pl_game *g, const char *file, const char *text) {
    char msg[1024];
    void *l = gc_parse_msg(g, file, text, msg, sizeof msg);
    CHECKF(l != NULL, "level should parse: %s\n%s", msg, text);
    return l;
}

/* A level that must be rejected with a message that starts with prefix and
 * contains part: one check, then two more on the message when rejected. */
static inline void gc_reject(const pl_game *g, const char *file, const char *text, const char *prefix,
                             const char *part) {
    char msg[1024];
    void *l = gc_parse_msg(g, file, text, msg, sizeof msg);
    CHECKF(l == NULL, "level should be rejected:\n%s", text);
    if (l) {
        g->level_free(l);
        return;
    }
    CHECKF(strncmp(msg, prefix, strlen(prefix)) == 0, "message '%s' should start with '%s'", msg, prefix);
    CHECKF(strstr(msg, part) != NULL, "message '%s' should contain '%s'", msg, part);
}

/* gc_parse_err without the reason. */
static inline void *gc_parse(const pl_game *g, const char *text) {
    return gc_parse_err(g, text, NULL);
}

/* gc_parse_err that prints "parse: <why>" to stderr when it fails, so that a
 * generated level the game rejects shows up in the log. */
static inline void *gc_parse_loud(const pl_game *g, const char *text) {
    pl_error err = {0};
    void *l = gc_parse_err(g, text, &err);
    if (!l) fprintf(stderr, "parse: %s\n", err.msg);
    return l;
}

/* Reads the level file at path as a level of g, without checks; NULL when it
 * cannot be read or parsed, with the reason formatted into msg
 * ("file:line:col: ..."), which is "" otherwise. */
static inline void *gc_read_msg(const pl_game *g, const char *path, char *msg, size_t n) {
    pl_level_text lt;
    pl_error err = {0};
    msg[0] = '\0';
    void *l = NULL;
    if (pl_level_text_read(path, &lt, &err) == 0) {
        l = g->level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    if (!l) pl_error_format(&err, msg, n);
    return l;
}

/* Reads the level file at path as a level of g: one check that it reads and
 * parses (failing "<path>: <why>"); NULL when it does not. */
static inline void *gc_read_level(const pl_game *g, const char *path) {
    pl_level_text lt;
    pl_error err = {0};
    if (pl_level_text_read(path, &lt, &err)) {
        CHECKF(0, "%s: %s", path, err.msg);
        return NULL;
    }
    void *l = g->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    CHECKF(l != NULL, "%s: %s", path, err.msg);
    return l;
}

/* For every NAME.level in dir (in readdir's order): reads it with
 * gc_read_level (with the check context set to its path) and, when it parses,
 * calls fn with the level, its path and dir/NAME.moves (which may not exist),
 * then frees the level. One check that dir opens. */
static inline void gc_each_level(const pl_game *g, const char *dir,
                                 void (*fn)(void *level, const char *path, const char *moves_path, void *ctx),
                                 void *ctx) {
    DIR *d = opendir(dir);
    CHECKF(d != NULL, "cannot open %s", dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".level") != 0) continue;
        char path[1024], mpath[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(mpath, sizeof mpath, "%s/%.*s.moves", dir, (int)(n - 6), e->d_name);
        check_context(false, 0, "%s", path);
        void *l = gc_read_level(g, path);
        if (!l) continue;
        fn(l, path, mpath, ctx);
        g->level_free(l);
    }
    closedir(d);
    check_clear_context();
}

/* The algorithm called name in g's table; NULL when there is none. */
static inline const pl_algorithm *gc_algorithm(const pl_game *g, const char *name) {
    for (int i = 0; i < g->nalgorithms; i++)
        if (strcmp(g->algorithms[i].name, name) == 0) return &g->algorithms[i];
    return NULL;
}

/* Replays moves from level's start through g: one check per move that it is
 * legal (the first illegal one fails "<label>: <word> <i> (<move>): <reason>"
 * and ends the replay), then, when every move was legal, one check that
 * g->finish (objective NULL) accepts the final state ("<label>: certificate
 * <goal>: <reason>"). Returns true when both hold. */
static inline bool gc_replay(const pl_game *g, const void *level, const pl_strvec *moves, const char *label,
                             const char *word, const char *goal) {
    void *st = g->state_new(level);
    char why[256];
    int col;
    bool ok = true;
    for (int i = 0; i < moves->n && ok; i++)
        ok = CHECKF(g->move_apply(st, moves->s[i], why, sizeof why, &col) == PL_MOVE_OK, "%s: %s %d (%s): %s", label,
                    word, i + 1, moves->s[i], why);
    if (ok) {
        pl_verdict v = {0};
        g->finish(st, NULL, &v);
        ok = CHECKF(v.ok, "%s: certificate %s: %s", label, goal, v.reason);
    }
    g->state_free(st);
    return ok;
}

/* gc_replay without checks: true when every move is legal and g->finish
 * (objective NULL) accepts the final state; otherwise why gets the illegal
 * move's reason or the verdict's. */
static inline bool gc_replays(const pl_game *g, const void *level, const pl_strvec *moves, char *why, size_t n) {
    void *st = g->state_new(level);
    bool ok = true;
    for (int i = 0; i < moves->n && ok; i++) {
        int col = 0;
        if (g->move_apply(st, moves->s[i], why, n, &col) != PL_MOVE_OK) ok = false;
    }
    if (ok) {
        pl_verdict v = {0};
        g->finish(st, NULL, &v);
        if (!v.ok) snprintf(why, n, "%s", v.reason);
        ok = v.ok;
    }
    g->state_free(st);
    return ok;
}

/* How gc_solve runs an algorithm. */
typedef struct gc_how {
    const pl_opts *opts; /* the options; NULL: none */
    uint64_t node_limit; /* 0: no limit (no time or memory limit either) */
    bool check_applies;  /* check the algorithm's applies() first (when it has one) */
    const char *word;    /* a move in failure messages: "move", "cut" */
    const char *goal;    /* what a bad verdict means: "does not reach the target" */
} gc_how;

/* Runs a on level (seed 1, one thread, no objective) as how says: checks that
 * it applies (how->check_applies), that solve returns 0, and, when the
 * status is solved, replays the certificate with gc_replay. *sol is
 * initialised here and the caller frees it; the return value is its status
 * (PL_UNKNOWN when a did not apply). */
static inline pl_status gc_solve(const pl_game *g, const pl_algorithm *a, const void *level, const gc_how *how,
                                 pl_solution *sol) {
    pl_limits lim;
    pl_limits_init(&lim, 0, how->node_limit, 0);
    pl_opts none = {.n = 0};
    pl_request req = {.opts = how->opts ? how->opts : &none, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution_init(sol);
    char why[256];
    if (how->check_applies && a->applies &&
        !CHECKF(a->applies(level, &req, why, sizeof why), "%s applies: %s", a->name, why))
        return PL_UNKNOWN;
    pl_error err = {0};
    CHECKF(a->solve(level, &req, sol, &err) == 0, "%s: %s", a->name, err.msg);
    if (sol->status == PL_SOLVED) gc_replay(g, level, &sol->moves, a->name, how->word, how->goal);
    return sol->status;
}

/* A run's answer as one number: the certificate's length when solved, -1
 * unsolvable, -2 unknown. */
static inline int gc_length(const pl_solution *sol) {
    return sol->status == PL_SOLVED ? sol->moves.n : sol->status == PL_UNSOLVABLE ? -1 : -2;
}

/* ---------- reductions ---------- */

/* g's reduction from the problem called from, NULL when none. */
static inline const pl_reduction *gc_reduction(const pl_game *g, const char *from) {
    for (int i = 0; i < g->nreductions; i++)
        if (strcmp(g->reductions[i].from, from) == 0) return &g->reductions[i];
    return NULL;
}

/* Lifts a certificate of r's level back through r and has the source
 * problem's verifier check the result: one check (two when the lift
 * succeeds); true when both hold. */
static inline bool gc_lifts(const pl_reduction *r, const pl_problem *p, const void *src, const pl_strvec *moves,
                            const char *what) {
    pl_moves mv, cm;
    pl_moves_from_strvec(moves, "(moves)", &mv);
    pl_strvec cert = {0};
    char why[512] = "";
    bool ok = CHECKF(r->lift(src, &mv, &cert, why, sizeof why) == 0, "%s: lift fails: %s", what, why);
    if (ok) {
        pl_moves_from_strvec(&cert, "(lifted)", &cm);
        pl_verdict v = {0};
        pl_error err = {0};
        ok = CHECKF(p->verify(src, &cm, &v, &err) == 0 && v.ok, "%s: the lifted certificate is rejected: %s%s", what,
                    v.reason, err.msg);
        pl_moves_free(&cm);
    }
    pl_strvec_free(&cert);
    pl_moves_free(&mv);
    return ok;
}

/* ---------- the streamed paths (pl_game.solve_text, verify_text) ---------- */

/* Puts one byte of alphabet into b at a random place, or (half the time)
 * puts it over the byte there. */
static inline void gc_mangle(pl_rng *rng, pl_sbuf *b, const char *alphabet) {
    size_t at = (size_t)pl_rng_below(rng, b->n + 1);
    char ch = alphabet[pl_rng_below(rng, strlen(alphabet))];
    if (pl_rng_below(rng, 2) && at < b->n) {
        b->s[at] = ch;
    } else {
        pl_sbuf_append(b, "x", 1);
        memmove(b->s + at + 1, b->s + at, b->n - 1 - at);
        b->s[at] = ch;
    }
}

/* One of choices[0 .. n) at random (NULL entries: auto). */
static inline const char *gc_pick(pl_rng *rng, const char *const *choices, int n) {
    return choices[pl_rng_below(rng, (uint64_t)n)];
}

/* A request with no limits and no options, for objective. */
static inline void gc_request(pl_request *req, pl_limits *lim, pl_opts *o, const char *objective) {
    pl_limits_init(lim, 0, 0, 0);
    memset(o, 0, sizeof *o);
    *req = (pl_request){.opts = o, .objective = objective, .seed = 1, .limits = lim, .threads = 1};
}

static inline int gc_collect_flush(pl_move_sink *s) {
    pl_sbuf_append(s->ctx, s->buf, s->used);
    s->used = 0;
    return 0;
}

/* The streamed answer fs against the general path's (alg, NULL for auto, on
 * level under req's options and a fresh limit): status, algorithm, note,
 * node count, values and, when solved, the certificate byte for byte (the
 * streamed moves through a sink of a random size, so that its blocks end
 * anywhere). The streamed moves go to *cert ("" when none). Frees fs's state.
 * Returns whether it was solved. */
static inline bool gc_streamed_same(const pl_game *g, pl_text_solve *fs, const void *level, const pl_algorithm *alg,
                                    pl_request req, pl_rng *rng, pl_sbuf *cert) {
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    req.limits = &lim;
    pl_solution sol;
    pl_error err = {0};
    CHECK(pl_game_solve(g, alg, level, &req, &sol, &err) == 0);
    CHECKF(fs->status == sol.status && strcmp(fs->algorithm, sol.algorithm) == 0 && strcmp(fs->note, sol.note) == 0,
           "streamed %d %s '%s', general %d %s '%s'", fs->status, fs->algorithm, fs->note, sol.status, sol.algorithm,
           sol.note);
    CHECKF(fs->nodes == sol.nodes && fs->nvalues == sol.nvalues, "nodes %llu / %llu, values %d / %d",
           (unsigned long long)fs->nodes, (unsigned long long)sol.nodes, fs->nvalues, sol.nvalues);
    for (int i = 0; i < fs->nvalues && i < sol.nvalues; i++)
        CHECK(strcmp(fs->value_name[i], sol.value_name[i]) == 0 && fs->value[i] == sol.value[i]);
    pl_sbuf_append(cert, "", 0);
    bool solved = fs->status == PL_SOLVED;
    if (solved) {
        CHECKF(fs->nmoves == sol.moves.n, "%lld moves streamed, %d general", fs->nmoves, sol.moves.n);
        size_t cap = PL_MOVE_SINK_ROOM + (size_t)pl_rng_below(rng, 100);
        pl_move_sink sink = {pl_xmalloc(cap), 0, cap, gc_collect_flush, cert, 0};
        CHECK(fs->emit(fs->state, &sink) == 0);
        CHECKF(sink.moves == fs->nmoves, "%lld moves written, %lld announced", sink.moves, fs->nmoves);
        gc_collect_flush(&sink);
        free(sink.buf);
        pl_sbuf want = {0};
        pl_sbuf_append(&want, "", 0);
        for (int i = 0; i < sol.moves.n; i++) pl_sbuf_printf(&want, "%s\n", sol.moves.s[i]);
        CHECKF(cert->n == want.n && memcmp(cert->s, want.s, want.n) == 0, "certificates differ:\n%.200s\n--\n%.200s",
               cert->s, want.s);
        free(want.s);
    }
    fs->free(fs->state);
    pl_solution_free(&sol);
    return solved;
}

/* The streamed verify of the MOVES text m[0 .. mn) on level (whose text is
 * l[0 .. ln)) against the replay through move_apply and finish: it may
 * answer only when every move is legal, and then with the same count,
 * verdict and values. Returns whether it answered. */
static inline bool gc_streamed_verify_same(const pl_game *g, const void *level, const char *l, size_t ln,
                                           const char *m, size_t mn, const char *objective) {
    pl_verdict v = {0};
    long long nm = -1;
    bool took = g->verify_text(l, ln, m, mn, objective, &v, &nm) == 1;
    pl_moves mv;
    pl_error err = {0};
    bool legal = pl_moves_parse("t.moves", m, mn, &mv, &err) == 0;
    bool parsed = legal;
    void *st = g->state_new(level);
    char reason[256];
    int col;
    for (int i = 0; legal && i < mv.n; i++) legal = g->move_apply(st, mv.text[i], reason, sizeof reason, &col) == PL_MOVE_OK;
    CHECKF(!took || legal, "streamed verify accepted what the replay rejects:\n%.300s", m);
    if (took && legal) {
        pl_verdict w = {0};
        g->finish(st, objective, &w);
        CHECKF(nm == mv.n, "%lld moves streamed, %d replayed", nm, mv.n);
        CHECKF(v.ok == w.ok && strcmp(v.reason, w.reason) == 0 && v.nvalues == w.nvalues,
               "verdict %d '%s' streamed, %d '%s' replayed", v.ok, v.reason, w.ok, w.reason);
        for (int i = 0; i < v.nvalues && i < w.nvalues; i++)
            CHECKF(strcmp(v.value_name[i], w.value_name[i]) == 0 && v.value[i] == w.value[i], "%s %lld vs %lld",
                   w.value_name[i], v.value[i], w.value[i]);
    }
    g->state_free(st);
    if (parsed) pl_moves_free(&mv);
    return took;
}

#endif
