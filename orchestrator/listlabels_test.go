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
// its recorded single answers, where a record sits in them, and how an
// item states its DOI.
type labelledService struct {
	provider, host string
	single         func(doi string) (path, file string)
	item           string   // gjson path of the record in a single answer
	doiFields      []string // the item's fields that say its DOI, as the service writes them
	envelope       func(n int, items string) string
	title          func(item gjson.Result) string
}

var crossrefLabelled = labelledService{
	provider: "crossref", host: "api.crossref.org",
	single: func(doi string) (string, string) {
		return "/works/" + doi, "crossref/crossref-work-" + strings.ReplaceAll(doi, "/", "-") + ".json"
	},
	item:      "message",
	doiFields: []string{"DOI", "URL"},
	envelope:  listForms["api.crossref.org"].envelope,
	title:     func(it gjson.Result) string { return it.Get("title.0").String() },
}

var openAlexLabelled = labelledService{
	provider: "openalex", host: "api.openalex.org",
	single: func(doi string) (string, string) {
		return "/works/doi:" + doi, "openalex/openalex-work-doi-" + strings.ReplaceAll(doi, "/", "-") + ".json"
	},
	item:      "@this",
	doiFields: []string{"doi", "ids.doi"},
	envelope:  listForms["api.openalex.org"].envelope,
	title:     func(it gjson.Result) string { return it.Get("title").String() },
}

// Two works recorded at both services.
const (
	labelA = "10.1145/3448016.3452841"
	labelB = "10.1017/9781108348843"
)

// labelledItem is doi's recorded record as svc's list sends it, with
// changes applied: field → new value (the fields that say its DOI).
func labelledItem(t *testing.T, net *fakeNet, svc labelledService, doi string, changes map[string]string) string {
	t.Helper()
	path, _ := svc.single(doi)
	raw := gjson.GetBytes(net.routes[svc.host+path].body, svc.item).Raw
	var rec map[string]any
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		t.Fatal(err)
	}
	for field, v := range changes {
		if field == "ids.doi" {
			rec["ids"].(map[string]any)["doi"] = v
			continue
		}
		rec[field] = v
	}
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// relabel sets every field that says an item's DOI to doi, as a careless
// mirror that rewrote the whole label would; label sets the first only.
func (svc labelledService) relabel(doi string) map[string]string {
	out := map[string]string{}
	for _, f := range svc.doiFields {
		out[f] = "https://doi.org/" + doi
	}
	if svc.provider == "crossref" {
		out["DOI"] = doi
	}
	return out
}

func (svc labelledService) label(doi string) map[string]string {
	if svc.provider == "crossref" {
		return map[string]string{"DOI": doi}
	}
	return map[string]string{"doi": "https://doi.org/" + doi}
}

// labelledNet serves svc's recorded singles for A and B; its list
// endpoint answers with the items list builds from them.
func labelledNet(t *testing.T, svc labelledService, list func(net *fakeNet) []string) *fakeNet {
	t.Helper()
	net := newFakeNet(t)
	net.agencies = map[string]string{"10.1145": "Crossref", "10.1017": "Crossref"}
	for _, doi := range []string{labelA, labelB} {
		path, file := svc.single(doi)
		net.file(svc.host, path, 200, file)
	}
	items := list(net)
	net.routes[svc.host+"/works"] = fakeAnswer{status: 200, body: []byte(svc.envelope(len(items), strings.Join(items, ",")))}
	return net
}

