/* The level-file reader of spec/formats.md: header lines "key: value",
 * section lines "name:", '#' comment lines, and grid rows (of section "board"
 * until a section line opens another). It knows no game: games say which keys
 * and sections they accept through pl_level_text_check(). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"

static bool is_key_start(int ch) { return isalpha(ch) != 0; }
static bool is_key_char(int ch) { return isalnum(ch) || ch == '_' || ch == '-'; }

static pl_section *add_section(pl_level_text *lt, const char *name, size_t n, int line) {
    if (lt->nsections == lt->scap) {
        lt->scap = lt->scap ? 2 * lt->scap : 4;
        lt->sections = pl_xrealloc(lt->sections, (size_t)lt->scap * sizeof *lt->sections);
    }
    pl_section *s = &lt->sections[lt->nsections++];
    memset(s, 0, sizeof *s);
    s->name = pl_xmalloc(n + 1);
    memcpy(s->name, name, n);
    s->name[n] = '\0';
    s->line = line;
    return s;
}

/* A row's text stays in the level's buffer (NUL written after it): a level
 * of one cell a line would otherwise cost an allocation a cell. */
static void add_row(pl_section *s, char *text, size_t n, int line) {
    if (s->nrows == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->rows = pl_xrealloc(s->rows, (size_t)s->cap * sizeof *s->rows);
    }
    pl_row *r = &s->rows[s->nrows++];
    r->text = text;
    r->text[n] = '\0';
    r->len = (int)n;
    r->line = line;
}

static void add_header(pl_level_text *lt, const char *key, size_t kn, const char *val, size_t vn, int line,
                       int key_col, int value_col) {
    if (lt->nheaders == lt->hcap) {
        lt->hcap = lt->hcap ? 2 * lt->hcap : 8;
        lt->headers = pl_xrealloc(lt->headers, (size_t)lt->hcap * sizeof *lt->headers);
    }
    pl_header *h = &lt->headers[lt->nheaders++];
    h->key = pl_xmalloc(kn + 1);
    memcpy(h->key, key, kn);
    h->key[kn] = '\0';
    h->value = pl_xmalloc(vn + 1);
    memcpy(h->value, val, vn);
    h->value[vn] = '\0';
    h->line = line;
    h->key_col = key_col;
    h->value_col = value_col;
}

const pl_section *pl_level_section(const pl_level_text *lt, const char *name) {
    for (int i = 0; i < lt->nsections; i++)
        if (strcmp(lt->sections[i].name, name) == 0) return &lt->sections[i];
    return NULL;
}

const pl_header *pl_level_header(const pl_level_text *lt, const char *key) {
    for (int i = 0; i < lt->nheaders; i++)
        if (strcmp(lt->headers[i].key, key) == 0) return &lt->headers[i];
    return NULL;
}

/* The parser proper, on a buffer it owns (data[len] is writable): rows are
 * cut in place. */
