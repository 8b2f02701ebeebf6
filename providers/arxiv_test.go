package providers_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

func arxivIdentity(v string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindArXiv, Value: v}
}

const arxivBatchFixture = "arxiv/constructed-arxiv-batch-0710.2073-hep-ex-0307015.xml"

// TestArXivBatch asks for a new-style id, an old-style one by its arXiv
// DOI and one arXiv does not have; the answer lists its two entries in
// another order than asked.
func TestArXivBatch(t *testing.T) {
	s := newStub(t)
	s.file("/api/query?id_list=0710.2073,hep-ex/0307015,2399.99999&max_results=3", 200, arxivBatchFixture)
	ids := []manifest.Identity{
		arxivIdentity("0710.2073"),
		doi("10.48550/arxiv.hep-ex/0307015"),
		arxivIdentity("2399.99999"),
	}
	res := fetchAll(t, providers.ArXiv(), s.env(), ids...)
	if res[2].Status != record.NotFound {
		t.Errorf("2399.99999: %s, want not_found", res[2].Status)
	}
	if res[0].Status == record.Found && !strings.Contains(res[0].Record.Title, "$σ$-model") {
		t.Errorf("non-ASCII title not kept: %q", res[0].Record.Title)
	}
	assertBatchGolden(t, ids, res)
}

// TestArXivMalformedIDIsRetriedWithout: arXiv answers a query holding an
// id it considers malformed with one error entry for the whole query. That
// id is not found (with a warning) and the others are asked again.
func TestArXivMalformedIDIsRetriedWithout(t *testing.T) {
	s := newStub(t)
	s.file("/api/query?id_list=1234.12345,0710.2073&max_results=2", 200, "arxiv/constructed-arxiv-error-incorrect-id-format-1234.12345.xml")
	s.file("/api/query?id_list=0710.2073&max_results=1", 200, arxivBatchFixture)
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("1234.12345"), arxivIdentity("0710.2073"))
	if res[0].Status != record.NotFound || len(res[0].Warnings) != 1 || !strings.Contains(res[0].Warnings[0].Message, "incorrect id format for 1234.12345") {
		t.Errorf("1234.12345: %+v, want not_found with the API's message", res[0])
	}
	if res[0].Warnings != nil && res[0].Warnings[0].Identity != "arxiv:1234.12345" {
		t.Errorf("warning names %q", res[0].Warnings[0].Identity)
	}
	if res[1].Status != record.Found || res[1].Record.IDs.ArXiv != "0710.2073" {
		t.Errorf("0710.2073: %+v, want found", res[1])
	}
}

// TestArXivErrorNamingNoneOfOurs: an error entry about some other id
// leaves the question unanswered: every id fails, none is "not found".
func TestArXivErrorNamingNoneOfOurs(t *testing.T) {
	s := newStub(t)
	s.file("/api/query?id_list=0710.2073&max_results=1", 200, "arxiv/constructed-arxiv-error-incorrect-id-format-1234.12345.xml")
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"))
	if res[0].Status != record.Failed || res[0].Err == nil || !strings.Contains(res[0].Err.Error(), "incorrect id format") {
		t.Errorf("got %+v, want failed with the API's message", res[0])
	}
}

func TestArXivAnswers(t *testing.T) {
	const uri = "/api/query?id_list=2399.99999&max_results=1"
	cases := []struct {
		name   string
		status int
		body   string
		want   record.Status
		err    error
	}{
		{"empty feed", 200, string(fixture(t, "arxiv/constructed-arxiv-empty.xml")), record.NotFound, nil},
		{"404", 404, "not found", record.NotFound, nil},
		{"500", 500, "oops", record.Failed, nil},
		{"truncated", 200, `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2399.99999v1</id>`, record.Failed, service.ErrMalformed},
		{"empty body", 200, "", record.Failed, service.ErrMalformed},
		{"html page", 200, "<html><body>Access Denied</body></html>", record.Failed, service.ErrMalformed},
		{"json", 200, `{"entries":[]}`, record.Failed, service.ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.text(uri, c.status, c.body)
			res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("2399.99999"))
			if res[0].Status != c.want {
				t.Fatalf("status %s, want %s (%v)", res[0].Status, c.want, res[0].Err)
			}
			if c.err != nil && !errors.Is(res[0].Err, c.err) {
				t.Errorf("err %v, want %v", res[0].Err, c.err)
			}
			var se *service.StatusError
			if c.name == "500" && (!errors.As(res[0].Err, &se) || se.Code != 500) {
				t.Errorf("err %v, want a StatusError 500", res[0].Err)
			}
		})
	}
}

