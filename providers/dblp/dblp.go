// Package dblp is the adapter of the dblp computer science bibliography:
// its declaration, the reader of its person pages and records, and the
// works a person page lists (list.go). It is a package of its own, as
// every adapter added after providers reached its size bar is
// (providers/inspire too): it imports providers/service and
// providers/wire, and the registry (providers.All) imports it.
package dblp

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/encoding/charmap"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/providers/xmltext"
	"github.com/aboutscholar/about/record"
)

// Spec lists the works the dblp computer science bibliography attributes
// to a person: its person page (https://dblp.org/pid/<pid>.xml) holds every
// record of the person in one answer, with each co-author's dblp pid and,
// where dblp verified it, ORCID iD. It answers for a dblp identity as
// ORCID does for an iD: the works the page lists (discovered), each with
// dblp's record as its lowest source, and the full titles of the volumes
// its papers without a DOI appear in (venues.go). It runs whenever a
// manifest names a dblp person, and is asked nothing else.
func Spec() service.Spec {
	return service.Spec{
		Name:  "dblp",
		Title: "dblp computer science bibliography",
		Host:  "dblp.org",
		// The FAQ "Am I allowed to crawl the dblp website?" asks scripts to
		// wait "at least one or two second[s] between two consecutive
		// requests" and to respect robots.txt, whose Crawl-delay is 4; a
		// listing is one request per person, so the longer gap costs little.
		// The person page is the FAQ's "XML query API"; robots.txt's
		// Disallow /*.xml keeps crawlers off it, and about asks one page
		// per person the manifest names, no crawl (docs/providers.md).
		MinInterval: 4 * time.Second,
		RateSource:  "https://dblp.org/faq/1474706.html",
		// dblp's documented signal is 429 with Retry-After, which every host
		// gets (transport); it documents no other slow-down status.
		SlowDown: nil,
		// A prolific person's page runs to a few megabytes, built on request.
		Timeout:     60 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDBLP},
		BatchSize:   1,
		Fetch:       service.One(service.RunStaged(expand)),
		Expand:      expand,
		Terms:       "https://dblp.uni-trier.de/faq/Under+what+license+is+the+data+from+dblp+released.html",
		Attribution: "Metadata from the dblp computer science bibliography (https://dblp.org), released under CC0 1.0; dblp asks for a link as the source.",
		Probe:       dblpProbe(),
	}
}

const (
	dblpPersonPath = "/pid/" // + pid + ".xml": the person page as XML
	dblpRecordURL  = "https://dblp.org/rec/"
	dblpDBURL      = "https://dblp.org/"
	// dblpMaxRecords bounds one answer: the most prolific people in dblp
	// have a few thousand records; far more is not a person page.
	dblpMaxRecords = 20000
	// dblpCoRRKey is the key prefix of CoRR, dblp's mirror of arXiv: its
	// "articles" are e-prints.
	dblpCoRRKey = "journals/corr/"
	// arXiv's DataCite DOIs (10.48550/arXiv.<id>), which dblp gives CoRR
	// records as their electronic edition since 2022.
	dblpArXivDOI = "10.48550/arxiv."
)

// dblpProbe asks for a small, stable person page (Di Xu 0001: eight
// records, journal and conference, a homonym) and checks the elements
// parseDBLP reads.
func dblpProbe() service.Probe {
	return service.Probe{
		Path: dblpPersonPath + "95/7448-1.xml",
		XML:  true,
		Fields: []string{"dblpperson@name", "dblpperson@pid", "dblpperson@n",
			"dblpperson/r/article@key", "dblpperson/r/article/author@pid", "dblpperson/r/article/title",
			"dblpperson/r/article/year", "dblpperson/r/article/journal", "dblpperson/r/article/volume",
			"dblpperson/r/article/ee", "dblpperson/r/article/url",
			"dblpperson/r/inproceedings@key", "dblpperson/r/inproceedings/booktitle", "dblpperson/r/inproceedings/crossref"},
		Doc: "https://dblp.org/faq/1474706.html",
	}
}

// dblpListing is a person page read: who dblp says the person is and the
// works it lists, in dblp's order (newest first).
type dblpListing struct {
	Name  string // the person's primary name, homonym number dropped
	PID   string
	ORCID string // the iD dblp links the person to, "" when none
	Total int    // records dblp counts for the person (the page's n)
	Works []dblpWork
}

