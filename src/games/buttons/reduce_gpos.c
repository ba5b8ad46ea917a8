/* Buttons & Scissors' Theorem 8 (Section 4.1 of the paper): G_pos(CNF), that
 * is Schaefer's G_%free(CNF) (see src/problems/gpos.c), -> the partisan LAST
 * game, player 1 (Blue) cutting b, player 2 (Red) cutting r.
 *
 * Figure 9 is lost, and its text cannot be followed as worded: in the
 * partisan game a cut available to a player stays available until that
 * player spends one of its buttons (the other player's cuts only remove
 * buttons of the other colour, which can only unblock), so every follow-up
 * cut of the printed variable gadgets is a move its owner may keep for later,
 * a pass, and passes let a player set its variables after seeing the other's
 * (docs/algorithms.md). We build a construction in which nothing but the
 * settings can be cut before the formula's value is decided:
 * - sizes {3}: every cut removes exactly three buttons of its colour, so two
 *   buttons of a colour never make a cut and no pair ever short-cuts a line;
 * - a variable v is a cross of five buttons of its owner's colour: s, a
 *   column s t t' (the cut T, v true) and a diagonal s f f' (the cut F, v
 *   false); T and F share s, so its owner makes exactly one of them;
 * - Red's bonus: a clause C is a row of exactly three red buttons: for a Red
 *   literal, a copy of the literal's "still false" button (a T button for y,
 *   an F button for -y: gone when the literal is made true), else private
 *   buttons; for a Blue literal, a blue button between them that goes when
 *   the literal is made false (an F button for x, a T button for -x). The
 *   clause cut is feasible exactly when every literal of C is false or is
 *   Red's and unset, i.e. when Red can make C false;
 * - Blue's bonus: a row g ... g ... g through the s buttons of Blue's own
 *   variables: the cut g g g has size 3 only once Blue has set every
 *   variable, i.e. at Blue's turn k + 1 at the earliest, after Red's k-th
 *   move; so Blue never has a spare move while variables are open. Three
 *   blue buttons of that row other than g g g are a cut through two of
 *   Blue's keys (two s, or an s and a g); each intended blue cut spends one
 *   key, so such a cut leaves Blue at most k moves against Red's k settings,
 *   which nothing can take away: Blue loses (the check accepts them).
 * Each literal has two copies (the two non-shared buttons of T or of F), so
 * a literal may occur in at most two clauses; tautologies are dropped.
 * Proof: with both bonuses, Blue makes k settings + 1, Red k settings + the
 * clause cuts it reaches. If Blue wins the formula game, Blue follows its
 * strategy: no clause cut ever becomes feasible (else Red could make that
 * clause false from there), Red only sets, and after the 2k settings Blue
 * cuts g g g and Red is stuck. If Red wins, Red follows its strategy: Blue
 * can only set until Red has set everything, the final assignment makes some
 * clause false, so after Blue's g g g Red cuts that clause and Blue is stuck.
 * tests/test_buttons_reduce_gpos.c checks the winner on random formulas.
 *
 * Geometry: row 0 Blue's s buttons and g g g, then a row for each s of
 * Red's, one row a clause, one row each unused copy; a variable's column drawn at random; a placement is
 * accepted only when the board's table of cuts (twoplayer.c: every cut the
 * board can ever make, with its middle and blocking buttons) is exactly the
 * intended one. O(trials * (b^2 + b L)) for b buttons and lines of length L. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"
#include "twoplayer.h"

#define T8_TRIALS 500

typedef struct t8occ {
    int v, kind, copy; /* kind 0: a T button, 1: an F button */
} t8occ;

typedef struct t8 {
    const pl_gpos *src;
    int n;
    /* the clauses kept (tautologies dropped, repeated literals once) */
    int ncl, *origin, *nocc;
    t8occ (*occ)[PL_GPOS_MAX_VARIABLES];
    int (*used)[2][2]; /* used[v][kind][copy]: the kept clause, or -1 */
    /* the board */
    int nb, capb, *br, *bc;
    char *bcol;
    int *s, (*copyb)[2][2]; /* buttons of variable v */
    int g[3];
    int (*red)[3], (*blk)[3], *nblk; /* per kept clause, reds left to right */
    int rows, cols;
} t8;

