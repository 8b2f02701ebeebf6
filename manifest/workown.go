package manifest

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// rawOwn is a [[work]]'s own record as TOML gives it (WorkRecord).
type rawOwn struct {
	Type      string   `toml:"type"`
	Title     string   `toml:"title"`
	Authors   []string `toml:"authors"`
	Editors   []string `toml:"editors"`
	Venue     string   `toml:"venue"`
	Publisher string   `toml:"publisher"`
	Volume    string   `toml:"volume"`
	Issue     string   `toml:"issue"`
	Pages     string   `toml:"pages"`
	Date      string   `toml:"date"`
	URL       string   `toml:"url"`
	Abstract  string   `toml:"abstract"`
}

// ownKeys are the keys of a [[work]]'s own record, in the order the
// manifest documents them.
func ownKeys() []string {
	return []string{"type", "title", "authors", "editors", "venue", "publisher", "volume", "issue", "pages", "date", "url", "abstract"}
}

// workID is the work a [[work]] is about: its id, or, for a work without
// an identifier, its citation key, which then must be there with a title.
func (d decisions) workID(table string, r rawWork) (Identity, error) {
	if strings.TrimSpace(r.ID) != "" || r.Key == nil {
		if r.Key == nil && strings.TrimSpace(r.ID) == "" {
			return Identity{}, &Error{File: d.path, Line: d.lines[table], Err: errors.New("[[work]] has no id and no key"),
				Hint: `name the work by its identifier, e.g. id = "doi:10.5281/zenodo.1234567"; a work without one is named by its citation key and described by its own fields, e.g. key = "lee2021workshop" with title, authors, venue and date`}
		}
		return d.id(table, "id", r.ID)
	}
	var ke *KeyError
	if err := CheckKey(*r.Key); errors.As(err, &ke) {
		return Identity{}, &Error{File: d.path, Line: d.line(table, "key"), Value: *r.Key,
			Err: fmt.Errorf("[[work]] key %q %w", *r.Key, err), Hint: ke.Hint}
	}
	if strings.TrimSpace(r.Title) == "" {
		return Identity{}, &Error{File: d.path, Line: d.lines[table], Value: *r.Key,
			Err:  fmt.Errorf("[[work]] %q has no id and no title: a work without an identifier is known only by what its [[work]] says", *r.Key),
			Hint: `give its identifier (id = "doi:…") if it has one, else its title = "…", with authors, venue and date`}
	}
	return Identity{Kind: KindKey, Value: *r.Key}, nil
}

// own checks a [[work]]'s own record. Without an identifier (alone) the
// record is all there is of the work, so its title is required (workID
// holds that) and every value must be one a reader could cite.
func (d decisions) own(table string, r rawOwn, alone bool) (WorkRecord, error) {
	w := WorkRecord{
		Type: strings.TrimSpace(r.Type), Title: oneSpace(r.Title), Venue: oneSpace(r.Venue), Publisher: oneSpace(r.Publisher),
		Volume: oneSpace(r.Volume), Issue: oneSpace(r.Issue), Pages: oneSpace(r.Pages), Date: strings.TrimSpace(r.Date),
		URL: strings.TrimSpace(r.URL), Abstract: strings.TrimSpace(r.Abstract),
	}
	for _, k := range ownKeys() {
		if line := d.lines[table+"."+k]; line != 0 && (w.Line == 0 || line < w.Line) {
			w.Line = line
		}
	}
	if w.Type != "" && !IsCSLType(w.Type) {
		e := overrideTypeError(d.path, d.line(table, "type"), w.Type)
		e.(*Error).Err = errors.New(strings.Replace(e.(*Error).Err.Error(), "[[override]]", "[[work]]", 1))
		return WorkRecord{}, e
	}
	var err error
	if w.Authors, err = d.names(table, "authors", r.Authors); err != nil {
		return WorkRecord{}, err
	}
	if w.Editors, err = d.names(table, "editors", r.Editors); err != nil {
		return WorkRecord{}, err
	}
	if w.Date != "" && !plainDate.MatchString(w.Date) || w.Date != "" && record.ParseDate(w.Date).String() != w.Date {
		return WorkRecord{}, &Error{File: d.path, Line: d.line(table, "date"), Value: r.Date,
			Err:  fmt.Errorf("[[work]] date %q is not a date", r.Date),
			Hint: `write the year, the year and month, or the day, e.g. date = "2021", "2021-06" or "2021-06-14"`}
	}
	if w.URL != "" {
		if w.URL, err = d.workURL(table, "url", w.URL); err != nil {
			return WorkRecord{}, err
		}
		if strings.HasPrefix(w.URL, "/") {
			return WorkRecord{}, &Error{File: d.path, Line: d.line(table, "url"), Value: r.URL,
				Err:  fmt.Errorf("[[work]] url %q is a path on your site: url is where readers find the work itself", r.URL),
				Hint: `give an http(s) URL, e.g. url = "https://proceedings.example.org/paper/12"; a PDF on your own site is pdf = "/assets/pdf/paper.pdf"`}
		}
	}
	for _, f := range []struct{ key, value string }{{"title", w.Title}, {"venue", w.Venue}, {"publisher", w.Publisher},
		{"volume", w.Volume}, {"issue", w.Issue}, {"pages", w.Pages}, {"abstract", w.Abstract}} {
		if err := d.noControl(table, f.key, f.value, f.key == "abstract"); err != nil {
			return WorkRecord{}, err
		}
	}
	return w, nil
}

