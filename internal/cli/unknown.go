package cli

import (
	"fmt"
	"io"

	"github.com/aboutscholar/about/render/folder"
)

// warnUnknownWorks says on stderr, one line each, which works render left
// out because no service knows them (works.Unknown): a typo in a DOI is
// never an "Untitled" entry, and never dropped without a word. check
// --offline says the same lines (check.Findings.Unknown).
func warnUnknownWorks(stderr io.Writer, loaded *folder.Folder) {
	for _, msg := range loaded.Unknown {
		fmt.Fprintf(stderr, "about: warning: %s\n", msg)
	}
}
