package cv

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/tidwall/gjson"
)

// TestResumeKeepsEveryLink: a publication's DOI link is in the JSON
// Resume even when the DOI holds characters a URI may not (Wiley's SICI
// DOIs have '<' and '>'), percent-encoded as the schema's "uri" format
// asks; so is an address with a space or a non-ASCII letter.
func TestResumeKeepsEveryLink(t *testing.T) {
	const sici = "10.1002/(SICI)1097-4636(199706)35:4<463::AID-JBM6>3.0.CO;2-O"
	d := Document{Name: "Josiah Carberry", Groups: []Group{{Title: "Articles", Works: []Work{
		{Title: "Biocompatibility", DOI: sici, URL: "https://doi.org/" + sici},
		{Title: "A talk", URL: "https://example.org/talks/my talk/Zürich?q=\"x\"#part"},
	}}}}
	var out bytes.Buffer
	b := bufio.NewWriter(&out)
	if err := WriteJSONResume(b, d); err != nil {
		t.Fatal(err)
	}
	b.Flush()
	want := map[string]string{
		"publications.0.url": "https://doi.org/10.1002/(SICI)1097-4636(199706)35:4%3C463::AID-JBM6%3E3.0.CO;2-O",
		"publications.1.url": "https://example.org/talks/my%20talk/Z%C3%BCrich?q=%22x%22#part",
	}
	for path, w := range want {
		if got := gjson.GetBytes(out.Bytes(), path).String(); got != w {
			t.Errorf("%s = %q, want %q", path, got, w)
		}
	}
}
