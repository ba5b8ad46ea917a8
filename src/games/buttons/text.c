/* Buttons & Scissors level files and cut notation (spec/formats.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/buttons.h"

static const char *const keys[] = {"directions", "sizes", "players", NULL};
static const char *const sections[] = {"board", NULL};

static int parse_directions(const pl_level_text *lt, const pl_header *h, buttons_level *l, pl_error *err) {
    const char *v = h->value;
    snprintf(l->directions_text, sizeof l->directions_text, "%.15s", v);
    if (strcmp(v, "*") == 0) l->directions = BUTTONS_ALL_DIRECTIONS;
    else if (strcmp(v, "+") == 0) l->directions = BUTTONS_H | BUTTONS_V;
    else if (strcmp(v, "x") == 0) l->directions = BUTTONS_D | BUTTONS_A;
    else if (strcmp(v, "-") == 0) l->directions = BUTTONS_H;
    else {
        l->directions = 0;
        for (int i = 0; v[i]; i++) {
            unsigned bit = v[i] == 'h' ? BUTTONS_H : v[i] == 'v' ? BUTTONS_V : v[i] == 'd' ? BUTTONS_D
                         : v[i] == 'a' ? BUTTONS_A : 0;
            if (!bit || (l->directions & bit))
                return pl_error_set(err, lt->file, h->line, h->value_col + i,
                                    bit ? "direction '%c' given twice"
                                        : "unexpected '%c' (expected one of * + x - or a set of the letters h v d a)",
                                    v[i]);
            l->directions |= bit;
        }
        if (!l->directions)
            return pl_error_set(err, lt->file, h->line, h->value_col,
                                "expected one of * + x - or a set of the letters h v d a");
    }
    return 0;
}

static int parse_sizes(const pl_level_text *lt, const pl_header *h, buttons_level *l, pl_error *err) {
    const char *v = h->value;
    if (strcmp(v, "all") == 0) {
        l->sizes_all = true;
        return 0;
    }
    l->sizes_all = false;
    l->size_mask = 0;
    const char *p = v;
    for (;;) {
        while (*p == ' ') p++;
        if (!isdigit((unsigned char)*p))
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                                "expected 'all' or a comma list of cut sizes such as 2,3");
        long s = 0;
        const char *start = p;
        while (isdigit((unsigned char)*p) && s <= 1000) s = 10 * s + (*p++ - '0');
        if (s < 2 || s > BUTTONS_MAX_SIZE)
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(start - v),
                                "cut size %ld is out of range (a cut has 2 to %d buttons)", s, BUTTONS_MAX_SIZE);
        l->size_mask |= (uint64_t)1 << s;
        while (*p == ' ') p++;
        if (!*p) break;
        if (*p != ',')
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                                "expected ',' between cut sizes");
        p++;
    }
    return 0;
}

const char *buttons_players_name(int players) {
    static const char *const names[] = {"single", "partisan", "impartial", "scoring"};
    return players >= 0 && players <= BUTTONS_SCORING ? names[players] : "?";
}

/* players: single | impartial | scoring | partisan P1 P2 [SHARED]. P1, P2 and
 * SHARED are sets of colour characters ('-' for none), pairwise disjoint,
 * each colour on the board. Colours in no set are cut by nobody. Read after
 * the board, whose colour indices the masks use. */
static int parse_players(const pl_level_text *lt, const pl_header *h, buttons_level *l, const int *index,
                         pl_error *err) {
    const char *v = h->value, *p = v;
    const char *word = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    size_t wl = (size_t)(p - word);
    static const char *const names[] = {"single", "partisan", "impartial", "scoring"};
    l->players = -1;
    for (int i = 0; i < 4; i++)
        if (wl == strlen(names[i]) && strncmp(word, names[i], wl) == 0) l->players = i;
    if (l->players < 0)
        return pl_error_set(err, lt->file, h->line, h->value_col,
                            "expected single, partisan, impartial or scoring (the variants of Section 4)");
    uint64_t all = 0;
    for (int c = 1; c <= l->ncolours; c++) all |= (uint64_t)1 << c;
    uint64_t set[3] = {0, 0, 0}; /* player 1, player 2, shared */
    int nsets = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        if (l->players != BUTTONS_PARTISAN)
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                                "unexpected '%c': '%s' takes no colours (any player cuts any colour)", *p,
                                names[l->players]);
        if (nsets == 3)
            return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                                "unexpected '%c': partisan takes three colour sets at most (player 1, player 2, "
                                "shared)",
                                *p);
        if (*p == '-' && (p[1] == ' ' || p[1] == '\t' || !p[1])) {
            p++;
            nsets++;
            continue;
        }
        for (; *p && *p != ' ' && *p != '\t'; p++) {
            int ch = (unsigned char)*p, col = h->value_col + (int)(p - v);
            if (!isalnum(ch))
                return pl_error_set(err, lt->file, h->line, col, "unexpected '%c' (expected a colour a-z A-Z 0-9)", *p);
            if (!index[ch])
                return pl_error_set(err, lt->file, h->line, col, "colour '%c' does not occur on the board", *p);
            uint64_t bit = (uint64_t)1 << index[ch];
            if ((set[0] | set[1] | set[2]) & bit)
                return pl_error_set(err, lt->file, h->line, col, "colour '%c' is given to two players", *p);
            set[nsets] |= bit;
        }
        nsets++;
    }
    if (l->players == BUTTONS_PARTISAN && nsets < 2)
        return pl_error_set(err, lt->file, h->line, h->value_col + (int)(p - v),
                            "expected the colours of player %d (partisan P1 P2 [SHARED], e.g. 'partisan b r g')",
                            nsets + 1);
    if (l->players == BUTTONS_PARTISAN) {
        l->may_cut[1] = set[0] | set[2];
        l->may_cut[2] = set[1] | set[2];
        l->shared = set[2];
    } else {
        l->may_cut[1] = l->may_cut[2] = all;
        l->shared = 0;
    }
    return 0;
}

