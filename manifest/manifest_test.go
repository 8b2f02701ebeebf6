package manifest

// No test here makes a request: service URLs appear only as text to parse
// (no network, no fake needed).

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseExample(t *testing.T) {
	src := `mailto = "ada@example.org"
snapshots = "data/snap"
providers = ["Crossref", "openalex"]

[intervals]
crossref = "500ms"

[[identity]]
orcid = "https://orcid.org/0000-0002-1825-0097"
name = "Josiah Carberry"

[[identity]]
doi = "https://doi.org/10.5281/ZENODO.1234567"

[[identity]]
doi = "doi:10.5281/zenodo.1234567"
`
	m, err := Parse(filepath.Join("site", "manifest.toml"), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.Mailto != "ada@example.org" {
		t.Errorf("mailto = %q", m.Mailto)
	}
	if want := filepath.Join("site", "data", "snap"); m.Snapshots != want {
		t.Errorf("snapshots = %q, want %q", m.Snapshots, want)
	}
	if strings.Join(m.Providers, ",") != "crossref,openalex,orcid" { // orcid implied by the ORCID identity
		t.Errorf("providers = %v", m.Providers)
	}
	if m.Intervals["crossref"] != 500*time.Millisecond {
		t.Errorf("intervals = %v", m.Intervals)
	}
	if len(m.Identities) != 2 {
		t.Fatalf("identities = %v, want the duplicate DOI folded into one", m.Identities)
	}
	if got := m.Identities[0]; got.Key() != "orcid:0000-0002-1825-0097" || got.Line != 9 || got.Name != "Josiah Carberry" {
		t.Errorf("first identity = %+v", got)
	}
	if got := m.Identities[1]; got.Key() != "doi:10.5281/zenodo.1234567" || got.Line != 13 {
		t.Errorf("second identity = %+v", got)
	}
	if m.Line("providers") != 3 {
		t.Errorf("providers line = %d", m.Line("providers"))
	}
}

func TestParseErrorsNameFileLineAndValue(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		contains  []string
	}{
		{"bad check digit", "[[identity]]\norcid = \"0000-0002-1825-0098\"\n", 2, []string{`"0000-0002-1825-0098"`, "check digit", "7"}},
		{"orcid shape", "\n[[identity]]\norcid = \"0000-0002-1825\"\n", 3, []string{`"0000-0002-1825"`}},
		{"doi without 10.", "[[identity]]\ndoi = \"11.1234/x\"\n", 2, []string{`"11.1234/x"`, `"10."`}},
		{"doi without suffix", "[[identity]]\ndoi = \"10.1234/\"\n", 2, []string{"suffix"}},
		{"unknown top key", "mailtoo = \"a@b.org\"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, []string{`unknown key "mailtoo"`}},
		{"unknown identity key", "[[identity]]\ndoi = \"10.1/x\"\n\n[[identity]]\ndio = \"10.1/y\"\n", 5, []string{`"identity.dio"`}},
		{"two kinds", "[[identity]]\ndoi = \"10.1/x\"\norcid = \"0000-0002-1825-0097\"\n", 3, []string{"both doi and orcid"}},
		{"empty identity", "[[identity]]\nname = \"x\"\n", 1, []string{"names no identifier"}},
		{"no identities", "mailto = \"a@b.org\"\n", 0, []string{"no [[identity]]"}},
		{"bad mailto", "mailto = \"ada\"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, []string{`"ada"`}},
		{"bad interval", "[intervals]\ncrossref = \"fast\"\n[[identity]]\ndoi = \"10.1/x\"\n", 2, []string{`"fast"`}},
		{"syntax", "[[identity]]\ndoi = \"10.1/x\n", 2, nil},
		{"follow_published not a boolean", "follow_published = \"no\"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, nil},
		{"wrong type", "providers = \"crossref\"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("m.toml", []byte(c.src))
			var me *Error
			if !errors.As(err, &me) {
				t.Fatalf("err = %v, want *manifest.Error", err)
			}
			if me.Line != c.line {
				t.Errorf("line = %d, want %d (%v)", me.Line, c.line, err)
			}
			msg := err.Error() + "\n" + me.Hint
			if !strings.HasPrefix(msg, "m.toml:") {
				t.Errorf("message %q does not start with the file name", msg)
			}
			for _, want := range c.contains {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q lacks %q", msg, want)
				}
			}
		})
	}
}

func TestFollowPublishedDefaultsToTrue(t *testing.T) {
	for src, want := range map[string]bool{
		"[[identity]]\ndoi = \"10.1/x\"\n":                           true,
		"follow_published = true\n[[identity]]\ndoi = \"10.1/x\"\n":  true,
		"follow_published = false\n[[identity]]\ndoi = \"10.1/x\"\n": false,
	} {
		m, err := Parse("m.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if m.FollowPublished != want {
			t.Errorf("%q: FollowPublished = %v, want %v", src, m.FollowPublished, want)
		}
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope.toml"))
	if err == nil || !strings.Contains(err.Error(), "nope.toml") {
		t.Fatalf("err = %v", err)
	}
}
