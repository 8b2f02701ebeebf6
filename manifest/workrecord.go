package manifest

// WorkRecord is a [[work]]'s own bibliographic fields, typed by hand or
// written by `about import` from the user's bibliography. For a work no
// service knows (one with no identifier: a workshop paper, a talk, a
// chapter without a DOI) it is the whole record; for a work a service
// knows, it is the lowest-precedence source ("typed"), so it fills what
// no service gives and a service that says otherwise is a conflict the
// user sees, never a silent overwrite of what they typed.
type WorkRecord struct {
	Type      string   // a CSL 1.0.2 item type ("paper-conference"); "" when not given
	Title     string   // plain text
	Authors   []string // each as written: "Lee, Ann" (family, given) or "Ann Lee"; {Braces} keep an organisation whole
	Editors   []string // as Authors
	Venue     string   // the journal, proceedings or book it is in (CSL container-title)
	Publisher string
	Volume    string
	Issue     string
	Pages     string // "12-34" or an article number
	Date      string // "2021", "2021-06" or "2021-06-14"
	URL       string // where the work is read: an http(s) URL
	Abstract  string
	Line      int // line of the first of these keys in its [[work]]; 0 when none is set
}

// IsZero reports a [[work]] that gives none of the record's fields.
func (r WorkRecord) IsZero() bool {
	return r.Type == "" && r.Title == "" && len(r.Authors) == 0 && len(r.Editors) == 0 && r.Venue == "" &&
		r.Publisher == "" && r.Volume == "" && r.Issue == "" && r.Pages == "" && r.Date == "" && r.URL == "" && r.Abstract == ""
}

// CustomField is a field about does not fetch, kept for a work under the
// name its site gave it ([work.fields]): al-folio's abbr, selected,
// bibtex_show, Hugo Blox's featured, projects. Render writes it back
// under the same name in the formats whose templates read that name.
type CustomField struct {
	Name  string // as written: "abbr", "google_scholar_id"
	Value any    // string, bool, int64 or []string, as TOML holds it
	Line  int
}
