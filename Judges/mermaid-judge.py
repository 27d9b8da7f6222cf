#!/usr/bin/env python3
"""Real Mermaid (11, embedded in the mermaidx package: `pip install mermaidx`) as the judge
of Mermaid text: renders each file given, or with --json each text of a JSON list read
from standard input, and prints one JSON object per input: whether Mermaid accepted it,
its error, and the texts the drawing shows (state names, edge labels, notes), so that a
caller can compare them with the definition.

Usage: Judges/mermaid-judge.py FILE.mmd...      (exit 1 when any is rejected)
       Judges/mermaid-judge.py --names [--sample N] [--workers N] FILE.mmd...
                                                   (also: each state named in FILE.names,
                                                    NUL-separated, must be drawn; with
                                                    --sample, N of the files, chosen by a
                                                    hash of their names, as Mermaid takes
                                                    about half a second a drawing; with
                                                    --workers, at most N processes)
       Judges/mermaid-judge.py --json < texts.json
"""
import concurrent.futures
import hashlib
import html
import json
import multiprocessing
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mermaid_svg  # noqa: E402 - found beside this file, also when another script loads it

# The innermost elements that hold a drawn text: a label's <p>/<span>/<text>, whose line
# breaks are <br> elements, and which may hold empty <span></span> elements (they draw
# nothing: the export puts one between two dollars, which Mermaid would draw as math). A
# text that Mermaid formatted (Markdown's <em>, <strong>) is not matched, so a name drawn
# in italics counts as not drawn; nor is one drawn as math ("MathML is unsupported").
TEXT = re.compile(r"<(text|tspan|span|p)\b[^>]*>((?:[^<]|<br\s*/?>|<span></span>)*)</\1>")
BREAK = re.compile(r"<br\s*/?>")
EMPTY = re.compile(r"<span></span>")


TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+(?:e-?\d+)?)[\s,]+(-?[\d.]+(?:e-?\d+)?)\s*\)")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
STATE_ID = re.compile(r"-state-(.+)-\d+$")
EDGE_ID = re.compile(r"-edge(\d+)$")


def label_text(element):
    """An element's text with its line breaks (`<br>`) as spaces, runs of whitespace as one."""
    parts = []

    def visit(node):
        if node.tag.rsplit("}", 1)[-1] == "br":
            parts.append(" ")
        parts.append(node.text or "")
        for child in node:
            visit(child)
            parts.append(child.tail or "")

    visit(element)
    return " ".join("".join(parts).split())


def geometry(svg):
    """Where the drawing puts things, in the SVG's coordinates (each group's translate()
    added up): `boxes`, each state's and composite state's box by the id the Mermaid text
    gives it (`s1`, `p0`), the composite states' ids in `composites`; `notes`, each note's box
    (by `s1----note`); `edges`, each line Mermaid drew (numbered as it numbers them, which
    is not the text's order: notes have lines too), with its first point, whether it is drawn
    at all (a path of one point is not), its label's text (line breaks as spaces) and, when it
    has one, `label_box`;
    `width` and `height`, the drawing's size in pixels (its viewBox)."""
    boxes, edges, labels, label_boxes, notes, composites = {}, {}, {}, {}, {}, []

    def rect_box(rect, dx, dy):
        try:
            x, y = float(rect.get("x", 0)) + dx, float(rect.get("y", 0)) + dy
            return [x, y, x + float(rect.get("width")), y + float(rect.get("height"))]
        except (TypeError, ValueError):
            return None

    def walk(element, dx, dy):
        match = TRANSLATE.search(element.get("transform", ""))
        if match:
            dx, dy = dx + float(match.group(1)), dy + float(match.group(2))
        tag = element.tag.rsplit("}", 1)[-1]
        classes = element.get("class", "").split()
        if tag == "g" and "node" in classes:
            state = STATE_ID.search(element.get("id", ""))
            rect, rx, ry = next((r for r in element if r.tag.rsplit("}", 1)[-1] == "rect"), None), dx, dy
            if rect is None:
                # A state with a description: its box (`rect.outer`) one group deeper.
                for group in element:
                    if group.tag.rsplit("}", 1)[-1] != "g" or "label" in group.get("class", "").split():
                        continue
                    rect = next((r for r in group if r.tag.rsplit("}", 1)[-1] == "rect"), None)
                    if rect is not None:
                        shift = TRANSLATE.search(group.get("transform", ""))
                        if shift:
                            rx, ry = dx + float(shift.group(1)), dy + float(shift.group(2))
                        break
            if state and rect is not None and rect_box(rect, rx, ry):
                boxes[state.group(1)] = rect_box(rect, rx, ry)
            elif state and "statediagram-note" in classes:
                # A note is drawn as paths: its box is theirs.
                values = [float(v) for path in element.iter() if path.tag.rsplit("}", 1)[-1] == "path"
                          for v in NUMBER.findall(path.get("d", ""))]
                if len(values) >= 4:
                    xs, ys = values[0::2], values[1::2]
                    notes[state.group(1)] = [min(xs) + dx, min(ys) + dy, max(xs) + dx, max(ys) + dy]
        elif tag == "g" and "statediagram-cluster" in classes and element.get("data-id"):
            outer = next((r for r in element.iter() if r.tag.rsplit("}", 1)[-1] == "rect" and "outer" in r.get("class", "").split()), None)
            if outer is not None and rect_box(outer, dx, dy):
                boxes[element.get("data-id")] = rect_box(outer, dx, dy)
                composites.append(element.get("data-id"))
        elif tag == "g" and "label" in classes and EDGE_ID.search("-" + element.get("data-id", "")):
            number = int(EDGE_ID.search("-" + element.get("data-id")).group(1))
            labels[number] = label_text(element)
            box = next((f for f in element if f.tag.rsplit("}", 1)[-1] == "foreignObject"), None)
            if box is not None and float(box.get("width", 0)) > 0 and labels[number]:
                label_boxes[number] = [dx, dy, dx + float(box.get("width")), dy + float(box.get("height", 0))]
        elif tag == "path" and element.get("data-edge") == "true":
            number = EDGE_ID.search(element.get("id", ""))
            values = [float(v) for v in NUMBER.findall(element.get("d", ""))]
            if number and len(values) >= 2:
                edges[int(number.group(1))] = {"start": [values[0] + dx, values[1] + dy], "drawn": len(values) > 2}
        for child in element:
            walk(child, dx, dy)

    try:
        root = ElementTree.fromstring(svg)
        walk(root, 0.0, 0.0)
    except ElementTree.ParseError:
        return None
    for number, edge in edges.items():
        edge["label"] = labels.get(number, "")
        if number in label_boxes:
            edge["label_box"] = label_boxes[number]
    view = [float(v) for v in NUMBER.findall(root.get("viewBox", ""))]
    return {"boxes": boxes, "composites": composites, "notes": notes,
            "edges": [edges[i] for i in sorted(edges)], "width": view[2] if len(view) == 4 else None,
            "height": view[3] if len(view) == 4 else None}


