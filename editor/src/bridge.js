// The playground's editors: CodeMirror 6 views behind the small API the Go
// side drives through syscall/js (window.spliceEditor). JS owns the editor;
// the engine answers questions about the text: which tags it holds, what
// fails where, what may be typed at the caret, what a tag is worth.
//
// Positions crossing the bridge are UTF-16 offsets into the text as Go
// holds it, line breaks as in the document: a CRLF text stays CRLF, so
// problem positions computed on it select exactly their tag.

import {
  EditorView, Decoration, keymap, lineNumbers, highlightActiveLineGutter,
  highlightSpecialChars, highlightActiveLine, hoverTooltip, tooltips,
} from "@codemirror/view";
import {
  EditorState, Compartment, StateField, StateEffect, Annotation, Prec,
} from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab, insertNewlineAndIndent } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import {
  autocompletion, acceptCompletion, closeBrackets, closeBracketsKeymap, completionStatus,
} from "@codemirror/autocomplete";
import { lintKeymap, setDiagnostics, forEachDiagnostic, diagnosticCount } from "@codemirror/lint";
import {
  StreamLanguage, bracketMatching, foldGutter, foldKeymap, foldService, indentOnInput, indentService, syntaxHighlighting, indentUnit,
} from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { json } from "@codemirror/lang-json";
import { yaml } from "@codemirror/lang-yaml";
import { StyleModule } from "style-mod";

// CodeMirror writes its styles into a <style> element, which the page's
// Content-Security-Policy (style-src 'self') refuses, unless the root it
// mounts them in has no head: then they go into a constructed style sheet,
// which the policy allows. The document is given to it as such a root.
const sheetRoot = {
  ownerDocument: document,
  get adoptedStyleSheets() { return document.adoptedStyleSheets; },
  set adoptedStyleSheets(sheets) { document.adoptedStyleSheets = sheets; },
};
const mount = StyleModule.mount;
StyleModule.mount = (root, modules, options) => mount(root === document ? sheetRoot : root, modules, options);

// fromGo marks the transactions Go asked for: Go already holds their text.
const fromGo = Annotation.define();

// The states of editors that were closed (a root tab left, a pane hidden),
// by target, so that coming back keeps the undo history.
const saved = new Map();

// Tags: the engine's spans, drawn as marks and mapped through edits until
// the engine sends the next set.
const setTags = StateEffect.define();
const tagField = StateField.define({
  create: () => Decoration.none,
  update(tags, tr) {
    for (const e of tr.effects) if (e.is(setTags)) return e.value;
    return tr.docChanged ? tags.map(tr.changes) : tags;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// flashed marks the line a glance led to (select without the focus), for
// a moment.
const flash = StateEffect.define();
const flashed = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) if (e.is(flash)) return e.value;
    return tr.docChanged ? marks.map(tr.changes) : marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});
const flashLine = Decoration.line({ class: "cm-flash" });

const tagMarks = new Map();
function tagMark(cls) {
  let m = tagMarks.get(cls);
  if (!m) tagMarks.set(cls, (m = Decoration.mark({ class: cls })));
  return m;
}

// crlf reports whether every line break of text is CRLF (and there is one):
// such a text is edited with CRLF breaks; any other is edited with LF.
function crlf(text) {
  return text.includes("\r\n") && !/\r(?!\n)|(?<!\r)\n/.test(text);
}

// largeDoc is the length past which a JSON text is edited without its
// parser: re-parsing a document of megabytes on every keystroke would cost
// frames. Such a text keeps bracket matching, search and folding (by
// indentation), without token colours.
const largeDoc = 256 << 10;

// longYAML is the length past which a YAML text is coloured by yamlOutline
// rather than parsed whole: such a text is mostly pasted data (a plan's
// samples, a tool's output, a flow mapping a line), and the parser's span
// for every token of it made each keystroke lay out and paint thousands of
// them again (30 ms a key in a plan of 200 KB, against 15 without).
const longYAML = 16 << 10;

function syntaxOf(name, length) {
  // Its Backspace (a pair deleted whole) before the default keymap's.
  const close = [closeBrackets(), Prec.high(keymap.of(closeBracketsKeymap))];
  switch (name) {
    case "json": return length > largeDoc ? [indentFolding, close] : [json(), close];
    case "yaml": return [length > longYAML ? [yamlOutline, indentFolding] : yaml(), yamlQuotes, close, yamlIndent, quoteTag, openTag, finishLine(/^(?:\}\}|["'\])])+$/)];
  }
  return [openTag, finishLine(/^(?:\}\})+$/)];
}

