package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/transport"
)

// exampleMailto is examples/manifest.toml's mailto, in the forms a request
// carries it: as written (User-Agent) and query-escaped (mailto=).
func exampleMailto() []string {
	const m = "ada@example.org"
	return []string{m, url.QueryEscape(m)}
}

// TestRecordKeepsTheMailtoOut records the README's example run (its
// manifest has a mailto; the services are the example recordings, served
// as a network) and replays the recording. No recorded file holds the
// mailto (recordings are folders users commit), and the replay writes
// the same snapshot folder byte for byte.
func TestRecordKeepsTheMailtoOut(t *testing.T) {
	services, err := transport.LoadReplay(exampleReplay)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	rec := filepath.Join(tmp, "answers")
	live := fetchOptions{Manifest: exampleManifest, Threads: 4, Snapshots: filepath.Join(tmp, "live"), Record: rec,
		Getenv: func(string) string { return "" }, Network: services, Version: testVersion, Stderr: &bytes.Buffer{}}
	live.testOnlyOptions = func(opts *orchestrator.Options) {
		opts.NoPacing, opts.Clock = true, transport.InstantClock()
	}
	if err := runFetch(context.Background(), live); err != nil {
		t.Fatalf("the recorded run: %v\n%s", err, live.Stderr)
	}
	recorded := treeText(t, rec)
	if recorded == "" {
		t.Fatal("nothing was recorded")
	}
	for _, m := range exampleMailto() {
		if strings.Contains(recorded, m) {
			t.Errorf("the --record folder holds the mailto %s:\n%s", m, excerptAround(recorded, m))
		}
	}

	replayed := fetchOptions{Manifest: exampleManifest, Threads: 4, Snapshots: filepath.Join(tmp, "replayed"), Replay: rec,
		Getenv: func(string) string { return "" }, Network: fakenet.New(t), Version: testVersion, Stderr: &bytes.Buffer{}}
	if err := runFetch(context.Background(), replayed); err != nil {
		t.Fatalf("the replayed run: %v\n%s", err, replayed.Stderr)
	}
	if a, b := treeText(t, live.Snapshots), treeText(t, replayed.Snapshots); a != b || a == "" {
		t.Errorf("the replay of the recording wrote other snapshots than the recorded run")
	}
}

// TestReportErrorsHoldNoMailto fails every Crossref request of the
// example run with a 500: the error --report keeps names the request,
// and not the mailto= it carried.
func TestReportErrorsHoldNoMailto(t *testing.T) {
	down := fault{on: fakenet.Host("api.crossref.org"), answer: fakenet.Status(http.StatusInternalServerError)}
	_, story, rep := runWithFault(t, down)
	if !bytes.Contains(rep, []byte("500 Internal Server Error")) {
		t.Fatalf("no request failed where the test needs it:\n%s", rep)
	}
	for _, m := range exampleMailto() {
		for what, text := range map[string]string{"--report": string(rep), "the story": story} {
			if strings.Contains(text, m) {
				t.Errorf("%s holds the mailto %s:\n%s", what, m, excerptAround(text, m))
			}
		}
	}
}

// excerptAround is up to 300 bytes of text either side of the first s.
func excerptAround(text, s string) string {
	i := strings.Index(text, s)
	return text[max(0, i-300):min(len(text), i+len(s)+300)]
}
