/* Geography, the source of Buttons & Scissors' Theorems 9 and 10 (Section 4:
 * "DIRECTED VERTEX GEOGRAPHY, usually called GEOGRAPHY", PSPACE-complete by
 * Lichtenstein and Sipser): a directed graph and a start vertex holding the
 * token; player 1 moves first; the players alternately move the token along
 * an arc to a vertex not visited before (the start is visited); who cannot
 * move loses.
 *
 * File: 'p geography VERTICES ARCS', 's START', then ARCS lines 'a U V'.
 *
 * Solver: negamax over positions (visited set, token), memoised in a hash
 * table; at most 64 vertices (a position is a 64-bit set), so the recursion
 * is at most 64 deep whatever the input. O(2^n n) positions in the worst
 * case (the game is PSPACE-complete). The certificate is the winner's
 * strategy written as its plays: every complete line of play in which the
 * winner follows the strategy and the loser tries every move, one a line.
 * The checker reads them into a trie and checks, at each of the winner's
 * turns, one move, and at each of the loser's turns, every legal move.
 *
 * Lemma 4 (in- and out-degree at most 2, degree at most 3) is here too: the
 * Buttons constructions start from its graph. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---------- format ---------- */

void pl_geo_free(pl_geo *g) {
    free(g->arc);
    free(g->line);
    memset(g, 0, sizeof *g);
}

int pl_geo_parse(const char *file, const char *data, size_t len, pl_geo *g, pl_error *err) {
    memset(g, 0, sizeof *g);
    snprintf(g->file, sizeof g->file, "%s", file);
    pl_lines L;
    pl_lines_init(&L, file, data, len);
    bool header = false;
    long announced = 0;
    int header_line = 0, header_col = 0, cap = 0;
    int rc;
    while ((rc = pl_lines_next(&L, err)) > 0) {
        if (pl_line_is_comment(&L)) continue;
        int i = 0;
        pl_line_skip(&L, &i);
        char k = L.s[i];
        if (k == 'p') {
            if (header) {
                pl_error_set(err, file, L.line, i + 1, "a second 'p' line (the header is 'p geography VERTICES ARCS', once)");
                goto fail;
            }
            long v;
            int vcol;
            if (pl_line_header(&L, i, "geography", "VERTICES", "ARCS", &v, &vcol, &announced, &header_col, err))
                goto fail;
            if (v < 1 || v > PL_GEO_MAX_VERTICES) {
                pl_error_set(err, file, L.line, vcol, "the number of vertices must be 1..%d (the exact solver's limit), not %ld",
                             PL_GEO_MAX_VERTICES, v);
                goto fail;
            }
            g->nvertices = (int)v;
            header = true;
            header_line = L.line;
            continue;
        }
        if ((k != 'a' && k != 's') || (i + 1 < L.n && L.s[i + 1] != ' ' && L.s[i + 1] != '\t')) {
            pl_error_set(err, file, L.line, i + 1, "expected an arc line 'a U V', the start 's V', a comment 'c ...' or the header");
            goto fail;
        }
        if (!header) {
            pl_error_set(err, file, L.line, i + 1, "expected the header 'p geography VERTICES ARCS' first");
            goto fail;
        }
        int first = i;
        i++;
        int v[2];
        for (int e = 0; e < (k == 'a' ? 2 : 1); e++) {
            pl_line_skip(&L, &i);
            int at = i;
            long x;
            if (pl_line_int(&L, &i, &x, k == 's' ? "the start vertex" : e ? "the head" : "the tail", err)) goto fail;
            if (x < 1 || x > g->nvertices) {
                pl_error_set(err, file, L.line, at + 1, "vertex %ld is outside 1..%d", x, g->nvertices);
                goto fail;
            }
            v[e] = (int)x;
        }
        pl_line_skip(&L, &i);
        if (i < L.n) {
            pl_error_set(err, file, L.line, i + 1, k == 'a' ? "expected the end of the line (an arc is 'a U V')"
                                                            : "expected the end of the line (the start is 's V')");
            goto fail;
        }
        if (k == 's') {
            if (g->start) {
                pl_error_set(err, file, L.line, first + 1, "a second start line (the first is line %d)", g->start_line);
                goto fail;
            }
            g->start = v[0];
            g->start_line = L.line;
            continue;
        }
        if (g->narcs == announced) {
            pl_error_set(err, file, L.line, first + 1, "arc %d is one more than the header's %ld (line %d)", g->narcs + 1,
                         announced, header_line);
            goto fail;
        }
        for (int e = 0; e < g->narcs; e++)
            if (g->arc[e][0] == v[0] && g->arc[e][1] == v[1]) {
                pl_error_set(err, file, L.line, first + 1, "the arc %d -> %d repeats line %d", v[0], v[1], g->line[e]);
                goto fail;
            }
        if (g->narcs == cap) {
            cap = cap ? 2 * cap : 16;
            g->arc = pl_xrealloc(g->arc, (size_t)cap * sizeof *g->arc);
            g->line = pl_xrealloc(g->line, (size_t)cap * sizeof *g->line);
        }
        g->arc[g->narcs][0] = v[0], g->arc[g->narcs][1] = v[1];
        g->line[g->narcs++] = L.line;
    }
    if (rc < 0) goto fail;
    if (!header) {
        pl_error_set(err, file, L.line > 0 ? L.line : 1, 1, "expected the header 'p geography VERTICES ARCS' (the file has none)");
        goto fail;
    }
    if (g->narcs != announced) {
        pl_error_set(err, file, header_line, header_col, "the header announces %ld arc%s, the file has %d", announced,
                     announced == 1 ? "" : "s", g->narcs);
        goto fail;
    }
    if (!g->start) {
        pl_error_set(err, file, header_line, 1, "expected the start vertex in a line 's V' (the file has none)");
        goto fail;
    }
    return 0;
fail:
    pl_geo_free(g);
    return -1;
}

