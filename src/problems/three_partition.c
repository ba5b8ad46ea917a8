/* 3-Partition, the source of Clickomania's hardness for two columns and five
 * colours (Biedl et al., "The complexity of Clickomania", Theorem 14): a bound
 * B and 3m numbers, each strictly between B/4 and B/2, summing to mB; can the
 * numbers be split into m triples that each sum to B? It is NP-complete in the
 * strong sense (still hard when the numbers are written in unary), which is
 * what a reduction that turns numbers into blocks needs.
 *
 * Solver: fill the triples one at a time. The largest number left must go in
 * some triple, so the search only branches on the pair that completes it to
 * B, and it branches on pairs of values, not of numbers: equal numbers are
 * interchangeable, so the state is a count per distinct value and no two
 * branches differ by swapping equal numbers. The numbers left decide the
 * rest of the search, so multisets that failed are remembered (a
 * transposition table), and counting bounds (a triple holds at most one very
 * large number, at most two above B/3, ...) cut dead ends before the last
 * triples. Explicit stack (depth m). Exponential in the worst case: small
 * instances (the unary ones of the reductions) and large sparse ones are
 * quick, dense random ones with m in the hundreds can exhaust any limit. The
 * indices of the certificate are assigned from the values at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define HEADER "'p 3partition N B'"

/* ---------- format ---------- */

void pl_3part_free(pl_3part *p) {
    free(p->a);
    free(p->line);
    free(p->col);
    memset(p, 0, sizeof *p);
}

/* The smallest and the largest whole number strictly between B/4 and B/2
 * (lo > hi: none). For B >= 0, B/4 + 1 and (B - 1)/2 in C's division. */
static void number_range(long long bound, long long *lo, long long *hi) {
    *lo = bound >= 0 ? bound / 4 + 1 : 1;
    *hi = bound >= 1 ? (bound - 1) / 2 : 0;
}

/* The header 'p 3partition N B' whose 'p' is at column i + 1. */
static int read_header(const pl_lines *L, int i, long *n, int *n_col, long *bound, int *b_col, pl_error *err) {
    static const char word[] = "3partition";
    const int w = (int)sizeof word - 1;
    i++;
    pl_line_skip(L, &i);
    if (L->n - i < w || strncmp(L->s + i, word, (size_t)w) != 0 ||
        (i + w < L->n && L->s[i + w] != ' ' && L->s[i + w] != '\t'))
        return pl_error_set(err, L->file, L->line, i + 1, "expected '3partition' (the header is " HEADER ")");
    i += w;
    pl_line_skip(L, &i);
    *n_col = i + 1;
    if (pl_line_int(L, &i, n, "the number of integers N", err)) return -1;
    if (*n <= 0 || *n % 3)
        return pl_error_set(err, L->file, L->line, *n_col,
                            "the number of integers N must be a positive multiple of 3 (3m numbers, split into m "
                            "triples), got %ld",
                            *n);
    if (*n > PL_3PART_MAX_NUMBERS)
        return pl_error_set(err, L->file, L->line, *n_col, "the number of integers N must be at most %d, got %ld",
                            PL_3PART_MAX_NUMBERS, *n);
    pl_line_skip(L, &i);
    *b_col = i + 1;
    if (pl_line_int(L, &i, bound, "the bound B", err)) return -1;
    long long lo, hi;
    number_range(*bound, &lo, &hi);
    if (lo > hi)
        return pl_error_set(err, L->file, L->line, *b_col,
                            "the bound B = %ld leaves no whole number strictly between B/4 and B/2 (B must be 3 or at "
                            "least 5)",
                            *bound);
    pl_line_skip(L, &i);
    if (i < L->n) return pl_error_set(err, L->file, L->line, i + 1, "unexpected text after the header " HEADER);
    return 0;
}

