package snapshots

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eachRepoJSON calls f with every JSON file of the examples' and the test
// data's folders (every snapshot the repository holds), and fails the test
// if there are fewer than a hundred: the cases a fast path is held to.
func eachRepoJSON(t *testing.T, f func(path string, data []byte)) {
	t.Helper()
	files := 0
	for _, root := range []string{"../examples", "../testdata", "testdata"} {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files++
			f(path, data)
			return nil
		})
	}
	if files < 100 {
		t.Fatalf("compared %d files; expected the examples' and testdata's snapshots", files)
	}
}
