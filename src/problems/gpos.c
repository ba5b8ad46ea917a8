/* G_pos(CNF), the source of Buttons & Scissors' Theorem 8, as issue 19 names
 * it. The paper's proof reduces from Schaefer's G_%free(CNF) (Schaefer 1978,
 * Theorem 3.8): a CNF formula and a partition of its variables into two
 * halves of equal size; player 1 (the paper's Blue) owns one half, player 2
 * (Red) the other; player 1 moves first; the players alternately pick one of
 * their own unset variables, in any order, and set it true or false; when
 * every variable is set, player 1 wins iff the formula is true. (Schaefer's
 * G_pos(POS CNF), where a chosen variable is true for player 1 and false for
 * player 2 and any player may choose any variable, is another game: it is
 * not what Theorem 8 uses; docs/algorithms.md says why we took this one.)
 *
 * File: 'p gpos VARIABLES CLAUSES', 'b V ...' (player 1's variables) and
 * 'r V ...' (player 2's) lines, then DIMACS clauses.
 *
 * Solver: negamax over partial assignments (set variables, their values),
 * memoised; a position is decided as soon as every clause has a true literal
 * or some clause has none left open, so the search stops there. A variable
 * in no open clause is a pure tempo move (one of them, one value, is tried);
 * a variable whose open occurrences have one sign gets the value its owner
 * likes (the other value is never better: the game trees are the same and
 * every leaf is at least as good). At most 64 variables: the recursion is at
 * most 64 deep whatever the input. O(3^n m) in the worst case (the game is
 * PSPACE-complete). The certificate is the winner's strategy as its plays,
 * as for Geography: every line of play, up to the point where the formula's
 * value is decided, in which the winner follows the strategy and the loser
 * tries every legal move; the checker reads them into a trie. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---------- format ---------- */

void pl_gpos_free(pl_gpos *g) {
    pl_cnf_free(&g->f);
    free(g->owner);
    free(g->owner_line);
    memset(g, 0, sizeof *g);
}

static void push_clause_slot(pl_cnf *f, size_t *capcl) {
    if ((size_t)f->nclauses + 1 > *capcl) {
        *capcl *= 2;
        f->start = pl_xrealloc(f->start, (*capcl + 1) * sizeof *f->start);
        f->line = pl_xrealloc(f->line, *capcl * sizeof *f->line);
        f->col = pl_xrealloc(f->col, *capcl * sizeof *f->col);
    }
}

