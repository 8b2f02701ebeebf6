//go:build !windows

package snapshots

import (
	"errors"
	"syscall"
)

// processAlive reports whether pid is a running process on this host.
// Signal 0 checks without sending anything; EPERM means it exists but
// belongs to another user.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
