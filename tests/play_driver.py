#!/usr/bin/env python3
"""Drives `puzzlelab GAME play` through a pseudo-terminal of 80x24 with
scripted keys, the way a person would type them, and returns its exit status.

    play_driver.py [--rows R --cols C] [--screen FILE] -- COMMAND... -- KEY...

KEY is one key: a single character, or one of up down left right space enter
esc bksp ctrl-c; `wait` waits for the output to pause. Other steps:

    text:STRING    types STRING
    expect:TEXT    waits until a line of the screen contains TEXT (at most 60 s
                   times PL_TEST_TIME_SCALE; else the screen goes to stderr
                   and the exit status is 97)
    dump:FILE      writes the screen as it is now, one line per row (follow
                   an expect, so that it is the screen expected)
    resize:RxC     makes the terminal R rows by C columns (SIGWINCH)

The screen is what a terminal would show: the program's output is run
through a small emulator of the xterm sequences ncurses sends, since ncurses
redraws only what changed. After the last key the program must exit within
60 s (times PL_TEST_TIME_SCALE). --screen writes every byte the program drew,
escape sequences removed, for checks that some text was ever shown."""
import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

NAMED = {
    "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
    "space": b" ", "enter": b"\r", "esc": b"\x1b", "bksp": b"\x7f", "ctrl-c": b"\x03",
}


TIME_SCALE = float(os.environ.get("PL_TEST_TIME_SCALE", "1"))


