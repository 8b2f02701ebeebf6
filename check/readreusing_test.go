package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadReusingIsReadFile: one buffer reused across files of every size
// (empty, smaller and larger than the buffer, at its edge) reads each as
// os.ReadFile does, and fails with os.ReadFile's error.
func TestReadReusingIsReadFile(t *testing.T) {
	dir := t.TempDir()
	var buf []byte
	for _, n := range []int{0, 1, 511, 512, 513, 100_000, 3, 0, 70_000, 4096} {
		p := filepath.Join(dir, "f.json")
		if err := os.WriteFile(p, []byte(strings.Repeat("x", n)), 0o644); err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(p)
		got, err := readReusing(p, buf)
		if err != nil || !bytes.Equal(got, want) || got == nil {
			t.Fatalf("%d bytes: readReusing = %d bytes, %v; os.ReadFile %d", n, len(got), err, len(want))
		}
		buf = got
	}
	for _, p := range []string{filepath.Join(dir, "missing.json"), dir} {
		_, want := os.ReadFile(p)
		if _, err := readReusing(p, buf); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("readReusing(%s) fails with %v, os.ReadFile with %v", p, err, want)
		}
	}
}