int pl_3part_parse(const char *file, const char *data, size_t len, pl_3part *p, pl_error *err) {
    memset(p, 0, sizeof *p);
    snprintf(p->file, sizeof p->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0, bound = 0;
    long long lo = 0, hi = 0, sum = 0;
    int header_line = 0, n_col = 0, b_col = 0, cap = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        if (L.s[i] == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1, "a second 'p' line (the header is " HEADER ", once)");
                goto fail;
            }
            if (read_header(&L, i, &announced, &n_col, &bound, &b_col, err)) goto fail;
            p->bound = (int)bound;
            number_range(bound, &lo, &hi);
            header = true;
            header_line = L.line;
            continue;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header " HEADER " before the numbers");
            goto fail;
        }
        while (i < L.n) { /* any number of numbers a line */
            int at = i;
            if (p->n == announced) {
                pl_error_set(err, file, L.line, at + 1, "number %d is one more than the header's %ld (line %d)",
                             p->n + 1, announced, header_line);
                goto fail;
            }
            char what[32];
            snprintf(what, sizeof what, "number %d", p->n + 1);
            long v;
            if (pl_line_int(&L, &i, &v, what, err)) goto fail;
            if (v < lo || v > hi) {
                pl_error_set(err, file, L.line, at + 1,
                             "number %d is %ld, not strictly between B/4 and B/2 (%lld..%lld for B = %ld)", p->n + 1, v,
                             lo, hi, bound);
                goto fail;
            }
            if (p->n == cap) {
                cap = cap ? 2 * cap : 16;
                p->a = pl_xrealloc(p->a, (size_t)cap * sizeof *p->a);
                p->line = pl_xrealloc(p->line, (size_t)cap * sizeof *p->line);
                p->col = pl_xrealloc(p->col, (size_t)cap * sizeof *p->col);
            }
            p->a[p->n] = (int)v;
            p->line[p->n] = L.line;
            p->col[p->n] = at + 1;
            p->n++;
            sum += v;
            pl_line_skip(&L, &i);
        }
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1, "expected the header " HEADER " (the file has none)");
        goto fail;
    }
    if (p->n != announced) {
        pl_error_set(err, file, header_line, n_col, "the header announces %ld numbers, the file has %d", announced,
                     p->n);
        goto fail;
    }
    /* n <= 300000 numbers below 5 * 10^8: the sum fits in long long */
    if (sum != (long long)(announced / 3) * bound) {
        pl_error_set(err, file, header_line, b_col, "the numbers sum to %lld, not m*B = %ld*%ld = %lld", sum,
                     announced / 3, bound, (long long)(announced / 3) * bound);
        goto fail;
    }
    return 0;
fail:
    pl_3part_free(p);
    return -1;
}

/* ---------- certificates ---------- */

int pl_3part_read_partition(const pl_3part *p, const pl_moves *cert, int *triple, int *line, int *ntriples, char *why,
                            size_t n, pl_error *err) {
    const int m = p->n / 3;
    static const char *const what[3] = {"an index", "the second index", "the third index"};
    *ntriples = 0;
    for (int k = 0; k < cert->n; k++) {
        const char *t = cert->text[k];
        pl_lines L = {.file = cert->file, .s = t, .n = (int)strlen(t), .line = cert->line[k]};
        int i = 0;
        long v[3];
        for (int e = 0; e < 3; e++)
            if (pl_line_int(&L, &i, &v[e], what[e], err)) {
                err->col += cert->col[k] - 1;
                return -1;
            }
        pl_line_skip(&L, &i);
        if (i < L.n)
            return pl_error_set(err, cert->file, cert->line[k], cert->col[k] + i,
                                "expected the end of the line (a triple is three indices of numbers, from 1)");
        /* m valid triples use every number, so a line after them is wrong
         * whatever it holds; the arrays have no room for it */
        if (*ntriples == m) {
            snprintf(why, n, "line %d: a triple more than m = %d (the instance has %d numbers)", cert->line[k], m,
                     p->n);
            return 1;
        }
        for (int e = 0; e < 3; e++) triple[3 * *ntriples + e] = (int)v[e]; /* |v| <= 10^9 */
        line[*ntriples] = cert->line[k];
        (*ntriples)++;
    }
    return 0;
}

/* "line L" or "triple T" for messages. */
static void where_of(const int *line, int t, char *out, size_t n) {
    if (line)
        snprintf(out, n, "line %d", line[t]);
    else
        snprintf(out, n, "triple %d", t + 1);
}

