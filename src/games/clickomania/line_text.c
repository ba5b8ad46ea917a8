/* Clickomania's streamed solve (pl_game.solve_text; issue 21, item 5): a
 * level that is one row or one column of at most two colours goes from its
 * text to the group sizes in one pass, through Theorems 10 and 12
 * (click_two_colours_plan, click_two_colours_emit: the same code as the
 * `two-colours` algorithm), and out as moves a block at a time, without the
 * general reader's grid, heights and row descriptors, the word's colours or
 * a string a move.
 *
 * It takes only levels written plainly: '#' comment lines at the top, then
 * either one line of cells (a row) or lines of one cell each (a column),
 * every cell a colour character (a-z A-Z 0-9), each line ending in '\n'
 * (the last may end the file), the comments of printable ASCII and tabs.
 * Anything else (blank lines, spaces, '\r', '.', a header, a third colour,
 * a comment after the cells, any other byte) goes to the
 * general reader, which also reports every error; so this path has no error
 * messages of its own. The certificate is the general path's byte for byte
 * (tests/cli: streamed_same). */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PL_SWAR 1
/* For each 8-bit mask of groups' starts among eight cells: the offsets of
 * its bits, and how many. */
typedef struct start_table {
    uint8_t at[256][8], count[256];
} start_table;

static void start_table_init(start_table *t) {
    for (int b = 0; b < 256; b++) {
        int c = 0;
        for (int k = 0; k < 8; k++)
            if (b >> k & 1) t->at[b][c++] = (uint8_t)k;
        t->count[b] = (uint8_t)c;
        for (; c < 8; c++) t->at[b][c] = 0;
    }
}

/* The starts of mask's groups (cell first + offset) at st[g ..],
 * eight stores without a branch (those past the count are overwritten
 * later); returns the new g. */
static inline int put_starts(const start_table *t, unsigned mask, int first, int *st, int g) {
    for (int k = 0; k < 8; k++) st[g + k] = first + t->at[mask][k];
    return g + t->count[mask];
}
#endif

/* The group sizes of the row p[0 .. n) (n >= 1) into sz (room for n + 9),
 * whose colours are c0 = p[0] and c1; false when a byte is neither. Eight
 * bytes at a time: the bytes that differ from the one before are the
 * groups' starts; their offsets come from a table by the 8-bit mask of
 * them and are stored eight at a time without a branch (the extra entries
 * are overwritten), then the starts become sizes. */
static bool row_runs(const char *p, size_t n, char c1, int *sz, int *m) {
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t k0 = ones * (unsigned char)p[0], k1 = ones * (unsigned char)c1;
    int g = 1; /* sz[g]: the start of group g; group 0 starts at 0 */
    sz[0] = 0;
    size_t i = 1;
    uint64_t bad = 0;
#ifdef PL_SWAR
    start_table t;
    start_table_init(&t);
    for (; i + 8 <= n; i += 8) {
        uint64_t x = pl_load8(p + i); /* byte k of x is p[i + k] */
        /* a byte equal to neither colour is nonzero in both xors */
        bad |= pl_nonzero_bytes(x ^ k0) & pl_nonzero_bytes(x ^ k1);
        uint64_t starts = pl_nonzero_bytes(x ^ pl_load8(p + i - 1));
        unsigned mask = (unsigned)(((starts >> 7) * 0x0102040810204080ull) >> 56); /* bit k: byte k */
        g = put_starts(&t, mask, (int)i, sz, g);
    }
#endif
    for (; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch != (unsigned char)p[0] && ch != (unsigned char)c1) return false;
        if (p[i] != p[i - 1]) sz[g++] = (int)i;
    }
    sz[g] = (int)n;
    for (int k = 0; k < g; k++) sz[k] = sz[k + 1] - sz[k];
    *m = g;
    return bad == 0;
}

/* The same for a column: cells at p[0], p[2], ... (n cells, a '\n' after
 * each, the last one's optional), top first; sizes in that order. Eight
 * cells (sixteen bytes, two loads) at a time. */
