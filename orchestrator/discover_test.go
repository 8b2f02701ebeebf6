package orchestrator

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/check"
)

// The listings below are built by hand to each service's documented list
// shape (recorded single-record answers show no list envelope):
//   - Crossref, GET /works?filter=orcid:…: {"status":"ok","message-type":
//     "work-list","message":{"total-results","items","next-cursor"}}, an
//     author's ORCID as an http(s)://orcid.org/ URL;
//   - OpenAlex, GET /works?filter=authorships.author.orcid:…: {"meta":
//     {"count","per_page","next_cursor"},"results"}, paged until
//     next_cursor is null and results empty;
//   - DataCite, GET /dois?user-id=…: {"data":[{"id","type":"dois",
//     "attributes"}],"meta":{"total"},"links":{"self"}}, links.next only
//     when a page is full.
//
// Peter Binfield's record (testdata/orcid) lacks four works that carry his
// iD: 10.5555/binfield.one (Crossref and OpenAlex, his name at author 2),
// 10.5072/zenodo.777 (DataCite, his name), 10.5555/mistyped (Crossref and
// OpenAlex, "María González" at author 3: a publisher typed his iD for
// hers) and 10.5555/excluded (dismissed by the manifest). Crossref also
// lists 10.3233/ISU-130714, which is on the record.
const (
	binfieldCrossrefListing = `{"status":"ok","message-type":"work-list","message":{"total-results":4,"items-per-page":1000,"next-cursor":"DnF1ZXJ5VGhlbkZldGNo","items":[
{"DOI":"10.3233/ISU-130714","title":["Open access megajournals: have they changed everything?"],"author":[{"given":"Peter","family":"Binfield","ORCID":"http://orcid.org/0000-0002-9341-7985","authenticated-orcid":false,"sequence":"first"}],"issued":{"date-parts":[[2013]]}},
{"DOI":"10.5555/BINFIELD.ONE","title":["Megajournals, ten years on"],"author":[{"given":"Ann","family":"Other","sequence":"first"},{"given":"Peter","family":"Binfield","ORCID":"https://orcid.org/0000-0002-9341-7985","authenticated-orcid":true,"sequence":"additional"}],"issued":{"date-parts":[[2021,5]]}},
{"DOI":"10.5555/mistyped","title":["Soil microbes of the high Andes"],"author":[{"given":"Ana","family":"Ruiz","sequence":"first"},{"given":"Luis","family":"Ortega","sequence":"additional"},{"given":"María","family":"González","ORCID":"http://orcid.org/0000-0002-9341-7985","authenticated-orcid":false,"sequence":"additional"}],"issued":{"date-parts":[[2019]]}},
{"DOI":"10.5555/excluded","title":["A work the manifest dismisses"],"author":[{"given":"P.","family":"Binfield","ORCID":"http://orcid.org/0000-0002-9341-7985","sequence":"first"}],"issued":{"date-parts":[[2018]]}}]}}`

	binfieldOpenAlexPage1 = `{"meta":{"count":2,"db_response_time_ms":12,"page":null,"per_page":100,"next_cursor":"Wzk5OS45OSwgJ2h0dHBzOi8vb3BlbmFsZXgub3JnL1cxJ10="},"results":[
{"doi":"https://doi.org/10.5555/binfield.one","title":"Megajournals, ten years on","publication_year":2021,"authorships":[
 {"author_position":"first","author":{"id":"https://openalex.org/A1","display_name":"Ann Other","orcid":null},"raw_author_name":"Ann Other"},
 {"author_position":"last","author":{"id":"https://openalex.org/A2","display_name":"Peter Binfield","orcid":"https://orcid.org/0000-0002-9341-7985"},"raw_author_name":"Peter Binfield"}]}]}`
	binfieldOpenAlexPage2 = `{"meta":{"count":2,"db_response_time_ms":9,"page":null,"per_page":100,"next_cursor":"WzEwMDAuMCwgJ2h0dHBzOi8vb3BlbmFsZXgub3JnL1cyJ10="},"results":[
{"doi":"https://doi.org/10.5555/mistyped","title":"Soil microbes of the high Andes","publication_year":2019,"authorships":[
 {"author_position":"first","author":{"id":"https://openalex.org/A3","display_name":"Ana Ruiz","orcid":null},"raw_author_name":"Ana Ruiz"},
 {"author_position":"middle","author":{"id":"https://openalex.org/A4","display_name":"Luis Ortega","orcid":null},"raw_author_name":"Luis Ortega"},
 {"author_position":"last","author":{"id":"https://openalex.org/A2","display_name":"Peter Binfield","orcid":"https://orcid.org/0000-0002-9341-7985"},"raw_author_name":"María González"}]}]}`
	binfieldOpenAlexPage3 = `{"meta":{"count":2,"db_response_time_ms":3,"page":null,"per_page":100,"next_cursor":null},"results":[]}`

	binfieldDataCiteListing = `{"data":[{"id":"10.5072/zenodo.777","type":"dois","attributes":{"doi":"10.5072/zenodo.777","titles":[{"title":"Megajournal article counts, 2006-2021"}],"publicationYear":2022,
"creators":[{"name":"Binfield, Peter","nameType":"Personal","givenName":"Peter","familyName":"Binfield","affiliation":[],"nameIdentifiers":[{"schemeUri":"https://orcid.org","nameIdentifier":"https://orcid.org/0000-0002-9341-7985","nameIdentifierScheme":"ORCID"}]}]}}],
"meta":{"total":1,"totalPages":1},"links":{"self":"https://api.datacite.org/dois?user-id=0000-0002-9341-7985&page%5Bsize%5D=100&page%5Bcursor%5D=1"}}`
)

const discoverManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "openalex", "datacite"]

[[identity]]
orcid = "0000-0002-9341-7985"
name = "Peter Binfield"

[[exclude]]
id = "doi:10.5555/excluded"
reason = "not mine"
`

// discoverNet is the recorded network with Binfield's listings.
func discoverNet(t *testing.T) *fakeNet {
	n := recordedNet(t)
	n.otherwise("api.datacite.org", 404, "")
	const id = "0000-0002-9341-7985"
	n.listings = map[string]fakeAnswer{
		"api.crossref.org " + id + " *": {200, []byte(binfieldCrossrefListing)},
		"api.openalex.org " + id + " *": {200, []byte(binfieldOpenAlexPage1)},
		"api.openalex.org " + id + " Wzk5OS45OSwgJ2h0dHBzOi8vb3BlbmFsZXgub3JnL1cxJ10=": {200, []byte(binfieldOpenAlexPage2)},
		"api.openalex.org " + id + " WzEwMDAuMCwgJ2h0dHBzOi8vb3BlbmFsZXgub3JnL1cyJ10=": {200, []byte(binfieldOpenAlexPage3)},
		"api.datacite.org " + id + " 1": {200, []byte(binfieldDataCiteListing)},
	}
	return n
}

// wantUnclaimed is unclaimed.json as a researcher would expect it, written
// by hand: the two real works suggested, with each service's evidence and
// the lines to paste; the mistyped iD apart, under name_differs; the
// excluded work and the one on the record nowhere.
const wantUnclaimed = `{
  "fix_record": "pasting a DOI fixes the page, not the ORCID record: to have such works added to the record, let Crossref and DataCite update it (ORCID's auto-update): https://support.orcid.org/hc/en-us/articles/360006971293-Auto-updates-in-third-party-systems-Crossref",
  "researchers": [
    {
      "name_differs": [
        {
          "add": "[[identity]]\ndoi = \"10.5555/mistyped\"",
          "dismiss": "[[exclude]]\nid = \"doi:10.5555/mistyped\"\nreason = \"not mine: crossref lists my ORCID iD beside María González\"",
          "doi": "10.5555/mistyped",
          "evidence": [
            {
              "name": "María González",
              "name_check": "differs",
              "position": 3,
              "provider": "crossref",
              "role": "author"
            },
            {
              "name": "María González",
              "name_check": "differs",
              "position": 3,
              "provider": "openalex",
              "role": "author"
            }
          ],
          "title": "Soil microbes of the high Andes",
          "year": 2019
        }
      ],
      "orcid": "0000-0002-9341-7985",
      "suggested": [
        {
          "add": "[[identity]]\ndoi = \"10.5072/zenodo.777\"",
          "dismiss": "[[exclude]]\nid = \"doi:10.5072/zenodo.777\"\nreason = \"not mine, though listed with my ORCID iD\"",
          "doi": "10.5072/zenodo.777",
          "evidence": [
            {
              "name": "Peter Binfield",
              "name_check": "agrees",
              "position": 1,
              "provider": "datacite",
              "role": "author"
            }
          ],
          "title": "Megajournal article counts, 2006-2021",
          "year": 2022
        },
        {
          "add": "[[identity]]\ndoi = \"10.5555/binfield.one\"",
          "dismiss": "[[exclude]]\nid = \"doi:10.5555/binfield.one\"\nreason = \"not mine, though listed with my ORCID iD\"",
          "doi": "10.5555/binfield.one",
          "evidence": [
            {
              "name": "Peter Binfield",
              "name_check": "agrees",
              "position": 2,
              "provider": "crossref",
              "role": "author"
            },
            {
              "name": "Peter Binfield",
              "name_check": "agrees",
              "position": 2,
              "provider": "openalex",
              "role": "author"
            }
          ],
          "title": "Megajournals, ten years on",
          "year": 2021
        }
      ]
    }
  ]
}
`

// TestDiscoverUnclaimedWorks: the works Crossref, OpenAlex and DataCite
// attribute to the iD but the record lacks are suggested with evidence and
// paste lines, the mistyped iD apart, the excluded one silent; nothing is
// added to the page; the listings' requests are counted; the folder is
// the same at -j 1 and -j 8.
func TestDiscoverUnclaimedWorks(t *testing.T) {
	var folders []string
	for _, workers := range []int{1, 8} {
		m := newManifest(t, discoverManifest)
		net := discoverNet(t)
		without := newManifest(t, strings.Replace(discoverManifest, "mailto =", "discover = false\nmailto =", 1))
		before := recordedNet(t)
		before.otherwise("api.datacite.org", 404, "")
		runOK(t, testOptions(without, before, workers))

		rep := runOK(t, testOptions(m, net, workers))
		if rep.Incomplete() {
			t.Fatalf("-j %d: short run: %v", workers, rep.ShortJobs())
		}
		got, err := os.ReadFile(filepath.Join(m.Snapshots, snapshots.UnclaimedFile))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != wantUnclaimed {
			t.Errorf("-j %d: unclaimed.json:\n%s\nwant:\n%s", workers, got, wantUnclaimed)
		}
		// Nothing added: the works and their files are those of a run without discovery.
		if a, b := worksOnly(t, m.Snapshots), worksOnly(t, without.Snapshots); a != b {
			t.Errorf("-j %d: discovery changed the page's works:\n%s", workers, firstDiff(b, a))
		}
		for _, w := range rep.Works {
			if strings.Contains(w.Value, "10.5555/") || strings.Contains(w.Value, "10.5072/") {
				t.Errorf("-j %d: %s was added to the works", workers, w.Key())
			}
		}
		// The listings' requests are among their hosts': Crossref one page,
		// OpenAlex three (two with works, the empty last), DataCite one.
		for host, extra := range map[string]int{"api.crossref.org": 1, "api.openalex.org": 3, "api.datacite.org": 1} {
			if d := net.requests(host) - before.requests(host); d != extra {
				t.Errorf("-j %d: %s answered %d requests more with discovery, want %d", workers, host, d, extra)
			}
		}
		checkDiscoveryStory(t, workers, rep)
		if c := check.Offline(m, m.Snapshots); len(c.Problems) > 0 {
			t.Errorf("-j %d: check --offline finds problems in the folder fetch wrote: %v", workers, c.Problems)
		}
		folders = append(folders, folderBytes(t, m.Snapshots))
	}
	if folders[0] != folders[1] {
		t.Errorf("the folder differs at -j 1 and -j 8:\n%s", firstDiff(folders[0], folders[1]))
	}
}

// checkDiscoveryStory: the story tells the suggestions, the mistyped iD
// apart, the lines to paste and how to fix the record; the dismissed work
// is silent, its [[exclude]] not warned about; --report has them too.
func checkDiscoveryStory(t *testing.T, workers int, rep *report.Report) {
	t.Helper()
	var story bytes.Buffer
	rep.WriteSummary(&story)
	for _, want := range []string{
		"(5 list requests, counted above)",
		"2 works carry the iD but are on neither the ORCID record nor the page (unclaimed.json):",
		"    0000-0002-9341-7985  doi:10.5555/binfield.one  Megajournals, ten years on (2021)\n        crossref: author 2, \"Peter Binfield\" (name agrees)\n        openalex: author 2, \"Peter Binfield\" (name agrees)\n",
		"1 work carries the iD beside another person's name: likely a publisher typed the iD wrong; check before adding:\n    0000-0002-9341-7985  doi:10.5555/mistyped",
		"      [[identity]]\n      doi = \"10.5072/zenodo.777\"",
		"ORCID's auto-update",
	} {
		if !strings.Contains(story.String(), want) {
			t.Errorf("-j %d: the story lacks %q:\n%s", workers, want, story.String())
		}
	}
	if strings.Contains(story.String(), "10.5555/excluded") {
		t.Errorf("-j %d: the story names the dismissed work:\n%s", workers, story.String())
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "10.5555/excluded") {
			t.Errorf("-j %d: the exclude that dismisses a listed work is warned about: %s", workers, w.Message)
		}
	}
	js, _ := json.Marshal(rep.JSON())
	if !strings.Contains(string(js), `"name_differs":true`) || !strings.Contains(string(js), `"doi":"10.5072/zenodo.777"`) {
		t.Errorf("-j %d: --report lacks the suggestions: %s", workers, js)
	}
}

// worksOnly is the folder's bytes without unclaimed.json.
func worksOnly(t *testing.T, dir string) string {
	t.Helper()
	all := folderBytes(t, dir)
	if i := strings.Index(all, "=== "+snapshots.UnclaimedFile+"\n"); i >= 0 {
		rest := all[i+1:]
		j := strings.Index(rest, "\n=== ")
		if j < 0 {
			return all[:i]
		}
		return all[:i] + rest[j+1:]
	}
	return all
}

// TestUnclaimedKeptWhenListingsFailAndRemovedWhenOff: listings that fail
// keep last time's suggestions (told in a note; the run is not short for
// it), and discover = false removes the file.
func TestUnclaimedKeptWhenListingsFailAndRemovedWhenOff(t *testing.T) {
	m := newManifest(t, discoverManifest)
	runOK(t, testOptions(m, discoverNet(t), 4))
	path := filepath.Join(m.Snapshots, snapshots.UnclaimedFile)
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	down := discoverNet(t)
	for k := range down.listings {
		down.listings[k] = fakeAnswer{status: http.StatusInternalServerError, body: []byte("oops")}
	}
	rep := runOK(t, testOptions(m, down, 4))
	if got, _ := os.ReadFile(path); string(got) != string(first) {
		t.Errorf("failed listings changed unclaimed.json:\n%s\nwant\n%s", got, first)
	}
	// a listing is a job: three failed ones make the run short (exit 1),
	// each named, though the suggestions stay as they were
	if short := rep.ShortJobs(); !rep.Incomplete() || len(short) != 3 || short[0].Provider != "crossref" || short[0].Status != record.Failed {
		t.Errorf("failed listings: incomplete %v, short jobs %v; want the three listings, failed", rep.Incomplete(), short)
	}
	if notes := strings.Join(rep.Notes(), "\n"); !strings.Contains(notes, "could not list the works crossref attributes to ORCID iD 0000-0002-9341-7985") {
		t.Errorf("notes %q; want the failed listing told", notes)
	}

	off := newManifest(t, strings.Replace(discoverManifest, "mailto =", "discover = false\nmailto =", 1))
	off.Snapshots = m.Snapshots
	runOK(t, testOptions(off, discoverNet(t), 4))
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("with discover = false, unclaimed.json is still there (%v)", err)
	}
}
