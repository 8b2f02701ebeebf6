package wire

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
)

// SplitName splits a person's name that a service sends as one string
// (OpenAlex raw_author_name/display_name, Semantic Scholar name, an ORCID
// credit-name) into given and family names, the one rule every adapter
// uses. known are names already known to be split right (the ORCID
// record owner's), tried first as record.SplitCreditName does. The forms
// read, in order:
//
//   - "Family, Given" (a comma; "King, Martin Luther, Jr." keeps the
//     suffix out of both, see below);
//   - names in a family-first script (Han, Hangul, Kana): with spaces the
//     first word is the family; without, see splitCJK;
//   - Russian "Family Given Patronymic" (the last of three Cyrillic words
//     a patronymic, -ович/-евич/-ична/-овна/-евна);
//   - "FAMILY Given" and "Given FAMILY": family names written in capitals
//     beside a mixed-case given name, as French and some indexes write
//     them; a trailing capital word of three letters or fewer ("Tay RYK",
//     "Jun LI") could be initials or a family name and stays literal;
//   - "Given Family" with the family's particles (record.ParseName:
//     "Anna van der Berg", "Lindsay Van der Meer").
//
// A name written wholly in capitals is first brought to ordinary case
// (NameCase); mixed case is never touched. ok is false, and the name stays
// literal, for one word, for a name with digits or an organisation's word
// (IsOrganisation), for CJK without spaces that splitCJK cannot read,
// for a name with a generational suffix ("Jr.", "III": the record has no
// field to keep it, and folding it into the given or family name files
// the person wrongly in one format or another), and for mixed scripts.
func SplitName(s string, known []record.Name) (record.Name, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || strings.ContainsFunc(s, unicode.IsDigit) || IsOrganisation(s) || hasSuffix(s) {
		return record.Name{}, false
	}
	for _, k := range known {
		if record.Fold(s) == record.Fold(k.Given+k.Family) {
			return k, true // the owner's own name wins over any reading of its shape ("Maria K.")
		}
	}
	if family, given, ok := strings.Cut(s, ","); ok {
		family, given = strings.TrimSpace(family), strings.TrimSpace(given)
		if family == "" || given == "" || strings.Contains(given, ",") {
			return record.Name{}, false
		}
		if allUpper(family + given) {
			family, given = NameCase(family), NameCase(given)
		}
		return record.Name{Given: given, Family: family}, true
	}
	if hasCJK(s) {
		return splitCJK(s)
	}
	words := strings.Fields(s)
	if len(words) < 2 {
		return record.Name{}, false
	}
	if n, ok := splitRussian(words); ok {
		return n, true
	}
	if n, ok := splitTrailingInitials(words); ok {
		n.Family = NameCase(n.Family) // "KUZNETSOV V. G.": the initials stay as they are
		return n, true
	}
	if allUpper(s) {
		s = NameCase(s) // "FATIMA Ó BRIAIN": its particles then move as written in ordinary case
	} else if n, ok, decided := splitCapitalFamily(words); decided {
		return n, ok
	}
	n, ok := record.SplitCreditName(s, known)
	if ok && !slices.ContainsFunc(known, func(k record.Name) bool { return record.Fold(k.Family) == record.Fold(n.Family) }) {
		n = capitalParticles(n) // the owner's own family name is not to be lengthened
	}
	return n, ok
}

// initialWord is one initial or a run of them as a name's given part is
// cited: "V.", "V.G.", "J.-P.".
var initialWord = regexp.MustCompile(`^\p{Lu}\.(-?\p{Lu}\.)*$`)

// splitTrailingInitials reads a name cited family first with its given
// names as initials ("Kuznetsov V. G.", "Nguyen T.", "Dos Santos J.-P."):
// a name never ends in an initial when it is written given name first.
func splitTrailingInitials(words []string) (record.Name, bool) {
	k := len(words)
	for k > 0 && initialWord.MatchString(words[k-1]) {
		k--
	}
	if k == len(words) || k == 0 || slices.ContainsFunc(words[:k], isInitialLike) {
		return record.Name{}, false
	}
	return record.Name{Given: strings.Join(words[k:], " "), Family: strings.Join(words[:k], " ")}, true
}

