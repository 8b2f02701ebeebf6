package orchestrator

import (
	"testing"
	"unsafe"
)

// TestAJobIsSmall: a run plans every job at once, a quarter of a million
// at 50,000 works, so a job's size is memory the whole run holds; it was
// 128 bytes with the spec and host beside each other and 64-bit places.
func TestAJobIsSmall(t *testing.T) {
	if n := unsafe.Sizeof(job{}); n > 96 {
		t.Errorf("a job is %d bytes; want at most 96", n)
	}
}
