package main

import (
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSSLCertFileReplacesTheRoots holds docs/commands.md's account of
// SSL_CERT_FILE (it said "extra trusted roots"): a process whose
// SSL_CERT_FILE names one certificate, and whose SSL_CERT_DIR names an
// empty folder, trusts that one certificate and none of the system's.
// The pool is read once a process, so the test asks a child of itself.
func TestSSLCertFileReplacesTheRoots(t *testing.T) {
	if os.Getenv("ABOUT_TEST_CERT_CHILD") == "1" {
		pool, err := x509.SystemCertPool()
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("roots: %d\n", len(pool.Subjects())) //nolint:staticcheck // a pool read from files lists its subjects
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("SSL_CERT_FILE is read on Unix systems but macOS; the claim is held where CI runs")
	}
	srv := httptest.NewTLSServer(nil)
	defer srv.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "proxy-root.pem")
	writeFile(t, file, string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})))
	empty := filepath.Join(dir, "no-certs")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSSLCertFileReplacesTheRoots$")
	cmd.Env = append(os.Environ(), "ABOUT_TEST_CERT_CHILD=1", "SSL_CERT_FILE="+file, "SSL_CERT_DIR="+empty)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "roots: 1\n") {
		t.Errorf("with SSL_CERT_FILE naming one certificate the process trusts:\n%s", out)
	}
	page := strings.Join(strings.Fields(readText(t, "docs/commands.md")), " ")
	if strings.Contains(page, "extra trusted roots") || !strings.Contains(page, "in place of the system's") {
		t.Error("docs/commands.md does not say SSL_CERT_FILE replaces the system's roots")
	}
}
