package importbib

import (
	"cmp"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// A Hugo Blox site (formerly Wowchemy, Academic; HugoBlox/hugo-blox-builder)
// keeps a publication as a page bundle, content/publication/<slug>/index.md,
// with a cite.bib beside it for its Cite button. ReadHugoBlox reads them.
//
// Key: the bundle's folder name, not cite.bib's key. The folder is the
// page's URL (/publication/<slug>/), what about writes the bundle back
// as (content/publication/<key>/), unique in the folder by construction,
// and present in every bundle; cite.bib is missing from many and its key,
// written by a tool (academic import, Zotero), often differs from the
// slug the site's links use. cite.bib's identifiers are read too (a DOI
// or arXiv id the front matter lacks), its volume, issue, pages and
// publisher fill what the front matter does not say, and its year and
// month say how much of the front matter's date is the work's.

// hugoLinkKinds are the url_* keys Hugo Blox shows as buttons that are a
// [[work]] link (its functions/build_links.html maps url_* to a button
// type), in manifest.WorkLinkKinds order. url_source ("Source Document")
// and url_preprint have no link kind of that meaning: they are kept as
// fields under their own names, so the button comes back as it was.
var hugoLinkKinds = []struct{ key, kind string }{
	{"url_pdf", "pdf"}, {"url_slides", "slides"}, {"url_video", "video"}, {"url_poster", "poster"},
	{"url_code", "code"}, {"url_dataset", "data"}, {"url_project", "project"},
}

// hugoPubTypes are the publication_types codes Academic and Wowchemy used
// until Wowchemy 5.9 (HugoBlox/hugo-blox-builder commit 60baebf4, "adopt
// CSL standard for publication types"), as its archetype's legend says
// (wowchemy/archetypes/publication/index.md at 86da3971: "0 =
// Uncategorized; 1 = Conference paper; 2 = Journal article; 3 = Preprint
// / Working Paper; 4 = Report; 5 = Book; 6 = Book section; 7 = Thesis; 8 =
// Patent"; 9, pub_dataset, was added in fc68f765), each as the CSL type
// that commit renamed its i18n label to (pub_conf → pub_paper_conference,
// pub_journal → pub_article_journal, pub_preprint → pub_article,
// pub_book_section → pub_chapter). Since then the field holds the CSL
// type itself ("article-journal", "paper-conference").
var hugoPubTypes = map[string]string{
	"0": "", "1": "paper-conference", "2": "article-journal", "3": "article", "4": "report",
	"5": "book", "6": "chapter", "7": "thesis", "8": "patent", "9": "dataset",
}

// ReadHugoBlox reads a Hugo Blox site's publications: dir is its
// content/publication folder (or the site's root, or its content
// folder). Each bundle's index.md is one entry, at line 1 of that file;
// a page written as content/publication/<slug>.md is one too. An author
// written as a profile's name (Hugo Blox's "admin", the site's owner, or
// any content/authors/<name>/ or data/authors/<name>.yaml) is the name
// the site shows for that profile, and the list as written is kept as the
// field authors; a profile that is not found is kept as written, and
// said in the problems.
func ReadHugoBlox(fsys fs.FS, dir string) ([]Entry, []string) {
	pubDir := hugoPublicationDir(fsys, dir)
	profiles := hugoProfiles(fsys, pubDir)
	var out []Entry
	var problems []string
	pages, err := hugoPages(fsys, pubDir)
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", pubDir, err)}
	}
	for _, p := range pages {
		e, probs := hugoEntry(fsys, p, profiles)
		problems = append(problems, probs...)
		if e != nil {
			out = append(out, *e)
		}
	}
	markDuplicates(out)
	return out, problems
}

// hugoPublicationDir is the content/publication folder under dir, or dir itself.
func hugoPublicationDir(fsys fs.FS, dir string) string {
	for _, sub := range []string{"content/publication", "publication", "content/publications", "publications"} {
		if st, err := fs.Stat(fsys, path.Join(dir, sub)); err == nil && st.IsDir() {
			return path.Join(dir, sub)
		}
	}
	return dir
}

// hugoPage is one publication page: its index.md (or <slug>.md) and slug.
type hugoPage struct{ file, slug, bundle string }