// isInitialLike: a word of one letter before the trailing initials is an
// initial ("O. Ronald L.": no family-first reading), unless it is the
// one-letter particle of a family name ("Ó Briain F.").
func isInitialLike(w string) bool {
	return utf8.RuneCountInString(strings.Trim(w, ".")) < 2 && !(w != "" && !strings.HasSuffix(w, ".") && capitalParticleWords[strings.ToLower(w)])
}

// capitalParticleWords are the particles written capitalised inside a
// name that belong to the family name after them ("Valérie Dos Santos",
// "Yann Le Gorrec", "Vincent Van Gogh", "Seán Mac Mathúna", "Fatima Ó
// Briain"), folded. Left out, as given or middle names as often as
// particles: "Bin", "Al" ("Al Gore" leads, but "John Al Smith"); "Van"
// and "Le" before a Vietnamese family name (vietnameseFamilies) and the
// one-syllable Chinese given names "Da", "De", "Di", "Du" before a
// Chinese one (chineseFamilies).
var capitalParticleWords = map[string]bool{
	"van": true, "von": true, "der": true, "den": true, "de": true, "del": true, "della": true, "dei": true,
	"degli": true, "di": true, "da": true, "das": true, "dos": true, "do": true, "du": true, "des": true,
	"la": true, "le": true, "las": true, "los": true, "ter": true, "ten": true, "zu": true,
	"ó": true, "ní": true, "mac": true, "nic": true, "ua": true,
}

// vietnameseFamilies are the commonest Vietnamese family names (about
// nine in ten Vietnamese people hold one), and chineseFamilies the
// commonest Chinese ones, folded: before one of them "Van" ("Hung Van
// Tran": Văn, a middle name), "Le", "Do", "Da", "De", "Di" or "Du" is a
// given or middle name, so nothing moves.
var vietnameseFamilies = map[string]bool{
	"nguyen": true, "tran": true, "le": true, "pham": true, "hoang": true, "huynh": true, "phan": true,
	"vu": true, "vo": true, "dang": true, "bui": true, "do": true, "ho": true, "ngo": true, "duong": true, "ly": true,
}

var chineseFamilies = map[string]bool{
	"wang": true, "li": true, "zhang": true, "liu": true, "chen": true, "yang": true, "huang": true,
	"zhao": true, "wu": true, "zhou": true, "xu": true, "sun": true, "ma": true, "zhu": true, "hu": true,
	"guo": true, "he": true, "lin": true, "gao": true, "luo": true, "zheng": true, "liang": true,
}

// capitalParticles moves the capitalised particles at the end of the
// given names to the family name (capitalParticleWords), as BibTeX's
// "von" part and citeproc-js's particle list read them once their case is
// set aside: "Valérie Dos" + "Santos" → "Valérie" + "Dos Santos". Only
// the words just before a one-word family name move, one given name
// always stays ("Van Morrison" is given and family), and nothing moves
// before a Vietnamese or Chinese family name (vietnameseFamilies,
// chineseFamilies). A Spanish double surname without a particle ("García
// Márquez") is not told from a middle name, and is not guessed at.
func capitalParticles(n record.Name) record.Name {
	given := strings.Fields(n.Given)
	if len(given) < 2 || strings.Contains(n.Family, " ") {
		return n
	}
	family := record.Fold(n.Family)
	if vietnameseFamilies[family] || chineseFamilies[family] || vietnameseFamilies[record.Fold(given[0])] {
		return n // "Hung Van Tran", or "Tran Van Hung" written family first
	}
	at := len(given)
	for at > 1 && capitalWordParticle(given[at-1]) {
		at--
	}
	if at == len(given) {
		return n
	}
	return record.Name{Given: strings.Join(given[:at], " "), Family: strings.Join(given[at:], " ") + " " + n.Family}
}

