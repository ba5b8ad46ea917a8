/* Exact Cover by 3-Sets (X3C), the source of Two Dots' Theorem 1: items
 * 1..3q and sets of three items; is there a subcollection of q sets that
 * covers every item exactly once?
 *
 * Solver: Knuth's Algorithm X (branch on the uncovered item with the fewest
 * sets still disjoint from the chosen ones, try each such set), with an
 * explicit stack (its depth is at most q). Exponential in the worst case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---------- format ---------- */

void pl_x3c_free(pl_x3c *x) {
    free(x->set);
    free(x->line);
    memset(x, 0, sizeof *x);
}

int pl_x3c_parse(const char *file, const char *data, size_t len, pl_x3c *x, pl_error *err) {
    memset(x, 0, sizeof *x);
    snprintf(x->file, sizeof x->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0, cap = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        if (L.s[i] == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1, "a second 'p' line (the header is 'p x3c ITEMS SETS', once)");
                goto fail;
            }
            long v;
            int items_col;
            if (pl_line_header(&L, i, "x3c", "ITEMS", "SETS", &v, &items_col, &announced, &header_col, err)) goto fail;
            if (v % 3) {
                pl_error_set(err, file, L.line, items_col,
                             "the number of items must be a multiple of 3 (3q items, covered by q sets), got %ld", v);
                goto fail;
            }
            x->items = (int)v;
            header = true;
            header_line = L.line;
            continue;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p x3c ITEMS SETS' before the sets");
            goto fail;
        }
        if (x->nsets == announced) {
            pl_error_set(err, file, L.line, i + 1, "set %d is one more than the header's %ld (line %d)", x->nsets + 1,
                         announced, header_line);
            goto fail;
        }
        if (x->nsets == cap) {
            cap = cap ? 2 * cap : 16;
            x->set = pl_xrealloc(x->set, (size_t)cap * sizeof *x->set);
            x->line = pl_xrealloc(x->line, (size_t)cap * sizeof *x->line);
        }
        for (int k = 0; k < 3; k++) {
            pl_line_skip(&L, &i);
            int at = i;
            long v;
            if (pl_line_int(&L, &i, &v, k == 0 ? "an item" : k == 1 ? "the second item" : "the third item", err))
                goto fail;
            if (v < 1 || v > x->items) {
                pl_error_set(err, file, L.line, at + 1, "item %ld is outside 1..%d", v, x->items);
                goto fail;
            }
            for (int j = 0; j < k; j++)
                if (x->set[x->nsets][j] == v) {
                    pl_error_set(err, file, L.line, at + 1, "item %ld twice in one set (a set has three distinct items)",
                                 v);
                    goto fail;
                }
            x->set[x->nsets][k] = (int)v;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            pl_error_set(err, file, L.line, i + 1, "expected the end of the line (a set is three items)");
            goto fail;
        }
        x->line[x->nsets++] = L.line;
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1, "expected the header 'p x3c ITEMS SETS' (the file has none)");
        goto fail;
    }
    if (x->nsets != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld set%s, the file has %d", announced,
                     announced == 1 ? "" : "s", x->nsets);
        goto fail;
    }
    return 0;
fail:
    pl_x3c_free(x);
    return -1;
}

/* ---------- certificates ---------- */

int pl_x3c_read_cover(const pl_x3c *x, const pl_moves *cert, bool *chosen, char *why, size_t n, pl_error *err) {
    memset(chosen, 0, (size_t)x->nsets * sizeof *chosen);
    int *line = pl_xcalloc((size_t)x->nsets + 1, sizeof *line);
    int rc = 0;
    for (int k = 0; k < cert->n && rc == 0; k++) {
        const char *t = cert->text[k];
        pl_lines L = {.file = cert->file, .s = t, .n = (int)strlen(t), .line = cert->line[k]};
        int i = 0;
        long v;
        if (pl_line_int(&L, &i, &v, "a set number", err)) {
            err->col += cert->col[k] - 1;
            rc = -1;
            break;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k] + i,
                              "expected one set number a line (sets are numbered from 1 in file order)");
            break;
        }
        if (v < 1 || v > x->nsets) {
            rc = pl_error_set(err, cert->file, cert->line[k], cert->col[k], "set %ld: the instance has %d set%s", v,
                              x->nsets, x->nsets == 1 ? "" : "s");
            break;
        }
        if (chosen[v - 1]) {
            snprintf(why, n, "set %ld is listed twice (lines %d and %d)", v, line[v - 1], cert->line[k]);
            rc = 1;
            break;
        }
        chosen[v - 1] = true;
        line[v - 1] = cert->line[k];
    }
    free(line);
    return rc;
}

