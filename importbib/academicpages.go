package importbib

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// An academicpages site (academicpages/academicpages.github.io, a Jekyll
// theme) keeps a publication as _publications/<name>.md: front matter
// its archive-single.html and publications page read (title, collection,
// category, permalink, excerpt, date, venue, paperurl, slidesurl,
// bibtexurl, citation), then the page's text. ReadAcademicPages reads
// them: each page is one entry, its key the file's name without .md (the
// name markdown_generator/publications.py gives it, and about's
// academicpages render writes it back as), at line 1 of that file.
//
// title, date and venue are the record; paperurl (the "Download paper
// here" link) and slidesurl are the [[work]]'s pdf and slides links, as
// about's render writes them; every other key is kept as a field:
// citation (the page's citation text, which names the authors: about
// does not parse it for them), excerpt, permalink, collection, category.
func ReadAcademicPages(fsys fs.FS, dir string) ([]Entry, []string) {
	if st, err := fs.Stat(fsys, path.Join(dir, "_publications")); err == nil && st.IsDir() {
		dir = path.Join(dir, "_publications")
	}
	items, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", dir, err)}
	}
	var out []Entry
	var problems []string
	for _, it := range items {
		name := it.Name()
		if it.IsDir() || !(strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".markdown")) {
			continue
		}
		file := path.Join(dir, name)
		src, err := fs.ReadFile(fsys, file)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", file, err))
			continue
		}
		fields, ok, err := frontMatter(src)
		e := Entry{File: file, Line: 1, Key: strings.TrimSuffix(strings.TrimSuffix(name, ".md"), ".markdown")}
		switch {
		case err != nil:
			e.Problem = fmt.Sprintf("%s:1: %v", file, err)
		case !ok:
			problems = append(problems, fmt.Sprintf("%s:1: no front matter: not a publication page", file))
			continue
		default:
			academicFields(&e, fields)
		}
		out = append(out, e)
	}
	markDuplicates(out)
	return out, problems
}

// academicFields reads one page's front matter into e.
func academicFields(e *Entry, fields []manifest.CustomField) {
	r := &e.Record
	var texts []TextField
	for _, f := range fields {
		s := strings.TrimSpace(fieldString(f.Value))
		texts = append(texts, TextField{Name: f.Name, Value: s})
		if isEmpty(f.Value) {
			continue
		}
		switch f.Name {
		case "title":
			r.Title = plainMarkdown(s)
			if r.Title == s {
				continue
			}
		case "date":
			if r.Date = dateText(s); r.Date != "" {
				continue
			}
		case "venue":
			r.Venue = plainMarkdown(s)
			if r.Venue == s {
				continue
			}
		case "paperurl":
			e.Links = append(e.Links, manifest.WorkLink{Kind: "pdf", URL: s})
			continue
		case "slidesurl":
			e.Links = append(e.Links, manifest.WorkLink{Kind: "slides", URL: s})
			continue
		case "tags":
			e.Tags = fieldList(f.Value)
			continue
		}
		e.Fields = append(e.Fields, f)
	}
	sortLinks(e.Links)
	e.Found = FindText(texts)
}
