/* Benchmark of the two Snipperclips constructions on random star-shaped
 * targets (generate --family simple) of n = 10, 20, 40, ... up to --max
 * vertices (or the sizes of --sizes): Theorem 3's needle (connected model)
 * and Theorem 5's L-shaped regions (disconnected model). For each n: snips,
 * resets, wall and CPU seconds, snips/n (the needle's constant, bound
 * 3 + 11n) and (snips+resets)/n^2 (Theorem 5's), the time ratio against the
 * smallest n of the same run, and the load average when the row ended (the
 * machine is shared). Every certificate is checked by the construction
 * itself (replayed through the rules, final comparison within the
 * tolerance); a run past --time-limit seconds prints "limit" and stops that
 * construction's column.
 * --compare also runs, for each n and before the current rules, the rules
 * as they were before issue 21 (the connected model's tools in one leaf:
 * snip_level_set_leaf_max(l, 0)), and prints both CPU times, the speed-up,
 * and whether the two certificates are the same move for move.
 * --leaf-max N splits the tools' leaves from N coordinates instead of the
 * rules' SNIP_LEAF_MAX / SNIP_LEAF_MAX_CONNECTED (0: whole tools), to tune them.
 * Usage: bench_snip [--seed S] [--max N] [--sizes N,N,...] [--time-limit SECONDS]
 *                   [--only needle|lshape] [--compare] [--leaf-max N] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlelab/snip.h"

static void *make_level(long n, const char *model, unsigned long long seed) {
    char nv[32], sv[32];
    snprintf(nv, sizeof nv, "%ld", n);
    snprintf(sv, sizeof sv, "%llu", seed);
    pl_opts o = {.n = 4};
    const char *names[] = {"family", "vertices", "model", "seed"}, *vals[] = {"simple", nv, model, sv};
    for (int i = 0; i < 4; i++) o.name[i] = names[i], o.value[i] = vals[i];
    pl_error err;
    char *text = pl_game_snip.generate(&o, &err);
    if (!text) return NULL;
    pl_level_text lt;
    void *l = NULL;
    if (!pl_level_text_parse("bench", text, strlen(text), &lt, &err)) {
        l = pl_game_snip.level_parse(&lt, &err);
        pl_level_text_free(&lt);
    }
    free(text);
    return l;
}

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double load1(void) {
    double la = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &la) != 1) la = -1;
        fclose(f);
    }
    return la;
}

typedef struct run {
    pl_solution sol;
    long snips, resets;
    double wall, cpu;
    const char *status;
    bool hit;
} run;

/* --leaf-max (-1: the rules' own) */
static long leaf_max = -1;

/* One construction on a fresh level; old: the rules before issue 21. */
static bool run_one(int a, long n, unsigned long long seed, double limit, bool old, run *r) {
    void *l = make_level(n, a == 0 ? "connected" : "disconnected", seed);
    if (!l) return false;
    if (old) snip_level_set_leaf_max(l, a == 0 ? 0 : SNIP_LEAF_MAX);
    else if (leaf_max >= 0)
        snip_level_set_leaf_max(l, (int)leaf_max);
    pl_limits lim;
    pl_limits_init(&lim, limit, 0, 0);
    pl_solution_init(&r->sol);
    pl_error err;
    double t0 = pl_now(), c0 = cpu_now();
    if (a == 0)
        snip_solve_needle(l, &lim, &r->sol, &err);
    else
        snip_solve_lshape(l, &lim, &r->sol, &err);
    r->wall = pl_now() - t0;
    r->cpu = cpu_now() - c0;
    r->snips = r->resets = 0;
    for (int i = 0; i < r->sol.nvalues; i++) {
        if (!strcmp(r->sol.value_name[i], "snips")) r->snips = (long)r->sol.value[i];
        if (!strcmp(r->sol.value_name[i], "resets")) r->resets = (long)r->sol.value[i];
    }
    r->status = r->sol.status == PL_SOLVED ? "solved" : lim.hit ? "limit" : "unknown";
    r->hit = lim.hit != 0;
    pl_game_snip.level_free(l);
    return true;
}

static bool same_moves(const pl_solution *x, const pl_solution *y) {
    if (x->moves.n != y->moves.n) return false;
    for (int i = 0; i < x->moves.n; i++)
        if (strcmp(x->moves.s[i], y->moves.s[i])) return false;
    return true;
}

