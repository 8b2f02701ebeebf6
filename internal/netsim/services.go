package netsim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// Net is the simulated services: it answers a request as the real
// service would, from the corpus, without any timing of its own (the
// RoundTripper and the Proxy add the service time).
type Net struct {
	Corpus    *Corpus
	ORCIDs    map[string]int // ORCID iD → researcher number
	PerRecord int            // works on each researcher's record
	Mix       Mix            // the kinds of work besides journal articles
}

// Answer is a simulated service's answer to one request.
type Answer struct {
	Status int
	Items  int  // identities the request carried, for the service time
	List   bool // a list (batch) request, paced as its service paces lists
	Body   []byte
}

// Answer builds the answer to req, keyed by its URL's host.
func (n *Net) Answer(req *http.Request) Answer {
	status, items, body := n.answer(req)
	return Answer{Status: status, Items: items, List: listRoute(req), Body: body}
}

// listRoute tells a service's list (batch or search) form from its
// single-record form, by the route as each service spells it.
func listRoute(req *http.Request) bool {
	q := req.URL.Query()
	switch req.URL.Host {
	case "api.crossref.org", "api.openalex.org":
		return req.URL.Path == "/works"
	case "api.datacite.org":
		return req.URL.Path == "/dois"
	case "www.ebi.ac.uk", "api.semanticscholar.org":
		return true // a search, a batch POST
	case "pub.orcid.org":
		return strings.Contains(req.URL.Path, "/works/") && strings.Contains(req.URL.Path, ",")
	}
	return q.Has("filter")
}

var (
	doiPattern  = regexp.MustCompile(`^10\.(\d+)/sim\.(\d+)$`)
	epmcPattern = regexp.MustCompile(`DOI:"([^"]*)"`)
)

// crossrefListItem writes work i as a Crossref list answer carries it:
// with select=, only the fields it names, as Crossref's list routes answer.
func (n *Net) crossrefListItem(b *bytes.Buffer, i int, q url.Values) {
	listItem(b, q, func(w *bytes.Buffer) { n.crossrefWork(w, i) })
}

// listItem writes one item of a list answer, whole, or with select= only
// the top-level fields it names: Crossref's and OpenAlex's list routes
// both answer so (OpenAlex: "root-level fields only",
// https://developers.openalex.org/guides/selecting-fields).
func listItem(b *bytes.Buffer, q url.Values, whole func(*bytes.Buffer)) {
	if !q.Has("select") {
		whole(b)
		return
	}
	var w bytes.Buffer
	whole(&w)
	writeSelected(b, w.Bytes(), strings.Split(q.Get("select"), ","))
}

// writeSelected writes the JSON object record with only the top-level
// fields named in selected, in the record's order.
func writeSelected(b *bytes.Buffer, record []byte, selected []string) {
	b.WriteByte('{')
	k := 0
	gjson.ParseBytes(record).ForEach(func(key, v gjson.Result) bool {
		if slices.Contains(selected, key.String()) {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(key.Raw + ":" + v.Raw)
			k++
		}
		return true
	})
	b.WriteByte('}')
}

// work is the work number a simulated DOI names, or -1.
func work(doi string) int {
	m := doiPattern.FindStringSubmatch(strings.ToLower(strings.TrimPrefix(doi, "https://doi.org/")))
	if m == nil {
		return -1
	}
	var i int
	fmt.Sscan(m[2], &i)
	return i
}

// answer builds the answer to req: its status, how many records it
// carries (for the latency) and the body.
func (n *Net) answer(req *http.Request) (int, int, []byte) {
	host := map[string]func(*http.Request) (int, int, []byte){
		"pub.orcid.org":           n.orcidAnswer,
		"doi.org":                 n.agencyAnswer,
		"api.crossref.org":        n.crossrefAnswer,
		"api.openalex.org":        n.openAlexAnswer,
		"www.ebi.ac.uk":           n.epmcAnswer,
		"api.semanticscholar.org": n.s2Answer,
		"api.unpaywall.org":       n.unpaywallAnswer,
		"api.datacite.org":        n.dataCiteAnswer,
	}[req.URL.Host]
	if host == nil {
		return 404, 1, nil
	}
	return host(req)
}

// list is a list answer of the works among dois: open, each item write
// gives (false: the service lacks it), close; count is what it listed.
func list(dois []string, write func(b *bytes.Buffer, i int) bool, open, close func(b *bytes.Buffer, count int)) (int, int, []byte) {
	var items bytes.Buffer
	count := 0
	for _, d := range dois {
		i := work(d)
		if i < 0 {
			continue
		}
		mark := items.Len()
		if count > 0 {
			items.WriteByte(',')
		}
		if write(&items, i) {
			count++
		} else {
			items.Truncate(mark)
		}
	}
	var buf bytes.Buffer
	open(&buf, count)
	buf.Write(items.Bytes())
	close(&buf, count)
	return 200, len(dois), buf.Bytes()
}