// dblpWork is one dblp record as the pipeline needs it.
type dblpWork struct {
	Key       string // dblp's record key, e.g. conf/nips/VaswaniSPUJGKP17
	Element   string // dblp's record element: article, inproceedings, …
	PublType  string // dblp's publtype: informal, withdrawn, edited, …
	Modified  string // mdate
	Type      string // CSL type
	Genre     string // CSL genre ("Preprint", "PhD thesis"), "" when none
	Withdrawn bool   // dblp marks it withdrawn: not a work to list
	Title     string // markup dropped, dblp's closing period removed
	Authors   []dblpName
	Editors   []dblpName
	Year      int
	Venue     string // journal or booktitle, dblp's short form ("NIPS", "ACL (1)"); the volume's full title once known (venues.go)
	// VenueShort is dblp's booktitle once Venue holds the volume's full
	// title; "" before.
	VenueShort string
	Crossref   string // key of the proceedings or book it appears in
	Volume     string
	Number     string
	Pages      string
	Publisher  string // of a book or proceedings; the school of a thesis
	DOI        string // normalised, from a doi.org electronic edition
	ArXiv      string // version-less arXiv id, from an arXiv link or arXiv DOI
	Link       string // the first electronic edition that is neither a DOI, arXiv nor Wikidata
	OpenLink   bool   // dblp marks Link open access
	// VolumeEditors are the editors of the volume it appears in, once
	// known (venues.go): a paper in proceedings is cited with them.
	VolumeEditors []record.Author
	RecordURL     string // the record's dblp page
	TOCURL        string // the table of contents dblp lists it in, "" when none
}

// dblpName is an author or editor as dblp writes them.
type dblpName struct {
	Name  string // homonym number ("Wei Wang 0001") dropped
	PID   string // dblp person id, telling homonyms apart
	ORCID string // normalised, "" when dblp has none
}

// dblpHomonym is the number dblp appends to tell people of one name apart.
var dblpHomonym = regexp.MustCompile(`\s+[0-9]{4}$`)

// dblpRaw is a record element as sent.
type dblpRaw struct {
	XMLName   xml.Name
	Key       string       `xml:"key,attr"`
	MDate     string       `xml:"mdate,attr"`
	PublType  string       `xml:"publtype,attr"`
	Authors   []dblpName   `xml:"author"`
	Editors   []dblpName   `xml:"editor"`
	Title     xmltext.Text `xml:"title"`
	Year      string       `xml:"year"`
	Journal   xmltext.Text `xml:"journal"`
	BookTitle xmltext.Text `xml:"booktitle"`
	Volume    string       `xml:"volume"`
	Number    string       `xml:"number"`
	Pages     string       `xml:"pages"`
	Publisher xmltext.Text `xml:"publisher"`
	School    xmltext.Text `xml:"school"`
	EE        []dblpEE     `xml:"ee"`
	Crossref  string       `xml:"crossref"`
	URL       string       `xml:"url"`
}

type dblpEE struct {
	Type string `xml:"type,attr"` // "oa" marks an open-access edition
	URL  string `xml:",chardata"`
}

// UnmarshalXML reads an author or editor: attributes and the whole text.
func (n *dblpName) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "pid":
			n.PID = strings.TrimSpace(a.Value)
		case "orcid":
			if v, err := manifest.NormalizeORCID(a.Value); err == nil {
				n.ORCID = v
			}
		}
	}
	s, err := xmltext.ElementText(d)
	n.Name = dblpHomonym.ReplaceAllString(s, "")
	return err
}

// dblpPersonRec is the person page's <person>: the links dblp keeps for
// the person (home page, ORCID, Wikidata, …).
type dblpPersonRec struct {
	URLs []string `xml:"url"`
}

// dblpIsRecord reports the elements that are works; www (home pages) and
// person records are not.
func dblpIsRecord(element string) bool {
	switch element {
	case "article", "inproceedings", "proceedings", "book", "incollection", "phdthesis", "mastersthesis", "data":
		return true
	}
	return false
}

