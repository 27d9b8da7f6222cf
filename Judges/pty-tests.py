#!/usr/bin/env python3
"""Terminal tests: drive `fsm repl` and `fsm app` at real pseudo-terminals and assert what
the screen shows (tmux is the terminal emulator: send-keys in, capture-pane out) and which
bytes reach it (pexpect reads the raw output).

Usage: Judges/pty-tests.py [path/to/fsm]   (default .build/debug/fsm; needs tmux, pexpect)
Each test waits for the screen to show what it expects (polling, with a time limit), never
for a fixed time.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import pexpect

FSM = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/fsm")
STATE = tempfile.mkdtemp(prefix="fsm-pty-state-")  # also the programs' working directory (:save writes there)
SOCKET = "fsm-pty-tests-%d" % os.getpid()
ENV = dict(os.environ, XDG_STATE_HOME=STATE, TERM="xterm-256color")


class Failure(Exception):
    pass


def tmux(*args):
    run = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)
    if run.returncode != 0:
        raise Failure("tmux %s failed (%d): %s" % (" ".join(args[:1]), run.returncode, run.stderr.strip()))
    return run.stdout


class Screen:
    """One program in a tmux window of a given size."""

    def __init__(self, command, width=80, height=24, state=STATE):
        self.name = "t%d" % time.monotonic_ns()
        shell = "env XDG_STATE_HOME=%s %s; echo '[exited '$?']'; sleep 30" % (shlex.quote(state), command)
        tmux("new-session", "-d", "-s", self.name, "-c", STATE, "-x", str(width), "-y", str(height), shell)

    def keys(self, *keys):
        tmux("send-keys", "-t", self.name, *keys)

    def text(self, *chunks):
        """Types text literally."""
        for chunk in chunks:
            tmux("send-keys", "-t", self.name, "-l", chunk)

    def lines(self):
        return tmux("capture-pane", "-p", "-t", self.name).rstrip("\n").split("\n")

    def contents(self):
        return "\n".join(line.rstrip() for line in self.lines()).rstrip("\n")

    def wait(self, predicate, what, timeout=15):
        """Polls the screen until `predicate` holds; `what` (text or a function giving it)
        says what was awaited."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.contents()
            if predicate(shown):
                return shown
            time.sleep(0.05)
        raise Failure("timed out waiting for %s; the screen shows:\n%s" % (what() if callable(what) else what, self.contents()))

    def wait_for(self, text, timeout=15):
        return self.wait(lambda shown: text in shown, repr(text), timeout)

    def prompt_line(self):
        """The last non-empty line (where the prompt and the typed text are)."""
        shown = [line.rstrip() for line in self.lines() if line.strip()]
        return shown[-1] if shown else ""

    def wait_prompt(self, expected, timeout=15):
        return self.wait(lambda _: self.prompt_line() == expected, lambda: "the prompt line %r (it is %r)" % (expected, self.prompt_line()), timeout)

    def close(self):
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", self.name], capture_output=True)

    def tty(self):
        return tmux("display-message", "-p", "-t", self.name, "#{pane_tty}").strip()

    def modes(self):
        """The terminal's local modes as `stty -a` reads them back: e.g. {'icanon': True}."""
        out = subprocess.run(["stty", "-a", "-F", self.tty()], capture_output=True, text=True).stdout
        words = set(out.replace(";", " ").split())
        return {flag: flag in words for flag in ("icanon", "echo", "isig", "iexten", "icrnl")}

    def wait_modes(self, raw, what):
        """Waits until the terminal is raw (icanon, echo and isig off) or cooked (all on)."""
        def check(_):
            modes = self.modes()
            return all(not modes[f] for f in ("icanon", "echo", "isig")) if raw else all(modes.values())
        self.wait(check, lambda: "%s: the terminal %s (stty reads %r)" % (what, "raw" if raw else "restored", self.modes()))

    def program(self, name="fsm"):
        """The pid of the program the pane's shell started, and its state letter (R, S, T...)."""
        shell = tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip()
        out = subprocess.run(["ps", "-o", "pid=,stat=,comm=", "--ppid", shell], capture_output=True, text=True).stdout
        for line in out.splitlines():
            pid, stat, comm = line.split(None, 2)
            if comm.strip() == name:
                return int(pid), stat
        raise Failure("no %s process under the pane's shell: %r" % (name, out))


