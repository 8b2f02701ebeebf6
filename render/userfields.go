package render

import (
	"cmp"
	"html/template"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/tex"
	"github.com/aboutscholar/about/render/wording"
)

// UserFields are the manifest's [[work]]s — the user's own links, image,
// award, note, tags and author marks — keyed by the identity key of the
// work each names (relation-normalised, as index.json lists it). They
// never come from, or go into, the snapshots: render is where they join
// the entries, so a refresh cannot touch them.
type UserFields map[string]UserWork

// UserWork is one work's user fields.
type UserWork struct {
	Key           string     // the citation key the user keeps (keys.go), "" for one made
	Links         []UserLink // in manifest.WorkLinkKinds order
	Image         string     // http(s) URL or site path
	Award, Note   string
	Tags          []string
	Equal         []int // 1-based positions in the shown entry's author list
	Corresponding []int // likewise
	// Fields are the custom fields kept for the work ([work.fields]),
	// written back under their names by the site formats (customfields.go).
	Fields []manifest.CustomField
}

// UserLink is one of the user's links: a manifest.WorkLinkKinds kind and
// an http(s) URL or a site path.
type UserLink struct {
	Kind, URL string
}

// UserFieldsOf reads the manifest's [[work]]s.
func UserFieldsOf(m *manifest.Manifest) UserFields {
	if len(m.Works) == 0 {
		return nil
	}
	u := UserFields{}
	for _, w := range m.Works {
		uw := UserWork{Key: w.Key, Image: w.Image, Award: w.Award, Note: w.Note,
			Tags: slices.Clone(w.Tags), Equal: slices.Clone(w.Equal), Corresponding: slices.Clone(w.Corresponding),
			Fields: slices.Clone(w.Fields)}
		for _, l := range w.Links {
			uw.Links = append(uw.Links, UserLink{Kind: l.Kind, URL: l.URL})
		}
		u[relationKey(w.ID.Key())] = uw
	}
	return u
}

// joinUserFields gives each entry the user fields of its own work and of
// every work shown within it (a [[work]] naming the preprint still
// reaches the published version the page shows), and the key one of them
// keeps as e.key. The entry's own fields come first; a member's fill only
// what is still unset, members in identity-key order, tags added after
// the entry's own.
func joinUserFields(all []*entry, fields UserFields) {
	if len(fields) == 0 {
		return
	}
	for _, e := range all {
		if e.in != nil {
			continue
		}
		var u *UserWork
		for _, w := range append([]*entry{e}, e.members...) {
			f, ok := fields[relationKey(w.id)]
			if !ok {
				continue
			}
			if u == nil {
				u = &UserWork{}
			}
			u.fill(f)
		}
		if u != nil {
			e.key, u.Key = u.Key, "" // the kept key is the entry's own (assignKeys)
			if u.empty() {
				u = nil // a [[work]] that only keeps a key shows nothing more
			}
		}
		e.user = u
	}
}

// empty reports whether u has nothing a format shows.
func (u *UserWork) empty() bool {
	return u.Key == "" && len(u.Links) == 0 && u.Image == "" && u.Award == "" && u.Note == "" &&
		len(u.Tags) == 0 && len(u.Equal) == 0 && len(u.Corresponding) == 0 && len(u.Fields) == 0
}

// fill sets what u lacks from f.
func (u *UserWork) fill(f UserWork) {
	for _, l := range f.Links {
		if u.link(l.Kind) == "" {
			u.Links = append(u.Links, l)
		}
	}
	order := manifest.WorkLinkKinds()
	slices.SortStableFunc(u.Links, func(a, b UserLink) int { return slices.Index(order, a.Kind) - slices.Index(order, b.Kind) })
	u.Key = firstOf(u.Key, f.Key)
	u.Image = firstOf(u.Image, f.Image)
	u.Award = firstOf(u.Award, f.Award)
	u.Note = firstOf(u.Note, f.Note)
	for _, t := range f.Tags {
		if !containsFold(u.Tags, t) {
			u.Tags = append(u.Tags, t)
		}
	}
	if len(u.Equal) == 0 {
		u.Equal = f.Equal
	}
	if len(u.Corresponding) == 0 {
		u.Corresponding = f.Corresponding
	}
	for _, c := range f.Fields {
		if !slices.ContainsFunc(u.Fields, func(d manifest.CustomField) bool { return d.Name == c.Name }) {
			u.Fields = append(u.Fields, c)
		}
	}
}

// link is the raw URL of the user's link of a kind, or "".
func (u *UserWork) link(kind string) string {
	if u == nil {
		return ""
	}
	for _, l := range u.Links {
		if l.Kind == kind {
			return l.URL
		}
	}
	return ""
}

