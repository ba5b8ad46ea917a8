/* puzzlelab core: errors, level files, moves files, limits, RNG, hashing.
 * Nothing here knows any game's rules. */
#ifndef PUZZLELAB_CORE_H
#define PUZZLELAB_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Exit codes of spec/formats.md. */
enum { PL_EXIT_OK = 0, PL_EXIT_NO = 1, PL_EXIT_USAGE = 2, PL_EXIT_UNKNOWN = 3 };

typedef enum { PL_SOLVED = 0, PL_UNSOLVABLE = 1, PL_UNKNOWN = 2 } pl_status;
const char *pl_status_name(pl_status s);
int pl_status_exit_code(pl_status s);

/* ---------- errors: values, never exit() ---------- */
typedef struct pl_error {
    char file[256];
    int line; /* 1-based; 0 when the error is not about a place in a file */
    int col;  /* 1-based */
    char msg[512];
} pl_error;

#if defined(__GNUC__)
#define PL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PL_PRINTF(a, b)
#endif

/* Always returns -1 so callers can write `return pl_error_set(...)`. */
int pl_error_set(pl_error *e, const char *file, int line, int col, const char *fmt, ...) PL_PRINTF(5, 6);
/* "file:line:col: msg" (or "file: msg", or "msg"). */
void pl_error_format(const pl_error *e, char *buf, size_t n);

/* ---------- level files (spec/formats.md, "Level files") ---------- */
typedef struct pl_header {
    char *key, *value;
    int line, key_col, value_col;
} pl_header;

typedef struct pl_row {
    char *text; /* trailing white space removed; points into the level's buf */
    int line;
    int len;
} pl_row;

typedef struct pl_section {
    char *name; /* "board" for rows before any section line */
    int line;
    pl_row *rows;
    int nrows, cap;
} pl_section;

typedef struct pl_level_text {
    char file[256];
    pl_header *headers;
    int nheaders, hcap;
    pl_section *sections;
    int nsections, scap;
    char *buf; /* the file's text, rows cut in place (owned) */
} pl_level_text;

/* Splits a level file into headers, sections and rows. Rejects non-ASCII and
 * control bytes. Keys are [A-Za-z][A-Za-z0-9_-]*. */
int pl_level_text_parse(const char *file, const char *data, size_t len, pl_level_text *out, pl_error *err);
int pl_level_text_read(const char *path, pl_level_text *out, pl_error *err);
/* The same on a file's text read already (pl_file_text_read), which it
 * takes: a read text becomes the level's (rows cut in place), a mapped one
 * is copied and unmapped. *t is empty afterwards, also on error. */
struct pl_file_text;
int pl_level_text_take(const char *file, struct pl_file_text *t, pl_level_text *out, pl_error *err);
void pl_level_text_free(pl_level_text *lt);
/* Rejects keys not in `keys`, repeated keys not in `repeatable`, and sections
 * not in `sections` (NULL-terminated lists; NULL list = none allowed). */
int pl_level_text_check(const pl_level_text *lt, const char *const *keys, const char *const *repeatable,
                        const char *const *sections, pl_error *err);
const pl_header *pl_level_header(const pl_level_text *lt, const char *key);
const pl_section *pl_level_section(const pl_level_text *lt, const char *name);

/* A rectangular grid of cell characters ('.' or a colour a-z A-Z 0-9). */
typedef struct pl_grid {
    int rows, cols;
    char *cells; /* row-major, rows*cols */
} pl_grid;
int pl_grid_from_section(const pl_level_text *lt, const pl_section *s, pl_grid *g, pl_error *err);
void pl_grid_free(pl_grid *g);
bool pl_is_colour_char(int ch);

/* A grid of named colours, for games whose levels may need more colours than
 * the 62 characters (the papers' constructions use one colour a literal, a
 * clause, a vertex...). With the header `cells: names` a row is a sequence of
 * cells separated by spaces or tabs, each '.' (empty) or a colour name of 1 to
 * PL_NAME_MAX letters and digits; without it (or `cells: letters`) every
 * character is a cell and a colour's name is its character. */