// orcidAnswer: /v3.0/{iD}/works (the summary), /works/{put-codes}
// (details in bulk) and /person (the name).
func (n *Net) orcidAnswer(req *http.Request) (int, int, []byte) {
	var buf bytes.Buffer
	rest := strings.TrimPrefix(req.URL.Path, "/v3.0/")
	id, what, _ := strings.Cut(rest, "/")
	r, ok := n.ORCIDs[id]
	if !ok {
		return 404, 0, nil
	}
	switch {
	case what == "person":
		return 200, 1, []byte(`{"name":{"given-names":{"value":"Rosalind"},"family-name":{"value":"Simulated"},"credit-name":null},"other-names":{"other-name":[]}}`)
	case what == "works":
		buf.WriteString(`{"group":[`)
		for k := range n.PerRecord {
			if k > 0 {
				buf.WriteByte(',')
			}
			n.Corpus.orcidGroup(&buf, r*n.PerRecord+k)
		}
		buf.WriteString(`]}`)
		return 200, n.PerRecord, buf.Bytes()
	case strings.HasPrefix(what, "works/"):
		return n.orcidBulk(strings.Split(strings.TrimPrefix(what, "works/"), ","))
	}
	return 404, 1, nil
}

func (n *Net) orcidBulk(codes []string) (int, int, []byte) {
	var buf bytes.Buffer
	buf.WriteString(`{"bulk":[`)
	for k, code := range codes {
		if k > 0 {
			buf.WriteByte(',')
		}
		i, err := strconv.Atoi(strings.TrimPrefix(code, "1")) // put-codes are 1 followed by the work's number
		if err != nil {
			return 400, 1, nil
		}
		buf.WriteString(`{"work":`)
		n.Corpus.orcidWork(&buf, i)
		buf.WriteString(`}`)
	}
	buf.WriteString(`]}`)
	return 200, len(codes), buf.Bytes()
}

// agencyAnswer is doi.org's registration-agency lookup: Crossref, or
// DataCite for the Mix's DataCite prefix.
func (n *Net) agencyAnswer(req *http.Request) (int, int, []byte) {
	if !strings.HasPrefix(req.URL.Path, "/doiRA/") {
		return 404, 1, nil
	}
	var buf bytes.Buffer
	names := strings.Split(strings.TrimPrefix(req.URL.Path, "/doiRA/"), ",")
	buf.WriteByte('[')
	for k, p := range names {
		if k > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"DOI":%q,"RA":%q}`, p, n.agency(p))
	}
	buf.WriteByte(']')
	return 200, len(names), buf.Bytes()
}

func (n *Net) crossrefAnswer(req *http.Request) (int, int, []byte) {
	q := req.URL.Query()
	if id, ok := strings.CutPrefix(q.Get("filter"), "orcid:"); ok {
		return n.crossrefListing(id, q)
	}
	if req.URL.Path == "/works" {
		var dois []string
		for _, f := range strings.Split(q.Get("filter"), ",") {
			dois = append(dois, strings.TrimPrefix(f, "doi:"))
		}
		return list(dois, func(b *bytes.Buffer, i int) bool {
			if n.Mix.IsDataCite(i) {
				return false
			}
			n.crossrefListItem(b, i, q)
			return true
		},
			func(b *bytes.Buffer, c int) {
				fmt.Fprintf(b, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[`, c)
			}, func(b *bytes.Buffer, _ int) { b.WriteString(`]}}`) })
	}
	i := work(strings.TrimPrefix(req.URL.Path, "/works/"))
	if i < 0 || n.Mix.IsDataCite(i) {
		return 404, 1, []byte("Resource not found.")
	}
	var buf bytes.Buffer
	buf.WriteString(`{"status":"ok","message-type":"work","message":`)
	n.crossrefWork(&buf, i)
	buf.WriteString(`}`)
	return 200, 1, buf.Bytes()
}

func (n *Net) openAlexAnswer(req *http.Request) (int, int, []byte) {
	if id, ok := strings.CutPrefix(req.URL.Query().Get("filter"), "authorships.author.orcid:https://orcid.org/"); ok {
		return n.openAlexListing(id, req.URL.Query())
	}
	if req.URL.Path == "/works" {
		dois := strings.Split(strings.TrimPrefix(req.URL.Query().Get("filter"), "doi:"), "|")
		return list(dois, func(b *bytes.Buffer, i int) bool {
			if OpenAlexMisses(i) {
				return false
			}
			n.openAlexWork(b, i)
			return true
		}, func(b *bytes.Buffer, _ int) { b.WriteString(`{"results":[`) },
			func(b *bytes.Buffer, c int) { fmt.Fprintf(b, `],"meta":{"count":%d}}`, c) })
	}
	i := work(strings.TrimPrefix(req.URL.Path, "/works/doi:"))
	if i < 0 || OpenAlexMisses(i) {
		return 404, 1, []byte(`{"error":"not found"}`)
	}
	var buf bytes.Buffer
	n.openAlexWork(&buf, i)
	return 200, 1, buf.Bytes()
}

