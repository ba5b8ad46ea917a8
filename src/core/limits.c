/* Limits: wall-clock deadline, node budget, memory cap. Checked inside every
 * long loop through pl_limits_tick(); reaching one makes the answer unknown. */
#include <time.h>

#include "puzzlelab/core.h"

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
    l->last_check = l->start;
}

double pl_limits_elapsed(const pl_limits *l) { return pl_now() - l->start; }

bool pl_limits_check_time(pl_limits *l) {
    if (l->hit) return false;
    if (l->time_limit <= 0) { /* nothing to watch: poll rarely */
        l->check_every = l->until_check = 1u << 20;
        return true;
    }
    double now = pl_now(), dt = now - l->last_check;
    /* Adapt the polls between readings towards one reading a poll period:
     * quickly down when polls got slow, gently up when they are fast. */
    if (l->check_every == 0) l->check_every = 1;
    if (dt > 2 * PL_LIMITS_POLL_SECONDS) l->check_every = l->check_every / 4 ? l->check_every / 4 : 1;
    else if (dt < PL_LIMITS_POLL_SECONDS / 2 && l->check_every < (1u << 20)) l->check_every *= 2;
    l->until_check = l->check_every;
    l->last_check = now;
    if (now - l->start >= l->time_limit) {
        l->hit = PL_LIMIT_TIME;
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
