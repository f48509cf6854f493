package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// The pages go-app renders are made truthful before they leave: valid
// attributes, Open Graph tags that name the site or are absent, and a mark
// set before the first paint when the address holds a link, so that the
// prerendered default example is not shown as the link's result.

// openingLinkScript marks the page while a link's state is not applied
// yet (the app removes the mark); the styles then show "Opening link…"
// instead of the prerendered panes. It runs in the head, before the body
// is painted: inline, allowed by its hash in the policy.
const openingLinkScript = `if(/(^#|&)s=/.test(location.hash))document.documentElement.classList.add("opening-link")`

// openingLinkTag is openingLinkScript as the pages' head carries it.
const openingLinkTag = "<script>" + openingLinkScript + "</script>"

// openingLinkHash is the policy's source for openingLinkScript.
var openingLinkHash = func() string {
	sum := sha256.Sum256([]byte(openingLinkScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// ParseSiteURL reads the site's public URL (the -site-url flag): an
// absolute http or https URL without query or fragment; "" is none.
func ParseSiteURL(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("the site URL must be an absolute http or https URL such as https://play.example.com, not " + strconv.Quote(raw))
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// fixPage rewrites a page go-app rendered for urlPath: see fixAttributes
// and fixOpenGraph.
func fixPage(page []byte, urlPath, siteURL string) []byte {
	return fixOpenGraph(fixAttributes(page), urlPath, siteURL)
}

// fixAttributes rewrites the attribute values of page's tags, which go-app
// writes as Go string literals (data-json="\"Core\""): malformed HTML as
// soon as a value holds a quote, a backslash or a line break. Each becomes
// its value, HTML-escaped. Text between tags is left alone (go-app escapes
// it), and so are the contents of script and style elements. The page is
// read as one string, so that each value is read where it is, not copied
// with the rest of the page.
func fixAttributes(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page))
	text := string(page)
	for i := 0; i < len(text); {
		lt := strings.IndexByte(text[i:], '<')
		if lt < 0 {
			out.WriteString(text[i:])
			break
		}
		out.WriteString(text[i : i+lt])
		i += lt
		end := fixTag(&out, text, i)
		if name := tagName(text[i:end]); name == "script" || name == "style" {
			close := strings.Index(text[end:], "</"+name)
			if close < 0 {
				close = len(text) - end
			}
			out.WriteString(text[end : end+close])
			end += close
		}
		i = end
	}
	return out.Bytes()
}

// fixTag copies the tag that starts at page[i] ('<') to out with its
// attribute values rewritten, and returns where the tag ends.
func fixTag(out *bytes.Buffer, page string, i int) int {
	for j := i; j < len(page); j++ {
		switch page[j] {
		case '>':
			out.WriteString(page[i : j+1])
			return j + 1
		case '"':
			literal, err := strconv.QuotedPrefix(page[j:])
			if err != nil { // not a Go literal: an ordinary HTML value
				k := strings.IndexByte(page[j+1:], '"')
				if k < 0 {
					out.WriteString(page[i:])
					return len(page)
				}
				out.WriteString(page[i : j+k+2])
				i, j = j+k+2, j+k+1
				continue
			}
			value, _ := strconv.Unquote(literal) // QuotedPrefix checked it
			if name, start := attributeBefore(page, i, j); value == "false" && booleanAttributes[name] {
				out.WriteString(page[i:start]) // disabled="false" would mean disabled
			} else {
				out.WriteString(page[i:j])
				out.WriteString(`"` + html.EscapeString(value) + `"`)
			}
			i, j = j+len(literal), j+len(literal)-1
		}
	}
	out.WriteString(page[i:])
	return len(page)
}

// booleanAttributes are HTML's attributes whose presence is their value,
// which go-app writes as name="false" when false.
var booleanAttributes = map[string]bool{
	"allowfullscreen": true, "async": true, "autofocus": true, "autoplay": true, "checked": true,
	"controls": true, "default": true, "defer": true, "disabled": true, "formnovalidate": true,
	"hidden": true, "inert": true, "ismap": true, "itemscope": true, "loop": true, "multiple": true,
	"muted": true, "nomodule": true, "novalidate": true, "open": true, "playsinline": true,
	"readonly": true, "required": true, "reversed": true, "selected": true,
}

// attributeBefore returns the name of the attribute whose value starts at
// page[j] (after its '='), and where that attribute starts, its leading
// space included; "" when page[j] follows no '='. The tag starts at i.
func attributeBefore(page string, i, j int) (name string, start int) {
	if j-1 <= i || page[j-1] != '=' {
		return "", j
	}
	k := j - 1
	for k > i && (page[k-1] == '-' || page[k-1] >= 'a' && page[k-1] <= 'z' || page[k-1] >= 'A' && page[k-1] <= 'Z' || page[k-1] >= '0' && page[k-1] <= '9') {
		k--
	}
	name, start = strings.ToLower(page[k:j-1]), k
	if start > i && page[start-1] == ' ' {
		start--
	}
	return name, start
}

// tagName is the lower-case name of an opening tag ("<script ...>"), ""
// for a closing tag, a comment or a doctype.
func tagName(tag string) string {
	name := tag[1:]
	if n := strings.IndexAny(name, " \t\n\r/>"); n >= 0 {
		name = name[:n]
	}
	return strings.ToLower(name)
}

// openGraphURL matches the og:url and og:image tags go-app writes, whose
// "https://" + Handler.Domain cannot name a site served over http, or
// none.
var openGraphURL = regexp.MustCompile(`\s*<meta (?:property="og:(url|image)" content="[^"]*"|content="[^"]*" property="og:(url|image)")>`)

// siteImage is the picture a link preview shows.
const siteImage = "/web/icon-512.png"

// fixOpenGraph points og:url at the page and og:image at the site's icon
// on siteURL, or drops both when no site URL is configured. It reads the
// head alone, where the tags are: the body is most of a page.
func fixOpenGraph(page []byte, urlPath, siteURL string) []byte {
	head := bytes.Index(page, []byte("</head>"))
	if head < 0 {
		head = len(page)
	}
	fixed := openGraphURL.ReplaceAllFunc(page[:head], func(tag []byte) []byte {
		if siteURL == "" {
			return nil
		}
		m := openGraphURL.FindSubmatch(tag)
		property, content := string(m[1])+string(m[2]), siteURL+urlPath
		if property == "image" {
			content = siteURL + siteImage
		}
		return []byte(`<meta property="og:` + property + `" content="` + html.EscapeString(content) + `">`)
	})
	return append(fixed, page[head:]...)
}

// pageRecorder holds a page go-app writes, to be fixed before it is sent.
type pageRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *pageRecorder) Header() http.Header { return p.header }

func (p *pageRecorder) WriteHeader(status int) {
	if p.status == 0 {
		p.status = status
	}
}

func (p *pageRecorder) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.body.Write(b)
}

// servePage serves what go-app answers at r, its HTML pages fixed.
func (s *Site) servePage(w http.ResponseWriter, r *http.Request) {
	rec := &pageRecorder{header: w.Header()}
	s.pages.ServeHTTP(rec, r)
	body := rec.body.Bytes()
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		body = fixPage(body, r.URL.Path, s.siteURL)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(max(rec.status, http.StatusOK))
	w.Write(body)
}
