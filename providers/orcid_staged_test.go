package providers_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// TestORCIDStagedListsBeforeDetails: the works summary alone lists the
// record's works, in the identities the whole answer gives them (groups,
// preferred entries and preprint choices included), in one request; the
// steps left are one per bulk page and the name.
func TestORCIDStagedListsBeforeDetails(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := newStub(t)
	s.file("/v3.0/"+orcid+"/works", 200, "orcid/constructed-orcid-works-"+orcid+".json")
	s.file("/v3.0/"+orcid+"/works/1002,2001,3002,4001,5001,6001,7001", 200, "orcid/constructed-orcid-works-bulk-"+orcid+".json")
	s.file("/v3.0/"+orcid+"/person", 200, "orcid/constructed-orcid-person-"+orcid+".json")
	id := manifest.Identity{Kind: manifest.KindORCID, Value: orcid}
	st, res := providers.ORCID().Expand(context.Background(), s.env(), id, service.Previous{})
	if st == nil || res.Status != record.Found {
		t.Fatalf("listing: status %s (%v)", res.Status, res.Err)
	}
	if n := len(s.requests()); n != 1 {
		t.Errorf("%d requests before the steps, want 1 (the summary)", n)
	}
	if len(st.Steps) != 2 {
		t.Errorf("%d steps, want 2 (one bulk page, the name)", len(st.Steps))
	}
	for _, step := range st.Steps {
		if !step(context.Background(), s.env()) {
			t.Fatalf("a step failed")
		}
	}
	whole := st.Finish()
	var listed []string
	for _, w := range st.Works {
		listed = append(listed, w.Key())
	}
	if got, want := strings.Join(listed, " "), keys(whole.Discovered); got != want {
		t.Errorf("listed %s\nwhole answer's works %s", got, want)
	}
}

// TestORCIDStagedFailedPageStops: a page of details that cannot be read
// ends the reading (no name request after it) and fails the answer.
func TestORCIDStagedFailedPageStops(t *testing.T) {
	s := newStub(t)
	s.file("/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	s.text("/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019", 400, `{"response-code":400}`)
	st, _ := providers.ORCID().Expand(context.Background(), s.env(), manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-9341-7985"}, service.Previous{})
	if st == nil || len(st.Works) != 8 {
		t.Fatalf("listing %+v, want 8 works", st)
	}
	if st.Steps[0](context.Background(), s.env()) {
		t.Errorf("the refused page reads as a success")
	}
	if res := st.Finish(); res.Status != record.Failed || res.Err == nil || len(res.Discovered) != 0 {
		t.Errorf("status %s (%v), %d works; want failed, none", res.Status, res.Err, len(res.Discovered))
	}
}
