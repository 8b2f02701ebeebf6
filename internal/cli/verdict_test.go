package cli

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/snapshots"
)

// verdicts is what each outcome of --report must come with: the exit code
// (docs/exit-codes.md) and the first word of the story's closing line.
var verdicts = map[string]struct {
	exit    int
	closing string
}{
	"complete":     {exitOK, "complete:"},
	"incomplete":   {exitShort, "incomplete:"},
	"interrupted":  {exitInterrupted, "interrupted"},
	"write_failed": {exitIO, "failed:"},
}

// fault is what a row of TestFaultsEndInOneVerdict does to a replay of
// the README's example: the network it answers through, and the disk.
type fault struct {
	on     fakenet.Matcher   // the requests the fault answers; the recording answers the rest
	answer fakenet.Responder // how it answers them
	cancel int               // cancel the run after this many requests; 0: never
	full   int               // the disk fills after this many changed files; 0: never
}

// TestFaultsEndInOneVerdict: whatever went wrong, the story's closing
// line, --report's outcome and pruned, and the exit code tell one story.
// A run that could not write its folder (a full disk) said "complete"
// and `pruned: true`, counted the works it never wrote as "unchanged",
// and exited 3; an offline run's report said `pruned: true` though it
// changed nothing.
func TestFaultsEndInOneVerdict(t *testing.T) {
	stopped := fault{on: fakenet.Host("api.openalex.org"), answer: fakenet.WithHeader(fakenet.Status(http.StatusTooManyRequests), "Retry-After", "86400")}
	offline := fault{on: fakenet.Any, answer: fakenet.Refused}
	lookupDown := fault{on: fakenet.Host("doi.org"), answer: fakenet.Status(http.StatusServiceUnavailable)}
	aListing := func(r *http.Request) bool {
		return strings.Contains(r.URL.RawQuery, "orcid") && r.URL.Host != "pub.orcid.org"
	}
	listingDown := fault{on: aListing, answer: fakenet.Status(http.StatusServiceUnavailable)}
	cases := []struct {
		name    string
		fault   fault
		outcome string
		pruned  bool
		story   bool // the story is told (an offline run says one line instead)
	}{
		{"healthy", fault{}, "complete", true, true},
		{"disk full", fault{full: 5}, "write_failed", false, true},
		{"a host stopped by 429", stopped, "incomplete", true, true},
		{"no network", offline, "incomplete", false, false},
		{"interrupted", fault{cancel: 3}, "interrupted", false, true},
		{"a failed agency lookup", lookupDown, "incomplete", true, true},
		{"a failed listing", listingDown, "incomplete", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, story, rep := runWithFault(t, c.fault)
			assertVerdict(t, c.outcome, c.pruned, code, rep)
			if !c.story {
				if strings.Contains(story, "complete") {
					t.Errorf("the one line of a run that changed nothing says complete:\n%s", story)
				}
				return
			}
			if closing, want := lastStoryLine(story), verdicts[c.outcome].closing; !strings.HasPrefix(closing, want) {
				t.Errorf("closing line %q, want it to begin %q (outcome %q):\n%s", closing, want, c.outcome, story)
			}
			if c.outcome == "write_failed" {
				assertUnsavedTold(t, story, rep)
			}
		})
	}
}

// assertVerdict: --report's outcome is outcome, the exit code is its
// code, and pruned is as wanted, with a reason exactly when false.
func assertVerdict(t *testing.T, outcome string, wantPruned bool, code int, rep []byte) {
	t.Helper()
	if got := gjson.GetBytes(rep, "outcome").String(); got != outcome {
		t.Errorf("outcome %q, want %q:\n%s", got, outcome, rep)
	}
	if want := verdicts[outcome].exit; code != want {
		t.Errorf("exit %d, want %d with outcome %q", code, want, outcome)
	}
	pruned, why := gjson.GetBytes(rep, "snapshots.pruned").Bool(), gjson.GetBytes(rep, "snapshots.not_pruned").String()
	if pruned != wantPruned || pruned != (why == "") {
		t.Errorf("pruned %v (not_pruned %q), want %v:\n%s", pruned, why, wantPruned, rep)
	}
}

