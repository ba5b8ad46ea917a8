/* Benchmark of the Clickomania exact solver (click_solve_exact) against a
 * naive exhaustive search run in the same process on the same boards.
 *
 * Boards: seeded (pl_rng), fully filled, colours uniform in 1..k. Board i of
 * a (rows, cols, colours) cell depends only on (seed, rows, cols, colours, i),
 * so --quick and smaller --boards runs use a prefix of the default boards,
 * and the objectives of one size share their boards.
 *
 * The naive baseline is plain recursion over every clickable group (group
 * size >= 2) in labelling order, copying the board at each step: no
 * transposition table, no sleep sets, no bounds, no move ordering. It uses the
 * library's rules (click_find_groups, click_remove_group) so only the search
 * algorithm is compared. For clear it stops at the first clearing sequence
 * (as the exact solver does: clear is a yes/no question); for max and score it
 * visits every reachable node. Both count one node per board visited through
 * pl_limits_tick and obey the same per-board time limit.
 *
 * Checks (exit 1 with a loud MISMATCH):
 *  - every board both settle: same answer (clear: solvable or not; max:
 *    blocks removed; score: score);
 *  - a settled answer of one is never beaten by the other's best-so-far;
 *  - the exact solver's move list replays legally (click_click_at) to the
 *    reported blocks removed / score (and an empty board for clear).
 *
 * Output: Markdown on stdout (the command line first); progress on stderr. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"
#include "puzzlelab/core.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "unknown"
#endif

typedef struct cell_cfg {
    int rows, cols, colours;
    click_objective obj;
} cell_cfg;

static const cell_cfg DEFAULT_CELLS[] = {
    {4, 4, 3, CLICK_CLEAR}, {4, 4, 3, CLICK_MAX}, {4, 4, 3, CLICK_SCORE}, /* */
    {4, 4, 4, CLICK_CLEAR}, {4, 4, 4, CLICK_MAX}, {4, 4, 4, CLICK_SCORE}, /* */
    {5, 5, 3, CLICK_CLEAR}, {5, 5, 3, CLICK_MAX}, {5, 5, 3, CLICK_SCORE}, /* */
    {6, 6, 3, CLICK_CLEAR}, {6, 6, 3, CLICK_MAX},
};
#define NDEFAULT_CELLS ((int)(sizeof DEFAULT_CELLS / sizeof DEFAULT_CELLS[0]))
#define MAX_CELLS 64

static const char *obj_name(click_objective o) {
    switch (o) {
    case CLICK_CLEAR: return "clear";
    case CLICK_MAX: return "max";
    case CLICK_SCORE: return "score";
    }
    return "?";
}

/* "RxC/K/OBJ", e.g. "6x6/3/max". */
static bool parse_cell(const char *spec, cell_cfg *cfg) {
    char obj[16];
    int n = 0;
    if (sscanf(spec, "%dx%d/%d/%15[a-z]%n", &cfg->rows, &cfg->cols, &cfg->colours, obj, &n) != 4 || spec[n]) return false;
    if (cfg->rows < 1 || cfg->cols < 1 || cfg->rows > 64 || cfg->cols > 64) return false;
    if (cfg->colours < 1 || cfg->colours > CLICK_MAX_COLOURS) return false;
    return click_objective_parse(obj, &cfg->obj) == 0;
}

/* One solver run on one board. value: clear 1/0 (cleared or not), max blocks
 * removed, score score; for an unsettled run, the best found so far. */
typedef struct run {
    double secs;
    uint64_t nodes;
    bool settled;
    long long value;
    size_t peak;
    uint64_t tt_hits, sleep_skips, bound_cuts; /* exact only */
} run;

/* ---------- boards ---------- */

