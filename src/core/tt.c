/* Transposition table: 128-bit keys (two independent Zobrist hashes, so a
 * false hit needs a 128-bit collision) mapping to a 32-bit value. Linear
 * probing over a power-of-two array that doubles at 50% load while it stays
 * under its byte cap; at the cap it stops growing and a put that finds no free
 * slot in its probe window overwrites the home slot. Lookups only ever prune,
 * so a lost entry costs time, never correctness. */
#include <stdlib.h>
#include <string.h>

#include "puzzlelab/core.h"

#define PROBE_WINDOW 8

static size_t bytes_for(size_t slots) { return slots * sizeof(pl_tt_entry); }

int pl_tt_init(pl_tt *t, size_t cap_bytes) {
    memset(t, 0, sizeof *t);
    t->cap_bytes = cap_bytes;
    size_t slots = 1024;
    while (bytes_for(slots) > cap_bytes && slots > 16) slots /= 2;
    t->slots = pl_xcalloc(slots, sizeof(pl_tt_entry));
    t->mask = slots - 1;
    t->peak_bytes = bytes_for(slots);
    return 0;
}

void pl_tt_free(pl_tt *t) {
    free(t->slots);
    t->slots = NULL;
}

static inline bool is_empty(const pl_tt_entry *e) { return e->a == 0 && e->b == 0; }

static inline pl_key128 fix_key(pl_key128 k) {
    if (k.a == 0 && k.b == 0) k.b = 1; /* reserve the all-zero key for empty slots */
    return k;
}

bool pl_tt_get(const pl_tt *t, pl_key128 k, int32_t *value) {
    k = fix_key(k);
    size_t i = (size_t)k.a & t->mask;
    for (int p = 0; p < PROBE_WINDOW; p++, i = (i + 1) & t->mask) {
        const pl_tt_entry *e = &t->slots[i];
        if (is_empty(e)) return false;
        if (e->a == k.a && e->b == k.b) {
            *value = e->value;
            return true;
        }
    }
    return false;
}

static void insert_raw(pl_tt *t, pl_key128 k, int32_t value) {
    size_t home = (size_t)k.a & t->mask, i = home;
    for (int p = 0; p < PROBE_WINDOW; p++, i = (i + 1) & t->mask) {
        pl_tt_entry *e = &t->slots[i];
        if (is_empty(e)) {
            e->a = k.a;
            e->b = k.b;
            e->value = value;
            t->used++;
            return;
        }
        if (e->a == k.a && e->b == k.b) {
            e->value = value;
            return;
        }
    }
    /* Window full: replace the home slot. */
    t->slots[home].a = k.a;
    t->slots[home].b = k.b;
    t->slots[home].value = value;
    t->replaced++;
}

static void grow(pl_tt *t) {
    size_t old_n = t->mask + 1;
    size_t new_n = old_n * 2;
    if (bytes_for(new_n) + bytes_for(old_n) > t->cap_bytes) { /* both live while copying */
        t->full = true;
        return;
    }
    pl_tt_entry *old = t->slots;
    t->slots = pl_xcalloc(new_n, sizeof(pl_tt_entry));
    t->mask = new_n - 1;
    t->used = 0;
    for (size_t i = 0; i < old_n; i++)
        if (!is_empty(&old[i])) insert_raw(t, (pl_key128){old[i].a, old[i].b}, old[i].value);
    free(old);
    /* During the copy both arrays are live. */
    size_t live = bytes_for(new_n) + bytes_for(old_n);
    if (live > t->peak_bytes) t->peak_bytes = live;
}

void pl_tt_put(pl_tt *t, pl_key128 k, int32_t value) {
    k = fix_key(k);
    if (!t->full && 2 * (t->used + 1) > t->mask + 1) grow(t);
    insert_raw(t, k, value);
}
