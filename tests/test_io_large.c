/* Large levels through the files (issue 21, item 5): the reader, the
 * linear algorithms, the certificate writer and the MOVES reader end to end,
 * on levels large enough that the fast paths (rows cut in place, whole-file
 * byte checks, digits by hand, 64 KiB output blocks, line replay) are the
 * ones that run. No timing: every check is about what is read and written.
 *  - Clickomania rows and columns of 10^5 blocks (two colours, seeded):
 *    the level is written to a file, read back, solved by `two-colours`;
 *    the certificate is written with pl_strvec_write_lines, compared byte
 *    for byte with the same moves written by printf, read back with
 *    pl_moves_read and replayed (the one-row replay of line_replay.c);
 *  - a Two Dots row of 1,000,100 dots: the row solver's certificate names
 *    columns past 10^6, which verify once refused as "coordinate too large";
 *  - pl_int_text against printf's %lld on edge and seeded values;
 *  - pl_strvec's chunks: pushes across chunk sizes, a string longer than a
 *    chunk, pop, clear and reuse;
 *  - errors in long lines keep their places: a bad byte at column 70,001 of
 *    a row, a bad cell, a CRLF file, a bad byte in a MOVES file;
 *  - pl_file_text_read gives pl_read_file's text, with a 0 after it, for
 *    files of every size around the page size (mapped exactly when the size
 *    is not a multiple of it), empty files and a missing one. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game_check.h"
#include "puzzlelab/clickomania.h"
#include "puzzlelab/core.h"
#include "puzzlelab/game.h"

static char dir[] = "/tmp/pl_io_large_XXXXXX";

static void path_in_dir(char *buf, size_t n, const char *name) {
    snprintf(buf, n, "%s/%s", dir, name);
}

static bool write_text(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

static char *read_text(const char *path, size_t *len) {
    char *data = NULL;
    pl_error err = {0};
    if (pl_read_file(path, &data, len, &err)) return NULL;
    return data;
}

/* Reads the level at path, solves it with the named algorithm, writes the
 * certificate through the fast writer and through printf, compares the two
 * files, reads the MOVES back and replays them. Returns the status. */
static pl_status round_trip(const pl_game *g, const char *alg, const char *level_path, const char *label) {
    pl_level_text lt;
    pl_error err = {0};
    if (!CHECKF(pl_level_text_read(level_path, &lt, &err) == 0, "%s: %s", label, err.msg)) return PL_UNKNOWN;
    void *level = g->level_parse(&lt, &err);
    pl_level_text_free(&lt);
    if (!CHECKF(level != NULL, "%s: %s", label, err.msg)) return PL_UNKNOWN;
    const pl_algorithm *a = gc_algorithm(g, alg);
    CHECKF(a != NULL, "%s: algorithm %s", label, alg);
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_opts none = {.n = 0};
    pl_request req = {.opts = &none, .objective = "clear", .seed = 1, .limits = &lim, .threads = 1};
    char why[256];
    CHECKF(!a->applies || a->applies(level, &req, why, sizeof why), "%s: %s applies: %s", label, alg, why);
    pl_solution sol;
    pl_solution_init(&sol);
    CHECKF(a->solve(level, &req, &sol, &err) == 0, "%s: %s", label, err.msg);
    if (sol.status == PL_SOLVED) {
        char fast[512], slow[512];
        path_in_dir(fast, sizeof fast, "fast.moves");
        path_in_dir(slow, sizeof slow, "slow.moves");
        FILE *f = fopen(fast, "wb"), *h = fopen(slow, "wb");
        CHECK(f && h);
        if (f && h) {
            fputs("moves:\n", f);
            fputs("moves:\n", h);
            CHECK(pl_strvec_write_lines(&sol.moves, f) == 0);
            for (int i = 0; i < sol.moves.n; i++) fprintf(h, "%s\n", sol.moves.s[i]);
        }
        if (f) fclose(f);
        if (h) fclose(h);
        size_t n1 = 0, n2 = 0;
        char *t1 = read_text(fast, &n1), *t2 = read_text(slow, &n2);
        CHECKF(t1 && t2 && n1 == n2 && memcmp(t1, t2, n1) == 0, "%s: the 64 KiB writer differs from printf", label);
        free(t1);
        free(t2);
        pl_moves mv;
        if (CHECKF(pl_moves_read(fast, &mv, &err) == 0, "%s: %s", label, err.msg)) {
            CHECKF(mv.n == sol.moves.n, "%s: %d moves read back, %d written", label, mv.n, sol.moves.n);
            bool same = mv.n == sol.moves.n;
            for (int i = 0; i < mv.n && same; i++) same = strcmp(mv.text[i], sol.moves.s[i]) == 0;
            CHECKF(same, "%s: the moves read back are not the moves written", label);
            pl_strvec view = {mv.text, mv.n, mv.n, NULL}; /* a view: not freed */
            gc_replay(g, level, &view, label, "move", "does not clear the board");
            pl_moves_free(&mv);
        }
    }
    pl_status st = sol.status;
    pl_solution_free(&sol);
    g->level_free(level);
    return st;
}