static void make_board(click_board *b, int rows, int cols, int colours, uint64_t seed, int index) {
    uint64_t st = seed;
    uint64_t mix = pl_splitmix64(&st);
    mix ^= (uint64_t)rows * 0x100000001b3ULL + (uint64_t)cols * 0x1000193ULL + (uint64_t)colours * 0x9e3779b1ULL;
    st = mix ^ ((uint64_t)index << 32);
    pl_rng rng;
    pl_rng_seed(&rng, pl_splitmix64(&st));
    click_board_init(b, rows, cols, colours);
    for (int c = 0; c < cols; c++) {
        for (int h = 0; h < rows; h++) b->cell[(size_t)c * (size_t)rows + (size_t)h] = (uint8_t)(1 + pl_rng_below(&rng, (uint64_t)colours));
        b->height[c] = rows;
    }
    b->width = cols;
    b->blocks = rows * cols;
}

/* ---------- naive exhaustive search ---------- */

typedef struct naive {
    click_objective obj;
    pl_limits *lim;
    click_board *board; /* one per depth */
    click_scratch *scratch;
    long long best; /* max: removed; score: score */
    bool found;     /* clear */
    bool stop;
} naive;

static void naive_dfs(naive *nv, int d, long long removed, long long score) {
    if (nv->stop) return;
    if (!pl_limits_tick(nv->lim)) {
        nv->stop = true;
        return;
    }
    const click_board *b = &nv->board[d];
    if (nv->obj == CLICK_CLEAR) {
        if (b->blocks == 0) {
            nv->found = true;
            nv->stop = true;
            return;
        }
    } else {
        long long v = nv->obj == CLICK_SCORE ? score : removed;
        if (v > nv->best) nv->best = v;
    }
    click_scratch *sc = &nv->scratch[d];
    int ng = click_find_groups(b, sc);
    for (int i = 0; i < ng && !nv->stop; i++) {
        int sz = sc->groups[i].size;
        if (sz < 2) continue;
        click_board *child = &nv->board[d + 1];
        click_board_copy(child, b);
        click_remove_group(child, sc, i);
        naive_dfs(nv, d + 1, removed + sz, score + click_group_score(sz) + (child->blocks == 0 ? CLICK_CLEAR_BONUS : 0));
    }
}

static run run_naive(const click_board *start, click_objective obj, double time_limit) {
    run r;
    memset(&r, 0, sizeof r);
    pl_limits lim;
    double t0 = pl_now();
    pl_limits_init(&lim, time_limit, 0, 0);
    naive nv;
    memset(&nv, 0, sizeof nv);
    nv.obj = obj;
    nv.lim = &lim;
    int depths = start->blocks / 2 + 2; /* every click removes two or more blocks */
    nv.board = pl_xcalloc((size_t)depths, sizeof *nv.board);
    nv.scratch = pl_xcalloc((size_t)depths, sizeof *nv.scratch);
    for (int d = 0; d < depths; d++) {
        click_board_init(&nv.board[d], start->rows, start->cols, start->ncolours);
        click_scratch_init(&nv.scratch[d], start->rows, start->cols);
    }
    click_board_copy(&nv.board[0], start);
    naive_dfs(&nv, 0, 0, 0);
    r.secs = pl_now() - t0;
    r.nodes = lim.nodes;
    r.settled = lim.hit == PL_LIMIT_NONE;
    r.value = obj == CLICK_CLEAR ? (nv.found ? 1 : 0) : nv.best;
    if (obj == CLICK_CLEAR && nv.found) r.settled = true;
    r.peak = (size_t)depths * ((size_t)start->rows * (size_t)start->cols * (1 + 2 * sizeof(int32_t)) +
                               (size_t)start->cols * 2 * sizeof(int32_t));
    for (int d = 0; d < depths; d++) {
        click_board_free(&nv.board[d]);
        click_scratch_free(&nv.scratch[d]);
    }
    free(nv.board);
    free(nv.scratch);
    return r;
}

/* ---------- exact solver ---------- */

static int g_mismatches = 0;

