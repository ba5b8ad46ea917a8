/* `puzzlelab GAME sweep` (issue 23): a grid of the game's own generator
 * parameters, N seeded instances a cell, each generated, read back and
 * solved through the library (pl_game.generate -> level_parse ->
 * pl_game_solve), one record an instance as JSON Lines or CSV, and a summary
 * a cell (solvable fraction with its Wilson interval, share unknown, median
 * and 90th percentile of the effort).
 *
 * The work is a list of (cell, index) pairs, each computed on its own: an
 * instance's seed is a hash of the sweep's seed, the cell's parameters (by
 * name and value, not by the cell's place in the grid) and the index, so a
 * record depends on nothing else, and records are written in the canonical
 * order (cells in grid order, the last --param varying fastest; indices
 * ascending). A later split over processes only has to hand out ranges of
 * that list and write their records in the same order. --resume reads the
 * records already in the output file and computes the others. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "puzzlelab/draw.h"
#include "sweep.h"

const pl_option pl_cli_sweep_options[] = {
    {"param", "SPEC",
     "NAME=VALUES: a generator option (see 'generate --help') and its values: 4,5,6 or a range 2..5 (or 2..10/2: step "
     "2), "
     "mixed (2..4,8); separated by ';' instead when a value holds a comma ('sizes=2,3;all'); a flag takes "
     "yes,no. One --param per option; the cells are every combination"},
    {"count", "N", "instances per cell (default 10)"},
    {"seed", "S", "the sweep's seed (default 1): each instance's seed is derived from it, the cell and the index"},
    {"algorithm", "NAME", "the algorithm for every instance (default auto; see GAME help)"},
    {"time-limit", "SECONDS", "per instance: stop after this much time (status unknown)"},
    {"node-limit", "N", "per instance: stop after N search nodes (status unknown)"},
    {"memory-limit", "MB", "per instance: cap on the solvers' tables in MiB (default 1024)"},
    {"output", "FILE",
     "the records (also -o FILE): FILE.jsonl (JSON Lines) or FILE.csv, one an instance, each written as "
     "soon as it is done; an existing FILE is only continued with --resume"},
    {"resume", NULL, "continue -o FILE: keep its records, compute only the missing ones"},
    {"json", NULL, "print the summary as one JSON object instead of a table"},
    {"plot", "FILE", "also plot the records: FILE.png, .svg or .pdf (see plot --help for --x, --series, --y)"},
    {"x", "PARAM", "plot: the parameter on the x axis (default: the first with several values)"},
    {"series", "PARAM",
     "plot: one line per value of this parameter (default: the next with several values; none: one line)"},
    {"y", "WHAT", "plot: solvable (default; fraction, Wilson 95% bars), seconds or nodes (median, bar to p90; log)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

/* ---------- the table ---------- */

void sw_table_free(sw_table *t) {
    for (size_t i = 0; i < t->n; i++) {
        for (int k = 0; k < t->nparams; k++) free(t->r[i].value[k]);
        free(t->r[i].solve);
    }
    free(t->r);
    for (int k = 0; k < t->nparams; k++) free(t->name[k]);
    memset(t, 0, sizeof *t);
}

void sw_table_add(sw_table *t, const sw_record *r) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->r = pl_xrealloc(t->r, t->cap * sizeof *t->r);
    }
    t->r[t->n++] = *r;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile by nearest rank: the ceil(q n)-th smallest (1-based). */
static double nearest_rank(const double *v, long n, double q) {
    if (n == 0) return NAN;
    long k = (long)ceil(q * (double)n - 1e-9);
    if (k < 1) k = 1;
    return v[k - 1];
}

void sw_stats_of(const sw_table *t, int group, sw_stats *s) {
    memset(s, 0, sizeof *s);
    double *sec = pl_xmalloc((t->n + 1) * sizeof *sec), *nod = pl_xmalloc((t->n + 1) * sizeof *nod);
    for (size_t i = 0; i < t->n; i++) {
        const sw_record *r = &t->r[i];
        if (r->group != group) continue;
        sec[s->count] = r->seconds;
        nod[s->count] = r->nodes;
        s->count++;
        if (r->status == PL_SOLVED)
            s->solved++;
        else if (r->status == PL_UNSOLVABLE)
            s->unsolvable++;
        else
            s->unknown++;
    }
    long n = s->solved + s->unsolvable;
    s->fraction = s->wilson_low = s->wilson_high = NAN;
    if (n > 0) {
        /* Wilson's score interval: (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n) */
        const double z = 1.959963984540054;
        double p = (double)s->solved / (double)n, z2n = z * z / (double)n;
        double centre = (p + z2n / 2) / (1 + z2n);
        double half = z / (1 + z2n) * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n));
        s->fraction = p;
        s->wilson_low = fmax(0, centre - half);
        s->wilson_high = fmin(1, centre + half);
    }
    s->unknown_share = s->count ? (double)s->unknown / (double)s->count : NAN;
    qsort(sec, (size_t)s->count, sizeof *sec, cmp_double);
    qsort(nod, (size_t)s->count, sizeof *nod, cmp_double);
    s->seconds_median = nearest_rank(sec, s->count, 0.5);
    s->seconds_p90 = nearest_rank(sec, s->count, 0.9);
    s->nodes_median = nearest_rank(nod, s->count, 0.5);
    s->nodes_p90 = nearest_rank(nod, s->count, 0.9);
    free(sec);
    free(nod);
}

/* ---------- reading records ---------- */

static bool ends_with_csv(const char *path) {
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".csv") == 0;
}

/* A parameter's value as a JSON value: a whole number written the usual way
 * (no sign +, no leading zero) is a number, anything else a string. */
static json_t *param_json(const char *v) {
    const char *p = v + (*v == '-');
    bool digits = *p >= '0' && *p <= '9' && (p[0] != '0' || p[1] == '\0') && strlen(p) <= 15;
    for (const char *q = p; digits && *q; q++) digits = *q >= '0' && *q <= '9';
    return digits && strcmp(v, "-0") != 0 ? json_integer(strtoll(v, NULL, 10)) : json_string(v);
}

static char *param_text(json_t *v) {
    if (json_is_string(v)) return pl_xstrdup(json_string_value(v));
    if (json_is_integer(v)) {
        char b[32];
        snprintf(b, sizeof b, "%lld", (long long)json_integer_value(v));
        return pl_xstrdup(b);
    }
    return NULL;
}

static int status_of(const char *s) {
    for (int k = PL_SOLVED; k <= PL_UNKNOWN; k++)
        if (s && strcmp(s, pl_status_name((pl_status)k)) == 0) return k;
    return -1;
}

