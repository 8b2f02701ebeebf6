package main

import "runtime/debug"

// tighterCollector halves the garbage collector's pace (GOGC, as the
// user or main set it) until the returned func restores it. The write
// tail holds the run's largest heap (every work's link form, its outcomes
// and the files it has written) while it reads back and writes every
// work's documents, garbage the collector must keep up with: at 50,000
// works the tail is where the peak RSS came, growing by a third in its
// last 20 s, while the rest of the run is paced by the services, not by
// the CPU. With the collector off (GOGC=off) it does nothing.
func tighterCollector() (restore func()) {
	prev := debug.SetGCPercent(-1)
	if prev <= 1 {
		debug.SetGCPercent(prev)
		return func() {}
	}
	debug.SetGCPercent(prev / 2)
	return func() { debug.SetGCPercent(prev) }
}
