package cli

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render"
)

// checkMember refuses a --member the manifest's lab does not have (or a
// --member without a lab) as a usage error that lists the members.
func checkMember(m *manifest.Manifest, name string) error {
	if name == "" {
		return nil
	}
	lab := render.LabOf(m)
	if lab == nil {
		return usageError(fmt.Errorf("--member %q: %s has no [lab]", name, m.Path),
			"--member renders one member's works from a lab's manifest ([lab] with [[member]]s; see docs/manifest.md)")
	}
	if lab.Find(name) < 0 {
		hint := "the manifest's lab has no [[member]] yet"
		if names := lab.Names(); len(names) > 0 {
			hint = "members: " + strings.Join(quoteAll(names), ", ")
		}
		return usageError(fmt.Errorf("--member %q is not a member of %s", name, lab.Name), hint)
	}
	return nil
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}
