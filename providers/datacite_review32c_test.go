package providers_test

import "testing"

// TestDataCiteThaiYearByLanguage: the Buddhist Era year was read as such
// only when the title or publisher held Thai letters; a Thai-language
// record registered with its English title (as Thai universities register
// theses) and the year 2549 was dated 2549. The record's language says
// Thai as well as its letters do.
func TestDataCiteThaiYearByLanguage(t *testing.T) {
	r := dataCiteText(t, 900, "Thesis", `,"language":"th","dates":[{"date":"2549","dateType":"Issued"}]`)
	if r.Issued.Year != 2006 {
		t.Errorf("year %d, want 2006 (2549 BE) for a record in Thai", r.Issued.Year)
	}
	r = dataCiteText(t, 901, "Thesis", `,"language":"en","dates":[{"date":"2549","dateType":"Issued"}]`)
	if r.Issued.Year != 2549 {
		t.Errorf("year %d, want 2549 kept for a record nothing says is Thai", r.Issued.Year)
	}
}
