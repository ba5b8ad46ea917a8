/* `puzzlelab PROBLEM COMMAND`: the source problems of the reductions (sat,
 * x3c, vertex-cover, 3partition) with the same commands, exit codes and JSON
 * keys as the games: solve, verify, info, generate. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const pl_option solve_options[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"time-limit", "SECONDS", "stop after this much time: the answer is then unknown (exit 3)"},
    {"node-limit", "N", "stop after N search nodes (SAT: conflicts); same outcome"},
    {"output", "CERTIFICATE", "also write the certificate as a file that verify reads (also -o CERTIFICATE; '-': "
                              "standard output, the report then goes to stderr); not written when there is none"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option json_options[] = {
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};
static const pl_option generate_common[] = {
    {"output", "FILE", "write the instance to FILE instead of stdout (also -o FILE)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

typedef struct pcommand {
    const char *name, *args, *summary;
    int (*run)(const pl_problem *p, int npos, char **pos, const pl_opts *o);
    const pl_option *options;
} pcommand;

static json_t *lines_json(const pl_strvec *v) {
    json_t *a = json_array();
    for (int i = 0; i < v->n; i++) json_array_append_new(a, json_string(v->s[i]));
    return a;
}

static int run_solve(const pl_problem *p, int npos, char **pos, const pl_opts *o) {
    if (npos != 1) return pl_cli_fail_usage("%s solve takes one FILE%s", p->name, "");
    const char *out = pl_opts_get(o, "output");
    bool json = pl_opts_has(o, "json");
    if (out && json && strcmp(out, "-") == 0)
        return pl_cli_fail_usage("%s solve: --json and -o - both want standard output (write the certificate to a file)%s",
                                 p->name, "");
    pl_error err = {0};
    double tl;
    uint64_t nl;
    if (pl_opts_double(o, "time-limit", 0, 0, 1e9, &tl, &err) || pl_opts_u64(o, "node-limit", 0, &nl, &err))
        return pl_cli_fail_error(&err);
    void *inst = pl_problem_load(p, pos[0], &err);
    if (!inst) return pl_cli_fail_error(&err);
    pl_limits lim;
    pl_limits_init(&lim, tl, nl, 0);
    pl_request req = {.opts = o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    sol.algorithm = p->algorithm;
    if (p->solve(inst, &req, &sol, &err)) {
        pl_solution_free(&sol);
        p->free(inst);
        return pl_cli_fail_error(&err);
    }
    double secs = pl_limits_elapsed(&lim);
    /* -o -: the certificate is standard output and the report goes to stderr */
    bool cert_to_stdout = out && strcmp(out, "-") == 0;
    if (json) {
        json_t *j = json_object();
        json_object_set_new(j, "problem", json_string(p->name));
        json_object_set_new(j, "source", json_string(pos[0]));
        json_object_set_new(j, "status", json_string(pl_status_name(sol.status)));
        json_object_set_new(j, "algorithm", json_string(p->algorithm));
        json_object_set_new(j, "result", json_string(p->algorithm_result));
        json_object_set_new(j, "seconds", json_real(secs));
        json_object_set_new(j, "nodes", json_integer((json_int_t)sol.nodes));
        if (sol.limit_hit) json_object_set_new(j, "limit", json_string(pl_limit_name(sol.limit_hit)));
        for (int i = 0; i < sol.nvalues; i++) json_object_set_new(j, sol.value_name[i], json_integer(sol.value[i]));
        if (sol.note[0]) json_object_set_new(j, "note", json_string(sol.note));
        json_object_set_new(j, "moves", lines_json(&sol.moves));
        pl_cli_print_json(j);
    } else {
        pl_cli_print_solution(cert_to_stdout ? stderr : stdout, &sol, p->algorithm, secs, false, false,
                              !cert_to_stdout);
    }
    int rc = pl_status_exit_code(sol.status);
    if (out && sol.status == PL_SOLVED && pl_cli_write_certificate(out, p->name, pos[0], "line", &sol))
        rc = PL_EXIT_USAGE;
    pl_solution_free(&sol);
    p->free(inst);
    return rc;
}

static int run_verify(const pl_problem *p, int npos, char **pos, const pl_opts *o) {
    if (npos != 2) return pl_cli_fail_usage("%s verify takes a FILE and a CERTIFICATE file%s", p->name, "");
    pl_error err = {0};
    void *inst = pl_problem_load(p, pos[0], &err);
    if (!inst) return pl_cli_fail_error(&err);
    pl_moves cert;
    if (pl_moves_read(pos[1], &cert, &err)) {
        p->free(inst);
        return pl_cli_fail_error(&err);
    }
    pl_verdict v = {0};
    int rc;
    if (p->verify(inst, &cert, &v, &err)) {
        rc = pl_cli_fail_error(&err);
    } else {
        rc = v.ok ? PL_EXIT_OK : PL_EXIT_NO;
        if (pl_opts_has(o, "json")) {
            json_t *j = json_object();
            json_object_set_new(j, "problem", json_string(p->name));
            json_object_set_new(j, "valid", json_boolean(v.ok));
            json_object_set_new(j, "moves", json_integer(cert.n));
            if (!v.ok) json_object_set_new(j, "reason", json_string(v.reason));
            for (int i = 0; i < v.nvalues; i++) json_object_set_new(j, v.value_name[i], json_integer(v.value[i]));
            pl_cli_print_json(j);
        } else {
            if (v.ok)
                printf("valid (%d line%s)\n", cert.n, cert.n == 1 ? "" : "s");
            else
                printf("invalid: %s\n", v.reason);
            for (int i = 0; i < v.nvalues; i++) printf("%s %lld\n", v.value_name[i], v.value[i]);
        }
    }
    pl_moves_free(&cert);
    p->free(inst);
    return rc;
}