static void t8_free(t8 *t) {
    free(t->origin);
    free(t->nocc);
    free(t->occ);
    free(t->used);
    free(t->br);
    free(t->bc);
    free(t->bcol);
    free(t->s);
    free(t->copyb);
    free(t->red);
    free(t->blk);
    free(t->nblk);
    memset(t, 0, sizeof *t);
}

static int t8_btn(t8 *t, int r, int c, char col) {
    if (t->nb == t->capb) {
        t->capb = t->capb ? 2 * t->capb : 64;
        t->br = pl_xrealloc(t->br, (size_t)t->capb * sizeof *t->br);
        t->bc = pl_xrealloc(t->bc, (size_t)t->capb * sizeof *t->bc);
        t->bcol = pl_xrealloc(t->bcol, (size_t)t->capb);
    }
    t->br[t->nb] = r, t->bc[t->nb] = c, t->bcol[t->nb] = col;
    return t->nb++;
}

/* The clauses and the copies they use; -1 with err when the formula is out
 * of the construction's reach. */
static int t8_prepare(const pl_gpos *g, t8 *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    t->src = g;
    t->n = g->f.nvars;
    if (t->n == 0)
        return pl_error_set(err, g->f.file, 1, 1, "Theorem 8's construction needs a variable for each player");
    int m = g->f.nclauses;
    t->origin = pl_xmalloc(((size_t)m + 1) * sizeof *t->origin);
    t->nocc = pl_xmalloc(((size_t)m + 1) * sizeof *t->nocc);
    t->occ = pl_xmalloc(((size_t)m + 1) * sizeof *t->occ);
    t->used = pl_xmalloc(((size_t)t->n + 1) * sizeof *t->used);
    for (int v = 0; v <= t->n; v++)
        for (int k = 0; k < 2; k++) t->used[v][k][0] = t->used[v][k][1] = -1;
    for (int c = 0; c < m; c++) {
        int lits[PL_GPOS_MAX_VARIABLES], nl = 0;
        bool taut = false;
        for (int i = g->f.start[c]; i < g->f.start[c + 1]; i++) {
            int l = g->f.lit[i];
            bool dup = false;
            for (int j = 0; j < nl; j++) {
                dup |= lits[j] == l;
                taut |= lits[j] == -l;
            }
            if (!dup && nl < PL_GPOS_MAX_VARIABLES) lits[nl++] = l;
        }
        if (taut) continue;
        int i = t->ncl;
        t->origin[i] = c;
        t->nocc[i] = nl;
        int red = 0;
        for (int j = 0; j < nl; j++) {
            int l = lits[j], v = abs(l);
            bool blue = g->owner[v] == 1;
            red += !blue;
            /* Red: the button that stays while the literal is not true; Blue:
             * the one that goes when it is made false */
            int kind = blue ? (l > 0 ? 1 : 0) : (l > 0 ? 0 : 1);
            int copy = t->used[v][kind][0] < 0 ? 0 : t->used[v][kind][1] < 0 ? 1 : -1;
            if (copy < 0)
                return pl_error_set(err, g->f.file, g->f.line[c], g->f.col[c],
                                    "literal %d occurs in more than two clauses: Theorem 8's construction has two "
                                    "copies of each literal",
                                    l);
            t->used[v][kind][copy] = i;
            t->occ[i][j] = (t8occ){v, kind, copy};
        }
        if (red > 3 || nl - red > 3)
            return pl_error_set(err, g->f.file, g->f.line[c], g->f.col[c],
                                "clause %d has more than three literals of one player: Theorem 8's construction "
                                "takes at most three of each",
                                c + 1);
        t->ncl++;
    }
    return 0;
}

