/* Two-player Buttons & Scissors (Section 4 of the paper): the value of the
 * game under perfect play, by negamax with alpha-beta pruning and a
 * transposition table over button sets.
 *
 * Partisan and impartial games are normal-play (LAST: the player who cannot
 * cut loses): a position is a win for the player to move when some cut leads
 * to a loss for the other; the search stops at the first winning cut. The
 * key is the button set, plus the player to move in the partisan game (the
 * impartial game does not depend on it).
 * Scoring: the value is the margin (buttons the mover still cuts minus the
 * other's) = max over cuts of size - value(after); alpha-beta with the usual
 * lower/upper bound flags in the table, larger cuts tried first. The key is
 * the set alone (both players cut any colour).
 *
 * Every variant is PSPACE-complete (Theorems 8, 9, 10), so this is
 * exponential in the worst case: O(2^n) positions for n buttons, each
 * expanded once with O(m) work for m cuts in the table. The certificate is a
 * principal variation: the winner (scoring: each player) makes an optimal
 * cut at every turn, found by re-searching the children (table hits). */
#include <stdlib.h>
#include <string.h>

#include "twoplayer.h"

typedef struct mm {
    const b2game *g;
    pl_limits *lim;
    b2table tt;
    int variant;
    int *buf; /* per-depth move lists for ordering: depth * (ncuts + 1) */
    bool stop;
} mm;

static int tag_of(const mm *m, int player) {
    return m->variant == BUTTONS_PARTISAN ? player : 0;
}

/* Recursion in last_value and score_value: one level per cut, each cut
 * removes at least two buttons, and b2_build refuses a board of more than
 * B2_MAX_BUTTONS (128, the documented limit of the game solvers; the
 * applicability tests decline larger ones first), so at most 64 cuts and 65
 * frames of a few words each, whatever the level (m->buf has one move list
 * per level on the same count). tests/reliability checks a 128-button row
 * under a 256 KiB stack. */

/* +1 when the player to move wins S, -1 when they lose. */
static int last_value(mm *m, const b2set *S, int player) {
    if (m->stop || !pl_limits_tick(m->lim)) {
        m->stop = true;
        return 0;
    }
    const b2entry *e = b2_table_get(&m->tt, S, tag_of(m, player));
    if (e) return e->value;
    int v = -1;
    for (int k = 0; k < m->g->ncuts && v < 0; k++) {
        if (!b2_may(m->g, player, k) || !b2_feasible(m->g, S, k)) continue;
        b2set t = b2_after(m->g, S, k);
        int c = last_value(m, &t, 3 - player);
        if (m->stop) return 0;
        if (c < 0) v = 1;
    }
    if (!b2_table_put(&m->tt, S, tag_of(m, player), v, B2_EXACT)) {
        m->lim->hit = PL_LIMIT_MEMORY;
        m->stop = true;
    }
    return v;
}

/* The margin the player to move secures from S (fail-soft alpha-beta). */
static int score_value(mm *m, const b2set *S, int alpha, int beta, int depth) {
    if (m->stop || !pl_limits_tick(m->lim)) {
        m->stop = true;
        return 0;
    }
    const b2entry *e = b2_table_get(&m->tt, S, 0);
    if (e) {
        if (e->flag == B2_EXACT) return e->value;
        if (e->flag == B2_LOWER && e->value > alpha) alpha = e->value;
        if (e->flag == B2_UPPER && e->value < beta) beta = e->value;
        if (alpha >= beta) return e->value;
    }
    const int a0 = alpha;
    /* feasible cuts, larger first (a counting sort by size) */
    int *list = m->buf + (size_t)depth * (size_t)(m->g->ncuts + 1), nl = 0;
    int maxsize = 0;
    for (int k = 0; k < m->g->ncuts; k++) {
        int s = b2_feasible(m->g, S, k);
        if (s > maxsize) maxsize = s;
    }
    for (int s = maxsize; s >= 2; s--)
        for (int k = 0; k < m->g->ncuts; k++)
            if (b2_feasible(m->g, S, k) == s) list[nl++] = k;
    int best = nl ? -B2_MAX_BUTTONS - 1 : 0;
    for (int i = 0; i < nl && best < beta; i++) {
        int k = list[i], s = b2_feasible(m->g, S, k);
        b2set t = b2_after(m->g, S, k);
        int v = s - score_value(m, &t, s - beta, s - (alpha > best ? alpha : best), depth + 1);
        if (m->stop) return 0;
        if (v > best) best = v;
    }
    int flag = !nl ? B2_EXACT : best <= a0 ? B2_UPPER : best >= beta ? B2_LOWER : B2_EXACT;
    if (!b2_table_put(&m->tt, S, 0, best, flag)) {
        m->lim->hit = PL_LIMIT_MEMORY;
        m->stop = true;
    }
    return best;
}

