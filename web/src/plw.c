/* The web playground's entry points: what the page (web/site/app.js) and its
 * solver worker call in the WebAssembly build of the library. Everything goes
 * through the game descriptors, as in the CLI: levels are parsed by
 * level_parse, moves applied by move_apply, picks turned into moves by the
 * play hooks, pictures drawn by the render hooks (onto an HTML canvas through
 * web/src/cairo_canvas.js), and solving, verifying, generating and reducing
 * by the same functions `solve`, `verify`, `generate` and `reduce` use. No
 * rule of any game is written here or in JavaScript.
 *
 * Results are JSON text (jansson) in a buffer owned here and valid until the
 * next call; a session is a small integer. */
#include <emscripten.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/draw.h"
#include "puzzlelab/problems.h"

#define MAX_SESSIONS 64
#define MAX_PICKS 256
#define MARGIN 0.3 /* drawing units around the board */

typedef struct session {
    const pl_game *g;
    void *level;
    char *text; /* the level as given, for the worker and for download */
    char name[256];
    void *st;
    pl_strvec moves, redo; /* redo: the undone (or certificate's) moves, the next one last */
    int pick_r[MAX_PICKS], pick_c[MAX_PICKS], npicks;
    /* the transform of the last picture: device = unit * drawing + offset */
    double unit, ox, oy;
} session;

static session *sessions[MAX_SESSIONS];
static char *result;       /* the last JSON answer */
static char last_error[1024]; /* the last error, "file:line:col: message" */

static const char *answer(json_t *j) {
    free(result);
    result = json_dumps(j, JSON_PRESERVE_ORDER | JSON_COMPACT);
    json_decref(j);
    return result;
}

static void set_error(const pl_error *e) {
    pl_error_format(e, last_error, sizeof last_error);
}

EMSCRIPTEN_KEEPALIVE const char *plw_error(void) {
    return last_error;
}

static session *get(int id) {
    return id > 0 && id < MAX_SESSIONS ? sessions[id] : NULL;
}

static json_t *options_json(const pl_option *o) {
    json_t *a = json_array();
    for (int i = 0; o && o[i].name; i++) {
        json_t *x = json_object();
        json_object_set_new(x, "name", json_string(o[i].name));
        json_object_set_new(x, "arg", o[i].arg ? json_string(o[i].arg) : json_null());
        json_object_set_new(x, "help", json_string(o[i].help));
        json_array_append_new(a, x);
    }
    return a;
}

/* Why an algorithm cannot run in this build, or NULL. */
static const char *algorithm_unavailable(const pl_algorithm *a) {
#ifndef PL_HAVE_CADICAL
    if (strcmp(a->name, "sat") == 0) return "unavailable in the browser: CaDiCaL is not built for WebAssembly";
#else
    (void)a;
#endif
    return NULL;
}

/* The games, their objectives, algorithms, play and generate options, and
 * the reductions into them with their source problems' generators. */
