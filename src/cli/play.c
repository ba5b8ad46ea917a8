/* Interactive play in the terminal (ncurses), written once for every grid
 * game over the descriptor: the game's play hooks say which cells to show and
 * turn the cells the user selects into a move in the game's notation; the
 * move is applied through move_apply, so no rule lives here. Undo and redo
 * replay the moves from the start (states are values without a copy
 * operation, and replaying is cheap next to a human's pace). A hint solves
 * the current position, made a level by the game's state_level hook, with
 * the algorithm `auto` picks, under --hint-limit. Fits a plain 80x24 terminal;
 * larger boards scroll with the cursor. Text lines never run off the screen:
 * they are word-wrapped to its width (pl_play_wrap) and the board gets the
 * lines left over, so a narrow terminal shows everything a wide one does. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play.h"

const char pl_play_keys[] = "  arrows or h j k l   move the cursor (a board larger than the screen scrolls)\n"
                            "  space               select the cell under the cursor; a move is played as soon\n"
                            "                      as its cells are selected (Clickomania: one block, at once)\n"
                            "  enter               select it and play now (Two Dots: end the path there)\n"
                            "  backspace, escape   drop the last selected cell, all of them\n"
                            "  u, r                undo, redo a move\n"
                            "  ?                   hint: one move from the solver, its cells marked ?; p plays it\n"
                            "  R                   reset to the start (r replays the moves again)\n"
                            "  s                   save the moves played (verify accepts them) to the -o MOVES\n"
                            "                      file, or without -o to a file named at a prompt (esc cancels)\n"
                            "  q, ^C               quit (saving to the -o file first, when given)\n"
                            "  The bottom line of the screen says what the keys do in the game played.\n";

#define MAX_PICKS 4096
#define MIN_COLS 40
#define MIN_LINES 10
#define MAX_WRAP 64 /* lines one text may take on the screen */

typedef struct session {
    const pl_play_setup *ps;
    const pl_game *g;
    void *st;
    pl_strvec moves, redo; /* redo: the undone moves, the next one last */
    int cur_r, cur_c;
    int pick_r[MAX_PICKS], pick_c[MAX_PICKS], npicks;
    char msg[1024];
    char hint[256];
    /* The file name being typed after s without -o (NULL: no prompt), and
     * the last name saved to, offered again by the next prompt. */
    char *prompt;
    char save_path[1024];
    /* The last hint's whole plan, made when plan_base moves had been played:
     * while the player follows it, the next hint is its next move, so that
     * hints from a constructive (not shortest) algorithm converge instead of
     * replanning from every position. */
    pl_strvec plan;
    int plan_base;
    const char *plan_algorithm;
    int view_y, view_x; /* scroll position of the board on the screen */
    bool colours;
} session;

static void rebuild(session *s) {
    const pl_game *g = s->g;
    if (s->st) g->state_free(s->st);
    s->st = g->state_new(s->ps->level);
    char reason[256];
    for (int i = 0; i < s->moves.n; i++) {
        int col = 1;
        g->move_apply(s->st, s->moves.s[i], reason, sizeof reason, &col); /* played before: legal */
    }
}

static void clear_picks(session *s) {
    s->npicks = 0;
}

/* Applies a move; on success it joins the moves played and the redo list is
 * dropped (unless it is the move redo would play). */
static bool play_move(session *s, const char *text) {
    char reason[256] = "";
    int col = 1;
    pl_move_result r = s->g->move_apply(s->st, text, reason, sizeof reason, &col);
    clear_picks(s);
    if (r != PL_MOVE_OK) {
        snprintf(s->msg, sizeof s->msg, "%.200s: %s%s", text, r == PL_MOVE_ILLEGAL ? "illegal: " : "", reason);
        rebuild(s); /* a refused move leaves no trace */
        return false;
    }
    if (s->redo.n && strcmp(s->redo.s[s->redo.n - 1], text) == 0) {
        pl_strvec_pop(&s->redo);
    } else {
        pl_strvec_clear(&s->redo);
    }
    pl_strvec_push(&s->moves, text);
    snprintf(s->msg, sizeof s->msg, "played %.200s", text);
    s->hint[0] = '\0';
    return true;
}

