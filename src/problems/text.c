/* Line reading for the source problems' files, the problem registry and
 * helpers the problems share. */
#include "text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pl_lines_init(pl_lines *L, const char *file, const char *data, size_t len) {
    memset(L, 0, sizeof *L);
    L->file = file;
    L->data = data;
    L->len = len;
}

int pl_lines_next(pl_lines *L, pl_error *err) {
    if (L->pos >= L->len) return 0;
    L->line++;
    size_t start = L->pos;
    while (L->pos < L->len && L->data[L->pos] != '\n') L->pos++;
    size_t end = L->pos;
    if (L->pos < L->len) L->pos++;
    for (size_t i = start; i < end; i++) {
        unsigned char ch = (unsigned char)L->data[i];
        if (!((ch >= 32 && ch < 127) || ch == '\t' || (ch == '\r' && i + 1 == end)))
            return pl_error_set(err, L->file, L->line, (int)(i - start) + 1,
                                ch > 127 ? "non-ASCII byte 0x%02X (the file must be plain ASCII)"
                                         : "control character 0x%02X (the file must be plain ASCII)",
                                ch);
    }
    while (end > start && isspace((unsigned char)L->data[end - 1])) end--;
    L->s = L->data + start;
    L->n = (int)(end - start);
    return 1;
}

void pl_line_skip(const pl_lines *L, int *i) {
    while (*i < L->n && (L->s[*i] == ' ' || L->s[*i] == '\t')) (*i)++;
}

int pl_line_int(const pl_lines *L, int *i, long *v, const char *what, pl_error *err) {
    pl_line_skip(L, i);
    int j = *i;
    bool neg = false;
    if (j < L->n && (L->s[j] == '-' || L->s[j] == '+')) neg = L->s[j++] == '-';
    if (j >= L->n || !isdigit((unsigned char)L->s[j]))
        return pl_error_set(err, L->file, L->line, (j < L->n ? j : L->n) + 1, "expected %s (a whole number)%s", what,
                            j < L->n ? "" : ", found the end of the line");
    long x = 0;
    int start = *i;
    while (j < L->n && isdigit((unsigned char)L->s[j])) {
        if (x <= 1000000000L) x = 10 * x + (L->s[j] - '0');
        j++;
    }
    if (x > 1000000000L) return pl_error_set(err, L->file, L->line, start + 1, "%s is too large", what);
    if (j < L->n && L->s[j] != ' ' && L->s[j] != '\t')
        return pl_error_set(err, L->file, L->line, j + 1, "unexpected '%c' after %s (numbers are separated by spaces)",
                            L->s[j], what);
    *v = neg ? -x : x;
    *i = j;
    return 0;
}

int pl_line_header(const pl_lines *L, int i, const char *word, const char *what_a, const char *what_b, long *a,
                   int *a_col, long *b, int *b_col, pl_error *err) {
    int n = (int)strlen(word);
    i++;
    pl_line_skip(L, &i);
    if (L->n - i < n || strncmp(L->s + i, word, (size_t)n) != 0 || (i + n < L->n && L->s[i + n] != ' ' && L->s[i + n] != '\t'))
        return pl_error_set(err, L->file, L->line, i + 1, "expected '%s' (the header is 'p %s %s %s')", word, word,
                            what_a, what_b);
    i += n;
    long *v[2] = {a, b};
    int *col[2] = {a_col, b_col};
    const char *what[2] = {what_a, what_b};
    for (int k = 0; k < 2; k++) {
        pl_line_skip(L, &i);
        *col[k] = i + 1;
        char name[64];
        snprintf(name, sizeof name, "the number of %s", what[k]);
        for (char *c = name; *c; c++) *c = (char)tolower((unsigned char)*c);
        if (pl_line_int(L, &i, v[k], name, err)) return -1;
        if (*v[k] < 0) return pl_error_set(err, L->file, L->line, *col[k], "%s cannot be negative", name);
    }
    pl_line_skip(L, &i);
    if (i < L->n)
        return pl_error_set(err, L->file, L->line, i + 1, "unexpected text after the header 'p %s %s %s'", word,
                            what_a, what_b);
    return 0;
}

bool pl_line_is_comment(const pl_lines *L) {
    int i = 0;
    pl_line_skip(L, &i);
    if (i == L->n || L->s[i] == '#') return true;
    return L->s[i] == 'c' && (i + 1 == L->n || L->s[i + 1] == ' ' || L->s[i + 1] == '\t');
}

void pl_shuffle(pl_rng *r, int *p, int n) {
    for (int i = 0; i < n; i++) p[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pl_rng_below(r, (uint64_t)i + 1);
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/* ---------- registry ---------- */

static const pl_problem *const all_problems[] = {&pl_problem_sat, &pl_problem_x3c, &pl_problem_vertex_cover,
                                                  &pl_problem_3partition, &pl_problem_geography,
                                                  &pl_problem_planar_sat,
                                                  &pl_problem_gpos,
                                                  &pl_problem_decycling,
                                                  NULL};

const pl_problem *const *pl_problems(void) {
    return all_problems;
}

const pl_problem *pl_problem_find(const char *name) {
    for (const pl_problem *const *p = all_problems; *p; p++)
        if (strcmp((*p)->name, name) == 0) return *p;
    return NULL;
}

void *pl_problem_load(const pl_problem *p, const char *path, pl_error *err) {
    char *data;
    size_t len;
    if (pl_read_file(path, &data, &len, err)) return NULL;
    void *inst = p->parse(path, data, len, err);
    free(data);
    return inst;
}

void pl_moves_from_strvec(const pl_strvec *v, const char *file, pl_moves *out) {
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", file);
    out->n = out->cap = v->n;
    out->text = pl_xmalloc(((size_t)v->n + 1) * sizeof *out->text);
    out->line = pl_xmalloc(((size_t)v->n + 1) * sizeof *out->line);
    out->col = pl_xmalloc(((size_t)v->n + 1) * sizeof *out->col);
    size_t total = 1;
    for (int i = 0; i < v->n; i++) total += strlen(v->s[i]) + 1;
    char *p = out->buf = pl_xmalloc(total); /* the texts live in buf, as pl_moves_read's */
    for (int i = 0; i < v->n; i++) {
        size_t k = strlen(v->s[i]) + 1;
        memcpy(p, v->s[i], k);
        out->text[i] = p;
        p += k;
        out->line[i] = i + 1;
        out->col[i] = 1;
    }
}

void pl_problem_game_answer(int r, int winner, int max_plays, const pl_request *req, pl_solution *out) {
    if (r == 1) {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "winner", winner);
        pl_solution_set_value(out, "plays", out->moves.n - 1);
    } else if (r == -2) {
        out->status = PL_UNKNOWN;
        pl_strvec_clear(&out->moves);
        pl_solution_set_value(out, "winner", winner);
        snprintf(out->note, sizeof out->note,
                 "player %d wins, but the strategy has more than %d plays: no certificate written", winner,
                 max_plays);
    } else {
        out->status = PL_UNKNOWN;
        pl_strvec_clear(&out->moves);
    }
    out->nodes = req->limits->nodes;
    out->limit_hit = req->limits->hit;
}

char pl_problem_answer_option(const pl_opts *o, pl_error *err) {
    const char *a = pl_opts_get(o, "answer");
    if (!a || strcmp(a, "any") == 0) return 'a';
    if (strcmp(a, "yes") == 0) return 'y';
    if (strcmp(a, "no") == 0) return 'n';
    pl_error_set(err, NULL, 0, 0, "--answer: expected yes, no or any, got '%s'", a);
    return 0;
}
