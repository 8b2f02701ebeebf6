package providers

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// Probe is one cheap, documented request about a stable, well-known work
// that about doctor sends to a service to learn, before a run lands wrong
// data, whether the service still answers in the shape the parser reads.
// It is declared in each provider's file, next to the parser it guards.
type Probe struct {
	Path   string // path and query from the service's base URL, as sent
	Accept string // Accept header to send, or "" for none
	Mailto string // query parameter that carries the manifest's contact e-mail, or ""
	// XML: the answer is XML and Fields are element paths from the root,
	// slash-separated local names, an attribute after @
	// ("feed/entry/link@href"). Otherwise the answer is JSON and Fields
	// are gjson paths where "[]" means "in some element of this array"
	// ("message.items[].title"; a leading "[]" is the top-level array).
	XML    bool
	Fields []string     // what the parser reads, including the list and pagination envelope
	Rate   *RateHeaders // the headers the service announces its pace in; nil when it announces none
	Doc    string       // link to the documentation of the request form
}

// RateHeaders names the response headers in which a service announces
// how many requests it allows per window.
type RateHeaders struct {
	Limit  string        // header with the number of requests allowed per window
	Window string        // header naming the window in seconds ("1s", "60s"), or "" when Per gives it
	Per    time.Duration // the window when no header names it
	Source string        // link to where the service documents these headers
}

// Announced reads the pace the service announced in h: limit requests
// per window. ok is false when the headers are absent or unreadable.
func (r RateHeaders) Announced(h http.Header) (limit int, window time.Duration, ok bool) {
	limit, err := strconv.Atoi(strings.TrimSpace(h.Get(r.Limit)))
	if err != nil || limit <= 0 {
		return 0, 0, false
	}
	window = r.Per
	if r.Window != "" {
		// Crossref writes the window as "1s"; a bare number is seconds too.
		v := strings.TrimSpace(h.Get(r.Window))
		if d, err := time.ParseDuration(v); err == nil {
			window = d
		} else if n, err := strconv.Atoi(v); err == nil {
			window = time.Duration(n) * time.Second
		} else {
			return 0, 0, false
		}
	}
	if window <= 0 {
		return 0, 0, false
	}
	return limit, window, true
}

// Missing lists the probe's Fields that body does not have, in the order
// declared. An answer that is not JSON (or XML) at all is an error.
func (p Probe) Missing(body []byte) ([]string, error) {
	if p.XML {
		return p.missingXML(body)
	}
	if !gjson.ValidBytes(body) {
		return nil, errors.New("the answer is not JSON")
	}
	doc := gjson.ParseBytes(body)
	var missing []string
	for _, f := range p.Fields {
		if !hasJSON(doc, f) {
			missing = append(missing, f)
		}
	}
	return missing, nil
}

// hasJSON reports whether path (with [] for "some element of") leads to a
// value in doc; null counts as present, since it says the field is known.
func hasJSON(doc gjson.Result, path string) bool {
	head, rest, each := strings.Cut(path, "[]")
	node := doc
	if head = strings.TrimSuffix(head, "."); head != "" {
		node = doc.Get(head)
	}
	if !each {
		return node.Exists()
	}
	if !node.IsArray() {
		return false
	}
	rest = strings.TrimPrefix(rest, ".")
	found := false
	node.ForEach(func(_, el gjson.Result) bool {
		found = rest == "" || hasJSON(el, rest)
		return !found
	})
	return found
}

// missingXML lists the Fields no element (or attribute) of body is at.
func (p Probe) missingXML(body []byte) ([]string, error) {
	seen := map[string]bool{}
	dec := xml.NewDecoder(bytes.NewReader(body))
	var stack []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the answer is not XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
			path := strings.Join(stack, "/")
			seen[path] = true
			for _, a := range t.Attr {
				seen[path+"@"+a.Name.Local] = true
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(seen) == 0 {
		return nil, errors.New("the answer is not XML")
	}
	var missing []string
	for _, f := range p.Fields {
		if !seen[f] {
			missing = append(missing, f)
		}
	}
	return missing, nil
}
