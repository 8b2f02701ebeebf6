package snapshots

import (
	"encoding/json"

	"github.com/aboutscholar/about/record"
)

// The snapshot schema's fields, one reader a type, by their JSON names
// (files.go and record's types). A key not listed here stops the one
// pass, and json.Unmarshal reads the file: a field added to a type
// without a line here costs speed, never correctness
// (TestDecodeWorkTakesEveryField notices it).

func (d *workDecoder) work(w *Work) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "conflicts":
			return d.conflicts(&w.Conflicts)
		case "conflicts_kept":
			return d.strings(&w.ConflictsKept)
		case "decisions":
			return d.raw(&w.Decisions)
		case "id":
			return d.str(&w.ID)
		case "origins":
			return d.strings(&w.Origins)
		case "provenance":
			return d.stringMap(&w.Provenance)
		case "record":
			return d.null() || d.record(&w.Record)
		case "sources":
			return d.sources(&w.Sources)
		case "warnings":
			return d.strings(&w.Warnings)
		}
		return false
	})
}

func (d *workDecoder) sources(dst *[]Source) bool {
	if d.null() {
		return true
	}
	out := []Source{}
	_, ok := d.array(func() bool {
		var s Source
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "attribution":
				return d.str(&s.Attribution)
			case "provider":
				return d.str(&s.Provider)
			case "record":
				if d.null() {
					return true
				}
				s.Record = &record.Record{}
				return d.record(s.Record)
			case "status":
				return d.str(&s.Status)
			}
			return false
		})
		out = append(out, s)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) record(r *record.Record) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "abstract":
			return d.str(&r.Abstract)
		case "authors":
			return d.authors(&r.Authors)
		case "container":
			return d.str(&r.Container)
		case "container_short":
			return d.str(&r.ContainerShort)
		case "editors":
			return d.authors(&r.Editors)
		case "extra":
			return d.annotations(&r.Extra)
		case "funding":
			return d.funding(&r.Funding)
		case "genre":
			return d.str(&r.Genre)
		case "ids":
			return d.null() || d.ids(&r.IDs)
		case "issue":
			return d.str(&r.Issue)
		case "issued":
			return d.null() || d.date(&r.Issued)
		case "language":
			return d.str(&r.Language)
		case "open_access":
			if d.null() {
				return true
			}
			r.OA = &record.OpenAccess{}
			return d.openAccess(r.OA)
		case "pages":
			return d.str(&r.Pages)
		case "publisher":
			return d.str(&r.Publisher)
		case "relations":
			return d.relations(&r.Relations)
		case "title":
			return d.str(&r.Title)
		case "topics":
			return d.strings(&r.Topics)
		case "type":
			return d.str(&r.Type)
		case "url":
			return d.str(&r.URL)
		case "volume":
			return d.str(&r.Volume)
		}
		return false
	})
}

func (d *workDecoder) authors(dst *[]record.Author) bool {
	if d.null() {
		return true
	}
	out := []record.Author{}
	_, ok := d.array(func() bool {
		var a record.Author
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "affiliations":
				return d.strings(&a.Affiliations)
			case "family":
				return d.str(&a.Family)
			case "given":
				return d.str(&a.Given)
			case "name":
				return d.str(&a.Name)
			case "orcid":
				return d.str(&a.ORCID)
			}
			return false
		})
		out = append(out, a)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) date(t *record.Date) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "day":
			return d.integer(&t.Day)
		case "month":
			return d.integer(&t.Month)
		case "year":
			return d.integer(&t.Year)
		}
		return false
	})
}

func (d *workDecoder) ids(i *record.IDs) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "arxiv":
			return d.str(&i.ArXiv)
		case "doi":
			return d.str(&i.DOI)
		case "isbn":
			return d.strings(&i.ISBN)
		case "issn":
			return d.strings(&i.ISSN)
		case "mag":
			return d.str(&i.MAG)
		case "openalex":
			return d.str(&i.OpenAlex)
		case "pmcid":
			return d.str(&i.PMCID)
		case "pmid":
			return d.str(&i.PMID)
		case "semanticscholar":
			return d.str(&i.S2)
		}
		return false
	})
}

func (d *workDecoder) openAccess(o *record.OpenAccess) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "license":
			return d.str(&o.License)
		case "license_start":
			return d.null() || d.date(&o.LicenseStart)
		case "status":
			return d.str(&o.Status)
		case "url":
			return d.str(&o.URL)
		case "version":
			return d.str(&o.Version)
		}
		return false
	})
}

func (d *workDecoder) relations(dst *[]record.Relation) bool {
	if d.null() {
		return true
	}
	out := []record.Relation{}
	_, ok := d.array(func() bool {
		var r record.Relation
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "id":
				return d.str(&r.ID)
			case "type":
				return d.str(&r.Type)
			}
			return false
		})
		out = append(out, r)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) funding(dst *[]record.Funding) bool {
	if d.null() {
		return true
	}
	out := []record.Funding{}
	_, ok := d.array(func() bool {
		var f record.Funding
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "awards":
				return d.strings(&f.Awards)
			case "doi":
				return d.str(&f.DOI)
			case "funder":
				return d.str(&f.Funder)
			case "ror":
				return d.str(&f.ROR)
			}
			return false
		})
		out = append(out, f)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) annotations(dst *[]record.Annotation) bool {
	if d.null() {
		return true
	}
	out := []record.Annotation{}
	_, ok := d.array(func() bool {
		var a record.Annotation
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "name":
				return d.str(&a.Name)
			case "value":
				return d.str(&a.Value)
			}
			return false
		})
		out = append(out, a)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) conflicts(dst *[]record.Conflict) bool {
	if d.null() {
		return true
	}
	out := []record.Conflict{}
	_, ok := d.array(func() bool {
		var c record.Conflict
		ok := d.object(func(key []byte) bool {
			switch string(key) {
			case "field":
				return d.str(&c.Field)
			case "kept":
				return d.null() || d.choice(&c.Kept)
			case "not_kept":
				return d.choices(&c.NotKept)
			}
			return false
		})
		out = append(out, c)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) choices(dst *[]record.Choice) bool {
	if d.null() {
		return true
	}
	out := []record.Choice{}
	_, ok := d.array(func() bool {
		var c record.Choice
		ok := d.choice(&c)
		out = append(out, c)
		return ok
	})
	*dst = out
	return ok
}

func (d *workDecoder) choice(c *record.Choice) bool {
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "providers":
			return d.strings(&c.Providers)
		case "value":
			return d.str(&c.Value)
		}
		return false
	})
}

// stringMap reads provenance: an object of strings; {} is an empty map,
// not nil, as encoding/json gives it.
func (d *workDecoder) stringMap(dst *map[string]string) bool {
	if d.null() {
		return true
	}
	out := map[string]string{}
	ok := d.object(func(key []byte) bool {
		s, ok := d.stringValue()
		out[string(key)] = s
		return ok
	})
	*dst = out
	return ok
}

// raw reads decisions as encoding/json reads a json.RawMessage: the
// value's own text, copied. A null is left to encoding/json (it hands
// "null" to the RawMessage).
func (d *workDecoder) raw(dst *json.RawMessage) bool {
	if d.next() == 'n' {
		return false
	}
	start := d.pos
	if !d.skip(1) { // inside the work's object
		return false
	}
	*dst = append(json.RawMessage(nil), d.in[start:d.pos]...)
	return true
}