bool pl_x3c_check(const pl_x3c *x, const bool *chosen, char *why, size_t n) {
    int *by = pl_xcalloc((size_t)x->items + 1, sizeof *by); /* 1 + the set covering the item */
    bool ok = true;
    for (int s = 0; s < x->nsets && ok; s++) {
        if (!chosen[s]) continue;
        for (int k = 0; k < 3 && ok; k++) {
            int it = x->set[s][k];
            if (by[it]) {
                snprintf(why, n, "item %d is covered twice (sets %d and %d)", it, by[it], s + 1);
                ok = false;
            }
            by[it] = s + 1;
        }
    }
    for (int it = 1; it <= x->items && ok; it++)
        if (!by[it]) {
            snprintf(why, n, "item %d is not covered", it);
            ok = false;
        }
    free(by);
    return ok;
}

void pl_x3c_write_cover(const pl_x3c *x, const bool *chosen, pl_strvec *out) {
    for (int s = 0; s < x->nsets; s++) {
        if (!chosen[s]) continue;
        char t[16];
        snprintf(t, sizeof t, "%d", s + 1);
        pl_strvec_push(out, t);
    }
}

/* ---------- Algorithm X ---------- */

int pl_x3c_solve(const pl_x3c *x, pl_limits *lim, bool *chosen) {
    const int U = x->items, m = x->nsets, q = U / 3;
    memset(chosen, 0, (size_t)(m ? m : 1) * sizeof *chosen);
    /* the sets of each item, as one array (CSR) */
    int *first = pl_xcalloc((size_t)U + 2, sizeof *first), *list = pl_xmalloc(((size_t)3 * m + 1) * sizeof *list);
    for (int s = 0; s < m; s++)
        for (int k = 0; k < 3; k++) first[x->set[s][k] + 1]++;
    for (int i = 1; i <= U + 1; i++) first[i] += first[i - 1];
    int *fill = pl_xmalloc(((size_t)U + 1) * sizeof *fill);
    memcpy(fill, first, ((size_t)U + 1) * sizeof *fill);
    for (int s = 0; s < m; s++)
        for (int k = 0; k < 3; k++) list[fill[x->set[s][k]]++] = s;
    bool *covered = pl_xcalloc((size_t)U + 1, sizeof *covered);
    /* frame d: the item branched on, the next candidate in its list, the set taken */
    int *item = pl_xmalloc(((size_t)q + 1) * sizeof *item), *next = pl_xmalloc(((size_t)q + 1) * sizeof *next),
        *taken = pl_xmalloc(((size_t)q + 1) * sizeof *taken);
    int depth = 0, rc = 0;
    bool descend = true;
    for (;;) {
        if (!pl_limits_tick(lim)) {
            rc = -1;
            break;
        }
        if (descend) {
            if (depth == q) {
                for (int d = 0; d < q; d++) chosen[taken[d]] = true;
                rc = 1;
                break;
            }
            int best = -1, bestc = 1 << 30;
            for (int it = 1; it <= U && bestc > 0; it++) {
                if (covered[it]) continue;
                int c = 0;
                for (int j = first[it]; j < first[it + 1]; j++) {
                    const int *st = x->set[list[j]];
                    c += !covered[st[0]] && !covered[st[1]] && !covered[st[2]];
                }
                if (c < bestc) bestc = c, best = it;
            }
            if (bestc > 0) {
                item[depth] = best;
                next[depth] = first[best];
                taken[depth] = -1;
                depth++;
            }
        }
        /* advance the top frame to its next candidate, popping exhausted ones */
        descend = false;
        while (depth > 0) {
            int d = depth - 1;
            if (taken[d] >= 0) {
                for (int k = 0; k < 3; k++) covered[x->set[taken[d]][k]] = false;
                taken[d] = -1;
            }
            int it = item[d];
            while (next[d] < first[it + 1]) {
                const int *st = x->set[list[next[d]++]];
                if (!covered[st[0]] && !covered[st[1]] && !covered[st[2]]) {
                    taken[d] = list[next[d] - 1];
                    break;
                }
            }
            if (taken[d] >= 0) {
                for (int k = 0; k < 3; k++) covered[x->set[taken[d]][k]] = true;
                descend = true;
                break;
            }
            depth--;
        }
        if (!descend) break; /* every branch failed: no exact cover */
    }
    free(first);
    free(list);
    free(fill);
    free(covered);
    free(item);
    free(next);
    free(taken);
    return rc;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_x3c *x = pl_xmalloc(sizeof *x);
    if (pl_x3c_parse(file, data, len, x, err)) {
        free(x);
        return NULL;
    }
    return x;
}

