/* Two Dots' streamed solve and verify of one row (pl_game.solve_text and
 * verify_text; issue 21, item 5), the same idea as Clickomania's
 * line_text.c: a plainly written one-row level goes from its text to the
 * runs of its goals' colours in one pass, through Theorem 4's greedy
 * (solve_row.c's rule: per goal, its colour's runs of two or more dots,
 * longest first and leftmost among equals, until the count is reached), and
 * out as moves a block at a time, without the general reader's grids or a
 * string a move.
 *
 * It takes only levels written plainly: '#' comment lines (printable ASCII
 * and tabs) at the top, then the headers `moves: N` (at most once) and
 * `goal: C N` (C one colour character, one space, N digits; colours
 * distinct), each exactly so, then an optional `board:` line, then one line
 * of colour characters (a-z A-Z 0-9; no '.'), the last line break optional.
 * Anything else goes to the general reader, which also reports every error;
 * the answer, note, values and certificate are the general path's byte for
 * byte (tests/test_twodots_poly.c). */
#include <stdlib.h>
#include <string.h>

#include "solvers.h"

/* Whether every byte of p[0 .. n) is a colour character, eight at a time:
 * a byte b is one when (b | 32) is in 'a'..'z' or b in '0'..'9'. */
static bool all_colours(const char *p, size_t n) {
    size_t i = 0;
    uint64_t bad = 0;
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    for (; i + 8 <= n; i += 8) {
        uint64_t x = pl_load8(p + i), lower = x | (ones * 0x20);
        /* per byte, with the high bit clear: y + (127 - hi) sets the high bit
         * when y > hi; y + (128 - lo) when y >= lo (no carries: y < 128) */
        uint64_t y = lower & ~high, d = x & ~high;
        uint64_t letter = ~((y + ones * (127 - 'z')) & high) & ((y + ones * (128 - 'a')) & high);
        uint64_t digit = ~((d + ones * (127 - '9')) & high) & ((d + ones * (128 - '0')) & high);
        bad |= (x & high) | (~(letter | digit) & high);
    }
    for (; i < n; i++) bad |= !pl_is_colour_char((unsigned char)p[i]);
    return bad == 0;
}

#define MAX_GOALS 62 /* one a colour character */

typedef struct plain_row {
    const char *row; /* the cells */
    int n;
    long long moves; /* -1: no limit */
    int ngoals;
    unsigned char goal_char[MAX_GOALS];
    long long goal_count[MAX_GOALS];
} plain_row;

static bool parse_plain_row(const char *data, size_t len, plain_row *pr) {
    const char *end = data + len, *p = pl_text_skip_comments(data, end);
    if (!p) return false;
    pr->moves = -1;
    pr->ngoals = 0;
    bool seen[256] = {false};
    for (;;) {
        if ((size_t)(end - p) >= 7 && memcmp(p, "moves: ", 7) == 0) {
            p += 7;
            if (pr->moves >= 0 || !pl_text_number(&p, end, &pr->moves) || p == end || *p++ != '\n') return false;
        } else if ((size_t)(end - p) >= 6 && memcmp(p, "goal: ", 6) == 0) {
            p += 6;
            long long count;
            if (end - p < 3 || !pl_is_colour_char((unsigned char)p[0]) || p[1] != ' ' || seen[(unsigned char)p[0]] ||
                pr->ngoals == MAX_GOALS)
                return false;
            unsigned char c = (unsigned char)p[0];
            p += 2;
            if (!pl_text_number(&p, end, &count) || p == end || *p++ != '\n') return false;
            seen[c] = true;
            pr->goal_char[pr->ngoals] = c;
            pr->goal_count[pr->ngoals++] = count;
        } else {
            break;
        }
    }
    if ((size_t)(end - p) >= 7 && memcmp(p, "board:\n", 7) == 0) p += 7;
    const char *row = p, *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl : end;
    if (p == row || (nl && nl + 1 != end) || p - row > (1 << 30) || !all_colours(row, (size_t)(p - row)))
        return false;
    pr->row = row;
    pr->n = (int)(p - row);
    return true;
}

typedef struct run {
    int start, len;
} run;

/* Appends the runs of colour c of two or more cells of row[0 .. n) to
 * runs[nr ..], in order; returns the new count. Sixty-four cells a step:
 * a mask of the cells of colour c (eight bytes compared at once), the runs'
 * starts and ends from it and the cell before, the events read off in
 * order (they alternate, start then end). */
