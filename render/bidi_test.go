package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
)

// A title with a right-to-left override (the "invoice‮gnp.exe" trick)
// and an isolate left open: in every format the text after it on the
// entry's line (authors, venue, the next field) was shown reordered, since
// no writer can close what a text opened. The explicit embeddings,
// overrides and isolates go where the page is built; the marks that open
// nothing (LRM, RLM) and right-to-left text itself stay.
func TestDirectionalControlsStayOutOfEveryFormat(t *testing.T) {
	f, person := fixture(t)
	hostile := withText(f, "invoice\u202egnp.exe \u2066open \u202bembed \u200fمرحبا")
	for _, format := range fuzzFormats {
		for path, data := range renderFiles(t, hostile, Options{Format: format, Person: person, Services: testServices()}) {
			text := string(data)
			if i := strings.IndexFunc(text, folder.BidiControl); i >= 0 {
				t.Errorf("%s %s holds %U: %q", format, path, []rune(text[i:])[0], text[max(0, i-30):min(len(text), i+30)])
			}
			if !strings.Contains(text, "invoicegnp.exe") && !strings.Contains(text, "invoicegnp") {
				t.Errorf("%s %s lost the title's text", format, path)
			}
		}
	}
}

// The C1 controls (U+0080–U+009F) are controls as C0's are: U+009B is a
// terminal's CSI, U+0085 a line break to XML 1.1 readers. Render turned
// only C0 and DEL into spaces, so a snapshot an older about wrote put them
// in every format but BibTeX.
func TestC1ControlsStayOutOfEveryFormat(t *testing.T) {
	f, person := fixture(t)
	hostile := withText(f, "next\u0085line \u009b2J cleared")
	for _, format := range fuzzFormats {
		for path, data := range renderFiles(t, hostile, Options{Format: format, Person: person, Services: testServices()}) {
			text := string(data)
			if i := strings.IndexFunc(text, func(r rune) bool { return r >= 0x80 && r <= 0x9f }); i >= 0 {
				t.Errorf("%s %s holds %U: %q", format, path, []rune(text[i:])[0], text[max(0, i-30):min(len(text), i+30)])
			}
		}
	}
}
