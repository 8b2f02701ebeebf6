package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/check"
)

// interruptAt cancels the run once a request matching at has arrived,
// and holds that request until the run lets go of it, as a Ctrl-C while
// it is in flight.
func interruptAt(n *fakeNet, at func(*http.Request) bool) (context.Context, <-chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	arrived := make(chan struct{})
	var once sync.Once
	n.Before(func(req *http.Request) {
		if !at(req) {
			return
		}
		once.Do(func() {
			close(arrived)
			cancel()
		})
		<-req.Context().Done()
	})
	return ctx, arrived
}

// TestInterruptedFirstRunLeavesNothing: a first run interrupted right
// after its first request writes nothing, so there is no folder for
// check to reject (it found 13 problems in the empty index.json and
// links.json an interrupted first run used to leave).
func TestInterruptedFirstRunLeavesNothing(t *testing.T) {
	m := newManifest(t, recordedManifest)
	net := recordedNet(t)
	ctx, arrived := interruptAt(net, func(*http.Request) bool { return true })
	rep, err := Run(ctx, testOptions(m, net, 4))
	<-arrived
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(m.Snapshots); !os.IsNotExist(err) {
		t.Errorf("the interrupted first run made its folder (%v):\n%s", err, folderBytes(t, m.Snapshots))
		if problems := check.Offline(m, m.Snapshots).Problems; len(problems) > 0 {
			t.Errorf("check --offline finds %d problems in it, e.g. %s", len(problems), problems[0])
		}
	}
	if !rep.Interrupted || rep.Cut == nil || rep.Cut.Written != 0 || len(rep.Written) != 0 {
		t.Errorf("report: interrupted %v, cut %+v, written %v; want interrupted with nothing written", rep.Interrupted, rep.Cut, rep.Written)
	}
	if story := story(rep); !strings.Contains(story, "nothing was written, the snapshot folder is as it was") {
		t.Errorf("the story does not say nothing was written:\n%s", story)
	}
}

// TestInterruptedRunKeepsTheFolder: a later run interrupted once some of
// its works are answered (the ORCID record read, one provider's answers
// in, the other's request in flight) leaves every file as the last run
// wrote it, so check still accepts the folder: a few works newer, with
// the index, links and ORCID list of the old run, would be a folder it
// rejects. The manifest gained a DOI since, so writing anything at all
// (the index names the manifest's identities) would change the folder.
func TestInterruptedRunKeepsTheFolder(t *testing.T) {
	const added = "[[identity]]\ndoi = \"10.1007/978-3-662-46370-3_13\"\n"
	if !strings.HasSuffix(recordedManifest, added) {
		t.Fatal("recordedManifest no longer ends with the DOI this test adds")
	}
	before := newManifest(t, strings.TrimSuffix(recordedManifest, added))
	runOK(t, testOptions(before, recordedNet(t), 4))
	folder := folderBytes(t, before.Snapshots)
	m := newManifest(t, recordedManifest)
	m.Snapshots = before.Snapshots
	net := recordedNet(t)
	provider := func(r *http.Request) bool {
		return r.URL.Host == "api.crossref.org" || r.URL.Host == "api.openalex.org"
	}
	answered := func() int { return net.requests("api.crossref.org") + net.requests("api.openalex.org") }
	// The interrupt comes with the second provider request, the first answered.
	ctx, arrived := interruptAt(net, func(r *http.Request) bool { return provider(r) && answered() > 0 })
	rep, err := Run(ctx, testOptions(m, net, 1))
	<-arrived
	if err != nil {
		t.Fatal(err)
	}
	if after := folderBytes(t, m.Snapshots); after != folder {
		t.Errorf("the interrupted run changed the folder:\n%s", firstDiff(folder, after))
	}
	if problems := check.Offline(before, m.Snapshots).Problems; len(problems) > 0 {
		t.Errorf("check --offline finds %d problems, e.g. %s", len(problems), problems[0])
	}
	if rep.NotPruned == 0 || len(rep.Written) != 0 {
		t.Errorf("pruned %v, written %v; want neither", rep.NotPruned, rep.Written)
	}
}

// TestSettleContext: the settle context ends SettleBudget after the run's
// context on the run's clock, or at once on Abort; not before.
func TestSettleContext(t *testing.T) {
	clock := newTimerClock()
	run, interrupt := context.WithCancel(context.Background())
	abort, second := context.WithCancel(context.Background())
	settle, done := settleContext(run, abort, clock)
	defer done()
	clock.advance(SettleBudget * 10)
	if settle.Err() != nil {
		t.Fatal("settled before any interrupt")
	}
	interrupt()
	clock.waitTimers(1)
	clock.advance(SettleBudget - 1)
	if settle.Err() != nil {
		t.Fatal("settled before the budget was spent")
	}
	clock.advance(1)
	if settle.Err() == nil {
		t.Fatal("not settled once the budget was spent")
	}

	run2, interrupt2 := context.WithCancel(context.Background())
	settle2, done2 := settleContext(run2, abort, clock)
	defer done2()
	interrupt2()
	second()
	<-settle2.Done() // the abort ends it without the clock moving
}

// timerClock is a clock whose timers fire only as advance passes them.
type timerClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*clockTimer
	set    chan struct{} // a timer was set
}

type clockTimer struct {
	at   time.Time
	f    func()
	done bool
}

func newTimerClock() *timerClock {
	return &timerClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), set: make(chan struct{}, 64)}
}

