package record_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// An external test: manifest imports record (its table of identifier
// kinds), so record's own tests cannot import manifest.

// TestCSLTypeAndGenre: source types map to CSL item types faithfully, a
// poster to a speech with genre Poster, a preprint to an article with
// genre Preprint.
func TestCSLTypeAndGenre(t *testing.T) {
	for in, want := range map[string][2]string{
		"conference-poster":  {"speech", "Poster"},
		"preprint":           {"article", "Preprint"},
		"posted-content":     {"article", "Preprint"},
		"conference-paper":   {"paper-conference", ""},
		"magazine-article":   {"article-magazine", ""},
		"newspaper-article":  {"article-newspaper", ""},
		"book-review":        {"review-book", ""},
		"lecture-speech":     {"speech", ""},
		"website":            {"webpage", ""},
		"journal-issue":      {"periodical", ""},
		"book-part":          {"chapter", ""},
		"journal-article":    {"article-journal", ""},
		"technical-standard": {"standard", ""},
	} {
		if typ, genre := record.CSLType(in), record.CSLGenre(in); typ != want[0] || genre != want[1] || !manifest.IsCSLType(typ) {
			t.Errorf("%s → %q genre %q, want %q genre %q", in, typ, genre, want[0], want[1])
		}
	}
}
