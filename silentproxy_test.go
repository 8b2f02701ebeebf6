package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// muteProxy is a proxy address that accepts every connection and never
// says a word: the CONNECT is never answered.
func muteProxy(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

// TestSilentProxyEndsTheRun: behind a proxy that accepts connections and
// never answers, the real binary ends as a refusing proxy makes it end:
// exit 1, one line naming the proxy, the snapshot folder left as it was
// (here: never made). Each host is given up after the connection's
// silence (8 s), not after its 30-60 s timeout four times over; the
// bound below is only a failsafe.
func TestSilentProxyEndsTheRun(t *testing.T) {
	bin := aboutBinary(t)
	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifest, "mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n[[identity]]\ndoi = \"10.7554/eLife.01567\"\n")
	proxy := muteProxy(t)
	cmd := exec.Command(bin, "fetch", "--quiet", manifest)
	cmd.Env = []string{"HTTPS_PROXY=http://" + proxy, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	started := time.Now()
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	startProcess(t, cmd)
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	var err error
	select {
	case err = <-ended:
	case <-time.After(45 * time.Second): // failsafe; the run takes one silence per stage
		t.Fatalf("still running after 45s behind a silent proxy:\n%s", out.String())
	}
	t.Logf("ended after %v", time.Since(started).Round(100*time.Millisecond))
	if code := exitCode(t, err); code != exitShort {
		t.Fatalf("exit %d, want 1:\n%s", code, out.String())
	}
	var errors []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "about: error: ") {
			errors = append(errors, line)
		}
	}
	if len(errors) != 1 || !strings.Contains(errors[0], "cannot reach the proxy") || !strings.Contains(errors[0], proxy+": the proxy accepted the connection but did not answer within 8s") {
		t.Errorf("want one error line naming the silent proxy %s:\n%s", proxy, out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "snapshots")); err == nil {
		t.Error("the run behind a silent proxy made the snapshot folder")
	}
}
