package orchestrator

import (
	"fmt"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/works"
)

// BenchmarkRecordListing is the plan taking one ORCID record's works
// (workPlan.addDiscovered: the expansion file's list and entries, each
// work's summary kept aside) at two sizes, for the ratio of their times
// per work, flat when the listing grows with the works (it searched its
// list for each work: 7.0 times the time per work at four times the works,
// 20 s for a record of 40,000):
//
//	go test ./orchestrator -run '^$' -bench RecordListing -benchtime 3x
func BenchmarkRecordListing(b *testing.B) {
	for _, n := range []int{10000, 40000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			o := reply{Outcome: report.Outcome{Asked: &report.Asked{Provider: "orcid"}, Status: record.Found}}
			for i := range n {
				o.result.Discovered = append(o.result.Discovered, service.Discovered{
					ID:      manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/sim.%d", i)},
					Summary: record.Record{Title: fmt.Sprint("work ", i)},
					Read:    &service.EntryRead{PutCode: fmt.Sprint(i), Modified: 1600000000000},
				})
			}
			b.ResetTimer()
			for range b.N {
				p := newWorkPlan(&manifest.Manifest{}, nil) // listing needs no core
				var now works.ORCIDRead
				p.addDiscovered(&now, "orcid:0000-0002-1825-0097", o)
				exp := now.Listed
				if len(exp.Works) != n || len(exp.Entries) != n {
					b.Fatalf("%d works and %d entries listed; want %d", len(exp.Works), len(exp.Entries), n)
				}
				if err := p.held.close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/work")
		})
	}
}
