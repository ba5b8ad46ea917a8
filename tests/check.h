/* A tiny assertion header for puzzlelab's test programs.
 *
 * Checks do not stop the program: each failure prints
 *     file:line: check failed: <what>
 * followed by the current context (the seed and the instance under test, set
 * with check_context()), and the program's main returns check_done(), which
 * is non-zero when any check failed. After CHECK_MAX_REPORTS failures the
 * remaining ones are only counted, so a broken build does not flood the log.
 *
 * Header-only: every function is static inline, each test program includes it
 * once. */
#ifndef PUZZLELAB_TESTS_CHECK_H
#define PUZZLELAB_TESTS_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* SANITIZED: 1 in an AddressSanitizer build (tests do the same checks on
 * fewer instances there), else 0. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif
#include <string.h>

#define CHECK_MAX_REPORTS 20

static long check_count_ = 0;
static long check_failed_ = 0;
static bool check_has_seed_ = false;
static uint64_t check_seed_ = 0;
static char check_instance_[4096] = "";

/* Sets what a failure should show: the seed (has_seed false: none) and a
 * description of the instance (printf-style; NULL or "" clears it). */
static inline void check_context(bool has_seed, uint64_t seed, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static inline void check_context(bool has_seed, uint64_t seed, const char *fmt, ...) {
    check_has_seed_ = has_seed;
    check_seed_ = seed;
    check_instance_[0] = '\0';
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(check_instance_, sizeof check_instance_, fmt, ap);
        va_end(ap);
    }
}

static inline void check_clear_context(void) { check_context(false, 0, NULL); }

/* Records one check; prints the failure report when !ok. Returns ok. */
static inline bool check_report_(bool ok, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static inline bool check_report_(bool ok, const char *file, int line, const char *fmt, ...) {
    check_count_++;
    if (ok) return true;
    check_failed_++;
    if (check_failed_ > CHECK_MAX_REPORTS) return false;
    fprintf(stderr, "%s:%d: check failed: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (check_has_seed_) fprintf(stderr, "  seed: %" PRIu64 "\n", check_seed_);
    if (check_instance_[0]) {
        fprintf(stderr, "  instance:\n");
        const char *p = check_instance_;
        while (*p) {
            const char *nl = strchr(p, '\n');
            int n = nl ? (int)(nl - p) : (int)strlen(p);
            fprintf(stderr, "    %.*s\n", n, p);
            p += n + (nl ? 1 : 0);
        }
    }
    if (check_failed_ == CHECK_MAX_REPORTS) fprintf(stderr, "(further failures are counted, not shown)\n");
    return false;
}

#define CHECK(cond) check_report_((cond) ? true : false, __FILE__, __LINE__, "%s", #cond)

/* CHECK with a printf-style explanation. */
#define CHECKF(cond, ...) check_report_((cond) ? true : false, __FILE__, __LINE__, __VA_ARGS__)

#define CHECK_INT(actual, expected)                                                                          \
    do {                                                                                                     \
        long long check_a_ = (long long)(actual), check_e_ = (long long)(expected);                         \
        check_report_(check_a_ == check_e_, __FILE__, __LINE__, "%s == %s: got %lld, expected %lld", #actual, \
                      #expected, check_a_, check_e_);                                                       \
    } while (0)

#define CHECK_STR(actual, expected)                                                                          \
    do {                                                                                                     \
        const char *check_a_ = (actual), *check_e_ = (expected);                                             \
        bool check_ok_ = check_a_ && check_e_ && strcmp(check_a_, check_e_) == 0;                            \
        check_report_(check_ok_, __FILE__, __LINE__, "%s == %s:\n  got      \"%s\"\n  expected \"%s\"",     \
                      #actual, #expected, check_a_ ? check_a_ : "(null)", check_e_ ? check_e_ : "(null)");   \
    } while (0)

/* Prints the summary line and returns the exit status for main. */
static inline int check_done(const char *name) {
    if (check_failed_)
        fprintf(stderr, "%s: %ld of %ld checks failed\n", name, check_failed_, check_count_);
    else
        printf("%s: all %ld checks passed\n", name, check_count_);
    return check_failed_ ? 1 : 0;
}

/* The base seed: PL_TEST_SEED from the environment when set, else def. */
/* A safety-net time limit for a solver call in a test, in seconds, scaled
 * by PL_TEST_TIME_SCALE (set by ctest from -DPL_TEST_TIMEOUT_SCALE, default
 * 3): tests never depend on the machine's speed, so a limit only guards
 * against a hang and must not be hit on a loaded machine. */
static inline double check_time_limit(double seconds) {
    const char *v = getenv("PL_TEST_TIME_SCALE");
    double f = v ? atof(v) : 1;
    return seconds * (f >= 1 ? f : 1);
}

static inline uint64_t check_seed_from_env(uint64_t def) {
    const char *s = getenv("PL_TEST_SEED");
    if (!s || !*s) return def;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end) {
        fprintf(stderr, "PL_TEST_SEED: expected a number, got '%s'; using %" PRIu64 "\n", s, def);
        return def;
    }
    return (uint64_t)v;
}

#endif
