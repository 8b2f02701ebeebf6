//go:build !unix

package netsim

import (
	"os"
	"os/exec"
	"time"
)

// The harness measures with GNU time and signals process groups, which
// only unix systems have; elsewhere the package builds (go build ./...)
// and a run is killed rather than interrupted.

func ownGroup(*exec.Cmd) {}

func usage(*os.ProcessState) (int64, time.Duration, bool) { return 0, 0, false }

func interruptGroup(pid int) { killGroup(pid) }

func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}
