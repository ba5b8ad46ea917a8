#!/usr/bin/env bash
# `puzzlelab GAME render` from the command line, for every game: the files are
# what their extension says (PNG signature and IHDR size, SVG that parses as
# XML with an <svg> root, PDF with moves + 1 pages), --frames and --step, and
# the errors (no -o, an unknown extension, a certificate that does not replay:
# file:line:col and exit 2). Issue 22: --step past the end, -o - with
# --format (PNG, SVG, PDF on stdout) and its errors, --json checked against
# the file it describes, a colour letter's fixed palette entry, a one-row
# board's strip wrapped into rows, the two-player status line.
#
# usage: tests/render/run.sh PUZZLELAB SRCDIR
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args render "PL=PUZZLELAB SRC=SRCDIR" "$@"

# check_png FILE: signature and a non-empty IHDR; prints "W H"
png_size() {
    python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
if d[:8] != b"\x89PNG\r\n\x1a\n" or d[12:16] != b"IHDR":
    sys.exit(1)
w, h = struct.unpack(">II", d[16:24])
print(w, h)
PY
}
svg_ok() {
    python3 - "$1" <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
sys.exit(0 if root.tag.endswith("svg") and float(root.get("width", "0").rstrip("pt")) > 0 else 1)
PY
}
pdf_pages() {
    python3 - "$1" <<'PY'
import re, sys
d = open(sys.argv[1], "rb").read()
if not d.startswith(b"%PDF-"):
    sys.exit(1)
print(len(re.findall(rb"/Type\s*/Page(?![s\w])", d)))
PY
}

# solve LEVEL GAME -> a MOVES file (the moves: block of solve)
certificate() {
    "$PL" "$1" solve "$2" | sed -n '/^moves:$/,$p' >"$3"
}

check_game() { # GAME LEVEL NAME
    local game=$1 level=$2 name=$3 moves n size w h
    moves="$TMP/$name.moves"
    certificate "$game" "$level" "$moves"
    n=$(grep -cv '^moves:$' "$moves")
    [[ $n -gt 0 ]] && ok || bad "$name: no certificate from solve"
    if "$PL" "$game" render "$level" "$moves" -o "$TMP/$name.pdf"; then
        [[ $(pdf_pages "$TMP/$name.pdf") == $((n + 1)) ]] && ok ||
            bad "$name: PDF has $(pdf_pages "$TMP/$name.pdf") pages, expected $((n + 1))"
    else
        bad "$name: render pdf failed"
    fi
    if "$PL" "$game" render "$level" "$moves" --frames --letters -o "$TMP/$name.svg"; then
        svg_ok "$TMP/$name.svg" && ok || bad "$name: SVG does not parse"
    else
        bad "$name: render svg failed"
    fi
    if "$PL" "$game" render "$level" -o "$TMP/$name-level.png" --cell-size 20 &&
        "$PL" "$game" render "$level" "$moves" --frames --frames-per-row 1 -o "$TMP/$name-strip.png" --cell-size 20; then
        read -r w h <<<"$(png_size "$TMP/$name-level.png")"
        [[ ${w:-0} -gt 0 && ${h:-0} -gt 0 ]] && ok || bad "$name: level PNG"
        # one frame per step, stacked: the strip is (moves + 1) frames high
        read -r sw sh <<<"$(png_size "$TMP/$name-strip.png")"
        [[ ${sw:-0} -ge $w && ${sh:-0} -ge $(((n + 1) * h - n - 1)) ]] && ok ||
            bad "$name: strip ${sw}x$sh for $((n + 1)) frames of ${w}x$h"
    else
        bad "$name: render png failed"
    fi
}

check_game clickomania "$SRC/levels/clickomania/small.level" click
# a level with regions (a construction's gadgets): labelled frames, one label in a margin
check_game clickomania "$SRC/tests/cli/levels/regions.level" click-regions
check_game buttons "$SRC/levels/buttons/lpcp-01.level" buttons
check_game twodots "$SRC/levels/twodots/cycle.level" twodots
check_game coins "$SRC/levels/coins/E-to-F.level" coins-square
cat >"$TMP/tri.level" <<'L'
grid: triangular
start:
oo.
o..
...
target:
...
.o.
oo.
L
check_game coins "$TMP/tri.level" coins-tri
cat >"$TMP/graph.level" <<'L'
grid: graph
start: 0 1 2
target: 1 2 3
edges:
0 1
1 2
2 0
2 3
1 3
3 4
L
check_game coins "$TMP/graph.level" coins-graph
# Snipperclips: the needle (connected model, with a keep line) and Theorem 5
check_game snip "$SRC/levels/snip/frame-connected.level" snip-connected
# (a triangle: 157 moves, so that the one-column PNG strip stays under 32767 px)
printf 'POLYGON((0.2 0.2, 0.8 0.2, 0.5 0.7, 0.2 0.2))\n' >"$TMP/snip-triangle.level"
check_game snip "$TMP/snip-triangle.level" snip-triangle

