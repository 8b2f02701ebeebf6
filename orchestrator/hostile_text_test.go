package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// TestControlCharactersNeverReachASnapshot serves a Crossref work whose
// every text carries control characters, escaped as JSON sends them:
// ESC (a terminal's colour, and OSC 52, which writes the clipboard), NUL,
// BEL, DEL and the C1 controls NEL and CSI. The snapshot holds none of
// them: pdflatex stops at U+001B in a .bib, and each format made from the
// snapshot would carry it. The text around them is kept.
func TestControlCharactersNeverReachASnapshot(t *testing.T) {
	work, err := os.ReadFile(filepath.Join("..", "testdata", "crossref", "crossref-work-10.1038-srep16696.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(work, &doc); err != nil {
		t.Fatal(err)
	}
	msg := doc["message"].(map[string]any)
	msg["title"] = []string{"Single\u001b[31m-molecule\u0000 FRET\u0007 studies\u0085of oligomers"}
	msg["abstract"] = "<jats:p>Oligomers\u001b]52;c;ZXZpbA==\u0007 are toxic\u007f to cells.</jats:p>"
	msg["container-title"] = []string{"Scientific\u009b Reports"}
	msg["publisher"] = "Springer\u0000 Nature"
	msg["ISSN"] = []string{"2045-2322\u001b"}
	msg["subject"] = []string{"Bio\u0007logy"}
	msg["author"] = []map[string]any{{"given": "Laura\u0000", "family": "Tosa\u001btto", "sequence": "first",
		"affiliation": []map[string]string{{"name": "University\u0085 of Cambridge"}}}}
	answer, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	crossref := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/doiRA/") {
			fmt.Fprint(w, `[{"DOI": "10.1038/srep16696", "RA": "Crossref"}]`)
			return
		}
		_, _ = w.Write(answer)
	})
	m := newManifest(t, `[[identity]]
doi = "10.1038/srep16696"
`)
	opts := testOptions(m, nil, 1)
	cr := providers.Crossref()
	cr.BatchSize = 1
	opts.Registry = []service.Spec{cr}
	opts.BaseURLs = map[string]string{"crossref": crossref.srv.URL, "doi": crossref.srv.URL}
	if _, err := Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	var texts []string
	err = filepath.WalkDir(m.Snapshots, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		texts = append(texts, stringsIn(v)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(texts, "\n")
	for _, s := range texts {
		if i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }); i >= 0 {
			t.Errorf("a snapshot holds the control character %U in %q", []rune(s[i:])[0], s)
		}
	}
	for _, want := range []string{"Single[31m-molecule FRET studies of oligomers", "Oligomers]52;c;ZXZpbA== are toxic to cells.",
		"Scientific Reports", "Springer Nature", "2045-2322", "Biology", "Laura", "Tosatto", "University of Cambridge"} {
		if !strings.Contains(all, want) {
			t.Errorf("the snapshot lacks %q:\n%s", want, all)
		}
	}
}

// stringsIn is every string in a decoded JSON value, keys included.
func stringsIn(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, stringsIn(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for k, e := range v {
			out = append(append(out, k), stringsIn(e)...)
		}
		return out
	}
	return nil
}
