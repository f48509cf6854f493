// embed.js renders the Splice examples of a docs page with the real engine.
//
//   <pre data-splice>Hello {{input.name}}</pre>
//   <script type="application/json" data-splice-roots>{"input": {"name": "Ada"}}</script>
//   <script src="/web/embed.js" defer></script>
//
// Every <pre data-splice> block is a template (data-splice="shape": a shape).
// Its roots are the JSON object in the next <script data-splice-roots> before
// the next block: root name to value, in step order. data-later="E8 E9" names
// steps that run later; data-iteration puts the block in an iteration body.
// After the block comes its result as the playground shows it, or its
// errors with line, column and a caret under the tag, and an "Open in playground"
// link that carries the block as a share link. data-playground (on the block or on this script
// tag) is the playground's address, http: or https: (or relative to the
// page); it defaults to the site serving this file.
//
// Everything is inserted as text, never as HTML, and nothing is fetched but
// engine.js and engine.wasm from beside this file, and
// engine-full.wasm for a shape written in YAML.
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
  const describe = (e, source) => {
    let s = e.kind + " (" + e.phase + ")";
    if (!e.failure) s += ", nothing found"; // the engine's word: EmptyData is no failure
    if (e.at) s += " at " + e.at;
    // A shape leaf's error is placed in the shape's text too (doc), where
    // its line and caret are shown; a root's JSON error is in another text.
    const place = e.doc || (!e.at && e.kind !== "InputError" ? e : null);
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
    if (e.available.length) s += "  available: " + e.available.join(", ") + (e.more ? ", … and " + e.more + " more" : "") + "\n";
    if (e.suggestion) s += "  did you mean " + JSON.stringify(e.suggestion) + "?\n";
    return s;
  };

  // playgroundLink is the one link from a block to the playground: its
  // state as the playground's share links carry it (JSON, raw DEFLATE,
  // base64url without padding, in the fragment #s=), with the version of
  // the engine that rendered it, so that the playground opens it without
  // saying it was made by another engine.
  const playgroundLink = async (playground, mode, source, roots, options, engineVersion) => {
    const state = { v: 1, mode, [mode]: source, roots, later: options.later, iteration: options.iteration, engine: engineVersion };
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

  const renderBlock = async (splice, block) => {
    const mode = block.dataset.splice === "shape" ? "shape" : "template";
    const source = block.textContent.replace(/\n$/, "");
    const rootsScript = rootsScriptOf(block);
    const options = {
      later: (block.dataset.later || "").split(/[\s,]+/).filter(Boolean),
      iteration: block.hasAttribute("data-iteration"),
    };
    const out = el("div", "splice-output");
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
      const p = el("pre", "splice-error", describe(e, source));
      p.dataset.kind = e.kind;
      const place = e.doc || e; // a shape leaf's error: its place in the shape
      if (place.line) Object.assign(p.dataset, { line: place.line, column: place.column });
      out.append(p);
    }

    if (typeof CompressionStream !== "function") return;
    const link = el("a", "splice-open", "Open in playground");
    const playground = playgroundOf(block.dataset.playground) || defaultPlayground;
    link.href = await playgroundLink(playground, mode, source, roots, options, result.engine);
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
