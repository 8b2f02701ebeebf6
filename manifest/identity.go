package manifest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind names a family of scholarly identifiers.
type Kind string

// Kinds lists every kind a manifest may name, in the order a manifest
// entry is checked (the rows of IDKinds with a Normalize).
func Kinds() []Kind {
	var out []Kind
	for _, row := range idKinds {
		if row.Normalize != nil {
			out = append(out, row.Kind)
		}
	}
	return out
}

// Identity is one normalised identifier. Two identities are the same work
// exactly when their Keys are equal.
type Identity struct {
	Kind  Kind   // which family
	Value string // normalised form: DOI lower-cased, ORCID with dashes, …
}

// Key is the identity's canonical text, e.g. "doi:10.5281/zenodo.1234567".
func (id Identity) Key() string { return string(id.Kind) + ":" + id.Value }

func (id Identity) String() string { return id.Key() }

// Normalize validates raw as an identifier of kind k and returns its
// canonical form. The error says what was expected, never echoing a
// different value than the one given.
func Normalize(k Kind, raw string) (Identity, error) {
	if err := checkSpaces(kindLabel(k), raw); err != nil {
		return Identity{}, err
	}
	row, ok := LookupKind(k)
	if !ok || row.Normalize == nil {
		return Identity{}, fmt.Errorf("unknown identity kind %q", k)
	}
	v, err := row.Normalize(raw)
	if err != nil {
		return Identity{}, err
	}
	return Identity{Kind: k, Value: v}, nil
}

// NormalizeDOI accepts a DOI in any of its usual spellings (bare,
// https://doi.org/…, doi:…, any letter case, surrounding space) and returns
// it lower-cased and bare. The DOI system folds the case of ASCII letters
// only (DOI Handbook 2.4), so only those are lowered: "10.1000/K" (Kelvin
// sign) and "10.1000/k" are distinct DOIs and must stay distinct strings.
func NormalizeDOI(raw string) (string, error) {
	if !utf8.ValidString(raw) {
		return "", fmt.Errorf("DOI %q is not valid UTF-8", raw)
	}
	if err := checkSpaces("DOI", raw); err != nil { // as its other messages name it
		return "", err
	}
	s := lowerASCII(strings.TrimSpace(raw))
	// The resolver and scheme forms people paste, checked after lower-casing.
	for _, p := range []string{
		"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/",
		"doi.org/", "dx.doi.org/", "doi:", "info:doi/",
	} {
		if strings.HasPrefix(s, p) {
			s = strings.TrimSpace(s[len(p):])
			break
		}
	}
	prefix, suffix, ok := strings.Cut(s, "/")
	switch {
	case s == "":
		return "", fmt.Errorf("empty DOI")
	case !strings.HasPrefix(s, "10."):
		return "", fmt.Errorf("DOI %q does not start with \"10.\"", raw)
	case !ok || len(prefix) <= len("10.") || strings.TrimSpace(suffix) == "":
		return "", fmt.Errorf("DOI %q has no suffix after the prefix (expected 10.NNNN/suffix)", raw)
	case !isDigitsAndDots(prefix[len("10."):]):
		return "", fmt.Errorf("DOI %q has a malformed prefix %q (expected digits, e.g. 10.5281)", raw, prefix)
	case strings.ContainsFunc(s, isControlOrSpace):
		return "", fmt.Errorf("DOI %q contains white space or a control character", raw)
	}
	return s, nil
}

// lowerASCII lowers A-Z and leaves every other byte as it is.
func lowerASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, s)
}

// isDigitsAndDots reports a non-empty run of digits and dots.
func isDigitsAndDots(s string) bool { return s != "" && strings.Trim(s, "0123456789.") == "" }