static int goal_runs(const char *row, int n, char c, run *runs, int nr) {
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull, k = ones * (unsigned char)c;
    uint64_t carry = 0; /* the cell before the block is of colour c */
    int start = 0;
    for (int base = 0; base < n; base += 64) {
        uint64_t m = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (base + 64 <= n) { /* byte j of a load is bit 8j of it */
            for (int w = 0; w < 8; w++) {
                uint64_t zero = ~pl_nonzero_bytes(pl_load8(row + base + 8 * w) ^ k) & high; /* 0x80 where the byte is c */
                m |= (((zero >> 7) * 0x0102040810204080ull) >> 56) << (8 * w);
            }
        } else
#endif
        {
            for (int j = 0; j < 64 && base + j < n; j++) m |= (uint64_t)(row[base + j] == c) << j;
        }
        uint64_t before = (m << 1) | carry;
        uint64_t events = (m & ~before) | (~m & before); /* a start or an end (exclusive) at bit j */
        if (base + 64 > n) events &= n - base < 64 ? ((uint64_t)1 << (n - base)) - 1 : ~0ull;
        for (; events; events &= events - 1) {
            int at = base + __builtin_ctzll(events);
            if (m >> (at - base) & 1) {
                start = at;
            } else {
                runs[nr] = (run){start, at - start};
                nr += at - start >= 2;
            }
        }
        carry = m >> 63;
        if (base + 64 > n) carry = (m >> (n - base - 1)) & 1;
    }
    if (carry) { /* a run reaching the end of the row */
        runs[nr] = (run){start, n - start};
        nr += n - start >= 2;
    }
    return nr;
}

/* runs[0 .. nr) into out, longest first, stable. */
static void sort_runs(const run *runs, int nr, run *out) {
    int longest = 0;
    for (int k = 0; k < nr; k++) longest = runs[k].len > longest ? runs[k].len : longest;
    int *cnt = pl_xcalloc((size_t)longest + 2, sizeof *cnt);
    for (int k = 0; k < nr; k++) cnt[runs[k].len]++;
    int at = 0;
    for (int l = longest; l >= 0; l--) {
        int c = cnt[l];
        cnt[l] = at;
        at += c;
    }
    for (int k = 0; k < nr; k++) out[cnt[runs[k].len]++] = runs[k];
    free(cnt);
}

typedef struct row_stream {
    run *chosen; /* the moves, in order */
    long long nchosen;
    pl_move_sink *sink;
} row_stream;

static int row_emit(void *state, pl_move_sink *s) {
    row_stream *rs = state;
    for (long long k = 0; k < rs->nchosen; k++) {
        const run *r = &rs->chosen[k];
        for (int t = 0; t < r->len; t++) {
            if (s->cap - s->used < PL_MOVE_SINK_ROOM && s->flush(s)) return -1;
            char *o = s->buf + s->used;
            memcpy(o, "0,", 2);
            int w = 2 + pl_int_text(r->start + t, o + 2);
            o[w++] = t + 1 < r->len ? ' ' : '\n';
            s->used += (size_t)w;
        }
        s->moves++;
    }
    return 0;
}

static void row_free(void *state) {
    row_stream *rs = state;
    if (!rs) return;
    free(rs->chosen);
    free(rs);
}

