/* `puzzlelab GAME reduce` and `puzzlelab GAME lift`: a paper's hardness
 * construction, run as an executable proof. reduce builds the level from a
 * source instance and, given a source certificate (--witness), the level's
 * moves (the forward direction, replayed before they are written); lift
 * turns any certificate of a constructed level into a source certificate (the
 * backward direction) and checks it with the source problem's verifier. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const pl_option pl_cli_reduce_options[] = {
    {"from", "PROBLEM", "the source problem (sat, x3c, vertex-cover, ...; see 'puzzlelab GAME help')"},
    {"theorem", "N", "the construction, when several reduce from PROBLEM"},
    {"output", "FILE", "write the level to FILE instead of stdout (also -o FILE)"},
    {"witness", "CERT", "a certificate of SOURCE (as its solve prints it): also write the level's moves"},
    {"moves-output", "FILE", "where --witness writes the moves (required with --witness)"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

const pl_option pl_cli_lift_options[] = {
    {"from", "PROBLEM", "the source problem (default: found from SOURCE and LEVEL)"},
    {"theorem", "N", "the construction (default: the one that builds LEVEL from SOURCE)"},
    {"output", "FILE", "write the source certificate to FILE as well (also -o FILE)"},
    {"json", NULL, "print one JSON object on stdout instead of text"},
    {"help", NULL, "explain this command"},
    {NULL, NULL, NULL},
};

void pl_cli_print_reductions(FILE *f, const pl_game *g) {
    if (!g->nreductions) return;
    fprintf(f, "\nreductions ('reduce --from PROBLEM [--theorem N] SOURCE -o LEVEL', then 'lift SOURCE LEVEL MOVES'):\n");
    for (int i = 0; i < g->nreductions; i++)
        fprintf(f, "  --from %-12s --theorem %d  %s\n  %-35s %s\n", g->reductions[i].from, g->reductions[i].theorem,
                g->reductions[i].result, "", g->reductions[i].summary);
}

/* The reductions of g matching --from and --theorem (either may be absent). */
static int matching(const pl_game *g, const pl_opts *o, const pl_reduction **out, pl_error *err) {
    const char *from = pl_opts_get(o, "from");
    long theorem = -1;
    if (pl_opts_long(o, "theorem", -1, 0, 1000, &theorem, err)) return -1;
    if (from && !pl_problem_find(from))
        return pl_error_set(err, NULL, 0, 0, "--from %s: no such problem (see 'puzzlelab help')", from);
    int n = 0;
    for (int i = 0; i < g->nreductions; i++) {
        const pl_reduction *r = &g->reductions[i];
        if (from && strcmp(r->from, from) != 0) continue;
        if (theorem >= 0 && r->theorem != theorem) continue;
        out[n++] = r;
    }
    if (n == 0)
        return pl_error_set(err, NULL, 0, 0, "%s has no reduction%s%s%s (see 'puzzlelab %s help')", g->name,
                            from ? " from " : "", from ? from : "", theorem >= 0 ? " with that --theorem" : "",
                            g->name);
    return n;
}

/* Parses level text through the game; NULL with err. */
static void *level_from_text(const pl_game *g, const char *name, const char *text, pl_error *err) {
    pl_level_text lt;
    if (pl_level_text_parse(name, text, strlen(text), &lt, err)) return NULL;
    void *level = g->level_parse(&lt, err);
    pl_level_text_free(&lt);
    return level;
}


/* Replays moves on level like verify: 0 valid; 1 invalid (why); -1 syntax
 * (err). */
static int replay(const pl_game *g, const void *level, const pl_moves *mv, char *why, size_t n, pl_error *err) {
    void *st = g->state_new(level);
    char reason[256] = "";
    int rc = 0;
    for (int i = 0; i < mv->n && rc == 0; i++) {
        int col = 1;
        pl_move_result r = g->move_apply(st, mv->text[i], reason, sizeof reason, &col);
        if (r == PL_MOVE_SYNTAX)
            rc = pl_error_set(err, mv->file, mv->line[i], mv->col[i] + col - 1, "%s", reason);
        else if (r == PL_MOVE_ILLEGAL) {
            snprintf(why, n, "move %d (%.60s): %.160s", i + 1, mv->text[i], reason);
            rc = 1;
        }
    }
    if (rc == 0) {
        pl_verdict v = {0};
        g->finish(st, g->objectives ? g->objectives[0] : NULL, &v);
        if (!v.ok) {
            snprintf(why, n, "%s", v.reason);
            rc = 1;
        }
    }
    g->state_free(st);
    return rc;
}

