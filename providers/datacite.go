package providers

import (
	"context"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const (
	dataCiteDOIsPath = "/dois/"
	dataCiteListPath = "/dois"
	// dataCiteBatch is how many DOIs one list query asks about: the REST
	// API takes Elasticsearch query-string syntax in query=, with field
	// names and OR (https://support.datacite.org/docs/api-queries), so
	// doi:("A" OR "B" …) asks for several DOIs at once. 25 quoted DOIs keep
	// the URL near 1,500 bytes.
	dataCiteBatch = 25
	// dataCiteMaxURI splits a batch of unusually long DOIs.
	dataCiteMaxURI = 4000
	// dataCiteMailto identifies the caller, which moves unauthenticated
	// requests from DataCite's "unidentified" to its "identified" tier.
	dataCiteMailto = "mailto"
)

// DataCiteAgency is how doi.org's Which RA? service (RegistrationAgencies)
// names DataCite. DataCite only knows DOIs registered with it, so the
// orchestrator should send DataCite just the DOIs whose agency is this
// one, and Crossref the ones whose agency is CrossrefAgency.
const DataCiteAgency = "DataCite"

// DataCite reads the registration record of DataCite DOIs (datasets,
// software, preprints such as arXiv's, repository deposits) from the
// DataCite REST API.
func DataCite() service.Spec {
	return service.Spec{
		Name:  "datacite",
		Probe: dataCiteProbe(),
		Title: "DataCite",
		Host:  "api.datacite.org",
		// Without DataCite member credentials the limit per IP is 1000 requests
		// per 5 minutes when the request names an e-mail address (User-Agent or
		// mailto=), and 500 per 5 minutes when it does not. 3000 per 5 minutes
		// is for authenticated members only. 600ms (500 per 5 minutes) keeps the
		// lower tier, so a manifest without a mailto is still within limits.
		MinInterval: 600 * time.Millisecond,
		RateSource:  "https://support.datacite.org/docs/rate-limit",
		Timeout:     30 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDOI},
		Agency:      DataCiteAgency,
		BatchSize:   dataCiteBatch,
		Terms:       "https://support.datacite.org/docs/datacite-data-file-use-policy",
		Attribution: "Metadata from DataCite (CC0; DataCite asks to be credited as the source)",
		Counts:      true,
		Fetch:       service.Batched(fetchDataCite, func(manifest.Identity) bool { return true }, dataCiteList().Fetch),
		Discover:    discoverDataCite,

		// The list's filter is authoritative for what an anonymous client
		// may see (see dataCiteListed), so a DOI it lacks whose agency is
		// unknown is simply not DataCite's.
		FetchUnrouted: dataCiteListed,
		MailtoBenefit: "the identified tier, 1000 requests per 5 minutes instead of 500",
	}
}

// dataCiteProbe asks the list form the run batches with (query=doi:(…))
// about one stable work and checks the list envelope and the attributes
// dataCiteWork reads. DataCite announces no pace in its headers.
func dataCiteProbe() service.Probe {
	return service.Probe{
		Path:   "/dois?page%5Bsize%5D=1&query=doi%3A%28%2210.5281%2Fzenodo.48440%22%29",
		Mailto: dataCiteMailto,
		Fields: []string{"meta.total", "data[].type", "data[].attributes.doi", "data[].attributes.titles[].title",
			"data[].attributes.creators[].name", "data[].attributes.publisher", "data[].attributes.publicationYear",
			"data[].attributes.types.resourceTypeGeneral", "data[].attributes.url"},
		Doc: "https://support.datacite.org/docs/api-queries",
	}
}

// fetchDataCite asks /dois/{doi}; a DOI DataCite did not register is a 404.
func fetchDataCite(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	u := wire.WithMailto(env.Base+dataCiteDOIsPath+wire.EscapeDOI(id.Value), dataCiteMailto, env.Mailto)
	return service.GetJSONRecord(ctx, env, "datacite", u, parseDataCite)
}