// userLink is the entry's user link of a kind, made safe to write
// (userURL), or "".
func (e *entry) userLink(kind string) string { return userURL(e.user.link(kind)) }

// userURL is a user's link as every format writes it: an http(s) URL
// through wording.WebURL, a site path ("/assets/pdf/x.pdf") percent-encoded the
// same way; "" for anything else (load already refused it).
func userURL(raw string) string {
	if strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//") {
		return wording.EncodeURLBytes(raw, "")
	}
	return wording.WebURL(raw)
}

// userLinkLabels are the words a page shows on each kind of user link.
var userLinkLabels = map[string]string{
	"pdf": "PDF", "slides": "Slides", "video": "Video", "poster": "Poster", "code": "Code", "data": "Data",
	"project": "Project", "blog": "Blog", "website": "Website", "supplement": "Supplement",
}

// The author marks and what they mean, as pages write them.
const (
	markEqual         = "*"
	markCorresponding = "†"
	equalText         = "Equal contribution"
	correspondingText = "Corresponding author"
)

// equal and corresponding report the user's marks on author i (0-based).
func (e *entry) equal(i int) bool { return e.user != nil && slices.Contains(e.user.Equal, i+1) }
func (e *entry) corresponding(i int) bool {
	return e.user != nil && slices.Contains(e.user.Corresponding, i+1)
}

// mark is author i's marks as superscript text: "*", "†", "*†" or "".
func (e *entry) mark(i int) string {
	var m string
	if e.equal(i) {
		m += markEqual
	}
	if e.corresponding(i) {
		m += markCorresponding
	}
	return m
}

// marked reports whether author i carries a mark, so a long list never
// cuts them away.
func (e *entry) marked(i int) bool { return e.mark(i) != "" }

// markLegend is what the entry's marks mean ("* Equal contribution;
// † Corresponding author"), only those it uses; "" for none.
func (e *entry) markLegend(sep string) string {
	var parts []string
	if e.user != nil && len(e.user.Equal) > 0 && e.anyMarked(e.equal) {
		parts = append(parts, markEqual+" "+equalText)
	}
	if e.user != nil && len(e.user.Corresponding) > 0 && e.anyMarked(e.corresponding) {
		parts = append(parts, markCorresponding+" "+correspondingText)
	}
	return strings.Join(parts, sep)
}

// anyMarked reports whether some author of the entry has the mark: a
// position past the author list marks no one (check names it).
func (e *entry) anyMarked(has func(int) bool) bool {
	for i := range e.rec.Authors {
		if has(i) {
			return true
		}
	}
	return false
}

// userTags are the entry's tags, nil for none.
func (e *entry) userTags() []string {
	if e.user == nil {
		return nil
	}
	return e.user.Tags
}

// userText is the entry's award and note, as one plain text ("Best Paper
// Award. Invited talk at …"), for the formats with one field for both.
func (e *entry) userText() string {
	if e.user == nil {
		return ""
	}
	var parts []string
	for _, s := range []string{wording.Clean(e.user.Award), wording.Clean(e.user.Note)} {
		if s != "" {
			parts = append(parts, wording.Sentence(s))
		}
	}
	return strings.Join(parts, " ")
}

// userLinks are the entry's user links as label and safe URL, in kind order.
func (e *entry) userLinks() []htmlview.Link {
	if e.user == nil {
		return nil
	}
	var out []htmlview.Link
	for _, l := range e.user.Links {
		if u := userURL(l.URL); u != "" {
			out = append(out, htmlview.Link{Href: u, Text: userLinkLabels[l.Kind]})
		}
	}
	return out
}

// mdUserLinks are the Markdown list's links for the user's links.
func mdUserLinks(e *entry) []string {
	var out []string
	for _, l := range e.userLinks() {
		out = append(out, mdLink(l.Text, l.Href))
	}
	return out
}

// mdUserText is the award and note, then the marks' legend, as Markdown.
func mdUserText(e *entry) []string {
	var out []string
	if t := e.userText(); t != "" {
		out = append(out, mdText(t))
	}
	if l := e.markLegend("; "); l != "" {
		out = append(out, mdText("("+l+")"))
	}
	if tags := e.userTags(); len(tags) > 0 {
		out = append(out, mdText("Tags: "+strings.Join(tags, ", ")+"."))
	}
	return out
}

func htmlUserOf(e *entry) htmlview.User {
	if e.user == nil {
		return htmlview.User{}
	}
	return htmlview.User{Image: userURL(e.user.Image), Award: wording.Clean(e.user.Award), Note: wording.Clean(e.user.Note), Tags: e.user.Tags, Legend: e.markLegend(" · ")}
}

