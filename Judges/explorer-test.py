#!/usr/bin/env python3
"""The explorer judged in a real browser: Debian's Chromium, driven by Playwright, with the
network blocked.

For every machine of the tool, `fsm explore` writes a page; the page is opened from disk and
seeded random walks are *clicked* in it (event buttons, enabled edges of the diagram, guard
switches, Undo, Reset). The same lines are then fed to `fsm repl MACHINE`, the Swift machine,
and what the page printed for each line must be what the REPL printed, step for step (the
state, the effects, every refusal with its reason); the page's exported REPL script and Swift
test must be byte for byte what the REPL's `:save` writes. Also: a page with hostile names
(written by `swift test` into $FSM_EXPLORER_OUT) shows them as text and runs none of them;
sessions `swift test` wrote for machines with histories, timers (Advance), eventless lines and
regions inside a parent, with what the REPL printed, are clicked and must print the same;
every request other than the page itself is refused (none may be made); the page is used
with the keyboard alone, is readable at 800 px, loads a coverage file and refuses a bad one,
works without Graphviz; screenshots of every machine are written for a person to look at.

Usage: Judges/explorer-test.py [--fsm PATH] [--pages DIR] [--walks N] [--steps N]
       [--screenshots DIR] [--readme-screenshot FILE] [--only-walks]
Needs: chromium (/usr/bin/chromium), python3 -m pip install playwright. Every wait is
Playwright's own, bounded (5 s an action); nothing sleeps.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import traceback

from playwright.sync_api import expect, sync_playwright

parser = argparse.ArgumentParser()
parser.add_argument("--fsm", default=".build/debug/fsm")
parser.add_argument("--pages", default=os.environ.get("FSM_EXPLORER_OUT", ".build/explorer-pages"),
                    help="where swift test wrote the hostile page (FSM_EXPLORER_OUT)")
parser.add_argument("--walks", type=int, default=20)
parser.add_argument("--steps", type=int, default=40)
parser.add_argument("--screenshots", default=".build/explorer-screenshots")
parser.add_argument("--readme-screenshot", default=None)
parser.add_argument("--chromium", default="/usr/bin/chromium")
parser.add_argument("--only-walks", action="store_true",
                    help="only the walks against the REPL (for another package's tool, whose machines are its own)")
args = parser.parse_args()

FSM = os.path.abspath(args.fsm)
WORK = tempfile.mkdtemp(prefix="fsm-explorer-")
os.makedirs(args.screenshots, exist_ok=True)
failures = []


def fail(message):
    failures.append(message)
    print("FAIL " + message)


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=120, **kwargs)


def machines():
    listing = run([FSM, "list"]).stdout
    return [line.split()[0] for line in listing.splitlines() if line.strip()]


def write_page(machine, path, env=None):
    result = run([FSM, "explore", machine, "--output", path], env=env)
    if result.returncode != 0:
        raise RuntimeError(f"fsm explore {machine}: exit {result.returncode}: {result.stderr}")
    return result


def repl_outputs(machine, lines, save_script, save_test, coverage_out):
    """What `fsm repl MACHINE` prints for each line (the piped transcript: '> line' then the
    output), then the final state; the session saved with :save as a script and a test, and
    its coverage written to coverage_out."""
    extra = [f":save {save_script}", f":save {save_test}"]
    result = run([FSM, "repl", machine, "--coverage-out", coverage_out], input="".join(line + "\n" for line in lines + extra), cwd=WORK)
    text = result.stdout
    outputs = []
    position = 0
    everything = lines + extra
    for index, line in enumerate(everything):
        head = "> " + line + "\n"
        if not text.startswith(head, position):
            raise RuntimeError(f"the REPL's transcript lost step {index + 1} ({line!r}) at: {text[position:position + 200]!r}")
        position += len(head)
        if index + 1 < len(everything):
            end = text.find("\n> " + everything[index + 1] + "\n", position - 1)
            end = end + 1 if end >= 0 and end + 1 >= position else position
        else:
            end = text.find("state: ", position)
        outputs.append(text[position:end].rstrip("\n"))
        position = end
    final = text[position:].strip()
    return outputs[: len(lines)], final


def coverage_summary(machine, coverage_file):
    """The page's coverage line as `fsm coverage` figures a coverage file."""
    report = run([FSM, "coverage", machine, coverage_file]).stdout
    taken = re.search(r"\| transitions taken \| (\d+) \| (\d+) \|", report)
    states = re.search(r"\| states entered \| (\d+) \| (\d+) \|", report)
    if not taken or not states:
        raise RuntimeError(f"fsm coverage {machine} {coverage_file} printed no figures: {report!r}")
    return f"Transitions taken: {taken.group(1)} of {taken.group(2)}. States entered: {states.group(1)} of {states.group(2)}."


