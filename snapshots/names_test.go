package snapshots

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

func TestFileNameExamples(t *testing.T) {
	cases := map[manifest.Identity]string{
		{Kind: manifest.KindDOI, Value: "10.7554/elife.01567"}:          "doi_10.7554_2felife.01567",
		{Kind: manifest.KindDOI, Value: "10.1000/a/../../etc"}:          "doi_10.1000_2fa_2f.._2f.._2fetc",
		{Kind: manifest.KindDOI, Value: "10.1000/con"}:                  "doi_10.1000_2fcon",
		{Kind: manifest.KindDOI, Value: "10.1000/ends."}:                "doi_10.1000_2fends_2e",
		{Kind: manifest.KindORCID, Value: "0000-0002-1694-233X"}:        "orcid_0000-0002-1694-233_58",
		{Kind: manifest.KindORCIDWork, Value: "0000-0002-9341-7985/15"}: "orcid-work_0000-0002-9341-7985_2f15",
	}
	for id, want := range cases {
		if got := FileName(id); got != want {
			t.Errorf("FileName(%v) = %q, want %q", id, got, want)
		}
	}
}

// hostile are identifiers chosen to break naive file naming.
func hostile() []manifest.Identity {
	values := []string{
		"10.1000/..", "10.1000/../..", "10.1000/a\x00b", "10.1000/" + strings.Repeat("x", 400),
		"10.1000/" + strings.Repeat("x", 399) + "y", "10.1000/ＡＢＣ", "10.1000/abc", "10.1000/ABC",
		"10.1000/con", "10.1000/nul.txt", "10.1000/a:b", "10.1000/a\\b", "10.1000/a b", "10.1000/a_2fb",
		"10.1000/a/b", "10.1000/<script>", "10.1000/;#?%", "10.1000/ａ", "10.1000/a.", "10.1000/.a",
	}
	var ids []manifest.Identity
	for _, v := range values {
		ids = append(ids, manifest.Identity{Kind: manifest.KindDOI, Value: v})
	}
	return ids
}

func TestFileNamesAreSafeAndInjective(t *testing.T) {
	seen := map[string]manifest.Identity{}
	root := filepath.Join("snap", "works")
	for _, id := range hostile() {
		name := FileName(id)
		if len(name) > maxName {
			t.Errorf("%q: name of %d bytes", id.Value, len(name))
		}
		for _, c := range []byte(name) {
			ok := (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || strings.IndexByte("._-~", c) >= 0
			if !ok {
				t.Errorf("%q: name %q has byte %q", id.Value, name, c)
			}
		}
		p := filepath.Join(root, name+".json")
		if filepath.Dir(p) != root {
			t.Errorf("%q: path %q leaves the folder", id.Value, p)
		}
		folded := strings.ToLower(name)
		if other, dup := seen[folded]; dup {
			t.Errorf("%q and %q share file %q", other.Value, id.Value, name)
		}
		seen[folded] = id
		if !strings.ContainsRune(name, hashMark) {
			back, err := ParseFileName(name)
			if err != nil || back != id {
				t.Errorf("ParseFileName(%q) = %v, %v; want %v", name, back, err, id)
			}
		}
	}
}

func FuzzFileName(f *testing.F) {
	for _, id := range hostile() {
		f.Add(id.Value)
	}
	f.Fuzz(func(t *testing.T, value string) {
		id := manifest.Identity{Kind: manifest.KindDOI, Value: value}
		name := FileName(id)
		if len(name) > maxName || strings.ContainsAny(name, "/\\:\x00") || name == "" {
			t.Fatalf("unsafe name %q for %q", name, value)
		}
		if strings.ToLower(name) != name {
			t.Fatalf("name %q is not lower case", name)
		}
		if strings.ContainsRune(name, hashMark) {
			return
		}
		back, err := ParseFileName(name)
		if err != nil || back != id {
			t.Fatalf("round trip of %q: %v, %v", value, back, err)
		}
	})
}

// FuzzFileNameInjective: two distinct identities never get the same file
// name, compared case-insensitively as macOS and Windows compare them.
func FuzzFileNameInjective(f *testing.F) {
	ids := hostile()
	for i := 1; i < len(ids); i++ {
		f.Add(ids[i-1].Value, ids[i].Value)
	}
	f.Add("10.1000/ABC", "10.1000/abc")
	f.Add("10.1000/a_2fb", "10.1000/a/b")
	f.Add(strings.Repeat("x", 300)+"1", strings.Repeat("x", 300)+"2")
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b {
			return
		}
		na := FileName(manifest.Identity{Kind: manifest.KindDOI, Value: a})
		nb := FileName(manifest.Identity{Kind: manifest.KindDOI, Value: b})
		if strings.EqualFold(na, nb) {
			t.Fatalf("%q and %q share the file name %q", a, b, na)
		}
	})
}
