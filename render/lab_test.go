package render

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
)

const labManifest = "../testdata/lab/manifest.toml"

// labFixture loads the lab fixture's folder and the options its manifest
// gives a page: the person (as the command line passes it), title and lab.
func labFixture(t *testing.T) (*folder.Folder, Options) {
	t.Helper()
	m, err := manifest.Load(labManifest)
	if err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	return f, Options{Person: PersonOf(m), Title: m.Title, Lab: LabOf(m), Group: ByYear, Services: testServices()}
}

// Each work of the lab is one entry, credited to exactly the members the
// manifest's comments say, and on each the authors who are members are
// marked. The table is written from the fixture's story, by hand.
func TestLabCreditsEachWorkToItsMembers(t *testing.T) {
	f, opts := labFixture(t)
	p := buildPage(f, opts)
	want := []struct {
		id      string
		members []string
		self    []bool // per author: is a member
	}{
		{"doi:10.5555/holt.2024.6", []string{"Ada Quist", "Ben Okafor", "Élodie Marchand"}, []bool{true, true}},  // Okafor: his record lists its preprint
		{"doi:10.5555/holt.2024.1", []string{"Maren Holt", "Ada Quist", "Ben Okafor"}, []bool{true, true, true}}, // Okafor by the iD on him, which his record omits
		{"doi:10.5555/holt.2023.2", []string{"Wei Chen"}, []bool{true, false}},                                   // "M. Holt" with another iD is not Maren Holt
		{"doi:10.5281/zenodo.8000008", []string{}, []bool{false}},                                                // the lab's software: no member among its authors
		{"doi:10.5555/holt.2022.3", []string{"Wei Chen", "Dana Ferreira"}, []bool{false, true, true}},            // "D. Ferreira" is Dana, "Daniel Ferreira" is not
		{"doi:10.5555/holt.2021.4", []string{"Maren Holt", "Dana Ferreira"}, []bool{false}},                      // Holt's record lists it, Dana's works name it
		{"doi:10.5555/holt.2019.5", []string{"Ben Okafor", "Élodie Marchand"}, []bool{true, true}},               // "É. Dubois" is Élodie Marchand's other name
	}
	if len(p.shown) != len(want) {
		var ids []string
		for _, e := range p.shown {
			ids = append(ids, e.id)
		}
		t.Fatalf("entries %q, want %d: each work once, the preprint within its paper", ids, len(want))
	}
	for i, w := range want {
		e := p.shown[i]
		if e.id != w.id {
			t.Errorf("entry %d is %s, want %s", i, e.id, w.id)
			continue
		}
		if got := p.memberNames(e); !slices.Equal(got, w.members) {
			t.Errorf("%s: members %q, want %q", e.id, got, w.members)
		}
		if !slices.Equal(e.self, w.self) {
			t.Errorf("%s: self %v, want %v", e.id, e.self, w.self)
		}
	}
	if got := p.pageTitle(); got != "Publications of the Holt Lab" {
		t.Errorf("title %q", got)
	}
}

// A member's page holds exactly that member's works, titled for them, and
// marks only them among the authors; without a title the lab's page is
// "Publications of <lab>". A member the lab does not have is an error
// naming the members.
func TestLabMemberPage(t *testing.T) {
	f, opts := labFixture(t)
	for _, c := range []struct {
		member string
		works  []string
	}{
		{"Maren Holt", []string{"doi:10.5555/holt.2024.1", "doi:10.5555/holt.2021.4"}},
		{"ada quist", []string{"doi:10.5555/holt.2024.6", "doi:10.5555/holt.2024.1"}},
		{"Ben Okafor", []string{"doi:10.5555/holt.2024.6", "doi:10.5555/holt.2024.1", "doi:10.5555/holt.2019.5"}},
		{"Wei Chen", []string{"doi:10.5555/holt.2023.2", "doi:10.5555/holt.2022.3"}},
		{"Dana Ferreira", []string{"doi:10.5555/holt.2022.3", "doi:10.5555/holt.2021.4"}},
		{"Élodie Marchand", []string{"doi:10.5555/holt.2024.6", "doi:10.5555/holt.2019.5"}},
	} {
		o := opts
		o.Member = c.member
		p := buildPage(f, o)
		var got []string
		for _, e := range p.shown {
			got = append(got, e.id)
		}
		if !slices.Equal(got, c.works) {
			t.Errorf("%s: works %q, want %q", c.member, got, c.works)
		}
		if title := p.pageTitle(); !strings.EqualFold(title, "Publications of "+c.member) {
			t.Errorf("%s: title %q", c.member, title)
		}
	}
	o := opts
	o.Member = "Dana Ferreira"
	p := buildPage(f, o)
	if atlas := p.shown[0]; !slices.Equal(atlas.self, []bool{false, false, true}) {
		t.Errorf("on Dana Ferreira's page the atlas marks %v, want only D. Ferreira", atlas.self)
	}
	o = opts
	o.Title = ""
	if got := buildPage(f, o).pageTitle(); got != "Publications of Holt Lab" {
		t.Errorf("untitled lab page: %q", got)
	}
	o = opts
	o.Member, o.Format = "Grace Hopper", HTML
	if err := Render(&strings.Builder{}, f, o); err == nil || !strings.Contains(err.Error(), "Maren Holt, Ada Quist, Ben Okafor, Wei Chen, Dana Ferreira, Élodie Marchand") {
		t.Errorf("unknown member: %v", err)
	}
}

