/* Limits: wall-clock deadline, node budget, memory cap. Checked inside every
 * long loop through pl_limits_tick(); reaching one makes the answer unknown. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "puzzlelab/core.h"

#if defined(__SANITIZE_ADDRESS__)
#define PL_RSS_UNRELIABLE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PL_RSS_UNRELIABLE 1
#endif
#endif

size_t pl_resident_bytes(void) {
#if defined(PL_RSS_UNRELIABLE) || !defined(__linux__)
    return 0;
#else
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    /* resident pages less the file-backed ones (the program's code and the
     * libraries', paged in as they are first used): what the program holds */
    unsigned long size, resident, shared;
    int got = fscanf(f, "%lu %lu %lu", &size, &resident, &shared);
    fclose(f);
    if (got != 3 || shared > resident) return 0;
    long page = sysconf(_SC_PAGESIZE);
    return (size_t)(resident - shared) * (size_t)(page > 0 ? page : 4096);
#endif
}

static size_t memory_baseline; /* 0: not set */
void pl_memory_baseline_reset(void) { memory_baseline = pl_resident_bytes(); }
size_t pl_memory_baseline(void) { return memory_baseline; }

/* The resident growth over the limit: the memory limit is reached. */
static bool rss_over(pl_limits *l, double now) {
    if (now - l->last_rss_check < PL_LIMITS_RSS_SECONDS) return false;
    l->last_rss_check = now;
    size_t rss = pl_resident_bytes();
    return rss && rss > l->rss_base && rss - l->rss_base > l->memory_limit;
}

double pl_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void pl_limits_init(pl_limits *l, double time_limit, uint64_t node_limit, size_t memory_limit) {
    l->time_limit = time_limit;
    l->node_limit = node_limit;
    l->memory_limit = memory_limit ? memory_limit : PL_DEFAULT_MEMORY_LIMIT;
    l->start = pl_now();
    l->nodes = 0;
    l->hit = PL_LIMIT_NONE;
    l->check_every = l->until_check = 1;
    l->last_check = l->last_rss_check = l->start;
    l->rss_base = memory_baseline ? memory_baseline : pl_resident_bytes();
}

double pl_limits_elapsed(const pl_limits *l) { return pl_now() - l->start; }

bool pl_limits_check_time(pl_limits *l) {
    if (l->hit) return false;
    /* the clock is read even without a time limit: the resident memory is
     * watched at intervals in time too */
    double now = pl_now(), dt = now - l->last_check;
    /* Adapt the polls between readings towards one reading a poll period:
     * quickly down when polls got slow, gently up when they are fast. */
    if (l->check_every == 0) l->check_every = 1;
    if (dt > 2 * PL_LIMITS_POLL_SECONDS) l->check_every = l->check_every / 4 ? l->check_every / 4 : 1;
    else if (dt < PL_LIMITS_POLL_SECONDS / 2 && l->check_every < (1u << 20)) l->check_every *= 2;
    l->until_check = l->check_every;
    l->last_check = now;
    if (l->time_limit > 0 && now - l->start >= l->time_limit) {
        l->hit = PL_LIMIT_TIME;
        return false;
    }
    if (rss_over(l, now)) {
        l->hit = PL_LIMIT_MEMORY;
        return false;
    }
    return true;
}

const char *pl_limit_name(int hit) {
    switch (hit) {
    case PL_LIMIT_TIME: return "time limit";
    case PL_LIMIT_NODES: return "node limit";
    case PL_LIMIT_MEMORY: return "memory limit";
    default: return "none";
    }
}
