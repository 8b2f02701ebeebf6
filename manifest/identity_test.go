package manifest

// No test here makes a request: service URLs appear only as text to parse
// (no network, no fake needed).

import "testing"

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