// finishLine makes Enter end the line when all that follows the caret on
// it closes the tag, quote or bracket the caret is in (what the editor
// typed for the author): the closers stay where they close, rather than
// going down with the caret to break both lines ("{{input.repo" ⏎).
// closers matches such a rest of a line.
function finishLine(closers) {
  return Prec.high(keymap.of([{
    key: "Enter",
    run(view) {
      const s = view.state, at = s.selection.main;
      if (s.selection.ranges.length > 1 || !at.empty) return false;
      const line = s.doc.lineAt(at.head);
      const rest = s.sliceDoc(at.head, line.to);
      if (!closers.test(rest) || !opens(s, at.head, rest[0])) return false;
      view.dispatch({ selection: { anchor: line.to } });
      return insertNewlineAndIndent(view);
    },
  }]));
}

// opens reports whether the caret at pos is inside what closer (the first
// of the closers after it) closes, on its line.
function opens(s, pos, closer) {
  const before = s.sliceDoc(s.doc.lineAt(pos).from, pos);
  switch (closer) {
    case "}": return tagOpenAt(s, pos);
    case '"': case "'": return before.split(closer).length % 2 === 0;
  }
  const open = closer === "]" ? "[" : "(";
  return before.lastIndexOf(open) > before.lastIndexOf(closer);
}

// yamlQuotes pairs quotes and brackets in YAML as closeBrackets does in
// JSON, but for "{": openTag closes a tag's "{{" instead, and a single
// brace typed in a flow mapping stays one.
const yamlQuotes = EditorState.languageData.of(() => [{ closeBrackets: { brackets: ["(", "[", "'", '"'] } }]);