/* One placement from the seed (0, or 1 when it clashes). */
static int t8_place(t8 *t, uint64_t seed) {
    const pl_gpos *g = t->src;
    int n = t->n;
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    t->nb = 0;
    free(t->s);
    free(t->copyb);
    free(t->red);
    free(t->blk);
    free(t->nblk);
    t->s = pl_xmalloc(((size_t)n + 1) * sizeof *t->s);
    t->copyb = pl_xmalloc(((size_t)n + 1) * sizeof *t->copyb);
    t->red = pl_xmalloc(((size_t)t->ncl + 1) * sizeof *t->red);
    t->blk = pl_xmalloc(((size_t)t->ncl + 1) * sizeof *t->blk);
    t->nblk = pl_xcalloc((size_t)t->ncl + 1, sizeof *t->nblk);
    /* rows: 0 Blue's s buttons and the gate, then one row for each s of
     * Red's, then the clauses, then the unused copies */
    int *srow = pl_xcalloc((size_t)n + 1, sizeof *srow), next = 1;
    for (int v = 1; v <= n; v++) srow[v] = g->owner[v] == 1 ? 0 : next++;
    int crow0 = next, free_row = crow0 + t->ncl;
    int unused = 0;
    for (int v = 1; v <= n; v++)
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) unused += t->used[v][a][b] < 0;
    int height = free_row + unused, width = 2 * height + 8;
    int *col = pl_xmalloc(((size_t)n + 1) * sizeof *col), *order = pl_xmalloc((size_t)n * sizeof *order);
    for (int i = 0; i < n; i++) order[i] = i + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pl_rng_below(&rng, (uint64_t)i + 1), x = order[i];
        order[i] = order[j], order[j] = x;
    }
    for (int i = 0; i < n; i++) col[order[i]] = 2 * width + i * width + (int)pl_rng_below(&rng, (uint64_t)width / 4);
    for (int v = 1; v <= n; v++) {
        char c = g->owner[v] == 1 ? 'b' : 'r';
        t->s[v] = t8_btn(t, srow[v], col[v], c);
        for (int kind = 0; kind < 2; kind++)
            for (int cp = 0; cp < 2; cp++) {
                int cl = t->used[v][kind][cp];
                int r = cl >= 0 ? crow0 + cl : free_row++;
                int cc = kind == 0 ? col[v] : col[v] + (r - srow[v]);
                t->copyb[v][kind][cp] = t8_btn(t, r, cc, c);
            }
    }
    /* the clause rows: literal buttons, then private reds around them */
    int span = (n + 3) * width;
    for (int i = 0; i < t->ncl; i++) {
        int reds[3], nr = 0, minx = 1 << 30, maxx = -(1 << 30);
        for (int j = 0; j < t->nocc[i]; j++) {
            const t8occ *o = &t->occ[i][j];
            int b = t->copyb[o->v][o->kind][o->copy];
            if (g->owner[o->v] == 2)
                reds[nr++] = b;
            else
                t->blk[i][t->nblk[i]++] = b;
            if (t->bc[b] < minx) minx = t->bc[b];
            if (t->bc[b] > maxx) maxx = t->bc[b];
        }
        int r = crow0 + i;
        if (minx > maxx) minx = maxx = width + (int)pl_rng_below(&rng, (uint64_t)span);
        int need = 3 - nr;
        bool left = false, right = false;
        if (need >= 2)
            left = right = true;
        else if (need == 1) {
            int lo = 1 << 30, hi = -(1 << 30), bl = 1 << 30, bh = -(1 << 30);
            for (int q = 0; q < nr; q++)
                lo = t->bc[reds[q]] < lo ? t->bc[reds[q]] : lo, hi = t->bc[reds[q]] > hi ? t->bc[reds[q]] : hi;
            for (int q = 0; q < t->nblk[i]; q++) {
                int x = t->bc[t->blk[i][q]];
                bl = x < bl ? x : bl, bh = x > bh ? x : bh;
            }
            if (t->nblk[i] && bl < lo)
                left = true;
            else if (t->nblk[i] && bh > hi)
                right = true;
            else if (pl_rng_below(&rng, 2))
                left = true;
            else
                right = true;
        }
        if (left) reds[nr++] = t8_btn(t, r, minx - 1 - (int)pl_rng_below(&rng, (uint64_t)width), 'r');
        if (right) reds[nr++] = t8_btn(t, r, maxx + 1 + (int)pl_rng_below(&rng, (uint64_t)width), 'r');
        if (nr < 3) {
            int lo = t->bc[reds[0]] < t->bc[reds[1]] ? t->bc[reds[0]] : t->bc[reds[1]];
            int hi = t->bc[reds[0]] ^ t->bc[reds[1]] ^ lo;
            if (t->nblk[i] >= 2) { /* between the blue buttons: three of them are never a blue cut */
                lo = 1 << 30, hi = -(1 << 30);
                for (int q = 0; q < t->nblk[i]; q++) {
                    int x = t->bc[t->blk[i][q]];
                    lo = x < lo ? x : lo, hi = x > hi ? x : hi;
                }
            }
            reds[nr++] = t8_btn(t, r, lo + 1 + (int)pl_rng_below(&rng, (uint64_t)(hi - lo > 1 ? hi - lo - 1 : 1)), 'r');
        }
        /* left to right */
        for (int a = 0; a < 3; a++)
            for (int b = a + 1; b < 3; b++)
                if (t->bc[reds[b]] < t->bc[reds[a]]) {
                    int x = reds[a];
                    reds[a] = reds[b], reds[b] = x;
                }
        memcpy(t->red[i], reds, sizeof reds);
    }
    /* the gate on row 0: g left of Blue's s buttons, g between two of them, g
     * right of all */
    int bx[PL_GPOS_MAX_VARIABLES], nbx = 0;
    for (int i = 0; i < n; i++)
        if (g->owner[order[i]] == 1) bx[nbx++] = col[order[i]];
    int gap = nbx > 1 ? (int)pl_rng_below(&rng, (uint64_t)nbx - 1) : 0;
    int lo = bx[0], hi = bx[nbx - 1];
    int glo = nbx > 1 ? bx[gap] : lo, ghi = nbx > 1 ? bx[gap + 1] : lo + 4;
    t->g[0] = t8_btn(t, 0, lo - 3 - (int)pl_rng_below(&rng, (uint64_t)width), 'b');
    t->g[1] = t8_btn(t, 0, glo + 1 + (int)pl_rng_below(&rng, (uint64_t)(ghi - glo > 1 ? ghi - glo - 1 : 1)), 'b');
    t->g[2] = t8_btn(t, 0, hi + 3 + (int)pl_rng_below(&rng, (uint64_t)width), 'b');
    free(order);
    free(srow);
    free(col);
    /* normalise and check */
    int minr = 1 << 30, minc = 1 << 30, maxr = -(1 << 30), maxc = -(1 << 30);
    for (int i = 0; i < t->nb; i++) {
        minr = t->br[i] < minr ? t->br[i] : minr, maxr = t->br[i] > maxr ? t->br[i] : maxr;
        minc = t->bc[i] < minc ? t->bc[i] : minc, maxc = t->bc[i] > maxc ? t->bc[i] : maxc;
    }
    for (int i = 0; i < t->nb; i++) t->br[i] -= minr, t->bc[i] -= minc;
    t->rows = maxr - minr + 1, t->cols = maxc - minc + 1;
    return 0;
}

