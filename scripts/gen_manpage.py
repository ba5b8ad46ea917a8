#!/usr/bin/env python3
"""Writes the man page puzzlelab(1) from the built binary's own help.

    python3 scripts/gen_manpage.py PATH/TO/puzzlelab [-o puzzlelab.1]

Run at build time by CMake (target puzzlelab_manpage). The help text is written
once, in src/cli; this script only asks the binary and converts to roff:

    puzzlelab help                     NAME, SYNOPSIS, DESCRIPTION, EXIT STATUS
    puzzlelab GAME help                one section a game (games listed by help)
    puzzlelab GAME COMMAND --help      one subsection a command (listed by GAME help)
    puzzlelab PROBLEM help             the same for the source problems
    puzzlelab PROBLEM COMMAND --help

Nothing here knows a game, a command or an option: a help text that changes
changes the page. A help command that fails, or a listing that cannot be
found, fails the script (and the build) instead of writing a partial page.
"""
import argparse
import os
import re
import subprocess
import sys


def die(msg):
    sys.stderr.write("gen_manpage: %s\n" % msg)
    sys.exit(1)


def run_help(exe, *args):
    cmd = [exe] + list(args)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        die("%s: %s" % (" ".join(cmd), e))
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0 or not out.strip():
        die("'%s' exited %d%s" % (" ".join(cmd[1:]), p.returncode,
                                  ": " + p.stderr.decode("utf-8", "replace").strip() if p.stderr else ""))
    return out


def blocks(text):
    """The text's paragraphs (runs of non-blank lines), each a list of lines."""
    out, cur = [], []
    for line in text.rstrip("\n").split("\n"):
        line = line.rstrip()
        if line:
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def listing(text, heading_re):
    """The first words of the indented lines under the heading line that
    matches heading_re (up to the next blank line)."""
    names, inside = [], False
    for line in text.split("\n"):
        if not inside:
            inside = re.match(heading_re, line) is not None
            continue
        if not line.strip():
            break
        if line.startswith(" "):
            names.append(line.split()[0])
    return names


def esc(s):
    """Text for roff: backslashes and minus signs escaped; a leading '.' or
    "'" made harmless."""
    s = s.replace("\\", "\\e").replace("-", "\\-")
    if s[:1] in (".", "'"):
        s = "\\&" + s
    return s


def bold(s):
    return "\\fB" + esc(s) + "\\fR"


OPTION_RE = re.compile(r"^(\s+)(--\S+(?: [^\s-]\S*)?)\s+(\S.*)$")
TERM_RE = re.compile(r"^(\s+)(\S.*?)\s{2,}(\S.*)$")
# A command's arguments in a listing: LEVEL, [MOVES], --from, FILE...
METAVAR_RE = re.compile(r"^(\[?[A-Z][A-Z0-9_|.]*\]?|\[[A-Z][A-Z0-9_ |.]*\]|--[a-z][a-z0-9-]*)$")


def split_term(line, column):
    """An indented 'TERM  description' line as (TERM, description), or None.
    column: where the descriptions of this paragraph start (a term exactly as
    wide as its column is followed by one space only); a term wider than
    that is the first word and the metavariables after it."""
    body = line.strip()
    if body.startswith("-"):
        m = OPTION_RE.match(line)
        if m:
            return m.group(2), m.group(3)
    m = TERM_RE.match(line)
    if m:
        return m.group(2), m.group(3)
    if column and len(line) > column and line[column - 1] == " " and line[column] != " ":
        return line[:column].strip(), line[column:].strip()
    words = body.split(" ")
    n = 1
    while n < len(words) - 1 and METAVAR_RE.match(words[n]):
        n += 1
    if n > 1:
        return " ".join(words[:n]), " ".join(words[n:])
    return None