func TestArXivApplies(t *testing.T) {
	cases := []struct {
		id   manifest.Identity
		want bool
	}{
		{arxivIdentity("2311.16162"), true},
		{arxivIdentity("hep-th/9901001v2"), true},
		{doi("10.48550/arxiv.2311.16162"), true},
		{doi("10.48550/arxiv.hep-th/9901001"), true},
		{doi("10.48550/arxiv.not-an-id"), false},
		{doi("10.48550/zenodo.123"), false},
		{doi("10.1134/s0021364007210011"), false},
		{doi("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"), false},
		{manifest.Identity{Kind: manifest.KindPMID, Value: "29106400"}, false},
	}
	for _, c := range cases {
		if got := providers.ArXiv().AppliesTo(c.id); got != c.want {
			t.Errorf("AppliesTo(%s) = %v, want %v", c.id, got, c.want)
		}
	}
}

// TestArXivOddDOINeverSent: a DOI that is not arXiv's fails on its own and
// reaches no query; the versioned id beside it is asked for as given.
func TestArXivOddDOINeverSent(t *testing.T) {
	s := newStub(t)
	s.file("/api/query?id_list=0710.2073v2&max_results=1", 200, arxivBatchFixture)
	res := fetchAll(t, providers.ArXiv(), s.env(),
		doi("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"),
		arxivIdentity("0710.2073v2"))
	if res[0].Status != record.Failed {
		t.Errorf("odd DOI: %s, want failed", res[0].Status)
	}
	if res[1].Status != record.Found || res[1].Record.IDs.ArXiv != "0710.2073" {
		t.Errorf("0710.2073v2: %+v, want found, id without version", res[1])
	}
}

