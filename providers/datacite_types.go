package providers

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
)

// DataCite's resourceTypeGeneral is a controlled list; beside it,
// resourceType is free text, "a description of the resource", which the
// schema asks to be "a single term of some detail so that a pair can be
// formed with the sub-property"
// (https://datacite-metadata-schema.readthedocs.io/en/4.5/properties/resourcetype/).
// "Text" is "a resource consisting primarily of words for reading" (books,
// letters, journal articles, manuscripts: appendix 1), so the free text is
// what says which. DataCite's own crosswalk (lupo's Doi#update_types,
// bolognese's CR_TO_CP/SO_TO_CP tables) reads it only where it is one of
// Crossref's or schema.org's type names and otherwise calls every Text a
// journal article (Text → ScholarlyArticle → article-journal), the 1734
// printed book included; here the words repositories send, in English and
// the other languages seen in DataCite's records, are read, and a Text that
// says nothing more stays CSL's generic article.

// dataCiteByContainer marks a bare "article": a journal article or a
// conference paper according to what it is published in
// (dataCiteArticleIn), the generic article when in nothing.
const dataCiteByContainer = "by container"

// dataCiteResourceTypes maps a resourceType, reduced to its lower-case
// letters (resourceTypeKey: "Journal article", "JournalArticle" and
// "journal-article" are one key), onto a CSL item type.
var dataCiteResourceTypes = map[string]string{
	// journal articles
	"journalarticle": "article-journal", "zeitschriftenartikel": "article-journal", "zeitschriftenaufsatz": "article-journal",
	"journalcontribution": "article-journal", "contributiontojournal": "article-journal", "researcharticle": "article-journal",
	"reviewarticle": "article-journal", "originalarticle": "article-journal", "articlederevue": "article-journal",
	"artículoderevista": "article-journal", "datapaper": "article-journal",
	// a bare article: its container decides
	"article": dataCiteByContainer, "articles": dataCiteByContainer, "scholarlyarticle": dataCiteByContainer,
	"artikel": dataCiteByContainer, "aufsatz": dataCiteByContainer, "artículo": dataCiteByContainer,
	"articolo": dataCiteByContainer, "artigo": dataCiteByContainer, "paper": dataCiteByContainer,
	// blog posts (schema.org's BlogPosting, which bolognese's SO_TO_CP maps to post-weblog)
	"blogposting": "post-weblog", "blogpost": "post-weblog", "blogentry": "post-weblog", "blogbeitrag": "post-weblog",
	"blogartikel": "post-weblog",
	// books
	"book": "book", "books": "book", "monograph": "book", "monographie": "book", "monografie": "book", "monografia": "book",
	"buch": "book", "livre": "book", "libro": "book", "ebook": "book", "editedbook": "book", "editedvolume": "book",
	"sammelband": "book", "sammelwerk": "book",
	// chapters
	"bookchapter": "chapter", "chapter": "chapter", "chapters": "chapter", "buchkapitel": "chapter", "kapitel": "chapter",
	"buchbeitrag": "chapter", "beitraginsammelwerk": "chapter", "sammelwerksbeitrag": "chapter", "bookpart": "chapter",
	"booksection": "chapter", "partofbook": "chapter", "contributiontobook": "chapter", "chapitre": "chapter",
	"capítulo": "chapter", "capítulodelibro": "chapter",
	// conference papers, and proceedings volumes (which CSL calls books)
	"conferencepaper": "paper-conference", "conferencecontribution": "paper-conference", "konferenzbeitrag": "paper-conference",
	"tagungsbeitrag": "paper-conference", "konferenzveröffentlichung": "paper-conference", "proceedingsarticle": "paper-conference",
	"proceedingspaper": "paper-conference", "conferenceproceeding": "book", "conferenceproceedings": "book",
	"proceedings": "book", "tagungsband": "book", "konferenzband": "book",
	// theses
	"thesis": "thesis", "theses": "thesis", "dissertation": "thesis", "hochschulschrift": "thesis", "doctoralthesis": "thesis",
	"phdthesis": "thesis", "masterthesis": "thesis", "mastersthesis": "thesis", "bachelorthesis": "thesis",
	"habilitation": "thesis", "habilitationsschrift": "thesis", "diplomarbeit": "thesis", "masterarbeit": "thesis",
	"bachelorarbeit": "thesis", "magisterarbeit": "thesis", "doktorarbeit": "thesis", "thèse": "thesis", "tesis": "thesis",
	"tesi": "thesis", "tese": "thesis",
	// reports and working papers
	"report": "report", "reports": "report", "bericht": "report", "forschungsbericht": "report", "technicalreport": "report",
	"researchreport": "report", "projectreport": "report", "workingpaper": "report", "arbeitspapier": "report",
	"discussionpaper": "report", "diskussionspapier": "report", "whitepaper": "report", "rapport": "report", "informe": "report",
	// talks and posters
	"presentation": "speech", "lecture": "speech", "vortrag": "speech", "talk": "speech", "conferencetalk": "speech",
	"conferencepresentation": "speech", "keynote": "speech", "slides": "speech", "präsentation": "speech",
	"poster": "speech", "conferenceposter": "speech", "posterpresentation": "speech",
	// reviews, reference entries, the press, and the rest CSL names
	"bookreview": "review-book", "rezension": "review-book", "review": "review", "peerreview": "review",
	"encyclopediaentry": "entry-encyclopedia", "encyclopediaarticle": "entry-encyclopedia", "lexikonartikel": "entry-encyclopedia",
	"dictionaryentry": "entry-dictionary", "newspaperarticle": "article-newspaper", "zeitungsartikel": "article-newspaper",
	"magazinearticle": "article-magazine", "preprint": "article", "manuscript": "manuscript", "webpage": "webpage",
	"website": "webpage", "interview": "interview", "patent": "patent", "standard": "standard",
}

