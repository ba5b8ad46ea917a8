/* Buttons & Scissors: exact search vs SAT (CaDiCaL) in one run.
 *
 *   ./build/bench/bench_buttons_exact [--boards N] [--time-limit S] [--seed X]
 *
 * Instances: every .level file in levels/buttons/ (the LP/CP contest 2021 boards and
 * the hand-made ones), then random 8x8 and 10x10 boards with 3 to 6 colours,
 * N of each (default 3) from `generate --solvable` and N plain random ones
 * (fill 100%, all directions, sizes all). Prints a Markdown table: status,
 * time and nodes of the search, time and clauses of the SAT encoding, and the
 * ratio search time / SAT time. Run it from a Release build. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef PL_BENCH_LEVELS_DIR
#define PL_BENCH_LEVELS_DIR "levels/buttons"
#endif

static const pl_game *G = &pl_game_buttons;
static double time_limit = 10;

typedef struct run {
    pl_status status;
    double seconds;
    unsigned long long nodes;
    char note[256];
} run;

static run solve(const buttons_level *l, const char *name) {
    run r;
    memset(&r, 0, sizeof r);
    const pl_algorithm *a = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, name) == 0) a = &G->algorithms[i];
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = "algorithm";
    o.value[0] = name;
    o.n = 1;
    pl_limits lim;
    pl_limits_init(&lim, time_limit, 0, (size_t)512 << 20);
    pl_request req = {.opts = &o, .limits = &lim, .threads = 1};
    char why[256];
    r.status = PL_UNKNOWN;
    if (!a || (a->applies && !a->applies(l, &req, why, sizeof why))) {
        snprintf(r.note, sizeof r.note, "n/a");
        return r;
    }
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    memset(&err, 0, sizeof err);
    double t0 = pl_now();
    a->solve(l, &req, &sol, &err);
    r.seconds = pl_now() - t0;
    r.status = sol.status;
    r.nodes = (unsigned long long)sol.nodes;
    snprintf(r.note, sizeof r.note, "%.*s", (int)sizeof r.note - 1, sol.note);
    pl_solution_free(&sol);
    return r;
}

static double total_search = 0, total_sat = 0;

static void row(const char *name, const buttons_level *l) {
    run a = solve(l, "exact"), b = solve(l, "sat");
    total_search += a.seconds;
    total_sat += b.seconds;
    long clauses = 0;
    const char *p = strstr(b.note, "variables, ");
    if (p) clauses = strtol(p + 11, NULL, 10);
    const char *st = a.status != PL_UNKNOWN ? pl_status_name(a.status) : pl_status_name(b.status);
    bool agree = a.status == PL_UNKNOWN || b.status == PL_UNKNOWN || a.status == b.status;
    printf("| %s | %dx%d | %d | %d | %s%s | %s%.4f | %llu | %s%.4f | %ld | %.2f |\n", name, l->rows, l->cols,
           l->ncolours, l->nbuttons, st, agree ? "" : " **DISAGREE**", a.status == PL_UNKNOWN ? ">" : "", a.seconds,
           a.nodes, b.status == PL_UNKNOWN ? ">" : "", b.seconds, clauses, b.seconds > 0 ? a.seconds / b.seconds : 0);
    fflush(stdout);
}

static buttons_level *parse(const char *file, const char *text) {
    pl_level_text lt;
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_level_text_parse(file, text, strlen(text), &lt, &err)) return NULL;
    buttons_level *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    return l;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    long boards = 3;
    unsigned long long seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--boards") == 0) boards = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--time-limit") == 0) time_limit = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0) seed = strtoull(argv[i + 1], NULL, 10);
        else {
            fprintf(stderr, "usage: %s [--boards N] [--time-limit S] [--seed X]\n", argv[0]);
            return 2;
        }
    }
    printf("Command: `bench_buttons_exact --boards %ld --time-limit %g --seed %llu` (%s build); times in "
           "seconds, `>` = time limit reached\n\n",
           boards, time_limit, seed, PL_BENCH_BUILD_TYPE);
    printf("| instance | size | colours | buttons | status | search s | search nodes | SAT s | SAT clauses | "
           "search/SAT |\n|---|---|---|---|---|---|---|---|---|---|\n");
    DIR *d = opendir(PL_BENCH_LEVELS_DIR);
    char *names[256];
    int nn = 0;
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) && nn < 256) {
            size_t n = strlen(e->d_name);
            if (n > 6 && strcmp(e->d_name + n - 6, ".level") == 0) names[nn++] = pl_xstrdup(e->d_name);
        }
        closedir(d);
    }
    qsort(names, (size_t)nn, sizeof *names, cmp);
    for (int i = 0; i < nn; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", PL_BENCH_LEVELS_DIR, names[i]);
        char *data;
        size_t len;
        pl_error err;
        if (pl_read_file(path, &data, &len, &err) == 0) {
            buttons_level *l = parse(path, data);
            if (l && l->players != BUTTONS_SINGLE) { /* two-player levels: bench_buttons_2p */
                G->level_free(l);
                l = NULL;
            }
            if (l) {
                row(names[i], l);
                G->level_free(l);
            }
            free(data);
        }
        free(names[i]);
    }
    printf("| **shipped total** | | | | | %.4f | | %.4f | | %.2f |\n", total_search, total_sat,
           total_sat > 0 ? total_search / total_sat : 0);
    total_search = total_sat = 0;
    int sizes[] = {8, 10};
    for (int si = 0; si < 2; si++)
        for (int k = 3; k <= 6; k++)
            for (int kind = 0; kind < 2; kind++)
                for (long b = 0; b < boards; b++) {
                    char rs[16], ks[16], ss[32];
                    snprintf(rs, sizeof rs, "%d", sizes[si]);
                    snprintf(ks, sizeof ks, "%d", k);
                    snprintf(ss, sizeof ss, "%llu", seed + (unsigned long long)b);
                    pl_opts o;
                    memset(&o, 0, sizeof o);
                    const char *nm[] = {"rows", "cols", "colours", "seed"};
                    const char *vl[] = {rs, rs, ks, ss};
                    for (int j = 0; j < 4; j++) {
                        o.name[o.n] = nm[j];
                        o.value[o.n++] = vl[j];
                    }
                    if (kind == 0) {
                        o.name[o.n] = "solvable";
                        o.value[o.n++] = "";
                    }
                    pl_error err;
                    char *text = G->generate(&o, &err);
                    if (!text) continue;
                    buttons_level *l = parse("random", text);
                    free(text);
                    if (!l) continue;
                    char name[64];
                    snprintf(name, sizeof name, "%s %dx%d k%d s%s", kind == 0 ? "solvable" : "random", sizes[si],
                             sizes[si], k, ss);
                    row(name, l);
                    G->level_free(l);
                }
    printf("| **random total** | | | | | %.4f | | %.4f | | %.2f |\n", total_search, total_sat,
           total_sat > 0 ? total_search / total_sat : 0);
    return 0;
}
