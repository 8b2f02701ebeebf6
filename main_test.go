package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/cli"
	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/internal/testtool"
)

// The tests of this package run the command line as a user does: the
// built binary (end to end: signals, a terminal, a pipe, the proxy and CA
// variables), or cli.Run with main's own system and no network. The
// command line's own tests are in internal/cli.

// The README's example, replayed from recorded answers: these tests never
// touch the network.
const (
	exampleManifest  = "examples/manifest.toml"
	exampleReplay    = "examples/replay"
	exampleSnapshots = "examples/snapshots"
)

// The exit codes of the contract (shared/design/CONTRACTS.md), as a
// script sees them.
const (
	exitShort       = 1
	exitIO          = 3
	exitInterrupted = 130
)

// built is the about binary of this test process: built once, on the
// first test that needs it, into a folder TestMain removes.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

func TestMain(m *testing.M) {
	m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// aboutBinary is the path of the built binary, for the tests that need a
// real process.
func aboutBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "about-test-bin-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "about")
		if out, err := exec.Command("go", "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// runCLI runs the command line in this process, with main's system but no
// environment and a network that refuses and fails the test.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	sys := system(time.Now(), nil)
	sys.Getenv = func(string) string { return "" }
	sys.Network = fakenet.New(t) // refuses every request, failing the test that sent it (use --replay)
	var out, errb bytes.Buffer
	code = cli.Run(context.Background(), append([]string{"about"}, args...), &out, &errb, sys)
	return code, out.String(), errb.String()
}

// providerInfo is one provider as `about providers --json` prints it.
type providerInfo struct {
	Name        string   `json:"name"`
	Host        string   `json:"host"`
	IntervalMS  int64    `json:"interval_ms"`
	KeyedMS     int64    `json:"keyed_interval_ms"`
	APIKeyEnv   string   `json:"api_key_env"`
	Accepts     []string `json:"accepts"`
	BatchSize   int      `json:"batch_size"`
	Default     bool     `json:"default"`
	Terms       string   `json:"terms"`
	Attribution string   `json:"attribution"`
	RateSource  string   `json:"rate_source"`
}

// providerInfos is the registry as `about providers --json` prints it; nil
// (which no registry is) when the command fails. The command never asks
// the network: one that refuses fails t.
func providerInfos(t *testing.T) []providerInfo {
	sys := system(time.Now(), nil)
	sys.Getenv = func(string) string { return "" }
	sys.Network = fakenet.New(t)
	var out bytes.Buffer
	if cli.Run(context.Background(), []string{"about", "providers", "--json"}, &out, io.Discard, sys) != 0 {
		return nil
	}
	var infos []providerInfo
	if json.Unmarshal(out.Bytes(), &infos) != nil {
		return nil
	}
	return infos
}

// exampleCopy copies the example manifest and snapshots into a temporary
// folder, so a test may change them.
func exampleCopy(t *testing.T) (manifestPath, snapshots string) {
	t.Helper()
	return testtool.CopyExample(t, exampleManifest, exampleSnapshots)
}
