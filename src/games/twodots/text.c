/* Two Dots level files and move notation (spec/formats.md, "twodots"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/twodots.h"

static const char *const keys[] = {"moves", "goal", "bombs", "cells", NULL};
static const char *const repeatable[] = {"goal", NULL};
static const char *const sections[] = {"board", "refill", "regions", NULL};

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

int twodots_colour_of(const twodots_level *l, const char *name) {
    return pl_name_find(l->colour_name + 1, l->ncolours, name);
}

/* A goal line: 'COLOUR COUNT' (COLOUR one character, or a name with
 * `cells: names`). */
static int parse_goal(const pl_level_text *lt, const pl_header *h, twodots_level *out, int *goal_line,
                      pl_error *err) {
    const char *v = h->value;
    int k = pl_name_length(v);
    if (k == 0)
        return pl_error_set(err, lt->file, h->line, h->value_col,
                            out->names ? "expected a colour name (letters and digits) and a count, such as 'p1 5'"
                                       : "expected a colour (a-z A-Z 0-9) and a count, such as 'a 5'");
    if (!out->names && k > 1)
        return pl_error_set(err, lt->file, h->line, h->value_col + 1,
                            "expected a space and the count after the colour (a goal is 'COLOUR COUNT'; colours "
                            "are one character unless the level says 'cells: names')");
    if (k > PL_NAME_MAX)
        return pl_error_set(err, lt->file, h->line, h->value_col, "colour name '%.*s' is longer than %d characters",
                            k, v, PL_NAME_MAX);
    if (v[k] != ' ')
        return pl_error_set(err, lt->file, h->line, h->value_col + k,
                            "expected a space and the count after the colour (a goal is 'COLOUR COUNT')");
    int p = k;
    while (v[p] == ' ') p++;
    long x;
    int d = read_number(v + p, &x);
    if (!d || v[p + d])
        return pl_error_set(err, lt->file, h->line, h->value_col + p + d,
                            "expected the number of dots to collect (a whole number)");
    if (x > 1000000000L)
        return pl_error_set(err, lt->file, h->line, h->value_col + p, "goal count %s is too large", v + p);
    char name[PL_NAME_MAX + 1];
    memcpy(name, v, (size_t)k);
    name[k] = '\0';
    int ci = twodots_colour_of(out, name);
    if (!ci) {
        if (out->ncolours >= TWODOTS_MAX_COLOURS)
            return pl_error_set(err, lt->file, h->line, h->value_col, "too many colours (at most %d)",
                                TWODOTS_MAX_COLOURS);
        ci = ++out->ncolours;
        snprintf(out->colour_name[ci], sizeof out->colour_name[ci], "%s", name);
    }
    if (goal_line[ci])
        return pl_error_set(err, lt->file, h->line, h->value_col,
                            "colour '%s' already has a goal (line %d); a colour has at most one goal", name,
                            goal_line[ci]);
    goal_line[ci] = h->line;
    out->goal_colour[out->ngoals] = ci;
    out->goal_count[out->ngoals++] = (int)x;
    return 0;
}

/* The `refill:` section (the refill model, the paper's footnote 3): drawn
 * above the board, one queue a column of the board, read from the section's
 * last row up (the dot in its last row enters first) and ending at the first
 * '.'. The board g (still with the places of its cells) must then be full in
 * every column whose queue holds dots: refill fills a column's empty cells
 * while its queue lasts, so only a dry queue leaves one. */
