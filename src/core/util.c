/* Small shared helpers: checked allocation, string vectors, reading files. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A block of strings: a vector's strings are packed into these, newest
 * chunk first, each string NUL-terminated. Chunks grow from 4 KiB to 1 MiB
 * so that a short vector stays small and a long one takes few blocks. */
struct pl_strchunk {
    pl_strchunk *next;
    size_t used, cap;
    char text[];
};

void pl_strvec_push_n(pl_strvec *v, const char *s, size_t n) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 16;
        v->s = pl_xrealloc(v->s, (size_t)v->cap * sizeof *v->s);
    }
    pl_strchunk *c = v->chunks;
    if (!c || c->cap - c->used < n + 1) {
        size_t cap = c ? 2 * c->cap : 4096;
        if (cap > (1u << 20)) cap = 1u << 20;
        if (cap < n + 1) cap = n + 1;
        pl_strchunk *fresh = pl_xmalloc(sizeof *fresh + cap);
        fresh->next = c;
        fresh->used = 0;
        fresh->cap = cap;
        v->chunks = c = fresh;
    }
    char *t = c->text + c->used;
    memcpy(t, s, n);
    t[n] = '\0';
    c->used += n + 1;
    v->s[v->n++] = t;
}

void pl_strvec_reserve(pl_strvec *v, int n) {
    if (n <= v->cap) return;
    v->cap = n;
    v->s = pl_xrealloc(v->s, (size_t)v->cap * sizeof *v->s);
}

void pl_strvec_push(pl_strvec *v, const char *s) {
    pl_strvec_push_n(v, s, strlen(s));
}

void pl_strvec_pop(pl_strvec *v) {
    if (v->n > 0) v->n--;
}

void pl_strvec_clear(pl_strvec *v) {
    while (v->chunks) {
        pl_strchunk *next = v->chunks->next;
        free(v->chunks);
        v->chunks = next;
    }
    v->n = 0;
}

void pl_strvec_free(pl_strvec *v) {
    pl_strvec_clear(v);
    free(v->s);
    v->s = NULL;
    v->cap = 0;
}

int pl_strvec_write_lines(const pl_strvec *v, FILE *f) {
    enum { BLOCK = 1 << 16 };
    char *buf = pl_xmalloc(BLOCK);
    size_t used = 0;
    int rc = 0;
    for (int i = 0; i < v->n && rc == 0; i++) {
        size_t n = strlen(v->s[i]);
        if (used + n + 1 > BLOCK) {
            if (fwrite(buf, 1, used, f) != used) rc = -1;
            used = 0;
        }
        if (n + 1 > BLOCK) { /* a move longer than the block: on its own */
            if (fwrite(v->s[i], 1, n, f) != n || fputc('\n', f) == EOF) rc = -1;
            continue;
        }
        memcpy(buf + used, v->s[i], n);
        used += n;
        buf[used++] = '\n';
    }
    if (rc == 0 && used && fwrite(buf, 1, used, f) != used) rc = -1;
    free(buf);
    return rc;
}

/* A branch-free reduction, so that the compiler vectorises it: a 10^7-cell
 * row is checked at memory speed. */
bool pl_text_is_plain(const char *p, size_t n) {
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        bad |= (unsigned)((unsigned char)(ch - 32) >= 95) & (unsigned)(ch != '\t');
    }
    return bad == 0;
}

bool pl_text_is_plain_lines(const char *p, size_t n) {
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        bad |= (unsigned)((unsigned char)(ch - 32) >= 95) & (unsigned)(ch != '\t') & (unsigned)(ch != '\n');
    }
    return bad == 0;
}

const char *pl_text_skip_comments(const char *p, const char *end) {
    while (p < end && *p == '#') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl || !pl_text_is_plain(p, (size_t)(nl - p))) return NULL;
        p = nl + 1;
    }
    return p;
}

bool pl_text_number(const char **p, const char *end, long long *v) {
    const char *q = *p;
    long long x = 0;
    while (q < end && (unsigned)(*q - '0') < 10 && q - *p <= 10) x = 10 * x + (*q++ - '0');
    if (q == *p || q - *p > 10 || x > 1000000000LL) return false;
    *p = q;
    *v = x;
    return true;
}

int pl_read_file(const char *path, char **data, size_t *len, pl_error *err) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return pl_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
    if (regular && (uintmax_t)st.st_size > PL_MAX_FILE_BYTES) {
        if (f != stdin) fclose(f);
        return pl_error_set(err, path, 0, 0, "file larger than 1 GiB (%.2f GiB)", (double)st.st_size / (1 << 30));
    }
    /* A regular file is read in one piece: a buffer of its size (plus the
     * byte that tells it did not grow, and the NUL), not doubling copies. */
    size_t cap = 4096, n = 0;
    if (regular && st.st_size > 0) cap = (size_t)st.st_size + 2;
    char *buf = pl_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            /* room for the cap, one byte more (to know there is more) and the NUL */
            if (cap >= PL_MAX_FILE_BYTES + 2) break;
            cap = cap * 2 > PL_MAX_FILE_BYTES + 2 ? PL_MAX_FILE_BYTES + 2 : cap * 2;
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
    if (n > PL_MAX_FILE_BYTES) {
        free(buf);
        return pl_error_set(err, path, 0, 0, "file larger than 1 GiB");
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}

