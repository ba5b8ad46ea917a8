/* libFuzzer target for everything a level file and a MOVES file reach.
 *
 * Input: a level file, optionally followed by a MOVES file. The MOVES part
 * starts at the first line that reads exactly "moves:" (trailing white space
 * and a CR allowed), the line `solve` prints before its certificate, so
 * `cat level.txt; puzzlelab GAME solve level.txt` is a valid input. Steps:
 *
 *  1. pl_level_text_parse() on the whole input, then every game's
 *     level_parse() on it (whatever the outcome of the other games);
 *  2. when a "moves:" line exists, the same on the part before it;
 *  3. pl_moves_parse() on the MOVES part (on the whole input when there is
 *     none, to reach the moves reader with arbitrary bytes);
 *  4. for every level that parsed: level_info(), then, for every objective
 *     of the game, state_new / move_apply (each move until the first one that
 *     is not OK) / finish / state_free;
 *  4b. Snipperclips' move notation on every MOVES line: a line that parses
 *     as a snip move prints (snip_move_format, %.17g) and parses back to the
 *     same doubles, so certificates replay bit for bit;
 *  5. for small inputs, every algorithm that applies, under a small node
 *     limit (PL_FUZZ_SOLVE_NODES, default 256), for every objective; a
 *     certificate it calls solved must replay as valid and reach the values
 *     the solver reported (the contract of `solve` and `verify`). Set
 *     PL_FUZZ_NO_SOLVE=1 to skip this step.
 *
 *  6. every source problem's parser (pl_problems(): sat, x3c, vertex-cover, 3partition,
 *     geography, planar-sat, gpos, decycling) on
 *     the part before "moves:" (or the whole input); for an instance that parses:
 *     info, verify of the MOVES part as its certificate, and, for small
 *     inputs, its solver under the node limit (a certificate must pass the
 *     verifier) and every reduction from it: the construction must be a
 *     level of its game, and when the solver found a certificate, the
 *     forward moves must replay and lift back to a certificate the verifier
 *     accepts.
 *
 *  7. the streamed paths (pl_game.solve_text, verify_text; issue 21, item 5)
 *     on the level part and the MOVES part as they are: when a game streams
 *     the level, the general reader must accept it and auto must give the
 *     same status, algorithm, note, values, nodes and certificate byte for
 *     byte; when it streams a verify, every move must replay legally through
 *     move_apply with the same verdict and count.
 *
 * Besides memory errors, leaks and undefined behaviour (the sanitizers), it
 * aborts on broken API contracts: an error without a message or a place, a
 * syntax error with a column outside the move, a verdict with too many values.
 * Everything allocated is freed, so LeakSanitizer reports real leaks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/game.h"
#include "puzzlelab/problems.h"
#include "puzzlelab/snip.h"

#define FUZZ_FILE "fuzz-input"
#define SOLVE_MAX_INPUT 320  /* bytes: larger inputs skip step 5 */
#define SOLVE_NODE_LIMIT 256 /* per algorithm and objective (PL_FUZZ_SOLVE_NODES) */
#define SOLVE_TIME_LIMIT 0.5 /* seconds: a safety net only; the node limit is what normally stops */
#define SOLVE_MEMORY_LIMIT ((size_t)64 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void contract_failure(const char *what, const char *game, const char *detail) {
    fprintf(stderr, "fuzz_level: contract violated%s%s: %s%s%s\n", game ? " by game " : "", game ? game : "", what,
            detail ? ": " : "", detail ? detail : "");
    abort();
}

/* Errors name the file, the line and the column (spec/formats.md). */
static void check_error(const pl_error *e, const char *file, const char *game, bool needs_place) {
    char buf[1024];
    pl_error_format(e, buf, sizeof buf);
    if (!memchr(e->msg, '\0', sizeof e->msg) || e->msg[0] == '\0')
        contract_failure("error without a message", game, NULL);
    if (strcmp(e->file, file) != 0) contract_failure("error names another file", game, buf);
    if (needs_place && (e->line < 1 || e->col < 1)) contract_failure("error without a line and column", game, buf);
}

static bool has_solve_step(void) {
    static int cached = -1;
    if (cached < 0) {
        const char *v = getenv("PL_FUZZ_NO_SOLVE");
        cached = !(v && v[0] && strcmp(v, "0") != 0);
    }
    return cached != 0;
}