// userChips are the page's chips for the user's links, after the
// identifiers: the links the user chose are the entry's own.
func userChips(e *entry) []htmlview.Chip {
	var chips []htmlview.Chip
	for _, l := range e.userLinks() {
		chips = append(chips, htmlview.Chip{Class: "user", Href: l.Href, Text: l.Text})
	}
	return chips
}

// userCSSFor is htmlview.UserCSS when some entry of the page has user fields.
func userCSSFor(p *page) template.CSS {
	for _, e := range p.shown {
		if e.user != nil {
			return template.CSS(htmlview.UserCSS)
		}
	}
	return ""
}

func dataUserOf(e *entry) shape.DataUser {
	if e.user == nil {
		return shape.DataUser{}
	}
	d := shape.DataUser{Image: userURL(e.user.Image), Award: wording.Clean(e.user.Award), Note: wording.Clean(e.user.Note), Tags: e.user.Tags}
	for _, l := range e.user.Links {
		if u := userURL(l.URL); u != "" {
			d.Links = append(d.Links, shape.DataLink{Kind: l.Kind, Label: userLinkLabels[l.Kind], URL: u})
		}
	}
	return d
}

// user adds an entry's [[work]] fields that BibTeX and BibLaTeX have
// words for: the tags as keywords (which no standard style prints, and
// biblatex's \printbibliography[keyword=…] filters by), and, in
// BibLaTeX, the award and note as the addendum its styles print at the
// end of the entry, as a CV wants. BibTeX gets no note: plain.bst prints
// it, and the page's BibTeX blocks are what visitors copy to cite.
func (fs *bibFields) user(e *entry, biblatex bool) {
	if tags := e.userTags(); len(tags) > 0 && !fs.has("keywords") {
		fs.add("keywords", strings.Join(tags, ", "))
	}
	if biblatex && !fs.has("addendum") {
		fs.add("addendum", e.userText())
	}
}

// alFolioUser sets the al-folio fields _layouts/bib.liquid reads for the
// user's [[work]]: pdf, supp, poster and slides (a value without "://"
// is taken under /assets/pdf/), preview (under
// /assets/img/publication_preview/), video, blog, code and website as
// they are (a project page is the website when there is none), award
// (with award_name, the button's text), annotation (the author marks'
// legend, shown by the authors) and the note, which it prints below the
// venue. The user's pdf and code replace the ones the snapshots give.
// al-folio turns a * or † after an author's last name into a
// superscript, so the marks go on the names.
func (fs *bibFields) alFolioUser(e *entry) {
	if e.user == nil {
		return
	}
	under := map[string]string{"pdf": "/assets/pdf/", "supplement": "/assets/pdf/", "poster": "/assets/pdf/", "slides": "/assets/pdf/"}
	names := map[string]string{"supplement": "supp", "project": "website"}
	for _, l := range e.user.Links {
		name := cmp.Or(names[l.Kind], l.Kind)
		if l.Kind == "data" || (l.Kind == "project" && e.user.link("website") != "") {
			continue // al-folio has no data button; the website is the project page's place
		}
		fs.set(name, alFolioPath(userURL(l.URL), under[l.Kind]))
	}
	fs.set("preview", alFolioPath(userURL(e.user.Image), "/assets/img/publication_preview/"))
	if a := wording.Clean(e.user.Award); a != "" {
		fs.add("award", a)
		fs.add("award_name", "Award")
	}
	fs.add("annotation", e.markLegend("; "))
	if n := wording.Clean(e.user.Note); n != "" {
		fs.appendText("note", wording.Sentence(n))
	}
	if e.user.Equal != nil || e.user.Corresponding != nil {
		marked := slices.Clone(e.rec.Authors)
		for i := range marked {
			if m := e.mark(i); m != "" {
				switch {
				case bibText(marked[i].Family) != "":
					marked[i].Family = bibText(marked[i].Family) + m
				case bibText(marked[i].Given) != "":
					marked[i].Given = bibText(marked[i].Given) + m
				case bibText(marked[i].Name) != "":
					marked[i].Name = bibText(marked[i].Name) + m
				} // an author with no name is no name of the list, marked or not
			}
		}
		fs.setRaw("author", bibNames(marked))
	}
}

// alFolioPath is a link as al-folio's field takes it: a URL as it is; a
// site path under the folder al-folio prefixes (base) without it; any
// other site path relative to base, so that base + value is the path.
func alFolioPath(u, base string) string {
	if u == "" || !strings.HasPrefix(u, "/") || base == "" {
		return u
	}
	if rest, ok := strings.CutPrefix(u, base); ok && rest != "" {
		return rest
	}
	return strings.Repeat("../", strings.Count(strings.Trim(base, "/"), "/")+1) + strings.TrimPrefix(u, "/")
}

