/* Shared parts of the game descriptor: parsed options, solutions, the game
 * registry and the `auto` choice. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/game.h"

const char *pl_opts_get(const pl_opts *o, const char *name) {
    for (int i = o->n - 1; i >= 0; i--)
        if (strcmp(o->name[i], name) == 0) return o->value[i];
    return NULL;
}

bool pl_opts_has(const pl_opts *o, const char *name) {
    return pl_opts_get(o, name) != NULL;
}

int pl_opts_long(const pl_opts *o, const char *name, long def, long lo, long hi, long *out, pl_error *err) {
    const char *v = pl_opts_get(o, name);
    if (!v) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (!*v || *end || errno == ERANGE)
        return pl_error_set(err, NULL, 0, 0, "--%s: expected a whole number, got '%s'", name, v);
    if (x < lo || x > hi) return pl_error_set(err, NULL, 0, 0, "--%s: %ld is out of range [%ld, %ld]", name, x, lo, hi);
    *out = x;
    return 0;
}

int pl_opts_u64(const pl_opts *o, const char *name, uint64_t def, uint64_t *out, pl_error *err) {
    const char *v = pl_opts_get(o, name);
    if (!v) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (!*v || *end || errno == ERANGE || v[0] == '-')
        return pl_error_set(err, NULL, 0, 0, "--%s: expected a non-negative whole number, got '%s'", name, v);
    *out = (uint64_t)x;
    return 0;
}

int pl_opts_double(const pl_opts *o, const char *name, double def, double lo, double hi, double *out, pl_error *err) {
    const char *v = pl_opts_get(o, name);
    if (!v) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (!*v || *end || errno == ERANGE || !isfinite(x))
        return pl_error_set(err, NULL, 0, 0, "--%s: expected a number, got '%s'", name, v);
    if (x < lo || x > hi) return pl_error_set(err, NULL, 0, 0, "--%s: %g is out of range [%g, %g]", name, x, lo, hi);
    *out = x;
    return 0;
}

void pl_solution_init(pl_solution *s) {
    memset(s, 0, sizeof *s);
    s->status = PL_UNKNOWN;
    s->optimal = -1;
}

void pl_solution_free(pl_solution *s) {
    pl_strvec_free(&s->moves);
}

void pl_solution_set_value(pl_solution *s, const char *name, long long v) {
    for (int i = 0; i < s->nvalues; i++)
        if (strcmp(s->value_name[i], name) == 0) {
            s->value[i] = v;
            return;
        }
    if (s->nvalues < PL_MAX_VALUES) {
        s->value_name[s->nvalues] = name;
        s->value[s->nvalues++] = v;
    }
}

/* PL_NO_GEOS: the WebAssembly build (web/), where GEOS and so Snipperclips
 * are left out. */
static const pl_game *const all_games[] = {&pl_game_buttons, &pl_game_clickomania, &pl_game_twodots, &pl_game_coins,
#ifndef PL_NO_GEOS
                                           &pl_game_snip,
#endif
                                           NULL};

const pl_game *const *pl_games(void) {
    return all_games;
}

void pl_play_centre(const pl_play_hooks *h, const void *state, int r, int c, double *x, double *y) {
    if (h->centre) {
        h->centre(state, r, c, x, y);
    } else {
        *x = c + 0.5;
        *y = r + 0.5;
    }
}

bool pl_play_hit(const pl_play_hooks *h, const void *state, double x, double y, int *r, int *c) {
    double best = PL_PLAY_HIT_RADIUS * PL_PLAY_HIT_RADIUS;
    int r0, c0, rows, cols, shear;
    bool found = false;
    h->window(state, &r0, &c0, &rows, &cols, &shear);
    for (int i = r0; i < r0 + rows; i++)
        for (int j = c0; j < c0 + cols; j++) {
            double cx, cy;
            pl_play_centre(h, state, i, j, &cx, &cy);
            double d = (cx - x) * (cx - x) + (cy - y) * (cy - y);
            if (d < best) {
                best = d;
                *r = i;
                *c = j;
                found = true;
            }
        }
    return found;
}

const pl_game *pl_game_find(const char *name) {
    for (int i = 0; all_games[i]; i++)
        if (strcmp(all_games[i]->name, name) == 0) return all_games[i];
    return NULL;
}

const pl_algorithm *pl_game_pick(const pl_game *g, const void *level, const pl_request *req, char *why, size_t n) {
    return pl_game_pick_after(g, -1, level, req, why, n);
}

