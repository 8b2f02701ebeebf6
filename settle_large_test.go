package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSettleLarge measures the real binary interrupted at 1 s, 10 s and
// 60 s into a first run of 50,000 works (five ORCID records of 10,000;
// ORCID only, so the run reads 500 detail pages at ORCID's pace for about
// 55 s and then writes 50,000 files): the time from SIGINT to the
// process's exit, and what the folder holds then. Minutes of wall time
// and gigabytes of writes, so only when ABOUT_SETTLE_LARGE is set:
//
//	ABOUT_SETTLE_LARGE=1 go test . -run TestSettleLarge -v
func TestSettleLarge(t *testing.T) {
	if os.Getenv("ABOUT_SETTLE_LARGE") == "" {
		t.Skip("set ABOUT_SETTLE_LARGE=1 to interrupt a 50,000-work run of the real binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("Windows cannot send SIGINT to another process")
	}
	const records, perRecord = 5, 10000
	bin := aboutBinary(t)
	orcids := map[string]int{}
	var manifest strings.Builder
	manifest.WriteString("providers = [\"orcid\"]\n")
	for r := range records {
		id := largeORCID(r)
		orcids[id] = r
		fmt.Fprintf(&manifest, "[[identity]]\norcid = %q\n", id)
	}
	summary := map[string][]byte{}
	for id, r := range orcids {
		var groups []string
		for k := range perRecord {
			i := r*perRecord + k
			groups = append(groups, fmt.Sprintf(`{"work-summary": [{"put-code": %d, "title": {"title": {"value": "work %d version 0"}},
				"external-ids": {"external-id": [{"external-id-type": "doi", "external-id-value": "10.5555/w%d", "external-id-relationship": "self"}]}}]}`, i, i, i))
		}
		summary[id] = []byte(fmt.Sprintf(`{"group": [%s]}`, strings.Join(groups, ",")))
	}
	iD := regexp.MustCompile(`\d{4}-\d{4}-\d{4}-\d{3}[\dX]`)
	net := newFakeInternet(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch orcidPart(r.URL.Path) {
		case "works":
			_, _ = w.Write(summary[iD.FindString(r.URL.Path)])
		case "bulk":
			_, _ = w.Write([]byte(`{"bulk": []}`)) // no details: the summaries are used
		default:
			_, _ = w.Write([]byte(`{}`))
		}
	}))
	for _, at := range []time.Duration{time.Second, 10 * time.Second, time.Minute} {
		t.Run(at.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "manifest.toml")
			writeFile(t, path, manifest.String())
			cmd, out := net.fetchCmd(bin, path)
			startProcess(t, cmd)
			time.Sleep(at) // the moment of the interrupt under measurement, not a synchronisation
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			signalled := time.Now()
			code := exitCode(t, cmd.Wait())
			settled := time.Since(signalled)
			snaps := filepath.Join(dir, "snapshots")
			files, leftovers := 0, 0
			if _, err := os.Stat(snaps); err == nil { // none at all is what a first run should leave
				leftovers, _ = folderVersions(t, snaps, 0)
				files = len(snapshotFiles(t, snaps))
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			t.Logf("SIGINT at %v: exit %d after %v; %d files, %d leftovers; %s", at, code, settled.Round(time.Millisecond), files, leftovers, lines[len(lines)-2])
			if code != exitInterrupted || settled > 2*time.Second || leftovers > 0 || files > 0 {
				t.Errorf("want exit 130 within 2s, no file and no leftover")
			}
		})
	}
}

// largeORCID is a valid iD (ISO 7064 MOD 11-2 check digit) per record.
func largeORCID(r int) string {
	base := fmt.Sprintf("00000002%07d", r)
	total := 0
	for _, c := range base {
		total = (total + int(c-'0')) * 2
	}
	digit := "X"
	if check := (12 - total%11) % 11; check < 10 {
		digit = fmt.Sprint(check)
	}
	s := base + digit
	return s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
}
