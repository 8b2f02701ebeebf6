package providers_test

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// TestCrossrefBlogPostIsAPost: the recorded Front Matter post is Crossref
// posted-content with subtype "blog" (Rogue Scholar registers blog posts
// so); it is a blog post (CSL post-weblog), not a document of no type.
func TestCrossrefBlogPostIsAPost(t *testing.T) {
	const doi = "10.53731/ybhah-9jy85"
	s := newStub(t)
	s.file("/works/"+doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-10.53731-ybhah-9jy85.json")
	res := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, doi)
	if res.Record.Type != "post-weblog" {
		t.Errorf("type %q, want post-weblog", res.Record.Type)
	}
}

// TestCrossrefBlogPostIsInItsBlog: a Crossref blog post (posted-content,
// subtype blog) is in the blog its group-title names, and the ISSN its
// is-part-of relation gives is the blog's. The record is the corpus's real
// Front Matter post; its institution (the platform) names the blog too, so
// a copy with the platform's name there shows which field is read.
func TestCrossrefBlogPostIsInItsBlog(t *testing.T) {
	real := string(fixture(t, "corpus/crossref/crossref-work-10.53731-ybhah-9jy85.json"))
	platform := strings.Replace(real, `"institution":[{"name":"Front Matter"}]`, `"institution":[{"name":"Rogue Scholar"}]`, 1)
	if platform == real {
		t.Fatal("the recorded answer's institution is not where the test expects it")
	}
	for name, answer := range map[string]string{"recorded": real, "platform named apart": platform} {
		res, err := providers.CrossrefItem(gjson.Get(answer, "message"))
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Record.Container; got != "Front Matter" {
			t.Errorf("%s: container %q, want the blog, Front Matter (group-title)", name, got)
		}
		if got := res.Record.IDs.ISSN; len(got) != 1 || got[0] != "2749-9952" {
			t.Errorf("%s: ISSN %v, want the blog's 2749-9952 (relation is-part-of)", name, got)
		}
	}
}
