package keyname

import "testing"

// A key's file name holds only what every system's file names hold.
func TestFile(t *testing.T) {
	for key, want := range map[string]string{
		"smith2019deep":    "smith2019deep",
		"smith2019:deep":   "smith2019-deep",
		"a/b+c":            "a-b-c",
		"Smith_2019.v2-x":  "Smith_2019.v2-x",
		".hidden":          "-hidden",
		"_draft":           "-draft",
		"end.":             "end-",
		"aux":              "aux-",
		"CON.2019":         "CON-.2019",
		"com1":             "com1-",
		"a*b?c<d>e|f[g]h@": "a-b-c-d-e-f-g-h-",
	} {
		if got := File(key); got != want {
			t.Errorf("File(%q) = %q, want %q", key, got, want)
		}
	}
}

// Names that meet, letter case aside, are parted in key order, after the
// keys that are their own name.
func TestUnique(t *testing.T) {
	got := Unique([]string{"a:b", "A-b", "a/b", "x", "a-b-2x"}, File)
	for key, want := range map[string]string{"A-b": "A-b", "a/b": "a-b-2", "a:b": "a-b-3", "x": "x", "a-b-2x": "a-b-2x"} {
		if got[key] != want {
			t.Errorf("%q: %q, want %q", key, got[key], want)
		}
	}
}
