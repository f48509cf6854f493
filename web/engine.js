// engine.js loads the Splice engine (engine.wasm beside this file) and
// defines globalThis.splice: render, renderShape, runTool, check, version,
// and ready, a promise that resolves to splice once the engine runs.
//
//   <script src="/web/engine.js"></script>
//   <script>splice.ready.then(s => console.log(s.render("{{input.a}}", [{name: "input", value: {a: 1}}])))</script>
//
// wasm_exec.js (Go's loader) is fetched from beside this file when the page
// has not loaded it already. data-wasm on the script tag overrides where
// engine.wasm is. Nothing is fetched from any other place.
(() => {
  "use strict";
  if (globalThis.splice && globalThis.splice.ready) return;

  const script = document.currentScript;
  const base = script && script.src ? new URL(".", script.src) : new URL("/web/", location.href);
  const wasmURL = new URL((script && script.dataset.wasm) || "engine.wasm", base);

  let resolve, reject;
  const splice = { ready: new Promise((res, rej) => { resolve = res; reject = rej; }) };
  globalThis.splice = splice;

  const loadScript = (src) => new Promise((res, rej) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = res;
    s.onerror = () => rej(new Error("splice: cannot load " + src));
    document.head.appendChild(s);
  });

  const instantiate = async (go) => {
    const response = await fetch(wasmURL);
    if (!response.ok) throw new Error("splice: cannot load " + wasmURL + ": " + response.status);
    if ((response.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      return WebAssembly.instantiateStreaming(response, go.importObject);
    }
    return WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
  };

  const start = async () => {
    if (typeof globalThis.Go !== "function") await loadScript(new URL("wasm_exec.js", base).href);
    const go = new globalThis.Go();
    const { instance } = await instantiate(go);
    // run executes main up to its final wait, so the functions are in place
    // when it returns; the promise it returns settles only if the module exits.
    go.run(instance);
    if (typeof splice.render !== "function") throw new Error("splice: engine.wasm did not start");
    // A Go callback cannot throw: a misuse comes back as an Error, thrown here.
    for (const name of ["render", "renderShape", "runTool", "check"]) {
      const call = splice[name];
      splice[name] = (...args) => {
        const result = call(...args);
        if (result instanceof Error) throw result;
        return result;
      };
    }
    resolve(splice);
  };
  start().catch(reject);
})();