static int read_jsonl_line(const char *path, int lineno, const char *line, const pl_game *g, sw_table *t, sw_record *r,
                           pl_error *err) {
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!j) return pl_error_set(err, path, lineno, je.column > 0 ? je.column : 1, "not a JSON record: %s", je.text);
    int rc = -1;
    json_t *params = json_object_get(j, "params");
    const char *game = json_string_value(json_object_get(j, "game"));
    if (!json_is_object(j) || !json_is_object(params) || !game) {
        pl_error_set(err, path, lineno, 1, "not a sweep record (no game or params)");
        goto done;
    }
    if (strcmp(game, g->name) != 0) {
        pl_error_set(err, path, lineno, 1, "a record of %s, not of %s", game, g->name);
        goto done;
    }
    if (!t->fixed && t->n == 0 && t->nparams == 0) { /* the first record names the parameters */
        const char *k;
        json_t *v;
        json_object_foreach(params, k, v) {
            if (t->nparams == SW_MAX_PARAMS) {
                pl_error_set(err, path, lineno, 1, "more than %d parameters", SW_MAX_PARAMS);
                goto done;
            }
            t->name[t->nparams++] = pl_xstrdup(k);
        }
    }
    if ((int)json_object_size(params) != t->nparams) {
        pl_error_set(err, path, lineno, 1, "the record has %d parameters, the first one %d",
                     (int)json_object_size(params), t->nparams);
        goto done;
    }
    for (int k = 0; k < t->nparams; k++) {
        r->value[k] = param_text(json_object_get(params, t->name[k]));
        if (!r->value[k]) {
            pl_error_set(err, path, lineno, 1, "parameter %s missing or not a number or string", t->name[k]);
            goto done;
        }
    }
    json_t *index = json_object_get(j, "index"), *seed = json_object_get(j, "seed");
    json_t *secs = json_object_get(j, "seconds"), *nodes = json_object_get(j, "nodes");
    const char *solve = json_string_value(json_object_get(j, "solve"));
    r->status = status_of(json_string_value(json_object_get(j, "status")));
    if (!json_is_integer(index) || !json_is_integer(seed) || !json_is_number(secs) || !json_is_number(nodes) ||
        r->status < 0 || !solve) {
        pl_error_set(err, path, lineno, 1, "a record needs index, seed, status, seconds, nodes and solve");
        goto done;
    }
    r->index = (long)json_integer_value(index);
    r->seed = (uint64_t)json_integer_value(seed);
    r->seconds = json_number_value(secs);
    r->nodes = json_number_value(nodes);
    r->solve = pl_xstrdup(solve);
    rc = 0;
done:
    json_decref(j);
    return rc;
}

/* Splits one CSV line (RFC 4180 quoting, no line breaks inside fields) into
 * at most max fields, in place; the count, or -1 on a stray quote. */
static int csv_split(char *line, char **field, int max) {
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max) return -1;
        if (*p == '"') {
            char *w = ++p;
            field[n++] = w;
            for (;;) {
                if (*p == '\0') return -1;
                if (*p == '"' && p[1] == '"') {
                    *w++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    *w++ = *p++;
                }
            }
            *w = '\0';
            if (*p != ',' && *p != '\0') return -1;
        } else {
            field[n++] = p;
            while (*p && *p != ',') p++;
        }
        if (*p == '\0') return n;
        *p++ = '\0';
    }
}

enum { CSV_MAX_COLUMNS = SW_MAX_PARAMS + 16 };
/* The CSV columns after game and the parameters' (params.NAME), in order. */
static const char *const csv_order[] = {"index", "seed",   "status", "algorithm", "seconds",  "nodes",
                                        "limit", "length", "values", "note",      "generate", "solve"};

typedef struct csv_map {
    int game, param[SW_MAX_PARAMS], index, seed, status, seconds, nodes, solve, ncols;
} csv_map;

static int csv_header(const char *path, char *line, sw_table *t, csv_map *m, pl_error *err) {
    char *f[CSV_MAX_COLUMNS];
    int n = csv_split(line, f, CSV_MAX_COLUMNS);
    if (n < 0) return pl_error_set(err, path, 1, 1, "not a sweep's CSV header");
    m->game = m->index = m->seed = m->status = m->seconds = m->nodes = m->solve = -1;
    m->ncols = n;
    int nfound = 0;
    for (int i = 0; i < n; i++) {
        if (strncmp(f[i], "params.", 7) == 0 && t->fixed) { /* the names the caller expects */
            int k = 0;
            while (k < t->nparams && strcmp(t->name[k], f[i] + 7) != 0) k++;
            if (k == t->nparams || nfound == SW_MAX_PARAMS)
                return pl_error_set(err, path, 1, 1, "the column %s is not a parameter of this sweep", f[i]);
            m->param[k] = i;
            nfound++;
        } else if (strncmp(f[i], "params.", 7) == 0) {
            if (t->nparams == SW_MAX_PARAMS)
                return pl_error_set(err, path, 1, 1, "more than %d parameters", SW_MAX_PARAMS);
            m->param[t->nparams] = i;
            t->name[t->nparams++] = pl_xstrdup(f[i] + 7);
            nfound++;
        }
        if (strcmp(f[i], "game") == 0) m->game = i;
        if (strcmp(f[i], "index") == 0) m->index = i;
        if (strcmp(f[i], "seed") == 0) m->seed = i;
        if (strcmp(f[i], "status") == 0) m->status = i;
        if (strcmp(f[i], "seconds") == 0) m->seconds = i;
        if (strcmp(f[i], "nodes") == 0) m->nodes = i;
        if (strcmp(f[i], "solve") == 0) m->solve = i;
    }
    if (nfound != t->nparams)
        return pl_error_set(err, path, 1, 1, "the file has %d parameter columns, this sweep %d parameters", nfound,
                            t->nparams);
    if (m->game < 0 || m->index < 0 || m->seed < 0 || m->status < 0 || m->seconds < 0 || m->nodes < 0 || m->solve < 0)
        return pl_error_set(
            err, path, 1, 1,
            "not a sweep's CSV header (game, params.*, index, seed, status, seconds, nodes, ..., solve)");
    return 0;
}

static bool parse_number(const char *s, double *out) {
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return *s && !*end && errno == 0 && isfinite(*out); /* inf would hang a log axis */
}

/* A whole non-negative integer field, exactly (no double in between). */
static bool parse_count(const char *s, unsigned long long max, unsigned long long *out) {
    char *end;
    if (!(*s >= '0' && *s <= '9')) return false;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return !*end && errno == 0 && *out <= max;
}

static int read_csv_line(const char *path, int lineno, char *line, const pl_game *g, const sw_table *t,
                         const csv_map *m, sw_record *r, pl_error *err) {
    char *f[CSV_MAX_COLUMNS];
    int n = csv_split(line, f, CSV_MAX_COLUMNS);
    if (n != m->ncols) return pl_error_set(err, path, lineno, 1, "expected %d CSV fields, found %d", m->ncols, n);
    if (strcmp(f[m->game], g->name) != 0)
        return pl_error_set(err, path, lineno, 1, "a record of %s, not of %s", f[m->game], g->name);
    unsigned long long index, seed;
    r->status = status_of(f[m->status]);
    if (!parse_count(f[m->index], LONG_MAX, &index) || !parse_count(f[m->seed], ULLONG_MAX, &seed) ||
        !parse_number(f[m->seconds], &r->seconds) || !parse_number(f[m->nodes], &r->nodes) || r->status < 0)
        return pl_error_set(err, path, lineno, 1,
                            "a record needs a number for index, seed, seconds, nodes and a status");
    r->index = (long)index;
    r->seed = seed; /* exactly, not through a double */
    for (int k = 0; k < t->nparams; k++) r->value[k] = pl_xstrdup(f[m->param[k]]);
    r->solve = pl_xstrdup(f[m->solve]);
    return 0;
}

