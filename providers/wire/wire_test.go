package wire

import (
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

func TestEscapeDOIKeepsTheSlashesAndEscapesTheRest(t *testing.T) {
	for doi, want := range map[string]string{
		"10.1000/abc":             "10.1000/abc",
		"10.1002/(sici)1097#x?y%": "10.1002/%28sici%291097%23x%3Fy%25",
		"10.1000/a/b c":           "10.1000/a/b%20c",
	} {
		if got := EscapeDOI(doi); got != want {
			t.Errorf("EscapeDOI(%q) = %q, want %q", doi, got, want)
		}
	}
}

func TestWithMailtoAddsTheContactOnlyWhenThereIsOne(t *testing.T) {
	cases := []struct{ url, param, mailto, want string }{
		{"https://h/w", "mailto", "", "https://h/w"},
		{"https://h/w", "", "a@b.org", "https://h/w"},
		{"https://h/w", "mailto", "a+b@c.org", "https://h/w?mailto=a%2Bb%40c.org"},
		{"https://h/w?x=1", "email", "a@b.org", "https://h/w?x=1&email=a%40b.org"},
	}
	for _, c := range cases {
		if got := WithMailto(c.url, c.param, c.mailto); got != c.want {
			t.Errorf("WithMailto(%q, %q, %q) = %q, want %q", c.url, c.param, c.mailto, got, c.want)
		}
	}
}

func TestEscapeQuotedEscapesBackslashAndQuote(t *testing.T) {
	if got, want := EscapeQuoted(`a "b" \c`), `a \"b\" \\c`; got != want {
		t.Errorf("EscapeQuoted = %q, want %q", got, want)
	}
}

func TestChunksBoundByCountAndURILength(t *testing.T) {
	ids := []string{"a", "bb", "ccc", "dddd", "e"}
	uri := func(run []int) string {
		parts := make([]string, len(run))
		for i, p := range run {
			parts[i] = ids[p]
		}
		return strings.Join(parts, ",")
	}
	got := Chunks([]int{0, 1, 2, 3, 4}, 2, 7, uri)
	want := [][]int{{0, 1}, {2}, {3, 4}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Chunks = %v, want %v", got, want)
	}
	// one identifier longer than the bound is still asked, alone
	if got := Chunks([]int{3}, 0, 2, uri); len(got) != 1 || !slices.Equal(got[0], []int{3}) {
		t.Errorf("an over-long single id: %v", got)
	}
}

func TestStripIdentifiersGivenAsURLs(t *testing.T) {
	if got := StripDOI("https://doi.org/10.1000/ABC"); got != "10.1000/abc" {
		t.Errorf("StripDOI = %q", got)
	}
	if got := StripDOI("not a doi"); got != "" {
		t.Errorf("StripDOI of a non-DOI = %q", got)
	}
	if got := StripORCID("https://orcid.org/0000-0002-1825-0097"); got != "0000-0002-1825-0097" {
		t.Errorf("StripORCID = %q", got)
	}
	if got := StripORCID("0000-0002-1825-0098"); got != "" {
		t.Errorf("StripORCID of a bad check digit = %q", got)
	}
}

func TestFirstAndStringsReadScalarsAndArrays(t *testing.T) {
	doc := gjson.Parse(`{"a": ["x", "", "y"], "b": "z", "c": []}`)
	if got := First(doc.Get("a")); got != "x" {
		t.Errorf("First(array) = %q", got)
	}
	if got := First(doc.Get("b")); got != "z" {
		t.Errorf("First(string) = %q", got)
	}
	if got := Strings(doc.Get("a")); !slices.Equal(got, []string{"x", "y"}) {
		t.Errorf("Strings(array) = %q", got)
	}
	if got := Strings(doc.Get("c")); len(got) != 0 {
		t.Errorf("Strings(empty) = %q", got)
	}
}