static void undo(session *s) {
    clear_picks(s);
    if (!s->moves.n) {
        snprintf(s->msg, sizeof s->msg, "nothing to undo");
        return;
    }
    const char *m = s->moves.s[s->moves.n - 1];
    pl_strvec_push(&s->redo, m);
    snprintf(s->msg, sizeof s->msg, "undid %.200s", m);
    pl_strvec_pop(&s->moves);
    rebuild(s);
}

static void redo(session *s) {
    clear_picks(s);
    if (!s->redo.n) {
        snprintf(s->msg, sizeof s->msg, "nothing to redo");
        return;
    }
    char *m = pl_xstrdup(s->redo.s[s->redo.n - 1]);
    play_move(s, m);
    free(m);
}

static void reset(session *s) {
    clear_picks(s);
    while (s->moves.n) {
        pl_strvec_push(&s->redo, s->moves.s[s->moves.n - 1]);
        pl_strvec_pop(&s->moves);
    }
    rebuild(s);
    snprintf(s->msg, sizeof s->msg, "back to the start (r replays the moves)");
}

/* Puts the cursor on the first cell a move names ("r,c ..."). */
static void cursor_to_move(session *s, const char *text) {
    long r, c;
    const char *end, *bad;
    char m[64];
    if (pl_parse_coord(text, true, &r, &c, &end, &bad, m, sizeof m) == 0) {
        s->cur_r = (int)r;
        s->cur_c = (int)c;
    }
}

/* Whether the moves played since the plan was made are its first moves, and
 * it has a move left. */
static bool plan_followed(const session *s) {
    int k = s->moves.n - s->plan_base;
    if (!s->plan.n || k < 0 || k >= s->plan.n) return false;
    for (int i = 0; i < k; i++)
        if (strcmp(s->moves.s[s->plan_base + i], s->plan.s[i]) != 0) return false;
    return true;
}

/* The solver proved that no sequence of moves finishes the game from here. */
static void hint_unsolvable(session *s, const char *algorithm) {
    char objective[128] = "";
    if (s->ps->objective) snprintf(objective, sizeof objective, " for the objective %.100s", s->ps->objective);
    if (s->moves.n == 0)
        snprintf(s->msg, sizeof s->msg,
                 "no solution from here: this level cannot be solved%s, whatever is played (algorithm %s proves "
                 "it)",
                 objective, algorithm);
    else
        snprintf(s->msg, sizeof s->msg,
                 "no solution from here: this position cannot be solved%s (algorithm %s proves it); u undoes a "
                 "move, R goes back to the start",
                 objective, algorithm);
}

/* The solver stopped without an answer: say why, and that nothing is known. */
static void hint_unknown(session *s, const char *algorithm, const pl_solution *sol) {
    char why[512];
    if (sol->declined && sol->note[0])
        snprintf(why, sizeof why, "declined (%.400s)", sol->note);
    else if (sol->limit_hit == PL_LIMIT_MEMORY)
        snprintf(why, sizeof why, "ran out of memory");
    else if (sol->limit_hit == PL_LIMIT_NODES)
        snprintf(why, sizeof why, "reached its node limit");
    else
        snprintf(why, sizeof why, "did not finish within the hint limit of %g s (--hint-limit)", s->ps->hint_limit);
    snprintf(s->msg, sizeof s->msg,
             "no hint: the solver (algorithm %s) %s, so it is not known whether a solution exists from here", algorithm,
             why);
}

