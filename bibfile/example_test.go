package bibfile_test

import (
	"fmt"

	"github.com/aboutscholar/about/bibfile"
)

func ExampleParse() {
	f := bibfile.Parse("papers.bib", []byte(`@string{aps = {American Physical Society}}
@article{PhysRev.47.777,
  abbr = {PhysRev},
  title = {Can Quantum-Mechanical Description of Physical Reality Be Considered Complete?},
  author = {Einstein, A. and Podolsky, B. and Rosen, N.},
  publisher = aps,
  pages = {777--780},
  month = may,
}`))
	e := f.Entries[0]
	for _, fl := range e.Fields {
		fmt.Printf("%s = %s → %s\n", fl.Name, fl.Raw, fl.Text())
	}
	for _, n := range bibfile.Names(e.Fields[2].Value) {
		fmt.Printf("%s | %s\n", n.Last, n.First)
	}
	// Output:
	// abbr = {PhysRev} → PhysRev
	// title = {Can Quantum-Mechanical Description of Physical Reality Be Considered Complete?} → Can Quantum-Mechanical Description of Physical Reality Be Considered Complete?
	// author = {Einstein, A. and Podolsky, B. and Rosen, N.} → Einstein, A. and Podolsky, B. and Rosen, N.
	// publisher = aps → American Physical Society
	// pages = {777--780} → 777–780
	// month = may → May
	// Einstein | A.
	// Podolsky | B.
	// Rosen | N.
}