int pl_gpos_parse(const char *file, const char *data, size_t len, pl_gpos *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    pl_cnf *f = &g->f;
    snprintf(f->file, sizeof f->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false, open = false;
    long announced = 0;
    int header_line = 0, header_col = 0, vars_col = 0;
    size_t nlit = 0, caplit = 64, capcl = 16;
    f->lit = pl_xmalloc(caplit * sizeof *f->lit);
    f->start = pl_xmalloc((capcl + 1) * sizeof *f->start);
    f->line = pl_xmalloc(capcl * sizeof *f->line);
    f->col = pl_xmalloc(capcl * sizeof *f->col);
    f->start[0] = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        char k = L.s[i];
        if (k == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1,
                             "a second 'p' line (the header is 'p gpos VARIABLES CLAUSES', once)");
                goto fail;
            }
            long v;
            if (pl_line_header(&L, i, "gpos", "VARIABLES", "CLAUSES", &v, &vars_col, &announced, &header_col, err))
                goto fail;
            if (v > PL_GPOS_MAX_VARIABLES) {
                pl_error_set(err, file, L.line, vars_col, "at most %d variables (the exact solver's limit), not %ld",
                             PL_GPOS_MAX_VARIABLES, v);
                goto fail;
            }
            f->nvars = (int)v;
            g->owner = pl_xcalloc((size_t)v + 1, sizeof *g->owner);
            g->owner_line = pl_xcalloc((size_t)v + 1, sizeof *g->owner_line);
            header = true;
            header_line = L.line;
            continue;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p gpos VARIABLES CLAUSES' first");
            goto fail;
        }
        if ((k == 'b' || k == 'r') && (i + 1 == L.n || L.s[i + 1] == ' ' || L.s[i + 1] == '\t')) {
            if (open) {
                pl_error_set(err, file, L.line, i + 1, "a '%c' line inside clause %d (it is not ended by 0)", k,
                             f->nclauses + 1);
                goto fail;
            }
            int who = k == 'b' ? 1 : 2;
            i++;
            bool ended = false;
            for (;;) {
                pl_line_skip(&L, &i);
                if (i >= L.n) break;
                int at = i;
                long x;
                if (pl_line_int(&L, &i, &x, "a variable", err)) goto fail;
                if (ended) {
                    pl_error_set(err, file, L.line, at + 1, "expected the end of the line after the 0");
                    goto fail;
                }
                if (x == 0) {
                    ended = true;
                    continue;
                }
                if (x < 1 || x > f->nvars) {
                    pl_error_set(err, file, L.line, at + 1, "variable %ld is outside 1..%d", x, f->nvars);
                    goto fail;
                }
                if (g->owner[x]) {
                    pl_error_set(err, file, L.line, at + 1, "variable %ld is already player %d's (line %d)", x,
                                 g->owner[x], g->owner_line[x]);
                    goto fail;
                }
                g->owner[x] = (signed char)who;
                g->owner_line[x] = L.line;
            }
            continue;
        }
        for (;;) {
            pl_line_skip(&L, &i);
            if (i >= L.n) break;
            int at = i;
            long x;
            if (pl_line_int(&L, &i, &x, "a literal (or a line 'b V ...', 'r V ...')", err)) goto fail;
            push_clause_slot(f, &capcl);
            if (x == 0) {
                if (!open) f->line[f->nclauses] = L.line, f->col[f->nclauses] = at + 1;
                f->start[++f->nclauses] = (int)nlit;
                open = false;
                if (f->nclauses > announced) {
                    pl_error_set(err, file, L.line, at + 1, "clause %d is one more than the header's %ld (line %d)",
                                 f->nclauses, announced, header_line);
                    goto fail;
                }
                continue;
            }
            if (x > f->nvars || -x > f->nvars) {
                pl_error_set(err, file, L.line, at + 1,
                             "literal %ld names variable %ld, but the header says %d variable%s", x, x < 0 ? -x : x,
                             f->nvars, f->nvars == 1 ? "" : "s");
                goto fail;
            }
            if (!open) {
                f->line[f->nclauses] = L.line, f->col[f->nclauses] = at + 1;
                open = true;
            }
            if (nlit == caplit) f->lit = pl_xrealloc(f->lit, (caplit *= 2) * sizeof *f->lit);
            f->lit[nlit++] = (int)x;
        }
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1,
                     "expected the header 'p gpos VARIABLES CLAUSES' (the file has none)");
        goto fail;
    }
    if (open) {
        pl_error_set(err, file, f->line[f->nclauses], f->col[f->nclauses],
                     "clause %d is not ended by 0 (every clause ends with a 0)", f->nclauses + 1);
        goto fail;
    }
    if (f->nclauses != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld clause%s, the file has %d",
                     announced, announced == 1 ? "" : "s", f->nclauses);
        goto fail;
    }
    int half[3] = {0, 0, 0};
    for (int v = 1; v <= f->nvars; v++) {
        if (!g->owner[v]) {
            pl_error_set(err, file, header_line, vars_col,
                         "variable %d belongs to neither player (list it in a 'b' line, player 1's, or an 'r' line, "
                         "player 2's)",
                         v);
            goto fail;
        }
        half[g->owner[v]]++;
    }
    if (half[1] != half[2]) {
        pl_error_set(err, file, header_line, vars_col,
                     "player 1 ('b') has %d variable%s and player 2 ('r') %d: the game needs halves of equal size",
                     half[1], half[1] == 1 ? "" : "s", half[2]);
        goto fail;
    }
    return 0;
fail:
    pl_gpos_free(g);
    return -1;
}

/* ---------- positions ---------- */

static uint64_t bit(int v) {
    return (uint64_t)1 << (v - 1);
}

typedef struct gclauses {
    int m;
    uint64_t *pos, *neg;
    uint64_t mine[3]; /* the variables of player 1, of player 2 */
    uint64_t all;
} gclauses;