static void hint(session *s) {
    const pl_game *g = s->g;
    const pl_play_setup *ps = s->ps;
    char why[256] = "";
    clear_picks(s);
    s->hint[0] = '\0';
    if (plan_followed(s)) {
        snprintf(s->hint, sizeof s->hint, "%s", s->plan.s[s->moves.n - s->plan_base]);
        snprintf(s->msg, sizeof s->msg, "hint (%s, continued): %.160s   p plays it", s->plan_algorithm, s->hint);
        cursor_to_move(s, s->hint);
        return;
    }
    pl_strvec_clear(&s->plan);
    void *level = g->play->state_level(s->st, why, sizeof why);
    if (!level) {
        snprintf(s->msg, sizeof s->msg, "no hint: %.200s", why);
        return;
    }
    pl_limits lim;
    pl_limits_init(&lim, ps->hint_limit, 0, (size_t)256 << 20);
    pl_request req = {.opts = ps->opts, .objective = ps->objective, .seed = 1, .limits = &lim, .threads = 1};
    const pl_algorithm *a = pl_game_pick(g, level, &req, why, sizeof why);
    if (!a) {
        snprintf(s->msg, sizeof s->msg, "no hint: %.200s", why);
        g->level_free(level);
        return;
    }
    pl_solution sol;
    pl_solution_init(&sol);
    sol.algorithm = a->name;
    pl_error err = {0};
    if (a->solve(level, &req, &sol, &err)) {
        snprintf(s->msg, sizeof s->msg, "no hint: %.200s", err.msg);
    } else if (sol.status == PL_SOLVED && sol.moves.n > 0) {
        for (int i = 0; i < sol.moves.n; i++) pl_strvec_push(&s->plan, sol.moves.s[i]);
        s->plan_base = s->moves.n;
        s->plan_algorithm = a->name;
        snprintf(s->hint, sizeof s->hint, "%s", sol.moves.s[0]);
        snprintf(s->msg, sizeof s->msg, "hint (%s): %.160s   p plays it", a->name, s->hint);
        cursor_to_move(s, s->hint);
    } else if (sol.status == PL_SOLVED) {
        snprintf(s->msg, sizeof s->msg, "nothing left to play: the objective is met");
    } else if (sol.status == PL_UNSOLVABLE) {
        hint_unsolvable(s, a->name);
    } else {
        hint_unknown(s, a->name, &sol);
    }
    pl_solution_free(&sol);
    g->level_free(level);
}

/* Whether path names the level file itself (a prompt answer must not
 * overwrite the level with its moves). */
