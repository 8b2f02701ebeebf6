package orchestrator

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/render"
)

// TestCVTypstCompiles: the Typst CV of the fetched folder (every CV
// section the ORCID record has) compiles with the real Typst compiler
// without an error or a warning, and pdftotext reads back every section
// the record fills and every work's title, with the record's and the
// user's texts as they were sent (&, %, #, _ and all); the researcher is
// in bold with the user's marks.
func TestCVTypstCompiles(t *testing.T) {
	pdftotext := testtool.Need(t, "pdftotext")
	src := cvFetched(t, render.CVTypst)
	dir := t.TempDir()
	pdf, version := testtool.CompileTypst(t, dir, src)
	t.Logf("Typst %s", version)
	text := squeeze(corpusTool(t, dir, pdftotext, "-enc", "UTF-8", pdf, "-"))
	want := []string{"Josiah Carberry", "Employment", "Education", "Qualifications", "Invited positions", "Distinctions and awards",
		"Memberships", "Service", "Funding", "Peer review", "Publications",
		"Wesleyan University", "Ionian Philology", "Chartered Psychoceramicist", "Visiting Fellow", "Medal for Cracked Pots & Glazes",
		"American Association of Potters", "Editor-in-Chief (R&D, 100% voluntary)", "Cracks in ancient pots: a_survey", "PSY-1234#5",
		"The Psychoceramics Society: 1 review, latest 2004", "Best Paper & Prize", "Josiah Carberry*†, Ada Lovelace*", "* Equal contribution; † Corresponding author"}
	for _, w := range append(want, cvWorkTitles...) {
		if !strings.Contains(text, squeeze(w)) {
			t.Errorf("the PDF lacks %q:\n%s", w, text)
		}
	}
	if w := `#strong("Josiah Carberry")#super("*†")#", Ada Lovelace"#super("*")`; !strings.Contains(src, w) {
		t.Errorf("the Typst lacks %s:\n%s", w, src)
	}
}