static int parse_refill(const pl_level_text *lt, const pl_section *s, const pl_name_grid *board, twodots_level *out,
                        pl_error *err) {
    pl_name_grid g;
    if (pl_name_grid_from_section(lt, s, out->names, out->colour_name + 1, &out->ncolours, TWODOTS_MAX_COLOURS, &g,
                                  err))
        return -1;
    int rc = 0;
    if (g.cols != out->cols) {
        rc = pl_error_set(err, lt->file, s->rows[0].line, 1,
                          "section 'refill' has %d column%s, the board %d: it holds one queue for each column of "
                          "the board",
                          g.cols, g.cols == 1 ? "" : "s", out->cols);
        goto done;
    }
    out->refill = true;
    out->refill_start = pl_xcalloc((size_t)out->cols + 1, sizeof *out->refill_start);
    out->refill_dot = pl_xmalloc((size_t)g.rows * (size_t)g.cols + 1);
    for (int c = 0; c < g.cols; c++) {
        out->refill_start[c] = out->nrefill;
        int r = g.rows - 1;
        for (; r >= 0 && g.cells[r * g.cols + c]; r--) {
            int k = g.cells[r * g.cols + c];
            out->refill_dot[out->nrefill++] = (uint8_t)k;
            out->refill_count[k]++;
        }
        for (; r >= 0; r--) {
            int i = r * g.cols + c;
            if (g.cells[i]) {
                rc = pl_error_set(err, lt->file, g.line[i], g.col[i],
                                  "column %d's refill queue has a gap: this dot stands above an empty cell (a queue "
                                  "is read from the section's last row up and ends at its first '.')",
                                  c);
                goto done;
            }
        }
        int queued = out->nrefill - out->refill_start[c];
        if (queued && !board->cells[c]) {
            rc = pl_error_set(err, lt->file, board->line[c], board->col[c],
                              "(0,%d) is empty but column %d's refill queue holds %d dot%s: with refill a column's "
                              "empty cells are filled while its queue lasts, so a column may have one only when its "
                              "queue is empty",
                              c, c, queued, queued == 1 ? "" : "s");
            goto done;
        }
    }
    out->refill_start[g.cols] = out->nrefill;
done:
    pl_name_grid_free(&g);
    return rc;
}

int twodots_level_parse(const pl_level_text *lt, twodots_level *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    out->moves = -1;
    if (pl_level_text_check(lt, keys, repeatable, sections, err)) return -1;
    if (pl_cells_header(lt, &out->names, err)) return -1;
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
        } else if (strcmp(h->key, "goal") == 0) {
            if (parse_goal(lt, h, out, goal_line, err)) return -1;
        }
    }
    const pl_section *s = pl_level_section(lt, "board");
    if (!s || s->nrows == 0)
        return pl_error_set(err, lt->file, s ? s->line : 1, 1, "expected board rows (the level has none)");
    pl_name_grid g;
    if (pl_name_grid_from_section(lt, s, out->names, out->colour_name + 1, &out->ncolours, TWODOTS_MAX_COLOURS, &g,
                                  err))
        return -1;
    out->rows = g.rows;
    out->cols = g.cols;
    /* settled: no empty cell right below a dot; checked row-major and
     * branch-free, the column scan below only names the first fault */
    unsigned unsettled = 0;
    for (int r = 1; r < g.rows; r++) {
        const int *up = g.cells + (size_t)(r - 1) * (size_t)g.cols, *row = up + g.cols;
        for (int c = 0; c < g.cols; c++) unsettled |= (unsigned)(up[c] != 0) & (unsigned)(row[c] == 0);
    }
    for (int c = 0; c < g.cols && unsettled; c++) {
        bool dot_above = false;
        for (int r = 0; r < g.rows; r++) {
            int i = r * g.cols + c;
            if (g.cells[i]) dot_above = true;
            else if (dot_above) {
                pl_error_set(err, lt->file, g.line[i], g.col[i],
                             "the board is not settled: (%d,%d) is empty below a dot", r, c);
                pl_name_grid_free(&g);
                return -1;
            }
        }
    }
    out->cell = pl_xcalloc((size_t)g.rows * (size_t)g.cols, 1);
    for (int i = 0; i < g.rows * g.cols; i++) {
        int ci = g.cells[i];
        if (!ci) continue;
        out->cell[i] = (uint8_t)ci;
        out->count[ci]++;
        out->ndots++;
    }
    const pl_section *rs = pl_level_section(lt, "refill");
    if (rs && parse_refill(lt, rs, &g, out, err)) {
        pl_name_grid_free(&g);
        twodots_level_free(out);
        return -1;
    }
    pl_name_grid_free(&g);
    if (pl_regions_read(lt, out->rows, out->cols, &out->regions, err)) {
        twodots_level_free(out);
        return -1;
    }
    return 0;
}

/* ---------- writing a level ---------- */

