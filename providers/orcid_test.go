package providers_test

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

func TestORCIDExpansionRecorded(t *testing.T) {
	s := newStub(t)
	s.file("/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	res := fetchOne(t, providers.ORCID, s.env(), manifest.KindORCID, "0000-0002-9341-7985")
	if res.Status != providers.Found || len(res.Discovered) != 8 {
		t.Fatalf("status %s, %d works; want 8 (one per group)", res.Status, len(res.Discovered))
	}
	var keys []string
	for _, d := range res.Discovered {
		keys = append(keys, d.ID.Key())
	}
	want := "doi:10.3233/isu-130714 doi:10.1038/npre.2009.2801 orcid-work:0000-0002-9341-7985/15536016 doi:10.1080/03615260801973992 doi:10.1080/03615260801973414 orcid-work:0000-0002-9341-7985/15536017 orcid-work:0000-0002-9341-7985/15536018 orcid-work:0000-0002-9341-7985/15536019"
	if strings.Join(keys, " ") != want {
		t.Errorf("works in record order:\n%s\nwant\n%s", strings.Join(keys, " "), want)
	}
	assertGolden(t, res)
}

// TestORCIDMalformedDOIWarns: a DOI typed wrongly into a record is reported
// with its put-code and value, and the work falls back to another id.
func TestORCIDMalformedDOIWarns(t *testing.T) {
	s := newStub(t)
	s.text("/v3.0/0000-0002-1825-0097/works", 200, `{"group":[{"external-ids":{"external-id":[]},"work-summary":[{
		"put-code": 42, "title": {"title": {"value": "Só um título"}}, "type": "journal-article",
		"publication-date": {"year": {"value": "2019"}, "month": {"value": "07"}, "day": null},
		"external-ids": {"external-id": [
			{"external-id-type": "doi", "external-id-value": "doi.org/11.1234", "external-id-relationship": "self"},
			{"external-id-type": "pmid", "external-id-value": "29106400", "external-id-relationship": "self"}]}}]}]}`)
	res := fetchOne(t, providers.ORCID, s.env(), manifest.KindORCID, "0000-0002-1825-0097")
	if len(res.Discovered) != 1 || res.Discovered[0].ID.Key() != "pmid:29106400" {
		t.Fatalf("discovered %+v", res.Discovered)
	}
	if d := res.Discovered[0].Summary.Issued; d.String() != "2019-07" {
		t.Errorf("issued %q, want the month precision kept", d.String())
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Message, "put-code 42") || !strings.Contains(res.Warnings[0].Message, `"doi.org/11.1234"`) {
		t.Errorf("warnings %+v", res.Warnings)
	}
}

func TestORCIDUnknownRecord(t *testing.T) {
	s := newStub(t)
	s.text("/v3.0/0000-0002-1825-0097/works", 404, `{"response-code":404}`)
	if res := fetchOne(t, providers.ORCID, s.env(), manifest.KindORCID, "0000-0002-1825-0097"); res.Status != providers.NotFound {
		t.Errorf("status %s", res.Status)
	}
}
