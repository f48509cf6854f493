# Splice — build, run and test. `make run` serves the playground; `make test` runs everything.
GO      ?= go
ADDR    ?= 127.0.0.1:8080
BIN     := bin/splice

.PHONY: all build run static test vet unit bench fuzz clean

all: build

build:
	$(GO) build -o $(BIN) ./app

run: build
	$(BIN) serve -addr $(ADDR)

vet:
	$(GO) vet ./...

unit:
	$(GO) test ./...

test: vet unit

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./template/ ./reshape/

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 60s ./template/
	$(GO) test -run '^$$' -fuzz FuzzRender -fuzztime 60s ./template/

clean:
	rm -rf bin web/*.wasm web/*.wasm.br web/*.wasm.gz