static void free_x3c(void *p) {
    if (!p) return;
    pl_x3c_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_x3c *x = p;
    json_object_set_new(o, "items", json_integer(x->items));
    json_object_set_new(o, "q", json_integer(x->items / 3));
    json_object_set_new(o, "sets", json_integer(x->nsets));
    int *deg = pl_xcalloc((size_t)x->items + 1, sizeof *deg);
    for (int s = 0; s < x->nsets; s++)
        for (int k = 0; k < 3; k++) deg[x->set[s][k]]++;
    int uncovered = 0, maxdeg = 0;
    for (int i = 1; i <= x->items; i++) {
        uncovered += deg[i] == 0;
        if (deg[i] > maxdeg) maxdeg = deg[i];
    }
    free(deg);
    json_object_set_new(o, "items_in_no_set", json_integer(uncovered));
    json_object_set_new(o, "most_sets_of_an_item", json_integer(maxdeg));
}

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_x3c *x = p;
    bool *chosen = pl_xcalloc((size_t)x->nsets + 1, sizeof *chosen);
    int r = pl_x3c_solve(x, req->limits, chosen);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_x3c_write_cover(x, chosen, &out->moves);
        pl_solution_set_value(out, "sets", x->items / 3);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "no exact cover");
    } else {
        out->status = PL_UNKNOWN;
    }
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
    free(chosen);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_x3c *x = p;
    bool *chosen = pl_xcalloc((size_t)x->nsets + 1, sizeof *chosen);
    int rc = pl_x3c_read_cover(x, cert, chosen, v->reason, sizeof v->reason, err);
    if (rc < 0) {
        free(chosen);
        return -1;
    }
    v->ok = rc == 0 && pl_x3c_check(x, chosen, v->reason, sizeof v->reason);
    int k = 0;
    for (int s = 0; s < x->nsets; s++) k += chosen[s];
    v->nvalues = 1;
    v->value_name[0] = "sets";
    v->value[0] = k;
    free(chosen);
    return 0;
}

/* ---------- generator ---------- */

static void random_triple(pl_rng *r, int items, int *t) {
    for (int k = 0; k < 3; k++) {
        bool again;
        do {
            t[k] = 1 + (int)pl_rng_below(r, (uint64_t)items);
            again = false;
            for (int j = 0; j < k; j++) again |= t[j] == t[k];
        } while (again);
    }
}

