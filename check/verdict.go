package check

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
)

// Lines is what check says about the folder dir and the manifest, one
// line each, as printed and as --report lists them: the folder's
// problems (path, then what), then the manifest's settings render would
// refuse, its stale [[work]]s and its [[override]]s of no work.
func (f Findings) Lines(dir string) []string {
	var lines []string
	for _, p := range f.Problems {
		lines = append(lines, fmt.Sprintf("%s: %s", displayPath(dir, p.Path), p.What))
	}
	for _, list := range [][]*manifest.Error{f.Refused, f.Stale, f.Unmatched} {
		for _, e := range list {
			lines = append(lines, e.Error())
		}
	}
	return lines
}

// Err is why the findings fail the gate, each kind counted, in the order
// Lines prints them; nil when they pass.
func (f Findings) Err(m *manifest.Manifest, dir string) error {
	var parts []string
	if n := len(f.Problems); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s in %s", n, english.Plural(n, "problem", "problems"), dir))
	}
	if n := len(f.Refused); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s in %s that render would refuse", n, english.Plural(n, "setting", "settings"), m.Path))
	}
	if n := len(f.Stale); n > 0 {
		parts = append(parts, fmt.Sprintf("%d stale [[work]] %s in %s", n, english.Plural(n, "table", "tables"), m.Path))
	}
	if n := len(f.Unmatched); n > 0 {
		parts = append(parts, fmt.Sprintf("%d [[override]] %s in %s %s no work of the snapshots", n, english.Plural(n, "table", "tables"), m.Path, english.Plural(n, "matches", "match")))
	}
	if len(parts) == 0 {
		return nil
	}
	return errors.New(strings.Join(parts, "; "))
}

// Hint is what to do about Err's failures, one hint per kind, in its
// order; "" when there is none.
func (f Findings) Hint() string {
	var hints []string
	if len(f.Problems) > 0 {
		hints = append(hints, problemsHint(f.Problems))
	}
	if len(f.Refused) > 0 {
		hints = append(hints, "name selected works as index.json lists them, e.g. \"doi:10.5555/abc\"")
	}
	if len(f.Stale) > 0 {
		hints = append(hints, "for each stale [[work]]: delete it, correct its id (as index.json lists the work) or its author positions, or add the work as an [[identity]] and run about fetch")
	}
	if len(f.Unmatched) > 0 {
		hints = append(hints, f.Unmatched[0].Hint)
	}
	return strings.Join(hints, "; ")
}

// problemsHint says who mends the folder: fetch rewrites what about
// writes, and never removes a file it did not write.
func problemsHint(problems []Problem) string {
	const (
		fetch = "about fetch rewrites the folder canonically and completely"
		yours = "move the files marked stray out of the snapshot folder: about never removes a file it did not write"
	)
	n := 0
	for _, p := range problems {
		if p.Yours {
			n++
		}
	}
	switch n {
	case 0:
		return fetch
	case len(problems):
		return yours
	}
	return fetch + "; " + yours
}

// ErrDiffers ends an online check whose diff already said everything.
var ErrDiffers = errors.New("snapshots differ from a fresh fetch")

// displayPath joins the snapshot folder and a problem's relative path.
func displayPath(dir, rel string) string {
	if rel == "." {
		return dir
	}
	return filepath.Join(dir, filepath.FromSlash(rel))
}
