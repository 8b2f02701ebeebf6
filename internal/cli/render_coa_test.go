package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// coa's default window is the 48 months before the day render runs
// (System.Started), to the day: the example folder's SIGMOD paper, issued
// 2021-06-09, is in the table rendered on 2025-06-09 and out of the one
// rendered a day later; --since sets the start whatever the day.
func TestRenderCOAWindowEndsTheDayRenderRuns(t *testing.T) {
	for _, c := range []struct {
		today string
		since string
		rows  int
	}{
		{"2025-06-09", "", 6},            // Pandey, Conway, Durie, Farach-Colton, Johnson: and Bender
		{"2025-06-10", "", 0},            // the window starts 2021-06-10
		{"2025-06-10", "2020-12-01", 14}, // and the bioRxiv preprint's eight
	} {
		today, err := time.Parse(time.DateOnly, c.today)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		err = runRender(renderOptions{Format: "coa", Since: c.since, Today: today.Add(15 * time.Hour),
			Manifest: "../../examples/manifest.toml", Stdout: &out, Stderr: &errb})
		if err != nil {
			t.Fatalf("%s since %q: %v", c.today, c.since, err)
		}
		if n := strings.Count(out.String(), "\r\nA:,"); n != c.rows {
			t.Errorf("%s since %q: %d rows, want %d:\n%s", c.today, c.since, n, c.rows, out.String())
		}
		// a table of its heading row alone says why on stderr, and when
		// the newest work was, for --since
		const note = "about: note: no work in ../../examples/snapshots with authors was issued on or after 2021-06-10, so the COA table has its heading row alone\n" +
			"about: hint: the newest such work was issued 2021-06-09; --since YYYY-MM-DD sets the window's first day (default: 48 months before today, NSF's window)\n"
		if want := map[bool]string{true: note, false: ""}[c.rows == 0]; errb.String() != want {
			t.Errorf("%s since %q: stderr\n%s\nwant\n%s", c.today, c.since, errb.String(), want)
		}
	}
}

// TestRenderCOASinceTomorrowIsRefused: a window starting after the day
// render runs holds no work, and its empty table would read as "no
// co-authors": it is a usage error naming both days and a window to use.
func TestRenderCOASinceTomorrowIsRefused(t *testing.T) {
	today := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var out, errb bytes.Buffer
	err := runRender(renderOptions{Format: "coa", Since: "2026-12-08", Today: today,
		Manifest: "../../examples/manifest.toml", Stdout: &out, Stderr: &errb})
	if err == nil || !strings.Contains(err.Error(), "--since 2026-12-08 is after today, 2026-12-07") || out.Len() != 0 {
		t.Fatalf("err %v, %d bytes written; want a usage error naming both days and nothing written", err, out.Len())
	}
	if err := runRender(renderOptions{Format: "coa", Since: "2026-12-07", Today: today,
		Manifest: "../../examples/manifest.toml", Stdout: &out, Stderr: &errb}); err != nil {
		t.Errorf("a window starting today: %v", err)
	}
}