// capitalWordParticle: a particle of capitalParticleWords written with
// a capital ("Dos", "Ó"); the lower-case ones are record.ParseName's.
// Irish Ó and Ní keep their accent: a bare "O" or "Ni" is as often an
// initial without its full stop ("Peter O Smith") or a Chinese name.
func capitalWordParticle(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && capitalParticleWords[strings.ToLower(w)]
}

// splitCapitalFamily reads "FAMILY Given" and "Given FAMILY": the capital
// run at one end is the family. decided is false when no end is in
// capitals (a plain "Given Family").
func splitCapitalFamily(words []string) (n record.Name, ok, decided bool) {
	lead := 0
	for lead < len(words) && capitalWord(words[lead]) {
		lead++
	}
	if lead > 0 && lead < len(words) {
		return record.Name{Given: strings.Join(words[lead:], " "), Family: NameCase(strings.Join(words[:lead], " "))}, true, true
	}
	trail := len(words)
	for trail > 0 && (capitalWord(words[trail-1]) || trail < len(words) && isParticle(words[trail-1])) {
		trail--
	}
	if trail > 0 && trail < len(words) {
		last := words[len(words)-1]
		if utf8.RuneCountInString(strings.Trim(last, ".")) <= 3 && trail == len(words)-1 {
			return record.Name{}, false, true // "Tay RYK" or "Jun LI": initials or a family name
		}
		family := slices.Clone(words[trail:])
		for i, w := range family {
			family[i] = NameCase(w) // "van BERG" → "van Berg": only the capitals
			if i < len(family)-1 && isParticle(strings.ToLower(w)) {
				family[i] = strings.ToLower(w) // "VAN DER BERG" → "van der Berg", as StructuredName writes it
			}
		}
		return record.Name{Given: strings.Join(words[:trail], " "), Family: strings.Join(family, " ")}, true, true
	}
	return record.Name{}, false, false
}

// repositoryID is a parenthesised number at the end of a byline: a
// repository's author id ("Mihai G Netea (15649)", as figshare's bylines
// reach OpenAlex) or an affiliation's index ("(1)").
var repositoryID = regexp.MustCompile(`\s*\(\d+\)$`)

// WithoutRepositoryID is a byline without the number a repository wrote
// after the name, which is no part of it: kept, its digits make the name
// unsplittable and its four or five of them read as a postcode
// (IsAffiliation), so the author was dropped.
func WithoutRepositoryID(s string) string {
	return repositoryID.ReplaceAllString(strings.TrimSpace(s), "")
}

// SplitInitialsName splits a name in MEDLINE's "Family Initials" form,
// which Europe PMC sends in authorString and fullName ("Tay RYK",
// "Van der Meer L", "Öztürk Fincan GS"): the last word is the initials,
// one capital letter per given name, written out as "R. Y. K."; every
// word before it is the family name. MEDLINE's author format:
// https://www.nlm.nih.gov/bsd/mms/medlineelements.html#au . ok is false
// when the last word is not initials (a collective name such as "COVID
// Surg Collaborative" stays literal).
func SplitInitialsName(s string) (record.Name, bool) {
	words := strings.Fields(s)
	if len(words) < 2 || IsOrganisation(s) || strings.ContainsFunc(s, unicode.IsDigit) {
		return record.Name{}, false
	}
	initials := words[len(words)-1]
	if utf8.RuneCountInString(initials) > 4 {
		return record.Name{}, false
	}
	var given []string
	for _, r := range initials {
		if !unicode.IsUpper(r) {
			return record.Name{}, false
		}
		given = append(given, string(r)+".")
	}
	family := strings.Join(words[:len(words)-1], " ")
	if allUpper(family) && utf8.RuneCountInString(family) > 1 {
		family = NameCase(family)
	}
	return record.Name{Given: strings.Join(given, " "), Family: family}, true
}

