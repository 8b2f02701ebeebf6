package doctor

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

	"github.com/aboutscholar/about/providers/service"
)

// Reading a probe's answer: whether it still has the fields the parser
// reads, and the pace the service announced.

// announcedPace reads the pace the service announced in h, in the headers r names: limit requests
// per window. ok is false when the headers are absent or unreadable.
func announcedPace(r service.RateHeaders, h http.Header) (limit int, window time.Duration, ok bool) {
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

// probeMissing lists the probe's Fields that body does not have, in the order
// declared. An answer that is not JSON (or XML) at all is an error.
func probeMissing(p service.Probe, body []byte) ([]string, error) {
	if p.XML {
		return missingXML(p, body)
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
func missingXML(p service.Probe, body []byte) ([]string, error) {
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
