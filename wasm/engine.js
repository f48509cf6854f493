// engine.js loads the Splice engine and defines globalThis.splice: render,
// renderShape, runTool, check (each returns a promise of its result object),
// runPlan (a promise of {steps, solver, errors, warnings}, as `splice plan
// --json` prints them), version (the build's), engine (the engine's version,
// which results name), and ready, a promise that resolves to splice once
// the engine runs. Should the engine ever stop (run out of
// memory, trap), the call it stopped in rejects saying so, and the next
// call starts it again.
//
//   <script src="/web/engine.js"></script>
//   <script>splice.render("{{input.a}}", [{name: "input", value: {a: 1}}]).then(console.log)</script>
//
// From another origin, give the tag crossorigin: engine.wasm's fetch goes
// without cookies, and a browser keeps such requests on connections of
// their own; with it, engine.js comes on the connection the fetch then
// takes.
//
// Two builds of the engine sit beside this file. engine.wasm, the small one,
// does templates and shapes given as JSON or objects. engine-full.wasm adds
// YAML and tools: it is fetched once, by the first call that needs it
// (runTool, runPlan, a shape in YAML), and then serves every call. data-wasm and
// data-wasm-full on the script tag override where they are. Nothing is
// fetched from any other place. Go's loader (its wasm_exec.js) is part of
// this file: make writes web/engine.js from wasm/engine.js with it.
//
// A call crosses into the engine once: its arguments are written into the
// module's memory as one request, the page's values as JSON text (see
// wasm/wire.go), and its result comes back as one response: a result with
// a value as its texts, any other as JSON. The engine keeps the templates,
// shapes and roots' texts it has parsed for the calls that give them again.
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

  // The small engine is fetched and compiled from the start.
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

  // Go's loader runs now, while the engine downloads; should it throw (a
  // browser without what it needs), each load reports it.
  const goLoaded = new Promise((resolve) => resolve(goClass()));
  goLoaded.catch(() => {});

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // writeUTF8 writes s as UTF-8 into mem from at (up to end) and returns
  // how many bytes it took. A short ASCII text is written here, byte by
  // byte: each encodeInto costs a crossing into the browser that a few
  // hundred characters do not.
  const writeUTF8 = (s, mem, at, end) => {
    const n = s.length;
    if (n <= 256) {
      let i = 0;
      for (let c; i < n && (c = s.charCodeAt(i)) < 128; i++) mem[at + i] = c;
      if (i === n) return n;
    }
    return encoder.encodeInto(s, mem.subarray(at, end)).written;
  };

  // engineOf is the function that sends a request to a running module
  // (requestBuffer, call and response: wasm/exports.go) and returns its
  // response. A request is the call's strings, UTF-8, and a header of
  // 32-bit words that says what they are (wasm/wire.go): the module reads
  // them where they are written.
  //
  // A module that traps, runs out of memory or exits (go.exited) is done
  // for: what it was doing is left half done. The call rejects saying so,
  // stopped lets the module go, and the next call starts another.
  const engineOf = (exports, go, stopped) => {
    let bytes, words;
    // Growing the memory detaches the views of it, which leaves them empty.
    const views = () => {
      if (!bytes || !bytes.length) {
        bytes = new Uint8Array(exports.mem.buffer);
        words = new Int32Array(exports.mem.buffer);
      }
    };
    // The texts of the last request, where it was written and their sizes:
    // a text the same as the last one's, after texts all the same, is still
    // there, and is not written again.
    let lastAt = -1;
    const lastTexts = [], lastSizes = [];
    const engine = ({ texts, words: header }) => {
      const n = texts.length;
      // UTF-8 takes at most 3 bytes for each UTF-16 unit.
      let room = 4 * (1 + n + header.length) + 3;
      for (let i = 0; i < n; i++) room += 3 * texts[i].length;
      if (room > 0x7fffffff) throw new Error("splice: the call's arguments are too large");
      if (!running) stop("in an earlier call");
      let length, from;
      try {
        const got = exports.requestBuffer(room) >>> 0; // an address, unsigned; odd when the room is new
        const at = got - (got & 1);
        let same = at === lastAt && !(got & 1);
        views();
        let size = 0, kept = -1; // the size of the texts not written again
        for (let i = 0; i < n; i++) {
          const s = texts[i];
          if (!same || i >= lastTexts.length || lastTexts[i] !== s) {
            same = false;
            if (kept < 0) kept = size;
            lastTexts[i] = s;
            lastSizes[i] = writeUTF8(s, bytes, at + size, at + room);
          }
          size += lastSizes[i];
        }
        // Setting an array's length is a call in V8, even to the length it has.
        if (lastTexts.length !== n) lastTexts.length = lastSizes.length = n;
        lastAt = at;
        let w = (at + size + 3) >>> 2;
        words[w++] = n;
        for (let i = 0; i < n; i++) words[w++] = lastSizes[i];
        for (let i = 0; i < header.length; i++) words[w++] = header[i];
        length = exports.call(size, 1 + n + header.length, kept < 0 ? size : kept);
        from = exports.response() >>> 0;
      } catch (err) {
        stop("during this call: " + reason(err));
      }
      // Go's exit returns from the export it ends, with whatever it had.
      if (go.exited) stop("during this call: its Go program exited");
      views();
      return bytes[from] === 61 /* = */ ? valueResult(bytes, from, engine.info) : JSON.parse(decoder.decode(bytes.subarray(from, from + length)));
    };
    // running is false once the module has stopped, and stopped called.
    let running = true;
    const letGo = () => {
      if (running) stopped();
      running = false;
    };
    const stop = (why) => {
      letGo();
      throw new Error("splice: the engine stopped " + why + "; the next call starts it again");
    };
    // live reports whether the module runs: one that exited between calls
    // (a goroutine of its own ended it) is let go too.
    engine.live = () => {
      if (go.exited) letGo();
      return running;
    };
    // The engine's versions: the build's and the one every result names.
    const version = new Request("version");
    version.open(ARRAY, 0);
    engine.info = engine(version);
    return engine;
  };

  // textAt is the UTF-8 text of mem from at to end. A short ASCII one is
  // read here, byte by byte: each decode costs a crossing into the browser.
  const textAt = (mem, at, end) => {
    if (end - at <= 32) {
      let s = "";
      for (let i = at; i < end; i++) {
        const c = mem[i];
        if (c > 127) return decoder.decode(mem.subarray(at, end));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return decoder.decode(mem.subarray(at, end));
  };
  const lengthAt = (mem, at) => (mem[at] | mem[at + 1] << 8 | mem[at + 2] << 16 | mem[at + 3] << 24) >>> 0;

  // valueResult is the result object of a result with a value, whose
  // response at mem[at] is its texts (wasm/wire.go): flags, kind and two
  // texts.
  const valueResult = (mem, at, info) => {
    const flags = mem[at + 1], kind = mem[at + 2];
    const start = at + 11, middle = start + lengthAt(mem, at + 3), end = middle + lengthAt(mem, at + 7);
    const typed = (flags & 1) === 1;
    const first = textAt(mem, start, middle);
    let json = first, text = first, display = first;
    if (kind === STRING) {
      if (flags & 2) json = '"' + first + '"';
      else text = textAt(mem, middle, end);
      display = typed ? json : text;
    } else if (kind > STRING) {
      display = textAt(mem, middle, end);
    }
    return { ok: true, json, text, type: kinds[kind], typed, display, engine: info.engine, errors: [] };
  };
  // The names of the kinds of values, by their numbers (template.Kind).
  const kinds = ["null", "boolean", "number", "string", "array", "object"];
  const STRING = 3;

  // The codes of a request's header (wasm/wire.go).
  const TEXT = 116, ARRAY = 91, OBJECT = 123;

  // Request is a call's request as it is written: its texts and the words
  // of the header that says what the arguments are (wasm/wire.go), each
  // string one of the texts. The page's objects are read once, as their
  // parts are written.
  class Request {
    constructor(name) {
      this.texts = [name];
      this.words = [TEXT, 0];
      this.full = false; // whether only the full engine answers it (a tool, a plan)
      this.usual = []; // the usual call's words (see usual), while it is one
    }
    // string writes s and returns its index among the texts.
    string(s) {
      const i = this.texts.push(s) - 1;
      this.words.push(TEXT, i);
      return i;
    }
    // open starts an array (ARRAY) or an object (OBJECT) of count elements
    // or keys.
    open(code, count) {
      this.words.push(code, count);
    }
    // scalar writes an argument as the engine reads it: a string, a
    // boolean or null as it is, anything else as its type. It returns a
    // string's index among the texts, -1 for another value.
    scalar(v) {
      switch (typeof v) {
        case "string":
          return this.string(v);
        case "boolean":
          this.words.push(v ? 84 /* T */ : 70 /* F */);
          return -1;
        case "object":
          if (v === null) {
            this.words.push(110 /* n */);
            return -1;
          }
          try {
            this.words.push(Array.isArray(v) ? 97 /* a */ : 111 /* o */);
          } catch {
            this.words.push(111 /* o */); // a revoked proxy
          }
          return -1;
      }
      this.words.push(typeCodes[typeof v]);
      return -1;
    }
  }
  const typeCodes = { undefined: 117 /* u */, number: 35 /* # */, bigint: 66 /* B */, symbol: 83 /* S */, function: 102 /* f */ };

  // load runs one build of module, compiled from url, and returns its
  // engine; stopped is called should the module stop.
  const load = async (url, module, stopped) => {
    const [compiled, Go] = await Promise.all([module, goLoaded]);
    const go = new Go();
    // Garbage is collected a quarter as often as by default: a page's calls
    // each leave a request's worth, and the caches are most of what is live.
    go.env = { GOGC: "400" };
    const instance = await WebAssembly.instantiate(compiled, go.importObject);
    // run executes main up to its final wait, so the exports answer when it
    // returns; the promise it returns settles only if the module exits.
    go.run(instance);
    if (go.exited || typeof instance.exports.call !== "function") throw new Error("splice: " + url + " did not start");
    return engineOf(instance.exports, go, stopped);
  };

  // lite is the small engine once it runs, full the full one once it runs;
  // a failed load of the full one is tried again by the next call. An
  // engine that stopped is started again by the next call that needs it,
  // from the module compiled already.
  let lite, full, liteStarting, fullStarting, fullModule;
  const startLite = () => liteStarting ||= load(liteURL, liteModule, () => {
    lite = liteStarting = undefined;
  }).then((engine) => (lite = engine));
  const loadFull = () => fullStarting ||= load(fullURL, fullModule ||= compile(fullURL).catch((err) => {
    fullModule = undefined;
    throw err;
  }), () => {
    full = fullStarting = undefined;
  }).then(
    (engine) => (full = engine),
    (err) => {
      fullStarting = undefined;
      throw err;
    });
  // live is engine when it runs.
  const live = (engine) => engine && engine.live() && engine;
  const answeredByFull = (result) => Array.isArray(result.errors) && result.errors.some((e) => e.message === needsFullMessage);

  // The page's values reach the engine as JSON text written here, and its
  // other arguments as what the engine reads of them: it never runs the
  // page's code, and what is of the wrong type it reports itself.
  const misuse = (where, message) => new TypeError("splice: " + where + ": " + message);
  const isObject = (v) => typeof v === "object" && v !== null;
  const reason = (err) => {
    try {
      return String(err instanceof Error ? err.message : err);
    } catch {
      return "an exception";
    }
  };
  // place is where, [index] after it unless index is undefined, and then
  // suffix: what a call reads, named only when there is something to say
  // of it.
  const place = (where, index, suffix = "") => where + (index === undefined ? "" : "[" + index + "]") + suffix;
  // threw is the error of reading what place(where, index, suffix) names.
  const threw = (err, where, index, suffix) => misuse(place(where, index, suffix), "reading it threw: " + reason(err));
  // get and isArray read the page's objects; what they read is where,
  // index and suffix, joined only when reading it throws.
  const get = (object, key, where, index, suffix) => {
    try {
      return object[key];
    } catch (err) {
      throw threw(err, where, index, suffix);
    }
  };
  const isArray = (v, where, index) => {
    try {
      return Array.isArray(v);
    } catch (err) {
      throw threw(err, where, index);
    }
  };
  // lengthOf is an array's length as Array.from reads it.
  const lengthOf = (length) => {
    const n = Math.trunc(+length);
    return n > 0 ? Math.min(n, Number.MAX_SAFE_INTEGER) : 0;
  };

  // maxDepth is the engine's bound on JSON nesting (template.MaxJSONDepth).
  const maxDepth = 512;
  // keyPath is how a key shows in a path: .name, [0], ["a b"].
  const keyPath = (key, index) => index ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? "." + key : `[${JSON.stringify(key)}]`;
  const toString = Object.prototype.toString;

  // Reading is a value being read by jsonText: where it is, the path from
  // it to what is being read, and the objects on that path.
  class Reading {
    constructor(where, index, suffix) {
      this.start(where, index, suffix);
      this.keys = [];
      this.open = [];
    }
    start(where, index, suffix) {
      this.base = where;
      this.index = index;
      this.suffix = suffix;
    }
    // where is what is read: place(where, index, suffix).
    get where() {
      return place(this.base, this.index, this.suffix);
    }
    // at is the path to the n-th object read, or to what is being read.
    at(n = this.keys.length) {
      return this.where + this.keys.slice(0, n).map((k) => keyPath(k, typeof k === "number")).join("");
    }
    fail(place, message) {
      const err = misuse(place, message);
      jsonErrors.add(err);
      return err;
    }
    check(v) {
      if (typeof v === "object" && v !== null && typeof v.toJSON === "function") {
        const keys = this.keys;
        v = v.toJSON(String(keys.length ? keys[keys.length - 1] : ""));
      }
      switch (typeof v) {
        case "string":
        case "boolean":
          return;
        case "number":
          if (!Number.isFinite(v)) throw this.fail(this.at(), v + " is not JSON");
          return;
        case "bigint":
          throw this.fail(this.at(), "BigInt is not JSON");
        case "symbol":
          throw this.fail(this.at(), "Symbol is not JSON");
        case "function":
          throw this.fail(this.at(), "a function is not JSON");
        case "undefined":
          throw this.fail(this.at(), "undefined is not JSON");
      }
      if (v === null) return;
      const { keys, open } = this;
      // A path is short: a look along it is quicker than a Map.
      if (open.includes(v)) throw this.fail(this.at(), "a cycle: it is " + this.at(open.indexOf(v)));
      if (open.length === maxDepth) throw this.fail(this.where, "nested deeper than " + maxDepth + " levels");
      const array = Array.isArray(v);
      if (!array) {
        const tag = toString.call(v);
        if (tag !== "[object Object]") throw this.fail(this.at(), tag.slice(8, -1) + " is not JSON");
      }
      open.push(v);
      if (array) {
        for (let i = 0, n = v.length; i < n; i++) {
          keys.push(i);
          const e = v[i];
          if (e !== undefined) this.check(e);
          keys.pop();
        }
      } else {
        const names = Object.keys(v);
        for (let i = 0; i < names.length; i++) {
          keys.push(names[i]);
          const e = v[names[i]];
          if (e !== undefined) this.check(e);
          keys.pop();
        }
      }
      open.pop();
    }
  }
  // plain is check without its paths, for the usual value: it tells
  // whether v holds nothing but strings, finite numbers, booleans, null,
  // arrays and plain objects without toJSON, within depth levels and
  // plainLeft values in all. Anything else (a throw too) is left to check,
  // which says what and where. A cycle is too deep.
  const plain = (v, depth) => {
    switch (typeof v) {
      case "string":
      case "boolean":
        record(v);
        return true;
      case "number":
        record(v);
        return Number.isFinite(v);
      case "object":
        if (v === null) {
          record(v);
          return true;
        }
        break;
      default:
        return false;
    }
    if (depth === 0 || --plainLeft < 0 || typeof v.toJSON === "function") return false;
    if (Array.isArray(v)) {
      record(openArray);
      for (let i = 0, n = v.length; i < n; i++) {
        const e = v[i];
        // A string, the usual leaf, is read here rather than by a call.
        if (e === undefined || typeof e === "string") record(e);
        else if (!plain(e, depth - 1)) return false;
      }
      record(close);
      return true;
    }
    if (toString.call(v) !== "[object Object]") return false;
    // for...in reads inherited keys, which JSON.stringify leaves out.
    if (Object.getPrototypeOf(v) !== Object.prototype) recorded = unread;
    record(openObject);
    for (const key in v) {
      const e = v[key];
      if (e !== undefined) {
        record(key);
        if (typeof e === "string") record(e);
        else if (!plain(e, depth - 1)) return false;
      }
    }
    record(close);
    return true;
  };
  // What plain read of a root's value, in order: its strings, numbers,
  // booleans and nulls, its keys, where its arrays and objects open and
  // close. They are compared as they are read with the last value's at the
  // same place of the roots, and written over where they differ: two
  // values read the same are the same JSON text. Past maxRecorded entries,
  // for an object with another prototype, or in a call the page's code
  // makes while one is read, recorded is unread, and nothing is kept.
  let reads, recorded = 0, changed = false;
  const maxRecorded = 1 << 17, unread = maxRecorded + 1;
  const openArray = {}, openObject = {}, close = {};
  const record = (x) => {
    if (recorded < maxRecorded) {
      if (reads[recorded] !== x) {
        reads[recorded] = x;
        changed = true;
      }
      recorded++;
    } else {
      recorded = unread;
    }
  };
  // lastRoots keeps, for the first roots of a call by position, the last
  // value's reads and text: a page that renders again with its data
  // unchanged (in new objects or the same) is not written out again, and
  // the engine is given the same text, which it has parsed already.
  const lastRoots = [];
  const maxLastRoots = 4;
  // jsonDepth counts the jsonText calls under way: the page's code that a
  // value's getters run may call the API again.
  let jsonDepth = 0;
  // inheritsKeys reports whether objects inherit enumerable keys, which
  // for...in reads and JSON.stringify does not.
  const inheritsKeys = () => {
    for (const _ in Object.prototype) return true;
    return false;
  };
  // The bounds of plain: a cycle is walked no further than them.
  const plainDepth = 32, maxPlain = 1 << 20;
  let plainLeft = 0;

  // jsonErrors are the errors jsonText makes itself.
  const jsonErrors = new WeakSet();

  // jsonText is JSON.stringify(value), once value is read through and found
  // to hold nothing it would drop, change or choke on; what it holds of that
  // is a TypeError saying where: a BigInt, a Symbol, a function, NaN or
  // ±Infinity, a cycle, nesting deeper than the engine reads, an object
  // other than a plain one or an array (Map, Set, typed arrays,
  // ArrayBuffer...), a getter, toJSON or proxy that throws. As there, toJSON
  // is called (a Date is its ISO string), undefined properties are left out,
  // holes and undefined in arrays are null, -0 is 0.
  const jsonText = (value, where, index, suffix) => {
    jsonDepth++;
    try {
      return jsonTextOf(value, where, index, suffix);
    } finally {
      jsonDepth--;
    }
  };
  const jsonTextOf = (value, where, index, suffix) => {
    // The last value read at this place of the roots, invalid while its
    // reads are compared and written over.
    let last, was = unread;
    recorded = unread;
    if (where === "roots" && index < maxLastRoots && jsonDepth === 1) {
      last = lastRoots[index] ||= { reads: [], recorded: unread, text: "" };
      was = last.recorded;
      last.recorded = unread;
      reads = last.reads;
      recorded = 0;
      changed = false;
    }
    let clean = false;
    try {
      plainLeft = maxPlain;
      clean = plain(value, plainDepth);
    } catch {
      // check says what
    }
    const keep = last && clean && recorded !== unread && !inheritsKeys();
    if (keep && !changed && recorded === was) {
      last.recorded = was;
      return last.text;
    }
    if (!clean) {
      // The reading a call has finished with, if any: the page's code
      // that check runs may call again.
      let reading = spareReading;
      if (reading) {
        spareReading = undefined;
        reading.start(where, index, suffix);
      } else {
        reading = new Reading(where, index, suffix);
      }
      try {
        reading.check(value);
      } catch (err) {
        if (jsonErrors.has(err)) throw err;
        throw threw(err, reading.at());
      }
      spareReading = reading; // its keys and open are empty again
    }
    // The page's code has run once already; should it give otherwise now,
    // that is said too.
    let text;
    try {
      text = JSON.stringify(value);
    } catch (err) {
      throw threw(err, where, index, suffix);
    }
    if (typeof text !== "string") throw misuse(place(where, index, suffix), "it changed while it was read");
    // Unless the page's code, called meanwhile, made a call of its own.
    if (keep && recorded !== unread) {
      last.recorded = recorded;
      last.text = text;
    }
    return text;
  };
  let spareReading;

  // writeRoot writes roots[i]: {name, text}, its value given as JSON text,
  // and returns the indices of its name and text among the texts, in
  // usual, when both are strings.
  const writeRoot = (request, r, i, usual) => {
    // A name (in check) or what the engine reports as not a root.
    if (!isObject(r) || isArray(r, "roots", i)) return request.scalar(r);
    const name = get(r, "name", "roots", i, ".name");
    let text = get(r, "text", "roots", i, ".text");
    if (text === undefined) {
      const value = get(r, "value", "roots", i, ".value");
      if (value !== undefined) text = jsonText(value, "roots", i, ".value");
    }
    request.open(OBJECT, text === undefined ? 1 : 2);
    request.string("name");
    const n = request.scalar(name);
    if (text !== undefined) {
      request.string("text");
      const t = request.scalar(text);
      if (n >= 0 && t >= 0) usual.push(n, t);
    }
  };

  // writeOptions writes the options and returns their mode.
  const writeOptions = (request, options) => {
    if (!isObject(options) || isArray(options, "options")) return request.scalar(options);
    const later = get(options, "later", "options.later");
    const branch = get(options, "branchSteps", "options.branchSteps");
    const plain = isObject(branch) && !isArray(branch, "options.branchSteps");
    request.open(OBJECT, 4);
    request.string("later");
    if (isArray(later, "options.later")) {
      const n = lengthOf(get(later, "length", "options.later.length"));
      request.open(ARRAY, n);
      for (let i = 0; i < n; i++) request.scalar(get(later, i, "options.later", i));
    } else {
      request.scalar(later);
    }
    request.string("branchSteps");
    if (plain) {
      let ids;
      try {
        ids = Object.keys(branch);
      } catch (err) {
        throw threw(err, "options.branchSteps");
      }
      request.open(OBJECT, ids.length);
      for (const id of ids) {
        request.string(id);
        request.scalar(get(branch, id, "options.branchSteps.", undefined, id));
      }
    } else {
      request.scalar(branch);
    }
    request.string("iteration");
    request.scalar(get(options, "iteration", "options.iteration"));
    const mode = get(options, "mode", "options.mode");
    request.string("mode");
    request.scalar(mode);
    return mode;
  };

  // prepare writes the request of a call (second is the roots, or a
  // tool's call).
  const prepare = (name, source, second, options) => {
    const request = new Request(name);
    switch (name) {
      case "runTool":
        request.open(ARRAY, 2);
        request.scalar(source);
        if (second === undefined || typeof second === "string") request.scalar(second);
        else request.string(jsonText(second, "call"));
        request.full = true;
        return request;
      case "runPlan":
        request.open(ARRAY, 1);
        if (isObject(source)) request.string(jsonText(source, "plan"));
        else request.scalar(source);
        request.full = true;
        return request;
    }
    request.open(ARRAY, 3);
    const usual = request.usual;
    usual.push(USUAL, name === "render" ? 0 : 1);
    usual.push(name === "renderShape" && isObject(source) ? request.string(jsonText(source, "shape")) : request.scalar(source));
    let n = -1;
    if (isArray(second, "roots")) {
      n = lengthOf(get(second, "length", "roots.length"));
      request.open(ARRAY, n);
      for (let i = 0; i < n; i++) writeRoot(request, get(second, i, "roots", i), i, usual);
    } else {
      request.scalar(second);
    }
    const mode = writeOptions(request, options);
    request.full = name === "check" && mode === "tool";
    // The usual call, a render of a text with roots {name, text} and no
    // options, goes as its texts alone (wasm/wire.go).
    if (name !== "check" && usual[2] >= 0 && usual.length === 3 + 2 * n && options === undefined) {
      request.usual = request.words;
      request.words = usual;
    }
    return request;
  };
  const USUAL = 82; // R

  const outcome = (result) => {
    if (result.error) throw new (result.error === "TypeError" ? TypeError : Error)(result.message);
    return result;
  };

  // call runs a function in the full engine once it is loaded or needed, in
  // the small one otherwise, and there again when the small one says it
  // needs the full one (a shape in YAML).
  const call = (name, source, second, options) => {
    // Once the small engine runs, it answers a call at once, a promise of
    // what it gives.
    try {
      const request = prepare(name, source, second, options);
      const engine = live(full) || (!request.full && live(lite));
      if (!engine) return callLater(request);
      const result = engine(request);
      if (engine === lite && result.ok === false && answeredByFull(result)) return callLater(request, result);
      return Promise.resolve(outcome(result));
    } catch (err) {
      return Promise.reject(err);
    }
  };
  // callLater is a call that waits: for the small engine to start, for the
  // full one to load.
  const callLater = async (request, result) => {
    if (!live(lite)) await startLite();
    const engine = live(full) || (request.full ? await loadFull() : lite);
    if (!result) result = engine(request);
    if (engine === lite && result.ok === false && answeredByFull(result)) result = (await loadFull())(request);
    return outcome(result);
  };
  for (const name of functions) splice[name] = (source, second, options) => call(name, source, second, options);

  splice.ready = startLite().then((engine) => {
    splice.version = engine.info.version;
    splice.engine = engine.info.engine; // what every result names, and a playground link carries
    return splice;
  });

  // goClass runs Go's wasm_exec.js, of the Go that builds the engine (the
  // two talk through an interface that changes between releases), and
  // returns the class it defines as globalThis.Go. A page's own Go, of
  // whichever release, is left as it was. Loaded from this file, the loader
  // costs no request of its own.
  function goClass() {
    const pages = globalThis.Go;
    (function () {
/* wasm_exec.js */
    })();
    const ours = globalThis.Go;
    if (pages !== undefined) globalThis.Go = pages;
    if (ours === pages) throw new Error("splice: engine.js has no Go loader: use the one make build writes in web/");
    return ours;
  }
})();
