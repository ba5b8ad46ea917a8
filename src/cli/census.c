/* `puzzlelab GAME census` under `mpirun -np P` (issue 23, item 3): the
 * game's chunked census (pl_census_hooks) over P processes.
 *
 * Every rank reads the same options and makes the same plan: the chunks
 * and the counters are fixed by the options alone. With P > 1, rank 0 is
 * the manager, as in sweep (docs/design.md, "MPI"): it does no counting,
 * answers each worker's READY or RESULT with WORK (a range of chunks:
 * first, count) or STOP, and adds each RESULT's counters (whole numbers) to
 * the totals. The ranges are guided: a quarter of the chunks left over the
 * workers, 1 to CENSUS_BATCH_MAX, so that a census of a second makes a few
 * dozen messages a worker and one of hours still balances at the end. The
 * totals are sums of whole numbers, so they are the same whatever P and
 * whichever worker counted what. A worker stopped by a limit says so in its
 * RESULT (with the counts it made before): rank 0 hands out no more work,
 * and the census is `unknown` with partial counts, as on one process (how
 * partial depends on P then). Messages are raw structs: one binary, one
 * architecture. */
#include <string.h>

#include "cli.h"

#ifdef PL_HAVE_MPI

enum { CENSUS_TAG_READY = 11, CENSUS_TAG_WORK, CENSUS_TAG_RESULT, CENSUS_TAG_STOP };
enum { CENSUS_BATCH_MAX = 256 };

typedef struct census_wire { /* a RESULT's head; ncounters uint64_t follow */
    int64_t first, count;
    int32_t stopped, hit;
} census_wire;

static void census_worker(const pl_census_hooks *h, void *plan, size_t ncounters, pl_limits *lim) {
    size_t bytes = sizeof(census_wire) + ncounters * sizeof(uint64_t);
    unsigned char *msg = pl_xmalloc(bytes);
    uint64_t *counts = pl_xmalloc(ncounters * sizeof *counts + 1);
    MPI_Send(NULL, 0, MPI_BYTE, 0, CENSUS_TAG_READY, MPI_COMM_WORLD);
    for (;;) {
        int64_t work[2];
        MPI_Status st;
        MPI_Recv(work, 2, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG != CENSUS_TAG_WORK) break;
        memset(counts, 0, ncounters * sizeof *counts);
        bool stopped = false;
        for (int64_t c = work[0]; c < work[0] + work[1] && !stopped; c++)
            stopped = !h->chunk(plan, (long)c, lim, counts);
        census_wire w = {.first = work[0], .count = work[1], .stopped = stopped, .hit = lim->hit};
        memcpy(msg, &w, sizeof w);
        memcpy(msg + sizeof w, counts, ncounters * sizeof *counts);
        MPI_Send(msg, (int)bytes, MPI_BYTE, 0, CENSUS_TAG_RESULT, MPI_COMM_WORLD);
    }
    free(counts);
    free(msg);
}

/* Rank 0: hands out the chunks and adds up the counts; returns whether a
 * worker was stopped by a limit (*hit: which). */
static bool census_manager(int size, long nchunks, size_t ncounters, uint64_t *totals, int *hit) {
    size_t bytes = sizeof(census_wire) + ncounters * sizeof(uint64_t);
    unsigned char *msg = pl_xmalloc(bytes);
    long handed = 0;
    int active = size - 1;
    bool stopping = false;
    while (active > 0) {
        MPI_Status st;
        pl_cli_mpi_probe(&st);
        int n;
        MPI_Get_count(&st, MPI_BYTE, &n);
        if (st.MPI_TAG == CENSUS_TAG_RESULT && (size_t)n == bytes) {
            MPI_Recv(msg, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            census_wire w;
            memcpy(&w, msg, sizeof w);
            for (size_t i = 0; i < ncounters; i++) {
                uint64_t x;
                memcpy(&x, msg + sizeof w + i * sizeof x, sizeof x);
                totals[i] += x;
            }
            if (w.stopped && !stopping) {
                stopping = true;
                *hit = w.hit;
            }
        } else { /* READY (or a message of another size: none is sent) */
            MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        long left = nchunks - handed;
        if (stopping || left == 0) {
            MPI_Send(NULL, 0, MPI_INT64_T, st.MPI_SOURCE, CENSUS_TAG_STOP, MPI_COMM_WORLD);
            active--;
            continue;
        }
        long batch = left / (4L * (size - 1));
        batch = batch < 1 ? 1 : batch > CENSUS_BATCH_MAX ? CENSUS_BATCH_MAX : batch;
        int64_t work[2] = {handed, batch};
        handed += batch;
        MPI_Send(work, 2, MPI_INT64_T, st.MPI_SOURCE, CENSUS_TAG_WORK, MPI_COMM_WORLD);
    }
    free(msg);
    return stopping;
}

int pl_cli_census_mpi(const pl_game *g, const pl_opts *o, pl_limits *lim, json_t *out, pl_error *err) {
    const pl_census_hooks *h = g->census_chunked;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* the time limit and `seconds` count from here: MPI's start-up (a
     * second or more on a loaded machine) is not the census's */
    pl_limits_init(lim, lim->time_limit, lim->node_limit, lim->memory_limit);
    if (size == 1) return pl_census_run(h, o, lim, out, err);
    long nchunks;
    size_t ncounters;
    /* every rank makes the plan; a bad option fails on every rank alike */
    void *plan = h->plan(o, out, &nchunks, &ncounters, err);
    if (!plan) return -1;
    if (rank > 0) {
        census_worker(h, plan, ncounters, lim);
    } else {
        uint64_t *totals = pl_xcalloc(ncounters + 1, sizeof *totals);
        int hit = 0;
        bool stopped = census_manager(size, nchunks, ncounters, totals, &hit);
        h->finish(plan, totals, out);
        json_object_set_new(out, "status", json_string(stopped ? "unknown" : "solved"));
        if (stopped) json_object_set_new(out, "limit", json_string(pl_limit_name(hit)));
        free(totals);
    }
    h->free(plan);
    return 0;
}

#endif