// yamlIndent indents a new YAML line as its author means it: as the line
// above (the nearest that is not blank), at an item's content after "- ",
// and one level deeper after a key that opens a block ("key:", "key: |").
const yamlIndent = Prec.high(indentService.of((cx, pos) => {
  let line = cx.lineAt(pos, -1);
  while (line.from > 0 && /^\s*$/.test(line.text)) line = cx.lineAt(line.from - 1, -1);
  const text = line.text.slice(0, Math.max(0, Math.min(line.text.length, pos - line.from)));
  const item = /^([ \t]*)((?:- +)*)/.exec(text);
  const content = item[1].length + item[2].length;
  const code = text.replace(/\s+#.*$/, "").trimEnd();
  return /:(\s*[|>][-+0-9]*)?$/.test(code) ? content + cx.unit : content;
}));

// yamlOutline colours YAML line by line (a keystroke tokenizes its line
// and those after it in view): keys, quoted strings, comments, block scalar
// headers, document markers, anchors and tags, in the classes the parser
// gives them; a flow collection ({...}, [...]) stays one plain token.
const yamlOutline = StreamLanguage.define({
  name: "yaml",
  // flow: the depth of open flow collections; block: the indentation of
  // the line whose block scalar (| or >) the next lines may continue, -1
  // outside one.
  startState: () => ({ flow: 0, block: -1 }),
  copyState: (s) => ({ ...s }),
  token(stream, state) {
    if (stream.sol() && state.block >= 0) {
      if (stream.indentation() > state.block || /^\s*$/.test(stream.string)) {
        stream.skipToEnd();
        return null;
      }
      state.block = -1;
    }
    if (state.flow > 0) return skipFlow(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.sol() && stream.match(/^(---|\.\.\.)(?=\s|$)/)) return "meta";
    if (stream.match(/^[-?:](?=\s|$)/)) return null;
    if (stream.eat("{") || stream.eat("[")) {
      state.flow = 1;
      return skipFlow(stream, state);
    }
    if (stream.match(/^[|>][-+0-9]*(?=\s|$)/)) {
      state.block = stream.indentation();
      return "string.special";
    }
    if (stream.match(/^[&*][^\s,[\]{}]+/)) return "labelName";
    if (stream.match(/^![^\s,[\]{}]*/)) return "typeName";
    const quote = stream.peek();
    if (quote === '"' || quote === "'") {
      skipQuoted(stream);
    } else {
      // A plain scalar runs to ": " or " #".
      while (!stream.eol() && !stream.match(/^(:(?=\s|$)|\s+#)/, false)) stream.next();
    }
    if (stream.match(/^\s*:(?=\s|$)/, false)) return "propertyName.definition";
    return quote === '"' || quote === "'" ? "string" : null;
  },
});

// skipFlow reads a flow collection up to where it closes, or to the end of
// the line, as one plain token.
function skipFlow(stream, state) {
  while (state.flow > 0 && !stream.eol()) {
    const ch = stream.peek();
    if (ch === '"' || ch === "'") {
      skipQuoted(stream);
      continue;
    }
    stream.next();
    if (ch === "{" || ch === "[") state.flow++;
    else if (ch === "}" || ch === "]") state.flow--;
    else if (ch === "#" && /\s/.test(stream.string.charAt(stream.pos - 2))) stream.skipToEnd();
  }
  return null;
}

// skipQuoted reads a quoted scalar, or its part on this line.
function skipQuoted(stream) {
  const quote = stream.next();
  while (!stream.eol()) {
    const ch = stream.next();
    if (quote === '"' && ch === "\\") stream.next();
    else if (ch === quote && !(quote === "'" && stream.eat("'"))) return;
  }
}

// indentFolding folds the lines indented deeper than the one a fold starts
// on, for the texts edited without a parser.
const indentFolding = [
  StateField.define({ create: () => new Map(), update: (ends, tr) => (reshapes(tr) ? new Map() : ends) }),
  foldService.of((state, lineStart, lineEnd) => {
    const doc = state.doc;
    const first = doc.lineAt(lineStart);
    const ends = state.field(indentFolding[0]);
    let last = ends.get(first.number);
    if (last === undefined) {
      last = foldEnd(doc, first);
      ends.set(first.number, last);
    }
    return last ? { from: lineEnd, to: doc.line(last).to } : null;
  }),
];

// foldEnd returns the number of the last line the block first starts
// holds, 0 when it starts none. The fold gutter asks for every line in
// view at each key, and a block near the top of a plan reads on to its
// end: indentFolding keeps the answers while reshapes says they hold.
function foldEnd(doc, first) {
  const depth = indentOf(first.text);
  if (depth < 0) return 0;
  let last = first.number;
  let n = first.number;
  for (const text of doc.iterLines(first.number + 1)) {
    n++;
    const d = indentOf(text);
    if (d < 0) continue; // blank lines fold along
    if (d <= depth) {
      // a closing bracket at the same depth folds with its block
      if (/^\s*[\]}]/.test(text) && last !== first.number) last = n;
      break;
    }
    last = n;
  }
  return last === first.number ? 0 : last;
}

// reshapes reports whether a transaction may move a block's end: a line
// added or removed, or a line whose indentation, blankness or leading
// closing bracket changed. Typing within a line does none of these.
function reshapes(tr) {
  if (!tr.docChanged) return false;
  if (tr.startState.doc.lines !== tr.state.doc.lines) return true;
  let moved = false;
  tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    const a = tr.startState.doc.lineAt(fromA), b = tr.state.doc.lineAt(fromB);
    moved ||= a.number !== b.number || a.number !== tr.startState.doc.lineAt(toA).number ||
      b.number !== tr.state.doc.lineAt(toB).number || blockShape(a.text) !== blockShape(b.text);
  });
  return moved;
}

// blockShape is what foldEnd reads of a line: its indentation, and
// whether it starts with a closing bracket.
function blockShape(text) {
  return indentOf(text) + (/^\s*[\]}]/.test(text) ? "]" : "");
}

// indentOf returns the indentation of a line, -1 when it is blank.
function indentOf(text) {
  const m = /^[ \t]*/.exec(text)[0].length;
  return m === text.length ? -1 : m;
}

// escapeFreesTab lets the Tab after an Escape move the focus on, as the
// editor's hint says, also when the Escape closed the completion list or
// collapsed a selection first (CodeMirror arms it only for an Escape no
// key binding took, and the Tab then indented).
const escapeFreesTab = EditorView.domEventObservers({
  keydown(e, view) {
    if (e.key === "Escape") view.setTabFocusMode(2000);
  },
});

