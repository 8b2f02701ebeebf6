package snapshots

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// verifyCases are texts IsCanonical must not call canonical unless they
// are, and canonical files it must take.
var verifyCases = []string{
	"{}\n", "[]\n", "0\n", "-1.5e+10\n", "\"x\"\n", "null\n", "true\n",
	"{\n  \"a\": 1,\n  \"b\": [\n    \"x\",\n    {}\n  ]\n}\n",
	"{\n  \"b\": 1,\n  \"a\": 2\n}\n", "{\n  \"a\": 1,\n  \"a\": 2\n}\n", "{\n  \"a\": 1\n}", "{\n  \"a\": 1\n}\n\n",
	" {}\n", "{ }\n", "{\n}\n", "[\n]\n", "{\n \"a\": 1\n}\n", "{\n  \"a\":1\n}\n", "{\n  \"a\": 1,\n}\n",
	"{\n  \"t\": \"say \\\"hi\\\" \\\\ \\n\"\n}\n", "{\n  \"t\": \"\\u0041\"\n}\n", "{\n  \"t\": \"\\/\"\n}\n",
	"{\n  \"t\": \"\u2028\"\n}\n", "{\n  \"t\": \"\\u2028\"\n}\n", "{\n  \"t\": \"bad \xff\"\n}\n", "{\n  \"t\": \"tab\t\"\n}\n",
	"{\n  \"\\u0061\": 1\n}\n", "{\n  \"\": 1,\n  \"a\": 2\n}\n", "{\n  \"é\": 1,\n  \"e\": 2\n}\n", "{\n  \"e\": 1,\n  \"é\": 2\n}\n",
	"[\n  01\n]\n", "[\n  1.\n]\n", "[\n  -\n]\n", "[\n  1E5\n]\n", "[\n  tru\n]\n", "", "\n",
	strings.Repeat("[\n", 3) + "1" + strings.Repeat("\n]", 3) + "\n",
}

// sameAsCanonical: when IsCanonical says so, Canonical gives the text back.
func sameAsCanonical(t *testing.T, in []byte) {
	t.Helper()
	if !IsCanonical(in) {
		return
	}
	if canon, err := Canonical(in); err != nil || !bytes.Equal(canon, in) {
		t.Errorf("IsCanonical(%q), but Canonical gives %q, %v", in, canon, err)
	}
}

// TestIsCanonical: every canonical file of the examples and testdata is
// taken as it is (no re-encoding), and no text that is not canonical is.
func TestIsCanonical(t *testing.T) {
	for _, in := range verifyCases {
		sameAsCanonical(t, []byte(in))
	}
	for _, in := range canonCases {
		sameAsCanonical(t, []byte(in))
	}
	taken := 0
	eachRepoJSON(t, func(path string, data []byte) {
		sameAsCanonical(t, data)
		canon, err := Canonical(data)
		if err == nil && bytes.Equal(canon, data) {
			if !IsCanonical(data) {
				t.Errorf("%s is canonical, but IsCanonical does not take it", path)
			}
			taken++
		}
	})
	if taken < 40 {
		t.Fatalf("%d canonical files; expected the examples' and testdata's snapshots", taken)
	}
}

// FuzzIsCanonical: on any text, IsCanonical is true only for what
// Canonical gives back unchanged.
func FuzzIsCanonical(f *testing.F) {
	for _, c := range verifyCases {
		f.Add([]byte(c))
	}
	if data, err := os.ReadFile("../examples/snapshots/works/doi_10.7554_2felife.01567.json"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		sameAsCanonical(t, in)
		if canon, err := Canonical(in); err == nil && !IsCanonical(canon) && !bytes.Contains(canon, []byte(`\`)) {
			t.Errorf("Canonical gives %q, which IsCanonical does not take", canon)
		}
	})
}
