package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDevelopmentMapNamesEveryPackage holds docs/development.md's layout,
// the map a newcomer reads first, to the module's packages: a package
// added, moved or split without its line there fails here.
func TestDevelopmentMapNamesEveryPackage(t *testing.T) {
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	doc := readFile(t, "docs/development.md")
	layout, _, _ := strings.Cut(doc[strings.Index(doc, "## Layout"):], "\n## ")
	for _, pkg := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(pkg, "github.com/aboutscholar/about/")
		if !ok {
			continue // main: main.go's line
		}
		if !strings.Contains(layout, "`"+rel+"/`") && !strings.Contains(layout, "`"+rel+"`") {
			t.Errorf("docs/development.md's Layout does not name %s", rel)
		}
	}
}