void pl_geo_degrees(const pl_geo *g, int *in, int *out) {
    for (int v = 0; v <= g->nvertices; v++) in[v] = out[v] = 0;
    for (int e = 0; e < g->narcs; e++) out[g->arc[e][0]]++, in[g->arc[e][1]]++;
}

/* ---------- solver ---------- */

typedef struct gpos {
    uint64_t vis;
    uint8_t cur, used, win;
} gpos;

typedef struct gsolver {
    uint64_t out[PL_GEO_MAX_VERTICES + 1]; /* bit w-1: the arc v -> w */
    gpos *t;
    size_t cap, count;
    pl_limits *lim;
    bool stop;
} gsolver;

static uint64_t bit(int v) {
    return (uint64_t)1 << (v - 1);
}

static size_t slot(const gsolver *s, uint64_t vis, int cur) {
    uint64_t h = (vis + (uint64_t)cur * 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    return (size_t)h & (s->cap - 1);
}

static gpos *lookup(gsolver *s, uint64_t vis, int cur) {
    for (size_t i = slot(s, vis, cur);; i = (i + 1) & (s->cap - 1)) {
        if (!s->t[i].used || (s->t[i].vis == vis && s->t[i].cur == cur)) return &s->t[i];
    }
}

static void store(gsolver *s, uint64_t vis, int cur, bool win) {
    if (2 * (s->count + 1) > s->cap) {
        gpos *old = s->t;
        size_t oc = s->cap;
        s->cap = oc ? 2 * oc : 1024;
        s->t = pl_xcalloc(s->cap, sizeof *s->t);
        for (size_t i = 0; i < oc; i++)
            if (old[i].used) *lookup(s, old[i].vis, old[i].cur) = old[i];
        free(old);
    }
    gpos *p = lookup(s, vis, cur);
    if (!p->used) s->count++;
    p->vis = vis, p->cur = (uint8_t)cur, p->used = 1, p->win = win;
}

/* Whether the player to move from cur (visited vis) wins. Recursion: one
 * frame a move, at most 64 (the vertex limit). */
static bool wins(gsolver *s, uint64_t vis, int cur) {
    if (s->stop || !pl_limits_tick(s->lim)) {
        s->stop = true;
        return false;
    }
    if (s->cap) {
        gpos *p = lookup(s, vis, cur);
        if (p->used) return p->win;
    }
    bool w = false;
    for (uint64_t m = s->out[cur] & ~vis; m && !w; m &= m - 1) {
        int x = __builtin_ctzll(m) + 1;
        bool c = wins(s, vis | bit(x), x);
        if (s->stop) return false;
        w = !c;
    }
    store(s, vis, cur, w);
    return w;
}

typedef struct gplays {
    pl_strvec *out;
    long max, n;
    int path[PL_GEO_MAX_VERTICES + 1];
} gplays;

/* Appends the winner's plays from (vis, cur), path[0..len-1] so far. */
static int plays(gsolver *s, gplays *p, uint64_t vis, int cur, int len, int winner) {
    int mover = 1 + (len - 1) % 2;
    uint64_t moves = s->out[cur] & ~vis;
    if (!moves) {
        if (p->n++ >= p->max) return -2;
        pl_sbuf b = {0};
        for (int i = 0; i < len; i++) pl_sbuf_printf(&b, "%s%d", i ? " " : "", p->path[i]);
        pl_strvec_push(p->out, b.s);
        free(b.s);
        return 0;
    }
    for (uint64_t m = moves; m; m &= m - 1) {
        int x = __builtin_ctzll(m) + 1;
        if (mover == winner) {
            if (wins(s, vis | bit(x), x)) continue; /* leaves the loser a win */
            if (s->stop) return -1;
        }
        p->path[len] = x;
        int r = plays(s, p, vis | bit(x), x, len + 1, winner);
        if (r) return r;
        if (mover == winner) return 0;
    }
    return s->stop ? -1 : 0;
}

int pl_geo_solve(const pl_geo *g, pl_limits *lim, int *winner, pl_strvec *strategy, long max_plays) {
    gsolver s = {.lim = lim};
    for (int e = 0; e < g->narcs; e++) s.out[g->arc[e][0]] |= bit(g->arc[e][1]);
    bool w = wins(&s, bit(g->start), g->start);
    int rc = 1;
    if (s.stop) {
        rc = -1;
    } else {
        *winner = w ? 1 : 2;
        if (strategy) {
            gplays p = {.out = strategy, .max = max_plays};
            pl_strvec_push(strategy, w ? "winner 1" : "winner 2");
            p.path[0] = g->start;
            int r = plays(&s, &p, bit(g->start), g->start, 1, *winner);
            if (r) rc = r;
        }
    }
    free(s.t);
    return rc;
}

/* ---------- certificates ---------- */

typedef struct tnode {
    int vertex, child, sibling, line;
} tnode;

/* Reads the vertices of line k into path (at most nvertices); its length, or
 * -1 with err. */
static int read_play(const pl_geo *g, const pl_moves *cert, int k, int *path, pl_error *err) {
    pl_lines L = {.file = cert->file, .line = cert->line[k], .s = cert->text[k], .n = (int)strlen(cert->text[k])};
    int i = 0, len = 0;
    pl_line_skip(&L, &i);
    while (i < L.n) {
        int at = i;
        long v;
        if (pl_line_int(&L, &i, &v, "a vertex", err)) {
            err->col += cert->col[k] - 1;
            return -1;
        }
        if (v < 1 || v > g->nvertices || len == g->nvertices) {
            if (len == g->nvertices)
                pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at, "a play visits at most %d vertices",
                             g->nvertices);
            else
                pl_error_set(err, cert->file, cert->line[k], cert->col[k] + at, "vertex %ld is outside 1..%d", v,
                             g->nvertices);
            return -1;
        }
        path[len++] = (int)v;
        pl_line_skip(&L, &i);
    }
    return len;
}

