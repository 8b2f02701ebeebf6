package manifest

// No test here makes a request: service URLs appear only as text to parse
// (no network, no fake needed).

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDecisions(t *testing.T) {
	src := `[[identity]]
orcid = "0000-0002-1825-0097"

[[link]]
from = "https://doi.org/10.1101/2020.12.01.406702"
to = "doi:10.7554/eLife.01567"
kind = "preprint-of"

[[link]]
from = "arxiv:2311.16162v2"
to = "10.1234/x"
kind = "Distinct"

[[exclude]]
id = "orcid-work:0000-0002-1825-0097/5001"
reason = "a talk by someone else"

[[override]]
id = "pmid:29106400"
title = "The right title"
year = 2019
`
	m, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Links) != 2 || m.Links[0].From.Key() != "doi:10.1101/2020.12.01.406702" || m.Links[0].To.Key() != "doi:10.7554/elife.01567" || m.Links[0].Line != 4 {
		t.Errorf("first link %+v", m.Links)
	}
	if l := m.Links[1]; l.Kind != LinkDistinct || l.From.Key() != "arxiv:2311.16162v2" || l.To.Key() != "doi:10.1234/x" {
		t.Errorf("second link %+v", l)
	}
	if len(m.Excludes) != 1 || m.Excludes[0].ID.Key() != "orcid-work:0000-0002-1825-0097/5001" || m.Excludes[0].Reason == "" || m.Excludes[0].Line != 14 {
		t.Errorf("excludes %+v", m.Excludes)
	}
	if len(m.Overrides) != 1 || m.Overrides[0].ID.Key() != "pmid:29106400" || m.Overrides[0].Year != 2019 || m.Overrides[0].Line != 18 {
		t.Errorf("overrides %+v", m.Overrides)
	}
}

func TestDecisionErrorsNameLineAndValue(t *testing.T) {
	head := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"
	cases := []struct {
		name, src string
		line      int
		value     string
		msg       string
	}{
		{"bad from", "[[link]]\nfrom = \"11.1/x\"\nto = \"10.1/y\"\nkind = \"same-as\"\n", 4, "11.1/x", "not an identifier"},
		{"missing to", "[[link]]\nfrom = \"10.1/x\"\nkind = \"same-as\"\n", 3, "", "has no to"},
		{"bad kind", "[[link]]\nfrom = \"10.1/x\"\nto = \"10.1/y\"\nkind = \"sibling\"\n", 6, "sibling", "is not one of"},
		{"self link", "[[link]]\nfrom = \"10.1/x\"\nto = \"doi:10.1/X\"\nkind = \"same-as\"\n", 3, "10.1/x", "to itself"},
		{"bad pmid", "[[exclude]]\nid = \"pmid:0123\"\n", 4, "pmid:0123", "PMID"},
		{"bad orcid-work", "[[exclude]]\nid = \"orcid-work:0000-0002-1825-0097/x\"\n", 4, "orcid-work:0000-0002-1825-0097/x", "orcid-work:"},
		{"empty override", "[[override]]\nid = \"10.1/x\"\n", 3, "", "sets nothing"},
		{"bad year", "[[override]]\nid = \"10.1/x\"\nyear = 20190\n", 5, "20190", "not a year"},
		{"unknown key", "[[exclude]]\nid = \"10.1/x\"\nwhy = \"typo\"\n", 5, "exclude.why", "unknown key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			me := parseError(t, head+c.src)
			if me.Line != c.line || me.Value != c.value || !strings.Contains(me.Error(), c.msg) {
				t.Errorf("got line %d value %q: %v; want line %d value %q containing %q", me.Line, me.Value, me, c.line, c.value, c.msg)
			}
		})
	}
}

// An [[override]] type is a CSL type: another one would be written as
// "document" by CSL-JSON and shown as itself elsewhere. Crossref's and
// ORCID's spellings get the CSL type they mean.
func TestOverrideTypeMustBeCSL(t *testing.T) {
	const head = "[[identity]]\ndoi = \"10.1/x\"\n[[override]]\nid = \"doi:10.1/x\"\n"
	cases := map[string]string{
		"journal-article":     `[[override]] type "journal-article" is not a CSL type (did you mean article-journal?)`,
		"proceedings-article": "did you mean paper-conference?",
		"book-chapter":        "did you mean chapter?",
		"Article-Journal":     "did you mean article-journal?",
		"legal-case":          "did you mean legal_case?",
		"poem":                `[[override]] type "poem" is not a CSL type`,
	}
	for typ, want := range cases {
		_, err := Parse("m.toml", []byte(head+"type = \""+typ+"\"\n"))
		var me *Error
		if !errors.As(err, &me) || me.Line != 5 || me.Value != typ || !strings.Contains(err.Error(), want) {
			t.Errorf("type %q: %v, want line 5 and %q", typ, err, want)
		}
	}
	m, err := Parse("m.toml", []byte(head+"type = \"paper-conference\"\n"))
	if err != nil || m.Overrides[0].Type != "paper-conference" {
		t.Errorf("a CSL type: %v", err)
	}
}

// Every type a suggestion offers is a CSL type.
func TestCSLTypeSuggestionsAreCSLTypes(t *testing.T) {
	for from, to := range cslTypeFor {
		if !IsCSLType(to) || IsCSLType(from) {
			t.Errorf("%s → %s: the suggestion must be a CSL type and the spelling not one", from, to)
		}
	}
}
