package orchestrator

import (
	"cmp"
	"context"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// story is a run's summary and hints as the CLI prints them, with the
// temporary snapshot folder replaced by a fixed name.
func story(rep *report.Report) string {
	var b strings.Builder
	rep.WriteSummary(&b)
	for _, h := range rep.Hints() {
		b.WriteString("hint: " + h + "\n")
	}
	return strings.ReplaceAll(b.String(), rep.Snapshots, "SNAPSHOTS")
}

// shortNet is recordedNet with Crossref down (502 on every attempt) and
// OpenAlex answering 403, its "slow down", until about stops asking it.
func shortNet(t *testing.T) *fakeNet {
	net := recordedNet(t)
	net.down("api.crossref.org", http.StatusBadGateway, "bad gateway")
	net.down("api.openalex.org", http.StatusForbidden, "")
	return net
}

// deterministic fixes the jitter seed, so the backoffs (and so the
// elapsed time) are the same on every run, and makes one call at a time:
// the instant clock is one sum of every host's waits, so a host's time
// is its own only when no other host's call overlaps it.
func deterministic(opts Options) Options {
	opts.Workers = 1
	opts.Seed = 1
	return opts
}

// TestSummaryGolden is the end-of-run story of the runs users meet: a
// first run, a rerun where nothing changed, a run with a host down and
// another stopping us, a run where a work changed and one left, an
// interrupted run, and a run without a contact e-mail.
func TestSummaryGolden(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/orchestrator/summary"), goldie.WithNameSuffix(".golden"))
	m := newManifest(t, recordedManifest)

	first := runOK(t, deterministic(testOptions(m, recordedNet(t), 4)))
	g.Assert(t, "first-run", []byte(story(first)))

	rerun := runOK(t, deterministic(testOptions(m, recordedNet(t), 4)))
	g.Assert(t, "rerun", []byte(story(rerun)))

	short := runOK(t, deterministic(testOptions(m, shortNet(t), 4)))
	g.Assert(t, "short", []byte(story(short)))
	js, err := snapshots.Encode(short.JSON())
	if err != nil {
		t.Fatal(err)
	}
	g.Assert(t, "short-report", []byte(strings.ReplaceAll(string(js), short.Snapshots, "SNAPSHOTS")))
	// The waits (their sum is elapsed_ms on the instant clock) repeat at
	// any number of workers: each host draws its jitter from its own
	// seeded source.
	for _, workers := range []int{2, 8} {
		opts := deterministic(testOptions(m, shortNet(t), workers))
		opts.Workers = workers
		if again := runOK(t, opts); again.Elapsed != short.Elapsed {
			t.Errorf("-j %d: elapsed %v, want %v as at -j 1", workers, again.Elapsed, short.Elapsed)
		}
	}

	smaller := strings.Replace(recordedManifest, "[[identity]]\ndoi = \"10.7554/eLife.01567\"\n", "", 1)
	if err := os.WriteFile(m.Path, []byte(smaller), 0o644); err != nil {
		t.Fatal(err)
	}
	m2 := newManifest(t, smaller)
	m2.Snapshots = m.Snapshots
	net := recordedNet(t)
	net.routes["api.crossref.org/works/10.1145/3448016.3452841"] = net.routes["api.crossref.org/works/10.1371/notarealdoi"]
	changed := runOK(t, deterministic(testOptions(m2, net, 4)))
	if !slices.Equal(changed.WorksChanged, []string{"doi:10.1145/3448016.3452841"}) || !slices.Equal(changed.WorksRemoved, []string{"doi:10.7554/elife.01567"}) {
		t.Errorf("changed %v, removed %v; want the Crossref work changed and eLife removed", changed.WorksChanged, changed.WorksRemoved)
	}
	g.Assert(t, "changed-and-removed", []byte(story(changed)))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	interrupted, err := Run(ctx, deterministic(testOptions(newManifest(t, recordedManifest), recordedNet(t), 4)))
	if err != nil {
		t.Fatal(err)
	}
	g.Assert(t, "interrupted", []byte(story(interrupted)))

	noMailto := runOK(t, deterministic(testOptions(newManifest(t, strings.Replace(recordedManifest, `mailto = "ada@example.org"`, "", 1)), recordedNet(t), 4)))
	g.Assert(t, "no-mailto", []byte(story(noMailto)))
}

// TestHintForAPIKey: a 403 from a host whose provider takes an API key
// names the key's variable, and says to check it when it was set.
func TestHintForAPIKey(t *testing.T) {
	m := newManifest(t, recordedManifest)
	without := runOK(t, deterministic(testOptions(m, shortNet(t), 4)))
	if h := strings.Join(without.Hints(), "\n"); !strings.Contains(h, "api.openalex.org answered 403: set OPENALEX_API_KEY") {
		t.Errorf("hints without a key:\n%s", h)
	}
	opts := deterministic(testOptions(m, shortNet(t), 4))
	opts.Getenv = func(k string) string {
		if k == "OPENALEX_API_KEY" {
			return "secret"
		}
		return ""
	}
	with := runOK(t, opts)
	h := strings.Join(with.Hints(), "\n")
	if !strings.Contains(h, "although OPENALEX_API_KEY is set") || strings.Contains(h, "secret") {
		t.Errorf("hints with a key set:\n%s", h)
	}
}

// TestPlannedLanesCarryCallsAndPace: a live view's ETA comes from the
// plans: calls per host and the least time they take at its interval
// (none in a replay, where nothing is paced).
func TestPlannedLanesCarryCallsAndPace(t *testing.T) {
	for _, paced := range []bool{true, false} {
		var mu sync.Mutex
		var plans []LanePlan
		opts := testOptions(newManifest(t, recordedManifest), recordedNet(t), 4)
		opts.NoPacing = !paced
		opts.Progress.Planned = func(lp LanePlan) {
			mu.Lock()
			plans = append(plans, lp)
			mu.Unlock()
		}
		runOK(t, opts)
		slices.SortFunc(plans, func(a, b LanePlan) int { return cmp.Or(strings.Compare(a.Host, b.Host), a.Jobs-b.Jobs) })
		want := []LanePlan{
			{Host: "api.crossref.org", Jobs: 0, Calls: 1, Pace: providers.Crossref().BatchInterval}, // the record's discovery listing: a request, no job
			{Host: "api.crossref.org", Jobs: 8, Calls: 1, Pace: providers.Crossref().BatchInterval}, // one list query, at Crossref's pace for those
			{Host: "api.openalex.org", Jobs: 0, Calls: 1, Pace: providers.OpenAlex().MinInterval},
			{Host: "api.openalex.org", Jobs: 8, Calls: 1, Pace: providers.OpenAlex().MinInterval},
			{Host: "pub.orcid.org", Jobs: 0, Calls: 2, Pace: 2 * providers.ORCID().MinInterval}, // the record's page of details and its name, once the summary lists its works
			{Host: "pub.orcid.org", Jobs: 1, Calls: 1, Pace: providers.ORCID().MinInterval},     // the record's works summary
		}
		if !paced {
			for i := range want {
				want[i].Pace = 0
			}
		}
		if !slices.Equal(plans, want) {
			t.Errorf("paced=%v: plans\n%+v\nwant\n%+v", paced, plans, want)
		}
	}
}

// TestHintWhatAKeyWouldChange: a run without OPENALEX_API_KEY says, once,
// what a key would change; a run with one says nothing about it.
func TestHintWhatAKeyWouldChange(t *testing.T) {
	for _, set := range []bool{false, true} {
		rep := &report.Report{RunFacts: report.RunFacts{Providers: providerFacts([]service.Spec{providers.OpenAlex()}), APIKeys: map[string]bool{"openalex": set}}}
		hints := strings.Join(rep.Hints(), "\n")
		if got := strings.Contains(hints, "no OPENALEX_API_KEY is set; a free key would give OpenAlex $1 a day"); got == set {
			t.Errorf("key set %v: hints %q", set, hints)
		}
	}
}

// TestNoKeyHintInAReplay: a replayed run sends no request to OpenAlex, so
// a key would change nothing and the hint would be noise in CI's logs.
func TestNoKeyHintInAReplay(t *testing.T) {
	m := newManifest(t, recordedManifest)
	opts := testOptions(m, recordedNet(t), 4)
	opts.Replay = true
	rep := runOK(t, opts)
	if hints := strings.Join(rep.Hints(), "\n"); strings.Contains(hints, "OPENALEX_API_KEY") {
		t.Errorf("hints %q in a replay", hints)
	}
	opts = testOptions(newManifest(t, recordedManifest), recordedNet(t), 4)
	if hints := strings.Join(runOK(t, opts).Hints(), "\n"); !strings.Contains(hints, "no OPENALEX_API_KEY is set") {
		t.Errorf("hints %q; want the key hint on a run that reaches OpenAlex", hints)
	}
}

// TestAuthorlessWorksWarnedOnce: works of an ORCID record that services
// answered about but none gave authors for are named in one warning of
// the report, per record; the files say nothing of it, and a work whose
// job came back short (that service may have the authors) is not named.
func TestAuthorlessWorksWarnedOnce(t *testing.T) {
	m := newManifest(t, recordedManifest)
	rep := runOK(t, testOptions(m, recordedNet(t), 4))
	var found []record.Warning
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "no authors at any service") {
			found = append(found, w)
		}
	}
	if len(found) != 1 || found[0].Identity != "orcid:0000-0002-9341-7985" || !strings.HasPrefix(found[0].Message, "8 works have no authors at any service: doi:10.3233/isu-130714, ") {
		t.Fatalf("warnings %+v, want one naming the record's 8 authorless works", found)
	}
	if strings.Contains(folderBytes(t, m.Snapshots), "no authors at any service") {
		t.Error("the warning was written into the snapshots")
	}
	// The story names five and "3 more"; the report lists all eight.
	if !strings.Contains(found[0].Message, "and 3 more") {
		t.Errorf("story message %q, want it kept short", found[0].Message)
	}
	i := slices.IndexFunc(rep.JSON().Warnings, func(w report.WarningReport) bool { return w.Message == found[0].Message })
	if i < 0 || len(rep.JSON().Warnings[i].Works) != 8 || !slices.Contains(rep.JSON().Warnings[i].Works, "doi:10.3233/isu-130714") {
		t.Errorf("report warnings %+v, want the authorless one listing all 8 works", rep.JSON().Warnings)
	}
	// With Crossref down, the DOIs' authors are unknown, not missing.
	net := recordedNet(t)
	net.down("api.crossref.org", 503, "down")
	rep, err := Run(context.Background(), testOptions(newManifest(t, recordedManifest), net, 4))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "no authors at any service") && strings.Contains(w.Message, "doi:") {
			t.Errorf("a work Crossref could not answer about is called authorless: %s", w.Message)
		}
	}
}
