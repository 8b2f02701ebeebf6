package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// caseTitles are titles whose parts no style may recase.
var caseTitles = []string{
	"Constraints on $\\sigma_8$ from ^13C and mRNA in the iPhone age: DNA repair",
	"<sup>13</sup>C labelling of H2O in SARS-CoV-2 patients",
}

// pandoc's citeproc with its default style (Chicago author-date, which
// title-cases English titles) leaves the math, the isotopes and the words
// with inner capitals as the CSL-JSON file gives them: without nocase it
// prints $\Sigma_8$ and ^13c.
func TestCSLJSONTitlesSurviveCiteprocRecasing(t *testing.T) {
	pandoc := tool(t, "pandoc")
	f := &folder.Folder{Root: "case"}
	for i, title := range caseTitles {
		r := record.Record{Title: title, Type: "article-journal", Issued: record.NewDate(2020+i, 0, 0),
			Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}}, Container: "Journal of Cases",
			IDs: record.IDs{DOI: "10.5555/case." + string(rune('a'+i))}}
		f.Works = append(f.Works, folder.Work{ID: "doi:" + r.IDs.DOI, Record: r})
	}
	dir := t.TempDir()
	writeTemp(t, dir, "works.json", renderString(t, f, Options{Format: CSLJSON}))
	writeTemp(t, dir, "doc.md", "---\nnocite: \"@*\"\n---\n")
	stdout, stderr, err := run(t, dir, pandoc, "doc.md", "--citeproc", "--bibliography=works.json", "-t", "plain", "--wrap=none")
	if err != nil || stderr != "" {
		t.Fatalf("pandoc: %v\n%s", err, stderr)
	}
	for _, want := range []string{"$\\sigma_8$", "^13C", "mRNA", "iPhone", "DNA", "¹³C Labelling", "H2O", "SARS-CoV-2"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the bibliography lost %q:\n%s", want, stdout)
		}
	}
	// the rest is still the style's to case
	if !strings.Contains(stdout, "Age: DNA Repair") {
		t.Errorf("the style no longer title-cases the unprotected words:\n%s", stdout)
	}
}

func TestCSLNocaseProtectsMathAndInnerCapitals(t *testing.T) {
	for in, want := range map[string]string{
		"On $\\sigma_8$ and ^13C":                  `On <span class="nocase">$\sigma_8$</span> and <span class="nocase">^13C</span>`,
		"mRNA of an iPhone, DNA.":                  `<span class="nocase">mRNA</span> of an <span class="nocase">iPhone,</span> <span class="nocase">DNA.</span>`,
		"Costs $5 and $10 Over-Expression O'Brien": "Costs $5 and $10 Over-Expression O'Brien",
		"<i>in vivo</i> <sup>13</sup>C":            `<i>in vivo</i> <span class="nocase"><sup>13</sup>C</span>`,
		"<i>Homo SApiens</i> x":                    "<i>Homo SApiens</i> x", // the tags span two words: left alone
	} {
		if got := cslNocase(in); got != want {
			t.Errorf("cslNocase(%q)\n got %s\nwant %s", in, got, want)
		}
	}
}