EMSCRIPTEN_KEEPALIVE const char *plw_games(void) {
    json_t *all = json_object(), *games = json_array();
    for (const pl_game *const *gp = pl_games(); *gp; gp++) {
        const pl_game *g = *gp;
        json_t *j = json_object();
        json_object_set_new(j, "name", json_string(g->name));
        json_object_set_new(j, "title", json_string(g->title));
        json_object_set_new(j, "summary", json_string(g->summary));
        json_object_set_new(j, "level_help", json_string(g->level_help));
        json_t *obj = json_array();
        for (int i = 0; g->objectives && g->objectives[i]; i++) json_array_append_new(obj, json_string(g->objectives[i]));
        json_object_set_new(j, "objectives", obj);
        json_t *algs = json_array();
        for (int i = 0; i < g->nalgorithms; i++) {
            json_t *a = json_object();
            json_object_set_new(a, "name", json_string(g->algorithms[i].name));
            json_object_set_new(a, "result", json_string(g->algorithms[i].result));
            json_object_set_new(a, "summary", json_string(g->algorithms[i].summary));
            const char *why = algorithm_unavailable(&g->algorithms[i]);
            json_object_set_new(a, "unavailable", why ? json_string(why) : json_null());
            json_array_append_new(algs, a);
        }
        json_object_set_new(j, "algorithms", algs);
        if (g->play) {
            json_object_set_new(j, "how", json_string(g->play->how));
        } else if (g->render && g->render->place) {
            json_object_set_new(j, "how",
                                json_string("choose the cutter and its angle, point at the other tool's frame "
                                            "to place the cutter's centre there (the part it removes is "
                                            "hatched), click to snip; after a snip that split a tool "
                                            "(connected model), click the piece to keep"));
        }
        json_object_set_new(j, "place", json_boolean(g->render && g->render->place));
        json_object_set_new(j, "generate", g->generate ? options_json(g->generate_options) : json_null());
        json_t *reds = json_array();
        for (int i = 0; i < g->nreductions; i++) {
            const pl_reduction *r = &g->reductions[i];
            json_t *x = json_object();
            json_object_set_new(x, "from", json_string(r->from));
            json_object_set_new(x, "theorem", json_integer(r->theorem));
            json_object_set_new(x, "result", json_string(r->result));
            json_object_set_new(x, "summary", json_string(r->summary));
            json_array_append_new(reds, x);
        }
        json_object_set_new(j, "reductions", reds);
        json_array_append_new(games, j);
    }
    json_object_set_new(all, "games", games);
    json_t *probs = json_array();
    for (const pl_problem *const *pp = pl_problems(); *pp; pp++) {
        json_t *x = json_object();
        json_object_set_new(x, "name", json_string((*pp)->name));
        json_object_set_new(x, "title", json_string((*pp)->title));
        json_object_set_new(x, "generate", options_json((*pp)->generate_options));
        json_array_append_new(probs, x);
    }
    json_object_set_new(all, "problems", probs);
    /* what this build leaves out (web/CMakeLists.txt), for the page to say */
    json_t *un = json_array();
    json_t *x;
#ifdef PL_NO_GEOS
    x = json_object();
    json_object_set_new(x, "game", json_string("snip"));
    json_object_set_new(x, "title", json_string("Snipperclips"));
    json_object_set_new(x, "why", json_string("Snipperclips is not in this build of the page: it was built with "
                                              "PL_WEB_SNIP=0, which leaves out its geometry library (GEOS, minutes "
                                              "to compile to WebAssembly); build the page with bash scripts/web.sh, "
                                              "or use the command line (puzzlelab snip ...)."));
    json_array_append_new(un, x);
#endif
#ifndef PL_HAVE_CADICAL
    x = json_object();
    json_object_set_new(x, "game", json_string("buttons"));
    json_object_set_new(x, "title", json_string("Buttons & Scissors"));
    json_object_set_new(x, "why", json_string("SAT solver unavailable in the browser (CaDiCaL is not built for "
                                              "WebAssembly); exact search used."));
    json_array_append_new(un, x);
#endif
    json_object_set_new(all, "unavailable", un);
    return answer(all);
}

static void *parse_level(const pl_game *g, const char *name, const char *text, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_parse(name, text, strlen(text), &lt, err)) return NULL;
    void *level = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return level;
}

static void replay(session *s) {
    if (s->st) s->g->state_free(s->st);
    s->st = s->g->state_new(s->level);
    char reason[256];
    for (int i = 0; i < s->moves.n; i++) {
        int col = 1;
        s->g->move_apply(s->st, s->moves.s[i], reason, sizeof reason, &col); /* played before: legal */
    }
}

/* Opens a level (its text, as in a level file; name for messages): a session
 * id, or 0 with plw_error() as "name:line:col: message". */
EMSCRIPTEN_KEEPALIVE int plw_open(const char *game, const char *name, const char *text) {
    pl_error err = {0};
    const pl_game *g = pl_game_find(game);
    if (!g) {
        pl_error_set(&err, NULL, 0, 0, "unknown game '%s'", game);
        set_error(&err);
        return 0;
    }
    int id = 1;
    while (id < MAX_SESSIONS && sessions[id]) id++;
    if (id == MAX_SESSIONS) {
        pl_error_set(&err, NULL, 0, 0, "too many open levels");
        set_error(&err);
        return 0;
    }
    void *level = parse_level(g, name, text, &err);
    if (!level) {
        set_error(&err);
        return 0;
    }
    session *s = pl_xcalloc(1, sizeof *s);
    s->g = g;
    s->level = level;
    s->text = pl_xstrdup(text);
    snprintf(s->name, sizeof s->name, "%s", name);
    replay(s);
    sessions[id] = s;
    return id;
}