#define PL_NAME_MAX 8
typedef char pl_name[PL_NAME_MAX + 1];
bool pl_is_name(const char *s);
/* The `cells:` header: *names true for `names`, false for `letters` or no
 * header; -1 with err (at the value) for anything else. */
int pl_cells_header(const pl_level_text *lt, bool *names, pl_error *err);
/* The length of the colour name at s (letters and digits), 0 when none. */
int pl_name_length(const char *s);

typedef struct pl_name_grid {
    int rows, cols;
    int *cells;     /* row-major; 0 empty, k >= 1 the colour names[k - 1] */
    int *line, *col; /* names mode: the place of every cell (for messages); NULL in letters mode */
} pl_name_grid;
/* Reads section s into g. Colours are numbered through *ncolours/names (names
 * already there keep their numbers, new ones are appended in order of first
 * appearance; at most max_colours in all, else an error at the first cell of
 * one too many). */
int pl_name_grid_from_section(const pl_level_text *lt, const pl_section *s, bool names, pl_name *table,
                              int *ncolours, int max_colours, pl_name_grid *g, pl_error *err);
void pl_name_grid_free(pl_name_grid *g);
/* The number of the colour called name among the n names of table (a
 * pl_name array; 1-based), 0 when absent. */
int pl_name_find(const void *table, int n, const char *name);

/* Rectangles that annotate a level (section `regions:`, one a line
 * `r0,c0 r1,c1 LABEL`, corners inclusive): the gadgets of a reduction's
 * construction, drawn by `render` as labelled frames. Rules ignore them. */
typedef struct pl_region {
    int r0, c0, r1, c1;
    char label[64];
} pl_region;
typedef struct pl_regions {
    pl_region *r;
    int n;
} pl_regions;
/* Reads the section named "regions" when present (nothing otherwise); every
 * rectangle must lie inside rows x cols. */
int pl_regions_read(const pl_level_text *lt, int rows, int cols, pl_regions *out, pl_error *err);
void pl_regions_free(pl_regions *rg);

/* ---------- move notation ---------- */
/* Parses "r,c" (non-negative, or signed when allow_negative) at s; sets *end.
 * On error fills msg (without place) and *bad (the offending position). */
int pl_parse_coord(const char *s, bool allow_negative, long *r, long *c, const char **end, const char **bad,
                   char *msg, size_t n);

/* A MOVES file: one move a line; '#' comments and blank lines ignored; an
 * optional first line "moves:". */
typedef struct pl_moves {
    char file[256];
    char **text; /* each points into buf */
    int *line;
    int *col; /* column of the move's first character */
    int n, cap;
    char *buf; /* the file's text, moves cut in place (owned) */
} pl_moves;
int pl_moves_read(const char *path, pl_moves *out, pl_error *err);
int pl_moves_parse(const char *file, const char *data, size_t len, pl_moves *out, pl_error *err);
/* Where the moves of a plainly written MOVES text begin (the streamed
 * verifies): after its '#' comment lines (pl_text_skip_comments) and an
 * optional "moves:" line; NULL when a comment is not plain. */
const char *pl_moves_text_start(const char *p, const char *end);
/* pl_moves_parse on a file's text read already, which it takes (as
 * pl_level_text_take). */
int pl_moves_take(const char *file, struct pl_file_text *t, pl_moves *out, pl_error *err);
void pl_moves_free(pl_moves *m);

/* ---------- whole files ---------- */
/* Reads a file into a NUL-terminated buffer (also "-" for stdin); at most
 * PL_MAX_FILE_BYTES (a regular file is measured before it is read, anything
 * else stops one byte past the cap). */
