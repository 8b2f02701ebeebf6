//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// TestInterruptsSecondSignalAborts: the first SIGTERM (as SIGINT) cancels
// the run only; a second signal ends abort, and main is told to exit
// abortGrace later if the command has not returned. The process's old
// handling caught the second signal and ignored it.
func TestInterruptsSecondSignalAborts(t *testing.T) {
	sig := watchInterrupts()
	t.Cleanup(sig.stop)
	watchdog := func(ch <-chan struct{}, what string) {
		t.Helper()
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("timed out waiting for %s", what)
		}
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	watchdog(sig.run.Done(), "the first signal to cancel the run")
	if sig.abort.Err() != nil {
		t.Fatal("one signal aborted the writing too")
	}
	select {
	case <-sig.gone:
		t.Fatal("main was told to exit after one signal")
	default:
	}
	sent := time.Now()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	watchdog(sig.abort.Done(), "the second signal to abort")
	watchdog(sig.gone, "main to be told to exit")
	if waited := time.Since(sent); waited < abortGrace {
		t.Errorf("main was told to exit %v after the second signal, before the command's %v", waited, abortGrace)
	}
}
