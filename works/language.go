package works

import "github.com/aboutscholar/about/record"

// mergeLanguage takes the work's language whole from the first provider
// in precedence that gives one. Precedence puts the registration
// agencies first: their language is what the publisher deposited
// (Crossref's language attribute, DataCite's "primary language of the
// resource", https://datacite-metadata-schema.readthedocs.io/en/4.5/
// properties/language/). An index's language comes after every
// registrar's: OpenAlex's is detected by software from the title and
// abstract, "the language of the metadata, not the full text" (OpenAlex's
// work object, language: https://developers.openalex.org/api-entities/
// works/work-object#language), a guess, so it is taken only when no registrar gave one and its
// provenance ("language": "openalex") says whose guess it is. Values are
// not mixed: "en" from one and "en-gb" from another is no refinement a
// reader could check.
func mergeLanguage(ordered []Named) picked[string] {
	return mergeText(ordered, func(r *record.Record) string { return r.Language })
}
