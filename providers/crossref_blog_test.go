package providers_test

import (
	"testing"

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