int sw_table_read(const char *path, const pl_game *g, sw_table *t, size_t *complete, pl_error *err) {
    char *data;
    size_t len;
    if (pl_read_file(path, &data, &len, err)) return -1;
    bool csv = ends_with_csv(path);
    csv_map m = {.ncols = 0};
    int lineno = 0, rc = 0;
    *complete = 0;
    for (char *line = data, *end = data + len; line < end && rc == 0;) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        if (!nl) break; /* half a line: a killed sweep's last record */
        size_t linelen = (size_t)(nl - line);
        *nl = '\0';
        lineno++;
        if (memchr(line, '\0', linelen)) {
            rc = pl_error_set(err, path, lineno, (int)strlen(line) + 1, "a NUL byte");
            break;
        }
        if (linelen && line[linelen - 1] == '\r') line[linelen - 1] = '\0';
        if (csv && lineno == 1) {
            rc = csv_header(path, line, t, &m, err);
        } else if (line[0] != '\0') {
            sw_record r = {.group = -1, .line = lineno};
            rc = csv ? read_csv_line(path, lineno, line, g, t, &m, &r, err)
                     : read_jsonl_line(path, lineno, line, g, t, &r, err);
            if (rc == 0) {
                sw_table_add(t, &r);
            } else {
                for (int k = 0; k < SW_MAX_PARAMS; k++) free(r.value[k]);
                free(r.solve);
            }
        }
        line = nl + 1;
        *complete = (size_t)(line - data);
    }
    free(data);
    return rc;
}

/* ---------- the grid ---------- */

typedef struct sw_param {
    const char *name; /* the generate option's name (static) */
    bool flag;
    char **value;
    int n;
} sw_param;

typedef struct sw_grid {
    sw_param p[SW_MAX_PARAMS];
    int np;
    long ncells;
    char **key;   /* each cell's values joined by '\x1f', for looking records up */
    long *sorted; /* cells in key order */
} sw_grid;

static void grid_free(sw_grid *gr) {
    for (int k = 0; k < gr->np; k++) {
        for (int i = 0; i < gr->p[k].n; i++) free(gr->p[k].value[i]);
        free(gr->p[k].value);
    }
    for (long c = 0; gr->key && c < gr->ncells; c++) free(gr->key[c]);
    free(gr->key);
    free(gr->sorted);
}

static void add_value(sw_param *p, const char *s, size_t n) {
    p->value = pl_xrealloc(p->value, (size_t)(p->n + 1) * sizeof *p->value);
    char *v = pl_xmalloc(n + 1);
    memcpy(v, s, n);
    v[n] = '\0';
    p->value[p->n++] = v;
}

/* "LO..HI" or "LO..HI/STEP" (whole numbers): true and the range. */
static bool parse_range(const char *s, size_t n, long *lo, long *hi, long *step) {
    char buf[64];
    if (n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *dots = strstr(buf, "..");
    if (!dots || dots == buf) return false;
    *dots = '\0';
    char *e;
    errno = 0;
    *lo = strtol(buf, &e, 10);
    if (*e || errno) return false;
    *step = 1;
    char *slash = strchr(dots + 2, '/');
    if (slash) {
        *slash = '\0';
        *step = strtol(slash + 1, &e, 10);
        if (*e || errno || slash[1] == '\0' || *step < 1) return false;
    }
    *hi = strtol(dots + 2, &e, 10);
    return !*e && !errno && dots[2] != '\0';
}

static const pl_option *generate_option(const pl_game *g, const char *name) {
    static const char *const reserved[] = {"seed", "output", "json", "help"};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strcmp(name, reserved[i]) == 0) return NULL;
    for (const pl_option *o = g->generate_options; o && o->name; o++)
        if (strcmp(o->name, name) == 0) return o;
    return NULL;
}

static int read_grid(const pl_game *g, const pl_opts *o, sw_grid *gr) {
    memset(gr, 0, sizeof *gr);
    for (int i = 0; i < o->n; i++) {
        if (strcmp(o->name[i], "param") != 0) continue;
        const char *a = o->value[i], *eq = strchr(a, '=');
        if (!eq || eq == a || !eq[1])
            return pl_cli_failf("--param %s: expected NAME=VALUES (e.g. --param rows=4,5,6)", a);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
        const pl_option *spec = generate_option(g, name);
        if (!spec) {
            char list[512] = "";
            size_t k = 0;
            for (const pl_option *x = g->generate_options; x && x->name; x++)
                if (generate_option(g, x->name))
                    k += (size_t)snprintf(list + k, k < sizeof list ? sizeof list - k : 0, " %s", x->name);
            return pl_cli_failf("--param %s: %s is not an option of '%s generate' that a sweep can vary (expected "
                                "one of:%s; the seed is the sweep's)",
                                a, name, g->name, list);
        }
        for (int k = 0; k < gr->np; k++)
            if (strcmp(gr->p[k].name, spec->name) == 0)
                return pl_cli_failf("--param %s: %s is given twice (list its values in one --param)", a, name);
        if (gr->np == SW_MAX_PARAMS) return pl_cli_failf("at most %d --param options", SW_MAX_PARAMS);
        sw_param *p = &gr->p[gr->np++];
        p->name = spec->name;
        p->flag = spec->arg == NULL;
        const char *v = eq + 1;
        char sep = strchr(v, ';') ? ';' : ',';
        while (*v) {
            const char *end = strchr(v, sep);
            size_t n = end ? (size_t)(end - v) : strlen(v);
            long lo, hi, step;
            if (n == 0) return pl_cli_failf("--param %s: an empty value", a);
            if (!p->flag && parse_range(v, n, &lo, &hi, &step)) {
                /* the length in unsigned arithmetic: hi - lo may not fit a long */
                if (hi < lo || ((unsigned long)hi - (unsigned long)lo) / (unsigned long)step >= 100000)
                    return pl_cli_failf("--param %s: the range %.*s is empty or too long", a, (int)n, v);
                long count = (long)(((unsigned long)hi - (unsigned long)lo) / (unsigned long)step);
                for (long i = 0; i <= count; i++) {
                    char b[32];
                    snprintf(b, sizeof b, "%ld", (long)((unsigned long)lo + (unsigned long)i * (unsigned long)step));
                    add_value(p, b, strlen(b));
                }
            } else {
                add_value(p, v, n);
                if (p->flag && strcmp(p->value[p->n - 1], "yes") != 0 && strcmp(p->value[p->n - 1], "no") != 0)
                    return pl_cli_failf("--param %s: --%s is a flag: its values are yes and no", a, name);
            }
            v += n + (end != NULL);
        }
        for (int x = 0; x < p->n; x++)
            for (int y = 0; y < x; y++)
                if (strcmp(p->value[x], p->value[y]) == 0)
                    return pl_cli_failf("--param %s: the value %s is given twice", a, p->value[x]);
    }
    gr->ncells = 1;
    for (int k = 0; k < gr->np; k++) {
        gr->ncells *= gr->p[k].n;
        if (gr->ncells > 1000000) return pl_cli_failf("sweep: more than a million cells");
    }
    return 0;
}

/* The value of parameter k in cell c (the last parameter varies fastest). */
static const char *cell_value(const sw_grid *gr, long c, int k) {
    long div = 1;
    for (int j = gr->np - 1; j > k; j--) div *= gr->p[j].n;
    return gr->p[k].value[(c / div) % gr->p[k].n];
}

/* "rows=4 cols=5" for messages. */
static void cell_text(const sw_grid *gr, long c, char *buf, size_t n) {
    size_t k = 0;
    buf[0] = '\0';
    for (int j = 0; j < gr->np && k < n; j++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s=%s", j ? " " : "", gr->p[j].name, cell_value(gr, c, j));
}

static char *join_key(char *const *v, int n) {
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "%s", "");
    for (int k = 0; k < n; k++) pl_sbuf_printf(&b, "%s%s", k ? "\x1f" : "", v[k]);
    return b.s;
}

static const sw_grid *sort_grid;
static int cmp_cell(const void *a, const void *b) {
    return strcmp(sort_grid->key[*(const long *)a], sort_grid->key[*(const long *)b]);
}

