package works

import (
	"fmt"
	"testing"
)

// TestProfileLinks: dblp's person addresses give their pid, its older
// name-based pages none (said, not guessed); INSPIRE's legacy profile
// address gives its BAI, the current one (a record number, which the
// inspire identity does not take) none; other addresses, and dblp's or
// INSPIRE's pages that are no person, are not profiles. The addresses
// are the forms the manifest documents and those found on researchers'
// pages (dblp.org/pid/….html, inspirehep.net/author/profile/<BAI>).
func TestProfileLinks(t *testing.T) {
	got := ""
	for _, l := range ProfileLinks([]string{
		"https://dblp.org/pid/95/7448-1.html",
		"http://dblp.uni-trier.de/pid/177/9741-2",
		"https://dblp.org/pid/95/7448-1.html", // twice: once
		"http://dblp.uni-trier.de/pers/hd/x/Xu_0001:Di",
		"https://dblp.org/rec/conf/acl/ChangSRM23.html",
		"http://inspirehep.net/author/profile/Jesse.Thaler.1",
		"http://inspirehep.net/author/profile/Bianchi, Massimo",
		"https://inspirehep.net/authors/1010907",
		"https://inspirehep.net/literature/451647",
		"http://library.brown.edu/about/hay/carberry.php",
		"http://www.scopus.com/inward/authorDetails.url?authorID=7007156898&partnerID=MN8TOARS",
	}) {
		got += fmt.Sprintf("%s %q %s\n", l.Kind, l.Value, l.URL)
	}
	want := `dblp "95/7448-1" https://dblp.org/pid/95/7448-1.html
dblp "177/9741-2" http://dblp.uni-trier.de/pid/177/9741-2
dblp "" http://dblp.uni-trier.de/pers/hd/x/Xu_0001:Di
inspire "Jesse.Thaler.1" http://inspirehep.net/author/profile/Jesse.Thaler.1
inspire "" https://inspirehep.net/authors/1010907
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