EMSCRIPTEN_KEEPALIVE void plw_close(int id) {
    session *s = get(id);
    if (!s) return;
    s->g->state_free(s->st);
    s->g->level_free(s->level);
    pl_strvec_free(&s->moves);
    pl_strvec_free(&s->redo);
    free(s->text);
    free(s);
    sessions[id] = NULL;
}

EMSCRIPTEN_KEEPALIVE const char *plw_level_text(int id) {
    session *s = get(id);
    return s ? s->text : "";
}

static json_t *strvec_json(const pl_strvec *v, bool reversed) {
    json_t *a = json_array();
    for (int i = 0; i < v->n; i++) json_array_append_new(a, json_string(v->s[reversed ? v->n - 1 - i : i]));
    return a;
}

static json_t *verdict_json(const pl_verdict *v) {
    json_t *j = json_object();
    json_object_set_new(j, "ok", json_boolean(v->ok));
    json_object_set_new(j, "reason", json_string(v->reason));
    json_t *vals = json_object();
    for (int i = 0; i < v->nvalues; i++) json_object_set_new(vals, v->value_name[i], json_integer(v->value[i]));
    json_object_set_new(j, "values", vals);
    return j;
}

/* The position: moves played, the moves redo would play (next first), the
 * picks, the verdict of finish for the objective, the game's status line. */
EMSCRIPTEN_KEEPALIVE const char *plw_state(int id, const char *objective) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s) return answer(j);
    json_object_set_new(j, "game", json_string(s->g->name));
    json_object_set_new(j, "moves", strvec_json(&s->moves, false));
    json_object_set_new(j, "redo", strvec_json(&s->redo, true));
    json_t *picks = json_array();
    for (int i = 0; i < s->npicks; i++) {
        char b[64];
        snprintf(b, sizeof b, "%d,%d", s->pick_r[i], s->pick_c[i]);
        json_array_append_new(picks, json_string(b));
    }
    json_object_set_new(j, "picks", picks);
    pl_verdict v = {0};
    s->g->finish(s->st, objective && *objective ? objective : NULL, &v);
    json_object_set_new(j, "finish", verdict_json(&v));
    char why[256] = "";
    bool placed = s->g->render && s->g->render->place; /* moves placed by pointer (plw_place) */
    bool playable = placed || (s->g->play && (!s->g->play->playable || s->g->play->playable(s->level, why, sizeof why)));
    json_object_set_new(j, "playable", json_boolean(playable));
    if (!playable) json_object_set_new(j, "why", json_string(s->g->play ? why : "this game has no play hooks"));
    if (s->g->play && s->g->play->status) {
        char st[512] = "";
        s->g->play->status(s->st, st, sizeof st);
        json_object_set_new(j, "status", json_string(st));
    }
    return answer(j);
}

/* Applies a move; the redo list survives only when the move is the one redo
 * would play (stepping through a certificate). {ok, reason}. */
static json_t *apply(session *s, const char *text) {
    char reason[256] = "";
    int col = 1;
    pl_move_result r = s->g->move_apply(s->st, text, reason, sizeof reason, &col);
    s->npicks = 0;
    json_t *j = json_object();
    json_object_set_new(j, "ok", json_boolean(r == PL_MOVE_OK));
    json_object_set_new(j, "move", json_string(text));
    if (r != PL_MOVE_OK) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s%s", r == PL_MOVE_ILLEGAL ? "illegal: " : "", reason);
        json_object_set_new(j, "reason", json_string(msg));
        replay(s); /* a refused move leaves no trace */
        return j;
    }
    if (s->redo.n && strcmp(s->redo.s[s->redo.n - 1], text) == 0)
        pl_strvec_pop(&s->redo); /* the vector owns its strings (never free one) */
    else
        pl_strvec_clear(&s->redo);
    pl_strvec_push(&s->moves, text);
    return j;
}

EMSCRIPTEN_KEEPALIVE const char *plw_apply(int id, const char *text) {
    session *s = get(id);
    return s ? answer(apply(s, text)) : answer(json_object());
}

