package manifest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestKeyLinesGrowsWithTheFileNotItsSquare: about import makes manifests
// of thousands of [[work]]s (a lab's papers.bib, a Zotero library), and
// every command parses the manifest. keyLines counted the newlines from
// the file's start for every key: 10,000 imported works took 16 s to
// load, where 2,500 took 1 s. Eight times the works must take well under
// sixty-four times as long (linear is eight; the margin is for a shared
// machine, the best of three runs each).
func TestKeyLinesGrowsWithTheFileNotItsSquare(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a large manifest")
	}
	manifestOf := func(n int) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[[work]]\nkey = \"k%d\"\ntitle = \"Title %d\"\nauthors = [\"Lee, Ann\"]\ndate = \"2020\"\n[work.fields]\nabbr = \"J\"\nnote = \"%s\"\n\n", i, i, strings.Repeat("word ", 40))
		}
		return []byte(b.String())
	}
	best := func(data []byte) time.Duration {
		var min time.Duration
		for range 3 {
			start := time.Now()
			lines, err := keyLines(data)
			if err != nil || len(lines) == 0 {
				t.Fatal(err)
			}
			if d := time.Since(start); min == 0 || d < min {
				min = d
			}
		}
		return min
	}
	small, large := best(manifestOf(2000)), best(manifestOf(16000))
	t.Logf("2000 works: %v, 16000 works: %v", small, large)
	if ratio := float64(large) / float64(small); ratio > 32 {
		t.Errorf("2000 works read in %v, 16000 in %v: %.0f times as long for 8 times the works", small, large, ratio)
	}
}
