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
  // response. A request is the call's strings, UTF-8, and a header that
  // says what they are (wasm/wire.go): the module reads them where they are
  // written.
  const engineOf = (exports) => {
    let bytes = new Uint8Array(exports.mem.buffer);
    // Growing the memory detaches the views of it.
    const memory = () => bytes.buffer === exports.mem.buffer ? bytes : (bytes = new Uint8Array(exports.mem.buffer));
    return (name, args) => {
      const texts = [];
      const values = "t" + (texts.push(name) - 1) + ";" + wire(args, texts);
      // UTF-8 takes at most 3 bytes for each UTF-16 unit; the header's
      // lengths at most 11 characters each.
      let room = values.length + 11 * (texts.length + 1);
      for (const t of texts) room += 3 * t.length;
      if (room > 0x7fffffff) throw new Error("splice: the call's arguments are too large");
      const at = exports.requestBuffer(room) >>> 0; // an address, unsigned
      let mem = memory();
      let size = 0;
      let lengths = texts.length + ";";
      for (const t of texts) {
        const { written } = encoder.encodeInto(t, mem.subarray(at + size, at + room));
        size += written;
        lengths += written + ";";
      }
      const header = encoder.encodeInto(lengths + values, mem.subarray(at + size, at + room)).written;
      const length = exports.call(size + header, header);
      const from = exports.response() >>> 0;
      mem = memory();
      return JSON.parse(decoder.decode(mem.subarray(from, from + length)));
    };
  };

  // OfType is an argument the engine reads only the type of.
  class OfType {
    constructor(code) {
      this.code = code;
    }
  }
  const typeCodes = { undefined: "u", number: "#", bigint: "B", symbol: "S", function: "f", object: "o", array: "a" };

  // wire writes arguments as a request's header does, each string as one of
  // texts. Its objects and arrays are prepare's, never the page's.
  const wire = (v, texts) => {
    switch (typeof v) {
      case "string":
        return "t" + (texts.push(v) - 1) + ";";
      case "boolean":
        return v ? "T" : "F";
      case "number":
        return "#";
    }
    if (v === null) return "n";
    if (v instanceof OfType) return v.code;
    if (Array.isArray(v)) return "[" + v.length + ";" + v.map((e) => wire(e, texts)).join("");
    const keys = Object.keys(v);
    return "{" + keys.length + ";" + keys.map((k) => wire(k, texts) + wire(v[k], texts)).join("");
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
  // keyPath is how a key shows in a path: .name, [0], ["a b"].
  const keyPath = (key, index) => index ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? "." + key : `[${JSON.stringify(key)}]`;

  // jsonText is JSON.stringify(value), once value is read through and found
  // to hold nothing it would drop, change or choke on; what it holds of that
  // is a TypeError saying where: a BigInt, a Symbol, a function, NaN or
  // ±Infinity, a cycle, nesting deeper than the engine reads, an object
  // other than a plain one or an array (Map, Set, typed arrays,
  // ArrayBuffer...), a getter, toJSON or proxy that throws. As there, toJSON
  // is called (a Date is its ISO string), undefined properties are left out,
  // holes and undefined in arrays are null, -0 is 0.
  const jsonText = (value, where) => {
    const keys = []; // the path from value to what is being read
    const open = new Map(); // the objects being read, to where they are
    const at = (n = keys.length) => where + keys.slice(0, n).map((k) => keyPath(k, typeof k === "number")).join("");
    const ours = new Set(); // the errors this check throws
    const fail = (place, message) => {
      const err = misuse(place, message);
      ours.add(err);
      return err;
    };
    const check = (v) => {
      if (typeof v === "object" && v !== null && typeof v.toJSON === "function") {
        v = v.toJSON(String(keys.length ? keys[keys.length - 1] : ""));
      }
      switch (typeof v) {
        case "string":
        case "boolean":
          return;
        case "number":
          if (!Number.isFinite(v)) throw fail(at(), v + " is not JSON");
          return;
        case "bigint":
          throw fail(at(), "BigInt is not JSON");
        case "symbol":
          throw fail(at(), "Symbol is not JSON");
        case "function":
          throw fail(at(), "a function is not JSON");
        case "undefined":
          throw fail(at(), "undefined is not JSON");
      }
      if (v === null) return;
      if (open.has(v)) throw fail(at(), "a cycle: it is " + at(open.get(v)));
      if (open.size === maxDepth) throw fail(where, "nested deeper than " + maxDepth + " levels");
      const array = Array.isArray(v);
      if (!array) {
        const tag = Object.prototype.toString.call(v).slice(8, -1);
        if (tag !== "Object") throw fail(at(), tag + " is not JSON");
      }
      open.set(v, keys.length);
      if (array) {
        for (let i = 0, n = v.length; i < n; i++) {
          keys.push(i);
          const e = v[i];
          if (e !== undefined) check(e);
          keys.pop();
        }
      } else {
        for (const k of Object.keys(v)) {
          keys.push(k);
          const e = v[k];
          if (e !== undefined) check(e);
          keys.pop();
        }
      }
      open.delete(v);
    };
    try {
      check(value);
    } catch (err) {
      if (ours.has(err)) throw err;
      throw misuse(at(), "reading it threw: " + reason(err));
    }
    // The page's code has run once already; should it give otherwise now,
    // that is said too.
    const text = guard(where, () => JSON.stringify(value));
    if (typeof text !== "string") throw misuse(where, "it changed while it was read");
    return text;
  };

  // scalar is an argument as the engine reads it: a string, a boolean,
  // null or a number as it is, anything else as its type.
  const scalar = (v) => {
    switch (typeof v) {
      case "string":
      case "boolean":
        return v;
      case "number":
        return Number.isFinite(v) ? v : new OfType("#");
      case "object":
        if (v === null) return v;
        try {
          return new OfType(Array.isArray(v) ? "a" : "o");
        } catch {
          return new OfType("o"); // a revoked proxy
        }
    }
    return new OfType(typeCodes[typeof v]);
  };

  const copyRoot = (r, where) => {
    // A name (in check) or what the engine reports as not a root.
    if (!isObject(r) || isArray(r, where)) return scalar(r);
    const root = { name: scalar(get(r, "name", where + ".name")) };
    const text = get(r, "text", where + ".text");
    if (text !== undefined) {
      root.text = scalar(text);
    } else {
      const value = get(r, "value", where + ".value");
      if (value !== undefined) root.text = jsonText(value, where + ".value");
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

  // prepare makes the arguments the engine is called with, and tells
  // whether only the full engine answers the call (a tool, a plan).
  const prepare = (name, args) => {
    const [source, second, options] = args; // second: the roots, or a tool's call
    switch (name) {
      case "runTool":
        return { args: [scalar(source), second === undefined || typeof second === "string" ? scalar(second) : jsonText(second, "call")], full: true };
      case "runPlan":
        return { args: [isObject(source) ? jsonText(source, "plan") : scalar(source)], full: true };
    }
    const shape = name === "renderShape" && isObject(source) ? jsonText(source, "shape") : scalar(source);
    const roots = isArray(second, "roots") ? Array.from({ length: get(second, "length", "roots.length") }, (_, i) => copyRoot(get(second, i, `roots[${i}]`), `roots[${i}]`)) : scalar(second);
    const opts = copyOptions(options);
    return { args: [shape, roots, opts], full: name === "check" && opts.mode === "tool" };
  };

  const outcome = (name, result) => {
    if (result.error) throw new (result.error === "TypeError" ? TypeError : Error)(result.message);
    return name === "runPlan" ? JSON.parse(result.json) : result;
  };

  // call runs a function in the full engine once it is loaded or needed, in
  // the small one otherwise, and there again when the small one says it
  // needs the full one (a shape in YAML).
  const call = async (name, args) => {
    const { args: request, full: needsFull } = prepare(name, args);
    if (!lite) await splice.ready;
    const engine = full || (needsFull ? await loadFull() : lite);
    let result = engine(name, request);
    if (engine === lite && answeredByFull(result)) result = (await loadFull())(name, request);
    return outcome(name, result);
  };
  for (const name of functions) splice[name] = (...args) => call(name, args);

  splice.ready = load(liteURL, liteModule).then((engine) => {
    lite = engine;
    splice.version = engine("version", []).version;
    return splice;
  });
})();