// hugoPages are the folder's publication pages, by slug: each bundle's
// index.md, and each page of its own; _index.md (the list page) is none.
func hugoPages(fsys fs.FS, dir string) ([]hugoPage, error) {
	items, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []hugoPage
	for _, it := range items {
		name := it.Name()
		switch {
		case it.IsDir():
			for _, index := range []string{"index.md", "index.markdown"} {
				if _, err := fs.Stat(fsys, path.Join(dir, name, index)); err == nil {
					out = append(out, hugoPage{path.Join(dir, name, index), name, path.Join(dir, name)})
					break
				}
			}
		case strings.HasSuffix(name, ".md") && !strings.HasPrefix(name, "_"):
			out = append(out, hugoPage{path.Join(dir, name), strings.TrimSuffix(name, ".md"), ""})
		}
	}
	return out, nil
}

// hugoEntry is one page's entry; nil with a problem when it cannot be read.
func hugoEntry(fsys fs.FS, p hugoPage, profiles map[string]string) (*Entry, []string) {
	src, err := fs.ReadFile(fsys, p.file)
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", p.file, err)}
	}
	fields, ok, err := frontMatter(src)
	e := &Entry{File: p.file, Line: 1, Key: p.slug}
	switch {
	case err != nil:
		e.Problem = fmt.Sprintf("%s:1: %v", p.file, err)
		return e, nil
	case !ok:
		return nil, []string{fmt.Sprintf("%s:1: no front matter: not a publication page", p.file)}
	}
	var problems []string
	var texts []TextField
	r := &e.Record
	for _, f := range fields {
		texts = append(texts, TextField{Name: f.Name, Kind: hugoIDKinds[f.Name], Value: fieldString(f.Value)})
		if isEmpty(f.Value) || hugoIDKinds[f.Name] != "" {
			continue
		}
		if f.Name == "links" {
			f.Value, texts = hugoLinks(e, f, p, fsys, texts)
			if isEmpty(f.Value) {
				continue
			}
		}
		keep, problem := hugoField(e, f, p, fsys, profiles)
		if problem != "" {
			problems = append(problems, fmt.Sprintf("%s:%d: %s", p.file, f.Line, problem))
		}
		if keep {
			e.Fields = append(e.Fields, f)
		}
	}
	e.Found = FindText(texts)
	if p.bundle != "" {
		before := *r
		e.Found = mergeFound(e.Found, citeBib(fsys, path.Join(p.bundle, "cite.bib"), r))
		// the date and venue as written go back to the page: Hugo needs a
		// whole date, and the page showed the venue with its volume
		date := keepWritten(e, fields, "date", r.Date != before.Date)
		if venue := keepWritten(e, fields, "publication", r.Venue != before.Venue); date || venue {
			slices.SortStableFunc(e.Fields, func(a, b manifest.CustomField) int { return a.Line - b.Line })
		}
	}
	sortLinks(e.Links)
	return e, problems
}

// hugoField reads one front-matter key into e, and reports whether it is
// also kept as a field (what about does not read, and what it reads only
// by changing: a venue's Markdown, an author list's profile names, an
// old publication type code), and a problem to tell.
func hugoField(e *Entry, f manifest.CustomField, p hugoPage, fsys fs.FS, profiles map[string]string) (bool, string) {
	r := &e.Record
	s := strings.TrimSpace(fieldString(f.Value))
	switch f.Name {
	case "title":
		r.Title = plainMarkdown(s)
		return r.Title != s, ""
	case "authors":
		names, problem := hugoAuthors(fieldList(f.Value), profiles)
		r.Authors = names
		return !slices.Equal(names, fieldList(f.Value)), problem
	case "date":
		r.Date = dateText(s)
		return r.Date == "", ""
	case "publication_types":
		first := ""
		if l := fieldList(f.Value); len(l) > 0 {
			first = strings.TrimSpace(l[0])
		}
		if t, old := hugoPubTypes[first]; old {
			r.Type = t
			return true, ""
		}
		r.Type = first
		return false, ""
	case "publication":
		r.Venue = plainMarkdown(s)
		return r.Venue != s, ""
	case "abstract":
		r.Abstract = s
		return false, ""
	case "tags":
		e.Tags = fieldList(f.Value)
		return false, ""
	}
	for _, l := range hugoLinkKinds {
		if f.Name == l.key {
			e.Links = append(e.Links, manifest.WorkLink{Kind: l.kind, URL: hugoLinkURL(fsys, p, s)})
			return false, ""
		}
	}
	return true, ""
}

// hugoIDKinds are the front-matter keys that hold one identifier:
// Academic's doi and Hugo Blox's hugoblox.ids (its data/link_types.yaml
// "derived" keys), read as identifiers, not kept as fields.
var hugoIDKinds = map[string]manifest.Kind{
	"doi": manifest.KindDOI, "hugoblox.ids.doi": manifest.KindDOI, "hugoblox.ids.arxiv": manifest.KindArXiv,
	"hugoblox.ids.pmid": manifest.KindPMID, "hugoblox.ids.pmcid": manifest.KindPMCID,
}

