/* Interactive play in the terminal (ncurses), written once for every grid
 * game over the descriptor: the game's play hooks say which cells to show and
 * turn the cells the user selects into a move in the game's notation; the
 * move is applied through move_apply, so no rule lives here. Undo and redo
 * replay the moves from the start (states are values without a copy
 * operation, and replaying is cheap next to a human's pace). A hint solves
 * the current position, made a level by the game's state_level hook, with
 * the algorithm `auto` picks, under --hint-limit. Fits a plain 80x24 terminal;
 * larger boards scroll with the cursor. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"

const char pl_play_keys[] = "  arrows or h j k l   move the cursor (a board larger than the screen scrolls)\n"
                            "  space               select the cell under the cursor (a move may take several)\n"
                            "  enter               select it and play now (Two Dots: end the path there)\n"
                            "  backspace, escape   drop the last selected cell, all of them\n"
                            "  u, r                undo, redo a move\n"
                            "  ?                   hint: one move from the solver, its cells marked ?; p plays it\n"
                            "  R                   reset to the start (r replays the moves again)\n"
                            "  s                   save the moves played to the -o MOVES file (verify accepts it)\n"
                            "  q, ^C               quit (saving to the -o file first, when given)\n";

#define MAX_PICKS 4096
#define HEADER_LINES 3
#define FOOTER_LINES 4

typedef struct session {
    const pl_play_setup *ps;
    const pl_game *g;
    void *st;
    pl_strvec moves, redo; /* redo: the undone moves, the next one last */
    int cur_r, cur_c;
    int pick_r[MAX_PICKS], pick_c[MAX_PICKS], npicks;
    char msg[320];
    char hint[256];
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
        snprintf(s->msg, sizeof s->msg, "%.60s: %s%.200s", text, r == PL_MOVE_ILLEGAL ? "illegal: " : "", reason);
        rebuild(s); /* a refused move leaves no trace */
        return false;
    }
    if (s->redo.n && strcmp(s->redo.s[s->redo.n - 1], text) == 0) {
        free(s->redo.s[--s->redo.n]);
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
    char *m = s->moves.s[--s->moves.n];
    pl_strvec_push(&s->redo, m);
    snprintf(s->msg, sizeof s->msg, "undid %.200s", m);
    free(m);
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
        char *m = s->moves.s[--s->moves.n];
        pl_strvec_push(&s->redo, m);
        free(m);
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
        snprintf(s->msg, sizeof s->msg, "no solution from here (%s): undo with u", a->name);
    } else {
        snprintf(s->msg, sizeof s->msg, "no hint within %g s (%s)", ps->hint_limit, a->name);
    }
    pl_solution_free(&sol);
    g->level_free(level);
}

static int save(session *s, char *why, size_t n) {
    const char *path = s->ps->output;
    if (!path) {
        snprintf(why, n, "no MOVES file: start play with -o FILE to save");
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
    snprintf(why, n, "saved %d move%s to %.200s", s->moves.n, s->moves.n == 1 ? "" : "s", path);
    return 0;
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

static void draw(session *s) {
    const pl_game *g = s->g;
    int r0, c0, rows, cols, shear;
    g->play->window(s->st, &r0, &c0, &rows, &cols, &shear);
    if (s->cur_r < r0) s->cur_r = r0;
    if (s->cur_r >= r0 + rows) s->cur_r = r0 + rows - 1;
    if (s->cur_c < c0) s->cur_c = c0;
    if (s->cur_c >= c0 + cols) s->cur_c = c0 + cols - 1;
    erase();
    if (LINES < HEADER_LINES + FOOTER_LINES + 3 || COLS < 40) {
        mvprintw(0, 0, "terminal too small (needs 40x10); q quits");
        refresh();
        return;
    }
    int bh = LINES - HEADER_LINES - FOOTER_LINES, bw = COLS - 1;
    int W = 2 * cols + (shear ? rows : 0);
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
    bool scrolls = rows > bh || W > bw;

    const char *base = strrchr(s->ps->level_path, '/');
    base = base ? base + 1 : s->ps->level_path;
    attron(A_BOLD);
    mvprintw(0, 0, "%s play %.20s", g->name, base);
    attroff(A_BOLD);
    printw("   moves %d   cursor %d,%d%s", s->moves.n, s->cur_r, s->cur_c, scrolls ? "   (scrolls)" : "");
    pl_verdict v = {0};
    g->finish(s->st, s->ps->objective, &v);
    move(1, 0);
    for (int i = 0; i < v.nvalues; i++) printw("%s %lld   ", v.value_name[i], v.value[i]);
    if (v.ok) {
        attron(A_BOLD);
        printw("%s", s->ps->objective ? "objective met" : "solved");
        attroff(A_BOLD);
    } else {
        int room = COLS - 1 - getcurx(stdscr);
        printw("%.*s", room > 0 ? room : 0, v.reason);
    }

    for (int y = 0; y < bh && s->view_y + y < rows; y++) {
        int r = r0 + s->view_y + y;
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
            mvaddch(HEADER_LINES + y, x, (chtype)(unsigned char)ch);
            attroff(at);
            if (is_pick)
                mvaddch(HEADER_LINES + y, x + 1, '*');
            else if (s->hint[0] && hinted(s, r, c))
                mvaddch(HEADER_LINES + y, x + 1, '?');
        }
    }
    int fy = LINES - FOOTER_LINES;
    move(fy, 0);
    if (s->npicks) {
        printw("selected:");
        for (int i = 0; i < s->npicks && getcurx(stdscr) < COLS - 12; i++) printw(" %d,%d", s->pick_r[i], s->pick_c[i]);
    }
    mvprintw(fy + 1, 0, "%.*s", COLS - 1, s->msg);
    attron(A_DIM);
    mvprintw(fy + 2, 0, "%.*s", COLS - 1, "arrows/hjkl move  space select  enter play  bksp/esc drop  u undo  r redo");
    mvprintw(fy + 3, 0, "%.*s", COLS - 1, "? hint  p play hint  R reset  s save  q quit");
    attroff(A_DIM);
    int sx = 2 * (s->cur_c - c0) + (shear ? s->cur_r - r0 : 0) - s->view_x;
    move(HEADER_LINES + s->cur_r - r0 - s->view_y, sx < 0 ? 0 : sx);
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
        case 's': save(&s, s.msg, sizeof s.msg); break;
        default: break;
        }
    }
    endwin();
    delscreen(scr);
    if (ps->output) {
        char why[256];
        if (save(&s, why, sizeof why))
            rc = pl_error_set(err, NULL, 0, 0, "%s", why);
        else
            fprintf(stderr, "puzzlelab: %s\n", why);
    }
    session_free(&s);
    return rc;
}
