/* Option parsing and messages shared by every command of the CLI. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const pl_option *find_option(const pl_option *list, const char *name) {
    for (; list && list->name; list++)
        if (strcmp(list->name, name) == 0) return list;
    return NULL;
}

int pl_cli_parse_args(const pl_option *const *lists, int n, const char *where, bool dash_o, int argc, char **argv,
                      char **pos, int *npos, pl_opts *o) {
    *npos = 0;
    o->n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0 || strcmp(a, "--") == 0 || a[2] == '\0') {
            if (strcmp(a, "-o") == 0 && dash_o) {
                a = "--output";
            } else if (a[0] == '-' && a[1] != '\0' && strcmp(a, "--") != 0) {
                /* A short option we do not have ("-v"): an option error, not
                 * a file that cannot be opened. A file whose name starts with
                 * '-' is reached as ./-name; "-" alone is standard input. */
                pl_cli_failf("unknown option %s for '%s' (see 'puzzlelab %s --help')", a, where, where);
                return -1;
            } else {
                pos[(*npos)++] = argv[i];
                continue;
            }
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        char nbuf[64];
        size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
        if (nlen >= sizeof nbuf) nlen = sizeof nbuf - 1;
        memcpy(nbuf, name, nlen);
        nbuf[nlen] = '\0';
        const pl_option *spec = NULL;
        for (int k = 0; k < n && !spec; k++) spec = find_option(lists[k], nbuf);
        if (!spec) {
            pl_cli_failf("unknown option --%s for '%s' (see 'puzzlelab %s --help')", nbuf, where, where);
            return -1;
        }
        if (o->n >= 64) {
            pl_cli_failf("too many options (at most 64)");
            return -1;
        }
        o->name[o->n] = spec->name;
        if (!spec->arg) {
            if (eq) {
                pl_cli_failf("option --%s takes no value", spec->name);
                return -1;
            }
            o->value[o->n++] = "";
        } else if (eq) {
            o->value[o->n++] = eq + 1;
        } else if (i + 1 < argc) {
            o->value[o->n++] = argv[++i];
        } else {
            pl_cli_failf("option --%s needs a value (%s)", spec->name, spec->arg);
            return -1;
        }
    }
    return 0;
}

void pl_cli_print_options(FILE *f, const pl_option *opts) {
    for (; opts && opts->name; opts++) {
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", opts->name, opts->arg ? " " : "", opts->arg ? opts->arg : "");
        fprintf(f, "  %-24s %s\n", left, opts->help);
    }
}

static bool json_errors;
static char last_error[4600];

bool pl_cli_json_errors(bool on) {
    bool was = json_errors;
    json_errors = on;
    return was;
}

const char *pl_cli_last_error(void) {
    return last_error;
}

/* An error: text on stderr ("file:line:col: message" or "puzzlelab:
 * message"); with --json also {"status": "error", ...} on stdout, so that a
 * script reading stdout always gets one JSON object. */
static void report(const char *file, int line, int col, const char *msg) {
    if (line > 0 && col < 1) col = 1; /* as pl_error_format */
    if (file && file[0] && line > 0)
        snprintf(last_error, sizeof last_error, "%s:%d:%d: %s", file, line, col, msg);
    else if (file && file[0])
        snprintf(last_error, sizeof last_error, "%s: %s", file, msg);
    else
        snprintf(last_error, sizeof last_error, "puzzlelab: %s", msg);
    fprintf(stderr, "%s\n", last_error);
    if (!json_errors) return;
    json_t *j = json_object();
    json_object_set_new(j, "status", json_string("error"));
    json_object_set_new(j, "error", json_string(msg));
    if (file && file[0]) json_object_set_new(j, "file", json_string(file));
    if (line > 0) json_object_set_new(j, "line", json_integer(line));
    if (line > 0) json_object_set_new(j, "col", json_integer(col));
    json_object_set_new(j, "exit_status", json_integer(PL_EXIT_USAGE));
    pl_cli_print_json(j);
}

int pl_cli_failf(const char *fmt, ...) {
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    report(NULL, 0, 0, msg);
    return PL_EXIT_USAGE;
}

int pl_cli_fail_usage(const char *fmt, const char *a, const char *b) {
    return pl_cli_failf(fmt, a, b);
}

int pl_cli_fail_error(const pl_error *e) {
    /* Errors about a place in a file read like a compiler's; others name us. */
    report(e->file, e->line, e->col, e->msg);
    return PL_EXIT_USAGE;
}

/* JSON as jansson writes it (JSON_INDENT(2) or one line, keys in order),
 * but every real in the shortest form that reads back exactly
 * (pl_double_text: 0.1, not 0.10000000000000001), with ".0" when that form
 * has no point or exponent, so it stays a JSON real. Leaves other than reals
 * are jansson's own text. */
