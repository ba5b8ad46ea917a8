/* The source problems of the reductions (src/problems/): SAT in DIMACS CNF,
 * X3C, Vertex Cover and 3-Partition.
 *
 *  1. parsers: a table of bad inputs with the exact "file:line:col: message"
 *     the user sees (through pl_error_format, by the direct parser and by the
 *     descriptor's), and good inputs (comments, clauses over several lines,
 *     SATLIB's '%', CRLF, empty formulas, self-loops, 'c k' anywhere) read
 *     field by field;
 *  2. certificates: the readers' syntax errors (file:line:col), their
 *     contradictions (1 with why) and the checkers' reasons;
 *  3. solvers (CaDiCaL, Algorithm X, the bounded search tree) against a
 *     brute force written here on thousands of seeded random tiny instances,
 *     written as text in varied layouts and parsed; every certificate checked;
 *     the descriptor path and node limits;
 *  4. generators: --answer yes/no as promised (brute force), determinism,
 *     and their errors. */
#include "check.h"

#include "puzzlelab/problems.h"

/* CHECK_INT that returns whether it held. */
#define CHECK_EQ(actual, expected)                                                                            \
    CHECKF((long long)(actual) == (long long)(expected), "%s == %s: got %lld, expected %lld", #actual, #expected, \
           (long long)(actual), (long long)(expected))

/* ---------- a text buffer ---------- */

typedef struct tbuf {
    char s[16384];
    size_t n;
} tbuf;

static void tb_printf(tbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void tb_printf(tbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
    va_end(ap);
    if (w > 0) b->n += (size_t)w;
    if (b->n >= sizeof b->s) {
        fprintf(stderr, "test_problems: text buffer overflow\n");
        exit(2);
    }
}

/* The input as C-escaped text, for failure reports. */
static void escape(const char *data, size_t len, char *out, size_t n) {
    size_t w = 0;
    for (size_t i = 0; i < len && w + 6 < n; i++) {
        unsigned char ch = (unsigned char)data[i];
        if (ch == '\n')
            w += (size_t)snprintf(out + w, n - w, "\\n\n");
        else if (ch >= 32 && ch < 127 && ch != '\\')
            out[w++] = (char)ch;
        else
            w += (size_t)snprintf(out + w, n - w, "\\x%02X", ch);
    }
    out[w < n ? w : n - 1] = '\0';
}

static pl_moves moves_of(const char *text) {
    pl_moves m;
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_moves_parse("a.sol", text, strlen(text), &m, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "pl_moves_parse failed on a certificate of the test: %s", msg);
        memset(&m, 0, sizeof m);
    }
    return m;
}

/* The text after its first line (the generators' first line names the seed). */
static const char *body(const char *text) {
    const char *nl = strchr(text, '\n');
    return nl ? nl + 1 : text;
}

static int popcount(unsigned x) {
    int c = 0;
    for (; x; x &= x - 1) c++;
    return c;
}

/* ======================================================================
 * 1. parsers: bad inputs
 * ====================================================================== */

enum { F_SAT, F_X3C, F_VC, F_3P };
static const char *const fmt_file[] = {"f.cnf", "f.x3c", "f.gr", "f.3p"};

typedef struct bad_case {
    int fmt;
    const char *data;
    size_t len; /* 0: strlen(data) */
    const char *expected;
} bad_case;

#define HDR_CNF "(the header is 'p cnf VARIABLES CLAUSES')"
#define ASCII "(the file must be plain ASCII)"

static const bad_case bad_cases[] = {
    /* ---- SAT: the header ---- */
    {F_SAT, "", 0, "f.cnf:1:1: expected the header 'p cnf VARIABLES CLAUSES' (the file has none)"},
    {F_SAT, "c only\nc comments\n\n", 0, "f.cnf:3:1: expected the header 'p cnf VARIABLES CLAUSES' (the file has none)"},
    {F_SAT, "%\np cnf 1 0\n", 0, "f.cnf:1:1: expected the header 'p cnf VARIABLES CLAUSES' (the file has none)"},
    {F_SAT, "1 2 0\n", 0, "f.cnf:1:1: expected the header 'p cnf VARIABLES CLAUSES' before the clauses"},
    {F_SAT, "c x\n  -1 0\np cnf 1 1\n", 0, "f.cnf:2:3: expected the header 'p cnf VARIABLES CLAUSES' before the clauses"},
    {F_SAT, "p dnf 3 2\n", 0, "f.cnf:1:3: expected 'cnf' " HDR_CNF},
    {F_SAT, "c\n p  cnfx 3 2\n", 0, "f.cnf:2:5: expected 'cnf' " HDR_CNF},
    {F_SAT, "p\n", 0, "f.cnf:1:2: expected 'cnf' " HDR_CNF},
    {F_SAT, "p cnf\n", 0, "f.cnf:1:6: expected the number of variables (a whole number), found the end of the line"},
    {F_SAT, "p cnf x 2\n", 0, "f.cnf:1:7: expected the number of variables (a whole number)"},
    {F_SAT, "p cnf 3\n", 0, "f.cnf:1:8: expected the number of clauses (a whole number), found the end of the line"},
    {F_SAT, "p cnf 3 2x\n", 0,
     "f.cnf:1:10: unexpected 'x' after the number of clauses (numbers are separated by spaces)"},
    /* the column is the number's first character (it was the last one's) */
    {F_SAT, "p cnf -3 2\n", 0, "f.cnf:1:7: the number of variables cannot be negative"},
    {F_SAT, "p cnf  -10 2\n", 0, "f.cnf:1:8: the number of variables cannot be negative"},
    {F_SAT, "p cnf 3 -2\n", 0, "f.cnf:1:9: the number of clauses cannot be negative"},
    {F_SAT, "p cnf 2000000000 1\n", 0, "f.cnf:1:7: the number of variables is too large"},
    {F_SAT, "p cnf 3 2 1\n", 0, "f.cnf:1:11: unexpected text after the header 'p cnf VARIABLES CLAUSES'"},
    {F_SAT, "p cnf 3 1\np cnf 3 1\n", 0,
     "f.cnf:2:1: a second 'p' line (the header is 'p cnf VARIABLES CLAUSES', once)"},
    {F_SAT, "p cnf 3 2\n1 0\n  p cnf 3 1\n", 0,
     "f.cnf:3:3: a second 'p' line (the header is 'p cnf VARIABLES CLAUSES', once)"},
    /* ---- SAT: literals and clauses ---- */
    {F_SAT, "p cnf 3 2\n1 4 0\n", 0, "f.cnf:2:3: literal 4 names variable 4, but the header says 3 variables"},
    {F_SAT, "p cnf 1 1\n\t-2 0\n", 0, "f.cnf:2:2: literal -2 names variable 2, but the header says 1 variable"},
    {F_SAT, "p cnf 0 1\n1 0\n", 0, "f.cnf:2:1: literal 1 names variable 1, but the header says 0 variables"},
    {F_SAT, "p cnf 3 1\n1 x 0\n", 0, "f.cnf:2:3: expected a literal (a whole number)"},
    {F_SAT, "p cnf 3 1\n1 2- 0\n", 0, "f.cnf:2:4: unexpected '-' after a literal (numbers are separated by spaces)"},
    {F_SAT, "p cnf 2 1\n1 -\n", 0, "f.cnf:2:4: expected a literal (a whole number), found the end of the line"},
    {F_SAT, "p cnf 3 1\n2 99999999999 0\n", 0, "f.cnf:2:3: a literal is too large"},
    {F_SAT, "p cnf 3 1\n1 0\n2 0\n", 0, "f.cnf:3:3: clause 2 is one more than the header's 1 (line 1: 'p cnf 3 1')"},
    {F_SAT, "p cnf 3 1\n1 0 2 0\n", 0, "f.cnf:2:7: clause 2 is one more than the header's 1 (line 1: 'p cnf 3 1')"},
    {F_SAT, "p cnf 3 0\n0\n", 0, "f.cnf:2:1: clause 1 is one more than the header's 0 (line 1: 'p cnf 3 0')"},
    {F_SAT, "p cnf 3  3\n1 0\n2 0\n", 0, "f.cnf:1:10: the header announces 3 clauses, the file has 2"},
    {F_SAT, "p cnf 3 1\n", 0, "f.cnf:1:9: the header announces 1 clause, the file has 0"},
    {F_SAT, "p cnf 3 2\n1 2 0\n%\n3 0\n", 0, "f.cnf:1:9: the header announces 2 clauses, the file has 1"},
    {F_SAT, "p cnf 3 2\n1 2 0\n  3\n -1\n", 0, "f.cnf:3:3: clause 2 is not ended by 0 (every clause ends with a 0)"},
    {F_SAT, "p cnf 3 1\n1 2\n%\n0\n", 0, "f.cnf:2:1: clause 1 is not ended by 0 (every clause ends with a 0)"},
    {F_SAT, "p cnf 3 2\n1 0 2\n", 0, "f.cnf:2:5: clause 2 is not ended by 0 (every clause ends with a 0)"},
    /* ---- SAT: bytes ---- */
    {F_SAT, "p cnf 3 1\nc caf\xC3\xA9\n1 0\n", 0, "f.cnf:2:6: non-ASCII byte 0xC3 " ASCII},
    {F_SAT, "p cnf 3 1\n1\x01 0\n", 0, "f.cnf:2:2: control character 0x01 " ASCII},
    {F_SAT, "p cnf 3 1\r1 0\n", 0, "f.cnf:1:10: control character 0x0D " ASCII},
    {F_SAT, "p cnf 3 1\n1 0\x7F\n", 0, "f.cnf:2:4: control character 0x7F " ASCII},
    {F_SAT, "p cnf 3 1\n1\0 0\n", 15, "f.cnf:2:2: control character 0x00 " ASCII},

    /* ---- X3C ---- */
    {F_X3C, "", 0, "f.x3c:1:1: expected the header 'p x3c ITEMS SETS' (the file has none)"},
    {F_X3C, "# comment\nc comment\n", 0, "f.x3c:2:1: expected the header 'p x3c ITEMS SETS' (the file has none)"},
    {F_X3C, "# comment\n1 2 3\n", 0, "f.x3c:2:1: expected the header 'p x3c ITEMS SETS' before the sets"},
    {F_X3C, "p x3 3 1\n", 0, "f.x3c:1:3: expected 'x3c' (the header is 'p x3c ITEMS SETS')"},
    {F_X3C, "p cnf 3 1\n", 0, "f.x3c:1:3: expected 'x3c' (the header is 'p x3c ITEMS SETS')"},
    {F_X3C, "p x3c 4 1\n1 2 3\n", 0,
     "f.x3c:1:7: the number of items must be a multiple of 3 (3q items, covered by q sets), got 4"},
    {F_X3C, "p x3c  -3 0\n", 0,
     "f.x3c:1:8: the number of items cannot be negative"},
    {F_X3C, "p x3c 6\n", 0, "f.x3c:1:8: expected the number of sets (a whole number), found the end of the line"},
    {F_X3C, "p x3c 6 -1\n", 0, "f.x3c:1:9: the number of sets cannot be negative"},
    {F_X3C, "p x3c 6 1 extra\n", 0, "f.x3c:1:11: unexpected text after the header 'p x3c ITEMS SETS'"},
    {F_X3C, "p x3c 3 1\np x3c 3 1\n", 0, "f.x3c:2:1: a second 'p' line (the header is 'p x3c ITEMS SETS', once)"},
    {F_X3C, "p x3c 6 1\n1 2 2\n", 0, "f.x3c:2:5: item 2 twice in one set (a set has three distinct items)"},
    {F_X3C, "p x3c 6 1\n3  1 3\n", 0, "f.x3c:2:6: item 3 twice in one set (a set has three distinct items)"},
    {F_X3C, "p x3c 6 1\n4 4 1\n", 0, "f.x3c:2:3: item 4 twice in one set (a set has three distinct items)"},
    {F_X3C, "p x3c 6 1\n1 7 2\n", 0, "f.x3c:2:3: item 7 is outside 1..6"},
    {F_X3C, "p x3c 6 1\n0 1 2\n", 0, "f.x3c:2:1: item 0 is outside 1..6"},
    {F_X3C, "p x3c 6 1\n1 2 -3\n", 0, "f.x3c:2:5: item -3 is outside 1..6"},
    {F_X3C, "p x3c 0 1\n1 2 3\n", 0, "f.x3c:2:1: item 1 is outside 1..0"},
    {F_X3C, "p x3c 6 1\n1 2\n", 0, "f.x3c:2:4: expected the third item (a whole number), found the end of the line"},
    {F_X3C, "p x3c 6 1\n1 x 3\n", 0, "f.x3c:2:3: expected the second item (a whole number)"},
    {F_X3C, "p x3c 6 1\nc1 2 3\n", 0, "f.x3c:2:1: expected an item (a whole number)"},
    {F_X3C, "p x3c 6 1\n1,2,3\n", 0, "f.x3c:2:2: unexpected ',' after an item (numbers are separated by spaces)"},
    {F_X3C, "p x3c 6 1\n1 2 3 4\n", 0, "f.x3c:2:7: expected the end of the line (a set is three items)"},
    {F_X3C, "p x3c 6 1\n1 2 3\n# c\n4 5 6\n", 0, "f.x3c:4:1: set 2 is one more than the header's 1 (line 1)"},
    {F_X3C, "c\np x3c 6 0\n 1 2 3\n", 0, "f.x3c:3:2: set 1 is one more than the header's 0 (line 2)"},
    {F_X3C, "p x3c 6 3\n1 2 3\n4 5 6\n", 0, "f.x3c:1:9: the header announces 3 sets, the file has 2"},
    {F_X3C, "p x3c 6 1\n", 0, "f.x3c:1:9: the header announces 1 set, the file has 0"},
    {F_X3C, "p x3c 3 1\n1 2 3\xE2\x80\x8B\n", 0, "f.x3c:2:6: non-ASCII byte 0xE2 " ASCII},
    {F_X3C, "p x3c 3 1\n1 2\x0B 3\n", 0, "f.x3c:2:4: control character 0x0B " ASCII},

    /* ---- Vertex Cover ---- */
    {F_VC, "", 0, "f.gr:1:1: expected the header 'p edge VERTICES EDGES' (the file has none)"},
    {F_VC, "c k 1\n", 0, "f.gr:1:1: expected the header 'p edge VERTICES EDGES' (the file has none)"},
    {F_VC, "c k 1\ne 1 2\n", 0, "f.gr:2:1: expected the header 'p edge VERTICES EDGES' before the edges"},
    {F_VC, "p edge 3 1\ne 1 2\n", 0, "f.gr:1:1: expected the bound k of Vertex Cover in a line 'c k K' (the file has none)"},
    {F_VC, "c comment\nc kk 2\n\np edge 3 0\n", 0,
     "f.gr:4:1: expected the bound k of Vertex Cover in a line 'c k K' (the file has none)"},
    {F_VC, "c k 1\np edge 3 0\nc k 2\n", 0, "f.gr:3:1: a second bound line 'c k K' (the first is line 1)"},
    {F_VC, "p edge 3 1\ne 1 2\nc k 1\nc\tk\t1\n", 0, "f.gr:4:1: a second bound line 'c k K' (the first is line 3)"},
    /* at its 'c' when indented (it was column 1 whatever the indent) */
    {F_VC, "c k 1\np edge 2 0\n   c k 2\n", 0, "f.gr:3:4: a second bound line 'c k K' (the first is line 1)"},
    {F_VC, "c k -1\np edge 1 0\n", 0, "f.gr:1:5: the bound k cannot be negative"},
    {F_VC, "c  k   -1\np edge 1 0\n", 0, "f.gr:1:8: the bound k cannot be negative"},
    {F_VC, "c k\n", 0, "f.gr:1:4: expected the bound k (a whole number), found the end of the line"},
    {F_VC, "c k two\n", 0, "f.gr:1:5: expected the bound k (a whole number)"},
    {F_VC, "c k 2 3\n", 0, "f.gr:1:7: unexpected text after the bound (the line is 'c k K')"},
    {F_VC, "c k 2x\n", 0, "f.gr:1:6: unexpected 'x' after the bound k (numbers are separated by spaces)"},
    {F_VC, "p col 3 1\n", 0, "f.gr:1:3: expected 'edge' (the header is 'p edge VERTICES EDGES')"},
    {F_VC, "p edges 3 1\n", 0, "f.gr:1:3: expected 'edge' (the header is 'p edge VERTICES EDGES')"},
    {F_VC, "p edge -3 1\n", 0, "f.gr:1:8: the number of vertices cannot be negative"},
    {F_VC, "p edge 3 -1\n", 0, "f.gr:1:10: the number of edges cannot be negative"},
    {F_VC, "p edge 3\n", 0, "f.gr:1:9: expected the number of edges (a whole number), found the end of the line"},
    {F_VC, "p edge 3 1 0\n", 0, "f.gr:1:12: unexpected text after the header 'p edge VERTICES EDGES'"},
    {F_VC, "c k 1\np edge 3 1\np edge 3 1\n", 0,
     "f.gr:3:1: a second 'p' line (the header is 'p edge VERTICES EDGES', once)"},
    {F_VC, "c k 1\np edge 3 1\ne 1 4\n", 0, "f.gr:3:5: vertex 4 is outside 1..3"},
    {F_VC, "c k 1\np edge 3 1\ne  0 1\n", 0, "f.gr:3:4: vertex 0 is outside 1..3"},
    {F_VC, "c k 1\np edge 0 1\ne 1 1\n", 0, "f.gr:3:3: vertex 1 is outside 1..0"},
    {F_VC, "c k 1\np edge 3 1\ne 1 2\ne 2 3\n", 0, "f.gr:4:1: edge 2 is one more than the header's 1 (line 2)"},
    {F_VC, "c k 1\np edge 3 2\ne 1 2\n", 0, "f.gr:2:10: the header announces 2 edges, the file has 1"},
    {F_VC, "c k 1\np edge 3 1\n", 0, "f.gr:2:10: the header announces 1 edge, the file has 0"},
    {F_VC, "c k 1\np edge 3 1\na 1 2\n", 0, "f.gr:3:1: expected an edge line 'e U V', a comment 'c ...' or the header"},
    {F_VC, "c k 1\np edge 3 1\n  e1 2\n", 0,
     "f.gr:3:3: expected an edge line 'e U V', a comment 'c ...' or the header"},
    {F_VC, "c k 1\np edge 3 1\ne 1\n", 0, "f.gr:3:4: expected the second vertex (a whole number), found the end of the line"},
    {F_VC, "c k 1\np edge 3 1\ne\n", 0, "f.gr:3:2: expected a vertex (a whole number), found the end of the line"},
    {F_VC, "c k 1\np edge 3 1\ne 1 2 3\n", 0, "f.gr:3:7: expected the end of the line (an edge is 'e U V')"},
    {F_VC, "c k 1\np edge 3 1\ne 1 2\t\xA0\n", 0, "f.gr:3:7: non-ASCII byte 0xA0 " ASCII},
    {F_VC, "c k 1\x1B\n", 0, "f.gr:1:6: control character 0x1B " ASCII},

    /* ---- 3-Partition: the header ---- */
    {F_3P, "", 0, "f.3p:1:1: expected the header 'p 3partition N B' (the file has none)"},
    {F_3P, "c only\n# comments\n", 0, "f.3p:2:1: expected the header 'p 3partition N B' (the file has none)"},
    {F_3P, "c x\n  4 5 6\n", 0, "f.3p:2:3: expected the header 'p 3partition N B' before the numbers"},
    {F_3P, "p 3part 6 15\n", 0, "f.3p:1:3: expected '3partition' (the header is 'p 3partition N B')"},
    {F_3P, "p  3partitions 6 15\n", 0, "f.3p:1:4: expected '3partition' (the header is 'p 3partition N B')"},
    {F_3P, "p x3c 6 2\n", 0, "f.3p:1:3: expected '3partition' (the header is 'p 3partition N B')"},
    {F_3P, "p 3partition\n", 0,
     "f.3p:1:13: expected the number of integers N (a whole number), found the end of the line"},
    {F_3P, "p 3partition 4 15\n5 5 5 5\n", 0,
     "f.3p:1:14: the number of integers N must be a positive multiple of 3 (3m numbers, split into m triples), got 4"},
    {F_3P, "p 3partition 0 15\n", 0,
     "f.3p:1:14: the number of integers N must be a positive multiple of 3 (3m numbers, split into m triples), got 0"},
    {F_3P, "p 3partition  -3 15\n", 0,
     "f.3p:1:15: the number of integers N must be a positive multiple of 3 (3m numbers, split into m triples), got -3"},
    {F_3P, "p 3partition 300003 15\n", 0, "f.3p:1:14: the number of integers N must be at most 300000, got 300003"},
    {F_3P, "p 3partition 3000000000 15\n", 0, "f.3p:1:14: the number of integers N is too large"},
    {F_3P, "p 3partition 6\n", 0, "f.3p:1:15: expected the bound B (a whole number), found the end of the line"},
    {F_3P, "p 3partition 6 B\n", 0, "f.3p:1:16: expected the bound B (a whole number)"},
    {F_3P, "p 3partition 6 2000000000\n", 0, "f.3p:1:16: the bound B is too large"},
    {F_3P, "p 3partition 6 4\n", 0,
     "f.3p:1:16: the bound B = 4 leaves no whole number strictly between B/4 and B/2 (B must be 3 or at least 5)"},
    {F_3P, "p 3partition 3 2\n", 0,
     "f.3p:1:16: the bound B = 2 leaves no whole number strictly between B/4 and B/2 (B must be 3 or at least 5)"},
    {F_3P, "p 3partition 3  -7\n", 0,
     "f.3p:1:17: the bound B = -7 leaves no whole number strictly between B/4 and B/2 (B must be 3 or at least 5)"},
    {F_3P, "p 3partition 6 15 30\n", 0, "f.3p:1:19: unexpected text after the header 'p 3partition N B'"},
    {F_3P, "p 3partition 6 15\np 3partition 6 15\n", 0,
     "f.3p:2:1: a second 'p' line (the header is 'p 3partition N B', once)"},
    /* ---- 3-Partition: the numbers; B/4 and B/2 themselves are outside */
    {F_3P, "p 3partition 6 15\n4 4 4 6 6 8\n", 0,
     "f.3p:2:11: number 6 is 8, not strictly between B/4 and B/2 (4..7 for B = 15)"},
    {F_3P, "p 3partition 6 15\n4\n\t3\n", 0,
     "f.3p:3:2: number 2 is 3, not strictly between B/4 and B/2 (4..7 for B = 15)"},
    {F_3P, "p 3partition 3 16\n4 5 7\n", 0,
     "f.3p:2:1: number 1 is 4, not strictly between B/4 and B/2 (5..7 for B = 16)"},
    {F_3P, "p 3partition 3 16\n5 8 3\n", 0,
     "f.3p:2:3: number 2 is 8, not strictly between B/4 and B/2 (5..7 for B = 16)"},
    {F_3P, "p 3partition 3 15\n5 5 -5\n", 0,
     "f.3p:2:5: number 3 is -5, not strictly between B/4 and B/2 (4..7 for B = 15)"},
    {F_3P, "p 3partition 6 15\n4 4 4 6 6 7\n", 0, "f.3p:1:16: the numbers sum to 31, not m*B = 2*15 = 30"},
    {F_3P, "p 3partition 3 1000000000\n333333334 333333334 333333334\n", 0,
     "f.3p:1:16: the numbers sum to 1000000002, not m*B = 1*1000000000 = 1000000000"},
    {F_3P, "p 3partition 6 15\n4 4 4\n6 6\n", 0, "f.3p:1:14: the header announces 6 numbers, the file has 5"},
    {F_3P, "p 3partition 3 15\n", 0, "f.3p:1:14: the header announces 3 numbers, the file has 0"},
    {F_3P, "p 3partition 6 15\n4 4 4 6 6 6 5\n", 0, "f.3p:2:13: number 7 is one more than the header's 6 (line 1)"},
    {F_3P, "c\np 3partition 3 15\n5 5 5\n# more\n  5\n", 0,
     "f.3p:5:3: number 4 is one more than the header's 3 (line 2)"},
    {F_3P, "p 3partition 6 15\n4 4,4\n", 0, "f.3p:2:4: unexpected ',' after number 2 (numbers are separated by spaces)"},
    {F_3P, "p 3partition 3 15\n5 5 c five\n", 0, "f.3p:2:5: expected number 3 (a whole number)"},
    {F_3P, "p 3partition 3 15\n5 5 99999999999\n", 0, "f.3p:2:5: number 3 is too large"},
    {F_3P, "p 3partition 3 15\n5 5 5\xC2\xA0\n", 0, "f.3p:2:6: non-ASCII byte 0xC2 " ASCII},
    {F_3P, "p 3partition 3 15\n5\x07 5 5\n", 0, "f.3p:2:2: control character 0x07 " ASCII},
};

