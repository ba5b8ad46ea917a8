/* Coin moving level files and move notation (spec/formats.md, "coins").
 * Grids: sections start: and target: drawn in one frame ('o' unlabelled coin,
 * other colour characters labelled coins, each label once). Graphs:
 * `grid: graph`, section edges: ("u v" a line), headers start: and target:
 * (vertex lists). Every error names file:line:col. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/coins.h"

static const char *const keys[] = {"grid", "target-up-to", "start", "target", NULL};
static const char *const sections[] = {"start", "target", "edges", "board", NULL};

void coins_pt_text(const coins_level *l, coins_pt p, char *buf, size_t n) {
    if (l->grid == COINS_GRAPH)
        snprintf(buf, n, "%d", p.r);
    else
        snprintf(buf, n, "%d,%d", p.r, p.c);
}

void coins_move_text(const coins_level *l, coins_pt from, coins_pt to, char *buf, size_t n) {
    char a[32], b[32];
    coins_pt_text(l, from, a, sizeof a);
    coins_pt_text(l, to, b, sizeof b);
    snprintf(buf, n, "%s %s", a, b);
}

/* A non-negative vertex number at *p; advances *p. */
static int read_vertex(const char **p, long *v) {
    if (!isdigit((unsigned char)**p)) return -1;
    long x = 0;
    while (isdigit((unsigned char)**p)) {
        if (x <= COINS_MAX_VERTEX) x = 10 * x + (**p - '0');
        (*p)++;
    }
    *v = x;
    return 0;
}

int coins_move_parse(const coins_level *l, const char *text, coins_pt *from, coins_pt *to, char *why, size_t n,
                     int *col) {
    const char *end = text, *bad = text;
    char msg[160];
    if (l->grid == COINS_GRAPH) {
        long v[2];
        for (int i = 0; i < 2; i++) {
            if (i) {
                if (*end != ' ' && *end != '\t') {
                    bad = end;
                    snprintf(msg, sizeof msg, "expected a space and the destination vertex (a move is 'u v')");
                    goto fail;
                }
                while (*end == ' ' || *end == '\t') end++;
            }
            bad = end;
            if (read_vertex(&end, &v[i])) {
                snprintf(msg, sizeof msg, "expected a vertex number (a move is 'u v')");
                goto fail;
            }
            if (v[i] > COINS_MAX_VERTEX) {
                snprintf(msg, sizeof msg, "vertex number too large (at most %d)", COINS_MAX_VERTEX);
                goto fail;
            }
        }
        if (*end) {
            bad = end;
            snprintf(msg, sizeof msg, "unexpected '%c' after the move (a move is 'u v')", *end);
            goto fail;
        }
        *from = (coins_pt){(int)v[0], 0};
        *to = (coins_pt){(int)v[1], 0};
        return 0;
    }
    long r1, c1, r2, c2;
    if (pl_parse_coord(text, true, &r1, &c1, &end, &bad, msg, sizeof msg)) goto fail;
    if (*end != ' ' && *end != '\t') {
        bad = end;
        snprintf(msg, sizeof msg, "expected a space and the destination (a move is r1,c1 r2,c2)");
        goto fail;
    }
    while (*end == ' ' || *end == '\t') end++;
    const char *second = end;
    if (pl_parse_coord(second, true, &r2, &c2, &end, &bad, msg, sizeof msg)) goto fail;
    if (*end) {
        bad = end;
        snprintf(msg, sizeof msg, "unexpected '%c' after the move (a move is r1,c1 r2,c2)", *end);
        goto fail;
    }
    long big = COINS_MAX_COORD;
    if (r1 < -big || r1 > big || c1 < -big || c1 > big || r2 < -big || r2 > big || c2 < -big || c2 > big) {
        bad = text;
        snprintf(msg, sizeof msg, "coordinate out of range (at most %d in absolute value)", COINS_MAX_COORD);
        goto fail;
    }
    *from = (coins_pt){(int)r1, (int)c1};
    *to = (coins_pt){(int)r2, (int)c2};
    return 0;
fail:
    snprintf(why, n, "%s", msg);
    *col = (int)(bad - text) + 1;
    return -1;
}

/* ---------- grids ---------- */
typedef struct cell_at {
    int line, col;
} cell_at;

