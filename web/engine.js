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
// loaded it already. Nothing is fetched from any other place.
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

  const instantiate = async (url, go) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error("splice: cannot load " + url + ": " + response.status);
    if ((response.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      return WebAssembly.instantiateStreaming(response, go.importObject);
    }
    return WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
  };

  // load runs one build and returns its functions. The module puts them on
  // globalThis.splice, which is the module's own object while it starts.
  const load = async (url) => {
    if (typeof globalThis.Go !== "function") await (goLoader ||= loadScript(new URL("wasm_exec.js", base).href));
    const go = new globalThis.Go();
    const { instance } = await instantiate(url, go);
    const engine = {};
    globalThis.splice = engine;
    try {
      // run executes main up to its final wait, so the functions are in
      // place when it returns; the promise it returns settles only if the
      // module exits.
      go.run(instance);
    } finally {
      globalThis.splice = splice;
    }
    if (typeof engine.render !== "function") throw new Error("splice: " + url + " did not start");
    return engine;
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

  const isJSON = (text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  // needsFull tells, from the arguments alone, a call only the full engine
  // answers: a tool, a plan, or a shape whose text is not JSON.
  const needsFull = (name, [source, , options]) => {
    const mode = name === "check" ? options && options.mode : name;
    return mode === "runTool" || mode === "tool" || mode === "runPlan" ||
      (mode === "renderShape" || mode === "shape") && typeof source === "string" && !isJSON(source);
  };
  const answeredByFull = (result) => result.errors.some((e) => e.message === needsFullMessage);

  // The page's values reach the engine as JSON text written here, and its
  // other arguments as plain copies: the engine never runs the page's code
  // (a getter that throws inside Go would stop it), and what is of the wrong
  // type it reports itself.
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
  const copyArray = (a, where, copy = (v) => v) =>
    Array.from({ length: get(a, "length", where + ".length") }, (_, i) => copy(get(a, i, `${where}[${i}]`), `${where}[${i}]`));

  // maxDepth is the engine's bound on JSON nesting (template.MaxJSONDepth).
  const maxDepth = 512;

  // jsonText writes value as JSON.stringify does (toJSON is called, so a
  // Date is its ISO string; undefined properties are left out; holes and
  // undefined in arrays are null; -0 is 0), except that what it would drop,
  // change or choke on is a TypeError saying where: a BigInt, a Symbol, a
  // function, NaN or ±Infinity, a cycle, nesting deeper than the engine
  // reads, an object other than a plain one or an array (Map, Set, typed
  // arrays, ArrayBuffer...), a getter or proxy that throws.
  const jsonText = (value, where) => {
    const keys = []; // the path from value to what is being written
    const open = new Map(); // the objects being written, to where they are
    const at = (n = keys.length) => where + keys.slice(0, n).map((k) =>
      typeof k === "number" ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? "." + k : `[${JSON.stringify(k)}]`).join("");
    const write = (v, key) => {
      if (isObject(v)) {
        const toJSON = get(v, "toJSON", at);
        if (typeof toJSON === "function") v = guard(at, () => toJSON.call(v, String(key)));
      }
      switch (typeof v) {
        case "string":
          return JSON.stringify(v);
        case "boolean":
          return String(v);
        case "number":
          if (!Number.isFinite(v)) throw misuse(at(), v + " is not JSON");
          return JSON.stringify(v);
        case "bigint":
          throw misuse(at(), "BigInt is not JSON");
        case "symbol":
          throw misuse(at(), "Symbol is not JSON");
        case "function":
          throw misuse(at(), "a function is not JSON");
        case "undefined":
          throw misuse(at(), "undefined is not JSON");
      }
      if (v === null) return "null";
      if (open.has(v)) throw misuse(at(), "a cycle: it is " + at(open.get(v)));
      if (open.size === maxDepth) throw misuse(where, "nested deeper than " + maxDepth + " levels");
      const array = isArray(v, at);
      const tag = guard(at, () => Object.prototype.toString.call(v).slice(8, -1));
      if (!array && tag !== "Object") throw misuse(at(), tag + " is not JSON");
      open.set(v, keys.length);
      const parts = [];
      if (array) {
        const length = get(v, "length", at);
        for (let i = 0; i < length; i++) {
          keys.push(i);
          const e = get(v, i, at);
          parts.push(e === undefined ? "null" : write(e, i));
          keys.pop();
        }
      } else {
        for (const k of guard(at, () => Object.keys(v))) {
          keys.push(k);
          const e = get(v, k, at);
          if (e !== undefined) parts.push(JSON.stringify(k) + ":" + write(e, k));
          keys.pop();
        }
      }
      open.delete(v);
      return array ? "[" + parts.join(",") + "]" : "{" + parts.join(",") + "}";
    };
    return write(value, "");
  };

  const copyRoot = (r, where) => {
    // A name (in check) or what the engine reports as not a root.
    if (!isObject(r) || isArray(r, where)) return r;
    const root = { name: get(r, "name", where + ".name"), text: get(r, "text", where + ".text") };
    if (root.text === undefined) {
      const value = get(r, "value", where + ".value");
      if (value !== undefined) root.text = jsonText(value, where + ".value");
    }
    return root;
  };

  const copyOptions = (options) => {
    if (!isObject(options) || isArray(options, "options")) return options;
    const later = get(options, "later", "options.later");
    const branch = get(options, "branchSteps", "options.branchSteps");
    const plain = isObject(branch) && !isArray(branch, "options.branchSteps");
    return {
      later: isArray(later, "options.later") ? copyArray(later, "options.later") : later,
      branchSteps: plain ? Object.fromEntries(guard("options.branchSteps", () => Object.keys(branch))
        .map((id) => [id, get(branch, id, "options.branchSteps." + id)])) : branch,
      iteration: get(options, "iteration", "options.iteration"),
      mode: get(options, "mode", "options.mode"),
    };
  };

  // prepare is what the engine is called with for a call's arguments.
  const prepare = (name, args) => {
    const [source, roots, options] = args;
    if (name === "runTool") {
      const call = args[1];
      return [source, call === undefined || typeof call === "string" ? call : jsonText(call, "call")];
    }
    if (name === "runPlan") return [isObject(source) ? jsonText(source, "plan") : source];
    const shape = name === "renderShape" && isObject(source) ? jsonText(source, "shape") : source;
    return [shape, isArray(roots, "roots") ? copyArray(roots, "roots", copyRoot) : roots, copyOptions(options)];
  };

  // call runs a function in the full engine once it is loaded or needed, in
  // the small one otherwise, and there again when the small one says it
  // needs the full one. A Go callback cannot throw: a misuse comes back as
  // an Error, which rejects.
  const call = async (name, args) => {
    args = prepare(name, args);
    await splice.ready;
    const engine = full || (needsFull(name, args) ? await loadFull() : lite);
    let result = engine[name](...args);
    if (!(result instanceof Error) && engine === lite && answeredByFull(result)) {
      result = (await loadFull())[name](...args);
    }
    if (result instanceof Error) throw result;
    return name === "runPlan" ? JSON.parse(result.json) : result;
  };
  for (const name of functions) splice[name] = (...args) => call(name, args);

  splice.ready = load(liteURL).then((engine) => {
    lite = engine;
    splice.version = engine.version;
    return splice;
  });
})();