/* Parses data in format fmt with the direct parser; 0 or -1. */
static int parse_direct(int fmt, const char *file, const char *data, size_t len, pl_error *err) {
    if (fmt == F_SAT) {
        pl_cnf f;
        int rc = pl_cnf_parse(file, data, len, &f, err);
        if (rc == 0) pl_cnf_free(&f);
        return rc;
    }
    if (fmt == F_X3C) {
        pl_x3c x;
        int rc = pl_x3c_parse(file, data, len, &x, err);
        if (rc == 0) pl_x3c_free(&x);
        return rc;
    }
    if (fmt == F_3P) {
        pl_3part p;
        int rc = pl_3part_parse(file, data, len, &p, err);
        if (rc == 0) pl_3part_free(&p);
        return rc;
    }
    pl_vc g;
    int rc = pl_vc_parse(file, data, len, &g, err);
    if (rc == 0) pl_vc_free(&g);
    return rc;
}

static const pl_problem *problem_of(int fmt) {
    return fmt == F_SAT   ? &pl_problem_sat
           : fmt == F_X3C ? &pl_problem_x3c
           : fmt == F_3P  ? &pl_problem_3partition
                          : &pl_problem_vertex_cover;
}

static void test_bad_inputs(void) {
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const bad_case *bc = &bad_cases[i];
        size_t len = bc->len ? bc->len : strlen(bc->data);
        char shown[1024];
        escape(bc->data, len, shown, sizeof shown);
        check_context(false, 0, "bad case %zu (%s):\n%s", i, fmt_file[bc->fmt], shown);
        pl_error err;
        memset(&err, 0, sizeof err);
        int rc = parse_direct(bc->fmt, fmt_file[bc->fmt], bc->data, len, &err);
        CHECKF(rc != 0, "bad case %zu: the parser accepted it", i);
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECK_STR(msg, bc->expected);
        /* the descriptor's parse: the same message */
        const pl_problem *p = problem_of(bc->fmt);
        pl_error err2;
        memset(&err2, 0, sizeof err2);
        void *inst = p->parse(fmt_file[bc->fmt], bc->data, len, &err2);
        CHECKF(inst == NULL, "bad case %zu: %s's descriptor parse accepted it", i, p->name);
        if (inst) p->free(inst);
        pl_error_format(&err2, msg, sizeof msg);
        CHECK_STR(msg, bc->expected);
    }
    check_clear_context();
}

/* ======================================================================
 * 1. parsers: good inputs
 * ====================================================================== */

static void expect_clause(const pl_cnf *f, int c, const int *lits, int n, int line, int col) {
    if (!CHECKF(c < f->nclauses, "clause %d of %d", c + 1, f->nclauses)) return;
    CHECK_INT(f->start[c + 1] - f->start[c], n);
    if (f->start[c + 1] - f->start[c] == n)
        for (int i = 0; i < n; i++) CHECKF(f->lit[f->start[c] + i] == lits[i], "clause %d literal %d: %d, expected %d", c + 1, i, f->lit[f->start[c] + i], lits[i]);
    CHECKF(f->line[c] == line && f->col[c] == col, "clause %d at %d:%d, expected %d:%d", c + 1, f->line[c], f->col[c], line,
           col);
}

static bool parse_cnf_ok(const char *data, pl_cnf *f) {
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_cnf_parse("g.cnf", data, strlen(data), f, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "a good CNF was rejected: %s", msg);
        return false;
    }
    return true;
}

static bool parse_x3c_ok(const char *data, pl_x3c *x) {
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_x3c_parse("g.x3c", data, strlen(data), x, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "a good X3C file was rejected: %s", msg);
        return false;
    }
    return true;
}

static bool parse_vc_ok(const char *data, pl_vc *g) {
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_vc_parse("g.gr", data, strlen(data), g, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "a good graph was rejected: %s", msg);
        return false;
    }
    return true;
}

static bool parse_3p_ok(const char *data, pl_3part *p) {
    pl_error err;
    memset(&err, 0, sizeof err);
    if (pl_3part_parse("g.3p", data, strlen(data), p, &err)) {
        char msg[1024];
        pl_error_format(&err, msg, sizeof msg);
        CHECKF(0, "a good 3-Partition instance was rejected: %s", msg);
        return false;
    }
    return true;
}