static int parse_owned(const char *file, char *data, size_t len, pl_level_text *lt, pl_error *err) {
    memset(lt, 0, sizeof *lt);
    snprintf(lt->file, sizeof lt->file, "%s", file);
    lt->buf = data;
    bool plain = pl_text_is_plain_lines(data, len); /* else each line is checked, to name the byte */
    pl_section *cur = NULL;
    int line = 0;
    size_t pos = 0;
    while (pos < len) {
        line++;
        size_t start = pos;
        /* a short line (a column's cell) is scanned by hand; a long one by memchr */
        size_t end = pos;
        while (end < len && end - pos < 16 && data[end] != '\n') end++;
        if (end < len && data[end] != '\n') {
            const char *nl = memchr(data + end, '\n', len - end);
            end = nl ? (size_t)(nl - data) : len; /* exclusive */
        }
        pos = end < len ? end + 1 : len;                                    /* skip '\n' */
        size_t body = end > start && data[end - 1] == '\r' ? end - 1 : end; /* a final '\r' is allowed */
        if (!plain && !pl_text_is_plain(data + start, body - start))
            for (size_t i = start; i < end; i++) {
                unsigned char ch = (unsigned char)data[i];
                bool ok = (ch >= 32 && ch < 127) || ch == '\t' || (ch == '\r' && i + 1 == end);
                if (!ok) {
                    pl_error_set(err, file, line, (int)(i - start) + 1,
                                 ch > 127 ? "non-ASCII byte 0x%02X (level files are plain ASCII)"
                                          : "control character 0x%02X (level files are plain ASCII)",
                                 ch);
                    pl_level_text_free(lt);
                    return -1;
                }
            }
        while (end > start && (data[end - 1] == ' ' || data[end - 1] == '\t' || data[end - 1] == '\r')) end--;
        size_t first = start;
        while (first < end && (data[first] == ' ' || data[first] == '\t')) first++;
        if (first == end) continue;         /* blank */
        if (data[first] == '#') continue;   /* comment */
        /* Header or section line: key at column 1, then ':'. */
        size_t k = start;
        /* a key is followed by ':', so a row without one (a long row of
         * cells) is not scanned as a key a character at a time */
        if (is_key_start((unsigned char)data[k]) && end - start >= 2 && memchr(data + start, ':', end - start)) {
            while (k < end && is_key_char((unsigned char)data[k])) k++;
            if (k < end && data[k] == ':') {
                const char *key = data + start;
                size_t kn = k - start;
                if (k + 1 == end) { /* section */
                    for (int i = 0; i < lt->nsections; i++)
                        if (strlen(lt->sections[i].name) == kn && memcmp(lt->sections[i].name, key, kn) == 0) {
                            pl_error_set(err, file, line, 1, "section '%.*s' opened twice (first at line %d)",
                                         (int)kn, key, lt->sections[i].line);
                            pl_level_text_free(lt);
                            return -1;
                        }
                    cur = add_section(lt, key, kn, line);
                    continue;
                }
                if (data[k + 1] != ' ' && data[k + 1] != '\t') {
                    pl_error_set(err, file, line, (int)(k - start) + 2,
                                 "expected a space after '%.*s:' (a header line is 'key: value')", (int)kn, key);
                    pl_level_text_free(lt);
                    return -1;
                }
                size_t v = k + 1;
                while (v < end && (data[v] == ' ' || data[v] == '\t')) v++;
                add_header(lt, key, kn, data + v, end - v, line, 1, (int)(v - start) + 1);
                continue;
            }
        }
        if (!cur) {
            const pl_section *b = pl_level_section(lt, "board");
            cur = b ? (pl_section *)b : add_section(lt, "board", 5, line);
        }
        add_row(cur, data + start, end - start, line);
    }
    return 0;
}

int pl_level_text_parse(const char *file, const char *data, size_t len, pl_level_text *lt, pl_error *err) {
    char *copy = pl_xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    return parse_owned(file, copy, len, lt, err);
}

int pl_level_text_read(const char *path, pl_level_text *out, pl_error *err) {
    char *data;
    size_t len;
    memset(out, 0, sizeof *out);
    if (pl_read_file(path, &data, &len, err)) return -1;
    return parse_owned(path, data, len, out, err); /* the text is the level's now */
}

int pl_level_text_take(const char *file, pl_file_text *t, pl_level_text *out, pl_error *err) {
    int rc = t->mapped ? pl_level_text_parse(file, t->data, t->len, out, err)
                       : parse_owned(file, (char *)t->data, t->len, out, err);
    if (t->mapped) pl_file_text_free(t);
    *t = (pl_file_text){NULL, 0, false};
    return rc;
}

void pl_level_text_free(pl_level_text *lt) {
    for (int i = 0; i < lt->nheaders; i++) {
        free(lt->headers[i].key);
        free(lt->headers[i].value);
    }
    free(lt->headers);
    for (int i = 0; i < lt->nsections; i++) {
        free(lt->sections[i].rows);
        free(lt->sections[i].name);
    }
    free(lt->sections);
    free(lt->buf);
    lt->buf = NULL;
    lt->headers = NULL;
    lt->sections = NULL;
    lt->nheaders = lt->nsections = 0;
}

static bool in_list(const char *const *list, const char *s) {
    for (; list && *list; list++)
        if (strcmp(*list, s) == 0) return true;
    return false;
}

static void join_list(const char *const *list, char *buf, size_t n) {
    buf[0] = '\0';
    size_t used = 0;
    for (int i = 0; list && list[i]; i++) {
        int w = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", list[i]);
        if (w < 0 || (size_t)w >= n - used) break;
        used += (size_t)w;
    }
}

