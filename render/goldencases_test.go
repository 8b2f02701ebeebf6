package render

import "testing"

// TestEveryFormatHasAGolden: a format added to the formats table is held
// by a golden file from its first day, so adding one row without a golden
// case fails here rather than going untested.
func TestEveryFormatHasAGolden(t *testing.T) {
	cased := map[Format]bool{}
	for _, c := range goldenCases {
		cased[c.opts.Format] = true
	}
	for _, f := range Formats() {
		if !cased[f] {
			t.Errorf("format %s has no goldenCases entry (render_test.go): add one and review its golden", f)
		}
	}
}
