package manifest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The decoder's own words ("cannot decode TOML string into struct field
// manifest.rawManifest.Follow of type bool") name Go internals; every key
// gets what its value must be and its line instead.
func TestTypeErrorsSayWhatTheValueMustBe(t *testing.T) {
	const identity = "[[identity]]\ndoi = \"10.1/x\"\n"
	cases := []struct {
		src, want string
		line      int
	}{
		{"follow_published = \"yes\"\n" + identity, "m.toml:1: follow_published must be true or false", 1},
		{"selected = \"doi:10.1/x\"\n" + identity, `selected must be a list of work ids in quotes, e.g. selected = ["doi:10.5555/abc"]`, 1},
		{"counts_source = [\"openalex\"]\n" + identity, `counts_source must be a provider name in quotes, e.g. counts_source = "openalex"`, 1},
		{"mailto = 3\n" + identity, "mailto must be an e-mail address", 1},
		{"\nsnapshots = [1]\n" + identity, "snapshots must be a folder name", 2},
		{"providers = \"crossref\"\n" + identity, "providers must be a list of provider names", 1},
		{"[intervals]\ncrossref = 2\n" + identity, "intervals.crossref must be a duration in quotes", 2},
		{"[[identity]]\ndoi = 5\n", "identity.doi must be text in quotes", 2},
		{"[[identity]]\norcid = true\n", "identity.orcid must be text in quotes", 2},
		{identity + "[[override]]\nid = \"10.1/x\"\nyear = \"2020\"\n", "override.year must be a year as a number", 5},
		{identity + "[[link]]\nfrom = 1\n", "link.from must be text in quotes", 4},
		{"identity = 3\n", "identity must be [[identity]] tables", 1},
	}
	for _, c := range cases {
		_, err := Parse("m.toml", []byte(c.src))
		var me *Error
		if !errors.As(err, &me) {
			t.Fatalf("%q: err = %v, want *manifest.Error", c.src, err)
		}
		if !strings.Contains(err.Error(), c.want) || me.Line != c.line || me.Hint == "" {
			t.Errorf("%q:\n got %v (line %d)\nwant %q at line %d", c.src, err, me.Line, c.want, c.line)
		}
		for _, internal := range []string{"rawManifest", "struct field", "of type", "(line "} {
			if strings.Contains(err.Error(), internal) {
				t.Errorf("%q: %v shows Go internals (%s)", c.src, err, internal)
			}
		}
	}
}

func TestEmptyProvidersIsAnErrorNotEverything(t *testing.T) {
	_, err := Parse("m.toml", []byte("mailto = \"a@b.org\"\nproviders = []\n[[identity]]\ndoi = \"10.1/x\"\n"))
	var me *Error
	if !errors.As(err, &me) || me.Line != 2 || !strings.HasPrefix(err.Error(), "m.toml:2:") {
		t.Fatalf("err = %v, want an error at m.toml:2", err)
	}
}

// An ORCID identity's works are found through its ORCID record, so a
// provider list without orcid (docs/manifest.md's own example) implies it.
func TestORCIDImpliedByAnORCIDIdentity(t *testing.T) {
	cases := map[string]string{
		"providers = [\"crossref\", \"openalex\"]\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n": "crossref,openalex,orcid",
		"providers = [\"crossref\"]\n[[identity]]\ndoi = \"10.1/x\"\n":                              "crossref",
		"providers = [\"orcid\", \"crossref\"]\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n":    "orcid,crossref",
		"[[identity]]\norcid = \"0000-0002-1825-0097\"\n":                                           "",
	}
	for src, want := range cases {
		m, err := Parse("m.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(m.Providers, ","); got != want {
			t.Errorf("%q: providers = %q, want %q", src, got, want)
		}
	}
}

func TestInvisibleCharactersAreRejectedWithLineAndCodePoint(t *testing.T) {
	for _, r := range []rune{0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF, 0x00AD, 0x2060} {
		src := "mailto = \"a@b.org\"\n\n[[identity]]\ndoi = \"10.1017/abc" + string(r) + "d\"\n"
		_, err := Parse("m.toml", []byte(src))
		var me *Error
		code := fmt.Sprintf("U+%04X", r)
		if !errors.As(err, &me) || me.Line != 4 || !strings.Contains(err.Error(), code) || !strings.HasPrefix(err.Error(), "m.toml:4:") {
			t.Errorf("%s: err = %v, want m.toml:4 naming %s", code, err, code)
		}
	}
	// A byte order mark opening the file is an editor's, not the user's.
	if _, err := Parse("m.toml", []byte("\uFEFF[[identity]]\ndoi = \"10.1/x\"\n")); err != nil {
		t.Errorf("a leading byte order mark: %v", err)
	}
	// Visible non-ASCII text is welcome.
	if _, err := Parse("m.toml", []byte("[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"José Müller–Łukasiewicz\"\n")); err != nil {
		t.Errorf("accented name: %v", err)
	}
}