EMSCRIPTEN_KEEPALIVE void plw_clear_picks(int id) {
    session *s = get(id);
    if (s) s->npicks = 0;
}

/* A pick on frame cell (r, c) (finish: play the picks now), through the
 * game's pick hook; a move it makes is applied. {result: more|move|reject,
 * msg, ok, reason, move}. */
EMSCRIPTEN_KEEPALIVE const char *plw_pick(int id, int r, int c, int finish) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s || !s->g->play || s->npicks >= MAX_PICKS) return answer(j);
    s->pick_r[s->npicks] = r;
    s->pick_c[s->npicks] = c;
    s->npicks++;
    char move[1024] = "", msg[256] = "";
    pl_pick_result pr = s->g->play->pick(s->st, s->pick_r, s->pick_c, s->npicks, finish != 0, move, sizeof move, msg,
                                         sizeof msg);
    if (pr == PL_PICK_MOVE) {
        json_decref(j);
        j = apply(s, move);
        json_object_set_new(j, "result", json_string("move"));
    } else if (pr == PL_PICK_REJECT) {
        s->npicks--;
        json_object_set_new(j, "result", json_string("reject"));
        json_object_set_new(j, "msg", json_string(msg));
    } else {
        json_object_set_new(j, "result", json_string("more"));
        json_object_set_new(j, "msg", json_string(msg));
    }
    return answer(j);
}

EMSCRIPTEN_KEEPALIVE int plw_undo(int id) {
    session *s = get(id);
    if (!s || !s->moves.n) return 0;
    pl_strvec_push(&s->redo, s->moves.s[s->moves.n - 1]); /* a copy */
    pl_strvec_pop(&s->moves);
    s->npicks = 0;
    replay(s);
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char *plw_redo(int id) {
    session *s = get(id);
    if (!s || !s->redo.n) return answer(json_object());
    char *m = pl_xstrdup(s->redo.s[s->redo.n - 1]);
    json_t *j = apply(s, m);
    free(m);
    return answer(j);
}

EMSCRIPTEN_KEEPALIVE void plw_reset(int id) {
    session *s = get(id);
    if (!s) return;
    while (s->moves.n) {
        pl_strvec_push(&s->redo, s->moves.s[s->moves.n - 1]); /* a copy */
        pl_strvec_pop(&s->moves);
    }
    s->npicks = 0;
    replay(s);
}

/* Puts a certificate (a MOVES file's text) in front of the position, to be
 * stepped through by redo: the moves played are kept. A malformed line is
 * an error at its line:col (0, plw_error). */
EMSCRIPTEN_KEEPALIVE int plw_load_moves(int id, const char *name, const char *text) {
    session *s = get(id);
    if (!s) return 0;
    pl_error err = {0};
    pl_moves mv;
    if (pl_moves_parse(name, text, strlen(text), &mv, &err)) {
        set_error(&err);
        return 0;
    }
    pl_strvec_clear(&s->redo);
    for (int i = mv.n - 1; i >= 0; i--) pl_strvec_push(&s->redo, mv.text[i]);
    pl_moves_free(&mv);
    s->npicks = 0;
    return 1;
}

static void centre(const session *s, int r, int c, double *x, double *y) {
    if (s->g->play) {
        pl_play_centre(s->g->play, s->st, r, c, x, y);
    } else {
        *x = c + 0.5;
        *y = r + 0.5;
    }
}

static void box_union(pl_box *a, const pl_box *b) {
    if (b->x0 < a->x0) a->x0 = b->x0;
    if (b->y0 < a->y0) a->y0 = b->y0;
    if (b->x1 > a->x1) a->x1 = b->x1;
    if (b->y1 > a->y1) a->y1 = b->y1;
}

/* The frame of the pictures: the union of the bounds of every position of
 * the line (played and redo moves), so that stepping keeps one scale, and of
 * the position after hl (when legal here: *hl_legal). */
static void frame(const session *s, const char *hl, pl_box *box, bool *hl_legal) {
    const pl_game *g = s->g;
    void *st = g->state_new(s->level);
    pl_box b;
    g->render->bounds(st, box);
    char reason[256];
    *hl_legal = false;
    int total = s->moves.n + s->redo.n;
    for (int i = 0; i < total; i++) {
        const char *m = i < s->moves.n ? s->moves.s[i] : s->redo.s[s->redo.n - 1 - (i - s->moves.n)];
        int col = 1;
        if (g->move_apply(st, m, reason, sizeof reason, &col) != PL_MOVE_OK) break;
        g->render->bounds(st, &b);
        box_union(box, &b);
    }
    g->state_free(st);
    if (hl) { /* the highlight must be a legal move here: the draw hooks expect it */
        st = g->state_new(s->level);
        for (int i = 0; i < s->moves.n; i++) {
            int col = 1;
            g->move_apply(st, s->moves.s[i], reason, sizeof reason, &col);
        }
        int col = 1;
        *hl_legal = g->move_apply(st, hl, reason, sizeof reason, &col) == PL_MOVE_OK;
        if (*hl_legal) {
            g->render->bounds(st, &b);
            box_union(box, &b);
        }
        g->state_free(st);
    }
}

static const char *highlight(const session *s, const char *next) {
    return next && *next ? next : s->redo.n ? s->redo.s[s->redo.n - 1] : NULL;
}

/* The size of the picture plw_draw makes, in drawing units (a cell is about
 * one unit): the page sizes its canvas by it. {w, h} or {}. */
EMSCRIPTEN_KEEPALIVE const char *plw_frame(int id, const char *next) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s || !s->g->render) return answer(j);
    pl_box box;
    bool hl_legal;
    frame(s, highlight(s, next), &box, &hl_legal);
    json_object_set_new(j, "w", json_real(box.x1 - box.x0 + 2 * MARGIN));
    json_object_set_new(j, "h", json_real(box.y1 - box.y0 + 2 * MARGIN));
    return answer(j);
}