char *pl_x3c_random(int q, int nsets, char answer, uint64_t seed, pl_error *err) {
    const int U = 3 * q;
    if (q < 1) {
        pl_error_set(err, NULL, 0, 0, "x3c generate: --q must be at least 1");
        return NULL;
    }
    if (answer == 'y' && nsets < q) {
        pl_error_set(err, NULL, 0, 0, "x3c generate --answer yes: --sets must be at least --q (%d)", q);
        return NULL;
    }
    if (answer == 'n' && q == 1) {
        pl_error_set(err, NULL, 0, 0, "x3c generate --answer no: with q = 1 every set covers all three items");
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_x3c x = {.items = U, .nsets = nsets};
    x.set = pl_xmalloc(((size_t)nsets + 1) * sizeof *x.set);
    x.line = pl_xcalloc((size_t)nsets + 1, sizeof *x.line);
    bool *chosen = pl_xmalloc((size_t)nsets + 1);
    int *perm = pl_xmalloc(((size_t)U + (size_t)nsets + 1) * sizeof *perm);
    const int tries = answer == 'n' ? 100000 : 1;
    bool found = false;
    for (int t = 0; t < tries && !found; t++) {
        int s = 0;
        if (answer == 'y') { /* a planted cover: a random partition of the items into triples */
            pl_shuffle(&r, perm, U);
            for (; s < q; s++)
                for (int k = 0; k < 3; k++) x.set[s][k] = perm[3 * s + k] + 1;
        }
        for (; s < nsets; s++) random_triple(&r, U, x.set[s]);
        /* shuffle the order of the sets (Fisher-Yates), so the planted ones are not first */
        for (int i = nsets - 1; i > 0; i--) {
            int j = (int)pl_rng_below(&r, (uint64_t)i + 1);
            for (int k = 0; k < 3; k++) {
                int tmp = x.set[i][k];
                x.set[i][k] = x.set[j][k];
                x.set[j][k] = tmp;
            }
        }
        if (answer != 'n') {
            found = true;
            break;
        }
        /* a no-instance that is not trivially so: every item in some set */
        bool all = true;
        bool *seen = pl_xcalloc((size_t)U + 1, 1);
        for (int i = 0; i < nsets; i++)
            for (int k = 0; k < 3; k++) seen[x.set[i][k]] = true;
        for (int i = 1; i <= U; i++) all &= seen[i];
        free(seen);
        if (!all) continue;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        found = pl_x3c_solve(&x, &lim, chosen) == 0;
    }
    char *text = NULL;
    if (found) {
        pl_sbuf b = {0};
        pl_sbuf_printf(&b, "c random X3C: %d items, %d sets%s; seed %llu\n", U, nsets,
                       answer == 'y'   ? ", a planted exact cover"
                       : answer == 'n' ? ", no exact cover, every item in some set"
                                       : "",
                       (unsigned long long)seed);
        pl_sbuf_printf(&b, "p x3c %d %d\n", U, nsets);
        for (int i = 0; i < nsets; i++) pl_sbuf_printf(&b, "%d %d %d\n", x.set[i][0], x.set[i][1], x.set[i][2]);
        text = b.s;
    } else {
        pl_error_set(err, NULL, 0, 0, "x3c generate: no instance without an exact cover (every item in a set) in %d "
                     "tries; change --sets",
                     tries);
    }
    free(chosen);
    free(perm);
    pl_x3c_free(&x);
    return text;
}

static const pl_option generate_options[] = {
    {"q", "Q", "3Q items (default 3)"},
    {"sets", "M", "number of sets (default 2Q)"},
    {"answer", "yes|no|any",
     "yes: a planted exact cover among random sets; no: random sets, every item in one, drawn until Algorithm X "
     "finds no exact cover; any (default): uniform random"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long q, m;
    uint64_t seed;
    if (pl_opts_long(o, "q", 3, 1, 1000000, &q, err) || pl_opts_long(o, "sets", 2 * q, 0, 10000000, &m, err) ||
        pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_x3c_random((int)q, (int)m, answer, seed, err);
}

const pl_problem pl_problem_x3c = {
    .name = "x3c",
    .title = "X3C (exact cover by 3-sets)",
    .summary = "can q of the given 3-sets cover the 3q items, each exactly once?",
    .format_help =
        "File: 'c' or '#' lines are comments; the header 'p x3c ITEMS SETS' (ITEMS = 3q, a multiple of 3); then\n"
        "SETS lines of three distinct items (numbers 1..ITEMS). Sets are numbered from 1 in file order.\n"
        "Certificate: an exact cover, one set number a line.\n",
    .parse = parse,
    .free = free_x3c,
    .info = info,
    .algorithm = "algorithm-x",
    .algorithm_result = "Knuth's Algorithm X (fewest-sets item first), exact",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