/* Coins of one section, in reading order; labelled[] per coin. */
static int grid_coins(const pl_level_text *lt, const pl_section *s, const pl_grid *g, coins_pt **pos, char **lab,
                      cell_at **at, int *count, pl_error *err) {
    (void)lt;
    (void)err;
    int k = 0;
    *pos = pl_xmalloc((size_t)g->rows * (size_t)g->cols * sizeof **pos + sizeof **pos);
    *lab = pl_xmalloc((size_t)g->rows * (size_t)g->cols + 1);
    *at = pl_xmalloc((size_t)g->rows * (size_t)g->cols * sizeof **at + sizeof **at);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            char ch = g->cells[r * g->cols + c];
            if (ch == '.') continue;
            (*pos)[k] = (coins_pt){r, c};
            (*lab)[k] = ch;
            (*at)[k] = (cell_at){s->rows[r].line, c + 1};
            k++;
        }
    *count = k;
    return 0;
}

static int parse_grid_level(const pl_level_text *lt, coins_level *l, pl_error *err) {
    const pl_section *ss = pl_level_section(lt, "start"), *ts = pl_level_section(lt, "target");
    const pl_header *h;
    if ((h = pl_level_header(lt, "start")) || (h = pl_level_header(lt, "target")))
        return pl_error_set(err, lt->file, h->line, h->key_col,
                            "'%s: VERTICES' is for 'grid: graph'; on a grid, '%s:' alone opens a section of rows",
                            h->key, h->key);
    const pl_section *es = pl_level_section(lt, "edges");
    if (es) return pl_error_set(err, lt->file, es->line, 1, "section 'edges' is for 'grid: graph'");
    if (!ss) return pl_error_set(err, lt->file, 1, 1, "expected a 'start:' section (and a 'target:' section)");
    if (!ts) return pl_error_set(err, lt->file, ss->line, 1, "expected a 'target:' section after the start");
    pl_grid gs, gt;
    if (pl_grid_from_section(lt, ss, &gs, err)) return -1;
    if (pl_grid_from_section(lt, ts, &gt, err)) {
        pl_grid_free(&gs);
        return -1;
    }
    int rc = -1;
    coins_pt *ps = NULL, *pt = NULL;
    char *ls = NULL, *ltg = NULL;
    cell_at *as = NULL, *at = NULL;
    int ns = 0, nt = 0;
    if (gs.rows != gt.rows || gs.cols != gt.cols) {
        pl_error_set(err, lt->file, ts->line, 1,
                     "target is %dx%d but start is %dx%d (rows x columns): both are drawn in one frame", gt.rows,
                     gt.cols, gs.rows, gs.cols);
        goto done;
    }
    l->rows = gs.rows;
    l->cols = gs.cols;
    grid_coins(lt, ss, &gs, &ps, &ls, &as, &ns, err);
    grid_coins(lt, ts, &gt, &pt, &ltg, &at, &nt, err);
    if (ns == 0) {
        pl_error_set(err, lt->file, ss->line, 1, "the start has no coins");
        goto done;
    }
    /* all 'o' or all labels, decided by the first coin of the start */
    l->labelled = ls[0] != 'o';
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? nt : ns;
        const char *lab = pass ? ltg : ls;
        const cell_at *a = pass ? at : as;
        for (int i = 0; i < n; i++) {
            if ((lab[i] == 'o') == l->labelled) {
                pl_error_set(err, lt->file, a[i].line, a[i].col,
                             l->labelled
                                 ? "'o' is an unlabelled coin, but this level's coins are labelled (a level is "
                                   "either all 'o' or all labels)"
                                 : "'%c' is a labelled coin, but this level's coins are unlabelled 'o' (a level "
                                   "is either all 'o' or all labels)",
                             lab[i]);
                goto done;
            }
            if (l->labelled)
                for (int j = 0; j < i; j++)
                    if (lab[j] == lab[i]) {
                        pl_error_set(err, lt->file, a[i].line, a[i].col,
                                     "label '%c' appears twice in the %s (first at line %d, column %d)", lab[i],
                                     pass ? "target" : "start", a[j].line, a[j].col);
                        goto done;
                    }
        }
    }
    if (ns != nt) {
        pl_error_set(err, lt->file, ts->line, 1, "the target has %d coin%s but the start has %d", nt,
                     nt == 1 ? "" : "s", ns);
        goto done;
    }
    l->n = ns;
    l->start = pl_xmalloc((size_t)ns * sizeof *l->start);
    l->target = pl_xmalloc((size_t)ns * sizeof *l->target);
    memcpy(l->start, ps, (size_t)ns * sizeof *ps);
    if (l->labelled) {
        l->label = pl_xmalloc((size_t)ns + 1);
        memcpy(l->label, ls, (size_t)ns);
        l->label[ns] = '\0';
        for (int i = 0; i < nt; i++) {
            int j = 0;
            while (j < ns && ls[j] != ltg[i]) j++;
            if (j == ns) {
                pl_error_set(err, lt->file, at[i].line, at[i].col, "label '%c' is in the target but not in the start",
                             ltg[i]);
                goto done;
            }
            l->target[j] = pt[i];
        }
    } else {
        memcpy(l->target, pt, (size_t)ns * sizeof *pt);
    }
    rc = 0;