bool pl_3part_check(const pl_3part *p, const int *triple, const int *line, int ntriples, char *why, size_t n) {
    int *by = pl_xcalloc((size_t)p->n + 1, sizeof *by); /* 1 + the triple holding number i */
    bool ok = true;
    char here[32];
    for (int t = 0; t < ntriples && ok; t++) {
        const int *x = triple + 3 * t;
        where_of(line, t, here, sizeof here);
        for (int k = 0; k < 3 && ok; k++)
            if (x[k] < 1 || x[k] > p->n) {
                snprintf(why, n, "%s: number %d is outside 1..%d", here, x[k], p->n);
                ok = false;
            }
        for (int k = 0; k < 3 && ok; k++) {
            int i = x[k];
            if (by[i] == t + 1) {
                snprintf(why, n, "%s: number %d twice in one triple", here, i);
                ok = false;
            } else if (by[i]) {
                if (line)
                    snprintf(why, n, "number %d is in two triples (lines %d and %d)", i, line[by[i] - 1], line[t]);
                else
                    snprintf(why, n, "number %d is in two triples (triples %d and %d)", i, by[i], t + 1);
                ok = false;
            }
            by[i] = t + 1;
        }
        if (!ok) break;
        long long s = (long long)p->a[x[0] - 1] + p->a[x[1] - 1] + p->a[x[2] - 1];
        if (s != p->bound) {
            snprintf(why, n, "%s: %d + %d + %d = %lld, not B = %d (numbers %d %d %d)", here, p->a[x[0] - 1],
                     p->a[x[1] - 1], p->a[x[2] - 1], s, p->bound, x[0], x[1], x[2]);
            ok = false;
        }
    }
    /* ntriples distinct triples of distinct numbers: all are used exactly when ntriples = m */
    for (int i = 1; i <= p->n && ok; i++)
        if (!by[i]) {
            snprintf(why, n, "number %d is in no triple (%d of the m = %d triples given)", i, ntriples, p->n / 3);
            ok = false;
        }
    free(by);
    return ok;
}

void pl_3part_write_partition(const pl_3part *p, const int *triple, int ntriples, pl_strvec *out) {
    (void)p;
    for (int t = 0; t < ntriples; t++) {
        char s[48];
        snprintf(s, sizeof s, "%d %d %d", triple[3 * t], triple[3 * t + 1], triple[3 * t + 2]);
        pl_strvec_push(out, s);
    }
}

/* ---------- the search ---------- */

typedef struct value_index {
    int v, i;
} value_index;