// openTag closes a tag as it opens: typing "{" after "{" gives "{{|}}",
// and typing "}" before the "}}" of an open tag steps over it. JSON
// editors get both from closeBrackets, which closes every brace. A quote
// or bracket typed in an open tag, right before its "}}" and that same
// closer, steps over both: no tag holds one, so it was meant to close
// what the tag sits in ("{{input" then '"').
const openTag = EditorView.inputHandler.of((view, from, to, text) => {
  const s = view.state;
  if (from !== to) return false;
  if (text === "{" && s.sliceDoc(from - 1, from) === "{" && s.sliceDoc(from, from + 2) !== "}}") {
    view.dispatch({ changes: { from, insert: "{}}" }, selection: { anchor: from + 1 }, userEvent: "input.type" });
    return true;
  }
  if (text === "}" && s.sliceDoc(from, from + 1) === "}" && insideTag(s, from)) {
    view.dispatch({ selection: { anchor: from + 1 }, userEvent: "input.type" });
    return true;
  }
  if (/^["'\])]$/.test(text) && s.sliceDoc(from, from + 3) === "}}" + text && tagOpenAt(s, from)) {
    view.dispatch({ selection: { anchor: from + 3 }, userEvent: "input.type" });
    return true;
  }
  return false;
});

// quoteTag quotes a tag opened where a YAML value starts (after "key: ",
// "- ", "[" or ","): unquoted, "{{" is a flow mapping in a flow mapping,
// never a template. Typing "{" after that "{" gives "\"{{|}}\"". A line
// that starts with "{{" is left alone: it may continue a block scalar.
const quoteTag = Prec.high(EditorView.inputHandler.of((view, from, to, text) => {
  const s = view.state;
  if (text !== "{" || from !== to || s.sliceDoc(from - 1, from) !== "{" || s.sliceDoc(from, from + 2) === "}}") return false;
  const before = s.sliceDoc(s.doc.lineAt(from).from, from - 1);
  if (!/(?:\S:[ \t]+|(?:^|\s)-[ \t]+|[[,][ \t]*)$/.test(before) || /#/.test(before)) return false;
  view.dispatch({ changes: [{ from: from - 1, insert: '"' }, { from, insert: '{}}"' }], selection: { anchor: from + 2 }, userEvent: "input.type" });
  return true;
}));

// tagOpenAt reports whether pos is after a "{{" of its line that no "}}"
// closes before pos.
function tagOpenAt(s, pos) {
  const before = s.sliceDoc(s.doc.lineAt(pos).from, pos);
  const open = before.lastIndexOf("{{");
  return open >= 0 && before.indexOf("}}", open) < 0;
}

// insideTag reports whether the "}" at pos is typed inside an open tag,
// which it closes only with a second one after it, or after a first one
// typed already.
function insideTag(s, pos) {
  return tagOpenAt(s, pos) && (s.sliceDoc(pos, pos + 2) === "}}" || s.sliceDoc(pos - 1, pos) === "}");
}

// completionType shows what a completion names (a key's JSON type, a
// root) after its label, drawn from an attribute: the option's text stays
// its label alone.
function completionType(c) {
  const span = document.createElement("span");
  span.className = "cm-completionType";
  span.dataset.type = c.jsonType || c.type;
  return span;
}

// afterPaint runs f once the browser has painted the current frame.
// exposed holds the hosts whose view gives them what a textarea has.
const exposed = new WeakSet();

// lazy gives host, whose view is made later, what Editor.expose will: the
// first use of its value, focus or selection makes the view (make), then
// is the view's.
function lazy(host, make) {
  const ready = () => exposed.has(host) || (make(), exposed.has(host));
  Object.defineProperty(host, "value", {
    configurable: true,
    get: () => (ready() ? host.value : ""),
    set: (text) => { if (ready()) host.value = text; },
  });
  for (const name of ["selectionStart", "selectionEnd"]) {
    Object.defineProperty(host, name, { configurable: true, get: () => (ready() ? host[name] : 0) });
  }
  host.focus = () => ready() && host.focus();
  host.setSelectionRange = (start, end) => ready() && host.setSelectionRange(start, end);
}

function afterPaint(f) {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = f;
    ch.port2.postMessage(0);
  });
}

// afterEdit names the callback Go asks for once an edit's frame is
// painted, by onChange's answer (app/editor.go): none, redraw the page
// (what changed besides the output), settle (evaluate an edit put off).
const afterEdit = [null, "redraw", "settle"];

// tidyFrom is the length from which an edit is followed, once the page is
// idle, by Go's collection of the heap if due: each key makes a large
// text again.
const tidyFrom = 64 << 10;

// whenIdle calls f once the page has nothing else to do (a browser without
// requestIdleCallback: some 50 ms from now, past the frame being made).
function whenIdle(f) {
  if (window.requestIdleCallback) requestIdleCallback(f);
  else setTimeout(f, 50);
}

