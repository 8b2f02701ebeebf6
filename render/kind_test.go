package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestPosterIsLabelledPosterOnEveryPage: a poster is a speech of genre
// Poster; the page formats name it by its genre (not "Talk"), a talk
// without genre stays "Talk", and the type itself (which groups and
// filters) stays speech.
func TestPosterIsLabelledPosterOnEveryPage(t *testing.T) {
	f := &folder.Folder{Works: []folder.Work{
		{ID: "orcid-work:0000-0002-1825-0097/1", Record: record.Record{Title: "Limits of catalysis", Type: "speech", Genre: "Poster", Issued: record.NewDate(2022, 6, 0)}},
		{ID: "orcid-work:0000-0002-1825-0097/2", Record: record.Record{Title: "On catalysis", Type: "speech", Issued: record.NewDate(2021, 6, 0)}},
	}}
	for format, want := range map[Format][]string{
		Markdown:   {"June 2022. Poster.", "June 2021. Talk."},
		HTML:       {`<span class="type">Poster</span>`, `<span class="type">Talk</span>`},
		JSON:       {`"type_label": "Poster"`, `"type_label": "Talk"`},
		LabWebsite: {`- "Poster"`, `- "Talk"`},
	} {
		out := renderString(t, f, Options{Format: format, Group: ByYear})
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", format, w, out)
			}
		}
	}
}
