/* Two Dots level files and move notation (spec/formats.md, "twodots"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/twodots.h"

static const char *const keys[] = {"moves", "goal", "bombs", NULL};
static const char *const repeatable[] = {"goal", NULL};
static const char *const sections[] = {"board", NULL};

static int colour_index(twodots_level *l, int *index, int ch) {
    if (!index[ch]) {
        index[ch] = ++l->ncolours;
        l->colour_char[l->ncolours] = (char)ch;
    }
    return index[ch];
}

/* A whole number at v; returns the number of digits read (0: none), value
 * capped at 10^9 + 1 so that overflow cannot happen. */
static int read_number(const char *v, long *out) {
    int k = 0;
    long x = 0;
    while (isdigit((unsigned char)v[k])) {
        if (x <= 1000000000L) x = 10 * x + (v[k] - '0');
        k++;
    }
    *out = x;
    return k;
}

int twodots_level_parse(const pl_level_text *lt, twodots_level *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    out->moves = -1;
    if (pl_level_text_check(lt, keys, repeatable, sections, err)) return -1;
    int index[128] = {0};
    int goal_line[TWODOTS_MAX_COLOURS + 1] = {0};
    for (int i = 0; i < lt->nheaders; i++) {
        const pl_header *h = &lt->headers[i];
        const char *v = h->value;
        if (strcmp(h->key, "moves") == 0) {
            long x;
            int k = read_number(v, &x);
            if (!k || v[k]) {
                int col = h->value_col + (k ? k : 0);
                return pl_error_set(err, lt->file, h->line, col,
                                    "expected the number of moves allowed (a whole number, 0 or more)");
            }
            if (x > 1000000000L)
                return pl_error_set(err, lt->file, h->line, h->value_col, "moves: %s is too large", v);
            out->moves = (int)x;
        } else if (strcmp(h->key, "bombs") == 0) {
            if (strcmp(v, "on") == 0) out->bombs = true;
            else if (strcmp(v, "off") == 0) out->bombs = false;
            else return pl_error_set(err, lt->file, h->line, h->value_col, "expected 'on' or 'off'");
        } else { /* goal */
            if (!pl_is_colour_char((unsigned char)v[0]))
                return pl_error_set(err, lt->file, h->line, h->value_col,
                                    "expected a colour (a-z A-Z 0-9) and a count, such as 'a 5'");
            if (v[1] != ' ')
                return pl_error_set(err, lt->file, h->line, h->value_col + 1,
                                    "expected a space and the count after the colour (a goal is 'COLOUR COUNT')");
            int p = 1;
            while (v[p] == ' ') p++;
            long x;
            int k = read_number(v + p, &x);
            if (!k || v[p + k])
                return pl_error_set(err, lt->file, h->line, h->value_col + p + k,
                                    "expected the number of dots to collect (a whole number)");
            if (x > 1000000000L)
                return pl_error_set(err, lt->file, h->line, h->value_col + p, "goal count %s is too large", v + p);
            int ci = colour_index(out, index, (unsigned char)v[0]);
            if (goal_line[ci])
                return pl_error_set(err, lt->file, h->line, h->value_col,
                                    "colour '%c' already has a goal (line %d); a colour has at most one goal", v[0],
                                    goal_line[ci]);
            goal_line[ci] = h->line;
            out->goal_colour[out->ngoals] = ci;
            out->goal_count[out->ngoals++] = (int)x;
        }
    }
    const pl_section *s = pl_level_section(lt, "board");
    if (!s || s->nrows == 0) return pl_error_set(err, lt->file, s ? s->line : 1, 1, "expected board rows (the level has none)");
    pl_grid g;
    if (pl_grid_from_section(lt, s, &g, err)) return -1;
    out->rows = g.rows;
    out->cols = g.cols;
    out->cell = pl_xcalloc((size_t)g.rows * (size_t)g.cols, 1);
    for (int c = 0; c < g.cols; c++) {
        bool dot_above = false;
        for (int r = 0; r < g.rows; r++) {
            int ch = (unsigned char)g.cells[r * g.cols + c];
            if (ch != '.') dot_above = true;
            else if (dot_above) {
                pl_grid_free(&g);
                return pl_error_set(err, lt->file, s->rows[r].line, c + 1,
                                    "the board is not settled: (%d,%d) is empty below a dot", r, c);
            }
        }
    }
    for (int i = 0; i < g.rows * g.cols; i++) {
        int ch = (unsigned char)g.cells[i];
        if (ch == '.') continue;
        int ci = colour_index(out, index, ch);
        out->cell[i] = (uint8_t)ci;
        out->count[ci]++;
        out->ndots++;
    }
    pl_grid_free(&g);
    return 0;
}

void twodots_level_free(twodots_level *l) {
    free(l->cell);
    l->cell = NULL;
}

void twodots_move_free(twodots_move *m) {
    free(m->r);
    free(m->c);
    m->r = m->c = NULL;
    m->n = m->cap = 0;
}

static void push(twodots_move *m, int r, int c) {
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->r = pl_xrealloc(m->r, (size_t)m->cap * sizeof *m->r);
        m->c = pl_xrealloc(m->c, (size_t)m->cap * sizeof *m->c);
    }
    m->r[m->n] = r;
    m->c[m->n++] = c;
}

int twodots_move_parse(const char *text, twodots_move *m, char *why, size_t n, int *col) {
    m->n = 0;
    const char *p = text, *bad = text;
    char msg[160];
    for (;;) {
        long r, c;
        const char *end;
        if (pl_parse_coord(p, false, &r, &c, &end, &bad, msg, sizeof msg)) goto fail;
        if (r > 1000000 || c > 1000000) {
            bad = p;
            snprintf(msg, sizeof msg, "coordinate too large");
            goto fail;
        }
        push(m, (int)r, (int)c);
        p = end;
        if (!*p) break;
        if (*p != ' ' && *p != '\t') {
            bad = p;
            snprintf(msg, sizeof msg, "unexpected '%c' (a move is r1,c1 r2,c2 ... rs,cs)", *p);
            goto fail;
        }
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
    }
    if (m->n < 2) {
        bad = p;
        snprintf(msg, sizeof msg, "expected a space and the next cell (a move has at least two cells: r1,c1 r2,c2 ...)");
        goto fail;
    }
    return 0;
fail:
    snprintf(why, n, "%s", msg);
    *col = (int)(bad - text) + 1;
    return -1;
}

void twodots_path_text(const twodots_level *l, const int *path, int len, char *buf, size_t n) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%d,%d", i ? " " : "", path[i] / l->cols, path[i] % l->cols);
}