int pl_geo_check(const pl_geo *g, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    v->ok = false;
    v->nvalues = 0;
    uint64_t out[PL_GEO_MAX_VERTICES + 1] = {0};
    for (int e = 0; e < g->narcs; e++) out[g->arc[e][0]] |= bit(g->arc[e][1]);
    if (cert->n == 0) {
        snprintf(v->reason, sizeof v->reason, "the certificate is empty (expected 'winner W' and plays, or 'play' and a line of play)");
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
    int path[PL_GEO_MAX_VERTICES];
    if (play) {
        if (cert->n != 2) {
            snprintf(v->reason, sizeof v->reason, "a 'play' certificate has exactly one line of play, this has %d",
                     cert->n - 1);
            return 0;
        }
        int len = read_play(g, cert, 1, path, err);
        if (len < 0) return -1;
        uint64_t vis = 0;
        for (int i = 0; i < len; i++) {
            if (i == 0 && path[0] != g->start) {
                snprintf(v->reason, sizeof v->reason, "line %d: a play starts at the start vertex %d, not %d",
                         cert->line[1], g->start, path[0]);
                return 0;
            }
            if (i > 0 && !(out[path[i - 1]] & bit(path[i]))) {
                snprintf(v->reason, sizeof v->reason, "line %d: move %d: no arc %d -> %d", cert->line[1], i,
                         path[i - 1], path[i]);
                return 0;
            }
            if (vis & bit(path[i])) {
                snprintf(v->reason, sizeof v->reason, "line %d: move %d: vertex %d was visited before", cert->line[1],
                         i, path[i]);
                return 0;
            }
            vis |= bit(path[i]);
        }
        if (len == 0) {
            snprintf(v->reason, sizeof v->reason, "line %d: an empty play (it starts at the start vertex %d)",
                     cert->line[1], g->start);
            return 0;
        }
        int mover = 1 + (len - 1) % 2;
        bool over = !(out[path[len - 1]] & ~vis);
        v->ok = true;
        v->value_name[v->nvalues] = "complete";
        v->value[v->nvalues++] = over;
        v->value_name[v->nvalues] = over ? "winner" : "to_move";
        v->value[v->nvalues++] = over ? 3 - mover : mover;
        v->value_name[v->nvalues] = "strategy";
        v->value[v->nvalues++] = 0;
        return 0;
    }
    /* a strategy: the plays into a trie */
    int cap = 64, n = 1;
    tnode *t = pl_xmalloc((size_t)cap * sizeof *t);
    t[0] = (tnode){g->start, -1, -1, 0};
    int rc = 0;
    for (int k = 1; k < cert->n && !rc; k++) {
        int len = read_play(g, cert, k, path, err);
        if (len < 0) {
            rc = -1;
            break;
        }
        if (len == 0 || path[0] != g->start) {
            snprintf(v->reason, sizeof v->reason, "line %d: a play starts at the start vertex %d", cert->line[k],
                     g->start);
            rc = 1;
            break;
        }
        uint64_t vis = bit(g->start);
        int node = 0;
        bool fresh = false;
        for (int i = 1; i < len && !rc; i++) {
            if (!(out[path[i - 1]] & bit(path[i])) || (vis & bit(path[i]))) {
                snprintf(v->reason, sizeof v->reason, "line %d: move %d (%d -> %d) is not legal (%s)", cert->line[k], i,
                         path[i - 1], path[i], vis & bit(path[i]) ? "visited before" : "no such arc");
                rc = 1;
                break;
            }
            vis |= bit(path[i]);
            int c = t[node].child;
            while (c >= 0 && t[c].vertex != path[i]) c = t[c].sibling;
            if (c < 0) {
                if (n == cap) t = pl_xrealloc(t, (size_t)(cap *= 2) * sizeof *t);
                t[n] = (tnode){path[i], -1, t[node].child, cert->line[k]};
                t[node].child = n;
                c = n++;
                fresh = true;
            }
            node = c;
        }
        if (rc) break;
        int mover = 1 + (len - 1) % 2;
        if (out[path[len - 1]] & ~vis) {
            snprintf(v->reason, sizeof v->reason, "line %d: the play is not over (player %d can still move from %d)",
                     cert->line[k], mover, path[len - 1]);
            rc = 1;
        } else if (mover == winner) {
            snprintf(v->reason, sizeof v->reason, "line %d: the play ends with player %d (the claimed winner) stuck",
                     cert->line[k], winner);
            rc = 1;
        } else if (len == 1 ? cert->n != 2 : !fresh || t[node].child >= 0) {
            snprintf(v->reason, sizeof v->reason, "line %d: the play repeats an earlier one or is part of one",
                     cert->line[k]);
            rc = 1;
        }
    }
    /* every node of the trie: one move at the winner's turns, every move at the
     * loser's; visited sets rebuilt along an explicit stack */
    if (!rc) {
        int *stack = pl_xmalloc((size_t)n * sizeof *stack), *depth = pl_xmalloc((size_t)n * sizeof *depth);
        uint64_t *vis = pl_xmalloc((size_t)n * sizeof *vis);
        int sp = 0;
        stack[sp] = 0, depth[sp] = 0, vis[sp] = bit(g->start), sp++;
        while (sp > 0 && !rc) {
            sp--;
            int node = stack[sp], d = depth[sp];
            uint64_t seen = vis[sp];
            int mover = 1 + d % 2;
            uint64_t legal = out[t[node].vertex] & ~seen, have = 0;
            if (t[node].child < 0) { /* a play's end (checked when read), or the start with no play at all */
                if (node == 0 && (legal || mover == winner)) {
                    snprintf(v->reason, sizeof v->reason,
                             legal ? "no play: player 1 has a move from the start %d, which the strategy must answer"
                                   : "no play, and player 1 is stuck at the start %d: player 2 wins",
                             g->start);
                    rc = 1;
                }
                continue;
            }
            int count = 0;
            for (int c = t[node].child; c >= 0; c = t[c].sibling) {
                have |= bit(t[c].vertex), count++;
                stack[sp] = c, depth[sp] = d + 1, vis[sp] = seen | bit(t[c].vertex), sp++;
            }
            if (mover == winner && count > 1) {
                int a = t[node].child, b = t[a].sibling;
                snprintf(v->reason, sizeof v->reason,
                         "lines %d and %d: player %d's strategy moves both to %d and to %d from the same play",
                         t[b].line, t[a].line, winner, t[b].vertex, t[a].vertex);
                rc = 1;
            } else if (mover != winner && have != legal) {
                int miss = __builtin_ctzll(legal & ~have) + 1;
                snprintf(v->reason, sizeof v->reason,
                         "line %d: player %d's move %d -> %d at this point of the play is not answered (no play takes it)",
                         t[t[node].child].line, mover, t[node].vertex, miss);
                rc = 1;
            }
        }
        free(stack);
        free(depth);
        free(vis);
    }
    free(t);
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

/* ---------- Lemma 4 ---------- */

typedef struct l4 {
    int n, na, cap;
    int (*arc)[2];
    int *origin;
    int (*path)[PL_GEO_LEMMA4_MAX + 1];
    int npath;
} l4;

static int l4_vertex(l4 *w, pl_error *err) {
    if (w->n >= PL_GEO_LEMMA4_MAX)
        return pl_error_set(err, NULL, 0, 0, "Lemma 4: the graph grows past %d vertices", PL_GEO_LEMMA4_MAX);
    w->origin[++w->n] = 0;
    return w->n;
}

static void l4_add(l4 *w, int a, int b) {
    if (w->na == w->cap) w->arc = pl_xrealloc(w->arc, (size_t)(w->cap = w->cap ? 2 * w->cap : 16) * sizeof *w->arc);
    w->arc[w->na][0] = a, w->arc[w->na][1] = b, w->na++;
}

static void l4_remove(l4 *w, int a, int b) {
    for (int e = 0; e < w->na; e++)
        if (w->arc[e][0] == a && w->arc[e][1] == b) {
            w->arc[e][0] = w->arc[w->na - 1][0], w->arc[e][1] = w->arc[w->na - 1][1];
            w->na--;
            return;
        }
}

/* Every source path through the arc a -> b goes a, mid..., b instead. */
static int l4_splice(l4 *w, int a, int b, const int *mid, int k, pl_error *err) {
    for (int p = 0; p < w->npath; p++) {
        int *q = w->path[p], len = 0;
        while (q[len] >= 0) len++;
        for (int i = 0; i + 1 < len; i++)
            if (q[i] == a && q[i + 1] == b) {
                if (len + k > PL_GEO_LEMMA4_MAX)
                    return pl_error_set(err, NULL, 0, 0, "Lemma 4: a path grows past %d vertices", PL_GEO_LEMMA4_MAX);
                memmove(q + i + 1 + k, q + i + 1, (size_t)(len - i) * sizeof *q);
                memcpy(q + i + 1, mid, (size_t)k * sizeof *q);
                break;
            }
    }
    return 0;
}

static void l4_degrees(const l4 *w, int *in, int *out) {
    for (int v = 0; v <= w->n; v++) in[v] = out[v] = 0;
    for (int e = 0; e < w->na; e++) out[w->arc[e][0]]++, in[w->arc[e][1]]++;
}

int pl_geo_lemma4(const pl_geo *g, pl_geo *out, int *origin, int (*path)[PL_GEO_LEMMA4_MAX + 1], pl_error *err) {
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%.200s (Lemma 4)", g->file);
    /* the playable part: arcs out of the start's reach, into the start, and
     * self-loops never move the token */
    int id[PL_GEO_MAX_VERTICES + 1] = {0}, queue[PL_GEO_MAX_VERTICES], qn = 0;
    l4 w = {.origin = origin, .path = path, .npath = g->narcs};
    id[g->start] = ++w.n;
    origin[w.n] = g->start;
    queue[qn++] = g->start;
    for (int h = 0; h < qn; h++)
        for (int e = 0; e < g->narcs; e++)
            if (g->arc[e][0] == queue[h] && !id[g->arc[e][1]]) {
                id[g->arc[e][1]] = ++w.n;
                origin[w.n] = g->arc[e][1];
                queue[qn++] = g->arc[e][1];
            }
    for (int e = 0; e < g->narcs; e++) {
        int a = g->arc[e][0], b = g->arc[e][1];
        path[e][0] = -1;
        if (!id[a] || a == b || b == g->start) continue;
        l4_add(&w, id[a], id[b]);
        path[e][0] = id[a], path[e][1] = id[b], path[e][2] = -1;
    }
    int in[PL_GEO_LEMMA4_MAX + 1], outd[PL_GEO_LEMMA4_MAX + 1];
    int rc = 0;
    /* Fig. 11: two arcs u1 -> v, u2 -> v become u1 -> a, u2 -> a, a -> b, b -> v:
     * whoever moved to v still does, two moves later */
    for (bool again = true; again && !rc;) {
        again = false;
        l4_degrees(&w, in, outd);
        for (int v = 1; v <= w.n && !rc; v++) {
            if (in[v] <= 2) continue;
            int u[2], k = 0;
            for (int e = 0; e < w.na && k < 2; e++)
                if (w.arc[e][1] == v) u[k++] = w.arc[e][0];
            int a = l4_vertex(&w, err), b = a < 0 ? -1 : l4_vertex(&w, err);
            if (a < 0 || b < 0) {
                rc = -1;
                break;
            }
            int mid[2] = {a, b};
            for (int j = 0; j < 2 && !rc; j++) {
                l4_remove(&w, u[j], v);
                l4_add(&w, u[j], a);
                rc = l4_splice(&w, u[j], v, mid, 2, err);
            }
            l4_add(&w, a, b);
            l4_add(&w, b, v);
            again = true;
            break;
        }
    }
    /* Fig. 12: two arcs v -> x, v -> y become v -> a, a -> b, b -> x, b -> y:
     * the player leaving v still chooses between x and y, and arrives there */
    for (bool again = true; again && !rc;) {
        again = false;
        l4_degrees(&w, in, outd);
        for (int v = 1; v <= w.n && !rc; v++) {
            if (outd[v] <= 2) continue;
            int x[2], k = 0;
            for (int e = 0; e < w.na && k < 2; e++)
                if (w.arc[e][0] == v) x[k++] = w.arc[e][1];
            int a = l4_vertex(&w, err), b = a < 0 ? -1 : l4_vertex(&w, err);
            if (a < 0 || b < 0) {
                rc = -1;
                break;
            }
            int mid[2] = {a, b};
            for (int j = 0; j < 2 && !rc; j++) {
                l4_remove(&w, v, x[j]);
                l4_add(&w, b, x[j]);
                rc = l4_splice(&w, v, x[j], mid, 2, err);
            }
            l4_add(&w, v, a);
            l4_add(&w, a, b);
            again = true;
            break;
        }
    }
    /* Fig. 13: in- and out-degree 2: v -> m1 -> m2, the out-arcs leave m2 */
    if (!rc) {
        l4_degrees(&w, in, outd);
        int n0 = w.n;
        for (int v = 1; v <= n0 && !rc; v++) {
            if (in[v] != 2 || outd[v] != 2) continue;
            int m1 = l4_vertex(&w, err), m2 = m1 < 0 ? -1 : l4_vertex(&w, err);
            if (m1 < 0 || m2 < 0) {
                rc = -1;
                break;
            }
            int mid[2] = {m1, m2};
            int na = w.na;
            for (int e = 0; e < na && !rc; e++)
                if (w.arc[e][0] == v) {
                    rc = l4_splice(&w, v, w.arc[e][1], mid, 2, err);
                    w.arc[e][0] = m2;
                }
            l4_add(&w, v, m1);
            l4_add(&w, m1, m2);
        }
    }
    if (rc) {
        free(w.arc);
        return -1;
    }
    out->nvertices = w.n;
    out->narcs = w.na;
    out->start = 1;
    out->arc = w.arc ? w.arc : pl_xmalloc(sizeof *out->arc);
    out->line = pl_xcalloc((size_t)w.na + 1, sizeof *out->line);
    return 0;
}

/* ---------- descriptor ---------- */

static void *parse(const char *file, const char *data, size_t len, pl_error *err) {
    pl_geo *g = pl_xmalloc(sizeof *g);
    if (pl_geo_parse(file, data, len, g, err)) {
        free(g);
        return NULL;
    }
    return g;
}

static void free_geo(void *p) {
    if (!p) return;
    pl_geo_free(p);
    free(p);
}

static void info(const void *p, json_t *o) {
    const pl_geo *g = p;
    int in[PL_GEO_MAX_VERTICES + 1], out[PL_GEO_MAX_VERTICES + 1], mi = 0, mo = 0, md = 0;
    pl_geo_degrees(g, in, out);
    for (int v = 1; v <= g->nvertices; v++) {
        if (in[v] > mi) mi = in[v];
        if (out[v] > mo) mo = out[v];
        if (in[v] + out[v] > md) md = in[v] + out[v];
    }
    json_object_set_new(o, "vertices", json_integer(g->nvertices));
    json_object_set_new(o, "arcs", json_integer(g->narcs));
    json_object_set_new(o, "start", json_integer(g->start));
    json_object_set_new(o, "max_in_degree", json_integer(mi));
    json_object_set_new(o, "max_out_degree", json_integer(mo));
    json_object_set_new(o, "max_degree", json_integer(md));
    json_object_set_new(o, "lemma4_form", json_boolean(mi <= 2 && mo <= 2 && md <= 3));
    json_object_set_new(o, "complexity",
                        json_string("PSPACE-complete (Lichtenstein and Sipser); with in- and out-degree <= 2 and "
                                    "degree <= 3 too (Lemma 4)"));
}

#define GEO_MAX_PLAYS 200000

static int solve(const void *p, const pl_request *req, pl_solution *out, pl_error *err) {
    (void)err;
    const pl_geo *g = p;
    int winner = 0;
    int r = pl_geo_solve(g, req->limits, &winner, &out->moves, GEO_MAX_PLAYS);
    pl_problem_game_answer(r, winner, GEO_MAX_PLAYS, req, out);
    return 0;
}

static int verify(const void *p, const pl_moves *cert, pl_verdict *v, pl_error *err) {
    return pl_geo_check(p, cert, v, err);
}

/* ---------- generator ---------- */

char *pl_geo_random(int nvertices, int narcs, char answer, uint64_t seed, pl_error *err) {
    long most = (long)nvertices * (nvertices - 1);
    if (nvertices < 1 || nvertices > PL_GEO_MAX_VERTICES) {
        pl_error_set(err, NULL, 0, 0, "geography generate: --vertices must be 1..%d", PL_GEO_MAX_VERTICES);
        return NULL;
    }
    if (narcs > most) {
        pl_error_set(err, NULL, 0, 0, "geography generate: %d vertices have at most %ld arcs, not %d", nvertices, most,
                     narcs);
        return NULL;
    }
    pl_rng r;
    pl_rng_seed(&r, seed);
    pl_geo g = {.nvertices = nvertices, .narcs = narcs, .start = 1};
    g.arc = pl_xmalloc(((size_t)narcs + 1) * sizeof *g.arc);
    for (int tries = 0; tries < 1000; tries++) {
        for (int e = 0; e < narcs; e++) {
            for (;;) {
                int a = 1 + (int)pl_rng_below(&r, (uint64_t)nvertices), b = 1 + (int)pl_rng_below(&r, (uint64_t)nvertices);
                bool dup = a == b;
                for (int f = 0; f < e && !dup; f++) dup = g.arc[f][0] == a && g.arc[f][1] == b;
                if (dup) continue;
                g.arc[e][0] = a, g.arc[e][1] = b;
                break;
            }
        }
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int winner = 0;
        if (pl_geo_solve(&g, &lim, &winner, NULL, 0) != 1) break;
        if (answer == 'a' || (answer == 'y') == (winner == 1)) {
            pl_sbuf b = {0};
            pl_sbuf_printf(&b, "c random Geography: %d vertices, %d arcs; player %d wins; seed %llu\n", nvertices,
                           narcs, winner, (unsigned long long)seed);
            pl_sbuf_printf(&b, "p geography %d %d\ns 1\n", nvertices, narcs);
            for (int e = 0; e < narcs; e++) pl_sbuf_printf(&b, "a %d %d\n", g.arc[e][0], g.arc[e][1]);
            free(g.arc);
            return b.s;
        }
    }
    free(g.arc);
    pl_error_set(err, NULL, 0, 0, "geography generate: no graph with player %d winning in 1000 draws",
                 answer == 'y' ? 1 : 2);
    return NULL;
}

static const pl_option generate_options[] = {
    {"vertices", "N", "number of vertices (default 6, at most 64); the start is 1"},
    {"arcs", "M", "number of distinct arcs, no self-loops (default N + N/2)"},
    {"answer", "yes|no|any", "yes: player 1 (who moves first) wins; no: player 2 wins; any (default)"},
    {"seed", "N", "random seed (default 1)"},
    {NULL, NULL, NULL},
};

static char *generate(const pl_opts *o, pl_error *err) {
    long n, m;
    uint64_t seed;
    if (pl_opts_long(o, "vertices", 6, 1, PL_GEO_MAX_VERTICES, &n, err) ||
        pl_opts_long(o, "arcs", n + n / 2, 0, 4096, &m, err) || pl_opts_u64(o, "seed", 1, &seed, err))
        return NULL;
    char answer = pl_problem_answer_option(o, err);
    if (!answer) return NULL;
    return pl_geo_random((int)n, (int)m, answer, seed, err);
}

const pl_problem pl_problem_geography = {
    .name = "geography",
    .title = "Geography",
    .summary = "does player 1 win (directed vertex) Geography from the start vertex?",
    .format_help =
        "File: 'c' lines are comments; the header 'p geography VERTICES ARCS' (1..64 vertices); the start\n"
        "'s V'; then ARCS lines 'a U V' (distinct arcs U -> V; a self-loop is allowed and never playable).\n"
        "Game (directed vertex Geography): the token starts on the start vertex; player 1 moves first; the\n"
        "players alternately move it along an arc to a vertex not visited before; who cannot move loses.\n"
        "Certificate: a winning strategy: 'winner W', then every play of the strategy, one a line: the\n"
        "vertices from the start to where the loser is stuck, in which W always makes the strategy's move\n"
        "and the loser tries every legal move (verify checks one move at each of W's turns, every move at\n"
        "each of the other's). Or 'play' and one line of play (what 'lift' gives from a Buttons line of\n"
        "play): verify checks its moves and says whether it is over and who won it, not who wins the game.\n",
    .parse = parse,
    .free = free_geo,
    .info = info,
    .algorithm = "negamax",
    .algorithm_result = "negamax over (visited set, token) with memoisation, exact; the strategy as its plays",
    .solve = solve,
    .verify = verify,
    .generate = generate,
    .generate_options = generate_options,
};
