package snapshots

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
