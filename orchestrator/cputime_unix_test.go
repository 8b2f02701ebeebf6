//go:build unix

package orchestrator

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system), which,
// unlike wall time, a loaded machine does not inflate; 0 where the system
// does not say.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