/* Descending values, then ascending indices (so the certificate is stable). */
static int by_value_desc(const void *x, const void *y) {
    const value_index *a = x, *b = y;
    if (a->v != b->v) return a->v > b->v ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

static int cmp_int(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The search's state: the distinct values in descending order with the
 * counts still unused, a Fenwick tree over those counts (how many numbers
 * left are >= a value), and the key of the multiset left. */
typedef struct tp_search {
    int d, bound;
    int *val, *cnt, *fen;
    pl_key128 *zob, key;
} tp_search;

static void fen_add(tp_search *S, int pos, int delta) {
    for (int i = pos + 1; i <= S->d; i += i & -i) S->fen[i] += delta;
}

/* Numbers left at positions 0..pos (values >= val[pos]); pos < 0: none. */
static int fen_prefix(const tp_search *S, int pos) {
    int c = 0;
    for (int i = pos + 1; i > 0; i -= i & -i) c += S->fen[i];
    return c;
}

/* The position of the k-th largest number left (k from 1). */
static int fen_find(const tp_search *S, int k) {
    int pos = 0, step = 1;
    while (2 * step <= S->d) step *= 2;
    for (; step; step /= 2)
        if (pos + step <= S->d && S->fen[pos + step] < k) {
            pos += step;
            k -= S->fen[pos];
        }
    return pos; /* 0-based: the first position whose prefix reaches k */
}

static void take(tp_search *S, int v) {
    S->cnt[v]--;
    fen_add(S, v, -1);
    S->key.a -= S->zob[v].a, S->key.b -= S->zob[v].b;
}

static void give(tp_search *S, int v) {
    S->cnt[v]++;
    fen_add(S, v, 1);
    S->key.a += S->zob[v].a, S->key.b += S->zob[v].b;
}

/* The last position whose value is > t (values descending); -1: none. */
static int last_above(const tp_search *S, long long t) {
    int lo = 0, hi = S->d - 1, r = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (S->val[mid] > t)
            r = mid, lo = mid + 1;
        else
            hi = mid - 1;
    }
    return r;
}

/* Counting bounds on the 3j numbers left, largest smax, smallest smin: each
 * needs two partners (smax + 2 smin <= B <= smin + 2 smax); a triple holds at
 * most one number v with 2v + smin > B and at most one with 2v + smax < B,
 * and at most two above B/3 and two below it. False when one fails: the
 * numbers left have no 3-partition. They catch the dead ends that taking
 * the largest number's partners greedily runs into (the small numbers used
 * up, say) long before the last triples. */
static bool bounds_hold(const tp_search *S, int left) {
    const long long B = S->bound, j = left / 3;
    const long long smax = S->val[fen_find(S, 1)], smin = S->val[fen_find(S, left)];
    if (smax + 2 * smin > B || smin + 2 * smax < B) return false;
    if (fen_prefix(S, last_above(S, (B - smin) / 2)) > j) return false;          /* 2v > B - smin */
    if (left - fen_prefix(S, last_above(S, (B - smax + 1) / 2 - 1)) > j) return false; /* 2v < B - smax */
    if (fen_prefix(S, last_above(S, B / 3)) > 2 * j) return false;               /* 3v > B */
    if (left - fen_prefix(S, last_above(S, (B + 2) / 3 - 1)) > 2 * j) return false; /* 3v < B */
    return true;
}

int pl_3part_solve(const pl_3part *p, pl_limits *lim, int *triple) {
    const int n = p->n, m = n / 3;
    value_index *s = pl_xmalloc(((size_t)n + 1) * sizeof *s);
    for (int i = 0; i < n; i++) s[i] = (value_index){p->a[i], i + 1};
    qsort(s, (size_t)n, sizeof *s, by_value_desc);
    tp_search S = {.bound = p->bound};
    /* distinct values (descending), their counts, and where their indices start in s */
    S.val = pl_xmalloc(((size_t)n + 1) * sizeof *S.val);
    S.cnt = pl_xcalloc((size_t)n + 1, sizeof *S.cnt);
    int *first = pl_xmalloc(((size_t)n + 1) * sizeof *first);
    for (int i = 0; i < n; i++) {
        if (i == 0 || s[i].v != s[i - 1].v) {
            S.val[S.d] = s[i].v;
            first[S.d] = i;
            S.d++;
        }
    }
    /* The numbers left decide the rest of the search (the next triple's
     * largest number is the largest left), so a multiset that failed once
     * fails again: a transposition table remembers them. Its key is additive
     * (a random word per value, times the count), so taking a number off is
     * one subtraction. */
    S.fen = pl_xcalloc((size_t)S.d + 1, sizeof *S.fen);
    S.zob = pl_xmalloc(((size_t)S.d + 1) * sizeof *S.zob);
    pl_rng zr;
    pl_rng_seed(&zr, 0x3ba27ull);
    for (int v = 0; v < S.d; v++) {
        S.zob[v].a = pl_rng_next(&zr);
        S.zob[v].b = pl_rng_next(&zr);
        for (int k = first[v]; k < (v + 1 < S.d ? first[v + 1] : n); k++) give(&S, v);
    }
    pl_tt failed;
    pl_tt_init(&failed, lim->memory_limit / 2);
    /* frame t: the value positions of the triple's largest number x and of
     * the pair y >= z taken with it (fz < 0: none yet; fy: the last y tried),
     * and the key of the numbers left before x was taken */
    int *fx = pl_xmalloc(((size_t)m + 1) * sizeof *fx), *fy = pl_xmalloc(((size_t)m + 1) * sizeof *fy),
        *fz = pl_xmalloc(((size_t)m + 1) * sizeof *fz);
    pl_key128 *fkey = pl_xmalloc(((size_t)m + 1) * sizeof *fkey);
    int depth = 0, rc = 0;
    bool descend = true;
    for (;;) {
        if (!pl_limits_tick(lim)) {
            rc = -1;
            break;
        }
        if (descend && depth == m) {
            rc = 1;
            break;
        }
        int32_t seen;
        if (descend && !pl_tt_get(&failed, S.key, &seen)) {
            if (bounds_hold(&S, 3 * (m - depth))) {
                /* the largest value left: the triples' largest numbers never increase */
                int x = depth ? fx[depth - 1] : 0;
                while (S.cnt[x] == 0) x++;
                fkey[depth] = S.key;
                take(&S, x);
                fx[depth] = x;
                fy[depth] = x - 1;
                fz[depth] = -1;
                depth++;
            } else {
                pl_tt_put(&failed, S.key, 1);
            }
        }
        /* advance the top frame to its next pair, popping exhausted frames */
        descend = false;
        while (depth > 0) {
            int t = depth - 1;
            /* y descends, so z = need - y ascends: its position only moves
             * towards the larger values (from the last z, or the smallest) */
            int zp = S.d - 1;
            if (fz[t] >= 0) {
                give(&S, fy[t]);
                give(&S, fz[t]);
                zp = fz[t];
                fz[t] = -1;
            }
            const int need = S.bound - S.val[fx[t]];
            int y = fy[t], z = -1;
            while (++y < S.d) {
                if (S.cnt[y] == 0) continue;
                int zv = need - S.val[y];
                if (zv > S.val[y]) break; /* y >= z; later y are smaller, their z larger */
                while (zp > y && S.val[zp] < zv) zp--;
                if (S.val[zp] == zv && S.cnt[zp] >= (zp == y ? 2 : 1)) {
                    z = zp;
                    break;
                }
            }
            if (z >= 0) {
                fy[t] = y;
                fz[t] = z;
                take(&S, y);
                take(&S, z);
                descend = true;
                break;
            }
            give(&S, fx[t]);
            pl_tt_put(&failed, fkey[t], 1);
            depth--;
        }
        if (!descend) break; /* every branch failed: no 3-partition */
    }
    if (rc == 1) { /* values -> indices: the next unused index of each value */
        int *next = pl_xmalloc(((size_t)S.d + 1) * sizeof *next);
        memcpy(next, first, (size_t)S.d * sizeof *next);
        for (int t = 0; t < m; t++) {
            triple[3 * t] = s[next[fx[t]]++].i;
            triple[3 * t + 1] = s[next[fy[t]]++].i;
            triple[3 * t + 2] = s[next[fz[t]]++].i;
            qsort(triple + 3 * t, 3, sizeof *triple, cmp_int);
        }
        free(next);
    }
    free(s);
    free(S.val);
    free(S.cnt);
    free(S.fen);
    free(S.zob);
    free(first);
    free(fx);
    free(fy);
    free(fz);
    free(fkey);
    pl_tt_free(&failed);
    return rc;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_3part *p = pl_xmalloc(sizeof *p);
    if (pl_3part_parse(file, data, len, p, err)) {
        free(p);
        return NULL;
    }
    return p;
}

static void free_3part(void *p) {
    if (!p) return;
    pl_3part_free(p);
    free(p);
}

static void info(const void *pp, json_t *o) {
    const pl_3part *p = pp;
    json_object_set_new(o, "m", json_integer(p->n / 3));
    json_object_set_new(o, "bound", json_integer(p->bound));
    json_object_set_new(o, "numbers", json_integer(p->n));
    int lo = p->a[0], hi = p->a[0];
    long long sum = 0;
    for (int i = 0; i < p->n; i++) {
        if (p->a[i] < lo) lo = p->a[i];
        if (p->a[i] > hi) hi = p->a[i];
        sum += p->a[i];
    }
    int *sorted = pl_xmalloc((size_t)p->n * sizeof *sorted), distinct = 0;
    memcpy(sorted, p->a, (size_t)p->n * sizeof *sorted);
    qsort(sorted, (size_t)p->n, sizeof *sorted, cmp_int);
    for (int i = 0; i < p->n; i++) distinct += i == 0 || sorted[i] != sorted[i - 1];
    free(sorted);
    json_object_set_new(o, "min", json_integer(lo));
    json_object_set_new(o, "max", json_integer(hi));
    json_object_set_new(o, "sum", json_integer((json_int_t)sum));
    json_object_set_new(o, "distinct_values", json_integer(distinct));
    /* The strong form of Garey and Johnson (every number strictly between
     * B/4 and B/2, so a part summing to B is a triple), the one Theorem 14
     * reduces from. The parser accepts nothing else, so this is always true;
     * it is reported so that `info` says which form the file is in. */
    json_object_set_new(o, "strong_form", json_boolean(4LL * lo > p->bound && 2LL * hi < p->bound));
}

static int solve(const void *pp, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_3part *p = pp;
    int *triple = pl_xmalloc(((size_t)p->n + 1) * sizeof *triple);
    int r = pl_3part_solve(p, req->limits, triple);
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_3part_write_partition(p, triple, p->n / 3, &out->moves);
        pl_solution_set_value(out, "triples", p->n / 3);
    } else if (r == 0) {
        out->status = PL_UNSOLVABLE;
        snprintf(out->note, sizeof out->note, "no 3-partition");
    } else {
        out->status = PL_UNKNOWN;
    }
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
    free(triple);
    return 0;
}