def repl(machine="login", width=80, extra=""):
    screen = Screen("%s repl %s %s" % (shlex.quote(FSM), machine, extra), width=width)
    screen.wait_prompt("%s(idle)>" % machine if machine == "login" else screen.prompt_line())
    return screen


TESTS = []


def self_prompt(screen):
    return screen.prompt_line()


def test(function):
    TESTS.append(function)
    return function


@test
def edit_in_the_middle():
    """lgIn, three lefts, o, Enter runs logIn (the issue saw 'unknown event lo')."""
    s = repl()
    s.text("lgIn")
    s.keys("Left", "Left", "Left")
    s.text("o")
    s.wait_prompt("login(idle)> logIn")
    s.keys("Enter")
    s.wait_for("idle --logIn--> loggingIn")
    s.wait_prompt("login(loggingIn)>")
    s.close()


@test
def home_end_words_and_deletes():
    s = repl()
    s.text("fail network")
    s.keys("Home")
    s.text("x")
    s.wait_prompt("login(idle)> xfail network")
    s.keys("End", "C-w")
    s.wait_prompt("login(idle)> xfail")
    s.keys("C-a", "Delete", "C-e")
    s.text(" server")
    s.keys("M-b", "C-k")
    s.wait_prompt("login(idle)> fail")
    s.keys("C-u")
    s.wait_prompt("login(idle)>")
    s.close()


@test
def history_in_the_session_and_saved_between_sessions():
    s = repl()
    s.text("edit")
    s.keys("Enter")
    s.wait_for("idle --edit--> idle")
    s.text("logIn")
    s.keys("Enter")
    s.wait_prompt("login(loggingIn)>")
    s.keys("Up", "Up")
    s.wait_prompt("login(loggingIn)> edit")
    s.keys("Down")
    s.wait_prompt("login(loggingIn)> logIn")
    s.keys("Down")
    s.wait_prompt("login(loggingIn)>")
    s.keys("C-d")
    s.wait_for("[exited 0]")
    s.close()
    again = repl()
    again.keys("Up")
    again.wait_prompt("login(idle)> logIn")
    again.close()
    off = repl(extra="--no-history")
    off.keys("Up")
    off.wait_prompt("login(idle)>")
    off.close()


@test
def tab_completion():
    s = repl()
    s.text("ed")
    s.keys("Tab")
    s.wait_prompt("login(idle)> edit")
    s.keys("C-u")
    s.text("fail ")
    s.keys("Tab")
    s.wait_for("login    network  server   system")
    s.text("n")
    s.keys("Tab")
    s.wait_prompt("login(idle)> fail network")
    s.keys("C-u")
    s.text(":gu")
    s.keys("Tab")
    s.wait_prompt("login(idle)> :guard")
    s.keys("Tab")
    s.wait_for(":guards  :guard")
    s.text(" ")
    s.keys("Tab")
    s.wait_prompt("login(idle)> :guard ID and password filled")
    s.close()


@test
def ctrl_c_clears_the_line_and_twice_quits():
    s = repl()
    s.text("logIn")
    s.keys("C-c")
    s.wait_for("login(idle)> logIn^C")
    s.wait_prompt("login(idle)>")
    s.keys("C-c")
    s.wait_for("(Ctrl-C again or Ctrl-D to quit)")
    s.keys("C-c")
    s.wait_for("[exited 0]")
    s.close()


@test
def ctrl_d_quits_with_a_newline():
    s = repl()
    s.keys("C-d")
    shown = s.wait_for("[exited 0]")
    lines = [line for line in shown.split("\n") if line.strip()]
    if lines[-1] != "[exited 0]" or not lines[-2].startswith("login(idle)>"):
        raise Failure("the shell's line must start on a fresh line: %r" % lines[-2:])
    s.close()


