package record

import "strings"

// Repository is a preprint server or general repository known by the DOI
// prefix it registers under. Knowing them lets expansion and linking tell
// a preprint (or a repository copy) from the version of record.
type Repository struct {
	Name     string // the service, e.g. "bioRxiv"
	Preprint bool   // true: a preprint server; false: a general repository (data, software, copies)
}

// repositoryPrefixes are the registrant prefixes of well-known preprint
// servers and repositories. 10.1101 is Cold Spring Harbor Laboratory, which
// also publishes journals (10.1101/gad.…), so it is special-cased below.
var repositoryPrefixes = map[string]Repository{
	"10.48550": {Name: "arXiv", Preprint: true},
	"10.1101":  {Name: "bioRxiv/medRxiv", Preprint: true},
	"10.31219": {Name: "OSF Preprints", Preprint: true},
	"10.31234": {Name: "PsyArXiv", Preprint: true},
	"10.31235": {Name: "SocArXiv", Preprint: true},
	"10.2139":  {Name: "SSRN", Preprint: true},
	"10.21203": {Name: "Research Square", Preprint: true},
	"10.20944": {Name: "Preprints.org", Preprint: true},
	"10.26434": {Name: "ChemRxiv", Preprint: true},
	"10.5281":  {Name: "Zenodo"},
	"10.6084":  {Name: "figshare"},
}

// repositorySuffixes are preprint servers that share their publisher's
// prefix and are known by the start of the DOI suffix instead. Nature
// Precedings (2007–2012, https://www.nature.com/npre/) registered its
// preprints as 10.1038/npre.<year>.<number>, beside Nature's journals'
// 10.1038/nature… and 10.1038/s41586-….
var repositorySuffixes = map[string]map[string]Repository{
	"10.1038": {"npre.": {Name: "Nature Precedings", Preprint: true}},
}

// DOIRepository names the preprint server or repository that registered a
// normalised DOI, by its prefix (or, where a publisher shares it, the
// start of its suffix); ok is false for every other registrant.
func DOIRepository(doi string) (Repository, bool) {
	prefix, suffix, _ := strings.Cut(doi, "/")
	for start, r := range repositorySuffixes[prefix] {
		if strings.HasPrefix(suffix, start) {
			return r, true
		}
	}
	r, ok := repositoryPrefixes[prefix]
	if ok && prefix == "10.1101" && !isDigitsAndDots(suffix) {
		// bioRxiv and medRxiv suffixes are dates and numbers
		// (2020.12.01.406702, 097196); CSHL's journals use letters (gad.…).
		return Repository{}, false
	}
	return r, ok
}

// IsPreprintDOI reports a DOI registered by a known preprint server.
func IsPreprintDOI(doi string) bool {
	r, ok := DOIRepository(doi)
	return ok && r.Preprint
}

// ArXivDOI is the DOI arXiv registers for an e-print (10.48550/arXiv.<id>,
// version-less), lower-cased like every normalised DOI; "" for old-style
// ids with a slash, which arXiv gave no such DOI.
func ArXivDOI(arxivID string) string {
	base := strings.ToLower(arxivID)
	if i := strings.LastIndexByte(base, 'v'); i >= 0 && i < len(base)-1 && strings.Trim(base[i+1:], "0123456789") == "" {
		base = base[:i] // the version: v2
	}
	if base == "" || strings.Contains(base, "/") {
		return ""
	}
	return "10.48550/arxiv." + base
}

// isDigitsAndDots reports a non-empty run of digits and dots.
func isDigitsAndDots(s string) bool { return s != "" && strings.Trim(s, "0123456789.") == "" }