/* Of the two copies x, y on a line from s: the farther (the cut's other
 * end); *near gets the nearer (its middle). */
static int far_near(const t8 *t, int s, int x, int y, int *near) {
    int dx = abs(t->br[x] - t->br[s]) + abs(t->bc[x] - t->bc[s]),
        dy = abs(t->br[y] - t->br[s]) + abs(t->bc[y] - t->bc[s]);
    *near = dx < dy ? x : y;
    return dx < dy ? y : x;
}

static char *t8_text(const t8 *t, const char *src_name, bool comments) {
    char *grid = pl_xmalloc((size_t)t->rows * (size_t)t->cols + 1);
    memset(grid, '.', (size_t)t->rows * (size_t)t->cols);
    for (int i = 0; i < t->nb; i++) grid[(size_t)t->br[i] * (size_t)t->cols + (size_t)t->bc[i]] = t->bcol[i];
    pl_sbuf b = {0};
    if (comments) {
        const pl_gpos *g = t->src;
        int nblue = 0, nred = 0;
        for (int i = 0; i < t->nb; i++) nblue += t->bcol[i] == 'b', nred += t->bcol[i] == 'r';
        pl_sbuf_printf(&b, "# puzzlelab buttons reduce --from gpos --theorem 8 %s\n", src_name);
        pl_sbuf_printf(&b, "# Buttons & Scissors, Theorem 8 (Burke et al., Section 4.1): G_pos(CNF) (Schaefer's "
                           "G_%%free(CNF)) -> partisan LAST, player 1 (Blue) cuts b, player 2 (Red) cuts r\n");
        pl_sbuf_printf(&b, "# source: %s: %d variables, %d clauses (%d kept, tautologies dropped)\n", src_name,
                       g->f.nvars, g->f.nclauses, t->ncl);
        pl_sbuf_printf(&b,
                       "# construction: %d x %d, %d buttons (%d b, %d r): a variable a cross s t t (T: true, a "
                       "column) s f f (F: false, a diagonal); a clause a row of three r (a Red literal's copy that "
                       "stays while it is not true, or private) with a b between for each Blue literal (a copy that "
                       "goes when it is made false); row 0: Blue's last cut g g g through the s of Blue's variables "
                       "(feasible once Blue has set them all)\n",
                       t->rows, t->cols, t->nb, nblue, nred);
        for (int v = 1; v <= t->n; v++) {
            int sb = t->s[v], tf = far_near(t, sb, t->copyb[v][0][0], t->copyb[v][0][1], &(int){0}),
                ff = far_near(t, sb, t->copyb[v][1][0], t->copyb[v][1][1], &(int){0});
            pl_sbuf_printf(&b, "# x%d (player %d, %c): s %d,%d; T (true) %d,%d %d,%d; F (false) %d,%d %d,%d\n", v,
                           g->owner[v], t->bcol[sb], t->br[sb], t->bc[sb], t->br[sb], t->bc[sb], t->br[tf], t->bc[tf],
                           t->br[sb], t->bc[sb], t->br[ff], t->bc[ff]);
        }
        for (int i = 0; i < t->ncl; i++)
            pl_sbuf_printf(&b, "# clause %d (line %d): row %d, Red's cut %d,%d %d,%d\n", t->origin[i] + 1,
                           g->f.line[t->origin[i]], t->br[t->red[i][0]], t->br[t->red[i][0]], t->bc[t->red[i][0]],
                           t->br[t->red[i][2]], t->bc[t->red[i][2]]);
        pl_sbuf_printf(&b, "# Blue's last cut: %d,%d %d,%d\n", t->br[t->g[0]], t->bc[t->g[0]], t->br[t->g[2]],
                       t->bc[t->g[2]]);
        pl_sbuf_printf(&b, "# promises: directions *, sizes 3; player 1 wins iff player 1 wins the formula game\n");
    }
    pl_sbuf_printf(&b, "players: partisan b r\ndirections: *\nsizes: 3\n");
    for (int r = 0; r < t->rows; r++) pl_sbuf_printf(&b, "%.*s\n", t->cols, grid + (size_t)r * (size_t)t->cols);
    free(grid);
    return b.s;
}