/* Draws the position on canvas context ctx (cairo_canvas.js) of width x
 * height device pixels: the frame (above) fitted to the canvas; next (or the
 * move redo would play when next is empty) is highlighted when it is legal
 * here; the picks are ringed. Returns 0, or -1 when the game has no
 * pictures. */
EMSCRIPTEN_KEEPALIVE int plw_draw(int id, int ctx, double width, double height, const char *next, int letters) {
    session *s = get(id);
    if (!s || !s->g->render) return -1;
    const pl_game *g = s->g;
    const char *hl = highlight(s, next);
    pl_box box;
    bool hl_legal;
    frame(s, hl, &box, &hl_legal);
    double bw = box.x1 - box.x0 + 2 * MARGIN, bh = box.y1 - box.y0 + 2 * MARGIN;
    double unit = fmin(width / bw, height / bh);
    s->unit = unit;
    s->ox = (width - unit * bw) / 2 - unit * (box.x0 - MARGIN);
    s->oy = (height - unit * bh) / 2 - unit * (box.y0 - MARGIN);
    pl_name names[PL_RENDER_COLOURS_MAX];
    int entry[PL_RENDER_COLOURS_MAX];
    int ncolours = g->render->colours ? g->render->colours(s->level, names, PL_RENDER_COLOURS_MAX) : 0;
    pl_palette_assign((const pl_name *)names, ncolours, entry);
    cairo_t *cr = (cairo_t *)(intptr_t)ctx;
    pl_canvas cv = {.cr = cr, .letters = letters != 0, .unit = unit, .view = box, .entry = entry, .nentries = ncolours};
    cairo_save(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_translate(cr, s->ox, s->oy);
    cairo_scale(cr, unit, unit);
    g->render->draw(s->st, hl_legal ? hl : NULL, &cv);
    for (int i = 0; i < s->npicks; i++) {
        double x, y;
        centre(s, s->pick_r[i], s->pick_c[i], &x, &y);
        pl_highlight_circle(&cv, x, y, 0.42);
    }
    cairo_restore(cr);
    return 0;
}

/* Games whose moves are placed anywhere (the render hook `place`,
 * Snipperclips): the move a pointer at device pixel (px, py) of the last
 * picture makes with the page's choices (cutter, theta degrees, grid).
 * {move} or {why}; the page previews it with plw_draw and plays it with
 * plw_apply, whose rules decide its legality. */
EMSCRIPTEN_KEEPALIVE const char *plw_place(int id, double px, double py, int cutter, double theta, int grid) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s || !s->g->render || !s->g->render->place || s->unit <= 0) return answer(j);
    char move[256], why[256];
    if (s->g->render->place(s->st, (px - s->ox) / s->unit, (py - s->oy) / s->unit, cutter, theta, grid, move,
                            sizeof move, why, sizeof why))
        json_object_set_new(j, "move", json_string(move));
    else
        json_object_set_new(j, "why", json_string(why));
    return answer(j);
}