static int run_info(const pl_problem *p, int npos, char **pos, const pl_opts *o) {
    if (npos != 1) return pl_cli_fail_usage("%s info takes one FILE%s", p->name, "");
    pl_error err = {0};
    void *inst = pl_problem_load(p, pos[0], &err);
    if (!inst) return pl_cli_fail_error(&err);
    json_t *j = json_object();
    json_object_set_new(j, "problem", json_string(p->name));
    json_object_set_new(j, "source", json_string(pos[0]));
    p->info(inst, j);
    json_object_set_new(j, "algorithm", json_string(p->algorithm));
    json_object_set_new(j, "result", json_string(p->algorithm_result));
    pl_cli_print_info(j, pl_opts_has(o, "json"));
    p->free(inst);
    return PL_EXIT_OK;
}

static int run_generate(const pl_problem *p, int npos, char **pos, const pl_opts *o) {
    (void)pos;
    if (npos != 0) return pl_cli_fail_usage("%s generate takes no files, only options%s", p->name, "");
    pl_error err = {0};
    char *text = p->generate(o, &err);
    if (!text) return pl_cli_fail_error(&err);
    int rc = pl_cli_write_file(pl_opts_get(o, "output"), text);
    free(text);
    return rc;
}

static const pcommand pcommands[] = {
    {"solve", "FILE", "decide exactly; print the status, then the certificate (one line each)", run_solve,
     solve_options},
    {"verify", "FILE CERTIFICATE", "check a certificate; say why it fails", run_verify, json_options},
    {"info", "FILE", "the instance's parameters", run_info, json_options},
    {"generate", "", "print a random instance (--seed makes it reproducible; --answer steers yes/no)",
     run_generate, generate_common},
};
#define NPCOMMANDS ((int)(sizeof pcommands / sizeof pcommands[0]))

void pl_cli_problems_help(FILE *f) {
    fprintf(f, "\nsource problems (of the reductions; 'puzzlelab PROBLEM help'):\n");
    for (const pl_problem *const *p = pl_problems(); *p; p++)
        fprintf(f, "  %-12s %s: %s\n", (*p)->name, (*p)->title, (*p)->summary);
}

static void problem_help(FILE *f, const pl_problem *p) {
    fprintf(f, "puzzlelab %s: %s\n%s\n\ncommands:\n", p->name, p->title, p->summary);
    for (int i = 0; i < NPCOMMANDS; i++) {
        char left[64];
        snprintf(left, sizeof left, "%s %s", pcommands[i].name, pcommands[i].args);
        fprintf(f, "  %-24s %s\n", left, pcommands[i].summary);
    }
    fprintf(f, "\n%s\nsolver: %s (%s)\n", p->format_help, p->algorithm, p->algorithm_result);
    bool reduced = false; /* help names reductions only where a game has one */
    for (const pl_game *const *g = pl_games(); *g && !reduced; g++)
        for (int i = 0; i < (*g)->nreductions; i++) reduced |= strcmp((*g)->reductions[i].from, p->name) == 0;
    if (reduced) fprintf(f, "\nReductions from %s: see 'puzzlelab GAME help' (reduce --from %s).\n", p->name, p->name);
    else fprintf(f, "\nNo game reduces from %s yet.\n", p->name);
    fprintf(f, "Run 'puzzlelab %s COMMAND --help' for a command's options.\n", p->name);
}

int pl_cli_problem_main(const pl_problem *p, int argc, char **argv) {
    if (argc < 3 || strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
        problem_help(stdout, p);
        return argc < 3 ? PL_EXIT_USAGE : PL_EXIT_OK;
    }
    const pcommand *c = NULL;
    for (int i = 0; i < NPCOMMANDS; i++)
        if (strcmp(pcommands[i].name, argv[2]) == 0) c = &pcommands[i];
    if (!c) return pl_cli_fail_usage("unknown command '%s' for %s (see 'puzzlelab PROBLEM help')", argv[2], p->name);
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: puzzlelab %s %s [OPTIONS]%s%s\n%s\n\noptions:\n", p->name, c->name, c->args[0] ? " " : "",
                   c->args, c->summary);
            pl_cli_print_options(stdout, c->options);
            if (c->run == run_generate) pl_cli_print_options(stdout, p->generate_options);
            return PL_EXIT_OK;
        }
    char **pos = calloc((size_t)argc, sizeof *pos);
    if (!pos) return PL_EXIT_USAGE;
    const pl_option *lists[2] = {c->options, c->run == run_generate ? p->generate_options : NULL};
    char where[96];
    snprintf(where, sizeof where, "%s %s", p->name, c->name);
    int npos;
    pl_opts o;
    int rc;
    if (pl_cli_parse_args(lists, 2, where, c->run == run_generate || c->run == run_solve, argc - 3, argv + 3, pos, &npos, &o))
        rc = PL_EXIT_USAGE;
    else
        rc = c->run(p, npos, pos, &o);
    free(pos);
    return rc;
}
