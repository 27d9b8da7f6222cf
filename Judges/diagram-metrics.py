#!/usr/bin/env python3
"""How readable Graphviz's drawing of each DOT file is, measured on its layout (`dot -Tjson`):

- width and height in pixels at 96 dpi (what a docs column shows: the SVG's size, its 4 pt
  margin included);
- label overlaps: the edge labels whose text box overlaps a state's box, and the pairs of edge
  labels whose boxes overlap each other (a box: each line's drawn width, from the baseline down
  a quarter of the font size to the font size above it).

Prints one row per file, and with --max-width PX and --max-overlaps N exits 1 when a drawing is
wider or has more overlaps. Without them it only measures.

Usage: Judges/diagram-metrics.py [--max-width PX] [--max-overlaps N] FILE.dot...
"""
import argparse
import json
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
    on_nodes = sum(1 for _, boxes in labels if any(overlap(b, n) for b in boxes for _, n in nodes))
    between = sum(
        1
        for i in range(len(labels))
        for j in range(i + 1, len(labels))
        if any(overlap(a, b) for a in labels[i][1] for b in labels[j][1])
    )
    return {
        "width": round((x1 - x0 + 2 * MARGIN_PT) * PX_PER_PT),
        "height": round((y1 - y0 + 2 * MARGIN_PT) * PX_PER_PT),
        "label_on_state": on_nodes,
        "label_on_label": between,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-width", type=int)
    parser.add_argument("--max-overlaps", type=int)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failures = []
    print(f"{'file':<48} {'width px':>9} {'height px':>10} {'label on state':>15} {'label on label':>15}")
    for path in args.files:
        m = measure(path)
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
