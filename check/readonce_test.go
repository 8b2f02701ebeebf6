package check

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestCheckOfflineReadsEachFileOnce: check --offline of the committed
// example reads every file of the folder once, the work files included,
// which the re-merge, the link pass and the [[work]] author marks all look
// at (they used to read each work file again, the marks a third time),
// and finds the folder good.
func TestCheckOfflineReadsEachFileOnce(t *testing.T) {
	m, err := manifest.Load(filepath.Join("..", "examples", "manifest.toml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "examples", "snapshots")
	var mu sync.Mutex
	reads := map[string]int{}
	readFile := func(p string) ([]byte, error) {
		mu.Lock()
		reads[filepath.ToSlash(p)]++
		mu.Unlock()
		return os.ReadFile(p)
	}
	check := checkOffline(m, dir, readFile)
	if len(check.Problems) > 0 || len(check.Refused) > 0 || len(check.Stale) > 0 {
		t.Fatalf("the committed example: %v %v %v", check.Problems, check.Refused, check.Stale)
	}
	works, _ := filepath.Glob(filepath.Join(dir, "works", "*.json"))
	if len(works) == 0 {
		t.Fatal("no example works")
	}
	for _, w := range works {
		if n := reads[filepath.ToSlash(w)]; n != 1 {
			t.Errorf("%s read %d times, want once", w, n)
		}
	}
	for p, n := range reads {
		if n > 2 || n > 1 && filepath.Dir(p) != filepath.ToSlash(dir) {
			t.Errorf("%s read %d times", p, n)
		}
	}
}
