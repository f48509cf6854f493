// engine.js loads the Splice engine and defines globalThis.splice: render,
// renderShape, runTool, check (each returns a promise of its result object),
// runPlan (a promise of {steps, solver, errors}, as `splice plan --json`
// prints them), version, and ready, a promise that resolves to splice once
// the engine runs.
//
//   <script src="/web/engine.js"></script>
//   <script>splice.render("{{input.a}}", [{name: "input", value: {a: 1}}]).then(console.log)</script>
//
// Two builds of the engine sit beside this file. engine.wasm, the small one,
// does templates and shapes given as JSON or objects. engine-full.wasm adds
// YAML and tools: it is fetched once, by the first call that needs it
// (runTool, runPlan, a shape in YAML), and then serves every call. data-wasm and
// data-wasm-full on the script tag override where they are. wasm_exec.js
// (Go's loader) is fetched from beside this file when the page has not
// loaded it already, while engine.wasm is fetched and compiled. Nothing is
// fetched from any other place.
//
// A call crosses into the engine once: its arguments are written into the
// module's memory as one request, the page's values as JSON text (see
// wasm/wire.go), and its result comes back as one JSON response. The engine
// keeps the templates, shapes and roots' texts it has parsed for the calls
// that give them again.
(() => {
  "use strict";
  if (globalThis.splice && globalThis.splice.ready) return;

  const script = document.currentScript;
  const base = script && script.src ? new URL(".", script.src) : new URL("/web/", location.href);
  const liteURL = new URL((script && script.dataset.wasm) || "engine.wasm", base);
  const fullURL = new URL((script && script.dataset.wasmFull) || "engine-full.wasm", base);
  const functions = ["render", "renderShape", "runTool", "check", "runPlan"];
  // What the small engine answers for what only the full one does.
  const needsFullMessage = "YAML needs the full engine (engine-full.wasm)";

  // The small engine is fetched and compiled from the start, while
  // wasm_exec.js loads.
  const compile = (url) => fetch(url).then((response) => {
    if (!response.ok) throw new Error("splice: cannot load " + url + ": " + response.status);
    if ((response.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      return WebAssembly.compileStreaming(response);
    }
    return response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
  });
  const liteModule = compile(liteURL);
  liteModule.catch(() => {}); // load reports it

  const splice = {};
  globalThis.splice = splice;

  const loadScript = (src) => new Promise((res, rej) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = res;
    s.onerror = () => rej(new Error("splice: cannot load " + src));
    document.head.appendChild(s);
  });
  let goLoader;
  const goReady = () => goLoader ||= typeof globalThis.Go === "function"
    ? Promise.resolve()
    : loadScript(new URL("wasm_exec.js", base).href);

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // engineOf is the function that sends a request to a running module
  // (requestBuffer, call and response: wasm/exports.go) and returns its
  // response. A request is {texts, args}: args as JSON, where {"\u0000": i}
  // is texts[i], which the module reads where they are written.
  const engineOf = (exports) => {
    let bytes = new Uint8Array(exports.mem.buffer);
    // Growing the memory detaches the views of it.
    const memory = () => bytes.buffer === exports.mem.buffer ? bytes : (bytes = new Uint8Array(exports.mem.buffer));
    return (name, { texts, args }) => {
      const argsJSON = JSON.stringify(args);
      // UTF-8 takes at most 3 bytes for each UTF-16 unit; the header's
      // text lengths at most 11 characters each.
      let room = 3 * (argsJSON.length + 40 + 11 * texts.length);
      for (const t of texts) room += 3 * t.length;
      if (room > 0x7fffffff) throw new Error("splice: the call's arguments are too large");
      const at = exports.requestBuffer(room);
      let mem = memory();
      let size = 0;
      const lengths = texts.map((t) => {
        const { written } = encoder.encodeInto(t, mem.subarray(at + size, at + room));
        size += written;
        return written;
      });
      const header = encoder.encodeInto(`{"fn":"${name}","texts":[${lengths}],"args":${argsJSON}}`, mem.subarray(at + size, at + room)).written;
      const length = exports.call(size + header, header);
      const from = exports.response();
      mem = memory();
      return JSON.parse(decoder.decode(mem.subarray(from, from + length)));
    };
  };

  // load runs one build and returns its engine.
  const load = async (url, module = compile(url)) => {
    const [compiled] = await Promise.all([module, goReady()]);
    const go = new globalThis.Go();
    const instance = await WebAssembly.instantiate(compiled, go.importObject);
    // run executes main up to its final wait, so the exports answer when it
    // returns; the promise it returns settles only if the module exits.
    go.run(instance);
    if (go.exited || typeof instance.exports.call !== "function") throw new Error("splice: " + url + " did not start");
    return engineOf(instance.exports);
  };

  // lite is the small engine once it runs, full the full one once it runs;
  // a failed load of the full one is tried again by the next call.
  let lite, full, fullLoading;
  const loadFull = () => fullLoading ||= load(fullURL).then(
    (engine) => (full = engine),
    (err) => {
      fullLoading = undefined;
      throw err;
    });
  const answeredByFull = (result) => Array.isArray(result.errors) && result.errors.some((e) => e.message === needsFullMessage);

  // The page's values reach the engine as JSON text written here, and its
  // other arguments as plain copies: the engine never runs the page's code,
  // and what is of the wrong type it reports itself.
  const misuse = (where, message) => new TypeError("splice: " + where + ": " + message);
  const isObject = (v) => typeof v === "object" && v !== null;
  const reason = (err) => {
    try {
      return String(err instanceof Error ? err.message : err);
    } catch {
      return "an exception";
    }
  };
  // guard runs f, which reads the page's objects; where names what is read,
  // or is a function that does, called only if f throws.
  const guard = (where, f) => {
    try {
      return f();
    } catch (err) {
      throw misuse(typeof where === "function" ? where() : where, "reading it threw: " + reason(err));
    }
  };
  const get = (object, key, where) => guard(where, () => object[key]);
  const isArray = (v, where) => guard(where, () => Array.isArray(v));

  // maxDepth is the engine's bound on JSON nesting (template.MaxJSONDepth).
  const maxDepth = 512;
  const keyPath = (key, inArray) => inArray ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? "." + key : `[${JSON.stringify(key)}]`;

  // jsonText is JSON.stringify(value), except that what it would drop,
  // change or choke on is a TypeError saying where: a BigInt, a Symbol, a
  // function, NaN or ±Infinity, a cycle, nesting deeper than the engine
  // reads, an object other than a plain one or an array (Map, Set, typed
  // arrays, ArrayBuffer...), a getter, toJSON or proxy that throws. As
  // there, toJSON is called (a Date is its ISO string), undefined
  // properties are left out, holes and undefined in arrays are null, -0 is 0.
  const jsonText = (value, where) => {
    // open are the objects being written, outermost first: each with its
    // key, whether it sits in an array, and how many of its properties
    // JSON.stringify has handed the replacer.
    const open = [];
    const inOpen = new Set();
    let started = false;
    // pathTo is the path of the n-th open object.
    const pathTo = (n) => where + open.slice(1, n).map((e) => keyPath(e.key, e.inArray)).join("");
    const ours = new Set(); // the errors the replacer throws
    const fail = (place, message) => {
      const err = misuse(place, message);
      ours.add(err);
      return err;
    };
    const replacer = function (key, v) {
      let here = () => where;
      if (started) {
        while (open[open.length - 1].value !== this) inOpen.delete(open.pop().value);
        const holder = open[open.length - 1];
        holder.done++;
        here = () => pathTo(open.length) + keyPath(key, holder.array);
      }
      started = true;
      switch (typeof v) {
        case "string":
        case "boolean":
          return v;
        case "number":
          if (!Number.isFinite(v)) throw fail(here(), v + " is not JSON");
          return v;
        case "bigint":
          throw fail(here(), "BigInt is not JSON");
        case "symbol":
          throw fail(here(), "Symbol is not JSON");
        case "function":
          throw fail(here(), "a function is not JSON");
        case "undefined":
          if (open.length === 0) throw fail(where, "undefined is not JSON");
          return v;
      }
      if (v === null) return v;
      if (inOpen.has(v)) throw fail(here(), "a cycle: it is " + pathTo(open.findIndex((e) => e.value === v) + 1));
      if (open.length === maxDepth) throw fail(where, "nested deeper than " + maxDepth + " levels");
      try {
        const array = isArray(v, here);
        const tag = guard(here, () => Object.prototype.toString.call(v).slice(8, -1));
        if (!array && tag !== "Object") throw misuse(here(), tag + " is not JSON");
        open.push({ value: v, key, inArray: open.length > 0 && open[open.length - 1].array, array, done: 0 });
      } catch (err) {
        ours.add(err);
        throw err;
      }
      inOpen.add(v);
      return v;
    };
    try {
      return JSON.stringify(value, replacer);
    } catch (err) {
      if (ours.has(err)) throw err;
      throw misuse(throwingPlace(open, pathTo, where), "reading it threw: " + reason(err));
    }
  };

  // throwingPlace finds where JSON.stringify was reading when the page's
  // code (a getter, toJSON, a proxy's trap) threw: the next property of the
  // innermost open object that has one left, else that object itself.
  const throwingPlace = (open, pathTo, where) => {
    while (open.length > 0) {
      const top = open[open.length - 1];
      let keys;
      try {
        keys = top.array ? null : Object.keys(top.value);
        const count = top.array ? top.value.length : keys.length;
        if (top.done < count) return pathTo(open.length) + keyPath(top.array ? top.done : keys[top.done], top.array);
      } catch {
        return pathTo(open.length);
      }
      open.pop();
    }
    return where;
  };

  // A request's arguments: the page's strings of text and JSON go as texts,
  // and a value of which the engine reads only the type goes as its type.
  const request = () => {
    const texts = [];
    const text = (s) => ({ "\u0000": texts.push(s) - 1 });
    return { texts, text, args: [] };
  };
  const scalar = (v) => {
    switch (typeof v) {
      case "string":
      case "boolean":
        return v;
      case "number":
        if (Number.isFinite(v)) return v;
        break;
      case "object":
        if (v === null) return v;
        try {
          return { "\u0000": Array.isArray(v) ? "array" : "object" };
        } catch {
          return { "\u0000": "object" }; // a revoked proxy
        }
    }
    return { "\u0000": typeof v === "bigint" ? "BigInt" : typeof v === "symbol" ? "Symbol" : typeof v };
  };
  const textOr = (req, v) => typeof v === "string" ? req.text(v) : scalar(v);

  const copyRoot = (req, r, where) => {
    // A name (in check) or what the engine reports as not a root.
    if (!isObject(r) || isArray(r, where)) return scalar(r);
    const root = { name: scalar(get(r, "name", where + ".name")) };
    const text = get(r, "text", where + ".text");
    if (text !== undefined) {
      root.text = textOr(req, text);
    } else {
      const value = get(r, "value", where + ".value");
      if (value !== undefined) root.text = req.text(jsonText(value, where + ".value"));
    }
    return root;
  };

  const copyOptions = (options) => {
    if (!isObject(options) || isArray(options, "options")) return scalar(options);
    const later = get(options, "later", "options.later");
    const branch = get(options, "branchSteps", "options.branchSteps");
    const plain = isObject(branch) && !isArray(branch, "options.branchSteps");
    return {
      later: isArray(later, "options.later")
        ? Array.from({ length: get(later, "length", "options.later.length") }, (_, i) => scalar(get(later, i, `options.later[${i}]`)))
        : scalar(later),
      branchSteps: plain ? Object.fromEntries(guard("options.branchSteps", () => Object.keys(branch))
        .map((id) => [id, scalar(get(branch, id, "options.branchSteps." + id))])) : scalar(branch),
      iteration: scalar(get(options, "iteration", "options.iteration")),
      mode: scalar(get(options, "mode", "options.mode")),
    };
  };

  // prepare makes the request of a call, and tells whether only the full
  // engine answers it (a tool, a plan).
  const prepare = (name, args) => {
    const req = request();
    const [source, second, options] = args; // second: the roots, or a tool's call
    switch (name) {
      case "runTool":
        req.args = [textOr(req, source), second === undefined || typeof second === "string" ? textOr(req, second) : req.text(jsonText(second, "call"))];
        return { req, full: true };
      case "runPlan":
        req.args = [isObject(source) ? req.text(jsonText(source, "plan")) : textOr(req, source)];
        return { req, full: true };
    }
    const shape = name === "renderShape" && isObject(source) ? req.text(jsonText(source, "shape")) : textOr(req, source);
    const roots = isArray(second, "roots") ? Array.from({ length: get(second, "length", "roots.length") }, (_, i) => copyRoot(req, get(second, i, `roots[${i}]`), `roots[${i}]`)) : scalar(second);
    const opts = copyOptions(options);
    req.args = [shape, roots, opts];
    return { req, full: name === "check" && opts.mode === "tool" };
  };

  const outcome = (name, result) => {
    if (result.error) throw new (result.error === "TypeError" ? TypeError : Error)(result.message);
    return name === "runPlan" ? JSON.parse(result.json) : result;
  };

  // call runs a function in the full engine once it is loaded or needed, in
  // the small one otherwise, and there again when the small one says it
  // needs the full one (a shape in YAML).
  const call = async (name, args) => {
    const { req, full: needsFull } = prepare(name, args);
    if (!lite) await splice.ready;
    const engine = full || (needsFull ? await loadFull() : lite);
    let result = engine(name, req);
    if (engine === lite && answeredByFull(result)) result = (await loadFull())(name, req);
    return outcome(name, result);
  };
  for (const name of functions) splice[name] = (...args) => call(name, args);

  splice.ready = load(liteURL, liteModule).then((engine) => {
    lite = engine;
    splice.version = engine("version", { texts: [], args: [] }).version;
    return splice;
  });
})();
