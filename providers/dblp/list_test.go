package dblp

import (
	"slices"
	"strings"
	"testing"
)

// discoveredKeys lists each Discovered as "identity type container arXiv".
func discoveredKeys(t *testing.T, page string) []string {
	t.Helper()
	l, err := parseDBLP([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range l.discovered("00/0000") {
		line := d.ID.Key() + " " + d.Summary.Type + " " + d.Summary.Container + " " + d.Summary.IDs.ArXiv
		for _, r := range d.Summary.Relations {
			line += " " + r.Type + " " + r.ID
		}
		out = append(out, line)
	}
	return out
}

// dblpPage wraps records in a person page's envelope.
func dblpPage(records ...string) string {
	var b strings.Builder
	b.WriteString(`<dblpperson name="Assembled Person" pid="00/0000" n="2">`)
	for _, r := range records {
		b.WriteString("<r>" + r + "</r>")
	}
	b.WriteString("</dblpperson>")
	return b.String()
}

// The recorded NeurIPS record, and a CoRR e-print of the same title.
// The e-print is the recorded CoRR record abs-2508-04024 with its key,
// title and arXiv id changed to those of the paper's e-print (1706.03762,
// as dblp files it: journals/corr/VaswaniSPUJGKP17): written here, since
// no client recorded that record.
const (
	dblpNeurIPS = `<inproceedings key="conf/nips/VaswaniSPUJGKP17" mdate="2021-01-21"><author>Ashish Vaswani</author><title>Attention is All you Need.</title><pages>5998-6008</pages><year>2017</year><booktitle>NIPS</booktitle><ee type="oa">https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html</ee><crossref>conf/nips/2017</crossref></inproceedings>`
	dblpCoRR    = `<article key="journals/corr/VaswaniSPUJGKP17" publtype="informal" mdate="2025-09-10"><author>Ashish Vaswani</author><title>Attention Is All You Need.</title><year>2017</year><volume>abs/1706.03762</volume><journal>CoRR</journal><ee type="oa">https://doi.org/10.48550/arXiv.1706.03762</ee></article>`
)

// An e-print and the proceedings paper of the same title, with no DOI,
// are the arXiv work and the paper's own work, which names the e-print
// as its preprint (the link pass makes them one entry shown as the
// paper: orchestrator's TestDBLPPreprintShownAsItsProceedingsPaper), in
// either order; alone, each is its own.
func TestDBLPPreprintAndProceedingsAreLinked(t *testing.T) {
	paper := "dblp-work:conf/nips/VaswaniSPUJGKP17 paper-conference NIPS  has-preprint arxiv:1706.03762"
	eprint := "arxiv:1706.03762 article CoRR 1706.03762"
	for _, c := range []struct {
		page string
		want []string
	}{
		{dblpPage(dblpNeurIPS, dblpCoRR), []string{paper, eprint}},
		{dblpPage(dblpCoRR, dblpNeurIPS), []string{eprint, paper}},
		{dblpPage(dblpNeurIPS), []string{"dblp-work:conf/nips/VaswaniSPUJGKP17 paper-conference NIPS "}},
		{dblpPage(dblpCoRR), []string{eprint}},
	} {
		if got := discoveredKeys(t, c.page); !slices.Equal(got, c.want) {
			t.Errorf("discovered %q, want %q", got, c.want)
		}
	}
}

// A formal record with a DOI keeps its DOI and gains the e-print's id; a
// short title shared by chance pairs nothing; a withdrawn record is no
// work.
func TestDBLPPairingLimits(t *testing.T) {
	withDOI := strings.Replace(dblpNeurIPS, `<crossref>`, `<ee>https://doi.org/10.5555/nips.2017.1</ee><crossref>`, 1)
	if got := discoveredKeys(t, dblpPage(withDOI, dblpCoRR)); len(got) != 1 || got[0] != "doi:10.5555/nips.2017.1 paper-conference NIPS 1706.03762" {
		t.Errorf("with a DOI: %q", got)
	}
	short := func(s string) string {
		s = strings.Replace(s, "Attention is All you Need.", "Editorial.", 1)
		return strings.Replace(s, "Attention Is All You Need.", "Editorial.", 1)
	}
	if got := discoveredKeys(t, dblpPage(short(dblpNeurIPS), short(dblpCoRR))); len(got) != 2 {
		t.Errorf("a short shared title: %q, want two works", got)
	}
	withdrawn := strings.Replace(dblpNeurIPS, `mdate=`, `publtype="withdrawn" mdate=`, 1)
	if got := discoveredKeys(t, dblpPage(withdrawn)); len(got) != 0 {
		t.Errorf("a withdrawn record: %q, want none", got)
	}
}

// A proceedings paper whose only edition dblp gives is its arXiv e-print
// (as dblp files ICLR's early papers: conf/iclr/KingmaB14 links
// arxiv.org/abs/1412.6980) shares that id with its CoRR record. Either
// order of the two on the page lists one work, the arXiv id's, described
// as the paper in its proceedings, never as the e-print (the NeurIPS
// record is given such an edition here).
func TestDBLPPaperKnownByItsEPrintIsThePaper(t *testing.T) {
	want := []string{"arxiv:1706.03762 paper-conference NIPS 1706.03762"}
	for _, page := range []string{dblpPage(dblpNeurIPSByEPrint, dblpCoRR), dblpPage(dblpCoRR, dblpNeurIPSByEPrint)} {
		if got := discoveredKeys(t, page); !slices.Equal(got, want) {
			t.Errorf("discovered %q, want %q", got, want)
		}
	}
}

// dblpNeurIPSByEPrint is the NeurIPS record with the e-print as its only
// edition.
var dblpNeurIPSByEPrint = strings.Replace(dblpNeurIPS, `<ee type="oa">https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html</ee>`, `<ee type="oa">https://arxiv.org/abs/1706.03762</ee>`, 1)