static int exact_score(mm *m, const b2set *S) {
    return score_value(m, S, -B2_MAX_BUTTONS - 1, B2_MAX_BUTTONS + 1, 0);
}

bool buttons_minimax_applies(const void *level, const pl_request *req, char *why, size_t n) {
    (void)req;
    const buttons_level *l = level;
    if (l->players == BUTTONS_SINGLE) {
        snprintf(why, n, "the level is single-player (add a 'players:' header for a two-player game)");
        return false;
    }
    if (l->nbuttons > B2_MAX_BUTTONS) {
        snprintf(why, n, "%d buttons; the game solvers take at most %d", l->nbuttons, B2_MAX_BUTTONS);
        return false;
    }
    snprintf(why, n, "two-player %s game: exact value by alpha-beta search", buttons_players_name(l->players));
    return true;
}

int buttons_minimax_solve(const void *level, const pl_request *req, pl_solution *out, pl_error *err) {
    const buttons_level *l = level;
    out->algorithm = "minimax";
    b2game g;
    if (b2_build(l, &g, err)) return -1;
    mm m = {.g = &g, .lim = req->limits, .variant = l->players};
    b2_table_init(&m.tt, req->limits->memory_limit);
    m.buf = pl_xmalloc(((size_t)g.n / 2 + 2) * (size_t)(g.ncuts + 1) * sizeof *m.buf);
    b2set S = g.all;
    int root = l->players == BUTTONS_SCORING ? exact_score(&m, &S) : last_value(&m, &S, 1);
    int score[3] = {0, 0, 0}, player = 1;
    /* the principal variation */
    while (!m.stop) {
        int want = l->players == BUTTONS_SCORING ? exact_score(&m, &S) : last_value(&m, &S, player);
        int pick = -1, size = 0;
        for (int k = 0; k < g.ncuts && pick < 0 && !m.stop; k++) {
            int s = b2_may(&g, player, k) ? b2_feasible(&g, &S, k) : 0;
            if (!s) continue;
            b2set t = b2_after(&g, &S, k);
            int c = l->players == BUTTONS_SCORING ? s - exact_score(&m, &t) : -last_value(&m, &t, 3 - player);
            if (c == want || want < 0) pick = k, size = s; /* a lost position: any cut */
        }
        if (pick < 0 || m.stop) break;
        buttons_solution_add_cut(out, b2_cut_text(&g, pick));
        S = b2_after(&g, &S, pick);
        score[player] += size;
        player = 3 - player;
    }
    out->nodes = req->limits->nodes;
    out->peak_memory = m.tt.peak_bytes;
    if (m.stop) {
        out->status = PL_UNKNOWN;
        out->limit_hit = req->limits->hit;
    } else if (l->players == BUTTONS_SCORING) {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "winner", root > 0 ? 1 : root < 0 ? 2 : 0);
        pl_solution_set_value(out, "margin", root);
        pl_solution_set_value(out, "score1", score[1]);
        pl_solution_set_value(out, "score2", score[2]);
        int d = root < 0 ? -root : root;
        const char *who = root > 0 ? "player 1 wins" : root < 0 ? "player 2 wins" : "a draw";
        snprintf(out->note, sizeof out->note, "%s with perfect play (margin %d: %d button%s)", who, root, d,
                 d == 1 ? "" : "s");
    } else {
        out->status = PL_SOLVED;
        pl_solution_set_value(out, "winner", root > 0 ? 1 : 2);
        snprintf(out->note, sizeof out->note, "player %d wins with perfect play (the principal variation has %d cuts)",
                 root > 0 ? 1 : 2, out->moves.n);
    }
    free(m.buf);
    b2_table_free(&m.tt);
    b2_free(&g);
    return 0;
}
