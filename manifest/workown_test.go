package manifest

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestWorkWithoutIdentifierIsKnownByItsKey(t *testing.T) {
	src := `[[identity]]
orcid = "0000-0002-1825-0097"

[[work]]
key = "lee2021workshop"
type = "paper-conference"
title = "  Graphs   for all "
authors = ["Lee, Ann", "Omar  Haddad", "{CMS Collaboration}"]
venue = "Workshop on Graph Learning"
date = "2021-07"
url = "https://example.org/ws/12"
pages = "1-8"

[work.fields]
bibtex_show = true
abbr = "GLW"
projects = ["graphs", "learning"]
weight = 3
`
	m, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	w := m.Works[0]
	wantID := Identity{Kind: KindKey, Value: "lee2021workshop"}
	if w.ID != wantID || w.Key != "lee2021workshop" {
		t.Errorf("id %v key %q, want %v and its key", w.ID, w.Key, wantID)
	}
	wantOwn := WorkRecord{Type: "paper-conference", Title: "Graphs for all", Authors: []string{"Lee, Ann", "Omar Haddad", "{CMS Collaboration}"},
		Venue: "Workshop on Graph Learning", Pages: "1-8", Date: "2021-07", URL: "https://example.org/ws/12", Line: 6}
	if !reflect.DeepEqual(w.Own, wantOwn) {
		t.Errorf("own\n%+v\nwant\n%+v", w.Own, wantOwn)
	}
	// the manifest's order, not the map's: a site file writes them back so
	wantFields := []CustomField{{"bibtex_show", true, 15}, {"abbr", "GLW", 16}, {"projects", []string{"graphs", "learning"}, 17}, {"weight", int64(3), 18}}
	if !reflect.DeepEqual(w.Fields, wantFields) {
		t.Errorf("fields\n%#v\nwant\n%#v", w.Fields, wantFields)
	}
	// fetch asks for it as for any identity the manifest names
	if last := m.Identities[len(m.Identities)-1]; last.Identity != wantID || last.Line != 4 {
		t.Errorf("identities end with %+v, want the work at line 4", last)
	}
	if id, err := ParseID("key:lee2021workshop"); err != nil || id != wantID {
		t.Errorf("ParseID(key:…) = %v, %v", id, err)
	}
}

func TestWorkOwnFieldsErrorsNameLineAndValue(t *testing.T) {
	head := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"
	cases := []struct {
		name, src string
		line      int
		value     string
		msg       string
	}{
		{"neither id nor key", "[[work]]\ntitle = \"A talk\"\n", 3, "", "has no id and no key"},
		{"key without title", "[[work]]\nkey = \"lee2021\"\nvenue = \"X\"\n", 3, "lee2021", "has no id and no title"},
		{"bad key", "[[work]]\nkey = \"lee 2021\"\ntitle = \"A\"\n", 4, "lee 2021", "[[work]] key"},
		{"type", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\ntype = \"inproceedings\"\n", 6, "inproceedings", "[[work]] type \"inproceedings\" is not a CSL type"},
		{"date", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\ndate = \"June 2021\"\n", 6, "June 2021", "is not a date"},
		{"impossible date", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\ndate = \"2021-02-30\"\n", 6, "2021-02-30", "is not a date"},
		{"url a site path", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\nurl = \"/papers/a\"\n", 6, "/papers/a", "is a path on your site"},
		{"url javascript", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\nurl = \"javascript:alert(1)\"\n", 6, "javascript:alert(1)", "neither an http(s) URL"},
		{"empty author", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\nauthors = [\"Lee, Ann\", \" \"]\n", 6, `" "`, "holds an empty name"},
		{"control in title", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\\u0007B\"\n", 5, "A\aB", "U+0007"},
		{"reserved field", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\nDOI = \"10.1/x\"\n", 7, "DOI", "a field about writes itself"},
		{"field name", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\n\"url pdf\" = \"x\"\n", 7, "url pdf", "is not a field name"},
		{"unpaired braces", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\nabbr = \"}{\"\n", 7, "abbr", "braces that do not pair"},
		{"nested table", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\nx = {a = {b = 1}}\n", 7, "x", "a table in a table"},
		{"javascript link", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\nhtml = \"javascript:alert(1)\"\n", 7, "html", "a link to a javascript: address"},
		{"data link in a table", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[work.fields]\nlinks = [{name = \"x\", url = \"data:text/html,x\"}]\n", 7, "links", "a link to a data: address"},
		{"same key twice", "[[work]]\nkey = \"lee2021\"\ntitle = \"A\"\n[[work]]\nkey = \"Lee2021\"\ntitle = \"B\"\n", 7, "Lee2021", "already the key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("m.toml", []byte(head+c.src))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a manifest.Error", err)
			}
			if e.Line != c.line || e.Value != c.value || !strings.Contains(e.Error(), c.msg) {
				t.Errorf("line %d value %q: %v\nwant line %d value %q, %q", e.Line, e.Value, e, c.line, c.value, c.msg)
			}
		})
	}
}
