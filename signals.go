package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// abortGrace is how long the command gets to return after a second
// interrupt (it stops writing between two files, releases the snapshot
// lock and says so, in milliseconds) before main exits regardless: files
// are replaced atomically, so an exit at any moment leaves each whole.
const abortGrace = time.Second

// interrupts is how this process takes SIGINT and SIGTERM, alike: the
// first cancels run (the command settles: stops asking, writes nothing or
// within its budget, releases its lock); the second ends abort (stop
// writing now), and gone is closed abortGrace later for main to exit
// even if the command has not returned. A run at full CPU writing tens of
// thousands of files once ignored both until SIGKILL.
type interrupts struct {
	run, abort context.Context
	gone       <-chan struct{}
	stop       func() // stops listening; signals act as by default again
}

func watchInterrupts() interrupts {
	run, interrupt := context.WithCancel(context.Background())
	abort, second := context.WithCancel(context.Background())
	gone := make(chan struct{})
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	quit := make(chan struct{})
	go func() {
		for n := 1; ; n++ {
			select {
			case <-sigs:
			case <-quit:
				return
			}
			if n == 1 {
				interrupt()
				continue
			}
			second()
			select {
			case <-time.After(abortGrace):
				close(gone)
			case <-quit:
			}
			return
		}
	}()
	return interrupts{run: run, abort: abort, gone: gone, stop: func() {
		signal.Stop(sigs)
		close(quit)
		interrupt()
		second()
	}}
}