@test
def ctrl_l_redraws():
    s = repl()
    s.text("edit")
    s.keys("Enter")
    s.wait_for("idle --edit--> idle")
    s.text("log")
    s.keys("C-l")
    s.wait(lambda shown: shown.split("\n")[0] == "login(idle)> log", "the line alone at the top")
    s.close()


@test
def a_resize_does_not_garble():
    s = repl(width=60)
    s.text("fail " + "x" * 70)
    s.wait(lambda _: s.prompt_line().endswith("x") and len(s.prompt_line()) < 60, "a line scrolled sideways")
    tmux("resize-window", "-t", s.name, "-x", "40")
    s.wait(lambda _: len(s.lines()[-1]) <= 40 and s.prompt_line().startswith("login(idle)> ") and s.prompt_line().endswith("xxxx"), "the line redrawn for 40 columns")
    s.keys("Home")
    s.wait_prompt("login(idle)> fail " + "x" * (40 - 19))
    s.close()


@test
def typed_control_characters_show_escaped():
    s = repl()
    # An OSC title and a clear-screen sequence, typed: nothing happens but visible text.
    s.keys("Escape")
    s.text("]0;PWNED")
    s.keys("C-g")
    s.text("\u202eabc")
    s.wait_prompt("login(idle)> 0;PWNED\\u{202E}abc")
    s.keys("Enter")
    s.wait_for("error: unknown event '0;PWNED\\u{202E}abc'")
    s.close()


@test
def app_typed_ahead_survives_a_redraw():
    """Type 'logo' while logging in; the home screen is drawn above it; 'ut' Enter logs out."""
    s = Screen("%s app --speed 1 --seed 3 --force success --no-history --no-resume" % shlex.quote(FSM), height=60)
    s.wait_prompt(">")
    s.text("id koher")
    s.keys("Enter")
    s.text("password 1234")
    s.keys("Enter")
    s.wait_for("PASSWORD  [••••]")
    s.text("login")
    s.keys("Enter")
    s.wait_for("(activity indicator: logging in)")
    s.text("logo")
    s.wait(lambda shown: "── Home" not in shown and self_prompt(s) == "> logo", "'logo' typed while logging in")
    s.wait_for("── Home")
    s.wait_prompt("> logo")
    s.text("ut")
    s.keys("Enter")
    s.wait_for("(activity indicator: logging out)")
    s.wait(lambda shown: shown.rfind("── Login") > shown.rfind("── Home"), "back on the login screen")
    s.close()


@test
def app_edits_recalls_and_completes():
    s = Screen("%s app --speed 4 --seed 3 --no-resume" % shlex.quote(FSM), height=40)
    s.wait_prompt(">")
    s.text("id koher")
    s.keys("Left", "Left", "BSpace")
    s.text("X")
    s.wait_prompt("> id koXer")
    s.keys("Enter")
    s.wait_for("ID        [koXer]")
    s.text("fo")
    s.keys("Tab")
    s.wait_prompt("> force")
    s.text("ne")
    s.keys("Tab")
    s.wait_prompt("> force network")
    s.keys("Enter")
    s.wait_for("calls now fail with a network error")
    s.keys("Up", "Up")
    s.wait_prompt("> id koXer")
    s.keys("C-u", "C-d")
    s.wait_for("[exited 0]")
    s.close()
    again = Screen("%s app --speed 4 --seed 3 --no-resume" % shlex.quote(FSM), height=40)
    again.wait_prompt(">")
    again.keys("Up")
    again.wait_prompt("> force network")
    again.close()