class Editor {
  // opts: target (its key), doc, syntax ("text", "json" or "yaml"), label,
  // tags (complete and hover), and Go's callbacks: onChange(from, to,
  // inserted), which answers what to call once the frame is painted (see
  // afterEdit), complete(offset) and hover(offset), which answer JSON,
  // caret(offset) when the caret moves without an edit, redraw() and
  // settle(), and idle() once the page is idle after an edit of a large
  // text.
  constructor(host, opts) {
    this.host = host;
    this.opts = opts;
    this.target = opts.target;
    this.busy = 0; // inside a view update: dispatches wait for a microtask
    this.syntax = new Compartment();
    this.crlf = false;
    let state = this.restore(opts.target, opts.doc, opts.syntax);
    // The first marks come in the first state: the view is drawn once.
    if (opts.marks) state = state.update(this.marksSpec(state, opts.marks)).state;
    this.view = new EditorView({ parent: host, state });
    this.expose();
    // Completions are found by the page's tests and tools by data-testid.
    this.observer = new MutationObserver(() => {
      for (const li of this.view.dom.querySelectorAll(".cm-tooltip-autocomplete li:not([data-testid])")) {
        li.dataset.testid = "completion";
      }
    });
    this.observer.observe(this.view.dom, { childList: true, subtree: true });
  }

  // restore returns the saved state of target when it still holds text,
  // else a new one.
  restore(target, text, syntax) {
    const s = saved.get(target);
    saved.delete(target);
    if (s && s.state.sliceDoc() === text) {
      this.crlf = s.crlf;
      this.syntaxName = s.syntaxName;
      this.syntax = s.syntax;
      return s.state;
    }
    return this.fresh(text, syntax);
  }