func (n *Net) epmcAnswer(req *http.Request) (int, int, []byte) {
	var dois []string
	for _, m := range epmcPattern.FindAllStringSubmatch(req.URL.Query().Get("query"), -1) {
		dois = append(dois, m[1])
	}
	return list(dois, func(b *bytes.Buffer, i int) bool {
		if i%5 >= 3 { // two works in five are not in Europe PMC
			return false
		}
		n.epmcResult(b, i)
		return true
	}, func(b *bytes.Buffer, c int) { fmt.Fprintf(b, `{"hitCount":%d,"resultList":{"result":[`, c) },
		func(b *bytes.Buffer, _ int) { b.WriteString(`]}}`) })
}

func (n *Net) s2Answer(req *http.Request) (int, int, []byte) {
	var in struct{ IDs []string }
	body, _ := io.ReadAll(req.Body)
	_ = json.Unmarshal(body, &in)
	var buf bytes.Buffer
	buf.WriteByte('[')
	for k, id := range in.IDs {
		if k > 0 {
			buf.WriteByte(',')
		}
		if i := work(strings.TrimPrefix(id, "DOI:")); i >= 0 {
			n.Corpus.s2Paper(&buf, i)
		} else {
			buf.WriteString("null")
		}
	}
	buf.WriteByte(']')
	return 200, len(in.IDs), buf.Bytes()
}

func (n *Net) unpaywallAnswer(req *http.Request) (int, int, []byte) {
	i := work(strings.TrimPrefix(req.URL.Path, "/v2/"))
	if i < 0 {
		return 404, 1, []byte(`{"error":true}`)
	}
	var buf bytes.Buffer
	n.Corpus.unpaywall(&buf, i)
	return 200, 1, buf.Bytes()
}

// The discovery listings: Crossref and OpenAlex list every work of the
// researcher's record (all on the record, so nothing is suggested: the
// cost of discovery when it finds nothing), a page at a time by cursor;
// DataCite, which registered none of them, lists none.

// listingPage is the works of researcher id from cursor on ("*" starts,
// else the offset a previous page gave), at most size of them.
func (n *Net) listingPage(id, cursor string, size int) (from int, works []int) {
	r, ok := n.ORCIDs[id]
	if !ok {
		return 0, nil
	}
	if cursor != "*" {
		fmt.Sscan(cursor, &from)
	}
	for k := from; k < n.PerRecord && len(works) < size; k++ {
		works = append(works, r*n.PerRecord+k)
	}
	return from, works
}

func (n *Net) crossrefListing(id string, q url.Values) (int, int, []byte) {
	from, works := n.listingPage(id, q.Get("cursor"), 1000)
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"next-cursor":"%d","items":[`, n.PerRecord, from+len(works))
	k := 0
	for _, i := range works {
		if n.Mix.IsDataCite(i) { // registered at DataCite: not Crossref's
			continue
		}
		if k > 0 {
			b.WriteByte(',')
		}
		n.crossrefListItem(&b, i, q)
		k++
	}
	b.WriteString(`]}}`)
	return 200, len(works), b.Bytes()
}

func (n *Net) openAlexListing(id string, q url.Values) (int, int, []byte) {
	from, works := n.listingPage(id, q.Get("cursor"), 100)
	next := "null"
	if from+len(works) < n.PerRecord {
		next = fmt.Sprintf(`"%d"`, from+len(works))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"meta":{"count":%d,"per_page":100,"next_cursor":%s},"results":[`, n.PerRecord, next)
	for k, i := range works {
		if k > 0 {
			b.WriteByte(',')
		}
		listItem(&b, q, func(w *bytes.Buffer) { n.openAlexWork(w, i) })
	}
	b.WriteString(`]}`)
	return 200, len(works), b.Bytes()
}

func (n *Net) dataCiteAnswer(req *http.Request) (int, int, []byte) {
	if req.URL.Path == "/dois" && req.URL.Query().Has("user-id") {
		return 200, 1, []byte(`{"data":[],"meta":{"total":0},"links":{"self":"https://api.datacite.org/dois"}}`)
	}
	if n.Mix.DataCite {
		return n.dataCiteWorks(req)
	}
	return 404, 1, nil
}
