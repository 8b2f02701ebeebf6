package render

import (
	"encoding/json"
	"encoding/xml"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/shape"
)

// expectedAtomID is the documented rule for an entry's id, restated: a
// DOI's resolver URL, else a tag: URI of the identity key.
func expectedAtomID(key string) string {
	if doi, ok := strings.CutPrefix(key, "doi:"); ok {
		return "https://doi.org/" + strings.ToLower(doi)
	}
	return "tag:aboutscholar.github.io,2026:work/" + key
}

// The fixture's feed, read by hand: the six entries of the page, newest
// first (the two of 17 May 2023 by title), the talk known only to ORCID
// under a tag: URI, each dated by its own date.
func TestAtomFeedOfTheFixture(t *testing.T) {
	f, person := fixture(t)
	feed := parseAtom(t, renderString(t, f, Options{Format: Atom, Person: person}))
	want := []struct{ id, updated string }{
		{"https://doi.org/10.5281/zenodo.7000000", "2024-01-15T00:00:00Z"},
		{"https://doi.org/10.5555/jcp.2023.042", "2023-05-17T00:00:00Z"},
		{"https://doi.org/10.5555/fast.2023.7", "2023-05-17T00:00:00Z"},
		{"https://doi.org/10.5281/zenodo.7654321", "2022-11-01T00:00:00Z"},
		{"https://doi.org/10.5555/book.2020.ch3", "2020-03-01T00:00:00Z"},                                        // March 2020
		{"tag:aboutscholar.github.io,2026:work/orcid-work:0000-0002-1825-0097/15536015", "2019-01-01T00:00:00Z"}, // 2019
	}
	if len(feed.Entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(feed.Entries), len(want))
	}
	for i, w := range want {
		if e := feed.Entries[i]; e.ID != w.id || e.Updated != w.updated {
			t.Errorf("entry %d: id %s updated %s; want %s %s", i, e.ID, e.Updated, w.id, w.updated)
		}
	}
	if feed.ID != "https://orcid.org/0000-0002-1825-0097" || feed.Title != "Publications of Ada Lovelace" ||
		feed.Author.Name != "Ada Lovelace" || feed.Updated != "2024-01-15T00:00:00Z" {
		t.Errorf("feed id %q, title %q, author %q, updated %q", feed.ID, feed.Title, feed.Author.Name, feed.Updated)
	}
}

// Every feed keeps the Atom rules (RFC 4287) that can be checked without
// a network: each entry has one id, title and updated, dates are RFC 3339,
// ids are absolute IRIs and unique, each entry links or has content, the
// feed has an author; and the entries are the page's, newest first, with
// the ids the documented rule gives.
func TestAtomFeedKeepsTheAtomRules(t *testing.T) {
	corpora := citationCorpora(t)
	for _, name := range sortedNames(corpora) {
		text := renderString(t, corpora[name], Options{Format: Atom, Person: ada})
		for _, p := range atomRuleProblems(text) {
			t.Errorf("%s: %s", name, p)
		}
		feed := parseAtom(t, text)
		shown := buildPage(corpora[name], Options{Group: ByYear, Person: ada}).shown
		if len(feed.Entries) != len(shown) {
			t.Fatalf("%s: %d entries, the page has %d", name, len(feed.Entries), len(shown))
		}
		for i, e := range shown {
			if got := feed.Entries[i].ID; got != expectedAtomID(e.id) {
				t.Errorf("%s: entry %d id %s, want %s", name, i, got, expectedAtomID(e.id))
			}
			if i > 0 && feed.Entries[i].Updated > feed.Entries[i-1].Updated {
				t.Errorf("%s: entry %d (%s) is newer than the one before it", name, i, feed.Entries[i].Updated)
			}
		}
	}
}