static void test_good_inputs(void) {
    pl_cnf f;
    /* comments, a clause over three lines, two clauses on a line, CRLF, tabs,
     * the '%' marker followed by SATLIB's stray "0" */
    const char *cnf = "c a comment\r\n"
                      "c\r\n"
                      "\r\n"
                      "p cnf\t4  4\r\n"
                      "1 -2\r\n"
                      "c between the literals of a clause\r\n"
                      "  3\r\n"
                      " 0 -4 0 2\t4 0\r\n"
                      "0\r\n"
                      "%\r\n"
                      "0\r\n"
                      "garbage after the marker\r\n";
    check_context(false, 0, "good CNF:\n%s", cnf);
    if (parse_cnf_ok(cnf, &f)) {
        CHECK_INT(f.nvars, 4);
        CHECK_INT(f.nclauses, 4);
        CHECK_STR(f.file, "g.cnf");
        expect_clause(&f, 0, (const int[]){1, -2, 3}, 3, 5, 1);
        expect_clause(&f, 1, (const int[]){-4}, 1, 8, 4);
        expect_clause(&f, 2, (const int[]){2, 4}, 2, 8, 9);
        expect_clause(&f, 3, NULL, 0, 9, 1); /* the empty clause */
        CHECK(!pl_cnf_three_literals(&f));
        CHECK(pl_cnf_distinct_variables(&f));
        pl_cnf_free(&f);
    }
    /* the empty formula, with and without variables */
    check_context(false, 0, "empty formulas");
    if (parse_cnf_ok("p cnf 0 0\n", &f)) {
        CHECK_INT(f.nvars, 0);
        CHECK_INT(f.nclauses, 0);
        CHECK_INT(f.start[0], 0);
        CHECK(pl_cnf_three_literals(&f)); /* vacuously */
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        signed char v[2];
        CHECK_INT(pl_sat_solve(&f, &lim, v), 1);
        pl_cnf_free(&f);
    }
    if (parse_cnf_ok("c no trailing newline\np cnf 5 0", &f)) {
        CHECK_INT(f.nvars, 5);
        CHECK_INT(f.nclauses, 0);
        pl_cnf_free(&f);
    }
    /* three literals, a repeated variable; '+' signs; the last line without '\n' */
    if (parse_cnf_ok("p cnf 3 2\n1 -1 2 0\n+3 2 -1 0", &f)) {
        CHECK(pl_cnf_three_literals(&f));
        CHECK(!pl_cnf_distinct_variables(&f));
        expect_clause(&f, 1, (const int[]){3, 2, -1}, 3, 3, 1);
        pl_cnf_free(&f);
    }

    pl_x3c x;
    const char *x3 = "# a hash comment\n"
                     "c a c comment\n"
                     "\n"
                     "p x3c 6 3\r\n"
                     "1 2 3\r\n"
                     "  4\t5 6  \r\n"
                     "# between\n"
                     "c between\n"
                     "6 1 2\n"
                     "# the end";
    check_context(false, 0, "good X3C:\n%s", x3);
    if (parse_x3c_ok(x3, &x)) {
        CHECK_INT(x.items, 6);
        CHECK_INT(x.nsets, 3);
        CHECK_STR(x.file, "g.x3c");
        static const int want[3][3] = {{1, 2, 3}, {4, 5, 6}, {6, 1, 2}};
        static const int lines[3] = {5, 6, 9};
        for (int s = 0; s < 3 && s < x.nsets; s++) {
            CHECKF(x.set[s][0] == want[s][0] && x.set[s][1] == want[s][1] && x.set[s][2] == want[s][2],
                   "set %d: %d %d %d", s + 1, x.set[s][0], x.set[s][1], x.set[s][2]);
            CHECK_INT(x.line[s], lines[s]);
        }
        pl_x3c_free(&x);
    }
    check_context(false, 0, "X3C with no items");
    if (parse_x3c_ok("p x3c 0 0\n", &x)) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        bool chosen[2];
        CHECK_INT(pl_x3c_solve(&x, &lim, chosen), 1); /* q = 0: the empty cover */
        char why[256] = "";
        CHECK(pl_x3c_check(&x, chosen, why, sizeof why));
        pl_x3c_free(&x);
    }

    pl_vc g;
    /* the bound after the edges, self-loops, a repeated edge, CRLF, tabs */
    const char *gr = "c a graph\r\n"
                     "p edge 4 5\r\n"
                     "e 1 2\r\n"
                     "\te\t2 2\r\n"
                     "c the bound may come anywhere\r\n"
                     "e 3 4\r\n"
                     "c k 2\r\n"
                     "# hash\r\n"
                     "e 4 3\r\n"
                     "e 4 4\r\n";
    check_context(false, 0, "good graph:\n%s", gr);
    if (parse_vc_ok(gr, &g)) {
        CHECK_INT(g.nvertices, 4);
        CHECK_INT(g.nedges, 5);
        CHECK_INT(g.k, 2);
        static const int want[5][2] = {{1, 2}, {2, 2}, {3, 4}, {4, 3}, {4, 4}};
        static const int lines[5] = {3, 4, 6, 9, 10};
        for (int e = 0; e < 5 && e < g.nedges; e++) {
            CHECKF(g.edge[e][0] == want[e][0] && g.edge[e][1] == want[e][1], "edge %d: %d %d", e + 1, g.edge[e][0],
                   g.edge[e][1]);
            CHECK_INT(g.line[e], lines[e]);
        }
        /* the loops force 2 and 4, which cover everything */
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        bool in[8];
        CHECK_INT(pl_vc_minimum(&g, &lim, in), 2);
        CHECK(in[2] && in[4] && !in[1] && !in[3]);
        pl_limits_init(&lim, 0, 0, 0);
        CHECK_INT(pl_vc_solve(&g, 1, &lim, in), 0);
        pl_vc_free(&g);
    }
    /* the bound first, tabs in it, k = 0, no edges, the last line without '\n' */
    if (parse_vc_ok("c\tk\t0\np edge 3 0", &g)) {
        CHECK_INT(g.k, 0);
        CHECK_INT(g.nvertices, 3);
        CHECK_INT(g.nedges, 0);
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        bool in[8];
        CHECK_INT(pl_vc_solve(&g, 0, &lim, in), 1);
        pl_vc_free(&g);
    }
    /* the bound between the edges; a 'c' line that is not the bound */
    if (parse_vc_ok("p edge 3 2\ne 1 2\nc kick\nc k 1\ne 2 3\n", &g)) {
        CHECK_INT(g.k, 1);
        CHECK_INT(g.nedges, 2);
        pl_vc_free(&g);
    }

    pl_3part tp;
    /* any number of numbers a line, comments between them, CRLF, tabs, '+' */
    const char *t3 = "c a 3-Partition instance\r\n"
                     "# m = 3, B = 20\r\n"
                     "\r\n"
                     "p 3partition 9 20\r\n"
                     "6 7 7\t6  6\r\n"
                     "c between the numbers\n"
                     "  8\n"
                     "+6 7\n"
                     "7";
    check_context(false, 0, "good 3-Partition:\n%s", t3);
    if (parse_3p_ok(t3, &tp)) {
        CHECK_INT(tp.n, 9);
        CHECK_INT(tp.bound, 20);
        CHECK_STR(tp.file, "g.3p");
        static const int want[9] = {6, 7, 7, 6, 6, 8, 6, 7, 7};
        static const int lines[9] = {5, 5, 5, 5, 5, 7, 8, 8, 9};
        static const int cols[9] = {1, 3, 5, 7, 10, 3, 1, 4, 1};
        for (int i = 0; i < 9 && i < tp.n; i++)
            CHECKF(tp.a[i] == want[i] && tp.line[i] == lines[i] && tp.col[i] == cols[i],
                   "number %d: %d at %d:%d, expected %d at %d:%d", i + 1, tp.a[i], tp.line[i], tp.col[i], want[i],
                   lines[i], cols[i]);
        pl_3part_free(&tp);
    }
    /* the smallest bound, B = 3: only ones */
    check_context(false, 0, "3-Partition with B = 3");
    if (parse_3p_ok("p 3partition 3 3\n1\n1\n1\n", &tp)) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int triple[3];
        CHECK_INT(pl_3part_solve(&tp, &lim, triple), 1);
        CHECK(triple[0] == 1 && triple[1] == 2 && triple[2] == 3);
        pl_3part_free(&tp);
    }
    /* the largest bound, 10^9, with numbers next to B/4 and B/2 (the sum 2 * 10^9 is past INT_MAX) */
    check_context(false, 0, "3-Partition with B = 10^9");
    if (parse_3p_ok("p 3partition 6 1000000000\n250000001 499999998 250000001\n499999997 250000001 250000002\n",
                    &tp)) {
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int triple[6];
        CHECK_INT(pl_3part_solve(&tp, &lim, triple), 1);
        char why[256] = "";
        CHECKF(pl_3part_check(&tp, triple, NULL, 2, why, sizeof why), "%s", why);
        pl_3part_free(&tp);
    }
    check_clear_context();
}

/* ======================================================================
 * 2. certificates
 * ====================================================================== */

typedef struct sat_cert_case {
    const char *cert;
    int rc;             /* of pl_sat_read_assignment */
    const char *expect; /* rc -1: the formatted error; rc 1: why; rc 0: the checker's why, or NULL when ok */
    int values[4];      /* rc 0: value[1..3] expected (-1 not given) */
} sat_cert_case;

static const char *const sat_cert_formula = "c the formula of the certificate cases\np cnf 3 2\n1 -2 0\n2 3 0\n";

static const sat_cert_case sat_cert_cases[] = {
    {"1\n-2\n3\n", 0, NULL, {0, 1, 0, 1}},
    {"# a comment of the MOVES file\n  -1\n-2\n3\n", 0, NULL, {0, 0, 0, 1}},
    /* SAT competition output */
    {"c solved by a solver\ns SATISFIABLE\nv 1 -2 0\nv 3 0\n", 0, NULL, {0, 1, 0, 1}},
    {"s SATISFIABLE\nv 1 -2\nv 3\nv 0\n", 0, NULL, {0, 1, 0, 1}},
    {"1 2 0\n", 0, NULL, {0, 1, 1, -1}}, /* free variables are fine */
    {"1\n1\n2\n", 0, NULL, {0, 1, 1, -1}}, /* the same value twice too */
    {"0\n1 2\n", 0, NULL, {0, 1, 1, -1}},
    {"-1\n2\n", 0, "clause 1 (line 3: 1 -2) is not satisfied", {0, 0, 1, -1}},
    {"1\n-2\n-3\n", 0, "clause 2 (line 4: 2 3) is not satisfied", {0, 1, 0, 0}},
    {"s UNSATISFIABLE\n", 0, "clause 1 (line 3: 1 -2) is not satisfied", {0, -1, -1, -1}},
    /* contradictions */
    {"1\n-2\n-1\n", 1, "variable 1 is given both values (lines 1 and 3)", {0}},
    {"v 2 3 -2 0\n", 1, "variable 2 is given both values (lines 1 and 1)", {0}},
    /* syntax */
    {"1\n  -4\n", -1, "a.sol:2:3: literal -4: the formula has 3 variables", {0}},
    {"v 1 2 7 0\n", -1, "a.sol:1:7: literal 7: the formula has 3 variables", {0}},
    {"1\nv 2 x\n", -1, "a.sol:2:5: expected a literal (a whole number)", {0}},
    {"1 2a\n", -1, "a.sol:1:4: unexpected 'a' after a literal (numbers are separated by spaces)", {0}},
    {"\n\n   true\n", -1, "a.sol:3:4: expected a literal (a whole number)", {0}},
    {"v1 2\n", -1, "a.sol:1:1: expected a literal (a whole number)", {0}},
    {"1 -\n", -1, "a.sol:1:4: expected a literal (a whole number), found the end of the line", {0}},
    {"12345678901\n", -1, "a.sol:1:1: a literal is too large", {0}},
};

static void test_sat_certificates(void) {
    pl_cnf f;
    if (!parse_cnf_ok(sat_cert_formula, &f)) return;
    for (size_t i = 0; i < sizeof sat_cert_cases / sizeof sat_cert_cases[0]; i++) {
        const sat_cert_case *sc = &sat_cert_cases[i];
        check_context(false, 0, "SAT certificate case %zu:\n%s", i, sc->cert);
        pl_moves m = moves_of(sc->cert);
        signed char value[4];
        char why[256] = "";
        pl_error err;
        memset(&err, 0, sizeof err);
        int rc = pl_sat_read_assignment(&f, &m, value, why, sizeof why, &err);
        CHECK_INT(rc, sc->rc);
        if (rc == -1 && sc->rc == -1) {
            char msg[1024];
            pl_error_format(&err, msg, sizeof msg);
            CHECK_STR(msg, sc->expect);
        } else if (rc == 1 && sc->rc == 1) {
            CHECK_STR(why, sc->expect);
        } else if (rc == 0 && sc->rc == 0) {
            for (int v = 1; v <= 3; v++) CHECKF(value[v] == sc->values[v], "value[%d] = %d, expected %d", v, value[v], sc->values[v]);
            bool ok = pl_sat_check(&f, value, why, sizeof why);
            CHECK_INT(ok, sc->expect == NULL);
            if (sc->expect && !ok) CHECK_STR(why, sc->expect);
        }
        /* the descriptor's verify agrees */
        pl_verdict vd;
        memset(&vd, 0, sizeof vd);
        pl_error err2;
        memset(&err2, 0, sizeof err2);
        int vrc = pl_problem_sat.verify(&f, &m, &vd, &err2);
        CHECK_INT(vrc, sc->rc < 0 ? -1 : 0);
        if (vrc == 0 && sc->rc >= 0) {
            CHECK_INT(vd.ok, sc->rc == 0 && sc->expect == NULL);
            if (sc->expect) CHECK_STR(vd.reason, sc->expect);
            CHECK_INT(vd.nvalues, 1);
            if (sc->rc == 0) {
                int assigned = 0;
                for (int v = 1; v <= 3; v++) assigned += sc->values[v] >= 0;
                CHECK_STR(vd.value_name[0], "assigned");
                CHECK_INT(vd.value[0], assigned);
            }
        } else if (vrc == -1 && sc->rc == -1) {
            char msg[1024];
            pl_error_format(&err2, msg, sizeof msg);
            CHECK_STR(msg, sc->expect);
        }
        pl_moves_free(&m);
    }
    /* solve's whole text output is a certificate too (pl_moves_parse) */
    check_context(false, 0, "solve output as a certificate");
    pl_moves m = moves_of("solved\nassigned 3\nmoves:\n1\n-2\n3\n");
    CHECK_INT(m.n, 3);
    pl_verdict vd;
    memset(&vd, 0, sizeof vd);
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK_INT(pl_problem_sat.verify(&f, &m, &vd, &err), 0);
    CHECK(vd.ok);
    pl_moves_free(&m);
    /* writing: unassigned variables are left out */
    signed char value[4] = {-1, 1, -1, 0};
    pl_strvec out = {0};
    pl_sat_write_assignment(&f, value, &out);
    CHECK_INT(out.n, 2);
    if (out.n == 2) {
        CHECK_STR(out.s[0], "1");
        CHECK_STR(out.s[1], "-3");
    }
    pl_strvec_free(&out);
    pl_cnf_free(&f);
    /* the empty clause's reason */
    check_context(false, 0, "the empty clause");
    if (parse_cnf_ok("p cnf 2 2\n1 2 0\n\n0\n", &f)) {
        signed char v[3] = {-1, 1, 1};
        char why[256] = "";
        CHECK(!pl_sat_check(&f, v, why, sizeof why));
        CHECK_STR(why, "clause 2 (line 4: the empty clause) is not satisfied");
        pl_cnf_free(&f);
    }
    check_clear_context();
}

typedef struct set_cert_case {
    const char *cert;
    int rc;             /* of the reader */
    const char *expect; /* as in sat_cert_case */
    int size;           /* rc 0: sets / vertices read */
} set_cert_case;

/* sets: 1 = {1 2 3}, 2 = {4 5 6}, 3 = {1 4 5}, 4 = {2 3 6}, 5 = {1 2 3} (a copy of 1) */
static const char *const x3c_cert_instance = "p x3c 6 5\n1 2 3\n4 5 6\n1 4 5\n2 3 6\n# a copy\n1 2 3\n";

static const set_cert_case x3c_cert_cases[] = {
    {"1\n2\n", 0, NULL, 2},
    {"4\n3\n", 0, NULL, 2},
    {"# comment\n  5\n2\n", 0, NULL, 2},
    {"1\n5\n2\n", 0, "item 1 is covered twice (sets 1 and 5)", 3},
    {"1\n3\n", 0, "item 1 is covered twice (sets 1 and 3)", 2},
    {"2\n1\n4\n", 0, "item 2 is covered twice (sets 1 and 4)", 3},
    {"1\n", 0, "item 4 is not covered", 1},
    {"", 0, "item 1 is not covered", 0},
    {"3\n", 0, "item 2 is not covered", 1},
    {"1\n2\n1\n", 1, "set 1 is listed twice (lines 1 and 3)", 0},
    {"6\n", -1, "a.sol:1:1: set 6: the instance has 5 sets", 0},
    {"1\n  0\n", -1, "a.sol:2:3: set 0: the instance has 5 sets", 0},
    {"-2\n", -1, "a.sol:1:1: set -2: the instance has 5 sets", 0},
    {"1 2\n", -1, "a.sol:1:3: expected one set number a line (sets are numbered from 1 in file order)", 0},
    {"x\n", -1, "a.sol:1:1: expected a set number (a whole number)", 0},
    {"  2;\n", -1, "a.sol:1:4: unexpected ';' after a set number (numbers are separated by spaces)", 0},
};

