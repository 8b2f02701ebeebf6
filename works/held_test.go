package works_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// keys is n work keys, from first.
func keys(first, n int) []string {
	var out []string
	for i := first; i < first+n; i++ {
		out = append(out, fmt.Sprintf("doi:10.5555/w%d", i))
	}
	return out
}

// TestHeldRemovals: a record that lists nothing now, or shrank to less
// than half of its works by at least five, has its lost works held; an
// ordinary edit (one of ten, two of three, four of seven, works renamed
// while the record keeps its size, however many) is not; a first read
// holds nothing.
func TestHeldRemovals(t *testing.T) {
	for _, c := range []struct {
		name     string
		had      []string // nil: no previous file
		listed   []string
		wantHeld int
	}{
		{"emptied, 41 works", keys(0, 41), nil, 41},
		{"emptied, one work", keys(0, 1), nil, 1},
		{"1 of 10 removed", keys(0, 10), keys(1, 9), 0},
		{"2 of 3 removed", keys(0, 3), keys(2, 1), 0},
		{"4 of 7 removed", keys(0, 7), keys(4, 3), 0},
		{"5 of 9 removed", keys(0, 9), keys(5, 4), 5},
		{"half of 10 removed", keys(0, 10), keys(5, 5), 0},
		{"36 of 41 gone, 3 new", keys(0, 41), append(keys(36, 5), keys(100, 3)...), 36},
		{"every key renamed, same size", keys(0, 3), keys(10, 3), 0},
		{"41 re-imported under new keys", keys(0, 41), keys(100, 41), 0},
		{"41 re-imported, 5 of them dropped", keys(0, 41), keys(100, 36), 0},
		{"9 re-imported, 5 of them dropped", keys(0, 9), keys(100, 4), 9},
		{"first read", nil, nil, 0},
		{"had none", []string{}, nil, 0},
	} {
		var prev *snapshots.Expansion
		if c.had != nil {
			prev = &snapshots.Expansion{Works: c.had}
		}
		if got := works.HeldRemovals(prev, c.listed); len(got) != c.wantHeld {
			t.Errorf("%s: held %d works %v, want %d", c.name, len(got), got, c.wantHeld)
		}
	}
}

// TestKeepHeld: the held works stay listed after this run's, with their
// groups and entries from the previous file; the rest is this run's.
func TestKeepHeld(t *testing.T) {
	prev := snapshots.Expansion{ORCID: "0000-0002-9341-7985", Works: []string{"doi:10.5555/a", "doi:10.5555/b", "doi:10.5555/c"},
		Groups:  []snapshots.ExpansionGroup{{Work: "doi:10.5555/a", PutCodes: []string{"1", "2"}}, {Work: "doi:10.5555/c", PutCodes: []string{"5", "6"}}},
		Entries: []snapshots.ExpansionEntry{{Work: "doi:10.5555/a", PutCode: "1", Modified: 7}, {Work: "doi:10.5555/b", PutCode: "3", Modified: 8}}}
	now := snapshots.Expansion{ORCID: prev.ORCID, Works: []string{"doi:10.5555/c"},
		Groups: []snapshots.ExpansionGroup{{Work: "doi:10.5555/c", PutCodes: []string{"5", "9"}}}}
	got := works.KeepHeld(now, prev, []string{"doi:10.5555/a", "doi:10.5555/b"})
	want := snapshots.Expansion{ORCID: prev.ORCID, Works: []string{"doi:10.5555/c", "doi:10.5555/a", "doi:10.5555/b"},
		Groups:  []snapshots.ExpansionGroup{{Work: "doi:10.5555/c", PutCodes: []string{"5", "9"}}, {Work: "doi:10.5555/a", PutCodes: []string{"1", "2"}}},
		Entries: []snapshots.ExpansionEntry{{Work: "doi:10.5555/a", PutCode: "1", Modified: 7}, {Work: "doi:10.5555/b", PutCode: "3", Modified: 8}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}