// resourceTypeKey reduces a free-text resourceType to its lower-case
// letters.
func resourceTypeKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// resourceTypePhrases are what a longer resourceType ("Doctoral thesis
// (PhD)", "MonographieMonograph", "Conference poster") contains, in the
// order they are tried: the more precise kind first. An English phrase is
// whole words ("Notebook", "Codebook" and "Facebook post" are no books,
// "Hypothesis" no thesis); a German one (compound: true) may end a
// compound, whose last word is its kind ("Forschungsbericht",
// "Buchkapitel"), as may "monogra" begin one.
var resourceTypePhrases = []struct {
	phrase, csl string
	compound    bool
}{
	{"preprint", "article", false}, // "Journal article (preprint)" is the preprint, not yet the article
	{"journal article", "article-journal", false}, {"journalarticle", "article-journal", false},
	{"blog", "post-weblog", false},
	{"thesis", "thesis", false}, {"masterthesis", "thesis", false}, {"bachelorthesis", "thesis", false},
	{"phdthesis", "thesis", false}, {"dissertation", "thesis", false}, {"hochschulschrift", "thesis", true},
	{"chapter", "chapter", false}, {"kapitel", "chapter", true},
	{"conference paper", "paper-conference", false}, {"konferenzbeitrag", "paper-conference", true},
	{"proceedings", "paper-conference", false},
	{"book", "book", false}, {"ebook", "book", false}, {"handbook", "book", false}, {"textbook", "book", false},
	{"yearbook", "book", false}, {"monogra", "book", true},
	{"report", "report", false}, {"working paper", "report", false}, {"bericht", "report", true},
	{"poster", "speech", false}, {"presentation", "speech", false}, {"lecture", "speech", false}, {"vortrag", "speech", true},
}