// dataCiteList asks GET /dois?query=doi:("A" OR "B" …) about the DOIs and
// reads the list answer: {"data":[{resource}…],"meta":{"total":n}}.
func dataCiteList() service.ListForm {
	return service.ListForm{
		Provider: "datacite",
		MaxURI:   dataCiteMaxURI,
		URI:      dataCiteListURI,
		Items:    dataCiteItems,
		DOI:      func(r gjson.Result) string { return r.Get("attributes.doi").String() },
		// A resource's id is its DOI too (JSON:API's resource id; lupo
		// serializes the lowercase DOI there).
		Also:   func(r gjson.Result) []string { return []string{r.Get("id").String()} },
		Parse:  dataCiteResource,
		Single: fetchDataCite,
		// DataCite is asked only about DOIs Which RA? says it registered, so
		// one missing from the list is odd (a draft, or a query the search did
		// not match): its single lookup, whose 404 is authoritative, settles it.
		Absent: fetchDataCite,
	}
}

// dataCiteListed asks the list form only, even about one DOI, and takes a
// DOI the list lacks as not found. lupo's list query for anonymous
// clients keeps only findable DOIs and drops other agencies' (params[:state]
// = "findable", exclude_registration_agencies in
// app/controllers/datacite_dois_controller.rb), and "doi" is a keyword
// field with a lowercase normalizer (app/models/doi.rb), so doi:("…")
// matches what /dois/{doi} shows an anonymous client (show: a findable
// DataciteDoi, else 404); only a DOI registered moments ago and not yet
// indexed can differ:
// https://github.com/datacite/lupo/blob/master/app/models/doi.rb
// (lupo's ids= filter is exact too, but applies neither of those rules).
func dataCiteListed(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l := dataCiteList()
	l.Absent = nil
	return l.Fetch(ctx, env, ids), nil
}

func dataCiteListURI(env service.Env, ids []manifest.Identity) string {
	terms := make([]string, len(ids))
	for i, id := range ids {
		terms[i] = `"` + wire.EscapeQuoted(id.Value) + `"`
	}
	v := url.Values{}
	v.Set("query", "doi:("+strings.Join(terms, " OR ")+")")
	v.Set("page[size]", strconv.Itoa(len(ids)))
	// Facets (counts by year, client, type …) are computed for every list
	// query unless disabled, and this client reads none of them. lupo tests
	// the parameter for presence, so "false" would disable them too:
	// https://github.com/datacite/lupo/blob/master/app/controllers/datacite_dois_controller.rb
	v.Set("disable-facets", "true")
	if env.Mailto != "" {
		v.Set(dataCiteMailto, env.Mailto)
	}
	return dataCiteListPath + "?" + v.Encode()
}

func dataCiteItems(doc gjson.Result) ([]gjson.Result, int64, error) {
	data := doc.Get("data")
	if !data.IsArray() || !doc.Get("meta.total").Exists() {
		return nil, 0, service.Malformed("datacite", "no list of dois in the answer")
	}
	return data.Array(), doc.Get("meta.total").Int(), nil
}

// parseDataCite reads a /dois/{doi} JSON:API document:
// {"data":{"id":…,"type":"dois","attributes":{…}}}.
func parseDataCite(doc gjson.Result) (service.Result, error) {
	return dataCiteResource(doc.Get("data"))
}

// dataCiteResource maps one dois resource, of a single or a list answer.
func dataCiteResource(data gjson.Result) (service.Result, error) {
	if data.Get("type").String() != "dois" || !data.Get("attributes").IsObject() {
		return service.Result{}, service.Malformed("datacite", "no dois resource in the answer")
	}
	rec := dataCiteWork(data.Get("attributes"))
	counts, err := dataCiteCounts(data.Get("attributes"))
	if err != nil {
		return service.Result{}, err
	}
	return service.Result{Status: record.Found, Record: &rec, Counts: counts}, nil
}

