package importbib

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/aboutscholar/about/manifest"
)

// MakeKey is a citation key for an entry its file gave none (a RIS record
// without ID, a Zotero item known by its URI): the first author's family
// name, the year and the title's first long word, in ASCII lower case
// ("lee2021graphs"), with a letter after it when have holds it already
// (have gains it). Keys are how works without identifiers are named, so
// one is needed; the user may rename it in the manifest.
func MakeKey(r manifest.WorkRecord, have map[string]string) string {
	family := "anon"
	if names := append(r.Authors, r.Editors...); len(names) > 0 {
		first, _, _ := strings.Cut(strings.Trim(names[0], "{}"), ",")
		if w := strings.Fields(first); len(w) > 0 {
			family = asciiWord(w[len(w)-1])
		}
	}
	if family == "" {
		family = "anon" // no Latin letter to key by; the user may rename it
	}
	year := ""
	if len(r.Date) >= 4 {
		year = r.Date[:4]
	}
	word := ""
	for _, w := range strings.Fields(r.Title) {
		if a := asciiWord(w); len(a) > 3 {
			word = a
			break
		}
	}
	base := family + year + word
	key := base
	for i := 0; ; i++ {
		if i > 0 {
			key = base + suffix(i)
		}
		ck := compareKey(manifest.Identity{Kind: manifest.KindKey, Value: key})
		if _, taken := have[ck]; !taken {
			have[ck] = key
			return key
		}
	}
}

// asciiWord is w's letters and digits without their marks, lower case:
// "Müller" is "muller"; a word in another script gives "".
func asciiWord(w string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// suffix is a, b, …, z, then aa, ab, …
func suffix(i int) string {
	if i <= 26 {
		return string(rune('a' + i - 1))
	}
	return suffix((i-1)/26) + suffix((i-1)%26+1)
}
