package netsim

import (
	"errors"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers/service"
)

func errorAs(err error, target any) bool { return errors.As(err, target) }

// TestBound: the first ORCID answer plus the busiest host's floor, each
// request at the longer of its service time and its kind's pace, but the
// host's last at its service time alone.
func TestBound(t *testing.T) {
	ms := time.Millisecond
	paces := RegistryPaces([]service.Spec{
		{Host: "pub.orcid.org", MinInterval: 100 * ms},
		{Host: "api.crossref.org", MinInterval: 200 * ms, BatchInterval: time.Second, BatchSize: 100},
		{Host: "api.openalex.org", MinInterval: 100 * ms},
	})
	if got := paces["api.crossref.org"]; got != (Paces{Single: 200 * ms, List: time.Second, Sent: time.Second}) {
		t.Fatalf("Crossref paces %+v", got)
	}
	t0 := time.Unix(1e9, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * ms) }
	log := []Entry{
		{Host: "api.crossref.org", Start: at(2000), List: true, Service: 300 * ms},  // 1 s: the list pace
		{Host: "pub.orcid.org", Start: at(0), Service: 1500 * ms},                   // the first ORCID answer
		{Host: "pub.orcid.org", Start: at(1500), Service: 50 * ms},                  // its last: 50 ms, no pace after it
		{Host: "api.crossref.org", Start: at(3000), Service: 150 * ms},              // 200 ms: the single pace
		{Host: "api.crossref.org", Start: at(3200), List: true, Service: 300 * ms},  // its last: 300 ms, no pace after it
		{Host: "api.openalex.org", Start: at(2000), List: true, Service: 1200 * ms}, // 1.2 s, less than Crossref's 1.5
	}
	bound, busiest := Bound(log, paces)
	if want := 1500*ms + 1500*ms; bound != want || busiest != "api.crossref.org" {
		t.Errorf("Bound = %v (%s), want %v (api.crossref.org)", bound, busiest, want)
	}
	// As sent, Crossref's single counts at its list pace: 1 s, not 200 ms.
	if sent, _ := BoundAsSent(log, paces); sent != bound+800*ms {
		t.Errorf("BoundAsSent = %v, want %v", sent, bound+800*ms)
	}
}