func TestCheckMailto(t *testing.T) {
	for v, ok := range map[string]bool{"ada@example.org": true, "ada": false, "ada@example": false, "ada\u200b@example.org": false} {
		if err := CheckMailto(v); (err == nil) != ok {
			t.Errorf("CheckMailto(%q) = %v", v, err)
		}
	}
}

// selected names works as index.json lists them; the spellings [[link]]
// accepts are normalised to that key, and a value that is no identifier
// is an error at its line.
func TestSelectedIsNormalisedAndChecked(t *testing.T) {
	m, err := Parse("m.toml", []byte("selected = [\"https://doi.org/10.5555/ABC\", \"arXiv:2311.16162\"]\n[[identity]]\ndoi = \"10.1/x\"\n"))
	if err != nil || strings.Join(m.Selected, " ") != "doi:10.5555/abc arxiv:2311.16162" {
		t.Fatalf("selected = %q, %v", m.Selected, err)
	}
	_, err = Parse("m.toml", []byte("\nselected = [\"doi:10.5555/abc\", \"scopus:1\"]\n[[identity]]\ndoi = \"10.1/x\"\n"))
	var me *Error
	if !errors.As(err, &me) || me.Line != 2 || me.Value != "scopus:1" || me.Hint == "" {
		t.Errorf("err = %v, want line 2 naming scopus:1 with a hint", err)
	}
}

// A top-level key written after a table header belongs to that table in
// TOML: the hint says so, and the list of known keys is complete.
func TestTopLevelKeyInATableSaysWhereItGoes(t *testing.T) {
	const identity = "[[identity]]\ndoi = \"10.1/x\"\n"
	cases := map[string]string{
		identity + "counts_source = \"openalex\"\n":         `unknown key "identity.counts_source"`,
		identity + "selected = [\"doi:10.1/x\"]\n":          `unknown key "identity.selected"`,
		identity + "follow_published = false\n":             `unknown key "identity.follow_published"`,
		identity + "[intervals]\nmailto = \"a@b.org\"\n":    "intervals.mailto",
		identity + "[intervals]\nfollow_published = true\n": "intervals.follow_published",
	}
	for src, want := range cases {
		_, err := Parse("m.toml", []byte(src))
		var me *Error
		if !errors.As(err, &me) || !strings.Contains(err.Error(), want) || !strings.Contains(me.Hint, "top-level keys go above the first [[identity]]") {
			t.Errorf("%q: %v (hint %q), want %q and the top-level hint", src, err, hintOf(me), want)
		}
	}
	_, err := Parse("m.toml", []byte(identity+"orcd = \"x\"\n"))
	var me *Error
	if !errors.As(err, &me) {
		t.Fatalf("err = %v", err)
	}
	for _, key := range []string{"mailto", "snapshots", "providers", "follow_published", "counts_source", "selected", "[intervals]"} {
		if !strings.Contains(me.Hint, key) {
			t.Errorf("known-keys hint lacks %s: %s", key, me.Hint)
		}
	}
	if strings.Contains(me.Hint, "top-level keys go above") {
		t.Errorf("orcd is no top-level key, hint: %s", me.Hint)
	}
}

func hintOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Hint
}

// A TOML syntax error says what to write: the parser's own words for an
// unquoted ORCID iD are "dates are expected to have the format YYYY-MM-DD".
func TestSyntaxErrorsHaveAHint(t *testing.T) {
	const identity = "[[identity]]\ndoi = \"10.1/x\"\n"
	cases := []struct {
		src, err, hint string
		line           int
	}{
		{"[[identity]]\norcid = 0000-0002-9341-7985\n", "orcid = 0000-0002-9341-7985: the value is not in quotes", `values are text in quotes: orcid = "0000-0002-9341-7985"`, 2},
		{"[[identity]]\ndoi = 10.7554/eLife.01567  # mine\n", "the value is not in quotes", `doi = "10.7554/eLife.01567"`, 2},
		{"mailto = ada@example.org\n" + identity, "not in quotes", `mailto = "ada@example.org"`, 1},
		{"follow_published = yes\n" + identity, "follow_published must be true or false", "true, false and numbers do not", 1},
		{"[[identity]\ndoi = \"10.1/x\"\n", "expected ']]' to close array table name", "two brackets on each side: [[identity]]", 1},
		{"mailto = \"a@b.org\"\nmailto = \"c@d.org\"\n" + identity, "key mailto is already defined", "a key may appear once", 2},
		{identity + "doi = \"10.1/y\"\n", "key doi is already defined", "its own [[identity]]", 3},
		{"[intervals]\n[intervals]\n" + identity, "already exists", "write the table once", 2},
	}
	for _, c := range cases {
		_, err := Parse("m.toml", []byte(c.src))
		var me *Error
		if !errors.As(err, &me) || me.Line != c.line || !strings.Contains(err.Error(), c.err) || !strings.Contains(me.Hint, c.hint) {
			t.Errorf("%q:\n got %v (line %d, hint %q)\nwant line %d, %q, hint %q", c.src, err, me.Line, hintOf(me), c.line, c.err, c.hint)
		}
	}
}
