/* Benchmark of the anytime SameGame optimisers (clickomania_search.h) on the
 * standard 20-board test set (levels/clickomania/samegame/, 15x15, 5 colours; see its
 * README.md for the source and the scoring rule).
 *
 *   bench_samegame [--seconds S] [--boards A-B] [--algorithm beam|nmcs|nrpa|all]
 *                  [--threads N] [--seed N] [--data DIR]
 *                  [--level L] [--iterations N] [--top-iterations N] [--width W]
 *                  [--beam-playouts K] [--kappa K] [--code K] [--tabu mixed|soft|hard] [--tabu-bias B]
 *                  [--baseline-seconds S] [--no-baseline] [--speed-seconds S] [--nodes N]
 *                  [--save DIR]
 *
 * Per board and algorithm: the SameGame score ((n-2)^2 a group of n, 1000
 * for an empty board: puzzlelab's --objective score) reached within S
 * seconds (default 60) of wall-clock time with N threads (default: every
 * core). Baselines run in the same process on the same boards:
 *  - greedy: largest group first, the most frequent colour kept for last
 *    (the better of that and plain largest group first), deterministic;
 *  - NMCS level 2: plain nested Monte-Carlo search at level 2 with
 *    TabuColorRandom playouts, one thread, restarted until the same per-board
 *    budget (--baseline-seconds, default S).
 * --nodes N replaces the time budget by a node budget per board and
 * algorithm (playouts; see clickomania_search.h): results then do not depend
 * on the machine or its load, and with --threads 1 they are reproducible.
 * Every certificate is replayed through the descriptor (state_new /
 * move_apply / finish); a wrong one prints MISMATCH and exits 1.
 * --save DIR writes the best sequence of the last chosen algorithm on board
 * NN to DIR/NN.moves (one `row,col` move a line, rows from the top: the
 * CLI's moves file, which `puzzlelab clickomania verify --objective score`
 * replays), with a comment line naming the score and the command.
 *
 * Before the boards, the engine's speed: TabuColorRandom playouts per second
 * on board 1 (one thread, --speed-seconds, default 2), and the NRPA level-1
 * rates (playout + adaptation) with the soft and the hard tabu colour.
 *
 * Output: Markdown on stdout (the command line first), progress on stderr.
 * Published totals on this set for reference (possibly under a slightly
 * different rule, see the README): SP-MCTS 73,998; NMCS level 3 77,934. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "puzzlelab/clickomania_search.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef PL_BENCH_DATA_DIR
#define PL_BENCH_DATA_DIR "levels/clickomania/samegame"
#endif

#define NBOARDS 20
#define SPMCTS_TOTAL 73998
#define NMCS3_TOTAL 77934

static const pl_game *G = &pl_game_clickomania;

typedef struct opts {
    double seconds, baseline_seconds, speed_seconds;
    unsigned long long nodes; /* > 0: a node budget per board instead of the time budget */
    const char *save;         /* --save DIR, or NULL */
    const char *command;      /* the command line, for the saved files' comment */
    int first, last;
    bool run[4]; /* by click_search_alg */
    int threads;
    uint64_t seed;
    const char *data;
    int level, iterations, top_iterations, width, beam_playouts, code;
    double kappa, tabu_bias;
    int tabu_mode;
    bool baseline;
} opts;

static void usage(void) {
    fprintf(
        stderr,
        "usage: bench_samegame [--seconds S] [--boards A-B] [--algorithm beam|nmcs|nrpa|all] "
        "[--threads N] [--seed N] [--data DIR] [--level L] [--iterations N] [--top-iterations N] [--width W] "
        "[--beam-playouts K] [--kappa K] [--code K] [--tabu mixed|soft|hard] [--tabu-bias B] [--baseline-seconds S] "
        "[--no-baseline] "
        "[--speed-seconds S] [--nodes N] [--save DIR]\n");
    exit(2);
}

static const char *alg_name(int a) {
    switch (a) {
    case CLICK_SEARCH_GREEDY: return "greedy";
    case CLICK_SEARCH_BEAM: return "beam";
    case CLICK_SEARCH_NMCS: return "nmcs";
    case CLICK_SEARCH_NRPA: return "nrpa";
    }
    return "?";
}

