package orchestrator

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
)

// cpaiorFull is the title of the recorded volume conf/cpaior/2024-2,
// copied by hand from rec-conf-cpaior-2024-2.xml.
const cpaiorFull = "Integration of Constraint Programming, Artificial Intelligence, and Operations Research - 21st International Conference, CPAIOR 2024, Uppsala, Sweden, May 28-31, 2024, Proceedings, Part II"

// cpaiorNet serves dblp's page for 00/0000 holding the recorded
// conf/cpaior/JabsBJ24 with its DOI edition dropped (so dblp alone
// describes it), and the recorded record of its volume.
func cpaiorNet(t *testing.T) *fakeNet {
	rec, err := os.ReadFile(filepath.Join("..", "testdata", "dblp", "rec-conf-cpaior-JabsBJ24.xml"))
	if err != nil {
		t.Fatal(err)
	}
	paper := strings.TrimSpace(string(rec))
	paper = paper[strings.Index(paper, "<inproceedings"):strings.Index(paper, "</dblp>")]
	paper = strings.Replace(paper, "<ee>https://doi.org/10.1007/978-3-031-60599-4_1</ee>", "", 1)
	page := `<dblpperson name="Assembled Person" pid="00/0000" n="1"><r>` + paper + `</r></dblpperson>`
	n := newFakeNet(t)
	n.routes["dblp.org/pid/00/0000.xml"] = fakeAnswer{status: 200, body: []byte(page)}
	n.file("dblp.org", "/rec/conf/cpaior/2024-2.xml", 200, "dblp/rec-conf-cpaior-2024-2.xml")
	xml := http.Header{"Content-Type": {"application/xml"}}
	n.Override(fakenet.Host("dblp.org"), func(req *http.Request) (*http.Response, error) {
		ans, ok := n.routes[req.URL.Host+req.URL.EscapedPath()]
		if !ok {
			ans = fakeAnswer{status: http.StatusNotFound}
		}
		return fakenet.Response(req, ans.status, ans.body, xml), nil
	})
	return n
}

// TestDBLPProceedingsTitleInEveryFormat: a conference paper dblp alone
// describes reaches every format with its proceedings' full title as its
// venue and dblp's short name beside it: CSL container-title,
// container-title-short and event-title (the conference, CPAIOR 2024), BibTeX booktitle (BibTeX has no short-name
// field), RIS T2 and J2, the page "Title (short)", al-folio's badge the
// acronym alone. The paper is the
// recorded conf/cpaior/JabsBJ24 with its DOI edition dropped (so dblp
// alone describes it) on an assembled page; the volume's answer is the
// recorded conf/cpaior/2024-2 (testdata/dblp/SOURCES.md). The full title
// is copied by hand from that record.
func TestDBLPProceedingsTitleInEveryFormat(t *testing.T) {
	full := cpaiorFull
	n := cpaiorNet(t)
	m := newManifest(t, "providers = [\"dblp\"]\n\n[[identity]]\ndblp = \"00/0000\"\n")
	runOK(t, testOptions(m, n, 2))
	if got := n.Count("dblp.org"); got != 2 {
		t.Errorf("%d requests to dblp.org, want the page and the volume", got)
	}
	for _, p := range check.Offline(m, m.Snapshots).Problems {
		t.Errorf("check: %s: %s", p.Path, p.What)
	}
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	out := map[render.Format]string{}
	for _, format := range []render.Format{render.CSLJSON, render.BibTeX, render.BibLaTeX, render.RIS, render.HTML, render.AlFolio} {
		var b bytes.Buffer
		if err := render.Render(&b, f, render.Options{Format: format}); err != nil {
			t.Fatalf("render %s: %v", format, err)
		}
		out[format] = b.String()
	}
	it := gjson.Parse(out[render.CSLJSON]).Array()
	// event-title: the conference the record's title names, CPAIOR 2024.
	if len(it) != 1 || it[0].Get("type").String() != "paper-conference" || it[0].Get("container-title").String() != full || it[0].Get("container-title-short").String() != "CPAIOR (2)" ||
		it[0].Get("event-title").String() != "CPAIOR 2024" {
		t.Errorf("CSL: %s", out[render.CSLJSON])
	}
	bib := strings.Join(strings.Fields(out[render.BibTeX]), " ")
	// and the volume's editor and publisher, as dblp's own BibTeX of the
	// paper writes them (Dilkina, Springer: rec-conf-cpaior-2024-2.xml)
	if !strings.Contains(bib, "@inproceedings{") || !strings.Contains(bib, "booktitle = {"+full+"}") ||
		!strings.Contains(bib, "editor = {Dilkina, Bistra}") || !strings.Contains(bib, "publisher = {Springer}") {
		t.Errorf("BibTeX:\n%s", out[render.BibTeX])
	}
	// BibLaTeX names the conference as eventtitle, CSL's event-title
	if bl := strings.Join(strings.Fields(out[render.BibLaTeX]), " "); !strings.Contains(bl, "booktitle = {"+full+"}") || !strings.Contains(bl, "eventtitle = {CPAIOR 2024}") {
		t.Errorf("BibLaTeX:\n%s", out[render.BibLaTeX])
	}
	if !strings.Contains(out[render.RIS], "T2  - "+full+"\n") || !strings.Contains(out[render.RIS], "J2  - CPAIOR (2)\n") {
		t.Errorf("RIS:\n%s", out[render.RIS])
	}
	// al-folio's badge is the conference's acronym, not dblp's mark of the
	// proceedings' second volume.
	if !strings.Contains(out[render.AlFolio], "abbr        = {CPAIOR},") {
		t.Errorf("al-folio:\n%s", out[render.AlFolio])
	}
	if !strings.Contains(out[render.HTML], "CPAIOR 2024, Uppsala, Sweden, May 28-31, 2024, Proceedings, Part II (CPAIOR (2))") {
		t.Error("the page does not show the proceedings' title with its short name")
	}
}

// TestDBLPVolumeNotAskedAgain: a rerun asks dblp for the person page
// alone, the volume's title kept on the paper's dblp record in its file,
// and writes the same bytes; one and eight workers write the same folder.
func TestDBLPVolumeNotAskedAgain(t *testing.T) {
	var folders []string
	for _, j := range []int{1, 8} {
		m := newManifest(t, "providers = [\"dblp\"]\n\n[[identity]]\ndblp = \"00/0000\"\n")
		first := cpaiorNet(t)
		runOK(t, testOptions(m, first, j))
		before := folderBytes(t, m.Snapshots)
		again := cpaiorNet(t)
		runOK(t, testOptions(m, again, j))
		if n := again.Count("dblp.org"); n != 1 {
			t.Errorf("-j %d: the rerun sent %d requests to dblp.org, want the person page alone", j, n)
		}
		after := folderBytes(t, m.Snapshots)
		if before != after {
			t.Errorf("-j %d: the rerun changed the folder:\n%s", j, firstDifference(before, after))
		}
		if !strings.Contains(after, `"container_short": "CPAIOR (2)"`) {
			t.Errorf("-j %d: no short name kept:\n%.2000s", j, after)
		}
		folders = append(folders, after)
	}
	if folders[0] != folders[1] {
		t.Errorf("-j 1 and -j 8 differ:\n%s", firstDifference(folders[0], folders[1]))
	}
}
