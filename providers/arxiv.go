package providers

import (
	"cmp"
	"context"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/providers/xmltext"
	"github.com/aboutscholar/about/record"
)

const (
	arxivQueryPath  = "/api/query"
	arxivIDList     = "id_list"     // comma-separated arXiv ids, answered in any order
	arxivMaxResults = "max_results" // defaults to 10, so a batch must name its size
	// arxivDOIPrefix is the DataCite prefix under which arXiv registers a
	// DOI for every e-print: 10.48550/arXiv.<id> (lower-cased, as
	// manifest.NormalizeDOI leaves it).
	arxivDOIPrefix = "10.48550/arxiv."
	// arxivErrorID is how the API marks its error entry: an Atom entry
	// whose id is http://arxiv.org/api/errors#<reason>, title "Error".
	arxivErrorID = "arxiv.org/api/errors"
)

// ArXiv reads e-print metadata (title, authors, abstract, categories, the
// author-supplied journal reference and DOI of the published version, and
// the PDF) from the arXiv API, up to 100 e-prints per request.
//
// Its answers are Atom 1.0 XML, read with encoding/xml, not JSON.
func ArXiv() service.Spec {
	return service.Spec{
		Name:  "arxiv",
		Probe: arxivProbe(),
		Title: "arXiv",
		Host:  "export.arxiv.org",
		// The API terms ask for no more than one request every three seconds,
		// on a single connection, across all machines a client controls.
		MinInterval: 3 * time.Second,
		RateSource:  "https://info.arxiv.org/help/api/tou.html#rate-limits",
		// A 100-id answer is built on the fly and can take a while.
		Timeout: 60 * time.Second,
		Accepts: []manifest.Kind{manifest.KindArXiv, manifest.KindDOI},
		// Only the DOIs arXiv itself registered (10.48550/arXiv.<id>) name an
		// e-print; every other DOI is someone else's to answer.
		Applies: func(id manifest.Identity) bool {
			_, err := arxivAsked(id)
			return err == nil
		},
		// The manual sets no limit on id_list itself (only max_results, at most
		// 2000 per call); 100 ids keep the GET URL under 2 kB and the answer
		// small while costing one 3-second slot per hundred e-prints.
		BatchSize:   100,
		Terms:       "https://info.arxiv.org/help/api/tou.html",
		Attribution: "Thank you to arXiv for use of its open access interoperability.",
		Fetch:       fetchArXiv,
	}
}

// arxivProbe asks the id_list form the run batches with about two stable
// e-prints (one new-style, one old-style id) and checks the Atom elements
// arxivEntry reads.
func arxivProbe() service.Probe {
	return service.Probe{
		Path: arxivQueryPath + "?id_list=0710.2073%2Chep-ex%2F0307015&max_results=2",
		XML:  true,
		Fields: []string{"feed/entry/id", "feed/entry/title", "feed/entry/published", "feed/entry/summary", "feed/entry/author/name",
			"feed/entry/link@href", "feed/entry/primary_category@term"},
		Doc: "https://info.arxiv.org/help/api/user-manual.html#_query_interface",
	}
}

// arxivID is an arXiv identifier split for matching: base is lower-case
// with no version and, for old-style ids, no subject class
// (math.GT/0309136 is math/0309136: arXiv's canonical form).
type arxivID struct {
	base    string
	version int // 0 when none was given
}

func (a arxivID) String() string {
	if a.version == 0 {
		return a.base
	}
	return a.base + "v" + strconv.Itoa(a.version)
}

// parseArXivID reads a bare id or an abs URL as arXiv writes it in <id>.
func parseArXivID(s string) arxivID {
	base, version := wire.ArXivParts(s)
	return arxivID{base: base, version: version}
}

// arxivAsked is the arXiv id an identity names: an arXiv identity itself,
// or the e-print behind an arXiv-registered DOI.
func arxivAsked(id manifest.Identity) (arxivID, error) {
	raw := id.Value
	switch id.Kind {
	case manifest.KindArXiv:
	case manifest.KindDOI:
		doi := strings.ToLower(id.Value)
		if !strings.HasPrefix(doi, arxivDOIPrefix) {
			return arxivID{}, fmt.Errorf("DOI %s is not an arXiv DOI (%s…)", id.Value, arxivDOIPrefix)
		}
		raw = doi[len(arxivDOIPrefix):]
	default:
		return arxivID{}, fmt.Errorf("arXiv cannot answer for %s identities", id.Kind)
	}
	v, err := manifest.NormalizeArXiv(raw)
	if err != nil {
		return arxivID{}, err
	}
	return parseArXivID(v), nil
}

// arxivFeed is the Atom answer of /api/query.
type arxivFeed struct {
	XMLName xml.Name
	Entries []arxivEntry `xml:"entry"`
}

