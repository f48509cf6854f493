// embed.js renders the Splice examples of a docs page with the real engine.
//
//   <pre data-splice>Hello {{input.name}}</pre>
//   <script type="application/json" data-splice-roots>{"input": {"name": "Ada"}}</script>
//   <script src="/web/embed.js" defer></script>
//
// Every <pre data-splice> block is a template (data-splice="shape": a shape;
// "plan": a plan document, DIALECT §9). A template's or shape's roots are
// the JSON object in the next <script data-splice-roots> before the next
// block: root name to value, in step order. data-later="E8 E9" names steps
// that run later; data-iteration puts the block in an iteration body.
// After the block comes its result as the playground shows it, or its
// errors with line, column and a caret under the tag; after a plan, its
// steps (id, form, status, result or what blocked it; data-step="ID": that
// step alone), the solver's output and every error placed in the plan. Then
// an "Open in playground" link that carries the block as a share link.
// data-playground (on the block or on this script tag) is the playground's
// address, http: or https: (or relative to the page); it defaults to the
// site serving this file. `splice check` runs the same blocks in CI.
//
// Everything is inserted as text, never as HTML, and nothing is fetched but
// engine.js and engine.wasm from beside this file, and engine-full.wasm,
// once, for the first plan or shape written in YAML.
(() => {
  "use strict";
  const script = document.currentScript;
  const base = script && script.src ? new URL(".", script.src) : new URL("/web/", location.href);
  // playgroundOf resolves a data-playground value against the page. Only
  // http: and https: are links to a playground: anything else (javascript:,
  // data:...) is as if the value were absent, as is an empty one.
  const playgroundOf = (value) => {
    if (!value || !value.trim()) return undefined;
    try {
      const url = new URL(value, document.baseURI);
      if (url.protocol === "http:" || url.protocol === "https:") return url.href;
    } catch {
      // Not a URL.
    }
    return undefined;
  };
  const defaultPlayground = playgroundOf(script && script.dataset.playground) || new URL("/", base).href;

  // engine settles when the engine is ready; engine.js is loaded unless the
  // page loaded it first, and what it loads next is preloaded at once:
  // engine.wasm (which engine.js fetches as preloaded, so that the browser
  // hands it the preloaded response).
  const preload = (name, as, crossOrigin) => {
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", as, href: new URL(name, base).href }, crossOrigin && { crossOrigin });
    document.head.appendChild(link);
  };
  const engine = globalThis.splice && globalThis.splice.ready
    ? globalThis.splice.ready
    : new Promise((resolve, reject) => {
      preload("engine.wasm", "fetch", "anonymous");
      const s = document.createElement("script");
      s.src = new URL("engine.js", base).href;
      s.onload = () => globalThis.splice.ready.then(resolve, reject);
      s.onerror = () => reject(new Error("splice: cannot load " + s.src));
      document.head.appendChild(s);
    });

  const el = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // rootsOf splits the roots object's text into its members' names and raw
  // value texts, so numbers and key order reach the engine as written.
  const rootsOf = (text) => {
    const parsed = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error("the roots must be a JSON object of root name to value");
    }
    const roots = [];
    let i = text.indexOf("{") + 1;
    const skipSpace = () => { while (" \t\r\n".includes(text[i])) i++; };
    const skipString = () => {
      for (i++; text[i] !== '"'; i += text[i] === "\\" ? 2 : 1);
      i++;
    };
    for (;;) {
      skipSpace();
      if (text[i] === "}") return roots;
      const keyStart = i;
      skipString();
      const name = JSON.parse(text.slice(keyStart, i));
      skipSpace();
      i++; // the colon
      const start = i;
      for (let depth = 0; ; i++) {
        const c = text[i];
        if (c === '"') { skipString(); i--; continue; }
        if (c === "{" || c === "[") depth++;
        else if ((c === "}" || c === "]") && depth-- === 0) break;
        else if (c === "," && depth === 0) break;
      }
      roots.push({ name, text: text.slice(start, i).trim() });
      if (text[i] === ",") i++;
    }
  };

  // describe writes one error like the splice command does: kind, position,
  // message, the source line with a caret under the tag, keys on offer.
  // place is where it is in source, if it is there.
  const describe = (e, source, place) => {
    let s = e.kind + " (" + e.phase + ")";
    if (e.failure === false) s += ", nothing found"; // the engine's word: EmptyData is no failure
    if (e.step) s += " in step " + e.step;
    if (e.at) s += " at " + e.at;
    if (e.line) s += ", line " + (e.doc ? e.doc.line + ":" + e.doc.column + " (in the leaf " + e.line + ":" + e.column + ")" : e.line + ":" + e.column);
    s += ": " + e.message + "\n";
    const line = place && place.line && source.split("\n")[place.line - 1];
    if (typeof line === "string") {
      const text = line.replace(/\r$/, "").replace(/\t/g, " ");
      const prefix = Array.from(text).slice(0, place.column - 1).join("");
      const close = text.indexOf("}}", prefix.length);
      const width = close < 0 ? 1 : Array.from(text.slice(prefix.length, close + 2)).length;
      const gutter = String(place.line);
      s += "  " + gutter + " | " + text + "\n";
      s += "  " + " ".repeat(gutter.length) + " | " + " ".repeat(place.column - 1) + "^".repeat(width) + "\n";
    }
    if (e.available && e.available.length) s += "  available: " + e.available.join(", ") + (e.more ? ", … and " + e.more + " more" : "") + "\n";
    if (e.suggestion) s += "  did you mean " + JSON.stringify(e.suggestion) + "?\n";
    return s;
  };

  // playgroundLink is the one link from a block to the playground: its
  // state as the playground's share links carry it (JSON, raw DEFLATE,
  // base64url without padding, in the fragment #s=), with the version of
  // the engine that rendered it, so that the playground opens it without
  // saying it was made by another engine.
  const playgroundLink = async (playground, state) => {
    const stream = new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    const packed = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    return playground.replace(/#.*$/, "") + "#s=" + packed;
  };

  // rootsScriptOf finds the roots of a block: the first roots script among
  // the siblings after it, before the next block.
  const rootsScriptOf = (block) => {
    for (let n = block.nextElementSibling; n && !n.matches("pre[data-splice]"); n = n.nextElementSibling) {
      if (n.matches("script[data-splice-roots]")) return n;
    }
    return null;
  };

  // errorOf is an error's element, its kind and place in source on it.
  const errorOf = (e, source, place) => {
    const p = el("pre", "splice-error", describe(e, source, place));
    p.dataset.kind = e.kind;
    if (e.step) p.dataset.step = e.step;
    if (place && place.line) Object.assign(p.dataset, { line: place.line, column: place.column });
    return p;
  };

  // brief is a value on one line, cut as the steps pane cuts it.
  const brief = (v) => {
    const s = typeof v === "string" ? v : JSON.stringify(v);
    return s.length > 100 ? s.slice(0, 99) + "…" : s;
  };

  // The results a step writes as another's (a decide step's, as
  // {"branch", "result_of"}) are shown as splice plan shows them.
  const resultOf = (steps, r) => r.result && typeof r.result === "object" && "result_of" in r.result
    ? { branch: r.result.branch, result: (steps[r.result.result_of] || {}).result }
    : r.result;

  // renderPlan writes a plan's run into out: its steps, or the one step
  // data-step names, the solver's output and every error placed in the
  // plan (warnings too), each as the engine gave it.
  const renderPlan = async (splice, block, source, out) => {
    const run = await splice.runPlan(source);
    const only = block.dataset.step;
    const ids = Object.keys(run.steps);
    out.dataset.ok = String(run.errors.length === 0 && (!only || ids.includes(only)));
    if (only && !ids.includes(only)) {
      out.append(el("pre", "splice-error", "data-step: no step " + JSON.stringify(only) + " in this plan"));
    }
    // Columns as splice plan lines them up: a branch step indented under
    // its decide step.
    const indent = (id) => {
      let s = "";
      for (let r = run.steps[id]; r && r.in; r = run.steps[r.in]) s += "  ";
      return s;
    };
    const width = Math.max(0, ...ids.map((id) => indent(id).length + id.length));
    for (const id of ids) {
      const r = run.steps[id];
      if (only && id !== only) continue;
      let what = r.status === "skipped" ? "not taken" : r.blocked_by ? "blocked by " + r.blocked_by : "";
      if ("result" in r) what = only ? JSON.stringify(resultOf(run.steps, r), null, 2) : brief(resultOf(run.steps, r));
      const line = only ? id + "  " + r.form + "  " + r.status : (indent(id) + id).padEnd(width) + "  " + r.form.padEnd(6) + "  " + r.status.padEnd(7) + "  " + what;
      const row = el("pre", "splice-step", line.trimEnd());
      Object.assign(row.dataset, { id, form: r.form, status: r.status });
      if (r.blocked_by) row.dataset.blockedBy = r.blocked_by;
      out.append(row);
      if (only && "result" in r) {
        out.dataset.json = JSON.stringify(r.result);
        out.append(el("pre", "splice-result", what));
      }
    }
    const solver = run.solver;
    if (solver && !only) {
      const shown = "result" in solver ? (typeof solver.result === "string" ? solver.result : JSON.stringify(solver.result, null, 2)) : solver.blocked_by ? "blocked by " + solver.blocked_by : solver.status;
      out.append(el("span", "splice-type", "solver"));
      const result = el("pre", "splice-result", shown);
      result.dataset.status = solver.status;
      if ("result" in solver) out.dataset.json = JSON.stringify(solver.result);
      out.append(result);
    }
    for (const e of run.errors) {
      if (!only || !e.step || e.step === only) out.append(errorOf(e, source, e));
    }
    for (const w of run.warnings) out.append(errorOf({ kind: "Warning", phase: "load", message: w.message, at: w.at, line: w.line, column: w.column }, source, w));
  };

  const renderBlock = async (splice, block) => {
    const mode = { shape: "shape", plan: "plan" }[block.dataset.splice] || "template";
    const source = block.textContent.replace(/\n$/, "");
    const out = el("div", "splice-output");
    if (mode === "plan") {
      block.after(out);
      try {
        if (!splice) throw new Error("the engine did not load");
        await renderPlan(splice, block, source, out);
      } catch (err) {
        out.dataset.ok = "false";
        out.append(el("pre", "splice-error", err.message));
      }
      const engine = splice && splice.engine;
      return openLink(block, out, { v: 2, mode, plan: source, roots: [{ name: "input", text: "{}" }], engine });
    }
    const rootsScript = rootsScriptOf(block);
    const options = {
      later: (block.dataset.later || "").split(/[\s,]+/).filter(Boolean),
      iteration: block.hasAttribute("data-iteration"),
    };
    (rootsScript || block).after(out);

    let roots, result;
    try {
      roots = rootsScript ? rootsOf(rootsScript.textContent) : [];
    } catch (err) {
      out.dataset.ok = "false";
      out.append(el("pre", "splice-error", "roots: " + err.message));
      return;
    }
    try {
      if (!splice) throw new Error("the engine did not load");
      result = await (mode === "shape" ? splice.renderShape(source, roots, options) : splice.render(source, roots, options));
    } catch (err) {
      result = { ok: false, errors: [] };
      out.append(el("pre", "splice-error", err.message));
    }
    out.dataset.ok = String(result.ok);
    if (result.ok) {
      out.dataset.json = result.json;
      out.dataset.type = result.type;
      out.dataset.typed = String(result.typed);
      out.append(el("span", "splice-type", result.type));
      out.append(el("pre", "splice-result", result.display));
    }
    for (const e of result.errors) {
      // A shape leaf's error is placed in the shape's text too (doc), where
      // its line and caret are shown; a root's JSON error is in another text.
      const p = errorOf(e, source, e.doc || (!e.at && e.kind !== "InputError" ? e : null));
      if (!p.dataset.line && e.line) Object.assign(p.dataset, { line: e.line, column: e.column });
      out.append(p);
    }
    return openLink(block, out, { v: 1, mode, [mode]: source, roots, later: options.later, iteration: options.iteration, engine: result.engine });
  };

  // openLink appends the link that opens state in the playground.
  const openLink = async (block, out, state) => {
    if (typeof CompressionStream !== "function") return;
    const link = el("a", "splice-open", "Open in playground");
    const playground = playgroundOf(block.dataset.playground) || defaultPlayground;
    link.href = await playgroundLink(playground, state);
    link.target = "_blank";
    link.rel = "noopener";
    out.append(link);
  };

  // embed renders every block under root that has not been rendered yet.
  const embed = async (root = document) => {
    const blocks = Array.from(root.querySelectorAll("pre[data-splice]:not([data-splice-done])"));
    for (const b of blocks) b.dataset.spliceDone = "";
    let splice = null;
    try {
      splice = await engine;
    } catch (err) {
      console.error(err);
    }
    await Promise.all(blocks.map((b) => renderBlock(splice, b)));
  };

  // splice.embedded settles when the page's blocks are rendered.
  const domReady = document.readyState === "loading"
    ? new Promise((r) => document.addEventListener("DOMContentLoaded", r, { once: true }))
    : Promise.resolve();
  const embedded = domReady.then(() => embed());
  engine.then((splice) => { splice.embed = embed; splice.embedded = embedded; }, () => {});
})();