// dataCiteWork maps the attributes of one DataCite DOI resource.
func dataCiteWork(a gjson.Result) record.Record {
	rec := record.Record{
		Title:     dataCiteTitle(a.Get("titles")),
		Publisher: dataCitePublisher(a.Get("publisher")),
		Type:      dataCiteType(a),
		Genre:     dataCiteGenre(a.Get("types")),
		Issued:    dataCiteIssued(a),
		Abstract:  markup.AbstractText(a.Get(`descriptions.#(descriptionType=="Abstract").description`).String()),
		URL:       strings.TrimSpace(a.Get("url").String()),
		Language:  wire.Language(a.Get("language").String()), // "the primary language of the resource"
	}
	rec.IDs.DOI = wire.StripDOI(a.Get("doi").String())
	rec.Title, rec.Publisher = withoutISBDMark(rec.Title), withoutISBDMark(rec.Publisher)
	rec.Issued = commonEra(rec.Issued, rec.Title+rec.Publisher, rec.Language)
	rec.Authors = dataCiteAuthors(a.Get("creators"))
	rec.Editors = dataCiteEditors(a.Get("contributors"))
	if len(rec.Editors) == 0 { // a chapter's book editors, as DataCite's schema documents them
		rec.Editors = dataCiteEditors(a.Get(`relatedItems.#(relationType=="IsPublishedIn").contributors`))
	}
	dataCiteContainer(a, &rec)
	dataCiteIdentifiers(a, &rec.IDs)
	if lic := dataCiteLicense(a.Get("rightsList")); lic != "" {
		rec.OA = &record.OpenAccess{License: lic}
	}
	rec.Relations = dataCiteRelations(a)
	rec.Funding = dataCiteFunding(a.Get("fundingReferences"))
	a.Get("subjects.#.subject").ForEach(func(_, s gjson.Result) bool {
		rec.Topics = addDistinct(rec.Topics, strings.TrimSpace(s.String()))
		return true
	})
	if v := strings.TrimSpace(a.Get("version").String()); v != "" {
		// Software and data are cited by version; there is no common field.
		rec.Extra = append(rec.Extra, record.Annotation{Name: "version", Value: v})
	}
	return rec
}

// dataCiteCounts reads the citation and reference counts; one that is not
// a count makes the answer malformed (see service.Counter). Only these:
// viewCount and downloadCount are usage statistics from a few
// repositories, not scholarly counters.
func dataCiteCounts(a gjson.Result) (record.Counts, error) {
	c := service.Counter{Provider: "datacite"}
	counts := record.Counts{
		CitedBy:    c.Count("citationCount", a.Get("citationCount")),
		References: c.Count("referenceCount", a.Get("referenceCount")),
	}
	return counts, c.Err
}

// dataCiteTitle is the main title (the one without a titleType), with a
// Subtitle joined as Crossref's own citation formats join it.
func dataCiteTitle(titles gjson.Result) string {
	var title, sub string
	titles.ForEach(func(_, t gjson.Result) bool {
		text := markup.PlainText(t.Get("title").String())
		switch kind := t.Get("titleType").String(); {
		case text == "":
		case kind == "" && title == "":
			title = text
		case kind == "Subtitle" && sub == "":
			sub = text
		}
		return true
	})
	if title == "" { // only typed titles: the first one is still the best name
		title = markup.PlainText(titles.Get("0.title").String())
	}
	if sub != "" && title != "" && !strings.Contains(title, sub) {
		title += ": " + sub
	}
	return title
}

// dataCitePublisher accepts both forms the API has: a plain string, and
// since schema 4.5 (with ?publisher=true) an object with a name.
func dataCitePublisher(p gjson.Result) string {
	if p.IsObject() {
		return strings.TrimSpace(p.Get("name").String())
	}
	return strings.TrimSpace(p.String())
}

// dataCiteAuthors maps creators[] to the work's authors: a placeholder
// is no author (dataCitePlaceholder), a name that is unambiguously a list
// of people is those people (dataCiteNameList), and a creator repeated
// exactly (same name, same ORCID iD or none) is one author.
func dataCiteAuthors(creators gjson.Result) []record.Author {
	var out []record.Author
	creators.ForEach(func(_, c gjson.Result) bool {
		author, ok := dataCiteCreator(c)
		if !ok || dataCitePlaceholder(c, author) {
			return true
		}
		if author.ORCID != "" && placeholderName(c.Get("name").String()) {
			// ":unav" with an iD: that person, whose name another service
			// gives (the merge completes a nameless author by the iD)
			author.Name, author.Given, author.Family = "", "", ""
		}
		people := []record.Author{author}
		if list := dataCiteNameList(c, author); list != nil {
			people = list
		}
		for _, p := range people {
			out = wire.AddAuthorOnce(out, p)
		}
		return true
	})
	return out
}