// hugoLinkTypes are the types of Hugo Blox's links list (its
// data/link_types.yaml) that are a [[work]] link.
var hugoLinkTypes = map[string]string{"pdf": "pdf", "slides": "slides", "video": "video", "poster": "poster",
	"code": "code", "dataset": "data", "project": "project"}

// hugoLinks reads Hugo Blox's links list (functions/build_links.html):
// an item {type, url} of a link type is a [[work]] link; {type: doi, id}
// and {type: preprint, provider: arxiv, id} name identifiers; every other
// item (source, site, custom) is what stays of the field, as written.
func hugoLinks(e *Entry, f manifest.CustomField, p hugoPage, fsys fs.FS, texts []TextField) (any, []TextField) {
	var items []map[string]any
	switch x := f.Value.(type) {
	case []map[string]any:
		items = x
	default:
		return f.Value, texts // not a list of items: kept as written
	}
	var rest []map[string]any
	for _, l := range items {
		typ, u, id := cslString(l["type"]), strings.TrimSpace(cslString(l["url"])), strings.TrimSpace(cslString(l["id"]))
		kind, isLink := hugoLinkTypes[typ]
		switch {
		case isLink && u != "":
			e.Links = append(e.Links, manifest.WorkLink{Kind: kind, URL: hugoLinkURL(fsys, p, u)})
		case isLink: // an empty url: a button the template leaves out
		case typ == "doi" && id != "":
			texts = append(texts, TextField{Name: "links", Kind: manifest.KindDOI, Value: id})
		case typ == "preprint" && cslString(l["provider"]) == "arxiv" && id != "":
			texts = append(texts, TextField{Name: "links", Kind: manifest.KindArXiv, Value: id})
		default:
			rest = append(rest, l)
		}
	}
	if len(rest) == 0 {
		return nil, texts
	}
	return rest, texts
}

// hugoLinkURL is a url_* value as the site serves it: a URL as it is; a
// file of the bundle at the page's address (Hugo Blox's page_links.html:
// .Resources.GetMatch, then .RelPermalink); any other path from the
// site's root (relURL).
func hugoLinkURL(fsys fs.FS, p hugoPage, s string) string {
	if u, err := url.Parse(s); err == nil && u.Scheme != "" {
		return s
	}
	if p.bundle != "" {
		if _, err := fs.Stat(fsys, path.Join(p.bundle, s)); err == nil && !strings.HasPrefix(s, "/") {
			return "/publication/" + p.slug + "/" + s
		}
	}
	return "/" + strings.TrimPrefix(s, "/")
}

// hugoAuthors are the names the site shows for an author list: a name
// that is a profile's (by Hugo's urlize: lower case, spaces as hyphens)
// is that profile's name. "admin" (Academic, Wowchemy) or "me" (Hugo
// Blox's current templates) with no profile found is told: it is the
// site's owner, whose name is in content/authors/admin/_index.md or
// data/authors/me.yaml.
func hugoAuthors(list []string, profiles map[string]string) ([]string, string) {
	var out []string
	var problem string
	for _, a := range list {
		a = strings.TrimSpace(a)
		if name, ok := profiles[urlize(a)]; ok && name != "" {
			out = append(out, name)
			continue
		}
		if a == "admin" || a == "me" {
			problem = fmt.Sprintf(`author %q is the site owner's profile (content/authors/%s/_index.md or data/authors/%s.yaml), which was not found: kept as %q`, a, a, a, a)
		}
		out = append(out, plainMarkdown(a))
	}
	return out, problem
}

// urlize is Hugo's urlize as far as a profile's folder name goes.
func urlize(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), "-"))
}

