//go:build unix

package orchestrator

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used so far (user and
// system, from getrusage): on a loaded machine it tells the settle's own
// cost from the wait for a core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
