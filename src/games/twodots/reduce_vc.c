/* Two Dots, Theorem 4, first part (Bilò, Gualà, Leucci, Misra, FUN 2018,
 * Section 5): Vertex Cover -> Two Dots on two rows.
 *
 * Two rows and 2n + 5m columns: vertex i is a 2 x 2 square of colour v_i in
 * columns 2i-2, 2i-1; edge j = (p, q) is the paper's edge gadget (its Figure
 * 7 is lost; ours has the text's parts: three dots e_j, one v_p, one v_q and
 * five dummies) on its five columns:
 *      .   e_j  .   e_j  .        (top)
 *      .   v_p  e_j v_q  .        (bottom; '.' a dummy)
 * Cycling v_p (or v_q) takes the dot under an e_j of the top row, which falls
 * beside the middle e_j: a pair. Without it the three e_j dots only touch
 * diagonally. Goals: two e_j dots for every edge, within m + k moves.
 * Forward: the squares of the cover (k moves), then one pair an edge.
 * Backward: m moves must take e_j dots (one colour a move), so at most k
 * are cycles of vertex colours; an edge whose ends were not cycled keeps its
 * e_j dots apart: the cycled vertices are a cover. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

static int edge_col(const pl_vc *g, int j) {
    return 2 * g->nvertices + 5 * j;
}

char *twodots_thm4_build(const void *src, const char *src_name, pl_error *err) {
    const pl_vc *g = src;
    if (g->nvertices + g->nedges + 4 > TWODOTS_MAX_COLOURS)
    {
        pl_error_set(err, g->file, 1, 1, "the construction needs n + m + 4 = %d colours; Two Dots levels have at most %d",
                     g->nvertices + g->nedges + 4, TWODOTS_MAX_COLOURS);
        return NULL;
    }
    const int cols = 2 * g->nvertices + 5 * g->nedges;
    if (cols == 0) {
        pl_error_set(err, g->file, 1, 1, "the graph has no vertices and no edges: the construction would be empty");
        return NULL;
    }
    td_build b;
    tdb_init(&b, 2, cols, true);
    char name[16];
    int *ec = pl_xmalloc(((size_t)g->nedges + 1) * sizeof *ec), *vc = pl_xmalloc(((size_t)g->nvertices + 1) * sizeof *vc);
    for (int j = 0; j < g->nedges; j++) { /* the goals first: colours 1..m */
        snprintf(name, sizeof name, "e%d", j + 1);
        ec[j] = tdb_colour(&b, name);
        tdb_goal(&b, ec[j], 2);
    }
    for (int i = 1; i <= g->nvertices; i++) {
        snprintf(name, sizeof name, "v%d", i);
        vc[i - 1] = tdb_colour(&b, name);
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++) tdb_set(&b, r, 2 * (i - 1) + c, vc[i - 1]);
    }
    for (int j = 0; j < g->nedges; j++) {
        int x = edge_col(g, j);
        tdb_set(&b, 0, x + 1, ec[j]);
        tdb_set(&b, 0, x + 3, ec[j]);
        tdb_set(&b, 1, x + 1, vc[g->edge[j][0] - 1]);
        tdb_set(&b, 1, x + 2, ec[j]);
        tdb_set(&b, 1, x + 3, vc[g->edge[j][1] - 1]);
    }
    tdb_dummies(&b);
    b.l.moves = g->nedges + g->k;
    for (int i = 0; i < g->nvertices; i++) tdb_region(&b, 0, 2 * i, 1, 2 * i + 1, "v%d", i + 1);
    for (int j = 0; j < g->nedges; j++)
        tdb_region(&b, 0, edge_col(g, j), 1, edge_col(g, j) + 4, "e%d %d-%d", j + 1, g->edge[j][0], g->edge[j][1]);
    char comment[1024];
    snprintf(comment, sizeof comment,
             "puzzlelab twodots reduce --from vertex-cover --theorem 4 %s\n"
             "Two Dots, Theorem 4 (Bilo, Guala, Leucci, Misra, FUN 2018, Section 5): Vertex Cover -> two rows\n"
             "source: %s: a graph of %d vertices and %d edges, k = %d\n"
             "construction: 2 rows x %d columns (2n + 5m); colours v_i (vertex squares), e_j (edge gadgets, goal 2 "
             "each), d0..d3 (dummies); moves m + k = %d\n"
             "promises: two rows; solvable iff the graph has a vertex cover of at most k vertices",
             src_name, src_name, g->nvertices, g->nedges, g->k, cols, g->nedges + g->k);
    char *text = tdb_text(&b, comment);
    free(ec);
    free(vc);
    tdb_free(&b);
    return text;
}

int twodots_thm4_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_vc *g = src;
    bool *in = pl_xcalloc((size_t)g->nvertices + 1, sizeof *in);
    char why[256];
    if (pl_vc_read_cover(g, cert, in, why, sizeof why, err)) {
        free(in);
        return err->msg[0] ? -1 : pl_error_set(err, cert->file, 0, 0, "%s", why);
    }
    twodots_level *l = td_construction(twodots_thm4_build, g, err);
    if (!l) {
        free(in);
        return -1;
    }
    td_board bd;
    td_board_init(&bd, l);
    int path[8], rc = 0;
    for (int i = 1; i <= g->nvertices && rc == 0; i++) {
        if (!in[i]) continue;
        int len = td_square_path(l, 0, 2 * (i - 1), path);
        td_path_push(moves, l, path, len);
        if (td_board_play_cells(&bd, path, len, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "internal error: vertex %d's square: %s", i, why);
    }
    const int cols = l->cols;
    for (int j = 0; j < g->nedges && rc == 0; j++) {
        int x = edge_col(g, j), mid = bd.at[1 * cols + x + 2];
        int left = bd.at[0 * cols + x + 1], right = bd.at[0 * cols + x + 3];
        int len = 0;
        /* the e_j dots next to the middle one, in a row */
        if (left == mid - 1) path[len++] = left;
        path[len++] = mid;
        if (right == mid + 1) path[len++] = right;
        if (len < 2) {
            rc = pl_error_set(err, NULL, 0, 0, "internal error: edge %d is not covered", j + 1);
            break;
        }
        td_path_push(moves, l, path, len);
        if (td_board_play_cells(&bd, path, len, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "internal error: edge %d's pair: %s", j + 1, why);
    }
    td_board_free(&bd);
    twodots_level_free(l);
    free(l);
    free(in);
    return rc;
}

/* The lift's view of the moves: the vertices whose colour was cycled. */
typedef struct thm4_lift {
    const twodots_level *l;
    bool *in;
} thm4_lift;

static int thm4_seen(void *ctx, const td_played *p) {
    thm4_lift *c = ctx;
    const char *name = c->l->colour_name[p->colour];
    if (p->cyclic && name[0] == 'v') c->in[atoi(name + 1)] = true;
    return 0;
}

int twodots_thm4_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_vc *g = src;
    pl_error err = {0};
    twodots_level *l = td_construction(twodots_thm4_build, g, &err);
    if (!l) {
        snprintf(why, n, "internal error: %s", err.msg);
        return 1;
    }
    thm4_lift c = {l, pl_xcalloc((size_t)g->nvertices + 1, sizeof(bool))};
    int rc = td_replay(l, moves, thm4_seen, &c, why, n);
    if (rc == 0) pl_vc_write_cover(g, c.in, cert);
    twodots_level_free(l);
    free(l);
    free(c.in);
    return rc;
}
