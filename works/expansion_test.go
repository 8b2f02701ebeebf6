package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// TestExpansionKeepsWhatTheRunDidNotLearn: an unread record keeps its
// previous file whole (or has only its iD with none); a record read
// without /person keeps the previous name; a record read with it takes
// this run's name, and a private one is no name.
func TestExpansionKeepsWhatTheRunDidNotLearn(t *testing.T) {
	const iD = "0000-0002-9341-7985"
	ada := &snapshots.OwnerName{Given: "Ada", Family: "Lovelace"}
	prev := &snapshots.Expansion{ORCID: iD, Name: ada, Works: []string{"doi:10.5555/old"}, Warnings: []string{"old warning"}}
	listed := snapshots.Expansion{ORCID: iD, Works: []string{"doi:10.5555/new"}}
	for _, c := range []struct {
		name string
		prev *snapshots.Expansion
		now  works.ORCIDRead
		want snapshots.Expansion
	}{
		{"unread keeps the previous file", prev, works.ORCIDRead{Listed: snapshots.Expansion{ORCID: iD}}, *prev},
		{"unread with no file", nil, works.ORCIDRead{Listed: snapshots.Expansion{ORCID: iD}}, snapshots.Expansion{ORCID: iD}},
		{"read without /person keeps the name", prev, works.ORCIDRead{Read: true, Listed: listed},
			snapshots.Expansion{ORCID: iD, Name: ada, Works: listed.Works}},
		{"read without /person, no file", nil, works.ORCIDRead{Read: true, Listed: listed}, listed},
		{"read with /person takes its name", prev, works.ORCIDRead{Read: true, Listed: listed, Person: &record.Owner{Given: "Augusta", Family: "King"}},
			snapshots.Expansion{ORCID: iD, Name: &snapshots.OwnerName{Given: "Augusta", Family: "King"}, Works: listed.Works}},
		{"a private name is none", prev, works.ORCIDRead{Read: true, Listed: listed, Person: &record.Owner{}}, listed},
	} {
		if got := works.Expansion(c.prev, c.now); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestKeepFollowed: a followed published version joins the works when
// found or already on file, and only then.
func TestKeepFollowed(t *testing.T) {
	for _, c := range []struct{ found, existed, want bool }{
		{true, false, true}, {false, true, true}, {true, true, true}, {false, false, false},
	} {
		if got := works.KeepFollowed(c.found, c.existed); got != c.want {
			t.Errorf("found %v, existed %v: got %v", c.found, c.existed, got)
		}
	}
}