static int verify(const void *pp, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    const pl_3part *p = pp;
    int *triple = pl_xmalloc(((size_t)p->n + 1) * sizeof *triple);
    int *line = pl_xmalloc(((size_t)p->n / 3 + 1) * sizeof *line);
    int nt = 0;
    char excess[sizeof v->reason] = "";
    int rc = pl_3part_read_partition(p, cert, triple, line, &nt, excess, sizeof excess, err);
    if (rc < 0) {
        free(triple);
        free(line);
        return -1;
    }
    /* a bad triple among the first m comes before the excess line (if any);
     * m good ones use every number, so then the excess line is the first bad one */
    v->ok = pl_3part_check(p, triple, line, nt, v->reason, sizeof v->reason);
    if (v->ok && rc == 1) {
        v->ok = false;
        snprintf(v->reason, sizeof v->reason, "%s", excess);
    }
    v->nvalues = 1;
    v->value_name[0] = "triples";
    v->value[0] = nt;
    free(triple);
    free(line);
    return 0;
}

/* ---------- generator ---------- */

/* n random numbers in [lo, hi] summing to target (n lo <= target <= n hi):
 * independent uniform draws, then random steps toward the sum, each within
 * the range, so every number stays in it. */
static void random_multiset(pl_rng *r, int *a, int n, int lo, int hi, long long target) {
    long long diff = -target;
    for (int i = 0; i < n; i++) {
        a[i] = lo + (int)pl_rng_below(r, (uint64_t)(hi - lo) + 1);
        diff += a[i];
    }
    while (diff != 0) {
        int i = (int)pl_rng_below(r, (uint64_t)n);
        long long room = diff > 0 ? a[i] - lo : hi - a[i], want = diff > 0 ? diff : -diff;
        if (room == 0) continue;
        int step = 1 + (int)pl_rng_below(r, (uint64_t)(room < want ? room : want));
        a[i] += diff > 0 ? -step : step;
        diff += diff > 0 ? -step : step;
    }
}

