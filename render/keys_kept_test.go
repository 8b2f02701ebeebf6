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

// A key's anchor is the key unless the page has an id of that name; the
// entries' file names and anchors are unique.
func TestKeyFileNamesAndAnchors(t *testing.T) {
	for key, want := range map[string]string{"smith2019:deep": "smith2019:deep", "filters": "work-filters", "F-q": "work-F-q", "s-2021": "work-s-2021", "out": "work-out"} {
		if got := anchorName(key); got != want {
			t.Errorf("anchorName(%q) = %q, want %q", key, got, want)
		}
	}
	es := []*entry{{key: "a:b"}, {key: "A-b"}, {key: "a/b"}, {key: "x"}, {key: "filters"}, {key: "work-filters"}}
	assignNames(es)
	for _, e := range es {
		want := map[string][2]string{"A-b": {"A-b", "A-b"}, "a/b": {"a-b-2", "a/b"}, "a:b": {"a-b-3", "a:b"}, "x": {"x", "x"},
			"filters": {"filters", "work-filters-2"}, "work-filters": {"work-filters", "work-filters"}}[e.key]
		if e.file != want[0] || e.anchor != want[1] {
			t.Errorf("%q: file %q, anchor %q; want %q, %q", e.key, e.file, e.anchor, want[0], want[1])
		}
	}
}
