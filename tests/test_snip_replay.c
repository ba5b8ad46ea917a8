/* Snipperclips certificates that do not depend on our arithmetic (issue 20,
 * item 3).
 *
 * Every certificate the constructions return is replayed three times:
 *  (a) by our rules (src/games/snip/rules.c: snap-rounding overlays on the
 *      2^-46 grid, quadtree leaves, clipping), as verify does;
 *  (b) by plain double-precision GEOS written here: no precision model, no
 *      snapping, no leaves, no clipping, the target read by GEOS's own WKT
 *      reader, rotations by cos/sin of the angle in radians (no exact
 *      quarter turns);
 *  (c) by a second implementation written here that does not use GEOS at
 *      all: polygon difference by splitting edges at their crossings in long
 *      double, classifying each piece of edge by its midpoint, and linking
 *      what is kept into rings (pieces separate where they touch at a point).
 * The three must agree on the legality of every move (a snip must take more
 * than SNIP_MIN_CUT, a keep's point must lie in exactly one piece, a snip
 * that splits a tool in the connected model must be followed by keep), and
 * (b) and (c) must find tool 1 equal to the target within the default
 * tolerance, like (a). A certificate whose cuts meet only by the width of a
 * rounding error fails here: a bridge of 1e-12 left by (b) or (c) keeps the
 * tool in one piece where (a) saw two.
 *
 * With arguments LEVEL MOVES it replays one certificate and prints what
 * each replay saw at every move (for diagnosis). */
#include <ctype.h>
#include <geos_c.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "puzzlelab/snip.h"

static const pl_game *G;

/* ---------- moves, read here (not by the game's parser) ---------- */

typedef struct move {
    char kind; /* 's' snip, 'k' keep, 'r' reset */
    int a, b;
    double theta, tx, ty, x, y;
} move;

static bool read_move(const char *line, move *m) {
    memset(m, 0, sizeof *m);
    char word[16];
    int used = 0;
    if (sscanf(line, "%15s%n", word, &used) != 1) return false;
    const char *p = line + used;
    if (strcmp(word, "snip") == 0) {
        m->kind = 's';
        return sscanf(p, "%d %d %lf %lf %lf", &m->a, &m->b, &m->theta, &m->tx, &m->ty) == 5;
    }
    if (strcmp(word, "keep") == 0) {
        m->kind = 'k';
        return sscanf(p, "%d %lf %lf", &m->a, &m->x, &m->y) == 3;
    }
    if (strcmp(word, "reset") == 0) {
        m->kind = 'r';
        return sscanf(p, "%d", &m->a) == 1;
    }
    return false;
}

/* What a replay saw at one move. */
typedef struct seen {
    bool legal;
    int pieces;  /* tool A's pieces after a legal snip */
    double cut;  /* area the snip took (snips) */
    char why[200];
} seen;

/* ---------- (b) plain GEOS ---------- */

typedef struct gstate {
    GEOSContextHandle_t ctx;
    bool connected;
    GEOSGeometry *tool[2], *target;
    int pending;
} gstate;

static void gnotice(const char *fmt, ...) {
    (void)fmt;
}

static GEOSGeometry *gsquare(GEOSContextHandle_t ctx) {
    GEOSWKTReader *r = GEOSWKTReader_create_r(ctx);
    GEOSGeometry *g = GEOSWKTReader_read_r(ctx, r, "POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))");
    GEOSWKTReader_destroy_r(ctx, r);
    return g;
}

typedef struct rigid {
    double c, s, tx, ty;
} rigid;

static int rigid_xy(double *x, double *y, void *u) {
    const rigid *m = u;
    double px = *x, py = *y;
    *x = m->c * px - m->s * py + m->tx;
    *y = m->s * px + m->c * py + m->ty;
    return 1;
}

/* The polygons of g (GEOS may add collapsed lines or points). */
static GEOSGeometry *gpolygons(GEOSContextHandle_t ctx, GEOSGeometry *g) {
    int t = GEOSGeomTypeId_r(ctx, g);
    if (t == GEOS_POLYGON || t == GEOS_MULTIPOLYGON) return g;
    int k = GEOSGetNumGeometries_r(ctx, g), n = 0;
    GEOSGeometry **p = calloc((size_t)k * 64 + 1, sizeof *p);
    for (int i = 0; i < k; i++) {
        const GEOSGeometry *q = GEOSGetGeometryN_r(ctx, g, i);
        int qt = GEOSGeomTypeId_r(ctx, q);
        if (qt == GEOS_POLYGON && !GEOSisEmpty_r(ctx, q)) p[n++] = GEOSGeom_clone_r(ctx, q);
        if (qt == GEOS_MULTIPOLYGON)
            for (int j = 0; j < GEOSGetNumGeometries_r(ctx, q) && n < k * 64; j++)
                p[n++] = GEOSGeom_clone_r(ctx, GEOSGetGeometryN_r(ctx, q, j));
    }
    GEOSGeom_destroy_r(ctx, g);
    GEOSGeometry *r = n == 0 ? GEOSGeom_createEmptyPolygon_r(ctx)
                             : GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, p, (unsigned)n);
    free(p);
    return r;
}

static int gpieces(GEOSContextHandle_t ctx, const GEOSGeometry *g) {
    if (GEOSisEmpty_r(ctx, g)) return 0;
    return GEOSGeomTypeId_r(ctx, g) == GEOS_POLYGON ? 1 : GEOSGetNumGeometries_r(ctx, g);
}

static const GEOSGeometry *gpiece(GEOSContextHandle_t ctx, const GEOSGeometry *g, int i) {
    return GEOSGeomTypeId_r(ctx, g) == GEOS_POLYGON ? g : GEOSGetGeometryN_r(ctx, g, i);
}

/* The level's WKT: the lines that are neither comments nor the header. */
static char *level_wkt(const char *text, bool *connected) {
    char *w = calloc(strlen(text) + 2, 1), *o = w;
    *connected = false;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        const char *q = p;
        while (q < p + n && isspace((unsigned char)*q)) q++;
        if (*q == '#') {
        } else if (strncmp(q, "model:", 6) == 0) {
            *connected = strstr(q, "disconnected") == NULL && strstr(q, "connected") != NULL;
        } else {
            memcpy(o, p, n);
            o += n;
            *o++ = ' ';
        }
        p += n + (nl ? 1 : 0);
    }
    return w;
}

static bool gstate_init(gstate *s, const char *level_text) {
    memset(s, 0, sizeof *s);
    s->ctx = GEOS_init_r();
    GEOSContext_setNoticeHandler_r(s->ctx, gnotice);
    GEOSContext_setErrorHandler_r(s->ctx, gnotice);
    char *w = level_wkt(level_text, &s->connected);
    GEOSWKTReader *r = GEOSWKTReader_create_r(s->ctx);
    s->target = GEOSWKTReader_read_r(s->ctx, r, w);
    GEOSWKTReader_destroy_r(s->ctx, r);
    free(w);
    for (int i = 0; i < 2; i++) s->tool[i] = gsquare(s->ctx);
    return s->target != NULL;
}

