package orchestrator

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/check"
)

const (
	followORCID     = "0000-0002-1694-233X"
	followPreprint  = "10.1101/2024.01.01.000001"
	followPublished = "10.5555/carberry.kilns"
)

// followManifest expands an ORCID record that lists only a bioRxiv
// preprint, whose Crossref record says it is a preprint of a journal
// article the record does not list.
const followManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref"]

[[identity]]
orcid = "` + followORCID + `"
`

// followNet serves that record, the preprint's Crossref record with its
// is-preprint-of relation, and the published article's, and counts the
// requests that name the published DOI.
func followNet(t testing.TB, published *int, mu *sync.Mutex) *fakeNet {
	n := newFakeNet(t)
	summary := `{"created-date":{"value":1600000000000},"last-modified-date":{"value":1700000000000},
		"source":{"source-name":{"value":"Crossref"}},"put-code":9001,
		"title":{"title":{"value":"Kilns under load"}},
		"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"` + followPreprint + `",
			"external-id-normalized":{"value":"` + followPreprint + `","transient":true},"external-id-relationship":"self"}]},
		"type":"preprint","publication-date":{"year":{"value":"2024"}},"visibility":"public",
		"path":"/` + followORCID + `/work/9001","display-index":"1"}`
	n.routes["pub.orcid.org/v3.0/"+followORCID+"/works"] = fakeAnswer{200, []byte(`{"last-modified-date":null,"group":[{"last-modified-date":null,
		"external-ids":{"external-id":[]},"work-summary":[` + summary + `]}],"path":"/` + followORCID + `/works"}`)}
	n.routes["pub.orcid.org/v3.0/"+followORCID+"/works/9001"] = fakeAnswer{200, []byte(`{"bulk":[{"work":` + summary + `}]}`)}
	n.file("pub.orcid.org", "/v3.0/"+followORCID+"/person", 200, "orcid/constructed-orcid-person-0000-0002-1825-0097.json")
	crossref := func(doi, typ, title, relation string) fakeAnswer {
		return fakeAnswer{200, []byte(`{"status":"ok","message-type":"work","message":{
			"DOI":"` + doi + `","type":"` + typ + `","title":["` + title + `"],
			"author":[{"given":"Josiah","family":"Carberry","ORCID":"http://orcid.org/` + followORCID + `","sequence":"first"}],
			"relation":` + relation + `}}`)}
	}
	n.routes["api.crossref.org/works/"+followPreprint] = crossref(followPreprint, "posted-content", "Kilns under load",
		`{"is-preprint-of":[{"id-type":"doi","id":"`+followPublished+`","asserted-by":"subject"}]}`)
	n.routes["api.crossref.org/works/"+followPublished] = crossref(followPublished, "journal-article", "Kilns under load",
		`{"has-preprint":[{"id-type":"doi","id":"`+followPreprint+`","asserted-by":"subject"}]}`)
	n.agencies = map[string]string{"10.1101": "Crossref", "10.5555": "Crossref"}
	n.Before(func(req *http.Request) {
		if req.URL.Host == "api.crossref.org" && strings.Contains(req.URL.String(), followPublished) {
			mu.Lock()
			*published++
			mu.Unlock()
		}
	})
	return n
}

func readLinks(t *testing.T, dir string) snapshots.Links {
	t.Helper()
	var links snapshots.Links
	if err := snapshots.Read(snapshots.Dir{Root: dir}.LinksPath(), &links); err != nil {
		t.Fatal(err)
	}
	return links
}

var publishedID = manifest.Identity{Kind: manifest.KindDOI, Value: followPublished}

// TestFollowPublishedVersion: a preprint on the record whose published
// version the record lacks brings it in, in a second round of the same
// run, as a work of its own linked to the preprint.
func TestFollowPublishedVersion(t *testing.T) {
	var asked int
	var mu sync.Mutex
	m := newManifest(t, followManifest)
	rep := runOK(t, testOptions(m, followNet(t, &asked, &mu), 4))
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	if asked != 1 {
		t.Errorf("the published version was asked for %d times, want once", asked)
	}
	var work snapshots.Work
	if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.WorkPath(publishedID), &work); err != nil {
		t.Fatalf("the published version was not written: %v", err)
	}
	if want := []string{snapshots.OriginLinked + "doi:" + followPreprint}; !slices.Equal(work.Origins, want) {
		t.Errorf("origins %v, want %v", work.Origins, want)
	}
	links := readLinks(t, m.Snapshots)
	if len(links.Links) != 1 || links.Links[0].Kind != manifest.LinkPreprintOf || links.Links[0].From != "doi:"+followPreprint || links.Links[0].To != "doi:"+followPublished {
		t.Errorf("links %+v, want the preprint linked to its published version", links.Links)
	}
	if links.ShownAs["doi:"+followPreprint] != "doi:"+followPublished {
		t.Errorf("shown_as %v", links.ShownAs)
	}
	if len(rep.Followed) != 1 || rep.Followed[0].Published != "doi:"+followPublished {
		t.Errorf("followed %v", rep.Followed)
	}
	var summary bytes.Buffer
	rep.WriteSummary(&summary)
	if !strings.Contains(summary.String(), "fetched the published version of preprints") || !strings.Contains(summary.String(), "doi:"+followPublished+", the published version of doi:"+followPreprint) {
		t.Errorf("the summary does not say what was followed:\n%s", summary.String())
	}
	for _, n := range rep.Notes() {
		if strings.Contains(n, "not among the works") {
			t.Errorf("note %q after the published version was fetched", n)
		}
	}
	if problems := check.Folder(m, m.Snapshots); len(problems) > 0 {
		t.Errorf("check --offline finds problems with the linked work: %v", problems)
	}

	// A second run changes nothing; one where the published version
	// cannot be read keeps its file.
	before := folderBytes(t, m.Snapshots)
	runOK(t, testOptions(m, followNet(t, &asked, &mu), 1))
	if folderBytes(t, m.Snapshots) != before {
		t.Error("a rerun changed the snapshots")
	}
	broken := followNet(t, &asked, &mu)
	broken.routes["api.crossref.org/works/"+followPublished] = fakeAnswer{502, []byte("bad gateway")}
	rep = runOK(t, testOptions(m, broken, 4))
	if !slices.Contains(rep.Kept, "doi:"+followPublished) {
		t.Errorf("kept %v, want the published version's previous values kept", rep.Kept)
	}
	if folderBytes(t, m.Snapshots) != before {
		t.Error("a failed second round changed the snapshots")
	}

	// Once the preprint no longer links to it, the published version leaves.
	gone := followNet(t, &asked, &mu)
	gone.routes["api.crossref.org/works/"+followPreprint] = fakeAnswer{200, []byte(`{"status":"ok","message-type":"work","message":{
		"DOI":"` + followPreprint + `","type":"posted-content","title":["Kilns under load"]}}`)}
	rep = runOK(t, testOptions(m, gone, 4))
	if _, err := os.Stat(snapshots.Dir{Root: m.Snapshots}.WorkPath(publishedID)); err == nil || !slices.Contains(rep.WorksRemoved, "doi:"+followPublished) {
		t.Errorf("the published version stayed after its preprint stopped linking to it (removed %v)", rep.WorksRemoved)
	}
}

// TestFollowPublishedPrevented: an [[exclude]] of the published version, a
// [[link]] kind = "distinct" on the pair, or follow_published = false
// keeps it out: it is never asked for nor written.
func TestFollowPublishedPrevented(t *testing.T) {
	cases := map[string]string{
		"exclude":  followManifest + "\n[[exclude]]\nid = \"doi:" + followPublished + "\"\nreason = \"not mine\"\n",
		"distinct": followManifest + "\n[[link]]\nfrom = \"doi:" + followPreprint + "\"\nto = \"doi:" + followPublished + "\"\nkind = \"distinct\"\n",
		"off":      "follow_published = false\n" + followManifest,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			var asked int
			var mu sync.Mutex
			m := newManifest(t, src)
			rep := runOK(t, testOptions(m, followNet(t, &asked, &mu), 4))
			if asked != 0 {
				t.Errorf("the published version was asked for %d times", asked)
			}
			if _, err := os.Stat(snapshots.Dir{Root: m.Snapshots}.WorkPath(publishedID)); err == nil {
				t.Error("the published version was written")
			}
			if len(rep.Followed) != 0 {
				t.Errorf("followed %v", rep.Followed)
			}
			for _, w := range rep.Warnings {
				if strings.Contains(w.Message, "matches no work") || strings.Contains(w.Message, "does nothing") {
					t.Errorf("warning %q: the manifest entry did keep the published version out", w.Message)
				}
			}
			noted := slices.ContainsFunc(rep.Notes(), func(n string) bool { return strings.Contains(n, "not among the works") })
			if noted != (name == "off") {
				t.Errorf("note suggesting the published version: %v, want %v (%v)", noted, name == "off", rep.Notes())
			}
			if name == "exclude" && (len(rep.Excluded) != 1 || !strings.Contains(rep.Excluded[0].Reason, "not mine")) {
				t.Errorf("excluded %v", rep.Excluded)
			}
			if problems := check.Folder(m, m.Snapshots); len(problems) > 0 {
				t.Errorf("check --offline: %v", problems)
			}
		})
	}
}

// TestFollowedWorkNotWrittenKeepsTheOthersStraight: of two published
// versions followed, the first cannot be read (its host fails and it has
// no file), so it is not written; the second is, and the report names the
// second, not the first, as the work followed and among the works.
func TestFollowedWorkNotWrittenKeepsTheOthersStraight(t *testing.T) {
	const unreadable = "10.5554/aaa.first" // sorts before followPublished; a DataCite DOI, so asked of DataCite alone
	var asked int
	var mu sync.Mutex
	m := newManifest(t, strings.Replace(followManifest, `"crossref"]`, `"crossref", "datacite"]`, 1))
	n := followNet(t, &asked, &mu)
	n.routes["api.crossref.org/works/"+followPreprint] = fakeAnswer{200, []byte(`{"status":"ok","message-type":"work","message":{
		"DOI":"` + followPreprint + `","type":"posted-content","title":["Kilns under load"],
		"relation":{"is-preprint-of":[{"id-type":"doi","id":"` + unreadable + `","asserted-by":"subject"},{"id-type":"doi","id":"` + followPublished + `","asserted-by":"subject"}]}}}`)}
	n.otherwise("api.datacite.org", http.StatusBadRequest, "bad request")
	n.agencies["10.5554"] = "DataCite"
	rep, err := Run(context.Background(), testOptions(m, n, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rep.ShortJobs(), func(o report.Outcome) bool { return o.Identity.Key() == "doi:"+unreadable }) {
		t.Fatalf("short jobs %v, want the unreadable published version's", rep.ShortJobs())
	}
	var keys []string
	for _, id := range rep.Works {
		keys = append(keys, id.Key())
	}
	if !slices.Contains(keys, "doi:"+followPublished) || slices.Contains(keys, "doi:"+unreadable) {
		t.Errorf("works %v, want %s and not %s", keys, followPublished, unreadable)
	}
	if len(rep.Followed) != 1 || rep.Followed[0].Published != "doi:"+followPublished {
		t.Errorf("followed %v, want only %s", rep.Followed, followPublished)
	}
	if _, err := os.Stat(snapshots.Dir{Root: m.Snapshots}.WorkPath(publishedID)); err != nil {
		t.Errorf("the readable published version was not written: %v", err)
	}
	// The one left out is not counted as a work of the folder either.
	var story strings.Builder
	rep.WriteSummary(&story)
	if !strings.Contains(story.String(), "\n2 works in ") && !strings.HasPrefix(story.String(), "2 works in ") {
		t.Errorf("summary %q, want the preprint and the published version counted", story.String())
	}
}

// TestFailedWriteCountsEachJobOnce: when keeping a work's documents fails
// (a full disk, here a temporary file that cannot be written), the run
// stops with the error and the report still counts that work's jobs once.
func TestFailedWriteCountsEachJobOnce(t *testing.T) {
	var asked int
	var mu sync.Mutex
	m := newManifest(t, followManifest)
	rn, err := plan(testOptions(m, followNet(t, &asked, &mu), 4))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rn.closeScratch)
	rn.stop = func() {}
	if err := rn.fetch(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The second round's work cannot be kept: its scratch file is read-only.
	if err := rn.w.prepared.close(); err != nil {
		t.Fatal(err)
	}
	readOnly, err := os.Open(m.Path)
	if err != nil {
		t.Fatal(err)
	}
	rn.w.prepared.file = scratchFile{f: readOnly, unlinked: true}
	if err := rn.follow(context.Background()); err == nil {
		t.Fatal("the second round kept a work it could not write")
	}
	var jobs int
	for _, o := range rn.outcomes {
		if o.Identity == publishedID {
			jobs++
		}
	}
	if jobs != 1 {
		t.Errorf("the published version's job is counted %d times, want once", jobs)
	}
}

// TestFollowedNotFoundIsNotWarned: a published version every service
// calls "not found" is left out of the works, and so is the warning
// "not found anywhere — check the DOI": the user never wrote that DOI.
func TestFollowedNotFoundIsNotWarned(t *testing.T) {
	var asked int
	var mu sync.Mutex
	m := newManifest(t, followManifest)
	n := followNet(t, &asked, &mu)
	n.routes["api.crossref.org/works/"+followPublished] = fakeAnswer{http.StatusNotFound, []byte("Resource not found.")}
	rep := runOK(t, testOptions(m, n, 4))
	if asked == 0 {
		t.Fatal("setup: the published version was not asked about")
	}
	if slices.ContainsFunc(rep.Works, func(id manifest.Identity) bool { return id.Key() == publishedID.Key() }) {
		t.Errorf("works %v hold the published version no service knows", rep.Works)
	}
	for _, wn := range rep.Warnings {
		if strings.Contains(wn.Identity+wn.Message, followPublished) {
			t.Errorf("warning about a DOI the user never wrote: %s: %s", wn.Identity, wn.Message)
		}
	}
}
