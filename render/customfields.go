package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/yamlout"
)

// The custom fields a user keeps for a work ([work.fields], most often
// imported from their site: al-folio's abbr, bibtex_show,
// google_scholar_id; Hugo Blox's featured, projects) go back into the
// site files under their own names, replacing the value about would
// write (the badge about picks, bibtex_show): they are the user's word.
// The manifest refuses the names of fields about writes from the record
// (manifest.reservedFields), so none replaces a title or a DOI.

// customFields sets each custom field in al-folio's entry: its text as it
// was imported, BibTeX included (the manifest holds its braces paired),
// true or false, a number, a list joined with ", " as BibTeX keywords are.
func (fs *bibFields) customFields(fields []manifest.CustomField) {
	for _, f := range fields {
		switch f.Value.(type) {
		case map[string]any, []map[string]any:
			continue // front matter's, which a BibTeX field cannot hold
		}
		if v := customBibValue(f.Value); v != "" {
			fs.replace(bibField{name: f.Name, value: "{" + v + "}", raw: true})
		}
	}
}

func customBibValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []string:
		return strings.Join(x, ", ")
	}
	return fmt.Sprint(v)
}

// frontMatterFields are the custom fields as a Hugo Blox or
// academicpages front matter, or a Lab Website Template citation, sets them, keeping their types (Hugo Blox's
// featured is true, projects a list).
func frontMatterFields(u *UserWork) []yamlout.Field {
	if u == nil {
		return nil
	}
	out := make([]yamlout.Field, len(u.Fields))
	for i, f := range u.Fields {
		out[i] = yamlout.Field{Name: f.Name, Value: f.Value}
	}
	return out
}