// The lab's page data, and a member's, are valid against the page-data
// schema, and carry the lab, each entry's members and which author is
// which member.
func TestLabPageData(t *testing.T) {
	schema, v := readPageDataSchema(t)
	f, opts := labFixture(t)
	for _, member := range []string{"", "Wei Chen"} {
		o := opts
		o.Format, o.Member = JSON, member
		out := renderString(t, f, o)
		var doc any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		for _, p := range v.check("$", doc, schema) {
			t.Errorf("member %q: %s", member, p)
		}
		checkLabData(t, member, out)
	}
}

// labData is the part of the page data a lab adds.
type labData struct {
	Lab struct {
		Member  string `json:"member"`
		Members []struct {
			ID      string `json:"id"`
			Alumnus bool   `json:"alumnus"`
			Works   int    `json:"works"`
		} `json:"members"`
	} `json:"lab"`
	Groups []struct {
		Works []struct {
			ID      string   `json:"id"`
			Members []string `json:"members"`
			Authors []struct {
				Self   bool   `json:"self"`
				Member string `json:"member"`
			} `json:"authors"`
		} `json:"works"`
	} `json:"groups"`
}

// checkLabData holds a lab page's data (member's, when member is given)
// to the fixture: the lab, Wei Chen, and the 2023 paper's members and
// authors.
func checkLabData(t *testing.T, member, out string) {
	t.Helper()
	var page labData
	if err := json.Unmarshal([]byte(out), &page); err != nil {
		t.Fatal(err)
	}
	if page.Lab.Member != member || len(page.Lab.Members) != 6 {
		t.Fatalf("member %q: lab %+v", member, page.Lab)
	}
	if m := page.Lab.Members[3]; m.ID != "wei-chen" || !m.Alumnus || m.Works != 2 {
		t.Errorf("Wei Chen in the data: %+v", m)
	}
	for _, g := range page.Groups {
		for _, w := range g.Works {
			if w.ID != "doi:10.5555/holt.2023.2" {
				continue
			}
			if !slices.Equal(w.Members, []string{"Wei Chen"}) {
				t.Errorf("member %q: the 2023 paper's members %q", member, w.Members)
			}
			a := w.Authors
			if len(a) != 2 || a[0].Member != "Wei Chen" || !a[0].Self || a[1].Member != "" || a[1].Self {
				t.Errorf("member %q: the 2023 paper's authors %+v: Wei Chen, and an M. Holt who is not Maren Holt", member, a)
			}
		}
	}
}

// A researcher's manifest with a title is titled so, and nothing else of
// its page changes (the heading, the window's title and the JSON-LD
// list's name are the title): the lab's CSS, script and filter are not on it.
func TestTitleWithoutLab(t *testing.T) {
	f, person := fixture(t)
	plain := renderString(t, f, Options{Format: HTML, Person: person})
	titled := renderString(t, f, Options{Format: HTML, Person: person, Title: "Ada's papers"})
	retitle := strings.NewReplacer(`"name":"Publications of Ada Lovelace"`, `"name":"Ada's papers"`, // the JSON-LD list
		"Publications of Ada Lovelace", "Ada&#39;s papers") // <title> and <h1>
	if want := retitle.Replace(plain); titled != want {
		t.Errorf("a title changed more than the title")
	}
	for _, lab := range []string{"f-member", "data-members", ".members", "hashchange"} {
		if strings.Contains(plain, lab) {
			t.Errorf("a researcher's page holds the lab's %s", lab)
		}
	}
}

// The lab's page and a member's are well-formed, hold only the page's
// elements and safe links, and every in-page link has its target but the
// member filter's (#member=…, which the script reads); the YAML is the
// JSON's tree.
func TestLabPageIsWellFormed(t *testing.T) {
	f, opts := labFixture(t)
	for _, member := range []string{"", "Élodie Marchand"} {
		o := opts
		o.Format, o.Member = HTML, member
		scan := scanHTML(t, renderString(t, f, o))
		for _, a := range scan.anchors {
			if !scan.ids[a] && !strings.HasPrefix(a, "member=") {
				t.Errorf("member %q: in-page link #%s has no target", member, a)
			}
		}
		o.Format = YAML
		var y any
		if err := yaml.Unmarshal([]byte(renderString(t, f, o)), &y); err != nil {
			t.Fatal(err)
		}
		viaJSON, err := json.Marshal(y)
		if err != nil {
			t.Fatal(err)
		}
		o.Format = JSON
		var got, want any
		if err := json.Unmarshal(viaJSON, &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(renderString(t, f, o)), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("member %q: the YAML is not the JSON's tree", member)
		}
	}
}
