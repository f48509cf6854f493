module github.com/splicedev/splice

go 1.26

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/cbroglie/mustache v1.4.2
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/maxence-charriere/go-app/v10 v10.1.11
	github.com/tidwall/pretty v1.3.0
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.6.0 // indirect
)

replace go.yaml.in/yaml/v3 => ./internal/yaml
