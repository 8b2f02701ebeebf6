package orchestrator

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// A list answer whose items are labelled with DOIs other than their own
// (issue #30): a work must never take a record under a DOI it does not
// carry. Only the DOI an item carries says whose it is; an item whose own
// identifiers disagree, an item for a DOI nobody asked, or two different
// items for one DOI are no evidence, and the works concerned are asked
// again alone (or fail), with a warning naming the provider and the DOIs.

// labelledService is one list service as these tests serve it hostile:
// two works it has recorded single answers for, where a record sits in
// them, and how an item states its DOI.
type labelledService struct {
	provider, host, listPath, agency string
	a, b                             string // two recorded DOIs
	single                           func(doi string) (path, file string)
	item                             string       // gjson path of the record in a single answer
	doiFields                        []labelField // the item's fields that say its DOI; the first is its label
	envelope                         func(n int, items string) string
}

// labelField is a field of an item that states its DOI, as a URL at
// doi.org or bare.
type labelField struct {
	path string // dotted
	url  bool
}

func (f labelField) form(doi string) string {
	if f.url {
		return "https://doi.org/" + doi
	}
	return doi
}

var crossrefLabelled = labelledService{
	provider: "crossref", host: "api.crossref.org", listPath: "/works", agency: "Crossref",
	a: "10.1145/3448016.3452841", b: "10.1017/9781108348843",
	single: func(doi string) (string, string) {
		return "/works/" + doi, "crossref/crossref-work-" + strings.ReplaceAll(doi, "/", "-") + ".json"
	},
	item:      "message",
	doiFields: []labelField{{"DOI", false}, {"URL", true}},
	envelope:  listForms["api.crossref.org"].envelope,
}

var openAlexLabelled = labelledService{
	provider: "openalex", host: "api.openalex.org", listPath: "/works", agency: "Crossref",
	a: "10.1145/3448016.3452841", b: "10.1017/9781108348843",
	single: func(doi string) (string, string) {
		return "/works/doi:" + doi, "openalex/openalex-work-doi-" + strings.ReplaceAll(doi, "/", "-") + ".json"
	},
	item:      "@this",
	doiFields: []labelField{{"doi", true}, {"ids.doi", true}},
	envelope:  listForms["api.openalex.org"].envelope,
}

var dataCiteLabelled = labelledService{
	provider: "datacite", host: "api.datacite.org", listPath: "/dois", agency: "DataCite",
	a: "10.5281/zenodo.48440", b: "10.1594/pangaea.836178",
	single: func(doi string) (string, string) {
		return "/dois/" + doi, "datacite/datacite-doi-" + strings.ReplaceAll(doi, "/", "-") + ".json"
	},
	item:      "data",
	doiFields: []labelField{{"attributes.doi", false}, {"id", false}},
	envelope:  listForms["api.datacite.org"].envelope,
}

// labelledItem is doi's recorded record as svc's list sends it, with
// changes applied: dotted field → new value.
func labelledItem(t *testing.T, net *fakeNet, svc labelledService, doi string, changes map[string]string) string {
	t.Helper()
	path, _ := svc.single(doi)
	raw := gjson.GetBytes(net.routes[svc.host+path].body, svc.item).Raw
	var rec map[string]any
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		t.Fatal(err)
	}
	for field, v := range changes {
		m := rec
		parts := strings.Split(field, ".")
		for _, p := range parts[:len(parts)-1] {
			m = m[p].(map[string]any)
		}
		m[parts[len(parts)-1]] = v
	}
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// relabel sets every field that says an item's DOI to doi, as a mirror
// that rewrote the whole label would; label sets the first only.
func (svc labelledService) relabel(doi string) map[string]string {
	out := map[string]string{}
	for _, f := range svc.doiFields {
		out[f.path] = f.form(doi)
	}
	return out
}

func (svc labelledService) label(doi string) map[string]string {
	return map[string]string{svc.doiFields[0].path: svc.doiFields[0].form(doi)}
}

