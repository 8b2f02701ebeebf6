package manifest

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The lab fixture's manifest reads as written: the title, the lab, six
// members with every field, and the members' iDs and works among the
// identities (named for the member), after the [[identity]]s.
func TestLabManifest(t *testing.T) {
	m, err := Load("../testdata/lab/manifest.toml")
	if err != nil {
		t.Fatal(err)
	}
	if m.Title != "Publications of the Holt Lab" {
		t.Errorf("title = %q", m.Title)
	}
	if m.Lab == nil || m.Lab.Name != "Holt Lab" || m.Lab.URL != "https://holtlab.example.org" {
		t.Fatalf("lab = %+v", m.Lab)
	}
	var names []string
	for _, mem := range m.Lab.Members {
		names = append(names, mem.Name)
	}
	if want := []string{"Maren Holt", "Ada Quist", "Ben Okafor", "Wei Chen", "Dana Ferreira", "Élodie Marchand"}; !slices.Equal(names, want) {
		t.Errorf("members = %q, want %q", names, want)
	}
	holt, chen, dana := m.Lab.Members[0], m.Lab.Members[3], m.Lab.Members[4]
	if holt.ORCID != "0000-0002-1111-2222" || holt.Role != "Principal investigator" || holt.Start != 2011 || holt.End != 0 ||
		holt.URL != "https://holtlab.example.org/people/holt" || !slices.Equal(holt.Also, []string{"M. A. Holt"}) || holt.Alumnus() {
		t.Errorf("Maren Holt = %+v", holt)
	}
	if !chen.Alumnus() || chen.Start != 2016 || chen.End != 2022 {
		t.Errorf("Wei Chen = %+v, want an alumnus of 2016–2022", chen)
	}
	if dana.ORCID != "" || len(dana.Works) != 1 || dana.Works[0].Key() != "doi:10.5555/holt.2021.4" {
		t.Errorf("Dana Ferreira = %+v", dana)
	}
	var ids []string
	for _, e := range m.Identities {
		ids = append(ids, e.Key()+" "+e.Name)
	}
	want := []string{
		"doi:10.5281/zenodo.8000008 ",
		"orcid:0000-0002-1111-2222 Maren Holt",
		"orcid:0000-0003-3333-4448 Ada Quist",
		"orcid:0000-0002-4444-555X Ben Okafor",
		"orcid:0000-0001-5555-6661 Wei Chen",
		"doi:10.5555/holt.2021.4 ",
		"orcid:0000-0003-6666-7775 Élodie Marchand",
	}
	if !slices.Equal(ids, want) {
		t.Errorf("identities:\n%s\nwant:\n%s", strings.Join(ids, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Contains(m.Providers, "orcid") && m.Providers != nil {
		t.Errorf("providers = %v: members' iDs imply orcid", m.Providers)
	}
}

// A lab needs no [[identity]]: its members' iDs are the identities. An
// [[identity]] repeating a member's iD is that one identity, and a title
// alone (no lab) titles one researcher's page.
func TestLabIdentities(t *testing.T) {
	m, err := Parse("m.toml", []byte(`providers = ["crossref"]
[[identity]]
orcid = "0000-0002-1825-0097"
[lab]
name = "Carberry Group"
[[member]]
name = "Josiah Carberry"
orcid = "https://orcid.org/0000-0002-1825-0097"
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Identities) != 1 || m.Identities[0].Name != "Josiah Carberry" || m.Identities[0].Line != 3 {
		t.Errorf("identities = %+v, want the one iD, named for the member", m.Identities)
	}
	if !slices.Contains(m.Providers, "orcid") {
		t.Errorf("providers = %v: a member's iD implies orcid, as an [[identity]]'s does", m.Providers)
	}
	m, err = Parse("m.toml", []byte("title = \"Ada's papers\"\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Title != "Ada's papers" || m.Lab != nil {
		t.Errorf("title = %q, lab = %+v", m.Title, m.Lab)
	}
	if _, err := Parse("m.toml", []byte("[lab]\nname = \"Empty Lab\"\n")); err == nil || !strings.Contains(err.Error(), "no [[identity]]") {
		t.Errorf("a lab with no members and no identities: %v", err)
	}
}

// Every mistake in title, [lab] and [[member]] is an error naming the file,
// the line and the value, with a hint.
func TestLabErrors(t *testing.T) {
	const lab = "[lab]\nname = \"Holt Lab\"\n"
	const member = "[[member]]\nname = \"Maren Holt\"\n"
	for _, c := range []struct {
		name, src string
		line      int
		value     string
		want      string
	}{
		{"member without lab", "[[identity]]\ndoi = \"10.1/x\"\n" + member, 3, "Maren Holt", "[[member]] without [lab]"},
		{"lab without name", "[lab]\nurl = \"https://x.example.org\"\n" + member, 1, "", "[lab] has no name"},
		{"lab url", "[lab]\nname = \"L\"\nurl = \"holtlab.example.org\"\n" + member, 3, "holtlab.example.org", "is not an http(s) address"},
		{"lab url scheme", "[lab]\nname = \"L\"\nurl = \"javascript:alert(1)\"\n" + member, 3, "javascript:alert(1)", "is not an http(s) address"},
		{"empty title", "title = \" \"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, " ", "title is empty"},
		{"title line break", "title = \"a\\nb\"\n[[identity]]\ndoi = \"10.1/x\"\n", 1, "a\nb", "line break"},
		{"title in lab", "[lab]\nname = \"L\"\ntitle = \"T\"\n", 3, "lab.title", `unknown key "lab.title"`},
		{"unknown member key", lab + member + "email = \"m@x.org\"\n", 5, "member.email", `unknown key "member.email"`},
		{"member without name", lab + "[[member]]\norcid = \"0000-0002-1825-0097\"\n", 3, "", "[[member]] has no name"},
		{"same name twice", lab + member + "[[member]]\nname = \"maren holt\"\n", 6, "maren holt", "again; line 4"},
		{"check digit", lab + member + "orcid = \"0000-0002-1825-0098\"\n", 5, "0000-0002-1825-0098", "check digit"},
		{"shared orcid", lab + member + "orcid = \"0000-0002-1825-0097\"\n[[member]]\nname = \"B\"\norcid = \"0000-0002-1825-0097\"\n", 8, "0000-0002-1825-0097", "has the ORCID iD"},
		{"start not a year", lab + member + "start = 19\n", 5, "19", "is not a year"},
		{"end before start", lab + member + "start = 2019\nend = 2017\n", 6, "2017", "ends (2017) before it starts (2019)"},
		{"year as text", lab + member + "start = \"2019\"\n", 5, "member.start", "a year as a number"},
		{"member url", lab + member + "url = \"ftp://x.example.org\"\n", 5, "ftp://x.example.org", "is not an http(s) address"},
		{"empty spelling", lab + member + "also = [\"M. Holt\", \"\"]\n", 5, "", "also holds an empty name"},
		{"bad work", lab + member + "works = [\"10.5555\"]\n", 5, "10.5555", "works"},
		{"orcid as work", lab + member + "works = [\"orcid-work:0000-0002-1825-0097/1\"]\n", 5, "orcid-work:0000-0002-1825-0097/1", "not a work fetch can look up"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("lab.toml", []byte(c.src))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a *manifest.Error", err)
			}
			if e.File != "lab.toml" || e.Line != c.line || e.Value != c.value || !strings.Contains(e.Error(), c.want) {
				t.Errorf("got %s:%d value %q: %v\nwant line %d, value %q, %q", e.File, e.Line, e.Value, e, c.line, c.value, c.want)
			}
			if e.Hint == "" {
				t.Errorf("%v: no hint", e)
			}
		})
	}
}