// SplitAuthorString splits Europe PMC's authorString ("Schoenfeld JD,
// Haas-Kogan DA, O'Neill AF.") into its names; the list ends with a full
// stop that is not part of the last name's initials.
func SplitAuthorString(s string) []string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// affiliationWords are words of a place of work, which no person's name
// holds (folded); organisationWords add those of a body that may author a
// work (a consortium, a society), which is an author but not a person.
var affiliationWords = map[string]bool{
	"university": true, "universitat": true, "universite": true, "universidad": true, "universidade": true,
	"universita": true, "universiteit": true, "universitetet": true, "institute": true, "institut": true,
	"instituto": true, "istituto": true, "department": true, "dept": true, "departamento": true,
	"faculty": true, "faculdade": true, "facultad": true, "school": true, "college": true, "hospital": true,
	"laboratory": true, "laboratoire": true, "centre": true, "center": true,
}

var organisationWords = map[string]bool{
	"academy": true, "ministry": true, "consortium": true, "collaboration": true, "collaborative": true,
	"group": true, "society": true, "association": true, "committee": true, "inc": true, "ltd": true, "gmbh": true,
}

// IsOrganisation reports a string that names a body, not a person: an
// affiliation's or an organisation's word ("University", "Department",
// "Consortium", "Society"…).
func IsOrganisation(s string) bool {
	for _, w := range foldedWords(s) {
		if affiliationWords[w] || organisationWords[w] {
			return true
		}
	}
	return false
}

// postcode is a run of four or more digits (most postcodes) or a British
// or Canadian one ("CB2 1TN", "K1A 0B1").
var postcode = regexp.MustCompile(`\d{4,}|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b|\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b`)

// IsAffiliation reports an author string that is an affiliation parsed
// into the author list: it starts with a comma or a semicolon (the tail of
// an address), names a university, institute or department, or holds a
// postcode. OpenAlex's byline parsing makes such authors (e.g.
// https://github.com/metaphacts/semopenalex/issues/114, "Universitetet i
// Agder as author?"); a person's name does none of these, and a
// consortium's name does not name a place of work.
func IsAffiliation(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, ",") || strings.HasPrefix(s, ";") || postcode.MatchString(s) {
		return true
	}
	for _, w := range foldedWords(s) {
		if affiliationWords[w] {
			return true
		}
	}
	return false
}

// foldedWords are s's words, folded, split at anything not a letter.
func foldedWords(s string) []string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) })
	for i, w := range words {
		words[i] = record.Fold(w)
	}
	return words
}

// NameCase brings a name written wholly in capitals to ordinary case:
// each word capitalised ("MARKUS RALSER" → "Markus Ralser"), each part of
// a hyphenated word too ("JEAN-PAUL" → "Jean-Paul"), the letter after
// O' and D' ("O'NEILL" → "O'Neill") and after Mc ("MCDONALD" →
// "McDonald"), and the particles inside a name in lower case ("JAN VAN
// DER BERG" → "Jan van der Berg"). "Mac" is left as one word
// ("Macdonald"): "MACHADO" and "MACK" show that no rule tells MacDonald
// from them. A string with any lower-case letter is returned unchanged.
func NameCase(s string) string {
	if !allUpper(s) {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && i < len(words)-1 && isParticle(lw) {
			words[i] = lw
			continue
		}
		words[i] = caseWord(lw)
	}
	return strings.Join(words, " ")
}

