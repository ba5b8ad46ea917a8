/* Runs LLVMFuzzerTestOneInput on files, without libFuzzer, so the fuzz corpus
 * is a regression test in every build (gcc included, and under ASan/UBSan
 * with PL_SANITIZE=ON).
 *
 *   fuzz_replay [-v] PATH... [--if-exists PATH]...
 *
 * A PATH is a file or a directory (its regular files, not recursing, in name
 * order). A path after --if-exists may be missing. Exit status 0 when every
 * input ran (a bug aborts the process), 2 on a missing path, an unreadable
 * file, or no inputs at all. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int verbose;
static long ninputs;

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz_replay: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return -1;
    }
    for (;;) {
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
        free(buf);
        return -1;
    }
    if (verbose) fprintf(stderr, "fuzz_replay: %s (%zu bytes)\n", path, n);
    /* Exactly the bytes of the file, as libFuzzer would pass them. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    if (n) memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    ninputs++;
    return 0;
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fuzz_replay: cannot open directory %s: %s\n", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue; /* ., .., hidden files such as .gitkeep */
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nn = realloc(names, cap * sizeof *names);
            if (!nn) break;
            names = nn;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) break;
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && run_file(names[i])) rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

static int run_path(const char *path, int optional) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (optional) {
            if (verbose) fprintf(stderr, "fuzz_replay: %s absent, skipped\n", path);
            return 0;
        }
        fprintf(stderr, "fuzz_replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return S_ISDIR(st.st_mode) ? run_dir(path) : run_file(path);
}

int main(int argc, char **argv) {
    int rc = 0, npaths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (strcmp(argv[i], "--if-exists") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "fuzz_replay: --if-exists needs a path\n");
                return 2;
            }
            npaths++;
            if (run_path(argv[++i], 1)) rc = 2;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: fuzz_replay [-v] PATH... [--if-exists PATH]...\n"
                   "Runs the fuzz target on every file (directories: their files, in name order).\n");
            return 0;
        } else {
            npaths++;
            if (run_path(argv[i], 0)) rc = 2;
        }
    }
    if (npaths == 0) {
        fprintf(stderr, "usage: fuzz_replay [-v] PATH... [--if-exists PATH]...\n");
        return 2;
    }
    if (ninputs == 0) {
        fprintf(stderr, "fuzz_replay: no inputs found\n");
        return 2;
    }
    printf("fuzz_replay: %ld input%s replayed, no crash\n", ninputs, ninputs == 1 ? "" : "s");
    return rc;
}
