package manifest

import (
	"fmt"
	"strings"
	"testing"
)

// bigManifest is n imported [[work]]s as about import writes them (a
// lab's papers.bib, a Zotero library): nine lines each.
func bigManifest(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[[work]]\nkey = \"k%d\"\ntitle = \"Title %d\"\nauthors = [\"Lee, Ann\"]\ndate = \"2020\"\n[work.fields]\nabbr = \"J\"\nnote = \"%s\"\n\n", i, i, strings.Repeat("word ", 40))
	}
	return []byte(b.String())
}

// TestKeyLinesOfALargeManifest: every command parses the manifest, and an
// imported one holds thousands of works; the lines keyLines gives the last
// of 16,000 works are right (line = 9 × index + offset). How the time
// grows is BenchmarkKeyLines's figure, not an assertion: keyLines counted
// the newlines from the file's start for every key (10,000 works took
// 16 s), and a wall-clock ratio measured on a shared machine flaked.
func TestKeyLinesOfALargeManifest(t *testing.T) {
	const n = 16000
	lines, err := keyLines(bigManifest(n))
	if err != nil {
		t.Fatal(err)
	}
	last := n - 1
	for key, want := range map[string]int{
		fmt.Sprintf("work.%d", last):             9*last + 1,
		fmt.Sprintf("work.%d.title", last):       9*last + 3,
		fmt.Sprintf("work.%d.fields", last):      9*last + 6,
		fmt.Sprintf("work.%d.fields.note", last): 9*last + 8,
	} {
		if got := lines[key]; got != want {
			t.Errorf("%s on line %d, want %d", key, got, want)
		}
	}
}

// BenchmarkKeyLines gives the time per manifest at 2,000 and 16,000 works
// (go test ./manifest -run X -bench KeyLines), to compare on an idle
// machine: the count from the file's start made it grow as the square.
func BenchmarkKeyLines(b *testing.B) {
	for _, n := range []int{2000, 16000} {
		data := bigManifest(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				if _, err := keyLines(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