/* The intended cuts: ends, middle, blockers (buttons of t). */
typedef struct t8cut {
    int a, b, nmid, mid[PL_GPOS_MAX_VARIABLES + 1], nblk, blk[PL_GPOS_MAX_VARIABLES + 1];
} t8cut;

/* T (kind 0) or F (kind 1) of v. */
static t8cut t8_setting(const t8 *t, int v, int kind) {
    t8cut c = {0};
    c.a = t->s[v];
    c.nmid = 1;
    c.b = far_near(t, t->s[v], t->copyb[v][kind][0], t->copyb[v][kind][1], &c.mid[0]);
    return c;
}

/* Blue's last cut: g g g with the s of every Blue variable between (size 3
 * once Blue has set them all). */
static t8cut t8_gate(const t8 *t) {
    t8cut c = {0};
    c.a = t->g[0], c.b = t->g[2];
    c.mid[c.nmid++] = t->g[1];
    for (int v = 1; v <= t->n; v++)
        if (t->src->owner[v] == 1) c.mid[c.nmid++] = t->s[v];
    return c;
}

static int t8_intended(const t8 *t, t8cut *out) {
    int k = 0;
    for (int v = 1; v <= t->n; v++) out[k++] = t8_setting(t, v, 0), out[k++] = t8_setting(t, v, 1);
    out[k++] = t8_gate(t);
    for (int i = 0; i < t->ncl; i++) {
        t8cut c = {0};
        c.a = t->red[i][0], c.b = t->red[i][2], c.nmid = 1, c.mid[0] = t->red[i][1], c.nblk = t->nblk[i];
        memcpy(c.blk, t->blk[i], sizeof t->blk[i]);
        out[k++] = c;
    }
    return k;
}

