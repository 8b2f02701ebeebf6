package bibfile

import (
	"fmt"
	"strings"
	"testing"
)

// TestAStringBuiltOnItselfIsCutShort: forty @strings, each two of the
// one before it (s1 = s0 # s0, ...), are 1.5 KB of file and 2^39 × 10
// characters of value: about import ran out of memory and crashed
// ("fatal error: out of memory"). The value that grows past any real
// field's length is a problem with its line, and the entries read on.
func TestAStringBuiltOnItselfIsCutShort(t *testing.T) {
	lines := []string{`@string{s0 = "xxxxxxxxxx"}`}
	for i := 1; i < 40; i++ {
		lines = append(lines, fmt.Sprintf("@string{s%d = s%d # s%d}", i, i-1, i-1))
	}
	lines = append(lines, "@misc{lol2020, title = {T}, note = s39}", "@misc{fine2020, title = {Fine}}")
	f := Parse("lol.bib", []byte(strings.Join(lines, "\n")+"\n"))
	if f.Lookup("fine2020") == nil {
		t.Fatalf("fine2020 not read: %v", f.Problems)
	}
	grown := false
	for _, p := range f.Problems {
		grown = grown || strings.Contains(p.Error(), "longer than")
	}
	if !grown {
		t.Errorf("no problem names the value that grew: %v", f.Problems)
	}
}

// TestAStringUsedOverAndOverIsCutShort: no value past maxValue, but a
// thousand fields each naming a 2.6-million-character @string would hold
// gigabytes.
func TestAStringUsedOverAndOverIsCutShort(t *testing.T) {
	lines := []string{`@string{s0 = "xxxxxxxxxx"}`}
	for i := 1; i < 19; i++ {
		lines = append(lines, fmt.Sprintf("@string{s%d = s%d # s%d}", i, i-1, i-1))
	}
	for i := range 1000 {
		lines = append(lines, fmt.Sprintf("@misc{k%d, title = {T}, note = s18}", i))
	}
	f := Parse("lol.bib", []byte(strings.Join(lines, "\n")+"\n"))
	grown := false
	for _, p := range f.Problems {
		grown = grown || strings.Contains(p.Error(), "grown")
	}
	if !grown || len(f.Entries) != 1000 {
		t.Errorf("%d entries, problems naming the growth: %v", len(f.Entries), grown)
	}
}
