/* Reading the source problems' files (DIMACS and its kin) line by line, with
 * the places that error messages need; private to src/problems/. */
#ifndef PUZZLELAB_PROBLEMS_TEXT_H
#define PUZZLELAB_PROBLEMS_TEXT_H

#include <stdarg.h>
#include <stdint.h>

#include "puzzlelab/problems.h"

typedef struct pl_lines {
    const char *file;
    const char *data;
    size_t len, pos;
    int line;      /* number of the current line, from 1 */
    const char *s; /* the current line, without its end of line */
    int n;
} pl_lines;

void pl_lines_init(pl_lines *L, const char *file, const char *data, size_t len);
/* The next line; false at the end, or -1 through err when a byte is not
 * printable ASCII (then *bad is set). */
int pl_lines_next(pl_lines *L, pl_error *err);
/* Skips spaces and tabs from *i. */
void pl_line_skip(const pl_lines *L, int *i);
/* Reads an optionally signed whole number at *i (after blanks); 0 and the
 * value (|v| <= 10^9), or -1 with err at its column. what names it. */
int pl_line_int(const pl_lines *L, int *i, long *v, const char *what, pl_error *err);
/* Whether the line (after blanks) is empty or a comment: 'c' followed by a
 * blank or the end, or '#'. */
bool pl_line_is_comment(const pl_lines *L);

/* The header line 'p WORD A B' whose 'p' is at column i + 1 of the current
 * line: A and B read as whole numbers, neither negative (named what_a,
 * what_b in messages), nothing after them; *a_col and *b_col their columns.
 * 0, or -1 with err. */
int pl_line_header(const pl_lines *L, int i, const char *word, const char *what_a, const char *what_b, long *a,
                   int *a_col, long *b, int *b_col, pl_error *err);

/* --answer yes|no|any as 'y', 'n' or 'a'; 0 with err otherwise. */
char pl_problem_answer_option(const pl_opts *o, pl_error *err);
/* The answer of a two-player source's solver (Geography, G_pos) in out:
 * r = 1 a winner with its strategy in out->moves (plays: lines), -2 a winner
 * whose strategy has more than max_plays lines (unknown, no certificate, the
 * winner in a note), else unknown (a limit); nodes and the limit from req. */
void pl_problem_game_answer(int r, int winner, int max_plays, const pl_request *req, pl_solution *out);

/* A random permutation of 0..n-1 into p. */
void pl_shuffle(pl_rng *r, int *p, int n);

#endif