func isControlOrSpace(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

// spaceNames names the non-ASCII spaces (Unicode White_Space) a PDF or a
// word processor pastes for an ordinary one; they look like a space, or
// like nothing, so the error names the code point.
var spaceNames = map[rune]string{
	'\u0085': "NEXT LINE", '\u00A0': "NO-BREAK SPACE", '\u1680': "OGHAM SPACE MARK",
	'\u2000': "EN QUAD", '\u2001': "EM QUAD", '\u2002': "EN SPACE", '\u2003': "EM SPACE",
	'\u2004': "THREE-PER-EM SPACE", '\u2005': "FOUR-PER-EM SPACE", '\u2006': "SIX-PER-EM SPACE",
	'\u2007': "FIGURE SPACE", '\u2008': "PUNCTUATION SPACE", '\u2009': "THIN SPACE",
	'\u200A': "HAIR SPACE", '\u2028': "LINE SEPARATOR", '\u2029': "PARAGRAPH SEPARATOR",
	'\u202F': "NARROW NO-BREAK SPACE", '\u205F': "MEDIUM MATHEMATICAL SPACE", '\u3000': "IDEOGRAPHIC SPACE",
}

// checkSpaces rejects a non-ASCII space inside an identifier (around it
// one is trimmed like any space), naming its code point: a DOI holding a
// no-break space looks right and matches no service.
func checkSpaces(label, raw string) error {
	s := strings.TrimSpace(raw)
	i := strings.IndexFunc(s, func(r rune) bool { return r > 0x7f && unicode.IsSpace(r) })
	if i < 0 {
		return nil
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	name := spaceNames[r]
	if name == "" {
		name = "SPACE"
	}
	return fmt.Errorf("%s %q holds the space character U+%04X %s", label, raw, r, name)
}

// kindLabel is how messages name an identifier kind.
func kindLabel(k Kind) string {
	if row, ok := LookupKind(k); ok {
		return row.Label
	}
	return strings.ToUpper(string(k))
}

// NormalizeORCID accepts an ORCID iD bare or as https://orcid.org/… and
// returns the dashed 16-character form with an upper-case check character.
// The check character is verified (ISO 7064 MOD 11-2), so a typo is caught
// here rather than as a puzzling 404 later.
func NormalizeORCID(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	for _, p := range []string{"https://orcid.org/", "http://orcid.org/", "orcid.org/"} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			// The browser's address bar may end the profile URL in a slash.
			s = strings.TrimSuffix(s[len(p):], "/")
			break
		}
	}
	digits := strings.ToUpper(strings.ReplaceAll(s, "-", ""))
	if len(digits) != 16 || !orcidShape.MatchString(s) {
		return "", fmt.Errorf("ORCID iD %q is not 16 digits in four groups (expected e.g. 0000-0002-1825-0097)", raw)
	}
	for _, r := range digits[:15] {
		if r < '0' || r > '9' {
			return "", fmt.Errorf("ORCID iD %q has a non-digit before the check character", raw)
		}
	}
	want := ORCIDCheckDigit(digits[:15])
	if got := digits[15]; got != want {
		return "", &CheckDigitError{Value: raw, Got: got, Want: want}
	}
	return digits[0:4] + "-" + digits[4:8] + "-" + digits[8:12] + "-" + digits[12:16], nil
}

var orcidShape = regexp.MustCompile(`^[0-9]{4}-?[0-9]{4}-?[0-9]{4}-?[0-9]{3}[0-9Xx]$`)

// CheckDigitError reports an ORCID iD whose last character is not the one
// its first fifteen digits call for; Want lets the CLI hint at the fix.
type CheckDigitError struct {
	Value     string
	Got, Want byte
}

func (e *CheckDigitError) Error() string {
	return fmt.Sprintf("ORCID iD %q fails its check digit: ends in %c, the first 15 digits call for %c", e.Value, e.Got, e.Want)
}

// ORCIDCheckDigit computes the ISO 7064 MOD 11-2 check character of the
// first fifteen digits of an ORCID iD, as specified at
// https://support.orcid.org/hc/en-us/articles/360006897674.
func ORCIDCheckDigit(base15 string) byte {
	total := 0
	for _, r := range base15 {
		total = (total + int(r-'0')) * 2
	}
	result := (12 - total%11) % 11
	if result == 10 {
		return 'X'
	}
	return byte('0' + result)
}