static click_level *load(const char *dir, int i) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%02d.level", dir, i);
    pl_level_text lt;
    pl_error err = {0};
    if (pl_level_text_read(path, &lt, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "bench_samegame: %s\n", msg);
        exit(2);
    }
    click_level *l = G->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    if (!l) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "bench_samegame: %s\n", msg);
        exit(2);
    }
    return l;
}

/* Move i of r in the CLI's notation (row from the top, column). */
static void move_text(const click_level *l, const click_search_result *r, int i, char *buf, size_t cap) {
    snprintf(buf, cap, "%d,%d", l->board.rows - 1 - r->moves[i].h, r->moves[i].col);
}

/* --save: DIR/NN.moves, one move a line after a comment. */
static void save_moves(const opts *o, int board, const click_level *l, const click_search_result *r, int alg) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%02d.moves", o->save, board);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    fprintf(f, "# board %02d: score %lld%s, %s, found by `%s`\n", board, r->score,
            r->removed == l->board.blocks ? " (board emptied)" : "", alg_name(alg), o->command);
    for (int i = 0; i < r->nmoves; i++) {
        char mv[32];
        move_text(l, r, i, mv, sizeof mv);
        fprintf(f, "%s\n", mv);
    }
    if (fclose(f) != 0) {
        perror(path);
        exit(2);
    }
}

/* Replays through the descriptor; returns the score or -1. */
static long long verify(const click_level *l, const click_search_result *r) {
    void *st = G->state_new(l);
    for (int i = 0; i < r->nmoves; i++) {
        char mv[32], reason[256];
        int col;
        move_text(l, r, i, mv, sizeof mv);
        if (G->move_apply(st, mv, reason, sizeof reason, &col) != PL_MOVE_OK) {
            G->state_free(st);
            return -1;
        }
    }
    pl_verdict v;
    memset(&v, 0, sizeof v);
    G->finish(st, "score", &v);
    G->state_free(st);
    for (int i = 0; i < v.nvalues; i++)
        if (strcmp(v.value_name[i], "score") == 0) return v.value[i];
    return -1;
}

typedef struct cell {
    long long score;
    bool cleared;
    double seconds;
    uint64_t nodes;
    int runs, width;
} cell;

static void progress(void *ctx, const char *line) {
    (void)ctx;
    (void)line;
}

static cell run_one(const click_level *l, int alg, const opts *o, double seconds, int threads, int level, int save_as) {
    click_search_params p;
    click_search_params_default(&p, (click_search_alg)alg, CLICK_SCORE);
    p.seed = o->seed;
    p.threads = threads;
    p.time_limit = alg == CLICK_SEARCH_GREEDY || o->nodes ? 0 : seconds;
    if (alg != CLICK_SEARCH_GREEDY) p.node_limit = o->nodes;
    p.level = level;
    p.iterations = o->iterations;
    p.top_iterations = o->top_iterations;
    p.code = o->code;
    if (o->tabu_bias < 0) p.tabu_bias = o->tabu_bias;
    p.tabu_mode = o->tabu_mode;
    p.width = o->width;
    if (o->beam_playouts >= 0) p.beam_playouts = o->beam_playouts;
    p.kappa = o->kappa;
    p.progress = progress;
    click_search_result r;
    if (click_search_run(&l->board, &p, &r)) {
        fprintf(stderr, "bench_samegame: click_search_run failed\n");
        exit(2);
    }
    long long v = verify(l, &r);
    if (v != r.score) {
        printf("\n**MISMATCH**: %s claims %lld, the descriptor's replay gives %lld\n", alg_name(alg), r.score, v);
        fprintf(stderr, "MISMATCH: %s claims %lld, replay %lld\n", alg_name(alg), r.score, v);
        exit(1);
    }
    if (save_as > 0) save_moves(o, save_as, l, &r, alg);
    cell c = {r.score, r.removed == l->board.blocks, r.seconds, r.nodes, r.runs, r.width};
    click_search_result_free(&r);
    return c;
}

