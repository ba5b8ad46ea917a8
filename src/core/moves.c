/* Move notation shared by the grid games: coordinates "r,c", and MOVES files
 * (one move a line, '#' comments, blank lines, optional "moves:" first line;
 * or the whole text output of solve, see pl_moves_parse). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"

static int parse_int(const char *s, bool allow_negative, long *v, const char **end, const char **bad, char *msg,
                     size_t n, const char *what) {
    const char *p = s;
    if (*p == '-' && allow_negative) p++;
    if ((unsigned)(*p - '0') >= 10) {
        *bad = p;
        snprintf(msg, n, "expected a %s number", what);
        return -1;
    }
    /* digits by hand (strtol's locale machinery cost more than the replay of
     * a move); beyond 10^9 the value only needs to stay beyond it */
    long long x = 0;
    for (; (unsigned)(*p - '0') < 10; p++)
        if (x <= 1000000000LL) x = 10 * x + (*p - '0');
    *end = p;
    if (x > 1000000000LL) {
        *bad = s;
        snprintf(msg, n, "%s number out of range", what);
        return -1;
    }
    *v = (long)(*s == '-' ? -x : x);
    return 0;
}

int pl_parse_coord(const char *s, bool allow_negative, long *r, long *c, const char **end, const char **bad, char *msg,
                   size_t n) {
    const char *p;
    if (parse_int(s, allow_negative, r, &p, bad, msg, n, "row")) return -1;
    if (*p != ',') {
        *bad = p;
        snprintf(msg, n, "expected ',' between row and column (a cell is written r,c)");
        return -1;
    }
    p++;
    if (parse_int(p, allow_negative, c, end, bad, msg, n, "column")) return -1;
    return 0;
}

/* A move's text stays in the file's buffer (NUL written after it): a
 * certificate of millions of moves is not millions of allocations. */
static void moves_push(pl_moves *m, char *text, size_t len, int line, int col) {
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 32;
        m->text = pl_xrealloc(m->text, (size_t)m->cap * sizeof *m->text);
        m->line = pl_xrealloc(m->line, (size_t)m->cap * sizeof *m->line);
        m->col = pl_xrealloc(m->col, (size_t)m->cap * sizeof *m->col);
    }
    text[len] = '\0';
    m->text[m->n] = text;
    m->line[m->n] = line;
    m->col[m->n] = col;
    m->n++;
}

/* Whether the line is a status word that opens solve's text output. */
static bool is_status_line(const char *s, size_t n) {
    static const char *const words[] = {"solved", "unsolvable", "unknown"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (n == strlen(words[i]) && memcmp(s, words[i], n) == 0) return true;
    return false;
}

/* The parser proper, on a buffer it owns (data[len] is writable). */
static int parse_owned(const char *file, char *data, size_t len, pl_moves *m, pl_error *err) {
    memset(m, 0, sizeof *m);
    snprintf(m->file, sizeof m->file, "%s", file);
    m->buf = data;
    bool plain = pl_text_is_plain_lines(data, len); /* else each line is checked, to name the byte */
    int line = 0;
    bool seen_content = false;
    /* Extension of the contract: the whole text output of solve is accepted
     * too (`solve LEVEL > FILE`). It opens with its status word; everything
     * up to its "moves:" line (values, '#' statistics) is skipped. */
    int solve_output = 0; /* 0: plain MOVES file; 1: solve output, before "moves:"; 2: after */
    int status_line = 0;
    size_t pos = 0;
    while (pos < len) {
        line++;
        size_t start = pos;
        const char *nl = memchr(data + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - data) : len;
        pos = nl ? end + 1 : len;
        size_t body = end > start && data[end - 1] == '\r' ? end - 1 : end; /* a final '\r' is allowed */
        for (size_t i = plain || pl_text_is_plain(data + start, body - start) ? end : start; i < end; i++) {
            unsigned char ch = (unsigned char)data[i];
            if (!((ch >= 32 && ch < 127) || ch == '\t' || (ch == '\r' && i + 1 == end))) {
                pl_error_set(err, file, line, (int)(i - start) + 1, "non-ASCII or control byte 0x%02X", ch);
                pl_moves_free(m);
                return -1;
            }
        }
        while (end > start && isspace((unsigned char)data[end - 1])) end--;
        size_t first = start;
        while (first < end && isspace((unsigned char)data[first])) first++;
        if (first == end || data[first] == '#') continue;
        bool moves_line = end - first == 6 && memcmp(data + first, "moves:", 6) == 0;
        if (!seen_content && is_status_line(data + first, end - first)) {
            if (end - first != 6 || memcmp(data + first, "solved", 6) != 0) {
                pl_error_set(err, file, line, (int)(first - start) + 1,
                             "this is solve's output with status '%.*s': there is no certificate to verify",
                             (int)(end - first), data + first);
                pl_moves_free(m);
                return -1;
            }
            seen_content = true;
            solve_output = 1;
            status_line = line;
            continue;
        }
        if (solve_output == 1) {
            if (moves_line) solve_output = 2;
            continue;
        }
        if (!seen_content && moves_line) {
            seen_content = true;
            continue;
        }
        seen_content = true;
        moves_push(m, data + first, end - first, line, (int)(first - start) + 1);
    }
    if (solve_output == 1) {
        pl_error_set(err, file, status_line, 1, "solve's output without its 'moves:' line");
        pl_moves_free(m);
        return -1;
    }
    return 0;
}

int pl_moves_parse(const char *file, const char *data, size_t len, pl_moves *m, pl_error *err) {
    char *copy = pl_xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    return parse_owned(file, copy, len, m, err);
}

const char *pl_moves_text_start(const char *p, const char *end) {
    p = pl_text_skip_comments(p, end);
    if (!p) return NULL;
    if ((size_t)(end - p) >= 7 && memcmp(p, "moves:\n", 7) == 0) return p + 7;
    if ((size_t)(end - p) == 6 && memcmp(p, "moves:", 6) == 0) return end;
    return p;
}

int pl_moves_read(const char *path, pl_moves *out, pl_error *err) {
    char *data;
    size_t len;
    memset(out, 0, sizeof *out);
    if (pl_read_file(path, &data, &len, err)) return -1;
    return parse_owned(path, data, len, out, err); /* the text is the moves' now */
}

int pl_moves_take(const char *file, pl_file_text *t, pl_moves *out, pl_error *err) {
    int rc = t->mapped ? pl_moves_parse(file, t->data, t->len, out, err)
                       : parse_owned(file, (char *)t->data, t->len, out, err);
    if (t->mapped) pl_file_text_free(t);
    *t = (pl_file_text){NULL, 0, false};
    return rc;
}

void pl_moves_free(pl_moves *m) {
    free(m->buf);
    free(m->text);
    free(m->line);
    free(m->col);
    memset(m, 0, sizeof *m);
}
