package manifest

// No test here makes a request: service URLs appear only as text to parse
// (no network, no fake needed).

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse: whatever the bytes, Parse returns a manifest or an *Error
// naming the file, never panics, and a manifest it accepts holds only
// normalised, distinct identities.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"mailto = \"ada@example.org\"\nsnapshots = \"out\"\nproviders = [\"crossref\"]\n[intervals]\ncrossref = \"500ms\"\n[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"Josiah\"\n[[identity]]\ndoi = \"https://doi.org/10.5281/ZENODO.1234567\"\n",
		"[[identity]]\ndoi = \"10.1/x\"\n[[identity]]\ndoi = \"doi:10.1/X\"\n",
		"[[identity]]\narxiv = \"arXiv:2311.16162v2\"\n[[identity]]\npmid = \"29106400\"\n[[identity]]\npmcid = \"pmc5679183\"\n",
		"[[identity]]\norcid = \"0000-0002-1825-0098\"\n",
		"[[identity]]\ndoi = \"10.1/x\"\norcid = \"0000-0002-1825-0097\"\n",
		"[[identity]]\ndoi = \"10.1/x\"\ntypo = 1\n",
		"[intervals]\nx = \"-1s\"\n[[identity]]\ndoi = \"10.1/x\"\n",
		"[[identity]\n",
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("manifest.toml", data)
		if err != nil {
			var me *Error
			if !errors.As(err, &me) || me.File != "manifest.toml" {
				t.Fatalf("error %v is not a *manifest.Error naming the file", err)
			}
			return
		}
		if len(m.Identities) == 0 || m.Snapshots == "" {
			t.Fatalf("accepted a manifest with no identities or no snapshot folder: %+v", m)
		}
		seen := map[string]bool{}
		for _, e := range m.Identities {
			if seen[e.Key()] {
				t.Fatalf("identity %s listed twice", e.Key())
			}
			seen[e.Key()] = true
			if again, err := Normalize(e.Kind, e.Value); err != nil || again != e.Identity {
				t.Fatalf("identity %v does not normalise to itself: %v, %v", e.Identity, again, err)
			}
		}
		for name, d := range m.Intervals {
			if d <= 0 || name != strings.ToLower(name) {
				t.Fatalf("interval %s = %v", name, d)
			}
		}
	})
}

// FuzzNormalizeDOI: an accepted DOI is bare, starts "10.", has a suffix,
// holds no space or control character, has no upper-case ASCII letter,
// and normalises to itself.
func FuzzNormalizeDOI(f *testing.F) {
	for _, s := range []string{"10.5281/zenodo.1234567", "https://doi.org/10.1000/ABC", "doi: 10.1/x ", "info:doi/10.1/x",
		"10.1000/..", "10.1000/a\x00b", "10.1000/ＡＢＣ", "10.1000/\u212a", "10.1000/con", "dx.doi.org/10.1/%2e%2e", "10./x", "10.1/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := NormalizeDOI(raw)
		if err != nil {
			return
		}
		prefix, suffix, ok := strings.Cut(v, "/")
		if !strings.HasPrefix(prefix, "10.") || !ok || suffix == "" {
			t.Fatalf("NormalizeDOI(%q) = %q: not 10.prefix/suffix", raw, v)
		}
		if strings.ContainsFunc(v, isControlOrSpace) || strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			t.Fatalf("NormalizeDOI(%q) = %q: space, control or upper case", raw, v)
		}
		if again, err := NormalizeDOI(v); err != nil || again != v {
			t.Fatalf("NormalizeDOI(%q) = %q, which normalises to %q, %v", raw, v, again, err)
		}
		if utf8.ValidString(raw) && !utf8.ValidString(v) {
			t.Fatalf("NormalizeDOI(%q) = %q: invalid UTF-8 from valid", raw, v)
		}
	})
}

// FuzzNormalizeORCID: an accepted iD is four dashed groups whose check
// character is right, and normalises to itself.
func FuzzNormalizeORCID(f *testing.F) {
	for _, s := range []string{"0000-0002-1825-0097", "https://orcid.org/0000-0002-1694-233X", "000000021694233x", "0000-0002-1825-0098", "ORCID.ORG/0000-0002-1825-0097", "0000-0002-1825-009"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := NormalizeORCID(raw)
		if err != nil {
			return
		}
		if len(v) != 19 || v[4] != '-' || v[9] != '-' || v[14] != '-' {
			t.Fatalf("NormalizeORCID(%q) = %q: not four dashed groups", raw, v)
		}
		digits := strings.ReplaceAll(v, "-", "")
		if ORCIDCheckDigit(digits[:15]) != digits[15] {
			t.Fatalf("NormalizeORCID(%q) = %q: wrong check character", raw, v)
		}
		if again, err := NormalizeORCID(v); err != nil || again != v {
			t.Fatalf("NormalizeORCID(%q) = %q, which normalises to %q, %v", raw, v, again, err)
		}
	})
}