/* edges: 1-2 (line 3), 2-3 (line 4), 3-4 (line 5), 4-4 (line 6); k = 2 */
static const char *const vc_cert_instance = "c k 2\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 4\n";

static const set_cert_case vc_cert_cases[] = {
    {"2\n4\n", 0, NULL, 2},
    {"  4\n2\n", 0, NULL, 2},
    {"1\n3\n4\n", 0, "3 vertices, more than k = 2", 3},
    {"2\n", 0, "edge 3 (line 5: 3 4) is not covered", 1},
    {"2\n3\n", 0, "edge 4 (line 6: 4 4) is not covered", 2},
    {"4\n", 0, "edge 1 (line 3: 1 2) is not covered", 1},
    {"1\n4\n", 0, "edge 2 (line 4: 2 3) is not covered", 2},
    {"", 0, "edge 1 (line 3: 1 2) is not covered", 0},
    {"2\n2\n", 1, "vertex 2 is listed twice (lines 1 and 2)", 0},
    {"4\n# c\n1\n4\n", 1, "vertex 4 is listed twice (lines 1 and 4)", 0},
    {"5\n", -1, "a.sol:1:1: vertex 5: the graph has vertices 1..4", 0},
    {"2\n\t0\n", -1, "a.sol:2:2: vertex 0: the graph has vertices 1..4", 0},
    {"2 4\n", -1, "a.sol:1:3: expected one vertex a line", 0},
    {"v\n", -1, "a.sol:1:1: expected a vertex (a whole number)", 0},
    {"1x\n", -1, "a.sol:1:2: unexpected 'x' after a vertex (numbers are separated by spaces)", 0},
};

static void run_set_cert_cases(bool vc, const void *inst, const set_cert_case *cases, size_t ncases) {
    const pl_problem *p = vc ? &pl_problem_vertex_cover : &pl_problem_x3c;
    for (size_t i = 0; i < ncases; i++) {
        const set_cert_case *sc = &cases[i];
        check_context(false, 0, "%s certificate case %zu:\n%s", p->name, i, sc->cert);
        pl_moves m = moves_of(sc->cert);
        bool chosen[16];
        memset(chosen, 0xAA, sizeof chosen);
        char why[256] = "";
        pl_error err;
        memset(&err, 0, sizeof err);
        int rc = vc ? pl_vc_read_cover(inst, &m, chosen, why, sizeof why, &err)
                    : pl_x3c_read_cover(inst, &m, chosen, why, sizeof why, &err);
        CHECK_INT(rc, sc->rc);
        if (rc == -1 && sc->rc == -1) {
            char msg[1024];
            pl_error_format(&err, msg, sizeof msg);
            CHECK_STR(msg, sc->expect);
        } else if (rc == 1 && sc->rc == 1) {
            CHECK_STR(why, sc->expect);
        } else if (rc == 0 && sc->rc == 0) {
            int size = 0;
            if (vc)
                for (int v = 1; v <= 4; v++) size += chosen[v];
            else
                for (int s = 0; s < 5; s++) size += chosen[s];
            CHECK_INT(size, sc->size);
            bool ok = vc ? pl_vc_check(inst, chosen, why, sizeof why) : pl_x3c_check(inst, chosen, why, sizeof why);
            CHECK_INT(ok, sc->expect == NULL);
            if (sc->expect && !ok) CHECK_STR(why, sc->expect);
        }
        pl_verdict vd;
        memset(&vd, 0, sizeof vd);
        pl_error err2;
        memset(&err2, 0, sizeof err2);
        int vrc = p->verify(inst, &m, &vd, &err2);
        CHECK_INT(vrc, sc->rc < 0 ? -1 : 0);
        if (vrc == 0 && sc->rc >= 0) {
            CHECK_INT(vd.ok, sc->rc == 0 && sc->expect == NULL);
            if (sc->expect) CHECK_STR(vd.reason, sc->expect);
            if (sc->rc == 0) {
                CHECK_STR(vd.value_name[0], vc ? "cover_size" : "sets");
                CHECK_INT(vd.value[0], sc->size);
            }
        } else if (vrc == -1 && sc->rc == -1) {
            char msg[1024];
            pl_error_format(&err2, msg, sizeof msg);
            CHECK_STR(msg, sc->expect);
        }
        pl_moves_free(&m);
    }
    check_clear_context();
}

static void test_set_certificates(void) {
    pl_x3c x;
    if (parse_x3c_ok(x3c_cert_instance, &x)) {
        run_set_cert_cases(false, &x, x3c_cert_cases, sizeof x3c_cert_cases / sizeof x3c_cert_cases[0]);
        bool chosen[5] = {false, true, false, false, true};
        pl_strvec out = {0};
        pl_x3c_write_cover(&x, chosen, &out);
        CHECK_INT(out.n, 2);
        if (out.n == 2) {
            CHECK_STR(out.s[0], "2");
            CHECK_STR(out.s[1], "5");
        }
        pl_strvec_free(&out);
        pl_x3c_free(&x);
    }
    pl_vc g;
    if (parse_vc_ok(vc_cert_instance, &g)) {
        run_set_cert_cases(true, &g, vc_cert_cases, sizeof vc_cert_cases / sizeof vc_cert_cases[0]);
        bool in[5] = {false, false, true, false, true};
        pl_strvec out = {0};
        pl_vc_write_cover(&g, in, &out);
        CHECK_INT(out.n, 2);
        if (out.n == 2) {
            CHECK_STR(out.s[0], "2");
            CHECK_STR(out.s[1], "4");
        }
        pl_strvec_free(&out);
        pl_vc_free(&g);
    }
}

/* numbers: 1:4 2:4 3:4 4:6 5:5 6:7, B = 15; the 3-partitions: {two 4s, 7} and {4, 6, 5} */
static const char *const tp_cert_instance = "p 3partition 6 15\n4 4 4\n6 5 7\n";

typedef struct tp_cert_case {
    const char *cert;
    int rc;             /* of pl_3part_read_partition */
    const char *expect; /* rc -1: the formatted error; else the verdict's reason, or NULL when valid */
    int ntriples;       /* rc >= 0: triples read */
    const char *why;    /* rc 1: the reader's why */
} tp_cert_case;

static const tp_cert_case tp_cert_cases[] = {
    {"1 2 6\n3 4 5\n", 0, NULL, 2, NULL},
    {"5 4 3\n# comment\n  6 1 2\n", 0, NULL, 2, NULL},
    {"2 3 6\n5 1 4\n", 0, NULL, 2, NULL},
    {"1 2 6\n", 0, "number 3 is in no triple (1 of the m = 2 triples given)", 1, NULL},
    {"", 0, "number 1 is in no triple (0 of the m = 2 triples given)", 0, NULL},
    {"1 2 5\n3 4 6\n", 0, "line 1: 4 + 4 + 5 = 13, not B = 15 (numbers 1 2 5)", 2, NULL},
    {"1 2 6\n3 5 6\n", 0, "number 6 is in two triples (lines 1 and 2)", 2, NULL},
    /* the first bad line: the sum on line 1, not the repeat on line 3 */
    {"1 2 4\n# x\n1 3 5\n", 0, "line 1: 4 + 4 + 6 = 14, not B = 15 (numbers 1 2 4)", 2, NULL},
    {"3 4 5\n# x\n3 1 2\n", 0, "number 3 is in two triples (lines 1 and 3)", 2, NULL},
    {"1 1 6\n", 0, "line 1: number 1 twice in one triple", 1, NULL},
    {"1 2 9\n", 0, "line 1: number 9 is outside 1..6", 1, NULL},
    {"3 4 5\n0 2 6\n", 0, "line 2: number 0 is outside 1..6", 2, NULL},
    {"3 4 5\n-1 2 6\n", 0, "line 2: number -1 is outside 1..6", 2, NULL},
    /* more than m lines: the excess line, unless an earlier one is bad */
    {"1 2 6\n3 4 5\n1 2 3\n", 1, "line 3: a triple more than m = 2 (the instance has 6 numbers)", 2,
     "line 3: a triple more than m = 2 (the instance has 6 numbers)"},
    {"1 2 5\n3 4 6\n1 2 3\n", 1, "line 1: 4 + 4 + 5 = 13, not B = 15 (numbers 1 2 5)", 2,
     "line 3: a triple more than m = 2 (the instance has 6 numbers)"},
    {"1 2\n", -1, "a.sol:1:4: expected the third index (a whole number), found the end of the line", 0, NULL},
    {"1 2 6\n3 4 5 6\n", -1, "a.sol:2:7: expected the end of the line (a triple is three indices of numbers, from 1)",
     0, NULL},
    {"1 x 3\n", -1, "a.sol:1:3: expected the second index (a whole number)", 0, NULL},
    {"1,2,3\n", -1, "a.sol:1:2: unexpected ',' after an index (numbers are separated by spaces)", 0, NULL},
    {"  3 4 5;\n", -1, "a.sol:1:8: unexpected ';' after the third index (numbers are separated by spaces)", 0, NULL},
    {"1 2 99999999999\n", -1, "a.sol:1:5: the third index is too large", 0, NULL},
};

static void test_tp_certificates(void) {
    pl_3part p;
    if (!parse_3p_ok(tp_cert_instance, &p)) return;
    for (size_t i = 0; i < sizeof tp_cert_cases / sizeof tp_cert_cases[0]; i++) {
        const tp_cert_case *tc = &tp_cert_cases[i];
        check_context(false, 0, "3partition certificate case %zu:\n%s", i, tc->cert);
        pl_moves m = moves_of(tc->cert);
        int triple[6], line[2], nt = -1;
        char why[256] = "";
        pl_error err;
        memset(&err, 0, sizeof err);
        int rc = pl_3part_read_partition(&p, &m, triple, line, &nt, why, sizeof why, &err);
        CHECK_INT(rc, tc->rc);
        if (rc == -1 && tc->rc == -1) {
            char msg[1024];
            pl_error_format(&err, msg, sizeof msg);
            CHECK_STR(msg, tc->expect);
        } else if (rc >= 0 && tc->rc >= 0) {
            CHECK_INT(nt, tc->ntriples);
            if (rc == 1) CHECK_STR(why, tc->why);
            /* rc 1: the first m triples pass exactly when the verdict is the reader's reason */
            char cwhy[256] = "";
            bool ok = pl_3part_check(&p, triple, line, nt, cwhy, sizeof cwhy);
            CHECK_INT(ok, tc->rc == 0 ? tc->expect == NULL : strcmp(tc->expect, tc->why) == 0);
            if (!ok && tc->expect) CHECK_STR(cwhy, tc->expect);
        }
        pl_verdict vd;
        memset(&vd, 0, sizeof vd);
        pl_error err2;
        memset(&err2, 0, sizeof err2);
        int vrc = pl_problem_3partition.verify(&p, &m, &vd, &err2);
        CHECK_INT(vrc, tc->rc < 0 ? -1 : 0);
        if (vrc == 0 && tc->rc >= 0) {
            CHECK_INT(vd.ok, tc->expect == NULL);
            if (tc->expect) CHECK_STR(vd.reason, tc->expect);
            CHECK_STR(vd.value_name[0], "triples");
            CHECK_INT(vd.value[0], tc->ntriples);
        } else if (vrc == -1 && tc->rc == -1) {
            char msg[1024];
            pl_error_format(&err2, msg, sizeof msg);
            CHECK_STR(msg, tc->expect);
        }
        pl_moves_free(&m);
    }
    /* without lines the reasons name the triples */
    check_context(false, 0, "pl_3part_check without lines");
    const int twice[6] = {1, 2, 6, 6, 3, 4};
    char why[256] = "";
    CHECK(!pl_3part_check(&p, twice, NULL, 2, why, sizeof why));
    CHECK_STR(why, "number 6 is in two triples (triples 1 and 2)");
    const int bad_sum[6] = {1, 2, 6, 3, 4, 4};
    CHECK(!pl_3part_check(&p, bad_sum, NULL, 2, why, sizeof why));
    CHECK_STR(why, "triple 2: number 4 twice in one triple");
    const int good[6] = {4, 5, 3, 6, 1, 2};
    CHECK(pl_3part_check(&p, good, NULL, 2, why, sizeof why));
    /* writing: one line a triple, as given */
    pl_strvec out = {0};
    pl_3part_write_partition(&p, good, 2, &out);
    CHECK_INT(out.n, 2);
    if (out.n == 2) {
        CHECK_STR(out.s[0], "4 5 3");
        CHECK_STR(out.s[1], "6 1 2");
    }
    pl_strvec_free(&out);
    pl_3part_free(&p);
    check_clear_context();
}

/* ======================================================================
 * 3. solvers vs brute force
 * ====================================================================== */

typedef struct counts {
    int yes, no;
} counts;

/* ---------- SAT ---------- */

#define SAT_MAXC 40

typedef struct tiny_cnf {
    int nvars, ncl;
    int len[SAT_MAXC];
    int lit[SAT_MAXC][3];
} tiny_cnf;

/* Whether the assignment a (bit v-1: variable v true) satisfies t. */
static bool tiny_sat_eval(const tiny_cnf *t, unsigned a) {
    for (int c = 0; c < t->ncl; c++) {
        bool sat = false;
        for (int i = 0; i < t->len[c] && !sat; i++) {
            int l = t->lit[c][i], v = l < 0 ? -l : l;
            sat = (((a >> (v - 1)) & 1u) != 0) == (l > 0);
        }
        if (!sat) return false;
    }
    return true;
}

/* The number of satisfying assignments, by enumerating all 2^n. */
static int tiny_sat_count(const tiny_cnf *t) {
    unsigned pos[SAT_MAXC], neg[SAT_MAXC];
    for (int c = 0; c < t->ncl; c++) {
        pos[c] = neg[c] = 0;
        for (int i = 0; i < t->len[c]; i++) {
            int l = t->lit[c][i];
            if (l > 0) pos[c] |= 1u << (l - 1);
            else neg[c] |= 1u << (-l - 1);
        }
    }
    int count = 0;
    for (unsigned a = 0; a < (1u << t->nvars); a++) {
        int c = 0;
        while (c < t->ncl && ((a & pos[c]) | (~a & neg[c]))) c++;
        count += c == t->ncl;
    }
    return count;
}

/* Writes t in DIMACS, in a layout drawn from r: comments, clauses over
 * several lines or several on a line, CRLF, tabs, SATLIB's '%'. */
