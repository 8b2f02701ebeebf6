package cli

import (
	"fmt"
	"io"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/works"
)

// warnStaleWorks says on stderr, one line each, which [[work]]s name no
// work of the folder (or mark authors it does not have): render still
// writes the page — a work leaving an ORCID record must not break a
// site's build — but never drops the user's fields without a word.
// check --offline fails on the same rule (works.StaleWorks).
func warnStaleWorks(stderr io.Writer, m *manifest.Manifest, loaded *folder.Folder) {
	if len(m.Works) == 0 {
		return
	}
	authors := make(map[string]int, len(loaded.Works))
	for _, w := range loaded.Works {
		authors[w.ID] = len(w.Record.Authors)
	}
	for _, s := range works.StaleWorks(m, authors) {
		fmt.Fprintf(stderr, "about: warning: %v\n", s)
	}
}
