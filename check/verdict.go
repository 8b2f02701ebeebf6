package check

import (
	"errors"
	"fmt"
	"path/filepath"

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

// Err is why the findings fail the gate, counted; nil when they pass.
// The folder's problems come first: a manifest setting cannot be judged
// against a folder that is not fetch's.
func (f Findings) Err(m *manifest.Manifest, dir string) error {
	switch {
	case len(f.Problems) > 0:
		return fmt.Errorf("%d %s in %s", len(f.Problems), english.Plural(len(f.Problems), "problem", "problems"), dir)
	case len(f.Refused) > 0:
		return fmt.Errorf("%d %s in %s that render would refuse", len(f.Refused), english.Plural(len(f.Refused), "setting", "settings"), m.Path)
	case len(f.Stale) > 0:
		return fmt.Errorf("%d stale [[work]] %s in %s", len(f.Stale), english.Plural(len(f.Stale), "table", "tables"), m.Path)
	case len(f.Unmatched) > 0:
		return fmt.Errorf("%d [[override]] %s in %s %s no work of the snapshots", len(f.Unmatched), english.Plural(len(f.Unmatched), "table", "tables"), m.Path, english.Plural(len(f.Unmatched), "matches", "match"))
	}
	return nil
}

// Hint is what to do about Err's failure; "" when there is none.
func (f Findings) Hint() string {
	switch {
	case len(f.Problems) > 0:
		return problemsHint(f.Problems)
	case len(f.Refused) > 0:
		return "name selected works as index.json lists them, e.g. \"doi:10.5555/abc\""
	case len(f.Stale) > 0:
		return "for each line above: delete the [[work]], correct its id (as index.json lists the work) or its author positions, or add the work as an [[identity]] and run about fetch"
	case len(f.Unmatched) > 0:
		return f.Unmatched[0].Hint
	}
	return ""
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