def page_steps(page):
    return page.evaluate("Array.from(document.querySelectorAll('#timeline li'), li => [li.querySelector('.line').textContent, li.querySelector('.out').textContent])")


def walk(page, machine, model, seed, steps):
    """Clicks a seeded random walk; returns the REPL lines it stands for."""
    rng = random.Random(seed)
    lines = []
    guard_values = {}
    for _ in range(steps):
        roll = rng.random()
        enabled_edges = page.locator("#diagram g.edge.enabled")
        if roll < 0.62:
            e = rng.randrange(len(model["events"]))
            page.locator(f"#events button[data-event='{e}']").click()
            lines.append(model["events"][e])
        elif roll < 0.78 and enabled_edges.count() > 0:
            edge = enabled_edges.nth(rng.randrange(enabled_edges.count()))
            edge_id = edge.get_attribute("id")
            event = next(x["event"] for x in model["edges"] if "svg-" + x["id"] == edge_id)
            # A real click on the edge's label (or its line, for an edge without one).
            label = edge.locator("text")
            (label.first if label.count() else edge.locator("path").first).click()
            lines.append(event)
        elif roll < 0.88 and model["guards"]:
            g = rng.randrange(len(model["guards"]))
            name = model["guards"][g]
            box = page.locator(f"#guards input[data-guard='{g}']")
            box.click()
            guard_values[name] = not guard_values.get(name, True)
            lines.append(f":guard {name} {'on' if guard_values[name] else 'off'}")
        elif roll < 0.97:
            page.locator("#undo").click()
            lines.append(":undo")
            guard_values = {k: v for k, v in page_guards(page, model).items()}
        else:
            page.locator("#reset").click()
            lines.append(":reset")
            guard_values = {}
    return lines


def page_guards(page, model):
    checked = page.evaluate("Array.from(document.querySelectorAll('#guards input'), b => b.checked)")
    return {name: value for name, value in zip(model["guards"], checked)}