/* The frame cell under device pixel (px, py) of the last picture
 * (pl_play_hit: the cell of the play window whose drawn centre is nearest,
 * within PL_PLAY_HIT_RADIUS units). {r, c} or {} when none. */
EMSCRIPTEN_KEEPALIVE const char *plw_hit(int id, double px, double py) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s || !s->g->play || s->unit <= 0) return answer(j);
    int r, c;
    if (pl_play_hit(s->g->play, s->st, (px - s->ox) / s->unit, (py - s->oy) / s->unit, &r, &c)) {
        json_object_set_new(j, "r", json_integer(r));
        json_object_set_new(j, "c", json_integer(c));
    }
    return answer(j);
}

/* The device pixel where the last picture drew frame cell (r, c)'s centre:
 * plw_hit's inverse, for the browser test and the benchmark to click. */
EMSCRIPTEN_KEEPALIVE const char *plw_cell_xy(int id, int r, int c) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s || s->unit <= 0) return answer(j);
    double x, y;
    centre(s, r, c, &x, &y);
    json_object_set_new(j, "x", json_real(s->ox + s->unit * x));
    json_object_set_new(j, "y", json_real(s->oy + s->unit * y));
    return answer(j);
}

/* ---------- solving (in the page's worker) ---------- */

EM_JS(void, plw_progress_js, (const char *line), {
    if (Module.onProgress) Module.onProgress(UTF8ToString(line));
})

static void progress(void *ctx, const char *line) {
    (void)ctx;
    plw_progress_js(line);
}

static const pl_algorithm *find_algorithm(const pl_game *g, const char *name) {
    for (int i = 0; i < g->nalgorithms; i++)
        if (strcmp(g->algorithms[i].name, name) == 0) return &g->algorithms[i];
    return NULL;
}

/* Solves the level (text) from the position after moves (a MOVES file's
 * text; from a position the game's state_level makes it a level, as play's
 * hints do), with algorithm (empty: auto), objective (empty: the default)
 * and a time limit in seconds (node_limit 0: none). {status, algorithm,
 * moves, values, optimal, nodes, seconds, limit, note} or {error}. */