char *twodots_level_text(const twodots_level *l, const char *comment) {
    pl_sbuf b = {0};
    pl_sbuf_comment(&b, comment);
    if (l->names) pl_sbuf_printf(&b, "cells: names\n");
    if (l->moves >= 0) pl_sbuf_printf(&b, "moves: %d\n", l->moves);
    for (int g = 0; g < l->ngoals; g++)
        pl_sbuf_printf(&b, "goal: %s %d\n", l->colour_name[l->goal_colour[g]], l->goal_count[g]);
    if (l->bombs) pl_sbuf_printf(&b, "bombs: on\n");
    int width = 1;
    if (l->names)
        for (int c = 1; c <= l->ncolours; c++) {
            int w = (int)strlen(l->colour_name[c]);
            if (w > width) width = w;
        }
    if (l->refill) {
        /* above the board, as the queues stand: the first dot to enter lowest */
        int depth = 1; /* a section has a row, even with every queue empty */
        for (int c = 0; c < l->cols; c++) {
            int len = l->refill_start[c + 1] - l->refill_start[c];
            if (len > depth) depth = len;
        }
        pl_sbuf_printf(&b, "refill:\n");
        for (int r = 0; r < depth; r++) {
            for (int c = 0; c < l->cols; c++) {
                int k = depth - 1 - r, len = l->refill_start[c + 1] - l->refill_start[c];
                int v = k < len ? l->refill_dot[l->refill_start[c] + k] : 0;
                const char *name = v ? l->colour_name[v] : ".";
                if (l->names) pl_sbuf_printf(&b, "%s%-*s", c ? " " : "", c + 1 < l->cols ? width : 0, name);
                else pl_sbuf_printf(&b, "%s", name);
            }
            pl_sbuf_printf(&b, "\n");
        }
    }
    pl_sbuf_printf(&b, "board:\n");
    for (int r = 0; r < l->rows; r++) {
        for (int c = 0; c < l->cols; c++) {
            int v = l->cell[r * l->cols + c];
            const char *name = v ? l->colour_name[v] : ".";
            if (l->names) pl_sbuf_printf(&b, "%s%-*s", c ? " " : "", c + 1 < l->cols ? width : 0, name);
            else pl_sbuf_printf(&b, "%s", name);
        }
        pl_sbuf_printf(&b, "\n");
    }
    pl_regions_write(&b, &l->regions);
    return b.s;
}

bool twodots_level_same(const twodots_level *a, const twodots_level *b) {
    if (a->rows != b->rows || a->cols != b->cols || a->moves != b->moves || a->bombs != b->bombs ||
        a->ngoals != b->ngoals || a->refill != b->refill || a->nrefill != b->nrefill)
        return false;
    for (int c = 0; a->refill && c <= a->cols; c++)
        if (a->refill_start[c] != b->refill_start[c]) return false;
    for (int i = 0; i < a->nrefill; i++)
        if (strcmp(a->colour_name[a->refill_dot[i]], b->colour_name[b->refill_dot[i]]) != 0) return false;
    for (int i = 0; i < a->rows * a->cols; i++) {
        int x = a->cell[i], y = b->cell[i];
        if ((x == 0) != (y == 0)) return false;
        if (x && strcmp(a->colour_name[x], b->colour_name[y]) != 0) return false;
    }
    for (int g = 0; g < a->ngoals; g++) {
        bool found = false;
        for (int h = 0; h < b->ngoals && !found; h++)
            found = strcmp(a->colour_name[a->goal_colour[g]], b->colour_name[b->goal_colour[h]]) == 0 &&
                    a->goal_count[g] == b->goal_count[h];
        if (!found) return false;
    }
    return true;
}

void twodots_level_free(twodots_level *l) {
    free(l->cell);
    l->cell = NULL;
    free(l->refill_start);
    free(l->refill_dot);
    l->refill_start = NULL;
    l->refill_dot = NULL;
    pl_regions_free(&l->regions);
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
        /* negative cells parse: off the board is an illegal move, not bad syntax */
        /* pl_parse_coord keeps |r|, |c| <= 10^9, which fits an int; a
         * tighter cap here refused the certificates of rows over 10^6 dots */
        if (pl_parse_coord(p, true, &r, &c, &end, &bad, msg, sizeof msg)) goto fail;
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
    /* by hand, not snprintf a dot: a 10^7-dot row's certificate is millions
     * of cells; a cell that would not fit whole is left out, as before */
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len; i++) {
        char cell[2 * PL_INT_CHARS + 2];
        size_t k = 0;
        if (i) cell[k++] = ' ';
        k += (size_t)pl_int_text(path[i] / l->cols, cell + k);
        cell[k++] = ',';
        k += (size_t)pl_int_text(path[i] % l->cols, cell + k);
        if (used + k + 1 > n) break;
        memcpy(buf + used, cell, k);
        used += k;
    }
    buf[used] = '\0';
}