@test
def app_resumes_where_it_was_quit():
    """Quit with an ID typed and a failure's alert showing; started again, the same screen."""
    state = shlex.quote(os.path.join(STATE, "resume", "state.json"))
    command = "%s app --speed 50 --seed 3 --force network --no-history --state-file %s" % (shlex.quote(FSM), state)
    s = Screen(command, height=60)
    s.wait_prompt(">")
    for line in ("id koher", "password 1234", "login"):
        s.text(line)
        s.keys("Enter")
    s.wait_for("ネットワークエラー")
    s.text("quit")
    s.keys("Enter")
    s.wait_for("[exited 0]")
    s.close()
    again = Screen(command, height=60)
    again.wait_prompt(">")
    shown = again.wait_for("ID        [koher]")
    if "ネットワークエラー" not in shown:
        raise Failure("resumed without the alert it was quit with:\n" + shown)
    if "PASSWORD  (PASSWORD)" not in shown:
        raise Failure("the password came back (it is never saved):\n" + shown)
    again.close()


@test
def app_a_refused_command_prints_its_screen_once():
    s = Screen("%s app --speed 4 --seed 3 --no-history --no-resume" % shlex.quote(FSM), height=60)
    s.wait_prompt(">")
    s.text("login")
    s.keys("Enter")
    s.wait_for("not now: Login is disabled until the ID and password are filled")
    s.wait_prompt(">")
    s.text("why")
    s.keys("Enter")
    shown = s.wait_for("the last refusal, in the machine's words")
    if shown.count("── Login") != 2:
        raise Failure("expected the first screen and one reply screen, got %d screens:\n%s" % (shown.count("── Login"), shown))
    s.close()


CONTROL = re.compile(rb"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]")
OWN = re.compile(rb"\x1b\[K|\x1b\[[0-9]+C|\x1b\[H\x1b\[2J")


def signal_ends_and_restores(command, prompt, signal_name, number):
    s = Screen(command)
    s.wait_prompt(prompt)
    s.wait_modes(True, "at the prompt")
    pid, _ = s.program()
    os.kill(pid, number)
    s.wait_for("[exited %d]" % (128 + number))
    s.wait_modes(False, "after %s" % signal_name)
    if "crashed" in s.contents() or "Backtrace" in s.contents():
        raise Failure("%s: a crash report: %s" % (signal_name, s.contents()))
    s.close()


@test
def sigint_and_sigquit_restore_the_terminal_and_end_at_once():
    import signal
    for number, name in ((signal.SIGINT, "SIGINT"), (signal.SIGQUIT, "SIGQUIT"), (signal.SIGTERM, "SIGTERM"), (signal.SIGHUP, "SIGHUP")):
        signal_ends_and_restores("%s repl login" % shlex.quote(FSM), "login(idle)>", name, number)
        signal_ends_and_restores("%s app --no-history --no-resume" % shlex.quote(FSM), ">", name + " (app)", number)


# A job-control shell in miniature, the pane's program: runs its arguments as a job in a
# process group of their own in the foreground; when the job stops it says "[stopped]",
# leaves the terminal's modes as the job left them, and reads a line ("fg", read in the
# terminal's cooked mode: if the job left it raw, the line never ends) before continuing
# the job in the foreground. Unlike bash, it does not reset the modes itself, so the test
# sees what the program did.
JOB_SHELL = r"""
import os, signal, sys
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
pid = os.fork()
if pid == 0:
    os.setpgid(0, 0)
    os.tcsetpgrp(0, os.getpgrp())
    for number in (signal.SIGTTOU, signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(number, signal.SIG_DFL)  # as a shell starts a job
    os.execvp(sys.argv[1], sys.argv[1:])
try:
    os.setpgid(pid, pid)
except OSError:
    pass
os.tcsetpgrp(0, pid)
while True:
    _, status = os.waitpid(pid, os.WUNTRACED)
    if os.WIFSTOPPED(status):
        os.tcsetpgrp(0, os.getpgrp())
        print("[stopped]", flush=True)
        sys.stdin.readline()
        os.tcsetpgrp(0, pid)
        os.kill(-pid, signal.SIGCONT)
        continue
    sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
"""


