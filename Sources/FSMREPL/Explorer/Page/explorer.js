"use strict";
(function () {
  const M = JSON.parse(document.getElementById("fsm-model").textContent);
  const svgText = JSON.parse(document.getElementById("fsm-diagram").textContent);
  const $ = (id) => document.getElementById(id);
  // Text from the machine is shown as the REPL's transcript shows it (TerminalText.visible):
  // control characters, line and paragraph separators and bidi controls as visible escapes
  // (`\u{202E}`), so that no name can reorder or hide what follows it.
  const needsEscape = (c) => c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x061c || c === 0x200e || c === 0x200f
    || c === 0x2028 || c === 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
  function visible(text) {
    let out = "";
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (!needsEscape(c)) out += ch;
      else if (c === 0x1b) out += "\\e";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else out += "\\u{" + c.toString(16).toUpperCase() + "}";
    }
    return out;
  }
  const visibleLines = (text) => text.split("\n").map(visible).join("\n");
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = visibleLines(text); if (cls) e.className = cls; return e; };

  // The situations the machine can be in (a state, what its histories remember, its timers'
  // time left), each with what every event and the next deadline do there, as trees over the
  // guards the machine asks (see TypedSession.explorerModel).
  const S = M.situations;
  // The session: where the machine is, the guards decided, virtual time (in nanoseconds),
  // the lines that changed it.
  let at = M.initial;
  let now = 0n;
  let guards = new Map();  // a Map: a guard may be named "__proto__" or "constructor"
  let history = [];
  let last = null;
  let lastStep = null;
  const timeline = [];
  // Coverage: transitions taken (by source, event, target names) and states entered,
  // kept through undo and reset as the REPL keeps them; and those of loaded files.
  const taken = new Map();
  const entered = new Map();
  const loadedTaken = new Map();
  const loadedEntered = new Map();
  // A transition line of a cell: its state, event, position in the cell and target.
  const key = (s, e, j, t) => JSON.stringify([s, e, j, t]);
  const bump = (map, k, n) => map.set(k, (map.get(k) || 0) + (n === undefined ? 1 : n));
  const stateOf = (situation) => M.states[S[situation].state];
  bump(entered, stateOf(at).name);

  const holds = (name) => guards.has(name) ? guards.get(name) : true;
  // The leaf of an outcome tree the guards as set now lead to.
  function decided(tree) {
    while (tree.g !== undefined) tree = holds(M.guards[tree.g]) ? tree.t : tree.f;
    return tree;
  }
  // What the event does now (with `line`, the declared line it took, as coverage counts it).
  const outcome = (situation, e) => decided(S[situation].cells[e]);
  const T = M.texts;  // every text an outcome prints, by number
  // Durations as the REPL writes them (DurationText.words): whole seconds in seconds, whole
  // milliseconds in milliseconds, and so on to nanoseconds.
  function words(ns) {
    if (ns % 1000000000n === 0n) return (ns / 1000000000n) + " s";
    if (ns % 1000000n === 0n) return (ns / 1000000n) + " ms";
    if (ns % 1000n === 0n) return (ns / 1000n) + " \u00b5s";
    return ns + " ns";
  }

  function record(line, text, refused) {
    timeline.push({ line: line, text: text, refused: refused });
    last = { line: line, text: text, refused: refused };
  }

  function send(e) {
    const o = outcome(at, e);
    const line = M.events[e];
    if (o.kind === "external" || o.kind === "internal") {
      history.push({ line: line, at: at, now: now, guards: new Map(guards), text: T[o.text] });
      const alt = stateOf(at).cells[e].alts[o.line];
      if (alt) bump(taken, key(stateOf(at).name, line, o.line, alt.to));
      // A chain of transitions without an event lists every state it entered (the REPL's
      // coverage counts each); otherwise an external step enters its target.
      if (o.entered) for (const n of o.entered) bump(entered, T[n]);
      else if (o.kind === "external") bump(entered, stateOf(o.target).name);
      lastStep = { from: S[at].state, event: e, to: S[o.target].state };
      at = o.target;
      record(line, T[o.text], false);
    } else {
      lastStep = null;
      record(line, T[o.text], o.kind === "refused");
    }
    render();
  }

  // Virtual time moves to the next deadline: the timers due then fire, as `:advance` fires them.
  function advance() {
    const next = S[at].next;
    if (next === null) return;
    const o = decided(S[at].advance);
    const line = ":advance " + words(BigInt(next));
    const before = { line: line, at: at, now: now, guards: new Map(guards) };
    now += BigInt(next);
    const stamp = "[" + words(now) + "] ";
    const text = o.lines.map((l) => stamp + T[l]).concat(["time " + words(now) + "; state: " + stateOf(o.target).configuration]).join("\n");
    before.text = text;
    history.push(before);
    for (const [source, label, to, into] of o.taken) {
      bump(taken, key(source, label, 0, to));
      if (into !== "") bump(entered, into);
    }
    lastStep = null;
    at = o.target;
    record(line, text, false);
    render();
  }

  function setGuard(index, on) {
    const name = M.guards[index];
    const line = ":guard " + name + " " + (on ? "on" : "off");
    const text = name + ": " + (on ? "on" : "off");
    history.push({ line: line, at: at, now: now, guards: new Map(guards), text: text });
    guards.set(name, on);
    lastStep = null;
    record(line, text, false);
    render();
  }

  function undo() {
    const entry = history.pop();
    if (!entry) { record(":undo", "nothing to undo", true); render(); return; }
    at = entry.at;
    now = entry.now;
    guards = entry.guards;
    lastStep = null;
    record(":undo", "undid '" + entry.line + "'; state: " + stateOf(at).configuration, false);
    render();
  }

  function reset() {
    at = M.initial;
    now = 0n;
    guards = new Map();
    history = [];
    lastStep = null;
    bump(entered, stateOf(at).name);
    record(":reset", "reset; state: " + stateOf(at).configuration, false);
    render();
  }

  // ---- Snapshots: the files FSMPersistence writes and reads (`:snapshot`, `:restore`). ----
  // Every field but where the machine is comes from Swift: the initial machine's snapshot as
  // its JSONEncoder wrote it (format, machine, fingerprint and any field a later format adds).
  const SNAP = M.snapshot;
  // JSON with its whole numbers read exactly, as BigInt (nanoseconds go past 2^53): from the
  // number's own text where the browser gives it, else only when it is a safe integer.
  function readJSON(text) {
    return JSON.parse(text, function (k, value, context) {
      if (typeof value !== "number") return value;
      const source = context && typeof context.source === "string" ? context.source : null;
      if (source !== null) return /^-?[0-9]+$/.test(source) ? BigInt(source) : value;
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    });
  }
  // A string as Swift's JSONEncoder writes it: \" \\ \/ \b \f \n \r \t, other control
  // characters as \u00xx, everything else as it is.
  function swiftString(text) {
    let out = "\"";
    for (let i = 0; i < text.length; i++) {
      const ch = text[i], c = text.charCodeAt(i);
      if (ch === "\"") out += "\\\"";
      else if (ch === "\\") out += "\\\\";
      else if (ch === "/") out += "\\/";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (c === 8) out += "\\b";
      else if (c === 12) out += "\\f";
      else if (c < 0x20) out += "\\u00" + c.toString(16).padStart(2, "0");
      else out += ch;
    }
    return out + "\"";
  }
  // A value as JSONEncoder with `.sortedKeys` writes it: no spaces, keys in order, an absent
  // (undefined) field left out.
  function swiftJSON(value) {
    if (value === null) return "null";
    if (typeof value === "bigint") return value.toString();
    if (typeof value === "number") return JSON.stringify(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    if (typeof value === "string") return swiftString(value);
    if (Array.isArray(value)) return "[" + value.map(swiftJSON).join(",") + "]";
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return "{" + keys.map((k) => swiftString(k) + ":" + swiftJSON(value[k])).join(",") + "}";
  }
  // The snapshot of a situation, as `:snapshot` writes it (a line break at the end): its names
  // as `machine.snapshot()` gives them, its timers with the (virtual) time left, no `takenAt`.
  function snapshotText(situation) {
    const s = S[situation];
    const doc = readJSON(SNAP.header);
    const [state, parents, remembers] = s.snapshot;
    doc.state = T[state];
    doc.parents = parents.map((n) => T[n]);
    doc.history = SNAP.histories.map((h, i) => ({ deep: h.deep, parent: h.parent, remembers: remembers[i] === null ? undefined : T[remembers[i]] }));
    doc.timers = s.timers.map((t) => ({ afterNanoseconds: BigInt(t.after), owner: T[t.owner], position: BigInt(t.position), remainingNanoseconds: t.left === null ? undefined : BigInt(t.left) }));
    doc.takenAt = undefined;
    return swiftJSON(doc) + "\n";
  }
  // The situations by the names a snapshot gives them (state, parents, what each history
  // remembers), made at the first upload: one pass over the page.
  let situationsByNames = null;
  const namesKey = (state, parents, remembers) => JSON.stringify([state, parents, remembers]);
  function byNames() {
    if (situationsByNames !== null) return situationsByNames;
    situationsByNames = new Map();
    S.forEach((s, i) => {
      const [state, parents, remembers] = s.snapshot;
      const k = namesKey(T[state], parents.map((n) => T[n]), remembers.map((n) => n === null ? null : T[n]));
      const list = situationsByNames.get(k);
      if (list) list.push(i); else situationsByNames.set(k, [i]);
    });
    return situationsByNames;
  }
  // A timer as a snapshot and a situation compare: owner, place, delay, time left or spent.
  const timerKey = (owner, position, after, left) => JSON.stringify([owner, String(position), String(after), left === null ? "spent" : String(left)]);
  const situationTimers = (situation) => JSON.stringify(S[situation].timers.map((t) => timerKey(T[t.owner], t.position, t.after, t.left)).sort());
  const fresh = (situation) => S[situation].timers.every((t) => t.left === t.after);
  const int64 = (v) => typeof v === "bigint" && v >= -(2n ** 63n) && v < 2n ** 63n;
  // What a decoder of MachineSnapshot would refuse in `doc`, as the REPL words it, or null.
  function malformed(doc) {
    if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return "not a JSON object";
    const wrong = (path) => "a value of the wrong kind at " + path;
    const fields = [["format", int64], ["machine", (v) => typeof v === "string"], ["fingerprint", (v) => typeof v === "string"],
      ["state", (v) => typeof v === "string"], ["parents", (v) => Array.isArray(v)], ["history", (v) => Array.isArray(v)]];
    for (const [name, ok] of fields) {
      if (!Object.prototype.hasOwnProperty.call(doc, name)) return "no '" + name + "'";
      if (!ok(doc[name])) return wrong(name);
    }
    for (let i = 0; i < doc.parents.length; i++) if (typeof doc.parents[i] !== "string") return wrong("parents[" + i + "]");
    for (let i = 0; i < doc.history.length; i++) {
      const m = doc.history[i];
      if (m === null || typeof m !== "object" || Array.isArray(m)) return wrong("history[" + i + "]");
      if (typeof m.parent !== "string") return m.parent === undefined ? "no 'parent' at history[" + i + "]" : wrong("history[" + i + "].parent");
      if (typeof m.deep !== "boolean") return m.deep === undefined ? "no 'deep' at history[" + i + "]" : wrong("history[" + i + "].deep");
      if (m.remembers !== undefined && m.remembers !== null && typeof m.remembers !== "string") return wrong("history[" + i + "].remembers");
    }
    if (doc.timers !== undefined && doc.timers !== null) {
      if (!Array.isArray(doc.timers)) return wrong("timers");
      for (let i = 0; i < doc.timers.length; i++) {
        const t = doc.timers[i], at = "timers[" + i + "]";
        if (t === null || typeof t !== "object" || Array.isArray(t)) return wrong(at);
        for (const [name, ok] of [["owner", (v) => typeof v === "string"], ["position", int64], ["afterNanoseconds", int64]]) {
          if (t[name] === undefined) return "no '" + name + "' at " + at;
          if (!ok(t[name])) return wrong(at + "." + name);
        }
        if (t.remainingNanoseconds !== undefined && t.remainingNanoseconds !== null && !int64(t.remainingNanoseconds)) return wrong(at + ".remainingNanoseconds");
        if (t.queuedAfter !== undefined && t.queuedAfter !== null && !int64(t.queuedAfter)) return wrong(at + ".queuedAfter");
      }
    }
    // The fields Swift's decoder reads too: a value of the wrong kind is refused as it refuses it.
    if (doc.version !== undefined && doc.version !== null && !int64(doc.version)) return wrong("version");
    if (doc.takenAt !== undefined && doc.takenAt !== null && typeof doc.takenAt !== "number" && typeof doc.takenAt !== "bigint") return wrong("takenAt");
    return null;
  }
  const quoted = (name) => "'" + name + "'";
  // Where a snapshot puts the page: { target, resumed } or { error } (then nothing changes).
  function placeSnapshot(doc) {
    const problem = malformed(doc);
    if (problem !== null) return { error: "is not a snapshot (" + problem + ")" };
    const header = readJSON(SNAP.header);
    const cannot = (what) => ({ error: "cannot be restored into " + quoted(header.machine) + ": " + what });
    if (doc.format < 1n || doc.format > BigInt(SNAP.formats)) return cannot("the snapshot is written in format " + doc.format + "; this page reads " + (SNAP.formats === 1 ? "format 1" : "formats 1 to " + SNAP.formats));
    if (doc.machine !== header.machine) return cannot("the snapshot is of the machine " + quoted(doc.machine));
    // Versions as `:restore` compares them (no migration runs in the page).
    const version = doc.version === undefined || doc.version === null ? 1n : doc.version;
    const own = header.version === undefined ? 1n : BigInt(header.version);
    if (version > own) return cannot("the snapshot is of version " + version + " of the machine, later than this one's (" + own + ")");
    if (version < own) return cannot("no migration goes on from version " + version + " towards the machine's version " + own);
    if (doc.fingerprint !== header.fingerprint) return cannot("the machine changed since the snapshot was taken (fingerprint " + doc.fingerprint + ", this page's " + header.fingerprint + "): make the page again from the machine the snapshot was taken from");
    // What each history remembers, in the page's order (one the snapshot leaves out remembers nothing).
    const remembers = SNAP.histories.map(() => null);
    const seen = SNAP.histories.map(() => false);
    const slot = new Map(SNAP.histories.map((h, i) => [JSON.stringify([h.parent, h.deep]), i]));
    const historyName = (m) => "the " + (m.deep ? "deep " : "") + "history of " + quoted(m.parent);
    for (const m of doc.history) {
      const i = slot.get(JSON.stringify([m.parent, m.deep]));
      if (i === undefined) return cannot("no transition resumes " + historyName(m));
      if (seen[i]) return cannot("the snapshot says twice what " + historyName(m) + " remembers");
      seen[i] = true;
      remembers[i] = typeof m.remembers === "string" ? m.remembers : null;
    }
    const where = quoted(doc.state) + (doc.parents.length ? " inside " + doc.parents.map(quoted).join(" > ") : "");
    const memory = SNAP.histories.map((h, i) => remembers[i] === null ? null : historyName(h) + " remembering " + quoted(remembers[i])).filter((x) => x !== null);
    const candidates = byNames().get(namesKey(doc.state, doc.parents, remembers));
    if (!candidates) {
      return cannot("the page has no situation of " + where + (memory.length ? " with " + memory.join(", ") : " with no history remembering anything")
        + " (it holds the situations a run from the initial state reaches)");
    }
    if (doc.timers === undefined || doc.timers === null) {
      const target = candidates.find(fresh);
      if (target === undefined) return cannot("the snapshot has no timers, and the page has no situation of " + where + " with its timers started afresh");
      return { target: target, resumed: false };
    }
    const wanted = JSON.stringify(doc.timers.map((t) => timerKey(t.owner, t.position, t.afterNanoseconds,
      t.remainingNanoseconds === undefined || t.remainingNanoseconds === null ? null : (t.remainingNanoseconds < 0n ? 0n : t.remainingNanoseconds))).sort());
    const target = candidates.find((c) => situationTimers(c) === wanted);
    if (target === undefined) {
      const described = doc.timers.map((t) => "after " + words(t.afterNanoseconds < 0n ? 0n : t.afterNanoseconds) + " (" + t.owner + ", line " + t.position + "), "
        + (t.remainingNanoseconds === undefined || t.remainingNanoseconds === null ? "spent" : words(t.remainingNanoseconds < 0n ? 0n : t.remainingNanoseconds) + " left"));
      return cannot("the page has no situation of " + where + " with " + (described.length ? "the timers " + described.join("; ") : "no timer armed")
        + " (it holds the times left that advancing to each deadline reaches; a snapshot without timers starts them afresh)");
    }
    return { target: target, resumed: true };
  }
  // Restores a snapshot read from a file: a step of the session (`:restore FILE`), undone by
  // Undo; or the reason it was refused, with nothing changed.
  function restoreSnapshot(text, fileName) {
    let doc;
    try { doc = readJSON(text); } catch (error) { return fileName + " is not JSON; nothing changed."; }
    const placed = placeSnapshot(doc);
    if (placed.error) return fileName + " " + placed.error + "; nothing changed.";
    const line = ":restore " + fileName;
    const configuration = stateOf(placed.target).configuration;
    // As the REPL's `:restore` says it.
    const result = "restored: " + configuration + (S[placed.target].timers.length === 0 ? " (nothing ran)"
      : placed.resumed ? " (nothing ran; its timers resume with the time they had left)" : " (nothing ran; its timers start again now)");
    history.push({ line: line, at: at, now: now, guards: new Map(guards), text: result, file: fileName });
    bump(entered, stateOf(placed.target).name);
    lastStep = null;
    at = placed.target;
    record(line, result, false);
    render();
    return "Restored " + fileName + ": " + configuration + ".";
  }

  // ---- Exports: the files the REPL's :save writes. ----
  function scriptText() { return history.map((h) => h.line + "\n").join(""); }
  function typeableLine(line, file) {
    // A restore's file name as the REPL reads it after `:restore ` (trimmed, on one line).
    if (file !== undefined) return file !== "" && file === trimmed(file) && !/[\n\r]/.test(file);
    const e = M.events.indexOf(line);
    if (e >= 0) return M.typeableEvents[e];
    const g = M.guards.findIndex((name) => line === ":guard " + name + " on" || line === ":guard " + name + " off");
    return g < 0 || M.typeableGuards[g];
  }
  function literal(text) {
    let out = "\"";
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (ch === "\"") out += "\\\"";
      else if (ch === "\\") out += "\\\\";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\t") out += "\\t";
      else if (ch === "\r") out += "\\r";
      else if (c >= 0x20 && c <= 0x7e) out += ch;
      else out += "\\u{" + c.toString(16).toUpperCase() + "}";
    }
    return out + "\"";
  }
  function commentSafe(text) {
    let out = "";
    for (const ch of text) out += (/\p{Cc}/u.test(ch) || ch === "\u2028" || ch === "\u2029") ? "?" : ch;
    return out;
  }
  function identifier(name) {
    let out = "", upper = false;
    const segments = typeof Intl !== "undefined" && Intl.Segmenter ? Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(name), (s) => s.segment) : Array.from(name);
    for (const ch of segments) {
      if (/^[A-Za-z0-9]$/.test(ch)) { out += upper && out !== "" ? ch.toUpperCase() : ch; upper = false; }
      else upper = true;
    }
    if (out === "" || /^[0-9]/.test(out)) out = "_" + out;
    return out.slice(0, 1).toLowerCase() + out.slice(1);
  }
  // The file name as `:save FILE.swift` reads it: trimmed of spaces, tabs and CRs, ending
  // in .swift, without spaces (a space starts the EXPRESSION); else the default.
  const trimmed = (text) => text.replace(/^[ \t\r]+|[ \t\r]+$/g, "");
  function testFileName() {
    const typed = trimmed($("test-file").value);
    const valid = typed.endsWith(".swift") && !/[ \t\r]/.test(typed) && typed.split("/").pop() !== ".swift";
    $("test-file").setAttribute("aria-invalid", typed !== "" && !valid ? "true" : "false");
    return valid ? typed : identifier(M.machine) + "Session.swift";
  }
  function swiftTest() {
    const file = testFileName();
    const parts = file.split("/").filter((p) => p !== "");
    const base = parts.length ? parts[parts.length - 1].slice(0, -6) : M.machine;
    const definition = trimmed($("test-definition").value) || (identifier(M.machine) + "Definition");
    const finalState = stateOf(at).name;
    let text = "// A session of the machine '" + commentSafe(M.machine) + "' saved from the REPL as a test: its lines are replayed, in\n"
      + "// order, in a new REPL session of the definition, and each must print what it printed then;\n"
      + "// the session must end in the same state. Regenerate it with :save after a deliberate change.\n"
      + "import FSMREPL\nimport Testing\n";
    if (M.module !== null) text += "import " + M.module + "\n";
    text += "\n@Test(" + literal("the session of " + M.machine + " replays: " + history.length + " line(s), ending in " + finalState) + ")\n"
      + "func " + identifier(base) + "Replays() throws {\n"
      + "    let session = try REPLSession(" + definition + ")\n";
    for (const h of history) text += "    #expect(session.handle(" + literal(h.line) + ").text == " + literal(h.text) + ")\n";
    text += "    #expect(session.stateName == " + literal(finalState) + ")\n}\n";
    return text;
  }
  function download(name, text) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // ---- The diagram: Graphviz's SVG, parsed as SVG and made inert. ----
  const nodeElements = new Map();
  const edgeElements = [];
  // Only what Graphviz draws is kept: its shapes and texts, their geometry and paint.
  // Every other element (script, style, foreignObject, links, animation...) is dropped,
  // every other attribute (handlers, links, style) too, and ids are prefixed so that no
  // id of the drawing can stand for one of the page's.
  const keptElements = new Set(["svg", "g", "title", "path", "polygon", "polyline", "ellipse", "circle", "line", "rect", "text", "tspan"]);
  const keptAttributes = new Set(["id", "class", "transform", "viewBox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points",
    "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "opacity", "font-family", "font-size", "font-weight",
    "font-style", "text-anchor", "preserveAspectRatio"]);
  function inert(root) {
    for (const node of Array.from(root.querySelectorAll("*"))) {
      if (!keptElements.has(node.localName) && node.parentNode) {
        // A link's drawing stays; anything else goes with its content.
        if (node.localName === "a") { while (node.firstChild) node.parentNode.insertBefore(node.firstChild, node); }
        node.remove();
      }
    }
    for (const node of [root, ...root.querySelectorAll("*")]) {
      for (const attr of Array.from(node.attributes)) {
        if (!keptAttributes.has(attr.name) || attr.namespaceURI !== null || /url\s*\(/i.test(attr.value)) node.removeAttributeNode(attr);
        else if (attr.name === "id") node.setAttribute("id", "svg-" + attr.value);
      }
    }
    // Names drawn as the page shows them elsewhere (a bidi control as an escape).
    for (const text of root.querySelectorAll("text, tspan, title")) {
      for (const child of text.childNodes) if (child.nodeType === 3) child.data = visible(child.data);
    }
  }
  function drawDiagram() {
    const host = $("diagram");
    if (svgText === null) {
      $("diagram-note").textContent = "Graphviz was not found when this page was made, so the states are listed instead of drawn; install Graphviz (dot) and make the page again to see the diagram.";
      const list = el("ul"); list.id = "states-list";
      M.states.forEach((s, i) => { const li = el("li", s.name); li.dataset.state = String(i); list.appendChild(li); });
      host.appendChild(list);
      return;
    }
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.localName !== "svg" || doc.querySelector("parsererror")) { $("diagram-note").textContent = "The diagram could not be read."; return; }
    inert(svg);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Diagram of " + visible(M.machine));
    const shown = document.importNode(svg, true);
    host.appendChild(shown);
    for (const g of shown.querySelectorAll("g.node")) {
      const title = g.querySelector("title");
      if (title) nodeElements.set(title.textContent, g);
    }
    const byID = new Map(M.edges.map((edge) => ["svg-" + edge.id, edge]));
    for (const g of shown.querySelectorAll("g.edge")) {
      // An edge into a parallel parent's child is drawn once per region it enters: `e5`, `e5.1`, ...
      const edge = byID.get(g.id) || byID.get(g.id.replace(/\.[0-9]+$/, ""));
      if (!edge) continue;
      const e = M.events.indexOf(edge.event);
      edgeElements.push({ g: g, edge: edge, event: e });
      if (e < 0) continue;
      g.addEventListener("click", () => { if (g.classList.contains("enabled")) send(e); });
      g.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && g.classList.contains("enabled")) { ev.preventDefault(); send(e); } });
    }
    $("diagram-note").textContent = "Highlighted: the current state. Edges drawn bold can be clicked (or focused with Tab and sent with Enter) to send their event.";
  }
  // The names an edge's transitions use for a state: its own, or in a region its region's.
  function placeName(s, region) { return region === null ? M.states[s].name : M.states[s].regions[region]; }
  // Whether an edge stands for the step from state s to state t (in its region's names).
  function edgeGoes(edge, s, t) {
    const from = placeName(s, edge.region), to = placeName(t, edge.region);
    return edge.keys.some((k) => k[0] === from && k[1] === to);
  }
  const stateIndex = new Map(M.states.map((s, i) => [s.name, i]));
  // The counts of the transitions taken, read once per paint: [event, source, target, n].
  function takenSteps(counts) {
    const steps = [];
    for (const [k, n] of counts) {
      const [source, event, , target] = JSON.parse(k);
      const s = stateIndex.get(source), t = stateIndex.get(target);
      if (s !== undefined && t !== undefined) steps.push([event, s, t, n]);
    }
    return steps;
  }
  function edgeCount(edge, steps) {
    let total = 0;
    for (const [event, s, t, n] of steps) if (event === edge.event && edgeGoes(edge, s, t)) total += n;
    return total;
  }

  // ---- Rendering. ----
  function allTaken() { const all = new Map(taken); for (const [k, n] of loadedTaken) bump(all, k, n); return all; }
  function allEntered() { const all = new Map(entered); for (const [k, n] of loadedEntered) bump(all, k, n); return all; }
  function render() {
    const here = stateOf(at);
    $("current").textContent = visible(here.configuration) + (here.final ? " (final)" : "");
    const lastLine = $("last");
    lastLine.textContent = last ? visibleLines(last.text) : "";
    lastLine.className = last && last.refused ? "refused" : "";
    // Events.
    M.events.forEach((name, e) => {
      const button = eventButtons[e];
      const o = outcome(at, e);
      const kind = o.kind === "external" || o.kind === "internal" ? "taken" : o.kind;
      button.className = "event " + kind;
      button.dataset.outcome = kind;
      button.lastChild.textContent = visible(kind === "taken" ? "-> " + stateOf(o.target).name + (o.kind === "internal" ? " (internal)" : "") : kind === "ignored" ? "ignored" : T[o.reason]);
    });
    M.guards.forEach((name, i) => { guardBoxes[i].checked = holds(name); });
    // Diagram.
    for (const g of nodeElements.values()) g.classList.remove("current");
    for (const id of here.nodes) { const g = nodeElements.get(id); if (g) g.classList.add("current"); }
    const focused = document.activeElement;
    for (const item of edgeElements) {
      const o = item.event >= 0 ? outcome(at, item.event) : null;
      const enabled = o !== null && (o.kind === "external" || o.kind === "internal") && edgeGoes(item.edge, S[at].state, S[o.target].state);
      item.g.classList.toggle("enabled", enabled);
      item.g.classList.toggle("last", lastStep !== null && item.event === lastStep.event && edgeGoes(item.edge, lastStep.from, lastStep.to));
      if (enabled) { item.g.setAttribute("tabindex", "0"); item.g.setAttribute("role", "button"); item.g.setAttribute("aria-label", "send " + visible(item.edge.event)); }
      else { item.g.removeAttribute("tabindex"); item.g.removeAttribute("role"); item.g.removeAttribute("aria-label"); }
    }
    // An edge sent from the keyboard may no longer be enabled: keep the focus in the diagram.
    if (focused && focused.classList && focused.classList.contains("edge") && !focused.hasAttribute("tabindex")) {
      const next = $("diagram").querySelector("g.edge.enabled");
      (next || $("diagram")).focus();
    }
    const list = $("states-list");
    if (list) for (const li of list.children) li.classList.toggle("current", li.dataset.state === String(S[at].state));
    // Memory, timers, timeline, table, coverage, exports.
    const situation = S[at];
    $("memory").textContent = visible(situation.memory.length ? "Remembered: " + situation.memory.join("; ") : "");
    $("timers").textContent = visible(situation.timers.length ? "Time " + words(now) + ". Timers armed: " + situation.timers.map((t) => t.label + (t.left === null ? ", spent (its guard did not hold)" : ", " + words(BigInt(t.left)) + " left")).join("; ") : "Time " + words(now) + ". No timer armed.");
    const advanceButton = $("advance");
    advanceButton.disabled = situation.next === null;
    advanceButton.textContent = situation.next === null ? "Advance time (no timer armed)" : "Advance " + words(BigInt(situation.next)) + " (to the next timer)";
    const ol = $("timeline");
    while (ol.children.length < timeline.length) {
      const item = timeline[ol.children.length];
      const li = el("li", undefined, item.refused ? "refused" : "");
      const echoed = el("div", undefined, "line");
      echoed.textContent = "> " + visible(item.line);
      li.appendChild(echoed);
      li.appendChild(el("pre", item.text, "out"));
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;  // the timeline's newest line in view; the page stays put
    for (const tr of tableRows) { const current = tr.dataset.state === String(S[at].state); tr.classList.toggle("current", current); if (current) tr.setAttribute("aria-current", "true"); else tr.removeAttribute("aria-current"); }
    paint();
    $("export-script").value = scriptText();
    const untypeable = history.filter((h) => !typeableLine(h.line, h.file)).map((h) => h.line);
    const files = history.filter((h) => h.file !== undefined).map((h) => h.file);
    $("script-hint").textContent = visible((untypeable.length
      ? "The REPL cannot read " + untypeable.map((l) => JSON.stringify(l)).join(", ") + " as a line (a name starting with # or :, with spaces at an end, or a line break): this script and test will not replay."
      : "Replay with: " + M.replay + " FILE")
      + (files.length ? " Its :restore lines read " + Array.from(new Set(files), (f) => JSON.stringify(f)).join(", ") + " from the folder it is replayed in: keep the snapshot files there." : ""));
    $("export-test").value = swiftTest();
  }

  function paint() {
    const counts = allTaken(), states = allEntered();
    let transitions = 0, covered = 0;
    const seen = new Set();
    const count = (k) => { if (seen.has(k)) return; seen.add(k); transitions += 1; if (counts.get(k)) covered += 1; };
    M.states.forEach((s) => {
      s.cells.forEach((cell, e) => cell.alts.forEach((alt, j) => count(key(s.name, M.events[e], j, alt.to))));
      s.timers.forEach((timer) => count(key(s.name, timer.event, 0, timer.to)));
    });
    const enteredCount = M.states.filter((s) => states.get(s.name)).length;
    $("coverage-summary").textContent = "Transitions taken: " + covered + " of " + transitions + ". States entered: " + enteredCount + " of " + M.states.length + ".";
    document.body.classList.toggle("painted", $("paint").checked);
    const steps = takenSteps(counts);
    for (const item of edgeElements) {
      const n = edgeCount(item.edge, steps);
      item.g.classList.toggle("taken", n > 0);
      item.g.classList.toggle("never", n === 0);
      item.g.dataset.taken = String(n);
    }
    const enteredNodes = new Set();
    M.states.forEach((s) => { if (states.get(s.name)) for (const id of s.nodes) enteredNodes.add(id); });
    for (const [id, g] of nodeElements) g.classList.toggle("never", !enteredNodes.has(id));
    const list = $("states-list");
    if (list) for (const li of list.children) li.classList.toggle("never", !states.get(M.states[Number(li.dataset.state)].name));
  }

  // A coverage file (`repl --coverage-out`, `fsm coverage --format json`): its entries for
  // this machine whose shape is this machine's (every cell, its lines' targets and guards,
  // its timers), as `fsm coverage` keeps them; anything else changes nothing.
  function shapeOf() {
    const cells = new Map();
    M.states.forEach((s) => {
      s.cells.forEach((cell, e) => cells.set(JSON.stringify([s.name, M.events[e]]), cell.alts.map((a) => [a.to, a.guard])));
      s.timers.forEach((t) => cells.set(JSON.stringify([s.name, t.event]), [[t.to, t.guard]]));
    });
    return cells;
  }
  const isCount = (n) => Number.isSafeInteger(n) && n >= 0;
  function readCoverage(data) {
    if (!data || typeof data !== "object" || !Array.isArray(data.machines)) return { error: "is not a coverage file (no list of machines)" };
    const named = data.machines.filter((m) => m && typeof m === "object" && m.machine === M.machine);
    if (!named.length) return { error: "has no coverage of " + M.machine };
    const shape = shapeOf();
    const accepted = [];
    let problem = "is another version of " + M.machine + " (its cells differ)";
    for (const m of named) {
      if (!Array.isArray(m.cells) || !Array.isArray(m.states)) { problem = "is not a coverage file (cells or states missing)"; continue; }
      const addTaken = [], addEntered = [];
      let fits = m.cells.length === shape.size;
      for (const cell of m.cells) {
        if (!fits) break;
        const want = cell && typeof cell === "object" ? shape.get(JSON.stringify([cell.state, cell.event])) : undefined;
        const lines = cell && Array.isArray(cell.lines) ? cell.lines : null;
        if (!want || !lines || lines.length !== want.length) { fits = false; break; }
        lines.forEach((line, j) => {
          if (!line || typeof line !== "object" || line.target !== want[j][0] || (line.guard === undefined ? null : line.guard) !== want[j][1]) { fits = false; return; }
          if (!isCount(line.taken)) { fits = false; problem = "has a count that is not a whole number"; return; }
          if (line.taken > 0) addTaken.push([key(cell.state, cell.event, j, line.target), line.taken]);
        });
      }
      for (const entry of m.states) {
        if (!fits) break;
        if (!entry || typeof entry !== "object" || !stateIndex.has(entry.state) || !isCount(entry.entered)) { fits = false; break; }
        if (entry.entered > 0) addEntered.push([entry.state, entry.entered]);
      }
      if (fits) accepted.push([addTaken, addEntered]);
    }
    if (!accepted.length) return { error: named.length === 1 ? problem : "has " + named.length + " entries for " + M.machine + ", none of this version: the last " + problem.replace(/^is |^has /, "") };
    return { accepted: accepted };
  }
  function loadCoverage(text, fileName) {
    let result;
    try { result = readCoverage(JSON.parse(text)); } catch (error) { return fileName + " is not JSON; nothing changed."; }
    if (result.error) return fileName + " " + result.error + "; nothing changed.";
    for (const [addTaken, addEntered] of result.accepted) {
      for (const [k, n] of addTaken) bump(loadedTaken, k, n);
      for (const [k, n] of addEntered) bump(loadedEntered, k, n);
    }
    $("paint").checked = true;
    return "Added " + fileName + ".";
  }

  // ---- Building the page. ----
  document.title = visible(M.machine) + " — state machine explorer";
  $("machine-name").textContent = visible(M.machine);
  const eventButtons = M.events.map((name, e) => {
    const button = el("button", undefined, "event");
    button.type = "button";
    button.dataset.event = String(e);
    button.appendChild(el("span", name, "name"));
    if (!M.typeableEvents[e]) button.title = "The REPL cannot read this name as a line: a session that sends it cannot be replayed.";
    button.appendChild(el("span", "", "why"));
    button.addEventListener("click", () => send(e));
    $("events").appendChild(button);
    return button;
  });
  const guardBoxes = M.guards.map((name, i) => {
    const label = el("label");
    const box = el("input");
    box.type = "checkbox";
    box.checked = true;
    box.dataset.guard = String(i);
    box.addEventListener("change", () => setGuard(i, box.checked));
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + visible(name)));
    $("guards").appendChild(label);
    return box;
  });
  if (!M.guards.length) $("guards").appendChild(el("p", M.machine + " has no guards.", "note"));
  $("undo").addEventListener("click", undo);
  $("advance").addEventListener("click", advance);
  $("reset").addEventListener("click", reset);
  $("paint").addEventListener("change", () => render());
  $("test-file").value = identifier(M.machine) + "Session.swift";
  $("test-file").addEventListener("input", () => { $("export-test").value = swiftTest(); });
  $("test-definition").placeholder = identifier(M.machine) + "Definition";
  $("test-definition").addEventListener("input", () => { $("export-test").value = swiftTest(); });
  $("download-script").addEventListener("click", () => download(identifier(M.machine) + ".fsm", scriptText()));
  $("download-test").addEventListener("click", () => download(testFileName().split("/").pop(), swiftTest()));
  $("download-snapshot").addEventListener("click", () => {
    const name = identifier(M.machine) + "-snapshot.json";
    download(name, snapshotText(at));
    $("snapshot-status").textContent = visible("Downloaded " + name + ": " + stateOf(at).configuration + ".");
  });
  $("snapshot-file").addEventListener("change", (ev) => {
    const input = ev.target;
    const file = input.files && input.files[0];
    if (!file) return;
    file.text().then((text) => { $("snapshot-status").textContent = visible(restoreSnapshot(text, file.name)); input.value = ""; },
      () => { $("snapshot-status").textContent = visible("Cannot read " + file.name + "; nothing changed."); input.value = ""; });
  });
  $("coverage-file").addEventListener("change", (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    file.text().then((text) => { $("coverage-status").textContent = visible(loadCoverage(text, file.name)); render(); },
      () => { $("coverage-status").textContent = visible("Cannot read " + file.name + "; nothing changed."); });
  });
  const table = $("table");
  const head = el("thead"), headRow = el("tr");
  headRow.appendChild(el("th", "state \\ event"));
  for (const name of M.events) { const th = el("th", name); th.scope = "col"; headRow.appendChild(th); }
  head.appendChild(headRow); table.appendChild(head);
  const bodyRows = el("tbody");
  const tableRows = M.states.map((s, i) => {
    const tr = el("tr");
    tr.dataset.state = String(i);
    const th = el("th", s.name); th.scope = "row"; tr.appendChild(th);
    s.cells.forEach((cell) => {
      const td = el("td", cell.summary + (cell.inherited ? " (from " + cell.inherited + ")" : ""));
      td.className = cell.summary === "ignored" ? "ignored" : cell.summary === "illegal" ? "illegal" : cell.summary === "no transition" ? "none" : "";
      tr.appendChild(td);
    });
    bodyRows.appendChild(tr);
    return tr;
  });
  table.appendChild(bodyRows);
  drawDiagram();
  render();
  // For tests and the console: read-only views of the session.
  window.fsmExplorer = Object.freeze({
    state: () => stateOf(at).name,
    transcript: () => timeline.map((t) => "> " + t.line + (t.text === "" ? "" : "\n" + t.text)).join("\n"),
    script: scriptText,
    swiftTest: swiftTest,
    snapshot: () => snapshotText(at),
    situation: () => at,
  });
})();