#define PL_MAX_FILE_BYTES ((size_t)1 << 30)
int pl_read_file(const char *path, char **data, size_t *len, pl_error *err);
/* A file's text for reading only, mapped when it can be (a regular file
 * whose size is not a multiple of the page size, so that data[len] is a 0
 * inside the mapping: no copy, no page of our own), else read by
 * pl_read_file (with its errors). Freed by pl_file_text_free. */
typedef struct pl_file_text {
    const char *data;
    size_t len;
    bool mapped;
} pl_file_text;
int pl_file_text_read(const char *path, pl_file_text *t, pl_error *err);
void pl_file_text_free(pl_file_text *t);
/* Whether every byte is printable ASCII or a tab (what level and MOVES files
 * hold, a final '\r' apart); vectorised, for long lines. */
bool pl_text_is_plain(const char *p, size_t n);
/* The same, line breaks allowed: a whole file checked in one pass, so that
 * a file of millions of short lines is not checked line by line. */
bool pl_text_is_plain_lines(const char *p, size_t n);
/* For the streamed readers of plainly written files (pl_game.solve_text):
 * the '#' comment lines at p (each of plain bytes, pl_text_is_plain, and
 * ended by '\n') skipped: where the rest begins, or NULL when a comment is
 * not plain or not ended. */
const char *pl_text_skip_comments(const char *p, const char *end);
/* Digits at *p (before end): at most ten, worth at most 10^9 (the bound of
 * every count and coordinate the readers take). false when there are none,
 * more, or too much; else *v and *p moved past them. */
bool pl_text_number(const char **p, const char *end, long long *v);
/* Eight bytes at p (any alignment); 0x80 in each byte of x that is not 0. */
static inline uint64_t pl_load8(const char *p) {
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}
static inline uint64_t pl_nonzero_bytes(uint64_t x) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    return (((x & low7) + low7) | x) & ~low7;
}

/* Writing a file so that nothing is lost and nothing is half-written: a
 * regular file (or a new one) is written to a temporary file in the same
 * directory and renamed over PATH only once every byte is out and flushed,
 * so an interrupted or failed write leaves the old file as it was; a device
 * or pipe (/dev/stdout, /dev/full, a FIFO) is written in place; NULL or "-"
 * is standard output. Every failure comes back with the system's reason
 * (strerror), never silently. */
typedef struct pl_out {
    FILE *f;
    char *path; /* NULL for standard output */
    char *tmp;  /* the temporary file, NULL when writing in place */
} pl_out;
int pl_out_open(pl_out *o, const char *path, pl_error *err);
/* Flushes, checks for errors, closes and renames into place. 0 or -1. */
int pl_out_close(pl_out *o, pl_error *err);
/* Gives up: closes and removes the temporary file (PATH untouched). */
void pl_out_abort(pl_out *o);
/* The whole of data to path, as above. */
int pl_write_file(const char *path, const char *data, size_t len, pl_error *err);
/* Standard output flushed and checked (the CLI's last step): 0, or -1 with
 * the reason. */
int pl_stdout_close(pl_error *err);

/* ---------- limits ---------- */
enum { PL_LIMIT_NONE = 0, PL_LIMIT_TIME, PL_LIMIT_NODES, PL_LIMIT_MEMORY };

typedef struct pl_limits {
    double time_limit;   /* seconds; <= 0: none */
    uint64_t node_limit; /* 0: none */
    size_t memory_limit; /* bytes: the solvers' tables and arenas, and the resident growth; 0: default */
    double start;
    uint64_t nodes;
    int hit; /* PL_LIMIT_* once a limit was reached; sticky */
    /* The clock is read at intervals measured in time, not in nodes: every
     * check_every polls, a number adapted after each reading so that
     * readings come about PL_LIMITS_POLL_SECONDS apart however much a node
     * costs (a node of a 200 x 200 board costs a thousand times one of a
     * 7 x 7 board). */
    uint32_t check_every, until_check;
    double last_check;
    /* The process's resident memory is read with the clock, at most every
     * PL_LIMITS_RSS_SECONDS: beyond memory_limit above the baseline
     * (pl_memory_baseline) the memory limit is reached, whatever holds the
     * memory (a reader, an encoding, a table). */
    double last_rss_check;
    size_t rss_base;
} pl_limits;
#define PL_LIMITS_POLL_SECONDS 0.001
#define PL_LIMITS_RSS_SECONDS 0.01