def stop_and_continue(arguments, prompt, stop, typed, expected):
    """Under job control, stops the program (`stop` sends SIGTSTP or types Ctrl-Z): the
    process is stopped with the terminal restored (the shell's line is read in cooked mode);
    continued in the foreground, the terminal is raw again, the prompt redrawn, typing works."""
    s = Screen("python3 -c %s %s %s" % (shlex.quote(JOB_SHELL), shlex.quote(FSM), arguments))
    s.wait_prompt(prompt)
    s.wait_modes(True, "at the prompt")
    shell, _ = s.program("python3")
    out = subprocess.run(["ps", "-o", "pid=,comm=", "--ppid", str(shell)], capture_output=True, text=True).stdout.split()
    if len(out) < 2:
        raise Failure("no job under the job shell: %r" % out)
    pid = int(out[0])
    stop(s, pid)
    s.wait_for("[stopped]")
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    if not state.startswith("T"):
        raise Failure("the job shell saw a stop, but the process is %r" % state)
    s.wait_modes(False, "while stopped")
    s.text("fg")
    s.keys("Enter")
    s.wait_modes(True, "after fg")
    s.wait_prompt(prompt)
    s.text(typed)
    s.keys("Enter")
    s.wait_for(expected)
    s.close()


def stop_without_job_control(arguments, prompt, stop, typed, expected):
    """Without job control (the pane's `sh -c`: an orphaned process group, which nothing
    could continue), a stop request does not stop the program: it stays at its prompt, raw,
    and typing works."""
    s = Screen("%s %s" % (shlex.quote(FSM), arguments))
    s.wait_prompt(prompt)
    s.wait_modes(True, "at the prompt")
    pid, _ = s.program()
    stop(s, pid)
    time.sleep(0.3)  # a stop would show now; the waits below would time out on one
    _, state = s.program()
    if state.startswith("T"):
        raise Failure("stopped with no shell to continue it (%s)" % state)
    s.wait_modes(True, "after the stop request")
    s.text(typed)
    s.keys("Enter")
    s.wait_for(expected)
    s.close()


@test
def sigtstp_and_ctrl_z_stop_under_job_control_and_fg_resumes():
    import signal
    by_signal = lambda s, pid: os.kill(pid, signal.SIGTSTP)
    by_key = lambda s, pid: s.keys("C-z")
    for stop in (by_signal, by_key):
        stop_and_continue("repl login", "login(idle)>", stop, "edit", "idle --edit--> idle")
        stop_and_continue("app --no-history --no-resume", ">", stop, "help", "id TEXT")
        stop_without_job_control("repl login", "login(idle)>", stop, "edit", "idle --edit--> idle")
        stop_without_job_control("app --no-history --no-resume", ">", stop, "help", "id TEXT")


@test
def two_windows_on_one_history_keep_every_line():
    state = tempfile.mkdtemp(prefix="fsm-pty-history-")
    first = Screen("%s repl login" % shlex.quote(FSM), state=state)
    second = Screen("%s repl login" % shlex.quote(FSM), state=state)
    first.wait_prompt("login(idle)>")
    second.wait_prompt("login(idle)>")
    typed = []
    for number in range(15):
        for name, s in (("a", first), ("b", second)):
            line = "# %s%d" % (name, number)
            s.text(line)
            s.keys("Enter")
            s.wait_prompt("login(idle)>")
            typed.append(line)
    for s in (first, second):
        s.keys("C-d")
        s.wait_for("[exited 0]")
        s.close()
    with open(os.path.join(state, "fsm", "history", "login")) as f:
        kept = f.read().splitlines()
    shutil.rmtree(state, ignore_errors=True)
    if kept != typed:
        raise Failure("the history file holds %d of %d lines typed in two windows: %r" % (len(kept), len(typed), kept))


def hostile_input():
    data = bytes(b for b in range(0x20) if b not in (0x03, 0x04, 0x0a, 0x0d)) + b"\x7f"
    data += b"\x1b]0;PWNED\x07\x1b[2J\x1b[31mred\x1bP1$q\x1b\\\x9b2J"
    data += "".join(chr(c) for c in range(0x80, 0xA0)).encode() + "\u202e\u2066".encode()
    return data


