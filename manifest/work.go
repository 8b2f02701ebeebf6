package manifest

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
)

// Work is one [[work]]: the user's own fields for a work — links, a
// preview image, an award, a note, tags and author marks. They live in
// the manifest, never in the snapshots, so no fetch can change them;
// render joins them to the entry that shows the work.
type Work struct {
	ID            Identity
	Key           string     // the citation key every format gives the work (CheckKey), "" to let render make one
	Links         []WorkLink // in WorkLinkKinds order, one per kind at most
	Image         string     // preview image: an http(s) URL or a site path ("/assets/img/x.png")
	Award         string     // short text, e.g. "Best Paper Award"
	Note          string     // short plain text shown with the entry
	Tags          []string   // in the manifest's order
	Equal         []int      // 1-based author positions that contributed equally, ascending
	Corresponding []int      // 1-based author positions of corresponding authors, ascending
	// Own is the work's own record (workown.go): the whole record of a
	// work without an identifier (ID of KindKey), the lowest-precedence
	// source of one with. Fields are the custom fields kept for it, in
	// the manifest's order.
	Own    WorkRecord
	Fields []CustomField
	Line   int // line of the [[work]] header
}

// WorkLink is one of a [[work]]'s links: its kind (a WorkLinkKinds
// key) and where it goes.
type WorkLink struct {
	Kind string // pdf, slides, …
	URL  string // an http(s) URL or a site path starting with "/"
}

// WorkLinkKinds are the link keys of a [[work]], in the order every
// format lists them.
func WorkLinkKinds() []string {
	return []string{"pdf", "slides", "video", "poster", "code", "data", "project", "blog", "website", "supplement"}
}

// workKeys are every key a [[work]] may hold, for the unknown-key hint.
func workKeys() []string {
	return slices.Concat([]string{"id", "key"}, WorkLinkKinds(), []string{"image", "award", "note", "tags", "equal", "corresponding"}, ownKeys(), []string{"fields"})
}

type rawWork struct {
	ID            string   `toml:"id"`
	Key           *string  `toml:"key"` // a pointer: key = "" is an error, no key is none
	PDF           string   `toml:"pdf"`
	Slides        string   `toml:"slides"`
	Video         string   `toml:"video"`
	Poster        string   `toml:"poster"`
	Code          string   `toml:"code"`
	Data          string   `toml:"data"`
	Project       string   `toml:"project"`
	Blog          string   `toml:"blog"`
	Website       string   `toml:"website"`
	Supplement    string   `toml:"supplement"`
	Image         string   `toml:"image"`
	Award         string   `toml:"award"`
	Note          string   `toml:"note"`
	Tags          []string `toml:"tags"`
	Equal         []int    `toml:"equal"`
	Corresponding []int    `toml:"corresponding"`
	rawOwn
	Fields map[string]any `toml:"fields"` // [work.fields]
}

// links is the raw links by kind, in WorkLinkKinds order.
func (r rawWork) links() []WorkLink {
	return []WorkLink{
		{"pdf", r.PDF}, {"slides", r.Slides}, {"video", r.Video}, {"poster", r.Poster}, {"code", r.Code},
		{"data", r.Data}, {"project", r.Project}, {"blog", r.Blog}, {"website", r.Website}, {"supplement", r.Supplement},
	}
}

// workURLHint is what a [[work]] link or image may be, in the key's own
// words: a hint saying pdf = … under a slides line reads as a second mistake.
func workURLHint(key string) string {
	file := map[string]string{"pdf": "pdf/paper.pdf", "slides": "pdf/slides.pdf", "poster": "pdf/poster.pdf",
		"supplement": "pdf/supplement.pdf", "image": "img/preview.png"}[key]
	if file == "" {
		file = key + "/"
	}
	return fmt.Sprintf(`give an http(s) URL, e.g. %s = "https://example.org/%s", or a path on your site starting with "/", e.g. %s = "/assets/%s"`, key, file, key, file)
}