/* PL_FUZZ_SOLVE_NODES overrides the node limit of step 5. */
static uint64_t solve_node_limit(void) {
    static uint64_t cached;
    if (!cached) {
        const char *v = getenv("PL_FUZZ_SOLVE_NODES");
        unsigned long long n = v ? strtoull(v, NULL, 10) : 0;
        cached = n ? (uint64_t)n : SOLVE_NODE_LIMIT;
    }
    return cached;
}

/* Replays moves from the level's start; returns the index of the first move
 * that was not OK (or n), and fills *v when all moves were OK. */
static int replay(const pl_game *g, const void *level, char *const *moves, int n, const char *objective, pl_verdict *v,
                  pl_move_result *last) {
    void *st = g->state_new(level);
    int i;
    *last = PL_MOVE_OK;
    for (i = 0; i < n; i++) {
        char reason[256];
        memset(reason, 0x55, sizeof reason); /* poisoned: move_apply must write a string on failure */
        int col = 1;
        pl_move_result r = g->move_apply(st, moves[i], reason, sizeof reason, &col);
        if (r != PL_MOVE_OK && r != PL_MOVE_ILLEGAL && r != PL_MOVE_SYNTAX)
            contract_failure("move_apply returned an unknown result", g->name, moves[i]);
        if (r == PL_MOVE_OK) continue;
        if (!memchr(reason, '\0', sizeof reason) || reason[0] == '\0')
            contract_failure("move_apply failed without a reason", g->name, moves[i]);
        if (r == PL_MOVE_SYNTAX && (col < 1 || (size_t)col > strlen(moves[i]) + 1))
            contract_failure("syntax error column outside the move", g->name, moves[i]);
        *last = r;
        break;
    }
    if (i == n) {
        memset(v, 0, sizeof *v);
        g->finish(st, objective, v);
        if (v->nvalues < 0 || v->nvalues > PL_MAX_VALUES) contract_failure("verdict with a bad nvalues", g->name, NULL);
        for (int k = 0; k < v->nvalues; k++)
            if (!v->value_name[k]) contract_failure("verdict value without a name", g->name, NULL);
        if (!v->ok && v->reason[0] == '\0') contract_failure("invalid verdict without a reason", g->name, NULL);
    }
    g->state_free(st);
    return i;
}

static void check_solver(const pl_game *g, const void *level) {
    static const char *const no_objective[] = {NULL};
    const char *const *objs = g->objectives ? g->objectives : no_objective;
    pl_opts opts;
    memset(&opts, 0, sizeof opts);
    for (int a = 0; a < g->nalgorithms; a++) {
        const pl_algorithm *alg = &g->algorithms[a];
        int k = 0;
        do {
            const char *objective = objs[k];
            pl_limits lim;
            pl_limits_init(&lim, SOLVE_TIME_LIMIT, solve_node_limit(), SOLVE_MEMORY_LIMIT);
            pl_request req = {.opts = &opts, .objective = objective, .seed = 1, .limits = &lim};
            char why[256] = "";
            if (alg->applies && !alg->applies(level, &req, why, sizeof why)) continue;
            pl_solution sol;
            pl_solution_init(&sol);
            sol.algorithm = alg->name;
            pl_error err;
            memset(&err, 0, sizeof err);
            if (alg->solve(level, &req, &sol, &err)) {
                check_error(&err, err.file, g->name, false);
                pl_solution_free(&sol);
                continue;
            }
            char detail[160];
            snprintf(detail, sizeof detail, "algorithm %s, objective %s", alg->name, objective ? objective : "-");
            if (sol.status == PL_UNSOLVABLE && (sol.limit_hit || lim.hit))
                contract_failure("'unsolvable' although a limit was reached", g->name, detail);
            if (sol.status == PL_SOLVED) {
                pl_verdict v;
                pl_move_result last;
                int done = replay(g, level, sol.moves.s, sol.moves.n, objective, &v, &last);
                if (done < sol.moves.n) {
                    fprintf(stderr, "fuzz_level: move %d '%s' of the certificate is %s\n", done + 1, sol.moves.s[done],
                            last == PL_MOVE_SYNTAX ? "a syntax error" : "illegal");
                    contract_failure("solver certificate does not replay", g->name, detail);
                }
                if (!v.ok) {
                    fprintf(stderr, "fuzz_level: verdict: %s\n", v.reason);
                    contract_failure("solver certificate does not verify", g->name, detail);
                }
                for (int i = 0; i < sol.nvalues; i++)
                    for (int j = 0; j < v.nvalues; j++)
                        if (strcmp(sol.value_name[i], v.value_name[j]) == 0 && sol.value[i] != v.value[j]) {
                            fprintf(stderr, "fuzz_level: %s: solver says %lld, replay gives %lld\n", sol.value_name[i],
                                    sol.value[i], v.value[j]);
                            contract_failure("solver value differs from the replayed value", g->name, detail);
                        }
            }
            pl_solution_free(&sol);
        } while (objs[k] && objs[++k]);
    }
}