// StructuredName is a registrar's given and family names (Crossref's
// given/family, DataCite's givenName/familyName, ORCID's given-names and
// family-name) with a part written wholly in capitals brought to ordinary
// case: "SCOTT A." / "ISARD" → "Scott A." / "Isard", "O'NEIL" →
// "O'Neil", "MCDONALD" → "McDonald", "VAN DER BERG" → "van der Berg".
// A part with any lower-case letter is left as it is ("McDonald", "van
// der Berg", "JoAnn"). In the given names a word with no vowel ("JR",
// "RYK") is initials and stays; so does a word of two letters ("BO",
// "AJ") unless the family name is in capitals too, when the whole name
// was written so and "BO" is Bo (Crossref's 10.1111/j.1651-2227.1964.tb07256.x,
// "BO" / "VAHLQUIST").
func StructuredName(given, family string) (string, string) {
	upperFamily := allUpper(family) && letterCount(family) >= 2
	if allUpper(given) {
		words := strings.Fields(given)
		for i, w := range words {
			if n := letterCount(w); n > 1 && hasVowel(w) && (n > 2 || upperFamily) {
				words[i] = caseWord(strings.ToLower(w))
			}
		}
		given = strings.Join(words, " ")
	}
	if upperFamily {
		words := strings.Fields(family)
		for i, w := range words {
			lw := strings.ToLower(w)
			if i < len(words)-1 && isParticle(lw) {
				words[i] = lw // a family name's particles, even the first: "van der Berg"
				continue
			}
			words[i] = caseWord(lw)
		}
		family = strings.Join(words, " ")
	}
	return given, family
}

func letterCount(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// hasVowel: a word with a Latin vowel (accents folded off), which
// initials run together ("JR") lack; a word in another script (Greek,
// Cyrillic: "ΟΔΥΣΣΕΑΣ", "ВЛАДИМИР") is not Latin initials.
func hasVowel(w string) bool {
	return strings.ContainsAny(record.Fold(w), "aeiouy") ||
		strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) })
}

// caseWord capitalises a lower-case word at its start, after a hyphen,
// after O'/D' and after Mc, each part of a hyphenated name alike
// ("mcdonald-o'neil" → "McDonald-O'Neil"); a Greek sigma ending a word
// is the final ς ("ΕΛΥΤΗΣ" → "Ελύτης" less its accent: "Ελυτης"), which
// lower-casing Σ alone never gives.
func caseWord(w string) string {
	rs := []rune(w)
	up, start := true, 0
	for i, r := range rs {
		if up {
			rs[i] = unicode.ToUpper(r)
		}
		up = r == '-' || r == '.'
		if (r == '\'' || r == '’') && i == start+1 && (rs[start] == 'O' || rs[start] == 'D') {
			up = true
		}
		if i == start+1 && rs[start] == 'M' && r == 'c' && len(rs)-start > 3 {
			up = true
		}
		if up {
			start = i + 1
		}
	}
	for i, r := range rs {
		if r == 'σ' && i > 0 && unicode.IsLetter(rs[i-1]) && (i == len(rs)-1 || !unicode.IsLetter(rs[i+1])) {
			rs[i] = 'ς'
		}
	}
	return string(rs)
}

func isParticle(w string) bool { return record.IsParticle(w) }

// allUpper reports a string with cased letters, none of them lower-case.
func allUpper(s string) bool {
	cased := false
	for _, r := range s {
		if unicode.IsLower(r) && r != 'ß' { // "STRAUß": ß has no capital in common use
			return false
		}
		cased = cased || unicode.IsUpper(r)
	}
	return cased
}

// capitalWord is a word of two or more letters, all capitals ("RALSER",
// "O'NEILL"), not an initial ("J.", "J").
func capitalWord(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2 && allUpper(w) && !strings.HasSuffix(w, ".")
}

// hasSuffix reports a generational suffix as the last word or after the
// last comma ("Jr.", "Sr", "II", "III", "IV").
func hasSuffix(s string) bool {
	words := strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' })
	if len(words) < 2 {
		return false
	}
	switch strings.ToLower(strings.TrimSuffix(words[len(words)-1], ".")) {
	case "jr", "sr", "jnr", "snr", "ii", "iii", "iv":
		return true
	}
	return false
}

// hasCJK reports a letter of a script that writes the family name first.
func hasCJK(s string) bool {
	return strings.ContainsFunc(s, isCJK)
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana)
}