int buttons_level_parse(const pl_level_text *lt, buttons_level *out, pl_error *err) {
    memset(out, 0, sizeof *out);
    out->directions = BUTTONS_ALL_DIRECTIONS;
    snprintf(out->directions_text, sizeof out->directions_text, "*");
    out->sizes_all = true;
    if (pl_level_text_check(lt, keys, NULL, sections, err)) return -1;
    const pl_header *h = pl_level_header(lt, "directions");
    if (h && parse_directions(lt, h, out, err)) return -1;
    h = pl_level_header(lt, "sizes");
    if (h && parse_sizes(lt, h, out, err)) return -1;
    const pl_section *s = pl_level_section(lt, "board");
    if (!s) return pl_error_set(err, lt->file, 1, 1, "expected board rows (the level has none)");
    pl_grid g;
    if (pl_grid_from_section(lt, s, &g, err)) return -1;
    int index[128] = {0}, count[BUTTONS_MAX_COLOURS + 1] = {0};
    out->rows = g.rows;
    out->cols = g.cols;
    out->cell = pl_xcalloc((size_t)g.rows * (size_t)g.cols, 1);
    for (int i = 0; i < g.rows * g.cols; i++) {
        int ch = (unsigned char)g.cells[i];
        if (ch == '.') continue;
        if (!index[ch]) {
            index[ch] = ++out->ncolours;
            out->colour_char[out->ncolours] = (char)ch;
        }
        out->cell[i] = (uint8_t)index[ch];
        count[index[ch]]++;
        out->nbuttons++;
    }
    for (int c = 1; c <= out->ncolours; c++)
        if (count[c] > out->max_frequency) out->max_frequency = count[c];
    pl_grid_free(&g);
    for (int c = 1; c <= out->ncolours; c++) out->may_cut[1] = out->may_cut[2] |= (uint64_t)1 << c;
    h = pl_level_header(lt, "players");
    if (h && parse_players(lt, h, out, index, err)) return -1;
    return 0;
}

void buttons_level_free(buttons_level *l) {
    free(l->cell);
    l->cell = NULL;
}

int buttons_cut_parse(const char *text, buttons_cut *x, char *why, size_t n, int *col) {
    long r1, c1, r2, c2;
    const char *end, *bad;
    char msg[128];
    /* negative cells parse: off the board is an illegal cut, not bad syntax */
    if (pl_parse_coord(text, true, &r1, &c1, &end, &bad, msg, sizeof msg)) goto fail;
    if (*end != ' ' && *end != '\t') {
        bad = end;
        snprintf(msg, sizeof msg, "expected a space and the other end of the cut (a cut is r1,c1 r2,c2)");
        goto fail;
    }
    while (*end == ' ' || *end == '\t') end++;
    const char *second = end;
    if (pl_parse_coord(second, true, &r2, &c2, &end, &bad, msg, sizeof msg)) goto fail;
    if (*end) {
        bad = end;
        snprintf(msg, sizeof msg, "unexpected '%c' after the cut (a cut is r1,c1 r2,c2)", *end);
        goto fail;
    }
    x->r1 = (int)r1;
    x->c1 = (int)c1;
    x->r2 = (int)r2;
    x->c2 = (int)c2;
    return 0;
fail:
    snprintf(why, n, "%s", msg);
    *col = (int)(bad - text) + 1;
    return -1;
}

void buttons_cut_text(buttons_cut x, char *buf, size_t n) { snprintf(buf, n, "%d,%d %d,%d", x.r1, x.c1, x.r2, x.c2); }