// plainDate is the form WorkRecord.Date takes.
var plainDate = regexp.MustCompile(`^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$`)

// names checks an author or editor list: each a name, none empty.
func (d decisions) names(table, key string, raw []string) ([]string, error) {
	var out []string
	for _, n := range raw {
		name := oneSpace(n)
		if name == "" || name == "," {
			return nil, &Error{File: d.path, Line: d.line(table, key), Value: fmt.Sprintf("%q", n),
				Err: fmt.Errorf("[[work]] %s holds an empty name", key), Hint: key + ` are names, each "Family, Given" or "Given Family", e.g. ` + key + ` = ["Lee, Ann", "Omar Haddad"]`}
		}
		if err := d.noControl(table, key, name, false); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, nil
}

// noControl refuses control characters: they would reach every page and
// citation file. A line break is text only where paragraphs are.
func (d decisions) noControl(table, key, value string, paragraphs bool) error {
	i := strings.IndexFunc(value, func(r rune) bool {
		return unicode.IsControl(r) && !(paragraphs && (r == '\n' || r == '\t')) || unicode.Is(unicode.Cf, r) && r != 0x200d
	})
	if i < 0 {
		return nil
	}
	return &Error{File: d.path, Line: d.line(table, key), Value: value,
		Err: fmt.Errorf("[[work]] %s holds the character %U, which no reader shows", key, []rune(value[i:])[0])}
}

// oneSpace is s with its runs of white space as one space, trimmed.
func oneSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// customFieldName is what a custom field's name may be: the names the
// themes use (abbr, bibtex_show, url_pdf, google_scholar_id, Hugo's
// publishDate), which every format writing them back holds as they are.
var customFieldName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// reservedFields are names a custom field cannot take (letter case
// aside): the fields about fills from the work's record — the [[work]]'s
// own fields, its identifiers, its tags — in the site files that write
// custom fields back. Kept as a custom field too, one of them would
// stand beside the record's value and a reader would take either. Every
// other name (note, isbn, series, award_name, Hugo Blox's summary) is
// the user's word and replaces what about would write.
var reservedFields = []string{
	"author", "editor", "editors", "title", "journal", "journaltitle", "booktitle", "venue",
	"publisher", "year", "month", "date", "volume", "number", "issue", "pages", "doi", "url", "eprint", "eprinttype",
	"archiveprefix", "arxiv", "pmid", "pmcid", "abstract", "keywords", "tags", "publication_types", "collection", "permalink",
}

// CustomFieldProblem is why a custom field cannot be kept under that name
// with that value (customFields' rules, for a caller that writes one, as
// about import does), and whether it is only that about writes the name
// from the record; nil when it can be kept.
func CustomFieldProblem(name string, value any) (err error, reserved bool) {
	switch {
	case !customFieldName.MatchString(name):
		return errors.New("a field name the manifest cannot hold"), false
	case slices.Contains(reservedFields, strings.ToLower(name)):
		return errors.New("about writes it from the work's record"), true
	}
	v, err := customValue(value)
	if err == nil {
		err = decisions{}.customText("", v)
	}
	if err == nil {
		err = customLink(name, v)
	}
	return err, false
}

// linkFields are the custom fields the site templates make a link of
// (al-folio's bib.liquid, Hugo Blox's url_* and links, academicpages'
// paperurl, the Lab Website Template's link), and linkKeys the keys of a
// table (Hugo Blox's links items, the template's buttons) that do.
var (
	linkFields = []string{"html", "pdf", "supp", "code", "website", "blog", "video", "poster", "slides", "preview",
		"link", "paperurl", "slidesurl", "bibtexurl", "url_source", "url_preprint"}
	linkKeys  = []string{"url", "link"}
	urlScheme = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9+.-]*):`)
)

// customLink refuses a link field whose value is an address of another
// scheme than http(s) (javascript:, data:, file:): written back as it is,
// the site would make it a link that runs or leaves the page. A path or
// file name, which the templates put under the site, has no scheme.
func customLink(name string, v any) error {
	check := func(s string) error {
		if m := urlScheme.FindStringSubmatch(s); m != nil && !strings.EqualFold(m[1], "http") && !strings.EqualFold(m[1], "https") {
			return fmt.Errorf("is a link to a %s: address; a link field holds an http(s) URL or a path on your site", m[1])
		}
		return nil
	}
	low := strings.ToLower(name)
	switch x := v.(type) {
	case string:
		if slices.Contains(linkFields, low) || strings.HasPrefix(low, "url_") {
			return check(x)
		}
	case map[string]any:
		for _, k := range linkKeys {
			if s, ok := x[k].(string); ok {
				if err := check(s); err != nil {
					return err
				}
			}
		}
	case []map[string]any:
		for _, table := range x {
			if err := customLink(name, table); err != nil {
				return err
			}
		}
	}
	return nil
}

// customFields checks [work.fields]: each a name the themes use, holding
// text, a number, true or false, or a list of texts, and none a field
// about writes itself. They come back in the manifest's order.
func (d decisions) customFields(table string, raw map[string]any) ([]CustomField, error) {
	var out []CustomField
	for name, v := range raw {
		key := table + ".fields." + name
		line := d.lines[key]
		fail := func(err error, hint string) ([]CustomField, error) {
			return nil, &Error{File: d.path, Line: cmp.Or(line, d.line(table, "fields")), Value: name, Err: err, Hint: hint}
		}
		switch {
		case !customFieldName.MatchString(name):
			return fail(fmt.Errorf("[work.fields] name %q is not a field name the site files can hold", name),
				"field names are letters, digits, _ and -, starting with a letter, e.g. abbr, bibtex_show, google_scholar_id")
		case slices.Contains(reservedFields, strings.ToLower(name)):
			return fail(fmt.Errorf("[work.fields] %s is a field about writes itself from the work's record", name),
				"put it in the [[work]] itself (title, authors, editors, venue, publisher, volume, issue, pages, date, url, abstract, tags), or in an [[override]]")
		}
		value, err := customValue(v)
		if err == nil {
			err = d.customText(key, value)
		}
		if err == nil {
			err = customLink(name, value)
		}
		if err != nil {
			return fail(fmt.Errorf("[work.fields] %s %w", name, err),
				`a field holds text, a number, true or false, or a list of texts, e.g. abbr = "NeurIPS", selected = true, projects = ["graphs"]`)
		}
		out = append(out, CustomField{Name: name, Value: value, Line: line})
	}
	slices.SortFunc(out, func(a, b CustomField) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}

// customValue is v as a CustomField holds it. A table (Hugo Blox's
// image: {caption, focal_point}) holds values of those kinds, one level
// deep: front matter writes it back as it was; a BibTeX file cannot hold
// it and leaves it out.
func customValue(v any) (any, error) {
	switch x := v.(type) {
	case string, bool, int64, float64:
		return x, nil
	case []string:
		return x, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			if !customFieldName.MatchString(k) {
				return nil, fmt.Errorf("holds a table whose key %q no site file can hold", k)
			}
			if _, nested := item.(map[string]any); nested {
				return nil, fmt.Errorf("holds a table in a table (%s), which no site file of about's writes back", k)
			}
			value, err := customValue(item)
			if err != nil {
				return nil, err
			}
			out[k] = value
		}
		return out, nil
	case []map[string]any:
		return customTables(x)
	case []any:
		if len(x) > 0 && !slices.ContainsFunc(x, func(i any) bool { _, table := i.(map[string]any); return !table }) {
			tables := make([]map[string]any, len(x))
			for i, item := range x {
				tables[i] = item.(map[string]any)
			}
			return customTables(tables)
		}
		list := make([]string, 0, len(x))
		for _, item := range x {
			s, ok := item.(string)
			if !ok {
				return nil, fmt.Errorf("holds a list with %v in it, which is not text", item)
			}
			list = append(list, s)
		}
		return list, nil
	}
	return nil, fmt.Errorf("holds %T, which no site file can hold", v)
}

// customTables is a list of tables (Hugo Blox's links: [{name, url}]),
// each as a table field holds one.
func customTables(list []map[string]any) (any, error) {
	out := make([]map[string]any, len(list))
	for i, table := range list {
		v, err := customValue(table)
		if err != nil {
			return nil, err
		}
		out[i] = v.(map[string]any)
	}
	return out, nil
}

// customText refuses text a site file cannot carry as it is: a control
// character, or braces that do not pair (the BibTeX files write the
// value in braces, as it was imported).
func (d decisions) customText(key string, v any) error {
	if table, ok := v.(map[string]any); ok {
		for _, item := range table {
			if err := d.customText(key, item); err != nil {
				return err
			}
		}
		return nil
	}
	if tables, ok := v.([]map[string]any); ok {
		for _, table := range tables {
			if err := d.customText(key, table); err != nil {
				return err
			}
		}
		return nil
	}
	texts, _ := v.([]string)
	if s, ok := v.(string); ok {
		texts = []string{s}
	}
	for _, s := range texts {
		if i := strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }); i >= 0 {
			return fmt.Errorf("holds the control character %U", []rune(s[i:])[0])
		}
		depth := 0
		for _, r := range s {
			switch r {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth < 0 {
				break
			}
		}
		if depth != 0 {
			return errors.New("holds braces that do not pair, which would end its BibTeX field early")
		}
	}
	return nil
}
