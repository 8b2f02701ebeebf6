package orchestrator

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestNewuserDump(t *testing.T) {
	dump := func(name, src string, net *fakeNet) {
		m := newManifest(t, src)
		rep := runOK(t, testOptions(m, net, 4))
		var b bytes.Buffer
		rep.WriteSummary(&b)
		os.WriteFile(filepath.Join("/tmp/newuser", name+".story"), b.Bytes(), 0o644)
		dst := filepath.Join("/tmp/newuser", name)
		os.RemoveAll(dst)
		os.MkdirAll(dst, 0o755)
		if out, err := exec.Command("cp", "-r", m.Snapshots, filepath.Join(filepath.Dir(m.Path), "manifest.toml"), dst).CombinedOutput(); err != nil {
			t.Fatal(string(out), err)
		}
	}
	dump("dblp", dblpManifest, dblpNet(t))
	dump("dr", recordDiscoverManifest, recordDiscoverNet(t, withORCIDLink))
	dump("insp", inspireManifest, inspireNet(t))
}
