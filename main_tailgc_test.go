package main

import (
	"runtime/debug"
	"testing"
)

// TestTighterCollectorHalvesAndRestores: the write tail collects twice as
// often as the rest of the run, whatever pace was set, and gives the pace
// back after; with the collector off it stays off.
func TestTighterCollectorHalvesAndRestores(t *testing.T) {
	prev := debug.SetGCPercent(80)
	t.Cleanup(func() { debug.SetGCPercent(prev) })
	restore := tighterCollector()
	if now := debug.SetGCPercent(80); now != 40 {
		t.Errorf("pace in the tail %d; want 40, half of 80", now)
	}
	debug.SetGCPercent(40)
	restore()
	if now := debug.SetGCPercent(-1); now != 80 {
		t.Errorf("pace after the tail %d; want 80 again", now)
	}
	restore = tighterCollector()
	if now := debug.SetGCPercent(-1); now != -1 {
		t.Errorf("collector off: pace %d in the tail; want it off", now)
	}
	restore()
}
