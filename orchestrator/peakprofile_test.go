package orchestrator

import (
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

// peakProfiler writes a heap profile whenever the live heap reaches a new
// high, when the benchmark is run with ABOUT_PEAK_HEAP_PROFILE=file: the
// profile at a run's end shows what is left, not what made the peak, and
// the peak is what RSS follows. Every second it collects (the heap
// profile lags two collections behind, and the runtime's live figure
// counts what was allocated while marking) and reads the heap then.
type peakProfiler struct {
	path string
	last time.Time
	high uint64
}

func newPeakProfiler() *peakProfiler {
	p := &peakProfiler{path: os.Getenv("ABOUT_PEAK_HEAP_PROFILE")}
	if p.path != "" {
		runtime.MemProfileRate = 16 << 10 // finer than the default 512 KiB: the run's own holdings are small pieces
	}
	return p
}

// check writes the profile if a second has passed since the last look and
// the heap a collection leaves is the largest seen.
func (p *peakProfiler) check() {
	if p.path == "" || time.Since(p.last) < time.Second {
		return
	}
	p.last = time.Now()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapAlloc <= p.high {
		return
	}
	p.high = m.HeapAlloc
	f, err := os.Create(p.path)
	if err != nil {
		return
	}
	defer f.Close()
	_ = pprof.Lookup("heap").WriteTo(f, 0)
}
