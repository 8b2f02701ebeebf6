package render

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aboutscholar/about/snapshots"
)

// WrittenList is the file under a folder format's --out that lists the
// files about render wrote there, per format, with a hash of each: a
// later render removes the listed files it no longer writes (a work
// excluded, or its citation key changed) and so never touches a file it
// did not write, nor one edited since.
const WrittenList = ".about-render.json"

// written is WrittenList's content: format → path (relative to --out,
// forward slashes) → sha256 of the bytes about wrote.
type written map[Format]map[string]string

// WriteFiles writes a folder format's files under root, each replaced
// atomically, then removes the files an earlier render of the same format
// wrote there that this one does not (and the folders that leaves empty),
// and returns those removed. The list is first widened to old ∪ new, so a
// render cut short still knows every file it may have written.
func WriteFiles(root string, format Format, files []File) (removed []string, err error) {
	listPath := filepath.Join(root, WrittenList)
	list, err := readWritten(listPath)
	if err != nil {
		return nil, err
	}
	old := list[format]
	now := make(map[string]string, len(files))
	for _, f := range files {
		now[f.Path] = hashOf(f.Data)
	}
	wider := make(map[string]string, len(old)+len(now))
	for p, h := range old {
		wider[p] = h
	}
	for p, h := range now {
		wider[p] = h
	}
	list[format] = wider
	if err := writeWritten(listPath, list); err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := snapshots.WriteFileAtomic(filepath.Join(root, filepath.FromSlash(f.Path)), f.Data); err != nil {
			return nil, err
		}
	}
	removed = removeStale(root, old, now)
	list[format] = now
	return removed, writeWritten(listPath, list)
}

// removeStale removes each file of old that now lacks, when it still holds
// what about wrote; a path that would leave root is skipped, as the list
// is a file anyone can edit.
func removeStale(root string, old, now map[string]string) []string {
	var removed []string
	for _, p := range sortedKeys(old) {
		if _, kept := now[p]; kept || !insideRoot(p) {
			continue
		}
		full := filepath.Join(root, filepath.FromSlash(p))
		data, err := os.ReadFile(full)
		if err != nil || hashOf(data) != old[p] {
			continue // gone already, or edited since: the user's now
		}
		if os.Remove(full) == nil {
			removed = append(removed, p)
			removeEmptyParents(root, path.Dir(p))
		}
	}
	return removed
}

// removeEmptyParents removes dir and its parents up to root while they are
// empty (a Hugo bundle's folder once its files are gone); os.Remove fails
// on a folder that still holds anything, such as a user's featured image.
func removeEmptyParents(root, dir string) {
	for dir != "." && dir != "/" && dir != "" {
		if os.Remove(filepath.Join(root, filepath.FromSlash(dir))) != nil {
			return
		}
		dir = path.Dir(dir)
	}
}

func insideRoot(p string) bool {
	return p != "" && !path.IsAbs(p) && path.Clean(p) == p && p != ".." && !strings.HasPrefix(p, "../")
}

func readWritten(file string) (written, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return written{}, nil
	}
	if err != nil {
		return nil, err
	}
	list := written{}
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: %w (it lists the files about render wrote; delete it to start afresh, and remove stale files by hand)", file, err)
	}
	return list, nil
}

func writeWritten(file string, list written) error {
	for f, files := range list {
		if len(files) == 0 {
			delete(list, f)
		}
	}
	// encoding/json sorts map keys, so the list is byte-stable.
	data, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	return snapshots.WriteFileAtomic(file, append(data, '\n'))
}

func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