// labelledNet serves svc's recorded singles for its two works; its list
// endpoint answers with the items list builds from them.
func labelledNet(t *testing.T, svc labelledService, list func(net *fakeNet) []string) *fakeNet {
	t.Helper()
	net := newFakeNet(t)
	net.agencies = map[string]string{}
	for _, doi := range []string{svc.a, svc.b} {
		path, file := svc.single(doi)
		net.file(svc.host, path, 200, file)
		net.agencies[strings.Split(doi, "/")[0]] = svc.agency
	}
	items := list(net)
	net.routes[svc.host+svc.listPath] = fakeAnswer{status: 200, body: []byte(svc.envelope(len(items), strings.Join(items, ",")))}
	return net
}

// labelledRun fetches svc's two works at svc alone and returns the report,
// the story and each work's title in its snapshot ("" when none was
// written).
func labelledRun(t *testing.T, svc labelledService, net *fakeNet, dir string) (*report.Report, string, map[string]string) {
	t.Helper()
	src := fmt.Sprintf("mailto = \"ada@example.org\"\nproviders = [%q]\n\n[[identity]]\ndoi = %q\n\n[[identity]]\ndoi = %q\n", svc.provider, svc.a, svc.b)
	m := newManifest(t, src)
	if dir != "" {
		m.Snapshots = dir
	}
	rep := runOK(t, testOptions(m, net, 4))
	var story strings.Builder
	rep.WriteSummary(&story)
	titles := map[string]string{}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, doi := range []string{svc.a, svc.b} {
		var w snapshots.Work
		if err := snapshots.Read(d.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: doi}), &w); err == nil {
			titles[doi] = w.Record.Title
		}
	}
	return rep, story.String(), titles
}

// ownTitles are each work's title in its snapshot when svc's list
// answers truly.
func ownTitles(t *testing.T, svc labelledService) map[string]string {
	t.Helper()
	_, _, titles := labelledRun(t, svc, cleanNet(t, svc), "")
	if titles[svc.a] == "" || titles[svc.b] == "" || titles[svc.a] == titles[svc.b] {
		t.Fatalf("the clean run wrote the titles %v", titles)
	}
	return titles
}

// cleanNet is svc answering its list truly.
func cleanNet(t *testing.T, svc labelledService) *fakeNet {
	return labelledNet(t, svc, func(net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, svc.a, nil), labelledItem(t, net, svc, svc.b, nil)}
	})
}

// labelledCases are the hostile list answers, each with the DOIs the
// story's warning must name.
var labelledCases = []struct {
	name string
	list func(t *testing.T, svc labelledService, net *fakeNet) []string
	warn func(svc labelledService) []string
}{
	{"labels swapped", func(t *testing.T, svc labelledService, net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, svc.a, svc.label(svc.b)), labelledItem(t, net, svc, svc.b, svc.label(svc.a))}
	}, func(svc labelledService) []string { return []string{svc.a, svc.b} }},
	{"A's item labelled B, B's missing", func(t *testing.T, svc labelledService, net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, svc.a, svc.label(svc.b))}
	}, func(svc labelledService) []string { return []string{svc.a, svc.b} }},
	{"A's item under a DOI nobody asked", func(t *testing.T, svc labelledService, net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, svc.a, svc.relabel("10.5555/nobody")), labelledItem(t, net, svc, svc.b, nil)}
	}, func(svc labelledService) []string { return []string{svc.a, "10.5555/nobody"} }},
	{"B answered twice, the stranger first", func(t *testing.T, svc labelledService, net *fakeNet) []string {
		stranger := svc.relabel(svc.b)
		if svc.provider == "openalex" {
			stranger["id"] = "https://openalex.org/W1" // the lower OpenAlex number, which the old rule kept
		}
		return []string{labelledItem(t, net, svc, svc.a, nil), labelledItem(t, net, svc, svc.a, stranger), labelledItem(t, net, svc, svc.b, nil)}
	}, func(svc labelledService) []string { return []string{svc.b} }},
}

func TestListItemsSpeakOnlyForTheirOwnDOI(t *testing.T) {
	for _, svc := range []labelledService{crossrefLabelled, openAlexLabelled, dataCiteLabelled} {
		want := ownTitles(t, svc)
		for _, c := range labelledCases {
			t.Run(svc.provider+"/"+c.name, func(t *testing.T) {
				net := labelledNet(t, svc, func(net *fakeNet) []string { return c.list(t, svc, net) })
				rep, story, titles := labelledRun(t, svc, net, "")
				for doi, title := range want {
					if titles[doi] != title {
						t.Errorf("%s holds the title %q, want its own %q", doi, titles[doi], title)
					}
				}
				if rep.Incomplete() {
					t.Errorf("the works asked again alone were answered, yet the run is short: %v", rep.ShortJobs())
				}
				// OpenAlex holds duplicate works under one DOI: asked again
				// alone, with no warning.
				twins := svc.provider == "openalex" && strings.HasPrefix(c.name, "B answered twice")
				checkListWarning(t, svc, story, c.warn(svc), twins)
			})
		}
	}
}