static void gc_init(gclauses *c, const pl_gpos *g) {
    c->m = g->f.nclauses;
    c->pos = pl_xcalloc((size_t)c->m + 1, sizeof *c->pos);
    c->neg = pl_xcalloc((size_t)c->m + 1, sizeof *c->neg);
    for (int k = 0; k < c->m; k++)
        for (int i = g->f.start[k]; i < g->f.start[k + 1]; i++) {
            int l = g->f.lit[i];
            if (l > 0)
                c->pos[k] |= bit(l);
            else
                c->neg[k] |= bit(-l);
        }
    c->mine[0] = c->mine[1] = c->mine[2] = c->all = 0;
    for (int v = 1; v <= g->f.nvars; v++) c->mine[g->owner[v]] |= bit(v), c->all |= bit(v);
}

static void gc_free(gclauses *c) {
    free(c->pos);
    free(c->neg);
}

/* 1 true, 0 false, -1 open; *opos and *oneg (when not NULL) the variables
 * with a positive and a negative occurrence in an open clause. */
static int gc_decided(const gclauses *c, uint64_t set, uint64_t val, uint64_t *opos, uint64_t *oneg) {
    bool all = true;
    uint64_t p = 0, n = 0;
    for (int k = 0; k < c->m; k++) {
        if ((c->pos[k] & set & val) | (c->neg[k] & set & ~val)) continue;
        if (!((c->pos[k] | c->neg[k]) & ~set)) return 0;
        all = false;
        p |= c->pos[k] & ~set, n |= c->neg[k] & ~set;
    }
    if (opos) *opos = p, *oneg = n;
    return all ? 1 : -1;
}

int pl_gpos_decided(const pl_gpos *g, uint64_t set, uint64_t val) {
    gclauses c;
    gc_init(&c, g);
    int d = gc_decided(&c, set, val, NULL, NULL);
    gc_free(&c);
    return d;
}

/* ---------- solver ---------- */

typedef struct gentry {
    uint64_t set, val;
    uint8_t used, win;
} gentry;

typedef struct gsolver {
    gclauses c;
    gentry *t;
    size_t cap, count;
    pl_limits *lim;
    bool stop;
} gsolver;

static size_t slot(const gsolver *s, uint64_t set, uint64_t val) {
    uint64_t h = (set * 0x9E3779B97F4A7C15ull ^ (val + 0x632BE59BD9B4E019ull)) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    return (size_t)h & (s->cap - 1);
}

static gentry *lookup(gsolver *s, uint64_t set, uint64_t val) {
    for (size_t i = slot(s, set, val);; i = (i + 1) & (s->cap - 1))
        if (!s->t[i].used || (s->t[i].set == set && s->t[i].val == val)) return &s->t[i];
}

static void store(gsolver *s, uint64_t set, uint64_t val, bool win) {
    if (2 * (s->count + 1) > s->cap) {
        gentry *old = s->t;
        size_t oc = s->cap;
        s->cap = oc ? 2 * oc : 1024;
        s->t = pl_xcalloc(s->cap, sizeof *s->t);
        for (size_t i = 0; i < oc; i++)
            if (old[i].used) *lookup(s, old[i].set, old[i].val) = old[i];
        free(old);
    }
    gentry *p = lookup(s, set, val);
    if (!p->used) s->count++;
    *p = (gentry){set, val, 1, win};
}

static int mover_of(uint64_t set) {
    return __builtin_popcountll(set) % 2 ? 2 : 1;
}

/* Whether the player to move wins. One frame a move: at most 64. */
static bool wins(gsolver *s, uint64_t set, uint64_t val) {
    if (s->stop || !pl_limits_tick(s->lim)) {
        s->stop = true;
        return false;
    }
    int mover = mover_of(set);
    uint64_t opos, oneg;
    int d = gc_decided(&s->c, set, val, &opos, &oneg);
    if (d >= 0) return (d ? 1 : 2) == mover;
    if (s->cap) {
        gentry *p = lookup(s, set, val);
        if (p->used) return p->win;
    }
    bool w = false, idle = false;
    for (uint64_t m = s->c.mine[mover] & ~set; m && !w; m &= m - 1) {
        int x = __builtin_ctzll(m) + 1;
        uint64_t b = bit(x);
        bool in_pos = opos & b, in_neg = oneg & b;
        if (!in_pos && !in_neg) { /* a tempo move: one of them, one value */
            if (idle) continue;
            idle = true;
        }
        for (int value = 1; value >= 0 && !w; value--) {
            if (!in_pos && !in_neg && value == 0) continue;
            /* one sign only: the value that satisfies (player 1) or falsifies (player 2) */
            if (in_pos != in_neg && ((mover == 1) != (value == (int)in_pos))) continue;
            bool c = wins(s, set | b, value ? val | b : val);
            if (s->stop) return false;
            w = !c;
        }
    }
    store(s, set, val, w);
    return w;
}