// dataCiteEditors are the contributors of type Editor, read as creators
// are (placeholders dropped, repeats once); no other contributor type is
// an editor (ContactPerson, DataCurator, Supervisor… are not cited).
// Whether the work is cited with them is its type's question
// (record.EditorsCited, at the merge).
func dataCiteEditors(contributors gjson.Result) []record.Author {
	var editors []string
	contributors.ForEach(func(_, c gjson.Result) bool {
		// the API passes the type as deposited: "editor", "Editor "
		if strings.EqualFold(strings.TrimSpace(c.Get("contributorType").String()), "Editor") {
			editors = append(editors, c.Raw)
		}
		return true
	})
	return dataCiteAuthors(gjson.Parse("[" + strings.Join(editors, ",") + "]"))
}

// dataCitePlaceholders are the creator names that stand for nobody:
// DataCite's "standard values for unknown information", which a record
// gives when the mandatory creator is not known
// (https://support.datacite.org/docs/schema-values-unknown-information-v43;
// schema 4.1 wrote them in parentheses, "(:unav)"), and the words
// repositories fill the field with. "Anonymous" is among them: DataCite's
// table gives it as the example of :unkn, "known to be unknown", and a
// CSL style that names anonymous works does so from its own "anonymous"
// term, while a literal author "Anonymous" would be sorted, keyed and
// printed as a person by every style.
var dataCitePlaceholders = map[string]bool{
	":unac": true, ":unal": true, ":unap": true, ":unas": true, ":unav": true, ":unkn": true,
	":none": true, ":null": true, ":tba": true, ":etal": true,
	"unknown": true, "anonymous": true, "anon.": true, "n/a": true, "unknown author": true,
	"not available": true, "et al.": true, "et al": true, "-": true, "none": true, "n.a.": true, "n. a.": true,
	// nomen nescio, as German library records write an unknown person, and
	// the words for unknown and anonymous of the languages repositories use
	"n.n.": true, "n. n.": true, "unbekannt": true, "anonym": true, "inconnu": true, "anonyme": true,
	"desconocido": true, "anónimo": true, "sconosciuto": true, "anonimo": true,
}

// dataCitePlaceholder reports a creator that names nobody: no ORCID iD,
// and its name is a placeholder, or its family name is and its given name
// is one or none.
func dataCitePlaceholder(c gjson.Result, a record.Author) bool {
	if a.ORCID != "" { // an iD names a person whatever the name says
		return false
	}
	return placeholderName(c.Get("name").String()) || placeholderName(a.Name) ||
		placeholderName(a.Family) && (a.Given == "" || placeholderName(a.Given))
}

// placeholderName: one of dataCitePlaceholders, in any case, in
// parentheses or not, or a "Family, Given" of two ("Unknown, Unknown").
func placeholderName(s string) bool {
	name := strings.ToLower(strings.TrimSpace(s))
	// "(:unav)", "( :unav )", a cataloguer's supplied "[Unknown]"
	for _, pair := range []string{"()", "[]"} {
		if len(name) > 2 && name[0] == pair[0] && name[len(name)-1] == pair[1] {
			name = strings.TrimSpace(name[1 : len(name)-1])
		}
	}
	if family, given, ok := strings.Cut(name, ","); ok && !strings.Contains(given, ",") {
		return placeholderName(family) && placeholderName(given)
	}
	if dataCitePlaceholders[name] {
		return true
	}
	words := strings.Fields(name) // "Unknown Unknown": given and family both a placeholder
	return len(words) == 2 && dataCitePlaceholders[words[0]] && dataCitePlaceholders[words[1]]
}