int pl_level_text_check(const pl_level_text *lt, const char *const *keys, const char *const *repeatable,
                        const char *const *sections, pl_error *err) {
    char expect[256];
    for (int i = 0; i < lt->nheaders; i++) {
        const pl_header *h = &lt->headers[i];
        if (!in_list(keys, h->key)) {
            join_list(keys, expect, sizeof expect);
            if (expect[0])
                return pl_error_set(err, lt->file, h->line, h->key_col, "unknown key '%s' (expected one of: %s)",
                                    h->key, expect);
            return pl_error_set(err, lt->file, h->line, h->key_col, "unknown key '%s' (this game takes no headers)",
                                h->key);
        }
        if (!in_list(repeatable, h->key))
            for (int j = 0; j < i; j++)
                if (strcmp(lt->headers[j].key, h->key) == 0)
                    return pl_error_set(err, lt->file, h->line, h->key_col, "key '%s' given twice (first at line %d)",
                                        h->key, lt->headers[j].line);
    }
    for (int i = 0; i < lt->nsections; i++) {
        const pl_section *s = &lt->sections[i];
        if (!in_list(sections, s->name)) {
            join_list(sections, expect, sizeof expect);
            return pl_error_set(err, lt->file, s->line, 1, "unknown section '%s' (expected %s%s)", s->name,
                                expect[0] ? "one of: " : "no sections", expect);
        }
    }
    return 0;
}

