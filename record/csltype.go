package record

import "strings"

// CSLType maps the type vocabularies of Crossref, DataCite, OpenAlex and
// ORCID onto CSL item types, the vocabulary pages and citation styles use.
// Unknown types pass through unchanged so nothing is silently lost.
// Vocabularies: Crossref https://api.crossref.org/types, ORCID
// https://info.orcid.org/ufaqs/what-work-types-does-orcid-support/, CSL
// 1.0.2 https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types.
// A poster is a "speech" (CSL: "a speech or other presentation (e.g. a
// paper, talk, poster, or symposium at a conference)", genre naming which:
// CSLGenre); a preprint is an "article" (CSL: "a preprint, working paper
// or other unpublished work").
func CSLType(t string) string {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "":
		return ""
	case "journal-article", "article", "journalarticle":
		return "article-journal"
	case "magazine-article", "newsletter-article":
		return "article-magazine"
	case "newspaper-article":
		return "article-newspaper"
	case "proceedings-article", "conference-paper", "conferencepaper", "conference-abstract", "conference-output":
		return "paper-conference"
	case "book-chapter", "chapter", "bookchapter", "book-section", "book-part":
		return "chapter"
	case "book", "monograph", "edited-book", "reference-book", "proceedings":
		return "book"
	case "posted-content", "preprint":
		return "article"
	case "dataset", "data-set", "database":
		return "dataset"
	case "software", "computationalnotebook":
		return "software"
	case "dissertation", "thesis", "dissertation-thesis":
		return "thesis"
	case "report", "report-component", "working-paper", "workingpaper":
		return "report"
	case "peer-review", "review":
		return "review"
	case "book-review":
		return "review-book"
	case "reference-entry", "dictionary-entry", "encyclopedia-entry":
		return "entry"
	case "lecture-speech", "presentation", "audiovisual", "conference-poster", "poster",
		"conference-presentation", "public-speech":
		return "speech"
	case "journal-issue", "journal":
		return "periodical"
	case "website", "online-resource":
		return "webpage"
	// Crossref's posted-content subtype "blog" is a blog post (Rogue
	// Scholar registers posts so: testdata/crossref/crossref-work-10.53731-ybhah-9jy85.json;
	// https://github.com/citation-js/citation-js/issues/243).
	case "blog-post", "blog":
		return "post-weblog"
	case "standard", "technical-standard":
		return "standard"
	case "patent":
		return "patent"
	case "other", "text":
		return "document"
	}
	return strings.ToLower(t)
}

// CSLGenre is the CSL genre a source type implies beside its item type:
// "Poster" for a conference poster (a speech), "Preprint" for a preprint
// (an article), "Peer review" for a peer review (a review), "" otherwise.
func CSLGenre(t string) string {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "conference-poster", "poster":
		return "Poster"
	case "preprint", "posted-content":
		return "Preprint"
	case "peer-review": // a referee report or author response: CSL's "review" of the article, not a review article
		return "Peer review"
	}
	return ""
}