/* The process's resident memory less its file-backed pages (code and
 * libraries), in bytes (Linux: /proc/self/statm); 0 when the
 * system does not say, or in a sanitizer build (whose shadow memory and
 * quarantine are not the program's: memory limits there count only the
 * solvers' own accounting). */
size_t pl_resident_bytes(void);
/* The resident memory that limits count from: set to the current resident
 * set (the CLI calls it before reading a level, so the level counts; a sweep
 * before each instance). Until called, each pl_limits_init takes its own. */
void pl_memory_baseline_reset(void);
size_t pl_memory_baseline(void);

double pl_now(void); /* monotonic seconds */
void pl_limits_init(pl_limits *l, double time_limit, uint64_t node_limit, size_t memory_limit);
double pl_limits_elapsed(const pl_limits *l);
const char *pl_limit_name(int hit);
/* Reads the clock now: false once the time limit has passed (sticky). */
bool pl_limits_check_time(pl_limits *l);
/* Cheap enough for any inner loop (setup work, encodings, replays): false
 * once a limit was reached; the clock is read about every millisecond. */
static inline bool pl_limits_poll(pl_limits *l) {
    if (l->hit) return false;
    if (l->until_check > 1) {
        l->until_check--;
        return true;
    }
    return pl_limits_check_time(l);
}
/* Counts k more nodes at once, for work an algorithm does in bulk inside one
 * node (an inner search's calls), so that a node limit bounds its time too;
 * false once the node limit is passed (sticky). */
static inline bool pl_limits_charge(pl_limits *l, uint64_t k) {
    if (l->hit) return false;
    l->nodes += k;
    if (l->node_limit && l->nodes > l->node_limit) {
        l->hit = PL_LIMIT_NODES;
        return false;
    }
    return true;
}
/* Counts one node; returns false once a limit is reached (and stays false).
 * The clock is read as pl_limits_poll reads it, so a time limit is overshot
 * by about a millisecond plus the cost of one node. */
static inline bool pl_limits_tick(pl_limits *l) {
    return pl_limits_charge(l, 1) && pl_limits_poll(l);
}
#define PL_DEFAULT_MEMORY_LIMIT ((size_t)1024 * 1024 * 1024)

/* ---------- seeded RNG (xoshiro256**, seeded by splitmix64) ---------- */
typedef struct pl_rng {
    uint64_t s[4];
} pl_rng;
void pl_rng_seed(pl_rng *r, uint64_t seed);
uint64_t pl_rng_next(pl_rng *r);
uint64_t pl_rng_below(pl_rng *r, uint64_t n); /* uniform in [0, n), n > 0 */
uint64_t pl_splitmix64(uint64_t *state);
/* The i-th output (i >= 1) of pl_splitmix64 from the state `seed`, without
 * the i - 1 before it: Zobrist keys computed where a table would be large. */