// parseDBLP reads a dblp XML answer: a person page (<dblpperson>, records
// each in an <r>) or a record answer (<dblp>, records as its children, as
// /rec/<key>.xml and the dump send them). Anything else is malformed.
func parseDBLP(body []byte) (dblpListing, error) {
	d := dblpDecoder(body)
	root, err := dblpRoot(d)
	if err != nil {
		return dblpListing{}, err
	}
	var l dblpListing
	switch root.Name.Local {
	case "dblpperson":
		l, err = readDBLPPerson(d, root)
	case "dblp":
		l.Works, err = readDBLPRecords(d, false)
	default:
		return dblpListing{}, service.Malformed("dblp", "answer is <"+root.Name.Local+">, not a dblp person page or record")
	}
	if err != nil {
		return dblpListing{}, err
	}
	return l, nil
}

// dblpDecoder reads dblp's XML strictly. dblp writes every non-ASCII
// character as a numeric entity and declares US-ASCII (or, in the dump,
// ISO-8859-1 with the DTD's named Latin-1 entities), so the decoder is
// told those charsets and HTML's entity names; an unknown entity fails.
func dblpDecoder(body []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	d.CharsetReader = dblpCharset
	return d
}

// dblpCharset accepts the charsets dblp declares: US-ASCII is UTF-8's
// first half (a byte past it is then invalid UTF-8, and fails), ISO-8859-1
// is converted.
func dblpCharset(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "latin1", "latin-1":
		return charmap.ISO8859_1.NewDecoder().Reader(in), nil
	}
	return nil, fmt.Errorf("charset %q is not one dblp uses", label)
}

// dblpRoot is the answer's first element.
func dblpRoot(d *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return xml.StartElement{}, service.Malformed("dblp", "answer holds no XML element")
			}
			return xml.StartElement{}, service.Malformed("dblp", "body is not well-formed XML: "+err.Error())
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se, nil
		}
	}
}

// readDBLPPerson reads a person page after its root element.
func readDBLPPerson(d *xml.Decoder, root xml.StartElement) (dblpListing, error) {
	var l dblpListing
	for _, a := range root.Attr {
		switch a.Name.Local {
		case "name":
			l.Name = dblpHomonym.ReplaceAllString(xmltext.Collapse(a.Value), "")
		case "pid":
			l.PID = strings.TrimSpace(a.Value)
		case "n":
			if n, err := strconv.Atoi(strings.TrimSpace(a.Value)); err == nil && n >= 0 {
				l.Total = n
			}
		}
	}
	works, person, err := readDBLPPersonBody(d)
	if err != nil {
		return dblpListing{}, err
	}
	l.Works = works
	for _, u := range person.URLs {
		if v, err := manifest.NormalizeORCID(strings.TrimSpace(u)); err == nil && strings.Contains(u, "orcid.org/") {
			l.ORCID = v
			break
		}
	}
	return l, nil
}

// readDBLPPersonBody reads the children of <dblpperson>: the <person>
// record, then every <r>; homonyms and co-authors are skipped.
func readDBLPPersonBody(d *xml.Decoder) ([]dblpWork, dblpPersonRec, error) {
	var person dblpPersonRec
	var works []dblpWork
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, person, service.Malformed("dblp", "person page ends early: "+err.Error())
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return works, person, nil
		case xml.StartElement:
			switch t.Name.Local {
			case "person":
				if err := d.DecodeElement(&person, &t); err != nil {
					return nil, person, service.Malformed("dblp", "person record: "+err.Error())
				}
			case "r":
				got, err := readDBLPRecords(d, true)
				if err != nil {
					return nil, person, err
				}
				works = append(works, got...)
				if len(works) > dblpMaxRecords {
					return nil, person, service.Malformed("dblp", fmt.Sprintf("answer holds more than %d records", dblpMaxRecords))
				}
			default:
				if err := d.Skip(); err != nil {
					return nil, person, service.Malformed("dblp", "person page: "+err.Error())
				}
			}
		}
	}
}

// readDBLPRecords reads the record elements up to the end of the current
// element (an <r> when inR, else the <dblp> root); elements that are not
// works are skipped.
func readDBLPRecords(d *xml.Decoder, inR bool) ([]dblpWork, error) {
	var works []dblpWork
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, service.Malformed("dblp", "answer ends early: "+err.Error())
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return works, nil
		case xml.StartElement:
			if !dblpIsRecord(t.Name.Local) {
				if err := d.Skip(); err != nil {
					return nil, service.Malformed("dblp", err.Error())
				}
				continue
			}
			w, err := decodeDBLPRecord(d, t)
			if err != nil {
				return nil, err
			}
			works = append(works, w)
			if !inR && len(works) > dblpMaxRecords {
				return nil, service.Malformed("dblp", fmt.Sprintf("answer holds more than %d records", dblpMaxRecords))
			}
		}
	}
}