// checkListWarning: the story says svc's list answer was set aside and
// names each of dois, or, for a service's own twins, says nothing.
func checkListWarning(t *testing.T, svc labelledService, story string, dois []string, twins bool) {
	t.Helper()
	if twins {
		if strings.Contains(story, "list answer") {
			t.Errorf("a DOI %s holds twice is its own answer, yet the story warns:\n%s", svc.provider, story)
		}
		return
	}
	if !strings.Contains(story, svc.provider+": ") || !strings.Contains(story, "list answer") {
		t.Errorf("the story does not say %s's list answer was set aside:\n%s", svc.provider, story)
	}
	for _, doi := range dois {
		if !strings.Contains(story, doi) {
			t.Errorf("the story does not name %s:\n%s", doi, story)
		}
	}
}

// TestListAnswerInDoubtKeepsThePreviousValue: when the single request the
// doubt calls for fails too, the works keep what their snapshots held, the
// run is short (exit 1), and the story says why.
func TestListAnswerInDoubtKeepsThePreviousValue(t *testing.T) {
	svc := crossrefLabelled
	dir := t.TempDir()
	_, _, before := labelledRun(t, svc, cleanNet(t, svc), dir)
	hostile := labelledNet(t, svc, func(net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, svc.a, svc.label(svc.b)), labelledItem(t, net, svc, svc.b, svc.label(svc.a))}
	})
	for _, doi := range []string{svc.a, svc.b} {
		path, _ := svc.single(doi)
		hostile.routes[svc.host+path] = fakeAnswer{status: 400, body: []byte(`{"status":"failed"}`)}
	}
	rep, story, after := labelledRun(t, svc, hostile, dir)
	if before[svc.a] == "" || before[svc.b] == "" {
		t.Fatalf("the clean run wrote %v", before)
	}
	for doi, title := range before {
		if after[doi] != title {
			t.Errorf("%s holds %q after the hostile run, want its previous %q", doi, after[doi], title)
		}
	}
	if !rep.Incomplete() || len(rep.ShortJobs()) != 2 {
		t.Errorf("short jobs %v, want both works' Crossref jobs (exit 1)", rep.ShortJobs())
	}
	if !strings.Contains(story, "list answer") {
		t.Errorf("the story does not say the list answer was set aside:\n%s", story)
	}
}

// TestManyStraysAreNamedBriefly: a hostile list answer padded with items
// for DOIs nobody asked (here 20,000, some 600 KB; the body cap allows
// fifty times more) is no evidence, and the story says so, naming a few
// of them and counting the rest. Before, each work the answer lacked got
// a warning naming every stray: a 29 MB Crossref answer to the example's
// seven DOIs wrote 55 MB of warnings to the terminal and to --report, and
// a batch of a hundred DOIs would have written 1.4 GB.
func TestManyStraysAreNamedBriefly(t *testing.T) {
	svc := crossrefLabelled
	const strays = 20000
	net := labelledNet(t, svc, func(net *fakeNet) []string {
		items := []string{labelledItem(t, net, svc, svc.a, nil)}
		for i := range strays {
			items = append(items, fmt.Sprintf(`{"DOI":"10.9/stray%d"}`, i))
		}
		return items
	})
	want := ownTitles(t, svc)
	rep, story, titles := labelledRun(t, svc, net, "")
	if titles[svc.b] != want[svc.b] {
		t.Errorf("%s holds the title %q, want its own %q", svc.b, titles[svc.b], want[svc.b])
	}
	for _, w := range rep.Warnings {
		if len(w.Message) > 1000 {
			t.Errorf("a warning of %d bytes: %.300s…", len(w.Message), w.Message)
		}
	}
	for _, s := range []string{"10.9/stray0", fmt.Sprintf("and %d more", strays-3)} {
		if !strings.Contains(story, s) {
			t.Errorf("the story does not say %q:\n%.2000s", s, story)
		}
	}
}
