# The Splice playground in a small image: `docker build -t splice .` then
# `docker run -p 8080:8080 splice` serves it at http://localhost:8080.

# Build the wasm files (app.wasm is ./cmd/splice for GOOS=js; the internal/cmd/slimwasm
# build step), their brotli and gzip copies (internal/cmd/compress) and a static splice
# from ./cmd/splice.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
# go.mod replaces the YAML library with the copy in internal/yaml.
COPY internal/yaml internal/yaml
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 make build

# Serve them: the binary and web/, nothing else, as a user without rights.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /src/bin/splice /splice
# COPY keeps the files' times, so the compressed copies stay fresh.
COPY --from=build /src/web /web
EXPOSE 8080
ENTRYPOINT ["/splice", "serve", "-addr", "0.0.0.0:8080", "-web", "/web"]