// set replaces a verbatim field where it stands (or adds it); an empty
// or unsafe value changes nothing.
func (fs *bibFields) set(name, value string) {
	if value != "" && tex.VerbatimSafe(value) {
		fs.replace(bibField{name: name, value: value, verbatim: true})
	}
}

// setRaw replaces a raw field where it stands (or adds it).
func (fs *bibFields) setRaw(name, value string) {
	if value != "" {
		fs.replace(bibField{name: name, value: value, raw: true})
	}
}

func (fs *bibFields) replace(f bibField) {
	if i := slices.IndexFunc(*fs, func(g bibField) bool { return g.name == f.name }); i >= 0 {
		(*fs)[i] = f
		return
	}
	*fs = append(*fs, f)
}

// appendText adds text to a text field, after what it holds.
func (fs *bibFields) appendText(name, text string) {
	for i, f := range *fs {
		if f.name == name && !f.raw && !f.verbatim {
			(*fs)[i].value = wording.Sentence(f.value) + " " + tex.Escape(text)
			return
		}
	}
	fs.add(name, text)
}

// hugoBloxUser fills the Hugo Blox front matter from the user's
// [[work]]: the url_* fields layouts/partials/page_links.html reads
// (url_pdf, url_code, url_dataset, url_poster, url_project, url_slides,
// url_video; the user's replace the snapshots'), links for the blog,
// website and supplement, tags (the taxonomy) and author_notes, the
// per-author note its author list shows as a tooltip. Hugo Blox's
// preview is a featured.* file in the bundle, which render cannot write
// from a URL: the image is not carried (docs/formats.md says so).
func hugoBloxUser(fm *shape.HugoBloxPublication, e *entry) {
	if e.user == nil {
		return
	}
	fields := map[string]*string{"pdf": &fm.URLPDF, "code": &fm.URLCode, "data": &fm.URLDataset, "poster": &fm.URLPoster,
		"project": &fm.URLProject, "slides": &fm.URLSlides, "video": &fm.URLVideo}
	for _, l := range e.user.Links {
		u := userURL(l.URL)
		if f, ok := fields[l.Kind]; ok && u != "" {
			*f = u
		} else if u != "" {
			fm.Links = append(fm.Links, shape.HugoLink{Name: userLinkLabels[l.Kind], URL: u})
		}
	}
	fm.Tags = e.user.Tags
	if e.user.Equal != nil || e.user.Corresponding != nil {
		for i, a := range e.rec.Authors {
			if wording.AuthorName(a) == "" {
				continue // displayNames leaves it out too
			}
			var notes []string
			if e.equal(i) {
				notes = append(notes, equalText)
			}
			if e.corresponding(i) {
				notes = append(notes, correspondingText)
			}
			fm.AuthorNotes = append(fm.AuthorNotes, strings.Join(notes, ", "))
		}
	}
}

// academicPagesUser sets academicpages' paperurl (the user's PDF) and
// slidesurl, and opens the excerpt, which its archive lists show, with
// the award and note.
func academicPagesUser(fm *shape.AcademicPublication, e *entry) {
	if e.user == nil {
		return
	}
	fm.PaperURL = cmp.Or(e.userLink("pdf"), fm.PaperURL)
	fm.SlidesURL = e.userLink("slides")
	if t := e.userText(); t != "" {
		fm.Excerpt = strings.TrimSpace(t + " " + fm.Excerpt)
	}
}

// labButtonTypes are the Lab Website Template's _data/types.yaml types
// (their icons) for each kind of user link; "link" for the others.
var labButtonTypes = map[string]string{"pdf": "paper", "code": "source", "data": "data", "website": "website", "project": "website"}

// labWebsiteUser fills a Lab Website Template citation from the user's
// [[work]]: buttons (type, text, link), image, tags after the type's,
// and description (the award, note and marks' legend), all of which its
// _includes/citation.html shows in the "rich" style.
func labWebsiteUser(c *shape.LabCitation, e *entry) {
	if e.user == nil {
		return
	}
	for _, l := range e.user.Links {
		if u := userURL(l.URL); u != "" {
			c.Buttons = append(c.Buttons, shape.LabButton{Type: cmp.Or(labButtonTypes[l.Kind], "link"), Text: userLinkLabels[l.Kind], Link: u})
		}
	}
	c.Image = userURL(e.user.Image)
	for _, t := range e.user.Tags {
		if !containsFold(c.Tags, t) {
			c.Tags = append(c.Tags, t)
		}
	}
	// citation.html markdownifies the description: the legend's leading
	// "* " would open a list, so the text is escaped as Markdown
	c.Description = mdText(e.userText() + " " + e.markLegend("; "))
}