// labelledRun fetches A and B at svc alone and returns the report, the
// story and each work's title in its snapshot ("" when none was written).
func labelledRun(t *testing.T, svc labelledService, net *fakeNet, dir string) (*report.Report, string, map[string]string) {
	t.Helper()
	src := fmt.Sprintf("mailto = \"ada@example.org\"\nproviders = [%q]\n\n[[identity]]\ndoi = %q\n\n[[identity]]\ndoi = %q\n", svc.provider, labelA, labelB)
	m := newManifest(t, src)
	if dir != "" {
		m.Snapshots = dir
	}
	rep := runOK(t, testOptions(m, net, 4))
	var story strings.Builder
	rep.WriteSummary(&story)
	titles := map[string]string{}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, doi := range []string{labelA, labelB} {
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
	if titles[labelA] == "" || titles[labelB] == "" || titles[labelA] == titles[labelB] {
		t.Fatalf("the clean run wrote the titles %v", titles)
	}
	return titles
}

// cleanNet is svc answering its list truly.
func cleanNet(t *testing.T, svc labelledService) *fakeNet {
	return labelledNet(t, svc, func(net *fakeNet) []string {
		return []string{labelledItem(t, net, svc, labelA, nil), labelledItem(t, net, svc, labelB, nil)}
	})
}

func TestListItemsSpeakOnlyForTheirOwnDOI(t *testing.T) {
	cases := []struct {
		name string
		list func(t *testing.T, svc labelledService, net *fakeNet) []string
		warn []string // what the story's warning names
	}{
		{"labels swapped", func(t *testing.T, svc labelledService, net *fakeNet) []string {
			return []string{labelledItem(t, net, svc, labelA, svc.label(labelB)), labelledItem(t, net, svc, labelB, svc.label(labelA))}
		}, []string{labelA, labelB}},
		{"A's item labelled B, B's missing", func(t *testing.T, svc labelledService, net *fakeNet) []string {
			return []string{labelledItem(t, net, svc, labelA, svc.label(labelB))}
		}, []string{labelA, labelB}},
		{"A's item under a DOI nobody asked", func(t *testing.T, svc labelledService, net *fakeNet) []string {
			return []string{labelledItem(t, net, svc, labelA, svc.relabel("10.5555/nobody")), labelledItem(t, net, svc, labelB, nil)}
		}, []string{labelA, "10.5555/nobody"}},
		{"B answered twice, the stranger first", func(t *testing.T, svc labelledService, net *fakeNet) []string {
			stranger := svc.relabel(labelB)
			if svc.provider == "openalex" {
				// the lower OpenAlex number, which the old rule kept
				stranger["id"] = "https://openalex.org/W1"
			}
			return []string{labelledItem(t, net, svc, labelA, nil), labelledItem(t, net, svc, labelA, stranger), labelledItem(t, net, svc, labelB, nil)}
		}, []string{labelB}},
	}
	for _, svc := range []labelledService{crossrefLabelled, openAlexLabelled} {
		for _, c := range cases {
			t.Run(svc.provider+"/"+c.name, func(t *testing.T) {
				net := labelledNet(t, svc, func(net *fakeNet) []string { return c.list(t, svc, net) })
				rep, story, titles := labelledRun(t, svc, net, "")
				want := ownTitles(t, svc)
				for doi, title := range want {
					if titles[doi] != title {
						t.Errorf("%s holds the title %q, want its own %q", doi, titles[doi], title)
					}
				}
				if rep.Incomplete() {
					t.Errorf("the works asked again alone were answered, yet the run is short: %v", rep.ShortJobs())
				}
				duplicateOnly := strings.HasPrefix(c.name, "B answered twice")
				if svc.provider == "openalex" && duplicateOnly {
					// OpenAlex holds duplicate works under one DOI: asked
					// again alone, with no warning.
					if strings.Contains(story, "list answer") {
						t.Errorf("an OpenAlex DOI held twice is OpenAlex's own answer, yet the story warns:\n%s", story)
					}
					return
				}
				if !strings.Contains(story, svc.provider+": ") || !strings.Contains(story, "list answer") {
					t.Errorf("the story does not say %s's list answer was set aside:\n%s", svc.provider, story)
				}
				for _, doi := range c.warn {
					if !strings.Contains(story, doi) {
						t.Errorf("the story does not name %s:\n%s", doi, story)
					}
				}
			})
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
		return []string{labelledItem(t, net, svc, labelA, svc.label(labelB)), labelledItem(t, net, svc, labelB, svc.label(labelA))}
	})
	for _, doi := range []string{labelA, labelB} {
		path, _ := svc.single(doi)
		hostile.routes[svc.host+path] = fakeAnswer{status: 400, body: []byte(`{"status":"failed"}`)}
	}
	rep, story, after := labelledRun(t, svc, hostile, dir)
	if before[labelA] == "" || before[labelB] == "" {
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