// decodeDBLPRecord reads one record element (start is its start tag).
func decodeDBLPRecord(d *xml.Decoder, start xml.StartElement) (dblpWork, error) {
	var raw dblpRaw
	if err := d.DecodeElement(&raw, &start); err != nil {
		return dblpWork{}, service.Malformed("dblp", "record <"+start.Name.Local+">: "+err.Error())
	}
	if strings.TrimSpace(raw.Key) == "" {
		return dblpWork{}, service.Malformed("dblp", "a <"+start.Name.Local+"> record has no key")
	}
	return raw.work(), nil
}

// work turns a record as sent into what the pipeline reads.
func (r dblpRaw) work() dblpWork {
	key := strings.TrimSpace(r.Key)
	w := dblpWork{
		Key:       key,
		Element:   r.XMLName.Local,
		PublType:  strings.TrimSpace(r.PublType),
		Modified:  strings.TrimSpace(r.MDate),
		Withdrawn: dblpHasPublType(r.PublType, "withdrawn"),
		Title:     dblpTitle(string(r.Title)),
		Authors:   r.Authors,
		Editors:   r.Editors,
		Venue:     xmltext.Collapse(string(r.Journal)),
		Crossref:  strings.TrimSpace(r.Crossref),
		Volume:    xmltext.Collapse(r.Volume),
		Number:    xmltext.Collapse(r.Number),
		Pages:     xmltext.Collapse(r.Pages),
		Publisher: xmltext.Collapse(string(r.Publisher)),
		RecordURL: dblpRecordURL + key,
	}
	if w.Venue == "" {
		w.Venue = xmltext.Collapse(string(r.BookTitle))
	}
	if school := xmltext.Collapse(string(r.School)); school != "" {
		w.Publisher = school
	}
	if y, err := strconv.Atoi(strings.TrimSpace(r.Year)); err == nil && y > 0 && y <= 9999 {
		w.Year = y
	}
	if u := strings.TrimSpace(r.URL); strings.HasPrefix(u, "db/") {
		w.TOCURL = dblpDBURL + u
	}
	w.Type, w.Genre = dblpType(w.Element, w.PublType, key)
	dblpEditions(&w, r.EE)
	if w.Genre == "Preprint" && w.ArXiv == "" && strings.HasPrefix(key, dblpCoRRKey) {
		// Older CoRR records carry the e-print only as their volume, abs/<id>.
		if id, ok := strings.CutPrefix(w.Volume, "abs/"); ok {
			w.arxivEdition(id)
		}
	}
	if strings.HasPrefix(key, dblpCoRRKey) && strings.HasPrefix(w.Volume, "abs/") {
		w.Volume = "" // the e-print's id, not a volume
	}
	return w
}

