/* Interval parsing of the "pairing" grammar that two of the papers share:
 *     S -> e | B | S S | c S c | c S c S c      (for every colour c)
 * over a word of letters, where B is the blank letter 0 (Buttons &
 * Scissors' empty cell; Clickomania words have none). Letters are colours
 * 1..maxcolour. The rules c S c and c S c S c can be switched off one by one
 * (Buttons & Scissors with cut sizes {2} or {3} only). */
#ifndef PUZZLELAB_GRAMMAR_H
#define PUZZLELAB_GRAMMAR_H

#include "puzzlelab/core.h"

typedef enum {
    PL_CFG_NONE = -1,
    PL_CFG_EMPTY = 0, /* e, or a single blank */
    PL_CFG_PAIR = 1,  /* c S c: split point is i */
    PL_CFG_CONCAT = 2, /* S S: split point k */
    PL_CFG_TRIPLE = 3, /* c S c S c: k is the middle c */
} pl_cfg_rule;

typedef struct pl_cfg_table {
    int L;          /* letters */
    size_t W;       /* 64-bit words per bitset */
    const int *letter;
    bool pair, triple; /* which rules are on */
    uint64_t *row;  /* (L+1) x W: bit j of row i = "[i, j) derives from S" */
    uint64_t *col;  /* (L+1) x W: bit i of col j */
    uint64_t *mask; /* per colour: the positions of that colour */
} pl_cfg_table;

/* Bytes the table needs (to check a memory limit before parsing). */
size_t pl_cfg_bytes(int n, int maxcolour);
/* Fills the table by increasing interval length: O(L^3 / 64) time, counting
 * one node per interval in lim. Returns 0, or -1 when a limit stopped it. */
int pl_cfg_parse(pl_cfg_table *t, const int *letter, int n, int maxcolour, bool pair, bool triple, pl_limits *lim);
bool pl_cfg_derives(const pl_cfg_table *t, int i, int j);
/* A rule deriving [i, j) and its split point (for rebuilding a derivation). */
pl_cfg_rule pl_cfg_production(const pl_cfg_table *t, int i, int j, int *k);
void pl_cfg_free(pl_cfg_table *t);

#endif
