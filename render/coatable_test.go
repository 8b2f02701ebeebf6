package render

import (
	"io"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// The example folder (examples/snapshots, fetched from the real recordings
// of examples/replay) as Peter Binfield's COA table since 2014: written by
// hand from the recorded answers. Crossref's answers give the SIGMOD and
// eLife authors their affiliations (its "&amp;" read as "&"), the bioRxiv
// authors none; DataCite's creators none; the dates are the registrars'
// (PANGAEA's a year only); Binfield is on none of them; his own works carry
// no authors, and the works before 2014 none in the window.
func TestCOAOfTheExampleFolder(t *testing.T) {
	m, err := manifest.Load("../examples/manifest.toml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load("../examples/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	lausanne := "Department of Plant Molecular Biology, University of Lausanne, Lausanne, Switzerland"
	want := []string{
		`4,Name:,Organizational Affiliation,"Optional (email, Department)",Last Active`,
		`A:,"Bender, Michael A.","Stony Brook University, Stony Brook, NY, USA",,06/09/2021`,
		`A:,"Berglund, Sten",,,2014`,
		`A:,"Conway, Alex","VMware Research, Palo Alto, CA, USA",,06/09/2021`,
		`A:,"Doran, Kelly S.",,,12/01/2020`,
		`A:,"Durie, Joe","Rutgers University, New Brunswick, NJ, USA",,06/09/2021`,
		`A:,"Farach-Colton, Martin","Rutgers University, New Brunswick, NJ, USA",,06/09/2021`,
		`A:,"Garza, Kristian",,,03/27/2016`,
		`A:,"Guan, Ziqiang",,,12/01/2020`,
		`A:,"Gustafsson, Lars-Göran",,,2014`,
		`A:,"Hardtke, Christian S","` + lausanne + `",,02/11/2014`,
		`A:,"Johansson, Emma",,,2014`,
		`A:,"Johnson, Rob","VMware Research, Palo Alto, CA, USA",,06/09/2021`,
		`A:,"Joyce, Luke R.",,,12/01/2020`,
		`A:,"Laudon, Hjalmar",,,2014`,
		`A:,"Lindborg, Tobias",,,2014`,
		`A:,"Manzer, Haider S.",,,12/01/2020`,
		`A:,"Mendonça, Jéssica da C.",,,12/01/2020`,
		`A:,"Nagao, Prescilla E.",,,12/01/2020`,
		`A:,"Näslund, Jens-Ove",,,2014`,
		`A:,"Nieminen, Kaisa","` + lausanne + `",,02/11/2014`,
		`A:,"Palmer, Kelli L.",,,12/01/2020`,
		`A:,"Pandey, Prashant","Lawrence Berkeley National Lab & University of California, Berkeley, Berkeley, CA, USA",,06/09/2021`,
		`A:,"Petrone, Johannes",,,2014`,
		`A:,"Ragni, Laura","` + lausanne + `",,02/11/2014`,
		`A:,"Sankar, Martial","` + lausanne + `",,02/11/2014`,
		`A:,"van As, Dirk",,,2014`,
		`A:,"Villarreal, Ricardo",,,12/01/2020`,
		`A:,"Xenarios, Ioannis","Vital-IT, Swiss Institute of Bioinformatics, Lausanne, Switzerland",,02/11/2014`,
	}
	got := renderString(t, f, Options{Format: COA, Person: PersonOf(m), Since: record.Date{Year: 2014, Month: 1, Day: 1}})
	if w := strings.Join(want, "\r\n") + "\r\n"; got != w {
		t.Errorf("got\n%s\nwant\n%s", got, w)
	}
}

// A lab's table is one member's: the other members are co-authors like
// anyone (Maren Holt, Ada Quist, Élodie Marchand), the member alone is
// left out; the lab's own name, credited on its software, is no person.
// Ben's works are his page's: the 2024 paper his ORCID record lists as its
// arXiv preprint (links.json shows it within the paper) is his, so its
// authors are his co-authors. "É. Dubois" is Marchand's 2019 name, which
// only her [[member]] says: a name the works alone cannot join, so a row
// of its own. Without a member there is no table.
func TestCOAOfALabIsPerMember(t *testing.T) {
	f, opts := labFixture(t)
	opts.Format = COA
	if err := Render(io.Discard, f, opts); err == nil || !strings.Contains(err.Error(), "Ben Okafor") {
		t.Errorf("a lab's table without a member: %v, want an error naming the members", err)
	}
	opts.Member = "Ben Okafor"
	want := "4,Name:,Organizational Affiliation,\"Optional (email, Department)\",Last Active\r\n" +
		"A:,\"Dubois, É.\",,,2019\r\n" +
		"A:,\"Holt, Maren\",,,03/12/2024\r\n" +
		"A:,\"Marchand, Élodie\",,,09/2024\r\n" +
		"A:,\"Quist, Ada\",,,09/2024\r\n"
	if got := renderString(t, f, opts); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A manifest that names the researcher only by ORCID iD: the works that
// list them by name alone (Crossref without the iD) still leave them out,
// by the names their ORCID record gives (orcid/<iD>.json), as fetch's
// owner checks read them; an author with another iD is someone else,
// whatever the name.
func TestCOALeavesOutTheOwnerByTheirRecordsName(t *testing.T) {
	const me = "0000-0002-1825-0097"
	f := &folder.Folder{
		Owners: map[string]snapshots.OwnerName{me: {Given: "Josiah", Family: "Carberry", Credit: "Josiah S. Carberry"}},
		Works: []folder.Work{
			{ID: "doi:10.5555/a", Record: record.Record{Title: "A", Issued: record.Date{Year: 2024, Month: 2, Day: 1}, Authors: []record.Author{
				{Given: "Josiah S.", Family: "Carberry"}, {Given: "Jane", Family: "Doe", Affiliations: []string{"Brown University"}}}}},
			{ID: "doi:10.5555/b", Record: record.Record{Title: "B", Issued: record.Date{Year: 2023}, Authors: []record.Author{
				{Given: "J.", Family: "Carberry", ORCID: "0000-0001-0000-0009"}, {Given: "J.", Family: "Carberry", ORCID: me}}}},
		},
	}
	want := "4,Name:,Organizational Affiliation,\"Optional (email, Department)\",Last Active\r\n" +
		"A:,\"Carberry, J.\",,,2023\r\n" +
		"A:,\"Doe, Jane\",Brown University,,02/01/2024\r\n"
	if got := renderString(t, f, Options{Format: COA, Person: Person{ORCIDs: []string{me}}}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// One work lists the researcher once: when several of its authors can be
// them (their iD on one, their name on another; "Wei Wang" and "W. Wang",
// a common name in a large collaboration), the one with their iD is them,
// else the one spelt as their name is, and the others are co-authors NSF
// wants listed, not left out as the researcher.
func TestCOAListsTheResearchersNamesakesOnTheirWorks(t *testing.T) {
	const me = "0000-0002-1825-0097"
	f := &folder.Folder{
		Owners: map[string]snapshots.OwnerName{me: {Given: "Wei", Family: "Wang"}},
		Works: []folder.Work{
			{ID: "doi:10.5555/a", Record: record.Record{Title: "A", Issued: record.Date{Year: 2024, Month: 2, Day: 1}, Authors: []record.Author{
				{Given: "W.", Family: "Wang"}, {Given: "Wei", Family: "Wang", ORCID: me},
				{Given: "Wei", Family: "Wang", Affiliations: []string{"Tsinghua University"}}}}},
			{ID: "doi:10.5555/b", Record: record.Record{Title: "B", Issued: record.Date{Year: 2023}, Authors: []record.Author{
				{Given: "W.", Family: "Wang", Affiliations: []string{"Peking University"}}, {Given: "Wei", Family: "Wang"}}}},
		},
	}
	want := "4,Name:,Organizational Affiliation,\"Optional (email, Department)\",Last Active\r\n" +
		"A:,\"Wang, W.\",Peking University,,02/01/2024\r\n" +
		"A:,\"Wang, Wei\",Tsinghua University,,02/01/2024\r\n"
	if got := renderString(t, f, Options{Format: COA, Person: Person{ORCIDs: []string{me}}}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
