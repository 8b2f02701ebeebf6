package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestWorkExamplesLoad: every ```toml block of the README and
// docs/manifest.md that holds a [[work]] loads (after an [[identity]]),
// so the examples a reader copies are ones the loader takes.
func TestWorkExamplesLoad(t *testing.T) {
	block := regexp.MustCompile("(?s)```toml\n(.*?)```")
	found := 0
	for _, page := range []string{"README.md", "docs/manifest.md"} {
		for _, m := range block.FindAllStringSubmatch(readText(t, page), -1) {
			if !strings.Contains(m[1], "[[work]]") {
				continue
			}
			found++
			path := filepath.Join(t.TempDir(), "manifest.toml")
			writeFile(t, path, "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"+m[1])
			mf, err := manifest.Load(path)
			if err != nil {
				t.Errorf("%s: the [[work]] example does not load: %v\n%s", page, err, m[1])
				continue
			}
			if len(mf.Works) != 1 {
				t.Errorf("%s: %d works read from the example", page, len(mf.Works))
			}
		}
	}
	if found < 2 {
		t.Errorf("%d [[work]] examples found in the README and docs/manifest.md, want both", found)
	}
}
