//go:build unix

package netsim

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// ownGroup starts cmd in its own process group, so a signal to the group
// reaches the binary under GNU time as a terminal's Ctrl-C does.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// usage is the exited process's peak RSS (KB) and CPU time.
func usage(state *os.ProcessState) (rssKB int64, cpu time.Duration, ok bool) {
	ru, ok := state.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, false
	}
	return ru.Maxrss, time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func interruptGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGINT) }
func killGroup(pid int)      { _ = syscall.Kill(-pid, syscall.SIGKILL) }
