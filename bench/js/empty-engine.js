// The least a page does to run a Go program and have its first answer, as
// engine.js starts the engine: the module fetched and compiled while Go's
// loader runs (wasm_exec.js, written in at its marker as in engine.js),
// then go.run and one call of its export. make bench-js loads it, beside
// them, with wasm/testdata/emptyengine as app.wasm.
(() => {
  "use strict";
  const base = new URL(".", document.currentScript.src);
  const compiled = fetch(new URL("app.wasm", base)).then((response) => WebAssembly.compileStreaming(response));
  (function () {
/* wasm_exec.js */
  })();
  compiled.then(async (module) => {
    const go = new globalThis.Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    go.run(instance);
    if (instance.exports.answer() !== 42) throw new Error("the empty program answered wrong");
    window.__ready = performance.now();
  });
})();
