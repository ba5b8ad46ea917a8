/* A map from 64-bit keys to ints for the tests (open addressing, linear
 * probing, keys stored plus one so that 0 marks an empty slot; grows at half
 * load). Used as a set by test_coins_tri.c and as a numbering of
 * configurations by test_coins_shortest.c. */
#ifndef PL_TEST_U64MAP_H
#define PL_TEST_U64MAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "puzzlelab/core.h"

typedef struct u64map {
    uint64_t *key; /* key + 1, 0 empty */
    int32_t *v;
    size_t mask, n;
} u64map;

static inline void u64map_init(u64map *m) {
    m->mask = 1023;
    m->n = 0;
    m->key = pl_xcalloc(m->mask + 1, sizeof *m->key);
    m->v = pl_xcalloc(m->mask + 1, sizeof *m->v);
}

static inline void u64map_free(u64map *m) {
    free(m->key);
    free(m->v);
}

static inline size_t u64map_hash(uint64_t k) {
    k *= 0x9E3779B97F4A7C15ull;
    return (size_t)(k ^ (k >> 29));
}

/* The slot of key (stored as key + 1), or the empty slot where it would go. */
static inline size_t u64map_slot(const u64map *m, uint64_t stored) {
    size_t i = u64map_hash(stored) & m->mask;
    while (m->key[i] && m->key[i] != stored) i = (i + 1) & m->mask;
    return i;
}

/* The value of key, or -1 when absent. */
static inline int u64map_get(const u64map *m, uint64_t key) {
    size_t i = u64map_slot(m, key + 1);
    return m->key[i] ? m->v[i] : -1;
}

/* Sets key's value; true when key was not there. */
static inline bool u64map_put(u64map *m, uint64_t key, int v) {
    size_t i = u64map_slot(m, key + 1);
    if (m->key[i]) {
        m->v[i] = v;
        return false;
    }
    if (2 * (m->n + 1) > m->mask) {
        u64map old = *m;
        m->mask = 2 * old.mask + 1;
        m->key = pl_xcalloc(m->mask + 1, sizeof *m->key);
        m->v = pl_xcalloc(m->mask + 1, sizeof *m->v);
        for (size_t j = 0; j <= old.mask; j++)
            if (old.key[j]) {
                size_t s = u64map_slot(m, old.key[j]);
                m->key[s] = old.key[j];
                m->v[s] = old.v[j];
            }
        u64map_free(&old);
        i = u64map_slot(m, key + 1);
    }
    m->key[i] = key + 1;
    m->v[i] = v;
    m->n++;
    return true;
}

#endif
