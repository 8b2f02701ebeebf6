package render

import "github.com/aboutscholar/about/record"

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
