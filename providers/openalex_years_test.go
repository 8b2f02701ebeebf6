package providers

import (
	"reflect"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// counts_by_year becomes the counts file's by_year: oldest first however
// OpenAlex orders it (newest first in its answers), years without
// citations left out as OpenAlex leaves them out, and an answer without
// the list told apart from one whose list is empty (no citations in the
// years OpenAlex bins), which render reads differently.
func TestOpenAlexCountsByYear(t *testing.T) {
	for _, c := range []struct {
		name, work string
		want       *[]record.YearCount
	}{
		{"newest first becomes oldest first", `{"counts_by_year":[{"year":2026,"cited_by_count":3},{"year":2024,"cited_by_count":17},{"year":2025,"cited_by_count":6}]}`,
			&[]record.YearCount{{Year: 2024, CitedBy: 17}, {Year: 2025, CitedBy: 6}, {Year: 2026, CitedBy: 3}}},
		{"a year with no citations is left out", `{"counts_by_year":[{"year":2025,"cited_by_count":0},{"year":2024,"cited_by_count":2}]}`,
			&[]record.YearCount{{Year: 2024, CitedBy: 2}}},
		{"a year given twice adds up", `{"counts_by_year":[{"year":2024,"cited_by_count":2},{"year":2024,"cited_by_count":1}]}`,
			&[]record.YearCount{{Year: 2024, CitedBy: 3}}},
		{"an empty list is years with none", `{"counts_by_year":[]}`, &[]record.YearCount{}},
		{"no list is no years", `{"cited_by_count":4}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := openAlexByYear(&service.Counter{Provider: "openalex"}, gjson.Get(c.work, "counts_by_year"))
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", deref(got), deref(c.want))
			}
		})
	}
}

func deref(y *[]record.YearCount) any {
	if y == nil {
		return nil
	}
	return *y
}