func (c *timerClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *timerClock) Sleep(ctx context.Context, d time.Duration) error {
	c.advance(d)
	return ctx.Err()
}

func (c *timerClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	t := &clockTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	c.mu.Unlock()
	c.set <- struct{}{}
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		stopped := !t.done
		t.done = true
		return stopped
	}
}

// waitTimers waits until n timers have been set since the last wait.
func (c *timerClock) waitTimers(n int) {
	for range n {
		<-c.set
	}
}

func (c *timerClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*clockTimer
	for _, t := range c.timers {
		if !t.done && !t.at.After(c.now) {
			t.done = true
			due = append(due, t)
		}
	}
	c.mu.Unlock()
	for _, t := range due {
		t.f()
	}
}

// cutAfter is a settle context whose budget runs out after n checks: the
// writer checks once before each work's file.
type cutAfter struct {
	context.Context
	n int
}

func (c *cutAfter) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestWriteCutLeavesTheRestAsTheyWere: an interrupt during the write
// phase whose budget runs out before the last work stops between two
// files: the works before are written whole, the last one and every
// other file (the index, links.json, the ORCID list) keep their previous
// bytes, nothing is pruned, and the story says how far the writing got.
func TestWriteCutLeavesTheRestAsTheyWere(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	before := snapshotsByPath(t, m.Snapshots)
	d := snapshots.Dir{Root: m.Snapshots}
	// A stray file a complete run would prune.
	stray := d.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/gone"})
	if err := os.WriteFile(stray, before["works/doi_10.7554_2felife.01567.json"], 0o644); err != nil {
		t.Fatal(err)
	}
	// Crossref's records are gone: every work it had found would change.
	net := recordedNet(t)
	for k := range net.routes {
		if strings.HasPrefix(k, "api.crossref.org/") {
			net.routes[k] = net.routes["api.crossref.org/works/10.1371/notarealdoi"]
		}
	}
	rn, rep, n := cutWrite(t, m, net)
	last := rn.w.works[n-1].link.ID()
	if rep.Cut == nil || rep.Cut.Written != n-1 || rep.Cut.Works != n || !rep.Interrupted {
		t.Fatalf("cut %+v, interrupted %v; want %d of %d works written", rep.Cut, rep.Interrupted, n-1, n)
	}
	after := snapshotsByPath(t, m.Snapshots)
	lastFile := snapshots.WorksDir + "/" + snapshots.FileName(last) + ".json"
	changed := 0
	for path, data := range before {
		if string(after[path]) == string(data) {
			continue
		}
		changed++
		switch {
		case path == lastFile:
			t.Errorf("%s, the work the cut came before, changed", path)
		case !strings.HasPrefix(path, snapshots.WorksDir+"/") && !strings.HasPrefix(path, snapshots.CountsDir+"/"):
			t.Errorf("%s changed: only the works written may", path)
		case !json.Valid(after[path]):
			t.Errorf("%s is not whole", path)
		}
	}
	if changed == 0 {
		t.Error("no work's file changed: the test writes nothing new")
	}
	if _, err := os.Stat(stray); err != nil {
		t.Errorf("the interrupted run pruned: %v", err)
	}
	want := fmt.Sprintf("while writing: %d of %d works written, each file whole; the rest, the index and links.json keep their previous files", n-1, n)
	if s := story(rep); !strings.Contains(s, want) {
		t.Errorf("the story does not say how far the writing got:\n%s", s)
	}
}

// cutWrite runs m on net up to its write phase, interrupts it, and cuts
// the writing before the last of its n works; rep is the run's story.
func cutWrite(t *testing.T, m *manifest.Manifest, net *fakeNet) (rn *run, rep *report.Report, n int) {
	t.Helper()
	rn, err := plan(testOptions(m, net, 4))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rn.closeScratch)
	rn.stop = func() {}
	if err := rn.fetch(context.Background()); err != nil {
		t.Fatal(err)
	}
	rn.hosts = hostFigures(rn.client.Stats())
	n = len(rn.w.works)
	interrupted, interrupt := context.WithCancel(context.Background())
	interrupt()
	if err := rn.write(interrupted, &cutAfter{Context: interrupted, n: n - 1}); err != nil {
		t.Fatal(err)
	}
	return rn, rn.story(), n
}

// TestWriteCutOfAFirstRunLeavesNothing: a first run whose writing is cut
// removes the works it wrote (all new: no index names them), so it leaves
// no file for check to reject.
func TestWriteCutOfAFirstRunLeavesNothing(t *testing.T) {
	m := newManifest(t, recordedManifest)
	_, rep, n := cutWrite(t, m, recordedNet(t))
	if files := snapshotsByPath(t, m.Snapshots); len(files) > 0 {
		t.Errorf("the cut first run left %d files:\n%s", len(files), folderBytes(t, m.Snapshots))
	}
	if c := rep.Cut; c == nil || c.Written != 0 || c.Withdrawn != n-1 || len(rep.Written) != 0 || len(rep.WorksAdded) != 0 {
		t.Errorf("cut %+v, written %v, added %v; want %d withdrawn and nothing written", c, rep.Written, rep.WorksAdded, n-1)
	}
	if s := story(rep); !strings.Contains(s, "nothing was written, the snapshot folder is as it was") {
		t.Errorf("the story does not say nothing was written:\n%s", s)
	}
}

// snapshotsByPath is every file under dir by slash path.
func snapshotsByPath(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return testtool.FilesUnder(t, dir)
}
