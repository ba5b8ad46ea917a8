/* The puzzlelab command line: argument parsing, dispatch over the game
 * descriptors, output (text or JSON through jansson) and exit codes. It knows
 * no game rules. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"
#include "puzzlelab/draw.h"
#include "puzzlelab/game.h"

#define PUZZLELAB_VERSION "0.1.0"

typedef struct command {
    const char *name;
    const char *args;
    const char *summary;
    int (*run)(const pl_game *g, int npos, char **pos, const pl_opts *o);
    const pl_option *options; /* command's own common options */
    bool needs_generate;
    bool needs_census;
    bool needs_render;
    bool needs_play;
    bool needs_reductions;
} command;

static const pl_option solve_common[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"algorithm", "NAME", "force one algorithm (default auto: the first that applies, see GAME help)"},
    {"time-limit", "SECONDS",
     "stop after this much time: a decision is then unknown (exit 3); an optimisation "
     "prints the best found with 'optimal no'"},
    {"node-limit", "N", "stop after N search nodes (same outcome as --time-limit)"},
    {"memory-limit", "MB",
     "cap on transposition-table memory in MiB (default 1024); at the cap the table "
     "replaces entries instead of growing"},
    {"seed", "N", "seed for randomised algorithms (default 1)"},
    {"threads", "N", "worker threads for parallel algorithms (default: every core)"},
    {"output", "MOVES",
     "also write the certificate as a MOVES file that verify reads (also -o MOVES; '-': standard output, "
     "the report then goes to stderr); not written when there is no certificate"},
    {"batch", "FILE",
     "solve every level of FILE, one a line: the lines of a level file joined by '/', headers included "
     "(e.g. 'sizes: 2/aab/bba'); prints the line number, status and value of each"},
    {"progress", NULL, "anytime algorithms print their best so far on stderr"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option verify_common[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"time-limit", "SECONDS",
     "stop the replay between two moves once this much time has passed: status unknown, exit 3 (default: none)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option info_common[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"memory-limit", "MB", "the memory limit solve would run under (default 1024): it can change the algorithm"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option census_common[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"time-limit", "SECONDS", "stop after this much time (the counts are then partial, exit 3)"},
    {"memory-limit", "MB", "memory cap for the solvers' tables in MiB (default 1024)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option generate_common[] = {
    {"output", "FILE", "write the level to FILE instead of stdout (also -o FILE; '-': stdout)"},
    {"json", NULL,
     "print the level's parameters (as info does) as one JSON object on stdout; with no -o FILE "
     "the level's text is in it too"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

static int cmd_solve(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_verify(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_info(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_generate(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_census(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_render(const pl_game *g, int npos, char **pos, const pl_opts *o);
static int cmd_play(const pl_game *g, int npos, char **pos, const pl_opts *o);

static const pl_option render_common[] = {
    {"output", "FILE",
     "the picture (also -o FILE); .png, .svg or .pdf chooses the format ('-': standard output, with --format)"},
    {"format", "png|svg|pdf", "the picture's format (needed with -o -; must agree with FILE's extension)"},
    {"json", NULL,
     "print what was drawn as one JSON object on stdout: output, format, size, frames, steps, colours (not "
     "with -o -)"},
    {"frames", NULL, "PNG/SVG: a strip of every step of the certificate (PDF: always one page a step)"},
    {"step", "K",
     "PNG/SVG without --frames: draw the position after K moves, the next one highlighted "
     "(default: the end; past the end is an error)"},
    {"letters", NULL, "print the colour letter on every piece"},
    {"cell-size", "PX", "pixels (PNG) or points (SVG, PDF) per cell (default 40)"},
    {"memory-limit", "MB",
     "memory the picture may take in MiB (default 1024): a PNG's pixels, checked first; an SVG or PDF while "
     "drawn (about 1 KiB a shape); beyond it nothing is written, exit 3"},
    {"frames-per-row", "N",
     "frames in a row of the --frames strip (default 4, fewer for frames wider than high: one a row for a "
     "one-row board)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option play_common[] = {
    {"output", "FILE", "where the moves played are saved (also -o FILE): on 's' and on quitting"},
    {"hint-limit", "SECONDS", "time a hint may take (default 2)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

static const command commands[] = {
    {"solve", "LEVEL", "decide or optimise; print the status, then the certificate (one move a line)", cmd_solve,
     solve_common, false, false, false, false, false},
    {"verify", "LEVEL MOVES", "replay a certificate; name the first illegal move and why", cmd_verify, verify_common,
     false, false, false, false, false},
    {"info", "LEVEL", "the instance's parameters and the algorithm solve would pick, with its paper result", cmd_info,
     info_common, false, false, false, false, false},
    {"generate", "", "print a random level (--seed makes it reproducible)", cmd_generate, generate_common, true, false,
     false, false, false},
    {"census", "",
     "count the solvable boards of a shape (every board, or a sample) and the distribution of the "
     "optimum",
     cmd_census, census_common, false, true, false, false, false},
    {"render", "LEVEL [MOVES]", "draw the level, or every step of a certificate, to PNG, SVG or PDF (-o FILE)",
     cmd_render, render_common, false, false, true, false, false},
    {"play", "LEVEL", "play in the terminal: cursor, select, undo, redo, hint, reset, save the moves", cmd_play,
     play_common, false, false, false, true, false},
    {"reduce", "--from PROBLEM SOURCE",
     "build a paper's hardness construction from a source instance (-o LEVEL); with --witness, its moves too",
     pl_cli_reduce, pl_cli_reduce_options, false, false, false, false, true},
    {"lift", "SOURCE LEVEL MOVES",
     "turn a certificate of a constructed level back into one of the source instance, checked by its verifier",
     pl_cli_lift, pl_cli_lift_options, false, false, false, false, true},
    {"sweep", "--param N=V...",
     "solve generated instances over a grid of generator parameters: records, a summary per cell, a plot", pl_cli_sweep,
     pl_cli_sweep_options, true, false, false, false, false},
    {"plot", "TABLE", "plot a sweep's records: solvable fraction or effort against a parameter, a line per series",
     pl_cli_plot, pl_cli_plot_options, true, false, false, false, false},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* ---------- messages ---------- */

static int fail_usage(const char *fmt, const char *a, const char *b) {
    return pl_cli_fail_usage(fmt, a, b);
}

static int fail_error(const pl_error *e) {
    return pl_cli_fail_error(e);
}

static bool command_available(const pl_game *g, const command *c) {
    return (!c->needs_generate || g->generate) && (!c->needs_census || g->census) && (!c->needs_render || g->render) &&
           (!c->needs_play || g->play) && (!c->needs_reductions || g->nreductions > 0);
}

static void print_options(FILE *f, const pl_option *opts) {
    pl_cli_print_options(f, opts);
}

static void print_top_help(FILE *f) {
    fprintf(f,
            "puzzlelab %s: a laboratory for the puzzle games of five complexity papers\n\n"
            "usage: puzzlelab GAME COMMAND [OPTIONS] FILE...\n"
            "       puzzlelab GAME help         what GAME supports\n"
            "       puzzlelab GAME COMMAND --help\n"
            "       puzzlelab PROBLEM COMMAND [OPTIONS] FILE...   a source problem of the reductions\n\n"
            "games:\n",
            PUZZLELAB_VERSION);
    for (const pl_game *const *g = pl_games(); *g; g++)
        fprintf(f, "  %-12s %s: %s\n", (*g)->name, (*g)->title, (*g)->summary);
    pl_cli_problems_help(f);
    fprintf(f, "\nexit status: 0 solved / certificate valid; 1 proven unsolvable / certificate invalid;\n"
               "             2 bad usage or bad input; 3 limit reached, answer unknown\n");
}

static void print_game_help(FILE *f, const pl_game *g) {
    fprintf(f, "puzzlelab %s: %s\n%s\n\ncommands:\n", g->name, g->title, g->summary);
    for (int i = 0; i < NCOMMANDS; i++)
        if (command_available(g, &commands[i])) {
            char left[64];
            snprintf(left, sizeof left, "%s %s", commands[i].name, commands[i].args);
            fprintf(f, "  %-20s %s\n", left, commands[i].summary);
        }
    fprintf(f, "\n%s", g->level_help);
    if (g->objectives) {
        fprintf(f, "\nobjectives (--objective):");
        for (int i = 0; g->objectives[i]; i++) fprintf(f, " %s%s", g->objectives[i], i == 0 ? " (default)" : "");
        fprintf(f, "\n");
    }
    fprintf(f, "\nalgorithms (--algorithm; auto picks the first that applies):\n");
    for (int i = 0; i < g->nalgorithms; i++)
        fprintf(f, "  %-12s %s\n  %-12s %s\n", g->algorithms[i].name, g->algorithms[i].result, "",
                g->algorithms[i].summary);
    if (g->play) fprintf(f, "\nplay: %s\nkeys:\n%s", g->play->how, pl_play_keys);
    pl_cli_print_reductions(f, g);
    fprintf(f, "\nRun 'puzzlelab %s COMMAND --help' for a command's options.\n", g->name);
}

/* The options a command honours for a game, in help order: the command's
 * own (solve's --seed, --threads, --progress and --memory-limit only where
 * an algorithm of the game reads them: pl_game.solve_uses), then the
 * game's. One list serves --help and the parser, so that the help never
 * lists an option the command ignores and the parser refuses one it would
 * ignore. Returns the count; out ends with a NULL entry. */
enum { MAX_COMMAND_OPTIONS = 64 };

static bool solve_option_used(const pl_game *g, const char *name) {
    static const struct {
        const char *name;
        unsigned flag;
    } needs[] = {{"seed", PL_USES_SEED},
                 {"threads", PL_USES_THREADS},
                 {"progress", PL_USES_PROGRESS},
                 {"memory-limit", PL_USES_MEMORY}};
    for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
        if (strcmp(needs[i].name, name) == 0) return (g->solve_uses & needs[i].flag) != 0;
    return true;
}

static void add_options(pl_option *out, int *n, const pl_option *list, const pl_game *g, bool filter) {
    for (; list && list->name; list++) {
        if (filter && !solve_option_used(g, list->name)) continue;
        bool dup = false;
        for (int i = 0; i < *n; i++) dup |= strcmp(out[i].name, list->name) == 0;
        if (!dup && *n < MAX_COMMAND_OPTIONS - 1) out[(*n)++] = *list;
    }
}

static int command_options(const pl_game *g, const command *c, pl_option *out) {
    int n = 0;
    static const pl_option objective_verify[] = {
        {"objective", "OBJ", "the objective to check (default: the game's first)"}, {NULL, NULL, NULL}};
    static const pl_option objective_play[] = {
        {"objective", "OBJ", "the objective hints and the end check aim at (default: the game's first)"},
        {NULL, NULL, NULL}};
    static const pl_option objective_info[] = {
        {"objective", "OBJ", "the objective whose algorithm is named (default: the game's first)"},
        {NULL, NULL, NULL}};
    static const pl_option objective_sweep[] = {
        {"objective", "OBJ", "the objective every instance is solved for (default: the game's first)"},
        {NULL, NULL, NULL}};
    if (c->run == cmd_solve) {
        add_options(out, &n, c->options, g, true);
        add_options(out, &n, g->solve_options, g, false);
    } else if (c->run == cmd_info) {
        add_options(out, &n, c->options, g, true);
        if (g->objectives) add_options(out, &n, objective_info, g, false);
    } else {
        add_options(out, &n, c->options, g, false);
        if (c->run == cmd_verify) {
            if (g->objectives) add_options(out, &n, objective_verify, g, false);
            add_options(out, &n, g->verify_options, g, false);
        }
        if (c->run == cmd_play && g->objectives) add_options(out, &n, objective_play, g, false);
        if (c->run == cmd_generate) add_options(out, &n, g->generate_options, g, false);
        if (c->run == cmd_census) add_options(out, &n, g->census_options, g, false);
        if (c->run == pl_cli_sweep && g->objectives) add_options(out, &n, objective_sweep, g, false);
    }
    out[n] = (pl_option){NULL, NULL, NULL};
    return n;
}

static void print_command_help(FILE *f, const pl_game *g, const command *c) {
    fprintf(f, "usage: puzzlelab %s %s [OPTIONS]%s%s\n%s\n\noptions:\n", g->name, c->name, c->args[0] ? " " : "",
            c->args, c->summary);
    pl_option opts[MAX_COMMAND_OPTIONS];
    command_options(g, c, opts);
    print_options(f, opts);
    if (c->run == cmd_play) {
        fprintf(f, "\nkeys:\n%s", pl_play_keys);
        fprintf(f, "\n%s: %s\n", g->name, g->play->how);
    }
}

/* ---------- option parsing ---------- */

/* Splits argv into positional arguments and options known to the command. */
static int parse_args(const pl_game *g, const command *c, int argc, char **argv, char **pos, int *npos, pl_opts *o) {
    pl_option opts[MAX_COMMAND_OPTIONS];
    command_options(g, c, opts);
    const pl_option *lists[1] = {opts};
    bool dash_o = c->run == cmd_generate || c->run == cmd_render || c->run == cmd_play || c->run == cmd_solve ||
                  c->run == pl_cli_reduce || c->run == pl_cli_lift || c->run == pl_cli_sweep || c->run == pl_cli_plot;
    char where[96];
    snprintf(where, sizeof where, "%s %s", g->name, c->name);
    return pl_cli_parse_args(lists, 1, where, dash_o, argc, argv, pos, npos, o);
}

/* ---------- shared steps ---------- */

static void *load_level(const pl_game *g, const char *path, pl_error *err) {
    return pl_cli_load_level(g, path, err);
}

static int check_objective(const pl_game *g, const pl_opts *o, const char **objective) {
    *objective = NULL;
    if (!g->objectives) return 0;
    *objective = pl_opts_get(o, "objective");
    if (!*objective) {
        *objective = g->objectives[0];
        return 0;
    }
    for (int i = 0; g->objectives[i]; i++)
        if (strcmp(g->objectives[i], *objective) == 0) return 0;
    char expected[256] = "";
    for (int i = 0; g->objectives[i]; i++) {
        size_t k = strlen(expected);
        snprintf(expected + k, sizeof expected - k, " %s", g->objectives[i]);
    }
    pl_cli_failf("unknown objective '%s' for %s (expected%s)", *objective, g->name, expected);
    return -1;
}

static void print_json(json_t *j) {
    pl_cli_print_json(j);
}

static bool is_optimisation(const char *objective, const pl_game *g) {
    return objective && g->objectives && strcmp(objective, g->objectives[0]) != 0;
}

static long default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : n;
}

static void print_progress(void *ctx, const char *line) {
    (void)ctx;
    fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

/* ---------- commands ---------- */

/* The limits and request of solve, from the options. */
typedef struct solve_setup {
    const char *objective;
    double time_limit;
    uint64_t node_limit, memory_mb, seed;
    long threads;
} solve_setup;

static int read_solve_setup(const pl_game *g, const pl_opts *o, solve_setup *ss) {
    if (check_objective(g, o, &ss->objective)) return -1;
    pl_error err = {0};
    if (pl_opts_double(o, "time-limit", 0, 0, 1e9, &ss->time_limit, &err) ||
        pl_opts_u64(o, "node-limit", 0, &ss->node_limit, &err) ||
        pl_opts_u64(o, "memory-limit", 1024, &ss->memory_mb, &err) || pl_opts_u64(o, "seed", 1, &ss->seed, &err) ||
        pl_opts_long(o, "threads", default_threads(), 1, 256, &ss->threads, &err)) {
        fail_error(&err);
        return -1;
    }
    if (ss->memory_mb < 1 || ss->memory_mb > (1u << 22)) {
        fail_usage("--memory-limit: expected 1 to 4194304 MiB%s%s", "", "");
        return -1;
    }
    return 0;
}

/* The limits (started now) and the request of solve. */
static void make_request(const pl_opts *o, const solve_setup *ss, pl_limits *lim, pl_request *req) {
    pl_limits_init(lim, ss->time_limit, ss->node_limit, (size_t)ss->memory_mb << 20);
    *req = (pl_request){
        .opts = o, .objective = ss->objective, .seed = ss->seed, .limits = lim, .threads = (int)ss->threads};
    if (pl_opts_has(o, "progress")) req->progress = print_progress;
}

/* Picks the algorithm (auto or --algorithm) and solves one level. Returns 0,
 * or -1 after printing why (bad option, algorithm not applicable, error). */
static int solve_level(const pl_game *g, const void *level, const char *name, const pl_opts *o, const solve_setup *ss,
                       pl_limits *lim, pl_solution *sol) {
    pl_request req;
    make_request(o, ss, lim, &req);
    const char *want = pl_opts_get(o, "algorithm");
    const pl_algorithm *alg = NULL;
    if (want && strcmp(want, "auto") != 0) {
        for (int i = 0; i < g->nalgorithms; i++)
            if (strcmp(g->algorithms[i].name, want) == 0) alg = &g->algorithms[i];
        if (!alg) {
            fail_usage("unknown algorithm '%s' for %s (see 'puzzlelab GAME help')", want, g->name);
            return -1;
        }
        /* on the heap, as little as possible stays on the stack below
         * which the solver runs (see pl_game_solve) */
        char *why = pl_xcalloc(1024, 1);
        bool applies = !alg->applies || alg->applies(level, &req, why, 1024);
        if (!applies) pl_cli_failf("algorithm '%s' does not apply to %s: %s", want, name, why);
        free(why);
        if (!applies) return -1;
    }
    /* auto (alg NULL): the first algorithm that applies, and the next when
     * it declines at run time; when none applies that is an answer, unknown
     * (exit 3) with the reasons, while a named --algorithm that does not
     * apply is a usage error above. */
    pl_error err = {0};
    if (pl_game_solve(g, alg, level, &req, sol, &err)) {
        fail_error(&err);
        return -1;
    }
    /* a limit the solver hit but did not report (the 'limit' key promised) */
    if (sol->status == PL_UNKNOWN && !sol->limit_hit && lim->hit) sol->limit_hit = lim->hit;
    return 0;
}

static const pl_algorithm *find_algorithm(const pl_game *g, const char *name) {
    for (int i = 0; i < g->nalgorithms; i++)
        if (strcmp(g->algorithms[i].name, name) == 0) return &g->algorithms[i];
    return NULL;
}

static json_t *moves_json(const pl_solution *sol) {
    json_t *mv = json_array();
    for (int i = 0; i < sol->moves.n; i++) json_array_append_new(mv, json_string(sol->moves.s[i]));
    return mv;
}

/* The value an optimisation objective is about ("removed" for max, ...): the
 * solution's value named after the objective, else its first value. */
static long long objective_value(const pl_solution *sol, const char *objective) {
    const char *name = objective && strcmp(objective, "max") == 0 ? "removed" : objective;
    for (int i = 0; i < sol->nvalues; i++)
        if (name && strcmp(sol->value_name[i], name) == 0) return sol->value[i];
    return sol->nvalues ? sol->value[0] : 0;
}

static int cmd_solve_batch(const pl_game *g, const char *path, const pl_opts *o, const solve_setup *ss) {
    char *data;
    size_t len;
    pl_error err = {0};
    if (pl_read_file(path, &data, &len, &err)) return fail_error(&err);
    bool json = pl_opts_has(o, "json"), optimisation = is_optimisation(ss->objective, g);
    json_t *boards = json_array();
    int counts[3] = {0, 0, 0}, bad = 0, lineno = 0;
    double start = pl_now();
    /* A bad line is an entry of the report ("status": "error"), not a
     * second JSON object on stdout. */
    bool was = pl_cli_json_errors(false);
#define BATCH_BAD()                                                                               \
    do {                                                                                          \
        bad++;                                                                                    \
        if (json) {                                                                               \
            json_t *e_ = json_object();                                                           \
            json_object_set_new(e_, "line", json_integer(lineno));                                \
            json_object_set_new(e_, "status", json_string("error"));                              \
            json_object_set_new(e_, "error", json_string(pl_cli_last_error()));                   \
            json_array_append_new(boards, e_);                                                    \
        }                                                                                         \
    } while (0)
    /* Lines by the file's length, not by NUL: a NUL byte is an error at its
     * place, and the lines after it are still read. */
    for (char *line = data, *end = data + len, *next; line < end; line = next) {
        lineno++;
        char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t linelen = nl ? (size_t)(nl - line) : (size_t)(end - line);
        next = nl ? nl + 1 : end;
        char *nul = memchr(line, '\0', linelen);
        if (nl) *nl = '\0';
        if (nul) {
            pl_error_set(&err, path, lineno, (int)(nul - line) + 1, "a NUL byte (expected a board's rows joined by '/')");
            fail_error(&err);
            BATCH_BAD();
            continue;
        }
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) line[--n] = '\0';
        char *first = line;
        while (*first == ' ' || *first == '\t') first++;
        if (!*first || *first == '#') continue;
        /* One board: its rows joined by '/', as a level with one row a line. */
        size_t m = strlen(first);
        char *text = pl_xmalloc(m + 2);
        for (size_t i = 0; i < m; i++) text[i] = first[i] == '/' ? '\n' : first[i];
        text[m] = '\n';
        text[m + 1] = '\0';
        char name[300];
        snprintf(name, sizeof name, "%s:%d", path, lineno);
        pl_level_text lt;
        void *level = NULL;
        if (pl_level_text_parse(path, text, m + 1, &lt, &err) == 0) {
            level = g->level_parse(&lt, &err);
            pl_level_text_free(&lt);
        }
        if (!level) {
            /* Map the place in the joined text back to the batch line. */
            int col = (int)(first - line) + 1, row = 1;
            for (size_t i = 0; i < m && row < err.line; i++, col++)
                if (first[i] == '/') row++;
            if (err.line > 0) col += err.col - 1;
            char msg[sizeof err.msg];
            memcpy(msg, err.msg, sizeof msg);
            pl_error_set(&err, path, lineno, err.line > 0 ? col : 1, "%s", msg);
            fail_error(&err);
            BATCH_BAD();
            free(text);
            continue;
        }
        free(text);
        pl_limits lim;
        pl_solution sol;
        if (solve_level(g, level, name, o, ss, &lim, &sol)) {
            g->level_free(level);
            BATCH_BAD();
            continue;
        }
        counts[sol.status]++;
        if (json) {
            json_t *b = json_object();
            json_object_set_new(b, "line", json_integer(lineno));
            json_object_set_new(b, "board", json_string(first));
            json_object_set_new(b, "status", json_string(pl_status_name(sol.status)));
            json_object_set_new(b, "algorithm", json_string(sol.algorithm));
            if (optimisation) {
                json_object_set_new(b, "value", json_integer(objective_value(&sol, ss->objective)));
                json_object_set_new(b, "optimal", json_boolean(sol.optimal == 1));
            }
            json_object_set_new(b, "moves", moves_json(&sol));
            json_array_append_new(boards, b);
        } else if (optimisation) {
            printf("%d %s %lld%s\n", lineno, pl_status_name(sol.status), objective_value(&sol, ss->objective),
                   sol.optimal == 1 ? "" : " (not proven optimal)");
        } else {
            printf("%d %s\n", lineno, pl_status_name(sol.status));
        }
        pl_solution_free(&sol);
        g->level_free(level);
    }
#undef BATCH_BAD
    pl_cli_json_errors(was);
    free(data);
    double secs = pl_now() - start;
    if (json) {
        json_t *j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        json_object_set_new(j, "batch", json_string(path));
        if (ss->objective) json_object_set_new(j, "objective", json_string(ss->objective));
        json_object_set_new(j, "solved", json_integer(counts[PL_SOLVED]));
        json_object_set_new(j, "unsolvable", json_integer(counts[PL_UNSOLVABLE]));
        json_object_set_new(j, "unknown", json_integer(counts[PL_UNKNOWN]));
        json_object_set_new(j, "bad", json_integer(bad));
        json_object_set_new(j, "seconds", json_real(secs));
        json_object_set_new(j, "boards", boards);
        print_json(j);
    } else {
        json_decref(boards);
        printf("# %d boards: %d solved, %d unsolvable, %d unknown, %d bad; %.3f s\n",
               counts[0] + counts[1] + counts[2] + bad, counts[PL_SOLVED], counts[PL_UNSOLVABLE], counts[PL_UNKNOWN],
               bad, secs);
    }
    return bad ? PL_EXIT_USAGE : PL_EXIT_OK;
}

static json_t *solution_json(const pl_game *g, const char *path, const solve_setup *ss, const pl_solution *sol,
                             double secs) {
    const pl_algorithm *alg = find_algorithm(g, sol->algorithm); /* NULL: none applied */
    json_t *j = json_object();
    json_object_set_new(j, "game", json_string(g->name));
    json_object_set_new(j, "level", json_string(path));
    if (ss->objective) json_object_set_new(j, "objective", json_string(ss->objective));
    json_object_set_new(j, "status", json_string(pl_status_name(sol->status)));
    json_object_set_new(j, "algorithm", json_string(sol->algorithm));
    json_object_set_new(j, "result", alg ? json_string(alg->result) : json_null());
    json_object_set_new(j, "seconds", json_real(secs));
    json_object_set_new(j, "nodes", json_integer((json_int_t)sol->nodes));
    json_object_set_new(j, "peak_memory_bytes", json_integer((json_int_t)sol->peak_memory));
    if (sol->limit_hit) json_object_set_new(j, "limit", json_string(pl_limit_name(sol->limit_hit)));
    for (int i = 0; i < sol->nvalues; i++) json_object_set_new(j, sol->value_name[i], json_integer(sol->value[i]));
    if (is_optimisation(ss->objective, g) && sol->optimal >= 0)
        json_object_set_new(j, "optimal", json_boolean(sol->optimal == 1));
    if (sol->note[0]) json_object_set_new(j, "note", json_string(sol->note));
    json_object_set_new(j, "moves", moves_json(sol));
    return j;
}

/* The streamed path's writer: each block of moves to the report (when it
 * lists them; its errors are the stream's, checked when the command ends)
 * and to the certificate (a failed write is kept for the end). */
typedef struct stream_targets {
    FILE *report, *cert;
    int cert_errno; /* a write to the certificate failed: its errno (then cert is NULL) */
} stream_targets;

/* Never fails: a certificate that cannot be written is dropped and the
 * moves still go to the report, as the general path prints them all before
 * it writes the certificate. */
static int stream_flush(pl_move_sink *s) {
    stream_targets *t = s->ctx;
    if (t->report) fwrite(s->buf, 1, s->used, t->report);
    if (t->cert && fwrite(s->buf, 1, s->used, t->cert) != s->used) {
        t->cert_errno = errno ? errno : EIO;
        t->cert = NULL;
    }
    s->used = 0;
    return 0;
}

/* solve of one level by the game's streamed path (pl_game.solve_text): the
 * report as solve_file prints it, then the moves, written into the report
 * and the certificate as they are made. The report's seconds are those up to
 * the decision (the moves come after it). Returns the exit status. */
static int solve_streamed(const pl_game *g, const char *path, const solve_setup *ss, const char *out,
                          pl_limits *lim, pl_text_solve *fs) {
    double secs = pl_limits_elapsed(lim);
    bool moves_to_stdout = out && strcmp(out, "-") == 0;
    FILE *report = moves_to_stdout ? stderr : stdout;
    pl_solution sol;
    pl_solution_init(&sol);
    sol.status = fs->status;
    sol.algorithm = fs->algorithm;
    sol.peak_memory = fs->peak_memory;
    sol.nodes = fs->nodes;
    for (int i = 0; i < fs->nvalues; i++) pl_solution_set_value(&sol, fs->value_name[i], fs->value[i]);
    snprintf(sol.note, sizeof sol.note, "%s", fs->note);
    pl_cli_print_solution(report, &sol, sol.algorithm, secs, is_optimisation(ss->objective, g), true, false);
    int rc = pl_status_exit_code(fs->status);
    if (fs->status != PL_SOLVED) {
        fs->free(fs->state);
        pl_solution_free(&sol);
        return rc;
    }
    stream_targets t = {NULL, NULL, 0};
    if (!moves_to_stdout) {
        fputs("moves:\n", report);
        t.report = report;
    }
    pl_error err = {0};
    pl_out cert;
    bool opened = false;
    if (out && pl_out_open(&cert, out, &err) == 0) { /* else err says why, after the moves */
        opened = true;
        pl_sbuf head = {0};
        pl_cli_certificate_head(&head, g->name, path, "move", &sol, fs->nmoves);
        if (fwrite(head.s, 1, head.n, cert.f) != head.n)
            t.cert_errno = errno ? errno : EIO;
        else
            t.cert = cert.f;
        free(head.s);
    }
    enum { BLOCK = 1 << 16 };
    pl_move_sink sink = {pl_xmalloc(BLOCK), 0, BLOCK, stream_flush, &t, 0};
    int e = fs->emit(fs->state, &sink);
    if (e == 0) e = stream_flush(&sink);
    if (e == 0 && sink.moves != fs->nmoves) e = -2; /* the header promised another count */
    fs->free(fs->state);
    free(sink.buf);
    pl_solution_free(&sol);
    if (e) {
        if (opened) pl_out_abort(&cert);
        return pl_cli_failf("internal error: the certificate of '%s' does not replay (a bug in puzzlelab; please "
                            "report the level)", fs->algorithm);
    }
    if (out && !opened) return fail_error(&err);
    if (t.cert_errno && cert.f != stdout) {
        pl_error_set(&err, NULL, 0, 0, "cannot write %s: %s", out, strerror(t.cert_errno));
        pl_out_abort(&cert);
        return fail_error(&err);
    }
    if (out && pl_out_close(&cert, &err)) return fail_error(&err);
    return rc;
}

/* Solves one level file: its report on stdout (text, or JSON into array
 * when array is not NULL), the certificate to out when asked. Returns the
 * exit status of this level alone. */
static int solve_file(const pl_game *g, const char *path, const pl_opts *o, const solve_setup *ss, const char *out,
                      json_t *array) {
    pl_error err = {0};
    void *level;
    if (g->solve_text && !array && !pl_opts_has(o, "progress")) {
        /* the game's streamed path first; the text goes on to the general
         * reader when the game does not stream this level */
        pl_file_text text;
        if (pl_file_text_read(path, &text, &err)) return fail_error(&err);
        pl_limits lim;
        pl_request req;
        make_request(o, ss, &lim, &req);
        pl_text_solve fs;
        if (g->solve_text(text.data, text.len, &req, pl_opts_get(o, "algorithm"), &fs)) {
            pl_file_text_free(&text);
            return solve_streamed(g, path, ss, out, &lim, &fs);
        }
        level = pl_cli_level_from_text(g, path, &text, &err);
    } else {
        level = load_level(g, path, &err);
    }
    if (!level) return fail_error(&err);
    pl_limits lim;
    /* on the heap: the solver runs below this frame (see pl_game_solve) */
    pl_solution *sol = pl_xmalloc(sizeof *sol);
    if (solve_level(g, level, path, o, ss, &lim, sol)) {
        free(sol);
        g->level_free(level);
        return PL_EXIT_USAGE;
    }
    double secs = pl_limits_elapsed(&lim);
    int rc = pl_status_exit_code(sol->status);
    /* -o -: the MOVES file is standard output and the report goes to stderr */
    bool moves_to_stdout = out && strcmp(out, "-") == 0;
    if (array)
        json_array_append_new(array, solution_json(g, path, ss, sol, secs));
    else
        pl_cli_print_solution(moves_to_stdout ? stderr : stdout, sol, sol->algorithm, secs,
                              is_optimisation(ss->objective, g), true, !moves_to_stdout);
    if (out && sol->status == PL_SOLVED && pl_cli_write_certificate(out, g->name, path, "move", sol)) rc = PL_EXIT_USAGE;
    pl_solution_free(sol);
    free(sol);
    g->level_free(level);
    return rc;
}

/* solve LEVEL...: with one LEVEL, its report and its exit status (0 solved,
 * 1 unsolvable, 3 unknown); with several, one report each (text: after a
 * line "== LEVEL"; JSON: one object with a "levels" array and the counts)
 * and, like --batch, exit 0 unless a level could not be read or solved
 * (2). */
static int cmd_solve(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    solve_setup ss;
    if (read_solve_setup(g, o, &ss)) return PL_EXIT_USAGE;
    const char *batch = pl_opts_get(o, "batch"), *out = pl_opts_get(o, "output");
    bool json = pl_opts_has(o, "json");
    if (batch) {
        if (npos != 0) return fail_usage("solve --batch FILE takes no LEVEL file%s%s", "", "");
        if (out) return fail_usage("solve --batch writes no MOVES file (-o): use --json for the certificates%s%s", "", "");
        return cmd_solve_batch(g, batch, o, &ss);
    }
    if (npos < 1) return fail_usage("solve takes a LEVEL file (see 'puzzlelab %s solve --help')%s", g->name, "");
    if (out && npos > 1) return fail_usage("solve -o MOVES takes one LEVEL file%s%s", "", "");
    if (out && json && strcmp(out, "-") == 0)
        return fail_usage("solve: --json and -o - both want standard output (write the MOVES to a file)%s%s", "", "");
    if (npos == 1) {
        json_t *one = json ? json_array() : NULL;
        int rc = solve_file(g, pos[0], o, &ss, out, one);
        if (one && json_array_size(one)) print_json(json_incref(json_array_get(one, 0)));
        json_decref(one);
        return rc;
    }
    json_t *levels = json ? json_array() : NULL;
    int counts[3] = {0, 0, 0}, bad = 0;
    /* a level that cannot be read is an entry of the report, not a second
     * JSON object on stdout */
    bool was = pl_cli_json_errors(false);
    for (int i = 0; i < npos; i++) {
        if (!json) printf("%s== %s\n", i ? "\n" : "", pos[i]);
        fflush(stdout);
        int rc = solve_file(g, pos[i], o, &ss, NULL, levels);
        if (rc == PL_EXIT_USAGE && json) {
            json_t *e = json_object();
            json_object_set_new(e, "level", json_string(pos[i]));
            json_object_set_new(e, "status", json_string("error"));
            json_object_set_new(e, "error", json_string(pl_cli_last_error()));
            json_array_append_new(levels, e);
        }
        if (rc == PL_EXIT_USAGE)
            bad++;
        else
            counts[rc == PL_EXIT_OK ? PL_SOLVED : rc == PL_EXIT_NO ? PL_UNSOLVABLE : PL_UNKNOWN]++;
    }
    if (json) {
        json_t *j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        if (ss.objective) json_object_set_new(j, "objective", json_string(ss.objective));
        json_object_set_new(j, "solved", json_integer(counts[PL_SOLVED]));
        json_object_set_new(j, "unsolvable", json_integer(counts[PL_UNSOLVABLE]));
        json_object_set_new(j, "unknown", json_integer(counts[PL_UNKNOWN]));
        json_object_set_new(j, "bad", json_integer(bad));
        json_object_set_new(j, "levels", levels);
        print_json(j);
    } else {
        printf("\n# %d levels: %d solved, %d unsolvable, %d unknown, %d bad\n", npos, counts[PL_SOLVED],
               counts[PL_UNSOLVABLE], counts[PL_UNKNOWN], bad);
    }
    pl_cli_json_errors(was);
    return bad ? PL_EXIT_USAGE : PL_EXIT_OK;
}

/* verify's report of a replay that ended (every move, or the bad one):
 * the exit status. */
static int print_verdict(const pl_game *g, const pl_opts *o, const char *objective, const pl_verdict *v,
                         long long nmoves, int bad_move) {
    if (pl_opts_has(o, "json")) {
        json_t *j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        if (objective) json_object_set_new(j, "objective", json_string(objective));
        json_object_set_new(j, "valid", json_boolean(v->ok));
        json_object_set_new(j, "moves", json_integer(bad_move ? bad_move - 1 : nmoves));
        if (!v->ok) json_object_set_new(j, "reason", json_string(v->reason));
        json_object_set_new(j, "bad_move", bad_move ? json_integer(bad_move) : json_null());
        for (int i = 0; i < v->nvalues; i++) json_object_set_new(j, v->value_name[i], json_integer(v->value[i]));
        print_json(j);
    } else {
        if (v->ok)
            printf("valid (%lld move%s)\n", nmoves, nmoves == 1 ? "" : "s");
        else
            printf("invalid: %s\n", v->reason);
        for (int i = 0; i < v->nvalues; i++) printf("%s %lld\n", v->value_name[i], v->value[i]);
    }
    return v->ok ? PL_EXIT_OK : PL_EXIT_NO;
}

/* verify by the game's streamed path (pl_game.verify_text), when it has
 * one, no time limit is asked and both texts are of the kind it streams:
 * true with *rc set; false to replay move by move. */
static bool verify_streamed(const pl_game *g, const pl_file_text *level, const pl_file_text *moves,
                            const pl_opts *o, const char *objective, int *rc) {
    pl_error err = {0};
    double time_limit;
    if (!g->verify_text || g->state_configure || pl_opts_double(o, "time-limit", 0, 0, 1e9, &time_limit, &err) ||
        time_limit > 0)
        return false;
    pl_verdict v = {0};
    long long n = 0;
    if (g->verify_text(level->data, level->len, moves->data, moves->len, objective, &v, &n) != 1) return false;
    *rc = print_verdict(g, o, objective, &v, n, 0);
    return true;
}

static int cmd_verify(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 2)
        return fail_usage("verify takes a LEVEL and a MOVES file (see 'puzzlelab %s verify --help')%s", g->name, "");
    const char *objective;
    if (check_objective(g, o, &objective)) return PL_EXIT_USAGE;
    /* Each file is read once, for the streamed path and then, when it
     * declines, for the replay. The MOVES file is read before the level's
     * errors are known only when it is a regular file (reading a pipe or a
     * terminal could wait); otherwise after, as the errors come in the same
     * order: the level's, the options', the MOVES file's. */
    pl_error err = {0};
    pl_file_text ltext, mtext = {NULL, 0, false};
    if (pl_file_text_read(pos[0], &ltext, &err)) return fail_error(&err);
    pl_error merr = {0};
    int mread = 0; /* 1: read; -1: could not be (merr); 0: not yet */
    struct stat ms;
    if (g->verify_text && strcmp(pos[1], "-") != 0 && stat(pos[1], &ms) == 0 && S_ISREG(ms.st_mode))
        mread = pl_file_text_read(pos[1], &mtext, &merr) ? -1 : 1;
    int streamed_rc;
    if (mread == 1 && verify_streamed(g, &ltext, &mtext, o, objective, &streamed_rc)) {
        pl_file_text_free(&ltext);
        pl_file_text_free(&mtext);
        return streamed_rc;
    }
    void *level = pl_cli_level_from_text(g, pos[0], &ltext, &err);
    double time_limit;
    pl_moves mv;
    if (!level) goto failed;
    if (pl_opts_double(o, "time-limit", 0, 0, 1e9, &time_limit, &err)) goto failed;
    if (mread == 0) mread = pl_file_text_read(pos[1], &mtext, &merr) ? -1 : 1;
    if (mread < 0) {
        err = merr;
        goto failed;
    }
    if (pl_moves_take(pos[1], &mtext, &mv, &err)) goto failed;
    /* the clock is read between moves (a move is never interrupted: what one
     * costs is the game's, see formats.md) */
    pl_limits lim;
    pl_limits_init(&lim, time_limit, 0, 0);
    int replayed = mv.n;
    void *st = g->state_new(level);
    if (g->state_configure && g->state_configure(st, o, &err)) {
        g->state_free(st);
        pl_moves_free(&mv);
        g->level_free(level);
        return fail_error(&err);
    }
    pl_verdict v = {0};
    int bad_move = 0, rc = PL_EXIT_OK;
    char reason[256] = "";
    for (int i = 0; i < mv.n; i++) {
        if (time_limit > 0 && !pl_limits_check_time(&lim) && lim.hit == PL_LIMIT_TIME) {
            replayed = i;
            break;
        }
        int col = 1;
        pl_move_result r = g->move_apply(st, mv.text[i], reason, sizeof reason, &col);
        if (r == PL_MOVE_SYNTAX) {
            pl_error_set(&err, mv.file, mv.line[i], mv.col[i] + col - 1, "%s", reason);
            rc = fail_error(&err);
            goto done;
        }
        if (r == PL_MOVE_ILLEGAL) {
            bad_move = i + 1;
            snprintf(v.reason, sizeof v.reason, "move %d (%.60s): %.160s", i + 1, mv.text[i], reason);
            v.ok = false;
            break;
        }
    }
    if (replayed < mv.n) {
        /* the time limit: neither valid nor invalid */
        rc = PL_EXIT_UNKNOWN;
        if (pl_opts_has(o, "json")) {
            json_t *j = json_object();
            json_object_set_new(j, "game", json_string(g->name));
            if (objective) json_object_set_new(j, "objective", json_string(objective));
            json_object_set_new(j, "status", json_string("unknown"));
            json_object_set_new(j, "valid", json_null());
            json_object_set_new(j, "moves", json_integer(replayed));
            json_object_set_new(j, "limit", json_string(pl_limit_name(PL_LIMIT_TIME)));
            print_json(j);
        } else {
            printf("unknown: time limit reached after %d of %d move%s (all legal so far)\n", replayed, mv.n,
                   mv.n == 1 ? "" : "s");
        }
        goto done;
    }
    if (!bad_move) g->finish(st, objective, &v);
    rc = print_verdict(g, o, objective, &v, mv.n, bad_move);
done:
    g->state_free(st);
    pl_moves_free(&mv);
    g->level_free(level);
    return rc;
failed: /* before the replay: the level, the options or the MOVES file */
    pl_file_text_free(&mtext);
    if (level) g->level_free(level);
    return fail_error(&err);
}

static void print_json_text(const char *key, json_t *v) {
    pl_cli_print_json_text(key, v);
}

static int cmd_info(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 1) return fail_usage("info takes one LEVEL file (see 'puzzlelab %s info --help')%s", g->name, "");
    const char *objective;
    if (check_objective(g, o, &objective)) return PL_EXIT_USAGE;
    pl_error err = {0};
    void *level = load_level(g, pos[0], &err);
    if (!level) return fail_error(&err);
    json_t *j = json_object();
    json_object_set_new(j, "game", json_string(g->name));
    json_object_set_new(j, "level", json_string(pos[0]));
    g->level_info(level, j);
    /* the memory limit solve would run under: it can pass an algorithm over */
    uint64_t memory_mb;
    if (pl_opts_u64(o, "memory-limit", 1024, &memory_mb, &err)) {
        json_decref(j);
        g->level_free(level);
        return fail_error(&err);
    }
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, (size_t)memory_mb << 20);
    pl_request req = {.opts = o, .objective = objective, .seed = 1, .limits = &lim, .threads = 1};
    char why[1024] = "";
    const pl_algorithm *a = pl_game_pick(g, level, &req, why, sizeof why);
    if (objective) json_object_set_new(j, "objective", json_string(objective));
    json_object_set_new(j, "algorithm", a ? json_string(a->name) : json_null());
    json_object_set_new(j, "result", a ? json_string(a->result) : json_null());
    json_object_set_new(j, "why", json_string(why));
    pl_cli_print_info(j, pl_opts_has(o, "json"));
    g->level_free(level);
    return PL_EXIT_OK;
}

/* generate: the level to -o FILE or stdout; with --json, its parameters (the
 * level read back as info reads it) as one JSON object on stdout, with the
 * level's text in it when no FILE is given. */
static int cmd_generate(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    (void)pos;
    if (npos != 0)
        return fail_usage("generate takes no files, only options (see 'puzzlelab %s generate --help')%s", g->name, "");
    const char *out = pl_opts_get(o, "output");
    bool json = pl_opts_has(o, "json"), to_stdout = !out || strcmp(out, "-") == 0;
    if (json && out && strcmp(out, "-") == 0)
        return fail_usage("generate: --json and -o - both want standard output%s%s", "", "");
    pl_error err = {0};
    char *text = g->generate(o, &err);
    if (!text) return fail_error(&err);
    json_t *j = NULL;
    if (json) {
        pl_level_text lt;
        void *level = NULL;
        if (pl_level_text_parse("(generated)", text, strlen(text), &lt, &err) == 0) {
            level = g->level_parse(&lt, &err);
            pl_level_text_free(&lt);
        }
        if (!level) { /* a generator must write what its reader accepts */
            free(text);
            return fail_error(&err);
        }
        j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        json_object_set_new(j, "output", to_stdout ? json_null() : json_string(out));
        g->level_info(level, j);
        g->level_free(level);
        if (to_stdout) json_object_set_new(j, "text", json_string(text));
    }
    int rc = 0;
    if (!json || !to_stdout) rc = pl_cli_write_file(out, text);
    free(text);
    if (j && rc == 0)
        print_json(j);
    else
        json_decref(j);
    return rc;
}

static void print_census_text(json_t *j) {
    const char *k;
    json_t *x;
    json_object_foreach(j, k, x) {
        if (!json_is_array(x)) {
            print_json_text(k, x);
            continue;
        }
        printf("%s:\n", k);
        size_t i;
        json_t *e;
        json_array_foreach(x, i, e) {
            const char *ek;
            json_t *ev;
            printf(" ");
            json_object_foreach(e, ek, ev) {
                if (json_is_array(ev)) {
                    size_t jj;
                    json_t *h;
                    printf(" %s=[", ek);
                    json_array_foreach(ev, jj, h) {
                        printf("%s%lld:%lld", jj ? " " : "",
                               (long long)json_integer_value(json_object_get(h, "removed")),
                               (long long)json_integer_value(json_object_get(h, "boards")));
                    }
                    printf("]");
                    continue;
                }
                char *sv = pl_cli_json_dumps(ev, false);
                printf(" %s=%s", ek, sv ? sv : "?");
                free(sv);
            }
            printf("\n");
        }
    }
}

static int census_command(const pl_game *g, int npos, const pl_opts *o, bool mpi) {
    if (npos != 0)
        return fail_usage("census takes no files, only options (see 'puzzlelab %s census --help')%s", g->name, "");
    pl_error err = {0};
    double tl;
    uint64_t mem;
    if (pl_opts_double(o, "time-limit", 0, 0, 1e9, &tl, &err) || pl_opts_u64(o, "memory-limit", 1024, &mem, &err))
        return fail_error(&err);
    pl_limits lim;
    pl_limits_init(&lim, tl, 0, (size_t)mem << 20);
    json_t *j = json_object();
    int failed;
#ifdef PL_HAVE_MPI
    if (mpi) { /* rank 0 hands out chunks (census.c) */
        failed = pl_cli_census_mpi(g, o, &lim, j, &err);
    } else
#endif
        failed = g->census(o, &lim, j, &err);
    (void)mpi;
    if (failed) {
        json_decref(j);
        return fail_error(&err);
    }
    const char *status = json_string_value(json_object_get(j, "status"));
    if (!status) { /* an MPI worker: rank 0 has the totals */
        json_decref(j);
        return PL_EXIT_OK;
    }
    json_object_set_new(j, "seconds", json_real(pl_limits_elapsed(&lim)));
    int rc = strcmp(status, "unknown") == 0 ? PL_EXIT_UNKNOWN : PL_EXIT_OK;
    if (pl_opts_has(o, "json")) {
        print_json(j);
    } else {
        print_census_text(j);
        json_decref(j);
    }
    return rc;
}

/* census, or under mpirun (a game with a chunked census, a build with MPI)
 * the same over the ranks: every rank runs the command, only rank 0 prints
 * (the others' output goes to /dev/null), and MPI ends after the output. */
static int cmd_census(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    (void)pos;
#ifdef PL_HAVE_MPI
    if (g->census_chunked && pl_cli_mpi_launched()) {
        int rank;
        MPI_Init(NULL, NULL);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (rank > 0) {
            FILE *quiet = freopen("/dev/null", "w", stdout);
            if (quiet) quiet = freopen("/dev/null", "w", stderr);
            (void)quiet;
        }
        int rc = census_command(g, npos, o, true);
        fflush(stdout);
        fflush(stderr);
        MPI_Finalize();
        return rc;
    }
#endif
    return census_command(g, npos, o, false);
}

/* render: the picture to -o FILE (or stdout with -o - --format F); with
 * --json, what was drawn as one JSON object on stdout. */
static int cmd_render(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos < 1 || npos > 2)
        return fail_usage("render takes a LEVEL and optionally a MOVES file (see 'puzzlelab %s render --help')%s",
                          g->name, "");
    const char *out = pl_opts_get(o, "output"), *format = pl_opts_get(o, "format");
    if (!out) return fail_usage("render needs -o FILE (.png, .svg or .pdf; '-' with --format)%s%s", "", "");
    bool json = pl_opts_has(o, "json"), to_stdout = strcmp(out, "-") == 0;
    pl_render_options ro;
    pl_render_options_default(&ro);
    if (format) {
        for (int k = PL_OUT_PNG; k <= PL_OUT_PDF; k++)
            if (strcmp(format, pl_output_kind_name(k)) == 0) ro.format = k;
        if (ro.format < 0) return fail_usage("--format: expected png, svg or pdf, got '%s'%s", format, "");
        int ext = pl_output_kind_of(out);
        if (ext >= 0 && ext != ro.format)
            return pl_cli_failf("render: -o %s is a .%s file but --format asks for %s", out, pl_output_kind_name(ext),
                                format);
    } else if (to_stdout) {
        return fail_usage("render -o - needs --format png, svg or pdf%s%s", "", "");
    }
    if (json && to_stdout)
        return fail_usage("render: --json and -o - both want standard output (write the picture to a file)%s%s", "",
                          "");
    pl_error err = {0};
    long step, per_row;
    if (pl_opts_long(o, "step", -1, 0, 1000000000L, &step, &err) ||
        pl_opts_double(o, "cell-size", 40, 1, 1000, &ro.cell, &err) ||
        pl_opts_long(o, "frames-per-row", 0, 1, 1000, &per_row, &err))
        return fail_error(&err);
    uint64_t memory_mb;
    if (pl_opts_u64(o, "memory-limit", 1024, &memory_mb, &err)) return fail_error(&err);
    if (memory_mb < 1 || memory_mb > (1u << 22)) return fail_usage("--memory-limit: expected 1 to 4194304 MiB%s%s", "", "");
    ro.memory_limit = (size_t)memory_mb << 20;
    ro.step = (int)step;
    ro.per_row = (int)per_row;
    ro.frames = pl_opts_has(o, "frames");
    ro.letters = pl_opts_has(o, "letters");
    void *level = load_level(g, pos[0], &err);
    if (!level) return fail_error(&err);
    pl_moves mv;
    bool have_moves = npos == 2;
    if (have_moves && pl_moves_read(pos[1], &mv, &err)) {
        g->level_free(level);
        return fail_error(&err);
    }
    int rc = PL_EXIT_OK;
    pl_render_info *info = json ? calloc(1, sizeof *info) : NULL;
    int rr = pl_render(g, level, have_moves ? &mv : NULL, &ro, out, info, &err);
    if (rr == PL_RENDER_MEMORY_LIMIT) {
        /* a limit, not bad input: exit 3 as for solve */
        fprintf(stderr, "puzzlelab: %s\n", err.msg);
        if (json) {
            json_t *j = json_object();
            json_object_set_new(j, "status", json_string("unknown"));
            json_object_set_new(j, "limit", json_string("memory limit"));
            json_object_set_new(j, "error", json_string(err.msg));
            json_object_set_new(j, "exit_status", json_integer(PL_EXIT_UNKNOWN));
            print_json(j);
        }
        rc = PL_EXIT_UNKNOWN;
    } else if (rr) {
        rc = fail_error(&err);
    } else if (info) {
        json_t *j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        json_object_set_new(j, "level", json_string(pos[0]));
        json_object_set_new(j, "moves_file", have_moves ? json_string(pos[1]) : json_null());
        json_object_set_new(j, "output", json_string(out));
        json_object_set_new(j, "format", json_string(pl_output_kind_name(info->format)));
        json_object_set_new(j, "unit", json_string(info->format == PL_OUT_PNG ? "px" : "pt"));
        json_object_set_new(j, "width", json_integer(info->width));
        json_object_set_new(j, "height", json_integer(info->height));
        json_object_set_new(j, "cell_size", json_real(ro.cell));
        json_object_set_new(j, "frames", json_integer(info->frames));
        json_object_set_new(j, "pages", json_integer(info->format == PL_OUT_PDF ? info->frames : 1));
        json_object_set_new(j, "frames_per_row", json_integer(info->per_row));
        json_object_set_new(j, "rows", json_integer(info->rows));
        json_object_set_new(j, "first_step", json_integer(info->first_step));
        json_object_set_new(j, "last_step", json_integer(info->last_step));
        json_object_set_new(j, "moves", json_integer(info->moves));
        json_t *colours = json_array();
        for (int i = 0; i < info->ncolours; i++) {
            double rgb[3];
            pl_palette_rgb(info->entry[i], rgb);
            char hex[8];
            snprintf(hex, sizeof hex, "#%02x%02x%02x", (unsigned)(rgb[0] * 255 + 0.5), (unsigned)(rgb[1] * 255 + 0.5),
                     (unsigned)(rgb[2] * 255 + 0.5));
            json_t *c = json_object();
            json_object_set_new(c, "name", json_string(info->colours[i]));
            json_object_set_new(c, "entry", json_integer(info->entry[i]));
            json_object_set_new(c, "rgb", json_string(hex));
            json_array_append_new(colours, c);
        }
        json_object_set_new(j, "colours", colours);
        print_json(j);
    }
    free(info);
    if (have_moves) pl_moves_free(&mv);
    g->level_free(level);
    pl_draw_shutdown();
    return rc;
}

static int cmd_play(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 1) return fail_usage("play takes one LEVEL file (see 'puzzlelab %s play --help')%s", g->name, "");
    const char *objective;
    if (check_objective(g, o, &objective)) return PL_EXIT_USAGE;
    pl_error err = {0};
    double hint_limit;
    if (pl_opts_double(o, "hint-limit", 2, 0.01, 3600, &hint_limit, &err)) return fail_error(&err);
    void *level = load_level(g, pos[0], &err);
    if (!level) return fail_error(&err);
    char why[256];
    if (g->play->playable && !g->play->playable(level, why, sizeof why)) {
        g->level_free(level);
        return pl_cli_failf("%s: %s", pos[0], why);
    }
    pl_play_setup ps = {.game = g,
                        .level = level,
                        .level_path = pos[0],
                        .objective = objective,
                        .output = pl_opts_get(o, "output"),
                        .hint_limit = hint_limit,
                        .opts = o};
    int rc = pl_play_run(&ps, &err) ? fail_error(&err) : PL_EXIT_OK;
    g->level_free(level);
    return rc;
}

/* Every command's last step: whatever went to standard output must have got
 * there (a full disk or a closed pipe is an error, exit 2, with the reason). */
static int finish(int rc) {
    pl_error err = {0};
    if (pl_stdout_close(&err)) return fail_error(&err);
    return rc;
}

static int fail_unknown_name(const char *name) {
    char list[512] = "";
    size_t k = 0;
    for (const pl_game *const *x = pl_games(); *x; x++)
        k += (size_t)snprintf(list + k, k < sizeof list ? sizeof list - k : 0, " %s", (*x)->name);
    for (const pl_problem *const *x = pl_problems(); *x; x++)
        k += (size_t)snprintf(list + k, k < sizeof list ? sizeof list - k : 0, " %s", (*x)->name);
    return pl_cli_failf("unknown game or problem '%s' (expected one of:%s; see 'puzzlelab help')", name, list);
}

int main(int argc, char **argv) {
    pl_memory_baseline_reset(); /* --memory-limit counts the level's reading too */
    /* --json anywhere: errors become JSON objects on stdout too. */
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--json") == 0) pl_cli_json_errors(true);
    /* `puzzlelab help GAME [COMMAND]` is `puzzlelab GAME help` and
     * `puzzlelab GAME COMMAND --help` (as git help and friends). */
    char *alt[4];
    if (argc >= 3 && argc <= 4 && strcmp(argv[1], "help") == 0) {
        alt[0] = argv[0];
        alt[1] = argv[2];
        alt[2] = argc == 4 ? argv[3] : "help";
        alt[3] = "--help";
        argv = alt;
        argc = 4 - (argc == 3);
    } else if (argc > 4 && strcmp(argv[1], "help") == 0) {
        return finish(pl_cli_failf("help takes at most a GAME (or PROBLEM) and a COMMAND"));
    }
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_top_help(stdout);
        return finish(argc < 2 ? PL_EXIT_USAGE : PL_EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("puzzlelab %s\n", PUZZLELAB_VERSION);
        return finish(PL_EXIT_OK);
    }
    const pl_problem *pb = pl_problem_find(argv[1]);
    if (pb) return finish(pl_cli_problem_main(pb, argc, argv));
    const pl_game *g = pl_game_find(argv[1]);
    if (!g) return finish(fail_unknown_name(argv[1]));
    if (argc < 3 || strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
        print_game_help(stdout, g);
        return finish(argc < 3 ? PL_EXIT_USAGE : PL_EXIT_OK);
    }
    const command *c = NULL;
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, argv[2]) == 0 && command_available(g, &commands[i])) c = &commands[i];
    if (!c) return finish(fail_usage("unknown command '%s' for %s (see 'puzzlelab GAME help')", argv[2], g->name));
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_command_help(stdout, g, c);
            return finish(PL_EXIT_OK);
        }
    char **pos = calloc((size_t)argc, sizeof *pos);
    int npos;
    pl_opts o;
    if (!pos || parse_args(g, c, argc - 3, argv + 3, pos, &npos, &o)) {
        free(pos);
        return finish(PL_EXIT_USAGE);
    }
    int rc = c->run(g, npos, pos, &o);
    free(pos);
    return finish(rc);
}
