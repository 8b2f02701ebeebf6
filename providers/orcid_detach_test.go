package providers_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/providers/service"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// TestORCIDGroupsDoNotKeepTheWorksSummary: the run keeps each work's
// group (put-codes, sources) and entry read (put-code) until it writes
// the expansion; read as gjson gives them, each was a piece of the whole
// works summary, which then stayed in memory for the whole run, growing
// with the record.
func TestORCIDGroupsDoNotKeepTheWorksSummary(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	const pad = 8 << 20
	entry := func(pc, di, src string) string {
		return `{"put-code":` + pc + `,"display-index":"` + di + `","last-modified-date":{"value":1700000000000},"source":{"source-name":{"value":"` + src + `"}},"title":{"title":{"value":"Pots"}},"type":"journal-article"}`
	}
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"pad":"`+strings.Repeat("x", pad)+`","group":[{"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"10.5555/pots","external-id-relationship":"self"}]},"work-summary":[`+
		entry("1001", "1", "Crossref")+`,`+entry("1002", "0", "Europe PubMed Central")+`]}]}`)
	s.text("/v3.0/"+orcid+"/works/1001", 200, `{"bulk":[{"work":{"put-code":1001,"last-modified-date":{"value":1700000000000},"title":{"title":{"value":"Pots in full"}},"type":"journal-article"}}]}`)
	s.text("/v3.0/"+orcid+"/person", 404, `{"response-code":404}`)
	before := testtool.LiveHeap()
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found || len(res.Discovered) != 1 || res.Discovered[0].Group == nil || res.Discovered[0].Read == nil {
		t.Fatalf("status %s (%v), works %+v; want one work of two entries", res.Status, res.Err, res.Discovered)
	}
	group, read := res.Discovered[0].Group, res.Discovered[0].Read
	res = service.Result{}
	kept := int64(testtool.LiveHeap()) - int64(before)
	if strings.Join(group.PutCodes, ",") != "1001,1002" || group.Sources[1] != "Europe PubMed Central" || read.PutCode != "1001" {
		t.Fatalf("group %+v, read %+v", group, read)
	}
	if kept > pad/4 {
		t.Errorf("a work's group and entry keep %d bytes in memory; the works summary was %d: they hold on to it", kept, pad)
	}
	runtime.KeepAlive(group)
	runtime.KeepAlive(read)
}

// TestORCIDDetailsDoNotKeepTheirPages: a work's record from a bulk page
// of details is copied out of the page as soon as the page is read. Held
// as read, every page of a hundred works' details stayed in memory until
// the whole record was read, and with the records the expansion gives.
func TestORCIDDetailsDoNotKeepTheirPages(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	const pad = 8 << 20
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[{"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"10.5555/pots","external-id-relationship":"self"}]},"work-summary":[{"put-code":1001,"last-modified-date":{"value":1700000000000},"title":{"title":{"value":"Pots"}},"type":"journal-article"}]}]}`)
	s.text("/v3.0/"+orcid+"/works/1001", 200, `{"bulk":[{"work":{"put-code":1001,"pad":"`+strings.Repeat("x", pad)+`","last-modified-date":{"value":1700000000000},"title":{"title":{"value":"Pots in full"}},"journal-title":{"value":"Journal of Pots"},"type":"journal-article"}}]}`)
	s.text("/v3.0/"+orcid+"/person", 404, `{"response-code":404}`)
	before := testtool.LiveHeap()
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	found := res.Discovered
	res = service.Result{}
	kept := int64(testtool.LiveHeap()) - int64(before)
	if len(found) != 1 || found[0].Summary.Title != "Pots in full" || found[0].Summary.Container != "Journal of Pots" || found[0].Read == nil {
		t.Fatalf("works %+v; want the one work, from its details", found)
	}
	if kept > pad/4 {
		t.Errorf("a work read from its details keeps %d bytes in memory; the page was %d: it holds on to the page", kept, pad)
	}
	runtime.KeepAlive(found)
}

// TestORCIDStagedReadDoesNotKeepItsPages: while a record is read in steps
// (its summary first, its details page by page), what the read holds is
// a few fields of each work, not the answers. Held as read, the summary
// stayed in memory until the last page (an entry's summary, the group's
// identifiers and the identifiers' values were pieces of it), and each
// bulk page with it (the put-code a work's details were filed under was
// a piece of the page): at 50,000 works, five summaries and hundreds of
// pages at once.
func TestORCIDStagedReadDoesNotKeepItsPages(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	const pad = 8 << 20
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"pad":"`+strings.Repeat("x", pad)+`","group":[{"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"10.5555/pots","external-id-relationship":"self"},{"external-id-type":"isbn","external-id-value":"9780000000002","external-id-relationship":"self"}]},"work-summary":[{"put-code":1001,"last-modified-date":{"value":1700000000000},"title":{"title":{"value":"Pots"}},"type":"journal-article","external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"10.5555/pots","external-id-relationship":"self"},{"external-id-type":"arxiv","external-id-value":"2101.00001","external-id-relationship":"self"}]}}]}]}`)
	s.text("/v3.0/"+orcid+"/works/1001", 200, `{"bulk":[{"work":{"put-code":1001,"pad":"`+strings.Repeat("y", pad)+`","last-modified-date":{"value":1700000000000},"title":{"title":{"value":"Pots in full"}},"type":"journal-article"}}]}`)
	s.text("/v3.0/"+orcid+"/person", 404, `{"response-code":404}`)
	id := manifest.Identity{Kind: manifest.KindORCID, Value: orcid}
	before := testtool.LiveHeap()
	st, res := providers.ORCID().Expand(context.Background(), s.env(), id, service.Previous{})
	if st == nil || res.Status != record.Found || len(st.Works) != 1 {
		t.Fatalf("listing: status %s (%v), %+v", res.Status, res.Err, st)
	}
	if kept := int64(testtool.LiveHeap()) - int64(before); kept > pad/4 {
		t.Errorf("after the summary the read keeps %d bytes; the summary was %d: it holds on to it", kept, pad)
	}
	if !st.Steps[0](context.Background(), s.env()) {
		t.Fatal("the page of details failed")
	}
	if kept := int64(testtool.LiveHeap()) - int64(before); kept > pad/4 {
		t.Errorf("after a page of details the read keeps %d bytes; each answer was %d: it holds on to one", kept, pad)
	}
	for _, step := range st.Steps[1:] {
		step(context.Background(), s.env())
	}
	whole := st.Finish()
	if len(whole.Discovered) != 1 {
		t.Fatalf("whole answer: %+v", whole)
	}
	w := whole.Discovered[0]
	if w.Summary.Title != "Pots in full" || w.ID.Value != "10.5555/pots" || w.Summary.IDs.ArXiv != "2101.00001" || len(w.Summary.IDs.ISBN) != 1 || w.Read == nil || w.Read.PutCode != "1001" || w.Read.Modified != 1700000000000 {
		t.Errorf("the work as read: %+v", w)
	}
	runtime.KeepAlive(st)
}