static void index_grid(sw_grid *gr) {
    gr->key = pl_xcalloc((size_t)gr->ncells, sizeof *gr->key);
    gr->sorted = pl_xcalloc((size_t)gr->ncells, sizeof *gr->sorted);
    for (long c = 0; c < gr->ncells; c++) {
        char *v[SW_MAX_PARAMS];
        for (int k = 0; k < gr->np; k++) v[k] = (char *)cell_value(gr, c, k);
        gr->key[c] = join_key(v, gr->np);
        gr->sorted[c] = c;
    }
    sort_grid = gr;
    qsort(gr->sorted, (size_t)gr->ncells, sizeof *gr->sorted, cmp_cell);
}

static long find_cell(const sw_grid *gr, const char *key) {
    long lo = 0, hi = gr->ncells - 1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        int c = strcmp(gr->key[gr->sorted[mid]], key);
        if (c == 0) return gr->sorted[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static uint64_t mix64(uint64_t z) { /* SplitMix64's finaliser */
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The instance's seed: the sweep's seed, the cell's parameters as
 * "name=value" lines in name order (FNV-1a; so adding a parameter value to
 * the grid leaves the other cells' instances as they were) and the index,
 * through SplitMix64's finaliser; 53 bits, so that every JSON reader keeps
 * it exact. */
static uint64_t instance_seed(uint64_t sweep_seed, const sw_grid *gr, long c, long index) {
    int order[SW_MAX_PARAMS];
    for (int k = 0; k < gr->np; k++) order[k] = k;
    for (int i = 1; i < gr->np; i++)
        for (int j = i; j > 0 && strcmp(gr->p[order[j - 1]].name, gr->p[order[j]].name) > 0; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < gr->np; i++) {
        const sw_param *p = &gr->p[order[i]];
        const char *parts[4] = {p->name, "=", cell_value(gr, c, order[i]), "\n"};
        for (int q = 0; q < 4; q++)
            for (const unsigned char *s = (const unsigned char *)parts[q]; *s; s++) h = (h ^ *s) * 0x100000001b3ULL;
    }
    return mix64(mix64(mix64(sweep_seed) ^ h) ^ (uint64_t)index) >> 11;
}

/* ---------- one instance ---------- */

typedef struct sw_setup {
    const pl_game *g;
    const pl_algorithm *alg; /* NULL: auto */
    const char *alg_name, *objective;
    double time_limit;
    uint64_t node_limit, memory_mb, seed;
    long count;
    bool csv;
} sw_setup;

static void shell_word(pl_sbuf *b, const char *s) {
    bool plain = *s != '\0';
    for (const char *p = s; *p; p++)
        plain &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                 strchr("-_.,:/=+@%", *p) != NULL;
    if (plain) {
        pl_sbuf_printf(b, "%s", s);
        return;
    }
    pl_sbuf_printf(b, "'");
    for (const char *p = s; *p; p++) pl_sbuf_printf(b, *p == '\'' ? "'\\''" : "%c", *p);
    pl_sbuf_printf(b, "'");
}

static void number_text(double x, char *buf, size_t n) {
    for (int prec = 1; prec <= 17; prec++) { /* the shortest that reads back */
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) return;
    }
}

/* The generator's options for one instance. */
static void instance_opts(const sw_grid *gr, long c, const char *seed, pl_opts *o) {
    o->n = 0;
    for (int k = 0; k < gr->np; k++) {
        const char *v = cell_value(gr, c, k);
        if (gr->p[k].flag && strcmp(v, "no") == 0) continue;
        o->name[o->n] = gr->p[k].name;
        o->value[o->n++] = gr->p[k].flag ? "" : v;
    }
    o->name[o->n] = "seed";
    o->value[o->n++] = seed;
}

/* The command that prints the level: the generator's own provenance line
 * ("# GAME: generated by COMMAND"), else one built from the options. */
static char *generate_line(const pl_game *g, const char *text, const pl_opts *o) {
    char prefix[96];
    snprintf(prefix, sizeof prefix, "# %s: generated by ", g->name);
    size_t pn = strlen(prefix);
    if (strncmp(text, prefix, pn) == 0) {
        const char *s = text + pn, *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char *line = pl_xmalloc(n + 1);
        memcpy(line, s, n);
        line[n] = '\0';
        return line;
    }
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "puzzlelab %s generate", g->name);
    for (int i = 0; i < o->n; i++) {
        pl_sbuf_printf(&b, " --%s", o->name[i]);
        if (o->value[i][0]) {
            pl_sbuf_printf(&b, " ");
            shell_word(&b, o->value[i]);
        }
    }
    return b.s;
}

static char *solve_line(const sw_setup *ss, const char *generate) {
    const pl_game *g = ss->g;
    pl_sbuf b = {0};
    pl_sbuf_printf(&b, "%s | puzzlelab %s solve -", generate, g->name);
    if (ss->alg) pl_sbuf_printf(&b, " --algorithm %s", ss->alg->name);
    if (ss->objective && g->objectives && strcmp(ss->objective, g->objectives[0]) != 0)
        pl_sbuf_printf(&b, " --objective %s", ss->objective);
    char num[40];
    if (ss->time_limit > 0) {
        number_text(ss->time_limit, num, sizeof num);
        pl_sbuf_printf(&b, " --time-limit %s", num);
    }
    if (ss->node_limit) pl_sbuf_printf(&b, " --node-limit %llu", (unsigned long long)ss->node_limit);
    if ((g->solve_uses & PL_USES_MEMORY) && ss->memory_mb != 1024)
        pl_sbuf_printf(&b, " --memory-limit %llu", (unsigned long long)ss->memory_mb);
    if (g->solve_uses & PL_USES_THREADS) pl_sbuf_printf(&b, " --threads 1");
    return b.s;
}

/* Generates the level of (cell c, index i) and reads it back; NULL with err.
 * *gen gets the generate line, *text the level. */
static void *make_level(const sw_setup *ss, const sw_grid *gr, long c, uint64_t seed, char **gen, pl_error *err) {
    char seedtext[32];
    snprintf(seedtext, sizeof seedtext, "%llu", (unsigned long long)seed);
    pl_opts o;
    instance_opts(gr, c, seedtext, &o);
    *gen = NULL;
    char *text = ss->g->generate(&o, err);
    if (!text) return NULL;
    *gen = generate_line(ss->g, text, &o);
    pl_level_text lt;
    void *level = NULL;
    if (pl_level_text_parse("(generated)", text, strlen(text), &lt, err) == 0) {
        level = ss->g->level_parse(&lt, err);
        pl_level_text_free(&lt);
    }
    free(text);
    return level;
}

static void csv_field(pl_sbuf *b, const char *s, bool last) {
    if (strpbrk(s, ",\"\r\n") || (s[0] == ' ') || (s[0] && s[strlen(s) - 1] == ' ')) {
        pl_sbuf_printf(b, "\"");
        for (const char *p = s; *p; p++) pl_sbuf_printf(b, *p == '"' ? "\"\"" : "%c", *p);
        pl_sbuf_printf(b, "\"");
    } else {
        pl_sbuf_printf(b, "%s", s);
    }
    pl_sbuf_printf(b, last ? "\n" : ",");
}

static char *csv_header_line(const sw_grid *gr) {
    pl_sbuf b = {0};
    csv_field(&b, "game", false);
    for (int k = 0; k < gr->np; k++) {
        char name[80];
        snprintf(name, sizeof name, "params.%s", gr->p[k].name);
        csv_field(&b, name, false);
    }
    int n = (int)(sizeof csv_order / sizeof csv_order[0]);
    for (int i = 0; i < n; i++) csv_field(&b, csv_order[i], i == n - 1);
    return b.s;
}

/* Solves one instance; returns its record's line (JSON Lines or CSV) and
 * fills r. NULL with fail (a generator or solver error; the caller reports
 * it: under MPI a worker sends it to rank 0, which prints). */
static char *run_instance(const sw_setup *ss, const sw_grid *gr, long c, long index, sw_record *r, pl_error *fail) {
    const pl_game *g = ss->g;
    uint64_t seed = instance_seed(ss->seed, gr, c, index);
    pl_error err = {0};
    char *gen = NULL;
    pl_memory_baseline_reset(); /* the instance's memory counts from here, its level included */
    void *level = make_level(ss, gr, c, seed, &gen, &err);
    if (!level) {
        free(gen);
        char cell[512];
        cell_text(gr, c, cell, sizeof cell);
        pl_error_set(fail, NULL, 0, 0, "sweep: the cell %s, seed %llu: %s", cell, (unsigned long long)seed, err.msg);
        return NULL;
    }
    pl_limits lim;
    pl_limits_init(&lim, ss->time_limit, ss->node_limit, (size_t)ss->memory_mb << 20);
    pl_opts none = {.n = 0};
    pl_request req = {.opts = &none, .objective = ss->objective, .seed = 1, .limits = &lim, .threads = 1};
    /* on the heap: the solver runs below this frame (see pl_game_solve) */
    pl_solution *sol = pl_xmalloc(sizeof *sol);
    char why[1024] = "";
    if (ss->alg && ss->alg->applies && !ss->alg->applies(level, &req, why, sizeof why)) {
        pl_solution_init(sol); /* a named algorithm that does not apply: unknown, with the reason */
        sol->status = PL_UNKNOWN;
        sol->algorithm = ss->alg->name;
        snprintf(sol->note, sizeof sol->note, "%s does not apply: %s", ss->alg->name, why);
    } else if (pl_game_solve(g, ss->alg, level, &req, sol, &err)) {
        free(sol);
        free(gen);
        g->level_free(level);
        *fail = err;
        return NULL;
    }
    if (sol->status == PL_UNKNOWN && !sol->limit_hit && lim.hit) sol->limit_hit = lim.hit;
    double secs = pl_limits_elapsed(&lim);
    char *solve = solve_line(ss, gen);

    *r = (sw_record){.index = index,
                     .seed = seed,
                     .status = sol->status,
                     .seconds = secs,
                     .nodes = (double)sol->nodes,
                     .group = (int)c};
    for (int k = 0; k < gr->np; k++) r->value[k] = pl_xstrdup(cell_value(gr, c, k));
    r->solve = pl_xstrdup(solve);

    char *line;
    if (ss->csv) {
        pl_sbuf b = {0}, vals = {0};
        pl_sbuf_printf(&vals, "%s", "");
        for (int i = 0; i < sol->nvalues; i++)
            pl_sbuf_printf(&vals, "%s%s=%lld", i ? " " : "", sol->value_name[i], sol->value[i]);
        char num[64];
        csv_field(&b, g->name, false);
        for (int k = 0; k < gr->np; k++) csv_field(&b, cell_value(gr, c, k), false);
        snprintf(num, sizeof num, "%ld", index);
        csv_field(&b, num, false);
        snprintf(num, sizeof num, "%llu", (unsigned long long)seed);
        csv_field(&b, num, false);
        csv_field(&b, pl_status_name(sol->status), false);
        csv_field(&b, sol->algorithm, false);
        snprintf(num, sizeof num, "%.9f", secs);
        csv_field(&b, num, false);
        snprintf(num, sizeof num, "%llu", (unsigned long long)sol->nodes);
        csv_field(&b, num, false);
        csv_field(&b, sol->limit_hit ? pl_limit_name(sol->limit_hit) : "", false);
        snprintf(num, sizeof num, "%d", sol->moves.n);
        csv_field(&b, num, false);
        csv_field(&b, vals.s, false);
        csv_field(&b, sol->note, false);
        csv_field(&b, gen, false);
        csv_field(&b, solve, true);
        free(vals.s);
        line = b.s;
    } else {
        json_t *j = json_object(), *params = json_object(), *values = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        for (int k = 0; k < gr->np; k++) json_object_set_new(params, gr->p[k].name, param_json(cell_value(gr, c, k)));
        json_object_set_new(j, "params", params);
        json_object_set_new(j, "index", json_integer(index));
        json_object_set_new(j, "seed", json_integer((json_int_t)seed));
        json_object_set_new(j, "status", json_string(pl_status_name(sol->status)));
        json_object_set_new(j, "algorithm", json_string(sol->algorithm));
        json_object_set_new(j, "seconds", json_real(secs));
        json_object_set_new(j, "nodes", json_integer((json_int_t)sol->nodes));
        json_object_set_new(j, "limit", sol->limit_hit ? json_string(pl_limit_name(sol->limit_hit)) : json_null());
        json_object_set_new(j, "length", json_integer(sol->moves.n));
        for (int i = 0; i < sol->nvalues; i++)
            json_object_set_new(values, sol->value_name[i], json_integer(sol->value[i]));
        json_object_set_new(j, "values", values);
        if (sol->optimal >= 0) json_object_set_new(j, "optimal", json_boolean(sol->optimal == 1));
        if (sol->note[0]) json_object_set_new(j, "note", json_string(sol->note));
        json_object_set_new(j, "generate", json_string(gen));
        json_object_set_new(j, "solve", json_string(solve));
        char *s = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(9));
        json_decref(j);
        size_t n = strlen(s);
        line = pl_xmalloc(n + 2);
        memcpy(line, s, n);
        line[n] = '\n';
        line[n + 1] = '\0';
        free(s);
    }
    free(solve);
    free(gen);
    pl_solution_free(sol);
    free(sol);
    g->level_free(level);
    return line;
}

/* ---------- the summary ---------- */

static json_t *number_or_null(double x) {
    return isnan(x) ? json_null() : json_real(x);
}

static void print_summary_text(const sw_grid *gr, const sw_table *t) {
    int w[SW_MAX_PARAMS];
    for (int k = 0; k < gr->np; k++) {
        w[k] = (int)strlen(gr->p[k].name);
        for (int i = 0; i < gr->p[k].n; i++)
            if ((int)strlen(gr->p[k].value[i]) > w[k]) w[k] = (int)strlen(gr->p[k].value[i]);
    }
    for (int k = 0; k < gr->np; k++) printf("%-*s  ", w[k], gr->p[k].name);
    printf("%6s %9s %8s %16s %7s %10s %10s %10s %10s\n", "count", "solvable", "fraction", "wilson95", "unknown",
           "median_s", "p90_s", "median_n", "p90_n");
    for (long c = 0; c < gr->ncells; c++) {
        sw_stats s;
        sw_stats_of(t, (int)c, &s);
        for (int k = 0; k < gr->np; k++) printf("%-*s  ", w[k], cell_value(gr, c, k));
        char solv[32], frac[16], wil[40], unk[16];
        snprintf(solv, sizeof solv, "%ld/%ld", s.solved, s.solved + s.unsolvable);
        if (isnan(s.fraction)) {
            snprintf(frac, sizeof frac, "-");
            snprintf(wil, sizeof wil, "-");
        } else {
            snprintf(frac, sizeof frac, "%.3f", s.fraction);
            snprintf(wil, sizeof wil, "[%.3f, %.3f]", s.wilson_low, s.wilson_high);
        }
        snprintf(unk, sizeof unk, "%.3f", isnan(s.unknown_share) ? 0.0 : s.unknown_share);
        printf("%6ld %9s %8s %16s %7s %10.3g %10.3g %10.0f %10.0f\n", s.count, solv, frac, wil, unk,
               isnan(s.seconds_median) ? 0.0 : s.seconds_median, isnan(s.seconds_p90) ? 0.0 : s.seconds_p90,
               isnan(s.nodes_median) ? 0.0 : s.nodes_median, isnan(s.nodes_p90) ? 0.0 : s.nodes_p90);
    }
}

static json_t *summary_json(const pl_game *g, const sw_grid *gr, const sw_table *t, const char *out, long computed,
                            long kept) {
    json_t *j = json_object(), *cells = json_array();
    json_object_set_new(j, "game", json_string(g->name));
    json_object_set_new(j, "output", out ? json_string(out) : json_null());
    json_object_set_new(j, "records", json_integer((json_int_t)t->n));
    json_object_set_new(j, "computed", json_integer(computed));
    json_object_set_new(j, "resumed", json_integer(kept));
    for (long c = 0; c < gr->ncells; c++) {
        sw_stats s;
        sw_stats_of(t, (int)c, &s);
        json_t *e = json_object(), *params = json_object();
        for (int k = 0; k < gr->np; k++) json_object_set_new(params, gr->p[k].name, param_json(cell_value(gr, c, k)));
        json_object_set_new(e, "params", params);
        json_object_set_new(e, "count", json_integer(s.count));
        json_object_set_new(e, "solved", json_integer(s.solved));
        json_object_set_new(e, "unsolvable", json_integer(s.unsolvable));
        json_object_set_new(e, "unknown", json_integer(s.unknown));
        json_object_set_new(e, "fraction", number_or_null(s.fraction));
        json_object_set_new(e, "wilson_low", number_or_null(s.wilson_low));
        json_object_set_new(e, "wilson_high", number_or_null(s.wilson_high));
        json_object_set_new(e, "unknown_share", number_or_null(s.unknown_share));
        json_object_set_new(e, "seconds_median", number_or_null(s.seconds_median));
        json_object_set_new(e, "seconds_p90", number_or_null(s.seconds_p90));
        json_object_set_new(e, "nodes_median", number_or_null(s.nodes_median));
        json_object_set_new(e, "nodes_p90", number_or_null(s.nodes_p90));
        json_array_append_new(cells, e);
    }
    json_object_set_new(j, "cells", cells);
    return j;
}

/* ---------- writing records ---------- */

/* Where finished records go: the table (for the summary) and the file. */
typedef struct sw_out {
    FILE *f; /* NULL: no -o */
    const char *path;
    sw_table *t;
    long computed;
    int rc; /* a write error (reported) */
} sw_out;

/* Takes a finished record (in canonical order) and its line: into the
 * table, and out to the file at once, flushed, so that a killed sweep loses
 * at most the instances being solved. */
static void emit_record(sw_out *w, char *line, sw_record *r) {
    sw_table_add(w->t, r);
    w->computed++;
    if (w->f && w->rc == 0 && (fputs(line, w->f) == EOF || fflush(w->f) != 0))
        w->rc = pl_cli_failf("cannot write %s: %s", w->path, strerror(errno));
    free(line);
}

#ifdef PL_HAVE_MPI
static void record_free(sw_record *r, int np) {
    for (int k = 0; k < np; k++) free(r->value[k]);
    free(r->solve);
}

/* ---------- MPI: rank 0 hands out chunks, the other ranks solve ----------
 *
 * Under `mpirun -np P` (P > 1) rank 0 is the manager and does no solving:
 * instances differ in cost by orders of magnitude, and a manager busy on a
 * long instance would leave the workers waiting for work. Every rank parses
 * the same command line and builds the same grid; only rank 0 reads and
 * writes the file (and --resume), prints, and plots. Protocol (tags below):
 * a worker sends READY; rank 0 answers WORK (a chunk: its position in the
 * list of missing instances, then the instances as cell * N + index, in
 * canonical order) or STOP; the worker sends one RESULT an instance
 * (position, status, seconds, nodes, the record's line and solve line) or
 * one ERROR (a pl_error) and then READY again. Chunks are guided: a quarter
 * of the remaining work over the workers, 1 to SW_CHUNK_MAX instances.
 * Rank 0 keeps records that arrive early until every record before them is
 * in, so the file is always a prefix of the canonical order: the same bytes
 * as one process (but for seconds), and what --resume expects. All ranks
 * run the same binary on the same architecture (the messages are raw
 * structs). */
#include <mpi.h>
#include <time.h>

enum { SW_TAG_READY = 1, SW_TAG_WORK, SW_TAG_RESULT, SW_TAG_ERROR, SW_TAG_STOP };
enum { SW_CHUNK_MAX = 32 };
static int mpi_rank, mpi_size = 1;
static bool mpi_released; /* rank 0: every worker has had its STOP */

typedef struct sw_wire { /* a RESULT's head; the line and the solve line follow, each with its NUL */
    int64_t pos;
    int32_t status, pad;
    double seconds, nodes;
} sw_wire;

static int worker_loop(const sw_setup *ss, const sw_grid *gr) {
    long buf[1 + SW_CHUNK_MAX];
    int rc = 0;
    for (;;) {
        MPI_Send(NULL, 0, MPI_BYTE, 0, SW_TAG_READY, MPI_COMM_WORLD);
        MPI_Status st;
        MPI_Recv(buf, 1 + SW_CHUNK_MAX, MPI_LONG, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG != SW_TAG_WORK) return rc;
        int n;
        MPI_Get_count(&st, MPI_LONG, &n);
        for (int k = 1; k < n; k++) {
            long c = buf[k] / ss->count, i = buf[k] % ss->count;
            sw_record r;
            pl_error fail = {0};
            char *line = run_instance(ss, gr, c, i, &r, &fail);
            if (!line) {
                MPI_Send(&fail, (int)sizeof fail, MPI_BYTE, 0, SW_TAG_ERROR, MPI_COMM_WORLD);
                rc = PL_EXIT_USAGE;
                break;
            }
            size_t nl = strlen(line) + 1, ns = strlen(r.solve) + 1;
            sw_wire h = {.pos = buf[0] + k - 1, .status = r.status, .seconds = r.seconds, .nodes = r.nodes};
            char *msg = pl_xmalloc(sizeof h + nl + ns);
            memcpy(msg, &h, sizeof h);
            memcpy(msg + sizeof h, line, nl);
            memcpy(msg + sizeof h + nl, r.solve, ns);
            MPI_Send(msg, (int)(sizeof h + nl + ns), MPI_BYTE, 0, SW_TAG_RESULT, MPI_COMM_WORLD);
            free(msg);
            free(line);
            record_free(&r, gr->np);
        }
    }
}

/* Waits for the next message from any worker without spinning a core (a
 * blocking MPI_Probe busy-polls in Open MPI, and the manager has no work of
 * its own): polls, sleeping 20 us doubling to 1 ms while nothing comes.
 * (census's manager uses it too.) */
void pl_cli_mpi_probe(MPI_Status *st) {
    long ns = 20000;
    for (;;) {
        int flag = 0;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, st);
        if (flag) return;
        struct timespec ts = {0, ns};
        nanosleep(&ts, NULL);
        if (ns < 1000000) ns *= 2;
    }
}

