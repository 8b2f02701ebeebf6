package works

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Unknown reports a work no service knows: none of its sources found it
// (each said "not found", or every one that was asked failed and none
// ever answered), so its merged record is empty. Such a work — a DOI with
// a typo, most often — is what fetch answers and keeps, but it is never
// an entry: a page or a .bib would show it as "Untitled" and look
// complete. render leaves it out and says so (UnknownMessage), and check
// says the same. A work any source found, or with a title or authors from
// anywhere (a previous run's values kept), is known.
func Unknown(w snapshots.Work) bool {
	for _, s := range w.Sources {
		if s.Status == string(record.Found) {
			return false
		}
	}
	return strings.TrimSpace(w.Record.Title) == "" && len(w.Record.Creators()) == 0
}

// UnknownMessage is what render and check say of an Unknown work: that it
// is left out, which services said "not found", and what to do.
func UnknownMessage(w snapshots.Work) string {
	var nowhere []string
	for _, s := range w.Sources {
		if s.Status == string(record.NotFound) {
			nowhere = append(nowhere, s.Provider)
		}
	}
	what := "identifier"
	if id, err := manifest.ParseKey(w.ID); err == nil && id.Kind == manifest.KindDOI {
		what = "DOI"
	}
	why := "no service has answered about it"
	if len(nowhere) > 0 {
		why = fmt.Sprintf("no service knows it (%s answered \"not found\")", strings.Join(nowhere, ", "))
	}
	return fmt.Sprintf("%s is left out: %s — check the %s", w.ID, why, what)
}