static void mismatch(const cell_cfg *cfg, int index, const char *fmt, long long a, long long b) {
    g_mismatches++;
    fprintf(stderr, "\n!!!!!!!! MISMATCH !!!!!!!! %dx%d, %d colours, %s, board %d: ", cfg->rows, cfg->cols,
            cfg->colours, obj_name(cfg->obj), index);
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    printf("\n**MISMATCH** %dx%d, %d colours, %s, board %d: ", cfg->rows, cfg->cols, cfg->colours, obj_name(cfg->obj),
           index);
    printf(fmt, a, b);
    printf("\n\n");
}

/* Replays the solver's clicks; returns false (and reports) when a click is
 * illegal or the outcome differs from what the solver reported. */
static bool replay_ok(const cell_cfg *cfg, int index, const click_board *start, const click_exact_result *res) {
    if (cfg->obj == CLICK_CLEAR && res->status != PL_SOLVED) return true;
    click_board b;
    click_board_init(&b, start->rows, start->cols, start->ncolours);
    click_board_copy(&b, start);
    click_scratch sc;
    click_scratch_init(&sc, start->rows, start->cols);
    long long removed = 0, score = 0;
    bool ok = true;
    for (int i = 0; i < res->nmoves; i++) {
        int n = click_click_at(&b, &sc, b.rows - 1 - res->move_h[i], res->move_col[i]);
        if (n < 2) {
            mismatch(cfg, index, "replay: move %lld is not a legal click (group size %lld)", (long long)i + 1, n);
            ok = false;
            break;
        }
        removed += n;
        score += click_group_score(n);
    }
    if (ok && b.blocks == 0) score += CLICK_CLEAR_BONUS;
    if (ok && removed != res->removed) {
        mismatch(cfg, index, "replay removes %lld blocks, solver reported %lld", removed, res->removed);
        ok = false;
    }
    if (ok && score != res->score) {
        mismatch(cfg, index, "replay scores %lld, solver reported %lld", score, res->score);
        ok = false;
    }
    if (ok && cfg->obj == CLICK_CLEAR && b.blocks != 0) {
        mismatch(cfg, index, "replay leaves %lld blocks (solver said cleared; %lld)", b.blocks, 0);
        ok = false;
    }
    click_scratch_free(&sc);
    click_board_free(&b);
    return ok;
}

static run run_exact(const cell_cfg *cfg, int index, const click_board *start, double time_limit) {
    run r;
    memset(&r, 0, sizeof r);
    pl_limits lim;
    click_exact_result res;
    double t0 = pl_now();
    pl_limits_init(&lim, time_limit, 0, 0);
    click_solve_exact(start, cfg->obj, &lim, &res);
    r.secs = pl_now() - t0;
    r.nodes = res.stats.nodes;
    r.peak = res.stats.peak_memory;
    r.tt_hits = res.stats.tt_hits;
    r.sleep_skips = res.stats.sleep_skips;
    r.bound_cuts = res.stats.bound_cuts;
    if (cfg->obj == CLICK_CLEAR) {
        r.settled = res.status != PL_UNKNOWN;
        r.value = res.status == PL_SOLVED;
    } else {
        r.settled = res.optimal;
        r.value = cfg->obj == CLICK_SCORE ? res.score : res.removed;
    }
    replay_ok(cfg, index, start, &res);
    click_exact_result_free(&res);
    return r;
}

/* ---------- statistics ---------- */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct timed {
    double secs;
    bool settled;
} timed;

/* Settled runs first, then by time. */
static int cmp_timed(const void *a, const void *b) {
    const timed *x = a, *y = b;
    if (x->settled != y->settled) return x->settled ? -1 : 1;
    return (x->secs > y->secs) - (x->secs < y->secs);
}

/* Median of the times of runs[i] for which use[i] (all when use is NULL).
 * Unsettled runs count as slower than every settled one; *lower is set when
 * one is in the middle (the median is then only a lower bound). Returns -1
 * when there is nothing. */