static void gstate_free(gstate *s) {
    for (int i = 0; i < 2; i++)
        if (s->tool[i]) GEOSGeom_destroy_r(s->ctx, s->tool[i]);
    if (s->target) GEOSGeom_destroy_r(s->ctx, s->target);
    GEOS_finish_r(s->ctx);
}

static int say(seen *v, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why, sizeof v->why, fmt, ap);
    va_end(ap);
    v->legal = false;
    return 0;
}

static int gstate_apply(gstate *s, const move *m, seen *v) {
    GEOSContextHandle_t ctx = s->ctx;
    memset(v, 0, sizeof *v);
    v->legal = true;
    if (m->a < 1 || m->a > 2 || (m->kind == 's' && (m->b < 1 || m->b > 2))) return say(v, "no such tool");
    if (m->kind == 'k') {
        if (!s->pending || s->pending != m->a) return say(v, "keep without a split");
        GEOSCoordSequence *cs = GEOSCoordSeq_create_r(ctx, 1, 2);
        GEOSCoordSeq_setXY_r(ctx, cs, 0, m->x, m->y);
        GEOSGeometry *pt = GEOSGeom_createPoint_r(ctx, cs);
        int hits = 0, at = -1, np = gpieces(ctx, s->tool[m->a - 1]);
        for (int i = 0; i < np; i++)
            if (GEOSIntersects_r(ctx, gpiece(ctx, s->tool[m->a - 1], i), pt) == 1) hits++, at = i;
        GEOSGeom_destroy_r(ctx, pt);
        if (hits != 1) return say(v, "the point lies in %d of %d pieces", hits, np);
        GEOSGeometry *k = GEOSGeom_clone_r(ctx, gpiece(ctx, s->tool[m->a - 1], at));
        GEOSGeom_destroy_r(ctx, s->tool[m->a - 1]);
        s->tool[m->a - 1] = k;
        s->pending = 0;
        return 0;
    }
    if (s->pending) return say(v, "tool %d is in %d pieces: keep must follow", s->pending,
                               gpieces(ctx, s->tool[s->pending - 1]));
    if (m->kind == 'r') {
        GEOSGeom_destroy_r(ctx, s->tool[m->a - 1]);
        s->tool[m->a - 1] = gsquare(ctx);
        return 0;
    }
    if (m->a == m->b) return say(v, "a tool cannot snip itself");
    GEOSGeometry *A = s->tool[m->a - 1];
    if (GEOSisEmpty_r(ctx, A) || GEOSisEmpty_r(ctx, s->tool[m->b - 1])) return say(v, "empty tool");
    double r = m->theta * (3.14159265358979323846 / 180.0);
    rigid mo = {cos(r), sin(r), m->tx, m->ty};
    GEOSGeometry *B = GEOSGeom_transformXY_r(ctx, s->tool[m->b - 1], rigid_xy, &mo);
    char rel = GEOSRelatePattern_r(ctx, A, B, "T********");
    if (rel != 1) {
        GEOSGeom_destroy_r(ctx, B);
        return say(v, rel == 0 ? "the interiors do not overlap" : "GEOS relate failed");
    }
    GEOSGeometry *d = GEOSDifference_r(ctx, A, B);
    GEOSGeom_destroy_r(ctx, B);
    if (!d) return say(v, "GEOS difference failed");
    d = gpolygons(ctx, d);
    double a0 = 0, a1 = 0;
    GEOSArea_r(ctx, A, &a0);
    GEOSArea_r(ctx, d, &a1);
    v->cut = a0 - a1;
    if (!(v->cut > SNIP_MIN_CUT)) {
        GEOSGeom_destroy_r(ctx, d);
        return say(v, "takes %.3g, not more than %g", a0 - a1, SNIP_MIN_CUT);
    }
    GEOSGeom_destroy_r(ctx, A);
    s->tool[m->a - 1] = d;
    v->pieces = gpieces(ctx, d);
    if (s->connected && v->pieces > 1) s->pending = m->a;
    return 0;
}

/* Tool 1 against the target: area of the symmetric difference, and each
 * inside the other grown by tol. */
static bool gstate_matches(gstate *s, double tol, double *area, char *why, size_t n) {
    GEOSContextHandle_t ctx = s->ctx;
    *area = NAN;
    if (s->pending) return snprintf(why, n, "ends awaiting keep"), false;
    GEOSGeometry *x = GEOSSymDifference_r(ctx, s->tool[0], s->target);
    if (!x) return snprintf(why, n, "GEOS symdifference failed"), false;
    GEOSArea_r(ctx, x, area);
    GEOSGeom_destroy_r(ctx, x);
    if (!(*area <= tol)) return snprintf(why, n, "symmetric difference %.3g", *area), false;
    GEOSGeometry *ga = GEOSBuffer_r(ctx, s->tool[0], tol, 8), *gt = GEOSBuffer_r(ctx, s->target, tol, 8);
    bool ok = GEOSCoveredBy_r(ctx, s->tool[0], gt) == 1 && GEOSCoveredBy_r(ctx, s->target, ga) == 1;
    GEOSGeom_destroy_r(ctx, ga);
    GEOSGeom_destroy_r(ctx, gt);
    if (!ok) snprintf(why, n, "Hausdorff distance over %g", tol);
    return ok;
}

/* ---------- (c) a second implementation, without GEOS ----------
 * A tool is a set of rings, shells counter-clockwise and holes clockwise, so
 * that the material is on the left of every edge. A - B keeps the pieces of
 * A's edges outside B and the pieces of B's edges (reversed) inside A; an
 * edge of A along an edge of B stays when their materials lie on opposite
 * sides. Edges are split at every crossing and at every vertex of the other
 * tool that lies on them; points closer than TOL are one point (the inputs
 * are doubles whose rotations carry errors of ~1e-16: a faithful replay
 * cannot tell features thinner than that, so a certificate must not rely on
 * them). Rings are traced taking at each vertex the first edge clockwise
 * from the way back, so pieces that touch at a point stay separate pieces
 * (tools are open sets). Arithmetic: long double (64-bit mantissa). */

typedef long double ld;
#define TOL 1e-14L

typedef struct pt {
    ld x, y;
} pt;
typedef struct ring {
    int n;
    pt *p; /* not closed: p[n-1] -> p[0] is an edge */
} ring;
typedef struct tool {
    int n;
    ring *r;
} tool;

static void tool_free(tool *t) {
    for (int i = 0; i < t->n; i++) free(t->r[i].p);
    free(t->r);
    t->n = 0;
    t->r = NULL;
}

static ld ring_area(const ring *r) {
    ld a = 0;
    for (int i = 0; i < r->n; i++) {
        const pt *u = &r->p[i], *w = &r->p[(i + 1) % r->n];
        a += u->x * w->y - w->x * u->y;
    }
    return a / 2;
}

static ld tool_area(const tool *t) {
    ld a = 0;
    for (int i = 0; i < t->n; i++) a += ring_area(&t->r[i]);
    return a;
}

