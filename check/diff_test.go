package check

import (
	"bytes"
	"strings"
	"testing"
)

func TestCompareFoldersAddedRemovedAndLists(t *testing.T) {
	m := fetched(t, checkManifest(t))
	m2 := fetched(t, swappedManifest(t))
	d, err := CompareFolders(m.Snapshots, m2.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	d.WriteDiff(&out, false)
	for _, want := range []string{
		"--- /dev/null\n+++ b/works/doi_10.1017_2f9781108348843.json  (doi:10.1017/9781108348843)  new\n",
		"--- a/works/doi_10.1145_2f3448016.3452841.json  (doi:10.1145/3448016.3452841)  removed\n+++ /dev/null\n",
		"@@ works[doi:10.1017/9781108348843] @@\n+{\"file\":\"doi_10.1017_2f9781108348843\",\"id\":\"doi:10.1017/9781108348843\"}\n",
		"@@ works[doi:10.1145/3448016.3452841] @@\n-{\"file\":\"doi_10.1145_2f3448016.3452841\",\"id\":\"doi:10.1145/3448016.3452841\"}\n",
		"snapshots are out of date: 2 work files, 1 list file, 2 counts files would change",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("diff lacks\n%s\ngot:\n%s", want, out.String())
		}
	}
}

// Every value a diff prints came from a snapshot file or an answer: a
// provider's name, an id, a field's key, a file that is not JSON shown
// whole. check prints the diff, and the example workflow puts it in a
// pull request, so a newline in one must not start a line that passes
// for the diff's own ("+++ b/…", "@@ … @@"), nor an escape sequence
// reach the terminal. Before, the forged lines below were printed as
// lines of their own and ESC went out raw.
func TestDiffLinesHoldOneValueEach(t *testing.T) {
	f := FileDiff{Path: "works/doi_10.1_2fx.json", ID: "doi:10.1/x\n+++ b/forged.json", Change: "changed", Fields: []FieldChange{{
		Field:    "sources[datacite\n@@ forged @@]",
		Provider: "crossref\x1b]52;c;ZXZpbA==\x07",
		Old:      `"old"`,
		New:      "not JSON\n+a forged addition",
	}}}
	var buf bytes.Buffer
	f.write(&buf)
	out := buf.String()
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Contains(line, "forged") && (strings.HasPrefix(line, "+++ b/forged") || strings.HasPrefix(line, "@@ forged") || strings.HasPrefix(line, "+a forged")) {
			t.Errorf("a value started the diff line %q:\n%s", line, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("the diff sends ESC or BEL to the terminal:\n%q", out)
	}
	for _, want := range []string{`(doi:10.1/x\x0a+++ b/forged.json)`, `@@ sources[datacite\x0a@@ forged @@] (crossref\x1b]52;c;ZXZpbA==\x07) @@`, `+not JSON\x0a+a forged addition`} {
		if !strings.Contains(out, want) {
			t.Errorf("the diff lacks %q:\n%s", want, out)
		}
	}
}
