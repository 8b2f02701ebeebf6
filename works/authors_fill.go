package works

import (
	"strings"

	"github.com/aboutscholar/about/record"
)

// byInitials is the second, narrower way mergeAuthors finds the
// registrar's author out[i] in another provider's list, tried when
// record.SameName agrees with nobody there: a given name written short
// ("Ron L." for "Ronald L.", "Alex" for "Alexander", as OpenAlex's
// display_name often has it) is the same person when the family names
// are the same once folded, each given word is the other's initial or
// its start ("Ron" and "Ronald", "L." and "L"), no iDs differ, and the
// family name is the only one of its kind in both lists, so no
// co-author of the same family can be the one meant. "Anne" is not
// "Ada", nor "Jon" "John": initials that agree are not enough when the
// words disagree.
func byInitials(out []record.Author, i int, list []record.Author) (record.Author, bool) {
	a := record.NameOf(out[i])
	family := record.Fold(a.Family)
	if family == "" || countFamily(out, family) != 1 || countFamily(list, family) != 1 {
		return record.Author{}, false
	}
	for _, b := range list {
		bn := record.NameOf(b)
		if record.Fold(bn.Family) != family {
			continue
		}
		if out[i].ORCID != "" && b.ORCID != "" && !strings.EqualFold(out[i].ORCID, b.ORCID) {
			return record.Author{}, false
		}
		if !startsAgree(a.Given, bn.Given) {
			return record.Author{}, false
		}
		return b, true
	}
	return record.Author{}, false
}

// countFamily counts the authors whose folded family name is family.
func countFamily(list []record.Author, family string) int {
	n := 0
	for _, b := range list {
		if record.Fold(record.NameOf(b).Family) == family {
			n++
		}
	}
	return n
}

// startsAgree reports given names that both have words and whose words,
// pair by pair, are each the start of the other ("Ron" and "Ronald",
// "L." and "Lee"), folded.
func startsAgree(x, y string) bool {
	xw, yw := nameWords(x), nameWords(y)
	if len(xw) == 0 || len(yw) == 0 {
		return false
	}
	for i := 0; i < len(xw) && i < len(yw); i++ {
		fx, fy := record.Fold(xw[i]), record.Fold(yw[i])
		if fx == "" || fy == "" || !strings.HasPrefix(fx, fy) && !strings.HasPrefix(fy, fx) {
			return false
		}
	}
	return true
}

// completeByInitials fills a from b, found by byInitials: the ORCID iD
// and affiliations a lacks, and b's given name where it is fuller and
// each of a's given words starts the word of b's in its place ("Ron L."
// → "Ronald L."). The family name and a literal name are left as they
// are: only SameName's agreement may change those.
func completeByInitials(a *record.Author, b record.Author) []string {
	var did []string
	bn := record.NameOf(b)
	if a.Given != "" && startsEach(a.Given, bn.Given) && fuller(bn.Given, a.Given) {
		a.Given = bn.Given
		did = append(did, "given")
	}
	return fillLacking(a, b, did)
}

// startsEach reports whether every word of x starts the word of y in
// its place, folded, and y has at least as many.
func startsEach(x, y string) bool {
	xw, yw := nameWords(x), nameWords(y)
	if len(yw) < len(xw) {
		return false
	}
	for i, w := range xw {
		if !strings.HasPrefix(record.Fold(yw[i]), record.Fold(w)) {
			return false
		}
	}
	return true
}