// A real feed parser reads every feed without complaint (feedparser's
// bozo flag stays 0), with every entry, its id, title and link, in the
// feed's order.
func TestAtomFeedReadsInFeedparser(t *testing.T) {
	python := python3With(t, "feedparser", "python3-feedparser")
	const script = `import feedparser, json, sys
d = feedparser.parse(sys.argv[1])
print(json.dumps({"bozo": int(d.bozo), "error": str(d.get("bozo_exception", "")), "version": d.version,
  "id": d.feed.get("id"), "title": d.feed.get("title"),
  "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"),
    "updated": e.get("updated"), "parsed": list(e.updated_parsed[:3]) if e.get("updated_parsed") else None}
    for e in d.entries]}))`
	broken := writeTemp(t, t.TempDir(), "broken.xml", `<feed xmlns="http://www.w3.org/2005/Atom"><title>R&D</title></feed>`)
	if stdout, _, err := run(t, ".", python, "-c", script, broken); err != nil || !strings.HasPrefix(stdout, `{"bozo": 1`) {
		t.Errorf("feedparser does not flag a broken feed (%v): %s", err, stdout)
	}
	corpora := citationCorpora(t)
	for _, name := range sortedNames(corpora) {
		text := renderString(t, corpora[name], Options{Format: Atom, Person: ada})
		file := writeTemp(t, t.TempDir(), "feed.xml", text)
		stdout, stderr, err := run(t, ".", python, "-c", script, file)
		if err != nil {
			t.Fatalf("%s: feedparser: %v\n%s", name, err, stderr)
		}
		var got struct {
			Bozo    int
			Error   string
			Version string
			Entries []struct {
				ID, Title, Link, Updated string
				Parsed                   []int
			}
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, stdout)
		}
		if got.Bozo != 0 || got.Version != "atom10" {
			t.Errorf("%s: feedparser: bozo %d (%s), version %q", name, got.Bozo, got.Error, got.Version)
		}
		feed := parseAtom(t, text)
		if len(got.Entries) != len(feed.Entries) {
			t.Fatalf("%s: feedparser read %d entries of %d", name, len(got.Entries), len(feed.Entries))
		}
		for i, e := range feed.Entries {
			g := got.Entries[i]
			if g.ID != e.ID || g.Title != e.Title || g.Link != atomAlternate(e) || len(g.Parsed) != 3 || g.Updated != e.Updated {
				t.Errorf("%s: entry %d read as %+v; written id %s title %q link %s updated %s", name, i, g, e.ID, e.Title, atomAlternate(e), e.Updated)
			}
		}
	}
}

// The same snapshots give the same bytes: read from disk twice, and
// rendered twice from one reading.
func TestAtomFeedIsTheSameBytesEachTime(t *testing.T) {
	first, person := fixture(t)
	again, _ := fixture(t)
	a := renderString(t, first, Options{Format: Atom, Person: person})
	if b, c := renderString(t, again, Options{Format: Atom, Person: person}), renderString(t, first, Options{Format: Atom, Person: person}); a != b || a != c {
		t.Error("two renders of the same snapshots differ")
	}
}