static void tiny_cnf_text(const tiny_cnf *t, pl_rng *r, tbuf *b) {
    const char *eol = pl_rng_below(r, 4) == 0 ? "\r\n" : "\n";
    b->n = 0;
    b->s[0] = '\0';
    if (pl_rng_below(r, 2)) tb_printf(b, "c a random formula%s", eol);
    tb_printf(b, "p cnf %d %d%s", t->nvars, t->ncl, eol);
    bool bol = true; /* at the beginning of a line: a comment may come */
    for (int c = 0; c < t->ncl; c++) {
        if (pl_rng_below(r, 10) == 0) {
            tb_printf(b, "%sc between clauses%s", bol ? "" : eol, eol);
            bol = true;
        }
        for (int i = 0; i < t->len[c]; i++) {
            bool nl = pl_rng_below(r, 6) == 0;
            tb_printf(b, "%d%s", t->lit[c][i], nl ? eol : pl_rng_below(r, 5) == 0 ? "\t" : " ");
            bol = nl;
        }
        bol = pl_rng_below(r, 5) != 0;
        tb_printf(b, "0%s", bol ? eol : " ");
    }
    if (pl_rng_below(r, 5) == 0) tb_printf(b, "%s%%%s0%s", eol, eol, eol);
}

static void random_tiny_cnf(pl_rng *r, tiny_cnf *t) {
    t->nvars = 1 + (int)pl_rng_below(r, 10);
    t->ncl = (int)pl_rng_below(r, SAT_MAXC + 1);
    for (int c = 0; c < t->ncl; c++) {
        t->len[c] = pl_rng_below(r, 40) == 0 ? 0 : 1 + (int)pl_rng_below(r, 3);
        for (int i = 0; i < t->len[c]; i++) {
            int v = 1 + (int)pl_rng_below(r, (uint64_t)t->nvars);
            t->lit[c][i] = pl_rng_below(r, 2) ? v : -v;
        }
    }
}

/* Reads the solver's certificate back through write -> moves -> read. */
static void sat_round_trip(const pl_cnf *f, const signed char *value) {
    pl_strvec out = {0};
    pl_sat_write_assignment(f, value, &out);
    pl_moves m;
    pl_moves_from_strvec(&out, "rt.sol", &m);
    signed char back[16];
    char why[256] = "";
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK_INT(pl_sat_read_assignment(f, &m, back, why, sizeof why, &err), 0);
    for (int v = 1; v <= f->nvars; v++) CHECKF(back[v] == value[v], "variable %d read back as %d, written %d", v, back[v], value[v]);
    CHECKF(pl_sat_check(f, back, why, sizeof why), "read back: %s", why);
    pl_moves_free(&m);
    pl_strvec_free(&out);
}

/* Solves through the descriptor: the status, and the certificate through
 * verify. want: 1 yes, 0 no. */
static void descriptor_solve(const pl_problem *p, const void *inst, int want, const char *value_name) {
    pl_opts o;
    memset(&o, 0, sizeof o);
    pl_limits lim;
    pl_limits_init(&lim, 0, 0, 0);
    pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
    pl_solution sol;
    pl_solution_init(&sol);
    pl_error err;
    memset(&err, 0, sizeof err);
    int rc = p->solve(inst, &req, &sol, &err);
    CHECKF(rc == 0, "%s solve: %s", p->name, err.msg);
    CHECK_INT(sol.status, want ? PL_SOLVED : PL_UNSOLVABLE);
    if (sol.status == PL_SOLVED) {
        pl_moves m;
        pl_moves_from_strvec(&sol.moves, "solve.sol", &m);
        pl_verdict vd;
        memset(&vd, 0, sizeof vd);
        CHECK_INT(p->verify(inst, &m, &vd, &err), 0);
        CHECKF(vd.ok, "%s: the descriptor's certificate fails verify: %s", p->name, vd.reason);
        if (value_name) {
            bool found = false;
            for (int i = 0; i < sol.nvalues; i++) found |= strcmp(sol.value_name[i], value_name) == 0;
            CHECKF(found, "%s solve reports no value '%s'", p->name, value_name);
        }
        pl_moves_free(&m);
    } else if (sol.status == PL_UNSOLVABLE) {
        CHECK(sol.note[0] != '\0');
        CHECK_INT(sol.moves.n, 0);
    }
    pl_solution_free(&sol);
}

static void check_sat_parsed(const tiny_cnf *t, const pl_cnf *f) {
    CHECK_INT(f->nvars, t->nvars);
    if (!CHECK_EQ(f->nclauses, t->ncl)) return;
    for (int c = 0; c < t->ncl; c++) {
        bool same = f->start[c + 1] - f->start[c] == t->len[c];
        for (int i = 0; same && i < t->len[c]; i++) same = f->lit[f->start[c] + i] == t->lit[c][i];
        CHECKF(same, "clause %d read differently", c + 1);
    }
}

static void test_sat_random(uint64_t base, int n, counts *cnt) {
    tbuf *b = malloc(sizeof *b);
    for (int it = 0; it < n; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        tiny_cnf t;
        random_tiny_cnf(&r, &t);
        tiny_cnf_text(&t, &r, b);
        check_context(true, seed, "%s", b->s);
        pl_cnf f;
        if (!parse_cnf_ok(b->s, &f)) continue;
        check_sat_parsed(&t, &f);
        int models = tiny_sat_count(&t);
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        signed char value[16];
        memset(value, 0x55, sizeof value);
        int rc = pl_sat_solve(&f, &lim, value);
        CHECKF(rc == (models > 0), "CaDiCaL says %d, the brute force finds %d models", rc, models);
        if (rc == 1) {
            cnt->yes++;
            unsigned a = 0;
            bool complete = true;
            for (int v = 1; v <= t.nvars; v++) {
                complete &= value[v] == 0 || value[v] == 1;
                if (value[v] == 1) a |= 1u << (v - 1);
            }
            CHECKF(complete, "the model leaves a variable without a value");
            CHECKF(tiny_sat_eval(&t, a), "the model does not satisfy the formula");
            char why[256] = "";
            CHECKF(pl_sat_check(&f, value, why, sizeof why), "pl_sat_check rejects the model: %s", why);
            if (it % 8 == 0) sat_round_trip(&f, value);
        } else if (rc == 0) {
            cnt->no++;
        }
        if (it % 40 == 0) descriptor_solve(&pl_problem_sat, &f, models > 0, NULL);
        pl_cnf_free(&f);
    }
    free(b);
    check_clear_context();
}

/* ---------- X3C ---------- */

#define X3C_MAXS 14

typedef struct tiny_x3c {
    int q, m;
    int set[X3C_MAXS][3];
} tiny_x3c;

static unsigned x3c_mask(const int *s) {
    return (1u << (s[0] - 1)) | (1u << (s[1] - 1)) | (1u << (s[2] - 1));
}

/* The number of exact covers, by enumerating every subcollection. */
static int tiny_x3c_count(const tiny_x3c *t) {
    unsigned mask[X3C_MAXS], full = (1u << (3 * t->q)) - 1;
    for (int s = 0; s < t->m; s++) mask[s] = x3c_mask(t->set[s]);
    int count = 0;
    for (unsigned sub = 0; sub < (1u << t->m); sub++) {
        if (popcount(sub) != t->q) continue;
        unsigned got = 0;
        bool disjoint = true;
        for (int s = 0; s < t->m && disjoint; s++) {
            if (!((sub >> s) & 1u)) continue;
            disjoint = !(got & mask[s]);
            got |= mask[s];
        }
        count += disjoint && got == full;
    }
    return count;
}

/* An independent check of a cover: q sets, pairwise disjoint, every item. */
static bool tiny_x3c_is_cover(const tiny_x3c *t, const bool *chosen) {
    unsigned got = 0;
    int k = 0;
    for (int s = 0; s < t->m; s++) {
        if (!chosen[s]) continue;
        if (got & x3c_mask(t->set[s])) return false;
        got |= x3c_mask(t->set[s]);
        k++;
    }
    return k == t->q && got == (1u << (3 * t->q)) - 1;
}

static void random_triple(pl_rng *r, int items, int *s) {
    for (int k = 0; k < 3; k++) {
        bool again;
        do {
            s[k] = 1 + (int)pl_rng_below(r, (uint64_t)items);
            again = false;
            for (int j = 0; j < k; j++) again |= s[j] == s[k];
        } while (again);
    }
}

