package orchestrator

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
)

// An ORCID record that comes back empty (#30): /works answering 200 with
// no group, for a record whose last file listed 8 works, removed all 8
// and their files with "complete". Losing all (or most) of a record's
// works at once is far likelier a fault of the answer than the owner's
// edit: its works stay until the user accepts the removal.

const recordedORCID = "0000-0002-9341-7985"

// emptiedAnswers are works summaries, as pub.orcid.org would send them
// with a 200, that list no work: no group at all, and groups whose every
// entry is gone.
var emptiedAnswers = map[string]string{
	"no group":           `{"last-modified-date":null,"group":[],"path":"/` + recordedORCID + `/works"}`,
	"groups, no entries": `{"last-modified-date":{"value":1437748178734},"group":[{"last-modified-date":null,"external-ids":{"external-id":[]},"work-summary":[]}],"path":"/` + recordedORCID + `/works"}`,
}

// emptied serves the recorded record's works summary as body.
func emptied(net *fakeNet, body string) {
	net.routes["pub.orcid.org/v3.0/"+recordedORCID+"/works"] = fakeAnswer{200, []byte(body)}
}

// TestEmptiedRecordKeepsItsWorks: every file stays byte for byte (the
// record's own file too, so the next run compares with the 8 again), and
// the report names the record, how many works it had and lists, and each
// work kept.
func TestEmptiedRecordKeepsItsWorks(t *testing.T) {
	for name, body := range emptiedAnswers {
		t.Run(name, func(t *testing.T) {
			m := newManifest(t, recordedManifest)
			first := runOK(t, testOptions(m, recordedNet(t), 4))
			before := folderBytes(t, m.Snapshots)
			var had []string
			for _, id := range first.Works {
				if !slices.ContainsFunc(m.Identities, func(e manifest.Entry) bool { return e.Key() == id.Key() }) {
					had = append(had, id.Key())
				}
			}

			net := recordedNet(t)
			emptied(net, body)
			rep := runOK(t, testOptions(m, net, 4))
			if len(rep.Removed) != 0 || len(rep.WorksRemoved) != 0 || len(rep.Works) != 12 {
				t.Errorf("removed %v (works %v); want the 12 works kept, no file removed", rep.Removed, rep.WorksRemoved)
			}
			if got := folderBytes(t, m.Snapshots); got != before {
				t.Error("the snapshot folder changed although the record's answer only dropped every work")
			}
			if len(rep.Held) != 1 {
				t.Fatalf("held %+v, want the one record", rep.Held)
			}
			h := rep.Held[0]
			if h.Record != "orcid:"+recordedORCID || h.Had != 8 || h.Lists != 0 || len(h.Works) != 8 {
				t.Errorf("held %+v, want orcid:%s, had 8, lists 0, its 8 works", h, recordedORCID)
			}
			slices.Sort(had)
			got := slices.Sorted(slices.Values(h.Works))
			if !slices.Equal(got, had) {
				t.Errorf("held works %v, want the record's %v", got, had)
			}
			if rep.Incomplete() {
				t.Errorf("short jobs %v: every job answered", rep.ShortJobs())
			}
		})
	}
}

// TestAcceptRemovalsRemovesAnEmptiedRecordsWorks: the user says the record
// really is empty (--accept-removals): its 8 works and their files go.
func TestAcceptRemovalsRemovesAnEmptiedRecordsWorks(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	net := recordedNet(t)
	emptied(net, emptiedAnswers["no group"])
	opts := testOptions(m, net, 4)
	opts.AcceptRemovals = true
	rep := runOK(t, opts)
	if len(rep.WorksRemoved) != 8 || len(rep.Works) != 4 || len(rep.Held) != 0 || rep.NotPruned != report.Pruned {
		t.Errorf("removed %v, %d works left, held %+v (note %q); want the record's 8 removed, the 4 DOIs left", rep.WorksRemoved, len(rep.Works), rep.Held, rep.NotPruned)
	}
}

// heldManifest is a lab of two members whose records list works with no
// DOI (a Scopus eid each), so ORCID alone is asked.
const heldManifest = `mailto = "ada@example.org"
providers = ["orcid"]
` + kilnLab