// A work with no link at all gets its kind, venue and date as content
// (Atom wants one or the other); a work known only to an ORCID record
// links to that record; a page with no ORCID iD and no name still has a
// feed id and author, and one with no works an updated date. Every kind
// of manifest's table links somewhere, so the linkless work is known by a
// kind the table lacks.
func TestAtomFeedWithoutLinksOrPerson(t *testing.T) {
	f := &folder.Folder{Root: "bare", Works: []folder.Work{
		{ID: "example:2101.00001", Record: record.Record{Title: "A bare preprint", Type: "article", Issued: record.NewDate(2021, 0, 0)}},
		{ID: "orcid-work:0000-0002-1825-0097/42", Record: record.Record{Title: "A talk", Type: "speech"}},
	}}
	text := renderString(t, f, Options{Format: Atom})
	for _, p := range atomRuleProblems(text) {
		t.Error(p)
	}
	feed := parseAtom(t, text)
	if feed.ID != "tag:aboutscholar.github.io,2026:feed/publications" || feed.Author.Name != "Anonymous" || len(feed.Entries) != 2 {
		t.Fatalf("feed id %q, author %q, %d entries:\n%s", feed.ID, feed.Author.Name, len(feed.Entries), text)
	}
	bare, talk := feed.Entries[0], feed.Entries[1]
	if bare.Content == nil || bare.Content.Text != "Preprint. 2021." || len(bare.Links) != 0 {
		t.Errorf("the bare preprint: content %+v, links %+v:\n%s", bare.Content, bare.Links, text)
	}
	if atomAlternate(talk) != "https://orcid.org/0000-0002-1825-0097" || talk.Updated != atomUndated || talk.Published != "" {
		t.Errorf("the undated talk: link %q, updated %q, published %q", atomAlternate(talk), talk.Updated, talk.Published)
	}
	empty := parseAtom(t, renderString(t, &folder.Folder{Root: "empty"}, Options{Format: Atom, Person: Person{Names: []string{"Ada  Lovelace"}}}))
	if empty.ID != "tag:aboutscholar.github.io,2026:feed/ada-lovelace" || empty.Updated != atomUndated || len(empty.Entries) != 0 {
		t.Errorf("empty feed: id %q, updated %q, %d entries", empty.ID, empty.Updated, len(empty.Entries))
	}
}

// The rule checks catch what RFC 4287 forbids, so a pass means something.
func TestAtomRuleCheckCatchesBrokenFeeds(t *testing.T) {
	const head = `<feed xmlns="http://www.w3.org/2005/Atom"><id>tag:x,2026:f</id><title>T</title><updated>2020-01-01T00:00:00Z</updated><author><name>A</name></author>`
	const entry = `<id>https://doi.org/10.1/x</id><title>W</title><link rel="alternate" href="https://doi.org/10.1/x"/>`
	for _, bad := range []string{
		`<feed><id>x</id></feed>`, // not in the Atom namespace
		`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><updated>2020-01-01T00:00:00Z</updated><author><name>A</name></author></feed>`,
		`<feed xmlns="http://www.w3.org/2005/Atom"><id>tag:x,2026:f</id><title>T</title><updated>2020-01-01T00:00:00Z</updated></feed>`,
		head + `<entry>` + entry + `</entry></feed>`,
		head + `<entry>` + entry + `<updated>2020-01-01</updated></entry></feed>`,
		head + `<entry>` + entry + `<updated>2020-01-01T00:00:00Z</updated><updated>2020-01-01T00:00:00Z</updated></entry></feed>`,
		head + `<entry><id>tag:x,2026:w</id><title>W</title><updated>2020-01-01T00:00:00Z</updated></entry></feed>`,
		head + `<entry>` + entry + `<updated>2020-01-01T00:00:00Z</updated></entry><entry>` + entry + `<updated>2020-01-01T00:00:00Z</updated></entry></feed>`,
		head + `<entry><id>relative</id><title>W</title><updated>2020-01-01T00:00:00Z</updated><content>c</content></entry></feed>`,
	} {
		if len(atomRuleProblems(bad)) == 0 {
			t.Errorf("passes the Atom rule check: %s", bad)
		}
	}
	if p := atomRuleProblems(head + `<entry>` + entry + `<updated>2020-01-01T00:00:00Z</updated></entry></feed>`); len(p) != 0 {
		t.Errorf("a valid feed fails: %v", p)
	}
}

func parseAtom(t *testing.T, text string) shape.AtomFeed {
	t.Helper()
	var feed shape.AtomFeed
	if err := xml.Unmarshal([]byte(text), &feed); err != nil {
		t.Fatalf("the feed is not XML: %v\n%s", err, text)
	}
	return feed
}

func atomAlternate(e shape.AtomEntry) string {
	for _, l := range e.Links {
		if l.Rel == "alternate" {
			return l.Href
		}
	}
	return ""
}