EMSCRIPTEN_KEEPALIVE const char *plw_solve(const char *game, const char *name, const char *text, const char *moves,
                                           const char *objective, const char *algorithm, double time_limit,
                                           double node_limit) {
    json_t *j = json_object();
    pl_error err = {0};
    const pl_game *g = pl_game_find(game);
    if (!g) {
        json_object_set_new(j, "error", json_string("unknown game"));
        return answer(j);
    }
    void *level = parse_level(g, name, text, &err);
    if (!level) {
        set_error(&err);
        json_object_set_new(j, "error", json_string(last_error));
        return answer(j);
    }
    pl_moves mv;
    if (pl_moves_parse("moves", moves, strlen(moves), &mv, &err)) {
        g->level_free(level);
        set_error(&err);
        json_object_set_new(j, "error", json_string(last_error));
        return answer(j);
    }
    void *target = level;
    if (mv.n) {
        void *st = g->state_new(level);
        char reason[256], why[256] = "";
        for (int i = 0; i < mv.n; i++) {
            int col = 1;
            if (g->move_apply(st, mv.text[i], reason, sizeof reason, &col) != PL_MOVE_OK) {
                snprintf(why, sizeof why, "move %d (%.60s): %.160s", i + 1, mv.text[i], reason);
                break;
            }
        }
        target = why[0] || !g->play ? NULL : g->play->state_level(st, why, sizeof why);
        g->state_free(st);
        if (!target) {
            json_object_set_new(j, "error", json_string(why[0] ? why
                                                               : "this game's solvers start from the level, not from "
                                                                 "a position: Reset, then ask again"));
            pl_moves_free(&mv);
            g->level_free(level);
            return answer(j);
        }
    }
    pl_opts opts = {0};
    pl_limits lim;
    pl_limits_init(&lim, time_limit, node_limit > 0 ? (uint64_t)node_limit : 0, (size_t)512 << 20);
    pl_request req = {.opts = &opts,
                      .objective = objective && *objective ? objective : g->objectives ? g->objectives[0] : NULL,
                      .seed = 1,
                      .limits = &lim,
                      .threads = 1,
                      .progress = progress};
    const pl_algorithm *alg = algorithm && *algorithm ? find_algorithm(g, algorithm) : NULL;
    pl_solution sol;
    double t0 = pl_now();
    char why[512] = "";
    if (algorithm && *algorithm && !alg) {
        snprintf(why, sizeof why, "unknown algorithm '%.60s' for %s", algorithm, g->name);
        json_object_set_new(j, "error", json_string(why));
    } else if (alg && alg->applies && !alg->applies(target, &req, why, sizeof why)) {
        /* as `solve --algorithm NAME` refuses it: a solver run outside its
         * domain may answer wrongly or worse (greedy corrupted the heap) */
        char msg[1024];
        if (mv.n)
            snprintf(msg, sizeof msg, "algorithm '%s' does not apply to the position after %d moves of %.200s: %s",
                     alg->name, mv.n, name, why);
        else
            snprintf(msg, sizeof msg, "algorithm '%s' does not apply to %.200s: %s", alg->name, name, why);
        json_object_set_new(j, "error", json_string(msg));
    } else if (pl_game_solve(g, alg, target, &req, &sol, &err)) {
        set_error(&err);
        json_object_set_new(j, "error", json_string(last_error));
        pl_solution_free(&sol);
    } else {
        json_object_set_new(j, "status", json_string(pl_status_name(sol.status)));
        json_object_set_new(j, "algorithm", json_string(sol.algorithm ? sol.algorithm : "none"));
        json_object_set_new(j, "moves", strvec_json(&sol.moves, false));
        json_t *vals = json_object();
        for (int i = 0; i < sol.nvalues; i++) json_object_set_new(vals, sol.value_name[i], json_integer(sol.value[i]));
        json_object_set_new(j, "values", vals);
        json_object_set_new(j, "optimal", sol.optimal < 0 ? json_null() : json_boolean(sol.optimal == 1));
        json_object_set_new(j, "nodes", json_integer((json_int_t)sol.nodes));
        json_object_set_new(j, "seconds", json_real(pl_now() - t0));
        json_object_set_new(j, "limit", sol.limit_hit ? json_string(pl_limit_name(sol.limit_hit)) : json_null());
        json_object_set_new(j, "note", json_string(sol.note));
        pl_solution_free(&sol);
    }
    if (target != level) g->level_free(target);
    pl_moves_free(&mv);
    g->level_free(level);
    return answer(j);
}

/* verify: replays a certificate (a MOVES file's text) on the level, as
 * `puzzlelab GAME verify` does. {valid, moves, reason, bad_move, values} or
 * {error: "name:line:col: message"} for a malformed line. */
EMSCRIPTEN_KEEPALIVE const char *plw_verify(int id, const char *name, const char *moves, const char *objective) {
    session *s = get(id);
    json_t *j = json_object();
    if (!s) return answer(j);
    const pl_game *g = s->g;
    pl_error err = {0};
    pl_moves mv;
    if (pl_moves_parse(name, moves, strlen(moves), &mv, &err)) {
        set_error(&err);
        json_object_set_new(j, "error", json_string(last_error));
        return answer(j);
    }
    void *st = g->state_new(s->level);
    pl_verdict v = {0};
    int bad = 0;
    char reason[256] = "";
    for (int i = 0; i < mv.n; i++) {
        int col = 1;
        pl_move_result r = g->move_apply(st, mv.text[i], reason, sizeof reason, &col);
        if (r == PL_MOVE_SYNTAX) {
            pl_error_set(&err, mv.file, mv.line[i], mv.col[i] + col - 1, "%s", reason);
            set_error(&err);
            json_object_set_new(j, "error", json_string(last_error));
            g->state_free(st);
            pl_moves_free(&mv);
            return answer(j);
        }
        if (r == PL_MOVE_ILLEGAL) {
            bad = i + 1;
            snprintf(v.reason, sizeof v.reason, "move %d (%.60s): %.160s", i + 1, mv.text[i], reason);
            break;
        }
    }
    if (!bad) g->finish(st, objective && *objective ? objective : g->objectives ? g->objectives[0] : NULL, &v);
    json_object_set_new(j, "valid", json_boolean(!bad && v.ok));
    json_object_set_new(j, "moves", json_integer(bad ? bad - 1 : mv.n));
    if (bad || !v.ok) json_object_set_new(j, "reason", json_string(v.reason));
    json_object_set_new(j, "bad_move", bad ? json_integer(bad) : json_null());
    json_t *vals = json_object();
    for (int i = 0; i < v.nvalues; i++) json_object_set_new(vals, v.value_name[i], json_integer(v.value[i]));
    json_object_set_new(j, "values", vals);
    g->state_free(st);
    pl_moves_free(&mv);
    return answer(j);
}

