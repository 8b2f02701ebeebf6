package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// fixtureWithOwner is a copy of the fixture folder whose ORCID record's
// file is file.
func fixtureWithOwner(t *testing.T, file string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(fixtureManifest)+"/snapshots")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, snapshots.ORCIDDir, "orcid_0000-0002-1825-0097.json")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Without a name in the manifest the heading is the name on the ORCID
// record (orcid/<iD>.json): its credit name when set, else given and
// family names — not the spelling the works happen to use ("Ada
// Lovelace"). The manifest's name still wins.
func TestHeadingTakesTheORCIDRecordsName(t *testing.T) {
	_, person := fixture(t)
	manifestName := person.Names
	person.Names = nil
	cases := []struct{ name, file, want string }{
		{"credit name", `{"orcid":"0000-0002-1825-0097","name":{"given":"Augusta Ada","family":"King","credit":"A. A. King-Noel"},"works":[]}`, "<h1>Publications of A. A. King-Noel</h1>"},
		{"given and family", `{"orcid":"0000-0002-1825-0097","name":{"given":"Augusta Ada","family":"King"},"works":[]}`, "<h1>Publications of Augusta Ada King</h1>"},
		{"no name: the works' spelling", `{"orcid":"0000-0002-1825-0097","works":[]}`, "<h1>Publications of Ada Lovelace</h1>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := folder.Load(fixtureWithOwner(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			if page := renderString(t, f, Options{Format: HTML, Person: person}); !strings.Contains(page, c.want) {
				t.Errorf("want %s in\n%.600s", c.want, page)
			}
			withName := person
			withName.Names = manifestName
			if page := renderString(t, f, Options{Format: HTML, Person: withName}); !strings.Contains(page, "<h1>Publications of Ada Lovelace</h1>") {
				t.Errorf("the manifest's name does not win:\n%.600s", page)
			}
		})
	}
}

// A damaged ORCID record file is an error naming the file, not a page
// quietly headed by another name.
func TestDamagedORCIDFileIsAnError(t *testing.T) {
	_, err := folder.Load(fixtureWithOwner(t, `{"orcid":"0000-0002-1825-0097","name":"Ada"`))
	if err == nil || !strings.Contains(err.Error(), "orcid_0000-0002-1825-0097.json") {
		t.Errorf("err = %v, want an error naming the orcid file", err)
	}
}

// TestAuthorlessWorkIsKeyedByItsORCIDRecordsOwner: a work no service gave
// authors for, listed by an ORCID record whose owner's name is known, is
// keyed by the owner's family name (credit name read as "Given Family"
// when there is no family name), else by the family part of the name the
// manifest gives with that iD, and its BibTeX entry still has no author.
// A name with no Latin letters gives way to the next (#32). Without any
// name, or when no record lists it, "anon" stays.
func TestAuthorlessWorkIsKeyedByItsORCIDRecordsOwner(t *testing.T) {
	const notes = "orcid-work:0000-0002-1825-0097/15536015"
	_, person := fixture(t)
	unnamed := Person{ORCIDs: person.ORCIDs}
	cases := []struct {
		name, file, want string
		person           Person
	}{
		{"family name", `{"orcid":"0000-0002-1825-0097","name":{"given":"Augusta Ada","family":"King"},"works":["` + notes + `"]}`, "king2019notes", person},
		{"credit name only", `{"orcid":"0000-0002-1825-0097","name":{"credit":"Ada van der Lovelace"},"works":["` + notes + `"]}`, "vanderlovelace2019notes", person},
		{"manifest name", `{"orcid":"0000-0002-1825-0097","works":["` + notes + `"]}`, "lovelace2019notes", person},
		{"a family name in kanji, a Latin credit name", `{"orcid":"0000-0002-1825-0097","name":{"given":"元彦","family":"宮地","credit":"Motohiko Miyachi"},"works":["` + notes + `"]}`, "miyachi2019notes", person},
		{"kanji only, the manifest's name", `{"orcid":"0000-0002-1825-0097","name":{"given":"元彦","family":"宮地"},"works":["` + notes + `"]}`, "lovelace2019notes", person},
		{"kanji only, no other name", `{"orcid":"0000-0002-1825-0097","name":{"given":"元彦","family":"宮地"},"works":["` + notes + `"]}`, "anon2019notes", unnamed},
		{"no name anywhere", `{"orcid":"0000-0002-1825-0097","works":["` + notes + `"]}`, "anon2019notes", unnamed},
		{"not listed", `{"orcid":"0000-0002-1825-0097","name":{"family":"King"},"works":[]}`, "anon2019notes", person},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := folder.Load(fixtureWithOwner(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			p := buildPage(f, Options{Format: BibTeX, Person: c.person})
			var got *entry
			for _, e := range p.all {
				if e.id == notes {
					got = e
				}
				if e.id != notes && strings.HasPrefix(e.key, "king") {
					t.Errorf("%s, which has authors, was keyed %s", e.id, e.key)
				}
			}
			if got == nil {
				t.Fatalf("%s is not on the page", notes)
			}
			if got.key != c.want {
				t.Fatalf("key %s, want %s", got.key, c.want)
			}
			assertNoAuthor(t, renderString(t, f, Options{Format: BibTeX, Person: c.person}), c.want)
		})
	}
}

// assertNoAuthor checks that bib has an entry keyed key, without authors.
func assertNoAuthor(t *testing.T, bib, key string) {
	t.Helper()
	start := strings.Index(bib, "{"+key+",")
	if start < 0 {
		t.Fatalf("no BibTeX entry keyed %s:\n%s", key, bib)
	}
	entryText := bib[start:]
	if end := strings.Index(entryText, "\n}"); end >= 0 {
		entryText = entryText[:end]
	}
	if strings.Contains(entryText, "author") {
		t.Errorf("the authorless work's entry got an author list:\n%s", entryText)
	}
}