// arxivVersionsFeed is a constructed answer (no recording has one) to
// id_list=0710.5765v1,0710.5765,math/0309136: two versions of one e-print
// and an old-style id. The affiliation is the manual's example; the other
// values are made up for the test.
const arxivVersionsFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/0710.5765v2</id>
    <published>2007-10-30T21:13:09Z</published>
    <title>Constructed title, version 2</title>
    <author><name>G. G. Kacprzak</name><arxiv:affiliation>NMSU</arxiv:affiliation></author>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/0710.5765v1</id>
    <published>2007-10-30T21:13:09Z</published>
    <title>Constructed title, version 1</title>
    <author><name>G. G. Kacprzak</name><arxiv:affiliation>NMSU</arxiv:affiliation></author>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/math/0309136v1</id>
    <published>2003-09-08T00:00:00Z</published>
    <title>Constructed old-style entry</title>
    <arxiv:primary_category term="math.GT" scheme="http://arxiv.org/schemas/atom"/>
    <category term="math.GT" scheme="http://arxiv.org/schemas/atom"/>
    <category term="57M25" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`

func TestArXivVersionsAndDuplicates(t *testing.T) {
	s := newStub(t)
	s.text("/api/query?id_list=0710.5765v1,0710.5765,math/0309136&max_results=3", 200, arxivVersionsFeed)
	res := fetchAll(t, providers.ArXiv(), s.env(),
		arxivIdentity("0710.5765v1"),
		arxivIdentity("0710.5765"),
		doi("10.48550/arxiv.0710.5765"),  // same e-print, asked once
		arxivIdentity("math.gt/0309136"), // subject class dropped, as arXiv's canonical id does
	)
	want := []string{"Constructed title, version 1", "Constructed title, version 2", "Constructed title, version 2", "Constructed old-style entry"}
	for i, w := range want {
		if res[i].Status != record.Found {
			t.Fatalf("result %d: %s (%v)", i, res[i].Status, res[i].Err)
		}
		if res[i].Record.Title != w {
			t.Errorf("result %d: title %q, want %q", i, res[i].Record.Title, w)
		}
	}
	if res[1].Record == res[2].Record {
		t.Error("two identities share one *Record")
	}
	a := res[0].Record.Authors
	if len(a) != 1 || a[0].Given != "G. G." || a[0].Family != "Kacprzak" || len(a[0].Affiliations) != 1 || a[0].Affiliations[0] != "NMSU" {
		t.Errorf("authors %+v", a)
	}
	if got := strings.Join(res[3].Record.Topics, ","); got != "math.GT,57M25" {
		t.Errorf("topics %q, want primary first without repeats", got)
	}
	if res[3].Record.IDs.ArXiv != "math/0309136" || res[3].Record.OA != nil || res[3].Record.Issued.String() != "2003-09-08" {
		t.Errorf("old-style record %+v", res[3].Record)
	}
}

func TestArXivSpec(t *testing.T) {
	if providers.ArXiv().MinInterval.Seconds() < 3 {
		t.Errorf("MinInterval %s: arXiv asks for at most one request every 3 seconds", providers.ArXiv().MinInterval)
	}
	if providers.ArXiv().APIKey != nil || providers.ArXiv().Host != "export.arxiv.org" || providers.ArXiv().BatchSize < 1 {
		t.Errorf("spec %+v", providers.ArXiv())
	}
}

// arxivFeed is an Atom answer of one constructed entry per id.
func arxivFeedOf(ids ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">`)
	for _, id := range ids {
		b.WriteString("<entry><id>http://arxiv.org/abs/" + id + "</id><published>2007-10-30T21:13:09Z</published><title>Constructed entry " + id + "</title></entry>")
	}
	b.WriteString("</feed>")
	return b.String()
}

// TestArXivStrayEntryIsNoAnswerForTheRest: a feed for two e-prints that
// holds the right entry for one and an entry for an e-print no one asked
// (its place taken by a stray) is no word that arXiv lacks the other: that
// one is asked alone, found, and the story says why it was asked again.
func TestArXivStrayEntryIsNoAnswerForTheRest(t *testing.T) {
	s := newStub(t)
	s.text("/api/query?id_list=0710.2073,hep-ex/0307015&max_results=2", 200, arxivFeedOf("0710.2073v1", "2301.00001v1"))
	s.text("/api/query?id_list=hep-ex/0307015&max_results=1", 200, arxivFeedOf("hep-ex/0307015v1"))
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"), arxivIdentity("hep-ex/0307015"))
	if res[0].Status != record.Found || res[0].Record.Title != "Constructed entry 0710.2073v1" || len(res[0].Warnings) != 0 {
		t.Errorf("0710.2073: %+v, want found from the list, no warning", res[0])
	}
	if res[1].Status != record.Found || res[1].Record.Title != "Constructed entry hep-ex/0307015v1" {
		t.Fatalf("hep-ex/0307015: %s (%v), want found when asked alone", res[1].Status, res[1].Err)
	}
	if w := res[1].Warnings; len(w) != 1 || w[0].Identity != "arxiv:hep-ex/0307015" || !w[0].Transient ||
		!strings.Contains(w[0].Message, "arxiv: the list answer lacked this e-print and held entries for e-prints not asked (2301.00001v1); asked again alone") {
		t.Errorf("warnings %+v", w)
	}
}

// TestArXivStrayAnswerAloneFails: asked alone, an answer that still lacks
// the e-print and holds another's entry fails it: "not found" would be
// the stray's word.
func TestArXivStrayAnswerAloneFails(t *testing.T) {
	s := newStub(t)
	s.text("/api/query?id_list=0710.2073&max_results=1", 200, arxivFeedOf("2301.00001v1", "2301.00002v1", "2301.00003v1", "2301.00004v1"))
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"))
	if res[0].Status != record.Failed || res[0].Err == nil ||
		!strings.Contains(res[0].Err.Error(), "held entries for e-prints not asked (2301.00001v1, 2301.00002v1, 2301.00003v1 and 1 more)") {
		t.Errorf("got %s (%v), want failed naming three strays", res[0].Status, res[0].Err)
	}
}

