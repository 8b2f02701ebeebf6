package render

import (
	"encoding/json"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The page data's abstract is plain text in JSON and YAML alike: a
// template (Hugo, Jekyll) escapes what it prints, so markup left in would
// show as tags.
func TestPageDataAbstractIsPlainText(t *testing.T) {
	f, person := fixture(t)
	const want = "We show that 100% of naïve estimators & 50% of {clever} ones fail; see §2." // the record holds "<i>naïve</i>"
	type page struct {
		Groups []struct {
			Works []struct {
				ID       string `json:"id" yaml:"id"`
				Abstract string `json:"abstract" yaml:"abstract"`
			} `json:"works" yaml:"works"`
		} `json:"groups" yaml:"groups"`
	}
	decode := map[Format]func([]byte, any) error{JSON: json.Unmarshal, YAML: yaml.Unmarshal}
	for format, unmarshal := range decode {
		var p page
		if err := unmarshal([]byte(renderString(t, f, Options{Format: format, Person: person})), &p); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		found := false
		for _, g := range p.Groups {
			for _, w := range g.Works {
				if w.ID == "doi:10.5555/fast.2023.7" {
					found = true
					if w.Abstract != want {
						t.Errorf("%s: abstract %q, want %q", format, w.Abstract, want)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: no entry doi:10.5555/fast.2023.7", format)
		}
	}
}