int pl_cli_reduce(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 1)
        return pl_cli_fail_usage("reduce takes one SOURCE file (see 'puzzlelab %s reduce --help')%s", g->name, "");
    pl_error err = {0};
    if (!pl_opts_has(o, "from"))
        return pl_cli_fail_usage("reduce needs --from PROBLEM (see 'puzzlelab %s help' for the reductions)%s", g->name,
                                 "");
    const pl_reduction *cand[64];
    int n = matching(g, o, cand, &err);
    if (n < 0) return pl_cli_fail_error(&err);
    if (n > 1) {
        fprintf(stderr, "puzzlelab: %s has %d reductions from %s; choose one with --theorem:", g->name, n, cand[0]->from);
        for (int i = 0; i < n; i++) fprintf(stderr, " %d", cand[i]->theorem);
        fprintf(stderr, "\n");
        return PL_EXIT_USAGE;
    }
    const pl_reduction *r = cand[0];
    const char *witness = pl_opts_get(o, "witness"), *moves_out = pl_opts_get(o, "moves-output");
    if (witness && !moves_out) return pl_cli_fail_usage("--witness needs --moves-output FILE%s%s", "", "");
    if (moves_out && !witness) return pl_cli_fail_usage("--moves-output goes with --witness CERT%s%s", "", "");
    const pl_problem *p = pl_problem_find(r->from);
    void *src = pl_problem_load(p, pos[0], &err);
    if (!src) return pl_cli_fail_error(&err);
    int rc = PL_EXIT_OK;
    char *text = r->build(src, pos[0], &err);
    void *level = NULL;
    pl_moves cert = {0};
    pl_strvec moves = {0};
    if (!text) {
        rc = pl_cli_fail_error(&err);
        goto done;
    }
    level = level_from_text(g, pl_opts_get(o, "output") ? pl_opts_get(o, "output") : "(level)", text, &err);
    if (!level) { /* the construction must always be a level of the game */
        char buf[1024];
        pl_error_format(&err, buf, sizeof buf);
        fprintf(stderr, "puzzlelab: internal error: the construction is not a valid level: %s\n", buf);
        rc = PL_EXIT_USAGE;
        goto done;
    }
    if (witness) {
        if (pl_moves_read(witness, &cert, &err)) {
            rc = pl_cli_fail_error(&err);
            goto done;
        }
        pl_verdict v = {0};
        if (p->verify(src, &cert, &v, &err)) {
            rc = pl_cli_fail_error(&err);
            goto done;
        }
        if (!v.ok) {
            fprintf(stderr, "puzzlelab: %s is not a certificate of %s: %s\n", witness, pos[0], v.reason);
            rc = PL_EXIT_NO;
            goto done;
        }
        if (r->forward(src, &cert, &moves, &err)) {
            rc = pl_cli_fail_error(&err);
            goto done;
        }
        pl_moves mv;
        pl_moves_from_strvec(&moves, moves_out, &mv);
        char why[512] = "";
        int ok = replay(g, level, &mv, why, sizeof why, &err);
        pl_moves_free(&mv);
        if (ok != 0) {
            fprintf(stderr, "puzzlelab: internal error: the forward certificate does not verify: %s\n",
                    ok > 0 ? why : err.msg);
            rc = PL_EXIT_USAGE;
            goto done;
        }
    }
    if ((rc = pl_cli_write_file(pl_opts_get(o, "output"), text)) != 0) goto done;
    if (witness) {
        char head[600];
        snprintf(head, sizeof head, "# %s: the moves of the construction (%s, theorem %d) from the certificate %s\nmoves:\n",
                 g->name, r->from, r->theorem, witness);
        size_t len = strlen(head) + 1;
        for (int i = 0; i < moves.n; i++) len += strlen(moves.s[i]) + 1;
        char *mt = pl_xmalloc(len);
        size_t k = (size_t)snprintf(mt, len, "%s", head);
        for (int i = 0; i < moves.n; i++) k += (size_t)snprintf(mt + k, len - k, "%s\n", moves.s[i]);
        rc = pl_cli_write_file(moves_out, mt);
        free(mt);
    }
done:
    free(text);
    if (level) g->level_free(level);
    pl_moves_free(&cert);
    pl_strvec_free(&moves);
    p->free(src);
    return rc;
}

