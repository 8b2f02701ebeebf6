package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

func checkCommand(sys System) *cli.Command {
	flags := []cli.Flag{
		&cli.BoolFlag{Name: "offline", Usage: "only check the committed folder is canonical, complete and consistent; no network"},
		&cli.BoolFlag{Name: "ignore-counts", Usage: "do not report changed volatile counters (counts/)"},
		&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
		&cli.IntFlag{Name: "threads", Aliases: []string{"j"}, Value: orchestrator.DefaultWorkers, Usage: "hosts served at once when fetching"},
		&cli.StringFlag{Name: "replay", Usage: "fetch from `DIR` (written by about fetch --record) instead of the network", TakesFile: true},
		quietFlag(),
		reportFlag(),
	}
	return &cli.Command{
		Name:      "check",
		Usage:     "CI: are the committed snapshots canonical, complete and still current?",
		ArgsUsage: "MANIFEST",
		Description: `With --offline, checks with no network that the committed snapshot folder
is exactly what about fetch writes: every file canonical JSON, index.json
listing the manifest's identities and works in order, every work's file
present and no stray files, every work's merged record what its
sources and the manifest's [[override]]s give, and links.json (which
works the page shows as one entry) what the link pass gives from the
works and the manifest's [[link]]s: a hand edit fails, and so does an
[[override]], [[link]] or [[exclude]] not fetched yet. Each problem is
one line: path, then what. --report FILE writes the report, offline too.

Without --offline, it does that and also fetches everything again (into a
temporary copy; the committed folder is never written) and prints what a
fetch would change, as a diff per file: which field, which provider, old
and new (a fetch that came back short is never called current).
Bibliographic changes (works/) are listed apart from volatile counters
(counts/); --ignore-counts leaves the counters out.

Examples:
   about check --offline manifest.toml
   about check --quiet --report check.json manifest.toml
   about check --ignore-counts manifest.toml
   about check --replay recorded/ manifest.toml

Exit status: 0 all good; 1 a problem, a difference, or a fetch that came
back short; 2 usage or manifest error; 3 a file could not be read or
written; 130 interrupted.`,
		Flags: flags,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help check")
		},
		Action: func(c *cli.Context) error {
			path, err := manifestArg(c, "e.g. about check manifest.toml (about init writes a starter manifest)")
			if err != nil {
				return err
			}
			return runCheck(c.Context, checkOptions{
				Manifest:     path,
				Offline:      c.Bool("offline"),
				IgnoreCounts: c.Bool("ignore-counts"),
				Snapshots:    c.String("snapshots"),
				Threads:      c.Int("threads"),
				Replay:       c.String("replay"),
				Quiet:        c.Bool("quiet"),
				Report:       c.String("report"),
				Getenv:       sys.Getenv,
				Network:      sys.Network,
				Version:      sys.Version,
				Stdout:       c.App.Writer,
				Stderr:       c.App.ErrWriter,
			})
		},
	}
}

// checkOptions is everything `about check` runs with; the command's Action
// only fills it from the flags, so tests can call runCheck directly.
type checkOptions struct {
	Manifest     string // path of the manifest
	Offline      bool   // only check the committed folder; no network
	IgnoreCounts bool   // leave changed counters out of the verdict
	Snapshots    string // committed snapshot folder; "" for the manifest's
	Threads      int    // hosts served at once when fetching
	Replay       string // fetch from this recorded folder
	Quiet        bool   // no progress, no summary unless short
	Report       string // also write the run's report as JSON here
	Getenv       func(string) string
	Network      http.RoundTripper // the services when not replaying; nil is Go's default transport
	Version      string            // this build's, for the User-Agent
	Stdout       io.Writer         // problems and the diff
	Stderr       io.Writer         // progress, summary and hints
}

