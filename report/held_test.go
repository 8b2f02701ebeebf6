package report

import (
	"strings"
	"testing"
)

// TestHeldStory: each held record's line says how many works it dropped
// of how many, the closing line is "incomplete:" though every job
// answered, and the hint's command pastes back as one word per argument.
func TestHeldStory(t *testing.T) {
	r := &Report{RunFacts: RunFacts{Manifest: "my lab/manifest's.toml", Snapshots: "snapshots"}, FolderFacts: FolderFacts{Held: []HeldRemoval{
		{Record: "orcid:0000-0002-9341-7985", Had: 41, Lists: 0, Works: make([]string, 41)},
		{Record: "orcid:0000-0002-1825-0097", Had: 41, Lists: 8, Works: make([]string, 36)},
		{Record: "orcid:0000-0001-5109-3700", Had: 1, Lists: 0, Works: make([]string, 1)},
	}}}
	var b strings.Builder
	r.WriteSummary(&b)
	story := b.String()
	for _, want := range []string{
		"  orcid:0000-0002-9341-7985 lists no works now, where its last snapshot listed 41: kept all 41 and their files\n",
		"  orcid:0000-0002-1825-0097 no longer lists 36 of the 41 works its last snapshot listed (it lists 8 now): kept them and their files\n",
		"  orcid:0000-0001-5109-3700 lists no works now, where its last snapshot listed 1: kept it and its files\n",
		"incomplete: every job answered, but the removal of 78 works was held back (see above)\n",
	} {
		if !strings.Contains(story, want) {
			t.Errorf("the story lacks %q:\n%s", want, story)
		}
	}
	hint := "if those works really left orcid:0000-0002-9341-7985 and orcid:0000-0002-1825-0097 and orcid:0000-0001-5109-3700, accept their removal with: about fetch --accept-removals 'my lab/manifest'\\''s.toml'; otherwise run again later (the files stay until then)"
	if hints := r.Hints(); len(hints) == 0 || hints[0] != hint {
		t.Errorf("hints %q,\nwant first %q", hints, hint)
	}
	if got := r.JSON(); got.Outcome != "incomplete" || len(got.Snapshots.RemovalsHeld) != 3 || got.Snapshots.RemovalsHeld[1].Lists != 8 {
		t.Errorf("report outcome %q, removals_held %+v; want incomplete, the three records", got.Outcome, got.Snapshots.RemovalsHeld)
	}
}

// TestHeldStoryNamesTheListingsKind: a dblp person page or an INSPIRE
// author's listing that drops its works is called what it is, not an
// ORCID record; so is the reason nothing was pruned when one could not
// be read.
func TestHeldStoryNamesTheListingsKind(t *testing.T) {
	cases := []struct {
		held []HeldRemoval
		want string
	}{
		{[]HeldRemoval{{Record: "inspire:E.Witten.1", Had: 10, Works: make([]string, 10)}},
			"removals held back: an INSPIRE author's listing that drops all or most of its works at once"},
		{[]HeldRemoval{{Record: "dblp:95/7448-1", Had: 3, Works: make([]string, 3)}, {Record: "orcid:0000-0002-9341-7985", Had: 8, Works: make([]string, 8)}},
			"removals held back: a dblp person page or an ORCID record that drops all or most of its works at once"},
	}
	for _, c := range cases {
		r := &Report{FolderFacts: FolderFacts{Held: c.held}}
		var b strings.Builder
		r.WriteSummary(&b)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("the story lacks %q:\n%s", c.want, b.String())
		}
	}
	for key, want := range map[string]string{
		"orcid:0000-0002-9341-7985": "an ORCID record could not be read, so the full list of works is unknown",
		"dblp:95/7448-1":            "a dblp person page could not be read, so the full list of works is unknown",
		"inspire:E.Witten.1":        "an INSPIRE author's listing could not be read, so the full list of works is unknown",
	} {
		if got := PruneUnread(key).String(); got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}