class Screen:
    """The screen of an xterm, as far as ncurses draws on one: printing with
    autowrap, cursor addressing and moves, erasing, inserting and deleting
    characters and lines, a scrolling region, the alternate screen."""

    def __init__(self, rows, cols):
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""
        self.resize(rows, cols)
        self.saved = None

    def resize(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.y = self.x = 0
        self.top, self.bottom = 0, rows - 1
        self.wrap_next = False
        self.last = " "
        self.cursor_saved = (0, 0)

    def text(self):
        return ["".join(row).rstrip() for row in self.grid]

    def contains(self, needle):
        return any(needle in line for line in self.text())

    def scroll_up(self, n=1):
        for _ in range(n):
            del self.grid[self.top]
            self.grid.insert(self.bottom, [" "] * self.cols)

    def scroll_down(self, n=1):
        for _ in range(n):
            del self.grid[self.bottom]
            self.grid.insert(self.top, [" "] * self.cols)

    def linefeed(self):
        if self.y == self.bottom:
            self.scroll_up()
        elif self.y < self.rows - 1:
            self.y += 1

    def put(self, ch):
        if self.wrap_next:
            self.x = 0
            self.linefeed()
            self.wrap_next = False
        self.grid[self.y][self.x] = ch
        self.last = ch
        if self.x == self.cols - 1:
            self.wrap_next = True
        else:
            self.x += 1

    def clamp(self):
        self.y = max(0, min(self.rows - 1, self.y))
        self.x = max(0, min(self.cols - 1, self.x))
        self.wrap_next = False

    def feed(self, data):
        s = self.pending + self.decoder.decode(data)
        self.pending = ""
        i = 0
        while i < len(s):
            c = s[i]
            if c == "\x1b":
                m = re.match(r"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])", s[i:])
                if m:
                    self.csi(m.group(1), m.group(2), m.group(4))
                    i += m.end()
                    continue
                m = re.match(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()*+].|\x1b[78=>DEHMNOc]", s[i:])
                if m:
                    self.esc(m.group(0))
                    i += m.end()
                    continue
                if len(s) - i < 32:  # an unfinished sequence: wait for the rest
                    self.pending = s[i:]
                    return
                i += 1  # unknown: dropped
                continue
            if c == "\r":
                self.x = 0
                self.wrap_next = False
            elif c == "\n" or c == "\x0b" or c == "\x0c":
                self.linefeed()
                self.wrap_next = False
            elif c == "\b":
                self.x = max(0, self.x - 1)
                self.wrap_next = False
            elif c == "\t":
                self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
            elif c >= " ":
                self.put(c)
            i += 1

    def esc(self, seq):
        k = seq[1]
        if k == "7":
            self.cursor_saved = (self.y, self.x)
        elif k == "8":
            self.y, self.x = self.cursor_saved
            self.clamp()
        elif k == "D":
            self.linefeed()
        elif k == "E":
            self.x = 0
            self.linefeed()
        elif k == "M":
            if self.y == self.top:
                self.scroll_down()
            elif self.y > 0:
                self.y -= 1
        elif k == "c":
            self.resize(self.rows, self.cols)

    def csi(self, private, params, final):
        ps = [int(p) if p else 0 for p in params.split(";")] if params else []

        def arg(i, default):
            return ps[i] if len(ps) > i and ps[i] else default

        if private == "?":
            if final in "hl" and 1049 in ps:
                if final == "h":
                    self.saved = ([row[:] for row in self.grid], self.y, self.x)
                    self.grid = [[" "] * self.cols for _ in range(self.rows)]
                elif self.saved and len(self.saved[0]) == self.rows and len(self.saved[0][0]) == self.cols:
                    self.grid, self.y, self.x = self.saved
                    self.clamp()
            return
        if private:
            return
        row = self.grid[self.y]
        if final in "Hf":
            self.y, self.x = arg(0, 1) - 1, arg(1, 1) - 1
            self.clamp()
        elif final == "A":
            self.y -= arg(0, 1)
            self.clamp()
        elif final in "Be":
            self.y += arg(0, 1)
            self.clamp()
        elif final in "Ca":
            self.x += arg(0, 1)
            self.clamp()
        elif final == "D":
            self.x -= arg(0, 1)
            self.clamp()
        elif final in "G`":
            self.x = arg(0, 1) - 1
            self.clamp()
        elif final == "d":
            self.y = arg(0, 1) - 1
            self.clamp()
        elif final == "J":
            mode = arg(0, 0)
            if mode == 0:
                row[self.x:] = [" "] * (self.cols - self.x)
                for r in range(self.y + 1, self.rows):
                    self.grid[r] = [" "] * self.cols
            elif mode == 1:
                row[:self.x + 1] = [" "] * (self.x + 1)
                for r in range(self.y):
                    self.grid[r] = [" "] * self.cols
            else:
                self.grid = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K":
            mode = arg(0, 0)
            if mode == 0:
                row[self.x:] = [" "] * (self.cols - self.x)
            elif mode == 1:
                row[:self.x + 1] = [" "] * (self.x + 1)
            else:
                self.grid[self.y] = [" "] * self.cols
        elif final == "X":
            n = min(arg(0, 1), self.cols - self.x)
            row[self.x:self.x + n] = [" "] * n
        elif final == "b":
            for _ in range(arg(0, 1)):
                self.put(self.last)
        elif final == "@":
            n = min(arg(0, 1), self.cols - self.x)
            row[self.x:self.x] = [" "] * n
            del row[self.cols:]
        elif final == "P":
            n = min(arg(0, 1), self.cols - self.x)
            del row[self.x:self.x + n]
            row.extend([" "] * n)
        elif final in "LM":
            if self.top <= self.y <= self.bottom:
                for _ in range(min(arg(0, 1), self.bottom - self.y + 1)):
                    if final == "L":
                        del self.grid[self.bottom]
                        self.grid.insert(self.y, [" "] * self.cols)
                    else:
                        del self.grid[self.y]
                        self.grid.insert(self.bottom, [" "] * self.cols)
                self.x = 0
        elif final == "S":
            self.scroll_up(arg(0, 1))
        elif final == "T":
            self.scroll_down(arg(0, 1))
        elif final == "r":
            self.top, self.bottom = arg(0, 1) - 1, arg(1, self.rows) - 1
            self.top = max(0, min(self.top, self.rows - 1))
            self.bottom = max(self.top, min(self.bottom, self.rows - 1))
            self.y = self.x = 0
            self.wrap_next = False
        # m (colours and attributes), h, l, n, t: nothing to show


SCREEN = None


def drain(fd, quiet=0.05, limit=5.0):
    """Reads until the program has been quiet for `quiet` seconds."""
    out = b""
    end = time.time() + limit
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
        if SCREEN:
            SCREEN.feed(chunk)
    return out


def wait_for(fd, pid, needle):
    """Reads until a line of the screen contains needle; False when the time
    is up or the program ended first."""
    end = time.time() + 60 * TIME_SCALE
    log = b""
    while True:
        if SCREEN.contains(needle):
            return True, log
        if time.time() > end:
            return False, log
        log += drain(fd, quiet=0.05, limit=0.2)
        if not SCREEN.contains(needle) and os.waitpid(pid, os.WNOHANG)[0]:
            return False, log


def main(argv):
    rows, cols, screen = 24, 80, None
    i = 0
    while argv[i] != "--":
        if argv[i] == "--rows":
            rows = int(argv[i + 1]); i += 2
        elif argv[i] == "--cols":
            cols = int(argv[i + 1]); i += 2
        elif argv[i] == "--screen":
            screen = argv[i + 1]; i += 2
        else:
            sys.exit("play_driver.py: unknown option " + argv[i])
    rest = argv[i + 1:]
    j = rest.index("--")
    command, keys = rest[:j], rest[j + 1:]
    global SCREEN
    SCREEN = Screen(rows, cols)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.environ.pop("LINES", None)
        os.environ.pop("COLUMNS", None)
        os.execv(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    # Wait for a screen state, not for a time: the program is ready for keys
    # once it has put the terminal in raw mode (no ISIG: ^C is a key, not a
    # signal; no ICANON: keys arrive one by one) and has drawn something. On a
    # loaded machine that can take seconds; keys sent before would be
    # cooked by the terminal (a ^C would kill the program).
    log = b""
    ready_by = time.time() + 120
    while time.time() < ready_by:
        log += drain(fd, quiet=0.05, limit=0.5)
        try:
            lflag = termios.tcgetattr(fd)[3]
        except termios.error:
            break
        if log and not lflag & (termios.ISIG | termios.ICANON):
            break
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:  # it exited before being ready (an error): report as usual
            log += drain(fd, quiet=0.05, limit=0.5)
            return finish(st, log, screen)
    log += drain(fd, quiet=0.1)
    for k in keys:
        if k == "wait":
            log += drain(fd, quiet=0.3)
            continue
        if k.startswith("expect:"):
            found, more = wait_for(fd, pid, k[len("expect:"):])
            log += more
            if not found:
                sys.stderr.write("play_driver.py: the screen never showed '%s'; it shows:\n%s\n"
                                 % (k[len("expect:"):], "\n".join(SCREEN.text())))
                try:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                except OSError:
                    pass
                finish(0, log, screen)
                return 97
            continue
        if k.startswith("dump:"):
            log += drain(fd, quiet=0.02, limit=0.5)
            with open(k[len("dump:"):], "w") as f:
                f.write("\n".join(SCREEN.text()) + "\n")
            continue
        if k.startswith("resize:"):
            r, c = (int(v) for v in k[len("resize:"):].split("x"))
            SCREEN.resize(r, c)
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", r, c, 0, 0))
            continue
        data = k[len("text:"):].encode() if k.startswith("text:") else NAMED.get(k, k.encode())
        os.write(fd, data)
        # Keys queue in the terminal, so a slow hint needs no wait; reading
        # keeps the program from blocking on a full pty. An escape needs a
        # pause longer than ncurses' escape delay (25 ms) to stand alone.
        log += drain(fd, quiet=0.1 if k == "esc" else 0.02)
    deadline = time.time() + 60 * TIME_SCALE
    status = None
    while time.time() < deadline:
        log += drain(fd, quiet=0.05, limit=0.2)
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
            break
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stderr.write("play_driver.py: the program did not exit after the last key\n")
        return 99
    log += drain(fd, quiet=0.05, limit=0.5)
    return finish(status, log, screen)


def finish(status, log, screen):
    if screen:
        text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07", b"", log)
        with open(screen, "wb") as f:
            f.write(text)
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    return 128 + os.WTERMSIG(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
