package orchestrator

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// TestExpansionKeepsOwnerName: the ORCID record's file carries the name
// /person gave, so render can head the page with it; a failed /person
// (transient) keeps the last name, while a record whose name turned
// private (a whole answer without one) drops it.
func TestExpansionKeepsOwnerName(t *testing.T) {
	orcid := simORCID(0)
	nw := newOutageNet(orcid, 3)
	m := newManifest(t, fmt.Sprintf("mailto = \"ada@example.org\"\n[[identity]]\norcid = %q\n", orcid))
	opts := testOptions(m, nw, 2)
	d := snapshots.Dir{Root: m.Snapshots}
	id := manifest.Identity{Kind: manifest.KindORCID, Value: orcid}
	nameOf := func() *snapshots.OwnerName {
		t.Helper()
		var exp snapshots.Expansion
		if err := snapshots.Read(d.ExpansionPath(id), &exp); err != nil {
			t.Fatal(err)
		}
		return exp.Name
	}
	want := snapshots.OwnerName{Given: "Rosalind", Family: "Simulated"}

	runOK(t, opts)
	if got := nameOf(); got == nil || *got != want {
		t.Fatalf("name after a healthy run = %+v, want %+v", got, want)
	}

	nw.set("pub.orcid.org", func(req *http.Request) (*http.Response, error) {
		if strings.HasSuffix(req.URL.Path, "/person") {
			return unavailable(req)
		}
		return nw.next.RoundTrip(req)
	})
	runOK(t, opts)
	if got := nameOf(); got == nil || *got != want {
		t.Errorf("name after a failed /person = %+v, want the last one %+v", got, want)
	}

	nw.set("pub.orcid.org", func(req *http.Request) (*http.Response, error) {
		if strings.HasSuffix(req.URL.Path, "/person") {
			return cannedAnswer(req, 200, `{"name":null,"other-names":{"other-name":[]}}`), nil
		}
		return nw.next.RoundTrip(req)
	})
	runOK(t, opts)
	if got := nameOf(); got != nil {
		t.Errorf("name after /person answered with none = %+v, want none", got)
	}
}