// dataCiteNameList splits a literal creator name that is unambiguously a
// list of people into them, each with the affiliation written beside it:
// "Enos, Ryan (Harvard University); Fowler, Anthony (University Of
// Chicago); Vavreck, Lynn (UCLA)" as Harvard Dataverse registered it, or
// nine "Family, Given" names in KNB's record of 10.5063/f1m61h5x. The
// schema wants one creator per person ("to supply multiple creators,
// repeat this property": https://datacite-metadata-schema.readthedocs.io/en/4.6/properties/creator/).
// It is a list only when every ";"-separated part is a well-formed
// "Family, Given" name with letters, no digits and no organisation's
// word, and the creator is not declared Organizational; a creator that carries
// an identifier or an affiliation of its own is left whole, since which
// person it belongs to is unknown. nil when the name is not such a list.
func dataCiteNameList(c gjson.Result, a record.Author) []record.Author {
	if a.Name == "" || c.Get("nameType").String() == "Organizational" || a.ORCID != "" || len(a.Affiliations) > 0 {
		return nil
	}
	return wire.NameList(a.Name)
}

// dataCiteCreator maps one creator. Organisations keep their name whole;
// people are split into given and family names when DataCite splits them.
func dataCiteCreator(c gjson.Result) (record.Author, bool) {
	author := record.Author{}
	given, family := wire.StructuredName(strings.TrimSpace(c.Get("givenName").String()), strings.TrimSpace(c.Get("familyName").String()))
	name := strings.TrimSpace(c.Get("name").String())
	if c.Get("nameType").String() != "Organizational" && (given != "" || family != "") {
		author.Given, author.Family = given, family
	} else {
		author.Name = name
	}
	c.Get("nameIdentifiers").ForEach(func(_, n gjson.Result) bool {
		if strings.EqualFold(n.Get("nameIdentifierScheme").String(), "ORCID") {
			if o := wire.StripORCID(n.Get("nameIdentifier").String()); o != "" {
				author.ORCID = o
				return false
			}
		}
		return true
	})
	// Affiliations are strings by default and objects with ?affiliation=true.
	c.Get("affiliation").ForEach(func(_, aff gjson.Result) bool {
		n := aff.String()
		if aff.IsObject() {
			n = aff.Get("name").String()
		}
		author.Affiliations = addDistinct(author.Affiliations, strings.TrimSpace(n))
		return true
	})
	return author, author.Name != "" || author.Given != "" || author.Family != ""
}

// isbdMark is the punctuation a library catalogue's record ends a field
// with before the next one (ISBD: " /" before a statement of
// responsibility, " :" before other title information, a comma after a
// publisher), which repositories copy from MARC into DataCite.
var isbdMark = regexp.MustCompile(`(\s+[/:;=]|,)\s*$`)

func withoutISBDMark(s string) string { return isbdMark.ReplaceAllString(s, "") }

// commonEra reads a Buddhist Era year as the common era's: Thai
// repositories register publicationYear as the Thai calendar gives it
// (10.14457/kmitl.res.2006.17: 2549 BE, 2006 CE, as its DOI says). Only
// a record in Thai (by its letters or its language: Thai theses are
// registered with English titles too), whose year no common-era record
// could have.
func commonEra(d record.Date, text, language string) record.Date {
	const offset = 543 // 2549 BE = 2006 CE
	thai := language == "th" || strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(unicode.Thai, r) })
	if d.Year < 2400 || !thai {
		return d
	}
	d.Year -= offset
	return d
}

// dataCiteIssued is the Issued date at its own precision, else the
// mandatory publicationYear (a number, or a string in older records).
func dataCiteIssued(a gjson.Result) record.Date {
	if d := record.ParseDate(a.Get(`dates.#(dateType=="Issued").date`).String()); !d.IsZero() {
		return d
	}
	return record.NewDate(int(a.Get("publicationYear").Int()), 0, 0)
}