type arxivEntry struct {
	ID        string        `xml:"id"`
	Published string        `xml:"published"`
	Title     string        `xml:"title"`
	Summary   string        `xml:"summary"`
	Authors   []arxivAuthor `xml:"author"`
	Links     []arxivLink   `xml:"link"`
	// The arxiv: extension elements are matched in their namespace.
	Primary    arxivCategory   `xml:"http://arxiv.org/schemas/atom primary_category"`
	Categories []arxivCategory `xml:"category"`
	Comment    string          `xml:"http://arxiv.org/schemas/atom comment"`
	JournalRef string          `xml:"http://arxiv.org/schemas/atom journal_ref"`
	DOI        string          `xml:"http://arxiv.org/schemas/atom doi"`
	// Raw is the entry as sent, which tells two entries apart.
	Raw string `xml:",innerxml"`
}

type arxivAuthor struct {
	Name         string   `xml:"name"`
	Affiliations []string `xml:"http://arxiv.org/schemas/atom affiliation"`
}

type arxivLink struct {
	Href  string `xml:"href,attr"`
	Rel   string `xml:"rel,attr"`
	Title string `xml:"title,attr"`
	Type  string `xml:"type,attr"`
}

type arxivCategory struct {
	Term string `xml:"term,attr"`
}

// isError reports the API's error entry (one per failed query).
func (e arxivEntry) isError() bool { return strings.Contains(e.ID, arxivErrorID) }

// fetchArXiv asks for every id in one id_list query. arXiv answers a
// malformed id (one it considers impossible, such as 1234.12345) with a
// single error entry for the whole query; that id is then NotFound, with
// a warning, and the rest are asked again without it.
func fetchArXiv(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
	b := newArXivBatch(ids)
	pending := b.pending
	for len(pending) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		feed, fail := queryArXiv(ctx, env, b.list(pending))
		if fail != nil {
			b.settle(pending, *fail)
			return b.out, nil
		}
		k := slices.IndexFunc(feed.Entries, arxivEntry.isError)
		if k < 0 {
			b.askAlone(ctx, env, b.answer(pending, feed.Entries))
			return b.out, nil
		}
		rest := b.reject(pending, feed.Entries[k])
		if len(rest) == len(pending) { // the error names none of ours: nothing answered
			err := fmt.Errorf("arxiv: the API answered with an error: %s", service.CleanText(xmltext.Collapse(feed.Entries[k].Summary)))
			b.settle(pending, service.Result{Status: record.Failed, Err: err})
			return b.out, nil
		}
		pending = rest
	}
	return b.out, nil
}

// arxivBatch is one call's ids, what is asked for each, and their results
// as they are settled; pending lists indexes by position in ids.
type arxivBatch struct {
	ids     []manifest.Identity
	asked   []arxivID
	out     []service.Result
	pending []int // the ids that could be asked at all
}

// newArXivBatch parses every id up front: one that is not an arXiv id
// fails alone and is never sent.
func newArXivBatch(ids []manifest.Identity) *arxivBatch {
	b := &arxivBatch{ids: ids, asked: make([]arxivID, len(ids)), out: make([]service.Result, len(ids))}
	for i, id := range ids {
		a, err := arxivAsked(id)
		if err != nil {
			b.out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("arxiv: %s: %w", id, err)}
			continue
		}
		b.asked[i] = a
		b.pending = append(b.pending, i)
	}
	return b
}

