package output

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
)

// Why a one-file --out is left as it is: --force writes over either.
const (
	WhyNotAbouts = "about did not write it"
	WhyEdited    = "edited since about wrote it"
)

// claim is what WriteFile may do with the path it writes, decided before
// anything is written or even made: a refused render leaves no trace.
type claim struct {
	keep  *FileNote // non-nil: the path is left as it is, and why
	take  bool      // about's by a list (of any format) or by its mark: written over
	adopt string    // unlisted, yet holding exactly this render's bytes: their hash, to list
}

// claimOut decides whether WriteFile may put a render at path (listed as
// name in list): when nothing is there, when it holds what about wrote
// there (listed, under any format, with a hash it holds; or unlisted and
// marked as about's, see ownMark), with force, or when it already holds
// exactly the bytes newHash makes (hashed only then: only a file about
// would otherwise refuse costs a second render). A symbolic link, a
// folder or a device is left as it is, force or not: about's output is a
// regular file renamed into place, and a rename over a link would cut the
// user's file off from where they keep it, not write it.
func claimOut(path, name string, list written, force bool, newHash func() (string, error)) (claim, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return claim{}, nil
	case err != nil:
		return claim{}, err
	case fi.Mode()&fs.ModeSymlink != 0:
		target, _ := os.Readlink(path)
		return claim{keep: &FileNote{Path: name, Link: target, Why: "a symbolic link to " + target}}, nil
	case fi.IsDir():
		return claim{keep: &FileNote{Path: name, Why: "a folder"}}, nil
	case !fi.Mode().IsRegular():
		return claim{keep: &FileNote{Path: name, Why: "not a regular file"}}, nil
	case force:
		return claim{}, nil
	case fi.Size() == 0: // it holds nothing to lose (touch papers.bib)
		return claim{take: true}, nil
	}
	current, err := fileHash(path)
	if err != nil {
		return claim{}, err
	}
	listed := false
	for _, files := range list {
		if prev, ok := files[name]; ok {
			listed = true
			if prev.holds(current) {
				return claim{take: true}, nil
			}
		}
	}
	if !listed && ownMark(path) {
		return claim{take: true}, nil
	}
	made, err := newHash()
	if err != nil {
		return claim{}, err
	}
	if made == current {
		return claim{adopt: made}, nil
	}
	why := WhyNotAbouts
	if listed {
		why = WhyEdited
	}
	return claim{keep: &FileNote{Path: name, Why: why}}, nil
}

// hashWritten is the hash of the bytes write makes, written nowhere.
func hashWritten(write func(*bufio.Writer) error) (string, error) {
	h := sha256.New()
	w := bufio.NewWriterSize(h, 64<<10)
	if err := write(w); err != nil {
		return "", err
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
