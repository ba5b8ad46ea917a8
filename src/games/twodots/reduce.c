/* The Two Dots reductions' shared machinery (see reduce.h) and their table. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

/* ---------- building ---------- */

void tdb_init(td_build *b, int rows, int cols, bool names) {
    memset(b, 0, sizeof *b);
    b->l.rows = rows;
    b->l.cols = cols;
    b->l.moves = -1;
    b->l.names = names;
    b->l.cell = pl_xcalloc((size_t)rows * (size_t)cols + 1, 1);
}

void tdb_free(td_build *b) {
    twodots_level_free(&b->l);
}

int tdb_colour(td_build *b, const char *name) {
    int k = twodots_colour_of(&b->l, name);
    if (k) return k;
    k = ++b->l.ncolours;
    snprintf(b->l.colour_name[k], sizeof b->l.colour_name[k], "%.8s", name);
    return k;
}

void tdb_set(td_build *b, int r, int c, int colour) {
    b->l.cell[r * b->l.cols + c] = (uint8_t)colour;
}

void tdb_goal(td_build *b, int colour, int count) {
    b->l.goal_colour[b->l.ngoals] = colour;
    b->l.goal_count[b->l.ngoals++] = count;
}

void tdb_region(td_build *b, int r0, int c0, int r1, int c1, const char *fmt, ...) {
    pl_regions *rg = &b->l.regions;
    if (rg->n == b->capregions) {
        b->capregions = b->capregions ? 2 * b->capregions : 16;
        rg->r = pl_xrealloc(rg->r, (size_t)b->capregions * sizeof *rg->r);
    }
    pl_region *x = &rg->r[rg->n++];
    x->r0 = r0, x->c0 = c0, x->r1 = r1, x->c1 = c1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->label, sizeof x->label, fmt, ap);
    va_end(ap);
}

void tdb_dummies(td_build *b) {
    twodots_level *l = &b->l;
    int d[4];
    bool any = false;
    for (int i = 0; i < l->rows * l->cols; i++) any |= l->cell[i] == 0;
    if (!any) return;
    for (int k = 0; k < 4; k++) {
        char name[16]; /* "d" and an int */
        snprintf(name, sizeof name, "d%d", k);
        d[k] = tdb_colour(b, name);
    }
    for (int c = 0; c < l->cols; c++) {
        int rank = 0;
        for (int r = l->rows - 1; r >= 0; r--) {
            uint8_t *x = &l->cell[r * l->cols + c];
            if (*x) continue;
            *x = (uint8_t)d[2 * (c & 1) + (rank & 1)];
            rank++;
        }
    }
}

char *tdb_text(td_build *b, const char *comment) {
    twodots_level *l = &b->l;
    memset(l->count, 0, sizeof l->count);
    l->ndots = 0;
    for (int i = 0; i < l->rows * l->cols; i++)
        if (l->cell[i]) l->count[l->cell[i]]++, l->ndots++;
    return twodots_level_text(l, comment);
}

twodots_level *td_level_from_text(const char *text, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_parse("(construction)", text, strlen(text), &lt, err)) return NULL;
    twodots_level *l = pl_xmalloc(sizeof *l);
    int rc = twodots_level_parse(&lt, l, err);
    pl_level_text_free(&lt);
    if (rc) {
        free(l);
        return NULL;
    }
    return l;
}

twodots_level *td_construction(char *(*build)(const void *src, const char *src_name, pl_error *err), const void *src,
                               pl_error *err) {
    char *text = build(src, "(construction)", err);
    twodots_level *l = text ? td_level_from_text(text, err) : NULL;
    free(text);
    return l;
}

/* ---------- replay with identities ---------- */

void td_board_init(td_board *b, const twodots_level *l) {
    size_t n = (size_t)l->rows * (size_t)l->cols;
    b->l = l;
    b->cell = pl_xmalloc(n + 1);
    memcpy(b->cell, l->cell, n);
    b->id = pl_xmalloc((n + 1) * sizeof *b->id);
    b->at = pl_xmalloc((n + 1) * sizeof *b->at);
    for (size_t i = 0; i < n; i++) {
        b->id[i] = l->cell[i] ? (int)i : -1;
        b->at[i] = l->cell[i] ? (int)i : -1;
    }
}

void td_board_free(td_board *b) {
    free(b->cell);
    free(b->id);
    free(b->at);
    memset(b, 0, sizeof *b);
}

/* Gravity on cells and ids together (the rules' fall, with identities). */
static void fall(td_board *b) {
    const int rows = b->l->rows, cols = b->l->cols;
    for (int c = 0; c < cols; c++) {
        int w = rows - 1;
        for (int r = rows - 1; r >= 0; r--) {
            int i = r * cols + c;
            if (!b->cell[i]) continue;
            int j = w * cols + c;
            uint8_t v = b->cell[i];
            int id = b->id[i];
            b->cell[i] = 0, b->id[i] = -1;
            b->cell[j] = v, b->id[j] = id;
            b->at[id] = j;
            w--;
        }
    }
}

