// engine.js loads the Splice engine and defines globalThis.splice: render,
// renderShape, runTool, check (each returns a promise of its result object),
// version, and ready, a promise that resolves to splice once the engine runs.
//
//   <script src="/web/engine.js"></script>
//   <script>splice.render("{{input.a}}", [{name: "input", value: {a: 1}}]).then(console.log)</script>
//
// Two builds of the engine sit beside this file. engine.wasm, the small one,
// does templates and shapes given as JSON or objects. engine-full.wasm adds
// YAML and tools: it is fetched once, by the first call that needs it
// (runTool, a shape in YAML), and then serves every call. data-wasm and
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
  const functions = ["render", "renderShape", "runTool", "check"];
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
  // answers: a tool, or a shape whose text is not JSON.
  const needsFull = (name, [source, , options]) => {
    const mode = name === "check" ? options && options.mode : name;
    return mode === "runTool" || mode === "tool" ||
      (mode === "renderShape" || mode === "shape") && typeof source === "string" && !isJSON(source);
  };
  const answeredByFull = (result) => result.errors.some((e) => e.message === needsFullMessage);

  // call runs a function in the full engine once it is loaded or needed, in
  // the small one otherwise, and there again when the small one says it
  // needs the full one. A Go callback cannot throw: a misuse comes back as
  // an Error, which rejects.
  const call = async (name, args) => {
    await splice.ready;
    const engine = full || (needsFull(name, args) ? await loadFull() : lite);
    let result = engine[name](...args);
    if (!(result instanceof Error) && engine === lite && answeredByFull(result)) {
      result = (await loadFull())[name](...args);
    }
    if (result instanceof Error) throw result;
    return result;
  };
  for (const name of functions) splice[name] = (...args) => call(name, args);

  splice.ready = load(liteURL).then((engine) => {
    lite = engine;
    splice.version = engine.version;
    return splice;
  });
})();
