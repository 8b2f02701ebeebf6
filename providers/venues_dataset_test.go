package providers

import (
	"os"
	"testing"

	"github.com/tidwall/gjson"
)

// TestOpenAlexDatasetRepositoryIsItsPublisher: the recorded USDA dataset's
// source is a repository with no host; it is the dataset's publisher, not
// a container the dataset is in.
func TestOpenAlexDatasetRepositoryIsItsPublisher(t *testing.T) {
	body, err := os.ReadFile("../testdata/openalex/openalex-work-doi-10.2737-rds-2018-0001.json")
	if err != nil {
		t.Fatal(err)
	}
	w := gjson.ParseBytes(body)
	container, publisher := openAlexVenue(w.Get("primary_location.source"), "10.2737/rds-2018-0001", w.Get("type").String())
	if container != "" || publisher != "Forest Service Research Data Archive" {
		t.Errorf("container %q, publisher %q; want none and the archive", container, publisher)
	}
}