// resourceTypeCSL is the CSL type a resourceType names, dataCiteByContainer
// for a bare article, "" when it names none.
func resourceTypeCSL(s string) string {
	if t, ok := dataCiteResourceTypes[resourceTypeKey(s)]; ok {
		return t
	}
	lower := strings.ToLower(s)
	for _, p := range resourceTypePhrases {
		if containsPhrase(lower, p.phrase, p.compound) {
			return p.csl
		}
	}
	return ""
}

// containsPhrase: s holds phrase as whole words, or, for a compound's
// part, within a word.
func containsPhrase(s, phrase string, compound bool) bool {
	if compound {
		return strings.Contains(s, phrase)
	}
	for from := 0; ; {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return false
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(phrase):])
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		from = i + 1
	}
}

// genreWords are what a thesis's or a report's resourceType says beyond
// its type: the degree, or the kind of paper.
var genreWords = []string{
	"master", "bachelor", "doctor", "phd", "ph.d", "habilitation", "diplom", "magister", "licentiate",
	"working paper", "discussion paper", "arbeitspapier", "diskussionspapier",
}

// resourceTypeGenre is the genre a thesis's or a report's resourceType
// names as it is written ("Masterarbeit", "Doctoral thesis", "Working
// Paper"), which render reads for BibTeX's @mastersthesis and the type
// field, so a master's thesis is never called a PhD thesis; "" for the
// bare kind ("Thesis", "Report"), which the type already says.
func resourceTypeGenre(general, kind string) string {
	switch general {
	case "text", "other":
		if t := resourceTypeCSL(kind); t != "thesis" && t != "report" {
			return ""
		}
	case "dissertation", "report":
	default:
		return ""
	}
	lower := strings.ToLower(kind)
	for _, w := range genreWords {
		if strings.Contains(lower, w) {
			return strings.TrimSpace(kind)
		}
	}
	return ""
}

// dataCiteArticleIn is the type of an article published in what the
// record names: a chapter in a book (a related item, or the container
// DataCite derives from it, of type Book), a conference paper in a
// conference's proceedings, a journal article in a journal (a related
// item of type Journal, or a titled series), the generic article in
// nothing.
func dataCiteArticleIn(a gjson.Result) string {
	item := dataCitePublishedIn(a)
	title := strings.ToLower(dataCiteContainerTitle(a))
	switch {
	case item.Get("relatedItemType").String() == "Book" || a.Get("container.type").String() == "Book":
		return "chapter"
	case item.Get("relatedItemType").String() == "ConferenceProceeding" || conferenceTitle(title):
		return "paper-conference"
	case item.Get("relatedItemType").String() == "Journal" || title != "":
		return "article-journal"
	}
	return "article"
}

// dataCiteInJournal tells a Text that says nothing of its kind but is
// published in a journal: a related item IsPublishedIn of relatedItemType
// Journal, schema 4.4's own way to say so
// (https://datacite-metadata-schema.readthedocs.io/en/4.5/properties/relateditem/),
// a titled container of type Journal (as older records have it), or a
// series container with an issue, which only a periodical has (a series
// with a volume alone may be a book series).
func dataCiteInJournal(a gjson.Result) bool {
	if dataCitePublishedIn(a).Get("relatedItemType").String() == "Journal" {
		return true
	}
	c := a.Get("container")
	if strings.TrimSpace(c.Get("title").String()) == "" {
		return false
	}
	return c.Get("type").String() == "Journal" || strings.TrimSpace(c.Get("issue").String()) != ""
}

func conferenceTitle(title string) bool {
	for _, w := range []string{"conference", "proceedings", "symposium", "workshop", "congress", "tagung", "konferenz", "kongress", "colloquium"} {
		if strings.Contains(title, w) {
			return true
		}
	}
	return false
}

// dataCitePublishedIn is the first related item the work IsPublishedIn
// (schema 4.4): the journal, book or proceedings it is part of.
func dataCitePublishedIn(a gjson.Result) gjson.Result {
	return a.Get(`relatedItems.#(relationType=="IsPublishedIn")`)
}

