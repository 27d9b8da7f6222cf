#!/usr/bin/env python3
"""The SCXML judges: xmllint and an independent statechart interpreter.

For every NAME.scxml with a NAME.trace.json beside it (written by `swift test` into
$FSM_SCXML_OUT, see Tests/TestSupport/SCXMLTrace.swift):

1. `xmllint --noout` reads the document (well-formed XML), and, with --schema, validates it.
2. python-statemachine 3.2 (PyPI) loads the document with `statemachine.io.load` and replays
   every run of the trace: before each step it sets each guard variable as our REPL decided
   it, sends the event, and compares its active configuration (the ids of every active
   state, parents and regions included) with the elements our machine was in. Every
   difference is printed; any difference fails the judge.

Usage: scxml-judge.py FOLDER... [--schema scxml.xsd] [--only NAME...]
"""

import argparse
import contextlib
import json
import pathlib
import shutil
import subprocess
import sys


def configuration(sm):
    # Through the base class: a state or event named `configuration` or `send` becomes an
    # attribute of the loaded class, in front of the interpreter's own.
    from statemachine import StateChart

    return sorted(state.id for state in StateChart.configuration.fget(sm))


class Logs:
    """What `<log>` elements print, one entry per element (a label may hold a line break)."""

    def __init__(self):
        self.entries = []

    def __call__(self, *values, **_):
        self.entries.append(" ".join(str(value) for value in values))

    @contextlib.contextmanager
    def capturing(self):
        import statemachine.io.actions as actions

        self.entries = []
        actions.print = self  # the module's `print`, in front of the built-in one
        try:
            yield self
        finally:
            del actions.print


class Clock:
    """Virtual time for the interpreter, as the REPL's `:advance` moves it.

    python-statemachine's synchronous engine reads `time.monotonic` for delayed `<send>`s and
    waits (polling) until the first is due before `send` returns. The judge replaces its
    clock with this one, and makes a delayed event that is not due yet wait in the queue
    instead, so that timers fire only when a step moves time, as they do in our REPL.
    """

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def install(self):
        import statemachine.engines.sync as sync
        import statemachine.event_data as event_data

        sync.monotonic = self
        event_data.monotonic = self
        original = sync.SyncEngine._take_due_external_event
        clock = self

        def take_due(engine, first_result):
            head = clock.head(engine)
            if head is not None and head > clock.now:
                return False, first_result  # not due: it waits for time to move
            return original(engine, first_result)

        sync.SyncEngine._take_due_external_event = take_due

    @staticmethod
    def head(engine):
        """When the first delayed event not cancelled is due, or None."""
        queue = engine.external_queue
        with queue.queue.mutex:
            queue._drop_cancelled_head()
            heap = queue.queue.queue
            return heap[0].execution_time if heap else None

    def advance(self, sm, milliseconds, send):
        """Moves time, firing each delayed event when it is due, in order: a later timer
        that one of them arms counts from the moment it fired."""
        end = self.now + milliseconds / 1000
        while True:
            head = self.head(sm._engine)
            if head is None or head > end + 1e-9:
                break
            self.now = max(self.now, head)
            send(sm, "fsm.time")  # an event nothing takes: the engine runs what is due first
        self.now = end


def correct_history_content():
    """python-statemachine 3.2 runs the content of a transition that targets a <history> twice:
    once as the transition's content, and again after the history's parent's <onentry>, as if it
    were the history's default content (engines/base.py, `_add_history_states_to_enter`, puts the
    incoming transition in `default_history_content`, whether or not the history has a value).
    The W3C algorithm (SCXML 1.0, appendix D, addDescendantStatesToEnter) sets
    defaultHistoryContent[parent] to the history's own default transition's content, and only
    when the history has no value. The incoming transition is kept when it is an <initial>
    one: its content must run there (W3C test 579). With this correction the W3C history tests
    (387, 388, 579, 580) still pass in python-statemachine; without it, a machine whose
    transition into a history emits effects disagrees with the W3C algorithm, not with us.
    """
    import statemachine.engines.base as base

    original = base.BaseEngine._add_history_states_to_enter

    def entering_history(engine, info, state, states_to_enter, states_for_default_entry, default_history_content):
        recorded = state.id in engine.sm.history_values
        original(engine, info, state, states_to_enter, states_for_default_entry, default_history_content)
        if getattr(info.transition, "initial", False):
            return
        parent = state.parent and state.parent.id
        content = default_history_content.get(parent, [])
        default_history_content[parent] = [] if recorded else [item for item in content if item is not info]

    base.BaseEngine._add_history_states_to_enter = entering_history


def shown(effect):
    """An effect as a document's `<log label>` holds it: characters XML 1.0 cannot hold
    (controls but tab and line breaks, U+FFFE, U+FFFF) are `\\u{HEX}` text there (the exact
    name is in fsm:escaped-label, which only this package reads)."""
    if effect == "":
        # python-statemachine prints a label only when it is not empty, else the value of the
        # log's expr, here none: `None`.
        return "None"
    return "".join(
        "\\u{%X}" % ord(c) if (ord(c) < 0x20 and c not in "\t\n\r") or ord(c) in (0xFFFE, 0xFFFF) else c
        for c in effect
    )