// hugoProfiles are the site's author profiles, urlized folder name →
// shown name: content/authors/<name>/_index.md's title (Academic,
// Wowchemy, Hugo Blox until 2025) and data/authors/<name>.yaml's
// name.display, or given and family names (Hugo Blox since: its
// functions/get_author_profile.html).
func hugoProfiles(fsys fs.FS, pubDir string) map[string]string {
	out := map[string]string{}
	content := path.Dir(pubDir)
	site := path.Dir(content)
	if items, err := fs.ReadDir(fsys, path.Join(content, "authors")); err == nil {
		for _, it := range items {
			src, err := fs.ReadFile(fsys, path.Join(content, "authors", it.Name(), "_index.md"))
			if err != nil {
				continue
			}
			fields, _, _ := frontMatter(src)
			for _, f := range fields {
				if f.Name == "title" {
					out[urlize(it.Name())] = strings.TrimSpace(fieldString(f.Value))
				}
			}
		}
	}
	if items, err := fs.ReadDir(fsys, path.Join(site, "data", "authors")); err == nil {
		for _, it := range items {
			slug := strings.TrimSuffix(strings.TrimSuffix(it.Name(), ".yaml"), ".yml")
			src, err := fs.ReadFile(fsys, path.Join(site, "data", "authors", it.Name()))
			if err != nil || slug == it.Name() {
				continue
			}
			fields, _ := yamlFields(string(src))
			byName := map[string]string{}
			for _, f := range fields {
				byName[f.Name] = strings.TrimSpace(fieldString(f.Value))
			}
			if n := cmp.Or(byName["name.display"], strings.TrimSpace(byName["name.given"]+" "+byName["name.family"])); n != "" {
				out[urlize(slug)] = n
			}
		}
	}
	return out
}

// citeBib reads a bundle's cite.bib: the identifiers its entry names, and
// the volume, issue, pages and publisher the record lacks. A bundle
// without one, or one that holds no entry, gives nothing.
func citeBib(fsys fs.FS, name string, r *manifest.WorkRecord) Found {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return Found{}
	}
	f := bibfile.Parse(filepath.ToSlash(name), src)
	if len(f.Entries) == 0 {
		return Found{}
	}
	e := f.Entries[0]
	fill := func(dst *string, field string) {
		if fl, ok := e.Own(field); ok && *dst == "" {
			*dst = strings.TrimSpace(fl.Text())
		}
	}
	fill(&r.Volume, "volume")
	fill(&r.Issue, "number")
	fill(&r.Pages, "pages")
	fill(&r.Publisher, "publisher")
	r.Date = bibPrecision(r.Date, e)
	for _, field := range []string{"journal", "booktitle"} {
		if fl, ok := e.Own(field); ok {
			r.Venue = venueAlone(r.Venue, cleanText(fl.Text()))
			break
		}
	}
	return Find(e)
}

// keepWritten keeps the front matter's field name as written when the
// record changed what it read from it; it reports whether it was added.
func keepWritten(e *Entry, fields []manifest.CustomField, name string, changed bool) bool {
	i := slices.IndexFunc(fields, func(f manifest.CustomField) bool { return f.Name == name })
	if !changed || i < 0 || slices.ContainsFunc(e.Fields, func(f manifest.CustomField) bool { return f.Name == name }) {
		return false
	}
	e.Fields = append(e.Fields, fields[i])
	return true
}

// venueAlone is cite.bib's journal where the front matter's venue is
// that journal with its volume, issue or pages after it ("Optics
// Express, 33(6)", "Optics Express 33(14)", as `academic import` writes
// it): the record holds those in their own fields. Any other venue stays.
func venueAlone(venue, journal string) string {
	if journal == "" || len(venue) <= len(journal) || !strings.EqualFold(venue[:len(journal)], journal) {
		return venue
	}
	if numbersOnly.MatchString(venue[len(journal):]) {
		return journal
	}
	return venue
}

var numbersOnly = regexp.MustCompile(`^[\s,]*[0-9][0-9()\s,.:–-]*$|^[\s,]*\(pp\.[^)]*\)$`)

// bibPrecision is the front matter's date cut to what cite.bib says:
// Hugo needs a whole date, so `academic import` (and those who copy its
// pages) write 2025-01-01 for a year and 2022-08-01 for a month; where
// cite.bib gives only that year, or that year and month, the day and
// month are the placeholder's, not the work's.
func bibPrecision(date string, e *bibfile.Entry) string {
	yf, ok := e.Own("year")
	year := strings.TrimSpace(yf.Text())
	if !ok || len(year) != 4 || !strings.HasPrefix(date, year) {
		return date
	}
	month := 0
	if mf, ok := e.Own("month"); ok {
		month = monthOf(mf.Text())
	}
	switch {
	case month == 0 && date == year+"-01-01":
		return year
	case month > 0 && date == fmt.Sprintf("%s-%02d-01", year, month):
		return date[:7]
	}
	return date
}

// monthOf reads a BibTeX month: a number, or a name or its abbreviation
// in English ("August", "aug", "July~14"); 0 when it is none.
func monthOf(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 12 {
		return n
	}
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, m) {
			return i + 1
		}
	}
	return 0
}
