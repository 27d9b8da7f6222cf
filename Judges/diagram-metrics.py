#!/usr/bin/env python3
"""How readable the drawing of each DOT file (Graphviz's layout, `dot -Tjson`) or Mermaid file
(real Mermaid's SVG, through Judges/mermaid-judge.py) is:

- width and height in pixels at 96 dpi (what a docs column shows: for DOT the SVG's size, its
  4 pt margin included; for Mermaid its viewBox, which a page shows at that size at most);
- label overlaps: the edge labels whose text box overlaps a state's box (for Mermaid a note's
  box too: notes are drawn as boxes among the states), and the pairs of edge labels whose boxes
  overlap each other. A DOT label's box: each line's drawn width, from the baseline down a
  quarter of the font size to the font size above it; a Mermaid label's: the box Mermaid sizes
  for it (its `foreignObject`). Composite states and clusters are not states here: lines and
  their labels are drawn inside them.

A Mermaid file that real Mermaid refuses, or draws only as its "Maximum text size in diagram
exceeded" placeholder, is a failure. Prints one row per file, and with --max-width PX and
--max-overlaps N exits 1 when a drawing is wider or has more overlaps. Without them it only
measures.

Usage: Judges/diagram-metrics.py [--max-width PX] [--max-overlaps N] FILE.dot|FILE.mmd...
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys

PX_PER_PT = 96 / 72
MARGIN_PT = 4


def boxes_of_label(draw):
    """The text boxes of an edge label's lines, from its `_ldraw_` operations."""
    size = 14.0
    boxes = []
    for op in draw:
        if op.get("op") == "F":
            size = float(op.get("size", size))
        elif op.get("op") == "T":
            x, y = op["pt"]
            width = float(op["width"])
            left = {"l": x, "r": x - width}.get(op.get("align"), x - width / 2)
            boxes.append((left, y - size * 0.25, left + width, y + size))
    return boxes


def overlap(a, b):
    """Whether two boxes overlap by more than half a point each way."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def measure(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    layout = json.loads(subprocess.run(["dot", "-Tjson"], input=text, capture_output=True, text=True, check=True).stdout)
    x0, y0, x1, y1 = map(float, layout["bb"].split(","))
    nodes = []
    for obj in layout.get("objects", []):
        if "pos" in obj and "width" in obj and obj.get("shape") != "point":
            cx, cy = map(float, obj["pos"].split(","))
            w, h = float(obj["width"]) * 36, float(obj["height"]) * 36
            nodes.append((obj["name"], (cx - w, cy - h, cx + w, cy + h)))
    labels = []
    for edge in layout.get("edges", []):
        boxes = boxes_of_label(edge.get("_ldraw_", []))
        if boxes:
            labels.append((edge.get("label", "").replace("\\n", " "), boxes))
    on_nodes, between = count_overlaps([boxes for _, boxes in labels], [box for _, box in nodes])
    return {
        "width": round((x1 - x0 + 2 * MARGIN_PT) * PX_PER_PT),
        "height": round((y1 - y0 + 2 * MARGIN_PT) * PX_PER_PT),
        "label_on_state": on_nodes,
        "label_on_label": between,
    }


def count_overlaps(labels, states):
    """The labels over a state, and the pairs of labels over each other: `labels` a list of
    lists of boxes (a label's lines), `states` a list of boxes."""
    on_states = sum(1 for boxes in labels if any(overlap(b, n) for b in boxes for n in states))
    between = sum(
        1
        for i in range(len(labels))
        for j in range(i + 1, len(labels))
        if any(overlap(a, b) for a in labels[i] for b in labels[j])
    )
    return on_states, between


def mermaid_judge():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("mermaid_judge", os.path.join(here, "mermaid-judge.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_mermaid(paths):
    """The measures of Mermaid files, rendered together (one process per core)."""
    judge = mermaid_judge()
    sources = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            sources.append(f.read())
    results = []
    for path, verdict in zip(paths, judge.judge_all(sources)):
        geometry = verdict.get("geometry")
        if not verdict["ok"] or not geometry or geometry.get("width") is None:
            results.append({"refused": f"real Mermaid did not draw it: {verdict.get('error')}"})
            continue
        if any("Maximum text size in diagram exceeded" in text for text in verdict["texts"]):
            # Past its size limit (50,000 characters) Mermaid draws that sentence instead.
            results.append({"refused": "real Mermaid drew 'Maximum text size in diagram exceeded' instead"})
            continue
        composites = set(geometry["composites"])
        states = [box for name, box in geometry["boxes"].items() if name not in composites]
        states += list(geometry["notes"].values())
        labels = [[edge["label_box"]] for edge in geometry["edges"] if "label_box" in edge]
        on_states, between = count_overlaps(labels, states)
        results.append({
            "width": round(geometry["width"]),
            "height": round(geometry["height"]),
            "label_on_state": on_states,
            "label_on_label": between,
        })
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-width", type=int)
    parser.add_argument("--max-overlaps", type=int)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failures = []
    print(f"{'file':<48} {'width px':>9} {'height px':>10} {'label on state':>15} {'label on label':>15}")
    mermaid_files = [path for path in args.files if path.endswith(".mmd")]
    mermaid = dict(zip(mermaid_files, measure_mermaid(mermaid_files) if mermaid_files else []))
    for path in args.files:
        m = mermaid[path] if path in mermaid else measure(path)
        if "refused" in m:
            print(f"{path:<48} REFUSED: {m['refused']}")
            failures.append(f"{path}: {m['refused']}")
            continue
        print(f"{path:<48} {m['width']:>9} {m['height']:>10} {m['label_on_state']:>15} {m['label_on_label']:>15}")
        if args.max_width is not None and m["width"] > args.max_width:
            failures.append(f"{path}: {m['width']} px wide (at most {args.max_width})")
        overlaps = m["label_on_state"] + m["label_on_label"]
        if args.max_overlaps is not None and overlaps > args.max_overlaps:
            failures.append(f"{path}: {overlaps} label overlaps (at most {args.max_overlaps})")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