typedef struct gplays {
    pl_strvec *out;
    long max, n;
    int path[PL_GPOS_MAX_VARIABLES];
} gplays;

/* Appends the winner's plays from (set, val), path[0..len-1] so far. */
static int plays(gsolver *s, gplays *p, uint64_t set, uint64_t val, int len, int winner) {
    int mover = mover_of(set);
    if (gc_decided(&s->c, set, val, NULL, NULL) >= 0) {
        if (p->n++ >= p->max) return -2;
        pl_sbuf b = {0};
        for (int i = 0; i < len; i++) pl_sbuf_printf(&b, "%d ", p->path[i]);
        pl_sbuf_printf(&b, "0");
        pl_strvec_push(p->out, b.s);
        free(b.s);
        return 0;
    }
    for (uint64_t m = s->c.mine[mover] & ~set; m; m &= m - 1) {
        int x = __builtin_ctzll(m) + 1;
        for (int value = 1; value >= 0; value--) {
            uint64_t nval = value ? val | bit(x) : val;
            if (mover == winner) {
                if (wins(s, set | bit(x), nval)) continue; /* leaves the loser a win */
                if (s->stop) return -1;
            }
            p->path[len] = value ? x : -x;
            int r = plays(s, p, set | bit(x), nval, len + 1, winner);
            if (r) return r;
            if (mover == winner) return 0;
        }
    }
    return s->stop ? -1 : 0;
}

int pl_gpos_solve(const pl_gpos *g, pl_limits *lim, int *winner, pl_strvec *strategy, long max_plays) {
    gsolver s = {.lim = lim};
    gc_init(&s.c, g);
    bool w = wins(&s, 0, 0);
    int rc = 1;
    if (s.stop) {
        rc = -1;
    } else {
        *winner = w ? 1 : 2;
        if (strategy) {
            gplays p = {.out = strategy, .max = max_plays};
            pl_strvec_push(strategy, w ? "winner 1" : "winner 2");
            int r = plays(&s, &p, 0, 0, 0, *winner);
            if (r) rc = r;
        }
    }
    free(s.t);
    gc_free(&s.c);
    return rc;
}

/* ---------- certificates ---------- */

typedef struct tnode {
    int lit, child, sibling, line;
} tnode;

/* Reads line k's literals, ended by 0, into path (at most nvars); the
 * number of literals, or -1 with err. */
static int read_play(const pl_gpos *g, const pl_moves *cert, int k, int *path, pl_error *err) {
    pl_lines L = {.file = cert->file, .line = cert->line[k], .s = cert->text[k], .n = (int)strlen(cert->text[k])};
    int i = 0, len = 0;
    bool ended = false;
    for (;;) {
        pl_line_skip(&L, &i);
        if (i >= L.n) break;
        int at = i;
        long x;
        if (ended) {
            pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at, "expected the end of the line after the 0");
            return -1;
        }
        if (pl_line_int(&L, &i, &x, "a literal", err)) {
            err->col += cert->col[k] - 1;
            return -1;
        }
        if (x == 0) {
            ended = true;
            continue;
        }
        if (x > g->f.nvars || -x > g->f.nvars || len == g->f.nvars) {
            if (len == g->f.nvars)
                pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at, "a play sets at most %d variables",
                             g->f.nvars);
            else
                pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at,
                             "literal %ld names no variable of 1..%d", x, g->f.nvars);
            return -1;
        }
        path[len++] = (int)x;
    }
    if (!ended) {
        pl_error_set(err, cert->file, cert->line[k], cert->col[k] + L.n, "expected the 0 that ends a play");
        return -1;
    }
    return len;
}

/* Checks move i (literal l) of a play in (set, val): 0 when legal, else 1
 * with why. */