// compoundSurnames are the two-character family names of Chinese and
// Korean (欧阳 Ouyang, 司马 Sima, 诸葛 Zhuge, 남궁 Namgung…), which
// otherwise read as a family name and the start of the given name.
var compoundSurnames = map[string]bool{
	"欧阳": true, "歐陽": true, "司马": true, "司馬": true, "诸葛": true, "諸葛": true, "上官": true, "司徒": true,
	"夏侯": true, "皇甫": true, "尉迟": true, "尉遲": true, "公孙": true, "公孫": true, "慕容": true, "长孙": true,
	"長孫": true, "宇文": true, "东方": true, "東方": true, "令狐": true, "澹台": true, "端木": true, "申屠": true,
	"남궁": true, "황보": true, "제갈": true, "선우": true, "독고": true, "사공": true, "서문": true,
}

// splitCJK splits a name in Han, Hangul or Kana, which put the family
// name first. With spaces ("王 小明", "김 민준") the first word is the
// family name. Without, a Chinese or Korean name of two or three
// characters is one family character and the given name ("王小明" → 王 +
// 小明, "김민준" → 김 + 민준), or a listed two-character family name and
// the rest ("欧阳修" → 欧阳 + 修). Kana marks a Japanese name, whose
// family name is one to three characters and cannot be told from the
// characters: it stays literal, as do four or more Han characters
// (Japanese 山田太郎 is 2 + 2, Chinese 欧阳小明 is 2 + 2, 王小明明 is
// not a name at all: only a listed compound surname decides) and names
// mixing scripts.
func splitCJK(s string) (record.Name, bool) {
	for _, r := range s {
		if !isCJK(r) && !unicode.IsSpace(r) && r != '·' && r != '・' {
			return record.Name{}, false
		}
	}
	if words := strings.Fields(s); len(words) > 1 {
		return record.Name{Given: strings.Join(words[1:], " "), Family: words[0]}, true
	}
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.In(r, unicode.Hiragana, unicode.Katakana) }) {
		return record.Name{}, false
	}
	rs := []rune(s)
	switch {
	case len(rs) >= 3 && len(rs) <= 4 && compoundSurnames[string(rs[:2])]:
		return record.Name{Given: string(rs[2:]), Family: string(rs[:2])}, true
	case len(rs) == 2 || len(rs) == 3:
		return record.Name{Given: string(rs[1:]), Family: string(rs[:1])}, true
	}
	return record.Name{}, false
}

// splitRussian reads the Russian official order "Family Given
// Patronymic" ("Беспалов Дмитрий Николаевич"), which indexes pass on from
// Russian journals; "Given Patronymic Family" is left to the general
// rule. Only Cyrillic names are read so: the patronymic endings are
// Russian.
func splitRussian(words []string) (record.Name, bool) {
	if len(words) != 3 || !isCyrillic(strings.Join(words, "")) || !patronymic(words[2]) || patronymic(words[1]) {
		return record.Name{}, false
	}
	return record.Name{Given: words[1] + " " + words[2], Family: words[0]}, true
}

func isCyrillic(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Cyrillic, r) {
			return false
		}
	}
	return true
}

func patronymic(w string) bool {
	w = strings.ToLower(w)
	for _, end := range []string{"ович", "евич", "ёвич", "ьич", "ична", "овна", "евна", "инична"} {
		if strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

// nameListPart is one person of a list written as one name: "Family,
// Given", optionally followed by a parenthesised affiliation.
var nameListPart = regexp.MustCompile(`^([^,;()]+),([^,;()]+?)(?:\(([^;()]+)\))?$`)

// NameList splits a name that is unambiguously a list of people into
// them ("Enos, Ryan (Harvard University); Fowler, Anthony (University Of
// Chicago)"), each with the affiliation written beside it. It is a list
// only when the name holds a ";" and every part is a well-formed "Family,
// Given" (the last may open with "and" or "&", which is dropped) whose
// parts have letters and no digits, whose family is one word but for its
// particles ("van der Berg"), with no organisation's word (IsOrganisation:
// "University of Oslo, Norway" reads as "Family, Given" too) and no
// generational suffix ("Jr.": the record has no field for it, as in
// SplitName), and whose parenthesis, if any, is no role ("Hrsg.",
// "Editor", "PI") and holds no digit (a pasted iD); nil otherwise, and the
// name stays whole. "Ryan Enos, Harvard; Lynn Vavreck, UCLA" and "Jane
// Doe, PhD; …" have the shape too, and stay whole by the family rule.
func NameList(name string) []record.Author {
	if !strings.Contains(name, ";") {
		return nil
	}
	parts := strings.Split(name, ";")
	people := make([]record.Author, 0, len(parts))
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if i == len(parts)-1 {
			part = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(part, "and "), "& "))
		}
		p, ok := nameListPerson(part)
		if !ok {
			return nil
		}
		people = append(people, p)
	}
	return people
}

