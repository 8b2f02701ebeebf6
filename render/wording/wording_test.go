package wording

import "testing"

func TestWebURLKeepsOnlyWebLinksAndEncodesSyntax(t *testing.T) {
	cases := map[string]string{
		"javascript:alert(1)":               "",
		"data:text/html,<b>x</b>":           "",
		"ftp://example.org/x":               "",
		"/relative":                         "",
		"https://example.org/a b(c)<d>\"e'": "https://example.org/a%20b%28c%29%3Cd%3E%22e'",
		"https://example.org/ok?x=1&y=2#f":  "https://example.org/ok?x=1&y=2#f",
	}
	for in, want := range cases {
		if got := WebURL(in); got != want {
			t.Errorf("WebURL(%q) = %q, want %q", in, got, want)
		}
	}
	if got := DOIURL("10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"); got != "https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-O" {
		t.Errorf("DOIURL: %s", got)
	}
	if got := DOIURL("10.5555/a#b?c%d"); got != "https://doi.org/10.5555/a%23b%3Fc%25d" {
		t.Errorf("DOIURL: %s", got)
	}
}

func TestLicenceLabel(t *testing.T) {
	cases := map[string]string{
		"cc-by":       "CC BY",
		"cc-by-nc-nd": "CC BY-NC-ND",
		"cc-by-4.0":   "CC BY 4.0",
		"cc0":         "CC0",
		"http://creativecommons.org/licenses/by/4.0/":                 "CC BY 4.0",
		"https://creativecommons.org/publicdomain/zero/1.0/legalcode": "CC0 1.0",
		"https://www.elsevier.com/tdm/userlicense/1.0/":               "elsevier.com/tdm/userlicense/1.0",
		"https://creativecommons.org/publicdomain/zero/":              "CC0",
		"https://creativecommons.org/publicdomain/mark/1.0/":          "Public Domain Mark",
		"https://creativecommons.org/licences/by-sa":                  "CC BY-SA",
		"https://creativecommons.org/about/cc0/":                      "creativecommons.org/about/cc0",
		"mit":                                                         "MIT",
		"other-oa":                                                    "other-oa",
		"public-domain":                                               "Public domain",
		"PD":                                                          "Public domain",
		"CC-BY-NC-4.0":                                                "CC BY-NC 4.0",
	}
	for in, want := range cases {
		if got := LicenceLabel(in); got != want {
			t.Errorf("LicenceLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
