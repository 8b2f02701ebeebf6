//go:build windows

package snapshots

import "os"

// processAlive reports whether pid is a running process on this host: on
// Windows, FindProcess opens a handle and fails for a pid that is gone.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