static void speed(const click_level *l, double secs) {
    cs_shape sh;
    cs_shape_init(&sh, l->board.rows, l->board.cols, l->board.ncolours);
    cs_board *root = cs_board_new(&sh), *b = cs_board_new(&sh);
    cs_board_load(&sh, root, &l->board);
    cs_work w;
    cs_work_init(&w, &sh);
    cs_move *mv = malloc((size_t)cs_max_moves(root) * sizeof *mv);
    cs_cellref *seq = malloc((size_t)cs_max_moves(root) * sizeof *seq);
    pl_rng rng;
    pl_rng_seed(&rng, 1);
    int tabu = cs_most_frequent(&sh, root);
    double t0 = pl_now(), t;
    long long n = 0, moves = 0, best = 0, sum = 0;
    do {
        for (int k = 0; k < 256; k++) {
            cs_board_copy(&sh, b, root);
            int len;
            long long v = cs_playout(&sh, b, &w, &rng, tabu, CLICK_SCORE, mv, seq, &len);
            if (v > best) best = v;
            sum += v;
            moves += len;
            n++;
        }
        t = pl_now() - t0;
    } while (t < secs);
    printf("- Engine: **%.0f TabuColorRandom playouts/s** on board 01 (15x15, one thread; %.1f clicks a playout, "
           "%.2f µs a click; mean playout score %.0f, best %lld of %lld).\n",
           (double)n / t, (double)moves / (double)n, 1e6 * t / (double)moves, (double)sum / (double)n, best, n);
    /* NRPA level 1 (playout + adaptation), each tabu mode. */
    for (int mode = CLICK_TABU_SOFT; mode <= CLICK_TABU_HARD; mode++) {
        click_search_params p;
        click_search_params_default(&p, CLICK_SEARCH_NRPA, CLICK_SCORE);
        p.level = 1;
        p.iterations = 100;
        p.tabu_mode = mode;
        p.time_limit = secs;
        click_search_result r;
        click_search_run(&l->board, &p, &r);
        printf("- NRPA level 1 (policy playout + adaptation), %s tabu: **%.0f playouts/s** on board 01, one "
               "thread.\n",
               mode == CLICK_TABU_SOFT ? "soft" : "hard", (double)r.nodes / r.seconds);
        click_search_result_free(&r);
    }
    free(mv);
    free(seq);
    free(b);
    free(root);
    cs_work_free(&w);
    cs_shape_free(&sh);
}

static void fmt_int(long long v, char *buf, size_t n) {
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%lld", v < 0 ? -v : v);
    size_t len = strlen(tmp), k = 0;
    char out[48];
    if (v < 0) out[k++] = '-';
    for (size_t i = 0; i < len; i++) {
        out[k++] = tmp[i];
        if ((len - i - 1) % 3 == 0 && i + 1 < len) out[k++] = ',';
    }
    out[k] = '\0';
    snprintf(buf, n, "%s", out);
}