static double median_secs(const run *runs, const bool *use, int n, bool *lower) {
    timed *t = pl_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *t);
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (use && !use[i]) continue;
        t[m].secs = runs[i].secs;
        t[m].settled = runs[i].settled;
        m++;
    }
    double med = -1;
    *lower = false;
    if (m > 0) {
        qsort(t, (size_t)m, sizeof *t, cmp_timed);
        const timed *a = &t[(m - 1) / 2], *b = &t[m / 2];
        *lower = !a->settled || !b->settled;
        med = (a->secs + b->secs) / 2;
    }
    free(t);
    return med;
}

static void fmt_secs(char *buf, size_t n, double s, bool lower) {
    if (s < 0) {
        snprintf(buf, n, "–");
        return;
    }
    const char *p = lower ? "≥ " : "";
    if (s < 0.001)
        snprintf(buf, n, "%s%.1f µs", p, s * 1e6);
    else if (s < 1)
        snprintf(buf, n, "%s%.2f ms", p, s * 1e3);
    else
        snprintf(buf, n, "%s%.2f s", p, s);
}

static void fmt_rate(char *buf, size_t n, double nodes, double secs) {
    if (secs <= 0) {
        snprintf(buf, n, "–");
        return;
    }
    double r = nodes / secs;
    if (r >= 1e6)
        snprintf(buf, n, "%.2f M", r / 1e6);
    else if (r >= 1e3)
        snprintf(buf, n, "%.1f k", r / 1e3);
    else
        snprintf(buf, n, "%.0f", r);
}

static void fmt_bytes(char *buf, size_t n, size_t b) {
    if (b >= (size_t)1 << 20)
        snprintf(buf, n, "%.1f MiB", (double)b / (1 << 20));
    else
        snprintf(buf, n, "%.1f KiB", (double)b / 1024);
}

typedef struct cell_result {
    run *exact, *naive;
} cell_result;

/* ---------- main ---------- */

static void usage(FILE *f, const char *argv0) {
    fprintf(f,
            "usage: %s [--boards N] [--seed S] [--time-limit SECONDS] [--quick] [--no-naive] [--cell RxC/K/OBJ]...\n"
            "  --boards N       boards per (size, colours) cell (default 30; --quick: 3)\n"
            "  --seed S         base seed of the random boards (default 1)\n"
            "  --time-limit T   per-board time limit in seconds, for both solvers (default 10; --quick: 0.5)\n"
            "  --quick          fast smoke mode\n"
            "  --no-naive       skip the naive baseline\n"
            "  --csv FILE       also write one line per board and solver to FILE\n"
            "  --cell RxC/K/OBJ run this cell instead of the default list (repeatable),\n"
            "                   e.g. --cell 6x6/3/max; OBJ is clear, max or score\n",
            argv0);
}

static bool parse_u64(const char *s, uint64_t *v) {
    char *end;
    if (!s || !*s) return false;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end) return false;
    *v = (uint64_t)x;
    return true;
}

static void print_command(int argc, char **argv) {
    printf("Command: `");
    for (int i = 0; i < argc; i++) {
        bool quote = strpbrk(argv[i], " \t'\"$`\\") != NULL || !*argv[i];
        printf("%s%s%s%s", i ? " " : "", quote ? "'" : "", argv[i], quote ? "'" : "");
    }
    printf("`\n\n");
}

static void cpu_model(char *buf, size_t n) {
    snprintf(buf, n, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *p = strchr(line, ':');
            if (p) {
                p++;
                while (*p == ' ') p++;
                p[strcspn(p, "\n")] = 0;
                snprintf(buf, n, "%s", p);
            }
            break;
        }
    }
    fclose(f);
}