bool pl_is_colour_char(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'); }

/* Whether every byte is '.' or a colour character: branch-free, so that
 * long rows are checked at memory speed (the loop that names a bad
 * character runs only when this says no). */
static bool cells_plain(const char *p, int n) {
    unsigned bad = 0;
    for (int i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        unsigned char low = ch | 0x20; /* 'A'..'Z' -> 'a'..'z'; no other ASCII byte lands there */
        bad |= (unsigned)((unsigned char)(low - 'a') >= 26) & (unsigned)((unsigned char)(ch - '0') >= 10) &
               (unsigned)(ch != '.');
    }
    return bad == 0;
}

int pl_grid_from_section(const pl_level_text *lt, const pl_section *s, pl_grid *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    if (s->nrows == 0) return pl_error_set(err, lt->file, s->line, 1, "section '%s' has no rows", s->name);
    int cols = s->rows[0].len;
    for (int i = 0; i < s->nrows; i++) {
        const pl_row *r = &s->rows[i];
        bool plain = r->len == 1 ? r->text[0] == '.' || pl_is_colour_char((unsigned char)r->text[0])
                                 : cells_plain(r->text, r->len); /* a column's rows: no call a cell */
        for (int j = plain ? r->len : 0; j < r->len; j++) {
            int ch = (unsigned char)r->text[j];
            if (ch != '.' && !pl_is_colour_char(ch))
                return pl_error_set(err, lt->file, r->line, j + 1,
                                    "unexpected character '%c' (expected '.' or a colour a-z A-Z 0-9)", ch);
        }
        if (r->len != cols)
            return pl_error_set(err, lt->file, r->line, (r->len < cols ? r->len : cols) + 1,
                                "row has %d cell%s, expected %d like the first row of section '%s' (line %d)",
                                r->len, r->len == 1 ? "" : "s", cols, s->name, s->rows[0].line);
    }
    g->rows = s->nrows;
    g->cols = cols;
    g->cells = pl_xmalloc((size_t)g->rows * (size_t)cols + 1);
    if (cols == 1)
        for (int i = 0; i < s->nrows; i++) g->cells[i] = s->rows[i].text[0];
    else
        for (int i = 0; i < s->nrows; i++) memcpy(g->cells + (size_t)i * (size_t)cols, s->rows[i].text, (size_t)cols);
    g->cells[(size_t)g->rows * (size_t)cols] = '\0';
    return 0;
}

void pl_grid_free(pl_grid *g) {
    free(g->cells);
    g->cells = NULL;
}

/* ---------- named colours (`cells: names`) ---------- */

int pl_name_length(const char *s) {
    int k = 0;
    while (pl_is_colour_char((unsigned char)s[k])) k++;
    return k;
}

bool pl_is_name(const char *s) {
    int k = pl_name_length(s);
    return k >= 1 && k <= PL_NAME_MAX && s[k] == '\0';
}

int pl_cells_header(const pl_level_text *lt, bool *names, pl_error *err) {
    *names = false;
    const pl_header *h = pl_level_header(lt, "cells");
    if (!h) return 0;
    if (strcmp(h->value, "names") == 0)
        *names = true;
    else if (strcmp(h->value, "letters") != 0)
        return pl_error_set(err, lt->file, h->line, h->value_col,
                            "expected 'letters' (one character a cell, the default) or 'names' (cells separated by "
                            "spaces, each '.' or a colour name)");
    return 0;
}

int pl_name_find(const void *table, int n, const char *name) {
    const char *t = table;
    for (int i = 0; i < n; i++)
        if (strcmp(t + (size_t)i * sizeof(pl_name), name) == 0) return i + 1;
    return 0;
}

void pl_name_grid_free(pl_name_grid *g) {
    free(g->cells);
    free(g->line);
    free(g->col);
    memset(g, 0, sizeof *g);
}

/* One cell's colour (0 for '.'), adding the name to the table when new. */
static int name_cell(const pl_level_text *lt, const char *name, int line, int col, pl_name *table, int *ncolours,
                     int max_colours, pl_error *err) {
    if (strcmp(name, ".") == 0) return 0;
    int k = pl_name_find(table, *ncolours, name);
    if (k) return k;
    if (*ncolours >= max_colours)
        return pl_error_set(err, lt->file, line, col, "too many colours: '%s' would be colour %d, at most %d allowed",
                            name, *ncolours + 1, max_colours);
    size_t len = strlen(name);
    if (len > PL_NAME_MAX) len = PL_NAME_MAX;
    memcpy(table[*ncolours], name, len);
    table[*ncolours][len] = '\0';
    return ++*ncolours;
}

int pl_name_grid_from_section(const pl_level_text *lt, const pl_section *s, bool names, pl_name *table, int *ncolours,
                              int max_colours, pl_name_grid *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    if (!names) { /* one character a cell: the plain grid, its messages */
        pl_grid cg;
        if (pl_grid_from_section(lt, s, &cg, err)) return -1;
        size_t n = (size_t)cg.rows * (size_t)cg.cols;
        g->rows = cg.rows;
        g->cols = cg.cols;
        g->cells = pl_xmalloc((n + 1) * sizeof *g->cells);
        g->line = pl_xmalloc((n + 1) * sizeof *g->line);
        g->col = pl_xmalloc((n + 1) * sizeof *g->col);
        /* a character's colour is looked up once (the table only grows, so
         * the answer does not change), not by a string search a cell */
        int known[256];
        for (int ch = 0; ch < 256; ch++) known[ch] = -1;
        size_t i = 0;
        for (int r = 0; r < cg.rows; r++) {
            int line = s->rows[r].line;
            const unsigned char *row = (const unsigned char *)cg.cells + (size_t)r * (size_t)cg.cols;
            for (int c = 0; c < cg.cols; c++, i++) {
                g->line[i] = line;
                g->col[i] = c + 1;
                int v = known[row[c]];
                if (v < 0) {
                    char name[2] = {(char)row[c], 0};
                    v = name_cell(lt, name, line, c + 1, table, ncolours, max_colours, err);
                    if (v < 0) {
                        pl_grid_free(&cg);
                        pl_name_grid_free(g);
                        return -1;
                    }
                    known[row[c]] = v;
                }
                g->cells[i] = v;
            }
        }
        pl_grid_free(&cg);
        return 0;
    }
    if (s->nrows == 0) return pl_error_set(err, lt->file, s->line, 1, "section '%s' has no rows", s->name);
    size_t cap = 64;
    int n = 0, cols = -1;
    g->cells = pl_xmalloc(cap * sizeof *g->cells);
    g->line = pl_xmalloc(cap * sizeof *g->line);
    g->col = pl_xmalloc(cap * sizeof *g->col);
    for (int i = 0; i < s->nrows; i++) {
        const pl_row *r = &s->rows[i];
        int in_row = 0, j = 0;
        while (j < r->len) {
            char name[PL_NAME_MAX + 2];
            int start = j;
            if (r->text[j] == ' ' || r->text[j] == '\t') {
                j++;
                continue;
            }
            int k = r->text[j] == '.' ? 1 : pl_name_length(r->text + j);
            if (k == 0 || (r->text[j] == '.' && j + 1 < r->len && r->text[j + 1] != ' ' && r->text[j + 1] != '\t')) {
                int bad = k == 0 ? j : j + 1;
                pl_error_set(err, lt->file, r->line, bad + 1,
                             "unexpected character '%c' (expected '.' or a colour name of letters and digits, "
                             "cells separated by spaces)",
                             r->text[bad]);
                goto fail;
            }
            if (k > PL_NAME_MAX) {
                pl_error_set(err, lt->file, r->line, j + 1, "colour name '%.*s' is longer than %d characters", k,
                             r->text + j, PL_NAME_MAX);
                goto fail;
            }
            if (j + k < r->len && r->text[j + k] != ' ' && r->text[j + k] != '\t') {
                pl_error_set(err, lt->file, r->line, j + k + 1,
                             "unexpected character '%c' (expected a space between cells)", r->text[j + k]);
                goto fail;
            }
            memcpy(name, r->text + j, (size_t)k);
            name[k] = '\0';
            j += k;
            if (cols >= 0 && in_row == cols) {
                pl_error_set(err, lt->file, r->line, start + 1,
                             "row has more than %d cell%s, expected %d like the first row of section '%s' (line %d)",
                             cols, cols == 1 ? "" : "s", cols, s->name, s->rows[0].line);
                goto fail;
            }
            int v = name_cell(lt, name, r->line, start + 1, table, ncolours, max_colours, err);
            if (v < 0) goto fail;
            if ((size_t)n == cap) {
                cap *= 2;
                g->cells = pl_xrealloc(g->cells, cap * sizeof *g->cells);
                g->line = pl_xrealloc(g->line, cap * sizeof *g->line);
                g->col = pl_xrealloc(g->col, cap * sizeof *g->col);
            }
            g->cells[n] = v;
            g->line[n] = r->line;
            g->col[n] = start + 1;
            n++;
            in_row++;
        }
        if (cols < 0) cols = in_row;
        if (in_row != cols) {
            pl_error_set(err, lt->file, r->line, r->len + 1,
                         "row has %d cell%s, expected %d like the first row of section '%s' (line %d)", in_row,
                         in_row == 1 ? "" : "s", cols, s->name, s->rows[0].line);
            goto fail;
        }
    }
    if (cols == 0) {
        pl_error_set(err, lt->file, s->rows[0].line, 1, "section '%s' has empty rows", s->name);
        goto fail;
    }
    g->rows = s->nrows;
    g->cols = cols;
    return 0;
fail:
    pl_name_grid_free(g);
    return -1;
}

/* ---------- regions: labelled rectangles over a level ---------- */

void pl_regions_free(pl_regions *rg) {
    free(rg->r);
    rg->r = NULL;
    rg->n = 0;
}

void pl_regions_write(pl_sbuf *b, const pl_regions *rg) {
    if (!rg->n) return;
    pl_sbuf_printf(b, "regions:\n");
    for (int i = 0; i < rg->n; i++) {
        const pl_region *g = &rg->r[i];
        pl_sbuf_printf(b, "%d,%d %d,%d%s%s\n", g->r0, g->c0, g->r1, g->c1, g->label[0] ? " " : "", g->label);
    }
}

int pl_regions_read(const pl_level_text *lt, int rows, int cols, pl_regions *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    const pl_section *s = pl_level_section(lt, "regions");
    if (!s) return 0;
    out->r = pl_xcalloc((size_t)s->nrows + 1, sizeof *out->r);
    for (int i = 0; i < s->nrows; i++) {
        const pl_row *row = &s->rows[i];
        const char *p = row->text, *bad = p;
        while (*p == ' ' || *p == '\t') p++;
        long v[4];
        char msg[160];
        for (int k = 0; k < 2; k++) {
            const char *end;
            if (pl_parse_coord(p, false, &v[2 * k], &v[2 * k + 1], &end, &bad, msg, sizeof msg)) {
                pl_error_set(err, lt->file, row->line, (int)(bad - row->text) + 1,
                             "%s (a region is 'r0,c0 r1,c1 label')", msg);
                goto fail;
            }
            if (*end != ' ' && *end != '\t' && !(k == 1 && *end == '\0')) {
                pl_error_set(err, lt->file, row->line, (int)(end - row->text) + 1,
                             "expected a space after the corner (a region is 'r0,c0 r1,c1 label')");
                goto fail;
            }
            p = end;
            while (*p == ' ' || *p == '\t') p++;
        }
        pl_region *r = &out->r[out->n];
        r->r0 = (int)v[0], r->c0 = (int)v[1], r->r1 = (int)v[2], r->c1 = (int)v[3];
        if (v[0] > v[2] || v[1] > v[3] || v[2] >= rows || v[3] >= cols) {
            pl_error_set(err, lt->file, row->line, 1,
                         "region %ld,%ld %ld,%ld is not a rectangle inside the %dx%d board (corners top-left, "
                         "bottom-right, inclusive)",
                         v[0], v[1], v[2], v[3], rows, cols);
            goto fail;
        }
        if (strlen(p) >= sizeof r->label) {
            pl_error_set(err, lt->file, row->line, (int)(p - row->text) + 1, "label longer than %d characters",
                         (int)sizeof r->label - 1);
            goto fail;
        }
        snprintf(r->label, sizeof r->label, "%s", p);
        out->n++;
    }
    return 0;
fail:
    pl_regions_free(out);
    return -1;
}