int twodots_solve_text(const char *data, size_t len, const pl_request *req, const char *algorithm, pl_text_solve *fs) {
    if (algorithm && strcmp(algorithm, "auto") != 0 && strcmp(algorithm, "row") != 0) return 0;
    plain_row pr;
    if (!parse_plain_row(data, len, &pr)) return 0;
    /* each goal's runs of two or more, in order of their starts, then each
     * goal's list sorted longest first (stable: leftmost among equals) */
    int n = pr.n;
    run *runs = pl_xmalloc(((size_t)n / 2 + 1) * sizeof *runs);
    int *first = pl_xcalloc((size_t)pr.ngoals + 1, sizeof *first), nr = 0;
    for (int g = 0; g < pr.ngoals; g++) {
        nr = goal_runs(pr.row, n, (char)pr.goal_char[g], runs, nr);
        first[g + 1] = nr;
    }
    run *sorted = pl_xmalloc(((size_t)nr + 1) * sizeof *sorted);
    for (int g = 0; g < pr.ngoals; g++) sort_runs(runs + first[g], first[g + 1] - first[g], sorted + first[g]);
    free(runs);
    runs = sorted;
    /* the greedy, goal by goal in the level's order; the chosen runs are a
     * prefix of each goal's list */
    row_stream *rs = pl_xcalloc(1, sizeof *rs);
    rs->chosen = pl_xmalloc(((size_t)nr + 1) * sizeof *rs->chosen);
    long long total = 0;
    bool possible = true;
    for (int g = 0; g < pr.ngoals && possible; g++) {
        long long got = 0;
        int k = first[g];
        while (got < pr.goal_count[g] && k < first[g + 1]) {
            rs->chosen[rs->nchosen++] = runs[k];
            got += runs[k++].len;
        }
        if (got < pr.goal_count[g]) possible = false;
        total += k - first[g];
    }
    free(first);
    free(runs);
    memset(fs, 0, sizeof *fs);
    fs->algorithm = "row";
    fs->nodes = (uint64_t)n + req->limits->nodes;
    fs->peak_memory = ((size_t)n / 2 + 1) * sizeof(run) + (size_t)nr * 2 * sizeof(run);
    if (!possible || (pr.moves >= 0 && total > pr.moves)) {
        fs->status = PL_UNSOLVABLE;
        if (!possible)
            snprintf(fs->note, sizeof fs->note, "a goal exceeds the dots in runs of length >= 2");
        else
            snprintf(fs->note, sizeof fs->note, "minimum moves %lld > K = %lld", total, pr.moves);
    } else {
        fs->status = PL_SOLVED;
        fs->nvalues = 1;
        fs->value_name[0] = "moves_used";
        fs->value[0] = total;
        snprintf(fs->note, sizeof fs->note, "minimum moves %lld", total);
        fs->nmoves = rs->nchosen;
    }
    fs->emit = row_emit;
    fs->free = row_free;
    fs->state = rs;
    return 1;
}

/* The streamed verify: moves written "0,c 0,c+1 ..." (one space between
 * cells, each move on its line, '#' comment lines and an optional "moves:"
 * line first), each a straight path left or right over dots of one colour
 * still there, within the move limit. Anything else declines (the general
 * replay then names the bad move). */
int twodots_verify_text(const char *level, size_t llen, const char *moves, size_t mlen, const char *objective,
                        pl_verdict *v, long long *nmoves) {
    (void)objective;
    plain_row pr;
    if (!parse_plain_row(level, llen, &pr)) return 0;
    const char *end = moves + mlen, *p = pl_moves_text_start(moves, end);
    if (!p) return 0;
    int n = pr.n;
    uint8_t *gone = pl_xcalloc((size_t)n + 1, 1);
    long long collected[256] = {0}, used = 0;
    bool ok = true;
    while (p < end && ok) {
        if (pr.moves >= 0 && used >= pr.moves) {
            ok = false;
            break;
        }
        long long prev = -1, len = 0, step = 0;
        unsigned char colour = 0;
        for (;;) { /* one cell: "0,c" */
            long long r, c;
            if (!pl_text_number(&p, end, &r) || r != 0 || p == end || *p++ != ',' || !pl_text_number(&p, end, &c) ||
                c >= n || gone[c]) {
                ok = false;
                break;
            }
            unsigned char here = (unsigned char)pr.row[c];
            if (len == 0) {
                colour = here;
            } else {
                long long d = c - prev;
                if (here != colour || (d != 1 && d != -1) || (step && d != step)) {
                    ok = false;
                    break;
                }
                step = d;
            }
            gone[c] = 1;
            prev = c;
            len++;
            if (p == end || *p == '\n') {
                if (p < end) p++;
                break;
            }
            if (*p++ != ' ') {
                ok = false;
                break;
            }
        }
        if (ok && len < 2) ok = false;
        collected[colour] += len;
        used++;
    }
    free(gone);
    if (!ok) return 0;
    v->nvalues = 1;
    v->value_name[0] = "moves_used";
    v->value[0] = used;
    v->ok = true;
    for (int g = 0; g < pr.ngoals; g++)
        if (collected[pr.goal_char[g]] < pr.goal_count[g]) {
            v->ok = false;
            snprintf(v->reason, sizeof v->reason, "goal %c %lld not met: collected %lld", pr.goal_char[g],
                     pr.goal_count[g], collected[pr.goal_char[g]]);
            break;
        }
    *nmoves = used;
    return 1;
}
