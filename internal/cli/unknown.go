package cli

import (
	"fmt"
	"io"

	"github.com/aboutscholar/about/render"
)

// warnUnknownWorks says on stderr, one line each, which works render left
// out because no service knows them (works.Unknown): a typo in a DOI is
// never an "Untitled" entry, and never dropped without a word.
func warnUnknownWorks(stderr io.Writer, folder *render.Folder) {
	for _, msg := range folder.Unknown {
		fmt.Fprintf(stderr, "about: warning: %s\n", msg)
	}
}

// warnUnknownInFolder is check's side of the same rule: it says what
// render would leave out, so check and render agree. A folder render
// cannot read is check's own problem to report, not this warning's.
func warnUnknownInFolder(stderr io.Writer, dir string) {
	if folder, err := render.Load(dir); err == nil {
		warnUnknownWorks(stderr, folder)
	}
}