// dataCiteTypes maps resourceTypeGeneral (DataCite Metadata Schema 4.6
// vocabulary) onto CSL item types; types with no CSL counterpart become
// "document", CSL's own catch-all.
var dataCiteTypes = map[string]string{
	"audiovisual": "motion_picture", "award": "document", "book": "book", "bookchapter": "chapter",
	"collection": "collection", "computationalnotebook": "software", "conferencepaper": "paper-conference",
	"conferenceproceeding": "book", "datapaper": "article-journal", "dataset": "dataset",
	"dissertation": "thesis", "event": "event", "image": "graphic", "instrument": "document",
	"interactiveresource": "webpage", "journal": "periodical", "journalarticle": "article-journal",
	"model": "document", "outputmanagementplan": "document", "peerreview": "review",
	"physicalobject": "document", "preprint": "article", "project": "document", "report": "report",
	"service": "document", "software": "software", "sound": "song", "standard": "standard",
	"studyregistration": "document", "text": "article", "workflow": "document", "other": "document",
}

// dataCiteType reads types.resourceTypeGeneral. "Text" (and "Other") is
// refined by the free-text resourceType and what the work is published in
// (textResourceType), and "Event" where resourceType names a poster or a
// presentation, the talk rather than the occasion (a speech); a record
// without resourceTypeGeneral falls back to the CSL type DataCite derives
// itself (types.citeproc).
func dataCiteType(a gjson.Result) string {
	types := a.Get("types")
	general := strings.ToLower(strings.TrimSpace(types.Get("resourceTypeGeneral").String()))
	switch general {
	case "text", "other":
		if t := textResourceType(a); t != "" {
			return t
		}
	case "event":
		if resourceTypeCSL(types.Get("resourceType").String()) == "speech" {
			return "speech"
		}
	}
	if t, ok := dataCiteTypes[general]; ok {
		return t
	}
	if general != "" {
		return record.CSLType(general)
	}
	return strings.ToLower(strings.TrimSpace(types.Get("citeproc").String()))
}

// dataCiteGenre is the CSL genre beside dataCiteType, as Crossref's and
// ORCID's are: "Preprint" for resourceTypeGeneral Preprint (added in schema
// 4.4; https://datacite-metadata-schema.readthedocs.io/en/4.5/appendices/appendix-1/resourceTypeGeneral/#preprint)
// or a Text whose resourceType says preprint; "Poster" where the
// resourceType of a Text or Event says poster (the schema has no poster
// type: repositories such as Zenodo send "Text" with resourceType
// "Poster"). A presentation is a speech with no genre: the type says it.
// A thesis's or a report's resourceType that names the degree or the kind
// of paper is its genre (resourceTypeGenre).
func dataCiteGenre(types gjson.Result) string {
	general := strings.ToLower(strings.TrimSpace(types.Get("resourceTypeGeneral").String()))
	kind := strings.ToLower(types.Get("resourceType").String())
	switch {
	case general == "preprint" || general == "text" && strings.Contains(kind, "preprint"):
		return "Preprint"
	case (general == "text" || general == "event") && strings.Contains(kind, "poster"):
		return "Poster"
	}
	return resourceTypeGenre(general, types.Get("resourceType").String())
}

// textResourceType is the CSL type of a Text record: what its
// resourceType names (resourceTypeCSL, datacite_types.go), a bare
// "Article" by what it is published in (dataCiteArticleIn), and one whose
// resourceType says nothing known a journal article when it is published
// in a journal (dataCiteInJournal); "" when nothing more is said, so the
// generic type stays.
func textResourceType(a gjson.Result) string {
	switch t := resourceTypeCSL(a.Get("types.resourceType").String()); {
	case t == dataCiteByContainer:
		return dataCiteArticleIn(a)
	case t != "":
		return t
	}
	if dataCiteInJournal(a) {
		return "article-journal"
	}
	return ""
}