static int manager_loop(const sw_setup *ss, const sw_grid *gr, const bool *done, sw_out *w) {
    long total = gr->ncells * ss->count, ntodo = 0;
    long *todo = pl_xmalloc((size_t)(total + 1) * sizeof *todo);
    for (long x = 0; x < total; x++)
        if (!done[x]) todo[ntodo++] = x;
    char **pending = pl_xcalloc((size_t)ntodo + 1, sizeof *pending);
    sw_record *prec = pl_xcalloc((size_t)ntodo + 1, sizeof *prec);
    long handed = 0, written = 0;
    int active = mpi_size - 1, rc = 0;
    bool stopping = false;
    while (active > 0) {
        MPI_Status st;
        pl_cli_mpi_probe(&st);
        int n;
        MPI_Get_count(&st, MPI_BYTE, &n);
        char *msg = pl_xmalloc((size_t)n + 1);
        MPI_Recv(msg, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == SW_TAG_READY) {
            long left = ntodo - handed;
            if (stopping || w->rc || left == 0) {
                MPI_Send(NULL, 0, MPI_LONG, st.MPI_SOURCE, SW_TAG_STOP, MPI_COMM_WORLD);
                active--;
            } else {
                long chunk = left / (4L * (mpi_size - 1)), buf[1 + SW_CHUNK_MAX];
                chunk = chunk < 1 ? 1 : chunk > SW_CHUNK_MAX ? SW_CHUNK_MAX : chunk;
                buf[0] = handed;
                for (long k = 0; k < chunk; k++) buf[1 + k] = todo[handed + k];
                handed += chunk;
                MPI_Send(buf, (int)(1 + chunk), MPI_LONG, st.MPI_SOURCE, SW_TAG_WORK, MPI_COMM_WORLD);
            }
        } else if (st.MPI_TAG == SW_TAG_RESULT && (size_t)n > sizeof(sw_wire)) {
            sw_wire h;
            memcpy(&h, msg, sizeof h);
            msg[n] = '\0';
            const char *line = msg + sizeof h, *solve = line + strlen(line) + 1;
            long c = todo[h.pos] / ss->count, i = todo[h.pos] % ss->count;
            sw_record *r = &prec[h.pos];
            *r = (sw_record){.index = i,
                             .seed = instance_seed(ss->seed, gr, c, i),
                             .status = h.status,
                             .seconds = h.seconds,
                             .nodes = h.nodes,
                             .group = (int)c};
            for (int k = 0; k < gr->np; k++) r->value[k] = pl_xstrdup(cell_value(gr, c, k));
            r->solve = pl_xstrdup(solve);
            pending[h.pos] = pl_xstrdup(line);
            for (; written < ntodo && pending[written]; written++) { /* out in canonical order */
                emit_record(w, pending[written], &prec[written]);
                pending[written] = NULL;
            }
        } else if (st.MPI_TAG == SW_TAG_ERROR && (size_t)n == sizeof(pl_error)) {
            pl_error e;
            memcpy(&e, msg, sizeof e);
            if (rc == 0) rc = pl_cli_fail_error(&e); /* the first; the others stop soon */
            stopping = true;
        }
        free(msg);
    }
    mpi_released = true;
    for (long x = written; x < ntodo; x++)
        if (pending[x]) { /* after an error: records behind the gap */
            free(pending[x]);
            record_free(&prec[x], gr->np);
        }
    free(pending);
    free(prec);
    free(todo);
    return rc;
}

