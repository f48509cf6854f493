# Splice — build, run and test. `make run` serves the playground; `make test` runs everything.
GO      ?= go
ADDR    ?= 127.0.0.1:8080
BIN     := bin/splice
# The commit the build comes from, reported by the engine as splice.version.
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo devel)
# The browser side: stripped, and reproducible wherever it is built, with
# Go's classic garbage collector (Green Tea's code is 9 to 16 kB more with
# brotli and a wasm program runs on one thread anyway).
WASM_BUILD := GOOS=js GOARCH=wasm GOEXPERIMENT=nogreenteagc $(GO) build -trimpath
# app.wasm inlines calls only in the runtime, the engine (template,
# reshape), the session and YAML; elsewhere (go-app, the components, the
# standard library) inlining costs 85 kB with brotli and buys nothing a
# visitor notices, nor in the plan runner, the evaluator and display (21 kB:
# a key of a plan took as long). BenchmarkBrowserColdLoadVsEmpty builds its
# empty go-app app with these same flags.
APP_WASM_FLAGS := -gcflags=all=-l -gcflags=runtime= -gcflags=github.com/splicedev/splice/template= -gcflags=github.com/splicedev/splice/reshape= -gcflags=github.com/splicedev/splice/internal/playground= -gcflags=go.yaml.in/yaml/v3= -ldflags=-s\ -w
# The engine alone answers a docs page's few calls: no inlining but in the
# runtime, whose start (go.run, which compiles each function at its first
# call) it makes some 6 ms shorter, a quarter, for 30 kB with brotli, and
# in the package of its exports, whose call path it shortens by a tenth for
# 0.1 kB (inlining everywhere costs 43 kB more). Without Go's build ID (of
# no use in a browser), engine.wasm is some 0.8 kB less with brotli.
ENGINE_GCFLAGS := -gcflags=all=-l -gcflags=runtime= -gcflags=github.com/splicedev/splice/wasm=
ENGINE_LDFLAGS := -s -w -buildid= -X main.version=$(VERSION)

.PHONY: all build wasm editor run static test vet unit bench bench-browser bench-keystroke bench-js fuzz clean

all: build

# wasm builds the playground (web/app.wasm) and the engine alone for docs
# sites: web/engine.wasm without YAML and tools (the splice_lite tag), which
# engine.js loads first, and web/engine-full.wasm with them. Then slimwasm
# has a start function write Go's function table rather than some 40,000
# data segments in each (internal/gowasm): 12-14% less to decode, 5-8% less
# with brotli.
wasm:
	$(WASM_BUILD) $(APP_WASM_FLAGS) -o web/app.wasm ./cmd/splice
	$(WASM_BUILD) $(ENGINE_GCFLAGS) -tags splice_lite -ldflags="$(ENGINE_LDFLAGS)" -o web/engine.wasm ./wasm
	$(WASM_BUILD) $(ENGINE_GCFLAGS) -ldflags="$(ENGINE_LDFLAGS)" -o web/engine-full.wasm ./wasm
	$(GO) run ./internal/cmd/slimwasm web/app.wasm web/engine.wasm web/engine-full.wasm

# editor rebuilds web/editor.js, the editors (CodeMirror 6 and the bridge
# in editor/src), from the locked packages: it needs Node and npm. The bundle
# is committed, so that building and running need Go alone.
editor:
	cd editor && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build

# build makes the wasm files, web/engine.js (wasm/engine.js with Go's
# wasm_exec.js in it), their brotli and gzip copies and those of the
# scripts web/ serves compressed (only when stale: brotli's best quality
# takes a while) and the splice command.
build: wasm
	$(GO) run ./internal/cmd/enginejs
	$(GO) build -o $(BIN) ./cmd/splice
	$(GO) run ./internal/cmd/compress -web web

run: build
	$(BIN) serve -addr $(ADDR)

static: build
	$(BIN) static -out site -web web

vet:
	$(GO) vet ./...
	$(GO) vet -tags browser ./app ./wasm ./internal/browsertest
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/splice ./app ./wasm
	GOOS=js GOARCH=wasm $(GO) vet -tags splice_lite ./wasm

# The unit tests take seconds (they check the examples of the README and of
# /docs too; `splice check README.md` shows it as CI would); the browser tests (the browser tag, in app/
# and wasm/) drive Chromium against the built web/, one browser at a time:
# -p 1 runs the two packages in turn, as each runs its tests.
unit: build
	$(GO) test ./...
	$(BIN) check README.md
	$(GO) test -tags splice_lite ./wasm ./reshape
	$(GO) test -tags browser -p 1 ./app ./wasm

test: vet unit

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./template/ ./reshape/ ./plan/
	$(GO) test -tags browser -run '^$$' -bench BrowserColdLoad -benchtime 5x ./app/ ./wasm/

# bench-browser loads the playground and an empty go-app app (built from
# app/testdata/emptyapp) cold, in turns, and prints both medians and the ratio.
BENCH_RUNS ?= 9
bench-browser: build
	$(GO) test -tags browser -run '^$$' -bench 'BrowserColdLoadVsEmpty$$' -benchtime $(BENCH_RUNS)x -v ./app/

# bench-keystroke types 60 keys in each of six cases (the template; the
# template with a 750 KB root open; inside that root; a leaf of a 30-step
# plan with 200 KB of samples; a plain scalar of that plan; the body of a map
# over 190 items in a 30-step plan of block-style YAML) and beside each, the
# editor alone with the same text, KEY_RUNS times in fresh browsers, and
# prints the latencies and the key events' durations of all the keys.
KEY_RUNS ?= 3
bench-keystroke: build
	$(GO) test -tags browser -run '^$$' -bench 'BrowserKeystroke' -benchtime $(KEY_RUNS)x -v ./app/

# fuzz runs the fuzz targets of what reads untrusted text, FUZZTIME each:
# templates, their renders, JSON, plan documents, plans grown along each
# dimension of their cost, shapes, tool files, YAML, edits of documents
# taken in place, JSON read whole in YAML, shared links, and a language
# server's changes and requests. Each name is anchored: -fuzz takes one.
FUZZTIME ?= 60s
FUZZ_TARGETS := template:FuzzParse template:FuzzRender template:FuzzParseJSON plan:FuzzPlan plan:FuzzCostIsLinear \
	reshape:FuzzShape reshape:FuzzTool reshape:FuzzParseYAML reshape:FuzzDocumentReplace reshape:FuzzJSONSpans \
	internal/playground:FuzzOpenLink internal/lsp:FuzzChanges internal/lsp:FuzzRequests
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t#*:} (./$${t%%:*})"; \
		$(GO) test -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) ./$${t%%:*}/ || exit 1; \
	done

clean:
	rm -rf bin web/*.wasm web/*.wasm.br web/*.wasm.gz web/*.js.br web/*.js.gz web/engine.js

# bench-js measures the engine's JavaScript API against mustache.js,
# handlebars and JSONata (bench/js, from its lockfile) in headless Chromium:
# CPU per call in seven cases and runPlan of a 30-step plan (the full
# engine, last), and the cold start to a first result, medians
# and ratios, with an empty Go program's cold start (wasm/testdata/emptyengine)
# as its floor, and the cold start over a 10 Mbit/s link.
# SPLICE_BENCH_ENGINE=http://host:port measures the engine of a running
# Splice server instead (an earlier build, to compare).
bench-js: build
	cd bench/js && npm ci --no-audit --no-fund --loglevel=error
	$(GO) test -tags browser -run '^$$' -bench 'BrowserJSAPI$$' -benchtime 1x ./wasm/