int pl_file_text_read(const char *path, pl_file_text *t, pl_error *err) {
    memset(t, 0, sizeof *t);
    /* only a regular file is opened here (a pipe or a terminal is read once,
     * by pl_read_file); its size is checked again once open */
    struct stat st;
    long page = sysconf(_SC_PAGESIZE);
    int fd = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? open(path, O_RDONLY) : -1;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uintmax_t)st.st_size <= PL_MAX_FILE_BYTES && page > 0 && st.st_size % page != 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            close(fd);
            t->data = p;
            t->len = (size_t)st.st_size;
            t->mapped = true;
            return 0;
        }
    }
    if (fd >= 0) close(fd);
    char *data;
    if (pl_read_file(path, &data, &t->len, err)) return -1;
    t->data = data;
    return 0;
}

void pl_file_text_free(pl_file_text *t) {
    if (t->mapped)
        munmap((void *)t->data, t->len);
    else
        free((void *)t->data);
    t->data = NULL;
    t->len = 0;
    t->mapped = false;
}

/* ---------- writing files ---------- */

int pl_out_open(pl_out *o, const char *path, pl_error *err) {
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, pipe or socket: renaming over it would replace it */
        o->f = fopen(path, "w");
        if (!o->f) return pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, strerror(errno));
        o->path = pl_xstrdup(path);
        return 0;
    }
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    size_t n = strlen(path) + 16;
    o->tmp = pl_xmalloc(n);
    snprintf(o->tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        return pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, strerror(e));
    }
    /* the mode a plain fopen would give (mkstemp makes it private) */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, strerror(e));
    }
    o->path = pl_xstrdup(path);
    return 0;
}

static void out_release(pl_out *o) {
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

void pl_out_abort(pl_out *o) {
    if (o->f && o->f != stdout) fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    out_release(o);
}

int pl_out_close(pl_out *o, pl_error *err) {
    if (o->f == stdout) {
        out_release(o);
        return pl_stdout_close(err);
    }
    errno = 0;
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (fclose(o->f) != 0 && !bad) bad = 1, e = errno;
    o->f = NULL;
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0) bad = 1, e = errno;
    if (bad) {
        pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", o->path, e ? strerror(e) : "write error");
        pl_out_abort(o);
        return -1;
    }
    out_release(o);
    return 0;
}

int pl_write_file(const char *path, const char *data, size_t len, pl_error *err) {
    pl_out o;
    if (pl_out_open(&o, path, err)) return -1;
    if (fwrite(data, 1, len, o.f) != len && o.f != stdout) {
        pl_error_set(err, NULL, 0, 0, "cannot write %s: %s", path, strerror(errno));
        pl_out_abort(&o);
        return -1;
    }
    return pl_out_close(&o, err);
}

int pl_stdout_close(pl_error *err) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int e = errno;
        clearerr(stdout);
        return pl_error_set(err, NULL, 0, 0, "cannot write to standard output: %s", e ? strerror(e) : "write error");
    }
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

void pl_sbuf_reserve(pl_sbuf *b, size_t n) {
    if (b->s && b->cap - b->n > n) return;
    size_t cap = b->s ? 2 * b->cap : 256;
    if (cap < b->n + n + 1) cap = b->n + n + 1;
    b->s = pl_xrealloc(b->s, cap);
    if (!b->cap) b->s[0] = '\0';
    b->cap = cap;
}

