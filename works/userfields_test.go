package works

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// Each [[work]] names a listed work and marks only authors it has; an
// unreadable file (-1) is the folder's problem, not a stale [[work]].
func TestStaleWorks(t *testing.T) {
	m, err := manifest.Parse("m.toml", []byte(`[[identity]]
doi = "10.1/a"

[[work]]
id = "doi:10.1/a"
equal = [1, 2]

[[work]]
id = "doi:10.1/b"
corresponding = [4]

[[work]]
id = "doi:10.1/c"
equal = [1, 3]

[[work]]
id = "doi:10.1/gone"
tags = ["x"]
`))
	if err != nil {
		t.Fatal(err)
	}
	got := StaleWorks(m, map[string]int{"doi:10.1/a": 2, "doi:10.1/b": 3, "doi:10.1/c": -1})
	want := []string{
		"m.toml:10: [[work]] for doi:10.1/b marks author 4 (corresponding), but the work has 3 authors",
		"m.toml:16: [[work]] for doi:10.1/gone is stale",
	}
	if len(got) != len(want) {
		t.Fatalf("%d stale, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i].Error(), w) {
			t.Errorf("stale %d: %v, want %s…", i, got[i], w)
		}
	}
}
