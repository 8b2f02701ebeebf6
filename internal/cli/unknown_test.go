package cli

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// TestUnknownWorkLeftOutAndSaid: a DOI every service answered "not found"
// about (what fetch writes for a typo) is no entry of the page, and render
// and check --offline say the same line about it on stderr (#20, item 10).
func TestUnknownWorkLeftOutAndSaid(t *testing.T) {
	m, snaps := exampleCopy(t)
	editWork(t, snaps, "doi_10.1145_2f3448016.3452841.json", func(w *snapshots.Work) {
		w.Record, w.Provenance, w.Conflicts, w.Warnings, w.Decisions = record.Record{}, map[string]string{}, nil, nil, nil
		w.Sources = []snapshots.Source{
			{Provider: "crossref", Status: "not_found", Attribution: w.Sources[0].Attribution},
			{Provider: "openalex", Status: "not_found", Attribution: w.Sources[1].Attribution},
		}
	})
	const said = "about: warning: doi:10.1145/3448016.3452841 is left out: no service knows it (crossref, openalex answered \"not found\") — check the DOI\n"
	code, stdout, stderr := runCLI(t, "render", "--format", "bibtex", m)
	if code != 0 || !strings.Contains(stderr, said) {
		t.Errorf("render: exit %d, stderr %q; want %q", code, stderr, said)
	}
	if strings.Contains(stdout, "3448016") || strings.Contains(stdout, "Untitled") {
		t.Errorf("render shows the unknown work:\n%s", stdout)
	}
	_, _, stderr = runCLI(t, "check", "--offline", m)
	if !strings.Contains(stderr, said) {
		t.Errorf("check --offline stderr %q; want %q", stderr, said)
	}
}