void pl_sbuf_append(pl_sbuf *b, const char *s, size_t n) {
    pl_sbuf_reserve(b, n);
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Two digits at a time from a table, in 32-bit arithmetic when the number
 * fits: the cost of a certificate's coordinates is then a few multiplies. */
static const char two_digits[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                    "8081828384858687888990919293949596979899";

/* Decimal digits of u (at least 1). */
static inline int decimal_digits(unsigned long long u) {
    int n = 1;
    for (; u >= 10000; u /= 10000) n += 4;
    return n + (u >= 10) + (u >= 100) + (u >= 1000);
}

int pl_int_text(long long v, char *buf) {
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    int n = v < 0;
    if (n) buf[0] = '-';
    n += decimal_digits(u);
    char *e = buf + n; /* written from the last digit back, straight into buf */
    while (u > 0xFFFFFFFFull) {
        unsigned d = (unsigned)(u % 100);
        u /= 100;
        e -= 2;
        memcpy(e, two_digits + 2 * d, 2);
    }
    uint32_t x = (uint32_t)u;
    while (x >= 100) {
        uint32_t d = x % 100;
        x /= 100;
        e -= 2;
        memcpy(e, two_digits + 2 * d, 2);
    }
    if (x >= 10)
        memcpy(e - 2, two_digits + 2 * x, 2);
    else
        e[-1] = (char)('0' + x);
    return n;
}

void pl_sbuf_comment(pl_sbuf *b, const char *text) {
    pl_sbuf_printf(b, "%s", "");
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        int n = nl ? (int)(nl - p) : (int)strlen(p);
        pl_sbuf_printf(b, "#%s%.*s\n", n ? " " : "", n, p);
        p += n + (nl ? 1 : 0);
    }
}

/* The p-digit decimal that reads back as x > 0, if there is one: printf's
 * correctly rounded nearest (%.*e) and its two neighbours on the p-digit
 * grid, the nearest first. If some p-digit decimal reads back as x, one of
 * these three does: a farther one on the nearest's side would put the
 * nearest inside x's rounding interval, and across x the next grid point is
 * a neighbour (the neighbours matter where the interval is lopsided, at
 * powers of two). Fills digits (no trailing zeros) and e10 (the first
 * digit's exponent). */
static bool round_trip_digits(double x, int p, char *digits, size_t n, int *e10) {
    char s[40];
    snprintf(s, sizeof s, "%.*e", p - 1, x);
    /* s is d[.ddd]e[+-]XX: the p digits as an integer m, the exponent */
    unsigned long long m = 0;
    const char *q = s;
    for (; *q != 'e'; q++)
        if (*q != '.') m = 10 * m + (unsigned long long)(*q - '0');
    int e = atoi(q + 1) - (p - 1); /* value = m * 10^e */
    unsigned long long cand[3] = {m, m - 1, m + 1};
    for (int k = 0; k < 3; k++) {
        if (cand[k] == 0) continue;
        char t[48];
        snprintf(t, sizeof t, "%llue%d", cand[k], e);
        if (strtod(t, NULL) != x) continue;
        int len = snprintf(digits, n, "%llu", cand[k]);
        *e10 = e + len - 1;
        while (len > 1 && digits[len - 1] == '0') digits[--len] = '\0';
        return true;
    }
    return false;
}

/* Shortest round trip: the fewest digits p (1 to 17) for which some p-digit
 * decimal reads back as x (round_trip_digits). A p-digit one that reads
 * back is also a (p+1)-digit one (append a zero), so whether p digits
 * suffice is monotone in p and a binary search over 1..17 finds the fewest
 * with 4 or 5 tries instead of up to 17 (the constructions of Snipperclips
 * print three doubles a move, most of them 16 or 17 digits long). 17 digits
 * always read back. */
char *pl_double_text(double x, char *buf) {
    if (!isfinite(x) || x == 0) {
        snprintf(buf, PL_DOUBLE_CHARS, "%g", x); /* inf, -inf, nan, 0, -0 */
        return buf;
    }
    char digits[24] = "", probe[24];
    int e10 = 0, pe10 = 0, lo = 1, hi = 17;
    /* invariant: every p < lo fails; hi succeeds (digits, e10 hold it once
     * probed, digits empty until then; 17 is probed last if nothing shorter
     * succeeds) */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (round_trip_digits(fabs(x), mid, probe, sizeof probe, &pe10)) {
            hi = mid;
            memcpy(digits, probe, sizeof digits);
            e10 = pe10;
        } else
            lo = mid + 1;
    }
    if (!digits[0]) round_trip_digits(fabs(x), 17, digits, sizeof digits, &e10);
    /* at most 1 + 17 + 1 + 5 (sign, digits, point, e-308) or 1 + 2 + 3 + 17
     * (-0.000ddd) characters: within PL_DOUBLE_CHARS */
    int len = (int)strlen(digits), w = 0;
    if (x < 0) buf[w++] = '-';
    if (e10 < -4 || e10 > 16) {
        buf[w++] = digits[0];
        if (len > 1) buf[w++] = '.';
        for (int i = 1; i < len; i++) buf[w++] = digits[i];
        int a = e10 < 0 ? -e10 : e10;
        buf[w++] = 'e';
        buf[w++] = e10 < 0 ? '-' : '+';
        if (a >= 100) buf[w++] = (char)('0' + a / 100);
        buf[w++] = (char)('0' + a / 10 % 10);
        buf[w++] = (char)('0' + a % 10);
    } else if (e10 < 0) {
        buf[w++] = '0';
        buf[w++] = '.';
        for (int i = 0; i < -e10 - 1; i++) buf[w++] = '0';
        for (int i = 0; i < len; i++) buf[w++] = digits[i];
    } else {
        for (int i = 0; i < len || i <= e10; i++) {
            if (i == e10 + 1) buf[w++] = '.';
            buf[w++] = i < len ? digits[i] : '0';
        }
    }
    buf[w] = '\0';
    return buf;
}
