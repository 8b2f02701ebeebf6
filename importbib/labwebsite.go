package importbib

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/manifest"
)

// The Lab Website Template (https://github.com/greenelab/lab-website-template)
// lists its works in _data/sources.yaml: an item per work, its id a
// Manubot citation id (doi:…, pubmed:…, pmcid:…, arxiv:…, url:…), and
// fields its cite process copies over what Manubot found (title, authors,
// publisher, date, link) or its citation include shows (image,
// description, buttons, tags, repo, type); _cite/cite.py, _includes/citation.html.

// labIDKinds are the Manubot id prefixes a work of about's is known by.
var labIDKinds = map[string]manifest.Kind{
	"doi": manifest.KindDOI, "pubmed": manifest.KindPMID, "pmid": manifest.KindPMID, "pmcid": manifest.KindPMCID,
	"pmc": manifest.KindPMCID, "arxiv": manifest.KindArXiv,
}

var labDate = regexp.MustCompile(`^([0-9]{4})(?:-([0-9]{1,2})(?:-([0-9]{1,2}))?)?`)

// ReadLabSources reads a Lab Website Template's _data/sources.yaml. An
// item without a work's id (an orcid: id, which cite.py expands to a
// person's works) is an entry with a Problem saying where it goes.
func ReadLabSources(name string, src []byte) ([]Entry, []string) {
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", name, err)}
	}
	list := deref(&root)
	if list.Kind == yaml.DocumentNode && len(list.Content) > 0 {
		list = deref(list.Content[0])
	}
	if list.Kind != yaml.SequenceNode {
		return nil, []string{name + ":1: not a list of sources (- id: doi:…)"}
	}
	var out []Entry
	for _, item := range list.Content {
		item = deref(item)
		if item.Kind != yaml.MappingNode {
			continue
		}
		var fields []manifest.CustomField
		yamlMapping(item, "", &fields)
		out = append(out, labEntry(name, item.Line, fields))
	}
	return out, nil
}

func labEntry(file string, line int, fields []manifest.CustomField) Entry {
	e := Entry{File: file, Line: line}
	var texts []TextField
	r := &e.Record
	for _, f := range fields {
		s := fieldString(f.Value)
		switch f.Name {
		case "id":
			prefix, value, _ := strings.Cut(s, ":")
			switch kind, ok := labIDKinds[strings.ToLower(prefix)]; {
			case ok:
				texts = append(texts, TextField{Name: "id", Kind: kind, Value: value})
			case strings.EqualFold(prefix, "orcid"):
				e.Problem = fmt.Sprintf("%s names a person, not a work: add [[identity]] orcid = %q to the manifest, and about lists that person's works", s, value)
			case strings.EqualFold(prefix, "url") && webURL(value):
				r.URL = value
			default:
				e.Fields = append(e.Fields, manifest.CustomField{Name: "id", Value: s, Line: f.Line})
			}
		case "title":
			r.Title = cleanText(s)
		case "authors":
			for _, a := range fieldList(f.Value) {
				if a = cleanText(a); a != "" {
					r.Authors = append(r.Authors, a)
				}
			}
		case "publisher":
			r.Venue = cleanText(s)
		case "date":
			if m := labDate.FindStringSubmatch(s); m != nil {
				r.Date = labDateText(m)
			}
			e.Fields = append(e.Fields, f) // as written: the template sorts and prints it
		case "link":
			if webURL(s) {
				r.URL = s
			} else {
				e.Fields = append(e.Fields, f)
			}
		case "image":
			if webURL(s) || strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.ContainsAny(s, " \t") {
				e.Image = s // every format's preview image
			} else {
				e.Fields = append(e.Fields, f) // a path from the site's root without "/", as its include takes it
			}
		case "tags":
			e.Tags = fieldList(f.Value)
		default:
			e.Fields = append(e.Fields, f)
		}
	}
	e.Found = FindText(texts)
	return e
}

// labDateText is a date as the manifest writes it, from "2020-12-4".
func labDateText(m []string) string {
	out := m[1]
	for _, part := range m[2:] {
		if part == "" {
			break
		}
		if len(part) == 1 {
			part = "0" + part
		}
		out += "-" + part
	}
	if !validDate(out) {
		return m[1]
	}
	return out
}