static bool column_runs(const char *p, size_t n, char c1, int *sz, int *m) {
    int g = 1;
    sz[0] = 0;
    char c0 = p[0];
    bool ok = true;
    size_t i = 1;
#ifdef PL_SWAR
    start_table t;
    start_table_init(&t);
    /* cells in the even bytes, line breaks in the odd ones */
    const uint64_t ones = 0x0101010101010101ull, cells = 0x0080008000800080ull;
    const uint64_t k0 = ones * (unsigned char)c0, k1 = ones * (unsigned char)c1, breaks = 0x0A000A000A000A00ull;
    uint64_t bad = 0;
    for (; 2 * i + 16 <= 2 * n - 1; i += 8) {
        uint64_t x = pl_load8(p + 2 * i), y = pl_load8(p + 2 * i + 8);
        bad |= (pl_nonzero_bytes(x ^ k0) & pl_nonzero_bytes(x ^ k1) & cells) | ((x ^ breaks) & 0xFF00FF00FF00FF00ull);
        bad |= (pl_nonzero_bytes(y ^ k0) & pl_nonzero_bytes(y ^ k1) & cells) | ((y ^ breaks) & 0xFF00FF00FF00FF00ull);
        uint64_t sx = pl_nonzero_bytes(x ^ pl_load8(p + 2 * i - 2)) & cells;
        uint64_t sy = pl_nonzero_bytes(y ^ pl_load8(p + 2 * i + 6)) & cells;
        /* bits 7, 23, 39, 55 (cells 0-3 of a load) to bits 48-51 */
        unsigned mask = (unsigned)(((sx >> 7) * 0x0001000200040008ull) >> 48 & 15) |
                        (unsigned)(((sy >> 7) * 0x0001000200040008ull) >> 48 & 15) << 4;
        g = put_starts(&t, mask, (int)i, sz, g);
    }
    ok = bad == 0;
#endif
    for (; i < n; i++) {
        char ch = p[2 * i];
        ok &= (ch == c0) | (ch == c1);
        ok &= p[2 * i - 1] == '\n';
        if (ch != p[2 * i - 2]) sz[g++] = (int)i;
    }
    sz[g] = (int)n;
    for (int k = 0; k < g; k++) sz[k] = sz[k + 1] - sz[k];
    *m = g;
    return ok;
}

typedef struct line_stream {
    int *sz;
    int m, split;
    bool column;
    long long rows; /* the level's rows (a column: its cells) */
    pl_move_sink *sink;
    long long pos[4096];
} line_stream;

enum { SINK_FAILED = -3 }; /* beside click_two_colours_emit's -1 (stuck: a bug) */

/* click_pos_out's flush: the positions as frame moves into the sink */
static int format_block(click_pos_out *o) {
    line_stream *ls = o->ctx;
    pl_move_sink *s = ls->sink;
    for (int i = 0; i < o->n; i++) {
        if (s->cap - s->used < PL_MOVE_SINK_ROOM && s->flush(s)) return SINK_FAILED;
        char *t = s->buf + s->used;
        int k;
        if (ls->column) {
            k = pl_int_text(ls->rows - 1 - o->pos[i], t);
            memcpy(t + k, ",0\n", 3);
            k += 3;
        } else {
            memcpy(t, "0,", 2);
            k = 2 + pl_int_text(o->pos[i], t + 2);
            t[k++] = '\n';
        }
        s->used += (size_t)k;
    }
    s->moves += o->n;
    o->n = 0;
    return 0;
}

static int stream_emit(void *state, pl_move_sink *sink) {
    line_stream *ls = state;
    ls->sink = sink;
    click_pos_out o = {ls->pos, 0, (int)(sizeof ls->pos / sizeof ls->pos[0]), format_block, ls};
    int rc = click_two_colours_emit(ls->sz, ls->m, ls->split, &o);
    if (rc == 0) rc = format_block(&o);
    return rc == 0 ? 0 : rc == SINK_FAILED ? -1 : -2;
}

static void stream_free(void *state) {
    line_stream *ls = state;
    if (!ls) return;
    free(ls->sz);
    free(ls);
}

/* A plain line level (see the top of this file): its group sizes (sz, m of
 * them, bottom first for a column), whether it is a column, and its cells;
 * false when it is not one (nothing allocated then). */
static bool plain_line(const char *data, size_t len, int **sz_out, int *m_out, bool *column_out, size_t *cells) {
    const char *end = data + len, *p = pl_text_skip_comments(data, end);
    if (!p || p == end || !pl_is_colour_char((unsigned char)*p)) return false;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = nl ? nl : end;
    size_t width = (size_t)(line_end - p);
    bool column = width == 1;
    if (!column && line_end + (nl != NULL) != end) return false; /* a row is the last line */
    /* a column: n cells of two bytes each, the last '\n' optional */
    size_t n = column ? (size_t)(end - p + 1) / 2 : width;
    if (column && (size_t)(end - p) != 2 * n && (size_t)(end - p) != 2 * n - 1) return false;
    if (column && end[-1] != '\n' && (size_t)(end - p) == 2 * n) return false;
    if (n > (size_t)1 << 30) return false;
    /* the second colour: the first cell unlike the first one */
    char c0 = p[0], c1 = c0;
    size_t step = column ? 2 : 1;
    for (size_t i = 0; i < n; i++)
        if (p[i * step] != c0) {
            c1 = p[i * step];
            break;
        }
    if (!pl_is_colour_char((unsigned char)c1)) return false;
    int *sz = pl_xmalloc((n + 9) * sizeof *sz), m;
    if (!(column ? column_runs(p, n, c1, sz, &m) : row_runs(p, n, c1, sz, &m))) {
        free(sz);
        return false;
    }
    if (column) /* the word runs from the bottom up */
        for (int i = 0, j = m - 1; i < j; i++, j--) {
            int t = sz[i];
            sz[i] = sz[j];
            sz[j] = t;
        }
    *sz_out = sz;
    *m_out = m;
    *column_out = column;
    *cells = n;
    return true;
}