  fresh(text, syntax) {
    this.crlf = crlf(text);
    this.syntaxName = syntax;
    this.syntax = new Compartment();
    const o = this.opts;
    const ext = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      foldGutter(),
      // The browser's own caret and selection: drawSelection's layers are
      // placed in a measure pass that costs every keystroke a frame.
      highlightActiveLine(),
      // Fixed: a completion list or a hover is drawn over the page, never
      // clipped by a pane, and above the caret near the window's bottom.
      tooltips({ position: "fixed" }),
      indentOnInput(),
      indentUnit.of("  "),
      syntaxHighlighting(classHighlighter),
      bracketMatching(),
      highlightSelectionMatches(),
      Prec.high(keymap.of([{ key: "Tab", run: (v) => completionStatus(v.state) === "active" && acceptCompletion(v) }])),
      escapeFreesTab,
      keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap, indentWithTab]),
      // tabindex: a scrolled editor must say it is reachable by keyboard (axe does not count contenteditable).
      // The label is read on each update: a renamed root's editor says so (setLabel).
      EditorView.contentAttributes.of(() => ({ "aria-label": o.label, "aria-multiline": "true", tabindex: "0" })),
      this.syntax.of(syntaxOf(syntax, text.length)),
      tagField,
      flashed,
      EditorView.updateListener.of((u) => this.changed(u)),
    ];
    if (this.crlf) {
      ext.push(EditorState.lineSeparator.of("\r\n"),
        EditorView.clipboardInputFilter.of((t) => t.replace(/\r\n|\r|\n/g, "\r\n")));
    }
    if (o.tags) {
      ext.push(
        // Completion asks Go 50 ms after the last key, not in the key's
        // frame: its answer is a second update of the view.
        autocompletion({
          override: [(ctx) => this.complete(ctx)], icons: false, activateOnTypingDelay: 50, interactionDelay: 0,
          addToOptions: [{ render: completionType, position: 80 }],
        }),
        hoverTooltip((view, pos) => this.hover(view, pos), { hoverTime: 250 }),
      );
    }
    return EditorState.create({ doc: text, extensions: ext });
  }

  // expose gives the host what a textarea has, for tests and tools.
  expose() {
    const host = this.host;
    const ed = this;
    exposed.add(host);
    Object.defineProperty(host, "value", {
      configurable: true,
      get: () => ed.view.state.sliceDoc(),
      // Setting the value is an edit, as if the text were pasted.
      set: (text) => {
        const s = ed.view.state;
        ed.view.dispatch({ changes: { from: 0, to: s.doc.length, insert: s.toText(String(text)) }, userEvent: "input.paste" });
      },
    });
    Object.defineProperty(host, "selectionStart", { configurable: true, get: () => ed.toOffset(ed.view.state.selection.main.from) });
    Object.defineProperty(host, "selectionEnd", { configurable: true, get: () => ed.toOffset(ed.view.state.selection.main.to) });
    host.focus = () => ed.view.focus();
    host.setSelectionRange = (start, end) => ed.select(start, end, "");
  }

  // toPos turns an offset into the text into a position of the editor,
  // where a line break counts one.
  toPos(off, doc = this.view.state.doc) {
    off = Math.max(0, Math.min(off | 0, this.toOffset(doc.length, doc)));
    if (!this.crlf) return off;
    let lo = 1, hi = doc.lines;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (doc.line(mid).from + mid - 1 <= off) lo = mid; else hi = mid - 1;
    }
    const line = doc.line(lo);
    return Math.min(off - (lo - 1), line.to);
  }

  // toOffset turns a position of doc (the editor's by default) into an
  // offset into the text.
  toOffset(pos, doc = this.view.state.doc) {
    return this.crlf ? pos + doc.lineAt(pos).number - 1 : pos;
  }

  changed(u) {
    if (!u.docChanged) {
      if (u.selectionSet && this.opts.caret) this.opts.caret(this.toOffset(u.state.selection.main.head));
      return;
    }
    // A text that grows past its syntax's bound (a pasted root) drops its
    // parser; one that shrinks back gets it again.
    const bound = this.syntaxName === "yaml" ? longYAML : largeDoc;
    if ((u.state.doc.length > bound) !== (u.startState.doc.length > bound)) {
      this.run(() => ({ effects: this.syntax.reconfigure(syntaxOf(this.syntaxName, this.view.state.doc.length)) }));
    }
    if (u.transactions.some((tr) => tr.annotation(fromGo))) return;
    // Go holds the text: an edit goes to it as one range of the text before
    // it, whatever the text's size, from the first change to the last
    // (in offsets of the text, where a CRLF line break counts two).
    let from = -1, to = 0, fromB = 0, toB = 0;
    u.changes.iterChangedRanges((fa, ta, fb, tb) => {
      if (from < 0) [from, fromB] = [fa, fb];
      [to, toB] = [ta, tb];
    });
    const a = this.toOffset(from, u.startState.doc), b = this.toOffset(to, u.startState.doc);
    this.busy++;
    let then;
    try {
      then = this.opts.onChange(a, b, u.state.sliceDoc(fromB, toB));
    } finally {
      this.busy--;
    }
    const after = afterEdit[then];
    if (after) afterPaint(() => this.view && this.opts[after]());
    if (this.opts.idle && !this.idling && u.state.doc.length >= tidyFrom) {
      this.idling = true;
      whenIdle(() => {
        this.idling = false;
        if (this.view) this.opts.idle();
      });
    }
  }

  // run dispatches spec, after the view update in progress if any.
  run(spec) {
    if (this.busy || this.view.updateState !== 0) queueMicrotask(() => this.view && this.view.dispatch(spec()));
    else this.view.dispatch(spec());
  }

  // setDoc changes the text to the one Go holds (a Format, a fix, a rename
  // of references) as one undoable change of the part that differs.
  setDoc(text) {
    const s = this.view.state;
    const old = s.sliceDoc();
    if (old === text) return;
    if (crlf(text) !== this.crlf) {
      this.view.setState(this.fresh(text, this.syntaxName));
      return;
    }
    let from = 0;
    const n = Math.min(old.length, text.length);
    while (from < n && old.charCodeAt(from) === text.charCodeAt(from)) from++;
    let end = 0;
    while (end < n - from && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
    const a = this.toPos(from), b = this.toPos(old.length - end);
    const insert = s.toText(text.slice(from, text.length - end));
    this.run(() => ({ changes: { from: a, to: b, insert }, annotations: fromGo.of(true), userEvent: "input.complete" }));
  }

  // open shows another target's text (another root tab), keeping this
  // one's state for when it comes back.
  open(target, text, syntax) {
    if (target === this.target) {
      this.setDoc(text);
      this.setSyntax(syntax);
      return;
    }
    this.save();
    this.target = target;
    this.view.setState(this.restore(target, text, syntax));
  }

  // reset shows another state's text with a history of its own, and
  // forgets every closed editor's: undo never mixes two states.
  reset(target, text, syntax) {
    saved.clear();
    this.target = target;
    this.view.setState(this.fresh(text, syntax));
    // Another state starts at its start, not where the last one was scrolled.
    this.view.scrollDOM.scrollLeft = 0;
    this.view.scrollDOM.scrollTop = 0;
  }

  // setLabel renames the editor for assistive technologies.
  setLabel(label) {
    this.opts.label = label;
    this.run(() => ({}));
  }

  save() {
    saved.set(this.target, { state: this.view.state, crlf: this.crlf, syntax: this.syntax, syntaxName: this.syntaxName });
  }

  setSyntax(name) {
    if (name === this.syntaxName) return;
    this.syntaxName = name;
    this.run(() => ({ effects: this.syntax.reconfigure(syntaxOf(name, this.view.state.doc.length)) }));
  }

  // setMarks draws the engine's tags and problems. marks is JSON:
  // {tags: [from, to, class, ...], problems: [{from, to, severity, message}]}.
  setMarks(marks) {
    this.run(() => this.marksSpec(this.view.state, marks));
  }

  // marksSpec is the transaction that draws marks in state.
  marksSpec(state, marks) {
    const m = JSON.parse(marks);
    const tags = [];
    for (let i = 0; i + 2 < m.tags.length; i += 3) {
      const from = this.toPos(m.tags[i], state.doc), to = this.toPos(m.tags[i + 1], state.doc);
      if (from < to) tags.push(tagMark(m.tags[i + 2]).range(from, to));
    }
    const diags = m.problems.map((p) => ({
      from: this.toPos(p.from, state.doc), to: this.toPos(p.to, state.doc), severity: p.severity, message: p.message,
    }));
    const effects = [setTags.of(Decoration.set(tags, true))];
    // Setting no problems where none are shown would only configure the
    // lint state: a reconfiguration of the editor, on the first visit's path.
    if (diags.length || diagnosticCount(state)) {
      effects.push(...[].concat(setDiagnostics(state, diags).effects || []));
    }
    return { effects };
  }

  // select selects [start, end) of the text and scrolls it into view;
  // focus moves to the editor when asked.
  // select selects [start, end), scrolled into view; "focus" also takes
  // the focus. A "glance" leaves the focus and the page where they are:
  // the range's line is flashed and scrolled to within the editor alone.
  select(start, end, how) {
    const anchor = this.toPos(start), head = this.toPos(end);
    if (how !== "glance") {
      this.run(() => ({ selection: { anchor, head }, scrollIntoView: true }));
      if (how === "focus") this.view.focus();
      return;
    }
    const line = this.view.state.doc.lineAt(anchor).from;
    this.run(() => ({ selection: { anchor, head }, effects: flash.of(Decoration.set([flashLine.range(line)])) }));
    const scroller = this.view.scrollDOM;
    scroller.scrollTop = Math.max(0, this.view.lineBlockAt(line).top - scroller.clientHeight / 3);
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => this.view && this.run(() => ({ effects: flash.of(Decoration.none) })), 1500);
  }

  complete(ctx) {
    // What is typed outside a tag has nothing to complete: the engine is
    // asked only inside one, not on every keystroke.
    if (!ctx.explicit && !tagOpenAt(ctx.state, ctx.pos)) return null;
    const r = this.opts.complete(this.toOffset(ctx.pos));
    if (!r) return null;
    const c = JSON.parse(r);
    if (!c.options.length) return null;
    return { from: this.toPos(c.from), to: this.toPos(c.to), options: c.options, filter: false };
  }

  hover(view, pos) {
    let covered = false;
    forEachDiagnostic(view.state, (d) => { if (d.from <= pos && pos <= d.to) covered = true; });
    if (covered) return null; // the problem's own tooltip says it
    const r = this.opts.hover(this.toOffset(pos));
    if (!r) return null;
    const h = JSON.parse(r);
    return {
      pos: this.toPos(h.from),
      end: this.toPos(h.to),
      create() {
        const dom = document.createElement("div");
        dom.className = "cm-splice-hover" + (h.error ? " cm-splice-hover-error" : "");
        dom.dataset.testid = "hover";
        dom.textContent = h.text;
        return { dom };
      },
    };
  }

  destroy() {
    this.save();
    this.observer.disconnect();
    this.view.destroy();
    this.view = null;
    for (const k of ["value", "selectionStart", "selectionEnd", "focus", "setSelectionRange"]) delete this.host[k];
  }
}

