package manifest

// No test here makes a request: service URLs appear only as text to parse
// (no network, no fake needed).

import (
	"fmt"
	"strings"
	"testing"
)

func TestNormalizeDOI(t *testing.T) {
	good := map[string]string{
		"10.5281/zenodo.1234567":                        "10.5281/zenodo.1234567",
		"  https://doi.org/10.5281/ZENODO.1234567":      "10.5281/zenodo.1234567",
		"http://dx.doi.org/10.1000/ABC":                 "10.1000/abc",
		"doi:10.1002/(SICI)1097-4636<1::AID>3.0.CO;2-#": "10.1002/(sici)1097-4636<1::aid>3.0.co;2-#",
		"DOI:10.1000/x/../y":                            "10.1000/x/../y",
		"10.1000.10/x":                                  "10.1000.10/x",
		"10.1000/\u212a":                                "10.1000/\u212a", // Kelvin sign: not ASCII, so not folded into "k"
		"10.1000/ÄＢ":                                    "10.1000/ÄＢ",
	}
	for in, want := range good {
		got, err := NormalizeDOI(in)
		if err != nil || got != want {
			t.Errorf("NormalizeDOI(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "10.", "10.1234", "10.1234/", "11.1/x", "10.ab/x", "10.1/a b", "10.1/x\x00y", "https://doi.org/", "10.1/\xff"} {
		if got, err := NormalizeDOI(bad); err == nil {
			t.Errorf("NormalizeDOI(%q) = %q, want an error", bad, got)
		}
	}
}

func TestNormalizeORCID(t *testing.T) {
	good := map[string]string{
		"0000-0002-1825-0097":                   "0000-0002-1825-0097",
		"https://orcid.org/0000-0002-1694-233X": "0000-0002-1694-233X",
		"0000-0002-1694-233x":                   "0000-0002-1694-233X",
		"000000021825 0097":                     "",
		"0000000218250097":                      "0000-0002-1825-0097",
		"0000-0002-1642-628x":                   "0000-0002-1642-628X",
		"0000-0002-9341-7985":                   "0000-0002-9341-7985",
	}
	for in, want := range good {
		got, err := NormalizeORCID(in)
		if want == "" {
			if err == nil {
				t.Errorf("NormalizeORCID(%q) = %q, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("NormalizeORCID(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"0000-0002-1825-0098", "0000-0002-1825-009", "X000-0002-1825-0097", "0000-0002-1825-00977"} {
		if got, err := NormalizeORCID(bad); err == nil {
			t.Errorf("NormalizeORCID(%q) = %q, want an error", bad, got)
		}
	}
}

func TestOtherKinds(t *testing.T) {
	cases := []struct {
		kind     Kind
		in, want string
	}{
		{KindArXiv, "arXiv:2311.16162v2", "2311.16162v2"},
		{KindArXiv, "https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001"},
		{KindArXiv, "2311.161", ""},
		{KindPMID, "29106400", "29106400"},
		{KindPMID, "PMID: 29106400", "29106400"},
		{KindPMID, "0123", ""},
		{KindPMCID, "pmc5679183", "PMC5679183"},
		{KindPMCID, "5679183", "PMC5679183"},
		{KindPMCID, "PMCx", ""},
	}
	for _, c := range cases {
		id, err := Normalize(c.kind, c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("Normalize(%s, %q) = %v, want an error", c.kind, c.in, id)
			}
			continue
		}
		if err != nil || id.Value != c.want {
			t.Errorf("Normalize(%s, %q) = %v, %v; want %q", c.kind, c.in, id, err, c.want)
		}
	}
}

// A no-break space or another non-ASCII space inside an identifier (pasted
// from a PDF or a word processor) looks like a space, or like nothing, and
// makes an identifier no service knows: it is an error naming the code
// point. Around the identifier it is trimmed like any space.
func TestNonASCIISpaceInAnIdentifierIsNamed(t *testing.T) {
	for _, r := range []rune{'\u00A0', '\u2000', '\u2007', '\u2009', '\u200A', '\u202F', '\u3000'} {
		for _, c := range []struct {
			kind Kind
			raw  string
		}{{KindDOI, "10.7554/eLife." + string(r) + "01567"}, {KindORCID, "0000-0002" + string(r) + "1825-0097"}, {KindArXiv, "2311." + string(r) + "16162"}} {
			_, err := Normalize(c.kind, c.raw)
			want := fmt.Sprintf("U+%04X", r)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Normalize(%s, %q) = %v, want an error naming %s", c.kind, c.raw, err, want)
			}
		}
		if _, err := ParseID("doi:10.1/a" + string(r) + "b"); err == nil {
			t.Errorf("ParseID with U+%04X inside: no error", r)
		}
	}
	if id, err := Normalize(KindDOI, "\u00A010.1/x\u00A0"); err != nil || id.Value != "10.1/x" {
		t.Errorf("DOI with no-break spaces around it = %v, %v; want 10.1/x", id, err)
	}
}

// The browser's address bar gives the profile URL with a trailing slash.
func TestORCIDURLWithTrailingSlash(t *testing.T) {
	for _, in := range []string{"https://orcid.org/0000-0002-9341-7985/", "orcid.org/0000-0002-9341-7985/"} {
		if got, err := NormalizeORCID(in); err != nil || got != "0000-0002-9341-7985" {
			t.Errorf("NormalizeORCID(%q) = %q, %v", in, got, err)
		}
	}
	if got, err := NormalizeORCID("0000-0002-9341-7985/"); err == nil {
		t.Errorf("a bare iD with a slash = %q, want an error (only the URL form ends in /)", got)
	}
}

// New-style arXiv ids follow https://info.arxiv.org/help/arxiv_identifier.html:
// YYMM from 0704, a real month, 4 digits after the dot to 1412 and 5 from 1501.
func TestArXivNewStyleNumberFollowsItsDate(t *testing.T) {
	good := []string{"0704.0001", "1412.9999", "1501.00001", "2311.16162", "2311.16162v3"}
	for _, in := range good {
		if _, err := Normalize(KindArXiv, in); err != nil {
			t.Errorf("Normalize(arxiv, %q): %v", in, err)
		}
	}
	bad := map[string]string{
		"2311.1616":  "ids since 1501 have 5",
		"1412.12345": "ids up to 1412 have 4",
		"1234.12345": "no month 34",
		"2300.12345": "no month 00",
		"0703.0001":  "before April 2007",
	}
	for in, want := range bad {
		if _, err := Normalize(KindArXiv, in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Normalize(arxiv, %q) = %v, want an error saying %q", in, err, want)
		}
		if _, err := ParseID("arxiv:" + in); err == nil {
			t.Errorf("ParseID(arxiv:%s) accepted an impossible id", in)
		}
	}
}
