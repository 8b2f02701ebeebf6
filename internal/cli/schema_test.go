package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// TestNewerFolderIsRefusedWithTheUpgradeHint: a folder a newer about wrote
// is refused by every command that reads or writes it, exit 3, with the one
// hint that helps (upgrade), and nothing in it is touched.
func TestNewerFolderIsRefusedWithTheUpgradeHint(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	index := filepath.Join(snaps, "index.json")
	data, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	newer := strings.Replace(string(data), fmt.Sprintf(`"schema": %d,`, snapshots.SchemaVersion), `"schema": 99,`, 1)
	if newer == string(data) {
		t.Fatalf("the example index has no schema line:\n%s", data)
	}
	writeFile(t, index, newer)
	before := treeHash(t, snaps)

	for _, args := range [][]string{
		{"check", "--offline", manifestPath},
		{"check", "--replay", exampleReplay, manifestPath},
		{"render", "--format", "bibtex", manifestPath},
		{"fetch", "--replay", exampleReplay, manifestPath},
	} {
		code, stdout, stderr := runCLI(t, args...)
		if code != exitIO {
			t.Errorf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", args, code, exitIO, stdout, stderr)
		}
		if !strings.Contains(stderr, "written by a newer about") || !strings.Contains(stderr, "hint: install a newer about") {
			t.Errorf("%v: stderr does not say a newer about wrote the folder and to upgrade:\n%s", args, stderr)
		}
		if strings.Contains(stderr, "about fetch rewrites") || strings.Contains(stderr, "must be able to create and write") {
			t.Errorf("%v: a hint that cannot help:\n%s", args, stderr)
		}
	}
	if treeHash(t, snaps) != before {
		t.Error("a refused command changed the folder")
	}
}
