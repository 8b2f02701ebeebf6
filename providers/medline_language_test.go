package providers

import (
	"os"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers/wire"
)

// TestEuropePMCLanguage: the recorded core search's records carry
// MEDLINE's language ("eng"); the record keeps it as the BCP 47 tag "en".
func TestEuropePMCLanguage(t *testing.T) {
	body, err := os.ReadFile("../testdata/europepmc/europepmc-search-cancer-core.json")
	if err != nil {
		t.Fatal(err)
	}
	r := gjson.GetBytes(body, `resultList.result.#(doi=="10.1111/bjhp.12807")`)
	if r.Get("language").String() != "eng" {
		t.Fatalf("recorded language %q, want eng", r.Get("language"))
	}
	if rec := europePMCRecord(r); rec.Language != "en" {
		t.Errorf("language %q, want en", rec.Language)
	}
}

func TestLanguageMARC(t *testing.T) {
	for code, want := range map[string]string{"eng": "en", "ger": "de", "FRE": "fr", "chi": "zh", "und": "", "mul": "", "": "", "xxx": ""} {
		if got := wire.Language(code); got != want {
			t.Errorf("Language(%q) = %q, want %q", code, got, want)
		}
	}
}

// TestPubMedLanguage: MEDLINE's one <Language> is the record's tag; an
// article in two languages has none.
func TestPubMedLanguage(t *testing.T) {
	for _, c := range []struct {
		codes []string
		want  string
	}{{[]string{"eng"}, "en"}, {[]string{"ger"}, "de"}, {[]string{"eng", "ger"}, ""}, {nil, ""}} {
		if got := pubmedLanguage(c.codes); got != c.want {
			t.Errorf("pubmedLanguage(%q) = %q, want %q", c.codes, got, c.want)
		}
	}
}

// TestPubMedTitleWithoutMEDLINEsFullStop: the recorded 11700088's
// ArticleTitle ends with MEDLINE's full stop, which is not the title's.
func TestPubMedTitleWithoutMEDLINEsFullStop(t *testing.T) {
	for in, want := range map[string]string{
		"Proton MRI of (13)C distribution by J and chemical shift editing.": "Proton MRI of (13)C distribution by J and chemical shift editing",
		"Is cryopreservation a homogeneous process?":                        "Is cryopreservation a homogeneous process?",
		"Wait for it...": "Wait for it...",
	} {
		if got := pubmedTitle(in); got != want {
			t.Errorf("pubmedTitle(%q) = %q, want %q", in, got, want)
		}
	}
}