def raw_output(command, keystrokes, ready, timeout=20):
    """The bytes a program writes to its terminal while `keystrokes` are typed, once it
    shows `ready` (before that the terminal is still in cooked mode and the kernel itself
    echoes what is typed, which no program controls)."""
    child = pexpect.spawn(command[0], command[1:], env=ENV, timeout=timeout, dimensions=(24, 80), cwd=STATE)
    child.expect_exact(ready)
    output = child.before + child.after
    for chunk in keystrokes:
        child.send(chunk)
        try:
            output += child.read_nonblocking(65536, timeout=0.5)
        except pexpect.TIMEOUT:
            pass
    child.expect(pexpect.EOF)
    output += child.before
    child.close()
    return output


def assert_no_raw_control(output, where):
    if len(output) < 100:
        raise Failure("%s: too little output to judge: %r" % (where, output))
    rest = OWN.sub(b"", output)
    found = CONTROL.findall(rest)
    if found:
        raise Failure("%s: raw control bytes from input reached the terminal: %r" % (where, sorted(set(found))))


@test
def no_raw_control_byte_from_input_at_a_terminal():
    # Ctrl-Z (0x1A) stops the program at a terminal, as it should: not typed here.
    hostile = hostile_input().replace(b"\x1a", b"")
    out = raw_output([FSM, "repl", "login", "--no-history"], [hostile, b"\r", b":quit\r"], b"login(idle)> ")
    assert_no_raw_control(out, "fsm repl at a terminal")
    out = raw_output([FSM, "app", "--no-history", "--no-resume", "--speed", "50"], [b"id " + hostile, b"\r", hostile + b"\r", b"quit\r"], b"\r> ")
    assert_no_raw_control(out, "fsm app at a terminal")


@test
def no_raw_control_byte_from_input_through_pipes_and_argv():
    hostile = hostile_input()
    lines = [hostile, b"fail " + hostile, b":guard " + hostile + b" on", b":save " + hostile, b":" + hostile]
    for args, data in [
        (["repl", "login"], b"\n".join(lines) + b"\n"),
        (["app", "--seed", "1"], b"\n".join([b"id " + hostile, hostile, b"force " + hostile, b"wait " + hostile]) + b"\n"),
    ]:
        run = subprocess.run([FSM, *args], input=data, capture_output=True, env=ENV, cwd=STATE)
        assert_no_raw_control((run.stdout + run.stderr).replace(b"\n", b""), "fsm %s through a pipe" % args[0])
    text = hostile.decode("utf-8", "replace").replace("\x00", "")
    for args in (["table", text], ["repl", text], ["dot", "login", "--highlight", text], ["repl", "login", "--script", text], [text]):
        run = subprocess.run([FSM, *args], capture_output=True, env=ENV, cwd=STATE)
        assert_no_raw_control((run.stdout + run.stderr).replace(b"\n", b""), "fsm with argv %r" % args[0])


def main():
    if not shutil.which("tmux"):
        print("pty tests need tmux")
        return 1
    # One idle session for the whole run keeps the tmux server up: otherwise closing a test's
    # last session stops it, and the next test's new-session can race its shutdown.
    tmux("new-session", "-d", "-s", "keeper", "-c", STATE, "sleep 3600")
    failed = 0
    only = os.environ.get("PTY_ONLY")  # a substring of the tests' names to run alone
    tests = [function for function in TESTS if not only or only in function.__name__]
    for function in tests:
        started = time.monotonic()
        try:
            function()
            print("ok   %s (%.1f s)" % (function.__name__, time.monotonic() - started))
        except Exception as error:  # noqa: BLE001 - report every failure and go on
            failed += 1
            print("FAIL %s: %s" % (function.__name__, error))
            if not isinstance(error, Failure):
                traceback.print_exc()
    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    shutil.rmtree(STATE, ignore_errors=True)
    print("%d of %d terminal tests passed" % (len(tests) - failed, len(tests)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
