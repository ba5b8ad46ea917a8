/* Errors are values: a place (file:line:col) and a message. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "puzzlelab/core.h"

int pl_error_set(pl_error *e, const char *file, int line, int col, const char *fmt, ...) {
    if (!e) return -1;
    snprintf(e->file, sizeof e->file, "%s", file ? file : "");
    e->line = line;
    e->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

void pl_error_format(const pl_error *e, char *buf, size_t n) {
    if (e->file[0] && e->line > 0)
        snprintf(buf, n, "%s:%d:%d: %s", e->file, e->line, e->col > 0 ? e->col : 1, e->msg);
    else if (e->file[0])
        snprintf(buf, n, "%s: %s", e->file, e->msg);
    else
        snprintf(buf, n, "%s", e->msg);
}