// works validates the [[work]] tables: each names one work (however its
// identifier is spelled, once), sets something, and holds only URLs,
// site paths, text and author positions that can be right.
func (d decisions) works(raw []rawWork, excludes []Exclude) ([]Work, error) {
	var out []Work
	first := map[string]int{} // identity key → line of its [[work]]
	keys := map[string]int{}  // citation key, lower case → line of its key
	for i, r := range raw {
		table := fmt.Sprintf("work.%d", i)
		w, err := d.work(table, r)
		if err != nil {
			return nil, err
		}
		if w.Key != "" {
			if line, ok := keys[strings.ToLower(w.Key)]; ok {
				return nil, &Error{File: d.path, Line: d.line(table, "key"), Value: w.Key,
					Err:  fmt.Errorf("[[work]] key %q is already the key at line %d (BibTeX compares keys whatever their letter case)", w.Key, line),
					Hint: "two works cannot share a citation key: give this one another, e.g. " + w.Key + "b"}
			}
			keys[strings.ToLower(w.Key)] = d.line(table, "key")
		}
		if line, ok := first[w.ID.Key()]; ok {
			return nil, &Error{File: d.path, Line: w.Line, Value: w.ID.Key(),
				Err:  fmt.Errorf("a second [[work]] for %s; line %d already has one", w.ID.Key(), line),
				Hint: "a work has one [[work]] table: move the keys into the first and delete the second"}
		}
		first[w.ID.Key()] = w.Line
		if j := slices.IndexFunc(excludes, func(x Exclude) bool { return x.ID.Key() == w.ID.Key() }); j >= 0 {
			return nil, &Error{File: d.path, Line: w.Line, Value: w.ID.Key(),
				Err:  fmt.Errorf("[[work]] for %s, which the [[exclude]] at line %d leaves out", w.ID.Key(), excludes[j].Line),
				Hint: "an excluded work is on no page: delete the [[work]] or the [[exclude]]"}
		}
		out = append(out, w)
	}
	return out, nil
}

func (d decisions) work(table string, r rawWork) (Work, error) {
	id, err := d.workID(table, r)
	if err != nil {
		return Work{}, err
	}
	w := Work{ID: id, Line: d.lines[table], Award: strings.TrimSpace(r.Award), Note: strings.TrimSpace(r.Note)}
	if w.Own, err = d.own(table, r.rawOwn, id.Kind == KindKey); err != nil {
		return Work{}, err
	}
	if w.Fields, err = d.customFields(table, r.Fields); err != nil {
		return Work{}, err
	}
	if r.Key != nil {
		var ke *KeyError
		if err := CheckKey(*r.Key); errors.As(err, &ke) {
			return Work{}, &Error{File: d.path, Line: d.line(table, "key"), Value: *r.Key,
				Err: fmt.Errorf("[[work]] key %q %w", *r.Key, err), Hint: ke.Hint}
		}
		w.Key = *r.Key
	}
	for _, l := range r.links() {
		if strings.TrimSpace(l.URL) == "" {
			continue
		}
		u, err := d.workURL(table, l.Kind, l.URL)
		if err != nil {
			return Work{}, err
		}
		w.Links = append(w.Links, WorkLink{Kind: l.Kind, URL: u})
	}
	if strings.TrimSpace(r.Image) != "" {
		if w.Image, err = d.workURL(table, "image", r.Image); err != nil {
			return Work{}, err
		}
	}
	if w.Tags, err = d.workTags(table, r.Tags); err != nil {
		return Work{}, err
	}
	if w.Equal, err = d.positions(table, "equal", r.Equal); err != nil {
		return Work{}, err
	}
	if len(w.Equal) == 1 {
		return Work{}, &Error{File: d.path, Line: d.line(table, "equal"), Value: fmt.Sprint(r.Equal),
			Err:  fmt.Errorf("[[work]] equal = %v names one author; equal contribution is shared by two or more", r.Equal),
			Hint: "list every author who contributed equally, e.g. equal = [1, 2]"}
	}
	if w.Corresponding, err = d.positions(table, "corresponding", r.Corresponding); err != nil {
		return Work{}, err
	}
	if w.Key == "" && len(w.Links) == 0 && w.Image == "" && w.Award == "" && w.Note == "" && len(w.Tags) == 0 && len(w.Equal) == 0 && len(w.Corresponding) == 0 &&
		w.Own.IsZero() && len(w.Fields) == 0 {
		return Work{}, &Error{File: d.path, Line: w.Line, Value: id.Key(), Err: errors.New("[[work]] sets nothing"),
			Hint: "give one or more of " + strings.Join(workKeys()[1:], ", ")}
	}
	for _, f := range []struct{ key, value string }{{"award", w.Award}, {"note", w.Note}} {
		if i := strings.IndexFunc(f.value, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }); i >= 0 {
			return Work{}, &Error{File: d.path, Line: d.line(table, f.key), Value: f.value,
				Err: fmt.Errorf("[[work]] %s holds the control character %U", f.key, []rune(f.value[i:])[0])}
		}
	}
	return w, nil
}

