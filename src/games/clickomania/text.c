/* Clickomania level files and move notation (spec/formats.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/clickomania.h"

static const char *const keys[] = {NULL};
static const char *const sections[] = {"board", "regions", NULL};

/* Whether every block stands on a block or the bottom and the non-empty
 * columns are contiguous from the left: row-major and branch-free, so a
 * 10^7-cell level is checked at memory speed; the column-by-column scan
 * that names the first fault runs only when this says no. */
static bool board_is_settled(const pl_grid *g) {
    unsigned bad = 0;
    size_t cols = (size_t)g->cols;
    if (cols == 1) { /* one column: empty cells, then blocks down to the bottom */
        size_t top = 0, rows = (size_t)g->rows;
        while (top < rows && g->cells[top] == '.') top++;
        return top == rows || !memchr(g->cells + top, '.', rows - top);
    }
    for (int r = 1; r < g->rows; r++) {
        const char *up = g->cells + (size_t)(r - 1) * cols, *row = up + cols;
        for (size_t c = 0; c < cols; c++) bad |= (unsigned)(up[c] != '.') & (unsigned)(row[c] == '.');
    }
    const char *bottom = g->cells + (size_t)(g->rows - 1) * cols;
    const char *gap = memchr(bottom, '.', cols);
    for (size_t c = gap ? (size_t)(gap - bottom) : cols; c < cols; c++) bad |= (unsigned)(bottom[c] != '.');
    return bad == 0;
}

int click_level_parse(const pl_level_text *lt, click_level *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    if (pl_level_text_check(lt, keys, NULL, sections, err)) return -1;
    const pl_section *s = pl_level_section(lt, "board");
    if (!s) return pl_error_set(err, lt->file, 1, 1, "expected board rows (the level has none)");
    pl_grid g;
    if (pl_grid_from_section(lt, s, &g, err)) return -1;
    /* Colour indices in order of first appearance, row-major. */
    uint8_t code[256] = {0};
    int ncol = 0;
    size_t ncells = (size_t)g.rows * (size_t)g.cols;
    const unsigned char *cells = (const unsigned char *)g.cells;
    for (size_t i = 0; i < ncells; i++) {
        unsigned ch = cells[i];
        if (code[ch] || ch == '.') continue;
        code[ch] = (uint8_t)++ncol; /* at most 62 distinct characters exist */
        out->colour_char[ncol] = (char)ch;
    }
    if (!board_is_settled(&g)) { /* find the first fault, column by column, for its message */
        int first_empty_col = -1;
        for (int c = 0; c < g.cols; c++) {
            int top = -1; /* first row (from the top) holding a block */
            for (int r = 0; r < g.rows; r++) {
                char ch = g.cells[(size_t)r * (size_t)g.cols + (size_t)c];
                if (ch != '.' && top < 0) top = r;
                if (ch == '.' && top >= 0) {
                    pl_error_set(err, lt->file, s->rows[r].line, c + 1,
                                 "empty cell below a block (the board must be settled: blocks stand on the bottom "
                                 "with no gap)");
                    pl_grid_free(&g);
                    return -1;
                }
            }
            if (top < 0) {
                if (first_empty_col < 0) first_empty_col = c;
            } else if (first_empty_col >= 0) {
                pl_error_set(err, lt->file, s->rows[top].line, c + 1,
                             "column %d holds blocks but column %d to its left is empty (the board must be settled: "
                             "non-empty columns are contiguous from the left)",
                             c, first_empty_col);
                pl_grid_free(&g);
                return -1;
            }
        }
    }
    /* Settled: blocks on the bottom without gaps; non-empty columns from the
     * left. Rows are read in the file's order (row-major, cache-friendly on
     * any shape) into the column stacks. */
    click_board *b = &out->board;
    click_board_init(b, g.rows, g.cols, ncol);
    size_t rows = (size_t)g.rows, cols = (size_t)g.cols;
    uint8_t *restrict cell = b->cell; /* locals: a store through uint8_t* could alias b's fields */
    int32_t *restrict height = b->height;
    if (cols == 1) { /* one column: the blocks bottom first, no loop a row */
        size_t top = 0;
        while (top < rows && cells[top] == '.') top++;
        for (size_t h = 0; h < rows - top; h++) cell[h] = code[cells[rows - 1 - h]];
        height[0] = (int32_t)(rows - top);
    }
    for (size_t r = 0; r < rows && cols > 1; r++) {
        const unsigned char *restrict row = cells + r * cols;
        size_t h = rows - 1 - r;
        if (rows == 1) {
            for (size_t c = 0; c < cols; c++) cell[c] = code[row[c]];
            for (size_t c = 0; c < cols; c++) height[c] = row[c] != '.';
        } else {
            for (size_t c = 0; c < cols; c++)
                if (row[c] != '.') {
                    cell[c * rows + h] = code[row[c]];
                    height[c]++;
                }
        }
    }
    const unsigned char *bottom = cells + (rows - 1) * cols;
    const unsigned char *gap = memchr(bottom, '.', cols);
    b->width = gap ? (int)(gap - bottom) : (int)cols;
    long long blocks = 0;
    for (int c = 0; c < b->width; c++) blocks += height[c];
    b->blocks = (int)blocks;
    pl_grid_free(&g);
    if (pl_regions_read(lt, b->rows, b->cols, &out->regions, err)) {
        click_level_free(out);
        return -1;
    }
    return 0;
}

void click_level_free(click_level *l) {
    click_board_free(&l->board);
    pl_regions_free(&l->regions);
}

/* ---------- writing a level ---------- */

/* The format has no headers: the rows before any section are the board, so
 * the board is written without a 'board:' line, like the shipped levels. */
char *click_level_text(const click_level *l, const char *comment) {
    pl_sbuf b = {0};
    pl_sbuf_comment(&b, comment);
    char *rows = click_board_text(l, &l->board);
    pl_sbuf_printf(&b, "%s", rows);
    free(rows);
    pl_regions_write(&b, &l->regions);
    return b.s;
}

bool click_level_same(const click_level *a, const click_level *b) {
    const click_board *x = &a->board, *y = &b->board;
    if (x->rows != y->rows || x->cols != y->cols || x->width != y->width || x->blocks != y->blocks) return false;
    for (int c = 0; c < x->width; c++) {
        if (x->height[c] != y->height[c]) return false;
        for (int h = 0; h < x->height[c]; h++)
            if (a->colour_char[click_at(x, c, h)] != b->colour_char[click_at(y, c, h)]) return false;
    }
    return true;
}

void click_move_text(const click_board *b, int col, int h, char *buf, size_t n) {
    snprintf(buf, n, "%d,%d", b->rows - 1 - h, col);
}

char *click_board_text(const click_level *l, const click_board *b) {
    size_t n = (size_t)b->rows * ((size_t)b->cols + 1) + 1;
    char *t = pl_xmalloc(n), *p = t;
    for (int r = 0; r < b->rows; r++) {
        int h = b->rows - 1 - r;
        for (int c = 0; c < b->cols; c++)
            *p++ = (c < b->width && h < b->height[c]) ? l->colour_char[click_at(b, c, h)] : '.';
        *p++ = '\n';
    }
    *p = '\0';
    return t;
}

int click_objective_parse(const char *s, click_objective *o) {
    if (!s || strcmp(s, "clear") == 0) *o = CLICK_CLEAR;
    else if (strcmp(s, "max") == 0) *o = CLICK_MAX;
    else if (strcmp(s, "score") == 0) *o = CLICK_SCORE;
    else return -1;
    return 0;
}