int main(int argc, char **argv) {
    opts o = {.seconds = 60,
              .speed_seconds = 2,
              .first = 1,
              .last = NBOARDS,
              .seed = 1,
              .data = PL_BENCH_DATA_DIR,
              .baseline = true,
              .baseline_seconds = -1,
              .beam_playouts = -1};
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    o.threads = nproc < 1 ? 1 : (int)nproc;
    o.run[CLICK_SEARCH_NRPA] = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--no-baseline")) {
            o.baseline = false;
            continue;
        }
        if (!v) usage();
        i++;
        if (!strcmp(a, "--seconds"))
            o.seconds = atof(v);
        else if (!strcmp(a, "--baseline-seconds"))
            o.baseline_seconds = atof(v);
        else if (!strcmp(a, "--speed-seconds"))
            o.speed_seconds = atof(v);
        else if (!strcmp(a, "--boards")) {
            if (sscanf(v, "%d-%d", &o.first, &o.last) != 2) {
                if (sscanf(v, "%d", &o.first) != 1) usage();
                o.last = o.first;
            }
            if (o.first < 1 || o.last > NBOARDS || o.first > o.last) usage();
        } else if (!strcmp(a, "--algorithm")) {
            memset(o.run, 0, sizeof o.run);
            if (!strcmp(v, "all"))
                o.run[CLICK_SEARCH_BEAM] = o.run[CLICK_SEARCH_NMCS] = o.run[CLICK_SEARCH_NRPA] = true;
            else if (!strcmp(v, "beam"))
                o.run[CLICK_SEARCH_BEAM] = true;
            else if (!strcmp(v, "nmcs"))
                o.run[CLICK_SEARCH_NMCS] = true;
            else if (!strcmp(v, "nrpa"))
                o.run[CLICK_SEARCH_NRPA] = true;
            else
                usage();
        } else if (!strcmp(a, "--threads"))
            o.threads = atoi(v);
        else if (!strcmp(a, "--seed"))
            o.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--data"))
            o.data = v;
        else if (!strcmp(a, "--level"))
            o.level = atoi(v);
        else if (!strcmp(a, "--iterations"))
            o.iterations = atoi(v);
        else if (!strcmp(a, "--top-iterations"))
            o.top_iterations = atoi(v);
        else if (!strcmp(a, "--width"))
            o.width = atoi(v);
        else if (!strcmp(a, "--beam-playouts"))
            o.beam_playouts = atoi(v);
        else if (!strcmp(a, "--kappa"))
            o.kappa = atof(v);
        else if (!strcmp(a, "--nodes"))
            o.nodes = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--save"))
            o.save = v;
        else if (!strcmp(a, "--code"))
            o.code = atoi(v);
        else if (!strcmp(a, "--tabu-bias"))
            o.tabu_bias = atof(v);
        else if (!strcmp(a, "--tabu")) {
            if (!strcmp(v, "mixed"))
                o.tabu_mode = CLICK_TABU_MIXED;
            else if (!strcmp(v, "soft"))
                o.tabu_mode = CLICK_TABU_SOFT;
            else if (!strcmp(v, "hard"))
                o.tabu_mode = CLICK_TABU_HARD;
            else
                usage();
        } else
            usage();
    }
    if (o.threads < 1 || o.seconds <= 0) usage();
    if (o.baseline_seconds < 0) o.baseline_seconds = o.seconds;
    static char command[2048];
    for (int i = 0, n = 0; i < argc && n < (int)sizeof command - 1; i++)
        n += snprintf(command + n, sizeof command - (size_t)n, "%s%s", i ? " " : "", argv[i]);
    o.command = command;
    /* --save DIR: made now (a missing DIR used to stop the run after its
     * first board, the search's time lost) */
    if (o.save && mkdir(o.save, 0777) != 0 && errno != EEXIST) {
        perror(o.save);
        return 2;
    }

    printf("# SameGame standard test set: anytime optimisers\n\nCommand: `");
    for (int i = 0; i < argc; i++) printf("%s%s", i ? " " : "", argv[i]);
    printf("`\n\n");
    char budget[96];
    if (o.nodes)
        snprintf(budget, sizeof budget, "%llu nodes (playouts)", o.nodes);
    else
        snprintf(budget, sizeof budget, "%.1f s", o.seconds);
    printf("Build type: %s. %ld cores online. Boards %02d-%02d of %s. Budget %s a board and algorithm, %d "
           "thread%s, seed %llu. Score: (n-2)^2 a group of n, +1000 for an empty board (no penalty for blocks "
           "left).\n\n",
           PL_BENCH_BUILD_TYPE, nproc, o.first, o.last, o.data, budget, o.threads, o.threads == 1 ? "" : "s",
           (unsigned long long)o.seed);

    click_level *levels[NBOARDS + 1] = {0};
    for (int i = o.first; i <= o.last; i++) levels[i] = load(o.data, i);
    if (o.speed_seconds > 0) {
        click_level *l1 = levels[1] ? levels[1] : load(o.data, 1);
        speed(l1, o.speed_seconds);
        if (!levels[1]) {
            G->level_free(l1);
        }
        printf("\n");
    }

    /* columns: greedy, [nmcs2 baseline], the chosen algorithms */
    int algs[3], nalgs = 0;
    for (int a = CLICK_SEARCH_BEAM; a <= CLICK_SEARCH_NRPA; a++)
        if (o.run[a]) algs[nalgs++] = a;
    cell res[NBOARDS + 1][5];
    long long tot[5] = {0};
    int cleared[5] = {0};
    double secs[5] = {0};
    printf("| board | greedy |");
    if (o.baseline) printf(" NMCS-2 (1 thread, %s) |", o.nodes ? budget : "same time");
    for (int k = 0; k < nalgs; k++) printf(" %s (%d thr, %s) |", alg_name(algs[k]), o.threads, budget);
    printf(" runs / width |\n|---|---:|");
    if (o.baseline) printf("---:|");
    for (int k = 0; k < nalgs; k++) printf("---:|");
    printf("---|\n");
    fflush(stdout);
    for (int i = o.first; i <= o.last; i++) {
        const click_level *l = levels[i];
        res[i][0] = run_one(l, CLICK_SEARCH_GREEDY, &o, 0, 1, 0, 0);
        if (o.baseline) {
            fprintf(stderr, "board %02d: nmcs-2 baseline...\n", i);
            res[i][1] = run_one(l, CLICK_SEARCH_NMCS, &o, o.baseline_seconds, 1, 2, 0);
        }
        for (int k = 0; k < nalgs; k++) {
            fprintf(stderr, "board %02d: %s...\n", i, alg_name(algs[k]));
            res[i][2 + k] = run_one(l, algs[k], &o, o.seconds, o.threads, o.level, o.save && k == nalgs - 1 ? i : 0);
            fprintf(stderr, "board %02d: %s %lld (%d runs, %llu nodes)\n", i, alg_name(algs[k]), res[i][2 + k].score,
                    res[i][2 + k].runs, (unsigned long long)res[i][2 + k].nodes);
        }
        printf("| %02d | %lld%s |", i, res[i][0].score, res[i][0].cleared ? "*" : "");
        if (o.baseline) printf(" %lld%s |", res[i][1].score, res[i][1].cleared ? "*" : "");
        for (int k = 0; k < nalgs; k++) printf(" %lld%s |", res[i][2 + k].score, res[i][2 + k].cleared ? "*" : "");
        printf(" ");
        for (int k = 0; k < nalgs; k++) {
            const cell *c = &res[i][2 + k];
            if (algs[k] == CLICK_SEARCH_BEAM)
                printf("%s%s: %d passes, W %d", k ? "; " : "", alg_name(algs[k]), c->runs, c->width);
            else
                printf("%s%s: %d runs, %.0f po/s", k ? "; " : "", alg_name(algs[k]), c->runs,
                       (double)c->nodes / c->seconds);
        }
        printf(" |\n");
        fflush(stdout);
        for (int k = 0; k < 2 + nalgs; k++) {
            if (k == 1 && !o.baseline) continue;
            tot[k] += res[i][k].score;
            cleared[k] += res[i][k].cleared;
            secs[k] += res[i][k].seconds;
        }
    }
    char buf[48];
    printf("| **total** | **");
    fmt_int(tot[0], buf, sizeof buf);
    printf("%s** |", buf);
    if (o.baseline) {
        fmt_int(tot[1], buf, sizeof buf);
        printf(" **%s** |", buf);
    }
    for (int k = 0; k < nalgs; k++) {
        fmt_int(tot[2 + k], buf, sizeof buf);
        printf(" **%s** |", buf);
    }
    printf(" |\n\n`*`: board emptied (the 1000 bonus). Boards emptied: greedy %d", cleared[0]);
    if (o.baseline) printf(", NMCS-2 %d", cleared[1]);
    for (int k = 0; k < nalgs; k++) printf(", %s %d", alg_name(algs[k]), cleared[2 + k]);
    int nb = o.last - o.first + 1;
    printf(" of %d.\n\n", nb);
    for (int k = 0; k < nalgs; k++) {
        printf("- **%s**: total %lld; %.3fx greedy", alg_name(algs[k]), tot[2 + k],
               tot[0] ? (double)tot[2 + k] / (double)tot[0] : 0.0);
        if (o.baseline) printf(", %.3fx NMCS-2", tot[1] ? (double)tot[2 + k] / (double)tot[1] : 0.0);
        if (nb == NBOARDS)
            printf(", %.3fx SP-MCTS (73,998), %.3fx NMCS level 3 (77,934)", (double)tot[2 + k] / SPMCTS_TOTAL,
                   (double)tot[2 + k] / NMCS3_TOTAL);
        printf("; %.1f s wall-clock in all.\n", secs[2 + k]);
    }
    if (o.baseline)
        printf("- NMCS-2 baseline: total %lld; %.3fx greedy.\n", tot[1],
               tot[0] ? (double)tot[1] / (double)tot[0] : 0.0);
    for (int i = o.first; i <= o.last; i++) G->level_free(levels[i]);
    return 0;
}