// atomElement is any element, for the rule checks: its name, attributes
// and children.
type atomElement struct {
	XMLName  xml.Name
	Attrs    []xml.Attr    `xml:",any,attr"`
	Children []atomElement `xml:",any"`
	Text     string        `xml:",chardata"`
}

// atomRuleProblems checks RFC 4287's rules on the feed's own elements.
func atomRuleProblems(text string) []string {
	var root atomElement
	if err := xml.Unmarshal([]byte(text), &root); err != nil {
		return []string{"not XML: " + err.Error()}
	}
	if root.XMLName.Space != atomNamespace || root.XMLName.Local != "feed" {
		return []string{"the root is not an Atom feed: " + root.XMLName.Space + " " + root.XMLName.Local}
	}
	problems := onceEach(root, "feed", "id", "title", "updated")
	if len(childrenNamed(root, "author")) == 0 {
		problems = append(problems, "the feed has no author, so entries without one have none")
	}
	ids := map[string]bool{}
	for _, e := range childrenNamed(root, "entry") {
		problems = append(problems, onceEach(e, "entry", "id", "title", "updated")...)
		problems = append(problems, atomEntryProblems(e, ids)...)
	}
	return problems
}

func atomEntryProblems(e atomElement, ids map[string]bool) []string {
	var problems []string
	for _, id := range childrenNamed(e, "id") {
		if u, err := url.Parse(id.Text); err != nil || u.Scheme == "" || ids[id.Text] {
			problems = append(problems, "entry id not an absolute IRI, or not unique: "+id.Text)
		}
		ids[id.Text] = true
	}
	for _, name := range []string{"updated", "published"} {
		for _, d := range childrenNamed(e, name) {
			if _, err := time.Parse(time.RFC3339, d.Text); err != nil {
				problems = append(problems, name+" is not RFC 3339: "+d.Text)
			}
		}
	}
	alternate := slices.ContainsFunc(childrenNamed(e, "link"), func(l atomElement) bool {
		return slices.ContainsFunc(l.Attrs, func(a xml.Attr) bool { return a.Name.Local == "rel" && a.Value == "alternate" })
	})
	if !alternate && len(childrenNamed(e, "content")) == 0 {
		problems = append(problems, "entry has neither content nor an alternate link (RFC 4287 4.1.1.1)")
	}
	for _, a := range childrenNamed(e, "author") {
		if len(childrenNamed(a, "name")) != 1 || strings.TrimSpace(childrenNamed(a, "name")[0].Text) == "" {
			problems = append(problems, "an author without one name")
		}
	}
	return problems
}

// onceEach reports each of the names that el does not have exactly once.
func onceEach(el atomElement, what string, names ...string) []string {
	var problems []string
	for _, n := range names {
		if c := childrenNamed(el, n); len(c) != 1 || strings.TrimSpace(c[0].Text) == "" {
			problems = append(problems, what+": not exactly one non-empty "+n)
		}
	}
	return problems
}

func childrenNamed(el atomElement, name string) []atomElement {
	var out []atomElement
	for _, c := range el.Children {
		if c.XMLName.Space == atomNamespace && c.XMLName.Local == name {
			out = append(out, c)
		}
	}
	return out
}

// python3With is a python3 that imports module: the one on PATH, else
// Debian's, where its python3-… package puts it (a python3 of one's own,
// such as pyenv's, does not see those); missing, it ends the test as a
// missing tool does.
func python3With(t *testing.T, module, debian string) string {
	t.Helper()
	for _, candidate := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(candidate)
		if err != nil {
			continue
		}
		if _, _, err := run(t, ".", path, "-c", "import "+module); err == nil {
			return filepath.Clean(path)
		}
	}
	testtool.Missing(t, "no python3 imports %s (Debian's %s)", module, debian)
	return ""
}