// list is the id_list for the pending ids, each e-print once even when
// the batch asks for it twice.
func (b *arxivBatch) list(pending []int) []string {
	var list []string
	for _, i := range pending {
		if s := b.asked[i].String(); !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// settle gives every pending id the same outcome: the query as a whole
// failed or found nothing.
func (b *arxivBatch) settle(pending []int, r service.Result) {
	for _, i := range pending {
		b.out[i] = r
	}
}

// answer matches the feed's entries back to the pending ids; an id with
// no entry is NotFound, unless the feed also held entries for e-prints
// not asked (or two different entries for one): then such an entry may be
// the lacking id's under a wrong label, and the feed is no evidence that
// arXiv lacks it. Those ids are returned, to be asked alone (a query that
// already asked one e-print fails them instead). The rule is the one the
// JSON list forms follow (listAnswer).
func (b *arxivBatch) answer(pending []int, entries []arxivEntry) (again []arxivDoubt) {
	strays, twice := arxivStrays(b.list(pending), entries)
	alone := len(b.list(pending)) == 1
	for _, i := range pending {
		why := ""
		e, ok := arxivMatch(entries, b.asked[i])
		switch {
		case twice[b.asked[i].base]:
			why = "gave this e-print two different entries"
		case ok:
			rec := arxivRecord(e)
			b.out[i] = service.Result{Status: record.Found, Record: &rec}
		case len(strays) > 0:
			why = "lacked this e-print and held entries for e-prints not asked (" + service.StrayList(strays) + ")"
		case len(twice) > 0: // one of the two may be this e-print's under a wrong label
			why = "lacked this e-print and gave another two different entries"
		default:
			b.out[i] = service.Result{Status: record.NotFound}
		}
		switch {
		case why == "":
		case alone:
			b.out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("arxiv: %s: the answer to it alone %s", b.ids[i].Key(), why)}
		default:
			again = append(again, arxivDoubt{i, why})
		}
	}
	if len(again) == 0 && len(strays) > 0 && len(pending) > 0 {
		// No id was left in doubt, but the story still says the answer
		// held what was not asked.
		b.out[pending[0]].Warnings = append(b.out[pending[0]].Warnings, service.SetAside("arxiv", "arxiv", "a list answer held entries for e-prints", strays))
	}
	return again
}

// arxivDoubt is an id (at, its index in the batch) that a list answer did
// not settle, and why.
type arxivDoubt struct {
	at  int
	why string
}

// arxivStrays reads a feed against the e-prints asked (list): the ids of
// entries for none of them, and the e-prints two different entries claim
// with one version. Entries that describe nothing are no one's and are
// skipped, as arxivMatch skips them.
func arxivStrays(list []string, entries []arxivEntry) (strays []string, twice map[string]bool) {
	asked := map[string]bool{}
	for _, s := range list {
		asked[parseArXivID(s).base] = true
	}
	twice = map[string]bool{}
	seen := map[arxivID]string{}
	for _, e := range entries {
		if strings.TrimSpace(e.Title) == "" && strings.TrimSpace(e.Published) == "" {
			continue
		}
		got := parseArXivID(e.ID)
		switch raw, ok := seen[got]; {
		case !asked[got.base]:
			strays = append(strays, cmp.Or(got.String(), "an entry with no id"))
		case ok && raw != e.Raw:
			twice[got.base] = true
		default:
			seen[got] = e.Raw
		}
	}
	return strays, twice
}

// askAlone asks each doubted id again in a query of its own, and says in
// a warning why.
func (b *arxivBatch) askAlone(ctx context.Context, env service.Env, again []arxivDoubt) {
	env.Announce(len(again)) // known now, before the first is sent
	for _, d := range again {
		one, err := fetchArXiv(ctx, env, b.ids[d.at:d.at+1])
		r := service.Result{Status: record.Failed, Err: err}
		if err == nil {
			r = one[0]
		}
		r.Warnings = append(r.Warnings, service.AskedAlone("arxiv", b.ids[d.at].Key(), "the list answer "+d.why))
		b.out[d.at] = r
	}
}

// reject settles the ids the error entry names as NotFound with arXiv's
// reason, and returns the others, to be asked again.
func (b *arxivBatch) reject(pending []int, errEntry arxivEntry) []int {
	bad := arxivErrorSubject(errEntry)
	var rest []int
	for _, i := range pending {
		if bad != "" && b.asked[i] == parseArXivID(bad) {
			b.out[i] = service.Result{Status: record.NotFound, Warnings: []record.Warning{{
				Identity: b.ids[i].Key(),
				Message:  "arXiv rejects the id: " + xmltext.Collapse(errEntry.Summary),
			}}}
			continue
		}
		rest = append(rest, i)
	}
	return rest
}

// queryArXiv sends one id_list query. A non-nil Result is the outcome for
// every id of the query (not found, or failed).
func queryArXiv(ctx context.Context, env service.Env, list []string) (arxivFeed, *service.Result) {
	// arXiv ids hold only [0-9a-z./-] (NormalizeArXiv checked), all legal
	// in a query; the slash of old-style ids and the commas stay literal,
	// as in the manual's examples.
	u := env.Base + arxivQueryPath + "?" + arxivIDList + "=" + strings.Join(list, ",") +
		"&" + arxivMaxResults + "=" + strconv.Itoa(len(list))
	ans, err := service.Get(ctx, env, u, "application/atom+xml")
	if err != nil {
		return arxivFeed{}, &service.Result{Status: record.Failed, Err: fmt.Errorf("arxiv: %w", err)}
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return arxivFeed{}, &service.Result{Status: record.NotFound}
	case ans.Status < 200 || ans.Status > 299:
		return arxivFeed{}, &service.Result{Status: record.Failed, Err: &service.StatusError{Provider: "arxiv", Code: ans.Status}}
	}
	var feed arxivFeed
	if err := xml.Unmarshal(ans.Body, &feed); err != nil {
		return arxivFeed{}, &service.Result{Status: record.Failed, Err: service.Malformed("arxiv", "body is not well-formed XML: "+err.Error())}
	}
	if feed.XMLName.Local != "feed" {
		return arxivFeed{}, &service.Result{Status: record.Failed, Err: service.Malformed("arxiv", "answer is <"+feed.XMLName.Local+">, not an Atom feed")}
	}
	return feed, nil
}

// arxivErrorSubject is the id an error entry complains about: its id ends
// "#incorrect_id_format_for_1234.12345".
func arxivErrorSubject(e arxivEntry) string {
	_, frag, _ := strings.Cut(e.ID, "#")
	if k := strings.LastIndex(frag, "_for_"); k >= 0 {
		return frag[k+len("_for_"):]
	}
	return ""
}

// arxivMatch finds the entry answering asked. arXiv returns entries in any
// order and names each by its abs URL with the version it served. A
// versioned ask wants that version; a bare one wants the latest, which is
// the highest version when a batch asked for the same e-print twice.
func arxivMatch(entries []arxivEntry, asked arxivID) (arxivEntry, bool) {
	best, found := arxivEntry{}, false
	bestVersion := -1
	for _, e := range entries {
		if strings.TrimSpace(e.Title) == "" && strings.TrimSpace(e.Published) == "" {
			continue // an entry with neither title nor date describes nothing
		}
		got := parseArXivID(e.ID)
		if got.base != asked.base {
			continue
		}
		if asked.version != 0 && got.version != 0 && got.version != asked.version {
			continue
		}
		if got.version > bestVersion {
			best, found, bestVersion = e, true, got.version
		}
	}
	return best, found
}

// arxivRecord maps one Atom entry.
func arxivRecord(e arxivEntry) record.Record {
	rec := record.Record{
		Title:     xmltext.Collapse(e.Title),
		Publisher: "arXiv",
		Type:      "article", // CSL's type for a preprint
		// <published> is when version 1 was submitted: the e-print's date.
		Issued:   record.ParseDate(e.Published),
		Abstract: xmltext.Collapse(e.Summary),
		IDs:      record.IDs{ArXiv: parseArXivID(e.ID).base},
		Authors:  arxivAuthors(e.Authors),
		Topics:   arxivTopics(e),
	}
	rec.URL, rec.OA = arxivLinks(e.Links)
	// arxiv:doi is the DOI the authors give for the published version (a
	// journal's, not arXiv's own); a few entries list more than one.
	for _, f := range strings.Fields(e.DOI) {
		if doi := wire.StripDOI(f); doi != "" {
			rec.Relations = append(rec.Relations, record.Relation{Type: "is-preprint-of", ID: "doi:" + doi})
		}
	}
	if ref := xmltext.Collapse(e.JournalRef); ref != "" {
		rec.Extra = append(rec.Extra, record.Annotation{Name: "journal_ref", Value: ref})
	}
	if c := xmltext.Collapse(e.Comment); c != "" {
		rec.Extra = append(rec.Extra, record.Annotation{Name: "comment", Value: c})
	}
	return rec
}

// arxivAuthors keeps the named authors with their non-blank affiliations;
// the feed wraps both across lines. arXiv gives each name as one string
// (<name>, as the submitter typed it), split by the rule every index's
// names are.
func arxivAuthors(list []arxivAuthor) []record.Author {
	var out []record.Author
	for _, a := range list {
		author := indexAuthor(xmltext.Collapse(a.Name)) // one string, as submitted: index_names.go
		for _, aff := range a.Affiliations {
			if aff = xmltext.Collapse(aff); aff != "" {
				author.Affiliations = append(author.Affiliations, aff)
			}
		}
		if author.Display() != "" {
			out = append(out, author)
		}
	}
	return out
}

// arxivLinks reads the abstract page (the first alternate link) and the
// PDF, which is the free copy.
func arxivLinks(links []arxivLink) (string, *record.OpenAccess) {
	var url string
	var oa *record.OpenAccess
	for _, l := range links {
		switch {
		case l.Rel == "alternate" && url == "":
			url = strings.TrimSpace(l.Href)
		case l.Title == "pdf" && oa == nil:
			// Every e-print is free to read on arXiv: the author's
			// submitted version, in a repository (green).
			oa = &record.OpenAccess{URL: strings.TrimSpace(l.Href), Status: "green", Version: "submittedVersion"}
		}
	}
	return url, oa
}

// arxivTopics lists the primary category first, then the others (arXiv,
// ACM and MSC classes alike) in the order given, each once.
func arxivTopics(e arxivEntry) []string {
	var topics []string
	for _, term := range append([]string{e.Primary.Term}, arxivTerms(e.Categories)...) {
		if term = strings.TrimSpace(term); term != "" && !slices.Contains(topics, term) {
			topics = append(topics, term)
		}
	}
	return topics
}

func arxivTerms(cs []arxivCategory) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Term
	}
	return out
}