/* Whether the numbers a[0..n-1] (in range, summing to mB) have no 3-partition,
 * proven by the solver within a node budget (unknown counts as not proven). */
static bool proven_no(int *a, int n, int bound, uint64_t nodes) {
    pl_3part p = {.n = n, .bound = bound, .a = a};
    int *triple = pl_xmalloc(((size_t)n + 1) * sizeof *triple);
    pl_limits lim;
    pl_limits_init(&lim, 0, nodes, 0);
    int r = pl_3part_solve(&p, &lim, triple);
    free(triple);
    return r == 0;
}

#define NO_TRIES 500
#define NO_TRY_NODES 200000
#define NO_ENUMERATE_MAX 20000 /* multisets: above this, only random tries */

/* The number of multisets of n numbers from r values, or cap + 1 when above cap. */
static long multisets_capped(int n, int r, long cap) {
    /* C(n + r - 1, r - 1), built as C(n + k, k) for k = 1..r-1, each exact */
    double c = 1;
    for (int k = 1; k < r; k++) {
        c = c * (n + k) / k;
        if (c > (double)cap) return cap + 1;
    }
    return (long)(c + 0.5);
}

/* Every multiset of n numbers in [lo, hi] summing to target, in order
 * (nondecreasing sequences, an odometer); one without a 3-partition chosen
 * uniformly (reservoir sampling) into a. The number of those, and in *tried
 * the number of multisets with that sum. */