def help_to_roff(text):
    """A help text as roff: unindented lines ending in ':' become bold
    headings; indented 'TERM  description' lines (options, commands,
    algorithms, keys) become tagged paragraphs; deeper indented lines continue
    the paragraph above; prose lines are filled, a new line starting where a
    sentence ends and a capital letter begins (as 'Move: ...' after the level
    format) or after a short line (a title, a usage line: not a line the help
    wrapped at its right margin)."""
    out = []
    for block in blocks(text):
        out.append(".PP")
        term_indent = None  # indentation of the open tagged paragraph
        prev = None  # the previous prose line
        cols = {}
        for line in block:
            m = TERM_RE.match(line)
            if m and not line.strip().startswith("-"):
                c = len(line) - len(m.group(3))
                cols[c] = cols.get(c, 0) + 1
        column = max(cols, key=cols.get) if cols else None
        for line in block:
            indent = len(line) - len(line.lstrip(" "))
            body = line.strip()
            if indent == 0:
                if body.endswith(":") or (body.endswith("):") and "(" in body):
                    if out[-1] != ".PP":
                        out.append(".br")
                    out.append(bold(body))
                    prev = None
                else:
                    if term_indent is not None:
                        out.append(".PP")
                    elif prev is not None and (len(prev) < 60 or (re.search(r"[.:?!]$", prev)
                                                                  and re.match(r"[A-Z]", body))):
                        out.append(".br")
                    out.append(esc(body))
                    prev = body
                term_indent = None
                continue
            prev = None
            if term_indent is not None and indent > term_indent:
                out.append(".br")
                out.append(esc(body))
                continue
            t = split_term(line, column)
            if t:
                out += [".TP", bold(t[0]), esc(t[1])]
            else:
                out += [".IP", esc(body)]
            term_indent = indent
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("exe", help="the puzzlelab binary")
    ap.add_argument("-o", "--output", help="the man page (default: stdout)")
    args = ap.parse_args()
    exe = os.path.abspath(args.exe) if os.sep in args.exe else args.exe

    top = run_help(exe, "help")
    first = top.split("\n", 1)[0]
    m = re.match(r"^puzzlelab ([^:\s]+): (.*)$", first)
    if not m:
        die("unexpected first line of 'puzzlelab help': %r" % first)
    version, tagline = m.group(1), m.group(2)
    games = listing(top, r"^games:")
    problems = listing(top, r"^source problems\b.*:$")
    if not games:
        die("no games listed by 'puzzlelab help'")

    page = [
        '.\\" Generated by scripts/gen_manpage.py from the help of puzzlelab %s; do not edit.' % version,
        '.TH PUZZLELAB 1 "" "puzzlelab %s" "User Commands"' % esc(version),
        ".SH NAME",
        "puzzlelab \\- " + esc(tagline),
    ]
    rest = []
    exit_status = None
    for block in blocks(top.split("\n", 1)[1] if "\n" in top else ""):
        if block[0].startswith("usage:"):
            page += [".SH SYNOPSIS", ".nf"]
            for line in block:
                line = line[len("usage:"):] if line.startswith("usage:") else line
                page.append(esc(line.strip()))
            page.append(".fi")
        elif block[0].startswith("exit status:"):
            exit_status = [block[0][len("exit status:"):].strip()] + [x.strip() for x in block[1:]]
        else:
            rest.append("\n".join(block))
    page += [".SH DESCRIPTION", help_to_roff("\n\n".join(rest))]
    if exit_status:
        page += [".SH EXIT STATUS", help_to_roff("\n".join(exit_status))]

    for kind, names in (("GAME", games), ("PROBLEM", problems)):
        for name in names:
            ghelp = run_help(exe, name, "help")
            page += [".SH " + esc("%s %s" % (kind, name.upper())), help_to_roff(ghelp)]
            commands = listing(ghelp, r"^commands:")
            if not commands:
                die("no commands listed by 'puzzlelab %s help'" % name)
            for cmd in commands:
                page += [".SS " + '"%s"' % esc("puzzlelab %s %s" % (name, cmd)),
                         help_to_roff(run_help(exe, name, cmd, "--help"))]

    page += [
        ".SH SEE ALSO",
        "The documentation installed with puzzlelab (README.md, formats.md: files, moves, JSON and exit codes;",
        "api.md: the C library).",
    ]
    text = "\n".join(page) + "\n"
    if args.output:
        tmp = args.output + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, args.output)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