// TestArXivTwoEntriesForOneEPrint: two different entries for one version
// of an e-print leave it in doubt; asked alone, its own answer decides.
// The other e-print's entry stands.
func TestArXivTwoEntriesForOneEPrint(t *testing.T) {
	s := newStub(t)
	twice := strings.Replace(arxivFeedOf("0710.2073v1", "0710.2073v1", "hep-ex/0307015v1"), "Constructed entry 0710.2073v1", "Someone else's title", 1)
	s.text("/api/query?id_list=0710.2073,hep-ex/0307015&max_results=2", 200, twice)
	s.text("/api/query?id_list=0710.2073&max_results=1", 200, arxivFeedOf("0710.2073v1"))
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"), arxivIdentity("hep-ex/0307015"))
	if res[0].Status != record.Found || res[0].Record.Title != "Constructed entry 0710.2073v1" ||
		len(res[0].Warnings) != 1 || !strings.Contains(res[0].Warnings[0].Message, "gave this e-print two different entries; asked again alone") {
		t.Errorf("0710.2073: %+v", res[0])
	}
	if res[1].Status != record.Found || len(res[1].Warnings) != 0 {
		t.Errorf("hep-ex/0307015: %+v", res[1])
	}
}

// TestArXivStraysSetAside: a feed that answers every id asked and holds a
// stray besides keeps its answers, and says it held the stray.
func TestArXivStraysSetAside(t *testing.T) {
	s := newStub(t)
	s.text("/api/query?id_list=0710.2073,hep-ex/0307015&max_results=2", 200, arxivFeedOf("hep-ex/0307015v1", "2301.00001v1", "0710.2073v1"))
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"), arxivIdentity("hep-ex/0307015"))
	if res[0].Status != record.Found || res[1].Status != record.Found {
		t.Fatalf("got %s, %s; want both found", res[0].Status, res[1].Status)
	}
	if w := res[0].Warnings; len(w) != 1 || w[0].Identity != "arxiv" || !strings.Contains(w[0].Message, "held entries for e-prints not asked (2301.00001v1); they were set aside") {
		t.Errorf("warnings %+v", w)
	}
}

// TestArXivTwoEntriesLeaveTheLackingInDoubt: one of two different entries
// for an e-print may be another's under a wrong label, so an e-print the
// feed lacks is asked alone too.
func TestArXivTwoEntriesLeaveTheLackingInDoubt(t *testing.T) {
	s := newStub(t)
	twice := strings.Replace(arxivFeedOf("0710.2073v1", "0710.2073v1"), "Constructed entry 0710.2073v1", "Someone else's title", 1)
	s.text("/api/query?id_list=0710.2073,hep-ex/0307015&max_results=2", 200, twice)
	s.text("/api/query?id_list=0710.2073&max_results=1", 200, arxivFeedOf("0710.2073v1"))
	s.text("/api/query?id_list=hep-ex/0307015&max_results=1", 200, arxivFeedOf("hep-ex/0307015v1"))
	res := fetchAll(t, providers.ArXiv(), s.env(), arxivIdentity("0710.2073"), arxivIdentity("hep-ex/0307015"))
	if res[1].Status != record.Found || len(res[1].Warnings) != 1 ||
		!strings.Contains(res[1].Warnings[0].Message, "lacked this e-print and gave another two different entries; asked again alone") {
		t.Errorf("hep-ex/0307015: %s %+v", res[1].Status, res[1].Warnings)
	}
	if res[0].Status != record.Found || res[0].Record.Title != "Constructed entry 0710.2073v1" {
		t.Errorf("0710.2073: %+v", res[0])
	}
}
