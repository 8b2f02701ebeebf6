package importbib

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestKeepKeysSaysWhenOnlyCaseDiffers: the user's [[work]] keeps
// "Smith2020" and the imported file cites the same work as "smith2020".
// KeepKeys said nothing (strings.EqualFold took them for the same key),
// but LaTeX labels are case-sensitive: biber finds no entry for
// \cite{smith2020}, and BibTeX stops on a case mismatch between cite keys.
// The user must be told, as for any other key their [[work]] overrides.
func TestKeepKeysSaysWhenOnlyCaseDiffers(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/case"}
	m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Key: "Smith2020", Line: 7}}}
	r := Result{Already: []Placed{{Key: "smith2020", Line: 1, ID: id}}}
	KeysOf(m).KeepKeys(&r)
	if p := r.Already[0]; p.KeepKey || !strings.Contains(p.KeyNote, "line 7") {
		t.Errorf("KeepKey %v, note %q: want the [[work]] at line 7 named", p.KeepKey, p.KeyNote)
	}
	r = Result{Already: []Placed{{Key: "Smith2020", Line: 1, ID: id}}}
	KeysOf(m).KeepKeys(&r)
	if p := r.Already[0]; p.KeepKey || p.KeyNote != "" {
		t.Errorf("the same key again: KeepKey %v, note %q, want nothing said", p.KeepKey, p.KeyNote)
	}
}