int click_solve_text(const char *data, size_t len, const pl_request *req, const char *algorithm, pl_text_solve *fs) {
    if (algorithm && strcmp(algorithm, "auto") != 0 && strcmp(algorithm, "two-colours") != 0) return 0;
    if (req->objective && strcmp(req->objective, "clear") != 0) return 0;
    int *sz, m;
    bool column;
    size_t n;
    if (!plain_line(data, len, &sz, &m, &column, &n)) return 0;
    line_stream *ls = pl_xcalloc(1, sizeof *ls);
    ls->sz = sz;
    ls->m = m;
    ls->column = column;
    ls->rows = column ? (long long)n : 1;
    memset(fs, 0, sizeof *fs);
    fs->algorithm = "two-colours";
    fs->status = click_two_colours_plan(sz, m, &ls->split, &fs->nmoves);
    fs->peak_memory = (size_t)m * sizeof *sz + (ls->split >= 0 ? (size_t)m / 16 : 0) + sizeof *ls;
    fs->emit = stream_emit;
    fs->free = stream_free;
    fs->state = ls;
    return 1;
}

/* ---------- the streamed verify ----------
 * A certificate of a plain line level, written plainly ('#' comment lines,
 * an optional "moves:" line, then one "r,c" a line, digits only), replayed
 * on the runs kept in a doubly linked list and found from the last click by
 * walking along it: the clicks of a line certificate stay near each other
 * (the solvers' do: the median moves by a group a click), so a click costs
 * O(1) and nothing is built for the far jumps. Two colours alternate, so a
 * removed run's neighbours always merge. A certificate whose clicks jump
 * about (more than 8 steps a run on the whole), an illegal or malformed
 * move, or anything else declines: the general replay (line_replay.c,
 * O(log n) a click) then runs from the start and reports what it finds, so
 * this path has no messages of its own and its wasted work is O(n). */

int click_verify_text(const char *level, size_t llen, const char *moves, size_t mlen, const char *objective,
                      pl_verdict *v, long long *nmoves) {
    click_objective obj;
    if (click_objective_parse(objective, &obj)) return 0;
    const char *end = moves + mlen, *p = pl_moves_text_start(moves, end);
    if (!p) return 0;
    int *sz, m;
    bool column;
    size_t n;
    if (!plain_line(level, llen, &sz, &m, &column, &n)) return 0;
    int *next = pl_xmalloc(((size_t)m + 1) * sizeof *next), *prev = pl_xmalloc(((size_t)m + 1) * sizeof *prev);
    for (int k = 0; k < m; k++) {
        next[k] = k + 1 < m ? k + 1 : -1;
        prev[k] = k - 1;
    }
    long long blocks = (long long)n, removed = 0, score = 0, clicks = 0;
    long long budget = 8 * (long long)m + 4096; /* steps along the list, in all */
    int at = 0;              /* the finger: a live run */
    long long at_start = 0;  /* the position of its first block */
    bool ok = true;
    while (p < end) {
        long long r, c;
        if (!pl_text_number(&p, end, &r) || p == end || *p++ != ',' || !pl_text_number(&p, end, &c)) {
            ok = false;
            break;
        }
        if (p < end && *p++ != '\n') {
            ok = false;
            break;
        }
        long long pos = column ? (c == 0 ? (long long)n - 1 - r : -1) : (r == 0 ? c : -1);
        if (pos < 0 || pos >= blocks) {
            ok = false;
            break;
        }
        /* walk to the run holding block pos */
        while (pos < at_start && budget-- > 0) {
            at = prev[at];
            at_start -= sz[at];
        }
        while (pos >= at_start + sz[at] && budget-- > 0) {
            at_start += sz[at];
            at = next[at];
        }
        if (budget <= 0 || sz[at] < 2) {
            ok = false;
            break;
        }
        int size = sz[at], pr = prev[at], nx = next[at];
        removed += size;
        score += click_group_score(size);
        blocks -= size;
        clicks++;
        sz[at] = 0;
        if (pr >= 0 && nx >= 0) { /* the neighbours meet (two colours alternate) */
            at_start -= sz[pr];
            sz[pr] += sz[nx];
            int after = next[nx];
            next[pr] = after;
            if (after >= 0) prev[after] = pr;
            at = pr;
        } else if (pr >= 0) {
            next[pr] = -1;
            at_start -= sz[pr];
            at = pr;
        } else if (nx >= 0) {
            prev[nx] = -1;
            at = nx;
        } else {
            at = -1; /* the board is empty */
        }
        if (at < 0) {
            if (p < end) ok = false; /* more moves on an empty board */
            break;
        }
    }
    free(next);
    free(prev);
    free(sz);
    if (!ok) return 0;
    if (blocks == 0) score += CLICK_CLEAR_BONUS;
    click_verdict(removed, score, blocks, obj, v);
    *nmoves = clicks;
    return 1;
}
