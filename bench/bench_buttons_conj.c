/* Buttons & Scissors, Conjecture 1 (Section 5 of the paper): "There is a
 * polynomial time algorithm that removes all but s buttons from any full
 * 2 x n board with C = 2 colors for some constant s."
 *
 *   ./build/bench/bench_buttons_conj [--max-n N] [--random-n LIST] [--count K] [--seed X]
 *        [--directions D] [--sizes S] [--time-limit T] [--baseline-n B] [--list V]
 *        [--oracle 0|1] [--beam W] [--min-n M] [--strategies 0|1]
 *
 * Part 1, every board: all 4^n full 2 x n boards with colours a and b, for
 * n = M .. N (default 1 .. 10), one board of each orbit of the symmetry group of
 * order 8 (colour swap, left-right mirror, swap of the two rows), weighted by
 * its orbit's size. Each is solved by the library's objective max search
 * (buttons_max_search, exact: 'optimal' unless the per-board time limit T,
 * default 60 s, stops it). Prints per n: orbits, boards, the worst case of the
 * fewest buttons left (and one board reaching it), the distribution over all
 * 4^n boards, and two polynomial strategies on the same boards:
 *  - greedy-big: repeatedly the feasible cut with the most buttons (ties:
 *    the first found);
 *  - greedy-stranded: repeatedly the cut after which the fewest buttons are
 *    stranded (a lower bound computed in linear time, see stranded()), then
 *    the fewest left;
 *  - beam-W: beam search of width W (--beam, default 8, at most 64) with
 *    greedy-stranded's ranking;
 * their worst case and how many boards they leave more on than the optimum.
 * Part 2, random boards: K (default 200) uniformly random full 2 x n boards
 * for each n of LIST (default 12,16,20,24,32,48,64), the same columns (a
 * search stopped by T gives an upper bound, counted in 'not proven').
 * Baselines (ratios): part 1 at n = B (default 8) without the symmetry,
 * every one of the 4^B boards solved; and one per orbit again without the
 * clear oracle (buttons_max_search's use_oracle false: the branch and bound
 * alone). Times and the same distribution (else exit 1).
 * Default rules: the paper's game B&S[2 x n, 2, inf, *, {2,3}] (every
 * direction; sizes {2,3}, equivalent to all sizes >= 2 by Remark 1);
 * --directions and --sizes take the level headers' values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"

#ifndef PL_BENCH_BUILD_TYPE
#define PL_BENCH_BUILD_TYPE "unknown"
#endif

#define MAXN 64

static unsigned directions = BUTTONS_ALL_DIRECTIONS;
static const char *dir_text = "*", *size_text = "2,3";
static bool sizes_all = false;
static uint64_t size_mask = (1u << 2) | (1u << 3);
static double time_limit = 60;
static bool use_oracle = true;
static bool run_strategies = true; /* --strategies 0: the search alone */
static int list_from = -1; /* --list V: print every orbit with at least V left */

/* ---------- boards ---------- */

/* Bit i of code (code[1] from i = 64 on) set: cell i (row-major) is b. */
static void level_of(buttons_level *l, uint8_t *cells, int n, const uint64_t *code) {
    memset(l, 0, sizeof *l);
    l->rows = 2;
    l->cols = n;
    l->cell = cells;
    l->ncolours = 2;
    l->colour_char[1] = 'a';
    l->colour_char[2] = 'b';
    int nb = 0;
    for (int i = 0; i < 2 * n; i++) {
        cells[i] = (uint8_t)(1 + ((code[i / 64] >> (i % 64)) & 1u));
        nb += cells[i] == 2;
    }
    l->nbuttons = 2 * n;
    l->max_frequency = nb > n ? nb : 2 * n - nb;
    l->directions = directions;
    snprintf(l->directions_text, sizeof l->directions_text, "%s", dir_text);
    l->sizes_all = sizes_all;
    l->size_mask = size_mask;
    l->players = BUTTONS_SINGLE;
}