static void exercise_level(const pl_game *g, const void *level, const pl_moves *mv, bool solve) {
    json_t *info = json_object();
    g->level_info(level, info);
    char *dump = json_dumps(info, JSON_COMPACT);
    free(dump);
    json_decref(info);

    static const char *const no_objective[] = {NULL};
    const char *const *objs = g->objectives ? g->objectives : no_objective;
    int k = 0;
    do {
        pl_verdict v;
        pl_move_result last;
        replay(g, level, mv->text, mv->n, objs[k], &v, &last);
    } while (objs[k] && objs[++k]);

    if (solve && has_solve_step()) check_solver(g, level);
}

/* Parses data as a level for every game and exercises each level that parses. */
static void run_level(const char *data, size_t len, const pl_moves *mv, bool solve) {
    pl_level_text lt;
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_level_text_parse(FUZZ_FILE, data, len, &lt, &err)) {
        check_error(&err, FUZZ_FILE, NULL, true);
        pl_level_text_free(&lt); /* must be harmless after a failed parse */
        return;
    }
    /* The lookups games use. */
    (void)pl_level_header(&lt, "moves");
    (void)pl_level_section(&lt, "board");
    for (const pl_game *const *gp = pl_games(); *gp; gp++) {
        const pl_game *g = *gp;
        memset(&err, 0, sizeof err);
        void *level = g->level_parse(&lt, &err);
        if (!level) {
            check_error(&err, FUZZ_FILE, g->name, true);
            continue;
        }
        exercise_level(g, level, mv, solve);
        g->level_free(level);
    }
    pl_level_text_free(&lt);
}

/* Step 6: the source problems and the reductions from them. */
static void check_cert(const pl_problem *p, const void *inst, const pl_strvec *cert, const char *what) {
    pl_moves cm;
    pl_moves_from_strvec(cert, "(certificate)", &cm);
    pl_verdict v;
    memset(&v, 0, sizeof v);
    pl_error err;
    memset(&err, 0, sizeof err);
    if (p->verify(inst, &cm, &v, &err) || !v.ok) {
        fprintf(stderr, "fuzz_level: %s: %s%s\n", what, v.reason, err.msg);
        contract_failure("a certificate the source's verifier rejects", p->name, what);
    }
    pl_moves_free(&cm);
}

static void run_reductions(const pl_problem *p, const void *inst, const pl_strvec *cert) {
    for (const pl_game *const *gp = pl_games(); *gp; gp++) {
        const pl_game *g = *gp;
        for (int i = 0; i < g->nreductions; i++) {
            const pl_reduction *r = &g->reductions[i];
            if (strcmp(r->from, p->name) != 0) continue;
            pl_error err;
            memset(&err, 0, sizeof err);
            char *text = r->build(inst, FUZZ_FILE, &err);
            if (!text) {
                check_error(&err, err.file, g->name, false);
                continue;
            }
            pl_level_text lt;
            void *level = NULL;
            if (pl_level_text_parse("(construction)", text, strlen(text), &lt, &err) == 0) {
                level = g->level_parse(&lt, &err);
                pl_level_text_free(&lt);
            }
            if (!level) contract_failure("a construction that is not a level", g->name, err.msg);
            if (cert) {
                pl_moves cm;
                pl_moves_from_strvec(cert, "(certificate)", &cm);
                pl_strvec moves = {0};
                if (r->forward(inst, &cm, &moves, &err)) contract_failure("forward failed", g->name, err.msg);
                pl_verdict v;
                pl_move_result last;
                if (replay(g, level, moves.s, moves.n, NULL, &v, &last) < moves.n || !v.ok)
                    contract_failure("the forward certificate does not verify", g->name, r->result);
                pl_moves mm;
                pl_moves_from_strvec(&moves, "(moves)", &mm);
                pl_strvec back = {0};
                char why[256] = "";
                if (r->lift(inst, &mm, &back, why, sizeof why)) contract_failure("lift failed", g->name, why);
                check_cert(p, inst, &back, "lifted certificate");
                pl_strvec_free(&back);
                pl_moves_free(&mm);
                pl_strvec_free(&moves);
                pl_moves_free(&cm);
            }
            g->level_free(level);
            free(text);
        }
    }
}

