package wire

import "strings"

// Issue is an issue number, or "" for a value that only says the work
// has none yet: Europe PMC writes journalInfo.issue "Forthcoming" for an
// article published ahead of its issue (the recorded core search: three
// Deutsches Ärzteblatt articles, 10.3238/arztebl.m2025.0086 and two
// more), which as BibTeX's number would print "Forthcoming" where the
// issue belongs.
func Issue(s string) string {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "forthcoming", "in press", "ahead of print":
		return ""
	}
	return s
}

// Pages is a page range, or "" when the value is the work's own DOI
// suffix, an article id where a page belongs: Europe PMC's pageInfo for
// the same forthcoming articles is "arztebl.m2025.0086", the suffix of
// 10.3238/arztebl.m2025.0086, which BibTeX's pages warns about and no
// reader could find a page by. An e-locator ("e12807") is a real article
// number and stays.
func Pages(pages, doi string) string {
	pages = strings.TrimSpace(pages)
	if _, suffix, ok := strings.Cut(doi, "/"); ok && strings.EqualFold(pages, suffix) {
		return ""
	}
	return pages
}