static void random_tiny_x3c(pl_rng *r, tiny_x3c *t) {
    t->q = 1 + (int)pl_rng_below(r, 3);
    t->m = (int)pl_rng_below(r, 13);
    int s = 0;
    if (pl_rng_below(r, 2) && t->m >= t->q) { /* half of them: a planted cover, for balance */
        int perm[9];
        for (int i = 0; i < 3 * t->q; i++) perm[i] = i + 1;
        for (int i = 3 * t->q - 1; i > 0; i--) {
            int j = (int)pl_rng_below(r, (uint64_t)i + 1), tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        for (; s < t->q; s++)
            for (int k = 0; k < 3; k++) t->set[s][k] = perm[3 * s + k];
    }
    for (; s < t->m; s++) {
        if (s > 0 && pl_rng_below(r, 8) == 0) /* a repeated set */
            memcpy(t->set[s], t->set[pl_rng_below(r, (uint64_t)s)], sizeof t->set[s]);
        else
            random_triple(r, 3 * t->q, t->set[s]);
    }
    for (int i = t->m - 1; i > 0; i--) {
        int j = (int)pl_rng_below(r, (uint64_t)i + 1), tmp[3];
        memcpy(tmp, t->set[i], sizeof tmp);
        memcpy(t->set[i], t->set[j], sizeof tmp);
        memcpy(t->set[j], tmp, sizeof tmp);
    }
}

static void tiny_x3c_text(const tiny_x3c *t, pl_rng *r, tbuf *b) {
    const char *eol = pl_rng_below(r, 4) == 0 ? "\r\n" : "\n";
    b->n = 0;
    b->s[0] = '\0';
    if (pl_rng_below(r, 2)) tb_printf(b, "# random X3C%s", eol);
    tb_printf(b, "p x3c %d %d%s", 3 * t->q, t->m, eol);
    for (int s = 0; s < t->m; s++) {
        if (pl_rng_below(r, 10) == 0) tb_printf(b, "%s%s", pl_rng_below(r, 2) ? "c between" : "# between", eol);
        const char *sep = pl_rng_below(r, 5) == 0 ? "\t" : " ";
        tb_printf(b, "%s%d%s%d%s%d%s", pl_rng_below(r, 6) == 0 ? "  " : "", t->set[s][0], sep, t->set[s][1], sep,
                  t->set[s][2], eol);
    }
}

static void test_x3c_random(uint64_t base, int n, counts *cnt) {
    tbuf *b = malloc(sizeof *b);
    for (int it = 0; it < n; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        tiny_x3c t;
        random_tiny_x3c(&r, &t);
        tiny_x3c_text(&t, &r, b);
        check_context(true, seed, "%s", b->s);
        pl_x3c x;
        if (!parse_x3c_ok(b->s, &x)) continue;
        CHECK_INT(x.items, 3 * t.q);
        if (!CHECK_EQ(x.nsets, t.m)) {
            pl_x3c_free(&x);
            continue;
        }
        for (int s = 0; s < t.m; s++)
            CHECKF(!memcmp(x.set[s], t.set[s], sizeof t.set[s]), "set %d read differently", s + 1);
        int covers = tiny_x3c_count(&t);
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        bool chosen[X3C_MAXS + 1];
        memset(chosen, 1, sizeof chosen);
        int rc = pl_x3c_solve(&x, &lim, chosen);
        CHECKF(rc == (covers > 0), "Algorithm X says %d, the brute force finds %d exact covers", rc, covers);
        if (rc == 1) {
            cnt->yes++;
            CHECKF(tiny_x3c_is_cover(&t, chosen), "the solver's cover is not an exact cover");
            char why[256] = "";
            CHECKF(pl_x3c_check(&x, chosen, why, sizeof why), "pl_x3c_check rejects the solver's cover: %s", why);
        } else if (rc == 0) {
            cnt->no++;
        }
        CHECK(lim.nodes > 0 && lim.hit == PL_LIMIT_NONE);
        if (it % 40 == 0) descriptor_solve(&pl_problem_x3c, &x, covers > 0, "sets");
        pl_x3c_free(&x);
    }
    free(b);
    check_clear_context();
}

/* ---------- Vertex Cover ---------- */

#define VC_MAXE 20

typedef struct tiny_vc {
    int n, m, k;
    int edge[VC_MAXE][2];
} tiny_vc;

static bool tiny_vc_covers(const tiny_vc *t, unsigned s) {
    for (int e = 0; e < t->m; e++)
        if (!((s >> (t->edge[e][0] - 1)) & 1u) && !((s >> (t->edge[e][1] - 1)) & 1u)) return false;
    return true;
}

/* The size of a minimum vertex cover, by enumerating every vertex subset. */
static int tiny_vc_min(const tiny_vc *t) {
    int best = t->n + 1;
    for (unsigned s = 0; s < (1u << t->n); s++) {
        int c = popcount(s);
        if (c < best && tiny_vc_covers(t, s)) best = c;
    }
    return best;
}

static unsigned set_of(const bool *in, int n) {
    unsigned s = 0;
    for (int v = 1; v <= n; v++)
        if (in[v]) s |= 1u << (v - 1);
    return s;
}

static void random_tiny_vc(pl_rng *r, tiny_vc *t) {
    t->n = 1 + (int)pl_rng_below(r, 9);
    t->m = (int)pl_rng_below(r, 16);
    for (int e = 0; e < t->m; e++) {
        if (e > 0 && pl_rng_below(r, 10) == 0) { /* a repeated edge, maybe reversed */
            int f = (int)pl_rng_below(r, (uint64_t)e);
            bool rev = pl_rng_below(r, 2);
            t->edge[e][0] = t->edge[f][rev];
            t->edge[e][1] = t->edge[f][!rev];
            continue;
        }
        t->edge[e][0] = 1 + (int)pl_rng_below(r, (uint64_t)t->n);
        /* about one edge in twelve a self-loop, besides chance ones */
        t->edge[e][1] = pl_rng_below(r, 12) == 0 ? t->edge[e][0] : 1 + (int)pl_rng_below(r, (uint64_t)t->n);
    }
    t->k = (int)pl_rng_below(r, (uint64_t)t->n + 2);
}

/* The bound line goes before the header, between edges or at the end. */
static void tiny_vc_text(const tiny_vc *t, pl_rng *r, tbuf *b) {
    const char *eol = pl_rng_below(r, 4) == 0 ? "\r\n" : "\n";
    int kpos = (int)pl_rng_below(r, (uint64_t)t->m + 2) - 1; /* -1: before the header; e: before edge e */
    b->n = 0;
    b->s[0] = '\0';
    if (pl_rng_below(r, 2)) tb_printf(b, "c random graph%s", eol);
    if (kpos < 0) tb_printf(b, "c k %d%s", t->k, eol);
    tb_printf(b, "p edge %d %d%s", t->n, t->m, eol);
    for (int e = 0; e <= t->m; e++) {
        if (e == kpos) tb_printf(b, "%sc%sk %d%s", pl_rng_below(r, 4) == 0 ? " " : "", pl_rng_below(r, 3) ? " " : "\t",
                                 t->k, eol);
        if (e == t->m) break;
        if (pl_rng_below(r, 12) == 0) tb_printf(b, "c a comment%s", eol);
        tb_printf(b, "e %d%s%d%s", t->edge[e][0], pl_rng_below(r, 5) ? " " : "\t", t->edge[e][1], eol);
    }
}

static void test_vc_random(uint64_t base, int n, counts *cnt, int *loops) {
    tbuf *b = malloc(sizeof *b);
    for (int it = 0; it < n; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        tiny_vc t;
        random_tiny_vc(&r, &t);
        tiny_vc_text(&t, &r, b);
        check_context(true, seed, "%s", b->s);
        pl_vc g;
        if (!parse_vc_ok(b->s, &g)) continue;
        CHECK_INT(g.nvertices, t.n);
        CHECK_INT(g.k, t.k);
        if (!CHECK_EQ(g.nedges, t.m)) {
            pl_vc_free(&g);
            continue;
        }
        for (int e = 0; e < t.m; e++) {
            CHECKF(g.edge[e][0] == t.edge[e][0] && g.edge[e][1] == t.edge[e][1], "edge %d read differently", e + 1);
            *loops += t.edge[e][0] == t.edge[e][1];
        }
        int tau = tiny_vc_min(&t);
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        bool in[16];
        memset(in, 1, sizeof in);
        int rc = pl_vc_solve(&g, t.k, &lim, in);
        CHECKF(rc == (tau <= t.k), "the search tree says %d for k = %d, the minimum cover is %d", rc, t.k, tau);
        if (rc == 1) {
            cnt->yes++;
            unsigned s = set_of(in, t.n);
            CHECKF(tiny_vc_covers(&t, s) && popcount(s) <= t.k, "the solver's cover (%d vertices) is not one of <= %d",
                   popcount(s), t.k);
            char why[256] = "";
            CHECKF(pl_vc_check(&g, in, why, sizeof why), "pl_vc_check rejects the solver's cover: %s", why);
        } else if (rc == 0) {
            cnt->no++;
        }
        /* every bound from 0 to n + 1, and the minimum */
        for (int k = 0; k <= t.n + 1; k++) {
            pl_limits_init(&lim, 0, 0, 0);
            rc = pl_vc_solve(&g, k, &lim, in);
            CHECKF(rc == (tau <= k), "k = %d: the search tree says %d, the minimum cover is %d", k, rc, tau);
            if (rc == 1) CHECKF(tiny_vc_covers(&t, set_of(in, t.n)) && popcount(set_of(in, t.n)) <= k, "k = %d: bad cover", k);
        }
        pl_limits_init(&lim, 0, 0, 0);
        memset(in, 1, sizeof in);
        int mn = pl_vc_minimum(&g, &lim, in);
        CHECKF(mn == tau, "pl_vc_minimum = %d, the brute force says %d", mn, tau);
        unsigned s = set_of(in, t.n);
        CHECKF(popcount(s) == tau && tiny_vc_covers(&t, s), "pl_vc_minimum's cover has %d vertices or misses an edge",
               popcount(s));
        pl_limits_init(&lim, 0, 0, 0);
        CHECK_INT(pl_vc_minimum(&g, &lim, NULL), tau);
        if (it % 40 == 0) descriptor_solve(&pl_problem_vertex_cover, &g, tau <= t.k, "cover_size");
        pl_vc_free(&g);
    }
    free(b);
    check_clear_context();
}

/* ---------- 3-Partition ---------- */

#define TP_MAXM 6 /* the exhaustive assignment: m <= 3; the recursive split: any */

typedef struct tiny_3p {
    int m, bound;
    int a[3 * TP_MAXM];
} tiny_3p;

/* Whether the numbers split into m parts of three summing to B: every
 * assignment of numbers 2..3m to the m parts (number 1 in the first); m <= 3. */
static bool tiny_3p_assign(const tiny_3p *t) {
    const int n = 3 * t->m;
    long total = 1;
    for (int i = 1; i < n; i++) total *= t->m;
    for (long c = 0; c < total; c++) {
        long x = c;
        int sum[TP_MAXM] = {t->a[0]}, size[TP_MAXM] = {1};
        for (int i = 1; i < n; i++) {
            int g = (int)(x % t->m);
            x /= t->m;
            sum[g] += t->a[i];
            size[g]++;
        }
        bool ok = true;
        for (int g = 0; g < t->m; g++) ok &= sum[g] == t->bound && size[g] == 3;
        if (ok) return true;
    }
    return false;
}

/* The same by a plain recursion (no values, no memory, no bounds): the first
 * unused number with every pair of unused numbers after it that completes it. */
static bool tiny_3p_split(const tiny_3p *t, unsigned used) {
    int i = 0;
    while (i < 3 * t->m && (used >> i & 1u)) i++;
    if (i == 3 * t->m) return true;
    for (int j = i + 1; j < 3 * t->m; j++)
        for (int k = j + 1; k < 3 * t->m; k++)
            if (!(used >> j & 1u) && !(used >> k & 1u) && t->a[i] + t->a[j] + t->a[k] == t->bound &&
                tiny_3p_split(t, used | 1u << i | 1u << j | 1u << k))
                return true;
    return false;
}

static bool tiny_3p_yes(const tiny_3p *t) {
    bool yes = tiny_3p_split(t, 0);
    if (t->m <= 3) CHECKF(tiny_3p_assign(t) == yes, "the two brute forces disagree");
    return yes;
}

/* Whether triple (m triples, indices from 1) is a 3-partition of t, checked here. */
static bool tiny_3p_is_partition(const tiny_3p *t, const int *triple) {
    bool seen[3 * TP_MAXM + 1] = {false};
    for (int g = 0; g < t->m; g++) {
        int sum = 0;
        for (int k = 0; k < 3; k++) {
            int i = triple[3 * g + k];
            if (i < 1 || i > 3 * t->m || seen[i]) return false;
            seen[i] = true;
            sum += t->a[i - 1];
        }
        if (sum != t->bound) return false;
    }
    return true;
}

/* m in minm..maxm, B in 9..80 (every such B has triples in range); a sixth
 * planted (m triples), the rest uniform numbers in range pushed to the sum mB. */
static void random_tiny_3p(pl_rng *r, tiny_3p *t, int minm, int maxm) {
    t->m = minm + (int)pl_rng_below(r, (uint64_t)(maxm - minm + 1));
    t->bound = 9 + (int)pl_rng_below(r, 72);
    const int n = 3 * t->m, lo = t->bound / 4 + 1, hi = (t->bound - 1) / 2;
    if (pl_rng_below(r, 6) == 0) {
        for (int g = 0; g < t->m; g++) {
            int x, y, z;
            do {
                x = lo + (int)pl_rng_below(r, (uint64_t)(hi - lo + 1));
                y = lo + (int)pl_rng_below(r, (uint64_t)(hi - lo + 1));
                z = t->bound - x - y;
            } while (z < lo || z > hi);
            t->a[3 * g] = x, t->a[3 * g + 1] = y, t->a[3 * g + 2] = z;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = (int)pl_rng_below(r, (uint64_t)i + 1), tmp = t->a[i];
            t->a[i] = t->a[j];
            t->a[j] = tmp;
        }
        return;
    }
    int sum = 0;
    for (int i = 0; i < n; i++) sum += t->a[i] = lo + (int)pl_rng_below(r, (uint64_t)(hi - lo + 1));
    while (sum != t->m * t->bound) { /* one step of 1 at a time, within the range */
        int i = (int)pl_rng_below(r, (uint64_t)n);
        if (sum > t->m * t->bound && t->a[i] > lo) t->a[i]--, sum--;
        else if (sum < t->m * t->bound && t->a[i] < hi) t->a[i]++, sum++;
    }
}

/* The instance as text: comments, any number of numbers a line, CRLF or not. */
static void tiny_3p_text(const tiny_3p *t, pl_rng *r, tbuf *b) {
    b->n = 0;
    const char *eol = pl_rng_below(r, 4) == 0 ? "\r\n" : "\n";
    if (pl_rng_below(r, 2)) tb_printf(b, "c tiny%s", eol);
    tb_printf(b, "p 3partition %d %d%s", 3 * t->m, t->bound, eol);
    for (int i = 0; i < 3 * t->m; i++) {
        int layout = (int)pl_rng_below(r, 6);
        tb_printf(b, "%s%d", layout == 0 ? "\t" : layout == 1 ? "  " : "", t->a[i]);
        if (i + 1 == 3 * t->m || layout >= 3)
            tb_printf(b, "%s%s", eol, layout == 5 ? "# between\n" : "");
        else
            tb_printf(b, " ");
    }
}

/* The solver's certificate through write -> moves -> read -> check. */
static void tp_round_trip(const pl_3part *p, const int *triple) {
    pl_strvec out = {0};
    pl_3part_write_partition(p, triple, p->n / 3, &out);
    CHECK_INT(out.n, p->n / 3);
    pl_moves m;
    pl_moves_from_strvec(&out, "rt.sol", &m);
    int back[3 * TP_MAXM], line[TP_MAXM], nt = 0;
    char why[256] = "";
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK_INT(pl_3part_read_partition(p, &m, back, line, &nt, why, sizeof why, &err), 0);
    CHECK_INT(nt, p->n / 3);
    CHECKF(nt == p->n / 3 && memcmp(back, triple, (size_t)p->n * sizeof *back) == 0, "the triples read back differ");
    for (int t = 0; t < nt; t++) CHECK_INT(line[t], t + 1);
    CHECKF(pl_3part_check(p, back, line, nt, why, sizeof why), "read back: %s", why);
    pl_moves_free(&m);
    pl_strvec_free(&out);
}

static void test_3p_random(uint64_t base, int n, int minm, int maxm, counts *cnt) {
    tbuf *b = malloc(sizeof *b);
    for (int it = 0; it < n; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        tiny_3p t;
        random_tiny_3p(&r, &t, minm, maxm);
        tiny_3p_text(&t, &r, b);
        check_context(true, seed, "%s", b->s);
        pl_3part p;
        if (!parse_3p_ok(b->s, &p)) continue;
        CHECK_INT(p.bound, t.bound);
        if (!CHECK_EQ(p.n, 3 * t.m)) {
            pl_3part_free(&p);
            continue;
        }
        CHECKF(!memcmp(p.a, t.a, (size_t)p.n * sizeof *p.a), "the numbers read differently");
        bool yes = tiny_3p_yes(&t);
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        int triple[3 * TP_MAXM];
        memset(triple, 0x55, sizeof triple);
        int rc = pl_3part_solve(&p, &lim, triple);
        CHECKF(rc == yes, "the solver says %d, the brute force %d", rc, yes);
        if (rc == 1) {
            cnt->yes++;
            CHECKF(tiny_3p_is_partition(&t, triple), "the solver's triples are not a 3-partition");
            char why[256] = "";
            CHECKF(pl_3part_check(&p, triple, NULL, t.m, why, sizeof why), "pl_3part_check rejects them: %s", why);
            if (it % 4 == 0) tp_round_trip(&p, triple);
        } else if (rc == 0) {
            cnt->no++;
        }
        CHECK(lim.nodes > 0 && lim.hit == PL_LIMIT_NONE);
        if (it % 40 == 0) descriptor_solve(&pl_problem_3partition, &p, yes, "triples");
        pl_3part_free(&p);
    }
    free(b);
    check_clear_context();
}

/* ---------- the registry, info, limits ---------- */

static void test_registry(void) {
    const pl_problem *const *all = pl_problems();
    int n = 0;
    while (all[n]) n++;
    CHECK_INT(n, 8);
    CHECK(pl_problem_find("decycling") == &pl_problem_decycling);
    CHECK(pl_problem_find("gpos") == &pl_problem_gpos);
    CHECK(pl_problem_find("geography") == &pl_problem_geography);
    CHECK(pl_problem_find("3partition") == &pl_problem_3partition);
    CHECK(pl_problem_find("planar-sat") == &pl_problem_planar_sat);
    CHECK(pl_problem_find("sat") == &pl_problem_sat);
    CHECK(pl_problem_find("x3c") == &pl_problem_x3c);
    CHECK(pl_problem_find("vertex-cover") == &pl_problem_vertex_cover);
    CHECK(pl_problem_find("vc") == NULL);
    CHECK(pl_problem_find("") == NULL);
    for (int i = 0; i < n; i++) {
        const pl_problem *p = all[i];
        CHECK(p->parse && p->free && p->info && p->solve && p->verify && p->generate && p->generate_options);
        CHECK(p->title && p->summary && p->format_help && p->algorithm && p->algorithm_result);
        CHECK(pl_problem_find(p->name) == p);
    }
    /* info through the descriptors, on instances parsed by them */
    const pl_problem *sat = pl_problem_find("sat");
    pl_error err;
    memset(&err, 0, sizeof err);
    const char *cnf = "p cnf 4 3\n1 -2 3 0\n-1 0\n2 3 4 0\n";
    void *inst = sat ? sat->parse("i.cnf", cnf, strlen(cnf), &err) : NULL;
    if (CHECK(inst != NULL)) {
        json_t *o = json_object();
        sat->info(inst, o);
        CHECK_INT(json_integer_value(json_object_get(o, "variables")), 4);
        CHECK_INT(json_integer_value(json_object_get(o, "clauses")), 3);
        CHECK_INT(json_integer_value(json_object_get(o, "literals")), 7);
        CHECK_INT(json_integer_value(json_object_get(o, "shortest_clause")), 1);
        CHECK_INT(json_integer_value(json_object_get(o, "longest_clause")), 3);
        CHECK(json_is_false(json_object_get(o, "three_literals")));
        json_decref(o);
        descriptor_solve(sat, inst, 1, NULL);
        sat->free(inst);
    }
    const pl_problem *x3c = pl_problem_find("x3c");
    const char *xt = "p x3c 9 3\n1 2 3\n1 4 5\n4 5 6\n";
    inst = x3c ? x3c->parse("i.x3c", xt, strlen(xt), &err) : NULL;
    if (CHECK(inst != NULL)) {
        json_t *o = json_object();
        x3c->info(inst, o);
        CHECK_INT(json_integer_value(json_object_get(o, "q")), 3);
        CHECK_INT(json_integer_value(json_object_get(o, "items_in_no_set")), 3);
        CHECK_INT(json_integer_value(json_object_get(o, "most_sets_of_an_item")), 2);
        json_decref(o);
        descriptor_solve(x3c, inst, 0, NULL);
        x3c->free(inst);
    }
    const pl_problem *vc = pl_problem_find("vertex-cover");
    const char *gt = "c k 1\np edge 4 3\ne 1 2\ne 1 3\ne 1 4\n";
    inst = vc ? vc->parse("i.gr", gt, strlen(gt), &err) : NULL;
    if (CHECK(inst != NULL)) {
        json_t *o = json_object();
        vc->info(inst, o);
        CHECK_INT(json_integer_value(json_object_get(o, "max_degree")), 3);
        CHECK_INT(json_integer_value(json_object_get(o, "matching_lower_bound")), 1);
        CHECK_INT(json_integer_value(json_object_get(o, "k")), 1);
        json_decref(o);
        descriptor_solve(vc, inst, 1, "cover_size");
        vc->free(inst);
    }
    const pl_problem *tp = pl_problem_find("3partition");
    const char *tt = "p 3partition 6 15\n4 4 4 6 6 6\n";
    inst = tp ? tp->parse("i.3p", tt, strlen(tt), &err) : NULL;
    if (CHECK(inst != NULL)) {
        json_t *o = json_object();
        tp->info(inst, o);
        CHECK_INT(json_integer_value(json_object_get(o, "m")), 2);
        CHECK_INT(json_integer_value(json_object_get(o, "bound")), 15);
        CHECK_INT(json_integer_value(json_object_get(o, "numbers")), 6);
        CHECK_INT(json_integer_value(json_object_get(o, "min")), 4);
        CHECK_INT(json_integer_value(json_object_get(o, "max")), 6);
        CHECK_INT(json_integer_value(json_object_get(o, "sum")), 30);
        CHECK_INT(json_integer_value(json_object_get(o, "distinct_values")), 2);
        CHECK(json_is_true(json_object_get(o, "strong_form")));
        json_decref(o);
        descriptor_solve(tp, inst, 0, NULL); /* 4 + 4 + 6 = 14, 4 + 6 + 6 = 16 */
        tp->free(inst);
    }
}

/* solve with a node limit of 1 through the descriptor: PL_UNKNOWN for X3C and
 * Vertex Cover; for SAT only a valid status (CaDiCaL's conflict limit may
 * still decide a small formula). */
static void test_node_limit(void) {
    for (int which = 0; which < 3; which++) {
        const pl_problem *p = problem_of(which);
        /* X3C: 4 of 8 sets, every item in two; VC: the 7-cycle with k = 4;
         * SAT: the pigeonhole formula, 4 pigeons in 3 holes (unsatisfiable) */
        const char *text = which == F_X3C ? "p x3c 12 8\n1 2 3\n4 5 6\n7 8 9\n10 11 12\n1 4 7\n2 5 10\n3 8 11\n6 9 12\n"
                           : which == F_VC
                               ? "c k 4\np edge 7 7\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 6\ne 6 7\ne 7 1\n"
                               : "p cnf 12 22\n1 2 3 0\n4 5 6 0\n7 8 9 0\n10 11 12 0\n"
                                 "-1 -4 0\n-1 -7 0\n-1 -10 0\n-4 -7 0\n-4 -10 0\n-7 -10 0\n"
                                 "-2 -5 0\n-2 -8 0\n-2 -11 0\n-5 -8 0\n-5 -11 0\n-8 -11 0\n"
                                 "-3 -6 0\n-3 -9 0\n-3 -12 0\n-6 -9 0\n-6 -12 0\n-9 -12 0\n";
        check_context(false, 0, "node limit 1, %s:\n%s", p->name, text);
        pl_error err;
        memset(&err, 0, sizeof err);
        void *inst = p->parse("lim", text, strlen(text), &err);
        if (!CHECKF(inst != NULL, "%s", err.msg)) continue;
        pl_opts o;
        memset(&o, 0, sizeof o);
        pl_limits lim;
        pl_limits_init(&lim, 0, 1, 0);
        pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
        pl_solution sol;
        pl_solution_init(&sol);
        CHECK_INT(p->solve(inst, &req, &sol, &err), 0);
        if (which == F_SAT) {
            CHECKF(sol.status == PL_UNSOLVABLE || sol.status == PL_UNKNOWN, "pigeonhole: status %d", sol.status);
            if (sol.status == PL_UNKNOWN) CHECK_INT(sol.limit_hit, PL_LIMIT_NODES);
        } else {
            CHECK_INT(sol.status, PL_UNKNOWN);
            CHECK_INT(sol.limit_hit, PL_LIMIT_NODES);
            CHECK_INT(sol.moves.n, 0);
            /* without the limit: solvable (the X3C instance: sets 1-4; the cycle: 4 of 7) */
            pl_solution_free(&sol);
            pl_limits_init(&lim, 0, 0, 0);
            pl_solution_init(&sol);
            CHECK_INT(p->solve(inst, &req, &sol, &err), 0);
            CHECK_INT(sol.status, PL_SOLVED);
            CHECK(sol.nodes > 1);
        }
        pl_solution_free(&sol);
        if (which == F_VC) { /* pl_vc_minimum under the limit */
            pl_limits_init(&lim, 0, 1, 0);
            bool in[8];
            CHECK_INT(pl_vc_minimum(inst, &lim, in), -1);
            pl_limits_init(&lim, 0, 0, 0);
            CHECK_INT(pl_vc_minimum(inst, &lim, in), 4);
        }
        if (which == F_X3C) {
            pl_limits_init(&lim, 0, 1, 0);
            bool chosen[9];
            CHECK_INT(pl_x3c_solve(inst, &lim, chosen), -1);
        }
        p->free(inst);
    }
    /* 3-Partition: a yes- and a no-instance under node limits; every limit below what the search needs gives -1 */
    static const char *const tp_text[2] = {"p 3partition 12 20\n6 7 7 6 6 8 6 7 7 7 6 7\n",
                                           "p 3partition 15 37\n11 15 15 15 15 12 11 12 10 15 10 10 13 10 11\n"};
    for (int k = 0; k < 2; k++) {
        check_context(false, 0, "3-Partition under node limits:\n%s", tp_text[k]);
        pl_3part tp;
        if (!parse_3p_ok(tp_text[k], &tp)) continue;
        int triple[15];
        pl_limits lim;
        pl_limits_init(&lim, 0, 0, 0);
        CHECK_INT(pl_3part_solve(&tp, &lim, triple), k == 0);
        uint64_t need = lim.nodes;
        CHECK(need > 2);
        for (uint64_t limit = 1; limit < need; limit++) {
            pl_limits_init(&lim, 0, limit, 0);
            CHECK_INT(pl_3part_solve(&tp, &lim, triple), -1);
            CHECK_INT(lim.hit, PL_LIMIT_NODES);
        }
        pl_limits_init(&lim, 0, need, 0);
        CHECK_INT(pl_3part_solve(&tp, &lim, triple), k == 0);
        /* through the descriptor: unknown, no certificate */
        pl_opts o;
        memset(&o, 0, sizeof o);
        pl_limits_init(&lim, 0, 1, 0);
        pl_request req = {.opts = &o, .seed = 1, .limits = &lim, .threads = 1};
        pl_solution sol;
        pl_solution_init(&sol);
        pl_error err;
        memset(&err, 0, sizeof err);
        CHECK_INT(pl_problem_3partition.solve(&tp, &req, &sol, &err), 0);
        CHECK_INT(sol.status, PL_UNKNOWN);
        CHECK_INT(sol.limit_hit, PL_LIMIT_NODES);
        CHECK_INT(sol.moves.n, 0);
        pl_solution_free(&sol);
        pl_3part_free(&tp);
    }
    /* SAT under a node limit of 1 on random formulas: any status, never a wrong one */
    for (int it = 0; it < 40; it++) {
        pl_rng r;
        pl_rng_seed(&r, 777 + (uint64_t)it);
        tiny_cnf t;
        random_tiny_cnf(&r, &t);
        tbuf *b = malloc(sizeof *b);
        tiny_cnf_text(&t, &r, b);
        check_context(true, 777 + (uint64_t)it, "%s", b->s);
        pl_cnf f;
        if (parse_cnf_ok(b->s, &f)) {
            pl_limits lim;
            pl_limits_init(&lim, 0, 1, 0);
            signed char value[16];
            int rc = pl_sat_solve(&f, &lim, value);
            int models = tiny_sat_count(&t);
            CHECKF(rc == -1 || rc == (models > 0), "rc %d with %d models", rc, models);
            char why[256];
            if (rc == 1) CHECKF(pl_sat_check(&f, value, why, sizeof why), "%s", why);
            if (rc == -1) CHECK_INT(lim.hit, PL_LIMIT_NODES);
            pl_cnf_free(&f);
        }
        free(b);
    }
    check_clear_context();
}

/* ======================================================================
 * 4. generators
 * ====================================================================== */

/* The generated text, parsed into a tiny instance for the brute force. */
static bool tiny_from_cnf_text(const char *text, tiny_cnf *t, pl_cnf *f) {
    if (!parse_cnf_ok(text, f)) return false;
    if (!CHECKF(f->nvars <= 10 && f->nclauses <= SAT_MAXC, "too large for the brute force")) {
        pl_cnf_free(f);
        return false;
    }
    t->nvars = f->nvars;
    t->ncl = f->nclauses;
    for (int c = 0; c < f->nclauses; c++) {
        t->len[c] = f->start[c + 1] - f->start[c];
        for (int i = 0; i < t->len[c]; i++) t->lit[c][i] = f->lit[f->start[c] + i];
    }
    return true;
}

static void test_sat_generator(uint64_t base, counts *cnt) {
    int differ = 0, pairs = 0;
    for (int it = 0; it < 150; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        char answer = "yna"[it % 3];
        int nvars = 3 + (int)pl_rng_below(&r, 6);
        /* no-instances need enough clauses; 8n is far above the threshold */
        int ncl = answer == 'n' ? 6 * nvars + (int)pl_rng_below(&r, 10) : (int)pl_rng_below(&r, SAT_MAXC + 1);
        if (ncl > SAT_MAXC) ncl = SAT_MAXC;
        check_context(true, seed, "pl_sat_random(%d, %d, '%c')", nvars, ncl, answer);
        pl_error err;
        memset(&err, 0, sizeof err);
        char *text = pl_sat_random(nvars, ncl, answer, seed, &err);
        if (!CHECKF(text != NULL, "%s", err.msg)) continue;
        char *again = pl_sat_random(nvars, ncl, answer, seed, &err);
        CHECKF(again && strcmp(text, again) == 0, "the same seed gave another text");
        free(again);
        char *other = pl_sat_random(nvars, ncl, answer, seed + 1000003u, &err);
        if (other && ncl > 0) {
            pairs++;
            differ += strcmp(body(text), body(other)) != 0;
        }
        free(other);
        tiny_cnf t;
        pl_cnf f;
        if (tiny_from_cnf_text(text, &t, &f)) {
            CHECK_INT(f.nvars, nvars);
            CHECK_INT(f.nclauses, ncl);
            CHECK(pl_cnf_three_literals(&f));
            CHECK(pl_cnf_distinct_variables(&f));
            int models = tiny_sat_count(&t);
            if (answer == 'y') CHECKF(models > 0, "--answer yes gave an unsatisfiable formula");
            if (answer == 'n') CHECKF(models == 0, "--answer no gave a formula with %d models", models);
            if (answer != 'a' && models > 0) cnt->yes++;
            if (answer != 'a' && models == 0) cnt->no++;
            pl_cnf_free(&f);
        }
        free(text);
    }
    check_context(false, 0, "sat generator: different seeds");
    CHECKF(pairs > 100 && differ >= pairs - 2, "only %d of %d pairs of seeds gave different formulas", differ, pairs);
    /* errors */
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK(pl_sat_random(2, 5, 'a', 1, &err) == NULL);
    CHECK_STR(err.msg, "sat generate: --vars must be at least 3 (a clause has three distinct variables)");
    /* the descriptor's options */
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = "vars", o.value[0] = "2", o.n = 1;
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_sat.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "--vars: 2 is out of range [3, 1000000]");
    o.name[0] = "answer", o.value[0] = "maybe";
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_sat.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "--answer: expected yes, no or any, got 'maybe'");
    /* defaults: 5 variables, round(4.26 * 5) = 21 clauses, any, seed 1 */
    memset(&o, 0, sizeof o);
    memset(&err, 0, sizeof err);
    char *d = pl_problem_sat.generate(&o, &err);
    char *e = pl_sat_random(5, 21, 'a', 1, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "sat generate's defaults");
    free(d);
    free(e);
    o.name[0] = "vars", o.value[0] = "6", o.name[1] = "clauses", o.value[1] = "40", o.name[2] = "answer",
    o.value[2] = "no", o.name[3] = "seed", o.value[3] = "9", o.n = 4;
    d = pl_problem_sat.generate(&o, &err);
    e = pl_sat_random(6, 40, 'n', 9, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "sat generate --vars 6 --clauses 40 --answer no --seed 9");
    free(d);
    free(e);
    check_clear_context();
}

