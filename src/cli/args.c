/* Option parsing and messages shared by every command of the CLI. */
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
            fprintf(stderr, "puzzlelab: unknown option --%s for '%s' (see 'puzzlelab %s --help')\n", nbuf, where,
                    where);
            return -1;
        }
        if (o->n >= 64) {
            fprintf(stderr, "puzzlelab: too many options\n");
            return -1;
        }
        o->name[o->n] = spec->name;
        if (!spec->arg) {
            if (eq) {
                fprintf(stderr, "puzzlelab: option --%s takes no value\n", spec->name);
                return -1;
            }
            o->value[o->n++] = "";
        } else if (eq) {
            o->value[o->n++] = eq + 1;
        } else if (i + 1 < argc) {
            o->value[o->n++] = argv[++i];
        } else {
            fprintf(stderr, "puzzlelab: option --%s needs a value (%s)\n", spec->name, spec->arg);
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

int pl_cli_fail_usage(const char *fmt, const char *a, const char *b) {
    fprintf(stderr, "puzzlelab: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return PL_EXIT_USAGE;
}

int pl_cli_fail_error(const pl_error *e) {
    char buf[1024];
    pl_error_format(e, buf, sizeof buf);
    /* Errors about a place in a file read like a compiler's; others name us. */
    fprintf(stderr, "%s%s\n", e->file[0] ? "" : "puzzlelab: ", buf);
    return PL_EXIT_USAGE;
}

void pl_cli_print_json(json_t *j) {
    char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
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
            char *s = json_dumps(x, JSON_ENCODE_ANY);
            printf(" %s=%s", k, s ? s : "?");
            free(s);
        }
        printf("\n");
    } else if (json_is_string(v)) {
        printf("%s: %s\n", key, json_string_value(v));
    } else {
        char *s = json_dumps(v, JSON_ENCODE_ANY);
        printf("%s: %s\n", key, s ? s : "?");
        free(s);
    }
}

int pl_cli_write_file(const char *path, const char *text) {
    pl_error err = {0};
    if (pl_write_file(path, text, strlen(text), &err)) return pl_cli_fail_error(&err);
    return 0;
}

void *pl_cli_load_level(const pl_game *g, const char *path, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_read(path, &lt, err)) return NULL;
    void *level = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return level;
}

void pl_cli_print_solution(const pl_solution *sol, const char *algorithm, double secs, bool optimisation, bool memory) {
    printf("%s\n", pl_status_name(sol->status));
    for (int i = 0; i < sol->nvalues; i++) printf("%s %lld\n", sol->value_name[i], sol->value[i]);
    if (optimisation && sol->optimal >= 0) printf("optimal %s\n", sol->optimal == 1 ? "yes" : "no");
    printf("# algorithm %s; %.3f s; %llu nodes", algorithm, secs, (unsigned long long)sol->nodes);
    if (memory) printf("; peak memory %.1f MiB", (double)sol->peak_memory / (1 << 20));
    printf("\n");
    if (sol->limit_hit) printf("# %s reached\n", pl_limit_name(sol->limit_hit));
    if (sol->note[0]) printf("# %s\n", sol->note);
    if (sol->status == PL_SOLVED) {
        printf("moves:\n");
        for (int i = 0; i < sol->moves.n; i++) printf("%s\n", sol->moves.s[i]);
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