int main(int argc, char **argv) {
    unsigned long long seed = 1;
    long max = 1000, sizes[16];
    int nsizes = 0;
    double limit = 300;
    const char *only = NULL;
    bool compare = false;
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL; /* set by the number parsers */
        bool ok = v != NULL;
        if (!strcmp(opt, "--compare")) {
            compare = true;
            i--;
            continue;
        }
        if (ok && !strcmp(opt, "--seed"))
            seed = strtoull(v, &end, 10);
        else if (ok && !strcmp(opt, "--max"))
            max = strtol(v, &end, 10);
        else if (ok && !strcmp(opt, "--sizes")) {
            const char *p = v;
            nsizes = 0;
            while (ok && nsizes < 16) {
                sizes[nsizes] = strtol(p, &end, 10);
                ok = end != p && sizes[nsizes] >= 3;
                nsizes++;
                if (*end != ',') break;
                p = end + 1;
            }
            ok = ok && !*end;
            end = NULL;
        } else if (ok && !strcmp(opt, "--leaf-max"))
            leaf_max = strtol(v, &end, 10), ok = leaf_max >= 0;
        else if (ok && !strcmp(opt, "--time-limit"))
            limit = strtod(v, &end);
        else if (ok && !strcmp(opt, "--only"))
            only = v, ok = !strcmp(v, "needle") || !strcmp(v, "lshape");
        else
            ok = false;
        if (ok && end) ok = end != v && !*end;
        if (!ok) {
            fprintf(stderr, "bench_snip: bad argument '%s'%s%s\nusage: bench_snip [--seed S] [--max N] "
                            "[--sizes N,N,...] [--time-limit SECONDS] [--only needle|lshape] [--compare] "
                            "[--leaf-max N]\n",
                    opt, v ? " " : "", v ? v : "");
            return 2;
        }
    }
    if (!nsizes) {
        static const long ns[] = {10, 20, 40, 80, 160, 320, 640, 1000};
        for (size_t k = 0; k < sizeof ns / sizeof ns[0] && ns[k] <= max; k++) sizes[nsizes++] = ns[k];
    }
    printf("bench_snip --seed %llu --time-limit %g%s%s%s, sizes", seed, limit, only ? " --only " : "", only ? only : "",
           compare ? " --compare" : "");
    for (int k = 0; k < nsizes; k++) printf("%s%ld", k ? "," : " ", sizes[k]);
    printf("\n\n");
    if (compare) {
        printf("| construction | n | status (before / now) | snips | resets | CPU s before | CPU s now | speed-up | "
               "wall s now | same moves | load |\n");
        printf("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n");
    } else {
        printf("| construction | n | status | snips | resets | seconds | CPU s | t / t(first) | snips/n | ops/n^2 | "
               "load |\n");
        printf("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    }
    static const char *const algs[] = {"needle", "lshape"};
    for (int a = 0; a < 2; a++) {
        if (only && strcmp(only, algs[a])) continue;
        double base = 0;
        bool old_stopped = false;
        for (int k = 0; k < nsizes; k++) {
            long n = sizes[k];
            run now, before;
            bool have_before = false;
            if (compare && !old_stopped) {
                if (!run_one(a, n, seed, limit, true, &before)) {
                    printf("| %s | %ld | no level | | | | | | | | |\n", algs[a], n);
                    continue;
                }
                have_before = true;
                old_stopped = before.hit;
            }
            if (!run_one(a, n, seed, limit, false, &now)) {
                printf("| %s | %ld | no level | | | | | | | | |\n", algs[a], n);
                if (have_before) pl_solution_free(&before.sol);
                continue;
            }
            if (compare) {
                char bs[32] = "-", sp[32] = "-";
                if (have_before) {
                    snprintf(bs, sizeof bs, "%.2f", before.cpu);
                    snprintf(sp, sizeof sp, "%s%.1f", before.hit ? ">" : "", before.cpu / now.cpu);
                }
                printf("| %s | %ld | %s / %s | %ld | %ld | %s | %.2f | %s | %.2f | %s | %.1f |\n", algs[a], n,
                       have_before ? before.status : "not run", now.status, now.snips, now.resets, bs, now.cpu, sp,
                       now.wall, have_before ? (same_moves(&before.sol, &now.sol) ? "yes" : "no") : "-", load1());
            } else {
                if (base == 0) base = now.wall;
                printf("| %s | %ld | %s | %ld | %ld | %.2f | %.2f | %.1f | %.2f | %.3f | %.1f |\n", algs[a], n,
                       now.status, now.snips, now.resets, now.wall, now.cpu, now.wall / base,
                       (double)now.snips / (double)n, (double)(now.snips + now.resets) / ((double)n * (double)n),
                       load1());
            }
            /* why a construction ended unknown (not a limit): the builder's note */
            if (compare && have_before && before.sol.status != PL_SOLVED && !before.hit)
                fprintf(stderr, "%s n = %ld (before): %s\n", algs[a], n, before.sol.note);
            if (now.sol.status != PL_SOLVED && !now.hit) fprintf(stderr, "%s n = %ld: %s\n", algs[a], n, now.sol.note);
            fflush(stdout);
            bool stop = now.hit;
            pl_solution_free(&now.sol);
            if (have_before) pl_solution_free(&before.sol);
            if (stop) break;
        }
    }
    return 0;
}