static int legal_move(const pl_gpos *g, const gclauses *c, uint64_t set, uint64_t val, int l, char *why, size_t n) {
    int x = abs(l), mover = mover_of(set);
    if (gc_decided(c, set, val, NULL, NULL) >= 0) {
        snprintf(why, n, "the formula is already %s", gc_decided(c, set, val, NULL, NULL) ? "true" : "false");
        return 1;
    }
    if (set & bit(x)) {
        snprintf(why, n, "variable %d is set already", x);
        return 1;
    }
    if (g->owner[x] != mover) {
        snprintf(why, n, "variable %d is player %d's, and player %d is to move", x, g->owner[x], mover);
        return 1;
    }
    return 0;
}

int pl_gpos_check(const pl_gpos *g, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    v->ok = false;
    v->nvalues = 0;
    if (cert->n == 0) {
        snprintf(v->reason, sizeof v->reason,
                 "the certificate is empty (expected 'winner W' and plays, or 'play' and a line of play)");
        return 0;
    }
    const char *head = cert->text[0];
    while (*head == ' ' || *head == '\t') head++;
    int winner = 0;
    bool play = false;
    if (strcmp(head, "winner 1") == 0 || strcmp(head, "winner 2") == 0)
        winner = head[7] - '0';
    else if (strcmp(head, "play") == 0)
        play = true;
    else
        return pl_error_set(err, cert->file, cert->line[0], cert->col[0],
                            "expected 'winner 1', 'winner 2' (a strategy) or 'play' (a line of play)");
    gclauses c;
    gc_init(&c, g);
    int path[PL_GPOS_MAX_VARIABLES];
    char why[160];
    int rc = 0;
    if (play) {
        if (cert->n != 2) {
            snprintf(v->reason, sizeof v->reason, "a 'play' certificate has exactly one line of play, this has %d",
                     cert->n - 1);
            gc_free(&c);
            return 0;
        }
        int len = read_play(g, cert, 1, path, err);
        if (len < 0) {
            gc_free(&c);
            return -1;
        }
        uint64_t set = 0, val = 0;
        for (int i = 0; i < len; i++) {
            /* a line of play may go on after the value is decided: the game
             * ends when every variable is set */
            int x = abs(path[i]), mover = mover_of(set);
            if ((set & bit(x)) || g->owner[x] != mover) {
                if (set & bit(x))
                    snprintf(why, sizeof why, "variable %d is set already", x);
                else
                    snprintf(why, sizeof why, "variable %d is player %d's, and player %d is to move", x, g->owner[x],
                             mover);
                snprintf(v->reason, sizeof v->reason, "line %d: move %d (%d): %s", cert->line[1], i + 1, path[i], why);
                gc_free(&c);
                return 0;
            }
            set |= bit(x);
            if (path[i] > 0) val |= bit(x);
        }
        int d = gc_decided(&c, set, val, NULL, NULL);
        v->ok = true;
        v->value_name[v->nvalues] = "complete";
        v->value[v->nvalues++] = d >= 0;
        v->value_name[v->nvalues] = d >= 0 ? "winner" : "to_move";
        v->value[v->nvalues++] = d >= 0 ? (d ? 1 : 2) : mover_of(set);
        v->value_name[v->nvalues] = "strategy";
        v->value[v->nvalues++] = 0;
        gc_free(&c);
        return 0;
    }
    /* a strategy: the plays into a trie (node 0: the start) */
    int cap = 64, n = 1;
    tnode *t = pl_xmalloc((size_t)cap * sizeof *t);
    t[0] = (tnode){0, -1, -1, 0};
    for (int k = 1; k < cert->n && !rc; k++) {
        int len = read_play(g, cert, k, path, err);
        if (len < 0) {
            rc = -1;
            break;
        }
        uint64_t set = 0, val = 0;
        int node = 0;
        bool fresh = len == 0;
        for (int i = 0; i < len && !rc; i++) {
            if (legal_move(g, &c, set, val, path[i], why, sizeof why)) {
                snprintf(v->reason, sizeof v->reason, "line %d: move %d (%d) is not legal: %s", cert->line[k], i + 1,
                         path[i], why);
                rc = 1;
                break;
            }
            set |= bit(abs(path[i]));
            if (path[i] > 0) val |= bit(path[i]);
            int ch = t[node].child;
            while (ch >= 0 && t[ch].lit != path[i]) ch = t[ch].sibling;
            if (ch < 0) {
                if (n == cap) t = pl_xrealloc(t, (size_t)(cap *= 2) * sizeof *t);
                t[n] = (tnode){path[i], -1, t[node].child, cert->line[k]};
                t[node].child = n;
                ch = n++;
                fresh = true;
            }
            node = ch;
        }
        if (rc) break;
        int d = gc_decided(&c, set, val, NULL, NULL);
        if (d < 0) {
            snprintf(v->reason, sizeof v->reason,
                     "line %d: the play stops before the formula's value is decided (player %d is to move)",
                     cert->line[k], mover_of(set));
            rc = 1;
        } else if ((d ? 1 : 2) != winner) {
            snprintf(v->reason, sizeof v->reason,
                     "line %d: the play ends with the formula %s: player %d (not the claimed "
                     "winner) wins it",
                     cert->line[k], d ? "true" : "false", d ? 1 : 2);
            rc = 1;
        } else if (len == 0 ? cert->n != 2 : !fresh || t[node].child >= 0) {
            snprintf(v->reason, sizeof v->reason, "line %d: the play repeats an earlier one or is part of one",
                     cert->line[k]);
            rc = 1;
        }
    }
    /* every node: one move at the winner's turns, every legal move at the
     * loser's; positions rebuilt along an explicit stack */
    if (!rc) {
        int *stack = pl_xmalloc((size_t)n * sizeof *stack);
        uint64_t *sset = pl_xmalloc((size_t)n * sizeof *sset), *sval = pl_xmalloc((size_t)n * sizeof *sval);
        int sp = 0;
        stack[sp] = 0, sset[sp] = 0, sval[sp] = 0, sp++;
        while (sp > 0 && !rc) {
            sp--;
            int node = stack[sp];
            uint64_t set = sset[sp], val = sval[sp];
            int mover = mover_of(set);
            if (t[node].child < 0) {
                /* a play's end, checked when read; or the start without any play */
                if (node == 0 && cert->n == 1) {
                    int d = gc_decided(&c, 0, 0, NULL, NULL);
                    if (d < 0)
                        snprintf(v->reason, sizeof v->reason,
                                 "no play: player 1 has moves at the start, which the strategy must answer");
                    else
                        snprintf(v->reason, sizeof v->reason,
                                 "no play: the formula is %s before any move; the one play is the line '0'",
                                 d ? "true" : "false");
                    rc = 1;
                }
                continue;
            }
            uint64_t legal = c.mine[mover] & ~set, havep = 0, haven = 0;
            int count = 0;
            for (int ch = t[node].child; ch >= 0; ch = t[ch].sibling) {
                int l = t[ch].lit;
                if (l > 0)
                    havep |= bit(l);
                else
                    haven |= bit(-l);
                count++;
                stack[sp] = ch, sset[sp] = set | bit(abs(l)), sval[sp] = l > 0 ? val | bit(l) : val, sp++;
            }
            if (mover == winner && count > 1) {
                int a = t[node].child, b = t[a].sibling;
                snprintf(v->reason, sizeof v->reason,
                         "lines %d and %d: player %d's strategy plays both %d and %d from the same position", t[b].line,
                         t[a].line, winner, t[b].lit, t[a].lit);
                rc = 1;
            } else if (mover != winner && (havep != legal || haven != legal)) {
                uint64_t missp = legal & ~havep;
                int miss = missp ? __builtin_ctzll(missp) + 1 : -(__builtin_ctzll(legal & ~haven) + 1);
                snprintf(v->reason, sizeof v->reason,
                         "line %d: player %d's move %d at this point of the play is not answered (no play takes it)",
                         t[t[node].child].line, mover, miss);
                rc = 1;
            }
        }
        free(stack);
        free(sset);
        free(sval);
    }
    free(t);
    gc_free(&c);
    if (rc < 0) return -1;
    v->ok = rc == 0;
    v->value_name[v->nvalues] = "winner";
    v->value[v->nvalues++] = winner;
    v->value_name[v->nvalues] = "plays";
    v->value[v->nvalues++] = cert->n - 1;
    v->value_name[v->nvalues] = "strategy";
    v->value[v->nvalues++] = 1;
    return 0;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_gpos *g = pl_xmalloc(sizeof *g);
    if (pl_gpos_parse(file, data, len, g, err)) {
        free(g);
        return NULL;
    }
    return g;
}

