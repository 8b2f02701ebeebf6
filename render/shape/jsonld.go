package shape

// The page's schema.org data (https://schema.org/ItemList) that
// render/jsonld.go fills, read by search engines and by reference
// managers' page importers such as Zotero's connector.

type LDList struct {
	Context  string   `json:"@context"`
	Type     string   `json:"@type"`
	Name     string   `json:"name"`
	Elements []LDItem `json:"itemListElement"`
}

type LDItem struct {
	Type     string `json:"@type"`
	Position int    `json:"position"`
	Item     LDWork `json:"item"`
}

type LDWork struct {
	Type          string       `json:"@type"`
	ID            string       `json:"@id,omitempty"`
	Name          string       `json:"name"`
	Author        []LDPerson   `json:"author,omitempty"`
	Editor        []LDPerson   `json:"editor,omitempty"`
	DatePublished string       `json:"datePublished,omitempty"`
	IsPartOf      string       `json:"isPartOf,omitempty"`
	Publisher     string       `json:"publisher,omitempty"`
	URL           string       `json:"url,omitempty"`
	Identifier    []LDProperty `json:"identifier,omitempty"`
	Abstract      string       `json:"abstract,omitempty"`
	Keywords      string       `json:"keywords,omitempty"` // the [[work]] tags, comma-separated (CreativeWork's keywords)
	Award         string       `json:"award,omitempty"`    // the [[work]] award (CreativeWork's award)
}

type LDPerson struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	ID   string `json:"@id,omitempty"` // the author's ORCID iD as a URL
}

type LDProperty struct {
	Type       string `json:"@type"`
	PropertyID string `json:"propertyID"`
	Value      string `json:"value"`
}

// LDWorkPage is one work as schema.org data, the list page's LDWork with
// its context, as a page of one work gives it.
type LDWorkPage struct {
	Context string `json:"@context"`
	LDWork
}
