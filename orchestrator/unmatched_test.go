package orchestrator

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// TestOverrideOfNoWorkIsWarned: an [[override]] of a work that is not
// among the run's works sets nothing, and the story and the run report
// say so at its line, as for an [[exclude]] that matches nothing; one of
// a work of the run is not warned about.
func TestOverrideOfNoWorkIsWarned(t *testing.T) {
	src := followManifest + // lines 1-5
		"\n[[override]]\nid = \"doi:10.5555/not.on.the.record\"\ntitle = \"Nowhere\"\n" + // [[override]] at line 7
		"\n[[override]]\nid = \"doi:" + followPreprint + "\"\nyear = 2023\n" // at line 11, of a work of the run
	var asked int
	var mu sync.Mutex
	m := newManifest(t, src)
	rep := runOK(t, testOptions(m, followNet(t, &asked, &mu), 4))
	want := m.Path + ":7 [[override]] matches no work of this run"
	var found int
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "[[override]]") {
			found++
			if !strings.Contains(w.Message, want) || w.Identity != "doi:10.5555/not.on.the.record" {
				t.Errorf("warning %+v, want %q", w, want)
			}
		}
	}
	if found != 1 {
		t.Errorf("%d override warnings, want 1: %+v", found, rep.Warnings)
	}
	var story bytes.Buffer
	rep.WriteSummary(&story)
	if !strings.Contains(story.String(), want) {
		t.Errorf("the story does not warn:\n%s", story.String())
	}
	var inReport bool
	for _, w := range rep.JSON().Warnings {
		inReport = inReport || strings.Contains(w.Message, want)
	}
	if !inReport {
		t.Errorf("the run report does not warn: %+v", rep.JSON().Warnings)
	}
}