/* Started by mpirun (Open MPI's, or another PMI launcher's, environment)? */
bool pl_cli_mpi_launched(void) {
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}
#endif

/* ---------- the command ---------- */

/* Reads the records of a previous run of this sweep from path: each must be
 * one of the grid's instances, made with the same options; a half-written
 * last line is cut off. Marks the instances done. 0, or exit 2 after a
 * message. */
static int resume_from(const sw_setup *ss, const sw_grid *gr, const char *path, sw_table *t, bool *done, FILE **f) {
    pl_error err = {0};
    size_t complete;
    for (int k = 0; k < gr->np; k++) t->name[k] = pl_xstrdup(gr->p[k].name);
    t->nparams = gr->np;
    t->fixed = true;
    if (sw_table_read(path, ss->g, t, &complete, &err)) return pl_cli_fail_error(&err);
    for (size_t i = 0; i < t->n; i++) {
        sw_record *r = &t->r[i];
        char *key = join_key(r->value, gr->np);
        long c = find_cell(gr, key);
        free(key);
        if (c < 0 || r->index < 0 || r->index >= ss->count) {
            pl_error_set(&err, path, r->line, 1, "the record (index %ld) is not an instance of this sweep's grid",
                         r->index);
            return pl_cli_fail_error(&err);
        }
        if (r->seed != instance_seed(ss->seed, gr, c, r->index)) {
            pl_error_set(&err, path, r->line, 1, "the record's seed is not this sweep's (another --seed?)");
            return pl_cli_fail_error(&err);
        }
        if (done[c * ss->count + r->index]) {
            pl_error_set(&err, path, r->line, 1, "instance %ld of this cell is already in the file", r->index);
            return pl_cli_fail_error(&err);
        }
        r->group = (int)c;
        done[c * ss->count + r->index] = true;
    }
    /* a record's solve line shows the options it was solved under */
    for (size_t i = 0; i < t->n; i++) {
        const char *bar = strstr(t->r[i].solve, " | puzzlelab ");
        char *want = solve_line(ss, "");
        bool same = bar && strcmp(bar, want) == 0;
        free(want);
        if (!same) {
            pl_error_set(&err, path, t->r[i].line, 1,
                         "the record was solved under other options (algorithm, limits) than this sweep's");
            return pl_cli_fail_error(&err);
        }
    }
    /* cut a half-written last line, then append */
    if (truncate(path, (off_t)complete) != 0)
        return pl_cli_failf("%s: cannot cut the last line: %s", path, strerror(errno));
    *f = fopen(path, "a");
    if (!*f) return pl_cli_failf("cannot open %s: %s", path, strerror(errno));
    if (ss->csv && complete == 0) {
        char *h = csv_header_line(gr);
        fputs(h, *f);
        free(h);
    }
    return 0;
}