static long enumerate_no(pl_rng *r, int *a, int n, int lo, int hi, int bound, long long target, long *tried) {
    int *s = pl_xmalloc((size_t)n * sizeof *s), *tmp = pl_xmalloc((size_t)n * sizeof *tmp);
    for (int i = 0; i < n; i++) s[i] = lo;
    long found = 0;
    *tried = 0;
    for (;;) {
        long long sum = 0;
        for (int i = 0; i < n; i++) sum += s[i];
        if (sum == target) {
            (*tried)++;
            memcpy(tmp, s, (size_t)n * sizeof *tmp);
            if (proven_no(tmp, n, bound, NO_TRY_NODES) && pl_rng_below(r, (uint64_t)++found) == 0)
                memcpy(a, s, (size_t)n * sizeof *a);
        }
        int q = n - 1;
        while (q >= 0 && s[q] == hi) q--;
        if (q < 0) break;
        s[q]++;
        for (int i = q + 1; i < n; i++) s[i] = s[q];
    }
    free(s);
    free(tmp);
    return found;
}

/* The numbers in a random order (a planted triple or the enumeration's
 * multiset would otherwise show in the file). */
static void shuffle_numbers(pl_rng *r, int *a, int n) {
    int *perm = pl_xmalloc((size_t)n * sizeof *perm), *b = pl_xmalloc((size_t)n * sizeof *b);
    pl_shuffle(r, perm, n);
    for (int i = 0; i < n; i++) b[i] = a[perm[i]];
    memcpy(a, b, (size_t)n * sizeof *a);
    free(perm);
    free(b);
}