/* 0 when the board's cuts are exactly the intended ones. */
static int t8_check(const t8 *t) {
    if ((long)t->rows * t->cols > 4000000L) return 1;
    char *text = t8_text(t, "", false);
    pl_level_text lt;
    pl_error err = {0};
    buttons_level l;
    int rc = 1;
    if (pl_level_text_parse("(t8)", text, strlen(text), &lt, &err) == 0) {
        if (buttons_level_parse(&lt, &l, &err) == 0) {
            b2game g;
            if (l.nbuttons == t->nb && b2_build(&l, &g, &err) == 0) {
                t8cut *want = pl_xmalloc(((size_t)2 * t->n + (size_t)t->ncl + 2) * sizeof *want);
                int nw = t8_intended(t, want);
                /* in b2 terms: ends, middle, blockers */
                int(*ab)[2] = pl_xmalloc((size_t)nw * sizeof *ab);
                b2set *mid = pl_xmalloc((size_t)nw * sizeof *mid), *blk = pl_xmalloc((size_t)nw * sizeof *blk);
                for (int q = 0; q < nw; q++) {
                    const t8cut *c = &want[q];
                    ab[q][0] = g.button[t->br[c->a] * l.cols + t->bc[c->a]];
                    ab[q][1] = g.button[t->br[c->b] * l.cols + t->bc[c->b]];
                    mid[q] = blk[q] = (b2set){{0, 0}};
                    for (int j = 0; j < c->nmid; j++)
                        b2_add(&mid[q], g.button[t->br[c->mid[j]] * l.cols + t->bc[c->mid[j]]]);
                    for (int j = 0; j < c->nblk; j++)
                        b2_add(&blk[q], g.button[t->br[c->blk[j]] * l.cols + t->bc[c->blk[j]]]);
                }
                int matched = 0, blue = l.cell[t->br[t->g[0]] * l.cols + t->bc[t->g[0]]];
                rc = 0;
                for (int x = 0; x < g.ncuts && !rc; x++) {
                    const b2cut *y = &g.cut[x];
                    bool intended = false;
                    for (int q = 0; q < nw && !intended; q++)
                        intended = ((y->a == ab[q][0] && y->b == ab[q][1]) || (y->a == ab[q][1] && y->b == ab[q][0])) &&
                                   b2_equal(&y->mid, &mid[q]) && b2_equal(&y->block, &blk[q]);
                    if (intended) {
                        matched++;
                        continue;
                    }
                    /* never feasible: a blocker that only intended cuts remove,
                     * each of them blocked by a button of this one (so this one
                     * has lost a button before the blocker can go) */
                    b2set own = y->mid;
                    b2_add(&own, y->a);
                    b2_add(&own, y->b);
                    /* or a blue cut through two of Blue's keys (the s of two
                     * variables, or one and a g): each of Blue's intended cuts
                     * spends one key, so after it Blue has at most k moves
                     * against Red's k settings, which nothing can take away:
                     * Blue loses */
                    int keys = 0;
                    if (g.colour[y->a] == blue) {
                        bool gate_key = false;
                        for (int v = 1; v <= t->n; v++)
                            if (t->src->owner[v] == 1 &&
                                b2_has(&own, g.button[t->br[t->s[v]] * l.cols + t->bc[t->s[v]]]))
                                keys++;
                        for (int j = 0; j < 3; j++)
                            gate_key |= b2_has(&own, g.button[t->br[t->g[j]] * l.cols + t->bc[t->g[j]]]);
                        keys += gate_key;
                    }
                    bool never = keys >= 2;
                    for (int qb = 0; qb < g.n && !never; qb++) {
                        if (!b2_has(&y->block, qb)) continue;
                        bool all = true;
                        for (int q = 0; q < nw && all; q++)
                            if (ab[q][0] == qb || ab[q][1] == qb || b2_has(&mid[q], qb)) all = b2_meets(&blk[q], &own);
                        never = all;
                    }
                    if (!never) rc = 1;
                }
                if (matched != nw) rc = 1;
                free(ab);
                free(mid);
                free(blk);
                free(want);
                b2_free(&g);
            }
            buttons_level_free(&l);
        }
        pl_level_text_free(&lt);
    }
    free(text);
    return rc;
}

static int t8_construct(const pl_gpos *src, t8 *t, pl_error *err) {
    if (t8_prepare(src, t, err)) {
        t8_free(t);
        return -1;
    }
    for (uint64_t s = 1; s <= T8_TRIALS; s++)
        if (t8_place(t, s) == 0 && t8_check(t) == 0) return 0;
    t8_free(t);
    return pl_error_set(err, NULL, 0, 0, "no placement of Theorem 8's construction passed the check in %d tries",
                        T8_TRIALS);
}

char *buttons_thm8_build(const void *src, const char *src_name, pl_error *err) {
    t8 t;
    if (t8_construct(src, &t, err)) return NULL;
    char *text = t8_text(&t, src_name, true);
    t8_free(&t);
    return text;
}