// eidWorks is n works of a record, each a Scopus copy with an eid alone,
// put-codes from first.
func eidWorks(first, n int) []profileWork {
	var out []profileWork
	for i := first; i < first+n; i++ {
		out = append(out, profileWork{i, "Scopus - Elsevier", fmt.Sprintf("Glazes %d", i), "journal-article", 2000 + i%20, "eid", fmt.Sprintf("2-s2.0-%011d", i)})
	}
	return out
}

// heldNet serves the two members' records.
func heldNet(t *testing.T, owner, member []profileWork) *fakeNet {
	n := newFakeNet(t)
	for orcid, works := range map[string][]profileWork{oneOwner: owner, oneMember: member} {
		if len(works) == 0 {
			n.routes["pub.orcid.org/v3.0/"+orcid+"/works"] = fakeAnswer{200, []byte(`{"last-modified-date":null,"group":[],"path":"/` + orcid + `/works"}`)}
			n.file("pub.orcid.org", "/v3.0/"+orcid+"/person", 200, "orcid/constructed-orcid-person-0000-0002-1825-0097.json")
			continue
		}
		serveProfile(n, orcid, works)
	}
	return n
}

// TestOneOfTenRemovedAsBefore: a record that loses 1 of its 10 works is
// an edit: the work and its file go, nothing is held.
func TestOneOfTenRemovedAsBefore(t *testing.T) {
	m := newManifest(t, heldManifest)
	runOK(t, testOptions(m, heldNet(t, eidWorks(100, 10), eidWorks(200, 3)), 2))
	rep := runOK(t, testOptions(m, heldNet(t, eidWorks(101, 9), eidWorks(200, 3)), 2))
	if len(rep.WorksRemoved) != 1 || len(rep.Removed) != 1 || len(rep.Held) != 0 {
		t.Errorf("removed %v (files %v), held %+v; want the one work and its file removed, nothing held", rep.WorksRemoved, rep.Removed, rep.Held)
	}
}

// TestOnlyTheEmptiedRecordIsHeld: in a lab, one member's record comes back
// empty while the other's loses 1 of its 6 works: the empty record's 6
// works stay, the other's removal goes ahead.
func TestOnlyTheEmptiedRecordIsHeld(t *testing.T) {
	m := newManifest(t, heldManifest)
	first := runOK(t, testOptions(m, heldNet(t, eidWorks(100, 6), eidWorks(200, 6)), 2))
	if len(first.Works) != 12 {
		t.Fatalf("first run wrote %d works, want 12", len(first.Works))
	}
	rep := runOK(t, testOptions(m, heldNet(t, nil, eidWorks(201, 5)), 2))
	if len(rep.WorksRemoved) != 1 || !strings.Contains(rep.WorksRemoved[0], oneMember) {
		t.Errorf("removed %v; want the member's one work", rep.WorksRemoved)
	}
	if len(rep.Works) != 11 {
		t.Errorf("%d works; want the owner's 6 kept and the member's 5", len(rep.Works))
	}
	if len(rep.Held) != 1 || rep.Held[0].Record != "orcid:"+oneOwner || rep.Held[0].Had != 6 || len(rep.Held[0].Works) != 6 {
		t.Errorf("held %+v; want the owner's record, its 6 works", rep.Held)
	}
}

// TestNullGroupIsAnUnreadRecord: a 200 whose works summary has no group
// list at all ({"group": null}, {}) is no listing but a malformed answer:
// the record is unread, as before, so nothing is pruned and the run is
// short. It pins that the two answers are not told apart from an empty
// listing by luck.
func TestNullGroupIsAnUnreadRecord(t *testing.T) {
	for name, body := range map[string]string{"group null": `{"last-modified-date":null,"group":null}`, "empty object": `{}`} {
		t.Run(name, func(t *testing.T) {
			m := newManifest(t, recordedManifest)
			runOK(t, testOptions(m, recordedNet(t), 4))
			before := folderBytes(t, m.Snapshots)
			net := recordedNet(t)
			emptied(net, body)
			rep := runOK(t, testOptions(m, net, 4))
			if len(rep.Removed) != 0 || rep.NotPruned != report.PruneRecordUnread || !rep.Incomplete() || len(rep.Held) != 0 {
				t.Errorf("removed %v, note %q, short %v, held %+v; want an unread record: nothing pruned, the run short", rep.Removed, rep.NotPruned, rep.ShortJobs(), rep.Held)
			}
			if got := folderBytes(t, m.Snapshots); got != before {
				t.Error("the snapshot folder changed although the record could not be read")
			}
		})
	}
}