# --step K draws one frame: the same size as the level alone
lvl="$SRC/levels/clickomania/small.level"
certificate clickomania "$lvl" "$TMP/s.moves"
"$PL" clickomania render "$lvl" "$TMP/s.moves" --step 0 -o "$TMP/s0.png" --cell-size 20 && ok || bad "--step 0"
[[ -n $(png_size "$TMP/s0.png") ]] && ok || bad "--step 0: not a PNG"

expect_error() { # EXPECTED-STDERR-SUBSTRING COMMAND...
    local want=$1 err rc
    shift
    err=$("$@" 2>&1 >/dev/null)
    rc=$?
    [[ $rc == 2 && $err == *"$want"* ]] && ok || bad "$*: exit $rc, stderr '$err' (wanted exit 2 and '$want')"
}
expect_error "render needs -o FILE" "$PL" clickomania render "$lvl"
expect_error "expected an output file ending in .png, .svg or .pdf" "$PL" clickomania render "$lvl" -o "$TMP/x.jpg"
printf '3,0\n\n9,9\n' >"$TMP/bad.moves"
expect_error "$TMP/bad.moves:3:1: move 2 (9,9) is illegal: outside the board" "$PL" clickomania render "$lvl" "$TMP/bad.moves" -o "$TMP/x.png"
printf '3,0\n0;4\n' >"$TMP/syntax.moves"
expect_error "$TMP/syntax.moves:2:2: expected ','" "$PL" clickomania render "$lvl" "$TMP/syntax.moves" -o "$TMP/x.png"
expect_error "cannot write" "$PL" clickomania render "$lvl" -o "$TMP/no/such/dir/x.pdf"
printf 'snip 2 1 0 0.2 0\nsnip 1 2 0 3 3\n' >"$TMP/snip-bad.moves"
expect_error "$TMP/snip-bad.moves:2:1: move 2 (snip 1 2 0 3 3) is illegal" "$PL" snip render "$SRC/levels/snip/pieces.level" "$TMP/snip-bad.moves" -o "$TMP/x.pdf"
expect_error "--step: expected a whole number" "$PL" clickomania render "$lvl" --step x -o "$TMP/x.png"

# --step past the end (issue 22): an error naming the certificate's length
n=$(grep -cv '^moves:$' "$TMP/s.moves")
expect_error "$TMP/s.moves: --step $((n + 1)) is past the end: the certificate has $n moves (--step 0 to $n)" \
    "$PL" clickomania render "$lvl" "$TMP/s.moves" --step $((n + 1)) -o "$TMP/x.png"
expect_error "--step 1: without a MOVES file there is only the level (--step 0)" \
    "$PL" clickomania render "$lvl" --step 1 -o "$TMP/x.png"
[[ ! -e $TMP/x.png ]] && ok || bad "--step past the end wrote a picture"
"$PL" clickomania render "$lvl" "$TMP/s.moves" --step "$n" -o "$TMP/x.png" && ok || bad "--step N (the end) refused"

# -o - with --format: the picture on stdout, nothing else there
"$PL" clickomania render "$lvl" "$TMP/s.moves" -o - --format png >"$TMP/out.png" && ok || bad "-o - --format png"
[[ -n $(png_size "$TMP/out.png") ]] && ok || bad "-o - --format png: not a PNG on stdout"
"$PL" clickomania render "$lvl" -o - --format svg >"$TMP/out.svg" && ok || bad "-o - --format svg"
[[ $(head -c 5 "$TMP/out.svg") == "<?xml" || $(head -c 4 "$TMP/out.svg") == "<svg" ]] && svg_ok "$TMP/out.svg" && ok ||
    bad "-o - --format svg: not an SVG on stdout"
"$PL" clickomania render "$lvl" "$TMP/s.moves" -o - --format pdf >"$TMP/out.pdf" && ok || bad "-o - --format pdf"
[[ $(head -c 4 "$TMP/out.pdf") == "%PDF" && $(pdf_pages "$TMP/out.pdf") == $((n + 1)) ]] && ok ||
    bad "-o - --format pdf: not a PDF of $((n + 1)) pages on stdout"
# --format agrees with the extension, or names the format of a file without one
"$PL" clickomania render "$lvl" -o "$TMP/agree.PNG" --format png && [[ -n $(png_size "$TMP/agree.PNG") ]] && ok ||
    bad "--format png -o x.PNG"
"$PL" clickomania render "$lvl" -o "$TMP/picture" --format pdf && [[ $(pdf_pages "$TMP/picture") == 1 ]] && ok ||
    bad "--format pdf -o a file without an extension"
expect_error "render -o - needs --format png, svg or pdf" "$PL" clickomania render "$lvl" -o -
expect_error "render: -o $TMP/x.png is a .png file but --format asks for svg" \
    "$PL" clickomania render "$lvl" -o "$TMP/x.png" --format svg
expect_error "--format: expected png, svg or pdf, got 'gif'" "$PL" clickomania render "$lvl" -o - --format gif
expect_error "render: --json and -o - both want standard output" \
    "$PL" clickomania render "$lvl" -o - --format png --json