// paintResult writes a result into pre, the output element: its compact
// JSON (data-json), whether it is mixed text, and its parts as Go cuts them
// (app/output_pane.go), a JSON array of [class, text], made into nodes as
// resultPart.ui renders them there. Go makes one call for the whole pane
// (paintOutput): each call into the page from Go costs tens of
// microseconds.
function paintResult(pre, json, mixed, parts) {
  pre.setAttribute("data-json", json);
  pre.classList.toggle("result-text", mixed);
  const list = JSON.parse(parts);
  // One text, with the note of what was cut after it when there is one.
  if (!list[0][0] && (list.length === 1 || list.length === 2 && list[1][0] === "more-result")) {
    paintBlocks(pre, list[0][1], list.length === 2 ? list[1][1] : "");
    return;
  }
  // A fragment, not arguments: a long text of short lines has many parts.
  const nodes = document.createDocumentFragment();
  for (const [cls, text] of list) {
    if (!cls) {
      nodes.append(text);
      continue;
    }
    const span = document.createElement("span");
    span.className = cls;
    if (cls === "eol") span.setAttribute("aria-hidden", "true");
    else span.textContent = text;
    if (cls === "trail") span.title = "trailing whitespace";
    nodes.append(span);
  }
  pre.replaceChildren(nodes);
}

