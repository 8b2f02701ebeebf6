package render

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

func keyedEntry(id, family string, year int, title string) *entry {
	return &entry{id: id, rec: record.Record{Title: title, Issued: record.Date{Year: year},
		Authors: []record.Author{{Family: family}}}}
}

// A kept key is the entry's as it is; a made key equal to it, letter case
// aside, takes a letter as colliding made keys do, and the made keys of
// one base still letter in identity-key order.
func TestKeptKeyWinsOverAMadeOne(t *testing.T) {
	kept := keyedEntry("doi:10.1/k", "Lefevre", 2021, "Effects")
	kept.key = "Patel2021Effects" // as joinUserFields sets it
	alone := keyedEntry("doi:10.1/a", "Patel", 2021, "Effects of things")
	b1 := keyedEntry("doi:10.1/c", "Smith", 2020, "Deep")
	b2 := keyedEntry("doi:10.1/b", "Smith", 2020, "Deep again")
	keptSmith := keyedEntry("doi:10.1/s", "X", 1, "Y")
	keptSmith.key = "smith2020deepa"
	assignKeys([]*entry{kept, alone, b1, b2, keptSmith})
	for e, want := range map[*entry]string{kept: "Patel2021Effects", alone: "patel2021effectsa", b2: "smith2020deepb", b1: "smith2020deepc", keptSmith: "smith2020deepa"} {
		if e.key != want {
			t.Errorf("%s: key %q, want %q", e.id, e.key, want)
		}
	}
}

// A key's file name holds what every system's file names hold, and stays
// unique; its anchor is the key unless the page has an id of that name.
func TestKeyFileNamesAndAnchors(t *testing.T) {
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
		if got := fileName(key); got != want {
			t.Errorf("fileName(%q) = %q, want %q", key, got, want)
		}
	}
	for key, want := range map[string]string{"smith2019:deep": "smith2019:deep", "filters": "work-filters", "F-q": "work-F-q", "s-2021": "work-s-2021", "out": "work-out"} {
		if got := anchorName(key); got != want {
			t.Errorf("anchorName(%q) = %q, want %q", key, got, want)
		}
	}
	es := []*entry{{key: "a:b"}, {key: "A-b"}, {key: "a/b"}, {key: "x"}}
	assignNames(es)
	got := map[string]string{}
	for _, e := range es {
		got[e.key] = e.file
	}
	for key, want := range map[string]string{"A-b": "A-b", "a/b": "a-b-2", "a:b": "a-b-3", "x": "x"} {
		if got[key] != want {
			t.Errorf("file of %q = %q, want %q", key, got[key], want)
		}
	}
}
