package progress

import (
	"io"

	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal, where the live view can
// redraw in place.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}