def check_walks(browser, machine, pages_dir):
    path = os.path.join(pages_dir, f"{machine}.html")
    write_page(machine, path)
    context = new_context(browser)
    page = context.new_page()
    errors = watch(page)
    page.goto("file://" + path)
    model = json.loads(page.locator("#fsm-model").text_content())
    total_steps = 0
    disagreements = 0
    for walk_number in range(args.walks):
        page.reload()
        seed = walk_number * 7919 + len(machine)
        lines = walk(page, machine, model, seed, args.steps)
        steps = page_steps(page)
        test_file = f"{re.sub('[^A-Za-z0-9]', '', machine)}Walk{walk_number}.swift"
        page.locator("#test-file").fill(test_file)
        page_script = page.locator("#export-script").input_value()
        page_test = page.locator("#export-test").input_value()
        page_state = page.evaluate("fsmExplorer.state()")
        script_path = os.path.join(WORK, f"{machine}-{walk_number}.fsm")
        coverage_path = os.path.join(WORK, f"{machine}-{walk_number}.json")
        outputs, final = repl_outputs(machine, lines, script_path, test_file, coverage_path)
        total_steps += len(lines)
        for index, (line, expected) in enumerate(zip(lines, outputs)):
            shown_line, shown = steps[index] if index < len(steps) else (None, None)
            if shown_line != "> " + line or shown != expected:
                disagreements += 1
                if disagreements <= 5:
                    fail(f"{machine} walk {walk_number} step {index + 1} ({line!r}): the page printed {shown!r} for {shown_line!r}; the REPL printed {expected!r}")
        if len(steps) != len(lines):
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the page's timeline has {len(steps)} steps for {len(lines)} lines")
        if final != f"state: {page_state}":
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the page ends in {page_state!r}, the REPL says {final!r}")
        saved_script = open(script_path, encoding="utf-8").read()
        if saved_script != page_script:
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the page's script differs from :save's:\n{page_script!r}\n{saved_script!r}")
        saved_test = open(os.path.join(WORK, test_file), encoding="utf-8").read()
        if saved_test != page_test:
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the page's Swift test differs from :save's:\n{page_test}\n---\n{saved_test}")
        # What the page counted of its session is what the REPL's recorder counted.
        expected_summary = coverage_summary(machine, coverage_path)
        page_summary = page.locator("#coverage-summary").text_content()
        if page_summary != expected_summary:
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the page's coverage says {page_summary!r}; fsm coverage of the REPL's says {expected_summary!r}")
        # The exported script replays in the REPL to the page's state.
        replay = run([FSM, "repl", machine, "--script", script_path, "--strict"])
        if replay.returncode != 0 or not replay.stdout.rstrip().endswith(f"state: {page_state}"):
            disagreements += 1
            fail(f"{machine} walk {walk_number}: the exported script does not replay to {page_state}: {replay.stdout[-200:]} {replay.stderr}")
    if errors:
        fail(f"{machine}: the page reported errors: {errors}")
    print(f"explorer {machine}: {args.walks} walks, {total_steps} steps clicked, {disagreements} disagreements with fsm repl")
    context.close()
    return total_steps, disagreements


requests_seen = []


def new_context(browser, **kwargs):
    context = browser.new_context(**kwargs)
    context.set_offline(True)

    def route(route_):
        url = route_.request.url
        if url.startswith("file://"):
            route_.continue_()
        else:
            requests_seen.append(url)
            route_.abort()
    context.route("**/*", route)
    return context