def verdict(svg):
    texts = [html.unescape(EMPTY.sub("", BREAK.sub("\n", body))).strip() for _, body in TEXT.findall(svg)]
    return {"ok": True, "error": None, "texts": [t for t in texts if t], "geometry": geometry(svg)}


def judged(drawing):
    kind, body = drawing
    if kind == "error":
        return {"ok": False, "error": body, "texts": [], "geometry": None}
    try:
        return verdict(body)
    except Exception as error:  # noqa: BLE001 - a drawing we cannot read is a rejection
        return {"ok": False, "error": "the drawing could not be read: " + " ".join(str(error).split())[:300],
                "texts": [], "geometry": None}


def judge(source):
    return judged(mermaid_svg.drawing(source))


def judge_all(sources, workers=None):
    """The verdicts on many sources, drawn in parallel: one process per core (or `workers`),
    each drawing its share and handing back the SVG (a refusal is a verdict, not a reason to
    draw everything again)."""
    workers = min(len(sources), workers or len(os.sched_getaffinity(0)) or 1)
    if workers <= 1:
        return [judge(s) for s in sources]
    # (An executor, not a Pool: a worker that dies raises BrokenProcessPool instead of leaving
    # the map waiting for ever.)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        drawings = list(pool.map(mermaid_svg.drawing, sources, chunksize=max(1, len(sources) // (workers * 4))))
    return [judged(d) for d in drawings]


def drawn(name):
    """A name as the export should draw it: CR dropped, other controls but LF and tab as
    U+FFFD, each line without surrounding whitespace."""
    out = "".join("" if c == "\r" else "\ufffd" if (ord(c) < 0x20 and c not in "\n\t") or ord(c) == 0x7F else c for c in name)
    return "\n".join(line.strip() for line in out.split("\n")).strip()


def main():
    if sys.argv[1:2] == ["--names"]:
        failed = 0
        files = sys.argv[2:]
        count, workers = None, None
        while files[:1] in (["--sample"], ["--workers"]):
            if files[0] == "--sample":
                count = int(files[1])
            else:
                workers = int(files[1])
            files = files[2:]
        if count is not None:
            files = sorted(files, key=lambda f: hashlib.sha256(f.encode()).hexdigest())[:count]
        sources = []
        for path in files:
            with open(path, encoding="utf-8", newline="") as f:
                sources.append(f.read())
        for path, result in zip(files, judge_all(sources, workers)):
            with open(path[: -len(".mmd")] + ".names", encoding="utf-8", newline="") as f:
                names = f.read().split("\0")
            texts = {"\n".join(line.strip() for line in t.split("\n")) for t in result["texts"]}
            missing = [n for n in names if drawn(n) and drawn(n) not in texts]
            if not result["ok"] or missing:
                failed += 1
                print("FAILED %s: %s" % (path, result["error"] or "not drawn: %r; drawn: %r" % (missing, sorted(texts))))
        print("real Mermaid accepted the Mermaid of %d of %d fuzzed inputs and drew every state's name as given"
              % (len(files) - failed, len(files)))
        return 1 if failed else 0
    if sys.argv[1:] == ["--json"]:
        sources = json.load(sys.stdin)
        print(json.dumps(judge_all(sources), ensure_ascii=False))
        return 0
    rejected = 0
    sources = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", newline="") as f:
            sources.append(f.read())
    for path, result in zip(sys.argv[1:], judge_all(sources)):
        if result["ok"]:
            print("ok       %s (%d texts drawn)" % (path, len(result["texts"])))
        else:
            rejected += 1
            print("REJECTED %s: %s" % (path, result["error"]))
    print("%d of %d Mermaid files rejected by real Mermaid" % (rejected, len(sys.argv) - 1))
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
