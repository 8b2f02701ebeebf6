package providers

import (
	"testing"

	"github.com/tidwall/gjson"
)

// TestORCIDGrantNumberIsItsOwn: a funding's external ids may name the
// larger grant it is part of beside its own (ORCID's
// external-id-relationship "part-of" and "self", orcid-model
// record_3.0/common-3.0.xsd); the CV's number is the funding's own,
// whichever is listed first, and a "part-of" number alone is not taken
// for it.
func TestORCIDGrantNumberIsItsOwn(t *testing.T) {
	const both = `{"fundings":{"group":[{"funding-summary":[{"display-index":"0","type":"grant","title":{"title":{"value":"Cracks"}},
		"organization":{"name":"NSF"},"external-ids":{"external-id":[
		{"external-id-type":"grant_number","external-id-value":"PROGRAMME-1","external-id-relationship":"part-of"},
		{"external-id-type":"grant_number","external-id-value":"PSY-1234","external-id-relationship":"self"}]}}]}]}}`
	if cv := orcidCV(gjson.Parse(both)); cv == nil || len(cv.Fundings) != 1 || cv.Fundings[0].Number != "PSY-1234" {
		t.Errorf("fundings %+v: want the number PSY-1234, the funding's own", cv)
	}
	const partOnly = `{"fundings":{"group":[{"funding-summary":[{"display-index":"0","type":"grant","title":{"title":{"value":"Cracks"}},
		"organization":{"name":"NSF"},"external-ids":{"external-id":[
		{"external-id-type":"grant_number","external-id-value":"PROGRAMME-1","external-id-relationship":"part-of"}]}}]}]}}`
	if cv := orcidCV(gjson.Parse(partOnly)); cv == nil || len(cv.Fundings) != 1 || cv.Fundings[0].Number != "" {
		t.Errorf("fundings %+v: want no number (the one given is the larger grant's)", cv)
	}
}