static void board_text(const uint8_t *cells, int n, char *buf) {
    int k = 0;
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < n; c++) buf[k++] = cells[r * n + c] == 1 ? 'a' : 'b';
        buf[k++] = r ? '\0' : '/';
    }
}

/* The images of a board under the group: row swap, mirror, colour swap. */
static uint64_t mirror(uint64_t code, int n) {
    uint64_t m = 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < n; c++)
            if ((code >> (r * n + c)) & 1u) m |= (uint64_t)1 << (r * n + n - 1 - c);
    return m;
}

static uint64_t row_swap(uint64_t code, int n) {
    uint64_t low = code & (((uint64_t)1 << n) - 1);
    return (code >> n) | (low << n);
}

/* 0 when code is not the smallest of its orbit, else the orbit's size. */
static int orbit(uint64_t code, int n) {
    uint64_t all = 2 * n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << (2 * n)) - 1;
    uint64_t img[8];
    int k = 0;
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < 2; m++)
            for (int x = 0; x < 2; x++) {
                uint64_t v = code;
                if (s) v = row_swap(v, n);
                if (m) v = mirror(v, n);
                if (x) v ^= all;
                img[k++] = v;
            }
    int distinct = 0;
    for (int i = 0; i < 8; i++) {
        if (img[i] < code) return 0;
        bool seen = false;
        for (int j = 0; j < i; j++) seen |= img[j] == img[i];
        distinct += !seen;
    }
    return distinct;
}

/* ---------- the polynomial strategies ---------- */

static int uf_find(int *uf, int x) {
    while (uf[x] != x) x = uf[x] = uf[uf[x]];
    return x;
}

/* Stranded buttons (the strategies' score): join same-coloured buttons on a
 * common allowed line; a component keeps k - rep(k) of its k buttons, and
 * on two rows one button in a row with exactly two of the other row keeps
 * one (the three are not on one line: any cut takes two, the third has no
 * partner left). For the default rules (every direction, sizes >= 2) this is
 * exactly what each colour alone would keep, in linear time. */
