package manifest

import (
	"slices"
	"strings"
)

// cslTypes are the item types of CSL 1.0.2
// (https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types).
// They live here, the leaf both the manifest's [[override]] type and the
// providers' mapping and render's CSL-JSON need, through IsCSLType.
var cslTypes = []string{
	"article", "article-journal", "article-magazine", "article-newspaper",
	"bill", "book", "broadcast", "chapter", "classic", "collection",
	"dataset", "document", "entry", "entry-dictionary", "entry-encyclopedia",
	"event", "figure", "graphic", "hearing", "interview", "legal_case",
	"legislation", "manuscript", "map", "motion_picture", "musical_score",
	"pamphlet", "paper-conference", "patent", "performance", "periodical",
	"personal_communication", "post", "post-weblog", "regulation", "report",
	"review", "review-book", "software", "song", "speech", "standard",
	"thesis", "treaty", "webpage",
}

// IsCSLType reports whether t is a CSL 1.0.2 item type.
func IsCSLType(t string) bool { return slices.Contains(cslTypes, t) }

// cslTypeFor is the CSL type meant by a spelling that is not one: the
// Crossref and ORCID work types a user sees on those sites
// (https://api.crossref.org/types, https://info.orcid.org/ufaqs/what-work-types-does-orcid-support/)
// and a few common words.
var cslTypeFor = map[string]string{
	"journal-article": "article-journal", "journal_article": "article-journal", "journal": "article-journal",
	"proceedings-article": "paper-conference", "conference-paper": "paper-conference", "conference": "paper-conference",
	"book-chapter": "chapter", "book-section": "chapter", "book-part": "chapter",
	"edited-book": "book", "monograph": "book", "reference-book": "book",
	"posted-content": "article", "preprint": "article", "working-paper": "report",
	"data-set": "dataset", "data": "dataset", "database": "dataset",
	"dissertation": "thesis", "dissertation-thesis": "thesis", "phd-thesis": "thesis",
	"peer-review": "review", "book-review": "review-book",
	"conference-poster": "speech", "poster": "speech", "presentation": "speech", "lecture-speech": "speech",
	"website": "webpage", "blog-post": "post-weblog", "other": "document",
}

// suggestCSLType is the CSL type probably meant by t, or "".
func suggestCSLType(t string) string {
	low := strings.ToLower(strings.TrimSpace(t))
	if IsCSLType(low) {
		return low // a matter of letter case
	}
	if s := cslTypeFor[low]; s != "" {
		return s
	}
	if s := strings.ReplaceAll(low, "_", "-"); IsCSLType(s) {
		return s
	}
	if s := strings.ReplaceAll(low, "-", "_"); IsCSLType(s) {
		return s
	}
	return ""
}

// CSLTypes lists the CSL 1.0.2 item types, for tests that hold a table
// of types complete.
func CSLTypes() []string { return slices.Clone(cslTypes) }
