"""One drawing by real Mermaid (mermaidx), for the process pool of Judges/mermaid-judge.py: in a
module of its own so that a worker process, started afresh ("spawn", as mermaidx asks: no
QuickJS state crosses a fork), can import it whichever script started the pool.

`mermaidx.render_many` is not used: it builds the diagrams in its workers lazily and returns
them to the parent, which then draws every one itself (`.svg()`), on one core."""
import mermaidx


def drawing(source):
    """("svg", the drawing) or ("error", why Mermaid refused the text)."""
    try:
        return ("svg", mermaidx.render(source).svg())
    except Exception as error:  # noqa: BLE001 - any failure is a rejection
        return ("error", " ".join(str(error).split())[:400])
