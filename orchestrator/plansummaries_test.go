package orchestrator

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/providers/service"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/works"
)

// TestPlanKeepsORCIDEntriesOutOfMemory: each work's entry in the ORCID
// record waits in the plan until the work is prepared, which for most of
// a large run's works is long after the record was read (the lanes are
// paced). Held in memory, 50,000 entries were 16 MB for most of the run;
// the plan keeps them in its scratch file, and gives each back whole.
func TestPlanKeepsORCIDEntriesOutOfMemory(t *testing.T) {
	const n = 1000
	abstract := strings.Repeat("Kilns fire clay. ", 256) // 4 KB an entry
	var found []service.Discovered
	for i := range n {
		found = append(found, service.Discovered{ID: manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/kiln.%d", i)},
			Summary: record.Record{Title: fmt.Sprintf("Kiln %d", i), Abstract: abstract}})
	}
	o := reply{result: service.Result{Status: record.Found, Discovered: found}}
	o.Asked = &report.Asked{Provider: "orcid"}
	m := &manifest.Manifest{}
	p := newWorkPlan(m, newCore(m, nil, nil))
	t.Cleanup(func() { _ = p.held.close() })
	before := testtool.LiveHeap()
	p.addDiscovered(&works.ORCIDRead{}, "orcid:0000-0002-1825-0097", o)
	o, found = reply{}, nil
	held := int64(testtool.LiveHeap()) - int64(before)
	if held > int64(n*len(abstract)/4) {
		t.Errorf("the plan holds %d bytes for %d entries of %d bytes: they are in memory", held, n, len(abstract))
	}
	w := &writer{plan: p}
	var in works.Fetched
	if err := w.orcidEntry(&in, "doi:10.5555/kiln.7"); err != nil {
		t.Fatal(err)
	}
	if got := in.Entry; got == nil || got.Record == nil || got.Record.Title != "Kiln 7" || got.Record.Abstract != abstract {
		t.Errorf("entry given back: %+v", got)
	}
	runtime.KeepAlive(p)
}