out=$("$PL" clickomania render "$lvl" -o - --format png --json 2>/dev/null)
python3 -c 'import json, sys; j = json.loads(sys.argv[1]); sys.exit(0 if j["status"] == "error" and j["exit_status"] == 2 else 1)' "$out" &&
    ok || bad "--json -o -: no JSON error object on stdout: $out"

# --json: what was drawn, checked against the file itself
json_check() { # JSON-FILE PICTURE PYTHON-CONDITION (j: the object, w, h: the PNG's size or 0)
    python3 - "$@" <<'PY'
import json, struct, sys
j = json.load(open(sys.argv[1]))
d = open(sys.argv[2], "rb").read()
w = h = 0
if d[:8] == b"\x89PNG\r\n\x1a\n":
    w, h = struct.unpack(">II", d[16:24])
ok = eval("(" + sys.argv[3] + ")")
if not ok:
    print(json.dumps(j), file=sys.stderr)
sys.exit(0 if ok else 1)
PY
}
"$PL" clickomania render "$lvl" "$TMP/s.moves" --step 1 -o "$TMP/j.png" --json >"$TMP/j.json" && ok || bad "render --json"
json_check "$TMP/j.json" "$TMP/j.png" "j['game'] == 'clickomania' and j['output'] == '$TMP/j.png' and j['format'] == 'png'
    and j['unit'] == 'px' and (j['width'], j['height']) == (w, h) and j['frames'] == 1 and j['rows'] == 1
    and j['first_step'] == j['last_step'] == 1 and j['moves'] == $n and j['moves_file'] == '$TMP/s.moves'
    and {c['name']: (c['entry'], c['rgb']) for c in j['colours']} == {'a': (1, '#e69f00'), 'b': (2, '#56b4e9'),
    'c': (3, '#e7298a')}" && ok || bad "render --json: fields"
"$PL" clickomania render "$lvl" "$TMP/s.moves" -o "$TMP/j.pdf" --json >"$TMP/jp.json" && ok || bad "render --json pdf"
json_check "$TMP/jp.json" "$TMP/j.pdf" "j['format'] == 'pdf' and j['unit'] == 'pt' and j['pages'] == j['frames'] == $n + 1
    and (j['first_step'], j['last_step']) == (0, $n) and j['width'] > 0" && ok || bad "render --json pdf: fields"
# a colour letter keeps its palette entry: 'a' is entry 1 in a level of c and a too
printf 'ca\nac\n' >"$TMP/ca.level"
"$PL" clickomania render "$TMP/ca.level" -o "$TMP/ca.svg" --json >"$TMP/ca.json" && ok || bad "render --json ca"
json_check "$TMP/ca.json" "$TMP/ca.svg" "[(c['name'], c['entry'], c['rgb']) for c in j['colours']] ==
    [('c', 3, '#e7298a'), ('a', 1, '#e69f00')]" && ok || bad "render --json: a keeps its colour"
# a one-row board's strip wraps into rows of frames (cells aligned, one frame a row)
printf 'aabbccaabbcc\n' >"$TMP/row.level"
printf '0,0\n0,0\n0,0\n0,0\n0,0\n0,0\n' >"$TMP/row.moves"
"$PL" clickomania render "$TMP/row.level" "$TMP/row.moves" --frames -o "$TMP/row.png" --cell-size 20 --json \
    >"$TMP/row.json" && ok || bad "render one-row strip"
json_check "$TMP/row.json" "$TMP/row.png" "j['frames'] == 7 and j['rows'] == 7 and j['frames_per_row'] == 1
    and (j['width'], j['height']) == (w, h) and h > w" && ok || bad "one-row strip: not wrapped"
"$PL" clickomania render "$TMP/row.level" "$TMP/row.moves" --frames --frames-per-row 3 -o "$TMP/row3.png" --json \
    >"$TMP/row3.json" && json_check "$TMP/row3.json" "$TMP/row3.png" "j['frames_per_row'] == 3 and j['rows'] == 3" &&
    ok || bad "--frames-per-row 3 not honoured"
# two players: the status line makes the frame higher than the puzzle's
sed -n '/^players:/!p' "$SRC/levels/buttons/2p-partisan.level" >"$TMP/1p.level"
"$PL" buttons render "$TMP/1p.level" -o "$TMP/1p.png" && "$PL" buttons render "$SRC/levels/buttons/2p-partisan.level" \
    "$SRC/levels/buttons/2p-partisan.moves" --step 3 -o "$TMP/2p.png" && ok || bad "render two-player buttons"
read -r w1 h1 <<<"$(png_size "$TMP/1p.png")"
read -r w2 h2 <<<"$(png_size "$TMP/2p.png")"
[[ ${h2:-0} -gt ${h1:-0} ]] && ok || bad "two-player frame ${w2}x$h2 not higher than the puzzle's ${w1}x$h1"

pl_test_done render
