package netsim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Whole is what a snapshot folder holds after a run: its files, those
// that are not whole JSON, and any file that is not JSON at all (a lock
// or a temporary file left behind).
type Whole struct {
	Files  int
	Broken []string // .json files that do not parse, relative to the folder
	Other  []string // files that are not .json
}

// CheckFolder parses every .json file under dir.
func CheckFolder(dir string) (Whole, error) {
	var w Whole
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == dir {
			return filepath.SkipDir // no folder: nothing written
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		w.Files++
		if !strings.HasSuffix(path, ".json") {
			w.Other = append(w.Other, rel)
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !json.Valid(b) {
			w.Broken = append(w.Broken, rel)
		}
		return nil
	})
	return w, err
}

// String says it in a table cell.
func (w Whole) String() string {
	s := fmt.Sprintf("%d files", w.Files)
	switch {
	case w.Files == 0:
		s = "no files"
	case len(w.Broken) == 0:
		s += ", every .json whole"
	default:
		s += fmt.Sprintf(", %d not whole JSON (%s)", len(w.Broken), strings.Join(first(w.Broken, 3), ", "))
	}
	if len(w.Other) > 0 {
		s += fmt.Sprintf(", other files: %s", strings.Join(first(w.Other, 3), ", "))
	}
	return s
}

func first(s []string, n int) []string { return s[:min(n, len(s))] }

// folderFiles is a hash of every file under dir, by its path there.
func folderFiles(dir string) (map[string]string, error) {
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == dir {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		rel, _ := filepath.Rel(dir, path)
		files[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	return files, err
}

// changedFiles names, sorted, the files added, removed or changed from
// before to after.
func changedFiles(before, after map[string]string) []string {
	var out []string
	for p, h := range before {
		if after[p] != h {
			out = append(out, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// interruptNote says how an interrupted run ended: how long after the
// SIGINT it exited, and what its folder holds.
func interruptNote(p process, folder string) string {
	w, err := CheckFolder(folder)
	state := w.String()
	if err != nil {
		state = "folder unreadable: " + err.Error()
	}
	if p.Signalled.IsZero() {
		return "finished before the SIGINT; " + state
	}
	if p.Unsettled {
		return fmt.Sprintf("still running %.0f s after SIGINT: killed (SIGKILL); %s", p.End.Sub(p.Signalled).Seconds(), state)
	}
	return fmt.Sprintf("exit %.2f s after SIGINT; %s", p.End.Sub(p.Signalled).Seconds(), state)
}

// hostCounts says how many requests the log holds for each host named.
func hostCounts(log []Entry, hosts ...string) string {
	var parts []string
	for _, h := range hosts {
		single, list := 0, 0
		for _, e := range log {
			if e.Host == h && e.List {
				list++
			} else if e.Host == h {
				single++
			}
		}
		parts = append(parts, fmt.Sprintf("%s: %d single, %d list", h, single, list))
	}
	return strings.Join(parts, "; ")
}

// lastLines is the last n non-empty lines of out, joined by " / ", each
// cut to 160 bytes, with table pipes escaped.
func lastLines(out []byte, n int) string {
	var lines []string
	for _, l := range bytes.Split(out, []byte("\n")) {
		if s := strings.TrimSpace(string(l)); s != "" {
			lines = append(lines, cut(s, 160))
		}
	}
	lines = lines[max(0, len(lines)-n):]
	return strings.ReplaceAll(strings.Join(lines, " / "), "|", `\|`)
}