/* Options from a JSON object {name: value} ("" for flags) into o; the
 * strings live in holder. */
static int read_options(const char *options, pl_opts *o, json_t **holder, pl_error *err) {
    json_error_t je;
    *holder = json_loads(options && *options ? options : "{}", 0, &je);
    memset(o, 0, sizeof *o);
    if (!*holder || !json_is_object(*holder))
        return pl_error_set(err, NULL, 0, 0, "options: expected a JSON object");
    const char *k;
    json_t *v;
    json_object_foreach(*holder, k, v) {
        if (!json_is_string(v) || o->n == 64) return pl_error_set(err, NULL, 0, 0, "options: expected strings");
        o->name[o->n] = k;
        o->value[o->n++] = json_string_value(v);
    }
    return 0;
}

static const char *text_answer(char *text, pl_error *err) {
    json_t *j = json_object();
    if (text) {
        json_object_set_new(j, "text", json_string(text));
        free(text);
    } else {
        set_error(err);
        json_object_set_new(j, "error", json_string(last_error));
    }
    return answer(j);
}

/* generate: a random level of game from options (JSON {name: value}, as the
 * CLI's --name value). {text} or {error}. */
EMSCRIPTEN_KEEPALIVE const char *plw_generate(const char *game, const char *options) {
    pl_error err = {0};
    const pl_game *g = pl_game_find(game);
    pl_opts o;
    json_t *holder = NULL;
    char *text = NULL;
    if (!g || !g->generate)
        pl_error_set(&err, NULL, 0, 0, "%s has no generator", game);
    else if (!read_options(options, &o, &holder, &err))
        text = g->generate(&o, &err);
    const char *a = text_answer(text, &err);
    json_decref(holder);
    return a;
}

/* A source instance of a reduction: `puzzlelab PROBLEM generate`. */
EMSCRIPTEN_KEEPALIVE const char *plw_problem_generate(const char *problem, const char *options) {
    pl_error err = {0};
    const pl_problem *p = pl_problem_find(problem);
    pl_opts o;
    json_t *holder = NULL;
    char *text = NULL;
    if (!p)
        pl_error_set(&err, NULL, 0, 0, "unknown problem '%s'", problem);
    else if (!read_options(options, &o, &holder, &err))
        text = p->generate(&o, &err);
    const char *a = text_answer(text, &err);
    json_decref(holder);
    return a;
}

/* reduce: the level a paper's construction builds from a source instance
 * (its text; name for messages), with its gadgets as the level's regions.
 * {text} or {error}. */
EMSCRIPTEN_KEEPALIVE const char *plw_reduce(const char *game, const char *from, int theorem, const char *name,
                                            const char *source) {
    pl_error err = {0};
    const pl_game *g = pl_game_find(game);
    const pl_problem *p = pl_problem_find(from);
    const pl_reduction *red = NULL;
    for (int i = 0; g && i < g->nreductions; i++)
        if (!red && strcmp(g->reductions[i].from, from) == 0 && (!theorem || g->reductions[i].theorem == theorem))
            red = &g->reductions[i];
    char *text = NULL;
    if (!red || !p) {
        pl_error_set(&err, NULL, 0, 0, "%s has no reduction from %s", game, from);
    } else {
        void *src = p->parse(name, source, strlen(source), &err);
        if (src) {
            text = red->build(src, name, &err);
            p->free(src);
        }
    }
    return text_answer(text, &err);
}
