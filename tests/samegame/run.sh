#!/usr/bin/env bash
# The shipped SameGame certificates (issue 21): for every board NN.level of
# the standard test set in levels/clickomania/samegame/, NN.moves is there,
# `clickomania verify --objective score` accepts it, the score verify reaches
# is the one the file's comment line claims, and the scores add up to the
# total that the folder's README states. A certificate that loses a point,
# an edited board, or a README out of step with the files fails here.
#
# usage: tests/samegame/run.sh PUZZLELAB SRCDIR
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args samegame "PL=PUZZLELAB SRC=SRCDIR" "$@"
DIR=$SRC/levels/clickomania/samegame

total=0
boards=0
for level in "$DIR"/[0-9][0-9].level; do
    nn=$(basename "$level" .level)
    boards=$((boards + 1))
    moves=$DIR/$nn.moves
    if [[ ! -f $moves ]]; then
        bad "board $nn: no certificate $nn.moves"
        continue
    fi
    claimed=$(sed -n '1s/^# board [0-9]*: score \([0-9]*\).*/\1/p' "$moves")
    if [[ -z $claimed ]]; then
        bad "board $nn: the first line of $nn.moves does not say '# board $nn: score N'"
        continue
    fi
    if ! "$PL" clickomania verify --objective score "$level" "$moves" >"$TMP/v" 2>&1; then
        bad "board $nn: verify rejects the certificate: $(head -n 2 "$TMP/v" | tr '\n' ' ')"
        continue
    fi
    got=$(sed -n 's/^score \([0-9]*\)$/\1/p' "$TMP/v")
    if [[ $got != "$claimed" ]]; then
        bad "board $nn: verify reaches score ${got:-?}, the file claims $claimed"
        continue
    fi
    # the README's per-board row names the same score
    if grep -qE "^\| $nn \| ([^|]*\| )*\*\*$claimed\*\*" "$DIR/README.md"; then ok; else
        bad "board $nn: README.md's table does not give $claimed in bold on board $nn's row"
    fi
    total=$((total + got))
done
if [[ $boards == 20 ]]; then ok; else bad "expected the 20 boards of the standard set, found $boards"; fi
stated=$(sed -n 's/^Total of the shipped certificates: \*\*\([0-9,]*\)\*\*.*/\1/p' "$DIR/README.md" | tr -d ,)
if [[ $stated == "$total" ]]; then ok; else bad "the certificates add up to $total, README.md states ${stated:-nothing}"; fi

# a certificate with one move removed is caught (the check can fail)
sed '$d' "$DIR/01.moves" >"$TMP/short.moves"
"$PL" clickomania verify --objective score "$DIR/01.level" "$TMP/short.moves" >"$TMP/v" 2>&1
got=$(sed -n 's/^score \([0-9]*\)$/\1/p' "$TMP/v")
claimed=$(sed -n '1s/^# board [0-9]*: score \([0-9]*\).*/\1/p' "$DIR/01.moves")
if [[ $got != "$claimed" ]]; then ok; else bad "board 01 without its last move still scores $claimed"; fi

pl_test_done samegame
