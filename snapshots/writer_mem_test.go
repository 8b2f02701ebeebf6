package snapshots

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// BenchmarkWriterMemory writes a folder of 20,000 works twice (a first
// fetch, then a re-run over it) and reports the heap the writer holds
// once the works are written (live-MB: its index and digests, where a
// fetch's memory peaks) and what the re-run's WriteIndex allocates
// (index-alloc-MB: reading the index it replaces, encoding the new one).
func BenchmarkWriterMemory(b *testing.B) {
	const n = 20000
	ids := make([]manifest.Identity, n)
	for i := range ids {
		ids[i] = manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/work.%06d", i)}
	}
	for b.Loop() {
		d := Dir{Root: b.TempDir()}
		var live, indexAlloc uint64
		for run := 0; run < 2; run++ {
			base := heapAfterGC()
			w := NewWriter(d, nil, nil)
			w.BeginWorks()
			for _, id := range ids {
				doc := fmt.Appendf(nil, "{\n  \"id\": %q\n}\n", id.Key())
				counts := fmt.Appendf(nil, "{\n  \"cited_by\": %d,\n  \"id\": %q\n}\n", run, id.Key())
				if _, err := w.WriteWork(id, doc, counts, nil); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := w.EndWorks(); err != nil {
				b.Fatal(err)
			}
			live = heapAfterGC() - base
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := w.WriteIndex(nil); err != nil {
				b.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			indexAlloc = after.TotalAlloc - before.TotalAlloc
			runtime.KeepAlive(w)
		}
		b.ReportMetric(float64(live)/1e6, "live-MB")
		b.ReportMetric(float64(indexAlloc)/1e6, "index-alloc-MB")
	}
}

// heapAfterGC is the live heap, collected first.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
