package orchestrator

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/snapshots"
)

// hostileDOIs are DOIs chosen to break naive file naming: path
// separators and dot segments, Windows device names and forbidden
// characters, names that differ only in case or by look-alike letters,
// and suffixes longer than any file name may be.
var hostileDOIs = []string{
	"10.1000/..", "10.1000/../../../../../etc/passwd", "10.1000/a/b", `10.1000/a\b`, "10.1000/.", "10.1000/.a", "10.1000/a.",
	"10.1000/" + strings.Repeat("x", 400), "10.1000/" + strings.Repeat("x", 399) + "y",
	"10.1000/ＡＢＣ", "10.1000/abc", "10.1000/\u212a", "10.1000/k", "10.1000/ä", "10.1000/a\u0308",
	"10.1000/con", "10.1000/NUL.txt", "10.1000/aux", "10.1000/com1", "10.1000/lpt9",
	"10.1000/a:b", "10.1000/<script>", "10.1000/;#?%", "10.1000/%2e%2e%2f", "10.1000/a_2fb", "10.1000/~", "10.1000/*?\"|",
}

// TestHostileIdentifiersStayInsideTheFolder: a manifest and an ORCID
// record full of hostile identifiers write every file inside the snapshot
// folder, give each distinct work its own file (compared case-insensitively,
// as macOS and Windows do), and each file holds the work it is named for.
func TestHostileIdentifiersStayInsideTheFolder(t *testing.T) {
	var src strings.Builder
	src.WriteString("[[identity]]\norcid = \"0000-0002-9341-7985\"\n")
	for _, d := range hostileDOIs {
		fmt.Fprintf(&src, "[[identity]]\ndoi = %q\n", d)
	}
	// The ORCID record lists more: its own odd DOIs and put-codes.
	record := `{"group": [
	  {"work-summary": [{"put-code": "../../../../escape", "title": {"title": {"value": "no identifier"}}}]},
	  {"work-summary": [{"put-code": "CON", "title": {"title": {"value": "device"}}}]},
	  {"work-summary": [{"put-code": 7, "title": {"title": {"value": "dots"}},
	    "external-ids": {"external-id": [{"external-id-type": "doi", "external-id-value": "10.1000/../../orcid-escape", "external-id-relationship": "self"}]}}]}
	]}`
	orcid := newService(t, false)
	orcid.breakWith(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/works"):
			_, _ = w.Write([]byte(record))
		case strings.Contains(r.URL.Path, "/works/"):
			_, _ = w.Write([]byte(`{"bulk": []}`)) // no details: the summaries are used
		default:
			_, _ = w.Write([]byte(`{}`)) // no public name
		}
	})
	sim := newService(t, false)

	// The manifest sits deep in a folder of its own, so a write that
	// escaped the snapshot folder would land somewhere this test looks.
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(deep, "manifest.toml")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := testOptions(m, nil, 4)
	opts.Registry = []service.Spec{providers.ORCID(), simSpec("sim", 0)}
	opts.BaseURLs = map[string]string{"orcid": orcid.srv.URL, "sim": sim.srv.URL}
	rep := runOK(t, opts)
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	if want := len(hostileDOIs) + 3; len(rep.Works) != want {
		t.Errorf("%d works, want %d (every distinct DOI of the manifest and the record's 3)", len(rep.Works), want)
	}

	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == path {
			return err
		}
		if rel, _ := filepath.Rel(m.Snapshots, p); strings.HasPrefix(rel, "..") {
			t.Errorf("wrote %s, outside the snapshot folder %s", p, m.Snapshots)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	var idx snapshots.Index
	if err := snapshots.Read(filepath.Join(m.Snapshots, snapshots.IndexFile), &idx); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, w := range idx.Works {
		folded := strings.ToLower(w.File)
		if other, dup := files[folded]; dup {
			t.Errorf("%s and %s share the file %s", other, w.ID, w.File)
		}
		files[folded] = w.ID
		if strings.Trim(w.File, "abcdefghijklmnopqrstuvwxyz0123456789._~-") != "" {
			t.Errorf("%s: file name %q is not portable", w.ID, w.File)
		}
		var doc snapshots.Work
		data, err := os.ReadFile(filepath.Join(m.Snapshots, snapshots.WorksDir, w.File+".json"))
		if err != nil || json.Unmarshal(data, &doc) != nil || doc.ID != w.ID {
			t.Errorf("%s: its file %s holds %q (%v)", w.ID, w.File, doc.ID, err)
		}
	}
	entries, err := os.ReadDir(filepath.Join(m.Snapshots, snapshots.WorksDir))
	if err != nil || len(entries) != len(rep.Works) {
		t.Errorf("works folder has %d entries for %d works (%v)", len(entries), len(rep.Works), err)
	}
}

// TestManifestRefusesNUL: a DOI with a NUL (or any control character)
// never reaches the file system: the manifest refuses it.
func TestManifestRefusesNUL(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	if err := os.WriteFile(path, []byte("[[identity]]\ndoi = \"10.1000/a\\u0000b\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := manifest.Load(path); err == nil || !strings.Contains(err.Error(), "control character") {
		t.Errorf("err = %v, want the NUL refused", err)
	}
}