int td_board_play(td_board *b, const twodots_move *m, int *colour, bool *cyclic, int *removed, int *nremoved,
                  char *why, size_t n) {
    const twodots_level *l = b->l;
    int *path = pl_xmalloc(((size_t)m->n + 1) * sizeof *path);
    int col;
    bool cyc;
    if (twodots_move_check(l, b->cell, m, path, &col, &cyc, why, n)) {
        free(path);
        return -1;
    }
    if (l->bombs && cyc) { /* the reductions are in the paper's model */
        snprintf(why, n, "replays with identities do not follow the bombs rule");
        free(path);
        return -1;
    }
    int k = 0;
    const int ncells = l->rows * l->cols;
    if (cyc) {
        for (int i = 0; i < ncells; i++)
            if (b->cell[i] == col) {
                if (removed) removed[k] = b->id[i];
                k++;
                b->at[b->id[i]] = -1;
                b->cell[i] = 0, b->id[i] = -1;
            }
    } else {
        for (int i = 0; i < m->n; i++) {
            int x = path[i];
            if (removed) removed[k] = b->id[x];
            k++;
            b->at[b->id[x]] = -1;
            b->cell[x] = 0, b->id[x] = -1;
        }
    }
    fall(b);
    if (colour) *colour = col;
    if (cyclic) *cyclic = cyc;
    if (nremoved) *nremoved = k;
    free(path);
    return 0;
}

int td_board_play_cells(td_board *b, const int *path, int len, char *why, size_t n) {
    twodots_move m = {0};
    m.r = pl_xmalloc(((size_t)len + 1) * sizeof *m.r);
    m.c = pl_xmalloc(((size_t)len + 1) * sizeof *m.c);
    for (int i = 0; i < len; i++) m.r[i] = path[i] / b->l->cols, m.c[i] = path[i] % b->l->cols;
    m.n = m.cap = len;
    int rc = td_board_play(b, &m, NULL, NULL, NULL, NULL, why, n);
    twodots_move_free(&m);
    return rc;
}

int td_replay(const twodots_level *l, const pl_moves *moves, int (*seen)(void *ctx, const td_played *p), void *ctx,
              char *why, size_t n) {
    td_board bd;
    td_board_init(&bd, l);
    int *removed = pl_xmalloc(((size_t)l->rows * (size_t)l->cols + 1) * sizeof *removed);
    twodots_move m = {0};
    int rc = 0;
    for (int i = 0; i < moves->n && rc == 0; i++) {
        td_played p = {.index = i, .removed = removed};
        int col;
        if (twodots_move_parse(moves->text[i], &m, why, n, &col) ||
            td_board_play(&bd, &m, &p.colour, &p.cyclic, removed, &p.nremoved, why, n))
            rc = 1;
        else if (seen(ctx, &p))
            rc = 1;
    }
    twodots_move_free(&m);
    free(removed);
    td_board_free(&bd);
    return rc;
}

void td_path_push(pl_strvec *moves, const twodots_level *l, const int *path, int len) {
    size_t cap = (size_t)len * 16 + 8;
    char *t = pl_xmalloc(cap);
    twodots_path_text(l, path, len, t, cap);
    pl_strvec_push(moves, t);
    free(t);
}

int td_square_path(const twodots_level *l, int r, int c, int *path) {
    path[0] = r * l->cols + c;
    path[1] = r * l->cols + c + 1;
    path[2] = (r + 1) * l->cols + c + 1;
    path[3] = (r + 1) * l->cols + c;
    path[4] = path[0];
    return 5;
}

int td_find_square(const td_board *b, int colour) {
    const int rows = b->l->rows, cols = b->l->cols;
    for (int r = 0; r + 1 < rows; r++)
        for (int c = 0; c + 1 < cols; c++) {
            const uint8_t *x = b->cell + r * cols + c;
            if (x[0] == colour && x[1] == colour && x[cols] == colour && x[cols + 1] == colour) return r * cols + c;
        }
    return -1;
}

int td_colour_path(const td_board *b, int colour, int *path) {
    const int rows = b->l->rows, cols = b->l->cols, ncells = rows * cols;
    int count = 0, edges = 0, start = -1;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int i = 0; i < ncells; i++) {
        if (b->cell[i] != colour) continue;
        count++;
        int deg = 0;
        for (int d = 0; d < 4; d++) {
            int r = i / cols + dr[d], c = i % cols + dc[d];
            if (r >= 0 && c >= 0 && r < rows && c < cols && b->cell[r * cols + c] == colour) deg++;
        }
        if (deg > 2) return 0;
        if (deg <= 1 && start < 0) start = i;
        edges += deg;
    }
    if (count == 0 || edges / 2 != count - 1 || start < 0) return 0;
    int len = 0, prev = -1, cur = start;
    while (cur >= 0) {
        path[len++] = cur;
        int nxt = -1;
        for (int d = 0; d < 4; d++) {
            int r = cur / cols + dr[d], c = cur % cols + dc[d];
            if (r < 0 || c < 0 || r >= rows || c >= cols) continue;
            int y = r * cols + c;
            if (y != prev && b->cell[y] == colour) nxt = y;
        }
        prev = cur;
        cur = nxt;
    }
    return len == count ? len : 0; /* a path plus a separate cycle would fail here */
}

/* ---------- the table ---------- */

const pl_reduction twodots_reductions[TWODOTS_NREDUCTIONS] = {
    {"x3c", 1, "Theorem 1: X3C -> Two Dots with 3 colours, 2 moves, 2 goals",
     "a red check wire over one blue set wire a set, blue snakes on both sides; the blue move through the wires of "
     "an exact cover aligns the check wire",
     twodots_thm1_build, twodots_thm1_forward, twodots_thm1_lift},
    {"sat", 2, "Theorem 2: 3-SAT -> Two Dots on two columns, one goal, no move limit",
     "a p/q gadget a variable, a clause gadget whose l-square appears when a literal's colour is cycled, and a "
     "check column S l1..lm S",
     twodots_thm2_build, twodots_thm2_forward, twodots_thm2_lift},
    {"vertex-cover", 4, "Theorem 4: Vertex Cover -> Two Dots on two rows",
     "a 2x2 square a vertex, an edge gadget whose e pair forms when an end's colour is cycled; m + k moves",
     twodots_thm4_build, twodots_thm4_forward, twodots_thm4_lift},
};