// dataCiteContainer fills container title, volume, issue and pages from
// the container DataCite derives, else from a related item the work
// IsPublishedIn (schema 4.4), each read for what it is (datacite_types.go:
// an issue label or a place in firstPage, a date or a name in volume, a
// citation in the title), and the page range from sizes where no
// container gives one. A thesis's series is the school that granted it.
func dataCiteContainer(a gjson.Result, rec *record.Record) {
	src := a.Get("container")
	title := markup.PlainText(src.Get("title").String())
	if title != "" {
		if strings.EqualFold(src.Get("identifierType").String(), "ISSN") {
			rec.IDs.ISSN = addDistinct(rec.IDs.ISSN, strings.TrimSpace(src.Get("identifier").String()))
		}
	} else if src = dataCitePublishedIn(a); src.Exists() {
		title = relatedItemTitle(src)
		if strings.EqualFold(src.Get("relatedItemIdentifier.relatedItemIdentifierType").String(), "ISSN") {
			rec.IDs.ISSN = addDistinct(rec.IDs.ISSN, strings.TrimSpace(src.Get("relatedItemIdentifier.relatedItemIdentifier").String()))
		}
	}
	if rec.Type == "thesis" {
		if schoolLike(title) {
			rec.Publisher = title
		}
		return
	}
	name, cited := containerTitle(title)
	place := readContainerPages(src.Get("firstPage").String(), src.Get("lastPage").String())
	if year := rec.Issued.Year; year != 0 && place.pages == strconv.Itoa(year) {
		// "Journal of X, 5, 2018" split at its commas (bolognese's
		// get_series_information): the last part is the year, not a page
		place.pages = ""
	}
	rec.Container = name
	rec.Volume = firstNonEmpty(containerVolume(src.Get("volume").String()), cited.volume, place.volume)
	rec.Issue = firstNonEmpty(strings.TrimSpace(src.Get("issue").String()), cited.issue, place.issue)
	rec.Pages = firstNonEmpty(place.pages, cited.pages)
	if rec.Pages == "" && rec.Type != "book" {
		rec.Pages = sizesPages(a.Get("sizes"))
	}
}

// dataCiteIdentifiers reads the work's other identifiers (arXiv, PubMed,
// ISBN) and the ISSN/ISBN of what it is part of from relatedIdentifiers.
//
// The other identifiers come in two fields built from the same data:
// alternateIdentifiers, which a list answer (GET /dois?…) leaves out unless
// asked with detail=true, and identifiers, which both views carry. Both are
// read so a DOI asked in a batch keeps what its single lookup finds. See
// lupo's serializer, where alternate_identifiers is declared again
// "if: params[:detail]" and identifiers unconditionally:
// https://github.com/datacite/lupo/blob/master/app/serializers/datacite_doi_serializer.rb
func dataCiteIdentifiers(a gjson.Result, ids *record.IDs) {
	a.Get("alternateIdentifiers").ForEach(func(_, alt gjson.Result) bool {
		dataCiteOtherID(alt.Get("alternateIdentifierType").String(), alt.Get("alternateIdentifier").String(), ids)
		return true
	})
	a.Get("identifiers").ForEach(func(_, alt gjson.Result) bool {
		dataCiteOtherID(alt.Get("identifierType").String(), alt.Get("identifier").String(), ids)
		return true
	})
	a.Get("relatedIdentifiers").ForEach(func(_, r gjson.Result) bool {
		switch rel := r.Get("relationType").String(); {
		case rel != "IsPartOf" && rel != "IsPublishedIn":
		case strings.EqualFold(r.Get("relatedIdentifierType").String(), "ISSN"):
			ids.ISSN = addDistinct(ids.ISSN, strings.TrimSpace(r.Get("relatedIdentifier").String()))
		case strings.EqualFold(r.Get("relatedIdentifierType").String(), "ISBN"):
			ids.ISBN = addDistinct(ids.ISBN, strings.TrimSpace(r.Get("relatedIdentifier").String()))
		}
		return true
	})
}

