/* pl_double_text: the shortest decimal that reads back as the same double.
 * Fixed cases (90.25, 0.1, 1e23, negative zero, the extremes, powers of two)
 * with their exact text, then random doubles of every kind (random bit
 * patterns: normals of every exponent, subnormals; every power of two;
 * decimals of few digits; near-integers): each reads back bit for bit, is
 * shortest (neither (p-1)-digit decimal around x reads back as x), and is
 * written in the documented notation. */
#include <math.h>

#include "check.h"
#include "puzzlelab/core.h"

static uint64_t bits_of(double x) {
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static double double_of(uint64_t u) {
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The significant digits of t (no sign, point, exponent or leading zeros). */
static int digits_of(const char *t) {
    int n = 0;
    bool lead = true;
    for (const char *p = t; *p && *p != 'e'; p++) {
        if (*p < '0' || *p > '9') continue;
        if (*p == '0' && lead) continue;
        lead = false;
        n++;
    }
    /* trailing zeros of an integer written out ("180") are not significant */
    if (!strchr(t, '.') && !strchr(t, 'e'))
        for (size_t i = strlen(t); i > 0 && t[i - 1] == '0' && n > 1; i--) n--;
    return n;
}

/* Does the decimal m * 10^e read back as x? */
static bool reads_back(unsigned long long m, int e, double x) {
    char t[64];
    snprintf(t, sizeof t, "%llue%d", m, e);
    return strtod(t, NULL) == x;
}

static void check_one(double x) {
    char buf[PL_DOUBLE_CHARS + 8];
    memset(buf, 'Z', sizeof buf);
    pl_double_text(x, buf);
    size_t len = strlen(buf);
    CHECKF(len < PL_DOUBLE_CHARS, "%.17g: '%s' is %zu characters", x, buf, len);
    /* reads back bit for bit (the sign of zero too) */
    char *end;
    double y = strtod(buf, &end);
    CHECKF(*end == '\0' && bits_of(y) == bits_of(x), "%.17g (%016llx): '%s' reads back as %.17g", x,
           (unsigned long long)bits_of(x), buf, y);
    /* the notation: plain for decimal exponents -4 to 16, else d.ddde+XX */
    double a = fabs(x);
    if (a != 0) {
        int e10 = (int)floor(log10(a));
        bool expo = strchr(buf, 'e') != NULL;
        /* log10 may be off by one right at a power of ten: judge by the text */
        if (expo) {
            int written = atoi(strchr(buf, 'e') + 1);
            CHECKF(written < -4 || written > 16, "%.17g: '%s' uses an exponent in the plain range", x, buf);
        } else {
            CHECKF(e10 >= -5 && e10 <= 17, "%.17g: '%s' is plain outside the plain range", x, buf);
            CHECKF(buf[0] != '.' && buf[len - 1] != '.', "%.17g: '%s' has a bare point", x, buf);
        }
        if (strchr(buf, '.') && !expo) CHECKF(buf[len - 1] != '0', "%.17g: '%s' has a trailing zero", x, buf);
    }
    /* shortest: with p digits written, neither (p-1)-digit decimal around x
     * reads back as x (any shorter decimal that did would make one of the
     * two bracketing it do so) */
    int p = digits_of(buf);
    CHECKF(p >= (a != 0) && p <= 17, "%.17g: '%s' has %d digits", x, buf, p);
    if (a != 0 && isfinite(a) && p > 1) {
        char s[48];
        snprintf(s, sizeof s, "%.*e", p - 2, a);
        unsigned long long m = 0;
        const char *q = s;
        for (; *q != 'e'; q++)
            if (*q != '.') m = 10 * m + (unsigned long long)(*q - '0');
        int e = atoi(q + 1) - (p - 2);
        bool nearest = reads_back(m, e, a);
        double v = strtod(s, NULL);
        unsigned long long other = v < a ? m + 1 : m - 1;
        bool across = other > 0 && reads_back(other, e, a);
        CHECKF(!nearest && !across, "%.17g: '%s' is not shortest (%llue%d reads back)", x, buf, nearest ? m : other, e);
    }
}

int main(void) {
    static const struct {
        double x;
        const char *text;
    } fixed[] = {
        {90.25, "90.25"},
        {0.1, "0.1"},
        {0.1 + 0.2, "0.30000000000000004"},
        {1e23, "1e+23"},
        {-0.0, "-0"},
        {0.0, "0"},
        {180, "180"},
        {-90, "-90"},
        {1.5, "1.5"},
        {0.00012, "0.00012"},
        {1e-05, "1e-05"},
        {1e-7, "1e-07"},
        {1.5e300, "1.5e+300"},
        {1e16, "10000000000000000"},
        {1e17, "1e+17"},
        {123456789012345678.0, "1.2345678901234568e+17"},
        {5e-324, "5e-324"},
        {2.2250738585072014e-308, "2.2250738585072014e-308"},
        {1.7976931348623157e308, "1.7976931348623157e+308"},
        {9007199254740993.0, "9007199254740992"},
        {0.3, "0.3"},
        {2.0 / 3, "0.6666666666666666"},
        {1.0 / 3, "0.3333333333333333"},
        {100, "100"},
        {0.5, "0.5"},
        {1024, "1024"},
        {4.35, "4.35"},
        {-1e-300, "-1e-300"},
        {1e300, "1e+300"},
        {0.0001, "0.0001"},
        {5e-5, "5e-05"},
        {2.5e-324, "5e-324"},
    };
    char buf[PL_DOUBLE_CHARS];
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        CHECK_STR(pl_double_text(fixed[i].x, buf), fixed[i].text);
        check_one(fixed[i].x);
    }
    CHECK_STR(pl_double_text(INFINITY, buf), "inf");
    CHECK_STR(pl_double_text(-INFINITY, buf), "-inf");
    CHECK(strstr(pl_double_text(NAN, buf), "nan") != NULL);
    CHECK(pl_double_text(1.25, buf) == buf);

    /* every power of two, both signs: the lopsided rounding intervals */
    for (int e = -1074; e <= 1023; e++) {
        check_one(ldexp(1, e));
        check_one(-ldexp(1, e));
        check_one(nextafter(ldexp(1, e), 0));
        check_one(nextafter(ldexp(1, e), INFINITY));
    }
    uint64_t seed = check_seed_from_env(20261201);
    check_context(true, seed, "random doubles");
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (int i = 0; i < 200000; i++) {
        uint64_t u = pl_rng_next(&rng);
        double x;
        switch (i % 5) {
        case 0: /* any bit pattern (normals of every exponent, subnormals) */
            x = double_of(u);
            if (!isfinite(x)) continue;
            break;
        case 1: /* subnormals */ x = double_of(u & 0x800FFFFFFFFFFFFFull); break;
        case 2: /* decimals of few digits, as a user writes them */
        {
            char t[40];
            snprintf(t, sizeof t, "%llue%d", (unsigned long long)(u % 100000), (int)((u >> 20) % 40) - 20);
            x = strtod(t, NULL);
            break;
        }
        case 3: /* numbers in the unit square, as the constructions compute them */
            x = (double)(u >> 11) * (1.0 / 9007199254740992.0);
            break;
        default: /* angles and near-integers */ x = (double)(u % 721) - 360 + (double)((u >> 32) % 4) * 0.25; break;
        }
        check_one(x);
    }
    return check_done("util");
}