// nameListPerson reads one part of a list (see NameList).
func nameListPerson(part string) (record.Author, bool) {
	m := nameListPart.FindStringSubmatch(part)
	if m == nil {
		return record.Author{}, false
	}
	family, given, aside := strings.TrimSpace(m[1]), strings.TrimSpace(m[2]), strings.TrimSpace(m[3])
	if !personNamePart(family) || !personNamePart(given) || IsOrganisation(family+" "+given) ||
		!oneFamilyWord(family) || hasSuffix(family+" "+given) || aside != "" && !affiliationAside(aside) {
		return record.Author{}, false
	}
	p := record.Author{Given: given, Family: family}
	if aside != "" {
		p.Affiliations = []string{aside}
	}
	return p, true
}

// oneFamilyWord: a family name of one word, its particles apart ("van der
// Berg", "de la Cruz"); two other words ("Ryan Enos") are a name in the
// other order.
func oneFamilyWord(family string) bool {
	words := 0
	for _, w := range strings.Fields(family) {
		if !isParticle(strings.ToLower(w)) {
			words++
		}
	}
	return words == 1
}

// listRoles are what a list writes in parentheses after a name that is no
// affiliation: the person's role (German catalogues' "(Hrsg.)").
var listRoles = map[string]bool{
	"hrsg": true, "hg": true, "ed": true, "eds": true, "editor": true, "editors": true, "pi": true,
	"co-pi": true, "author": true, "translator": true, "trans": true, "comp": true, "compiler": true,
}

// affiliationAside: a parenthesis after a name that may be where the
// person works: no role, no digit.
func affiliationAside(s string) bool {
	return !listRoles[strings.ToLower(strings.TrimSuffix(s, "."))] && !strings.ContainsAny(s, "0123456789")
}

// personNamePart: a name part has a letter and no digit.
func personNamePart(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0 && strings.IndexFunc(s, unicode.IsDigit) < 0
}

// AddAuthorOnce appends a unless it repeats an author listed: the same
// ORCID iD, or, with none, the same name and the same affiliations.
// Deposit forms let one person be added twice (4TU.ResearchData's, for
// one: https://github.com/4TUResearchData/djehuty/issues/193), and a
// registrar registers what it is sent; but two people may share a name
// ("Yang, Xia" of two universities on one paper:
// https://github.com/ropensci/refsplitr/issues/101), so a name alone
// with other affiliations is another person. A repeat of an iD's holder
// adds the affiliations it names.
func AddAuthorOnce(list []record.Author, a record.Author) []record.Author {
	for i, b := range list {
		sameName := a.Name == b.Name && a.Given == b.Given && a.Family == b.Family
		switch {
		case a.ORCID != "" && a.ORCID == b.ORCID && sameName:
			for _, aff := range a.Affiliations {
				if !slices.Contains(list[i].Affiliations, aff) {
					list[i].Affiliations = append(list[i].Affiliations, aff)
				}
			}
			return list
		case a.ORCID == "" && b.ORCID == "" && sameName && slices.Equal(a.Affiliations, b.Affiliations):
			return list
		}
	}
	return append(list, a)
}