static inline uint64_t pl_splitmix64_at(uint64_t seed, uint64_t i) {
    uint64_t z = seed + i * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---------- transposition table: 128-bit key -> 32-bit value ----------
 * Open addressing with linear probing; grows by doubling while under its byte
 * cap, then replaces (the table is a cache: losing an entry loses pruning,
 * never correctness). */
typedef struct pl_key128 {
    uint64_t a, b;
} pl_key128;

typedef struct pl_tt_entry {
    uint64_t a, b; /* a == 0 && b == 0 marks an empty slot */
    int32_t value;
    uint32_t pad;
} pl_tt_entry;

typedef struct pl_tt {
    pl_tt_entry *slots;
    size_t mask; /* capacity - 1 */
    size_t used;
    size_t cap_bytes;
    size_t peak_bytes;
    bool full; /* at its cap: replacing */
    uint64_t replaced;
} pl_tt;

int pl_tt_init(pl_tt *t, size_t cap_bytes);
void pl_tt_free(pl_tt *t);
bool pl_tt_get(const pl_tt *t, pl_key128 k, int32_t *value);
void pl_tt_put(pl_tt *t, pl_key128 k, int32_t value);

/* ---------- growable vector of strings ---------- */
/* The strings belong to the vector: they are copied into chunks the vector
 * owns (no allocation a string: a certificate of millions of moves is
 * millions of pushes), so never free() or keep one past pl_strvec_clear. */
typedef struct pl_strchunk pl_strchunk;
typedef struct pl_strvec {
    char **s;
    int n, cap;
    pl_strchunk *chunks; /* the strings' storage, newest first */
} pl_strvec;
void pl_strvec_push(pl_strvec *v, const char *s);
/* Pushes the n bytes at s (a string need not end there). */
void pl_strvec_push_n(pl_strvec *v, const char *s, size_t n);
/* Room for n strings in all without growing (a certificate whose length is
 * known: millions of pushes then never copy the pointer array). */
void pl_strvec_reserve(pl_strvec *v, int n);
/* Drops the last string (its bytes are kept until the vector is cleared). */
void pl_strvec_pop(pl_strvec *v);
void pl_strvec_clear(pl_strvec *v);
void pl_strvec_free(pl_strvec *v);
/* Writes every string followed by '\n' to f through a 64 KiB block (no copy
 * of the whole list, no printf a line). 0, or -1 when a write failed. */
int pl_strvec_write_lines(const pl_strvec *v, FILE *f);

/* A growable text buffer: pl_sbuf b = {0}; printf into it; b.s is the text
 * (NUL-terminated, owned by the caller). */
typedef struct pl_sbuf {
    char *s;
    size_t n, cap;
} pl_sbuf;
void pl_sbuf_printf(pl_sbuf *b, const char *fmt, ...) PL_PRINTF(2, 3);
/* Appends n bytes (no formatting: what long certificates are written with). */
void pl_sbuf_append(pl_sbuf *b, const char *s, size_t n);
/* Room for n more bytes (and the NUL) without reallocating. */
void pl_sbuf_reserve(pl_sbuf *b, size_t n);
/* The decimal digits of v at buf (at least PL_INT_CHARS bytes, no NUL);
 * returns how many. printf's %lld, without printf's cost. */
#define PL_INT_CHARS 21
int pl_int_text(long long v, char *buf);
/* A level's opening comment: each line of text as '# line' ('#' alone for an
 * empty one); nothing for NULL. */
void pl_sbuf_comment(pl_sbuf *b, const char *text);
/* A level's regions section (see pl_regions_read) as it is read: 'regions:'
 * and a line a rectangle; nothing when there are none. */
void pl_regions_write(pl_sbuf *b, const pl_regions *rg);

void *pl_xmalloc(size_t n);
void *pl_xcalloc(size_t n, size_t m);
void *pl_xrealloc(void *p, size_t n);
char *pl_xstrdup(const char *s);

/* The shortest decimal that strtod reads back as exactly x, for numbers a
 * user reads back (certificates, levels): 90.25, not 90.249999999999986;
 * 0.1, not 0.10000000000000001. Written like %.17g but with the fewest
 * digits: plain notation for decimal exponents -4 to 16 (180, 0.00012,
 * -0), else d.ddde+XX (1e-07, 1.5e+300); inf, -inf and nan as printf
 * writes them. buf holds at least PL_DOUBLE_CHARS bytes; returns buf. */
#define PL_DOUBLE_CHARS 32
char *pl_double_text(double x, char *buf);

#endif
