package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const pageDataPage = "docs/page-data.md"

// pageDataTables reads docs/page-data.md's field tables: section (the
// first word of its heading: Page, group, work, …) → field → required.
func pageDataTables(t *testing.T) map[string]map[string]bool {
	t.Helper()
	tables := map[string]map[string]bool{}
	section := ""
	row := regexp.MustCompile("^\\| `([a-z0-9_]+)` \\| [^|]+ \\| (yes|no) \\|")
	for _, line := range strings.Split(readText(t, pageDataPage), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = strings.Fields(h)[0]
			tables[section] = map[string]bool{}
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil && section != "" {
			tables[section][m[1]] = m[2] == "yes"
		}
	}
	return tables
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestPageDataReferenceIsTheSchema holds docs/page-data.md to
// docs/page-data.schema.json table by table: every field, and the
// required column.
func TestPageDataReferenceIsTheSchema(t *testing.T) {
	tables := pageDataTables(t)
	var schema struct {
		Required    []string                   `json:"required"`
		Properties  map[string]json.RawMessage `json:"properties"`
		Definitions map[string]struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal([]byte(readText(t, "docs/page-data.schema.json")), &schema); err != nil {
		t.Fatal(err)
	}
	checkSchemaTable(t, tables, "Page", schema.Properties, schema.Required)
	for _, name := range sortedKeys(schema.Definitions) {
		d := schema.Definitions[name]
		checkSchemaTable(t, tables, name, d.Properties, d.Required)
	}
}

// checkSchemaTable holds the page's table of section to the schema's
// properties and required list.
func checkSchemaTable(t *testing.T, tables map[string]map[string]bool, section string, props map[string]json.RawMessage, required []string) {
	t.Helper()
	table, ok := tables[section]
	if !ok {
		t.Errorf("%s has no table for the schema's %s", pageDataPage, section)
		return
	}
	req := map[string]bool{}
	for _, r := range required {
		req[r] = true
	}
	for _, f := range sortedKeys(props) {
		if r, ok := table[f]; !ok {
			t.Errorf("%s: %s.%s is in the schema, not in the table", pageDataPage, section, f)
		} else if r != req[f] {
			t.Errorf("%s: %s.%s required %v in the table, %v in the schema", pageDataPage, section, f, r, req[f])
		}
	}
	for _, f := range sortedKeys(table) {
		if _, ok := props[f]; !ok {
			t.Errorf("%s: %s.%s is in the table, not in the schema", pageDataPage, section, f)
		}
	}
}

// TestPageDataFieldsAreWhatRenderWrites holds the page's meanings to what
// `about render --format json` writes for the example and for
// testdata/render: every key written is in its table, key and cited_by
// only on entries, cited_by only with --counts, count is the entries of
// all groups, a group id is a year, undated or a type slug, url is never
// the DOI link, title is "Publications of" the manifest's name, person is
// the manifest's.
func TestPageDataFieldsAreWhatRenderWrites(t *testing.T) {
	tables := pageDataTables(t)
	for _, c := range []struct {
		manifest, name, orcid string
	}{
		{exampleManifest, "Peter Binfield", "0000-0002-9341-7985"},
		{"testdata/render/manifest.toml", "Ada Lovelace", "0000-0002-1825-0097"},
	} {
		for _, opts := range [][]string{nil, {"--counts"}, {"--group", "type", "--counts"}} {
			args := append(append([]string{"render", "--format", "json"}, opts...), c.manifest)
			code, out, stderr := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			var page map[string]any
			if err := json.Unmarshal([]byte(out), &page); err != nil {
				t.Fatal(err)
			}
			pc := pageDataCheck{t: t, tables: tables, at: strings.Join(args, " "), counts: len(opts) > 0}
			pc.page(page, c.name, c.orcid)
		}
	}
}

// pageDataCheck holds one rendered page's data to the page's tables.
type pageDataCheck struct {
	t      *testing.T
	tables map[string]map[string]bool
	at     string // the command that rendered it, for messages
	counts bool   // rendered with --counts
}

var pageDataGroupID = regexp.MustCompile(`^([0-9]{4}|undated|articles|preprints|datasets|software|books|other)$`)

func (c pageDataCheck) keysIn(where, section string, obj map[string]any) {
	for k := range obj {
		if _, ok := c.tables[section][k]; !ok {
			c.t.Errorf("%s: %s writes %s, not in the %s table", c.at, where, k, section)
		}
	}
}

func (c pageDataCheck) page(page map[string]any, name, orcid string) {
	c.keysIn("the page", "Page", page)
	if page["title"] != "Publications of "+name {
		c.t.Errorf("%s: title %v", c.at, page["title"])
	}
	person, _ := json.Marshal(page["person"])
	if want := `{"names":["` + name + `"],"orcids":["` + orcid + `"]}`; string(person) != want {
		c.t.Errorf("%s: person %s, want the manifest's %s", c.at, person, want)
	}
	entries := 0
	for _, g := range page["groups"].([]any) {
		g := g.(map[string]any)
		c.keysIn("a group", "group", g)
		if !pageDataGroupID.MatchString(g["id"].(string)) {
			c.t.Errorf("%s: group id %v", c.at, g["id"])
		}
		for _, w := range g["works"].([]any) {
			entries++
			c.work(g["id"].(string)+" "+w.(map[string]any)["id"].(string), w.(map[string]any), true)
		}
	}
	if n := page["count"].(float64); int(n) != entries {
		c.t.Errorf("%s: count %v, %d entries in groups", c.at, n, entries)
	}
	for _, a := range page["attribution"].([]any) {
		c.keysIn("attribution", "credit", a.(map[string]any))
	}
}

func (c pageDataCheck) work(where string, w map[string]any, entry bool) {
	c.keysIn(where, "work", w)
	if _, ok := w["key"]; ok != entry {
		c.t.Errorf("%s: %s has key %v (entries only)", c.at, where, ok)
	}
	if _, ok := w["cited_by"]; ok && (!entry || !c.counts) {
		c.t.Errorf("%s: %s has cited_by (with --counts, on entries only)", c.at, where)
	}
	if u, _ := w["url"].(string); strings.Contains(u, "doi.org/") {
		c.t.Errorf("%s: %s url %s is the DOI link", c.at, where, u)
	}
	for _, a := range w["authors"].([]any) {
		c.keysIn(where+" author", "author", a.(map[string]any))
	}
	if oa, ok := w["open_access"].(map[string]any); ok {
		c.keysIn(where+" open_access", "open_access", oa)
	}
	if cb, ok := w["cited_by"].(map[string]any); ok {
		c.keysIn(where+" cited_by", "cited_by", cb)
	}
	for _, v := range asList(w["versions"]) {
		c.keysIn(where+" version", "version", v.(map[string]any))
		if _, ok := w["version"]; ok {
			c.t.Errorf("%s: %s lists versions and cites version %v", c.at, where, w["version"])
		}
	}
	for _, p := range asList(w["preprints"]) {
		c.work(where+" preprint", p.(map[string]any), false)
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestPageDataPersonIsTheManifests holds docs/page-data.md's person and
// self rows: with no name in the manifest, the title still takes the
// ORCID record's name, person.names is empty, and an author without an
// iD who bears that name is not marked self (one with the iD is).
func TestPageDataPersonIsTheManifests(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/render")); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "manifest.toml")
	text := strings.Replace(readText(t, m), "name = \"Ada Lovelace\"\n", "", 1)
	if err := os.WriteFile(m, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI(t, "render", "--format", "json", m)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var page struct {
		Title  string `json:"title"`
		Person struct {
			Names []string `json:"names"`
		} `json:"person"`
		Groups []struct {
			Works []struct {
				Authors []struct {
					Name  string `json:"name"`
					ORCID string `json:"orcid"`
					Self  bool   `json:"self"`
				} `json:"authors"`
			} `json:"works"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(out), &page); err != nil {
		t.Fatal(err)
	}
	if page.Title != "Publications of Ada Lovelace" || len(page.Person.Names) != 0 {
		t.Errorf("title %q, person.names %v; want the ORCID record's name and none", page.Title, page.Person.Names)
	}
	withID, withoutID := 0, 0
	for _, g := range page.Groups {
		for _, w := range g.Works {
			for _, a := range w.Authors {
				switch {
				case a.Name == "Ada Lovelace" && a.ORCID != "" && a.Self:
					withID++
				case a.Name == "Ada Lovelace" && a.ORCID == "":
					withoutID++
					if a.Self {
						t.Errorf("an author without an iD is marked self with no manifest name")
					}
				}
			}
		}
	}
	if withID == 0 || withoutID == 0 {
		t.Errorf("the fixture no longer has Ada Lovelace with (%d) and without (%d) an iD", withID, withoutID)
	}
}
