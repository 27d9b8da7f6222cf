#!/usr/bin/env bash
# Fault tests that need the real thing: a folder whose README.md an empty --output once
# overwrote, a disk that fills up while `diagrams` writes (a tiny tmpfs, as root), devices,
# FIFOs and symbolic links given to every option that writes a file, and kills during `diagrams`.
# The stream faults (/dev/full, a closed pipe) run in `swift test` (fsmTests), the terminal
# faults (signals, two windows on one history) in Judges/pty-tests.py.
#
# Usage: Judges/fault-tests.sh [path/to/fsm]   (default .build/debug/fsm)
set -uo pipefail
fsm=$(realpath "${1:-.build/debug/fsm}")
root=$(pwd)
failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
pass() { echo "ok   $*"; }
work=$(mktemp -d)
trap 'umount "$work/disk" 2>/dev/null; rm -rf "$work"' EXIT

# 1. `diagrams --output ""` (an unset $DIR) in a folder with a README.md: exit 64, untouched.
mkdir -p "$work/project" && cd "$work/project" || exit 1
printf '# My project\n' > README.md
touch Package.swift
before=$(ls -l --time-style=+%s.%N; sha256sum README.md)
"$fsm" diagrams --output "" >"$work/out" 2>"$work/err"; status=$?
after=$(ls -l --time-style=+%s.%N; sha256sum README.md)
if [ "$status" = 64 ] && [ "$before" = "$after" ]; then pass "diagrams --output '' is bad usage (64), the folder untouched"
else fail "diagrams --output '': exit $status; folder changed: $([ "$before" = "$after" ] && echo no || echo yes)"; fi
"$fsm" diagrams --output . >/dev/null 2>"$work/err"; status=$?
if [ "$status" = 1 ] && grep -q "README.md: it was not written by this tool" "$work/err" && [ "$(cat README.md)" = "# My project" ] && [ "$(ls)" = "$(printf 'Package.swift\nREADME.md')" ]; then
  pass "diagrams --output . beside a README.md of the user's: refused, nothing written"
else fail "diagrams --output . beside the user's README.md: exit $status, files: $(ls | tr '\n' ' ')"; fi
cd "$work" || exit 1

# 2. A disk that fills up while the diagrams are written: no file replaced, no temporary left,
#    the error names the file; with room again, everything is written and --check passes.
if [ "$(id -u)" != 0 ]; then
  echo "skip the full-disk test: mounting a tmpfs needs root (CI runs as root)"