// blockLines is how many lines of a result shown as one text (pretty JSON)
// each of its blocks holds. A key typed in a large step's sample changes
// a number of its result: the browser lays out and paints the block that
// changed, not the whole text (20 KB of result: 13 ms a key), and skips
// the blocks out of view (content-visibility in app.css).
const blockLines = 64;

// paintBlocks shows text in pre as blocks of blockLines lines, writing
// only the blocks whose text changed when pre shows blocks already, and
// then the note of what was cut, if any. Each block keeps its last line
// break: the text, as read or selected, is the same.
function paintBlocks(pre, text, note) {
  const blocks = [];
  let from = 0, lines = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    if (++lines === blockLines) {
      blocks.push(text.slice(from, i + 1));
      from = i + 1;
      lines = 0;
    }
  }
  if (from < text.length || !blocks.length) blocks.push(text.slice(from));
  const first = pre.firstElementChild;
  if (!first || first.className !== "result-block" || pre.firstChild !== first) {
    pre.replaceChildren(...blocks.map(resultBlock));
  } else {
    if (pre.lastElementChild.className !== "result-block") pre.lastElementChild.remove();
    const shown = pre.children;
    for (let i = 0; i < blocks.length; i++) {
      if (i >= shown.length) pre.append(resultBlock(blocks[i]));
      else if (shown[i].firstChild.data !== blocks[i]) shown[i].firstChild.data = blocks[i];
    }
    while (shown.length > blocks.length) pre.lastChild.remove();
  }
  if (note) {
    const span = document.createElement("span");
    span.className = "more-result";
    span.textContent = note;
    pre.append(span);
  }
}

function resultBlock(text) {
  const block = document.createElement("span");
  block.className = "result-block";
  block.append(document.createTextNode(text));
  return block;
}

// paintOutput paints the page's output pane, its one painter (go-app makes
// the elements, empty): the result (parts "" when it shows it already),
// its type badge and the copy button's label. Go calls it on a keystroke,
// before go-app's next tick redraws the rest, and when go-app renders the
// result.
function paintOutput(json, mixed, parts, type, copyLabel) {
  const pre = document.querySelector('[data-testid="output"]');
  if (!pre) return;
  if (parts) paintResult(pre, json, mixed, parts);
  const badge = document.querySelector('[data-testid="output-type"]');
  if (setText(badge, type)) badge.setAttribute("class", "badge badge-" + type);
  setText(document.querySelector('[data-testid="copy"]'), copyLabel);
}

// setText sets the text of an element, and reports whether it changed.
function setText(el, text) {
  if (!el || el.textContent === text) return false;
  el.textContent = text;
  return true;
}

// onShortcut calls f with each keydown of the window that may be one of
// the page's shortcuts (with a modifier, "?" or Escape), and returns what
// removes it: the letters typed into an editor do not cross into Go.
function onShortcut(f) {
  const listener = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "?" || e.key === "Escape") f(e);
  };
  window.addEventListener("keydown", listener);
  return () => window.removeEventListener("keydown", listener);
}

// afterPaint lets Go run f once the frame being made is painted.
window.spliceEditor = { create: (host, opts) => new Editor(host, opts), lazy, afterPaint: (f) => afterPaint(() => f()), paintOutput, onShortcut };
