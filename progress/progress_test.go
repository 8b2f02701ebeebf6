package progress

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeTime() *fakeTime { return &fakeTime{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)} }

func (f *fakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeTime) add(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

// syncBuffer is a bytes.Buffer safe for the plain form's goroutine; when
// wrote is set, each write is announced on it, so a test can wait for the
// line a tick causes.
type syncBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	wrote chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	n, err := s.b.Write(p)
	s.mu.Unlock()
	if s.wrote != nil {
		s.wrote <- struct{}{}
	}
	return n, err
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var labels = map[string]string{"api.crossref.org": "crossref", "api.openalex.org": "openalex", "pub.orcid.org": "orcid"}

// TestPlainLines: on each tick one line naming every host, its wait or
// stop, and an ETA from the pacing bounds; at the end one last line; and
// no control characters anywhere.
func TestPlainLines(t *testing.T) {
	clock := newFakeTime()
	ticks := make(chan time.Time)
	out := syncBuffer{wrote: make(chan struct{})}
	v := Start(Options{Out: &out, Labels: labels, Ticks: ticks, Now: clock.Now})
	tick := func() {
		ticks <- clock.Now()
		<-out.wrote
	}

	v.Plan("pub.orcid.org", 1, 1, 100*time.Millisecond)
	v.Request("pub.orcid.org")
	v.Done("pub.orcid.org", true)
	// 120 Crossref jobs, one call each at 200ms; 120 OpenAlex jobs, one
	// call each at 100ms.
	v.Plan("api.crossref.org", 120, 120, 120*200*time.Millisecond)
	v.Plan("api.openalex.org", 120, 120, 120*100*time.Millisecond)
	for range 100 {
		v.Request("api.crossref.org")
		v.Done("api.crossref.org", true)
		clock.add(200 * time.Millisecond)
	}
	for range 80 {
		v.Request("api.openalex.org")
		v.Done("api.openalex.org", true)
	}
	v.Wait("api.openalex.org", 30*time.Second, "Retry-After")
	tick()

	// Crossref is stopped; its remaining jobs are skipped and no longer
	// count towards the ETA. OpenAlex's wait has 10s to go.
	clock.add(20 * time.Second)
	v.Stop("api.crossref.org", "answered 429 3 times in a row")
	for range 20 {
		v.Done("api.crossref.org", false)
	}
	tick()

	v.Request("api.openalex.org")
	for range 40 {
		v.Done("api.openalex.org", true)
	}
	clock.add(5 * time.Second)
	go func() {
		for range out.wrote {
		}
	}()
	v.Finish()
	v.Finish() // a second Finish does nothing
	close(out.wrote)

	want := strings.Join([]string{
		// OpenAlex: 40 calls at 100ms plus the 30s wait; Crossref: 20 calls at 200ms.
		"about: 181/241 jobs · orcid 1/1 · crossref 100/120 (5.0 req/s) · openalex 80/120 (waiting 30s: Retry-After) · ETA 34s",
		"about: 201/241 jobs · orcid 1/1 · crossref 120/120 (stopped: answered 429 3 times in a row, 20 failed or skipped) · openalex 80/120 (waiting 10s: Retry-After) · ETA 14s",
		"about: finished 241/241 jobs in 45s · orcid 1/1 · crossref 120/120 (stopped: answered 429 3 times in a row, 20 failed or skipped) · openalex 120/120",
		"",
	}, "\n")
	if got := out.String(); got != want {
		t.Errorf("plain lines:\n%s\nwant:\n%s", got, want)
	}
	if strings.ContainsAny(out.String(), "\x1b\r") {
		t.Error("plain lines contain control characters")
	}
}

// TestNothingToSayYet: a tick before anything is planned writes nothing.
func TestNothingToSayYet(t *testing.T) {
	ticks := make(chan time.Time)
	var out syncBuffer
	v := Start(Options{Out: &out, Ticks: ticks, Now: newFakeTime().Now})
	ticks <- time.Time{} // received, so handled before Finish stops the loop
	v.Finish()
	if got := out.String(); got != "about: finished 0/0 jobs in 0s\n" {
		t.Errorf("got %q", got)
	}
}

// TestETAFollowsTheSlowerObservedPace: a host answering slower than its
// declared interval is estimated at the pace it keeps.
func TestETAFollowsTheSlowerObservedPace(t *testing.T) {
	clock := newFakeTime()
	ticks := make(chan time.Time)
	var out syncBuffer
	v := Start(Options{Out: &out, Ticks: ticks, Now: clock.Now})
	v.Plan("h", 10, 10, 10*100*time.Millisecond)
	for range 5 {
		v.Request("h")
		v.Done("h", true)
		clock.add(time.Second)
	}
	ticks <- clock.Now() // received, so handled before Finish stops the loop
	v.Finish()
	if got := out.String(); !strings.Contains(got, "about: 5/10 jobs · h 5/10 (1.0 req/s) · ETA 5s\n") {
		t.Errorf("got:\n%s", got)
	}
}

// TestUnplannedHostCountsRequests: a host asked on the side (doi.org's
// agency lookup) shows its requests, not a fraction of nothing.
func TestUnplannedHostCountsRequests(t *testing.T) {
	var out syncBuffer
	v := Start(Options{Out: &out, Ticks: make(chan time.Time), Now: newFakeTime().Now})
	v.Request("doi.org")
	v.Request("doi.org")
	v.Finish()
	if got := out.String(); got != "about: finished 0/0 jobs in 0s · doi.org 2 requests\n" {
		t.Errorf("got %q", got)
	}
}

// TestNilViewDoesNothing: a quiet run passes a nil *View around, so every
// method must be safe on nil; a nil dereference panics and fails the test.
func TestNilViewDoesNothing(t *testing.T) {
	var v *View
	v.Plan("h", 1, 1, 0)
	v.Request("h")
	v.Wait("h", time.Second, "Retry-After")
	v.Stop("h", "x")
	v.Done("h", true)
	v.Finish()
}

// TestLiveViewDrawsEveryHost: the live view, drawn into a buffer, ends
// with one line per host and the overall line.
func TestLiveViewDrawsEveryHost(t *testing.T) {
	var out syncBuffer
	v := Start(Options{Out: &out, Live: true, Width: 100, Labels: labels})
	v.Plan("pub.orcid.org", 1, 1, 0)
	v.Request("pub.orcid.org")
	v.Done("pub.orcid.org", true)
	v.Plan("api.crossref.org", 3, 3, 0)
	v.Stop("api.openalex.org", "answered 403 3 times in a row")
	for range 3 {
		v.Request("api.crossref.org")
		v.Done("api.crossref.org", true)
	}
	v.Finish()
	frame := lastFrame(out.String())
	for _, want := range []string{"orcid", "1/1", "crossref", "3/3", "openalex", "stopped: answered 403 3 times in a row", "all hosts", "4/4"} {
		if !strings.Contains(frame, want) {
			t.Errorf("last frame lacks %q:\n%s", want, frame)
		}
	}
	if n := strings.Count(frame, "\n"); n != 4 {
		t.Errorf("last frame has %d lines, want 4 (3 hosts and the overall line):\n%s", n, frame)
	}
	// Monochrome, so NO_COLOR has nothing to turn off (docs/run.md): cursor
	// movement only, never an SGR colour or style sequence.
	if sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`).FindString(out.String()); sgr != "" {
		t.Errorf("the live view writes the SGR sequence %q", sgr)
	}
}

// lastFrame is what mpb drew last: the text after its final "move up and
// clear" sequence.
func lastFrame(s string) string {
	if i := strings.LastIndex(s, "\x1b[J"); i >= 0 {
		s = s[i+len("\x1b[J"):]
	}
	return s
}

// TestDoneOutranksAWait: a host whose jobs all finished while it was
// waiting (an interrupted run) reads "done", not a wait that no longer
// matters.
func TestDoneOutranksAWait(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Ticks: make(chan time.Time), Now: clock.Now})
	v.Plan("h", 1, 1, 0)
	v.Wait("h", time.Minute, "Retry-After")
	v.Done("h", false)
	v.Finish()
	if got := out.String(); got != "about: finished 1/1 jobs in 0s · h 1/1 (1 failed or skipped)\n" {
		t.Errorf("got %q", got)
	}
}

// TestETAGrowsWhileAHostIsSilent: a request that has gone unanswered for
// two minutes makes each remaining call count at least that long, so the
// ETA does not keep saying "1s".
func TestETAGrowsWhileAHostIsSilent(t *testing.T) {
	clock := newFakeTime()
	ticks := make(chan time.Time)
	var out syncBuffer
	v := Start(Options{Out: &out, Ticks: ticks, Now: clock.Now})
	v.Plan("h", 2, 2, 2*100*time.Millisecond)
	v.Request("h")
	clock.add(2 * time.Minute)
	ticks <- clock.Now()
	v.Finish()
	if got := out.String(); !strings.Contains(got, "about: 0/2 jobs · h 0/2 · ETA 4m0s\n") {
		t.Errorf("got:\n%s", got)
	}
}

// TestNoServiceAnsweredOneLine: with no network every host stops for the
// same reason and no job is answered; the last line says so once instead
// of repeating the reason for each host.
func TestNoServiceAnsweredOneLine(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Labels: labels, Ticks: make(chan time.Time), Now: clock.Now})
	const why = "cannot reach it: proxyconnect tcp: dial tcp 127.0.0.1:9: connect: connection refused"
	v.Request("doi.org")
	v.Stop("doi.org", why)
	for _, lane := range []struct {
		host string
		jobs int
	}{{"api.crossref.org", 3}, {"api.openalex.org", 4}} {
		host, jobs := lane.host, lane.jobs
		v.Plan(host, jobs, 1, 0)
		v.Request(host)
		v.Stop(host, why)
		for range jobs {
			v.Done(host, false)
		}
	}
	v.Plan("api.unpaywall.org", 2, 2, 0) // never asked: skipped, not stopped
	v.Done("api.unpaywall.org", false)
	v.Done("api.unpaywall.org", false)
	clock.add(40 * time.Millisecond)
	v.Finish()
	want := "about: finished in 40ms, no service answered: 9/9 jobs failed or skipped · stopped: " + why + " (doi.org, crossref, openalex)\n"
	if got := out.String(); got != want {
		t.Errorf("last line:\n%s\nwant:\n%s", got, want)
	}
}

// TestSharedStopReasonSaidOnce: when some jobs were answered, every host
// keeps its counts, and a reason two hosts were stopped for is said once.
func TestSharedStopReasonSaidOnce(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Labels: labels, Ticks: make(chan time.Time), Now: clock.Now})
	v.Plan("pub.orcid.org", 1, 1, 0)
	v.Request("pub.orcid.org")
	v.Done("pub.orcid.org", true)
	for _, host := range []string{"api.crossref.org", "api.openalex.org"} {
		v.Plan(host, 2, 1, 0)
		v.Request(host)
		v.Stop(host, "cannot reach it: no such host")
		v.Done(host, false)
		v.Done(host, false)
	}
	clock.add(2 * time.Second)
	v.Finish()
	want := "about: finished 5/5 jobs in 2s · orcid 1/1 · crossref 2/2 (stopped, 2 failed or skipped) · openalex 2/2 (stopped, 2 failed or skipped) · stopped: cannot reach it: no such host (crossref, openalex)\n"
	if got := out.String(); got != want {
		t.Errorf("last line:\n%s\nwant:\n%s", got, want)
	}
}

// interruptedRun is a run a signal ended: 3 of Crossref's 120 jobs and 1
// of OpenAlex's 80 answered, 1 OpenAlex job failed before the signal,
// and the rest skipped on the way out, which the hosts count as done.
func interruptedRun(v *View, clock *fakeTime) {
	v.Plan("pub.orcid.org", 1, 1, 0)
	v.Request("pub.orcid.org")
	v.Done("pub.orcid.org", true)
	v.Plan("api.crossref.org", 120, 120, 0)
	v.Plan("api.openalex.org", 80, 80, 0)
	for range 3 {
		v.Request("api.crossref.org")
		v.Done("api.crossref.org", true)
	}
	v.Request("api.openalex.org")
	v.Done("api.openalex.org", true)
	v.Done("api.openalex.org", false)
	for range 117 {
		v.Done("api.crossref.org", false)
	}
	for range 78 {
		v.Done("api.openalex.org", false)
	}
	clock.add(3 * time.Second)
	v.FinishInterrupted()
}

// TestInterruptedLastLine: an interrupted run's last line says it was
// interrupted and how many jobs were answered, not "finished 201/201".
func TestInterruptedLastLine(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Labels: labels, Ticks: make(chan time.Time), Now: clock.Now})
	interruptedRun(v, clock)
	v.Finish() // once finished, nothing more
	want := "about: interrupted after 3s: 5 of 201 jobs answered · orcid 1/1 · crossref 3/120 · openalex 1/80\n"
	if got := out.String(); got != want {
		t.Errorf("last line:\n%s\nwant:\n%s", got, want)
	}
}

// TestInterruptedLiveView: the live view's last frame shows the jobs
// answered, and says the run was interrupted.
func TestInterruptedLiveView(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Live: true, Width: 100, Labels: labels, Now: clock.Now})
	interruptedRun(v, clock)
	frame := lastFrame(out.String())
	for _, want := range []string{"3/120", "1/80", "interrupted", "5/201", "interrupted after 3s"} {
		if !strings.Contains(frame, want) {
			t.Errorf("last frame lacks %q:\n%s", want, frame)
		}
	}
	if strings.Contains(frame, "201/201") || strings.Contains(frame, "120/120") {
		t.Errorf("last frame counts skipped jobs as done:\n%s", frame)
	}
}

// hostileCert is how Go words a certificate that names other hosts: the
// names are the server's, and a DNS name may hold any ASCII, ESC and BEL
// included, so a stop reason can carry OSC 52 from whoever answered.
const hostileCert = "cannot reach it: tls: x509: certificate is valid for \x1b]52;c;ZXZpbA==\x07evil.example, not api.crossref.org"

// hostileProgress tells v of a stop and a wait whose reasons carry
// terminal control sequences, and a host reached by redirect whose name
// (unlabelled, so shown as it is) carries a right-to-left override.
func hostileProgress(v *View, clock *fakeTime) {
	v.Plan("api.crossref.org", 1, 1, 0)
	v.Request("api.crossref.org")
	v.Stop("api.crossref.org", hostileCert)
	v.Done("api.crossref.org", false)
	v.Plan("api.openalex.org", 2, 2, 0)
	v.Request("api.openalex.org")
	v.Wait("api.openalex.org", time.Minute, "Retry-After \x1b[31mred\x1b[0m")
	v.Request("mirror\u202egro.example")
	clock.add(time.Second)
}

// hostileOutput fails t if out holds a control sequence other than the
// live view's own cursor movement, or lacks the reasons' visible escapes.
func hostileOutput(t *testing.T, out string, want ...string) {
	t.Helper()
	own := regexp.MustCompile(`\x1b\[[0-9]*[ABCDJK]|\x1b\[\?25[hl]|\r`)
	rest := own.ReplaceAllString(out, "")
	for _, bad := range []string{"\x1b", "\x07", "\u202e"} {
		if strings.Contains(rest, bad) {
			t.Errorf("the progress wrote %q to the terminal:\n%q", bad, out)
		}
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("the progress does not show %q:\n%q", w, out)
		}
	}
}

// Before, the stop's reason reached the terminal raw: OSC 52 wrote the
// clipboard from a CI log's plain line as from the live view.
func TestPlainLinesShowReasonsInert(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	ticks := make(chan time.Time)
	v := Start(Options{Out: &out, Labels: labels, Ticks: ticks, Now: clock.Now})
	hostileProgress(v, clock)
	ticks <- clock.Now() // a line mid-run, while OpenAlex waits
	v.Finish()
	hostileOutput(t, out.String(), `\x1b]52;c;ZXZpbA==\x07evil.example`, `Retry-After \x1b[31mred\x1b[0m`, `mirror\u202egro.example`)
}

func TestLiveViewShowsReasonsInert(t *testing.T) {
	clock := newFakeTime()
	var out syncBuffer
	v := Start(Options{Out: &out, Live: true, Width: 240, Labels: labels, Now: clock.Now})
	hostileProgress(v, clock)
	v.Finish()
	hostileOutput(t, out.String(), `\x1b]52;c;ZXZpbA==\x07evil.example`, `mirror\u202egro.example`)
}