static void free_gpos(void *p) {
    if (!p) return;
    pl_gpos_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_gpos *g = p;
    int half[3] = {0, 0, 0}, minw = 0, maxw = 0;
    for (int v = 1; v <= g->f.nvars; v++) half[g->owner[v]]++;
    for (int k = 0; k < g->f.nclauses; k++) {
        int w = g->f.start[k + 1] - g->f.start[k];
        if (k == 0 || w < minw) minw = w;
        if (w > maxw) maxw = w;
    }
    json_object_set_new(o, "variables", json_integer(g->f.nvars));
    json_object_set_new(o, "player1_variables", json_integer(half[1]));
    json_object_set_new(o, "player2_variables", json_integer(half[2]));
    json_object_set_new(o, "clauses", json_integer(g->f.nclauses));
    json_object_set_new(o, "literals", json_integer(g->f.start[g->f.nclauses]));
    json_object_set_new(o, "min_clause", json_integer(minw));
    json_object_set_new(o, "max_clause", json_integer(maxw));
    /* within the reach of Theorem 8's construction: each literal in at most
     * two clauses and at most three literals of a player a clause, once
     * tautologies are dropped and repeated literals counted once */
    int *occ = pl_xcalloc(2 * (size_t)g->f.nvars + 2, sizeof *occ);
    bool reach = g->f.nvars > 0;
    for (int k = 0; k < g->f.nclauses; k++) {
        bool taut = false;
        int per[3] = {0, 0, 0};
        for (int i = g->f.start[k]; i < g->f.start[k + 1]; i++)
            for (int j = g->f.start[k]; j < i; j++) taut |= g->f.lit[j] == -g->f.lit[i];
        if (taut) continue;
        for (int i = g->f.start[k]; i < g->f.start[k + 1]; i++) {
            bool dup = false;
            for (int j = g->f.start[k]; j < i; j++) dup |= g->f.lit[j] == g->f.lit[i];
            if (dup) continue;
            int l = g->f.lit[i];
            reach &= ++occ[l > 0 ? 2 * l : -2 * l + 1] <= 2;
            reach &= ++per[g->owner[abs(l)]] <= 3;
        }
    }
    free(occ);
    json_object_set_new(o, "theorem8_form", json_boolean(reach));
    json_object_set_new(o, "complexity",
                        json_string("PSPACE-complete (Schaefer 1978, Theorem 3.8: G_%free(CNF), the source of the "
                                    "paper's Theorem 8)"));
}