// runCheck is `about check`: the committed folder's problems, then (unless
// offline) what a fresh fetch would change.
func runCheck(ctx context.Context, o checkOptions) error {
	// The problems and the diff quote titles and values from the answers
	// and the folder; the example workflow puts them in a pull request.
	o.Stdout = termtext.NewWriter(o.Stdout)
	m, err := loadManifest(o.Manifest, o.Getenv)
	if err != nil {
		return err
	}
	dir := cmp.Or(o.Snapshots, m.Snapshots)
	// A newer about's folder is refused before anything is read or
	// fetched: an older check would misread what it does not know.
	if err := (snapshots.Dir{Root: dir}).Writable(); err != nil {
		hint, _ := schemaHint(err, o.Manifest)
		return ioError(err, hint)
	}
	// A folder fetch refuses is refused here in fetch's words: telling
	// what fetch would write there sends the user to that refusal.
	var foreign *snapshots.ForeignError
	if err := (snapshots.Dir{Root: dir}).Adoptable(); errors.As(err, &foreign) {
		return usageError(err, foreign.Hint())
	}
	if err := checkReportPath(o.Report); err != nil {
		return err
	}
	offline := check.Offline(m, dir)
	for _, msg := range offline.Unknown { // what render would leave out, as render says it
		fmt.Fprintf(o.Stderr, "about: warning: %s\n", msg)
	}
	lines := offline.Lines(dir) // what check says about the folder and the manifest, for the report too
	for _, l := range lines {
		fmt.Fprintln(o.Stdout, l)
	}
	if o.Offline {
		err := offlineVerdict(o, m, dir, offline)
		rep := &report.Report{RunFacts: report.RunFacts{Manifest: o.Manifest, Snapshots: dir}, FolderFacts: report.FolderFacts{Works: offline.Works, Links: offline.Links}}
		return withReport(o.Report, checkReport(rep, true, lines, err), err)
	}
	if len(offline.Problems) > 0 {
		fmt.Fprintln(o.Stdout)
	}
	rep, diff, err := fetchForCheck(ctx, o, m, dir)
	if err != nil {
		if rep != nil {
			return withReport(o.Report, checkReport(rep, false, lines, err), err)
		}
		return err
	}
	err = onlineVerdict(o, m, dir, offline, rep, diff)
	return withReport(o.Report, checkReport(rep, false, lines, err), err)
}

// offlineVerdict is check --offline's last word: its error, or nil after
// saying the folder is good.
func offlineVerdict(o checkOptions, m *manifest.Manifest, dir string, c check.Findings) error {
	if err := c.Err(m, dir); err != nil {
		return shortError(err, c.Hint())
	}
	fmt.Fprintf(o.Stdout, "%s is canonical, complete and consistent with the manifest\n", dir)
	return nil
}

// onlineVerdict prints what a fetch would change and is check's error,
// or nil when the folder is good and current. A comparison that came back
// short is never called current: what the short jobs cover was compared
// with the committed values kept in their place.
func onlineVerdict(o checkOptions, m *manifest.Manifest, dir string, c check.Findings, rep *report.Report, diff *check.Diff) error {
	err := onlineFailure(o, m, dir, c, rep, diff)
	switch {
	case rep.Incomplete() && diff.Empty(o.IgnoreCounts):
		diff.WriteChanges(o.Stdout, o.IgnoreCounts)
		fmt.Fprintln(o.Stdout, errNotShownCurrent)
	case err != nil && diff.Empty(o.IgnoreCounts):
		// The diff alone would say "current"; the verdict is not the diff's.
		diff.WriteChanges(o.Stdout, o.IgnoreCounts)
		fmt.Fprintln(o.Stdout, errCurrentButFailing)
	default:
		diff.WriteDiff(o.Stdout, o.IgnoreCounts)
	}
	return err
}

// onlineFailure is why an online check fails, nil when it passes.
func onlineFailure(o checkOptions, m *manifest.Manifest, dir string, c check.Findings, rep *report.Report, diff *check.Diff) error {
	if rep.Incomplete() {
		return shortError(errors.New("some jobs came back short, so the comparison is incomplete"),
			"the summary above names them; their committed values were used")
	}
	if err := c.Err(m, dir); err != nil {
		return shortError(err) // online, no hint: the lines above say what to do, each
	}
	switch {
	case rep.HeldBack():
		// The summary, printed whenever removals are held, names the
		// record and gives the command, its manifest quoted for a shell.
		return shortError(heldError(rep.Held), "the summary's hint above gives the command that removes those works if they really left")
	case !diff.Empty(o.IgnoreCounts):
		return shortError(check.ErrDiffers)
	}
	return nil
}