static void tool_add_ring(tool *t, pt *p, int n) {
    t->r = realloc(t->r, (size_t)(t->n + 1) * sizeof *t->r);
    t->r[t->n].n = n;
    t->r[t->n].p = p;
    t->n++;
}

static void tool_square(tool *t) {
    tool_free(t);
    pt *p = malloc(4 * sizeof *p);
    p[0] = (pt){0, 0}, p[1] = (pt){1, 0}, p[2] = (pt){1, 1}, p[3] = (pt){0, 1};
    tool_add_ring(t, p, 4);
}

static ld seg_dist(pt a, pt b, pt c, ld *tp) {
    ld dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    ld t = l2 > 0 ? ((c.x - a.x) * dx + (c.y - a.y) * dy) / l2 : 0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    if (tp) *tp = t;
    ld ex = a.x + t * dx - c.x, ey = a.y + t * dy - c.y;
    return sqrtl(ex * ex + ey * ey);
}

/* Even-odd: is c inside the rings (boundary undecided)? */
static bool inside_rings(const ring *r, int nr, pt c) {
    bool in = false;
    for (int k = 0; k < nr; k++)
        for (int i = 0, j = r[k].n - 1; i < r[k].n; j = i++) {
            pt a = r[k].p[i], b = r[k].p[j];
            if ((a.y > c.y) != (b.y > c.y) && c.x < (b.x - a.x) * (c.y - a.y) / (b.y - a.y) + a.x) in = !in;
        }
    return in;
}

static bool near_rings(const ring *r, int nr, pt c, ld tol) {
    for (int k = 0; k < nr; k++)
        for (int i = 0; i < r[k].n; i++)
            if (seg_dist(r[k].p[i], r[k].p[(i + 1) % r[k].n], c, NULL) <= tol) return true;
    return false;
}

typedef struct box {
    ld x0, y0, x1, y1;
} box;

static box tool_box(const tool *t) {
    box b = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < t->n; k++)
        for (int i = 0; i < t->r[k].n; i++) {
            pt p = t->r[k].p[i];
            b.x0 = fminl(b.x0, p.x), b.y0 = fminl(b.y0, p.y), b.x1 = fmaxl(b.x1, p.x), b.y1 = fmaxl(b.y1, p.y);
        }
    return b;
}

static bool seg_meets_box(pt a, pt b, const box *x, ld g) {
    return !(fminl(a.x, b.x) > x->x1 + g || fmaxl(a.x, b.x) < x->x0 - g || fminl(a.y, b.y) > x->y1 + g ||
             fmaxl(a.y, b.y) < x->y0 - g);
}

/* One directed edge of either operand with its split points. */
typedef struct edge {
    pt a, b;
    int src; /* 0: A, 1: B (reversed) */
    int ns, cap;
    ld *t;
    pt *at;
} edge;

static void edge_split(edge *e, ld t, pt p) {
    if (e->ns == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 4;
        e->t = realloc(e->t, (size_t)e->cap * sizeof *e->t);
        e->at = realloc(e->at, (size_t)e->cap * sizeof *e->at);
    }
    e->t[e->ns] = t;
    e->at[e->ns++] = p;
}