def watch(page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("dialog", lambda dialog: (errors.append("a dialog opened: " + dialog.message), dialog.dismiss()))
    return errors


def finish(context, errors, failures_before, what, summary):
    """Closes a check's browser context; its summary is printed when it failed nothing."""
    if errors:
        fail(f"{what} reported errors or opened dialogs: {errors}")
    context.close()
    if len(failures) == failures_before:
        print(summary)


def open_page(browser, path):
    """A page opened in a new context: the context, the page, its errors and its model."""
    context = new_context(browser)
    page = context.new_page()
    errors = watch(page)
    page.goto("file://" + path)
    return context, page, errors, json.loads(page.locator("#fsm-model").text_content())


def replay_session(page, model, session, shown_lines, what):
    """Clicks a session's lines in the page; each step must print what the REPL printed
    (`shown_lines`: the lines as the page's timeline shows them)."""
    for line in session["lines"]:
        click_line(page, model, line)
    shown = page_steps(page)
    expected = [["> " + line, output] for line, output in zip(shown_lines, session["outputs"])]
    if shown != expected:
        first = next((i for i, (a, b) in enumerate(zip(shown, expected)) if a != b), min(len(shown), len(expected)))
        fail(f"{what}: the session disagrees with the REPL at line {first + 1}: the page {shown[first] if first < len(shown) else None!r}, the REPL {expected[first] if first < len(expected) else None!r}")


SESSION_MACHINES = ["usb", "player", "eventless", "elevator"]


def click_line(page, model, line):
    """Clicks what stands for one REPL line in the page: an event's button, a guard's switch,
    Advance (time to the next deadline), Undo or Reset."""
    if line in model["events"]:
        page.locator(f"#events button[data-event='{model['events'].index(line)}']").click()
    elif line.startswith(":guard ") and (line.endswith(" on") or line.endswith(" off")):
        name = line[len(":guard "):line.rindex(" ")]
        page.locator(f"#guards input[data-guard='{model['guards'].index(name)}']").click()
    elif line.startswith(":advance "):
        page.locator("#advance").click()
    else:
        page.locator({":undo": "#undo", ":reset": "#reset"}[line]).click()


def check_sessions(browser, pages_dir):
    """Machines with histories, timers, eventless lines and regions inside a parent: a walk
    swift test wrote with what the REPL printed for each line (ExplorerAgreement.session),
    clicked in the page, which must print the same, line for line, and end in the same state."""
    failures_before = len(failures)
    clicked = 0
    for name in SESSION_MACHINES:
        path = os.path.join(pages_dir, f"{name}.html")
        session_path = os.path.join(pages_dir, f"{name}-session.json")
        if not os.path.exists(path) or not os.path.exists(session_path):
            fail(f"no page or session for {name} in {pages_dir}: run swift test with FSM_EXPLORER_OUT={pages_dir}")
            continue
        session = json.load(open(session_path, encoding="utf-8"))
        context, page, errors, model = open_page(browser, path)
        replay_session(page, model, session, session["lines"], name)
        clicked += len(session["lines"])
        state = page.evaluate("fsmExplorer.state()")
        if state != session["final"]:
            fail(f"{name}: the page ends in {state!r}, the REPL in {session['final']!r}")
        # The diagram highlights the state's drawn nodes: one per region inside a parallel parent.
        wanted = next((s["nodes"] for s in model["states"] if s["name"] == state), [])
        lit = page.evaluate("Array.from(document.querySelectorAll('#diagram g.node.current title'), t => t.textContent)")
        if not wanted or sorted(lit) != sorted(wanted):
            fail(f"{name}: in {state!r} the diagram highlights {lit}, not the state's nodes {wanted}")
        page.screenshot(path=os.path.join(args.screenshots, f"{name}-session.png"), full_page=True)
        if errors:
            fail(f"{name}: the page reported errors: {errors}")
        context.close()
    if len(failures) == failures_before:
        print(f"explorer sessions: {len(SESSION_MACHINES)} machines with histories, timers, eventless lines and regions in a parent, {clicked} lines clicked, each printed as the REPL printed it")


def check_hostile(browser, pages_dir):
    failures_before = len(failures)
    path = os.path.abspath(os.path.join(pages_dir, "hostile.html"))
    names_path = os.path.abspath(os.path.join(pages_dir, "hostile-names.json"))
    if not os.path.exists(path):
        fail(f"no hostile page at {path}: run swift test with FSM_EXPLORER_OUT={pages_dir}")
        return
    names = json.load(open(names_path, encoding="utf-8"))
    context, page, errors, model = open_page(browser, path)
    # Click everything: every event from every state reached, every guard both ways.
    for e in range(len(model["events"])):
        page.locator(f"#events button[data-event='{e}']").click()
        for g in range(len(model["guards"])):
            page.locator(f"#guards input[data-guard='{g}']").click()
            page.locator(f"#events button[data-event='{e}']").click()
    for index in range(page.locator("#diagram g.edge.enabled").count()):
        edges = page.locator("#diagram g.edge.enabled")
        if index < edges.count():
            edges.nth(index).dispatch_event("click")
    # A session written by swift test with what the REPL printed for each line, clicked anew.
    session = json.load(open(os.path.join(pages_dir, "hostile-session.json"), encoding="utf-8"))
    page.reload()
    replay_session(page, model, session, session["shown"], "the hostile page")
    pwned = page.evaluate("window.__pwned === undefined ? null : String(window.__pwned)")
    if pwned is not None:
        fail(f"hostile names ran script: window.__pwned = {pwned}")
    scripts = page.evaluate("document.querySelectorAll('script').length")
    if scripts != 3:
        fail(f"the hostile page has {scripts} script elements, 3 expected")
    injected = page.evaluate("document.querySelectorAll('img, iframe, b, marquee, svg script, svg foreignObject, [onerror], [onload], [onclick]').length")
    if injected:
        fail(f"hostile names became {injected} elements or handlers")
    header = page.evaluate("Array.from(document.querySelectorAll('#table thead th'), th => th.textContent).slice(1)")
    if header != names["shownEvents"]:
        fail(f"the table's header is not the events' names as text: {header!r} vs {names['shownEvents']!r}")
    rows = page.evaluate("Array.from(document.querySelectorAll('#table tbody th'), th => th.textContent)")
    if rows != names["states"]:
        fail(f"the table's rows are not the states' names as text: {rows!r} vs {names['states']!r}")
    guard_labels = page.evaluate("Array.from(document.querySelectorAll('#guards label'), l => l.textContent.trim())")
    if guard_labels != [n.strip() for n in names["guards"]]:
        fail(f"the guards are not shown as text: {guard_labels!r}")
    title = page.title()
    if names["machine"] not in title:
        fail(f"the title does not show the machine's name as text: {title!r}")
    svg_texts = page.evaluate("Array.from(document.querySelectorAll('#diagram svg text'), t => t.textContent).join('\\n')")
    for state in names["states"]:
        first_line = state.split("\n")[0].strip()
        if first_line and first_line not in svg_texts and model.get("edges"):
            fail(f"the diagram does not show the state {state!r} as text")
    page.set_viewport_size({"width": 800, "height": 900})
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > 800:
        fail(f"at 800 px the hostile page (a 210-character name) scrolls sideways ({width} px wide)")
    page.screenshot(path=os.path.join(args.screenshots, "hostile.png"), full_page=True)
    # A drawing that is not Graphviz's (the library takes any SVG): nothing of it is active.
    svg_page = context.new_page()
    svg_errors = watch(svg_page)
    svg_page.goto("file://" + os.path.abspath(os.path.join(pages_dir, "hostile-svg.html")))
    if svg_page.locator("#events").is_visible():
        svg_page.locator("#events button[data-event='0']").click()
    pwned = svg_page.evaluate("window.__pwned === undefined ? null : String(window.__pwned)")
    if pwned is not None:
        fail(f"the hostile SVG ran script: window.__pwned = {pwned}")
    active = svg_page.evaluate("document.querySelectorAll('#diagram script, #diagram style, #diagram foreignObject, #diagram a, #diagram animate, #diagram set, #diagram image, #diagram [onload], #diagram [onclick], #diagram [style], #diagram [href]').length")
    if active:
        fail(f"the hostile SVG kept {active} active elements or attributes")
    timeline = svg_page.evaluate("document.getElementById('timeline').tagName")
    if timeline != "OL":
        fail(f"an id of the SVG took the place of the page's timeline (#timeline is a {timeline})")
    if not svg_page.locator("#events").is_visible():
        fail("the SVG's style hid the page")
    errors += svg_errors
    finish(context, errors, failures_before, "the hostile page",
           f"explorer hostile: {len(model['states'])} states, {len(model['events'])} events, {len(model['guards'])} guards clicked; names shown as text, a session of {len(session['lines'])} lines as the REPL printed it, no script ran, no element injected; a hostile SVG made inert")


def check_keyboard_and_width(browser, pages_dir):
    failures_before = len(failures)
    path = os.path.join(pages_dir, "login.html")
    context = new_context(browser, viewport={"width": 800, "height": 900})
    page = context.new_page()
    errors = watch(page)
    page.goto("file://" + path)
    # Tab from the top reaches the first enabled edge of the diagram; Enter sends its event.
    reached = None
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")
        if focused and focused.startswith("send "):
            reached = focused[len("send "):]
            break
    if reached is None:
        fail("Tab never reached an edge of the diagram")
    else:
        page.keyboard.press("Enter")
        last = page.evaluate("fsmExplorer.transcript()")
        if not last.startswith("> " + reached):
            fail(f"Enter on the edge {reached!r} did not send it: {last!r}")
    # Every event button and control is reachable with Tab.
    focusable = set()
    page.evaluate("document.activeElement.blur()")
    for _ in range(200):
        page.keyboard.press("Tab")
        focusable.add(page.evaluate("(() => { const a = document.activeElement; return a ? (a.id || a.dataset.event !== undefined && 'event' + a.dataset.event || a.dataset.guard !== undefined && 'guard' + a.dataset.guard || a.tagName) : '' })()"))
    model = json.loads(page.locator("#fsm-model").text_content())
    wanted = {f"event{e}" for e in range(len(model["events"]))} | {f"guard{g}" for g in range(len(model["guards"]))} | {"undo", "reset", "paint", "coverage-file", "export-script", "download-script", "export-test", "download-test"}
    missing = wanted - focusable
    if missing:
        fail(f"not reachable with Tab: {sorted(missing)}")
    # A keyboard user sends an event button with Space.
    page.locator("#events button[data-event='0']").focus()
    before = len(page_steps(page))
    page.keyboard.press("Space")
    if len(page_steps(page)) != before + 1:
        fail("Space on an event button did not send it")
    # The downloads are the texts shown (the page's policy lets a blob: link download).
    for button, area in (("#download-script", "#export-script"), ("#download-test", "#export-test")):
        with page.expect_download(timeout=5000) as download:
            page.locator(button).click()
        saved = open(download.value.path(), encoding="utf-8").read()
        if saved != page.locator(area).input_value():
            fail(f"{button} saved {saved!r}, not the text shown")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > 800:
        fail(f"at 800 px the page scrolls sideways ({width} px wide)")
    page.screenshot(path=os.path.join(args.screenshots, "login-800px.png"), full_page=True)
    finish(context, errors, failures_before, "the keyboard run",
           f"explorer keyboard: an edge sent with Tab and Enter, {len(wanted)} controls reachable with Tab, both downloads equal the texts shown, no sideways scrolling at 800 px ({width} px)")


def check_coverage_and_no_graphviz(browser, pages_dir):
    failures_before = len(failures)
    # A coverage file written by the REPL, loaded into the page: the page counts what the
    # Swift report counts.
    script = os.path.join(WORK, "cov.fsm")
    with open(script, "w") as f:
        f.write("logIn\nfail network\ncloseAlert\n:guard ID and password filled off\nlogIn\n")
    coverage = os.path.join(WORK, "cov.json")
    run([FSM, "repl", "login", "--script", script, "--coverage-out", coverage])
    expected = coverage_summary("login", coverage)
    context = new_context(browser)
    page = context.new_page()
    errors = watch(page)
    page.goto("file://" + os.path.join(pages_dir, "login.html"))
    bad = os.path.join(WORK, "bad.json")
    with open(bad, "w") as f:
        f.write('{"machines": [{"machine": "login", "cells": [{"state": "nowhere", "event": "logIn", "lines": []}], "states": []}]}')
    before = page.locator("#coverage-summary").text_content()
    page.locator("#coverage-file").set_input_files(bad)
    expect(page.locator("#coverage-status")).not_to_have_text("")
    status = page.locator("#coverage-status").text_content()
    if "nothing changed" not in status or page.locator("#coverage-summary").text_content() != before:
        fail(f"a bad coverage file was not refused: {status!r}")
    page.locator("#coverage-file").set_input_files(coverage)
    expect(page.locator("#coverage-status")).to_have_text(re.compile("^Added"))
    summary = page.locator("#coverage-summary").text_content()
    if summary != expected:
        fail(f"the page counts the coverage file as {summary!r}; fsm coverage says {expected!r}")
    never = page.evaluate("document.querySelectorAll('#diagram g.edge.never').length")
    painted = page.evaluate("document.body.classList.contains('painted')")
    if not painted or never == 0:
        fail(f"the coverage is not painted (painted: {painted}, never-taken edges: {never})")
    page.screenshot(path=os.path.join(args.screenshots, "login-coverage.png"), full_page=True)
    context.close()
    # Without Graphviz: the page lists the states and still runs.
    nodot = os.path.join(WORK, "login-nodot.html")
    result = write_page("login", nodot, env={"PATH": "/nonexistent"})
    if "Graphviz ('dot') is not installed" not in result.stderr:
        fail(f"without Graphviz the tool does not say so: {result.stderr!r}")
    context = new_context(browser)
    page = context.new_page()
    nodot_errors = watch(page)
    page.goto("file://" + nodot)
    page.locator("#events button[data-event='1']").click()
    current = page.locator("#states-list li.current").text_content()
    if current != "loggingIn":
        fail(f"without Graphviz the listed current state is {current!r}, not loggingIn")
    page.screenshot(path=os.path.join(args.screenshots, "login-without-graphviz.png"), full_page=True)
    finish(context, errors + nodot_errors, failures_before, "the coverage run",
           f"explorer coverage: a bad file refused ({status}); {os.path.basename(coverage)} counted as fsm coverage counts it ({summary}); without Graphviz the states are listed and the page runs")


# The words of the transition table's cells that the browser drew on more than one line
# (a word as long as a column may break; none of the shipped machines has one).
BROKEN_WORDS = """(() => {
  const broken = [];
  let words = 0;
  for (const cell of document.querySelectorAll('#table th, #table td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        words += 1;
        const lines = new Set(Array.from(range.getClientRects(), r => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return {words, broken};
})()"""


def screenshots(browser, pages_dir, names):
    for machine in names:
        context = new_context(browser, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto("file://" + os.path.join(pages_dir, f"{machine}.html"))
        # At 1280 px the table keeps every word whole (it scrolls sideways in its own box
        # rather than breaking "Configured" into "Config ured").
        table = page.evaluate(BROKEN_WORDS)
        broken = table["broken"]
        if table["words"] == 0:
            fail(f"{machine}: the transition table shows no words to check (#table empty or renamed)")
        if broken:
            fail(f"{machine}: at 1280 px the transition table breaks {len(broken)} word(s) across lines: {broken[:6]!r}")
        # A short session, painted: what a reader of the README sees.
        model = json.loads(page.locator("#fsm-model").text_content())
        for e in range(min(3, len(model["events"]))):
            enabled = page.locator("#events button.taken")
            if enabled.count():
                enabled.first.click()
        page.locator("#paint").check()
        path = os.path.join(args.screenshots, f"{machine}.png")
        page.screenshot(path=path, full_page=True)
        if machine == "login" and args.readme_screenshot:
            page.set_viewport_size({"width": 1200, "height": 760})
            page.reload()
            page.locator("#events button[data-event='1']").click()
            page.locator("#events button[data-event='4']").click()
            page.screenshot(path=args.readme_screenshot)
        context.close()
    print(f"explorer screenshots: {len(names)} machines in {args.screenshots}")


def main():
    names = machines()
    pages_dir = os.path.abspath(os.path.join(WORK, "pages"))
    os.makedirs(pages_dir)
    totals = [0, 0]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        for machine in names:
            try:
                steps, disagreements = check_walks(browser, machine, pages_dir)
                totals[0] += steps
                totals[1] += disagreements
            except Exception:
                fail(f"{machine}: {traceback.format_exc()}")
        checks = () if args.only_walks else (
                      lambda: check_hostile(browser, os.path.abspath(args.pages)),
                      lambda: check_sessions(browser, os.path.abspath(args.pages)),
                      lambda: check_keyboard_and_width(browser, pages_dir),
                      lambda: check_coverage_and_no_graphviz(browser, pages_dir),
                      lambda: screenshots(browser, pages_dir, names))
        for check in checks:
            try:
                check()
            except Exception:
                fail(traceback.format_exc())
        browser.close()
    if requests_seen:
        fail(f"the pages asked for the network: {sorted(set(requests_seen))}")
    print(f"explorer: {len(names)} machines, {args.walks} walks each, {totals[0]} steps clicked in Chromium, {totals[1]} disagreements with fsm repl; {len(requests_seen)} network requests")
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)


main()
