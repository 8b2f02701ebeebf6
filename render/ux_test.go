package render

import (
	"strings"
	"testing"
)

// --counts on a folder with no count from the source (counts_source not
// fetched) says there are none, in the HTML header, the Markdown line
// and the data's text, rather than "0 citations · h-index 0"; a work
// the source counts at 0 still gives the figures.
func TestCountsWithNoCountSayThereAreNone(t *testing.T) {
	f, opts := labFixture(t)
	opts.Counts = true
	for _, format := range []Format{HTML, Markdown, JSON} {
		opts.Format = format
		out := renderString(t, f, opts)
		if !strings.Contains(out, "No work has a citation count") || strings.Contains(out, "h-index 0") {
			t.Errorf("%s with no counts:\n%s", format, out)
		}
	}
	zero := citationFigures{Counted: 1}
	if got := zero.allText(); got != "0 citations · h-index 0 · i10-index 0" {
		t.Errorf("a work counted at 0: %q", got)
	}
}

// The lab's Markdown page says which members a work is credited to when
// no author is them, as the HTML page does; without it the dataset "Holt
// Lab" wrote reads as no member's. A member's page has no such line.
func TestLabMarkdownSaysWhoAWorkIsCreditedTo(t *testing.T) {
	f, opts := labFixture(t)
	opts.Format = Markdown
	md := renderString(t, f, opts)
	for _, want := range []string{
		"Holt Lab yeast strain collection. *Zenodo*. 2021. Dataset. Credited to Maren Holt and Dana Ferreira. [doi:",
		"Translation fidelity under heat stress. *Journal of Constructed Examples*. September 2024. Journal article. Also credited to Ben Okafor. [doi:",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("lab page lacks %q:\n%s", want, md)
		}
	}
	if n := strings.Count(md, "redited to"); n != 2 {
		t.Errorf("%d credited lines, want 2:\n%s", n, md)
	}
	opts.Member = "Maren Holt"
	if md := renderString(t, f, opts); strings.Contains(md, "redited to") {
		t.Errorf("a member's page credits:\n%s", md)
	}
}

// --member takes the member's id as the page data and the member filter
// write it, and the name typed without its accents, besides the name in
// any letter case; an id that is no member's is still refused.
func TestMemberIsFoundByItsID(t *testing.T) {
	_, opts := labFixture(t)
	l := opts.Lab
	for in, want := range map[string]int{
		"Élodie Marchand": 5, "élodie marchand": 5, "Elodie Marchand": 5, "elodie-marchand": 5,
		" maren-holt ": 0, "MAREN HOLT": 0, "holt": -1, "M. A. Holt": -1, "member-1": -1, "": -1,
	} {
		if got := l.Find(in); got != want {
			t.Errorf("Find(%q) = %d, want %d", in, got, want)
		}
	}
}

// A work page of html-site shows the work's [[work]] fields as its entry
// on the list page does (the award, note, tags, preview image, marks and
// their legend, the user's links), with their styles, and on a lab's site
// the members credited though no author is them: the page Scholar indexes
// must not say less than the list.
func TestWorkPageShowsTheUserFieldsAndCredits(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = HTMLSite
	list := renderString(t, f, Options{Format: HTML, Person: opts.Person, User: opts.User, Services: opts.Services})
	files, err := RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	page := ""
	for _, file := range files {
		if strings.Contains(string(file.Data), "Best Paper Award") && strings.HasPrefix(file.Path, "works/") {
			page = string(file.Data)
		}
	}
	if page == "" {
		t.Fatal("no work page has the award")
	}
	for _, want := range []string{
		`<p class="award">Best Paper Award</p>`,
		`<p class="note">Preprint discussed at the 1843 salon</p>`,
		`<p class="tags"><span class="tag">poetry</span> <span class="tag">engines</span> <span class="tag">preprints</span></p>`,
		`Ñúñez-García<sup class="mark">*</sup>, <strong class="me">Ada Lovelace</strong><sup class="mark">*†</sup>, `,
		`<p class="legend">* Equal contribution · † Corresponding author</p>`,
		`<a class="user" href="/assets/pdf/note-g-slides.pdf">Slides</a>`,
		`.award { font-size: 0.9rem; font-weight: 600; }`,
	} {
		if !strings.Contains(list, want) {
			t.Fatalf("the list page lacks %s: the expectation is wrong", want)
		}
		if !strings.Contains(page, want) {
			t.Errorf("the work page lacks %s", want)
		}
	}

	lab, lopts := labFixture(t)
	lopts.Format = HTMLSite
	files, err = RenderFiles(lab, lopts)
	if err != nil {
		t.Fatal(err)
	}
	dataset := ""
	for _, file := range files {
		if file.Path == "works/lab2021holt.html" {
			dataset = string(file.Data)
		}
	}
	if !strings.Contains(dataset, `<p class="credited">Credited to Maren Holt and Dana Ferreira</p>`) {
		t.Errorf("the lab's dataset page does not say who it is credited to:\n%s", dataset)
	}
}
