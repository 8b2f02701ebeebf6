package render

import (
	"sort"

	"github.com/aboutscholar/about/record"
)

// Service is what a page says of one provider: its title in credits and
// counts, and where it lists the works citing a work. The command line
// fills it from the provider registry, so render never needs to know one.
type Service struct {
	Name  string // the provider's name, as snapshots record it
	Title string // the service's own name, for people ("OpenAlex")
	// CitingPrefix followed by the work's id at the service (CitingID),
	// escaped, lists the works citing it; CitingID is nil, or gives "",
	// where the service has no public list.
	CitingPrefix string
	CitingID     func(record.IDs) string
	Identifiers  []Identifier // the identifiers the service is the home of
	// DefaultCounts: a page shows this service's counts when
	// Options.CountsSource is "".
	DefaultCounts bool
}

// citingURL is where a count's citing works are listed, "" when its
// service has no public list of them.
func (p *page) citingURL(provider string, ids record.IDs) string {
	s, ok := p.service[provider]
	if !ok || s.CitingID == nil {
		return ""
	}
	id := s.CitingID(ids)
	if id == "" {
		return ""
	}
	return s.CitingPrefix + encodeURLBytes(id, "#?%&+=/")
}

// providerTitle is a provider's own name for people ("OpenAlex"), or its
// registry name when the registry does not know it.
func (p *page) providerTitle(name string) string {
	if t := p.service[name].Title; t != "" {
		return t
	}
	return name
}

// Identifier is how a page shows one identifier a service is the home
// of: a chip reading Label and the value, linking to URLPrefix, the value
// escaped, and URLSuffix. Its fields are those of providers.Identifier,
// so the command line converts one to the other.
type Identifier struct {
	Field     string // the record.IDs field, by its JSON name ("pmid")
	Label     string // what precedes the value on a chip ("PubMed ")
	URLPrefix string
	URLSuffix string
}

// identifiers are the services' identifiers in the order a page shows
// them: record.IDs field order (DOI, arXiv, PMID, PMCID, …), which is
// fixed by record, not by the registry's or the services' order. A field
// record.IDs lacks is left out.
func identifiers(services []Service) []Identifier {
	var out []Identifier
	for _, s := range services {
		for _, id := range s.Identifiers {
			if _, rank := idField(record.IDs{}, id.Field); rank >= 0 {
				out = append(out, id)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		_, a := idField(record.IDs{}, out[i].Field)
		_, b := idField(record.IDs{}, out[j].Field)
		return a < b
	})
	return out
}

// idField is the value of the record.IDs field named by its JSON name and
// its rank in record.IDs field order; rank -1 for a name that is no
// single-valued field of record.IDs.
func idField(ids record.IDs, field string) (value string, rank int) {
	switch field {
	case "doi":
		return ids.DOI, 0
	case "arxiv":
		return ids.ArXiv, 1
	case "pmid":
		return ids.PMID, 2
	case "pmcid":
		return ids.PMCID, 3
	case "openalex":
		return ids.OpenAlex, 4
	case "mag":
		return ids.MAG, 5
	case "semanticscholar":
		return ids.S2, 6
	}
	return "", -1
}

// idLink is one identifier of a record as its home service links it.
type idLink struct {
	Field string // the record.IDs field, by its JSON name
	Text  string // the chip's text: the label and the value
	URL   string
}

// idLinks are the identifiers ids holds that a service is the home of,
// in record.IDs field order: what every format shows and links.
func (p *page) idLinks(ids record.IDs) []idLink {
	var out []idLink
	for _, id := range p.ids {
		if v, _ := idField(ids, id.Field); v != "" {
			out = append(out, idLink{Field: id.Field, Text: id.Label + v, URL: id.url(v)})
		}
	}
	return out
}

// idURL is where the identifier field = value links at its home service,
// "" when no service is its home.
func (p *page) idURL(field, value string) string {
	for _, id := range p.ids {
		if id.Field == field {
			return id.url(value)
		}
	}
	return ""
}

func (id Identifier) url(value string) string {
	return id.URLPrefix + encodeURLBytes(value, "#?%&+=") + id.URLSuffix
}