// workURL checks a link or image: an http(s) URL with a host, or a path
// on the user's own site ("/assets/pdf/x.pdf"). Anything else — a
// relative path, a javascript: or file: URL, "//host/x" — would be a
// dead or dangerous link on every page.
func (d decisions) workURL(table, key, raw string) (string, error) {
	v := strings.TrimSpace(raw)
	fail := func(why string) (string, error) {
		return "", &Error{File: d.path, Line: d.line(table, key), Value: raw,
			Err: fmt.Errorf("[[work]] %s %q %s", key, raw, why), Hint: workURLHint(key)}
	}
	if strings.ContainsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return fail("holds white space (write a space as %20)")
	}
	if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		if _, err := url.Parse(v); err != nil {
			return fail("is not a path")
		}
		return v, nil
	}
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return fail("is not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return fail("is neither an http(s) URL nor a site path starting with \"/\"")
	case u.Host == "":
		return fail("has no host")
	}
	return v, nil
}

// workTags checks the tags: text without a comma, each given once
// (letter case aside).
func (d decisions) workTags(table string, raw []string) ([]string, error) {
	var tags []string
	for _, t := range raw {
		tag := strings.Join(strings.Fields(t), " ")
		if tag == "" {
			return nil, &Error{File: d.path, Line: d.line(table, "tags"), Value: fmt.Sprintf("%q", t),
				Err: errors.New("[[work]] tags holds an empty tag"), Hint: `tags are words or short phrases, e.g. tags = ["filters", "databases"]`}
		}
		if strings.Contains(tag, ",") { // BibTeX, BibLaTeX and CSL-JSON write keywords comma-separated
			return nil, &Error{File: d.path, Line: d.line(table, "tags"), Value: tag,
				Err:  fmt.Errorf("[[work]] tag %q holds a comma: the citation files' keywords would read it as two tags", tag),
				Hint: `give each tag on its own, e.g. tags = ["filters", "databases"]`}
		}
		if slices.ContainsFunc(tags, func(s string) bool { return strings.EqualFold(s, tag) }) {
			return nil, &Error{File: d.path, Line: d.line(table, "tags"), Value: tag,
				Err: fmt.Errorf("[[work]] tags holds %q twice", tag), Hint: "give each tag once"}
		}
		tags = append(tags, tag)
	}
	return tags, nil
}

// positions checks author positions: 1-based, each once; they come back
// ascending. Whether the work has that many authors is the snapshots'
// to say, so check, not load, holds that.
func (d decisions) positions(table, key string, raw []int) ([]int, error) {
	var out []int
	for _, n := range raw {
		if n < 1 {
			return nil, &Error{File: d.path, Line: d.line(table, key), Value: fmt.Sprint(n),
				Err:  fmt.Errorf("[[work]] %s holds %d, which is not an author position", key, n),
				Hint: "author positions count from 1, the first author, e.g. " + key + " = [1, 2]"}
		}
		if slices.Contains(out, n) {
			return nil, &Error{File: d.path, Line: d.line(table, key), Value: fmt.Sprint(n),
				Err: fmt.Errorf("[[work]] %s holds %d twice", key, n), Hint: "give each author position once"}
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out, nil
}
