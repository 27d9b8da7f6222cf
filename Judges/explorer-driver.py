#!/usr/bin/env python3
"""Drives one explorer page in Debian's Chromium (Playwright, network blocked) for a Swift
test: reads a program as JSON on standard input, clicks it in the page, and writes what the
page showed as JSON on standard output. The Swift test (ExplorerSnapshotTests) judges it.

Input:  {"page": "/abs/page.html", "chromium": "/usr/bin/chromium", "actions": [ACTION, ...]}
ACTION: {"event": NAME}        the event's button
        {"guard": NAME}        the guard's switch (flipped)
        {"advance": true}      Advance (time to the next deadline)
        {"undo": true}         Undo
        {"download": true}     Download snapshot: the file saved
        {"upload": {"name": FILE, "text": TEXT}}  Upload snapshot: the status then shown
        {"read": true}         what the page shows now
Output: {"results": [...], "errors": [...]}: per action `null`, the downloaded text, the
status shown, or for "read" {state, situation, snapshot, transcript, script, swiftTest,
status, timers, memory, hint, current}; errors the page reported (none expected).
Every wait is Playwright's own, bounded (5 s an action).
"""
import json
import sys

from playwright.sync_api import sync_playwright


def main():
    program = json.load(sys.stdin)
    results, errors, requests = [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=program.get("chromium", "/usr/bin/chromium"), args=["--no-sandbox"])
        context = browser.new_context(accept_downloads=True)
        context.set_offline(True)

        def route(route_):
            if route_.request.url.startswith("file://"):
                route_.continue_()
            else:
                requests.append(route_.request.url)
                route_.abort()
        context.route("**/*", route)
        context.set_default_timeout(5000)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("dialog", lambda dialog: (errors.append("a dialog opened: " + dialog.message), dialog.dismiss()))
        page.goto("file://" + program["page"])
        model = json.loads(page.locator("#fsm-model").text_content())
        for action in program["actions"]:
            if "event" in action:
                page.locator(f"#events button[data-event='{model['events'].index(action['event'])}']").click()
                results.append(None)
            elif "guard" in action:
                page.locator(f"#guards input[data-guard='{model['guards'].index(action['guard'])}']").click()
                results.append(None)
            elif "advance" in action:
                page.locator("#advance").click()
                results.append(None)
            elif "undo" in action:
                page.locator("#undo").click()
                results.append(None)
            elif "download" in action:
                with page.expect_download() as download:
                    page.locator("#download-snapshot").click()
                with open(download.value.path(), encoding="utf-8", newline="") as file:
                    results.append({"name": download.value.suggested_filename, "text": file.read()})
            elif "upload" in action:
                page.evaluate("document.getElementById('snapshot-status').textContent = ''")
                upload = action["upload"]
                page.locator("#snapshot-file").set_input_files(files=[{"name": upload["name"], "mimeType": "application/json", "buffer": upload["text"].encode("utf-8")}])
                page.locator("#snapshot-status:not(:empty)").wait_for()
                results.append(page.locator("#snapshot-status").text_content())
            elif "read" in action:
                results.append(page.evaluate("""() => ({
                    state: window.fsmExplorer.state(), situation: window.fsmExplorer.situation(),
                    snapshot: window.fsmExplorer.snapshot(), transcript: window.fsmExplorer.transcript(),
                    script: window.fsmExplorer.script(), swiftTest: window.fsmExplorer.swiftTest(),
                    status: document.getElementById('snapshot-status').textContent,
                    timers: document.getElementById('timers').textContent, memory: document.getElementById('memory').textContent,
                    hint: document.getElementById('script-hint').textContent, current: document.getElementById('current').textContent })"""))
            else:
                raise ValueError(f"unknown action {action!r}")
        context.close()
        browser.close()
    if requests:
        errors.append(f"the page asked for the network: {requests}")
    json.dump({"results": results, "errors": errors}, sys.stdout)


main()