static void run_problems(const char *data, size_t len, const pl_moves *mv, bool solve) {
    for (const pl_problem *const *pp = pl_problems(); *pp; pp++) {
        const pl_problem *p = *pp;
        pl_error err;
        memset(&err, 0, sizeof err);
        void *inst = p->parse(FUZZ_FILE, data, len, &err);
        if (!inst) {
            check_error(&err, FUZZ_FILE, p->name, true);
            continue;
        }
        json_t *info = json_object();
        p->info(inst, info);
        json_decref(info);
        pl_verdict v;
        memset(&v, 0, sizeof v);
        memset(&err, 0, sizeof err);
        if (p->verify(inst, mv, &v, &err))
            check_error(&err, FUZZ_FILE, p->name, true);
        else if (!v.ok && v.reason[0] == '\0')
            contract_failure("an invalid certificate without a reason", p->name, NULL);
        if (solve && has_solve_step()) {
            pl_limits lim;
            pl_limits_init(&lim, SOLVE_TIME_LIMIT, solve_node_limit(), SOLVE_MEMORY_LIMIT);
            pl_opts opts;
            memset(&opts, 0, sizeof opts);
            pl_request req = {.opts = &opts, .seed = 1, .limits = &lim, .threads = 1};
            pl_solution sol;
            pl_solution_init(&sol);
            if (p->solve(inst, &req, &sol, &err) == 0) {
                if (sol.status == PL_SOLVED) check_cert(p, inst, &sol.moves, "solver certificate");
                run_reductions(p, inst, sol.status == PL_SOLVED ? &sol.moves : NULL);
            }
            pl_solution_free(&sol);
        }
        p->free(inst);
    }
}

/* Step 7. */
static int collect_flush(pl_move_sink *s) {
    pl_sbuf_append(s->ctx, s->buf, s->used);
    s->used = 0;
    return 0;
}