var (
	arxivNew = regexp.MustCompile(`^[0-9]{4}\.[0-9]{4,5}(v[0-9]+)?$`)
	arxivOld = regexp.MustCompile(`^[a-z-]+(\.[a-z]{2})?/[0-9]{7}(v[0-9]+)?$`)
)

// NormalizeArXiv accepts new-style (2311.16162, optionally vN) and old-style
// (hep-th/9901001) arXiv identifiers, with or without "arXiv:" or an abs URL.
func NormalizeArXiv(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	for _, p := range []string{"https://arxiv.org/abs/", "http://arxiv.org/abs/", "arxiv.org/abs/", "arxiv:"} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			s = s[len(p):]
			break
		}
	}
	s = strings.ToLower(s)
	if !arxivNew.MatchString(s) && !arxivOld.MatchString(s) {
		return "", fmt.Errorf("arXiv id %q is neither YYMM.NNNNN nor archive/YYMMNNN (expected e.g. 2311.16162)", raw)
	}
	return s, nil
}

// checkArXivNumber holds a new-style id to arXiv's scheme
// (https://info.arxiv.org/help/arxiv_identifier.html): it began in April
// 2007 (0704), the month is 01 to 12, and the number after the dot has 4
// digits up to December 2014 (1412) and 5 from January 2015 (1501).
func checkArXivNumber(raw, s string) error {
	yymm, rest, _ := strings.Cut(s, ".")
	number, _, _ := strings.Cut(rest, "v")
	month, _ := strconv.Atoi(yymm[2:])
	switch {
	case month < 1 || month > 12:
		return fmt.Errorf("arXiv id %q has no month %s (YYMM.NNNNN: the four digits before the dot are year and month)", raw, yymm[2:])
	case yymm < "0704":
		return fmt.Errorf("arXiv id %q is dated before April 2007, when YYMM.NNNN ids began (older ids look like hep-th/9901001)", raw)
	case yymm < "1501" && len(number) != 4:
		return fmt.Errorf("arXiv id %q has %d digits after the dot; ids up to 1412 have 4 (e.g. 0704.0001)", raw, len(number))
	case yymm >= "1501" && len(number) != 5:
		return fmt.Errorf("arXiv id %q has %d digits after the dot; ids since 1501 have 5 (e.g. 2311.16162)", raw, len(number))
	}
	return nil
}

// NormalizePMID accepts a PubMed id: 1 to 9 digits, no leading zero.
func NormalizePMID(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if len(s) >= 5 && strings.EqualFold(s[:5], "pmid:") {
		s = strings.TrimSpace(s[5:])
	}
	if len(s) == 0 || len(s) > 9 || s[0] == '0' || strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", fmt.Errorf("PMID %q is not a number of 1 to 9 digits (expected e.g. 29106400)", raw)
	}
	return s, nil
}

// NormalizePMCID accepts a PubMed Central id with or without its PMC prefix
// and returns it with the prefix in capitals.
func NormalizePMCID(raw string) (string, error) {
	s := strings.ToUpper(strings.TrimSpace(raw))
	s = strings.TrimPrefix(s, "PMC")
	if len(s) == 0 || len(s) > 9 || s[0] == '0' || strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", fmt.Errorf("PMCID %q is not PMC followed by digits (expected e.g. PMC5679183)", raw)
	}
	return "PMC" + s, nil
}

// ParseKey reads an identity key ("doi:10.1/x") written by Key, as found
// in snapshots. The value is taken as already normalised.
func ParseKey(key string) (Identity, error) {
	kind, value, ok := strings.Cut(key, ":")
	if !ok || value == "" {
		return Identity{}, fmt.Errorf("identity key %q is not kind:value", key)
	}
	if row, ok := LookupKind(Kind(kind)); ok && row.Role != RoleRecord {
		return Identity{Kind: row.Kind, Value: value}, nil
	}
	return Identity{}, fmt.Errorf("identity key %q has an unknown kind", key)
}
