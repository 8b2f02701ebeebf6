package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

const elifeCounts = "counts/doi_10.7554_2felife.01567.json"

// TestCheckHoldsFilesToTheirDigests: index.json's digests are of the
// bytes fetch wrote, so check --offline fails on a canonical hand edit of
// a counts/ or orcid/ file (which nothing else notices), on a digested
// file deleted or one the index has no digest of, each naming the file;
// a checkout's CRLF is the one line-endings problem, not an edit of every
// file; and a folder older than digests is told once, at its schema.
func TestCheckHoldsFilesToTheirDigests(t *testing.T) {
	const edited = ": changed since about wrote it (its digest in index.json differs): a hand edit? about fetch rewrites it"
	cases := []struct {
		name   string
		mutate func(t *testing.T, dir string)
		want   []string // every problem line
	}{
		{"counts edited by hand", func(t *testing.T, dir string) {
			edit(t, dir, elifeCounts, func(d map[string]any) {
				src := d["sources"].([]any)[0].(map[string]any)
				src["counts"].(map[string]any)["cited_by"] = 501
			})
		}, []string{elifeCounts + edited}},
		{"the owner's name edited by hand", func(t *testing.T, dir string) {
			edit(t, dir, "orcid/orcid_0000-0002-9341-7985.json", func(d map[string]any) {
				d["name"].(map[string]any)["family"] = "Binfeld"
			})
		}, []string{"orcid/orcid_0000-0002-9341-7985.json" + edited}},
		{"counts deleted", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(elifeCounts))); err != nil {
				t.Fatal(err)
			}
		}, []string{elifeCounts + ": missing: deleted since about wrote it (index.json has its digest): git checkout restores it, about fetch writes it again"}},
		{"a digest taken out", func(t *testing.T, dir string) {
			edit(t, dir, snapshots.IndexFile, func(d map[string]any) { delete(d["digests"].(map[string]any), elifeCounts) })
		}, []string{elifeCounts + ": not among index.json's digests, so not a file about fetch wrote as it is (copied in, or its digest taken out of index.json by hand?): about fetch rewrites it"}},
		{"CRLF line endings", func(t *testing.T, dir string) {
			for _, rel := range []string{elifeCounts, elifeWork} {
				path := filepath.Join(dir, filepath.FromSlash(rel))
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				write(t, dir, rel, strings.ReplaceAll(string(data), "\n", "\r\n"))
			}
		}, []string{".: " + elifeCounts + " and 1 more file have Windows line endings (CRLF) where about writes LF, and are otherwise canonical: " + snapshots.LineEndingsHint + " (about fetch rewrites them with LF)"}},
		{"a folder older than digests, edited by hand", func(t *testing.T, dir string) {
			edit(t, dir, snapshots.IndexFile, func(d map[string]any) { delete(d, "digests"); d["schema"] = 2 })
			edit(t, dir, elifeCounts, func(d map[string]any) {
				d["sources"].([]any)[0].(map[string]any)["counts"].(map[string]any)["cited_by"] = 501
			})
		}, []string{"index.json: snapshot schema 2 (written before index.json held its files' digests, so check cannot tell a hand edit of its files), not the 3 fetch writes: run about fetch to migrate it"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fetched(t, checkManifest(t))
			c.mutate(t, m.Snapshots)
			got := problemLines(Offline(m, m.Snapshots).Problems)
			if want := strings.Join(c.want, "\n") + "\n"; got != want {
				t.Errorf("problems:\n%swant:\n%s", got, want)
			}
		})
	}
}