static int stranded(const buttons_level *l, const uint8_t *cells, const int *rep) {
    int n = l->rows * l->cols, uf[2 * MAXN], cnt[2 * MAXN][2];
    for (int i = 0; i < n; i++) uf[i] = i, cnt[i][0] = cnt[i][1] = 0;
    for (int i = 0; i < n; i++) {
        if (!cells[i]) continue;
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            int r = i / l->cols + buttons_dir_dr[d], c = i % l->cols + buttons_dir_dc[d];
            for (; r >= 0 && r < l->rows && c < l->cols; r += buttons_dir_dr[d], c += buttons_dir_dc[d]) {
                int j = r * l->cols + c;
                if (cells[j] != cells[i]) continue;
                int x = uf_find(uf, i), y = uf_find(uf, j);
                if (x != y) uf[x] = y;
                break;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (cells[i]) cnt[uf_find(uf, i)][i / l->cols]++;
    int lb = 0;
    for (int i = 0; i < n; i++) {
        int k = cnt[i][0] + cnt[i][1];
        if (!k) continue;
        int v = k - rep[k];
        if ((cnt[i][0] == 1 && cnt[i][1] == 2) || (cnt[i][0] == 2 && cnt[i][1] == 1)) v = v > 1 ? v : 1;
        lb += v;
    }
    return lb;
}

/* The feasible cuts of cells (each once, walking from each button in each
 * allowed direction), sizes in the level's set: ends and sizes. */
static int cuts_of(const buttons_level *l, const uint8_t *cells, buttons_cut *out, int *size) {
    int n = l->rows * l->cols, m = 0;
    for (int i = 0; i < n; i++) {
        if (!cells[i]) continue;
        for (int d = 0; d < 4; d++) {
            if (!(l->directions & (1u << d))) continue;
            int r = i / l->cols, c = i % l->cols, k = 1;
            for (;;) {
                r += buttons_dir_dr[d];
                c += buttons_dir_dc[d];
                if (r < 0 || r >= l->rows || c >= l->cols) break;
                int v = cells[r * l->cols + c];
                if (!v) continue;
                if (v != cells[i]) break;
                k++;
                if (!buttons_size_allowed(l, k)) continue;
                out[m] = (buttons_cut){i / l->cols, i % l->cols, r, c};
                size[m++] = k;
            }
        }
    }
    return m;
}

/* A polynomial strategy: beam search of width w (w = 1: greedy) over cut
 * sequences, ranking boards by (stranded, buttons left); kind 0 ranks by
 * the last cut's size only (greedy-big, w = 1). Returns the fewest buttons
 * left on any board it reached; every cut is replayed by the rules
 * (buttons_cut_check). O(w * n * cuts * n) for a 2 x n board. */
#define MAXW 64
#define MAXCUTS (2 * MAXN * 4 * MAXN)
typedef struct bstate {
    uint8_t cells[2 * MAXN];
    int left, score;
} bstate;

static int strategy(const buttons_level *l, int kind, int w, const int *rep) {
    static bstate beam[MAXW], next[MAXW * 64];
    static buttons_cut cuts[MAXCUTS];
    static int sizes[MAXCUTS];
    int n = l->rows * l->cols, nb = 1, best = l->nbuttons;
    memcpy(beam[0].cells, l->cell, (size_t)n);
    beam[0].left = l->nbuttons;
    for (;;) {
        int nn = 0;
        for (int b = 0; b < nb; b++) {
            int m = cuts_of(l, beam[b].cells, cuts, sizes);
            for (int x = 0; x < m; x++) {
                bstate c;
                memcpy(c.cells, beam[b].cells, (size_t)n);
                int colour, size;
                char why[256];
                if (buttons_cut_check(l, c.cells, cuts[x], &colour, &size, why, sizeof why) || size != sizes[x]) {
                    fprintf(stderr, "BUG: strategy cut infeasible: %s\n", why);
                    exit(1);
                }
                buttons_cut_apply(l, c.cells, cuts[x]);
                c.left = beam[b].left - size;
                c.score = kind == 0 ? -size : stranded(l, c.cells, rep);
                if (c.left < best) best = c.left;
                bool dup = false;
                for (int y = 0; y < nn && !dup; y++) dup = next[y].left == c.left && !memcmp(next[y].cells, c.cells, (size_t)n);
                if (dup) continue;
                /* keep the w best: insertion into a sorted array of at most w */
                int pos = nn < w ? nn : w;
                while (pos > 0 && (next[pos - 1].score > c.score ||
                                   (next[pos - 1].score == c.score && next[pos - 1].left > c.left)))
                    pos--;
                if (pos >= w) continue;
                int end = nn < w ? nn : w - 1;
                memmove(&next[pos + 1], &next[pos], (size_t)(end - pos) * sizeof *next);
                next[pos] = c;
                if (nn < w) nn++;
            }
        }
        if (!nn) return best;
        memcpy(beam, next, (size_t)nn * sizeof *beam);
        nb = nn;
    }
}

/* ---------- one row of the tables ---------- */

/* The strategies compared: greedy-big, greedy-stranded (beam 1), beam 8. */
#define NSTRAT 3
static const int strat_kind[NSTRAT] = {0, 1, 1};
static int strat_width[NSTRAT] = {1, 1, 8}; /* --beam W: the third */
static const char *strat_name[NSTRAT] = {"greedy-big", "greedy-stranded", "beam-8"};
static char beam_name[32];

typedef struct stats {
    double boards, orbits, seconds;
    double dist[2 * MAXN + 1];
    uint64_t nodes_by[2 * MAXN + 1]; /* search nodes spent on boards of each optimum */
    int worst, gworst[NSTRAT];
    double gworse[NSTRAT]; /* boards where the strategy leaves more than the optimum */
    double not_proven;
    uint64_t nodes;
    char worst_board[2 * MAXN + 2];
} stats;

static void solve_one(int n, const uint64_t *code, double weight, const int *rep, stats *st) {
    uint8_t cells[2 * MAXN], replay[2 * MAXN];
    buttons_level l;
    level_of(&l, cells, n, code);
    pl_limits lim;
    pl_limits_init(&lim, time_limit, 0, (size_t)256 << 20);
    buttons_max_result r;
    double t0 = pl_now();
    buttons_max_search(&l, &lim, use_oracle, &r);
    st->seconds += pl_now() - t0;
    st->nodes += r.nodes;
    /* the certificate replayed by the rules must leave what it claims */
    memcpy(replay, cells, (size_t)(2 * n));
    int left = l.nbuttons;
    for (int i = 0; i < r.ncuts; i++) {
        int colour, size;
        char why[256];
        if (buttons_cut_check(&l, replay, r.cuts[i], &colour, &size, why, sizeof why)) {
            fprintf(stderr, "BUG: cut %d of the max certificate is infeasible: %s\n", i + 1, why);
            exit(1);
        }
        buttons_cut_apply(&l, replay, r.cuts[i]);
        left -= size;
    }
    if (left != r.left) {
        fprintf(stderr, "BUG: the max certificate leaves %d, it claims %d\n", left, r.left);
        exit(1);
    }
    free(r.cuts);
    st->boards += weight;
    st->orbits += 1;
    st->dist[r.left] += weight;
    if (!r.optimal) st->not_proven += weight;
    st->nodes_by[r.left] += r.nodes;
    if (list_from >= 0 && r.left >= list_from) {
        char b[2 * MAXN + 2];
        board_text(cells, n, b);
        fprintf(stderr, "n %d left %d%s nodes %llu: %s\n", n, r.left, r.optimal ? "" : " (not proven)",
                (unsigned long long)r.nodes, b);
    }
    if (r.left > st->worst || st->worst_board[0] == '\0') {
        if (r.left > st->worst) st->worst = r.left;
        board_text(cells, n, st->worst_board);
    }
    for (int g = 0; g < NSTRAT && run_strategies; g++) {
        int left = strategy(&l, strat_kind[g], strat_width[g], rep);
        if (left > st->gworst[g]) st->gworst[g] = left;
        if (left > r.left) st->gworse[g] += weight;
        if (left < r.left && r.optimal) {
            char b[2 * MAXN + 2];
            board_text(cells, n, b);
            fprintf(stderr, "BUG: %s leaves %d < optimum %d on %s\n", strat_name[g], left, r.left, b);
            exit(1);
        }
    }
}

static void print_row(int n, const stats *st, bool exhaustive) {
    char dist[1024];
    int k = 0;
    for (int v = 0; v <= 2 * n; v++)
        if (st->dist[v] > 0)
            k += snprintf(dist + k, sizeof dist - (size_t)k, "%s%d: %.0f", k ? ", " : "", v, st->dist[v]);
    printf("| %d | ", n);
    if (exhaustive) printf("%.0f | ", st->orbits);
    printf("%.0f | %d | `%s` | %s |", st->boards, st->worst, st->worst_board, dist);
    for (int g = 0; g < NSTRAT; g++) printf(" %d | %.0f |", st->gworst[g], st->gworse[g]);
    printf(" %.0f | %llu | %.2f |\n", st->not_proven, (unsigned long long)st->nodes, st->seconds);
    fflush(stdout);
}

static void print_header(bool exhaustive) {
    printf("| n |%s boards | worst: fewest left | a worst board (row 0/row 1) | distribution (left: boards) |",
           exhaustive ? " orbits |" : "");
    for (int g = 0; g < NSTRAT; g++) printf(" %s worst | %s > optimum |", strat_name[g], strat_name[g]);
    printf(" not proven | nodes | search s |\n|");
    for (int c = 0; c < 8 + 2 * NSTRAT + (exhaustive ? 1 : 0); c++) printf(" --- |");
    printf("\n");
}

static void parse_rules(const char *d, const char *s) {
    dir_text = d;
    size_text = s;
    if (!strcmp(d, "*")) directions = 15;
    else if (!strcmp(d, "+")) directions = BUTTONS_H | BUTTONS_V;
    else if (!strcmp(d, "x")) directions = BUTTONS_D | BUTTONS_A;
    else if (!strcmp(d, "-")) directions = BUTTONS_H;
    else {
        directions = 0;
        for (const char *p = d; *p; p++)
            directions |= *p == 'h' ? BUTTONS_H : *p == 'v' ? BUTTONS_V : *p == 'd' ? BUTTONS_D : *p == 'a' ? BUTTONS_A : 0;
    }
    sizes_all = !strcmp(s, "all");
    size_mask = 0;
    if (!sizes_all)
        for (const char *p = s; *p;) {
            long v = strtol(p, (char **)&p, 10);
            if (v >= 2 && v <= 63) size_mask |= (uint64_t)1 << v;
            if (*p == ',') p++;
            else if (*p) break;
        }
}

int main(int argc, char **argv) {
    int max_n = 10, min_n = 1, count = 200, baseline_n = 8;
    uint64_t seed = 1;
    const char *random_n = "12,16,20,24,32,48,64";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--max-n")) max_n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--random-n")) random_n = argv[i + 1];
        else if (!strcmp(argv[i], "--count")) count = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--directions")) parse_rules(argv[i + 1], size_text);
        else if (!strcmp(argv[i], "--sizes")) parse_rules(dir_text, argv[i + 1]);
        else if (!strcmp(argv[i], "--time-limit")) time_limit = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--baseline-n")) baseline_n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--list")) list_from = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--oracle")) use_oracle = atoi(argv[i + 1]) != 0;
        else if (!strcmp(argv[i], "--strategies")) run_strategies = atoi(argv[i + 1]) != 0;
        else if (!strcmp(argv[i], "--min-n")) min_n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--beam")) {
            strat_width[2] = atoi(argv[i + 1]);
            if (strat_width[2] < 1 || strat_width[2] > MAXW) {
                fprintf(stderr, "--beam: 1 to %d\n", MAXW);
                return 2;
            }
            snprintf(beam_name, sizeof beam_name, "beam-%d", strat_width[2]);
            strat_name[2] = beam_name;
        }
        else {
            fprintf(stderr, "usage: %s [--max-n N] [--random-n LIST] [--count K] [--seed X] [--directions D] "
                            "[--sizes S] [--time-limit T] [--baseline-n B] [--list V] [--oracle 0|1] [--beam W] [--min-n M] [--strategies 0|1]\n", argv[0]);
            return 2;
        }
    }
    if (max_n > 16 || baseline_n > 12 || baseline_n < 1) {
        fprintf(stderr, "--max-n at most 16, --baseline-n 1 to 12\n");
        return 2;
    }
    int rep[2 * MAXN + 1];
    {
        buttons_level l;
        uint8_t cells[2];
        uint64_t zero[2] = {0, 0};
        level_of(&l, cells, 1, zero);
        uint64_t gen = buttons_sizes_normalised(&l);
        bool reach[2 * MAXN + 1] = {true};
        rep[0] = 0;
        for (int k = 1; k <= 2 * MAXN; k++) {
            for (int g = 2; g <= k && g < 64 && !reach[k]; g++) reach[k] = ((gen >> g) & 1u) && reach[k - g];
            rep[k] = reach[k] ? k : rep[k - 1];
        }
    }
    printf("Command: `bench_buttons_conj --max-n %d --random-n %s --count %d --seed %llu --directions '%s' --sizes %s "
           "--time-limit %g --baseline-n %d --oracle %d --beam %d --min-n %d --strategies %d` (%s build)%s\n\n",
           max_n, random_n, count, (unsigned long long)seed, dir_text, size_text, time_limit, baseline_n,
           use_oracle ? 1 : 0, strat_width[2], min_n, run_strategies ? 1 : 0, PL_BENCH_BUILD_TYPE,
           run_strategies ? "" : "; strategies not run (their columns are 0)");
    printf("Every full 2 x n board with two colours (one a symmetry orbit, weighted by the orbit):\n\n");
    print_header(true);
    for (int n = min_n < 1 ? 1 : min_n; n <= max_n; n++) {
        stats st;
        memset(&st, 0, sizeof st);
        uint64_t total = (uint64_t)1 << (2 * n);
        for (uint64_t code = 0; code < total; code++) {
            int w = orbit(code, n);
            uint64_t c2[2] = {code, 0};
            if (w) solve_one(n, c2, w, rep, &st);
        }
        print_row(n, &st, true);
    }

    printf("\nRandom full 2 x n boards, %d of each n (colours uniform):\n\n", count);
    print_header(false);
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (const char *p = random_n; *p;) {
        int n = (int)strtol(p, (char **)&p, 10);
        if (*p == ',') p++;
        else if (*p) break;
        if (n < 1 || n > MAXN) {
            fprintf(stderr, "n = %d: 1 to %d columns\n", n, MAXN);
            return 2;
        }
        stats st;
        memset(&st, 0, sizeof st);
        for (int k = 0; k < count; k++) {
            uint64_t code[2] = {pl_rng_next(&rng), pl_rng_next(&rng)};
            solve_one(n, code, 1, rep, &st);
        }
        st.orbits = 0;
        print_row(n, &st, false);
    }

    /* baseline: no symmetry at n = baseline_n */
    stats sym, all;
    memset(&sym, 0, sizeof sym);
    memset(&all, 0, sizeof all);
    uint64_t total = (uint64_t)1 << (2 * baseline_n);
    double t0 = pl_now();
    for (uint64_t code = 0; code < total; code++) {
        int w = orbit(code, baseline_n);
        uint64_t c2[2] = {code, 0};
        if (w) solve_one(baseline_n, c2, w, rep, &sym);
    }
    double t_sym = pl_now() - t0;
    t0 = pl_now();
    for (uint64_t code = 0; code < total; code++) {
        uint64_t c2[2] = {code, 0};
        solve_one(baseline_n, c2, 1, rep, &all);
    }
    double t_all = pl_now() - t0;
    stats bare;
    memset(&bare, 0, sizeof bare);
    bool was = use_oracle;
    use_oracle = false;
    t0 = pl_now();
    for (uint64_t code = 0; code < total; code++) {
        int w = orbit(code, baseline_n);
        uint64_t c2[2] = {code, 0};
        if (w) solve_one(baseline_n, c2, w, rep, &bare);
    }
    double t_bare = pl_now() - t0;
    use_oracle = was;
    bool same = sym.worst == all.worst && sym.boards == all.boards && bare.worst == sym.worst;
    for (int v = 0; v <= 2 * baseline_n; v++) same &= sym.dist[v] == all.dist[v] && bare.dist[v] == sym.dist[v];
    printf("\nBaselines at n = %d (wall-clock, strategies included): every board %.2f s against one per orbit "
           "%.2f s, ratio %.1f; the search without the clear oracle %.2f s (search %.2f s, %llu nodes) against with "
           "it %.2f s (search %.2f s, %llu nodes), search ratio %.2f; distributions %s\n",
           baseline_n, t_all, t_sym, t_sym > 0 ? t_all / t_sym : 0, t_bare, bare.seconds,
           (unsigned long long)bare.nodes, t_sym, sym.seconds, (unsigned long long)sym.nodes,
           sym.seconds > 0 ? bare.seconds / sym.seconds : 0, same ? "equal" : "DIFFER (a bug)");
    return same ? 0 : 1;
}
