/* The subroutine table of Lemma 3.6 (src/games/coins/square_moves_table.c):
 *  - regenerated here by the same exhaustive search the generator
 *    (tools/coins_square_table.c) runs, entry by entry, and compared;
 *  - the counts the thesis gives (a 3x3 flip in 8 actions, a 3x3 rotation in
 *    11, a 3x2 flip in 4 even with one extra coin, a 3x2 rotation in 5 and
 *    none with one extra coin, a 4x2 flip in 5) are the shortest ones;
 *  - every entry replays in a naive G' simulator written here, from its start
 *    to its goal, alone and with other coins around the window (subroutines
 *    compose because more coins only add neighbours). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "solvers.h"

/* a naive G' board: (h + 4) x (w + 4), the window at offset 2 */
typedef struct {
    int H, W, reserve;
    char cell[16][16];
} board;

static int occ_nbrs(const board *b, int r, int c) {
    int k = 0;
    if (r > 0) k += b->cell[r - 1][c] == 'o';
    if (r + 1 < b->H) k += b->cell[r + 1][c] == 'o';
    if (c > 0) k += b->cell[r][c - 1] == 'o';
    if (c + 1 < b->W) k += b->cell[r][c + 1] == 'o';
    return k;
}

static bool replay(const coins_sq_spec *s, const coins_sq_entry *e, bool crowd) {
    board b = {.H = s->h + 4, .W = s->w + 4, .reserve = s->reserve};
    memset(b.cell, '.', sizeof b.cell);
    const char *d = s->start;
    for (int r = 0, c = 0; *d; d++) {
        if (*d == '/')
            r++, c = 0;
        else
            b.cell[r + 2][2 + c++] = *d;
    }
    if (crowd) /* a ring of coins around the window, two cells out */
        for (int r = 0; r < b.H; r++)
            for (int c = 0; c < b.W; c++)
                if (r == 0 || c == 0 || r == b.H - 1 || c == b.W - 1) b.cell[r][c] = 'x';
    const char *a = e->actions;
    while (*a) {
        char op = *a++;
        int r = (int)strtol(a, (char **)&a, 10) + 2;
        a++;
        int c = (int)strtol(a, (char **)&a, 10) + 2;
        while (*a == ' ') a++;
        if (op == '+') {
            if (!CHECKF(b.reserve > 0 && b.cell[r][c] == '.' && occ_nbrs(&b, r, c) + 0 >= 2, "%s: drop %d,%d", s->name,
                        r - 2, c - 2))
                return false;
            b.cell[r][c] = 'o', b.reserve--;
        } else {
            if (!CHECKF(b.cell[r][c] == 'o', "%s: take %d,%d: no coin", s->name, r - 2, c - 2)) return false;
            if (s->reversible &&
                !CHECKF(occ_nbrs(&b, r, c) >= 2, "%s: take %d,%d not reversible", s->name, r - 2, c - 2))
                return false;
            b.cell[r][c] = '.', b.reserve++;
        }
    }
    d = s->goal;
    for (int r = 0, c = 0; *d; d++) {
        if (*d == '/')
            r++, c = 0;
        else {
            if (!CHECKF(b.cell[r + 2][2 + c] == *d, "%s: goal differs at %d,%d", s->name, r, c)) return false;
            c++;
        }
    }
    return true;
}

int main(void) {
    CHECK(coins_sq_table_size == coins_sq_nspecs);
    static char buf[4096];
    for (int i = 0; i < coins_sq_nspecs && i < coins_sq_table_size; i++) {
        const coins_sq_spec *s = &coins_sq_specs[i];
        const coins_sq_entry *t = &coins_sq_table[i];
        check_context(false, 0, "subroutine %s (%s)", s->name, s->figure);
        coins_sq_entry e;
        CHECK(coins_sq_spec_solve(i, &e, buf, sizeof buf) == 0);
        CHECK(strcmp(e.name, t->name) == 0);
        CHECK(e.steps == t->steps && e.nactions == t->nactions);
        CHECK(strcmp(e.actions, t->actions) == 0);
        if (s->paper_steps > 0) CHECK(t->steps == s->paper_steps);
        if (s->paper_steps == 0) CHECK(t->steps == -1);
        if (t->steps >= 0) {
            CHECK(replay(s, t, false));
            CHECK(replay(s, t, true));
        }
        printf("%-24s %-14s %2d actions (%d steps)%s\n", s->name, s->figure, t->nactions, t->steps,
               t->steps < 0 ? ": impossible" : "");
    }
    return check_done("coins_square_table");
}