else
  mkdir -p "$work/disk"
  if ! mount -t tmpfs -o size=4m tmpfs "$work/disk"; then
    fail "cannot mount a tmpfs for the full-disk test"
  else
    mkdir -p "$work/disk/Diagrams"
    "$fsm" diagrams --output "$work/disk/Diagrams" >/dev/null 2>&1
    for f in "$work"/disk/Diagrams/*.dot "$work"/disk/Diagrams/*.mmd; do echo "// stale" >> "$f"; done
    old=$(cd "$work/disk/Diagrams" && sha256sum * | sort)
    # Fill the disk, leaving a few kilobytes: some files fit, the rest do not.
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=100000 2>/dev/null
    rm -f "$work/disk/filler"
    avail=$(df --output=avail -k "$work/disk" | tail -1)
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=$((avail - 6)) 2>/dev/null
    "$fsm" diagrams --output "$work/disk/Diagrams" >"$work/out" 2>"$work/err"; status=$?
    now=$(cd "$work/disk/Diagrams" && sha256sum * | sort)
    leftovers=$(ls -A "$work/disk/Diagrams" | grep -c '\.tmp$')
    if [ "$status" = 1 ] && [ "$old" = "$now" ] && [ "$leftovers" = 0 ] && grep -q "No space left on device; no file was replaced (not written: " "$work/err"; then
      pass "a full disk: exit 1, no file replaced, no temporary left: $(head -c 160 "$work/err")"
    else
      fail "a full disk: exit $status, files changed: $([ "$old" = "$now" ] && echo no || echo yes), temporaries left: $leftovers; $(cat "$work/err")"
    fi
    rm -f "$work/disk/filler"
    "$fsm" diagrams --output "$work/disk/Diagrams" >/dev/null 2>&1; status=$?
    if [ "$status" = 0 ] && "$fsm" diagrams --check --output "$work/disk/Diagrams" >/dev/null 2>&1; then
      pass "with room again: every file written, --check passes"
    else fail "with room again: exit $status, or --check fails"; fi
    # The explorer's page on a full disk: its earlier page kept, no temporary left, exit 74.
    "$fsm" explore login --output "$work/disk/login.html" >/dev/null 2>&1
    printf '<!-- stale -->' >> "$work/disk/login.html"
    old=$(sha256sum "$work/disk/login.html")
    avail=$(df --output=avail -k "$work/disk" | tail -1)
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=$((avail - 8)) 2>/dev/null
    "$fsm" explore login --output "$work/disk/login.html" >"$work/out" 2>"$work/err"; status=$?
    now=$(sha256sum "$work/disk/login.html")
    leftovers=$(ls -A "$work/disk" | grep -cv '^\(login.html\|filler\|Diagrams\)$')
    if [ "$status" = 74 ] && [ "$old" = "$now" ] && [ "$leftovers" = 0 ] && grep -q "cannot write $work/disk/login.html: no space left on the device; nothing written" "$work/err"; then
      pass "explore on a full disk: exit 74, the earlier page kept, no temporary left: $(head -c 160 "$work/err")"
    else
      fail "explore on a full disk: exit $status, page changed: $([ "$old" = "$now" ] && echo no || echo yes), other files: $leftovers ($(ls -A "$work/disk" | tr '\n' ' ')); $(cat "$work/err")"
    fi
    rm -f "$work/disk/filler"
    umount "$work/disk"
  fi
fi

# 2b. `explore --output ""` and `explore --output README.md`: refused (64), the README untouched.
mkdir -p "$work/explore" && cd "$work/explore" || exit 1
printf '# My project\n' > README.md
before=$(ls -l --time-style=+%s.%N; sha256sum README.md)
"$fsm" explore login --output "" >/dev/null 2>"$work/err"; status1=$?
"$fsm" explore login --output README.md >/dev/null 2>>"$work/err"; status2=$?
after=$(ls -l --time-style=+%s.%N; sha256sum README.md)
if [ "$status1" = 64 ] && [ "$status2" = 64 ] && [ "$before" = "$after" ] && grep -q "README.md exists and is not an explorer page" "$work/err"; then
  pass "explore --output '' and --output README.md: bad usage (64), the folder untouched"
else fail "explore --output ''/README.md: exits $status1 $status2; folder changed: $([ "$before" = "$after" ] && echo no || echo yes); $(cat "$work/err")"; fi
cd "$work" || exit 1

# 4. A device, a FIFO and a symbolic link given to every option that writes a file: the device
#    stays a device, the FIFO a FIFO, the link a link to where it pointed (the file it names
#    replaced); nothing hangs. The device is made with mknod in a temporary folder (root only),
#    never the real /dev/null.
cd "$work" || exit 1
mkdir -p "$work/special"
# Drives `fsm repl login` at a pseudo-terminal: types `edit`, then Ctrl-D (the history is saved).
at_terminal() {
  timeout 30 python3 - "$fsm" <<'PY'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "repl", "login"])
def read_until(text, seconds=15):
    seen, end = b"", time.time() + seconds
    while text not in seen and time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try: seen += os.read(fd, 4096)
            except OSError: break
    return seen
read_until(b"Ctrl-D quits")
os.write(fd, b"edit\r"); read_until(b"edit")
os.write(fd, b"\x04")
end = time.time() + 15
while time.time() < end:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done: sys.exit(os.waitstatus_to_exitcode(status))
    read_until(b"\0", 0.2)
os.kill(pid, 9); sys.exit(99)
PY
}
# Makes $1 a special file of kind $2 (device, fifo, link, dangling); echoes what it is now.
make_special() {
  rm -rf "$1" "$work/special/target"*
  case $2 in
    device) mknod "$1" c 1 3 ;;
    fifo) mkfifo "$1" ;;
    link) printf 'old\n' > "$work/special/target$3"; ln -s "$work/special/target$3" "$1" ;;
    dangling) ln -s "$work/special/target$3" "$1" ;;
  esac
}
describe() { stat -c '%F %t:%T' "$1" 2>/dev/null; readlink "$1"; }
kinds="fifo link dangling"
if [ "$(id -u)" = 0 ]; then kinds="device $kinds"; else echo "skip the character device cases: mknod needs root (CI runs as root)"; fi
for option in save coverage-out explore diagrams history; do
  for kind in $kinds; do
    case $option in
      save) path="$work/special/session.fsm"; suffix="" ;;
      coverage-out) path="$work/special/coverage.json"; suffix=".json" ;;
      explore) path="$work/special/page.html"; suffix=".html" ;;
      diagrams) mkdir -p "$work/special/Diagrams"; "$fsm" diagrams --output "$work/special/Diagrams" >/dev/null 2>&1
                path="$work/special/Diagrams/login.dot"; suffix=".dot" ;;
      history) mkdir -p "$work/special/state/fsm/history"; path="$work/special/state/fsm/history/login"; suffix="" ;;
    esac
    make_special "$path" "$kind" "$suffix"
    if [ "$option" = explore ] && [ "$kind" = link ]; then
      # explore replaces only an earlier explorer page: the link points to one.
      rm -f "$work/special/target.html"
      "$fsm" explore login --output "$work/special/target.html" >/dev/null 2>&1; printf '<!-- old -->' >> "$work/special/target.html"
    fi
    before=$(describe "$path"); old=$(cat "$work/special/target$suffix" 2>/dev/null)
    case $option in
      save) printf 'edit\n:save %s\n' "$path" | timeout 30 "$fsm" repl login >"$work/out" 2>"$work/err"; status=$? ;;
      coverage-out) printf 'edit\n' | timeout 30 "$fsm" repl login --coverage-out "$path" >"$work/out" 2>"$work/err"; status=$? ;;
      explore) timeout 30 "$fsm" explore login --output "$path" >"$work/out" 2>"$work/err"; status=$? ;;
      diagrams) timeout 30 "$fsm" diagrams --output "$work/special/Diagrams" >"$work/out" 2>"$work/err"; status=$? ;;
      history) XDG_STATE_HOME="$work/special/state" at_terminal >"$work/out" 2>"$work/err"; status=$? ;;
    esac
    after=$(describe "$path"); new=$(cat "$work/special/target$suffix" 2>/dev/null)
    said=$(cat "$work/out" "$work/err" | grep -m1 -o "is a [a-zA-Z ()]*: fsm writes only regular files")
    case $kind in
      device|fifo)
        # The refusal is said, except for the history (a convenience: it is skipped quietly).
        if [ "$status" != 124 ] && [ "$before" = "$after" ] && { [ -n "$said" ] || [ "$option" = history ]; }; then
          pass "$option onto a $kind: left as it was ($after), exit $status${said:+: $said}"
        else fail "$option onto a $kind: exit $status, before '$before', after '$after'; $(head -c 300 "$work/err")"; fi ;;
      link|dangling)
        if [ "$status" != 124 ] && [ "$before" = "$after" ] && [ -L "$path" ] && [ -f "$work/special/target$suffix" ] && [ "$new" != "$old" ] && [ -n "$new" ]; then
          pass "$option onto a $kind symbolic link: still a link to $(readlink "$path"), the file it names written"
        else fail "$option onto a $kind link: exit $status, before '$before', after '$after', target changed: $([ "$new" != "$old" ] && echo yes || echo no); $(head -c 300 "$work/err")"; fi ;;
    esac
  done
done
leftovers=$(find "$work/special" -name '*.tmp' | wc -l)
if [ "$leftovers" = 0 ]; then pass "no temporary left beside the special files"; else fail "temporaries left: $(find "$work/special" -name '*.tmp')"; fi

# 4b. --coverage-out and :save into a folder that does not exist: refused at once, nothing written.
printf 'edit\n' | timeout 30 "$fsm" repl login --coverage-out "$work/missing/coverage.json" >"$work/out" 2>"$work/err"; status=$?
if { [ "$status" = 64 ] || [ "$status" = 1 ]; } && [ ! -e "$work/missing" ] && ! grep -q "^> edit" "$work/out" && grep -q "does not exist" "$work/err"; then
  pass "--coverage-out into a missing folder: refused before the session (exit $status): $(head -c 200 "$work/err")"
else fail "--coverage-out into a missing folder: exit $status; $(head -c 300 "$work/err")"; fi
printf 'edit\n:save %s\nedit\n' "$work/missing/s.fsm" | timeout 30 "$fsm" repl login >"$work/out" 2>"$work/err"; status=$?
if [ "$status" = 0 ] && [ ! -e "$work/missing" ] && grep -q "^error: cannot write .*does not exist" "$work/out" && [ "$(grep -c '^> edit' "$work/out")" = 2 ]; then
  pass ":save into a missing folder: an error line, the session goes on"
else fail ":save into a missing folder: exit $status; $(head -c 300 "$work/out")"; fi

# 4c. A FIFO or a device given as a coverage file to read: refused with what it is, at once.
mkfifo "$work/special/coverage-fifo"
for args in "coverage login" "dot login --coverage" "mermaid login --coverage"; do
  for file in "$work/special/coverage-fifo" /dev/zero; do
    # shellcheck disable=SC2086
    timeout 30 "$fsm" $args "$file" >"$work/out" 2>"$work/err"; status=$?
    if [ "$status" != 124 ] && [ "$status" != 0 ] && grep -q "FIFO\|device" "$work/err" && ! grep -q "permission denied" "$work/err"; then
      pass "fsm $args $(basename "$file"): exit $status: $(head -c 160 "$work/err")"
    else fail "fsm $args $file: exit $status: $(head -c 300 "$work/err")"; fi
  done
done

# 5. `diagrams` killed while it writes leaves no temporary: a watcher polls the folder and sends
#    SIGTERM (then, in other runs, SIGINT) the moment a temporary appears; and a temporary of a
#    dead process (SIGKILL cannot be caught) is swept by the next run.
mkdir -p "$work/killed"
caught=0; left_total=0; runs=0
for signal in TERM INT; do
  for _ in 1 2 3 4 5 6; do
    rm -rf "$work/killed/Diagrams"; mkdir -p "$work/killed/Diagrams"
    result=$(timeout 60 python3 - "$fsm" "$work/killed/Diagrams" "$signal" <<'PY'
import os, signal, subprocess, sys, time
folder = sys.argv[2]
process = subprocess.Popen([sys.argv[1], "diagrams", "--output", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seen, end = False, time.time() + 30
while process.poll() is None and time.time() < end:
    if any(name.endswith(".tmp") for name in os.listdir(folder)):
        process.send_signal(getattr(signal, "SIG" + sys.argv[3])); seen = True; break
status = process.wait(timeout=30)
left = [name for name in os.listdir(folder) if name.endswith(".tmp")]
print(int(seen), status, len(left))
PY
)
    set -- $result
    runs=$((runs + 1))
    if [ "${1:-0}" = 1 ]; then caught=$((caught + 1)); fi
    left_total=$((left_total + ${3:-1}))
    if [ "${3:-1}" != 0 ]; then fail "SIG$signal while diagrams wrote (exit ${2:-?}): temporaries left: $(ls -A "$work/killed/Diagrams" | grep '\.tmp$' | tr '\n' ' ')"; fi
  done
done
if [ "$left_total" = 0 ] && [ "$caught" -gt 0 ]; then pass "SIGTERM/SIGINT while diagrams wrote its temporaries ($caught of $runs runs caught with one on disk): none left"
elif [ "$caught" = 0 ]; then fail "the watcher never saw a temporary in $runs runs: the kill test tested nothing"; fi
dead=$(sh -c 'echo $$')
printf 'half' > "$work/killed/Diagrams/.login.dot.$dead.tmp"
printf 'live' > "$work/killed/Diagrams/.login.dot.$$.tmp"
printf 'mine' > "$work/killed/Diagrams/.notes.txt.$dead.tmp"
"$fsm" diagrams --output "$work/killed/Diagrams" >/dev/null 2>&1; status=$?
if [ "$status" = 0 ] && [ ! -e "$work/killed/Diagrams/.login.dot.$dead.tmp" ] && [ -e "$work/killed/Diagrams/.login.dot.$$.tmp" ] && [ -e "$work/killed/Diagrams/.notes.txt.$dead.tmp" ]; then
  pass "a dead process's .login.dot.PID.tmp swept by the next run; a live one's, and one not of its files, kept"
else fail "sweep: exit $status, left: $(ls -A "$work/killed/Diagrams" | grep '\.tmp$' | tr '\n' ' ')"; fi
cd "$work" || exit 1

# 3. A full standard output and a full standard error, for every subcommand: never a crash.
for args in "list" "table login" "dot login" "mermaid login" "validate" "diagrams --check" "repl login" "app" "explore login --output -" "scxml home" "scxml home --runs 50" "--help"; do
  # shellcheck disable=SC2086
  printf 'logIn\n:events\n' | (cd "$root" && "$fsm" $args >/dev/full 2>"$work/err"); status=$?
  if [ "$status" = 74 ] && [ "$(cat "$work/err")" = "fsm: cannot write to standard output: No space left on device" ]; then
    pass "fsm $args > /dev/full: 74, one line"
  else fail "fsm $args > /dev/full: exit $status: $(head -c 300 "$work/err")"; fi
done

echo "$failed fault test(s) failed"
[ "$failed" = 0 ]