// assertUnsavedTold: a run that could not write its folder names the
// works it did not write, counts them as not written (never unchanged),
// and says why.
func assertUnsavedTold(t *testing.T, story string, rep []byte) {
	t.Helper()
	unsaved := gjson.GetBytes(rep, "snapshots.not_written.#").Int()
	works := gjson.GetBytes(rep, "snapshots.works").Int()
	added := gjson.GetBytes(rep, "snapshots.added.#").Int()
	if unsaved == 0 || added+unsaved != works {
		t.Errorf("%d works, %d added, %d not written: the ones not written are missing:\n%s", works, added, unsaved, rep)
	}
	if line := fmt.Sprintf("%d added, 0 changed, 0 removed, 0 unchanged, %d not written", added, unsaved); !strings.Contains(story, line) {
		t.Errorf("the story lacks %q:\n%s", line, story)
	}
	if !strings.Contains(gjson.GetBytes(rep, "snapshots.write_error").String(), "no space left on device") {
		t.Errorf("write_error does not say the disk is full:\n%s", rep)
	}
}

// runWithFault replays the README's example into a fresh folder through
// the fault and returns the exit code, standard error and --report.
func runWithFault(t *testing.T, f fault) (code int, stderr string, rep []byte) {
	t.Helper()
	return runWithFaultInto(t, filepath.Join(t.TempDir(), "snapshots"), f)
}

// runWithFaultInto is runWithFault into the snapshot folder snaps.
func runWithFaultInto(t *testing.T, snaps string, f fault) (code int, stderr string, rep []byte) {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb bytes.Buffer
	o := fetchOptions{Manifest: exampleManifest, Threads: 4, Snapshots: snaps, Replay: exampleReplay,
		Report: filepath.Join(dir, "run.json"), Getenv: func(string) string { return "" }, Network: fakenet.New(t), Version: testVersion, Stderr: &errb}
	o.testOnlyOptions = func(opts *orchestrator.Options) {
		opts.Base = faultyNetwork(t, opts.Base, f, cancel)
		if f.full > 0 {
			opts.WriteSnapshot = fillingDisk(f.full)
		}
	}
	err := runFetch(ctx, o)
	data, rerr := os.ReadFile(o.Report)
	if rerr != nil {
		t.Fatalf("no --report: %v\n%s", rerr, errb.String())
	}
	return codeOf(err), errb.String(), data
}

// lastStoryLine is the story's closing line: the last line before the
// error and hint lines.
func lastStoryLine(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if !strings.HasPrefix(lines[i], "about: ") {
			return lines[i]
		}
	}
	return ""
}

// faultyNetwork answers what f.on takes through f.answer (a fault that
// is never asked fails the test) and everything else through base (the
// recording), and cancels the run at f.cancel requests.
func faultyNetwork(t *testing.T, base http.RoundTripper, f fault, cancel context.CancelFunc) *fakenet.Registry {
	net := fakenet.New(t)
	net.Register(fakenet.Any, fakenet.Forward(base)).Optional()
	if f.answer != nil {
		net.Override(f.on, f.answer)
	}
	var mu sync.Mutex
	n := 0
	net.Before(func(*http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if n++; f.cancel > 0 && n == f.cancel {
			cancel()
		}
	})
	return net
}

// fillingDisk writes as snapshots.Write does until n files have changed,
// then fails every further change as a full disk does (ENOSPC), while
// still telling an unchanged file apart, as the real write does first.
func fillingDisk(n int) orchestrator.WriteSnapshotFunc {
	var mu sync.Mutex
	written := 0
	return func(path string, v any) (bool, error) {
		data, err := snapshots.Encode(v)
		if err != nil {
			return false, err
		}
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
			return false, nil
		}
		mu.Lock()
		defer mu.Unlock()
		if written >= n {
			return false, &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
		}
		written++
		return snapshots.Write(path, v)
	}
}
