#!/usr/bin/env python3
"""Drives `puzzlelab GAME play` through a pseudo-terminal of 80x24 with
scripted keys, the way a person would type them, and returns its exit status.

    play_driver.py [--rows R --cols C] [--screen FILE] -- COMMAND... -- KEY...

KEY is one key: a single character, or one of up down left right space enter
esc bksp ctrl-c; `wait` waits for the screen to settle. After the last key the
program must exit within 60 s (times PL_TEST_TIME_SCALE). --screen writes the last screen's text (the
bytes the program drew, escape sequences removed) for checks."""
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
    return out


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
        data = NAMED.get(k, k.encode())
        os.write(fd, data)
        # Keys queue in the terminal, so a slow hint needs no wait; reading
        # keeps the program from blocking on a full pty. An escape needs a
        # pause longer than ncurses' escape delay (25 ms) to stand alone.
        log += drain(fd, quiet=0.1 if k == "esc" else 0.02)
    deadline = time.time() + 60 * float(os.environ.get("PL_TEST_TIME_SCALE", "1"))
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