static void check_streamed(const char *ldata, size_t llen, const char *mdata, size_t mlen) {
    for (const pl_game *const *gp = pl_games(); *gp; gp++) {
        const pl_game *g = *gp;
        if (!g->solve_text && !g->verify_text) continue;
        const char *objective = g->objectives ? g->objectives[0] : NULL;
        void *level = NULL;
        pl_level_text lt;
        pl_error err;
        memset(&err, 0, sizeof err);
        if (pl_level_text_parse(FUZZ_FILE, ldata, llen, &lt, &err) == 0) {
            level = g->level_parse(&lt, &err);
            pl_level_text_free(&lt);
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        pl_opts opts;
        memset(&opts, 0, sizeof opts);
        pl_request req = {.opts = &opts, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
        pl_text_solve fs;
        if (g->solve_text && g->solve_text(ldata, llen, &req, NULL, &fs) == 1) {
            if (!level) contract_failure("streamed solve took a level the reader rejects", g->name, err.msg);
            pl_limits lim2;
            pl_limits_init(&lim2, 0, 0, 0);
            req.limits = &lim2;
            pl_solution sol;
            if (pl_game_solve(g, NULL, level, &req, &sol, &err)) contract_failure("auto failed", g->name, err.msg);
            bool same = fs.status == sol.status && strcmp(fs.algorithm, sol.algorithm) == 0 &&
                        strcmp(fs.note, sol.note) == 0 && fs.nodes == sol.nodes && fs.nvalues == sol.nvalues;
            for (int i = 0; same && i < fs.nvalues; i++)
                same = strcmp(fs.value_name[i], sol.value_name[i]) == 0 && fs.value[i] == sol.value[i];
            if (same && fs.status == PL_SOLVED) {
                pl_sbuf got = {0}, want = {0};
                pl_sbuf_append(&got, "", 0);
                pl_sbuf_append(&want, "", 0);
                pl_move_sink sink = {malloc(PL_MOVE_SINK_ROOM + 7), 0, PL_MOVE_SINK_ROOM + 7, collect_flush, &got, 0};
                same = fs.nmoves == sol.moves.n && fs.emit(fs.state, &sink) == 0 && collect_flush(&sink) == 0 &&
                       sink.moves == fs.nmoves;
                free(sink.buf);
                for (int i = 0; i < sol.moves.n; i++) pl_sbuf_printf(&want, "%s\n", sol.moves.s[i]);
                same = same && got.n == want.n && memcmp(got.s, want.s, got.n) == 0;
                free(got.s);
                free(want.s);
            }
            fs.free(fs.state);
            pl_solution_free(&sol);
            if (!same) contract_failure("streamed solve differs from the general path", g->name, NULL);
        }
        pl_verdict v;
        memset(&v, 0, sizeof v);
        long long n = -1;
        if (g->verify_text && g->verify_text(ldata, llen, mdata, mlen, objective, &v, &n) == 1) {
            if (!level) contract_failure("streamed verify took a level the reader rejects", g->name, err.msg);
            pl_moves mv;
            if (pl_moves_parse(FUZZ_FILE, mdata, mlen, &mv, &err))
                contract_failure("streamed verify took moves the reader rejects", g->name, err.msg);
            pl_verdict w;
            pl_move_result last;
            int done = replay(g, level, mv.text, mv.n, objective, &w, &last);
            bool same = done == mv.n && n == mv.n && v.ok == w.ok && strcmp(v.reason, w.reason) == 0 &&
                        v.nvalues == w.nvalues;
            for (int i = 0; same && i < v.nvalues; i++)
                same = strcmp(v.value_name[i], w.value_name[i]) == 0 && v.value[i] == w.value[i];
            pl_moves_free(&mv);
            if (!same) contract_failure("streamed verify differs from the replay", g->name, NULL);
        }
        if (level) g->level_free(level);
    }
}

/* Offset of the first line reading "moves:" (trailing blanks and CR allowed), or -1. */
static long find_moves_line(const char *data, size_t len) {
    size_t pos = 0;
    while (pos < len) {
        size_t start = pos, end;
        while (pos < len && data[pos] != '\n') pos++;
        end = pos;
        if (pos < len) pos++;
        while (end > start && (data[end - 1] == ' ' || data[end - 1] == '\t' || data[end - 1] == '\r')) end--;
        if (end - start == 6 && memcmp(data + start, "moves:", 6) == 0) return (long)start;
    }
    return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A private copy without a terminating NUL, so reading past the end is caught. */
    char *buf = malloc(size ? size : 1);
    if (!buf) return 0;
    if (size) memcpy(buf, data, size);

    long split = find_moves_line(buf, size);
    const char *mdata = split >= 0 ? buf + split : buf;
    size_t mlen = split >= 0 ? size - (size_t)split : size;

    pl_moves mv;
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_moves_parse(FUZZ_FILE, mdata, mlen, &mv, &err)) {
        check_error(&err, FUZZ_FILE, NULL, true);
        memset(&mv, 0, sizeof mv); /* replay with no moves */
    } else {
        for (int i = 0; i < mv.n; i++)
            if (mv.line[i] < 1 || mv.col[i] < 1 || mv.text[i][0] == '\0')
                contract_failure("MOVES entry without a place or text", NULL, mv.text[i]);
    }
    for (int i = 0; i < mv.n; i++) {
        snip_move m, back;
        char why[256], buf[256];
        int col = 0;
        if (snip_move_parse(mv.text[i], &m, why, sizeof why, &col) != 0) {
            if (col < 1 || (size_t)col > strlen(mv.text[i]) + 1)
                contract_failure("snip move error column", "snip", mv.text[i]);
            continue;
        }
        snip_move_format(&m, buf, sizeof buf);
        if (snip_move_parse(buf, &back, why, sizeof why, &col) != 0 || back.kind != m.kind || back.a != m.a ||
            (m.kind == SNIP_MOVE_SNIP &&
             (back.b != m.b || back.theta != m.theta || back.tx != m.tx || back.ty != m.ty)) ||
            (m.kind == SNIP_MOVE_KEEP && (back.x != m.x || back.y != m.y)))
            contract_failure("snip move does not print and parse back to itself", "snip", buf);
    }
    pl_moves none;
    memset(&none, 0, sizeof none);

    bool small = size <= SOLVE_MAX_INPUT;
    check_streamed(buf, split >= 0 ? (size_t)split : size, mdata, mlen);
    if (split >= 0) {
        run_level(buf, size, &none, false);        /* the whole input (rarely a level) */
        run_level(buf, (size_t)split, &mv, small); /* the level before "moves:" */
        run_problems(buf, (size_t)split, &mv, small);
    } else {
        run_level(buf, size, &mv, small);
        run_problems(buf, size, &mv, small);
    }

    pl_moves_free(&mv);
    free(buf);
    return 0;
}