static void test_x3c_generator(uint64_t base, counts *cnt) {
    int differ = 0, pairs = 0;
    for (int it = 0; it < 240; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        char answer = "yna"[it % 3];
        int q = (answer == 'n' ? 2 : 1) + (int)pl_rng_below(&r, answer == 'n' ? 3 : 4);
        int m = q + (int)pl_rng_below(&r, (uint64_t)(X3C_MAXS - q + 1));
        if (answer == 'n' && m < 2 * q) m = 2 * q; /* room for every item to be in a set */
        check_context(true, seed, "pl_x3c_random(%d, %d, '%c')", q, m, answer);
        pl_error err;
        memset(&err, 0, sizeof err);
        char *text = pl_x3c_random(q, m, answer, seed, &err);
        if (!CHECKF(text != NULL, "%s", err.msg)) continue;
        char *again = pl_x3c_random(q, m, answer, seed, &err);
        CHECKF(again && strcmp(text, again) == 0, "the same seed gave another text");
        free(again);
        char *other = q >= 2 ? pl_x3c_random(q, m, answer, seed + 1000003u, &err) : NULL;
        if (other) {
            pairs++;
            differ += strcmp(body(text), body(other)) != 0;
        }
        free(other);
        pl_x3c x;
        if (parse_x3c_ok(text, &x)) {
            CHECK_INT(x.items, 3 * q);
            CHECK_INT(x.nsets, m);
            tiny_x3c t = {.q = q, .m = x.nsets < X3C_MAXS ? x.nsets : X3C_MAXS};
            for (int s = 0; s < t.m; s++) memcpy(t.set[s], x.set[s], sizeof t.set[s]);
            int covers = tiny_x3c_count(&t);
            if (answer == 'y') CHECKF(covers > 0, "--answer yes gave no exact cover");
            if (answer == 'n') {
                CHECKF(covers == 0, "--answer no gave %d exact covers", covers);
                unsigned all = 0;
                for (int s = 0; s < t.m; s++) all |= x3c_mask(t.set[s]);
                CHECKF(all == (1u << (3 * q)) - 1, "--answer no: an item in no set");
            }
            if (answer != 'a' && covers > 0) cnt->yes++;
            if (answer != 'a' && covers == 0) cnt->no++;
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            bool chosen[X3C_MAXS + 1];
            CHECK_INT(pl_x3c_solve(&x, &lim, chosen), covers > 0);
            pl_x3c_free(&x);
        }
        free(text);
    }
    check_context(false, 0, "x3c generator: different seeds");
    CHECKF(pairs > 150 && differ >= pairs - 2, "only %d of %d pairs of seeds gave different instances", differ, pairs);
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK(pl_x3c_random(1, 5, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "x3c generate --answer no: with q = 1 every set covers all three items");
    memset(&err, 0, sizeof err);
    CHECK(pl_x3c_random(0, 5, 'a', 1, &err) == NULL);
    CHECK_STR(err.msg, "x3c generate: --q must be at least 1");
    memset(&err, 0, sizeof err);
    CHECK(pl_x3c_random(3, 2, 'y', 1, &err) == NULL);
    CHECK_STR(err.msg, "x3c generate --answer yes: --sets must be at least --q (3)");
    /* two sets never hold all nine items: the tries run out */
    memset(&err, 0, sizeof err);
    CHECK(pl_x3c_random(3, 2, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "x3c generate: no instance without an exact cover (every item in a set) in 100000 tries; change "
                       "--sets");
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = "q", o.value[0] = "1", o.name[1] = "answer", o.value[1] = "no", o.n = 2;
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_x3c.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "x3c generate --answer no: with q = 1 every set covers all three items");
    memset(&o, 0, sizeof o);
    char *d = pl_problem_x3c.generate(&o, &err);
    char *e = pl_x3c_random(3, 6, 'a', 1, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "x3c generate's defaults");
    free(d);
    free(e);
    check_clear_context();
}

static void test_vc_generator(uint64_t base, counts *cnt) {
    int differ = 0, pairs = 0, dense = 0;
    for (int it = 0; it < 300; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        char answer = "yna"[it % 3];
        int n = 2 + (int)pl_rng_below(&r, 8), most = n * (n - 1) / 2;
        int m = (answer == 'n' ? 1 : 0) + (int)pl_rng_below(&r, (uint64_t)(answer == 'n' ? most : most + 1));
        if (m > VC_MAXE) m = VC_MAXE;
        int k = answer == 'a' && it % 2 ? (int)pl_rng_below(&r, (uint64_t)n + 1) : -1;
        dense += 2 * m > most;
        check_context(true, seed, "pl_vc_random(%d, %d, '%c', %d)", n, m, answer, k);
        pl_error err;
        memset(&err, 0, sizeof err);
        char *text = pl_vc_random(n, m, answer, k, seed, &err);
        if (!CHECKF(text != NULL, "%s", err.msg)) continue;
        char *again = pl_vc_random(n, m, answer, k, seed, &err);
        CHECKF(again && strcmp(text, again) == 0, "the same seed gave another text");
        free(again);
        if (n >= 5 && m >= 3 && m <= most - 3) { /* at least 720 edge sequences */
            char *other = pl_vc_random(n, m, answer, k, seed + 1000003u, &err);
            if (other) {
                pairs++;
                differ += strcmp(body(text), body(other)) != 0;
            }
            free(other);
        }
        pl_vc g;
        if (parse_vc_ok(text, &g)) {
            CHECK_INT(g.nvertices, n);
            CHECK_INT(g.nedges, m);
            tiny_vc t = {.n = n, .m = g.nedges <= VC_MAXE ? g.nedges : VC_MAXE, .k = g.k};
            bool distinct = true;
            for (int e = 0; e < t.m; e++) {
                t.edge[e][0] = g.edge[e][0];
                t.edge[e][1] = g.edge[e][1];
                distinct &= g.edge[e][0] != g.edge[e][1];
                for (int f = 0; f < e; f++)
                    distinct &= !((g.edge[f][0] == g.edge[e][0] && g.edge[f][1] == g.edge[e][1]) ||
                                  (g.edge[f][0] == g.edge[e][1] && g.edge[f][1] == g.edge[e][0]));
            }
            CHECKF(distinct, "a loop or a repeated edge in a generated graph");
            int tau = tiny_vc_min(&t);
            if (answer == 'y') CHECKF(g.k == tau, "--answer yes: k = %d, the minimum is %d", g.k, tau);
            if (answer == 'n') CHECKF(g.k == tau - 1, "--answer no: k = %d, the minimum is %d", g.k, tau);
            if (answer == 'a') CHECKF(g.k == (k >= 0 ? k : tau), "--answer any: k = %d (asked %d, minimum %d)", g.k, k, tau);
            if (answer != 'a' && tau <= g.k) cnt->yes++;
            if (answer != 'a' && tau > g.k) cnt->no++;
            char line[128];
            snprintf(line, sizeof line, "minimum vertex cover %d", tau);
            CHECKF(strstr(text, line) != NULL, "the comment does not give the minimum %d", tau);
            pl_vc_free(&g);
        }
        free(text);
    }
    check_context(false, 0, "vertex-cover generator: different seeds");
    CHECKF(pairs > 60 && differ >= pairs - 2, "only %d of %d pairs of seeds gave different graphs", differ, pairs);
    CHECKF(dense > 50, "only %d dense graphs (the shuffled list of pairs)", dense);
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK(pl_vc_random(5, 0, 'n', -1, 1, &err) == NULL);
    CHECK_STR(err.msg, "vertex-cover generate --answer no: a graph without edges is covered by nothing");
    memset(&err, 0, sizeof err);
    CHECK(pl_vc_random(4, 7, 'y', -1, 1, &err) == NULL);
    CHECK_STR(err.msg, "vertex-cover generate: 4 vertices have at most 6 edges, not 7");
    memset(&err, 0, sizeof err);
    CHECK(pl_vc_random(1, 1, 'a', -1, 1, &err) == NULL);
    CHECK_STR(err.msg, "vertex-cover generate: 1 vertices have at most 0 edges, not 1");
    /* the complete graph K6: the shuffled list of all pairs, minimum 5 */
    char *text = pl_vc_random(6, 15, 'y', -1, 3, &err);
    pl_vc g;
    if (CHECK(text != NULL) && parse_vc_ok(text, &g)) {
        CHECK_INT(g.k, 5);
        pl_vc_free(&g);
    }
    free(text);
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = "k", o.value[0] = "2", o.name[1] = "answer", o.value[1] = "yes", o.n = 2;
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_vertex_cover.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "vertex-cover generate: --k goes with --answer any (yes and no choose k)");
    o.name[0] = "vertices", o.value[0] = "3", o.name[1] = "edges", o.value[1] = "4";
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_vertex_cover.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "vertex-cover generate: 3 vertices have at most 3 edges, not 4");
    memset(&o, 0, sizeof o);
    char *d = pl_problem_vertex_cover.generate(&o, &err);
    char *e = pl_vc_random(6, 6, 'a', -1, 1, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "vertex-cover generate's defaults");
    free(d);
    free(e);
    check_clear_context();
}

