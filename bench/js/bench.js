// bench.js measures the engine's JavaScript API against JavaScript
// libraries that do the same work, in the page that loads both: CPU per
// call, each case's contenders interleaved round after round, medians.
// wasm/jsapi_bench_browser_test.go (make bench-js) loads it and prints the
// table; runBench(rounds) returns {cases: [{name, splice, contenders:
// {name: µs}}], memory}.
(() => {
  "use strict";

  const small = { user: { name: "Ada", login: "ada" }, number: 42, title: "Fix the parser", state: "open", comments: 3 };
  const items = Array.from({ length: 50 }, (_, i) => ({ name: "item " + i, state: i % 2 ? "open" : "closed" }));
  // About 1 MB of JSON, the one value the template reads at its end.
  const big = {
    records: Array.from({ length: 4600 }, (_, i) => ({ id: i, title: "record number " + i, tags: ["a", "b", "c"], score: i * 1.5, open: i % 3 === 0, owner: { login: "user" + i } })),
    meta: { owner: { name: "Ada" } },
  };
  const bigText = JSON.stringify(big);

  const shapeLeaves = {
    id: "{{E0.number}}", title: "{{E0.title}}", state: "{{E0.state}}", comments: "{{E0.comments}}",
    label: "PR #{{E0.number}}", headline: "{{E0.title}} ({{E0.state}})",
    author: { name: "{{E0.user.name}}", login: "{{E0.user.login}}", profile: "https://example.com/{{E0.user.login}}" },
    counts: { comments: "{{E0.comments}}", number: "{{E0.number}}" },
    flags: { open: "{{E0.state}}", who: "{{E0.user}}" },
    copy: { a: "{{E0.title}}", b: "{{E0.number}}", c: "{{E0.state}}", d: "{{E0.user.name}}", e: "{{E0.comments}}", f: "by {{E0.user.login}}" },
  };
  const shapeText = JSON.stringify(shapeLeaves);
  const jsonataText = `{
    "id": E0.number, "title": E0.title, "state": E0.state, "comments": E0.comments,
    "label": "PR #" & $string(E0.number), "headline": E0.title & " (" & E0.state & ")",
    "author": {"name": E0.user.name, "login": E0.user.login, "profile": "https://example.com/" & E0.user.login},
    "counts": {"comments": E0.comments, "number": E0.number},
    "flags": {"open": E0.state, "who": E0.user},
    "copy": {"a": E0.title, "b": E0.number, "c": E0.state, "d": E0.user.name, "e": E0.comments, "f": "by " & E0.user.login}
  }`;

  const mixed = "PR #{{E0.number}} by {{E0.user.login}}: {{E0.title}} ({{E0.state}}, {{E0.comments}} comments)";
  const handlebarsCache = new Map();
  const handlebars = (template, view) => {
    let t = handlebarsCache.get(template);
    if (!t) handlebarsCache.set(template, t = Handlebars.compile(template));
    return t(view);
  };
  const jsonataExpr = jsonata(jsonataText);
  const lastFlags = { E0: { items: items.map((it, i) => ({ ...it, last: i === items.length - 1 })) } };
  // changing gives list again at each call, its first element's name
  // counting the calls: data that is not the last call's.
  const changing = (list) => {
    let n = 0;
    return () => {
      const copy = list.slice();
      copy[0] = { ...list[0], name: "item 0 #" + n++ };
      return copy;
    };
  };
  const section = {
    splice: "{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}",
    mustache: "{{#E0.items}}{{name}}{{^last}}, {{/last}}{{/E0.items}}",
    handlebars: "{{#each E0.items}}{{name}}{{#unless @last}}, {{/unless}}{{/each}}",
  };

  // Each case: the engine's call (a promise of its result) and, for each
  // contender, a call giving the same text or value.
  const cases = [
    {
      name: "typed tag {{E0.user.name}}, small object",
      splice: () => splice.render("{{E0.user.name}}", [{ name: "E0", value: small }]),
      want: "Ada",
      contenders: {
        "mustache.js": () => Mustache.render("{{E0.user.name}}", { E0: small }),
        handlebars: () => handlebars("{{E0.user.name}}", { E0: small }),
      },
    },
    {
      name: "mixed text, 5 tags",
      splice: () => splice.render(mixed, [{ name: "E0", value: small }]),
      want: "PR #42 by ada: Fix the parser (open, 3 comments)",
      contenders: {
        "mustache.js": () => Mustache.render(mixed, { E0: small }),
        handlebars: () => handlebars(mixed, { E0: small }),
      },
    },
    {
      name: "section over 50 elements, comma idiom",
      splice: () => splice.render(section.splice, [{ name: "E0", value: { items } }]),
      want: items.map((it) => it.name).join(", "),
      contenders: {
        "mustache.js": () => Mustache.render(section.mustache, lastFlags),
        handlebars: () => handlebars(section.handlebars, { E0: { items } }),
      },
    },
    // Each call gives data the last call did not: the engine parses the
    // root again, as for a page that edits its data.
    {
      name: "section over 50 elements, other data each call",
      splice: ((next) => () => splice.render(section.splice, [{ name: "E0", value: { items: next() } }]))(changing(items)),
      want: ["item 0 #0", ...items.slice(1).map((it) => it.name)].join(", "),
      contenders: {
        "mustache.js": ((next) => () => Mustache.render(section.mustache, { E0: { items: next() } }))(changing(lastFlags.E0.items)),
        handlebars: ((next) => () => handlebars(section.handlebars, { E0: { items: next() } }))(changing(items)),
      },
    },
    {
      name: "one lookup in a 1 MB root, as text",
      splice: () => splice.render("{{E0.meta.owner.name}}", [{ name: "E0", text: bigText }]),
      want: "Ada",
      contenders: {
        "JSON.parse + mustache.js": () => Mustache.render("{{E0.meta.owner.name}}", { E0: JSON.parse(bigText) }),
      },
    },
    {
      name: "one lookup in a 1 MB root, as a value",
      splice: () => splice.render("{{E0.meta.owner.name}}", [{ name: "E0", value: big }]),
      want: "Ada",
      contenders: {
        "JSON.parse + mustache.js": () => Mustache.render("{{E0.meta.owner.name}}", { E0: JSON.parse(bigText) }),
      },
    },
    {
      name: "20-leaf shape → JSON",
      splice: () => splice.renderShape(shapeText, [{ name: "E0", value: small }]),
      wantJSON: true,
      contenders: {
        JSONata: async () => JSON.stringify(await jsonataExpr.evaluate({ E0: small })),
      },
    },
  ];

  let sink = 0;
  // perCall times n calls of f, awaited one after the other, in µs per call.
  const perCall = async (f, n) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const r = f();
      sink += (r instanceof Promise ? await r : r).length || 1;
    }
    return (performance.now() - start) * 1000 / n;
  };
  // batchOf is how many calls of f take about 20 ms, past the timer's
  // coarseness.
  const batchOf = async (f) => {
    let n = 1;
    while (n < 1 << 20 && await perCall(f, n) * n < 20000) n *= 2;
    return n;
  };
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };

  // check makes sure every contender gives what the engine gives.
  const check = async (c) => {
    const r = await c.splice();
    if (!r.ok) throw new Error(c.name + ": the engine failed: " + JSON.stringify(r.errors));
    for (const [name, f] of Object.entries(c.contenders)) {
      const got = await f();
      const same = c.wantJSON ? JSON.stringify(JSON.parse(r.json)) === got : r.text === c.want && got === c.want;
      if (!same) throw new Error(c.name + ": " + name + " gives " + String(got).slice(0, 200) + ", the engine " + String(r.json).slice(0, 200));
    }
  };

  // wasmMemory is the engine's memory, caught as the page instantiates it:
  // the API does not hand it out.
  const instances = [];
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
      const r = await original.apply(WebAssembly, args);
      instances.push(r.instance || r);
      return r;
    };
  }
  const wasmMemory = () => (instances[0] && instances[0].exports.mem ? instances[0].exports.mem.buffer.byteLength : 0);

  // warmUp runs f for about ms: the engine's code, like the libraries',
  // is compiled again, optimized, once it has run for a while.
  const warmUp = async (f, ms) => {
    for (const end = performance.now() + ms; performance.now() < end;) await perCall(f, 10);
  };

  // measure is a case's CPU per call, the engine's and its contenders',
  // interleaved round after round, medians.
  const measure = async (c, rounds) => {
    const runners = { splice: c.splice, ...c.contenders };
    const batches = {};
    for (const [name, f] of Object.entries(runners)) batches[name] = await batchOf(f);
    const samples = Object.fromEntries(Object.keys(runners).map((n) => [n, []]));
    for (let r = 0; r < rounds; r++) {
      for (const [name, f] of Object.entries(runners)) samples[name].push(await perCall(f, batches[name]));
    }
    const medians = Object.fromEntries(Object.entries(samples).map(([n, s]) => [n, median(s)]));
    const { splice: engine, ...contenders } = medians;
    return { name: c.name, splice: engine, contenders };
  };

  // runBench(rounds, planText): planText, a plan document (the 30-step
  // plan of internal/benchdata), is run last, by runPlan: it loads
  // engine-full.wasm, which then answers every call, so that the other
  // cases are measured on the small engine before it.
  globalThis.runBench = async (rounds, planText) => {
    await splice.ready;
    for (const c of cases) {
      await check(c);
      for (const f of [c.splice, ...Object.values(c.contenders)]) await warmUp(f, 500);
    }
    const results = [];
    for (const c of cases) results.push(await measure(c, rounds));
    // Memory over many calls of the first case: what it is every 50,000.
    const memory = [wasmMemory()];
    for (let i = 0; i < 4; i++) {
      await perCall(cases[0].splice, 50000);
      memory.push(wasmMemory());
    }
    if (planText) {
      const plan = { name: "30-step plan, runPlan (full engine)", splice: () => splice.runPlan(planText), contenders: {} };
      const run = await plan.splice();
      if (run.errors.length || run.solver.status !== "ok") throw new Error(plan.name + ": " + JSON.stringify(run.errors).slice(0, 200));
      await warmUp(plan.splice, 500);
      results.push(await measure(plan, rounds));
    }
    return { cases: results, memory, sink };
  };
})();
