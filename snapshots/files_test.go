package snapshots

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

func TestEncodeIsCanonical(t *testing.T) {
	type inner struct {
		Zeta  string `json:"zeta"`
		Alpha int    `json:"alpha"`
	}
	v := struct {
		B     string          `json:"b"`
		A     inner           `json:"a"`
		Raw   json.RawMessage `json:"raw"`
		Title string          `json:"title"`
	}{B: "x", A: inner{"z", 1}, Raw: json.RawMessage(`{"y":1,"x":[1.50,2]}`), Title: "Ünïcode & <tags>"}
	got, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "a": {
    "alpha": 1,
    "zeta": "z"
  },
  "b": "x",
  "raw": {
    "x": [
      1.50,
      2
    ],
    "y": 1
  },
  "title": "Ünïcode & <tags>"
}
`
	if string(got) != want {
		t.Errorf("Encode:\n%s\nwant:\n%s", got, want)
	}
	again, err := Canonical(got)
	if err != nil || string(again) != string(got) {
		t.Errorf("Canonical of canonical changed it: %v\n%s", err, again)
	}
	if _, err := Canonical([]byte(`{"a":1} {"b":2}`)); err == nil {
		t.Error("Canonical accepted two documents")
	}
}

func TestWriteAtomicAndIdempotent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "works", "doi_10.1_2fx.json")
	changed, err := Write(path, map[string]string{"title": "one"})
	if err != nil || !changed {
		t.Fatalf("first write: changed=%v err=%v", changed, err)
	}
	info1, _ := os.Stat(path)
	changed, err = Write(path, map[string]string{"title": "one"})
	if err != nil || changed {
		t.Fatalf("same content: changed=%v err=%v, want no rewrite", changed, err)
	}
	info2, _ := os.Stat(path)
	if !os.SameFile(info1, info2) {
		t.Error("an unchanged file was replaced")
	}
	if _, err := Write(path, map[string]string{"title": "two"}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want just the file (no temp files left)", len(entries))
	}
	var back map[string]string
	if err := Read(path, &back); err != nil || back["title"] != "two" {
		t.Errorf("read back %v, %v", back, err)
	}
}

func TestPruneKeepsListedAndRemovesTempFiles(t *testing.T) {
	d := Dir{Root: t.TempDir()}
	users := []string{LockName, "works/notes.txt", "works/notes.json", "works/.DS_Store", "counts/.gitkeep", "orcid/README.md", ".DS_Store", "README.md", "works/Doi_10.1_2fb.json"}
	for _, p := range append([]string{"works/doi_10.1_2fa.json", "works/doi_10.1_2fb.json", "counts/doi_10.1_2fa.json", "counts/doi_10.1_2fb.json", "works/.tmp-123", "orcid/orcid_0000-0002-1825-0097.json", ".tmp-456", "index.json"}, users...) {
		full := filepath.Join(d.Root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte("{}\n"), 0o644)
	}
	removed, err := d.Prune(map[string]bool{"works/doi_10.1_2fa": true, "counts/doi_10.1_2fa": true, "orcid/orcid_0000-0002-1825-0097": true})
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range removed {
		r, _ := filepath.Rel(d.Root, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	sort.Strings(rel)
	want := []string{".tmp-456", "counts/doi_10.1_2fb.json", "works/.tmp-123", "works/doi_10.1_2fb.json"}
	if len(rel) != len(want) {
		t.Fatalf("removed %v, want %v", rel, want)
	}
	for i := range want {
		if rel[i] != want[i] {
			t.Errorf("removed %v, want %v", rel, want)
		}
	}
	for _, p := range users {
		if _, err := os.Stat(filepath.Join(d.Root, p)); err != nil {
			t.Errorf("the user's %s was removed", p)
		}
	}
}
