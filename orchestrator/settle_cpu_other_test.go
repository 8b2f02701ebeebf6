//go:build !unix

package orchestrator

import "time"

// processCPU is unknown here: BenchmarkSettle reports 0.
func processCPU() time.Duration { return 0 }