// dblpTitle drops the period dblp closes every title with ("Attention is
// All you Need." is the paper "Attention is All you Need"); an ellipsis
// stays.
func dblpTitle(s string) string {
	s = xmltext.Collapse(s)
	if strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "..") {
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

// dblpHasPublType reports whether dblp's publtype (one or more words)
// names want.
func dblpHasPublType(publtype, want string) bool {
	for _, f := range strings.Fields(publtype) {
		if f == want {
			return true
		}
	}
	return false
}

// dblpType maps a record's element, publtype and key onto a CSL type and
// genre. dblp's element follows BibTeX's entry types
// (https://dblp.org/xml/docu/dblpxml.pdf); publtype refines it.
func dblpType(element, publtype, key string) (typ, genre string) {
	informal := dblpHasPublType(publtype, "informal")
	switch element {
	case "article":
		switch {
		case strings.HasPrefix(key, "tr/"): // technical reports dblp files as informal articles
			return "report", ""
		case strings.HasPrefix(key, dblpCoRRKey), informal: // CoRR (arXiv) and other e-print servers
			return "article", "Preprint"
		}
		return "article-journal", ""
	case "inproceedings":
		return "paper-conference", ""
	case "incollection":
		if dblpHasPublType(publtype, "encyclopedia") || strings.HasPrefix(key, "reference/") {
			return "entry-encyclopedia", ""
		}
		return "chapter", ""
	case "proceedings", "book":
		return "book", ""
	case "phdthesis":
		return "thesis", "PhD thesis"
	case "mastersthesis":
		return "thesis", "Master's thesis"
	case "data":
		if dblpHasPublType(publtype, "software") {
			return "software", ""
		}
		return "dataset", ""
	}
	return "document", ""
}

// dblpEditions reads the electronic editions: a doi.org link is the DOI
// (an arXiv DOI names the e-print), an arxiv.org/abs link the e-print,
// and the first other edition (not a Wikidata entity) the paper's link.
func dblpEditions(w *dblpWork, ees []dblpEE) {
	for _, ee := range ees {
		raw := strings.TrimSpace(ee.URL)
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		host := strings.ToLower(strings.TrimPrefix(u.Host, "www."))
		switch {
		case host == "doi.org" || host == "dx.doi.org":
			w.doiEdition(u)
		case host == "arxiv.org" && strings.HasPrefix(u.Path, "/abs/"):
			w.arxivEdition(strings.TrimPrefix(u.Path, "/abs/"))
		case host == "wikidata.org":
		default:
			if w.Link == "" {
				w.Link, w.OpenLink = raw, ee.Type == "oa"
			}
		}
	}
}

// doiEdition reads a doi.org edition: the first is the work's DOI, and
// an arXiv DOI names the e-print as well.
func (w *dblpWork) doiEdition(u *url.URL) {
	path := strings.TrimPrefix(u.EscapedPath(), "/")
	if p, err := url.PathUnescape(path); err == nil {
		path = p
	}
	doi := wire.StripDOI(path)
	if doi == "" {
		return
	}
	if w.DOI == "" {
		w.DOI = doi
	}
	if id, ok := strings.CutPrefix(doi, dblpArXivDOI); ok {
		w.arxivEdition(id)
	}
}

// arxivEdition keeps the first e-print named, without its version.
func (w *dblpWork) arxivEdition(id string) {
	if v, err := manifest.NormalizeArXiv(id); err == nil && w.ArXiv == "" {
		w.ArXiv, _ = wire.ArXivParts(v)
	}
}

// identity is the identity the work would be asked about as: its DOI,
// unless that is arXiv's own, then its e-print; the zero Identity when it
// has neither (a work of its own).
func (w dblpWork) identity() manifest.Identity {
	switch {
	case w.DOI != "" && !strings.HasPrefix(w.DOI, dblpArXivDOI):
		return manifest.Identity{Kind: manifest.KindDOI, Value: w.DOI}
	case w.ArXiv != "":
		return manifest.Identity{Kind: manifest.KindArXiv, Value: w.ArXiv}
	}
	return manifest.Identity{}
}

// record is what dblp says about the work, in the pipeline's terms. The
// venue is dblp's short form; editors are not authors and stay out.
func (w dblpWork) record() record.Record {
	rec := record.Record{
		Title:     w.Title,
		Container: w.Venue,
		// the booktitle beside the proceedings' title
		ContainerShort: w.VenueShort,
		Publisher:      w.Publisher,
		Type:           w.Type,
		Genre:          w.Genre,
		Issued:         record.NewDate(w.Year, 0, 0),
		Volume:         w.Volume,
		Issue:          w.Number,
		Pages:          wire.Pages(w.Pages, w.DOI),
		URL:            w.Link,
		IDs:            record.IDs{DOI: w.DOI, ArXiv: w.ArXiv},
	}
	if rec.URL == "" && w.DOI == "" && w.ArXiv == "" {
		rec.URL = w.RecordURL
	}
	for _, a := range w.Authors {
		rec.Authors = append(rec.Authors, a.author())
	}
	if record.EditorsCited(w.Type) {
		for _, e := range w.Editors {
			rec.Editors = append(rec.Editors, e.author())
		}
		if len(rec.Editors) == 0 {
			rec.Editors = w.VolumeEditors
		}
	}
	return rec
}

// author is the name as dblp writes it, "Given Family" with the homonym
// number dropped, split by the rules every index's bylines are
// (wire.SplitName); a name they cannot read stays literal.
func (n dblpName) author() record.Author {
	if split, ok := wire.SplitName(n.Name, nil); ok {
		return record.Author{Given: split.Given, Family: split.Family, ORCID: n.ORCID}
	}
	return record.Author{Name: n.Name, ORCID: n.ORCID}
}
