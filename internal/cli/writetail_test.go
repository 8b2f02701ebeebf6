package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
)

// TestFetchHoldsTheWriteTailUntilItsReport: the tail main's tighter
// collector covers begins once, as the writing does, and ends once fetch
// has told its story and written --report, which are made from the run's
// largest heap; ended with the writing, the heap grew by half again as
// they were made.
func TestFetchHoldsTheWriteTailUntilItsReport(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	var stderr strings.Builder
	var begun, ended int
	var reportAtEnd, storyAtEnd bool
	tail := func() func() {
		begun++
		return func() {
			ended++
			_, err := os.Stat(report)
			reportAtEnd, storyAtEnd = err == nil, strings.Contains(stderr.String(), "works")
		}
	}
	err := runFetch(context.Background(), fetchOptions{
		Manifest: exampleManifest, Threads: 2, Snapshots: filepath.Join(dir, "snapshots"), Report: report,
		Replay: exampleReplay, Getenv: func(string) string { return "" }, Network: fakenet.New(t), Stderr: &stderr,
		WriteTail: tail,
	})
	if err != nil {
		t.Fatalf("runFetch: %v\n%s", err, stderr.String())
	}
	if begun != 1 || ended != 1 {
		t.Fatalf("write tail begun %d times, ended %d; want once each", begun, ended)
	}
	if !reportAtEnd || !storyAtEnd {
		t.Errorf("as the tail ended: --report written %v, story told %v; want both", reportAtEnd, storyAtEnd)
	}
}