static bool is_level_file(const session *s, const char *path) {
    struct stat a, b;
    return stat(path, &a) == 0 && stat(s->ps->level_path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Writes the moves played to path as a MOVES file; says how it went in why. */
static int save(session *s, const char *path, char *why, size_t n) {
    if (is_level_file(s, path)) {
        snprintf(why, n, "not saved: %.300s is the level file; choose another name", path);
        return -1;
    }
    pl_out out;
    pl_error err = {0};
    if (pl_out_open(&out, path, &err) == 0) {
        fprintf(out.f, "# puzzlelab %s play %s: %d move%s\nmoves:\n", s->g->name, s->ps->level_path, s->moves.n,
                s->moves.n == 1 ? "" : "s");
        for (int i = 0; i < s->moves.n; i++) fprintf(out.f, "%s\n", s->moves.s[i]);
        pl_out_close(&out, &err);
    }
    if (err.msg[0]) {
        snprintf(why, n, "%.300s", err.msg);
        return -1;
    }
    snprintf(why, n, "saved %d move%s to %.300s", s->moves.n, s->moves.n == 1 ? "" : "s", path);
    return 0;
}

/* s: to the -o file, else ask for a name on the bottom line (the prompt is
 * drawn and edited by the main loop; see prompt_key). */
static void save_key(session *s) {
    if (s->ps->output) {
        save(s, s->ps->output, s->msg, sizeof s->msg);
        return;
    }
    s->prompt = s->save_path; /* offers the last name again */
    snprintf(s->msg, sizeof s->msg, "type the file to save the moves to; enter saves, escape cancels");
}

/* A key while the save prompt is open: printable characters and backspace
 * edit the name, enter saves, escape (or ^C) cancels. */
static void prompt_key(session *s, int ch) {
    size_t len = strlen(s->save_path);
    if (ch == 27 || ch == 3) {
        s->prompt = NULL;
        snprintf(s->msg, sizeof s->msg, "not saved");
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        if (!len) {
            snprintf(s->msg, sizeof s->msg, "type a file name (escape cancels)");
            return;
        }
        s->prompt = NULL;
        save(s, s->save_path, s->msg, sizeof s->msg);
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        if (len) s->save_path[len - 1] = '\0';
    } else if (ch >= ' ' && ch < 256 && len + 1 < sizeof s->save_path) {
        s->save_path[len] = (char)ch;
        s->save_path[len + 1] = '\0';
    }
}

static void select_cell(session *s, bool finish) {
    if (s->npicks >= MAX_PICKS) {
        snprintf(s->msg, sizeof s->msg, "too many cells selected");
        return;
    }
    s->pick_r[s->npicks] = s->cur_r;
    s->pick_c[s->npicks] = s->cur_c;
    s->npicks++;
    char move[MAX_PICKS * 4], why[256] = "";
    pl_pick_result r =
        s->g->play->pick(s->st, s->pick_r, s->pick_c, s->npicks, finish, move, sizeof move, why, sizeof why);
    if (r == PL_PICK_MOVE) {
        play_move(s, move);
    } else if (r == PL_PICK_REJECT) {
        s->npicks--;
        snprintf(s->msg, sizeof s->msg, "%.300s", why);
    } else {
        if (why[0])
            snprintf(s->msg, sizeof s->msg, "%.300s", why);
        else
            snprintf(s->msg, sizeof s->msg, "selected %d,%d", s->cur_r, s->cur_c);
    }
}

/* ---------- drawing ---------- */

static int pair_of(int colour) {
    return colour <= 0 ? 0 : 1 + (colour - 1) % 6;
}

/* Whether (r, c) is one of the cells the hint names: every "r,c" of the move
 * text (the grid games' moves are cells separated by spaces). */
static bool hinted(const session *s, int r, int c) {
    const char *p = s->hint;
    while (*p) {
        long hr, hc;
        const char *end, *bad;
        char m[64];
        if (pl_parse_coord(p, true, &hr, &hc, &end, &bad, m, sizeof m)) return false;
        if (hr == r && hc == c) return true;
        p = end;
        while (*p == ' ') p++;
    }
    return false;
}

static bool picked(const session *s, int r, int c) {
    for (int i = 0; i < s->npicks; i++)
        if (s->pick_r[i] == r && s->pick_c[i] == c) return true;
    return false;
}

/* ---------- text lines ---------- */

static bool utf8_lead(char ch) {
    return ((unsigned char)ch & 0xC0) != 0x80;
}

int pl_play_wrap(const char *text, int width, bool items, pl_play_line *lines, int max) {
    if (width < 1) width = 1;
    int n = 0;
    const char *p = text;
    for (;;) {
        /* One line from p: cut is where it ends, next where the one after
         * starts; word_end and item_end are the last breaks seen (the end of
         * a word followed by a space, by two or more spaces). */
        const char *q = p, *cut, *next, *word_end = NULL, *item_end = NULL;
        int col = 0;
        for (;; q++) {
            if (*q == '\0' || *q == '\n') {
                cut = q;
                next = *q ? q + 1 : q;
                break;
            }
            if (utf8_lead(*q) && col == width) { /* *q does not fit */
                bool space_run = *q == ' ' && (q[1] == ' ' || q[-1] == ' ');
                if (*q == ' ' && (!items || space_run || !item_end))
                    cut = q; /* the line is full up to a space */
                else if (items && item_end)
                    cut = item_end;
                else if (word_end)
                    cut = word_end;
                else
                    cut = q; /* a word longer than the line */
                next = cut;
                while (*next == ' ') next++;
                break;
            }
            if (*q == ' ' && q > p && q[-1] != ' ') {
                word_end = q;
                if (q[1] == ' ') item_end = q;
            }
            if (utf8_lead(*q)) col++;
        }
        const char *end = cut;
        while (end > p && end[-1] == ' ') end--;
        if (n < max) {
            lines[n].start = (int)(p - text);
            lines[n].len = (int)(end - p);
        }
        n++;
        if (*next == '\0') break; /* (a '\n' at the very end adds no empty line) */
        p = next;
    }
    return n;
}

/* A block of text on the screen: its wrapped lines, how many are shown. */
typedef struct block {
    char text[1536];
    bool items;
    attr_t attr;
    int need, shown;
} block;

enum { B_TITLE, B_VERDICT, B_STATUS, B_PICKS, B_MSG, B_KEYS, NBLOCKS };

/* Bytes of the first cols columns of text[0, len). */
static int column_bytes(const char *text, int len, int cols) {
    int i = 0, col = 0;
    for (; i < len; i++)
        if (utf8_lead(text[i]) && col++ == cols) break;
    return i;
}

/* Draws b from line y, width w; a block with fewer lines shown than it needs
 * ends with "..." (never silently cut). Returns the column after its last
 * line's text. */
static int put_block(const block *b, int y, int w) {
    pl_play_line ln[MAX_WRAP];
    int x = 0;
    pl_play_wrap(b->text, w, b->items, ln, MAX_WRAP);
    attron(b->attr);
    for (int i = 0; i < b->shown; i++) {
        const char *t = b->text + ln[i].start;
        int len = ln[i].len;
        bool cut = i == b->shown - 1 && b->shown < b->need;
        if (cut) len = column_bytes(t, len, w - 3);
        mvaddnstr(y + i, 0, t, len);
        if (cut) addstr("...");
        x = getcurx(stdscr);
    }
    attroff(b->attr);
    return x;
}

static void set_block(block *b, bool items, attr_t attr, int w) {
    b->items = items;
    b->attr = attr;
    b->need = b->text[0] ? pl_play_wrap(b->text, w, items, NULL, 0) : 0;
    if (b->need > MAX_WRAP) b->need = MAX_WRAP + 1; /* shown at most MAX_WRAP, then "..." */
    b->shown = b->need;
}

static void draw_too_small(void) {
    char text[256];
    snprintf(text, sizeof text,
             "The terminal is too small: play needs at least %d columns and %d lines, this one has %d and %d. "
             "Enlarge it, or press q to quit.",
             MIN_COLS, MIN_LINES, COLS, LINES);
    pl_play_line ln[MAX_WRAP];
    int n = pl_play_wrap(text, COLS > 1 ? COLS - 1 : 1, false, ln, MAX_WRAP);
    for (int i = 0; i < n && i < LINES && i < MAX_WRAP; i++) mvaddnstr(i, 0, text + ln[i].start, ln[i].len);
}

/* The texts around the board, wrapped to width w; the board gets the lines
 * left over, at least min(3, its rows): when the texts need more, the blank
 * line under the header goes first, then lines of the key line, the title,
 * the status, ... are cut (each cut block ends with "..."). */
static void layout(session *s, block *b, int w, int scrolls, int rows, int *blank) {
    const pl_game *g = s->g;
    const char *base = strrchr(s->ps->level_path, '/');
    base = base ? base + 1 : s->ps->level_path;
    snprintf(b[B_TITLE].text, sizeof b[B_TITLE].text, "%s play %s   moves %d   cursor %d,%d%s", g->name, base,
             s->moves.n, s->cur_r, s->cur_c, scrolls ? "   (scrolls)" : "");
    set_block(&b[B_TITLE], true, A_BOLD, w);

    pl_verdict v = {0};
    g->finish(s->st, s->ps->objective, &v);
    size_t k = 0;
    char *t = b[B_VERDICT].text;
    size_t tn = sizeof b[B_VERDICT].text;
    t[0] = '\0';
    for (int i = 0; i < v.nvalues && k < tn; i++)
        k += (size_t)snprintf(t + k, tn - k, "%s %lld   ", v.value_name[i], v.value[i]);
    if (k < tn) snprintf(t + k, tn - k, "%s", v.ok ? (s->ps->objective ? "objective met" : "solved") : v.reason);
    set_block(&b[B_VERDICT], true, v.ok ? A_BOLD : A_NORMAL, w);

    b[B_STATUS].text[0] = '\0';
    if (g->play->status) g->play->status(s->st, b[B_STATUS].text, sizeof b[B_STATUS].text);
    set_block(&b[B_STATUS], true, A_NORMAL, w);

    t = b[B_PICKS].text;
    tn = sizeof b[B_PICKS].text;
    t[0] = '\0';
    k = 0;
    for (int i = 0; i < s->npicks && k < tn; i++)
        k += (size_t)snprintf(t + k, tn - k, "%s %d,%d", i ? "" : "selected:", s->pick_r[i], s->pick_c[i]);
    set_block(&b[B_PICKS], false, A_NORMAL, w);
    if (!b[B_PICKS].need) b[B_PICKS].need = b[B_PICKS].shown = 1; /* kept, so that the board does not jump */

    snprintf(b[B_MSG].text, sizeof b[B_MSG].text, "%s", s->msg);
    set_block(&b[B_MSG], false, A_NORMAL, w);
    if (!b[B_MSG].need) b[B_MSG].need = b[B_MSG].shown = 1;

    if (s->prompt)
        snprintf(b[B_KEYS].text, sizeof b[B_KEYS].text, "save to file: %s", s->prompt);
    else
        snprintf(b[B_KEYS].text, sizeof b[B_KEYS].text,
                 "%s  arrows/hjkl move  u undo  r redo  R reset  ? hint  p play hint  s save  q quit",
                 g->play->keys ? g->play->keys : "space select  enter select and play now  bksp/esc drop");
    set_block(&b[B_KEYS], !s->prompt, s->prompt ? A_BOLD : A_DIM, w);

    int board_min = rows < 3 ? rows : 3, total = 0;
    for (int i = 0; i < NBLOCKS; i++) total += b[i].shown;
    *blank = total + 1 + board_min <= LINES;
    total += *blank;
    static const int cut_order[] = {B_KEYS, B_TITLE, B_STATUS, B_VERDICT, B_PICKS, B_MSG};
    for (int i = 0; i < NBLOCKS && total + board_min > LINES; i++) {
        block *c = &b[cut_order[i]];
        int cut = total + board_min - LINES;
        if (cut > c->shown - 1) cut = c->shown > 0 ? c->shown - 1 : 0;
        if (s->prompt && cut_order[i] == B_KEYS) cut = 0; /* the name being typed stays whole */
        c->shown -= cut;
        total -= cut;
    }
}

static void draw(session *s) {
    const pl_game *g = s->g;
    int r0, c0, rows, cols, shear;
    g->play->window(s->st, &r0, &c0, &rows, &cols, &shear);
    if (s->cur_r < r0) s->cur_r = r0;
    if (s->cur_r >= r0 + rows) s->cur_r = r0 + rows - 1;
    if (s->cur_c < c0) s->cur_c = c0;
    if (s->cur_c >= c0 + cols) s->cur_c = c0 + cols - 1;
    erase();
    if (LINES < MIN_LINES || COLS < MIN_COLS) {
        draw_too_small();
        refresh();
        return;
    }
    int w = COLS - 1;
    int W = 2 * cols + (shear ? rows : 0);
    static block b[NBLOCKS];
    int blank;
    /* Whether the board scrolls is part of the title, and the title's lines
     * decide the board's height: lay out twice when the first guess is off. */
    layout(s, b, w, 0, rows, &blank);
    int header = b[B_TITLE].shown + b[B_VERDICT].shown + b[B_STATUS].shown + blank;
    int footer = b[B_PICKS].shown + b[B_MSG].shown + b[B_KEYS].shown;
    int bh = LINES - header - footer, bw = w;
    bool scrolls = rows > bh || W > bw;
    if (scrolls) {
        layout(s, b, w, 1, rows, &blank);
        header = b[B_TITLE].shown + b[B_VERDICT].shown + b[B_STATUS].shown + blank;
        footer = b[B_PICKS].shown + b[B_MSG].shown + b[B_KEYS].shown;
        bh = LINES - header - footer;
    }
    /* Keep the cursor on screen. */
    int cy = s->cur_r - r0, cx = 2 * (s->cur_c - c0) + (shear ? s->cur_r - r0 : 0);
    if (cy < s->view_y) s->view_y = cy;
    if (cy >= s->view_y + bh) s->view_y = cy - bh + 1;
    if (cx < s->view_x) s->view_x = cx;
    if (cx + 2 > s->view_x + bw) s->view_x = cx + 2 - bw;
    if (s->view_y > 0 && rows - s->view_y < bh) s->view_y = rows > bh ? rows - bh : 0;
    if (s->view_x > 0 && W - s->view_x < bw) s->view_x = W > bw ? W - bw : 0;
    if (s->view_y < 0) s->view_y = 0;
    if (s->view_x < 0) s->view_x = 0;
    if (!shear && s->view_x % 2) s->view_x++; /* whole cells at the left edge */

    int y = 0;
    for (int i = B_TITLE; i <= B_STATUS; i++) {
        put_block(&b[i], y, w);
        y += b[i].shown;
    }
    int top = header;
    for (int yy = 0; yy < bh && s->view_y + yy < rows; yy++) {
        int r = r0 + s->view_y + yy;
        for (int c = c0; c < c0 + cols; c++) {
            int x = 2 * (c - c0) + (shear ? r - r0 : 0) - s->view_x;
            if (x < 0 || x + 1 >= bw) continue;
            int colour;
            char ch = g->play->cell(s->st, r, c, &colour);
            attr_t at = A_NORMAL;
            if (s->colours && colour > 0) at |= COLOR_PAIR(pair_of(colour)) | A_BOLD;
            bool is_pick = picked(s, r, c);
            if (is_pick) at |= A_UNDERLINE | A_BOLD;
            if (r == s->cur_r && c == s->cur_c) at |= A_REVERSE;
            attron(at);
            mvaddch(top + yy, x, (chtype)(unsigned char)ch);
            attroff(at);
            if (is_pick)
                mvaddch(top + yy, x + 1, '*');
            else if (s->hint[0] && hinted(s, r, c))
                mvaddch(top + yy, x + 1, '?');
        }
    }
    y = LINES - footer;
    for (int i = B_PICKS; i <= B_KEYS; i++) {
        int x = put_block(&b[i], y, w);
        y += b[i].shown;
        if (i == B_KEYS && s->prompt) move(y - 1, x); /* the cursor at the end of the name typed */
    }
    if (!s->prompt) {
        int sx = 2 * (s->cur_c - c0) + (shear ? s->cur_r - r0 : 0) - s->view_x;
        move(top + s->cur_r - r0 - s->view_y, sx < 0 ? 0 : sx);
    }
    refresh();
}

static void session_free(session *s) {
    if (s->st) s->g->state_free(s->st);
    pl_strvec_free(&s->moves);
    pl_strvec_free(&s->redo);
    pl_strvec_free(&s->plan);
}

int pl_play_run(const pl_play_setup *ps, pl_error *err) {
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return pl_error_set(err, NULL, 0, 0, "play needs a terminal (stdin and stdout)");
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) return pl_error_set(err, NULL, 0, 0, "play: cannot start the terminal (is TERM set?)");
    set_term(scr);
    session s;
    memset(&s, 0, sizeof s);
    s.ps = ps;
    s.g = ps->game;
    rebuild(&s);
    raw(); /* ^C arrives as a key: quitting saves the moves and restores the terminal */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    if (has_colors()) {
        start_color();
        use_default_colors();
        /* Foregrounds near the Okabe-Ito order of the pictures; the letter is
         * always shown, so colour is never the only cue. */
        static const short fg[6] = {COLOR_YELLOW, COLOR_CYAN, COLOR_GREEN, COLOR_MAGENTA, COLOR_BLUE, COLOR_RED};
        for (int i = 0; i < 6; i++) init_pair((short)(i + 1), fg[i], -1);
        s.colours = true;
    }
    int r0, c0, rows, cols, shear;
    s.g->play->window(s.st, &r0, &c0, &rows, &cols, &shear);
    s.cur_r = r0 + rows / 2;
    s.cur_c = c0 + cols / 2;
    snprintf(s.msg, sizeof s.msg, "%s", s.g->play->how);
    int rc = 0;
    for (;;) {
        draw(&s);
        int ch = getch();
        if (s.prompt) {
            prompt_key(&s, ch);
            continue;
        }
        if (ch == 'q' || ch == 3 /* ^C */) break;
        switch (ch) {
        case KEY_UP:
        case 'k': s.cur_r--; break;
        case KEY_DOWN:
        case 'j': s.cur_r++; break;
        case KEY_LEFT:
        case 'h': s.cur_c--; break;
        case KEY_RIGHT:
        case 'l': s.cur_c++; break;
        case ' ': select_cell(&s, false); break;
        case '\n':
        case '\r':
        case KEY_ENTER: select_cell(&s, true); break;
        case KEY_BACKSPACE:
        case 127:
        case 8:
            if (s.npicks) s.npicks--;
            snprintf(s.msg, sizeof s.msg, "%d cell%s selected", s.npicks, s.npicks == 1 ? "" : "s");
            break;
        case 27:
            clear_picks(&s);
            snprintf(s.msg, sizeof s.msg, "selection dropped");
            break;
        case 'u': undo(&s); break;
        case 'r': redo(&s); break;
        case 'R': reset(&s); break;
        case '?':
            snprintf(s.msg, sizeof s.msg, "thinking (at most %g s)...", ps->hint_limit);
            draw(&s);
            hint(&s);
            break;
        case 'p':
            if (s.hint[0]) {
                char m[256];
                snprintf(m, sizeof m, "%s", s.hint);
                play_move(&s, m);
            } else {
                snprintf(s.msg, sizeof s.msg, "no hint to play: press ? first");
            }
            break;
        case 's': save_key(&s); break;
        default: break;
        }
    }
    endwin();
    delscreen(scr);
    if (ps->output) {
        char why[1024];
        if (save(&s, ps->output, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "%s", why);
        else
            fprintf(stderr, "puzzlelab: %s\n", why);
    }
    session_free(&s);
    return rc;
}