static void clickomania_lines(uint64_t seed, int n, int levels) {
    char path[512], label[128];
    path_in_dir(path, sizeof path, "line.level");
    int solved = 0;
    for (int k = 0; k < levels; k++) {
        bool column = k % 2;
        pl_rng rng;
        pl_rng_seed(&rng, seed + (uint64_t)k);
        size_t cap = (size_t)n * 2 + 64, len = 0;
        char *text = pl_xmalloc(cap);
        len += (size_t)snprintf(text, cap, "# %d blocks, seed %llu\n", n, (unsigned long long)(seed + (uint64_t)k));
        for (int i = 0; i < n; i++) {
            text[len++] = pl_rng_below(&rng, 2) ? 'a' : 'b';
            if (column) text[len++] = '\n';
        }
        if (!column) text[len++] = '\n';
        CHECK(write_text(path, text, len));
        free(text);
        snprintf(label, sizeof label, "clickomania %s of %d blocks, seed %llu", column ? "column" : "row", n,
                 (unsigned long long)(seed + (uint64_t)k));
        solved += round_trip(&pl_game_clickomania, "two-colours", path, label) == PL_SOLVED;
    }
    CHECKF(solved > 0, "none of %d random lines of %d blocks was solvable: nothing was verified", levels, n);
}

/* A row of 1,000,100 dots "aab aab ...": the goal takes every 'a' (runs of
 * two), so the moves name columns past 10^6. */
static void twodots_long_row(void) {
    enum { N = 1000100 };
    char path[512];
    path_in_dir(path, sizeof path, "row.level");
    int dots = 0;
    for (int c = 0; c < N; c++) dots += c % 3 != 2;
    char *text = pl_xmalloc(N + 128);
    int len = snprintf(text, 128, "moves: %d\ngoal: a %d\nboard:\n", N, dots);
    for (int c = 0; c < N; c++) text[len++] = c % 3 == 2 ? 'b' : 'a';
    text[len++] = '\n';
    CHECK(write_text(path, text, (size_t)len));
    free(text);
    CHECK(round_trip(&pl_game_twodots, "row", path, "twodots row of 1000100 dots") == PL_SOLVED);
}

static void int_text(uint64_t seed) {
    static const long long edge[] = {0,
                                     1,
                                     -1,
                                     9,
                                     10,
                                     -10,
                                     99,
                                     100,
                                     999,
                                     1000,
                                     4294967295LL,
                                     4294967296LL,
                                     -4294967296LL,
                                     999999999999LL,
                                     LLONG_MAX,
                                     LLONG_MIN,
                                     LLONG_MIN + 1};
    char a[PL_INT_CHARS + 1], b[32];
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        int n = pl_int_text(edge[i], a);
        a[n] = '\0';
        snprintf(b, sizeof b, "%lld", edge[i]);
        CHECK_STR(a, b);
    }
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    int bad = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t r = pl_rng_next(&rng);
        long long v = (long long)(r >> (pl_rng_below(&rng, 64))); /* every magnitude */
        if (pl_rng_below(&rng, 2)) v = -v;
        int n = pl_int_text(v, a);
        a[n] = '\0';
        snprintf(b, sizeof b, "%lld", v);
        bad += strcmp(a, b) != 0;
    }
    CHECKF(bad == 0, "pl_int_text differs from %%lld on %d of 100000 seeded values", bad);
}

static void strvec_chunks(void) {
    pl_strvec v = {0};
    char s[64];
    for (int round = 0; round < 2; round++) { /* the second round reuses the cleared vector */
        for (int i = 0; i < 200000; i++) {
            snprintf(s, sizeof s, "%d,%d", i, round);
            pl_strvec_push(&v, s);
        }
        size_t big = (size_t)3 << 20; /* longer than any chunk */
        char *long_text = pl_xmalloc(big + 1);
        memset(long_text, 'x', big);
        long_text[big] = '\0';
        pl_strvec_push(&v, long_text);
        pl_strvec_push_n(&v, "abcdef", 3);
        CHECK(v.n == 200002 && strlen(v.s[200000]) == big && strcmp(v.s[200001], "abc") == 0);
        pl_strvec_pop(&v);
        pl_strvec_pop(&v);
        CHECK(v.n == 200000);
        bool same = true;
        for (int i = 0; i < v.n && same; i++) {
            snprintf(s, sizeof s, "%d,%d", i, round);
            same = strcmp(v.s[i], s) == 0;
        }
        CHECKF(same, "round %d: a string changed after later pushes", round);
        free(long_text);
        pl_strvec_clear(&v);
        CHECK(v.n == 0 && v.chunks == NULL);
    }
    pl_strvec_free(&v);
}

