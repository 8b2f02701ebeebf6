package orchestrator

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
)

// inspireRecordsNet answers INSPIRE's literature search with the
// recorded records files (testdata/inspire/record-*.json, INSPIRE's own
// records: SOURCES.md) in the documented search envelope, every author
// id the same page.
func inspireRecordsNet(t testing.TB, files ...string) *fakeNet {
	var hits []string
	for _, f := range files {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "inspire", f))
		if err != nil {
			t.Fatal(err)
		}
		hits = append(hits, `{"metadata":`+string(body)+`}`)
	}
	page := []byte(`{"hits":{"total":` + itoa(len(hits)) + `,"hits":[` + strings.Join(hits, ",") + `]}}`)
	n := newFakeNet(t)
	n.Override(fakenet.Host("inspirehep.net"), func(req *http.Request) (*http.Response, error) {
		if req.URL.Path != "/api/literature" || req.URL.Query().Get("page") != "1" {
			return fakenet.Response(req, http.StatusNotFound, nil, nil), nil
		}
		return fakenet.Response(req, 200, page, nil), nil
	})
	return n
}

// TestINSPIREEntriesReadAsHEPCitesThem: three of INSPIRE's own records
// (testdata/inspire/SOURCES.md), listed for one author, fetched and
// rendered, read as HEP cites them: the collaboration as the author, the
// journal, volume, pages and year, the arXiv e-print within the published
// entry. Every expectation is written by hand from the recorded JSON,
// field by field (the comments name them). Report numbers
// (report_numbers: CERN-PH-EP-2012-218, DFTT-16-2008) are read
// (providers/inspire's Hit) but no record field keeps them, so no format
// shows them.
func TestINSPIREEntriesReadAsHEPCitesThem(t *testing.T) {
	m := newManifest(t, inspireManifest)
	runOK(t, testOptions(m, inspireRecordsNet(t, "record-1124337.json", "record-788797.json", "record-524480.json"), 4))
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[render.Format]string{}
	for _, format := range []render.Format{render.CSLJSON, render.BibTeX, render.HTML} {
		var b bytes.Buffer
		if err := render.Render(&b, f, render.Options{Format: format}); err != nil {
			t.Fatalf("render %s: %v", format, err)
		}
		texts[format] = b.String()
	}
	rows := []struct {
		recid   string   // control_number
		title   string   // titles[0].title, its start
		cslType string   // from document_type and publication_info
		author  string   // CSL: the collaboration's literal, or family
		venue   string   // publication_info[0].journal_title, a space after each full stop as INSPIRE's BibTeX export writes it
		volume  string   // publication_info[0].journal_volume
		page    string   // page_start-page_end
		year    int64    // publication_info[0].year, else preprint_date
		doi     string   // dois[0].value
		arXiv   string   // arxiv_eprints[0].value
		bib     []string // the BibTeX entry's lines, columns closed up
	}{
		// 1124337: collaborations [ATLAS], no authors kept (SOURCES.md);
		// Phys.Lett.B 716, 1–29, 2012; arXiv 1207.7214.
		{"1124337", "Observation of a new particle", "article-journal", "ATLAS Collaboration", "Phys. Lett. B", "716", "1-29", 2012,
			"10.1016/j.physletb.2012.08.020", "1207.7214",
			[]string{"@article{", "author = {{ATLAS Collaboration}}", "journal = {Phys. Lett. B}", "volume = {716}", "pages = {1--29}", "year = {2012}", "eprint = {1207.7214}", "archiveprefix = {arXiv}"}},
		// 788797: document_type conference paper, published in Pramana
		// 72 (2009) 69–81 (the conference C08-01-02 a second entry);
		// author Magnea, Lorenzo; arXiv 0806.3353. HEP cites it as
		// INSPIRE's BibTeX export does: @article, journal Pramana.
		{"788797", "All-order results", "article-journal", "Magnea", "Pramana", "72", "69-81", 2009,
			"10.1007/s12043-009-0006-y", "0806.3353",
			[]string{"@article{", "author = {Magnea, Lorenzo}", "journal = {Pramana}", "volume = {72}", "pages = {69--81}", "year = {2009}", "eprint = {0806.3353}"}},
		// 524480: a conference paper known by its cnum C99-11-16.1 and
		// its e-print astro-ph/0002520 alone (no DOI, no journal);
		// preprint_date 2000-02; author Hu, Wayne.
		{"524480", "CMB anisotropies", "paper-conference", "Hu", "", "", "", 2000, "", "astro-ph/0002520",
			[]string{"author = {Hu, Wayne}", "year = {2000}", "eprint = {astro-ph/0002520}"}},
	}
	items := gjson.Parse(texts[render.CSLJSON]).Array()
	if len(items) != len(rows) {
		t.Errorf("%d entries, want one per record (%d)", len(items), len(rows))
	}
	for _, r := range rows {
		var csl gjson.Result
		for _, it := range items {
			if it.Get("URL").String() == "https://inspirehep.net/literature/"+r.recid {
				csl = it
			}
		}
		author := csl.Get("author.0.literal").String() + csl.Get("author.0.family").String()
		if csl.Get("type").String() != r.cslType || author != r.author || csl.Get("container-title").String() != r.venue ||
			csl.Get("volume").String() != r.volume || csl.Get("page").String() != r.page || csl.Get("issued.date-parts.0.0").Int() != r.year ||
			csl.Get("DOI").String() != r.doi {
			t.Errorf("%s: CSL %s", r.title, csl.Raw)
		}
		bib := strings.Join(strings.Fields(bibEntryTitled(texts[render.BibTeX], r.title)), " ")
		for _, want := range r.bib {
			if !strings.Contains(bib, strings.Join(strings.Fields(want), " ")) {
				t.Errorf("%s: BibTeX lacks %q:\n%s", r.title, want, bib)
			}
		}
		if !strings.Contains(texts[render.HTML], `href="https://arxiv.org/abs/`+r.arXiv+`">arXiv:`+r.arXiv+`</a>`) {
			t.Errorf("%s: the page does not show arXiv:%s", r.title, r.arXiv)
		}
	}
	if !strings.Contains(texts[render.HTML], `<p class="authors">ATLAS Collaboration</p>`) {
		t.Error("the page does not name the ATLAS Collaboration as the author")
	}
}