#define GPOS_MAX_PLAYS 200000

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    int winner = 0;
    int r = pl_gpos_solve(p, req->limits, &winner, &out->moves, GPOS_MAX_PLAYS);
    pl_problem_game_answer(r, winner, GPOS_MAX_PLAYS, req, out);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    return pl_gpos_check(p, cert, v, err);
}

/* ---------- generator ---------- */

char *pl_gpos_random(int nvars, int nclauses, int width, char answer, uint64_t seed, pl_error *err) {
    if (nvars < 2 || nvars > PL_GPOS_MAX_VARIABLES || nvars % 2) {
        pl_error_set(err, NULL, 0, 0, "gpos generate: --vars must be even, 2..%d", PL_GPOS_MAX_VARIABLES);
        return NULL;
    }
    if (width < 1 || width > nvars) {
        pl_error_set(err, NULL, 0, 0, "gpos generate: --width must be 1..%d (distinct variables in a clause)", nvars);
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_gpos g = {0};
    g.f.nvars = nvars;
    g.f.nclauses = nclauses;
    g.f.lit = pl_xmalloc(((size_t)nclauses * (size_t)width + 1) * sizeof *g.f.lit);
    g.f.start = pl_xmalloc(((size_t)nclauses + 1) * sizeof *g.f.start);
    g.owner = pl_xcalloc((size_t)nvars + 1, sizeof *g.owner);
    int *perm = pl_xmalloc((size_t)nvars * sizeof *perm);
    char *text = NULL;
    for (int tries = 0; tries < 1000 && !text; tries++) {
        pl_shuffle(&r, perm, nvars);
        for (int i = 0; i < nvars; i++) g.owner[perm[i] + 1] = (signed char)(i < nvars / 2 ? 1 : 2);
        for (int c = 0; c < nclauses; c++) {
            g.f.start[c] = c * width;
            pl_shuffle(&r, perm, nvars);
            for (int k = 0; k < width; k++) g.f.lit[c * width + k] = pl_rng_below(&r, 2) ? perm[k] + 1 : -(perm[k] + 1);
        }
        g.f.start[nclauses] = nclauses * width;
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int winner = 0;
        if (pl_gpos_solve(&g, &lim, &winner, NULL, 0) != 1) break;
        if (answer != 'a' && (answer == 'y') != (winner == 1)) continue;
        pl_sbuf b = {0};
        pl_sbuf_printf(&b,
                       "c random G_pos(CNF) (Schaefer's G_%%free(CNF)): %d variables, %d clauses of %d literals; "
                       "player %d wins; seed %llu\n",
                       nvars, nclauses, width, winner, (unsigned long long)seed);
        pl_sbuf_printf(&b, "p gpos %d %d\n", nvars, nclauses);
        for (int who = 1; who <= 2; who++) {
            pl_sbuf_printf(&b, "%c", who == 1 ? 'b' : 'r');
            for (int v = 1; v <= nvars; v++)
                if (g.owner[v] == who) pl_sbuf_printf(&b, " %d", v);
            pl_sbuf_printf(&b, "\n");
        }
        for (int c = 0; c < nclauses; c++) {
            for (int k = 0; k < width; k++) pl_sbuf_printf(&b, "%d ", g.f.lit[c * width + k]);
            pl_sbuf_printf(&b, "0\n");
        }
        text = b.s;
    }
    free(perm);
    pl_gpos_free(&g);
    if (!text)
        pl_error_set(err, NULL, 0, 0, "gpos generate: no formula with player %d winning in 1000 draws",
                     answer == 'y' ? 1 : 2);
    return text;
}

static const pl_option generate_options[] = {
    {"vars", "N", "number of variables, even (default 4, at most 64); player 1 owns a random half"},
    {"clauses", "M", "number of clauses (default N)"},
    {"width", "W", "literals a clause, on distinct variables (default 3, or N when N < 3)"},
    {"answer", "yes|no|any", "yes: player 1 (who moves first) wins; no: player 2 wins; any (default)"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m, w;
    uint64_t seed;
    if (pl_opts_long(o, "vars", 4, 2, PL_GPOS_MAX_VARIABLES, &n, err) ||
        pl_opts_long(o, "clauses", n, 0, 100000, &m, err) || pl_opts_long(o, "width", n < 3 ? n : 3, 1, n, &w, err) ||
        pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_gpos_random((int)n, (int)m, (int)w, answer, seed, err);
}

const pl_problem pl_problem_gpos = {
    .name = "gpos",
    .title = "G_pos(CNF) (Schaefer's G_%free(CNF))",
    .summary = "does player 1 win the partitioned formula game (each player sets their own variables)?",
    .format_help =
        "File: 'c' lines are comments; the header 'p gpos VARIABLES CLAUSES' (at most 64 variables); lines\n"
        "'b V ...' (player 1's variables, the paper's Blue) and 'r V ...' (player 2's, Red), each variable in\n"
        "exactly one, both halves of equal size (a line may end with 0); then DIMACS clauses (literals v or -v\n"
        "ended by 0).\n"
        "Game (Schaefer's G_%free(CNF), the source of the paper's Theorem 8): player 1 moves first; the players\n"
        "alternately pick one of their own unset variables, in any order, and set it true or false; when all\n"
        "are set, player 1 wins iff the formula is true. A move is a literal: '3' sets x3 true, '-3' false.\n"
        "Certificate: a winning strategy: 'winner W', then every play of the strategy, one a line: the moves\n"
        "from the start up to where the formula's value is decided (every clause true, or one false whatever\n"
        "the rest), ended by 0 ('0' alone: decided before any move), in which W always makes the strategy's\n"
        "move and the loser tries every legal move. Or 'play' and one line of play (what 'lift' gives from a\n"
        "Buttons line of play): verify checks its moves and says whether the value is decided and who won.\n",
    .parse = parse,
    .free = free_gpos,
    .info = info,
    .algorithm = "negamax",
    .algorithm_result = "negamax over partial assignments with memoisation and dominance pruning, exact; the "
                        "strategy as its plays",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