// dataCiteContainerTitle is the title of the container DataCite derives,
// else of the related item the work IsPublishedIn.
func dataCiteContainerTitle(a gjson.Result) string {
	if t := markup.PlainText(a.Get("container.title").String()); t != "" {
		return t
	}
	return relatedItemTitle(dataCitePublishedIn(a))
}

// relatedItemTitle reads a related item's title in every shape the API
// has sent: schema 4.4's titles, a list of {title, titleType} (the main
// title, a Subtitle joined, as dataCiteTitle reads the work's own); one
// {title} object where a repository deposited a single title (lupo stores
// relatedItems as deposited: Zotero's "Datacite JSON.js" reads both); a
// list of strings; a lone title; and a title that is itself an object
// with its text in __content__ (bolognese's XML reading) or #text.
func relatedItemTitle(item gjson.Result) string {
	titles := item.Get("titles")
	if !titles.Exists() {
		titles = item.Get("title")
	}
	switch {
	case titles.IsArray() && titles.Get("0").IsObject():
		return dataCiteTitle(titles)
	case titles.IsArray():
		for _, t := range titles.Array() {
			if s := markup.PlainText(t.String()); s != "" {
				return s
			}
		}
		return ""
	case titles.IsObject() && titles.Get("title").Exists():
		return relatedItemTitle(titles)
	case titles.IsObject():
		for _, k := range []string{"__content__", "#text", "content", "value"} {
			if s := markup.PlainText(titles.Get(k).String()); s != "" {
				return s
			}
		}
		return ""
	}
	return markup.PlainText(titles.String())
}