/* Errors keep their file:line:col in long lines and big files. */
static void error_places(void) {
    enum { N = 100000 };
    char *text = pl_xmalloc(N + 16);
    memset(text, 'a', N);
    text[70000] = '\x01';
    text[N] = '\n';
    text[N + 1] = '\0';
    char msg[512];
    void *l = gc_parse_msg(&pl_game_clickomania, "big.level", text, msg, sizeof msg);
    CHECK(l == NULL);
    CHECK_STR(msg, "big.level:1:70001: control character 0x01 (level files are plain ASCII)");
    text[70000] = '-';
    l = gc_parse_msg(&pl_game_clickomania, "big.level", text, msg, sizeof msg);
    CHECK(l == NULL);
    CHECK_STR(msg, "big.level:1:70001: unexpected character '-' (expected '.' or a colour a-z A-Z 0-9)");
    text[70000] = '.';
    l = gc_parse_msg(&pl_game_clickomania, "big.level", text, msg, sizeof msg);
    CHECK(l == NULL);
    CHECK_STR(msg, "big.level:1:70002: column 70001 holds blocks but column 70000 to its left is empty (the board "
                   "must be settled: non-empty columns are contiguous from the left)");
    free(text);
    /* one column: the fast settled test and its message */
    l = gc_parse_msg(&pl_game_clickomania, "col.level", "a\n.\nb\n", msg, sizeof msg);
    CHECK(l == NULL);
    CHECK_STR(msg, "col.level:2:1: empty cell below a block (the board must be settled: blocks stand on the bottom "
                   "with no gap)");
    l = gc_load(&pl_game_clickomania, "col.level", ".\n.\na\nb\n");
    if (l) {
        const click_level *cl = l;
        CHECK(cl->board.width == 1 && cl->board.height[0] == 2 && cl->board.blocks == 2);
        CHECK(cl->board.cell[0] == 2 && cl->board.cell[1] == 1); /* bottom first: 'b' (second colour), then 'a' */
        pl_game_clickomania.level_free(l);
    }
    /* CRLF lines read as LF lines */
    l = gc_load(&pl_game_clickomania, "crlf.level", "# a comment\r\nab\r\nab\r\n");
    if (l) {
        const click_level *cl = l;
        CHECK(cl->board.rows == 2 && cl->board.cols == 2 && cl->board.blocks == 4);
        pl_game_clickomania.level_free(l);
    }
    pl_moves mv;
    pl_error err = {0};
    const char *moves = "moves:\n0,1\n0,2\r\n0,\x7f\n";
    CHECK(pl_moves_parse("m.moves", moves, strlen(moves), &mv, &err) != 0);
    pl_error_format(&err, msg, sizeof msg);
    CHECK_STR(msg, "m.moves:4:3: non-ASCII or control byte 0x7F");
    const char *ok = "moves:\n0,1\n0,2\r\n";
    if (CHECK(pl_moves_parse("m.moves", ok, strlen(ok), &mv, &err) == 0)) {
        CHECK(mv.n == 2 && strcmp(mv.text[1], "0,2") == 0 && mv.line[1] == 3);
        pl_moves_free(&mv);
    }
}

static void file_text(uint64_t seed) {
    long page = sysconf(_SC_PAGESIZE);
    size_t sizes[] = {0, 1, 2, 63, (size_t)page - 1, (size_t)page, (size_t)page + 1, 2 * (size_t)page,
                      3 * (size_t)page + 17};
    char p[512];
    path_in_dir(p, sizeof p, "text.level");
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        char *text = pl_xmalloc(n + 1);
        for (size_t i = 0; i < n; i++) text[i] = (char)(1 + pl_rng_below(&rng, 255));
        CHECK(write_text(p, text, n));
        pl_file_text t;
        pl_error err = {0};
        char *want;
        size_t wn;
        CHECK(pl_read_file(p, &want, &wn, &err) == 0);
        CHECKF(pl_file_text_read(p, &t, &err) == 0, "size %zu: %s", n, err.msg);
        CHECKF(t.len == n && wn == n && memcmp(t.data, want, n) == 0 && memcmp(t.data, text, n) == 0,
               "size %zu: text differs", n);
        CHECKF(t.data[n] == '\0', "size %zu: no 0 after the text", n);
        CHECKF(t.mapped == (n > 0 && n % (size_t)page != 0), "size %zu: mapped %d", n, t.mapped);
        pl_file_text_free(&t);
        free(want);
        free(text);
    }
    unlink(p);
    pl_file_text t;
    pl_error err = {0};
    CHECK(pl_file_text_read(p, &t, &err) != 0 && strstr(err.msg, "cannot open") != NULL);
}

int main(void) {
    uint64_t seed = check_seed_from_env(20261127);
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    int_text(seed);
    strvec_chunks();
    error_places();
    file_text(seed);
    clickomania_lines(seed, 100000, 6);
    twodots_long_row();
    char p[512];
    const char *names[] = {"line.level", "row.level", "fast.moves", "slow.moves"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        path_in_dir(p, sizeof p, names[i]);
        unlink(p);
    }
    rmdir(dir);
    return check_done("io_large");
}
