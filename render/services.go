package render

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/wording"
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
	return s.CitingPrefix + wording.EncodeURLBytes(id, "#?%&+=/")
}

// providerTitle is a provider's own name for people ("OpenAlex"), or its
// registry name when the registry does not know it.
func (p *page) providerTitle(name string) string {
	if t := p.service[name].Title; t != "" {
		return t
	}
	return name
}

// chipKinds are the identifier kinds a page shows as chips (arXiv,
// PubMed, PMC), from manifest's table of kinds, in its order, which is
// record.IDs field order.
func chipKinds() []manifest.IDKind {
	var out []manifest.IDKind
	for k := range manifest.RecordIDKinds() {
		if k.Chip {
			out = append(out, k)
		}
	}
	return out
}

// idLink is one identifier of a record as its home service links it.
type idLink struct {
	Field string // the record.IDs field, by its JSON name
	Text  string // the chip's text: the label and the value
	URL   string
}

// idLinks are the identifiers ids holds that a page shows as chips, in
// record.IDs field order: what every format shows and links.
func (p *page) idLinks(ids record.IDs) []idLink {
	var out []idLink
	for _, k := range p.ids {
		if v := k.Get(&ids); v != "" {
			out = append(out, idLink{Field: string(k.Kind), Text: k.ChipLabel + v, URL: wording.KindURL(k, v)})
		}
	}
	return out
}

// idURL is where the identifier field = value links at its home service,
// "" for a kind a page shows no chip of.
func (p *page) idURL(field, value string) string {
	for _, k := range p.ids {
		if string(k.Kind) == field {
			return wording.KindURL(k, value)
		}
	}
	return ""
}
