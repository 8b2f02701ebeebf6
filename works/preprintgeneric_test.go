package works

import "testing"

// TestPreprintPairOnTheRecordNeedsADistinctiveTitle: being on the same
// ORCID record stands in for the author overlap only when the title could
// not be shared by chance. A researcher's record holds many works called
// "Introduction", "Editorial" or "Reply" (a book's opening chapter, an
// issue's editorial, a reply to a comment) beside an e-print or a bioRxiv
// posting of the same bare title; with no author known on either side,
// nothing but that word ties them, and merging hides one work behind the
// other. A title of several words still pairs (TestPreprintPairOnTheSameRecord).
func TestPreprintPairOnTheRecordNeedsADistinctiveTitle(t *testing.T) {
	const ada = "orcid:0000-0002-1825-0097"
	for _, c := range []struct{ pre, pub, title, pubTyp string }{
		{"arxiv:2101.00001", "doi:10.5555/book.ch1", "Introduction", "chapter"},
		{"doi:10.1101/2021.01.02.000002", "doi:10.5555/journal.ed", "Editorial", "article-journal"},
		{"doi:10.1101/2021.01.03.000003", "doi:10.5555/journal.reply", "Reply", "article-journal"},
		{"arxiv:2101.00004", "doi:10.5555/journal.conc", "Concluding remarks", "article-journal"},
	} {
		t.Run(c.title, func(t *testing.T) {
			p := pairedWork(t, c.pub, c.title, 2021, c.pubTyp)
			p.origins = []string{ada}
			r := pairedWork(t, c.pre, c.title, 2021, "article")
			r.origins = []string{ada}
			res := decideWorks([]Work{p, r}, nil)
			if got := res.Links.ShownAs[c.pre]; got != "" {
				t.Errorf("%s shown as %s: two works that share only the bare title %q and a record are one", c.pre, got, c.title)
			}
		})
	}
}

// TestDistinctiveTitle: what a title needs before a shared record stands
// in for its authors.
func TestDistinctiveTitle(t *testing.T) {
	for title, want := range map[string]bool{
		"Introduction": false, "Editorial": false, "Reply": false, "Concluding remarks": false, "はじめに": false,
		"Brittle glazes under load": true, "脳の可塑性に関する縦断的研究": true, "A b c": false,
	} {
		if got := distinctiveTitle(title); got != want {
			t.Errorf("distinctiveTitle(%q) = %v, want %v", title, got, want)
		}
	}
}