static void json_text(pl_sbuf *b, json_t *v, int indent, int depth) {
    if (json_is_real(v)) {
        char t[PL_DOUBLE_CHARS];
        pl_double_text(json_real_value(v), t);
        pl_sbuf_printf(b, "%s%s", t, strpbrk(t, ".eni") ? "" : ".0");
    } else if (json_is_object(v) || json_is_array(v)) {
        bool obj = json_is_object(v);
        size_t n = obj ? json_object_size(v) : json_array_size(v);
        if (n == 0) {
            pl_sbuf_printf(b, obj ? "{}" : "[]");
            return;
        }
        pl_sbuf_printf(b, obj ? "{" : "[");
        size_t i = 0;
        const char *key;
        json_t *x;
        void *it = obj ? json_object_iter(v) : NULL;
        for (; obj ? it != NULL : i < n; i++) {
            if (obj) {
                key = json_object_iter_key(it);
                x = json_object_iter_value(it);
                it = json_object_iter_next(v, it);
            } else {
                key = NULL;
                x = json_array_get(v, i);
            }
            if (i) pl_sbuf_printf(b, indent ? "," : ", ");
            if (indent) pl_sbuf_printf(b, "\n%*s", indent * (depth + 1), "");
            if (key) {
                json_t *k = json_string(key);
                char *ks = json_dumps(k, JSON_ENCODE_ANY);
                pl_sbuf_printf(b, "%s: ", ks ? ks : "\"?\"");
                free(ks);
                json_decref(k);
            }
            json_text(b, x, indent, depth + 1);
        }
        if (indent) pl_sbuf_printf(b, "\n%*s", indent * depth, "");
        pl_sbuf_printf(b, obj ? "}" : "]");
    } else {
        char *t = json_dumps(v, JSON_ENCODE_ANY);
        pl_sbuf_printf(b, "%s", t ? t : "null");
        free(t);
    }
}

char *pl_cli_json_dumps(json_t *v, bool indent) {
    pl_sbuf b = {0};
    json_text(&b, v, indent ? 2 : 0, 0);
    return b.s ? b.s : pl_xstrdup("");
}

void pl_cli_print_json(json_t *j) {
    char *s = pl_cli_json_dumps(j, true);
    if (s) {
        fputs(s, stdout);
        fputc('\n', stdout);
        free(s);
    }
    json_decref(j);
}

void pl_cli_print_json_text(const char *key, json_t *v) {
    if (json_is_object(v)) {
        printf("%s:", key);
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) {
            char *s = pl_cli_json_dumps(x, false);
            printf(" %s=%s", k, s ? s : "?");
            free(s);
        }
        printf("\n");
    } else if (json_is_string(v)) {
        printf("%s: %s\n", key, json_string_value(v));
    } else {
        char *s = pl_cli_json_dumps(v, false);
        printf("%s: %s\n", key, s ? s : "?");
        free(s);
    }
}

int pl_cli_write_file(const char *path, const char *text) {
    pl_error err = {0};
    if (pl_write_file(path, text, strlen(text), &err)) return pl_cli_fail_error(&err);
    return 0;
}

void pl_cli_certificate_head(pl_sbuf *b, const char *what, const char *source, const char *unit,
                             const pl_solution *sol, long long nmoves) {
    pl_sbuf_printf(b, "# puzzlelab %s solve %s: algorithm %s, %lld %s%s", what, source, sol->algorithm, nmoves, unit,
                   nmoves == 1 ? "" : "s");
    for (int i = 0; i < sol->nvalues; i++) pl_sbuf_printf(b, ", %s %lld", sol->value_name[i], sol->value[i]);
    pl_sbuf_printf(b, "\nmoves:\n");
}

int pl_cli_write_certificate(const char *out, const char *what, const char *source, const char *unit,
                             const pl_solution *sol) {
    pl_sbuf b = {0};
    pl_cli_certificate_head(&b, what, source, unit, sol, sol->moves.n);
    pl_error err = {0};
    pl_out o;
    int rc = pl_out_open(&o, out, &err);
    if (rc == 0 && (fwrite(b.s, 1, b.n, o.f) != b.n || pl_strvec_write_lines(&sol->moves, o.f)) && o.f != stdout) {
        pl_error_set(&err, NULL, 0, 0, "cannot write %s: %s", out, strerror(errno));
        pl_out_abort(&o);
        rc = -1;
    } else if (rc == 0) {
        rc = pl_out_close(&o, &err);
    }
    free(b.s);
    return rc ? pl_cli_fail_error(&err) : 0;
}

void *pl_cli_load_level(const pl_game *g, const char *path, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_read(path, &lt, err)) return NULL;
    void *level = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return level;
}

void *pl_cli_level_from_text(const pl_game *g, const char *path, pl_file_text *text, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_take(path, text, &lt, err)) return NULL;
    void *level = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return level;
}

void pl_cli_print_solution(FILE *f, const pl_solution *sol, const char *algorithm, double secs, bool optimisation,
                           bool memory, bool with_moves) {
    fprintf(f, "%s\n", pl_status_name(sol->status));
    for (int i = 0; i < sol->nvalues; i++) fprintf(f, "%s %lld\n", sol->value_name[i], sol->value[i]);
    if (optimisation && sol->optimal >= 0) fprintf(f, "optimal %s\n", sol->optimal == 1 ? "yes" : "no");
    fprintf(f, "# algorithm %s; %.3f s; %llu nodes", algorithm, secs, (unsigned long long)sol->nodes);
    /* below 1 MiB in KiB, so that a small table does not read "0.0 MiB" */
    if (memory && sol->peak_memory >= (1u << 20))
        fprintf(f, "; peak memory %.1f MiB", (double)sol->peak_memory / (1 << 20));
    else if (memory && sol->peak_memory)
        fprintf(f, "; peak memory %.0f KiB", (double)sol->peak_memory / 1024 < 1 ? 1 : (double)sol->peak_memory / 1024);
    fprintf(f, "\n");
    if (sol->limit_hit) fprintf(f, "# %s reached\n", pl_limit_name(sol->limit_hit));
    if (sol->note[0]) fprintf(f, "# %s\n", sol->note);
    if (sol->status == PL_SOLVED && with_moves) {
        fprintf(f, "moves:\n");
        pl_strvec_write_lines(&sol->moves, f); /* errors: the stream's, checked when the command ends */
    }
}

void pl_cli_print_info(json_t *j, bool json) {
    if (json) {
        pl_cli_print_json(j);
        return;
    }
    const char *k;
    json_t *x;
    json_object_foreach(j, k, x) pl_cli_print_json_text(k, x);
    json_decref(j);
}