// Container fields that are not what they say. DataCite's API derives
// "container" from a SeriesInformation description by splitting it at its
// commas: the first part the title, a middle "volume(issue)", the last the
// pages split at "-" (bolognese's get_series_information). A label such as
// "Journal für Medienlinguistik, Bd. 1 Nr. 1 (2018)" so arrives with its
// issue label as the first page, "…, Valencia, Spain; 3353-3356" with
// "Spain; 3353" as the first page, and the conference's dates or name as
// the volume. Each field is read for what it is; what is none of them is
// left out rather than written as a page or a volume.
var (
	// a page: digits with a letter prefix or suffix (e1234, S12, 12a), or a roman numeral
	pageLike = regexp.MustCompile(`^(?i:[a-z]{0,3}\d+[a-z]?|[ivxlcdm]+)$`)
	// a volume, with or without its word: "12", "12A", "S1", "Bd. 1", "Vol. IV", "3-4", "2018/1"
	volumeLike = regexp.MustCompile(`^(?i:(?:vol(?:ume)?|bd|band|jg|jahrgang|v)\.?\s*)?((?i:[a-z]{0,2}\d+[a-z]?|[ivxlcdm]+)(?:\s*[-–/]\s*(?i:\d+[a-z]?|[ivxlcdm]+))?)$`)
	// a volume with its issue after it in brackets: "12(3)", "12 (3-4)"
	volumeWithIssue = regexp.MustCompile(`^(\d+[a-z]?)\s*\(\s*\d+(?:\s*[-–/]\s*\d+)?\s*\)$`)
	// the volume and issue words of an issue label
	labelVolume = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:vol(?:ume)?|bd|band|jg|jahrgang)\.?\s*(\d+[a-z]?|[ivxlcdm]+)\b`)
	labelIssue  = regexp.MustCompile(`(?i)(?:(?:^|[^\pL])(?:no|nr|nos|num|issue|iss|heft|h)\.?|№)\s*(\d+(?:\s*[-–/]\s*\d+)?)`)
	// a place, then the pages: "Spain; 3353-3356"
	placedPages = regexp.MustCompile(`^\pL[^;:]*[;:]\s*(\d+)(?:\s*[-–]\s*(\d+))?$`)
	// a page range in sizes: "42-79 Seiten", "33–52 Pages", "pp. 12-30", "S. 5-9"
	sizePages = regexp.MustCompile(`^(?i:(?:pp?\.|pages?|seiten|s\.)\s*)?(\d+)\s*[-–—]\s*(\d+)(?i:\s*(?:pages?|pp?\.?|seiten|s\.?))?$`)
	// GMS's citation in a series title: "GMS Journal for Medical Education; 34(2):Doc25"
	gmsCitation = regexp.MustCompile(`^(.*\pL.*?);\s*(\d+)\(([^)]+)\):\s*(\S+)$`)
)

// containerVolume is a volume as a citation writes it ("Bd. 1" → "1";
// "12(3)" and "Vol. 12, No. 3" → "12": the volume at least, where the
// whole value was read as none), "" for what is no volume: a date, a conference's name, a degree, a
// series' title.
func containerVolume(s string) string {
	s = strings.TrimSpace(s)
	if m := volumeLike.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	if m := volumeWithIssue.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	if v, _, ok := issueLabel(s); ok && v != "" {
		return v // "Vol. 12, No. 3": the volume its label names
	}
	return ""
}

// issueLabel reads an issue label ("Bd. 1 Nr. 1 (2018)", "No 1-2 (2018)",
// "№1(24) (2019)") as its volume and issue; ok is false when s is no label.
func issueLabel(s string) (volume, issue string, ok bool) {
	if m := labelVolume.FindStringSubmatch(s); m != nil {
		volume = m[1]
	}
	if m := labelIssue.FindStringSubmatch(s); m != nil {
		issue = strings.Join(strings.Fields(m[1]), "")
	}
	return volume, issue, volume != "" || issue != ""
}

// containerPlace is a container's firstPage and lastPage read for what
// they are: a page range, an issue label, or a place before the first page.
type containerPlace struct{ volume, issue, pages string }

func readContainerPages(first, last string) containerPlace {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	joined := first
	if last != "" {
		joined += "-" + last // as the SeriesInformation said it before the split
	}
	switch {
	case first == "":
		return containerPlace{}
	case pageLike.MatchString(first) && (last == "" || pageLike.MatchString(last)):
		return containerPlace{pages: pageRange(first, last)}
	}
	if m := placedPages.FindStringSubmatch(joined); m != nil {
		return containerPlace{pages: pageRange(m[1], m[2])}
	}
	if v, i, ok := issueLabel(joined); ok {
		return containerPlace{volume: v, issue: i}
	}
	return containerPlace{}
}

// sizesPages is the page range a sizes entry gives ("42-79 Seiten"); a
// page count ("402 pages") is the work's length, not where it is.
func sizesPages(sizes gjson.Result) string {
	for _, s := range sizes.Array() {
		if m := sizePages.FindStringSubmatch(strings.TrimSpace(s.String())); m != nil {
			return pageRange(m[1], m[2])
		}
	}
	return ""
}

// containerTitle reads a container title that is not only a title: GMS's
// "Journal; volume(issue):article" citation, or an issue label with no
// journal named ("№1(24) (2019)").
func containerTitle(title string) (name string, cited containerPlace) {
	if m := gmsCitation.FindStringSubmatch(title); m != nil {
		return strings.TrimSpace(m[1]), containerPlace{volume: m[2], issue: m[3], pages: m[4]}
	}
	if v, i, ok := issueLabel(title); ok && !hasWordBesidesLabel(title) {
		return "", containerPlace{volume: v, issue: i}
	}
	return title, containerPlace{}
}

// hasWordBesidesLabel tells a title from an issue label: a word of three
// letters or more that is not one of the label's own.
func hasWordBesidesLabel(s string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "vol", "volume", "band", "issue", "heft", "num", "nos", "jahrgang":
		default:
			if len([]rune(w)) >= 3 {
				return true
			}
		}
	}
	return false
}

// schoolLike tells the name of a degree-granting school.
func schoolLike(s string) bool {
	s = strings.ToLower(s)
	for _, w := range []string{"universit", "college", "hochschule", "school", "école", "ecole", "institut", "akademie", "academy"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