// heldError says which ORCID records dropped all or most of their works
// at once: the fetch behind check kept them, so the folder is not shown
// current, whatever the diff says.
func heldError(held []report.HeldRemoval) error {
	records := make([]string, len(held))
	for i, h := range held {
		records[i] = h.Record
	}
	return fmt.Errorf("%s dropped all or most of %s works at once; fetch keeps them until told to remove them", strings.Join(records, " and "), english.Plural(len(held), "its", "their"))
}

// errNotShownCurrent is the diff's last line when nothing differs but
// some jobs came back short.
const errNotShownCurrent = "snapshots not shown current: nothing that answered would change, but some jobs came back short, so what they cover was not compared"

// errCurrentButFailing is the diff's last line when nothing differs but
// the check fails for another reason (a problem in the folder, a record's
// removals held back), so the story never says "current" over exit 1.
const errCurrentButFailing = "snapshots not shown current: every value is what a fetch now writes, but the check fails for the reason it gives"

// fetchForCheck fetches everything again into a copy of dir and prints
// the run's summary; the committed folder is never written. The run's
// report comes back with an error when there is one.
func fetchForCheck(ctx context.Context, o checkOptions, m *manifest.Manifest, dir string) (*report.Report, *check.Diff, error) {
	if err := checkThreads(o.Threads); err != nil {
		return nil, nil, err
	}
	opts := orchestrator.Options{
		Manifest:         m,
		Workers:          o.Threads,
		Snapshots:        dir,
		UserAgent:        userAgent(o.Version, m.Mailto),
		ForeignUserAgent: userAgent(o.Version, ""),
		Getenv:           o.Getenv,
	}
	if _, err := useNetwork("", o.Replay, o.Network, &opts); err != nil {
		return nil, nil, err
	}
	view := startProgress(o.Quiet, o.Stderr, o.Getenv, &opts)
	var rep *report.Report
	fetched := false
	diff, err := check.Current(ctx, dir, func(ctx context.Context, into string) error {
		opts.Snapshots = into // the committed folder is never written
		var err error
		rep, err = orchestrator.Run(ctx, opts)
		fetched = err == nil
		return err
	})
	if rep != nil && fetched {
		rep.Snapshots = dir + " (fetched into a temporary copy)"
	}
	endProgress(o.Stderr, view, ctx.Err() != nil)
	if err := providerSetupError(err); err != nil {
		return nil, nil, err
	}
	if rep != nil {
		printSummary(o.Stderr, o.Quiet, rep)
	}
	if ctx.Err() != nil {
		return rep, nil, interruptedError(errors.New("interrupted; the committed snapshots were not touched"))
	}
	if err != nil {
		return rep, nil, runError(err)
	}
	return rep, diff, nil
}

// checkRunReport is check's --report: the run's report (for --offline, of
// a run that asked nothing) and check's own verdict.
type checkRunReport struct {
	report.RunReport
	Check checkVerdict `json:"check"`
}

// checkVerdict is what check found, as it printed it.
type checkVerdict struct {
	Offline  bool     `json:"offline"`  // --offline: nothing was fetched
	Passed   bool     `json:"passed"`   // check exits 0
	Problems []string `json:"problems"` // each line about the folder and the manifest, as printed; never null
	Error    string   `json:"error,omitempty"`
}

func checkReport(rep *report.Report, offline bool, lines []string, err error) checkRunReport {
	out := checkRunReport{RunReport: rep.JSON(), Check: checkVerdict{Offline: offline, Passed: err == nil, Problems: lines}}
	if out.Check.Problems == nil {
		out.Check.Problems = []string{}
	}
	if err != nil {
		out.Check.Error = err.Error()
	}
	if offline {
		// nothing was fetched, written or pruned
		out.Snapshots.Pruned, out.Snapshots.NotPruned = false, "check --offline writes nothing"
	}
	return out
}

// withReport writes the check's report to path (none when "") and
// returns check's error, or the report's when check had none.
func withReport(path string, r checkRunReport, err error) error {
	if path == "" {
		return err
	}
	if werr := writeJSONReport(path, r); werr != nil && err == nil {
		return werr
	}
	return err
}
