package works

import "github.com/aboutscholar/about/manifest"

// decideWorks runs the link pass over works as Document gives them, in
// the form a run keeps them in for it.
func decideWorks(ws []Work, m *manifest.Manifest) Linked {
	ls := make([]*Linkable, len(ws))
	for i, w := range ws {
		l := w.ForLinking()
		ls[i] = &l
	}
	return Decide(ls, m)
}