done:
    free(ps);
    free(pt);
    free(ls);
    free(ltg);
    free(as);
    free(at);
    pl_grid_free(&gs);
    pl_grid_free(&gt);
    return rc;
}

/* ---------- graphs ---------- */
static int parse_vertex_list(const pl_level_text *lt, const pl_header *h, coins_pt **out, int *count, pl_error *err) {
    const char *v = h->value, *p = v;
    int cap = 16, k = 0;
    *out = pl_xmalloc((size_t)cap * sizeof **out);
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        long x;
        const char *at = p;
        if (read_vertex(&p, &x)) p = at;
        if (p == at || (*p && *p != ' ' && *p != '\t'))
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                                "expected vertex numbers separated by spaces");
        if (x > COINS_MAX_VERTEX)
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(at - v),
                                "vertex number too large (at most %d)", COINS_MAX_VERTEX);
        for (int i = 0; i < k; i++)
            if ((*out)[i].r == x)
                return pl_error_set(err, lt->file, h->line, h->value_col + (int)(at - v),
                                    "vertex %ld given twice (one coin a vertex)", x);
        if (k == cap) *out = pl_xrealloc(*out, (size_t)(cap *= 2) * sizeof **out);
        (*out)[k++] = (coins_pt){(int)x, 0};
    }
    *count = k;
    return 0;
}

static int cmp_edge(const void *x, const void *y) {
    const int *a = x, *b = y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return (a[1] > b[1]) - (a[1] < b[1]);
}