int main(int argc, char **argv) {
    uint64_t boards = 30, seed = 1;
    double time_limit = 10;
    bool quick = false, boards_set = false, limit_set = false, with_naive = true;
    cell_cfg cells[MAX_CELLS];
    int ncells = 0;
    const char *csv_path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--boards") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &boards) || boards == 0 || boards > 100000) {
                fprintf(stderr, "bench_click_exact: bad --boards '%s'\n", argv[i]);
                return PL_EXIT_USAGE;
            }
            boards_set = true;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &seed)) {
                fprintf(stderr, "bench_click_exact: bad --seed '%s'\n", argv[i]);
                return PL_EXIT_USAGE;
            }
        } else if (strcmp(a, "--time-limit") == 0 && i + 1 < argc) {
            char *end;
            time_limit = strtod(argv[++i], &end);
            if (*end || !(time_limit > 0)) {
                fprintf(stderr, "bench_click_exact: bad --time-limit '%s'\n", argv[i]);
                return PL_EXIT_USAGE;
            }
            limit_set = true;
        } else if (strcmp(a, "--quick") == 0) {
            quick = true;
        } else if (strcmp(a, "--cell") == 0 && i + 1 < argc) {
            if (ncells == MAX_CELLS || !parse_cell(argv[++i], &cells[ncells])) {
                fprintf(stderr, "bench_click_exact: bad --cell '%s' (want RxC/K/OBJ, e.g. 6x6/3/max)\n", argv[i]);
                return PL_EXIT_USAGE;
            }
            ncells++;
        } else if (strcmp(a, "--csv") == 0 && i + 1 < argc) {
            csv_path = argv[++i];
        } else if (strcmp(a, "--no-naive") == 0) {
            with_naive = false;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout, argv[0]);
            return PL_EXIT_OK;
        } else {
            fprintf(stderr, "bench_click_exact: unknown or incomplete argument '%s'\n", a);
            usage(stderr, argv[0]);
            return PL_EXIT_USAGE;
        }
    }
    if (quick && !boards_set) boards = 3;
    if (quick && !limit_set) time_limit = 0.5;
    const int nb = (int)boards;
    if (ncells == 0) {
        memcpy(cells, DEFAULT_CELLS, sizeof DEFAULT_CELLS);
        ncells = NDEFAULT_CELLS;
    }

    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    print_command(argc, argv);
    printf("Clickomania exact solver (`click_solve_exact`) on random, fully filled boards with uniform colours; "
           "%d boards per cell, seed %" PRIu64 ", per-board time limit %g s (pl_limits, both solvers), "
           "default memory limit. Build type: %s. CPU: %s.\n\n",
           nb, seed, time_limit, PL_BENCH_BUILD_TYPE, cpu);

    FILE *csv = NULL;
    if (csv_path) {
        csv = fopen(csv_path, "w");
        if (!csv) {
            fprintf(stderr, "bench_click_exact: cannot write '%s'\n", csv_path);
            return PL_EXIT_USAGE;
        }
        fprintf(csv, "rows,cols,colours,objective,board,solver,seconds,nodes,settled,value,peak_memory,"
                     "tt_hits,sleep_skips,bound_cuts\n");
    }
    cell_result *cr = pl_xcalloc((size_t)ncells, sizeof *cr);
    for (int ci = 0; ci < ncells; ci++) {
        const cell_cfg *cfg = &cells[ci];
        cr[ci].exact = pl_xcalloc((size_t)nb, sizeof(run));
        cr[ci].naive = pl_xcalloc((size_t)nb, sizeof(run));
        fprintf(stderr, "%dx%d/%d %-5s:", cfg->rows, cfg->cols, cfg->colours, obj_name(cfg->obj));
        for (int i = 0; i < nb; i++) {
            click_board b;
            make_board(&b, cfg->rows, cfg->cols, cfg->colours, seed, i);
            run e = run_exact(cfg, i, &b, time_limit);
            cr[ci].exact[i] = e;
            if (with_naive) {
                run n = run_naive(&b, cfg->obj, time_limit);
                cr[ci].naive[i] = n;
                if (e.settled && n.settled && e.value != n.value)
                    mismatch(cfg, i, "exact says %lld, naive says %lld", e.value, n.value);
                else if (e.settled && !n.settled && n.value > e.value)
                    mismatch(cfg, i, "exact optimum %lld beaten by naive's %lld", e.value, n.value);
                else if (!e.settled && n.settled && e.value > n.value)
                    mismatch(cfg, i, "exact found %lld above naive's optimum %lld", e.value, n.value);
            }
            if (csv) {
                for (int k = 0; k < (with_naive ? 2 : 1); k++) {
                    const run *r = k ? &cr[ci].naive[i] : &e;
                    fprintf(csv, "%d,%d,%d,%s,%d,%s,%.9f,%" PRIu64 ",%d,%lld,%zu,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", cfg->rows, cfg->cols,
                            cfg->colours, obj_name(cfg->obj), i, k ? "naive" : "exact", r->secs, r->nodes,
                            r->settled ? 1 : 0, r->value, r->peak, r->tt_hits, r->sleep_skips, r->bound_cuts);
                }
            }
            fputc(e.settled ? (with_naive && !cr[ci].naive[i].settled ? 'n' : '.') : 'T', stderr);
            click_board_free(&b);
        }
        fputc('\n', stderr);
    }

    if (csv) fclose(csv);

    /* Table 1: the exact solver. */
    printf("### Exact solver\n\n");
    printf("| board | colours | objective | settled | median | max | nodes/s | median nodes | peak memory (max) | "
           "solvable / mean optimum |\n");
    printf("|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (int ci = 0; ci < ncells; ci++) {
        const cell_cfg *cfg = &cells[ci];
        const run *e = cr[ci].exact;
        int settled = 0;
        double tsum = 0, nsum = 0, tmax = 0, vsum = 0;
        size_t peak = 0;
        double *nodes = malloc((size_t)nb * sizeof *nodes);
        for (int i = 0; i < nb; i++) {
            tsum += e[i].secs;
            nsum += (double)e[i].nodes;
            nodes[i] = (double)e[i].nodes;
            if (e[i].secs > tmax) tmax = e[i].secs;
            if (e[i].peak > peak) peak = e[i].peak;
            if (e[i].settled) {
                settled++;
                vsum += (double)e[i].value;
            }
        }
        qsort(nodes, (size_t)nb, sizeof *nodes, cmp_double);
        double mednodes = (nodes[(nb - 1) / 2] + nodes[nb / 2]) / 2;
        free(nodes);
        bool lower;
        double med = median_secs(e, NULL, nb, &lower);
        char smed[64], smax[64], srate[64], speak[64], sopt[96];
        fmt_secs(smed, sizeof smed, med, lower);
        fmt_secs(smax, sizeof smax, tmax, settled < nb);
        fmt_rate(srate, sizeof srate, nsum, tsum);
        fmt_bytes(speak, sizeof speak, peak);
        if (settled == 0)
            snprintf(sopt, sizeof sopt, "–");
        else if (cfg->obj == CLICK_CLEAR)
            snprintf(sopt, sizeof sopt, "%.0f%% solvable (%d/%d)", 100.0 * vsum / settled, (int)vsum, settled);
        else if (cfg->obj == CLICK_MAX)
            snprintf(sopt, sizeof sopt, "mean %.2f of %d blocks", vsum / settled, cfg->rows * cfg->cols);
        else
            snprintf(sopt, sizeof sopt, "mean score %.1f", vsum / settled);
        printf("| %dx%d | %d | %s | %d/%d | %s | %s | %s | %.0f | %s | %s |\n", cfg->rows, cfg->cols, cfg->colours,
               obj_name(cfg->obj), settled, nb, smed, smax, srate, mednodes, speak, sopt);
    }
    printf("\n");

    /* Table 2: naive baseline and the comparison. */
    if (with_naive) {
        printf("### Naive exhaustive search (same boards, same limit) vs exact\n\n");
        printf("| board | colours | objective | naive settled | naive median | naive max | naive nodes/s | "
               "both settled | time ratio (median naive / median exact) | nodes ratio (naive / exact) |\n");
        printf("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int ci = 0; ci < ncells; ci++) {
            const cell_cfg *cfg = &cells[ci];
            const run *e = cr[ci].exact, *n = cr[ci].naive;
            int settled = 0, both = 0;
            double tsum = 0, nsum = 0, tmax = 0, nn = 0, ne = 0;
            bool *use = pl_xcalloc((size_t)nb, sizeof *use);
            for (int i = 0; i < nb; i++) {
                tsum += n[i].secs;
                nsum += (double)n[i].nodes;
                if (n[i].secs > tmax) tmax = n[i].secs;
                if (n[i].settled) settled++;
                if (n[i].settled && e[i].settled) {
                    use[i] = true;
                    both++;
                    nn += (double)n[i].nodes;
                    ne += (double)e[i].nodes;
                }
            }
            bool lower;
            double med = median_secs(n, NULL, nb, &lower);
            char smed[64], smax[64], srate[64], sratio[96], snodes[64];
            fmt_secs(smed, sizeof smed, med, lower);
            fmt_secs(smax, sizeof smax, tmax, settled < nb);
            fmt_rate(srate, sizeof srate, nsum, tsum);
            if (both > 0) {
                bool l1, l2;
                double mn = median_secs(n, use, nb, &l1), me = median_secs(e, use, nb, &l2);
                if (me > 0)
                    snprintf(sratio, sizeof sratio, "%.1f×%s", mn / me, both < nb ? " (on the boards both settle)" : "");
                else
                    snprintf(sratio, sizeof sratio, "–");
                snprintf(snodes, sizeof snodes, "%.1f×", ne > 0 ? nn / ne : 0.0);
            } else {
                snprintf(sratio, sizeof sratio, "– (naive settles none)");
                snprintf(snodes, sizeof snodes, "–");
            }
            printf("| %dx%d | %d | %s | %d/%d | %s | %s | %s | %d/%d | %s | %s |\n", cfg->rows, cfg->cols,
                   cfg->colours, obj_name(cfg->obj), settled, nb, smed, smax, srate, both, nb, sratio, snodes);
            free(use);
        }
        printf("\n");
    }

    /* Targets. */
    printf("### Targets\n\n");
    for (int ci = 0; ci < ncells; ci++) {
        const cell_cfg *cfg = &cells[ci];
        double target = 0;
        if (cfg->colours != 3 || cfg->obj == CLICK_SCORE) continue;
        if (cfg->rows == 5 && cfg->cols == 5) target = 0.1;
        if (cfg->rows == 6 && cfg->cols == 6) target = 2.0;
        if (target == 0) continue;
        bool lower;
        double med = median_secs(cr[ci].exact, NULL, nb, &lower);
        char smed[64];
        fmt_secs(smed, sizeof smed, med, lower);
        bool pass = !lower && med < target;
        printf("- %dx%d, 3 colours, %s: median %s, target < %g s: **%s**\n", cfg->rows, cfg->cols, obj_name(cfg->obj),
               smed, target, pass ? "met" : "NOT met");
    }
    printf("\n");
    printf("Times are wall-clock seconds per board (solver setup included); median and max over all boards, a "
           "board that hit the time limit counting as unsettled (≥). Nodes/s = all nodes / all time of the cell. "
           "Nodes ratio = naive nodes / exact nodes summed over the boards both settle. Peak memory = "
           "`stats.peak_memory` (table + per-depth slots + Zobrist keys + paths), max over the boards. The naive "
           "search: plain recursion over every group of two or more blocks, a board copy per click, no table, "
           "no sleep sets, no bounds, no ordering; for clear it stops at the first clear.\n");

    for (int ci = 0; ci < ncells; ci++) {
        free(cr[ci].exact);
        free(cr[ci].naive);
    }
    free(cr);
    if (g_mismatches) {
        fprintf(stderr, "\n!!!!!!!! %d MISMATCH(ES) — see above !!!!!!!!\n", g_mismatches);
        printf("\n**%d MISMATCH(ES)**\n", g_mismatches);
        return 1;
    }
    return 0;
}
