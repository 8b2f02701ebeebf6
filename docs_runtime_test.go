package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// crossrefDOIsPerList is how many DOIs of 25 characters fit one Crossref
// list call's URL budget (docs/providers.md: "about 90").
const crossrefDOIsPerList = 90

// TestRunTimeFromThePaces holds docs/run.md's account (the README points to it) of
// how long a 300-work run takes to the registry's declared intervals and
// batch sizes: they said "a few minutes", where the pacing of the busiest
// host comes to seconds.
func TestRunTimeFromThePaces(t *testing.T) {
	const n = 300
	pace := func(name string) (calls int, d time.Duration) {
		s, ok := providers.ByName(name)
		if !ok {
			t.Fatalf("no provider %s", name)
		}
		batch := s.BatchSize
		if s.BatchURLBytes > 0 {
			batch = min(batch, crossrefDOIsPerList)
		}
		every := s.MinInterval
		if s.BatchInterval > 0 && batch > 1 {
			every = s.BatchInterval
		}
		calls = (n + batch - 1) / batch
		return calls, time.Duration(calls) * every
	}
	seconds := func(d time.Duration) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Seconds()), ".0") + " s" }
	cr, crTime := pace("crossref")
	s2, s2Time := pace("semanticscholar")
	epmc, epmcTime := pace("europepmc")
	dc, dcTime := pace("datacite")
	_, ocTime := pace("opencitations")
	every, _ := providers.ByName("crossref")
	datacite, _ := providers.ByName("datacite")
	want := []string{
		fmt.Sprintf("%s of pacing at Crossref (%d list calls %s apart)", seconds(crTime), cr, every.BatchInterval),
		fmt.Sprintf("%s at Semantic Scholar (%d batches)", seconds(s2Time), s2),
		fmt.Sprintf("%s at Europe PMC (%d searches)", seconds(epmcTime), epmc),
		fmt.Sprintf("300 DataCite DOIs take %s at DataCite (%d lists %s apart)", seconds(dcTime), dc, datacite.MinInterval),
		fmt.Sprintf("asks one work at a time, %s for 300 works", seconds(ocTime)),
	}
	// of the default providers asked about Crossref DOIs, Crossref is the busiest
	for _, name := range []string{"openalex", "semanticscholar", "europepmc"} {
		if _, d := pace(name); d > crTime {
			t.Errorf("%s paces %s for %d DOIs, more than Crossref's %s: the pages name the wrong busiest host", name, d, n, crTime)
		}
	}
	for _, page := range []string{runPage} {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(data)), " ")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", page, w)
			}
		}
	}
}

// TestReadmeRunTimeIsNotMinutes: the README said a 300-work run "takes a
// few minutes"; it points to docs/run.md's figures instead.
func TestReadmeRunTimeIsNotMinutes(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	if strings.Contains(text, "a few minutes") || !strings.Contains(text, "[docs/run.md](docs/run.md) works it out for 300 works") {
		t.Error("README.md does not point to docs/run.md's figures for a 300-work run")
	}
}
