package manifest

// No test here makes a request: URLs appear only as text to parse.

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseWork(t *testing.T) {
	src := `[[identity]]
orcid = "0000-0002-1825-0097"

[[work]]
id = "https://doi.org/10.1101/2020.12.01.406702"
website = "https://vqf.example.org"
pdf = "/assets/pdf/vqf.pdf"
code = "https://github.com/example/vqf"
image = "/assets/img/vqf.png"
award = "  Best Paper Award "
note = "Invited talk at ISMB 2021"
tags = ["filters", "  approximate   membership "]
equal = [2, 1]
corresponding = [3]
`
	m, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Work{{
		ID: Identity{Kind: KindDOI, Value: "10.1101/2020.12.01.406702"},
		// the kinds' own order, whatever the file's
		Links: []WorkLink{{"pdf", "/assets/pdf/vqf.pdf"}, {"code", "https://github.com/example/vqf"}, {"website", "https://vqf.example.org"}},
		Image: "/assets/img/vqf.png", Award: "Best Paper Award", Note: "Invited talk at ISMB 2021",
		Tags: []string{"filters", "approximate membership"}, Equal: []int{1, 2}, Corresponding: []int{3}, Line: 4,
	}}
	if !reflect.DeepEqual(m.Works, want) {
		t.Errorf("works\n%+v\nwant\n%+v", m.Works, want)
	}
}

func TestWorkErrorsNameLineAndValue(t *testing.T) {
	head := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"
	cases := []struct {
		name, src string
		line      int
		value     string
		msg       string
	}{
		{"no id", "[[work]]\npdf = \"https://x.org/a.pdf\"\n", 3, "", "[[work]] has no id"},
		{"bad id", "[[work]]\nid = \"10.1234\"\npdf = \"https://x.org/a.pdf\"\n", 4, "10.1234", "is not an identifier"},
		{"nothing set", "[[work]]\nid = \"doi:10.1234/x\"\n", 3, "doi:10.1234/x", "[[work]] sets nothing"},
		{"relative path", "[[work]]\nid = \"doi:10.1234/x\"\nslides = \"slides.pdf\"\n", 5, "slides.pdf", "neither an http(s) URL nor a site path"},
		{"javascript", "[[work]]\nid = \"doi:10.1234/x\"\nvideo = \"javascript:alert(1)\"\n", 5, "javascript:alert(1)", "neither an http(s) URL"},
		{"protocol relative", "[[work]]\nid = \"doi:10.1234/x\"\nblog = \"//evil.example/x\"\n", 5, "//evil.example/x", "neither an http(s) URL"},
		{"no host", "[[work]]\nid = \"doi:10.1234/x\"\ncode = \"https:///x\"\n", 5, "https:///x", "has no host"},
		{"space", "[[work]]\nid = \"doi:10.1234/x\"\nposter = \"/a b.pdf\"\n", 5, "/a b.pdf", "white space"},
		{"image", "[[work]]\nid = \"doi:10.1234/x\"\nimage = \"ftp://x.org/a.png\"\n", 5, "ftp://x.org/a.png", "[[work]] image"},
		{"empty tag", "[[work]]\nid = \"doi:10.1234/x\"\ntags = [\"a\", \" \"]\n", 5, `" "`, "empty tag"},
		{"tag twice", "[[work]]\nid = \"doi:10.1234/x\"\ntags = [\"Filters\", \"filters\"]\n", 5, "filters", "twice"},
		{"position 0", "[[work]]\nid = \"doi:10.1234/x\"\nequal = [0, 1]\n", 5, "0", "not an author position"},
		{"position twice", "[[work]]\nid = \"doi:10.1234/x\"\ncorresponding = [2, 2]\n", 5, "2", "twice"},
		{"equal alone", "[[work]]\nid = \"doi:10.1234/x\"\nequal = [1]\n", 5, "[1]", "names one author"},
		{"second work", "[[work]]\nid = \"doi:10.1234/X\"\ntags = [\"a\"]\n\n[[work]]\nid = \"https://doi.org/10.1234/x\"\nnote = \"b\"\n", 7, "doi:10.1234/x", "line 3 already has one"},
		{"excluded", "[[exclude]]\nid = \"doi:10.1234/x\"\n\n[[work]]\nid = \"doi:10.1234/x\"\nnote = \"b\"\n", 6, "doi:10.1234/x", "the [[exclude]] at line 3"},
		{"unknown key", "[[work]]\nid = \"doi:10.1234/x\"\nslide = \"https://x.org/s.pdf\"\n", 5, "work.slide", "unknown key"},
		{"equal as text", "[[work]]\nid = \"doi:10.1234/x\"\nequal = \"1, 2\"\n", 5, "work.equal", "a list of author positions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			me := parseError(t, head+c.src)
			if me.Line != c.line || me.Value != c.value || !strings.Contains(me.Error(), c.msg) {
				t.Errorf("got line %d value %q: %v (hint %q); want line %d value %q containing %q", me.Line, me.Value, me, me.Hint, c.line, c.value, c.msg)
			}
		})
	}
}

// The unknown-key hint lists [[work]]'s keys, so a typo shows the key meant.
func TestUnknownWorkKeyHintListsWorkKeys(t *testing.T) {
	_, err := Parse("m.toml", []byte("[[identity]]\norcid = \"0000-0002-1825-0097\"\n[[work]]\nid = \"doi:10.1234/x\"\nsupp = \"/s.pdf\"\n"))
	var me *Error
	if !errors.As(err, &me) || !strings.Contains(me.Hint, "in [[work]]: id, key, pdf, slides, video, poster, code, data, project, blog, website, supplement, image, award, note, tags, equal, corresponding") {
		t.Errorf("hint %q", me.Hint)
	}
}