// dataCiteOtherID files one of the work's own other identifiers by type;
// types that are not kept (DOI, URL, a repository's own) are ignored.
func dataCiteOtherID(kind, value string, ids *record.IDs) {
	v := strings.TrimSpace(value)
	switch strings.ToLower(kind) {
	case "arxiv":
		if n, err := manifest.NormalizeArXiv(v); err == nil && ids.ArXiv == "" {
			ids.ArXiv = n
		}
	case "pmid", "pubmed", "pubmed id":
		if n, err := manifest.NormalizePMID(v); err == nil && ids.PMID == "" {
			ids.PMID = n
		}
	case "pmcid", "pmc":
		if n, err := manifest.NormalizePMCID(v); err == nil && ids.PMCID == "" {
			ids.PMCID = n
		}
	case "isbn":
		ids.ISBN = addDistinct(ids.ISBN, v)
	}
}

// dataCiteLicense is the first licence in rightsList: its SPDX identifier
// (cc-by-4.0) when DataCite gives one, else its rightsUri. The
// info:eu-repo access-right terms ("openAccess") are not licences.
func dataCiteLicense(rights gjson.Result) string {
	var lic string
	rights.ForEach(func(_, r gjson.Result) bool {
		uri := strings.TrimSpace(r.Get("rightsUri").String())
		if strings.HasPrefix(uri, "info:eu-repo/") {
			return true
		}
		if strings.EqualFold(r.Get("rightsIdentifierScheme").String(), "SPDX") {
			lic = strings.ToLower(strings.TrimSpace(r.Get("rightsIdentifier").String()))
		}
		if lic == "" {
			lic = uri
		}
		return lic == ""
	})
	return lic
}

// dataCiteCitationRelations are relation types that list references and
// citations rather than link versions of one work: they can run to
// hundreds, and citations belong in Counts, so they are left out.
var dataCiteCitationRelations = map[string]bool{
	"Cites": true, "IsCitedBy": true, "References": true, "IsReferencedBy": true,
}

// dataCiteRelations turns relatedIdentifiers and relatedItems that name a
// DOI into Relations, with DataCite's relationType written the way
// Crossref writes its relation vocabulary (IsVersionOf → is-version-of).
func dataCiteRelations(a gjson.Result) []record.Relation {
	var out []record.Relation
	seen := map[record.Relation]bool{}
	add := func(relType, idType, id string) {
		if dataCiteCitationRelations[relType] || !strings.EqualFold(idType, "DOI") || relType == "" {
			return
		}
		doi := wire.StripDOI(id)
		if doi == "" {
			return
		}
		rel := record.Relation{Type: hyphenate(relType), ID: manifest.Identity{Kind: manifest.KindDOI, Value: doi}.Key()}
		if !seen[rel] {
			seen[rel] = true
			out = append(out, rel)
		}
	}
	a.Get("relatedIdentifiers").ForEach(func(_, r gjson.Result) bool {
		add(r.Get("relationType").String(), r.Get("relatedIdentifierType").String(), r.Get("relatedIdentifier").String())
		return true
	})
	a.Get("relatedItems").ForEach(func(_, r gjson.Result) bool {
		add(r.Get("relationType").String(), r.Get("relatedItemIdentifier.relatedItemIdentifierType").String(),
			r.Get("relatedItemIdentifier.relatedItemIdentifier").String())
		return true
	})
	return out
}

// hyphenate writes a CamelCase relation type in lower case with hyphens:
// IsPreviousVersionOf → is-previous-version-of.
func hyphenate(s string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// addDistinct appends v unless it is empty or already listed.
func addDistinct(list []string, v string) []string {
	if v == "" || slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// dataCiteFunding reads fundingReferences: funderName, funderIdentifier
// (a Crossref Funder ID is the Funder Registry DOI, a ROR id a ROR id;
// other schemes, ISNI or GRID, are not kept) and awardNumber, one reference
// per award (https://schema.datacite.org/meta/kernel-4/, property 19).
func dataCiteFunding(refs gjson.Result) []record.Funding {
	var f wire.Funders
	refs.ForEach(func(_, r gjson.Result) bool {
		var doi, ror string
		switch id := r.Get("funderIdentifier").String(); r.Get("funderIdentifierType").String() {
		case "Crossref Funder ID":
			doi = id
		case "ROR":
			ror = id
		}
		f.Add(r.Get("funderName").String(), doi, ror, r.Get("awardNumber").String())
		return true
	})
	return f.List()
}