int pl_cli_lift(const pl_game *g, int npos, char **pos, const pl_opts *o) {
    if (npos != 3)
        return pl_cli_fail_usage("lift takes SOURCE, LEVEL and MOVES files (see 'puzzlelab %s lift --help')%s", g->name,
                                 "");
    pl_error err = {0};
    const pl_reduction *cand[64];
    int n = matching(g, o, cand, &err);
    if (n < 0) return pl_cli_fail_error(&err);
    void *level = pl_cli_load_level(g, pos[1], &err);
    if (!level) return pl_cli_fail_error(&err);
    /* Which construction built LEVEL from SOURCE: the one whose level is it. */
    const pl_reduction *r = NULL;
    void *src = NULL;
    pl_error first = {0};
    char tried[512] = "";
    for (int i = 0; i < n && !r; i++) {
        const pl_problem *p = pl_problem_find(cand[i]->from);
        pl_error e = {0};
        void *s = pl_problem_load(p, pos[0], &e);
        if (!s) {
            if (!first.msg[0]) first = e;
            continue;
        }
        size_t used = strlen(tried);
        snprintf(tried + used, sizeof tried - used, "%s%s theorem %d", used ? ", " : "", cand[i]->from,
                 cand[i]->theorem);
        char *text = cand[i]->build(s, pos[0], &e);
        void *built = text ? level_from_text(g, "(construction)", text, &e) : NULL;
        if (!text && !first.msg[0]) first = e;
        if (built && g->level_same && g->level_same(built, level)) {
            r = cand[i];
            src = s;
            s = NULL;
        }
        if (built) g->level_free(built);
        free(text);
        if (s) pl_problem_find(cand[i]->from)->free(s);
    }
    if (!r) {
        g->level_free(level);
        if (!tried[0] && first.msg[0]) return pl_cli_fail_error(&first);
        fprintf(stderr, "puzzlelab: %s is not the construction of %s by %s (tried: %s)\n", pos[1], pos[0],
                n == 1 ? "that reduction" : "any reduction of the game", tried[0] ? tried : "none");
        return PL_EXIT_USAGE;
    }
    const pl_problem *p = pl_problem_find(r->from);
    pl_moves mv;
    int rc = PL_EXIT_OK;
    pl_strvec cert = {0};
    if (pl_moves_read(pos[2], &mv, &err)) {
        rc = pl_cli_fail_error(&err);
        goto out;
    }
    char why[512] = "";
    int ok = replay(g, level, &mv, why, sizeof why, &err);
    const char *stage = NULL;
    if (ok < 0) {
        rc = pl_cli_fail_error(&err);
        goto moves;
    }
    if (ok > 0) {
        stage = "the moves are not a certificate of the level";
    } else if (r->lift(src, &mv, &cert, why, sizeof why)) {
        stage = "the moves do not correspond to a certificate of the source";
    } else {
        pl_moves cm;
        pl_moves_from_strvec(&cert, "(lifted)", &cm);
        pl_verdict v = {0};
        if (p->verify(src, &cm, &v, &err)) {
            snprintf(why, sizeof why, "%s", err.msg);
            stage = "the lifted certificate is malformed (a bug in the reduction)";
        } else if (!v.ok) {
            snprintf(why, sizeof why, "%s", v.reason);
            stage = "the source verifier rejects the lifted certificate (the reduction is wrong here)";
        }
        pl_moves_free(&cm);
    }
    if (stage) rc = PL_EXIT_NO;
    if (pl_opts_has(o, "json")) {
        json_t *j = json_object();
        json_object_set_new(j, "game", json_string(g->name));
        json_object_set_new(j, "from", json_string(r->from));
        json_object_set_new(j, "theorem", json_integer(r->theorem));
        json_object_set_new(j, "result", json_string(r->result));
        json_object_set_new(j, "valid", json_boolean(!stage));
        if (stage) {
            char reason[1024];
            snprintf(reason, sizeof reason, "%s: %s", stage, why);
            json_object_set_new(j, "reason", json_string(reason));
        }
        json_t *a = json_array();
        for (int i = 0; !stage && i < cert.n; i++) json_array_append_new(a, json_string(cert.s[i]));
        json_object_set_new(j, "moves", a);
        pl_cli_print_json(j);
    } else if (stage) {
        printf("invalid: %s: %s\n", stage, why);
    } else {
        printf("solved\n# lifted by %s, %s (%s theorem %d); checked by '%s verify'\nmoves:\n", g->name, r->result,
               r->from, r->theorem, r->from);
        for (int i = 0; i < cert.n; i++) printf("%s\n", cert.s[i]);
    }
    if (!stage && pl_opts_get(o, "output")) {
        size_t len = 16;
        for (int i = 0; i < cert.n; i++) len += strlen(cert.s[i]) + 1;
        char *t = pl_xmalloc(len);
        size_t k = (size_t)snprintf(t, len, "moves:\n");
        for (int i = 0; i < cert.n; i++) k += (size_t)snprintf(t + k, len - k, "%s\n", cert.s[i]);
        rc = pl_cli_write_file(pl_opts_get(o, "output"), t);
        free(t);
    }
moves:
    pl_moves_free(&mv);
out:
    pl_strvec_free(&cert);
    p->free(src);
    g->level_free(level);
    return rc;
}