const pl_algorithm *pl_game_pick_after(const pl_game *g, int after, const void *level, const pl_request *req,
                                       char *why, size_t n) {
    /* When nothing applies, say why each algorithm declined, algorithms with
     * the same reason named together ("greedy, row: ...; grundy, minimax:
     * 144 buttons; ..."), so that the reason that matters stays short. An
     * algorithm that applies but is not preferred because of a limit (its
     * preferred test says "over ..." or "too large") is named in the chosen
     * one's reason, so that `info` says why it will not run. */
    enum { MAXA = 32 };
    char reason[MAXA][256];
    char passed[512] = "";
    int nr = 0;
    for (int i = after + 1; i < g->nalgorithms; i++) {
        const pl_algorithm *a = &g->algorithms[i];
        if (!a->applies) {
            snprintf(why, n, "%s%s", a->summary, passed);
            return a;
        }
        char one[256] = "";
        if (a->applies(level, req, one, sizeof one)) {
            if (after >= 0 || !a->preferred || a->preferred(level, req, one, sizeof one)) {
                char mine[1024];
                snprintf(mine, sizeof mine, "%s%s", one, passed);
                snprintf(why, n, "%s", mine);
                return a;
            }
            if (strstr(one, "over the") || strstr(one, "too large")) {
                size_t k = strlen(passed);
                snprintf(passed + k, sizeof passed - k, "; %s not run: %s", a->name, one);
            }
        }
        if (nr < MAXA) snprintf(reason[nr++], sizeof reason[0], "%s", one[0] ? one : "does not apply");
    }
    char refusals[2048] = "";
    size_t used = 0;
    bool done[MAXA] = {false};
    for (int i = 0; i < nr; i++) {
        if (done[i]) continue;
        for (int j = i; j < nr; j++) {
            if (done[j] || strcmp(reason[i], reason[j]) != 0) continue;
            done[j] = true;
            used += (size_t)snprintf(refusals + used, sizeof refusals - used, "%s%s", j == i ? (used ? "; " : "") : ", ",
                                     g->algorithms[after + 1 + j].name);
            if (used >= sizeof refusals) used = sizeof refusals - 1;
        }
        used += (size_t)snprintf(refusals + used, sizeof refusals - used, ": %s", reason[i]);
        if (used >= sizeof refusals) used = sizeof refusals - 1;
    }
    snprintf(why, n, "no algorithm applies (%s)", refusals);
    return NULL;
}

int pl_game_solve(const pl_game *g, const pl_algorithm *alg, const void *level, const pl_request *req,
                  pl_solution *sol, pl_error *err) {
    if (alg) {
        pl_solution_init(sol);
        sol->algorithm = alg->name;
        return alg->solve(level, req, sol, err) ? -1 : 0;
    }
    /* The reasons live on the heap: the solver runs below this frame, and
     * the deep-input tests run it under a 32 KiB stack. */
    enum { WHY = 1024, DECLINED = 2048 };
    char *why = pl_xcalloc(WHY, 1), *declined = pl_xcalloc(DECLINED, 1);
    alg = pl_game_pick(g, level, req, why, WHY);
    size_t used = 0;
    int rc = 0;
    for (;;) {
        pl_solution_init(sol);
        if (!alg) {
            sol->algorithm = "none";
            snprintf(sol->note, sizeof sol->note, "%.2047s%.1023s", declined, why);
            break;
        }
        sol->algorithm = alg->name;
        if (alg->solve(level, req, sol, err)) {
            rc = -1;
            break;
        }
        if (!sol->declined) {
            if (declined[0]) {
                /* declined's reasons, then the answering algorithm's own
                 * note, cut only at the note's size */
                size_t k = strlen(declined), m = strlen(sol->note);
                if (m > sizeof sol->note - 1 - k) m = sizeof sol->note - 1 - k;
                memmove(sol->note + k, sol->note, m);
                memcpy(sol->note, declined, k);
                sol->note[k + m] = '\0';
                k += m;
                while (k && (sol->note[k - 1] == ' ' || sol->note[k - 1] == ';')) sol->note[--k] = '\0';
            }
            break;
        }
        used += (size_t)snprintf(declined + used, DECLINED - used, "%s declined (%s); ", alg->name, sol->note);
        if (used >= DECLINED) used = DECLINED - 1;
        pl_solution_free(sol);
        req->limits->hit = 0; /* a refusal is not a limit of the next algorithm */
        alg = pl_game_pick_after(g, (int)(alg - g->algorithms), level, req, why, WHY);
    }
    free(why);
    free(declined);
    return rc;
}

int pl_census_run(const pl_census_hooks *h, const pl_opts *opts, pl_limits *lim, json_t *out, pl_error *err) {
    long nchunks;
    size_t ncounters;
    void *plan = h->plan(opts, out, &nchunks, &ncounters, err);
    if (!plan) return -1;
    uint64_t *counts = pl_xcalloc(ncounters + 1, sizeof *counts);
    bool stopped = false;
    for (long i = 0; i < nchunks && !stopped; i++) stopped = !h->chunk(plan, i, lim, counts);
    h->finish(plan, counts, out);
    json_object_set_new(out, "status", json_string(stopped ? "unknown" : "solved"));
    if (stopped) json_object_set_new(out, "limit", json_string(pl_limit_name(lim->hit)));
    free(counts);
    h->free(plan);
    return 0;
}
