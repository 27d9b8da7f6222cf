#!/usr/bin/env python3
"""The W3C SCXML conformance tests, read by this package's SCXML importer.

The tests come from python-statemachine's source distribution on PyPI (tests/scxml/w3c/,
mandatory and optional, with its LICENSE), downloaded and extracted at run time into
.build/w3c: nothing of theirs is copied into this repository.

Each test (its `*sub*.scxml` helpers are documents other tests load, not tests) is given to
`TOOL validate FILE`. A test the importer reads is run: `TOOL repl FILE` moves virtual time
(`:advance 10s`, firing delayed sends) and the test passes when the machine ends in the
state `pass`. A test it refuses is "not supported", counted under the feature that blocks
it (the importer's first refusal).

Usage:
  w3c-conformance.py --fsm TOOL [--tests DIR]              print the table
  w3c-conformance.py --fsm TOOL --check ARTICLE.md          fail when the article's table differs
  w3c-conformance.py --fsm TOOL --write ARTICLE.md          rewrite the article's table
"""

import argparse
import pathlib
import re
import subprocess
import sys
import tarfile

VERSION = "3.2.2"
START = "<!-- w3c-conformance:start -->"
END = "<!-- w3c-conformance:end -->"

# The feature a refusal names, first match wins.
FEATURES = [
    ("not an SCXML document", "documents outside SCXML's namespace"),
    ("whole parallel machine", "entry, exit or transitions of a `<parallel>`"),
    ("eventless", "eventless transitions"),
    ("<raise>", "`<raise>` (internal events, several steps in one `send`)"),
    ("no error events", "error events (`error.*`)"),
    ("completion and error events", "completion and error events (`done.*`, `error.*`)"),
    ("<invoke>", "`<invoke>` (other machines)"),
    ("<send>", "`<send>` other than a timer (events to the machine itself or elsewhere)"),
    ("data item", "a datamodel beyond boolean guards"),
    ("<data>", "a datamodel beyond boolean guards"),
    ("datamodel inside", "a datamodel beyond boolean guards"),
    ("condition", "conditions beyond boolean guards"),
    ("<if>", "executable content (`<if>`, `<assign>`, `<script>`, `<foreach>`)"),
    ("<assign>", "executable content (`<if>`, `<assign>`, `<script>`, `<foreach>`)"),
    ("<script>", "executable content (`<if>`, `<assign>`, `<script>`, `<foreach>`)"),
    ("<foreach>", "executable content (`<if>`, `<assign>`, `<script>`, `<foreach>`)"),
    ("binding", "late data binding"),
    ("several events", "event descriptors that match several events (`*`, `a.*`)"),
    ("not in the regions of one <parallel>", "several states entered at once outside the regions of one `<parallel>`"),
    ("no attribute", "attributes outside the subset"),
]


def fetch(folder):
    """Downloads and extracts the tests; returns the w3c folder."""
    w3c = folder / "w3c"
    if (w3c / "LICENSE").exists():
        return w3c
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
         f"python-statemachine=={VERSION}", "-d", str(folder)],
        check=True,
    )
    archive = next(folder.glob(f"python_statemachine-{VERSION}.tar.gz"))
    prefix = f"python_statemachine-{VERSION}/tests/scxml/w3c/"
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if member.name.startswith(prefix) and member.isfile():
                target = w3c / member.name[len(prefix):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(tar.extractfile(member).read())
    return w3c


def judge(tool, path):
    """(result, feature or detail) for one test."""
    validate = subprocess.run([tool, "validate", str(path)], capture_output=True, text=True, timeout=60)
    if validate.returncode not in (0, 1) or validate.stderr.strip():
        # `TOOL: FILE.scxml:LINE: why` (or `Error: ...` from a command that stops at it).
        first = validate.stderr.strip().splitlines()[0] if validate.stderr.strip() else ""
        message = re.sub(r"^(Error: |[^\s:]+: )?[^\n]*?\.scxml(:\d+)?: ", "", first)
        for needle, feature in FEATURES:
            if needle in message:
                return "not supported", feature
        return "not supported", "other: " + message
    repl = subprocess.run([tool, "repl", str(path)], input=":advance 10s\n:state\n", capture_output=True, text=True, timeout=60)
    state = [line for line in repl.stdout.splitlines() if line.startswith("state: ")]
    final = state[-1][len("state: "):] if state else "?"
    return ("passed", "") if final == "pass" else ("failed", f"ends in {final}")


def table(tool, w3c):
    tests = sorted(
        (p for p in w3c.glob("*/*.scxml") if "sub" not in p.name),
        key=lambda p: (p.parent.name, int(re.sub(r"\D", "", p.stem) or 0)),
    )
    rows = {}
    for path in tests:
        result, why = judge(tool, path)
        key = (result, why)
        rows.setdefault(key, []).append(f"{path.stem} ({path.parent.name[:3]})" if path.parent.name != "mandatory" else path.stem)
    passed = rows.get(("passed", ""), [])
    lines = [
        START,
        f"{len(tests)} tests (mandatory and optional) from python-statemachine {VERSION}'s `tests/scxml/w3c`:"
        f" {len(passed)} passed.",
        "",
        "| result | blocked by | tests | which |",
        "|---|---|---|---|",
    ]
    order = sorted(rows.items(), key=lambda item: (item[0][0] != "passed", item[0][0] != "failed", -len(item[1]), item[0][1]))
    for (result, why), names in order:
        lines.append(f"| {result} | {why or '-'} | {len(names)} | {', '.join(names)} |")
    lines.append(END)
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fsm", required=True)
    parser.add_argument("--tests", help="a folder holding mandatory/ and optional/ (default: download into .build/w3c)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check")
    group.add_argument("--write")
    args = parser.parse_args()
    w3c = pathlib.Path(args.tests) if args.tests else fetch(pathlib.Path(".build/w3c"))
    text = table(args.fsm, w3c)
    article = args.check or args.write
    if not article:
        sys.stdout.write(text)
        return 0
    path = pathlib.Path(article)
    content = path.read_text()
    if START not in content or END not in content:
        print(f"{article} has no {START} ... {END} block", file=sys.stderr)
        return 1
    before, rest = content.split(START, 1)
    _, after = rest.split(END + "\n", 1)
    updated = before + text + after
    if args.write:
        path.write_text(updated)
        print(f"wrote the table into {article}")
        return 0
    if updated != content:
        import difflib

        sys.stdout.writelines(difflib.unified_diff(content.splitlines(True), updated.splitlines(True), article, "now"))
        print(f"{article}: the W3C table is not what the importer does now (run with --write)", file=sys.stderr)
        return 1
    print(text.splitlines()[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