def judge(document, trace, load, clock):
    """Replays a trace on a document; returns (runs, steps, mismatches).

    In a parallel machine this library runs each region's whole transition (its exits,
    effects and entries) region after region; SCXML runs every region's exits, then every
    transition's content, then every entry. A deliberate difference (see the Statecharts
    article): there the effects of a step are compared as a multiset, the configuration
    exactly.
    """
    from statemachine import StateChart

    machine = load(str(document))
    parallel = "<parallel " in document.read_text()
    logs = Logs()
    mismatches = []
    steps = 0
    expected_initial = sorted(trace["initial"])
    for r, run in enumerate(trace["runs"]):
        clock.now = 0.0
        with logs.capturing():
            sm = machine()
        got = configuration(sm)
        if got != expected_initial:
            mismatches.append(f"{document.name} run {r}: initial configuration {got}, ours {expected_initial}")
            continue
        for s, step in enumerate(run):
            for variable, value in step["guards"].items():
                setattr(sm.model, variable, value)
            with logs.capturing():
                if "advance" in step:
                    clock.advance(sm, step["advance"], StateChart.send)
                else:
                    StateChart.send(sm, step["event"])
            steps += 1
            got = configuration(sm)
            ours = sorted(step["active"])
            # Effects are <log label="EFFECT"/>: the interpreter prints each label.
            effects = logs.entries
            ours_effects = [shown(effect) for effect in step["effects"]]
            same_effects = sorted(effects) == sorted(ours_effects) if parallel else effects == ours_effects
            if got != ours or not same_effects:
                guards = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in sorted(step["guards"].items()))
                what = f":advance {step['advance']}ms" if "advance" in step else step["event"]
                mismatches.append(
                    f"{document.name} run {r} step {s}: after '{what}' ({guards or 'no guards'}) "
                    f"python-statemachine is in {got} having logged {effects}, ours in {ours} having emitted {step['effects']}"
                )
                break
    return len(trace["runs"]), steps, mismatches


def leaves_reached(document, trace):
    """How many of the document's atomic states (no state inside) the runs were in, of all."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2005/07/scxml}"
    root = ET.parse(document).getroot()
    leaves = set()
    for element in root.iter():
        if element.tag in (ns + "state", ns + "final"):
            if not any(child.tag in (ns + "state", ns + "final", ns + "parallel") for child in element):
                leaves.add(element.get("id"))
    seen = set(trace["initial"]) | {i for run in trace["runs"] for step in run for i in step["active"]}
    return len(leaves & seen), len(leaves)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--schema", help="an XML Schema to validate every document against")
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()

    # What this judge needs, said plainly rather than as a traceback.
    if shutil.which("xmllint") is None:
        print("scxml-judge: xmllint is not installed (Debian: apt-get install libxml2-utils; macOS has it); "
              "it reads each document before python-statemachine runs it", file=sys.stderr)
        return 2
    try:
        import statemachine
        from statemachine.io import load
    except ImportError as error:
        print(f"scxml-judge: python-statemachine is not installed ({error}); "
              "install the pinned version: python3 -m pip install -r .ci/requirements.txt", file=sys.stderr)
        return 2

    clock = Clock()
    clock.install()
    correct_history_content()

    print(f"python-statemachine {statemachine.__version__} (a transition into a <history> runs its content once, as W3C says: see correct_history_content)")
    documents = []
    for folder in args.folders:
        for document in sorted(pathlib.Path(folder).glob("*.scxml")):
            trace = document.with_suffix(".trace.json")
            if args.only and document.stem not in args.only:
                continue
            documents.append((document, trace if trace.exists() else None))
    if not documents:
        print("no SCXML documents found", file=sys.stderr)
        return 1

    failures = 0
    total_runs = total_steps = 0
    for document, trace in documents:
        command = ["xmllint", "--noout"] + (["--schema", args.schema] if args.schema else []) + [str(document)]
        lint = subprocess.run(command, capture_output=True, text=True)
        if lint.returncode != 0:
            print(f"FAIL {document.name}: xmllint: {lint.stderr.strip()}")
            failures += 1
            continue
        if trace is None:
            print(f"FAIL {document.name}: no {document.stem}.trace.json beside it")
            failures += 1
            continue
        try:
            data = json.loads(trace.read_text())
            runs, steps, mismatches = judge(document, data, load, clock)
            reached, leaves = leaves_reached(document, data)
        except Exception as error:  # the interpreter refused the document
            print(f"FAIL {document.name}: python-statemachine: {type(error).__name__}: {error}")
            failures += 1
            continue
        total_runs += runs
        total_steps += steps
        if mismatches:
            failures += 1
            print(f"FAIL {document.name}: {len(mismatches)} of {runs} runs differ")
            for line in mismatches[:5]:
                print("  " + line)
        else:
            print(f"ok   {document.name}: {runs} runs, {steps} steps, {reached} of {leaves} states reached, 0 mismatches")
    print(f"{len(documents)} documents, {total_runs} runs, {total_steps} steps, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
