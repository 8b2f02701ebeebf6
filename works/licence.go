package works

import (
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// Services write one Creative Commons licence three ways: Crossref as the
// deed's URL ("http://creativecommons.org/licenses/by/4.0/"), DataCite as
// an SPDX identifier ("cc-by-4.0", https://support.datacite.org/docs/
// datacite-metadata-schema-v44-recommended-and-optional-properties#16-rights),
// OpenAlex and Unpaywall as a bare family without a version ("cc-by",
// https://developers.openalex.org/api-reference/licenses: no version).
// The record keeps one form, the lower-case SPDX-style id
// (https://spdx.org/licenses/): a renderer can label it ("CC BY 4.0"),
// CSL's custom.license can carry it and a diff of two snapshots shows a
// changed licence, not a changed spelling. Licences that are not Creative
// Commons (a publisher's terms URL, "publisher-specific-oa") are kept as
// given: there is no id to turn them into.
//
// Some values are categories, not licences: OpenAlex's "other-oa",
// "publisher-specific-oa", "implied-oa" (https://developers.openalex.org/
// api-reference/licenses), Unpaywall's "implied-oa", "unspecified-oa" and
// "publisher-specific, author manuscript" or "elsevier-specific: oa user
// license" (https://unpaywall.org/data-format, oa_location.license). They
// say a copy is open under some terms, never which: any real licence from
// any service wins over one and does not contradict it.

// licence is a licence split for comparison: a Creative Commons licence's
// family ("cc-by-nc", "cc0") and version ("4.0", "3.0-de" for a ported
// licence; "" when the service gave none); any other licence's text, with
// its scheme, "www." and trailing slash dropped so two spellings of one
// URL agree, as family.
type licence struct {
	family, version string
	creativeCommons bool
	category        bool // "other-oa" and kin: see isLicenceCategory
}

// parseLicence reads a licence in any of the services' forms.
func parseLicence(s string) licence {
	low := strings.ToLower(strings.TrimSpace(s))
	bare := strings.TrimPrefix(strings.TrimPrefix(low, "https://"), "http://")
	bare = strings.TrimSuffix(strings.TrimPrefix(bare, "www."), "/")
	if rest, ok := strings.CutPrefix(bare, "creativecommons.org/"); ok {
		if l, ok := creativeCommonsPath(strings.Split(rest, "/")); ok {
			return l
		}
	}
	if l, ok := creativeCommonsCode(strings.FieldsFunc(low, func(r rune) bool { return r == '-' || unicode.IsSpace(r) })); ok {
		return l
	}
	return licence{family: bare, category: isLicenceCategory(low)}
}

// isLicenceCategory reports a category value ("other-oa",
// "publisher-specific, author manuscript", "elsevier-specific: oa user
// license") rather than a licence; s is lower-cased.
func isLicenceCategory(s string) bool {
	return strings.HasSuffix(s, "-oa") || strings.Contains(s, "-specific")
}

// creativeCommonsPath reads a creativecommons.org path: licenses/by/4.0,
// licenses/by/3.0/de/legalcode, publicdomain/zero/1.0.
func creativeCommonsPath(parts []string) (licence, bool) {
	if len(parts) < 2 {
		return licence{}, false
	}
	var l licence
	switch {
	case (parts[0] == "licenses" || parts[0] == "licences") && creativeCommonsTerms(strings.Split(parts[1], "-")):
		l = licence{family: "cc-" + parts[1], creativeCommons: true}
	case parts[0] == "publicdomain" && parts[1] == "zero":
		l = licence{family: "cc0", creativeCommons: true}
	default:
		return licence{}, false
	}
	if len(parts) > 2 && isVersion(parts[2]) {
		l.version = parts[2]
		if len(parts) > 3 && isJurisdiction(parts[3]) {
			l.version += "-" + parts[3]
		}
	}
	return l, true
}

// creativeCommonsCode reads a code split at hyphens and spaces: cc-by,
// cc-by-nc-4.0, cc by-nc-nd (Europe PMC), cc0, cc0-1.0, cc-by-3.0-de.
func creativeCommonsCode(words []string) (licence, bool) {
	if len(words) == 0 {
		return licence{}, false
	}
	var l licence
	var rest []string
	switch words[0] {
	case "cc0":
		l, rest = licence{family: "cc0", creativeCommons: true}, words[1:]
	case "cc":
		i := 1
		for i < len(words) && !isVersion(words[i]) {
			i++
		}
		if !creativeCommonsTerms(words[1:i]) {
			return licence{}, false
		}
		l, rest = licence{family: "cc-" + strings.Join(words[1:i], "-"), creativeCommons: true}, words[i:]
	default:
		return licence{}, false
	}
	switch {
	case len(rest) == 0:
	case len(rest) == 1 && isVersion(rest[0]):
		l.version = rest[0]
	case len(rest) == 2 && isVersion(rest[0]) && isUnported(rest[1]):
		l.version = rest[0] // "CC BY 4.0 International" is cc-by-4.0
	case len(rest) == 2 && isVersion(rest[0]) && isJurisdiction(rest[1]):
		l.version = rest[0] + "-" + rest[1]
	default:
		return licence{}, false
	}
	return l, true
}

// creativeCommonsTerms reports whether terms are a Creative Commons
// licence's: "by" and then any of nc, nd, sa.
func creativeCommonsTerms(terms []string) bool {
	if len(terms) == 0 || terms[0] != "by" {
		return false
	}
	for _, t := range terms[1:] {
		if t != "nc" && t != "nd" && t != "sa" {
			return false
		}
	}
	return true
}

// isVersion reports whether s is a licence version such as "4.0".
func isVersion(s string) bool {
	major, minor, ok := strings.Cut(s, ".")
	return ok && isDigits(major) && isDigits(minor)
}

func isDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// isUnported reports a licence name's word for "no jurisdiction": CC BY
// 4.0 International, CC BY 3.0 Unported, CC BY 2.0 Generic are the
// licences whose SPDX ids have no port (cc-by-4.0), not ports named
// "international".
func isUnported(s string) bool {
	return s == "international" || s == "unported" || s == "generic"
}

// isJurisdiction reports whether s is a ported licence's jurisdiction:
// mostly a country's two letters ("de" in licenses/by/3.0/de/), but also
// "igo" (intergovernmental organisations, SPDX CC-BY-3.0-IGO, common in
// World Bank, WHO and IMF records) and "scotland"
// (https://creativecommons.org/licenses/by-nc-nd/2.5/scotland/). The
// deed's other path parts ("legalcode", "deed.en") are not one.
func isJurisdiction(s string) bool {
	if s == "" || s == "legalcode" || s == "deed" {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool { return r < 'a' || r > 'z' }) < 0
}

// agrees reports whether two licences can be one: the same family, and
// the same version unless one of them gave none (cc-by and cc-by-4.0
// agree; cc-by-3.0 and cc-by-4.0, or cc-by and cc-by-nc, do not). A
// category agrees with any real licence: it names none to contradict.
func (l licence) agrees(o licence) bool {
	if l.category != o.category {
		return true
	}
	return l.family == o.family && (l.version == "" || o.version == "" || l.version == o.version)
}

// normalLicence is the form the record keeps of a licence a service gave:
// the SPDX-style id of a Creative Commons licence ("cc-by-4.0"), any other
// licence as given.
func normalLicence(s string) string {
	l := parseLicence(s)
	if !l.creativeCommons {
		return strings.TrimSpace(s)
	}
	if l.version == "" {
		return l.family
	}
	return l.family + "-" + l.version
}

// sameLicence reports whether two licence strings name one licence in any
// of the services' forms (see licence.agrees).
func sameLicence(a, b string) bool { return parseLicence(a).agrees(parseLicence(b)) }

// mergeLicence starts from the licence of the first provider in OA
// precedence that gives one and takes the first more specific one that
// agrees with it: OpenAlex's bare cc-by gives way to Crossref's
// creativecommons.org/licenses/by/4.0/, but never to a cc-by-nc or a
// cc-by-3.0; a category (publisher-specific-oa) gives way to the first
// real licence. The result is in normalLicence's form.
func mergeLicence(oaOrdered []Named) picked[string] {
	var kept picked[string]
	var keptLicence licence
	for _, n := range oaOrdered {
		if n.Record.OA == nil || strings.TrimSpace(n.Record.OA.License) == "" {
			continue
		}
		l := parseLicence(n.Record.OA.License)
		switch {
		case kept.provider == "":
		case keptLicence.category && !l.category:
		case keptLicence.version == "" && l.version != "" && keptLicence.agrees(l):
		default:
			continue
		}
		kept, keptLicence = picked[string]{normalLicence(n.Record.OA.License), n.Provider}, l
	}
	return kept
}

// licenceStart is the embargo start of the licence kept: the start the
// provider that gave it (provider, the licence's provenance) names for
// its licence, so a start never travels to another provider's licence.
func licenceStart(oaOrdered []Named, provider string) picked[record.Date] {
	for _, n := range oaOrdered {
		if provider != "" && n.Provider == provider && n.Record.OA != nil && !n.Record.OA.LicenseStart.IsZero() {
			return picked[record.Date]{n.Record.OA.LicenseStart, n.Provider}
		}
	}
	return picked[record.Date]{}
}