static int parse_graph_level(const pl_level_text *lt, coins_level *l, pl_error *err) {
    const pl_section *s;
    if ((s = pl_level_section(lt, "start")) || (s = pl_level_section(lt, "target")))
        return pl_error_set(err, lt->file, s->line, 1,
                            "on a graph, '%s: v v ...' is a header line listing vertices (not a section of rows)",
                            s->name);
    const pl_section *es = pl_level_section(lt, "edges");
    const pl_header *hs = pl_level_header(lt, "start"), *ht = pl_level_header(lt, "target");
    if (!es) return pl_error_set(err, lt->file, 1, 1, "'grid: graph' needs an 'edges:' section (lines 'u v')");
    if (!hs) return pl_error_set(err, lt->file, 1, 1, "'grid: graph' needs a 'start: v v ...' header");
    if (!ht) return pl_error_set(err, lt->file, hs->line, 1, "'grid: graph' needs a 'target: v v ...' header");
    int ne = es->nrows, maxv = -1;
    int *e = pl_xmalloc((size_t)(2 * ne + 1) * 2 * sizeof *e);
    coins_pt *ps = NULL, *pt = NULL;
    int ns = 0, nt = 0, rc = -1;
    for (int i = 0; i < ne; i++) {
        const pl_row *r = &es->rows[i];
        const char *p = r->text;
        long u[2];
        for (int j = 0; j < 2; j++) {
            while (*p == ' ' || *p == '\t') p++;
            const char *at = p;
            if (read_vertex(&p, &u[j])) p = at;
            if (p == at || (*p && *p != ' ' && *p != '\t')) {
                pl_error_set(err, lt->file, r->line, (int)(p - r->text) + 1,
                             "expected an edge 'u v' (two vertex numbers)");
                goto done;
            }
            if (u[j] > COINS_MAX_VERTEX) {
                pl_error_set(err, lt->file, r->line, (int)(at - r->text) + 1, "vertex number too large (at most %d)",
                             COINS_MAX_VERTEX);
                goto done;
            }
        }
        while (*p == ' ' || *p == '\t') p++;
        if (*p) {
            pl_error_set(err, lt->file, r->line, (int)(p - r->text) + 1, "unexpected '%c' after the edge 'u v'", *p);
            goto done;
        }
        if (u[0] == u[1]) {
            pl_error_set(err, lt->file, r->line, 1, "loop %ld %ld (the graph is simple)", u[0], u[1]);
            goto done;
        }
        e[4 * i] = (int)u[0], e[4 * i + 1] = (int)u[1];
        e[4 * i + 2] = (int)u[1], e[4 * i + 3] = (int)u[0];
        if (u[0] > maxv) maxv = (int)u[0];
        if (u[1] > maxv) maxv = (int)u[1];
    }
    if (parse_vertex_list(lt, hs, &ps, &ns, err) || parse_vertex_list(lt, ht, &pt, &nt, err)) goto done;
    for (int i = 0; i < ns; i++)
        if (ps[i].r > maxv) maxv = ps[i].r;
    for (int i = 0; i < nt; i++)
        if (pt[i].r > maxv) maxv = pt[i].r;
    if (ns == 0) {
        pl_error_set(err, lt->file, hs->line, hs->value_col, "the start has no coins");
        goto done;
    }
    if (ns != nt) {
        pl_error_set(err, lt->file, ht->line, ht->value_col, "the target has %d coin%s but the start has %d", nt,
                     nt == 1 ? "" : "s", ns);
        goto done;
    }
    /* CSR, duplicates dropped */
    qsort(e, (size_t)(2 * ne), 2 * sizeof *e, cmp_edge);
    l->nv = maxv + 1;
    l->off = pl_xcalloc((size_t)l->nv + 1, sizeof *l->off);
    l->adj = pl_xmalloc((size_t)(2 * ne + 1) * sizeof *l->adj);
    int k = 0;
    for (int i = 0; i < 2 * ne; i++) {
        if (i && e[2 * i] == e[2 * i - 2] && e[2 * i + 1] == e[2 * i - 1]) continue;
        l->adj[k++] = e[2 * i + 1];
        l->off[e[2 * i] + 1]++;
    }
    for (int v = 0; v < l->nv; v++) {
        if (l->off[v + 1] > l->max_degree) l->max_degree = l->off[v + 1];
        l->off[v + 1] += l->off[v];
    }
    l->n = ns;
    l->start = ps;
    l->target = pt;
    ps = pt = NULL;
    rc = 0;
done:
    free(e);
    free(ps);
    free(pt);
    return rc;
}

int coins_level_parse(const pl_level_text *lt, coins_level *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    if (pl_level_text_check(lt, keys, NULL, sections, err)) return -1;
    const pl_section *b = pl_level_section(lt, "board");
    if (b)
        return pl_error_set(
            err, lt->file, b->line, 1,
            "rows before any section: a coins level draws its coins in 'start:' and 'target:' sections");
    const pl_header *h = pl_level_header(lt, "grid");
    if (h) {
        if (strcmp(h->value, "square") == 0)
            out->grid = COINS_SQUARE;
        else if (strcmp(h->value, "triangular") == 0)
            out->grid = COINS_TRIANGULAR;
        else if (strcmp(h->value, "graph") == 0)
            out->grid = COINS_GRAPH;
        else
            return pl_error_set(err, lt->file, h->line, h->value_col,
                                "unknown grid '%s' (expected square, triangular or graph)", h->value);
    }
    h = pl_level_header(lt, "target-up-to");
    if (h) {
        if (strcmp(h->value, "exact") == 0)
            out->upto = COINS_EXACT;
        else if (strcmp(h->value, "translation") == 0)
            out->upto = COINS_TRANSLATION;
        else if (strcmp(h->value, "translation+rotation") == 0)
            out->upto = COINS_ROTATION;
        else
            return pl_error_set(err, lt->file, h->line, h->value_col,
                                "unknown target-up-to '%s' (expected exact, translation or translation+rotation)",
                                h->value);
        if (out->grid == COINS_GRAPH && out->upto != COINS_EXACT)
            return pl_error_set(err, lt->file, h->line, h->value_col,
                                "a graph has no translations or rotations: target-up-to must be exact");
    }
    int rc = out->grid == COINS_GRAPH ? parse_graph_level(lt, out, err) : parse_grid_level(lt, out, err);
    if (rc) coins_level_free(out);
    return rc;
}

void coins_level_free(coins_level *l) {
    free(l->label);
    free(l->start);
    free(l->target);
    free(l->off);
    free(l->adj);
    l->label = NULL;
    l->start = l->target = NULL;
    l->off = l->adj = NULL;
}
