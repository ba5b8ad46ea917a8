/* Small shared helpers: checked allocation, string vectors, reading files. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"

static void out_of_memory(size_t n) {
    /* Allocation failure is not a recoverable input error; say so and stop. */
    fprintf(stderr, "puzzlelab: out of memory (asked for %zu bytes)\n", n);
    abort();
}

void *pl_xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory(n);
    return p;
}

void *pl_xcalloc(size_t n, size_t m) {
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p) out_of_memory(n * m);
    return p;
}

void *pl_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return q;
}

char *pl_xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = pl_xmalloc(n);
    memcpy(p, s, n);
    return p;
}

void pl_strvec_push(pl_strvec *v, const char *s) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 16;
        v->s = pl_xrealloc(v->s, (size_t)v->cap * sizeof *v->s);
    }
    v->s[v->n++] = pl_xstrdup(s);
}

void pl_strvec_clear(pl_strvec *v) {
    for (int i = 0; i < v->n; i++) free(v->s[i]);
    v->n = 0;
}

void pl_strvec_free(pl_strvec *v) {
    pl_strvec_clear(v);
    free(v->s);
    v->s = NULL;
    v->cap = 0;
}

int pl_read_file(const char *path, char **data, size_t *len, pl_error *err) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return pl_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = pl_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)1 << 30)) {
                free(buf);
                if (f != stdin) fclose(f);
                return pl_error_set(err, path, 0, 0, "file larger than 1 GiB");
            }
            cap *= 2;
            buf = pl_xrealloc(buf, cap);
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f), why = errno;
    if (f != stdin) fclose(f);
    if (bad) {
        free(buf);
        return pl_error_set(err, path, 0, 0, "cannot read: %s", why ? strerror(why) : "read error");
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}

const char *pl_status_name(pl_status s) {
    switch (s) {
    case PL_SOLVED: return "solved";
    case PL_UNSOLVABLE: return "unsolvable";
    default: return "unknown";
    }
}

int pl_status_exit_code(pl_status s) {
    switch (s) {
    case PL_SOLVED: return PL_EXIT_OK;
    case PL_UNSOLVABLE: return PL_EXIT_NO;
    default: return PL_EXIT_UNKNOWN;
    }
}

void pl_sbuf_printf(pl_sbuf *b, const char *fmt, ...) {
    if (!b->s) {
        b->cap = 256;
        b->s = pl_xmalloc(b->cap);
        b->n = 0;
        b->s[0] = '\0';
    }
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int w = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (w >= 0 && (size_t)w < b->cap - b->n) {
            b->n += (size_t)w;
            return;
        }
        b->cap = 2 * b->cap + (w > 0 ? (size_t)w : 0) + 64;
        b->s = pl_xrealloc(b->s, b->cap);
    }
}
