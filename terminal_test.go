package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"
)

// exampleFetchArgs fetches the README's example from its replay folder into
// a temporary copy, so the committed example is never touched.
func exampleFetchArgs(t *testing.T) []string {
	t.Helper()
	manifestPath, _ := exampleCopy(t)
	replay, err := filepath.Abs(exampleReplay)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(filepath.Dir(manifestPath), "fresh")
	return []string{"fetch", "--replay", replay, "--snapshots", out, manifestPath}
}

// TestProgressInAPipeIsPlain: with standard error a pipe (a CI log), the
// progress is plain lines and the output has no control characters, even
// when TERM names a capable terminal.
func TestProgressInAPipeIsPlain(t *testing.T) {
	bin := aboutBinary(t)
	cmd := exec.Command(bin, exampleFetchArgs(t)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr // not *os.File: exec connects pipes
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String() + stderr.String()
	if strings.ContainsAny(out, "\x1b\r") {
		t.Errorf("output in a pipe has control characters:\n%q", out)
	}
	for _, want := range []string{
		"about: finished 19/19 jobs in ",
		// hosts in the order they were planned: the record, its discovery listings (registry order), the agency lookup
		" · orcid 1/1 · crossref 7/7 · datacite 2/2 · openalex 9/9 · doi 1 request\n",
		"  provider  found  not found",
		"13 added, 0 changed, 0 removed",
		"complete: 19 jobs answered in ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestLiveViewUnderATerminal runs the binary in a tmux pane (a real
// pseudo-terminal) and reads the screen: one line per host and the overall
// line, each exactly once (the view redrew in place rather than scrolling
// frames), then the story, and no stray escape sequences.
func TestLiveViewUnderATerminal(t *testing.T) {
	tmux := testtool.Need(t, "tmux")
	bin := aboutBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// A private server on a socket of this test's own, so killing it can
	// touch nothing else.
	tmuxOn := func(ctx context.Context, args ...string) ([]byte, error) {
		return exec.CommandContext(ctx, tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	}
	tm := func(args ...string) ([]byte, error) { return tmuxOn(ctx, args...) }
	// The server outlives the test unless killed. The cleanup has its own
	// context: the test's is cancelled by the time cleanups run, and a
	// kill-server under it would never start. It is registered before the
	// session starts, so a failure anywhere after still kills it.
	t.Cleanup(func() {
		kctx, kcancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer kcancel()
		_, _ = tmuxOn(kctx, "kill-server")
		if out, err := tmuxOn(kctx, "ls"); err == nil {
			t.Errorf("the tmux server on %s survived kill-server:\n%s", sock, out)
		}
	})
	words := append([]string{bin}, exampleFetchArgs(t)...)
	for i, w := range words {
		words[i] = shellQuote(w)
	}
	// After the run the pane signals "done" and stays open (cat waits on
	// the terminal) so its screen can be read.
	script := strings.Join(words, " ") + `; echo "exit=$?"; ` + shellQuote(tmux) + " -S " + shellQuote(sock) + " wait-for -S done; cat"
	if out, err := tm("new-session", "-d", "-x", "110", "-y", "40", "sh", "-c", script); err != nil {
		testtool.Missing(t, "tmux cannot start a session here: %v\n%s", err, out)
	}
	if out, err := tm("wait-for", "done"); err != nil {
		t.Fatalf("waiting for the run: %v\n%s", err, out)
	}
	screen, err := tm("capture-pane", "-p")
	if err != nil {
		t.Fatalf("capture-pane: %v\n%s", err, screen)
	}
	text := string(screen)
	if !strings.Contains(text, "exit=0") {
		t.Fatalf("run failed:\n%s", text)
	}
	for _, host := range []string{"orcid", "doi", "crossref", "datacite", "openalex", "all hosts"} {
		line := regexp.MustCompile(`(?m)^` + host + ` +\[[=>+-]+\] +`)
		if n := len(line.FindAllString(text, -1)); n != 1 {
			t.Errorf("%d lines for %s, want 1:\n%s", n, host, text)
		}
	}
	for _, want := range []string{"7/7  done", "19/19  in ", "  provider  found  not found", "complete: 19 jobs answered"} {
		if !strings.Contains(text, want) {
			t.Errorf("screen lacks %q:\n%s", want, text)
		}
	}
	if garbage := regexp.MustCompile(`\x1b|\[\d*[ABJK]|\r`); garbage.MatchString(text) {
		t.Errorf("stray control sequences on screen:\n%q", text)
	}

	// docs/commands.md: "TERM=dumb turns the live view into plain lines", on the
	// same terminal.
	dumbWords := append([]string{"env", "TERM=dumb", bin}, exampleFetchArgs(t)...)
	for i, w := range dumbWords {
		dumbWords[i] = shellQuote(w)
	}
	dumbScript := strings.Join(dumbWords, " ") + `; echo "exit=$?"; ` + shellQuote(tmux) + " -S " + shellQuote(sock) + " wait-for -S dumbdone; cat"
	if out, err := tm("new-session", "-d", "-s", "dumb", "-x", "110", "-y", "40", "sh", "-c", dumbScript); err != nil {
		t.Fatalf("second tmux session: %v\n%s", err, out)
	}
	if out, err := tm("wait-for", "dumbdone"); err != nil {
		t.Fatalf("waiting for the TERM=dumb run: %v\n%s", err, out)
	}
	dumb, err := tm("capture-pane", "-p", "-t", "dumb")
	if err != nil {
		t.Fatalf("capture-pane: %v\n%s", err, dumb)
	}
	if !strings.Contains(string(dumb), "exit=0") || !strings.Contains(string(dumb), "about: finished 19/19 jobs in ") {
		t.Errorf("TERM=dumb on a terminal did not print the plain progress line:\n%s", dumb)
	}
	if strings.Contains(string(dumb), "all hosts") || strings.Contains(string(dumb), "[=") {
		t.Errorf("TERM=dumb on a terminal still drew the live view:\n%s", dumb)
	}
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
