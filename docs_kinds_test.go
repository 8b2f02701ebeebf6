package main

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestManifestPageNamesEveryKind: docs/manifest.md has a row for each
// identifier kind a manifest may name (manifest/kinds.go) and lists it
// among [[identity]]'s keys, so a new kind is documented where a user
// looks for it.
func TestManifestPageNamesEveryKind(t *testing.T) {
	page := readText(t, "docs/manifest.md")
	var keysLine string
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "| `[[identity]]` |") {
			keysLine = line
		}
	}
	for _, k := range manifest.Kinds() {
		if !strings.Contains(page, "\n| `"+string(k)+"` | — |") {
			t.Errorf("docs/manifest.md: no row | `%s` | — | saying how to write the kind", k)
		}
		if !strings.Contains(keysLine, "`"+string(k)+"`") {
			t.Errorf("docs/manifest.md: the [[identity]] row does not name `%s` among its keys", k)
		}
	}
}
