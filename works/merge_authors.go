package works

import (
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// mergeAuthors keeps the author list of the first provider that lists any
// (the registrar's, in Precedence): its order and its count are the
// work's. Each of its authors is then completed person by person from the
// other providers, in precedence order: when another provider lists the
// same person (record.SameName: same family name, initials agreeing; an
// ORCID iD that differs rules it out, one that is the same does not
// excuse a name that disagrees) it fills in a fuller given name
// ("M." → "Michael"), a split of a literal name, an ORCID iD and
// affiliations the registrar lacks. Nothing is ever shortened or
// replaced. Where no author of another list has a name that agrees, one
// whose given name is a short form of the same words may fill in the
// iD, affiliations and the fuller given name (byInitials). Provenance
// names the list's provider ("authors") and, for each kind of detail
// filled in, the providers it came from ("authors.given":
// "openalex,orcid"); "authors.by_initials" names those whose details
// were taken on the short form alone.
func mergeAuthors(ordered []Named, from map[string]string) picked[[]record.Author] {
	base := first(ordered, func(r *record.Record) []record.Author { return r.Authors },
		func(a []record.Author) bool { return len(a) == 0 })
	if base.provider == "" {
		return base
	}
	out := make([]record.Author, len(base.value))
	for i, a := range base.value {
		out[i] = a
		out[i].Affiliations = slices.Clone(a.Affiliations)
	}
	filled := map[string][]string{}
	for _, n := range ordered {
		if n.Provider == base.provider || len(n.Record.Authors) == 0 {
			continue
		}
		for i := range out {
			var did []string
			if other, ok := samePerson(out[i], i, n.Record.Authors); ok {
				did = complete(&out[i], other)
			} else if other, ok := byInitials(out, i, n.Record.Authors); ok { // authors_fill.go
				if did = completeByInitials(&out[i], other); len(did) > 0 {
					did = append(did, "by_initials")
				}
			}
			for _, what := range did {
				if !slices.Contains(filled[what], n.Provider) {
					filled[what] = append(filled[what], n.Provider)
				}
			}
		}
	}
	for what, ps := range filled {
		from["authors."+what] = strings.Join(ps, ",")
	}
	// a registrar's placeholder creator known only by an iD that no other
	// service names: no format can write a person without a name (BibTeX,
	// CSL and RIS would each drop it their own way, the page would print
	// "Anonymous"), so the merged record leaves it out for all of them; the
	// registrar's source record keeps the iD
	out = slices.DeleteFunc(out, nameless)
	return picked[[]record.Author]{out, base.provider}
}

// samePerson finds a in another provider's list: the author at the same
// position when that is the same person, else the one author of the list
// who is (two candidates are ambiguous, so neither is taken).
func samePerson(a record.Author, at int, list []record.Author) (record.Author, bool) {
	if at < len(list) && isSamePerson(a, list[at]) {
		return list[at], true
	}
	var found []record.Author
	for _, b := range list {
		if isSamePerson(a, b) {
			found = append(found, b)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return record.Author{}, false
}

// isSamePerson: the same name as record.SameName reads names, and not
// two different iDs. A shared iD alone is not enough: OpenAlex attributes
// iDs by its own disambiguation and gets some wrong, so "M. Jensen" and
// "Xavier Jensen" with one iD must not make the registrar's author
// "Xavier"; nothing, not even affiliations, is filled from a name
// that does not agree.
func isSamePerson(a, b record.Author) bool {
	if a.ORCID != "" && b.ORCID != "" && !strings.EqualFold(a.ORCID, b.ORCID) {
		return false
	}
	if nameless(a) || nameless(b) { // a registrar's placeholder name with an iD: the iD alone says who
		return a.ORCID != "" && strings.EqualFold(a.ORCID, b.ORCID)
	}
	return record.SameName(record.NameOf(a), record.NameOf(b))
}

func nameless(a record.Author) bool { return a.Name == "" && a.Given == "" && a.Family == "" }

// complete fills a's missing or shorter details from b, the same person,
// and says which kinds it filled ("name", "family", "given", "orcid",
// "affiliations").
func complete(a *record.Author, b record.Author) []string {
	var did []string
	bn := record.NameOf(b)
	if a.Given == "" && a.Family == "" && bn.Family != "" {
		// a literal name meets a split one: b's split when it is the same
		// words ("Maria van der Berg" → "Maria" + "van der Berg"), else
		// a's own words read as "Given Family"
		split := bn
		if a.Name != "" && record.Fold(bn.Given+bn.Family) != record.Fold(a.Name) {
			split = record.ParseName(a.Name)
		}
		a.Given, a.Family, a.Name = split.Given, split.Family, ""
		did = append(did, "name")
	}
	if a.Family != b.Family && longerFamily(b.Family, a.Family) { // the same one (most are) is not longer: no folding
		a.Family = b.Family // "Berg" → "van der Berg", "Márquez" → "García Márquez"
		a.Given = withoutFamilyWords(a.Given, a.Family)
		did = append(did, "family")
	}
	if given := withoutFamilyWords(bn.Given, a.Family); fuller(given, a.Given) {
		a.Given = given
		did = append(did, "given")
	}
	return fillLacking(a, b, did)
}

// withoutFamilyWords is given without its last words when they are the
// first words of family, folded: two services that split a name at
// different places ("Fatima Ó" + "Briain", "Fatima" + "Ó Briain") put
// the words between in the given name of one and the family name of the
// other, and a merge that takes the longer family name (or the fuller
// given name) must not write them twice ("Fatima Ó Ó Briain"). One given
// word always stays.
func withoutFamilyWords(given, family string) string {
	gw, fw := strings.Fields(given), strings.Fields(family)
	for k := min(len(gw)-1, len(fw)-1); k >= 1; k-- {
		if record.Fold(strings.Join(gw[len(gw)-k:], " ")) == record.Fold(strings.Join(fw[:k], " ")) {
			return strings.Join(gw[:len(gw)-k], " ")
		}
	}
	return given
}

// fillLacking fills the ORCID iD and the affiliations a lacks from b,
// adding to did the fields it filled.
func fillLacking(a *record.Author, b record.Author, did []string) []string {
	if a.ORCID == "" && b.ORCID != "" {
		a.ORCID = b.ORCID
		did = append(did, "orcid")
	}
	if len(a.Affiliations) == 0 && len(b.Affiliations) > 0 {
		a.Affiliations = slices.Clone(b.Affiliations)
		did = append(did, "affiliations")
	}
	return did
}

// longerFamily reports whether family name x is y with more words before
// it, folded ("van der Berg" and "Berg").
func longerFamily(x, y string) bool {
	fx, fy := record.Fold(x), record.Fold(y)
	return len(fx) > len(fy) && strings.HasSuffix(fx, fy)
}

// fuller reports whether given names x say more than y and nothing less:
// at least as many words, each at least as long, one of them longer ("M."
// < "Michael", "M. J." < "Michael James", but "Michael" is not fuller
// than "M. J.", which would lose the J). Another spelling of the same
// letters is not fuller: the registrar's stays.
func fuller(x, y string) bool {
	if x == y {
		return false // no word longer; the usual case, so no folding
	}
	xw, yw := nameWords(x), nameWords(y)
	if len(xw) < len(yw) || len(xw) == 0 {
		return false
	}
	longer := len(xw) > len(yw)
	for i, w := range yw {
		// letters counted folded: "Martı́n" (a dotless i and a combining
		// accent) is "Martin" spelt otherwise, not a fuller name
		switch lx, ly := len(record.Fold(xw[i])), len(record.Fold(w)); {
		case lx < ly:
			return false
		case lx > ly:
			longer = true
		}
	}
	return longer
}

// nameWords splits given names at spaces, dots and hyphens.
func nameWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == '-' })
}