static void push_cut(const t8 *t, const t8cut *c, pl_strvec *moves) {
    buttons_cut x = {t->br[c->a], t->bc[c->a], t->br[c->b], t->bc[c->b]};
    char buf[64];
    buttons_cut_text(x, buf, sizeof buf);
    pl_strvec_push(moves, buf);
}

/* Forward: the certificate's first play (a strategy's play, or a 'play'
 * line), the open variables then set in turn (the lowest of the mover's,
 * true: the value is decided already), Blue's gate, and when the formula is
 * false the cut of a false clause. */
int buttons_thm8_forward(const void *src, const pl_moves *cert, pl_strvec *moves, pl_error *err) {
    const pl_gpos *g = src;
    if (cert->n < 2) return pl_error_set(err, cert->file, 0, 0, "the certificate has no play");
    t8 t;
    if (t8_construct(g, &t, err)) return -1;
    uint64_t set = 0, val = 0;
    int mover = 1;
    for (const char *p = cert->text[1]; *p;) {
        char *end;
        long l = strtol(p, &end, 10);
        if (end == p || l == 0) break;
        int v = (int)labs(l);
        t8cut c = t8_setting(&t, v, l > 0 ? 0 : 1);
        push_cut(&t, &c, moves);
        set |= (uint64_t)1 << (v - 1);
        if (l > 0) val |= (uint64_t)1 << (v - 1);
        mover = 3 - mover;
        p = end;
    }
    for (int left = g->f.nvars - __builtin_popcountll(set); left > 0; left--) {
        int v = 1;
        while (v <= g->f.nvars && (g->owner[v] != mover || ((set >> (v - 1)) & 1u))) v++;
        t8cut c = t8_setting(&t, v, 0);
        push_cut(&t, &c, moves);
        set |= (uint64_t)1 << (v - 1), val |= (uint64_t)1 << (v - 1);
        mover = 3 - mover;
    }
    t8cut gate = t8_gate(&t);
    push_cut(&t, &gate, moves);
    for (int i = 0; i < t.ncl; i++) {
        int c = t.origin[i];
        bool sat = false;
        for (int q = g->f.start[c]; q < g->f.start[c + 1]; q++) {
            int l = g->f.lit[q];
            sat |= (((val >> (abs(l) - 1)) & 1u) != 0) == (l > 0);
        }
        if (!sat) {
            t8cut cc = {0};
            cc.a = t.red[i][0], cc.b = t.red[i][2];
            push_cut(&t, &cc, moves);
            break;
        }
    }
    t8_free(&t);
    return 0;
}

/* Lift: the settings in the order of the line of play, up to the first cut
 * that is not a setting while variables are open (a clause or the gate):
 * the formula game's line of play that the board's line followed ('play'). */
int buttons_thm8_lift(const void *src, const pl_moves *moves, pl_strvec *cert, char *why, size_t n) {
    const pl_gpos *g = src;
    pl_error err = {0};
    t8 t;
    if (t8_construct(g, &t, &err)) {
        snprintf(why, n, "%s", err.msg);
        return 1;
    }
    pl_sbuf b = {0};
    int rc = 0;
    for (int i = 0; i < moves->n && !rc; i++) {
        buttons_cut c;
        char reason[128];
        int col;
        if (buttons_cut_parse(moves->text[i], &c, reason, sizeof reason, &col)) {
            snprintf(why, n, "move %d: %s", i + 1, reason);
            rc = 1;
            break;
        }
        int lit = 0;
        for (int v = 1; v <= t.n && !lit; v++)
            for (int kind = 0; kind < 2 && !lit; kind++) {
                t8cut x = t8_setting(&t, v, kind);
                if ((t.br[x.a] == c.r1 && t.bc[x.a] == c.c1 && t.br[x.b] == c.r2 && t.bc[x.b] == c.c2) ||
                    (t.br[x.a] == c.r2 && t.bc[x.a] == c.c2 && t.br[x.b] == c.r1 && t.bc[x.b] == c.c1))
                    lit = kind == 0 ? v : -v;
            }
        if (!lit) break; /* the gate or a clause: the formula game's line stops here */
        pl_sbuf_printf(&b, "%d ", lit);
    }
    if (!rc) {
        pl_sbuf_printf(&b, "0");
        pl_strvec_push(cert, "play");
        pl_strvec_push(cert, b.s);
    }
    free(b.s);
    t8_free(&t);
    return rc;
}
