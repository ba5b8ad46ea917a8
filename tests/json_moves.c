/* Test helper for tests/cli/run.sh: reads the JSON object that
 * `puzzlelab GAME solve --json` prints and writes
 *     json_moves FILE          the "moves" array, one move a line (a MOVES file)
 *     json_moves FILE KEY      the top-level value KEY: a string as is, a
 *                              number, true/false or null as JSON writes it
 * FILE may be "-" for standard input. Exit status 0, or 2 with a message on
 * standard error when the input is not such an object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: json_moves FILE [KEY]\n");
        return 2;
    }
    json_error_t jerr;
    json_t *root = strcmp(argv[1], "-") == 0 ? json_loadf(stdin, 0, &jerr) : json_load_file(argv[1], 0, &jerr);
    if (!root) {
        fprintf(stderr, "json_moves: %s:%d:%d: %s\n", argv[1], jerr.line, jerr.column, jerr.text);
        return 2;
    }
    int rc = 0;
    if (!json_is_object(root)) {
        fprintf(stderr, "json_moves: %s: not a JSON object\n", argv[1]);
        rc = 2;
    } else if (argc == 2) {
        json_t *moves = json_object_get(root, "moves");
        if (!json_is_array(moves)) {
            fprintf(stderr, "json_moves: %s: no \"moves\" array\n", argv[1]);
            rc = 2;
        } else {
            size_t i;
            json_t *m;
            json_array_foreach(moves, i, m) {
                if (!json_is_string(m)) {
                    fprintf(stderr, "json_moves: %s: moves[%zu] is not a string\n", argv[1], i);
                    rc = 2;
                    break;
                }
                printf("%s\n", json_string_value(m));
            }
        }
    } else {
        json_t *v = json_object_get(root, argv[2]);
        if (!v) {
            fprintf(stderr, "json_moves: %s: no key \"%s\"\n", argv[1], argv[2]);
            rc = 2;
        } else if (json_is_string(v)) {
            printf("%s\n", json_string_value(v));
        } else {
            char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
            printf("%s\n", s ? s : "");
            free(s);
        }
    }
    json_decref(root);
    return rc;
}
