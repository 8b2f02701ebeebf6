package main

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/cli"
	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// ciPage is the docs page with the recipe for CI systems other than GitHub's.
const ciPage = "docs/ci.md"

// firstRecorded answers from the first of the recordings that holds the
// request (the miss of the last when none does).
func firstRecorded(replays []*transport.Replay) fakenet.Responder {
	return func(req *http.Request) (*http.Response, error) {
		var err error
		for _, rp := range replays {
			var resp *http.Response
			if resp, err = rp.RoundTrip(req.Clone(req.Context())); err == nil {
				return resp, nil
			}
			var miss *transport.ReplayMissError
			if !errors.As(err, &miss) {
				return nil, err
			}
		}
		return nil, err
	}
}

// recipeLine is one line of the recipe: its command, without the comment,
// and the file its standard output is redirected to, if any.
type recipeLine struct{ command, stdoutFile string }

func parseRecipe(t *testing.T) []recipeLine {
	t.Helper()
	data, err := os.ReadFile(ciPage)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "For other CI systems the recipe")
	_, rest, _ = strings.Cut(rest, "```sh\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatalf("%s has no sh block after \"For other CI systems the recipe\"", ciPage)
	}
	var lines []recipeLine
	for _, l := range strings.Split(block, "\n") {
		command, _, _ := strings.Cut(l, " #")
		command = strings.TrimSpace(command)
		if command == "" {
			continue
		}
		line := recipeLine{command: command}
		if c, file, ok := strings.Cut(command, " > "); ok {
			line = recipeLine{command: strings.TrimSpace(c), stdoutFile: strings.TrimSpace(file)}
		}
		lines = append(lines, line)
	}
	return lines
}

// TestCIRecipeShowsTheChange runs docs/ci.md's recipe for other CI systems
// line by line in a temporary git repository of the example whose
// committed copy of one work has an old title: `about` lines run in this
// process with recorded answers as the network, the others in bash. The
// recipe used to fetch first and then compare the rewritten folder with
// itself, so change.diff always said "snapshots are current".
func TestCIRecipeShowsTheChange(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the recipe is a POSIX shell script")
	}
	testtool.Need(t, "git")
	recipe := parseRecipe(t)
	services := recordedServicesFor(t)
	manifestPath, _ := exampleCopy(t)
	repo := filepath.Dir(manifestPath)
	work := filepath.Join("snapshots", "works", "doi_10.7554_2felife.01567.json")
	data, err := os.ReadFile(filepath.Join(repo, work))
	if err != nil {
		t.Fatal(err)
	}
	// Upstream has since changed the title: the committed file, record and
	// source alike, holds the old one, so it is still a consistent snapshot.
	title := "Automated quantitative histology reveals vascular morphodynamics"
	if strings.Count(string(data), title) != 2 {
		t.Fatalf("%s no longer has the title %q in its record and its source", work, title)
	}
	writeFile(t, filepath.Join(repo, work), strings.ReplaceAll(string(data), title, "An old title: "+title))
	if err := (snapshots.Dir{Root: filepath.Join(repo, "snapshots")}).RecordDigests(); err != nil { // as the fetch that wrote it recorded it
		t.Fatal(err)
	}
	git(t, repo, "init", "-q", "-b", "main")
	git(t, repo, "add", "-A")
	git(t, repo, "commit", "-q", "-m", "snapshots")
	t.Chdir(repo)

	codes := map[string]int{}
	for _, line := range recipe {
		if !strings.HasPrefix(line.command, "about ") {
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", line.command)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", line.command, err, out)
			}
			continue
		}
		args := strings.Fields(line.command)
		code, stdout, stderr := runWith(services, args...)
		codes[strings.Join(args[:2], " ")+map[bool]string{true: " --replay"}[strings.Contains(line.command, "--replay")]] = code
		if line.stdoutFile != "" {
			writeFile(t, line.stdoutFile, stdout)
		}
		t.Logf("%s: exit %d\n%s", line.command, code, stderr)
	}
	want := map[string]int{"about check": 0, "about fetch": 0, "about check --replay": 1, "about doctor": 0}
	for cmd, code := range want {
		if got, ran := codes[cmd]; !ran || got != code {
			t.Errorf("%s: exit %d (ran: %v), want %d", cmd, got, ran, code)
		}
	}
	diff, err := os.ReadFile("change.diff")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(diff), "-\"An old title: ") || !strings.Contains(string(diff), "snapshots are out of date") {
		t.Errorf("change.diff does not show the title the fetch changed:\n%s", diff)
	}
	if status := git(t, repo, "status", "--porcelain", "--", "snapshots"); !strings.Contains(status, " M "+work) {
		t.Errorf("the recipe left snapshots/ with no change to commit:\n%s", status)
	}
}

// recordedServicesFor stands in for the network: it answers from the
// example's fetch recordings first and the doctor's probe recordings
// second, so a recipe line that asks the services is answered with no
// network at all.
func recordedServicesFor(t *testing.T) *fakenet.Registry {
	t.Helper()
	var replays []*transport.Replay
	for _, dir := range []string{exampleReplay, "testdata/doctor/ok"} {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		rp, err := transport.LoadReplay(abs)
		if err != nil {
			t.Fatal(err)
		}
		replays = append(replays, rp)
	}
	net := fakenet.New(t)
	net.Register(fakenet.Any, firstRecorded(replays))
	return net
}

// runWith runs the command line in this process with network as its
// network and no environment.
func runWith(network http.RoundTripper, args ...string) (code int, stdout, stderr string) {
	sys := system(time.Now(), nil)
	sys.Getenv = func(string) string { return "" }
	sys.Network = network
	var out, errb bytes.Buffer
	code = cli.Run(context.Background(), args, &out, &errb, sys)
	return code, out.String(), errb.String()
}