static void test_3p_generator(uint64_t base, counts *cnt) {
    int differ = 0, pairs = 0;
    for (int it = 0; it < 240; it++) {
        uint64_t seed = base + (uint64_t)it;
        pl_rng r;
        pl_rng_seed(&r, seed);
        char answer = "yna"[it % 3];
        /* no-instances: m >= 2 and B >= 15 (m = 2 has none for B = 14, see the errors below) */
        int m = (answer == 'n' ? 2 : 1) + (int)pl_rng_below(&r, answer == 'n' ? 2 : 3);
        int bound = answer == 'n' ? 15 + (int)pl_rng_below(&r, 30) : 9 + (int)pl_rng_below(&r, 36);
        check_context(true, seed, "pl_3part_random(%d, %d, '%c')", m, bound, answer);
        pl_error err;
        memset(&err, 0, sizeof err);
        char *text = pl_3part_random(m, bound, answer, seed, &err);
        if (!CHECKF(text != NULL, "%s", err.msg)) continue;
        char *again = pl_3part_random(m, bound, answer, seed, &err);
        CHECKF(again && strcmp(text, again) == 0, "the same seed gave another text");
        free(again);
        if (m >= 2 && bound >= 20) {
            char *other = pl_3part_random(m, bound, answer, seed + 1000003u, &err);
            if (other) {
                pairs++;
                differ += strcmp(body(text), body(other)) != 0;
            }
            free(other);
        }
        pl_3part p;
        if (parse_3p_ok(text, &p)) {
            CHECK_INT(p.n, 3 * m);
            CHECK_INT(p.bound, bound);
            tiny_3p t = {.m = m, .bound = bound};
            memcpy(t.a, p.a, (size_t)p.n * sizeof *p.a);
            bool yes = tiny_3p_yes(&t);
            if (answer == 'y') CHECKF(yes, "--answer yes gave no 3-partition");
            if (answer == 'n') CHECKF(!yes, "--answer no gave a 3-partition");
            if (answer != 'a' && yes) cnt->yes++;
            if (answer != 'a' && !yes) cnt->no++;
            pl_limits lim;
            pl_limits_init(&lim, 0, 0, 0);
            int triple[3 * TP_MAXM];
            CHECK_INT(pl_3part_solve(&p, &lim, triple), yes);
            pl_3part_free(&p);
        }
        free(text);
    }
    check_context(false, 0, "3partition generator: different seeds");
    CHECKF(pairs > 60 && differ >= pairs - pairs / 10, "only %d of %d pairs of seeds gave different instances", differ,
           pairs);
    /* larger planted instances stay yes, and the solver finds them (dense ones of m = 200, B = 1000 are
     * beyond it: see docs/formats.md) */
    static const int big[4][2] = {{50, 1000}, {300, 1000000000}, {200, 100}, {1000, 1000000000}};
    for (int k = 0; k < 4; k++) {
        int m = big[k][0], bound = big[k][1];
        check_context(false, 0, "pl_3part_random(%d, %d, 'y', %d)", m, bound, k);
        pl_error err;
        memset(&err, 0, sizeof err);
        char *text = pl_3part_random(m, bound, 'y', (uint64_t)k, &err);
        pl_3part p;
        if (CHECKF(text != NULL, "%s", err.msg) && parse_3p_ok(text, &p)) {
            int *triple = malloc((size_t)p.n * sizeof *triple);
            pl_limits lim;
            pl_limits_init(&lim, 0, 1000000, 0);
            CHECK_INT(pl_3part_solve(&p, &lim, triple), 1);
            char why[256] = "";
            CHECKF(pl_3part_check(&p, triple, NULL, m, why, sizeof why), "%s", why);
            free(triple);
            pl_3part_free(&p);
        }
        free(text);
    }
    check_context(false, 0, "3partition generator errors");
    pl_error err;
    memset(&err, 0, sizeof err);
    CHECK(pl_3part_random(0, 15, 'a', 1, &err) == NULL);
    CHECK_STR(err.msg, "3partition generate: --m must be in 1..100000");
    static const int no_triples[] = {1, 2, 4, 5, 8};
    for (size_t i = 0; i < sizeof no_triples / sizeof no_triples[0]; i++) {
        char want[256];
        snprintf(want, sizeof want,
                 "3partition generate: no three whole numbers strictly between B/4 and B/2 sum to B = %d (B must be "
                 "3, 6, 7 or at least 9)",
                 no_triples[i]);
        memset(&err, 0, sizeof err);
        CHECK(pl_3part_random(2, no_triples[i], 'y', 1, &err) == NULL);
        CHECK_STR(err.msg, want);
    }
    memset(&err, 0, sizeof err);
    CHECK(pl_3part_random(1, 15, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "3partition generate --answer no: with m = 1 the three numbers are the one triple");
    /* m = 2: 4, 4, 5, 5, 5, 5; 4, 4, 4, 5, 5, 6; 4, 4, 4, 4, 6, 6 all split (B = 14) */
    memset(&err, 0, sizeof err);
    CHECK(pl_3part_random(2, 14, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "3partition generate --answer no: with m = 2 and B = 14, each of the 3 multisets of numbers "
                       "strictly between B/4 and B/2 summing to mB splits into triples; choose a larger --bound");
    memset(&err, 0, sizeof err);
    CHECK(pl_3part_random(3, 12, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "3partition generate --answer no: with m = 3 and B = 12, the one multiset of numbers strictly "
                       "between B/4 and B/2 summing to mB splits into triples; choose a larger --bound");
    /* B = 13 has exactly one no-instance for m = 2 (five 4s and a 6), found by trying them all if need be */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        char *text = pl_3part_random(2, 13, 'n', seed, &err);
        pl_3part p;
        if (CHECKF(text != NULL, "%s", err.msg) && parse_3p_ok(text, &p)) {
            int fours = 0, sixes = 0;
            for (int i = 0; i < p.n; i++) fours += p.a[i] == 4, sixes += p.a[i] == 6;
            CHECK(fours == 5 && sixes == 1);
            pl_3part_free(&p);
        }
        free(text);
    }
    /* too many multisets to try them all (21001), none without a 3-partition: the tries run out */
    memset(&err, 0, sizeof err);
    CHECK(pl_3part_random(7000, 7, 'n', 1, &err) == NULL);
    CHECK_STR(err.msg, "3partition generate --answer no: no instance without a 3-partition in 500 tries; choose a "
                       "larger --bound or another --m");
    /* the descriptor's options */
    pl_opts o;
    memset(&o, 0, sizeof o);
    o.name[0] = "bound", o.value[0] = "2", o.n = 1;
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_3partition.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "--bound: 2 is out of range [3, 1000000000]");
    o.name[0] = "m", o.value[0] = "100001";
    memset(&err, 0, sizeof err);
    CHECK(pl_problem_3partition.generate(&o, &err) == NULL);
    CHECK_STR(err.msg, "--m: 100001 is out of range [1, 100000]");
    memset(&o, 0, sizeof o);
    char *d = pl_problem_3partition.generate(&o, &err);
    char *e = pl_3part_random(2, 15, 'a', 1, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "3partition generate's defaults");
    free(d);
    free(e);
    o.name[0] = "m", o.value[0] = "3", o.name[1] = "bound", o.value[1] = "40", o.name[2] = "answer",
    o.value[2] = "no", o.name[3] = "seed", o.value[3] = "9", o.n = 4;
    d = pl_problem_3partition.generate(&o, &err);
    e = pl_3part_random(3, 40, 'n', 9, &err);
    CHECKF(d && e && strcmp(d, e) == 0, "3partition generate --m 3 --bound 40 --answer no --seed 9");
    free(d);
    free(e);
    check_clear_context();
}

int main(void) {
    uint64_t base = check_seed_from_env(20240717);
    test_bad_inputs();
    test_good_inputs();
    test_sat_certificates();
    test_set_certificates();
    test_tp_certificates();
    test_registry();
    test_node_limit();

    counts sat = {0, 0}, x3c = {0, 0}, vc = {0, 0}, tp = {0, 0};
    int loops = 0;
    test_sat_random(base, 2000, &sat);
    test_x3c_random(base + 1000000u, 3000, &x3c);
    test_vc_random(base + 2000000u, 3000, &vc, &loops);
    test_3p_random(base + 6000000u, 3000, 1, 3, &tp);
    counts tp6 = {0, 0};
    test_3p_random(base + 6500000u, 1000, 4, 6, &tp6);
    printf("brute force: sat %d satisfiable, %d unsatisfiable; x3c %d yes, %d no; vertex cover %d yes, %d no "
           "(%d self-loops); 3-partition %d yes, %d no (m <= 3), %d yes, %d no (m 4..6)\n",
           sat.yes, sat.no, x3c.yes, x3c.no, vc.yes, vc.no, loops, tp.yes, tp.no, tp6.yes, tp6.no);
    CHECK(sat.yes > 300 && sat.no > 300);
    CHECK(x3c.yes > 500 && x3c.no > 500);
    CHECK(vc.yes > 500 && vc.no > 500 && loops > 200);
    CHECK(tp.yes > 500 && tp.no > 500 && tp6.yes > 100 && tp6.no > 100);

    counts gs = {0, 0}, gx = {0, 0}, gv = {0, 0}, gt = {0, 0};
    test_sat_generator(base + 3000000u, &gs);
    test_x3c_generator(base + 4000000u, &gx);
    test_vc_generator(base + 5000000u, &gv);
    test_3p_generator(base + 7000000u, &gt);
    printf("generators: sat %d yes, %d no; x3c %d yes, %d no; vertex cover %d yes, %d no; 3-partition %d yes, %d no "
           "(as asked)\n",
           gs.yes, gs.no, gx.yes, gx.no, gv.yes, gv.no, gt.yes, gt.no);
    CHECK(gs.yes == 50 && gs.no == 50 && gx.yes == 80 && gx.no == 80 && gv.yes == 100 && gv.no == 100);
    CHECK(gt.yes == 80 && gt.no == 80);
    printf("%zu bad inputs with their messages, %zu certificate cases\n", sizeof bad_cases / sizeof bad_cases[0],
           sizeof sat_cert_cases / sizeof sat_cert_cases[0] + sizeof x3c_cert_cases / sizeof x3c_cert_cases[0] +
               sizeof vc_cert_cases / sizeof vc_cert_cases[0] + sizeof tp_cert_cases / sizeof tp_cert_cases[0]);
    return check_done("test_problems");
}