static int sweep_run(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    (void)pos;
    if (npos != 0) return pl_cli_failf("sweep takes no files, only options (see 'puzzlelab %s sweep --help')", g->name);
    sw_setup ss = {.g = g};
    pl_error err = {0};
    if (pl_opts_long(o, "count", 10, 1, 1000000, &ss.count, &err) || pl_opts_u64(o, "seed", 1, &ss.seed, &err) ||
        pl_opts_double(o, "time-limit", 0, 0, 1e9, &ss.time_limit, &err) ||
        pl_opts_u64(o, "node-limit", 0, &ss.node_limit, &err) ||
        pl_opts_u64(o, "memory-limit", 1024, &ss.memory_mb, &err))
        return pl_cli_fail_error(&err);
    if (ss.memory_mb < 1 || ss.memory_mb > (1u << 22)) return pl_cli_failf("--memory-limit: expected 1 to 4194304 MiB");
    ss.alg_name = pl_opts_get(o, "algorithm");
    if (ss.alg_name && strcmp(ss.alg_name, "auto") != 0) {
        for (int i = 0; i < g->nalgorithms; i++)
            if (strcmp(g->algorithms[i].name, ss.alg_name) == 0) ss.alg = &g->algorithms[i];
        if (!ss.alg)
            return pl_cli_failf("unknown algorithm '%s' for %s (see 'puzzlelab GAME help')", ss.alg_name, g->name);
    }
    ss.objective = g->objectives ? g->objectives[0] : NULL;
    if (pl_opts_has(o, "objective")) {
        ss.objective = pl_opts_get(o, "objective");
        bool known = false;
        for (int i = 0; g->objectives && g->objectives[i]; i++) known |= strcmp(g->objectives[i], ss.objective) == 0;
        if (!known) return pl_cli_failf("unknown objective '%s' for %s", ss.objective, g->name);
    }
    const char *out = pl_opts_get(o, "output"), *plot = pl_opts_get(o, "plot");
    bool resume = pl_opts_has(o, "resume"), json = pl_opts_has(o, "json");
    if (out && strcmp(out, "-") == 0) out = NULL;
    if (out) {
        size_t n = strlen(out);
        ss.csv = ends_with_csv(out);
        if (!ss.csv && !(n >= 6 && strcasecmp(out + n - 6, ".jsonl") == 0))
            return pl_cli_failf("sweep: -o %s: the records go to a .jsonl (JSON Lines) or .csv file", out);
    }
    if (resume && !out) return pl_cli_failf("sweep --resume needs -o FILE (the records to continue)");
    int y = pl_opts_has(o, "y") ? sw_y_of(pl_opts_get(o, "y")) : SW_Y_SOLVABLE;
    if (y < 0) return pl_cli_failf("--y: expected solvable, seconds or nodes, got '%s'", pl_opts_get(o, "y"));
    if (plot && pl_output_kind_of(plot) < 0)
        return pl_cli_failf("sweep: --plot %s: the picture is a .png, .svg or .pdf file", plot);
    if (!plot && (pl_opts_has(o, "x") || pl_opts_has(o, "series") || pl_opts_has(o, "y")))
        return pl_cli_failf("sweep: --x, --series and --y shape the picture of --plot FILE");

    sw_grid gr;
    int rc = 0;
    if (read_grid(g, o, &gr)) {
        grid_free(&gr);
        return PL_EXIT_USAGE;
    }
    if ((double)gr.ncells * (double)ss.count > 1e8) {
        grid_free(&gr);
        return pl_cli_failf("sweep: %ld cells x %ld instances is more than 10^8 instances", gr.ncells, ss.count);
    }
    index_grid(&gr);
#ifdef PL_HAVE_MPI
    if (mpi_rank > 0) { /* a worker: solves what rank 0 hands out */
        rc = worker_loop(&ss, &gr);
        grid_free(&gr);
        return rc;
    }
#endif
    /* every cell's first instance first: a parameter the generator refuses
     * stops the sweep before any work, not hours into it */
    for (long c = 0; c < gr.ncells; c++) {
        char *gen = NULL;
        void *level = make_level(&ss, &gr, c, instance_seed(ss.seed, &gr, c, 0), &gen, &err);
        free(gen);
        if (!level) {
            char cell[512];
            cell_text(&gr, c, cell, sizeof cell);
            rc = pl_cli_failf("sweep: the generator refuses the cell %s: %s", cell, err.msg);
            grid_free(&gr);
            return rc;
        }
        g->level_free(level);
    }

    sw_table t = {0};
    for (int k = 0; k < gr.np; k++) t.name[k] = pl_xstrdup(gr.p[k].name);
    t.nparams = gr.np;
    bool *done = pl_xcalloc((size_t)(gr.ncells * ss.count), 1);
    FILE *f = NULL;
    struct stat st;
    bool exists = out && stat(out, &st) == 0;
    if (out && resume && exists) {
        sw_table old = {0};
        rc = resume_from(&ss, &gr, out, &old, done, &f);
        for (size_t i = 0; i < old.n; i++) { /* move the records over, in the grid's names */
            sw_table_add(&t, &old.r[i]);
            memset(&old.r[i], 0, sizeof old.r[i]);
        }
        sw_table_free(&old);
    } else if (out) {
        if (exists && st.st_size > 0 && S_ISREG(st.st_mode)) {
            rc = pl_cli_failf("sweep: %s exists: --resume continues it (or remove it to start again)", out);
        } else if (!(f = fopen(out, "w"))) {
            rc = pl_cli_failf("cannot open %s: %s", out, strerror(errno));
        } else if (ss.csv) {
            char *h = csv_header_line(&gr);
            fputs(h, f);
            free(h);
        }
    }
    long kept = (long)t.n, computed = 0;
    sw_out w = {.f = f, .path = out, .t = &t};
#ifdef PL_HAVE_MPI
    if (rc == 0 && mpi_size > 1) {
        rc = manager_loop(&ss, &gr, done, &w);
    } else
#endif
    {
        for (long c = 0; rc == 0 && w.rc == 0 && c < gr.ncells; c++)
            for (long i = 0; rc == 0 && w.rc == 0 && i < ss.count; i++) {
                if (done[c * ss.count + i]) continue;
                sw_record r;
                pl_error fail = {0};
                char *line = run_instance(&ss, &gr, c, i, &r, &fail);
                if (!line) {
                    rc = pl_cli_fail_error(&fail);
                    break;
                }
                emit_record(&w, line, &r);
            }
    }
    if (rc == 0) rc = w.rc;
    computed = w.computed;
    if (f && fclose(f) != 0 && rc == 0) rc = pl_cli_failf("cannot write %s: %s", out, strerror(errno));
    if (rc == 0) {
        if (json) {
            pl_cli_print_json(summary_json(g, &gr, &t, out, computed, kept));
        } else {
            print_summary_text(&gr, &t);
            printf("# %s sweep: %ld cells x %ld instances; %ld computed, %ld resumed%s%s\n", g->name, gr.ncells,
                   ss.count, computed, kept, out ? "; records in " : "", out ? out : "");
        }
        if (plot) {
            const char *x = pl_opts_get(o, "x"), *series = pl_opts_get(o, "series");
            /* by default x is the first parameter with several values, the
             * series the next */
            for (int k = 0; k < gr.np && !x; k++)
                if (gr.p[k].n > 1) x = gr.p[k].name;
            for (int k = 0; k < gr.np && !series && !pl_opts_has(o, "series"); k++)
                if (gr.p[k].n > 1 && strcmp(gr.p[k].name, x) != 0) series = gr.p[k].name;
            if (!x) x = gr.np ? gr.p[0].name : NULL;
            if (!x) {
                rc = pl_cli_failf("sweep --plot needs a --param to put on the x axis");
            } else if (sw_plot(g->name, &t, plot, x, series, (sw_y)y, NULL, &err)) {
                rc = pl_cli_fail_error(&err);
            }
            pl_draw_shutdown();
        }
    }
    free(done);
    sw_table_free(&t);
    grid_free(&gr);
    return rc;
}

int pl_cli_sweep(const pl_game *g, int npos, char **pos, const pl_opts *o) {
#ifdef PL_HAVE_MPI
    if (pl_cli_mpi_launched()) {
        MPI_Init(NULL, NULL);
        MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
        MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
        if (mpi_rank > 0) { /* only rank 0 prints (a worker's errors go to rank 0) */
            FILE *quiet = freopen("/dev/null", "w", stdout);
            if (quiet) quiet = freopen("/dev/null", "w", stderr);
            (void)quiet;
        }
        int rc = sweep_run(g, npos, pos, o);
        if (mpi_rank == 0 && mpi_size > 1 && !mpi_released) /* stopped before handing out work */
            for (int k = 1; k < mpi_size; k++) MPI_Send(NULL, 0, MPI_LONG, k, SW_TAG_STOP, MPI_COMM_WORLD);
        MPI_Finalize();
        return rc;
    }
#endif
    return sweep_run(g, npos, pos, o);
}