char *pl_3part_random(int m, int bound, char answer, uint64_t seed, pl_error *err) {
    if (m < 1 || m > PL_3PART_MAX_NUMBERS / 3) {
        pl_error_set(err, NULL, 0, 0, "3partition generate: --m must be in 1..%d", PL_3PART_MAX_NUMBERS / 3);
        return NULL;
    }
    long long lo, hi;
    number_range(bound, &lo, &hi);
    /* three numbers in [lo, hi] can sum to B exactly when 3 lo <= B <= 3 hi */
    if (lo > hi || 3 * lo > bound || bound > 3 * hi) {
        pl_error_set(err, NULL, 0, 0,
                     "3partition generate: no three whole numbers strictly between B/4 and B/2 sum to B = %d (B must "
                     "be 3, 6, 7 or at least 9)",
                     bound);
        return NULL;
    }
    if (answer == 'n' && m == 1) {
        pl_error_set(err, NULL, 0, 0,
                     "3partition generate --answer no: with m = 1 the three numbers are the one triple");
        return NULL;
    }
    const int n = 3 * m;
    const long long target = (long long)m * bound;
    pl_rng r;
    pl_rng_seed(&r, seed);
    int *a = pl_xmalloc((size_t)n * sizeof *a);
    if (answer == 'y') { /* planted: m triples summing to B, then shuffled */
        for (int t = 0; t < m; t++) {
            int x, y, z;
            do {
                x = (int)lo + (int)pl_rng_below(&r, (uint64_t)(hi - lo) + 1);
                y = (int)lo + (int)pl_rng_below(&r, (uint64_t)(hi - lo) + 1);
                z = bound - x - y;
            } while (z < lo || z > hi);
            a[3 * t] = x, a[3 * t + 1] = y, a[3 * t + 2] = z;
        }
        shuffle_numbers(&r, a, n);
    } else if (answer == 'a') {
        random_multiset(&r, a, n, (int)lo, (int)hi, target);
    } else {
        bool found = false;
        for (int t = 0; t < NO_TRIES && !found; t++) {
            random_multiset(&r, a, n, (int)lo, (int)hi, target);
            int *copy = pl_xmalloc((size_t)n * sizeof *copy);
            memcpy(copy, a, (size_t)n * sizeof *copy);
            found = proven_no(copy, n, bound, NO_TRY_NODES);
            free(copy);
        }
        /* few multisets: decide by trying them all, so that "none" is a fact */
        long total = found ? 0 : multisets_capped(n, (int)(hi - lo + 1), NO_ENUMERATE_MAX);
        if (!found && total <= NO_ENUMERATE_MAX) {
            long tried;
            long nos = enumerate_no(&r, a, n, (int)lo, (int)hi, bound, target, &tried);
            if (nos == 0) {
                char which[64] = "the one multiset";
                if (tried > 1) snprintf(which, sizeof which, "each of the %ld multisets", tried);
                pl_error_set(err, NULL, 0, 0,
                             "3partition generate --answer no: with m = %d and B = %d, %s of numbers strictly between "
                             "B/4 and B/2 summing to mB splits into triples; choose a larger --bound",
                             m, bound, which);
                free(a);
                return NULL;
            }
            shuffle_numbers(&r, a, n);
        } else if (!found) {
            pl_error_set(err, NULL, 0, 0,
                         "3partition generate --answer no: no instance without a 3-partition in %d tries; choose a "
                         "larger --bound or another --m",
                         NO_TRIES);
            free(a);
            return NULL;
        }
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "c random 3-Partition: m = %d triples, B = %d%s; seed %llu\n", m, bound,
                   answer == 'y'   ? ", planted triples"
                   : answer == 'n' ? ", no 3-partition (proven by the solver)"
                                   : "",
                   (unsigned long long)seed);
    pl_sbuf_printf(&b, "p 3partition %d %d\n", n, bound);
    for (int i = 0; i < n; i++) pl_sbuf_printf(&b, "%d%s", a[i], i + 1 == n || i % 10 == 9 ? "\n" : " ");
    free(a);
    return b.s;
}

static const pl_option generate_options[] = {
    {"m", "M", "M triples: 3M numbers (default 2)"},
    {"bound", "B", "the bound B, each number strictly between B/4 and B/2 (default 15)"},
    {"answer", "yes|no|any",
     "yes: M planted triples summing to B, shuffled; no: random numbers summing to MB, drawn until the solver "
     "finds no 3-partition (for small M and B all of them are tried); any (default): random numbers summing to MB"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long m, bound;
    uint64_t seed;
    if (pl_opts_long(o, "m", 2, 1, PL_3PART_MAX_NUMBERS / 3, &m, err) ||
        pl_opts_long(o, "bound", 15, 3, 1000000000, &bound, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_3part_random((int)m, (int)bound, answer, seed, err);
}

const pl_problem pl_problem_3partition = {
    .name = "3partition",
    .title = "3-Partition",
    .summary = "can the 3m numbers, each strictly between B/4 and B/2, be split into m triples summing to B?",
    .format_help =
        "File: 'c' or '#' lines are comments; the header 'p 3partition N B' (N = 3m numbers, a positive multiple\n"
        "of 3, at most 300000; B at most 10^9); then the N numbers, separated by blanks, any number of them a line,\n"
        "each strictly between B/4 and B/2, summing to m*B. Numbers are numbered from 1 in file order.\n"
        "Certificate: m lines of three indices of numbers ('1 5 9') whose numbers sum to B, each number once.\n",
    .parse = parse,
    .free = free_3part,
    .info = info,
    .algorithm = "triples",
    .algorithm_result = "fills the triples one at a time: the largest number left, each pair of values completing "
                        "it to B; failed multisets remembered, counting bounds; exact",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
