package netsim

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestReadTimeReport reads GNU time -v's report as it writes it: the
// binary's RSS, its user plus system time, and a death by signal as a
// shell reports it.
func TestReadTimeReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "time.txt")
	report := "\tCommand being timed: \"./about fetch -j 8 manifest.toml\"\n" +
		"\tUser time (seconds): 12.50\n\tSystem time (seconds): 1.25\n" +
		"\tElapsed (wall clock) time (h:mm:ss or m:ss): 2:16.30\n" +
		"\tMaximum resident set size (kbytes): 114688\n\tExit status: %d\n"
	for _, tc := range []struct {
		extra        string
		status, exit int // the report's exit status (0 when a signal ended it), and the exit read
	}{{"", 1, 1}, {"Command terminated by signal 9\n", 0, 137}} {
		if err := os.WriteFile(path, []byte(tc.extra+fmt.Sprintf(report, tc.status)), 0o644); err != nil {
			t.Fatal(err)
		}
		var p process
		readTimeReport(path, &p)
		if p.RSSKB != 114688 || p.CPU != 13750*time.Millisecond || p.Exit != tc.exit {
			t.Errorf("%q: RSS %d KB, CPU %v, exit %d; want 114688 KB, 13.75s, %d", tc.extra, p.RSSKB, p.CPU, p.Exit, tc.exit)
		}
	}
}