static ld cross(pt o, pt a, pt b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static void meet(edge *e, edge *f) {
    ld t;
    bool touch = false;
    if (seg_dist(e->a, e->b, f->a, &t) <= TOL) edge_split(e, t, f->a), touch = true;
    if (seg_dist(e->a, e->b, f->b, &t) <= TOL) edge_split(e, t, f->b), touch = true;
    if (seg_dist(f->a, f->b, e->a, &t) <= TOL) edge_split(f, t, e->a), touch = true;
    if (seg_dist(f->a, f->b, e->b, &t) <= TOL) edge_split(f, t, e->b), touch = true;
    if (touch) return;
    ld d1 = cross(e->a, e->b, f->a), d2 = cross(e->a, e->b, f->b);
    ld d3 = cross(f->a, f->b, e->a), d4 = cross(f->a, f->b, e->b);
    if (!((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) || !((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return;
    ld te = d3 / (d3 - d4), tf = d1 / (d1 - d2);
    pt x = {e->a.x + te * (e->b.x - e->a.x), e->a.y + te * (e->b.y - e->a.y)};
    edge_split(e, te, x);
    edge_split(f, tf, x);
}

typedef struct dseg {
    pt a, b;
    int src;
} dseg;

static long own_open_chains; /* rings that did not close: an inconsistency of (c) */

static int by_x(const void *p, const void *q) {
    const pt *a = *(pt *const *)p, *b = *(pt *const *)q;
    return a->x < b->x ? -1 : a->x > b->x ? 1 : a->y < b->y ? -1 : a->y > b->y;
}

static int find(int *up, int i) {
    while (up[i] != i) i = up[i] = up[up[i]];
    return i;
}

/* Points closer than TOL become one (the first of the cluster). */
static void merge_points(dseg *s, int n) {
    pt **p = malloc((size_t)(2 * n + 1) * sizeof *p);
    for (int i = 0; i < n; i++) p[2 * i] = &s[i].a, p[2 * i + 1] = &s[i].b;
    qsort(p, (size_t)(2 * n), sizeof *p, by_x);
    int *up = malloc((size_t)(2 * n + 1) * sizeof *up);
    for (int i = 0; i < 2 * n; i++) up[i] = i;
    for (int i = 0; i < 2 * n; i++)
        for (int j = i + 1; j < 2 * n && p[j]->x - p[i]->x <= TOL; j++)
            if (fabsl(p[j]->y - p[i]->y) <= TOL) up[find(up, j)] = find(up, i);
    pt *val = malloc((size_t)(2 * n + 1) * sizeof *val);
    for (int i = 0; i < 2 * n; i++) val[i] = *p[i];
    for (int i = 0; i < 2 * n; i++) *p[i] = val[find(up, i)];
    free(val);
    free(up);
    free(p);
}

static const dseg *sort_segs;

static bool pt_less(pt a, pt b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/* Orders segment indices by their unordered pair of ends. */
static int by_ends(const void *p, const void *q) {
    const dseg *a = &sort_segs[*(const int *)p], *b = &sort_segs[*(const int *)q];
    pt a0 = pt_less(a->a, a->b) ? a->a : a->b, a1 = pt_less(a->a, a->b) ? a->b : a->a;
    pt b0 = pt_less(b->a, b->b) ? b->a : b->b, b1 = pt_less(b->a, b->b) ? b->b : b->a;
    if (pt_less(a0, b0)) return -1;
    if (pt_less(b0, a0)) return 1;
    if (pt_less(a1, b1)) return -1;
    if (pt_less(b1, a1)) return 1;
    return 0;
}

static int by_tail(const void *p, const void *q) {
    const dseg *a = p, *b = q;
    return a->a.x < b->a.x ? -1 : a->a.x > b->a.x ? 1 : a->a.y < b->a.y ? -1 : a->a.y > b->a.y;
}

/* Links directed segments (material on the left) into rings. */
static void link_rings(dseg *s, int n, tool *out) {
    memset(out, 0, sizeof *out);
    qsort(s, (size_t)n, sizeof *s, by_tail);
    bool *used = calloc((size_t)n + 1, 1);
    for (int start = 0; start < n; start++) {
        if (used[start]) continue;
        int cap = 16, m = 0, cur = start;
        pt *p = malloc((size_t)cap * sizeof *p);
        while (!used[cur]) {
            used[cur] = true;
            if (m == cap) p = realloc(p, (size_t)(cap *= 2) * sizeof *p);
            p[m++] = s[cur].a;
            /* the outgoing edges at s[cur].b: binary search on the tail */
            pt w = s[cur].b;
            int lo = 0, hi = n;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (s[mid].a.x < w.x || (s[mid].a.x == w.x && s[mid].a.y < w.y))
                    lo = mid + 1;
                else
                    hi = mid;
            }
            ld back = atan2l(s[cur].a.y - w.y, s[cur].a.x - w.x);
            int best = -1;
            ld best_turn = 0;
            for (int k = lo; k < n && s[k].a.x == w.x && s[k].a.y == w.y; k++) {
                if (used[k] && k != start) continue;
                ld out_ang = atan2l(s[k].b.y - w.y, s[k].b.x - w.x);
                ld turn = fmodl(back - out_ang + 4 * 3.14159265358979323846L, 2 * 3.14159265358979323846L);
                if (turn <= 0) turn += 2 * 3.14159265358979323846L;
                if (best < 0 || turn < best_turn) best = k, best_turn = turn;
            }
            if (best < 0) {
                own_open_chains++; /* cannot happen on consistent input */
                break;
            }
            cur = best;
        }
        if (m >= 3)
            tool_add_ring(out, p, m);
        else
            free(p);
    }
    free(used);
}

static void collect(const tool *t, bool reversed, int src, edge **e, int *ne, int *cap, const box *near, ld g) {
    for (int k = 0; k < t->n; k++)
        for (int i = 0; i < t->r[k].n; i++) {
            pt a = t->r[k].p[i], b = t->r[k].p[(i + 1) % t->r[k].n];
            if (near && !seg_meets_box(a, b, near, g)) continue;
            if (*ne == *cap) *e = realloc(*e, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof **e);
            edge x = {.a = reversed ? b : a, .b = reversed ? a : b, .src = src};
            (*e)[(*ne)++] = x;
        }
}

/* A - B for tools in one frame. */
static void tool_diff(const tool *A, const tool *B, tool *out) {
    box ba = tool_box(A), bb = tool_box(B);
    edge *e = NULL;
    int ne = 0, cap = 0;
    collect(A, false, 0, &e, &ne, &cap, NULL, 0);
    int na = ne;
    collect(B, true, 1, &e, &ne, &cap, &ba, 4 * TOL); /* the rest of B lies outside A */
    for (int i = 0; i < na; i++) {
        if (!seg_meets_box(e[i].a, e[i].b, &bb, 4 * TOL)) continue;
        for (int j = na; j < ne; j++) {
            if (fminl(e[i].a.x, e[i].b.x) > fmaxl(e[j].a.x, e[j].b.x) + 2 * TOL ||
                fmaxl(e[i].a.x, e[i].b.x) < fminl(e[j].a.x, e[j].b.x) - 2 * TOL ||
                fminl(e[i].a.y, e[i].b.y) > fmaxl(e[j].a.y, e[j].b.y) + 2 * TOL ||
                fmaxl(e[i].a.y, e[i].b.y) < fminl(e[j].a.y, e[j].b.y) - 2 * TOL)
                continue;
            meet(&e[i], &e[j]);
        }
    }
    /* the pieces of every edge, in order along it */
    int ns = 0, scap = ne + 16;
    dseg *s = malloc((size_t)scap * sizeof *s);
    for (int i = 0; i < ne; i++) {
        edge *x = &e[i];
        /* insertion sort of the split points by t */
        for (int k = 1; k < x->ns; k++)
            for (int j = k; j > 0 && x->t[j - 1] > x->t[j]; j--) {
                ld tt = x->t[j];
                x->t[j] = x->t[j - 1], x->t[j - 1] = tt;
                pt pp = x->at[j];
                x->at[j] = x->at[j - 1], x->at[j - 1] = pp;
            }
        pt prev = x->a;
        for (int k = 0; k <= x->ns; k++) {
            pt nx = k < x->ns ? x->at[k] : x->b;
            if (ns == scap) s = realloc(s, (size_t)(scap *= 2) * sizeof *s);
            s[ns++] = (dseg){prev, nx, x->src};
            prev = nx;
        }
        free(x->t);
        free(x->at);
    }
    free(e);
    merge_points(s, ns);
    if (getenv("PL_REPLAY_DEBUG")) fprintf(stderr, "DIFF\n");
    /* Pieces of A and of B that lie on each other now have the same two
     * ends (both edges were split at each other's ends, and the ends merged):
     * find them by sorting on the unordered pair of ends. A's piece stays
     * when B's material lies on its other side (B's reversed piece runs the
     * same way), B's goes (A's copy is the one kept). */
    int *ord = malloc((size_t)(ns + 1) * sizeof *ord), nd = 0;
    for (int i = 0; i < ns; i++)
        if (s[i].a.x != s[i].b.x || s[i].a.y != s[i].b.y) ord[nd++] = i;
    sort_segs = s;
    qsort(ord, (size_t)nd, sizeof *ord, by_ends);
    signed char *along = calloc((size_t)ns + 1, 1); /* 1: a twin runs the same way, -1: the other way */
    for (int g = 0; g < nd;) {
        int h = g + 1;
        while (h < nd && by_ends(&ord[g], &ord[h]) == 0) h++;
        for (int x = g; x < h; x++)
            for (int y = g; y < h; y++) {
                const dseg *p = &s[ord[x]], *q = &s[ord[y]];
                if (p->src == q->src) continue;
                along[ord[x]] = p->a.x == q->a.x && p->a.y == q->a.y ? 1 : -1;
            }
        g = h;
    }
    int nk = 0;
    dseg *kept = malloc((size_t)(nd + 1) * sizeof *kept);
    for (int x = 0; x < nd; x++) {
        int i = ord[x];
        dseg d = s[i];
        pt m = {(d.a.x + d.b.x) / 2, (d.a.y + d.b.y) / 2};
        box ob = d.src == 0 ? bb : ba;
        bool keep;
        if (along[i])
            keep = d.src == 0 && along[i] > 0;
        else if (!seg_meets_box(d.a, d.b, &ob, 4 * TOL))
            keep = d.src == 0;
        else if (d.src == 0)
            keep = !inside_rings(B->r, B->n, m);
        else
            keep = inside_rings(A->r, A->n, m);
        if (getenv("PL_REPLAY_DEBUG"))
            fprintf(stderr, "%s %.17Lg %.17Lg -> %.17Lg %.17Lg %s (twin %d)\n", d.src ? "B" : "A", d.a.x, d.a.y, d.b.x,
                    d.b.y, keep ? "keep" : "drop", along[i]);
        if (keep) kept[nk++] = d;
    }
    free(ord);
    free(along);
    link_rings(kept, nk, out);
    free(kept);
    free(s);
}

/* Pieces: each hole goes to the smallest shell holding it. owner[i] is the
 * shell of ring i (itself for shells); returns the number of shells. */
static int tool_pieces(const tool *t, int *owner) {
    int shells = 0;
    for (int i = 0; i < t->n; i++) {
        owner[i] = -1;
        if (ring_area(&t->r[i]) > 0) owner[i] = i, shells++;
    }
    for (int i = 0; i < t->n; i++) {
        if (owner[i] >= 0) continue;
        pt a = t->r[i].p[0], b = t->r[i].p[1 % t->r[i].n], m = {(a.x + b.x) / 2, (a.y + b.y) / 2};
        ld best = INFINITY;
        for (int k = 0; k < t->n; k++) {
            if (owner[k] != k) continue;
            ld ar = ring_area(&t->r[k]);
            if (ar < best && inside_rings(&t->r[k], 1, m)) best = ar, owner[i] = k;
        }
    }
    return shells;
}

/* Keeps the piece whose closure holds c; returns how many do. */
static int tool_keep(tool *t, pt c) {
    int *owner = malloc((size_t)(t->n + 1) * sizeof *owner), hits = 0, which = -1;
    tool_pieces(t, owner);
    for (int k = 0; k < t->n; k++) {
        if (owner[k] != k) continue;
        bool in = near_rings(&t->r[k], 1, c, TOL) || inside_rings(&t->r[k], 1, c);
        for (int i = 0; i < t->n && in; i++)
            if (owner[i] == k && i != k && inside_rings(&t->r[i], 1, c) && !near_rings(&t->r[i], 1, c, TOL))
                in = false;
        if (in) hits++, which = k;
    }
    if (hits == 1) {
        tool kept = {0};
        for (int i = 0; i < t->n; i++)
            if (owner[i] == which) {
                pt *p = malloc((size_t)t->r[i].n * sizeof *p);
                memcpy(p, t->r[i].p, (size_t)t->r[i].n * sizeof *p);
                tool_add_ring(&kept, p, t->r[i].n);
            }
        tool_free(t);
        *t = kept;
    }
    free(owner);
    return hits;
}

static void tool_place(const tool *t, double theta, double tx, double ty, tool *out) {
    memset(out, 0, sizeof *out);
    ld r = (ld)theta * (3.14159265358979323846264338327950288L / 180.0L), c = cosl(r), s = sinl(r);
    for (int k = 0; k < t->n; k++) {
        pt *p = malloc((size_t)t->r[k].n * sizeof *p);
        for (int i = 0; i < t->r[k].n; i++) {
            pt q = t->r[k].p[i];
            p[i] = (pt){c * q.x - s * q.y + tx, s * q.x + c * q.y + ty};
        }
        tool_add_ring(out, p, t->r[k].n);
    }
}

/* A target read from WKT by hand: numbers at the ring depth of POLYGON (2)
 * or MULTIPOLYGON (3); shells made counter-clockwise, holes clockwise. */
static bool read_wkt(const char *w, tool *out) {
    memset(out, 0, sizeof *out);
    const char *p = w;
    while (*p && isspace((unsigned char)*p)) p++;
    int ring_depth = strncmp(p, "MULTIPOLYGON", 12) == 0 ? 3 : strncmp(p, "POLYGON", 7) == 0 ? 2 : 0;
    if (!ring_depth) return false;
    int depth = 0, ring_in_poly = 0, cap = 0, n = 0;
    pt *cur = NULL;
    for (; *p; p++) {
        if (*p == '(') {
            depth++;
            if (depth == ring_depth) cur = NULL, n = cap = 0;
            if (depth == ring_depth - 1) ring_in_poly = 0;
        } else if (*p == ')') {
            if (depth == ring_depth) {
                if (n >= 2 && cur[0].x == cur[n - 1].x && cur[0].y == cur[n - 1].y) n--;
                ring rg = {n, cur};
                bool shell = ring_in_poly++ == 0;
                if ((ring_area(&rg) > 0) != shell)
                    for (int i = 0; i < n / 2; i++) {
                        pt t = cur[i];
                        cur[i] = cur[n - 1 - i], cur[n - 1 - i] = t;
                    }
                tool_add_ring(out, cur, n);
                cur = NULL;
            }
            depth--;
        } else if (depth == ring_depth && (isdigit((unsigned char)*p) || *p == '-' || *p == '.')) {
            char *end;
            double x = strtod(p, &end), y = strtod(end, &end);
            if (n == cap) cur = realloc(cur, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *cur);
            cur[n++] = (pt){x, y};
            p = end - 1;
        }
    }
    return out->n > 0;
}

typedef struct lstate {
    bool connected;
    tool tool[2], target;
    int pending;
} lstate;

static bool lstate_init(lstate *s, const char *level_text) {
    memset(s, 0, sizeof *s);
    char *w = level_wkt(level_text, &s->connected);
    bool ok = read_wkt(w, &s->target);
    free(w);
    tool_square(&s->tool[0]);
    tool_square(&s->tool[1]);
    return ok;
}

static void lstate_free(lstate *s) {
    tool_free(&s->tool[0]);
    tool_free(&s->tool[1]);
    tool_free(&s->target);
}

static int tool_npieces(const tool *t) {
    int *owner = malloc((size_t)(t->n + 1) * sizeof *owner), n = tool_pieces(t, owner);
    free(owner);
    return n;
}

static int lstate_apply(lstate *s, const move *m, seen *v) {
    memset(v, 0, sizeof *v);
    v->legal = true;
    if (m->a < 1 || m->a > 2 || (m->kind == 's' && (m->b < 1 || m->b > 2))) return say(v, "no such tool");
    if (m->kind == 'k') {
        if (!s->pending || s->pending != m->a) return say(v, "keep without a split");
        int np = tool_npieces(&s->tool[m->a - 1]);
        int hits = tool_keep(&s->tool[m->a - 1], (pt){m->x, m->y});
        if (hits != 1) return say(v, "the point lies in %d of %d pieces", hits, np);
        s->pending = 0;
        return 0;
    }
    if (s->pending)
        return say(v, "tool %d is in %d pieces: keep must follow", s->pending, tool_npieces(&s->tool[s->pending - 1]));
    if (m->kind == 'r') {
        tool_square(&s->tool[m->a - 1]);
        return 0;
    }
    if (m->a == m->b) return say(v, "a tool cannot snip itself");
    tool *A = &s->tool[m->a - 1];
    if (A->n == 0 || s->tool[m->b - 1].n == 0) return say(v, "empty tool");
    tool B, d;
    tool_place(&s->tool[m->b - 1], m->theta, m->tx, m->ty, &B);
    tool_diff(A, &B, &d);
    tool_free(&B);
    v->cut = (double)(tool_area(A) - tool_area(&d));
    if (!(v->cut > SNIP_MIN_CUT)) {
        tool_free(&d);
        return say(v, "takes %.3g, not more than %g", v->cut, SNIP_MIN_CUT);
    }
    tool_free(A);
    *A = d;
    v->pieces = tool_npieces(A);
    if (s->connected && v->pieces > 1) s->pending = m->a;
    return 0;
}

/* Tool 1 against the target: the area of A xor T from two differences, and
 * every vertex and edge midpoint of each within tol of the other. */
static bool within(const tool *t, const tool *u, ld tol) {
    for (int k = 0; k < t->n; k++)
        for (int i = 0; i < t->r[k].n; i++) {
            pt a = t->r[k].p[i], b = t->r[k].p[(i + 1) % t->r[k].n], m = {(a.x + b.x) / 2, (a.y + b.y) / 2};
            if (!inside_rings(u->r, u->n, a) && !near_rings(u->r, u->n, a, tol)) return false;
            if (!inside_rings(u->r, u->n, m) && !near_rings(u->r, u->n, m, tol)) return false;
        }
    return true;
}

static bool lstate_matches(lstate *s, double tol, double *area, char *why, size_t n) {
    *area = NAN;
    if (s->pending) return snprintf(why, n, "ends awaiting keep"), false;
    tool x, y;
    tool_diff(&s->tool[0], &s->target, &x);
    tool_diff(&s->target, &s->tool[0], &y);
    *area = (double)(tool_area(&x) + tool_area(&y));
    tool_free(&x);
    tool_free(&y);
    if (!(*area <= tol)) return snprintf(why, n, "symmetric difference %.3g", *area), false;
    if (!within(&s->tool[0], &s->target, tol) || !within(&s->target, &s->tool[0], tol))
        return snprintf(why, n, "a vertex farther than %g from the other shape", tol), false;
    return true;
}

/* ---------- the three replays side by side ---------- */

/* Our tool as a GEOS geometry in the plain replay's context (diagnostics). */
static GEOSGeometry *ours_in_geos(GEOSContextHandle_t ctx, const snip_state *sa, int tool) {
    snip_polys p;
    snip_state_polygons(sa, tool, &p);
    GEOSGeometry **polys = calloc((size_t)p.npieces + 1, sizeof *polys);
    for (int i = 0; i < p.npieces; i++) {
        GEOSGeometry *rings[64];
        int nr = p.pieces[i].nrings < 64 ? p.pieces[i].nrings : 64;
        for (int r = 0; r < nr; r++) {
            GEOSCoordSequence *cs =
                GEOSCoordSeq_copyFromBuffer_r(ctx, p.pieces[i].rings[r].xy, (unsigned)p.pieces[i].rings[r].n, 0, 0);
            rings[r] = GEOSGeom_createLinearRing_r(ctx, cs);
        }
        polys[i] = GEOSGeom_createPolygon_r(ctx, rings[0], rings + 1, (unsigned)(nr - 1));
    }
    GEOSGeometry *g = GEOSGeom_createCollection_r(ctx, GEOS_MULTIPOLYGON, polys, (unsigned)p.npieces);
    free(polys);
    snip_polys_free(&p);
    return g;
}

/* Where the plain replay's tool differs from ours: the pieces of the
 * symmetric difference, largest first (diagnostics). */
static void show_difference(gstate *sb, const snip_state *sa, int tool) {
    GEOSContextHandle_t ctx = sb->ctx;
    GEOSGeometry *o = ours_in_geos(ctx, sa, tool);
    GEOSGeometry *x = GEOSSymDifference_r(ctx, o, sb->tool[tool - 1]);
    int n = x ? gpieces(ctx, x) : 0;
    printf("  tool %d: ours %d pieces, plain GEOS %d; their symmetric difference has %d pieces\n", tool,
           gpieces(ctx, o), gpieces(ctx, sb->tool[tool - 1]), n);
    for (int i = 0; i < n && i < 12; i++) {
        const GEOSGeometry *q = gpiece(ctx, x, i);
        double a = 0, cx = 0, cy = 0, len = 0;
        GEOSArea_r(ctx, q, &a);
        GEOSLength_r(ctx, q, &len);
        GEOSGeometry *c = GEOSGetCentroid_r(ctx, q);
        GEOSGeomGetX_r(ctx, c, &cx);
        GEOSGeomGetY_r(ctx, c, &cy);
        GEOSGeom_destroy_r(ctx, c);
        printf("    area %.3g, perimeter %.3g (width ~%.3g) at (%.17g %.17g)\n", a, len, 2 * a / len, cx, cy);
    }
    if (x) GEOSGeom_destroy_r(ctx, x);
    /* where our pieces come closest: the gap the other replay may bridge */
    for (int i = 0; i + 1 < gpieces(ctx, o); i++) {
        double d = 0;
        GEOSDistance_r(ctx, gpiece(ctx, o, i), gpiece(ctx, o, i + 1), &d);
        GEOSCoordSequence *cs = GEOSNearestPoints_r(ctx, gpiece(ctx, o, i), gpiece(ctx, o, i + 1));
        double px = 0, py = 0;
        if (cs) GEOSCoordSeq_getXY_r(ctx, cs, 0, &px, &py), GEOSCoordSeq_destroy_r(ctx, cs);
        printf("    our pieces %d and %d are %.3g apart at (%.17g %.17g)\n", i + 1, i + 2, d, px, py);
    }
    GEOSGeom_destroy_r(ctx, o);
}

static void *parse_level(const char *text, pl_error *err) {
    pl_level_text lt;
    memset(err, 0, sizeof *err);
    if (pl_level_text_parse("t.level", text, strlen(text), &lt, err)) return NULL;
    void *l = G->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return l;
}

typedef struct tally {
    long certificates, moves, keeps, snips;
    double worst_cut_gap; /* largest |cut (a) - cut (b or c)| */
    double least_cut;     /* smallest cut of a snip (b) */
    long tolerances, tolerances_failed, tolerances_skipped; /* final comparisons cell by cell against the whole tool */
} tally;

/* Replays the certificate three ways; checks agreement. verbose: prints
 * every move. leaf_max > 0: our rules split the tools' leaves from that many
 * coordinates (snip_level_set_leaf_max) rather than at the defaults. Returns
 * false when something disagreed. */
static bool replay3(const char *level_text, char **lines, int nlines, tally *ty, bool verbose, int leaf_max) {
    pl_error err;
    snip_level *l = parse_level(level_text, &err);
    CHECKF(l != NULL, "level does not parse: %s", err.msg);
    if (!l) return false;
    if (leaf_max > 0) snip_level_set_leaf_max(l, leaf_max);
    snip_state *sa = snip_state_new(l);
    gstate sb;
    lstate sc;
    bool ok = CHECK(gstate_init(&sb, level_text)) & CHECK(lstate_init(&sc, level_text));
    int nfail = 0;
    for (int i = 0; i < nlines && ok; i++) {
        move m;
        if (!CHECKF(read_move(lines[i], &m), "move %d '%s' does not read", i + 1, lines[i])) {
            ok = false;
            break;
        }
        snip_move sm;
        char why[256] = "";
        int col;
        seen va = {.legal = true};
        if (snip_move_parse(lines[i], &sm, why, sizeof why, &col) || snip_state_apply(sa, &sm, why, sizeof why)) {
            va.legal = false;
            snprintf(va.why, sizeof va.why, "%.199s", why);
        }
        seen vb, vc;
        if (verbose && getenv("PL_REPLAY_SHOW") && atoi(getenv("PL_REPLAY_SHOW")) == i + 1) {
            for (int t = 0; t < 2; t++) {
                GEOSWKTWriter *w = GEOSWKTWriter_create_r(sb.ctx);
                GEOSWKTWriter_setRoundingPrecision_r(sb.ctx, w, 17);
                char *txt = GEOSWKTWriter_write_r(sb.ctx, w, sb.tool[t]);
                printf("GEOS tool %d: %s\n", t + 1, txt);
                GEOSFree_r(sb.ctx, txt);
                GEOSWKTWriter_destroy_r(sb.ctx, w);
                printf("own tool %d:", t + 1);
                for (int k = 0; k < sc.tool[t].n; k++) {
                    printf(" (");
                    for (int j = 0; j < sc.tool[t].r[k].n; j++)
                        printf("%s%.17Lg %.17Lg", j ? ", " : "", sc.tool[t].r[k].p[j].x, sc.tool[t].r[k].p[j].y);
                    printf(")");
                }
                printf("\n");
            }
        }
        gstate_apply(&sb, &m, &vb);
        long open0 = own_open_chains;
        lstate_apply(&sc, &m, &vc);
        if (!CHECKF(own_open_chains == open0, "move %d '%s': the second replay left %ld open chains", i + 1, lines[i],
                    own_open_chains - open0))
            ok = false;
        ty->moves++;
        if (m.kind == 'k') ty->keeps++;
        if (m.kind == 's' && vb.legal) {
            ty->snips++;
            if (vb.cut < ty->least_cut) ty->least_cut = vb.cut;
        }
        if (verbose)
            printf("%4d %-60.60s | ours %s | GEOS %s %.3g %d | own %s %.3g %d\n", i + 1, lines[i],
                   va.legal ? "ok" : va.why, vb.legal ? "ok" : vb.why, vb.cut, vb.pieces, vc.legal ? "ok" : vc.why,
                   vc.cut, vc.pieces);
        bool same = va.legal == vb.legal && va.legal == vc.legal;
        if (!CHECKF(same, "move %d '%s': ours %s (%s), plain GEOS %s (%s), second replay %s (%s)", i + 1, lines[i],
                    va.legal ? "legal" : "illegal", va.why, vb.legal ? "legal" : "illegal", vb.why,
                    vc.legal ? "legal" : "illegal", vc.why))
            nfail++, ok = false;
        if (m.kind == 's' && same && va.legal && sb.connected) {
            /* what happens next depends on the pieces: the same in all three */
            int pa = snip_state_pending(sa) ? 2 : 1, pb = sb.pending ? 2 : 1, pc = sc.pending ? 2 : 1;
            if (!CHECKF(pa == pb && pa == pc, "move %d '%s' splits the tool: ours %s, plain GEOS %d pieces, second %d",
                        i + 1, lines[i], pa > 1 ? "yes" : "no", vb.pieces, vc.pieces)) {
                ok = false;
                if (verbose) show_difference(&sb, sa, m.a);
            }
        }
        if (m.kind == 's' && same && va.legal) {
            double gap = fabs(vb.cut - vc.cut);
            if (gap > ty->worst_cut_gap) ty->worst_cut_gap = gap;
        }
    }
    if (ok) {
        double aa, hd, ab, ac;
        char wa[256] = "", wb[256] = "", wc[256] = "";
        bool ma = snip_state_matches(sa, SNIP_DEFAULT_TOLERANCE, &aa, &hd, wa, sizeof wa);
        bool mb = gstate_matches(&sb, SNIP_DEFAULT_TOLERANCE, &ab, wb, sizeof wb);
        bool mc = lstate_matches(&sc, SNIP_DEFAULT_TOLERANCE, &ac, wc, sizeof wc);
        if (verbose) printf("final: ours %s %.3g | GEOS %s %.3g | own %s %.3g\n", ma ? "ok" : wa, aa, mb ? "ok" : wb, ab,
                            mc ? "ok" : wc, ac);
        if (verbose && !mb) {
            GEOSGeometry *o = ours_in_geos(sb.ctx, sa, 1);
            GEOSGeometry *x = GEOSDifference_r(sb.ctx, sb.tool[0], o);
            for (int k = 0; x && k < gpieces(sb.ctx, x); k++) {
                double d = 0, a = 0;
                GEOSHausdorffDistance_r(sb.ctx, gpiece(sb.ctx, x, k), sb.target, &d);
                GEOSArea_r(sb.ctx, gpiece(sb.ctx, x, k), &a);
                if (d > 1e-9) {
                    GEOSWKTWriter *w = GEOSWKTWriter_create_r(sb.ctx);
                    GEOSWKTWriter_setRoundingPrecision_r(sb.ctx, w, 17);
                    char *txt = GEOSWKTWriter_write_r(sb.ctx, w, gpiece(sb.ctx, x, k));
                    printf("  plain GEOS keeps, %.3g from the target, area %.3g: %.300s\n", d, a, txt);
                    GEOSFree_r(sb.ctx, txt);
                    GEOSWKTWriter_destroy_r(sb.ctx, w);
                }
            }
            if (x) GEOSGeom_destroy_r(sb.ctx, x);
            GEOSGeom_destroy_r(sb.ctx, o);
        }
        ok = CHECKF(ma && mb && mc, "final shape: ours %s (%s, %.3g), plain GEOS %s (%s, %.3g), second %s (%s, %.3g)",
                    ma ? "matches" : "differs", wa, aa, mb ? "matches" : "differs", wb, ab, mc ? "matches" : "differs",
                    wc, ac);
        /* A tool in several leaves is compared with its target cell by cell
         * (the target within the tool's buffer: covered_by_buffer_cells in
         * rules.c); the same moves on a level that keeps each tool whole must
         * get the same answer, at tolerances on both sides of the distance
         * between tool and target (and at the default): a tolerance below it
         * fails one of the two buffer tests. */
        if (snip_state_leaves(sa, 1) > 1) {
            snip_level *lw = parse_level(level_text, &err);
            snip_state *sw = lw ? (snip_level_set_leaf_max(lw, 0), snip_state_new(lw)) : NULL;
            bool same = sw != NULL;
            for (int i = 0; i < nlines && same; i++) {
                snip_move sm;
                char why[256];
                int col;
                same = snip_move_parse(lines[i], &sm, why, sizeof why, &col) == 0 &&
                       snip_state_apply(sw, &sm, why, sizeof why) == 0;
            }
            /* (a contact the grid cannot resolve may make a move illegal on
             * one and not the other: test_snip's leaves; then no comparison) */
            double tols[] = {SNIP_DEFAULT_TOLERANCE, hd / 8, hd / 2, hd * 0.9, hd * 1.1, hd * 2, hd * 8};
            for (size_t k = 0; k < sizeof tols / sizeof tols[0] && same; k++) {
                if (!(tols[k] > 0)) continue;
                double a1, h1, a2, h2;
                char w1[256] = "", w2[256] = "";
                bool cellwise = snip_state_matches(sa, tols[k], &a1, &h1, w1, sizeof w1);
                bool whole = snip_state_matches(sw, tols[k], &a2, &h2, w2, sizeof w2);
                ok &= CHECKF(cellwise == whole && strcmp(w1, w2) == 0,
                             "tolerance %.3g (distance %.3g, %d leaves): cell by cell %s (%s), whole tool %s (%s)",
                             tols[k], hd, snip_state_leaves(sa, 1), cellwise ? "matches" : "differs", w1,
                             whole ? "matches" : "differs", w2);
                ty->tolerances++;
                ty->tolerances_failed += !whole;
            }
            ty->tolerances_skipped += !same;
            if (sw) snip_state_free(sw);
            if (lw) G->level_free(lw);
        }
    }
    ty->certificates++;
    snip_state_free(sa);
    gstate_free(&sb);
    lstate_free(&sc);
    G->level_free(l);
    return ok;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

/* The move lines of a MOVES file or of a solution (comments, blank lines,
 * `moves:` skipped). */
static int move_lines(char *text, char ***out) {
    int n = 0, cap = 16;
    char **v = malloc((size_t)cap * sizeof *v), *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        while (isspace((unsigned char)*line)) line++;
        if (!*line || *line == '#' || strncmp(line, "moves:", 6) == 0) continue;
        if (n == cap) v = realloc(v, (size_t)(cap *= 2) * sizeof *v);
        v[n++] = line;
    }
    *out = v;
    return n;
}

/* ---------- the test families ---------- */

typedef struct family {
    const char *family, *model, *algorithm;
    int vertices; /* 0: a random count in [4, 40] for each seed */
    int leaf_max; /* > 0: solved and replayed by our rules with leaves split from this many coordinates */
} family;

/* Generates, solves (the certificate must come back solved) and replays. */
static void check_family(const family *f, uint64_t seed, tally *ty) {
    pl_rng rng;
    pl_rng_seed(&rng, seed * 7919 + 13);
    int nv = f->vertices ? f->vertices : 4 + (int)pl_rng_below(&rng, 37);
    pl_opts o = {0};
    char sv[32], vv[32];
    snprintf(sv, sizeof sv, "%llu", (unsigned long long)seed);
    snprintf(vv, sizeof vv, "%d", nv);
    const char *names[] = {"family", "model", "seed", "vertices"}, *vals[] = {f->family, f->model, sv, vv};
    for (int i = 0; i < 4; i++) o.name[i] = names[i], o.value[i] = vals[i];
    o.n = 4;
    pl_error err;
    char *text = G->generate(&o, &err);
    if (!CHECKF(text != NULL, "generate %s %s: %s", f->family, vv, err.msg)) return;
    check_context(true, seed, "%s, %d vertices, model %s, algorithm %s:\n%s", f->family, nv, f->model, f->algorithm,
                  text);
    void *l = parse_level(text, &err);
    if (l && f->leaf_max > 0) snip_level_set_leaf_max(l, f->leaf_max);
    const pl_algorithm *alg = NULL;
    for (int i = 0; i < G->nalgorithms; i++)
        if (strcmp(G->algorithms[i].name, f->algorithm) == 0) alg = &G->algorithms[i];
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    char why[256] = "";
    if (CHECKF(l && alg && alg->applies(l, &req, why, sizeof why), "%s does not apply: %s", f->algorithm, why)) {
        CHECK(alg->solve(l, &req, &sol, &err) == 0);
        if (CHECKF(sol.status == PL_SOLVED, "status %s: %s", pl_status_name(sol.status), sol.note))
            replay3(text, sol.moves.s, sol.moves.n, ty, false, f->leaf_max);
    }
    pl_solution_free(&sol);
    if (l) G->level_free(l);
    free(text);
    check_clear_context();
}

int main(int argc, char **argv) {
    G = pl_game_find("snip");
    if (!CHECK(G != NULL)) return check_done("snip_replay");
    tally ty = {.least_cut = INFINITY};
    if (argc == 3) {
        char *level = slurp(argv[1]), *moves = slurp(argv[2]);
        if (!level || !moves) {
            fprintf(stderr, "usage: test_snip_replay [LEVEL MOVES]\n");
            return 2;
        }
        char **lines;
        int n = move_lines(moves, &lines);
        replay3(level, lines, n, &ty, true, 0);
        free(lines);
        free(level);
        free(moves);
        return check_done("snip_replay");
    }
    uint64_t seed0 = check_seed_from_env(1);
    /* 3 seeds of each family (1 under AddressSanitizer, which makes GEOS
     * several times slower); PL_TEST_ROUNDS for more */
#if defined(__SANITIZE_ADDRESS__)
    int rounds = 1;
#else
    int rounds = 3;
#endif
    if (getenv("PL_TEST_ROUNDS")) rounds = atoi(getenv("PL_TEST_ROUNDS"));
    static const family fams[] = {
        {"simple", "connected", "needle", 0, 0},      {"simple", "disconnected", "lshape", 0, 0},
        {"holes", "connected", "needle", 5, 0},       {"holes", "disconnected", "lshape", 4, 0},
        {"pieces", "disconnected", "lshape", 4, 0},   {"lower-bound", "connected", "needle", 9, 0},
        {"lower-bound", "disconnected", "lshape", 6, 0}, {"observation-1", "connected", "needle", 4, 0},
        {"observation-1", "disconnected", "lshape", 4, 0},
        /* the connected model's leaves (issue 21) at a size where they split */
        {"simple", "connected", "needle", 0, 32}, {"holes", "connected", "needle", 5, 32},
        /* Theorem 5's tool in leaves, compared with its target cell by cell */
        {"simple", "disconnected", "lshape", 0, 256},
    };
    for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++)
        for (int r = 0; r < rounds; r++) check_family(&fams[f], seed0 + (uint64_t)r, &ty);
    printf("snip_replay: %ld certificates, %ld moves (%ld snips, %ld keeps) replayed three ways; smallest cut %.3g, "
           "largest gap between the two replays' cuts %.3g; %ld final comparisons cell by cell agreed with the whole "
           "tool's (%ld of them not matching)\n",
           ty.certificates, ty.moves, ty.snips, ty.keeps, ty.least_cut, ty.worst_cut_gap, ty.tolerances,
           ty.tolerances_failed);
    /* both answers among them, so that the comparison can tell a wrong one */
    CHECKF(ty.tolerances >= 10 && ty.tolerances_failed > 0 && ty.tolerances_failed < ty.tolerances,
           "%ld comparisons cell by cell, %ld not matching", ty.tolerances, ty.tolerances_failed);
    return check_done("snip_replay");
}
