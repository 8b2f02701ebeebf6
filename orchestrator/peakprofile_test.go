package orchestrator

import (
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
)

// peakProfiler writes a heap profile each time the live heap (as the last
// garbage collection left it) reaches a new high, when the benchmark is
// run with ABOUT_PEAK_HEAP_PROFILE=file: the profile at a run's end shows
// what is left, not what made the peak, and the peak is what RSS follows.
type peakProfiler struct {
	path   string
	sample []metrics.Sample
	high   uint64
}

func newPeakProfiler() *peakProfiler {
	p := &peakProfiler{path: os.Getenv("ABOUT_PEAK_HEAP_PROFILE"),
		sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	if p.path != "" {
		runtime.MemProfileRate = 16 << 10 // finer than the default 512 KiB: the run's own holdings are small pieces
	}
	return p
}

// check writes the profile if the live heap grew by a sixteenth since the
// last one written (so a slowly rising heap is not profiled every tick).
func (p *peakProfiler) check() {
	if p.path == "" {
		return
	}
	metrics.Read(p.sample)
	live := p.sample[0].Value.Uint64()
	if live <= p.high+p.high/16 {
		return
	}
	p.high = live
	runtime.GC() // the heap profile lags two collections behind; make it say what is live now
	f, err := os.Create(p.path)
	if err != nil {
		return
	}
	defer f.Close()
	_ = pprof.Lookup("heap").WriteTo(f, 0)
}
